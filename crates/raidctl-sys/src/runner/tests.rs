//! The runner against real processes: deadlines, process groups, capture limits, detached
//! changes.

use super::*;

fn runner() -> OsRunner {
    // A directory of this test process, never a fixed name in /tmp (left behind, and
    // shared with whoever made it first).
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    OsRunner::new(
        DIR.get_or_init(|| tempfile::tempdir().unwrap())
            .path()
            .join("raidctl-runner-test"),
    )
}

fn sh(script: &str) -> Vec<String> {
    vec!["-c".to_owned(), script.to_owned()]
}

fn spec<'a>(dir: &'a Path, args: &'a [String], timeout: Duration, limit: u64) -> Spec<'a> {
    Spec {
        program: Path::new("/bin/sh"),
        exe: None,
        args,
        cwd: dir,
        env: &[],
        path_var: None,
        timeout,
        stdout: Sink::File(Box::leak(dir.join("out").into_boxed_path())),
        stderr: Sink::File(Box::leak(dir.join("err").into_boxed_path())),
        limit,
    }
}

/// A detached run writes straight into its log (no pipe raidctl holds), appending, and
/// its pid file is gone once it ended.
#[test]
fn a_detached_run_writes_its_log_directly() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("volume.log");
    let run = |script: &str| {
        let args = sh(script);
        let mut sp = spec(d.path(), &args, Duration::from_secs(30), 1 << 20);
        sp.stdout = Sink::Detached(&log);
        sp.stderr = Sink::Detached(&log);
        run_process(&sp)
    };
    let out = run("echo out; echo err >&2");
    assert_eq!(out.status, Some(0), "{out:?}");
    assert!(out.stdout.data.is_empty() && out.stderr.data.is_empty());
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "out\nerr\n");
    assert!(!detached_pid_file(&log).exists());
    // Appended, never truncated: the log of an earlier, killed run stays readable.
    assert_eq!(run("echo again").status, Some(0));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "out\nerr\nagain\n");
}

#[test]
fn runs_without_a_shell_in_c_locale() {
    let out = runner()
        .run(
            Path::new("/bin/sh"),
            &sh("echo $LC_ALL; pwd"),
            Duration::from_secs(5),
        )
        .unwrap();
    assert!(out.stdout.starts_with("C\n"));
    assert!(out.stdout.contains("raidctl-runner-test"), "{}", out.stdout);
    assert_eq!(out.status, Some(0));
    // Metacharacters in arguments reach the program verbatim.
    let out = runner()
        .run(
            Path::new("/bin/echo"),
            &["$HOME;".into(), "a b".into()],
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(out.stdout, "$HOME; a b\n");
}

#[test]
fn timeout_kills_the_group() {
    let start = Instant::now();
    let err = runner()
        .run(
            Path::new("/bin/sh"),
            &sh("sleep 30 & sleep 30"),
            Duration::from_millis(300),
        )
        .unwrap_err();
    assert!(
        matches!(err, RunError::Timeout { hung: false, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("0.3 s"), "{err}");
    // Well below the 30 s sleep, generous for a busy machine.
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn sigterm_ignored_escalates_to_sigkill() {
    // A tool that ignores SIGTERM (as a vendor tool stuck in a retry loop may) is killed
    // by SIGKILL after the grace period, and is not reported as hung.
    let d = tempfile::tempdir().unwrap();
    let args = sh("trap '' TERM; echo waiting; while :; do sleep 1; done");
    let t = Instant::now();
    let o = run_process(&spec(d.path(), &args, Duration::from_millis(200), 1000));
    assert!(o.timed_out && !o.hung, "{o:?}");
    assert_eq!(o.signal, Some(9), "{o:?}");
    assert!(t.elapsed() < Duration::from_secs(20));
    assert_eq!(
        std::fs::read_to_string(d.path().join("out")).unwrap(),
        "waiting\n"
    );
}

#[test]
fn crash_is_an_error() {
    let err = runner()
        .run(
            Path::new("/bin/sh"),
            &sh("echo partial; kill -SEGV $$"),
            Duration::from_secs(5),
        )
        .unwrap_err();
    assert!(
        matches!(
            err,
            RunError::Crashed {
                signal: 11,
                bytes: 8,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn external_signal_is_recorded() {
    let d = tempfile::tempdir().unwrap();
    let args = sh("echo before; kill -INT $$; echo after");
    let o = run_process(&spec(d.path(), &args, Duration::from_secs(5), 1000));
    assert_eq!(o.signal, Some(2), "{o:?}");
    assert!(!o.timed_out);
}

#[test]
fn scratch_directory_is_removed() {
    let r = OsRunner::scratch();
    let out = r
        .run(
            Path::new("/bin/sh"),
            &sh("pwd; touch MegaSAS.log"),
            Duration::from_secs(5),
        )
        .unwrap();
    let dir = std::path::PathBuf::from(out.stdout.trim());
    assert!(dir.join("MegaSAS.log").is_file());
    drop(r);
    assert!(!dir.exists());
}

/// The simulator's tools: the multicall executable runs with the tool's name as
/// `argv[0]`, and no file of that name is looked for anywhere.
#[test]
fn a_multicall_runner_runs_its_executable_under_the_programs_name() {
    let d = tempfile::tempdir().unwrap();
    let r = OsRunner::new(d.path().join("work")).multicall(PathBuf::from("/bin/sh"));
    let out = r
        .run(
            Path::new("MegaCli64"),
            &sh("echo \"$0\""),
            Duration::from_secs(20),
        )
        .unwrap();
    assert_eq!(out.stdout, "MegaCli64\n");
}

#[test]
fn missing_program() {
    let err = runner()
        .run(
            Path::new("/nonexistent/MegaCli64"),
            &[],
            Duration::from_secs(1),
        )
        .unwrap_err();
    assert!(matches!(err, RunError::Spawn { .. }));
}

#[test]
fn keeps_partial_output_of_a_timeout() {
    let d = tempfile::tempdir().unwrap();
    let args = sh("echo started; echo half >&2; sleep 30");
    let t = Instant::now();
    let o = run_process(&spec(d.path(), &args, Duration::from_millis(300), 1000));
    assert!(o.timed_out && !o.hung, "{o:?}");
    assert!(t.elapsed() < Duration::from_secs(20));
    assert_eq!(
        std::fs::read_to_string(d.path().join("out")).unwrap(),
        "started\n"
    );
    assert_eq!(o.stderr.kept, 5);
    // In memory too.
    let mut s = spec(d.path(), &args, Duration::from_millis(300), 1000);
    s.stdout = Sink::Memory;
    let o = run_process(&s);
    assert!(o.timed_out);
    assert_eq!(o.stdout.data, b"started\n");
}

#[test]
fn huge_output_keeps_the_tail_within_the_cap() {
    let d = tempfile::tempdir().unwrap();
    // 8 MiB through the pipe: the destination never holds much more than the cap.
    let args = sh("head -c 8388608 /dev/zero; echo; echo last-line");
    for sink in ["file", "memory"] {
        let mut s = spec(d.path(), &args, Duration::from_secs(20), 100);
        if sink == "memory" {
            s.stdout = Sink::Memory;
        }
        let o = run_process(&s);
        assert_eq!(o.status, Some(0), "{sink}");
        assert!(o.stdout.truncated, "{sink}");
        assert_eq!(o.stdout.kept, 100, "{sink}");
        assert_eq!(o.stdout.produced, 8_388_608 + 11, "{sink}");
        let kept = if sink == "memory" {
            o.stdout.data.clone()
        } else {
            std::fs::read(d.path().join("out")).unwrap()
        };
        assert_eq!(kept.len(), 100, "{sink}");
        assert!(kept.ends_with(b"\nlast-line\n"), "{sink}");
    }
}

#[test]
fn tail_truncates_lines() {
    let d = tempfile::tempdir().unwrap();
    let args = sh("i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done");
    let o = run_process(&spec(d.path(), &args, Duration::from_secs(10), 100));
    assert!(o.stdout.truncated);
    assert_eq!(o.stdout.kept, 100);
    let text = std::fs::read_to_string(d.path().join("out")).unwrap();
    assert!(text.ends_with("line299\n"), "{text}");
    assert!(o.stdout.produced > 1000);
}

#[test]
fn records_signal_and_stderr_of_a_crash() {
    let d = tempfile::tempdir().unwrap();
    let args = sh("echo partial; echo oops >&2; kill -SEGV $$");
    let o = run_process(&spec(d.path(), &args, Duration::from_secs(10), 1000));
    assert_eq!(o.signal, Some(11));
    assert_eq!(
        std::fs::read_to_string(d.path().join("out")).unwrap(),
        "partial\n"
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("err")).unwrap(),
        "oops\n"
    );
    assert!(o.into_cmd_output().is_err());
}

/// Whether `pid` is gone (or a zombie waiting for init), polled for a while: SIGKILL is
/// asynchronous.
fn dies(pid: u32) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(10) {
        match proc_state(pid) {
            None | Some('Z') => return true,
            Some(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

/// The pid a test script wrote to `pidfile`.
fn read_pid(pidfile: &Path) -> u32 {
    std::fs::read_to_string(pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_background_child_holding_the_pipe_is_killed_and_the_output_kept() {
    let d = tempfile::tempdir().unwrap();
    let pidfile = d.path().join("bg.pid");
    let script = format!(
        "echo valid output; sleep 60 & echo $! > {}; echo done",
        pidfile.display()
    );
    let t = Instant::now();
    let out = runner()
        .run(Path::new("/bin/sh"), &sh(&script), Duration::from_secs(20))
        .unwrap();
    // Well before the deadline: the tool itself exited at once.
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    assert_eq!(out.stdout, "valid output\ndone\n");
    assert_eq!(out.status, Some(0));
    let bg = read_pid(&pidfile);
    assert!(dies(bg), "the background child {bg} was left running");
    let o = run_process(&spec(d.path(), &sh(&script), Duration::from_secs(20), 1000));
    assert!(o.lingered && !o.timed_out, "{o:?}");
}

#[test]
fn the_deadline_bounds_the_whole_call() {
    // The tool hangs and its background child holds the pipe too: both die at the
    // deadline, and the call ends about then, not after waiting for the pipe.
    let d = tempfile::tempdir().unwrap();
    let pidfile = d.path().join("bg.pid");
    let script = format!(
        "sleep 60 & echo $! > {}; echo started; sleep 60",
        pidfile.display()
    );
    let t = Instant::now();
    let err = runner()
        .run(Path::new("/bin/sh"), &sh(&script), Duration::from_secs(1))
        .unwrap_err();
    assert!(matches!(err, RunError::Timeout { .. }), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let bg = read_pid(&pidfile);
    assert!(dies(bg));
}

#[test]
fn output_past_the_cap_is_an_error_not_a_shorter_answer() {
    let o = Outcome {
        argv: vec!["MegaCli64".into(), "-PDList".into()],
        status: Some(0),
        stdout: Stream {
            produced: 70 << 20,
            kept: 64 << 20,
            truncated: true,
            ..Stream::default()
        },
        ..Outcome::default()
    };
    let err = o.into_cmd_output().unwrap_err();
    assert!(matches!(err, RunError::Cut { .. }), "{err}");
    assert!(err.to_string().contains("cut"), "{err}");
    let o = Outcome {
        argv: vec!["MegaCli64".into()],
        status: Some(0),
        stdout: Stream {
            incomplete: true,
            ..Stream::default()
        },
        ..Outcome::default()
    };
    assert!(matches!(
        o.into_cmd_output().unwrap_err(),
        RunError::Cut { .. }
    ));
}

#[test]
fn hung_detection_reads_the_process_state() {
    // A process in uninterruptible sleep cannot be made on demand; the detection reads
    // /proc/PID/stat, checked here on a live process (this one: running).
    let me = std::process::id();
    assert!(matches!(proc_state(me), Some('R' | 'S')));
    assert_eq!(proc_state(u32::MAX), None);
    let hung = Outcome {
        argv: vec!["MegaCli64".into(), "-PDList".into()],
        timed_out: true,
        hung: true,
        duration: Duration::from_secs(3),
        ..Outcome::default()
    };
    let err = hung.into_cmd_output().unwrap_err();
    assert!(err.to_string().contains("hung in the kernel"), "{err}");
}
