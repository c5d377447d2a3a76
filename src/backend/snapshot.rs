//! One inventory of every adapter, gathered with a fixed, small number of vendor calls
//! whatever the number of adapters, drives and VDs, and cached so that a check, a metrics run
//! and a person at the same minute share one set of calls.

use super::megacli::{BackendError, MegaCli};
use crate::model::{
    Adapter, Bbu, DiskGroup, Enclosure, FirmwareState, ForeignConfig, LogicalDrive, MissingRow,
    PdType, PhysicalDrive, Progress, Warning,
};
use crate::parse::Kind;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Layout version of the snapshot JSON.
pub const SNAPSHOT_SCHEMA: u32 = 1;

/// At most this many vendor calls make one snapshot: four fixed (`-AdpAllInfo`, `-CfgDsply`,
/// `-PDList`, `-AdpBbuCmd -GetBbuStatus`) and up to two that only run when the fixed ones show
/// a reason (a rebuilding drive, a foreign drive, a copyback).
pub const MAX_CALLS: u32 = 6;

/// The controller inventory at one moment.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Layout version.
    pub schema_version: u32,
    /// When it was taken (seconds since the Unix epoch).
    pub taken_at_unix: u64,
    /// Which backend and tool produced it.
    pub source: String,
    /// How many vendor calls it took.
    pub vendor_calls: u32,
    /// Adapters with their settings.
    pub adapters: Vec<Adapter>,
    /// Enclosures seen in drive addresses.
    pub enclosures: Vec<Enclosure>,
    /// Logical drives with their members.
    pub logical_drives: Vec<LogicalDrive>,
    /// Every physical drive, configured or not.
    pub physical_drives: Vec<PhysicalDrive>,
    /// Batteries.
    pub bbus: Vec<Bbu>,
    /// Disk groups with spans and rows (array/row numbering for replace-missing).
    pub disk_groups: Vec<DiskGroup>,
    /// Rows waiting for a drive (from `-CfgDsply`; `-PdGetMissing` is authoritative).
    pub missing: Vec<MissingRow>,
    /// Foreign configurations.
    pub foreign_configs: Vec<ForeignConfig>,
    /// Running rebuilds, copybacks, initialisations.
    pub progress: Vec<Progress>,
    /// Parser warnings from the vendor output.
    pub warnings: crate::model::Warnings,
}

impl Snapshot {
    /// The drive at `addr` on `adapter`.
    pub fn drive(&self, adapter: u32, addr: crate::model::DriveAddress) -> Option<&PhysicalDrive> {
        self.physical_drives
            .iter()
            .find(|d| d.adapter == adapter && d.address() == addr)
    }

    /// The VD with target id `target` on `adapter`.
    pub fn logical_drive(&self, adapter: u32, target: u32) -> Option<&LogicalDrive> {
        self.logical_drives
            .iter()
            .find(|l| l.adapter == adapter && l.target_id == target)
    }
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Gathers a snapshot from MegaCli.
///
/// # Errors
/// Any failed, hung, crashed, silent or unparseable vendor call: a snapshot is all or nothing,
/// so monitoring never reports a partial inventory as healthy.
pub fn gather(mc: &MegaCli) -> Result<Snapshot, BackendError> {
    let before = mc.calls();
    let mut snap = Snapshot {
        schema_version: SNAPSHOT_SCHEMA,
        taken_at_unix: now_unix(),
        source: mc.program().display().to_string(),
        ..Snapshot::default()
    };

    let info = mc.query(&["-AdpAllInfo", "-aALL"], Kind::AdpAllInfo, false)?;
    if info.adapters.is_empty() {
        return Err(BackendError::Unparseable {
            argv: mc.command_line(&["-AdpAllInfo", "-aALL"]),
            reason: "no adapter in the output".into(),
        });
    }
    snap.adapters = info.adapters;
    snap.warnings.append(info.warnings);

    let cfg = match mc.query(&["-CfgDsply", "-aALL"], Kind::CfgDsply, false) {
        Ok(doc) => doc,
        // An adapter without any configuration answers -CfgDsply with a failure status.
        Err(BackendError::Failed { doc, .. }) if doc.logical_drives.is_empty() => *doc,
        Err(e) => return Err(e),
    };
    snap.logical_drives = cfg.logical_drives;
    snap.disk_groups = cfg.disk_groups;
    snap.progress.extend(cfg.progress);
    snap.warnings.append(cfg.warnings);

    let pds = mc.query(&["-PDList", "-aALL"], Kind::PdList, false)?;
    snap.physical_drives = pds.physical_drives;
    snap.warnings.append(pds.warnings);

    let bbu = match mc.query(
        &["-AdpBbuCmd", "-GetBbuStatus", "-aALL"],
        Kind::BbuStatus,
        false,
    ) {
        Ok(doc) => doc,
        // No battery: MegaCli says `Get BBU Status Failed` with a non-zero status.
        Err(BackendError::Failed { doc, .. }) => *doc,
        Err(e) => return Err(e),
    };
    snap.bbus = bbu.bbus;

    let rebuilding: Vec<String> = addresses_in(&snap, &FirmwareState::Rebuild);
    let copyback: Vec<String> = addresses_in(&snap, &FirmwareState::Copyback);
    let foreign = snap.physical_drives.iter().any(|d| d.foreign == Some(true));
    let mut budget = MAX_CALLS - (mc.calls() - before);
    if !rebuilding.is_empty() && budget > 0 {
        budget -= 1;
        let drives = format!("-PhysDrv[{}]", rebuilding.join(","));
        let doc = mc.query(
            &["-PDRbld", "-ShowProg", &drives, "-aALL"],
            Kind::Progress,
            false,
        )?;
        attach_progress(&mut snap, doc.progress);
    }
    if foreign && budget > 0 {
        budget -= 1;
        let doc = mc.query(&["-CfgForeign", "-Scan", "-aALL"], Kind::ForeignScan, false)?;
        snap.foreign_configs = doc.foreign_configs;
    }
    if !copyback.is_empty() {
        if budget > 0 {
            let drives = format!("-PhysDrv[{}]", copyback.join(","));
            let doc = mc.query(
                &["-PDCpyBk", "-ShowProg", &drives, "-aALL"],
                Kind::Progress,
                false,
            )?;
            attach_progress(&mut snap, doc.progress);
        } else {
            snap.warnings.push(Warning {
                file: None,
                line: 0,
                message:
                    "copyback progress not read: call budget spent on rebuild and foreign scan"
                        .into(),
            });
        }
    }

    derive(&mut snap);
    snap.vendor_calls = mc.calls() - before;
    Ok(snap)
}

fn addresses_in(snap: &Snapshot, state: &FirmwareState) -> Vec<String> {
    let mut v: Vec<String> = snap
        .physical_drives
        .iter()
        .filter(|d| &d.firmware_state == state)
        .map(|d| d.address().megacli_arg())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Progress lines do not name the adapter; match them to the drive in that state.
fn attach_progress(snap: &mut Snapshot, progress: Vec<Progress>) {
    for mut p in progress {
        let Some(addr) = p.drive else { continue };
        let owner = snap.physical_drives.iter().find(|d| {
            d.address() == addr
                && matches!(
                    d.firmware_state,
                    FirmwareState::Rebuild | FirmwareState::Copyback
                )
        });
        if let Some(d) = owner {
            p.adapter = d.adapter;
            if p.in_progress {
                snap.progress.push(p);
            }
        }
    }
}

/// Joins what the calls said separately: drive → VD, missing rows, enclosures, smartctl args.
/// Shared by every backend.
pub(crate) fn derive_common(snap: &mut Snapshot) {
    derive(snap);
}

fn derive(snap: &mut Snapshot) {
    // storcli and OMSA number arrays inside a drive group; MegaCli's `Span Reference` numbers
    // them across the adapter. Fill the global number where the tool did not print one, so
    // missing rows and replace-missing speak one numbering whatever the backend.
    let mut adapters: Vec<u32> = snap.disk_groups.iter().map(|g| g.adapter).collect();
    adapters.sort_unstable();
    adapters.dedup();
    for a in adapters {
        let mut order: Vec<usize> = (0..snap.disk_groups.len())
            .filter(|&i| snap.disk_groups.get(i).is_some_and(|g| g.adapter == a))
            .collect();
        order.sort_by_key(|&i| snap.disk_groups.get(i).map_or(0, |g| g.index));
        let mut next = 0u32;
        for i in order {
            if let Some(g) = snap.disk_groups.get_mut(i) {
                for span in &mut g.spans {
                    let n = *span.array_ref.get_or_insert(next);
                    next = n + 1;
                }
            }
        }
    }
    for ld in &snap.logical_drives {
        for m in &ld.members {
            if let Some(pd) = snap
                .physical_drives
                .iter_mut()
                .find(|d| d.adapter == ld.adapter && d.address() == *m)
            {
                pd.logical_drive = Some(ld.target_id);
            }
        }
    }
    for pd in &mut snap.physical_drives {
        if let Some(id) = pd.device_id {
            pd.smartctl_device = Some(match pd.pd_type {
                PdType::Sata => format!("sat+megaraid,{id}"),
                _ => format!("megaraid,{id}"),
            });
        }
    }
    snap.missing.clear();
    for g in &snap.disk_groups {
        for span in &g.spans {
            let expected = span
                .rows
                .iter()
                .filter_map(|r| r.drive)
                .filter_map(|a| {
                    snap.physical_drives
                        .iter()
                        .find(|d| d.adapter == g.adapter && d.address() == a)
                })
                .filter_map(|d| d.coerced_size_bytes)
                .min()
                .unwrap_or(0);
            for row in span.rows.iter().filter(|r| r.drive.is_none()) {
                snap.missing.push(MissingRow {
                    adapter: g.adapter,
                    number: u32::try_from(snap.missing.len()).unwrap_or(u32::MAX),
                    array: span.array_ref.unwrap_or(span.index),
                    row: row.row,
                    size_expected_bytes: expected,
                });
            }
        }
    }
    let mut encl: Vec<Enclosure> = Vec::new();
    for pd in &snap.physical_drives {
        let Some(id) = pd.enclosure_id else { continue };
        match encl
            .iter_mut()
            .find(|e| e.adapter == pd.adapter && e.device_id == Some(u32::from(id)))
        {
            Some(e) => e.physical_drives = Some(e.physical_drives.unwrap_or(0) + 1),
            None => encl.push(Enclosure {
                adapter: pd.adapter,
                index: u32::try_from(encl.iter().filter(|e| e.adapter == pd.adapter).count())
                    .unwrap_or(0),
                device_id: Some(u32::from(id)),
                physical_drives: Some(1),
                ..Enclosure::default()
            }),
        }
    }
    snap.enclosures = encl;
    super::identity::join_block_devices(snap, Path::new("/sys"));
}

/// Snapshot cache: `snapshot.json` beside a lock file in raidctl's state directory.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// A cache in `dir` (created on first use).
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    fn file(&self) -> PathBuf {
        self.dir.join("snapshot.json")
    }

    /// Forgets the cached snapshot (after raidctl changed the controller).
    pub fn invalidate(&self) {
        let _ = std::fs::remove_file(self.file());
    }

    /// Returns a snapshot no older than `max_age` from `source`, gathering one with `fetch`
    /// when needed. The lock is held across the gather, so concurrent callers wait and then
    /// reuse the fresh snapshot instead of calling the vendor tool again.
    ///
    /// # Errors
    /// The fetch error; cache I/O problems only make the cache unused.
    pub fn get_or_fetch(
        &self,
        source: &str,
        max_age: Duration,
        fetch: impl FnOnce() -> Result<Snapshot, BackendError>,
    ) -> Result<Snapshot, BackendError> {
        // Created 0700 when missing; a directory others can write into, a link or a FIFO in
        // place of the lock leaves the cache unused (`Ctx::new` refuses such a directory).
        let dir = crate::fsutil::Dir::prepare(&self.dir).ok();
        let lock = dir.as_ref().and_then(|d| d.open_lock("snapshot.lock").ok());
        if let Some(f) = &lock {
            let _ = f.lock();
        }
        if !max_age.is_zero() {
            if let Some(s) = std::fs::read(self.file())
                .ok()
                .and_then(|b| serde_json::from_slice::<Snapshot>(&b).ok())
            {
                let age = now_unix().saturating_sub(s.taken_at_unix);
                if s.source == source
                    && s.schema_version == SNAPSHOT_SCHEMA
                    && age <= max_age.as_secs()
                {
                    return Ok(Snapshot {
                        vendor_calls: 0,
                        ..s
                    });
                }
            }
        }
        let snap = fetch()?;
        if let (Ok(json), Some(dir)) = (serde_json::to_vec(&snap), &dir) {
            let _ = dir.write_atomic(
                "snapshot.json",
                &json,
                crate::fsutil::PRIVATE,
                crate::fsutil::Replace::Yes,
            );
        }
        Ok(snap)
    }
}
