//! The storcli/perccli and omreport/omconfig front ends of the simulator: key structure against
//! real captures, the binaries' call counting, faults and shared state, and raidctl's parsers
//! on their output (the state machine they share with MegaCli is in
//! [`crate::sim_vendor_machine`]).

use crate::util::{corpus, read};
use raidctl::model::DriveAddress;
use raidctl::parse::{Kind, parse};
use raidctl::sim::args;
use raidctl::sim::omreport::{self, parse_pdisk, pdisk_id};
use raidctl::sim::scenarios;
use raidctl::sim::state::SimState;
use raidctl::sim::storcli::{self, J, Tool};
use std::process::Command;

pub(crate) fn argv(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

pub(crate) fn storcli_run(st: &mut SimState, line: &str) -> (String, i32) {
    storcli::run(st, Tool::Storcli, &argv(line))
}

pub(crate) fn storcli_json(st: &mut SimState, line: &str) -> J {
    let (text, _) = storcli_run(st, &format!("{line} J"));
    J::parse(&text).unwrap_or_else(|at| panic!("{line}: invalid JSON at {at}: {text}"))
}

pub(crate) fn megacli(st: &mut SimState, line: &str) -> (Vec<String>, u32) {
    let inv = args::parse(&argv(line)).unwrap();
    raidctl::sim::dispatch(st, &inv)
}

pub(crate) fn capture(rel: &str) -> J {
    let text = read(&corpus().join(rel));
    J::parse(&text).unwrap_or_else(|at| panic!("{rel}: invalid JSON at {at}"))
}

/// Normalised keys of an object, each once (repeated per-drive keys collapse).
pub(crate) fn keys(j: &J) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if let J::O(kv) = j {
        for (k, _) in kv {
            let n = normalise(k);
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// Keys the simulator prints where a given capture lacks them (documented differences): the
/// battery summary of `/cX show` (absent from captures of controllers without one).
const EXTRA: &[&str] = &["BBU_Info", "Cachevault_Info"];

/// Replaces data hidden in key names (`Drive /c0/e252/s0`, `VD0 Properties`) by placeholders.
pub(crate) fn normalise(key: &str) -> String {
    let re = regex::Regex::new(r"/c\d+(/e\d+)?/s\d+").unwrap();
    let k = re.replace_all(key, "/cX/eX/sX").into_owned();
    let re = regex::Regex::new(r"/c\d+/v\d+").unwrap();
    let k = re.replace_all(&k, "/cX/vX").into_owned();
    let re = regex::Regex::new(r"VD ?\d+").unwrap();
    re.replace_all(&k, "VDX").into_owned()
}

/// `sim` keys appear in `real` in the same relative order (`real` may have more).
fn assert_subsequence(what: &str, sim: &[String], real: &[String]) {
    let mut it = real.iter();
    for k in sim {
        if EXTRA.contains(&k.as_str()) && !real.contains(k) {
            continue;
        }
        assert!(
            it.any(|r| r == k),
            "{what}: key {k:?} missing from the capture or out of order\n sim:  {sim:?}\n real: {real:?}"
        );
    }
}

/// Compares objects recursively: every simulated key exists in the capture in the same
/// relative order; rows of tables (arrays of objects) have exactly the capture's columns.
pub(crate) fn compare(what: &str, sim: &J, real: &J) {
    match (sim, real) {
        (J::O(s), J::O(r)) => {
            assert_subsequence(what, &keys(sim), &keys(real));
            for (k, v) in s {
                let nk = normalise(k);
                if let Some((_, rv)) = r.iter().find(|(rk, _)| normalise(rk) == nk) {
                    compare(&format!("{what} / {nk}"), v, rv);
                }
            }
        }
        (J::A(s), J::A(r)) => {
            if let (Some(s0 @ J::O(_)), Some(r0 @ J::O(_))) = (s.first(), r.first()) {
                let flat = |o: &J| match o {
                    J::O(kv) => kv.iter().all(|(_, v)| !matches!(v, J::O(_) | J::A(_))),
                    _ => false,
                };
                if flat(s0) && flat(r0) {
                    assert_eq!(keys(s0), keys(r0), "{what}: table columns");
                } else {
                    compare(&format!("{what}[0]"), s0, r0);
                }
            }
        }
        _ => {}
    }
}

pub(crate) fn first_ctrl(j: &J) -> &J {
    match j.get("Controllers") {
        Some(J::A(v)) => &v[0],
        _ => panic!("no Controllers array"),
    }
}

pub(crate) fn data(j: &J) -> &J {
    first_ctrl(j).get("Response Data").expect("Response Data")
}

pub(crate) fn status(j: &J) -> &J {
    first_ctrl(j).get("Command Status").expect("Command Status")
}

// ---------------------------------------------------------------------------------------------
// storcli JSON fidelity
// ---------------------------------------------------------------------------------------------

#[test]
fn storcli_json_envelope_and_keys_match_real_captures() {
    let mut st = scenarios::build("healthy").unwrap();

    // `/c0 show all`: sections and keys in the order of a 007.37 capture (the simulator omits
    // some sections and many `Supported ...` flags; what it prints is in the real order).
    let sim = storcli_json(&mut st, "/c0 show all");
    let real = capture("storcli-json/mrdashboard__c0_show_all.json");
    assert_eq!(keys(status(&sim)), keys(status(&real)));
    compare("/c0 show all", data(&sim), data(&real));
    for section in ["TOPOLOGY", "VD LIST", "PD LIST", "Enclosure LIST"] {
        assert!(data(&sim).get(section).is_some(), "{section}");
    }
    let bbu_real = capture("storcli-json/netdata__megaraid-controllers-info.json");
    compare(
        "/c0 show all BBU_Info",
        data(&sim).get("BBU_Info").unwrap(),
        data(&bbu_real).get("BBU_Info").unwrap(),
    );

    // `/c0 show`.
    let sim = storcli_json(&mut st, "/c0 show");
    let real = capture("storcli-json/pystorcli2__controllerSet-test01-__c0_show_J.json");
    compare("/c0 show", data(&sim), data(&real));

    // Drives with details, the virtual drives, foreign configuration.
    let sim = storcli_json(&mut st, "/c0/eall/sall show all");
    let real = capture("storcli-json/mrdashboard__eall_sall_show_all.json");
    assert_eq!(
        status(&sim).get("Description"),
        status(&real).get("Description")
    );
    compare("/c0/eall/sall show all", data(&sim), data(&real));
    let sim = storcli_json(&mut st, "/c0/vall show all");
    let real = capture("storcli-json/mrdashboard__vall_show_all.json");
    compare("/c0/vall show all", data(&sim), data(&real));
    let sim = storcli_json(&mut st, "/c0/e32/s4 show");
    let real =
        capture("storcli-json/pystorcli2__namedSet-set_state_offline_00-__c0_e35_s12_show_J.json");
    compare("/c0/e32/s4 show", data(&sim), data(&real));
    let sim = storcli_json(&mut st, "/c0/eall show");
    let real =
        capture("storcli-json/pystorcli2__namedSet-set_state_offline_00-__c0_eall_show_J.json");
    compare("/c0/eall show", data(&sim), data(&real));

    // No foreign configuration: the captured failure, exit status 50.
    let (text, code) = storcli_run(&mut st, "/c0/fall show all J");
    let sim = J::parse(&text).unwrap();
    let real = capture("storcli-json/mrdashboard__c0_fall_show_all_absent.json");
    assert_eq!(sim.to_json(), {
        let mut r = real.to_json();
        for (a, b) in [
            ("007.3703.0000.0000 Jan 16, 2026", storcli::STORCLI_VERSION),
            ("Linux 6.8.0-110-generic", storcli::OS),
        ] {
            r = r.replace(a, b);
        }
        r
    });
    assert_eq!(code, 50);

    // A foreign configuration present.
    let mut st = scenarios::build("foreign").unwrap();
    let sim = storcli_json(&mut st, "/c0/fall show all");
    let real = capture("storcli-json/mrdashboard__c0_fall_show_all_present.json");
    assert_eq!(
        status(&sim).get("Description"),
        status(&real).get("Description")
    );
    compare("/c0/fall show all", data(&sim), data(&real));
}

#[test]
fn storcli_json_battery_cachevault_and_failures_match_captures() {
    // A CacheVault controller answers `/cx/cv` and refuses `/cx/bbu` as the capture shows.
    let mut st = scenarios::build("healthy").unwrap();
    st.adapters[0].bbu.as_mut().unwrap().battery_type = "CVPM02".to_owned();
    let sim = storcli_json(&mut st, "/c0/cv show all");
    let real = capture("storcli-json/mrdashboard__cv_show_all.json");
    compare("/c0/cv show all", data(&sim), data(&real));
    let (text, code) = storcli_run(&mut st, "/c0/bbu show all J");
    let sim = J::parse(&text).unwrap();
    let real = capture("storcli-json/mrdashboard__bbu_show_all.json");
    compare("/c0/bbu failure", status(&sim), status(&real));
    assert_eq!(
        status(&sim).get("Detailed Status"),
        status(&real).get("Detailed Status")
    );
    assert_eq!(code, 255);
    let sim = storcli_json(&mut st, "/c0 show all");
    let real = capture("storcli-json/mrdashboard__c0_show_all.json");
    compare(
        "Cachevault_Info",
        data(&sim).get("Cachevault_Info").unwrap(),
        data(&real).get("Cachevault_Info").unwrap(),
    );

    // A refused drive action: Detailed Status keys of the captured `set good` failure.
    let mut st = scenarios::build("healthy").unwrap();
    let (text, code) = storcli_run(&mut st, "/c0/e32/s2 set good J");
    let sim = J::parse(&text).unwrap();
    let real =
        capture("storcli-json/pystorcli2__namedSet-error_codes_01-__c0_e252_s7_set_good_J.json");
    compare("set good failure", status(&sim), status(&real));
    assert_eq!(
        status(&sim).get("Description"),
        Some(&J::S("Set Drive Good Failed.".to_owned()))
    );
    assert_eq!(code, 255);

    // Success envelopes of actions carry no Response Data, as captured.
    let sim = storcli_json(&mut st, "/c0/e32/s9 spindown");
    let real =
        capture("storcli-json/pystorcli2__namedSet-spindown_disk_00-__c0_e35_s12_spindown_J.json");
    assert_eq!(keys(first_ctrl(&sim)), keys(first_ctrl(&real)));
    assert_eq!(
        status(&sim).get("Description"),
        status(&real).get("Description")
    );

    // No direct-attached drives: the captured `/cx/sall` failure.
    let (text, code) = storcli_run(&mut st, "/c0/sall show all J");
    let sim = J::parse(&text).unwrap();
    let real = capture("storcli-json/snappystorcli__storcli.call.sall.json");
    let real_c1 = match real.get("Controllers") {
        Some(J::A(v)) => v[1].get("Command Status").unwrap().clone(),
        _ => panic!(),
    };
    assert_eq!(status(&sim).get("Description"), real_c1.get("Description"));
    assert_eq!(
        keys(
            &status(&sim)
                .get("Detailed Status")
                .map(|d| match d {
                    J::A(v) => v[0].clone(),
                    _ => J::A(vec![]),
                })
                .unwrap()
        ),
        keys(&match real_c1.get("Detailed Status") {
            Some(J::A(v)) => v[0].clone(),
            _ => panic!(),
        })
    );
    assert_eq!(code, 255);
}

#[test]
fn storcli_call_answers_every_controller_and_sall_shows_direct_drives() {
    let mut st = scenarios::build("large").unwrap();
    let j = storcli_json(&mut st, "/call show all");
    let Some(J::A(ctrls)) = j.get("Controllers") else {
        panic!()
    };
    assert_eq!(ctrls.len(), st.adapters.len());
    for (n, c) in ctrls.iter().enumerate() {
        assert_eq!(
            c.get("Command Status").unwrap().get("Controller"),
            Some(&J::N(n as i64))
        );
    }
    let j = storcli_json(&mut st, "show ctrlcount");
    assert_eq!(
        data(&j).get("Controller Count"),
        Some(&J::N(st.adapters.len() as i64))
    );

    // Direct-attached drives: `" :3"` addresses, `Drive /c0/s3` keys.
    let mut st = scenarios::build("healthy").unwrap();
    for d in &mut st.adapters[0].drives {
        d.enclosure = None;
    }
    for g in &mut st.adapters[0].groups {
        for s in &mut g.spans {
            for r in &mut s.rows {
                r.drive = r.drive.map(|a| DriveAddress {
                    enclosure: None,
                    slot: a.slot,
                });
                r.home = r.drive;
            }
        }
    }
    let j = storcli_json(&mut st, "/c0/sall show all");
    let d = data(&j);
    let Some(J::A(rows)) = d.get("Drive /c0/s3") else {
        panic!("{}", d.to_json())
    };
    assert_eq!(rows[0].get("EID:Slt"), Some(&J::S(" :3".to_owned())));
    assert!(d.get("Drive /c0/s3 - Detailed Information").is_some());
    let (_, code) = storcli_run(&mut st, "/c0/s3 set offline");
    assert_eq!(code, 0);
    assert_eq!(
        st.adapters[0]
            .drive(DriveAddress {
                enclosure: None,
                slot: 3
            })
            .unwrap()
            .state,
        raidctl::model::FirmwareState::Offline
    );
}

// ---------------------------------------------------------------------------------------------
// storcli text fidelity
// ---------------------------------------------------------------------------------------------

/// Column names of the dashed table that follows `title :` in a text output.
fn text_columns(text: &str, title: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_end() == format!("{title} :"))
        .unwrap_or_else(|| panic!("no {title} section"));
    let dash = lines[start..]
        .iter()
        .position(|l| l.starts_with("----"))
        .unwrap()
        + start;
    lines[dash + 1]
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn storcli_text_form_matches_the_captured_layout() {
    let mut st = scenarios::build("degraded").unwrap();
    let (text, code) = storcli_run(&mut st, "/c0 show all");
    assert_eq!(code, 0);
    let header: Vec<&str> = text.lines().take(5).collect();
    assert_eq!(
        header[0],
        format!("CLI Version = {}", storcli::STORCLI_VERSION)
    );
    assert_eq!(
        header[2..],
        ["Controller = 0", "Status = Success", "Description = None"]
    );
    let real = read(&corpus().join("storcli-text/storclicheck__single-controller-degraded.txt"));
    // Newer storcli added columns (`TR`, `Cac`, `Type`); the older capture's columns appear in
    // the same order.
    for table in ["TOPOLOGY", "VD LIST", "PD LIST"] {
        assert_subsequence(
            table,
            &text_columns(&real, table),
            &text_columns(&text, table),
        );
    }
    for section in ["Basics :", "Version :", "Bus :", "Status :", "Policies :"] {
        assert!(text.contains(&format!("\n{section}\n")), "{section}");
        assert!(real.contains(&format!("\n{section}\n")), "{section}");
    }
    assert!(text.contains("\n1/1   RAID5 Dgrd "), "{text}");
    assert!(text.contains("32:4      4 Failed  1"), "{text}");

    // Failure: `Status = Failure`, `Detailed Status` table, exit status = ErrCd.
    let (text, code) = storcli_run(&mut st, "/c0/e32/s2 set good");
    assert_eq!(code, 255);
    assert!(text.contains("Status = Failure\nDescription = Set Drive Good Failed.\n"));
    assert!(text.contains("Detailed Status :\n===============\n"));
    assert!(
        text.lines()
            .any(|l| l.trim_end() == "/c0/e32/s2 Failure   255 Operation not allowed."),
        "{text}"
    );
}

#[test]
fn storcli_events_rebuild_progress_and_termlog() {
    let mut st = scenarios::build("rebuilding").unwrap();
    let (text, code) = storcli_run(&mut st, "/c0/e32/s4 show rebuild");
    assert_eq!(code, 0);
    assert!(text.contains("Description = Show Drive Rebuild Status Succeeded."));
    let row = text.lines().find(|l| l.starts_with("/c0/e32/s4")).unwrap();
    assert!(row.contains(" 35 ") && row.contains("In progress"), "{row}");
    let (text, _) = storcli_run(&mut st, "/c0 show events filter=warning,critical,fatal");
    assert!(text.starts_with("\n\nseqNum: 0x"), "{text}");
    let doc = parse(&text, Some(Kind::EventLog)).unwrap();
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    assert!(!doc.events.is_empty());
    let (text, _) = storcli_run(&mut st, "/c0 show termlog");
    assert!(text.lines().count() > 2);
}

// ---------------------------------------------------------------------------------------------
// omreport fidelity
// ---------------------------------------------------------------------------------------------

fn ssv_header(text: &str) -> Vec<String> {
    text.lines()
        .find(|l| l.starts_with("ID;"))
        .unwrap_or_else(|| panic!("no header: {text}"))
        .split(';')
        .map(str::to_owned)
        .collect()
}

fn without(v: &[String], drop: &str) -> Vec<String> {
    v.iter().filter(|k| *k != drop).cloned().collect()
}

#[test]
fn omreport_ssv_matches_the_dellhw_exporter_captures() {
    let st = scenarios::build("hotspare").unwrap();
    let om = |line: &str| {
        let (t, c) = omreport::omreport(&st, &argv(line));
        assert_eq!(c, 0, "{line}: {t}");
        t
    };
    let real = |f: &str| read(&corpus().join("omreport").join(f));
    let sim = om("storage pdisk controller=0 -fmt ssv");
    let cap = real("dellhw-exporter__storage-pdisk-h730.ssv");
    assert_eq!(ssv_header(&sim), ssv_header(&cap));
    let lines: Vec<&str> = sim.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "List of Physical Disks on Controller PERC H710 Mini (Embedded)",
            "",
            "Controller PERC H710 Mini (Embedded)"
        ]
    );
    assert!(
        sim.contains("\n0:1:11;Ok;Physical Disk 0:1:11;Ready;"),
        "{sim}"
    );
    assert!(
        sim.lines()
            .any(|l| l.starts_with("0:1:11;") && l.contains(";Global;"))
    );
    assert!(
        sim.lines()
            .any(|l| l.starts_with("0:1:10;") && l.contains(";Dedicated;"))
    );
    // vdisk: the bad-blocks capture's columns plus `Progress` where the BGI capture has it.
    let sim = ssv_header(&om("storage vdisk -fmt ssv"));
    assert_eq!(
        without(&sim, "Progress"),
        ssv_header(&real("dellhw-exporter__storage-vdisk-h740p-badblocks.ssv"))
    );
    assert_eq!(
        without(&sim, "Virtual Disk Bad Blocks"),
        ssv_header(&real("dellhw-exporter__storage-vdisk-h730p-bgi.ssv"))
    );
    for (obj, file) in [
        ("controller", "dellhw-exporter__storage-controller-h730.ssv"),
        ("battery", "dellhw-exporter__storage-battery-h840-h740p.ssv"),
        ("enclosure", "dellhw-exporter__storage-enclosure-h730.ssv"),
    ] {
        let sim = om(&format!("storage {obj} -fmt ssv"));
        let cap = real(file);
        assert_eq!(ssv_header(&sim), ssv_header(&cap), "{obj}");
        assert_eq!(
            sim.lines().next().map(|l| l.split(' ').next()),
            cap.lines().next().map(|l| l.split(' ').next()),
            "{obj}: title"
        );
    }
    // Default text form: `Key : Value` blocks with the same keys.
    let text = om("storage pdisk controller=0");
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("ID"))
        .map(|l| l.trim_start().trim_start_matches(": "))
        .collect();
    assert_eq!(ids.len(), st.adapters[0].drives.len());
    assert_eq!(ids[0], "0:1:0");
    assert!(text.contains("\nState                           : Online\n"));
}

#[test]
fn pdisk_ids_map_both_ways() {
    let mut st = scenarios::build("large").unwrap();
    let ad = &st.adapters[0];
    for d in &ad.drives {
        let id = pdisk_id(ad, d.addr());
        assert_eq!(parse_pdisk(ad, &id), Some(d.addr()), "{id}");
    }
    let second = ad.enclosures[1].device_id;
    assert_eq!(pdisk_id(ad, DriveAddress::new(second, 5)), "0:2:5");
    let direct = DriveAddress {
        enclosure: None,
        slot: 3,
    };
    assert_eq!(pdisk_id(ad, direct), "0:3");
    assert_eq!(parse_pdisk(ad, "0:3"), Some(direct));
    assert_eq!(parse_pdisk(ad, "1:1:3"), None);
    assert_eq!(parse_pdisk(ad, "0:9:3"), None);
    let (out, code) = omreport::omconfig(
        &mut st,
        &argv("storage pdisk action=blink controller=0 pdisk=0:9:3"),
    );
    assert!(out.starts_with("Error"), "{out}");
    assert_ne!(code, 0);
}

// ---------------------------------------------------------------------------------------------
// Binaries: shared state directory, call counting, faults, perccli name.
// ---------------------------------------------------------------------------------------------

fn bin(dir: &std::path::Path, exe: &str, line: &str) -> (String, i32) {
    let out = Command::new(exe)
        .env("RAIDCTL_SIM_STATE", dir)
        .args(argv(line))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn binaries_share_state_counts_and_faults() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    let (_, code) = bin(p, &crate::util::vendor("MegaCli64"), "control init healthy");
    assert_eq!(code, 0);
    let (out, code) = bin(
        p,
        &crate::util::vendor("storcli64"),
        "/c0/e32/s3 set offline J",
    );
    assert_eq!(code, 0, "{out}");
    let (out, _) = bin(
        p,
        &crate::util::vendor("MegaCli64"),
        "-PDInfo -PhysDrv[32:3] -a0",
    );
    assert!(out.contains("Firmware state: Offline"), "{out}");
    let (out, code) = bin(
        p,
        &crate::util::vendor("omconfig"),
        "storage pdisk action=online controller=0 pdisk=0:1:3",
    );
    assert_eq!((out.as_str(), code), ("Command successful!\n", 0));
    let (out, _) = bin(
        p,
        &crate::util::vendor("omreport"),
        "storage pdisk controller=0 -fmt ssv",
    );
    assert!(
        out.contains("\n0:1:3;Ok;Physical Disk 0:1:3;Online;"),
        "{out}"
    );
    let (calls, _) = bin(p, &crate::util::vendor("MegaCli64"), "control calls");
    let calls: serde_json::Value = serde_json::from_str(&calls).unwrap();
    assert_eq!(calls["storcli:set"], 1);
    assert_eq!(calls["omconfig:online"], 1);
    assert_eq!(calls["omreport:pdisk"], 1);
    assert_eq!(calls["pdinfo"], 1);

    // Faults by front-end command name.
    let (_, code) = bin(
        p,
        &crate::util::vendor("storcli64"),
        "control fault add --command storcli:show --kind exit:0x07 --on-call 2",
    );
    assert_eq!(code, 0);
    let (_, code) = bin(p, &crate::util::vendor("storcli64"), "/c0 show J");
    assert_eq!(code, 0);
    let (out, code) = bin(p, &crate::util::vendor("storcli64"), "/c0 show J");
    assert_eq!(code, 7);
    assert!(out.contains("\"Controllers\""));
    let (_, code) = bin(
        p,
        &crate::util::vendor("storcli64"),
        "control fault add --command omreport:vdisk --kind empty",
    );
    assert_eq!(code, 0);
    let (out, code) = bin(
        p,
        &crate::util::vendor("omreport"),
        "storage vdisk -fmt ssv",
    );
    assert_eq!((out.as_str(), code), ("", 0));
    let (_, code) = bin(
        p,
        &crate::util::vendor("storcli64"),
        "control fault add --command storcli:bogus2 --kind hang",
    );
    assert_eq!(
        code, 0,
        "vendor command names are accepted as fault targets"
    );

    // perccli: same syntax, its own CLI version.
    let link = p.join("perccli64");
    std::os::unix::fs::symlink(crate::util::vendor("storcli64"), &link).unwrap();
    let (out, code) = bin(p, link.to_str().unwrap(), "/c0 show J");
    assert_eq!(code, 0);
    assert!(out.contains(storcli::PERCCLI_VERSION), "{out}");
    assert!(out.contains("PERC H710 Mini"));
}

// ---------------------------------------------------------------------------------------------
// Through raidctl's own parsers (auto-detected kinds): the same drive and VD states as the
// MegaCli front end on the same state, and no warnings.
// ---------------------------------------------------------------------------------------------

type PdKey = (u32, Option<u16>, u16, String);

pub(crate) fn pd_states(doc: &raidctl::model::Document) -> Vec<PdKey> {
    let mut v: Vec<PdKey> = doc
        .physical_drives
        .iter()
        .map(|p| {
            (
                p.adapter,
                p.enclosure_id,
                p.slot,
                p.firmware_state.as_str().to_owned(),
            )
        })
        .collect();
    v.sort();
    v
}

pub(crate) fn ld_states(doc: &raidctl::model::Document) -> Vec<(u32, u32, String)> {
    let mut v: Vec<(u32, u32, String)> = doc
        .logical_drives
        .iter()
        .map(|l| (l.adapter, l.target_id, l.state.as_str().to_owned()))
        .collect();
    v.sort();
    v
}

pub(crate) fn parsed(what: &str, text: &str) -> raidctl::model::Document {
    let doc = parse(text, None).unwrap_or_else(|e| panic!("{what}: {e:?}\n{text}"));
    assert!(doc.warnings.is_empty(), "{what}: {:?}", doc.warnings);
    doc
}

#[test]
fn every_front_end_parses_cleanly_with_the_megacli_states() {
    for scenario in scenarios::NAMES {
        let mut st = scenarios::build(scenario).unwrap();
        let (lines, _) = megacli(&mut st, "-PDList -aALL");
        let mega_pd = parse(&raidctl::sim::text::frame(&lines, 0), Some(Kind::PdList)).unwrap();
        let (lines, _) = megacli(&mut st, "-LDInfo -Lall -aALL");
        let mega_ld = parse(&raidctl::sim::text::frame(&lines, 0), Some(Kind::LdInfo)).unwrap();
        for line in ["/call show all J", "/call show all"] {
            let (text, code) = storcli_run(&mut st, line);
            assert_eq!(code, 0);
            let doc = parsed(&format!("{scenario}: {line}"), &text);
            assert_eq!(pd_states(&doc), pd_states(&mega_pd), "{scenario}: {line}");
            assert_eq!(ld_states(&doc), ld_states(&mega_ld), "{scenario}: {line}");
        }
        for line in ["/call/eall/sall show all J", "/call/eall/sall show all"] {
            let (text, _) = storcli_run(&mut st, line);
            let doc = parsed(&format!("{scenario}: {line}"), &text);
            assert_eq!(pd_states(&doc), pd_states(&mega_pd), "{scenario}: {line}");
        }
        for line in ["/call/vall show all J", "/call/vall show all"] {
            let (text, _) = storcli_run(&mut st, line);
            let doc = parsed(&format!("{scenario}: {line}"), &text);
            assert_eq!(ld_states(&doc), ld_states(&mega_ld), "{scenario}: {line}");
        }
        // omreport: one controller at a time; VD health and member states must agree.
        for ad in &st.adapters {
            for fmt in [" -fmt ssv", ""] {
                let line = format!("storage pdisk controller={}{fmt}", ad.index);
                let (text, _) = omreport::omreport(&st, &argv(&line));
                let doc = parsed(&format!("{scenario}: {line}"), &text);
                assert_eq!(
                    doc.physical_drives.len(),
                    ad.drives.len(),
                    "{scenario}: {line}"
                );
                let online = |d: &raidctl::model::Document| {
                    d.physical_drives
                        .iter()
                        .filter(|p| p.firmware_state.as_str() == "online")
                        .count()
                };
                let mega_online = mega_pd
                    .physical_drives
                    .iter()
                    .filter(|p| p.adapter == ad.index && p.firmware_state.as_str() == "online")
                    .count();
                assert_eq!(online(&doc), mega_online, "{scenario}: {line}");
                let line = format!("storage vdisk controller={}{fmt}", ad.index);
                let (text, _) = omreport::omreport(&st, &argv(&line));
                if ad.vds.is_empty() {
                    continue;
                }
                let doc = parsed(&format!("{scenario}: {line}"), &text);
                let mut om: Vec<String> = doc
                    .logical_drives
                    .iter()
                    .map(|l| l.state.as_str().to_owned())
                    .collect();
                let mut mega: Vec<String> = mega_ld
                    .logical_drives
                    .iter()
                    .filter(|l| l.adapter == ad.index)
                    .map(|l| l.state.as_str().to_owned())
                    .collect();
                om.sort();
                mega.sort();
                assert_eq!(om, mega, "{scenario}: {line}");
            }
        }
    }
}
