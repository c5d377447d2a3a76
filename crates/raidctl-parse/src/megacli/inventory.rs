//! `-PDList`, `-PDInfo`, `-LDInfo`, `-LdPdInfo` and `-CfgDsply`: one walker, because they all
//! print the same drive and VD records, nested differently.

use super::{Understood, adapter_header};
use crate::Kind;
use crate::fields::{Record, leading_u64};
use crate::lex::{self, Line};
mod records;

use raidctl_model::{DiskGroup, Document, PhysicalDrive, Span, SpanRow, Warning};
pub use records::split_inquiry;
use records::{ld_from_record, pd_from_record};

enum Open<'a> {
    None,
    Pd(Record<'a>),
    Ld(Record<'a>),
}

struct Walker<'a> {
    adapter: u32,
    open: Open<'a>,
    /// Target id of the VD whose drives `-LdPdInfo` is listing.
    current_ld: Option<u32>,
    /// (disk group index in `doc.disk_groups`, span index, row index) of a pending CfgDsply row.
    pending_row: Option<(usize, usize, usize)>,
    current_group: Option<usize>,
    adapter_fields: Record<'a>,
    kind: Kind,
    /// Lines understood so far.
    understood: Understood,
    /// A line other than a prompt or echoed command was seen.
    seen_content: bool,
}

/// Walks the lines and fills `doc`.
pub(crate) fn parse<'a>(
    lines: impl IntoIterator<Item = Line<'a>>,
    kind: Kind,
    doc: &mut Document,
) -> Understood {
    let mut w = Walker::new(kind);
    for line in lines {
        w.line(line, doc);
    }
    w.finish(doc);
    w.understood
}

/// The drives of a `-PDList` or `-PDInfo`, parsed one at a time so a caller can write each
/// one out and keep none. Everything else the walker finds (warnings; VD records, which
/// [`holds_vd_record`] rules out beforehand) collects in `scratch`.
pub struct DriveStream<'a, I: Iterator<Item = Line<'a>>> {
    lines: I,
    walker: Walker<'a>,
    /// Drives finished but not yet returned (at most one) and the warnings so far.
    scratch: Document,
    done: bool,
}

impl<'a, I: Iterator<Item = Line<'a>>> DriveStream<'a, I> {
    /// A stream over `lines` of a `kind` output.
    pub(crate) fn new(lines: I, kind: Kind) -> Self {
        Self {
            lines,
            walker: Walker::new(kind),
            scratch: Document::default(),
            done: false,
        }
    }

    /// A stream over `lines` that start at a drive record after the first of the list (a
    /// piece of it, see [`crate::DriveList::pieces`]), under adapter `adapter`.
    pub(crate) fn continuing(lines: I, kind: Kind, adapter: u32) -> Self {
        let mut s = Self::new(lines, kind);
        s.walker.adapter = adapter;
        s.walker.seen_content = true;
        s
    }

    /// The adapter the lines read so far leave in effect.
    pub(crate) fn adapter(&self) -> u32 {
        self.walker.adapter
    }

    /// Warnings of the lines read so far, in line order, as [`parse`] sorts them.
    pub fn warnings(&self) -> raidctl_model::Warnings {
        let mut w = self.scratch.warnings.clone();
        w.sort_by_line();
        w
    }
}

/// True when `line` starts a drive record whatever came before it (`Enclosure Device ID`),
/// as the walker of a drive list reads it: where the list can be cut into pieces.
pub(crate) fn starts_drive_record(line: Line<'_>) -> bool {
    let t = lex::trim(line.text);
    !t.is_empty()
        && !t.starts_with("====")
        && lex::exit_code(t).is_none()
        && adapter_header(t).is_none()
        && !(t.starts_with("PD:") && t.ends_with("Information"))
        && lex::split_kv(t).is_some_and(|(k, _)| lex::KeyName::new(k).is("enclosuredeviceid"))
}

/// How far back [`starts_drive_record_at`] looks for the line that opened the record in force.
const SLOT_LOOKBACK: usize = 4096;

/// [`starts_drive_record`], or a `Slot Number` line (spelt exactly so) that the walker reads
/// as the start of a new record whatever came before: the last line before it that opens or
/// closes a record (within [`SLOT_LOOKBACK`] bytes) is another `Slot Number` (whose record
/// then has one), an `Adapter #N` or a `PD: N Information` line (no record open). `line`
/// starts at byte `start` of `text`.
pub(crate) fn starts_drive_record_at(text: &str, start: usize, line: Line<'_>) -> bool {
    if starts_drive_record(line) {
        return true;
    }
    let is_slot = |t: &str| lex::split_kv(t).is_some_and(|(k, _)| k.trim() == "Slot Number");
    if !is_slot(lex::trim(line.text)) {
        return false;
    }
    let bytes = text.as_bytes();
    let floor = start.saturating_sub(SLOT_LOOKBACK);
    let mut end = start;
    while end > floor {
        // The line before `end` (which follows a newline).
        let Some(prev_end) = end.checked_sub(1) else {
            return false;
        };
        let line_start =
            memchr::memrchr(b'\n', bytes.get(..prev_end).unwrap_or_default()).map_or(0, |p| p + 1);
        if line_start < floor {
            return false;
        }
        let raw = text.get(line_start..prev_end).unwrap_or_default();
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let t = lex::trim(raw.rsplit('\r').next().unwrap_or(raw));
        end = line_start;
        if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
            continue;
        }
        if adapter_header(t).is_some() || (t.starts_with("PD:") && t.ends_with("Information")) {
            return true;
        }
        let Some((k, _)) = lex::split_kv(t) else {
            continue;
        };
        let name = lex::KeyName::new(k);
        if name.is("slotnumber") {
            return true;
        }
        if name.is("enclosuredeviceid") || name.is("virtualdrive") || name.is("virtualdisk") {
            return false;
        }
        if line_start == 0 {
            return false;
        }
    }
    false
}

/// The adapter an `Adapter #N` line (however spelt) switches a drive list to.
pub(crate) fn adapter_line(line: Line<'_>) -> Option<u32> {
    adapter_header(lex::trim(line.text))
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for DriveStream<'a, I> {
    type Item = PhysicalDrive;

    fn next(&mut self) -> Option<PhysicalDrive> {
        loop {
            if !self.scratch.physical_drives.is_empty() {
                return Some(self.scratch.physical_drives.remove(0));
            }
            if self.done {
                return None;
            }
            match self.lines.next() {
                Some(line) => self.walker.line(line, &mut self.scratch),
                None => {
                    self.walker.finish(&mut self.scratch);
                    self.done = true;
                }
            }
        }
    }
}

/// True when some line's key is `Virtual Drive` or `Virtual Disk` (however spelt): the
/// start of a VD record, which a drive list does not stream (its VDs come before its drives
/// in the document). Only lines with a `v` are looked at, so this is a fast byte scan.
pub(crate) fn holds_vd_record(input: &str) -> bool {
    let bytes = input.as_bytes();
    let mut from = 0;
    while let Some(at) = bytes
        .get(from..)
        .and_then(|rest| memchr::memchr2(b'v', b'V', rest))
    {
        let hit = from + at;
        from = hit + 1;
        // Only a `v` that is the first letter or digit of its (visible) line can start the
        // key `Virtual ...`: `Device`, `Drive` are passed over at the byte before them.
        let before = bytes.get(..hit).unwrap_or_default();
        let start = match before
            .iter()
            .rposition(|&b| b.is_ascii_alphanumeric() || b == b'\n' || b == b'\r')
        {
            Some(p) if bytes.get(p).is_some_and(u8::is_ascii_alphanumeric) => continue,
            Some(p) => p + 1,
            None => 0,
        };
        let end = memchr::memchr(b'\n', bytes.get(hit..).unwrap_or_default())
            .map_or(bytes.len(), |p| hit + p);
        // `\n`, `\r` and ASCII letters are ASCII, so these are character boundaries.
        if let Some(line) = input.get(start..end) {
            let raw = line.strip_suffix('\r').unwrap_or(line);
            let visible = raw.rsplit('\r').next().unwrap_or(raw);
            if let Some((key, _)) = lex::split_kv(lex::trim(visible)) {
                let name = lex::KeyName::new(key);
                if name.is("virtualdrive") || name.is("virtualdisk") {
                    return true;
                }
            }
        }
    }
    false
}

impl<'a> Walker<'a> {
    fn new(kind: Kind) -> Self {
        Walker {
            adapter: 0,
            open: Open::None,
            current_ld: None,
            pending_row: None,
            current_group: None,
            adapter_fields: Record::new(0),
            kind,
            understood: 0,
            seen_content: false,
        }
    }

    /// Reads one line into `doc`.
    fn line(&mut self, line: Line<'a>, doc: &mut Document) {
        let t = lex::trim(line.text);
        if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
            return;
        }
        if !self.seen_content && lex::is_prompt_or_command(t) {
            return;
        }
        self.seen_content = true;
        if let Some(a) = adapter_header(t) {
            self.close(doc);
            self.flush_adapter(doc);
            self.adapter = a;
            self.current_ld = None;
            self.current_group = None;
            self.understood += 1;
            return;
        }
        if t.starts_with("Adapter") && t.contains("No Virtual Drive Configured") {
            self.understood += 1;
            return;
        }
        if t.starts_with("PD:") && t.ends_with("Information") {
            self.close(doc);
            self.understood += 1;
            return;
        }
        let Some((key, value)) = lex::split_kv(t) else {
            if !t.starts_with("FW error description") {
                doc.warnings.push(Warning {
                    file: None,
                    line: line.no,
                    message: format!("unrecognised line: {t:?}"),
                });
            }
            return;
        };
        self.understood += 1;
        self.field(key, value, &line, doc);
    }

    /// Closes what is open at the end of the input.
    fn finish(&mut self, doc: &mut Document) {
        self.close(doc);
        self.flush_adapter(doc);
        if self.kind == Kind::CfgDsply {
            fill_members_from_groups(doc);
        }
    }

    fn field(&mut self, key: &'a str, value: &'a str, line: &Line<'a>, doc: &mut Document) {
        let starts_digit = value.starts_with(|c: char| c.is_ascii_digit());
        let name = lex::KeyName::new(key);
        if name.is("enclosuredeviceid") {
            self.close(doc);
            let mut r = Record::for_drive(line.no);
            r.push_named(name, key, value, line.text, line.no);
            self.open = Open::Pd(r);
            return;
        }
        if name.is("slotnumber") {
            let needs_new = match &self.open {
                Open::Pd(r) => r.has("slotnumber"),
                _ => true,
            };
            if needs_new {
                self.close(doc);
                self.open = Open::Pd(Record::for_drive(line.no));
            }
        }
        if (name.is("virtualdrive") || name.is("virtualdisk")) && starts_digit {
            self.close(doc);
            let mut r = Record::new(line.no);
            r.push_named(name, key, value, line.text, line.no);
            self.open = Open::Ld(r);
            return;
        }
        if self.kind == Kind::CfgDsply && self.config_line(key, value, doc) {
            return;
        }
        if matches!(self.open, Open::None) && matches!(self.kind, Kind::LdPdInfo | Kind::CfgDsply) {
            self.adapter_fields.push(key, value, line.text, line.no);
            return;
        }
        match &mut self.open {
            Open::Pd(r) | Open::Ld(r) => r.push_named(name, key, value, line.text, line.no),
            Open::None => {
                if !value.is_empty() {
                    doc.warnings.push(Warning {
                        file: None,
                        line: line.no,
                        message: format!("field outside any drive or VD record: {key:?}"),
                    });
                }
            }
        }
    }

    /// CfgDsply structure lines. Returns true when the line was one.
    fn config_line(&mut self, key: &str, value: &str, doc: &mut Document) -> bool {
        let num = || leading_u64(value).and_then(|v| u32::try_from(v).ok());
        if (lex::key_is(key, "diskgroup") || lex::key_is(key, "diskgroups")) && num().is_some() {
            self.close(doc);
            doc.disk_groups.push(DiskGroup {
                adapter: self.adapter,
                index: num().unwrap_or(0),
                ..DiskGroup::default()
            });
            self.current_group = Some(doc.disk_groups.len() - 1);
            return true;
        }
        let Some(g) = self.current_group else {
            return false;
        };
        if lex::key_is(key, "span") && num().is_some() && !value.contains('-') {
            self.close(doc);
            if let Some(group) = doc.disk_groups.get_mut(g) {
                group.spans.push(Span {
                    index: num().unwrap_or(0),
                    ..Span::default()
                });
            }
            return true;
        }
        if lex::key_is(key, "spanreference") {
            if let Some(span) = doc
                .disk_groups
                .get_mut(g)
                .and_then(|gr| gr.spans.last_mut())
            {
                span.array_ref = leading_u64(value).and_then(|v| u32::try_from(v).ok());
            }
            return true;
        }
        if lex::key_is(key, "numberofdedicatedhotspares") {
            if let Some(group) = doc.disk_groups.get_mut(g) {
                group.dedicated_hotspares = num();
            }
            return true;
        }
        if lex::key_is(key, "physicaldisk") && num().is_some() {
            self.close(doc);
            if let Some(group) = doc.disk_groups.get_mut(g) {
                if group.spans.is_empty() {
                    group.spans.push(Span::default());
                }
                let si = group.spans.len() - 1;
                if let Some(span) = group.spans.last_mut() {
                    span.rows.push(SpanRow {
                        row: num().unwrap_or(0),
                        drive: None,
                        firmware_state: None,
                    });
                    self.pending_row = Some((g, si, span.rows.len() - 1));
                }
            }
            return true;
        }
        if lex::key_is(key, "numberofspans")
            || lex::key_is(key, "numberofpds")
            || lex::key_is(key, "numberofvds")
            || lex::key_is(key, "numberofdiskgroups")
            || lex::key_is(key, "virtualdriveinformation")
            || lex::key_is(key, "virtualdiskinformation")
            || lex::key_is(key, "physicaldiskinformation")
        {
            // Structure counts that the nested records make explicit.
            if matches!(self.open, Open::None) || lex::key_is(key, "physicaldiskinformation") {
                self.close(doc);
                return true;
            }
        }
        false
    }

    fn close(&mut self, doc: &mut Document) {
        match std::mem::replace(&mut self.open, Open::None) {
            Open::None => {}
            Open::Pd(r) => {
                if let Some(mut pd) = pd_from_record(r, self.adapter, &mut doc.warnings) {
                    if self.kind == Kind::LdPdInfo {
                        pd.logical_drive = self.current_ld;
                    }
                    if let Some((g, s, row)) = self.pending_row.take() {
                        if let Some(slot) = doc
                            .disk_groups
                            .get_mut(g)
                            .and_then(|gr| gr.spans.get_mut(s))
                            .and_then(|sp| sp.rows.get_mut(row))
                        {
                            slot.drive = Some(pd.address());
                            slot.firmware_state = Some(pd.firmware_state.clone());
                        }
                    }
                    doc.physical_drives.push(pd);
                }
            }
            Open::Ld(r) => {
                let (ld, progress) = ld_from_record(r, self.adapter, &mut doc.warnings);
                if let Some(mut ld) = ld {
                    self.current_ld = Some(ld.target_id);
                    if let Some(g) = self.current_group.and_then(|g| doc.disk_groups.get_mut(g)) {
                        // -CfgDsply repeats a spanned VD's block under every span.
                        if g.logical_drives.contains(&ld.target_id) {
                            return;
                        }
                        g.logical_drives.push(ld.target_id);
                        ld.disk_group = Some(g.index);
                    }
                    doc.logical_drives.push(ld);
                }
                doc.progress.extend(progress);
            }
        }
    }

    /// Adapter-level fields of `-CfgDsply` (`Product Name`, `Memory`, `BBU`, `Serial No`).
    fn flush_adapter(&mut self, doc: &mut Document) {
        let mut r = std::mem::replace(&mut self.adapter_fields, Record::new(0));
        if r.is_empty() || self.kind != Kind::CfgDsply {
            return;
        }
        let w = &mut doc.warnings;
        let mut a = raidctl_model::Adapter {
            adapter: self.adapter,
            ..Default::default()
        };
        a.product_name = r.text("productname");
        a.serial = r.text("serialno");
        a.memory_bytes = r.size("memory", w);
        a.bbu_present = r.text("bbu").map(|v| v.eq_ignore_ascii_case("present"));
        r.into_extra(&mut a.extra);
        doc.adapters.push(a);
    }
}

/// After `-CfgDsply`, every VD's members are the rows of its disk group.
fn fill_members_from_groups(doc: &mut Document) {
    for ld in &mut doc.logical_drives {
        let Some(g) = doc
            .disk_groups
            .iter()
            .find(|g| g.adapter == ld.adapter && Some(g.index) == ld.disk_group)
        else {
            continue;
        };
        if ld.members.is_empty() {
            ld.members = g
                .spans
                .iter()
                .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                .collect();
        }
    }
}
