//! Unit tests of the identity join: merging the sources, locating devices, applying the
//! join to a snapshot and what every rendering then shows.

use super::dirs::{scan_cephadm_dirs, scan_osd_dirs};
use super::*;
use crate::ceph::types::{LvmVolume, RawOsd, TreeNode};
use crate::model::LogicalDrive;

/// One of `notes` says all of `parts`.
#[track_caller]
fn assert_noted(notes: &[String], parts: &[&str]) {
    assert!(
        notes.iter().any(|n| parts.iter().all(|p| n.contains(p))),
        "{notes:?}"
    );
}

/// The OSDs the directories alone name (no LVM, raw or cluster answer).
fn from_dirs(dirs: &[DirOsd], src: &Sources) -> Vec<HostOsd> {
    merge(
        dirs,
        &LvmList::new(),
        &RawList::new(),
        &ClusterAnswers::default(),
        src,
    )
}

fn tree(nodes: &[(u32, &str, f64)]) -> OsdTree {
    OsdTree {
        nodes: nodes
            .iter()
            .map(|(id, st, rw)| TreeNode {
                id: i64::from(*id),
                name: format!("osd.{id}"),
                kind: "osd".into(),
                device_class: Some("hdd".into()),
                crush_weight: Some(3.63),
                status: Some((*st).into()),
                reweight: Some(*rw),
                exists: Some(1),
                children: vec![],
            })
            .collect(),
        stray: vec![],
    }
}

/// A disk behind the one megaraid_sas host of [`hw`]: a VD (target id) or a JBOD drive
/// (device id), in bay `[32:slot]`.
#[derive(Clone, Copy)]
enum Disk<'a> {
    Vd(&'a str, u32, u16),
    Jbod(&'a str, u32, u16),
}

/// A host as the kernel and the controller show it: a sysfs tree with an `ahci` host 0 and a
/// megaraid_sas host 1 at `0000:03:00.0` carrying `disks` on the driver's channels (VDs on 2,
/// system drives on 0), and the controller snapshot of the same VDs and drives.
fn hw(disks: &[Disk<'_>]) -> (tempfile::TempDir, Sources, Snapshot) {
    use std::os::unix::fs::symlink;
    let t = tempfile::tempdir().unwrap();
    let sys = t.path().join("sys");
    for d in ["block", "class/block", "class/scsi_host"] {
        std::fs::create_dir_all(sys.join(d)).unwrap();
    }
    for (h, pci, drv) in [
        (0, "0000:00:1f.2", "ahci"),
        (1, "0000:03:00.0", "megaraid_sas"),
    ] {
        let sh = format!("devices/pci0000:00/{pci}/host{h}/scsi_host/host{h}");
        std::fs::create_dir_all(sys.join(&sh)).unwrap();
        std::fs::write(sys.join(&sh).join("proc_name"), format!("{drv}\n")).unwrap();
        symlink(
            format!("../../{sh}"),
            sys.join(format!("class/scsi_host/host{h}")),
        )
        .unwrap();
    }
    let mut snap = Snapshot {
        adapters: vec![crate::model::Adapter {
            adapter: 0,
            ..Default::default()
        }],
        ..Snapshot::default()
    };
    for d in disks {
        let (kname, c, t, slot) = match *d {
            Disk::Vd(k, target, slot) => {
                snap.logical_drives.push(LogicalDrive {
                    adapter: 0,
                    target_id: target,
                    members: vec![DriveAddress::new(32, slot)],
                    ..LogicalDrive::default()
                });
                (k, 2, target, slot)
            }
            Disk::Jbod(k, id, slot) => (k, id / 128, id % 128, slot),
        };
        snap.physical_drives.push(crate::model::PhysicalDrive {
            adapter: 0,
            enclosure_id: Some(32),
            slot,
            device_id: Some(match *d {
                Disk::Vd(..) => 100 + u32::from(slot),
                Disk::Jbod(_, id, _) => id,
            }),
            ..Default::default()
        });
        let sdev = format!("devices/pci0000:00/0000:03:00.0/host1/target1:{c}:{t}/1:{c}:{t}:0");
        let disk = format!("{sdev}/block/{kname}");
        std::fs::create_dir_all(sys.join(&disk)).unwrap();
        symlink(
            format!("../../../1:{c}:{t}:0"),
            sys.join(&disk).join("device"),
        )
        .unwrap();
        symlink(format!("../{disk}"), sys.join("block").join(kname)).unwrap();
        symlink(format!("../../{disk}"), sys.join("class/block").join(kname)).unwrap();
    }
    let src = Sources {
        osd_root: "/nonexistent".into(),
        ceph_root: "/nonexistent".into(),
        sys,
        dev: t.path().join("dev"),
        ..Sources::default()
    };
    (t, src, snap)
}

/// VD 2 on `[32:3]` as `loop11`, the JBOD drive `[32:9]` (device id 9) as `loop12`.
fn two_disks() -> (tempfile::TempDir, Sources, Snapshot) {
    hw(&[Disk::Vd("loop11", 2, 3), Disk::Jbod("loop12", 9, 9)])
}

#[test]
fn joins_raw_lvm_and_the_cluster() {
    let (_hw, mut src, mut snap) = two_disks();
    src.hostname = Some("node1".into());
    let mut raw = RawList::new();
    raw.insert(
        "u-12".into(),
        RawOsd {
            ceph_fsid: "c".into(),
            device: "/dev/loop11".into(),
            osd_id: 12,
            osd_uuid: "u-12".into(),
            kind: "bluestore".into(),
            ..RawOsd::default()
        },
    );
    // osd.13 (lvm) on the JBOD with its DB on loop11 too: loop11 is then shared.
    let mut lvm = LvmList::new();
    lvm.insert(
        "13".into(),
        vec![
            LvmVolume {
                kind: "block".into(),
                devices: vec!["/dev/loop12".into()],
                lv_path: "/dev/ceph-a/osd-block-b".into(),
                tags: [("ceph.osd_fsid".to_owned(), "u-13".to_owned())].into(),
                ..LvmVolume::default()
            },
            LvmVolume {
                kind: "db".into(),
                devices: vec!["/dev/loop11".into()],
                lv_path: "/dev/ceph-db/osd-db-c".into(),
                ..LvmVolume::default()
            },
        ],
    );
    let cl = ClusterAnswers {
        tree: Some(tree(&[(12, "down", 0.0), (13, "up", 1.0)])),
        ..ClusterAnswers::default()
    };
    let mut osds = merge(&[], &lvm, &raw, &cl, &src);
    locate(&mut osds, &[], &src);
    // sysfs alone gives the SCSI address; the bays are the controller's word.
    assert!(osds.iter().all(|o| o.bays().is_empty()));
    let mut join = OsdJoin {
        osds,
        cluster: ClusterView::Answered,
        notes: vec![],
    };
    join.complete(&snap);
    let osds = join.osds.clone();
    assert_eq!(osds.len(), 2);
    let o12 = &osds[0];
    assert_eq!(
        (o12.id, o12.mode, o12.up, o12.is_in),
        (12, OsdMode::Raw, Some(false), Some(false))
    );
    assert_eq!(o12.bays(), [(0, DriveAddress::new(32, 3))]);
    let o13 = &osds[1];
    assert_eq!(o13.mode, OsdMode::Lvm);
    assert_eq!(o13.osd_fsid.as_deref(), Some("u-13"));
    assert_eq!(o13.bays(), [(0, DriveAddress::new(32, 9))]);
    assert!(o13.shared_db_wal().is_some(), "{o13:?}");
    assert!(o12.shared_db_wal().is_none());
    join.apply(&mut snap);
    let ld = &snap.logical_drives[0];
    assert_eq!(ld.block_device.as_deref(), Some("/dev/loop11"));
    let ids: Vec<(u32, &str)> = ld.osd.iter().map(|r| (r.id, r.role.as_str())).collect();
    assert_eq!(ids, [(12, "block"), (13, "db")]);
    assert_eq!(snap.physical_drives[0].osd.len(), 2);
    assert_eq!(snap.physical_drives[1].osd[0].id, 13);
    assert_eq!(
        snap.physical_drives[1].block_device.as_deref(),
        Some("/dev/loop12")
    );
}

/// A raw OSD on the degraded H710's degraded VD is put on that VD and on each of its members,
/// up and in, where every rendering takes it from.
#[test]
fn an_osd_lands_on_its_vd_and_the_vds_members() {
    let (mut snap, ld) = crate::backend::fixtures::degraded_vd();
    assert_eq!(ld.adapter, 0);
    let (_hw, src, _) = hw(&[Disk::Vd("loop7", ld.target_id, 0)]);
    let mut raw = RawList::new();
    raw.insert(
        "u".into(),
        RawOsd {
            device: "/dev/loop7".into(),
            osd_id: 12,
            ..RawOsd::default()
        },
    );
    let cl = ClusterAnswers {
        tree: Some(tree(&[(12, "up", 1.0)])),
        ..ClusterAnswers::default()
    };
    let mut osds = merge(&[], &LvmList::new(), &raw, &cl, &src);
    locate(&mut osds, &[], &src);
    let mut join = OsdJoin {
        osds,
        cluster: ClusterView::Answered,
        notes: vec![],
    };
    join.apply(&mut snap);
    // The OSD is on the VD and on each of its members; status, metrics and the problem
    // messages name it from there (raidctl-core's output tests).
    let l = snap
        .logical_drives
        .iter()
        .find(|l| l.target_id == ld.target_id)
        .unwrap();
    assert_eq!(l.osd.len(), 1, "{:?}", l.osd);
    assert_eq!((l.osd[0].id, l.osd[0].mode), (12, OsdMode::Raw));
    assert_eq!((l.osd[0].up, l.osd[0].is_in), (Some(true), Some(true)));
    for pd in &snap.physical_drives {
        let ids: Vec<u32> = pd.osd.iter().map(|o| o.id).collect();
        let member = ld.members.contains(&pd.address());
        assert_eq!(
            ids,
            if member { vec![12] } else { vec![] },
            "{}",
            pd.address()
        );
    }
}

#[test]
fn osd_directories_are_read() {
    let d = tempfile::tempdir().unwrap();
    let o = d.path().join("ceph-4");
    std::fs::create_dir_all(&o).unwrap();
    std::fs::write(o.join("whoami"), "4\n").unwrap();
    std::fs::write(o.join("fsid"), "abc\n").unwrap();
    std::fs::write(o.join("type"), "bluestore\n").unwrap();
    std::os::unix::fs::symlink("/dev/sdq", o.join("block")).unwrap();
    std::os::unix::fs::symlink("/dev/ceph-x/osd-db-y", o.join("block.db")).unwrap();
    std::fs::create_dir_all(d.path().join("other-1")).unwrap();
    let (v, notes) = scan_osd_dirs(d.path(), "ceph");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(v.len(), 1);
    assert_eq!(
        (v[0].id, v[0].block.as_deref(), v[0].db.as_deref()),
        (4, Some("/dev/sdq"), Some("/dev/ceph-x/osd-db-y"))
    );
    let src = Sources {
        osd_root: d.path().into(),
        ceph_root: "/nonexistent".into(),
        ..Sources::default()
    };
    let osds = merge(
        &v,
        &LvmList::new(),
        &RawList::new(),
        &ClusterAnswers::default(),
        &src,
    );
    assert_eq!((osds[0].mode, osds[0].up), (OsdMode::Raw, None));
}

/// The ceph user owns these files: a FIFO as `fsid` must not hang root's monitoring and a
/// link to `/dev/zero` as `whoami` must not exhaust its memory; both become notes.
#[test]
fn hostile_osd_files_are_noted_not_read() {
    let d = tempfile::tempdir().unwrap();
    let o = d.path().join("ceph-3");
    std::fs::create_dir_all(&o).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        o.join("fsid"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    std::os::unix::fs::symlink("/dev/zero", o.join("whoami")).unwrap();
    std::fs::write(o.join("type"), vec![b'x'; 10_000]).unwrap();
    std::os::unix::fs::symlink("/dev/sdq", o.join("block")).unwrap();
    let t = std::time::Instant::now();
    let (v, notes) = scan_osd_dirs(d.path(), "ceph");
    assert!(t.elapsed() < std::time::Duration::from_secs(5));
    // The directory's name still gives the id; nothing of the hostile files is taken.
    assert_eq!(v.len(), 1);
    assert_eq!(
        (v[0].id, v[0].fsid.as_deref(), v[0].objectstore.as_deref()),
        (3, None, None)
    );
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert_noted(&notes, &["fsid: not a regular file"]);
    assert_noted(&notes, &["larger than 4096 bytes"]);
}

#[test]
fn no_ceph_means_no_call_and_an_empty_join() {
    let opts = crate::ceph::CephOptions {
        conf: Some("/nonexistent/ceph.conf".into()),
        path: Some("/nonexistent".into()),
        ..crate::ceph::CephOptions::default()
    };
    let ceph = Ceph::new(opts);
    let src = Sources {
        osd_root: "/nonexistent".into(),
        ceph_root: "/nonexistent".into(),
        ..Sources::default()
    };
    let t = std::time::Instant::now();
    let j = collect(&ceph, &src);
    assert!(j.osds.is_empty());
    assert!(matches!(j.cluster, ClusterView::NotConfigured { .. }));
    assert!(t.elapsed() < Duration::from_secs(1));
}

/// The stale-name attack of issue 36: osd.3's drive died, its OSD directory still links
/// `block` to the kernel name that is now VD 4's (healthy, no OSD). The device says so: osd.3
/// is placed nowhere, the note names VD 4, and osd.5 whose label matches stays placed.
#[test]
fn a_kernel_name_that_moved_places_no_osd() {
    let d = tempfile::tempdir().unwrap();
    let vd4 = d.path().join("sdc");
    std::fs::write(&vd4, vec![0u8; 8192]).unwrap();
    let vd5 = d.path().join("sdd");
    let osd5 = "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a";
    let cluster = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
    std::fs::write(&vd5, crate::ceph::label::encode(osd5, 5, cluster)).unwrap();
    let root = d.path().join("osd");
    for (id, dev, fsid) in [
        (3, &vd4, "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a"),
        (5, &vd5, osd5),
    ] {
        let o = root.join(format!("ceph-{id}"));
        std::fs::create_dir_all(&o).unwrap();
        std::fs::write(o.join("whoami"), format!("{id}\n")).unwrap();
        std::fs::write(o.join("fsid"), format!("{fsid}\n")).unwrap();
        std::os::unix::fs::symlink(dev, o.join("block")).unwrap();
    }
    let (_hw, mut src, snap) = hw(&[Disk::Vd("sdc", 4, 5), Disk::Vd("sdd", 5, 6)]);
    src.osd_root.clone_from(&root);
    let (dirs, _) = scan_osd_dirs(&root, "ceph");
    let mut osds = from_dirs(&dirs, &src);
    locate(&mut osds, &[], &src);
    // Before the check both are placed: the name alone points osd.3 at VD 4.
    assert!(osds.iter().all(|o| o.block().unwrap().location.is_some()));
    let mut notes = Vec::new();
    verify::verify(&mut osds, &mut notes, Some(cluster));
    let o3 = osds.iter().find(|o| o.id == 3).unwrap();
    assert_eq!(o3.block().unwrap().location, None);
    assert!(o3.bays().is_empty());
    assert!(matches!(
        o3.block().unwrap().verified,
        Some(Verification::Stale { .. })
    ));
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_noted(
        &notes,
        &["osd.3", "no BlueStore label", "VD 4 of adapter 0"],
    );
    // Applied to the snapshot, the healthy VD 4 carries no OSD.
    let mut join = OsdJoin {
        osds,
        ..OsdJoin::default()
    };
    let mut snap = snap;
    join.apply(&mut snap);
    let o5 = join.osd(5).unwrap();
    assert_eq!(o5.block().unwrap().verified, Some(Verification::Label));
    assert!(o5.placed_by().starts_with("its BlueStore label, read on "));
    assert_eq!(o5.bays(), [(0, DriveAddress::new(32, 6))]);
    assert!(
        snap.logical_drives[0].osd.is_empty(),
        "{:?}",
        snap.logical_drives[0].osd
    );
}

/// A dead OSD whose kernel name moved is placed where its label was last read, and only
/// there: the state directory remembers each verified place.
#[test]
fn a_dead_osd_is_placed_where_it_was_last_verified() {
    let d = tempfile::tempdir().unwrap();
    let state = d.path().join("state");
    let (dev_a, dev_b) = (d.path().join("sdb"), d.path().join("sdc"));
    let osd3 = "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a";
    std::fs::write(&dev_a, crate::ceph::label::encode(osd3, 3, "")).unwrap();
    std::fs::write(&dev_b, vec![0u8; 4096]).unwrap();
    let root = d.path().join("osd");
    let o = root.join("ceph-3");
    std::fs::create_dir_all(&o).unwrap();
    std::fs::write(o.join("whoami"), "3\n").unwrap();
    std::fs::write(o.join("fsid"), format!("{osd3}\n")).unwrap();
    let link = o.join("block");
    std::os::unix::fs::symlink(&dev_a, &link).unwrap();
    let round = |disks: &[Disk<'_>], dead: Option<(u32, u16)>| {
        let (_hw, mut src, mut snap) = hw(disks);
        src.osd_root.clone_from(&root);
        // A dead VD stays in the controller's configuration (offline) without a disk.
        if let Some((target, slot)) = dead {
            snap.logical_drives.push(LogicalDrive {
                adapter: 0,
                target_id: target,
                members: vec![DriveAddress::new(32, slot)],
                ..LogicalDrive::default()
            });
        }
        let (dirs, _) = scan_osd_dirs(&root, "ceph");
        let mut join = OsdJoin {
            osds: from_dirs(&dirs, &src),
            ..OsdJoin::default()
        };
        locate(&mut join.osds, &[], &src);
        verify::verify(&mut join.osds, &mut join.notes, None);
        remember::remember(&state, &mut join);
        join.complete(&snap);
        join
    };
    // Alive on VD 3 ([32:4]): verified and remembered.
    let j = round(&[Disk::Vd("sdb", 3, 4), Disk::Vd("sdc", 4, 5)], None);
    assert_eq!(
        j.osd(3).unwrap().block().unwrap().verified,
        Some(Verification::Label)
    );
    assert!(state.join("ceph-verified.json").exists());
    // Its drive died and the name it used is VD 4's now.
    std::fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&dev_b, &link).unwrap();
    let j = round(&[Disk::Vd("sdc", 4, 5)], Some((3, 4)));
    let b = j.osd(3).unwrap().block().unwrap();
    assert!(
        matches!(b.verified, Some(Verification::Remembered { .. })),
        "{b:?}"
    );
    assert_eq!(
        j.osd(3).unwrap().bays(),
        vec![(
            0,
            DriveAddress {
                enclosure: Some(32),
                slot: 4
            }
        )],
        "{:?}",
        j.notes
    );
    assert_noted(&j.notes, &["no BlueStore label"]);
    assert_noted(
        &j.notes,
        &["placed on VD 3 of adapter 0 where its label was last read"],
    );
    // `--osd 3` names that bay and says how it is known.
    let (o, bay) = j.bay_of(3).unwrap();
    assert_eq!(bay, (0, DriveAddress::new(32, 4)));
    let how = o.placed_by();
    assert!(
        how.starts_with("raidctl's record: its label was read on ")
            && how.contains(&dev_b.display().to_string()),
        "{how}"
    );
    // Without the record nothing places it: `--osd` is refused and says why.
    std::fs::remove_file(state.join("ceph-verified.json")).unwrap();
    let j = round(&[Disk::Vd("sdc", 4, 5)], Some((3, 4)));
    let u = j.bay_of(3).unwrap_err();
    assert!(matches!(u, Unplaced::Moved { .. }), "{u:?}");
    let m = u.message(3, "raidctl pd locate E:S");
    assert!(
        m.contains("the kernel name moved") && m.contains("`raidctl pd locate E:S`"),
        "{m}"
    );
    assert!(matches!(j.bay_of(9), Err(Unplaced::NotHere { .. })));
}

/// An LVM OSD whose volume spans two VDs (issue 36) was placed on the first only: `--osd`
/// then picked a healthy drive and the dead VD's drive was replaced without a Ceph step. It
/// is on both now.
#[test]
fn an_lvm_osd_over_two_vds_is_on_both() {
    let (_hw, src, snap) = two_disks();
    let mut lvm = LvmList::new();
    lvm.insert(
        "21".into(),
        vec![LvmVolume {
            kind: "block".into(),
            devices: vec!["/dev/loop11".into(), "/dev/loop12".into()],
            lv_path: "/dev/ceph-a/osd-block-b".into(),
            ..LvmVolume::default()
        }],
    );
    let mut osds = merge(&[], &lvm, &RawList::new(), &ClusterAnswers::default(), &src);
    locate(&mut osds, &[], &src);
    let mut join = OsdJoin {
        osds,
        ..OsdJoin::default()
    };
    join.complete(&snap);
    assert_eq!(join.on_vd(0, 2).len(), 1);
    assert_eq!(
        join.on_jbod(
            0,
            None,
            DriveAddress {
                enclosure: Some(32),
                slot: 9
            }
        )
        .len(),
        1
    );
    assert_eq!(join.osd(21).unwrap().block().unwrap().also.len(), 1);
}

/// A used drive from another cluster with the same OSD id (issue 36): its `raw list` entry
/// is left out with a note, and this cluster's osd.0 keeps its device.
#[test]
fn another_clusters_osd_is_left_out() {
    let ours = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
    let mut raw = RawList::new();
    for (uuid, dev, fsid) in [
        (
            "0000-other",
            "/dev/loop20",
            "11111111-2222-3333-4444-555555555555",
        ),
        ("ffff-ours", "/dev/loop11", ours),
    ] {
        raw.insert(
            uuid.into(),
            RawOsd {
                ceph_fsid: fsid.into(),
                device: dev.into(),
                osd_id: 0,
                osd_uuid: uuid.into(),
                kind: "bluestore".into(),
                ..RawOsd::default()
            },
        );
    }
    let mut lvm = LvmList::new();
    lvm.insert(
        "4".into(),
        vec![LvmVolume {
            kind: "block".into(),
            devices: vec!["/dev/loop21".into()],
            lv_path: "/dev/ceph-x/osd-block-y".into(),
            tags: [(
                "ceph.cluster_fsid".to_owned(),
                "11111111-2222-3333-4444-555555555555".to_owned(),
            )]
            .into(),
            ..LvmVolume::default()
        }],
    );
    let mut notes = Vec::new();
    drop_other_clusters(&ours.to_uppercase(), &mut lvm, &mut raw, &mut notes);
    assert!(lvm.is_empty());
    assert_eq!(raw.len(), 1);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].contains("/dev/loop20 holds osd.0 of another cluster"),
        "{notes:?}"
    );
    let (_hw, src, _) = two_disks();
    let osds = merge(&[], &lvm, &raw, &ClusterAnswers::default(), &src);
    assert_eq!(osds[0].block().unwrap().path, "/dev/loop11");
}

/// What `ceph` printed on its way to the terminal (monitor, `check`, the replacement's
/// refusal): ESC, CSI, OSC and a bidi override arrive escaped, on one line.
#[test]
fn the_unreachable_note_escapes_what_ceph_printed() {
    let join = OsdJoin {
        cluster: ClusterView::Unreachable {
            reason: "the Ceph cluster is unreachable: \u{1b}[2J\u{1b}]0;owned\u{7}\u{9b}31m\ngone \u{202e}dlrow"
                .into(),
        },
        ..OsdJoin::default()
    };
    let note = join.cluster_note().unwrap();
    assert_eq!(
        note,
        "Ceph cluster unreachable, OSD up/in unknown: \\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\ngone \\u{202e}dlrow"
    );
    assert!(
        !note.chars().any(|c| c.is_control() || c == '\u{202e}'),
        "{note:?}"
    );
}

const FSID_A: &str = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
const FSID_B: &str = "11111111-2222-3333-4444-555555555555";

/// `<root>/<cluster>/osd.<id>/` as cephadm makes it: whoami, fsid, ceph_fsid, type, block.
fn cephadm_dir(root: &Path, cluster: &str, id: u32, osd_fsid: &str, dev: &Path) -> PathBuf {
    let o = root.join(cluster).join(format!("osd.{id}"));
    std::fs::create_dir_all(&o).unwrap();
    std::fs::write(o.join("whoami"), format!("{id}\n")).unwrap();
    std::fs::write(o.join("fsid"), format!("{osd_fsid}\n")).unwrap();
    std::fs::write(o.join("ceph_fsid"), format!("{cluster}\n")).unwrap();
    std::fs::write(o.join("type"), "bluestore\n").unwrap();
    std::os::unix::fs::symlink(dev, o.join("block")).unwrap();
    o
}

#[test]
fn cephadm_osd_directories_of_this_cluster_only() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path();
    cephadm_dir(
        root,
        FSID_A,
        3,
        "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a",
        Path::new("/dev/sdc"),
    );
    cephadm_dir(
        root,
        FSID_B,
        7,
        "bbbbbbbb-54b3-4c5e-9a51-6f1c3e0d2b7a",
        Path::new("/dev/sdd"),
    );
    // Not OSDs, not clusters.
    std::fs::create_dir_all(root.join(FSID_A).join("mon.node1")).unwrap();
    std::fs::create_dir_all(root.join("osd")).unwrap();
    std::fs::create_dir_all(root.join("bootstrap-osd")).unwrap();
    assert_eq!(cephadm_fsids(root), [FSID_B, FSID_A]);

    let (v, notes) = scan_cephadm_dirs(root, Some(FSID_A));
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!((v[0].id, v[0].block.as_deref()), (3, Some("/dev/sdc")));
    assert_eq!(
        v[0].deployment,
        Some(Deployment::Cephadm {
            fsid: FSID_A.into(),
            unit: format!("ceph-{FSID_A}@osd.3"),
        })
    );
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_noted(&notes, &["osd.7 of another cluster", FSID_B]);

    // This cluster's fsid unknown: two clusters, neither is guessed.
    let (v, notes) = scan_cephadm_dirs(root, None);
    assert!(v.is_empty(), "{v:?}");
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes.iter().all(|n| n.contains("fsid is unknown")),
        "{notes:?}"
    );

    // A directory whose ceph_fsid is not its cluster's is left out, said.
    std::fs::write(
        root.join(FSID_A).join("osd.3/ceph_fsid"),
        format!("{FSID_B}\n"),
    )
    .unwrap();
    let (v, notes) = scan_cephadm_dirs(root, Some(FSID_A));
    assert!(v.is_empty(), "{v:?}");
    assert_noted(&notes, &["is not its cluster directory's"]);
}

#[test]
fn a_cephadm_file_others_may_write_is_not_read() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    let o = cephadm_dir(
        d.path(),
        FSID_A,
        3,
        "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a",
        Path::new("/dev/sdc"),
    );
    std::fs::set_permissions(o.join("fsid"), std::fs::Permissions::from_mode(0o666)).unwrap();
    let (v, notes) = scan_cephadm_dirs(d.path(), Some(FSID_A));
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].fsid, None);
    assert_noted(&notes, &["osd.3/fsid", "writable by other users"]);
    // A FIFO is not waited on.
    std::fs::remove_file(o.join("whoami")).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        o.join("whoami"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let (_, notes) = scan_cephadm_dirs(d.path(), Some(FSID_A));
    assert_noted(&notes, &["whoami: not a regular file"]);
}

#[test]
fn both_layouts_with_one_id_are_not_merged() {
    let d = tempfile::tempdir().unwrap();
    let pkg = d.path().join("osd");
    for (id, fsid, dev) in [
        (3, "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a", "/dev/sdq"),
        (5, "cccccccc-54b3-4c5e-9a51-6f1c3e0d2b7a", "/dev/sds"),
    ] {
        let o = pkg.join(format!("ceph-{id}"));
        std::fs::create_dir_all(&o).unwrap();
        std::fs::write(o.join("whoami"), format!("{id}\n")).unwrap();
        std::fs::write(o.join("fsid"), format!("{fsid}\n")).unwrap();
        std::os::unix::fs::symlink(dev, o.join("block")).unwrap();
    }
    cephadm_dir(
        d.path(),
        FSID_A,
        3,
        "dddddddd-54b3-4c5e-9a51-6f1c3e0d2b7a",
        Path::new("/dev/sdr"),
    );
    cephadm_dir(
        d.path(),
        FSID_A,
        6,
        "eeeeeeee-54b3-4c5e-9a51-6f1c3e0d2b7a",
        Path::new("/dev/sdt"),
    );
    let src = Sources {
        osd_root: pkg.clone(),
        ceph_root: d.path().into(),
        ..Sources::default()
    };
    let (dirs, notes) = local_dirs(&src, Some(FSID_A));
    // osd.3 twice, different uuids and devices: neither directory is taken for it.
    assert_eq!(dirs.iter().map(|d| d.id).collect::<Vec<_>>(), [5, 6]);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_noted(
        &notes,
        &[
            "osd.3: two directories name it",
            "ceph-3",
            &format!("{FSID_A}/osd.3"),
        ],
    );
    let osds = from_dirs(&dirs, &src);
    assert_eq!(osds.len(), 2);
    assert_eq!(osds[0].deployment, Some(Deployment::package(5)));
    assert_eq!(osds[0].sources, ["osd-dir"]);
    assert_eq!(osds[1].deployment, Some(Deployment::cephadm(FSID_A, 6)));
    assert_eq!(osds[1].sources, ["cephadm-dir"]);
    assert_eq!(osds[1].cluster_fsid.as_deref(), Some(FSID_A));

    // The same OSD in both (an adoption's leftover): one, cephadm's, with a note.
    let o = d.path().join(FSID_A).join("osd.3");
    std::fs::write(o.join("fsid"), "aaaaaaaa-54b3-4c5e-9a51-6f1c3e0d2b7a\n").unwrap();
    std::fs::remove_file(o.join("block")).unwrap();
    std::os::unix::fs::symlink("/dev/sdq", o.join("block")).unwrap();
    let (dirs, notes) = local_dirs(&src, Some(FSID_A));
    assert_eq!(dirs.iter().map(|d| d.id).collect::<Vec<_>>(), [3, 5, 6]);
    assert_eq!(dirs[0].deployment, Some(Deployment::cephadm(FSID_A, 3)));
    assert!(notes[0].contains("same uuid and device"), "{notes:?}");
}

/// A cephadm OSD on VD 4 (`sdc`), its label on the device: placed with its deployment (which
/// status shows: raidctl-core's `output::osd_tests`), and found by its kernel name with or
/// without `/dev/` and by Ceph's device id, never on a disk the join places no OSD on.
#[test]
fn a_cephadm_osd_is_placed_named_and_found_by_device() {
    let (hw_dir, mut src, mut snap) = hw(&[Disk::Vd("sdc", 4, 5), Disk::Vd("sdd", 5, 6)]);
    let osd_fsid = "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a";
    let dev = hw_dir.path().join("sdc");
    std::fs::write(&dev, crate::ceph::label::encode(osd_fsid, 3, FSID_A)).unwrap();
    let root = hw_dir.path().join("ceph");
    cephadm_dir(&root, FSID_A, 3, osd_fsid, &dev);
    src.ceph_root.clone_from(&root);
    let (dirs, notes) = local_dirs(&src, Some(FSID_A));
    assert!(notes.is_empty(), "{notes:?}");
    let mut osds = from_dirs(&dirs, &src);
    locate(&mut osds, &[], &src);
    let mut notes = Vec::new();
    verify::verify(&mut osds, &mut notes, Some(FSID_A));
    assert!(notes.is_empty(), "{notes:?}");
    osds[0].devices[0].ceph_device_id = Some("DELL_PERC_H710_00aa11".into());
    let mut join = OsdJoin {
        osds,
        ..OsdJoin::default()
    };
    join.apply(&mut snap);
    let (o, bay) = join.bay_of(3).unwrap();
    assert_eq!(bay, (0, DriveAddress::new(32, 5)));
    assert_eq!(o.block().unwrap().verified, Some(Verification::Label));
    for name in ["sdc", "/dev/sdc", " sdc"] {
        assert_eq!(join.osd_on_device(name), Ok(3), "{name}");
    }
    let e = join.osd_on_device("sdd").unwrap_err();
    assert!(e.contains("no OSD of this host is on sdd"), "{e}");
    assert!(join.osd_on_device("").is_err());
    assert_eq!(join.osd_with_devid("DELL_PERC_H710_00aa11"), Some(3));
    assert_eq!(join.osd_with_devid("DELL_PERC_H710_00bb22"), None);
    assert_eq!(devid_serial("SEAGATE_ST4000NM0023_Z1Z2Z3"), Some("Z1Z2Z3"));
    assert_eq!(devid_serial("nounderscore"), None);

    let l = snap
        .logical_drives
        .iter()
        .find(|l| l.target_id == 4)
        .unwrap();
    assert_eq!(l.osd[0].id, 3);
    assert_eq!(
        l.osd[0].deployment,
        Some(crate::model::Deployment::Cephadm {
            fsid: FSID_A.into(),
            unit: format!("ceph-{FSID_A}@osd.3"),
        })
    );
}

/// The same device with another OSD's label is not found by its kernel name.
#[test]
fn a_device_whose_label_moved_lights_nothing() {
    let (hw_dir, mut src, mut snap) = hw(&[Disk::Vd("sdc", 4, 5)]);
    let dev = hw_dir.path().join("sdc");
    std::fs::write(
        &dev,
        crate::ceph::label::encode("99999999-54b3-4c5e-9a51-6f1c3e0d2b7a", 8, FSID_A),
    )
    .unwrap();
    let root = hw_dir.path().join("ceph");
    cephadm_dir(
        &root,
        FSID_A,
        3,
        "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a",
        &dev,
    );
    src.ceph_root.clone_from(&root);
    let (dirs, _) = local_dirs(&src, Some(FSID_A));
    let mut osds = from_dirs(&dirs, &src);
    locate(&mut osds, &[], &src);
    let mut notes = Vec::new();
    verify::verify(&mut osds, &mut notes, Some(FSID_A));
    let mut join = OsdJoin {
        osds,
        ..OsdJoin::default()
    };
    join.apply(&mut snap);
    // The name finds osd.3's record, and the record has no verified bay.
    let id = join.osd_on_device("sdc").unwrap();
    assert!(matches!(join.bay_of(id), Err(Unplaced::Moved { .. })));
}
