//! A simulated controller as the workflow tests drive it: raidctl on a state directory through
//! one backend's front end, the state's drives as MegaCli numbers them, and the check that a
//! workflow changed no drive but its target.

use crate::harness::{Raidctl, Run};
use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

/// raidctl on the simulator state in `dir` through `backend`, with a short vendor timeout and
/// no progress bars.
pub fn raidctl_on(dir: &Path, backend: &str) -> Command {
    raidctl_timeout(dir, backend, "2")
}

/// [`raidctl_on`] with a vendor timeout of `timeout` seconds.
pub fn raidctl_timeout(dir: &Path, backend: &str, timeout: &str) -> Command {
    on(dir, backend, timeout).command()
}

/// [`raidctl_timeout`] as a [`Raidctl`] to add to and run.
pub fn on(dir: &Path, backend: &str, timeout: &str) -> Raidctl {
    Raidctl::new()
        .sim_state(dir)
        .tmp_under(dir)
        .timeout(timeout)
        .quiet()
        .backend(backend)
}

/// A fresh state directory holding `scenario`.
pub fn init_on(scenario: &str, backend: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    raidctl_on(dir.path(), backend)
        .args(["--sim", scenario, "sim", "scenarios"])
        .assert()
        .success();
    dir
}

/// `raidctl sim ARGS` (the physical world and the clock), which must succeed.
pub fn sim_on(dir: &Path, backend: &str, args: &[&str]) {
    raidctl_on(dir, backend)
        .arg("sim")
        .args(args)
        .assert()
        .success();
}

/// raidctl's own status JSON through `backend`, read fresh.
pub fn status_json_on(dir: &Path, backend: &str) -> serde_json::Value {
    let out = raidctl_on(dir, backend)
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// `[E:S]` → firmware state, as `backend` numbers the enclosures.
pub fn states_on(dir: &Path, backend: &str) -> BTreeMap<String, String> {
    status_json_on(dir, backend)["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                format!("[{}:{}]", d["enclosure_id"], d["slot"]),
                d["firmware_state"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `replace-drive TARGET --yes --proactive --serial SERIAL` with `env`: unattended, and
/// proactive since the fault matrices swap healthy drives on purpose.
pub fn replace_unattended(
    raidctl: Raidctl,
    target: &str,
    serial: &str,
    env: &[(&str, &str)],
) -> Run {
    raidctl
        .args([
            "replace-drive",
            target,
            "--yes",
            "--proactive",
            "--serial",
            serial,
        ])
        .envs(env)
        .run()
}

/// `resume --yes --serial SERIAL`: the newest stopped workflow goes on, unattended.
pub fn resume_unattended(raidctl: Raidctl, serial: &str) -> Run {
    raidctl.args(["resume", "--yes", "--serial", serial]).run()
}

/// Every drive but `target` keeps its firmware state.
pub fn others_unchanged(
    before: &BTreeMap<String, String>,
    after: &BTreeMap<String, String>,
    target: &str,
) -> Result<(), String> {
    for (addr, state) in before {
        if addr == target {
            continue;
        }
        match after.get(addr) {
            Some(s) if s == state => {}
            other => return Err(format!("{addr} changed from {state} to {other:?}")),
        }
    }
    Ok(())
}
