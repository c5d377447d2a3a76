//! Parts of [`super::ld_rules`]: what the members say, the offline VD's message and next
//! step, and the VD's running operations.

use super::{
    Severity, cmd, is_foreign_adapter, member_label, members, missing_row_next_step,
    missing_rows_of, progress_text, rebuild_percent, rule,
};
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, FirmwareState, LogicalDrive, PhysicalDrive, ProgressKind};

/// The VD's detail (RAID level, members not online, missing rows), the next step (watch a
/// rebuild, else replace a failed member or fill a missing row) and whether every member is
/// online or rebuilding (nothing left for the operator to do).
pub(super) fn details(snap: &Snapshot, ld: &LogicalDrive) -> (String, Option<String>, bool) {
    let ad = ld.adapter;
    let mut details = Vec::new();
    let mut suggestion = None;
    let mut fallback = None;
    for pd in members(snap, ld) {
        let addr = pd.address();
        match &pd.firmware_state {
            FirmwareState::Online => {}
            FirmwareState::Rebuild => {
                let pct =
                    rebuild_percent(snap, ad, addr).map_or_else(String::new, |p| format!(" {p}%"));
                details.push(format!("{addr} rebuilding{pct}"));
                suggestion = suggestion
                    .or_else(|| cmd(ad, &format!("rebuild watch {}", addr.megacli_arg())));
            }
            other => {
                details.push(format!("{} {}", member_label(pd), other.as_str()));
                if matches!(other, FirmwareState::Failed | FirmwareState::Offline) {
                    fallback = fallback
                        .or_else(|| cmd(ad, &format!("replace-drive {}", addr.megacli_arg())));
                }
            }
        }
    }
    for (array, row) in missing_rows_of(snap, ld) {
        details.push(format!("array {array} row {row} missing"));
        fallback = fallback.or_else(|| missing_row_next_step(snap, ad));
    }
    // Every member online or being rebuilt, none missing: the operator's part is done and
    // redundancy comes back by itself (check_raid's default for a resync is WARNING too).
    let only_rebuilding = fallback.is_none()
        && suggestion.is_some()
        && members(snap, ld).iter().all(|p| {
            matches!(
                p.firmware_state,
                FirmwareState::Online | FirmwareState::Rebuild
            )
        });
    let suggestion = suggestion.or(fallback);
    let detail = if details.is_empty() {
        ld.raid_level.as_str().to_owned()
    } else {
        format!("{}, {}", ld.raid_level.as_str(), details.join(", "))
    };
    (detail, suggestion, only_rebuilding)
}

/// The message and next step of an offline VD: a foreign adapter, a VD without redundancy that
/// lost its one drive (replaced and recreated), or anything else.
pub(super) fn offline(
    snap: &Snapshot,
    ld: &LogicalDrive,
    label: &str,
    detail: &str,
) -> (String, Option<String>) {
    let ad = ld.adapter;
    let no_redundancy = ld.raid_level.tolerated_failures_per_span() == Some(0);
    let dead: Vec<DriveAddress> = members(snap, ld)
        .into_iter()
        .filter(|p| {
            matches!(
                p.firmware_state,
                FirmwareState::Failed | FirmwareState::Offline
            )
        })
        .map(PhysicalDrive::address)
        .collect();
    if is_foreign_adapter(snap, ad) {
        (
            format!("{label} offline ({detail}): data inaccessible"),
            cmd(ad, "foreign show"),
        )
    } else if let (true, [d]) = (no_redundancy, dead.as_slice()) {
        (
            format!(
                "{label} offline ({detail}): data inaccessible, and a {} has nothing to rebuild from: replace {d} (the VD is recreated as it was) or force it online",
                ld.raid_level.as_str()
            ),
            cmd(ad, &format!("replace-drive {}", d.megacli_arg())),
        )
    } else {
        (
            format!("{label} offline ({detail}): data inaccessible"),
            cmd(ad, "collect"),
        )
    }
}

/// The VD's background initialization, initialization and reconstruction in progress.
pub(super) fn progress_rules(
    snap: &Snapshot,
    ld: &LogicalDrive,
    label: &str,
    push: &mut impl FnMut(&'static str, Severity, String, Option<String>),
) {
    let ad = ld.adapter;
    for p in snap.progress.iter().filter(|p| {
        p.adapter == ad
            && p.in_progress
            && p.drive.is_none()
            && (p.logical_drive == Some(ld.number) || p.logical_drive == Some(ld.target_id))
    }) {
        let (rule, severity) = match p.kind {
            ProgressKind::BackgroundInit | ProgressKind::Initialization => {
                (rule::LD_INITIALIZING, Severity::Warning)
            }
            ProgressKind::Reconstruction => (rule::LD_RECONSTRUCTION, Severity::Info),
            _ => continue,
        };
        push(
            rule,
            severity,
            format!(
                "{label} {} {}{}",
                p.kind.as_str().replace('_', " "),
                p.percent
                    .map_or_else(|| "running".into(), |v| format!("{v}%")),
                progress_text(p.percent, p.elapsed_minutes)
            ),
            None,
        );
    }
}
