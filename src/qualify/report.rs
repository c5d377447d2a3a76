//! Exports of a [`QualReport`]: terminal tables, CSV, Markdown and an SVG plot (MB/s by block
//! size, and the 4 KiB QD1 read latency distribution, one curve per drive so peers overlay).

use super::engine::JobResult;
use super::result::{DriveResult, QualReport, RuleHit, Verdict};
use super::suite::bs_label;
use comfy_table::{ContentArrangement, Table, presets};
use std::fmt::Write as _;

fn table(tty: bool, header: &[&str]) -> Table {
    let mut t = Table::new();
    if tty {
        t.load_style(presets::UTF8_FULL_CONDENSED);
        t.set_content_arrangement(ContentArrangement::Dynamic);
    } else {
        t.load_style(presets::ASCII_MARKDOWN);
        t.force_no_tty();
        t.set_content_arrangement(ContentArrangement::Disabled);
    }
    t.set_header(header.to_vec());
    t
}

fn data(bytes: u64) -> String {
    crate::model::fmt_size(bytes)
}

fn lat(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

fn job_row(j: &JobResult) -> Vec<String> {
    let mut notes = Vec::new();
    if j.host_bound {
        notes.push("host-bound".to_owned());
    }
    if !j.direct {
        notes.push("buffered".to_owned());
    }
    if j.errors > 0 {
        notes.push(format!("{} errors", j.errors));
    }
    if let Some(s) = &j.sync_lat {
        notes.push(format!("sync p99 {}", lat(s.p99_us)));
    }
    vec![
        j.spec.name.clone(),
        format!("{}×{}", j.spec.qd, j.spec.jobs),
        j.engine_used.name().to_owned(),
        format!("{:.1}", j.mbps),
        format!("{:.0}", j.iops),
        lat(j.lat.p50_us),
        lat(j.lat.p99_us),
        lat(j.lat.p999_us),
        lat(j.lat.max_us),
        format!("{:.1}", j.cpu.per_io_us),
        notes.join(", "),
    ]
}

/// Sweep table of one drive (the `dd oflag=direct` table plus IOPS and p99).
pub fn sweep_table(d: &DriveResult, tty: bool) -> Table {
    let mut t = table(tty, &["block size", "count", "data", "MB/s", "IOPS", "p99"]);
    for r in &d.sweep {
        t.add_row(vec![
            bs_label(r.bs),
            r.count.to_string(),
            data(r.bytes),
            format!("{:.1}", r.mbps),
            format!("{:.0}", r.iops),
            lat(r.p99_us),
        ]);
    }
    t
}

/// Job table of one drive.
pub fn jobs_table(d: &DriveResult, tty: bool) -> Table {
    let mut t = table(
        tty,
        &[
            "job",
            "QD×jobs",
            "engine",
            "MB/s",
            "IOPS",
            "p50",
            "p99",
            "p99.9",
            "max",
            "CPU µs/IO",
            "notes",
        ],
    );
    for j in d
        .jobs
        .iter()
        .filter(|j| !j.spec.name.starts_with("sweep-"))
        .chain(&d.together)
    {
        t.add_row(job_row(j));
    }
    t
}

/// Which engine ran which jobs and why: `(engine, reason, jobs)` in order of first use.
pub fn engines(d: &DriveResult) -> Vec<(&'static str, String, usize)> {
    let mut v: Vec<(&'static str, String, usize)> = Vec::new();
    for j in d.jobs.iter().chain(&d.together) {
        let name = j.engine_used.name();
        match v
            .iter_mut()
            .find(|(e, r, _)| *e == name && *r == j.engine_reason)
        {
            Some(e) => e.2 += 1,
            None => v.push((name, j.engine_reason.clone(), 1)),
        }
    }
    v
}

fn jobs_word(n: usize) -> &'static str {
    if n == 1 { "job" } else { "jobs" }
}

/// The write-cache measurement: a table of on/off figures, or why it was not measured.
pub fn cache_text(c: &super::cache::CacheReport, tty: bool) -> String {
    if c.rows.is_empty() {
        return format!(
            "   write cache on/off: {}",
            c.note.as_deref().unwrap_or("not measured")
        );
    }
    let title = format!(
        "write cache ({}, originally {}, {})",
        c.tool,
        match c.original_on {
            Some(true) => "on",
            Some(false) => "off",
            None => "?",
        },
        if c.restored {
            "restored"
        } else {
            "NOT RESTORED"
        }
    );
    let mut t = table(
        tty,
        &[&title, "IOPS on", "IOPS off", "off/on", "p99 on", "p99 off"],
    );
    for r in &c.rows {
        t.add_row(vec![
            r.job.clone(),
            format!("{:.0}", r.on_iops),
            format!("{:.0}", r.off_iops),
            format!(
                "{:.2}",
                if r.on_iops > 0.0 {
                    r.off_iops / r.on_iops
                } else {
                    0.0
                }
            ),
            lat(r.on_p99_us),
            lat(r.off_p99_us),
        ]);
    }
    let mut out = t.to_string();
    if let Some(n) = &c.note {
        let _ = write!(out, "\n   note: {n}");
    }
    out
}

/// Rule hits, the worst level first (stable: same level keeps the order the rules ran in).
fn worst_first(rules: &[RuleHit]) -> Vec<&RuleHit> {
    let mut v: Vec<&RuleHit> = rules.iter().collect();
    v.sort_by_key(|h| std::cmp::Reverse(h.level));
    v
}

/// Rule ids that did not pass, each once with its number of hits, worst first:
/// `SMART-realloc, PEER-ratio ×2, PEER-z ×2`.
pub fn rule_counts(rules: &[RuleHit]) -> String {
    let mut counts: Vec<(&str, Verdict, usize)> = Vec::new();
    for h in worst_first(rules) {
        if h.level == Verdict::Pass {
            continue;
        }
        match counts.iter_mut().find(|(r, _, _)| *r == h.rule) {
            Some((_, level, n)) => {
                *n += 1;
                *level = (*level).max(h.level);
            }
            None => counts.push((h.rule.as_str(), h.level, 1)),
        }
    }
    counts.sort_by_key(|(_, level, _)| std::cmp::Reverse(*level));
    counts
        .iter()
        .map(|(r, _, n)| {
            if *n > 1 {
                format!("{r} ×{n}")
            } else {
                (*r).to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Everything for a person.
pub fn terminal(r: &QualReport, tty: bool) -> String {
    let mut s = String::new();
    for d in &r.drives {
        let id = &d.identity;
        let _ = writeln!(
            s,
            "== {} ({}): {} {} serial {} fw {}, {}, {:?}, {}/{} B sectors{}",
            id.path,
            d.host,
            id.vendor.as_deref().unwrap_or(""),
            id.model.as_deref().unwrap_or("unknown model"),
            id.serial.as_deref().unwrap_or("-"),
            id.firmware.as_deref().unwrap_or("-"),
            data(id.size_bytes),
            id.class,
            id.logical_sector,
            id.physical_sector,
            id.write_cache
                .as_deref()
                .map(|w| format!(", cache {w}"))
                .unwrap_or_default(),
        );
        let _ = writeln!(
            s,
            "   health: {:?}{}",
            d.health.status,
            d.health
                .reason
                .as_deref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default()
        );
        if let Some(t) = &d.self_test {
            let _ = writeln!(
                s,
                "   self-test: {:?}{}",
                t.status,
                t.result
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            );
        }
        if !d.sweep.is_empty() {
            let _ = writeln!(s, "{}", sweep_table(d, tty));
        }
        if d.jobs.iter().any(|j| !j.spec.name.starts_with("sweep-")) {
            let _ = writeln!(s, "{}", jobs_table(d, tty));
        }
        for (engine, why, n) in engines(d) {
            let _ = writeln!(s, "   engine {engine} ({n} {}): {why}", jobs_word(n));
        }
        if let Some(p) = &d.precondition {
            let _ = writeln!(s, "   {}", super::precondition::describe(p));
        }
        if let Some(c) = &d.cache {
            let _ = writeln!(s, "{}", cache_text(c, tty));
        }
        let _ = writeln!(s, "   verdict: {}", d.verdict);
        for h in worst_first(&d.rules) {
            let _ = writeln!(s, "     {} {}: {}", h.level, h.rule, h.message);
        }
        for w in &d.warnings {
            let _ = writeln!(s, "     note: {w}");
        }
        for f in &d.refusals {
            let _ = writeln!(s, "     refused {}: {}", f.rule, f.detail);
        }
    }
    if r.drives.len() > 1 {
        let mut t = table(
            tty,
            &[
                "drive",
                "host",
                "model / fw",
                "seq R MB/s",
                "seq W MB/s",
                "rr QD32 IOPS",
                "sync 1j IOPS",
                "verdict",
                "rules",
            ],
        );
        for d in &r.drives {
            let f = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.0}"));
            t.add_row(vec![
                d.identity.label(),
                d.host.clone(),
                d.identity.peer_key(),
                f(d.metrics.seq_read_mbps),
                f(d.metrics.seq_write_mbps),
                f(d.metrics.randread_qd32_iops),
                f(d.metrics.sync_1job_iops),
                d.verdict.to_string(),
                rule_counts(&d.rules),
            ]);
        }
        let _ = writeln!(s, "{t}");
    }
    let _ = writeln!(s, "overall: {}", r.verdict);
    // Identity comes from the drive and smartctl: shown escaped (see `crate::escape`).
    crate::escape::escape_text(&s).into_owned()
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// One row per drive and job.
pub fn csv(r: &QualReport) -> String {
    let mut s = String::from(
        "host,device,model,serial,firmware,class,job,pattern,op,bs,qd,jobs,sync,engine,direct,ios,bytes,runtime_s,mbps,iops,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,lat_max_us,sync_p99_us,cpu_per_io_us,host_bound,errors,verdict\n",
    );
    for d in &r.drives {
        let id = &d.identity;
        for j in d.jobs.iter().chain(&d.together) {
            let row = [
                d.host.clone(),
                id.path.clone(),
                id.model.clone().unwrap_or_default(),
                id.serial.clone().unwrap_or_default(),
                id.firmware.clone().unwrap_or_default(),
                id.class.key().to_owned(),
                j.spec.name.clone(),
                format!("{:?}", j.spec.pattern).to_lowercase(),
                format!("{:?}", j.spec.op).to_lowercase(),
                j.spec.bs.to_string(),
                j.spec.qd.to_string(),
                j.spec.jobs.to_string(),
                format!("{:?}", j.spec.sync).to_lowercase(),
                j.engine_used.name().to_owned(),
                j.direct.to_string(),
                j.ios.to_string(),
                j.bytes.to_string(),
                format!("{:.3}", j.runtime_s),
                format!("{:.2}", j.mbps),
                format!("{:.1}", j.iops),
                format!("{:.1}", j.lat.p50_us),
                format!("{:.1}", j.lat.p90_us),
                format!("{:.1}", j.lat.p99_us),
                format!("{:.1}", j.lat.p999_us),
                format!("{:.1}", j.lat.max_us),
                j.sync_lat
                    .as_ref()
                    .map(|l| format!("{:.1}", l.p99_us))
                    .unwrap_or_default(),
                format!("{:.2}", j.cpu.per_io_us),
                j.host_bound.to_string(),
                j.errors.to_string(),
                d.verdict.to_string(),
            ];
            let line: Vec<String> = row.iter().map(|f| csv_field(f)).collect();
            let _ = writeln!(s, "{}", line.join(","));
        }
    }
    s
}

/// Markdown report.
pub fn markdown(r: &QualReport) -> String {
    let mut s = format!(
        "# Drive qualification: {} ({} profile, {} role)\n\nOverall verdict: **{}**\n\n",
        r.host, r.profile, r.role, r.verdict
    );
    for d in &r.drives {
        let id = &d.identity;
        let _ = writeln!(
            s,
            "## {} — {} (serial {}, firmware {}): **{}**\n",
            id.path,
            id.model.as_deref().unwrap_or("unknown model"),
            id.serial.as_deref().unwrap_or("-"),
            id.firmware.as_deref().unwrap_or("-"),
            d.verdict
        );
        if !d.sweep.is_empty() {
            let _ = writeln!(s, "{}\n", sweep_table(d, false));
        }
        let _ = writeln!(s, "{}\n", jobs_table(d, false));
        for (engine, why, n) in engines(d) {
            let _ = writeln!(s, "- engine `{engine}` ({n} {}): {why}", jobs_word(n));
        }
        if let Some(t) = &d.self_test {
            let _ = writeln!(
                s,
                "Self-test: {:?}{}\n",
                t.status,
                t.result
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            );
        }
        if let Some(c) = &d.cache {
            let _ = writeln!(s, "{}\n", cache_text(c, false).trim_start());
        }
        for h in worst_first(&d.rules) {
            let _ = writeln!(s, "- {} `{}`: {}", h.level, h.rule, h.message);
        }
        let _ = writeln!(s);
    }
    // Identity comes from the drive and smartctl: shown escaped (see `crate::escape`).
    crate::escape::escape_text(&s).into_owned()
}

const COLORS: &[&str] = &[
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// SVG: left, MB/s by block size (sweep); right, cumulative distribution of the 4 KiB QD1
/// random-read latency. One colour per drive; drives of one model overlay as peers.
pub fn svg(r: &QualReport) -> String {
    let (w, h) = (960.0, 420.0);
    let (pw, ph) = (380.0, 300.0);
    let (x1, x2, y0) = (70.0, 550.0, 50.0);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="{x1}" y="30" font-size="14">MB/s by block size (sequential direct writes)</text>
<text x="{x2}" y="30" font-size="14">4 KiB random read QD1 latency (CDF)</text>
"#
    );
    for (x, _) in [(x1, 0), (x2, 1)] {
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y0}" width="{pw}" height="{ph}" fill="none" stroke="black"/>"#
        );
    }
    // Left panel scales.
    let sizes: Vec<u64> = r
        .drives
        .iter()
        .flat_map(|d| d.sweep.iter().map(|x| x.bs))
        .collect();
    let max_mbps = r
        .drives
        .iter()
        .flat_map(|d| d.sweep.iter().map(|x| x.mbps))
        .fold(1.0f64, f64::max)
        * 1.1;
    let (lo, hi) = (
        sizes.iter().copied().min().unwrap_or(4096) as f64,
        sizes.iter().copied().max().unwrap_or(16 << 20) as f64,
    );
    let span = (hi.log2() - lo.log2()).max(1.0);
    let sx = |bs: f64| x1 + (bs.log2() - lo.log2()) / span * pw;
    let sy = |v: f64| y0 + ph - v / max_mbps * ph;
    let mut seen: Vec<u64> = sizes.clone();
    seen.sort_unstable();
    seen.dedup();
    for bs in &seen {
        let x = sx(*bs as f64);
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"#,
            y0 + ph + 14.0,
            bs_label(*bs)
        );
    }
    for i in 0..=4 {
        let v = max_mbps * f64::from(i) / 4.0;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end" font-size="10">{v:.0}</text>"#,
            x1 - 4.0,
            sy(v) + 3.0
        );
    }
    // Right panel scales: log latency from 1 µs to the largest seen.
    let max_us = r
        .drives
        .iter()
        .filter_map(|d| d.job(super::verdict::names::RANDREAD_QD1))
        .flat_map(|j| j.lat_octaves.iter().map(|o| o.0))
        .fold(10.0f64, f64::max);
    let lspan = max_us.log10().max(1.0);
    let lx = |us: f64| x2 + us.max(1.0).log10() / lspan * pw;
    let ly = |p: f64| y0 + ph - p * ph;
    let mut decade = 1.0;
    while decade <= max_us * 1.01 {
        let label = if decade >= 1000.0 {
            format!("{} ms", decade / 1000.0)
        } else {
            format!("{decade} µs")
        };
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{label}</text>"#,
            lx(decade),
            y0 + ph + 14.0
        );
        decade *= 10.0;
    }
    for (k, d) in r.drives.iter().enumerate() {
        let c = COLORS.get(k % COLORS.len()).copied().unwrap_or("black");
        let pts: Vec<String> = d
            .sweep
            .iter()
            .map(|x| format!("{:.1},{:.1}", sx(x.bs as f64), sy(x.mbps)))
            .collect();
        if !pts.is_empty() {
            let _ = writeln!(
                s,
                r#"<polyline fill="none" stroke="{c}" stroke-width="2" points="{}"/>"#,
                pts.join(" ")
            );
        }
        if let Some(j) = d.job(super::verdict::names::RANDREAD_QD1) {
            let total: u64 = j.lat_octaves.iter().map(|o| o.1).sum();
            if total > 0 {
                let mut acc = 0;
                let mut pts = Vec::new();
                for (us, n) in &j.lat_octaves {
                    acc += n;
                    pts.push(format!(
                        "{:.1},{:.1}",
                        lx(*us),
                        ly(acc as f64 / total as f64)
                    ));
                }
                let _ = writeln!(
                    s,
                    r#"<polyline fill="none" stroke="{c}" stroke-width="2" points="{}"/>"#,
                    pts.join(" ")
                );
            }
        }
        let ly_ = y0 + ph + 34.0 + 14.0 * (k as f64 % 4.0);
        let lx_ = x1 + 230.0 * (k as f64 / 4.0).floor();
        let _ = writeln!(
            s,
            r#"<rect x="{lx_:.1}" y="{:.1}" width="10" height="10" fill="{c}"/><text x="{:.1}" y="{ly_:.1}">{} {} {} ({})</text>"#,
            ly_ - 9.0,
            lx_ + 14.0,
            esc(&d.host),
            esc(&d.identity.label()),
            esc(&d.identity.peer_key()),
            d.verdict
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_counted_once_worst_first() {
        let hit = |r: &str, l| RuleHit::new(r, l, format!("{r} fired"));
        let rules = vec![
            hit("PEER-ratio", Verdict::Warn),
            hit("PEER-z", Verdict::Warn),
            hit("J6-floor", Verdict::Pass),
            hit("PEER-ratio", Verdict::Warn),
            hit("PEER-z", Verdict::Warn),
            hit("H-ATA-5", Verdict::Fail),
        ];
        assert_eq!(rule_counts(&rules), "H-ATA-5, PEER-ratio ×2, PEER-z ×2");
        let order: Vec<&str> = worst_first(&rules)
            .iter()
            .map(|h| h.rule.as_str())
            .collect();
        assert_eq!(order[0], "H-ATA-5");
        assert_eq!(order[5], "J6-floor");
        assert_eq!(rule_counts(&[]), "");
    }
}
