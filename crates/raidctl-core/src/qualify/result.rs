//! The qualification record. These serde structs *are* the `--json` schema (hyperfine's
//! `BenchmarkResult` approach); [`SCHEMA_VERSION`] changes whenever a field changes meaning or
//! disappears (added fields do not bump it).

use super::device::Identity;
use super::engine::JobResult;
use super::safety::Refusal;
use serde::{Deserialize, Serialize};

/// Layout version of [`QualReport`].
/// Version 2: a performance FAIL is confirmed in 2 of 3 runs (unconfirmed ones are WARN, see
/// `repeats`); version 1 files are still read by `--compare`.
pub const SCHEMA_VERSION: u32 = 2;

/// Oldest layout `--compare` still reads (later fields default to empty).
pub const MIN_READ_SCHEMA_VERSION: u32 = 1;

/// Verdict of a drive, or level of a rule that fired.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    /// Nothing wrong.
    #[default]
    Pass,
    /// Worth a look; usable.
    Warn,
    /// The numbers describe the host (CPU saturated) or a check could not run.
    Inconclusive,
    /// Do not deploy.
    Fail,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Pass => "PASS",
            Self::Warn => "WARN",
            Self::Inconclusive => "INCONCLUSIVE",
            Self::Fail => "FAIL",
        })
    }
}

/// A rule that fired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleHit {
    /// Rule id (`H-ATA-5`, `J6-floor`, `PEER-ratio`, …).
    pub rule: String,
    /// Level.
    pub level: Verdict,
    /// What was measured against what limit.
    pub message: String,
    /// The job whose figure fired the rule (performance rules only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
}

impl RuleHit {
    /// A hit.
    pub fn new(rule: &str, level: Verdict, message: impl Into<String>) -> Self {
        Self {
            rule: rule.to_owned(),
            level,
            message: message.into(),
            job: None,
        }
    }

    /// The same hit, tied to the job that measured it.
    #[must_use]
    pub fn on_job(mut self, job: &str) -> Self {
        self.job = Some(job.to_owned());
        self
    }
}

/// Repetitions of a job whose first run failed a performance rule (reference B.7 step 4: a
/// drive fails only when flagged in at least 2 of 3 runs).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Repeat {
    /// Job name.
    pub job: String,
    /// Rule ids that failed on the first run.
    pub rules: Vec<String>,
    /// Headline figure of each run, first run first (`412 MB/s, p99 9.8 ms`).
    pub figures: Vec<String>,
    /// Whether each run was flagged by one of `rules`.
    pub flagged: Vec<bool>,
    /// Peers (labels) whose job ran again next to each repetition, the repetition judged
    /// against those figures (a peer outlier only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alongside: Vec<String>,
    /// The runs are whole measurements of the drive, each from a record of its own, oldest
    /// first (the fleet comparison: `qualify --compare` given a drive's records from more
    /// than one run), rather than repetitions of the job within one run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub measurements: bool,
}

impl Repeat {
    /// Flagged in at least 2 runs; across measurements, the latest among them (a drive that
    /// measured well last is judged on that, and warned about the earlier figures).
    pub fn confirmed(&self) -> bool {
        let twice = self.flagged.iter().filter(|f| **f).count() >= 2;
        twice && (!self.measurements || self.flagged.last() == Some(&true))
    }

    fn runs(&self) -> &'static str {
        if self.measurements {
            "measurements"
        } else {
            "runs"
        }
    }

    fn summary(&self) -> String {
        let side = if self.alongside.is_empty() || self.flagged.len() < 2 {
            String::new()
        } else {
            format!(
                "; repetitions against {} measured alongside",
                self.alongside.join(", ")
            )
        };
        format!(
            "flagged in {} of {} {} ({}){side}",
            self.flagged.iter().filter(|f| **f).count(),
            self.flagged.len(),
            self.runs(),
            self.figures.join(" / ")
        )
    }
}

/// Markers appended to a rule message once its repetitions (or measurements) were applied.
const REPEAT_MARKS: [&str; 2] = [" runs (", " measurements ("];

/// Whether the SMART gates ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GateStatus {
    /// Checked.
    Checked,
    /// Not run; `reason` says why.
    #[default]
    Skipped,
    /// smartctl ran and failed to answer.
    Error,
}

/// Health-gate results.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Health {
    /// Checked, skipped or error.
    pub status: GateStatus,
    /// Why skipped or failed.
    pub reason: Option<String>,
    /// The smartctl command line.
    pub command: Option<String>,
    /// smartctl's exit-status bitmask.
    pub exit_status: Option<i32>,
    /// Overall SMART health.
    pub smart_passed: Option<bool>,
    /// Power-on hours.
    pub power_on_hours: Option<u64>,
    /// Temperature (°C).
    pub temperature_c: Option<i64>,
    /// Selected counters (`ata_5`, `nvme_media_errors`, `scsi_grown_defects`, …).
    pub counters: std::collections::BTreeMap<String, i64>,
    /// Rules that fired.
    pub hits: Vec<RuleHit>,
}

/// One row of the block-size sweep (the operators' `dd oflag=direct` table).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    /// Block size in bytes.
    pub bs: u64,
    /// I/Os.
    pub count: u64,
    /// Bytes.
    pub bytes: u64,
    /// MB/s.
    pub mbps: f64,
    /// IOPS.
    pub iops: f64,
    /// p99 latency (µs).
    pub p99_us: f64,
}

/// Headline numbers used by the verdict and the peer comparison; absent when not measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Sequential read 4 MiB (MB/s).
    pub seq_read_mbps: Option<f64>,
    /// Sequential write 4 MiB (MB/s).
    pub seq_write_mbps: Option<f64>,
    /// Random read 4 KiB QD1 (IOPS).
    pub randread_qd1_iops: Option<f64>,
    /// Random read 4 KiB QD1 p99 (µs).
    pub randread_qd1_p99_us: Option<f64>,
    /// Random read 4 KiB QD32 (IOPS).
    pub randread_qd32_iops: Option<f64>,
    /// Random write 4 KiB QD32 (IOPS).
    pub randwrite_qd32_iops: Option<f64>,
    /// 4 KiB write + fdatasync, 1 job (IOPS).
    pub sync_1job_iops: Option<f64>,
    /// Its write latency p99 (µs).
    pub sync_1job_p99_us: Option<f64>,
    /// 4 KiB write + fdatasync at the highest ladder step (IOPS).
    pub sync_peak_iops: Option<f64>,
    /// Ceph `fsync=1` 4 KiB random write (IOPS).
    pub fsync_randwrite_iops: Option<f64>,
}

/// Everything about one drive.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DriveResult {
    /// Phase 0.
    pub identity: Identity,
    /// Host name the drive was measured on.
    pub host: String,
    /// Safety refusals (empty when the drive was clear).
    pub refusals: Vec<Refusal>,
    /// Whether write tests ran.
    pub destructive: bool,
    /// Health gates.
    pub health: Health,
    /// Block-size sweep.
    pub sweep: Vec<SweepRow>,
    /// Every job run alone, in order.
    pub jobs: Vec<JobResult>,
    /// Jobs run together with the other drives.
    pub together: Vec<JobResult>,
    /// Headline numbers.
    pub metrics: Metrics,
    /// Rules that fired (health, performance, peers).
    pub rules: Vec<RuleHit>,
    /// Verdict: the worst level among `rules` (PASS when none).
    pub verdict: Verdict,
    /// Advice for the operator.
    pub warnings: Vec<String>,
    /// Repetitions of failing jobs (empty when nothing failed a performance rule).
    #[serde(default)]
    pub repeats: Vec<Repeat>,
    /// Set by the fleet comparison: the drive FAILs against its peers alone, in its only
    /// measurement, so one more measurement on its host would confirm or clear the FAIL
    /// (qualify.yml takes it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub measure_again: bool,
    /// Write cache measured on and off (absent when not toggleable or skipped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<super::cache::CacheReport>,
    /// SMART short self-test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_test: Option<super::selftest::SelfTest>,
    /// The target: `block` (a drive), `file`, `rbd` or `cephfs` (for the raw-vs-Ceph compare).
    #[serde(default)]
    pub storage: String,
    /// The region the read jobs read and what was written there before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precondition: Option<super::precondition::Precondition>,
}

impl DriveResult {
    /// Applies the repetitions (an unconfirmed performance FAIL becomes WARN, both carry the
    /// three figures) and recomputes the verdict from the rules.
    pub fn settle(&mut self) {
        for r in &mut self.rules {
            let Some(job) = r.job.as_deref() else {
                continue;
            };
            if r.level != Verdict::Fail || REPEAT_MARKS.iter().any(|m| r.message.contains(m)) {
                continue;
            }
            // The fleet's measurements of the drive decide over its host's repetitions.
            let Some(rep) = self
                .repeats
                .iter()
                .filter(|x| x.job == job && x.rules.contains(&r.rule))
                .max_by_key(|x| x.measurements)
            else {
                continue;
            };
            if rep.confirmed() {
                r.message = format!("{}; confirmed: {}", r.message, rep.summary());
            } else if rep.measurements {
                r.level = Verdict::Warn;
                r.message = format!(
                    "{}; not confirmed (FAIL needs the latest and one more): {}",
                    r.message,
                    rep.summary()
                );
            } else if rep.flagged.len() < 3 {
                // The repetitions could not run: the first verdict stands.
                r.message = format!(
                    "{}; not repeated, the repetition could not run: {}",
                    r.message,
                    rep.summary()
                );
            } else {
                r.level = Verdict::Warn;
                r.message = format!(
                    "{}; not confirmed (FAIL needs 2 of 3): {}",
                    r.message,
                    rep.summary()
                );
            }
        }
        self.verdict = self
            .rules
            .iter()
            .map(|r| r.level)
            .max()
            .unwrap_or(Verdict::Pass);
    }

    /// The job named `name`.
    pub fn job(&self, name: &str) -> Option<&JobResult> {
        self.jobs.iter().find(|j| j.spec.name == name)
    }
}

/// The whole run: the `--json` document.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct QualReport {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `raidctl`.
    pub tool: String,
    /// raidctl version.
    pub version: String,
    /// Host name.
    pub host: String,
    /// Start time (seconds since the Unix epoch).
    pub started_unix: u64,
    /// Finish time (0 while running: files written after each drive are intermediate).
    pub finished_unix: u64,
    /// `smoke`, `quick`, `standard` or `burn-in`.
    pub profile: String,
    /// `data` or `wal-db`.
    pub role: String,
    /// Engine requested.
    pub engine: String,
    /// Read-only run.
    pub read_only: bool,
    /// Drives.
    pub drives: Vec<DriveResult>,
    /// Worst verdict.
    pub verdict: Verdict,
}
