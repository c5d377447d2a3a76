//! The fleet pack against the real services: Debian's Prometheus and node_exporter, started
//! on loopback ports with private directories, one node_exporter per simulated host (its
//! `instance` label the scenario's name) reading the textfile `raidctl metrics` writes there.
//! Prometheus loads `contrib/prometheus/raidctl.rules.yml` (every rule must evaluate without
//! error on the real series) and, through its HTTP API, evaluates every alert's expression and
//! every query of the Grafana dashboard (`contrib/grafana/raidctl.json`): each must return
//! series for the host it is meant for ([`ALERTS`], [`PANELS`]), and nothing on the healthy
//! host but what describes it. Waits are on state (targets up, series present), never fixed.
//!
//! Without `prometheus` or `prometheus-node-exporter` the test says so and skips (under
//! `CI=true` it fails: `.ci/run` installs both).

use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PROMETHEUS: &str = "/usr/bin/prometheus";
const NODE_EXPORTER: &str = "/usr/bin/prometheus-node-exporter";

/// Each alert and the simulated host where its expression must return a series.
const ALERTS: &[(&str, &str)] = &[
    ("RaidctlVirtualDriveDegraded", "degraded"),
    ("RaidctlVirtualDriveOffline", "offline"),
    ("RaidctlDriveFailed", "offline"),
    ("RaidctlDriveMissing", "ceph"),
    ("RaidctlDriveSeriesDisappeared", "ceph"),
    ("RaidctlReplacementUnfinished", "degraded"),
    ("RaidctlLocateLeftOn", "degraded"),
    ("RaidctlDriveUnconfiguredBad", "foreign"),
    ("RaidctlDriveMediaErrorsIncreasing", "degraded"),
    ("RaidctlDrivePredictiveFailure", "degraded"),
    ("RaidctlBatteryReplacementRequired", "rebuilding"),
    ("RaidctlBatteryChargeLow", "foreign"),
    ("RaidctlRebuildTooLong", "rebuilding"),
    ("RaidctlForeignConfiguration", "foreign"),
    ("RaidctlScrapeFailing", "broken"),
    ("RaidctlMetricsStale", "broken"),
    ("RaidctlMetricsMissing", "gone"),
    ("RaidctlPreservedCache", "offline"),
    ("RaidctlVirtualDriveBadBlocks", "offline"),
    ("RaidctlDriveSmartFailing", "ceph"),
    ("RaidctlDriveSmartReadFailed", "degraded"),
    ("RaidctlDriveSmartTemperature", "ceph"),
    ("RaidctlDriveSmartWear", "ceph"),
    ("RaidctlDriveSmartDefectsGrowing", "ceph"),
    ("RaidctlCriticalProblem", "degraded"),
];

/// Each dashboard query (`panel title/refId`), the host where it must have data, and whether
/// it also has data on the healthy host (the panels that describe a host rather than a
/// problem).
const PANELS: &[(&str, &str, bool)] = &[
    ("Hosts reporting/A", "healthy", true),
    ("Hosts critical/A", "degraded", false),
    ("Hosts warning/A", "rebuilding", false),
    ("Controllers unreadable/A", "broken", false),
    ("Drives gone from their bay/A", "ceph", false),
    ("Preserved cache/A", "offline", false),
    ("Hosts with problems/A", "degraded", false),
    ("Stale or missing metrics/A", "broken", false),
    ("Controllers/A", "healthy", true),
    ("Virtual drives/A", "healthy", true),
    ("Drives/A", "healthy", true),
    ("Drives needing attention/A", "degraded", false),
    ("Left by raidctl/A", "degraded", false),
    ("Left by raidctl/B", "degraded", false),
    ("Rebuild progress/A", "rebuilding", false),
    ("Battery charge/A", "healthy", true),
    ("Battery state/A", "healthy", true),
    ("Media errors and predictive failures/A", "degraded", false),
    ("Media errors and predictive failures/B", "degraded", false),
    ("Drive temperature/A", "healthy", true),
    ("SMART: failing, unreadable, worn, hot/A", "ceph", false),
    ("SMART: failing, unreadable, worn, hot/B", "degraded", false),
    ("SMART: failing, unreadable, worn, hot/C", "ceph", false),
    ("SMART: failing, unreadable, worn, hot/D", "ceph", false),
    ("SMART defects/A", "ceph", false),
    // Only where the identity join found an OSD: loop devices (root) carry it.
    ("OSDs and their bays/A", "ceph", false),
    ("VDs carrying OSDs/A", "ceph", false),
];

/// The queries that need the Ceph host's OSD, which needs loop devices.
const NEED_OSD: &[&str] = &["OSDs and their bays/A", "VDs carrying OSDs/A"];

/// The simulated hosts, one node_exporter each.
pub(crate) const HOSTS: [&str; 8] = [
    "healthy",
    "degraded",
    "offline",
    "foreign",
    "rebuilding",
    "ceph",
    "broken",
    "gone",
];

/// A daemon this test started: killed and reaped when dropped, its output in `log`.
struct Daemon {
    name: String,
    child: Child,
    log: PathBuf,
}

impl Daemon {
    fn start(name: &str, program: &str, args: &[String], log: PathBuf) -> Daemon {
        let out = std::fs::File::create(&log).unwrap();
        let child = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        Daemon {
            name: name.to_owned(),
            child,
            log,
        }
    }

    /// Fails the test, with the daemon's output, when it has exited.
    fn alive(&mut self) {
        if let Ok(Some(status)) = self.child.try_wait() {
            panic!(
                "{} exited ({status}):\n{}",
                self.name,
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A loopback port nothing listens on now (the daemon binds it right after).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `GET path` on a loopback port: the status code and body.
fn get(port: u16, path: &str) -> Result<(u16, String), String> {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").map_err(|e| e.to_string())?;
    let mut text = String::new();
    s.read_to_string(&mut text).map_err(|e| e.to_string())?;
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP header end")?;
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("bad status line in {head:?}"))?;
    Ok((code, body.to_owned()))
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Prometheus's HTTP API: `data` of a successful answer, or its error.
fn api(port: u16, path: &str) -> Result<Value, String> {
    let (code, body) = get(port, path)?;
    let doc: Value =
        serde_json::from_str(&body).map_err(|e| format!("{path}: HTTP {code}: {e}: {body}"))?;
    if doc["status"] != "success" {
        return Err(format!("{path}: HTTP {code}: {}", doc["error"]));
    }
    Ok(doc["data"].clone())
}

/// The series an instant query returns.
fn query(port: u16, expr: &str) -> Result<Vec<Value>, String> {
    let data = api(port, &format!("/api/v1/query?query={}", encode(expr)))?;
    Ok(data["result"].as_array().cloned().unwrap_or_default())
}

/// The instances among a query's series.
fn instances(series: &[Value]) -> Vec<String> {
    let mut v: Vec<String> = series
        .iter()
        .filter_map(|s| s["metric"]["instance"].as_str().map(str::to_owned))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Polls `check` until it returns no failure or `deadline` passes; the failures then.
fn wait_for(deadline: Instant, mut check: impl FnMut() -> Vec<String>) -> Vec<String> {
    loop {
        let failures = check();
        if failures.is_empty() || Instant::now() > deadline {
            return failures;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Every alert's name and expression as Prometheus loaded them, with their evaluation health.
fn loaded_rules(port: u16) -> Vec<(String, String, String, String)> {
    let data = api(port, "/api/v1/rules").unwrap();
    let mut out = Vec::new();
    for g in data["groups"].as_array().unwrap() {
        for r in g["rules"].as_array().unwrap() {
            let s = |k: &str| r[k].as_str().unwrap_or("").to_owned();
            out.push((s("name"), s("query"), s("health"), s("lastError")));
        }
    }
    out
}

/// Every query of the dashboard: `title/refId` and the expression.
fn dashboard_queries() -> Vec<(String, String)> {
    let path = crate::util::root().join("contrib/grafana/raidctl.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut out = Vec::new();
    let mut stack: Vec<Value> = doc["panels"].as_array().unwrap().clone();
    while let Some(p) = stack.pop() {
        if let Some(inner) = p["panels"].as_array() {
            stack.extend(inner.iter().cloned());
        }
        for t in p["targets"].as_array().into_iter().flatten() {
            out.push((
                format!(
                    "{}/{}",
                    p["title"].as_str().unwrap(),
                    t["refId"].as_str().unwrap()
                ),
                t["expr"].as_str().unwrap().to_owned(),
            ));
        }
    }
    out.sort();
    out
}

/// A dashboard query as Grafana sends it for one host.
fn for_host(expr: &str, host: &str) -> String {
    expr.replace("$host", host)
}

fn prometheus_config(dir: &Path, exporters: &[(String, u16)]) -> PathBuf {
    let rules = crate::util::root().join("contrib/prometheus/raidctl.rules.yml");
    let mut cfg = format!(
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n\
         rule_files: ['{}']\nscrape_configs:\n  - job_name: node\n    static_configs:\n",
        rules.display()
    );
    for (host, port) in exporters {
        cfg.push_str(&format!(
            "      - targets: ['127.0.0.1:{port}']\n        labels: {{instance: {host}}}\n"
        ));
    }
    let path = dir.join("prometheus.yml");
    std::fs::write(&path, cfg).unwrap();
    path
}

/// node_exporter on each host's textfile directory, and Prometheus scraping them all.
fn start_services(hosts: &crate::prometheus_hosts::Hosts, dir: &Path) -> (Vec<Daemon>, u16) {
    let mut daemons = Vec::new();
    let mut exporters = Vec::new();
    for host in HOSTS {
        let port = free_port();
        let args = vec![
            format!("--web.listen-address=127.0.0.1:{port}"),
            "--collector.disable-defaults".to_owned(),
            "--collector.textfile".to_owned(),
            format!(
                "--collector.textfile.directory={}",
                hosts.textfiles(host).display()
            ),
        ];
        let log = dir.join(format!("node-exporter-{host}.log"));
        daemons.push(Daemon::start(
            &format!("node_exporter ({host})"),
            NODE_EXPORTER,
            &args,
            log,
        ));
        exporters.push((host.to_owned(), port));
    }
    let port = free_port();
    let args = vec![
        format!(
            "--config.file={}",
            prometheus_config(dir, &exporters).display()
        ),
        format!("--storage.tsdb.path={}", dir.join("tsdb").display()),
        format!("--web.listen-address=127.0.0.1:{port}"),
    ];
    daemons.push(Daemon::start(
        "prometheus",
        PROMETHEUS,
        &args,
        dir.join("prometheus.log"),
    ));
    (daemons, port)
}

fn installed() -> bool {
    for (path, package) in [
        (PROMETHEUS, "prometheus"),
        (NODE_EXPORTER, "prometheus-node-exporter"),
    ] {
        if !Path::new(path).is_file() {
            crate::util::skip(&format!("{path} missing (apt-get install {package})"));
            return false;
        }
    }
    true
}

/// Every target up and every host's raidctl series scraped (the broken host's say it failed).
fn all_scraped(port: u16, daemons: &mut [Daemon]) -> Vec<String> {
    for d in daemons.iter_mut() {
        d.alive();
    }
    let mut failures = Vec::new();
    let up = query(port, "up == 1").map(|s| instances(&s));
    let scraped = query(port, "raidctl_scrape_success").map(|s| instances(&s));
    for host in HOSTS {
        match (&up, &scraped) {
            (Ok(u), Ok(s)) if u.iter().any(|h| h == host) && s.iter().any(|h| h == host) => {}
            (u, s) => failures.push(format!("{host}: up {u:?}, raidctl_scrape_success {s:?}")),
        }
    }
    failures
}

/// The alerts' expressions, each returning its host (and never the healthy one), and every
/// rule evaluated without error.
fn alert_failures(port: u16) -> Vec<String> {
    let rules = loaded_rules(port);
    let mut failures = Vec::new();
    for (name, expr, health, error) in &rules {
        if health != "ok" {
            failures.push(format!("{name}: rule health {health:?} {error}"));
        }
        let Some((_, host)) = ALERTS.iter().find(|(a, _)| a == name) else {
            failures.push(format!("{name}: no host in ALERTS where it fires"));
            continue;
        };
        match query(port, expr) {
            Ok(series) => {
                let got = instances(&series);
                if !got.iter().any(|h| h == host) {
                    failures.push(format!("{name}: no series on {host} (got {got:?}): {expr}"));
                }
                if got.iter().any(|h| h == "healthy") {
                    failures.push(format!("{name}: fires on the healthy host: {expr}"));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    for (name, _) in ALERTS {
        if !rules.iter().any(|(n, ..)| n == name) {
            failures.push(format!("{name}: in ALERTS but not loaded by Prometheus"));
        }
    }
    failures
}

/// The dashboard's queries, each with data on its host, and on the healthy host only those
/// describing it.
fn panel_failures(port: u16, with_osd: bool) -> Vec<String> {
    let mut failures = Vec::new();
    for (key, expr) in dashboard_queries() {
        let Some((_, host, healthy)) = PANELS.iter().find(|(k, ..)| *k == key) else {
            failures.push(format!("{key}: no host in PANELS where it has data"));
            continue;
        };
        if with_osd || !NEED_OSD.contains(&key.as_str()) {
            match query(port, &for_host(&expr, host)) {
                Ok(s) if s.is_empty() => failures.push(format!("{key}: no data on {host}: {expr}")),
                Ok(_) => {}
                Err(e) => failures.push(format!("{key}: {e}")),
            }
        }
        match query(port, &for_host(&expr, "healthy")) {
            Ok(s) if s.is_empty() == *healthy => failures.push(format!(
                "{key}: {} on the healthy host: {expr}",
                if *healthy { "no data" } else { "data" }
            )),
            Ok(_) => {}
            Err(e) => failures.push(format!("{key}: {e}")),
        }
    }
    failures
}

#[test]
fn alerts_and_dashboard_on_real_prometheus_and_node_exporter() {
    if !installed() {
        return;
    }
    let started = Instant::now();
    let hosts = crate::prometheus_hosts::set_up();
    eprintln!("prometheus: hosts set up in {:?}", started.elapsed());
    let work = tempfile::tempdir().unwrap();
    let (mut daemons, port) = start_services(&hosts, work.path());
    let deadline = Instant::now() + Duration::from_secs(60);
    let f = wait_for(deadline, || all_scraped(port, &mut daemons));
    assert!(f.is_empty(), "targets not scraped: {f:#?}");
    eprintln!(
        "prometheus: every host scraped after {:?}",
        started.elapsed()
    );
    // What changes between two scrapes: counters that rise, drives pulled, a textfile gone.
    crate::prometheus_hosts::change(&hosts);
    eprintln!("prometheus: hosts changed after {:?}", started.elapsed());
    let deadline = Instant::now() + Duration::from_secs(60);
    let f = wait_for(deadline, || {
        let mut f = alert_failures(port);
        f.extend(panel_failures(port, hosts.osd_root.is_some()));
        // The storcli.py-compatible file beside raidctl.prom reaches Prometheus too.
        match query(port, "megaraid_pd_info{instance=\"healthy\"}") {
            Ok(s) if !s.is_empty() => {}
            other => f.push(format!("megaraid_pd_info on healthy: {other:?}")),
        }
        f
    });
    assert!(f.is_empty(), "after {:?}: {f:#?}", started.elapsed());
    eprintln!(
        "prometheus: every alert and panel checked in {:?}",
        started.elapsed()
    );
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every alert's `runbook_url` is its own anchor in the document the URL names (the packaged
/// path mirrors the repository's), and that document has a heading for it.
#[test]
fn every_runbook_url_is_a_heading_of_the_docs() {
    let rules =
        std::fs::read_to_string(crate::util::root().join("contrib/prometheus/raidctl.rules.yml"))
            .unwrap();
    let mut alert = None;
    let mut seen = Vec::new();
    for line in rules.lines() {
        let t = line.trim();
        if let Some(a) = t.strip_prefix("- alert: ") {
            alert = Some(a);
        }
        let Some(url) = t.strip_prefix("runbook_url: ") else {
            continue;
        };
        let a = alert.expect("runbook_url before any alert");
        let (base, frag) = url.trim_matches('"').rsplit_once('#').unwrap();
        assert_eq!(frag, a.to_lowercase(), "{a}: runbook_url anchor");
        let doc = base
            .rsplit_once("file:///usr/share/doc/raidctl/")
            .map(|(_, f)| f.trim_end_matches("{{ end }}"))
            .unwrap_or_else(|| panic!("{a}: no packaged fallback in {url}"));
        let text = std::fs::read_to_string(crate::util::root().join(doc)).unwrap();
        let headings: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| anchor(l.trim_start_matches('#')))
            .collect();
        assert!(
            headings.contains(&frag.to_owned()),
            "{a}: no heading with anchor #{frag} in {doc}"
        );
        seen.push(a);
    }
    assert_eq!(
        seen.len(),
        ALERTS.len(),
        "alerts with a runbook_url: {seen:?}"
    );
}

/// The dashboard is importable as it is: its data source and host are variables every query
/// uses, panel ids are unique, and every panel has a place and a description.
#[test]
fn the_dashboard_is_templated_on_data_source_and_host() {
    let path = crate::util::root().join("contrib/grafana/raidctl.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let vars = doc["templating"]["list"].as_array().unwrap();
    let var = |n: &str| vars.iter().find(|v| v["name"] == n).cloned();
    assert_eq!(var("datasource").unwrap()["type"], "datasource");
    assert_eq!(var("datasource").unwrap()["query"], "prometheus");
    let host = var("host").unwrap();
    assert_eq!(host["type"], "query");
    assert_eq!(host["datasource"]["uid"], "${datasource}");
    let mut ids = Vec::new();
    for p in doc["panels"].as_array().unwrap() {
        ids.push(p["id"].as_u64().unwrap());
        assert!(p["gridPos"]["w"].as_u64().is_some(), "{p}");
        if p["type"] == "row" {
            continue;
        }
        assert_eq!(p["datasource"]["uid"], "${datasource}", "{}", p["title"]);
        assert!(p["description"].as_str().is_some_and(|d| !d.is_empty()));
        for t in p["targets"].as_array().unwrap() {
            assert_eq!(t["datasource"]["uid"], "${datasource}", "{}", p["title"]);
            let expr = t["expr"].as_str().unwrap();
            assert!(
                expr.contains("instance=~\"$host\""),
                "{}: {expr}",
                p["title"]
            );
        }
    }
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "panel ids are unique");
    let queries = dashboard_queries();
    assert_eq!(queries.len(), PANELS.len(), "{queries:?}");
}
