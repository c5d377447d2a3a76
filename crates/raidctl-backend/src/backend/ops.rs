//! Backend-neutral operations. Workflows describe what they want as [`Op`] values; a backend
//! turns each into its own command line (shown in plans before anything runs) and runs it.

use super::megacli::{BackendError, MegaCli};
use super::snapshot::Snapshot;
use crate::model::{
    CacheSetting, DiskCache, Document, DriveAddress, Event, ForeignConfig, IoPolicy, MissingRow,
    Progress, RaidLevel, ReadPolicy, WritePolicy,
};
use crate::parse::Kind;
use serde::{Deserialize, Serialize};

/// Alarm actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Alarm {
    /// Silence the current alarm (it sounds again on the next event).
    Silence,
    /// Enable the buzzer.
    Enable,
    /// Disable the buzzer persistently.
    Disable,
}

/// What [`Op::LdCreate`] makes: each tool's create command is built from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewVd {
    /// Adapter number.
    pub adapter: u32,
    /// RAID level.
    pub level: RaidLevel,
    /// Spans of drives (one span for non-spanned levels).
    pub spans: Vec<Vec<DriveAddress>>,
    /// Write policy.
    pub write: WritePolicy,
    /// Read policy.
    pub read: ReadPolicy,
    /// `None`: the controller's default (OpenManage on PERC 9 and later shows none).
    #[serde(default)]
    pub io: Option<IoPolicy>,
    /// Strip size in KiB; `None`: the controller's default.
    #[serde(default)]
    pub strip_kib: Option<u32>,
}

/// One change to a controller. Fields are the adapter number, the drive's `[E:S]` address
/// and the parameters named in each variant's doc.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    /// Take a member offline (its VD loses redundancy).
    Offline { adapter: u32, drive: DriveAddress },
    /// Force a drive online without a rebuild (last-resort recovery).
    Online { adapter: u32, drive: DriveAddress },
    /// Turn an offline/failed member's row into a missing row.
    MarkMissing { adapter: u32, drive: DriveAddress },
    /// Spin the drive down for removal.
    PrepareRemoval { adapter: u32, drive: DriveAddress },
    /// Spin it back up.
    UndoPrepareRemoval { adapter: u32, drive: DriveAddress },
    /// Blink the bay's locate LED.
    LocateStart { adapter: u32, drive: DriveAddress },
    /// Stop blinking.
    LocateStop { adapter: u32, drive: DriveAddress },
    /// Unconfigured(bad) (or JBOD with `force`) → Unconfigured(good).
    MakeGood {
        adapter: u32,
        drive: DriveAddress,
        force: bool,
    },
    /// Put a drive into a missing row.
    ReplaceMissing {
        adapter: u32,
        drive: DriveAddress,
        array: u32,
        row: u32,
    },
    /// Start a rebuild onto an offline member.
    RebuildStart { adapter: u32, drive: DriveAddress },
    /// Stop a rebuild.
    RebuildStop { adapter: u32, drive: DriveAddress },
    /// Make a hot spare: global when `arrays` and `vds` are empty, else dedicated to those
    /// arrays (MegaCli's and storcli's topology) or, where the tool names VDs instead of
    /// arrays (OpenManage), to those VDs' target ids.
    HotspareSet {
        adapter: u32,
        drive: DriveAddress,
        arrays: Vec<u32>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        vds: Vec<u32>,
    },
    /// Remove a hot spare.
    HotspareRemove { adapter: u32, drive: DriveAddress },
    /// Import foreign configuration `index` (all when `None`).
    ForeignImport { adapter: u32, index: Option<u32> },
    /// Clear foreign configuration `index` (all when `None`): erases its metadata.
    ForeignClear { adapter: u32, index: Option<u32> },
    /// Alarm control.
    Alarm { adapter: u32, action: Alarm },
    /// Rebuild rate in percent.
    RebuildRate { adapter: u32, percent: u8 },
    /// Battery warning on or off.
    BatteryWarning { adapter: u32, enabled: bool },
    /// Create a VD (spans of drives; one span for non-spanned levels) with its write, read
    /// and I/O policy and strip size (`None`: the controller's default). The disk cache
    /// policy and the name are set apart ([`Op::LdDiskCache`], [`Op::LdName`]): not every
    /// tool's create command takes them.
    LdCreate(NewVd),
    /// Delete a VD.
    LdDelete { adapter: u32, target: u32 },
    /// Discard the preserved (pinned) cache of one VD, never of all: what an offline or
    /// missing VD had not yet written is gone.
    DiscardPreservedCache { adapter: u32, target: u32 },
    /// Name a VD.
    LdName {
        adapter: u32,
        target: u32,
        name: String,
    },
    /// Make a drive JBOD.
    MakeJbod { adapter: u32, drive: DriveAddress },
    /// Turn a VD's disk (drive write) cache policy on or off.
    LdDiskCache {
        adapter: u32,
        target: u32,
        enabled: bool,
    },
    /// Change one cache property of a VD (`raidctl ld set`); the data stays.
    LdCache {
        adapter: u32,
        target: u32,
        setting: CacheSetting,
    },
}

impl Op {
    /// True for operations that can lose data or redundancy when aimed at the wrong drive.
    pub fn is_destructive(&self) -> bool {
        !matches!(
            self,
            Op::LocateStart { .. }
                | Op::LocateStop { .. }
                | Op::UndoPrepareRemoval { .. }
                | Op::Alarm { .. }
                | Op::RebuildRate { .. }
                | Op::BatteryWarning { .. }
                | Op::RebuildStart { .. }
                | Op::LdDiskCache { .. }
                | Op::LdCache { .. }
                | Op::LdName { .. }
        )
    }

    /// A dedicated spare named only by VD target ids: tools that dedicate spares to arrays
    /// (MegaCli, storcli) cannot run it, and must not turn it into a global spare.
    pub fn dedicated_to_vds_only(&self) -> bool {
        matches!(self, Op::HotspareSet { arrays, vds, .. } if arrays.is_empty() && !vds.is_empty())
    }

    /// The adapter the operation acts on.
    pub fn adapter(&self) -> u32 {
        match self {
            Op::Offline { adapter, .. }
            | Op::Online { adapter, .. }
            | Op::MarkMissing { adapter, .. }
            | Op::PrepareRemoval { adapter, .. }
            | Op::UndoPrepareRemoval { adapter, .. }
            | Op::LocateStart { adapter, .. }
            | Op::LocateStop { adapter, .. }
            | Op::MakeGood { adapter, .. }
            | Op::ReplaceMissing { adapter, .. }
            | Op::RebuildStart { adapter, .. }
            | Op::RebuildStop { adapter, .. }
            | Op::HotspareSet { adapter, .. }
            | Op::HotspareRemove { adapter, .. }
            | Op::ForeignImport { adapter, .. }
            | Op::ForeignClear { adapter, .. }
            | Op::Alarm { adapter, .. }
            | Op::RebuildRate { adapter, .. }
            | Op::BatteryWarning { adapter, .. }
            | Op::LdCreate(NewVd { adapter, .. })
            | Op::LdDelete { adapter, .. }
            | Op::DiscardPreservedCache { adapter, .. }
            | Op::LdName { adapter, .. }
            | Op::MakeJbod { adapter, .. }
            | Op::LdDiskCache { adapter, .. }
            | Op::LdCache { adapter, .. } => *adapter,
        }
    }
}

/// Preserved (pinned) cache on one adapter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinnedCache {
    /// Target ids of the VDs (offline, or deleted while missing) whose cache is pinned.
    pub targets: Vec<u32>,
    /// Some VD holds preserved cache but the tool does not say which (OpenManage reports it
    /// per controller).
    pub unattributed: bool,
}

impl PinnedCache {
    /// Whether any cache is pinned.
    pub fn any(&self) -> bool {
        self.unattributed || !self.targets.is_empty()
    }

    /// Whether VD `target`'s cache may be pinned (unattributed cache may be anyone's).
    pub fn may_hold(&self, target: u32) -> bool {
        self.unattributed || self.targets.contains(&target)
    }
}

/// What a backend can read and change. Workflows use only this and the snapshot.
pub trait Operations: std::fmt::Debug {
    /// Short backend name for messages (`megacli`).
    fn name(&self) -> &str;
    /// A fresh snapshot.
    ///
    /// # Errors
    /// When the state cannot be read.
    fn snapshot(&self) -> Result<Snapshot, BackendError>;
    /// [`Operations::snapshot`], told the snapshot before it: a backend may read beside its
    /// fixed reads what that one showed a reason for (a rebuild's progress), never reuse it.
    ///
    /// # Errors
    /// As [`Operations::snapshot`].
    fn snapshot_hinted(&self, hint: Option<&Snapshot>) -> Result<Snapshot, BackendError> {
        let _ = hint;
        self.snapshot()
    }
    /// Where each adapter's event log stands, read in one call where the tool allows: the
    /// snapshot cache reuses a snapshot when these did not move. `None`: this backend cannot
    /// tell, so a cached snapshot is only reused within `--max-age`.
    ///
    /// # Errors
    /// When the answer is missing or doubtful (the cache then reads in full).
    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        Ok(None)
    }
    /// Missing rows as the controller reports them (authoritative Array/Row).
    ///
    /// # Errors
    /// When the state cannot be read.
    /// The default derives them from a fresh snapshot's disk groups, for tools that have no
    /// command of their own for missing rows.
    fn missing(&self, adapter: u32) -> Result<Vec<MissingRow>, BackendError> {
        Ok(self
            .snapshot()?
            .missing
            .into_iter()
            .filter(|m| m.adapter == adapter)
            .collect())
    }
    /// Rebuild or copyback progress of one drive.
    ///
    /// # Errors
    /// When the state cannot be read.
    fn progress(&self, adapter: u32, drive: DriveAddress)
    -> Result<Option<Progress>, BackendError>;
    /// Foreign configurations with their preview.
    ///
    /// # Errors
    /// When the state cannot be read.
    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError>;
    /// Which VDs hold preserved (pinned) cache.
    ///
    /// # Errors
    /// When the state cannot be read.
    fn preserved_cache(&self, adapter: u32) -> Result<PinnedCache, BackendError>;
    /// The controller's event log, oldest first (what the guards read before a replacement,
    /// a hot-spare add, a rebuild start or a force-online). `None` when this backend has no
    /// way to read it (callers then say so instead of assuming a clean log).
    ///
    /// # Errors
    /// When the log cannot be read.
    fn events(&self, adapter: u32) -> Result<Option<Vec<Event>>, BackendError> {
        let _ = adapter;
        Ok(None)
    }
    /// Background operations on VDs (initialisation, BGI, reconstruction, consistency check)
    /// that are running now. The default reads them from the snapshot.
    ///
    /// # Errors
    /// When the state cannot be read.
    fn background(&self, adapter: u32) -> Result<Vec<Progress>, BackendError> {
        Ok(self
            .snapshot()?
            .progress
            .into_iter()
            .filter(|p| p.adapter == adapter && p.in_progress && p.drive.is_none())
            .collect())
    }
    /// Takes note of what a snapshot taken earlier (such as a cached one) says the controllers
    /// can do, so [`Operations::supports`] answers as it would right after a live snapshot.
    fn observe(&self, snap: &Snapshot) {
        let _ = snap;
    }
    /// Whether this backend can run `op` at all (workflows check before they start).
    fn supports(&self, op: &Op) -> bool {
        let _ = op;
        true
    }
    /// Whether [`Op::DiscardPreservedCache`] discards one VD's cache (`false`: the tool
    /// discards every VD's at once, as OpenManage does).
    fn per_vd_cache_discard(&self) -> bool {
        true
    }
    /// Whether [`Op::LdCreate`] can set adaptive read-ahead (storcli knows only `ra` and
    /// `nora`; Dell documents the two as the same on PERC 8 and later).
    fn sets_adaptive_read_ahead(&self) -> bool {
        true
    }
    /// The exact command line `op` runs, for plans and journals.
    fn command_line(&self, op: &Op) -> String;
    /// Runs `op`.
    ///
    /// # Errors
    /// The backend's refusal or failure, with the tool's own words.
    fn apply(&self, op: &Op) -> Result<Document, BackendError>;
    /// What this backend puts into a support bundle (`None`: only host context).
    fn catalogue(&self) -> Option<&dyn super::catalogue::Catalogue> {
        None
    }
}

/// A backend that reads nothing and can change nothing: the default step lists of old
/// journals are computed on it, and tests use it.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoOps;

impl Operations for NoOps {
    fn name(&self) -> &str {
        "none"
    }
    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        Ok(Snapshot::default())
    }
    fn progress(&self, _: u32, _: DriveAddress) -> Result<Option<Progress>, BackendError> {
        Ok(None)
    }
    fn foreign(&self, _: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        Ok(Vec::new())
    }
    fn preserved_cache(&self, _: u32) -> Result<PinnedCache, BackendError> {
        Ok(PinnedCache::default())
    }
    fn supports(&self, op: &Op) -> bool {
        matches!(op, Op::LocateStart { .. } | Op::LocateStop { .. })
    }
    fn command_line(&self, _: &Op) -> String {
        String::new()
    }
    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        Err(BackendError::Failed {
            argv: format!("{op:?}"),
            status: 0xff,
            message: "no backend".into(),
            doc: Box::default(),
        })
    }
}

/// A new private directory under the system temporary directory: a random name, mode 0700,
/// removed when dropped and on interrupt.
fn private_dir() -> Result<tempfile::TempDir, BackendError> {
    crate::interrupt::private_temp_dir("raidctl-events-").map_err(|e| BackendError::Unparseable {
        argv: "-AdpEventLog -GetEvents".into(),
        reason: format!("cannot create a private directory: {e}"),
    })
}

fn pd(d: &DriveAddress) -> String {
    format!("-PhysDrv[{}]", d.megacli_arg())
}

fn a(n: u32) -> String {
    format!("-a{n}")
}

/// MegaCli argv for an operation.
pub fn megacli_args(op: &Op) -> Vec<String> {
    // `WORDS… -PhysDrv[E:S] -aN` and `WORDS… -LN -aN`: the shapes most operations take.
    let drive = |words: &[&str], adapter: &u32, d: &DriveAddress| {
        let mut v = owned(words);
        v.extend([pd(d), a(*adapter)]);
        v
    };
    let vd = |words: &[&str], adapter: &u32, target: &u32| {
        let mut v = owned(words);
        v.extend([format!("-L{target}"), a(*adapter)]);
        v
    };
    let prop = |word: &str, value: Option<String>, adapter: &u32| {
        let mut v = owned(&["-AdpSetProp", word]);
        v.extend(value);
        v.push(a(*adapter));
        v
    };
    match op {
        Op::Offline { adapter, drive: d } => drive(&["-PDOffline"], adapter, d),
        Op::Online { adapter, drive: d } => drive(&["-PDOnline"], adapter, d),
        Op::MarkMissing { adapter, drive: d } => drive(&["-PdMarkMissing"], adapter, d),
        Op::PrepareRemoval { adapter, drive: d } => drive(&["-PdPrpRmv"], adapter, d),
        Op::UndoPrepareRemoval { adapter, drive: d } => drive(&["-PdPrpRmv", "-UnDo"], adapter, d),
        Op::LocateStart { adapter, drive: d } => drive(&["-PdLocate", "-start"], adapter, d),
        Op::LocateStop { adapter, drive: d } => drive(&["-PdLocate", "-stop"], adapter, d),
        Op::MakeGood {
            adapter,
            drive: d,
            force,
        } => {
            let mut v = vec!["-PDMakeGood".into(), pd(d)];
            if *force {
                v.push("-Force".into());
            }
            v.push(a(*adapter));
            v
        }
        Op::ReplaceMissing {
            adapter,
            drive: d,
            array,
            row,
        } => vec![
            "-PdReplaceMissing".into(),
            pd(d),
            format!("-Array{array}"),
            format!("-row{row}"),
            a(*adapter),
        ],
        Op::RebuildStart { adapter, drive: d } => drive(&["-PDRbld", "-Start"], adapter, d),
        Op::RebuildStop { adapter, drive: d } => drive(&["-PDRbld", "-Stop"], adapter, d),
        Op::HotspareSet {
            adapter,
            drive: d,
            arrays,
            ..
        } => {
            let mut v = owned(&["-PDHSP", "-Set"]);
            if !arrays.is_empty() {
                v.push("-Dedicated".into());
                v.push(format!(
                    "-Array{}",
                    arrays
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                ));
            }
            v.extend([pd(d), a(*adapter)]);
            v
        }
        Op::HotspareRemove { adapter, drive: d } => drive(&["-PDHSP", "-Rmv"], adapter, d),
        Op::MakeJbod { adapter, drive: d } => drive(&["-PDMakeJBOD"], adapter, d),
        Op::ForeignImport { adapter, index } => foreign("-Import", *adapter, *index),
        Op::ForeignClear { adapter, index } => foreign("-Clear", *adapter, *index),
        Op::Alarm { adapter, action } => {
            let word = match action {
                Alarm::Silence => "AlarmSilence",
                Alarm::Enable => "AlarmEnbl",
                Alarm::Disable => "AlarmDsbl",
            };
            prop(word, None, adapter)
        }
        Op::RebuildRate { adapter, percent } => {
            prop("RebuildRate", Some(format!("-{percent}")), adapter)
        }
        Op::BatteryWarning { adapter, enabled } => {
            let off = if *enabled { 0 } else { 1 };
            prop("BatWarnDsbl", Some(format!("-{off}")), adapter)
        }
        Op::LdCreate(vd) => megacli_ld_create(vd),
        Op::LdDelete { adapter, target } => vd(&["-CfgLdDel"], adapter, target),
        Op::DiscardPreservedCache { adapter, target } => vec![
            "-DiscardPreservedCache".into(),
            format!("-L{target}"),
            "-force".into(),
            a(*adapter),
        ],
        Op::LdName {
            adapter,
            target,
            name,
        } => vd(&["-LDSetProp", "-Name", name], adapter, target),
        Op::LdDiskCache {
            adapter,
            target,
            enabled,
        } => {
            let word = if *enabled {
                "-EnDskCache"
            } else {
                "-DisDskCache"
            };
            vd(&["-LDSetProp", word], adapter, target)
        }
        Op::LdCache {
            adapter,
            target,
            setting,
        } => {
            let word = megacli_cache_word(*setting).unwrap_or("?");
            vd(&["-LDSetProp", word], adapter, target)
        }
    }
}

/// `rows` of one adapter's answer, each marked as that adapter's (the tools' answers do not
/// always say which adapter they speak of).
pub(crate) fn on_adapter<T>(
    rows: impl IntoIterator<Item = T>,
    adapter: u32,
    field: impl Fn(&mut T) -> &mut u32,
) -> Vec<T> {
    rows.into_iter()
        .map(|mut r| {
            *field(&mut r) = adapter;
            r
        })
        .collect()
}

/// Owned argv words.
fn owned(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

/// `-CfgForeign -Import|-Clear [N] -aN`.
fn foreign(verb: &str, adapter: u32, index: Option<u32>) -> Vec<String> {
    let mut v = owned(&["-CfgForeign", verb]);
    v.extend(index.map(|i| i.to_string()));
    v.push(a(adapter));
    v
}

/// [`megacli_args`] of [`Op::LdCreate`]: `-CfgLdAdd` or, spanned, `-CfgSpanAdd`, then the
/// cache policies, the strip size and the adapter.
fn megacli_ld_create(vd: &NewVd) -> Vec<String> {
    let n = vd.level.megacli_number().unwrap_or(0);
    let drives = |span: &Vec<DriveAddress>| {
        span.iter()
            .map(DriveAddress::megacli_arg)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut v = if vd.level.is_spanned() {
        let mut v = vec!["-CfgSpanAdd".to_owned(), format!("-r{n}")];
        for (i, span) in vd.spans.iter().enumerate() {
            v.push(format!("-Array{i}[{}]", drives(span)));
        }
        v
    } else {
        vec![
            "-CfgLdAdd".to_owned(),
            format!(
                "-r{n}[{}]",
                vd.spans.first().map(drives).unwrap_or_default()
            ),
        ]
    };
    v.push(
        match vd.write {
            WritePolicy::WriteThrough => "WT",
            WritePolicy::WriteBack | WritePolicy::AlwaysWriteBack => "WB",
        }
        .into(),
    );
    v.push(
        match vd.read {
            ReadPolicy::NoReadAhead => "NORA",
            ReadPolicy::ReadAhead => "RA",
            ReadPolicy::Adaptive => "ADRA",
        }
        .into(),
    );
    match vd.io {
        Some(IoPolicy::Direct) => v.push("Direct".into()),
        Some(IoPolicy::Cached) => v.push("Cached".into()),
        None => {}
    }
    if vd.write == WritePolicy::AlwaysWriteBack {
        v.push("CachedBadBBU".into());
    }
    if let Some(k) = vd.strip_kib {
        v.push(format!("-strpsz{k}"));
    }
    v.push(a(vd.adapter));
    v
}

/// The `-LDSetProp` word of one cache setting; `None` where MegaCli has none: `Disk's
/// Default` cannot be set back, and write-back regardless of the battery is two settings
/// (`WB`, then `CachedBadBBU`).
fn megacli_cache_word(setting: CacheSetting) -> Option<&'static str> {
    Some(match setting {
        CacheSetting::Write(WritePolicy::WriteThrough) => "WT",
        CacheSetting::Write(WritePolicy::WriteBack) => "WB",
        CacheSetting::Write(WritePolicy::AlwaysWriteBack)
        | CacheSetting::DiskCache(DiskCache::Default) => return None,
        CacheSetting::Read(ReadPolicy::NoReadAhead) => "NORA",
        CacheSetting::Read(ReadPolicy::ReadAhead) => "RA",
        CacheSetting::Read(ReadPolicy::Adaptive) => "ADRA",
        CacheSetting::Io(IoPolicy::Direct) => "-Direct",
        CacheSetting::Io(IoPolicy::Cached) => "-Cached",
        CacheSetting::DiskCache(DiskCache::Enabled) => "-EnDskCache",
        CacheSetting::DiskCache(DiskCache::Disabled) => "-DisDskCache",
        CacheSetting::WriteBackOnBadBbu(true) => "CachedBadBBU",
        CacheSetting::WriteBackOnBadBbu(false) => "NoCachedBadBBU",
    })
}

impl MegaCli {
    fn command_line_of(&self, args: &[&str]) -> String {
        MegaCli::command_line(self, args)
    }
}

impl Operations for MegaCli {
    fn name(&self) -> &str {
        "megacli"
    }

    fn supports(&self, op: &Op) -> bool {
        match op {
            Op::LdCache { setting, .. } => megacli_cache_word(*setting).is_some(),
            _ => !op.dedicated_to_vds_only(),
        }
    }

    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        super::gather::gather(self, None)
    }

    fn snapshot_hinted(&self, hint: Option<&Snapshot>) -> Result<Snapshot, BackendError> {
        super::gather::gather(self, hint)
    }

    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        MegaCli::event_marks(self).map(Some)
    }

    fn missing(&self, adapter: u32) -> Result<Vec<MissingRow>, BackendError> {
        let ad = a(adapter);
        let doc = self.query(&["-PdGetMissing", &ad], Kind::PdGetMissing, false)?;
        Ok(on_adapter(doc.missing, adapter, |m| &mut m.adapter))
    }

    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        let (d, ad) = (pd(&drive), a(adapter));
        for cmd in ["-PDRbld", "-PDCpyBk"] {
            let doc = self.query(&[cmd, "-ShowProg", &d, &ad], Kind::Progress, false)?;
            if let Some(mut p) = doc.progress.into_iter().find(|p| p.in_progress) {
                p.adapter = adapter;
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        let ad = a(adapter);
        let scan = self.query(&["-CfgForeign", "-Scan", &ad], Kind::ForeignScan, false)?;
        if scan.foreign_configs.is_empty() {
            return Ok(Vec::new());
        }
        let preview = self.query(
            &["-CfgForeign", "-Preview", &ad],
            Kind::ForeignPreview,
            false,
        )?;
        let mut v = if preview.foreign_configs.is_empty() {
            scan.foreign_configs
        } else {
            preview.foreign_configs
        };
        for f in &mut v {
            f.adapter = adapter;
        }
        Ok(v)
    }

    fn preserved_cache(&self, adapter: u32) -> Result<PinnedCache, BackendError> {
        let ad = a(adapter);
        let doc = self.query(&["-GetPreservedCacheList", &ad], Kind::Action, false)?;
        Ok(PinnedCache {
            targets: doc
                .actions
                .iter()
                .filter(|x| x.kind == crate::model::ActionKind::PreservedCachePresent)
                .filter_map(|x| x.logical_drive)
                .collect(),
            unattributed: false,
        })
    }

    fn events(&self, adapter: u32) -> Result<Option<Vec<Event>>, BackendError> {
        // `-GetEvents` writes a file: a private directory holds it, removed afterwards.
        let tmp = private_dir()?;
        let file = tmp.path().join("events.txt");
        let (f, ad) = (file.display().to_string(), a(adapter));
        let result = self
            .action(&["-AdpEventLog", "-GetEvents", "-f", &f, &ad])
            .and_then(|_| {
                let text = std::fs::read(&file).map_err(|e| BackendError::Unparseable {
                    argv: self.command_line_of(&["-AdpEventLog", "-GetEvents", "-f", &f, &ad]),
                    reason: format!("{}: {e}", file.display()),
                })?;
                let text = crate::parse::decode(&text);
                if text.trim().is_empty() {
                    return Ok(Vec::new());
                }
                let doc = crate::parse::parse(&text, Some(Kind::EventLog)).map_err(|e| {
                    BackendError::Unparseable {
                        argv: self.command_line_of(&["-AdpEventLog", "-GetEvents"]),
                        reason: e.to_string(),
                    }
                })?;
                Ok(on_adapter(doc.events, adapter, |e| &mut e.adapter))
            });
        crate::interrupt::remove_private(tmp);
        result.map(Some)
    }

    fn background(&self, adapter: u32) -> Result<Vec<Progress>, BackendError> {
        let ad = a(adapter);
        let doc = self.query(&["-LDBI", "-ShowProg", "-LALL", &ad], Kind::Progress, false)?;
        let running = doc.progress.into_iter().filter(|p| p.in_progress);
        Ok(on_adapter(running, adapter, |p| &mut p.adapter))
    }

    fn command_line(&self, op: &Op) -> String {
        let args = megacli_args(op);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        MegaCli::command_line(self, &refs)
    }

    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        let args = megacli_args(op);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        if !self.supports(op) {
            // Never run a dedicated spare MegaCli would read as a global one, nor a cache
            // setting it has no word for.
            let message = if op.dedicated_to_vds_only() {
                "MegaCli dedicates spares to arrays, not VD ids"
            } else {
                "MegaCli has no -LDSetProp word for this setting"
            };
            return Err(BackendError::Failed {
                argv: MegaCli::command_line(self, &refs),
                status: 0xff,
                message: message.into(),
                doc: Box::default(),
            });
        }
        self.action(&refs)
    }

    fn catalogue(&self) -> Option<&dyn super::catalogue::Catalogue> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argv_shapes() {
        let d = DriveAddress::new(32, 4);
        let dc = Op::LdDiskCache {
            adapter: 1,
            target: 3,
            enabled: false,
        };
        assert_eq!(
            megacli_args(&dc).join(" "),
            "-LDSetProp -DisDskCache -L3 -a1"
        );
        assert!(!dc.is_destructive());
        assert_eq!(
            megacli_args(&Op::Offline {
                adapter: 0,
                drive: d
            })
            .join(" "),
            "-PDOffline -PhysDrv[32:4] -a0"
        );
        let na = DriveAddress {
            enclosure: None,
            slot: 3,
        };
        assert_eq!(
            megacli_args(&Op::LocateStart {
                adapter: 1,
                drive: na
            })
            .join(" "),
            "-PdLocate -start -PhysDrv[:3] -a1"
        );
        assert_eq!(
            megacli_args(&Op::ReplaceMissing {
                adapter: 0,
                drive: d,
                array: 2,
                row: 1
            })
            .join(" "),
            "-PdReplaceMissing -PhysDrv[32:4] -Array2 -row1 -a0"
        );
        assert_eq!(
            megacli_args(&Op::HotspareSet {
                adapter: 0,
                drive: d,
                arrays: vec![1, 2],
                vds: vec![1],
            })
            .join(" "),
            "-PDHSP -Set -Dedicated -Array1,2 -PhysDrv[32:4] -a0"
        );
        let spans = vec![
            vec![DriveAddress::new(8, 0), DriveAddress::new(8, 1)],
            vec![DriveAddress::new(8, 2), DriveAddress::new(8, 3)],
        ];
        assert_eq!(
            megacli_args(&Op::LdCreate(NewVd {
                adapter: 0,
                level: RaidLevel::Raid10,
                spans,
                write: WritePolicy::WriteBack,
                read: ReadPolicy::ReadAhead,
                io: Some(IoPolicy::Direct),
                strip_kib: None,
            }))
            .join(" "),
            "-CfgSpanAdd -r10 -Array0[8:0,8:1] -Array1[8:2,8:3] WB RA Direct -a0"
        );
        assert_eq!(
            megacli_args(&Op::LdCreate(NewVd {
                adapter: 0,
                level: RaidLevel::Raid0,
                spans: vec![vec![d]],
                write: WritePolicy::AlwaysWriteBack,
                read: ReadPolicy::NoReadAhead,
                io: Some(IoPolicy::Cached),
                strip_kib: Some(256),
            }))
            .join(" "),
            "-CfgLdAdd -r0[32:4] WB NORA Cached CachedBadBBU -strpsz256 -a0"
        );
        for (setting, word) in [
            (CacheSetting::Write(WritePolicy::WriteThrough), "WT"),
            (CacheSetting::Read(ReadPolicy::NoReadAhead), "NORA"),
            (CacheSetting::Io(IoPolicy::Direct), "-Direct"),
            (CacheSetting::WriteBackOnBadBbu(false), "NoCachedBadBBU"),
        ] {
            let op = Op::LdCache {
                adapter: 0,
                target: 1,
                setting,
            };
            assert_eq!(
                megacli_args(&op).join(" "),
                format!("-LDSetProp {word} -L1 -a0")
            );
            assert!(!op.is_destructive());
        }
        let discard = Op::DiscardPreservedCache {
            adapter: 0,
            target: 2,
        };
        assert_eq!(
            megacli_args(&discard).join(" "),
            "-DiscardPreservedCache -L2 -force -a0"
        );
        assert!(discard.is_destructive());
        assert_eq!(
            megacli_args(&Op::LdName {
                adapter: 0,
                target: 2,
                name: "osd-3".into()
            })
            .join(" "),
            "-LDSetProp -Name osd-3 -L2 -a0"
        );
        assert_eq!(
            megacli_args(&Op::RebuildRate {
                adapter: 0,
                percent: 60
            })
            .join(" "),
            "-AdpSetProp RebuildRate -60 -a0"
        );
    }

    #[test]
    fn ops_serialise_for_journals() {
        let op = Op::MarkMissing {
            adapter: 0,
            drive: DriveAddress::new(32, 3),
        };
        let json = serde_json::to_string(&op).unwrap();
        assert!(json.contains("\"op\":\"mark_missing\""));
        assert_eq!(serde_json::from_str::<Op>(&json).unwrap(), op);
    }
}
