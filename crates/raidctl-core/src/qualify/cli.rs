//! `raidctl qualify` and `raidctl osd-prep`: arguments and the drivers that run them.

use super::cache::CacheTool;
use super::device::{self, SysPaths};
use super::engine::{EngineKind, JobResult, JobSpec};
use super::profile::Profile;
use super::result::{MIN_READ_SCHEMA_VERSION, QualReport, SCHEMA_VERSION, Verdict};
use super::suite::{self, Observer, ProfileKind, SuiteOptions};
use super::{report, verdict};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::output::Style;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Ceph role the drive is qualified for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Role {
    /// A data OSD (BlueStore block).
    #[default]
    Data,
    /// A shared WAL/DB device for HDD OSDs.
    WalDb,
}

impl Role {
    /// Key in the profile file.
    pub fn key(self) -> &'static str {
        match self {
            Self::Data => "data",
            Self::WalDb => "wal-db",
        }
    }
}

/// Arguments of `raidctl qualify`.
#[derive(clap::Args, Debug, Default)]
pub struct QualifyArgs {
    /// Whole block devices (or regular files) to qualify; all are tested one at a time, then
    /// together, then compared with their peers.
    #[arg(value_name = "DEVICE", required_unless_present = "compare")]
    pub devices: Vec<PathBuf>,
    /// How long and how thorough: smoke (seconds), quick (< 1 min per drive), standard
    /// (minutes), burn-in (standard + full-surface write/verify).
    #[arg(long, value_enum, default_value_t = ProfileKind::Quick)]
    pub profile: ProfileKind,
    /// Ceph role: thresholds differ for a data OSD and a shared WAL/DB device.
    #[arg(long, value_enum, default_value_t = Role::Data)]
    pub role: Role,
    /// Write the JSON record (docs/qualification.md) to FILE (`-` for stdout); rewritten after
    /// each drive.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write one CSV row per drive and job to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write a Markdown report to FILE.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write an SVG plot (MB/s by block size, latency distribution per drive) to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Allow write tests on the drive with this serial number (repeat per drive); a device
    /// without a serial (loop device, regular file) is confirmed by its path. ALL DATA ON IT IS
    /// DESTROYED.
    #[arg(long = "destroy-data", value_name = "SERIAL")]
    pub destroy_data: Vec<String>,
    /// Run only read tests; nothing is written.
    #[arg(long)]
    pub read_only: bool,
    /// Compare result files (from this and other hosts) with each other, by model and
    /// firmware, and print the peer verdicts; with exactly two files, also a side-by-side table
    /// per job (A, B, B/A), e.g. a raw drive against an RBD image or a CephFS file.
    #[arg(long, value_name = "RESULT.json", num_args = 1..)]
    pub compare: Vec<PathBuf>,
    /// I/O engine: auto (io_uring for queue-depth jobs where the kernel and seccomp allow it,
    /// sync for QD1 and flushing jobs), sync (pread/pwrite threads) or uring (falls back to sync
    /// when the kernel refuses it). The record says per job which engine ran and why.
    #[arg(long, value_enum, default_value_t = EngineKind::Auto)]
    pub engine: EngineKind,
    /// JSON threshold profile overlaying the built-in one (per class, role and model).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Skip the all-drives-together pass.
    #[arg(long)]
    pub no_together: bool,
    /// Write one self-contained HTML page (inline SVG charts, nothing fetched) to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Skip the SMART short self-test (the drive gets a WARN for it).
    #[arg(long)]
    pub no_self_test: bool,
    /// Give the short self-test this long (whole seconds, 1s to 1d) before aborting it
    /// (INCONCLUSIVE).
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = crate::args::interval)]
    pub self_test_timeout: u64,
    /// How to toggle the drive's volatile write cache for the cache-on/off measurement:
    /// auto (hdparm for SATA, sdparm for SAS), hdparm, sdparm, or none.
    #[arg(long, value_enum, default_value_t = CacheTool::Auto)]
    pub cache_tool: CacheTool,
    /// Host name recorded in the results (default: the kernel's), e.g. the inventory name
    /// when results from many hosts are compared.
    #[arg(long, value_name = "NAME")]
    pub host_name: Option<String>,
}

/// Arguments of `raidctl osd-prep`.
#[derive(clap::Args, Debug, Default)]
pub struct OsdPrepArgs {
    /// Only this adapter (default: all).
    #[arg(long, short = 'a', value_name = "N")]
    pub adapter: Option<u32>,
    /// Only these drives (`E:S`, comma-separated).
    #[arg(long, value_name = "E:S", value_delimiter = ',')]
    pub drives: Vec<String>,
    /// How to present each drive: auto (as the OSDs already on the adapter are; without any,
    /// as its single-drive RAID0 VDs or JBOD drives are; else JBOD where the adapter has it
    /// enabled, RAID0 where not), raid0 (single-drive RAID0 with the policy of `ld create`)
    /// or jbod.
    #[arg(long, value_enum, default_value_t = PrepMode::Auto)]
    pub mode: PrepMode,
    /// The RAID0 VDs' policy (each option overrides one part of the policy `ld create` uses).
    #[command(flatten)]
    pub policy: crate::workflow::vdpolicy::PolicyArgs,
    /// Qualification profile.
    #[arg(long, value_enum, default_value_t = ProfileKind::Quick)]
    pub profile: ProfileKind,
    /// Ceph role.
    #[arg(long, value_enum, default_value_t = Role::Data)]
    pub role: Role,
    /// I/O engine (see `raidctl qualify --engine`).
    #[arg(long, value_enum, default_value_t = EngineKind::Auto)]
    pub engine: EngineKind,
    /// JSON threshold profile.
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Write the qualification JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the SVG plot to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Only read tests on the new devices.
    #[arg(long)]
    pub read_only: bool,
    /// Host name recorded in the results (default: the kernel's).
    #[arg(long, value_name = "NAME")]
    pub host_name: Option<String>,
    /// Print the plan (MegaCli commands) and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Confirm: create the VDs/JBODs and write-test the (unconfigured, hence empty) drives.
    #[arg(long)]
    pub yes: bool,
    /// How the OSDs of the drives that pass are created, in the lines printed (never run):
    /// auto (cephadm when this host has cephadm OSD directories or a `/var/lib/ceph/<fsid>`
    /// of the cluster, else package), package (`ceph-volume lvm create --data DEV`) or
    /// cephadm (`ceph orch daemon add osd HOST:DEV lvm|raw`).
    #[arg(long, value_enum, default_value_t = CephDeploy::Auto)]
    pub ceph_deploy: CephDeploy,
}

/// How the host's Ceph is deployed, for the OSD-creation lines of `osd-prep`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum CephDeploy {
    /// From the host: cephadm's directories, else package.
    #[default]
    Auto,
    /// Ceph's packages: `ceph-volume` on the host.
    Package,
    /// cephadm: the orchestrator.
    Cephadm,
}

/// How osd-prep presents a drive to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PrepMode {
    /// As the adapter's OSDs (else its single-drive VDs or JBOD drives) are; without any, JBOD
    /// where enabled, else RAID0.
    #[default]
    Auto,
    /// Single-drive RAID0 with the policy of `ld create`.
    Raid0,
    /// JBOD (pass-through).
    Jbod,
}

/// Progress bar on stderr (hidden unless stderr is a terminal).
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar over `total_secs` of planned I/O.
    pub fn new(total_secs: f64, visible: bool) -> Self {
        let bar = if visible {
            let b = ProgressBar::with_draw_target(
                Some((total_secs * 1000.0) as u64),
                ProgressDrawTarget::stderr(),
            );
            if let Ok(st) = ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] [{bar:30}] {percent:>3}% ETA {eta} {msg}",
            ) {
                b.set_style(st.progress_chars("=> "));
            }
            b.enable_steady_tick(Duration::from_millis(200));
            b
        } else {
            ProgressBar::hidden()
        };
        Self { bar }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Observer for Progress {
    fn job_started(&self, drive: &str, job: &JobSpec) {
        self.bar.set_message(format!("{drive}: {}", job.name));
    }
    fn job_finished(&self, _: &str, job: &JobResult) {
        self.bar
            .inc((suite::planned_secs(&job.spec) * 1000.0) as u64);
    }
}

fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if path.as_os_str() == "-" {
        // Checked: a cut document must not pass for a whole one; a reader that went away
        // (`| head`) is no error.
        let mut out = crate::output::stdout();
        let _ = out.write_all(text.as_bytes());
        return match out.finish() {
            Some(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(format!("standard output: {e}"))
            }
            _ => Ok(()),
        };
    }
    // A random temporary name beside it, created without following links, then renamed.
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    crate::fsutil::Dir::open_unchecked(parent)
        .and_then(|d| {
            d.write_atomic(
                name,
                text.as_bytes(),
                crate::fsutil::WORLD_READABLE,
                crate::fsutil::Replace::Yes,
            )
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Exports requested by the arguments.
#[derive(Debug, Default, Clone)]
pub struct Exports {
    /// JSON file.
    pub json: Option<PathBuf>,
    /// CSV file.
    pub csv: Option<PathBuf>,
    /// Markdown file.
    pub markdown: Option<PathBuf>,
    /// SVG file.
    pub svg: Option<PathBuf>,
    /// HTML file.
    pub html: Option<PathBuf>,
}

impl Exports {
    /// Writes every export; `intermediate` (after each drive): only a JSON file.
    pub(crate) fn write(&self, r: &QualReport, intermediate: bool) -> Result<(), String> {
        if let Some(p) = &self.json {
            if !(intermediate && p.as_os_str() == "-") {
                let text = serde_json::to_string_pretty(r).map_err(|e| e.to_string())?;
                write_file(p, &format!("{text}\n"))?;
            }
        }
        if intermediate {
            return Ok(());
        }
        if let Some(p) = &self.csv {
            write_file(p, &report::csv(r))?;
        }
        if let Some(p) = &self.markdown {
            write_file(p, &report::markdown(r))?;
        }
        if let Some(p) = &self.svg {
            write_file(p, &report::svg(r))?;
        }
        if let Some(p) = &self.html {
            write_file(p, &super::html::page(r))?;
        }
        Ok(())
    }

    fn stdout_taken(&self) -> bool {
        [&self.json, &self.csv, &self.markdown, &self.svg, &self.html]
            .iter()
            .any(|p| p.as_ref().is_some_and(|p| p.as_os_str() == "-"))
    }
}

/// Exit status for a verdict: PASS 0, WARN 1, FAIL 2, INCONCLUSIVE 3.
pub fn exit_for(v: Verdict) -> ExitStatus {
    match v {
        Verdict::Pass => ExitStatus::Ok,
        Verdict::Warn => ExitStatus::Warning,
        Verdict::Fail => ExitStatus::Error,
        Verdict::Inconclusive => ExitStatus::Unknown,
    }
}

/// A new, empty report; `host` overrides the kernel's host name.
pub fn new_report(
    profile: ProfileKind,
    role: Role,
    engine: EngineKind,
    read_only: bool,
    host: Option<&str>,
) -> QualReport {
    QualReport {
        schema_version: SCHEMA_VERSION,
        tool: "raidctl".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        host: suite::host_name(host),
        started_unix: now_unix(),
        finished_unix: 0,
        profile: profile.name().into(),
        role: role.key().into(),
        engine: engine.name().into(),
        read_only,
        drives: Vec::new(),
        verdict: Verdict::Pass,
    }
}

/// Everything a qualification run needs besides the drives.
#[derive(Debug)]
pub struct Run<'a> {
    /// Suite options.
    pub opts: &'a SuiteOptions,
    /// Thresholds.
    pub profile: &'a Profile,
    /// `--destroy-data` confirmations.
    pub destroy: &'a [String],
    /// Kernel views.
    pub paths: &'a SysPaths,
    /// Files to write.
    pub exports: &'a Exports,
    /// Run the all-together pass.
    pub together: bool,
    /// Show a progress bar.
    pub show_progress: bool,
}

/// Runs identities through the whole flow: safety gate, each drive alone, all together,
/// peers, exports.
///
/// # Errors
/// Refusals (then nothing was written) and export failures.
pub fn qualify_identities(ids: Vec<device::Identity>, run: &Run<'_>) -> Result<QualReport, String> {
    let Run {
        opts,
        profile,
        destroy,
        paths,
        exports,
        together,
        show_progress,
    } = *run;
    let mut rep = new_report(
        opts.profile,
        role_of(&opts.role),
        opts.engine,
        opts.read_only,
        opts.host.as_deref(),
    );
    // Drives are prepared at once: each may run a SMART self-test of a few minutes.
    let mut drives: Vec<_> = std::thread::scope(|sc| {
        let hs: Vec<_> = ids
            .into_iter()
            .map(|id| {
                let fallback = id.clone();
                (
                    fallback,
                    sc.spawn(move || suite::prepare(id, opts, profile, destroy, paths)),
                )
            })
            .collect();
        hs.into_iter()
            .map(|(id, h)| {
                h.join().unwrap_or_else(|_| super::result::DriveResult {
                    rules: vec![super::result::RuleHit::new(
                        "JOB-ERROR",
                        Verdict::Inconclusive,
                        "identifying the drive failed (internal error)",
                    )],
                    refusals: vec![super::safety::Refusal {
                        rule: "SAFE-INTERNAL".into(),
                        detail: "not checked".into(),
                    }],
                    identity: id,
                    ..Default::default()
                })
            })
            .collect()
    });
    if !opts.read_only {
        let refused: Vec<String> = drives
            .iter()
            .flat_map(|d| {
                d.refusals.iter().map(|r| {
                    let who = super::safety::named(&d.identity);
                    format!("refusing {who}: {} [{}]", r.detail, r.rule)
                })
            })
            .collect();
        if !refused.is_empty() {
            return Err(refused.join("\n"));
        }
        // Confirmed: say which file or device is written, by its canonical path.
        for d in &drives {
            crate::errln!(
                "raidctl qualify: writing test patterns over {}",
                super::safety::named(&d.identity)
            );
        }
    }
    let total: f64 = drives
        .iter()
        .map(|d| {
            let t = profile.thresholds(
                d.identity.class,
                &opts.role,
                d.identity.model.as_deref(),
                d.identity.firmware.as_deref(),
            );
            suite::plan(&d.identity, opts, &t)
                .iter()
                .map(suite::planned_secs)
                .sum::<f64>()
        })
        .sum();
    let bar = Progress::new(total, show_progress);
    for i in 0..drives.len() {
        if let Some(d) = drives.get_mut(i) {
            suite::run_drive(d, opts, profile, paths, &bar);
        }
        rep.drives = drives.clone();
        exports.write(&rep, true)?;
    }
    if together && drives.len() > 1 {
        suite::run_together(&mut drives, opts, profile, paths, &bar);
    }
    verdict::peer_rules(&mut drives, &profile.peer());
    let snapshot = drives.clone();
    super::repeat::confirm(&mut drives, profile, &opts.role, &mut |i, spec| {
        let d = snapshot.get(i)?;
        bar.job_started(&d.identity.label(), spec);
        suite::rerun_job(&d.identity, spec, paths).ok()
    });
    bar.finish();
    rep.verdict = drives
        .iter()
        .map(|d| d.verdict)
        .max()
        .unwrap_or(Verdict::Pass);
    rep.drives = drives;
    rep.finished_unix = now_unix();
    exports.write(&rep, false)?;
    Ok(rep)
}

fn role_of(key: &str) -> Role {
    if key == "wal-db" {
        Role::WalDb
    } else {
        Role::Data
    }
}

/// Links a block device to the MegaRAID drive behind it (single-drive RAID0 VD), so SMART goes
/// through `-d megaraid,N` and the controller counters are gated too.
fn attach_controller(id: &mut device::Identity, ctx: &Ctx) {
    let Ok(snap) = ctx.snapshot(Duration::from_secs(60)) else {
        return;
    };
    let Some(ld) = snap
        .logical_drives
        .iter()
        .find(|l| l.block_device.as_deref() == Some(id.canonical.as_str()))
    else {
        return;
    };
    if ld.members.len() != 1 {
        return;
    }
    if let Some(pd) = ld.members.first().and_then(|a| snap.drive(ld.adapter, *a)) {
        super::osdprep::apply_pd(id, pd, "raid0", Some(ld.target_id), ctx.simulated());
    }
}

/// Runs `raidctl qualify`.
pub fn run_qualify(
    args: &QualifyArgs,
    ctx: Option<&Ctx>,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    match qualify_main(args, ctx, json_stdout, style, out) {
        Ok(s) => s,
        Err(e) => {
            crate::errln!("raidctl qualify: {e}");
            ExitStatus::Error
        }
    }
}

fn qualify_main(
    args: &QualifyArgs,
    ctx: Option<&Ctx>,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> Result<ExitStatus, String> {
    let profile = Profile::load(args.profile_file.as_deref())?;
    let mut exports = Exports {
        json: args.json.clone(),
        csv: args.csv.clone(),
        markdown: args.markdown.clone(),
        svg: args.svg.clone(),
        html: args.html.clone(),
    };
    if json_stdout && exports.json.is_none() {
        exports.json = Some(PathBuf::from("-"));
    }
    let quiet_stdout = exports.stdout_taken();
    let paths = SysPaths::default();
    let mut loaded: Vec<super::result::DriveResult> = Vec::new();
    let mut loaded_files: Vec<(PathBuf, QualReport)> = Vec::new();
    for f in &args.compare {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let r: QualReport =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        if !(MIN_READ_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&r.schema_version) {
            return Err(format!(
                "{}: schema version {} (this raidctl reads {MIN_READ_SCHEMA_VERSION} to {SCHEMA_VERSION})",
                f.display(),
                r.schema_version
            ));
        }
        loaded_files.push((f.clone(), r.clone()));
        loaded.extend(r.drives);
    }
    let journal_dir = ctx.map_or_else(crate::ctx::default_state_dir, |c| c.state_dir.clone());
    if !args.devices.is_empty() && !args.read_only {
        let runner = std::sync::Arc::new(crate::backend::runner::OsRunner::scratch());
        for line in super::cache::recover(&journal_dir, runner) {
            crate::errln!("raidctl qualify: {line}");
        }
    }
    let opts = SuiteOptions {
        profile: args.profile,
        role: args.role.key().into(),
        engine: args.engine,
        read_only: args.read_only,
        smartctl: None,
        no_self_test: args.no_self_test,
        self_test_timeout: Some(Duration::from_secs(args.self_test_timeout)),
        cache_tool: args.cache_tool,
        journal_dir: Some(journal_dir),
        watch_signals: true,
        megaraid: ctx
            .and_then(|c| c.megacli().ok())
            .map(|m| std::sync::Arc::new(m.duplicate())),
        host: args.host_name.clone(),
    };
    let mut rep = if args.devices.is_empty() {
        let mut r = new_report(
            args.profile,
            args.role,
            args.engine,
            args.read_only,
            args.host_name.as_deref(),
        );
        // A comparison only: the header describes the first file's run.
        if let Some((_, first)) = loaded_files.first() {
            if args.host_name.is_none() {
                r.host.clone_from(&first.host);
            }
            r.profile.clone_from(&first.profile);
            r.role.clone_from(&first.role);
            r.engine.clone_from(&first.engine);
            r.read_only = first.read_only;
        }
        r
    } else {
        let mut ids = Vec::new();
        for d in &args.devices {
            let mut id = device::identify(d, &paths)?;
            if let Some(c) = ctx {
                attach_controller(&mut id, c);
            }
            ids.push(id);
        }
        let show = crate::output::progress::wanted() && !json_stdout;
        // With --compare, the new results are exported after the comparison below.
        let ex = if args.compare.is_empty() {
            exports.clone()
        } else {
            Exports::default()
        };
        let run = Run {
            opts: &opts,
            profile: &profile,
            destroy: &args.destroy_data,
            paths: &paths,
            exports: &ex,
            together: !args.no_together,
            show_progress: show,
        };
        qualify_identities(ids, &run)?
    };
    if !loaded.is_empty() {
        rep.drives.extend(loaded);
        verdict::peer_rules(&mut rep.drives, &profile.peer());
        rep.verdict = rep
            .drives
            .iter()
            .map(|d| d.verdict)
            .max()
            .unwrap_or(Verdict::Pass);
        rep.finished_unix = now_unix();
        exports.write(&rep, false)?;
    }
    // Errors are the caller's: its writer records them and decides the exit status.
    if !quiet_stdout {
        let _ = write!(out, "{}", report::terminal(&rep, style));
        if let [(fa, a), (fb, b)] = loaded_files.as_slice() {
            let _ = write!(
                out,
                "{}",
                super::compare::side_by_side(
                    (&fa.display().to_string(), a),
                    (&fb.display().to_string(), b),
                    style
                )
            );
        }
    }
    Ok(exit_for(rep.verdict))
}

/// Runs `raidctl osd-prep`.
pub fn run_osd_prep(
    args: &OsdPrepArgs,
    ctx: &Ctx,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    match super::osdprep::run(args, ctx, json_stdout, style, out) {
        Ok(s) => s,
        Err(e) => {
            crate::errln!("raidctl osd-prep: {e}");
            ExitStatus::Error
        }
    }
}
