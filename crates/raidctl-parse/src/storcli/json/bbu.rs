//! Batteries (BBU, CacheVault, energy pack): their rows and property lists, and the
//! controller's `BBU Status` bitfield decoded once every section is read.

use super::Walker;
use crate::storcli::{extra_value, flag, inum, is_absent, num, scalar};
use raidctl_model::{BatteryState, Bbu, ChargingStatus, squash_text};
use serde_json::{Map, Value};

impl Walker {
    fn bbu_mut(&mut self, a: u32) -> Option<&mut Bbu> {
        let ix = match self.bbu_ix.get(&a) {
            Some(ix) => *ix,
            None => {
                let ix = self.doc.bbus.len();
                self.doc.bbus.push(Bbu {
                    adapter: a,
                    ..Bbu::default()
                });
                self.bbu_ix.insert(a, ix);
                ix
            }
        };
        self.doc.bbus.get_mut(ix)
    }

    /// `BBU_Info`, `Cachevault_Info`, `Energy Pack Info` rows of `/cX show all`.
    pub(super) fn battery_row(&mut self, a: u32, o: &Map<String, Value>) {
        let Some(b) = self.bbu_mut(a) else { return };
        for (k, v) in o {
            match squash_text(k).as_str() {
                "model" | "type" => b.battery_type = scalar(v).filter(|s| !is_absent(s)),
                "state" | "status" => {
                    let s = scalar(v).unwrap_or_default();
                    b.state = BatteryState::from_text(&s);
                    b.state_raw = Some(s);
                }
                "temp" | "temperaturec" | "temperature" => {
                    b.temperature_c = inum(v).and_then(|n| i32::try_from(n).ok());
                }
                "voltagemv" | "voltage" => {
                    b.voltage_mv = num(v).and_then(|n| u32::try_from(n).ok())
                }
                _ => extra_value(&mut b.extra, k, v),
            }
        }
    }

    /// `/cX/bbu show all` and `/cX/cv show all`: arrays of `{"Property", "Value"}`.
    pub(super) fn battery_props(&mut self, a: u32, pv: Vec<(String, Value)>, sections: &[String]) {
        let battery_like = sections.iter().any(|s| {
            let l = s.to_ascii_lowercase();
            l.contains("bbu")
                || l.contains("cachevault")
                || l.contains("gasgauge")
                || l.contains("design")
        });
        if !battery_like {
            let Some(ad) = self.doc.adapters.iter_mut().find(|x| x.adapter == a) else {
                for (k, _) in &pv {
                    self.warn(format!("property {k:?} outside any known section ignored"));
                }
                return;
            };
            for (k, v) in &pv {
                extra_value(&mut ad.extra, k, v);
            }
            return;
        }
        let Some(b) = self.bbu_mut(a) else { return };
        for (k, v) in &pv {
            let text = || scalar(v).filter(|s| !is_absent(s));
            match squash_text(k).as_str() {
                "type" | "batterytype" | "devicename" if b.battery_type.is_none() => {
                    b.battery_type = text();
                }
                "state" | "batterystate" => {
                    let s = scalar(v).unwrap_or_default();
                    b.state = BatteryState::from_text(&s);
                    b.state_raw = Some(s);
                }
                "temperature" => b.temperature_c = inum(v).and_then(|n| i32::try_from(n).ok()),
                "voltage" => b.voltage_mv = num(v).and_then(|n| u32::try_from(n).ok()),
                "current" => b.current_ma = inum(v).and_then(|n| i32::try_from(n).ok()),
                "chargingstatus" => {
                    b.charging = ChargingStatus::from_text(&text().unwrap_or_default())
                }
                "learncycleactive" => b.learn_cycle_active = flag(v),
                "learncyclerequested" => b.learn_cycle_requested = flag(v),
                "learncyclestatus" => b.learn_cycle_status = text(),
                "batterypackmissing" | "packmissing" => b.pack_missing = flag(v),
                "replacementrequired" | "batteryreplacementrequired" => {
                    b.replacement_required = flag(v);
                }
                "remainingcapacitylow" => b.capacity_low = flag(v),
                "packisabouttofailshouldbereplaced" => b.about_to_fail = flag(v),
                "issohgood" => b.soh_good = flag(v),
                "relativestateofcharge" => {
                    b.relative_charge_pct = num(v).and_then(|n| u8::try_from(n).ok());
                }
                "fullchargecapacity" if mah(v) => {
                    b.full_charge_capacity_mah = num(v).and_then(|n| u32::try_from(n).ok());
                }
                "designcapacity" if mah(v) => {
                    b.design_capacity_mah = num(v).and_then(|n| u32::try_from(n).ok());
                }
                _ => extra_value(&mut b.extra, k, v),
            }
        }
    }

    pub(super) fn finish_bbu_status(&mut self) {
        for (a, bits) in std::mem::take(&mut self.bbu_status) {
            let flags = bbu_flags(bits);
            if let Some(ad) = self.doc.adapters.iter_mut().find(|x| x.adapter == a) {
                ad.extra
                    .insert("BBU Status flags".to_owned(), describe(&flags));
            }
            let present = self
                .doc
                .adapters
                .iter()
                .any(|x| x.adapter == a && x.bbu_present == Some(true));
            if !self.bbu_ix.contains_key(&a) && !present {
                continue;
            }
            let created = !self.bbu_ix.contains_key(&a);
            let Some(b) = self.bbu_mut(a) else { continue };
            let has = |f: &str| flags.iter().any(|x| *x == f);
            b.pack_missing = b.pack_missing.or(Some(has("pack_missing")));
            b.replacement_required = b.replacement_required.or(Some(has("replace_pack")));
            b.capacity_low = b.capacity_low.or(Some(has("capacity_low")));
            b.learn_cycle_active = b.learn_cycle_active.or(Some(has("learn_cycle_active")));
            b.learn_cycle_requested = b
                .learn_cycle_requested
                .or(Some(has("learn_cycle_requested")));
            if b.charging.is_unknown() {
                if has("charging") {
                    b.charging = ChargingStatus::Charging;
                } else if has("discharging") {
                    b.charging = ChargingStatus::Discharging;
                }
            }
            b.extra.insert(
                "BBU Status".to_owned(),
                format!("{bits} ({})", describe(&flags)),
            );
            if created || b.state.is_unknown() {
                b.state = if has("pack_missing") {
                    BatteryState::Missing
                } else if has("replace_pack")
                    || has("learn_cycle_failed")
                    || has("voltage_low")
                    || has("temperature_high")
                    || has("i2c_error")
                {
                    BatteryState::Degraded
                } else if has("learn_cycle_active") {
                    BatteryState::Learning
                } else {
                    BatteryState::Optimal
                };
                b.state_raw = Some(format!("BBU Status {bits}"));
            }
        }
    }
}
/// Decodes the controller's `BBU Status` firmware bitfield (MFI `fw_status`). Bits without a
/// known meaning are reported as `bitN`, never guessed.
pub fn bbu_flags(bits: u64) -> Vec<String> {
    const NAMES: [&str; 13] = [
        "pack_missing",
        "voltage_low",
        "temperature_high",
        "charging",
        "discharging",
        "learn_cycle_requested",
        "learn_cycle_active",
        "learn_cycle_failed",
        "learn_cycle_timeout",
        "i2c_error",
        "replace_pack",
        "capacity_low",
        "learn_required",
    ];
    (0..64)
        .filter(|i| bits & (1u64 << i) != 0)
        .map(|i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| NAMES.get(i))
                .map_or_else(|| format!("bit{i}"), |s| (*s).to_owned())
        })
        .collect()
}
fn describe(flags: &[String]) -> String {
    if flags.is_empty() {
        "none".to_owned()
    } else {
        flags.join(",")
    }
}

fn mah(v: &Value) -> bool {
    match v {
        Value::String(s) => {
            let l = s.to_ascii_lowercase();
            l.contains("mah") || l.trim().chars().all(|c| c.is_ascii_digit())
        }
        Value::Number(_) => true,
        _ => false,
    }
}
