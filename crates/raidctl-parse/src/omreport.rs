//! Dell OpenManage `omreport storage controller|vdisk|pdisk|battery|enclosure`, both in
//! `-fmt ssv` (semicolon-separated rows under an `ID;Status;…` header) and in the default
//! `Key : Value` text (one record per `ID :` block).
//!
//! Controllers are named, not numbered, in the pdisk/vdisk/battery/enclosure reports
//! (`Controller PERC H730P Mini (Embedded)`), so adapters are numbered in the order their
//! names first appear. Sizes carry thousands separators (`3,631.87 GiB (3899688747008
//! bytes)`); the exact byte count in parentheses wins. Drive ids are
//! `connector:enclosure:slot` (`0:1:4`) or `connector:slot` without an enclosure.

use super::storcli::is_absent;
use super::{Kind, ParseError, first_content_line};
use crate::fields::{insert_extra, leading_u64, parse_bool};
use raidctl_model::{
    Adapter, BatteryState, Bbu, ChargingStatus, Document, Enclosure, FirmwareState, LdState,
    LogicalDrive, MediaType, PdType, PhysicalDrive, Progress, ProgressKind, RaidLevel, Warning,
    parse_size, squash_text,
};

/// Which report a record belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Report {
    Controller,
    Vdisk,
    Pdisk,
    Battery,
    Enclosure,
    Connector,
}

/// One record: the fields of an ssv row or a `Key : Value` block, in order.
#[derive(Debug, Default, Clone)]
struct Rec {
    line: usize,
    adapter: u32,
    /// The title of the controller the record is listed under (see [`Controllers::title`]).
    title: Option<String>,
    fields: Vec<(String, String)>,
}

impl Rec {
    fn take(&mut self, names: &[&str]) -> Option<String> {
        for n in names {
            if let Some(i) = self.fields.iter().position(|(k, _)| squash_text(k) == *n) {
                let (_, v) = self.fields.remove(i);
                return Some(v);
            }
        }
        None
    }

    fn text(&mut self, names: &[&str]) -> Option<String> {
        self.take(names).filter(|v| !is_absent(v))
    }

    fn keys_squashed(&self) -> Vec<String> {
        self.fields.iter().map(|(k, _)| squash_text(k)).collect()
    }

    fn into_extra(self, extra: &mut raidctl_model::Extra) {
        for (k, v) in self.fields {
            insert_extra(extra, &k, &v);
        }
    }
}

/// Numbers controllers in the order their names appear.
#[derive(Debug, Default)]
struct Controllers {
    names: Vec<String>,
    current: u32,
    /// The last title read, spaces squeezed (`PERC H730P Mini(Embedded)`).
    current_name: Option<String>,
}

impl Controllers {
    /// Reads `Controller NAME`, `List of … on Controller NAME`, `Enclosure(s) on Controller
    /// NAME`; returns true when the line was such a title.
    fn title(&mut self, t: &str) -> bool {
        let name = if let Some(at) = t.find("on Controller ") {
            &t[at + "on Controller ".len()..]
        } else if let Some(r) = t.strip_prefix("Controller ") {
            r
        } else {
            return false;
        };
        let name: String = name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" (", "(");
        if name.is_empty() || name.contains(';') || name.contains(" : ") {
            return false;
        }
        self.current_name = Some(name.clone());
        let ix = match self.names.iter().position(|n| *n == name) {
            Some(i) => i,
            None => {
                self.names.push(name);
                self.names.len() - 1
            }
        };
        self.current = u32::try_from(ix).unwrap_or(u32::MAX);
        true
    }
}

/// Parses `omreport storage … -fmt ssv`, numbering controllers in the order their titles
/// appear (see [`parse_ssv_on`] for the numbering by the controllers' own ids).
///
/// # Errors
/// A [`ParseError`] when no `ID;…` header with data rows is found.
pub fn parse_ssv(input: &str) -> Result<Document, ParseError> {
    let (recs, warnings) = ssv_records(input)?;
    Ok(build(recs, warnings, Kind::OmreportSsv))
}

/// Each controller of `omreport storage controller -fmt ssv`: its title as the other reports
/// name it (`Controller PERC H730P Mini (Embedded)`, kept as `PERC H730P Mini(Embedded)`) and
/// its `ID`, the number `controller=N` takes. Empty when the text is not such a report.
pub fn controller_titles(input: &str) -> Vec<(String, u32)> {
    let Ok((recs, _)) = ssv_records(input) else {
        return Vec::new();
    };
    recs.into_iter()
        .filter(|r| classify(r) == Some(Report::Controller))
        .filter_map(|r| {
            let id = r
                .fields
                .iter()
                .find(|(k, _)| squash_text(k) == "id")
                .and_then(|(_, v)| leading_u64(v))
                .and_then(|n| u32::try_from(n).ok())?;
            Some((r.title?, id))
        })
        .collect()
}

/// [`parse_ssv`] for a report over every controller (`storage vdisk`, `storage battery`), each
/// record's adapter being the `ID` of the controller whose title heads it, from `titles`
/// ([`controller_titles`]), not the count of titles seen so far: a controller with no VD or
/// no battery is listed without a title, or not at all, so counting would give the next
/// controller's VDs to it, and `pdisk controller=N vdisk=M` would then read another
/// controller's drives.
///
/// `Ok(None)` when a record's controller cannot be told for sure: its title is unknown or
/// shared by two controllers, or it has none and there is more than one controller. The
/// caller then asks per controller (`controller=N`).
///
/// # Errors
/// A [`ParseError`] when no `ID;…` header with data rows is found.
pub fn parse_ssv_on(input: &str, titles: &[(String, u32)]) -> Result<Option<Document>, ParseError> {
    let (mut recs, warnings) = ssv_records(input)?;
    for r in &mut recs {
        let ids: Vec<u32> = titles
            .iter()
            .filter(|(name, _)| r.title.as_ref().is_none_or(|t| t == name))
            .map(|(_, id)| *id)
            .collect();
        let [id] = ids.as_slice() else {
            return Ok(None);
        };
        r.adapter = *id;
    }
    Ok(Some(build(recs, warnings, Kind::OmreportSsv)))
}

/// The records of `-fmt ssv` output, each with its controller.
fn ssv_records(input: &str) -> Result<(Vec<Rec>, raidctl_model::Warnings), ParseError> {
    let mut ctl = Controllers::default();
    let mut header: Option<Vec<String>> = None;
    let mut recs = Vec::new();
    let mut warnings = raidctl_model::Warnings::new();
    for line in crate::lex::lines(input) {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        if t.contains(';') {
            let cells: Vec<String> = t.split(';').map(|c| c.trim().to_owned()).collect();
            if cells.first().is_some_and(|c| c == "ID") {
                header = Some(cells);
                continue;
            }
            let Some(h) = &header else {
                warnings.push(warning(
                    line.no,
                    "data row before any `ID;…` header ignored",
                ));
                continue;
            };
            if cells.len() != h.len() {
                warnings.push(warning(
                    line.no,
                    format!("row has {} fields, header {}", cells.len(), h.len()),
                ));
            }
            recs.push(Rec {
                line: line.no,
                adapter: ctl.current,
                title: ctl.current_name.clone(),
                fields: h.iter().cloned().zip(cells).collect(),
            });
            continue;
        }
        if ctl.title(t) {
            header = None;
        }
    }
    if recs.is_empty() && header.is_none() {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no omreport `ID;Status;…` table found".to_owned(),
        });
    }
    Ok((recs, warnings))
}

/// Parses the default `omreport storage …` text (`Key : Value` blocks).
///
/// # Errors
/// A [`ParseError`] when no `ID : …` record is found.
pub fn parse_text(input: &str) -> Result<Document, ParseError> {
    let mut ctl = Controllers::default();
    let mut recs: Vec<Rec> = Vec::new();
    let mut cur: Option<Rec> = None;
    let mut warnings = raidctl_model::Warnings::new();
    for line in crate::lex::lines(input) {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        let cut = t.split_once(" : ").is_some_and(|(k, _)| k.trim() != "ID");
        if recs.is_empty() && cur.is_none() && cut {
            // An excerpt that starts inside a record: its first keys (and the report title)
            // were cut; the fields read from here on form a record.
            warnings.push(warning(
                line.no,
                "the excerpt starts inside a record: the report title and the record's first \
                 keys were cut",
            ));
            cur = Some(Rec {
                line: line.no,
                adapter: ctl.current,
                title: ctl.current_name.clone(),
                fields: Vec::new(),
            });
        }
        let kv = t
            .split_once(" : ")
            .or_else(|| t.strip_suffix(" :").map(|k| (k, "")))
            .or_else(|| crate::lex::split_kv(t));
        match kv {
            Some((k, v)) if !k.trim().is_empty() => {
                let k = k.trim();
                if k == "ID" {
                    if let Some(r) = cur.take() {
                        recs.push(r);
                    }
                    cur = Some(Rec {
                        line: line.no,
                        adapter: ctl.current,
                        title: ctl.current_name.clone(),
                        fields: Vec::new(),
                    });
                }
                if let Some(r) = &mut cur {
                    r.fields.push((k.to_owned(), v.trim().to_owned()));
                }
            }
            _ => {
                if ctl.title(t) {
                    if let Some(r) = cur.take() {
                        recs.push(r);
                    }
                }
            }
        }
    }
    if let Some(r) = cur {
        recs.push(r);
    }
    if recs.is_empty() {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no omreport `ID : …` record found".to_owned(),
        });
    }
    if ctl.names.is_empty() && warnings.is_empty() {
        warnings.push(warning(
            first_content_line(input),
            "no report title or `Controller NAME` line: the excerpt's head was cut; records \
             attributed to controller 0",
        ));
    }
    Ok(build(recs, warnings, Kind::OmreportText))
}

/// True when the text is omreport `-fmt ssv` output.
pub fn looks_like_ssv(head: &str) -> bool {
    head.lines()
        .take(60)
        .any(|l| l.trim_start().starts_with("ID;Status;"))
}

/// True when the text is omreport's default `Key : Value` output.
pub fn looks_like_text(head: &str) -> bool {
    let mut id = false;
    let mut status = false;
    let mut name = false;
    for l in head.lines().take(80) {
        let Some((k, _)) = l.split_once(" : ") else {
            continue;
        };
        match k.trim() {
            "ID" => id = true,
            "Status" => status = true,
            "Name" => name = true,
            _ => {}
        }
    }
    id && status && name
}

fn warning(line: usize, message: impl Into<String>) -> Warning {
    Warning {
        file: None,
        line,
        message: message.into(),
    }
}

fn classify(r: &Rec) -> Option<Report> {
    let keys = r.keys_squashed();
    let has = |k: &str| keys.iter().any(|x| x == k);
    if has("layout") {
        Some(Report::Vdisk)
    } else if has("busprotocol") && (has("capacity") || has("failurepredicted")) {
        Some(Report::Pdisk)
    } else if has("learnstate") || has("rechargecount") {
        Some(Report::Battery)
    } else if has("backplanepartnumber") || has("enclosurepartnumber") || has("enclosurealarm") {
        Some(Report::Enclosure)
    } else if has("connectortype") {
        Some(Report::Connector)
    } else if has("firmwareversion")
        && (has("rebuildrate") || has("cachememorysize") || has("numberofconnectors"))
    {
        Some(Report::Controller)
    } else {
        None
    }
}

fn build(recs: Vec<Rec>, mut warnings: raidctl_model::Warnings, kind: Kind) -> Document {
    let mut doc = Document::new(kind.name());
    for r in recs {
        match classify(&r) {
            Some(Report::Pdisk) => pdisk(r, &mut doc, &mut warnings),
            Some(Report::Vdisk) => vdisk(r, &mut doc, &mut warnings),
            Some(Report::Battery) => battery(r, &mut doc),
            Some(Report::Enclosure) => enclosure(r, &mut doc),
            Some(Report::Controller) => controller(r, &mut doc),
            Some(Report::Connector) => connector(r, &mut doc),
            None => warnings.push(warning(
                r.line,
                "record of an unknown omreport report ignored",
            )),
        }
    }
    warnings.sort_by_key(|w| w.line);
    doc.warnings = warnings;
    doc
}

/// `omreport storage connector`: the model has no connector type, so its fields are kept as
/// properties named after the connector (`Connector 0 State`).
fn connector(mut r: Rec, doc: &mut Document) {
    let name = r
        .take(&["name"])
        .or_else(|| r.take(&["id"]).map(|i| format!("Connector {i}")))
        .unwrap_or_else(|| "Connector".to_owned());
    for (k, v) in r.fields {
        if squash_text(&k) == "id" {
            continue;
        }
        doc.properties.push(raidctl_model::Property {
            adapter: Some(r.adapter),
            key: format!("{name} {k}"),
            value: v,
        });
    }
}

/// `446.63 GB (479559942144 bytes)` → exact bytes; else the printed size.
fn bytes(v: &str) -> Option<u64> {
    if let Some(open) = v.find('(') {
        let inner = &v[open + 1..];
        if inner.contains("bytes") {
            let digits: String = inner
                .chars()
                .filter(|c| !matches!(c, ',' | ' '))
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = digits.parse() {
                return Some(n);
            }
        }
        return parse_size(v[..open].trim()).ok();
    }
    parse_size(v.trim()).ok()
}

fn progress_pct(v: &str) -> Option<u8> {
    let at = v.find('%')?;
    let head = v[..at].trim();
    let start = head
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    head.get(start..)?.parse().ok()
}

fn pdisk(mut r: Rec, doc: &mut Document, w: &mut raidctl_model::Warnings) {
    let id = r.take(&["id"]).unwrap_or_default();
    let parts: Vec<&str> = id.split(':').map(str::trim).collect();
    let num = |s: Option<&&str>| s.and_then(|x| x.parse::<u16>().ok());
    let (enc, slot) = match parts.len() {
        0 | 1 => (None, num(parts.first())),
        2 => (None, num(parts.get(1))),
        n => (num(parts.get(n - 2)), num(parts.get(n - 1))),
    };
    let Some(slot) = slot else {
        w.push(warning(
            r.line,
            format!("physical disk id {id:?} not understood"),
        ));
        return;
    };
    let mut pd = PhysicalDrive {
        adapter: r.adapter,
        enclosure_id: enc,
        slot,
        ..PhysicalDrive::default()
    };
    pd.extra.insert("ID".to_owned(), id.clone());
    let state = r.take(&["state"]).unwrap_or_default();
    let hot = r.take(&["hotspare"]).unwrap_or_default();
    let hot_lower = hot.to_ascii_lowercase();
    pd.firmware_state = match squash_text(&state).as_str() {
        "ready" if hot_lower.contains("dedicated") || hot_lower.contains("global") => {
            FirmwareState::Hotspare
        }
        "foreign" => {
            pd.foreign = Some(true);
            FirmwareState::Unknown(state.clone())
        }
        _ => FirmwareState::from_text(&state),
    };
    pd.firmware_state_raw = Some(state.clone());
    if !is_absent(&hot) && !hot.eq_ignore_ascii_case("no") {
        pd.hotspare = Some(hot);
    }
    pd.pd_type = PdType::from_text(&r.take(&["busprotocol"]).unwrap_or_default());
    pd.media_type = MediaType::from_text(&r.take(&["media"]).unwrap_or_default());
    pd.smart_alert = r.take(&["failurepredicted"]).and_then(|v| parse_bool(&v));
    pd.firmware = r.text(&["revision"]);
    pd.vendor = r.text(&["vendorid"]);
    pd.model = r.text(&["productid"]);
    pd.serial = r.text(&["serialno", "serialnumber"]);
    pd.raw_size_bytes = r.text(&["capacity"]).and_then(|v| bytes(&v));
    pd.link_speed = r.text(&["negotiatedspeed"]);
    pd.device_speed = r.text(&["capablespeed"]);
    pd.logical_sector_size = r
        .text(&["sectorsize"])
        .and_then(|v| parse_size(&v).ok())
        .and_then(|n| u32::try_from(n).ok());
    pd.wwn = r.text(&["wwn"]);
    if let Some(a) = r.text(&["sasaddress"]) {
        pd.sas_addresses.push(a);
    }
    if let Some(p) = r.text(&["progress"]) {
        if let Some(pct) = progress_pct(&p) {
            doc.progress.push(Progress {
                adapter: r.adapter,
                kind: if pd.firmware_state == FirmwareState::Copyback {
                    ProgressKind::Copyback
                } else {
                    ProgressKind::Rebuild
                },
                drive: Some(pd.address()),
                logical_drive: None,
                in_progress: true,
                percent: Some(pct),
                elapsed_minutes: None,
            });
        }
        insert_extra(&mut pd.extra, "Progress", &p);
    }
    r.into_extra(&mut pd.extra);
    doc.physical_drives.push(pd);
}

fn vdisk(mut r: Rec, doc: &mut Document, w: &mut raidctl_model::Warnings) {
    let id = r.take(&["id"]).unwrap_or_default();
    let Some(n) = leading_u64(&id).and_then(|n| u32::try_from(n).ok()) else {
        w.push(warning(
            r.line,
            format!("virtual disk id {id:?} not understood"),
        ));
        return;
    };
    let mut ld = LogicalDrive {
        adapter: r.adapter,
        number: n,
        target_id: n,
        ..LogicalDrive::default()
    };
    let status = r.take(&["status"]).unwrap_or_default();
    let state = r.take(&["state"]).unwrap_or_default();
    let sl = state.to_ascii_lowercase();
    let op = if sl.contains("background init") {
        Some(ProgressKind::BackgroundInit)
    } else if sl.contains("consistency") || sl.contains("resynch") {
        Some(ProgressKind::ConsistencyCheck)
    } else if sl.contains("reconstruct") {
        Some(ProgressKind::Reconstruction)
    } else if sl.contains("initializ") {
        Some(ProgressKind::Initialization)
    } else if sl.contains("rebuild") {
        Some(ProgressKind::Rebuild)
    } else {
        None
    };
    ld.state = match &op {
        Some(ProgressKind::Rebuild) => LdState::Degraded,
        Some(_) if status.eq_ignore_ascii_case("ok") => LdState::Optimal,
        Some(_) => LdState::Unknown(state.clone()),
        None => LdState::from_text(&state),
    };
    ld.state_raw = Some(state.clone());
    insert_extra(&mut ld.extra, "Status", &status);
    ld.name = r.text(&["name"]);
    if let Some(l) = r.text(&["layout"]) {
        ld.raid_level = RaidLevel::from_text(&l, false);
        ld.raid_level_raw = Some(l);
    }
    if let Some(s) = r.text(&["size"]) {
        ld.size_bytes = bytes(&s);
        ld.size_raw = Some(s);
    }
    ld.block_device = r.text(&["devicename"]);
    ld.strip_size_bytes = r
        .text(&["stripeelementsize", "stripelementsize"])
        .and_then(|v| parse_size(&v).ok());
    ld.disk_cache_policy = r.text(&["diskcachepolicy"]);
    let policies: Vec<String> = [["writepolicy"], ["readpolicy"], ["cachepolicy"]]
        .iter()
        .filter_map(|k| r.text(k))
        .collect();
    if !policies.is_empty() {
        ld.current_cache_policy = Some(policies.join(", "));
    }
    ld.normalise_cache();
    ld.bad_blocks_exist = r
        .take(&["virtualdiskbadblocks"])
        .and_then(|v| parse_bool(&v));
    if let Some(p) = r.text(&["progress"]) {
        if let (Some(pct), Some(kind)) = (progress_pct(&p), op) {
            ld.ongoing.push(format!("{state}: {p}"));
            doc.progress.push(Progress {
                adapter: r.adapter,
                kind,
                drive: None,
                logical_drive: Some(n),
                in_progress: true,
                percent: Some(pct),
                elapsed_minutes: None,
            });
        }
        insert_extra(&mut ld.extra, "Progress", &p);
    }
    r.into_extra(&mut ld.extra);
    doc.logical_drives.push(ld);
}

fn battery(mut r: Rec, doc: &mut Document) {
    let mut b = Bbu {
        adapter: r.adapter,
        ..Bbu::default()
    };
    r.take(&["id"]);
    b.battery_type = r.text(&["name"]);
    let state = r.take(&["state"]).unwrap_or_default();
    b.state = match squash_text(&state).as_str() {
        "ready" => BatteryState::Optimal,
        "charging" => {
            b.charging = ChargingStatus::Charging;
            BatteryState::Optimal
        }
        "learning" => BatteryState::Learning,
        _ => BatteryState::from_text(&state),
    };
    b.state_raw = Some(state);
    if let Some(ls) = r.text(&["learnstate"]) {
        b.learn_cycle_active = Some(ls.to_ascii_lowercase().contains("active"));
        b.learn_cycle_status = Some(ls);
    }
    r.into_extra(&mut b.extra);
    doc.bbus.push(b);
}

fn enclosure(mut r: Rec, doc: &mut Document) {
    let id = r.take(&["id"]).unwrap_or_default();
    let index = id
        .rsplit(':')
        .next()
        .and_then(|s| s.trim().parse::<u32>().ok())
        .unwrap_or(0);
    let mut e = Enclosure {
        adapter: r.adapter,
        index,
        device_id: Some(index),
        ..Enclosure::default()
    };
    e.extra.insert("ID".to_owned(), id);
    e.product = r.text(&["name"]);
    e.status = r.text(&["state"]);
    e.revision = r.text(&["firmwareversion"]);
    r.into_extra(&mut e.extra);
    doc.enclosures.push(e);
}

fn controller(mut r: Rec, doc: &mut Document) {
    let id = r.take(&["id"]).unwrap_or_default();
    let mut a = Adapter {
        adapter: leading_u64(&id)
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(r.adapter),
        ..Adapter::default()
    };
    a.product_name = r.text(&["name"]);
    a.status = r.text(&["status"]);
    a.fw_version = r.text(&["firmwareversion"]);
    a.driver_version = r.text(&["driverversion"]);
    a.rebuild_rate_pct = r
        .text(&["rebuildrate"])
        .and_then(|v| leading_u64(&v))
        .and_then(|n| u8::try_from(n).ok());
    a.alarm = r.text(&["alarmstate"]);
    // `Preserved Cache : Yes` (absent or `Not Applicable` when there is none).
    a.offline_vd_cache_preserved = r
        .text(&["preservedcache"])
        .map(|v| v.eq_ignore_ascii_case("yes"));
    a.memory_bytes = r
        .text(&["cachememorysize"])
        .and_then(|v| parse_size(&v).ok());
    r.into_extra(&mut a.extra);
    doc.adapters.push(a);
}

#[cfg(test)]
mod tests {
    use super::*;

    const PDISK: &str = "List of Physical Disks on Controller PERC H730 Mini (Slot Embedded)

Controller PERC H730 Mini (Slot Embedded)

ID;Status;Name;State;Bus Protocol;Media;Failure Predicted;Capacity;Hot Spare;Vendor ID;Product ID;Serial No.
0:1:0;Ok;Physical Disk 0:1:0;Ready;SATA;SSD;No;185.75 GB (199447543808 bytes);Dedicated;DELL(tm);INTEL SSD;BTHC1
0:1:1;Ok;Physical Disk 0:1:1;Online;SATA;SSD;Yes;3,631.87 GiB (3899688747008 bytes);No;DELL(tm);INTEL SSD;BTHC2
";

    #[test]
    fn ssv_pdisks() {
        assert!(looks_like_ssv(PDISK));
        let doc = parse_ssv(PDISK).unwrap();
        assert_eq!(doc.physical_drives.len(), 2);
        let d = &doc.physical_drives[0];
        assert_eq!((d.enclosure_id, d.slot), (Some(1), 0));
        assert_eq!(d.firmware_state, FirmwareState::Hotspare);
        assert_eq!(d.raw_size_bytes, Some(199_447_543_808));
        assert_eq!(doc.physical_drives[1].smart_alert, Some(true));
        assert_eq!(doc.physical_drives[1].adapter, 0);
    }

    #[test]
    fn text_vdisk_with_progress() {
        let t = "List of Virtual Disks in the System

Controller PERC H730P Mini (Embedded)
ID                                : 1
Status                            : Ok
Name                              : Virtual Disk1
State                             : Background Initialization
Progress                          : 98% complete
Layout                            : RAID-6
Size                              : 3,631.87 GiB (3899688747008 bytes)
Stripe Element Size               : 128 KB
";
        assert!(looks_like_text(t));
        let doc = parse_text(t).unwrap();
        assert_eq!(doc.logical_drives.len(), 1);
        let ld = &doc.logical_drives[0];
        assert_eq!(ld.state, LdState::Optimal);
        assert_eq!(ld.raid_level, RaidLevel::Raid6);
        assert_eq!(ld.size_bytes, Some(3_899_688_747_008));
        assert_eq!(ld.strip_size_bytes, Some(128 * 1024));
        assert_eq!(doc.progress.len(), 1);
        assert_eq!(doc.progress[0].percent, Some(98));
    }

    /// Two controllers, each with a VD 0 and a VD 1; the one listed first in the VD report is
    /// controller 1 (ids are not the order of the titles), and controller 0 has no battery.
    const TWO_CONTROLLERS: &str =
        include_str!("../../../fixtures/omreport/handmade-two-controllers.ssv");

    const TWO_VDISKS: &str = "List of Virtual Disks in the System

Controller PERC H840 Adapter  (Slot 1)

ID;Status;Name;State;Layout;Size
0;Ok;ext0;Ready;RAID-6;7,153.38 GiB (7680877920256 bytes)
1;Ok;ext1;Ready;RAID-1;446.63 GB (479559942144 bytes)

Controller PERC H740P Mini (Embedded)

ID;Status;Name;State;Layout;Size
0;Ok;os;Ready;RAID-1;446.63 GB (479559942144 bytes)
1;Critical;data;Degraded;RAID-5;49,170.00 GiB (52795885486080 bytes)
";

    #[test]
    fn vdisks_take_their_controller_id_from_the_title() {
        let titles = controller_titles(TWO_CONTROLLERS);
        assert_eq!(
            titles,
            [
                ("PERC H740P Mini(Embedded)".to_owned(), 0),
                ("PERC H840 Adapter(Slot 1)".to_owned(), 1)
            ]
        );
        let doc = parse_ssv_on(TWO_VDISKS, &titles).unwrap().unwrap();
        let vds: Vec<(u32, u32, Option<&str>)> = doc
            .logical_drives
            .iter()
            .map(|l| (l.adapter, l.target_id, l.name.as_deref()))
            .collect();
        assert_eq!(
            vds,
            [
                (1, 0, Some("ext0")),
                (1, 1, Some("ext1")),
                (0, 0, Some("os")),
                (0, 1, Some("data"))
            ]
        );
        // Counting titles would have given the H840's VDs to controller 0.
        assert_eq!(parse_ssv(TWO_VDISKS).unwrap().logical_drives[0].adapter, 0);
    }

    #[test]
    fn batteries_skip_a_controller_without_one() {
        let titles = controller_titles(TWO_CONTROLLERS);
        let t = "List of Batteries in the System

Controller PERC H840 Adapter  (Slot 1)

ID;Status;Name;State;Recharge Count;Max Recharge Count;Learn State
0;Ok;Battery ;Ready;Not Applicable;Not Applicable;Not Applicable
";
        let doc = parse_ssv_on(t, &titles).unwrap().unwrap();
        assert_eq!(doc.bbus.len(), 1);
        assert_eq!(doc.bbus[0].adapter, 1);
    }

    #[test]
    fn a_controller_that_cannot_be_told_is_none() {
        let titles = controller_titles(TWO_CONTROLLERS);
        // Two controllers under one title.
        let same = vec![
            ("PERC H730P(Embedded)".to_owned(), 0),
            ("PERC H730P(Embedded)".to_owned(), 1),
        ];
        let on_same = TWO_VDISKS.replace("PERC H840 Adapter  (Slot 1)", "PERC H730P (Embedded)");
        assert!(parse_ssv_on(&on_same, &same).unwrap().is_none());
        // A title no controller has.
        let unknown = TWO_VDISKS.replace("PERC H840 Adapter  (Slot 1)", "PERC H330 (Slot 2)");
        assert!(parse_ssv_on(&unknown, &titles).unwrap().is_none());
        // Rows under no title with two controllers; with one, they are its.
        let untitled = "List of Virtual Disks in the System

ID;Status;Name;State;Layout;Size
0;Ok;os;Ready;RAID-1;446.63 GB (479559942144 bytes)
";
        assert!(parse_ssv_on(untitled, &titles).unwrap().is_none());
        let one = [("BOSS-S1(Embedded)".to_owned(), 3)];
        let doc = parse_ssv_on(untitled, &one).unwrap().unwrap();
        assert_eq!(doc.logical_drives[0].adapter, 3);
    }

    /// The BOSS-S1 capture: an untitled, empty table (a controller with no VD) before the
    /// BOSS's own.
    #[test]
    fn an_untitled_empty_table_is_no_record() {
        let t = include_str!(
            "../../../fixtures/corpus/omreport/dellhw-exporter__storage-vdisk-boss-s1.ssv"
        );
        let titles = [
            ("PERC H730P Mini(Embedded)".to_owned(), 0),
            ("BOSS-S1(Embedded)".to_owned(), 1),
        ];
        let doc = parse_ssv_on(t, &titles).unwrap().unwrap();
        assert_eq!(doc.logical_drives.len(), 1);
        assert_eq!(doc.logical_drives[0].adapter, 1);
    }

    #[test]
    fn nothing_is_an_error() {
        assert!(parse_ssv("").is_err());
        assert!(parse_text("hello").is_err());
    }
}
