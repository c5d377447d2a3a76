//! A cephadm-layout OSD (`<ceph-root>/<fsid>/osd.N/`, issue 40) on the simulator's
//! single-drive RAID0 VD on [32:3], backed by a loop device that carries the OSD's BlueStore
//! label: `pd locate --osd N`, `pd locate --device NAME|/dev/NAME` (as cephadm's
//! `blink_device_light_cmd` passes it) light that bay in the simulator and `--off` clears it;
//! another VD's device lights nothing; `status --format json` names the OSD with its
//! deployment. No Ceph cluster: the join reads the directories and the label.

use crate::ceph::{blinking, sim, vd_device};
use std::path::Path;
use std::process::Command;

const FSID: &str = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
const OSD_FSID: &str = "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a";
const ID: u32 = 41;

/// `sim` with the cephadm root, a state directory of the test's and no Ceph configuration
/// (nothing asks a cluster this machine may run for something else).
fn adm(s: &Path, root: &Path, args: &[&str]) -> std::process::Output {
    let d = s.parent().unwrap();
    let mut v: Vec<String> = vec![
        "--ceph-root".into(),
        root.display().to_string(),
        "--ceph-conf".into(),
        d.join("no-ceph.conf").display().to_string(),
        "--state-dir".into(),
        d.join("state").display().to_string(),
    ];
    v.extend(args.iter().map(|a| (*a).to_owned()));
    let v: Vec<&str> = v.iter().map(String::as_str).collect();
    sim(s, &v)
}

/// The host's `ceph-volume raw list` (which the join runs as root) sees every loop device of
/// this machine: the two tests' OSD labels would show in each other's join, so they take turns.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_cephadm_osd_is_located_by_id_and_device_and_named_in_status() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !crate::util::loop_devices() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let s = crate::util::ceph_node(d.path(), sim);
    for slot in ["32:3", "32:4"] {
        let o = sim(&s, &["ld", "create", "--raid", "raid0", slot, "--yes"]);
        assert!(o.status.success(), "ld create {slot}: {}", err(&o));
    }
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", err(&o));
    struct Off(std::path::PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
        }
    }
    let _off = Off(s.clone());
    let dev = vd_device(&s, 3);
    let other = vd_device(&s, 4);
    assert!(dev.starts_with("/dev/loop"), "{dev}");
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().write(true).open(&dev).unwrap();
        f.write_all(&raidctl::ceph::label::encode(OSD_FSID, ID, FSID))
            .unwrap();
        f.sync_all().unwrap();
    }
    let root = d.path().join("ceph");
    let o = root.join(FSID).join(format!("osd.{ID}"));
    std::fs::create_dir_all(&o).unwrap();
    for (f, v) in [
        ("whoami", ID.to_string()),
        ("fsid", OSD_FSID.to_owned()),
        ("ceph_fsid", FSID.to_owned()),
        ("type", "bluestore".to_owned()),
    ] {
        std::fs::write(o.join(f), format!("{v}\n")).unwrap();
    }
    std::os::unix::fs::symlink(&dev, o.join("block")).unwrap();
    let name = dev.trim_start_matches("/dev/");

    // By id.
    let out = adm(&s, &root, &["pd", "locate", "--osd", &ID.to_string()]);
    assert!(out.status.success(), "{}", err(&out));
    assert!(
        err(&out).contains(&format!(
            "osd.{ID} is on [32:3] of adapter 0, placed by its BlueStore label"
        )),
        "{}",
        err(&out)
    );
    assert_eq!(blinking(&s), [3]);
    // Off by the bare kernel name, as cephadm's `dev` gives it.
    let out = adm(&s, &root, &["pd", "locate", "--device", name, "--off"]);
    assert!(out.status.success(), "{}", err(&out));
    assert!(blinking(&s).is_empty());
    // On by the path, the fault light being the same locate LED.
    let out = adm(
        &s,
        &root,
        &["pd", "locate", "--device", &dev, "--on", "--fault"],
    );
    assert!(out.status.success(), "{}", err(&out));
    assert!(err(&out).contains("same locate LED"), "{}", err(&out));
    assert_eq!(blinking(&s), [3]);

    // status names the OSD and its deployment on VD [32:3]'s entry.
    let out = adm(&s, &root, &["--format", "json", "status"]);
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", err(&out)));
    let lds = doc["snapshot"]["logical_drives"].as_array().unwrap();
    let ld = lds
        .iter()
        .find(|l| l["osd"].as_array().is_some_and(|v| !v.is_empty()))
        .unwrap_or_else(|| panic!("no VD carries an OSD: {lds:?}\n{}", err(&out)));
    assert_eq!(ld["members"][0]["slot"], 3, "{ld}");
    assert_eq!(ld["osd"][0]["id"], ID);
    assert_eq!(ld["osd"][0]["deployment"]["kind"], "cephadm");
    assert_eq!(
        ld["osd"][0]["deployment"]["unit"],
        format!("ceph-{FSID}@osd.{ID}")
    );
    let table = adm(&s, &root, &["status"]);
    let t = String::from_utf8_lossy(&table.stdout);
    assert!(t.contains(&format!("osd.{ID} ?/? [cephadm]")), "{t}");

    let out = adm(&s, &root, &["pd", "locate", "--device", name, "--off"]);
    assert!(out.status.success(), "{}", err(&out));
    assert!(blinking(&s).is_empty());
    // A Ceph device id no OSD here carries: the drive with its serial ([32:5]'s).
    let out = adm(
        &s,
        &root,
        &[
            "pd",
            "locate",
            "--ceph-devid",
            "ST8000NM0055-1RM112_ZA1A2B05",
        ],
    );
    assert!(out.status.success(), "{}", err(&out));
    assert!(
        err(&out).contains("the drive with serial ZA1A2B05"),
        "{}",
        err(&out)
    );
    assert_eq!(blinking(&s), [5]);
    let out = adm(&s, &root, &["pd", "locate", "32:5", "--stop"]);
    assert!(out.status.success(), "{}", err(&out));
    // The other VD's device carries no OSD: nothing is lit.
    let out = adm(&s, &root, &["pd", "locate", "--device", &other]);
    assert!(!out.status.success());
    assert!(
        err(&out).contains("no OSD of this host is on"),
        "{}",
        err(&out)
    );
    assert!(blinking(&s).is_empty());
}

/// The second test's OSD: another id and uuid than the first's, as the host's
/// `ceph-volume raw list` (run by the join as root) sees every test's loop devices at once.
const ID2: u32 = 43;
const OSD_FSID2: &str = "43434343-54b3-4c5e-9a51-6f1c3e0d2b7a";

/// A `ceph` that answers as a cluster whose osd.43 is up and in on host `node1`.
fn fake_ceph(dir: &Path, kname: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let tree = format!(
        r#"{{"nodes":[{{"id":-1,"name":"default","type":"root","children":[-3]}},{{"id":-3,"name":"node1","type":"host","children":[{ID2}]}},{{"id":{ID2},"device_class":"hdd","name":"osd.{ID2}","type":"osd","crush_weight":0.001,"exists":1,"status":"up","reweight":1}}],"stray":[]}}"#
    );
    let devs = format!(
        r#"[{{"devid":"DELL_PERC_H730P_VD1SERIAL","location":[{{"host":"node1","dev":"{kname}"}}],"daemons":["osd.{ID2}"]}}]"#
    );
    let p = bin.join("ceph");
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\ncase \" $* \" in\n*\" osd tree \"*) echo '{tree}';;\n*\" device ls \"*) echo '{devs}';;\n*\" osd metadata \"*) echo '[]';;\n*) echo '{{}}';;\nesac\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

#[test]
fn replace_drive_on_a_cephadm_osd_plans_the_orchestrator_and_waits_for_ceph() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !crate::util::loop_devices() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let s = crate::util::ceph_node(d.path(), sim);
    let o = sim(&s, &["ld", "create", "--raid", "raid0", "32:3", "--yes"]);
    assert!(o.status.success(), "{}", err(&o));
    let o = sim(&s, &["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", err(&o));
    struct Off(std::path::PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = sim(&self.0, &["sim", "block-devices", "off"]);
        }
    }
    let _off = Off(s.clone());
    let (dev, root) = osd_dirs_of_two_clusters_on_one_vd(d.path(), &s);
    let conf = d.path().join("ceph.conf");
    std::fs::write(&conf, format!("[global]\nfsid = {FSID}\n")).unwrap();
    let bin = fake_ceph(d.path(), dev.trim_start_matches("/dev/"));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let run = |args: &[&str]| {
        crate::ceph::run(
            Command::new(crate::ceph::raidctl())
                .arg("--sim-state")
                .arg(&s)
                .arg("--ceph-root")
                .arg(&root)
                .arg("--ceph-conf")
                .arg(&conf)
                .arg("--state-dir")
                .arg(d.path().join("state"))
                .args(args)
                .env("PATH", &path)
                .env("TMPDIR", crate::util::child_tmp(d.path())),
        )
    };
    // The other cluster's osd.44 is said and left out.
    let out = run(&["--format", "json", "status"]);
    assert!(
        err(&out).contains("osd.44 of another cluster"),
        "{}",
        err(&out)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let osd = doc["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|l| l["osd"].as_array().and_then(|v| v.first()).cloned())
        .unwrap_or_else(|| panic!("no OSD: {}", err(&out)));
    assert_eq!(
        (osd["id"].as_u64(), osd["up"].as_bool()),
        (Some(43), Some(true))
    );
    assert_eq!(osd["deployment"]["kind"], "cephadm");

    // Ceph's device id, as `ceph device light on DEVID` gives it: the OSD the join found on it.
    let out = run(&["pd", "locate", "--ceph-devid", "DELL_PERC_H730P_VD1SERIAL"]);
    assert!(out.status.success(), "{}", err(&out));
    assert!(err(&out).contains("osd.43 is on [32:3]"), "{}", err(&out));
    assert_eq!(crate::ceph::blinking(&s), [3]);
    let out = run(&[
        "pd",
        "locate",
        "--ceph-devid",
        "DELL_PERC_H730P_VD1SERIAL",
        "--off",
    ]);
    assert!(out.status.success(), "{}", err(&out));
    assert!(crate::ceph::blinking(&s).is_empty());

    let out = run(&[
        "replace-drive",
        "--osd",
        &ID2.to_string(),
        "--proactive",
        "--dry-run",
    ]);
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), err(&out));
    assert!(out.status.success(), "{all}");
    for want in [
        "ceph osd ok-to-stop 43",
        "ceph orch osd rm 43 --replace",
        "ceph orch osd rm status",
        "ceph orch device zap node1 <new device> --force",
        "-- raw prepare --bluestore --data <new device> --osd-id 43",
        "ceph cephadm osd activate node1",
    ] {
        assert!(all.contains(want), "{want}:\n{all}");
    }
    assert!(!all.contains("systemctl"), "{all}");
    assert!(!all.contains("osd destroy"), "{all}");

    // The real run takes the orchestrator's steps: the stand-in `ceph` answers `{}` to
    // everything, which is no removal queue, so it stops there, before anything changes on
    // the controller, with the bay dark again.
    let out = run(&[
        "replace-drive",
        "--osd",
        &ID2.to_string(),
        "--proactive",
        "--yes",
        "--serial",
        "ZA1A2B03",
    ]);
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), err(&out));
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(
        all.contains("orch osd rm status") && all.contains("Nothing further was changed"),
        "{all}"
    );
    assert!(!all.contains("running: MegaCli64 -PDOffline"), "{all}");
    assert!(crate::ceph::blinking(&s).is_empty(), "{all}");
    the_vd_and_its_drive_are_untouched(&s);
}

/// VD 1's device labelled as this cluster's osd.43, and an OSD directory for it under this
/// cluster's fsid and another cluster's (osd.44): the device and that Ceph root.
fn osd_dirs_of_two_clusters_on_one_vd(d: &Path, s: &Path) -> (String, std::path::PathBuf) {
    let dev = vd_device(s, 3);
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().write(true).open(&dev).unwrap();
        f.write_all(&raidctl::ceph::label::encode(OSD_FSID2, ID2, FSID))
            .unwrap();
        f.sync_all().unwrap();
    }
    let root = d.join("ceph");
    for (cluster, id) in [(FSID, ID2), ("11111111-2222-3333-4444-555555555555", 44)] {
        let o = root.join(cluster).join(format!("osd.{id}"));
        std::fs::create_dir_all(&o).unwrap();
        std::fs::write(o.join("whoami"), format!("{id}\n")).unwrap();
        std::fs::write(o.join("fsid"), format!("{OSD_FSID2}\n")).unwrap();
        std::fs::write(o.join("ceph_fsid"), format!("{cluster}\n")).unwrap();
        std::fs::write(o.join("type"), "bluestore\n").unwrap();
        std::os::unix::fs::symlink(&dev, o.join("block")).unwrap();
    }
    (dev, root)
}

/// VD 1 on [32:3] is still there and its drive online.
fn the_vd_and_its_drive_are_untouched(s: &Path) {
    let st: serde_json::Value = serde_json::from_slice(&sim(s, &["sim", "state"]).stdout).unwrap();
    let a = &st["adapters"][0];
    assert!(
        a["vds"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["target"] == 1),
        "{st}"
    );
    assert!(
        a["drives"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["slot"] == 3 && d["state"] == "online"),
        "{st}"
    );
}
