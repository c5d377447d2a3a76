//! `SUMMARY.md`: what a support engineer reads first.

use super::collect::Collector;
use crate::backend::snapshot::Snapshot;
use crate::health::Problem;
use crate::model::{FirmwareState, LdState};
use regex::Regex;
use std::fmt::Write as _;

/// Lines of the terminal and event logs worth a look, at most this many per file.
const MAX_LINES: usize = 40;

pub(crate) fn render(
    c: &Collector<'_>,
    backend: &str,
    snap: Option<&Snapshot>,
    problems: Option<&[Problem]>,
    hostname: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# raidctl support bundle\n");
    let _ = writeln!(
        s,
        "Host `{hostname}`, raidctl {}, level {}, controller tool: {}.\n",
        env!("CARGO_PKG_VERSION"),
        c.opts.level.name(),
        if backend.is_empty() { "none" } else { backend }
    );
    match snap {
        None => {
            let _ = writeln!(
                s,
                "**No controller snapshot could be made**; see the {} items in manifest.json.\n",
                if backend.is_empty() {
                    "controller".to_owned()
                } else {
                    format!("`{backend}/*`")
                }
            );
        }
        Some(snap) => controllers(&mut s, snap),
    }
    if let Some(problems) = problems {
        let _ = writeln!(s, "## Health ({})\n", crate::health::overall(problems));
        if problems.is_empty() {
            let _ = writeln!(s, "No problems found.\n");
        }
        for p in problems {
            let _ = writeln!(
                s,
                "- **{}** `{}` {}: {}",
                p.severity, p.rule, p.subject, p.message
            );
        }
        s.push('\n');
    }
    log_lines(&mut s, c);
    let failed: Vec<_> = c.items.iter().filter(|i| i.failed()).collect();
    let mut skipped: std::collections::BTreeMap<&str, Vec<&str>> =
        std::collections::BTreeMap::new();
    for i in &c.items {
        if let Some(r) = &i.skipped_reason {
            skipped.entry(r.as_str()).or_default().push(i.id.as_str());
        }
    }
    if !failed.is_empty() || !skipped.is_empty() {
        let _ = writeln!(s, "## Items that failed or were skipped\n");
        for i in failed {
            let why = i
                .error
                .clone()
                .unwrap_or_else(|| format!("exit status {:?}", i.exit_code));
            let _ = writeln!(s, "- `{}`: {why}", i.id);
        }
        for (reason, ids) in skipped {
            let shown: Vec<String> = ids.iter().take(6).map(|i| format!("`{i}`")).collect();
            let more = ids.len().saturating_sub(6);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            let _ = writeln!(s, "- skipped ({reason}): {}{more}", shown.join(", "));
        }
        s.push('\n');
    }
    // Models, serials, log lines and errors come from the controller: a control character
    // must not reach whoever opens the summary in a terminal (see `crate::escape`).
    crate::escape::escape_text(&s).into_owned()
}

fn opt<T: std::fmt::Display>(v: Option<&T>) -> String {
    v.map_or_else(|| "?".to_owned(), ToString::to_string)
}

fn controllers(s: &mut String, snap: &Snapshot) {
    let _ = writeln!(s, "## Controllers\n");
    for a in &snap.adapters {
        let _ = writeln!(
            s,
            "- Adapter {}: {}, serial {}, FW package {}, FW {}, BIOS {}, driver {}",
            a.adapter,
            opt(a.product_name.as_ref()),
            opt(a.serial.as_ref()),
            opt(a.fw_package.as_ref()),
            opt(a.fw_version.as_ref()),
            opt(a.bios_version.as_ref()),
            opt(a.driver_version.as_ref()),
        );
    }
    s.push('\n');
    let bad: Vec<_> = snap
        .logical_drives
        .iter()
        .filter(|l| l.state != LdState::Optimal)
        .collect();
    let _ = writeln!(s, "## Logical drives not optimal\n");
    if bad.is_empty() {
        let _ = writeln!(s, "None ({} logical drives).", snap.logical_drives.len());
    }
    for l in bad {
        let _ = writeln!(
            s,
            "- Adapter {} VD {}: {}",
            l.adapter,
            l.target_id,
            // raidctl's own state names, so the summary reads the same whatever tool spoke.
            l.state
        );
    }
    s.push('\n');
    let _ = writeln!(
        s,
        "## Drives with errors, predictive failures or bad states\n"
    );
    let mut any = false;
    for d in &snap.physical_drives {
        let counters = [
            d.media_error_count,
            d.other_error_count,
            d.predictive_failure_count,
        ];
        let bad_state = matches!(
            d.firmware_state,
            FirmwareState::Failed | FirmwareState::UnconfiguredBad | FirmwareState::Offline
        );
        if counters.iter().any(|c| c.is_some_and(|n| n > 0))
            || d.smart_alert == Some(true)
            || bad_state
        {
            any = true;
            let _ = writeln!(
                s,
                "- Adapter {} [{}] {} serial {} ({}): state {}, media errors {}, other errors {}, predictive failures {}, SMART alert {}",
                d.adapter,
                d.address().megacli_arg(),
                opt(d.model.as_ref()),
                opt(d.serial.as_ref()),
                d.size_bytes()
                    .map_or_else(|| "size ?".to_owned(), crate::model::fmt_size),
                d.firmware_state,
                opt(d.media_error_count.as_ref()),
                opt(d.other_error_count.as_ref()),
                opt(d.predictive_failure_count.as_ref()),
                opt(d.smart_alert.as_ref()),
            );
        }
    }
    if !any {
        let _ = writeln!(s, "None ({} drives).", snap.physical_drives.len());
    }
    s.push('\n');
    let _ = writeln!(s, "## Batteries\n");
    if snap.bbus.is_empty() {
        let _ = writeln!(s, "No BBU reported.");
    }
    for b in &snap.bbus {
        let _ = writeln!(
            s,
            "- Adapter {}: {} state {}, charge {}%, replacement required {}, learn cycle active {}",
            b.adapter,
            opt(b.battery_type.as_ref()),
            b.state,
            opt(b.relative_charge_pct.as_ref()),
            opt(b.replacement_required.as_ref()),
            opt(b.learn_cycle_active.as_ref()),
        );
    }
    s.push('\n');
}

fn log_lines(s: &mut String, c: &Collector<'_>) {
    let Ok(re) = Regex::new(r"(?i)fatal|fault|panic|bail_out|paused|reset|time[d ]?out") else {
        return;
    };
    let _ = writeln!(s, "## Terminal and event log lines to look at\n");
    let mut any = false;
    for item in c
        .items
        .iter()
        .filter(|i| i.triage || i.id == "host/driver-events")
    {
        for o in item.outputs.iter().filter(|o| o.stream != "stderr") {
            let Ok(bytes) = std::fs::read(c.root.join(&o.path)) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            let hits: Vec<&str> = text.lines().filter(|l| re.is_match(l)).collect();
            if hits.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(s, "`{}` ({} lines match):\n\n```", o.path, hits.len());
            let start = hits.len().saturating_sub(MAX_LINES);
            for l in hits.iter().skip(start) {
                let _ = writeln!(s, "{}", l.trim_end());
            }
            let _ = writeln!(s, "```\n");
        }
    }
    if !any {
        let _ = writeln!(s, "None matched fatal, fault, panic, reset or timeout.\n");
    }
}
