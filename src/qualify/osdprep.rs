//! `raidctl osd-prep`: for Ceph nodes behind MegaRAID adapters without pass-through. Each
//! Unconfigured(good) drive becomes a single-drive RAID0 (write-through, no read-ahead, direct
//! I/O) or a JBOD where the adapter has JBOD enabled; its block device is found, qualified,
//! and a `ceph-volume lvm create --data DEVICE` line is printed (never run) for each drive
//! that passes.
//!
//! Under `--sim` there is no kernel block device: each simulated VD or JBOD is backed by a
//! sparse file `<sim_dir>/disks/vd-<adapter>-<target>.img` or
//! `<sim_dir>/disks/jbod-<adapter>-<enclosure>-<slot>.img`, sized like the drive but capped
//! at [`SIM_DISK_CAP`] bytes (1 GiB; `RAIDCTL_SIM_DISK_CAP` overrides), so the whole flow runs
//! with real I/O. With `sim block-devices on` the simulator's loop device over that file is
//! used instead (see [`crate::sim::blockdev`]).

use super::cli::{Exports, OsdPrepArgs, PrepMode, Run, exit_for, qualify_identities};
use super::device::{self, ControllerSlot, DriveClass, Identity, SysPaths};
use super::result::Verdict;
use super::suite::SuiteOptions;
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::model::{DriveAddress, FirmwareState, MediaType, PdType, PhysicalDrive};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    /// MegaCli arguments.
    pub args: Vec<String>,
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

/// The plan: which drives, and the MegaCli command for each.
///
/// # Errors
/// Bad `--drives` addresses.
pub fn plan(
    snap: &crate::backend::snapshot::Snapshot,
    args: &OsdPrepArgs,
) -> Result<Vec<PrepItem>, String> {
    let wanted: Vec<DriveAddress> = args
        .drives
        .iter()
        .map(|s| s.parse::<DriveAddress>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
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
        let jbod_enabled = snap
            .adapters
            .iter()
            .find(|a| a.adapter == pd.adapter)
            .and_then(|a| a.jbod_enabled)
            .unwrap_or(false);
        let how = match args.mode {
            PrepMode::Raid0 => Presented::Raid0,
            PrepMode::Jbod => Presented::Jbod,
            PrepMode::Auto if jbod_enabled => Presented::Jbod,
            PrepMode::Auto => Presented::Raid0,
        };
        let a = format!("-a{}", pd.adapter);
        let addr = pd.address().megacli_arg();
        let cmd: Vec<String> = match how {
            Presented::Raid0 => vec![
                "-CfgLdAdd".into(),
                format!("-r0[{addr}]"),
                "WT".into(),
                "NORA".into(),
                "Direct".into(),
                a,
            ],
            Presented::Jbod => vec!["-PDMakeJBOD".into(), format!("-PhysDrv[{addr}]"), a],
        };
        out.push(PrepItem {
            adapter: pd.adapter,
            addr: pd.address(),
            how,
            args: cmd,
        });
    }
    Ok(out)
}

/// The cap of a file backing a simulated drive (`RAIDCTL_SIM_DISK_CAP` overrides it).
pub fn sim_cap() -> u64 {
    std::env::var(ENV_SIM_DISK_CAP)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SIM_DISK_CAP)
}

/// The device backing a simulated VD or JBOD drive: its loop device when `sim
/// block-devices` is on (set up by the simulator when the VD appeared), else a fresh sparse
/// file of the same name ([`crate::sim::blockdev`] owns the naming for both).
///
/// # Errors
/// I/O errors.
pub fn sim_backing(
    sim_dir: &Path,
    adapter: u32,
    kind: crate::sim::blockdev::Kind,
    target: Option<u32>,
    addr: Option<DriveAddress>,
    size: u64,
) -> Result<PathBuf, String> {
    use crate::sim::blockdev;
    if let Some(dev) = blockdev::device_for(sim_dir, adapter, kind, target, addr) {
        return Ok(dev);
    }
    let name = blockdev::file_name(adapter, kind, target, addr);
    blockdev::backing_file(sim_dir, &name, size, sim_cap())
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
    args: &OsdPrepArgs,
    ctx: &Ctx,
    json_stdout: bool,
    out: &mut dyn Write,
) -> Result<ExitStatus, String> {
    let mc = ctx.megacli().map_err(|e| e.to_string())?;
    let snap = ctx.snapshot(Duration::ZERO).map_err(|e| e.to_string())?;
    let items = plan(&snap, args)?;
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
    say(format!("osd-prep: {} drive(s):", items.len()));
    for it in &items {
        let pd = snap.drive(it.adapter, it.addr);
        let argv: Vec<&str> = it.args.iter().map(String::as_str).collect();
        say(format!(
            "  a{} {} {} serial {} -> {}: {}",
            it.adapter,
            it.addr,
            pd.and_then(|p| p.model.as_deref()).unwrap_or("?"),
            pd.and_then(|p| p.serial.as_deref()).unwrap_or("?"),
            if it.how == Presented::Jbod {
                "JBOD"
            } else {
                "RAID0 WT NORA Direct"
            },
            mc.command_line(&argv)
        ));
    }
    if args.dry_run {
        say("dry run: nothing changed".into());
        return Ok(ExitStatus::Ok);
    }
    if !args.yes {
        return Err("this creates the VDs/JBODs above and write-tests the drives; rerun with --yes (or --dry-run)".into());
    }
    // One changer per controller on this host, whatever the state directory: a replacement
    // running beside this would see VDs appear under it.
    let mut adapters: Vec<u32> = items.iter().map(|i| i.adapter).collect();
    adapters.sort_unstable();
    adapters.dedup();
    let _locks = adapters
        .iter()
        .map(|a| {
            crate::workflow::AdapterLock::acquire_for(
                &ctx.state_dir,
                ctx.sim_dir.as_deref(),
                *a,
                "osd-prep",
            )
            .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut done: Vec<&PrepItem> = Vec::new();
    for it in &items {
        let argv: Vec<&str> = it.args.iter().map(String::as_str).collect();
        match mc.action(&argv) {
            Ok(_) => done.push(it),
            Err(e) => eprintln!(
                "raidctl osd-prep: {} on adapter {}: {e}",
                it.addr, it.adapter
            ),
        }
    }
    ctx.cache().invalidate();
    let snap = ctx.snapshot(Duration::ZERO).map_err(|e| e.to_string())?;
    let paths = SysPaths::default();
    let mut ids: Vec<Identity> = Vec::new();
    for it in done {
        let Some(pd) = snap.drive(it.adapter, it.addr) else {
            eprintln!("raidctl osd-prep: {} vanished after preparation", it.addr);
            continue;
        };
        let size = pd.coerced_size_bytes.or(pd.raw_size_bytes).unwrap_or(0);
        let (dev, target) = match it.how {
            Presented::Raid0 => {
                let ld = snap
                    .logical_drives
                    .iter()
                    .find(|l| l.adapter == it.adapter && l.members == [it.addr]);
                let Some(ld) = ld else {
                    eprintln!(
                        "raidctl osd-prep: no VD found for {} after -CfgLdAdd",
                        it.addr
                    );
                    continue;
                };
                let dev = match &ctx.sim_dir {
                    Some(sd) => Some(sim_backing(
                        sd,
                        it.adapter,
                        crate::sim::blockdev::Kind::Vd,
                        Some(ld.target_id),
                        None,
                        ld.size_bytes.unwrap_or(size),
                    )?),
                    None => ld.block_device.as_ref().map(PathBuf::from),
                };
                (dev, Some(ld.target_id))
            }
            Presented::Jbod => {
                let dev = match &ctx.sim_dir {
                    Some(sd) => Some(sim_backing(
                        sd,
                        it.adapter,
                        crate::sim::blockdev::Kind::Jbod,
                        None,
                        Some(it.addr),
                        size,
                    )?),
                    None => find_jbod_device(pd, &paths),
                };
                (dev, None)
            }
        };
        let Some(dev) = dev else {
            eprintln!(
                "raidctl osd-prep: {}: no block device found (udev still settling? run `raidctl qualify` on it later)",
                it.addr
            );
            continue;
        };
        let mut id = device::identify(&dev, &paths)?;
        let how = if it.how == Presented::Jbod {
            "jbod"
        } else {
            "raid0"
        };
        apply_pd(&mut id, pd, how, target, ctx.sim_dir.is_some());
        ids.push(id);
    }
    if ids.is_empty() {
        return Err("no drive could be prepared".into());
    }
    let profile = super::profile::Profile::load(args.profile_file.as_deref())?;
    let opts = SuiteOptions {
        profile: args.profile,
        role: args.role.key().into(),
        engine: args.engine,
        read_only: args.read_only,
        host: args.host_name.clone(),
        journal_dir: Some(ctx.state_dir.clone()),
        watch_signals: true,
        megaraid: ctx
            .megacli()
            .ok()
            .map(|m| std::sync::Arc::new(m.duplicate())),
        ..SuiteOptions::default()
    };
    // The drives were Unconfigured(good): the operator's --yes is the confirmation; the
    // signature, mount and holder checks still run on each new device.
    let destroy: Vec<String> = ids
        .iter()
        .map(|i| i.serial.clone().unwrap_or_else(|| i.path.clone()))
        .collect();
    let exports = Exports {
        json: args
            .json
            .clone()
            .or_else(|| json_stdout.then(|| PathBuf::from("-"))),
        svg: args.svg.clone(),
        ..Exports::default()
    };
    let run = Run {
        opts: &opts,
        profile: &profile,
        destroy: &destroy,
        paths: &paths,
        exports: &exports,
        together: true,
        show_progress: !json_stdout && std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    let rep = qualify_identities(ids, &run)?;
    if !json_stdout {
        let _ = write!(
            out,
            "{}",
            super::report::terminal(&rep, std::io::IsTerminal::is_terminal(&std::io::stdout()))
        );
        let _ = writeln!(
            out,
            "\n# ceph-volume commands for the drives that passed (not run):"
        );
    }
    for d in &rep.drives {
        let c = d.identity.controller.as_ref();
        let label = format!(
            "a{} [{}] {} serial {}",
            c.map_or(0, |c| c.adapter),
            c.map_or("?", |c| c.address.as_str()),
            d.identity.model.as_deref().unwrap_or("?"),
            d.identity.serial.as_deref().unwrap_or("?")
        );
        let sim = if ctx.sim_dir.is_some() {
            " (simulated: a sparse file)"
        } else {
            ""
        };
        let line = match d.verdict {
            Verdict::Pass => format!(
                "ceph-volume lvm create --data {}   # {label}{sim}",
                d.identity.path
            ),
            Verdict::Warn => format!(
                "ceph-volume lvm create --data {}   # {label}{sim}; WARN: {}",
                d.identity.path,
                d.rules
                    .iter()
                    .filter(|r| r.level == Verdict::Warn)
                    .map(|r| r.rule.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            v => format!("# not for an OSD ({v}): {} {label}", d.identity.path),
        };
        if !json_stdout {
            let _ = writeln!(out, "{line}");
        }
    }
    Ok(exit_for(rep.verdict))
}
