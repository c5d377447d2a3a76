//! The simulated hardware read through the product's own host code: the native backend
//! over the simulated MFI firmware, the identity join over the simulated sysfs tree. These
//! sit here, not beside the simulator, because the simulator crate cannot name the product.

mod firmware {
    use raidctl::model::DriveAddress;
    use std::time::Duration;

    use raidctl::backend::native::Native;
    use raidctl::backend::ops::Operations;
    use raidctl_sim::mfi::*;
    use std::sync::Arc;

    fn native(scenario: &str, legacy: bool) -> Native {
        let st = raidctl_sim::scenarios::build(scenario).unwrap();
        let fw = SimFirmware::from_state(st).with_legacy_ld_list(legacy);
        Native::new(Arc::new(fw), Duration::from_secs(10))
    }

    #[test]
    fn ext_ld_list_falls_back_to_legacy_on_invalid_parameter() {
        let a = native("degraded", false).snapshot().unwrap();
        let n = native("degraded", true);
        let b = n.snapshot().unwrap();
        assert_eq!(a.logical_drives.len(), b.logical_drives.len());
        assert!(!b.logical_drives.is_empty());
        let raw = n.client().raw();
        let lists: Vec<(usize, u8)> = raw
            .iter()
            .filter(|r| r.name == "LD_GET_LIST")
            .map(|r| (r.len, r.status))
            .collect();
        assert_eq!(lists, vec![(4104, 3), (1032, 0)]);
    }

    #[test]
    fn events_are_polled_with_classes_and_descriptions() {
        let mut st = raidctl_sim::scenarios::build("healthy").unwrap();
        let mut inv = |line: &str| {
            let v: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
            raidctl_sim::dispatch(&mut st, &raidctl_sim::args::parse(&v).unwrap());
        };
        inv("-PDOffline -PhysDrv[32:3] -a0");
        let n = Native::new(
            Arc::new(SimFirmware::from_state(st)),
            Duration::from_secs(5),
        );
        let ev = n.events(0, None, 1000).unwrap();
        let d: Vec<&str> = ev.iter().map(|e| e.description.as_str()).collect();
        assert!(d.contains(&"VD 01/1 is now DEGRADED"), "{d:?}");
        let e = ev
            .iter()
            .find(|e| e.description.starts_with("State change on PD 03"))
            .unwrap();
        assert!(e.time.as_deref().unwrap().ends_with("UTC"));
        assert!(ev.windows(2).all(|w| w[0].seq_num < w[1].seq_num));
        // Events of the scenario's boot, logged before the clock was set, come back
        // boot-relative (the firmware's 0xff top byte), not as a wall-clock time.
        assert!(
            ev.iter()
                .any(|e| e.since_boot_s.is_some() && e.time.is_none()),
            "no boot-relative event: {ev:?}"
        );
        // Later polls start after what was read.
        let last = ev.last().unwrap().seq_num;
        let more = n
            .events(0, Some(u32::try_from(last + 1).unwrap()), 10)
            .unwrap();
        assert!(more.is_empty());
    }

    #[test]
    fn stub_answers_are_caught() {
        let mut st = raidctl_sim::scenarios::build("healthy").unwrap();
        st.faults.push(raidctl_sim::state::FaultRule {
            command: "mfi:pd_get_list".into(),
            kind: raidctl_sim::state::FaultKind::Empty,
            on_call: None,
        });
        let n = Native::new(
            Arc::new(SimFirmware::from_state(st)),
            Duration::from_secs(5),
        );
        let e = n.snapshot().unwrap_err().to_string();
        assert!(e.contains("status OK but no data"), "{e}");
    }

    #[test]
    fn garbled_list_is_rejected() {
        let mut st = raidctl_sim::scenarios::build("healthy").unwrap();
        st.faults.push(raidctl_sim::state::FaultRule {
            command: "mfi:pd_get_list".into(),
            kind: raidctl_sim::state::FaultKind::Garbled,
            on_call: None,
        });
        let n = Native::new(
            Arc::new(SimFirmware::from_state(st)),
            Duration::from_secs(5),
        );
        let e = n.snapshot().unwrap_err().to_string();
        assert!(e.contains("payload not valid"), "{e}");
    }

    #[test]
    fn hung_dcmd_is_unknown_within_the_timeout() {
        let mut st = raidctl_sim::scenarios::build("healthy").unwrap();
        st.faults.push(raidctl_sim::state::FaultRule {
            command: "mfi:cfg_read".into(),
            kind: raidctl_sim::state::FaultKind::Hang,
            on_call: None,
        });
        let n = Native::new(
            Arc::new(SimFirmware::from_state(st)),
            Duration::from_millis(200),
        );
        let t0 = std::time::Instant::now();
        let e = n.snapshot().unwrap_err().to_string();
        assert!(t0.elapsed() < Duration::from_secs(20));
        assert!(e.contains("CFG_READ") && e.contains("timed out"), "{e}");
    }

    #[test]
    fn changes_are_refused_naming_the_tools() {
        let n = native("healthy", false);
        let op = raidctl::backend::ops::Op::LocateStart {
            adapter: 0,
            drive: DriveAddress::new(32, 0),
        };
        assert!(!n.supports(&op));
        let e = n.apply(&op).unwrap_err().to_string();
        assert!(e.contains("storcli64") && e.contains("MegaCli64"), "{e}");
    }

    #[test]
    fn foreign_configs_are_displayed() {
        let n = native("foreign", false);
        let snap = n.snapshot().unwrap();
        assert!(!snap.foreign_configs.is_empty());
        let f = n.foreign(0).unwrap();
        assert_eq!(f.len(), snap.foreign_configs.len());
        assert!(f[0].disk_groups.iter().any(|g| !g.spans.is_empty()));
    }
}

mod sysfs {
    use raidctl_sim::blockdev::{BlockMap, Kind, SimBlockDevice};
    use std::path::PathBuf;

    use raidctl::backend::identity::{self, Place};
    use raidctl_sim::blockdev::Member;
    use raidctl_sim::sysfs::*;

    #[test]
    fn the_tree_reads_as_a_megaraid_host_does() {
        let st = raidctl_sim::scenarios::build("healthy").unwrap();
        let ad = &st.adapters[0];
        let vd = ad.vds.last().unwrap();
        let jbod = &ad.drives[0];
        let map = BlockMap {
            devices: vec![
                SimBlockDevice {
                    adapter: 0,
                    kind: Kind::Vd,
                    target: Some(vd.target),
                    members: Vec::new(),
                    enclosure: None,
                    slot: None,
                    device: "/dev/loop7".into(),
                    failed: false,
                    file: PathBuf::new(),
                    identity: String::new(),
                },
                SimBlockDevice {
                    adapter: 0,
                    kind: Kind::Jbod,
                    target: None,
                    members: vec![Member::from(jbod.addr())],
                    enclosure: jbod.enclosure,
                    slot: Some(jbod.slot),
                    device: "/dev/loop9".into(),
                    failed: false,
                    file: PathBuf::new(),
                    identity: String::new(),
                },
            ],
            ..BlockMap::default()
        };
        let dir = tempfile::tempdir().unwrap();
        refresh(dir.path(), &st, &map).unwrap();
        // Twice: the second swaps over the first.
        refresh(dir.path(), &st, &map).unwrap();
        let sys = sys_root(dir.path());
        assert_eq!(identity::megaraid_hosts(&sys), vec![1]);
        let p = identity::locate_disk(&sys, "loop7").unwrap();
        assert_eq!(
            (p.adapter, p.place),
            (
                0,
                Place::Vd {
                    target_id: vd.target
                }
            )
        );
        assert_eq!(
            identity::wwid_of(&sys, "loop7"),
            Some(format!("naa.{}", ad.vd_naa(vd)))
        );
        let p = identity::locate_disk(&sys, "loop9").unwrap();
        assert_eq!(
            p.place,
            Place::Pd {
                device_id: jbod.device_id
            }
        );
        assert_eq!(identity::whole_disks(&sys, "loop7"), vec!["loop7"]);
        let bp = identity::by_path_of(&dev_root(dir.path()), "loop7").unwrap();
        assert!(bp.ends_with(&format!("-scsi-0:2:{}:0", vd.target)), "{bp}");
        let mut snap = raidctl::backend::snapshot::Snapshot {
            logical_drives: vec![raidctl_model::LogicalDrive {
                adapter: 0,
                target_id: vd.target,
                ..Default::default()
            }],
            ..Default::default()
        };
        identity::join_block_devices(&mut snap, &sys);
        assert_eq!(
            snap.logical_drives[0].block_device.as_deref(),
            Some("/dev/loop7")
        );
        remove(dir.path());
        assert!(!sys.exists());
    }
}

/// A DCMD log recorded from the simulated firmware replays to the snapshot it gave.
mod native_log {
    use raidctl::backend::native::Native;
    use raidctl::backend::native::bundle::{DCMDS, EVENTS, files, replay};
    use raidctl_sim::mfi::SimFirmware;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_recorded_log_replays_to_the_same_snapshot() {
        let st = raidctl_sim::scenarios::build("degraded").unwrap();
        let n = Native::new(
            Arc::new(SimFirmware::from_state(st)),
            Duration::from_secs(5),
        );
        let snap = n.gather().map_err(|e| e.to_string());
        let all = files(&n, &snap, false);
        let (_, _, dcmds) = all.iter().find(|f| f.1 == DCMDS).unwrap();
        let again = replay(dcmds.as_ref().unwrap()).unwrap();
        let snap = snap.unwrap();
        assert_eq!(again.physical_drives, snap.physical_drives);
        assert_eq!(again.logical_drives, snap.logical_drives);
        assert_eq!(again.disk_groups, snap.disk_groups);
        assert_eq!(again.bbus, snap.bbus);
        let (_, _, ev) = all.iter().find(|f| f.1 == EVENTS).unwrap();
        assert!(String::from_utf8_lossy(ev.as_ref().unwrap()).contains("DEGRADED"));
        let redacted = files(&n, &Ok(snap), true);
        assert!(redacted.iter().any(|f| f.1 == DCMDS && f.2.is_err()));
    }
}

/// The context under `--sim`, as the binary wires it.
mod context {
    use raidctl::ctx::{Ctx, CtxOptions};
    use std::path::Path;
    use std::sync::Arc;

    /// Under `--sim` the vendor tools are names run as raidctl itself, never a path into the
    /// simulator's directory (whose entries another user might have swapped).
    #[test]
    fn simulated_tools_are_names_run_as_this_executable() {
        let d = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(&CtxOptions {
            sim: Some("degraded".into()),
            sim_state: Some(d.path().join("sim")),
            quiet: true,
            simulator: Some(Arc::new(raidctl_sim::hardware::SimHardware)),
            ..CtxOptions::default()
        })
        .unwrap();
        let mc = ctx.megacli().unwrap();
        assert_eq!(mc.program(), Path::new("MegaCli64"));
        assert_eq!(ctx.sim_exe(), Some(Path::new("/proc/self/exe")));
    }

    /// Without a simulator wired in, `--sim` is refused (a library user's build), not run
    /// against the host.
    #[test]
    fn sim_without_a_simulator_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let e = Ctx::new(&CtxOptions {
            sim: Some("degraded".into()),
            sim_state: Some(d.path().join("sim")),
            quiet: true,
            ..CtxOptions::default()
        })
        .unwrap_err();
        assert!(e.to_string().contains("no simulator"), "{e}");
        assert!(!d.path().join("sim").exists());
    }
}
