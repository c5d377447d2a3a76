//! The qualification suite (reference B.5): the block-size sweep, J1–J7 and the burn-in
//! surface pass, planned per profile and drive class, run drive by drive and then on all
//! drives together.

use super::device::{DriveClass, Identity, SysPaths};
use super::engine::{self, EngineKind, JobResult, JobSpec, Op, Pattern, SyncMode, Target};
use super::profile::{Profile, Thresholds};
use super::result::{DriveResult, RuleHit, SweepRow, Verdict};
use super::verdict::{self, names, sync_name};
use super::{safety, smart};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// How long and how thorough.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ProfileKind {
    /// A few seconds per drive: every job, tiny durations (CI, demos, `--sim`).
    Smoke,
    /// Under a minute per drive.
    #[default]
    Quick,
    /// Minutes per drive: 30–60 s jobs, ramps, the full fdatasync ladder.
    Standard,
    /// Standard plus a full-surface write and verify pass.
    BurnIn,
}

impl ProfileKind {
    /// Name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Smoke => "smoke",
            Self::Quick => "quick",
            Self::Standard => "standard",
            Self::BurnIn => "burn-in",
        }
    }

    /// The profile named `name` (as in reports and journals; any case).
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Smoke, Self::Quick, Self::Standard, Self::BurnIn]
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }
}

/// Options of a run.
#[derive(Debug, Clone, Default)]
pub struct SuiteOptions {
    /// Profile.
    pub profile: ProfileKind,
    /// `data` or `wal-db`.
    pub role: String,
    /// Engine requested for every job (`auto` chooses per job).
    pub engine: EngineKind,
    /// Only read jobs.
    pub read_only: bool,
    /// smartctl to run instead of the one found in `PATH` (tests).
    pub smartctl: Option<std::path::PathBuf>,
    /// Skip the SMART short self-test (a WARN).
    pub no_self_test: bool,
    /// Deadline of the self-test (default 5 minutes).
    pub self_test_timeout: Option<Duration>,
    /// How to toggle the write cache.
    pub cache_tool: super::cache::CacheTool,
    /// Where cache changes are journalled (none: not journalled).
    pub journal_dir: Option<std::path::PathBuf>,
    /// Restore cache changes on SIGINT/SIGTERM (the CLI; not in-process tests).
    pub watch_signals: bool,
    /// MegaCli, for the disk cache policy of single-drive VDs.
    pub megaraid: Option<Arc<crate::backend::megacli::MegaCli>>,
    /// Host name recorded with each result (`None`: the kernel's host name).
    pub host: Option<String>,
}

impl SuiteOptions {
    /// A run on this host for a command that holds its context: cache changes journalled in
    /// its state dir and restored on a signal, MegaCli (where the host has it) for the disk
    /// cache of single-drive VDs.
    pub fn on_host(ctx: &crate::ctx::Ctx) -> Self {
        Self {
            journal_dir: Some(ctx.state_dir.clone()),
            watch_signals: true,
            megaraid: ctx.megacli().ok().map(|m| Arc::new(m.duplicate())),
            ..Self::default()
        }
    }
}

/// Default self-test deadline: a short test takes about 2 minutes.
pub const SELF_TEST_TIMEOUT: Duration = Duration::from_secs(300);

const KIB: u64 = 1024;
const MIB: u64 = 1024 * 1024;

struct Timing {
    sweep: Vec<u64>,
    sweep_t: f64,
    seq_t: f64,
    ramp: f64,
    rand_t: f64,
    randwrite_t: f64,
    ladder: Vec<u32>,
    ladder_t: f64,
    fsync_t: f64,
}

fn timing(p: ProfileKind) -> Timing {
    let all_sizes: Vec<u64> = (0..13).map(|i| (4 * KIB) << i).collect();
    match p {
        ProfileKind::Smoke => Timing {
            sweep: vec![4 * KIB, MIB, 4 * MIB],
            sweep_t: 0.1,
            seq_t: 0.2,
            ramp: 0.0,
            rand_t: 0.15,
            randwrite_t: 0.15,
            ladder: vec![1, 2],
            ladder_t: 0.15,
            fsync_t: 0.15,
        },
        ProfileKind::Quick => Timing {
            sweep: all_sizes,
            sweep_t: 1.0,
            seq_t: 3.0,
            ramp: 0.5,
            rand_t: 3.0,
            randwrite_t: 3.0,
            ladder: vec![1, 2, 4, 8],
            ladder_t: 2.0,
            fsync_t: 3.0,
        },
        ProfileKind::Standard | ProfileKind::BurnIn => Timing {
            sweep: all_sizes,
            sweep_t: 5.0,
            seq_t: 30.0,
            ramp: 5.0,
            rand_t: 30.0,
            randwrite_t: 60.0,
            ladder: vec![1, 2, 4, 8, 16],
            ladder_t: 30.0,
            fsync_t: 60.0,
        },
    }
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// Formats a block size (`4k`, `1m`).
pub fn bs_label(bs: u64) -> String {
    if bs >= MIB && bs.is_multiple_of(MIB) {
        format!("{}m", bs / MIB)
    } else if bs >= KIB && bs.is_multiple_of(KIB) {
        format!("{}k", bs / KIB)
    } else {
        bs.to_string()
    }
}

/// The jobs for one drive, in order.
pub fn plan(id: &Identity, o: &SuiteOptions, t: &Thresholds) -> Vec<JobSpec> {
    let tm = timing(o.profile);
    let size = id.size_bytes;
    let (seq_qd, seq_jobs) = match id.class {
        DriveClass::Hdd => (8, 1),
        DriveClass::Virtual => (4, 1),
        DriveClass::Ssd => (32, 1),
        DriveClass::Nvme => (32, 2),
    };
    // The engine is chosen per job in `engine::run` (auto: io_uring for queue depth, sync for
    // QD1 and flushing jobs); here every job only carries what the operator asked for.
    let with_engine = |mut j: JobSpec| {
        j.engine = o.engine;
        j
    };
    let mut v = Vec::new();
    let sweep_op = if o.read_only { Op::Read } else { Op::Write };
    for &bs in tm.sweep.iter().filter(|&&bs| bs <= size) {
        v.push(with_engine(JobSpec::timed(
            &format!("{}{}", names::SWEEP_PREFIX, bs_label(bs)),
            Pattern::Seq,
            sweep_op,
            bs,
            1,
            secs(tm.sweep_t),
        )));
    }
    // Reads stay in the region written before them (see `precondition`); writes roam.
    let region = super::precondition::region(o.profile, size);
    let in_region = |mut j: JobSpec| {
        if j.op == Op::Read {
            j.length = region;
        }
        j
    };
    let seq = |name: &str, op| {
        let mut j = JobSpec::timed(name, Pattern::Seq, op, 4 * MIB, seq_qd, secs(tm.seq_t));
        j.jobs = seq_jobs;
        j.ramp = secs(tm.ramp);
        with_engine(in_region(j))
    };
    if region >= 4 * MIB * u64::from(seq_jobs) {
        v.push(seq(names::SEQ_READ, Op::Read));
        if !o.read_only {
            v.push(seq(names::SEQ_WRITE, Op::Write));
        }
    }
    let rand = |name: &str, op, qd, time| {
        let mut j = JobSpec::timed(name, Pattern::Random, op, 4 * KIB, qd, secs(time));
        j.ramp = secs(tm.ramp);
        with_engine(in_region(j))
    };
    v.push(rand(names::RANDREAD_QD1, Op::Read, 1, tm.rand_t));
    v.push(rand(names::RANDREAD_QD32, Op::Read, 32, tm.rand_t));
    if o.read_only {
        return v;
    }
    v.push(rand(names::RANDWRITE_QD32, Op::Write, 32, tm.randwrite_t));
    let mut ladder = tm.ladder.clone();
    if o.role == "wal-db" {
        if let Some(n) = t.wal_jobs {
            if !ladder.contains(&n) {
                ladder.push(n);
                ladder.sort_unstable();
            }
        }
    }
    for n in ladder {
        // Each job writes its own slice sequentially: ceph-diskbench's `rw=write`.
        let mut j = JobSpec::timed(
            &sync_name(n),
            Pattern::Seq,
            Op::Write,
            4 * KIB,
            1,
            secs(tm.ladder_t),
        );
        j.jobs = n;
        j.sync = SyncMode::Fdatasync;
        v.push(with_engine(j));
    }
    let mut f = JobSpec::timed(
        names::FSYNC_RANDWRITE,
        Pattern::Random,
        Op::Write,
        4 * KIB,
        1,
        secs(tm.fsync_t),
    );
    f.sync = SyncMode::Fsync;
    v.push(with_engine(f));
    if o.profile == ProfileKind::BurnIn {
        let seed = 0x5241_4944_4354_4c00 ^ size;
        let surface = |name: &str, op| {
            let mut j = JobSpec::timed(name, Pattern::Seq, op, MIB, 8, Duration::ZERO);
            j.time = None;
            j.size = Some(size / MIB * MIB);
            j.verify = Some(seed);
            with_engine(j)
        };
        v.push(surface(names::SURFACE_WRITE, Op::Write));
        v.push(surface(names::SURFACE_VERIFY, Op::Read));
    }
    v
}

/// Planned seconds of a job (size-bounded jobs: estimated at 150 MB/s).
pub fn planned_secs(j: &JobSpec) -> f64 {
    match (j.time, j.size) {
        (Some(t), _) => (t + j.ramp).as_secs_f64(),
        (None, Some(s)) => s as f64 / 150e6,
        (None, None) => 0.0,
    }
}

/// Receives progress events.
pub trait Observer: Sync {
    /// A job is starting on `drive`.
    fn job_started(&self, drive: &str, job: &JobSpec);
    /// The job finished.
    fn job_finished(&self, drive: &str, job: &JobResult);
}

/// An observer that ignores everything.
#[derive(Debug)]
pub struct Silent;

impl Observer for Silent {
    fn job_started(&self, _: &str, _: &JobSpec) {}
    fn job_finished(&self, _: &str, _: &JobResult) {}
}

/// `explicit`, else the kernel's host name (`localhost` when it cannot be read).
pub fn host_name(explicit: Option<&str>) -> String {
    match explicit {
        Some(h) => h.to_owned(),
        None => std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|s| s.trim().to_owned())
            .unwrap_or_else(|_| "localhost".into()),
    }
}

/// Identity, health and safety before any I/O. Returns the drive record with `refusals` set;
/// in read-only mode refusals are kept as warnings and do not stop the run.
pub fn prepare(
    mut id: Identity,
    o: &SuiteOptions,
    profile: &Profile,
    destroy: &[String],
    paths: &SysPaths,
) -> DriveResult {
    let t = profile.thresholds(
        id.class,
        &o.role,
        id.model.as_deref(),
        id.firmware.as_deref(),
    );
    let health = smart::check(&mut id, &t, o.smartctl.as_deref());
    let mut d = DriveResult {
        storage: storage_kind(&id).into(),
        identity: id,
        host: host_name(o.host.as_deref()),
        destructive: !o.read_only,
        ..DriveResult::default()
    };
    d.rules.extend(health.hits.iter().cloned());
    let checked = health.status == super::result::GateStatus::Checked;
    d.health = health;
    self_test(&mut d, o, checked);
    d.refusals = safety::check(&d.identity, paths, !o.read_only, true);
    if !o.read_only {
        if let Err(r) = safety::confirm(&d.identity, destroy) {
            d.refusals.push(r);
        }
    } else {
        for r in &d.refusals {
            d.warnings.push(format!(
                "{} ({}): read-only run, so not refused",
                r.detail, r.rule
            ));
        }
    }
    d
}

/// What the target is, for the raw-vs-Ceph comparison: `rbd` (a mapped RBD image), `cephfs`
/// (a file on CephFS), `file`, or `block`.
pub fn storage_kind(id: &Identity) -> &'static str {
    if id
        .kernel_name
        .as_deref()
        .is_some_and(|n| n.starts_with("rbd"))
    {
        return "rbd";
    }
    if id.kind == super::device::TargetKind::RegularFile {
        // CEPH_SUPER_MAGIC from linux/magic.h. `f_type`'s type differs between architectures.
        #[allow(clippy::unnecessary_cast)]
        let ceph =
            rustix::fs::statfs(id.canonical.as_str()).is_ok_and(|s| s.f_type as i64 == 0x00c3_6400);
        return if ceph { "cephfs" } else { "file" };
    }
    "block"
}

/// Phase 2: the SMART short self-test, when smartctl answered for a physical drive.
fn self_test(d: &mut DriveResult, o: &SuiteOptions, smart_checked: bool) {
    if let Some(why) = super::selftest::not_applicable(&d.identity) {
        d.self_test = Some(super::selftest::SelfTest {
            result: Some(why),
            ..Default::default()
        });
        return;
    }
    if o.no_self_test {
        let (st, hit) = super::selftest::skipped_by_flag();
        d.self_test = Some(st);
        d.rules.push(hit);
        return;
    }
    let prog = smart::smartctl_program(o.smartctl.as_deref());
    let (Some(prog), true) = (prog, smart_checked) else {
        d.self_test = Some(super::selftest::SelfTest {
            result: Some("smartctl did not answer: no self-test".into()),
            ..Default::default()
        });
        return;
    };
    let timing =
        super::selftest::Timing::with_deadline(o.self_test_timeout.unwrap_or(SELF_TEST_TIMEOUT));
    let runner = crate::backend::runner::OsRunner::scratch();
    let (st, hits) =
        super::selftest::run(&d.identity, &runner, &prog, timing, &mut std::thread::sleep);
    d.self_test = Some(st);
    d.rules.extend(hits);
}

/// Opens the drive's canonical path for `spec`: never through a link, and only the file or
/// device node identified and confirmed (see [`Identity::file`]).
fn open_target(id: &Identity, spec: &JobSpec) -> Result<Target, String> {
    Target::open_as(
        std::path::Path::new(&id.canonical),
        spec.op == Op::Write,
        id.file.0,
    )
    .map_err(|e| e.to_string())
}

/// Runs one job on the drive `id`.
///
/// # Errors
/// The target could not be opened, is not the one identified, or the engine refused the job.
pub fn run_job(id: &Identity, spec: &JobSpec) -> Result<JobResult, String> {
    let tg = open_target(id, spec)?;
    engine::run(&Arc::new(tg), spec).map_err(|e| e.to_string())
}

/// Runs one job again on a drive that already went through the suite (a repetition, a
/// cache-off run): the safety checks run again first for a write job.
///
/// # Errors
/// A safety refusal or an engine error, as text.
pub fn rerun_job(id: &Identity, spec: &JobSpec, paths: &SysPaths) -> Result<JobResult, String> {
    if spec.op == Op::Write {
        let again = safety::check(id, paths, true, false);
        if !again.is_empty() {
            let why: Vec<String> = again
                .iter()
                .map(|r| format!("{} ({})", r.detail, r.rule))
                .collect();
            return Err(format!("stopped before {}: {}", spec.name, why.join("; ")));
        }
    }
    run_job(id, spec)
}

/// Runs the suite on a prepared drive (no refusals, or read-only).
pub fn run_drive(
    d: &mut DriveResult,
    o: &SuiteOptions,
    profile: &Profile,
    paths: &SysPaths,
    obs: &dyn Observer,
) {
    let t = profile.thresholds(
        d.identity.class,
        &o.role,
        d.identity.model.as_deref(),
        d.identity.firmware.as_deref(),
    );
    let label = d.identity.label();
    for spec in plan(&d.identity, o, &t) {
        let write = spec.op == Op::Write;
        if write {
            let again = safety::check(&d.identity, paths, true, false);
            if !again.is_empty() {
                let why: Vec<String> = again
                    .iter()
                    .map(|r| format!("{} ({})", r.detail, r.rule))
                    .collect();
                d.rules.push(RuleHit::new(
                    "SAFE-RECHECK",
                    Verdict::Inconclusive,
                    format!("stopped before {}: {}", spec.name, why.join("; ")),
                ));
                break;
            }
        }
        if super::precondition::needs(&spec)
            && !super::precondition::ensure(d, o, obs, &mut |id, s| rerun_job(id, s, paths))
        {
            break;
        }
        obs.job_started(&label, &spec);
        match run_job(&d.identity, &spec) {
            Ok(r) => {
                obs.job_finished(&label, &r);
                d.jobs.push(r);
            }
            Err(e) => {
                d.rules.push(RuleHit::new(
                    "JOB-ERROR",
                    Verdict::Inconclusive,
                    format!("{}: {e}", spec.name),
                ));
                if write {
                    break;
                }
            }
        }
    }
    if !o.read_only && !d.rules.iter().any(|r| r.rule == "SAFE-RECHECK") {
        measure_cache(d, o, paths, obs);
    }
    finish(d, profile, &o.role);
}

/// Measures the drive with its write cache flipped (see [`super::cache`]).
fn measure_cache(d: &mut DriveResult, o: &SuiteOptions, paths: &SysPaths, obs: &dyn Observer) {
    let ctl = match super::cache::controller_for(&d.identity, o.cache_tool, o.megaraid.as_deref()) {
        Ok(c) => c,
        Err(why) => {
            d.cache = Some(super::cache::CacheReport {
                note: Some(why),
                ..Default::default()
            });
            return;
        }
    };
    let id = d.identity.clone();
    let label = id.label();
    super::cache::measure(
        d,
        ctl,
        o.journal_dir.as_deref(),
        o.watch_signals,
        &mut |spec| {
            obs.job_started(&label, spec);
            rerun_job(&id, spec, paths)
        },
    );
}

/// Recomputes sweep rows, metrics, performance rules and the verdict (peer rules are added by
/// [`verdict::peer_rules`]).
pub fn finish(d: &mut DriveResult, profile: &Profile, role: &str) {
    let t = profile.thresholds(
        d.identity.class,
        role,
        d.identity.model.as_deref(),
        d.identity.firmware.as_deref(),
    );
    d.sweep = d
        .jobs
        .iter()
        .filter(|j| j.spec.name.starts_with(names::SWEEP_PREFIX))
        .map(|j| SweepRow {
            bs: j.spec.bs,
            count: j.ios,
            bytes: j.bytes,
            mbps: j.mbps,
            iops: j.iops,
            p99_us: j.lat.p99_us,
        })
        .collect();
    for j in d.jobs.iter_mut().chain(d.together.iter_mut()) {
        profile.mark_host_bound(j);
    }
    d.metrics = verdict::metrics(d);
    let keep: Vec<RuleHit> = d
        .rules
        .iter()
        .filter(|r| {
            r.rule.starts_with("H-")
                || r.rule.starts_with("SAFE-")
                || r.rule == "JOB-ERROR"
                || r.rule == "CACHE-RESTORE"
        })
        .cloned()
        .collect();
    d.rules = keep;
    d.rules.extend(verdict::performance_rules(d, &t));
    d.rules.extend(verdict::together_rules(d, &profile.peer()));
    d.rules
        .extend(super::cache::rules(d, role, t.sync_1job_min_iops));
    if d.identity.write_cache.as_deref() == Some("write back")
        && d.identity.class == DriveClass::Hdd
    {
        d.warnings.push("volatile write cache is on: Ceph advises measuring with it off on HDDs (hdparm -W 0 / sdparm --clear WCE) and keeping the better".into());
    }
    d.settle();
}

/// Runs the sequential 4 MiB jobs on all drives at once (exposes shared-path bottlenecks).
pub fn run_together(
    drives: &mut [DriveResult],
    o: &SuiteOptions,
    profile: &Profile,
    paths: &SysPaths,
    obs: &dyn Observer,
) {
    if drives.len() < 2 {
        return;
    }
    let names_: Vec<&str> = if o.read_only {
        vec![names::SEQ_READ]
    } else {
        vec![names::SEQ_WRITE, names::SEQ_READ]
    };
    for name in names_ {
        let specs: Vec<Option<JobSpec>> = drives
            .iter()
            .map(|d| {
                if name == names::SEQ_WRITE
                    && !safety::check(&d.identity, paths, true, false).is_empty()
                {
                    return None;
                }
                d.job(name).map(|j| {
                    let mut s = j.spec.clone();
                    s.name = format!("together-{name}");
                    s
                })
            })
            .collect();
        let results: Vec<Option<JobResult>> = std::thread::scope(|sc| {
            let hs: Vec<_> = drives
                .iter()
                .zip(&specs)
                .map(|(d, s)| {
                    let id = &d.identity;
                    let label = d.identity.label();
                    sc.spawn(move || {
                        let s = s.as_ref()?;
                        obs.job_started(&label, s);
                        let t = open_target(id, s).ok()?;
                        let r = engine::run(&Arc::new(t), s).ok()?;
                        obs.job_finished(&label, &r);
                        Some(r)
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().ok().flatten()).collect()
        });
        for (d, r) in drives.iter_mut().zip(results) {
            if let Some(r) = r {
                d.together.push(r);
            }
        }
    }
    for d in drives.iter_mut() {
        finish(d, profile, &o.role);
    }
}

#[cfg(test)]
mod tests {
    use super::ProfileKind;

    /// A journal's profile name reads back as the profile it named, in any case; `--qualify`
    /// and the replacement's qualify step share this one reading.
    #[test]
    fn profile_names_read_back() {
        for k in [
            ProfileKind::Smoke,
            ProfileKind::Quick,
            ProfileKind::Standard,
            ProfileKind::BurnIn,
        ] {
            assert_eq!(ProfileKind::from_name(k.name()), Some(k));
            assert_eq!(
                ProfileKind::from_name(&k.name().to_ascii_uppercase()),
                Some(k)
            );
        }
        assert_eq!(ProfileKind::from_name("burn_in"), None);
        assert_eq!(ProfileKind::from_name("none"), None);
    }
}
