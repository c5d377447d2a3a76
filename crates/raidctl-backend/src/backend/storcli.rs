//! The storcli/perccli backend (JSON output, `J`): the same snapshot and operations as MegaCli,
//! in storcli's `/cX/eY/sZ` object syntax.
//!
//! Array numbers: MegaCli numbers arrays (spans) globally across drive groups; storcli names a
//! drive group and an array inside it. raidctl's [`Op`]s and [`MissingRow`]s use MegaCli's
//! global numbering, converted here through the topology.

use super::catalogue::{
    Catalogue, Entry, Level, ToolVerdict, counted_adapters, per_adapter, tool_name,
};
use super::counted::Counted;
use super::megacli::BackendError;
use super::ops::{Op, Operations, PinnedCache, on_adapter};
use super::runner::{CmdOutput, Runner};
use super::snapshot::{self, SNAPSHOT_SCHEMA, Snapshot};
use crate::model::{
    CacheSetting, DiskCache, Document, DriveAddress, Event, ForeignConfig, IoPolicy, MissingRow,
    Progress, ReadPolicy, WritePolicy,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod args;

/// A storcli or perccli installation.
pub struct Storcli {
    program: PathBuf,
    calls: Counted,
    /// (adapter, operation) pairs the controllers' last `show all` said they do not support.
    refused: Mutex<Vec<(u32, Capability)>>,
}

/// Drive operations 8.x controllers list under `Supported PD operations` (a PERC H965i on
/// firmware 8.4 answers `No` to all three), which the replacement workflow needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Capability {
    MarkMissing,
    ReplaceMissing,
    PrepareRemoval,
}

impl Capability {
    const ALL: [(Self, &'static str); 3] = [
        (Self::MarkMissing, "Support Mark Missing"),
        (Self::ReplaceMissing, "Support Replace Missing"),
        (Self::PrepareRemoval, "Support Prepare For Removal"),
    ];

    /// The capability `op` needs, with its adapter.
    fn of(op: &Op) -> Option<(u32, Self)> {
        match op {
            Op::MarkMissing { adapter, .. } => Some((*adapter, Self::MarkMissing)),
            Op::ReplaceMissing { adapter, .. } => Some((*adapter, Self::ReplaceMissing)),
            Op::PrepareRemoval { adapter, .. } => Some((*adapter, Self::PrepareRemoval)),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Storcli {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storcli")
            .field("program", &self.program)
            .finish_non_exhaustive()
    }
}

fn obj(adapter: u32, d: &DriveAddress) -> String {
    match d.enclosure {
        Some(e) => format!("/c{adapter}/e{e}/s{}", d.slot),
        None => format!("/c{adapter}/s{}", d.slot),
    }
}

impl Storcli {
    /// A backend running `program` (storcli64 or perccli64) through `runner`.
    pub fn new(program: PathBuf, runner: Arc<dyn Runner>, timeout: Duration) -> Self {
        Self {
            program,
            calls: Counted::new(runner, timeout),
            refused: Mutex::new(Vec::new()),
        }
    }

    /// The binary in use.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Vendor calls made so far.
    pub fn calls(&self) -> u32 {
        self.calls.calls()
    }

    fn line(&self, args: &[String]) -> String {
        std::iter::once(self.program.display().to_string())
            .chain(args.iter().cloned())
            .chain(std::iter::once("J".to_owned()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Runs `args` with `J` and parses the JSON. A failed `Command Status` (which storcli also
    /// reports through a non-zero exit status) is [`BackendError::Failed`] with storcli's words.
    ///
    /// # Errors
    /// Run, parse and vendor failures.
    pub fn json(&self, args: &[String]) -> Result<Document, BackendError> {
        self.json_via(args, false)
    }

    /// [`Storcli::json`] for a snapshot read, which may overlap the snapshot's other reads.
    fn json_read(&self, args: &[&str]) -> Result<Document, BackendError> {
        self.json_via(&Self::sv(args), true)
    }

    fn run_j(&self, args: &[String], read: bool) -> Result<CmdOutput, BackendError> {
        let mut argv = args.to_vec();
        argv.push("J".to_owned());
        Ok(if read {
            self.calls.read(&self.program, &argv)?
        } else {
            self.calls.run(&self.program, &argv)?
        })
    }

    fn json_via(&self, args: &[String], read: bool) -> Result<Document, BackendError> {
        let out = self.run_j(args, read)?;
        let line = self.line(args);
        if out.stdout.trim().is_empty() {
            return Err(BackendError::Empty { argv: line });
        }
        let doc =
            crate::parse::parse(&out.stdout, None).map_err(|e| BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            })?;
        let status = out.status.unwrap_or(0);
        let failed = doc
            .warnings
            .iter()
            .any(|w| w.message.contains("Status Failure"));
        if status != 0 || failed {
            let message = doc
                .warnings
                .iter()
                .map(|w| w.message.clone())
                .collect::<Vec<_>>()
                .join("; ");
            return Err(BackendError::failed(line, status, message, doc));
        }
        if let Some(w) = doc.warnings.first() {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    fn needs_topology(op: &Op) -> bool {
        match op {
            Op::ReplaceMissing { .. } => true,
            Op::HotspareSet { arrays, .. } => !arrays.is_empty(),
            _ => false,
        }
    }

    fn sv(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    /// Converts MegaCli's global array number to storcli's (drive group, array in group).
    fn dg_array(snap: &Snapshot, adapter: u32, global: u32) -> Option<(u32, u32)> {
        let mut n = 0u32;
        let mut groups: Vec<_> = snap
            .disk_groups
            .iter()
            .filter(|g| g.adapter == adapter)
            .collect();
        groups.sort_by_key(|g| g.index);
        for g in groups {
            for (i, s) in g.spans.iter().enumerate() {
                let here = s.array_ref.unwrap_or(n);
                if here == global {
                    return Some((g.index, u32::try_from(i).unwrap_or(0)));
                }
                n += 1;
            }
        }
        None
    }

    fn storcli_args(&self, op: &Op, snap: Option<&Snapshot>) -> Result<Vec<String>, BackendError> {
        if op.dedicated_to_vds_only() {
            return Err(self.unsupported("a spare dedicated by VD id instead of drive group"));
        }
        self.op_args(op, snap)
    }
}

/// `wrcache=wt`, `rdcache=nora`, `iopolicy=direct`, `pdcache=default`: one setting per `set`.
/// storcli has no adaptive read-ahead (Dell documents it as read-ahead on PERC 8 and later)
/// and folds the bad-battery flag into `wrcache` (`awb`), so it has no setting of its own.
fn storcli_cache_setting(setting: CacheSetting) -> Option<String> {
    Some(match setting {
        CacheSetting::Write(w) => format!(
            "wrcache={}",
            match w {
                WritePolicy::WriteThrough => "wt",
                WritePolicy::WriteBack => "wb",
                WritePolicy::AlwaysWriteBack => "awb",
            }
        ),
        CacheSetting::Read(r) => format!(
            "rdcache={}",
            match r {
                ReadPolicy::NoReadAhead => "nora",
                ReadPolicy::ReadAhead | ReadPolicy::Adaptive => "ra",
            }
        ),
        CacheSetting::Io(i) => format!(
            "iopolicy={}",
            match i {
                IoPolicy::Direct => "direct",
                IoPolicy::Cached => "cached",
            }
        ),
        CacheSetting::DiskCache(d) => format!(
            "pdcache={}",
            match d {
                DiskCache::Enabled => "on",
                DiskCache::Disabled => "off",
                DiskCache::Default => "default",
            }
        ),
        CacheSetting::WriteBackOnBadBbu(_) => return None,
    })
}

impl Operations for Storcli {
    fn name(&self) -> &str {
        "storcli"
    }

    fn sets_adaptive_read_ahead(&self) -> bool {
        false
    }

    /// Five calls whatever the size: controllers, VDs, drives in enclosures, drives without
    /// one, and the battery (BBU or CacheVault; four on storcli2/perccli2, whose controller
    /// view carries the energy pack); plus rebuild progress when a drive rebuilds.
    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        let before = self.calls();
        let mut snap = Snapshot {
            schema_version: SNAPSHOT_SCHEMA,
            source: self.program.display().to_string(),
            ..Snapshot::default()
        };
        snap.taken_at_unix = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        // The fixed reads overlap (see `snapshot::overlap`), taken in the order they would
        // run one after another.
        let second = self.second_generation();
        let mut jobs: Vec<Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>> = vec![
            Box::new(|| self.json_read(&["/call", "show", "all"])),
            Box::new(|| self.json_read(&["/call/vall", "show", "all"])),
            Box::new(|| self.json_read(&["/call/eall/sall", "show", "all"])),
            Box::new(|| self.json_read(&["/call/sall", "show", "all"])),
        ];
        if !second {
            jobs.push(Box::new(|| self.json_read(&["/call/bbu", "show", "all"])));
        }
        let mut results = snapshot::overlap(jobs).into_iter();
        let mut next = || {
            results
                .next()
                .unwrap_or_else(|| Err(BackendError::Refused("internal error: a read lost".into())))
        };
        let (all, vds, pds, nencl) = (next()?, next(), next(), next());
        if all.adapters.is_empty() {
            return Err(BackendError::Unparseable {
                argv: self.line(&Self::sv(&["/call", "show", "all"])),
                reason: "no controller in the output".into(),
            });
        }
        snap.adapters = all.adapters;
        snap.disk_groups = all.disk_groups;
        self.observe(&snap);
        let energy_pack = all.bbus;
        let vds = vds?;
        snap.logical_drives = vds.logical_drives;
        snap.progress.extend(vds.progress);
        let pds = pds?;
        snap.physical_drives = pds.physical_drives;
        // Drives behind no enclosure; "not found" failures are normal when there are none.
        match nencl {
            Ok(doc) => {
                for pd in doc.physical_drives {
                    if !snap
                        .physical_drives
                        .iter()
                        .any(|d| d.adapter == pd.adapter && d.address() == pd.address())
                    {
                        snap.physical_drives.push(pd);
                    }
                }
            }
            Err(BackendError::Failed { .. }) => {}
            Err(e) => return Err(e),
        }
        if second {
            // 8.x has no `/bbu` object: `/call show all` carries `Energy Pack Info`.
            snap.bbus = energy_pack;
        } else {
            match next() {
                Ok(doc) => snap.bbus = doc.bbus,
                Err(BackendError::Failed { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if snap
            .physical_drives
            .iter()
            .any(|d| d.firmware_state == crate::model::FirmwareState::Rebuild)
        {
            let doc = self.json_read(&["/call/eall/sall", "show", "rebuild"])?;
            snap.progress
                .extend(doc.progress.into_iter().filter(|p| p.in_progress));
        }
        snapshot::derive_common(&mut snap);
        snap.vendor_calls = self.calls() - before;
        Ok(snap)
    }

    /// `/call show eventloginfo J`: every controller's event log position in one call.
    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        let args = Self::sv(&["/call", "show", "eventloginfo"]);
        let out = self.run_j(&args, true)?;
        let line = self.line(&args);
        super::megacli::exited_ok(&line, &out)?;
        crate::parse::eventinfo::storcli_json(&out.stdout)
            .map(Some)
            .map_err(|reason| BackendError::Unparseable { argv: line, reason })
    }

    /// Records the drive operations each controller's `show all` says it does not support.
    fn observe(&self, snap: &Snapshot) {
        let refused = snap
            .adapters
            .iter()
            .flat_map(|a| {
                Capability::ALL
                    .iter()
                    .filter(|(_, key)| a.extra.get(*key).is_some_and(|v| v.trim() == "No"))
                    .map(|(c, _)| (a.adapter, *c))
            })
            .collect();
        if let Ok(mut r) = self.refused.lock() {
            *r = refused;
        }
    }

    fn missing(&self, adapter: u32) -> Result<Vec<MissingRow>, BackendError> {
        let snap = self.snapshot()?;
        Ok(snap
            .missing
            .into_iter()
            .filter(|m| m.adapter == adapter)
            .collect())
    }

    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        for what in ["rebuild", "copyback"] {
            let doc = self.json(&[obj(adapter, &drive), "show".into(), what.into()])?;
            if let Some(mut p) = doc.progress.into_iter().find(|p| p.in_progress) {
                p.adapter = adapter;
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        let doc = match self.json(&[format!("/c{adapter}/fall"), "show".into(), "all".into()]) {
            Ok(d) => d,
            // storcli says "none" as a failure (`No foreign configuration found.`, captured);
            // any other failure is no answer: a caller deciding whether the cache of a dead
            // VD may go must not read it as "none".
            Err(BackendError::Failed { message, doc, .. })
                if message
                    .to_ascii_lowercase()
                    .contains("no foreign configuration") =>
            {
                *doc
            }
            Err(e) => return Err(e),
        };
        Ok(on_adapter(doc.foreign_configs, adapter, |f| &mut f.adapter))
    }

    fn preserved_cache(&self, adapter: u32) -> Result<PinnedCache, BackendError> {
        let doc = self.json(&[
            format!("/c{adapter}"),
            "show".into(),
            "preservedcache".into(),
        ]);
        match doc {
            Ok(d) => Ok(PinnedCache {
                targets: d.actions.iter().filter_map(|a| a.logical_drive).collect(),
                unattributed: false,
            }),
            // Only "nothing pinned" said as a failure counts as nothing pinned; any other
            // failure is not an answer (a discard or a guard must not read it as "none").
            Err(BackendError::Failed { message, .. })
                if message
                    .to_ascii_lowercase()
                    .contains("no virtual drive has preserved cache") =>
            {
                Ok(PinnedCache::default())
            }
            Err(e) => Err(e),
        }
    }

    /// `show events` prints the MegaCli event-file layout as text, also with `J`.
    fn events(&self, adapter: u32) -> Result<Option<Vec<Event>>, BackendError> {
        let doc = self.json(&[format!("/c{adapter}"), "show".into(), "events".into()])?;
        Ok(Some(on_adapter(doc.events, adapter, |e| &mut e.adapter)))
    }

    /// Everything but the battery-warning property and spares dedicated by VD id, unless the
    /// controller's last `show all` said it cannot mark missing, replace missing or prepare
    /// for removal: a workflow then refuses before it starts instead of stopping half-way.
    fn supports(&self, op: &Op) -> bool {
        if matches!(op, Op::BatteryWarning { .. }) || op.dedicated_to_vds_only() {
            return false;
        }
        if let Op::LdCache { setting, .. } = op {
            return storcli_cache_setting(*setting).is_some();
        }
        if matches!(
            op,
            Op::ForeignImport { index: Some(_), .. } | Op::ForeignClear { index: Some(_), .. }
        ) {
            return false;
        }
        Capability::of(op)
            .is_none_or(|needed| self.refused.lock().map_or(true, |r| !r.contains(&needed)))
    }

    fn command_line(&self, op: &Op) -> String {
        // Array numbers become drive groups through the topology, so plans show the real line.
        let snap = if Self::needs_topology(op) {
            self.snapshot().ok()
        } else {
            None
        };
        match self.storcli_args(op, snap.as_ref()) {
            Ok(args) => self.line(&args),
            Err(e) => format!("({e})"),
        }
    }

    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        let snap = if Self::needs_topology(op) {
            Some(self.snapshot()?)
        } else {
            None
        };
        let args = self.storcli_args(op, snap.as_ref())?;
        self.json(&args)
    }

    fn catalogue(&self) -> Option<&dyn Catalogue> {
        Some(self)
    }
}

/// File names the event log calls write (`file=`) in their scratch directory.
const EVENTS_FILE: &str = "events.txt";
const EVENTS_SINCE_SHUTDOWN_FILE: &str = "events-sinceshutdown.txt";
/// File `show all logfile=` writes.
const LOGFILE: &str = "logfile.txt";

impl Storcli {
    fn entry(&self, id: &str, adapter: Option<u32>, args: &[&str]) -> Entry {
        Entry::new(id, adapter, &self.program, args)
    }

    /// storcli2/perccli2 (the SAS4 generation) have no BBU, only CacheVault.
    fn second_generation(&self) -> bool {
        self.dir().ends_with('2')
    }
}

/// A value from the first controller's JSON answer: `Command Status` or `Response Data`.
fn json_field(text: &str, section: &str, key: &str) -> Option<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("Controllers")?
        .get(0)?
        .get(section)?
        .get(key)
        .cloned()
}

/// storcli/perccli's bundle catalogue: JSON (`J`) where the tool has it, text for the logs
/// and counters it prints only as text.
impl Catalogue for Storcli {
    fn dir(&self) -> String {
        let name = self
            .program
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let name = name.strip_suffix("64").unwrap_or(&name);
        match name {
            "perccli" | "storcli2" | "perccli2" => name.to_owned(),
            _ => "storcli".to_owned(),
        }
    }

    fn programs(&self) -> Vec<PathBuf> {
        vec![self.program.clone()]
    }

    fn preamble(&self) -> Vec<Entry> {
        vec![self.entry("all/ctrlcount", None, &["show", "ctrlcount", "J"])]
    }

    fn adapters(&self, preamble: &[(Entry, String)]) -> Vec<u32> {
        counted_adapters(
            preamble
                .iter()
                .find_map(|(_, t)| json_field(t, "Response Data", "Controller Count")?.as_u64())
                .and_then(|n| u32::try_from(n).ok()),
        )
    }

    fn history(&self, adapters: &[u32]) -> Vec<Entry> {
        per_adapter(adapters, |a| {
            let c = format!("/c{a}");
            let c = c.as_str();
            let ad = Some(a);
            let since = format!("file={EVENTS_SINCE_SHUTDOWN_FILE}");
            let all = format!("file={EVENTS_FILE}");
            vec![
                self.entry(
                    &format!("c{a}/events-sinceshutdown"),
                    ad,
                    &[c, "show", "events", "type=sinceshutdown", &since],
                )
                .writes(EVENTS_SINCE_SHUTDOWN_FILE)
                .triage(),
                self.entry(&format!("c{a}/events"), ad, &[c, "show", "events", &all])
                    .writes(EVENTS_FILE)
                    .triage(),
                self.entry(&format!("c{a}/termlog"), ad, &[c, "show", "termlog"])
                    .triage(),
                self.entry(&format!("c{a}/alilog"), ad, &[c, "show", "alilog"]),
            ]
        })
    }

    /// The calls [`Operations::snapshot`] makes (`J` appended as [`Storcli::json`] does).
    fn snapshot_inputs(&self, _adapters: &[u32]) -> Vec<Entry> {
        let mut v = vec![
            self.entry("all/show-all", None, &["/call", "show", "all", "J"]),
            self.entry("all/vall", None, &["/call/vall", "show", "all", "J"]),
            self.entry(
                "all/eall-sall",
                None,
                &["/call/eall/sall", "show", "all", "J"],
            ),
            self.entry("all/sall", None, &["/call/sall", "show", "all", "J"]),
        ];
        if !self.second_generation() {
            v.push(self.entry("all/bbu", None, &["/call/bbu", "show", "all", "J"]));
        }
        v
    }

    fn inventory(&self, adapters: &[u32], level: Level) -> Vec<Entry> {
        per_adapter(adapters, |a| {
            let c = format!("/c{a}");
            let c = c.as_str();
            let ad = Some(a);
            let e = |id: &str, args: &[&str]| self.entry(&format!("c{a}/{id}"), ad, args);
            let obj = |o: &str| format!("{c}/{o}");
            // Firmware package, BIOS and driver versions.
            let mut v = vec![e("show", &[c, "show", "J"])];
            if level == Level::Quick {
                return v;
            }
            let (eall, sall, cv, fall, bbu) = (
                obj("eall"),
                obj("eall/sall"),
                obj("cv"),
                obj("fall"),
                obj("bbu"),
            );
            v.push(e("enclosures", &[&eall, "show", "all", "J"]));
            // perccli2 rejects the `/cv` object (check_lsi_raid#41): the 8.x energy pack is
            // in `/cN show all`.
            if !self.second_generation() {
                v.push(e("cachevault", &[&cv, "show", "all", "J"]));
            }
            v.extend([
                e("foreign", &[&fall, "show", "all", "J"]),
                e("foreign-preview", &[&fall, "import", "preview", "J"]),
                e("preservedcache", &[c, "show", "preservedcache", "J"]),
                e("phyerrorcounters", &[&sall, "show", "phyerrorcounters"]),
            ]);
            if !self.second_generation() {
                v.push(e("bbu", &[&bbu, "show", "all", "J"]));
            }
            if level == Level::Deep {
                let logfile = format!("logfile={LOGFILE}");
                v.extend([
                    e(
                        "enclosure-phyerrorcounters",
                        &[&eall, "show", "phyerrorcounters"],
                    ),
                    e("snapdump", &[c, "show", "snapdump"]),
                    e("show-all-logfile", &[c, "show", "all", &logfile]).writes(LOGFILE),
                ]);
            }
            v
        })
    }

    fn versions(&self, preamble: &[(Entry, String)]) -> BTreeMap<String, String> {
        let name = tool_name(&self.program, "storcli");
        preamble
            .iter()
            .find_map(|(_, t)| json_field(t, "Command Status", "CLI Version"))
            .and_then(|v| v.as_str().map(str::to_owned))
            .map(|v| BTreeMap::from([(name, v)]))
            .unwrap_or_default()
    }

    fn verdict(&self, entry: &Entry, stdout: &str, _exit: Option<i32>) -> Option<ToolVerdict> {
        let (raw, description) = if entry.extension() == "json" {
            let status = json_field(stdout, "Command Status", "Status")?;
            let desc = json_field(stdout, "Command Status", "Description");
            (
                status.as_str()?.to_owned(),
                desc.and_then(|d| d.as_str().map(str::to_owned)),
            )
        } else {
            let field = |k: &str| {
                stdout.lines().find_map(|l| {
                    let (key, v) = l.split_once('=')?;
                    (key.trim() == k).then(|| v.trim().to_owned())
                })
            };
            (field("Status")?, field("Description"))
        };
        let meaning = match (raw.as_str(), description) {
            ("Success", _) => "success".to_owned(),
            (_, Some(d)) if d != "None" => format!("the tool reported a failure: {d}"),
            _ => "the tool reported a failure".to_owned(),
        };
        Some(ToolVerdict { raw, meaning })
    }
}

#[cfg(test)]
mod catalogue_tests {
    use super::*;
    use crate::backend::runner::OsRunner;

    fn storcli(name: &str) -> Storcli {
        Storcli::new(
            PathBuf::from("/opt/MegaRAID/storcli").join(name),
            Arc::new(OsRunner::scratch()),
            Duration::from_secs(1),
        )
    }

    #[test]
    fn directory_and_generation_from_the_program_name() {
        assert_eq!(storcli("storcli64").dir(), "storcli");
        assert_eq!(storcli("perccli64").dir(), "perccli");
        assert_eq!(storcli("storcli2").dir(), "storcli2");
        let inv = |s: &Storcli| {
            s.inventory(&[0], Level::Standard)
                .iter()
                .map(|e| e.id.clone())
                .collect::<Vec<_>>()
        };
        assert!(inv(&storcli("storcli64")).contains(&"c0/bbu".to_owned()));
        assert!(!inv(&storcli("perccli2")).contains(&"c0/bbu".to_owned()));
        assert!(!inv(&storcli("perccli2")).contains(&"c0/cachevault".to_owned()));
        assert!(inv(&storcli("storcli64")).contains(&"c0/cachevault".to_owned()));
        // The 8.x snapshot makes no `/call/bbu` call.
        assert!(
            !storcli("storcli2")
                .snapshot_inputs(&[0])
                .iter()
                .any(|e| e.id == "all/bbu")
        );
    }

    #[test]
    fn adapters_versions_and_verdicts() {
        let s = storcli("storcli64");
        let json = r#"{"Controllers":[{"Command Status":{"CLI Version":"007.1704.0000.0000 Jan 16, 2021","Status":"Success","Description":"None"},"Response Data":{"Controller Count":2}}]}"#;
        let pre = vec![(s.preamble()[0].clone(), json.to_owned())];
        assert_eq!(s.adapters(&pre), [0, 1]);
        assert_eq!(
            s.versions(&pre)["storcli64"],
            "007.1704.0000.0000 Jan 16, 2021"
        );
        let v = s.verdict(&pre[0].0, json, Some(0)).unwrap();
        assert_eq!((v.raw.as_str(), v.meaning.as_str()), ("Success", "success"));
        let text = "Controller = 0\nStatus = Failure\nDescription = Un-supported command\n";
        let e = &s.history(&[0])[2];
        assert_eq!(e.extension(), "txt");
        let v = s.verdict(e, text, Some(0)).unwrap();
        assert!(v.meaning.contains("Un-supported command"), "{v:?}");
        // Every call in the snapshot inputs is one Operations::snapshot makes.
        assert!(
            s.snapshot_inputs(&[0])
                .iter()
                .all(|e| e.extension() == "json")
        );
    }
}

#[cfg(test)]
mod capability_tests {
    use super::*;
    use crate::backend::runner::{Call, CmdOutput, RunError};
    use crate::model::DriveAddress;

    /// Answers the 8.x snapshot calls with the perccli2 8.4 captures of a PERC H965i.
    struct Captured;

    impl Runner for Captured {
        fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
            let file = match c.args.first().map(String::as_str) {
                Some("/call") => Some("controllers"),
                Some("/call/vall") => Some("vdisks"),
                Some("/call/eall/sall") => Some("pdisks"),
                _ => None,
            };
            let (stdout, status) = match file {
                Some(f) => {
                    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(format!(
                        "fixtures/corpus/perccli/bodik-perccli__output_8.4.0.22_{f}_ok.json"
                    ));
                    (std::fs::read_to_string(path).expect("capture"), 0)
                }
                // Not captured: a failed status, as for a controller without direct drives.
                None => (
                    r#"{"Controllers":[{"Command Status":{"CLI Version":"008.0004.0000.0022 Apr 28, 2023","Controller":"0","Status":"Failure","Description":"No drive found!"}}]}"#.to_owned(),
                    255,
                ),
            };
            Ok(CmdOutput {
                stdout,
                status: Some(status),
                ..CmdOutput::default()
            })
        }
    }

    #[test]
    fn a_controller_without_mark_missing_refuses_it_up_front() {
        let s = Storcli::new(
            PathBuf::from("/opt/MegaRAID/perccli2/perccli2"),
            Arc::new(Captured),
            Duration::from_secs(1),
        );
        let drive = DriveAddress {
            enclosure: Some(292),
            slot: 0,
        };
        let mark = Op::MarkMissing { adapter: 0, drive };
        assert!(s.supports(&mark), "nothing known before a snapshot");
        let snap = s.snapshot().expect("snapshot of the captures");
        assert_eq!(snap.vendor_calls, 4, "no /call/bbu on the 8.x generation");
        assert_eq!(snap.bbus.len(), 1, "the energy pack from /call show all");
        assert!(!s.supports(&mark));
        assert!(!s.supports(&Op::PrepareRemoval { adapter: 0, drive }));
        assert!(!s.supports(&Op::ReplaceMissing {
            adapter: 0,
            drive,
            array: 0,
            row: 0
        }));
        assert!(s.supports(&Op::Offline { adapter: 0, drive }));
        assert!(s.supports(&Op::RebuildStart { adapter: 0, drive }));
        // Another adapter is not judged by this one's answer.
        assert!(s.supports(&Op::MarkMissing { adapter: 1, drive }));
    }
}
