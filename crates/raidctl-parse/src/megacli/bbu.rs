//! `-AdpBbuCmd` and `-AdpBbuCmd -GetBbuStatus`.

use super::Understood;
use crate::fields::{Record, leading_u64};
use crate::lex::{self, Line};
use raidctl_model::{BatteryState, Bbu, ChargingStatus, Document};

/// `BBU status for Adapter: 0`, `BBU Capacity Info for Adapter: 0`, ... → 0.
fn section_adapter(t: &str) -> Option<u32> {
    let at = t.find("for Adapter")?;
    let rest = t[at + 11..].trim_start_matches([':', ' ']);
    leading_u64(rest).and_then(|v| u32::try_from(v).ok())
}

pub(crate) fn parse(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut open: Option<(u32, Record<'_>)> = None;
    let mut in_fw_error = false;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() {
            in_fw_error = false;
            continue;
        }
        if lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        // `FW error description:` and the text under it belong to the trailer, not a battery.
        if t.starts_with("FW error description") {
            in_fw_error = true;
            understood += 1;
            continue;
        }
        if in_fw_error {
            understood += 1;
            continue;
        }
        if let Some(a) = section_adapter(t) {
            if open.as_ref().is_none_or(|(cur, _)| *cur != a) {
                flush(&mut open, doc);
                open = Some((a, Record::new(line.no)));
            }
            understood += 1;
            continue;
        }
        if t.contains("Get BBU Status Failed") || t.contains("Get BBU Info Failed") {
            let a = t
                .strip_prefix("Adapter ")
                .and_then(leading_u64)
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(0);
            flush(&mut open, doc);
            doc.bbus.push(Bbu {
                adapter: a,
                status_failed: true,
                ..Bbu::default()
            });
            understood += 1;
            continue;
        }
        if let Some((k, v)) = lex::split_kv(t) {
            let (_, r) = open.get_or_insert_with(|| (0, Record::new(line.no)));
            r.push(k, v, line.text, line.no);
            understood += 1;
        }
    }
    flush(&mut open, doc);
    understood
}

fn flush(open: &mut Option<(u32, Record<'_>)>, doc: &mut Document) {
    let Some((adapter, mut r)) = open.take() else {
        return;
    };
    let w = &mut doc.warnings;
    let mut b = Bbu {
        adapter,
        ..Bbu::default()
    };
    b.battery_type = r.text("batterytype");
    b.voltage_mv = r.u32("voltage", w);
    b.current_ma = r.i64("current", w).and_then(|v| i32::try_from(v).ok());
    b.temperature_c = r.i64("temperature", w).and_then(|v| i32::try_from(v).ok());
    if let Some(f) = r.take_field("batterystate") {
        if !f.value.is_empty() {
            b.state = BatteryState::from_text(f.value);
            b.state_raw = Some(f.value.to_owned());
        }
    }
    if let Some(c) = r.text("chargingstatus") {
        b.charging = ChargingStatus::from_text(&c);
    }
    b.learn_cycle_active = r.bool("learncycleactive", w);
    b.learn_cycle_requested = r.bool("learncyclerequested", w);
    b.learn_cycle_status = r.text("learncyclestatus");
    b.pack_missing = r.bool("batterypackmissing", w);
    b.replacement_required = r.bool("batteryreplacementrequired", w);
    b.capacity_low = r.bool("remainingcapacitylow", w);
    b.about_to_fail = r.bool("packisabouttofailshouldbereplaced", w);
    b.soh_good = r.bool("issohgood", w);
    b.relative_charge_pct = r
        .u32("relativestateofcharge", w)
        .and_then(|v| u8::try_from(v).ok());
    b.full_charge_capacity_mah = r.u32("fullchargecapacity", w);
    b.design_capacity_mah = r.u32("designcapacity", w);
    if b.state.is_unknown() && b.state_raw.is_none() {
        // Old firmware prints an empty `Battery state:`; derive it from the flags.
        b.state = if b.pack_missing == Some(true) {
            BatteryState::Missing
        } else if b.learn_cycle_active == Some(true) {
            BatteryState::Learning
        } else if b.replacement_required == Some(true) || b.soh_good == Some(false) {
            BatteryState::Failed
        } else {
            b.state
        };
    }
    r.into_extra(&mut b.extra);
    doc.bbus.push(b);
}
