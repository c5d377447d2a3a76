//! `replace-drive --osd N` for an OSD cephadm deployed (`/var/lib/ceph/<fsid>/osd.N`, unit
//! `ceph-<fsid>@osd.N`): the same steps list as the package flow, other commands. The daemon
//! runs in a container the orchestrator manages, so stopping it is `ceph orch osd rm N
//! --replace` (which also marks it out, drains it and leaves the id `destroyed`), the new
//! device is zapped by the orchestrator, and the OSD is recreated with its id by the
//! orchestrator or, for raw OSDs where the orchestrator passes `lvm batch`'s `--osd-ids` to
//! `raw prepare` (Pacific 16.2.x), by `cephadm ceph-volume -- raw prepare --osd-id N` and
//! `ceph cephadm osd activate HOST`.
//!
//! This module is the plan; [`super::cephadm_steps`] runs it.

use super::ceph_steps::CephRecord;
use super::replace::Step;
use crate::model::OsdMode;
use serde::{Deserialize, Serialize};

/// What the replacement knows of a cephadm OSD's deployment; journaled with the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CephadmRecord {
    /// The cluster's fsid.
    pub fsid: String,
    /// The daemon's systemd unit (`ceph-<fsid>@osd.N`).
    pub unit: String,
    /// The host as the orchestrator names it.
    pub host: String,
}

fn is_raw(r: &CephRecord) -> bool {
    r.mode != OsdMode::Lvm
}

/// The plan lines of a Ceph step of a cephadm OSD's replacement (`None`: not a Ceph step).
pub fn plan(r: &CephRecord, c: &CephadmRecord, step: Step) -> Option<Vec<String>> {
    let n = r.osd;
    let host = &c.host;
    Some(match step {
        Step::CephOkToStop => vec![if r.up_at_start {
            format!(
                "ask Ceph whether osd.{n} may stop (`ceph osd ok-to-stop {n}`): no means nothing changes"
            )
        } else {
            format!("osd.{n} is down already (the drive died): nothing to stop")
        }],
        Step::CephOut => vec![format!(
            "have the orchestrator remove osd.{n} keeping its id (cephadm OSD, unit {}): `ceph orch osd rm {n} --replace` (it marks the OSD out and drains it)",
            c.unit
        )],
        Step::CephDrain => vec![format!(
            "wait until Ceph says osd.{n} is safe to destroy and every PG of the pools that can use it is active+clean again (as for any OSD; at most {} s, --drain-timeout), then until the orchestrator has taken it off its queue (`ceph orch osd rm status`) and `ceph osd tree` shows it destroyed; a stop leaves the controller unchanged (`ceph orch osd rm stop {n}` cancels the removal)",
            r.drain_timeout_s
        )],
        Step::CephStop => vec![format!(
            "the orchestrator stops and removes its container (unit {}); raidctl stops no daemon itself (the package unit ceph-osd@{n} is not this OSD's)",
            c.unit
        )],
        Step::CephDestroy => vec![format!(
            "check that osd.{n} is destroyed, id and CRUSH position kept (`ceph osd tree`): the orchestrator did it with --replace, never a purge"
        )],
        Step::CephPrepare => {
            let mut v = vec![format!(
                "zap the new VD's device through the orchestrator: `ceph orch device zap {host} <new device> --force` (after `ceph orch device ls {host} --refresh` lists it)"
            )];
            if is_raw(r) {
                v.push(format!(
                    "recreate osd.{n} raw with the same id: `ceph auth get client.bootstrap-osd -o KEYRING`, then `cephadm ceph-volume -c /etc/ceph/ceph.conf -k KEYRING -- raw prepare --bluestore --data <new device> --osd-id {n}`; not `ceph orch daemon add osd {host}:<new device> raw`: where the orchestrator reuses a destroyed id it passes `--osd-ids` (an `lvm batch` option) to `raw prepare`, which refuses it (Pacific 16.2.x)"
                ));
            } else {
                v.push(format!(
                    "recreate osd.{n} with the same id through the orchestrator: `ceph orch daemon add osd {host}:<new device> lvm` (it reuses the destroyed id of this host{})",
                    match (&r.db, &r.wal) {
                        (None, None) => String::new(),
                        _ => "; its DB/WAL device as before needs an OSD spec naming it".to_owned(),
                    }
                ));
            }
            v
        }
        Step::CephActivate => vec![if is_raw(r) {
            format!(
                "deploy its daemon: `ceph cephadm osd activate {host}` (unit {}), mark it in",
                c.unit
            )
        } else {
            format!(
                "the orchestrator deploys its daemon (unit {}); mark it in",
                c.unit
            )
        }],
        Step::CephWaitUp => vec![format!(
            "wait until osd.{n} is up and in (`ceph osd tree`, `ceph orch ps {host} --daemon-type osd`)"
        )],
        Step::CephWeight => vec![super::ceph_steps::weight_check(r)],
        Step::CephReport => {
            vec!["report health, degraded objects and backfill (`ceph -s`)".to_owned()]
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(mode: OsdMode) -> CephRecord {
        CephRecord {
            osd: 4,
            mode,
            osd_fsid: None,
            device: Some("/dev/sdc".into()),
            db: None,
            wal: None,
            crush_weight: Some(3.6),
            device_class: None,
            up_at_start: true,
            in_at_start: true,
            drained_at_start: false,
            drain_timeout_s: 3600,
            reweight: false,
            new_fsid: None,
            report: None,
            cephadm: None,
        }
    }

    fn adm() -> CephadmRecord {
        CephadmRecord {
            fsid: "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a".into(),
            unit: "ceph-0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a@osd.4".into(),
            host: "node1".into(),
        }
    }

    fn all(r: &CephRecord) -> String {
        super::super::replace::Flow::with_ceph(Vec::new())
            .into_iter()
            .filter_map(|s| plan(r, &adm(), s))
            .flatten()
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_raw_cephadm_osd_is_planned_through_the_orchestrator_and_raw_prepare() {
        let t = all(&rec(OsdMode::Raw));
        for want in [
            "ceph osd ok-to-stop 4",
            "ceph orch osd rm 4 --replace",
            "ceph orch osd rm status",
            "ceph orch device zap node1 <new device> --force",
            "cephadm ceph-volume -c /etc/ceph/ceph.conf -k KEYRING -- raw prepare --bluestore --data <new device> --osd-id 4",
            "ceph cephadm osd activate node1",
            "--osd-ids",
            "ceph-0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a@osd.4",
        ] {
            assert!(t.contains(want), "{want} missing from:\n{t}");
        }
        // Never the package flow's commands.
        assert!(!t.contains("ceph osd destroy"), "{t}");
        assert!(!t.contains("ceph-volume raw prepare"), "{t}");
        assert!(!t.contains("systemctl"), "{t}");
    }

    #[test]
    fn an_lvm_cephadm_osd_is_recreated_by_the_orchestrator() {
        let t = all(&rec(OsdMode::Lvm));
        assert!(
            t.contains("ceph orch daemon add osd node1:<new device> lvm"),
            "{t}"
        );
        assert!(!t.contains("raw prepare"), "{t}");
        assert!(!t.contains("ceph cephadm osd activate"), "{t}");
    }
}
