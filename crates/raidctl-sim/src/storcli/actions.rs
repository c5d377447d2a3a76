//! The simulated storcli's actions: each is translated into the MegaCli invocation that does the
//! same and run through [`crate::dispatch`], so refusals and events are the MegaCli state
//! machine's.

use super::*;

pub(super) fn foreign_lists(ad: &Adapter) -> (Vec<J>, Vec<J>) {
    let configs = foreign_configs(ad);
    let mut dgs = Vec::new();
    let mut pds = Vec::new();
    for (n, cfg) in configs.iter().enumerate() {
        let drives: Vec<&Drive> = sorted_drives(ad)
            .into_iter()
            .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == *cfg))
            .collect();
        let Some(meta) = drives.first().and_then(|d| d.foreign.clone()) else {
            continue;
        };
        let member = drives
            .iter()
            .map(|d| d.coerced_sectors())
            .min()
            .unwrap_or(0);
        let data_rows = match meta.level.tolerated_failures_per_span() {
            Some(0) => meta.rows,
            _ if matches!(meta.level, RaidLevel::Raid1 | RaidLevel::Raid10) => meta.rows / 2,
            Some(t) => meta.rows.saturating_sub(t),
            None => meta.rows,
        };
        let total = member * u64::from(data_rows) * u64::from(meta.spans);
        dgs.push(
            Ob::new()
                .n("DG", n64(n))
                .s("Type", level_text(&meta.level))
                .s("Size", size(total))
                .done(),
        );
        for d in drives {
            pds.push(
                Ob::new()
                    .s("EID:Slt", eid_slt(d.addr()))
                    .n("DID", d.device_id)
                    .n("DG", n64(n))
                    .s("State", "Foreign")
                    .s("Size", size(d.coerced_sectors()))
                    .s("Model", d.model.clone())
                    .done(),
            );
        }
    }
    (dgs, pds)
}

pub(super) fn no_foreign(idx: u32) -> Resp {
    Resp::fail(
        Some(idx),
        "No foreign configuration found.",
        vec![
            Ob::new()
                .n("Controller", idx)
                .s("Status", "Failure")
                .n("ErrCd", 50)
                .s("ErrMsg", "No foreign configuration")
                .done(),
        ],
        50,
    )
}

pub(super) fn foreign(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    if foreign_configs(&st.adapters[i]).is_empty() {
        return no_foreign(idx);
    }
    let verb = cmd.verb();
    let preview = verb == "import" && cmd.has("preview");
    if verb == "show" || preview {
        let (dgs, pds) = foreign_lists(&st.adapters[i]);
        let data = Ob::new()
            .n("Total foreign DG Count", n64(dgs.len()))
            .n("Total foreign drive Count", n64(pds.len()))
            .j("FOREIGN DG LIST", J::A(dgs))
            .j("FOREIGN PD LIST", J::A(pds))
            .done();
        let desc = if preview {
            unv::FOREIGN_PREVIEW
        } else {
            "Show Foreign Config Succeeded."
        };
        return Resp::ok(idx, desc, Some(data));
    }
    let (word, desc) = match verb {
        "import" => ("import", "Successfully imported foreign configuration"),
        "del" | "delete" => ("clear", "Successfully deleted foreign configuration"),
        other => {
            return Resp::syntax_error(Some(idx), other);
        }
    };
    let mut inv = mega(idx, "cfgforeign");
    inv.words.push(word.to_owned());
    let (lines, code) = crate::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        return Resp::fail(
            Some(idx),
            &fill(
                unv::FAILED,
                &[(
                    "x",
                    if word == "import" {
                        "Import foreign configuration"
                    } else {
                        "Delete foreign configuration"
                    },
                )],
            ),
            vec![
                Ob::new()
                    .n("Controller", idx)
                    .s("Status", "Failure")
                    .n("ErrCd", errcd)
                    .s("ErrMsg", msg)
                    .done(),
            ],
            errcd,
        );
    }
    Resp::ok(idx, desc, None)
}

/// A MegaCli invocation on one adapter.
pub(super) fn mega(idx: u32, command: &str) -> Invocation {
    Invocation {
        command: command.to_owned(),
        adapters: AdapterSel::List(vec![idx]),
        ..Invocation::default()
    }
}

/// storcli error code and message for a MegaCli (MFI) status and its output lines.
pub(super) fn err_of(code: u32, lines: &[String]) -> (i32, String) {
    if lines
        .iter()
        .any(|l| l.contains("does not have the appropriate attributes"))
    {
        return (
            i32::try_from(code).unwrap_or(255),
            "resources already in use".to_owned(),
        );
    }
    match code {
        0x01 => (255, "Operation not allowed.".to_owned()),
        0x32 => (
            50,
            "device state doesn't support requested command".to_owned(),
        ),
        other => (
            i32::try_from(other).unwrap_or(255),
            unv::err_msg(other).to_owned(),
        ),
    }
}

pub(super) fn drive_fail(idx: u32, desc: &str, path: &str, errcd: i32, msg: &str) -> Resp {
    Resp::fail(
        Some(idx),
        desc,
        vec![
            Ob::new()
                .s("Drive", path)
                .s("Status", "Failure")
                .n("ErrCd", errcd)
                .s("ErrMsg", msg)
                .done(),
        ],
        errcd,
    )
}

/// Success and failure descriptions of a drive action.
pub(super) fn action_texts(cmd: &Cmd) -> Option<(String, String)> {
    let w = |x: &str| cmd.has(x);
    let pair = |ok: &str, fail: &str| Some((ok.to_owned(), fail.to_owned()));
    match cmd.verb() {
        "set" if w("offline") => pair("Set Drive Offline Succeeded.", unv::SET_OFFLINE_FAILED),
        "set" if w("online") => pair(unv::SET_ONLINE, unv::SET_ONLINE_FAILED),
        "set" if w("missing") => pair(unv::SET_MISSING, unv::SET_MISSING_FAILED),
        "set" if w("good") => pair("Set Drive Good Succeeded.", "Set Drive Good Failed."),
        "set" if w("jbod") => pair("Set Drive JBOD Succeeded.", "Set Drive JBOD Failed."),
        "insert" => pair(unv::INSERT, unv::INSERT_FAILED),
        "start" if w("rebuild") => pair(unv::START_REBUILD, unv::START_REBUILD_FAILED),
        "stop" if w("rebuild") => pair(unv::STOP_REBUILD, unv::STOP_REBUILD_FAILED),
        "start" if w("locate") => pair(unv::START_LOCATE, unv::START_LOCATE_FAILED),
        "stop" if w("locate") => pair(unv::STOP_LOCATE, unv::STOP_LOCATE_FAILED),
        "start" if w("copyback") => pair(unv::START_COPYBACK, unv::START_COPYBACK_FAILED),
        "stop" if w("copyback") => pair(unv::STOP_COPYBACK, unv::STOP_COPYBACK_FAILED),
        "add" if w("hotsparedrive") => pair("Add Hot Spare Succeeded.", unv::ADD_HSP_FAILED),
        "delete" if w("hotsparedrive") => pair(unv::DELETE_HSP, unv::DELETE_HSP_FAILED),
        "spindown" => pair("Spin Down Drive Succeeded.", unv::SPIN_DOWN_FAILED),
        "spinup" => pair("Spin Up Drive Succeeded.", "Spin Up Drive Failed."),
        _ => None,
    }
}

pub(super) fn drive_action(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let Some((ok_text, fail_text)) = action_texts(cmd) else {
        return Resp::syntax_error(Some(idx), cmd.verb());
    };
    let Some(addr) = one_address(cmd) else {
        return Resp::syntax_error(Some(idx), "sall");
    };
    let path = drive_path(idx, addr);
    let ad = &st.adapters[i];
    let Some(d) = ad.drive(addr) else {
        return drive_fail(
            idx,
            &fail_text,
            &path,
            unv::DRIVE_NOT_FOUND_CODE,
            unv::DRIVE_NOT_FOUND,
        );
    };
    let state = d.state.clone();
    let verb = cmd.verb();
    let mut inv = mega(idx, "");
    inv.drives = vec![addr];
    match verb {
        "set" if cmd.has("offline") => inv.command = "pdoffline".to_owned(),
        "set" if cmd.has("online") => inv.command = "pdonline".to_owned(),
        "set" if cmd.has("missing") => inv.command = "pdmarkmissing".to_owned(),
        "set" if cmd.has("good") => {
            inv.command = "pdmakegood".to_owned();
            if cmd.has("force") {
                inv.words.push("force".to_owned());
            }
        }
        "set" => inv.command = "pdmakejbod".to_owned(),
        "insert" => {
            let num = |k: &str| cmd.get(k).and_then(|v| v.parse::<usize>().ok());
            let (Some(dg), Some(arr), Some(row)) = (num("dg"), num("array"), num("row")) else {
                return drive_fail(idx, &fail_text, &path, 255, unv::INSERT_ARGS);
            };
            if dg >= ad.groups.len() || arr >= ad.groups[dg].spans.len() {
                return drive_fail(idx, &fail_text, &path, 0x09, unv::err_msg(0x09));
            }
            inv.command = "pdreplacemissing".to_owned();
            inv.arrays = vec![ad.array_number(dg, arr)];
            inv.row = u32::try_from(row).ok();
        }
        "start" | "stop" if cmd.has("rebuild") => {
            inv.command = "pdrbld".to_owned();
            inv.words.push(verb.to_owned());
        }
        "start" | "stop" if cmd.has("locate") => {
            inv.command = "pdlocate".to_owned();
            if verb == "stop" {
                inv.words.push("stop".to_owned());
            } else {
                inv.words.push("start".to_owned());
            }
        }
        "start" if cmd.has("copyback") => {
            let Some(target) = cmd
                .get("target")
                .and_then(|t| t.parse::<DriveAddress>().ok())
            else {
                return drive_fail(idx, &fail_text, &path, 255, unv::COPYBACK_TARGET);
            };
            inv.command = "pdcpybk".to_owned();
            inv.words.push("start".to_owned());
            inv.drives = vec![addr, target];
        }
        "stop" if cmd.has("copyback") => {
            inv.command = "pdcpybk".to_owned();
            inv.words.push("stop".to_owned());
        }
        "add" => {
            inv.command = "pdhsp".to_owned();
            inv.words.push("set".to_owned());
            if let Some(dgs) = cmd.get("dgs") {
                inv.words.push("dedicated".to_owned());
                for part in dgs.split(',') {
                    let Some(g) = part
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|g| *g < ad.groups.len())
                    else {
                        return drive_fail(idx, &fail_text, &path, 0x09, unv::err_msg(0x09));
                    };
                    inv.arrays.push(ad.array_number(g, 0));
                }
            }
            if cmd.has("nonrevertible") {
                inv.words.push("nonrevertible".to_owned());
            }
        }
        "delete" => {
            inv.command = "pdhsp".to_owned();
            inv.words.push("rmv".to_owned());
        }
        "spindown" => inv.command = "pdprprmv".to_owned(),
        "spinup" => {
            inv.command = "pdprprmv".to_owned();
            inv.words.push("undo".to_owned());
        }
        _ => {
            return Resp::syntax_error(Some(idx), verb);
        }
    }
    let jbod_refusal =
        inv.command == "pdmakegood" && state == FirmwareState::Jbod && !cmd.has("force");
    let (lines, code) = crate::dispatch(st, &inv);
    if code == 0 {
        return Resp::ok(idx, &ok_text, None);
    }
    if jbod_refusal {
        return drive_fail(
            idx,
            &fail_text,
            &path,
            255,
            "Drive is JBOD! Use -force option to confirm.",
        );
    }
    let (errcd, msg) = err_of(code, &lines);
    drive_fail(idx, &fail_text, &path, errcd, &msg)
}

pub(super) fn ctrl_set(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let Some((k, v)) = cmd.kv.first().cloned() else {
        return Resp::syntax_error(Some(idx), "set");
    };
    let mut inv = mega(idx, "adpsetprop");
    let Some((prop, shown)) = ctrl_set_invocation(&k, &v, &mut inv) else {
        return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE);
    };
    if let Err(refused) = dispatch_set(st, &inv, idx, prop, &v) {
        return refused;
    }
    Resp::ok(idx, "None", Some(ctrl_prop(prop, &shown)))
}

/// The value of an `on`/`off` setting, in the words of the MegaCli command that sets it.
fn on_off<T>(lv: &str, on: T, off: T) -> Option<T> {
    match lv {
        "on" => Some(on),
        "off" => Some(off),
        _ => None,
    }
}

/// Fills in the MegaCli invocation for `/cN set KEY=VALUE`: the property's name and the value
/// storcli shows back, or `None` for a key or value it does not take.
fn ctrl_set_invocation(k: &str, v: &str, inv: &mut Invocation) -> Option<(&'static str, String)> {
    let lv = v.to_ascii_lowercase();
    let shown = lv.to_ascii_uppercase();
    match k {
        "alarm" => {
            let w = match lv.as_str() {
                "silence" => "alarmsilence",
                _ => on_off(lv.as_str(), "alarmenbl", "alarmdsbl")?,
            };
            inv.words.push(w.to_owned());
            Some(("Alarm", shown))
        }
        "rebuildrate" => {
            let n = v
                .trim_end_matches('%')
                .parse::<i64>()
                .ok()
                .filter(|n| (0..=100).contains(n))?;
            inv.words.push("rebuildrate".to_owned());
            inv.numbers.push(n);
            Some(("Rebuildrate", format!("{n}%")))
        }
        "autorebuild" => {
            inv.command = "adpautorbld".to_owned();
            inv.words
                .push(on_off(lv.as_str(), "enbl", "dsbl")?.to_owned());
            Some(("AutoRebuild", shown))
        }
        "copyback" => {
            inv.words.push("copybackdsbl".to_owned());
            inv.numbers.push(on_off(lv.as_str(), 0, 1)?);
            Some(("Copyback", shown))
        }
        "jbod" => {
            inv.words.push("enablejbod".to_owned());
            inv.numbers.push(on_off(lv.as_str(), 1, 0)?);
            Some(("JBOD", shown))
        }
        _ => None,
    }
}

/// Runs a `set` as its MegaCli invocation; the firmware's refusal in storcli's `set` shape.
fn dispatch_set(
    st: &mut SimState,
    inv: &Invocation,
    idx: u32,
    prop: &str,
    v: &str,
) -> Result<(), Resp> {
    let (lines, code) = crate::dispatch(st, inv);
    if code == 0 {
        return Ok(());
    }
    let (errcd, msg) = err_of(code, &lines);
    Err(set_fail(idx, prop, v, errcd, &msg))
}

pub(super) fn set_fail(idx: u32, prop: &str, _value: &str, errcd: i32, msg: &str) -> Resp {
    Resp::fail(
        Some(idx),
        "None",
        vec![
            Ob::new()
                .n("Ctrl", idx)
                .s("Status", "Failed")
                .s("Property", prop)
                .s("ErrMsg", msg)
                .n("ErrCd", errcd)
                .done(),
        ],
        errcd,
    )
}

/// Parses `drives=32:0-2,32:5,:3`.
pub(super) fn parse_drive_list(text: &str) -> Option<Vec<DriveAddress>> {
    let mut out = Vec::new();
    let mut last_encl: Option<u16> = None;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (encl, slots) = match part.split_once(':') {
            Some((e, s)) => {
                let e = e.trim();
                let enc = if e.is_empty() {
                    None
                } else {
                    Some(e.parse().ok()?)
                };
                last_encl = enc;
                (enc, s)
            }
            None => (last_encl, part),
        };
        let (a, b) = match slots.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u16>().ok()?, b.trim().parse::<u16>().ok()?),
            None => {
                let s = slots.trim().parse::<u16>().ok()?;
                (s, s)
            }
        };
        if b < a {
            return None;
        }
        for slot in a..=b {
            out.push(DriveAddress {
                enclosure: encl,
                slot,
            });
        }
    }
    Some(out)
}

pub(super) fn add_vd(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let fail = |msg: &str, code: i32| Resp::fail(Some(idx), msg, Vec::new(), code);
    let Some(level) = cmd
        .get("type")
        .or_else(|| {
            cmd.words
                .iter()
                .find(|w| w.starts_with('r'))
                .map(String::as_str)
        })
        .map(|t| {
            t.to_ascii_lowercase()
                .trim_start_matches("raid")
                .trim_start_matches('r')
                .to_owned()
        })
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return fail(unv::ADD_VD_ARGS, 255);
    };
    let Some(drives) = cmd.get("drives").and_then(parse_drive_list) else {
        return fail(unv::ADD_VD_ARGS, 255);
    };
    let spanned = matches!(level, 10 | 50 | 60 | 0) && cmd.get("pdperarray").is_some()
        || matches!(level, 10 | 50 | 60);
    let mut inv = mega(idx, if spanned { "cfgspanadd" } else { "cfgldadd" });
    if spanned {
        let per = cmd
            .get("pdperarray")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(if level == 10 { 2 } else { drives.len() / 2 })
            .max(1);
        if !drives.len().is_multiple_of(per) {
            return fail("Add VD Failed.", 255);
        }
        inv.raid = Some((level, Vec::new()));
        inv.span_arrays = drives.chunks(per).map(<[DriveAddress]>::to_vec).collect();
    } else {
        inv.raid = Some((level, drives));
    }
    for w in ["wt", "wb", "nora", "ra", "direct", "cached"] {
        if cmd.has(w) {
            inv.words.push(w.to_owned());
        }
    }
    // Always write back: write back, and keep it with a bad battery.
    if cmd.has("awb") {
        inv.words
            .extend(["wb".to_owned(), "cachedbadbbu".to_owned()]);
    }
    if let Some(s) = cmd.get("strip") {
        inv.words.push(format!("strpsz{s}"));
    }
    let (lines, code) = crate::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        if msg == "resources already in use" {
            return fail("resources already in use", errcd);
        }
        return Resp::fail(
            Some(idx),
            "Add VD Failed.",
            vec![
                Ob::new()
                    .n("Ctrl", idx)
                    .s("Status", "Failed")
                    .n("ErrCd", errcd)
                    .s("ErrMsg", msg)
                    .done(),
            ],
            errcd,
        );
    }
    if let Some(name) = cmd.get("name") {
        let target = lines
            .iter()
            .find_map(|l| l.split("Created VD ").nth(1))
            .and_then(|t| t.trim().parse::<u32>().ok());
        if let Some(t) = target {
            if let Some(v) = st.adapters[i].vds.iter_mut().find(|v| v.target == t) {
                v.name = name.to_owned();
            }
        }
    }
    Resp::ok(idx, "Add VD Succeeded.", None)
}

pub(super) fn vd_delete(st: &mut SimState, i: usize, vsel: Sel) -> Resp {
    let idx = st.adapters[i].index;
    let mut inv = mega(idx, "cfglddel");
    inv.lds = match vsel {
        Sel::All => LdSel::All,
        Sel::One(n) => LdSel::List(vec![n]),
    };
    if let Sel::One(n) = vsel {
        if !st.adapters[i].vds.iter().any(|v| v.target == n) {
            return vd_fail(idx, n, unv::DELETE_VD_FAILED, unv::VD_NOT_FOUND_MSG);
        }
    }
    vd_action(st, &inv, idx, unv::DELETE_VD_FAILED, "Delete VD succeeded")
}

/// A VD command refused before it reaches the firmware (the VD is not there, or has nothing
/// to act on).
fn vd_fail(idx: u32, target: u32, desc: &str, msg: &str) -> Resp {
    Resp::fail(
        Some(idx),
        desc,
        vec![
            Ob::new()
                .s("VD", format!("/c{idx}/v{target}"))
                .s("Status", "Failure")
                .n("ErrCd", 255)
                .s("ErrMsg", msg)
                .done(),
        ],
        255,
    )
}

/// Runs a VD command as its MegaCli invocation: `ok` when the firmware carries it out, else
/// `fail` with the firmware's error code and message.
fn vd_action(st: &mut SimState, inv: &Invocation, idx: u32, fail: &str, ok: &str) -> Resp {
    let (lines, code) = crate::dispatch(st, inv);
    if code == 0 {
        return Resp::ok(idx, ok, None);
    }
    let (errcd, msg) = err_of(code, &lines);
    Resp::fail(
        Some(idx),
        fail,
        vec![
            Ob::new()
                .s("Status", "Failure")
                .n("ErrCd", errcd)
                .s("ErrMsg", msg)
                .done(),
        ],
        errcd,
    )
}

/// `/cN show preservedcache`: the VDs whose cache is pinned.
pub(super) fn preserved_cache_show(ad: &crate::state::Adapter) -> Resp {
    let idx = ad.index;
    if ad.preserved_cache.is_empty() {
        return Resp::ok(idx, unv::NO_PRESERVED_CACHE, None);
    }
    let rows: Vec<J> = ad
        .preserved_cache
        .iter()
        .map(|t| {
            let state = if ad.vds.iter().any(|v| v.target == *t) {
                "Offline"
            } else {
                "Missing"
            };
            Ob::new().n("VD", *t).s("State", state).done()
        })
        .collect();
    Resp::ok_list(idx, "Preserved Cache", rows)
}

/// `/cN/vX delete preservedcache [force]`: that VD's pinned cache only; a VD without any is
/// a failure, as storcli reports an operation that did nothing.
pub(super) fn vd_discard_cache(st: &mut SimState, i: usize, vsel: Sel) -> Resp {
    let idx = st.adapters[i].index;
    let Sel::One(t) = vsel else {
        // `/vall delete preservedcache`: every VD's, as the real tool does.
        let mut inv = mega(idx, "discardpreservedcache");
        inv.lds = LdSel::All;
        let _ = crate::dispatch(st, &inv);
        return Resp::ok(idx, unv::CACHE_DISCARDED, None);
    };
    if !st.adapters[i].preserved_cache.contains(&t) {
        return vd_fail(idx, t, unv::CACHE_DISCARD_FAILED, unv::NO_CACHE_FOR_VD);
    }
    let mut inv = mega(idx, "discardpreservedcache");
    inv.lds = LdSel::List(vec![t]);
    vd_action(
        st,
        &inv,
        idx,
        unv::CACHE_DISCARD_FAILED,
        unv::CACHE_DISCARDED,
    )
}

/// `/cN/vX set wrcache=wt|wb|awb`, `rdcache=ra|nora`, `iopolicy=direct|cached`,
/// `pdcache=on|off|default` and `set name=NAME`. The cache settings run as MegaCli's
/// `-LDSetProp` on the same state (`awb` is `WB` then `CachedBadBBU`: storcli folds the
/// battery flag into the write policy; `wb` clears it).
pub(super) fn vd_set(st: &mut SimState, i: usize, vsel: Sel, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let targets: Vec<u32> = match vsel {
        Sel::All => st.adapters[i].vds.iter().map(|v| v.target).collect(),
        Sel::One(t) => vec![t],
    };
    let Some((k, v)) = cmd.kv.first().cloned() else {
        return Resp::syntax_error(Some(idx), "set");
    };
    for t in &targets {
        if !st.adapters[i].vds.iter().any(|x| x.target == *t) {
            return Resp::fail(Some(idx), unv::VD_NOT_FOUND_MSG, Vec::new(), 255);
        }
    }
    let value = v.to_ascii_lowercase();
    let words: &[&str] = match (k.as_str(), value.as_str()) {
        ("wrcache", "wt") => &["wt"],
        ("wrcache", "wb") => &["wb", "nocachedbadbbu"],
        ("wrcache", "awb") => &["wb", "cachedbadbbu"],
        ("rdcache", "ra") => &["ra"],
        ("rdcache", "nora") => &["nora"],
        ("iopolicy", "direct") => &["direct"],
        ("iopolicy", "cached") => &["cached"],
        ("wrcache" | "rdcache" | "iopolicy", _) => {
            return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE);
        }
        _ => &[],
    };
    for w in words {
        let mut inv = mega(idx, "ldsetprop");
        inv.words.push((*w).to_owned());
        inv.lds = LdSel::List(targets.clone());
        if let Err(refused) = dispatch_set(st, &inv, idx, &k, &v) {
            return refused;
        }
    }
    match k.as_str() {
        "wrcache" | "rdcache" | "iopolicy" => {}
        "pdcache" => {
            let policy = match v.to_ascii_lowercase().as_str() {
                "on" => "Enabled",
                "off" => "Disabled",
                "default" => "Disk's Default",
                _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
            };
            let clock = st.clock;
            for t in &targets {
                crate::ldprop::change_logged(&mut st.adapters[i], clock, *t, |vd| {
                    policy.clone_into(&mut vd.disk_cache);
                });
            }
        }
        "name" => {
            if v.len() > 15 || !v.chars().all(|c| c.is_ascii_graphic()) {
                return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE);
            }
            for t in &targets {
                if let Some(vd) = st.adapters[i].vds.iter_mut().find(|x| x.target == *t) {
                    vd.name.clone_from(&v);
                }
            }
        }
        _ => {
            return Resp::syntax_error(Some(idx), &k);
        }
    }
    let rows: Vec<J> = targets
        .iter()
        .map(|t| {
            Ob::new()
                .n("VD", *t)
                .s("Property", k.as_str())
                .s("Value", v.as_str())
                .s("Status", "Success")
                .n("ErrCd", 0)
                .s("ErrMsg", "-")
                .done()
        })
        .collect();
    Resp {
        ctrl: Some(idx),
        ok: true,
        description: "None".to_owned(),
        detailed: rows,
        data: None,
        code: 0,
    }
}
