//! Every storcli / perccli / omreport capture in the corpus (`fixtures/corpus`) (and the hand-made omreport
//! text fixtures) parses without error, and its drive and logical-drive counts equal an
//! independent count: JSON is walked with serde_json by key name, text tables and omreport
//! records are counted with line regexes. None of this shares code with the parsers.

use crate::util;
use proptest::prelude::*;
use regex::Regex;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Debug, PartialEq, Eq)]
struct Counts {
    drives: usize,
    lds: usize,
    events: usize,
}

fn corpus_dir(name: &str) -> PathBuf {
    crate::util::corpus().join(name)
}

/// Walks a storcli JSON tree: drives are the unique `EID:Slt` of rows under `PD LIST`,
/// `Drive Information`, `Drives List`, `PDs`, `PDs for VD N` and `Drive /cX[/eY]/sZ` keys;
/// logical drives the unique `DG/VD` of rows under `VD LIST`, `Virtual Drives` and `/cX/vY`.
fn json_counts(text: &str) -> Counts {
    let start = text.find('{').unwrap();
    let mut drives = BTreeSet::new();
    let mut lds = BTreeSet::new();
    let drive_key = Regex::new(r"^Drive /c\d+(/e\d+)?/s\d+$").unwrap();
    let pds_for = Regex::new(r"^PDs for VD \d+$").unwrap();
    let vd_key = Regex::new(r"^/c\d+/v\d+$").unwrap();
    let stream = serde_json::Deserializer::from_str(&text[start..]).into_iter::<Value>();
    for (doc_no, v) in stream.flatten().enumerate() {
        let Some(ctrls) = v["Controllers"].as_array() else {
            continue;
        };
        for (ci, c) in ctrls.iter().enumerate() {
            let tag = format!("{doc_no}/{ci}");
            let mut stack = vec![&c["Response Data"]];
            while let Some(node) = stack.pop() {
                let Some(obj) = node.as_object() else {
                    continue;
                };
                for (k, val) in obj {
                    let is_drive_list = matches!(
                        k.as_str(),
                        "PD LIST" | "Drive Information" | "Drives List" | "PDs"
                    ) || drive_key.is_match(k)
                        || pds_for.is_match(k);
                    let is_vd_list =
                        matches!(k.as_str(), "VD LIST" | "Virtual Drives") || vd_key.is_match(k);
                    if let Some(rows) = val.as_array() {
                        for row in rows {
                            let info = row.get("Drive Information").unwrap_or(row);
                            if is_drive_list {
                                if let Some(e) = info["EID:Slt"].as_str() {
                                    drives.insert((tag.clone(), e.trim().to_owned()));
                                }
                            }
                            let vd = row.get("VD Info").unwrap_or(row);
                            if is_vd_list {
                                if let Some(d) = vd["DG/VD"].as_str() {
                                    lds.insert((tag.clone(), d.to_owned()));
                                }
                            }
                            stack.push(row);
                        }
                    } else {
                        stack.push(val);
                    }
                }
            }
        }
    }
    Counts {
        drives: drives.len(),
        lds: lds.len(),
        events: 0,
    }
}

/// storcli text: PD rows start with `EID:Slt` (`24:0`, ` :3`) followed by a DID; VDs are the
/// rows of tables whose header starts with `DG/VD` (a mangled `DG` still names a VD); both
/// deduplicated per `Controller = N` block.
fn text_counts(text: &str) -> Counts {
    let ctrl = Regex::new(r"^Controller = (\d+)$").unwrap();
    let pd = Regex::new(r"^\s*(\d*):(\d+)\s+(\d+|-)\s+[A-Za-z]").unwrap();
    let rule = Regex::new(r"^-{3,}\s*$").unwrap();
    let seq = Regex::new(r"^seqNum:").unwrap();
    let mut current = String::new();
    let mut drives = BTreeSet::new();
    let mut lds = BTreeSet::new();
    let mut events = 0;
    let mut in_vd_table = false;
    let mut prev = "";
    for line in text.lines() {
        if rule.is_match(line) {
            if prev.starts_with("DG/VD") {
                in_vd_table = true;
            } else if in_vd_table && !prev.starts_with("DG/VD") {
                in_vd_table = false;
            }
        } else if in_vd_table {
            let first = line.split_whitespace().next().unwrap_or("").to_owned();
            lds.insert((current.clone(), first));
        }
        prev = line;
        if let Some(c) = ctrl.captures(line) {
            current = c[1].to_owned();
        } else if let Some(c) = pd.captures(line) {
            drives.insert((current.clone(), c[1].to_owned(), c[2].to_owned()));
        } else if seq.is_match(line) {
            events += 1;
        }
    }
    Counts {
        drives: drives.len(),
        lds: lds.len(),
        events,
    }
}

/// omreport: the report named in the file name decides what a record is; records are data
/// rows (`;` lines other than the header) in ssv and `ID :` lines in the text format.
fn omreport_counts(name: &str, text: &str) -> Counts {
    let records = if name.ends_with(".ssv") {
        text.lines()
            .filter(|l| l.contains(';') && !l.starts_with("ID;"))
            .count()
    } else {
        let id = Regex::new(r"^ID\s+:").unwrap();
        text.lines().filter(|l| id.is_match(l)).count()
    };
    Counts {
        drives: if name.contains("pdisk") { records } else { 0 },
        lds: if name.contains("vdisk") { records } else { 0 },
        events: 0,
    }
}

fn independent(name: &str, text: &str) -> Counts {
    if name.contains("omreport") || name.ends_with(".ssv") || name.contains("handmade") {
        omreport_counts(name, text)
    } else if text.trim_start().starts_with('{') {
        json_counts(text)
    } else {
        text_counts(text)
    }
}

fn check_files(files: &[PathBuf], min: usize, failures: &mut Vec<String>) -> usize {
    assert!(
        files.len() >= min,
        "expected at least {min} files, found {}",
        files.len()
    );
    let mut ok = 0;
    for path in files {
        let text = util::read(path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = match raidctl::parse::parse(&text, None) {
            Ok(doc) => doc,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let want = independent(&path.to_string_lossy(), &text);
        let got = Counts {
            drives: doc.physical_drives.len(),
            lds: doc.logical_drives.len(),
            events: doc.events.len(),
        };
        if got == want {
            ok += 1;
        } else {
            failures.push(format!(
                "{name} ({}): parsed {got:?}, counted {want:?}",
                doc.kind
            ));
        }
    }
    ok
}

#[test]
fn every_vendor_capture_parses_with_correct_counts() {
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for (dir, min) in [
        ("storcli-json", 49),
        ("storcli-text", 18),
        ("perccli", 17),
        ("omreport", 8),
    ] {
        let files = util::files_in(&corpus_dir(dir));
        let ok = check_files(&files, min, &mut failures);
        summary.push(format!("{dir}: {ok}/{}", files.len()));
    }
    let fixtures = util::files_in(&util::root().join("fixtures/omreport"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect::<Vec<_>>();
    let ok = check_files(&fixtures, 3, &mut failures);
    summary.push(format!("fixtures/omreport: {ok}/{}", fixtures.len()));
    assert!(
        failures.is_empty(),
        "{}\n{} failures:\n{}",
        summary.join(", "),
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn vendor_kinds_are_detected() {
    let kind = |dir: &str, file: &str| {
        let text = util::read(&corpus_dir(dir).join(file));
        raidctl::parse::parse(&text, None).unwrap().kind
    };
    assert_eq!(
        kind("storcli-json", "mrdashboard__vall_show_all.json"),
        "storcli-json"
    );
    assert_eq!(
        kind("perccli", "bodik-perccli__output_8.4.0.22_pdisks_ok.json"),
        "storcli2-json"
    );
    assert_eq!(
        kind("storcli-text", "storclicheck__mutli-controller.txt"),
        "storcli-text"
    );
    assert_eq!(
        kind("omreport", "dellhw-exporter__storage-pdisk-h730.ssv"),
        "omreport-ssv"
    );
    assert_eq!(
        kind("perccli", "bodik-perccli__output_7.2313_version.txt"),
        "version"
    );
}

#[test]
fn vendor_captures_carry_their_quirks() {
    use raidctl::model::{FirmwareState, LdState};
    let parse = |dir: &str, file: &str| {
        raidctl::parse::parse(&util::read(&corpus_dir(dir).join(file)), None).unwrap()
    };
    // Enclosure-less drives (` :3`) and a per-controller failure in the same file.
    let doc = parse("storcli-json", "snappystorcli__storcli.call.sall.json");
    assert!(doc.physical_drives.iter().all(|d| d.enclosure_id.is_none()));
    assert!(
        doc.warnings
            .iter()
            .any(|w| w.message.contains("Drives not found"))
    );
    // storcli2: PID and Conf/Online.
    let doc = parse("perccli", "bodik-perccli__output_8.4.0.22_vdisks_ok.json");
    assert_eq!(doc.logical_drives.len(), 1);
    assert_eq!(doc.logical_drives[0].members.len(), 14);
    let d = &doc.physical_drives[0];
    assert_eq!(d.device_id, Some(275));
    assert_eq!(d.firmware_state, FirmwareState::Online);
    // Degraded VD and offline drive in text.
    let doc = parse(
        "storcli-text",
        "storclicheck__single-controller-degraded.txt",
    );
    assert!(
        doc.logical_drives
            .iter()
            .any(|l| l.state == LdState::Degraded)
    );
    assert!(
        doc.physical_drives
            .iter()
            .any(|d| d.firmware_state == FirmwareState::Offline)
    );
    // Detailed drive information is merged into the drive.
    let doc = parse("storcli-json", "mrdashboard__eall_sall_show_all.json");
    assert!(doc.physical_drives.iter().all(|d| d.serial.is_some()));
    assert!(
        doc.physical_drives
            .iter()
            .all(|d| d.media_error_count.is_some())
    );
}

fn vendor_samples() -> Vec<String> {
    let mut v = Vec::new();
    for dir in ["storcli-json", "storcli-text", "perccli", "omreport"] {
        v.extend(
            util::files_in(&corpus_dir(dir))
                .iter()
                .map(|p| util::read(p)),
        );
    }
    assert!(!v.is_empty());
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    #[test]
    fn vendor_parsers_never_panic_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let text = raidctl::parse::decode(&bytes);
        let _ = raidctl::parse::storcli::parse_json(&text);
        let _ = raidctl::parse::storcli::parse_json2(&text);
        let _ = raidctl::parse::storcli::parse_text(&text);
        let _ = raidctl::parse::omreport::parse_ssv(&text);
        let _ = raidctl::parse::omreport::parse_text(&text);
    }

    #[test]
    fn vendor_parsers_never_panic_on_truncations(
        index in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let texts = vendor_samples();
        let text = &texts[index.index(texts.len())];
        let mut at = cut.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let t = &text[..at];
        let _ = raidctl::parse::parse(t, None);
        let _ = raidctl::parse::storcli::parse_json(t);
        let _ = raidctl::parse::storcli::parse_json2(t);
        let _ = raidctl::parse::storcli::parse_text(t);
        let _ = raidctl::parse::omreport::parse_ssv(t);
        let _ = raidctl::parse::omreport::parse_text(t);
    }

    #[test]
    fn storcli_like_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            Just("Controller = 0".to_owned()),
            Just("Status = Failure".to_owned()),
            Just("Basics :".to_owned()),
            Just("======".to_owned()),
            Just("------------------------------".to_owned()),
            Just("EID:Slt DID State DG       Size Intf Med SED PI SeSz Model            Sp".to_owned()),
            "[ :0-9]{0,6} +[0-9-]{0,3} +[A-Za-z]{0,6} +[0-9-] +[0-9.]{0,7} [GT]B",
            "ID;Status;Name;State;Layout;Size",
            "[0-9:]{0,6};[A-Za-z]{0,8};[^\n]{0,20}",
            "[A-Za-z ]{0,12} : [ -~]{0,20}",
            "[ -~]{0,60}",
        ],
        0..60,
    )) {
        let text = lines.join("\n");
        let _ = raidctl::parse::parse(&text, None);
        let _ = raidctl::parse::storcli::parse_text(&text);
        let _ = raidctl::parse::omreport::parse_ssv(&text);
        let _ = raidctl::parse::omreport::parse_text(&text);
    }
}
