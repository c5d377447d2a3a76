//! The flags of `raidctl qualify` and `raidctl osd-prep`.

use super::PolicyArgs;
use super::args;
use crate::qualify::cache::CacheTool;
use crate::qualify::engine::EngineKind;
use crate::qualify::osdprep::OsdPrepOptions;
use crate::qualify::run::{CephDeploy, PrepMode, Role};
use crate::qualify::suite::ProfileKind;
use std::path::PathBuf;

/// Arguments of `raidctl qualify`.
#[derive(clap::Args, Debug, Default)]
pub struct QualifyArgs {
    /// Whole block devices (or regular files) to qualify; all are tested one at a time, then
    /// together, then compared with their peers.
    #[arg(value_name = "DEVICE", required_unless_present = "compare")]
    pub devices: Vec<PathBuf>,
    /// How long and how thorough: smoke (seconds), quick (< 1 min per drive), standard
    /// (minutes), burn-in (standard + full-surface write/verify).
    #[arg(long, value_enum, default_value_t = ProfileKind::Quick)]
    pub profile: ProfileKind,
    /// Ceph role: thresholds differ for a data OSD and a shared WAL/DB device.
    #[arg(long, value_enum, default_value_t = Role::Data)]
    pub role: Role,
    /// Write the JSON record (docs/qualification.md) to FILE (`-` for stdout); rewritten after
    /// each drive.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write one CSV row per drive and job to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write a Markdown report to FILE.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write an SVG plot (MB/s by block size, latency distribution per drive) to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Allow write tests on the drive with this serial number (repeat per drive); a device
    /// without a serial (loop device, regular file) is confirmed by its path. ALL DATA ON IT IS
    /// DESTROYED.
    #[arg(long = "destroy-data", value_name = "SERIAL")]
    pub destroy_data: Vec<String>,
    /// Run only read tests; nothing is written.
    #[arg(long)]
    pub read_only: bool,
    /// Compare result files (from this and other hosts) with each other, by model and
    /// firmware, and print the peer verdicts; with exactly two files, also a side-by-side table
    /// per job (A, B, B/A), e.g. a raw drive against an RBD image or a CephFS file.
    #[arg(long, value_name = "RESULT.json", num_args = 1..)]
    pub compare: Vec<PathBuf>,
    /// I/O engine: auto (io_uring for queue-depth jobs where the kernel and seccomp allow it,
    /// sync for QD1 and flushing jobs), sync (pread/pwrite threads) or uring (falls back to sync
    /// when the kernel refuses it). The record says per job which engine ran and why.
    #[arg(long, value_enum, default_value_t = EngineKind::Auto)]
    pub engine: EngineKind,
    /// JSON threshold profile overlaying the built-in one (per class, role and model).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Skip the all-drives-together pass.
    #[arg(long)]
    pub no_together: bool,
    /// Write one self-contained HTML page (inline SVG charts, nothing fetched) to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Skip the SMART short self-test (the drive gets a WARN for it).
    #[arg(long)]
    pub no_self_test: bool,
    /// Give the short self-test this long (whole seconds, 1s to 1d) before aborting it
    /// (INCONCLUSIVE).
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = args::interval)]
    pub self_test_timeout: u64,
    /// How to toggle the drive's volatile write cache for the cache-on/off measurement:
    /// auto (hdparm for SATA, sdparm for SAS), hdparm, sdparm, or none.
    #[arg(long, value_enum, default_value_t = CacheTool::Auto)]
    pub cache_tool: CacheTool,
    /// Host name recorded in the results (default: the kernel's), e.g. the inventory name
    /// when results from many hosts are compared.
    #[arg(long, value_name = "NAME")]
    pub host_name: Option<String>,
}

/// Arguments of `raidctl osd-prep`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct OsdPrepArgs {
    /// Only this adapter (default: all).
    #[arg(long, short = 'a', value_name = "N")]
    pub adapter: Option<u32>,
    /// Only these drives (`E:S`, comma-separated).
    #[arg(long, value_name = "E:S", value_delimiter = ',')]
    pub drives: Vec<String>,
    /// How to present each drive: auto (as the OSDs already on the adapter are; without any,
    /// as its single-drive RAID0 VDs or JBOD drives are; else JBOD where the adapter has it
    /// enabled, RAID0 where not), raid0 (single-drive RAID0 with the policy of `ld create`)
    /// or jbod.
    #[arg(long, value_enum, default_value_t = PrepMode::Auto)]
    pub mode: PrepMode,
    /// The RAID0 VDs' policy (each option overrides one part of the policy `ld create` uses).
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// Qualification profile.
    #[arg(long, value_enum, default_value_t = ProfileKind::Quick)]
    pub profile: ProfileKind,
    /// Ceph role.
    #[arg(long, value_enum, default_value_t = Role::Data)]
    pub role: Role,
    /// I/O engine (see `raidctl qualify --engine`).
    #[arg(long, value_enum, default_value_t = EngineKind::Auto)]
    pub engine: EngineKind,
    /// JSON threshold profile.
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Write the qualification JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the SVG plot to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Only read tests on the new devices.
    #[arg(long)]
    pub read_only: bool,
    /// Host name recorded in the results (default: the kernel's).
    #[arg(long, value_name = "NAME")]
    pub host_name: Option<String>,
    /// Print the plan (MegaCli commands) and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Confirm: create the VDs/JBODs and write-test the (unconfigured, hence empty) drives.
    #[arg(long)]
    pub yes: bool,
    /// How the OSDs of the drives that pass are created, in the lines printed (never run):
    /// auto (cephadm when this host has cephadm OSD directories or a `/var/lib/ceph/<fsid>`
    /// of the cluster, else package), package (`ceph-volume lvm create --data DEV`) or
    /// cephadm (`ceph orch daemon add osd HOST:DEV lvm|raw`).
    #[arg(long, value_enum, default_value_t = CephDeploy::Auto)]
    pub ceph_deploy: CephDeploy,
}

impl From<OsdPrepArgs> for OsdPrepOptions {
    fn from(a: OsdPrepArgs) -> Self {
        Self {
            adapter: a.adapter,
            drives: a.drives,
            mode: a.mode,
            policy: a.policy.into(),
            profile: a.profile,
            role: a.role,
            engine: a.engine,
            profile_file: a.profile_file,
            json: a.json,
            svg: a.svg,
            read_only: a.read_only,
            host_name: a.host_name,
            dry_run: a.dry_run,
            yes: a.yes,
            ceph_deploy: a.ceph_deploy,
        }
    }
}
