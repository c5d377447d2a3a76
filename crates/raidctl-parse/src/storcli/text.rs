//! storcli / perccli plain-text output, the fallback where `J` is not honoured (EFI, some
//! Windows builds, `show events`).
//!
//! The text is rebuilt into the tree the JSON output would have had — `Name :` + `====`
//! sections of `Key = Value` lines become objects, dashed tables become arrays of row objects
//! keyed by the header — and handed to the shared walker. Multi-controller files concatenate
//! one `Controller = N` / `Status = …` block per controller; `Detailed Status` tables go to
//! the command status; event records (`seqNum:`) go to the MegaCli event-record parser, which
//! reads the same format.

use super::json::{Schema, Walker};
use super::warn;
use crate::lex::{self, Line};
use crate::{Kind, ParseError, first_content_line};
use raidctl_model::Document;
use serde_json::{Map, Value};

/// Parses storcli / perccli text output (`show all`, `/call show`, `show rebuild`, `show
/// events`, `show termlog`...).
///
/// # Errors
/// A [`ParseError`] when no `Controller = N` block, event record or term log is found.
pub fn parse_text(input: &str) -> Result<Document, ParseError> {
    let lines: Vec<Line<'_>> = lex::lines(input).collect();
    let blocks = split_blocks(&lines);
    let mut w = Walker::new(Schema::V1);
    let mut understood = false;
    let mut last_adapter = 0;
    for b in &blocks {
        w.line = b.line;
        let adapter =
            b.cs.get("Controller")
                .and_then(super::num)
                .and_then(|n| u32::try_from(n).ok());
        if let Some(a) = adapter {
            last_adapter = a;
        }
        let tree = serde_json::json!({
            "Controllers": [{
                "Command Status": Value::Object(b.cs.clone()),
                "Response Data": Value::Object(b.rd.clone()),
            }]
        });
        understood |= w.root(&tree);
    }
    // Event records.
    if let Some(start) = lines
        .iter()
        .position(|l| l.text.trim_start().starts_with("seqNum:"))
    {
        let offset = lines.get(start).map_or(0, |l| l.no.saturating_sub(1));
        let byte = byte_offset_of_line(input, offset);
        if let Ok(events) = crate::megacli::parse_kind(&input[byte..], Kind::EventLog) {
            for mut e in events.events {
                e.adapter = last_adapter;
                w.doc.events.push(e);
            }
            let mut ws = events.warnings;
            ws.shift_lines(offset);
            w.doc.warnings.append(ws);
            understood = true;
        }
    }
    // Firmware term log.
    if let Some(start) = lines.iter().position(|l| {
        let t = l.text.to_ascii_lowercase();
        t.contains("term log information") || t.contains("termlog information")
    }) {
        for l in lines.iter().skip(start + 1) {
            if !l.is_blank() {
                w.doc.term_log.push(l.text.to_owned());
            }
        }
        understood = true;
    }
    if !understood {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no storcli `Controller = N` block, event record or term log found".to_owned(),
        });
    }
    if blocks.is_empty() || section_first(input).is_some() {
        let message = match section_first(input) {
            Some(name) => format!(
                "the excerpt starts at section `{name} :`: its head (`CLI Version`, \
                 `Controller = N`, `Status`) was cut; records attributed to controller 0"
            ),
            None => "no `Controller = N` header; records attributed to controller 0".to_owned(),
        };
        warn(&mut w.doc.warnings, first_content_line(input), &message);
    }
    Ok(w.finish(Kind::StorcliText))
}

/// The section name when the text's first content line is a storcli section header (`TOPOLOGY
/// :` over a `====` rule): an excerpt pasted from the middle of an output.
pub(crate) fn section_first(head: &str) -> Option<&str> {
    let mut it = head.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = it.next()?;
    let name = first.strip_suffix(" :")?.trim();
    let rule = it.next()?;
    (!name.is_empty() && is_rule(rule, '=') && !name.contains(" = ")).then_some(name)
}

/// True when the text looks like storcli text output.
pub(crate) fn looks_like_text(head: &str) -> bool {
    if section_first(head).is_some() {
        return true;
    }
    let mut controller = false;
    let mut status = false;
    for l in head
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(80)
    {
        if l.starts_with("Generating detailed summary of the adapter") {
            return true;
        }
        if l.starts_with("CLI Version = ") || l.starts_with("Controller = ") {
            controller = true;
        }
        if l.starts_with("Status = ") {
            status = true;
        }
        if controller && status {
            return true;
        }
    }
    false
}

fn byte_offset_of_line(input: &str, line_index: usize) -> usize {
    if line_index == 0 {
        return 0;
    }
    input
        .match_indices('\n')
        .nth(line_index - 1)
        .map_or(input.len(), |(i, _)| i + 1)
}

/// One controller's command status and response data, rebuilt as JSON.
#[derive(Debug, Default)]
struct Block {
    line: usize,
    cs: Map<String, Value>,
    rd: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq)]
enum Target {
    /// The command status header.
    Status,
    /// Top level of the response data.
    Top,
    /// A named section.
    Section(String),
    /// A section nested in another (e.g. `Port Information` in a drive's settings).
    Nested(String, String),
}

fn kv(t: &str) -> Option<(&str, &str)> {
    if let Some((k, v)) = t.split_once(" = ") {
        let k = k.trim();
        return (!k.is_empty()).then_some((k, v.trim()));
    }
    let k = t.strip_suffix(" =")?.trim();
    (!k.is_empty()).then_some((k, ""))
}

fn is_rule(t: &str, ch: char) -> bool {
    let t = t.trim();
    t.len() >= 3 && t.chars().all(|c| c == ch)
}

fn next_content<'a>(lines: &'a [Line<'a>], from: usize) -> Option<&'a Line<'a>> {
    lines.iter().skip(from).find(|l| !l.is_blank())
}

fn split_blocks(lines: &[Line<'_>]) -> Vec<Block> {
    let mut s = Splitter {
        blocks: Vec::new(),
        pending: Map::new(),
        target: Target::Top,
        last_drive_section: None,
        tables: 0,
    };
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        let t = line.text.trim();
        if t.is_empty() || t.starts_with("Generating detailed summary") {
            i += 1;
            continue;
        }
        if t.starts_with("seqNum:") {
            break;
        }
        // `Name :` followed by `====`.
        if let Some(name) = t.strip_suffix(':') {
            if lines.get(i + 1).is_some_and(|n| is_rule(n.text, '=')) {
                s.section(name.trim().to_owned());
                i += 2;
                continue;
            }
        }
        if is_rule(t, '-') {
            i = s.table(lines, i).unwrap_or(i + 1);
            continue;
        }
        if let Some((k, v)) = kv(t) {
            s.field(line.no, k, v, next_content(lines, i + 1));
        }
        i += 1;
    }
    s.blocks
}

/// What [`split_blocks`] carries from line to line.
struct Splitter {
    blocks: Vec<Block>,
    /// `CLI Version` and `Operating system`, printed before the block they belong to.
    pending: Map<String, Value>,
    /// Where the next field or table goes.
    target: Target,
    /// The `Drive /cN/eE/sS` section a following `Port Information` belongs to.
    last_drive_section: Option<String>,
    /// Tables read so far, to name the unnamed ones.
    tables: usize,
}

impl Splitter {
    /// A `Name :` line underlined with `====`: fields and tables after it belong to `name`.
    fn section(&mut self, name: String) {
        self.target = if name == "Detailed Status" {
            Target::Status
        } else if name == "Port Information" {
            match &self.last_drive_section {
                Some(d) => Target::Nested(d.clone(), name),
                None => Target::Section(name),
            }
        } else {
            if name.starts_with("Drive /") {
                self.last_drive_section = Some(name.clone());
            }
            Target::Section(name)
        };
    }

    /// A table starting at the `----` rule `lines[i]`: header, rule, rows, closing rule.
    /// Returns the index after it, or `None` when the rule starts no table.
    fn table(&mut self, lines: &[Line<'_>], i: usize) -> Option<usize> {
        let line = lines.get(i)?;
        let h = lines.get(i + 1)?;
        let r = lines.get(i + 2)?;
        if !is_rule(r.text, '-') || h.is_blank() {
            return None;
        }
        let mut rows = Vec::new();
        let mut j = i + 3;
        while let Some(l) = lines.get(j) {
            if is_rule(l.text, '-') || l.is_blank() {
                break;
            }
            let mut row = table_row(h.text, l.text);
            row.insert(super::LINE_KEY.to_owned(), Value::from(l.no));
            rows.push(Value::Object(row));
            j += 1;
        }
        if lines.get(j).is_some_and(|l| is_rule(l.text, '-')) {
            j += 1;
        }
        if self.blocks.is_empty() {
            self.blocks.push(Block {
                line: line.no,
                ..Block::default()
            });
        }
        if let Some(b) = self.blocks.last_mut() {
            self.tables += 1;
            store_table(b, &self.target, rows, self.tables);
        }
        self.target = Target::Top;
        Some(j)
    }

    /// A `key = value` line on line `no`: the pending header fields, the `Controller = N`
    /// that starts a block (when `next` is its `Status = ` line), or a field of the target.
    fn field(&mut self, no: usize, k: &str, v: &str, next: Option<&Line<'_>>) {
        if k == "CLI Version" || k == "Operating system" {
            self.pending
                .insert(k.to_owned(), Value::String(v.to_owned()));
            return;
        }
        if k == "Controller" && next.is_some_and(|n| n.text.trim().starts_with("Status = ")) {
            let mut cs = std::mem::take(&mut self.pending);
            cs.insert(k.to_owned(), Value::String(v.to_owned()));
            self.blocks.push(Block {
                line: no,
                cs,
                rd: Map::new(),
            });
            self.target = Target::Status;
            self.last_drive_section = None;
            return;
        }
        if self.blocks.is_empty() {
            // `show` without a controller starts with `Status Code = 0`.
            if k == "Status" || k == "Description" || k == "Status Code" {
                let cs = std::mem::take(&mut self.pending);
                self.blocks.push(Block {
                    line: no,
                    cs,
                    rd: Map::new(),
                });
                self.target = Target::Status;
            } else {
                self.blocks.push(Block {
                    line: no,
                    ..Block::default()
                });
            }
        }
        if let Some(b) = self.blocks.last_mut() {
            store_field(b, &mut self.target, k, Value::String(v.to_owned()));
        }
    }
}

/// Puts one field where `target` says; a field after the status header ends it.
fn store_field(b: &mut Block, target: &mut Target, k: &str, value: Value) {
    match target {
        Target::Status if matches!(k, "Status" | "Description" | "Status Code" | "Controller") => {
            b.cs.insert(k.to_owned(), value);
        }
        Target::Status | Target::Top => {
            *target = Target::Top;
            b.rd.insert(k.to_owned(), value);
        }
        Target::Section(name) => match b.rd.get_mut(name.as_str()) {
            Some(Value::Object(o)) => {
                o.insert(k.to_owned(), value);
            }
            Some(_) => {
                b.rd.insert(k.to_owned(), value);
            }
            None => {
                let mut o = Map::new();
                o.insert(k.to_owned(), value);
                b.rd.insert(name.clone(), Value::Object(o));
            }
        },
        Target::Nested(parent, _) => {
            if let Some(Value::Object(o)) = b.rd.get_mut(parent.as_str()) {
                o.insert(k.to_owned(), value);
            }
        }
    }
}

fn store_table(b: &mut Block, target: &Target, rows: Vec<Value>, n: usize) {
    match target {
        Target::Status => {
            b.cs.insert("Detailed Status".to_owned(), Value::Array(rows));
        }
        Target::Top => {
            b.rd.insert(format!("Table {n}"), Value::Array(rows));
        }
        Target::Section(name) => match b.rd.get_mut(name) {
            Some(Value::Object(o)) if !o.is_empty() => {
                o.insert(format!("{name} Table"), Value::Array(rows));
            }
            _ => {
                b.rd.insert(name.clone(), Value::Array(rows));
            }
        },
        Target::Nested(parent, name) => {
            let entry =
                b.rd.entry(parent.clone())
                    .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(o) = entry {
                o.insert(name.clone(), Value::Array(rows));
            }
        }
    }
}

/// Column headers made of several words.
const PHRASES: [&[&str]; 7] = [
    &["Estimated", "Time", "Left"],
    &["Adv", "S/W", "Opt"],
    &["Time", "Remaining"],
    &["SAS", "address"],
    &["Next", "Learn"],
    &["Elapsed", "Time"],
    &["Time", "Left"],
];

/// Words that belong to the number before them (`278.464 GB`, `30 %`, `49 Minutes`).
const UNITS: [&str; 22] = [
    "B", "KB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "PiB", "%", "sec", "us", "ms",
    "Minutes", "Minute", "Hours", "Hour", "hours", "Days", "Day",
];

#[derive(Debug, Clone)]
struct Tok {
    text: String,
    start: usize,
    end: usize,
}

fn tokens(line: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, c) in line.chars().enumerate() {
        if c.is_whitespace() {
            if let Some((s, t)) = cur.take() {
                out.push(Tok {
                    text: t,
                    start: s,
                    end: i,
                });
            }
        } else {
            match &mut cur {
                Some((_, t)) => t.push(c),
                None => cur = Some((i, c.to_string())),
            }
        }
    }
    if let Some((s, t)) = cur {
        let end = s + t.chars().count();
        out.push(Tok {
            text: t,
            start: s,
            end,
        });
    }
    out
}

fn header_columns(h: &str) -> Vec<Tok> {
    let toks = tokens(h);
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let phrase = PHRASES.iter().find(|p| {
            p.iter()
                .enumerate()
                .all(|(k, w)| toks.get(i + k).is_some_and(|t| t.text == *w))
        });
        match phrase {
            Some(p) => {
                let first = toks.get(i).map_or(0, |t| t.start);
                let last = toks.get(i + p.len() - 1).map_or(first, |t| t.end);
                out.push(Tok {
                    text: p.join(" "),
                    start: first,
                    end: last,
                });
                i += p.len();
            }
            None => {
                if let Some(t) = toks.get(i) {
                    out.push(t.clone());
                }
                i += 1;
            }
        }
    }
    out
}

fn is_number(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Splits a table row into the header's columns by position: a cell belongs to the column
/// it starts or ends with (left- and right-aligned columns), else the one it overlaps, else
/// the previous cell's column (values with spaces, e.g. `Not in progress`).
fn table_row(header: &str, row: &str) -> Map<String, Value> {
    let cols = header_columns(header);
    let mut toks: Vec<Tok> = Vec::new();
    for t in tokens(row) {
        let merge = UNITS.contains(&t.text.as_str())
            && toks
                .last()
                .is_some_and(|p| is_number(&p.text) && t.start <= p.end + 1);
        match (merge, toks.last_mut()) {
            (true, Some(p)) => {
                p.text.push(' ');
                p.text.push_str(&t.text);
                p.end = t.end;
            }
            _ => toks.push(t),
        }
    }
    let mut cells: Vec<Vec<String>> = vec![Vec::new(); cols.len()];
    let mut prev = 0usize;
    for t in toks {
        let overlap = |c: &Tok| t.end.min(c.end).saturating_sub(t.start.max(c.start));
        let col = cols
            .iter()
            .position(|c| c.start == t.start)
            .or_else(|| cols.iter().position(|c| c.end == t.end))
            .or_else(|| {
                cols.iter()
                    .enumerate()
                    .filter(|(_, c)| overlap(c) > 0)
                    .max_by_key(|(_, c)| overlap(c))
                    .map(|(i, _)| i)
            })
            .unwrap_or(prev)
            .max(prev);
        if let Some(cell) = cells.get_mut(col) {
            cell.push(t.text);
        }
        prev = col;
    }
    let mut out = Map::new();
    for (c, vals) in cols.iter().zip(cells) {
        out.insert(c.text.clone(), Value::String(vals.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use raidctl_model::{FirmwareState, LdState};

    #[test]
    fn columns_by_position() {
        let h = "EID:Slt DID State DG       Size Intf Med SED PI SeSz Model            Sp";
        let r = "24:10    11 Offln  1 278.464 GB SAS  HDD N   Y  512B WDC  WDS200T1R0  U";
        let m = table_row(h, r);
        assert_eq!(m["EID:Slt"], "24:10");
        assert_eq!(m["DID"], "11");
        assert_eq!(m["Size"], "278.464 GB");
        assert_eq!(m["Model"], "WDC WDS200T1R0");
        assert_eq!(m["Sp"], "U");
        let h = "Drive-ID    Progress% Status          Estimated Time Left";
        let m = table_row(h, "/c0/e252/s3 -         Not in progress -");
        assert_eq!(m["Status"], "Not in progress");
        assert_eq!(m["Estimated Time Left"], "-");
        let m = table_row(
            h,
            "/c0/e252/s7 9         In progress     4 Days 3 Hours 51 Minutes",
        );
        assert_eq!(m["Progress%"], "9");
        assert_eq!(m["Estimated Time Left"], "4 Days 3 Hours 51 Minutes");
    }

    const MULTI: &str =
        "Generating detailed summary of the adapter, it may take a while to complete.

Controller = 0
Status = Failure
Description = None

Detailed Status :
===============

-----------------------------------
Ctrl Status ErrCd ErrMsg
-----------------------------------
   0 Failed     2 command invalid
-----------------------------------

Basics :
======
Controller = 0
Model = ServeRAID M5110e
Serial Number = 3640AD

Virtual Drives = 1

VD LIST :
=======

------------------------------------------------------------
DG/VD TYPE   State Access Consist Cache sCC       Size Name
------------------------------------------------------------
1/1   RAID10 Dgrd  RW     Yes     RWBD  -     1.903 TB
------------------------------------------------------------

Cac=CacheCade|Rec=Recovery|OfLn=OffLine

PD LIST :
=======

-------------------------------------------------------------------------
EID:Slt DID State DG       Size Intf Med SED PI SeSz Model            Sp
-------------------------------------------------------------------------
24:10    11 Offln  1 278.464 GB SAS  HDD N   Y  512B AL13SEB300       U
 :3       9 UGood  - 278.464 GB SAS  HDD N   Y  512B AL13SEB300       U
-------------------------------------------------------------------------

Controller = 1
Status = Success
Description = None

Basics :
======
Controller = 1
Model = PERC H730P
";

    #[test]
    fn multi_controller_with_failure() {
        assert!(looks_like_text(MULTI));
        let doc = parse_text(MULTI).unwrap();
        assert_eq!(doc.adapters.len(), 2);
        assert_eq!(
            doc.adapters[0].product_name.as_deref(),
            Some("ServeRAID M5110e")
        );
        assert_eq!(doc.logical_drives.len(), 1);
        assert_eq!(doc.logical_drives[0].state, LdState::Degraded);
        assert_eq!(doc.logical_drives[0].name, None);
        assert_eq!(doc.physical_drives.len(), 2);
        assert_eq!(
            doc.physical_drives[0].firmware_state,
            FirmwareState::Offline
        );
        assert_eq!(doc.physical_drives[1].enclosure_id, None);
        assert!(
            doc.warnings
                .iter()
                .any(|w| w.message.contains("command invalid"))
        );
    }

    #[test]
    fn events_after_header() {
        let t = "Controller = 1\nStatus = Success\nDescription = None\n\n\nseqNum: 0x0000cf1a\nTime: Tue Jun  2 18:02:08 2015\n\nCode: 0x000000fb\nClass: 2\nLocale: 0x01\nEvent Description: VD 00/0 is now DEGRADED\nEvent Data:\n===========\nTarget Id: 0\n";
        let doc = parse_text(t).unwrap();
        assert_eq!(doc.events.len(), 1);
        assert_eq!(doc.events[0].adapter, 1);
    }
}
