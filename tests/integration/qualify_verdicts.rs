//! `raidctl qualify`'s verdicts on synthetic results: the performance rules per drive class,
//! the peer comparison (ratio and modified z-score) and `--compare` over result files from many
//! hosts, a drive measured again included. No I/O.

use raidctl::cli::QualifyArgs;
use raidctl::qualify::device::{DriveClass, Identity};
use raidctl::qualify::engine::{JobResult, JobSpec, Op, Pattern};
use raidctl::qualify::profile::{PeerSettings, Profile};
use raidctl::qualify::result::{DriveResult, QualReport, Verdict};
use raidctl::qualify::verdict;
use std::time::Duration;

const MIB: u64 = 1 << 20;

fn synth_job(name: &str, mbps: f64, iops: f64, p99_us: f64) -> JobResult {
    let mut j = JobResult {
        spec: JobSpec::timed(
            name,
            Pattern::Seq,
            Op::Read,
            4 * MIB,
            1,
            Duration::from_secs(1),
        ),
        direct: true,
        mbps,
        iops,
        ios: 100,
        ..JobResult::default()
    };
    j.lat.p50_us = p99_us / 2.0;
    j.lat.p99_us = p99_us;
    j.lat.max_us = p99_us * 2.0;
    j
}

fn synth_drive(host: &str, model: &str, seq: f64, class: DriveClass) -> DriveResult {
    let mut d = DriveResult {
        host: host.into(),
        identity: Identity {
            path: format!("/dev/{host}-{seq}"),
            model: Some(model.into()),
            firmware: Some("FW1".into()),
            class,
            ..Identity::default()
        },
        jobs: vec![
            synth_job("seq-read-4m", seq, seq / 4.0, 20_000.0),
            synth_job("randread-4k-qd1", 0.5, 120.0, 9_000.0),
            synth_job("fdatasync-4k-j1", 0.4, 100.0, 9_000.0),
        ],
        ..DriveResult::default()
    };
    d.metrics = verdict::metrics(&d);
    d
}

fn rule_ids(d: &DriveResult) -> Vec<&str> {
    d.rules.iter().map(|r| r.rule.as_str()).collect()
}

#[test]
fn performance_rules_per_class() {
    let p = Profile::embedded().unwrap();
    // SSD: 250 MB/s sequential read = link downshift; 400 fdatasync IOPS = consumer drive.
    let mut d = synth_drive("h1", "SSD1", 250.0, DriveClass::Ssd);
    d.jobs[2].iops = 400.0;
    let t = p.thresholds(DriveClass::Ssd, "data", Some("SSD1"), None);
    let mut hits = verdict::performance_rules(&d, &t);
    hits.sort_by(|a, b| a.rule.cmp(&b.rule));
    let ids: Vec<&str> = hits.iter().map(|h| h.rule.as_str()).collect();
    assert_eq!(ids, ["J1-link", "J3-latency", "J6-floor"], "{hits:#?}");
    assert!(hits.iter().all(|h| h.level == Verdict::Fail));
    // HDD: 9 ms p99 QD1 is fine; 600 fdatasync IOPS means a cache is acking.
    let mut h = synth_drive("h1", "HDD1", 250.0, DriveClass::Hdd);
    h.jobs[2].iops = 600.0;
    let t = p.thresholds(DriveClass::Hdd, "data", None, None);
    let hits = verdict::performance_rules(&h, &t);
    assert_eq!(
        hits.iter().map(|h| h.rule.as_str()).collect::<Vec<_>>(),
        ["J6-cache-ack"]
    );
    assert_eq!(hits[0].level, Verdict::Warn);
    // Host-bound: the same failure becomes INCONCLUSIVE.
    d.jobs[0].host_bound = true;
    let t = p.thresholds(DriveClass::Ssd, "data", None, None);
    let hits = verdict::performance_rules(&d, &t);
    let link = hits.iter().find(|h| h.rule == "J1-link").unwrap();
    assert_eq!(link.level, Verdict::Inconclusive);
    assert!(link.message.contains("host-bound"));
    // Datasheet figures from a per-model override.
    let user: Profile = serde_json::from_str(
        r#"{"models":[{"model":"HDD.*","thresholds":{"datasheet_seq_read_mbps":300}}]}"#,
    )
    .unwrap();
    let mut p2 = p.clone();
    p2.overlay(&user);
    let t = p2.thresholds(DriveClass::Hdd, "data", Some("HDD1"), None);
    let h = synth_drive("h1", "HDD1", 240.0, DriveClass::Hdd);
    assert!(
        verdict::performance_rules(&h, &t)
            .iter()
            .any(|x| x.rule == "J1-datasheet")
    );
    // I/O errors and verify mismatches fail whatever the class.
    let mut v = synth_drive("h1", "V", 100.0, DriveClass::Virtual);
    v.jobs[0].errors = 1;
    v.jobs[0].first_error = Some("EIO".into());
    v.jobs[1].verify_errors = 2;
    let t = p.thresholds(DriveClass::Virtual, "data", None, None);
    let ids: Vec<String> = verdict::performance_rules(&v, &t)
        .into_iter()
        .map(|h| h.rule)
        .collect();
    assert_eq!(ids, ["IO-ERROR", "VERIFY-MISMATCH"]);
}

#[test]
fn peer_comparison_ratio_and_modified_z() {
    let s = PeerSettings::default();
    // Five identical-model drives: one at 0.45× (FAIL), one at 0.75× (WARN).
    let mut ds: Vec<DriveResult> = [200.0, 201.0, 199.0, 90.0, 150.0]
        .iter()
        .map(|v| synth_drive("h1", "M", *v, DriveClass::Hdd))
        .collect();
    // A different model is never a peer.
    ds.push(synth_drive("h1", "OTHER", 50.0, DriveClass::Hdd));
    verdict::peer_rules(&mut ds, &s);
    assert!(rule_ids(&ds[0]).is_empty());
    assert_eq!(ds[3].verdict, Verdict::Fail);
    assert!(rule_ids(&ds[3]).contains(&"PEER-ratio"));
    assert!(rule_ids(&ds[3]).contains(&"PEER-z"), "{:?}", ds[3].rules);
    assert_eq!(ds[4].verdict, Verdict::Warn);
    assert!(rule_ids(&ds[5]).is_empty());
    // Identical drives: MAD = 0 is floored, no false positives.
    let mut same: Vec<DriveResult> = (0..5)
        .map(|_| synth_drive("h", "M", 200.0, DriveClass::Hdd))
        .collect();
    verdict::peer_rules(&mut same, &s);
    assert!(same.iter().all(|d| d.rules.is_empty()));
    // Groups under 4 drives use the ratio rule only.
    let mut three: Vec<DriveResult> = [200.0, 200.0, 150.0]
        .iter()
        .map(|v| synth_drive("h", "M", *v, DriveClass::Hdd))
        .collect();
    verdict::peer_rules(&mut three, &s);
    assert_eq!(rule_ids(&three[2]), ["PEER-ratio"]);
    assert_eq!(three[2].verdict, Verdict::Warn);
    // Latency: p99 above 2× the peers' median fails, above 1.5× warns.
    let mut warn: Vec<DriveResult> = (0..3)
        .map(|_| synth_drive("h", "M", 200.0, DriveClass::Hdd))
        .collect();
    warn[1].jobs[1].lat.p99_us = 15_000.0;
    warn[1].metrics = verdict::metrics(&warn[1]);
    verdict::peer_rules(&mut warn, &s);
    assert_eq!(rule_ids(&warn[1]), ["PEER-latency"]);
    assert_eq!(warn[1].verdict, Verdict::Warn);
    let mut lat: Vec<DriveResult> = (0..3)
        .map(|_| synth_drive("h", "M", 200.0, DriveClass::Hdd))
        .collect();
    lat[1].jobs[1].lat.p99_us = 20_000.0;
    lat[1].metrics = verdict::metrics(&lat[1]);
    verdict::peer_rules(&mut lat, &s);
    assert!(rule_ids(&lat[1]).contains(&"PEER-latency"));
    // A host-bound job makes the peer failure INCONCLUSIVE.
    let mut hb: Vec<DriveResult> = [200.0, 200.0, 80.0]
        .iter()
        .map(|v| synth_drive("h", "M", *v, DriveClass::Hdd))
        .collect();
    hb[2].jobs[0].host_bound = true;
    verdict::peer_rules(&mut hb, &s);
    assert_eq!(hb[2].verdict, Verdict::Inconclusive);
    assert!(
        (verdict::modified_z(150.0, &[200.0, 201.0, 199.0, 150.0, 170.0], 0.01) + 16.53).abs()
            < 0.01
    );
}

#[test]
fn compare_across_result_files() {
    let d = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (host, v) in [("a", 200.0), ("b", 205.0), ("c", 90.0)] {
        let mut dr = synth_drive(host, "M", v, DriveClass::Hdd);
        dr.settle();
        let rep = QualReport {
            schema_version: raidctl::qualify::result::SCHEMA_VERSION,
            host: host.into(),
            drives: vec![dr],
            ..QualReport::default()
        };
        let p = d.path().join(format!("{host}.json"));
        std::fs::write(&p, serde_json::to_string(&rep).unwrap()).unwrap();
        files.push(p);
    }
    let out = d.path().join("fleet.json");
    let args = QualifyArgs {
        compare: files,
        json: Some(out.clone()),
        ..QualifyArgs::default()
    };
    let st = raidctl::app::qualify::run_qualify(
        &args,
        None,
        false,
        raidctl::output::Style::PLAIN,
        &mut std::io::sink(),
    );
    assert_eq!(st, raidctl::exit::ExitStatus::Error);
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(rep.drives.len(), 3);
    let c = rep.drives.iter().find(|x| x.host == "c").unwrap();
    assert_eq!(c.verdict, Verdict::Fail);
    assert!(
        c.rules
            .iter()
            .any(|r| r.rule == "PEER-ratio" && r.message.contains("median 202 of its 2 peers"))
    );
    assert!(
        c.measure_again,
        "one measurement, failed against its peers alone"
    );

    // c measured again, later, with its peers: one drive with two measurements, the FAIL not
    // confirmed (a WARN that shows both figures), and the report says so.
    let mut again = synth_drive("c", "M", 198.0, DriveClass::Hdd);
    again.identity.path.clone_from(&c.identity.path);
    again.settle();
    let rep = QualReport {
        schema_version: raidctl::qualify::result::SCHEMA_VERSION,
        host: "c".into(),
        finished_unix: 1,
        drives: vec![again],
        ..QualReport::default()
    };
    let p = d.path().join("c.again.json");
    std::fs::write(&p, serde_json::to_string(&rep).unwrap()).unwrap();
    let mut files = args.compare.clone();
    files.insert(0, p);
    let args = QualifyArgs {
        compare: files,
        json: Some(out.clone()),
        ..QualifyArgs::default()
    };
    let mut text = Vec::new();
    let st = raidctl::app::qualify::run_qualify(
        &args,
        None,
        false,
        raidctl::output::Style::PLAIN,
        &mut text,
    );
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(st, raidctl::exit::ExitStatus::Warning, "{:#?}", rep.drives);
    assert_eq!(rep.drives.len(), 3, "a drive measured twice is one drive");
    let c = rep.drives.iter().find(|x| x.host == "c").unwrap();
    assert_eq!(c.verdict, Verdict::Warn, "{:#?}", c.rules);
    assert!(!c.measure_again);
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("flagged in 1 of 2 measurements"), "{text}");
    // A file with another schema version is refused.
    let bad = d.path().join("bad.json");
    std::fs::write(&bad, r#"{"schema_version":99,"tool":"raidctl","version":"","host":"","started_unix":0,"finished_unix":0,"profile":"","role":"","engine":"","read_only":false,"drives":[],"verdict":"PASS"}"#).unwrap();
    let args = QualifyArgs {
        compare: vec![bad],
        ..QualifyArgs::default()
    };
    assert_eq!(
        raidctl::app::qualify::run_qualify(
            &args,
            None,
            false,
            raidctl::output::Style::PLAIN,
            &mut std::io::sink()
        ),
        raidctl::exit::ExitStatus::Error
    );
}
