//! The native I/O engine: O_DIRECT jobs described by a [`JobSpec`], run by the io_uring engine
//! (queue-depth jobs, where the kernel and seccomp allow a ring) or by the synchronous
//! `pread`/`pwrite` engine (QD1 and flushing jobs, and wherever io_uring is refused).
//! [`EngineKind::Auto`] chooses per job; every result says which engine ran and why.

pub mod buffer;
mod cpu;
pub mod sync;
pub mod uring;

pub(crate) use cpu::CpuMeter;
pub use cpu::{CpuUsage, HOST_BOUND_UTIL, HOST_STARVED_WAIT, HostBound, online_cpus};

use super::hist::{Histogram, LatencySummary};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Access pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// Sequential offsets.
    #[default]
    Seq,
    /// Uniformly random, block-aligned offsets.
    Random,
}

/// Direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Read.
    Read,
    /// Write.
    Write,
}

/// Flush after writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SyncMode {
    /// No flush.
    #[default]
    None,
    /// `fdatasync` after every write (BlueStore's kv_sync pattern, fio `fdatasync=1`).
    Fdatasync,
    /// `fsync` after every write (Ceph's documented `fsync=1` check).
    Fsync,
}

/// Which engine to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// io_uring for queue-depth jobs where the kernel allows it, else sync; QD1 and flushing
    /// jobs on sync (what fio's `psync` does and what BlueStore's kv_sync thread does).
    #[default]
    Auto,
    /// `pread`/`pwrite`, one thread per in-flight I/O.
    Sync,
    /// io_uring, one thread per job (falls back to sync when the kernel refuses it).
    Uring,
}

impl EngineKind {
    /// Name in reports (`auto`, `sync`, `uring`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Sync => "sync",
            Self::Uring => "uring",
        }
    }
}

/// One job: what to run against a target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobSpec {
    /// Short name (`seq-write-4m`).
    pub name: String,
    /// Sequential or random.
    pub pattern: Pattern,
    /// Read or write.
    pub op: Op,
    /// Block size in bytes.
    pub bs: u64,
    /// I/Os in flight per job.
    pub qd: u32,
    /// Independent jobs (sequential jobs each get an equal slice of the region).
    pub jobs: u32,
    /// Measured run time (after the ramp); `None` for size-bounded runs.
    pub time: Option<Duration>,
    /// Bytes to transfer; `None` for time-bounded runs. Both set: whichever comes first.
    pub size: Option<u64>,
    /// Warm-up excluded from the statistics.
    pub ramp: Duration,
    /// Flush after each write.
    pub sync: SyncMode,
    /// Byte offset of the region.
    pub offset: u64,
    /// Region length in bytes; 0 = to the end of the target.
    pub length: u64,
    /// Engine.
    pub engine: EngineKind,
    /// Write a verifiable pattern (writes) or check it (reads), seeded with this value.
    pub verify: Option<u64>,
}

impl JobSpec {
    /// A time-bounded job with defaults (1 job, QD1, no ramp, no sync, whole target).
    pub fn timed(name: &str, pattern: Pattern, op: Op, bs: u64, qd: u32, time: Duration) -> Self {
        Self {
            name: name.to_owned(),
            pattern,
            op,
            bs,
            qd: qd.max(1),
            jobs: 1,
            time: Some(time),
            size: None,
            ramp: Duration::ZERO,
            sync: SyncMode::None,
            offset: 0,
            length: 0,
            engine: EngineKind::Auto,
            verify: None,
        }
    }
}

/// One second of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Second {
    /// Seconds since the ramp ended.
    pub t: u32,
    /// MB/s (10^6 bytes).
    pub mbps: f64,
    /// IOPS.
    pub iops: f64,
}

/// What a job measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// The job.
    pub spec: JobSpec,
    /// Engine that actually ran.
    pub engine_used: EngineKind,
    /// Why that engine ran (`auto` chose it, it was requested, or the fallback's cause).
    #[serde(default)]
    pub engine_reason: String,
    /// Why the requested engine was not used.
    pub engine_fallback: Option<String>,
    /// Whether O_DIRECT was in effect (false: the filesystem refused it, buffered I/O used).
    pub direct: bool,
    /// Alignment used for buffers and offsets.
    pub align: u64,
    /// I/Os after the ramp.
    pub ios: u64,
    /// Bytes after the ramp.
    pub bytes: u64,
    /// Measured wall time in seconds.
    pub runtime_s: f64,
    /// Throughput in MB/s (10^6 bytes/s).
    pub mbps: f64,
    /// I/Os per second.
    pub iops: f64,
    /// Latency of each read/write.
    pub lat: LatencySummary,
    /// Latency of each `fdatasync`/`fsync` call.
    pub sync_lat: Option<LatencySummary>,
    /// Latency octaves `(upper µs, count)` for plots.
    pub lat_octaves: Vec<(f64, u64)>,
    /// Per-second throughput.
    pub series: Vec<Second>,
    /// CPU usage.
    pub cpu: CpuUsage,
    /// The numbers describe the host, not the drive (a busy or a starved worker).
    pub host_bound: bool,
    /// Host-bound by a starved worker only: its wait as a share of the measured time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_starved: Option<f64>,
    /// I/O errors (a worker stops at its first).
    pub errors: u64,
    /// First error text.
    pub first_error: Option<String>,
    /// Blocks whose content did not match the written pattern.
    pub verify_errors: u64,
}

impl Default for JobSpec {
    fn default() -> Self {
        Self::timed(
            "job",
            Pattern::Seq,
            Op::Read,
            4096,
            1,
            Duration::from_secs(1),
        )
    }
}

/// Why a job could not run.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The target could not be opened or sized.
    #[error("{path}: {source}")]
    Open {
        /// Target.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The spec does not fit the target.
    #[error("{0}")]
    Spec(String),
}

/// An opened target: the file, its size and alignment, whether O_DIRECT is on.
#[derive(Debug)]
pub struct Target {
    /// Path.
    pub path: PathBuf,
    /// Open file shared by the workers.
    pub file: File,
    /// Size in bytes.
    pub size: u64,
    /// Logical block size (4096 for regular files).
    pub align: u64,
    /// O_DIRECT in effect.
    pub direct: bool,
    /// A block device (opened with O_EXCL).
    pub is_block: bool,
}

/// Logical and physical block size of a block device (rustix `BLKSSZGET`/`BLKPBSZGET`).
pub fn block_sizes(file: &File) -> Option<(u32, u32)> {
    let l = rustix::fs::ioctl_blksszget(file).ok()?;
    let p = rustix::fs::ioctl_blkpbszget(file).unwrap_or(l);
    Some((l, p))
}

/// Which file a target is: its file system and inode (`st_dev`, `st_ino`), taken when it was
/// identified and confirmed, so a path swapped for another file or device node since (a
/// rename, a link, a re-created device) is refused rather than written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileKey {
    /// `st_dev`.
    pub dev: u64,
    /// `st_ino`.
    pub ino: u64,
}

impl FileKey {
    /// The key of a file's metadata.
    pub fn of(meta: &std::fs::Metadata) -> Self {
        use std::os::unix::fs::MetadataExt;
        Self {
            dev: meta.dev(),
            ino: meta.ino(),
        }
    }
}

fn open_with(path: &Path, write: bool, direct: bool, excl: bool) -> std::io::Result<File> {
    // Never through a link: the path named and confirmed is the file written.
    let mut flags = rustix::fs::OFlags::NOFOLLOW;
    if direct {
        flags |= rustix::fs::OFlags::DIRECT;
    }
    if excl {
        flags |= rustix::fs::OFlags::EXCL;
    }
    std::fs::OpenOptions::new()
        .read(true)
        .write(write)
        .custom_flags(flags.bits() as i32)
        .open(path)
}

/// [`open_with`], waiting out a short `EBUSY` on an exclusive open: udev probes a block device
/// (blkid) each time a writer closes it, so the next job's O_EXCL open can meet that probe for
/// a moment; anything holding the device longer is a real conflict and is reported.
fn open_excl(path: &Path, write: bool, direct: bool, excl: bool) -> std::io::Result<File> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match open_with(path, write, direct, excl) {
            Err(e)
                if excl
                    && e.raw_os_error() == Some(rustix::io::Errno::BUSY.raw_os_error())
                    && Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            r => return r,
        }
    }
}

impl Target {
    /// Opens `path` for a job: O_DIRECT (falling back to buffered I/O when the filesystem
    /// rejects it with `EINVAL`, as tmpfs before Linux 6.6 does), O_EXCL for block devices.
    ///
    /// # Errors
    /// When the target cannot be opened or sized.
    pub fn open(path: &Path, write: bool) -> Result<Self, EngineError> {
        Self::open_as(path, write, None)
    }

    /// [`Target::open`], never through a link, and only when the file opened is `key` (the
    /// one identified and confirmed) when given.
    ///
    /// # Errors
    /// When the target cannot be opened or sized, or is another file than `key`.
    pub fn open_as(path: &Path, write: bool, key: Option<FileKey>) -> Result<Self, EngineError> {
        let err = |source| EngineError::Open {
            path: path.to_owned(),
            source,
        };
        let meta = std::fs::symlink_metadata(path).map_err(err)?;
        let is_block = meta.file_type().is_block_device();
        let (file, direct) = match open_excl(path, write, true, is_block) {
            Ok(f) => (f, true),
            Err(e) if e.raw_os_error() == Some(rustix::io::Errno::INVAL.raw_os_error()) => {
                (open_excl(path, write, false, is_block).map_err(err)?, false)
            }
            Err(e) => return Err(err(e)),
        };
        // What was opened, not what the path named a moment before.
        let meta = file.metadata().map_err(err)?;
        if meta.file_type().is_block_device() != is_block {
            return Err(err(std::io::Error::other("replaced while it was opened")));
        }
        if key.is_some_and(|k| k != FileKey::of(&meta)) {
            return Err(err(std::io::Error::other(
                "not the file identified and confirmed (replaced since): refused",
            )));
        }
        let (size, align) = if is_block {
            use std::io::Seek;
            let size = (&file).seek(std::io::SeekFrom::End(0)).map_err(err)?;
            let align = block_sizes(&file).map_or(512, |(l, _)| u64::from(l));
            (size, align.max(512))
        } else {
            (meta.len(), 4096)
        };
        let mut t = Self {
            path: path.to_owned(),
            file,
            size,
            align,
            direct,
            is_block,
        };
        // Some filesystems accept O_DIRECT at open and refuse it at the first I/O.
        if t.direct && t.size >= t.align {
            let mut b = buffer::AlignedBuf::new(t.align as usize, t.align as usize);
            use std::os::unix::fs::FileExt;
            if let Err(e) = t.file.read_at(b.as_mut_slice(), 0) {
                if e.raw_os_error() == Some(rustix::io::Errno::INVAL.raw_os_error()) {
                    t.file = open_with(path, write, false, is_block).map_err(err)?;
                    t.direct = false;
                }
            }
        }
        Ok(t)
    }
}

impl Target {
    /// Where I/O buffers start: a page boundary at least, as fio's. O_DIRECT needs only the
    /// logical block size (512 bytes on many devices), but a 4 KiB buffer 512 bytes past a
    /// page spans two pages, so every I/O carries two segments: on a loop device over virtio
    /// that cost a third of random 4 KiB throughput (476 against 695 MB/s reading at QD32).
    pub(crate) fn buffer_align(&self) -> usize {
        usize::try_from(self.align)
            .unwrap_or(usize::MAX)
            .max(rustix::param::page_size())
    }
}

/// What one worker measured.
#[derive(Debug, Default)]
pub(crate) struct WorkerOut {
    pub lat: Histogram,
    pub sync_lat: Histogram,
    pub sync_used: bool,
    pub ios: u64,
    pub bytes: u64,
    pub series_bytes: Vec<u64>,
    pub series_ios: Vec<u64>,
    pub cpu: Duration,
    pub user_s: f64,
    pub sys_s: f64,
    /// Time spent runnable without a CPU since the worker started.
    pub wait: Option<Duration>,
    pub errors: u64,
    pub first_error: Option<String>,
    pub verify_errors: u64,
}

impl WorkerOut {
    /// Counts an error; the first one is kept for the report.
    pub(crate) fn fail(&mut self, what: String) {
        self.errors += 1;
        if self.first_error.is_none() {
            self.first_error = Some(what);
        }
    }

    #[inline]
    pub(crate) fn second(&mut self, sec: usize, bytes: u64) {
        if sec >= self.series_bytes.len() {
            self.series_bytes.resize(sec + 1, 0);
            self.series_ios.resize(sec + 1, 0);
        }
        self.series_bytes[sec] += bytes;
        self.series_ios[sec] += 1;
    }
}

/// Runs `n` workers, `work(i)` each on a thread of its own, and returns what each measured; a
/// worker that panicked counts as one error (`who` names the kind of worker).
pub(crate) fn run_workers<F>(n: usize, who: &str, work: F) -> Vec<WorkerOut>
where
    F: Fn(usize) -> WorkerOut + Sync,
{
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n).map(|i| s.spawn(move || work(i))).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| WorkerOut {
                    errors: 1,
                    first_error: Some(format!("{who} worker panicked")),
                    ..WorkerOut::default()
                })
            })
            .collect()
    })
}

/// State shared by the workers of one job.
#[derive(Debug)]
pub(crate) struct Plan {
    pub spec: JobSpec,
    /// Region start, aligned.
    pub start: u64,
    /// Blocks in the region.
    pub blocks: u64,
    /// Blocks per sequential job slice.
    pub slice_blocks: u64,
    /// Per-job sequential cursors.
    pub cursors: Vec<AtomicU64>,
    /// I/Os issued (size-bounded runs).
    pub issued: AtomicU64,
    /// I/O budget for size-bounded runs.
    pub budget: Option<u64>,
    pub t0: Instant,
    pub ramp_end: Instant,
    pub deadline: Option<Instant>,
    pub stop: AtomicBool,
}

impl Plan {
    /// Next offset for job `job`, or `None` when the run is over.
    #[inline]
    pub(crate) fn next_offset(&self, job: usize, rng: &mut u64) -> Option<u64> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(b) = self.budget {
            if self.issued.fetch_add(1, Ordering::Relaxed) >= b {
                return None;
            }
        }
        let bs = self.spec.bs;
        let block = match self.spec.pattern {
            Pattern::Seq => {
                let c = self.cursors.get(job)?.fetch_add(1, Ordering::Relaxed);
                let within = if self.spec.time.is_none() {
                    if c >= self.slice_blocks {
                        return None;
                    }
                    c
                } else {
                    c % self.slice_blocks
                };
                job as u64 * self.slice_blocks + within
            }
            Pattern::Random => {
                // xorshift64*
                *rng ^= *rng >> 12;
                *rng ^= *rng << 25;
                *rng ^= *rng >> 27;
                rng.wrapping_mul(0x2545_F491_4F6C_DD1D) % self.blocks
            }
        };
        Some(self.start + block * bs)
    }

    #[inline]
    pub(crate) fn past_deadline(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|d| now >= d)
    }
}

/// Runs a job against an opened target.
///
/// # Errors
/// A spec that does not fit the target (block size not a multiple of the alignment, region
/// smaller than one block).
pub fn run(target: &Arc<Target>, spec: &JobSpec) -> Result<JobResult, EngineError> {
    let align = target.align;
    if spec.bs == 0 || !spec.bs.is_multiple_of(align) {
        return Err(EngineError::Spec(format!(
            "{}: block size {} is not a multiple of the device's {align}-byte logical block",
            spec.name, spec.bs
        )));
    }
    let start = spec.offset.div_ceil(align) * align;
    let end = if spec.length == 0 {
        target.size
    } else {
        (spec.offset + spec.length).min(target.size)
    };
    let blocks = end.saturating_sub(start) / spec.bs;
    let jobs = u64::from(spec.jobs.max(1));
    if blocks < jobs {
        return Err(EngineError::Spec(format!(
            "{}: the region holds {blocks} blocks of {} bytes, fewer than {jobs} job(s) need",
            spec.name, spec.bs
        )));
    }
    if spec.op == Op::Write && spec.sync != SyncMode::None {
        // A flushing job measures its own flushes: without this its first flush also writes
        // back whatever the job before left in the drive's (or the host's) cache, which made
        // the first 4 KiB fdatasync job read 3 MB/s after a random-write job and 39 MB/s
        // after another fdatasync job. Untimed; a failure shows in the job's first flush.
        let _ = target.file.sync_data();
    }
    let t0 = Instant::now();
    let ramp = if spec.time.is_some() {
        spec.ramp
    } else {
        Duration::ZERO
    };
    let ramp_end = t0 + ramp;
    let plan = Arc::new(Plan {
        spec: spec.clone(),
        start,
        blocks,
        slice_blocks: blocks / jobs,
        cursors: (0..jobs).map(|_| AtomicU64::new(0)).collect(),
        issued: AtomicU64::new(0),
        budget: spec.size.map(|s| (s / spec.bs).max(1)),
        t0,
        ramp_end,
        deadline: spec.time.map(|t| ramp_end + t),
        stop: AtomicBool::new(false),
    });
    let (outs, engine_used, reason, fallback) = match choose(spec) {
        Choice::Sync(reason) => (sync::run(target, &plan), EngineKind::Sync, reason, None),
        Choice::Uring(reason) => match uring::run(target, &plan) {
            Ok(o) => (o, EngineKind::Uring, reason, None),
            Err(why) => {
                let reason = format!("io_uring refused ({why}): sync");
                // `auto` falling back is not a deviation from what the operator asked for.
                let fallback = (spec.engine == EngineKind::Uring).then_some(why);
                (sync::run(target, &plan), EngineKind::Sync, reason, fallback)
            }
        },
    };
    let wall_end = Instant::now();
    let mut r = summarise(spec, target, &plan, outs, engine_used, fallback, wall_end);
    r.engine_reason = reason;
    // The profile's limits replace these when the drive's verdict is settled.
    r.mark_host(HOST_BOUND_UTIL, HOST_STARVED_WAIT);
    Ok(r)
}

impl JobResult {
    /// Whether, and how far, the host set this job's figures (from the two fields).
    #[must_use]
    pub fn host(&self) -> HostBound {
        match (self.host_bound, self.host_starved) {
            (false, _) => HostBound::No,
            (true, Some(m)) => HostBound::Starved(m),
            // Records written before the wait was measured say only "host-bound".
            (true, None) => HostBound::Busy,
        }
    }

    /// Judges the job host-bound by the limits (see [`CpuUsage::judge`]).
    pub fn mark_host(&mut self, util: f64, wait: f64) {
        let ramp = if self.spec.time.is_some() {
            self.spec.ramp.as_secs_f64()
        } else {
            0.0
        };
        let h = self
            .cpu
            .judge(util, wait, self.runtime_s, self.runtime_s + ramp);
        self.host_bound = h != HostBound::No;
        self.host_starved = match h {
            HostBound::Starved(m) => Some(m),
            _ => None,
        };
    }
}

/// The engine a job should run on and why, before asking the kernel.
enum Choice {
    Sync(String),
    Uring(String),
}

fn choose(spec: &JobSpec) -> Choice {
    match spec.engine {
        EngineKind::Sync => Choice::Sync("requested".into()),
        EngineKind::Uring if spec.sync != SyncMode::None => {
            Choice::Sync("flushing jobs always run on sync (write then flush on one thread)".into())
        }
        EngineKind::Uring => Choice::Uring("requested".into()),
        EngineKind::Auto if spec.sync != SyncMode::None => Choice::Sync(
            "auto: flushing job, write then flush on one thread (BlueStore kv_sync, fio psync)"
                .into(),
        ),
        EngineKind::Auto if spec.qd <= 1 => {
            Choice::Sync("auto: QD1, one pread/pwrite per I/O (fio psync)".into())
        }
        EngineKind::Auto => match uring::available() {
            Ok(()) => Choice::Uring("auto: QD>1 and the kernel allows io_uring".into()),
            Err(why) => Choice::Sync(format!("auto: io_uring refused ({why})")),
        },
    }
}

fn summarise(
    spec: &JobSpec,
    target: &Target,
    plan: &Plan,
    outs: Vec<WorkerOut>,
    engine_used: EngineKind,
    engine_fallback: Option<String>,
    wall_end: Instant,
) -> JobResult {
    let runtime = wall_end.saturating_duration_since(plan.ramp_end);
    let runtime_s = runtime.as_secs_f64().max(1e-9);
    let wall_s = wall_end.duration_since(plan.t0).as_secs_f64().max(1e-9);
    let mut lat = Histogram::new();
    let mut sync_lat = Histogram::new();
    let mut sync_used = false;
    let (mut ios, mut bytes, mut errors, mut verify_errors) = (0, 0, 0, 0);
    let mut first_error = None;
    let (mut cpu, mut user_s, mut sys_s, mut max_util) = (0.0, 0.0, 0.0, 0.0f64);
    let mut max_wait: Option<f64> = None;
    let mut sb: Vec<u64> = Vec::new();
    let mut si: Vec<u64> = Vec::new();
    for o in &outs {
        lat.merge(&o.lat);
        sync_lat.merge(&o.sync_lat);
        sync_used |= o.sync_used;
        ios += o.ios;
        bytes += o.bytes;
        errors += o.errors;
        verify_errors += o.verify_errors;
        if first_error.is_none() {
            first_error.clone_from(&o.first_error);
        }
        let c = o.cpu.as_secs_f64();
        cpu += c;
        user_s += o.user_s;
        sys_s += o.sys_s;
        // CPU is counted from the ramp's end, so over the measured time; the wait is counted
        // from the worker's start, so over the job's.
        max_util = max_util.max(c / runtime_s);
        if let Some(w) = o.wait {
            let share = w.as_secs_f64() / wall_s;
            max_wait = Some(max_wait.map_or(share, |m: f64| m.max(share)));
        }
        if o.series_bytes.len() > sb.len() {
            sb.resize(o.series_bytes.len(), 0);
            si.resize(o.series_bytes.len(), 0);
        }
        for (i, (b, n)) in o.series_bytes.iter().zip(&o.series_ios).enumerate() {
            sb[i] += b;
            si[i] += n;
        }
    }
    // The last second is usually partial: scale it, drop it when it is a sliver.
    let mut series = Vec::new();
    for (i, (b, n)) in sb.iter().zip(&si).enumerate() {
        let secs = (runtime_s - i as f64).min(1.0);
        if secs < 0.2 {
            break;
        }
        series.push(Second {
            t: u32::try_from(i).unwrap_or(u32::MAX),
            mbps: *b as f64 / 1e6 / secs,
            iops: *n as f64 / secs,
        });
    }
    let usage = CpuUsage {
        cpu_s: cpu,
        user_s,
        sys_s,
        per_io_us: if ios > 0 { cpu * 1e6 / ios as f64 } else { 0.0 },
        max_worker_util: max_util,
        host_util: cpu / runtime_s / online_cpus() as f64,
        max_worker_wait: max_wait,
    };
    JobResult {
        spec: spec.clone(),
        engine_used,
        engine_reason: String::new(),
        engine_fallback,
        direct: target.direct,
        align: target.align,
        ios,
        bytes,
        runtime_s,
        mbps: bytes as f64 / 1e6 / runtime_s,
        iops: ios as f64 / runtime_s,
        lat: lat.summary(),
        sync_lat: sync_used.then(|| sync_lat.summary()),
        lat_octaves: lat.octaves(),
        series,
        cpu: usage,
        host_bound: false,
        host_starved: None,
        errors,
        first_error,
        verify_errors,
    }
}

/// Fills `buf` with the verification pattern for the block at `offset`.
#[inline]
pub(crate) fn stamp(buf: &mut [u8], offset: u64, seed: u64) {
    for (i, w) in buf.chunks_exact_mut(8).enumerate() {
        let v = (offset + i as u64 * 8) ^ seed;
        w.copy_from_slice(&v.to_le_bytes());
    }
}

/// Whether `buf` holds the verification pattern for `offset`.
#[inline]
pub(crate) fn check(buf: &[u8], offset: u64, seed: u64) -> bool {
    buf.chunks_exact(8).enumerate().all(|(i, w)| {
        let v = (offset + i as u64 * 8) ^ seed;
        w == v.to_le_bytes()
    })
}

/// Fills a write buffer with incompressible bytes.
pub(crate) fn fill_random(buf: &mut [u8], mut seed: u64) {
    for w in buf.chunks_exact_mut(8) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        w.copy_from_slice(&seed.to_le_bytes());
    }
}

/// Sectors of a write buffer that [`mark`] makes unique.
const MARK_SECTOR: usize = 512;

/// Marks every 512-byte sector of a write buffer with the write's counter and the sector's
/// index, so no two sectors raidctl writes are identical (as fio's default
/// `scramble_buffers`): storage that deduplicates or compresses by block (thin-provisioned
/// virtual disks, some SSDs) would otherwise store a 4 MiB write as one block repeated, and
/// report throughput the drive cannot give to real data. One 8-byte store per sector.
#[inline]
pub(crate) fn mark(buf: &mut [u8], n: u64) {
    for (i, sector) in buf.chunks_mut(MARK_SECTOR).enumerate() {
        if let Some(head) = sector.get_mut(..8) {
            head.copy_from_slice(&(n ^ ((i as u64) << 40)).to_le_bytes());
        }
    }
}

/// A seed that differs between workers and runs.
pub(crate) fn seed(worker: usize) -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (t ^ ((worker as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))) | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A target is opened never through a link, and only as the file identified: one renamed
    /// into its place since is refused.
    #[test]
    fn a_link_or_a_swapped_file_is_not_opened() {
        let d = tempfile::tempdir().unwrap();
        let img = d.path().join("disk.img");
        std::fs::File::create(&img)
            .unwrap()
            .set_len(1 << 20)
            .unwrap();
        let key = FileKey::of(&std::fs::metadata(&img).unwrap());
        assert!(Target::open_as(&img, true, Some(key)).is_ok());
        let link = d.path().join("link.img");
        std::os::unix::fs::symlink(&img, &link).unwrap();
        assert!(Target::open_as(&link, true, None).is_err());
        let other = d.path().join("other.img");
        std::fs::File::create(&other)
            .unwrap()
            .set_len(1 << 20)
            .unwrap();
        std::fs::rename(&other, &img).unwrap();
        let e = Target::open_as(&img, true, Some(key)).unwrap_err();
        assert!(e.to_string().contains("not the file identified"), "{e}");
    }

    /// Buffers start on a page even where the device's logical block is 512 bytes, so a
    /// 4 KiB I/O is one segment.
    #[test]
    fn buffers_are_page_aligned_on_512_byte_devices() {
        let file = tempfile::NamedTempFile::new().unwrap();
        file.as_file().set_len(1 << 20).unwrap();
        let mut t = Target::open(file.path(), false).unwrap();
        t.align = 512;
        let page = rustix::param::page_size();
        assert_eq!(t.buffer_align(), page);
        for _ in 0..16 {
            let b = buffer::AlignedBuf::new(4096, t.buffer_align());
            assert_eq!(b.as_slice().as_ptr() as usize % page, 0);
        }
        t.align = 2 * page as u64;
        assert_eq!(t.buffer_align(), 2 * page);
    }

    /// No two sectors of one write, nor of two writes from the same buffer, are the same, so
    /// deduplicating storage cannot shrink what raidctl writes.
    #[test]
    fn marked_writes_share_no_sector() {
        let mut buf = vec![0u8; 64 * 1024];
        fill_random(&mut buf, seed(0));
        let mut seen = std::collections::HashSet::new();
        for n in 0..4 {
            mark(&mut buf, n);
            for sector in buf.chunks(MARK_SECTOR) {
                assert!(seen.insert(sector.to_vec()), "write {n}: a sector repeats");
            }
        }
    }
}
