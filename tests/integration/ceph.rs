//! On a real Ceph 16 cluster: one mon, one mgr and three raw BlueStore OSDs
//! (`scripts/ceph-test-cluster.sh`) on the loop devices that back a `ceph-node` simulator's
//! single-drive RAID0 VDs on [32:2]..[32:4] (`sim block-devices on`). Checks the identity join
//! in `status` (table and JSON), the `osd` label in `metrics` (promtool), `pd locate --osd`,
//! Ceph's device health told by `raidctl ceph sync` and acted on ([`crate::ceph_health`]),
//! that `sim fail` kills the OSD's I/O so Ceph marks it down, and the client wrappers as the
//! reference's §5 describes them (safe-to-destroy's not-yet answer, destroy keeps the id, raw
//! prepare --osd-id reuses it, daemon stop/start by pid).
//!
//! Needs root and Debian's ceph-mon, ceph-mgr, ceph-osd, ceph-common and udev: outside CI the
//! test says why it skips; under `CI=true` it fails. One cluster at a time on a machine: the
//! test holds `/run/lock/raidctl-ceph-test.lock` while it runs.

use crate::ceph_decoys::{
    decoys_are_never_taken_for_the_osd, spare_with_a_foreign_label,
    stale_and_foreign_names_touch_nothing,
};
use raidctl::ceph::{Ceph, CephOptions, SafeToDestroy, Started, Stopped, VolumePlan};
use raidctl::model::OsdMode;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

pub(crate) const LOCK: &str = "/run/lock/raidctl-ceph-test.lock";

pub(crate) fn raidctl() -> &'static str {
    env!("CARGO_BIN_EXE_raidctl")
}

pub(crate) fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/ceph-test-cluster.sh")
}

/// Why this machine cannot run the test, if it cannot.
pub(crate) fn missing() -> Option<String> {
    if !rustix::process::geteuid().is_root() {
        return Some("needs root (loop devices, ceph-volume's tmpfs)".into());
    }
    for t in [
        "ceph",
        "ceph-mon",
        "ceph-mgr",
        "ceph-osd",
        "ceph-volume",
        "rados",
        "udevadm",
        "losetup",
    ] {
        let found = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"]
            .iter()
            .any(|d| Path::new(d).join(t).exists());
        if !found {
            return Some(format!(
                "{t} not installed (apt-get install ceph-mon ceph-mgr ceph-osd ceph-common udev)"
            ));
        }
    }
    None
}

pub(crate) fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("spawn")
}

pub(crate) fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub(crate) fn sim(s: &Path, args: &[&str]) -> Output {
    run(Command::new(raidctl())
        .arg("--sim-state")
        .arg(s)
        .args(args)
        .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap_or(s)))
        .env_remove("CEPH_CONF"))
}

/// Polls `f` every half second until it holds or `limit` passes.
pub(crate) fn wait_until(limit: Duration, what: &str, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while t.elapsed() < limit {
        if f() {
            // Where a suite's minutes go (seen with --nocapture, or above a failure).
            if t.elapsed() > Duration::from_secs(3) {
                eprintln!("ceph: {:.1} s until {what}", t.elapsed().as_secs_f64());
            }
            return;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    panic!("{what}: not within {} s", limit.as_secs());
}

/// Stops the cluster and detaches the simulator's loop devices, whatever happened.
pub(crate) struct Cleanup {
    pub(crate) cluster: PathBuf,
    pub(crate) sim: PathBuf,
    pub(crate) extra_loop: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(script())
            .arg("stop")
            .arg(&self.cluster)
            .status();
        // An OSD directory a test mounted by hand (raw activate) goes with the cluster's.
        let _ = sim(&self.sim, &["sim", "block-devices", "off"]);
        if let Some(d) = self.extra_loop.lock().ok().and_then(|mut d| d.take()) {
            let _ = Command::new("losetup").arg("--detach").arg(d).status();
        }
    }
}

pub(crate) fn bench(pool: &str, secs: u32) {
    // 1 MiB objects, a few seconds: tens of MiB, as the reference's §5 advises.
    let o = run(Command::new("rados").args([
        "-p",
        pool,
        "bench",
        &secs.to_string(),
        "write",
        "-b",
        "1048576",
        "-t",
        "4",
        "--no-cleanup",
    ]));
    assert!(
        o.status.success(),
        "rados bench: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

pub(crate) fn status_json(s: &Path) -> serde_json::Value {
    let o = sim(s, &["status", "--max-age", "0", "--format", "json"]);
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("status json: {e}: {}", text(&o)))
}

/// target id → (osd id, up) from `status --format json`.
pub(crate) fn vd_osds(doc: &serde_json::Value) -> Vec<(u64, u64, bool)> {
    doc["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| {
            let o = l["osd"].as_array()?.first()?;
            Some((
                l["target_id"].as_u64()?,
                o["id"].as_u64()?,
                o["up"].as_bool()?,
            ))
        })
        .collect()
}

/// The suites that start a Ceph cluster, one after another on one of libtest's threads: each
/// holds the machine's Ceph lock ([`LOCK`]) for minutes, and a test waiting for it would keep
/// a second thread idle all that time (half of a 2-core machine's suite). A failed suite does
/// not keep the next from running; the test fails naming it (its panic is printed above).
/// `RAIDCTL_CEPH_SUITES=replace` (names or parts of names, comma-separated) runs only those.
#[test]
fn ceph_clusters() {
    // The end-to-end suite first, replace, then cephadm: measured in CI, replace and cephadm
    // first with the end-to-end suite last took 830 s (replace 420 s beside the rest of the
    // test suite), this order 772 s.
    let suites: [(&str, fn()); 3] = [
        ("ceph::ceph_cluster_end_to_end", ceph_cluster_end_to_end),
        (
            "ceph_replace::replace_osd_drive_through_both_layers",
            crate::ceph_replace::replace_osd_drive_through_both_layers,
        ),
        (
            "cephadm_cluster::cephadm_cluster_end_to_end",
            crate::cephadm_cluster::cephadm_cluster_end_to_end,
        ),
    ];
    let only = std::env::var("RAIDCTL_CEPH_SUITES").unwrap_or_default();
    let wanted = |name: &str| only.is_empty() || only.split(',').any(|w| name.contains(w.trim()));
    let mut failed = Vec::new();
    // Each suite's time, also where .ci/run prints it on success (libtest keeps a passing
    // test's output to itself, and these suites are the test stage's longest path).
    let times = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ceph-suites.txt");
    let mut report = String::new();
    for (name, suite) in suites.iter().filter(|(n, _)| wanted(n)) {
        let t = Instant::now();
        if std::panic::catch_unwind(suite).is_err() {
            failed.push(*name);
        }
        let line = format!("{name}: {:.0} s", t.elapsed().as_secs_f64());
        eprintln!("{line}");
        report.push_str(&line);
        report.push('\n');
        let _ = std::fs::write(&times, &report);
    }
    assert!(
        failed.is_empty(),
        "failed (their panics are above): {failed:?}"
    );
}

/// The machine's Ceph test lock (one cluster at a time, across test binaries), held until the
/// file is dropped; a package cluster still running then is a killed test's (its clean-up
/// never ran) and is stopped first, or every later start would be refused.
pub(crate) fn lock_and_reap() -> std::fs::File {
    let _ = std::fs::create_dir_all("/run/lock");
    let lock = std::fs::File::create(LOCK).unwrap();
    lock.lock().unwrap();
    let o = run(Command::new("bash").arg(script()).arg("reap"));
    assert!(o.status.success(), "ceph-test-cluster reap: {}", text(&o));
    lock
}

/// RAID0 VDs on [32:2]..[32:4] of the `ceph-node` simulator, their loop devices, and a
/// package cluster with a raw OSD on each; the devices, in slot order.
pub(crate) fn start_vds_and_cluster(s: &Path, cluster: &Path) -> Vec<String> {
    assert!(
        sim(s, &["--sim", "ceph-node", "status"])
            .status
            .code()
            .is_some()
    );
    for slot in ["32:2", "32:3", "32:4"] {
        let o = sim(s, &["ld", "create", "--raid", "raid0", slot, "--yes"]);
        assert!(
            o.status.success(),
            "ld create {slot}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let o = sim(s, &["sim", "block-devices", "on", "--size-gb", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let devs: Vec<String> = [2, 3, 4].iter().map(|n| vd_device(s, *n)).collect();
    for d in &devs {
        assert!(d.starts_with("/dev/loop"), "{devs:?}");
    }
    let o = run(Command::new("bash")
        .arg(script())
        .arg("start")
        .arg(cluster)
        .args(&devs));
    assert!(
        o.status.success(),
        "cluster start: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    devs
}

/// One Ceph cluster, every Ceph-facing command of raidctl against it.
pub(crate) fn ceph_cluster_end_to_end() {
    if let Some(why) = missing() {
        // .ci/run installs the packages and runs as root.
        crate::util::skip(&format!("the Ceph test cluster: {why}"));
        return;
    }
    let started = Instant::now();
    let at = |what: &str| {
        eprintln!(
            "ceph e2e: {what} at {:.0} s",
            started.elapsed().as_secs_f64()
        );
    };
    let _lock = lock_and_reap();
    let tmp = tempfile::tempdir().unwrap();
    let s = tmp.path().join("sim");
    let cluster = tmp.path().join("cluster");
    let extra_loop = std::sync::Arc::new(std::sync::Mutex::new(None));
    let _cleanup = Cleanup {
        cluster: cluster.clone(),
        sim: s.clone(),
        extra_loop: extra_loop.clone(),
    };
    let devs = start_vds_and_cluster(&s, &cluster);
    at("cluster up");
    let ceph = Ceph::new(CephOptions {
        env: vec![("CEPH_VOLUME_ALLOW_LOOP_DEVICES".into(), "1".into())],
        ..CephOptions::default()
    });
    ceph.pool_create("test", 16).unwrap();
    bench("test", 2);
    at("pool and bench");
    let (osds, victim) = the_join_places_every_osd(&s, &ceph);
    metrics_and_locate_name_the_osd(&s, &osds, victim);
    the_wrappers_while_all_is_up(&ceph, victim, &devs);
    at("join, metrics, locate, wrappers");
    // Ceph's device health told by raidctl, acted on, and the drive replaced (issue 41).
    crate::ceph_health::device_health_through_ceph(&s, tmp.path(), &ceph, &at);
    // A healthy spare VD before the failure (a dead VD's pinned cache would refuse it later).
    let spare = spare_with_a_foreign_label(&s, victim);
    a_dead_drive_takes_its_osd_down(&s, &ceph, victim);
    at("OSD down after sim fail");
    stale_and_foreign_names_touch_nothing(&s, victim, &spare);
    at("stale name and foreign label refused");
    drain_and_destroy(&ceph, victim);
    at("drained and destroyed");
    recreate_on_a_fresh_device(&s, tmp.path(), &ceph, victim, &extra_loop);
    at("recreated with its id");
    reweight_pools_and_zap(tmp.path(), &ceph, victim);
    at("reweight, pools, zap");
    // Daemon stop and start by pid (no systemd here) on a healthy OSD.
    let other = osds
        .iter()
        .map(|(_, id, _)| u32::try_from(*id).unwrap())
        .find(|id| *id != victim)
        .unwrap();
    stop_and_start_a_daemon(&ceph, other);
    at("daemon stop and start");
    the_mon_gone(&s, tmp.path(), &cluster);
    drop(_cleanup);
    eprintln!("ceph end-to-end: {:.0} s", started.elapsed().as_secs_f64());
}

/// The join in status: every VD on [32:2]..[32:4] shows its OSD, up and in, on the device
/// Ceph names. Returns the VDs' (target, OSD, up) and the OSD on [32:3]'s VD.
fn the_join_places_every_osd(s: &Path, ceph: &Ceph) -> (Vec<(u64, u64, bool)>, u32) {
    // An OSD that has just booted posts its metadata (its devices) to the mon a moment
    // later; until then the join cannot place it, as on a real host.
    let joined = Instant::now();
    let mut doc = status_json(s);
    while joined.elapsed() < Duration::from_secs(60) {
        let osds = vd_osds(&doc);
        if osds.len() == 3 && osds.iter().all(|(_, _, up)| *up) {
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
        doc = status_json(s);
    }
    let osds = vd_osds(&doc);
    let why = || {
        let lds: Vec<_> = doc["snapshot"]["logical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["target_id"].clone(), l["osd"].clone()))
            .collect();
        format!(
            "{osds:?}\n{lds:?}\nproblems: {}\nwarnings: {}",
            doc["problems"], doc["snapshot"]["warnings"]
        )
    };
    assert_eq!(osds.len(), 3, "{}", why());
    assert!(osds.iter().all(|(_, _, up)| *up), "{}", why());
    let meta = ceph.osd_metadata(None).unwrap();
    for (target, id, _) in &osds {
        let m = meta.iter().find(|m| u64::from(m.id) == *id).unwrap();
        let ld = doc["snapshot"]["logical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["target_id"] == *target)
            .unwrap();
        assert_eq!(
            ld["block_device"].as_str(),
            Some(m.bluestore_bdev_dev_node.as_str())
        );
        assert_eq!(ld["osd"][0]["mode"], "raw");
    }
    let table = text(&sim(s, &["status", "--max-age", "0"]));
    for (_, id, _) in &osds {
        assert!(table.contains(&format!("osd.{id} up/in")), "{table}");
    }
    // The OSD on [32:3]'s VD.
    let drive3 = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == 3)
        .unwrap()
        .clone();
    let victim = u32::try_from(drive3["osd"][0]["id"].as_u64().unwrap()).unwrap();
    (osds, victim)
}

/// Metrics carry the osd label (and promtool accepts them); `pd locate --osd` blinks its bay.
fn metrics_and_locate_name_the_osd(s: &Path, osds: &[(u64, u64, bool)], victim: u32) {
    let m = text(&sim(s, &["metrics", "--max-age", "0"]));
    for (target, id, _) in osds {
        let want = format!(
            "raidctl_ld_state{{adapter=\"0\",target_id=\"{target}\",osd=\"osd.{id}\",state=\"optimal\"}} 1"
        );
        assert!(m.contains(&want), "{want} not in\n{m}");
    }
    assert!(
        m.lines()
            .any(|l| l.contains("slot=\"3\",") && l.contains(&format!(",osd=\"osd.{victim}\""))),
        "{m}"
    );
    if let Some((ok, msg)) = crate::health::promtool(&m) {
        assert!(ok, "promtool check metrics: {msg}");
    }
    let o = sim(s, &["pd", "locate", "--osd", &victim.to_string()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(blinking(s), [3]);
    assert!(sim(s, &["pd", "locate", "32:3", "--stop"]).status.success());
}

/// The Ceph client's wrappers while everything is up.
fn the_wrappers_while_all_is_up(ceph: &Ceph, victim: u32, devs: &[String]) {
    let st = ceph.status().unwrap();
    assert_eq!(st.osdmap.num_up_osds, 3);
    assert!(ceph.osd_tree().unwrap().osd(victim).is_some());
    assert!(ceph.osd_dump().unwrap().osd(victim).is_some());
    assert_eq!(ceph.osd_metadata(Some(victim)).unwrap()[0].id, victim);
    let _ = ceph.device_ls().unwrap();
    assert!(ceph.lvm_list().unwrap().is_empty());
    let raw = ceph.raw_list().unwrap();
    assert!(
        raw.values()
            .any(|r| r.osd_id == victim && devs.contains(&r.device)),
        "{raw:?}"
    );
    let ok = ceph.osd_ok_to_stop(victim).unwrap();
    assert_eq!(ok.osds, [victim]);
    let safe = ceph.osd_safe_to_destroy(victim).unwrap();
    assert_ne!(
        safe,
        SafeToDestroy::Safe,
        "an up and in OSD holding PGs is not safe to destroy"
    );
}

/// A dead drive: the VD goes offline, its loop device fails I/O, ceph-osd dies on EIO and the
/// cluster marks it down; status says so, and no decoy is taken for the OSD.
fn a_dead_drive_takes_its_osd_down(s: &Path, ceph: &Ceph, victim: u32) {
    assert!(sim(s, &["sim", "fail", "32:3"]).status.success());
    wait_until(
        Duration::from_secs(120),
        "the OSD on the failed VD marked down",
        || {
            bench("test", 1);
            ceph.osd_tree()
                .ok()
                .and_then(|t| t.osd(victim).and_then(|n| n.status.clone()))
                .as_deref()
                == Some("down")
        },
    );
    wait_until(Duration::from_secs(30), "its ceph-osd gone", || {
        ceph.osd_pid(victim).is_none()
    });
    decoys_are_never_taken_for_the_osd(ceph, victim);
    let table = text(&sim(s, &["status", "--max-age", "0"]));
    assert!(
        table.contains(&format!("[32:3] (osd.{victim}) failed")),
        "{table}"
    );
    assert!(table.contains(&format!("osd.{victim} down/in")), "{table}");
}

/// Drain: out, then safe-to-destroy's "not yet" until it is safe; destroy keeps the id.
fn drain_and_destroy(ceph: &Ceph, victim: u32) {
    ceph.osd_out(victim).unwrap();
    wait_until(
        Duration::from_secs(180),
        "safe-to-destroy after out",
        || matches!(ceph.osd_safe_to_destroy(victim), Ok(SafeToDestroy::Safe)),
    );
    assert_eq!(
        ceph.stop_osd(victim, Duration::from_secs(30)).unwrap(),
        Stopped::NotRunning
    );
    ceph.osd_destroy(victim).unwrap();
    let tree = ceph.osd_tree().unwrap();
    assert_eq!(
        tree.osd(victim).and_then(|n| n.status.as_deref()),
        Some("destroyed")
    );
    assert!(ceph.osd_dump().unwrap().osd(victim).unwrap().destroyed());
}

/// Recreate with the same id, raw as before, on a fresh device. (A new VD on this controller
/// would need the dead VD's pinned cache dealt with first: the replacement flow's business,
/// not the client's; a loop device of the test's own stands in, handed to the clean-up.)
fn recreate_on_a_fresh_device(
    s: &Path,
    dir: &Path,
    ceph: &Ceph,
    victim: u32,
    extra_loop: &std::sync::Mutex<Option<String>>,
) {
    let img = dir.join("new.img");
    std::fs::File::create(&img)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let o = run(Command::new("losetup")
        .args(["--find", "--show", "--direct-io=on"])
        .arg(&img));
    assert!(o.status.success());
    let new_dev = text(&o).trim().to_owned();
    *extra_loop.lock().unwrap() = Some(new_dev.clone());
    // The dead OSD's tmpfs is still mounted: prepare mounts a fresh one there.
    let osd_dir = format!("/var/lib/ceph/osd/ceph-{victim}");
    let _ = Command::new("umount").arg(&osd_dir).status();
    let plan = VolumePlan {
        mode: OsdMode::Raw,
        osd_id: victim,
        data: new_dev.clone(),
        db: None,
        wal: None,
        device_class: None,
        no_systemd: true,
    };
    plan.check().unwrap();
    ceph.run_volume_step(&plan.prepare()).unwrap();
    ceph.run_volume_step(&plan.activate(None)).unwrap();
    match ceph.start_osd(victim).unwrap() {
        Started::Direct { .. } | Started::Systemd => {}
    }
    ceph.osd_in(victim).unwrap();
    wait_until(
        Duration::from_secs(120),
        "the recreated OSD up and in",
        || {
            ceph.osd_dump()
                .ok()
                .and_then(|d| d.osd(victim).map(|o| o.up == 1 && o.is_in == 1))
                == Some(true)
        },
    );
    let raw = ceph.raw_list().unwrap();
    assert!(
        raw.values()
            .any(|r| r.osd_id == victim && r.device == new_dev),
        "{raw:?}"
    );
    // The dead VD no longer shows it: the join follows the device.
    let again = vd_osds(&status_json(s));
    assert!(
        !again.iter().any(|(_, id, _)| *id == u64::from(victim)),
        "{again:?}"
    );
}

/// CRUSH weight (a recreated id keeps its old weight; reweight sets it), pools as the flow's
/// fault tests need them, and zap.
fn reweight_pools_and_zap(dir: &Path, ceph: &Ceph, victim: u32) {
    let before = ceph
        .osd_tree()
        .unwrap()
        .osd(victim)
        .and_then(|n| n.crush_weight)
        .unwrap();
    ceph.osd_crush_reweight(victim, before * 2.0).unwrap();
    let after = ceph
        .osd_tree()
        .unwrap()
        .osd(victim)
        .and_then(|n| n.crush_weight)
        .unwrap();
    assert!((after - before * 2.0).abs() < 1e-3, "{before} -> {after}");
    ceph.osd_crush_reweight(victim, before).unwrap();
    ceph.pool_create("single", 8).unwrap();
    ceph.pool_set("single", "size", "1").unwrap();
    assert_eq!(
        ceph.osd_dump().unwrap().pool("single").map(|p| p.size),
        Some(1)
    );
    ceph.pool_delete("single").unwrap();
    assert!(ceph.osd_dump().unwrap().pool("single").is_none());
    // Zap (Ceph 16 has no raw zap: lvm zap wipes a raw device too) on a device of its own.
    let zimg = dir.join("zap.img");
    std::fs::File::create(&zimg)
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    let o = run(Command::new("losetup")
        .args(["--find", "--show"])
        .arg(&zimg));
    let zdev = text(&o).trim().to_owned();
    let zapped = ceph.run_volume_step(&raidctl::ceph::volume::zap(&zdev, false));
    let _ = Command::new("losetup").arg("--detach").arg(&zdev).status();
    zapped.unwrap();
}

/// Daemon stop and start by pid (no systemd here).
fn stop_and_start_a_daemon(ceph: &Ceph, other: u32) {
    match ceph.stop_osd(other, Duration::from_secs(60)).unwrap() {
        Stopped::Signalled { .. } | Stopped::Systemd => {}
        Stopped::NotRunning => panic!("osd.{other} was running"),
    }
    assert!(ceph.osd_pid(other).is_none());
    ceph.start_osd(other).unwrap();
    wait_until(Duration::from_secs(120), "the restarted OSD up", || {
        ceph.osd_dump()
            .ok()
            .and_then(|d| d.osd(other).map(|o| o.up == 1))
            == Some(true)
    });
}

/// The mon gone: status pays one connect timeout and says so once; the cluster's ceph.conf
/// is not left behind.
fn the_mon_gone(s: &Path, dir: &Path, cluster: &Path) {
    let conf = dir.join("ceph.conf");
    std::fs::copy(cluster.join("ceph.conf"), &conf).unwrap();
    // Only the cluster stops: the simulator keeps its block devices (without them a
    // simulator asks no cluster at all).
    let o = run(Command::new("bash").arg(script()).arg("stop").arg(cluster));
    assert!(
        o.status.success(),
        "cluster stop: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let t = Instant::now();
    let o = run(Command::new(raidctl())
        .arg("--sim-state")
        .arg(s)
        .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap_or(s)))
        .arg("--ceph-conf")
        .arg(&conf)
        .args(["status", "--max-age", "0"]));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("unreachable").count(), 1, "{err}");
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    assert!(
        !Path::new("/etc/ceph/ceph.conf").exists()
            || std::fs::read_to_string("/etc/ceph/ceph.conf")
                .is_ok_and(|t| !t.contains(&*cluster.to_string_lossy())),
        "the cluster's ceph.conf was left behind"
    );
}

/// The pids of this machine's processes whose command line holds every word of `all` (the
/// cephadm test script's own lines left out).
pub(crate) fn procs(all: &[&str]) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let pid: u32 = e.file_name().to_str()?.parse().ok()?;
            let c = std::fs::read(e.path().join("cmdline")).ok()?;
            let c = String::from_utf8_lossy(&c).replace('\0', " ");
            (!c.contains("cephadm-test-cluster") && all.iter().all(|w| c.contains(w)))
                .then_some(pid)
        })
        .collect()
}

/// Waits up to `limit` for HEALTH_OK; when it does not come, the last health Ceph gave.
pub(crate) fn health_ok_within(ceph: &Ceph, limit: Duration) -> Result<(), String> {
    let t = Instant::now();
    loop {
        let last = match ceph.status() {
            Ok(st) if st.health.status == "HEALTH_OK" => return Ok(()),
            Ok(st) => format!("{:?}", st.health),
            Err(e) => e.to_string(),
        };
        if t.elapsed() > limit {
            return Err(last);
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// Slots of adapter 0 whose locate LED is on, from the simulator's state.
pub(crate) fn blinking(s: &Path) -> Vec<u64> {
    let st: serde_json::Value = serde_json::from_slice(&sim(s, &["sim", "state"]).stdout).unwrap();
    st["adapters"][0]["drives"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["locate"] == true)
        .map(|d| d["slot"].as_u64().unwrap())
        .collect()
}

/// The loop device backing the single-drive VD on [32:slot].
pub(crate) fn vd_device(s: &Path, slot: u64) -> String {
    vd_device_opt(s, slot).unwrap_or_else(|| panic!("no VD device for slot {slot}"))
}

/// [`vd_device`], `None` while the VD over `slot` has no block device (or no VD is there).
pub(crate) fn vd_device_opt(s: &Path, slot: u64) -> Option<String> {
    block_map(s)
        .iter()
        .find(|d| d["kind"] == "vd" && d["members"][0]["slot"] == slot)
        .and_then(|d| d["device"].as_str())
        .map(str::to_owned)
}

/// The block-device map as `sim block-devices --format json` prints it.
pub(crate) fn block_map(s: &Path) -> Vec<serde_json::Value> {
    let o = sim(s, &["--format", "json", "sim", "block-devices"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice::<serde_json::Value>(&o.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn tool(s: &Path, name: &str, args: &[&str]) {
    let mut all = vec!["sim", "exec", name, "--"];
    all.extend_from_slice(args);
    let o = sim(s, &all);
    assert!(
        o.status.code().is_some(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Sectors of a loop device (`/sys/block/loopN/size`) while it backs a file under the
/// simulator's directory `s`; `None` once it is detached. Other tests attach loop devices
/// concurrently and the kernel hands a freed number to the next one, so "still attached" means
/// "still backs our file", not "the number exists".
fn loop_sectors(s: &Path, dev: &str) -> Option<u64> {
    let name = dev.trim_start_matches("/dev/");
    let backing = std::fs::read_to_string(format!("/sys/block/{name}/loop/backing_file")).ok()?;
    let backing = backing.trim().trim_end_matches(" (deleted)");
    if !Path::new(backing).starts_with(s) {
        return None;
    }
    std::fs::read_to_string(format!("/sys/block/{name}/size"))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// VDs made and deleted through MegaCli, storcli and omconfig (child processes) get and lose
/// their loop devices; a failed member makes the VD's device fail I/O (one sector left), and
/// `off` detaches everything. Root only (losetup); no Ceph needed.
#[test]
fn sim_block_devices_follow_every_front_end() {
    if !rustix::process::geteuid().is_root() {
        crate::util::skip("sim block-devices needs root (losetup)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let s = tmp.path().join("sim");
    assert!(
        sim(&s, &["--sim", "ceph-node", "status"])
            .status
            .code()
            .is_some()
    );
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    struct Off(PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
        }
    }
    let _off = Off(s.clone());
    // The OS RAID 1 of ceph-node is there from the start.
    let m = block_map(&s);
    assert_eq!(m.len(), 1, "{m:?}");
    let vd_with = |m: &[serde_json::Value], slot: u64| {
        m.iter()
            .find(|d| {
                d["kind"] == "vd"
                    && d["members"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|x| x["slot"] == slot)
            })
            .cloned()
    };
    tool(&s, "MegaCli64", &["-CfgLdAdd", "-r0[32:5]", "-a0"]);
    tool(
        &s,
        "storcli64",
        &["/c0", "add", "vd", "type=raid0", "drives=32:6"],
    );
    let m = block_map(&s);
    let a = vd_with(&m, 5).expect("MegaCli's VD backed");
    let b = vd_with(&m, 6).expect("storcli's VD backed");
    let (dev_a, dev_b) = (
        a["device"].as_str().unwrap().to_owned(),
        b["device"].as_str().unwrap().to_owned(),
    );
    // 1 GiB cap: 2 Mi sectors.
    assert_eq!(loop_sectors(&s, &dev_a), Some(2 << 20));
    assert!(std::fs::File::open(&dev_b).is_ok());
    // A failed member: the RAID 0 goes offline and its device keeps one sector.
    assert!(sim(&s, &["sim", "fail", "32:5"]).status.success());
    assert_eq!(loop_sectors(&s, &dev_a), Some(1));
    assert_eq!(vd_with(&block_map(&s), 5).unwrap()["failed"], true);
    // Deleted through omconfig and storcli: detached, files gone.
    let ta = a["target"].as_u64().unwrap().to_string();
    let tb = b["target"].as_u64().unwrap();
    tool(
        &s,
        "omconfig",
        &[
            "storage",
            "vdisk",
            "action=deletevdisk",
            "controller=0",
            &format!("vdisk={ta}"),
        ],
    );
    tool(&s, "storcli64", &[&format!("/c0/v{tb}"), "del", "force"]);
    let m = block_map(&s);
    assert!(
        vd_with(&m, 5).is_none() && vd_with(&m, 6).is_none(),
        "{m:?}"
    );
    assert_eq!(loop_sectors(&s, &dev_a), None, "{dev_a} still attached");
    assert_eq!(loop_sectors(&s, &dev_b), None, "{dev_b} still attached");
    let os_dev = m[0]["device"].as_str().unwrap().to_owned();
    assert!(sim(&s, &["sim", "block-devices", "off"]).status.success());
    assert_eq!(loop_sectors(&s, &os_dev), None);
    assert!(std::fs::read_dir(s.join("disks")).map_or(true, |mut d| d.next().is_none()));
}
