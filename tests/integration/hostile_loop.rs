//! The simulator's block-device map is only a record: a loop device it names may back
//! another program's file by now (a copied state directory, a reboot, `losetup -D` and reuse).
//! `sim fail` must never cut such a device to 512 bytes, the hand-off to qualify or
//! ceph-volume must not name it, and `block-devices off` must not detach it (issue 37).

use crate::util::raidctl_clean as raidctl;
use std::path::Path;
use std::process::Command;

fn sim(s: &Path, args: &[&str]) -> std::process::Output {
    raidctl()
        .arg("--sim-state")
        .arg(s)
        .env("TMPDIR", crate::util::child_tmp(s.parent().unwrap()))
        .args(args)
        .output()
        .unwrap()
}

fn size_of(dev: &str) -> String {
    let o = Command::new("blockdev")
        .args(["--getsize64", dev])
        .output()
        .unwrap();
    String::from_utf8_lossy(&o.stdout).trim().to_owned()
}

#[test]
fn a_foreign_loop_device_in_a_stale_map_is_left_alone() {
    if !crate::util::loop_devices() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let s = crate::util::ceph_node(d.path(), sim);
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    struct Off(std::path::PathBuf, Vec<String>);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
            for dev in &self.1 {
                let _ = Command::new("losetup").args(["--detach", dev]).status();
            }
        }
    }
    let mut off = Off(s.clone(), Vec::new());
    let o = sim(
        &s,
        &[
            "sim",
            "exec",
            "MegaCli64",
            "--",
            "-CfgLdAdd",
            "-r0[32:5]",
            "-a0",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Another program's loop device, and a map that names it for the new VD.
    let victim = d.path().join("victim.img");
    std::fs::File::create(&victim)
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    let o = Command::new("losetup")
        .args(["-f", "--show", "--direct-io=on"])
        .arg(&victim)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let foreign = String::from_utf8_lossy(&o.stdout).trim().to_owned();
    off.1.push(foreign.clone());
    let before = size_of(&foreign);
    assert_eq!(before, (64u64 << 20).to_string());
    let map_path = s.join("block-devices.json");
    let mut map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&map_path).unwrap()).unwrap();
    let entry = map["devices"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| {
            e["members"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["slot"] == 5)
        })
        .expect("the new VD is in the map");
    let ours = entry["device"].as_str().unwrap().to_owned();
    entry["device"] = serde_json::Value::String(foreign.clone());
    std::fs::write(&map_path, serde_json::to_vec(&map).unwrap()).unwrap();
    let o = sim(&s, &["sim", "fail", "32:5"]);
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        size_of(&foreign),
        before,
        "the foreign loop device was cut: {said}"
    );
    assert!(said.contains("no longer backs"), "{said}");
    // The hand-off to qualify and ceph-volume does not name it either.
    let target = u32::try_from(
        map["devices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["device"] == foreign.as_str())
            .unwrap()["target"]
            .as_u64()
            .unwrap(),
    )
    .unwrap();
    use raidctl::sim::blockdev::{Kind, device_for};
    assert_eq!(device_for(&s, 0, Kind::Vd, Some(target), None), None);
    // `block-devices off` drops the stale entry without detaching the device it names (our
    // own is then the cleanup's to detach).
    off.1.push(ours.clone());
    let o = sim(&s, &["sim", "block-devices", "off"]);
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("no longer backs"), "{said}");
    let name = foreign.trim_start_matches("/dev/");
    let backing =
        std::fs::read_to_string(format!("/sys/block/{name}/loop/backing_file")).unwrap_or_default();
    assert_eq!(
        Path::new(backing.trim()),
        victim.canonicalize().unwrap(),
        "the foreign loop device was detached: {said}"
    );
    assert_eq!(size_of(&foreign), before);
}

/// With the map right, the hand-off names the simulator's own loop device.
#[test]
fn the_hand_off_names_the_simulators_own_loop_device() {
    if !crate::util::loop_devices() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let s = crate::util::ceph_node(d.path(), sim);
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    struct Off(std::path::PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
        }
    }
    let _off = Off(s.clone());
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(s.join("block-devices.json")).unwrap()).unwrap();
    let vd = map["devices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "vd")
        .expect("a VD in the map");
    let target = u32::try_from(vd["target"].as_u64().unwrap()).unwrap();
    use raidctl::sim::blockdev::{Kind, device_for};
    assert_eq!(
        device_for(&s, 0, Kind::Vd, Some(target), None),
        Some(std::path::PathBuf::from(vd["device"].as_str().unwrap()))
    );
}
