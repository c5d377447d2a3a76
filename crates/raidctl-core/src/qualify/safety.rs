//! Safety: a destructive phase never starts on a device that holds anything. Each check
//! returns a [`Refusal`] with a rule id; the caller runs them before the first destructive
//! phase and again before each later one (something may have mounted or opened the device in
//! the meantime).

use super::device::{Identity, SysPaths, TargetKind, sys_dir};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Why a device is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// Rule id (`SAFE-MOUNTED`, …).
    pub rule: String,
    /// What was found.
    pub detail: String,
}

fn refuse(rule: &str, detail: String) -> Refusal {
    Refusal {
        rule: rule.to_owned(),
        detail,
    }
}

/// A file written with test patterns must be the caller's own and named as itself: a link
/// (another user may have pointed it at a file of the caller's, `/etc/shadow` for root), or a
/// file of someone else's in a directory others can write, is refused.
fn file_ownership(path: &Path, canonical: &Path) -> Vec<Refusal> {
    use std::os::unix::fs::MetadataExt;
    let mut out = Vec::new();
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        out.push(refuse(
            "SAFE-FILE-LINK",
            format!(
                "{} is a symbolic link to {}: name the file itself",
                crate::escape::escape(&path.display().to_string()),
                crate::escape::escape(&canonical.display().to_string())
            ),
        ));
    }
    let me = rustix::process::geteuid().as_raw();
    if let Ok(m) = std::fs::metadata(canonical) {
        let dir_open = canonical
            .parent()
            .and_then(|d| std::fs::metadata(d).ok())
            .is_some_and(|d| d.mode() & 0o022 != 0);
        if m.uid() != me && dir_open {
            out.push(refuse(
                "SAFE-FILE-OWNER",
                format!(
                    "the file belongs to uid {} in a directory others can write: only a file of your own is overwritten",
                    m.uid()
                ),
            ));
        }
    }
    out
}

/// Smallest regular file a write run accepts (every job needs room for its blocks).
pub const MIN_FILE_BYTES: u64 = 4 << 20;

/// Known on-disk signatures: `(offset, magic, name)`. Offsets from the end are negative.
const SIGNATURES: &[(i64, &[u8], &str)] = &[
    (0, b"XFSB", "xfs"),
    (1080, &[0x53, 0xEF], "ext2/3/4"),
    (0x1_0040, b"_BHRfS_M", "btrfs"),
    (0, b"LABELONE", "LVM2 PV"),
    (512, b"LABELONE", "LVM2 PV"),
    (1024, b"LABELONE", "LVM2 PV"),
    (1536, b"LABELONE", "LVM2 PV"),
    (0, &[0xfc, 0x4e, 0x2b, 0xa9], "mdraid (v1.1)"),
    (4096, &[0xfc, 0x4e, 0x2b, 0xa9], "mdraid (v1.2)"),
    (4086, b"SWAPSPACE2", "swap"),
    (4086, b"SWAP-SPACE", "swap"),
    (0, b"bluestore block device", "Ceph BlueStore"),
    (0, b"LUKS\xba\xbe", "LUKS"),
    (3, b"NTFS    ", "ntfs"),
    (512, b"EFI PART", "GPT partition table"),
    (4096, b"EFI PART", "GPT partition table"),
    (510, &[0x55, 0xAA], "MBR partition table or boot sector"),
];

/// Signatures found on the target (reads the first 128 KiB and the md superblock places at
/// the end).
pub fn signatures(path: &Path, size: u64) -> std::io::Result<Vec<String>> {
    use std::io::{Seek, SeekFrom};
    let mut f = std::fs::File::open(path)?;
    let mut head = vec![0u8; 128 * 1024];
    let mut got = 0;
    while got < head.len() {
        let n = f.read(head.get_mut(got..).unwrap_or(&mut []))?;
        if n == 0 {
            break;
        }
        got += n;
    }
    head.truncate(got);
    let mut found: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !found.iter().any(|f| f == name) {
            found.push(name.to_owned());
        }
    };
    for (off, magic, name) in SIGNATURES {
        let off = usize::try_from(*off).unwrap_or(usize::MAX);
        if head.get(off..off + magic.len()) == Some(magic) {
            // An MBR signature on an otherwise blank sector 0 is still a signature.
            add(name);
        }
    }
    // md 0.90 (64 KiB-aligned, last 64 KiB) and 1.0 (8 KiB from the end, 4 KiB-aligned).
    let md_magic = [0xfc, 0x4e, 0x2b, 0xa9];
    let tail_places = [
        (size & !0xFFFF).checked_sub(0x1_0000),
        size.checked_sub(8192).map(|o| o & !4095),
    ];
    for (place, name) in tail_places.iter().zip(["mdraid (v0.90)", "mdraid (v1.0)"]) {
        if let Some(off) = *place {
            if off < got as u64 {
                continue;
            }
            let mut m = [0u8; 4];
            if f.seek(SeekFrom::Start(off)).is_ok() && f.read_exact(&mut m).is_ok() && m == md_magic
            {
                add(name);
            }
        }
    }
    Ok(found)
}

/// Kernel names of the partitions of a block device.
pub fn partitions(sys_block: &Path, name: &str) -> Vec<String> {
    let Ok(rd) = std::fs::read_dir(sys_block) else {
        return Vec::new();
    };
    let mut v: Vec<String> = rd
        .filter_map(Result::ok)
        .filter(|e| e.path().join("partition").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(name))
        .collect();
    v.sort();
    v
}

fn maj_min(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join("dev"))
        .ok()
        .map(|s| s.trim().to_owned())
}

/// Runs every check that applies to the target. `destructive` adds the exclusive-open check
/// (an O_EXCL open fails while the kernel or another process holds the device);
/// `scan_signatures` is for the first check only (later checks would find raidctl's own test
/// data, which is random and can look like a magic number by chance).
pub fn check(
    id: &Identity,
    paths: &SysPaths,
    destructive: bool,
    scan_signatures: bool,
) -> Vec<Refusal> {
    let mut out = Vec::new();
    let path = Path::new(&id.path);
    match signatures(path, id.size_bytes) {
        _ if !scan_signatures => {}
        Ok(sigs) => {
            for s in sigs {
                out.push(refuse(
                    "SAFE-SIGNATURE",
                    format!(
                        "{s} signature found; wipe it first (wipefs -a) if the data is not needed"
                    ),
                ));
            }
        }
        Err(e) => out.push(refuse(
            "SAFE-UNREADABLE",
            format!("cannot read the start: {e}"),
        )),
    }
    let swaps = std::fs::read_to_string(paths.proc.join("swaps")).unwrap_or_default();
    let swap_names: Vec<&str> = swaps
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    if id.kind == TargetKind::RegularFile {
        file_refusals(id, paths, destructive, &swap_names, &mut out);
    } else {
        device_refusals(id, paths, destructive, &swap_names, &mut out);
    }
    out
}

/// A regular file: active swap, open by another process, not owned (destructive), smaller
/// than a test needs (destructive), backing a loop device.
fn file_refusals(
    id: &Identity,
    paths: &SysPaths,
    destructive: bool,
    swap_names: &[&str],
    out: &mut Vec<Refusal>,
) {
    let path = Path::new(&id.path);
    let canonical = Path::new(&id.canonical);
    if swap_names.iter().any(|s| Path::new(s) == canonical) {
        out.push(refuse("SAFE-SWAP", "the file is active swap".into()));
    }
    // A file in use (a VM image, a database) is refused like an open device.
    if let Some(pids) = lasting_openers(paths, &id.canonical) {
        if !pids.is_empty() {
            out.push(refuse(
                "SAFE-OPEN",
                format!("open by process(es) {}", pids.join(", ")),
            ));
        }
    }
    if destructive {
        out.extend(file_ownership(path, canonical));
    }
    if destructive && id.size_bytes < MIN_FILE_BYTES {
        out.push(refuse(
            "SAFE-FILE-SIZE",
            format!(
                "the file has {} bytes; create it with its test size first (truncate -s 8G FILE): qualify never grows a file",
                id.size_bytes
            ),
        ));
    }
    // A file backing a loop device is in use.
    if let Ok(rd) = std::fs::read_dir(paths.sys.join("class/block")) {
        for e in rd.filter_map(Result::ok) {
            let n = e.file_name().to_string_lossy().into_owned();
            if let Ok(b) = std::fs::read_to_string(e.path().join("loop/backing_file")) {
                if Path::new(b.trim()) == canonical {
                    out.push(refuse("SAFE-LOOP-BACKING", format!("backs /dev/{n}")));
                }
            }
        }
    }
}

/// A block device: a partition, one with partitions, mounted, active swap, held (md,
/// device-mapper, LVM), open by another process, or (destructive, on the real `/sys`) not
/// openable exclusively.
fn device_refusals(
    id: &Identity,
    paths: &SysPaths,
    destructive: bool,
    swap_names: &[&str],
    out: &mut Vec<Refusal>,
) {
    let path = Path::new(&id.path);
    let Some(dir) = sys_dir(id, paths) else {
        return;
    };
    let name = id.kernel_name.clone().unwrap_or_default();
    if dir.join("partition").exists() {
        out.push(refuse(
            "SAFE-PARTITION-DEVICE",
            format!("{name} is a partition; qualify the whole disk"),
        ));
    }
    let parts = partitions(&dir, &name);
    if !parts.is_empty() {
        out.push(refuse(
            "SAFE-PARTITIONS",
            format!("has partitions: {}", parts.join(", ")),
        ));
    }
    let mut devs: Vec<(String, String)> = Vec::new();
    if let Some(d) = maj_min(&dir) {
        devs.push((name.clone(), d));
    }
    for p in &parts {
        if let Some(d) = maj_min(&dir.join(p)) {
            devs.push((p.clone(), d));
        }
    }
    mount_and_swap_refusals(paths, &devs, swap_names, out);
    let holders = holders(paths, &dir, &name, &devs);
    if !holders.is_empty() {
        out.push(refuse(
            "SAFE-HOLDERS",
            format!(
                "in use by {} (md, device-mapper or LVM)",
                holders.join(", ")
            ),
        ));
    }
    if let Some(pids) = lasting_openers(paths, &id.canonical) {
        if !pids.is_empty() {
            out.push(refuse(
                "SAFE-OPEN",
                format!("open by process(es) {}", pids.join(", ")),
            ));
        }
    }
    if destructive && paths.sys == Path::new("/sys") {
        let excl = || {
            std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(rustix::fs::OFlags::EXCL.bits() as i32)
                .open(path)
        };
        // A probe's open (see [`PROBE_PAUSES`]) fails O_EXCL for a moment too.
        let tried = asked_again(excl, &PROBE_PAUSES, Result::is_ok);
        if let Err(e) = tried {
            out.push(refuse("SAFE-BUSY", format!("exclusive open failed: {e}")));
        }
    }
}

/// `devs` (the disk and its partitions, with their `major:minor`) mounted or active swap.
fn mount_and_swap_refusals(
    paths: &SysPaths,
    devs: &[(String, String)],
    swap_names: &[&str],
    out: &mut Vec<Refusal>,
) {
    let mountinfo = std::fs::read_to_string(paths.proc.join("self/mountinfo")).unwrap_or_default();
    for line in mountinfo.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (Some(mm), Some(mp)) = (f.get(2), f.get(4)) else {
            continue;
        };
        if let Some((n, _)) = devs.iter().find(|(_, d)| d == mm) {
            out.push(refuse(
                "SAFE-MOUNTED",
                format!("/dev/{n} is mounted on {mp}"),
            ));
        }
    }
    for (n, _) in devs {
        let dev_path = format!("/dev/{n}");
        if swap_names.contains(&dev_path.as_str()) {
            out.push(refuse("SAFE-SWAP", format!("{dev_path} is active swap")));
        }
    }
}

/// What holds `devs` (the disk `name` under `dir` and its partitions): md, device-mapper
/// (with its name) or LVM devices.
fn holders(paths: &SysPaths, dir: &Path, name: &str, devs: &[(String, String)]) -> Vec<String> {
    let mut holders: Vec<String> = Vec::new();
    for (n, _) in devs {
        let hdir = if n == name {
            dir.join("holders")
        } else {
            dir.join(n).join("holders")
        };
        if let Ok(rd) = std::fs::read_dir(&hdir) {
            for h in rd.filter_map(Result::ok) {
                let hn = h.file_name().to_string_lossy().into_owned();
                let dm = std::fs::read_to_string(
                    paths.sys.join("class/block").join(&hn).join("dm/name"),
                )
                .map(|s| format!(" (dm {})", s.trim()))
                .unwrap_or_default();
                holders.push(format!("{hn}{dm}"));
            }
        }
    }
    holders
}

/// Pauses before asking again who has a device open: a probe opens every block device for
/// milliseconds (udev's blkid, LVM's `pvs` that `ceph-volume lvm list` runs, a monitoring
/// agent's scan), and a refusal for one would refuse for nothing; about 2 s in all, so a user
/// that keeps the device open is still refused at once as far as an operator can tell.
const PROBE_PAUSES: [std::time::Duration; 4] = [
    std::time::Duration::from_millis(100),
    std::time::Duration::from_millis(300),
    std::time::Duration::from_millis(600),
    std::time::Duration::from_millis(1000),
];

/// [`opened_by_others`], asked again after each of [`PROBE_PAUSES`] while anyone has it open:
/// the processes that still have it open at the end (`pvs` from a Ceph host's `ceph-volume`
/// scan once failed a qualification that way).
fn lasting_openers(paths: &SysPaths, canonical: &str) -> Option<Vec<String>> {
    asked_again(|| opened_by_others(paths, canonical), &PROBE_PAUSES, nobody)
}

/// No opener named, or `/proc` unreadable (asking again would not help).
fn nobody(pids: &Option<Vec<String>>) -> bool {
    pids.as_ref().is_none_or(Vec::is_empty)
}

/// `ask`, then again after each pause until `settled` holds; the last answer.
fn asked_again<T>(
    mut ask: impl FnMut() -> T,
    pauses: &[std::time::Duration],
    settled: impl Fn(&T) -> bool,
) -> T {
    let mut answer = ask();
    for pause in pauses {
        if settled(&answer) {
            break;
        }
        std::thread::sleep(*pause);
        answer = ask();
    }
    answer
}

/// PIDs (other than ours) with the device open, from `/proc/*/fd`; `None` when `/proc` is not
/// readable.
fn opened_by_others(paths: &SysPaths, canonical: &str) -> Option<Vec<String>> {
    let me = std::process::id().to_string();
    let rd = std::fs::read_dir(&paths.proc).ok()?;
    let mut pids = Vec::new();
    for e in rd.filter_map(Result::ok) {
        let pid = e.file_name().to_string_lossy().into_owned();
        if pid == me || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(fds) = std::fs::read_dir(e.path().join("fd")) else {
            continue;
        };
        if fds
            .filter_map(Result::ok)
            .filter_map(|f| std::fs::read_link(f.path()).ok())
            .any(|l| l == Path::new(canonical))
        {
            let comm = std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
            // Our own child between fork and exec still holds our descriptors (closed on exec):
            // not a user of the device either. It runs our image and names our thread.
            if forked_not_yet_exec(&e.path(), &me) {
                continue;
            }
            // udev probes every new block device for a moment: not a user of the device.
            if matches!(comm.trim(), "systemd-udevd" | "udevd" | "(udev-worker)") {
                continue;
            }
            pids.push(format!("{pid} ({})", comm.trim()));
        }
    }
    Some(pids)
}

/// Whether `/proc/PID` is a child of process `me` still running `me`'s executable, with our
/// descriptors inherited for the moment before its exec closes them.
fn forked_not_yet_exec(proc_pid: &Path, me: &str) -> bool {
    let stat = std::fs::read_to_string(proc_pid.join("stat")).unwrap_or_default();
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so split after the last `)`.
    let ppid = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(1));
    if ppid != Some(me) {
        return false;
    }
    match (
        std::fs::read_link(proc_pid.join("exe")),
        std::fs::read_link(proc_pid.with_file_name(me).join("exe")),
    ) {
        (Ok(child), Ok(ours)) => child == ours,
        _ => false,
    }
}

/// The target as the operator named it and as it is written: the canonical path, with the
/// name given when that differs (a `/dev/disk/by-id` link, a relative path).
pub fn named(id: &Identity) -> String {
    let canonical = crate::escape::escape(&id.canonical).into_owned();
    if id.path == id.canonical {
        canonical
    } else {
        format!("{canonical} (named {})", crate::escape::escape(&id.path))
    }
}

/// Checks the typed confirmation for a destructive phase: the drive's serial, or for a device
/// without one (loop device, regular file) its path.
///
/// # Errors
/// A message saying what to pass.
pub fn confirm(id: &Identity, destroy: &[String]) -> Result<(), Refusal> {
    let ok = match &id.serial {
        Some(s) => destroy.iter().any(|d| d.trim() == s.trim()),
        None => destroy.iter().any(|d| {
            d == &id.path || d == &id.canonical || Path::new(d) == Path::new(&id.canonical)
        }),
    };
    if ok {
        return Ok(());
    }
    let what = match &id.serial {
        Some(s) => format!(
            "{} ({} serial {s}): destructive tests need --destroy-data {s}",
            named(id),
            id.model.as_deref().unwrap_or("unknown model")
        ),
        None => format!(
            "{} has no serial number: destructive tests need --destroy-data {}",
            named(id),
            crate::escape::escape(&id.canonical)
        ),
    };
    Err(refuse(
        "SAFE-CONFIRM",
        format!("{what} (or use --read-only)"),
    ))
}

#[cfg(test)]
mod probe_tests {
    use super::{asked_again, nobody};
    use std::time::Duration;

    /// A probe that has the device open for a moment is asked about again until it is gone;
    /// a process that keeps it open is named after the last pause.
    #[test]
    fn a_passing_probe_is_not_a_user_a_lasting_opener_is() {
        let pauses = [Duration::ZERO; 4];
        let mut calls = 0;
        let passing = asked_again(
            || {
                calls += 1;
                Some(if calls <= 2 {
                    vec!["7 (pvs)".to_owned()]
                } else {
                    Vec::new()
                })
            },
            &pauses,
            nobody,
        );
        assert_eq!((passing, calls), (Some(Vec::new()), 3));
        let mut calls = 0;
        let lasting = asked_again(
            || {
                calls += 1;
                Some(vec!["8 (qemu)".to_owned()])
            },
            &pauses,
            nobody,
        );
        assert_eq!((lasting, calls), (Some(vec!["8 (qemu)".to_owned()]), 5));
        assert_eq!(asked_again(|| None, &pauses, nobody), None);
    }
}

#[cfg(test)]
mod fork_tests {
    use super::forked_not_yet_exec;

    /// A child of ours still running our image holds the device only until its exec; a child
    /// that runs another program, or another process, is a user of it.
    #[test]
    fn our_forked_child_before_exec_is_not_a_user() {
        let d = tempfile::tempdir().unwrap();
        let mk = |pid: &str, ppid: &str, exe: &str| {
            let p = d.path().join(pid);
            std::fs::create_dir_all(&p).unwrap();
            std::fs::write(p.join("stat"), format!("{pid} (a (b) c) S {ppid} 1 1")).unwrap();
            std::os::unix::fs::symlink(exe, p.join("exe")).unwrap();
            p
        };
        mk("99", "1", "/usr/bin/raidctl");
        let child = mk("123", "99", "/usr/bin/raidctl");
        let other = mk("124", "99", "/usr/sbin/smartctl");
        let stranger = mk("125", "7", "/usr/bin/raidctl");
        assert!(forked_not_yet_exec(&child, "99"));
        assert!(!forked_not_yet_exec(&other, "99"));
        assert!(!forked_not_yet_exec(&stranger, "99"));
    }
}

#[cfg(test)]
mod file_tests {
    use super::file_ownership;

    /// A link (another user pointed it at a file of root's) and someone else's file in a
    /// directory anyone can write are never overwritten with test patterns.
    #[test]
    fn a_linked_or_foreign_file_is_not_written() {
        let d = tempfile::tempdir().unwrap();
        let own = d.path().join("own.img");
        std::fs::write(&own, b"x").unwrap();
        assert!(file_ownership(&own, &own).is_empty());
        let link = d.path().join("link.img");
        std::os::unix::fs::symlink(&own, &link).unwrap();
        let r = file_ownership(&link, &own);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].rule, "SAFE-FILE-LINK");
        assert!(r[0].detail.contains("own.img"), "{}", r[0].detail);
        if rustix::process::geteuid().is_root() {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
            std::os::unix::fs::chown(&own, Some(65534), Some(65534)).unwrap();
            let r = file_ownership(&own, &own);
            assert_eq!(r.len(), 1);
            assert_eq!(r[0].rule, "SAFE-FILE-OWNER");
        }
    }
}
