//! Controller-wide sections: adapter properties gathered from every section of a response,
//! policies, the system overview, preserved cache and `show <property>` answers.

use super::Walker;
use crate::storcli::{clean, extra_value, flag, is_absent, num, scalar};
use raidctl_model::{ActionKind, ActionResult, Adapter, PciLocation, parse_size, squash_text};
use serde_json::Value;

/// Adapter properties gathered from every section of one controller's response.
#[derive(Debug, Default)]
pub(super) struct Props {
    items: Vec<(String, String, Value)>,
}

impl Props {
    pub(super) fn push(&mut self, section: &str, key: &str, v: &Value) {
        self.items.push((section.to_owned(), clean(key), v.clone()));
    }

    pub(super) fn has_any(&self, names: &[&str]) -> bool {
        self.items
            .iter()
            .any(|(_, k, _)| names.contains(&squash_text(k).as_str()))
    }

    /// Takes the first property named like one of `names` whose value is a number. The same
    /// key can name a capability (`"Rebuild Rate": "Yes"`) and a setting (`"30 %"`); only the
    /// setting has a number.
    fn take_num(&mut self, names: &[&str]) -> Option<u32> {
        for n in names {
            let found = self
                .items
                .iter()
                .position(|(_, k, v)| squash_text(k) == *n && num(v).is_some());
            if let Some(i) = found {
                return num(&self.items.remove(i).2).and_then(|x| u32::try_from(x).ok());
            }
        }
        None
    }

    /// Takes the first property whose squashed key is one of `names` (in `names` order).
    pub(super) fn take(&mut self, names: &[&str]) -> Option<Value> {
        for n in names {
            if let Some(i) = self.items.iter().position(|(_, k, _)| squash_text(k) == *n) {
                return Some(self.items.remove(i).2);
            }
        }
        None
    }
}
impl Walker {
    pub(super) fn policies_table(&mut self, v: &Value, props: &mut Props) {
        let Some(rows) = v.as_array() else { return };
        for r in rows {
            if let (Some(p), Some(cur)) = (r.get("Policy").and_then(scalar), r.get("Current")) {
                props.push("Policies", &p, cur);
            }
        }
    }

    /// `/cN show preservedcache`: one row per VD whose cache is pinned (`VD`, `State`).
    pub(super) fn preserved_cache(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("\"Preserved Cache\" is not a list");
            return;
        };
        for r in rows {
            let vd = r
                .get("VD")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok());
            let Some(vd) = vd else {
                self.warn("a preserved-cache row without a VD number");
                continue;
            };
            let state = r.get("State").and_then(scalar).unwrap_or_default();
            self.doc.actions.push(ActionResult {
                adapter: Some(a),
                kind: ActionKind::PreservedCachePresent,
                success: true,
                drive: None,
                new_state: None,
                logical_drive: Some(vd),
                array_row: None,
                message: format!("VD {vd}: {state}"),
            });
        }
    }

    pub(super) fn controller_properties(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("\"Controller Properties\" is not a list");
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let name = o
                .get("Ctrl_Prop")
                .or_else(|| o.get("Property"))
                .or_else(|| o.get("Method"))
                .and_then(scalar)
                .unwrap_or_default();
            let value = o.get("Value").and_then(scalar).unwrap_or_default();
            self.doc.actions.push(ActionResult {
                adapter: Some(a),
                kind: ActionKind::PropertyValue,
                success: true,
                drive: None,
                new_state: None,
                logical_drive: None,
                array_row: None,
                message: format!("{name} = {value}"),
            });
        }
    }

    pub(super) fn overview(&mut self, v: &Value) {
        let Some(rows) = v.as_array() else { return };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(ctl) = o
                .get("Ctl")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            let mut ad = Adapter {
                adapter: ctl,
                ..Adapter::default()
            };
            for (k, val) in o {
                match squash_text(k).as_str() {
                    "ctl" => {}
                    "model" => ad.product_name = scalar(val),
                    "pds" => ad.disk_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "vds" => ad.virtual_drive_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "vnopt" => ad.degraded_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "hlth" => ad.status = scalar(val),
                    _ => extra_value(&mut ad.extra, k, val),
                }
            }
            self.push_adapter(ad);
        }
    }

    fn push_adapter(&mut self, ad: Adapter) {
        if let Some(old) = self
            .doc
            .adapters
            .iter_mut()
            .find(|x| x.adapter == ad.adapter)
        {
            let extra = ad.extra.clone();
            let keep = std::mem::take(old);
            *old = merge_adapter(keep, ad);
            for (k, v) in extra {
                old.extra.entry(k).or_insert(v);
            }
        } else {
            self.doc.adapters.push(ad);
        }
    }

    pub(super) fn adapter(&mut self, a: u32, mut p: Props) {
        let text = |v: Option<Value>| v.as_ref().and_then(scalar).filter(|s| !is_absent(s));
        let u32v = |v: Option<Value>| v.as_ref().and_then(num).and_then(|n| u32::try_from(n).ok());
        let mut ad = Adapter {
            adapter: a,
            ..Adapter::default()
        };
        p.take(&["controller"]);
        ad.product_name = text(p.take(&["productname", "model"]));
        ad.serial = text(p.take(&["serialnumber"]));
        ad.fw_package = text(p.take(&["firmwarepackagebuild", "fwpackagebuild", "packageversion"]));
        ad.fw_version = text(p.take(&["firmwareversion", "fwversion"]));
        ad.bios_version = text(p.take(&["biosversion"]));
        ad.memory_bytes = text(p.take(&["onboardmemorysize"]))
            .and_then(|s| parse_size(&s).ok())
            // 8.x: `"DDR Memory Size(MiB)" : 8192`.
            .or_else(|| {
                p.take_num(&["ddrmemorysizemib"])
                    .map(|n| u64::from(n) << 20)
            });
        ad.bbu_present = p.take(&["bbu"]).as_ref().and_then(flag);
        ad.alarm = text(p.take(&["alarm"]));
        ad.auto_rebuild = p.take(&["autorebuild"]).as_ref().and_then(flag);
        ad.rebuild_rate_pct = p
            .take_num(&["rebuildrate"])
            .and_then(|n| u8::try_from(n).ok());
        ad.battery_warning = p.take(&["batterywarning"]).as_ref().and_then(flag);
        ad.offline_vd_cache_preserved = p
            .take(&["anyofflinevdcachepreserved", "preservedcachepresent"])
            .as_ref()
            .and_then(flag);
        ad.jbod_enabled = p.take(&["enablejbod"]).as_ref().and_then(flag);
        ad.virtual_drive_count = u32v(p.take(&["virtualdrives", "vdcount"]));
        ad.degraded_count = u32v(p.take(&["vddegradedcount"]));
        ad.offline_count = u32v(p.take(&["vdofflinecount"]));
        ad.disk_count = u32v(p.take(&["physicaldrives", "pddrivecount"]));
        ad.critical_disk_count = u32v(p.take(&["criticalpredictivefailurepddrivecount"]));
        ad.failed_disk_count = u32v(p.take(&["failedpddrivecount"]));
        ad.status = text(p.take(&["controllerstatus"]));
        ad.driver_version = text(p.take(&["driverversion"]));
        let bus = u32v(p.take(&["busnumber"]));
        let device = u32v(p.take(&["devicenumber"]));
        let function = u32v(p.take(&["functionnumber"]));
        if bus.is_some() || device.is_some() || function.is_some() {
            ad.pci = Some(PciLocation {
                bus,
                device,
                function,
            });
        }
        let ids: Vec<String> = ["vendorid", "deviceid", "subvendorid", "subdeviceid"]
            .iter()
            .filter_map(|k| p.take(&[k]))
            .filter_map(|v| match &v {
                Value::Number(n) => n.as_u64().map(|n| format!("{n:04x}")),
                Value::String(s) => {
                    let s = clean(s);
                    let h = s.trim_start_matches("0x").trim_start_matches("0X");
                    u64::from_str_radix(h, 16).ok().map(|n| format!("{n:04x}"))
                }
                _ => None,
            })
            .collect();
        if ids.len() == 4 {
            ad.pci_ids = Some(ids.join(":"));
        }
        if let Some(v) = p.take(&["bbustatus"]) {
            extra_value(&mut ad.extra, "BBU Status", &v);
            if let Some(n) = num(&v) {
                self.bbu_status.push((a, n));
            }
        }
        for (section, k, v) in p.items {
            if v.is_object() || v.is_array() {
                continue;
            }
            let text = scalar(&v).unwrap_or_default();
            match ad.extra.get(&k) {
                None => {
                    ad.extra.insert(k, text);
                }
                Some(old) if *old == text => {}
                Some(_) => {
                    let key = if section.is_empty() {
                        k
                    } else {
                        format!("{section}/{k}")
                    };
                    crate::fields::insert_extra(&mut ad.extra, &key, &text);
                }
            }
        }
        self.push_adapter(ad);
    }
}
fn merge_adapter(old: Adapter, new: Adapter) -> Adapter {
    macro_rules! pick {
        ($($f:ident),*) => { Adapter { $( $f: old.$f.or(new.$f), )* adapter: old.adapter, extra: old.extra } };
    }
    pick!(
        product_name,
        serial,
        fw_package,
        fw_version,
        bios_version,
        memory_bytes,
        bbu_present,
        alarm,
        auto_rebuild,
        rebuild_rate_pct,
        battery_warning,
        offline_vd_cache_preserved,
        jbod_enabled,
        virtual_drive_count,
        degraded_count,
        offline_count,
        disk_count,
        critical_disk_count,
        failed_disk_count,
        status,
        pci,
        pci_ids,
        driver_version
    )
}
