//! Exports of a [`QualReport`]: the report for a terminal or a pipe (raidctl's one table
//! style, see [`crate::output::table`]), CSV, Markdown and an SVG plot (MB/s by block size, and
//! the 4 KiB QD1 read latency distribution, one curve per drive so peers overlay).

use super::engine::JobResult;
use super::html::esc;
use super::result::{DriveResult, QualReport, RuleHit, Verdict};
use super::suite::bs_label;
use crate::escape::escape_text;
use crate::output::Style;
use crate::output::table::{Cell, Column, Fit, Table, Tone};
use std::fmt::Write as _;

/// A table's columns and rows: drawn by raidctl's table engine for a terminal or a pipe, and
/// as a Markdown table in the Markdown report.
pub struct Grid {
    columns: Vec<Column>,
    rows: Vec<Vec<String>>,
    /// The column whose cells are verdicts, coloured by level on a terminal.
    verdicts: Option<usize>,
}

impl Grid {
    fn new(columns: Vec<Column>) -> Self {
        Self {
            columns,
            rows: Vec::new(),
            verdicts: None,
        }
    }

    /// The table in `style` (fitted to its width, coloured where it says).
    pub fn table(&self, style: Style) -> Table {
        let mut t = Table::with_columns(style, self.columns.clone());
        for row in &self.rows {
            t.add_row(row.iter().enumerate().map(|(i, text)| {
                let cell = Cell::new(text);
                match self.verdicts {
                    Some(v) if v == i => cell.tone(verdict_tone(text)),
                    _ => cell,
                }
            }));
        }
        t
    }

    /// A Markdown table (`|` in a value escaped).
    pub fn markdown(&self) -> String {
        let row = |cells: Vec<String>| format!("| {} |", cells.join(" | "));
        let md = |s: &str| s.replace('|', "\\|");
        let mut lines = vec![
            row(self.columns.iter().map(|c| md(c.header())).collect()),
            row(self.columns.iter().map(|_| "---".to_owned()).collect()),
        ];
        lines.extend(
            self.rows
                .iter()
                .map(|r| row(r.iter().map(|c| md(c)).collect())),
        );
        lines.join("\n")
    }
}

/// Green, yellow or red for a verdict's text.
fn verdict_tone(text: &str) -> Tone {
    match text {
        "PASS" => Tone::Good,
        "WARN" | "INCONCLUSIVE" => Tone::Warn,
        "FAIL" => Tone::Bad,
        _ => Tone::Plain,
    }
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
pub fn sweep_table(d: &DriveResult) -> Grid {
    let columns = ["block size", "count", "data", "MB/s", "IOPS", "p99"]
        .iter()
        .map(|h| Column::new(h))
        .collect();
    let mut g = Grid::new(columns);
    for r in &d.sweep {
        g.rows.push(vec![
            bs_label(r.bs),
            r.count.to_string(),
            data(r.bytes),
            format!("{:.1}", r.mbps),
            format!("{:.0}", r.iops),
            lat(r.p99_us),
        ]);
    }
    g
}

/// Job table of one drive. On a narrow terminal the CPU cost, p99.9, engine (the lines below
/// the table say which engine ran what), max and p50 give way, in that order.
pub fn jobs_table(d: &DriveResult) -> Grid {
    let mut g = Grid::new(vec![
        Column::new("job"),
        Column::new("QD×jobs"),
        Column::new("engine").droppable(3),
        Column::new("MB/s"),
        Column::new("IOPS"),
        Column::new("p50").droppable(1),
        Column::new("p99"),
        Column::new("p99.9").droppable(4),
        Column::new("max").droppable(2),
        Column::new("CPU µs/IO").droppable(5),
        Column::new("notes").fit(Fit::Wrap),
    ]);
    for j in d
        .jobs
        .iter()
        .filter(|j| !j.spec.name.starts_with("sweep-"))
        .chain(&d.together)
    {
        g.rows.push(job_row(j));
    }
    g
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

/// The write-cache measurement: a headline, and a table of on/off figures (`None`: not
/// measured, the headline says why).
pub fn cache_table(c: &super::cache::CacheReport) -> (String, Option<Grid>) {
    if c.rows.is_empty() {
        return (
            format!(
                "write cache on/off: {}",
                c.note.as_deref().unwrap_or("not measured")
            ),
            None,
        );
    }
    let title = format!(
        "write cache ({}, originally {}, {}):",
        c.tool,
        c.original_text(),
        if c.restored {
            "restored"
        } else {
            "NOT RESTORED"
        }
    );
    let columns = ["job", "IOPS on", "IOPS off", "off/on", "p99 on", "p99 off"]
        .iter()
        .map(|h| Column::new(h))
        .collect();
    let mut g = Grid::new(columns);
    for r in &c.rows {
        g.rows.push(vec![
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
    (title, Some(g))
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

/// The report for a person, in `style`: text escaped (identity comes from the drive and
/// smartctl, see `crate::escape`), tables drawn by raidctl's table engine.
pub fn terminal(r: &QualReport, style: Style) -> String {
    let mut s = String::new();
    // Every line of text goes through here, escaped and wrapped to the terminal under its
    // item (a terminal's own wrap could split a number); tables are escaped cell by cell.
    let mut say = |s: &mut String, text: &str| {
        s.push_str(&crate::output::table::fill_hanging(text, style));
        s.push('\n');
    };
    for d in &r.drives {
        drive_text(&mut s, d, style, &mut say);
    }
    if r.drives.len() > 1 {
        let _ = writeln!(s, "{}", summary_table(r).table(style));
    }
    say(&mut s, &format!("overall: {}", r.verdict));
    s
}

/// One drive's part of [`terminal`].
fn drive_text(
    s: &mut String,
    d: &DriveResult,
    style: Style,
    say: &mut dyn FnMut(&mut String, &str),
) {
    let id = &d.identity;
    say(
        s,
        &format!(
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
        ),
    );
    let reason = |r: Option<&str>| r.map(|r| format!(" ({r})")).unwrap_or_default();
    say(
        s,
        &format!(
            "   health: {:?}{}",
            d.health.status,
            reason(d.health.reason.as_deref())
        ),
    );
    if let Some(t) = &d.self_test {
        say(
            s,
            &format!(
                "   self-test: {:?}{}",
                t.status,
                reason(t.result.as_deref())
            ),
        );
    }
    if !d.sweep.is_empty() {
        let _ = writeln!(s, "{}", sweep_table(d).table(style));
    }
    if d.jobs.iter().any(|j| !j.spec.name.starts_with("sweep-")) {
        let _ = writeln!(s, "{}", jobs_table(d).table(style));
    }
    for (engine, why, n) in engines(d) {
        say(
            s,
            &format!("   engine {engine} ({n} {}): {why}", jobs_word(n)),
        );
    }
    if let Some(p) = &d.precondition {
        say(s, &format!("   {}", super::precondition::describe(p)));
    }
    if let Some(c) = &d.cache {
        let (headline, table) = cache_table(c);
        say(s, &format!("   {headline}"));
        if let Some(t) = table {
            let _ = writeln!(s, "{}", t.table(style));
        }
        if let (Some(n), false) = (&c.note, c.rows.is_empty()) {
            say(s, &format!("   note: {n}"));
        }
    }
    say(s, &format!("   verdict: {}", d.verdict));
    for h in worst_first(&d.rules) {
        say(s, &format!("     {} {}: {}", h.level, h.rule, h.message));
    }
    for w in &d.warnings {
        say(s, &format!("     note: {w}"));
    }
    for f in &d.refusals {
        say(s, &format!("     refused {}: {}", f.rule, f.detail));
    }
}

/// One row per drive: the headline figures, the verdict and the rules that fired. On a narrow
/// terminal the host, the random-read IOPS, model and firmware (in the rules' messages too),
/// sequential writes and synchronous writes give way, in that order.
pub fn summary_table(r: &QualReport) -> Grid {
    let mut g = Grid::new(vec![
        Column::new("drive"),
        Column::new("host").droppable(5),
        Column::new("model / fw").fit(Fit::Wrap).droppable(3),
        Column::new("seq R MB/s"),
        Column::new("seq W MB/s").droppable(2),
        Column::new("rr QD32 IOPS").droppable(4),
        Column::new("sync 1j IOPS").droppable(1),
        Column::new("verdict"),
        Column::new("rules").fit(Fit::Wrap),
    ]);
    g.verdicts = Some(7);
    for d in &r.drives {
        let f = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.0}"));
        g.rows.push(vec![
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
    g
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
            let _ = writeln!(s, "{}\n", sweep_table(d).markdown());
        }
        let _ = writeln!(s, "{}\n", jobs_table(d).markdown());
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
            let (headline, table) = cache_table(c);
            let _ = writeln!(s, "{headline}\n");
            if let Some(t) = table {
                let _ = writeln!(s, "{}\n", t.markdown());
            }
            if let (Some(n), false) = (&c.note, c.rows.is_empty()) {
                let _ = writeln!(s, "note: {n}\n");
            }
        }
        for h in worst_first(&d.rules) {
            let _ = writeln!(s, "- {} `{}`: {}", h.level, h.rule, h.message);
        }
        let _ = writeln!(s);
    }
    // Identity comes from the drive and smartctl: shown escaped (see `crate::escape`).
    escape_text(&s).into_owned()
}

const COLORS: &[&str] = &[
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

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
