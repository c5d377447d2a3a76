//! Ceph's own device health learns what the controller knows (issue 41), on the real cluster
//! of `ceph.rs` (a stage of `ceph_cluster_end_to_end`, no cluster of its own): the simulator
//! writes udev's data for its loop devices, so `ceph device ls` names each VD as a PERC's;
//! the drive under an up OSD predicts its failure; `raidctl ceph sync` sets the life
//! expectancy of that OSD's device (once: a second sync runs nothing); Ceph's devicehealth,
//! with `self_heal`, marks the OSD out while it still runs and the data leaves it;
//! `replace-drive --osd N` finds it drained and goes straight to destroy, replaces the drive
//! and recreates the OSD; the next sync clears the expectancy raidctl set on the old device;
//! the cluster is HEALTH_OK again and every object reads back.

use crate::ceph::{raidctl, run, sim, status_json, text, wait_until};
use raidctl::ceph::{Ceph, SafeToDestroy};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// raidctl on the simulator, unattended, without the caller's Ceph configuration.
fn rc(s: &Path, args: &[&str]) -> std::process::Output {
    run(Command::new(raidctl())
        .arg("--sim-state")
        .arg(s)
        .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap_or(s)))
        .args(["--timeout", "120"])
        .args(args)
        .env_remove("CEPH_CONF")
        .env("RAIDCTL_NO_PROGRESS", "1"))
}

/// The drive in `[32:slot]` from raidctl's status: (serial, its OSD, its VD's WWN).
fn drive(s: &Path, slot: u64) -> (String, u32, String) {
    let doc = status_json(s);
    let d = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == slot)
        .unwrap()
        .clone();
    let vd = d["logical_drive"].as_u64().unwrap();
    let ld = doc["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["target_id"] == vd)
        .unwrap()
        .clone();
    (
        d["serial"].as_str().unwrap().to_owned(),
        u32::try_from(d["osd"][0]["id"].as_u64().unwrap()).unwrap(),
        ld["wwn"].as_str().unwrap_or_default().to_owned(),
    )
}

/// Ceph's device of `osd.id`, when `ceph device ls` lists one.
fn device_of(ceph: &Ceph, id: u32) -> Option<raidctl::ceph::types::CephDevice> {
    let name = format!("osd.{id}");
    ceph.device_ls()
        .ok()?
        .into_iter()
        .find(|d| d.daemons.contains(&name))
}

fn health_detail(ceph: &Ceph) -> String {
    ceph.ceph_ok(&["health", "detail"])
        .unwrap_or_else(|e| e.to_string())
}

/// The stage; `at` says how far the test got.
pub(crate) fn device_health_through_ceph(s: &Path, dir: &Path, ceph: &Ceph, at: &dyn Fn(&str)) {
    // A pool without an application keeps the cluster at HEALTH_WARN for good.
    ceph.ceph_ok(&["osd", "pool", "application", "enable", "test", "rados"])
        .unwrap();
    let objects = crate::ceph_replace::put_objects("test", dir, 12);
    let (serial, id, wwn) = drive(s, 2);
    let devid = ceph_names_the_vd(ceph, id, &wwn);
    sync_sets_the_life_expectancy_once(s, ceph, id, &devid);
    at("life expectancy set once");
    devicehealth_marks_it_out(ceph, id);
    at("devicehealth marked the OSD out");
    wait_until(
        Duration::from_secs(300),
        "the data off the OSD Ceph marked out",
        || {
            matches!(ceph.osd_safe_to_destroy(id), Ok(SafeToDestroy::Safe))
                && ceph.status().is_ok_and(|st| {
                    st.pgmap.num_pgs > 0
                        && st.pgs_with("clean") == st.pgmap.num_pgs
                        && st.pgs_with("active") == st.pgmap.num_pgs
                })
        },
    );
    at("drained by Ceph");
    replaced_without_a_drain(s, id, &serial);
    at("replaced");
    the_next_sync_clears_it(s, ceph, id, &serial, &devid);
    at("cleared after the replacement");
    // Ceph's own view follows once it checks again; the cluster is whole.
    let _ = ceph.ceph_ok(&["device", "check-health"]);
    if crate::ceph::health_ok_within(ceph, Duration::from_secs(300)).is_err() {
        panic!("HEALTH_OK not within 300 s: {}", health_detail(ceph));
    }
    crate::ceph_replace::read_back("test", dir, &objects);
    ceph.ceph_ok(&["config", "rm", "global", "mon_osd_min_in_ratio"])
        .unwrap();
    at("HEALTH_OK, objects read back");
}

/// Ceph names the VD from the udev data the simulator wrote, as it names a PERC's: its devid.
fn ceph_names_the_vd(ceph: &Ceph, id: u32, wwn: &str) -> String {
    let naa = wwn.trim_start_matches("naa.").to_owned();
    assert!(!naa.is_empty(), "the VD's WWN is not known: {wwn:?}");
    wait_until(
        Duration::from_secs(60),
        "ceph device ls lists the OSD's VD",
        || device_of(ceph, id).is_some(),
    );
    let dev = device_of(ceph, id).unwrap();
    let devid = dev.devid.clone();
    assert!(
        devid.starts_with("PERC_") && devid.ends_with(&format!("_{naa}")),
        "{devid} is not the VD's (NAA {naa})"
    );
    let meta = ceph.osd_metadata(Some(id)).unwrap();
    assert!(
        meta[0].device_id_pairs().iter().any(|(_, d)| *d == devid),
        "osd metadata: {:?}",
        meta[0].device_ids
    );
    assert_eq!(dev.life_expectancy(), None);
    devid
}

/// The drive predicts its failure: a dry run says what it would set and sets nothing; the
/// sync sets it, once (a second sync runs no command); status shows it with the reason.
fn sync_sets_the_life_expectancy_once(s: &Path, ceph: &Ceph, id: u32, devid: &str) {
    assert!(sim(s, &["sim", "predictive", "32:2", "3"]).status.success());
    let o = rc(s, &["ceph", "sync", "--dry-run", "--max-age", "0"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", err(&o));
    assert!(
        out.contains(&format!("set       {devid} (osd.{id}"))
            && out.contains("predictive failure count 3")
            && out.contains(&format!("device set-life-expectancy {devid} "))
            && out.contains("Dry run: 1 Ceph command(s) would run"),
        "{out}"
    );
    assert_eq!(device_of(ceph, id).and_then(|d| d.life_expectancy()), None);
    let o = rc(s, &["ceph", "sync", "--max-age", "0"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", err(&o));
    assert!(out.contains("1 change(s) made in Ceph."), "{out}");
    assert!(
        err(&o).contains("set the life expectancy") && err(&o).contains(devid),
        "the change is logged: {}",
        err(&o)
    );
    let (from, to) = device_of(ceph, id)
        .and_then(|d| d.life_expectancy())
        .unwrap_or_else(|| {
            panic!(
                "no life expectancy in `ceph device ls`: {:?}",
                ceph.device_ls()
            )
        });
    assert_eq!(to - from, 14 * 86_400, "{from} {to}");
    // Nothing changed: a second sync runs no command.
    let o = rc(s, &["--format", "json", "ceph", "sync", "--max-age", "0"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&o), err(&o)));
    let actions = doc["actions"].as_array().unwrap();
    assert!(
        actions
            .iter()
            .all(|a| a["action"] == "keep" && a["command"].is_null()),
        "{doc:#}"
    );
    assert_eq!(actions.len(), 1, "{doc:#}");
    // Status shows it on the drive, with the reason.
    let st = status_json(s);
    let pd = st["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == 2)
        .unwrap()
        .clone();
    assert_eq!(pd["ceph_life_expectancy"]["devid"], devid);
    assert_eq!(
        pd["ceph_life_expectancy"]["reasons"][0]["rule"],
        "pd-predictive-failure"
    );
}

/// Ceph acts on it: self_heal marks the OSD out while it still runs. (Three OSDs: one out
/// leaves 2/3 in, under the default mon_osd_min_in_ratio 0.75, where Ceph only warns.)
fn devicehealth_marks_it_out(ceph: &Ceph, id: u32) {
    for (who, key, value) in [
        ("global", "mon_osd_min_in_ratio", "0.5"),
        ("mgr", "mgr/devicehealth/self_heal", "true"),
        ("mgr", "mgr/devicehealth/mark_out_threshold", "2419200"),
    ] {
        ceph.ceph_ok(&["config", "set", who, key, value]).unwrap();
    }
    let t = Instant::now();
    let mut asked = Instant::now() - Duration::from_secs(60);
    let marked_out = loop {
        let state = ceph
            .osd_dump()
            .ok()
            .and_then(|d| d.osd(id).map(|o| (o.up == 1, o.is_in == 1)));
        if state == Some((true, false)) {
            break true;
        }
        if t.elapsed() > Duration::from_secs(180) {
            break false;
        }
        // devicehealth checks on its own schedule (its monitoring is off on this cluster):
        // asked to check now, every few seconds.
        if asked.elapsed() > Duration::from_secs(5) {
            let _ = ceph.ceph_ok(&["device", "check-health"]);
            asked = Instant::now();
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    assert!(
        marked_out,
        "Ceph's devicehealth did not mark osd.{id} out within 180 s: {}",
        health_detail(ceph)
    );
}

/// The replacement finds it drained: no out, no drain, straight to destroy.
fn replaced_without_a_drain(s: &Path, id: u32, serial: &str) {
    let sid = id.to_string();
    let o = rc(
        s,
        &[
            "replace-drive",
            "--osd",
            &sid,
            "--yes",
            "--serial",
            serial,
            "--qualify",
            "none",
            "--drain-timeout",
            "600",
            "--poll",
            "1",
        ],
    );
    let all = format!("{}{}", text(&o), err(&o));
    assert_eq!(o.status.code(), Some(0), "{all}");
    assert!(
        all.contains(&format!("osd.{id} is out and drained already"))
            && all.contains("no drain to wait for")
            && all.contains(&format!("osd.{id} is out already"))
            && all.contains(&format!("osd.{id} recreated with its id (raw)")),
        "{all}"
    );
}

/// The next sync clears what raidctl set on the old device; then there is nothing to do.
fn the_next_sync_clears_it(s: &Path, ceph: &Ceph, id: u32, serial: &str, devid: &str) {
    let (new_serial, new_id, _) = drive(s, 2);
    assert_eq!(new_id, id);
    assert_ne!(new_serial, serial);
    let o = rc(s, &["ceph", "sync", "--max-age", "0"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", err(&o));
    assert!(
        out.contains(&format!("clear     {devid}"))
            && out.contains(&format!("device rm-life-expectancy {devid}: done")),
        "{out}"
    );
    let old = ceph
        .device_ls()
        .unwrap()
        .into_iter()
        .find(|d| d.devid == devid);
    assert_eq!(old.and_then(|d| d.life_expectancy()), None);
    let new = device_of(ceph, id).unwrap();
    assert_ne!(new.devid, devid, "the new VD is another device");
    assert_eq!(new.life_expectancy(), None);
    assert!(!s.join("raidctl/ceph-life-expectancy.json").exists());
    let o = rc(s, &["ceph", "sync", "--max-age", "0"]);
    assert!(text(&o).starts_with("Nothing to do"), "{}", text(&o));
}

/// Without a cluster to ask, `ceph sync` changes nothing and says why (exit 3), in both
/// formats; `metrics --ceph-sync` is not failed by a host without Ceph.
#[test]
fn ceph_sync_without_a_cluster_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("sim");
    let run = |args: &[&str]| {
        let mut all = vec!["--sim", "ceph-node"];
        all.extend_from_slice(args);
        rc(&s, &all)
    };
    for args in [
        &["ceph", "sync"][..],
        &["--format", "json", "ceph", "sync", "--dry-run"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", err(&o));
        assert!(
            err(&o).contains("no Ceph cluster to ask") && err(&o).contains("nothing was changed"),
            "{args:?}: {}",
            err(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    assert!(!s.join("raidctl/ceph-life-expectancy.json").exists());
    let o = run(&["metrics", "--max-age", "0", "--ceph-sync"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        text(&o).contains("raidctl_scrape_success 1"),
        "{}",
        text(&o)
    );
    assert!(!err(&o).contains("ceph sync"), "{}", err(&o));
    // Bad options are usage errors.
    for bad in [["--window", "10m"], ["--wear-threshold", "0"]] {
        let o = run(&["ceph", "sync", bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", err(&o));
    }
}
