//! Standard output that cannot be written (issue 37): a full disk behind `metrics > file` or
//! `/dev/full` must not end in success, and a reader that went away is no error worth a word.

// A pipe whose reader goes away, made by hand.
#![allow(unsafe_code)]

use std::os::fd::{FromRawFd, OwnedFd};
use std::process::Stdio;

/// raidctl without the caller's settings, as a plain `Command` (its stdout is set here).
fn raidctl() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"));
    for v in [
        "RAIDCTL_SIM",
        "RAIDCTL_SIM_STATE",
        "RAIDCTL_STATE_DIR",
        "RAIDCTL_MEGACLI",
    ] {
        c.env_remove(v);
    }
    c
}

#[test]
fn a_full_standard_output_is_a_failure() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        crate::util::skip("no /dev/full here");
        return;
    };
    for (cmd, want) in [("status", 2), ("check", 3), ("metrics", 2)] {
        let out = raidctl()
            .args(["--sim", "healthy", cmd])
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(want), "{cmd}: {err}");
        assert!(err.contains("cannot write standard output"), "{cmd}: {err}");
    }
}

#[test]
fn a_closed_pipe_is_quiet_and_keeps_the_verdict() {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) returns.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors were just created and are owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    let out = raidctl()
        .args(["--sim", "healthy", "--format", "json", "status"])
        .stdout(Stdio::from(write))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("standard output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A pipe whose reader is already gone: the write end, for a child's standard output.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) returns.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors were just created and are owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

/// The commands that printed with `print!` (a panic, exit 101, on a closed pipe; success on
/// `/dev/full`): the simulator's control and vendor front ends (smartctl's too), `osd-prep`,
/// `qualify` (its report and its JSON on standard output), `parse help`.
#[test]
fn every_command_checks_its_standard_output() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        crate::util::skip("no /dev/full here");
        return;
    };
    let d = tempfile::tempdir().unwrap();
    let img = d.path().join("q.img");
    std::fs::File::create(&img)
        .unwrap()
        .set_len(16 << 20)
        .unwrap();
    let img = img.display().to_string();
    let qualify = [
        "qualify",
        "--read-only",
        "--profile",
        "smoke",
        "--no-self-test",
    ];
    let runs: Vec<Vec<&str>> = vec![
        vec!["--sim", "degraded", "sim", "scenarios"],
        vec![
            "--sim",
            "degraded",
            "sim",
            "exec",
            "MegaCli64",
            "--",
            "-PDList",
            "-aALL",
        ],
        vec![
            "--sim",
            "degraded",
            "sim",
            "exec",
            "smartctl",
            "--",
            "-a",
            "-j",
            "-d",
            "megaraid,0",
            "/dev/sda",
        ],
        vec!["--sim", "ceph-node", "osd-prep", "--dry-run"],
        [&qualify[..], &[img.as_str()]].concat(),
        [&["--format", "json"][..], &qualify, &[img.as_str()]].concat(),
        vec!["parse", "--kind", "help"],
    ];
    for args in &runs {
        let tmp = crate::util::child_tmp(d.path());
        let run = |stdout: Stdio| {
            raidctl()
                .env("TMPDIR", &tmp)
                .env("RAIDCTL_STATE_DIR", d.path().join("state"))
                .args(args)
                .stdout(stdout)
                .output()
                .unwrap()
        };
        let out = run(Stdio::from(closed_pipe()));
        let err = String::from_utf8_lossy(&out.stderr);
        // 0, or 141 should a front end die of SIGPIPE as a shell pipeline would; never a panic.
        let died_of_sigpipe =
            std::os::unix::process::ExitStatusExt::signal(&out.status) == Some(libc::SIGPIPE);
        assert!(
            out.status.code() == Some(0) || died_of_sigpipe,
            "{args:?} on a closed pipe: {:?} {err}",
            out.status
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let out = run(Stdio::from(full.try_clone().unwrap()));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success(),
            "{args:?} on /dev/full succeeded: {err}"
        );
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
        assert!(err.contains("standard output"), "{args:?}: {err}");
    }
}

/// Standard error gone too (`raidctl ... 2>&1 | head -1`): what raidctl says there (a
/// qualification's warning, an error, clap's usage) is lost, never a panic (exit 101).
#[test]
fn a_closed_standard_error_is_no_panic() {
    let d = tempfile::tempdir().unwrap();
    let img = d.path().join("q.img");
    std::fs::File::create(&img)
        .unwrap()
        .set_len(16 << 20)
        .unwrap();
    let img = img.display().to_string();
    let runs: Vec<(Vec<&str>, i32)> = vec![
        // Writes test patterns over the file, and says so on standard error first.
        (
            vec![
                "qualify",
                "--profile",
                "smoke",
                "--no-self-test",
                "--destroy-data",
                &img,
                &img,
            ],
            -1,
        ),
        (vec!["parse", "/nonexistent/raidctl-test-input"], 2),
        (vec!["check", "--no-such-option"], 3),
        (vec!["--sim", "healthy", "status"], 0),
    ];
    for (args, want) in &runs {
        let tmp = crate::util::child_tmp(d.path());
        let out = raidctl()
            .env("TMPDIR", &tmp)
            .env("RAIDCTL_STATE_DIR", d.path().join("state"))
            .args(args)
            .stdout(Stdio::from(closed_pipe()))
            .stderr(Stdio::from(closed_pipe()))
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked");
        assert!(out.status.code().is_some(), "{args:?}: {:?}", out.status);
        if *want >= 0 {
            assert_eq!(out.status.code(), Some(*want), "{args:?}");
        }
    }
}
