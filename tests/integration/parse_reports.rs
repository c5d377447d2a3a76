//! `raidctl parse` reads every report raidctl's own bundle collects, for every backend, and
//! excerpts of real captures that start at a section header.

use crate::util::{corpus, read};
use raidctl::parse::{Kind, parse};
use std::path::{Path, PathBuf};
use std::process::Command;

fn raidctl(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .env_remove("RAIDCTL_SIM_STATE")
        .args(args)
        .output()
        .unwrap()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// A deep bundle of a simulated controller with a foreign configuration (the most reports),
/// unpacked; returns the directory of the vendor tool's files.
fn bundle(backend: &str, dir: &Path) -> PathBuf {
    let state = dir.join("sim");
    let archive = dir.join("b.tar.gz");
    let out = raidctl(&[
        "--sim-state",
        state.to_str().unwrap(),
        "--sim",
        "foreign",
        "--backend",
        backend,
        "--quiet",
        "collect",
        "--level",
        "deep",
        "-o",
        archive.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{backend}: {out:?}");
    let x = dir.join("x");
    std::fs::create_dir_all(&x).unwrap();
    let tar = Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&x)
        .output()
        .unwrap();
    assert!(tar.status.success(), "{tar:?}");
    let top = std::fs::read_dir(&x)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.is_dir())
        .unwrap();
    let vendor = match backend {
        "perccli" | "storcli2" | "omreport" | "megacli" => top.join(backend),
        _ => top.join("storcli"),
    };
    assert!(vendor.is_dir(), "{}", vendor.display());
    vendor
}

#[test]
fn every_report_of_every_bundle_catalogue_parses() {
    for backend in ["megacli", "storcli", "perccli", "storcli2", "omreport"] {
        let dir = tempfile::tempdir().unwrap();
        let vendor = bundle(backend, dir.path());
        let mut files = Vec::new();
        walk(&vendor, &mut files);
        files.retain(|f| f.extension().is_none_or(|e| e != "stderr"));
        files.sort();
        assert!(files.len() > 10, "{backend}: {files:?}");
        for f in &files {
            let text = read(f);
            if text.trim().is_empty() {
                continue;
            }
            let doc =
                parse(&text, None).unwrap_or_else(|e| panic!("{backend}: {}: {e}", f.display()));
            // Each report gives something: a record, a fact or a trailer.
            let facts = doc.adapters.len()
                + doc.enclosures.len()
                + doc.logical_drives.len()
                + doc.physical_drives.len()
                + doc.bbus.len()
                + doc.events.len()
                + doc.progress.len()
                + doc.foreign_configs.len()
                + doc.actions.len()
                + doc.term_log.len()
                + doc.health.len()
                + doc.versions.len()
                + doc.phy_errors.len()
                + doc.properties.len()
                + usize::from(doc.exit_code.is_some())
                + usize::from(doc.tool_version.is_some())
                + usize::from(doc.adapter_count.is_some());
            assert!(
                facts > 0 || doc.kind == "omreport-log",
                "{}: {doc:?}",
                f.display()
            );
        }
    }
}

#[test]
fn omsa_summaries_parse_into_their_facts() {
    let dir = tempfile::tempdir().unwrap();
    let vendor = bundle("omreport", dir.path());
    let chassis = parse(&read(&vendor.join("all/chassis.txt")), None).unwrap();
    assert_eq!(chassis.kind, Kind::OmreportHealth.name());
    assert!(
        chassis
            .health
            .iter()
            .any(|h| h.component == "Fans" && h.severity == "Ok")
    );
    let about = parse(&read(&vendor.join("all/about.txt")), None).unwrap();
    assert_eq!(about.kind, Kind::OmreportVersion.name());
    assert!(about.tool_version.is_some());
    let alerts = parse(&read(&vendor.join("all/alertlog.txt")), None).unwrap();
    assert_eq!(alerts.kind, Kind::OmreportLog.name());
    assert!(!alerts.events.is_empty());
    assert!(alerts.warnings.is_empty(), "{:?}", alerts.warnings);
}

#[test]
fn storcli_excerpts_from_any_section_header_parse_with_a_warning() {
    let text = read(&corpus().join("storcli-text/storclicheck__single-controller-degraded.txt"));
    let whole = parse(&text, None).unwrap();
    for header in [
        "TOPOLOGY :",
        "VD LIST :",
        "PD LIST :",
        "Basics :",
        "Version :",
    ] {
        let at = text
            .find(&format!("\n{header}\n"))
            .unwrap_or_else(|| panic!("{header}"));
        let excerpt = &text[at + 1..];
        let doc = parse(excerpt, None).unwrap_or_else(|e| panic!("{header}: {e}"));
        assert_eq!(doc.kind, Kind::StorcliText.name(), "{header}");
        assert!(
            doc.warnings
                .iter()
                .any(|w| w.line == 1 && w.message.contains("was cut")),
            "{header}: {:?}",
            doc.warnings
        );
        if header == "PD LIST :" || header == "TOPOLOGY :" {
            assert_eq!(
                doc.physical_drives.len(),
                whole.physical_drives.len(),
                "{header}"
            );
        }
    }
}

#[test]
fn omreport_text_excerpts_parse_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().to_str().unwrap();
    assert!(
        raidctl(&["--sim-state", s, "sim", "init", "healthy"])
            .status
            .success()
    );
    let out = raidctl(&[
        "--sim-state",
        s,
        "sim",
        "exec",
        "omreport",
        "--",
        "storage",
        "pdisk",
        "controller=0",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let whole = parse(&text, None).unwrap();
    assert!(whole.warnings.is_empty(), "{:?}", whole.warnings);
    // Cut in the middle of the second record: the first is lost, the rest are read.
    let second = text.match_indices("\nID ").nth(1).unwrap().0;
    let cut = text[second + 1..].find('\n').unwrap() + second + 2;
    let doc = parse(&text[cut..], None).unwrap();
    assert!(
        doc.warnings
            .iter()
            .any(|w| w.message.contains("starts inside a record")),
        "{:?}",
        doc.warnings
    );
    // The cut record has lost its id; the ones after it are whole.
    assert!(
        doc.physical_drives.len() + 2 >= whole.physical_drives.len(),
        "{:?}",
        doc.warnings
    );
    // Cut at a record boundary: no title, every record after it.
    let doc = parse(&text[second + 1..], None).unwrap();
    assert!(
        doc.warnings.iter().any(|w| w.message.contains("was cut")),
        "{:?}",
        doc.warnings
    );
    assert_eq!(doc.physical_drives.len(), whole.physical_drives.len() - 1);
}

#[test]
fn parse_kind_help_lists_every_kind() {
    let out = raidctl(&["parse", "--kind", "help"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for (_, name) in Kind::ALL {
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(name)),
            "{name} missing from `parse --kind help`"
        );
    }
}
