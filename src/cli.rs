//! The command line, defined once: clap parses it, and the man page and completions are
//! generated from it.

use crate::output::{ColorChoice, Format};
use clap::{Parser, Subcommand, ValueEnum};
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
    /// Seconds before a vendor call is killed (with its whole process group).
    #[arg(long, global = true, default_value_t = 120.0, value_name = "SECONDS")]
    pub timeout: f64,
    /// raidctl's state directory: snapshot cache, counter baseline, workflow journals
    /// (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl).
    #[arg(long, global = true, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// Print nothing but results.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse captured MegaCli output into the typed model.
    ///
    /// Reads each FILE (`-` for standard input), detects which MegaCli command produced it
    /// unless --kind says, and prints the model. Warnings carry the file and line number.
    /// Exit status 2 when a file is not recognisable MegaCli output.
    Parse {
        /// Command kind: `auto`, or one of adpallinfo, adpcount, adpgetpciinfo, encinfo,
        /// ldinfo, pdlist, pdinfo, ldpdinfo, bbu, bbustatus, eventlog, cfgdsply, foreign-scan,
        /// foreign-dsply, foreign-preview, foreign-clear, foreign-import, pdgetmissing,
        /// progress, fwtermlog, showsummary, version, action, empty.
        #[arg(long, default_value = "auto")]
        kind: String,
        /// Files with captured output; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Show adapters, logical and physical drives, and the problems found, with suggested next
    /// commands.
    ///
    /// Exit status: 0 nothing needs attention, 1 warnings, 2 critical problems, 3 the state
    /// could not be read.
    Status {
        /// Reuse a cached snapshot up to this many seconds old (0: always ask the controller).
        #[arg(long, default_value_t = 30, value_name = "SECONDS")]
        max_age: u64,
    },
    /// Nagios/Icinga plugin: one summary line, one line per problem, perfdata.
    ///
    /// Exit status 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (vendor tool missing, hung, crashed or
    /// silent).
    Check {
        /// Reuse a cached snapshot up to this many seconds old.
        #[arg(long, default_value_t = 30, value_name = "SECONDS")]
        max_age: u64,
    },
    /// Prometheus metrics in the text exposition format.
    Metrics {
        /// Reuse a cached snapshot up to this many seconds old.
        #[arg(long, default_value_t = 30, value_name = "SECONDS")]
        max_age: u64,
        /// Write `raidctl.prom` atomically into this directory (node_exporter's textfile
        /// collector) instead of printing.
        #[arg(long, value_name = "DIR")]
        textfile_dir: Option<PathBuf>,
    },
    /// Act on the simulated controller's physical world (requires --sim or --sim-state):
    /// `pull E:S`, `insert E:S --kind blank`, `fail E:S`, `advance SECONDS`, `fault add ...`.
    Sim {
        /// Arguments for the simulator's control interface (`raidctl sim help` lists them).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
        args: Vec<String>,
    },
    /// Generate the man page or shell completions (for packaging).
    #[command(hide = true)]
    Generate {
        /// What to generate.
        #[arg(value_enum)]
        what: Generated,
    },
}

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
