//! The command line, defined once: clap parses it, and the man page and completions are
//! generated from it.

pub mod args;
mod collect;
mod policy;
mod qualify;

pub use collect::CollectArgs;
pub use policy::{CacheArgs, PolicyArgs};
pub use qualify::{OsdPrepArgs, QualifyArgs};

use crate::output::{ColorChoice, Format};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Typed, safe tooling for LSI/Broadcom MegaRAID and Dell PERC controllers.
#[derive(Debug, Parser)]
#[command(name = "raidctl", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// When to use colours (`NO_COLOR` is honoured with `auto`).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Tables: every column and every value in full (on a terminal they otherwise fit its
    /// width, leaving out columns a note names).
    #[arg(long, global = true)]
    pub wide: bool,
    /// Run against a simulated controller in this scenario (healthy, degraded, rebuilding,
    /// foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the
    /// machine is touched.
    #[arg(long, global = true, env = "RAIDCTL_SIM", value_name = "SCENARIO")]
    pub sim: Option<String>,
    /// Keep the simulated controller's state in DIR: created from the scenario when DIR is
    /// empty, reused otherwise, so several commands act on one controller.
    #[arg(long, global = true, value_name = "DIR")]
    pub sim_state: Option<PathBuf>,
    /// MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and
    /// under /opt/MegaRAID/MegaCli).
    #[arg(long, global = true, value_name = "PATH")]
    pub megacli: Option<PathBuf>,
    /// Vendor tool: auto (from PCI IDs and installed tools; reads go native when the
    /// megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2,
    /// perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native
    /// (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool).
    #[arg(long, global = true, value_enum, default_value_t = crate::ctx::BackendChoice::Auto)]
    pub backend: crate::ctx::BackendChoice,
    /// Where sysfs is mounted, for the controller detection (tests and chroots).
    #[arg(long, global = true, hide = true, value_name = "DIR")]
    pub sys_root: Option<PathBuf>,
    /// Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join
    /// (tests and chroots).
    #[arg(long, global = true, hide = true, value_name = "DIR")]
    pub osd_root: Option<PathBuf>,
    /// Where Ceph's data directories are (`/var/lib/ceph`): cephadm's OSD directories
    /// `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says
    /// (tests and chroots).
    #[arg(long, global = true, hide = true, value_name = "DIR")]
    pub ceph_root: Option<PathBuf>,
    /// How long a vendor call may run before it is killed (with its whole process group),
    /// default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it
    /// expires, naming what was still running, before NRPE's own timeout). A duration (`90`
    /// seconds, `30s`, `2m`): more than 0, at most 1d.
    #[arg(long, short = 't', global = true, value_parser = args::timeout, value_name = "DURATION")]
    pub timeout: Option<std::time::Duration>,
    /// raidctl's state directory: snapshot cache, counter baseline, workflow journals
    /// (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl).
    #[arg(long, global = true, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// How long SMART read through the controller stands before status, check and metrics
    /// read it again (cached in the state directory; SMART is slow and changes slowly).
    #[arg(long, global = true, default_value = "1h", value_parser = args::max_age, value_name = "DURATION")]
    pub smart_max_age: u64,
    /// Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then
    /// /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made.
    #[arg(long, global = true, value_name = "FILE", env = "CEPH_CONF")]
    pub ceph_conf: Option<PathBuf>,
    /// Ceph client name (`--name` of `ceph`; default client.admin).
    #[arg(long, global = true, value_name = "NAME")]
    pub ceph_name: Option<String>,
    /// Print nothing but results: no notes, no progress.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse captured MegaCli, storcli/perccli or omreport output into the typed model.
    ///
    /// Reads each FILE (`-` for standard input), detects which MegaCli command produced it
    /// unless --kind says, and prints the model. Warnings carry the file and line number.
    /// Exit status 2 when a file is not recognisable MegaCli output.
    Parse {
        /// Command kind: `auto`, or one of adpallinfo, adpcount, adpgetpciinfo, encinfo,
        /// ldinfo, pdlist, pdinfo, ldpdinfo, bbu, bbustatus, eventlog, cfgdsply, foreign-scan,
        /// foreign-dsply, foreign-preview, foreign-clear, foreign-import, pdgetmissing,
        /// progress, fwtermlog, showsummary, version, action, empty, eventloginfo,
        /// phyerrorcounters, adpgettime; storcli-json, storcli2-json, storcli-text;
        /// omreport-ssv, omreport-text, omreport-health, omreport-version, omreport-log.
        /// `--kind help` lists the kinds and how each is detected.
        #[arg(long, default_value = "auto")]
        kind: String,
        /// Files with captured output; `-` reads standard input.
        #[arg(required_unless_present = "kind")]
        files: Vec<PathBuf>,
    },
    /// Show adapters, logical and physical drives, and the problems found, with suggested next
    /// commands.
    ///
    /// Exit status: 0 nothing needs attention, 1 warnings, 2 critical problems (or an unreadable
    /// bundle), 3 the state could not be read, 4 the bundle's integrity failed (--from-bundle).
    Status {
        /// How fresh the controller state must be.
        #[command(flatten)]
        fresh: FreshArgs,
        /// Evaluate a support bundle (`raidctl collect`) offline instead of the controller; its
        /// files are checked against its manifest first (exit 4 when they do not match).
        #[arg(long, value_name = "FILE")]
        from_bundle: Option<PathBuf>,
    },
    /// Nagios/Icinga plugin: one summary line, one line per problem, perfdata.
    ///
    /// Exit status 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (vendor tool missing, hung, crashed or
    /// silent, a usage error, no verdict within -t). A bundle whose integrity failed
    /// (--from-bundle) is CRITICAL.
    Check(CheckArgs),
    /// Prometheus metrics in the text exposition format.
    Metrics(MetricsArgs),
    /// Ceph's own device health learns what the controller knows.
    ///
    /// `ceph sync` sets `ceph device set-life-expectancy` for the Ceph device (VD or JBOD
    /// drive) of each OSD of this host whose drive is at risk (predictive failure, a SMART
    /// alert or trip, media errors grown since raidctl first saw it, failing sectors, grown
    /// defects, wear past --wear-threshold), with the reasons said and shown by `status`;
    /// Ceph then warns and, with `mgr/devicehealth/self_heal`, marks the OSD out while the
    /// drive still reads. It clears what it set (`rm-life-expectancy`) once the drive is
    /// replaced or recovers; an expectancy raidctl did not set is never changed or cleared.
    /// A second run with nothing changed runs no command.
    ///
    /// Exit status: 0 done (or nothing to do), 2 a Ceph command failed or the record of what
    /// raidctl set is unreadable, 3 the controller state or the Ceph cluster could not be read
    /// (nothing was changed).
    Ceph {
        /// What to do.
        #[command(subcommand)]
        action: CephAction,
    },
    /// Gather a support bundle: controller logs and inventory, SMART, host context and
    /// raidctl's own view, in one verifiable .tar.gz with a manifest and a .sha256 file.
    Collect(CollectArgs),
    /// Qualify raw drives before they become Ceph OSDs: I/O suite, SMART gates, peer
    /// comparison, verdicts (exit 0 PASS, 1 WARN, 2 FAIL, 3 INCONCLUSIVE).
    Qualify(QualifyArgs),
    /// Turn Unconfigured(good) drives into single-drive RAID0 or JBOD, qualify them, delete
    /// again the new VD of a drive that FAILs, and print the `ceph-volume lvm create` line for
    /// each passing drive.
    OsdPrep(OsdPrepArgs),
    /// Explain which vendor tool raidctl uses for the controllers in this machine, and what is
    /// missing ("this SAS40xx controller on mpi3mr needs perccli2; only perccli found").
    Doctor,
    /// The simulated controller: act on its physical world, run its vendor tools, or put them
    /// on PATH for other programs.
    ///
    /// The machine's hands and clock (`sim pull E:S`, `sim advance SECONDS`, …) need --sim or
    /// --sim-state; the same commands answer as `MegaCli64 control …` to programs that run the
    /// vendor tool. `sim exec TOOL -- ARGS...` runs a simulated vendor tool (state from
    /// --sim-state, else $RAIDCTL_SIM_STATE); `sim env` creates DIR/bin with links named after
    /// every vendor tool and prints the shell lines that put it first on PATH:
    /// `eval "$(raidctl --sim degraded --sim-state DIR sim env)"`.
    Sim {
        /// What to do to the simulated machine.
        #[command(subcommand)]
        cmd: SimCommand,
    },
    /// Replace a drive, guided: pre-checks, locate and confirm by serial, then the flow the
    /// drive's VD needs. A redundant VD: offline, mark missing, spin down, swap, check the new
    /// drive, replace the missing row, rebuild to optimal. A single-drive RAID0 or JBOD (the
    /// Ceph OSD layout): offline while it serves I/O, spin down, swap, the dead VD's pinned
    /// cache and the VD itself, recreate it as it was, qualify the new drive, verify.
    /// Journaled; `raidctl resume` continues after a crash.
    ReplaceDrive {
        /// The drive: `E:S` (`:S` without enclosure) or its serial number (with --osd it may
        /// be left out).
        #[arg(required_unless_present = "osd")]
        target: Option<String>,
        /// The Ceph OSD whose drive is replaced: Ceph drains it (`out`, then `safe-to-destroy`),
        /// stops and destroys it keeping its id, and after the controller steps the OSD is
        /// recreated with its id in the same mode (raw or lvm). Unattended runs name both the
        /// OSD and the drive's serial.
        #[arg(long, value_name = "N")]
        osd: Option<u32>,
        /// Adapter, when the address exists on several.
        #[arg(short = 'a', long)]
        adapter: Option<u32>,
        /// Give up the data of a VD without redundancy (RAID0): its target id (the `E:S` of a
        /// JBOD drive). --yes never implies it.
        #[arg(long, value_name = "VD")]
        i_understand_data_loss: Option<String>,
        /// Replacement options.
        #[command(flatten)]
        replace: ReplaceArgs,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Continue an interrupted workflow from its journal (the newest unfinished one by
    /// default), after re-verifying the live state.
    Resume {
        /// Workflow id (see `raidctl workflows`).
        id: Option<String>,
        /// Replacement options (they apply from the resumed step on).
        #[command(flatten)]
        replace: ReplaceArgs,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// The drives raidctl remembers (what each held, its OSDs, when it was last seen), so a
    /// drive that vanished is noticed; `forget E:S|SERIAL` acknowledges one that is not coming
    /// back (check stops reporting it missing).
    Inventory {
        /// What to do (list when omitted).
        #[command(subcommand)]
        action: Option<InventoryAction>,
        /// Adapter (all when omitted).
        #[arg(short = 'a', long, global = true)]
        adapter: Option<u32>,
    },
    /// List workflow journals, newest first, by how each ended; `dismiss ID` sets an
    /// unfinished one aside (status and check stop showing it; nothing on the controller
    /// changes).
    Workflows {
        /// What to do (list when omitted).
        #[command(subcommand)]
        action: Option<WorkflowsAction>,
    },
    /// Foreign configurations: scan, show, import, clear.
    Foreign {
        /// What to do.
        #[command(subcommand)]
        action: ForeignAction,
        /// Adapter.
        #[arg(short = 'a', long, default_value_t = 0, global = true)]
        adapter: u32,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Hot spares: add (global, or dedicated to a VD) or remove.
    Hotspare {
        /// What to do.
        #[command(subcommand)]
        action: HotspareAction,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Rebuilds: start, stop, status, watch.
    Rebuild {
        /// start, stop, status or watch.
        #[arg(value_parser = ["start", "stop", "status", "watch"])]
        action: String,
        /// The drive (`E:S` or serial); `status` and `watch` without one cover every rebuild
        /// and copyback (on `-a`, or on every adapter).
        target: Option<String>,
        /// Adapter.
        #[arg(short = 'a', long)]
        adapter: Option<u32>,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Physical drive actions: locate, make-good, offline, online (a force-online).
    Pd {
        /// What to do.
        #[command(subcommand)]
        action: PdAction,
        /// Adapter.
        #[arg(short = 'a', long, global = true)]
        adapter: Option<u32>,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Adapter settings: alarm, battery warning, rebuild rate.
    Adapter {
        /// What to do.
        #[command(subcommand)]
        setting: AdapterSetting,
        /// Adapter.
        #[arg(short = 'a', long, default_value_t = 0, global = true)]
        adapter: u32,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Logical drives: create, delete, or change a VD's cache policy.
    Ld {
        /// What to do.
        #[command(subcommand)]
        action: LdAction,
        /// Adapter.
        #[arg(short = 'a', long, default_value_t = 0, global = true)]
        adapter: u32,
        /// Workflow options.
        #[command(flatten)]
        wf: WfArgs,
    },
    /// Generate the man page or shell completions (for packaging).
    #[command(hide = true)]
    Generate {
        /// What to generate.
        #[arg(value_enum)]
        what: Generated,
        /// `man`: write every page (raidctl.1 and one per subcommand) into DIR instead of
        /// printing raidctl.1.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
}

/// `--max-age` and `--full-read-after` of `status`, `check` and `metrics`.
#[derive(Debug, Clone, Copy, Args)]
pub struct FreshArgs {
    /// Reuse a cached snapshot up to this old (0: always ask the controller; at most 1d).
    #[arg(long, default_value = "30s", value_parser = args::max_age, value_name = "DURATION")]
    pub max_age: u64,
    /// Past --max-age, reuse the cached snapshot while no adapter's event log moved (one
    /// vendor call), for at most this long after its last full read (0: never; at most
    /// 1d).
    #[arg(long, default_value = "10m", value_parser = args::max_age, value_name = "DURATION")]
    pub full_read_after: u64,
}

/// `check`'s options.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// How fresh the controller state must be.
    #[command(flatten)]
    pub fresh: FreshArgs,
    /// Evaluate a support bundle offline instead of the controller (CRITICAL when its files
    /// do not match its manifest).
    #[arg(long, value_name = "FILE")]
    pub from_bundle: Option<PathBuf>,
    /// Give a rule's findings another level: ok (dropped), info, warning, critical
    /// (`--state ld-rebuilding=critical`). Repeatable; the last one for a rule wins.
    #[arg(long = "state", value_name = "RULE=LEVEL", value_parser = crate::health::tuning::parse_state)]
    pub states: Vec<(String, crate::health::Severity)>,
    /// Drop the findings of a rule, or of one drive by bay (`32:4`) or serial. A drive's
    /// own findings only: its VD's still count. Repeatable.
    #[arg(long, value_name = "RULE|E:S|SERIAL")]
    pub ignore: Vec<String>,
    /// Drives the controllers must list: fewer is CRITICAL, more WARNING.
    #[arg(long, value_name = "N")]
    pub expect_drives: Option<usize>,
    /// Hot spares the controllers must list: any other number is WARNING.
    #[arg(long, value_name = "N")]
    pub expect_spares: Option<usize>,
    /// VDs the controllers must list: fewer is CRITICAL, more WARNING.
    #[arg(long, value_name = "N")]
    pub expect_vds: Option<usize>,
    /// The site's tuning: `state RULE=LEVEL`, `ignore RULE|E:S|SERIAL`, `expect-drives N`
    /// (and -spares, -vds), one per line; the options above add to it. Default
    /// /etc/raidctl/check.conf when it exists.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Long output after the problems: one line per VD and per drive, with its state (the
    /// monitoring-plugins `-v`).
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// `metrics`' options.
#[derive(Debug, Args)]
pub struct MetricsArgs {
    /// How fresh the controller state must be.
    #[command(flatten)]
    pub fresh: FreshArgs,
    /// Write `raidctl.prom` atomically into this directory (node_exporter's textfile
    /// collector) instead of printing.
    #[arg(long, value_name = "DIR")]
    pub textfile_dir: Option<PathBuf>,
    /// Another collector's series instead of raidctl's own: `storcli-py`, the
    /// `megaraid_*` series of node_exporter's storcli.py (same names and labels), written
    /// as `storcli.prom` with --textfile-dir.
    #[arg(long, value_name = "COLLECTOR")]
    pub compat: Option<Compat>,
    /// After the metrics, when the Ceph cluster answered, run `raidctl ceph sync` on the
    /// same state (Ceph's life expectancy of the devices of OSDs whose drives are at risk;
    /// its defaults). Its changes and failures are said on standard error; a failed
    /// change makes the run exit 2 (the metrics are written all the same).
    #[arg(long)]
    pub ceph_sync: bool,
}

pub use crate::monitor::Compat;

/// Artefacts `raidctl generate` writes to standard output.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Generated {
    /// The man page (roff).
    Man,
    /// Bash completions.
    Bash,
    /// Zsh completions.
    Zsh,
    /// Fish completions.
    Fish,
}

/// Options every workflow takes.
#[derive(Debug, Clone, clap::Args)]
pub struct WfArgs {
    /// Print the plan with the exact vendor command lines and change nothing.
    #[arg(long, global = true)]
    pub dry_run: bool,
    /// Do not ask (drive confirmations then need --serial).
    #[arg(long, short = 'y', global = true)]
    pub yes: bool,
    /// The serial number (or confirmation word) the operator expects; required with --yes for
    /// steps that confirm a drive.
    #[arg(long, global = true)]
    pub serial: Option<String>,
    /// How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`;
    /// at most 30d).
    #[arg(long, default_value = "1d", global = true, value_parser = args::wait_timeout, value_name = "DURATION")]
    pub wait_timeout: u64,
    /// Time between polls of the controller while waiting (whole seconds, 1s to 1d).
    #[arg(long, default_value = "10s", global = true, value_parser = args::interval, value_name = "DURATION")]
    pub poll: u64,
    /// Take a member of VD N offline although another member of it is already down (the VD
    /// is left without redundancy until both are rebuilt). Names the VD; --yes never implies
    /// it.
    #[arg(long, value_name = "VD", global = true)]
    pub accept_no_redundancy: Option<u32>,
}

/// Options of a drive replacement that a resume can give too.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplaceArgs {
    /// Qualify a new drive that gets a VD or JBOD of its own (RAID0, JBOD) with this profile
    /// before it carries anything (smoke, quick, standard, burn-in), or `none`.
    #[arg(long, value_name = "PROFILE|none")]
    pub qualify: Option<String>,
    /// Clear foreign configuration N from the new drive (it must hold that configuration
    /// alone): the operator's word that it holds nothing needed.
    #[arg(long, value_name = "N")]
    pub clear_foreign: Option<u32>,
    /// With an OSD: how long to wait for Ceph to say it is safe to destroy (and for the
    /// degraded objects to reach zero) before stopping with nothing changed on the controller
    /// (at most 30d).
    #[arg(long, value_name = "DURATION", default_value = "12h", value_parser = args::wait_timeout)]
    pub drain_timeout: u64,
    /// With an OSD that still runs: how long Ceph's "no" to `ceph osd ok-to-stop` must hold,
    /// with every PG active, before raidctl stops and says why (a no while PGs peer after a
    /// change is asked again; at most 1d).
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = args::interval)]
    pub settle: u64,
    /// With an OSD: set the recreated OSD's CRUSH weight to the new drive's size when it
    /// differs (otherwise only said).
    #[arg(long)]
    pub reweight: bool,
    /// Replace a drive nothing says is failing (online, no media errors, no predictive
    /// failure, no SMART alert, its VD optimal): a planned swap. Without it such a drive is
    /// refused, so a mistyped E:S or a stale OSD name never takes a healthy drive out. At a
    /// terminal the word `proactive` is typed back; with --yes the flag alone suffices.
    #[arg(long)]
    pub proactive: bool,
}

/// `raidctl ceph` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum CephAction {
    /// Set (and clear again) Ceph's life expectancy of the devices whose drives are at risk.
    Sync(CephSyncArgs),
}

/// `raidctl ceph sync` options.
#[derive(Debug, Clone, clap::Args)]
pub struct CephSyncArgs {
    /// Print what would be set and cleared, with the exact `ceph` command lines, and change
    /// nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The failure window set: from now to this far ahead. Ceph's devicehealth warns once the
    /// window's end is within `mgr/devicehealth/warn_threshold` (default 7 weeks) and, with
    /// `self_heal`, marks the OSD out within `mark_out_threshold` (default 4 weeks): the
    /// default two weeks does both at once. 1h to 365d.
    #[arg(long, default_value = "14d", value_parser = args::life_window, value_name = "DURATION")]
    pub window: u64,
    /// SSD wear (percentage of rated life used, SMART) at or above which a drive counts as at
    /// risk (`smart-wear` warns from 90).
    #[arg(long, default_value_t = crate::health::ceph_sync::DEFAULT_WEAR_PCT, value_parser = clap::value_parser!(u64).range(1..=1000), value_name = "PCT")]
    pub wear_threshold: u64,
    /// Reuse a cached controller snapshot up to this old (0: always ask the controller; at
    /// most 1d). Ceph is asked every time.
    #[arg(long, default_value = "30s", value_parser = args::max_age, value_name = "DURATION")]
    pub max_age: u64,
}

/// `raidctl inventory` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum InventoryAction {
    /// Forget a drive that is gone (its bay empty): it is not coming back. Refused for a
    /// drive that is present.
    Forget {
        /// `E:S`, `[E:S]`, `:S` or the serial.
        item: String,
    },
}

/// `raidctl workflows` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum WorkflowsAction {
    /// Set an interrupted or stopped workflow aside: it was finished by hand or is not to be
    /// resumed. The journal records it; `resume` without an id skips it.
    Dismiss {
        /// Workflow id (see `raidctl workflows`).
        id: String,
    },
}

/// `raidctl foreign` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum ForeignAction {
    /// Count foreign configurations.
    Scan,
    /// Show what each foreign configuration holds.
    Show,
    /// Import (all, or one by index): the drives rejoin their VDs.
    Import {
        /// Foreign configuration index.
        index: Option<u32>,
    },
    /// Clear (erase) foreign metadata. Refused while a VD waits for missing drives or
    /// preserved cache exists, unless --i-understand-data-loss names the configuration.
    Clear {
        /// Foreign configuration index (all when omitted).
        index: Option<u32>,
        /// Acknowledge the data loss: the index cleared (`all` when clearing all).
        #[arg(long, value_name = "INDEX")]
        i_understand_data_loss: Option<String>,
    },
}

/// `raidctl hotspare` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum HotspareAction {
    /// Make an Unconfigured(good) drive a hot spare.
    Add {
        /// The drive (`E:S` or serial).
        target: String,
        /// Dedicate it to this VD (target id); global otherwise.
        #[arg(long, value_name = "VD")]
        dedicated: Option<u32>,
        /// Adapter.
        #[arg(short = 'a', long)]
        adapter: Option<u32>,
    },
    /// Turn a hot spare back into Unconfigured(good).
    Remove {
        /// The drive (`E:S` or serial).
        target: String,
        /// Adapter.
        #[arg(short = 'a', long)]
        adapter: Option<u32>,
    },
}

/// `raidctl adapter` settings.
#[derive(Debug, Clone, Subcommand)]
pub enum AdapterSetting {
    /// Silence, enable or disable the buzzer.
    Alarm {
        /// silence, enable or disable.
        #[arg(value_enum)]
        action: crate::backend::ops::Alarm,
    },
    /// Warn at boot about a missing or failed battery.
    BatteryWarning {
        /// enable or disable.
        #[arg(value_parser = ["enable", "disable"])]
        state: String,
    },
    /// Share of controller time for rebuilds (percent; the default is 30).
    RebuildRate {
        /// Percent, 0 to 100.
        #[arg(value_parser = clap::value_parser!(u8).range(0..=100))]
        percent: u8,
    },
}

/// `raidctl sim` commands: the simulated machine's hands and clock, and the vendor tools it
/// answers as.
#[derive(Debug, Clone, Subcommand)]
pub enum SimCommand {
    /// Run a simulated vendor tool (MegaCli64, storcli64, perccli64, omreport, omconfig,
    /// smartctl) against the state, with its own exit status.
    Exec {
        /// The tool.
        tool: String,
        /// Its arguments (after `--`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Print the shell lines that put the simulated vendor tools first in PATH (the state must
    /// outlive this command: --sim-state DIR).
    Env,
    /// The control interface (also `MegaCli64 control …`).
    #[command(flatten)]
    Control(crate::sim::control::SimCmd),
}

/// `raidctl pd` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum PdAction {
    /// Blink a bay's locate LED (or stop it): by drive, by OSD, by block device or by Ceph's
    /// device id, so it can be cephadm's `blink_device_light_cmd`.
    Locate {
        /// The drive (`E:S` or serial).
        #[arg(required_unless_present_any = ["osd", "device", "ceph_devid"])]
        target: Option<String>,
        /// The bay of Ceph OSD N (its VD's drive or its JBOD drive, from the identity join)
        /// instead of a drive.
        #[arg(long, value_name = "N", conflicts_with_all = ["target", "device", "ceph_devid"])]
        osd: Option<u32>,
        /// The bay under the block device (`/dev/sdc` or `sdc`, as cephadm's `dev` gives it),
        /// through the OSD the identity join verified on it (its BlueStore label), never by the
        /// kernel name alone.
        #[arg(long, value_name = "PATH|NAME", conflicts_with_all = ["target", "ceph_devid"])]
        device: Option<String>,
        /// The bay of Ceph's device id (`VENDOR_MODEL_SERIAL`, as `ceph device ls` prints
        /// it): the OSD the join found on it, else the drive with that serial.
        #[arg(long, value_name = "DEVID", conflicts_with = "target")]
        ceph_devid: Option<String>,
        /// Start blinking (the default; for `ceph device light` templates).
        #[arg(long, conflicts_with = "stop")]
        on: bool,
        /// Stop blinking.
        #[arg(long, visible_alias = "off")]
        stop: bool,
        /// Ceph's fault light. MegaRAID/PERC bays have one locate LED, so this is the same
        /// locate LED (said on standard error).
        #[arg(long)]
        fault: bool,
    },
    /// Mark an Unconfigured(bad) drive good again (after a transient failure was understood;
    /// not for a drive that failed).
    MakeGood {
        /// The drive (`E:S` or serial).
        target: String,
    },
    /// Take a drive offline (a VD member: the VD runs degraded until it is rebuilt).
    Offline {
        /// The drive (`E:S` or serial).
        target: String,
    },
    /// Force a drive online (the last resort for a VD that lost too many members; its data
    /// may be stale).
    Online {
        /// The drive (`E:S` or serial).
        target: String,
    },
}

impl PdAction {
    /// The action's name as typed.
    pub fn name(&self) -> &'static str {
        match self {
            PdAction::Locate { .. } => "locate",
            PdAction::MakeGood { .. } => "make-good",
            PdAction::Offline { .. } => "offline",
            PdAction::Online { .. } => "online",
        }
    }
}

/// `raidctl ld` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum LdAction {
    /// Create a VD from Unconfigured(good) drives, with the policy `osd-prep` gives OSD VDs:
    /// write-back when the adapter's battery is healthy (else write-through), no read-ahead,
    /// direct I/O, the controller's strip size, the drives' cache as it is. Prints the new
    /// VD's target id and block device.
    Create {
        /// raid0, raid1, raid5, raid6, raid10, raid50 or raid60.
        #[arg(long)]
        raid: String,
        /// Drives as `E:S,E:S,...`.
        #[arg(value_delimiter = ',', required = true)]
        drives: Vec<String>,
        /// Drives per span for RAID 10/50/60 (default 2 for RAID 10, half the drives otherwise).
        #[arg(long)]
        span_size: Option<usize>,
        /// Policy options (each overrides one part of the default policy).
        #[command(flatten)]
        policy: PolicyArgs,
        /// Name the VD (at most 15 characters).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
    },
    /// Delete a VD (destroys its data).
    Delete {
        /// VD target id.
        target: u32,
    },
    /// Change a VD's cache policy in place (its data stays): one vendor command per property,
    /// then the policy read back. What `status` suggests for `vd-sibling-policy`.
    Set {
        /// VD target id.
        target: u32,
        /// What to change (at least one).
        #[command(flatten)]
        cache: CacheArgs,
    },
}
