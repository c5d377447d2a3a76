//! `omconfig storage ...`: actions translated into MegaCli invocations on the same state.

use super::*;

fn mega(idx: u32, command: &str) -> Invocation {
    Invocation {
        command: command.to_owned(),
        adapters: AdapterSel::List(vec![idx]),
        ..Invocation::default()
    }
}

fn success() -> (String, i32) {
    ("Command successful!\n".to_owned(), 0)
}

/// Runs a MegaCli invocation and turns its status into omconfig's answer.
fn run_mega(st: &mut SimState, inv: &Invocation) -> (String, i32) {
    let (lines, code) = crate::dispatch(st, inv);
    if code == 0 {
        return success();
    }
    let reason = if lines
        .iter()
        .any(|l| l.contains("does not have the appropriate attributes"))
    {
        "The specified physical disk does not have the appropriate attributes to complete the requested command."
            .to_owned()
    } else {
        unv::reason(code).to_owned()
    };
    err(&fill(unv::FAILED, &[("x", &reason)]))
}

/// Answers `omconfig` argv against a state; returns stdout and exit status.
pub fn omconfig(st: &mut SimState, args: &[String]) -> (String, i32) {
    let a = OmArgs::parse(args);
    if a.help || a.words.is_empty() {
        return system::usage(&a, "omconfig");
    }
    if a.words.first().map(String::as_str) != Some("storage") {
        return err(&fill(unv::INVALID_COMMAND, &[("x", &args.join(" "))]));
    }
    let Some(action) = a.get("action").map(str::to_ascii_lowercase) else {
        return err(unv::MISSING_ACTION);
    };
    let Some(c) = a.get("controller") else {
        return err(unv::MISSING_CONTROLLER);
    };
    let Some(i) = c
        .parse::<u32>()
        .ok()
        .and_then(|n| st.adapters.iter().position(|ad| ad.index == n))
    else {
        return err(&fill(unv::INVALID_CONTROLLER, &[("x", c)]));
    };
    match (a.object(), action.as_str()) {
        (
            "pdisk",
            "blink"
            | "unblink"
            | "offline"
            | "online"
            | "remove"
            | "rebuild"
            | "cancelrebuild"
            | "assignglobalhotspare",
        ) => pdisk_action(st, i, &a, &action),
        ("controller", "clearforeignconfig" | "importforeignconfig") => {
            foreign_action(st, i, &action)
        }
        ("controller", "createvdisk") => create_vdisk(st, i, &a),
        ("vdisk", "replacememberdisk") => replace_member(st, i, &a),
        ("vdisk", "assigndedicatedhotspare") => dedicated_hotspare(st, i, &a),
        ("vdisk", "changepolicy") => change_policy(st, i, &a),
        ("vdisk", "rename") => rename_vdisk(st, i, &a),
        ("controller", "discardpreservedcache") => discard_preserved_cache(st, i, &a),
        ("vdisk", "deletevdisk") => delete_vdisk(st, i, &a),
        (obj, act) => err(&fill(
            unv::INVALID_COMMAND,
            &[("x", &format!("{obj} action={act}"))],
        )),
    }
}

/// The drive `key=` names on adapter `i`, or the error omconfig answers.
fn pdisk_arg(
    st: &SimState,
    i: usize,
    a: &OmArgs,
    key: &str,
) -> Result<DriveAddress, (String, i32)> {
    let id = a
        .get(key)
        .ok_or_else(|| err(&fill(unv::MISSING_PARAMETER, &[("x", key)])))?;
    let addr = parse_pdisk(&st.adapters[i], id)
        .ok_or_else(|| err(&fill(unv::INVALID_PDISK, &[("x", id)])))?;
    if st.adapters[i].drive(addr).is_none() {
        return Err(err(&fill(unv::INVALID_PDISK, &[("x", id)])));
    }
    Ok(addr)
}

/// `storage pdisk action=...`: locate, state, rebuild and global hot spare actions.
fn pdisk_action(st: &mut SimState, i: usize, a: &OmArgs, action: &str) -> (String, i32) {
    let idx = st.adapters[i].index;
    let addr = match pdisk_arg(st, i, a, "pdisk") {
        Ok(x) => x,
        Err(e) => return e,
    };
    let mut inv = mega(idx, "");
    inv.drives = vec![addr];
    let (command, word) = match action {
        "blink" => ("pdlocate", Some("start")),
        "unblink" => ("pdlocate", Some("stop")),
        "offline" => ("pdoffline", None),
        "online" => ("pdonline", None),
        "remove" => ("pdprprmv", None),
        "rebuild" => ("pdrbld", Some("start")),
        "cancelrebuild" => ("pdrbld", Some("stop")),
        _ => match a.get("assign").map(str::to_ascii_lowercase).as_deref() {
            Some("yes") => ("pdhsp", Some("set")),
            Some("no") => ("pdhsp", Some("rmv")),
            _ => return err(&fill(unv::MISSING_PARAMETER, &[("x", "assign")])),
        },
    };
    inv.command = command.to_owned();
    inv.words.extend(word.map(str::to_owned));
    run_mega(st, &inv)
}

/// `storage controller action=clearforeignconfig|importforeignconfig`.
fn foreign_action(st: &mut SimState, i: usize, action: &str) -> (String, i32) {
    let idx = st.adapters[i].index;
    if foreign_configs(&st.adapters[i]).is_empty() {
        return err(unv::NO_FOREIGN);
    }
    let mut inv = mega(idx, "cfgforeign");
    inv.words.push(
        if action == "clearforeignconfig" {
            "clear"
        } else {
            "import"
        }
        .to_owned(),
    );
    run_mega(st, &inv)
}

/// `storage vdisk action=replacememberdisk`: a copyback from a member to another drive.
fn replace_member(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let (src, dst) = match (
        pdisk_arg(st, i, a, "source"),
        pdisk_arg(st, i, a, "destination"),
    ) {
        (Ok(s), Ok(d)) => (s, d),
        (Err(e), _) | (_, Err(e)) => return e,
    };
    let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
    };
    let ad = &st.adapters[i];
    let Some(vd) = ad.vds.iter().find(|x| x.target == v) else {
        return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
    };
    let member = ad
        .position(src)
        .is_some_and(|p| ad.groups[p.group].uid == vd.group_uid);
    if !member {
        return err(&fill(
            unv::NOT_A_MEMBER,
            &[("x", a.get("source").unwrap_or(""))],
        ));
    }
    let mut inv = mega(idx, "pdcpybk");
    inv.words.push("start".to_owned());
    inv.drives = vec![src, dst];
    run_mega(st, &inv)
}

/// `storage vdisk action=assigndedicatedhotspare`: a spare dedicated to one VD's arrays.
fn dedicated_hotspare(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let addr = match pdisk_arg(st, i, a, "pdisk") {
        Ok(x) => x,
        Err(e) => return e,
    };
    let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
    };
    let ad = &st.adapters[i];
    let Some(arrays) = vd_arrays(ad, v) else {
        return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
    };
    let mut inv = mega(idx, "pdhsp");
    inv.drives = vec![addr];
    match a.get("assign").map(str::to_ascii_lowercase).as_deref() {
        Some("yes") => {
            inv.words.extend(["set".to_owned(), "dedicated".to_owned()]);
            inv.arrays = arrays;
        }
        Some("no") => inv.words.push("rmv".to_owned()),
        _ => return err(&fill(unv::MISSING_PARAMETER, &[("x", "assign")])),
    }
    run_mega(st, &inv)
}

/// `storage vdisk action=rename`.
fn rename_vdisk(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
    };
    let Some(name) = a.get("name") else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "name")]));
    };
    if !st.adapters[i].vds.iter().any(|x| x.target == v) {
        return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
    }
    let mut inv = mega(idx, "ldsetprop");
    inv.name = Some(name.to_owned());
    inv.lds = LdSel::List(vec![v]);
    run_mega(st, &inv)
}

/// `storage controller action=discardpreservedcache`.
fn discard_preserved_cache(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    // OpenManage discards every VD's preserved cache at once, and only when no
    // foreign configuration could bring a VD back and no VD is offline or missing.
    let ad = &st.adapters[i];
    if ad.preserved_cache.is_empty() {
        return err(unv::NO_PRESERVED_CACHE);
    }
    if !foreign_configs(ad).is_empty() {
        return err(unv::DISCARD_FOREIGN);
    }
    let offline = ad
        .vds
        .iter()
        .any(|v| ad.vd_state(v) == raidctl_model::LdState::Offline);
    if offline {
        return err(unv::DISCARD_OFFLINE_VD);
    }
    if !a
        .get("force")
        .is_some_and(|f| f.eq_ignore_ascii_case("enabled"))
    {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "force=enabled")]));
    }
    let mut inv = mega(idx, "discardpreservedcache");
    inv.lds = LdSel::All;
    run_mega(st, &inv)
}

/// `storage vdisk action=deletevdisk`.
fn delete_vdisk(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
    };
    if !st.adapters[i].vds.iter().any(|x| x.target == v) {
        return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
    }
    let mut inv = mega(idx, "cfglddel");
    inv.lds = LdSel::List(vec![v]);
    run_mega(st, &inv)
}

/// One value of a `changepolicy` parameter and the `-LDSetProp` words it runs.
type Choice = (&'static str, &'static [&'static str]);

/// `vdisk action=changepolicy vdisk=N` with any of `writepolicy=wt|wb|fwb`,
/// `readpolicy=ra|nra|ara`, `diskcachepolicy=enabled|disabled`: each runs as MegaCli's
/// `-LDSetProp` on the same state (`fwb` is `WB` then `CachedBadBBU`, `wb` clears the latter).
/// Every value is checked before anything changes.
fn change_policy(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
    };
    if !st.adapters[i].vds.iter().any(|x| x.target == v) {
        return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
    }
    let table: [(&str, &[Choice]); 3] = [
        (
            "writepolicy",
            &[
                ("wt", &["wt"]),
                ("wb", &["wb", "nocachedbadbbu"]),
                ("fwb", &["wb", "cachedbadbbu"]),
            ],
        ),
        (
            "readpolicy",
            &[("ra", &["ra"]), ("nra", &["nora"]), ("ara", &["adra"])],
        ),
        (
            "diskcachepolicy",
            &[("enabled", &["endskcache"]), ("disabled", &["disdskcache"])],
        ),
    ];
    let mut words: Vec<&str> = Vec::new();
    for (key, values) in table {
        let Some(given) = a.get(key).map(str::to_ascii_lowercase) else {
            continue;
        };
        match values.iter().find(|(name, _)| *name == given) {
            Some((_, w)) => words.extend_from_slice(w),
            None => return err(&fill(unv::INVALID_VALUE, &[("x", key)])),
        }
    }
    if words.is_empty() {
        return err(&fill(
            unv::MISSING_PARAMETER,
            &[("x", "writepolicy, readpolicy or diskcachepolicy")],
        ));
    }
    for w in words {
        let mut inv = mega(idx, "ldsetprop");
        inv.words.push(w.to_owned());
        inv.lds = LdSel::List(vec![v]);
        let answer = run_mega(st, &inv);
        if answer.1 != 0 {
            return answer;
        }
    }
    success()
}

/// MegaCli array numbers (spans counted across groups) of the group holding VD `target`.
fn vd_arrays(ad: &Adapter, target: u32) -> Option<Vec<u32>> {
    let vd = ad.vds.iter().find(|x| x.target == target)?;
    let g = ad.group_index(vd.group_uid)?;
    let first: usize = ad.groups[..g].iter().map(|x| x.spans.len()).sum();
    let n = ad.groups[g].spans.len();
    (first..first + n).map(|x| u32::try_from(x).ok()).collect()
}

fn create_vdisk(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let Some(level) = a
        .get("raid")
        .map(|r| r.to_ascii_lowercase())
        .and_then(|r| r.trim_start_matches('r').parse::<u32>().ok())
    else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "raid")]));
    };
    let Some(list) = a.get("pdisk") else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "pdisk")]));
    };
    let mut drives = Vec::new();
    for id in list.split(',').filter(|p| !p.trim().is_empty()) {
        match parse_pdisk(&st.adapters[i], id) {
            Some(x) if st.adapters[i].drive(x).is_some() => drives.push(x),
            _ => return err(&fill(unv::INVALID_PDISK, &[("x", id)])),
        }
    }
    if a.get("size")
        .is_some_and(|s| !s.eq_ignore_ascii_case("max"))
    {
        return err(unv::SIZE_MAX_ONLY);
    }
    let spanned = matches!(level, 10 | 50 | 60);
    let mut inv = mega(idx, if spanned { "cfgspanadd" } else { "cfgldadd" });
    if spanned {
        let per = a
            .get("spanlength")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(if level == 10 { 2 } else { drives.len() / 2 })
            .max(1);
        if !drives.len().is_multiple_of(per) {
            return err(&fill(unv::FAILED, &[("x", unv::reason(0x03))]));
        }
        inv.raid = Some((level, Vec::new()));
        inv.span_arrays = drives.chunks(per).map(<[DriveAddress]>::to_vec).collect();
    } else {
        inv.raid = Some((level, drives));
    }
    match a.get("writepolicy").map(str::to_ascii_lowercase).as_deref() {
        Some("wt") => inv.words.push("wt".to_owned()),
        Some("wb") => inv.words.push("wb".to_owned()),
        Some("fwb") => inv
            .words
            .extend(["wb".to_owned(), "cachedbadbbu".to_owned()]),
        _ => {}
    }
    match a.get("readpolicy").map(str::to_ascii_lowercase).as_deref() {
        Some("nra") => inv.words.push("nora".to_owned()),
        Some("ra") => inv.words.push("ra".to_owned()),
        Some("ara") => inv.words.push("adra".to_owned()),
        _ => {}
    }
    match a.get("cachepolicy").map(str::to_ascii_lowercase).as_deref() {
        Some("c") => inv.words.push("cached".to_owned()),
        Some("d") => inv.words.push("direct".to_owned()),
        _ => {}
    }
    if let Some(s) = a.get("stripesize") {
        inv.words.push(format!(
            "strpsz{}",
            s.to_ascii_lowercase().trim_end_matches("kb")
        ));
    }
    let (lines, code) = crate::dispatch(st, &inv);
    if code != 0 {
        let reason = if lines
            .iter()
            .any(|l| l.contains("does not have the appropriate attributes"))
        {
            "The specified physical disk does not have the appropriate attributes to complete the requested command."
        } else {
            unv::reason(code)
        };
        return err(&fill(unv::FAILED, &[("x", reason)]));
    }
    if let Some(name) = a.get("name") {
        let target = lines
            .iter()
            .find_map(|l| l.split("Created VD ").nth(1))
            .and_then(|t| t.trim().parse::<u32>().ok());
        if let Some(v) = target.and_then(|t| st.adapters[i].vds.iter_mut().find(|v| v.target == t))
        {
            v.name = name.to_owned();
        }
    }
    success()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios;

    fn argv(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    /// A dedicated spare names its VD; the simulator dedicates it to that VD's arrays, and
    /// takes it back with `assign=no`.
    #[test]
    fn dedicated_spare_by_vdisk() {
        let mut st = scenarios::build("healthy").unwrap();
        let line = "storage vdisk action=assigndedicatedhotspare controller=0 vdisk=1 pdisk=0:1:8 assign=yes";
        assert_eq!(omconfig(&mut st, &argv(line)), success());
        let ad = &st.adapters[0];
        let d = ad.drive(DriveAddress::new(32, 8)).unwrap();
        assert_eq!(d.state, FirmwareState::Hotspare);
        let group = ad
            .groups
            .iter()
            .find(|g| ad.vds.iter().any(|v| v.target == 1 && v.group_uid == g.uid))
            .unwrap()
            .uid;
        assert_eq!(d.hotspare.as_ref().unwrap().dedicated, vec![group]);
        let (out, code) = omconfig(&mut st, &argv(&line.replace("vdisk=1", "vdisk=9")));
        assert_ne!(code, 0, "{out}");
        let off = line.replace("assign=yes", "assign=no");
        assert_eq!(omconfig(&mut st, &argv(&off)), success());
        let d = st.adapters[0].drive(DriveAddress::new(32, 8)).unwrap();
        assert_eq!(d.state, FirmwareState::UnconfiguredGood);
    }

    /// The disk cache policy of one VD, as `-LDSetProp -DisDskCache|-EnDskCache` sets it.
    #[test]
    fn disk_cache_policy() {
        let mut st = scenarios::build("healthy").unwrap();
        let line =
            "storage vdisk action=changepolicy controller=0 vdisk=1 diskcachepolicy=disabled";
        assert_eq!(omconfig(&mut st, &argv(line)), success());
        let vd = st.adapters[0].vds.iter().find(|v| v.target == 1).unwrap();
        assert_eq!(vd.disk_cache, "Disabled");
        let (out, code) = omconfig(&mut st, &argv(&line.replace("disabled", "maybe")));
        assert_ne!(code, 0, "{out}");
    }

    /// The write and read policy, alone or together, as OMSA's `changepolicy` takes them;
    /// a bad value changes nothing.
    #[test]
    fn write_and_read_policy() {
        let mut st = scenarios::build("healthy").unwrap();
        let line =
            "storage vdisk action=changepolicy controller=0 vdisk=1 writepolicy=wt readpolicy=nra";
        assert_eq!(omconfig(&mut st, &argv(line)), success());
        let vd = st.adapters[0].vds.iter().find(|v| v.target == 1).unwrap();
        assert!(!vd.write_back);
        assert_eq!(vd.read_policy, "ReadAheadNone");
        let before = st.adapters[0].vds.clone();
        let bad = "storage vdisk action=changepolicy controller=0 vdisk=1 writepolicy=fwb readpolicy=sometimes";
        let (out, code) = omconfig(&mut st, &argv(bad));
        assert!(code != 0 && out.contains("readpolicy"), "{out}");
        assert_eq!(st.adapters[0].vds, before);
        let fwb = "storage vdisk action=changepolicy controller=0 vdisk=1 writepolicy=fwb";
        assert_eq!(omconfig(&mut st, &argv(fwb)), success());
        let vd = st.adapters[0].vds.iter().find(|v| v.target == 1).unwrap();
        assert!(vd.write_back && vd.cached_bad_bbu);
    }

    /// Every unconfirmed command form raidctl sends is one the front end implements.
    #[test]
    fn unconfirmed_actions_are_implemented() {
        for form in unv::UNCONFIRMED_ACTIONS {
            let (object, action) = form.split_once(' ').unwrap();
            let mut st = scenarios::build("foreign").unwrap();
            let line = format!(
                "storage {object} action={action} controller=0 vdisk=1 pdisk=0:1:2 assign=yes"
            );
            let (out, _) = omconfig(&mut st, &argv(&line));
            assert!(!out.starts_with("Error! Invalid command"), "{form}: {out}");
        }
    }
}
