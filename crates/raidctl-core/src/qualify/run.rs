//! What `raidctl qualify` and `raidctl osd-prep` run: identities through the safety gate, each
//! drive alone, all together, the peers and the exports, with a progress bar.

use super::device::{self, SysPaths};
use super::engine::{EngineKind, JobResult, JobSpec};
use super::profile::Profile;
use super::result::{QualReport, SCHEMA_VERSION, Verdict};
use super::suite::{self, Observer, ProfileKind, SuiteOptions};
use super::{report, verdict};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Ceph role the drive is qualified for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// How the host's Ceph is deployed, for the OSD-creation lines of `osd-prep`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// Seconds since the epoch (0 before it), the results' time stamps.
pub fn now_unix() -> u64 {
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
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn write(&self, r: &QualReport, intermediate: bool) -> Result<(), String> {
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

    /// Whether an export goes to standard output (`-`), so nothing else may.
    pub fn stdout_taken(&self) -> bool {
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
        let mut r = suite::rerun_job(&d.identity, spec, paths).ok()?;
        profile.mark_host_bound(&mut r);
        Some(r)
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
pub fn attach_controller(id: &mut device::Identity, ctx: &Ctx) {
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
