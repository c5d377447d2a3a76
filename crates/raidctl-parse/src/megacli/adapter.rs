//! `-AdpAllInfo`, `-adpCount`, `-AdpGetPciInfo` and `-v`.

use super::{Understood, adapter_header};
use crate::fields::{insert_extra, leading_u64, parse_bool};
use crate::lex::{self, Line};
use raidctl_model::{Adapter, Document, PciLocation, Warning, parse_size};

struct SectionField<'a> {
    section: String,
    key: &'a str,
    value: &'a str,
    #[allow(dead_code)]
    line: usize,
    taken: bool,
}

struct Sections<'a> {
    fields: Vec<SectionField<'a>>,
}

impl<'a> Sections<'a> {
    /// Takes `key` from the first section whose normalised name contains `section`.
    fn take(&mut self, section: &str, key: &str) -> Option<&'a str> {
        let f = self
            .fields
            .iter_mut()
            .find(|f| !f.taken && f.section.contains(section) && lex::key_is(f.key, key))?;
        f.taken = true;
        Some(f.value).filter(|v| !v.is_empty() && *v != "N/A")
    }

    /// Takes `key` from its usual section, or from any section: older firmware files some
    /// keys under other headings.
    fn text(&mut self, section: &str, key: &str) -> Option<String> {
        self.take(section, key)
            .or_else(|| self.take("", key))
            .map(str::to_owned)
    }

    fn num(&mut self, section: &str, key: &str) -> Option<u32> {
        self.take(section, key)
            .and_then(leading_u64)
            .and_then(|v| u32::try_from(v).ok())
    }

    fn flag(&mut self, section: &str, key: &str) -> Option<bool> {
        self.take(section, key).and_then(parse_bool)
    }
}

/// Parses `-AdpAllInfo`: sections introduced by a title line underlined with `====`.
pub(crate) fn parse_all_info(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut adapter: Option<u32> = None;
    let mut section = String::new();
    let mut current = Sections { fields: Vec::new() };
    for (i, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if t.is_empty()
            || t.starts_with("====")
            || lex::exit_code(t).is_some()
            || lex::is_prompt_or_command(t)
        {
            continue;
        }
        if let Some(a) = adapter_header(t) {
            if let Some(prev) = adapter {
                doc.adapters.push(finish(
                    prev,
                    std::mem::replace(&mut current, Sections { fields: Vec::new() }),
                ));
            }
            adapter = Some(a);
            section.clear();
            understood += 1;
            continue;
        }
        let underlined = lines
            .get(i + 1)
            .is_some_and(|n| n.text.trim().starts_with("===="));
        if underlined {
            section = raidctl_model::squash_text(t);
            understood += 1;
            continue;
        }
        if let Some((key, value)) = lex::split_kv(t) {
            if adapter.is_none() {
                adapter = Some(0);
                doc.warnings.push(Warning {
                    file: None,
                    line: line.no,
                    message: "no `Adapter #N` header; assuming adapter 0".to_owned(),
                });
            }
            current.fields.push(SectionField {
                section: section.clone(),
                key,
                value,
                line: line.no,
                taken: false,
            });
            understood += 1;
        }
        // Other lines are table rows (`Port  Address`) or lists; they carry nothing typed.
    }
    if let Some(a) = adapter {
        doc.adapters.push(finish(a, current));
    }
    understood
}

fn finish(adapter: u32, mut s: Sections<'_>) -> Adapter {
    let mut a = Adapter {
        adapter,
        ..Adapter::default()
    };
    a.product_name = s.text("versions", "productname");
    a.serial = s.text("versions", "serialno");
    a.fw_package = s.text("versions", "fwpackagebuild");
    a.fw_version = s.text("image", "fwversion");
    a.bios_version = s.text("image", "biosversion");
    a.bbu_present = s
        .take("hwconfiguration", "bbu")
        .map(|v| v.eq_ignore_ascii_case("present"));
    if let Some(v) = s.take("hwconfiguration", "memorysize") {
        a.memory_bytes = parse_size(v).ok();
    }
    a.alarm = s.take("settings", "alarm").map(str::to_owned);
    a.auto_rebuild = s.flag("settings", "autorebuild");
    a.rebuild_rate_pct = s
        .num("settings", "rebuildrate")
        .and_then(|v| u8::try_from(v).ok());
    a.battery_warning = s.flag("settings", "batterywarning");
    a.offline_vd_cache_preserved = s.flag("settings", "anyofflinevdcachepreserved");
    a.jbod_enabled = s.flag("settings", "enablejbod");
    let ids: Vec<String> = ["vendorid", "deviceid", "subvendorid", "subdeviceid"]
        .iter()
        .filter_map(|k| s.take("pciinfo", k).map(str::to_owned))
        .collect();
    if ids.len() == 4 {
        a.pci_ids = Some(ids.join(":"));
    }
    a.virtual_drive_count = s.num("devicepresent", "virtualdrives");
    a.degraded_count = s.num("devicepresent", "degraded");
    a.offline_count = s.num("devicepresent", "offline");
    a.disk_count = s.num("devicepresent", "disks");
    a.critical_disk_count = s.num("devicepresent", "criticaldisks");
    a.failed_disk_count = s.num("devicepresent", "faileddisks");
    let mut seen = std::collections::BTreeSet::new();
    for f in s.fields.iter().filter(|f| !f.taken) {
        let key = if seen.insert(f.key) {
            f.key.to_owned()
        } else {
            format!("{} / {}", f.section, f.key)
        };
        insert_extra(&mut a.extra, &key, f.value);
    }
    a
}

/// Parses `-adpCount`: `Controller Count: 1.`
pub(crate) fn parse_count(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    for line in lines {
        if let Some((k, v)) = line.kv() {
            if lex::key_is(k, "controllercount") {
                doc.adapter_count = leading_u64(v).and_then(|n| u32::try_from(n).ok());
                if doc.adapter_count.is_none() {
                    doc.warnings.push(Warning {
                        file: None,
                        line: line.no,
                        message: format!("Controller Count: not a number: {v:?}"),
                    });
                }
                return 1;
            }
        }
    }
    0
}

/// Parses `-AdpGetPciInfo`: `PCI information for Controller N` blocks.
pub(crate) fn parse_pci_info(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    for line in lines {
        let t = line.text.trim();
        if let Some(rest) = t.strip_prefix("PCI information for Controller") {
            let n = leading_u64(rest.trim())
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(0);
            doc.adapters.push(Adapter {
                adapter: n,
                pci: Some(PciLocation::default()),
                ..Adapter::default()
            });
            understood += 1;
            continue;
        }
        let Some((k, v)) = lex::split_kv(t) else {
            continue;
        };
        let Some(pci) = doc.adapters.last_mut().and_then(|a| a.pci.as_mut()) else {
            continue;
        };
        let n = leading_u64(v).and_then(|n| u32::try_from(n).ok());
        if lex::key_is(k, "busnumber") {
            pci.bus = n;
        } else if lex::key_is(k, "devicenumber") {
            pci.device = n;
        } else if lex::key_is(k, "functionnumber") {
            pci.function = n;
        } else if let Some(a) = doc.adapters.last_mut() {
            insert_extra(&mut a.extra, k, v);
        }
        understood += 1;
    }
    understood
}

/// Parses `-v`: `MegaCLI SAS RAID Management Tool  Ver 8.07.14 Dec 16, 2013`.
pub(crate) fn parse_version(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    for line in lines {
        let t = line.text.trim();
        if let Some(at) = t.find(" Ver ") {
            let version = t[at + 5..]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_owned();
            if !version.is_empty() {
                doc.tool_version = Some(version);
                return 1;
            }
        }
    }
    0
}
