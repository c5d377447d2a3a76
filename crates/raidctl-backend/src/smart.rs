//! SMART of the drives behind the controller (issue 41): `smartctl -x -j -d megaraid,N`
//! (`sat+megaraid,N` for SATA) per drive, parsed into [`Smart`], cached in the state
//! directory for `--smart-max-age`, read in parallel within a deadline after the controller
//! state was read (never delaying it). A read that fails is kept as a failed [`Smart`] so it
//! is reported, never silently missing. Qualification and bundles find smartctl the same way
//! ([`smartctl_program`]); under `--sim` the simulator's multicall answers as smartctl.

pub use crate::model::Smart;
/// The parser of `smartctl -x -j` output (pure; in the parse crate).
pub use crate::parse::smartctl::parse;

use crate::backend::runner::{OsRunner, Runner};
use crate::backend::snapshot::Snapshot;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Environment variable naming the smartctl binary (tests point it at a fake).
pub const ENV_SMARTCTL: &str = "RAIDCTL_SMARTCTL";

/// Default `--smart-max-age`: SMART is slow and changes slowly.
pub const DEFAULT_MAX_AGE: Duration = Duration::from_secs(3600);

/// The cache file in the state directory.
pub const CACHE_FILE: &str = "smart.json";

/// Drives read at once (a 256-drive host is not 256 processes at once).
const MAX_PARALLEL: usize = 16;

/// Largest cache read.
const CACHE_CAP: usize = 8 << 20;

/// Finds a system tool in `PATH`, then `/usr/sbin` and `/sbin` (smartctl, hdparm, sdparm
/// live in sbin, which a plain user's `PATH` often lacks).
pub fn find_tool(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].iter().map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The smartctl to run: `over` (tests), else `$RAIDCTL_SMARTCTL`, else the one in `PATH`
/// (or `/usr/sbin`, `/sbin`).
pub fn smartctl_program(over: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = over {
        return Some(p.to_owned());
    }
    if let Some(p) = std::env::var_os(ENV_SMARTCTL).filter(|v| !v.is_empty()) {
        return Some(p.into());
    }
    find_tool("smartctl")
}

/// Device path smartctl addresses the controller through: the block device of a VD on that
/// adapter when known, else `/dev/bus/N` for the Nth megaraid_sas SCSI host under `sys`
/// (`None` when the kernel shows no such host: nothing to address the drive through).
pub fn target(snap: &Snapshot, adapter: u32, sys: &Path) -> Option<String> {
    if let Some(dev) = snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == adapter)
        .find_map(|l| l.block_device.clone())
    {
        return Some(dev);
    }
    let hosts = crate::backend::identity::megaraid_hosts(sys);
    usize::try_from(adapter)
        .ok()
        .and_then(|i| hosts.get(i).copied())
        .map(|n| format!("/dev/bus/{n}"))
}

/// Reallocated sectors at or above which `smart-sectors` warns.
pub const REALLOCATED_WARN: u64 = 8;
/// Pending sectors at or above which `smart-sectors` warns.
pub const PENDING_WARN: u64 = 1;
/// Offline-uncorrectable sectors at or above which `smart-sectors` warns.
pub const OFFLINE_UNCORRECTABLE_WARN: u64 = 1;
/// SAS uncorrected errors (read + write + verify) at or above which `smart-sectors` warns.
pub const UNCORRECTED_WARN: u64 = 1;
/// SAS grown defects at or above which `smart-grown-defects` warns.
pub const GROWN_DEFECTS_WARN: u64 = 8;
/// `smart-temperature` warns this close (°C) below the drive's trip point.
pub const TEMPERATURE_MARGIN_C: i64 = 5;
/// Percentage of rated life used at or above which `smart-wear` warns.
pub const WEAR_WARN_PCT: u64 = 90;

/// The counters that grew from `old` to `new` (both successful reads).
pub fn growth(old: &Smart, new: &Smart) -> Vec<String> {
    let pairs = [
        (
            "reallocated sectors",
            old.reallocated_sectors,
            new.reallocated_sectors,
        ),
        ("pending sectors", old.pending_sectors, new.pending_sectors),
        (
            "offline-uncorrectable sectors",
            old.offline_uncorrectable,
            new.offline_uncorrectable,
        ),
        ("grown defects", old.grown_defects, new.grown_defects),
        (
            "uncorrected errors",
            old.uncorrected_errors,
            new.uncorrected_errors,
        ),
    ];
    pairs
        .iter()
        .filter_map(|(name, a, b)| match (a, b) {
            (Some(a), Some(b)) if b > a => Some(format!("{name} {a} -> {b}")),
            _ => None,
        })
        .collect()
}

/// How SMART is read: which runner and program (the simulator's multicall under `--sim`).
#[derive(Clone)]
pub struct Source {
    /// Runs smartctl.
    pub runner: Arc<dyn Runner>,
    /// The program, `None` when smartctl is not installed.
    pub program: Option<PathBuf>,
    /// Where the kernel's view is (for `/dev/bus/N`).
    pub sys_root: PathBuf,
    /// Per-read deadline, and the overall one.
    pub timeout: Duration,
    /// The SCSI host of an adapter when the kernel view shows none: under `--sim` without
    /// `sim block-devices` there is no simulated sysfs, and the simulated smartctl is
    /// addressed as `/dev/bus/H` as the real one is.
    pub fallback_host: Option<Arc<dyn Fn(u32) -> u32 + Send + Sync>>,
}

impl Source {
    /// The host's smartctl, run as any other host tool.
    pub fn host(sys_root: PathBuf, timeout: Duration) -> Self {
        Self {
            runner: Arc::new(OsRunner::scratch()),
            program: smartctl_program(None),
            sys_root,
            timeout,
            fallback_host: None,
        }
    }
}

/// Key of a drive in the cache: adapter, `-d` argument and serial (a swapped drive is
/// another drive).
pub fn cache_key(pd: &crate::model::PhysicalDrive) -> Option<String> {
    let dev = pd.smartctl_device.as_deref()?;
    Some(format!(
        "a{}/{dev}/{}",
        pd.adapter,
        pd.serial.as_deref().unwrap_or("")
    ))
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct CacheFile {
    schema: u32,
    drives: BTreeMap<String, Smart>,
}

/// Loads the cache (only a file of the caller's or root's, closed to others; anything else
/// is unused, said on stderr).
pub fn load_cache(state_dir: &Path) -> BTreeMap<String, Smart> {
    match crate::fsutil::read_own(&state_dir.join(CACHE_FILE), CACHE_CAP) {
        Ok(b) => serde_json::from_slice::<CacheFile>(&b)
            .ok()
            .filter(|c| c.schema == 1)
            .map(|c| c.drives)
            .unwrap_or_default(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
        Err(e) => {
            crate::errln!(
                "raidctl: SMART cache not used: {}",
                crate::escape::escape_text(&e.to_string())
            );
            BTreeMap::new()
        }
    }
}

/// Saves the successful reads (failures are read again next time).
pub fn save_cache(state_dir: &Path, drives: &BTreeMap<String, Smart>) {
    let file = CacheFile {
        schema: 1,
        drives: drives
            .iter()
            .filter(|(_, s)| s.read_success)
            .map(|(k, s)| (k.clone(), s.clone()))
            .collect(),
    };
    if let (Ok(json), Ok(dir)) = (
        serde_json::to_vec(&file),
        crate::fsutil::Dir::prepare(state_dir),
    ) {
        let _ = dir.write_atomic(
            CACHE_FILE,
            &json,
            crate::fsutil::PRIVATE,
            crate::fsutil::Replace::Yes,
        );
    }
}

/// Runs smartctl for one drive.
pub fn read_one(
    runner: &dyn Runner,
    program: &Path,
    device: &str,
    target: &str,
    timeout: Duration,
) -> Smart {
    let args: Vec<String> = vec![
        "-x".into(),
        "-j".into(),
        "-d".into(),
        device.to_owned(),
        target.to_owned(),
    ];
    let now = crate::backend::snapshot::now_unix();
    match runner.run_read(program, &args, timeout) {
        Ok(o) => parse(o.stdout.as_bytes(), o.status, now),
        Err(e) => Smart::failed(e.to_string(), None, now),
    }
}

/// Why SMART was not read at all on this run (smartctl missing, nothing to address the
/// controller through), per adapter; empty when it was.
pub type Unavailable = Vec<(Option<u32>, String)>;

/// Sets `smart` on every drive of `snap` that has a `-d` argument: from the cache within
/// `max_age`, else read now (in parallel, all within `src.timeout`). Returns why SMART could
/// not be read at all where that is so.
pub fn attach(
    snap: &mut Snapshot,
    src: &Source,
    state_dir: &Path,
    max_age: Duration,
) -> Unavailable {
    let mut unavailable = Unavailable::new();
    if snap
        .physical_drives
        .iter()
        .all(|pd| pd.smartctl_device.is_none())
    {
        return unavailable;
    }
    let now = crate::backend::snapshot::now_unix();
    let mut cache = load_cache(state_dir);
    let mut todo: Vec<(usize, String, String, String)> = Vec::new();
    let mut targets: BTreeMap<u32, Option<String>> = BTreeMap::new();
    for (i, pd) in snap.physical_drives.iter().enumerate() {
        let (Some(key), Some(dev)) = (cache_key(pd), pd.smartctl_device.clone()) else {
            continue;
        };
        if cache.get(&key).is_some_and(|c| {
            c.read_success && now.saturating_sub(c.read_at_unix) < max_age.as_secs()
        }) {
            continue;
        }
        let target = targets
            .entry(pd.adapter)
            .or_insert_with(|| {
                target(snap, pd.adapter, &src.sys_root).or_else(|| {
                    src.fallback_host
                        .as_ref()
                        .map(|h| format!("/dev/bus/{}", h(pd.adapter)))
                })
            })
            .clone();
        match target {
            Some(t) => todo.push((i, key, dev, t)),
            None => {
                if !unavailable.iter().any(|(a, _)| *a == Some(pd.adapter)) {
                    unavailable.push((
                        Some(pd.adapter),
                        format!(
                            "adapter {}: no block device or megaraid_sas SCSI host to address its drives through",
                            pd.adapter
                        ),
                    ));
                }
            }
        }
    }
    if !todo.is_empty() {
        match &src.program {
            None => unavailable.push((
                None,
                "smartctl not found (install smartmontools, or set RAIDCTL_SMARTCTL)".into(),
            )),
            Some(prog) => {
                for (key, mut smart) in read_parallel(src, prog, &todo) {
                    if let Some(old) = cache.get(&key).filter(|o| o.read_success) {
                        if smart.read_success {
                            smart.grew = growth(old, &smart);
                        } else {
                            // A failed read does not forget the last values' growth.
                            smart.grew.clone_from(&old.grew);
                        }
                    }
                    cache.insert(key, smart);
                }
                save_cache(state_dir, &cache);
            }
        }
    }
    for pd in &mut snap.physical_drives {
        if let Some(key) = cache_key(pd) {
            pd.smart = cache.get(&key).cloned();
        }
    }
    unavailable
}

/// Reads every drive of `todo` at once; a drive not answered by the deadline is a failed
/// read.
fn read_parallel(
    src: &Source,
    prog: &Path,
    todo: &[(usize, String, String, String)],
) -> Vec<(String, Smart)> {
    let (tx, rx) = std::sync::mpsc::channel();
    let start = std::time::Instant::now();
    let queue = Arc::new(std::sync::Mutex::new(
        todo.iter()
            .map(|(_, k, d, t)| (k.clone(), d.clone(), t.clone()))
            .collect::<Vec<_>>(),
    ));
    for _ in 0..todo.len().min(MAX_PARALLEL) {
        let (tx, runner, prog, queue, timeout) = (
            tx.clone(),
            src.runner.clone(),
            prog.to_owned(),
            queue.clone(),
            src.timeout,
        );
        std::thread::spawn(move || {
            loop {
                let next = queue
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .pop();
                let Some((key, dev, target)) = next else {
                    break;
                };
                // Each read gets what is left of the overall deadline.
                let left = timeout.saturating_sub(start.elapsed());
                if left.is_zero() {
                    break;
                }
                let s = read_one(runner.as_ref(), &prog, &dev, &target, left);
                if tx.send((key, s)).is_err() {
                    break;
                }
            }
        });
    }
    drop(tx);
    let deadline = start + src.timeout + Duration::from_millis(500);
    let mut got: BTreeMap<String, Smart> = BTreeMap::new();
    while got.len() < todo.len() {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok((k, s)) => {
                got.insert(k, s);
            }
            Err(_) => break,
        }
    }
    let now = crate::backend::snapshot::now_unix();
    todo.iter()
        .map(|(_, key, dev, _)| {
            let s = got.remove(key).unwrap_or_else(|| {
                Smart::failed(
                    format!(
                        "smartctl -d {dev} did not answer within {} s",
                        src.timeout.as_secs()
                    ),
                    None,
                    now,
                )
            });
            (key.clone(), s)
        })
        .collect()
}

#[cfg(test)]
mod tests;
