//! Every real MegaCli capture in the corpus (`fixtures/corpus`) parses without error, and the number of
//! drives, VDs and events equals an independent count of their header lines.

use crate::util;
use regex::Regex;

struct Counts {
    drives: usize,
    lds: usize,
    events: usize,
}

/// Counted with line regexes that share nothing with the parser.
fn independent_counts(text: &str) -> Counts {
    let slot = Regex::new(r"(?m)^\s*Slot Number\s*:\s*\d").unwrap();
    let connector = Regex::new(r"(?m)^\s*Connector\s*:").unwrap();
    let ld = Regex::new(r"(?m)^\s*Virtual (Drive|Disk)\s*:\s*\d").unwrap();
    let summary_ld = Regex::new(r"(?m)^\s*Virtual drive\s*:\s*Target Id").unwrap();
    let seq = Regex::new(r"(?m)^seqNum:").unwrap();
    Counts {
        drives: slot.find_iter(text).count() + connector.find_iter(text).count(),
        lds: ld.find_iter(text).count() + summary_ld.find_iter(text).count(),
        events: seq.find_iter(text).count(),
    }
}

#[test]
fn every_megacli_capture_parses_with_correct_counts() {
    let dir = util::corpus().join("megacli");
    let files = util::files_in(&dir);
    assert!(
        files.len() >= 80,
        "expected the MegaCli corpus at {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = util::read(path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = match raidctl::parse::parse(&text, None) {
            Ok(doc) => doc,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let want = independent_counts(&text);
        let got = (
            doc.physical_drives.len(),
            doc.logical_drives.len(),
            doc.events.len(),
        );
        if got != (want.drives, want.lds, want.events) {
            failures.push(format!(
                "{name} ({}): drives/lds/events parsed {got:?}, counted {:?}",
                doc.kind,
                (want.drives, want.lds, want.events)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_kinds_are_detected_as_the_manifest_says() {
    // MANIFEST.tsv's `command` column names the MegaCli command; spot-check detection on it.
    let manifest = std::fs::read_to_string(util::corpus().join("MANIFEST.tsv")).unwrap();
    let mut checked = 0;
    for row in manifest.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (Some(file), Some(command)) = (cols.first(), cols.get(5)) else {
            continue;
        };
        if !file.contains("/megacli/") {
            continue;
        }
        let c = command.to_ascii_lowercase();
        let expected = if c.contains("pdlist") {
            &["pdlist", "pdinfo"][..]
        } else if c.contains("ldpdinfo") {
            &["ldpdinfo"][..]
        } else if c.contains("ldinfo") {
            &["ldinfo"][..]
        } else if c.contains("encinfo") {
            &["encinfo"][..]
        } else if c.contains("adpallinfo") {
            &["adpallinfo", "action"][..]
        } else {
            continue;
        };
        let path = util::root().join(file);
        let doc = raidctl::parse::parse(&util::read(&path), None).unwrap();
        assert!(
            expected.contains(&doc.kind.as_str()),
            "{file}: command {command:?} detected as {}",
            doc.kind
        );
        checked += 1;
    }
    assert!(checked > 30, "only {checked} manifest rows checked");
}

#[test]
fn spot_values_from_real_captures() {
    let read = |n: &str| {
        raidctl::parse::parse(&util::read(&util::corpus().join("megacli").join(n)), None).unwrap()
    };
    let doc = read("raidinfo__megacli-ldpdinfo-2.txt");
    assert_eq!(doc.kind, "ldpdinfo");
    let ld0 = &doc.logical_drives[0];
    assert_eq!(ld0.raid_level, raidctl::model::RaidLevel::Raid1);
    let first = &doc.physical_drives[0];
    assert_eq!(first.serial.as_deref(), Some("9WM5PANG"));
    assert_eq!(first.model.as_deref(), Some("ST32000644NS"));
    assert_eq!(first.raw_size_bytes, Some(0xe8e0_88b0 * 512));
    assert_eq!(first.logical_drive, Some(0));
    assert!(
        doc.logical_drives
            .iter()
            .any(|l| l.state != raidctl::model::LdState::Optimal)
    );

    let doc = read("percona__MegaCli64_AdpAllInfo_aALL001.txt");
    let a = &doc.adapters[0];
    assert_eq!(a.product_name.as_deref(), Some("PERC 6/i Integrated"));
    assert_eq!(a.rebuild_rate_pct, Some(30));
    assert_eq!(a.auto_rebuild, Some(true));
    assert_eq!(a.bbu_present, Some(true));
    assert_eq!(a.alarm.as_deref(), Some("Disabled"));
    assert_eq!(a.pci_ids.as_deref(), Some("1000:0060:1028:1f0c"));

    let doc = read("glpiagent__set1_adpCount");
    assert_eq!((doc.adapter_count, doc.exit_code), (Some(1), Some(1)));

    let doc = read("mdnote-30361389272__cfgldadd-error-0x26.txt");
    assert_eq!(doc.exit_code, Some(0x26));
    assert_eq!(
        doc.actions[0].kind,
        raidctl::model::ActionKind::WrongAttributes
    );
}

/// MANIFEST.tsv names every capture under `fixtures/corpus` exactly once, with its source
/// repository and licence, and names nothing that is not there.
#[test]
fn manifest_and_files_agree() {
    let root = util::corpus();
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).unwrap();
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(&header[..5], ["file", "repo", "path", "commit", "licence"]);
    let mut listed = std::collections::BTreeSet::new();
    for (n, line) in lines.enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), header.len(), "MANIFEST line {}", n + 2);
        let rel = cols[0]
            .strip_prefix("fixtures/corpus/")
            .unwrap_or_else(|| panic!("MANIFEST line {}: {}", n + 2, cols[0]));
        assert!(!cols[1].is_empty() && !cols[4].is_empty(), "line {}", n + 2);
        assert!(listed.insert(rel.to_owned()), "listed twice: {rel}");
    }
    let mut present = std::collections::BTreeSet::new();
    for kind in [
        "megacli",
        "storcli-json",
        "storcli-text",
        "perccli",
        "omreport",
    ] {
        for f in util::files_in(&root.join(kind)) {
            present.insert(format!(
                "{kind}/{}",
                f.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert_eq!(listed, present);
    assert_eq!(present.len(), 174);
}

/// The checkout stands alone: no test, benchmark, script or source file reads anything beside
/// the repository (a fresh clone has nothing beside it).
#[test]
fn nothing_reads_outside_the_checkout() {
    let needle = ["..", "/shared"].concat();
    let mut offenders = Vec::new();
    for dir in [
        "src", "crates", "tests", "benches", "scripts", "examples", ".ci",
    ] {
        let mut stack = vec![util::root().join(dir)];
        while let Some(d) = stack.pop() {
            let Ok(rd) = std::fs::read_dir(&d) else {
                continue;
            };
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if let Ok(text) = std::fs::read_to_string(&p) {
                    if text.contains(&needle) {
                        offenders.push(p.display().to_string());
                    }
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "refer outside the checkout: {offenders:?}"
    );
}
