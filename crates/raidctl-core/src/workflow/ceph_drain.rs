//! The drain before an OSD is destroyed: wait until Ceph says it is safe to destroy and the
//! PGs of the pools that can place data on it have every copy back. Pools whose CRUSH rule
//! never reaches the OSD are not waited for (an unrelated degraded pool held replacements for
//! good), and a pool that cannot be whole again without the OSD is waited for only until it
//! serves I/O, with the reason and what would make it whole said once
//! ([`crate::ceph::redundancy`]). When the wait ends without Ceph's word, the stop says why
//! as far as Ceph tells (other OSDs down, a pool whose only copy was on this OSD) and the
//! command that would make it safe.

use super::ceph_steps::{Blips, CEPH_POLL, ceph, rec, stop_on};
use super::engine::{PlanLine, StepResult};
use super::journal::Journal;
use super::replace::ReplaceState;
use super::{Env, WfError};
use crate::ceph::redundancy::{self, DrainView, PoolView};
use crate::ceph::{Ceph, CephError, SafeToDestroy};
use std::time::{Duration, Instant};

pub(super) fn plan_drain(st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    if r.drained_at_start {
        return vec![PlanLine::say(format!(
            "no drain: osd.{} is out and drained already (Ceph says it is safe to destroy and the PGs of its pools are active+clean without it; Ceph's devicehealth marks a failing drive's OSD out by itself); the step looks once more that this still holds, and waits as for any drain if not",
            r.osd
        ))];
    }
    vec![PlanLine::say(format!(
        "wait until Ceph says osd.{} is safe to destroy (`ceph osd safe-to-destroy osd.{}`) and every PG of the pools that can use it is active+clean again (safe-to-destroy comes before recovery ends: the replacement waits for full redundancy; pools that never use it are not waited for); at most {} s (--drain-timeout), then stop with nothing changed on the controller",
        r.osd, r.osd, r.drain_timeout_s
    ))]
}

/// One look at the cluster during the drain.
struct Look {
    safe: SafeToDestroy,
    view: DrainView,
    /// Other OSDs down (not destroyed), from the OSD map.
    down: Vec<u32>,
    /// This OSD is up in the OSD map.
    up: bool,
}

impl Look {
    /// Ceph's word that the OSD holds nothing it needs. For a *down* OSD, Ceph 16's
    /// safe-to-destroy answers "missing stats" for as long as any PG of the cluster is not
    /// active+clean (an unrelated degraded pool, a pool that can never be whole): it cannot
    /// tell from the OSD's own stats. Then the PGs say it: none maps to the OSD, and every PG
    /// of the pools that can use it peered and went active without it (a PG that needed its
    /// copy would be down or incomplete) and is clean where it can be.
    fn safe(&self) -> bool {
        match &self.safe {
            SafeToDestroy::Safe => true,
            SafeToDestroy::Unknown { .. } => !self.up && self.view.settled(),
            SafeToDestroy::NotYet { .. } => false,
        }
    }
}

/// Reads safe-to-destroy, the OSD map and every PG; the CRUSH layout (`tree`, `rules`) is
/// read once per drain by the caller.
fn look(
    c: &Ceph,
    id: u32,
    layout: &(
        crate::ceph::types::OsdTree,
        Option<Vec<redundancy::CrushRule>>,
    ),
) -> Result<(Look, Vec<PoolView>), CephError> {
    let safe = c.osd_safe_to_destroy(id)?;
    let dump = c.osd_dump()?;
    let pools = redundancy::pools_for_osd(&dump, &layout.0, layout.1.as_deref(), id);
    let pgs = c.pg_ls()?;
    let down = dump
        .osds
        .iter()
        .filter(|o| o.osd != id && o.up == 0 && o.is_in == 1 && !o.destroyed())
        .map(|o| o.osd)
        .collect();
    let up = dump.osd(id).is_some_and(|o| o.up == 1);
    let view = redundancy::drain_view(id, &pools, &pgs);
    Ok((
        Look {
            safe,
            view,
            down,
            up,
        },
        pools,
    ))
}

/// What the drain says once about pools it does not wait for in full.
fn say_pools(env: &mut Env<'_>, id: u32, v: &DrainView, pools: &[PoolView]) {
    for (name, size, left) in &v.short {
        let domain = pools
            .iter()
            .find(|p| &p.name == name)
            .map_or(0, |p| p.min_size);
        env.say(&format!(
            "  pool {name} (size {size}) cannot be whole again without osd.{id}: its CRUSH rule finds {left} failure domain(s) with an OSD up and in besides it. Its PGs are waited for until active (min_size {domain}), not clean. To make it whole: add OSDs, or `ceph osd pool set {name} size {}`",
            (*left).max(1)
        ));
    }
    for name in &v.unrelated {
        env.say(&format!(
            "  pool {name} is not active+clean, but its CRUSH rule never places data on osd.{id}: not waited for"
        ));
    }
}

/// The progress line for one look.
fn progress(l: &Look) -> String {
    let pgs = if l.view.settled() {
        "its pools' PGs are active+clean".to_owned()
    } else {
        format!(
            "{} PG(s) of its pools not active+clean yet ({} object copies degraded){}",
            l.view.waiting + l.view.inactive_short,
            l.view.degraded,
            if l.view.inactive_short > 0 {
                format!(", {} not even active", l.view.inactive_short)
            } else {
                String::new()
            }
        )
    };
    let safe = match &l.safe {
        SafeToDestroy::Safe => "safe to destroy".to_owned(),
        SafeToDestroy::NotYet { pgs, .. } => format!(
            "{} PG(s) still on it",
            pgs.map_or_else(|| "some".into(), |p| p.to_string())
        ),
        SafeToDestroy::Unknown { .. } => "no PG stats from it yet".to_owned(),
    };
    format!("{safe}; {pgs}")
}

/// Why the drain did not end, and the command that would let it, for the stop message.
fn why_not(id: u32, l: &Look, journal_id: &str) -> String {
    let resume = format!("`raidctl resume {journal_id}`");
    if !l.view.single_copy.is_empty() {
        let pools = l.view.single_copy.join(", ");
        let first = &l.view.single_copy[0];
        return format!(
            "Pool(s) {pools} keep one copy (size 1) and have PGs that are not active: their only copy was on osd.{id} and is lost with the drive unless it can be read again. If that data may go: `ceph osd pool delete {first} {first} --yes-i-really-really-mean-it` (each such pool), then {resume}; else put the old drive back and let Ceph copy it off."
        );
    }
    if !l.down.is_empty() {
        let down: Vec<String> = l.down.iter().map(|d| format!("osd.{d}")).collect();
        let first = l.down[0];
        return format!(
            "{} down too: PGs with copies on it and on osd.{id} have none left to recover from. Start it (`systemctl start ceph-osd@{first}`, or its container), wait until `ceph -s` shows it up, then {resume}.",
            down.join(", ")
        );
    }
    format!("Resume to wait again: {resume} (`--drain-timeout` sets the bound).")
}

/// Whether the drain's condition still holds, asked once: `ceph osd destroy` with
/// `--yes-i-really-mean-it` does not check safe-to-destroy itself (Ceph 16 destroyed an OSD
/// its own safe-to-destroy called active), so the step right before it asks again.
///
/// # Errors
/// Ceph not answering.
pub(super) fn still_safe(c: &Ceph, id: u32) -> Result<bool, CephError> {
    let layout = (c.osd_tree()?, c.crush_rules().ok());
    let (l, _) = look(c, id, &layout)?;
    Ok(l.safe() && l.view.settled())
}

/// Waits for safe-to-destroy and for the OSD's pools to be whole again.
pub(super) fn drain(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let r = rec(st)?.clone();
    let c = ceph(env)?.clone();
    if r.drained_at_start {
        // Planned as drained: one look that it still is (a resume may come days later, and
        // the destroy's own look sends a changed cluster back here).
        match still_safe(&c, r.osd) {
            Ok(true) => {
                env.say(&format!(
                    "  osd.{} is out and drained already: no drain to wait for",
                    r.osd
                ));
                return Ok(StepResult::Next);
            }
            Ok(false) | Err(_) => {
                env.say(&format!(
                    "  osd.{} is no longer drained as it was when the replacement began: waiting for the drain",
                    r.osd
                ));
                if let Some(x) = st.ceph.as_mut() {
                    x.drained_at_start = false;
                }
            }
        }
    }
    let start = Instant::now();
    let limit = Duration::from_secs(r.drain_timeout_s.max(1));
    // The layout changes rarely; without the rules every pool counts as using the OSD.
    let tree = match c.osd_tree() {
        Ok(t) => t,
        Err(e) => return Ok(stop_on(&e, "reading the OSD tree", journal, st)),
    };
    let rules = match c.crush_rules() {
        Ok(r) => Some(r),
        Err(e) => {
            env.say(&format!(
                "  (the CRUSH rules could not be read: {e}; every pool is waited for)"
            ));
            None
        }
    };
    let layout = (tree, rules);
    let mut last = String::new();
    let mut last_said = Instant::now();
    let mut said_pools = false;
    let mut blips = Blips::new();
    loop {
        let (l, pools) = match look(&c, r.osd, &layout) {
            Ok(x) => x,
            Err(e) if blips.again(env, &e, "waiting for the drain") => continue,
            Err(e) => return Ok(stop_on(&e, "waiting for the drain", journal, st)),
        };
        blips.answered();
        if !said_pools {
            say_pools(env, r.osd, &l.view, &pools);
            said_pools = true;
        }
        if l.safe() && l.view.settled() {
            let how = if l.safe == SafeToDestroy::Safe {
                format!("osd.{} is safe to destroy", r.osd)
            } else {
                format!(
                    "no PG maps to osd.{} and every PG of its pools went active without it",
                    r.osd
                )
            };
            let whole = if l.view.short.is_empty() {
                "its pools are whole again".to_owned()
            } else {
                let short: Vec<&str> = l.view.short.iter().map(|s| s.0.as_str()).collect();
                format!(
                    "its pools are whole again but {}, which cannot be without it (active)",
                    short.join(", ")
                )
            };
            env.say(&format!(
                "  Ceph: {how}; {whole} ({:.0} s)",
                start.elapsed().as_secs_f64()
            ));
            return Ok(StepResult::Next);
        }
        let now = progress(&l);
        if start.elapsed() >= limit {
            return Ok(StepResult::Stop(format!(
                "[ceph-safe-to-destroy] Ceph did not say within {} s that osd.{} is safe to destroy with full redundancy ({now}): its data may live nowhere else. {} Nothing was changed on the controller; {}; osd.{} is out (`ceph osd in {}` brings it back)",
                r.drain_timeout_s,
                r.osd,
                why_not(r.osd, &l, &journal.id),
                super::engine::bay_state(st),
                r.osd,
                r.osd
            )));
        }
        if now != last || last_said.elapsed() >= Duration::from_secs(60) {
            env.say(&format!(
                "  draining osd.{}: {now} ({:.0} s)",
                r.osd,
                start.elapsed().as_secs_f64()
            ));
            last = now;
            last_said = Instant::now();
        }
        std::thread::sleep(CEPH_POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(single: &[&str], down: &[u32]) -> Look {
        Look {
            safe: SafeToDestroy::NotYet {
                pgs: Some(3),
                message: String::new(),
            },
            view: DrainView {
                waiting: 2,
                single_copy: single.iter().map(|s| (*s).to_owned()).collect(),
                ..DrainView::default()
            },
            down: down.to_vec(),
            up: false,
        }
    }

    #[test]
    fn a_down_osd_without_stats_is_safe_once_its_pgs_say_so() {
        let mut l = look(&[], &[]);
        l.safe = SafeToDestroy::Unknown {
            message: String::new(),
        };
        assert!(!l.safe(), "two PGs of its pools still wait");
        l.view.waiting = 0;
        assert!(l.safe());
        l.up = true;
        assert!(!l.safe(), "an up OSD's missing stats are Ceph's no");
        l.up = false;
        l.view.mapped = 1;
        assert!(!l.safe(), "a PG still maps to it");
    }

    #[test]
    fn a_stop_names_the_cause_and_the_command_that_lets_it_go_on() {
        let s = why_not(3, &look(&["single"], &[1]), "J1");
        assert!(s.contains("Pool(s) single keep one copy"), "{s}");
        assert!(s.contains("`ceph osd pool delete single single --yes-i-really-really-mean-it`"));
        assert!(s.contains("`raidctl resume J1`"));
        let s = why_not(3, &look(&[], &[1, 4]), "J1");
        assert!(s.contains("osd.1, osd.4 down too"), "{s}");
        assert!(s.contains("`systemctl start ceph-osd@1`"), "{s}");
        let s = why_not(3, &look(&[], &[]), "J1");
        assert!(s.contains("Resume to wait again"), "{s}");
        assert!(progress(&look(&[], &[])).contains("3 PG(s) still on it"));
    }
}
