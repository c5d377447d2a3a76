//! Real, packaged, unmodified third-party consumers against the simulator, on every scenario,
//! compared with raidctl's own view of the same state:
//! - `check_raid -p megacli` (Debian `monitoring-plugins-contrib`) with the MegaCli front end
//!   on `PATH` as `MegaCli64`;
//! - `storcli.py` (Debian `prometheus-node-exporter-collectors`, node_exporter's storcli
//!   textfile collector) with the storcli front end as `storcli64`, its output checked with
//!   `promtool check metrics`.
//!
//! - pystorcli2 (PyPI), the StorCLI wrapper other tools build on, walking every drive and VD
//!   through its API.
//!
//! All run on one generic harness ([`Consumer`]): any executable, how to call it in a
//! simulated world, how to read the VD and drive states it prints, and the states raidctl's
//! own view of the world gives, compared on every scenario.
//!
//! Outside CI a missing package skips the test with the reason printed; under `CI=true` a
//! missing package fails it (`.ci/run` installs both).

use regex::Regex;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every scenario the simulator has, so a new one is compared with the consumers too.
const SCENARIOS: &[&str] = raidctl::sim::scenarios::NAMES;

const CHECK_RAID: &str = "/usr/lib/nagios/plugins/check_raid";
const STORCLI_PY: &str = "/usr/share/prometheus-node-exporter-collectors/storcli.py";

/// The consumer at `path`, or `None` (with the reason printed) when its package is absent
/// outside CI. Under CI the package must be there.
fn consumer(path: &str, package: &str) -> Option<PathBuf> {
    let p = PathBuf::from(path);
    if p.is_file() {
        return Some(p);
    }
    crate::util::skip(&format!("{path} not found (apt-get install {package})"));
    None
}

fn which(tool: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(tool))
            .find(|p| p.is_file())
    })
}

/// One scenario's simulated controller, with the vendor tools' names on a `bin` directory.
struct World {
    dir: tempfile::TempDir,
    bin: PathBuf,
}

impl World {
    fn new(scenario: &str) -> World {
        let dir = tempfile::tempdir().unwrap();
        let out = raidctl(dir.path())
            .args(["sim", "init", scenario])
            .output()
            .unwrap();
        assert!(out.status.success(), "{scenario}: {out:?}");
        // `sim env` links the vendor names the consumers look for (MegaCli64, storcli64...)
        // to raidctl in DIR/bin and prints the PATH line.
        let env = raidctl(dir.path()).args(["sim", "env"]).output().unwrap();
        assert!(env.status.success(), "{scenario}: {env:?}");
        let env = String::from_utf8_lossy(&env.stdout).into_owned();
        let bin = env
            .lines()
            .find_map(|l| l.strip_prefix("export PATH='"))
            .and_then(|l| l.split_once('\''))
            .map(|(p, _)| PathBuf::from(p))
            .unwrap_or_else(|| panic!("{scenario}: no PATH line in {env:?}"));
        assert!(bin.join("MegaCli64").exists() && bin.join("storcli64").exists());
        World { dir, bin }
    }

    fn state(&self) -> &Path {
        self.dir.path()
    }

    /// A consumer's command with the simulator's tools first on `PATH`.
    fn consumer(&self, program: &Path) -> Command {
        let mut c = Command::new(program);
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.bin.clone()];
        dirs.extend(std::env::split_paths(&path));
        c.env("PATH", std::env::join_paths(dirs).unwrap())
            .env("RAIDCTL_SIM_STATE", self.state())
            .env("LC_ALL", "C")
            .current_dir(self.state());
        c
    }

    /// raidctl's snapshot of the same state (`status --format json`).
    fn snapshot(&self) -> Value {
        let out = raidctl(self.state())
            .args(["status", "--format", "json", "--max-age", "0"])
            .output()
            .unwrap();
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["snapshot"].clone()
    }

    fn raidctl_check_status(&self) -> i32 {
        let out = raidctl(self.state())
            .args(["check", "--max-age", "0"])
            .output()
            .unwrap();
        out.status.code().unwrap()
    }
}

fn raidctl(state: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_raidctl"));
    c.arg("--sim-state")
        .arg(state)
        .env_remove("RAIDCTL_SIM_STATE");
    c
}

/// check_raid's one-line summary: `STATUS: megacli:[Volumes(N): name:State,...; Devices(N):
/// 00,01=Online 04 (INQUIRY)=Failed ...]`. Returns the VD states in order and the sorted
/// (device id, state) pairs.
fn read_check_raid(line: &str) -> (Vec<String>, Vec<(u32, String)>) {
    let vols = Regex::new(r"Volumes\(\d+\): ([^;]*);").unwrap();
    let vds: Vec<String> = vols
        .captures(line)
        .unwrap_or_else(|| panic!("no Volumes in {line:?}"))[1]
        .split(',')
        .filter(|v| *v != "WriteCache:DISABLED")
        .map(str::to_owned)
        .collect();
    let devices = line
        .split_once("Devices(")
        .and_then(|(_, d)| d.split_once("): "))
        .map(|(_, d)| d.trim_end_matches(']'))
        .unwrap_or_else(|| panic!("no Devices in {line:?}"));
    let group = Regex::new(r"((?:\d+(?: \([^)]*\))?,?)+)=([^\s\]]+)").unwrap();
    let id = Regex::new(r"(?:^|,)(\d+)").unwrap();
    let inquiry = Regex::new(r" \([^)]*\)").unwrap();
    let mut drives = Vec::new();
    for g in group.captures_iter(devices) {
        let ids = inquiry.replace_all(&g[1], "");
        for i in id.captures_iter(&ids) {
            drives.push((i[1].parse().unwrap(), g[2].to_owned()));
        }
    }
    drives.sort();
    (vds, drives)
}

/// What check_raid should print for raidctl's model: VDs as `name:FirstWordOfState` (a
/// nameless VD is `DISKn.t`), drives as the firmware state before the comma, `Predictive`
/// when the drive has predictive failures.
fn expected_check_raid(snap: &Value) -> (Vec<String>, Vec<(u32, String)>) {
    let vds = snap["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let name = l["name"].as_str().filter(|n| !n.is_empty()).map_or_else(
                || format!("DISK{}.{}", l["number"], l["target_id"]),
                str::to_owned,
            );
            let state = l["state_raw"].as_str().unwrap_or("");
            format!("{name}:{}", state.split_whitespace().next().unwrap_or(""))
        })
        .collect();
    let mut drives: Vec<(u32, String)> = snap["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let raw = p["firmware_state_raw"].as_str().unwrap_or("");
            let state = if p["predictive_failure_count"].as_u64().unwrap_or(0) > 0 {
                "Predictive".to_owned()
            } else {
                raw.split(',').next().unwrap_or("").to_owned()
            };
            (
                u32::try_from(p["device_id"].as_u64().unwrap()).unwrap(),
                state,
            )
        })
        .collect();
    drives.sort();
    (vds, drives)
}

/// check_raid's `Batteries(N): 0,1=Optimal 2=Learning` as sorted (adapter, state) pairs.
fn read_batteries(text: &str) -> Vec<(u32, String)> {
    // No battery: check_raid prints no Batteries part.
    let part = text
        .split_once("Batteries(")
        .and_then(|(_, b)| b.split_once("): "))
        .map_or("", |(_, b)| b.split(']').next().unwrap_or(""));
    let mut out = Vec::new();
    for group in part.split_whitespace() {
        let (ids, state) = group.split_once('=').unwrap();
        for id in ids.split(',') {
            out.push((id.parse().unwrap(), state.to_owned()));
        }
    }
    out.sort();
    out
}

/// raidctl's batteries as check_raid names them: adapter and `Battery State`.
fn expected_batteries(snap: &Value) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = snap["bbus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                u32::try_from(b["adapter"].as_u64().unwrap()).unwrap(),
                b["state_raw"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Where check_raid's policy differs from raidctl's on purpose: the scenario, check_raid's
/// exit status, raidctl's, and why.
const CHECK_RAID_DIFFERENCES: &[(&str, i32, i32, &str)] = &[
    (
        "rebuilding",
        2,
        1,
        "check_raid counts a Degraded volume CRITICAL even while its only missing member \
         rebuilds; raidctl reports that as ld-rebuilding, WARNING by default (the operator's \
         part is done), CRITICAL with --state ld-rebuilding=critical",
    ),
    (
        "bbu-learn",
        1,
        0,
        "during a BBU learn cycle the VDs fall back to write-through: check_raid reports \
     WriteCache:DISABLED (its --cache-fail policy, WARNING) and, with --bbu-monitoring, the \
     learn itself (--bbulearn, WARNING); raidctl does not count a learn cycle or its \
     write-through fallback as a problem",
    ),
];

/// What a consumer reported: VD states and drive states, each keyed the consumer's way and
/// sorted, in raidctl's vocabulary where the consumer has its own.
#[derive(Debug, Default, PartialEq, Eq)]
struct States {
    vds: Vec<(String, String)>,
    drives: Vec<(String, String)>,
}

impl States {
    fn sorted(mut self) -> Self {
        self.vds.sort();
        self.drives.sort();
        self
    }
}

/// Any third-party program, run unmodified against `raidctl sim env` on every scenario: how
/// to call it, how to read the states it prints, and the states raidctl's own view of the
/// same world gives in its terms.
struct Consumer<'a> {
    /// For messages.
    name: &'a str,
    /// The executable (a script is run by its interpreter through `args`).
    program: PathBuf,
    /// Its arguments in one world (the path of a simulated tool, options).
    args: &'a dyn Fn(&World) -> Vec<std::ffi::OsString>,
    /// The states in its standard output.
    read: &'a dyn Fn(&str) -> States,
    /// What raidctl reports for the same world, in the consumer's terms.
    expect: &'a dyn Fn(&World) -> States,
}

impl Consumer<'_> {
    /// Runs the consumer on every scenario and requires its states to be raidctl's; `more`
    /// gets each scenario's world and the consumer's output for checks of its own.
    fn run_everywhere(&self, mut more: impl FnMut(&str, &World, &std::process::Output)) {
        for scenario in SCENARIOS {
            let w = World::new(scenario);
            let out = w
                .consumer(&self.program)
                .args((self.args)(&w))
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            let got = (self.read)(&stdout).sorted();
            let want = (self.expect)(&w).sorted();
            assert!(
                !want.drives.is_empty(),
                "{}: {scenario}: raidctl reports no drive",
                self.name
            );
            assert_eq!(
                got,
                want,
                "{}: {scenario}: states differ\n{stdout}\n{}",
                self.name,
                String::from_utf8_lossy(&out.stderr)
            );
            more(scenario, &w, &out);
        }
    }
}

/// check_raid's states: VDs by position (`name:State`), drives by device id.
fn check_raid_states(line: &str) -> States {
    let (vds, drives) = read_check_raid(line);
    keyed(vds, drives)
}

fn keyed(vds: Vec<String>, drives: Vec<(u32, String)>) -> States {
    States {
        vds: vds
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("{i:03}"), v))
            .collect(),
        drives: drives
            .into_iter()
            .map(|(id, s)| (format!("{id:05}"), s))
            .collect(),
    }
}

#[test]
fn check_raid_agrees_with_raidctl_on_every_scenario() {
    let Some(check_raid) = consumer(CHECK_RAID, "monitoring-plugins-contrib") else {
        return;
    };
    let c = Consumer {
        name: "check_raid -p megacli",
        program: check_raid.clone(),
        args: &|_| vec!["-p".into(), "megacli".into()],
        read: &|stdout| {
            let line = stdout.lines().next().unwrap_or("");
            assert!(
                line.contains("megacli:["),
                "check_raid did not read the simulator: {stdout:?}"
            );
            check_raid_states(line)
        },
        expect: &|w| {
            let (vds, drives) = expected_check_raid(&w.snapshot());
            keyed(vds, drives)
        },
    };
    c.run_everywhere(|scenario, w, out| {
        let line = String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned();
        // With its experimental BBU monitoring, every battery's state agrees as well.
        let bbu = w
            .consumer(&check_raid)
            .args(["-p", "megacli", "--bbu-monitoring"])
            .output()
            .unwrap();
        let bbu_line = String::from_utf8_lossy(&bbu.stdout).into_owned();
        assert_eq!(
            read_batteries(&bbu_line),
            expected_batteries(&w.snapshot()),
            "{scenario}: battery states\n{bbu_line}"
        );
        let theirs = out.status.code().unwrap();
        assert_eq!(
            bbu.status.code(),
            Some(theirs),
            "{scenario}: --bbu-monitoring changed the status\n{bbu_line}"
        );
        let ours = w.raidctl_check_status();
        match CHECK_RAID_DIFFERENCES.iter().find(|(s, ..)| *s == scenario) {
            Some((_, t, o, why)) => assert_eq!(
                (theirs, ours),
                (*t, *o),
                "{scenario}: the documented difference changed ({why}): {line}"
            ),
            None => assert_eq!(theirs, ours, "{scenario}: exit status\n{line}"),
        }
    });
}

/// Label sets of the series with value 1 of one metric family, from exposition text.
fn series(text: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    let label = Regex::new(r#"(\w+)="([^"]*)""#).unwrap();
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(name)?.strip_prefix('{')?;
            let (labels, value) = rest.rsplit_once("} ")?;
            (value.trim().parse::<f64>().ok()? == 1.0).then(|| {
                label
                    .captures_iter(labels)
                    .map(|c| (c[1].to_owned(), c[2].to_owned()))
                    .collect()
            })
        })
        .collect()
}

/// Label values of a series joined with `/` (`0/32/4`).
fn joined(m: &BTreeMap<String, String>, keys: &[&str]) -> String {
    keys.iter()
        .map(|k| m.get(*k).cloned().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("/")
}

/// raidctl's metrics of a world: drive states keyed `adapter/enclosure/slot`, VD states keyed
/// `adapter/target`, and the exposition text.
fn ours(w: &World) -> (States, String) {
    let out = raidctl(w.state())
        .args(["metrics", "--max-age", "0"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let states = States {
        drives: series(&text, "raidctl_pd_state")
            .iter()
            .map(|m| {
                (
                    joined(m, &["adapter", "enclosure", "slot"]),
                    m["state"].clone(),
                )
            })
            .collect(),
        vds: series(&text, "raidctl_ld_state")
            .iter()
            .map(|m| (joined(m, &["adapter", "target_id"]), m["state"].clone()))
            .collect(),
    };
    (states, text)
}

/// storcli's `State` column in raidctl's vocabulary.
fn storcli_pd_state(s: &str) -> &str {
    match s {
        "Onln" => "online",
        "Offln" => "offline",
        "Failed" => "failed",
        "Rbld" => "rebuild",
        "Cpybck" => "copyback",
        "UGood" => "unconfigured_good",
        "UBad" => "unconfigured_bad",
        "GHS" | "DHS" => "hotspare",
        "JBOD" => "jbod",
        other => other,
    }
}

fn storcli_vd_state(s: &str) -> &str {
    match s {
        "Optl" => "optimal",
        "Dgrd" => "degraded",
        "Pdgd" => "partially_degraded",
        "OfLn" => "offline",
        other => other,
    }
}

/// promtool's complaints about storcli.py's own metric names (not about the simulator).
const PROMTOOL_LINT_OF_STORCLI_PY: &[&str] =
    &["megaraid_pd_shield_counter metric name should not include type 'counter'"];

#[test]
fn storcli_py_passes_promtool_and_agrees_with_raidctl_metrics() {
    let Some(script) = consumer(STORCLI_PY, "prometheus-node-exporter-collectors") else {
        return;
    };
    let Some(promtool) = which("promtool") else {
        crate::util::skip("promtool not found (apt-get install prometheus)");
        return;
    };
    let c = Consumer {
        name: "storcli.py",
        program: PathBuf::from("python3"),
        args: &|w| {
            vec![
                script.clone().into(),
                "--storcli_path".into(),
                w.bin.join("storcli64").into(),
            ]
        },
        read: &|text| States {
            drives: series(text, "megaraid_pd_info")
                .iter()
                .map(|m| {
                    (
                        joined(m, &["controller", "enclosure", "slot"]),
                        storcli_pd_state(&m["state"]).to_owned(),
                    )
                })
                .collect(),
            vds: series(text, "megaraid_vd_info")
                .iter()
                .map(|m| {
                    (
                        joined(m, &["controller", "VG"]),
                        storcli_vd_state(&m["state"]).to_owned(),
                    )
                })
                .collect(),
        },
        expect: &|w| ours(w).0,
    };
    c.run_everywhere(|scenario, w, out| {
        assert!(out.status.success(), "{scenario}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let file = w.state().join("storcli.prom");
        std::fs::write(&file, &text).unwrap();
        let check = Command::new(&promtool)
            .args(["check", "metrics"])
            .stdin(std::fs::File::open(&file).unwrap())
            .output()
            .unwrap();
        let complaints = String::from_utf8_lossy(&check.stdout).into_owned()
            + &String::from_utf8_lossy(&check.stderr);
        let unexpected: Vec<&str> = complaints
            .lines()
            .filter(|l| !l.trim().is_empty() && !PROMTOOL_LINT_OF_STORCLI_PY.contains(l))
            .collect();
        // promtool exits 3 for lint findings, 1 for text it cannot parse.
        assert!(
            unexpected.is_empty() && matches!(check.status.code(), Some(0 | 3)),
            "{scenario}: promtool check metrics: {unexpected:?} ({:?})",
            check.status
        );
        // The line storcli.py stops at when a key is missing (ROC temperature) comes early:
        // its per-drive series must all be there.
        let (_, ours) = ours(w);
        assert_eq!(
            series(&text, "megaraid_controller_info").len(),
            series(&ours, "raidctl_adapter_info").len(),
            "{scenario}: controllers"
        );
    });
}

/// pystorcli2 (PyPI, Naudit's StorCLI wrapper) walking controllers, enclosures, drives and
/// VDs through its own API, each property one `storcli64 ... J` call; `.ci/run` installs the
/// pinned release into `target/pystorcli2/` (or `RAIDCTL_PYSTORCLI2_PYTHON` names an
/// interpreter that has it).
const PYSTORCLI2_WALK: &str = "import pystorcli2
s = pystorcli2.StorCLI(binary='storcli64')
print('version', s.version)
for c in s.controllers:
    for e in c.encls:
        for d in e.drives:
            print('pd', f'{c.id}/{e.id}/{d.id}', d.state, sep='\\t')
    for v in c.vds:
        print('vd', f'{c.id}/{v.id}', v.state, sep='\\t')
";

/// pystorcli2's drive and VD state names in raidctl's vocabulary.
fn pystorcli2_state(s: &str) -> String {
    match s {
        "Global Hotspare" | "Dedicated Hot Spare" => "hotspare".to_owned(),
        "OffLine" => "offline".to_owned(),
        "CopyBack" => "copyback".to_owned(),
        "JBOD" => "jbod".to_owned(),
        other => other.to_ascii_lowercase().replace(' ', "_"),
    }
}

#[test]
fn pystorcli2_agrees_with_raidctl_on_every_scenario() {
    let python = std::env::var_os("RAIDCTL_PYSTORCLI2_PYTHON").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/pystorcli2/bin/python3"),
        PathBuf::from,
    );
    let has = python.is_file()
        && Command::new(&python)
            .args(["-c", "import pystorcli2"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !has {
        crate::util::skip(&format!(
            "{} cannot import pystorcli2 (python3 -m venv target/pystorcli2 && \
             target/pystorcli2/bin/pip install pystorcli2==0.6.4)",
            python.display()
        ));
        return;
    }
    let walk = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(walk.path(), PYSTORCLI2_WALK).unwrap();
    let c = Consumer {
        name: "pystorcli2",
        program: python,
        args: &|_| vec![walk.path().into()],
        read: &|text| {
            let mut st = States::default();
            for l in text.lines() {
                let f: Vec<&str> = l.split('\t').collect();
                match f.as_slice() {
                    ["pd", k, s] => st.drives.push(((*k).to_owned(), pystorcli2_state(s))),
                    ["vd", k, s] => st.vds.push(((*k).to_owned(), pystorcli2_state(s))),
                    _ => {}
                }
            }
            st
        },
        expect: &|w| ours(w).0,
    };
    c.run_everywhere(|scenario, _, out| {
        assert!(out.status.success(), "{scenario}: {out:?}");
        // Its version parser reads `show`'s `CLI Version`.
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("version 7.1704"), "{scenario}: {text}");
    });
}

/// One sample: name, label pairs in order of name, and value.
type Sample = (String, Vec<(String, String)>, String);

/// Every sample of an exposition.
fn samples(text: &str) -> std::collections::BTreeSet<Sample> {
    let label = Regex::new(r#"(\w+)="((?:[^"\\]|\\.)*)""#).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (series, value) = l.rsplit_once(' ').unwrap();
            let (name, labels) = series.split_once('{').unwrap_or((series, ""));
            let mut labels: Vec<(String, String)> = label
                .captures_iter(labels)
                .map(|c| (c[1].to_owned(), c[2].to_owned()))
                .collect();
            labels.sort();
            // storcli.py prints Python floats (`1.0`); compare numbers.
            let value = value
                .parse::<f64>()
                .map_or(value.to_owned(), |v| v.to_string());
            (name.to_owned(), labels, value)
        })
        .collect()
}

/// Each family's label names, from exposition text.
fn label_keys(text: &str) -> BTreeMap<String, std::collections::BTreeSet<Vec<String>>> {
    let mut out: BTreeMap<String, std::collections::BTreeSet<Vec<String>>> = BTreeMap::new();
    for (name, labels, _) in samples(text) {
        out.entry(name)
            .or_default()
            .insert(labels.into_iter().map(|(k, _)| k).collect());
    }
    out
}

/// What the simulated MegaCli does not print and `--compat storcli-py` therefore leaves out
/// when raidctl reads through MegaCli: the patrol read schedule (not in `-AdpAllInfo`), the
/// host's clock beside the controller's, and the drives' commissioned and emergency spare
/// flags.
const NOT_FROM_MEGACLI: &[&str] = &[
    "megaraid_pd_commissioned_spare",
    "megaraid_pd_emergency_spare",
    "megaraid_scheduled_patrol_read",
    "megaraid_time_difference",
];

/// `raidctl metrics --compat storcli-py` is storcli.py's exposition: through storcli, the
/// very same samples (names, labels and their values, values) and HELP lines on every
/// scenario; through MegaCli, the same families with the same label names, but for what
/// MegaCli does not print.
#[test]
fn compat_storcli_py_gives_storcli_py_s_series() {
    let Some(script) = consumer(STORCLI_PY, "prometheus-node-exporter-collectors") else {
        return;
    };
    for scenario in SCENARIOS {
        let w = World::new(scenario);
        let theirs = w
            .consumer(Path::new("python3"))
            .arg(&script)
            .arg("--storcli_path")
            .arg(w.bin.join("storcli64"))
            .output()
            .unwrap();
        assert!(theirs.status.success(), "{scenario}: {theirs:?}");
        let theirs = String::from_utf8_lossy(&theirs.stdout).into_owned();
        let ours = |backend: &str| {
            let out = raidctl(w.state())
                .args(["--backend", backend, "metrics", "--max-age", "0"])
                .args(["--compat", "storcli-py"])
                .output()
                .unwrap();
            assert!(out.status.success(), "{scenario}: {backend}: {out:?}");
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let storcli = ours("storcli");
        let (t, o) = (samples(&theirs), samples(&storcli));
        assert!(!t.is_empty(), "{scenario}: storcli.py printed nothing");
        assert_eq!(
            t.difference(&o).collect::<Vec<_>>(),
            Vec::<&Sample>::new(),
            "{scenario}: storcli.py's samples raidctl does not give (storcli)\n{storcli}"
        );
        assert_eq!(
            o.difference(&t).collect::<Vec<_>>(),
            Vec::<&Sample>::new(),
            "{scenario}: raidctl's samples storcli.py does not give (storcli)"
        );
        let help = |text: &str| -> Vec<String> {
            let mut h: Vec<String> = text
                .lines()
                .filter(|l| l.starts_with("# "))
                .map(str::to_owned)
                .collect();
            h.sort();
            h
        };
        assert_eq!(help(&theirs), help(&storcli), "{scenario}: HELP and TYPE");
        let mut want = label_keys(&theirs);
        want.retain(|name, _| !NOT_FROM_MEGACLI.contains(&name.as_str()));
        assert_eq!(
            label_keys(&ours("megacli")),
            want,
            "{scenario}: families and label names through MegaCli"
        );
    }
}
