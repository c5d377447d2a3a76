//! The Dell OpenManage backend: `omreport storage ... -fmt ssv` to read, `omconfig storage ...`
//! to act. OMSA names drives `connector:enclosure:port`; raidctl shows them as `[E:S]` with E the
//! OMSA enclosure number, which is not MegaCli's enclosure device id (a classic source of
//! wrong-drive mistakes, so workflows confirm by serial).

use super::catalogue::{Catalogue, Entry, Level, ToolVerdict, per_adapter};
use super::megacli::BackendError;
use super::ops::{NewVd, Op, Operations, PinnedCache};
use super::runner::Runner;
use super::snapshot::{self, SNAPSHOT_SCHEMA, Snapshot};
use crate::model::{
    CacheSetting, DiskCache, Document, DriveAddress, ForeignConfig, IoPolicy, Progress, ReadPolicy,
    WritePolicy,
};
use std::collections::BTreeMap;
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
        let (line, stdout) = self.run_report(args)?;
        Self::parse_report(line, &stdout)
    }

    /// Runs `omreport ARGS -fmt ssv`: the command line and its output.
    fn run_report(&self, args: &[&str]) -> Result<(String, String), BackendError> {
        let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        argv.extend(["-fmt".to_owned(), "ssv".to_owned()]);
        self.calls.fetch_add(1, Ordering::Relaxed);
        let line = format!("{} {}", self.omreport.display(), argv.join(" "));
        // Reads only: omreport asks OpenManage's data manager, which serves them side by side.
        let out = self.runner.run_read(&self.omreport, &argv, self.timeout)?;
        if out.stdout.trim().is_empty() {
            return Err(BackendError::Empty { argv: line });
        }
        if out.status.unwrap_or(0) != 0 {
            return Err(BackendError::failed(
                line,
                out.status.unwrap_or(0),
                out.stdout
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .to_owned(),
                Document::default(),
            ));
        }
        Ok((line, out.stdout))
    }

    fn parse_report(line: String, stdout: &str) -> Result<Document, BackendError> {
        let doc =
            crate::parse::omreport::parse_ssv(stdout).map_err(|e| BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            })?;
        if let Some(w) = doc.warnings.first() {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    /// A report over every controller (`storage vdisk`, `storage battery`) with each record
    /// given the id of the controller whose title heads it (`titles`, from the controller
    /// report); `None` when one cannot be told (see [`crate::parse::omreport::parse_ssv_on`]).
    fn parse_report_on(
        line: String,
        stdout: &str,
        titles: &[(String, u32)],
    ) -> Result<Option<Document>, BackendError> {
        let doc = crate::parse::omreport::parse_ssv_on(stdout, titles).map_err(|e| {
            BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            }
        })?;
        if let Some(w) = doc.as_ref().and_then(|d| d.warnings.first()) {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    /// One controller's VDs (`storage vdisk controller=N`), asked for when the report over
    /// every controller cannot say whose VDs are whose. A controller without VDs prints no
    /// table, only that it has none.
    fn vdisks_of(&self, adapter: u32) -> Result<Document, BackendError> {
        let c = format!("controller={adapter}");
        let (line, stdout) = self.run_report(&["storage", "vdisk", &c])?;
        let none = !stdout.lines().any(|l| l.trim_start().starts_with("ID;"))
            && stdout.to_ascii_lowercase().contains("no virtual disks");
        if none {
            return Ok(Document::new("omreport-ssv"));
        }
        Self::parse_report(line, &stdout)
    }

    /// A VD's drives (`pdisk controller=N vdisk=M`): a VD whose drives are all gone (a
    /// pulled single-drive RAID0) lists none, which is an answer, not unreadable output.
    fn members(&self, args: &[&str]) -> Result<Document, BackendError> {
        let (line, stdout) = self.run_report(args)?;
        // Only a titled list with nothing in it counts as "no drives".
        let titled_empty = stdout
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .all(|l| {
                l.starts_with("List of Physical Disks belonging to")
                    || l.starts_with("Controller ")
                    || l.eq_ignore_ascii_case("No physical disks found.")
            });
        if titled_empty && stdout.contains("List of Physical Disks") {
            return Ok(Document::new("omreport-ssv"));
        }
        Self::parse_report(line, &stdout)
    }

    /// The drives of each VD, asked of the VD's own controller (`pdisk controller=N
    /// vdisk=M`), in the order of `lds`.
    #[allow(clippy::type_complexity)]
    fn member_jobs(
        &self,
        lds: &[crate::model::LogicalDrive],
    ) -> Vec<Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>> {
        lds.iter()
            .map(|l| (l.adapter, l.target_id))
            .map(|(a, t)| {
                Box::new(move || {
                    let c = format!("controller={a}");
                    let v = format!("vdisk={t}");
                    self.members(&["storage", "pdisk", &c, &v])
                })
                    as Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>
            })
            .collect()
    }

    fn omconfig_args(op: &Op) -> Option<Vec<String>> {
        match op {
            Op::LocateStart { .. }
            | Op::LocateStop { .. }
            | Op::Offline { .. }
            | Op::Online { .. }
            | Op::RebuildStart { .. }
            | Op::RebuildStop { .. }
            | Op::PrepareRemoval { .. }
            | Op::HotspareSet { .. }
            | Op::HotspareRemove { .. } => omconfig_drive_args(op),
            Op::LdCreate(vd) => omconfig_ld_create(vd),
            Op::ForeignImport { .. }
            | Op::ForeignClear { .. }
            | Op::LdDelete { .. }
            | Op::LdDiskCache { .. }
            | Op::LdCache { .. }
            | Op::DiscardPreservedCache { .. }
            | Op::LdName { .. } => omconfig_controller_vd_args(op),
            _ => None,
        }
    }
}

/// `writepolicy=wt`, `readpolicy=nra`, `diskcachepolicy=disabled`: what `changepolicy` takes.
/// `None` for what it cannot set: the I/O policy (PERC 9 and later show none), `Disk's
/// Default` (only enabled or disabled), and the bad-battery flag apart from `writepolicy`
/// (`fwb` is write-back regardless of the battery).
/// `storage pdisk action=ACTION` with `extra`, the controller and the drive.
fn pdisk_args(action: &str, a: u32, d: &DriveAddress, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "storage".to_owned(),
        "pdisk".to_owned(),
        format!("action={action}"),
    ];
    v.extend(extra.iter().map(|x| (*x).to_owned()));
    v.push(format!("controller={a}"));
    v.push(format!("pdisk={}", pdisk(d)));
    v
}

/// The omconfig argv of the drive operations (locate, state, rebuild, removal, hot spares:
/// global, or dedicated to one VD); `None` for what OMSA cannot do.
fn omconfig_drive_args(op: &Op) -> Option<Vec<String>> {
    Some(match op {
        Op::LocateStart { adapter, drive } => pdisk_args("blink", *adapter, drive, &[]),
        Op::LocateStop { adapter, drive } => pdisk_args("unblink", *adapter, drive, &[]),
        Op::Offline { adapter, drive } => pdisk_args("offline", *adapter, drive, &[]),
        Op::Online { adapter, drive } => pdisk_args("online", *adapter, drive, &[]),
        Op::RebuildStart { adapter, drive } => pdisk_args("rebuild", *adapter, drive, &[]),
        Op::RebuildStop { adapter, drive } => pdisk_args("cancelrebuild", *adapter, drive, &[]),
        Op::PrepareRemoval { adapter, drive } => pdisk_args("remove", *adapter, drive, &[]),
        Op::HotspareSet {
            adapter,
            drive,
            arrays,
            vds,
        } if arrays.is_empty() && vds.is_empty() => {
            pdisk_args("assignglobalhotspare", *adapter, drive, &["assign=yes"])
        }
        // OMSA dedicates a spare to one VD at a time, on the vdisk object.
        Op::HotspareSet {
            adapter,
            drive,
            vds,
            ..
        } if vds.len() == 1 => vec![
            "storage".into(),
            "vdisk".into(),
            "action=assigndedicatedhotspare".into(),
            format!("controller={adapter}"),
            format!("vdisk={}", vds[0]),
            format!("pdisk={}", pdisk(drive)),
            "assign=yes".into(),
        ],
        Op::HotspareRemove { adapter, drive } => {
            pdisk_args("assignglobalhotspare", *adapter, drive, &["assign=no"])
        }
        _ => return None,
    })
}

/// The omconfig argv of the controller and VD operations other than creation (foreign
/// configurations, delete, cache policies, pinned cache, name); `None` for what OMSA cannot
/// do.
fn omconfig_controller_vd_args(op: &Op) -> Option<Vec<String>> {
    Some(match op {
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
        Op::LdDiskCache {
            adapter,
            target,
            enabled,
        } => vec![
            "storage".into(),
            "vdisk".into(),
            "action=changepolicy".into(),
            format!("controller={adapter}"),
            format!("vdisk={target}"),
            format!(
                "diskcachepolicy={}",
                if *enabled { "enabled" } else { "disabled" }
            ),
        ],
        Op::LdCache {
            adapter,
            target,
            setting,
        } => {
            let mut v: Vec<String> = vec![
                "storage".into(),
                "vdisk".into(),
                "action=changepolicy".into(),
                format!("controller={adapter}"),
                format!("vdisk={target}"),
            ];
            v.push(omconfig_cache_setting(*setting)?);
            v
        }
        Op::DiscardPreservedCache { adapter, .. } => vec![
            "storage".into(),
            "controller".into(),
            "action=discardpreservedcache".into(),
            format!("controller={adapter}"),
            "force=enabled".into(),
        ],
        Op::LdName {
            adapter,
            target,
            name,
        } => vec![
            "storage".into(),
            "vdisk".into(),
            "action=rename".into(),
            format!("controller={adapter}"),
            format!("vdisk={target}"),
            format!("name={name}"),
        ],
        _ => return None,
    })
}

/// The omconfig argv of [`Op::LdCreate`] (`createvdisk`: RAID level, drives, span length,
/// stripe size, policies); `None` for a level OMSA has no number for.
fn omconfig_ld_create(vd: &NewVd) -> Option<Vec<String>> {
    let n = vd.level.megacli_number()?;
    let drives: Vec<String> = vd.spans.iter().flatten().map(pdisk).collect();
    let mut v = vec![
        "storage".into(),
        "controller".into(),
        "action=createvdisk".into(),
        format!("controller={}", vd.adapter),
        format!("raid=r{n}"),
        "size=max".into(),
        format!("pdisk={}", drives.join(",")),
    ];
    if vd.level.is_spanned() {
        v.push(format!(
            "spanlength={}",
            vd.spans.first().map_or(0, Vec::len)
        ));
    }
    if let Some(k) = vd.strip_kib {
        v.push(format!("stripesize={k}kb"));
    }
    v.push(format!(
        "readpolicy={}",
        match vd.read {
            ReadPolicy::NoReadAhead => "nra",
            ReadPolicy::ReadAhead => "ra",
            ReadPolicy::Adaptive => "ara",
        }
    ));
    v.push(format!(
        "writepolicy={}",
        match vd.write {
            WritePolicy::WriteThrough => "wt",
            WritePolicy::WriteBack => "wb",
            WritePolicy::AlwaysWriteBack => "fwb",
        }
    ));
    match vd.io {
        Some(IoPolicy::Direct) => v.push("cachepolicy=d".into()),
        Some(IoPolicy::Cached) => v.push("cachepolicy=c".into()),
        None => {}
    }
    Some(v)
}

fn omconfig_cache_setting(setting: CacheSetting) -> Option<String> {
    Some(match setting {
        CacheSetting::Write(w) => format!(
            "writepolicy={}",
            match w {
                WritePolicy::WriteThrough => "wt",
                WritePolicy::WriteBack => "wb",
                WritePolicy::AlwaysWriteBack => "fwb",
            }
        ),
        CacheSetting::Read(r) => format!(
            "readpolicy={}",
            match r {
                ReadPolicy::NoReadAhead => "nra",
                ReadPolicy::ReadAhead => "ra",
                ReadPolicy::Adaptive => "ara",
            }
        ),
        CacheSetting::DiskCache(DiskCache::Enabled) => "diskcachepolicy=enabled".into(),
        CacheSetting::DiskCache(DiskCache::Disabled) => "diskcachepolicy=disabled".into(),
        CacheSetting::Io(_)
        | CacheSetting::DiskCache(DiskCache::Default)
        | CacheSetting::WriteBackOnBadBbu(_) => return None,
    })
}

impl Operations for Omreport {
    fn name(&self) -> &str {
        "omreport"
    }

    /// `omreport system alertlog`: its entries have no sequence number, so the mark is their
    /// count and a digest of the log (any new entry, the newest first, changes it).
    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        let argv = ["system".to_owned(), "alertlog".to_owned()];
        self.calls.fetch_add(1, Ordering::Relaxed);
        let line = format!("{} system alertlog", self.omreport.display());
        let out = self.runner.run_read(&self.omreport, &argv, self.timeout)?;
        super::megacli::exited_ok(&line, &out)?;
        crate::parse::eventinfo::omreport_alertlog(&out.stdout)
            .map(Some)
            .map_err(|reason| BackendError::Unparseable { argv: line, reason })
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
        // Reads overlap (see `snapshot::overlap`); results are taken in call order.
        let mut first = snapshot::overlap(vec![
            Box::new(|| self.run_report(&["storage", "controller"])),
            Box::new(|| self.run_report(&["storage", "vdisk"])),
            Box::new(|| self.run_report(&["storage", "battery"])),
        ])
        .into_iter();
        let lost = || BackendError::Refused("internal error: a read lost".into());
        let (line, ctl_text) = first.next().unwrap_or_else(|| Err(lost()))?;
        let ctl = Self::parse_report(line, &ctl_text)?;
        if ctl.adapters.is_empty() {
            return Err(BackendError::Unparseable {
                argv: format!("{} storage controller", self.omreport.display()),
                reason: "no controller in the output".into(),
            });
        }
        snap.adapters = ctl.adapters;
        // The VD and battery reports name controllers by title, not id: each record's
        // controller is the one with that title in the controller report. Where that cannot
        // be told (two controllers under one title), each controller is asked on its own.
        let titles = crate::parse::omreport::controller_titles(&ctl_text);
        let (line, vd_text) = first.next().unwrap_or_else(|| Err(lost()))?;
        let vds_known = Self::parse_report_on(line, &vd_text, &titles)?;
        // Batteries are optional: a host without one has no battery table.
        let bbus_known = match first.next() {
            Some(Ok((line, text))) => Self::parse_report_on(line, &text, &titles).ok(),
            _ => None,
        };
        let ids: Vec<u32> = snap.adapters.iter().map(|a| a.adapter).collect();
        let per_controller_vds = vds_known.is_none();
        let per_controller_bbus = matches!(bbus_known, Some(None));
        if let Some(doc) = vds_known {
            snap.logical_drives = doc.logical_drives;
        }
        if let Some(Some(doc)) = bbus_known {
            snap.bbus = doc.bbus;
        }
        let mut jobs: Vec<Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>> =
            Vec::new();
        for &a in &ids {
            jobs.push(Box::new(move || {
                let c = format!("controller={a}");
                self.report(&["storage", "pdisk", &c])
            }));
        }
        if per_controller_vds {
            for &a in &ids {
                jobs.push(Box::new(move || self.vdisks_of(a)));
            }
        }
        if per_controller_bbus {
            for &a in &ids {
                jobs.push(Box::new(move || {
                    let c = format!("controller={a}");
                    self.report(&["storage", "battery", &c])
                }));
            }
        }
        if !per_controller_vds {
            jobs.extend(self.member_jobs(&snap.logical_drives));
        }
        let mut second = snapshot::overlap(jobs).into_iter();
        for &a in &ids {
            let mut doc = second.next().unwrap_or_else(|| Err(lost()))?;
            for pd in &mut doc.physical_drives {
                pd.adapter = a;
            }
            snap.physical_drives.extend(doc.physical_drives);
        }
        if per_controller_vds {
            for &a in &ids {
                let doc = second.next().unwrap_or_else(|| Err(lost()))?;
                snap.logical_drives
                    .extend(doc.logical_drives.into_iter().map(|mut l| {
                        l.adapter = a;
                        l
                    }));
            }
        }
        if per_controller_bbus {
            for &a in &ids {
                // A controller without a battery answers with none: not an error.
                if let Some(Ok(doc)) = second.next() {
                    snap.bbus.extend(doc.bbus.into_iter().map(|mut b| {
                        b.adapter = a;
                        b
                    }));
                }
            }
        }
        if per_controller_vds {
            let jobs = self.member_jobs(&snap.logical_drives);
            second = snapshot::overlap(jobs).into_iter();
        }
        for ld in &mut snap.logical_drives {
            let doc = second.next().unwrap_or_else(|| Err(lost()))?;
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

    /// One call: the controller's drive list carries each drive's `Progress`.
    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        let c = format!("controller={adapter}");
        Ok(self
            .report(&["storage", "pdisk", &c])?
            .progress
            .into_iter()
            .find(|p| p.drive == Some(drive) && p.in_progress)
            .map(|mut p| {
                p.adapter = adapter;
                p
            }))
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

    /// OpenManage says per controller whether preserved cache exists, not whose it is: an
    /// offline VD is the one that can hold it; with none offline (deleted while missing) the
    /// cache is unattributed.
    fn preserved_cache(&self, adapter: u32) -> Result<PinnedCache, BackendError> {
        let snap = self.snapshot()?;
        let pinned = snap
            .adapters
            .iter()
            .any(|a| a.adapter == adapter && a.offline_vd_cache_preserved == Some(true));
        if !pinned {
            return Ok(PinnedCache::default());
        }
        let offline: Vec<u32> = snap
            .logical_drives
            .iter()
            .filter(|l| l.adapter == adapter && l.state == crate::model::LdState::Offline)
            .map(|l| l.target_id)
            .collect();
        Ok(PinnedCache {
            unattributed: offline.len() != 1,
            targets: offline,
        })
    }

    fn supports(&self, op: &Op) -> bool {
        Self::omconfig_args(op).is_some()
    }

    fn per_vd_cache_discard(&self) -> bool {
        false
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
            return Err(BackendError::failed(
                line,
                out.status.unwrap_or(1),
                text,
                Document::default(),
            ));
        }
        Ok(Document::new("action"))
    }

    fn catalogue(&self) -> Option<&dyn Catalogue> {
        Some(self)
    }
}

impl Omreport {
    fn entry(&self, id: &str, adapter: Option<u32>, args: &[&str]) -> Entry {
        Entry::new(id, adapter, &self.omreport, args)
    }
}

/// OpenManage's bundle catalogue: the storage tree as `-fmt ssv` (what the snapshot parses),
/// the alert and ESM logs, the chassis view. OMSA has no controller diagnostic dump of its
/// own (Dell's TSR comes from the iDRAC), so the deep level adds only the slot report.
impl Catalogue for Omreport {
    fn dir(&self) -> String {
        "omreport".to_owned()
    }

    fn programs(&self) -> Vec<PathBuf> {
        vec![self.omreport.clone(), self.omconfig.clone()]
    }

    fn preamble(&self) -> Vec<Entry> {
        vec![
            self.entry("all/about", None, &["about"]),
            // The controller list is also the first snapshot input.
            self.entry(
                "all/controllers",
                None,
                &["storage", "controller", "-fmt", "ssv"],
            ),
        ]
    }

    fn adapters(&self, preamble: &[(Entry, String)]) -> Vec<u32> {
        let ids: Vec<u32> = preamble
            .iter()
            .filter(|(e, _)| e.id == "all/controllers")
            .filter_map(|(_, t)| crate::parse::omreport::parse_ssv(t).ok())
            .flat_map(|d| d.adapters.into_iter().map(|a| a.adapter))
            .collect();
        if ids.is_empty() { vec![0] } else { ids }
    }

    fn history(&self, _adapters: &[u32]) -> Vec<Entry> {
        vec![
            self.entry("all/alertlog", None, &["system", "alertlog"])
                .triage(),
            self.entry("all/esmlog", None, &["system", "esmlog"])
                .triage(),
        ]
    }

    /// The calls [`Operations::snapshot`] makes after the controller list.
    fn snapshot_inputs(&self, adapters: &[u32]) -> Vec<Entry> {
        let mut v = vec![
            self.entry("all/vdisks", None, &["storage", "vdisk", "-fmt", "ssv"]),
            self.entry(
                "all/batteries",
                None,
                &["storage", "battery", "-fmt", "ssv"],
            ),
        ];
        v.extend(per_adapter(adapters, |a| {
            let c = format!("controller={a}");
            vec![self.entry(
                &format!("c{a}/pdisks"),
                Some(a),
                &["storage", "pdisk", &c, "-fmt", "ssv"],
            )]
        }));
        v
    }

    fn inventory(&self, adapters: &[u32], level: Level) -> Vec<Entry> {
        let mut v = per_adapter(adapters, |a| {
            let c = format!("controller={a}");
            let c = c.as_str();
            let ad = Some(a);
            let e = |id: &str, args: &[&str]| self.entry(&format!("c{a}/{id}"), ad, args);
            // Firmware and driver versions, with their minimum required versions.
            let mut v = vec![e("controller", &["storage", "controller", c])];
            if level != Level::Quick {
                v.push(e("connectors", &["storage", "connector", c, "-fmt", "ssv"]));
            }
            if level == Level::Deep {
                v.push(e(
                    "pdslotreport",
                    &["storage", "controller", c, "info=pdslotreport"],
                ));
            }
            v
        });
        if level != Level::Quick {
            v.extend([
                self.entry(
                    "all/enclosures",
                    None,
                    &["storage", "enclosure", "-fmt", "ssv"],
                ),
                self.entry("all/chassis", None, &["chassis"]),
                self.entry("all/system-version", None, &["system", "version"]),
            ]);
        }
        v
    }

    fn versions(&self, preamble: &[(Entry, String)]) -> BTreeMap<String, String> {
        preamble
            .iter()
            .filter(|(e, _)| e.id == "all/about")
            .flat_map(|(_, t)| t.lines())
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == "Version").then(|| v.trim().to_owned())
            })
            .map(|v| BTreeMap::from([("omreport".to_owned(), v)]))
            .unwrap_or_default()
    }

    /// The drives of each VD (`storage pdisk controller=C vdisk=V`), asked for once the VDs
    /// are known: `cC/vdiskV-pdisks`, scoped to controller C. When two controllers share a
    /// title, the VDs and batteries of each (`storage vdisk|battery controller=C`):
    /// `cC/vdisks`, `cC/batteries`.
    fn conditional(&self, args: &[String]) -> Option<Entry> {
        let value = |key: &str| {
            args.iter()
                .find_map(|a| a.strip_prefix(key)?.parse::<u32>().ok())
        };
        let c = value("controller=")?;
        let id = match (value("vdisk="), args.get(1).map(String::as_str)) {
            (Some(v), Some("pdisk")) => format!("c{c}/vdisk{v}-pdisks"),
            (None, Some("vdisk")) => format!("c{c}/vdisks"),
            (None, Some("battery")) => format!("c{c}/batteries"),
            _ => return None,
        };
        let mut e = self.entry(&id, Some(c), &[]);
        e.args = args.to_vec();
        Some(e)
    }

    fn verdict(&self, _entry: &Entry, stdout: &str, _exit: Option<i32>) -> Option<ToolVerdict> {
        // omreport prints no status line on success, and "Error! ..." on failure.
        let first = stdout.lines().find(|l| !l.trim().is_empty())?;
        first.starts_with("Error").then(|| ToolVerdict {
            raw: first.trim().to_owned(),
            meaning: "omreport reported an error".to_owned(),
        })
    }
}

#[cfg(test)]
mod omconfig_tests {
    use super::*;

    /// The exact omconfig lines the workflows send, and what OMSA cannot do.
    #[test]
    fn omconfig_lines() {
        let (a, drive) = (0, DriveAddress::new(1, 4));
        let line = |op: &Op| Omreport::omconfig_args(op).map(|v| v.join(" "));
        let pd = |action: &str| {
            Some(format!(
                "storage pdisk action={action} controller=0 pdisk=0:1:4"
            ))
        };
        assert_eq!(line(&Op::LocateStart { adapter: a, drive }), pd("blink"));
        assert_eq!(line(&Op::LocateStop { adapter: a, drive }), pd("unblink"));
        assert_eq!(line(&Op::Offline { adapter: a, drive }), pd("offline"));
        assert_eq!(
            line(&Op::PrepareRemoval { adapter: a, drive }),
            pd("remove")
        );
        assert_eq!(line(&Op::RebuildStart { adapter: a, drive }), pd("rebuild"));
        assert_eq!(
            line(&Op::RebuildStop { adapter: a, drive }),
            pd("cancelrebuild")
        );
        let spare = |arrays: Vec<u32>, vds: Vec<u32>| Op::HotspareSet {
            adapter: a,
            drive,
            arrays,
            vds,
        };
        assert_eq!(
            line(&spare(vec![], vec![])).as_deref(),
            Some("storage pdisk action=assignglobalhotspare assign=yes controller=0 pdisk=0:1:4")
        );
        assert_eq!(
            line(&spare(vec![1], vec![2])).as_deref(),
            Some(
                "storage vdisk action=assigndedicatedhotspare controller=0 vdisk=2 pdisk=0:1:4 assign=yes"
            )
        );
        // One VD per dedicated spare; no arrays, no missing rows.
        assert_eq!(line(&spare(vec![1], vec![])), None);
        assert_eq!(line(&spare(vec![], vec![1, 2])), None);
        assert_eq!(line(&Op::MarkMissing { adapter: a, drive }), None);
        assert_eq!(
            line(&Op::MakeGood {
                adapter: a,
                drive,
                force: false
            }),
            None
        );
    }
}

#[cfg(test)]
mod catalogue_tests {
    use super::*;
    use crate::backend::runner::OsRunner;

    #[test]
    fn adapters_versions_and_verdicts() {
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            Arc::new(OsRunner::scratch()),
            Duration::from_secs(1),
        );
        let pre = om.preamble();
        let outputs = vec![
            (
                pre[0].clone(),
                "Product name : Server Administrator\nVersion      : 9.5.0\n".to_owned(),
            ),
            (
                pre[1].clone(),
                "Controller  PERC H730P (Embedded)\n\nController\n\n\
                 ID;Status;Name;Firmware Version;Rebuild Rate\n0;Ok;PERC H730P;25.5.9.0001;30%\n\n\
                 Controller  PERC H330 (Embedded)\n\nController\n\n\
                 ID;Status;Name;Firmware Version;Rebuild Rate\n1;Ok;PERC H330;25.5.9.0001;30%\n"
                    .to_owned(),
            ),
        ];
        assert_eq!(om.adapters(&outputs), [0, 1]);
        assert_eq!(om.versions(&outputs)["omreport"], "9.5.0");
        let err = om
            .verdict(&pre[0], "Error! Invalid command: about\n", Some(255))
            .unwrap();
        assert_eq!(err.raw, "Error! Invalid command: about");
        assert!(om.verdict(&pre[0], "Version : 9.5.0\n", Some(0)).is_none());
        let args: Vec<String> = ["storage", "pdisk", "controller=1", "vdisk=3", "-fmt", "ssv"]
            .iter()
            .map(|a| (*a).to_owned())
            .collect();
        let e = om.conditional(&args).unwrap();
        assert_eq!((e.id.as_str(), e.adapter), ("c1/vdisk3-pdisks", Some(1)));
        assert_eq!(e.args, args);
        assert!(om.conditional(&args[..3]).is_none());
        let per = |object: &str| {
            let args: Vec<String> = ["storage", object, "controller=2", "-fmt", "ssv"]
                .iter()
                .map(|a| (*a).to_owned())
                .collect();
            om.conditional(&args).map(|e| (e.id, e.adapter))
        };
        assert_eq!(per("vdisk"), Some(("c2/vdisks".to_owned(), Some(2))));
        assert_eq!(per("battery"), Some(("c2/batteries".to_owned(), Some(2))));
        assert_eq!(per("enclosure"), None);
        // One drive list per controller, as the snapshot reads them.
        let pdisks: Vec<String> = om
            .snapshot_inputs(&[0, 1])
            .iter()
            .map(|e| e.args.join(" "))
            .filter(|a| a.starts_with("storage pdisk"))
            .collect();
        assert_eq!(
            pdisks,
            [
                "storage pdisk controller=0 -fmt ssv",
                "storage pdisk controller=1 -fmt ssv"
            ]
        );
    }
}

#[cfg(test)]
mod snapshot_tests {
    use super::*;
    use crate::backend::runner::{CmdOutput, RunError};
    use std::path::Path;
    use std::sync::Mutex;

    const CONTROLLERS: &str =
        include_str!("../../../../fixtures/omreport/handmade-two-controllers.ssv");

    const VD_HEADER: &str = "ID;Status;Name;State;Layout;Size";
    const PD_HEADER: &str = "ID;Status;Name;State;Bus Protocol;Media;Failure Predicted;Capacity;Hot Spare;Vendor ID;Product ID;Serial No.";

    /// A host with two controllers, each with a VD 0 (`0:1:0`, `0:1:1`) and a VD 1 (`0:1:2`,
    /// `0:1:3`): the same VD ids and drive ids on both, told apart only by the controller.
    /// The VD report lists controller 1 first. Every call is recorded.
    struct Host {
        names: [&'static str; 2],
        calls: Mutex<Vec<String>>,
    }

    impl Host {
        fn new(names: [&'static str; 2]) -> Self {
            Self {
                names,
                calls: Mutex::new(Vec::new()),
            }
        }

        fn serial(c: u32, slot: u32) -> String {
            format!("C{c}S{slot}")
        }

        fn pdisks(&self, c: u32, slots: &[u32], title: &str) -> String {
            let mut t = format!(
                "{title}\n\nController {}\n\n{PD_HEADER}\n",
                self.names[c as usize]
            );
            for s in slots {
                t.push_str(&format!(
                    "0:1:{s};Ok;Physical Disk 0:1:{s};Online;SAS;HDD;No;558.38 GB (599550590976 bytes);No;DELL(tm);ST600MM0088;{}\n",
                    Self::serial(c, *s)
                ));
            }
            t
        }

        fn vdisks(&self, c: u32) -> String {
            format!(
                "Controller {}\n\n{VD_HEADER}\n0;Ok;os{c};Ready;RAID-1;558.38 GB (599550590976 bytes)\n1;Ok;data{c};Ready;RAID-1;558.38 GB (599550590976 bytes)\n\n",
                self.names[c as usize]
            )
        }

        fn answer(&self, args: &[String]) -> Option<String> {
            let words: Vec<&str> = args
                .iter()
                .map(String::as_str)
                .take_while(|a| *a != "-fmt")
                .collect();
            let num = |key: &str| {
                words
                    .iter()
                    .find_map(|w| w.strip_prefix(key)?.parse::<u32>().ok())
            };
            Some(
                match (words.get(1).copied()?, num("controller="), num("vdisk=")) {
                    ("controller", None, None) => CONTROLLERS
                        .replace("PERC H740P Mini (Embedded)", self.names[0])
                        .replace("PERC H840 Adapter  (Slot 1)", self.names[1]),
                    ("vdisk", None, None) => format!(
                        "List of Virtual Disks in the System\n\n{}{}",
                        self.vdisks(1),
                        self.vdisks(0)
                    ),
                    ("vdisk", Some(c @ 0..=1), None) => self.vdisks(c),
                    ("battery", _, None) => "List of Batteries in the System\n\n".to_owned(),
                    ("pdisk", Some(c @ 0..=1), None) => {
                        self.pdisks(c, &[0, 1, 2, 3], "List of Physical Disks on Controller")
                    }
                    ("pdisk", Some(c @ 0..=1), Some(v @ 0..=1)) => self.pdisks(
                        c,
                        &[2 * v, 2 * v + 1],
                        &format!("List of Physical Disks belonging to Virtual Disk {v}"),
                    ),
                    _ => return None,
                },
            )
        }
    }

    impl Runner for Host {
        fn run(&self, _: &Path, args: &[String], _: Duration) -> Result<CmdOutput, RunError> {
            self.calls.lock().unwrap().push(args.join(" "));
            let (stdout, status) = match self.answer(args) {
                Some(t) => (t, 0),
                None => (format!("Error! Invalid command: {}\n", args.join(" ")), 255),
            };
            Ok(CmdOutput {
                stdout,
                status: Some(status),
                ..CmdOutput::default()
            })
        }
    }

    /// Each VD's members, by serial, keyed by (controller, VD).
    fn members(host: &Arc<Host>) -> Vec<((u32, u32), Vec<String>)> {
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            host.clone(),
            Duration::from_secs(1),
        );
        let snap = om.snapshot().unwrap();
        let mut v: Vec<((u32, u32), Vec<String>)> = snap
            .logical_drives
            .iter()
            .map(|l| {
                let serials = l
                    .members
                    .iter()
                    .map(|m| {
                        snap.physical_drives
                            .iter()
                            .find(|p| p.adapter == l.adapter && p.address() == *m)
                            .and_then(|p| p.serial.clone())
                            .unwrap_or_default()
                    })
                    .collect();
                ((l.adapter, l.target_id), serials)
            })
            .collect();
        v.sort();
        v
    }

    fn expected() -> Vec<((u32, u32), Vec<String>)> {
        let s = Host::serial;
        vec![
            ((0, 0), vec![s(0, 0), s(0, 1)]),
            ((0, 1), vec![s(0, 2), s(0, 3)]),
            ((1, 0), vec![s(1, 0), s(1, 1)]),
            ((1, 1), vec![s(1, 2), s(1, 3)]),
        ]
    }

    /// VD 0 exists on both controllers: each VD's drives come from its own controller, found
    /// by its title in the controller report (not by the order of the VD report's titles).
    #[test]
    fn each_vd_reads_the_drives_of_its_own_controller() {
        let host = Arc::new(Host::new([
            "PERC H740P Mini (Embedded)",
            "PERC H840 Adapter  (Slot 1)",
        ]));
        assert_eq!(members(&host), expected());
        let calls = host.calls.lock().unwrap();
        assert!(calls.contains(&"storage pdisk controller=1 vdisk=0 -fmt ssv".to_owned()));
        assert!(
            !calls
                .iter()
                .any(|c| c.starts_with("storage vdisk controller=")),
            "{calls:?}"
        );
    }

    /// Two controllers under one title: the VD report cannot say whose VDs are whose, so each
    /// controller is asked for its own.
    #[test]
    fn controllers_sharing_a_title_are_asked_one_by_one() {
        let host = Arc::new(Host::new([
            "PERC H730P Adapter (Embedded)",
            "PERC H730P Adapter (Embedded)",
        ]));
        assert_eq!(members(&host), expected());
        let calls = host.calls.lock().unwrap();
        for c in 0..2 {
            let line = format!("storage vdisk controller={c} -fmt ssv");
            assert!(calls.contains(&line), "{calls:?}");
        }
    }
}
