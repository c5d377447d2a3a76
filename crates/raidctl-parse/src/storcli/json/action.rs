//! What a command did: the action a `Command Status` description names. Kept apart from the
//! walk of `Response Data`, which never depends on it.

use super::Walker;
use raidctl_model::{ActionKind, ActionResult, DriveAddress};

impl Walker {
    pub(super) fn action(
        &mut self,
        adapter: u32,
        desc: &str,
        success: bool,
        drive: Option<DriveAddress>,
    ) {
        let d = desc.to_ascii_lowercase();
        let has = |w: &str| d.contains(w);
        let (kind, new_state) = if has("set drive") || has("set pd") {
            let state = ["offline", "online", "good", "missing", "jbod", "bad"]
                .iter()
                .find(|s| d.contains(&format!("drive {s}")) || d.contains(&format!("pd {s}")))
                .map(|s| (*s).to_owned());
            match (state.as_deref(), success) {
                (Some("missing"), true) => (ActionKind::MarkedMissing, state),
                (_, true) => (ActionKind::StateChanged, state),
                (_, false) => (ActionKind::StateChangeFailed, state),
            }
        } else if has("hot spare") || has("hotspare") {
            if has("delete") || has("remove") {
                (ActionKind::HotspareRemoved, None)
            } else {
                (ActionKind::HotspareSet, None)
            }
        } else if has("locate") {
            if has("stop") {
                (ActionKind::LocateStopped, None)
            } else {
                (ActionKind::LocateStarted, None)
            }
        } else if has("rebuild") && !has("show") {
            if has("stop") {
                (ActionKind::RebuildStopped, None)
            } else {
                (ActionKind::RebuildStarted, None)
            }
        } else if has("copyback") && !has("show") {
            if has("stop") {
                (ActionKind::CopybackStopped, None)
            } else {
                (ActionKind::CopybackStarted, None)
            }
        } else if has("add vd") {
            if success {
                (ActionKind::VdCreated, None)
            } else {
                (ActionKind::ConfigureFailed, None)
            }
        } else if has("delete vd") {
            (ActionKind::VdDeleted, None)
        } else if has("insert") {
            if success {
                (ActionKind::ReplacedMissing, None)
            } else {
                (ActionKind::ReplaceMissingFailed, None)
            }
        } else if has("import") && has("foreign") {
            (ActionKind::ForeignImported, None)
        } else if has("delete") && has("foreign") {
            if success {
                (ActionKind::ForeignCleared, None)
            } else {
                (ActionKind::ForeignClearFailed, None)
            }
        } else if has("spin down") || has("spin up") {
            (ActionKind::PropertySet, None)
        } else {
            return;
        };
        self.doc.actions.push(ActionResult {
            adapter: Some(adapter),
            kind,
            success,
            drive,
            new_state,
            logical_drive: None,
            array_row: None,
            message: desc.to_owned(),
        });
    }
}
