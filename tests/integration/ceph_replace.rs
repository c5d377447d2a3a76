//! `replace-drive --osd N` through both layers on a real Ceph 16 cluster: RAID0 OSDs on the
//! simulator's VDs [32:2]..[32:4] (loop devices), objects written, [32:3] failed so its
//! `ceph-osd` dies of EIO as a dead disk kills it, then the whole replacement: Ceph drains and
//! destroys the OSD keeping its id, the controller flow replaces the single-drive RAID0 and
//! qualifies the new drive, the OSD is recreated with its id on the new VD, and every object
//! reads back once the cluster is HEALTH_OK again.
//!
//! The faults on the way: the mon stopped during the drain (the workflow stops, `resume` goes
//! on once it is back), raidctl SIGKILLed while `ceph-volume prepare` runs (`resume` sees the
//! prepared OSD and goes on), and a pool of size 1 whose only copies sit on the dead OSD
//! (never safe to destroy: stopped before any controller change).
//!
//! Needs what `ceph.rs` needs (root, Debian's Ceph 16 packages): outside CI it says why it
//! skips; under `CI=true` it fails. One cluster at a time: it holds the same lock.

use crate::ceph::{Cleanup, bench, missing, raidctl, run, script, sim, text, wait_until};
use raidctl::ceph::{Ceph, CephOptions};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// raidctl on the simulator in `s` with the options every run here takes.
fn rc(s: &Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(raidctl());
    c.arg("--sim-state")
        .arg(s)
        .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap_or(s)))
        .args(["--timeout", "120"])
        .args(args)
        .env_remove("CEPH_CONF")
        .env("RAIDCTL_NO_PROGRESS", "1");
    for (k, v) in env {
        c.env(k, v);
    }
    let t = Instant::now();
    let o = run(&mut c);
    eprintln!(
        "ceph replace: {args:?} took {:.1} s",
        t.elapsed().as_secs_f64()
    );
    o
}

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `osd.N`'s (up, in, destroyed).
fn osd_state(ceph: &Ceph, id: u32) -> Option<(bool, bool, bool)> {
    let d = ceph.osd_dump().ok()?;
    d.osd(id).map(|o| (o.up == 1, o.is_in == 1, o.destroyed()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Objects with known contents: name → sha256 of what was put.
pub(crate) fn put_objects(pool: &str, dir: &Path, n: usize) -> Vec<(String, String)> {
    use sha2::Digest;
    let mut out = Vec::new();
    for i in 0..n {
        let name = format!("obj-{i}");
        // Deterministic, distinct contents (64 KiB each).
        let data: Vec<u8> = (0..65_536u32)
            .map(|j| u8::try_from((j.wrapping_mul(31) ^ u32::try_from(i).unwrap()) & 0xff).unwrap())
            .collect();
        let f = dir.join(&name);
        std::fs::write(&f, &data).unwrap();
        let o = run(Command::new("rados")
            .args(["-p", pool, "put", &name])
            .arg(&f));
        assert!(o.status.success(), "rados put: {}", err(&o));
        out.push((name, hex(&sha2::Sha256::digest(&data))));
    }
    out
}

pub(crate) fn read_back(pool: &str, dir: &Path, objects: &[(String, String)]) {
    use sha2::Digest;
    for (name, sum) in objects {
        let f = dir.join(format!("{name}.back"));
        let o = run(Command::new("rados")
            .args(["-p", pool, "get", name])
            .arg(&f));
        assert!(o.status.success(), "rados get {name}: {}", err(&o));
        let got = hex(&sha2::Sha256::digest(std::fs::read(&f).unwrap()));
        assert_eq!(&got, sum, "{name} read back different contents");
    }
}

/// The OSD on the VD over `slot`, from raidctl's own JSON.
fn osd_on_slot(s: &Path, slot: u64) -> u32 {
    let doc = crate::ceph::status_json(s);
    let d = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == slot)
        .unwrap()
        .clone();
    u32::try_from(d["osd"][0]["id"].as_u64().unwrap()).unwrap()
}

/// A reboot between OSD creation and failure: every OSD stopped and its directory unmounted,
/// the simulator's loop devices renumbered (each VD's kernel name is another's afterwards),
/// each OSD activated again from its device and started. Everything after runs on moved
/// names: Ceph's metadata and the OSD directories say the new ones, raidctl's last verified
/// places the old ones.
fn renumber_the_loop_devices(s: &Path, ceph: &Ceph, victim: u32) {
    let dev_of = |slot: u64| crate::ceph::vd_device(s, slot);
    let before = dev_of(3);
    let ids: Vec<u32> = [2, 3, 4].iter().map(|slot| osd_on_slot(s, *slot)).collect();
    for id in &ids {
        ceph.stop_osd(*id, Duration::from_secs(60)).unwrap();
        wait_until(Duration::from_secs(60), "the stopped ceph-osd gone", || {
            ceph.osd_pid(*id).is_none()
        });
        // The process may outlive its pid file by a moment: the mount says when it is gone.
        wait_until(
            Duration::from_secs(60),
            "the OSD directory unmounted",
            || {
                Command::new("umount")
                    .arg(format!("/var/lib/ceph/osd/ceph-{id}"))
                    .stderr(std::process::Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            },
        );
    }
    let o = sim(s, &["sim", "block-devices", "renumber"]);
    assert!(o.status.success(), "renumber: {}", err(&o));
    let after = dev_of(3);
    assert_ne!(before, after, "{}", text(&o));
    for slot in [2, 3, 4] {
        let o = run(Command::new("ceph-volume")
            .args(["raw", "activate", "--device", &dev_of(slot), "--no-systemd"])
            .env("CEPH_VOLUME_ALLOW_LOOP_DEVICES", "1"));
        assert!(o.status.success(), "raw activate: {}", err(&o));
    }
    for id in &ids {
        // A reboot empties /run: no pid file survives it.
        if let Some(f) = ceph.osd_pid_file(*id) {
            let _ = std::fs::remove_file(f);
        }
        if *id == victim {
            // As a site runs it: as root, no --setuser. Its pid file is root's, and stays
            // behind when the daemon dies of its disk.
            let o = run(Command::new("ceph-osd").args([
                "-i",
                &id.to_string(),
                "--conf",
                "/etc/ceph/ceph.conf",
            ]));
            assert!(o.status.success(), "ceph-osd as root: {}", err(&o));
        } else {
            ceph.start_osd(*id).unwrap();
        }
    }
    wait_until(Duration::from_secs(180), "the OSDs up again", || {
        ids.iter()
            .all(|id| osd_state(ceph, *id).is_some_and(|(up, ..)| up))
    });
    // Ceph's metadata follows the new name once the OSD has booted and posted it.
    wait_until(
        Duration::from_secs(60),
        "the new name in osd metadata",
        || {
            ceph.osd_metadata(Some(victim))
                .ok()
                .and_then(|m| m.first().map(|m| m.bluestore_bdev_dev_node.clone()))
                .as_deref()
                == Some(after.as_str())
        },
    );
    assert_eq!(osd_on_slot(s, 3), victim, "the join follows the moved name");
}

/// Waits until `osd.id` is marked down, keeping I/O going so the dead disk is noticed.
fn wait_down(ceph: &Ceph, id: u32) {
    wait_until(
        Duration::from_secs(180),
        "the OSD on the failed VD down",
        || {
            bench("test", 1);
            osd_state(ceph, id).is_some_and(|(up, ..)| !up)
        },
    );
}

/// The replacement suite's cluster and simulator: what every phase of the scenario reads.
struct Scene<'a> {
    /// Scratch files (objects put and read back, each resume's words).
    dir: &'a Path,
    /// The simulator's state directory.
    s: PathBuf,
    cluster: PathBuf,
    ceph: Ceph,
    started: Instant,
}

impl Scene<'_> {
    /// Says how far the scenario got (with --nocapture), for the suite's timing.
    fn at(&self, what: &str) {
        eprintln!(
            "ceph replace: {what} at {:.0} s",
            self.started.elapsed().as_secs_f64()
        );
    }

    fn rc(&self, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
        rc(&self.s, args, env)
    }

    fn osd_state(&self, id: u32) -> Option<(bool, bool, bool)> {
        osd_state(&self.ceph, id)
    }
}

/// A bare resume, as an unattended operator runs it: the run's own confirmation carries over.
const RESUME: [&str; 2] = ["resume", "--yes"];

/// Run by [`crate::ceph::ceph_clusters`] with the other suites that hold the Ceph lock.
pub(crate) fn replace_osd_drive_through_both_layers() {
    if let Some(why) = missing() {
        // .ci/run installs the packages and runs as root.
        crate::util::skip(&format!("the Ceph replacement test: {why}"));
        return;
    }
    let started = Instant::now();
    let _lock = crate::ceph::lock_and_reap();
    // Declared before the clean-up, so the files it detaches outlive it.
    let tmp = tempfile::tempdir().unwrap();
    let s = tmp.path().join("sim");
    let cluster = tmp.path().join("cluster");
    let _cleanup = Cleanup {
        cluster: cluster.clone(),
        sim: s.clone(),
        extra_loop: std::sync::Arc::new(std::sync::Mutex::new(None)),
    };
    crate::ceph::start_vds_and_cluster(&s, &cluster);
    let sc = Scene {
        dir: tmp.path(),
        s,
        cluster,
        ceph: Ceph::new(CephOptions::default()),
        started,
    };
    sc.at("cluster up");
    let (objects, wide) = fill_the_pools(&sc);
    let victim = osd_on_slot(&sc.s, 3);
    renumber_the_loop_devices(&sc.s, &sc.ceph, victim);
    sc.at("loop devices renumbered, OSDs back");
    stop_and_fail_the_victim(&sc, victim);
    drain_across_a_mon_outage(&sc, victim);
    cut_the_prepare_and_resume(&sc, victim);
    sc.at("replacement done");
    read_back("wide", sc.dir, &wide);
    sc.ceph.pool_delete("wide").unwrap();
    the_new_osd_serves(&sc, victim, &objects);
    sc.at("HEALTH_OK, objects read back");
    let healthy = osd_on_slot(&sc.s, 2);
    let second = osd_on_slot(&sc.s, 4);
    ok_to_stop_refusals(&sc, healthy, second);
    sc.at("ok-to-stop refusals: min_size, another OSD down");
    planned_swap_completes(&sc, healthy, &objects);
    sc.at("the planned swap completed");
    a_size_one_pool_holds_the_drain(&sc, second, &objects);
    sc.at("size-1 pool given up, second replacement done");
    a_pulled_osd_drive_pages(&sc, second);
}

/// The objects of pool `test` and of pool `wide`, which can never be whole on three OSDs.
type Objects = Vec<(String, String)>;

fn fill_the_pools(sc: &Scene) -> (Objects, Objects) {
    let ceph = &sc.ceph;
    ceph.pool_create("test", 16).unwrap();
    // A pool without an application keeps the cluster at HEALTH_WARN for good.
    ceph.ceph_ok(&["osd", "pool", "application", "enable", "test", "rados"])
        .unwrap();
    let objects = put_objects("test", sc.dir, 24);
    bench("test", 2);
    // A pool that can never be whole on three OSDs (size 4): degraded for good. It must not
    // hold the drain (Ceph's safe-to-destroy of a down OSD waits for the whole cluster).
    ceph.pool_create("wide", 8).unwrap();
    ceph.pool_set("wide", "size", "4").unwrap();
    ceph.pool_set("wide", "min_size", "1").unwrap();
    ceph.ceph_ok(&["osd", "pool", "application", "enable", "wide", "rados"])
        .unwrap();
    let wide = put_objects("wide", sc.dir, 8);
    (objects, wide)
}

/// The OSD, run as root, was stopped (its drive threw errors, an operator stopped it): a
/// stopped ceph-osd leaves its pid file (fast shutdown ends in _exit), root's and naming a dead
/// pid. Then the drive dies. The new OSD's mkfs runs as the ceph user and cannot open that
/// file; the flow removes it before prepare, or ceph-volume's rollback would purge the id.
/// (The second OSD below dies of EIO with its drive.)
fn stop_and_fail_the_victim(sc: &Scene, victim: u32) {
    sc.ceph.stop_osd(victim, Duration::from_secs(60)).unwrap();
    assert!(sim(&sc.s, &["sim", "fail", "32:3"]).status.success());
    wait_down(&sc.ceph, victim);
    sc.at("OSD down");
    let pid_file = sc.cluster.join(format!("run/osd.{victim}.pid"));
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(&pid_file)
        .unwrap_or_else(|e| panic!("the stopped root OSD left no pid file {pid_file:?}: {e}"));
    assert_eq!(m.uid(), 0, "the OSD ran as root: its pid file is root's");
}

/// Refusals before anything changes, then the drain stopped by a mon outage and resumed past
/// a pool that can never be whole.
fn drain_across_a_mon_outage(sc: &Scene, victim: u32) {
    // --yes needs the OSD id and the serial: the E:S alone is refused with nothing changed.
    let o = sc.rc(
        &["replace-drive", "32:3", "--yes", "--serial", "ZA1A2B03"],
        &[],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("--osd"), "{}", err(&o));

    // Killed right after the out, the mon stopped: the drain meets no cluster and stops.
    let id = victim.to_string();
    let args = [
        "replace-drive",
        "--osd",
        &id,
        "--yes",
        "--serial",
        "ZA1A2B03",
        "--poll",
        "1",
        "--drain-timeout",
        "600",
    ];
    let o = sc.rc(&args, &[("RAIDCTL_TEST_CRASH_AT", "ceph-out:verified")]);
    assert!(!o.status.success(), "{}", err(&o));
    assert_eq!(sc.osd_state(victim).map(|x| x.1), Some(false), "out");
    let o = run(Command::new("bash")
        .arg(script())
        .arg("mon-stop")
        .arg(&sc.cluster));
    assert!(o.status.success(), "mon-stop: {}", err(&o));
    let o = sc.rc(&RESUME, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("Ceph did not answer") && err(&o).contains("raidctl resume"),
        "{}",
        err(&o)
    );
    let state: serde_json::Value =
        serde_json::from_slice(&sim(&sc.s, &["sim", "state"]).stdout).unwrap();
    assert!(
        state["adapters"][0]["vds"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["target"] == 2),
        "nothing changed on the controller while Ceph was away"
    );
    // A stop before the controller leaves the bay dark.
    assert!(
        !crate::ceph::blinking(&sc.s).contains(&3),
        "the bay blinks while the replacement is stopped"
    );
    let o = run(Command::new("bash")
        .arg(script())
        .arg("mon-start")
        .arg(&sc.cluster));
    assert!(o.status.success(), "mon-start: {}", err(&o));
    sc.at("mon back");
    // The drain ends although the never-whole pool stays degraded: its PGs went active
    // without the dead OSD, and the pool is named with what would make it whole.
    let o = sc.rc(&RESUME, &[("RAIDCTL_TEST_CRASH_AT", "ceph-drain:verified")]);
    let all = format!("{}{}", text(&o), err(&o));
    assert!(
        all.contains("pool wide (size 4) cannot be whole again")
            && all.contains("`ceph osd pool set wide size 2`")
            && all.contains(&format!("no PG maps to osd.{victim}"))
            && all.contains("its pools are whole again but wide"),
        "{all}"
    );
    assert!(
        crate::ceph::blinking(&sc.s).contains(&3),
        "resume lights the bay again"
    );
    sc.at("drained past the never-whole pool");
}

/// The pids of the `ceph-volume raw prepare` processes running.
fn preparing() -> Vec<u32> {
    crate::ceph::procs(&["ceph-volume", "raw prepare"])
}

/// Waits until `ready` holds or the run ends (None).
fn until(child: &mut Child, ready: &dyn Fn() -> bool) -> Option<()> {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(600) {
        if ready() {
            return Some(());
        }
        if child.try_wait().unwrap().is_some() {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// A power cut: raidctl's group and every ceph-volume (each leads its own group).
fn power_cut(child: &mut Child) {
    let pids = preparing();
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status();
    let _ = child.wait();
    for pid in pids {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
    }
    wait_until(Duration::from_secs(60), "the cut ceph-volume gone", || {
        preparing().is_empty()
    });
}

/// The resumes of [`cut_the_prepare_and_resume`], each run's words kept in one transcript.
struct Resumes<'a, 'b> {
    sc: &'a Scene<'b>,
    transcript: String,
    runs: u32,
}

impl Resumes<'_, '_> {
    /// `resume --yes` started in its own process group, its words going to a file.
    fn spawn(&mut self) -> (Child, PathBuf) {
        self.runs += 1;
        let s = &self.sc.s;
        let said = self.sc.dir.join(format!("resume-{}.out", self.runs));
        let out = std::fs::File::create(&said).unwrap();
        let child = Command::new(raidctl())
            .arg("--sim-state")
            .arg(s)
            .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap_or(s)))
            .args(["--timeout", "120"])
            .args(RESUME)
            .env_remove("CEPH_CONF")
            .env("RAIDCTL_NO_PROGRESS", "1")
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .process_group(0)
            .spawn()
            .unwrap();
        (child, said)
    }

    fn keep(&mut self, said: &Path) -> String {
        let t = std::fs::read_to_string(said).unwrap_or_default();
        self.transcript.push_str(&t);
        t
    }

    /// What a cut left. `in_prepare`: the cut hit ceph-volume, so no daemon can run yet.
    fn left(&self, victim: u32, what: &str, in_prepare: bool) {
        let map = self.sc.ceph.osd_dump().unwrap();
        let state = map.osd(victim).map(|o| o.state.clone());
        self.sc.at(&format!("{what}: osd.{victim} is {state:?}"));
        assert!(
            !in_prepare || map.osd(victim).is_none_or(|o| o.up == 0),
            "osd.{victim} up after a cut in the prepare: {state:?}"
        );
    }

    /// A run that ended by itself: it must have succeeded.
    fn finished(&mut self, child: &mut Child, said: &Path) -> String {
        let status = child.wait().unwrap();
        let t = self.keep(said);
        assert_eq!(status.code(), Some(0), "{t}");
        t
    }
}

/// Resumed and cut while ceph-volume prepares the new OSD, each cut followed by a bare
/// `resume --yes`: a power cut 0.5 s into the prepare (raidctl and ceph-volume die together:
/// the id is left destroyed or half-made), raidctl alone killed during the next prepare
/// (ceph-volume, detached, goes on), then power cuts 1, 2 and 3 s after each resume reaches
/// the prepare step (a prepare takes about a second here: the later cuts land in the steps
/// after it, activation and the wait for up). Each run's words are kept.
fn cut_the_prepare_and_resume(sc: &Scene, victim: u32) {
    let mut r = Resumes {
        sc,
        transcript: String::new(),
        runs: 0,
    };
    let (mut child, said) = r.spawn();
    if until(&mut child, &|| !preparing().is_empty()).is_none() {
        panic!("ceph-volume raw prepare never ran: {}", r.keep(&said));
    }
    std::thread::sleep(Duration::from_millis(500));
    power_cut(&mut child);
    r.keep(&said);
    r.left(victim, "power cut 0.5 s into ceph-volume", true);
    let (mut child, said) = r.spawn();
    if until(&mut child, &|| !preparing().is_empty()).is_none() {
        panic!(
            "the next ceph-volume raw prepare never ran: {}",
            r.keep(&said)
        );
    }
    child.kill().unwrap();
    let _ = child.wait();
    r.keep(&said);
    assert!(
        !preparing().is_empty(),
        "ceph-volume died with raidctl: it must run detached"
    );
    sc.at("raidctl killed during ceph-volume");
    let mut done = None;
    for cut in [1000u64, 2000, 3000] {
        let (mut child, said) = r.spawn();
        let at_prepare =
            || std::fs::read_to_string(&said).is_ok_and(|t| t.contains("[ceph-prepare]"));
        if until(&mut child, &at_prepare).is_none() {
            // It got past the prepare step before this run (an earlier cut landed after
            // it), or finished.
            done = Some(r.finished(&mut child, &said));
            break;
        }
        std::thread::sleep(Duration::from_millis(cut));
        if child.try_wait().unwrap().is_some() {
            done = Some(r.finished(&mut child, &said));
            break;
        }
        power_cut(&mut child);
        r.keep(&said);
        r.left(
            victim,
            &format!("power cut {cut} ms after the prepare step began"),
            false,
        );
    }
    let out = done.unwrap_or_else(|| {
        // Resumed once more, at once: it goes on from wherever the last cut left it.
        let o = sc.rc(&RESUME, &[]);
        let t = format!("{}{}", text(&o), err(&o));
        r.transcript.push_str(&t);
        assert_eq!(o.status.code(), Some(0), "{t}");
        t
    });
    let all = &r.transcript;
    assert!(
        out.contains(&format!("osd.{victim} recreated with its id (raw)"))
            && all.contains("qualification"),
        "{all}"
    );
    // Whether a cut lands after ceph-volume finished ("prepared on … already") depends on how
    // long the prepare takes on a loaded machine (not within 3 s under CI's load): only the
    // cut during the prepare is certain.
    assert!(
        all.contains("the ceph-volume of the interrupted run is still running"),
        "{all}"
    );
}

/// The OSD is up and in on the new VD's device; the cluster heals; every object is there.
fn the_new_osd_serves(sc: &Scene, victim: u32, objects: &[(String, String)]) {
    let ceph = &sc.ceph;
    assert_eq!(sc.osd_state(victim), Some((true, true, false)));
    let doc = crate::ceph::status_json(&sc.s);
    let ld = doc["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["members"][0]["slot"] == 3)
        .unwrap()
        .clone();
    assert_eq!(ld["state"], "optimal");
    assert_eq!(ld["osd"][0]["id"], victim);
    let meta = ceph.osd_metadata(Some(victim)).unwrap();
    assert_eq!(
        Some(meta[0].bluestore_bdev_dev_node.as_str()),
        ld["block_device"].as_str()
    );
    assert!(doc["problems"].as_array().unwrap().is_empty(), "{doc:#}");
    if let Err(last) = crate::ceph::health_ok_within(ceph, Duration::from_secs(300)) {
        panic!("HEALTH_OK after backfill not within 300 s: {last}");
    }
    read_back("test", sc.dir, objects);
    let quals: Vec<_> = std::fs::read_dir(sc.s.join("raidctl/qualify"))
        .unwrap()
        .flatten()
        .collect();
    assert!(!quals.is_empty(), "a qualification record");
}

/// An OSD that still runs (its drive is only predicted to fail): Ceph's ok-to-stop says no
/// while the pool needs both copies, and while another OSD is down.
fn ok_to_stop_refusals(sc: &Scene, healthy: u32, second: u32) {
    let ceph = &sc.ceph;
    let hid = healthy.to_string();
    let predicted = [
        "replace-drive",
        "--osd",
        &hid,
        "--yes",
        "--serial",
        "ZA1A2B02",
        "--i-understand-data-loss",
        "1",
        // The drive is healthy: a planned swap says so.
        "--proactive",
        // Bounded: a drain that never ends fails the test instead of hanging it.
        "--drain-timeout",
        "600",
        // The refusal below is real: 5 s of "no" with every PG active make it final (the
        // default half minute, twice here, was a minute of the suite).
        "--settle",
        "5",
    ];
    ceph.pool_set("test", "min_size", "2").unwrap();
    // The mgr that answers ok-to-stop sees the new min_size a moment after the mon.
    wait_until(
        Duration::from_secs(120),
        "ok-to-stop refused with min_size 2",
        || ceph.osd_ok_to_stop(healthy).is_ok_and(|a| !a.ok_to_stop),
    );
    let o = sc.rc(&predicted, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("[ceph-ok-to-stop]"), "{}", err(&o));
    assert!(
        err(&o).contains("the no is final once every PG has stayed active for 5 s"),
        "--settle 5 taken: {}",
        err(&o)
    );
    // It says why, that the bay was darkened, and what would make it safe.
    assert!(
        err(&o).contains("min_size")
            && err(&o).contains("raidctl turned its LED off")
            && err(&o).contains(&format!("`ceph osd out {healthy}`")),
        "{}",
        err(&o)
    );
    assert!(
        !crate::ceph::blinking(&sc.s).contains(&2),
        "the refused bay blinks"
    );
    assert_eq!(sc.osd_state(healthy), Some((true, true, false)));
    ceph.pool_set("test", "min_size", "1").unwrap();
    // Another OSD down: stopping this one would leave its PGs without a copy. The refusal
    // names it and says to bring it back; done so, the resume goes on.
    ceph.stop_osd(second, Duration::from_secs(60)).unwrap();
    wait_until(Duration::from_secs(120), "the second OSD down", || {
        sc.osd_state(second).is_some_and(|(up, ..)| !up)
    });
    let o = sc.rc(&["resume", "--yes", "--settle", "5"], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("[ceph-ok-to-stop]")
            && err(&o).contains(&format!("osd.{second} down"))
            && err(&o).contains(&format!("Bring osd.{second} back first")),
        "{}",
        err(&o)
    );
    assert_eq!(sc.osd_state(healthy), Some((true, true, false)));
    ceph.start_osd(second).unwrap();
    wait_until(Duration::from_secs(120), "the second OSD up again", || {
        sc.osd_state(second).is_some_and(|(up, ..)| up)
    });
}

/// Once Ceph may stop it, the drain runs; an OSD started again behind raidctl's back is never
/// destroyed; stopped again, the swap completes.
fn planned_swap_completes(sc: &Scene, healthy: u32, objects: &[(String, String)]) {
    let ceph = &sc.ceph;
    // Right away: the PGs re-peer with the new min_size, and raidctl asks again while they do.
    let o = sc.rc(
        &["resume", "--yes", "--drain-timeout", "600"],
        &[("RAIDCTL_TEST_CRASH_AT", "ceph-stop:verified")],
    );
    assert!(!o.status.success(), "{}", err(&o));
    assert_eq!(
        sc.osd_state(healthy).map(|x| x.0),
        Some(false),
        "stopped: {}",
        err(&o)
    );
    ceph.start_osd(healthy).unwrap();
    wait_until(Duration::from_secs(120), "the OSD up again", || {
        sc.osd_state(healthy).is_some_and(|(up, ..)| up)
    });
    let o = sc.rc(&RESUME, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("[ceph-osd-up]"), "{}", err(&o));
    assert_eq!(
        sc.osd_state(healthy).map(|x| x.2),
        Some(false),
        "not destroyed"
    );
    sc.at("ok-to-stop and an OSD up again refused");
    // The operator stops it again: the resume asks the drain's question once more before the
    // destroy, and completes the planned swap.
    ceph.stop_osd(healthy, Duration::from_secs(60)).unwrap();
    wait_until(Duration::from_secs(120), "the OSD down again", || {
        sc.osd_state(healthy).is_some_and(|(up, ..)| !up)
    });
    let o = sc.rc(&["resume", "--yes", "--drain-timeout", "600"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        text(&o).contains(&format!("osd.{healthy} recreated with its id (raw)")),
        "{}",
        text(&o)
    );
    assert_eq!(sc.osd_state(healthy), Some((true, true, false)));
    if let Err(last) = crate::ceph::health_ok_within(ceph, Duration::from_secs(300)) {
        panic!("HEALTH_OK again not within 300 s: {last}");
    }
    read_back("test", sc.dir, objects);
}

/// A pool of size 1 with objects on the next victim: never safe to destroy. The drain times
/// out and nothing changes on the controller; the operator accepts the loss and it completes.
fn a_size_one_pool_holds_the_drain(sc: &Scene, second: u32, objects: &[(String, String)]) {
    let ceph = &sc.ceph;
    ceph.pool_create("single", 8).unwrap();
    ceph.pool_set("single", "size", "1").unwrap();
    ceph.ceph_ok(&["osd", "pool", "application", "enable", "single", "rados"])
        .unwrap();
    let _ = put_objects("single", sc.dir, 16);
    assert!(sim(&sc.s, &["sim", "fail", "32:4"]).status.success());
    wait_down(ceph, second);
    let calls = || -> serde_json::Value {
        serde_json::from_slice(&sim(&sc.s, &["sim", "calls"]).stdout).unwrap()
    };
    let before = calls();
    let sid = second.to_string();
    let o = sc.rc(
        &[
            "replace-drive",
            "--osd",
            &sid,
            "--yes",
            "--serial",
            "ZA1A2B04",
            "--drain-timeout",
            "20",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("[ceph-safe-to-destroy]")
            && err(&o).contains("Nothing was changed on the controller"),
        "{}",
        err(&o)
    );
    let after = calls();
    for c in [
        "cfglddel",
        "discardpreservedcache",
        "pdprprmv",
        "pdoffline",
        "cfgldadd",
    ] {
        assert_eq!(before[c], after[c], "{c} ran");
    }
    assert_eq!(
        sc.osd_state(second).map(|x| x.2),
        Some(false),
        "not destroyed"
    );
    // It names the pool whose only copy was on the dead OSD and the command that lets the
    // replacement go on; the operator accepts the loss, and the resume completes. This OSD
    // ran as the ceph user (the first ran as root).
    assert!(
        err(&o).contains("Pool(s) single keep one copy")
            && err(&o)
                .contains("`ceph osd pool delete single single --yes-i-really-really-mean-it`"),
        "{}",
        err(&o)
    );
    sc.at("size-1 pool refused");
    ceph.pool_delete("single").unwrap();
    let o = sc.rc(&["resume", "--yes", "--drain-timeout", "600"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        text(&o).contains(&format!("osd.{second} recreated with its id (raw)")),
        "{}",
        text(&o)
    );
    if let Err(last) = crate::ceph::health_ok_within(ceph, Duration::from_secs(300)) {
        panic!("HEALTH_OK after the second not within 300 s: {last}");
    }
    assert_eq!(sc.osd_state(second), Some((true, true, false)));
    read_back("test", sc.dir, objects);
}

/// On a Ceph host a pulled drive pages with its bay, its serial and its OSD (issue 39).
fn a_pulled_osd_drive_pages(sc: &Scene, second: u32) {
    let doc = crate::ceph::status_json(&sc.s);
    let serial = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == 4)
        .and_then(|d| d["serial"].as_str())
        .unwrap()
        .to_owned();
    // A check records what each drive holds (its verdict here is not the point).
    let _ = sc.rc(&["check", "--max-age", "0"], &[]);
    assert!(sim(&sc.s, &["sim", "pull", "32:4"]).status.success());
    let o = sc.rc(&["check", "--max-age", "0"], &[]);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(2), "{t}");
    assert!(
        t.contains(&format!("[32:4] (serial {serial}"))
            && t.contains(&format!("carrying osd.{second}")),
        "{t}"
    );
}
