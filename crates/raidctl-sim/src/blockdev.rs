//! Real block devices for the simulated controller: with `sim block-devices on` every VD and
//! JBOD drive is backed by a loop device (`losetup --direct-io=on`) over a sparse file in
//! `<sim_dir>/disks/` (the names `osd-prep` uses: `vd-<adapter>-<target>.img`,
//! `jbod-<adapter>-<enclosure>-<slot>.img`), so Ceph, `qualify` or anything else can do real
//! I/O on "the VD".
//!
//! The map lives in `<sim_dir>/block-devices.json` and is reconciled with the state in the
//! one place every front end persists it ([`crate::store::Locked::save`], under the
//! state lock): a VD or JBOD that appeared gets its file and loop device, one that went is
//! detached and its file removed, a VD that went offline or a JBOD drive that failed fails
//! I/O.
//!
//! How a dead disk is played: the loop device's size limit (`LOOP_SET_STATUS64`'s
//! `lo_sizelimit`) is set to one sector, so every read or write past the first sector fails
//! with EIO at the block layer, as I/O to a dead VD does; BlueStore's aio then gets EIO and
//! `ceph-osd` aborts ("Unexpected IO error"). Detaching would not do: a loop device that is
//! held open is only marked for auto-clear and keeps serving I/O; `chmod` on the file would
//! not do either, the loop driver holds it open. The data stays in the file: when the VD
//! comes back (a drive forced online, a foreign import) the full size is restored.

// LOOP_GET/SET_STATUS64: rustix has no loop-device ioctls.
#![allow(unsafe_code)]

use crate::state::SimState;
use raidctl_model::{DriveAddress, FirmwareState, LdState};
use raidctl_sys::runner::{Sink, Spec, run_process};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The map file in the simulator directory.
pub const MAP_FILE: &str = "block-devices.json";
/// Default cap of a backing file: Ceph needs at least 1 GiB, 3 GiB leaves room.
pub const DEFAULT_SIZE: u64 = 3 << 30;
/// Smallest size a backing file may be capped at.
const MIN_SIZE: u64 = 64 << 20;

/// VD or JBOD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A virtual drive.
    Vd,
    /// A JBOD (system) drive.
    Jbod,
}

/// A drive position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Enclosure device id (`None`: directly attached).
    pub enclosure: Option<u16>,
    /// Slot.
    pub slot: u16,
}

impl From<DriveAddress> for Member {
    fn from(a: DriveAddress) -> Self {
        Self {
            enclosure: a.enclosure,
            slot: a.slot,
        }
    }
}

impl Member {
    /// As a drive address.
    pub fn address(self) -> DriveAddress {
        DriveAddress {
            enclosure: self.enclosure,
            slot: self.slot,
        }
    }
}

/// One backed VD or JBOD drive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimBlockDevice {
    /// Adapter.
    pub adapter: u32,
    /// VD or JBOD.
    pub kind: Kind,
    /// VD target id.
    pub target: Option<u32>,
    /// The VD's drives (the JBOD drive itself for a JBOD).
    pub members: Vec<Member>,
    /// JBOD drive's enclosure.
    pub enclosure: Option<u16>,
    /// JBOD drive's slot.
    pub slot: Option<u16>,
    /// The loop device (`/dev/loopN`).
    pub device: String,
    /// I/O fails (VD offline, JBOD drive failed).
    pub failed: bool,
    /// The backing file.
    pub file: PathBuf,
    /// What it backs: `vd:<uid>` or `jbod:<serial>` (a recreated VD or another drive in the
    /// slot gets a fresh file).
    pub identity: String,
}

/// `<sim_dir>/block-devices.json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BlockMap {
    /// Largest backing file.
    pub size_bytes: u64,
    /// Backed VDs and drives.
    pub devices: Vec<SimBlockDevice>,
    /// Errors of the last reconciliation (losetup failing, not root).
    #[serde(default)]
    pub errors: Vec<String>,
}

/// The map, when block devices are on.
///
/// # Errors
/// An unreadable map file.
pub fn load(sim_dir: &Path) -> Result<Option<BlockMap>, String> {
    let p = sim_dir.join(MAP_FILE);
    // Which devices root hands to qualify, ceph-volume and the loop ioctls: only the caller's
    // or root's own file, never through a link.
    match raidctl_sys::fsutil::read_own(&p, 16 << 20) {
        Ok(t) => serde_json::from_slice(&t)
            .map(Some)
            .map_err(|e| format!("{}: {e}", p.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

fn save(sim_dir: &Path, map: &BlockMap) -> Result<(), String> {
    let p = sim_dir.join(MAP_FILE);
    let text = serde_json::to_string_pretty(map).map_err(|e| e.to_string())? + "\n";
    raidctl_sys::fsutil::Dir::prepare(sim_dir)
        .and_then(|d| {
            d.write_atomic(
                MAP_FILE,
                text.as_bytes(),
                raidctl_sys::fsutil::PRIVATE,
                raidctl_sys::fsutil::Replace::Yes,
            )
        })
        .map(drop)
        .map_err(|e| format!("{}: {e}", p.display()))
}

/// The file name a VD or JBOD drive is backed by (shared with `osd-prep`).
pub fn file_name(
    adapter: u32,
    kind: Kind,
    target: Option<u32>,
    addr: Option<DriveAddress>,
) -> String {
    match kind {
        Kind::Vd => format!("vd-{adapter}-{}.img", target.unwrap_or(0)),
        Kind::Jbod => {
            let a = addr.unwrap_or(DriveAddress {
                enclosure: None,
                slot: 0,
            });
            format!(
                "jbod-{adapter}-{}-{}.img",
                a.enclosure
                    .map_or_else(|| "na".to_owned(), |e| e.to_string()),
                a.slot
            )
        }
    }
}

/// Creates (fresh) the sparse file `<sim_dir>/disks/NAME` of `size` bytes capped at `cap`,
/// rounded down to MiB.
///
/// # Errors
/// I/O errors.
pub fn backing_file(sim_dir: &Path, name: &str, size: u64, cap: u64) -> Result<PathBuf, String> {
    let size = size.min(cap) / (1 << 20) * (1 << 20);
    // Written through fsutil: the state directory may be shared, and a planted link must
    // not make root truncate a file elsewhere.
    let dir = raidctl_sys::fsutil::Dir::prepare(sim_dir)
        .and_then(|d| d.subdir("disks"))
        .map_err(|e| e.to_string())?;
    let mut t = dir
        .temp(name, raidctl_sys::fsutil::PRIVATE)
        .map_err(|e| e.to_string())?;
    t.file()
        .set_len(size)
        .map_err(|e| format!("{}: {e}", t.path().display()))?;
    t.commit(name, raidctl_sys::fsutil::Replace::Yes)
        .map_err(|e| e.to_string())
}

/// The loop device backing a VD or JBOD drive, when block devices are on.
pub fn device_for(
    sim_dir: &Path,
    adapter: u32,
    kind: Kind,
    target: Option<u32>,
    addr: Option<DriveAddress>,
) -> Option<PathBuf> {
    let map = load(sim_dir).ok()??;
    map.devices
        .iter()
        .find(|d| {
            d.adapter == adapter
                && d.kind == kind
                && match kind {
                    Kind::Vd => d.target == target,
                    Kind::Jbod => {
                        addr.is_some_and(|a| d.enclosure == a.enclosure && d.slot == Some(a.slot))
                    }
                }
        })
        // Handed to qualify or ceph-volume, which write to it: only while it still backs the
        // simulator's own file (a stale map names another program's device).
        .filter(|d| {
            let ours = backs(&d.device, &d.file);
            if !ours {
                warn_stale(d);
            }
            ours
        })
        .map(|d| PathBuf::from(&d.device))
}

/// Says that the map's entry `d` is stale and is not used.
fn warn_stale(d: &SimBlockDevice) {
    raidctl_sys::errln!(
        "raidctl sim: {} no longer backs {} (a copied state directory, a reboot, losetup -D and reuse?): not used; `raidctl sim block-devices off` and on again rebuilds the map",
        raidctl_sys::escape::escape(&d.device),
        raidctl_sys::escape::escape(&d.file.display().to_string())
    );
}

/// What the state asks for: one entry per VD and JBOD drive, without device and file.
fn wanted(st: &SimState, previous: &[SimBlockDevice]) -> Vec<(SimBlockDevice, u64)> {
    let mut out = Vec::new();
    for ad in &st.adapters {
        for vd in &ad.vds {
            let members: Vec<Member> = ad
                .group_index(vd.group_uid)
                .map(|g| {
                    ad.groups[g]
                        .spans
                        .iter()
                        .flat_map(|s| s.rows.iter())
                        .filter_map(|r| r.drive.or(r.home))
                        .map(Member::from)
                        .collect()
                })
                .unwrap_or_default();
            let size = ad.vd_sectors(vd).saturating_mul(crate::state::SECTOR);
            out.push((
                SimBlockDevice {
                    adapter: ad.index,
                    kind: Kind::Vd,
                    target: Some(vd.target),
                    members,
                    enclosure: None,
                    slot: None,
                    device: String::new(),
                    failed: ad.vd_state(vd) == LdState::Offline,
                    file: PathBuf::new(),
                    identity: format!("vd:{}", vd.uid),
                },
                size,
            ));
        }
        for d in &ad.drives {
            let identity = format!("jbod:{}", d.serial);
            // A JBOD drive that failed keeps its (failing) device while it sits in the slot.
            let was = previous
                .iter()
                .any(|p| p.adapter == ad.index && p.identity == identity && p.slot == Some(d.slot));
            let failing = matches!(d.state, FirmwareState::Failed | FirmwareState::Offline);
            if d.state != FirmwareState::Jbod && !(was && failing) {
                continue;
            }
            out.push((
                SimBlockDevice {
                    adapter: ad.index,
                    kind: Kind::Jbod,
                    target: None,
                    members: vec![Member::from(d.addr())],
                    enclosure: d.enclosure,
                    slot: Some(d.slot),
                    device: String::new(),
                    failed: d.state != FirmwareState::Jbod,
                    file: PathBuf::new(),
                    identity,
                },
                d.raw_sectors.saturating_mul(crate::state::SECTOR),
            ));
        }
    }
    out
}

fn same_slot(a: &SimBlockDevice, b: &SimBlockDevice) -> bool {
    a.adapter == b.adapter && a.kind == b.kind && a.identity == b.identity
}

/// Brings the map in line with `st`; a no-op when block devices are off. Errors are kept in
/// the map (`errors`, shown by `sim block-devices`) and returned.
///
/// # Errors
/// The map is unreadable, or some device could not be set up or torn down.
pub fn reconcile(sim_dir: &Path, st: &SimState) -> Result<(), String> {
    let Some(mut map) = load(sim_dir)? else {
        return Ok(());
    };
    let mut errors = Vec::new();
    let want = wanted(st, &map.devices);
    // Gone: detach and remove.
    let mut kept = Vec::new();
    for d in std::mem::take(&mut map.devices) {
        if want.iter().any(|(w, _)| same_slot(w, &d)) {
            kept.push(d);
        } else if let Err(e) = teardown(&d) {
            errors.push(e);
            kept.push(d);
        }
    }
    // New or changed.
    for (w, size) in want {
        if let Some(d) = kept.iter_mut().find(|d| same_slot(d, &w)) {
            d.members = w.members;
            d.target = w.target;
            if d.failed != w.failed {
                match set_failed(Path::new(&d.device), &d.file, w.failed) {
                    Ok(()) => d.failed = w.failed,
                    Err(e) => errors.push(format!("{}: {e}", d.device)),
                }
            }
            continue;
        }
        let addr = w.members.first().map(|m| m.address());
        let name = file_name(w.adapter, w.kind, w.target, addr);
        let setup = backing_file(sim_dir, &name, size, map.size_bytes).and_then(|file| {
            let dev = attach(&file)?;
            if w.failed {
                set_failed(Path::new(&dev), &file, true).map_err(|e| format!("{dev}: {e}"))?;
            }
            Ok((file, dev))
        });
        match setup {
            Ok((file, device)) => kept.push(SimBlockDevice { device, file, ..w }),
            Err(e) => errors.push(e),
        }
    }
    kept.sort_by(|a, b| {
        (a.adapter, a.kind == Kind::Jbod, a.target, a.slot).cmp(&(
            b.adapter,
            b.kind == Kind::Jbod,
            b.target,
            b.slot,
        ))
    });
    map.devices = kept;
    publish(sim_dir, st, &mut map, errors)
}

/// Shows the kernel's view of the devices (the sysfs tree raidctl's join reads, and what udevd
/// would record of them: Ceph's device ids) and saves the map with the errors met on the way.
///
/// # Errors
/// The map could not be saved, or any error met (also kept in the map).
fn publish(
    sim_dir: &Path,
    st: &SimState,
    map: &mut BlockMap,
    mut errors: Vec<String>,
) -> Result<(), String> {
    if let Err(e) = crate::sysfs::refresh(sim_dir, st, map) {
        errors.push(format!("sysfs tree: {e}"));
    }
    errors.extend(crate::udev::refresh(
        Path::new(crate::udev::DATA_DIR),
        st,
        map,
    ));
    map.errors.clone_from(&errors);
    save(sim_dir, map)?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

/// `sim block-devices on`: enables the map (root only) and sets up every device now.
///
/// # Errors
/// Not root, or the set-up failed.
pub fn enable(sim_dir: &Path, st: &SimState, size_bytes: u64) -> Result<(), String> {
    if !rustix::process::geteuid().is_root() {
        return Err("sim block-devices needs root (it attaches loop devices with losetup)".into());
    }
    if size_bytes < MIN_SIZE {
        return Err(format!(
            "size {size_bytes} bytes is below the {} MiB minimum",
            MIN_SIZE >> 20
        ));
    }
    let mut map = load(sim_dir)?.unwrap_or_default();
    map.size_bytes = size_bytes;
    save(sim_dir, &map)?;
    reconcile(sim_dir, st)
}

/// `sim block-devices off`: detaches every device, removes the files and the map.
///
/// # Errors
/// A device that could not be detached (the map is kept then).
pub fn disable(sim_dir: &Path) -> Result<(), String> {
    let Some(mut map) = load(sim_dir)? else {
        return Ok(());
    };
    let mut errors = Vec::new();
    map.devices.retain(|d| match teardown(d) {
        Ok(()) => false,
        Err(e) => {
            errors.push(e);
            true
        }
    });
    if errors.is_empty() {
        crate::sysfs::remove(sim_dir);
        std::fs::remove_file(sim_dir.join(MAP_FILE))
            .map_err(|e| format!("{}: {e}", sim_dir.join(MAP_FILE).display()))
    } else {
        map.errors.clone_from(&errors);
        save(sim_dir, &map)?;
        Err(errors.join("; "))
    }
}

/// `sim block-devices renumber [DEV...]`: what a reboot or a rescan does to kernel names.
/// Every device (or only those named, as a rescan after one VD was deleted and another created
/// moves some names) is detached and the files attached again under one another's names, so
/// the names move (`/dev/loop3` is another VD's afterwards); the data, and a dead disk's failing
/// I/O, stay. Refused while anything holds one of them (a mounted file system, a running
/// `ceph-osd`'s lock): detaching that would only defer, and two names would serve one file.
///
/// # Errors
/// Not root, a name not in the map, a device in use, or losetup failing (the map says what is
/// attached then).
pub fn renumber(sim_dir: &Path, st: &SimState, only: &[String]) -> Result<String, String> {
    if !rustix::process::geteuid().is_root() {
        return Err("sim block-devices renumber needs root (losetup)".into());
    }
    let Some(mut map) = load(sim_dir)? else {
        return Err("block devices are off".into());
    };
    if let Some(unknown) = only
        .iter()
        .find(|n| !map.devices.iter().any(|d| d.device == **n))
    {
        return Err(format!(
            "{unknown} is not one of the simulator's block devices (see `raidctl sim block-devices`)"
        ));
    }
    // A stale entry (its device now another program's) is dropped, never detached, checked
    // for use or renamed.
    map.devices.retain(|d| {
        let ours = backs(&d.device, &d.file);
        if !ours {
            warn_stale(d);
        }
        ours
    });
    let chosen: Vec<usize> = (0..map.devices.len())
        .filter(|i| only.is_empty() || only.contains(&map.devices[*i].device))
        .collect();
    for d in chosen.iter().map(|i| &map.devices[*i]) {
        if let Some(why) = in_use(&d.device) {
            return Err(format!(
                "{} is in use ({why}): stop what holds it first",
                d.device
            ));
        }
    }
    let before: Vec<String> = map.devices.iter().map(|d| d.device.clone()).collect();
    for d in chosen.iter().map(|i| &map.devices[*i]) {
        forget_udev(d);
        losetup(&["--detach".into(), d.device.clone()])?;
    }
    let mut errors = Vec::new();
    // Each chosen file takes the next one's old name (a rotation: with two or more, every
    // name moves); a name taken meanwhile by someone else falls back to the first free one.
    let n = chosen.len();
    for (k, i) in chosen.iter().enumerate() {
        let want = &before[chosen[(k + 1) % n]];
        let d = &mut map.devices[*i];
        let got = losetup(&[
            "--direct-io=on".into(),
            want.clone(),
            d.file.display().to_string(),
        ])
        .map(|_| want.clone())
        .or_else(|_| attach(&d.file));
        match got {
            Ok(dev) => {
                d.device = dev;
                if d.failed {
                    if let Err(e) = set_failed(Path::new(&d.device), &d.file, true) {
                        errors.push(format!("{}: {e}", d.device));
                    }
                }
            }
            Err(e) => errors.push(e),
        }
    }
    publish(sim_dir, st, &mut map, errors)?;
    let moved: Vec<String> = before
        .iter()
        .zip(&map.devices)
        .filter(|(b, d)| **b != d.device)
        .map(|(b, d)| format!("{b} -> {}", d.device))
        .collect();
    Ok(if moved.is_empty() {
        "renumbered: no name moved".to_owned()
    } else {
        format!("renumbered: {}", moved.join(", "))
    })
}

/// Why a block device is busy, if it is: mounted or opened exclusively (`O_EXCL` fails),
/// or locked as BlueStore locks its devices (`flock`).
fn in_use(dev: &str) -> Option<String> {
    use rustix::fs::{FlockOperation, Mode, OFlags, flock, open};
    match open(
        dev,
        OFlags::RDONLY | OFlags::EXCL | OFlags::CLOEXEC,
        Mode::empty(),
    ) {
        Err(e) if e == rustix::io::Errno::BUSY => {
            return Some("open exclusively or mounted".into());
        }
        Err(e) => return Some(e.to_string()),
        Ok(fd) => {
            if flock(&fd, FlockOperation::NonBlockingLockExclusive).is_err() {
                return Some("locked, as a running ceph-osd locks it".into());
            }
        }
    }
    None
}

/// The public view `sim block-devices --format json` prints.
pub fn listing(map: &BlockMap) -> serde_json::Value {
    serde_json::Value::Array(
        map.devices
            .iter()
            .map(|d| {
                serde_json::json!({
                    "adapter": d.adapter,
                    "kind": d.kind,
                    "target": d.target,
                    "members": d.members,
                    "enclosure": d.enclosure,
                    "slot": d.slot,
                    "device": d.device,
                    "failed": d.failed,
                })
            })
            .collect(),
    )
}

/// The table `sim block-devices` prints (columns two spaces apart, as raidctl's tables).
pub fn table(map: &BlockMap) -> String {
    let mut rows: Vec<[String; 6]> = vec![[
        "adapter".into(),
        "kind".into(),
        "VD/drive".into(),
        "members".into(),
        "device".into(),
        "I/O".into(),
    ]];
    for d in &map.devices {
        let what = match d.kind {
            Kind::Vd => format!("VD {}", d.target.unwrap_or(0)),
            Kind::Jbod => d
                .members
                .first()
                .map_or_else(String::new, |m| m.address().to_string()),
        };
        let members: Vec<String> = d.members.iter().map(|m| m.address().to_string()).collect();
        rows.push([
            d.adapter.to_string(),
            if d.kind == Kind::Vd { "vd" } else { "jbod" }.into(),
            what,
            members.join(" "),
            d.device.clone(),
            if d.failed { "failing (EIO)" } else { "ok" }.into(),
        ]);
    }
    let widths: Vec<usize> = (0..6)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (n, r) in rows.iter().enumerate() {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
        if n == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    if map.devices.is_empty() {
        out.push_str("(no block devices: `sim block-devices on` as root)\n");
    }
    for e in &map.errors {
        out.push_str(&format!("error: {e}\n"));
    }
    out
}

fn losetup(args: &[String]) -> Result<String, String> {
    let prog = raidctl_sys::runner::which(
        "losetup",
        std::ffi::OsStr::new("/usr/sbin:/sbin:/usr/bin:/bin"),
    )
    .ok_or("losetup not found (util-linux)")?;
    let out = run_process(&Spec {
        program: &prog,
        exe: None,
        args,
        cwd: &std::env::temp_dir(),
        env: &[],
        path_var: None,
        timeout: Duration::from_secs(30),
        stdout: Sink::Memory,
        stderr: Sink::Memory,
        limit: 1 << 16,
    });
    let text = String::from_utf8_lossy(&out.stdout.data).trim().to_owned();
    if out.status == Some(0) {
        Ok(text)
    } else {
        Err(format!(
            "losetup {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr.data).trim()
        ))
    }
}

fn attach(file: &Path) -> Result<String, String> {
    if !rustix::process::geteuid().is_root() {
        return Err("block devices need root (losetup)".into());
    }
    let dev = losetup(&[
        "--find".into(),
        "--show".into(),
        "--direct-io=on".into(),
        file.display().to_string(),
    ])?;
    if !dev.starts_with("/dev/loop") {
        return Err(format!("losetup printed {dev:?}, not a loop device"));
    }
    Ok(dev)
}

/// Detaches the loop device (when it still backs our file; a stale entry's device is
/// another program's and is left alone) and removes the file.
fn teardown(d: &SimBlockDevice) -> Result<(), String> {
    forget_udev(d);
    if backs(&d.device, &d.file) {
        losetup(&["--detach".into(), d.device.clone()])?;
    } else {
        warn_stale(d);
    }
    match std::fs::remove_file(&d.file) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", d.file.display())),
    }
}

/// Removes udev's entry the simulator wrote for `d` (only its own: see [`crate::udev`]);
/// a failure is said, and does not keep the device attached.
fn forget_udev(d: &SimBlockDevice) {
    if let Err(e) = crate::udev::remove(Path::new(crate::udev::DATA_DIR), &d.device, &d.file) {
        raidctl_sys::errln!("raidctl sim: {}", raidctl_sys::escape::escape(&e));
    }
}

/// Whether loop device `dev` still backs the simulator's `file`, by the device and inode the
/// kernel holds for it (`LOOP_GET_STATUS64`), not by a path that another file may now have:
/// a detached device, one attached to anything else, or a name that is no loop device at all
/// (a forged map) is not ours.
pub(crate) fn backs(dev: &str, file: &Path) -> bool {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let Ok(ours) = std::fs::symlink_metadata(file) else {
        return false;
    };
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(dev)
        .and_then(|f| loop_status(&f))
        .is_ok_and(|info| info.lo_device == ours.dev() && info.lo_inode == ours.ino())
}

/// `LOOP_GET_STATUS64` of an open loop device.
fn loop_status(f: &std::fs::File) -> std::io::Result<LoopInfo64> {
    use std::os::fd::AsRawFd;
    let mut info = LoopInfo64 {
        lo_device: 0,
        lo_inode: 0,
        lo_rdevice: 0,
        lo_offset: 0,
        lo_sizelimit: 0,
        lo_number: 0,
        lo_encrypt_type: 0,
        lo_encrypt_key_size: 0,
        lo_flags: 0,
        lo_file_name: [0; 64],
        lo_crypt_name: [0; 64],
        lo_encrypt_key: [0; 32],
        lo_init: [0; 2],
    };
    // SAFETY: LOOP_GET_STATUS64 writes one `loop_info64` (232 bytes, the layout of
    // `LoopInfo64`) into `info`, which lives for the call; on a descriptor that is not a loop
    // device it fails (ENOTTY) and writes nothing.
    let r = unsafe { libc::ioctl(f.as_raw_fd(), LOOP_GET_STATUS64, &raw mut info) };
    if r == 0 {
        Ok(info)
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// `struct loop_info64` of `<linux/loop.h>`.
#[repr(C)]
#[derive(Clone, Copy)]
struct LoopInfo64 {
    lo_device: u64,
    lo_inode: u64,
    lo_rdevice: u64,
    lo_offset: u64,
    lo_sizelimit: u64,
    lo_number: u32,
    lo_encrypt_type: u32,
    lo_encrypt_key_size: u32,
    lo_flags: u32,
    lo_file_name: [u8; 64],
    lo_crypt_name: [u8; 64],
    lo_encrypt_key: [u8; 32],
    lo_init: [u64; 2],
}

const LOOP_SET_STATUS64: libc::c_ulong = 0x4C04;
const LOOP_GET_STATUS64: libc::c_ulong = 0x4C05;

/// Makes `dev` fail I/O past its first sector (`failed`) or serve its whole file again.
fn set_failed(dev: &Path, file: &Path, failed: bool) -> Result<(), String> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let f = std::fs::File::open(dev).map_err(|e| e.to_string())?;
    // The map can be stale (a copied state directory, a reboot, `losetup -D` and reuse): the
    // device must still back this simulator's own file, by device and inode, or another
    // program's loop device would be cut to 512 bytes.
    let ours = std::fs::metadata(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let limit = if failed { 512 } else { 0 };
    // The kernel answers EAGAIN while the page cache still holds pages of the device it
    // could not drop; try a few times.
    let mut last = String::new();
    for _ in 0..20 {
        let mut info = loop_status(&f).map_err(|e| format!("LOOP_GET_STATUS64: {e}"))?;
        if info.lo_device != ours.dev() || info.lo_inode != ours.ino() {
            return Err(format!(
                "{} no longer backs {} (another program's loop device now?): left alone; `raidctl sim block-devices off` and on again rebuilds the map",
                dev.display(),
                file.display()
            ));
        }
        if info.lo_sizelimit == limit {
            return Ok(());
        }
        info.lo_sizelimit = limit;
        // SAFETY: as above; LOOP_SET_STATUS64 reads one `loop_info64` from `info`.
        let r = unsafe { libc::ioctl(f.as_raw_fd(), LOOP_SET_STATUS64, &raw const info) };
        if r == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        last = format!("LOOP_SET_STATUS64: {e}");
        if e.raw_os_error() != Some(libc::EAGAIN) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_info_has_the_kernel_layout() {
        assert_eq!(std::mem::size_of::<LoopInfo64>(), 232);
    }

    #[test]
    fn the_state_decides_what_is_backed() {
        let mut st = crate::scenarios::build("degraded").unwrap();
        let w = wanted(&st, &[]);
        let vds: Vec<_> = w.iter().filter(|(d, _)| d.kind == Kind::Vd).collect();
        assert_eq!(vds.len(), st.adapters[0].vds.len());
        assert!(
            vds.iter()
                .all(|(d, size)| !d.members.is_empty() && *size > 0)
        );
        // A JBOD drive appears; when it fails it stays (failing), when pulled it goes.
        let ad = &mut st.adapters[0];
        let i = ad
            .drives
            .iter()
            .position(|d| d.state == FirmwareState::UnconfiguredGood)
            .unwrap();
        ad.drives[i].state = FirmwareState::Jbod;
        let w = wanted(&st, &[]);
        let jbod: Vec<_> = w
            .iter()
            .filter(|(d, _)| d.kind == Kind::Jbod)
            .map(|(d, _)| d.clone())
            .collect();
        assert_eq!(jbod.len(), 1);
        assert!(!jbod[0].failed);
        st.adapters[0].drives[i].state = FirmwareState::Failed;
        let w = wanted(&st, &jbod);
        assert!(w.iter().any(|(d, _)| d.kind == Kind::Jbod && d.failed));
        assert!(!wanted(&st, &[]).iter().any(|(d, _)| d.kind == Kind::Jbod));
        st.adapters[0].drives.remove(i);
        assert!(!wanted(&st, &jbod).iter().any(|(d, _)| d.kind == Kind::Jbod));
    }

    #[test]
    fn off_without_a_map_is_a_no_op() {
        let d = tempfile::tempdir().unwrap();
        let st = crate::scenarios::build("healthy").unwrap();
        reconcile(d.path(), &st).unwrap();
        disable(d.path()).unwrap();
        assert!(!d.path().join(MAP_FILE).exists());
    }
}
