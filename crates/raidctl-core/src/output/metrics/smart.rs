//! The `raidctl_pd_smart_*` series (issue 41): SMART read through the controller.

use super::{Families, flag, num, osd_label, pd_labels};
use crate::model::PhysicalDrive;

/// The `raidctl_pd_smart_*` series of one drive (issue 41): labelled as the other drive
/// series plus serial, WWN and OSD, so an alert names the drive to pull.
pub(super) fn series(f: &mut Families, pd: &PhysicalDrive, sm: &crate::smart::Smart, now: u64) {
    let mut l = pd_labels(pd);
    l.extend([
        ("wwn", pd.wwn.clone().unwrap_or_default()),
        ("osd", osd_label(&pd.osd)),
    ]);
    f.add(
        "pd_smart_read_success",
        "1 when smartctl read the drive's SMART through the controller, 0 when it could not (see raidctl check).",
        l.clone(),
        flag(sm.read_success),
    );
    f.add(
        "pd_smart_age_seconds",
        "Age of the SMART read (cached for --smart-max-age).",
        l.clone(),
        num(now.saturating_sub(sm.read_at_unix)),
    );
    if let Some(e) = sm.exit_status {
        f.add(
            "pd_smart_exit_status",
            "smartctl's exit status, a bitmask (smartctl(8) RETURN VALUES).",
            l.clone(),
            f64::from(e),
        );
    }
    if !sm.read_success {
        return;
    }
    if let Some(p) = sm.passed {
        f.add(
            "pd_smart_ok",
            "1 when the SMART overall health passed, 0 when it FAILED (a SMART trip).",
            l.clone(),
            flag(p),
        );
    }
    if let Some(p) = sm.self_test_passed {
        f.add(
            "pd_smart_self_test_ok",
            "1 when the last SMART self-test completed without error, 0 when it failed.",
            l.clone(),
            flag(p),
        );
    }
    #[allow(clippy::cast_precision_loss)]
    let signed = |v: i64| v as f64;
    if let Some(t) = sm.temperature_c {
        f.add(
            "pd_smart_temperature_celsius",
            "Drive temperature from SMART.",
            l.clone(),
            signed(t),
        );
    }
    if let Some(t) = sm.temperature_trip_c {
        f.add(
            "pd_smart_temperature_trip_celsius",
            "The drive's own trip temperature (SCSI drive trip, ATA SCT limit).",
            l.clone(),
            signed(t),
        );
    }
    let gauges: [(&'static str, &'static str, Option<u64>); 8] = [
        (
            "pd_smart_power_on_seconds",
            "Power-on time (SMART counts hours; in seconds as Prometheus base units want).",
            sm.power_on_hours.map(|h| h.saturating_mul(3600)),
        ),
        (
            "pd_smart_percentage_used",
            "Percentage of the rated life used (SSDs; may exceed 100).",
            sm.percentage_used,
        ),
        (
            "pd_smart_reallocated_sectors",
            "ATA attribute 5 Reallocated_Sector_Ct (raw).",
            sm.reallocated_sectors,
        ),
        (
            "pd_smart_pending_sectors",
            "ATA attribute 197 Current_Pending_Sector (raw).",
            sm.pending_sectors,
        ),
        (
            "pd_smart_offline_uncorrectable",
            "ATA attribute 198 Offline_Uncorrectable (raw).",
            sm.offline_uncorrectable,
        ),
        (
            "pd_smart_reported_uncorrect",
            "ATA attribute 187 Reported_Uncorrect (raw).",
            sm.reported_uncorrect,
        ),
        (
            "pd_smart_grown_defects",
            "SCSI grown defect list entries.",
            sm.grown_defects,
        ),
        (
            "pd_smart_uncorrected_errors",
            "SCSI error counter logs: uncorrected read, write and verify errors.",
            sm.uncorrected_errors,
        ),
    ];
    for (name, help, v) in gauges {
        if let Some(v) = v {
            f.add(name, help, l.clone(), num(v));
        }
    }
}
