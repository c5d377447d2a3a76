//! The controller's battery or CacheVault: its problems, and the VDs whose cache is write-back
//! now and would lose what it holds if the battery failed.

use super::{Problem, Severity, cmd, rule};
use crate::backend::snapshot::Snapshot;
use crate::model::{BatteryState, ChargingStatus};

/// Target ids of the VDs on `adapter` that cache writes now (write-back current, not default).
fn write_back_now(snap: &Snapshot, adapter: u32) -> Vec<u32> {
    snap.logical_drives
        .iter()
        .filter(|ld| ld.adapter == adapter)
        .filter(|ld| {
            ld.current_cache_policy
                .as_deref()
                .and_then(|p| p.split(',').next())
                .is_some_and(|first| {
                    let s = crate::model::squash_text(first);
                    s == "writeback" || s == "wb" || s == "alwayswriteback" || s == "awb"
                })
        })
        .map(|ld| ld.target_id)
        .collect()
}

pub(super) fn bbu_rules(snap: &Snapshot, out: &mut Vec<Problem>) {
    for b in &snap.bbus {
        let ad = b.adapter;
        let said_present = snap
            .adapters
            .iter()
            .find(|a| a.adapter == ad)
            .and_then(|a| a.bbu_present);
        let mut push = |rule, severity, message: String, suggestion| {
            out.push(Problem {
                rule,
                severity,
                adapter: Some(ad),
                subject: "BBU".into(),
                message,
                suggestion,
            });
        };
        if b.status_failed {
            // No battery, or one the firmware cannot read: only a problem when the adapter
            // insists one is fitted.
            if said_present == Some(true) {
                push(
                    rule::BBU_UNREADABLE,
                    Severity::Warning,
                    format!("adapter {ad} reports a BBU but its status cannot be read"),
                    cmd(ad, "collect"),
                );
            }
            continue;
        }
        if said_present == Some(false) {
            continue;
        }
        let kind = b.battery_type.as_deref().unwrap_or("battery");
        if b.pack_missing == Some(true) || b.state == BatteryState::Missing {
            push(
                rule::BBU_MISSING,
                Severity::Warning,
                format!(
                    "adapter {ad}: {kind} pack missing; write-back caching is unprotected or off"
                ),
                cmd(ad, "collect"),
            );
            continue;
        }
        let mut reasons = Vec::new();
        if b.replacement_required == Some(true) {
            reasons.push("replacement required".to_owned());
        }
        if b.about_to_fail == Some(true) {
            reasons.push("pack about to fail".to_owned());
        }
        if b.soh_good == Some(false) {
            reasons.push("state of health bad".to_owned());
        }
        if b.state == BatteryState::Failed {
            reasons.push("state failed".to_owned());
        }
        if !reasons.is_empty() {
            if let (Some(full), Some(design)) = (b.full_charge_capacity_mah, b.design_capacity_mah)
            {
                reasons.push(format!("full charge {full} of {design} mAh"));
            }
            let wb = write_back_now(snap, ad);
            let (severity, tail) = if wb.is_empty() {
                (
                    Severity::Warning,
                    "; caching falls back to write-through".to_owned(),
                )
            } else {
                let vds: Vec<String> = wb.iter().map(|t| format!("VD {t}")).collect();
                (
                    Severity::Critical,
                    format!(
                        "; {} still in write-back: cached writes are lost on power failure",
                        vds.join(", ")
                    ),
                )
            };
            push(
                rule::BBU_REPLACE,
                severity,
                format!(
                    "adapter {ad}: {kind} needs replacement ({}){tail}",
                    reasons.join(", ")
                ),
                cmd(ad, "collect"),
            );
            continue;
        }
        let busy = matches!(
            b.charging,
            ChargingStatus::Charging | ChargingStatus::Discharging
        ) || b.learn_cycle_active == Some(true);
        match &b.state {
            BatteryState::Degraded if !busy => push(
                rule::BBU_DEGRADED,
                Severity::Warning,
                format!(
                    "adapter {ad}: {kind} degraded while not charging and not learning{}",
                    b.relative_charge_pct
                        .map_or_else(String::new, |c| format!(" (charge {c}%)"))
                ),
                cmd(ad, "collect"),
            ),
            BatteryState::Unknown(raw) if !raw.is_empty() => push(
                rule::BBU_STATE_UNKNOWN,
                Severity::Info,
                format!("adapter {ad}: {kind} in unrecognised state {raw:?}"),
                None,
            ),
            _ => {}
        }
    }
}
