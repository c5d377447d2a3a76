//! The one VD policy raidctl creates VDs with, defined here once and used by `ld create` and
//! `osd-prep --mode raid0` (and offered again by `ld set`), so the two never make OSD VDs that
//! differ and `status` never warns `vd-sibling-policy` about VDs raidctl made itself:
//!
//! - write: write-back (with "no write cache if bad BBU") when the adapter's battery or
//!   CacheVault is healthy, else write-through (`--write auto`, the default): a cache without
//!   a healthy battery loses acknowledged writes on a power cut, and a write-back VD on an
//!   adapter without one runs write-through anyway while its policy says otherwise;
//! - read: no read-ahead (an OSD's reads are random; read-ahead only evicts cache);
//! - I/O: direct (reads do not pass through the controller cache);
//! - strip: the controller's default;
//! - disk cache: left as the drive has it.
//!
//! Every part is overridable (`--write`, `--read`, `--io`, `--strip`, `--pdcache`).

use crate::backend::ops::{NewVd, Op};
use crate::backend::snapshot::Snapshot;
use crate::model::{
    BatteryState, CacheSetting, ChargingStatus, DiskCache, DriveAddress, IoPolicy, LogicalDrive,
    RaidLevel, ReadPolicy, VdPolicy, WritePolicy,
};

/// `--write`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum WriteChoice {
    /// Write-through.
    Wt,
    /// Write-back (write-through while the battery is bad).
    Wb,
    /// Write-back when the adapter's battery or CacheVault is healthy, else write-through.
    Auto,
}

/// `--read`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ReadChoice {
    /// Read-ahead.
    Ra,
    /// No read-ahead.
    Nora,
    /// Adaptive read-ahead (storcli sets read-ahead instead).
    Adra,
}

/// `--io`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum IoChoice {
    /// Direct I/O.
    Direct,
    /// Cached I/O.
    Cached,
}

/// `--pdcache`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum PdCacheChoice {
    /// The drives' write cache on.
    On,
    /// The drives' write cache off.
    Off,
    /// As the drive has it (storcli only, for `ld set`).
    Default,
}

/// The cache choices of `ld create`, `ld set` and `osd-prep` (`None`: the default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheChoices {
    /// Write policy.
    pub write: Option<WriteChoice>,
    /// Read-ahead.
    pub read: Option<ReadChoice>,
    /// I/O policy.
    pub io: Option<IoChoice>,
    /// The drives' own write cache.
    pub pdcache: Option<PdCacheChoice>,
}

/// The choices for a new VD: its cache and strip size (the rest is the defaults above).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PolicyChoices {
    /// Cache choices.
    pub cache: CacheChoices,
    /// Strip size in KiB (`None`: the controller's).
    pub strip: Option<u32>,
}

/// `--strip`: a power of two from 8 to 1024 KiB, the strip sizes MegaRAID firmware offers.
///
/// # Errors
/// Anything else.
pub fn strip_kib(s: &str) -> Result<u32, String> {
    let v: u32 = s
        .trim()
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .map_err(|_| format!("{s:?} is not a strip size in KiB (e.g. 64, 256)"))?;
    if (8..=1024).contains(&v) && v.is_power_of_two() {
        Ok(v)
    } else {
        Err(format!(
            "{s:?}: the strip size is 8, 16, 32, 64, 128, 256, 512 or 1024 KiB"
        ))
    }
}

/// Whether adapter `adapter`'s battery (BBU or CacheVault) can protect a write-back cache:
/// `Ok` with what was seen, `Err` with why not. A learn cycle or a charge is temporary (the
/// firmware writes through meanwhile), so it counts as healthy.
///
/// # Errors
/// No battery, one that cannot be read, is failing or needs replacing.
pub fn battery_healthy(snap: &Snapshot, adapter: u32) -> Result<String, String> {
    let present = snap
        .adapters
        .iter()
        .find(|a| a.adapter == adapter)
        .and_then(|a| a.bbu_present);
    let Some(b) = snap
        .bbus
        .iter()
        .find(|b| b.adapter == adapter && !b.status_failed)
    else {
        return Err(format!("adapter {adapter} has no battery or CacheVault"));
    };
    let kind = b.battery_type.as_deref().unwrap_or("battery");
    let failing = present == Some(false)
        || b.pack_missing == Some(true)
        || b.replacement_required == Some(true)
        || b.about_to_fail == Some(true)
        || b.soh_good == Some(false);
    let busy = matches!(
        b.charging,
        ChargingStatus::Charging | ChargingStatus::Discharging
    ) || b.learn_cycle_active == Some(true);
    match &b.state {
        _ if failing => Err(format!("adapter {adapter}'s {kind} is missing or failing")),
        BatteryState::Optimal => Ok(format!("adapter {adapter}'s {kind} is optimal")),
        BatteryState::Learning => Ok(format!(
            "adapter {adapter}'s {kind} is in a learn cycle (write-through until it ends)"
        )),
        BatteryState::Degraded if busy => Ok(format!(
            "adapter {adapter}'s {kind} is charging (write-through until it is charged)"
        )),
        other => Err(format!("adapter {adapter}'s {kind} is {other}")),
    }
}

/// A VD policy resolved for one adapter: what `ld create` and `osd-prep` make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewVdPolicy {
    /// Write policy.
    pub write: WritePolicy,
    /// Read policy.
    pub read: ReadPolicy,
    /// I/O policy.
    pub io: IoPolicy,
    /// Strip size in KiB (`None`: the controller's default).
    pub strip_kib: Option<u32>,
    /// The drives' cache: `None` leaves it as the drive has it.
    pub disk_cache: Option<bool>,
    /// Why this write policy (the battery's state, or the operator's choice).
    pub write_why: String,
    /// `--write wb` on an adapter without a healthy battery: the VD writes through anyway
    /// until it has one.
    pub write_back_unprotected: Option<String>,
}

impl NewVdPolicy {
    /// The policy `args` ask for on adapter `adapter` of `snap`.
    pub fn resolve(args: &PolicyChoices, snap: &Snapshot, adapter: u32) -> Self {
        let battery = battery_healthy(snap, adapter);
        let c = &args.cache;
        let (write, write_why) = match (c.write.unwrap_or(WriteChoice::Auto), &battery) {
            (WriteChoice::Wt, _) => (WritePolicy::WriteThrough, "--write wt".to_owned()),
            (WriteChoice::Wb, _) => (WritePolicy::WriteBack, "--write wb".to_owned()),
            (WriteChoice::Auto, Ok(why)) => (WritePolicy::WriteBack, why.clone()),
            (WriteChoice::Auto, Err(why)) => (WritePolicy::WriteThrough, why.clone()),
        };
        let write_back_unprotected = match (write, battery) {
            (WritePolicy::WriteBack, Err(why)) => Some(why),
            _ => None,
        };
        Self {
            write,
            read: match c.read.unwrap_or(ReadChoice::Nora) {
                ReadChoice::Ra => ReadPolicy::ReadAhead,
                ReadChoice::Nora => ReadPolicy::NoReadAhead,
                ReadChoice::Adra => ReadPolicy::Adaptive,
            },
            io: match c.io.unwrap_or(IoChoice::Direct) {
                IoChoice::Direct => IoPolicy::Direct,
                IoChoice::Cached => IoPolicy::Cached,
            },
            strip_kib: args.strip,
            disk_cache: match c.pdcache {
                Some(PdCacheChoice::On) => Some(true),
                Some(PdCacheChoice::Off) => Some(false),
                Some(PdCacheChoice::Default) | None => None,
            },
            write_why,
            write_back_unprotected,
        }
    }

    /// The typed policy a VD made with this shows (the strip size apart).
    pub fn vd_policy(&self) -> VdPolicy {
        VdPolicy {
            write: Some(self.write),
            read: Some(self.read),
            io: Some(self.io),
            disk_cache: self.disk_cache.map(|on| {
                if on {
                    DiskCache::Enabled
                } else {
                    DiskCache::Disabled
                }
            }),
        }
    }

    /// `WT,NORA,Direct, strip default, disk cache unchanged (adapter 0 has no battery)`.
    pub fn describe(&self) -> String {
        format!(
            "{}, strip {}, disk cache {} (write: {})",
            VdPolicy {
                disk_cache: None,
                ..self.vd_policy()
            }
            .short(),
            self.strip_kib.map_or_else(
                || "the controller's default".to_owned(),
                |k| format!("{k} KiB")
            ),
            match self.disk_cache {
                Some(true) => "on",
                Some(false) => "off",
                None => "as the drive has it",
            },
            self.write_why
        )
    }

    /// The create operation for `spans` at `level` on `adapter`.
    pub fn create_op(&self, adapter: u32, level: RaidLevel, spans: Vec<Vec<DriveAddress>>) -> Op {
        Op::LdCreate(NewVd {
            adapter,
            level,
            spans,
            write: self.write,
            read: self.read,
            io: Some(self.io),
            strip_kib: self.strip_kib,
        })
    }

    /// What runs on the new VD after the create: its disk cache and its name (the tools'
    /// create commands take neither).
    pub fn after_create(&self, name: Option<&str>) -> super::change::AfterCreate {
        super::change::AfterCreate {
            disk_cache: self.disk_cache,
            name: name.map(str::to_owned),
        }
    }

    /// Whether `ld` shows this policy; `Err` names what differs. The parts a tool does not
    /// print are not held against it (see [`Leeway`]).
    ///
    /// # Errors
    /// The differences.
    pub fn check(&self, ld: &LogicalDrive, leeway: Leeway) -> Result<(), String> {
        differences(&VdPolicy::of(ld), &self.vd_policy(), leeway)
    }
}

/// What a read-back may show other than what was set, and still be it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Leeway {
    /// The tool cannot set adaptive read-ahead (storcli sets read-ahead for it).
    pub adaptive_is_ra: bool,
    /// Write-back may show as write-through: the battery is not optimal (learning, charging,
    /// absent), and a tool that prints the current write policy only (OpenManage) shows the
    /// firmware's fallback.
    pub wb_as_wt: bool,
}

impl Leeway {
    /// The leeway of backend `ops` on adapter `adapter` of `snap`.
    pub fn of(ops: &dyn crate::backend::ops::Operations, snap: &Snapshot, adapter: u32) -> Self {
        Self {
            adaptive_is_ra: !ops.sets_adaptive_read_ahead(),
            wb_as_wt: !snap
                .bbus
                .iter()
                .any(|b| b.adapter == adapter && b.state == BatteryState::Optimal),
        }
    }
}

/// What `have` shows unlike `want`, for the parts both know.
///
/// # Errors
/// The differences, `write WB (want WT), read RA (want NORA)`.
pub fn differences(have: &VdPolicy, want: &VdPolicy, leeway: Leeway) -> Result<(), String> {
    let norm = |r: Option<ReadPolicy>| match r {
        Some(ReadPolicy::Adaptive) if leeway.adaptive_is_ra => Some(ReadPolicy::ReadAhead),
        other => other,
    };
    let mut diffs = Vec::new();
    let mut differ = |name: &str, h: VdPolicy, w: VdPolicy| {
        diffs.push(format!("{name} {} (want {})", h.short(), w.short()));
    };
    if let (Some(h), Some(w)) = (have.write, want.write) {
        let fallback =
            leeway.wb_as_wt && h == WritePolicy::WriteThrough && w == WritePolicy::WriteBack;
        if h != w && !fallback {
            differ(
                "write",
                VdPolicy {
                    write: Some(h),
                    ..VdPolicy::default()
                },
                VdPolicy {
                    write: Some(w),
                    ..VdPolicy::default()
                },
            );
        }
    }
    if let (Some(h), Some(w)) = (norm(have.read), norm(want.read)) {
        if h != w {
            differ(
                "read",
                VdPolicy {
                    read: have.read,
                    ..VdPolicy::default()
                },
                VdPolicy {
                    read: want.read,
                    ..VdPolicy::default()
                },
            );
        }
    }
    if let (Some(h), Some(w)) = (have.io, want.io) {
        if h != w {
            differ(
                "I/O",
                VdPolicy {
                    io: Some(h),
                    ..VdPolicy::default()
                },
                VdPolicy {
                    io: Some(w),
                    ..VdPolicy::default()
                },
            );
        }
    }
    if let (Some(h), Some(w)) = (have.disk_cache, want.disk_cache) {
        if h != w {
            differ(
                "disk cache",
                VdPolicy {
                    disk_cache: Some(h),
                    ..VdPolicy::default()
                },
                VdPolicy {
                    disk_cache: Some(w),
                    ..VdPolicy::default()
                },
            );
        }
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join(", "))
    }
}

/// The settings `ld set` asks for, in the order they run.
pub fn settings(args: &CacheChoices, snap: &Snapshot, adapter: u32) -> Vec<CacheSetting> {
    let mut v = Vec::new();
    if let Some(w) = args.write {
        let resolved = NewVdPolicy::resolve(
            &PolicyChoices {
                cache: CacheChoices {
                    write: Some(w),
                    ..CacheChoices::default()
                },
                strip: None,
            },
            snap,
            adapter,
        );
        v.push(CacheSetting::Write(resolved.write));
    }
    if let Some(r) = args.read {
        v.push(CacheSetting::Read(match r {
            ReadChoice::Ra => ReadPolicy::ReadAhead,
            ReadChoice::Nora => ReadPolicy::NoReadAhead,
            ReadChoice::Adra => ReadPolicy::Adaptive,
        }));
    }
    if let Some(i) = args.io {
        v.push(CacheSetting::Io(match i {
            IoChoice::Direct => IoPolicy::Direct,
            IoChoice::Cached => IoPolicy::Cached,
        }));
    }
    if let Some(d) = args.pdcache {
        v.push(CacheSetting::DiskCache(match d {
            PdCacheChoice::On => DiskCache::Enabled,
            PdCacheChoice::Off => DiskCache::Disabled,
            PdCacheChoice::Default => DiskCache::Default,
        }));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Adapter, Bbu};

    fn snap(state: Option<BatteryState>) -> Snapshot {
        let mut s = Snapshot::default();
        s.adapters.push(Adapter {
            adapter: 0,
            bbu_present: Some(state.is_some()),
            ..Adapter::default()
        });
        if let Some(st) = state {
            s.bbus.push(Bbu {
                adapter: 0,
                battery_type: Some("CVPM02".into()),
                state: st,
                ..Bbu::default()
            });
        }
        s
    }

    /// The defaults: write-back only behind a healthy battery, no read-ahead, direct I/O,
    /// the controller's strip, the drive's cache untouched.
    #[test]
    fn defaults_follow_the_battery() {
        let p = NewVdPolicy::resolve(
            &PolicyChoices::default(),
            &snap(Some(BatteryState::Optimal)),
            0,
        );
        assert_eq!(
            (p.write, p.read, p.io, p.strip_kib, p.disk_cache),
            (
                WritePolicy::WriteBack,
                ReadPolicy::NoReadAhead,
                IoPolicy::Direct,
                None,
                None
            )
        );
        assert!(
            p.describe().contains("CVPM02 is optimal"),
            "{}",
            p.describe()
        );
        for bad in [
            None,
            Some(BatteryState::Failed),
            Some(BatteryState::Missing),
        ] {
            let p = NewVdPolicy::resolve(&PolicyChoices::default(), &snap(bad.clone()), 0);
            assert_eq!(p.write, WritePolicy::WriteThrough, "{bad:?}");
        }
        let p = NewVdPolicy::resolve(
            &PolicyChoices::default(),
            &snap(Some(BatteryState::Learning)),
            0,
        );
        assert_eq!(p.write, WritePolicy::WriteBack);
        // The operator's word wins, and write-back without a battery is said.
        let args = PolicyChoices {
            cache: CacheChoices {
                write: Some(WriteChoice::Wb),
                read: Some(ReadChoice::Ra),
                io: Some(IoChoice::Cached),
                pdcache: Some(PdCacheChoice::Off),
            },
            strip: Some(256),
        };
        let p = NewVdPolicy::resolve(&args, &snap(None), 0);
        assert_eq!(p.write, WritePolicy::WriteBack);
        assert!(p.write_back_unprotected.is_some());
        assert_eq!(p.vd_policy().short(), "WB,RA,Cached,disk cache off");
        assert_eq!(
            p.after_create(Some("osd-3")).ops(0, 3).len(),
            2,
            "disk cache and name"
        );
    }

    #[test]
    fn strip_sizes() {
        assert_eq!(strip_kib("256").unwrap(), 256);
        assert_eq!(strip_kib("64k").unwrap(), 64);
        for bad in ["0", "4", "96", "2048", "x"] {
            assert!(strip_kib(bad).is_err(), "{bad}");
        }
    }

    /// The suggestion names only what differs and can be set; adaptive read-ahead is
    /// read-ahead where the tool cannot tell them apart.
    #[test]
    fn differences_and_suggestions() {
        let have = VdPolicy::parse_cache("WriteBack, ReadAhead, Direct");
        let want = VdPolicy::parse_cache("WriteThrough, ReadAheadNone, Direct");
        assert_eq!(
            have.ld_set_options(&want).as_deref(),
            Some("--write wt --read nora")
        );
        assert!(differences(&have, &want, Leeway::default()).is_err());
        assert_eq!(want.ld_set_options(&want), None);
        let adaptive = VdPolicy::parse_cache("WriteBack, ReadAdaptive, Direct");
        let storcli = Leeway {
            adaptive_is_ra: true,
            ..Leeway::default()
        };
        assert!(differences(&have, &adaptive, storcli).is_ok());
        assert!(differences(&have, &adaptive, Leeway::default()).is_err());
        // OpenManage behind a learning battery shows write-back's fallback.
        let learning = Leeway {
            wb_as_wt: true,
            ..Leeway::default()
        };
        let wt = VdPolicy::parse_cache("WriteThrough, ReadAhead, Direct");
        assert!(differences(&wt, &have, learning).is_ok());
        assert!(differences(&have, &wt, learning).is_err());
    }
}
