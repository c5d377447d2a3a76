//! What `raidctl ceph sync` did (or, with `--dry-run`, would do): one block per device, or
//! one JSON document.

use crate::health::ceph_sync::{Action, Verb};
use serde::Serialize;

/// Layout version of the `ceph sync --format json` document.
pub const SYNC_SCHEMA: u32 = 1;

/// `raidctl ceph sync --format json`.
#[derive(Debug, Serialize)]
pub struct SyncDoc<'a> {
    /// [`SYNC_SCHEMA`].
    pub schema_version: u32,
    /// Nothing was changed.
    pub dry_run: bool,
    /// Whether every command succeeded.
    pub ok: bool,
    /// Every decision, with its command and result.
    pub actions: &'a [Action],
}

/// The text report: a block per action, then what was changed. With `quiet`, a run that
/// has nothing to report prints nothing.
pub fn render(actions: &[Action], dry_run: bool, quiet: bool) -> String {
    let mut out = String::new();
    if actions.is_empty() {
        if !quiet {
            out.push_str("Nothing to do: no OSD of this host sits on a drive at risk, and no life expectancy raidctl set is left in Ceph.\n");
        }
        return out;
    }
    for a in actions {
        let osds: Vec<String> = a.osds.iter().map(|o| format!("osd.{o}")).collect();
        let drives: Vec<String> = a
            .drives
            .iter()
            .map(|d| match &d.serial {
                Some(s) => format!("{} serial {s}", d.address),
                None => d.address.to_string(),
            })
            .collect();
        out.push_str(&format!(
            "{:<9} {} ({}{}{})\n",
            a.action.as_str(),
            crate::escape::escape(a.devid.as_deref().unwrap_or("(no verified device)")),
            osds.join(", "),
            a.vd.map_or_else(String::new, |v| format!(", VD {v}")),
            if drives.is_empty() {
                String::new()
            } else {
                format!(", {}", drives.join(" "))
            }
        ));
        let pad = "          ";
        out.push_str(&format!("{pad}{}\n", crate::escape::escape(&a.why)));
        if matches!(
            a.action,
            Verb::Set | Verb::Skip | Verb::Keep | Verb::Withdrawn
        ) {
            for r in &a.reasons {
                out.push_str(&format!(
                    "{pad}at risk: {} [{}]\n",
                    crate::escape::escape(&r.message),
                    r.rule
                ));
            }
        }
        if let Some(w) = a.window {
            out.push_str(&format!("{pad}failure window {w}\n"));
        }
        if let Some(c) = &a.command {
            out.push_str(&format!(
                "{pad}{}: {}\n",
                crate::escape::escape(c),
                crate::escape::escape(a.result.as_deref().unwrap_or("not run"))
            ));
        }
    }
    let changes = actions.iter().filter(|a| a.runs()).count();
    let done = actions
        .iter()
        .filter(|a| a.result.as_deref() == Some("done"))
        .count();
    let failed = actions
        .iter()
        .filter(|a| a.result.as_deref().is_some_and(|r| r.starts_with("failed")))
        .count();
    out.push_str(&if dry_run {
        format!("Dry run: {changes} Ceph command(s) would run; nothing was changed.\n")
    } else if failed > 0 {
        format!("{done} change(s) made in Ceph, {failed} failed.\n")
    } else {
        format!("{done} change(s) made in Ceph.\n")
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_to_do_is_said_unless_quiet() {
        assert!(render(&[], false, false).starts_with("Nothing to do"));
        assert!(render(&[], false, true).is_empty());
    }
}
