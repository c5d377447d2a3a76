//! Standard output that cannot be written (issue 37): a full disk behind `metrics > file` or
//! `/dev/full` must not end in success, and a reader that went away is no error worth a word.

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
