//! The one OSD VD policy (`ld create`, `osd-prep`), `ld set` changing a VD's cache policy in
//! place through MegaCli, storcli and OpenManage, and `osd-prep --mode auto` following the
//! layout already on the adapter, end to end on the simulator.

use crate::harness::Raidctl;
use crate::simctl;
use std::path::Path;

/// raidctl on the simulator state in `dir` through `backend`.
fn raidctl(dir: &Path, backend: &str) -> Raidctl {
    // Vendor calls get a generous deadline: a busy machine slows the simulated tools. The
    // qualification of osd-prep writes to files this size, not gigabytes.
    simctl::on(dir, backend, "1m").env("RAIDCTL_SIM_DISK_CAP", (64u64 << 20).to_string())
}

/// The simulated MegaCli on the state in `dir` (setting the scene is not under test).
fn megacli(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new(crate::util::vendor("MegaCli64"))
        .env("RAIDCTL_SIM_STATE", dir)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "MegaCli64 {args:?}: {out:?}");
}

/// The `vd-sibling-policy` problems `status` reports, with their next steps.
fn sibling_problems(dir: &Path, backend: &str) -> Vec<(String, String)> {
    simctl::status_json_on(dir, backend)["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["rule"] == "vd-sibling-policy")
        .map(|p| {
            (
                p["subject"].as_str().unwrap_or_default().to_owned(),
                p["suggestion"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// The cache text of each single-drive RAID0 VD, as MegaCli prints it.
fn raid0_policies(dir: &Path) -> Vec<String> {
    simctl::status_json_on(dir, "megacli")["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["raid_level"] == "raid0")
        .map(|l| {
            l["default_cache_policy"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// The two examples of docs/workflows.md on `ceph-node`, one after the other: `osd-prep --mode
/// raid0` (qualifying two drives), then `ld create --raid raid0` for three more. Both make the same
/// policy, so `status` has no `vd-sibling-policy` to say (before, osd-prep made WT,NORA and
/// ld create WB,RA: the three outvoted the two).
#[test]
fn osd_prep_then_ld_create_make_one_policy() {
    let dir = simctl::init_on("ceph-node", "megacli");
    let d = dir.path();
    let r = raidctl(d, "megacli")
        .args([
            "osd-prep",
            "--drives",
            "32:2,32:3",
            "--mode",
            "raid0",
            "--profile",
            "smoke",
            "--yes",
        ])
        .run();
    assert!(
        r.stdout
            .contains("osd-prep: RAID0 VDs on adapter 0: WB,NORA,Direct"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    for s in 4..=6 {
        let r = raidctl(d, "megacli")
            .args([
                "ld",
                "create",
                "--raid",
                "raid0",
                &format!("32:{s}"),
                "--yes",
            ])
            .run();
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    let policies = raid0_policies(d);
    assert_eq!(policies.len(), 5, "{policies:?}");
    assert!(
        policies
            .iter()
            .all(|p| p == "WriteBack, ReadAheadNone, Direct, No Write Cache if Bad BBU"),
        "{policies:?}"
    );
    assert_eq!(sibling_problems(d, "megacli"), Vec::new());
}

/// `ld create` with every policy option: the plan shows them, the result names the new VD,
/// its policy and why it has no block device here, and the VD reads back as asked.
#[test]
fn ld_create_takes_the_policy_options_and_names_the_new_vd() {
    let dir = simctl::init_on("ceph-node", "megacli");
    let d = dir.path();
    let args = [
        "ld",
        "create",
        "--raid",
        "raid0",
        "32:6",
        "--write",
        "wt",
        "--read",
        "ra",
        "--io",
        "cached",
        "--strip",
        "256",
        "--pdcache",
        "off",
        "--name",
        "osd-6",
    ];
    let r = raidctl(d, "megacli")
        .args([&args[..], &["--dry-run"]].concat())
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    for line in [
        "-CfgLdAdd -r0[32:6] WT RA Cached -strpsz256 -a0",
        "-LDSetProp -DisDskCache -L<new VD> -a0",
        "-LDSetProp -Name osd-6 -L<new VD> -a0",
    ] {
        assert!(r.stderr.contains(line), "{line}: {}", r.stderr);
    }
    assert_eq!(raid0_policies(d).len(), 0, "a dry run changes nothing");
    let r = raidctl(d, "megacli")
        .args([&args[..], &["--yes"]].concat())
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("ld-create: done and verified\nVD 1 on adapter 0 (raid0 on [32:6], WT,RA,Cached,disk cache off)")
            && r.stdout.contains("no block device: the simulated controller has no block devices"),
        "{}",
        r.stdout
    );
    let snap = &simctl::status_json_on(d, "megacli")["snapshot"];
    let vd = snap["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["target_id"] == 1)
        .unwrap();
    assert_eq!(vd["name"], "osd-6");
    assert_eq!(vd["strip_size_bytes"], 256 * 1024);
    // A name the firmware cannot keep is refused before anything runs.
    let r = raidctl(d, "megacli")
        .args([
            "ld",
            "create",
            "--raid",
            "raid0",
            "32:7",
            "--name",
            "far-too-long-a-name",
            "--yes",
        ])
        .run();
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(raid0_policies(d).len(), 1);
}

/// `ceph-node` with single-drive RAID0 VDs 1..4 on drives 2..5 made by `ld create` through
/// `backend`, and VD 2 set up unlike its siblings (write-through, read-ahead) behind its back.
fn odd_one_out(backend: &str) -> tempfile::TempDir {
    let dir = simctl::init_on("ceph-node", backend);
    let d = dir.path();
    for s in 2..=5u16 {
        // OpenManage numbers the enclosure itself: MegaCli's [32:S] is its [1:S].
        let bay = if backend == "omreport" {
            format!("1:{s}")
        } else {
            format!("32:{s}")
        };
        let r = raidctl(d, backend)
            .args(["ld", "create", "--raid", "raid0", &bay, "--yes"])
            .run();
        assert_eq!(r.code, 0, "{backend}: {}", r.stderr);
        assert!(
            r.stdout
                .contains(&format!("VD {} on adapter 0 (raid0 on", s - 1)),
            "{backend}: {}",
            r.stdout
        );
    }
    megacli(d, &["-LDSetProp", "WT", "-L2", "-a0"]);
    megacli(d, &["-LDSetProp", "RA", "-L2", "-a0"]);
    dir
}

/// `status` names the odd VD with a real `raidctl ld set` line as its next step; a dry run
/// shows the backend's exact commands and changes nothing; the line itself, run unattended,
/// puts the VD back in line and the warning goes, on MegaCli, storcli and OpenManage.
#[test]
fn ld_set_clears_vd_sibling_policy_on_every_backend() {
    for (backend, commands) in [
        (
            "megacli",
            ["-LDSetProp WB -L2 -a0", "-LDSetProp NORA -L2 -a0"],
        ),
        (
            "storcli",
            ["/c0/v2 set wrcache=wb", "/c0/v2 set rdcache=nora"],
        ),
        (
            "omreport",
            [
                "action=changepolicy controller=0 vdisk=2 writepolicy=wb",
                "action=changepolicy controller=0 vdisk=2 readpolicy=nra",
            ],
        ),
    ] {
        let dir = odd_one_out(backend);
        let d = dir.path();
        let found = sibling_problems(d, backend);
        assert_eq!(
            found,
            vec![(
                "VD 2".to_owned(),
                "raidctl ld set 2 --write wb --read nora -a 0".to_owned()
            )],
            "{backend}"
        );
        let argv: Vec<&str> = found[0].1.split_whitespace().skip(1).collect();
        let r = raidctl(d, backend)
            .args([&argv[..], &["--dry-run"]].concat())
            .run();
        assert_eq!(r.code, 0, "{backend}: {}", r.stderr);
        for c in commands {
            assert!(r.stderr.contains(c), "{backend}: {c}: {}", r.stderr);
        }
        assert_eq!(sibling_problems(d, backend).len(), 1, "{backend}: dry run");
        let r = raidctl(d, backend)
            .args([&argv[..], &["--yes"]].concat())
            .run();
        assert_eq!(r.code, 0, "{backend}: {}", r.stderr);
        assert!(
            r.stdout
                .starts_with("ld-set: done and verified\nVD 2 on adapter 0 runs WB,NORA"),
            "{backend}: {}",
            r.stdout
        );
        assert_eq!(sibling_problems(d, backend), Vec::new(), "{backend}");
        // Asked again: nothing left to change, nothing run.
        let r = raidctl(d, backend)
            .args([&argv[..], &["--yes"]].concat())
            .run();
        assert!(
            r.stdout.contains("nothing to change"),
            "{backend}: {}",
            r.stdout
        );
    }
}

/// What a tool cannot set is refused before anything runs, naming the tool that can.
#[test]
fn ld_set_refuses_what_the_tool_cannot_set() {
    let dir = odd_one_out("megacli");
    let d = dir.path();
    megacli(d, &["-LDSetProp", "-DisDskCache", "-L2", "-a0"]);
    let r = raidctl(d, "megacli")
        .args(["ld", "set", "2", "--pdcache", "default", "--yes"])
        .run();
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("cannot set disk cache default")
            && r.stderr.contains("--backend storcli"),
        "{}",
        r.stderr
    );
    let r = raidctl(d, "omreport")
        .args(["ld", "set", "2", "--io", "cached", "--yes"])
        .run();
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("cannot set I/O Cached"), "{}", r.stderr);
    raidctl(d, "megacli")
        .args(["ld", "set", "2", "--yes"])
        .status(2)
        .run();
    raidctl(d, "storcli")
        .args(["ld", "set", "2", "--pdcache", "default", "--yes"])
        .status(0)
        .stdout_has("disk cache default")
        .run();
}

/// `osd-prep --mode auto` follows the layout already on the adapter and says so: RAID0 next
/// to single-drive RAID0 VDs although ceph-node has JBOD enabled, JBOD next to JBOD drives,
/// and the adapter's setting when there is nothing to follow.
#[test]
fn osd_prep_auto_follows_the_existing_layout() {
    let plan = |d: &Path| {
        let r = raidctl(d, "megacli")
            .args(["osd-prep", "--drives", "32:8", "--dry-run"])
            .run();
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    let dir = simctl::init_on("ceph-node", "megacli");
    let out = plan(dir.path());
    assert!(
        out.contains("--mode auto on adapter 0: JBOD, because adapter 0 has no OSD or single-drive layout to follow and JBOD is enabled")
            && out.contains("-PDMakeJBOD -PhysDrv[32:8] -a0"),
        "{out}"
    );
    megacli(
        dir.path(),
        &["-CfgLdAdd", "-r0[32:2]", "WT", "NORA", "Direct", "-a0"],
    );
    let out = plan(dir.path());
    assert!(
        out.contains("--mode auto on adapter 0: RAID0, because no Ceph OSD is known on adapter 0, and it has 1 single-drive RAID0 VD(s) and 0 JBOD drive(s)")
            && out.contains("-CfgLdAdd -r0[32:8] WB NORA Direct -a0"),
        "{out}"
    );
    let dir = simctl::init_on("ceph-node", "megacli");
    megacli(dir.path(), &["-PDMakeJBOD", "-PhysDrv[32:2]", "-a0"]);
    megacli(dir.path(), &["-PDMakeJBOD", "-PhysDrv[32:3]", "-a0"]);
    let out = plan(dir.path());
    assert!(
        out.contains("JBOD, because no Ceph OSD is known on adapter 0, and it has 0 single-drive RAID0 VD(s) and 2 JBOD drive(s)"),
        "{out}"
    );
}
