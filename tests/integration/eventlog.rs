//! Event logs in every real form: boot-relative records (`Seconds since last reboot: N`),
//! excerpts that start inside a record, and the simulator's own boot-relative events.

use assert_cmd::Command;
use proptest::prelude::*;
use raidctl::parse::{self, Kind};
use raidctl::sim::state::EventRecord;
use raidctl::sim::{engine, render, scenarios, text};

/// A log of `n` records in the simulator's layout; every fifth is boot-relative. Returns the
/// text and the byte offset where each record starts.
fn generated_log(n: u64) -> (String, Vec<usize>) {
    let mut text = String::new();
    let mut starts = Vec::new();
    for i in 0..n {
        let e = EventRecord {
            seq: 0x1000 + i,
            time: 60 * i,
            since_boot: (i % 5 == 0).then_some(i % 97),
            code: 0x72,
            class: i32::try_from(i % 3).unwrap(),
            locale: 0x02,
            description: format!("State change on PD {:02x}(e0x20/s{})", i % 24, i % 24),
            data: if i % 2 == 0 {
                vec![
                    ("Device ID".to_owned(), (i % 24).to_string()),
                    ("Enclosure Index".to_owned(), "32".to_owned()),
                    ("Slot Number".to_owned(), (i % 24).to_string()),
                ]
            } else {
                Vec::new()
            },
        };
        starts.push(text.len());
        text.push_str(&text::event_record(1_700_000_000, &e));
        text.push('\n');
    }
    (text, starts)
}

#[test]
fn a_fifth_boot_relative_parses_without_warnings() {
    let (log, _) = generated_log(1000);
    let doc = parse::parse(&log, None).unwrap();
    assert_eq!(doc.kind, "eventlog");
    assert!(doc.warnings.is_empty(), "{:?}", &doc.warnings[..3]);
    assert_eq!(doc.events.len(), 1000);
    let relative: Vec<_> = doc
        .events
        .iter()
        .filter(|e| e.since_boot_s.is_some())
        .collect();
    assert_eq!(relative.len(), 200);
    assert!(relative.iter().all(|e| e.time.is_none()));
    assert!(
        doc.events
            .iter()
            .filter(|e| e.since_boot_s.is_none())
            .all(|e| e.time.is_some())
    );
    let json = serde_json::to_value(&doc.events[5]).unwrap();
    assert_eq!(json["since_boot_s"], 5);
    assert_eq!(json["time"], serde_json::Value::Null);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// `tail -c`/`tail -n` of a log: the cut lands anywhere inside a record. The rest is an
    /// event log; the complete records are all there, and the cut record is kept exactly when
    /// its description survived.
    #[test]
    fn excerpt_cut_inside_a_record_parses_as_events(record in 0usize..11, cut in any::<prop::sample::Index>()) {
        let (log, starts) = generated_log(12);
        let (from, to) = (starts[record], starts[record + 1]);
        let mut at = from + cut.index(to - from);
        while !log.is_char_boundary(at) {
            at -= 1;
        }
        let excerpt = &log[at..];
        prop_assert_eq!(parse::detect(excerpt), Some(Kind::EventLog));
        let doc = parse::parse(excerpt, None).unwrap();
        let complete = 12 - record - 1;
        let head = &log[at..to];
        let desc = from + log[from..].find("Event Description:").unwrap();
        if at == from {
            prop_assert_eq!(doc.events.len(), complete + 1);
            prop_assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        } else if head.trim().is_empty() {
            prop_assert_eq!(doc.events.len(), complete);
            prop_assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        } else if at <= desc {
            prop_assert_eq!(doc.events.len(), complete + 1);
            prop_assert_eq!(doc.events[0].seq_num, 0x1000 + record as u64);
            prop_assert_eq!(doc.warnings.len(), 1, "{:?}", doc.warnings);
        } else {
            prop_assert_eq!(doc.events.len(), complete);
            prop_assert_eq!(doc.warnings.len(), 1, "{:?}", doc.warnings);
        }
        let last = doc.events.last().unwrap();
        prop_assert_eq!(last.seq_num, 0x1000 + 11);
    }
}

/// A simulated reboot logs the controller's boot, boot-relative until its clock is set; the
/// event file and the table show them as such.
#[test]
fn simulated_reboot_logs_boot_relative_events() {
    let mut st = scenarios::build("degraded").unwrap();
    let first = st.adapters[0].next_seq;
    let clock = st.clock;
    engine::boot(&mut st.adapters[0], clock);
    engine::advance(&mut st, engine::CLOCK_UNSET_SECS);
    let inv = raidctl::sim::args::parse(&["-AdpEventLog".to_owned(), "-GetSinceReboot".to_owned()])
        .unwrap();
    let log = render::event_file(&st, &st.adapters[0], &inv);
    let doc = parse::parse(&log, None).unwrap();
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    // -GetSinceReboot: only this boot's events (the scenario's own boot came before).
    assert!(doc.events.len() >= 4);
    assert!(doc.events.iter().all(|e| e.seq_num >= first), "{log}");
    let relative = doc
        .events
        .iter()
        .filter(|e| e.since_boot_s.is_some())
        .count();
    assert_eq!(relative, 3, "{log}");
    assert!(doc.events.iter().any(|e| e.time.is_some()));

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("events.txt");
    std::fs::write(&file, &log).unwrap();
    let out = Command::cargo_bin("raidctl")
        .unwrap()
        .arg("parse")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("+5 s after boot"), "{table}");
}

#[test]
fn parse_kind_help_says_what_is_detected_and_how() {
    let out = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["parse", "--kind", "help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for (_, name) in Kind::ALL {
        assert!(
            text.contains(&format!("  {name} ")),
            "{name} missing:\n{text}"
        );
    }
    assert!(text.contains("Seconds since last reboot:"), "{text}");
    assert!(text.contains("inside a record"), "{text}");
}

/// A support bundle taken after a simulated reboot carries the boot-relative events, and they
/// parse as such.
#[test]
fn bundle_event_log_carries_boot_relative_events() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("sim");
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("raidctl")
            .unwrap()
            .arg("--sim-state")
            .arg(&state)
            .args(args)
            .env_remove("RAIDCTL_SIM_STATE")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
    };
    run(&["sim", "init", "degraded"]);
    run(&["sim", "reboot"]);
    let archive = dir.path().join("b.tar.gz");
    run(&["collect", "-o", archive.to_str().unwrap()]);
    let out = std::process::Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let log = walk(dir.path())
        .into_iter()
        .find(|p| p.ends_with("megacli/a0/events.log"))
        .expect("events.log in the bundle");
    let doc = parse::parse(&std::fs::read_to_string(log).unwrap(), None).unwrap();
    assert_eq!(doc.kind, "eventlog");
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    // The scenario's own boot and the reboot: three boot-relative records each.
    let relative = doc
        .events
        .iter()
        .filter(|e| e.since_boot_s.is_some())
        .count();
    assert_eq!(relative, 6);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// `-Clear` hides the events from `-GetEvents`; `-IncludeDeleted` still returns them.
#[test]
fn include_deleted_returns_cleared_events() {
    let mut st = scenarios::build("degraded").unwrap();
    let words = |s: &str| -> Vec<String> { s.split_whitespace().map(str::to_owned).collect() };
    let inv = raidctl::sim::args::parse(&words("-AdpEventLog -Clear -a0")).unwrap();
    assert_eq!(raidctl::sim::dispatch(&mut st, &inv).1, 0);
    let count = |line: &str| {
        let inv = raidctl::sim::args::parse(&words(line)).unwrap();
        let log = render::event_file(&st, &st.adapters[0], &inv);
        if log.is_empty() {
            0
        } else {
            parse::parse(&log, None).unwrap().events.len()
        }
    };
    assert_eq!(count("-AdpEventLog -GetEvents -a0"), 0);
    assert_eq!(
        count("-AdpEventLog -IncludeDeleted -a0"),
        st.adapters[0].events.len()
    );
}
