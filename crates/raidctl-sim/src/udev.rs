//! udev's database entries for the simulator's block devices: what udevd writes for a real
//! VD or JBOD drive, so that Ceph (which names a device by udev's vendor, model and serial,
//! read through libudev from `/run/udev/data/b<major>:<minor>`) lists the loop device of a
//! simulated VD as it lists a PERC's: `ceph device ls` shows `PERC_H710P_Mini_<NAA>` with its
//! OSD, and `ceph osd metadata` its `device_ids`. Loop devices have none of their own.
//!
//! What an entry holds, as the persistent-storage rules set it from `scsi_id` (VPD page 0x83):
//! - a VD: `ID_VENDOR=DELL` (or `LSI`), `ID_MODEL` the controller's product
//!   (`PERC_H710P_Mini`), `ID_SERIAL=3<NAA>` and `ID_SERIAL_SHORT=<NAA>` (the VD's NAA
//!   identifier, as a real PERC VD shows `ID_SERIAL=36c81f660…`), `ID_WWN`; Ceph's id is then
//!   `<ID_MODEL>_<ID_SERIAL_SHORT>`;
//! - a JBOD drive: the drive's own inquiry, `ID_SERIAL`/`ID_SERIAL_SHORT` from its WWN and
//!   `ID_SCSI_SERIAL` its serial (page 0x80); Ceph's id is `<VENDOR>_<MODEL>_<SERIAL>` (for
//!   `ATA` drives `<MODEL>_<SERIAL>`).
//!
//! Only the simulator's own entries are ever written over or removed: each carries
//! `RAIDCTL_SIM_BACKING=<the file the loop device backs>`, and is read and removed without
//! following links. An entry without it (udevd's, or anyone else's) is left alone and the
//! device listed with an error. A marked entry whose loop device no longer backs its file is a
//! dead simulator's (a killed run) and is removed by the next simulator that writes entries. The directory is used when it exists, or created as root
//! (no udevd runs on the development machines or in CI).

use crate::blockdev::{BlockMap, Kind, SimBlockDevice};
use crate::state::SimState;
use raidctl_sys::fsutil::Dir;
use std::path::Path;

/// Where libudev reads a device's properties.
pub const DATA_DIR: &str = "/run/udev/data";
/// The property that marks an entry as the simulator's, naming the file the device backs.
const MARK: &str = "RAIDCTL_SIM_BACKING";
/// Largest entry read back.
const CAP: usize = 64 << 10;

/// udev's way with an inquiry string: trimmed, inner whitespace runs made one `_`, anything
/// but ASCII letters, digits and `-._` made `_` (`util_replace_whitespace`, `replace_chars`).
fn udev_word(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-._".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The properties of `d` (of adapter `ad`), as udev's rules give a SCSI disk.
fn properties(st: &SimState, d: &SimBlockDevice) -> Option<Vec<(&'static str, String)>> {
    let ad = st.adapters.iter().find(|a| a.index == d.adapter)?;
    let u = crate::sysfs::unit(ad, d)?;
    let naa = u.wwid.strip_prefix("naa.").unwrap_or(&u.wwid).to_owned();
    let mut v = vec![
        ("ID_VENDOR", udev_word(&u.vendor)),
        ("ID_MODEL", udev_word(&u.model)),
        ("ID_SERIAL", format!("3{naa}")),
        ("ID_SERIAL_SHORT", naa.clone()),
        ("ID_WWN", format!("0x{}", naa.get(..16).unwrap_or(&naa))),
        ("ID_WWN_WITH_EXTENSION", format!("0x{naa}")),
        ("ID_TYPE", "disk".to_owned()),
        ("ID_BUS", "scsi".to_owned()),
    ];
    if d.kind == Kind::Jbod {
        v.push(("ID_SCSI_SERIAL", udev_word(&u.serial)));
    }
    Some(v)
}

/// The entry's text: initialised, the properties, the simulator's mark.
fn entry_text(props: &[(&str, String)], backing: &Path) -> String {
    let mut t = String::from("I:1\n");
    for (k, v) in props {
        t.push_str(&format!("E:{k}={v}\n"));
    }
    t.push_str(&format!("E:{MARK}={}\n", backing.display()));
    t
}

/// Whose an existing entry is.
#[derive(Debug, PartialEq, Eq)]
enum Owner {
    /// None there.
    Nobody,
    /// This device's (marked with its backing file).
    This(String),
    /// Another simulator device's: a loop device reused after a run that did not clean up
    /// (the kernel says the device backs this file now).
    Stale,
    /// udevd's or anyone else's (or not a regular file).
    Other,
}

fn owner(dir: &Dir, name: &str, backing: &Path) -> Owner {
    let text = match dir.read_file(name, CAP) {
        Ok(None) => return Owner::Nobody,
        Ok(Some(t)) => String::from_utf8_lossy(&t).into_owned(),
        Err(_) => return Owner::Other,
    };
    let mark = format!("E:{MARK}=");
    match text.lines().find_map(|l| l.strip_prefix(&mark)) {
        Some(b) if Path::new(b) == backing => Owner::This(text),
        Some(_) => Owner::Stale,
        None => Owner::Other,
    }
}

/// `b<major>:<minor>`: the entry name of block device node `dev`.
fn entry_name(dev: &str) -> Result<String, String> {
    let st = rustix::fs::stat(dev).map_err(|e| format!("{dev}: {e}"))?;
    if rustix::fs::FileType::from_raw_mode(st.st_mode) != rustix::fs::FileType::BlockDevice {
        return Err(format!("{dev} is not a block device"));
    }
    Ok(format!(
        "b{}:{}",
        rustix::fs::major(st.st_rdev),
        rustix::fs::minor(st.st_rdev)
    ))
}

/// The database directory, created (0755, as udevd makes it) when missing and root.
fn open_dir(root: &Path, create: bool) -> Result<Option<Dir>, String> {
    if create && std::fs::symlink_metadata(root).is_err() {
        if !rustix::process::geteuid().is_root() {
            return Ok(None);
        }
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o755)
            .create(root)
            .map_err(|e| format!("{}: {e}", root.display()))?;
    }
    match Dir::open(root) {
        Ok(d) => Ok(Some(d)),
        Err(_) if !create && std::fs::symlink_metadata(root).is_err() => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Writes (or rewrites) the entry of every device in `map` under `root`; an entry that is not
/// the simulator's is left alone. The errors, one per device.
pub fn refresh(root: &Path, st: &SimState, map: &BlockMap) -> Vec<String> {
    let dir = match open_dir(root, true) {
        Ok(Some(d)) => d,
        Ok(None) => return Vec::new(),
        Err(e) => return vec![format!("udev data: {e}")],
    };
    sweep_dead(&dir, root, Path::new("/sys/dev/block"));
    let mut errors = Vec::new();
    for d in &map.devices {
        let Some(props) = properties(st, d) else {
            continue;
        };
        let name = match entry_name(&d.device) {
            Ok(n) => n,
            Err(e) => {
                errors.push(format!("udev data: {e}"));
                continue;
            }
        };
        let text = entry_text(&props, &d.file);
        let write = match owner(&dir, &name, &d.file) {
            Owner::This(old) => old != text,
            Owner::Nobody | Owner::Stale => true,
            Owner::Other => {
                errors.push(format!(
                    "udev data: {}/{name} ({}) is not the simulator's: left alone, so Ceph sees no device id for it",
                    root.display(),
                    d.device
                ));
                false
            }
        };
        if write {
            if let Err(e) = dir.write_atomic(
                &name,
                text.as_bytes(),
                raidctl_sys::fsutil::WORLD_READABLE,
                raidctl_sys::fsutil::Replace::Yes,
            ) {
                errors.push(format!("udev data: {e}"));
            }
        }
    }
    errors
}

/// Removes the entries dead simulators left (a killed test, a crash before `off`): marked as
/// the simulator's, on a loop device (major 7) that no longer backs the file the entry names.
/// Left behind, the next program given that loop device would read it as a PERC VD (qualify
/// groups drives by udev's model). The device is found through `sys_dev` (`/sys/dev/block`),
/// not by guessing its name from the minor; unmarked entries (udevd's) are never touched.
fn sweep_dead(dir: &Dir, root: &Path, sys_dev: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mark = format!("E:{MARK}=");
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(minor) = name.strip_prefix("b7:") else {
            continue;
        };
        let Ok(Some(text)) = dir.read_file(name, CAP) else {
            continue;
        };
        let text = String::from_utf8_lossy(&text);
        let Some(backing) = text.lines().find_map(|l| l.strip_prefix(&mark)) else {
            continue;
        };
        let dev = std::fs::read_link(sys_dev.join(format!("7:{minor}")))
            .ok()
            .and_then(|l| {
                l.file_name()
                    .map(|n| format!("/dev/{}", n.to_string_lossy()))
            });
        let alive = dev.is_some_and(|d| crate::blockdev::backs(&d, Path::new(backing)));
        if !alive {
            let _ = dir.remove(name);
        }
    }
}

/// Removes the entry of `dev` under `root` when it is this device's (its backing `file`).
///
/// # Errors
/// It could not be removed.
pub fn remove(root: &Path, dev: &str, file: &Path) -> Result<(), String> {
    let Ok(Some(dir)) = open_dir(root, false) else {
        return Ok(());
    };
    let Ok(name) = entry_name(dev) else {
        return Ok(());
    };
    match owner(&dir, &name, file) {
        Owner::This(_) => dir.remove(&name).map_err(|e| format!("udev data: {e}")),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dead simulator's entry goes (its loop device is gone, or backs another file now);
    /// udevd's own entries and other majors stay.
    #[test]
    fn dead_simulators_entries_are_swept_and_nothing_else() {
        let root = tempfile::tempdir().unwrap();
        let sys = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(root.path().join(name), text).unwrap();
        write(
            "b7:4242",
            &format!("I:1\nE:ID_MODEL=PERC\nE:{MARK}=/nonexistent/vd-0-0.img\n"),
        );
        write("b7:4243", "I:1\nE:ID_MODEL=udevd_own\n");
        write("b8:16", &format!("I:1\nE:{MARK}=/nonexistent/x.img\n"));
        let dir = Dir::open_unchecked(root.path()).unwrap();
        sweep_dead(&dir, root.path(), sys.path());
        let left: std::collections::BTreeSet<String> = std::fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["b7:4243", "b8:16"].map(String::from).into());
    }

    #[test]
    fn words_are_as_udev_makes_them() {
        assert_eq!(udev_word("PERC H710P Mini  "), "PERC_H710P_Mini");
        assert_eq!(udev_word(" SEAGATE "), "SEAGATE");
        assert_eq!(udev_word("a/b\u{1b}c"), "a_b_c");
    }

    #[test]
    fn a_vd_entry_names_it_as_a_perc_does() {
        let st = crate::scenarios::build("ceph-node").unwrap();
        let ad = &st.adapters[0];
        let vd = &ad.vds[0];
        let d = SimBlockDevice {
            adapter: ad.index,
            kind: Kind::Vd,
            target: Some(vd.target),
            members: Vec::new(),
            enclosure: None,
            slot: None,
            device: "/dev/loop9".into(),
            failed: false,
            file: "/sim/disks/vd-0-0.img".into(),
            identity: String::new(),
        };
        let props = properties(&st, &d).unwrap();
        let get = |k: &str| props.iter().find(|(x, _)| *x == k).map(|(_, v)| v.clone());
        let naa = ad.vd_naa(vd);
        assert_eq!(get("ID_SERIAL_SHORT"), Some(naa.clone()));
        assert_eq!(get("ID_SERIAL"), Some(format!("3{naa}")));
        assert_eq!(get("ID_VENDOR").as_deref(), Some("DELL"));
        assert!(
            get("ID_MODEL").is_some_and(|m| m.starts_with("PERC_")),
            "{props:?}"
        );
        assert_eq!(
            get("ID_SCSI_SERIAL"),
            None,
            "Ceph's id is then MODEL_SERIAL"
        );
        let text = entry_text(&props, &d.file);
        assert!(text.starts_with("I:1\nE:ID_VENDOR=DELL\n"), "{text}");
        assert!(text.ends_with("E:RAIDCTL_SIM_BACKING=/sim/disks/vd-0-0.img\n"));
    }

    #[test]
    fn only_the_simulators_own_entries_are_touched() {
        let t = tempfile::tempdir().unwrap();
        let dir = Dir::open(t.path()).unwrap();
        let file = Path::new("/sim/disks/vd-0-1.img");
        assert_eq!(owner(&dir, "b7:1", file), Owner::Nobody);
        std::fs::write(t.path().join("b7:1"), entry_text(&[], file)).unwrap();
        assert!(matches!(owner(&dir, "b7:1", file), Owner::This(_)));
        std::fs::write(
            t.path().join("b7:2"),
            entry_text(&[], Path::new("/elsewhere.img")),
        )
        .unwrap();
        assert_eq!(owner(&dir, "b7:2", file), Owner::Stale);
        std::fs::write(t.path().join("b7:3"), "I:5\nE:ID_FS_TYPE=xfs\n").unwrap();
        assert_eq!(owner(&dir, "b7:3", file), Owner::Other);
        // A link, even to an entry of ours, is never read through.
        std::os::unix::fs::symlink(t.path().join("b7:1"), t.path().join("b7:4")).unwrap();
        assert_eq!(owner(&dir, "b7:4", file), Owner::Other);
        // A node that is no block device names no entry.
        assert!(entry_name("/dev/null").is_err());
        assert!(entry_name(&t.path().join("b7:1").display().to_string()).is_err());
    }
}
