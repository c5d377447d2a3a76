//! The simulated hosts of `prometheus.rs`, each a scenario brought to the state its alerts and
//! panels are about, with `raidctl metrics` writing its textfile as the packaged timer does.

use crate::harness::Raidctl;
use std::path::{Path, PathBuf};
use std::process::Output;

/// The Ceph host's OSD, on its RAID0 VD over [32:3].
const OSD_ID: u32 = 47;
const OSD_FSID: &str = "47474747-54b3-4c5e-9a51-6f1c3e0d2b7a";
const CLUSTER_FSID: &str = "e3b0c442-98fc-1c14-9afb-f4c8996fb947";

/// Where each simulated host keeps its controller and its textfile directory.
pub struct Hosts {
    /// Dropped first (fields drop in order): the loop devices go while the simulator's state
    /// that names them is still there.
    _block_devices: Option<BlockDevices>,
    /// `--osd-root` of the Ceph host, when loop devices carry its OSD.
    pub osd_root: Option<PathBuf>,
    dir: tempfile::TempDir,
}

impl Hosts {
    fn sim(&self, host: &str) -> PathBuf {
        self.dir.path().join(host).join("sim")
    }

    pub fn textfiles(&self, host: &str) -> PathBuf {
        self.dir.path().join(host).join("textfile")
    }
}

/// The simulator's loop devices, detached when dropped.
struct BlockDevices(PathBuf);

impl Drop for BlockDevices {
    fn drop(&mut self) {
        let _ = raidctl(&self.0)
            .command()
            .args(["sim", "block-devices", "off"])
            .output();
    }
}

/// `raidctl` on one simulated controller, without the caller's raidctl settings.
fn raidctl(sim: &Path) -> Raidctl {
    Raidctl::new()
        .tmp_under(sim.parent().unwrap())
        .quiet()
        .sim_state(sim)
}

fn ok(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl Hosts {
    /// `raidctl metrics --textfile-dir`, as the timer runs it (fresh SMART, so a change the
    /// simulator made shows at once); the broken host's run fails as it must.
    fn metrics(&self, host: &str) {
        let mut c = raidctl(&self.sim(host)).command();
        if let (Some(root), "ceph") = (&self.osd_root, host) {
            // The host's OSD directory and its cluster's configuration (no monitor to ask),
            // never this machine's /etc/ceph: a test cluster may be running here.
            let conf = root.with_file_name("ceph.conf");
            c.arg("--osd-root").arg(root).arg("--ceph-conf").arg(conf);
        }
        let out = c
            .args(["--smart-max-age", "0", "metrics", "--max-age", "0"])
            .arg("--textfile-dir")
            .arg(self.textfiles(host))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if !err.trim().is_empty() {
            eprintln!("{host}: raidctl metrics: {err}");
        }
        if host == "broken" {
            assert_eq!(out.status.code(), Some(3), "{host}: {out:?}");
        } else {
            ok(&format!("{host}: metrics"), &out);
        }
    }
}

/// The OSD of the Ceph host on the VD over [32:3]: loop devices behind the simulator's VDs,
/// a BlueStore label on the VD's device and the OSD's directory naming it. `None` (said) when
/// there are no loop devices here.
fn osd(hosts: &mut Hosts) {
    if !crate::util::loop_devices() {
        return;
    }
    let sim = hosts.sim("ceph");
    raidctl(&sim)
        .args(["sim", "block-devices", "on", "--size-gb", "1"])
        .status(0)
        .run();
    hosts._block_devices = Some(BlockDevices(sim.clone()));
    let out = raidctl(&sim)
        .command()
        .args(["--format", "json", "sim", "block-devices"])
        .output()
        .unwrap();
    ok("sim block-devices", &out);
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let dev = map
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "vd" && d["members"][0]["slot"] == 3)
        .and_then(|d| d["device"].as_str())
        .unwrap_or_else(|| panic!("no device for the VD over [32:3]: {map}"))
        .to_owned();
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().write(true).open(&dev).unwrap();
        f.write_all(&raidctl::ceph::label::encode(
            OSD_FSID,
            OSD_ID,
            CLUSTER_FSID,
        ))
        .unwrap();
        f.sync_all().unwrap();
    }
    let root = hosts.dir.path().join("ceph").join("osd");
    let o = root.join(format!("ceph-{OSD_ID}"));
    std::fs::create_dir_all(&o).unwrap();
    for (f, v) in [
        ("whoami", OSD_ID.to_string()),
        ("fsid", OSD_FSID.to_owned()),
        ("ceph_fsid", CLUSTER_FSID.to_owned()),
        ("type", "bluestore".to_owned()),
    ] {
        std::fs::write(o.join(f), format!("{v}\n")).unwrap();
    }
    std::os::unix::fs::symlink(&dev, o.join("block")).unwrap();
    std::fs::write(
        root.with_file_name("ceph.conf"),
        format!("[global]\nfsid = {CLUSTER_FSID}\n"),
    )
    .unwrap();
    hosts.osd_root = Some(root);
}

/// Every host in the state its first scrape must see.
pub fn set_up() -> Hosts {
    let mut hosts = Hosts {
        dir: tempfile::tempdir().unwrap(),
        osd_root: None,
        _block_devices: None,
    };
    fn scenario(h: &str) -> &str {
        match h {
            "degraded" | "foreign" | "rebuilding" => h,
            "ceph" => "ceph-node",
            _ => "healthy",
        }
    }
    for host in crate::prometheus::HOSTS {
        let tf = hosts.textfiles(host);
        std::fs::create_dir_all(&tf).unwrap();
        // node_exporter runs as another user on a real host; raidctl refuses a textfile
        // directory others can write into.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tf, std::fs::Permissions::from_mode(0o755)).unwrap();
        raidctl(&hosts.sim(host))
            .args(["--sim", scenario(host), "sim", "scenarios"])
            .status(0)
            .run();
    }
    let base = hosts.dir.path().to_path_buf();
    let s = |h: &str| base.join(h).join("sim");
    // An interrupted replacement of the failed [32:4]: unfinished, its bay left blinking.
    let out = raidctl(&s("degraded"))
        .command()
        .env("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")
        .args(["--timeout", "30", "replace-drive", "32:4", "--yes"])
        .args(["--serial", "S0K1A2B04"])
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "the replacement was to stop: {out:?}"
    );
    // Both members of the write-back RAID 1 fail: offline, its cache pinned; a punctured VD.
    raidctl(&s("offline"))
        .args(["sim", "fail", "32:0"])
        .status(0)
        .run();
    raidctl(&s("offline"))
        .args(["sim", "fail", "32:1"])
        .status(0)
        .run();
    raidctl(&s("offline"))
        .args(["sim", "bad-blocks", "1", "on"])
        .status(0)
        .run();
    raidctl(&s("foreign"))
        .args(["sim", "bbu", "drain"])
        .status(0)
        .run();
    // A rebuild slowed down past a day, and a battery that failed.
    raidctl(&s("rebuilding"))
        .args(["sim", "speed", "0.001"])
        .status(0)
        .run();
    raidctl(&s("rebuilding"))
        .args(["sim", "advance", "90000"])
        .status(0)
        .run();
    raidctl(&s("rebuilding"))
        .args(["sim", "bbu", "fail"])
        .status(0)
        .run();
    // Ceph: an OSD on a RAID0 VD, a JBOD drive, a SMART trip, a hot drive, a worn SSD.
    raidctl(&s("ceph"))
        .args(["ld", "create", "--raid", "raid0", "32:3", "--yes"])
        .status(0)
        .run();
    raidctl(&s("ceph"))
        .args([
            "sim",
            "exec",
            "MegaCli64",
            "--",
            "-PDMakeJBOD",
            "-PhysDrv[32:4]",
            "-a0",
        ])
        .status(0)
        .run();
    for args in [["32:5", "trip"], ["32:6", "temperature"], ["32:0", "wear"]] {
        let mut a = vec!["sim", "smart", args[0], args[1]];
        match args[1] {
            "temperature" => a.push("64"),
            "wear" => a.push("95"),
            _ => {}
        }
        raidctl(&s("ceph")).args(&a).status(0).run();
    }
    osd(&mut hosts);
    raidctl(&s("broken"))
        .args(["sim", "fault", "add", "--command", "*", "--kind", "crash"])
        .status(0)
        .run();
    for host in crate::prometheus::HOSTS {
        hosts.metrics(host);
    }
    // The healthy host's storcli.py-compatible file beside raidctl.prom.
    let out = raidctl(&s("healthy"))
        .command()
        .args(["metrics", "--compat", "storcli-py", "--textfile-dir"])
        .arg(hosts.textfiles("healthy"))
        .output()
        .unwrap();
    ok("metrics --compat storcli-py", &out);
    // The broken host's timer stopped an hour ago.
    let file = std::fs::File::options()
        .write(true)
        .open(hosts.textfiles("broken").join("raidctl.prom"))
        .unwrap();
    file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
        .unwrap();
    hosts
}

/// What happens once Prometheus has scraped every host: counters rise, drives are pulled
/// (a JBOD drive raidctl remembers, an unconfigured one it does not), SMART finds pending
/// sectors, a textfile is removed.
pub fn change(hosts: &Hosts) {
    let s = |h: &str| hosts.sim(h);
    raidctl(&s("degraded"))
        .args(["sim", "media-errors", "32:5", "7"])
        .status(0)
        .run();
    raidctl(&s("degraded"))
        .args(["sim", "predictive", "32:5", "1"])
        .status(0)
        .run();
    raidctl(&s("ceph"))
        .args(["sim", "pull", "32:4"])
        .status(0)
        .run();
    raidctl(&s("ceph"))
        .args(["sim", "pull", "32:10"])
        .status(0)
        .run();
    raidctl(&s("ceph"))
        .args(["sim", "smart", "32:8", "pending", "4"])
        .status(0)
        .run();
    for host in ["degraded", "ceph"] {
        hosts.metrics(host);
    }
    std::fs::remove_file(hosts.textfiles("gone").join("raidctl.prom")).unwrap();
}
