//! What the Ceph end-to-end test ([`crate::ceph::ceph_cluster_end_to_end`]) checks that raidctl
//! leaves alone on the real cluster: processes that only look like the OSD's daemon, stale and
//! foreign names, and a spare carrying another cluster's label.

use crate::ceph::{blinking, block_map, sim, status_json, text, vd_device, vd_osds, wait_until};
use raidctl::ceph::{Ceph, Stopped};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Issue 38: raidctl signalled a process it only guessed was its OSD. With osd.`victim`
/// dead, a program calling itself `ceph-osd -i N -c /etc/ceph/ceph.conf` in this pid
/// namespace, and one in a pid namespace of its own (a container's daemon), are neither found
/// nor stopped: only a process holding the OSD's directory open is its daemon.
pub(crate) fn decoys_are_never_taken_for_the_osd(ceph: &Ceph, victim: u32) {
    let n = victim.to_string();
    let decoy = |unshare: bool| {
        let mut c = if unshare {
            let mut c = Command::new("unshare");
            c.args([
                "--pid",
                "--fork",
                "--kill-child",
                "--mount-proc",
                "bash",
                "-c",
            ]);
            c
        } else {
            let mut c = Command::new("bash");
            c.arg("-c");
            c
        };
        c.arg(format!(
            "exec -a ceph-osd perl -e 'sleep 600' -- -i {n} -c /etc/ceph/ceph.conf"
        ))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
    };
    /// Killed however the test ends.
    struct Decoy(std::process::Child);
    impl Drop for Decoy {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut here = Decoy(decoy(false));
    let mut contained = match Command::new("unshare").arg("--help").output() {
        Ok(_) => Some(Decoy(decoy(true))),
        Err(_) => None,
    };
    // Both must be running under their false name before the question is asked.
    let named = |want: usize| {
        std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .filter(|c| {
                let c = String::from_utf8_lossy(c).replace('\0', " ");
                c.starts_with("ceph-osd ") && c.contains(&format!(" -i {n} "))
            })
            .count()
            >= want
    };
    let want = 1 + usize::from(contained.is_some());
    wait_until(Duration::from_secs(30), "the decoys running", || {
        named(want)
    });
    assert_eq!(
        ceph.osd_pid(victim),
        None,
        "a decoy was taken for osd.{victim}"
    );
    assert_eq!(
        ceph.stop_osd(victim, Duration::from_secs(10)).unwrap(),
        Stopped::NotRunning
    );
    assert!(
        here.0.try_wait().unwrap().is_none(),
        "the decoy was signalled"
    );
    if let Some(c) = contained.as_mut() {
        assert!(
            c.0.try_wait().unwrap().is_none(),
            "the contained decoy was signalled"
        );
    }
}

/// What a stage of [`stale_and_foreign_names_touch_nothing`] expects besides "nothing on the
/// spare".
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// Only the foreign label: the dead OSD's own name is still its own.
    Foreign,
    /// The dead OSD's name is the spare's now, and raidctl recorded where its label was read:
    /// it is placed there (its own bay) and says so.
    Moved,
    /// As `Moved`, without the record: nothing places it, `--osd` is refused.
    Unrecorded,
}

/// What `stale_and_foreign_names_touch_nothing` asks of every backend at each stage.
struct Decoys<'a> {
    s: &'a Path,
    victim: u32,
    spare_target: u64,
    dead_serial: String,
    spare_serial: String,
}

impl Decoys<'_> {
    /// What every backend must say in status, metrics and a dry run.
    fn reads(&self, stage: &str, spare_now: &str, expect: Expect, b: &str) {
        let (victim, spare_target) = (self.victim, self.spare_target);
        let o = sim(
            self.s,
            &[
                "--backend",
                b,
                "status",
                "--max-age",
                "0",
                "--format",
                "json",
            ],
        );
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{stage} {b}: status json: {e}: {}", text(&o)));
        let on_spare = vd_osds(&doc)
            .into_iter()
            .find(|(t, _, _)| *t == spare_target);
        assert_eq!(on_spare, None, "{stage} {b}: the spare VD carries an OSD");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(
            err.contains(&format!(
                "{spare_now} holds osd.{victim} of another cluster"
            )),
            "{stage} {b}: the foreign label is not reported: {err}"
        );
        // A moved name is said, naming the VD it is now (and the one the OSD was read on).
        if expect != Expect::Foreign {
            assert!(
                err.contains(&format!("is VD {spare_target} of adapter 0 now")),
                "{stage} {b}: {err}"
            );
        }
        assert_eq!(
            err.contains("where its label was last read"),
            expect == Expect::Moved,
            "{stage} {b}: {err}"
        );
        let m = text(&sim(self.s, &["--backend", b, "metrics", "--max-age", "0"]));
        assert!(
            !m.contains(&format!(
                "target_id=\"{spare_target}\",osd=\"osd.{victim}\""
            )),
            "{stage} {b}: metrics put osd.{victim} on the spare VD"
        );
        let o = sim(
            self.s,
            &[
                "--backend",
                b,
                "replace-drive",
                "--osd",
                &victim.to_string(),
                "--dry-run",
            ],
        );
        let all = format!("{}{}", text(&o), String::from_utf8_lossy(&o.stderr));
        assert!(
            !all.contains(&self.spare_serial),
            "{stage} {b}: replace-drive --osd {victim} planned the spare's bay:\n{all}"
        );
        if o.status.success() {
            assert!(all.contains(&self.dead_serial), "{stage} {b}: {all}");
        }
        if expect == Expect::Unrecorded {
            assert!(
                !o.status.success() && all.contains("Name the bay"),
                "{stage} {b}: replace-drive --osd {victim} without a verified place:\n{all}"
            );
        }
    }

    /// `pd locate --osd` blinks the dead OSD's own bay or none, never the spare's.
    fn locate(&self, stage: &str, expect: Expect, b: &str) {
        let victim = self.victim;
        let o = sim(
            self.s,
            &["--backend", b, "pd", "locate", "--osd", &victim.to_string()],
        );
        let locate_err = String::from_utf8_lossy(&o.stderr).into_owned();
        let blinking = blinking(self.s);
        assert!(
            !blinking.contains(&5),
            "{stage} {b}: pd locate --osd {victim} blinked the spare's bay: {locate_err}"
        );
        // Only the dead OSD's own bay, where its label was last read, may blink.
        assert!(blinking.iter().all(|x| *x == 3), "{blinking:?}");
        for slot in &blinking {
            let _ = sim(self.s, &["pd", "locate", &format!("32:{slot}"), "--stop"]);
        }
        match expect {
            Expect::Unrecorded => assert!(
                !o.status.success()
                    && blinking.is_empty()
                    && locate_err.contains("the kernel name moved"),
                "{stage} {b}: pd locate --osd {victim} without a verified place: {locate_err}"
            ),
            Expect::Moved => assert!(
                o.status.success() && locate_err.contains("placed by raidctl's record"),
                "{stage} {b}: {locate_err}"
            ),
            Expect::Foreign => {}
        }
    }

    /// Both on each backend: the reads are read-only, so the backends' runs go side by side
    /// (each waits on Ceph's CLI for seconds; CI time); `pd locate --osd` takes the adapter's
    /// lock: one backend after another.
    fn check(&self, stage: &str, spare_now: &str, expect: Expect, backends: &[&str]) {
        std::thread::scope(|scope| {
            for b in backends.iter().copied() {
                scope.spawn(move || self.reads(stage, spare_now, expect, b));
            }
            for b in backends.iter().copied() {
                self.locate(stage, expect, b);
            }
        });
    }
}

/// Issue 36's attacks on a dead OSD, on MegaCli, storcli and OMSA: a healthy spare VD (no
/// OSD) gets another cluster's BlueStore label with the dead OSD's id (a used replacement
/// drive); then the kernel names of the dead VD and the spare are swapped (a rescan), so the
/// dead OSD's `block` link and, with the link gone, Ceph's `osd metadata` name the spare's
/// device; last without raidctl's record of where the label was read. None of it may put the
/// OSD on the spare VD in `status` or `metrics`, and neither `pd locate --osd` nor
/// `replace-drive --osd` may pick the spare's bay; the foreign label is reported.
pub(crate) fn stale_and_foreign_names_touch_nothing(s: &Path, victim: u32, spare: &(String, u64)) {
    let (spare_dev, spare_target) = (spare.0.clone(), spare.1);
    let dir = PathBuf::from(format!("/var/lib/ceph/osd/ceph-{victim}"));
    let (link, aside) = (dir.join("block"), dir.join("block.moved-aside"));
    let dead_dev = std::fs::read_link(&link)
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let records = s.join("raidctl/ceph-verified.json");
    // Bays are named differently by each tool (OMSA counts connectors): serials are not.
    let doc = status_json(s);
    let serial = |slot: u64| -> String {
        doc["snapshot"]["physical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["slot"] == slot)
            .and_then(|d| d["serial"].as_str())
            .unwrap()
            .to_owned()
    };
    let d = Decoys {
        s,
        victim,
        spare_target,
        dead_serial: serial(3),
        spare_serial: serial(5),
    };
    let swap = || {
        let o = sim(
            s,
            &["sim", "block-devices", "renumber", &dead_dev, &spare_dev],
        );
        assert!(o.status.success(), "renumber: {}", text(&o));
    };
    // Every backend places VDs by its own ids: each attack on all three; the last stage only
    // takes the record away, which is the same for all (CI time).
    let all = ["megacli", "storcli", "omreport"];
    d.check("foreign label", &spare_dev, Expect::Foreign, &all);
    // A rescan swaps the two names: the dead OSD's link now names the spare.
    swap();
    assert_eq!(
        vd_device(s, 5),
        dead_dev,
        "the spare did not take the dead VD's name"
    );
    d.check("moved name, block link", &dead_dev, Expect::Moved, &all);
    // Without the link only Ceph's metadata from the OSD's last boot names a device.
    std::fs::rename(&link, &aside).unwrap();
    d.check("moved name, osd metadata", &dead_dev, Expect::Moved, &all);
    let kept = std::fs::read(&records).unwrap();
    std::fs::remove_file(&records).unwrap();
    d.check(
        "moved name, nothing recorded",
        &dead_dev,
        Expect::Unrecorded,
        &["megacli"],
    );
    std::fs::write(&records, kept).unwrap();
    std::fs::rename(&aside, &link).unwrap();
    swap();
    assert_eq!(vd_device(s, 5), spare_dev);
}

/// A single-drive VD on [32:5] with another cluster's BlueStore label for osd.`victim`:
/// its device and target id.
pub(crate) fn spare_with_a_foreign_label(s: &Path, victim: u32) -> (String, u64) {
    let o = sim(s, &["ld", "create", "--raid", "raid0", "32:5", "--yes"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let spare = block_map(s)
        .into_iter()
        .find(|d| d["kind"] == "vd" && d["members"][0]["slot"] == 5)
        .unwrap();
    let (spare_dev, spare_target) = (
        spare["device"].as_str().unwrap().to_owned(),
        spare["target"].as_u64().unwrap(),
    );
    let label = raidctl::ceph::label::encode(
        "0badc0de-54b3-4c5e-9a51-6f1c3e0d2b7a",
        victim,
        "11111111-2222-3333-4444-555555555555",
    );
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&spare_dev)
            .unwrap();
        f.write_all(&label).unwrap();
        f.sync_all().unwrap();
    }
    (spare_dev, spare_target)
}
