//! `raidctl osd-prep`: for Ceph nodes behind MegaRAID adapters without pass-through. Each
//! Unconfigured(good) drive becomes a single-drive RAID0 (with the VD policy `ld create` uses,
//! [`crate::workflow::vdpolicy`]) or a JBOD; `--mode auto` follows the layout of the OSDs
//! already on the adapter and says which it chose and why. Its block device is found,
//! qualified, and a `ceph-volume lvm create --data DEVICE` line is printed (never run) for
//! each drive that passes. A drive that FAILs has the VD just made on it deleted again
//! ([`reject_failed`]).
//!
//! Under `--sim` there is no kernel block device: each simulated VD or JBOD is backed by a
//! sparse file `<sim_dir>/disks/vd-<adapter>-<target>.img` or
//! `<sim_dir>/disks/jbod-<adapter>-<enclosure>-<slot>.img`, sized like the drive but capped
//! at [`SIM_DISK_CAP`] bytes (1 GiB; `RAIDCTL_SIM_DISK_CAP` overrides), so the whole flow runs
//! with real I/O. With `sim block-devices on` the simulator's loop device over that file is
//! used instead (the simulator owns the naming of both).

use super::device::{self, ControllerSlot, DriveClass, Identity, SysPaths};
use super::engine::EngineKind;
use super::result::{QualReport, Verdict};
use super::run::{CephDeploy, Exports, PrepMode, Role, Run, exit_for, qualify_identities};
use super::suite::ProfileKind;
use super::suite::SuiteOptions;
use crate::backend::megacli::MegaCli;
use crate::backend::ops::{Op, Operations};
use crate::backend::snapshot::Snapshot;
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::hardware::Backing;
use crate::model::{DriveAddress, FirmwareState, MediaType, PdType, PhysicalDrive, RaidLevel};
use crate::workflow::vdpolicy::{CacheChoices, NewVdPolicy, PolicyChoices};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `raidctl osd-prep` is asked to do.
#[derive(Debug, Default)]
pub struct OsdPrepOptions {
    /// Only this adapter (default: all).
    pub adapter: Option<u32>,
    /// Only these drives (`E:S`, comma-separated).
    pub drives: Vec<String>,
    /// How to present each drive: auto (as the OSDs already on the adapter are; without any,
    /// as its single-drive RAID0 VDs or JBOD drives are; else JBOD where the adapter has it
    /// enabled, RAID0 where not), raid0 (single-drive RAID0 with the policy of `ld create`)
    /// or jbod.
    pub mode: PrepMode,
    /// The RAID0 VDs' policy (each option overrides one part of the policy `ld create` uses).
    pub policy: PolicyChoices,
    /// Qualification profile.
    pub profile: ProfileKind,
    /// Ceph role.
    pub role: Role,
    /// I/O engine (see `raidctl qualify --engine`).
    pub engine: EngineKind,
    /// JSON threshold profile.
    pub profile_file: Option<PathBuf>,
    /// Write the qualification JSON to FILE.
    pub json: Option<PathBuf>,
    /// Write the SVG plot to FILE.
    pub svg: Option<PathBuf>,
    /// Only read tests on the new devices.
    pub read_only: bool,
    /// Host name recorded in the results (default: the kernel's).
    pub host_name: Option<String>,
    /// Print the plan (MegaCli commands) and change nothing.
    pub dry_run: bool,
    /// Confirm: create the VDs/JBODs and write-test the (unconfigured, hence empty) drives.
    pub yes: bool,
    /// How the OSDs of the drives that pass are created, in the lines printed (never run):
    /// auto (cephadm when this host has cephadm OSD directories or a `/var/lib/ceph/<fsid>`
    /// of the cluster, else package), package (`ceph-volume lvm create --data DEV`) or
    /// cephadm (`ceph orch daemon add osd HOST:DEV lvm|raw`).
    pub ceph_deploy: CephDeploy,
}

/// Largest sparse file backing a simulated drive.
pub const SIM_DISK_CAP: u64 = 1 << 30;
/// Environment variable overriding [`SIM_DISK_CAP`] (bytes).
pub const ENV_SIM_DISK_CAP: &str = "RAIDCTL_SIM_DISK_CAP";

/// How a drive is presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presented {
    /// Single-drive RAID0.
    Raid0,
    /// JBOD.
    Jbod,
}

/// One drive to prepare.
#[derive(Debug, Clone)]
pub struct PrepItem {
    /// Adapter.
    pub adapter: u32,
    /// Address.
    pub addr: DriveAddress,
    /// RAID0 or JBOD.
    pub how: Presented,
    /// The operation that presents it (run through the workflows' executor).
    pub op: Op,
    /// The VD policy of a RAID0 (`None` for JBOD).
    pub policy: Option<NewVdPolicy>,
}

/// What `--mode auto` does on `adapter`, and why: the layout of the OSDs already there
/// (single-drive RAID0 VDs or JBOD drives, from the Ceph identity join when `snap` carries
/// it), else the layout of the adapter's existing single-drive RAID0 VDs or JBOD drives,
/// else JBOD where the adapter has it enabled and RAID0 where not. A new OSD laid out unlike
/// its neighbours is the odd one out in every comparison afterwards.
pub fn auto_layout(snap: &Snapshot, adapter: u32) -> (Presented, String) {
    let raid0: Vec<_> = snap
        .logical_drives
        .iter()
        .filter(|l| {
            l.adapter == adapter && l.raid_level == RaidLevel::Raid0 && l.members.len() == 1
        })
        .collect();
    let jbod: Vec<_> = snap
        .physical_drives
        .iter()
        .filter(|p| p.adapter == adapter && p.firmware_state == FirmwareState::Jbod)
        .collect();
    let osd_raid0 = raid0.iter().filter(|l| !l.osd.is_empty()).count();
    let osd_jbod = jbod.iter().filter(|p| !p.osd.is_empty()).count();
    // The majority, RAID0 on a tie (every controller has it).
    let pick = |r: usize, j: usize| {
        if r >= j {
            Presented::Raid0
        } else {
            Presented::Jbod
        }
    };
    if osd_raid0 + osd_jbod > 0 {
        return (
            pick(osd_raid0, osd_jbod),
            format!(
                "the Ceph OSDs on adapter {adapter} sit on {osd_raid0} single-drive RAID0 VD(s) and {osd_jbod} JBOD drive(s)"
            ),
        );
    }
    if !raid0.is_empty() || !jbod.is_empty() {
        return (
            pick(raid0.len(), jbod.len()),
            format!(
                "no Ceph OSD is known on adapter {adapter}, and it has {} single-drive RAID0 VD(s) and {} JBOD drive(s)",
                raid0.len(),
                jbod.len()
            ),
        );
    }
    let jbod_enabled = snap
        .adapters
        .iter()
        .find(|a| a.adapter == adapter)
        .and_then(|a| a.jbod_enabled)
        .unwrap_or(false);
    if jbod_enabled {
        (
            Presented::Jbod,
            format!(
                "adapter {adapter} has no OSD or single-drive layout to follow and JBOD is enabled"
            ),
        )
    } else {
        (
            Presented::Raid0,
            format!(
                "adapter {adapter} has no OSD or single-drive layout to follow and JBOD is not enabled"
            ),
        )
    }
}

/// Copies what the controller knows about a drive into an identity.
pub fn apply_pd(
    id: &mut Identity,
    pd: &PhysicalDrive,
    how: &str,
    target: Option<u32>,
    simulated: bool,
) {
    id.vendor = pd.vendor.clone().or(id.vendor.take());
    id.model = pd.model.clone().or(id.model.take());
    id.serial = pd.serial.clone().or(id.serial.take());
    id.firmware = pd.firmware.clone().or(id.firmware.take());
    id.link_speed = pd.link_speed.clone().or(id.link_speed.take());
    id.smartctl_device.clone_from(&pd.smartctl_device);
    id.transport = Some(match pd.pd_type {
        PdType::Sata => "sata".into(),
        PdType::Sas => "sas".into(),
        _ => id.transport.clone().unwrap_or_default(),
    });
    id.class = match pd.media_type {
        MediaType::Hdd => DriveClass::Hdd,
        MediaType::Ssd => DriveClass::Ssd,
        _ => id.class,
    };
    id.controller = Some(ControllerSlot {
        adapter: pd.adapter,
        address: pd.address().megacli_arg(),
        device_id: pd.device_id,
        presented_as: how.into(),
        target_id: target,
        media_errors: pd.media_error_count,
        other_errors: pd.other_error_count,
        predictive_failures: pd.predictive_failure_count,
        smart_alert: pd.smart_alert,
        link_speed: pd.link_speed.clone(),
        simulated,
    });
}

/// The plan: which drives, how each is presented and why (`--mode auto`, per adapter), and
/// the MegaCli command for each. RAID0 VDs get the one VD policy of
/// [`crate::workflow::vdpolicy`] (what `ld create` makes), overridden by the policy options.
///
/// # Errors
/// Bad `--drives` addresses.
pub fn plan(
    snap: &Snapshot,
    args: &OsdPrepOptions,
) -> Result<(Vec<PrepItem>, Vec<String>), String> {
    let wanted: Vec<DriveAddress> = args
        .drives
        .iter()
        .map(|s| s.parse::<DriveAddress>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    let mut reasons: Vec<(u32, String)> = Vec::new();
    for pd in &snap.physical_drives {
        if pd.firmware_state != FirmwareState::UnconfiguredGood || pd.foreign == Some(true) {
            continue;
        }
        if args.adapter.is_some_and(|a| a != pd.adapter) {
            continue;
        }
        if !wanted.is_empty() && !wanted.contains(&pd.address()) {
            continue;
        }
        let a = pd.adapter;
        let how = match args.mode {
            PrepMode::Raid0 => Presented::Raid0,
            PrepMode::Jbod => Presented::Jbod,
            PrepMode::Auto => {
                let (how, why) = auto_layout(snap, a);
                if !reasons.iter().any(|(x, _)| *x == a) {
                    let word = if how == Presented::Jbod {
                        "JBOD"
                    } else {
                        "RAID0"
                    };
                    reasons.push((
                        a,
                        format!("--mode auto on adapter {a}: {word}, because {why}"),
                    ));
                }
                how
            }
        };
        let (op, policy) = match how {
            Presented::Raid0 => {
                let p = NewVdPolicy::resolve(&args.policy, snap, a);
                (
                    p.create_op(a, RaidLevel::Raid0, vec![vec![pd.address()]]),
                    Some(p),
                )
            }
            Presented::Jbod => (
                Op::MakeJbod {
                    adapter: a,
                    drive: pd.address(),
                },
                None,
            ),
        };
        out.push(PrepItem {
            adapter: a,
            addr: pd.address(),
            how,
            op,
            policy,
        });
    }
    Ok((out, reasons.into_iter().map(|(_, r)| r).collect()))
}

/// What osd-prep says before it changes anything: why `auto` chose each adapter's layout, the
/// RAID0 VDs' policy per adapter, and each drive with its exact MegaCli command.
fn plan_lines(
    snap: &Snapshot,
    args: &OsdPrepOptions,
    items: &[PrepItem],
    reasons: &[String],
    mc: &MegaCli,
) -> Vec<String> {
    let mut lines: Vec<String> = reasons.iter().map(|r| format!("osd-prep: {r}")).collect();
    let mut say = |s: String| lines.push(s);
    let mut described: Vec<u32> = Vec::new();
    for it in items {
        if let Some(p) = it
            .policy
            .as_ref()
            .filter(|_| !described.contains(&it.adapter))
        {
            described.push(it.adapter);
            say(format!(
                "osd-prep: RAID0 VDs on adapter {}: {} (the policy of `raidctl ld create`)",
                it.adapter,
                p.describe()
            ));
            if let Some(why) = &p.write_back_unprotected {
                say(format!(
                    "osd-prep: WARN --write wb but {why}: the VDs write through until a healthy battery protects the cache"
                ));
            }
        }
    }
    let policy_given = args.policy.strip.is_some() || args.policy.cache != CacheChoices::default();
    if policy_given && items.iter().all(|i| i.policy.is_none()) {
        say(
            "osd-prep: the policy options apply to RAID0 VDs only; these drives become JBOD".into(),
        );
    }
    say(format!("osd-prep: {} drive(s):", items.len()));
    for it in items {
        let pd = snap.drive(it.adapter, it.addr);
        say(format!(
            "  a{} {} {} serial {} ({}) -> {}: {}",
            it.adapter,
            it.addr,
            pd.and_then(|p| p.model.as_deref()).unwrap_or("?"),
            pd.and_then(|p| p.serial.as_deref()).unwrap_or("?"),
            pd.and_then(PhysicalDrive::size_bytes)
                .map_or_else(|| "size ?".to_owned(), crate::model::fmt_size),
            it.policy.as_ref().map_or_else(
                || "JBOD".to_owned(),
                |p| format!("RAID0 {}", p.vd_policy().short())
            ),
            Operations::command_line(mc, &it.op)
        ));
    }
    lines
}

/// The line that creates the OSD of a drive that passed (printed, never run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreateLine {
    /// Package-installed Ceph: `ceph-volume lvm create --data DEV`.
    Package,
    /// cephadm: `ceph orch daemon add osd HOST:DEV METHOD` (`ceph-volume` runs in the
    /// orchestrator's container; the host has none to run).
    Orchestrator {
        /// The host as the orchestrator knows it.
        host: String,
        /// `lvm` or `raw`.
        method: &'static str,
        /// Why this host counts as cephadm's.
        why: String,
    },
}

impl CreateLine {
    /// The command for device `dev`.
    pub fn line(&self, dev: &str) -> String {
        match self {
            Self::Package => format!("ceph-volume lvm create --data {dev}"),
            Self::Orchestrator { host, method, .. } => {
                format!("ceph orch daemon add osd {host}:{dev} {method}")
            }
        }
    }

    /// The heading of the lines.
    fn heading(&self) -> String {
        match self {
            Self::Package => {
                "# ceph-volume commands for the drives that passed (not run):".to_owned()
            }
            Self::Orchestrator { why, .. } => format!(
                "# cephadm orchestrator commands for the drives that passed (not run; {why}):"
            ),
        }
    }

    /// Which line this host gets: `choice`, or under `auto` cephadm when the host has
    /// cephadm OSD directories or a `<ceph_root>/<fsid>` of the cluster (`fsid`, when the
    /// configuration names it). Simulated devices are loop devices or files: `raw`, as
    /// ceph-volume's `lvm` needs device-mapper.
    pub fn choose(
        choice: CephDeploy,
        ceph_root: &Path,
        fsid: Option<&str>,
        host: &str,
        sim: bool,
    ) -> Self {
        let method = if sim { "raw" } else { "lvm" };
        let clusters = crate::ceph::join::cephadm_fsids(ceph_root);
        let ours: Vec<&String> = clusters
            .iter()
            .filter(|c| fsid.is_none_or(|f| f.eq_ignore_ascii_case(c)))
            .collect();
        let orchestrator = |why: String| Self::Orchestrator {
            host: host.to_owned(),
            method,
            why,
        };
        match choice {
            CephDeploy::Package => Self::Package,
            CephDeploy::Cephadm => orchestrator("--ceph-deploy cephadm".into()),
            CephDeploy::Auto => match ours.as_slice() {
                [] => Self::Package,
                [one] => orchestrator(format!(
                    "cephadm host: {} is cluster {one}'s",
                    ceph_root.join(one).display()
                )),
                _ => orchestrator(format!(
                    "cephadm host: {} clusters under {}",
                    ours.len(),
                    ceph_root.display()
                )),
            },
        }
    }
}

/// The cap of a file backing a simulated drive (`RAIDCTL_SIM_DISK_CAP` overrides it).
pub fn sim_cap() -> u64 {
    std::env::var(ENV_SIM_DISK_CAP)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SIM_DISK_CAP)
}

/// Finds the block device of a JBOD drive on a real host: the SCSI disk whose unit serial
/// (VPD page 0x80) or WWN matches.
pub fn find_jbod_device(pd: &PhysicalDrive, paths: &SysPaths) -> Option<PathBuf> {
    let rd = std::fs::read_dir(paths.sys.join("class/block")).ok()?;
    for e in rd.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.starts_with("sd") || name.chars().last().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        let dev = PathBuf::from("/dev").join(&name);
        let Ok(id) = device::identify(&dev, paths) else {
            continue;
        };
        let serial_ok = matches!((&id.serial, &pd.serial), (Some(a), Some(b)) if b.contains(a.as_str()) || a.contains(b.as_str()));
        let wwid = std::fs::read_to_string(e.path().join("device/wwid")).unwrap_or_default();
        let wwn_ok = pd
            .wwn
            .as_ref()
            .is_some_and(|w| !w.is_empty() && wwid.to_lowercase().contains(&w.to_lowercase()));
        if serial_ok || wwn_ok {
            return Some(dev);
        }
    }
    None
}

/// Runs osd-prep.
///
/// # Errors
/// Controller errors, bad arguments, refusals.
pub fn run(
    args: &OsdPrepOptions,
    ctx: &Ctx,
    json_stdout: bool,
    style: crate::output::Style,
    out: &mut dyn Write,
) -> Result<ExitStatus, String> {
    let mc = ctx.megacli().map_err(|e| e.to_string())?;
    let mut snap = ctx.snapshot(Duration::ZERO).map_err(|e| e.to_string())?;
    if args.mode == PrepMode::Auto {
        // Which drives carry OSDs: `auto` follows their layout.
        ctx.osd_join(Duration::ZERO).apply(&mut snap);
    }
    let (items, reasons) = plan(&snap, args)?;
    // Through the caller's writer, which records a failed write for the exit status.
    let mut say = |s: String| {
        if !json_stdout {
            let _ = writeln!(out, "{s}");
        }
    };
    if items.is_empty() {
        say("osd-prep: no Unconfigured(good) drive to prepare".into());
        return Ok(ExitStatus::Ok);
    }
    for line in plan_lines(&snap, args, &items, &reasons, mc) {
        say(line);
    }
    if let c @ CreateLine::Orchestrator { why, .. } = &create_line(args, ctx) {
        say(format!(
            "osd-prep: {why}: the OSDs are created through the orchestrator (`{}`), not by ceph-volume on the host",
            c.line("DEV")
        ));
    }
    if args.dry_run {
        say("  a drive that FAILs qualification has its new VD deleted again".into());
        say("dry run: nothing changed".into());
        return Ok(ExitStatus::Ok);
    }
    if !args.yes {
        return Err("this creates the VDs/JBODs above and write-tests the drives; rerun with --yes (or --dry-run)".into());
    }
    let _locks = match super::prep_change::present(ctx, mc, &snap, &items)? {
        Ok(locks) => locks,
        Err(stopped) => {
            crate::errln!("raidctl osd-prep: stopped: {stopped}");
            return Ok(ExitStatus::Warning);
        }
    };
    ctx.cache().invalidate();
    let paths = SysPaths::default();
    let done: Vec<&PrepItem> = items.iter().collect();
    let ids = identities(ctx, &done, &paths)?;
    if ids.is_empty() {
        return Err("no drive could be prepared".into());
    }
    let exports = Exports {
        json: args
            .json
            .clone()
            .or_else(|| json_stdout.then(|| PathBuf::from("-"))),
        svg: args.svg.clone(),
        ..Exports::default()
    };
    // The exports are written again below, once the VDs of FAILed drives are dealt with, so
    // that the record says what became of them; standard output gets its JSON only then.
    let during = Exports {
        json: exports.json.clone().filter(|p| p.as_os_str() != "-"),
        ..exports.clone()
    };
    let mut rep = qualify(args, ctx, json_stdout, ids, &paths, &during)?;
    let rejected = reject_failed(&mut rep, ctx, mc);
    exports.write(&rep, false)?;
    if !json_stdout {
        print_outcome(
            &rep,
            (ctx.simulated(), style),
            &rejected,
            &create_line(args, ctx),
            out,
        );
    }
    Ok(exit_for(rep.verdict))
}

/// The block device of each prepared drive, identified, with what the controller knows.
fn identities(ctx: &Ctx, done: &[&PrepItem], paths: &SysPaths) -> Result<Vec<Identity>, String> {
    let snap = ctx.snapshot(Duration::ZERO).map_err(|e| e.to_string())?;
    let mut ids: Vec<Identity> = Vec::new();
    for it in done {
        let Some(pd) = snap.drive(it.adapter, it.addr) else {
            crate::errln!("raidctl osd-prep: {} vanished after preparation", it.addr);
            continue;
        };
        let size = pd.size_bytes().unwrap_or(0);
        let (dev, target) = match it.how {
            Presented::Raid0 => {
                let ld = snap
                    .logical_drives
                    .iter()
                    .find(|l| l.adapter == it.adapter && l.members == [it.addr]);
                let Some(ld) = ld else {
                    crate::errln!(
                        "raidctl osd-prep: no VD found for {} after -CfgLdAdd",
                        it.addr
                    );
                    continue;
                };
                let what = Backing {
                    adapter: it.adapter,
                    target: Some(ld.target_id),
                    drive: None,
                    serial: None,
                };
                let dev =
                    match ctx.simulated_backing(&what, ld.size_bytes.unwrap_or(size), sim_cap()) {
                        Some(dev) => Some(dev?),
                        None => ld.block_device.as_ref().map(PathBuf::from),
                    };
                (dev, Some(ld.target_id))
            }
            Presented::Jbod => {
                let what = Backing {
                    adapter: it.adapter,
                    target: None,
                    drive: Some(it.addr),
                    serial: None,
                };
                let dev = match ctx.simulated_backing(&what, size, sim_cap()) {
                    Some(dev) => Some(dev?),
                    None => find_jbod_device(pd, paths),
                };
                (dev, None)
            }
        };
        let Some(dev) = dev else {
            crate::errln!(
                "raidctl osd-prep: {}: no block device found (udev still settling? run `raidctl qualify` on it later)",
                it.addr
            );
            continue;
        };
        let mut id = device::identify(&dev, paths)?;
        let how = if it.how == Presented::Jbod {
            "jbod"
        } else {
            "raid0"
        };
        apply_pd(&mut id, pd, how, target, ctx.simulated());
        ids.push(id);
    }
    Ok(ids)
}

/// Qualifies the prepared drives together (peers, the all-together pass).
fn qualify(
    args: &OsdPrepOptions,
    ctx: &Ctx,
    json_stdout: bool,
    ids: Vec<Identity>,
    paths: &SysPaths,
    exports: &Exports,
) -> Result<QualReport, String> {
    let profile = super::profile::Profile::load(args.profile_file.as_deref())?;
    let opts = SuiteOptions {
        profile: args.profile,
        role: args.role.key().into(),
        engine: args.engine,
        read_only: args.read_only,
        host: args.host_name.clone(),
        ..SuiteOptions::on_host(ctx)
    };
    // The drives were Unconfigured(good): the operator's --yes is the confirmation; the
    // signature, mount and holder checks still run on each new device.
    let destroy: Vec<String> = ids
        .iter()
        .map(|i| i.serial.clone().unwrap_or_else(|| i.path.clone()))
        .collect();
    let run = Run {
        opts: &opts,
        profile: &profile,
        destroy: &destroy,
        paths,
        exports,
        together: true,
        show_progress: !json_stdout && crate::progress::wanted(),
    };
    qualify_identities(ids, &run)
}

/// A drive that FAILed and what became of its new VD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// Index in the report's drives.
    pub drive: usize,
    /// What was done (or could not be), for the report and the record.
    pub what: String,
}

/// Deletes the VD this run just made on every drive that FAILed qualification, with the
/// same operation replace-drive uses on a new drive that FAILs ([`Op::LdDelete`]): it carries
/// nothing, and left in place it is a block device ceph-volume or an orchestrator could take.
/// Only a VD that is still this drive's alone is deleted. A JBOD drive is left as it is, as
/// replace-drive leaves one (nothing was put on it). Each drive's record says what happened.
pub fn reject_failed(rep: &mut QualReport, ctx: &Ctx, ops: &dyn Operations) -> Vec<Rejected> {
    let mut out = Vec::new();
    let failed: Vec<usize> = (0..rep.drives.len())
        .filter(|&i| rep.drives[i].verdict == Verdict::Fail)
        .collect();
    if failed.is_empty() {
        return out;
    }
    ctx.cache().invalidate();
    let snap = ctx.snapshot(Duration::ZERO).ok();
    for i in failed {
        let d = &rep.drives[i];
        let Some(c) = d.identity.controller.clone() else {
            continue;
        };
        let what = match (c.presented_as.as_str(), c.target_id) {
            ("raid0", Some(t)) => {
                let op = Op::LdDelete {
                    adapter: c.adapter,
                    target: t,
                };
                let cmd = ops.command_line(&op);
                let mine = snap.as_ref().and_then(|s| s.logical_drive(c.adapter, t)).is_some_and(|l| {
                    l.members.len() == 1 && l.members[0].megacli_arg() == c.address
                });
                if !mine {
                    format!("its VD {t} was not deleted: it is no longer [{}]'s alone on adapter {} (check `raidctl status`, then `{cmd}` by hand)", c.address, c.adapter)
                } else {
                    match super::prep_change::reject_vd(ctx, ops, c.adapter, t) {
                        Ok(Ok(())) => {
                            remove_sim_file(ctx, &d.identity);
                            format!("osd-prep deleted the VD it had made on it again (VD {t}, `{cmd}`): it carried nothing; the drive is Unconfigured(good), replace it")
                        }
                        Ok(Err(e)) | Err(e) => format!("deleting its new VD {t} failed (`{cmd}`: {e}): delete it by hand before anything uses it"),
                    }
                }
            }
            ("jbod", _) => "left JBOD (nothing was put on it, as replace-drive does): do not give it to Ceph, replace it".to_owned(),
            _ => continue,
        };
        rep.drives[i]
            .warnings
            .push(format!("FAILED qualification: {what}"));
        out.push(Rejected { drive: i, what });
    }
    ctx.cache().invalidate();
    out
}

/// Without block devices the simulator's VD is a sparse file osd-prep made; it goes with
/// the VD (the simulator removes its own loop-backed files).
fn remove_sim_file(ctx: &Ctx, id: &Identity) {
    if id.kind == device::TargetKind::RegularFile {
        ctx.discard_simulated_backing(Path::new(&id.canonical));
    }
}

/// This host's OSD-creation line (`--ceph-deploy`, the join's roots, `--host-name`).
fn create_line(args: &OsdPrepOptions, ctx: &Ctx) -> CreateLine {
    let src = ctx.ceph_sources();
    let fsid = crate::ceph::join::conf_fsid(ctx.ceph().conf());
    let host = args
        .host_name
        .clone()
        .or_else(|| src.hostname.clone())
        .unwrap_or_else(|| "HOST".into());
    CreateLine::choose(
        args.ceph_deploy,
        &src.ceph_root,
        fsid.as_deref(),
        &host,
        ctx.simulated(),
    )
}

/// The rules of drive `d` at `level`, by id.
fn rules_at(d: &super::result::DriveResult, level: Verdict) -> String {
    d.rules
        .iter()
        .filter(|r| r.level == level)
        .map(|r| r.rule.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The report, then an OSD-creation line per drive that passed and what became of the others.
fn print_outcome(
    rep: &QualReport,
    (sim, style): (bool, crate::output::Style),
    rejected: &[Rejected],
    create: &CreateLine,
    out: &mut dyn Write,
) {
    let _ = write!(out, "{}", super::report::terminal(rep, style));
    let _ = writeln!(out, "\n{}", create.heading());
    for (i, d) in rep.drives.iter().enumerate() {
        let c = d.identity.controller.as_ref();
        let label = format!(
            "a{} [{}] {} serial {}",
            c.map_or(0, |c| c.adapter),
            c.map_or("?", |c| c.address.as_str()),
            d.identity.model.as_deref().unwrap_or("?"),
            d.identity.serial.as_deref().unwrap_or("?")
        );
        let sim = if sim {
            " (simulated: a sparse file)"
        } else {
            ""
        };
        let line = match d.verdict {
            Verdict::Pass => format!("{}   # {label}{sim}", create.line(&d.identity.path)),
            Verdict::Warn => format!(
                "{}   # {label}{sim}; WARN: {}",
                create.line(&d.identity.path),
                rules_at(d, Verdict::Warn)
            ),
            // Some gate could not decide (two drives of a model have no peer gate, a host-bound
            // job): the VD stays and the operator decides from the rules above.
            Verdict::Inconclusive => format!(
                "# INCONCLUSIVE, VD kept, decide from the rules above: {}   # {label}{sim}; {}",
                create.line(&d.identity.path),
                rules_at(d, Verdict::Inconclusive)
            ),
            v => {
                let gone = rejected
                    .iter()
                    .find(|r| r.drive == i)
                    .map(|r| format!("; {}", r.what))
                    .unwrap_or_default();
                format!("# not for an OSD ({v}): {} {label}{gone}", d.identity.path)
            }
        };
        let _ = writeln!(out, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Adapter, LogicalDrive, OsdMode, OsdRef};

    fn osd(id: u32) -> OsdRef {
        OsdRef {
            id,
            up: Some(true),
            is_in: Some(true),
            destroyed: None,
            mode: OsdMode::Lvm,
            objectstore: None,
            device_class: None,
            crush_weight: None,
            role: "block".into(),
            deployment: None,
        }
    }

    fn raid0(target: u32, slot: u16, osd_id: Option<u32>) -> LogicalDrive {
        LogicalDrive {
            adapter: 0,
            target_id: target,
            raid_level: RaidLevel::Raid0,
            members: vec![DriveAddress::new(32, slot)],
            osd: osd_id.map(osd).into_iter().collect(),
            ..LogicalDrive::default()
        }
    }

    fn jbod(slot: u16, osd_id: Option<u32>) -> PhysicalDrive {
        PhysicalDrive {
            adapter: 0,
            enclosure_id: Some(32),
            slot,
            firmware_state: FirmwareState::Jbod,
            osd: osd_id.map(osd).into_iter().collect(),
            ..PhysicalDrive::default()
        }
    }

    fn snap(jbod_enabled: bool) -> Snapshot {
        Snapshot {
            adapters: vec![Adapter {
                adapter: 0,
                jbod_enabled: Some(jbod_enabled),
                ..Adapter::default()
            }],
            ..Snapshot::default()
        }
    }

    /// `auto` follows the OSDs first, then the single-drive layout, then the adapter's JBOD
    /// setting, and always says which it followed.
    #[test]
    fn auto_follows_the_osds() {
        // JBOD enabled, but the OSDs sit on RAID0 VDs (a JBOD without an OSD does not count
        // against them).
        let mut s = snap(true);
        s.logical_drives = vec![raid0(1, 2, Some(0)), raid0(2, 3, Some(1))];
        s.physical_drives = vec![jbod(9, None)];
        let (how, why) = auto_layout(&s, 0);
        assert_eq!(how, Presented::Raid0, "{why}");
        assert!(
            why.contains("Ceph OSDs on adapter 0 sit on 2 single-drive RAID0 VD(s) and 0 JBOD"),
            "{why}"
        );
        // OSDs on JBOD drives.
        let mut s = snap(true);
        s.logical_drives = vec![raid0(1, 2, None)];
        s.physical_drives = vec![jbod(4, Some(3)), jbod(5, Some(4))];
        assert_eq!(auto_layout(&s, 0).0, Presented::Jbod);
        // No OSD known: the single-drive layout there is.
        let mut s = snap(true);
        s.logical_drives = vec![raid0(1, 2, None), raid0(2, 3, None)];
        let (how, why) = auto_layout(&s, 0);
        assert_eq!(how, Presented::Raid0);
        assert!(
            why.starts_with("no Ceph OSD is known on adapter 0"),
            "{why}"
        );
        // Nothing to follow: the adapter's setting.
        assert_eq!(auto_layout(&snap(true), 0).0, Presented::Jbod);
        let (how, why) = auto_layout(&snap(false), 0);
        assert_eq!(how, Presented::Raid0);
        assert!(why.contains("JBOD is not enabled"), "{why}");
        // Another adapter's layout is not this one's.
        assert_eq!(auto_layout(&s, 1).0, Presented::Raid0);
    }

    #[test]
    fn a_cephadm_host_gets_the_orchestrators_line() {
        let d = tempfile::tempdir().unwrap();
        let fsid = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
        let choose = |c, f: Option<&str>, sim| CreateLine::choose(c, d.path(), f, "node1", sim);
        // No cephadm directory: the package line.
        let pkg = choose(CephDeploy::Auto, Some(fsid), false);
        assert_eq!(pkg, CreateLine::Package);
        assert_eq!(
            pkg.line("/dev/sdc"),
            "ceph-volume lvm create --data /dev/sdc"
        );
        // Forced.
        assert_eq!(
            choose(CephDeploy::Cephadm, None, false).line("/dev/sdc"),
            "ceph orch daemon add osd node1:/dev/sdc lvm"
        );
        // The cluster's directory under the Ceph root: cephadm.
        std::fs::create_dir_all(d.path().join(fsid)).unwrap();
        let adm = choose(CephDeploy::Auto, Some(fsid), false);
        assert_eq!(
            adm.line("/dev/sdc"),
            "ceph orch daemon add osd node1:/dev/sdc lvm"
        );
        assert!(adm.heading().contains("cephadm host"), "{}", adm.heading());
        assert!(adm.heading().contains(fsid), "{}", adm.heading());
        // Simulated (loop) devices are raw.
        assert_eq!(
            choose(CephDeploy::Auto, None, true).line("/dev/loop3"),
            "ceph orch daemon add osd node1:/dev/loop3 raw"
        );
        // Another cluster's directory only: package; and --ceph-deploy package wins.
        assert_eq!(
            choose(
                CephDeploy::Auto,
                Some("11111111-2222-3333-4444-555555555555"),
                false
            ),
            CreateLine::Package
        );
        assert_eq!(
            choose(CephDeploy::Package, Some(fsid), false),
            CreateLine::Package
        );
    }
}
