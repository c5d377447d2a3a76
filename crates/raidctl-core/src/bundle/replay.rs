//! Replay: the snapshot of a bundle is rebuilt from the raw vendor outputs it holds, by the
//! very backend code the live commands use (MegaCli, storcli/perccli or OpenManage, as the
//! manifest names it), through a [`Runner`] that answers from the bundle. So
//! `status --from-bundle` applies the same parsers and rules as a live `status`.

use super::manifest::{Item, Manifest};
use super::reader::Integrity;
use crate::backend::catalogue::for_replay;
use crate::backend::runner::{self, Call, CmdOutput, Outcome, RunError, Runner, Stream};
use crate::backend::snapshot::Snapshot;
use crate::health::Baseline;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Marker in the spawn error of a call the bundle does not hold.
pub const NOT_RECORDED: &str = "not recorded in the bundle";

/// One recorded vendor call, as the runner's own record of a process ([`Outcome`]) rebuilt
/// from a manifest item and the text of its stored streams, so a replayed call fails or
/// answers by the rules a live one does ([`Outcome::into_cmd_output`]). A call the bundle
/// skipped or could not start is a spawn error with that reason; `stdout_cut` marks a stored
/// output whose head was cut at the collection's item limit.
pub fn recorded(item: &Item, stdout: String, stderr: String, stdout_cut: bool) -> Outcome {
    let stream = |text: String, truncated: bool| {
        let len = text.len() as u64;
        Stream {
            produced: len,
            kept: len,
            truncated,
            incomplete: false,
            data: text.into_bytes(),
        }
    };
    Outcome {
        argv: item.argv.clone(),
        status: item.exit_code,
        signal: item.signal,
        timed_out: item.timed_out,
        hung: item.hung,
        proc_state: None,
        lingered: false,
        spawn_error: item.skipped_reason.clone().or_else(|| {
            (item.exit_code.is_none() && item.signal.is_none() && !item.timed_out)
                .then(|| item.error.clone().unwrap_or_else(|| "did not run".into()))
        }),
        duration: Duration::from_millis(item.duration_ms),
        stdout: stream(stdout, stdout_cut),
        stderr: stream(stderr, false),
    }
}

/// Answers vendor calls from recorded outputs, keyed by argv without the program. Misses are
/// [`RunError::Spawn`] errors carrying [`NOT_RECORDED`], and the last miss is remembered.
#[derive(Debug, Default)]
pub struct RecordedRunner {
    calls: HashMap<Vec<String>, Outcome>,
    last_miss: Mutex<Option<Vec<String>>>,
}

impl RecordedRunner {
    /// A runner answering from `calls`.
    pub fn new(calls: HashMap<Vec<String>, Outcome>) -> Self {
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
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        let (program, args) = (c.program, c.args);
        let argv_text = runner::argv(program, args).join(" ");
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
        if r.stdout.truncated && r.spawn_error.is_none() && !r.timed_out && r.signal.is_none() {
            // As live: part of a drive list is never read as the whole list.
            return Err(RunError::Cut {
                argv: argv_text,
                reason: "the bundle stores the output cut at its item limit".to_owned(),
            });
        }
        let mut outcome = r.clone();
        // Named as this call names it (the recording may hold another path to the tool), and
        // a timeout is the one this call was given.
        outcome.argv = runner::argv(program, args);
        if outcome.timed_out {
            outcome.duration = c.timeout;
        }
        outcome.into_cmd_output()
    }
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
    /// The backend whose outputs the bundle holds.
    pub backend: String,
    /// Tool, firmware and driver versions as recorded.
    pub tool_versions: std::collections::BTreeMap<String, String>,
    /// Number of items.
    pub items: usize,
    /// Ids of items that failed (timed out, hung, crashed, errors).
    pub failed_items: Vec<String>,
    /// Redaction counts per class (empty: not redacted).
    pub redactions: std::collections::BTreeMap<String, u64>,
    /// Whether the archive is what its manifest says (see [`super::reader`]).
    pub integrity: super::reader::Integrity,
    /// Other things worth saying (an unreadable baseline, not used).
    pub notes: Vec<String>,
    /// The counter baseline the bundle carried (empty when it had none, as a fresh state
    /// directory's would be).
    #[serde(skip)]
    pub baseline: Baseline,
}

/// Why a bundle gave no evaluation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    /// Not a readable raidctl bundle (exit 2: bad input).
    #[error("{0}")]
    Unreadable(String),
    /// Read, but its vendor outputs make no snapshot: the state was unknown when it was
    /// collected too (a command that timed out...), or the bundle was tampered with (its
    /// integrity then says so).
    #[error("{0}")]
    NoSnapshot(String, super::reader::Integrity),
}

/// Reads a bundle as untrusted input ([`super::reader`]): re-parses the raw vendor outputs
/// its manifest lists with the live parsers into a snapshot, and returns it with what the
/// bundle says about itself, its integrity included (and the counter baseline it carried, to
/// evaluate health with: `health::evaluate(&snap, &info.baseline)`).
///
/// # Errors
/// [`BundleError::Unreadable`]: not a readable raidctl bundle; [`BundleError::NoSnapshot`]:
/// its vendor outputs do not make a snapshot (the reason the live collection could not make
/// one either, e.g. a command that timed out).
pub fn load_bundle(path: &Path) -> Result<(Snapshot, BundleInfo), BundleError> {
    let contents = super::reader::read_bundle(path).map_err(BundleError::Unreadable)?;
    replay_contents(contents, path)
}

/// What the manifest says of the bundle; the baseline and notes come after.
fn bundle_info(
    path: &Path,
    top_dir: String,
    integrity: Integrity,
    manifest: &Manifest,
) -> BundleInfo {
    BundleInfo {
        path: path.to_path_buf(),
        top_dir,
        integrity,
        raidctl_version: manifest.raidctl_version.clone(),
        started_at: manifest.started_at.clone(),
        hostname: manifest.host.hostname.clone(),
        level: manifest.level.clone(),
        backend: manifest.backend.clone(),
        tool_versions: manifest.tool_versions.clone(),
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
    }
}

/// SMART through the controller as the collecting host read it (`smart/aN/DEV` items),
/// parsed as `status` parses a live read: (adapter, device, read), attached once the snapshot
/// is made. A host without smartctl read no SMART at all: as live `status` there, that is said
/// once in `notes`, not a failed read per drive.
fn smart_reads(
    manifest: &Manifest,
    files: &HashMap<String, Vec<u8>>,
    notes: &mut Vec<String>,
) -> Vec<(u32, String, crate::smart::Smart)> {
    let mut smart: Vec<(u32, String, crate::smart::Smart)> = Vec::new();
    let no_smartctl = manifest.host.tools.get("smartctl") == Some(&None);
    if no_smartctl {
        notes.push("SMART not read: smartctl was not installed on the collecting host".into());
    }
    for item in manifest
        .items
        .iter()
        .filter(|i| i.id.starts_with("smart/a") && !no_smartctl)
    {
        let Some((ad, dev)) = item.id["smart/a".len()..].split_once('/') else {
            continue;
        };
        let Ok(ad) = ad.parse::<u32>() else { continue };
        let read = if let Some(why) = item.skipped_reason.clone().or_else(|| item.error.clone()) {
            crate::smart::Smart::failed(why, item.exit_code, 0)
        } else if item.timed_out {
            crate::smart::Smart::failed("smartctl timed out".into(), None, 0)
        } else {
            let out = item
                .outputs
                .iter()
                .find(|o| o.stream == "stdout")
                .and_then(|o| files.get(&o.path))
                .cloned()
                .unwrap_or_default();
            crate::smart::parse(&out, item.exit_code, 0)
        };
        smart.push((ad, dev.to_owned(), read));
    }
    smart
}

/// [`load_bundle`] of what [`super::reader`] read from `path`.
///
/// # Errors
/// See [`load_bundle`].
pub fn replay_contents(
    contents: super::reader::Contents,
    path: &Path,
) -> Result<(Snapshot, BundleInfo), BundleError> {
    let shown = path.display();
    let super::reader::Contents {
        top,
        manifest,
        mut files,
        integrity,
    } = contents;
    let mut info = bundle_info(path, top, integrity, &manifest);
    if let Some(b) = files.remove("raidctl/baseline.json") {
        // An unreadable baseline evaluates as none, as `status` does on the collecting host.
        match serde_json::from_slice(&b) {
            Ok(b) => info.baseline = b,
            Err(e) => info
                .notes
                .push(format!("raidctl/baseline.json unreadable, not used: {e}")),
        }
    }
    let smart = smart_reads(&manifest, &files, &mut info.notes);
    // Each stored output becomes its text once (no copy of valid UTF-8); `None` when the
    // manifest lists it but the archive does not hold it (an integrity error).
    let mut text = |item: &Item, stream: &str| -> Option<String> {
        match item.outputs.iter().find(|o| o.stream == stream) {
            None => Some(String::new()),
            Some(o) => files.remove(&o.path).map(crate::parse::decode_owned),
        }
    };
    let truncated = |item: &Item| {
        item.outputs
            .iter()
            .any(|o| o.stream == "stdout" && o.truncated)
    };
    let backend = manifest.backend.as_str();
    let prefix = format!("{backend}/");
    let mut calls = HashMap::new();
    let mut program = None;
    for item in manifest.items.iter().filter(|i| i.id.starts_with(&prefix)) {
        let Some((prog, args)) = item.argv.split_first() else {
            continue;
        };
        program.get_or_insert_with(|| PathBuf::from(prog));
        let (stdout, stderr) = (text(item, "stdout"), text(item, "stderr"));
        let absent = stdout.is_none();
        let mut r = recorded(
            item,
            stdout.unwrap_or_default(),
            stderr.unwrap_or_default(),
            truncated(item),
        );
        if absent {
            r.spawn_error = Some("its output is listed in the manifest but absent".to_owned());
        }
        calls.insert(args.to_vec(), r);
    }
    let program = program.unwrap_or_else(|| PathBuf::from(backend));
    let runner = Arc::new(RecordedRunner::new(calls));
    // A bundle read through the kernel driver carries its DCMD payloads: decode those;
    // otherwise the vendor tool's outputs, through that tool's backend.
    let native = files.get(crate::backend::native::bundle::DCMDS);
    let mut snap = match native {
        Some(b) => crate::backend::native::bundle::replay(b),
        None => for_replay(backend, &program, runner)
            .ok_or_else(|| {
                format!("backend {backend:?} of this bundle is not known to this raidctl")
            })
            .and_then(|ops| ops.snapshot().map_err(|e| e.to_string())),
    }
    .map_err(|e| {
        BundleError::NoSnapshot(
            format!("{shown}: no snapshot can be made from this bundle: {e}"),
            info.integrity.clone(),
        )
    })?;
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
    for (ad, dev, mut read) in smart {
        read.read_at_unix = snap.taken_at_unix;
        if let Some(pd) = snap
            .physical_drives
            .iter_mut()
            .find(|p| p.adapter == ad && p.smartctl_device.as_deref() == Some(dev.as_str()))
        {
            pd.smart = Some(read);
        }
    }
    snap.source = format!("bundle:{shown}");
    Ok((snap, info))
}
