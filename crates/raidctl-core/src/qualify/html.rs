//! `--html FILE`: one self-contained page a storage team can review at a glance. Everything is
//! inline (CSS in a `<style>` element, charts as inline SVG); nothing is fetched, no script
//! runs. The markup is well-formed XML (XHTML syntax) so any XML parser can check it.
//!
//! Sections: identity and verdicts with the rules that fired; peer comparison bars with the
//! median and the outliers marked; the block-size sweep (throughput and p99 against block
//! size); the fdatasync ladder; latency percentiles per job; write cache on and off.

use super::engine::JobResult;
use super::result::{DriveResult, QualReport, Verdict};
use super::suite::bs_label;
use super::verdict::names;
use std::fmt::Write as _;

const COLORS: &[&str] = &[
    "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#17becf", "#bcbd22", "#e377c2", "#7f7f7f",
];

/// Escapes text and attribute values.
pub fn esc(s: &str) -> String {
    raidctl_sys::escape::markup(s).into_owned()
}

fn level_color(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "#2e7d32",
        Verdict::Warn => "#ef6c00",
        Verdict::Inconclusive => "#6a1b9a",
        Verdict::Fail => "#c62828",
    }
}

fn badge(v: Verdict) -> String {
    format!(
        r#"<span class="badge" style="background:{}">{v}</span>"#,
        level_color(v)
    )
}

/// A drive's colour: red for a failing drive (drawn thick and dashed), else a palette colour.
fn drive_color(k: usize, d: &DriveResult) -> &'static str {
    if d.verdict == Verdict::Fail {
        "#d62728"
    } else {
        COLORS.get(k % COLORS.len()).copied().unwrap_or("black")
    }
}

fn lat(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

fn num(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A line of a chart.
struct Series {
    name: String,
    color: &'static str,
    points: Vec<(f64, f64)>,
    bold: bool,
}

impl Series {
    /// The `k`th drive's line: named with its verdict, in its colour, bold when it failed.
    /// One series per drive of `r`, through the points `points` takes from it.
    fn per_drive(r: &QualReport, points: impl Fn(&DriveResult) -> Vec<(f64, f64)>) -> Vec<Self> {
        r.drives
            .iter()
            .enumerate()
            .map(|(k, d)| Self {
                name: format!("{} ({})", drive_name(d), d.verdict),
                color: drive_color(k, d),
                points: points(d),
                bold: d.verdict == Verdict::Fail,
            })
            .collect()
    }
}

/// Nice tick values between `lo` and `hi` on a log scale (1-2-5 steps).
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut d = 10f64.powf(lo.max(1e-9).log10().floor());
    while d <= hi * 1.0001 {
        for m in [1.0, 2.0, 5.0] {
            let v = d * m;
            if v >= lo * 0.9999 && v <= hi * 1.0001 {
                out.push(v);
            }
        }
        d *= 10.0;
    }
    out
}

fn lin_ticks(hi: f64) -> Vec<f64> {
    let raw = hi / 4.0;
    let mag = 10f64.powf(raw.max(1e-9).log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(raw);
    (0..=((hi / step).ceil() as i64))
        .map(|i| i as f64 * step)
        .collect()
}

struct Axes<'a> {
    title: &'a str,
    x_label: &'a str,
    y_label: &'a str,
    x_log: bool,
    y_log: bool,
    /// Labels for x positions (block sizes, job counts); empty: numeric ticks.
    x_names: Vec<(f64, String)>,
    y_fmt: fn(f64) -> String,
}

/// An SVG line chart, 460×300, with axes, ticks and a legend below.
fn line_chart(ax: &Axes<'_>, series: &[Series]) -> String {
    let (w, pl, pr, pt, pb) = (460.0, 64.0, 12.0, 28.0, 44.0);
    let legend_rows = series.len().div_ceil(2) as f64;
    let ph = 200.0;
    let h = pt + ph + pb + legend_rows * 16.0;
    let pw = w - pl - pr;
    let pts: Vec<(f64, f64)> = series.iter().flat_map(|s| s.points.clone()).collect();
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><title>{t}</title><text x="{pl}" y="16" class="ct">{t}</text>"#,
        t = esc(ax.title)
    );
    if pts.is_empty() {
        s.push_str(r#"<text x="80" y="100">no data</text></svg>"#);
        return s;
    }
    let fold = |f: fn(f64, f64) -> f64, init: f64, sel: fn(&(f64, f64)) -> f64| {
        pts.iter().map(sel).fold(init, f)
    };
    let (mut x0, mut x1) = (
        fold(f64::min, f64::MAX, |p| p.0),
        fold(f64::max, f64::MIN, |p| p.0),
    );
    let (mut y0, mut y1) = (
        fold(f64::min, f64::MAX, |p| p.1),
        fold(f64::max, f64::MIN, |p| p.1),
    );
    if x1 <= x0 {
        x1 = x0 * 2.0 + 1.0;
    }
    if ax.y_log {
        y0 = y0.max(1e-3) / 1.5;
        y1 = y1.max(y0 * 10.0) * 1.5;
    } else {
        y0 = 0.0;
        y1 = if y1 > 0.0 { y1 * 1.1 } else { 1.0 };
    }
    if ax.x_log {
        x0 = x0.max(1e-9);
    }
    let tx = |x: f64| {
        let f = if ax.x_log {
            (x.log2() - x0.log2()) / (x1.log2() - x0.log2())
        } else {
            (x - x0) / (x1 - x0)
        };
        pl + f * pw
    };
    let ty = |y: f64| {
        let f = if ax.y_log {
            (y.max(y0).log10() - y0.log10()) / (y1.log10() - y0.log10())
        } else {
            (y - y0) / (y1 - y0)
        };
        pt + ph - f * ph
    };
    let _ = write!(
        s,
        r##"<rect x="{pl}" y="{pt}" width="{pw}" height="{ph}" fill="#fafafa" stroke="#999"/>"##
    );
    let yt = if ax.y_log {
        log_ticks(y0, y1)
    } else {
        lin_ticks(y1)
    };
    for v in yt.into_iter().filter(|v| *v >= y0 && *v <= y1) {
        let y = ty(v);
        let _ = write!(
            s,
            r##"<line x1="{pl}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" stroke="#e0e0e0"/><text x="{:.1}" y="{:.1}" class="tk" text-anchor="end">{}</text>"##,
            pl + pw,
            pl - 4.0,
            y + 3.0,
            esc(&(ax.y_fmt)(v))
        );
    }
    let xt: Vec<(f64, String)> = if ax.x_names.is_empty() {
        lin_ticks(x1).into_iter().map(|v| (v, num(v))).collect()
    } else {
        ax.x_names.clone()
    };
    for (v, name) in xt.iter().filter(|(v, _)| *v >= x0 && *v <= x1) {
        let x = tx(*v);
        let _ = write!(
            s,
            r##"<line x1="{x:.1}" x2="{x:.1}" y1="{pt}" y2="{:.1}" stroke="#eeeeee"/><text x="{x:.1}" y="{:.1}" class="tk" text-anchor="middle">{}</text>"##,
            pt + ph,
            pt + ph + 13.0,
            esc(name)
        );
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" class="al" text-anchor="middle">{}</text><text x="12" y="{:.1}" class="al" text-anchor="middle" transform="rotate(-90 12 {:.1})">{}</text>"#,
        pl + pw / 2.0,
        pt + ph + 28.0,
        esc(ax.x_label),
        pt + ph / 2.0,
        pt + ph / 2.0,
        esc(ax.y_label)
    );
    for (k, se) in series.iter().enumerate() {
        let p: Vec<String> = se
            .points
            .iter()
            .map(|(x, y)| format!("{:.1},{:.1}", tx(*x), ty(*y)))
            .collect();
        let (wdt, dash) = if se.bold {
            (3.5, r#" stroke-dasharray="7 3""#)
        } else {
            (1.8, "")
        };
        let _ = write!(
            s,
            r#"<polyline fill="none" stroke="{}" stroke-width="{wdt}"{dash} points="{}"/>"#,
            se.color,
            p.join(" ")
        );
        for (x, y) in &se.points {
            let _ = write!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{}"/>"#,
                tx(*x),
                ty(*y),
                se.color
            );
        }
        let lx = pl + (k % 2) as f64 * (pw / 2.0);
        let ly = pt + ph + pb + (k / 2) as f64 * 16.0;
        let _ = write!(
            s,
            r#"<rect x="{lx:.1}" y="{:.1}" width="12" height="4" fill="{}"/><text x="{:.1}" y="{ly:.1}" class="lg">{}</text>"#,
            ly - 5.0,
            se.color,
            lx + 16.0,
            esc(&se.name)
        );
    }
    s.push_str("</svg>");
    s
}

/// The label of a flagged bar: its ratio to the median of the *other* bars, as the peer
/// gate computes it (never its own value in its median).
fn flag(bars: &[(String, f64, Verdict)], k: usize, lvl: Verdict) -> String {
    let mut others: Vec<f64> = bars
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != k)
        .map(|(_, b)| b.1)
        .collect();
    let med = super::verdict::median(&mut others);
    match bars.get(k) {
        Some(b) if lvl >= Verdict::Warn && med > 0.0 => {
            format!(" ({:.2}× the others' median) {lvl}", b.1 / med)
        }
        _ => String::new(),
    }
}

/// Horizontal bars, one per drive, with the median of all as a dashed line; a flagged drive's
/// bar is red (FAIL) or orange (WARN) and labelled.
fn bar_chart(title: &str, unit: &str, bars: &[(String, f64, Verdict)]) -> String {
    let (w, pl, pr) = (520.0, 110.0, 170.0);
    let bh = 22.0;
    let h = 36.0 + bars.len() as f64 * (bh + 6.0) + 24.0;
    let pw = w - pl - pr;
    let max = bars.iter().map(|b| b.1).fold(0.0f64, f64::max).max(1e-9) * 1.05;
    let mut vals: Vec<f64> = bars.iter().map(|b| b.1).collect();
    let med = super::verdict::median(&mut vals);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><title>{t}</title><text x="8" y="16" class="ct">{t}</text>"#,
        t = esc(title)
    );
    for (k, (name, v, lvl)) in bars.iter().enumerate() {
        let y = 30.0 + k as f64 * (bh + 6.0);
        let color = match lvl {
            Verdict::Fail => "#d62728",
            Verdict::Warn => "#ff7f0e",
            _ => "#4c78a8",
        };
        let bw = v / max * pw;
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" class="lg" text-anchor="end">{}</text><rect x="{pl}" y="{y:.1}" width="{bw:.1}" height="{bh}" fill="{color}"/><text x="{:.1}" y="{:.1}" class="lg">{} {}{}</text>"#,
            pl - 6.0,
            y + 15.0,
            esc(name),
            pl + bw + 4.0,
            y + 15.0,
            num(*v),
            esc(unit),
            flag(bars, k, *lvl)
        );
    }
    let mx = pl + med / max * pw;
    let bottom = 30.0 + bars.len() as f64 * (bh + 6.0);
    let _ = write!(
        s,
        r#"<line x1="{mx:.1}" x2="{mx:.1}" y1="24" y2="{bottom:.1}" stroke="black" stroke-width="1.5" stroke-dasharray="5 3"/><text x="{mx:.1}" y="{:.1}" class="tk" text-anchor="middle">median {} {}</text></svg>"#,
        bottom + 14.0,
        num(med),
        esc(unit)
    );
    s
}

fn fmt_mbps(v: f64) -> String {
    num(v)
}

fn fmt_lat(v: f64) -> String {
    lat(v)
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:18px;color:#222;font-size:13px}\
h1{font-size:20px;margin:0 0 6px}h2{font-size:16px;margin:22px 0 6px;border-bottom:1px solid #ccc}\
h3{font-size:14px;margin:12px 0 4px}table{border-collapse:collapse;margin:4px 0 10px}\
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f0f0f0}\
td.l,th.l{text-align:left}.badge{color:white;padding:1px 7px;border-radius:3px;font-weight:bold}\
.charts{display:flex;flex-wrap:wrap;gap:14px}.chart{background:white;border:1px solid #ddd}\
.ct{font-size:13px;font-weight:bold}.tk{font-size:10px;fill:#444}.al{font-size:11px}.lg{font-size:11px}\
tr.fail td{background:#fdecea}tr.warn td{background:#fff4e5}.muted{color:#666}\
ul.rules{margin:2px 0 8px;padding-left:18px}";

fn drive_name(d: &DriveResult) -> String {
    let h = if d.host.is_empty() {
        String::new()
    } else {
        format!("{}:", d.host)
    };
    format!("{h}{}", d.identity.label())
}

fn peer_section(s: &mut String, r: &QualReport) {
    type Get = fn(&DriveResult) -> Option<f64>;
    let metrics: [(&str, &str, &str, Get); 4] = [
        ("Sequential read 4 MiB", "MB/s", names::SEQ_READ, |d| {
            d.metrics.seq_read_mbps
        }),
        ("Sequential write 4 MiB", "MB/s", names::SEQ_WRITE, |d| {
            d.metrics.seq_write_mbps
        }),
        (
            "Random read 4 KiB QD32",
            "IOPS",
            names::RANDREAD_QD32,
            |d| d.metrics.randread_qd32_iops,
        ),
        (
            "4 KiB write + fdatasync, 1 job",
            "IOPS",
            "fdatasync-4k-j1",
            |d| d.metrics.sync_1job_iops,
        ),
    ];
    let _ = write!(
        s,
        r#"<h2>Peer comparison</h2><p class="muted">Each drive against the median of its peers: the other drives of its model, firmware and size, at least two of them. Red: FAIL, orange: WARN from a peer rule on that job.</p><div class="charts">"#
    );
    for (title, unit, job, get) in metrics {
        let bars: Vec<(String, f64, Verdict)> = r
            .drives
            .iter()
            .filter_map(|d| {
                let v = get(d)?;
                let lvl = d
                    .rules
                    .iter()
                    .filter(|h| h.rule.starts_with("PEER-") && h.job.as_deref() == Some(job))
                    .map(|h| h.level)
                    .max()
                    .unwrap_or(Verdict::Pass);
                Some((drive_name(d), v, lvl))
            })
            .collect();
        if bars.len() >= 2 {
            s.push_str(&bar_chart(title, unit, &bars));
        }
    }
    s.push_str("</div>");
}

fn sweep_section(s: &mut String, r: &QualReport) {
    let mut sizes: Vec<u64> = r
        .drives
        .iter()
        .flat_map(|d| d.sweep.iter().map(|x| x.bs))
        .collect();
    if sizes.is_empty() {
        return;
    }
    sizes.sort_unstable();
    sizes.dedup();
    let x_names: Vec<(f64, String)> = sizes
        .iter()
        .enumerate()
        .filter(|(i, _)| sizes.len() <= 7 || i % 2 == 0)
        .map(|(_, b)| (*b as f64, bs_label(*b)))
        .collect();
    let series = |f: fn(&super::result::SweepRow) -> f64| -> Vec<Series> {
        Series::per_drive(r, |d| d.sweep.iter().map(|x| (x.bs as f64, f(x))).collect())
    };
    rate_and_p99(
        s,
        r#"<h2>Block-size sweep</h2><p class="muted">Sequential direct I/O at QD1, one run per block size (the dd oflag=direct table).</p>"#,
        "block size",
        x_names,
        ("Throughput by block size", "MB/s", series(|x| x.mbps)),
        ("p99 latency by block size", series(|x| x.p99_us.max(1.0))),
    );
}

fn ladder_section(s: &mut String, r: &QualReport) {
    let ladder = |d: &DriveResult| -> Vec<(f64, f64, f64)> {
        d.jobs
            .iter()
            .filter(|j| j.spec.name.starts_with(names::SYNC_PREFIX))
            .map(|j| (f64::from(j.spec.jobs), j.iops, j.lat.p99_us.max(1.0)))
            .collect()
    };
    if r.drives.iter().all(|d| ladder(d).is_empty()) {
        return;
    }
    let mut jobs: Vec<u32> = r
        .drives
        .iter()
        .flat_map(|d| ladder(d).into_iter().map(|p| p.0 as u32))
        .collect();
    jobs.sort_unstable();
    jobs.dedup();
    let x_names: Vec<(f64, String)> = jobs
        .iter()
        .map(|j| (f64::from(*j), j.to_string()))
        .collect();
    let mk = |pick: fn(&(f64, f64, f64)) -> f64| -> Vec<Series> {
        Series::per_drive(r, |d| ladder(d).iter().map(|p| (p.0, pick(p))).collect())
    };
    rate_and_p99(
        s,
        r#"<h2>fdatasync ladder</h2><p class="muted">4 KiB sequential writes, each followed by fdatasync (BlueStore's kv_sync pattern), stepping the number of jobs.</p>"#,
        "jobs",
        x_names,
        ("IOPS by number of jobs", "IOPS", mk(|p| p.1)),
        ("write p99 by number of jobs", mk(|p| p.2)),
    );
}

/// A section's two charts over one log x axis: a rate (`title`, `y_label`, series), then
/// the p99 latency on a log scale.
fn rate_and_p99(
    s: &mut String,
    heading: &str,
    x_label: &str,
    x_names: Vec<(f64, String)>,
    rate: (&str, &str, Vec<Series>),
    p99: (&str, Vec<Series>),
) {
    s.push_str(heading);
    s.push_str(r#"<div class="charts">"#);
    s.push_str(&line_chart(
        &Axes {
            title: rate.0,
            x_label,
            y_label: rate.1,
            x_log: true,
            y_log: false,
            x_names: x_names.clone(),
            y_fmt: fmt_mbps,
        },
        &rate.2,
    ));
    s.push_str(&line_chart(
        &Axes {
            title: p99.0,
            x_label,
            y_label: "p99 latency",
            x_log: true,
            y_log: true,
            x_names,
            y_fmt: fmt_lat,
        },
        &p99.1,
    ));
    s.push_str("</div>");
}

fn job_row(s: &mut String, j: &JobResult) {
    let _ = write!(
        s,
        r#"<tr><td class="l">{}</td><td>{}×{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
        esc(&j.spec.name),
        j.spec.qd,
        j.spec.jobs,
        num(j.mbps),
        num(j.iops),
        lat(j.lat.p50_us),
        lat(j.lat.p90_us),
        lat(j.lat.p99_us),
        lat(j.lat.p999_us),
        lat(j.lat.max_us),
        j.sync_lat.as_ref().map_or("-".into(), |l| lat(l.p99_us)),
    );
}

fn drive_section(s: &mut String, d: &DriveResult) {
    let id = &d.identity;
    let _ = write!(
        s,
        r#"<h3>{} {}</h3><p>{} {} · serial {} · firmware {} · {} · {:?} · {}/{} B sectors · write cache {} · target {}</p>"#,
        esc(&drive_name(d)),
        badge(d.verdict),
        esc(id.vendor.as_deref().unwrap_or("")),
        esc(id.model.as_deref().unwrap_or("unknown model")),
        esc(id.serial.as_deref().unwrap_or("-")),
        esc(id.firmware.as_deref().unwrap_or("-")),
        crate::model::fmt_size(id.size_bytes),
        id.class,
        id.logical_sector,
        id.physical_sector,
        esc(id.write_cache.as_deref().unwrap_or("unknown")),
        esc(if d.storage.is_empty() {
            "block"
        } else {
            &d.storage
        }),
    );
    let _ = write!(
        s,
        "<p>Health: {:?}{} · self-test: {}</p>",
        d.health.status,
        esc(&d
            .health
            .reason
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default()),
        esc(&d.self_test.as_ref().map_or_else(
            || "not run".to_owned(),
            |t| format!(
                "{:?}{}",
                t.status,
                t.result
                    .as_deref()
                    .map(|r| format!(": {r}"))
                    .unwrap_or_default()
            )
        ))
    );
    let fired: Vec<_> = d
        .rules
        .iter()
        .filter(|h| h.level != Verdict::Pass)
        .collect();
    if !fired.is_empty() {
        s.push_str(r#"<ul class="rules">"#);
        for h in fired {
            let _ = write!(
                s,
                "<li>{} <b>{}</b>: {}</li>",
                badge(h.level),
                esc(&h.rule),
                esc(&h.message)
            );
        }
        s.push_str("</ul>");
    }
    let jobs: Vec<&JobResult> = d
        .jobs
        .iter()
        .filter(|j| !j.spec.name.starts_with(names::SWEEP_PREFIX))
        .chain(&d.together)
        .collect();
    if !jobs.is_empty() {
        s.push_str(r#"<table><tr><th class="l">job</th><th>QD×jobs</th><th>MB/s</th><th>IOPS</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th><th>sync p99</th></tr>"#);
        for j in jobs {
            job_row(s, j);
        }
        s.push_str("</table>");
    }
    if let Some(c) = &d.cache {
        if c.rows.is_empty() {
            let _ = write!(
                s,
                r#"<p class="muted">Write cache on/off: {}</p>"#,
                esc(c.note.as_deref().unwrap_or("not measured"))
            );
        } else {
            let _ = write!(
                s,
                r#"<table><tr><th class="l">write cache ({}, originally {}, {})</th><th>IOPS on</th><th>IOPS off</th><th>off/on</th><th>p99 on</th><th>p99 off</th></tr>"#,
                esc(&c.tool),
                c.original_text(),
                if c.restored {
                    "restored"
                } else {
                    "NOT restored"
                }
            );
            for r in &c.rows {
                let _ = write!(
                    s,
                    r#"<tr><td class="l">{}</td><td>{}</td><td>{}</td><td>{:.2}</td><td>{}</td><td>{}</td></tr>"#,
                    esc(&r.job),
                    num(r.on_iops),
                    num(r.off_iops),
                    if r.on_iops > 0.0 {
                        r.off_iops / r.on_iops
                    } else {
                        0.0
                    },
                    lat(r.on_p99_us),
                    lat(r.off_p99_us)
                );
            }
            s.push_str("</table>");
        }
    }
}

/// The whole page.
pub fn page(r: &QualReport) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>raidctl qualification: {host}</title><style>{STYLE}</style></head><body>
<h1>Drive qualification on {host} {badge}</h1><p class="muted">raidctl {ver} · profile {prof} · role {role} · engine {eng}{ro} · {n} drive(s)</p>"#,
        host = esc(&r.host),
        badge = badge(r.verdict),
        ver = esc(&r.version),
        prof = esc(&r.profile),
        role = esc(&r.role),
        eng = esc(&r.engine),
        ro = if r.read_only { " · read-only" } else { "" },
        n = r.drives.len()
    );
    s.push_str(r#"<h2>Verdicts</h2><table><tr><th class="l">drive</th><th class="l">model / firmware</th><th class="l">serial</th><th>seq R MB/s</th><th>seq W MB/s</th><th>rr QD32 IOPS</th><th>sync 1j IOPS</th><th class="l">verdict</th><th class="l">rules</th></tr>"#);
    for d in &r.drives {
        let f = |v: Option<f64>| v.map_or("-".into(), num);
        let mut rules: Vec<&str> = Vec::new();
        for h in d.rules.iter().filter(|h| h.level != Verdict::Pass) {
            if !rules.contains(&h.rule.as_str()) {
                rules.push(&h.rule);
            }
        }
        let class = match d.verdict {
            Verdict::Fail => r#" class="fail""#,
            Verdict::Warn => r#" class="warn""#,
            _ => "",
        };
        let _ = write!(
            s,
            r#"<tr{class}><td class="l">{}</td><td class="l">{}</td><td class="l">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class="l">{}</td><td class="l">{}</td></tr>"#,
            esc(&drive_name(d)),
            esc(&d.identity.peer_key()),
            esc(d.identity.serial.as_deref().unwrap_or("-")),
            f(d.metrics.seq_read_mbps),
            f(d.metrics.seq_write_mbps),
            f(d.metrics.randread_qd32_iops),
            f(d.metrics.sync_1job_iops),
            badge(d.verdict),
            esc(&rules.join(" "))
        );
    }
    s.push_str("</table>");
    if r.drives.len() >= 2 {
        peer_section(&mut s, r);
    }
    sweep_section(&mut s, r);
    ladder_section(&mut s, r);
    s.push_str("<h2>Drives: rules, latency percentiles per job, write cache</h2>");
    for d in &r.drives {
        drive_section(&mut s, d);
    }
    s.push_str("</body></html>\n");
    s
}
