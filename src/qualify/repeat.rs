//! Repeat to confirm (reference B.7 step 4): a job whose first run failed a performance rule
//! (an absolute floor or a peer outlier) runs up to twice more. The drive fails only when 2 of
//! the 3 runs are flagged; otherwise the rule becomes a WARN that shows all three figures
//! (applied by [`DriveResult::settle`]). Health gates are not repeated: they fail at once.

use super::engine::{JobResult, JobSpec};
use super::profile::Profile;
use super::result::{DriveResult, Repeat, Verdict};
use super::{suite, verdict};

/// Failing performance rules of a drive, grouped by the job that measured them (jobs already
/// repeated and the all-together pass are left out).
pub fn candidates(d: &DriveResult) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for r in d.rules.iter().filter(|r| r.level == Verdict::Fail) {
        let Some(job) = r.job.as_deref() else {
            continue;
        };
        if d.job(job).is_none() || d.repeats.iter().any(|x| x.job == job) {
            continue;
        }
        match out.iter_mut().find(|(j, _)| j == job) {
            Some((_, rules)) if !rules.contains(&r.rule) => rules.push(r.rule.clone()),
            Some(_) => {}
            None => out.push((job.to_owned(), vec![r.rule.clone()])),
        }
    }
    out
}

/// The headline figure of a run, as shown in the repeat summary.
pub fn figure(j: &JobResult) -> String {
    let rate = if j.spec.bs >= 1 << 20 {
        format!("{:.0} MB/s", j.mbps)
    } else {
        format!("{:.0} IOPS", j.iops)
    };
    let p99 = if j.lat.p99_us >= 1000.0 {
        format!("{:.1} ms", j.lat.p99_us / 1000.0)
    } else {
        format!("{:.0} µs", j.lat.p99_us)
    };
    format!("{rate}, p99 {p99}")
}

/// Whether `run` (a repetition of job `job` on drive `i`) fires one of `rules` at FAIL, with
/// the other drives' first runs as the peers.
pub fn flagged(
    drives: &[DriveResult],
    i: usize,
    run: &JobResult,
    rules: &[String],
    profile: &Profile,
    role: &str,
) -> bool {
    let mut group = drives.to_vec();
    let Some(d) = group.get_mut(i) else {
        return false;
    };
    for j in d.jobs.iter_mut().filter(|j| j.spec.name == run.spec.name) {
        *j = run.clone();
    }
    suite::finish(d, profile, role);
    verdict::peer_rules(&mut group, &profile.peer());
    group.get(i).is_some_and(|d| {
        d.rules.iter().any(|r| {
            r.level == Verdict::Fail
                && r.job.as_deref() == Some(run.spec.name.as_str())
                && rules.contains(&r.rule)
        })
    })
}

/// Repeats every failing job of every drive (up to two more runs each, fewer when the outcome
/// is already decided) and records the runs in `repeats`. `run(i, spec)` runs one job on drive
/// `i` (`None`: it could not run, the repetition stops there). Verdicts are settled at the end.
pub fn confirm(
    drives: &mut [DriveResult],
    profile: &Profile,
    role: &str,
    run: &mut dyn FnMut(usize, &JobSpec) -> Option<JobResult>,
) {
    for i in 0..drives.len() {
        let Some(d) = drives.get(i) else { continue };
        for (job, rules) in candidates(d) {
            let Some(first) = drives.get(i).and_then(|d| d.job(&job)).cloned() else {
                continue;
            };
            let mut rep = Repeat {
                job: job.clone(),
                rules: rules.clone(),
                figures: vec![figure(&first)],
                flagged: vec![true],
            };
            while rep.flagged.len() < 3 {
                let passes = rep.flagged.iter().filter(|f| !**f).count();
                if rep.confirmed() || passes >= 2 {
                    break;
                }
                let Some(r) = run(i, &first.spec) else {
                    break;
                };
                rep.flagged
                    .push(flagged(drives, i, &r, &rules, profile, role));
                rep.figures.push(figure(&r));
            }
            if let Some(d) = drives.get_mut(i) {
                d.repeats.push(rep);
            }
        }
    }
    for d in drives.iter_mut() {
        d.settle();
    }
}
