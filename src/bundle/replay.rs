//! Replay: the snapshot of a bundle is rebuilt from the raw MegaCli outputs it holds, by the
//! very [`gather`] the live commands use, through a [`Runner`] that answers from the bundle.
//! So `status --from-bundle` applies the same parsers and rules as a live `status`.

use super::manifest::{Item, Manifest, sha256_bytes};
use crate::backend::megacli::{BackendError, MegaCli};
use crate::backend::runner::{CmdOutput, RunError, Runner};
use crate::backend::snapshot::{Snapshot, gather};
use crate::health::Baseline;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Marker in the spawn error of a call the bundle does not hold.
pub const NOT_RECORDED: &str = "not recorded in the bundle";

/// One recorded vendor call.
#[derive(Debug, Clone, Default)]
pub struct Recorded {
    /// What the command printed (possibly tail-truncated or redacted).
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Exit status.
    pub status: Option<i32>,
    /// Ending signal.
    pub signal: Option<i32>,
    /// Killed at its deadline.
    pub timed_out: bool,
    /// Did not die.
    pub hung: bool,
    /// Did not run (skipped, or could not be started): the reason.
    pub not_run: Option<String>,
    /// Wall time.
    pub duration_ms: u64,
}

impl Recorded {
    /// A record from a manifest item and the text of its stored streams.
    pub fn from_item(item: &Item, stdout: String, stderr: String) -> Self {
        Self {
            stdout,
            stderr,
            status: item.exit_code,
            signal: item.signal,
            timed_out: item.timed_out,
            hung: item.hung,
            not_run: item.skipped_reason.clone().or_else(|| {
                (item.exit_code.is_none() && item.signal.is_none() && !item.timed_out)
                    .then(|| item.error.clone().unwrap_or_else(|| "did not run".into()))
            }),
            duration_ms: item.duration_ms,
        }
    }
}

/// Answers vendor calls from recorded outputs, keyed by argv without the program. Misses are
/// [`RunError::Spawn`] errors carrying [`NOT_RECORDED`], and the last miss is remembered.
#[derive(Debug, Default)]
pub struct RecordedRunner {
    calls: HashMap<Vec<String>, Recorded>,
    last_miss: Mutex<Option<Vec<String>>>,
}

impl RecordedRunner {
    /// A runner answering from `calls`.
    pub fn new(calls: HashMap<Vec<String>, Recorded>) -> Self {
        Self {
            calls,
            last_miss: Mutex::new(None),
        }
    }

    /// The argv (without the program) of the last call that was not recorded.
    pub fn take_miss(&self) -> Option<Vec<String>> {
        self.last_miss
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

impl Runner for RecordedRunner {
    fn run(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        let argv_text = std::iter::once(program.display().to_string())
            .chain(args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ");
        let Some(r) = self.calls.get(args) else {
            *self
                .last_miss
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(args.to_vec());
            return Err(RunError::Spawn {
                program: argv_text,
                reason: NOT_RECORDED.to_owned(),
            });
        };
        if let Some(reason) = &r.not_run {
            return Err(RunError::Spawn {
                program: argv_text,
                reason: reason.clone(),
            });
        }
        if r.timed_out {
            return Err(RunError::Timeout {
                argv: argv_text,
                secs: timeout.as_secs_f64(),
                hung: r.hung,
            });
        }
        if let Some(signal) = r.signal {
            return Err(RunError::Crashed {
                argv: argv_text,
                signal,
                bytes: r.stdout.len(),
            });
        }
        Ok(CmdOutput {
            argv: std::iter::once(program.display().to_string())
                .chain(args.iter().cloned())
                .collect(),
            stdout: r.stdout.clone(),
            stderr: r.stderr.clone(),
            status: r.status,
            signal: None,
            duration_ms: r.duration_ms,
            timed_out: false,
            hung: false,
        })
    }
}

/// Runs [`gather`] against recorded outputs.
///
/// # Errors
/// What a live gather would have reported for these outputs.
pub fn gather_recorded(
    runner: Arc<RecordedRunner>,
    program: &Path,
) -> Result<Snapshot, BackendError> {
    let mc = MegaCli::new(program.to_path_buf(), runner, Duration::from_secs(1));
    gather(&mc)
}

/// What a received bundle says about itself.
#[derive(Debug, Clone, Default, Serialize)]
pub struct BundleInfo {
    /// The archive.
    pub path: PathBuf,
    /// Top-level directory inside it.
    pub top_dir: String,
    /// raidctl version that wrote it.
    pub raidctl_version: String,
    /// Collection start (RFC 3339).
    pub started_at: String,
    /// Host name as recorded (a token when redacted).
    pub hostname: String,
    /// Collection level.
    pub level: String,
    /// Number of items.
    pub items: usize,
    /// Ids of items that failed (timed out, hung, crashed, errors).
    pub failed_items: Vec<String>,
    /// Redaction counts per class (empty: not redacted).
    pub redactions: std::collections::BTreeMap<String, u64>,
    /// Files whose hash does not match the manifest, or listed but absent.
    pub integrity_errors: Vec<String>,
    /// The counter baseline the bundle carried (empty when it had none, as a fresh state
    /// directory's would be).
    #[serde(skip)]
    pub baseline: Baseline,
}

/// Largest single file read from a bundle.
const MAX_ENTRY: u64 = 512 << 20;

/// Reads a bundle: re-parses its raw MegaCli outputs with the live parsers into a snapshot,
/// and returns it with what the bundle says about itself (including the counter baseline it
/// carried, to evaluate health with: `health::evaluate(&snap, &info.baseline)`).
///
/// # Errors
/// Not a readable raidctl bundle, or its MegaCli outputs do not make a snapshot (the reason
/// the live collection could not make one either, e.g. a command that timed out).
pub fn load_bundle(path: &Path) -> Result<(Snapshot, BundleInfo), String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut ar = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut files: HashMap<String, Vec<u8>> = HashMap::new();
    let mut top: Option<String> = None;
    let entries = ar
        .entries()
        .map_err(|e| format!("{shown}: not a tar.gz: {e}"))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{shown}: {e}"))?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry
            .path()
            .map_err(|e| format!("{shown}: {e}"))?
            .to_string_lossy()
            .into_owned();
        let Some((t, rel)) = name.split_once('/') else {
            continue;
        };
        top.get_or_insert_with(|| t.to_owned());
        if rel == "manifest.json"
            || rel.starts_with("megacli/")
            || rel.starts_with("raidctl/")
            || rel.starts_with("native/")
        {
            let mut buf = Vec::new();
            entry
                .take(MAX_ENTRY)
                .read_to_end(&mut buf)
                .map_err(|e| format!("{shown}: {name}: {e}"))?;
            files.insert(rel.to_owned(), buf);
        }
    }
    let manifest: Manifest = files
        .get("manifest.json")
        .ok_or_else(|| format!("{shown}: no manifest.json: not a raidctl bundle"))
        .and_then(|b| {
            serde_json::from_slice(b).map_err(|e| format!("{shown}: manifest.json: {e}"))
        })?;
    let mut info = BundleInfo {
        path: path.to_path_buf(),
        top_dir: top.unwrap_or_default(),
        raidctl_version: manifest.raidctl_version.clone(),
        started_at: manifest.started_at.clone(),
        hostname: manifest.host.hostname.clone(),
        level: manifest.level.clone(),
        items: manifest.items.len(),
        failed_items: manifest
            .items
            .iter()
            .filter(|i| i.failed())
            .map(|i| i.id.clone())
            .collect(),
        redactions: manifest.redactions.clone(),
        baseline: Baseline {
            schema_version: crate::health::BASELINE_SCHEMA,
            ..Baseline::default()
        },
        ..BundleInfo::default()
    };
    for item in &manifest.items {
        for o in &item.outputs {
            if let Some(b) = files.get(&o.path) {
                if sha256_bytes(b) != o.sha256 {
                    info.integrity_errors
                        .push(format!("{}: sha256 mismatch", o.path));
                }
            }
        }
    }
    if let Some(b) = files.get("raidctl/baseline.json") {
        // An unreadable baseline evaluates as none, as `status` does on the collecting host.
        match serde_json::from_slice(b) {
            Ok(b) => info.baseline = b,
            Err(e) => info
                .integrity_errors
                .push(format!("raidctl/baseline.json unreadable, not used: {e}")),
        }
    }
    let text = |item: &Item, stream: &str| {
        item.outputs
            .iter()
            .find(|o| o.stream == stream)
            .and_then(|o| files.get(&o.path))
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .unwrap_or_default()
    };
    let mut calls = HashMap::new();
    let mut program = PathBuf::from("MegaCli64");
    for item in manifest
        .items
        .iter()
        .filter(|i| i.id.starts_with("megacli/"))
    {
        let Some((prog, args)) = item.argv.split_first() else {
            continue;
        };
        program = PathBuf::from(prog);
        calls.insert(
            args.to_vec(),
            Recorded::from_item(item, text(item, "stdout"), text(item, "stderr")),
        );
    }
    let runner = Arc::new(RecordedRunner::new(calls));
    // A bundle read through the kernel driver carries its DCMD payloads: decode those.
    let native = files.get(crate::backend::native::bundle::DCMDS);
    let mut snap = match native {
        Some(b) => crate::backend::native::bundle::replay(b),
        None => gather_recorded(runner, &program).map_err(|e| e.to_string()),
    }
    .map_err(|e| format!("{shown}: no snapshot can be made from this bundle: {e}"))?;
    // Block devices and the time come from the collecting host, not from this one.
    let recorded: Option<Snapshot> = files
        .get("raidctl/snapshot.json")
        .and_then(|b| serde_json::from_slice(b).ok());
    for ld in &mut snap.logical_drives {
        ld.block_device = recorded.as_ref().and_then(|r| {
            r.logical_drive(ld.adapter, ld.target_id)
                .and_then(|l| l.block_device.clone())
        });
    }
    if let Some(r) = &recorded {
        snap.taken_at_unix = r.taken_at_unix;
    }
    snap.source = format!("bundle:{shown}");
    Ok((snap, info))
}
