//! Preconditioning: the read jobs read data that was written. A never-written block of an SSD
//! is answered from the FTL's map without touching flash, and a hole of a sparse file (a loop
//! device, a simulated drive) without touching anything, so reading it measures nothing (5.4
//! GB/s "sequential read" off a sparse file passed). fio's guidance for SSDs and HDDs alike is
//! to write the region before reading it; this does that once per drive, sequentially in
//! 1 MiB blocks, before the first read job, skipping what an earlier write job of the run
//! (the block-size sweep) already wrote from the region's start.
//!
//! The read jobs read a region at the start of the drive, not the whole drive: writing a
//! 16 TB drive first would take a day. Its length per profile is [`region`]; the record
//! ([`Precondition`]) says what was written, what was already covered and how long it took.

use super::device::Identity;
use super::engine::{JobResult, JobSpec, Op, Pattern};
use super::result::{DriveResult, RuleHit, Verdict};
use super::suite::{Observer, ProfileKind, SuiteOptions};
use serde::{Deserialize, Serialize};
use std::time::Duration;

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;
const GIB: u64 = 1024 * MIB;

/// Name of the preconditioning pass in progress messages.
pub const JOB_NAME: &str = "precondition";

/// What was written before the read jobs (the `precondition` object of a drive's record).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Precondition {
    /// Start of the region the read jobs read (bytes).
    pub offset: u64,
    /// Its length (bytes).
    pub length: u64,
    /// Bytes from the region's start already written by an earlier write job of this run.
    pub covered_bytes: u64,
    /// That job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub covered_by: Option<String>,
    /// Bytes the preconditioning pass wrote (the rest of the region).
    pub written_bytes: u64,
    /// Its block size (bytes).
    pub bs: u64,
    /// How long it took (seconds).
    pub seconds: f64,
    /// Its throughput (MB/s).
    pub mbps: f64,
    /// Why the region was not (all) written: a read-only run, an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Precondition {
    /// Whether every byte of the region was written before the reads.
    pub fn complete(&self) -> bool {
        self.covered_bytes + self.written_bytes >= self.length
    }
}

/// Length of the region the read jobs read, from the drive's start: 64 MiB (smoke), 1 GiB
/// (quick), 16 GiB (standard, burn-in), never more than the drive, in whole MiB.
pub fn region(profile: ProfileKind, size: u64) -> u64 {
    let cap = match profile {
        ProfileKind::Smoke => 64 * MIB,
        ProfileKind::Quick => GIB,
        ProfileKind::Standard | ProfileKind::BurnIn => 16 * GIB,
    };
    let len = size.min(cap);
    if len >= MIB {
        len / MIB * MIB
    } else {
        len / (4 * KIB) * (4 * KIB)
    }
}

/// Whether `spec` reads data another job has to have written first (a verify pass reads what
/// its own write pass wrote).
pub fn needs(spec: &JobSpec) -> bool {
    spec.op == Op::Read && spec.verify.is_none()
}

/// Bytes from `offset` that the finished `jobs` are known to have written, and which job: a
/// sequential single-job write that started there wrote, in order, at least the bytes it
/// counted (a run that wrapped wrote its whole region). Jobs with errors count for nothing.
pub fn covered(jobs: &[JobResult], offset: u64, size: u64) -> (u64, Option<String>) {
    jobs.iter()
        .filter(|j| {
            j.spec.op == Op::Write
                && j.spec.pattern == Pattern::Seq
                && j.spec.jobs <= 1
                && j.spec.offset == offset
                && j.errors == 0
        })
        .map(|j| {
            let len = if j.spec.length == 0 {
                size.saturating_sub(offset)
            } else {
                j.spec.length
            };
            (j.bytes.min(len), Some(j.spec.name.clone()))
        })
        .max_by_key(|(b, _)| *b)
        .unwrap_or((0, None))
}

/// The pass that writes the uncovered rest of the region, or `None` when nothing is left.
pub fn plan(
    o: &SuiteOptions,
    id: &Identity,
    jobs: &[JobResult],
) -> (Precondition, Option<JobSpec>) {
    let length = region(o.profile, id.size_bytes);
    let bs = if length >= MIB { MIB } else { 4 * KIB };
    let (done, by) = covered(jobs, 0, id.size_bytes);
    // Whole blocks only: the pass starts on a block boundary at or below what is covered.
    let start = (done.min(length) / bs) * bs;
    let p = Precondition {
        offset: 0,
        length,
        covered_bytes: start,
        covered_by: by.filter(|_| start > 0),
        bs,
        ..Precondition::default()
    };
    if o.read_only || start >= length {
        return (p, None);
    }
    let mut spec = JobSpec::timed(JOB_NAME, Pattern::Seq, Op::Write, bs, 8, Duration::ZERO);
    spec.time = None;
    spec.size = Some(length - start);
    spec.offset = start;
    spec.length = length - start;
    spec.engine = o.engine;
    (p, Some(spec))
}

/// Writes the region before the first read job of `d` (once; later calls do nothing).
/// `run` runs a write job on the drive with its safety checks (`suite::rerun_job`). Returns
/// false when the pass failed: the read jobs would read unwritten blocks, so the run stops
/// with an INCONCLUSIVE rule.
pub fn ensure(
    d: &mut DriveResult,
    o: &SuiteOptions,
    obs: &dyn Observer,
    run: &mut dyn FnMut(&Identity, &JobSpec) -> Result<JobResult, String>,
) -> bool {
    if d.precondition.is_some() {
        return true;
    }
    let (mut p, spec) = plan(o, &d.identity, &d.jobs);
    if o.read_only {
        p.note = Some("read-only run: the region is read as found (never-written blocks of an SSD or a sparse file read faster than any medium)".into());
    }
    let Some(spec) = spec else {
        d.precondition = Some(p);
        return true;
    };
    obs.job_started(&d.identity.label(), &spec);
    let outcome = run(&d.identity, &spec).and_then(|r| match &r.first_error {
        Some(e) if r.errors > 0 => Err(e.clone()),
        _ => Ok(r),
    });
    let ok = match outcome {
        Ok(r) => {
            p.written_bytes = r.bytes;
            p.seconds = r.runtime_s;
            p.mbps = r.mbps;
            true
        }
        Err(e) => {
            d.rules.push(RuleHit::new(
                "JOB-ERROR",
                Verdict::Inconclusive,
                format!("{JOB_NAME}: {e}; the read jobs did not run (they would read never-written blocks)"),
            ));
            p.note = Some(e);
            false
        }
    };
    d.precondition = Some(p);
    ok
}

/// One line for the terminal report.
pub fn describe(p: &Precondition) -> String {
    let h = crate::model::fmt_size;
    let mut s = format!("read region: the first {}", h(p.length));
    if p.covered_bytes > 0 {
        s.push_str(&format!(
            "; {} already written by {}",
            h(p.covered_bytes),
            p.covered_by.as_deref().unwrap_or("an earlier job")
        ));
    }
    if p.written_bytes > 0 {
        s.push_str(&format!(
            "; preconditioned {} in {:.1} s ({:.0} MB/s, {} blocks)",
            h(p.written_bytes),
            p.seconds,
            p.mbps,
            h(p.bs)
        ));
    }
    if let Some(n) = &p.note {
        s.push_str(&format!("; not written: {n}"));
    } else if p.complete() && p.written_bytes == 0 {
        s.push_str("; nothing left to precondition");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, bs: u64, bytes: u64) -> JobResult {
        JobResult {
            spec: JobSpec::timed(name, Pattern::Seq, Op::Write, bs, 1, Duration::ZERO),
            bytes,
            ..JobResult::default()
        }
    }

    fn opts(profile: ProfileKind) -> SuiteOptions {
        SuiteOptions {
            profile,
            ..SuiteOptions::default()
        }
    }

    #[test]
    fn qualify_region_per_profile_and_drive() {
        assert_eq!(region(ProfileKind::Smoke, 8 << 40), 64 * MIB);
        assert_eq!(region(ProfileKind::Quick, 8 << 40), GIB);
        assert_eq!(region(ProfileKind::Standard, 8 << 40), 16 * GIB);
        assert_eq!(region(ProfileKind::Smoke, 32 * MIB + 5), 32 * MIB);
    }

    #[test]
    fn qualify_precondition_writes_only_what_the_sweep_left() {
        let id = Identity {
            size_bytes: 8 << 40,
            ..Identity::default()
        };
        // The sweep wrote 40 MiB + 12 KiB from the start: the pass writes 40..64 MiB.
        let mut jobs = vec![
            write("sweep-4k", 4096, 8 * MIB),
            write("sweep-4m", 4 * MIB, 40 * MIB + 12 * KIB),
        ];
        let (p, spec) = plan(&opts(ProfileKind::Smoke), &id, &jobs);
        let spec = spec.unwrap();
        assert_eq!(
            (spec.offset, spec.size, spec.bs),
            (40 * MIB, Some(24 * MIB), MIB)
        );
        assert_eq!(spec.op, Op::Write);
        assert_eq!(p.covered_bytes, 40 * MIB);
        assert_eq!(p.covered_by.as_deref(), Some("sweep-4m"));
        // A failed job, a random or a multi-job write, or one elsewhere covers nothing.
        jobs[1].errors = 1;
        let mut other = write("x", MIB, GIB);
        other.spec.offset = MIB;
        jobs.push(other);
        let mut rnd = write("y", MIB, GIB);
        rnd.spec.pattern = Pattern::Random;
        jobs.push(rnd);
        let (p, spec) = plan(&opts(ProfileKind::Smoke), &id, &jobs);
        assert_eq!(p.covered_by.as_deref(), Some("sweep-4k"));
        assert_eq!(spec.unwrap().size, Some(56 * MIB));
        // Covered whole (a wrapped write counts as its region): no pass.
        let (p, spec) = plan(
            &opts(ProfileKind::Smoke),
            &id,
            &[write("sweep-16m", 16 * MIB, 10 * GIB)],
        );
        assert!(spec.is_none() && p.complete());
        assert!(describe(&p).contains("nothing left to precondition"));
        // Read-only: never written, and the record says so.
        let ro = SuiteOptions {
            read_only: true,
            ..opts(ProfileKind::Quick)
        };
        let mut d = DriveResult {
            identity: id,
            ..DriveResult::default()
        };
        assert!(ensure(
            &mut d,
            &ro,
            &super::super::suite::Silent,
            &mut |_, _| { panic!("a read-only run wrote") }
        ));
        let p = d.precondition.unwrap();
        assert_eq!((p.length, p.written_bytes), (GIB, 0));
        assert!(p.note.unwrap().contains("read-only"));
    }
}
