//! On a real cephadm cluster ([`crate::cephadm_node`]): a simulated PERC host (`ceph-node`)
//! with single-drive RAID0 VDs on [32:2]..[32:4] whose loop devices carry cephadm's raw
//! OSDs. In the node, where `/var/lib/ceph/<fsid>/osd.N` are, raidctl's `status` (JSON and
//! table), `check`, `metrics` and `pd locate --osd N` name each OSD with its cephadm unit; and
//! `ceph device light on|off DEVID`, with the `blink_device_light_cmd` line of docs/ceph.md run
//! as written, lights and clears exactly that OSD's bay in the simulator (checked in its state:
//! Pacific's CLI says `None` and exits 0 whether the light command worked or not). Then
//! `replace-drive --osd N` of the OSD on [32:3], run in the node: the orchestrator removes it
//! keeping its id, the controller flow replaces the drive, the OSD comes back with its id on
//! the new VD's device, HEALTH_OK, and every object written before reads back byte for byte;
//! on the way the mon is stopped during the drain (the resume stops, nothing touched, the bay
//! dark) and raidctl is SIGKILLed while `cephadm ceph-volume -- raw prepare` runs (the next
//! resume waits for it and takes the prepared OSD).
//!
//! Needs root, systemd-nspawn, loop devices and, the first time on a machine, mmdebstrap and
//! the Debian mirror (the node and the image are cached under /var/cache/raidctl-test): outside
//! CI the test says why it skips; under `CI=true` it fails.

use crate::ceph::{blinking, sim, vd_device};
use crate::cephadm_node::{CephadmNode, missing};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

fn all(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The simulated bays, by slot.
/// Three, so that a drained OSD's copies (pools of size 2) have somewhere to go.
const SLOTS: [u64; 3] = [2, 3, 4];

/// Run by [`crate::ceph::ceph_clusters`] with the other suites that hold the Ceph lock.
pub(crate) fn cephadm_cluster_end_to_end() {
    if let Some(why) = missing() {
        crate::util::skip(&why);
        return;
    }
    if !crate::util::loop_devices() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let s = crate::util::ceph_node(tmp.path(), sim);
    for slot in SLOTS {
        let o = sim(
            &s,
            &[
                "ld",
                "create",
                "--raid",
                "raid0",
                &format!("32:{slot}"),
                "--yes",
            ],
        );
        assert!(o.status.success(), "ld create 32:{slot}: {}", all(&o));
    }
    // The loop devices go after the node (declared before it: dropped after it).
    struct Off(PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
        }
    }
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "3"]);
    let _off = Off(s.clone());
    assert!(o.status.success(), "{}", all(&o));
    let devs: Vec<String> = SLOTS.iter().map(|n| vd_device(&s, *n)).collect();
    let node = CephadmNode::start(&tmp.path().join("node"), &s, &devs);
    let t = Instant::now();
    let osds = the_join_names_the_cephadm_osds(&node, &s, &devs);
    eprintln!(
        "cephadm e2e: the join took {:.0} s",
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    ceph_device_light_blinks_the_bay(&node, &s, &devs, &osds);
    eprintln!(
        "cephadm e2e: ceph device light took {:.0} s",
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    replace_drive_keeps_the_id(&node, &s, &osds);
    eprintln!(
        "cephadm e2e: the replacement took {:.0} s",
        t.elapsed().as_secs_f64()
    );
    a_later_vd_is_attached(&node, &s);
}

/// The serial of the drive in `[32:slot]`, from the simulator's state.
fn drive_serial(s: &Path, slot: u64) -> String {
    let st: serde_json::Value = serde_json::from_slice(&sim(s, &["sim", "state"]).stdout).unwrap();
    st["adapters"][0]["drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == slot)
        .and_then(|d| d["serial"].as_str())
        .unwrap_or_default()
        .to_owned()
}

/// `replace-drive --osd N` on the cephadm OSD of [32:3], run in the node as an operator would
/// (a planned swap: `--proactive`, the serial read off the label): objects written first, the
/// orchestrator removes the OSD keeping its id, the controller flow replaces the drive and
/// recreates the RAID0 VD, the OSD comes back with its id on the new VD's device, the cluster
/// is HEALTH_OK and every object reads back byte for byte.
fn replace_drive_keeps_the_id(node: &CephadmNode, s: &Path, osds: &[(u64, u64)]) {
    let (slot, id) = osds[1];
    let old_dev = vd_device(s, slot);
    fill_a_pool_of_two_copies(node);
    let serial = drive_serial(s, slot);
    let t = Instant::now();
    let mut words = stopped_by_a_mon_outage(node, s, slot, id, &serial);
    let cut = cut_during_the_prepare(node, s, slot, &old_dev);
    words.push_str(&all(&cut));
    assert!(!cut.status.success(), "{}", all(&cut));
    let out = node.raidctl(&["--timeout", "120", "resume", "--yes"]);
    let last = all(&out);
    words.push_str(&last);
    eprintln!(
        "cephadm e2e: replace-drive with its faults took {:.0} s",
        t.elapsed().as_secs_f64()
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{words}\n{}",
        node.cephadm_log()
    );
    assert!(
        last.contains("still running") || last.contains("prepared on"),
        "the last resume neither waited for the cut prepare nor found it done:\n{last}"
    );
    // The bootstrap-osd keyring handed to the container (beside the journal) is gone, also
    // the one the killed run left.
    let journals = s.join("raidctl/journals");
    let left: Vec<_> = std::fs::read_dir(&journals)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".bootstrap-osd.keyring"))
        .collect();
    assert!(left.is_empty(), "{left:?} left in {}", journals.display());
    for want in [
        format!("ceph orch osd rm {id} --replace"),
        "orch device zap".to_owned(),
        "-- raw prepare --bluestore --data".to_owned(),
        "cephadm osd activate".to_owned(),
    ] {
        assert!(words.contains(&want), "{want} not in:\n{words}");
    }
    assert!(!words.contains("systemctl stop ceph-osd@"), "{words}");
    assert!(
        words.contains(&format!(
            "osd.{id} waits in the orchestrator's removal queue but is still in: marking it out"
        )) && words.contains(&format!("osd out {id}")),
        "the lost out was not made good:\n{words}"
    );
    the_osd_is_back_with_its_data(node, s, slot, id, &serial);
}

/// A pool of size 2 (one copy on each OSD), min_size 1: the replaced OSD's copies are the
/// only other ones, so the data must survive on the one left.
fn fill_a_pool_of_two_copies(node: &CephadmNode) {
    for args in [
        &["osd", "pool", "create", "replace", "8"][..],
        &["osd", "pool", "set", "replace", "size", "2"],
        &["osd", "pool", "set", "replace", "min_size", "1"],
        &["osd", "pool", "application", "enable", "replace", "rados"],
    ] {
        let o = node.ceph(args);
        assert!(o.status.success(), "ceph {args:?}: {}", all(&o));
    }
    let o = node.sh("set -e; mkdir -p /root/objs; for i in 0 1 2 3 4 5 6 7; do \
         head -c 262144 /dev/urandom > /root/objs/o$i; \
         rados -c /etc/ceph/ceph.conf -p replace put o$i /root/objs/o$i; done");
    assert!(o.status.success(), "rados put: {}", all(&o));
    node.wait(
        Duration::from_secs(300),
        "HEALTH_OK before the replacement",
        || node.ceph_json(&["health"])["status"] == "HEALTH_OK",
    );
}

/// Cut right after the orchestrator took the removal, then the mon stopped: the resume meets
/// no cluster and stops with nothing changed on the controller and the bay dark. What raidctl
/// said.
fn stopped_by_a_mon_outage(
    node: &CephadmNode,
    s: &Path,
    slot: u64,
    id: u64,
    serial: &str,
) -> String {
    let id_s = id.to_string();
    let mut words = String::new();
    let o = node.exec(&[
        "env",
        "RAIDCTL_TEST_CRASH_AT=ceph-out:verified",
        "/usr/bin/raidctl",
        "--timeout",
        "120",
        "replace-drive",
        "--osd",
        &id_s,
        "--proactive",
        "--yes",
        "--serial",
        serial,
        "--qualify",
        "none",
        "--poll",
        "1",
        "--drain-timeout",
        "900",
    ]);
    words.push_str(&all(&o));
    assert!(!o.status.success(), "{words}");
    // Ceph 16.2's orchestrator marks a removal draining even when its `osd out` did not reach
    // the mon (the mon stopping below can be that moment), and the OSD then stays in for good:
    // made certain here by putting the OSD back in once the orchestrator drains it. The resume
    // marks it out itself.
    node.wait(
        Duration::from_secs(300),
        "the orchestrator draining the OSD",
        || {
            node.ceph_json(&["orch", "osd", "rm", "status"])
                .as_array()
                .is_some_and(|q| q.iter().any(|r| r["osd_id"] == id && r["draining"] == true))
        },
    );
    let o = node.ceph(&["osd", "in", &id_s]);
    assert!(o.status.success(), "osd in {id}: {}", all(&o));
    let mon = format!("ceph-{}@mon.cephnode1", node.fsid());
    let o = node.exec(&["systemctl", "stop", &mon]);
    assert!(o.status.success(), "stop {mon}: {}", all(&o));
    let o = node.raidctl(&["--timeout", "120", "resume", "--yes"]);
    let stopped = all(&o);
    words.push_str(&stopped);
    assert_eq!(o.status.code(), Some(1), "{stopped}");
    assert!(
        stopped.contains("Ceph did not answer") && stopped.contains("raidctl resume"),
        "{stopped}"
    );
    assert!(blinking(s).is_empty(), "the bay blinks while stopped");
    assert_eq!(drive_serial(s, slot), serial, "the drive was not touched");
    let o = node.exec(&["systemctl", "start", &mon]);
    assert!(o.status.success(), "start {mon}: {}", all(&o));
    node.wait(Duration::from_secs(120), "the mon back", || {
        node.ceph(&["health"]).status.success()
    });
    words
}

/// Resumed, and raidctl alone SIGKILLed while `cephadm ceph-volume -- raw prepare` runs
/// (detached: it goes on); the cut run's output.
fn cut_during_the_prepare(
    node: &CephadmNode,
    s: &Path,
    slot: u64,
    old_dev: &str,
) -> std::process::Output {
    std::thread::scope(|scope| {
        let run = scope.spawn(|| node.raidctl(&["--timeout", "120", "resume", "--yes"]));
        let mut attached = false;
        let mut killed = false;
        while !run.is_finished() {
            // The node sees a block device only once it is bound in: a new VD's loop device
            // of another name than the old one's is attached as soon as the simulator made it
            // (the orchestrator's zap waits for its inventory to list it).
            if !attached
                && let Some(dev) = crate::ceph::vd_device_opt(s, slot).filter(|d| d != old_dev)
            {
                node.attach(&dev);
                attached = true;
            }
            if !killed && !crate::ceph::procs(&["raw prepare"]).is_empty() {
                for pid in crate::ceph::procs(&["raidctl", "resume"]) {
                    let _ = std::process::Command::new("kill")
                        .args(["-KILL", &pid.to_string()])
                        .status();
                }
                killed = true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let out = run.join().unwrap();
        assert!(
            killed,
            "the resume ended before the prepare ran:\n{}\n{}",
            all(&out),
            node.cephadm_log()
        );
        out
    })
}

/// The same id, up and in, on the new VD's device (the loop device may have the old one's
/// name: the simulator freed it with the old VD); the bay holds another drive; the cluster is
/// whole and every object reads back.
fn the_osd_is_back_with_its_data(node: &CephadmNode, s: &Path, slot: u64, id: u64, serial: &str) {
    let id_s = id.to_string();
    let new_dev = vd_device(s, slot);
    assert_ne!(
        drive_serial(s, slot),
        serial,
        "the drive in [32:{slot}] was replaced"
    );
    let dump = node.ceph_json(&["osd", "dump"]);
    let o = dump["osds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["osd"] == id)
        .unwrap_or_else(|| panic!("osd.{id} gone: {dump}"));
    assert_eq!(
        (o["up"].as_u64(), o["in"].as_u64()),
        (Some(1), Some(1)),
        "{o}"
    );
    let meta = node.ceph_json(&["osd", "metadata", &id_s]);
    let name = new_dev.trim_start_matches("/dev/");
    assert!(
        meta["devices"]
            .as_str()
            .is_some_and(|d| d.split(',').any(|x| x == name)),
        "osd.{id} is not on {new_dev}: {meta}"
    );
    node.wait(
        Duration::from_secs(600),
        "HEALTH_OK after the replacement",
        || node.ceph_json(&["health"])["status"] == "HEALTH_OK",
    );
    let o = node.sh("set -e; for i in 0 1 2 3 4 5 6 7; do \
         rados -c /etc/ceph/ceph.conf -p replace get o$i /root/objs/o$i.back; \
         cmp /root/objs/o$i /root/objs/o$i.back; done");
    assert!(o.status.success(), "objects read back: {}", all(&o));
    // The journal says done; the bay is dark.
    assert!(blinking(s).is_empty(), "{:?}", blinking(s));
}

/// A VD made while the node runs (a replacement's) gets its loop device on the host; `attach`
/// shows it in the node, with udev's entry for it.
fn a_later_vd_is_attached(node: &CephadmNode, s: &Path) {
    let o = sim(s, &["ld", "create", "--raid", "raid0", "32:5", "--yes"]);
    assert!(o.status.success(), "ld create 32:5: {}", all(&o));
    let dev = vd_device(s, 5);
    let o = node.exec(&["test", "-b", &dev]);
    assert!(!o.status.success(), "{dev} in the node before attach");
    node.attach(&dev);
    let size = |o: Output| String::from_utf8_lossy(&o.stdout).trim().to_owned();
    let host = size(
        std::process::Command::new("blockdev")
            .args(["--getsize64", &dev])
            .output()
            .unwrap(),
    );
    assert_eq!(size(node.exec(&["blockdev", "--getsize64", &dev])), host);
    let (major, minor) = dev_numbers(&dev);
    let o = node.exec(&["test", "-f", &format!("/run/udev/data/b{major}:{minor}")]);
    assert!(o.status.success(), "udev's entry of {dev} not in the node");
}

/// `status --format json` in the node: slot → OSD id of each VD that carries one.
fn placed(node: &CephadmNode) -> (serde_json::Value, Vec<(u64, u64)>) {
    let o = node.raidctl(&["--format", "json", "status", "--max-age", "0"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    let v = doc["snapshot"]["logical_drives"]
        .as_array()
        .map(|lds| {
            lds.iter()
                .filter_map(|l| {
                    let osd = l["osd"].as_array()?.first()?;
                    if osd["up"] != true {
                        return None;
                    }
                    Some((l["members"][0]["slot"].as_u64()?, osd["id"].as_u64()?))
                })
                .collect()
        })
        .unwrap_or_default();
    (doc, v)
}

/// Each VD's OSD named with its cephadm deployment in `status`, `check`, `metrics` and found by
/// `pd locate --osd`; returns slot → OSD id.
fn the_join_names_the_cephadm_osds(
    node: &CephadmNode,
    s: &Path,
    devs: &[String],
) -> Vec<(u64, u64)> {
    // An OSD that has just booted posts its metadata (its devices) a moment later.
    let mut doc = serde_json::Value::Null;
    node.wait(Duration::from_secs(120), "every OSD placed and up", || {
        let (d, v) = placed(node);
        doc = d;
        v.len() == SLOTS.len()
    });
    let (_, mut osds) = placed(node);
    osds.sort_unstable();
    let fsid = node.fsid();
    for ld in doc["snapshot"]["logical_drives"].as_array().unwrap() {
        let Some(osd) = ld["osd"].as_array().and_then(|v| v.first()) else {
            continue;
        };
        let slot = ld["members"][0]["slot"].as_u64().unwrap();
        let i = SLOTS.iter().position(|x| *x == slot).unwrap();
        assert_eq!(ld["block_device"].as_str(), Some(devs[i].as_str()), "{ld}");
        assert_eq!(osd["mode"], "raw", "{ld}");
        assert_eq!(osd["deployment"]["kind"], "cephadm", "{ld}");
        assert_eq!(osd["deployment"]["fsid"], fsid, "{ld}");
        assert_eq!(
            osd["deployment"]["unit"],
            format!("ceph-{fsid}@osd.{}", osd["id"]),
            "{ld}"
        );
        assert_eq!(osd["in"], true, "{ld}");
    }
    // The unit is the one systemd runs in the node.
    for (_, id) in &osds {
        let unit = format!("ceph-{fsid}@osd.{id}");
        let o = node.exec(&["systemctl", "is-active", &unit]);
        assert!(o.status.success(), "{unit}: {}", all(&o));
    }
    let o = node.raidctl(&["status", "--max-age", "0"]);
    let table = all(&o);
    for (_, id) in &osds {
        assert!(
            table.contains(&format!("osd.{id} up/in [cephadm]")),
            "{table}"
        );
    }
    let o = node.raidctl(&["metrics", "--max-age", "0"]);
    let m = all(&o);
    for (slot, id) in &osds {
        let target = doc["snapshot"]["logical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["members"][0]["slot"] == *slot)
            .unwrap()["target_id"]
            .clone();
        let want = format!(
            "raidctl_ld_state{{adapter=\"0\",target_id=\"{target}\",osd=\"osd.{id}\",state=\"optimal\"}} 1"
        );
        assert!(m.contains(&want), "{want} not in\n{m}");
    }
    // check names the OSD of a drive with a problem.
    let (slot, id) = osds[1];
    let bay = format!("32:{slot}");
    assert!(sim(s, &["sim", "media-errors", &bay, "5"]).status.success());
    let o = node.raidctl(&["check", "--max-age", "0"]);
    let c = all(&o);
    assert_eq!(o.status.code(), Some(1), "{c}");
    assert!(
        c.contains(&format!("[{bay}]")) && c.contains(&format!("osd.{id}")),
        "{c}"
    );
    assert!(sim(s, &["sim", "media-errors", &bay, "0"]).status.success());
    // pd locate --osd N blinks its bay, and only it.
    let o = node.raidctl(&["pd", "locate", "--osd", &id.to_string()]);
    assert!(o.status.success(), "{}", all(&o));
    assert!(
        all(&o).contains(&format!("osd.{id} is on [{bay}]")),
        "{}",
        all(&o)
    );
    assert_eq!(blinking(s), [slot]);
    let o = node.raidctl(&["pd", "locate", "--osd", &id.to_string(), "--off"]);
    assert!(o.status.success(), "{}", all(&o));
    assert!(blinking(s).is_empty());
    osds
}

/// docs/ceph.md's `ceph config-key set mgr/cephadm/blink_device_light_cmd '…'` line, as
/// written there.
pub(crate) fn docs_light_cmd_line() -> String {
    let docs = std::fs::read_to_string(crate::util::root().join("docs/ceph.md")).unwrap();
    let lines: Vec<&str> = docs
        .lines()
        .filter(|l| l.starts_with("ceph config-key set mgr/cephadm/blink_device_light_cmd '"))
        .collect();
    assert_eq!(lines.len(), 1, "one such line in docs/ceph.md: {lines:?}");
    lines[0].to_owned()
}

/// udev's properties of `dev` as the host's `/run/udev/data/b<major>:<minor>` holds them.
fn udev_props(dev: &str) -> Vec<(String, String)> {
    let (major, minor) = dev_numbers(dev);
    let text = std::fs::read_to_string(format!("/run/udev/data/b{major}:{minor}")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("E:")?.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// A block device's major and minor numbers.
fn dev_numbers(dev: &str) -> (u32, u32) {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let md = std::fs::metadata(dev).unwrap();
    assert!(md.file_type().is_block_device(), "{dev}");
    (rustix::fs::major(md.rdev()), rustix::fs::minor(md.rdev()))
}

/// `ceph device light on|off DEVID` through cephadm and the docs' template: exactly the OSD's
/// bay lights, then goes dark.
fn ceph_device_light_blinks_the_bay(
    node: &CephadmNode,
    s: &Path,
    devs: &[String],
    osds: &[(u64, u64)],
) {
    let (slot, id) = osds[1];
    let dev = &devs[SLOTS.iter().position(|x| *x == slot).unwrap()];
    // Ceph's device id is udev's model and serial of the VD, as the simulator wrote them.
    let props = udev_props(dev);
    let get = |k: &str| {
        props
            .iter()
            .find(|(p, _)| p == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("{k} not in udev's entry of {dev}: {props:?}"))
    };
    let devid = format!("{}_{}", get("ID_MODEL"), get("ID_SERIAL_SHORT"));
    let osd = format!("osd.{id}");
    node.wait(
        Duration::from_secs(120),
        &format!("ceph device ls naming {devid} for {osd}"),
        || {
            node.ceph_json(&["device", "ls"])
                .as_array()
                .is_some_and(|v| {
                    v.iter().any(|d| {
                        d["devid"] == devid.as_str()
                            && d["daemons"]
                                .as_array()
                                .is_some_and(|x| x.contains(&osd.as_str().into()))
                    })
                })
        },
    );
    let line = docs_light_cmd_line();
    let o = node.sh(&line);
    assert!(o.status.success(), "{line}: {}", all(&o));
    let template = line
        .split_once(" '")
        .and_then(|(_, t)| t.strip_suffix('\''))
        .unwrap();
    let o = node.ceph(&["config-key", "get", "mgr/cephadm/blink_device_light_cmd"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        template,
        "{}",
        all(&o)
    );
    for kind in ["ident", "fault"] {
        let o = node.ceph(&["device", "light", "on", &devid, kind]);
        assert!(o.status.success(), "{}", all(&o));
        let lit = || blinking(s) == [slot];
        assert!(
            lit(),
            "light on {devid} {kind}: lit {:?}, not [{slot}]\n{}\n{}",
            blinking(s),
            all(&o),
            node.cephadm_log()
        );
        let o = node.ceph(&["device", "light", "off", &devid, kind]);
        assert!(o.status.success(), "{}", all(&o));
        assert!(
            blinking(s).is_empty(),
            "light off {devid} {kind}: still lit {:?}\n{}\n{}",
            blinking(s),
            all(&o),
            node.cephadm_log()
        );
    }
}

/// The node and image cache is root's and writable by nobody else, and so are the
/// directories above it (a sticky one like /tmp aside): anything else is refused before it is
/// used or built into.
#[test]
fn a_cache_dir_another_user_could_change_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    if !crate::util::is_root() {
        crate::util::skip("checking the cache's owner needs root (chown)");
        return;
    }
    let user = match crate::util::TempUser::new() {
        Ok(u) => u,
        Err(why) => {
            crate::util::skip(&why);
            return;
        }
    };
    let d = tempfile::tempdir().unwrap();
    let image = |cache: &Path| {
        std::process::Command::new("bash")
            .arg(crate::cephadm_node::script())
            .arg("image")
            .env("RAIDCTL_CEPHADM_CACHE", cache)
            .output()
            .unwrap()
    };
    let mode = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    };
    let cache = d.path().join("cache");
    std::fs::create_dir(&cache).unwrap();
    mode(&cache, 0o777);
    let o = image(&cache);
    assert!(!o.status.success(), "{}", all(&o));
    assert!(
        all(&o).contains(&format!(
            "{} is writable by others than root",
            cache.display()
        )),
        "{}",
        all(&o)
    );
    mode(&cache, 0o755);
    user.chown_tree(&cache);
    let o = image(&cache);
    assert!(!o.status.success(), "{}", all(&o));
    assert!(
        all(&o).contains(&format!("{} is not owned by root", cache.display())),
        "{}",
        all(&o)
    );
    // Root's, under a directory anyone can write to (without the sticky bit).
    let open = d.path().join("open");
    std::fs::create_dir(&open).unwrap();
    mode(&open, 0o777);
    let cache = open.join("cache");
    std::fs::create_dir(&cache).unwrap();
    let o = image(&cache);
    assert!(!o.status.success(), "{}", all(&o));
    assert!(
        all(&o).contains(&format!(
            "{} is writable by others than root",
            open.display()
        )),
        "{}",
        all(&o)
    );
    // Nothing was built into any of them.
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 0);
}
