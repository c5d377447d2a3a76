//! The commands that change something: every one a workflow (plan, confirm, apply, verify),
//! with `--dry-run` and `--format json` plans.

use super::{AppError, PlanAs, Run};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::workflow::WfError;
use std::io::Write;
use std::time::Duration;

/// `raidctl resume [ID]`: the unfinished replacement, from its journal.
pub(super) fn resume(
    r: &Run,
    id: Option<String>,
    replace: &crate::cli::ReplaceArgs,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    let c = r.ctx()?;
    let id = match id {
        Some(id) => id,
        None => crate::workflow::journal::resumable(&c.state_dir).ok_or_else(|| {
            AppError::Input(
                "no unfinished replacement to resume (`raidctl workflows` lists them)".into(),
            )
        })?,
    };
    // A change's journal (ld create, hot spares, osd-prep, ...) goes on through the change
    // flow; a replacement's through its own.
    replace_cmd(&c, wf, replace, None, None, &r.plan_as, out, |env| {
        crate::workflow::change::resume(env, &id)
    })
}

/// `raidctl foreign scan|show|import|clear`.
pub(super) fn foreign(
    r: &Run,
    action: crate::cli::ForeignAction,
    adapter: u32,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::cli::ForeignAction as F;
    use crate::workflow::simple;
    workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| match action {
        F::Scan | F::Show => simple::foreign_show(env, adapter),
        F::Import { index } => simple::foreign_import(env, adapter, index),
        F::Clear {
            index,
            i_understand_data_loss,
        } => simple::foreign_clear(env, adapter, index, i_understand_data_loss.as_deref()),
    })
}

/// `raidctl hotspare add|remove`.
pub(super) fn hotspare(
    r: &Run,
    action: crate::cli::HotspareAction,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::cli::HotspareAction as H;
    use crate::workflow::simple;
    workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| match action {
        H::Add {
            target,
            dedicated,
            adapter,
        } => simple::hotspare(env, true, &target, adapter, dedicated),
        H::Remove { target, adapter } => simple::hotspare(env, false, &target, adapter, None),
    })
}

/// `raidctl rebuild status|watch|start|stop [DRIVE]`.
pub(super) fn rebuild(
    r: &Run,
    action: &str,
    target: Option<String>,
    adapter: Option<u32>,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::workflow::simple;
    let watch = action == "watch";
    if target.is_none() && !matches!(action, "status" | "watch") {
        return Err(AppError::Input(format!(
            "rebuild {action} needs the drive (E:S or serial)"
        )));
    }
    workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| {
        match (action, &target) {
            ("status" | "watch", None) => simple::rebuild_status_all(env, adapter, watch),
            ("status" | "watch", Some(t)) => simple::rebuild_status(env, t, adapter, watch),
            (other, Some(t)) => simple::rebuild(env, other, t, adapter),
            (_, None) => Err(WfError::Usage("no drive given".into())),
        }
    })
}

/// `raidctl pd locate|make-good|offline|online`.
pub(super) fn pd(
    r: &Run,
    action: crate::cli::PdAction,
    adapter: Option<u32>,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::cli::PdAction;
    let c = r.ctx()?;
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
            if fault && !r.quiet {
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
            let (target, adapter) = locate_target(&c, bay, adapter, r.quiet)?;
            workflow_cmd(&c, wf, &r.plan_as, out, |env| {
                crate::workflow::simple::locate(env, &target, adapter, stop)
            })
        }
        PdAction::MakeGood { target }
        | PdAction::Offline { target }
        | PdAction::Online { target } => workflow_cmd(&c, wf, &r.plan_as, out, |env| {
            crate::workflow::simple::pd_state(env, name, &target, adapter)
        }),
    }
}

/// `raidctl adapter alarm|battery-warning|rebuild-rate`.
pub(super) fn adapter(
    r: &Run,
    setting: crate::cli::AdapterSetting,
    adapter: u32,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::backend::ops::Op;
    use crate::cli::AdapterSetting as S;
    let op = match setting {
        S::Alarm { action } => Op::Alarm { adapter, action },
        S::BatteryWarning { state } => Op::BatteryWarning {
            adapter,
            enabled: state == "enable",
        },
        S::RebuildRate { percent } => Op::RebuildRate { adapter, percent },
    };
    workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| {
        crate::workflow::simple::adapter_setting(env, adapter, op)
    })
}

/// `raidctl ld create|delete|set`.
pub(super) fn ld(
    r: &Run,
    action: crate::cli::LdAction,
    adapter: u32,
    wf: &crate::cli::WfArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::cli::LdAction as L;
    match action {
        L::Create {
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
                policy: policy.into(),
                name: name.as_deref(),
            };
            workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| {
                crate::workflow::ld::ld_create(env, &req)
            })
        }
        L::Delete { target } => workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| {
            crate::workflow::ld::ld_delete(env, adapter, target)
        }),
        L::Set { target, cache } => workflow_cmd(&r.ctx()?, wf, &r.plan_as, out, |env| {
            crate::workflow::ld::ld_set(env, adapter, target, &cache.into())
        }),
    }
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
pub(super) fn replace_cmd(
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
    opts.settle = Duration::from_secs(replace.settle.max(1));
    opts.reweight = replace.reweight;
    opts.proactive = replace.proactive;
    if let Some(q) = &replace.qualify {
        opts.qualify_given = true;
        opts.qualify = match q.as_str() {
            "none" => None,
            p => {
                crate::qualify::ProfileKind::from_name(p).ok_or_else(|| {
                    AppError::Input(format!(
                        "--qualify {p}: use smoke, quick, standard, burn-in or none"
                    ))
                })?;
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
