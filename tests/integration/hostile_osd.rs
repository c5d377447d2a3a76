//! An OSD directory the ceph user controls (issue 37): a FIFO as `ceph-3/fsid` blocked every
//! `status`/`check`/`metrics` for ever, and `ceph-4/whoami -> /dev/zero` read until memory ran
//! out. Each must return within its timeout, with a small peak RSS, saying what it skipped.

use crate::util::fake_tool;
use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

/// Far above what raidctl needs (a few MB), far below what reading `/dev/zero` costs.
const RSS_LIMIT_KB: u64 = 100 * 1024;

/// `VmHWM` (peak resident set) of a running process, in kB.
fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// What one run did: its exit status (`None`: killed at `limit`), the largest peak RSS seen
/// while it ran, and its standard error.
struct Run {
    code: Option<i32>,
    took: Duration,
    peak_kb: u64,
    stderr: String,
}

/// Runs `cmd` for at most `limit`, reading its peak RSS from `/proc` until it exits (the
/// high-water mark only grows, so the last reading is the peak up to then).
fn run_watched(cmd: &mut std::process::Command, limit: Duration) -> Run {
    let t = Instant::now();
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut peak_kb = 0;
    let code = loop {
        // Read before asking whether it exited: a zombie has no memory to report.
        if let Some(kb) = peak_rss_kb(child.id()) {
            peak_kb = peak_kb.max(kb);
        }
        if let Some(st) = child.try_wait().unwrap() {
            break st.code();
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code,
        took: t.elapsed(),
        peak_kb,
        stderr: reader.join().unwrap_or_default(),
    }
}

/// An OSD root with `ceph-3/fsid` a FIFO and `ceph-4/whoami` a link to `/dev/zero`.
fn hostile_osd_root(dir: &Path) -> std::path::PathBuf {
    let root = dir.join("osd");
    for n in [3, 4] {
        std::fs::create_dir_all(root.join(format!("ceph-{n}"))).unwrap();
    }
    std::fs::write(root.join("ceph-3/whoami"), "3\n").unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        root.join("ceph-3/fsid"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("ceph-4/whoami")).unwrap();
    std::fs::write(root.join("ceph-4/type"), "bluestore\n").unwrap();
    root
}

#[test]
fn a_fifo_or_dev_zero_in_an_osd_directory_neither_hangs_nor_exhausts_a_check() {
    let d = tempfile::tempdir().unwrap();
    let sim = d.path().join("sim");
    crate::util::raidctl_clean()
        .args(["--quiet", "--sim", "degraded", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    // A real-controller run (the OSD directories are read then), its MegaCli the simulator's.
    let tool = fake_tool(d.path(), "MegaCli64", "exec \"$REAL\" \"$@\"");
    let root = hostile_osd_root(d.path());
    // Each command's own deadline, then what a loaded machine may add to start and end it.
    let timeout = 60;
    let limit = Duration::from_secs(timeout + 120);
    for (cmd, want) in [("status", 2), ("check", 2), ("metrics", 0)] {
        // As `util::through`, with a plain Command for the pid.
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"));
        for v in ["RAIDCTL_SIM", "RAIDCTL_STATE_DIR", "RAIDCTL_MEGACLI"] {
            c.env_remove(v);
        }
        c.env("RAIDCTL_SIM_STATE", &sim)
            .env("TMPDIR", crate::util::child_tmp(d.path()))
            .arg("--megacli")
            .arg(&tool)
            .args(["--backend", "megacli", "--state-dir"])
            .arg(d.path().join("state"))
            .arg("--osd-root")
            .arg(&root)
            .args(["--timeout", &timeout.to_string(), cmd]);
        let run = run_watched(&mut c, limit);
        assert_eq!(
            run.code,
            Some(want),
            "{cmd} after {:?}: {}",
            run.took,
            run.stderr
        );
        assert!(
            run.peak_kb < RSS_LIMIT_KB,
            "{cmd}: peak RSS {} kB",
            run.peak_kb
        );
        assert!(
            run.stderr.contains("ceph-3/fsid: not a regular file"),
            "{cmd}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("ceph-4/whoami"),
            "{cmd}: {}",
            run.stderr
        );
    }
}
