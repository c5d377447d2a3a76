//! Parts of [`super::run_process`]: the command, the pid file of a detached change, the wait
//! up to the deadline, the drain of the output, and the streams taken.

use super::{
    DRAIN, KILL_GRACE, LINGER, Outcome, Reader, Spec, TERM_GRACE, has_exited, proc_state,
    signal_group, take_stream, wait_exit, wait_readers,
};
use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The command of `spec` (under its program name when run through one executable): in the C
/// locale, no input, both outputs piped, in a process group of its own (so a timeout can kill
/// whatever the tool spawned as well), with `spec`'s `PATH` and environment.
pub(super) fn command(spec: &Spec<'_>) -> Command {
    let mut cmd = match spec.exe {
        Some(exe) => {
            let mut c = Command::new(exe);
            c.arg0(spec.program);
            c
        }
        None => Command::new(spec.program),
    };
    cmd.args(spec.args)
        .current_dir(spec.cwd)
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // A group of its own, so a timeout can kill whatever the tool spawned as well.
        .process_group(0);
    if let Some(p) = spec.path_var {
        cmd.env("PATH", p);
    }
    for (k, v) in spec.env {
        cmd.env(k, v);
    }
    cmd
}

/// Writes the detached child's pid to `f` (private, never through a link), for a resume to
/// wait for it.
pub(super) fn write_pid_file(f: &Path, pid: u32) {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt;
    let _ = File::options()
        .create(true)
        .write(true)
        .truncate(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(f)
        .and_then(|mut w| writeln!(w, "{pid}"));
}

/// Waits for the program to exit; at the deadline, signals its group (TERM, then KILL), and
/// records a timeout, or a hang with the process state when even KILL does not end it.
pub(super) fn wait_or_kill(pid: u32, deadline: Instant, out: &mut Outcome) {
    loop {
        if has_exited(pid) {
            break;
        }
        if Instant::now() >= deadline {
            out.timed_out = true;
            signal_group(pid, rustix::process::Signal::TERM);
            if !wait_exit(pid, TERM_GRACE) {
                signal_group(pid, rustix::process::Signal::KILL);
                if !wait_exit(pid, KILL_GRACE) {
                    out.hung = true;
                    out.proc_state = proc_state(pid);
                }
            }
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The program is gone (or hung). Its output ends when every holder of the pipes is gone
/// too; a descendant that keeps them open is killed with the group, by the deadline at the
/// latest.
pub(super) fn drain_output(pid: u32, all: &[&Reader], deadline: Instant, out: &mut Outcome) {
    let now = Instant::now();
    let linger_until = if out.timed_out {
        now + Duration::from_millis(300)
    } else {
        (now + LINGER).min(deadline.max(now))
    };
    if !wait_readers(all, linger_until) && !out.hung {
        out.lingered = true;
        signal_group(pid, rustix::process::Signal::TERM);
        if !wait_readers(all, Instant::now() + TERM_GRACE) {
            signal_group(pid, rustix::process::Signal::KILL);
            wait_readers(all, Instant::now() + DRAIN);
        }
    }
}

/// The captured stdout and stderr into `out`.
pub(super) fn take_streams(readers: &[(Reader, bool)], out: &mut Outcome) {
    for (r, is_stdout) in readers {
        let stream = take_stream(r);
        if *is_stdout {
            out.stdout = stream;
        } else {
            out.stderr = stream;
        }
    }
}
