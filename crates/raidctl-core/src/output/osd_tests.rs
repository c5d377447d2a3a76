//! The OSD the Ceph join put on a VD and its drives, as every output names it: the status
//! table and JSON, the metrics label and the problem messages (the join itself is tested in
//! raidctl-backend's `ceph::join`).

use crate::backend::snapshot::Snapshot;
use crate::health::{Baseline, evaluate};
use crate::model::{Deployment, FirmwareState, LdState, OsdMode, OsdRef};
use crate::output::{Style, metrics, status};

/// `osd` on VD `target` and on each of its members, as the join places it.
fn place(snap: &mut Snapshot, target: u32, osd: &OsdRef) {
    let members = {
        let ld = snap
            .logical_drives
            .iter_mut()
            .find(|l| l.target_id == target)
            .unwrap();
        ld.osd = vec![osd.clone()];
        ld.members.clone()
    };
    for pd in &mut snap.physical_drives {
        if members.contains(&pd.address()) {
            pd.osd = vec![osd.clone()];
        }
    }
}

fn osd(id: u32, up_in: Option<bool>, deployment: Option<Deployment>) -> OsdRef {
    OsdRef {
        id,
        up: up_in,
        is_in: up_in,
        destroyed: up_in.map(|_| false),
        mode: OsdMode::Raw,
        objectstore: None,
        device_class: None,
        crush_weight: None,
        role: "block".into(),
        deployment,
    }
}

/// The degraded H710 with osd.12 on its degraded VD.
#[test]
fn status_metrics_and_problems_name_the_osd() {
    let (mut snap, ld) = crate::backend::fixtures::degraded_vd();
    place(&mut snap, ld.target_id, &osd(12, Some(true), None));
    let problems = evaluate(&snap, &Baseline::default());
    let failed = snap
        .physical_drives
        .iter()
        .find(|p| ld.members.contains(&p.address()) && p.firmware_state == FirmwareState::Failed)
        .unwrap()
        .address();
    let msg = problems
        .iter()
        .find(|p| p.subject == format!("VD {}", ld.target_id))
        .map(|p| p.message.clone())
        .unwrap();
    assert!(msg.contains(&format!("{failed} (osd.12) failed")), "{msg}");
    let table = status::render_status(&snap, &problems, Style::PLAIN);
    assert!(table.contains("osd.12 up/in"), "{table}");
    let json = status::status_json(&snap, &problems);
    let l = json["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["target_id"] == ld.target_id)
        .unwrap()
        .clone();
    assert_eq!(l["osd"][0]["id"], 12);
    assert_eq!(l["osd"][0]["mode"], "raw");
    let m = metrics::render_metrics(Ok((&snap, &problems)));
    let label = format!(
        "raidctl_ld_state{{adapter=\"{}\",target_id=\"{}\",osd=\"osd.12\",state=\"degraded\"}} 1",
        ld.adapter, ld.target_id
    );
    assert!(m.contains(&label), "{m}");
    assert!(
        m.contains("osd=\"\""),
        "drives without an OSD carry an empty label"
    );
}

/// A cephadm OSD whose cluster did not answer: `?/?` and `[cephadm]` in the table, its
/// deployment in JSON, its label in metrics, and its name in the problem once its drive fails.
#[test]
fn a_cephadm_osd_is_named_everywhere() {
    let fsid = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
    let mut snap = crate::backend::fixtures::fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-healthy__cfgdsply",
        "h710-healthy__pdlist",
    ]);
    let target = snap.logical_drives[0].target_id;
    let unit = format!("ceph-{fsid}@osd.3");
    let deployment = Deployment::Cephadm {
        fsid: fsid.into(),
        unit: unit.clone(),
    };
    place(&mut snap, target, &osd(3, None, Some(deployment)));
    let problems = evaluate(&snap, &Baseline::default());
    let table = status::render_status(&snap, &problems, Style::PLAIN);
    assert!(table.contains("osd.3 ?/? [cephadm]"), "{table}");
    let json = status::status_json(&snap, &problems);
    let l = json["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["target_id"] == target)
        .unwrap()
        .clone();
    assert_eq!(l["osd"][0]["id"], 3);
    assert_eq!(l["osd"][0]["deployment"]["kind"], "cephadm");
    assert_eq!(l["osd"][0]["deployment"]["unit"], unit);
    let m = metrics::render_metrics(Ok((&snap, &problems)));
    assert!(
        m.contains(&format!("target_id=\"{target}\",osd=\"osd.3\"")),
        "{m}"
    );
    // `check`'s problems name it when its drive fails.
    let members = snap.logical_drives[0].members.clone();
    for pd in &mut snap.physical_drives {
        if pd.address() == members[0] {
            pd.firmware_state = FirmwareState::Failed;
        }
    }
    snap.logical_drives[0].state = LdState::Offline;
    let problems = evaluate(&snap, &Baseline::default());
    assert!(
        problems.iter().any(|p| p.message.contains("(osd.3)")),
        "{problems:?}"
    );
}
