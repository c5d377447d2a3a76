//! SMART's word on a drive: the problems its attributes and logs raise, and the sector counts
//! the Ceph sync reports too. Kept apart from [`super::pd_rules`], which decides when they apply.

use super::{Severity, cmd, rule};
use crate::model::{FirmwareState, PhysicalDrive};

/// What `status` says of a Ceph life expectancy raidctl set for the device on a drive.
pub(super) fn ceph_life_text(label: &str, le: &crate::model::CephLifeExpectancy) -> String {
    let day = |t: u64| crate::model::utc_time(t).get(..10).unwrap_or("").to_owned();
    let why: Vec<&str> = le.reasons.iter().map(|r| r.message.as_str()).collect();
    let mut s = format!(
        "{label}: raidctl told Ceph at {} that {} is expected to fail between {} and {} ({}); with mgr/devicehealth/self_heal Ceph marks the OSD out while it still reads",
        crate::model::utc_time(le.set_at_unix),
        le.devid,
        day(le.from_unix),
        day(le.to_unix),
        why.join("; ")
    );
    if let Some(t) = le.withdrawn_at_unix {
        s.push_str(&format!(
            "; someone removed it from Ceph (seen {}), and raidctl does not set it again for this drive",
            crate::model::utc_time(t)
        ));
    }
    s
}

/// The SMART rules (issue 41) for one drive; `risk` is the predictive-risk severity, message
/// tail and next step of the drive (Critical on a member at risk).
pub(super) fn smart_rules(
    pd: &PhysicalDrive,
    sm: &crate::smart::Smart,
    risk: (Severity, &str, &Option<String>),
    label: &str,
    push: &mut impl FnMut(&'static str, Severity, String, Option<String>),
) {
    use crate::smart as s;
    let (weak, risk_tail, weak_next) = risk;
    let ad = pd.adapter;
    if !sm.read_success {
        let gone = matches!(
            pd.firmware_state,
            FirmwareState::Failed | FirmwareState::Offline | FirmwareState::UnconfiguredBad
        );
        push(
            rule::SMART_READ_FAILED,
            if gone {
                Severity::Info
            } else {
                Severity::Warning
            },
            format!(
                "{label}: SMART not read through the controller: {}",
                sm.error.as_deref().unwrap_or("no reason given")
            ),
            cmd(ad, "collect"),
        );
        return;
    }
    if sm.passed == Some(false) {
        push(
            rule::SMART_FAILING,
            Severity::Critical,
            format!(
                "{label}: SMART overall health FAILED (the drive predicts its own failure){risk_tail}"
            ),
            cmd(ad, &format!("replace-drive {}", pd.address().megacli_arg())),
        );
    }
    if sm.self_test_passed == Some(false) {
        push(
            rule::SMART_SELF_TEST_FAILED,
            Severity::Warning,
            format!(
                "{label}: last SMART self-test failed ({})",
                sm.self_test.as_deref().unwrap_or("no result text")
            ),
            weak_next.clone(),
        );
    }
    let over = |v: Option<u64>, limit: u64| v.filter(|n| *n >= limit);
    // What grew since the previous read goes under its own rule: grown defects apart.
    let (grown, other): (Vec<&String>, Vec<&String>) =
        sm.grew.iter().partition(|g| g.starts_with("grown defects"));
    let since = |g: Vec<&String>| -> Vec<String> {
        g.iter()
            .map(|g| format!("{g} since the previous read"))
            .collect()
    };
    let mut sectors = smart_sector_counts(sm, "uncorrected errors (error counter logs)");
    sectors.extend(since(other));
    let mut defects: Vec<String> = over(sm.grown_defects, s::GROWN_DEFECTS_WARN)
        .map(|n| format!("{n} elements in the grown defect list"))
        .into_iter()
        .collect();
    defects.extend(since(grown));
    for (id, parts) in [
        (rule::SMART_SECTORS, sectors),
        (rule::SMART_GROWN_DEFECTS, defects),
    ] {
        if !parts.is_empty() {
            push(
                id,
                weak,
                format!("{label}: SMART {}{risk_tail}", parts.join(", ")),
                weak_next.clone(),
            );
        }
    }
    if let (Some(t), Some(trip)) = (sm.temperature_c, sm.temperature_trip_c) {
        if t >= trip {
            push(
                rule::SMART_TEMPERATURE,
                Severity::Critical,
                format!("{label}: {t} °C, at or above its trip point {trip} °C"),
                cmd(ad, "status"),
            );
        } else if t >= trip - s::TEMPERATURE_MARGIN_C {
            push(
                rule::SMART_TEMPERATURE,
                Severity::Warning,
                format!(
                    "{label}: {t} °C, within {} °C of its trip point {trip} °C",
                    s::TEMPERATURE_MARGIN_C
                ),
                cmd(ad, "status"),
            );
        }
    }
    if let Some(p) = over(sm.percentage_used, s::WEAR_WARN_PCT) {
        push(
            rule::SMART_WEAR,
            Severity::Warning,
            format!("{label}: {p}% of its rated life used"),
            weak_next.clone(),
        );
    }
}

/// The SMART sector and error counts at or past their warning levels (`3 reallocated
/// sectors`), as the findings and the reasons given to Ceph say them; `uncorrected` names the
/// SAS error count.
pub(crate) fn smart_sector_counts(sm: &crate::smart::Smart, uncorrected: &str) -> Vec<String> {
    use crate::smart as s;
    let over = |v: Option<u64>, limit: u64| v.filter(|n| *n >= limit);
    [
        (
            sm.reallocated_sectors,
            s::REALLOCATED_WARN,
            "reallocated sectors",
        ),
        (sm.pending_sectors, s::PENDING_WARN, "pending sectors"),
        (
            sm.offline_uncorrectable,
            s::OFFLINE_UNCORRECTABLE_WARN,
            "offline-uncorrectable sectors",
        ),
        (sm.uncorrected_errors, s::UNCORRECTED_WARN, uncorrected),
    ]
    .into_iter()
    .filter_map(|(v, limit, what)| over(v, limit).map(|n| format!("{n} {what}")))
    .collect()
}
