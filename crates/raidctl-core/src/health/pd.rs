//! Parts of [`super::pd_rules`]: the firmware state's problem and the severity of a drive's
//! weaknesses (critical on a member of a VD that already lost redundancy).

use super::{Severity, cmd, members, progress_text, rule};
use crate::backend::snapshot::Snapshot;
use crate::model::{FirmwareState, LdState, PhysicalDrive, ProgressKind};

/// The problem of `pd`'s firmware state: failed or offline, rebuilding, receiving a copyback,
/// unconfigured bad, or unrecognised.
pub(super) fn state_rule(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    label: &str,
    push: &mut impl FnMut(&'static str, Severity, String, Option<String>),
) {
    let ad = pd.adapter;
    let addr = pd.address();
    let e_s = addr.megacli_arg();
    match &pd.firmware_state {
        FirmwareState::Failed | FirmwareState::Offline => push(
            rule::PD_FAILED,
            Severity::Warning,
            format!("{label} is {}", pd.firmware_state.as_str()),
            cmd(ad, &format!("replace-drive {e_s}")),
        ),
        FirmwareState::Rebuild => {
            let p = snap.progress.iter().find(|p| {
                p.adapter == ad && p.drive == Some(addr) && p.kind == ProgressKind::Rebuild
            });
            let progress = match p {
                Some(p) => format!(
                    "{}{}",
                    p.percent
                        .map_or_else(|| "progress unknown".into(), |v| format!("{v}%")),
                    progress_text(p.percent, p.elapsed_minutes)
                ),
                None => "progress not read".into(),
            };
            push(
                rule::PD_REBUILD,
                Severity::Warning,
                format!("{label} rebuilding: {progress}"),
                cmd(ad, &format!("rebuild watch {e_s}")),
            );
        }
        FirmwareState::Copyback => {
            let p = snap.progress.iter().find(|p| {
                p.adapter == ad && p.drive == Some(addr) && p.kind == ProgressKind::Copyback
            });
            let progress = p.map_or_else(String::new, |p| {
                format!(
                    ": {}{}",
                    p.percent
                        .map_or_else(|| "running".into(), |v| format!("{v}%")),
                    progress_text(p.percent, p.elapsed_minutes)
                )
            });
            push(
                rule::PD_COPYBACK,
                Severity::Warning,
                format!("{label} receiving a copyback{progress}"),
                None,
            );
        }
        FirmwareState::UnconfiguredBad => push(
            rule::PD_UNCONFIGURED_BAD,
            Severity::Warning,
            format!(
                "{label} is Unconfigured(bad){}",
                if pd.foreign == Some(true) {
                    " and carries foreign metadata"
                } else {
                    ""
                }
            ),
            if pd.foreign == Some(true) {
                cmd(ad, "foreign show")
            } else {
                cmd(ad, &format!("pd make-good {e_s}"))
            },
        ),
        FirmwareState::Unknown(raw) => push(
            rule::PD_STATE_UNKNOWN,
            Severity::Warning,
            format!("{label} in unrecognised firmware state {raw:?}"),
            cmd(ad, "collect"),
        ),
        FirmwareState::Online
        | FirmwareState::UnconfiguredGood
        | FirmwareState::Hotspare
        | FirmwareState::Jbod => {}
    }
}

/// The severity, the message tail and the next step of `pd`'s weaknesses (predictive
/// failures, SMART alert, media errors): critical on an online member of a VD that already
/// lost redundancy, its failed member replaced first; a warning otherwise.
pub(super) fn weakness(snap: &Snapshot, pd: &PhysicalDrive) -> (Severity, String, Option<String>) {
    let ad = pd.adapter;
    let e_s = pd.address().megacli_arg();
    let at_risk = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(ad, t))
        .filter(|ld| {
            pd.firmware_state == FirmwareState::Online
                && matches!(ld.state, LdState::Degraded | LdState::PartiallyDegraded)
        });
    match at_risk {
        Some(ld) => (
            Severity::Critical,
            format!(
                " [member-at-risk: VD {} is already {}; if this drive fails too, {}]",
                ld.target_id,
                ld.state.as_str().replace('_', " "),
                if ld.state == LdState::Degraded {
                    "the VD goes offline"
                } else {
                    "no redundancy is left"
                }
            ),
            members(snap, ld)
                .into_iter()
                .find(|m| {
                    matches!(
                        m.firmware_state,
                        FirmwareState::Failed | FirmwareState::Offline
                    )
                })
                .map_or_else(
                    || cmd(ad, "status"),
                    |m| cmd(ad, &format!("replace-drive {}", m.address().megacli_arg())),
                ),
        ),
        None => (
            Severity::Warning,
            String::new(),
            cmd(ad, &format!("replace-drive {e_s}")),
        ),
    }
}
