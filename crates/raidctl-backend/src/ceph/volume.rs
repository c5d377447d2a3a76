//! `ceph-volume` command lines, built from one plan so the raw path (tested here on loop
//! devices) and the LVM path (no device-mapper here; checked against `ceph-volume lvm ...
//! --help` of 16.2.15) recreate an OSD the same way: same id, same mode, same DB/WAL layout.

use crate::model::OsdMode;

/// How to (re)create one OSD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VolumePlan {
    /// lvm or raw (never `Unknown`: [`VolumePlan::check`] refuses it).
    pub mode: OsdMode,
    /// The id to reuse (`--osd-id`): a destroyed OSD's.
    pub osd_id: u32,
    /// The data device (`/dev/sdX`).
    pub data: String,
    /// A separate BlueStore DB device.
    pub db: Option<String>,
    /// A separate BlueStore WAL device.
    pub wal: Option<String>,
    /// CRUSH device class to set (`--crush-device-class`).
    pub device_class: Option<String>,
    /// Leave systemd alone (`--no-systemd`): where systemd is not PID 1.
    pub no_systemd: bool,
}

impl VolumePlan {
    /// Refuses a plan that cannot be run as it stands.
    ///
    /// # Errors
    /// An unknown mode, or a device that is not an absolute path.
    pub fn check(&self) -> Result<(), String> {
        if self.mode == OsdMode::Unknown {
            return Err(format!(
                "osd.{}: its mode (lvm or raw) is unknown; recreate it by hand",
                self.osd_id
            ));
        }
        for d in std::iter::once(&self.data).chain(&self.db).chain(&self.wal) {
            if !d.starts_with('/') || d.contains(char::is_whitespace) {
                return Err(format!("{d:?} is not a device path"));
            }
        }
        Ok(())
    }

    fn common(&self, v: &mut Vec<String>) {
        v.extend(["--bluestore".into(), "--data".into(), self.data.clone()]);
        v.extend(["--osd-id".into(), self.osd_id.to_string()]);
        if let Some(db) = &self.db {
            v.extend(["--block.db".into(), db.clone()]);
        }
        if let Some(wal) = &self.wal {
            v.extend(["--block.wal".into(), wal.clone()]);
        }
        if let Some(c) = &self.device_class {
            v.extend(["--crush-device-class".into(), c.clone()]);
        }
    }

    /// `ceph-volume {raw|lvm} prepare --bluestore --data DEV --osd-id N [--block.db X]
    /// [--block.wal Y] [--crush-device-class C]` (lvm adds `--no-systemd` when asked).
    pub fn prepare(&self) -> Vec<String> {
        let mut v = vec![self.mode.as_str().to_owned(), "prepare".to_owned()];
        self.common(&mut v);
        if self.mode == OsdMode::Lvm && self.no_systemd {
            v.push("--no-systemd".into());
        }
        v
    }

    /// `ceph-volume lvm create ...` (prepare and activate in one): LVM only, raw has no
    /// create in Ceph 16.
    pub fn lvm_create(&self) -> Option<Vec<String>> {
        (self.mode == OsdMode::Lvm).then(|| {
            let mut v = vec!["lvm".to_owned(), "create".to_owned()];
            self.common(&mut v);
            if self.no_systemd {
                v.push("--no-systemd".into());
            }
            v
        })
    }

    /// Activation after prepare: `raw activate --device DEV [--block.db X] [--block.wal Y]
    /// --no-systemd`, or `lvm activate --bluestore N OSD_FSID [--no-systemd]` (LVM finds the
    /// OSD by its id and fsid tags: the fsid is the new OSD's, from `lvm list`).
    pub fn activate(&self, osd_fsid: Option<&str>) -> Vec<String> {
        match self.mode {
            OsdMode::Lvm => {
                let mut v = vec![
                    "lvm".to_owned(),
                    "activate".to_owned(),
                    "--bluestore".to_owned(),
                    self.osd_id.to_string(),
                ];
                if let Some(f) = osd_fsid {
                    v.push(f.to_owned());
                }
                if self.no_systemd {
                    v.push("--no-systemd".into());
                }
                v
            }
            _ => {
                let mut v = vec![
                    "raw".to_owned(),
                    "activate".to_owned(),
                    "--device".to_owned(),
                    self.data.clone(),
                ];
                if let Some(db) = &self.db {
                    v.extend(["--block.db".into(), db.clone()]);
                }
                if let Some(wal) = &self.wal {
                    v.extend(["--block.wal".into(), wal.clone()]);
                }
                // Ceph 16's raw activate starts nothing itself; --no-systemd keeps it from
                // touching units where systemd runs too (raidctl starts the daemon).
                v.push("--no-systemd".into());
                v
            }
        }
    }
}

/// `ceph-volume lvm zap DEV [--destroy]`: wipes the signatures and the first 10 MB of a raw
/// device as well (Ceph 16 has no `raw zap`); `--destroy` also removes the VG/LVs on it.
pub fn zap(device: &str, destroy: bool) -> Vec<String> {
    let mut v = vec!["lvm".to_owned(), "zap".to_owned(), device.to_owned()];
    if destroy {
        v.push("--destroy".into());
    }
    v
}

/// `ceph-volume lvm zap --osd-id N --osd-fsid F --destroy`: every device of one LVM OSD.
pub fn zap_osd(osd_id: u32, osd_fsid: &str) -> Vec<String> {
    vec![
        "lvm".to_owned(),
        "zap".to_owned(),
        "--osd-id".to_owned(),
        osd_id.to_string(),
        "--osd-fsid".to_owned(),
        osd_fsid.to_owned(),
        "--destroy".to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(mode: OsdMode) -> VolumePlan {
        VolumePlan {
            mode,
            osd_id: 12,
            data: "/dev/sdd".into(),
            db: Some("/dev/sdk".into()),
            wal: None,
            device_class: Some("hdd".into()),
            no_systemd: true,
        }
    }

    #[test]
    fn raw_and_lvm_from_one_plan() {
        let raw = plan(OsdMode::Raw);
        assert_eq!(
            raw.prepare().join(" "),
            "raw prepare --bluestore --data /dev/sdd --osd-id 12 --block.db /dev/sdk --crush-device-class hdd"
        );
        assert_eq!(
            raw.activate(None).join(" "),
            "raw activate --device /dev/sdd --block.db /dev/sdk --no-systemd"
        );
        assert_eq!(raw.lvm_create(), None);
        let lvm = plan(OsdMode::Lvm);
        assert_eq!(
            lvm.lvm_create().unwrap().join(" "),
            "lvm create --bluestore --data /dev/sdd --osd-id 12 --block.db /dev/sdk --crush-device-class hdd --no-systemd"
        );
        assert_eq!(
            lvm.activate(Some("55bd4219")).join(" "),
            "lvm activate --bluestore 12 55bd4219 --no-systemd"
        );
        assert!(plan(OsdMode::Unknown).check().is_err());
        let mut bad = plan(OsdMode::Raw);
        bad.data = "sdd; rm".into();
        assert!(bad.check().is_err());
        assert_eq!(
            zap("/dev/sdd", true).join(" "),
            "lvm zap /dev/sdd --destroy"
        );
    }

    /// Every option the plans emit is one the installed ceph-volume accepts (its `--help`);
    /// skipped without ceph-volume.
    #[test]
    fn options_exist_in_the_installed_ceph_volume() {
        let Some(cv) = crate::backend::runner::which(
            "ceph-volume",
            std::ffi::OsStr::new("/usr/sbin:/usr/bin:/sbin:/bin"),
        ) else {
            raidctl_sys::test_skip("ceph-volume not installed (apt-get install ceph-osd)");
            return;
        };
        let mut lines: Vec<Vec<String>> = Vec::new();
        for m in [OsdMode::Raw, OsdMode::Lvm] {
            let mut p = plan(m);
            p.wal = Some("/dev/sdl".into());
            lines.push(p.prepare());
            lines.push(p.activate(Some("x")));
            lines.extend(p.lvm_create());
        }
        lines.push(zap("/dev/sdd", true));
        lines.push(zap_osd(1, "f"));
        for l in lines {
            let help = std::process::Command::new(&cv)
                .args(&l[..2])
                .arg("--help")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&help.stdout).into_owned()
                + &String::from_utf8_lossy(&help.stderr);
            for opt in l.iter().filter(|a| a.starts_with("--")) {
                assert!(
                    text.contains(&format!("[{opt}")) || text.contains(&format!("{opt} ")),
                    "ceph-volume {} {} has no {opt}:\n{text}",
                    l[0],
                    l[1]
                );
            }
        }
    }
}
