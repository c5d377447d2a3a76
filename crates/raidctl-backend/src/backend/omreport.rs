//! The Dell OpenManage backend: `omreport storage ... -fmt ssv` to read, `omconfig storage ...`
//! to act. OMSA names drives `connector:enclosure:port`; raidctl shows them as `[E:S]` with E the
//! OMSA enclosure number, which is not MegaCli's enclosure device id (a classic source of
//! wrong-drive mistakes, so workflows confirm by serial).

mod omconfig;

use super::catalogue::{Catalogue, Entry, Level, ToolVerdict, per_adapter};
use super::counted::Counted;
use super::megacli::BackendError;
use super::ops::{Op, Operations, PinnedCache};
use super::runner::Runner;
use super::snapshot::{self, SNAPSHOT_SCHEMA, Snapshot};
use crate::model::{Document, DriveAddress, ForeignConfig, Progress};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// omreport plus omconfig.
pub struct Omreport {
    omreport: PathBuf,
    omconfig: PathBuf,
    calls: Counted,
}

impl std::fmt::Debug for Omreport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Omreport")
            .field("omreport", &self.omreport)
            .finish_non_exhaustive()
    }
}

/// OMSA's `connector:enclosure:port` id for a drive (connector 0; no enclosure: `0:port`).
fn pdisk(d: &DriveAddress) -> String {
    match d.enclosure {
        Some(e) => format!("0:{e}:{}", d.slot),
        None => format!("0:{}", d.slot),
    }
}

impl Omreport {
    /// A backend using these two binaries.
    pub fn new(
        omreport: PathBuf,
        omconfig: PathBuf,
        runner: Arc<dyn Runner>,
        timeout: Duration,
    ) -> Self {
        Self {
            omreport,
            omconfig,
            calls: Counted::new(runner, timeout),
        }
    }

    fn report(&self, args: &[&str]) -> Result<Document, BackendError> {
        let (line, stdout) = self.run_report(args)?;
        Self::parse_report(line, &stdout)
    }

    /// Runs `omreport ARGS -fmt ssv`: the command line and its output.
    fn run_report(&self, args: &[&str]) -> Result<(String, String), BackendError> {
        let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        argv.extend(["-fmt".to_owned(), "ssv".to_owned()]);
        let line = format!("{} {}", self.omreport.display(), argv.join(" "));
        // Reads only: omreport asks OpenManage's data manager, which serves them side by side.
        let out = self.calls.read(&self.omreport, &argv)?;
        if out.stdout.trim().is_empty() {
            return Err(BackendError::Empty { argv: line });
        }
        if out.status.unwrap_or(0) != 0 {
            return Err(BackendError::failed(
                line,
                out.status.unwrap_or(0),
                out.stdout
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .to_owned(),
                Document::default(),
            ));
        }
        Ok((line, out.stdout))
    }

    fn parse_report(line: String, stdout: &str) -> Result<Document, BackendError> {
        let doc =
            crate::parse::omreport::parse_ssv(stdout).map_err(|e| BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            })?;
        if let Some(w) = doc.warnings.first() {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    /// A report over every controller (`storage vdisk`, `storage battery`) with each record
    /// given the id of the controller whose title heads it (`titles`, from the controller
    /// report); `None` when one cannot be told (see [`crate::parse::omreport::parse_ssv_on`]).
    fn parse_report_on(
        line: String,
        stdout: &str,
        titles: &[(String, u32)],
    ) -> Result<Option<Document>, BackendError> {
        let doc = crate::parse::omreport::parse_ssv_on(stdout, titles).map_err(|e| {
            BackendError::Unparseable {
                argv: line.clone(),
                reason: e.to_string(),
            }
        })?;
        if let Some(w) = doc.as_ref().and_then(|d| d.warnings.first()) {
            return Err(BackendError::Unparseable {
                argv: line,
                reason: format!("line {}: {}", w.line, w.message),
            });
        }
        Ok(doc)
    }

    /// One controller's VDs (`storage vdisk controller=N`), asked for when the report over
    /// every controller cannot say whose VDs are whose. A controller without VDs prints no
    /// table, only that it has none.
    fn vdisks_of(&self, adapter: u32) -> Result<Document, BackendError> {
        let c = format!("controller={adapter}");
        let (line, stdout) = self.run_report(&["storage", "vdisk", &c])?;
        let none = !stdout.lines().any(|l| l.trim_start().starts_with("ID;"))
            && stdout.to_ascii_lowercase().contains("no virtual disks");
        if none {
            return Ok(Document::new("omreport-ssv"));
        }
        Self::parse_report(line, &stdout)
    }

    /// A VD's drives (`pdisk controller=N vdisk=M`): a VD whose drives are all gone (a
    /// pulled single-drive RAID0) lists none, which is an answer, not unreadable output.
    fn members(&self, args: &[&str]) -> Result<Document, BackendError> {
        let (line, stdout) = self.run_report(args)?;
        // Only a titled list with nothing in it counts as "no drives".
        let titled_empty = stdout
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .all(|l| {
                l.starts_with("List of Physical Disks belonging to")
                    || l.starts_with("Controller ")
                    || l.eq_ignore_ascii_case("No physical disks found.")
            });
        if titled_empty && stdout.contains("List of Physical Disks") {
            return Ok(Document::new("omreport-ssv"));
        }
        Self::parse_report(line, &stdout)
    }

    /// The drives of each VD, asked of the VD's own controller (`pdisk controller=N
    /// vdisk=M`), in the order of `lds`.
    #[allow(clippy::type_complexity)]
    fn member_jobs(
        &self,
        lds: &[crate::model::LogicalDrive],
    ) -> Vec<Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>> {
        lds.iter()
            .map(|l| (l.adapter, l.target_id))
            .map(|(a, t)| {
                Box::new(move || {
                    let c = format!("controller={a}");
                    let v = format!("vdisk={t}");
                    self.members(&["storage", "pdisk", &c, &v])
                })
                    as Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>
            })
            .collect()
    }
}

impl Operations for Omreport {
    fn name(&self) -> &str {
        "omreport"
    }

    /// `omreport system alertlog`: its entries have no sequence number, so the mark is their
    /// count and a digest of the log (any new entry, the newest first, changes it).
    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        let argv = ["system".to_owned(), "alertlog".to_owned()];
        let line = format!("{} system alertlog", self.omreport.display());
        let out = self.calls.read(&self.omreport, &argv)?;
        super::megacli::exited_ok(&line, &out)?;
        crate::parse::eventinfo::omreport_alertlog(&out.stdout)
            .map(Some)
            .map_err(|reason| BackendError::Unparseable { argv: line, reason })
    }

    /// Controllers, VDs, batteries, then drives per controller (omreport has no "all
    /// controllers" form for pdisks), then each VD's members (`pdisk controller=N vdisk=M`,
    /// one call per VD: OMSA's VD records do not name their drives).
    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        let before = self.calls.calls();
        let mut snap = Snapshot {
            schema_version: SNAPSHOT_SCHEMA,
            source: self.omreport.display().to_string(),
            ..Snapshot::default()
        };
        snap.taken_at_unix = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        // Reads overlap (see `snapshot::overlap`); results are taken in call order.
        let mut first = snapshot::overlap(vec![
            Box::new(|| self.run_report(&["storage", "controller"])),
            Box::new(|| self.run_report(&["storage", "vdisk"])),
            Box::new(|| self.run_report(&["storage", "battery"])),
        ])
        .into_iter();
        let lost = || BackendError::Refused("internal error: a read lost".into());
        let (line, ctl_text) = first.next().unwrap_or_else(|| Err(lost()))?;
        let ctl = Self::parse_report(line, &ctl_text)?;
        if ctl.adapters.is_empty() {
            return Err(BackendError::Unparseable {
                argv: format!("{} storage controller", self.omreport.display()),
                reason: "no controller in the output".into(),
            });
        }
        snap.adapters = ctl.adapters;
        // The VD and battery reports name controllers by title, not id: each record's
        // controller is the one with that title in the controller report. Where that cannot
        // be told (two controllers under one title), each controller is asked on its own.
        let titles = crate::parse::omreport::controller_titles(&ctl_text);
        let (line, vd_text) = first.next().unwrap_or_else(|| Err(lost()))?;
        let vds_known = Self::parse_report_on(line, &vd_text, &titles)?;
        // Batteries are optional: a host without one has no battery table.
        let bbus_known = match first.next() {
            Some(Ok((line, text))) => Self::parse_report_on(line, &text, &titles).ok(),
            _ => None,
        };
        let ids: Vec<u32> = snap.adapters.iter().map(|a| a.adapter).collect();
        let per_controller_vds = vds_known.is_none();
        let per_controller_bbus = matches!(bbus_known, Some(None));
        if let Some(doc) = vds_known {
            snap.logical_drives = doc.logical_drives;
        }
        if let Some(Some(doc)) = bbus_known {
            snap.bbus = doc.bbus;
        }
        let mut jobs: Vec<Box<dyn FnOnce() -> Result<Document, BackendError> + Send + '_>> =
            Vec::new();
        for &a in &ids {
            jobs.push(Box::new(move || {
                let c = format!("controller={a}");
                self.report(&["storage", "pdisk", &c])
            }));
        }
        if per_controller_vds {
            for &a in &ids {
                jobs.push(Box::new(move || self.vdisks_of(a)));
            }
        }
        if per_controller_bbus {
            for &a in &ids {
                jobs.push(Box::new(move || {
                    let c = format!("controller={a}");
                    self.report(&["storage", "battery", &c])
                }));
            }
        }
        if !per_controller_vds {
            jobs.extend(self.member_jobs(&snap.logical_drives));
        }
        let mut second = snapshot::overlap(jobs).into_iter();
        for &a in &ids {
            let mut doc = second.next().unwrap_or_else(|| Err(lost()))?;
            for pd in &mut doc.physical_drives {
                pd.adapter = a;
            }
            snap.physical_drives.extend(doc.physical_drives);
        }
        if per_controller_vds {
            for &a in &ids {
                let doc = second.next().unwrap_or_else(|| Err(lost()))?;
                snap.logical_drives
                    .extend(doc.logical_drives.into_iter().map(|mut l| {
                        l.adapter = a;
                        l
                    }));
            }
        }
        if per_controller_bbus {
            for &a in &ids {
                // A controller without a battery answers with none: not an error.
                if let Some(Ok(doc)) = second.next() {
                    snap.bbus.extend(doc.bbus.into_iter().map(|mut b| {
                        b.adapter = a;
                        b
                    }));
                }
            }
        }
        if per_controller_vds {
            let jobs = self.member_jobs(&snap.logical_drives);
            second = snapshot::overlap(jobs).into_iter();
        }
        for ld in &mut snap.logical_drives {
            let doc = second.next().unwrap_or_else(|| Err(lost()))?;
            ld.members = doc
                .physical_drives
                .iter()
                .map(crate::model::PhysicalDrive::address)
                .collect();
        }
        snapshot::derive_common(&mut snap);
        snap.vendor_calls = self.calls.calls() - before;
        Ok(snap)
    }

    /// One call: the controller's drive list carries each drive's `Progress`.
    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        let c = format!("controller={adapter}");
        Ok(self
            .report(&["storage", "pdisk", &c])?
            .progress
            .into_iter()
            .find(|p| p.drive == Some(drive) && p.in_progress)
            .map(|mut p| {
                p.adapter = adapter;
                p
            }))
    }

    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        let snap = self.snapshot()?;
        let foreign = snap
            .physical_drives
            .iter()
            .any(|d| d.adapter == adapter && d.foreign == Some(true));
        Ok(if foreign {
            vec![ForeignConfig {
                adapter,
                index: 0,
                disk_groups: Vec::new(),
            }]
        } else {
            Vec::new()
        })
    }

    /// OpenManage says per controller whether preserved cache exists, not whose it is: an
    /// offline VD is the one that can hold it; with none offline (deleted while missing) the
    /// cache is unattributed.
    fn preserved_cache(&self, adapter: u32) -> Result<PinnedCache, BackendError> {
        let snap = self.snapshot()?;
        let pinned = snap
            .adapters
            .iter()
            .any(|a| a.adapter == adapter && a.offline_vd_cache_preserved == Some(true));
        if !pinned {
            return Ok(PinnedCache::default());
        }
        let offline: Vec<u32> = snap
            .logical_drives
            .iter()
            .filter(|l| l.adapter == adapter && l.state == crate::model::LdState::Offline)
            .map(|l| l.target_id)
            .collect();
        Ok(PinnedCache {
            unattributed: offline.len() != 1,
            targets: offline,
        })
    }

    fn supports(&self, op: &Op) -> bool {
        omconfig::args(op).is_some()
    }

    fn per_vd_cache_discard(&self) -> bool {
        false
    }

    fn command_line(&self, op: &Op) -> String {
        match omconfig::args(op) {
            Some(args) => format!("{} {}", self.omconfig.display(), args.join(" ")),
            None => "(not available through omconfig)".to_owned(),
        }
    }

    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        let line = self.command_line(op);
        let Some(args) = omconfig::args(op) else {
            return Err(BackendError::Failed { argv: line, status: 0xff, message: "this operation is not available through omconfig; use the storcli or MegaCli backend".into(), doc: Box::default() });
        };
        let out = self.calls.run(&self.omconfig, &args)?;
        let text = out.stdout.trim().to_owned();
        if out.status.unwrap_or(0) != 0 || !text.contains("Command successful") {
            return Err(BackendError::failed(
                line,
                out.status.unwrap_or(1),
                text,
                Document::default(),
            ));
        }
        Ok(Document::new("action"))
    }

    fn catalogue(&self) -> Option<&dyn Catalogue> {
        Some(self)
    }
}

impl Omreport {
    fn entry(&self, id: &str, adapter: Option<u32>, args: &[&str]) -> Entry {
        Entry::new(id, adapter, &self.omreport, args)
    }
}

/// OpenManage's bundle catalogue: the storage tree as `-fmt ssv` (what the snapshot parses),
/// the alert and ESM logs, the chassis view. OMSA has no controller diagnostic dump of its
/// own (Dell's TSR comes from the iDRAC), so the deep level adds only the slot report.
impl Catalogue for Omreport {
    fn dir(&self) -> String {
        "omreport".to_owned()
    }

    fn programs(&self) -> Vec<PathBuf> {
        vec![self.omreport.clone(), self.omconfig.clone()]
    }

    fn preamble(&self) -> Vec<Entry> {
        vec![
            self.entry("all/about", None, &["about"]),
            // The controller list is also the first snapshot input.
            self.entry(
                "all/controllers",
                None,
                &["storage", "controller", "-fmt", "ssv"],
            ),
        ]
    }

    fn adapters(&self, preamble: &[(Entry, String)]) -> Vec<u32> {
        let ids: Vec<u32> = preamble
            .iter()
            .filter(|(e, _)| e.id == "all/controllers")
            .filter_map(|(_, t)| crate::parse::omreport::parse_ssv(t).ok())
            .flat_map(|d| d.adapters.into_iter().map(|a| a.adapter))
            .collect();
        if ids.is_empty() { vec![0] } else { ids }
    }

    fn history(&self, _adapters: &[u32]) -> Vec<Entry> {
        vec![
            self.entry("all/alertlog", None, &["system", "alertlog"])
                .triage(),
            self.entry("all/esmlog", None, &["system", "esmlog"])
                .triage(),
        ]
    }

    /// The calls [`Operations::snapshot`] makes after the controller list.
    fn snapshot_inputs(&self, adapters: &[u32]) -> Vec<Entry> {
        let mut v = vec![
            self.entry("all/vdisks", None, &["storage", "vdisk", "-fmt", "ssv"]),
            self.entry(
                "all/batteries",
                None,
                &["storage", "battery", "-fmt", "ssv"],
            ),
        ];
        v.extend(per_adapter(adapters, |a| {
            let c = format!("controller={a}");
            vec![self.entry(
                &format!("c{a}/pdisks"),
                Some(a),
                &["storage", "pdisk", &c, "-fmt", "ssv"],
            )]
        }));
        v
    }

    fn inventory(&self, adapters: &[u32], level: Level) -> Vec<Entry> {
        let mut v = per_adapter(adapters, |a| {
            let c = format!("controller={a}");
            let c = c.as_str();
            let ad = Some(a);
            let e = |id: &str, args: &[&str]| self.entry(&format!("c{a}/{id}"), ad, args);
            // Firmware and driver versions, with their minimum required versions.
            let mut v = vec![e("controller", &["storage", "controller", c])];
            if level != Level::Quick {
                v.push(e("connectors", &["storage", "connector", c, "-fmt", "ssv"]));
            }
            if level == Level::Deep {
                v.push(e(
                    "pdslotreport",
                    &["storage", "controller", c, "info=pdslotreport"],
                ));
            }
            v
        });
        if level != Level::Quick {
            v.extend([
                self.entry(
                    "all/enclosures",
                    None,
                    &["storage", "enclosure", "-fmt", "ssv"],
                ),
                self.entry("all/chassis", None, &["chassis"]),
                self.entry("all/system-version", None, &["system", "version"]),
            ]);
        }
        v
    }

    fn versions(&self, preamble: &[(Entry, String)]) -> BTreeMap<String, String> {
        preamble
            .iter()
            .filter(|(e, _)| e.id == "all/about")
            .flat_map(|(_, t)| t.lines())
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == "Version").then(|| v.trim().to_owned())
            })
            .map(|v| BTreeMap::from([("omreport".to_owned(), v)]))
            .unwrap_or_default()
    }

    /// The drives of each VD (`storage pdisk controller=C vdisk=V`), asked for once the VDs
    /// are known: `cC/vdiskV-pdisks`, scoped to controller C. When two controllers share a
    /// title, the VDs and batteries of each (`storage vdisk|battery controller=C`):
    /// `cC/vdisks`, `cC/batteries`.
    fn conditional(&self, args: &[String]) -> Option<Entry> {
        let value = |key: &str| {
            args.iter()
                .find_map(|a| a.strip_prefix(key)?.parse::<u32>().ok())
        };
        let c = value("controller=")?;
        let id = match (value("vdisk="), args.get(1).map(String::as_str)) {
            (Some(v), Some("pdisk")) => format!("c{c}/vdisk{v}-pdisks"),
            (None, Some("vdisk")) => format!("c{c}/vdisks"),
            (None, Some("battery")) => format!("c{c}/batteries"),
            _ => return None,
        };
        let mut e = self.entry(&id, Some(c), &[]);
        e.args = args.to_vec();
        Some(e)
    }

    fn verdict(&self, _entry: &Entry, stdout: &str, _exit: Option<i32>) -> Option<ToolVerdict> {
        // omreport prints no status line on success, and "Error! ..." on failure.
        let first = stdout.lines().find(|l| !l.trim().is_empty())?;
        first.starts_with("Error").then(|| ToolVerdict {
            raw: first.trim().to_owned(),
            meaning: "omreport reported an error".to_owned(),
        })
    }
}

#[cfg(test)]
mod tests;
