//! Runs a parsed command line; `main` only maps the result to an exit status. One function
//! per command, in the module of its kind: [`monitoring`] reads and reports, [`host`] answers
//! about this host and raidctl's records, [`changes`] runs workflows, [`sim`] drives the
//! simulator, [`parse`] reads captured output.

mod changes;
mod host;
mod monitoring;
mod parse;
pub mod qualify;
mod sim;

pub use parse::PARSE_INPUT_CAP;

use crate::cli::{Cli, Command, Generated, SimCommand};
use crate::ctx::{Ctx, CtxOptions};
use crate::exit::ExitStatus;
use crate::output::{Format, Style};
use std::io::Write;
use std::time::Duration;

/// An error for the operator: one line, naming what and where.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Input that is not what the command expects.
    #[error("{0}")]
    Input(String),
    /// An I/O failure, with what was being done.
    #[error("{what}: {source}")]
    Io {
        /// What raidctl was doing.
        what: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Runs the command line and returns the exit status.
///
/// # Errors
/// An [`AppError`] for the operator; `main` prints it and exits 2.
pub fn run(cli: Cli) -> Result<ExitStatus, AppError> {
    let is_check = matches!(cli.command, Command::Check { .. });
    if cli.quiet {
        crate::progress::silence();
    }
    let mut out = crate::output::stdout();
    let result = run_with(cli, &mut out);
    let pipe = std::io::ErrorKind::BrokenPipe;
    let unwritten = out.finish().or(match &result {
        Err(AppError::Io { source, .. }) if source.kind() == pipe => {
            Some(std::io::Error::from(pipe))
        }
        _ => None,
    });
    Ok(match (unwritten, result) {
        (None, result) => return result,
        // A reader that went away (`raidctl status | head -1`) is not worth a message.
        (Some(e), Ok(status)) if e.kind() == pipe => status,
        (Some(e), Err(_)) if e.kind() == pipe => ExitStatus::Error,
        // Any other failure (a full disk behind `metrics > file`, `/dev/full`) cut the output:
        // the run failed, UNKNOWN for `check`, whose verdict never reached the monitor.
        (Some(e), _) => {
            crate::errln!("raidctl: cannot write standard output: {e}");
            if is_check {
                ExitStatus::Unknown
            } else {
                ExitStatus::Error
            }
        }
    })
}

/// `--timeout` when not given: per vendor call.
const VENDOR_TIMEOUT: Duration = Duration::from_secs(120);
/// `check --timeout` when not given: the whole run, shorter than NRPE's 60 s.
const CHECK_TIMEOUT: Duration = Duration::from_secs(30);

/// `--max-age` and `--full-read-after` of `status`, `check` and `metrics`.
pub(super) fn freshness(max_age: u64, full_read_after: u64) -> crate::backend::snapshot::Freshness {
    crate::backend::snapshot::Freshness {
        max_age: Duration::from_secs(max_age),
        full_read_after: Duration::from_secs(full_read_after),
    }
}

/// What every command takes from the global options.
struct Run {
    opts: CtxOptions,
    style: Style,
    format: Format,
    quiet: bool,
    /// `--timeout` as given.
    timeout: Option<Duration>,
    plan_as: PlanAs,
}

impl Run {
    fn new(cli: &Cli) -> Self {
        let opts = CtxOptions {
            sim: cli.sim.clone(),
            sim_state: cli.sim_state.clone(),
            megacli: cli.megacli.clone(),
            state_dir: cli.state_dir.clone(),
            timeout: match (&cli.command, cli.timeout) {
                // One hung call ends a little before the whole run's deadline (see
                // `monitoring::check`), so its own message (which call, which DCMD) is the
                // verdict; the deadline catches the sum of several slow ones.
                (Command::Check { .. }, t) => t.unwrap_or(CHECK_TIMEOUT) * 9 / 10,
                (_, Some(t)) => t,
                (_, None) => VENDOR_TIMEOUT,
            },
            quiet: cli.quiet,
            backend: cli.backend,
            sim_exe: None,
            ceph_conf: cli.ceph_conf.clone(),
            ceph_name: cli.ceph_name.clone(),
            sys_root: cli.sys_root.clone(),
            osd_root: cli.osd_root.clone(),
            ceph_root: cli.ceph_root.clone(),
            smart_max_age: Some(Duration::from_secs(cli.smart_max_age)),
            // The wiring: `--sim` runs on the simulator's hardware.
            simulator: Some(std::sync::Arc::new(crate::sim::hardware::SimHardware)),
        };
        Run {
            opts,
            style: Style::detect(cli.color, cli.wide),
            format: cli.format,
            quiet: cli.quiet,
            timeout: cli.timeout,
            plan_as: PlanAs {
                json: cli.format == Format::Json,
                command: workflow_name(&cli.command),
            },
        }
    }

    /// The host (or the simulated one) as the options describe it.
    fn ctx(&self) -> Result<Ctx, AppError> {
        Ctx::new(&self.opts).map_err(|e| AppError::Input(e.to_string()))
    }

    fn json(&self) -> bool {
        self.format == Format::Json
    }
}

/// The dispatcher: each command to its function.
fn run_with(cli: Cli, out: &mut dyn Write) -> Result<ExitStatus, AppError> {
    let r = Run::new(&cli);
    if r.json() {
        refuse_json(&cli.command)?;
    }
    match cli.command {
        Command::Parse { kind, files } => parse::run_parse(&kind, &files, r.format, r.style, out),
        Command::Status { fresh, from_bundle } => {
            monitoring::status(&r, fresh, from_bundle.as_deref(), out)
        }
        Command::Check(args) => monitoring::check(&r, args, out),
        Command::Metrics(args) => monitoring::metrics(&r, &args, out),
        Command::Ceph {
            action: crate::cli::CephAction::Sync(a),
        } => monitoring::ceph_sync(&r, &a, out),
        Command::Qualify(args) => {
            let c = r.ctx().ok();
            Ok(qualify::run_qualify(
                &args,
                c.as_ref(),
                r.json(),
                r.style,
                out,
            ))
        }
        Command::OsdPrep(args) => Ok(qualify::run_osd_prep(
            &args,
            &r.ctx()?,
            r.json(),
            r.style,
            out,
        )),
        Command::Doctor => Ok(host::doctor(&r, out)),
        Command::Collect(args) => host::collect(&r, &args, out),
        Command::Sim {
            cmd: SimCommand::Exec { tool, args },
        } => sim::exec(&r, &tool, &args),
        Command::Sim {
            cmd: SimCommand::Env,
        } => sim::env(&r, out),
        Command::Sim {
            cmd: SimCommand::Control(cmd),
        } => sim::control(&r, &cmd),
        Command::ReplaceDrive {
            target,
            osd,
            adapter,
            i_understand_data_loss,
            replace,
            wf,
        } => {
            let c = r.ctx()?;
            let ack = i_understand_data_loss;
            changes::replace_cmd(&c, &wf, &replace, ack, osd, &r.plan_as, out, |env| {
                crate::workflow::replace::run(env, target.as_deref(), adapter)
            })
        }
        Command::Resume { id, replace, wf } => changes::resume(&r, id, &replace, &wf, out),
        Command::Inventory { action, adapter } => host::inventory(&r, action, adapter, out),
        Command::Workflows { action } => host::workflows(&r, action, out),
        Command::Foreign {
            action,
            adapter,
            wf,
        } => changes::foreign(&r, action, adapter, &wf, out),
        Command::Hotspare { action, wf } => changes::hotspare(&r, action, &wf, out),
        Command::Rebuild {
            action,
            target,
            adapter,
            wf,
        } => changes::rebuild(&r, &action, target, adapter, &wf, out),
        Command::Pd {
            action,
            adapter,
            wf,
        } => changes::pd(&r, action, adapter, &wf, out),
        Command::Adapter {
            setting,
            adapter,
            wf,
        } => changes::adapter(&r, setting, adapter, &wf, out),
        Command::Ld {
            action,
            adapter,
            wf,
        } => changes::ld(&r, action, adapter, &wf, out),
        Command::Generate { what, dir } => generate_cmd(what, dir.as_deref(), out),
    }
}

/// `raidctl generate`: one page or script to standard output, or every man page into DIR.
fn generate_cmd(
    what: Generated,
    dir: Option<&std::path::Path>,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    match dir {
        Some(dir) => {
            if !matches!(what, Generated::Man) {
                return Err(AppError::Input(
                    "--dir is for `generate man` (every page into DIR)".into(),
                ));
            }
            crate::manual::write_man_pages(dir).map_err(|source| AppError::Io {
                what: format!("writing man pages into {}", dir.display()),
                source,
            })?;
        }
        None => {
            generate(what, out)
                .and_then(|()| out.flush())
                .map_err(|source| AppError::Io {
                    what: "writing to stdout".into(),
                    source,
                })?;
        }
    }
    Ok(ExitStatus::Ok)
}

/// Writes the man page or completions.
///
/// # Errors
/// I/O errors from `out`.
pub fn generate(what: Generated, out: &mut dyn Write) -> std::io::Result<()> {
    let mut cmd = crate::manual::command();
    match what {
        Generated::Man => {
            let pages = crate::manual::man_pages();
            out.write_all(&pages[0].1)
        }
        Generated::Bash => {
            clap_complete::generate(clap_complete::Shell::Bash, &mut cmd, "raidctl", out);
            Ok(())
        }
        Generated::Zsh => {
            clap_complete::generate(clap_complete::Shell::Zsh, &mut cmd, "raidctl", out);
            Ok(())
        }
        Generated::Fish => {
            clap_complete::generate(clap_complete::Shell::Fish, &mut cmd, "raidctl", out);
            Ok(())
        }
    }
}

/// How a workflow's plan is printed: `json` for `--format json` (with `--dry-run` only), and
/// the command it is the plan of.
struct PlanAs {
    json: bool,
    command: String,
}

/// The workflow command's name as typed (`replace-drive`, `ld create`, `pd locate`).
fn workflow_name(c: &Command) -> String {
    use crate::cli::{ForeignAction as F, HotspareAction as H, LdAction as L};
    match c {
        Command::ReplaceDrive { .. } => "replace-drive".into(),
        Command::Resume { .. } => "resume".into(),
        Command::Foreign { action, .. } => match action {
            F::Scan => "foreign scan",
            F::Show => "foreign show",
            F::Import { .. } => "foreign import",
            F::Clear { .. } => "foreign clear",
        }
        .into(),
        Command::Hotspare { action, .. } => match action {
            H::Add { .. } => "hotspare add",
            H::Remove { .. } => "hotspare remove",
        }
        .into(),
        Command::Rebuild { action, .. } => format!("rebuild {action}"),
        Command::Pd { action, .. } => format!("pd {}", action.name()),
        Command::Adapter { .. } => "adapter".into(),
        Command::Ld { action, .. } => match action {
            L::Create { .. } => "ld create",
            L::Delete { .. } => "ld delete",
            L::Set { .. } => "ld set",
        }
        .into(),
        _ => String::new(),
    }
}

/// `--format json` on a command that has no JSON form: a usage error (exit 2) before
/// anything runs, naming what does print JSON.
fn refuse_json(c: &Command) -> Result<(), AppError> {
    let what = match c {
        Command::Metrics { .. } => "metrics prints the Prometheus text format",
        Command::Generate { .. } => "generate prints a man page or a completion script",
        Command::Collect(_) => {
            "collect writes a bundle; `raidctl status --from-bundle BUNDLE --format json` reads it as JSON"
        }
        Command::Sim {
            cmd: SimCommand::Control(crate::sim::control::SimCmd::BlockDevices { .. }),
        } => {
            return Ok(());
        }
        Command::Sim { .. } => {
            "sim prints the simulator's own text (only `sim block-devices` has JSON)"
        }
        _ => return Ok(()),
    };
    Err(AppError::Input(format!(
        "--format json: not available: {what}"
    )))
}
