//! The monitoring definitions raidctl ships (issue 39): the NRPE command in
//! contrib/nrpe/raidctl.cfg runs as written against the simulator, and Debian's Icinga 2
//! accepts contrib/icinga2/raidctl.conf (`icinga2 daemon -C`) and renders its arguments into
//! the command line raidctl expects, running it for real.

use crate::util::{raidctl_clean, root, skip};
use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The command line of `command[check_raid]=` in the NRPE snippet, split into words.
fn nrpe_command() -> Vec<String> {
    let cfg = std::fs::read_to_string(root().join("contrib/nrpe/raidctl.cfg")).unwrap();
    let line = cfg
        .lines()
        .find_map(|l| l.strip_prefix("command[check_raid]="))
        .expect("contrib/nrpe/raidctl.cfg defines command[check_raid]");
    line.split_whitespace().map(str::to_owned).collect()
}

#[test]
fn the_nrpe_command_runs_as_written() {
    let words = nrpe_command();
    // sudo -n, then raidctl with the arguments this test runs.
    assert_eq!(
        words[..3],
        ["/usr/bin/sudo", "-n", "/usr/bin/raidctl"],
        "{words:?}"
    );
    let args = &words[3..];
    // The sudo rule the snippet shows allows exactly this command line.
    let cfg = std::fs::read_to_string(root().join("contrib/nrpe/raidctl.cfg")).unwrap();
    let rule = format!("NOPASSWD: /usr/bin/raidctl {}", args.join(" "));
    assert!(cfg.contains(&rule), "the sudoers example is not {rule:?}");
    for (scenario, code, start) in [
        ("healthy", 0, "RAID OK - "),
        ("degraded", 2, "RAID CRITICAL - VD 1 (data) degraded"),
    ] {
        let state = tempfile::tempdir().unwrap();
        let out = raidctl_clean()
            .env("RAIDCTL_SIM", scenario)
            .env("RAIDCTL_STATE_DIR", state.path())
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{scenario}: {text}");
        assert!(text.starts_with(start), "{scenario}: {text}");
        assert!(
            text.lines().next().unwrap_or("").contains(" | "),
            "perfdata: {text}"
        );
    }
}

/// `icinga2` on PATH or where Debian installs it.
fn icinga2() -> Option<String> {
    ["/usr/sbin/icinga2", "/usr/bin/icinga2"]
        .iter()
        .find(|p| Path::new(p).exists())
        .map(|p| (*p).to_owned())
}

/// The output of `id FLAG` (the user and group the test runs as, for Icinga's RunAsUser).
fn id(flag: &str) -> String {
    let out = Command::new("id").arg(flag).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// `-D` constants that keep Icinga 2 inside `dir`, running as the caller.
fn icinga_dirs(dir: &Path) -> Vec<String> {
    let mut v = vec![
        format!("-DRunAsUser={}", id("-un")),
        format!("-DRunAsGroup={}", id("-gn")),
    ];
    for (name, sub) in [
        ("CacheDir", "cache"),
        ("DataDir", "lib"),
        ("LogDir", "log"),
        ("SpoolDir", "spool"),
        ("InitRunDir", "run"),
    ] {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).unwrap();
        v.push(format!("-D{name}={}", d.display()));
    }
    for (name, file) in [
        ("StatePath", "lib/icinga2.state"),
        ("ModAttrPath", "lib/modified-attributes.conf"),
        ("PidPath", "run/icinga2.pid"),
    ] {
        v.push(format!("-D{name}={}", dir.join(file).display()));
    }
    v
}

/// A host and a service using the CheckCommand defined in `command_file`, with every
/// variable set; healthy has 12 drives, so `--expect-drives 13` makes it CRITICAL.
fn icinga_config(dir: &Path, command_file: &Path, checker: bool) -> std::path::PathBuf {
    let conf = dir.join("icinga2.conf");
    std::fs::write(
        &conf,
        format!(
            r#"include <itl>
include "{}"
{}
object Host "raid-host" {{
  check_command = "dummy"
  enable_active_checks = false
}}
object Service "raid" {{
  host_name = "raid-host"
  check_command = "raidctl"
  // The first check is scheduled at random within one interval: a short one starts it now.
  check_interval = 2s
  retry_interval = 2s
  vars.raidctl_timeout = 20
  vars.raidctl_state = [ "ld-rebuilding=critical" ]
  vars.raidctl_ignore = [ "pd-other-errors", "ZA1A2B07" ]
  vars.raidctl_expect_drives = 13
  vars.raidctl_expect_spares = 0
  vars.raidctl_expect_vds = 3
  vars.raidctl_verbose = true
}}
"#,
            command_file.display(),
            if checker {
                r#"object CheckerComponent "checker" { }"#
            } else {
                ""
            }
        ),
    )
    .unwrap();
    conf
}

/// The Icinga 2 daemon the test started; stopped (SIGTERM, which it forwards to its worker)
/// and reaped however the test ends.
struct Daemon(std::process::Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Some(pid) = rustix::process::Pid::from_raw(i32::try_from(self.0.id()).unwrap_or(0)) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
        let _ = self.0.wait();
    }
}

#[test]
fn icinga2_accepts_the_check_command_and_renders_its_arguments() {
    let Some(icinga2) = icinga2() else {
        skip("icinga2 is not installed (apt-get install icinga2-bin)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shipped = root().join("contrib/icinga2/raidctl.conf");
    // 1. The shipped file as it is: the configuration validates.
    let conf = icinga_config(d, &shipped, false);
    let out = Command::new(&icinga2)
        .args(["daemon", "-C", "-c"])
        .arg(&conf)
        .args(icinga_dirs(&d.join("validate")))
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{log}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        log.contains("Instantiated 1 Service") && !log.contains("warning/"),
        "{log}"
    );
    // The abridged example of docs/monitoring.md validates too, its agent endpoint and zone given.
    let doc = std::fs::read_to_string(root().join("docs/monitoring.md")).unwrap();
    let example = doc
        .split("```")
        .find(|block| {
            block
                .trim_start()
                .starts_with("object CheckCommand \"raidctl\"")
        })
        .expect("docs/monitoring.md shows the Icinga 2 CheckCommand");
    std::fs::write(d.join("readme.conf"), example).unwrap();
    std::fs::write(
        d.join("readme-host.conf"),
        r#"include <itl>
include "readme.conf"
const ZoneName = NodeName
object Endpoint NodeName { }
object Zone ZoneName { endpoints = [ NodeName ] }
object Endpoint "raid-host" { }
object Zone "raid-host" {
  endpoints = [ "raid-host" ]
  parent = ZoneName
}
object Host "raid-host" {
  check_command = "dummy"
  vars.raid = true
  zone = ZoneName
}
"#,
    )
    .unwrap();
    let out = Command::new(&icinga2)
        .args(["daemon", "-C", "-c"])
        .arg(d.join("readme-host.conf"))
        .args(icinga_dirs(&d.join("readme")))
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "docs/monitoring.md example: {log}");
    assert!(
        log.contains("Instantiated 1 Service"),
        "docs/monitoring.md example: {log}"
    );
    // 2. The same arguments with raidctl on the simulator instead of sudo and the controller:
    // Icinga runs the check and logs the command line it rendered and the exit status.
    let text = std::fs::read_to_string(&shipped).unwrap();
    let command = r#"command = [ "/usr/bin/sudo", "-n", "/usr/bin/raidctl", "check" ]"#;
    assert!(
        text.contains(command),
        "the shipped command is not {command}"
    );
    let bin = env!("CARGO_BIN_EXE_raidctl");
    let local = d.join("raidctl-sim.conf");
    std::fs::write(
        &local,
        text.replace(
            command,
            &format!(
                r#"command = [ "{bin}", "--sim", "healthy", "--state-dir", "{}", "check" ]"#,
                d.join("state").display()
            ),
        ),
    )
    .unwrap();
    let conf = icinga_config(d, &local, true);
    let mut child = Command::new(&icinga2)
        .args(["daemon", "-x", "notice", "-c"])
        .arg(&conf)
        .args(icinga_dirs(&d.join("run")))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _daemon = Daemon(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // The first check runs right after start; generous for a busy machine.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut seen = Vec::new();
    let done = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let ours = line.contains(bin) && line.contains("terminated with exit code");
                seen.push(line.clone());
                if ours {
                    break line;
                }
            }
            Err(_) => panic!("Icinga ran no raidctl check:\n{}", seen.join("\n")),
        }
    };
    for rendered in [
        "'check' '-t' '20' ",
        "'--state' 'ld-rebuilding=critical'",
        "'--ignore' 'pd-other-errors' '--ignore' 'ZA1A2B07'",
        "'--expect-drives' '13'",
        "'--expect-spares' '0'",
        "'--expect-vds' '3'",
        "'-v'",
    ] {
        assert!(done.contains(rendered), "no {rendered} in {done}");
    }
    // 12 drives seen, 13 expected: CRITICAL, as raidctl says on the command line.
    assert!(done.ends_with("terminated with exit code 2"), "{done}");
}
