//! The Dell OpenManage backend: `omreport storage ... -fmt ssv` to read, `omconfig storage ...`
//! to act. OMSA names drives `connector:enclosure:port`; raidctl shows them as `[E:S]` with E the
//! OMSA enclosure number, which is not MegaCli's enclosure device id (a classic source of
//! wrong-drive mistakes, so workflows confirm by serial).

use super::megacli::BackendError;
use super::ops::{Op, Operations};
use super::runner::Runner;
use super::snapshot::{self, SNAPSHOT_SCHEMA, Snapshot};
use crate::model::{Document, DriveAddress, ForeignConfig, MissingRow, Progress};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// omreport plus omconfig.
pub struct Omreport {
    omreport: PathBuf,
    omconfig: PathBuf,
    runner: Arc<dyn Runner>,
    timeout: Duration,
    calls: AtomicU32,
}

impl std::fmt::Debug for Omreport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Omreport")
            .field("omreport", &self.omreport)
            .finish_non_exhaustive()
    }
}

/// OMSA's `connector:enclosure:port` id for a drive (connector 0; no enclosure: `0:port`).
fn pdisk(d: &DriveAddress) -> String {
    match d.enclosure {
        Some(e) => format!("0:{e}:{}", d.slot),
        None => format!("0:{}", d.slot),
    }
}

impl Omreport {
    /// A backend using these two binaries.
    pub fn new(
        omreport: PathBuf,
        omconfig: PathBuf,
        runner: Arc<dyn Runner>,
        timeout: Duration,
    ) -> Self {
        Self {
            omreport,
            omconfig,
            runner,
            timeout,
            calls: AtomicU32::new(0),
        }
    }

    fn report(&self, args: &[&str]) -> Result<Document, BackendError> {
        let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        argv.extend(["-fmt".to_owned(), "ssv".to_owned()]);
        self.calls.fetch_add(1, Ordering::Relaxed);
        let line = format!("{} {}", self.omreport.display(), argv.join(" "));
        let out = self.runner.run(&self.omreport, &argv, self.timeout)?;
        if out.stdout.trim().is_empty() {
            return Err(BackendError::Empty { argv: line });
        }
        if out.status.unwrap_or(0) != 0 {
            return Err(BackendError::Failed {
                argv: line,
                status: u32::try_from(out.status.unwrap_or(0)).unwrap_or(u32::MAX),
                message: out
                    .stdout
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .to_owned(),
                doc: Box::default(),
            });
        }
        let doc = crate::parse::omreport::parse_ssv(&out.stdout).map_err(|e| {
            BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            }
        })?;
        if let Some(w) = doc.warnings.first() {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    fn omconfig_args(op: &Op) -> Option<Vec<String>> {
        let pd = |action: &str, a: u32, d: &DriveAddress, extra: &[&str]| {
            let mut v = vec![
                "storage".to_owned(),
                "pdisk".to_owned(),
                format!("action={action}"),
            ];
            v.extend(extra.iter().map(|x| (*x).to_owned()));
            v.push(format!("controller={a}"));
            v.push(format!("pdisk={}", pdisk(d)));
            v
        };
        Some(match op {
            Op::LocateStart { adapter, drive } => pd("blink", *adapter, drive, &[]),
            Op::LocateStop { adapter, drive } => pd("unblink", *adapter, drive, &[]),
            Op::Offline { adapter, drive } => pd("offline", *adapter, drive, &[]),
            Op::Online { adapter, drive } => pd("online", *adapter, drive, &[]),
            Op::RebuildStart { adapter, drive } => pd("rebuild", *adapter, drive, &[]),
            Op::RebuildStop { adapter, drive } => pd("cancelrebuild", *adapter, drive, &[]),
            Op::PrepareRemoval { adapter, drive } => pd("remove", *adapter, drive, &[]),
            Op::HotspareSet {
                adapter,
                drive,
                arrays,
            } if arrays.is_empty() => pd("assignglobalhotspare", *adapter, drive, &["assign=yes"]),
            Op::HotspareRemove { adapter, drive } => {
                pd("assignglobalhotspare", *adapter, drive, &["assign=no"])
            }
            Op::ForeignImport {
                adapter,
                index: None,
            } => vec![
                "storage".into(),
                "controller".into(),
                "action=importforeignconfig".into(),
                format!("controller={adapter}"),
            ],
            Op::ForeignClear {
                adapter,
                index: None,
            } => vec![
                "storage".into(),
                "controller".into(),
                "action=clearforeignconfig".into(),
                format!("controller={adapter}"),
            ],
            Op::LdDelete { adapter, target } => vec![
                "storage".into(),
                "vdisk".into(),
                "action=deletevdisk".into(),
                format!("controller={adapter}"),
                format!("vdisk={target}"),
            ],
            _ => return None,
        })
    }
}

impl Operations for Omreport {
    fn name(&self) -> &str {
        "omreport"
    }

    /// Controllers, VDs, batteries, then drives per controller (omreport has no "all
    /// controllers" form for pdisks), then each VD's members (`pdisk controller=N vdisk=M`,
    /// one call per VD: OMSA's VD records do not name their drives).
    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        let before = self.calls.load(Ordering::Relaxed);
        let mut snap = Snapshot {
            schema_version: SNAPSHOT_SCHEMA,
            source: self.omreport.display().to_string(),
            ..Snapshot::default()
        };
        snap.taken_at_unix = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let ctl = self.report(&["storage", "controller"])?;
        if ctl.adapters.is_empty() {
            return Err(BackendError::Unparseable {
                argv: format!("{} storage controller", self.omreport.display()),
                reason: "no controller in the output".into(),
            });
        }
        snap.adapters = ctl.adapters;
        snap.logical_drives = self.report(&["storage", "vdisk"])?.logical_drives;
        if let Ok(b) = self.report(&["storage", "battery"]) {
            snap.bbus = b.bbus;
        }
        let ids: Vec<u32> = snap.adapters.iter().map(|a| a.adapter).collect();
        for a in ids {
            let c = format!("controller={a}");
            let mut doc = self.report(&["storage", "pdisk", &c])?;
            for pd in &mut doc.physical_drives {
                pd.adapter = a;
            }
            snap.physical_drives.extend(doc.physical_drives);
        }
        for ld in &mut snap.logical_drives {
            let c = format!("controller={}", ld.adapter);
            let v = format!("vdisk={}", ld.target_id);
            let doc = self.report(&["storage", "pdisk", &c, &v])?;
            ld.members = doc
                .physical_drives
                .iter()
                .map(crate::model::PhysicalDrive::address)
                .collect();
        }
        snapshot::derive_common(&mut snap);
        snap.vendor_calls = self.calls.load(Ordering::Relaxed) - before;
        Ok(snap)
    }

    fn missing(&self, adapter: u32) -> Result<Vec<MissingRow>, BackendError> {
        Ok(self
            .snapshot()?
            .missing
            .into_iter()
            .filter(|m| m.adapter == adapter)
            .collect())
    }

    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        Ok(self
            .snapshot()?
            .progress
            .into_iter()
            .find(|p| p.adapter == adapter && p.drive == Some(drive) && p.in_progress))
    }

    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        let snap = self.snapshot()?;
        let foreign = snap
            .physical_drives
            .iter()
            .any(|d| d.adapter == adapter && d.foreign == Some(true));
        Ok(if foreign {
            vec![ForeignConfig {
                adapter,
                index: 0,
                disk_groups: Vec::new(),
            }]
        } else {
            Vec::new()
        })
    }

    fn preserved_cache(&self, _adapter: u32) -> Result<Vec<u32>, BackendError> {
        Ok(Vec::new())
    }

    fn supports(&self, op: &Op) -> bool {
        Self::omconfig_args(op).is_some()
    }

    fn command_line(&self, op: &Op) -> String {
        match Self::omconfig_args(op) {
            Some(args) => format!("{} {}", self.omconfig.display(), args.join(" ")),
            None => "(not available through omconfig)".to_owned(),
        }
    }

    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        let line = self.command_line(op);
        let Some(args) = Self::omconfig_args(op) else {
            return Err(BackendError::Failed { argv: line, status: 0xff, message: "this operation is not available through omconfig; use the storcli or MegaCli backend".into(), doc: Box::default() });
        };
        self.calls.fetch_add(1, Ordering::Relaxed);
        let out = self.runner.run(&self.omconfig, &args, self.timeout)?;
        let text = out.stdout.trim().to_owned();
        if out.status.unwrap_or(0) != 0 || !text.contains("Command successful") {
            return Err(BackendError::Failed {
                argv: line,
                status: u32::try_from(out.status.unwrap_or(1)).unwrap_or(u32::MAX),
                message: text,
                doc: Box::default(),
            });
        }
        Ok(Document::new("action"))
    }
}
