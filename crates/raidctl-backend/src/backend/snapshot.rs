//! One inventory of every adapter, gathered with a fixed, small number of vendor calls
//! whatever the number of adapters, drives and VDs, and cached so that a check, a metrics run
//! and a person at the same minute share one set of calls.

use super::megacli::BackendError;
use crate::model::{
    Adapter, Bbu, DiskGroup, Enclosure, EventMark, ForeignConfig, LogicalDrive, MissingRow, PdType,
    PhysicalDrive, Progress,
};
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
    /// Where each adapter's event log stood just before this snapshot was read (`None`: the
    /// backend cannot tell, so a cached copy is only reused within `--max-age`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_marks: Option<Vec<EventMark>>,
    /// When the state was last confirmed (Unix seconds): the full read, or a later check that
    /// found no adapter's event log moved. Never later than the moment it is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed_at_unix: Option<u64>,
    /// This host has no MegaRAID/PERC controller: what auto-detection found instead. Such a
    /// snapshot lists no adapter and is not a failure (an HBA-only Ceph node is healthy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nothing_to_manage: Option<String>,
    /// What the Ceph identity join could not use or trust (a malformed `ceph-volume` entry,
    /// a moved kernel name, another cluster's OSD, the cluster not answering), each once:
    /// the same lines stderr shows, for JSON consumers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ceph_notes: Vec<String>,
}

impl Snapshot {
    /// The drive at `addr` on `adapter`.
    pub fn drive(&self, adapter: u32, addr: crate::model::DriveAddress) -> Option<&PhysicalDrive> {
        self.physical_drives
            .iter()
            .find(|d| d.adapter == adapter && d.address() == addr)
    }

    /// When the state was last confirmed, never later than `now` (a clock stepped back must
    /// not make a snapshot look newer than the moment it is shown).
    pub fn confirmed_at(&self, now: u64) -> u64 {
        self.confirmed_at_unix
            .unwrap_or(self.taken_at_unix)
            .min(now)
    }

    /// The VD with target id `target` on `adapter`.
    pub fn logical_drive(&self, adapter: u32, target: u32) -> Option<&LogicalDrive> {
        self.logical_drives
            .iter()
            .find(|l| l.adapter == adapter && l.target_id == target)
    }

    /// The model of a single-drive VD's drive (`None` for other VDs).
    fn single_drive_model(&self, ld: &LogicalDrive) -> Option<String> {
        if ld.raid_level != crate::model::RaidLevel::Raid0 {
            return None;
        }
        match ld.members.as_slice() {
            [m] => Some(
                self.drive(ld.adapter, *m)
                    .and_then(|p| p.model.clone())
                    .unwrap_or_default(),
            ),
            _ => None,
        }
    }

    /// Groups of single-drive RAID0 VDs over drives of one model on one adapter (the Ceph
    /// OSD layout: each VD should be set up as its siblings are).
    pub fn single_drive_raid0_groups(&self) -> Vec<Vec<&LogicalDrive>> {
        let mut groups: Vec<((u32, String), Vec<&LogicalDrive>)> = Vec::new();
        for ld in &self.logical_drives {
            let Some(model) = self.single_drive_model(ld) else {
                continue;
            };
            let key = (ld.adapter, model);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(ld),
                None => groups.push((key, vec![ld])),
            }
        }
        groups.into_iter().map(|(_, v)| v).collect()
    }

    /// The policy more than half of `ld`'s siblings (the other single-drive RAID0 VDs over
    /// drives of its model on its adapter) share, if any. Siblings whose policy was not read
    /// completely do not count.
    pub fn sibling_majority_policy(&self, ld: &LogicalDrive) -> Option<crate::model::VdPolicy> {
        let group = self.single_drive_raid0_groups().into_iter().find(|g| {
            g.iter()
                .any(|x| x.adapter == ld.adapter && x.target_id == ld.target_id)
        })?;
        let siblings: Vec<&LogicalDrive> = group
            .into_iter()
            .filter(|x| x.target_id != ld.target_id)
            .collect();
        majority_policy(&siblings)
    }
}

/// The policy more than half of `vds` share, counting only VDs whose policy is complete.
pub fn majority_policy(vds: &[&LogicalDrive]) -> Option<crate::model::VdPolicy> {
    let policies: Vec<crate::model::VdPolicy> = vds
        .iter()
        .map(|l| crate::model::VdPolicy::of(l))
        .filter(crate::model::VdPolicy::is_complete)
        .collect();
    policies
        .iter()
        .find(|p| policies.iter().filter(|q| q == p).count() * 2 > policies.len())
        .copied()
}

/// Seconds since the Unix epoch by the wall clock.
pub fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Runs reads side by side, each on its own thread, and returns their results in argument
/// order. For the snapshot's reads only, on tools whose reads may overlap: MegaCli and
/// storcli/perccli run with `-NoLog`/`nolog` in raidctl's own scratch directory, so they share
/// no log file, and the firmware takes one management command at a time whatever the number
/// of callers; OpenManage's `omreport` asks its data manager service, which serves clients
/// concurrently. Changes never overlap anything ([`super::runner::Runner::run_read`]).
/// At most [`MAX_IN_FLIGHT`] run at once (OpenManage's one call per VD can be dozens).
pub(crate) fn overlap<T: Send + From<Panicked>>(
    jobs: Vec<Box<dyn FnOnce() -> T + Send + '_>>,
) -> Vec<T> {
    let mut out = Vec::with_capacity(jobs.len());
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        let wave: Vec<_> = jobs.by_ref().take(MAX_IN_FLIGHT).collect();
        std::thread::scope(|s| {
            let handles: Vec<_> = wave.into_iter().map(|j| s.spawn(j)).collect();
            out.extend(handles.into_iter().map(join));
        });
    }
    out
}

/// Most vendor reads [`overlap`] runs at once.
pub const MAX_IN_FLIGHT: usize = 8;

/// A read's thread panicked (a bug, never a controller's answer).
#[derive(Debug)]
pub(crate) struct Panicked;

impl<T> From<Panicked> for Result<T, BackendError> {
    fn from(_: Panicked) -> Self {
        Err(BackendError::Refused(
            "internal error: a snapshot read panicked".into(),
        ))
    }
}

impl<T> From<Panicked> for Option<Result<T, BackendError>> {
    fn from(_: Panicked) -> Self {
        Some(Err(BackendError::Refused(
            "internal error: a snapshot read panicked".into(),
        )))
    }
}

pub(crate) fn join<T: From<Panicked>>(h: std::thread::ScopedJoinHandle<'_, T>) -> T {
    h.join().unwrap_or_else(|_| T::from(Panicked))
}

/// Joins what the calls said separately: drive → VD, missing rows, enclosures, smartctl args.
/// Shared by every backend.
pub(crate) fn derive_common(snap: &mut Snapshot) {
    derive(snap);
}

pub(crate) fn derive(snap: &mut Snapshot) {
    derive_at(snap, Path::new("/sys"));
}

/// What every backend joins after its reads (global array numbers, drive → VD, smartctl
/// arguments, missing rows, enclosures, block devices from the sysfs at `sys`), for a snapshot
/// put together another way: the tests' fixtures are joined by this, not by a copy of it.
pub fn derive_at(snap: &mut Snapshot, sys: &Path) {
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
    super::identity::join_block_devices(snap, sys);
}

/// Past `--max-age`, a cached snapshot is reused when no adapter's event log moved, for at
/// most this long after its full read (`--full-read-after`).
pub const DEFAULT_FULL_READ_AFTER: Duration = Duration::from_secs(600);

/// How long a cached snapshot may stand in for the controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Freshness {
    /// Within this age (since the state was last confirmed) no vendor call at all; zero: a
    /// full read every time.
    pub max_age: Duration,
    /// Past `max_age`, one call asks each adapter's newest event sequence number and the
    /// snapshot is reused when none moved, up to this long after its full read; zero: never.
    pub full_read_after: Duration,
}

impl Freshness {
    /// Reuse within `max_age` only, with the default full-read bound past it.
    pub fn within(max_age: Duration) -> Self {
        Self {
            max_age,
            full_read_after: DEFAULT_FULL_READ_AFTER,
        }
    }
}

/// One reading of the clocks: the wall clock, and the kernel's boot-time clock (monotonic,
/// counts suspend) with the boot it belongs to, so another process can tell how much time
/// really passed even when the wall clock was stepped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Wall clock, Unix seconds.
    pub wall_unix: u64,
    /// `/proc/sys/kernel/random/boot_id` (empty when unreadable).
    pub boot_id: String,
    /// `CLOCK_BOOTTIME` in milliseconds.
    pub mono_ms: u64,
}

impl Stamp {
    /// The clocks now.
    pub fn now() -> Self {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::Boottime);
        let mono_ms = u64::try_from(t.tv_sec).unwrap_or(0) * 1000
            + u64::try_from(t.tv_nsec).unwrap_or(0) / 1_000_000;
        let boot_id = std::fs::read_to_string("/proc/sys/kernel/random/boot_id")
            .map(|s| s.trim().to_owned())
            .unwrap_or_default();
        Self {
            wall_unix: now_unix(),
            boot_id,
            mono_ms,
        }
    }

    /// How old `self` is at `now` by both clocks, the larger of the two; `None` (stale) when
    /// it lies in the future by either clock, or the monotonic clock cannot compare them (a
    /// reboot since, or no boot id).
    pub fn age_at(&self, now: &Stamp) -> Option<Duration> {
        let wall = now.wall_unix.checked_sub(self.wall_unix)?;
        if self.boot_id.is_empty() || self.boot_id != now.boot_id {
            return None;
        }
        let mono = now.mono_ms.checked_sub(self.mono_ms)?;
        Some(Duration::from_secs(wall).max(Duration::from_millis(mono)))
    }
}

/// What the cache file holds: the snapshot and the clocks of its full read and of its last
/// confirmation. A file without them (an older raidctl's) is stale.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Entry {
    #[serde(flatten)]
    snapshot: Snapshot,
    #[serde(default)]
    taken: Option<Stamp>,
    #[serde(default)]
    confirmed: Option<Stamp>,
}

/// The largest snapshot cache read back (a full controller's is well under a megabyte).
const CACHE_CAP: usize = 64 << 20;

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

    fn load(&self) -> Option<Entry> {
        // Only a regular file of the caller's (or root's), closed to others, reached without
        // a link: anyone else who could write it would choose the verdict `check` gives.
        let bytes = match crate::fsutil::read_own(&self.file(), CACHE_CAP) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                crate::errln!(
                    "raidctl: snapshot cache not used: {}",
                    crate::escape::escape_text(&e.to_string())
                );
                return None;
            }
        };
        let mut entry = serde_json::from_slice::<Entry>(&bytes).ok()?;
        // A cache written before the cache policy fields existed: fill them from the texts.
        for ld in &mut entry.snapshot.logical_drives {
            ld.normalise_cache();
        }
        Some(entry)
    }

    fn save(&self, entry: &Entry) {
        // Private, under a random name, never through a link (see `crate::fsutil`); a cache
        // that cannot be written is only unused.
        let dir = crate::fsutil::Dir::prepare(&self.dir);
        if let (Ok(json), Ok(dir)) = (serde_json::to_vec(entry), dir) {
            let _ = dir.write_atomic(
                "snapshot.json",
                &json,
                crate::fsutil::PRIVATE,
                crate::fsutil::Replace::Yes,
            );
        }
    }

    /// Returns a snapshot from `source` that is current by `fresh`: the cached one within
    /// `max_age`; past it, the cached one when `marks` (one vendor call) says no adapter's
    /// event log moved since its full read and that read is within `full_read_after`;
    /// otherwise a full read (`marks` first, then `fetch`). The lock is held throughout, so
    /// concurrent callers wait and then reuse the fresh snapshot instead of calling the
    /// vendor tool again.
    ///
    /// # Errors
    /// The fetch error; cache I/O problems only make the cache unused.
    pub fn get_or_fetch(
        &self,
        source: &str,
        fresh: Freshness,
        marks: &dyn Fn() -> Result<Option<Vec<EventMark>>, BackendError>,
        fetch: &dyn Fn(Option<&Snapshot>) -> Result<Snapshot, BackendError>,
    ) -> Result<Snapshot, BackendError> {
        self.get_with(source, fresh, &Stamp::now, marks, fetch)
    }

    /// [`Cache::get_or_fetch`] with the clocks given (tests step them).
    fn get_with(
        &self,
        source: &str,
        fresh: Freshness,
        now: &dyn Fn() -> Stamp,
        marks: &dyn Fn() -> Result<Option<Vec<EventMark>>, BackendError>,
        fetch: &dyn Fn(Option<&Snapshot>) -> Result<Snapshot, BackendError>,
    ) -> Result<Snapshot, BackendError> {
        // Created 0700 when missing; a directory others can write into, a link or a FIFO in
        // place of the lock leaves the cache unused (`Ctx::new` refuses such a directory).
        let dir = crate::fsutil::Dir::prepare(&self.dir).ok();
        let lock = dir.as_ref().and_then(|d| d.open_lock("snapshot.lock").ok());
        if let Some(f) = &lock {
            let _ = f.lock();
        }
        let mut before: Option<(Stamp, Option<Vec<EventMark>>)> = None;
        // Loaded even when it may not be used (`--max-age 0`): a full read takes it as a hint
        // of what to read ([`Operations::snapshot_hinted`]), never as data.
        let mut cached = self.load().filter(|e| {
            e.snapshot.source == source && e.snapshot.schema_version == SNAPSHOT_SCHEMA
        });
        if !fresh.max_age.is_zero() {
            if let Some(e) = cached.as_mut() {
                let t = now();
                let confirmed = e.confirmed.as_ref().and_then(|c| c.age_at(&t));
                if confirmed.is_some_and(|a| a <= fresh.max_age) {
                    e.snapshot.vendor_calls = 0;
                    e.snapshot.confirmed_at_unix = e.confirmed.as_ref().map(|c| c.wall_unix);
                    return Ok(std::mem::take(&mut e.snapshot));
                }
                let full = e.taken.as_ref().and_then(|c| c.age_at(&t));
                let within = full.is_some_and(|a| a <= fresh.full_read_after)
                    && !fresh.full_read_after.is_zero()
                    && confirmed.is_some();
                if within && e.snapshot.event_marks.is_some() {
                    let m = marks();
                    match m {
                        Ok(Some(m)) if Some(&m) == e.snapshot.event_marks.as_ref() => {
                            e.snapshot.vendor_calls = 1;
                            e.snapshot.confirmed_at_unix = Some(t.wall_unix);
                            e.confirmed = Some(t);
                            self.save(e);
                            return Ok(std::mem::take(&mut e.snapshot));
                        }
                        // What moved is read in full; the marks just read are the ones the
                        // new snapshot starts from.
                        Ok(m) => before = Some((t, m)),
                        Err(_) => {}
                    }
                }
            }
        }
        let (t, m, mark_calls) = match before {
            Some((t, m)) => (t, m, 1),
            None => {
                let t = now();
                // Read before the state, so an event between the two shows as a change
                // next time rather than hiding in the marks.
                let m = marks();
                let calls = u32::from(!matches!(m, Ok(None)));
                (t, m.ok().flatten(), calls)
            }
        };
        let mut snap = fetch(cached.as_ref().map(|e| &e.snapshot))?;
        snap.vendor_calls += mark_calls;
        snap.event_marks = m;
        snap.confirmed_at_unix = Some(t.wall_unix);
        let entry = Entry {
            snapshot: snap,
            taken: Some(t.clone()),
            confirmed: Some(t),
        };
        self.save(&entry);
        Ok(entry.snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn stamp(wall: u64, mono_s: u64) -> Stamp {
        Stamp {
            wall_unix: wall,
            boot_id: "b".into(),
            mono_ms: mono_s * 1000,
        }
    }

    fn mark(newest: u64) -> Option<Vec<EventMark>> {
        Some(vec![EventMark {
            adapter: Some(0),
            newest,
            ..EventMark::default()
        }])
    }

    struct Rig {
        _dir: tempfile::TempDir,
        cache: Cache,
        clock: Cell<(u64, u64)>,
        newest: Cell<u64>,
        fetches: Cell<u32>,
        mark_calls: Cell<u32>,
    }

    impl Rig {
        fn new() -> Self {
            let dir = tempfile::tempdir().unwrap();
            Self {
                cache: Cache::new(dir.path().to_path_buf()),
                _dir: dir,
                clock: Cell::new((1_000_000, 500)),
                newest: Cell::new(7),
                fetches: Cell::new(0),
                mark_calls: Cell::new(0),
            }
        }
        fn get(&self, fresh: Freshness) -> Snapshot {
            let now = || {
                let (w, m) = self.clock.get();
                stamp(w, m)
            };
            let marks = || {
                self.mark_calls.set(self.mark_calls.get() + 1);
                Ok(mark(self.newest.get()))
            };
            let fetch = |_: Option<&Snapshot>| {
                self.fetches.set(self.fetches.get() + 1);
                Ok(Snapshot {
                    schema_version: SNAPSHOT_SCHEMA,
                    source: "s".into(),
                    taken_at_unix: self.clock.get().0,
                    vendor_calls: 4,
                    ..Snapshot::default()
                })
            };
            self.cache
                .get_with("s", fresh, &now, &marks, &fetch)
                .unwrap()
        }
        /// Both clocks move on by `secs`.
        fn pass(&self, secs: u64) {
            let (w, m) = self.clock.get();
            self.clock.set((w + secs, m + secs));
        }
    }

    const F: Freshness = Freshness {
        max_age: Duration::from_secs(30),
        full_read_after: Duration::from_secs(600),
    };

    #[test]
    fn within_max_age_no_call_then_marks_then_full() {
        let r = Rig::new();
        let s = r.get(F);
        assert_eq!(
            (r.fetches.get(), r.mark_calls.get(), s.vendor_calls),
            (1, 1, 5)
        );
        r.pass(10);
        let s = r.get(F);
        assert_eq!(
            (r.fetches.get(), r.mark_calls.get(), s.vendor_calls),
            (1, 1, 0)
        );
        // Past max-age, nothing logged: one call, same snapshot, confirmed now.
        r.pass(60);
        let s = r.get(F);
        assert_eq!(
            (r.fetches.get(), r.mark_calls.get(), s.vendor_calls),
            (1, 2, 1)
        );
        assert_eq!(s.confirmed_at_unix, Some(1_000_070));
        // And that confirmation counts for max-age.
        r.pass(10);
        assert_eq!(r.get(F).vendor_calls, 0);
        // An event: a full read that reuses the marks just read.
        r.pass(60);
        r.newest.set(8);
        let s = r.get(F);
        assert_eq!(
            (r.fetches.get(), r.mark_calls.get(), s.vendor_calls),
            (2, 3, 5)
        );
        assert_eq!(s.event_marks, mark(8));
        // Past the full-read bound even an unchanged log means a full read.
        for _ in 0..10 {
            r.pass(61);
            r.get(F);
        }
        assert_eq!(r.fetches.get(), 3, "one full read within 610 s of the last");
    }

    #[test]
    fn max_age_zero_always_reads_in_full() {
        let r = Rig::new();
        r.get(F);
        r.get(Freshness {
            max_age: Duration::ZERO,
            ..F
        });
        assert_eq!(r.fetches.get(), 2);
    }

    /// The clock stepped back after the snapshot: its time lies in the future. On the old
    /// cache it counted as 0 s old and was served forever.
    #[test]
    fn a_snapshot_from_the_future_is_stale() {
        let r = Rig::new();
        r.get(F);
        let (w, m) = r.clock.get();
        r.clock.set((w - 3600, m + 1));
        let s = r.get(F);
        assert_eq!(r.fetches.get(), 2, "{s:?}");
        assert_eq!(s.confirmed_at(w - 3600), w - 3600);
    }

    /// The wall clock says 5 s passed, the monotonic clock an hour: stale, and the marks check
    /// does not stand in for it either once the full-read bound is past.
    #[test]
    fn older_by_the_monotonic_clock_is_stale() {
        let r = Rig::new();
        r.get(F);
        let (w, m) = r.clock.get();
        r.clock.set((w + 5, m + 3600));
        r.get(F);
        assert_eq!((r.fetches.get(), r.mark_calls.get()), (2, 2));
    }

    #[test]
    fn older_by_the_wall_clock_is_stale() {
        let r = Rig::new();
        r.get(F);
        let (w, m) = r.clock.get();
        r.clock.set((w + 3600, m + 5));
        r.get(F);
        assert_eq!(r.fetches.get(), 2);
    }

    #[test]
    fn a_reboot_or_an_old_file_is_doubt() {
        let r = Rig::new();
        r.get(F);
        let mut e = r.cache.load().unwrap();
        e.confirmed.as_mut().unwrap().boot_id = "other".into();
        e.taken.as_mut().unwrap().boot_id = "other".into();
        r.cache.save(&e);
        r.get(F);
        assert_eq!(r.fetches.get(), 2);
        // A file an older raidctl wrote: the bare snapshot, no clocks.
        let e = r.cache.load().unwrap();
        std::fs::write(r.cache.file(), serde_json::to_vec(&e.snapshot).unwrap()).unwrap();
        r.get(F);
        assert_eq!(r.fetches.get(), 3);
    }

    #[test]
    fn stamps_compare_by_both_clocks() {
        let a = stamp(100, 10);
        assert_eq!(a.age_at(&stamp(130, 20)), Some(Duration::from_secs(30)));
        assert_eq!(a.age_at(&stamp(105, 70)), Some(Duration::from_secs(60)));
        assert_eq!(a.age_at(&stamp(99, 70)), None);
        assert_eq!(a.age_at(&stamp(130, 9)), None);
        let now = Stamp::now();
        assert!(!now.boot_id.is_empty(), "Linux has a boot id");
        assert_eq!(now.age_at(&now), Some(Duration::ZERO));
    }
}
