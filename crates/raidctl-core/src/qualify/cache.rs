//! Write cache, measured (reference B.5 J6 "WCE on and off"): for a drive whose volatile write
//! cache can be toggled (ATA `hdparm -W`, SCSI `sdparm --set WCE`), the fdatasync and
//! small-write jobs run again with the cache flipped, and the original setting is restored in
//! every case: on success, on error (a guard's `Drop`), and on SIGINT/SIGTERM/SIGHUP (a hook
//! in raidctl's one interrupt handler restores every change still active before it exits 130). Each change is written to a
//! journal before it is made, so a change interrupted by SIGKILL or a crash is restored by the
//! next `raidctl qualify` ([`recover`]).

use super::engine::{JobResult, JobSpec};
use super::result::{DriveResult, RuleHit, Verdict};
use super::verdict::{names, sync_name};
use crate::backend::runner::{OsRunner, Runner};
use crate::journal::{self, Journal};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a cache query or change may take.
const TOOL_TIMEOUT: Duration = Duration::from_secs(30);

/// Journal workflow name of a cache change.
pub const JOURNAL_WORKFLOW: &str = "qualify-cache";

/// Which tool toggles the write cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum CacheTool {
    /// By transport: `hdparm` for SATA, `sdparm` for SAS/SCSI; nothing for NVMe, loop devices,
    /// files and drives behind a RAID controller.
    #[default]
    Auto,
    /// `hdparm -W` (ATA).
    Hdparm,
    /// `sdparm --set WCE` (SCSI; current values only, never `--save`).
    Sdparm,
    /// Do not measure the write cache.
    None,
}

/// Something that reads and sets a drive's volatile write cache.
pub trait CacheControl: Send + Sync {
    /// Tool name (`hdparm`, `sdparm`).
    fn tool(&self) -> &str;
    /// The device it acts on.
    fn device(&self) -> &str;
    /// The command line that sets the cache `on` or off (journalled before it runs).
    fn set_command(&self, on: bool) -> String;
    /// Whether the cache is on.
    ///
    /// # Errors
    /// The tool failed or its answer did not say.
    fn get(&self) -> Result<bool, String>;
    /// Turns the cache on or off.
    ///
    /// # Errors
    /// The tool failed.
    fn set(&self, on: bool) -> Result<(), String>;
}

fn run_tool(
    runner: &dyn Runner,
    prog: &Path,
    args: &[String],
) -> Result<crate::backend::runner::CmdOutput, String> {
    let out = runner
        .run(prog, args, TOOL_TIMEOUT)
        .map_err(|e| e.to_string())?;
    if out.status != Some(0) {
        return Err(format!(
            "{} exited with {:?}: {}",
            out.argv.join(" "),
            out.status,
            out.stderr.trim()
        ));
    }
    Ok(out)
}

/// ATA: `hdparm -W DEV` reads, `hdparm -W0|-W1 DEV` sets.
pub struct Hdparm {
    prog: PathBuf,
    dev: String,
    runner: Arc<dyn Runner>,
}

impl Hdparm {
    /// `prog` is the hdparm binary.
    pub fn new(prog: PathBuf, dev: &str, runner: Arc<dyn Runner>) -> Self {
        Self {
            prog,
            dev: dev.to_owned(),
            runner,
        }
    }
}

/// Parses `hdparm -W`: ` write-caching =  1 (on)`.
pub fn parse_hdparm(text: &str) -> Option<bool> {
    let l = text
        .lines()
        .find(|l| l.trim_start().starts_with("write-caching"))?;
    match l.split_once('=')?.1.split_whitespace().next()? {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

/// Parses `sdparm --get=WCE`: `WCE           1  [cha: y, def:  1, sav:  1]`.
pub fn parse_sdparm(text: &str) -> Option<bool> {
    let l = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some("WCE"))?;
    match l.split_whitespace().nth(1)? {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

impl CacheControl for Hdparm {
    fn tool(&self) -> &str {
        "hdparm"
    }
    fn device(&self) -> &str {
        &self.dev
    }
    fn set_command(&self, on: bool) -> String {
        format!("{} -W{} {}", self.prog.display(), u8::from(on), self.dev)
    }
    fn get(&self) -> Result<bool, String> {
        let out = run_tool(&*self.runner, &self.prog, &["-W".into(), self.dev.clone()])?;
        parse_hdparm(&out.stdout).ok_or_else(|| {
            format!(
                "hdparm -W {}: no write-caching state in its answer ({})",
                self.dev,
                out.stdout.trim()
            )
        })
    }
    fn set(&self, on: bool) -> Result<(), String> {
        let flag = format!("-W{}", u8::from(on));
        run_tool(&*self.runner, &self.prog, &[flag, self.dev.clone()]).map(|_| ())
    }
}

/// SCSI: `sdparm --get=WCE DEV` reads, `sdparm --set=WCE=0|1 DEV` sets the current value
/// (the saved value, which a power cycle restores, is never touched).
pub struct Sdparm {
    prog: PathBuf,
    dev: String,
    runner: Arc<dyn Runner>,
}

impl Sdparm {
    /// `prog` is the sdparm binary.
    pub fn new(prog: PathBuf, dev: &str, runner: Arc<dyn Runner>) -> Self {
        Self {
            prog,
            dev: dev.to_owned(),
            runner,
        }
    }
}

impl CacheControl for Sdparm {
    fn tool(&self) -> &str {
        "sdparm"
    }
    fn device(&self) -> &str {
        &self.dev
    }
    fn set_command(&self, on: bool) -> String {
        format!(
            "{} --set=WCE={} {}",
            self.prog.display(),
            u8::from(on),
            self.dev
        )
    }
    fn get(&self) -> Result<bool, String> {
        let out = run_tool(
            &*self.runner,
            &self.prog,
            &["--get=WCE".into(), self.dev.clone()],
        )?;
        parse_sdparm(&out.stdout).ok_or_else(|| {
            format!(
                "sdparm --get=WCE {}: no WCE value in its answer ({})",
                self.dev,
                out.stdout.trim()
            )
        })
    }
    fn set(&self, on: bool) -> Result<(), String> {
        let arg = format!("--set=WCE={}", u8::from(on));
        run_tool(&*self.runner, &self.prog, &[arg, self.dev.clone()]).map(|_| ())
    }
}

/// A single-drive VD behind a MegaRAID adapter: the VD's disk cache policy
/// (`-LDSetProp -EnDskCache|-DisDskCache`), read back from `-LDInfo`. A VD left at
/// "Disk's Default" is not toggled: MegaCli has no way to set that value back.
pub struct MegaRaidCache {
    mc: crate::backend::megacli::MegaCli,
    adapter: u32,
    target: u32,
    dev: String,
}

impl MegaRaidCache {
    /// The VD with `target` on `adapter`, seen by the host as `dev`.
    pub fn new(mc: crate::backend::megacli::MegaCli, adapter: u32, target: u32, dev: &str) -> Self {
        Self {
            mc,
            adapter,
            target,
            dev: dev.to_owned(),
        }
    }

    fn op(&self, on: bool) -> crate::backend::ops::Op {
        crate::backend::ops::Op::LdDiskCache {
            adapter: self.adapter,
            target: self.target,
            enabled: on,
        }
    }
}

impl CacheControl for MegaRaidCache {
    fn tool(&self) -> &str {
        "megacli"
    }
    fn device(&self) -> &str {
        &self.dev
    }
    fn set_command(&self, on: bool) -> String {
        let args = crate::backend::ops::megacli_args(&self.op(on));
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        self.mc.command_line(&refs)
    }
    fn get(&self) -> Result<bool, String> {
        use crate::backend::ops::Operations;
        let snap = self.mc.snapshot().map_err(|e| e.to_string())?;
        let ld = snap
            .logical_drives
            .iter()
            .find(|l| l.adapter == self.adapter && l.target_id == self.target)
            .ok_or_else(|| format!("VD {} on adapter {} not found", self.target, self.adapter))?;
        match ld.disk_cache_policy.as_deref().map(str::trim) {
            Some("Enabled") => Ok(true),
            Some("Disabled") => Ok(false),
            other => Err(format!(
                "the VD's disk cache policy is {:?}; MegaCli cannot set that back, so it is not toggled (set it with -LDSetProp -EnDskCache or -DisDskCache first)",
                other.unwrap_or("unknown")
            )),
        }
    }
    fn set(&self, on: bool) -> Result<(), String> {
        use crate::backend::ops::Operations;
        self.mc
            .apply(&self.op(on))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Picks the cache controller for a drive, or says why there is none.
///
/// # Errors
/// Why the cache is not measured on this drive.
pub fn controller_for(
    id: &super::device::Identity,
    tool: CacheTool,
    megaraid: Option<&crate::backend::megacli::MegaCli>,
) -> Result<Arc<dyn CacheControl>, String> {
    let tool = match tool {
        CacheTool::None => return Err("write-cache test skipped (--cache-tool none)".into()),
        CacheTool::Auto if id.controller.is_some() => {
            let c = id.controller.as_ref();
            return match (c.and_then(|c| c.target_id), megaraid) {
                (Some(t), Some(mc)) if c.is_some_and(|c| c.presented_as == "raid0") => {
                    Ok(Arc::new(MegaRaidCache::new(
                        mc.duplicate(),
                        c.map_or(0, |c| c.adapter),
                        t,
                        &id.path,
                    )))
                }
                _ => Err("behind a RAID controller, not as a single-drive VD raidctl can reach: the drive cache is not toggled".into()),
            };
        }
        CacheTool::Auto => match id.transport.as_deref() {
            Some("sata" | "ata") => CacheTool::Hdparm,
            Some("sas" | "scsi") => CacheTool::Sdparm,
            other => {
                return Err(format!(
                    "no toggleable volatile write cache on a {} target",
                    other.unwrap_or("unknown")
                ));
            }
        },
        t => t,
    };
    let runner: Arc<dyn Runner> = Arc::new(OsRunner::scratch());
    let name = if tool == CacheTool::Hdparm {
        "hdparm"
    } else {
        "sdparm"
    };
    let prog = crate::smart::find_tool(name)
        .ok_or_else(|| format!("{name} not found: write cache not measured"))?;
    Ok(if tool == CacheTool::Hdparm {
        Arc::new(Hdparm::new(prog, &id.path, runner))
    } else {
        Arc::new(Sdparm::new(prog, &id.path, runner))
    })
}

/// One job with the cache on and off.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CacheRow {
    /// Job name.
    pub job: String,
    /// IOPS with the cache on.
    pub on_iops: f64,
    /// IOPS with the cache off.
    pub off_iops: f64,
    /// p99 write latency with the cache on (µs).
    pub on_p99_us: f64,
    /// p99 write latency with the cache off (µs).
    pub off_p99_us: f64,
}

/// The write-cache measurement of one drive.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CacheReport {
    /// `hdparm` or `sdparm`; empty when not measured.
    pub tool: String,
    /// Setting found before the test (true: on); restored afterwards.
    pub original_on: Option<bool>,
    /// The original setting was read back after the restore.
    pub restored: bool,
    /// Why it was not measured, or what went wrong.
    pub note: Option<String>,
    /// Per job: on versus off.
    pub rows: Vec<CacheRow>,
    /// The runs made with the cache flipped.
    pub jobs: Vec<JobResult>,
}

impl CacheReport {
    /// The setting found before the test, as the reports print it (`?`: not read).
    #[must_use]
    pub fn original_text(&self) -> &'static str {
        match self.original_on {
            Some(true) => "on",
            Some(false) => "off",
            None => "?",
        }
    }
}

struct Active {
    id: u64,
    ctl: Arc<dyn CacheControl>,
    original: bool,
    journal: Option<Journal>,
}

static ACTIVE: Mutex<Vec<Active>> = Mutex::new(Vec::new());
static NEXT: Mutex<u64> = Mutex::new(0);

fn lock_active() -> std::sync::MutexGuard<'static, Vec<Active>> {
    ACTIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn restore(a: &mut Active) -> Result<(), String> {
    let res = a.ctl.set(a.original).and_then(|()| match a.ctl.get() {
        Ok(v) if v == a.original => Ok(()),
        Ok(v) => Err(format!("the cache reads {} after the restore", on_off(v))),
        Err(e) => Err(e),
    });
    if let Some(j) = a.journal.as_mut() {
        let (phase, detail) = match &res {
            Ok(()) => (
                "completed",
                "original write-cache setting restored".to_owned(),
            ),
            Err(e) => ("failed", format!("restore failed: {e}")),
        };
        let _ = j.write(
            "restore-write-cache",
            phase,
            Some(a.ctl.set_command(a.original)),
            &detail,
            None,
        );
    }
    res
}

fn on_off(v: bool) -> &'static str {
    if v { "on" } else { "off" }
}

/// Restores every active change; the interrupt hook.
fn restore_all() {
    let mut active = lock_active();
    for a in active.iter_mut() {
        match restore(a) {
            Ok(()) => crate::errln!(
                "raidctl qualify: interrupted; write cache of {} restored ({})",
                a.ctl.device(),
                on_off(a.original)
            ),
            Err(e) => crate::errln!(
                "raidctl qualify: interrupted; RESTORE FAILED on {}: {e}; run {}",
                a.ctl.device(),
                a.ctl.set_command(a.original)
            ),
        }
    }
    active.clear();
}

/// A cache change in force; dropping it restores the original setting.
pub struct Guard {
    id: u64,
    /// Result of the restore, once done.
    pub restore_error: Option<String>,
    done: bool,
}

impl Guard {
    /// Journals, then flips the cache from `original` to `!original`.
    ///
    /// # Errors
    /// The journal could not be written (then nothing was changed) or the tool failed.
    pub fn flip(
        ctl: Arc<dyn CacheControl>,
        original: bool,
        journal_dir: Option<&Path>,
        watch_signals: bool,
    ) -> Result<Self, String> {
        let mut journal = match journal_dir {
            Some(dir) => {
                let mut j = Journal::create(dir, JOURNAL_WORKFLOW, ctl.device()).map_err(|e| {
                    format!("cannot journal the cache change in {}: {e}", dir.display())
                })?;
                let state = serde_json::json!({
                    "device": ctl.device(),
                    "tool": ctl.tool(),
                    "original_on": original,
                    "restore_command": ctl.set_command(original),
                });
                j.write(
                    "set-write-cache",
                    "planned",
                    Some(ctl.set_command(!original)),
                    &format!("write cache {} → {}", on_off(original), on_off(!original)),
                    Some(state),
                )
                .map_err(|e| format!("cannot journal the cache change: {e}"))?;
                Some(j)
            }
            None => None,
        };
        if watch_signals {
            crate::interrupt::before_exit(restore_all);
        }
        let id = {
            let mut n = NEXT
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *n += 1;
            *n
        };
        // Registered before the change: a signal during `set` still restores.
        let mut active = lock_active();
        if let Err(e) = ctl.set(!original) {
            // It may have half-applied: put the original back.
            let _ = ctl.set(original);
            if let Some(j) = journal.as_mut() {
                let _ = j.write("set-write-cache", "failed", None, &e, None);
            }
            return Err(e);
        }
        if let Some(j) = journal.as_mut() {
            let _ = j.write("set-write-cache", "done", None, "", None);
        }
        active.push(Active {
            id,
            ctl,
            original,
            journal,
        });
        Ok(Self {
            id,
            restore_error: None,
            done: false,
        })
    }

    /// Restores now and reports the outcome.
    pub fn restore(&mut self) -> Result<(), String> {
        if self.done {
            return self.restore_error.clone().map_or(Ok(()), Err);
        }
        self.done = true;
        let mut active = lock_active();
        let Some(pos) = active.iter().position(|a| a.id == self.id) else {
            // The interrupt hook restored it already.
            return Ok(());
        };
        let mut a = active.remove(pos);
        let r = restore(&mut a);
        self.restore_error = r.clone().err();
        r
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.restore();
    }
}

/// The jobs measured with the cache flipped: the 1-job fdatasync step and the 4 KiB random
/// write (the small-write job).
pub fn cache_jobs(d: &DriveResult) -> Vec<JobSpec> {
    [sync_name(1).as_str(), names::RANDWRITE_QD32]
        .iter()
        .filter_map(|n| d.job(n).map(|j| j.spec.clone()))
        .collect()
}

/// Measures a drive with its cache flipped and restores it; fills `d.cache` and adds the
/// `CACHE-*` rules. `run` runs one job (its result is recorded under `cache-off-NAME` or
/// `cache-on-NAME`).
pub fn measure(
    d: &mut DriveResult,
    ctl: Arc<dyn CacheControl>,
    journal_dir: Option<&Path>,
    watch_signals: bool,
    run: &mut dyn FnMut(&JobSpec) -> Result<JobResult, String>,
) {
    let mut rep = CacheReport {
        tool: ctl.tool().to_owned(),
        ..CacheReport::default()
    };
    let specs = cache_jobs(d);
    if specs.is_empty() {
        rep.note = Some("no fdatasync or small-write job ran: nothing to compare".into());
        d.cache = Some(rep);
        return;
    }
    let original = match ctl.get() {
        Ok(v) => v,
        Err(e) => {
            rep.note = Some(format!("cannot read the write cache: {e}"));
            d.cache = Some(rep);
            return;
        }
    };
    rep.original_on = Some(original);
    let mut guard = match Guard::flip(ctl.clone(), original, journal_dir, watch_signals) {
        Ok(g) => g,
        Err(e) => {
            rep.note = Some(format!("cannot change the write cache: {e}"));
            d.cache = Some(rep);
            return;
        }
    };
    let mut error = None;
    for spec in &specs {
        match run(spec) {
            Ok(mut r) => {
                r.spec.name = format!("cache-{}-{}", on_off(!original), spec.name);
                rep.jobs.push(r);
            }
            Err(e) => {
                error = Some(format!("{}: {e}", spec.name));
                break;
            }
        }
    }
    match guard.restore() {
        Ok(()) => rep.restored = true,
        Err(e) => d.rules.push(RuleHit::new(
            "CACHE-RESTORE",
            Verdict::Inconclusive,
            format!(
                "the write cache of {} could not be restored to {}: {e}; run {}",
                ctl.device(),
                on_off(original),
                ctl.set_command(original)
            ),
        )),
    }
    if let Some(e) = error {
        rep.note = Some(format!("measurement with the cache flipped stopped: {e}"));
    }
    for flipped in &rep.jobs {
        let name = flipped.spec.name.splitn(3, '-').nth(2).unwrap_or_default();
        let Some(first) = d.job(name) else { continue };
        let (on, off) = if original {
            (first, flipped)
        } else {
            (flipped, first)
        };
        rep.rows.push(CacheRow {
            job: name.to_owned(),
            on_iops: on.iops,
            off_iops: off.iops,
            on_p99_us: on.lat.p99_us,
            off_p99_us: off.lat.p99_us,
        });
    }
    d.cache = Some(rep);
}

/// Rules from a cache measurement: the difference (informational), and a WAL/DB or data
/// device whose fdatasync figure only holds with the volatile cache on.
pub fn rules(d: &DriveResult, role: &str, sync_floor: Option<f64>) -> Vec<RuleHit> {
    let mut out = Vec::new();
    let Some(c) = &d.cache else { return out };
    for r in &c.rows {
        if r.off_iops <= 0.0 || r.on_iops <= 0.0 {
            continue;
        }
        out.push(RuleHit::new(
            "CACHE-DELTA",
            Verdict::Pass,
            format!(
                "{}: {:.0} IOPS with the write cache on, {:.0} off ({:+.0} % off vs on)",
                r.job,
                r.on_iops,
                r.off_iops,
                (r.off_iops / r.on_iops - 1.0) * 100.0
            ),
        ));
        if r.job != sync_name(1) {
            continue;
        }
        let relies = match sync_floor {
            Some(f) => r.on_iops >= f && r.off_iops < f,
            None => r.off_iops < 0.5 * r.on_iops,
        };
        if relies {
            let level = if role == "wal-db" {
                Verdict::Fail
            } else {
                Verdict::Warn
            };
            let limit = sync_floor.map_or_else(
                || "half the cache-on figure".to_owned(),
                |f| format!("the floor {f:.0}"),
            );
            out.push(RuleHit::new("CACHE-RELIANT", level, format!(
                "fdatasync 1 job: {:.0} IOPS with the volatile write cache on but {:.0} with it off (below {limit}): the figure relies on the volatile cache, which loses acknowledged writes on power loss unless the drive has power-loss protection{}",
                r.on_iops, r.off_iops,
                if role == "wal-db" { "; a WAL/DB device must not" } else { "" }
            )));
        }
        if d.identity.class == super::device::DriveClass::Hdd && r.off_iops > r.on_iops * 1.05 {
            out.push(RuleHit::new(
                "CACHE-HDD-OFF-BETTER",
                Verdict::Pass,
                format!(
                    "fdatasync is {:.0} % faster with the write cache off: Ceph advises keeping it off on this HDD (persist with a udev rule)",
                    (r.off_iops / r.on_iops - 1.0) * 100.0
                ),
            ));
        }
    }
    out
}

/// Restores changes left behind by a run that died (SIGKILL, power loss): every
/// `qualify-cache` journal without a `completed` record. Returns what was done.
pub fn recover(state_dir: &Path, runner: Arc<dyn Runner>) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(journal::dir(state_dir)) else {
        return out;
    };
    let mut files: Vec<PathBuf> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(JOURNAL_WORKFLOW))
        })
        .collect();
    files.sort();
    for f in files {
        let Ok(recs) = journal::read(&f).map(|r| r.records) else {
            continue;
        };
        if recs.iter().any(|r| r.phase == "completed") {
            continue;
        }
        let changed = recs
            .iter()
            .any(|r| r.step == "set-write-cache" && r.phase == "planned");
        let failed_set = recs
            .iter()
            .any(|r| r.step == "set-write-cache" && r.phase == "failed");
        let Some(state) = recs.iter().find_map(|r| r.state.clone()) else {
            continue;
        };
        if !changed || failed_set {
            continue;
        }
        let dev = state["device"].as_str().unwrap_or_default().to_owned();
        let original = state["original_on"].as_bool().unwrap_or(true);
        let tool = state["tool"].as_str().unwrap_or_default();
        let ctl: Option<Arc<dyn CacheControl>> =
            crate::smart::find_tool(tool).map(|p| -> Arc<dyn CacheControl> {
                if tool == "hdparm" {
                    Arc::new(Hdparm::new(p, &dev, runner.clone()))
                } else {
                    Arc::new(Sdparm::new(p, &dev, runner.clone()))
                }
            });
        let id = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if tool == "megacli" {
            out.push(format!(
                "{dev}: an interrupted run left the VD's disk cache changed; restore it with {} (journal {id})",
                state["restore_command"].as_str().unwrap_or("-LDSetProp")
            ));
            continue;
        }
        let Some(ctl) = ctl else {
            out.push(format!(
                "{dev}: {tool} not found; restore the write cache by hand (journal {id})"
            ));
            continue;
        };
        let mut a = Active {
            id: 0,
            ctl,
            original,
            journal: Journal::open(state_dir, &id).ok(),
        };
        match restore(&mut a) {
            Ok(()) => out.push(format!(
                "{dev}: write cache restored to {} (left changed by an interrupted run, journal {id})",
                on_off(original)
            )),
            Err(e) => out.push(format!("{dev}: restoring the write cache failed: {e}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tool_answers() {
        assert_eq!(
            parse_hdparm("\n/dev/sda:\n write-caching =  1 (on)\n"),
            Some(true)
        );
        assert_eq!(
            parse_hdparm("/dev/sda:\n write-caching =  0 (off)\n"),
            Some(false)
        );
        assert_eq!(
            parse_hdparm("/dev/sda:\n write-caching = not supported\n"),
            None
        );
        assert_eq!(
            parse_sdparm(
                "    /dev/sdb: SEAGATE   ST4000NM0023      0004\nWCE           1  [cha: y, def:  1, sav:  1]\n"
            ),
            Some(true)
        );
        assert_eq!(parse_sdparm("WCE           0  [cha: y]\n"), Some(false));
        assert_eq!(parse_sdparm("nothing\n"), None);
    }
}
