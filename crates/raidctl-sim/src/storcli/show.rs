//! The simulated storcli's read commands: `show` of drives, enclosures, VDs, the battery and
//! running operations, and the logs.

use super::*;
use crate::state::Bbu;

pub(super) fn ctrl_prop(name: &str, value: &str) -> J {
    Ob::new()
        .j(
            "Controller Properties",
            J::A(vec![
                Ob::new().s("Ctrl_Prop", name).s("Value", value).done(),
            ]),
        )
        .done()
}

pub(super) fn drives_show(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let addrs = select_drives(ad, cmd);
    if addrs.is_empty() {
        let what = match (cmd.encl, cmd.slot) {
            (Some(Sel::All), _) | (_, Some(Sel::All)) => {
                let e = match cmd.encl {
                    Some(Sel::All) => "/eALL".to_owned(),
                    Some(Sel::One(e)) => format!("/e{e}"),
                    None => String::new(),
                };
                let s = match cmd.slot {
                    Some(Sel::One(s)) => format!("/s{s}"),
                    _ => "/sALL".to_owned(),
                };
                format!("/c{}{e}{s}", ad.index)
            }
            _ => one_address(cmd).map_or_else(String::new, |a| drive_path(ad.index, a)),
        };
        return Resp::fail(
            Some(ad.index),
            "No drive found!",
            vec![
                Ob::new()
                    .s("Drive", what)
                    .s("Status", "Failure")
                    .n("ErrCd", 255)
                    .s("ErrMsg", "Drives not found")
                    .done(),
            ],
            255,
        );
    }
    let all = cmd.has("all");
    let mut o = Ob::new();
    if all {
        for a in &addrs {
            let Some(d) = ad.drive(*a) else { continue };
            let p = drive_path(ad.index, *a);
            o = o.j(&format!("Drive {p}"), J::A(vec![pd_row(ad, d)]));
            o = o.j(
                &format!("Drive {p} - Detailed Information"),
                pd_detail(ad, d),
            );
        }
    } else {
        o = o.j(
            "Drive Information",
            J::A(
                addrs
                    .iter()
                    .filter_map(|a| ad.drive(*a))
                    .map(|d| pd_row(ad, d))
                    .collect(),
            ),
        );
    }
    Resp::ok(
        ad.index,
        "Show Drive Information Succeeded.",
        Some(o.done()),
    )
}

pub(super) fn enclosures_show(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let encls: Vec<&crate::state::Enclosure> = ad
        .enclosures
        .iter()
        .filter(|e| match cmd.encl {
            Some(Sel::One(n)) => u32::from(e.device_id) == n,
            _ => true,
        })
        .collect();
    if encls.is_empty() {
        return Resp::fail(
            Some(ad.index),
            unv::ENCLOSURE_NOT_FOUND,
            Vec::new(),
            unv::ENCLOSURE_NOT_FOUND_CODE,
        );
    }
    if !cmd.has("all") {
        let rows = encls.iter().map(|e| enclosure_row(ad, e)).collect();
        return Resp::ok_list(ad.index, "Properties", rows);
    }
    let mut o = Ob::new();
    for (n, e) in encls.iter().enumerate() {
        let info = Ob::new()
            .n("Device ID", e.device_id)
            .n("Position", n64(n + 1))
            .s("Connector Name", "Port 0 - 3")
            .s("Enclosure Type", e.kind.clone())
            .s("Enclosure Serial Number", "N/A")
            .s("Device Type", "Enclosure")
            .s("Status", "OK")
            .done();
        let inq = Ob::new()
            .s("Vendor Identification", e.vendor.clone())
            .s("Product Identification", e.product.clone())
            .s("Product Revision Level", e.revision.clone())
            .done();
        o = o.j(
            &format!("Enclosure /c{}/e{}", ad.index, e.device_id),
            Ob::new()
                .j("Information", info)
                .j("Inquiry Data", inq)
                .j("Properties", J::A(vec![enclosure_row(ad, e)]))
                .done(),
        );
    }
    Resp::ok(ad.index, "None", Some(o.done()))
}

pub(super) fn vds_show(st: &SimState, i: usize, vsel: Sel, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let vds: Vec<&Vd> = sorted_vds(ad)
        .into_iter()
        .filter(|v| match vsel {
            Sel::One(n) => v.target == n,
            Sel::All => true,
        })
        .collect();
    if vds.is_empty() {
        if let Sel::One(n) = vsel {
            return Resp::fail(
                Some(ad.index),
                unv::VD_NOT_FOUND,
                vec![
                    Ob::new()
                        .s("VD", format!("/c{}/v{n}", ad.index))
                        .s("Status", "Failure")
                        .n("ErrCd", 255)
                        .s("ErrMsg", unv::VD_NOT_FOUND_MSG)
                        .done(),
                ],
                255,
            );
        }
        return Resp::ok(ad.index, "No VDs have been configured.", None);
    }
    if !cmd.has("all") {
        let rows = vds.iter().map(|v| vd_row(ad, v)).collect();
        return Resp::ok_list(ad.index, "Virtual Drives", rows);
    }
    let mut o = Ob::new();
    for v in vds {
        o = o.j(
            &format!("/c{}/v{}", ad.index, v.target),
            J::A(vec![vd_row(ad, v)]),
        );
        let members: Vec<J> = ad
            .vd_members(v)
            .into_iter()
            .map(|d| pd_row(ad, d))
            .collect();
        o = o.j(&format!("PDs for VD {}", v.target), J::A(members));
        o = o.j(&format!("VD{} Properties", v.target), vd_props(ad, st, v));
    }
    Resp::ok(ad.index, "None", Some(o.done()))
}

pub(super) fn battery(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let fail = |msg: &str| {
        Resp::fail(
            Some(ad.index),
            "None",
            vec![
                Ob::new()
                    .n("Ctrl", ad.index)
                    .s("Status", "Failed")
                    .s("Property", "-")
                    .s("ErrMsg", msg)
                    .n("ErrCd", 255)
                    .done(),
            ],
            255,
        )
    };
    let Some(b) = &ad.bbu else {
        return fail(unv::NO_BATTERY);
    };
    if cmd.bbu && is_cv(ad) {
        return fail("use /cx/cv");
    }
    if cmd.cv && !is_cv(ad) {
        return fail(unv::USE_BBU);
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let charge = b.charge.floor() as i64;
    let state = match b.state_text() {
        "Degraded(Charging)" => "Dgd (Charging)",
        other => other,
    };
    if cmd.cv {
        return Resp::ok(
            ad.index,
            "None",
            Some(cachevault_info(st, b, charge, state)),
        );
    }
    let o = bbu_info_and_status(b, charge, state, Ob::new());
    let o = bbu_gauge_and_capacity(b, charge, o);
    let o = bbu_design_and_properties(st, b, o);
    Resp::ok(ad.index, "None", Some(o.done()))
}

/// A `{"Property", "Value"}` row of the battery's tables.
fn pv(k: &str, v: J) -> J {
    Ob::new().s("Property", k).j("Value", v).done()
}

/// A `{"Property", "Value"}` row with a string value.
fn ps(k: &str, v: &str) -> J {
    pv(k, J::S(v.to_owned()))
}

/// `/cx/cv show all`: the CacheVault's info, firmware status, gas gauge, design and properties.
fn cachevault_info(st: &SimState, b: &Bbu, charge: i64, state: &str) -> J {
    Ob::new()
        .j(
            "Cachevault_Info",
            J::A(vec![
                ps("Type", &b.battery_type),
                ps("Temperature", &format!("{} C", b.temperature)),
                ps("State", state),
            ]),
        )
        .j(
            "Firmware_Status",
            J::A(vec![
                ps("Replacement required", yes(b.replacement_required)),
                ps("No space to cache offload", "No"),
                ps("Module microcode update required", "No"),
            ]),
        )
        .j(
            "GasGaugeStatus",
            J::A(vec![
                ps("Pack Energy", &format!("{} J", charge * 3)),
                ps("Capacitance", &format!("{charge} %")),
                pv("Remaining Reserve Space", J::N(charge)),
            ]),
        )
        .j(
            "Design_Info",
            J::A(vec![
                ps("Date of Manufacture", &date_ymd(st.epoch - 400 * 86_400)),
                pv("Serial Number", J::N(4242)),
                ps("Manufacture Name", "LSI"),
                ps("Design Capacity", "288 J"),
                ps("Device Name", &b.battery_type),
            ]),
        )
        .j(
            "Properties",
            J::A(vec![
                ps("Auto Learn Period", "28d (2419200 seconds)"),
                ps("Next Learn time", &date_ymd(st.epoch + 28 * 86_400)),
                ps("Learn Delay Interval", "0 hour(s)"),
                ps("Auto-Learn Mode", "Transparent"),
            ]),
        )
        .done()
}

/// `/cx/bbu show all`: BBU_Info and BBU_Firmware_Status, added to `o`.
fn bbu_info_and_status(b: &Bbu, charge: i64, state: &str, o: Ob) -> Ob {
    let learn = b.learn_started.is_some();
    o.j(
        "BBU_Info",
        J::A(vec![
            ps("Type", &b.battery_type),
            ps("Voltage", &format!("{} mV", 3900 + charge * 2)),
            ps(
                "Current",
                &format!("{} mA", if b.charging { 120 } else { 0 }),
            ),
            ps("Temperature", &format!("{} C", b.temperature)),
            ps("Battery State", state),
        ]),
    )
    .j(
        "BBU_Firmware_Status",
        J::A(vec![
            ps(
                "Charging Status",
                if b.charging {
                    "Charging"
                } else if learn {
                    "Discharging"
                } else {
                    "None"
                },
            ),
            ps("Voltage", "OK"),
            ps("Temperature", "OK"),
            ps("Learn Cycle Requested", "No"),
            ps("Learn Cycle Active", yes(learn)),
            ps("Learn Cycle Status", "OK"),
            ps("Learn Cycle Timeout", "No"),
            ps("I2C Errors Detected", "No"),
            ps("Battery Pack Missing", "No"),
            ps("Replacement required", yes(b.replacement_required)),
            ps("Remaining Capacity Low", yes(charge < 20)),
            ps("Periodic Learn Required", "No"),
            ps("Transparent Learn", "No"),
            ps("No space to cache offload", "No"),
            ps(
                "Pack is about to fail & should be replaced",
                yes(b.replacement_required),
            ),
            ps("Cache Offload premium feature required", "No"),
            ps("Module microcode update required", "No"),
        ]),
    )
}

/// `/cx/bbu show all`: GasGaugeStatus and BBU_Capacity_Info, added to `o`.
fn bbu_gauge_and_capacity(b: &Bbu, charge: i64, o: Ob) -> Ob {
    o.j(
        "GasGaugeStatus",
        J::A(vec![
            ps("Fully Discharged", yes(charge == 0)),
            ps("Fully Charged", yes(charge >= 100)),
            ps("Discharging", yes(!b.charging)),
            ps("Initialized", "Yes"),
            ps("Remaining Time Alarm", "No"),
            ps("Discharge Terminated", "No"),
            ps("Over Temperature", "No"),
            ps("Charging Terminated", yes(charge >= 100)),
            ps("Over Charged", "No"),
            ps("Relative State of Charge", &format!("{charge}%")),
            ps("Charger System State", "49168"),
            ps("Charger System Ctrl", "0"),
            ps("Charging current", "0 mA"),
            ps(
                "Absolute state of charge",
                &format!("{}%", charge * 85 / 100),
            ),
            ps("Max Error", "2%"),
        ]),
    )
    .j(
        "BBU_Capacity_Info",
        J::A(vec![
            ps("Relative State of Charge", &format!("{charge}%")),
            ps(
                "Absolute State of charge",
                &format!("{}%", charge * 85 / 100),
            ),
            ps(
                "Remaining Capacity",
                &format!("{} mAh", i64::from(b.full_capacity) * charge / 100),
            ),
            ps("Full Charge Capacity", &format!("{} mAh", b.full_capacity)),
            ps("Run time to empty", "Battery is not being charged"),
            ps("Average time to empty", "Battery is not being charged"),
            ps("Average Time to full", "Battery is not being charged"),
            ps("Cycle Count", "12"),
            ps("Max Error", "2%"),
            ps("Remaining Capacity Alarm", "180 mAh"),
            ps("Remaining Time Alarm", "10 Min"),
        ]),
    )
}

/// `/cx/bbu show all`: BBU_Design_Info and BBU_Properties, added to `o`.
fn bbu_design_and_properties(st: &SimState, b: &Bbu, o: Ob) -> Ob {
    o.j(
        "BBU_Design_Info",
        J::A(vec![
            ps("Date of Manufacture", &date_ymd(st.epoch - 400 * 86_400)),
            ps("Design Capacity", &format!("{} mAh", b.design_capacity)),
            ps("Design Voltage", "3700 mV"),
            ps("Specification Info", "49"),
            ps("Serial Number", "4242"),
            ps("Pack Stat Configuration", "0x0014"),
            ps("Manufacture Name", "SMP-PA1.9"),
            ps("Device Name", "DLNU402"),
            ps("Device Chemistry", "LION"),
            ps("Battery FRU", "N/A"),
            ps("Transparent Learn", "0"),
            ps("App Data", "0"),
        ]),
    )
    .j(
        "BBU_Properties",
        J::A(vec![
            ps("Auto Learn Period", "90d (7776000 seconds)"),
            ps("Next Learn time", &date_ymd(st.epoch + 90 * 86_400)),
            ps("Learn Delay Interval", "0 hour(s)"),
            ps("Auto-Learn Mode", "Enabled"),
        ]),
    )
}

pub(super) fn progress(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let kind = if cmd.has("copyback") {
        OpKind::Copyback
    } else {
        OpKind::Rebuild
    };
    let addrs = select_drives(ad, cmd);
    if addrs.is_empty() {
        return drives_show(st, i, cmd);
    }
    let rows: Vec<J> = addrs
        .iter()
        .filter_map(|a| ad.drive(*a))
        .map(|d| {
            let o = Ob::new().s("Drive-ID", drive_path(ad.index, d.addr()));
            match d.op.as_ref().filter(|op| op.kind == kind) {
                Some(op) => {
                    let pct = i64::from(op.shown_percent());
                    let elapsed = st.clock.saturating_sub(op.started).max(1);
                    let left = if pct > 0 {
                        u64::try_from(100 - pct).unwrap_or(0) * elapsed
                            / u64::try_from(pct).unwrap_or(1)
                            / 60
                    } else {
                        0
                    };
                    o.n("Progress%", pct)
                        .s("Status", "In progress")
                        .s(
                            "Estimated Time Left",
                            if pct > 0 {
                                format!("{left} Minutes")
                            } else {
                                "-".to_owned()
                            },
                        )
                        .done()
                }
                None => o
                    .s("Progress%", "-")
                    .s("Status", "Not in progress")
                    .s("Estimated Time Left", "-")
                    .done(),
            }
        })
        .collect();
    let desc = if kind == OpKind::Rebuild {
        "Show Drive Rebuild Status Succeeded."
    } else {
        unv::SHOW_COPYBACK
    };
    Resp::ok(ad.index, desc, Some(J::A(rows)))
}

/// `show events` text: the MegaCli event-file layout, each record preceded by two blank
/// lines (as in real storcli dumps). `filter=warning,critical,fatal` keeps those classes.
pub(super) fn events(st: &SimState, i: usize, cmd: &Cmd) -> String {
    let ad = &st.adapters[i];
    let classes: Option<Vec<i32>> = cmd.get("filter").map(|f| {
        f.split(',')
            .filter_map(|c| match c.trim().to_ascii_lowercase().as_str() {
                "info" => Some(0),
                "warning" => Some(1),
                "critical" => Some(2),
                "fatal" => Some(3),
                _ => None,
            })
            .collect()
    });
    let mut out = String::new();
    for e in ad.events.iter().filter(|e| e.seq > ad.clear_seq) {
        if let Some(c) = &classes {
            if !c.contains(&e.class) {
                continue;
            }
        }
        out.push_str("\n\n");
        out.push_str(&crate::text::event_record(st.epoch, e));
    }
    if let Some(file) = cmd.get("file") {
        let ok = std::fs::write(file, &out).is_ok();
        let status = if ok { "Success" } else { "Failure" };
        return format!(
            "Controller = {}\nStatus = {status}\nDescription = None\n\nEvents = GETEVENTS\n\nController Properties :\n=====================\n\n------------------------------------\nCtrl Status  Method          Value  \n------------------------------------\n{:>4} {status} handleSuboption Events \n------------------------------------\n\n",
            ad.index, ad.index
        );
    }
    out
}

pub(super) fn alilog(st: &SimState, i: usize) -> String {
    let ad = &st.adapters[i];
    let mut out = fill(unv::ALILOG_HEADER, &[("a", &ad.index.to_string())]);
    out.push('\n');
    let t = crate::text::termlog_time(st.epoch);
    out.push_str(&fill(
        unv::ALILOG_LINE,
        &[("t", &t), ("p", &ad.fw_package), ("f", &ad.fw_version)],
    ));
    out.push('\n');
    out
}

/// `/cN/eX/sY show phyerrorcounters`: one table per drive (the simulator has no link errors).
pub(super) fn phy_counters(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let mut o = Ob::new();
    let wanted = select_drives(ad, cmd);
    for d in sorted_drives(ad)
        .into_iter()
        .filter(|d| wanted.contains(&d.addr()))
    {
        let mut row = Ob::new();
        for col in unv::PHY_COLUMNS {
            row = row.n(col, 0);
        }
        let name = fill(unv::PHY_COUNTERS, &[("d", &drive_path(ad.index, d.addr()))]);
        o = o.j(&name, J::A(vec![row.done()]));
    }
    Resp::ok(
        ad.index,
        "Show PHY Error Counters Succeeded.",
        Some(o.done()),
    )
}

pub(super) fn termlog(st: &SimState, i: usize) -> String {
    let ad = &st.adapters[i];
    let mut out = fill(unv::TERMLOG_HEADER, &[("a", &ad.index.to_string())]);
    out.push('\n');
    for e in &ad.events {
        let t = crate::text::termlog_time(st.unix_at(e.time));
        out.push_str(&format!(
            "{t}: EVT#{:05}-{t}: {:3}={}\n",
            e.seq, e.code, e.description
        ));
    }
    out
}
