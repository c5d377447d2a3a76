//! The Ceph steps around a replacement of an OSD's drive (`replace-drive --osd N`): ask
//! whether the OSD may stop, mark it out, wait until Ceph says it is safe to destroy and the
//! cluster is back to full redundancy, stop the daemon, destroy the OSD keeping its id; then,
//! after the controller flow has recreated the VD and qualified the new drive, recreate the
//! OSD with the same id in the same mode (`ceph-volume raw|lvm`), wait for it to be up and
//! in, check its CRUSH weight against the new size, and report the cluster's health.
//!
//! Ceph's answer decides, never a guess: a cluster that does not answer stops the workflow
//! where it is (resume goes on once it answers). Every call goes through the one process
//! runner with a deadline.

use super::engine::{StepResult, state_json};
use super::journal::Journal;
use super::replace::ReplaceState;
use super::wait::Look;
use super::{Env, WfError};
use crate::ceph::{Ceph, CephError};
use crate::model::OsdMode;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

mod bring_up;
mod prepare;
mod remove;

pub(super) use bring_up::{activate, report, wait_up, weight, weight_check};
pub(super) use prepare::{plan_prepare, prepare};
pub(super) use remove::{
    destroy, guard_controller, ok_to_stop, out, plan_destroy, plan_ok_to_stop, plan_out, plan_stop,
    stop,
};

/// How often the Ceph waits ask again.
pub(super) const CEPH_POLL: Duration = Duration::from_secs(2);
/// How long a stopped or started daemon may take to show in the OSD map.
pub(super) const MAP_WAIT: Duration = Duration::from_secs(300);

/// What the workflow knows of the OSD on the drive; journaled with the state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CephRecord {
    /// OSD id.
    pub osd: u32,
    /// lvm or raw, as it was: the OSD is recreated the same way.
    pub mode: OsdMode,
    /// Its uuid before the replacement.
    pub osd_fsid: Option<String>,
    /// Its main device before the replacement.
    pub device: Option<String>,
    /// A separate DB device (kept as it is).
    pub db: Option<String>,
    /// A separate WAL device (kept as it is).
    pub wal: Option<String>,
    /// CRUSH weight before.
    pub crush_weight: Option<f64>,
    /// CRUSH device class.
    pub device_class: Option<String>,
    /// Up when the workflow started.
    pub up_at_start: bool,
    /// In when the workflow started.
    pub in_at_start: bool,
    /// How long to wait for safe-to-destroy.
    pub drain_timeout_s: u64,
    /// Set the CRUSH weight to the new drive's size when they differ.
    pub reweight: bool,
    /// The recreated OSD's uuid.
    #[serde(default)]
    pub new_fsid: Option<String>,
    /// The cluster's state once the OSD was back.
    #[serde(default)]
    pub report: Option<String>,
    /// Out already and drained when the replacement began (Ceph's devicehealth marks the
    /// OSD of a failing drive out by itself, and the data has left): the drain is skipped,
    /// after one look that it still holds ([`super::ceph_drain::drain`]).
    #[serde(default)]
    pub drained_at_start: bool,
    /// A cephadm OSD: the orchestrator's steps apply ([`super::cephadm`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cephadm: Option<super::cephadm::CephadmRecord>,
}

pub(super) fn ceph<'e>(env: &'e Env<'_>) -> Result<&'e Ceph, WfError> {
    env.ceph
        .as_ref()
        .ok_or_else(|| WfError::Usage("this replacement needs the Ceph client".into()))
}

pub(super) fn rec(st: &ReplaceState) -> Result<&CephRecord, WfError> {
    st.ceph
        .as_ref()
        .ok_or_else(|| WfError::Usage("this replacement has no OSD record".into()))
}

/// A Ceph call's failure as a safe stop: an unreachable cluster waits for resume; a refusal
/// quotes Ceph.
/// How long a wait step keeps asking through answers that change by asking again (a mon
/// election, `EAGAIN` while PG stats come in) before it stops as when Ceph is away.
const BLIP: Duration = Duration::from_secs(20);

/// An answer that may be different a moment later: `EAGAIN`, a mon that did not answer in
/// time. A refusal (`EBUSY`, `EINVAL`, ...) is an answer and is not asked again.
fn transient(e: &CephError) -> bool {
    match e {
        CephError::Refused { code, errno, .. } => {
            *code == crate::ceph::client::EXIT_EAGAIN || errno.as_deref() == Some("EAGAIN")
        }
        CephError::Unreachable { .. } | CephError::Timeout { .. } => true,
        _ => false,
    }
}

/// Tracks transient failures of a wait loop: `Ok(true)` to ask again after a poll, `Ok(false)`
/// when `e` is final (or the blip lasted longer than [`BLIP`]).
pub(super) struct Blips {
    since: Option<Instant>,
    said: bool,
    /// Asks so far in this blip: the pause doubles with each (1, 2, 4, 8 s), so a mon
    /// election is not hammered and a short blip costs a second.
    tries: u32,
}

impl Blips {
    pub(super) fn new() -> Self {
        Self {
            since: None,
            said: false,
            tries: 0,
        }
    }

    pub(super) fn again(&mut self, env: &mut Env<'_>, e: &CephError, what: &str) -> bool {
        if !transient(e) {
            return false;
        }
        let since = *self.since.get_or_insert_with(Instant::now);
        if since.elapsed() >= BLIP {
            return false;
        }
        if !self.said {
            env.say(&format!(
                "  Ceph did not answer while {what} ({e}): asking again for up to {} s",
                BLIP.as_secs()
            ));
            self.said = true;
        }
        let pause = Duration::from_secs(1 << self.tries.min(3));
        self.tries += 1;
        std::thread::sleep(pause.min(BLIP.saturating_sub(since.elapsed())));
        true
    }

    pub(super) fn answered(&mut self) {
        self.since = None;
        self.said = false;
        self.tries = 0;
    }
}

pub(super) fn stop_on(
    e: &CephError,
    what: &str,
    journal: &Journal,
    st: &ReplaceState,
) -> StepResult {
    let bay = super::engine::bay_state(st);
    if e.is_unavailable() {
        StepResult::Stop(format!(
            "Ceph did not answer while {what} ({e}): raidctl goes on only with Ceph's word. Nothing further was changed; {bay}. Once the cluster answers (`ceph -s`), continue with `raidctl resume {}`",
            journal.id
        ))
    } else {
        StepResult::Stop(format!(
            "Ceph refused while {what}: {e}. Nothing further was changed; {bay}. Look at `ceph -s` and `ceph osd tree`, then `raidctl resume {}`",
            journal.id
        ))
    }
}

/// Runs a Ceph command with `planned`/`done` records around it, as [`super::run_op`] does
/// for vendor commands.
pub(super) fn journaled<T>(
    journal: &mut Journal,
    st: &ReplaceState,
    step: &str,
    line: String,
    env_out: &mut dyn std::io::Write,
    f: impl FnOnce() -> Result<T, CephError>,
) -> Result<Result<T, CephError>, WfError> {
    journal
        .write(step, "planned", Some(line.clone()), "", state_json(st))
        .map_err(WfError::Journal)?;
    let _ = writeln!(env_out, "  running: {line}");
    let r = f();
    match &r {
        Ok(_) => journal
            .write(step, "done", None, "", state_json(st))
            .map_err(WfError::Journal)?,
        Err(e) => {
            let _ = journal.write(step, "failed", None, &e.to_string(), state_json(st));
        }
    }
    Ok(r)
}

/// [`journaled`] for an idempotent command, asked again through a blip ([`Blips`]); the stop
/// when it failed for good.
pub(super) fn journaled_again<T>(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    step: &str,
    line: &str,
    what: &str,
    f: impl Fn() -> Result<T, CephError>,
) -> Result<Option<StepResult>, WfError> {
    let mut blips = Blips::new();
    loop {
        match journaled(journal, st, step, line.to_owned(), env.out, &f)? {
            Ok(_) => return Ok(None),
            Err(e) if blips.again(env, &e, what) => {}
            Err(e) => return Ok(Some(stop_on(&e, what, journal, st))),
        }
    }
}

pub(super) fn line(c: &Ceph, args: &[&str]) -> String {
    crate::ceph::client::display_argv(std::path::Path::new("ceph"), &c.ceph_args(args, false))
}

/// The `ceph` command line a plan shows: with this host's options when a client is set up.
fn plan_line(env: &Env<'_>, args: &[&str]) -> String {
    env.ceph
        .as_ref()
        .map_or_else(|| format!("ceph {}", args.join(" ")), |c| line(c, args))
}

/// The OSD id and the client, for a step that talks to Ceph.
/// On a cephadm host, `ceph-volume` is `cephadm ceph-volume` for the OSD's cluster.
pub(super) fn osd_and_client(env: &Env<'_>, st: &ReplaceState) -> Result<(u32, Ceph), WfError> {
    let r = rec(st)?;
    let c = ceph(env)?;
    Ok((
        r.osd,
        match &r.cephadm {
            Some(a) => c.via_cephadm(&a.fsid, None),
            None => c.clone(),
        },
    ))
}

/// `osd.N` up and in, from the OSD map.
/// Waits until the OSD map shows osd.`id` down (its daemon stopped), up to `MAP_WAIT`;
/// `late` says what a longer wait means for the step.
pub(super) fn wait_down(
    c: &Ceph,
    id: u32,
    journal: &Journal,
    st: &ReplaceState,
    late: impl FnOnce() -> String,
) -> StepResult {
    super::wait::until(
        CEPH_POLL,
        MAP_WAIT,
        |_| match up_in(c, id) {
            Ok((false, ..)) => Look::Done(StepResult::Next),
            Ok(_) => Look::Later,
            Err(e) => Look::Done(stop_on(&e, "reading the OSD map", journal, st)),
        },
        |_| StepResult::Stop(late()),
    )
}

/// The early end of a step whose work the OSD map (up, in, destroyed) shows `done` already:
/// `Next` after saying `said`, or the stop when the map cannot be read; `None` to go on.
pub(super) fn done_already(
    env: &mut Env<'_>,
    c: &Ceph,
    id: u32,
    journal: &Journal,
    st: &ReplaceState,
    done: impl FnOnce((bool, bool, bool)) -> bool,
    said: &str,
) -> Option<StepResult> {
    match up_in(c, id) {
        Ok(m) if done(m) => {
            env.say(said);
            Some(StepResult::Next)
        }
        Ok(_) => None,
        Err(e) => Some(stop_on(&e, "reading the OSD map", journal, st)),
    }
}

pub(super) fn up_in(c: &Ceph, id: u32) -> Result<(bool, bool, bool), CephError> {
    let dump = c.osd_dump()?;
    Ok(dump.osd(id).map_or((false, false, false), |o| {
        (o.up == 1, o.is_in == 1, o.destroyed())
    }))
}

#[cfg(test)]
mod tests {
    use super::bring_up::settled_status;
    use super::*;
    use crate::backend::runner::{Call, CmdOutput, RunError, Runner};
    use std::sync::{Arc, Mutex};

    /// `ceph -s` answers in order (the last one repeats), as a cluster settles.
    struct Settling(Mutex<Vec<&'static str>>);

    impl Runner for Settling {
        fn call(&self, _: Call<'_>) -> Result<CmdOutput, RunError> {
            let mut q = self.0.lock().unwrap();
            let next = if q.len() > 1 { q.remove(0) } else { q[0] };
            Ok(CmdOutput {
                stdout: next.into(),
                status: Some(0),
                ..CmdOutput::default()
            })
        }
    }

    fn status(states: &str) -> String {
        format!(
            r#"{{"fsid":"f","health":{{"status":"HEALTH_WARN"}},"pgmap":{{"num_pgs":16,"pgs_by_state":[{states}]}}}}"#
        )
    }

    /// The final report is read once the PGs have peered and stayed as they are: right after
    /// the new OSD is up, `ceph -s` still shows the old map's clean PGs, then peering.
    #[test]
    fn the_report_waits_until_the_pgs_have_peered() {
        let dir = tempfile::tempdir().unwrap();
        let conf = dir.path().join("ceph.conf");
        std::fs::write(&conf, "[global]\n").unwrap();
        let bin = dir.path().join("ceph");
        std::fs::write(&bin, "").unwrap();
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let answers: Vec<&'static str> = [
            r#"{"state_name":"peering","count":6},{"state_name":"active+clean","count":10}"#,
            r#"{"state_name":"activating","count":2},{"state_name":"active+undersized+degraded","count":14}"#,
            r#"{"state_name":"active+undersized+degraded+remapped+backfilling","count":16}"#,
        ]
        .iter()
        .map(|s| &*Box::leak(status(s).into_boxed_str()))
        .collect();
        let c = Ceph::with_runner(
            crate::ceph::CephOptions {
                conf: Some(conf),
                path: Some(dir.path().as_os_str().to_owned()),
                ..crate::ceph::CephOptions::default()
            },
            Arc::new(Settling(Mutex::new(answers))),
        );
        let s = settled_status(&c).unwrap();
        assert_eq!(s.pgs_with("backfilling"), 16, "{s:?}");
        assert_eq!(s.pgs_with("peering") + s.pgs_with("activating"), 0);
    }

    /// EAGAIN and a mon that did not answer are asked again; a refusal is an answer.
    #[test]
    fn only_answers_that_change_are_asked_again() {
        let refused = |code: i32, errno: &str| CephError::Refused {
            argv: "ceph osd ok-to-stop 1".into(),
            code,
            errno: Some(errno.into()),
            message: String::new(),
        };
        assert!(transient(&refused(11, "EAGAIN")));
        assert!(!transient(&refused(16, "EBUSY")));
        assert!(!transient(&refused(22, "EINVAL")));
        assert!(transient(&CephError::Timeout {
            argv: "ceph -s".into(),
            secs: 30.0
        }));
        assert!(transient(&CephError::Unreachable {
            argv: "ceph -s".into(),
            message: "timed out".into()
        }));
        assert!(!transient(&CephError::NoConfig {
            conf: "/etc/ceph/ceph.conf".into()
        }));
    }
}
