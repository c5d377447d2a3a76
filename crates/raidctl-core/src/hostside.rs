//! What a workflow needs of the host around the controller, wired for the CLI
//! ([`crate::workflow::Host`]): the Linux block device of a VD or JBOD drive (sysfs on a real
//! host, the file backing the simulated drive under `--sim`) and the qualification of a new
//! drive with the qualification engine, its record kept in the state directory.

use crate::backend::snapshot::Snapshot;
use crate::ctx::Ctx;
use crate::hardware::Backing;
use crate::model::DriveAddress;
use crate::qualify::device::{self, SysPaths};
use crate::qualify::run::{Exports, Run, qualify_identities};
use crate::qualify::suite::SuiteOptions;
use crate::workflow::{BlockDevice, Host, QualRecord, QualifyRequest};
use std::path::{Path, PathBuf};

/// The CLI's host: the state directory, the simulator when there is one.
pub struct CliHost<'c> {
    ctx: &'c Ctx,
    paths: SysPaths,
}

impl<'c> CliHost<'c> {
    /// The host of `ctx`.
    pub fn new(ctx: &'c Ctx) -> Self {
        Self {
            ctx,
            paths: SysPaths::default(),
        }
    }
}

/// The `/dev/disk/by-path` name of `dev`, if udev made one.
fn by_path(dev: &Path) -> Option<String> {
    let want = std::fs::canonicalize(dev).ok()?;
    let dir = Path::new("/dev/disk/by-path");
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    names.sort();
    names
        .into_iter()
        .find(|p| std::fs::canonicalize(p).is_ok_and(|t| t == want))
        .map(|p| p.display().to_string())
}

/// A file name part from a serial (only characters a file name can carry).
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

impl Host for CliHost<'_> {
    fn block_device(
        &mut self,
        snap: &Snapshot,
        adapter: u32,
        target: Option<u32>,
        drive: DriveAddress,
    ) -> Option<BlockDevice> {
        let pd = snap.drive(adapter, drive)?;
        // Simulated hardware has the device outright: the loop device the simulator made
        // when the VD appeared, or a fresh sparse file per VD (or JBOD) and drive, so a new
        // drive never sees an old one's data.
        let what = Backing {
            adapter,
            target,
            drive: Some(drive),
            serial: Some(pd.serial.as_deref().unwrap_or("x")),
        };
        let size = target
            .and_then(|t| snap.logical_drive(adapter, t))
            .and_then(|l| l.size_bytes)
            .or(pd.coerced_size_bytes)
            .unwrap_or(1 << 30);
        if let Some(dev) =
            self.ctx
                .simulated_backing(&what, size, crate::qualify::osdprep::sim_cap())
        {
            return dev.ok().map(|p| BlockDevice {
                path: p.display().to_string(),
                by_path: None,
            });
        }
        let dev = match target {
            Some(t) => snap
                .logical_drive(adapter, t)?
                .block_device
                .as_ref()
                .map(PathBuf::from)?,
            None => crate::qualify::osdprep::find_jbod_device(pd, &self.paths)?,
        };
        Some(BlockDevice {
            by_path: by_path(&dev),
            path: dev.display().to_string(),
        })
    }

    fn kernel_device(
        &mut self,
        snap: &Snapshot,
        adapter: u32,
        target: u32,
    ) -> Result<BlockDevice, String> {
        let what = Backing {
            adapter,
            target: Some(target),
            drive: None,
            serial: None,
        };
        if let Some(dev) = self.ctx.simulated_block_device(&what) {
            let dev = dev.ok_or("the simulated controller has no block devices (`raidctl sim block-devices on`, as root, gives each VD a loop device)")?;
            let name = dev
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            return Ok(BlockDevice {
                by_path: crate::backend::identity::by_path_of(&self.ctx.dev_root(), &name),
                path: dev.display().to_string(),
            });
        }
        // sysfs read again: a VD's SCSI disk appears a moment after the controller made it.
        let mut fresh = snap.clone();
        for l in &mut fresh.logical_drives {
            l.block_device = None;
        }
        crate::backend::identity::join_block_devices(&mut fresh, &self.ctx.sys_root());
        let dev = fresh
            .logical_drive(adapter, target)
            .and_then(|l| l.block_device.clone())
            .ok_or("not visible yet: udev may still be settling (`lsblk`; `raidctl status` shows it once it is)")?;
        let dev = PathBuf::from(dev);
        Ok(BlockDevice {
            by_path: by_path(&dev),
            path: dev.display().to_string(),
        })
    }

    fn qualify(&mut self, req: &QualifyRequest<'_>) -> Result<QualRecord, String> {
        let ctx = self.ctx;
        let profile_kind = crate::qualify::ProfileKind::from_name(req.profile)
            .ok_or_else(|| format!("unknown qualification profile {}", req.profile))?;
        let path = PathBuf::from(&req.device.path);
        let mut id = device::identify(&path, &self.paths)?;
        crate::qualify::osdprep::apply_pd(
            &mut id,
            req.pd,
            if req.jbod { "jbod" } else { "raid0" },
            req.target,
            ctx.simulated(),
        );
        let dir = ctx.state_dir.join("qualify");
        {
            use std::os::unix::fs::DirBuilderExt;
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(&dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let record = dir.join(format!(
            "{}-{}.json",
            clean(req.workflow),
            clean(req.pd.serial.as_deref().unwrap_or("drive"))
        ));
        let opts = SuiteOptions {
            profile: profile_kind,
            role: "data".into(),
            ..SuiteOptions::on_host(ctx)
        };
        let profile = crate::qualify::profile::Profile::load(None)?;
        // The drive was just presented by this workflow and is empty; the signature, mount
        // and holder checks still run on the device before every write phase.
        let destroy: Vec<String> = id.serial.iter().cloned().chain([id.path.clone()]).collect();
        let exports = Exports {
            json: Some(record.clone()),
            ..Exports::default()
        };
        let run = Run {
            opts: &opts,
            profile: &profile,
            destroy: &destroy,
            paths: &self.paths,
            exports: &exports,
            together: false,
            show_progress: crate::progress::wanted(),
        };
        let rep = qualify_identities(vec![id], &run)?;
        let d = rep.drives.first();
        let fired: Vec<String> = d
            .map(|d| {
                d.rules
                    .iter()
                    .filter(|r| r.level != crate::qualify::result::Verdict::Pass)
                    .map(|r| format!("{} {}", r.level, r.rule))
                    .collect()
            })
            .unwrap_or_default();
        Ok(QualRecord {
            verdict: rep.verdict.to_string(),
            profile: req.profile.to_owned(),
            record: record.display().to_string(),
            summary: if fired.is_empty() {
                "no rule fired".to_owned()
            } else {
                fired.join(", ")
            },
        })
    }
}
