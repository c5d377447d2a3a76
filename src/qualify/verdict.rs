//! Verdicts: performance gates (reference B.6-2), host-bound downgrades (B.3), and the peer
//! comparison (B.7: ratio to the peer median plus the MAD-based modified z-score).

use super::engine::JobResult;
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

/// Downgrades a failing rule on a host-bound job to INCONCLUSIVE.
fn gate(job: &JobResult, rule: &str, level: Verdict, msg: String) -> RuleHit {
    gate_untied(job, rule, level, msg).on_job(&job.spec.name)
}

fn gate_untied(job: &JobResult, rule: &str, level: Verdict, msg: String) -> RuleHit {
    if job.host_bound && matches!(level, Verdict::Fail | Verdict::Warn) {
        return RuleHit::new(
            rule,
            Verdict::Inconclusive,
            format!(
                "{msg}; but {} was host-bound (busiest worker {:.0}% of a CPU): the host, not the drive, set the number; rerun on an idle host or with more jobs",
                job.spec.name,
                job.cpu.max_worker_util * 100.0
            ),
        );
    }
    RuleHit::new(rule, level, msg)
}

fn ms(us: f64) -> f64 {
    us / 1000.0
}

/// Performance gates for one drive.
pub fn performance_rules(d: &DriveResult, t: &Thresholds) -> Vec<RuleHit> {
    let mut out = Vec::new();
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
    let factor = t.datasheet_factor.unwrap_or(0.8);
    if let Some(j) = d.job(names::SEQ_READ) {
        if let Some(ds) = t.datasheet_seq_read_mbps {
            if j.mbps < factor * ds {
                out.push(gate(
                    j,
                    "J1-datasheet",
                    Verdict::Fail,
                    format!(
                        "sequential read {:.0} MB/s < {factor} × datasheet {ds:.0} MB/s",
                        j.mbps
                    ),
                ));
            }
        }
        if let Some(f) = t.seq_read_fail_mbps.filter(|f| j.mbps < *f) {
            out.push(gate(
                j,
                "J1-link",
                Verdict::Fail,
                format!(
                    "sequential read {:.0} MB/s < {f:.0} MB/s: link negotiated down?",
                    j.mbps
                ),
            ));
        } else if let Some(w) = t.seq_read_warn_mbps.filter(|w| j.mbps < *w) {
            out.push(gate(
                j,
                "J1-floor",
                Verdict::Warn,
                format!("sequential read {:.0} MB/s < {w:.0} MB/s", j.mbps),
            ));
        }
    }
    if let (Some(j), Some(ds)) = (d.job(names::SEQ_WRITE), t.datasheet_seq_write_mbps) {
        if j.mbps < factor * ds {
            out.push(gate(
                j,
                "J2-datasheet",
                Verdict::Fail,
                format!(
                    "sequential write {:.0} MB/s < {factor} × datasheet {ds:.0} MB/s",
                    j.mbps
                ),
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
            out.push(gate(
                j,
                "J4-floor",
                Verdict::Fail,
                format!("4 KiB random read QD32 {:.0} IOPS < {f:.0}", j.iops),
            ));
        }
        if let Some(ds) = t.datasheet_randread_iops.filter(|ds| j.iops < factor * ds) {
            out.push(gate(
                j,
                "J4-datasheet",
                Verdict::Fail,
                format!(
                    "4 KiB random read QD32 {:.0} IOPS < {factor} × datasheet {ds:.0}",
                    j.iops
                ),
            ));
        }
    }
    if let (Some(j), Some(ds)) = (d.job(names::RANDWRITE_QD32), t.datasheet_randwrite_iops) {
        if j.iops < factor * ds {
            out.push(gate(j, "J5-datasheet", Verdict::Warn, format!("4 KiB random write QD32 {:.0} IOPS < {factor} × datasheet steady state {ds:.0} (not preconditioned: informational)", j.iops)));
        }
    }
    if let Some(j) = d.job(&sync_name(1)) {
        if let Some(f) = t.sync_1job_min_iops.filter(|f| j.iops < *f) {
            out.push(gate(
                j,
                "J6-floor",
                Verdict::Fail,
                format!(
                    "4 KiB write+fdatasync, 1 job: {:.0} IOPS < {f:.0} (no power-loss protection?)",
                    j.iops
                ),
            ));
        }
        if let Some(c) = t.sync_1job_cache_ack_iops.filter(|c| j.iops > *c) {
            out.push(RuleHit::new("J6-cache-ack", Verdict::Warn, format!("4 KiB write+fdatasync, 1 job: {:.0} IOPS > {c:.0}: a volatile cache is acknowledging flushes (controller or drive write cache on?)", j.iops)));
        }
    }
    if let (Some(j), Some(f)) = (d.job(&sync_name(8)), t.sync_8jobs_min_iops) {
        if j.iops < f {
            out.push(gate(
                j,
                "J6-8jobs",
                Verdict::Fail,
                format!("4 KiB write+fdatasync, 8 jobs: {:.0} IOPS < {f:.0}", j.iops),
            ));
        }
    }
    if let Some(n) = t.wal_jobs {
        if let Some(j) = d.job(&sync_name(n)) {
            if let Some(f) = t.wal_min_iops.filter(|f| j.iops < *f) {
                out.push(gate(
                    j,
                    "J6-wal",
                    Verdict::Fail,
                    format!(
                        "WAL/DB role: {n} jobs of write+fdatasync {:.0} IOPS < {f:.0}",
                        j.iops
                    ),
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
    out
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

/// Modified z-score (Iglewicz & Hoaglin): 0.6745·(x−M)/MAD, with MAD floored at
/// `floor_fraction` × M so identical drives do not divide by zero.
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

/// Peer comparison over drives of the same model, firmware and kind of target: appends `PEER-*` rules
/// (replacing earlier ones) and settles each verdict.
pub fn peer_rules(drives: &mut [DriveResult], s: &PeerSettings) {
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, d) in drives.iter_mut().enumerate() {
        d.rules.retain(|r| !r.rule.starts_with("PEER-"));
        // A raw drive and an RBD image or a file are not peers (see `compare` for those).
        let storage = if d.storage.is_empty() {
            "block"
        } else {
            &d.storage
        };
        groups
            .entry(format!("{} {storage}", d.identity.peer_key()))
            .or_default()
            .push(i);
    }
    for idx in groups.values().filter(|g| g.len() >= 2) {
        for pm in PEER_METRICS {
            let vals: Vec<(usize, f64)> = idx
                .iter()
                .filter_map(|&i| (pm.get)(&drives[i].metrics).map(|v| (i, v)))
                .collect();
            if vals.len() < 2 {
                continue;
            }
            let all: Vec<f64> = vals.iter().map(|(_, v)| *v).collect();
            let mut sorted = all.clone();
            let m = median(&mut sorted);
            if m <= 0.0 {
                continue;
            }
            for &(i, x) in &vals {
                let d = &drives[i];
                let job = d
                    .job(pm.job)
                    .or_else(|| d.together.iter().find(|j| j.spec.name == pm.job));
                let mut hits = Vec::new();
                let ratio = x / m;
                let peers = vals.len();
                if pm.higher_is_better {
                    if ratio < s.fail_ratio {
                        hits.push(("PEER-ratio", Verdict::Fail, format!("{}: {x:.0} is {ratio:.2} × the median {m:.0} of {peers} peers ({}) (< {})", pm.key, d.identity.peer_key(), s.fail_ratio)));
                    } else if ratio < s.warn_ratio {
                        hits.push(("PEER-ratio", Verdict::Warn, format!("{}: {x:.0} is {ratio:.2} × the median {m:.0} of {peers} peers ({}) (< {})", pm.key, d.identity.peer_key(), s.warn_ratio)));
                    }
                } else if ratio > s.latency_fail_ratio {
                    hits.push(("PEER-latency", Verdict::Fail, format!("{}: {x:.0} µs is {ratio:.2} × the median {m:.0} µs of {peers} peers (> {})", pm.key, s.latency_fail_ratio)));
                }
                if vals.len() >= s.min_group_for_z {
                    let z = modified_z(x, &all, s.mad_floor_fraction);
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
                                "{}: modified z-score {z:.1} (|z| > {}) among {peers} peers",
                                pm.key, s.z_threshold
                            ),
                        ));
                    }
                }
                let out: Vec<RuleHit> = hits
                    .into_iter()
                    .map(|(r, l, msg)| match job {
                        Some(j) => gate(j, r, l, msg),
                        None => RuleHit::new(r, l, msg),
                    })
                    .collect();
                drives[i].rules.extend(out);
            }
        }
    }
    for d in drives.iter_mut() {
        d.settle();
    }
}

/// All-together pass: a drive much slower alongside the others points at a shared path
/// (HBA, expander, backplane).
pub fn together_rules(d: &DriveResult, s: &PeerSettings) -> Vec<RuleHit> {
    let mut out = Vec::new();
    for t in &d.together {
        let alone_name = t.spec.name.trim_start_matches("together-");
        if let Some(a) = d.job(alone_name) {
            if a.mbps > 0.0 && t.mbps < s.together_warn_ratio * a.mbps {
                out.push(gate(t, "SHARED-PATH", Verdict::Warn, format!("{alone_name}: {:.0} MB/s with all drives running vs {:.0} MB/s alone (shared HBA/expander/backplane bottleneck?)", t.mbps, a.mbps)));
            }
        }
    }
    out
}
