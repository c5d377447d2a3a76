//! Health rules and their renderings on fixture-built snapshots, and the metrics output checked
//! by its real consumer, `promtool check metrics`.

use raidctl::backend::snapshot::Snapshot;
use raidctl::health::{Baseline, Severity, evaluate, overall};
use raidctl::model::{DriveAddress, FirmwareState, LdState, Progress, ProgressKind};
use raidctl::output::{check, metrics, status};
use std::io::Write;
use std::process::{Command, Stdio};

/// `fixtures/megacli/<name>.txt` files as one snapshot, built as the product's own tests build
/// theirs (`raidctl-backend`'s `backend::fixtures`, the backend's own joins).
fn snapshot(names: &[&str]) -> Snapshot {
    raidctl_backend::backend::fixtures::fixture_snapshot(names)
}

/// Two adapters, three VDs, 18 drives; made eventful by hand: a rebuilding RAID 60 member, a
/// drive with errors, a VD name that needs escaping, an Unconfigured(bad) drive.
fn rich() -> Snapshot {
    let mut s = snapshot(&[
        "lsi9261-multi__adpallinfo",
        "lsi9261-multi__cfgdsply",
        "lsi9261-multi__pdlist",
        "lsi9261-multi__bbustatus",
    ]);
    s.logical_drives[0].state = LdState::PartiallyDegraded;
    s.logical_drives[0].name = Some("db \"primary\" \\ main".into());
    let addr = DriveAddress::new(20, 2);
    let pd = s
        .physical_drives
        .iter_mut()
        .find(|d| d.adapter == 0 && d.address() == addr);
    pd.unwrap().firmware_state = FirmwareState::Rebuild;
    s.progress.push(Progress {
        adapter: 0,
        kind: ProgressKind::Rebuild,
        drive: Some(addr),
        in_progress: true,
        percent: Some(41),
        elapsed_minutes: Some(37),
        ..Progress::default()
    });
    s.physical_drives[5].media_error_count = Some(3);
    s.physical_drives[5].other_error_count = Some(556_475);
    s.physical_drives[17].firmware_state = FirmwareState::UnconfiguredBad;
    s.physical_drives[17].logical_drive = None;
    s
}

/// Runs `promtool check metrics` on `text`. `None` when promtool is absent outside CI.
pub fn promtool(text: &str) -> Option<(bool, String)> {
    let child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::util::skip("promtool not installed (apt-get install prometheus)");
            return None;
        }
        Err(e) => panic!("promtool: {e}"),
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let msg = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some((out.status.success() && msg.trim().is_empty(), msg))
}

#[test]
fn metrics_pass_promtool_check() {
    let cases = [
        ("rich", rich()),
        (
            "degraded",
            snapshot(&[
                "h710-healthy__adpallinfo",
                "h710-degraded__cfgdsply",
                "h710-degraded__pdlist",
                "h710-healthy__bbustatus",
            ]),
        ),
        (
            "no VDs, no BBU",
            snapshot(&[
                "h710-healthy__adpallinfo",
                "ceph-node__pdlist",
                "bbu-absent__bbustatus",
            ]),
        ),
    ];
    for (name, snap) in cases {
        let problems = evaluate(&snap, &Baseline::default());
        let text = metrics::render_metrics(Ok((&snap, &problems)));
        // promtool does not catch duplicate series: every sample line must be unique.
        let mut series: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.rsplit_once(' ').map(|(k, _)| k))
            .collect();
        let n = series.len();
        series.sort_unstable();
        series.dedup();
        assert_eq!(series.len(), n, "{name}: duplicate series in\n{text}");
        if let Some((ok, msg)) = promtool(&text) {
            assert!(ok, "{name}: promtool check metrics failed:\n{msg}\n{text}");
        }
    }
    let failed = metrics::render_metrics(Err("MegaCli64 timed out after 30 s \"-PDList\""));
    if let Some((ok, msg)) = promtool(&failed) {
        assert!(ok, "failure output: {msg}\n{failed}");
    }
}

#[test]
fn rich_snapshot_through_every_rendering() {
    let snap = rich();
    let problems = evaluate(&snap, &Baseline::default());
    // Media errors on an online member of the partially degraded RAID 6: member-at-risk.
    assert_eq!(overall(&problems), Severity::Critical, "{problems:#?}");
    let rules: Vec<&str> = problems.iter().map(|p| p.rule).collect();
    for want in [
        "ld-partially-degraded",
        "pd-rebuild",
        "pd-media-errors",
        "pd-other-errors",
        "pd-unconfigured-bad",
    ] {
        assert!(rules.contains(&want), "{want} missing from {rules:?}");
    }
    let (text, code) = check::render_check(Ok((&snap, &problems)));
    assert_eq!(code, check::CRITICAL);
    assert!(text.contains("'rebuild_a0_20:2'=41%;;;0;100"), "{text}");
    let table = status::render_status(&snap, &problems, raidctl::output::Style::PLAIN);
    assert!(table.contains("rebuild [20:2] 41%"), "{table}");
    assert!(table.contains("sat+megaraid,8"), "{table}");
    let json = status::status_json(&snap, &problems);
    assert_eq!(json["overall"], "critical");
    let metrics = metrics::render_metrics(Ok((&snap, &problems)));
    assert!(
        metrics.contains("name=\"db \\\"primary\\\" \\\\ main\""),
        "{metrics}"
    );
}

#[test]
fn baseline_round_trip_reports_increases() {
    let dir = tempfile::tempdir().unwrap();
    let mut snap = rich();
    let mut b = Baseline::load(dir.path()).unwrap();
    assert!(b.update_from(&snap));
    b.save(dir.path()).unwrap();
    snap.taken_at_unix += 3600;
    snap.physical_drives[5].media_error_count = Some(4);
    let b = Baseline::load(dir.path()).unwrap();
    let problems = evaluate(&snap, &b);
    let inc = problems
        .iter()
        .find(|p| p.rule == "pd-media-errors-increased")
        .unwrap();
    assert_eq!(inc.severity, Severity::Warning);
    assert!(inc.message.contains("from 3 to 4 (+1)"), "{}", inc.message);
}
