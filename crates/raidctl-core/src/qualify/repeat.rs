//! Repeat to confirm (reference B.7 step 4): a job whose first run failed a performance rule
//! (an absolute floor or a peer outlier) runs up to twice more. The drive fails only when 2 of
//! the 3 runs are flagged; otherwise the rule becomes a WARN that shows all three figures
//! (applied by [`DriveResult::settle`]). A peer outlier's repetitions are judged against its
//! peers measured again right next to them, not against figures taken minutes earlier on a
//! host whose load may have changed since. Health gates are not repeated: they fail at once.

use super::engine::{JobResult, JobSpec};
use super::profile::Profile;
use super::result::{DriveResult, Repeat, RuleHit, Verdict};
use super::{suite, verdict};

/// Failing performance rules of a drive, grouped by the job that measured them (jobs already
/// repeated and the all-together pass are left out).
pub fn candidates(d: &DriveResult) -> Vec<(String, Vec<String>)> {
    by_job(d.rules.iter().filter(|r| {
        r.level == Verdict::Fail
            && r.job
                .as_deref()
                .is_some_and(|job| d.job(job).is_some() && !d.repeats.iter().any(|x| x.job == job))
    }))
}

/// Rule ids grouped by the job they name, each once, in the order first seen (rules that name
/// no job are left out).
pub fn by_job<'a>(hits: impl Iterator<Item = &'a RuleHit>) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for r in hits {
        let Some(job) = r.job.as_deref() else {
            continue;
        };
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

/// Most peers measured again next to each repetition of a peer outlier: enough for a median
/// that one of them cannot decide, few enough that a big group's repetitions stay short.
pub const MAX_ALONGSIDE: usize = 4;

/// Whether `run` (a repetition of job `job` on drive `i`) fires one of `rules` at FAIL, with
/// the peers' `fresh` runs of the job (measured right next to it) in place of their first
/// runs, and the other drives' first runs elsewhere.
pub fn flagged(
    drives: &[DriveResult],
    i: usize,
    run: &JobResult,
    fresh: &[(usize, JobResult)],
    rules: &[String],
    profile: &Profile,
    role: &str,
) -> bool {
    let mut group = drives.to_vec();
    let replaced = std::iter::once((i, run)).chain(fresh.iter().map(|(k, r)| (*k, r)));
    for (k, r) in replaced {
        let Some(d) = group.get_mut(k) else {
            return false;
        };
        for j in d.jobs.iter_mut().filter(|j| j.spec.name == r.spec.name) {
            *j = r.clone();
        }
        suite::finish(d, profile, role);
    }
    verdict::peer_rules(&mut group, &profile.peer());
    group.get(i).is_some_and(|d| {
        d.rules.iter().any(|r| {
            r.level == Verdict::Fail
                && r.job.as_deref() == Some(run.spec.name.as_str())
                && rules.contains(&r.rule)
        })
    })
}

/// The peers of drive `i` that ran `job`, to measure again next to a repetition of a peer
/// outlier: the drives were measured one after another, and on a busy host the minutes
/// between them move the figures more than a drive worth failing differs (a good drive was
/// FAILed at 0.14x its peers' fdatasync figure, confirmed, while a Ceph test ran beside).
fn alongside(drives: &[DriveResult], i: usize, job: &str, rules: &[String]) -> Vec<usize> {
    if !rules.iter().any(|r| r.starts_with("PEER-")) {
        return Vec::new();
    }
    verdict::groups(drives)
        .into_iter()
        .find(|g| g.contains(&i))
        .unwrap_or_default()
        .into_iter()
        .filter(|&k| k != i && drives.get(k).is_some_and(|d| d.job(job).is_some()))
        .take(MAX_ALONGSIDE)
        .collect()
}

/// Repeats every failing job of every drive (up to two more runs each, fewer when the outcome
/// is already decided) and records the runs in `repeats`. A job flagged by a peer rule runs
/// again on the drive and then on its peers (up to [`MAX_ALONGSIDE`]), and the repetition is
/// judged against those fresh figures. `run(i, spec)` runs one job on drive `i` (`None`: it
/// could not run; on the drive itself the repetition stops there, a peer keeps its first
/// figure). Verdicts are settled at the end.
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
            let side = alongside(drives, i, &job, &rules);
            let mut rep = Repeat {
                job: job.clone(),
                rules: rules.clone(),
                figures: vec![figure(&first)],
                flagged: vec![true],
                alongside: side
                    .iter()
                    .filter_map(|&k| drives.get(k).map(|d| d.identity.label()))
                    .collect(),
                measurements: false,
            };
            while rep.flagged.len() < 3 {
                let passes = rep.flagged.iter().filter(|f| !**f).count();
                if rep.confirmed() || passes >= 2 {
                    break;
                }
                let Some(r) = run(i, &first.spec) else {
                    break;
                };
                let fresh: Vec<(usize, JobResult)> = side
                    .iter()
                    .filter_map(|&k| {
                        let spec = drives.get(k)?.job(&job)?.spec.clone();
                        run(k, &spec).map(|r| (k, r))
                    })
                    .collect();
                rep.flagged
                    .push(flagged(drives, i, &r, &fresh, &rules, profile, role));
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
