//! `raidctl qualify`: the engine on files and loop devices, every safety refusal and the JSON
//! schema (verdicts on synthetic results are in `qualify_verdicts`, osd-prep in
//! `qualify_peers`). I/O is kept to a few seconds in total.

use raidctl::cli::QualifyArgs;
use raidctl::qualify::device::{self, DriveClass, Identity, SysPaths, TargetKind};
use raidctl::qualify::engine::{
    self, EngineKind, JobResult, JobSpec, Op, Pattern, SyncMode, Target,
};
use raidctl::qualify::profile::Profile;
use raidctl::qualify::result::{QualReport, Verdict};
use raidctl::qualify::run::{Exports, Run, qualify_identities};
use raidctl::qualify::safety;
use raidctl::qualify::suite::{ProfileKind, SuiteOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

const MIB: u64 = 1 << 20;

/// A temp dir on the repository's filesystem (a real filesystem, where O_DIRECT works).
fn tmp() -> tempfile::TempDir {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(base).unwrap();
    tempfile::tempdir_in(base).unwrap()
}

fn sparse(dir: &Path, name: &str, size: u64) -> PathBuf {
    let p = dir.join(name);
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(size).unwrap();
    p
}

fn job(name: &str, pattern: Pattern, op: Op, bs: u64, qd: u32, ms: u64) -> JobSpec {
    JobSpec::timed(name, pattern, op, bs, qd, Duration::from_millis(ms))
}

fn run(path: &Path, spec: &JobSpec) -> JobResult {
    let t = Target::open(path, spec.op == Op::Write).unwrap();
    engine::run(&Arc::new(t), spec).unwrap()
}

#[test]
fn engine_on_a_regular_file() {
    let d = tmp();
    let f = sparse(d.path(), "disk.img", 64 * MIB);
    let w = run(&f, &job("w", Pattern::Seq, Op::Write, MIB, 2, 300));
    assert!(
        w.direct,
        "O_DIRECT on a file under target/ (ext4/xfs) must work"
    );
    assert_eq!(w.align, 4096);
    assert!(w.ios > 0 && w.errors == 0, "{w:?}");
    assert!(w.lat.p50_us <= w.lat.p99_us && w.lat.p99_us <= w.lat.max_us);
    assert!(!w.series.is_empty());
    assert!(w.cpu.cpu_s > 0.0 && w.cpu.per_io_us > 0.0);
    let mut r = job("r", Pattern::Random, Op::Read, 4096, 4, 300);
    r.ramp = Duration::from_millis(50);
    let r = run(&f, &r);
    assert!(r.ios > 0 && r.iops > 0.0 && r.errors == 0);
    // Size-bounded: exactly size / bs I/Os.
    let mut s = job("s", Pattern::Seq, Op::Write, MIB, 1, 0);
    s.time = None;
    s.size = Some(8 * MIB);
    assert_eq!(run(&f, &s).ios, 8);
    // fdatasync mode, two jobs: each write is flushed and the flush latency recorded.
    let mut y = job("y", Pattern::Seq, Op::Write, 4096, 1, 200);
    y.jobs = 2;
    y.sync = SyncMode::Fdatasync;
    let y = run(&f, &y);
    let sl = y.sync_lat.expect("flush latencies");
    assert_eq!(sl.count, y.ios);
    let mut z = job("z", Pattern::Random, Op::Write, 4096, 1, 100);
    z.sync = SyncMode::Fsync;
    assert!(run(&f, &z).sync_lat.is_some());
    // A block size the device cannot take is refused before any I/O.
    let t = Arc::new(Target::open(&f, false).unwrap());
    assert!(engine::run(&t, &job("bad", Pattern::Seq, Op::Read, 1000, 1, 10)).is_err());
}

#[test]
fn engine_verify_detects_corruption() {
    let d = tmp();
    let f = sparse(d.path(), "v.img", 16 * MIB);
    let mut w = job("surface-write", Pattern::Seq, Op::Write, MIB, 4, 0);
    w.time = None;
    w.size = Some(16 * MIB);
    w.verify = Some(42);
    assert_eq!(run(&f, &w).ios, 16);
    let mut r = w.clone();
    r.op = Op::Read;
    assert_eq!(run(&f, &r).verify_errors, 0);
    {
        use std::os::unix::fs::FileExt;
        let file = std::fs::OpenOptions::new().write(true).open(&f).unwrap();
        file.write_at(b"corrupt!", 5 * MIB + 100).unwrap();
        file.sync_all().unwrap();
    }
    let bad = run(&f, &r);
    assert_eq!(bad.verify_errors, 1, "{bad:?}");
}

#[test]
fn uring_engine_runs_or_falls_back() {
    let d = tmp();
    let f = sparse(d.path(), "u.img", 32 * MIB);
    let mut s = job("u", Pattern::Random, Op::Read, 4096, 8, 200);
    s.engine = EngineKind::Uring;
    let r = run(&f, &s);
    assert!(r.ios > 0);
    match engine::uring::available() {
        Ok(()) => {
            assert_eq!(r.engine_used, EngineKind::Uring, "{r:?}");
            assert_eq!(r.engine_reason, "requested");
        }
        Err(why) => {
            assert_eq!(r.engine_used, EngineKind::Sync);
            assert_eq!(r.engine_fallback.as_deref(), Some(why.as_str()));
        }
    }
}

#[test]
fn auto_engine_chooses_per_job_and_says_why() {
    let d = tmp();
    let f = sparse(d.path(), "a.img", 32 * MIB);
    let mut qd = job("a", Pattern::Random, Op::Read, 4096, 8, 150);
    qd.engine = EngineKind::Auto;
    let r = run(&f, &qd);
    assert!(r.ios > 0 && r.errors == 0, "{r:?}");
    assert_eq!(r.engine_fallback, None, "auto falling back is no deviation");
    match engine::uring::available() {
        Ok(()) => assert_eq!(
            (r.engine_used, r.engine_reason.as_str()),
            (
                EngineKind::Uring,
                "auto: QD>1 and the kernel allows io_uring"
            )
        ),
        Err(why) => {
            assert_eq!(r.engine_used, EngineKind::Sync);
            assert!(r.engine_reason.contains(&why), "{}", r.engine_reason);
        }
    }
    let mut qd1 = job("b", Pattern::Random, Op::Read, 4096, 1, 100);
    qd1.engine = EngineKind::Auto;
    let r = run(&f, &qd1);
    assert_eq!(r.engine_used, EngineKind::Sync);
    assert!(
        r.engine_reason.starts_with("auto: QD1"),
        "{}",
        r.engine_reason
    );
    let mut flush = job("c", Pattern::Seq, Op::Write, 4096, 4, 100);
    flush.engine = EngineKind::Auto;
    flush.sync = SyncMode::Fdatasync;
    let r = run(&f, &flush);
    assert_eq!(r.engine_used, EngineKind::Sync);
    assert!(r.engine_reason.contains("flushing"), "{}", r.engine_reason);
}

#[test]
fn tmpfs_without_o_direct_falls_back_to_buffered() {
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        crate::util::skip("no /dev/shm (a tmpfs) here");
        return;
    }
    let d = tempfile::tempdir_in(shm).unwrap();
    let f = sparse(d.path(), "t.img", 8 * MIB);
    let r = run(&f, &job("t", Pattern::Seq, Op::Read, 4096, 1, 50));
    // Linux >= 6.6 supports O_DIRECT on tmpfs; older kernels get buffered I/O, flagged.
    eprintln!("tmpfs direct: {}", r.direct);
    assert!(r.ios > 0);
}

// ---------------------------------------------------------------- loop devices

fn can_loop() -> bool {
    let root = rustix::process::geteuid().is_root();
    let have = Command::new("losetup").arg("--version").output().is_ok();
    if root && have {
        return true;
    }
    crate::util::skip("loop-device tests need root and losetup");
    false
}

struct Loop {
    dev: PathBuf,
}

impl Loop {
    fn new(file: &Path, partscan: bool) -> Self {
        let mut c = Command::new("losetup");
        c.args(["-f", "--show", "--direct-io=on"]);
        if partscan {
            c.arg("-P");
        }
        let out = c.arg(file).output().unwrap();
        assert!(
            out.status.success(),
            "losetup: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let dev = PathBuf::from(String::from_utf8(out.stdout).unwrap().trim());
        // udev may still be probing; wait until the kernel reports the size.
        for _ in 0..50 {
            if std::fs::metadata(&dev).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Self { dev }
    }
}

impl Drop for Loop {
    fn drop(&mut self) {
        let _ = Command::new("losetup").arg("-d").arg(&self.dev).status();
    }
}

#[test]
fn engine_and_qualify_on_a_loop_device() {
    if !can_loop() {
        return;
    }
    let d = tmp();
    let f = sparse(d.path(), "loop.img", 64 * MIB);
    let lo = Loop::new(&f, false);
    let t = Target::open(&lo.dev, true).unwrap();
    assert!(t.is_block && t.direct);
    assert_eq!(t.size, 64 * MIB);
    assert!(t.align == 512 || t.align == 4096);
    let r = engine::run(
        &Arc::new(t),
        &job("lr", Pattern::Random, Op::Read, 4096, 4, 200),
    )
    .unwrap();
    assert!(r.ios > 0 && r.errors == 0);

    let paths = SysPaths::default();
    let id = device::identify(&lo.dev, &paths).unwrap();
    assert_eq!(id.class, DriveClass::Virtual);
    assert_eq!(id.serial, None);
    assert_eq!(
        id.backing_file.as_deref().map(Path::new),
        Some(f.canonicalize().unwrap().as_path())
    );
    let json = d.path().join("q.json");
    let args = QualifyArgs {
        devices: vec![lo.dev.clone()],
        profile: ProfileKind::Smoke,
        destroy_data: vec![lo.dev.display().to_string()],
        json: Some(json.clone()),
        svg: Some(d.path().join("q.svg")),
        csv: Some(d.path().join("q.csv")),
        markdown: Some(d.path().join("q.md")),
        ..QualifyArgs::default()
    };
    let status = raidctl::app::qualify::run_qualify(
        &args,
        None,
        false,
        raidctl::output::Style::PLAIN,
        &mut std::io::sink(),
    );
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let dr = &rep.drives[0];
    assert!(dr.destructive && !dr.sweep.is_empty());
    assert!(dr.job("fdatasync-4k-j1").is_some() && dr.job("fsync-randwrite-4k").is_some());
    assert_eq!(status, raidctl::qualify::run::exit_for(rep.verdict));
    assert_ne!(rep.verdict, Verdict::Fail, "{:#?}", dr.rules);
    // The reads read written data: the smoke region (64 MiB, the whole device here) was
    // written before them, partly by the sweep, the rest by the preconditioning pass.
    let p = dr.precondition.as_ref().expect("precondition recorded");
    assert_eq!((p.offset, p.length), (0, 64 * MIB), "{p:?}");
    assert_eq!(p.covered_bytes + p.written_bytes, 64 * MIB, "{p:?}");
    assert!(p.note.is_none(), "{p:?}");
    if p.written_bytes > 0 {
        assert!(p.seconds > 0.0 && p.mbps > 0.0, "{p:?}");
    }
    for j in dr.jobs.iter().filter(|j| j.spec.op == Op::Read) {
        assert_eq!(
            (j.spec.offset, j.spec.length),
            (0, 64 * MIB),
            "{}",
            j.spec.name
        );
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for k in [
        "offset",
        "length",
        "covered_bytes",
        "written_bytes",
        "bs",
        "seconds",
    ] {
        assert!(
            v["drives"][0]["precondition"][k].is_number(),
            "precondition.{k}"
        );
    }
    let svg = std::fs::read_to_string(d.path().join("q.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("polyline"));
    let csv = std::fs::read_to_string(d.path().join("q.csv")).unwrap();
    assert!(csv.lines().count() > 5 && csv.starts_with("host,device,"));
}

#[test]
fn loop_device_refusals_partitions_busy_mounted_backing() {
    if !can_loop() {
        return;
    }
    let d = tmp();
    let paths = SysPaths::default();
    // Partitions (an MBR with one partition, scanned with -P).
    let f = sparse(d.path(), "part.img", 16 * MIB);
    {
        use std::os::unix::fs::FileExt;
        let mut mbr = [0u8; 512];
        mbr[446 + 4] = 0x83; // Linux
        mbr[446 + 8..446 + 12].copy_from_slice(&2048u32.to_le_bytes());
        mbr[446 + 12..446 + 16].copy_from_slice(&8192u32.to_le_bytes());
        mbr[510] = 0x55;
        mbr[511] = 0xAA;
        std::fs::OpenOptions::new()
            .write(true)
            .open(&f)
            .unwrap()
            .write_at(&mbr, 0)
            .unwrap();
    }
    let lo = Loop::new(&f, true);
    let name = lo.dev.file_name().unwrap().to_string_lossy().into_owned();
    if !Path::new(&format!("/sys/class/block/{name}/{name}p1")).exists() {
        // Kernels without the msdos partition parser: add the partition explicitly.
        let _ = Command::new("partx").arg("-a").arg(&lo.dev).status();
    }
    let id = device::identify(&lo.dev, &paths).unwrap();
    let rules = rules_of(&safety::check(&id, &paths, true, true));
    assert!(rules.contains(&"SAFE-PARTITIONS".to_owned()), "{rules:?}");
    assert!(rules.contains(&"SAFE-SIGNATURE".to_owned()), "{rules:?}");
    // The file behind a loop device is in use.
    let fid = device::identify(&f, &paths).unwrap();
    assert!(
        rules_of(&safety::check(&fid, &paths, true, true))
            .contains(&"SAFE-LOOP-BACKING".to_owned())
    );

    // Busy: someone holds an exclusive open.
    let g = sparse(d.path(), "busy.img", 16 * MIB);
    let lo2 = Loop::new(&g, false);
    let id2 = device::identify(&lo2.dev, &paths).unwrap();
    assert!(safety::check(&id2, &paths, true, true).is_empty());
    {
        use std::os::unix::fs::OpenOptionsExt;
        let _hold = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(rustix::fs::OFlags::EXCL.bits() as i32)
            .open(&lo2.dev)
            .unwrap();
        let r = rules_of(&safety::check(&id2, &paths, true, true));
        assert!(r.contains(&"SAFE-BUSY".to_owned()), "{r:?}");
    }
    // Another process has it open.
    let mut child = Command::new("sleep")
        .arg("30")
        .stdin(std::fs::File::open(&lo2.dev).unwrap())
        .spawn()
        .unwrap();
    let r = rules_of(&safety::check(&id2, &paths, true, true));
    let _ = child.kill();
    let _ = child.wait();
    assert!(r.contains(&"SAFE-OPEN".to_owned()), "{r:?}");

    // Mounted, when mkfs.ext4 and mount work here.
    let h = sparse(d.path(), "fs.img", 16 * MIB);
    let lo3 = Loop::new(&h, false);
    let mkfs = Command::new("mkfs.ext4")
        .args(["-q", "-F"])
        .arg(&lo3.dev)
        .output();
    if mkfs.is_ok_and(|o| o.status.success()) {
        let mnt = d.path().join("mnt");
        std::fs::create_dir_all(&mnt).unwrap();
        if Command::new("mount")
            .arg(&lo3.dev)
            .arg(&mnt)
            .status()
            .is_ok_and(|s| s.success())
        {
            let id3 = device::identify(&lo3.dev, &paths).unwrap();
            let r = rules_of(&safety::check(&id3, &paths, true, true));
            let _ = Command::new("umount").arg(&mnt).status();
            assert!(r.contains(&"SAFE-MOUNTED".to_owned()), "{r:?}");
            assert!(r.contains(&"SAFE-SIGNATURE".to_owned()), "{r:?}");
        } else {
            crate::util::skip("the mount check: mount refused here");
        }
    } else {
        crate::util::skip("the mount check: mkfs.ext4 failed or is missing (e2fsprogs)");
    }
}

fn rules_of(r: &[safety::Refusal]) -> Vec<String> {
    r.iter().map(|x| x.rule.clone()).collect()
}

// ---------------------------------------------------------------- safety (no root needed)

#[test]
fn signature_refusals() {
    let d = tmp();
    let paths = SysPaths::default();
    let cases: &[(&str, u64, &[u8])] = &[
        ("ext2/3/4", 1080, &[0x53, 0xEF]),
        ("xfs", 0, b"XFSB"),
        ("btrfs", 0x1_0040, b"_BHRfS_M"),
        ("LVM2 PV", 512, b"LABELONE"),
        ("mdraid (v1.2)", 4096, &[0xfc, 0x4e, 0x2b, 0xa9]),
        ("swap", 4086, b"SWAPSPACE2"),
        ("GPT partition table", 512, b"EFI PART"),
        ("MBR partition table or boot sector", 510, &[0x55, 0xAA]),
        ("Ceph BlueStore", 0, b"bluestore block device"),
        (
            "mdraid (v0.90)",
            4 * MIB - 0x1_0000,
            &[0xfc, 0x4e, 0x2b, 0xa9],
        ),
    ];
    for (name, off, magic) in cases {
        let f = sparse(d.path(), "sig.img", 4 * MIB);
        {
            use std::os::unix::fs::FileExt;
            std::fs::OpenOptions::new()
                .write(true)
                .open(&f)
                .unwrap()
                .write_at(magic, *off)
                .unwrap();
        }
        let id = device::identify(&f, &paths).unwrap();
        let r = safety::check(&id, &paths, true, true);
        assert_eq!(r.len(), 1, "{name}: {r:?}");
        assert_eq!(r[0].rule, "SAFE-SIGNATURE");
        assert!(r[0].detail.starts_with(name), "{name}: {}", r[0].detail);
        std::fs::remove_file(&f).unwrap();
    }
    // A blank file is clear.
    let f = sparse(d.path(), "blank.img", 4 * MIB);
    let id = device::identify(&f, &paths).unwrap();
    assert!(safety::check(&id, &paths, true, true).is_empty());
}

/// A fake sysfs/proc: `sdz` with partition `sdz1` (mounted, swap), held by `dm-3`.
#[test]
fn block_device_refusals_from_sysfs_and_proc() {
    let d = tmp();
    let root = d.path();
    let sys = root.join("sys");
    let blk = sys.join("class/block");
    for (p, text) in [
        ("sdz/dev", "8:240\n"),
        ("sdz/sdz1/partition", "1\n"),
        ("sdz/sdz1/dev", "8:241\n"),
        ("dm-3/dm/name", "vg0-osd\n"),
    ] {
        let p = blk.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    std::fs::create_dir_all(blk.join("sdz/holders/dm-3")).unwrap();
    std::fs::create_dir_all(blk.join("sdz/sdz1/holders")).unwrap();
    let proc_ = root.join("proc");
    std::fs::create_dir_all(proc_.join("self")).unwrap();
    std::fs::write(
        proc_.join("self/mountinfo"),
        "36 25 8:241 / /var/lib/ceph rw,relatime shared:1 - xfs /dev/sdz1 rw\n",
    )
    .unwrap();
    std::fs::write(
        proc_.join("swaps"),
        "Filename\tType\tSize\tUsed\tPriority\n/dev/sdz1 partition 1024 0 -2\n",
    )
    .unwrap();
    let paths = SysPaths {
        sys,
        proc: proc_,
        udev: root.join("udev"),
    };
    let blank = sparse(root, "blank.img", MIB);
    let id = Identity {
        path: blank.display().to_string(),
        canonical: blank.display().to_string(),
        kernel_name: Some("sdz".into()),
        kind: TargetKind::BlockDevice,
        size_bytes: MIB,
        ..Identity::default()
    };
    let r = rules_of(&safety::check(&id, &paths, true, true));
    for want in [
        "SAFE-PARTITIONS",
        "SAFE-MOUNTED",
        "SAFE-SWAP",
        "SAFE-HOLDERS",
    ] {
        assert!(r.contains(&want.to_owned()), "{want} missing from {r:?}");
    }
    let all = safety::check(&id, &paths, true, true);
    assert!(all.iter().any(|x| x.detail.contains("dm vg0-osd")));
    // A partition itself is refused too.
    let part = Identity {
        kernel_name: Some("sdz1".into()),
        ..id.clone()
    };
    std::fs::create_dir_all(paths.sys.join("class/block/sdz1")).unwrap();
    std::fs::write(paths.sys.join("class/block/sdz1/partition"), "1").unwrap();
    assert!(
        rules_of(&safety::check(&part, &paths, true, true))
            .contains(&"SAFE-PARTITION-DEVICE".to_owned())
    );
}

#[test]
fn destroy_data_confirmation() {
    let with_serial = Identity {
        path: "/dev/sdq".into(),
        canonical: "/dev/sdq".into(),
        serial: Some("ZL2ABC".into()),
        model: Some("ST8000NM000A".into()),
        ..Identity::default()
    };
    let e = safety::confirm(&with_serial, &[]).unwrap_err();
    assert_eq!(e.rule, "SAFE-CONFIRM");
    assert!(e.detail.contains("--destroy-data ZL2ABC"));
    assert!(safety::confirm(&with_serial, &["OTHER".into()]).is_err());
    assert!(
        safety::confirm(&with_serial, &["/dev/sdq".into()]).is_err(),
        "a drive with a serial is confirmed by serial"
    );
    assert!(safety::confirm(&with_serial, &["ZL2ABC".into()]).is_ok());
    let loopdev = Identity {
        path: "/dev/loop7".into(),
        canonical: "/dev/loop7".into(),
        ..Identity::default()
    };
    assert!(safety::confirm(&loopdev, &["/dev/loop7".into()]).is_ok());
    assert!(safety::confirm(&loopdev, &["/dev/loop6".into()]).is_err());
}

#[test]
fn refused_drive_is_never_written() {
    let d = tmp();
    let f = sparse(d.path(), "xfs.img", 8 * MIB);
    {
        use std::os::unix::fs::FileExt;
        std::fs::OpenOptions::new()
            .write(true)
            .open(&f)
            .unwrap()
            .write_at(b"XFSB", 0)
            .unwrap();
    }
    let before = std::fs::read(&f).unwrap();
    let paths = SysPaths::default();
    let profile = Profile::embedded().unwrap();
    let opts = SuiteOptions {
        profile: ProfileKind::Smoke,
        role: "data".into(),
        engine: EngineKind::Sync,
        read_only: false,
        ..SuiteOptions::default()
    };
    let destroy = vec![f.display().to_string()];
    let ex = Exports::default();
    let run = Run {
        opts: &opts,
        profile: &profile,
        destroy: &destroy,
        paths: &paths,
        exports: &ex,
        together: false,
        show_progress: false,
    };
    let ids = vec![device::identify(&f, &paths).unwrap()];
    let err = qualify_identities(ids.clone(), &run).unwrap_err();
    assert!(err.contains("SAFE-SIGNATURE"), "{err}");
    // Without confirmation, also refused.
    let run2 = Run {
        destroy: &[],
        ..run
    };
    let f2 = sparse(d.path(), "blank.img", 8 * MIB);
    let err = qualify_identities(vec![device::identify(&f2, &paths).unwrap()], &run2).unwrap_err();
    assert!(err.contains("SAFE-CONFIRM"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
    // Read-only: runs, reports the signature as a note, writes nothing.
    let ro = SuiteOptions {
        read_only: true,
        ..opts.clone()
    };
    let run3 = Run { opts: &ro, ..run };
    let rep = qualify_identities(ids, &run3).unwrap();
    assert!(
        rep.drives[0]
            .warnings
            .iter()
            .any(|w| w.contains("SAFE-SIGNATURE"))
    );
    assert!(rep.drives[0].jobs.iter().all(|j| j.spec.op == Op::Read));
    assert_eq!(std::fs::read(&f).unwrap(), before);
}

#[test]
fn json_schema_fields() {
    let d = tmp();
    let f = sparse(d.path(), "s.img", 32 * MIB);
    let paths = SysPaths::default();
    let profile = Profile::embedded().unwrap();
    let opts = SuiteOptions {
        profile: ProfileKind::Smoke,
        role: "data".into(),
        engine: EngineKind::Sync,
        read_only: true,
        ..SuiteOptions::default()
    };
    let ex = Exports::default();
    let run = Run {
        opts: &opts,
        profile: &profile,
        destroy: &[],
        paths: &paths,
        exports: &ex,
        together: false,
        show_progress: false,
    };
    let rep = qualify_identities(vec![device::identify(&f, &paths).unwrap()], &run).unwrap();
    let v: serde_json::Value = serde_json::to_value(&rep).unwrap();
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["tool"], "raidctl");
    assert_eq!(v["profile"], "smoke");
    assert_eq!(v["read_only"], true);
    let d0 = &v["drives"][0];
    for k in [
        "identity",
        "host",
        "refusals",
        "destructive",
        "health",
        "sweep",
        "jobs",
        "together",
        "metrics",
        "rules",
        "verdict",
        "warnings",
        "repeats",
        "storage",
        "self_test",
    ] {
        assert!(d0.get(k).is_some(), "drives[0].{k}");
    }
    for k in [
        "path",
        "canonical",
        "kind",
        "size_bytes",
        "logical_sector",
        "physical_sector",
        "model",
        "serial",
        "firmware",
        "class",
        "write_cache",
    ] {
        assert!(d0["identity"].get(k).is_some(), "identity.{k}");
    }
    assert_eq!(d0["identity"]["kind"], "regular-file");
    assert_eq!(d0["identity"]["class"], "virtual");
    assert_eq!(d0["health"]["status"], "skipped");
    assert!(
        d0["health"]["reason"]
            .as_str()
            .unwrap()
            .contains("not a physical drive")
    );
    let row = &d0["sweep"][0];
    for k in ["bs", "count", "bytes", "mbps", "iops", "p99_us"] {
        assert!(row.get(k).is_some(), "sweep.{k}");
    }
    let j = &d0["jobs"][0];
    for k in [
        "spec",
        "engine_used",
        "direct",
        "align",
        "ios",
        "bytes",
        "runtime_s",
        "mbps",
        "iops",
        "lat",
        "sync_lat",
        "series",
        "cpu",
        "host_bound",
        "errors",
        "verify_errors",
    ] {
        assert!(j.get(k).is_some(), "jobs[0].{k}");
    }
    for k in ["p50_us", "p90_us", "p99_us", "p999_us", "max_us"] {
        assert!(j["lat"][k].is_number(), "lat.{k}");
    }
    for k in [
        "name", "pattern", "op", "bs", "qd", "jobs", "sync", "engine",
    ] {
        assert!(j["spec"].get(k).is_some(), "spec.{k}");
    }
    assert_eq!(j["spec"]["op"], "read");
    assert!(["PASS", "WARN", "FAIL", "INCONCLUSIVE"].contains(&d0["verdict"].as_str().unwrap()));
    // The schema round-trips.
    let back: QualReport = serde_json::from_value(v).unwrap();
    assert_eq!(back, rep);
    // The embedded profile and the shipped example profile both load.
    let example =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/qualify/profile-example.json");
    let p = Profile::load(Some(&example)).unwrap();
    assert!(!p.models.is_empty());
}

#[test]
fn host_name_is_recorded_for_fleet_comparison() {
    let d = tmp();
    let f = sparse(d.path(), "h.img", 16 * MIB);
    let json = d.path().join("h.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .args([
            "--quiet",
            "qualify",
            "--read-only",
            "--profile",
            "smoke",
            "--no-together",
        ])
        .args(["--host-name", "node7", "--json"])
        .arg(&json)
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "{out:?}");
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(rep.host, "node7");
    assert_eq!(rep.drives.len(), 1);
    assert_eq!(rep.drives[0].host, "node7");
}
