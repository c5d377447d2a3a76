//! storcli / perccli 7.x `... J` output, and the tree walker every storcli front end shares.
//!
//! The walker takes the `{"Controllers":[{"Command Status":…,"Response Data":…}]}` tree and
//! dispatches on key *names*, because storcli puts data there (`"Drive /c0/e252/s0 - Detailed
//! Information"`, `"/c0/v0"`, `"VD0 Properties"`, `"PDs for VD 0"`). Nested and flat layouts
//! are both accepted, so the text parser can hand over the tree it rebuilt from tables.
//!
//! This file holds the dispatch on key names; each kind of section is walked in a child module
//! named for what it describes (controller, drives, VDs, topology, batteries, progress).

use super::{LINE_KEY, clean, drive_path, extra_value, is_absent, num, scalar, warn};
use crate::{Kind, ParseError};
use raidctl_model::{Document, DriveAddress, parse_size};
use serde_json::{Map, Value};
use std::collections::HashMap;

mod action;
mod bbu;
mod controller;
mod drives;
mod progress;
mod topology;
mod vds;

pub use bbu::bbu_flags;
use controller::Props;
use topology::TopoRow;
use vds::vd_path;

/// Parses storcli / perccli 7.x JSON (`storcli64 /call show all J` and friends).
///
/// Several concatenated JSON documents are merged. Controllers whose `Command Status` is a
/// failure still contribute what their `Response Data` holds; the failure is a warning.
///
/// # Errors
/// A [`ParseError`] when the input holds no JSON object with a `Controllers` array.
pub fn parse_json(input: &str) -> Result<Document, ParseError> {
    parse_with(input, Schema::V1, Kind::StorcliJson)
}

/// Which storcli generation's schema the rows follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Schema {
    /// storcli / perccli 7.x: `DID`, one `State` column.
    V1,
    /// storcli2 / perccli2 8.x: `PID`, `State` (`Conf`, `UConf`...) plus `Status`.
    V2,
}

pub(crate) fn parse_with(input: &str, schema: Schema, kind: Kind) -> Result<Document, ParseError> {
    let (values, warnings) = read_values(input)?;
    let mut w = Walker::new(schema);
    w.doc.warnings = warnings;
    let mut any = false;
    for (value, line) in &values {
        w.line = *line;
        any |= w.root(value);
    }
    if !any {
        return Err(ParseError {
            line: values.first().map_or(1, |(_, l)| *l),
            message: "JSON without a \"Controllers\" array is not storcli output".to_owned(),
        });
    }
    Ok(w.finish(kind))
}

/// Reads every JSON value in the input, skipping text before the first `{`. Control
/// characters (invalid inside JSON strings, yet printed by some firmware) become spaces.
/// JSON values with the line each starts on, and the warnings reading them produced.
pub(crate) type Values = (Vec<(Value, usize)>, raidctl_model::Warnings);

pub(crate) fn read_values(input: &str) -> Result<Values, ParseError> {
    let mut warnings = raidctl_model::Warnings::new();
    let sanitized: String = input
        .chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect();
    let Some(start) = sanitized.find('{') else {
        return Err(ParseError {
            line: crate::first_content_line(input),
            message: "no JSON object in the input".to_owned(),
        });
    };
    let offset = sanitized[..start].matches('\n').count();
    if !sanitized[..start].trim().is_empty() {
        warn(
            &mut warnings,
            1,
            format!("skipped {} line(s) of text before the JSON", offset.max(1)),
        );
    }
    let body = &sanitized[start..];
    let mut values = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(body).into_iter::<Value>();
    loop {
        let before = stream.byte_offset();
        match stream.next() {
            None => break,
            Some(Ok(v)) => {
                let line = offset + 1 + body[..before.min(body.len())].matches('\n').count();
                values.push((v, line));
            }
            Some(Err(e)) => {
                let line = offset + e.line().max(1);
                if values.is_empty() {
                    return Err(ParseError {
                        line,
                        message: format!("invalid JSON: {e}"),
                    });
                }
                warn(
                    &mut warnings,
                    line,
                    format!("ignored what follows the JSON: {e}"),
                );
                break;
            }
        }
    }
    Ok((values, warnings))
}

/// The state every storcli front end builds its [`Document`] with.
pub(crate) struct Walker {
    schema: Schema,
    pub(crate) doc: Document,
    /// Line warnings are attributed to (the start of the current JSON value or text block).
    pub(crate) line: usize,
    drive_ix: HashMap<(u32, Option<u16>, u16), usize>,
    ld_ix: HashMap<(u32, u32), usize>,
    bbu_ix: HashMap<u32, usize>,
    members: Vec<(u32, u32, DriveAddress)>,
    topo: Vec<TopoRow>,
    bbu_status: Vec<(u32, u64)>,
}

impl Walker {
    pub(crate) fn new(schema: Schema) -> Self {
        Self {
            schema,
            doc: Document::default(),
            line: 1,
            drive_ix: HashMap::new(),
            ld_ix: HashMap::new(),
            bbu_ix: HashMap::new(),
            members: Vec::new(),
            topo: Vec::new(),
            bbu_status: Vec::new(),
        }
    }

    fn warn(&mut self, message: impl Into<String>) {
        warn(&mut self.doc.warnings, self.line, message);
    }

    /// Attributes later warnings to a text row's line, when the row carries one.
    fn at_row(&mut self, o: &Map<String, Value>) {
        if let Some(n) = o.get(LINE_KEY).and_then(Value::as_u64) {
            self.line = usize::try_from(n).unwrap_or(self.line);
        }
    }

    /// Walks one `{"Controllers":[...]}` value. Returns false when it has no such array.
    pub(crate) fn root(&mut self, root: &Value) -> bool {
        let Some(ctrls) = root.get("Controllers").and_then(Value::as_array) else {
            self.warn("JSON value without a \"Controllers\" array ignored");
            return false;
        };
        for (i, c) in ctrls.iter().enumerate() {
            self.controller(i, c);
        }
        true
    }

    fn controller(&mut self, i: usize, c: &Value) {
        let Some(obj) = c.as_object() else {
            self.warn(format!("controller entry {i} is not an object"));
            return;
        };
        let empty = Map::new();
        let cs = obj
            .get("Command Status")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let adapter = cs
            .get("Controller")
            .and_then(num)
            .or_else(|| {
                obj.get("Response Data")
                    .and_then(|r| r.get("Basics"))
                    .and_then(|b| b.get("Controller"))
                    .and_then(num)
            })
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or_else(|| u32::try_from(i).unwrap_or(u32::MAX));
        if let Some(v) = cs.get("CLI Version").and_then(scalar) {
            self.doc.tool_version.get_or_insert(v);
        }
        let status = cs.get("Status").and_then(scalar).unwrap_or_default();
        let desc = cs.get("Description").and_then(scalar).unwrap_or_default();
        let success = status.eq_ignore_ascii_case("success");
        if !success {
            self.warn(format!(
                "controller {adapter}: Status {}: {desc}",
                if status.is_empty() {
                    "missing"
                } else {
                    &status
                }
            ));
        }
        let mut detail_drive = None;
        match cs.get("Detailed Status") {
            Some(Value::Array(rows)) => {
                for row in rows {
                    let Some(r) = row.as_object() else { continue };
                    self.at_row(r);
                    let ok = r
                        .get("Status")
                        .and_then(scalar)
                        .is_some_and(|s| s.eq_ignore_ascii_case("success"));
                    if let Some(d) = r.get("Drive").and_then(scalar) {
                        if let Some((_, e, s, _)) = drive_path(&d) {
                            detail_drive = Some(DriveAddress {
                                enclosure: e,
                                slot: s,
                            });
                        }
                    }
                    if !ok {
                        let text: Vec<String> = r
                            .iter()
                            .filter(|(k, _)| *k != LINE_KEY)
                            .filter_map(|(k, v)| scalar(v).map(|v| format!("{} {v}", clean(k))))
                            .collect();
                        self.warn(format!(
                            "controller {adapter}: detailed status: {}",
                            text.join(", ")
                        ));
                    }
                }
            }
            Some(Value::Null) | None => {}
            Some(_) => self.warn(format!(
                "controller {adapter}: \"Detailed Status\" is not a list"
            )),
        }
        self.action(adapter, &desc, success, detail_drive);
        match obj.get("Response Data") {
            Some(Value::Object(rd)) => self.response(adapter, rd, &desc),
            Some(Value::Array(rows)) => self.progress_rows(adapter, rows, &desc),
            Some(Value::Null) | None => {}
            Some(_) => self.warn(format!(
                "controller {adapter}: \"Response Data\" has an unexpected shape"
            )),
        }
    }

    fn response(&mut self, a: u32, rd: &Map<String, Value>, desc: &str) {
        let mut props = Props::default();
        let mut pv: Vec<(String, Value)> = Vec::new();
        let mut pv_sections = Vec::new();
        for (k, v) in rd {
            self.entry(a, k, v, desc, &mut props, &mut pv, &mut pv_sections);
        }
        if !pv.is_empty() {
            self.battery_props(a, pv, &pv_sections);
        }
        if let Some(n) = props
            .take(&["controllercount", "numberofcontrollers"])
            .as_ref()
            .and_then(num)
        {
            self.doc.adapter_count = u32::try_from(n).ok();
        }
        if props.has_any(&[
            "productname",
            "model",
            "serialnumber",
            "controllerstatus",
            "fwversion",
            "firmwareversion",
            "fwpackagebuild",
            "firmwarepackagebuild",
            "driverversion",
        ]) {
            self.adapter(a, props);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn entry(
        &mut self,
        a: u32,
        key: &str,
        v: &Value,
        desc: &str,
        props: &mut Props,
        pv: &mut Vec<(String, Value)>,
        pv_sections: &mut Vec<String>,
    ) {
        let k = clean(key);
        if let Some((ctrl, enc, slot, rest)) = drive_path(&k) {
            let a2 = ctrl.unwrap_or(a);
            let rest = rest
                .trim()
                .trim_start_matches('-')
                .trim()
                .to_ascii_lowercase();
            if rest.is_empty() {
                match v {
                    Value::Array(rows) => {
                        for r in rows {
                            self.drive_row_value(a2, r, None);
                        }
                    }
                    Value::Object(_) => {
                        self.drive_row_value(a2, v, None);
                    }
                    _ => self.warn(format!("{k}: unexpected value")),
                }
            } else if rest.contains("hot spare") {
                let ix = self.drive(a2, enc, slot);
                let t = v.get("Type").and_then(scalar);
                if let Some(pd) = self.doc.physical_drives.get_mut(ix) {
                    pd.hotspare = t;
                    if let Some(o) = v.as_object() {
                        for (hk, hv) in o {
                            if hk != "Type" {
                                extra_value(&mut pd.extra, &format!("Hot Spare {}", clean(hk)), hv);
                            }
                        }
                    }
                }
            } else {
                let ix = self.drive(a2, enc, slot);
                self.drive_details(ix, v);
            }
            return;
        }
        let lower = k.to_ascii_lowercase();
        if let Some(vd) = vd_path(&k) {
            self.ld_rows(a, v, Some(vd));
            return;
        }
        if let Some(n) = lower
            .strip_prefix("vd")
            .and_then(|r| r.strip_suffix("properties"))
            .and_then(|r| r.trim().parse::<u32>().ok())
        {
            self.ld_properties(a, n, v);
            return;
        }
        if let Some(n) = lower
            .strip_prefix("pds for vd")
            .and_then(|r| r.trim().parse::<u32>().ok())
        {
            self.member_rows(a, n, v);
            return;
        }
        match lower.as_str() {
            "pd list" | "drive information" | "drives list" => {
                if let Value::Array(rows) = v {
                    for r in rows {
                        self.drive_row_value(a, r, None);
                    }
                } else if v.is_object() {
                    self.drive_row_value(a, v, None);
                } else {
                    self.warn(format!("{k}: expected a list of drives"));
                }
            }
            "vd list" | "virtual drives" if v.is_array() => self.ld_rows(a, v, None),
            "topology" => self.topology(a, v),
            "physical device information" => match v {
                Value::Object(o) => {
                    for (k2, v2) in o {
                        self.entry(a, k2, v2, desc, props, pv, pv_sections);
                    }
                }
                _ => self.warn(format!("{k}: expected an object")),
            },
            "foreign configuration" | "foreign dg list" | "foreign pd list" => {
                self.foreign(a, v);
            }
            "system overview" | "it system overview" => self.overview(v),
            "preserved cache" => self.preserved_cache(a, v),
            "controller properties" => self.controller_properties(a, v),
            "policies" => {
                if let Value::Object(o) = v {
                    for (pk, pval) in o {
                        if pk == "Policies Table" {
                            self.policies_table(pval, props);
                        } else if pval.is_object() || pval.is_array() {
                            continue;
                        } else {
                            props.push("Policies", pk, pval);
                        }
                    }
                }
            }
            "policies table" => self.policies_table(v, props),
            _ => self.generic(a, &k, v, desc, props, pv, pv_sections),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn generic(
        &mut self,
        a: u32,
        k: &str,
        v: &Value,
        desc: &str,
        props: &mut Props,
        pv: &mut Vec<(String, Value)>,
        pv_sections: &mut Vec<String>,
    ) {
        let lower = k.to_ascii_lowercase();
        match v {
            Value::Array(rows) => {
                let first = rows.iter().find_map(Value::as_object);
                let has = |key: &str| first.is_some_and(|o| o.contains_key(key));
                if lower.contains("term") || lower.contains("tty") {
                    for r in rows {
                        if let Some(s) = scalar(r) {
                            self.doc.term_log.push(s);
                        } else if let Some(o) = r.as_object() {
                            let parts: Vec<String> = o.values().filter_map(scalar).collect();
                            self.doc.term_log.push(parts.join(" "));
                        }
                    }
                } else if rows.is_empty() {
                } else if has("Property") && has("Value") {
                    pv_sections.push(k.to_owned());
                    for r in rows {
                        let Some(o) = r.as_object() else { continue };
                        if let (Some(p), Some(val)) =
                            (o.get("Property").and_then(scalar), o.get("Value"))
                        {
                            pv.push((p, val.clone()));
                        }
                    }
                } else if has("EID") && (has("Slots") || has("PD")) {
                    self.enclosures(a, rows);
                } else if lower.contains("bbu")
                    || lower.contains("cachevault")
                    || lower.contains("energy pack")
                    || lower.contains("cv_info")
                {
                    for r in rows {
                        if let Some(o) = r.as_object() {
                            self.battery_row(a, o);
                        }
                    }
                } else if has("Drive-ID") || has("Progress%") {
                    self.progress_rows(a, rows, desc);
                } else if has("EID:Slt") {
                    for r in rows {
                        self.drive_row_value(a, r, None);
                    }
                } else if has("DG/VD") {
                    self.ld_rows(a, v, None);
                } else if is_known_table(&lower) {
                } else {
                    self.warn(format!(
                        "section {k:?} not understood ({} rows)",
                        rows.len()
                    ));
                }
            }
            Value::Object(o) => {
                if lower.contains("term") || lower.contains("tty") {
                    for val in o.values().filter_map(scalar) {
                        self.doc.term_log.extend(val.lines().map(str::to_owned));
                    }
                    return;
                }
                for (k2, v2) in o {
                    match v2 {
                        Value::Object(_) | Value::Array(_) => {
                            self.generic(a, k2, v2, desc, props, pv, pv_sections);
                        }
                        _ => props.push(k, k2, v2),
                    }
                }
            }
            Value::String(s) if lower.contains("term") || lower.contains("tty") => {
                self.doc.term_log.extend(s.lines().map(clean));
            }
            _ => props.push("", k, v),
        }
    }

    /// Builds the document: topology → disk groups, VD members, BBU status bits.
    pub(crate) fn finish(mut self, kind: Kind) -> Document {
        // VD members.
        for (a, n, addr) in std::mem::take(&mut self.members) {
            if let Some(ix) = self.ld_ix.get(&(a, n)) {
                if let Some(ld) = self.doc.logical_drives.get_mut(*ix) {
                    if !ld.members.contains(&addr) {
                        ld.members.push(addr);
                    }
                }
            }
        }
        self.finish_topology();
        self.finish_bbu_status();
        let mut doc = self.doc;
        doc.schema_version = raidctl_model::SCHEMA_VERSION;
        doc.kind = kind.name().to_owned();
        doc.warnings.sort_by_key(|w| w.line);
        doc
    }
}

fn size(v: &Value, warnings: &mut Vec<String>, key: &str) -> Option<u64> {
    let s = scalar(v)?;
    if is_absent(&s) {
        return None;
    }
    match parse_size(&s) {
        Ok(n) => Some(n),
        Err(_) => {
            warnings.push(format!("{key}: unreadable size {s:?}"));
            None
        }
    }
}

/// Tables the walker knows and deliberately leaves alone.
fn is_known_table(lower: &str) -> bool {
    [
        "advanced software option",
        "lu/ns list",
        "lu/ns information",
        "pending images in flash",
        "detailed status",
        "enclosure list",
        "secure boot",
    ]
    .iter()
    .any(|t| lower.contains(t))
        // `show all`'s advanced-software-options table (`ASO :`).
        || lower == "aso"
}

#[cfg(test)]
mod tests {
    use super::*;
    use raidctl_model::{BatteryState, FirmwareState, ProgressKind};

    #[test]
    fn bbu_bits() {
        assert!(bbu_flags(0).is_empty());
        assert_eq!(bbu_flags(8), vec!["charging"]);
        assert_eq!(bbu_flags(8256), vec!["learn_cycle_active", "bit13"]);
        assert_eq!(bbu_flags(4096), vec!["learn_required"]);
    }

    #[test]
    fn partial_failure_keeps_data() {
        let text = r#"{"Controllers":[{"Command Status":{"Controller":0,"Status":"Failure",
            "Description":"Show Drive Information Failed.","Detailed Status":[{"Drive":"/c0/e252/s3",
            "Status":"Failure","ErrCd":46,"ErrMsg":"Drive not attached"}]},
            "Response Data":{"Drive /c0/e252/s0":[{"EID:Slt":"252:0","DID":8,"State":"Onln","DG":0,
            "Size":"558.406 GB","Intf":"SAS","Med":"HDD","Model":"ST600  ","Sp":"U"}],
            "Drive /c0/s3":[{"EID:Slt":" :3","DID":"N/A","State":"UGood","DG":"-","Size":"3.637 TB"}],
            "Drive /c0/e252/s0 - Detailed Information":{"Drive /c0/e252/s0 State":{
            "Media Error Count":"N/A","Drive Temperature":"33C","Predictive Failure Count":2}}}}]}"#;
        let doc = parse_json(text).unwrap();
        assert_eq!(doc.physical_drives.len(), 2);
        let d = &doc.physical_drives[0];
        assert_eq!(d.firmware_state, FirmwareState::Online);
        assert_eq!(d.model.as_deref(), Some("ST600"));
        assert_eq!(d.media_error_count, None);
        assert_eq!(d.predictive_failure_count, Some(2));
        assert_eq!(d.temperature_c, Some(33));
        assert_eq!(d.coerced_size_bytes, parse_size("558.406 GB").ok());
        let n = &doc.physical_drives[1];
        assert_eq!(n.enclosure_id, None);
        assert_eq!(n.slot, 3);
        assert_eq!(n.device_id, None);
        assert_eq!(n.firmware_state, FirmwareState::UnconfiguredGood);
        assert!(doc.warnings.iter().any(|w| w.message.contains("ErrCd 46")));
    }

    #[test]
    fn string_controller_and_progress() {
        let text = r#"{"Controllers":[{"Command Status":{"Controller":"1","Status":"Success",
            "Description":"Show Drive Rebuild Status Succeeded."},"Response Data":[
            {"Drive-ID":"/c1/e252/s7","Progress%":9,"Status":"In progress","Estimated Time Left":"49 Minutes"},
            {"Drive-ID":"/c1/e252/s3","Progress%":"-","Status":"Not in progress","Estimated Time Left":"-"}]}]}"#;
        let doc = parse_json(text).unwrap();
        assert_eq!(doc.progress.len(), 2);
        assert_eq!(doc.progress[0].adapter, 1);
        assert_eq!(doc.progress[0].percent, Some(9));
        assert!(doc.progress[0].in_progress);
        assert!(!doc.progress[1].in_progress);
        assert_eq!(doc.progress[0].kind, ProgressKind::Rebuild);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(parse_json("").is_err());
        assert!(parse_json("{\"Controllers\":[").is_err());
        assert!(parse_json("{\"x\":1}").is_err());
        let doc = parse_json("{\"Controllers\":[1,{\"Response Data\":7}]}").unwrap();
        assert!(!doc.warnings.is_empty());
    }

    #[test]
    fn bbu_status_bits_make_a_battery() {
        let text = r#"{"Controllers":[{"Command Status":{"Controller":0,"Status":"Success"},
          "Response Data":{"Basics":{"Controller":0,"Model":"X"},"Status":{"Controller Status":"Optimal",
          "BBU Status":8256},"HwCfg":{"BBU":"Present"}}}]}"#;
        let doc = parse_json(text).unwrap();
        assert_eq!(doc.bbus.len(), 1);
        assert_eq!(doc.bbus[0].state, BatteryState::Learning);
        assert_eq!(doc.bbus[0].learn_cycle_active, Some(true));
    }
}
