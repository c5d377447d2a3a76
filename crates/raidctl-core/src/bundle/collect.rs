//! The collector: runs the catalogue and the host commands into a staging directory, then
//! redacts, summarises, hashes and packs it.

use super::manifest::{
    HostFacts, Item, MANIFEST_SCHEMA, Manifest, Output, rfc3339, sha256_file, stamp,
};
use super::redact::{Class, Redactor};
use super::{archive, host, summary, vendor};
use crate::backend::runner::{self, Sink, Spec};
use crate::backend::snapshot::Snapshot;
use crate::ctx::Ctx;
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

mod steps;

pub use crate::backend::catalogue::Level;

/// Everything `collect` needs besides the context.
#[derive(Debug, Clone)]
pub struct CollectOptions {
    /// Archive path (default `raidctl-bundle-<host>-<UTC stamp>.tar.gz` in the current
    /// directory).
    pub output: Option<PathBuf>,
    /// Collection level.
    pub level: Level,
    /// Kernel log and journal window.
    pub since: Duration,
    /// Redaction classes (empty: off).
    pub redact: Vec<Class>,
    /// Tail cap per stored file.
    pub item_limit: u64,
    /// Cap on the bundle's uncompressed size.
    pub total_limit: u64,
    /// Overall time budget.
    pub budget: Duration,
    /// Deadline of one command.
    pub per_command_timeout: Duration,
    /// `PATH` used to find host tools and given to them (default: this process's).
    pub path_var: Option<OsString>,
    /// Print one line per item on standard error.
    pub progress: bool,
    /// The command line, for the manifest.
    pub command_line: Vec<String>,
    /// Free space required before starting (default: twice the total limit, at most 512 MiB).
    pub min_free: Option<u64>,
    /// Replace an existing archive (and its `.sha256` and redaction map) (`--force`).
    pub force: bool,
}

impl Default for CollectOptions {
    fn default() -> Self {
        Self {
            output: None,
            level: Level::Standard,
            since: Duration::from_secs(7 * 86_400),
            redact: Vec::new(),
            item_limit: 25 << 20,
            total_limit: 250 << 20,
            budget: Duration::from_secs(900),
            per_command_timeout: Duration::from_secs(180),
            path_var: None,
            progress: crate::progress::wanted(),
            command_line: std::env::args().collect(),
            min_free: None,
            force: false,
        }
    }
}

/// What `collect` produced.
#[derive(Debug, Clone)]
pub struct CollectReport {
    /// The archive.
    pub archive: PathBuf,
    /// `<archive>.sha256`.
    pub checksum_file: PathBuf,
    /// The private redaction mapping (outside the archive), when redaction was on.
    pub mapping_file: Option<PathBuf>,
    /// The manifest as stored.
    pub manifest: Manifest,
    /// Ids of failed items.
    pub failed: Vec<String>,
}

/// Which controller a vendor command concerns, for hang isolation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Scope {
    /// Not a controller command.
    Host,
    /// Every adapter (`-aALL`, SMART through any adapter).
    All,
    /// One adapter.
    Adapter(u32),
}

pub(crate) struct Collector<'a> {
    pub(crate) opts: &'a CollectOptions,
    pub(crate) staging: PathBuf,
    pub(crate) root: PathBuf,
    pub(crate) path_var: OsString,
    deadline: Instant,
    pub(crate) items: Vec<Item>,
    total: u64,
    hung: BTreeSet<Scope>,
    seq: usize,
}

/// A command to run as an item.
pub(crate) struct Cmd<'b> {
    pub(crate) id: String,
    pub(crate) scope: Scope,
    /// The program, or why there is none.
    pub(crate) program: Result<PathBuf, String>,
    /// The file executed with `program` as its `argv[0]`: the simulator's vendor tools.
    pub(crate) exe: Option<&'b Path>,
    pub(crate) args: Vec<String>,
    pub(crate) env: &'b [(String, String)],
    /// Path of stdout below the root (stderr goes beside it).
    pub(crate) out: String,
    pub(crate) timeout: Option<Duration>,
}

impl Collector<'_> {
    fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    pub(crate) fn room(&self) -> u64 {
        self.opts.total_limit.saturating_sub(self.total)
    }

    pub(crate) fn limit(&self) -> u64 {
        self.opts.item_limit.min(self.room())
    }

    fn skip_reason(&self, scope: Scope) -> Option<String> {
        let hung_adapter = self.hung.iter().find_map(|s| match s {
            Scope::Adapter(n) => Some(*n),
            _ => None,
        });
        match scope {
            Scope::Host => None,
            _ if self.hung.contains(&Scope::All) => Some(
                "an earlier -aALL command hung in the kernel; no further calls to the controllers"
                    .into(),
            ),
            Scope::Adapter(n) if self.hung.contains(&Scope::Adapter(n)) => Some(format!(
                "an earlier command on adapter {n} hung in the kernel; no further calls to it"
            )),
            Scope::All => hung_adapter
                .map(|n| format!("adapter {n} hung in the kernel; no further calls that reach it")),
            Scope::Adapter(_) => None,
        }
        .or_else(|| {
            self.remaining()
                .is_zero()
                .then(|| "time budget exhausted".to_owned())
        })
        .or_else(|| (self.room() == 0).then(|| "total size limit reached".to_owned()))
    }

    /// Records an item, prints its progress line.
    pub(crate) fn push(&mut self, item: Item) -> usize {
        self.seq += 1;
        if self.opts.progress {
            let state = if let Some(r) = &item.skipped_reason {
                format!("skipped ({r})")
            } else if item.hung {
                "HUNG".to_owned()
            } else if item.timed_out {
                "timed out".to_owned()
            } else if let Some(s) = item.signal {
                format!("crashed (signal {s})")
            } else if let Some(e) = &item.error {
                format!("error: {e}")
            } else {
                match item.exit_code {
                    Some(0) | None => "ok".to_owned(),
                    Some(c) => format!("exit {c}"),
                }
            };
            crate::errln!(
                "[{:>3}] {:<36} {:>6.1}s  {state}",
                self.seq,
                item.id,
                item.duration_ms as f64 / 1000.0
            );
        }
        self.items.push(item);
        self.items.len() - 1
    }

    /// A skipped item.
    pub(crate) fn skip(
        &mut self,
        id: &str,
        kind: &str,
        argv: Vec<String>,
        reason: String,
    ) -> usize {
        self.push(Item {
            id: id.to_owned(),
            kind: kind.to_owned(),
            argv,
            skipped_reason: Some(reason),
            ..Item::default()
        })
    }

    /// Registers a stored file (written by the caller) and accounts for its size.
    pub(crate) fn add_output(
        &mut self,
        idx: usize,
        rel: &str,
        stream: &str,
        original: u64,
        truncated: bool,
    ) {
        let bytes = std::fs::metadata(self.root.join(rel)).map_or(0, |m| m.len());
        self.total += bytes;
        if let Some(item) = self.items.get_mut(idx) {
            item.outputs.push(Output {
                path: rel.to_owned(),
                stream: stream.to_owned(),
                bytes,
                original_bytes: original.max(bytes),
                truncated,
                sha256: String::new(),
            });
        }
    }

    /// Writes `data` (tail-truncated to the limit) to `rel` and returns (original, truncated).
    pub(crate) fn write(&mut self, rel: &str, data: &[u8]) -> (u64, bool) {
        let limit = usize::try_from(self.limit()).unwrap_or(usize::MAX);
        let keep = if data.len() > limit {
            data.get(data.len() - limit..).unwrap_or_default()
        } else {
            data
        };
        let path = self.root.join(rel);
        if let Some(p) = path.parent() {
            let _ = std::fs::create_dir_all(p);
        }
        let _ = std::fs::write(&path, keep);
        (data.len() as u64, keep.len() < data.len())
    }

    /// A derived or copied file as an item of its own.
    pub(crate) fn file_item(
        &mut self,
        id: &str,
        kind: &str,
        source: Option<String>,
        rel: &str,
        data: &[u8],
    ) -> usize {
        let start = SystemTime::now();
        if self.room() == 0 {
            return self.skip(id, kind, Vec::new(), "total size limit reached".into());
        }
        let (orig, trunc) = self.write(rel, data);
        let idx = self.push(Item {
            id: id.to_owned(),
            kind: kind.to_owned(),
            source,
            started_at: Some(rfc3339(start)),
            ended_at: Some(rfc3339(SystemTime::now())),
            ..Item::default()
        });
        self.add_output(idx, rel, "file", orig, trunc);
        idx
    }

    /// Runs a command as an item.
    pub(crate) fn command(&mut self, c: Cmd<'_>) -> usize {
        let program = match &c.program {
            Ok(p) => p.clone(),
            Err(reason) => {
                let argv = c.args.clone();
                return self.skip(&c.id, "command", argv, reason.clone());
            }
        };
        let argv = runner::argv(&program, &c.args);
        if let Some(reason) = self.skip_reason(c.scope) {
            return self.skip(&c.id, "command", argv, reason);
        }
        let timeout = c
            .timeout
            .unwrap_or(self.opts.per_command_timeout)
            .min(self.opts.per_command_timeout)
            .min(self.remaining());
        let scratch_rel = format!(".scratch/{}", c.id.replace('/', "_"));
        let cwd = self.staging.join(&scratch_rel);
        let out_path = self.root.join(&c.out);
        let err_rel = format!("{}.stderr", c.out);
        let err_path = self.root.join(&err_rel);
        if let Some(p) = out_path.parent() {
            let _ = std::fs::create_dir_all(p);
        }
        let start = SystemTime::now();
        let limit = self.limit();
        let o = runner::run_process(&Spec {
            program: &program,
            exe: c.exe,
            args: &c.args,
            cwd: &cwd,
            env: c.env,
            path_var: Some(&self.path_var),
            timeout,
            stdout: Sink::File(&out_path),
            stderr: Sink::File(&err_path),
            limit,
        });
        let mut item = Item {
            id: c.id.clone(),
            kind: "command".into(),
            argv,
            cwd: Some(scratch_rel),
            started_at: Some(rfc3339(start)),
            ended_at: Some(rfc3339(SystemTime::now())),
            duration_ms: u64::try_from(o.duration.as_millis()).unwrap_or(u64::MAX),
            exit_code: o.status,
            signal: o.signal,
            timed_out: o.timed_out,
            hung: o.hung,
            ..Item::default()
        };
        if let Some(e) = &o.spawn_error {
            item.error = Some(format!("cannot run {}: {e}", program.display()));
        } else if o.hung {
            item.error = Some(format!(
                "did not die after SIGKILL (process state {}); abandoned",
                o.proc_state
                    .map_or_else(|| "unknown".to_owned(), String::from)
            ));
            self.hung.insert(c.scope);
        } else if o.timed_out {
            item.error = Some(format!(
                "timed out after {:.1} s and was killed",
                timeout.as_secs_f64()
            ));
        } else if let Some(s) = o.signal {
            item.error = Some(format!("killed by signal {s}"));
        } else if o.stdout.incomplete {
            item.error = Some(
                "its output did not end (a process outside its group kept it open); what it \
                 printed by then is kept"
                    .to_owned(),
            );
        }
        if o.lingered {
            item.notes.push(
                "processes it left running kept its output open after it exited and were \
                 killed with its process group"
                    .to_owned(),
            );
        }
        let idx = self.push(item);
        if o.spawn_error.is_none() {
            self.add_output(idx, &c.out, "stdout", o.stdout.produced, o.stdout.truncated);
            if o.stderr.kept > 0 {
                self.add_output(
                    idx,
                    &err_rel,
                    "stderr",
                    o.stderr.produced,
                    o.stderr.truncated,
                );
            } else {
                let _ = std::fs::remove_file(&err_path);
            }
        } else {
            let _ = std::fs::remove_file(&out_path);
            let _ = std::fs::remove_file(&err_path);
        }
        idx
    }

    /// Moves files a command left in its scratch directory: `keep` into the bundle at
    /// `keep_rel`, everything else (MegaSAS.log, CmdTool.log) removed and noted.
    pub(crate) fn sweep_scratch(&mut self, idx: usize, keep: Option<(&str, &str)>) {
        let Some(cwd) = self.items.get(idx).and_then(|i| i.cwd.clone()) else {
            return;
        };
        let dir = self.staging.join(&cwd);
        if let Some((name, rel)) = keep {
            let src = dir.join(name);
            // Only a regular file (a link left there is neither followed nor kept).
            if std::fs::symlink_metadata(&src).is_ok_and(|m| m.is_file()) {
                let dst = self.root.join(rel);
                let orig = std::fs::metadata(&src).map_or(0, |m| m.len());
                let mut trunc = false;
                if std::fs::rename(&src, &dst).is_ok() {
                    if orig > self.limit() {
                        if let Ok(mut f) = std::fs::OpenOptions::new()
                            .read(true)
                            .write(true)
                            .open(&dst)
                        {
                            trunc = runner::keep_tail(&mut f, self.limit()).is_ok();
                        }
                    }
                    self.add_output(idx, rel, "file", orig, trunc);
                }
            }
        }
        if let Ok(rd) = std::fs::read_dir(&dir) {
            let names: Vec<String> = rd
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            if !names.is_empty() {
                if let Some(item) = self.items.get_mut(idx) {
                    item.notes.push(format!(
                        "removed files the tool left in its scratch directory: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn read_trim(p: &str) -> Option<String> {
    std::fs::read_to_string(p)
        .ok()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// Names of this host (short and fully qualified) for the manifest and for redaction.
fn host_names() -> Vec<String> {
    let mut v = Vec::new();
    if let Some(h) = read_trim("/proc/sys/kernel/hostname").or_else(|| read_trim("/etc/hostname")) {
        if let Some((short, _)) = h.split_once('.') {
            v.push(short.to_owned());
        }
        v.push(h);
    }
    if let Some(d) = read_trim("/proc/sys/kernel/domainname").filter(|d| d != "(none)") {
        if let Some(short) = v.first().cloned() {
            v.push(format!("{short}.{d}"));
        }
    }
    v.dedup();
    v
}

fn serials(snap: Option<&Snapshot>) -> Vec<String> {
    let Some(s) = snap else { return Vec::new() };
    let mut v: Vec<String> = Vec::new();
    v.extend(s.adapters.iter().filter_map(|a| a.serial.clone()));
    for pd in &s.physical_drives {
        v.extend(pd.serial.clone());
        v.extend(pd.wwn.clone());
        v.extend(
            pd.sas_addresses
                .iter()
                .filter(|a| a.trim_start_matches("0x").trim_matches('0').len() > 3)
                .cloned(),
        );
    }
    v.retain(|s| !s.trim().is_empty());
    v.iter().map(|s| s.trim().to_owned()).collect()
}

fn free_bytes(dir: &Path) -> Option<u64> {
    let st = rustix::fs::statvfs(dir).ok()?;
    Some(st.f_bavail.saturating_mul(st.f_frsize))
}

fn mkdir_private(p: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(p)
}

/// Collects a bundle.
///
/// # Errors
/// Only what prevents writing a bundle at all: no free space, an unwritable output directory.
/// Failed items are recorded, never returned as errors.
pub fn collect(opts: &CollectOptions, ctx: &Ctx) -> Result<CollectReport, String> {
    let started_sys = SystemTime::now();
    let started = Instant::now();
    let names = host_names();
    let hostname = names.last().cloned().unwrap_or_else(|| "localhost".into());
    let short = names.first().cloned().unwrap_or_else(|| hostname.clone());
    let classes = opts.redact.clone();
    // Name tokens must exist before the archive is named.
    let mut pre = Redactor::new(&classes, &names, &[]);
    let host_label = pre
        .token_for(Class::Hostnames, &short)
        .unwrap_or_else(|| short.clone());
    let default_name = format!("raidctl-bundle-{host_label}-{}.tar.gz", stamp(started_sys));
    let archive_path = match &opts.output {
        Some(p) if p.is_dir() => p.join(&default_name),
        Some(p) => p.clone(),
        None => PathBuf::from(&default_name),
    };
    let file_name = archive_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file name", archive_path.display()))?;
    let top = file_name
        .strip_suffix(".tar.gz")
        .or_else(|| file_name.strip_suffix(".tgz"))
        .unwrap_or(&file_name)
        .to_owned();
    let out_dir = match archive_path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // Nothing is overwritten without --force: said before collecting, not after.
    if !opts.force {
        let side = PathBuf::from(format!("{}.sha256", archive_path.display()));
        let map = PathBuf::from(format!("{}.redaction-map.json", archive_path.display()));
        for p in [&archive_path, &side, &map] {
            if std::fs::symlink_metadata(p).is_ok() {
                return Err(format!(
                    "{} exists: choose another -o, or add --force to replace it",
                    p.display()
                ));
            }
        }
    }
    let need = opts
        .min_free
        .unwrap_or_else(|| opts.total_limit.saturating_mul(2).min(512 << 20));
    match free_bytes(&out_dir) {
        Some(free) if free < need => {
            return Err(format!(
                "{}: only {} MiB free, the bundle needs up to {} MiB (lower --total-limit or choose another -o)",
                out_dir.display(),
                free >> 20,
                need >> 20
            ));
        }
        None => {
            return Err(format!(
                "{}: cannot read free space (does the directory exist?)",
                out_dir.display()
            ));
        }
        Some(_) => {}
    }
    // A random name, created exclusively with mode 0700, and removed if raidctl is interrupted
    // (SIGINT, SIGTERM, SIGHUP): collected data must not be left behind.
    let staging_dir = {
        use std::os::unix::fs::PermissionsExt;
        tempfile::Builder::new()
            .prefix(".raidctl-bundle-")
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir_in(&out_dir)
            .map_err(|e| {
                format!(
                    "{}: cannot create a staging directory: {e}",
                    out_dir.display()
                )
            })?
    };
    let staging = staging_dir.path().to_path_buf();
    crate::interrupt::remove_on_interrupt(&staging);
    let root = staging.join(&top);
    mkdir_private(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    drop(pre);
    let result = collect_in(
        opts,
        ctx,
        &staging,
        &root,
        &archive_path,
        started_sys,
        started,
        &hostname,
    );
    crate::interrupt::remove_private(staging_dir);
    result
}

#[allow(clippy::too_many_arguments)]
fn collect_in(
    opts: &CollectOptions,
    ctx: &Ctx,
    staging: &Path,
    root: &Path,
    archive_path: &Path,
    started_sys: SystemTime,
    started: Instant,
    hostname: &str,
) -> Result<CollectReport, String> {
    let path_var = opts
        .path_var
        .clone()
        .or_else(|| std::env::var_os("PATH"))
        .unwrap_or_else(|| OsString::from("/usr/sbin:/usr/bin:/sbin:/bin"));
    let mut c = Collector {
        opts,
        staging: staging.to_path_buf(),
        root: root.to_path_buf(),
        path_var,
        deadline: started + opts.budget,
        items: Vec::new(),
        total: 0,
        hung: BTreeSet::new(),
        seq: 0,
    };
    let env = sim_env(ctx);
    let (mut snap_result, backend, versions) = steps::controller_items(&mut c, ctx, &env);
    // 4b. Ceph: the identity join (into the snapshot, so the problems name the OSDs) and,
    // when the cluster answers, `ceph -s` and `ceph osd tree`.
    let mut join = ctx.osd_join(Duration::ZERO);
    if let Ok(s) = &mut snap_result {
        join.apply(s);
    }
    ceph_view(&mut c, ctx, &join);
    let snap = snap_result.as_ref().ok();
    // 5. raidctl's own view (small and valuable: before the size cap can bite).
    let mut problems = own_view(&mut c, ctx, &snap_result);
    // 6. SMART through the controller; a drive it could not read is a problem of the summary.
    if opts.level != Level::Quick {
        let tools = ctx.sim_exe().map(|e| (e, &env[..]));
        let failed = host::smart(&mut c, snap, tools, &|a| ctx.fallback_scsi_host(a));
        if !failed.is_empty() {
            let p = problems.get_or_insert_with(Vec::new);
            p.extend(failed);
            p.sort_by_key(|p| std::cmp::Reverse(p.severity));
        }
    }
    // 7. Host context.
    host::host_context(&mut c, opts.level, opts.since);
    host::journals(&mut c, &ctx.state_dir.join("journals"));

    // 8. Summary, redaction, hashes, manifest, archive.
    steps::write_summary(&mut c, root, &backend, snap, problems.as_deref(), hostname)?;
    let manifest = Manifest {
        schema_version: MANIFEST_SCHEMA,
        raidctl_version: env!("CARGO_PKG_VERSION").to_owned(),
        command_line: opts.command_line.clone(),
        level: opts.level.name().to_owned(),
        since_secs: opts.since.as_secs(),
        started_at: rfc3339(started_sys),
        host: host_facts(&c, hostname, ctx),
        backend: backend.clone(),
        tool_versions: vendor::tool_versions(versions, snap),
        options: steps::manifest_options(opts),
        ..Manifest::default()
    };
    steps::finish(c, root, archive_path, manifest, snap, started)
}

/// The environment of the simulated tools (the simulator's state), empty on a real host.
fn sim_env(ctx: &Ctx) -> Vec<(String, String)> {
    ctx.sim_state_env()
        .map(|(var, d)| vec![(var.to_owned(), d.display().to_string())])
        .unwrap_or_default()
}

pub(crate) fn stream_text(c: &Collector<'_>, idx: usize, stream: &str) -> String {
    c.items
        .get(idx)
        .and_then(|i| i.outputs.iter().find(|o| o.stream == stream))
        .and_then(|o| std::fs::read(c.root.join(&o.path)).ok())
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

pub(crate) fn stdout_text(c: &Collector<'_>, idx: usize) -> String {
    stream_text(c, idx, "stdout")
}

fn host_facts(c: &Collector<'_>, hostname: &str, ctx: &Ctx) -> HostFacts {
    let tools = host::TOOLS
        .iter()
        .map(|t| {
            (
                (*t).to_owned(),
                runner::which(t, &c.path_var).map(|p| p.display().to_string()),
            )
        })
        .collect();
    HostFacts {
        hostname: hostname.to_owned(),
        kernel: read_trim("/proc/sys/kernel/osrelease").unwrap_or_default(),
        arch: std::env::consts::ARCH.to_owned(),
        euid: rustix::process::geteuid().as_raw(),
        megacli: ctx
            .ops()
            .ok()
            .and_then(|o| o.catalogue())
            .filter(|c| c.dir() == "megacli")
            .and_then(|c| c.programs().first().map(|p| p.display().to_string())),
        simulated: ctx.simulated(),
        tools,
    }
}

/// Snapshot JSON, health, baseline and journals. Returns the problems when health could be
/// evaluated.
/// `ceph/identity-join.json` (always: an empty join says Ceph was not found, and why), and
/// `ceph/status.json`, `ceph/osd-tree.json` when the cluster answered the join.
fn ceph_view(c: &mut Collector<'_>, ctx: &Ctx, join: &crate::ceph::OsdJoin) {
    let json = serde_json::to_vec_pretty(join).unwrap_or_default();
    c.file_item(
        "ceph/identity-join",
        "derived",
        None,
        "ceph/identity-join.json",
        &json,
    );
    if join.cluster != crate::ceph::ClusterView::Answered {
        for id in ["ceph/status", "ceph/osd-tree"] {
            c.skip(
                id,
                "command",
                Vec::new(),
                join.cluster_note()
                    .unwrap_or_else(|| "no Ceph cluster configured on this host".into()),
            );
        }
        return;
    }
    let ceph = ctx.ceph();
    for (id, rel, args) in [
        ("ceph/status", "ceph/status.json", &["status"][..]),
        ("ceph/osd-tree", "ceph/osd-tree.json", &["osd", "tree"][..]),
    ] {
        let line = format!("ceph {} -f json", args.join(" "));
        match ceph.ceph_raw(args, true) {
            Ok(out) => {
                let idx = c.file_item(id, "command", Some(line), rel, out.stdout.as_bytes());
                if out.status != Some(0) {
                    if let Some(i) = c.items.get_mut(idx) {
                        i.error = Some(format!(
                            "exit {}: {}",
                            out.status.unwrap_or(-1),
                            out.stderr.trim()
                        ));
                    }
                }
            }
            Err(e) => {
                c.skip(id, "command", vec![line], e.to_string());
            }
        }
    }
}

fn own_view(
    c: &mut Collector<'_>,
    ctx: &Ctx,
    snap: &Result<Snapshot, String>,
) -> Option<Vec<crate::health::Problem>> {
    let baseline = crate::health::Baseline::load(&ctx.state_dir);
    let base_path = crate::health::Baseline::path(&ctx.state_dir);
    if base_path.is_file() {
        let data = std::fs::read(&base_path).unwrap_or_default();
        c.file_item(
            "raidctl/baseline",
            "file",
            Some(base_path.display().to_string()),
            "raidctl/baseline.json",
            &data,
        );
    }
    match snap {
        Ok(s) => {
            let json = serde_json::to_vec_pretty(s).unwrap_or_default();
            c.file_item(
                "raidctl/snapshot",
                "derived",
                None,
                "raidctl/snapshot.json",
                &json,
            );
            // As `status` does: an unreadable baseline means no increases are evaluated.
            let (b, note) = match &baseline {
                Ok(b) => (b.clone(), None),
                Err(e) => (
                    crate::health::Baseline::default(),
                    Some(format!(
                        "counter baseline unreadable ({e}); increases are not evaluated"
                    )),
                ),
            };
            let problems = crate::health::evaluate(s, &b);
            let doc = serde_json::json!({
                "overall": crate::health::overall(&problems),
                "problems": problems,
            });
            let json = serde_json::to_vec_pretty(&doc).unwrap_or_default();
            let idx = c.file_item(
                "raidctl/health",
                "derived",
                None,
                "raidctl/health.json",
                &json,
            );
            if let (Some(i), Some(n)) = (c.items.get_mut(idx), note) {
                i.notes.push(n);
            }
            Some(problems)
        }
        Err(e) => {
            for id in ["raidctl/snapshot", "raidctl/health"] {
                let idx = c.skip(id, "derived", Vec::new(), String::new());
                if let Some(i) = c.items.get_mut(idx) {
                    i.skipped_reason = None;
                    i.error = Some(format!("no snapshot: {e}"));
                }
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hang_stops_calls_to_its_adapter_only() {
        let opts = CollectOptions::default();
        let mut c = Collector {
            opts: &opts,
            staging: PathBuf::new(),
            root: PathBuf::new(),
            path_var: OsString::new(),
            deadline: Instant::now() + Duration::from_secs(60),
            items: Vec::new(),
            total: 0,
            hung: BTreeSet::from([Scope::Adapter(0)]),
            seq: 0,
        };
        assert!(
            c.skip_reason(Scope::Adapter(0))
                .unwrap()
                .contains("adapter 0")
        );
        assert!(c.skip_reason(Scope::Adapter(1)).is_none());
        assert!(c.skip_reason(Scope::All).unwrap().contains("adapter 0"));
        assert!(c.skip_reason(Scope::Host).is_none());
        c.hung.insert(Scope::All);
        assert!(c.skip_reason(Scope::Adapter(1)).is_some());
        c.hung.clear();
        c.deadline = Instant::now();
        assert_eq!(
            c.skip_reason(Scope::Adapter(1)).unwrap(),
            "time budget exhausted"
        );
        c.deadline = Instant::now() + Duration::from_secs(60);
        c.total = opts.total_limit;
        assert_eq!(
            c.skip_reason(Scope::Host).unwrap(),
            "total size limit reached"
        );
    }
}
