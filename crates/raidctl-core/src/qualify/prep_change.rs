//! osd-prep's controller changes (a single-drive RAID0 or a JBOD per drive, and what follows
//! each new VD) as a change on the workflows' one executor ([`crate::workflow::change`]): the
//! adapter lock, a journal per adapter that `raidctl resume ID` continues after a crash, the
//! live state read before each operation (a VD made before the crash is not made twice), the
//! guards of `ld create` (pinned cache, drives in use), and the result read back.

use super::osdprep::{PrepItem, Presented};
use crate::backend::ops::Operations;
use crate::backend::snapshot::Snapshot;
use crate::ctx::Ctx;
use crate::model::FirmwareState;
use crate::workflow::change::{self, Change, Expect};
use crate::workflow::vdpolicy::Leeway;
use crate::workflow::{AdapterLock, Env, Outcome, TtyPrompter, WfOptions, World};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// osd-prep never waits in its changes; the world only places the controller's lock.
#[derive(Debug)]
struct PrepWorld {
    /// Where the controller's own lock lives when it is not this host's.
    lock_dir: Option<PathBuf>,
}

impl World for PrepWorld {
    fn wait(&self, poll: Duration) {
        std::thread::sleep(poll);
    }

    fn controller_lock_dir(&self) -> Option<&Path> {
        self.lock_dir.as_deref()
    }
}

/// The workflows' environment of osd-prep's changes: confirmed by its own `--yes`, on
/// standard error.
fn prep_env<'a>(
    ctx: &Ctx,
    ops: &'a dyn Operations,
    prompt: &'a mut TtyPrompter,
    err: &'a mut std::io::Stderr,
) -> Env<'a> {
    Env {
        ops,
        state_dir: ctx.state_dir.clone(),
        prompt,
        opts: WfOptions {
            yes: true,
            ..WfOptions::default()
        },
        world: Box::new(PrepWorld {
            lock_dir: ctx.controller_lock_dir().map(Path::to_path_buf),
        }),
        out: err,
        host: None,
        ceph: None,
        osds: crate::ceph::OsdJoin::default(),
    }
}

/// Deletes again the VD `target` osd-prep made on a drive that FAILed qualification, as a
/// journaled change like the one that made it (the adapter's lock, which the caller still
/// holds from [`present`]; the VD read back gone). `Ok(Err(why))`: stopped safely.
///
/// # Errors
/// The journal or the controller could not be used.
pub fn reject_vd(
    ctx: &Ctx,
    ops: &dyn Operations,
    adapter: u32,
    target: u32,
) -> Result<Result<(), String>, String> {
    let mut prompt = TtyPrompter;
    let mut err = std::io::stderr();
    let mut env = prep_env(ctx, ops, &mut prompt, &mut err);
    let c = Change {
        name: "osd-prep-reject".into(),
        target: format!("a{adapter}/v{target}"),
        adapter,
        ops: vec![crate::backend::ops::Op::LdDelete { adapter, target }],
        after_create: None,
        warnings: Vec::new(),
        typed_confirmation: None,
        ask: false,
        expect: vec![Expect::VdGone { adapter, target }],
    };
    match change::run_held(&mut env, c).map_err(|e| e.to_string())? {
        Outcome::Completed(_) => Ok(Ok(())),
        Outcome::Stopped(why) => Ok(Err(why)),
    }
}

/// The change osd-prep makes on `adapter`: `items`' operations, the disk cache of each new
/// VD after it, and each drive presented as planned.
fn change_of(ops: &dyn Operations, snap: &Snapshot, adapter: u32, items: &[&PrepItem]) -> Change {
    let leeway = Leeway::of(ops, snap, adapter);
    let expect = items
        .iter()
        .map(|it| match (&it.how, &it.policy) {
            (Presented::Raid0, Some(p)) => Expect::NewVd {
                adapter,
                members: vec![it.addr],
                want: p.vd_policy(),
                leeway,
                name: None,
            },
            _ => Expect::DriveState {
                adapter,
                drive: it.addr,
                states: vec![FirmwareState::Jbod],
            },
        })
        .collect();
    Change {
        name: "osd-prep".into(),
        target: format!("a{adapter}"),
        adapter,
        ops: items.iter().map(|it| it.op.clone()).collect(),
        after_create: items
            .iter()
            .find_map(|it| it.policy.as_ref())
            .map(|p| p.after_create(None)),
        warnings: Vec::new(),
        typed_confirmation: None,
        ask: false,
        expect,
    }
}

/// Presents every drive of `items`, one journaled change per adapter. `Ok(Ok(locks))`: all
/// done, the adapters' locks held for what follows (qualification, and deleting the VD of a
/// drive that FAILs); `Ok(Err(why))`: stopped safely, `why` says where and how to go on.
///
/// # Errors
/// Another raidctl holds an adapter, or the journal or the controller could not be used.
pub fn present(
    ctx: &Ctx,
    ops: &dyn Operations,
    snap: &Snapshot,
    items: &[PrepItem],
) -> Result<Result<Vec<AdapterLock>, String>, String> {
    let mut prompt = TtyPrompter;
    let mut err = std::io::stderr();
    let mut env = prep_env(ctx, ops, &mut prompt, &mut err);
    // The guards of `ld create`, before anything is journaled (each step checks them again
    // on the live state).
    for it in items.iter().filter(|i| i.how == Presented::Raid0) {
        if let Some(why) = change::ld_create_refused(snap, it.adapter, &[it.addr]) {
            return Ok(Err(format!("refused: {why}; nothing was changed")));
        }
    }
    let mut adapters: Vec<u32> = items.iter().map(|i| i.adapter).collect();
    adapters.sort_unstable();
    adapters.dedup();
    // One changer per controller on this host, whatever the state directory: a replacement
    // running beside this would see VDs appear under it. Held through the qualification.
    let locks = adapters
        .iter()
        .map(|a| AdapterLock::acquire_env(&env, *a, "osd-prep").map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    for a in adapters {
        let on: Vec<&PrepItem> = items.iter().filter(|i| i.adapter == a).collect();
        let c = change_of(ops, snap, a, &on);
        match change::run_held(&mut env, c).map_err(|e| e.to_string())? {
            Outcome::Completed(_) => {}
            Outcome::Stopped(why) => return Ok(Err(why)),
        }
    }
    Ok(Ok(locks))
}
