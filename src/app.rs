//! Runs a parsed command line; `main` only maps the result to an exit status.

use crate::cli::{Cli, Command, Generated, SimCommand};
use crate::ctx::{Ctx, CtxOptions};
use crate::exit::ExitStatus;
use crate::model::{Document, SCHEMA_VERSION};
use crate::monitor;
use crate::output::{Format, Style, document, table};
use crate::parse::{self, Kind};
use std::io::{Read, Write};
use std::path::Path;
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

fn tool_names() -> String {
    crate::sim::multicall::TOOL_NAMES
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs the command line and returns the exit status.
///
/// # Errors
/// An [`AppError`] for the operator; `main` prints it and exits 2.
pub fn run(cli: Cli) -> Result<ExitStatus, AppError> {
    let is_check = matches!(cli.command, Command::Check { .. });
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
fn freshness(max_age: u64, full_read_after: u64) -> crate::backend::snapshot::Freshness {
    crate::backend::snapshot::Freshness {
        max_age: Duration::from_secs(max_age),
        full_read_after: Duration::from_secs(full_read_after),
    }
}

fn run_with(cli: Cli, out: &mut dyn Write) -> Result<ExitStatus, AppError> {
    let style = Style::detect(cli.color, cli.wide);
    let opts = CtxOptions {
        sim: cli.sim.clone(),
        sim_state: cli.sim_state.clone(),
        megacli: cli.megacli.clone(),
        state_dir: cli.state_dir.clone(),
        timeout: match (&cli.command, cli.timeout) {
            // One hung call ends a little before the whole run's deadline (below), so its
            // own message (which call, which DCMD) is the verdict; the deadline catches the
            // sum of several slow ones.
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
        smart_max_age: Some(std::time::Duration::from_secs(cli.smart_max_age)),
    };
    let ctx = || Ctx::new(&opts).map_err(|e| AppError::Input(e.to_string()));
    let plan_as = PlanAs {
        json: cli.format == Format::Json,
        command: workflow_name(&cli.command),
    };
    if cli.format == Format::Json {
        refuse_json(&cli.command)?;
    }
    match cli.command {
        Command::Parse { kind, files } => run_parse(&kind, &files, cli.format, style, out),
        Command::Status {
            max_age,
            full_read_after,
            from_bundle,
        } => {
            if let Some(path) = &from_bundle {
                let result = monitor::evaluate_bundle(path);
                return Ok(monitor::run_status_bundle(result, cli.format, style, out));
            }
            let result = monitor::evaluate(&ctx()?, freshness(max_age, full_read_after));
            Ok(monitor::run_status(result, cli.format, style, out))
        }
        Command::Check {
            max_age,
            full_read_after,
            from_bundle,
            states,
            ignore,
            expect_drives,
            expect_spares,
            expect_vds,
            config,
            verbose,
        } => {
            use crate::health::tuning::{DEFAULT_CONFIG, Tuning};
            let cli_tuning = Tuning {
                states,
                ignore,
                expect_drives,
                expect_spares,
                expect_vds,
            };
            let file = config.or_else(|| {
                let d = Path::new(DEFAULT_CONFIG);
                std::fs::symlink_metadata(d)
                    .is_ok()
                    .then(|| d.to_path_buf())
            });
            let json = cli.format == Format::Json;
            if json && from_bundle.is_some() {
                return Err(AppError::Input(
                    "check --from-bundle --format json: not available; `raidctl status --from-bundle --format json` prints the bundle's state and integrity as JSON".into(),
                ));
            }
            let tuning = match file.as_deref().map(Tuning::from_file) {
                None => cli_tuning,
                Some(Ok(site)) => site.with(cli_tuning),
                // A tuning that cannot be read is no verdict: UNKNOWN, saying where.
                Some(Err(e)) => {
                    let line = format!(
                        "RAID UNKNOWN - {}\n",
                        crate::escape::escape(&format!("check configuration {e}"))
                    );
                    let text = if json {
                        crate::output::check::check_json(&line, 3, &[])
                    } else {
                        line
                    };
                    let _ = write!(out, "{text}");
                    return Ok(ExitStatus::Unknown);
                }
            };
            if let Some(path) = &from_bundle {
                return Ok(monitor::run_check_bundle(
                    monitor::evaluate_bundle(path),
                    verbose,
                    out,
                ));
            }
            let limit = cli.timeout.unwrap_or(CHECK_TIMEOUT);
            crate::interrupt::deadline(limit, move |running| {
                let what = if running.is_empty() {
                    String::new()
                } else {
                    format!(" (still running: {})", running.join("; "))
                };
                let line = format!(
                    "RAID UNKNOWN - no verdict within {}s{}\n",
                    limit.as_secs(),
                    crate::escape::escape(&what)
                );
                if json {
                    crate::output::check::check_json(&line, 3, &[])
                } else {
                    line
                }
            });
            let fresh = freshness(max_age, full_read_after);
            let result = Ctx::new(&opts)
                .map_err(|e| e.to_string())
                .and_then(|c| monitor::evaluate(&c, fresh))
                .map(|(snap, problems)| {
                    let problems = tuning.apply(&snap, problems);
                    (snap, problems)
                });
            Ok(monitor::run_check_as(result, verbose, json, out))
        }
        Command::Metrics {
            max_age,
            full_read_after,
            textfile_dir,
            compat,
            ceph_sync,
        } => {
            let fresh = freshness(max_age, full_read_after);
            let ctx = Ctx::new(&opts).map_err(|e| e.to_string());
            let eval = ctx
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|c| monitor::evaluate_with(c, fresh, fresh.max_age));
            let result = eval
                .as_ref()
                .map(|e| (e.snap.clone(), e.problems.clone()))
                .map_err(Clone::clone);
            let status = monitor::run_metrics(result, textfile_dir.as_deref(), compat, out);
            match (ceph_sync, &ctx, &eval) {
                (true, Ok(c), Ok(e)) if monitor::metrics_ceph_sync(c, e) != ExitStatus::Ok => {
                    Ok(ExitStatus::Error)
                }
                _ => Ok(status),
            }
        }
        Command::Ceph {
            action: crate::cli::CephAction::Sync(a),
        } => {
            let ctx = ctx()?;
            // The controller as `status` reads it; Ceph (the join and its devices) afresh.
            let eval = monitor::evaluate_with(&ctx, freshness(a.max_age, 600), Duration::ZERO);
            let run = monitor::SyncRun {
                opts: crate::health::ceph_sync::SyncOptions {
                    horizon_s: a.window,
                    wear_pct: a.wear_threshold,
                },
                dry_run: a.dry_run,
            };
            Ok(monitor::run_ceph_sync(
                &ctx, eval, run, cli.format, cli.quiet, out,
            ))
        }
        Command::Qualify(args) => {
            let c = Ctx::new(&opts).ok();
            Ok(crate::qualify::run_qualify(
                &args,
                c.as_ref(),
                cli.format == Format::Json,
                style,
                out,
            ))
        }
        Command::OsdPrep(args) => Ok(crate::qualify::run_osd_prep(
            &args,
            &ctx()?,
            cli.format == Format::Json,
            style,
            out,
        )),
        Command::Doctor => {
            use crate::backend::detect;
            let controllers = detect::scan_pci(Path::new("/sys"));
            let tools = detect::installed_tools();
            let choice = detect::choose(&controllers, &tools);
            let (native_ok, native_line) = crate::backend::native::doctor();
            match cli.format {
                Format::Json => {
                    #[derive(serde::Serialize)]
                    struct Installed<'a> {
                        tool: &'a detect::Tool,
                        path: &'a Path,
                    }
                    #[derive(serde::Serialize)]
                    struct Native<'a> {
                        usable: bool,
                        detail: &'a str,
                    }
                    #[derive(serde::Serialize)]
                    struct Doctor<'a, C, H> {
                        controllers: C,
                        installed: Vec<Installed<'a>>,
                        choice: H,
                        native: Native<'a>,
                    }
                    let doc = Doctor {
                        controllers: &controllers,
                        installed: tools
                            .iter()
                            .map(|(tool, path)| Installed { tool, path })
                            .collect(),
                        choice: &choice,
                        native: Native {
                            usable: native_ok,
                            detail: &native_line,
                        },
                    };
                    let _ = serde_json::to_writer_pretty(&mut *out, &doc);
                    let _ = writeln!(out);
                }
                Format::Table => {
                    for r in &choice.reasons {
                        let _ = writeln!(out, "{r}");
                    }
                    let _ = writeln!(out, "{native_line}");
                    if tools.is_empty() {
                        let _ = writeln!(
                            out,
                            "no vendor tool installed (MegaCli64, storcli64, perccli64, storcli2, perccli2, omreport)"
                        );
                    }
                    if cli.sim.is_some() || cli.sim_state.is_some() {
                        let _ = writeln!(
                            out,
                            "--sim: the simulated controller is driven through its MegaCli front end"
                        );
                    }
                }
            }
            Ok(if choice.tool.is_some() || native_ok {
                ExitStatus::Ok
            } else {
                ExitStatus::Warning
            })
        }
        Command::Collect(args) => Ok(crate::bundle::run_collect(&args, &ctx()?, out)),
        Command::Sim {
            cmd: SimCommand::Exec { tool, args },
        } => {
            let mut tool_args = &args[..];
            if tool_args.first().is_some_and(|a| a == "--") {
                tool_args = &tool_args[1..];
            }
            if crate::sim::multicall::front_for(&tool).is_none() {
                return Err(AppError::Input(format!(
                    "{tool}: not a simulated vendor tool (one of {})",
                    tool_names()
                )));
            }
            let c = if opts.sim.is_some() || opts.sim_state.is_some() {
                Some(ctx()?)
            } else {
                None
            };
            let dir = c
                .as_ref()
                .and_then(|c| c.sim_dir.clone())
                .or_else(crate::sim::multicall::state_from_env);
            let code = crate::sim::multicall::run(&tool, tool_args, dir).unwrap_or(2);
            drop(c);
            let _ = std::io::stdout().flush();
            // The vendor tool's own exit status (MegaCli's MFI status), not raidctl's.
            std::process::exit(code);
        }
        Command::Sim {
            cmd: SimCommand::Env,
        } => {
            let Some(dir) = cli.sim_state.as_ref() else {
                return Err(AppError::Input(
                    "usage: raidctl [--sim SCENARIO] --sim-state DIR sim env (the state must outlive this command)".into(),
                ));
            };
            let c = ctx()?;
            let sim_dir = c.sim_dir.clone().unwrap_or_else(|| dir.clone());
            let bin =
                crate::sim::multicall::ensure_bin_dir(&sim_dir, None).map_err(AppError::Input)?;
            let _ = write!(out, "{}", crate::sim::multicall::env_lines(&sim_dir, &bin));
            Ok(ExitStatus::Ok)
        }
        Command::Sim {
            cmd: SimCommand::Control(cmd),
        } => {
            let c = ctx()?;
            let Some(dir) = c.sim_dir.as_ref() else {
                return Err(AppError::Input(
                    "`raidctl sim` needs --sim SCENARIO or --sim-state DIR".into(),
                ));
            };
            let code =
                crate::sim::control::run(Some(dir.clone()), &cmd, cli.format == Format::Json);
            c.cache().invalidate();
            Ok(if code == 0 {
                ExitStatus::Ok
            } else {
                ExitStatus::Error
            })
        }
        Command::ReplaceDrive {
            target,
            osd,
            adapter,
            i_understand_data_loss,
            replace,
            wf,
        } => {
            let c = ctx()?;
            replace_cmd(
                &c,
                &wf,
                &replace,
                i_understand_data_loss,
                osd,
                &plan_as,
                out,
                |env| crate::workflow::replace::run(env, target.as_deref(), adapter),
            )
        }
        Command::Resume { id, replace, wf } => {
            let c = ctx()?;
            let id = match id {
                Some(id) => id,
                None => crate::workflow::journal::resumable(&c.state_dir).ok_or_else(|| {
                    AppError::Input(
                        "no unfinished replacement to resume (`raidctl workflows` lists them)"
                            .into(),
                    )
                })?,
            };
            replace_cmd(&c, &wf, &replace, None, None, &plan_as, out, |env| {
                crate::workflow::replace::resume(env, &id)
            })
        }
        Command::Inventory { action, adapter } => {
            use crate::health::Baseline;
            let c = ctx()?;
            // Present or missing is the controller's word now, not the cache's.
            let snap = c
                .snapshot(Duration::ZERO)
                .map_err(|e| AppError::Input(e.to_string()))?;
            let mut b = Baseline::load(&c.state_dir).map_err(|e| {
                AppError::Input(format!("{}: {e}", Baseline::path(&c.state_dir).display()))
            })?;
            if let Some(crate::cli::InventoryAction::Forget { item }) = action {
                let gone = b.forget(&snap, &item, adapter).map_err(AppError::Input)?;
                b.save(&c.state_dir)
                    .map_err(|e| AppError::Input(format!("cannot save the inventory: {e}")))?;
                for e in &gone {
                    let _ = writeln!(
                        out,
                        "forgot [{}] on adapter {} (serial {}, held {})",
                        e.address,
                        e.adapter,
                        e.serial.as_deref().unwrap_or("?"),
                        e.role.as_deref().unwrap_or("nothing")
                    );
                }
                return Ok(ExitStatus::Ok);
            }
            let missing: Vec<&str> = b.missing(&snap).into_iter().map(|(k, _)| k).collect();
            let rows: Vec<(&String, &crate::health::DriveBaseline)> = b
                .drives
                .iter()
                .filter(|(_, e)| adapter.is_none_or(|a| a == e.adapter))
                .collect();
            match cli.format {
                Format::Json => {
                    #[derive(serde::Serialize)]
                    struct Row<'a> {
                        #[serde(flatten)]
                        drive: &'a crate::health::DriveBaseline,
                        missing: bool,
                    }
                    let doc: Vec<Row<'_>> = rows
                        .iter()
                        .map(|(k, e)| Row {
                            drive: e,
                            missing: missing.contains(&k.as_str()),
                        })
                        .collect();
                    let _ = serde_json::to_writer_pretty(&mut *out, &doc);
                    let _ = writeln!(out);
                }
                Format::Table => {
                    let mut t = table::new_table(
                        style,
                        &[
                            "adapter",
                            "bay",
                            "serial",
                            "held",
                            "osds",
                            "last seen",
                            "now",
                        ],
                    );
                    for (k, e) in &rows {
                        t.add_row(vec![
                            e.adapter.to_string(),
                            format!("[{}]", e.address),
                            e.serial.clone().unwrap_or_else(|| "?".into()),
                            e.role.clone().unwrap_or_else(|| "-".into()),
                            e.osds
                                .iter()
                                .map(|o| format!("osd.{o}"))
                                .collect::<Vec<_>>()
                                .join(","),
                            crate::model::utc_time(e.last_seen_unix),
                            if missing.contains(&k.as_str()) {
                                "MISSING".into()
                            } else {
                                "seen".into()
                            },
                        ]);
                    }
                    let _ = writeln!(out, "{t}");
                }
            }
            Ok(ExitStatus::Ok)
        }
        Command::Workflows { action } => {
            let c = ctx()?;
            if let Some(crate::cli::WorkflowsAction::Dismiss { id }) = action {
                let s = crate::workflow::journal::dismiss(&c.state_dir, &id)
                    .map_err(AppError::Input)?;
                match cli.format {
                    Format::Json => {
                        let _ = serde_json::to_writer_pretty(&mut *out, &s);
                        let _ = writeln!(out);
                    }
                    Format::Table => {
                        let _ = writeln!(out, "{}: dismissed", s.id);
                    }
                }
                return Ok(ExitStatus::Ok);
            }
            let list = crate::workflow::journal::list(&c.state_dir);
            match cli.format {
                Format::Json => {
                    let _ = serde_json::to_writer_pretty(&mut *out, &list);
                    let _ = writeln!(out);
                }
                Format::Table => {
                    let _ = crate::output::workflows::write(&list, &c.state_dir, style, out);
                }
            }
            Ok(ExitStatus::Ok)
        }
        Command::Foreign {
            action,
            adapter,
            wf,
        } => workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
            use crate::cli::ForeignAction as F;
            use crate::workflow::simple;
            match action {
                F::Scan | F::Show => simple::foreign_show(env, adapter),
                F::Import { index } => simple::foreign_import(env, adapter, index),
                F::Clear {
                    index,
                    i_understand_data_loss,
                } => simple::foreign_clear(env, adapter, index, i_understand_data_loss.as_deref()),
            }
        }),
        Command::Hotspare { action, wf } => {
            workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| match action {
                crate::cli::HotspareAction::Add {
                    target,
                    dedicated,
                    adapter,
                } => crate::workflow::simple::hotspare(env, true, &target, adapter, dedicated),
                crate::cli::HotspareAction::Remove { target, adapter } => {
                    crate::workflow::simple::hotspare(env, false, &target, adapter, None)
                }
            })
        }
        Command::Rebuild {
            action,
            target,
            adapter,
            wf,
        } => {
            use crate::workflow::simple;
            let watch = action == "watch";
            if target.is_none() && !matches!(action.as_str(), "status" | "watch") {
                return Err(AppError::Input(format!(
                    "rebuild {action} needs the drive (E:S or serial)"
                )));
            }
            workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
                match (action.as_str(), &target) {
                    ("status" | "watch", None) => simple::rebuild_status_all(env, adapter, watch),
                    ("status" | "watch", Some(t)) => simple::rebuild_status(env, t, adapter, watch),
                    (other, Some(t)) => simple::rebuild(env, other, t, adapter),
                    (_, None) => Err(crate::workflow::WfError::Usage("no drive given".into())),
                }
            })
        }
        Command::Pd {
            action,
            adapter,
            wf,
        } => {
            use crate::cli::PdAction;
            let c = ctx()?;
            let name = action.name();
            match action {
                PdAction::Locate {
                    target,
                    osd,
                    device,
                    ceph_devid,
                    on: _,
                    stop,
                    fault,
                } => {
                    if fault && !cli.quiet {
                        crate::errln!(
                            "raidctl: --fault: MegaRAID/PERC bays have one locate LED; the fault light is that same locate LED"
                        );
                    }
                    let bay = LocateBy {
                        target,
                        osd,
                        device,
                        ceph_devid,
                    };
                    let (target, adapter) = locate_target(&c, bay, adapter, cli.quiet)?;
                    workflow_cmd(&c, &wf, &plan_as, out, |env| {
                        crate::workflow::simple::locate(env, &target, adapter, stop)
                    })
                }
                PdAction::MakeGood { target }
                | PdAction::Offline { target }
                | PdAction::Online { target } => workflow_cmd(&c, &wf, &plan_as, out, |env| {
                    crate::workflow::simple::pd_state(env, name, &target, adapter)
                }),
            }
        }
        Command::Adapter {
            setting,
            adapter,
            wf,
        } => {
            use crate::backend::ops::Op;
            let op = match setting {
                crate::cli::AdapterSetting::Alarm { action } => Op::Alarm { adapter, action },
                crate::cli::AdapterSetting::BatteryWarning { state } => Op::BatteryWarning {
                    adapter,
                    enabled: state == "enable",
                },
                crate::cli::AdapterSetting::RebuildRate { percent } => {
                    Op::RebuildRate { adapter, percent }
                }
            };
            workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
                crate::workflow::simple::adapter_setting(env, adapter, op)
            })
        }
        Command::Ld {
            action,
            adapter,
            wf,
        } => match action {
            crate::cli::LdAction::Create {
                raid,
                drives,
                span_size,
                policy,
                name,
            } => {
                let level = crate::model::RaidLevel::from_text(&raid, false);
                if level.is_unknown() {
                    return Err(AppError::Input(format!(
                        "unknown RAID level {raid:?}: use raid0, raid1, raid5, raid6, raid10, raid50 or raid60"
                    )));
                }
                let addrs = drives
                    .iter()
                    .map(|d| {
                        d.parse::<crate::model::DriveAddress>()
                            .map_err(|e| AppError::Input(e.to_string()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let req = crate::workflow::ld::CreateRequest {
                    adapter,
                    level,
                    drives: &addrs,
                    span_size,
                    policy,
                    name: name.as_deref(),
                };
                workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
                    crate::workflow::ld::ld_create(env, &req)
                })
            }
            crate::cli::LdAction::Delete { target } => {
                workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
                    crate::workflow::ld::ld_delete(env, adapter, target)
                })
            }
            crate::cli::LdAction::Set { target, cache } => {
                workflow_cmd(&ctx()?, &wf, &plan_as, out, |env| {
                    crate::workflow::ld::ld_set(env, adapter, target, &cache)
                })
            }
        },
        Command::Generate {
            what,
            dir: Some(dir),
        } => {
            if !matches!(what, Generated::Man) {
                return Err(AppError::Input(
                    "--dir is for `generate man` (every page into DIR)".into(),
                ));
            }
            crate::manual::write_man_pages(&dir).map_err(|source| AppError::Io {
                what: format!("writing man pages into {}", dir.display()),
                source,
            })?;
            Ok(ExitStatus::Ok)
        }
        Command::Generate { what, dir: None } => {
            generate(what, out)
                .and_then(|()| out.flush())
                .map_err(|source| AppError::Io {
                    what: "writing to stdout".into(),
                    source,
                })?;
            Ok(ExitStatus::Ok)
        }
    }
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

/// Largest input `raidctl parse` reads (a file or standard input): the biggest real captures
/// are tens of megabytes, and the memory a parse needs grows with its input.
pub const PARSE_INPUT_CAP: u64 = 128 << 20;

/// Reads one input of `raidctl parse`: a regular file, or `-` for standard input, at most
/// [`PARSE_INPUT_CAP`] bytes. Devices (`/dev/zero`), FIFOs and directories are refused
/// (opened without blocking, so a FIFO with no writer cannot hang raidctl).
fn read_input(path: &Path) -> Result<String, AppError> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let too_big = |what: &str| {
        AppError::Input(format!(
            "{what}: more than {} MiB, the most raidctl parse reads (is it really one vendor \
             output?)",
            PARSE_INPUT_CAP >> 20
        ))
    };
    let mut bytes = Vec::new();
    // The text is decoded in place (see `parse::decode_owned`): one copy of the input.
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(PARSE_INPUT_CAP + 1)
            .read_to_end(&mut bytes)
            .map_err(|source| AppError::Io {
                what: "reading standard input".into(),
                source,
            })?;
        if bytes.len() as u64 > PARSE_INPUT_CAP {
            return Err(too_big("standard input"));
        }
    } else {
        let shown = path.display().to_string();
        let io = |source| AppError::Io {
            what: format!("reading {shown}"),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        let ft = meta.file_type();
        if !ft.is_file() {
            let what = if ft.is_dir() {
                "a directory"
            } else if ft.is_fifo() {
                "a FIFO"
            } else if ft.is_char_device() || ft.is_block_device() {
                "a device"
            } else if ft.is_socket() {
                "a socket"
            } else {
                "not a regular file"
            };
            return Err(AppError::Input(format!(
                "{}: {what}: raidctl parse reads regular files (or `-` for standard input)",
                crate::escape::escape(&shown)
            )));
        }
        if meta.len() > PARSE_INPUT_CAP {
            return Err(too_big(&crate::escape::escape(&shown)));
        }
        bytes.reserve_exact(usize::try_from(meta.len()).unwrap_or(0));
        (&mut file)
            .take(PARSE_INPUT_CAP + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        // It may have grown since.
        if bytes.len() as u64 > PARSE_INPUT_CAP {
            return Err(too_big(&crate::escape::escape(&shown)));
        }
    }
    Ok(parse::decode_owned(bytes))
}

fn run_parse(
    kind: &str,
    files: &[std::path::PathBuf],
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    if kind == "help" {
        // The writer records a failure; `run` decides the exit status from it.
        let _ = write!(out, "{}", Kind::help());
        return Ok(ExitStatus::Ok);
    }
    if files.is_empty() {
        return Err(AppError::Input(
            "parse needs at least one FILE (`-` reads standard input)".to_owned(),
        ));
    }
    let kind: Option<Kind> = if kind == "auto" {
        None
    } else {
        Some(kind.parse().map_err(AppError::Input)?)
    };
    let io = |source| AppError::Io {
        what: "writing to stdout".into(),
        source,
    };
    let default_file = files
        .first()
        .map(|p| p.to_str().unwrap_or("-"))
        .unwrap_or("-");
    if let [path] = files {
        // One event log: parsed piece by piece on every CPU while the pieces done are
        // written, keeping no event (the text is the only copy of the log in memory).
        let text = read_input(path)?;
        if let Some(log) = parse::stream_event_log(&text, kind) {
            let warnings = match format {
                Format::Json => crate::output::write_event_log_json(&log, out),
                Format::Table => document::write_event_log(&log, style, out),
            }
            .map_err(io)?;
            out.flush().map_err(io)?;
            write_warnings(&warnings, default_file);
            return Ok(ExitStatus::Ok);
        }
        // One drive list: the same, drive by drive.
        if let Some(list) = parse::stream_drive_list(&text, kind) {
            let warnings = match format {
                Format::Json => crate::output::write_drive_list_json(&list, out),
                Format::Table => document::write_drive_list(&list, style, out),
            }
            .map_err(io)?;
            out.flush().map_err(io)?;
            write_warnings(&warnings, default_file);
            return Ok(ExitStatus::Ok);
        }
        let doc = parse_one(&text, kind, files.len(), path)?;
        drop(text);
        return write_parsed(doc, format, style, out, default_file);
    }
    let mut merged: Option<Document> = None;
    for path in files {
        let text = read_input(path)?;
        let doc = parse_one(&text, kind, files.len(), path)?;
        match merged.as_mut() {
            None => merged = Some(doc),
            Some(m) => {
                if m.kind != doc.kind {
                    m.kind = "mixed".to_owned();
                }
                m.merge(doc);
            }
        }
    }
    let doc = merged.unwrap_or_else(|| Document::new("empty"));
    write_parsed(doc, format, style, out, default_file)
}

/// Parses one input; with several inputs each warning names its file.
fn parse_one(
    text: &str,
    kind: Option<Kind>,
    inputs: usize,
    path: &Path,
) -> Result<Document, AppError> {
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    let mut doc = parse::parse(text, kind).map_err(|e| AppError::Input(format!("{name}: {e}")))?;
    if inputs > 1 {
        for w in &mut doc.warnings {
            w.file = Some(name.clone());
        }
    }
    Ok(doc)
}

fn write_warnings(warnings: &crate::model::Warnings, default_file: &str) {
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    let _ = crate::output::write_warnings(&mut err, warnings, default_file);
    let _ = err.flush();
}

fn write_parsed(
    mut doc: Document,
    format: Format,
    style: Style,
    out: &mut dyn Write,
    default_file: &str,
) -> Result<ExitStatus, AppError> {
    doc.schema_version = SCHEMA_VERSION;
    let io = |source| AppError::Io {
        what: "writing to stdout".into(),
        source,
    };
    match format {
        Format::Json => {
            crate::output::json::write_pretty(out, &doc).map_err(|source| AppError::Io {
                what: "writing JSON".into(),
                source,
            })?;
            writeln!(out).map_err(io)?;
        }
        Format::Table => document::write_document(&doc, style, out).map_err(io)?,
    }
    out.flush().map_err(io)?;
    write_warnings(&doc.warnings, default_file);
    Ok(ExitStatus::Ok)
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

/// The workflow options of the command line.
fn wf_options(wf: &crate::cli::WfArgs) -> crate::workflow::WfOptions {
    crate::workflow::WfOptions {
        dry_run: wf.dry_run,
        yes: wf.yes,
        serial: wf.serial.clone(),
        wait_timeout: Duration::from_secs(wf.wait_timeout),
        poll: Duration::from_secs(wf.poll.max(1)),
        accept_no_redundancy: wf.accept_no_redundancy,
        ..crate::workflow::WfOptions::default()
    }
}

/// `replace-drive` and `resume`: a workflow with the host's block devices and the
/// qualification engine at hand.
#[allow(clippy::too_many_arguments)]
fn replace_cmd(
    ctx: &Ctx,
    wf: &crate::cli::WfArgs,
    replace: &crate::cli::ReplaceArgs,
    data_loss_ack: Option<String>,
    osd: Option<u32>,
    plan_as: &PlanAs,
    out: &mut dyn Write,
    f: impl FnOnce(
        &mut crate::workflow::Env<'_>,
    ) -> Result<crate::workflow::Outcome, crate::workflow::WfError>,
) -> Result<ExitStatus, AppError> {
    let mut opts = wf_options(wf);
    opts.data_loss_ack = data_loss_ack;
    opts.clear_foreign = replace.clear_foreign;
    opts.osd = osd;
    opts.drain_timeout = Duration::from_secs(replace.drain_timeout.max(1));
    opts.reweight = replace.reweight;
    opts.proactive = replace.proactive;
    if let Some(q) = &replace.qualify {
        opts.qualify_given = true;
        opts.qualify = match q.as_str() {
            "none" => None,
            p => {
                <crate::qualify::ProfileKind as clap::ValueEnum>::from_str(p, true).map_err(
                    |_| {
                        AppError::Input(format!(
                            "--qualify {p}: use smoke, quick, standard, burn-in or none"
                        ))
                    },
                )?;
                Some(p.to_ascii_lowercase())
            }
        };
    }
    run_workflow(ctx, opts, true, plan_as, out, f)
}

/// How `pd locate` names its bay: a drive, or one of the ways Ceph names an OSD's device.
struct LocateBy {
    target: Option<String>,
    osd: Option<u32>,
    device: Option<String>,
    ceph_devid: Option<String>,
}

/// The drive argument and adapter `pd locate` blinks. `--device` and `--ceph-devid` go through
/// the OSD the join verified there, never a kernel name alone; a device id no OSD of this host
/// carries names the drive with its serial.
fn locate_target(
    c: &Ctx,
    by: LocateBy,
    adapter: Option<u32>,
    quiet: bool,
) -> Result<(String, Option<u32>), AppError> {
    let osd = match (&by.device, &by.ceph_devid) {
        (Some(dev), _) => {
            let join = c.osd_join(Duration::ZERO);
            Some(join.osd_on_device(dev).map_err(AppError::Input)?)
        }
        (None, Some(devid)) => c.osd_join(Duration::ZERO).osd_with_devid(devid),
        (None, None) => by.osd,
    };
    if let Some(t) = by.target {
        return Ok((t, adapter));
    }
    if let Some(n) = osd {
        let ((a, addr), how) = osd_bay(c, n)?;
        if !quiet {
            crate::errln!("raidctl: osd.{n} is on {addr} of adapter {a}, placed by {how}");
        }
        return Ok((addr.megacli_arg(), Some(a)));
    }
    match by.ceph_devid {
        Some(devid) => {
            let serial = crate::ceph::join::devid_serial(&devid).ok_or_else(|| {
                AppError::Input(format!(
                    "--ceph-devid {devid:?}: not VENDOR_MODEL_SERIAL as `ceph device ls` prints it"
                ))
            })?;
            if !quiet {
                crate::errln!(
                    "raidctl: no OSD of this host carries {devid}: the drive with serial {serial}"
                );
            }
            Ok((serial.to_owned(), adapter))
        }
        None => Err(AppError::Input(
            "pd locate needs a drive (E:S or serial), --osd, --device or --ceph-devid".into(),
        )),
    }
}

/// The bay of Ceph OSD `id` on this host, from the identity join (fresh, never cached), and
/// how that place is known.
fn osd_bay(ctx: &Ctx, id: u32) -> Result<((u32, crate::model::DriveAddress), String), AppError> {
    let mut join = ctx.osd_join(Duration::ZERO);
    // sysfs gave the SCSI address; the controller says which drives sit behind it.
    let snap = ctx
        .snapshot(Duration::ZERO)
        .map_err(|e| AppError::Input(e.to_string()))?;
    join.complete(&snap);
    join.bay_of(id)
        .map(|(osd, bay)| (bay, osd.placed_by()))
        .map_err(|u| AppError::Input(u.message(id, "raidctl pd locate E:S")))
}

/// Runs a workflow with the CLI's environment and maps its outcome to an exit status:
/// 0 completed, 1 stopped safely, 2 error.
fn workflow_cmd(
    ctx: &Ctx,
    wf: &crate::cli::WfArgs,
    plan_as: &PlanAs,
    out: &mut dyn Write,
    f: impl FnOnce(
        &mut crate::workflow::Env<'_>,
    ) -> Result<crate::workflow::Outcome, crate::workflow::WfError>,
) -> Result<ExitStatus, AppError> {
    run_workflow(ctx, wf_options(wf), false, plan_as, out, f)
}

fn run_workflow(
    ctx: &Ctx,
    mut opts: crate::workflow::WfOptions,
    with_host: bool,
    plan_as: &PlanAs,
    out: &mut dyn Write,
    f: impl FnOnce(
        &mut crate::workflow::Env<'_>,
    ) -> Result<crate::workflow::Outcome, crate::workflow::WfError>,
) -> Result<ExitStatus, AppError> {
    use crate::workflow::{Env, Outcome, TtyPrompter};
    if plan_as.json && !opts.dry_run {
        return Err(AppError::Input(format!(
            "--format json: `{}` prints its narration as text; with --dry-run it prints its plan as JSON",
            plan_as.command
        )));
    }
    let mc = match ctx.change_ops() {
        Ok(m) => m,
        // A dry run changes nothing: it plans with the backend that reads (each step's command
        // line then says what the change would need).
        Err(crate::backend::megacli::BackendError::Refused(_)) if opts.dry_run => {
            ctx.ops().map_err(|e| AppError::Input(e.to_string()))?
        }
        Err(e) => return Err(AppError::Input(e.to_string())),
    };
    let mut prompt = TtyPrompter;
    let mut err = std::io::stderr();
    let mut host = crate::hostside::CliHost::new(ctx);
    let dry_run = opts.dry_run;
    if plan_as.json {
        opts.plan = Some(crate::workflow::plan::PlanDoc::new(
            &plan_as.command,
            mc.name(),
        ));
    }
    let mut env = Env {
        ops: mc,
        state_dir: ctx.state_dir.clone(),
        prompt: &mut prompt,
        opts,
        world: match ctx.sim_dir.clone() {
            Some(dir) => Box::new(crate::simworld::SimWorld {
                dir,
                omsa_ids: mc.name() == "omreport",
            }),
            None => Box::new(crate::workflow::RealWorld),
        },
        out: &mut err,
        // Every workflow may look at block devices (`ld create` names the new VD's); only a
        // replacement asks Ceph.
        host: Some(&mut host as &mut dyn crate::workflow::Host),
        // A replacement may touch an OSD's drive: the join says which, Ceph whether it may.
        osds: if with_host {
            ctx.osd_join(Duration::ZERO)
        } else {
            crate::ceph::OsdJoin::default()
        },
        ceph: with_host.then(|| ctx.ceph()),
    };
    let result = f(&mut env);
    let plan = env.opts.plan.take();
    if !dry_run {
        ctx.cache().invalidate();
    }
    if let Some(mut plan) = plan {
        let (status, outcome, refused) = match result {
            Ok(Outcome::Completed(msg)) => (ExitStatus::Ok, msg, false),
            Ok(Outcome::Stopped(msg)) => (ExitStatus::Warning, msg, true),
            Err(e) => return Err(AppError::Input(e.to_string())),
        };
        if plan.title.is_empty() && !refused {
            return Err(AppError::Input(format!(
                "--format json: `{} --dry-run` has no plan to print (it changes nothing); its text output is the answer",
                plan_as.command
            )));
        }
        plan.outcome = outcome;
        plan.refused = refused;
        crate::output::json::write_pretty(out, &plan).map_err(|source| AppError::Io {
            what: "writing to stdout".into(),
            source,
        })?;
        let _ = writeln!(out);
        return Ok(status);
    }
    match result {
        Ok(Outcome::Completed(msg)) => {
            let _ = writeln!(out, "{msg}");
            Ok(ExitStatus::Ok)
        }
        Ok(Outcome::Stopped(msg)) => {
            crate::errln!("raidctl: stopped: {}", crate::escape::escape_text(&msg));
            Ok(ExitStatus::Warning)
        }
        Err(e) => Err(AppError::Input(e.to_string())),
    }
}
