//! The fleet comparison: `qualify --compare` over the records of many hosts. Each drive is
//! held against its peers on every host ([`verdict::peer_rules`]); a drive found in more than
//! one record was measured again, and its measurements are judged like a host's repetitions
//! of a job: a peer FAIL stands when the latest measurement and at least one earlier one are
//! flagged, and becomes a WARN with every figure otherwise. A host repeats a failing job
//! within its own run, but the fleet's peers are on other hosts, measured minutes apart on
//! hosts whose load differs; one short window that held a stall (a healthy loop device read
//! 0.01x its peers beside fuzzers) would otherwise stand as a slow drive. qualify.yml measures
//! each fleet outlier once more and compares again.

use super::profile::PeerSettings;
use super::repeat;
use super::result::{DriveResult, Repeat, RuleHit, Verdict};
use super::verdict;
use std::collections::BTreeMap;

/// How the advice to measure a drive again starts.
const AGAIN: &str = "failed against its peers in its only measurement";

/// One drive's measurement, from a record.
#[derive(Debug, Clone)]
pub struct Measured {
    /// When the record's run finished (Unix seconds): the latest measurement is the drive's.
    pub finished_unix: u64,
    /// The drive as measured.
    pub drive: DriveResult,
}

/// Which drive a measurement is of: its host, kind of target and serial (a loop device, which
/// has none, by its backing file; else by its path). Never the kernel name alone, which may
/// name another drive after a reboot.
fn key(d: &DriveResult) -> (String, String, String) {
    let id = &d.identity;
    let which = id
        .serial
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| format!("serial {s}"))
        .or_else(|| id.backing_file.as_ref().map(|f| format!("file {f}")))
        .unwrap_or_else(|| format!("path {}", id.path));
    (d.host.clone(), d.storage.clone(), which)
}

/// The drives, each once (its latest measurement), with the peer rules settled over the
/// fleet and each drive's earlier measurements judged as repetitions. Order: by first
/// measurement, in the order given within one time.
pub fn judge(mut measured: Vec<Measured>, s: &PeerSettings) -> Vec<DriveResult> {
    measured.sort_by_key(|m| m.finished_unix);
    let mut by_drive: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    let mut runs: Vec<Vec<Measured>> = Vec::new();
    for m in measured {
        match by_drive.get(&key(&m.drive)) {
            Some(&i) => runs[i].push(m),
            None => {
                by_drive.insert(key(&m.drive), runs.len());
                runs.push(vec![m]);
            }
        }
    }
    let mut latest: Vec<DriveResult> = runs
        .iter_mut()
        .map(|r| match r.pop() {
            Some(m) => m.drive,
            None => DriveResult::default(),
        })
        .collect();
    verdict::peer_rules(&mut latest, s);
    let judged = latest.clone();
    let mut carried: Vec<(usize, Vec<RuleHit>)> = Vec::new();
    for (i, earlier) in runs.iter().enumerate().filter(|(_, e)| !e.is_empty()) {
        let (Some(now), Some(d)) = (judged.get(i), latest.get_mut(i)) else {
            continue;
        };
        let flagged: Vec<Vec<RuleHit>> = earlier
            .iter()
            .map(|m| peer_fails(&judged, i, &m.drive, s))
            .chain(std::iter::once(peer_fails_of(now)))
            .collect();
        let mut carry = Vec::new();
        // The jobs with a peer FAIL in any measurement, with the rules that failed them.
        for (job, rules) in repeat::by_job(flagged.iter().flatten()) {
            let on_job = |h: &&RuleHit| h.job.as_deref() == Some(job.as_str());
            let figure = |d: &DriveResult| d.job(&job).map_or_else(|| "-".into(), repeat::figure);
            let rep = Repeat {
                figures: earlier
                    .iter()
                    .map(|m| figure(&m.drive))
                    .chain([figure(now)])
                    .collect(),
                flagged: flagged
                    .iter()
                    .map(|h| h.iter().any(|h| on_job(&h)))
                    .collect(),
                job: job.clone(),
                rules,
                alongside: Vec::new(),
                measurements: true,
            };
            if rep.flagged.last() == Some(&false) {
                // The latest measurement is clean: the earlier FAILs are carried over, for
                // the settling to turn into WARNs that show every figure.
                for h in flagged.iter().flatten().filter(on_job) {
                    if !carry
                        .iter()
                        .any(|c: &RuleHit| c.rule == h.rule && c.job == h.job)
                    {
                        let mut h = h.clone();
                        h.message = format!("an earlier measurement: {}", h.message);
                        carry.push(h);
                    }
                }
            }
            // Ahead of the host's own repetitions of the job, which the fleet's decide over.
            d.repeats.insert(0, rep);
        }
        carried.push((i, carry));
    }
    // Settled again, with the measurements in place (the peer rules come out the same: the
    // figures did not change).
    verdict::peer_rules(&mut latest, s);
    for (i, carry) in carried {
        if let Some(d) = latest.get_mut(i) {
            d.rules.extend(carry);
            d.settle();
        }
    }
    for d in &mut latest {
        let fails = || d.rules.iter().filter(|r| r.level == Verdict::Fail);
        d.measure_again = d.verdict == Verdict::Fail
            && fails().all(|r| r.rule.starts_with("PEER-"))
            && !d.repeats.iter().any(|r| r.measurements);
        if d.measure_again && !d.warnings.iter().any(|w| w.starts_with(AGAIN)) {
            d.warnings.push(format!(
                "{AGAIN}: qualify it again on {} as before and give both records to \
                 --compare; the FAIL stands if the second is flagged too (qualify.yml does this)",
                d.host
            ));
        }
    }
    latest
}

/// The peer FAILs of `m` measured in place of drive `i`, the other drives as they are.
fn peer_fails(drives: &[DriveResult], i: usize, m: &DriveResult, s: &PeerSettings) -> Vec<RuleHit> {
    let mut group = drives.to_vec();
    if let Some(slot) = group.get_mut(i) {
        *slot = m.clone();
    }
    verdict::peer_rules(&mut group, s);
    group.get(i).map(peer_fails_of).unwrap_or_default()
}

fn peer_fails_of(d: &DriveResult) -> Vec<RuleHit> {
    d.rules
        .iter()
        .filter(|r| r.rule.starts_with("PEER-") && r.level == Verdict::Fail && r.job.is_some())
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qualify::verdict::tests::drive;

    /// Drive `name` of `host` (serial `S-name`) at `speed`, from a record finished at `t`.
    fn on(host: &str, name: &str, speed: f64, t: u64) -> Measured {
        let mut d = drive(name, speed);
        d.host = host.into();
        d.identity.serial = Some(format!("S-{name}"));
        Measured {
            finished_unix: t,
            drive: d,
        }
    }

    /// Four hosts' drives; node3's measured by `third` (possibly more than once).
    fn fleet(third: Vec<Measured>) -> Vec<DriveResult> {
        let mut m = vec![
            on("node1", "sda", 1.0, 100),
            on("node2", "sdb", 1.1, 100),
            on("node4", "sdd", 0.9, 100),
        ];
        m.extend(third);
        judge(m, &PeerSettings::default())
    }

    fn of<'a>(v: &'a [DriveResult], host: &str) -> &'a DriveResult {
        v.iter().find(|d| d.host == host).unwrap()
    }

    /// The messages of the drive's rules at `level` (at least one).
    #[track_caller]
    fn messages(d: &DriveResult, level: Verdict) -> Vec<&str> {
        let m: Vec<&str> = d
            .rules
            .iter()
            .filter(|r| r.level == level)
            .map(|r| r.message.as_str())
            .collect();
        assert!(!m.is_empty(), "no rule at {level:?}: {:#?}", d.rules);
        m
    }

    #[test]
    fn one_measurement_of_an_outlier_fails_as_before() {
        let v = fleet(vec![on("node3", "sdc", 0.01, 100)]);
        assert_eq!(v.len(), 4);
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Fail, "{:#?}", d.rules);
        assert!(d.repeats.is_empty());
        assert!(d.measure_again, "one measurement, peer rules alone");
        assert!(
            d.warnings
                .iter()
                .any(|w| w.contains("qualify it again on node3"))
        );
        for peer in ["node1", "node2", "node4"] {
            assert_eq!(of(&v, peer).verdict, Verdict::Pass, "{peer}");
        }
    }

    /// The fleet test's case: a healthy drive's one window held a stall; measured again it is
    /// with its peers. A WARN that shows both figures, not a FAIL, and the drive counted once.
    #[test]
    fn an_outlier_that_measures_well_again_is_a_warn_with_both_figures() {
        // The later record given first: time decides which measurement is the latest.
        let v = fleet(vec![
            on("node3", "sdc", 1.0, 200),
            on("node3", "sdc", 0.01, 100),
        ]);
        assert_eq!(v.len(), 4, "a drive measured twice is not its own peer");
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Warn, "{:#?}", d.rules);
        let rep = &d.repeats[0];
        assert!(rep.measurements);
        assert_eq!(rep.flagged.first(), Some(&true));
        assert_eq!(rep.flagged.last(), Some(&false));
        for m in messages(d, Verdict::Warn) {
            assert!(m.starts_with("an earlier measurement: "), "{m}");
            assert!(
                m.contains("not confirmed") && m.contains("flagged in 1 of 2 measurements"),
                "{m}"
            );
        }
        // Its figures are the latest measurement's.
        assert_eq!(d.metrics, drive("sdc", 1.0).metrics);
    }

    #[test]
    fn an_outlier_slow_again_fails_confirmed() {
        let v = fleet(vec![
            on("node3", "sdc", 0.01, 100),
            on("node3", "sdc", 0.02, 200),
        ]);
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Fail, "{:#?}", d.rules);
        for m in messages(d, Verdict::Fail) {
            assert!(
                m.contains("confirmed: flagged in 2 of 2 measurements"),
                "{m}"
            );
        }
        assert!(!d.measure_again, "measured twice already");
    }

    /// Slow only in the latest measurement: not confirmed either (a WARN); the earlier one
    /// counts as a measurement of the same drive.
    #[test]
    fn an_outlier_only_in_the_latest_measurement_is_a_warn() {
        let v = fleet(vec![
            on("node3", "sdc", 1.0, 100),
            on("node3", "sdc", 0.01, 200),
        ]);
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Warn, "{:#?}", d.rules);
        assert!(d.rules.iter().all(|r| !r.message.starts_with("an earlier")));
    }

    /// Slow twice, then with its peers (reseated, or the host was busy twice): judged on the
    /// latest measurement, a WARN that shows all three figures.
    #[test]
    fn a_drive_clean_in_its_latest_measurement_is_not_failed_by_earlier_ones() {
        let v = fleet(vec![
            on("node3", "sdc", 0.01, 100),
            on("node3", "sdc", 0.01, 200),
            on("node3", "sdc", 1.0, 300),
        ]);
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Warn, "{:#?}", d.rules);
        assert_eq!(d.repeats[0].flagged, [true, true, false]);
        assert!(
            d.rules
                .iter()
                .any(|r| r.message.contains("flagged in 2 of 3 measurements"))
        );
    }

    /// A FAIL on a gate of the host's own (health, an absolute floor) is not the fleet's to
    /// measure again.
    #[test]
    fn only_a_fail_against_peers_alone_is_measured_again() {
        let mut slow = on("node3", "sdc", 0.01, 100);
        slow.drive.rules.push(RuleHit::new(
            "SMART-realloc",
            Verdict::Fail,
            "reallocated sectors",
        ));
        let v = fleet(vec![slow]);
        let d = of(&v, "node3");
        assert_eq!(d.verdict, Verdict::Fail);
        assert!(!d.measure_again);
    }

    /// The same drive under another kernel name is still the same drive (its serial); another
    /// drive on the same path is not.
    #[test]
    fn a_drive_is_its_serial_not_its_kernel_name() {
        let mut moved = on("node3", "sdc", 1.0, 200);
        moved.drive.identity.path = "/dev/sdx".into();
        let v = fleet(vec![on("node3", "sdc", 0.01, 100), moved]);
        assert_eq!(v.len(), 4);
        assert_eq!(of(&v, "node3").identity.path, "/dev/sdx");
        assert_eq!(of(&v, "node3").verdict, Verdict::Warn);

        let mut other = on("node3", "sdc", 1.0, 200);
        other.drive.identity.serial = Some("S-other".into());
        let v = fleet(vec![on("node3", "sdc", 0.01, 100), other]);
        assert_eq!(v.len(), 5);
    }
}
