//! The storcli2/perccli2 (8.x) front end of the simulator against the perccli2 8.4 captures
//! of a PERC H965i in the corpus: the envelope's layout, the `Command Status` shape, key names
//! and order of the three views a snapshot reads, and the format of their values.

use crate::sim_vendor::{
    capture, compare, data, keys, ld_states, megacli, normalise, parsed, pd_states, status,
};
use raidctl::parse::{Kind, parse};
use raidctl::sim::scenarios;
use raidctl::sim::state::SimState;
use raidctl::sim::storcli::{self, J, Tool};

fn run(st: &mut SimState, tool: Tool, line: &str) -> (String, i32) {
    let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    storcli::run(st, tool, &args)
}

fn json(st: &mut SimState, tool: Tool, line: &str) -> (String, J) {
    let (text, code) = run(st, tool, &format!("{line} J"));
    assert_eq!(code, 0, "{line}: {text}");
    let j = J::parse(&text).unwrap_or_else(|e| panic!("{line}: invalid JSON ({e}): {text}"));
    (text, j)
}

/// The shape of a scalar: a number, a size (`446.625 GiB`), a size with sectors, a date, a
/// `DriveGroup:0, Span:0, Row:0` position, or other text.
fn shape(v: &J) -> &'static str {
    static RES: std::sync::OnceLock<[regex::Regex; 4]> = std::sync::OnceLock::new();
    let [size, sectors, date, pos] = RES.get_or_init(|| {
        [
            r"^\d+\.\d{3} (GiB|TiB)$",
            r"^\d+\.\d{3} (GiB|TiB) \[0x[0-9a-f]+ Sectors\]$",
            r"^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d$",
            r"^DriveGroup:\d+, Span:\d+, Row:\d+$",
        ]
        .map(|r| regex::Regex::new(r).unwrap())
    });
    match v {
        J::N(_) => "number",
        J::S(s) if size.is_match(s) => "size",
        J::S(s) if sectors.is_match(s) => "size [sectors]",
        J::S(s) if date.is_match(s) => "date",
        J::S(s) if pos.is_match(s) => "position",
        J::S(_) => "text",
        J::O(_) => "object",
        J::A(_) => "array",
    }
}

/// Every scalar the simulator prints under a key the capture has (first rows of lists
/// compared) has the capture's shape; `-` stands for any absent value in both.
fn same_shapes(what: &str, sim: &J, real: &J, checked: &mut usize) {
    match (sim, real) {
        (J::O(s), J::O(r)) => {
            for (k, v) in s {
                let nk = normalise(k);
                if let Some((_, rv)) = r.iter().find(|(rk, _)| normalise(rk) == nk) {
                    same_shapes(&format!("{what} / {nk}"), v, rv, checked);
                }
            }
        }
        (J::A(s), J::A(r)) => {
            if let (Some(s0), Some(r0)) = (s.first(), r.first()) {
                same_shapes(&format!("{what}[0]"), s0, r0, checked);
            }
        }
        (J::S(a), _) | (_, J::S(a)) if a == "-" => {}
        _ => {
            *checked += 1;
            assert_eq!(shape(sim), shape(real), "{what}: {sim:?} vs {real:?}");
        }
    }
}

const CAPTURES: [(&str, &str); 3] = [
    (
        "/c0 show all",
        "perccli/bodik-perccli__output_8.4.0.22_controllers_ok.json",
    ),
    (
        "/c0/eall/sall show all",
        "perccli/bodik-perccli__output_8.4.0.22_pdisks_ok.json",
    ),
    (
        "/c0/vall show all",
        "perccli/bodik-perccli__output_8.4.0.22_vdisks_ok.json",
    ),
];

#[test]
fn perccli2_views_match_the_8x_captures() {
    // `hotspare` has global spares and unconfigured drives besides the VD members.
    let mut st = scenarios::build("hotspare").unwrap();
    for tool in [Tool::Perccli2, Tool::Storcli2] {
        for (line, rel) in CAPTURES {
            let (text, sim) = json(&mut st, tool, line);
            let real = capture(rel);
            let raw = std::fs::read_to_string(crate::util::corpus().join(rel)).unwrap();
            // Layout: unindented envelope, then one tab per level and `"key" : value`.
            let head = |t: &str| t.lines().take(5).map(str::to_owned).collect::<Vec<_>>();
            let (sh, rh) = (head(&text), head(&raw));
            assert_eq!(sh[..4], rh[..4], "{line}: envelope layout");
            assert!(sh[4].starts_with("\t\t\"CLI Version\" : \"008."), "{sh:?}");
            // Command Status: the same keys in order, `Controller` a string.
            assert_eq!(keys(status(&sim)), keys(status(&real)), "{line}");
            assert_eq!(status(&sim).get("Controller"), Some(&J::S("0".into())));
            assert_eq!(
                status(&sim).get("Description"),
                status(&real).get("Description"),
                "{line}"
            );
            // Keys in the capture's order; list rows with exactly its columns.
            compare(line, data(&sim), data(&real));
            let mut checked = 0;
            same_shapes(line, data(&sim), data(&real), &mut checked);
            assert!(checked > 20, "{line}: only {checked} values compared");
        }
    }
    // The sections a snapshot needs are all there.
    let (_, all) = json(&mut st, Tool::Perccli2, "/c0 show all");
    for section in [
        "TOPOLOGY",
        "VD LIST",
        "PD LIST",
        "LU/NS LIST",
        "Enclosure List",
        "Energy Pack Info",
    ] {
        assert!(data(&all).get(section).is_some(), "{section}");
    }
}

#[test]
fn perccli2_drive_states_are_state_status_pairs() {
    let mut st = scenarios::build("hotspare").unwrap();
    let (_, all) = json(&mut st, Tool::Perccli2, "/c0 show all");
    let Some(J::A(rows)) = data(&all).get("PD LIST") else {
        panic!("no PD LIST")
    };
    let pairs: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            let t = |k: &str| match r.get(k) {
                Some(J::S(s)) => s.clone(),
                other => panic!("{k}: {other:?}"),
            };
            (t("State"), t("Status"))
        })
        .collect();
    // The pairs the capture shows for members, spares and (by the same pattern) free drives.
    for want in [("Conf", "Online"), ("GHS", "Good")] {
        assert!(
            pairs.iter().any(|(a, b)| (a.as_str(), b.as_str()) == want),
            "{want:?} in {pairs:?}"
        );
    }
    // Global spares are in PD LIST but not in TOPOLOGY, as captured.
    let Some(J::A(topo)) = data(&all).get("TOPOLOGY") else {
        panic!("no TOPOLOGY")
    };
    assert!(
        topo.iter()
            .all(|r| r.get("State") != Some(&J::S("GHS".into())))
    );
}

#[test]
fn perccli2_has_no_battery_object_and_reports_the_energy_pack() {
    let mut st = scenarios::build("healthy").unwrap();
    for obj in ["/c0/cv", "/c0/bbu"] {
        let (text, code) = run(&mut st, Tool::Perccli2, &format!("{obj} show all J"));
        assert_ne!(code, 0, "{obj}: {text}");
        let j = J::parse(&text).unwrap();
        assert_eq!(status(&j).get("Status"), Some(&J::S("Failure".into())));
    }
    // The backend reads the energy pack from `/call show all`: one call fewer than 7.x.
    let (text, _) = run(&mut st, Tool::Perccli2, "/call show all J");
    let doc = raidctl::parse::parse(&text, None).unwrap();
    assert_eq!(doc.kind, "storcli2-json");
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    assert_eq!(doc.bbus.len(), 1, "{text}");
}

/// Every scenario's 8.x views parse cleanly as `storcli2-json` with the drive and VD states
/// of the MegaCli front end on the same state, and the topology gives the same missing rows.
#[test]
fn every_scenario_parses_with_the_megacli_states() {
    let mut missing_seen = 0;
    for scenario in scenarios::NAMES {
        let mut st = scenarios::build(scenario).unwrap();
        let (lines, _) = megacli(&mut st, "-PDList -aALL");
        let mega_pd = parse(&raidctl::sim::text::frame(&lines, 0), Some(Kind::PdList)).unwrap();
        let (lines, _) = megacli(&mut st, "-LDInfo -Lall -aALL");
        let mega_ld = parse(&raidctl::sim::text::frame(&lines, 0), Some(Kind::LdInfo)).unwrap();
        let (lines, _) = megacli(&mut st, "-PdGetMissing -aALL");
        let mega_missing = lines
            .iter()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .count();
        let (text, _) = run(&mut st, Tool::Storcli2, "/call show all J");
        let doc = parsed(&format!("{scenario}: show all"), &text);
        assert_eq!(doc.kind, "storcli2-json");
        assert_eq!(pd_states(&doc), pd_states(&mega_pd), "{scenario}: show all");
        assert_eq!(ld_states(&doc), ld_states(&mega_ld), "{scenario}: show all");
        let rows = doc
            .disk_groups
            .iter()
            .flat_map(|g| g.spans.iter())
            .flat_map(|s| s.rows.iter())
            .filter(|r| r.drive.is_none())
            .count();
        assert_eq!(rows, mega_missing, "{scenario}: missing rows");
        missing_seen += rows;
        let (text, _) = run(&mut st, Tool::Storcli2, "/call/eall/sall show all J");
        let doc = parsed(&format!("{scenario}: drives"), &text);
        assert_eq!(pd_states(&doc), pd_states(&mega_pd), "{scenario}: drives");
        assert!(
            doc.physical_drives.iter().all(|d| d.serial.is_some()),
            "{scenario}"
        );
        let (text, _) = run(&mut st, Tool::Storcli2, "/call/vall show all J");
        let doc = parsed(&format!("{scenario}: vds"), &text);
        assert_eq!(ld_states(&doc), ld_states(&mega_ld), "{scenario}: vds");
    }
    assert!(missing_seen > 0, "no scenario with a missing row");
}

/// A controller whose firmware answers `Support Mark Missing : No` (as the captured PERC H965i
/// on 8.4 does): status suggests `replace-drive` (from a cached snapshot too), which runs the
/// same-bay steps through perccli2 to an optimal VD without ever asking for a missing row,
/// and the front end refuses `set missing`.
#[test]
fn replace_drive_goes_into_the_same_bay_without_mark_missing() {
    use assert_cmd::Command;
    let raidctl = |dir: &std::path::Path| {
        let mut c = Command::cargo_bin("raidctl").unwrap();
        c.arg("--sim-state")
            .arg(dir)
            .args(["--quiet", "--timeout", "5", "--backend", "perccli2"])
            .env_remove("RAIDCTL_SIM")
            .env("RAIDCTL_NO_PROGRESS", "1");
        c
    };
    let mut st = scenarios::build("degraded").unwrap();
    st.adapters[0].settings.missing_row_ops = false;
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("no-missing-row-ops.json");
    std::fs::write(&file, serde_json::to_string(&st).unwrap()).unwrap();
    let dir = tmp.path().join("state");
    let (_, all) = json(&mut st, Tool::Perccli2, "/c0 show all");
    let ops = data(&all).get("Supported PD operations").unwrap();
    assert_eq!(ops.get("Support Mark Missing"), Some(&J::S("No".into())));
    raidctl(&dir)
        .arg("--sim")
        .arg(&file)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    for max_age in ["0", "300"] {
        let out = raidctl(&dir)
            .args(["status", "--format", "json", "--max-age", max_age])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let steps: Vec<&str> = v["problems"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["suggestion"].as_str())
            .collect();
        assert!(
            steps.contains(&"raidctl replace-drive 32:4 -a 0"),
            "{steps:?}"
        );
    }
    let plan = raidctl(&dir)
        .args(["replace-drive", "32:4", "--dry-run"])
        .output()
        .unwrap();
    let plan =
        String::from_utf8_lossy(&plan.stdout).into_owned() + &String::from_utf8_lossy(&plan.stderr);
    assert!(plan.contains("same bay"), "{plan}");
    assert!(!plan.contains("set missing"), "{plan}");
    let out = raidctl(&dir)
        .args(["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let out = raidctl(&dir)
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lds = v["snapshot"]["logical_drives"].as_array().unwrap();
    assert!(lds.iter().all(|l| l["state"] == "optimal"), "{lds:?}");
    // Nothing asked the controller for what it cannot do.
    let calls = raidctl(&dir).args(["sim", "calls"]).output().unwrap();
    let calls = String::from_utf8_lossy(&calls.stdout).into_owned();
    assert!(!calls.contains("missing"), "{calls}");
    let mut st = scenarios::build("degraded").unwrap();
    st.adapters[0].settings.missing_row_ops = false;
    let (text, code) = run(&mut st, Tool::Perccli2, "/c0/e32/s4 set missing J");
    assert_ne!(code, 0, "{text}");
    let d4 = st.adapters[0].drives.iter().find(|d| d.slot == 4).unwrap();
    assert_eq!(d4.state, raidctl::model::FirmwareState::Failed, "unchanged");
}
