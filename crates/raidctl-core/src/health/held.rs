//! Drives that held data: a JBOD drive (on a Ceph host an OSD), a hot spare, a VD member. The
//! baseline remembers what each held, because a drive that fails or vanishes stops saying it
//! (a failed JBOD turns Unconfigured(bad), OpenManage calls it `Failed`, a pulled one is not
//! listed at all). What it held sets the urgency and the next step: such a drive is replaced,
//! never put back into service with `pd make-good` (that destroys the evidence, and on a JBOD
//! host hands a dead OSD's bay back as if it were good).

use super::{Baseline, DriveBaseline, Problem, Severity, cmd, drive_label, rule};
use crate::backend::snapshot::Snapshot;
use crate::model::{FirmwareState, LdState, PhysicalDrive};

/// What a `vd N` role says about the VD now: `Some(why)` when its data went with the drive
/// (the VD has no redundancy, is offline, or is gone from the controller with it).
fn vd_lost_with_it(snap: &Snapshot, e: &DriveBaseline, role: &str) -> Option<&'static str> {
    let target: u32 = role.strip_prefix("vd ")?.trim().parse().ok()?;
    match snap.logical_drive(e.adapter, target) {
        None => Some("the VD is gone with it"),
        Some(ld) if ld.raid_level.tolerated_failures_per_span() == Some(0) => {
            Some("the VD has no redundancy")
        }
        Some(ld) if ld.state == LdState::Offline => Some("the VD is offline"),
        Some(_) => None,
    }
}

/// ` carrying osd.1, osd.2`, or nothing.
fn carrying(osds: &[u32]) -> String {
    if osds.is_empty() {
        return String::new();
    }
    format!(
        " carrying {}",
        osds.iter()
            .map(|o| format!("osd.{o}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Drives that held something and are gone, their bay empty (the baseline remembers them):
/// a JBOD drive (on a Ceph host, an OSD) or the member of a VD whose data went with it (RAID0,
/// or a VD that is offline or gone) is CRITICAL; a spare or a member of a VD that is still
/// online is WARNING (that VD's own rule carries its urgency). Ends when the drive is seen
/// again, another fills its bay, or the operator forgets it.
pub(super) fn missing_drives(snap: &Snapshot, baseline: &Baseline, out: &mut Vec<Problem>) {
    for (_, e) in baseline.missing(snap) {
        let role = e.role.as_deref().unwrap_or("");
        let lost = vd_lost_with_it(snap, e, role);
        let severity = if role == "jbod" || lost.is_some() {
            Severity::Critical
        } else {
            Severity::Warning
        };
        let what = match role {
            "jbod" => "a JBOD drive".to_owned(),
            "spare" => "a hot spare".to_owned(),
            vd => format!(
                "a member of {}{}",
                vd.to_uppercase(),
                lost.map_or_else(String::new, |why| format!(" ({why})"))
            ),
        };
        let osds = if e.osds.is_empty() {
            String::new()
        } else {
            format!(",{}", carrying(&e.osds))
        };
        out.push(Problem {
            rule: rule::PD_MISSING,
            severity,
            adapter: Some(e.adapter),
            subject: format!("[{}]", e.address),
            message: format!(
                "[{}] (serial {}, {what}{osds}) is gone: the bay is empty; put it back, or replace it",
                e.address,
                e.serial.as_deref().unwrap_or("?")
            ),
            // Once it is known not to come back (and what it held is dealt with).
            suggestion: Some(format!(
                "raidctl inventory forget {} -a {}",
                e.address, e.adapter
            )),
        });
    }
}

/// A failed drive (Failed, Offline or Unconfigured(bad)) in no VD now whose recorded role says
/// it held data. A JBOD drive is `pd-jbod-failed`, CRITICAL, next `replace-drive` (with
/// `--osd N` when it carried exactly one OSD). A former spare or VD member keeps its rule and
/// severity but is never sent to `make-good`: `replace-drive` when a VD on the adapter waits
/// for a drive (it takes the bay), else `pd locate` to find the bay and swap the drive.
/// `None` leaves the drive to the plain state rules (it held nothing raidctl saw, or it is
/// foreign: that is looked at first).
pub(super) fn failed_data_drive(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    baseline: &Baseline,
) -> Option<Problem> {
    let failed = matches!(
        pd.firmware_state,
        FirmwareState::Failed | FirmwareState::Offline | FirmwareState::UnconfiguredBad
    );
    if !failed || pd.logical_drive.is_some() || pd.foreign == Some(true) {
        return None;
    }
    let b = baseline.get(pd)?;
    let role = b.role.as_deref()?;
    let (ad, e_s, label) = (pd.adapter, pd.address().megacli_arg(), drive_label(pd));
    let state = match pd.firmware_state {
        FirmwareState::UnconfiguredBad => "Unconfigured(bad)",
        ref other => other.as_str(),
    };
    if role == "jbod" {
        let next = match b.osds.as_slice() {
            [one] => format!("replace-drive {e_s} --osd {one}"),
            _ => format!("replace-drive {e_s}"),
        };
        return Some(Problem {
            rule: rule::PD_JBOD_FAILED,
            severity: Severity::Critical,
            adapter: Some(ad),
            subject: pd.address().to_string(),
            message: format!(
                "{label} was a JBOD drive{} and is {state} now: its data is gone from the controller",
                carrying(&b.osds)
            ),
            suggestion: cmd(ad, &next),
        });
    }
    let held = match role {
        "spare" => "a hot spare".to_owned(),
        vd => format!("a member of {}", vd.to_uppercase()),
    };
    let vd_waits = snap.missing.iter().any(|m| m.adapter == ad);
    Some(Problem {
        rule: if pd.firmware_state == FirmwareState::UnconfiguredBad {
            rule::PD_UNCONFIGURED_BAD
        } else {
            rule::PD_FAILED
        },
        severity: Severity::Warning,
        adapter: Some(ad),
        subject: pd.address().to_string(),
        message: format!("{label} was {held} and is {state} now: it failed; swap it"),
        suggestion: if vd_waits {
            cmd(ad, &format!("replace-drive {e_s}"))
        } else {
            cmd(ad, &format!("pd locate {e_s}"))
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{base, find, ld, pd};
    use super::super::{Baseline, Severity, evaluate, rule};
    use crate::model::{FirmwareState, LdState, MissingRow, RaidLevel};

    #[test]
    fn a_failed_jbod_drive_is_critical_whatever_the_tool_calls_it() {
        let mut s = base();
        s.physical_drives.push(pd(5, FirmwareState::Jbod));
        let mut b = Baseline::default();
        b.update_from(&s);
        // MegaCli/storcli say Unconfigured(bad); OpenManage says Failed.
        for state in [FirmwareState::UnconfiguredBad, FirmwareState::Failed] {
            s.physical_drives[2].firmware_state = state.clone();
            let mut b = b.clone();
            // As `check` does: the update keeps what the failed drive held.
            b.update_from(&s);
            let p = evaluate(&s, &b);
            let f = find(&p, rule::PD_JBOD_FAILED);
            assert_eq!(f.severity, Severity::Critical, "{state:?}");
            assert_eq!(
                f.suggestion.as_deref(),
                Some("raidctl replace-drive 32:5 -a 0"),
                "{state:?}"
            );
            assert!(
                p.iter().all(|p| p
                    .suggestion
                    .as_deref()
                    .is_none_or(|s| !s.contains("make-good"))),
                "{p:#?}"
            );
        }
    }

    #[test]
    fn a_failed_spare_is_swapped_never_made_good() {
        let mut s = base();
        s.physical_drives.push(pd(5, FirmwareState::Hotspare));
        let mut b = Baseline::default();
        b.update_from(&s);
        s.physical_drives[2].firmware_state = FirmwareState::UnconfiguredBad;
        b.update_from(&s);
        let u = find(&evaluate(&s, &b), rule::PD_UNCONFIGURED_BAD).clone();
        assert_eq!(u.severity, Severity::Warning);
        assert!(u.message.contains("was a hot spare"), "{}", u.message);
        assert_eq!(u.suggestion.as_deref(), Some("raidctl pd locate 32:5 -a 0"));
        // A VD waiting for a drive takes it: the replacement is the next step.
        s.missing.push(MissingRow::default());
        let u = find(&evaluate(&s, &b), rule::PD_UNCONFIGURED_BAD).clone();
        assert_eq!(
            u.suggestion.as_deref(),
            Some("raidctl replace-drive 32:5 -a 0")
        );
        // A drive raidctl never saw holding anything: make-good as before.
        let mut fresh = base();
        fresh
            .physical_drives
            .push(pd(6, FirmwareState::UnconfiguredBad));
        let u = find(&evaluate(&fresh, &b), rule::PD_UNCONFIGURED_BAD).clone();
        assert_eq!(
            u.suggestion.as_deref(),
            Some("raidctl pd make-good 32:6 -a 0")
        );
    }

    #[test]
    fn a_pulled_member_pages_when_its_vd_had_no_redundancy() {
        // VD 0 RAID 1 on slots 0-1, VD 1 RAID 0 on slot 2.
        let mut s = base();
        let mut r0 = pd(2, FirmwareState::Online);
        r0.logical_drive = Some(1);
        s.physical_drives.push(r0);
        s.logical_drives
            .push(ld(1, RaidLevel::Raid0, LdState::Optimal, &[2]));
        let mut b = Baseline::default();
        b.update_from(&s);
        let sev = |s: &crate::backend::snapshot::Snapshot, slot: &str| {
            evaluate(s, &b)
                .iter()
                .find(|p| p.rule == rule::PD_MISSING && p.subject == slot)
                .map(|p| (p.severity, p.message.clone()))
        };
        // A RAID 1 member: the VD's own rule carries the urgency.
        let mut one = s.clone();
        one.physical_drives.remove(1);
        one.logical_drives[0].state = LdState::Degraded;
        assert_eq!(sev(&one, "[32:1]").map(|x| x.0), Some(Severity::Warning));
        // The RAID 0 member, its VD offline or already gone from the controller.
        let mut r = s.clone();
        r.physical_drives.remove(2);
        r.logical_drives[1].state = LdState::Offline;
        let (severity, message) = sev(&r, "[32:2]").unwrap();
        assert_eq!(severity, Severity::Critical);
        assert!(
            message.contains("a member of VD 1 (the VD has no redundancy)"),
            "{message}"
        );
        r.logical_drives.remove(1);
        assert_eq!(sev(&r, "[32:2]").map(|x| x.0), Some(Severity::Critical));
    }
}
