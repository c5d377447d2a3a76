//! `-ShowSummary`: indented sections (`System`, `Hardware` > `Controller`/`BBU`/`Enclosure`/`PD`,
//! `Storage` > `Virtual Drives`) mixing TABs and spaces.

use super::Understood;
use crate::fields::{insert_extra, leading_u64};
use crate::lex::{self, Line};
use raidctl_model::{
    Adapter, BatteryState, Bbu, Document, Enclosure, FirmwareState, LdState, LogicalDrive,
    MediaType, PdType, PhysicalDrive, RaidLevel, parse_size,
};

#[derive(PartialEq, Clone, Copy)]
enum Sub {
    None,
    System,
    Controller,
    Bbu,
    Enclosure,
    Pd,
    Vd,
}

pub(crate) fn parse(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut sub = Sub::None;
    let mut driver: Option<String> = None;
    let mut adapter: Option<u32> = None;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        understood += 1;
        let Some((key, value)) = lex::split_kv(t) else {
            sub = match t {
                "System" => Sub::System,
                "Controller" => {
                    let n = adapter.map_or(0, |a| a + 1);
                    adapter = Some(n);
                    doc.adapters.push(Adapter {
                        adapter: n,
                        driver_version: driver.clone(),
                        ..Adapter::default()
                    });
                    Sub::Controller
                }
                "BBU" => Sub::Bbu,
                "Enclosure" => Sub::Enclosure,
                "PD" => Sub::Pd,
                "Virtual Drives" => Sub::Vd,
                _ => sub,
            };
            continue;
        };
        let a = adapter.unwrap_or(0);
        match sub {
            Sub::System | Sub::None => {
                if lex::key_is(key, "driverversion") {
                    driver = Some(value.to_owned());
                }
            }
            Sub::Controller => controller_field(doc, key, value),
            Sub::Bbu => bbu_field(doc, a, key, value),
            Sub::Enclosure => enclosure_field(doc, a, key, value),
            Sub::Pd => pd_field(doc, a, key, value),
            Sub::Vd => vd_field(doc, a, key, value),
        }
    }
    understood
}

/// A field of the `Controller` section, which the header line opened.
fn controller_field(doc: &mut Document, key: &str, value: &str) {
    let Some(ad) = doc.adapters.last_mut() else {
        return;
    };
    if lex::key_is(key, "productname") {
        ad.product_name = Some(
            value
                .split("(Bus")
                .next()
                .unwrap_or(value)
                .trim()
                .to_owned(),
        );
    } else if lex::key_is(key, "fwpackageversion") {
        ad.fw_package = Some(value.to_owned());
    } else if lex::key_is(key, "status") {
        ad.status = Some(value.to_owned());
    } else {
        insert_extra(&mut ad.extra, key, value);
    }
}

/// A field of the `BBU` section; `BBU Type` starts a battery.
fn bbu_field(doc: &mut Document, a: u32, key: &str, value: &str) {
    if lex::key_is(key, "bbutype") {
        doc.bbus.push(Bbu {
            adapter: a,
            battery_type: Some(value.to_owned()),
            ..Bbu::default()
        });
    } else if let Some(b) = doc.bbus.last_mut() {
        if lex::key_is(key, "status") {
            b.state = BatteryState::from_text(value);
            b.state_raw = Some(value.to_owned());
        } else {
            insert_extra(&mut b.extra, key, value);
        }
    }
}

/// A field of the `Enclosure` section; `Product Id` starts an enclosure.
fn enclosure_field(doc: &mut Document, a: u32, key: &str, value: &str) {
    if lex::key_is(key, "productid") {
        let index =
            u32::try_from(doc.enclosures.iter().filter(|e| e.adapter == a).count()).unwrap_or(0);
        doc.enclosures.push(Enclosure {
            adapter: a,
            index,
            product: Some(value.to_owned()),
            ..Enclosure::default()
        });
    } else if let Some(e) = doc.enclosures.last_mut() {
        if lex::key_is(key, "type") {
            e.enclosure_type = Some(value.to_owned());
        } else if lex::key_is(key, "status") {
            e.status = Some(value.to_owned());
        } else {
            insert_extra(&mut e.extra, key, value);
        }
    }
}

/// A field of the `PD` section; `Connector` (which names the slot) starts a drive.
fn pd_field(doc: &mut Document, a: u32, key: &str, value: &str) {
    if lex::key_is(key, "connector") {
        let slot = value
            .rfind("Slot")
            .and_then(|at| leading_u64(value[at + 4..].trim()))
            .and_then(|v| u16::try_from(v).ok())
            .unwrap_or(0);
        let mut pd = PhysicalDrive {
            adapter: a,
            slot,
            ..PhysicalDrive::default()
        };
        insert_extra(&mut pd.extra, "Connector", value);
        doc.physical_drives.push(pd);
        return;
    }
    let Some(pd) = doc.physical_drives.last_mut() else {
        return;
    };
    if lex::key_is(key, "vendorid") {
        pd.vendor = Some(value.to_owned());
    } else if lex::key_is(key, "productid") {
        pd.model = Some(value.to_owned());
    } else if lex::key_is(key, "state") {
        pd.firmware_state = FirmwareState::from_text(value);
        pd.firmware_state_raw = Some(value.to_owned());
    } else if lex::key_is(key, "disktype") {
        let mut parts = value.split(',');
        pd.pd_type = PdType::from_text(parts.next().unwrap_or(""));
        pd.media_type = MediaType::from_text(parts.next().unwrap_or(""));
    } else if lex::key_is(key, "capacity") {
        pd.coerced_size_bytes = parse_size(value).ok();
    } else if lex::key_is(key, "powerstate") {
        pd.spun_up = Some(value.eq_ignore_ascii_case("active"));
    } else {
        insert_extra(&mut pd.extra, key, value);
    }
}

/// A field of the `Virtual Drives` section; `Virtual drive` (target id, name) starts a VD.
fn vd_field(doc: &mut Document, a: u32, key: &str, value: &str) {
    if lex::key_is(key, "virtualdrive") {
        let target = value
            .find("Target Id")
            .and_then(|at| leading_u64(value[at + 9..].trim()))
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0);
        let name = value
            .split_once("VD name")
            .map(|(_, n)| n.trim().to_owned())
            .filter(|n| !n.is_empty());
        doc.logical_drives.push(LogicalDrive {
            adapter: a,
            number: target,
            target_id: target,
            name,
            ..LogicalDrive::default()
        });
    } else if let Some(ld) = doc.logical_drives.last_mut() {
        if lex::key_is(key, "size") {
            ld.size_bytes = parse_size(value).ok();
            ld.size_raw = Some(value.to_owned());
        } else if lex::key_is(key, "state") {
            ld.state = LdState::from_text(value);
            ld.state_raw = Some(value.to_owned());
        } else if lex::key_is(key, "raidlevel") {
            ld.raid_level = RaidLevel::from_text(value, false);
            ld.raid_level_raw = Some(value.to_owned());
        } else {
            insert_extra(&mut ld.extra, key, value);
        }
    }
}
