//! `qualify --compare A.json B.json`: the same jobs on two targets side by side (per job: A,
//! B, ratio), typically a raw drive against an RBD image or a CephFS file, with the overhead
//! shape one should expect from Ceph explained.

use super::result::{DriveResult, QualReport};
use crate::output::Style;
use crate::output::table::{Column, Table};
use std::fmt::Write as _;

/// One compared job.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Job name.
    pub job: String,
    /// Unit of `a` and `b` (`MB/s` or `IOPS`).
    pub unit: &'static str,
    /// Figure on A.
    pub a: f64,
    /// Figure on B.
    pub b: f64,
    /// p99 latency on A (µs).
    pub a_p99_us: f64,
    /// p99 latency on B (µs).
    pub b_p99_us: f64,
}

impl Row {
    /// B / A (0 when A measured nothing).
    pub fn ratio(&self) -> f64 {
        if self.a > 0.0 { self.b / self.a } else { 0.0 }
    }
}

/// The jobs both drives ran, in A's order (block-size sweep steps included).
pub fn rows(a: &DriveResult, b: &DriveResult) -> Vec<Row> {
    a.jobs
        .iter()
        .filter_map(|ja| {
            let jb = b.job(&ja.spec.name)?;
            let big = ja.spec.bs >= 1 << 20;
            let pick = |j: &super::engine::JobResult| if big { j.mbps } else { j.iops };
            Some(Row {
                job: ja.spec.name.clone(),
                unit: if big { "MB/s" } else { "IOPS" },
                a: pick(ja),
                b: pick(jb),
                a_p99_us: ja.lat.p99_us,
                b_p99_us: jb.lat.p99_us,
            })
        })
        .collect()
}

fn kind(d: &DriveResult) -> &str {
    if d.storage.is_empty() {
        "block"
    } else {
        &d.storage
    }
}

fn lat(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// Why the numbers through Ceph look the way they do.
pub const CEPH_SHAPE: &str = "Expected shape through Ceph: every write goes over the network to the primary OSD, which \
replicates it and answers after the slowest replica committed to its own WAL. Small synchronous writes (the fdatasync \
ladder, fsync=1, QD1) pay that round trip on every I/O, so they drop the most (ratios of 0.05-0.3 are common) and their \
p99 becomes network plus replica commit time. Deep-queue random reads are spread over many OSDs and land in between. \
Sequential 4 MiB throughput is bounded by the network and the number of OSDs rather than one drive, and can reach or \
exceed the raw figure on a large pool. A file on a local filesystem stays close to the raw drive except for \
fdatasync (a journal commit per flush).";

/// The side-by-side table of the first drive of each report, in `style`.
pub fn side_by_side(a: (&str, &QualReport), b: (&str, &QualReport), style: Style) -> String {
    let mut s = String::new();
    let (Some(da), Some(db)) = (a.1.drives.first(), b.1.drives.first()) else {
        return s;
    };
    let rows = rows(da, db);
    if rows.is_empty() {
        let _ = writeln!(s, "{} and {} have no job in common", a.0, b.0);
        return crate::escape::escape_text(&s).into_owned();
    }
    let columns = ["job", "unit", "A", "B", "B/A", "p99 A", "p99 B", "p99 B/A"]
        .iter()
        .map(|h| Column::new(h))
        .collect();
    let mut t = Table::with_columns(style, columns);
    for r in &rows {
        let lr = if r.a_p99_us > 0.0 {
            format!("{:.2}", r.b_p99_us / r.a_p99_us)
        } else {
            "-".into()
        };
        t.add_row(vec![
            r.job.clone(),
            r.unit.to_owned(),
            format!("{:.0}", r.a),
            format!("{:.0}", r.b),
            format!("{:.2}", r.ratio()),
            lat(r.a_p99_us),
            lat(r.b_p99_us),
            lr,
        ]);
    }
    // The files and drives are named here, not in the headers, which stay narrow.
    let side =
        |name: &str, d: &DriveResult| format!("{name}: {} ({})", d.identity.label(), kind(d));
    let names = format!("\nA = {}\nB = {}\n", side(a.0, da), side(b.0, db));
    s.push_str(&crate::escape::escape_text(&names));
    let _ = writeln!(s, "{t}");
    if [da, db].iter().any(|d| kind(d) != "block") {
        s.push_str(&crate::output::table::fill(CEPH_SHAPE, style));
        s.push('\n');
    }
    s
}
