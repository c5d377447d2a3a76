//! Host context and per-drive SMART: kernel and driver versions, PCI, kernel log and journal
//! (time-bounded, with the megaraid_sas/mpt3sas reset and timeout lines pulled out), block and
//! SCSI layout, queue settings, raidctl's workflow journals.

use super::collect::{Cmd, Collector, Level, Scope};
use crate::backend::runner;
use crate::backend::snapshot::Snapshot;
use crate::model::unix_seconds as epoch;
use regex::Regex;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Host tools the bundle looks for on `PATH`.
pub const TOOLS: &[&str] = &[
    "smartctl",
    "lspci",
    "lsblk",
    "lsscsi",
    "dmesg",
    "journalctl",
    "uname",
    "modinfo",
    "dmidecode",
];

/// Drivers whose versions and log lines matter.
pub const DRIVERS: &[&str] = &["megaraid_sas", "mpt3sas", "mpt2sas"];

/// Per-command deadline for host tools (they never talk to the controller).
const HOST_TIMEOUT: Duration = Duration::from_secs(60);

fn tool(c: &Collector<'_>, name: &str) -> Result<PathBuf, String> {
    runner::which(name, &c.path_var).ok_or_else(|| format!("{name} not found on PATH"))
}

fn run(c: &mut Collector<'_>, id: &str, name: &str, args: &[&str], out: &str) -> usize {
    let program = tool(c, name);
    let idx = c.command(Cmd {
        id: id.to_owned(),
        scope: Scope::Host,
        program,
        exe: None,
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        env: &[],
        out: out.to_owned(),
        timeout: Some(HOST_TIMEOUT),
    });
    c.sweep_scratch(idx, None);
    idx
}

/// Device path smartctl addresses the controller through ([`crate::smart::target`]); a
/// bundle still tries `/dev/bus/N` when the kernel shows no megaraid_sas host (the failure is
/// then in the bundle).
fn smart_target(snap: &Snapshot, adapter: u32) -> String {
    crate::smart::target(snap, adapter, Path::new("/sys"))
        .unwrap_or_else(|| format!("/dev/bus/{adapter}"))
}

/// `smartctl -x -j -d megaraid,N` (or `sat+megaraid,N`) for every drive of the snapshot.
///
/// On simulated hardware (`tools`: the executable its tools are run as, and their
/// environment) its smartctl answers, run as its vendor tools are. Returns the failed reads (parsed as `status`,
/// `check` and `metrics` parse them: [`crate::smart::parse`]) as problems for the summary.
pub(crate) fn smart(
    c: &mut Collector<'_>,
    snap: Option<&Snapshot>,
    tools: Option<(&Path, &[(String, String)])>,
    fallback_host: &dyn Fn(u32) -> Option<u32>,
) -> Vec<crate::health::Problem> {
    let mut problems = Vec::new();
    let Some(snap) = snap else {
        c.skip(
            "smart",
            "command",
            Vec::new(),
            "no snapshot: drive device ids unknown".into(),
        );
        return problems;
    };
    // smartctl is a host tool: whether it is installed is the host's (`PATH`); under `--sim`
    // what it answers about the drives behind the simulated controller is the simulator's.
    let program = match (tools, tool(c, "smartctl")) {
        (Some(_), Ok(_)) => Ok(PathBuf::from("smartctl")),
        (_, found) => found,
    };
    for pd in &snap.physical_drives {
        let Some(dev) = pd.smartctl_device.clone() else {
            continue;
        };
        let target = match tools {
            Some(_) => crate::smart::target(snap, pd.adapter, Path::new("/nonexistent"))
                .or_else(|| fallback_host(pd.adapter).map(|h| format!("/dev/bus/{h}")))
                .unwrap_or_else(|| smart_target(snap, pd.adapter)),
            None => smart_target(snap, pd.adapter),
        };
        let slug = dev.replace([',', '+'], "-");
        let id = format!("smart/a{}/{dev}", pd.adapter);
        let out = format!("smart/a{}-{slug}.json", pd.adapter);
        let idx = c.command(Cmd {
            id,
            scope: Scope::Adapter(pd.adapter),
            program: program.clone(),
            exe: tools.map(|(exe, _)| exe),
            args: vec!["-x".into(), "-j".into(), "-d".into(), dev.clone(), target],
            env: tools.map_or(&[][..], |(_, env)| env),
            out: out.clone(),
            timeout: None,
        });
        if program.is_ok() {
            let item = c.items.get(idx);
            let bytes = std::fs::read(c.root.join(&out)).unwrap_or_default();
            let read = match item {
                Some(i) if i.timed_out => crate::smart::Smart::failed(
                    "smartctl timed out".into(),
                    None,
                    crate::backend::snapshot::now_unix(),
                ),
                Some(i) if i.skipped_reason.is_some() || i.error.is_some() => {
                    crate::smart::Smart::failed(
                        i.skipped_reason
                            .clone()
                            .or_else(|| i.error.clone())
                            .unwrap_or_default(),
                        i.exit_code,
                        crate::backend::snapshot::now_unix(),
                    )
                }
                _ => crate::smart::parse(
                    &bytes,
                    item.and_then(|i| i.exit_code),
                    crate::backend::snapshot::now_unix(),
                ),
            };
            if !read.read_success {
                problems.push(crate::health::Problem {
                    rule: crate::health::rule::SMART_READ_FAILED,
                    severity: crate::health::Severity::Warning,
                    adapter: Some(pd.adapter),
                    subject: pd.address().to_string(),
                    message: format!(
                        "{} (serial {}): SMART not read through the controller: {}",
                        pd.address(),
                        pd.serial.as_deref().unwrap_or("?"),
                        read.error.as_deref().unwrap_or("no reason given")
                    ),
                    suggestion: Some(format!("see {out} in this bundle")),
                });
            }
        }
        if let Some(item) = c.items.get_mut(idx) {
            item.adapter = Some(pd.adapter);
            item.notes.push(format!(
                "drive [{}] serial {}",
                pd.address().megacli_arg(),
                pd.serial.as_deref().unwrap_or("?")
            ));
            if item.exit_code.is_some_and(|s| s != 0) {
                item.notes.push(
                    "smartctl's exit status is a bitmask (smartctl(8) RETURN VALUES); non-zero is not necessarily a failure"
                        .into(),
                );
            }
        }
        c.sweep_scratch(idx, None);
    }
    problems
}

fn read_file(p: &Path) -> Option<Vec<u8>> {
    std::fs::read(p).ok()
}

/// Kernel, drivers, PCI, logs, block layer.
pub(crate) fn host_context(c: &mut Collector<'_>, level: Level, since: Duration) {
    run(c, "host/uname", "uname", &["-a"], "host/uname.txt");
    let mut drivers = String::new();
    for d in DRIVERS {
        let base = Path::new("/sys/module").join(d);
        if !base.exists() {
            let _ = writeln!(drivers, "{d}: not loaded");
            continue;
        }
        for f in ["version", "srcversion"] {
            let v = std::fs::read_to_string(base.join(f)).unwrap_or_default();
            let _ = writeln!(drivers, "{d} {f}: {}", v.trim());
        }
    }
    c.file_item(
        "host/driver-versions",
        "derived",
        Some("/sys/module/{megaraid_sas,mpt3sas,mpt2sas}/{version,srcversion}".into()),
        "host/driver-versions.txt",
        drivers.as_bytes(),
    );
    if level == Level::Quick {
        return;
    }
    for (id, src) in [
        ("host/os-release", "/etc/os-release"),
        ("host/cmdline", "/proc/cmdline"),
        ("host/modules", "/proc/modules"),
    ] {
        match read_file(Path::new(src)) {
            Some(data) => {
                let rel = format!("{id}.txt");
                c.file_item(id, "file", Some(src.into()), &rel, &data);
            }
            None => {
                c.skip(id, "file", Vec::new(), format!("{src} not readable"));
            }
        }
    }
    run(
        c,
        "host/modinfo",
        "modinfo",
        &["megaraid_sas", "mpt3sas"],
        "host/modinfo.txt",
    );
    run(c, "host/lspci", "lspci", &["-vvv", "-nn"], "host/lspci.txt");
    run(c, "host/dmidecode", "dmidecode", &[], "host/dmidecode.txt");
    let since_unix = SystemTime::now()
        .checked_sub(since)
        .unwrap_or(UNIX_EPOCH)
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let dmesg = run(
        c,
        "host/dmesg",
        "dmesg",
        &["--time-format", "iso"],
        "host/dmesg.txt",
    );
    let since_arg = format!("--since=@{since_unix}");
    let journal = run(
        c,
        "host/journal-kernel",
        "journalctl",
        &["-k", "--no-pager", "-o", "short-iso", since_arg.as_str()],
        "host/journal-kernel.txt",
    );
    let mut lines = String::new();
    for idx in [dmesg, journal] {
        let text = c
            .items
            .get(idx)
            .and_then(|i| i.outputs.iter().find(|o| o.stream == "stdout"))
            .and_then(|o| std::fs::read(c.root.join(&o.path)).ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        for l in driver_events(&text, since_unix) {
            lines.push_str(l);
            lines.push('\n');
        }
    }
    c.file_item(
        "host/driver-events",
        "derived",
        Some("host/dmesg.txt and host/journal-kernel.txt: megaraid_sas/mpt3sas resets, timeouts, faults since --since".into()),
        "host/driver-events.txt",
        lines.as_bytes(),
    );
    run(c, "host/lsblk", "lsblk", &["-J", "-O"], "host/lsblk.json");
    run(c, "host/lsscsi", "lsscsi", &["-g"], "host/lsscsi.txt");
    let queues = block_queues(Path::new("/sys/block"));
    c.file_item(
        "host/block-queue",
        "derived",
        Some("/sys/block/*/queue and device/queue_depth".into()),
        "host/block-queue.txt",
        queues.as_bytes(),
    );
}

/// Lines of a kernel log that concern the RAID/HBA drivers and look like trouble, dropping
/// lines with an ISO timestamp older than `since_unix`.
pub fn driver_events(text: &str, since_unix: u64) -> Vec<&str> {
    let (Ok(driver), Ok(trouble), Ok(ts)) = (
        Regex::new(r"(?i)megaraid|mpt[23]sas|megasas"),
        Regex::new(
            r"(?i)reset|time[d ]?out|timeout|fault|abort|fw state|\bOCR\b|firmware crash|fatal|panic",
        ),
        Regex::new(
            r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})[^ ]*?(?:([+-])(\d{2}):?(\d{2}))?\s",
        ),
    ) else {
        return Vec::new();
    };
    let since = i64::try_from(since_unix).unwrap_or(i64::MAX);
    text.lines()
        .filter(|l| driver.is_match(l) && trouble.is_match(l))
        .filter(|l| {
            let Some(m) = ts.captures(l) else { return true };
            let n = |i: usize| {
                m.get(i)
                    .and_then(|v| v.as_str().parse::<u32>().ok())
                    .unwrap_or(0)
            };
            let y = m
                .get(1)
                .and_then(|v| v.as_str().parse::<i64>().ok())
                .unwrap_or(1970);
            let mut t = epoch(y, n(2), n(3), n(4), n(5), n(6));
            if let Some(sign) = m.get(7) {
                let off = i64::from(n(8)) * 3600 + i64::from(n(9)) * 60;
                t -= if sign.as_str() == "+" { off } else { -off };
            }
            t >= since
        })
        .collect()
}

/// Queue settings of every block device (symlinks are only followed inside /sys).
pub fn block_queues(sys_block: &Path) -> String {
    let mut out = String::new();
    let Ok(rd) = std::fs::read_dir(sys_block) else {
        return out;
    };
    let mut names: Vec<String> = rd
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("loop") && !n.starts_with("ram"))
        .collect();
    names.sort();
    for n in names {
        let dev = sys_block.join(&n);
        if dev.canonicalize().is_ok_and(|p| !p.starts_with("/sys")) && sys_block.starts_with("/sys")
        {
            continue;
        }
        let _ = writeln!(out, "{n}:");
        for f in [
            "queue/scheduler",
            "queue/nr_requests",
            "queue/rotational",
            "queue/max_sectors_kb",
            "queue/max_hw_sectors_kb",
            "queue/read_ahead_kb",
            "queue/write_cache",
            "queue/logical_block_size",
            "queue/physical_block_size",
            "device/queue_depth",
            "device/model",
            "device/vendor",
        ] {
            if let Ok(v) = std::fs::read_to_string(dev.join(f)) {
                let _ = writeln!(out, "  {f}: {}", v.trim());
            }
        }
    }
    out
}

/// Copies raidctl's workflow journals (regular files only, no symlinks).
pub(crate) fn journals(c: &mut Collector<'_>, dir: &Path) {
    if !dir.is_dir() {
        c.skip(
            "raidctl/journals",
            "file",
            Vec::new(),
            format!("{} does not exist", dir.display()),
        );
        return;
    }
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.filter_map(Result::ok) {
            let Ok(ft) = e.file_type() else { continue };
            if ft.is_dir() {
                stack.push(e.path());
            } else if ft.is_file() {
                files.push(e.path());
            }
        }
    }
    files.sort();
    let idx = c.push(super::manifest::Item {
        id: "raidctl/journals".into(),
        kind: "file".into(),
        source: Some(dir.display().to_string()),
        ..Default::default()
    });
    let count = files.len();
    for (n, f) in files.into_iter().enumerate() {
        if c.room() == 0 {
            if let Some(item) = c.items.get_mut(idx) {
                item.notes.push(format!(
                    "total size limit reached: {} of {count} journal files not stored",
                    count - n
                ));
            }
            break;
        }
        let Ok(rel) = f.strip_prefix(dir) else {
            continue;
        };
        let rel = format!("raidctl/journals/{}", rel.display());
        let data = std::fs::read(&f).unwrap_or_default();
        let (orig, trunc) = c.write(&rel, &data);
        c.add_output(idx, &rel, "file", orig, trunc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_driver_trouble_in_the_window() {
        let log = "2026-08-01T10:00:00,000000+00:00 megaraid_sas 0000:03:00.0: resetting fusion adapter scsi0\n\
                   2026-08-20T10:00:00,000000+02:00 megaraid_sas 0000:03:00.0: [ 0]waiting for 1 commands to complete, timeout\n\
                   2026-08-20T10:00:01,000000+00:00 megaraid_sas 0000:03:00.0: FW now in Ready state\n\
                   2026-08-20T10:00:02,000000+00:00 e1000e: link reset\n\
                   [  12.3] mpt3sas_cm0: sending diag reset !!\n";
        let since = u64::try_from(epoch(2026, 8, 10, 0, 0, 0)).unwrap();
        let got = driver_events(log, since);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].contains("timeout"));
        assert!(got[1].contains("diag reset"));
    }
}
