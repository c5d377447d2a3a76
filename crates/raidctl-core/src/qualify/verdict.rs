//! Verdicts: performance gates (reference B.6-2), host-bound downgrades (B.3), and the peer
//! comparison (B.7: ratio to the median of the other drives of the group plus the MAD-based
//! modified z-score; groups of at least three drives).

use super::engine::{HostBound, JobResult};
use super::profile::{PeerSettings, Thresholds};
use super::result::{DriveResult, Metrics, RuleHit, Verdict};
use std::collections::BTreeMap;

/// Job names the suite uses (the verdict looks jobs up by name).
pub mod names {
    /// J1.
    pub const SEQ_READ: &str = "seq-read-4m";
    /// J2.
    pub const SEQ_WRITE: &str = "seq-write-4m";
    /// J3.
    pub const RANDREAD_QD1: &str = "randread-4k-qd1";
    /// J4.
    pub const RANDREAD_QD32: &str = "randread-4k-qd32";
    /// J5.
    pub const RANDWRITE_QD32: &str = "randwrite-4k-qd32";
    /// J7.
    pub const FSYNC_RANDWRITE: &str = "fsync-randwrite-4k";
    /// Prefix of the J6 ladder (`fdatasync-4k-j1`, …).
    pub const SYNC_PREFIX: &str = "fdatasync-4k-j";
    /// Prefix of the block-size sweep (`sweep-4k`, …).
    pub const SWEEP_PREFIX: &str = "sweep-";
    /// Burn-in surface write.
    pub const SURFACE_WRITE: &str = "surface-write";
    /// Burn-in surface verify.
    pub const SURFACE_VERIFY: &str = "surface-verify";
}

/// Name of the J6 step with `jobs` jobs.
pub fn sync_name(jobs: u32) -> String {
    format!("{}{jobs}", names::SYNC_PREFIX)
}

/// Headline numbers from the jobs.
pub fn metrics(d: &DriveResult) -> Metrics {
    let iops = |n: &str| d.job(n).map(|j| j.iops);
    let ladder: Vec<&JobResult> = d
        .jobs
        .iter()
        .filter(|j| j.spec.name.starts_with(names::SYNC_PREFIX))
        .collect();
    Metrics {
        seq_read_mbps: d.job(names::SEQ_READ).map(|j| j.mbps),
        seq_write_mbps: d.job(names::SEQ_WRITE).map(|j| j.mbps),
        randread_qd1_iops: iops(names::RANDREAD_QD1),
        randread_qd1_p99_us: d.job(names::RANDREAD_QD1).map(|j| j.lat.p99_us),
        randread_qd32_iops: iops(names::RANDREAD_QD32),
        randwrite_qd32_iops: iops(names::RANDWRITE_QD32),
        sync_1job_iops: iops(&sync_name(1)),
        sync_1job_p99_us: d.job(&sync_name(1)).map(|j| j.lat.p99_us),
        sync_peak_iops: ladder.iter().map(|j| j.iops).reduce(f64::max),
        fsync_randwrite_iops: iops(names::FSYNC_RANDWRITE),
    }
}

/// Downgrades a failing rule on a host-bound job to INCONCLUSIVE (a latency, a stall, a dip:
/// whatever made the job host-bound may have set it).
fn gate(job: &JobResult, rule: &str, level: Verdict, msg: String) -> RuleHit {
    gate_untied(job, rule, level, msg, None).on_job(&job.spec.name)
}

/// [`gate`] for a rate that fell `shortfall` (limit / figure) short: a starved worker's wait
/// accounts for a bounded factor, so a drive far slower than that still fails.
fn gate_rate(job: &JobResult, rule: &str, level: Verdict, msg: String, shortfall: f64) -> RuleHit {
    gate_untied(job, rule, level, msg, Some(shortfall)).on_job(&job.spec.name)
}

fn gate_untied(
    job: &JobResult,
    rule: &str,
    level: Verdict,
    msg: String,
    shortfall: Option<f64>,
) -> RuleHit {
    if !matches!(level, Verdict::Fail | Verdict::Warn) {
        return RuleHit::new(rule, level, msg);
    }
    let host = job.host();
    let explained = match shortfall {
        Some(s) => host.explains_rate(s),
        None => host != HostBound::No,
    };
    if explained {
        return RuleHit::new(
            rule,
            Verdict::Inconclusive,
            format!(
                "{msg}; but {} was host-bound ({}): the host, not the drive, may have set the number; rerun on an idle host or with more jobs",
                job.spec.name,
                job.cpu.host_bound_why()
            ),
        );
    }
    if let HostBound::Starved(m) = host {
        return RuleHit::new(
            rule,
            level,
            format!(
                "{msg} (a worker waited {:.0}% of the measured time for a CPU, which accounts for at most {:.1}×)",
                m * 100.0,
                1.0 / (1.0 - m)
            ),
        );
    }
    RuleHit::new(rule, level, msg)
}

/// How far `figure` falls short of `limit` (a rate: higher is better).
fn short(limit: f64, figure: f64) -> f64 {
    if figure > 0.0 {
        limit / figure
    } else {
        f64::INFINITY
    }
}

fn ms(us: f64) -> f64 {
    us / 1000.0
}

/// Performance gates for one drive.
pub fn performance_rules(d: &DriveResult, t: &Thresholds) -> Vec<RuleHit> {
    let mut out = Vec::new();
    error_rules(d, &mut out);
    throughput_rules(d, t, &mut out);
    sync_rules(d, t, &mut out);
    stall_rules(d, t, &mut out);
    out
}

/// I/O errors, read-back mismatches, the io_uring fallback and buffered (not O_DIRECT) I/O.
fn error_rules(d: &DriveResult, out: &mut Vec<RuleHit>) {
    for j in d.jobs.iter().chain(&d.together) {
        if j.errors > 0 {
            out.push(RuleHit::new(
                "IO-ERROR",
                Verdict::Fail,
                format!(
                    "{}: {} I/O error(s): {}",
                    j.spec.name,
                    j.errors,
                    j.first_error.as_deref().unwrap_or("")
                ),
            ));
        }
        if j.verify_errors > 0 {
            out.push(RuleHit::new(
                "VERIFY-MISMATCH",
                Verdict::Fail,
                format!(
                    "{}: {} block(s) read back differently",
                    j.spec.name, j.verify_errors
                ),
            ));
        }
        if let Some(why) = &j.engine_fallback {
            if j.spec.sync == super::engine::SyncMode::None {
                out.push(RuleHit::new(
                    "ENGINE-FALLBACK",
                    Verdict::Pass,
                    format!("{}: io_uring not used ({why})", j.spec.name),
                ));
            }
        }
    }
    if d.jobs.iter().any(|j| !j.direct) {
        out.push(RuleHit::new(
            "DIRECT-OFF",
            Verdict::Warn,
            "the filesystem refused O_DIRECT: buffered I/O was measured (page cache, not the device)",
        ));
    }
}

/// J1 to J5: sequential throughput and random-read latency and IOPS against the floors and
/// the datasheet.
fn throughput_rules(d: &DriveResult, t: &Thresholds, out: &mut Vec<RuleHit>) {
    let factor = t.datasheet_factor.unwrap_or(0.8);
    if let Some(j) = d.job(names::SEQ_READ) {
        if let Some(ds) = t.datasheet_seq_read_mbps {
            if j.mbps < factor * ds {
                out.push(gate_rate(
                    j,
                    "J1-datasheet",
                    Verdict::Fail,
                    format!(
                        "sequential read {:.0} MB/s < {factor} × datasheet {ds:.0} MB/s",
                        j.mbps
                    ),
                    short(factor * ds, j.mbps),
                ));
            }
        }
        if let Some(f) = t.seq_read_fail_mbps.filter(|f| j.mbps < *f) {
            out.push(gate_rate(
                j,
                "J1-link",
                Verdict::Fail,
                format!(
                    "sequential read {:.0} MB/s < {f:.0} MB/s: link negotiated down?",
                    j.mbps
                ),
                short(f, j.mbps),
            ));
        } else if let Some(w) = t.seq_read_warn_mbps.filter(|w| j.mbps < *w) {
            out.push(gate_rate(
                j,
                "J1-floor",
                Verdict::Warn,
                format!("sequential read {:.0} MB/s < {w:.0} MB/s", j.mbps),
                short(w, j.mbps),
            ));
        }
    }
    if let (Some(j), Some(ds)) = (d.job(names::SEQ_WRITE), t.datasheet_seq_write_mbps) {
        if j.mbps < factor * ds {
            out.push(gate_rate(
                j,
                "J2-datasheet",
                Verdict::Fail,
                format!(
                    "sequential write {:.0} MB/s < {factor} × datasheet {ds:.0} MB/s",
                    j.mbps
                ),
                short(factor * ds, j.mbps),
            ));
        }
    }
    if let Some(j) = d.job(names::RANDREAD_QD1) {
        for (v, lim, what) in [
            (j.lat.p50_us, t.randread_qd1_p50_max_ms, "p50"),
            (j.lat.p99_us, t.randread_qd1_p99_max_ms, "p99"),
            (j.lat.max_us, t.randread_qd1_max_ms, "max"),
        ] {
            if let Some(l) = lim.filter(|l| ms(v) > *l) {
                out.push(gate(
                    j,
                    "J3-latency",
                    Verdict::Fail,
                    format!("4 KiB random read QD1 {what} {:.2} ms > {l} ms", ms(v)),
                ));
            }
        }
    }
    if let Some(j) = d.job(names::RANDREAD_QD32) {
        if let Some(f) = t.randread_qd32_min_iops.filter(|f| j.iops < *f) {
            out.push(gate_rate(
                j,
                "J4-floor",
                Verdict::Fail,
                format!("4 KiB random read QD32 {:.0} IOPS < {f:.0}", j.iops),
                short(f, j.iops),
            ));
        }
        if let Some(ds) = t.datasheet_randread_iops.filter(|ds| j.iops < factor * ds) {
            out.push(gate_rate(
                j,
                "J4-datasheet",
                Verdict::Fail,
                format!(
                    "4 KiB random read QD32 {:.0} IOPS < {factor} × datasheet {ds:.0}",
                    j.iops
                ),
                short(factor * ds, j.iops),
            ));
        }
    }
    if let (Some(j), Some(ds)) = (d.job(names::RANDWRITE_QD32), t.datasheet_randwrite_iops) {
        if j.iops < factor * ds {
            out.push(gate_rate(j, "J5-datasheet", Verdict::Warn, format!("4 KiB random write QD32 {:.0} IOPS < {factor} × datasheet steady state {ds:.0} (not preconditioned: informational)", j.iops), short(factor * ds, j.iops)));
        }
    }
}

/// J6: write+fdatasync IOPS (1 job, 8 jobs, the WAL/DB role) and fdatasync stalls.
fn sync_rules(d: &DriveResult, t: &Thresholds, out: &mut Vec<RuleHit>) {
    if let Some(j) = d.job(&sync_name(1)) {
        if let Some(f) = t.sync_1job_min_iops.filter(|f| j.iops < *f) {
            out.push(gate_rate(
                j,
                "J6-floor",
                Verdict::Fail,
                format!(
                    "4 KiB write+fdatasync, 1 job: {:.0} IOPS < {f:.0} (no power-loss protection?)",
                    j.iops
                ),
                short(f, j.iops),
            ));
        }
        if let Some(c) = t.sync_1job_cache_ack_iops.filter(|c| j.iops > *c) {
            out.push(RuleHit::new("J6-cache-ack", Verdict::Warn, format!("4 KiB write+fdatasync, 1 job: {:.0} IOPS > {c:.0}: a volatile cache is acknowledging flushes (controller or drive write cache on?)", j.iops)));
        }
    }
    if let (Some(j), Some(f)) = (d.job(&sync_name(8)), t.sync_8jobs_min_iops) {
        if j.iops < f {
            out.push(gate_rate(
                j,
                "J6-8jobs",
                Verdict::Fail,
                format!("4 KiB write+fdatasync, 8 jobs: {:.0} IOPS < {f:.0}", j.iops),
                short(f, j.iops),
            ));
        }
    }
    if let Some(n) = t.wal_jobs {
        if let Some(j) = d.job(&sync_name(n)) {
            if let Some(f) = t.wal_min_iops.filter(|f| j.iops < *f) {
                out.push(gate_rate(
                    j,
                    "J6-wal",
                    Verdict::Fail,
                    format!(
                        "WAL/DB role: {n} jobs of write+fdatasync {:.0} IOPS < {f:.0}",
                        j.iops
                    ),
                    short(f, j.iops),
                ));
            }
            if let Some(l) = t.wal_p99_max_ms.filter(|l| ms(j.lat.p99_us) > *l) {
                out.push(gate(
                    j,
                    "J6-wal",
                    Verdict::Fail,
                    format!(
                        "WAL/DB role: {n} jobs write p99 {:.2} ms > {l} ms",
                        ms(j.lat.p99_us)
                    ),
                ));
            }
        }
    }
    for j in d
        .jobs
        .iter()
        .filter(|j| j.spec.name.starts_with(names::SYNC_PREFIX))
    {
        if let Some(s) = &j.sync_lat {
            if let Some(l) = t.sync_p9999_max_ms.filter(|l| ms(s.p9999_us) > *l) {
                out.push(gate(
                    j,
                    "J6-stall",
                    Verdict::Fail,
                    format!(
                        "{}: fdatasync p99.99 {:.1} ms > {l} ms",
                        j.spec.name,
                        ms(s.p9999_us)
                    ),
                ));
            }
            if let Some(l) = t.sync_max_ms.filter(|l| ms(s.max_us) > *l) {
                out.push(gate(
                    j,
                    "J6-stall",
                    Verdict::Fail,
                    format!(
                        "{}: fdatasync max {:.1} ms > {l} ms",
                        j.spec.name,
                        ms(s.max_us)
                    ),
                ));
            }
        }
    }
}

/// Per-second series and latency of every job: seconds without I/O, stalled I/Os and
/// sequential dips below the run's median.
fn stall_rules(d: &DriveResult, t: &Thresholds, out: &mut Vec<RuleHit>) {
    for j in &d.jobs {
        let zero = j.series.iter().filter(|s| s.iops == 0.0).count();
        if zero > 0 {
            let level = if t.zero_io_seconds_fail == Some(true) {
                Verdict::Fail
            } else {
                Verdict::Warn
            };
            out.push(gate(
                j,
                "TS-stall",
                level,
                format!("{}: {zero} second(s) without a completed I/O", j.spec.name),
            ));
        }
        if let Some(l) = t.latency_stall_ms.filter(|l| ms(j.lat.max_us) > *l) {
            out.push(gate(
                j,
                "LAT-stall",
                Verdict::Warn,
                format!(
                    "{}: an I/O took {:.0} ms (> {l} ms)",
                    j.spec.name,
                    ms(j.lat.max_us)
                ),
            ));
        }
        if j.spec.pattern == super::engine::Pattern::Seq && j.series.len() >= 3 {
            if let Some(r) = t.seq_dip_ratio {
                let mut v: Vec<f64> = j.series.iter().map(|s| s.mbps).collect();
                let m = median(&mut v);
                let dips = j.series.iter().filter(|s| s.mbps < r * m).count();
                if dips > 0 && m > 0.0 {
                    out.push(gate(j, "TS-dip", Verdict::Warn, format!("{}: {dips} second(s) below {r} × the run's median {m:.0} MB/s (retries on weak areas?)", j.spec.name)));
                }
            }
        }
    }
}

/// Median (sorts `v`); 0 for an empty slice.
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Modified z-score (Iglewicz & Hoaglin): 0.6745·(x−M)/MAD of `x` against `values` (the
/// peer gate passes the other drives' figures), with MAD floored at `floor_fraction` × M so
/// identical drives do not divide by zero.
pub fn modified_z(x: f64, values: &[f64], floor_fraction: f64) -> f64 {
    let mut v = values.to_vec();
    let m = median(&mut v);
    let mut dev: Vec<f64> = values.iter().map(|y| (y - m).abs()).collect();
    let mad = median(&mut dev)
        .max(floor_fraction * m.abs())
        .max(f64::MIN_POSITIVE);
    0.6745 * (x - m) / mad
}

struct PeerMetric {
    key: &'static str,
    job: &'static str,
    higher_is_better: bool,
    get: fn(&Metrics) -> Option<f64>,
}

/// Fewest I/Os behind a p99 that is compared with peers: from fewer, the "p99" is the
/// slowest one or two I/Os of the job, and one scheduling hiccup on a busy host is enough
/// to make it (a smoke run's 20 random reads on an HDD). A longer profile measures enough.
pub const MIN_P99_IOS: u64 = 100;

/// Fewest completed I/Os behind a rate taken at face value. From fewer, the rate is mostly
/// where the window happened to cut the I/Os in flight (a smoke run's 0.2 s of 4 MiB writes
/// at QD8 on a loaded host completed none, "0 MB/s"), so the drive is given the benefit of
/// the doubt: the I/Os still in flight count as completed.
pub const MIN_RATE_IOS: u64 = 10;

/// A drive's figure in the peer comparison: its value and, when it is a bound rather than a
/// measurement, what the messages say about it.
struct Figure {
    value: f64,
    label: String,
}

impl PeerMetric {
    /// The drive's figure when it can be compared: `Err` says why not (too few I/Os).
    fn figure(&self, d: &DriveResult) -> Option<Result<Figure, String>> {
        let v = (self.get)(&d.metrics)?;
        let job = d.job(self.job);
        let ios = job.map_or(0, |j| j.ios);
        let plain = Figure {
            value: v,
            label: self.key.to_owned(),
        };
        if self.higher_is_better {
            return Some(Ok(match job {
                Some(j) if ios < MIN_RATE_IOS && j.runtime_s > 0.0 => {
                    let in_flight = u64::from(j.spec.qd.max(1)) * u64::from(j.spec.jobs.max(1));
                    let rate = (ios + in_flight) as f64 / j.runtime_s;
                    let value = if self.key.ends_with("MB/s") {
                        rate * j.spec.bs as f64 / 1e6
                    } else {
                        rate
                    };
                    Figure {
                        value: value.max(v),
                        label: format!(
                            "{} (at most: {ios} I/Os completed, the {in_flight} in flight counted as done)",
                            self.key
                        ),
                    }
                }
                _ => plain,
            }));
        }
        if ios < MIN_P99_IOS {
            return Some(Err(format!(
                "{}: not compared, a p99 of {ios} I/Os is their slowest (it needs {MIN_P99_IOS})",
                self.key
            )));
        }
        Some(Ok(plain))
    }
}

const PEER_METRICS: &[PeerMetric] = &[
    PeerMetric {
        key: "seq read MB/s",
        job: names::SEQ_READ,
        higher_is_better: true,
        get: |m| m.seq_read_mbps,
    },
    PeerMetric {
        key: "seq write MB/s",
        job: names::SEQ_WRITE,
        higher_is_better: true,
        get: |m| m.seq_write_mbps,
    },
    PeerMetric {
        key: "randread QD1 IOPS",
        job: names::RANDREAD_QD1,
        higher_is_better: true,
        get: |m| m.randread_qd1_iops,
    },
    PeerMetric {
        key: "randread QD32 IOPS",
        job: names::RANDREAD_QD32,
        higher_is_better: true,
        get: |m| m.randread_qd32_iops,
    },
    PeerMetric {
        key: "randwrite QD32 IOPS",
        job: names::RANDWRITE_QD32,
        higher_is_better: true,
        get: |m| m.randwrite_qd32_iops,
    },
    PeerMetric {
        key: "fdatasync 1-job IOPS",
        job: "fdatasync-4k-j1",
        higher_is_better: true,
        get: |m| m.sync_1job_iops,
    },
    PeerMetric {
        key: "randread QD1 p99",
        job: names::RANDREAD_QD1,
        higher_is_better: false,
        get: |m| m.randread_qd1_p99_us,
    },
    PeerMetric {
        key: "fdatasync 1-job p99",
        job: "fdatasync-4k-j1",
        higher_is_better: false,
        get: |m| m.sync_1job_p99_us,
    },
];

/// Peer comparison over drives of one model, firmware, size class and kind of target:
/// replaces earlier `PEER-*` rules and settles each verdict. Each drive is held against the
/// median of the *other* drives of its group (never its own figure, which would pull the
/// median its way), and only in a group of at least [`PeerSettings::min_group`] (never below
/// three): with two drives a gap cannot say which one is off, so the gate is INCONCLUSIVE
/// (`PEER-FEW`), not FAIL. A drive alone in its group has nothing to be compared with and no
/// peer gate (replace-drive's new drive, `qualify` on one drive).
pub fn peer_rules(drives: &mut [DriveResult], s: &PeerSettings) {
    let min_group = s.min_group.max(super::profile::MIN_PEER_GROUP);
    for d in drives.iter_mut() {
        d.rules.retain(|r| !r.rule.starts_with("PEER-"));
    }
    for idx in groups(drives).iter().filter(|g| g.len() >= 2) {
        if idx.len() < min_group {
            for &i in idx {
                let hit = too_few(&drives[i], idx.len(), min_group);
                drives[i].rules.push(hit);
            }
            continue;
        }
        // Figures left out of the comparison, per drive (a PASS-level note, not a gate).
        let mut skipped: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for pm in PEER_METRICS {
            let mut vals: Vec<(usize, Figure)> = Vec::new();
            for &i in idx {
                match pm.figure(&drives[i]) {
                    Some(Ok(f)) => vals.push((i, f)),
                    Some(Err(why)) => skipped.entry(i).or_default().push(why),
                    None => {}
                }
            }
            for (i, f) in &vals {
                let i = *i;
                let others: Vec<f64> = vals
                    .iter()
                    .filter(|(k, _)| *k != i)
                    .map(|(_, o)| o.value)
                    .collect();
                if others.len() + 1 < min_group {
                    // The group is big enough, but the job failed, did not run or measured
                    // too little on the others.
                    skipped.entry(i).or_default().push(format!(
                        "{}: not compared, measured on {} of the {} drives",
                        pm.key,
                        others.len() + 1,
                        idx.len()
                    ));
                    continue;
                }
                let hits = metric_hits(&drives[i], pm, f, &others, s);
                drives[i].rules.extend(hits);
            }
        }
        for (i, why) in skipped {
            drives[i]
                .rules
                .push(RuleHit::new("PEER-SKIPPED", Verdict::Pass, why.join("; ")));
        }
    }
    for d in drives.iter_mut() {
        d.settle();
    }
}

/// The drives' peer groups (indices): one model, firmware, size class and kind of target.
pub fn groups(drives: &[DriveResult]) -> Vec<Vec<usize>> {
    let mut g: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, d) in drives.iter().enumerate() {
        // A raw drive and an RBD image or a file are not peers (see `compare` for those).
        let storage = if d.storage.is_empty() {
            "block"
        } else {
            &d.storage
        };
        g.entry(format!("{} {storage}", d.identity.peer_group()))
            .or_default()
            .push(i);
    }
    g.into_values().collect()
}

/// `PEER-FEW`: the peer gate could not compare, the group has `n` drives.
fn too_few(d: &DriveResult, n: usize, min_group: usize) -> RuleHit {
    RuleHit::new(
        "PEER-FEW",
        Verdict::Inconclusive,
        format!(
            "peer gate not applied: {n} drives of {} in this run; it needs {min_group} (the drive and {} others of one model, firmware and size), because between two drives a gap cannot say which one is off. Qualify it together with more drives of its model, or hold its record against earlier ones with `raidctl qualify --compare`",
            d.identity.peer_group(),
            min_group - 1
        ),
    )
}

/// The peer rules of one drive on one metric: `x` against the median of `others`.
fn metric_hits(
    d: &DriveResult,
    pm: &PeerMetric,
    f: &Figure,
    others: &[f64],
    s: &PeerSettings,
) -> Vec<RuleHit> {
    let (x, key) = (f.value, f.label.as_str());
    let mut sorted = others.to_vec();
    let m = median(&mut sorted);
    if m <= 0.0 {
        return Vec::new();
    }
    let job = d
        .job(pm.job)
        .or_else(|| d.together.iter().find(|j| j.spec.name == pm.job));
    let mut hits = Vec::new();
    let ratio = x / m;
    let n = others.len();
    let group = d.identity.peer_group();
    if pm.higher_is_better {
        if ratio < s.fail_ratio {
            hits.push(("PEER-ratio", Verdict::Fail, format!("{}: {x:.0} is {ratio:.2} × the median {m:.0} of its {n} peers ({group}) (< {})", key, s.fail_ratio), Some(short(s.fail_ratio * m, x))));
        } else if ratio < s.warn_ratio {
            hits.push(("PEER-ratio", Verdict::Warn, format!("{}: {x:.0} is {ratio:.2} × the median {m:.0} of its {n} peers ({group}) (< {})", key, s.warn_ratio), Some(short(s.warn_ratio * m, x))));
        }
    } else if ratio > s.latency_fail_ratio {
        hits.push(("PEER-latency", Verdict::Fail, format!("{}: {x:.0} µs is {ratio:.2} × the median {m:.0} µs of its {n} peers ({group}) (> {})", key, s.latency_fail_ratio), None));
    } else if ratio > s.latency_warn_ratio {
        hits.push(("PEER-latency", Verdict::Warn, format!("{}: {x:.0} µs is {ratio:.2} × the median {m:.0} µs of its {n} peers ({group}) (> {})", key, s.latency_warn_ratio), None));
    }
    if n + 1 >= s.min_group_for_z {
        let z = modified_z(x, others, s.mad_floor_fraction);
        let worse = if pm.higher_is_better {
            z < 0.0
        } else {
            z > 0.0
        };
        if worse && z.abs() > s.z_threshold {
            hits.push((
                "PEER-z",
                Verdict::Warn,
                format!(
                    "{}: modified z-score {z:.1} (|z| > {}) against its {n} peers",
                    key, s.z_threshold
                ),
                None,
            ));
        }
    }
    hits.into_iter()
        .map(|(r, l, msg, shortfall)| match job {
            Some(j) => gate_untied(j, r, l, msg, shortfall).on_job(&j.spec.name),
            None => RuleHit::new(r, l, msg),
        })
        .collect()
}

/// All-together pass: a drive much slower alongside the others points at a shared path
/// (HBA, expander, backplane).
pub fn together_rules(d: &DriveResult, s: &PeerSettings) -> Vec<RuleHit> {
    let mut out = Vec::new();
    for t in &d.together {
        let alone_name = t.spec.name.trim_start_matches("together-");
        if let Some(a) = d.job(alone_name) {
            if a.mbps > 0.0 && t.mbps < s.together_warn_ratio * a.mbps {
                out.push(gate_rate(t, "SHARED-PATH", Verdict::Warn, format!("{alone_name}: {:.0} MB/s with all drives running vs {:.0} MB/s alone (shared HBA/expander/backplane bottleneck?)", t.mbps, a.mbps), short(s.together_warn_ratio * a.mbps, t.mbps)));
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::qualify::device::{DriveClass, Identity};
    use crate::qualify::engine::{JobSpec, Op, Pattern};
    use crate::qualify::profile::Profile;
    use std::time::Duration;

    /// A drive of model `M` whose jobs all ran at `speed` × 200 MB/s (latency ÷ `speed`).
    pub(crate) fn drive(name: &str, speed: f64) -> DriveResult {
        let job = |n: &str, bs: u64, mbps: f64, p99_us: f64| {
            let mut j = JobResult {
                spec: JobSpec::timed(n, Pattern::Seq, Op::Read, bs, 1, Duration::from_secs(1)),
                mbps,
                iops: mbps * 1e6 / bs as f64,
                ios: 100,
                direct: true,
                ..JobResult::default()
            };
            j.lat.p99_us = p99_us;
            j
        };
        let mut d = DriveResult {
            identity: Identity {
                path: format!("/dev/{name}"),
                model: Some("M".into()),
                firmware: Some("F".into()),
                size_bytes: 4_000_787_030_016,
                class: DriveClass::Hdd,
                ..Identity::default()
            },
            jobs: vec![
                job(names::SEQ_READ, 4 << 20, 200.0 * speed, 20_000.0 / speed),
                job(names::RANDREAD_QD1, 4096, 0.6 * speed, 9_000.0 / speed),
                job(&sync_name(1), 4096, 0.5 * speed, 9_000.0 / speed),
            ],
            ..DriveResult::default()
        };
        d.metrics = metrics(&d);
        d
    }

    fn ids(d: &DriveResult) -> Vec<(&str, Verdict)> {
        d.rules.iter().map(|r| (r.rule.as_str(), r.level)).collect()
    }

    /// The drive's first rule says `part`.
    #[track_caller]
    fn assert_first_says(d: &DriveResult, part: &str) {
        let m = &d.rules[0].message;
        assert!(m.contains(part), "{m}");
    }

    #[test]
    fn qualify_two_drives_are_inconclusive_on_the_peer_gate_never_fail() {
        // However far apart: one of two cannot be called the slow one.
        for speed in [1.0, 0.9, 0.25, 0.01] {
            let mut v = vec![drive("sda", 1.0), drive("sdb", speed)];
            peer_rules(&mut v, &PeerSettings::default());
            for d in &v {
                assert_eq!(ids(d), [("PEER-FEW", Verdict::Inconclusive)], "{speed}");
                assert_eq!(d.verdict, Verdict::Inconclusive);
                assert_first_says(d, "2 drives of M / F / 4.0 TB");
            }
        }
        // Raising the group in a profile is honoured; lowering it below three is not.
        let s = PeerSettings {
            min_group: 2,
            ..PeerSettings::default()
        };
        let mut v = vec![drive("sda", 1.0), drive("sdb", 0.25)];
        peer_rules(&mut v, &s);
        assert_eq!(ids(&v[1]), [("PEER-FEW", Verdict::Inconclusive)]);
        let s = PeerSettings {
            min_group: 4,
            ..PeerSettings::default()
        };
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 0.25)];
        peer_rules(&mut v, &s);
        assert_eq!(ids(&v[2]), [("PEER-FEW", Verdict::Inconclusive)]);
    }

    /// A worker the host starved measured the scheduler, up to a point: its wait accounts for
    /// rates at most `1 / (1 - wait)` lower. A drive at 0.01× its peers that waited 99.5 % of
    /// the time is INCONCLUSIVE (the fleet test's healthy drive completed no I/O in its window
    /// while six runs and two fuzzers shared two cores); one that waited 90 % still FAILs, and
    /// says the wait could not explain it.
    #[test]
    fn a_starved_worker_is_inconclusive_only_as_far_as_its_wait_explains() {
        let judged = |wait: Option<f64>, profile: &Profile| {
            let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 0.01)];
            for j in &mut v[2].jobs {
                j.runtime_s = 1.0;
                j.cpu.max_worker_util = 0.02;
                j.cpu.max_worker_wait = wait;
                profile.mark_host_bound(j);
            }
            peer_rules(&mut v, &PeerSettings::default());
            v.swap_remove(2)
        };
        let defaults = Profile::embedded().unwrap();
        let d = judged(Some(0.995), &defaults);
        assert_eq!(d.verdict, Verdict::Inconclusive, "{:#?}", d.rules);
        assert_first_says(&d, "a worker waited 100% of the job for a CPU");
        let d = judged(Some(0.9), &defaults);
        assert_eq!(d.verdict, Verdict::Fail, "{:#?}", d.rules);
        assert_first_says(
            &d,
            "(a worker waited 90% of the measured time for a CPU, which accounts for at most 10.0×)",
        );
        // The latency is not bounded by the wait: INCONCLUSIVE beside the rate's FAIL.
        assert!(
            d.rules
                .iter()
                .any(|r| r.rule == "PEER-latency" && r.level == Verdict::Inconclusive),
            "{:#?}",
            d.rules
        );
        // Waiting a little is what every worker does: the drive is judged, nothing added.
        for wait in [Some(0.1), None] {
            let d = judged(wait, &defaults);
            assert_eq!(d.verdict, Verdict::Fail);
            assert!(
                !d.rules[0].message.contains("waited"),
                "{}",
                d.rules[0].message
            );
        }
        // Both limits are the profile's.
        let mut lenient = defaults.clone();
        lenient.overlay(&Profile {
            host_starved_wait: Some(0.999),
            ..Profile::default()
        });
        assert_eq!(judged(Some(0.995), &lenient).verdict, Verdict::Fail);
        let mut strict = defaults;
        strict.overlay(&Profile {
            host_bound_util: Some(0.01),
            ..Profile::default()
        });
        let d = judged(None, &strict);
        assert_eq!(d.verdict, Verdict::Inconclusive);
        assert_first_says(&d, "busiest worker 2% of a CPU");
    }

    #[test]
    fn qualify_three_drives_one_at_a_quarter_fails_it_and_passes_the_others() {
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.03), drive("sdc", 0.25)];
        peer_rules(&mut v, &PeerSettings::default());
        assert_eq!(v[0].verdict, Verdict::Pass, "{:#?}", v[0].rules);
        assert_eq!(v[1].verdict, Verdict::Pass, "{:#?}", v[1].rules);
        assert_eq!(v[2].verdict, Verdict::Fail);
        let slow: Vec<&str> = v[2].rules.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(
            slow,
            [
                "PEER-ratio",
                "PEER-ratio",
                "PEER-ratio",
                "PEER-latency",
                "PEER-latency"
            ]
        );
        assert_first_says(
            &v[2],
            "is 0.25 × the median 203 of its 2 peers (M / F / 4.0 TB)",
        );
    }

    #[test]
    fn qualify_the_drive_is_not_in_its_own_median() {
        // sdc (158) is held against its peers 200 and 250 (median 225), not against the
        // median of all three (200, which would be its own group's middle drive); sda against
        // (158 + 250) / 2 = 204.
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.25), drive("sdc", 0.79)];
        peer_rules(&mut v, &PeerSettings::default());
        assert!(v[0].rules.is_empty(), "{:#?}", v[0].rules);
        assert_first_says(&v[2], "the median 225 of its 2 peers");
        // With four: sdc is held against 200, 202 and 400 (median 202), and its z-score too.
        let mut v = vec![
            drive("sda", 1.0),
            drive("sdb", 1.01),
            drive("sdc", 0.75),
            drive("sdd", 2.0),
        ];
        peer_rules(&mut v, &PeerSettings::default());
        assert!(v[3].rules.is_empty(), "{:#?}", v[3].rules);
        assert_first_says(&v[2], "is 0.74 × the median 202 of its 3 peers");
        assert!(
            (modified_z(150.0, &[200.0, 202.0, 400.0], 0.01) + 17.36).abs() < 0.01,
            "{}",
            modified_z(150.0, &[200.0, 202.0, 400.0], 0.01)
        );
    }

    #[test]
    fn qualify_peers_are_one_model_firmware_and_size() {
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 0.25)];
        v[0].identity.size_bytes = 8_001_563_222_016;
        peer_rules(&mut v, &PeerSettings::default());
        // sda is alone at 8 TB (no peer gate); sdb and sdc are only two at 4 TB.
        assert!(v[0].rules.is_empty());
        assert_eq!(ids(&v[2]), [("PEER-FEW", Verdict::Inconclusive)]);
        // A job that did not run on one drive of three: the others' figures of that job are
        // not compared (a note, the drive that failed the job says so itself).
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 0.25)];
        v[1].metrics.sync_1job_iops = None;
        v[1].metrics.sync_1job_p99_us = None;
        peer_rules(&mut v, &PeerSettings::default());
        assert_eq!(ids(&v[0]), [("PEER-SKIPPED", Verdict::Pass)]);
        assert_eq!(
            v[0].rules[0].message,
            "fdatasync 1-job IOPS: not compared, measured on 2 of the 3 drives; fdatasync 1-job p99: not compared, measured on 2 of the 3 drives"
        );
        assert!(v[1].rules.is_empty());
        assert_eq!(v[2].verdict, Verdict::Fail);
    }

    #[test]
    fn qualify_a_rate_of_few_ios_counts_those_in_flight() {
        // 0.2 s of 4 MiB reads at QD8 completed none: "0 MB/s" is where the window cut the
        // I/Os in flight; counted as done they make 168 MB/s, no FAIL against 200.
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 1.0)];
        let j = &mut v[2].jobs[0];
        (j.ios, j.mbps, j.runtime_s, j.spec.qd) = (0, 0.0, 0.2, 8);
        v[2].metrics = metrics(&v[2]);
        peer_rules(&mut v, &PeerSettings::default());
        assert!(
            !ids(&v[2]).contains(&("PEER-ratio", Verdict::Fail)),
            "{:#?}",
            v[2].rules
        );
        assert_eq!(v[2].verdict, Verdict::Pass, "{:#?}", v[2].rules);
        // At QD1 even that bound (21 MB/s) is a tenth of its peers: FAIL, saying so.
        v[2].jobs[0].spec.qd = 1;
        peer_rules(&mut v, &PeerSettings::default());
        assert_eq!(v[2].verdict, Verdict::Fail);
        assert!(
            v[2].rules[0]
                .message
                .starts_with("seq read MB/s (at most: 0 I/Os completed, the 1 in flight counted as done): 21 is 0.10 ×"),
            "{}",
            v[2].rules[0].message
        );
    }

    #[test]
    fn qualify_a_p99_of_few_ios_is_not_compared() {
        // 20 random reads: their "p99" is the slowest read; four times the peers' is no FAIL.
        let mut v = vec![drive("sda", 1.0), drive("sdb", 1.0), drive("sdc", 1.0)];
        for d in &mut v {
            d.jobs[1].ios = 20;
        }
        v[0].jobs[1].lat.p99_us *= 4.0;
        v[0].metrics = metrics(&v[0]);
        peer_rules(&mut v, &PeerSettings::default());
        assert_eq!(v[0].verdict, Verdict::Pass, "{:#?}", v[0].rules);
        assert_eq!(ids(&v[0]), [("PEER-SKIPPED", Verdict::Pass)]);
        assert_first_says(&v[0], "randread QD1 p99: not compared, a p99 of 20 I/Os");
        // With 100 I/Os it is a p99, and four times the peers' FAILs.
        for d in &mut v {
            d.jobs[1].ios = MIN_P99_IOS;
        }
        peer_rules(&mut v, &PeerSettings::default());
        assert_eq!(ids(&v[0]), [("PEER-latency", Verdict::Fail)]);
    }
}
