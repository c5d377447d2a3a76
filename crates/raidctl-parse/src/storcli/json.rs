//! storcli / perccli 7.x `... J` output, and the tree walker every storcli front end shares.
//!
//! The walker takes the `{"Controllers":[{"Command Status":…,"Response Data":…}]}` tree and
//! dispatches on key *names*, because storcli puts data there (`"Drive /c0/e252/s0 - Detailed
//! Information"`, `"/c0/v0"`, `"VD0 Properties"`, `"PDs for VD 0"`). Nested and flat layouts
//! are both accepted, so the text parser can hand over the tree it rebuilt from tables.

use super::{
    LINE_KEY, clean, drive_path, eid_slot, extra_value, flag, inum, is_absent, num, scalar, warn,
};
use crate::{Kind, ParseError};
use raidctl_model::{
    ActionKind, ActionResult, Adapter, BatteryState, Bbu, ChargingStatus, DiskGroup, Document,
    DriveAddress, Enclosure, FirmwareState, ForeignConfig, LdState, LogicalDrive, MediaType,
    PciLocation, PdType, PhysicalDrive, PortStatus, Progress, ProgressKind, RaidLevel, Span,
    SpanRow, Warning, parse_size, squash_text,
};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};

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

/// One row of a TOPOLOGY table.
#[derive(Debug, Clone)]
struct TopoRow {
    adapter: u32,
    dg: Option<u32>,
    arr: Option<u32>,
    row: Option<u32>,
    addr: Option<(Option<u16>, u16)>,
    typ: String,
    state: String,
}

/// Adapter properties gathered from every section of one controller's response.
#[derive(Debug, Default)]
struct Props {
    items: Vec<(String, String, Value)>,
}

impl Props {
    fn push(&mut self, section: &str, key: &str, v: &Value) {
        self.items.push((section.to_owned(), clean(key), v.clone()));
    }

    fn has_any(&self, names: &[&str]) -> bool {
        self.items
            .iter()
            .any(|(_, k, _)| names.contains(&squash_text(k).as_str()))
    }

    /// Takes the first property named like one of `names` whose value is a number. The same
    /// key can name a capability (`"Rebuild Rate": "Yes"`) and a setting (`"30 %"`); only the
    /// setting has a number.
    fn take_num(&mut self, names: &[&str]) -> Option<u32> {
        for n in names {
            let found = self
                .items
                .iter()
                .position(|(_, k, v)| squash_text(k) == *n && num(v).is_some());
            if let Some(i) = found {
                return num(&self.items.remove(i).2).and_then(|x| u32::try_from(x).ok());
            }
        }
        None
    }

    /// Takes the first property whose squashed key is one of `names` (in `names` order).
    fn take(&mut self, names: &[&str]) -> Option<Value> {
        for n in names {
            if let Some(i) = self.items.iter().position(|(_, k, _)| squash_text(k) == *n) {
                return Some(self.items.remove(i).2);
            }
        }
        None
    }
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

    fn action(&mut self, adapter: u32, desc: &str, success: bool, drive: Option<DriveAddress>) {
        let d = desc.to_ascii_lowercase();
        let has = |w: &str| d.contains(w);
        let (kind, new_state) = if has("set drive") || has("set pd") {
            let state = ["offline", "online", "good", "missing", "jbod", "bad"]
                .iter()
                .find(|s| d.contains(&format!("drive {s}")) || d.contains(&format!("pd {s}")))
                .map(|s| (*s).to_owned());
            match (state.as_deref(), success) {
                (Some("missing"), true) => (ActionKind::MarkedMissing, state),
                (_, true) => (ActionKind::StateChanged, state),
                (_, false) => (ActionKind::StateChangeFailed, state),
            }
        } else if has("hot spare") || has("hotspare") {
            if has("delete") || has("remove") {
                (ActionKind::HotspareRemoved, None)
            } else {
                (ActionKind::HotspareSet, None)
            }
        } else if has("locate") {
            if has("stop") {
                (ActionKind::LocateStopped, None)
            } else {
                (ActionKind::LocateStarted, None)
            }
        } else if has("rebuild") && !has("show") {
            if has("stop") {
                (ActionKind::RebuildStopped, None)
            } else {
                (ActionKind::RebuildStarted, None)
            }
        } else if has("copyback") && !has("show") {
            if has("stop") {
                (ActionKind::CopybackStopped, None)
            } else {
                (ActionKind::CopybackStarted, None)
            }
        } else if has("add vd") {
            if success {
                (ActionKind::VdCreated, None)
            } else {
                (ActionKind::ConfigureFailed, None)
            }
        } else if has("delete vd") {
            (ActionKind::VdDeleted, None)
        } else if has("insert") {
            if success {
                (ActionKind::ReplacedMissing, None)
            } else {
                (ActionKind::ReplaceMissingFailed, None)
            }
        } else if has("import") && has("foreign") {
            (ActionKind::ForeignImported, None)
        } else if has("delete") && has("foreign") {
            if success {
                (ActionKind::ForeignCleared, None)
            } else {
                (ActionKind::ForeignClearFailed, None)
            }
        } else if has("spin down") || has("spin up") {
            (ActionKind::PropertySet, None)
        } else {
            return;
        };
        self.doc.actions.push(ActionResult {
            adapter: Some(adapter),
            kind,
            success,
            drive,
            new_state,
            logical_drive: None,
            array_row: None,
            message: desc.to_owned(),
        });
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

    fn policies_table(&mut self, v: &Value, props: &mut Props) {
        let Some(rows) = v.as_array() else { return };
        for r in rows {
            if let (Some(p), Some(cur)) = (r.get("Policy").and_then(scalar), r.get("Current")) {
                props.push("Policies", &p, cur);
            }
        }
    }

    /// `/cN show preservedcache`: one row per VD whose cache is pinned (`VD`, `State`).
    fn preserved_cache(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("\"Preserved Cache\" is not a list");
            return;
        };
        for r in rows {
            let vd = r
                .get("VD")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok());
            let Some(vd) = vd else {
                self.warn("a preserved-cache row without a VD number");
                continue;
            };
            let state = r.get("State").and_then(scalar).unwrap_or_default();
            self.doc.actions.push(ActionResult {
                adapter: Some(a),
                kind: ActionKind::PreservedCachePresent,
                success: true,
                drive: None,
                new_state: None,
                logical_drive: Some(vd),
                array_row: None,
                message: format!("VD {vd}: {state}"),
            });
        }
    }

    fn controller_properties(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("\"Controller Properties\" is not a list");
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let name = o
                .get("Ctrl_Prop")
                .or_else(|| o.get("Property"))
                .or_else(|| o.get("Method"))
                .and_then(scalar)
                .unwrap_or_default();
            let value = o.get("Value").and_then(scalar).unwrap_or_default();
            self.doc.actions.push(ActionResult {
                adapter: Some(a),
                kind: ActionKind::PropertyValue,
                success: true,
                drive: None,
                new_state: None,
                logical_drive: None,
                array_row: None,
                message: format!("{name} = {value}"),
            });
        }
    }

    fn overview(&mut self, v: &Value) {
        let Some(rows) = v.as_array() else { return };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(ctl) = o
                .get("Ctl")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            let mut ad = Adapter {
                adapter: ctl,
                ..Adapter::default()
            };
            for (k, val) in o {
                match squash_text(k).as_str() {
                    "ctl" => {}
                    "model" => ad.product_name = scalar(val),
                    "pds" => ad.disk_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "vds" => ad.virtual_drive_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "vnopt" => ad.degraded_count = num(val).and_then(|n| u32::try_from(n).ok()),
                    "hlth" => ad.status = scalar(val),
                    _ => extra_value(&mut ad.extra, k, val),
                }
            }
            self.push_adapter(ad);
        }
    }

    fn push_adapter(&mut self, ad: Adapter) {
        if let Some(old) = self
            .doc
            .adapters
            .iter_mut()
            .find(|x| x.adapter == ad.adapter)
        {
            let extra = ad.extra.clone();
            let keep = std::mem::take(old);
            *old = merge_adapter(keep, ad);
            for (k, v) in extra {
                old.extra.entry(k).or_insert(v);
            }
        } else {
            self.doc.adapters.push(ad);
        }
    }

    fn adapter(&mut self, a: u32, mut p: Props) {
        let text = |v: Option<Value>| v.as_ref().and_then(scalar).filter(|s| !is_absent(s));
        let u32v = |v: Option<Value>| v.as_ref().and_then(num).and_then(|n| u32::try_from(n).ok());
        let mut ad = Adapter {
            adapter: a,
            ..Adapter::default()
        };
        p.take(&["controller"]);
        ad.product_name = text(p.take(&["productname", "model"]));
        ad.serial = text(p.take(&["serialnumber"]));
        ad.fw_package = text(p.take(&["firmwarepackagebuild", "fwpackagebuild", "packageversion"]));
        ad.fw_version = text(p.take(&["firmwareversion", "fwversion"]));
        ad.bios_version = text(p.take(&["biosversion"]));
        ad.memory_bytes = text(p.take(&["onboardmemorysize"]))
            .and_then(|s| parse_size(&s).ok())
            // 8.x: `"DDR Memory Size(MiB)" : 8192`.
            .or_else(|| {
                p.take_num(&["ddrmemorysizemib"])
                    .map(|n| u64::from(n) << 20)
            });
        ad.bbu_present = p.take(&["bbu"]).as_ref().and_then(flag);
        ad.alarm = text(p.take(&["alarm"]));
        ad.auto_rebuild = p.take(&["autorebuild"]).as_ref().and_then(flag);
        ad.rebuild_rate_pct = p
            .take_num(&["rebuildrate"])
            .and_then(|n| u8::try_from(n).ok());
        ad.battery_warning = p.take(&["batterywarning"]).as_ref().and_then(flag);
        ad.offline_vd_cache_preserved = p
            .take(&["anyofflinevdcachepreserved", "preservedcachepresent"])
            .as_ref()
            .and_then(flag);
        ad.jbod_enabled = p.take(&["enablejbod"]).as_ref().and_then(flag);
        ad.virtual_drive_count = u32v(p.take(&["virtualdrives", "vdcount"]));
        ad.degraded_count = u32v(p.take(&["vddegradedcount"]));
        ad.offline_count = u32v(p.take(&["vdofflinecount"]));
        ad.disk_count = u32v(p.take(&["physicaldrives", "pddrivecount"]));
        ad.critical_disk_count = u32v(p.take(&["criticalpredictivefailurepddrivecount"]));
        ad.failed_disk_count = u32v(p.take(&["failedpddrivecount"]));
        ad.status = text(p.take(&["controllerstatus"]));
        ad.driver_version = text(p.take(&["driverversion"]));
        let bus = u32v(p.take(&["busnumber"]));
        let device = u32v(p.take(&["devicenumber"]));
        let function = u32v(p.take(&["functionnumber"]));
        if bus.is_some() || device.is_some() || function.is_some() {
            ad.pci = Some(PciLocation {
                bus,
                device,
                function,
            });
        }
        let ids: Vec<String> = ["vendorid", "deviceid", "subvendorid", "subdeviceid"]
            .iter()
            .filter_map(|k| p.take(&[k]))
            .filter_map(|v| match &v {
                Value::Number(n) => n.as_u64().map(|n| format!("{n:04x}")),
                Value::String(s) => {
                    let s = clean(s);
                    let h = s.trim_start_matches("0x").trim_start_matches("0X");
                    u64::from_str_radix(h, 16).ok().map(|n| format!("{n:04x}"))
                }
                _ => None,
            })
            .collect();
        if ids.len() == 4 {
            ad.pci_ids = Some(ids.join(":"));
        }
        if let Some(v) = p.take(&["bbustatus"]) {
            extra_value(&mut ad.extra, "BBU Status", &v);
            if let Some(n) = num(&v) {
                self.bbu_status.push((a, n));
            }
        }
        for (section, k, v) in p.items {
            if v.is_object() || v.is_array() {
                continue;
            }
            let text = scalar(&v).unwrap_or_default();
            match ad.extra.get(&k) {
                None => {
                    ad.extra.insert(k, text);
                }
                Some(old) if *old == text => {}
                Some(_) => {
                    let key = if section.is_empty() {
                        k
                    } else {
                        format!("{section}/{k}")
                    };
                    crate::fields::insert_extra(&mut ad.extra, &key, &text);
                }
            }
        }
        self.push_adapter(ad);
    }

    /// Index of the drive, created when new.
    pub(crate) fn drive(&mut self, a: u32, enc: Option<u16>, slot: u16) -> usize {
        if let Some(ix) = self.drive_ix.get(&(a, enc, slot)) {
            return *ix;
        }
        let ix = self.doc.physical_drives.len();
        self.doc.physical_drives.push(PhysicalDrive {
            adapter: a,
            enclosure_id: enc,
            slot,
            ..PhysicalDrive::default()
        });
        self.drive_ix.insert((a, enc, slot), ix);
        ix
    }

    /// A drive row: the flat 7.x row, or a storcli2 `Drives List` item with `Drive
    /// Information` and `Drive Detailed Information`.
    fn drive_row_value(&mut self, a: u32, r: &Value, vd: Option<u32>) -> Option<usize> {
        let Some(o) = r.as_object() else {
            self.warn("drive row is not an object");
            return None;
        };
        if let Some(info) = o.get("Drive Information") {
            let ix = self.drive_row_value(a, info, vd)?;
            for (k, v) in o {
                match k.as_str() {
                    "Drive Information" => {}
                    "Drive Detailed Information" => self.drive_details(ix, v),
                    _ => {
                        if let Some(pd) = self.doc.physical_drives.get_mut(ix) {
                            extra_value(&mut pd.extra, k, v);
                        }
                    }
                }
            }
            return Some(ix);
        }
        self.at_row(o);
        let raw = o
            .get("EID:Slt")
            .or_else(|| o.get("EID:Slot"))
            .and_then(scalar);
        let Some((enc, slot)) = raw.as_deref().and_then(eid_slot) else {
            self.warn(format!(
                "drive row with unreadable EID:Slt {:?} ignored",
                raw.unwrap_or_default()
            ));
            return None;
        };
        let ix = self.drive(a, enc, slot);
        let schema = self.schema;
        let mut warnings = Vec::new();
        let pd = self.doc.physical_drives.get_mut(ix)?;
        let mut state = None;
        let mut status = None;
        for (k, v) in o {
            match k.trim() {
                "EID:Slt" | "EID:Slot" | LINE_KEY => {}
                "DID" | "PID" => pd.device_id = num(v).and_then(|n| u32::try_from(n).ok()),
                "State" => state = scalar(v),
                "Status" => status = scalar(v),
                "DG" => match scalar(v).as_deref() {
                    Some("F") => pd.foreign = Some(true),
                    _ => pd.disk_group = num(v).and_then(|n| u32::try_from(n).ok()),
                },
                "Size" => pd.coerced_size_bytes = size(v, &mut warnings, "Size"),
                "Intf" => pd.pd_type = PdType::from_text(&scalar(v).unwrap_or_default()),
                "Med" => pd.media_type = MediaType::from_text(&scalar(v).unwrap_or_default()),
                "Model" => pd.model = scalar(v).filter(|s| !is_absent(s)),
                "Sp" => {
                    pd.spun_up = match scalar(v).as_deref() {
                        Some("U") => Some(true),
                        Some("D") => Some(false),
                        Some("F") => {
                            pd.foreign = Some(true);
                            pd.spun_up
                        }
                        _ => None,
                    }
                }
                "SeSz" => {
                    pd.logical_sector_size =
                        size(v, &mut warnings, "SeSz").and_then(|n| u32::try_from(n).ok());
                }
                _ => extra_value(&mut pd.extra, k, v),
            }
        }
        let (fs, raw) = match schema {
            Schema::V1 => {
                let s = state.or(status).unwrap_or_default();
                (v1_state(&s), s)
            }
            Schema::V2 => {
                let s = state.unwrap_or_default();
                let st = status.unwrap_or_default();
                let raw = format!("{s} {st}").trim().to_owned();
                (v2_state(&s, &st), raw)
            }
        };
        if !raw.is_empty() {
            if raw.eq_ignore_ascii_case("frgn") || raw.eq_ignore_ascii_case("foreign") {
                pd.foreign = Some(true);
            }
            pd.firmware_state = fs;
            pd.firmware_state_raw = Some(raw);
        }
        if let Some(n) = vd {
            pd.logical_drive = Some(n);
        }
        self.doc
            .warnings
            .extend(warnings.into_iter().map(|m| Warning {
                file: None,
                line: self.line,
                message: m,
            }));
        Some(ix)
    }

    /// `Drive /cX/eY/sZ - Detailed Information` (nested or flat sub-sections) and storcli2's
    /// `Drive Detailed Information`.
    pub(crate) fn drive_details(&mut self, ix: usize, v: &Value) {
        let mut flat: Vec<(String, &Value)> = Vec::new();
        let mut ports: Vec<&Map<String, Value>> = Vec::new();
        flatten(v, &mut flat, &mut ports);
        let mut warnings = Vec::new();
        let Some(pd) = self.doc.physical_drives.get_mut(ix) else {
            return;
        };
        for (k, val) in flat {
            let u32v = || num(val).and_then(|n| u32::try_from(n).ok());
            let text = || scalar(val).filter(|s| !is_absent(s));
            let key = squash_text(drive_key_tail(&k));
            match key.as_str() {
                "shieldcounter" => pd.shield_counter = u32v(),
                "mediaerrorcount" => pd.media_error_count = num(val),
                "othererrorcount" => pd.other_error_count = num(val),
                "predictivefailurecount" => pd.predictive_failure_count = num(val),
                "drivetemperature" | "temperaturec" | "temperature" => {
                    pd.temperature_c = inum(val).and_then(|n| i32::try_from(n).ok());
                }
                "smartalertflaggedbydrive" => pd.smart_alert = flag(val),
                "sn" | "serialnumber" => pd.serial = text(),
                "manufacturerid" | "vendor" => pd.vendor = text(),
                "modelnumber" | "model" => pd.model = text(),
                "wwn" => pd.wwn = text(),
                "firmwarerevision" | "firmwarerevisionlevel" => pd.firmware = text(),
                "rawsize" => pd.raw_size_bytes = size(val, &mut warnings, &k),
                "coercedsize" => pd.coerced_size_bytes = size(val, &mut warnings, &k),
                "noncoercedsize" => pd.non_coerced_size_bytes = size(val, &mut warnings, &k),
                "devicespeed" | "capablespeed" => pd.device_speed = text(),
                "linkspeed" | "negotiatedspeed" => pd.link_speed = text(),
                "logicalsectorsize" | "sectorsize" => {
                    pd.logical_sector_size =
                        size(val, &mut warnings, &k).and_then(|n| u32::try_from(n).ok());
                }
                "physicalsectorsize" => {
                    pd.physical_sector_size =
                        size(val, &mut warnings, &k).and_then(|n| u32::try_from(n).ok());
                }
                "driveposition" => {
                    if let Some(t) = text() {
                        let (dg, span, arm) = drive_position(&t);
                        pd.disk_group = dg.or(pd.disk_group);
                        pd.span = span;
                        pd.arm = arm;
                    }
                }
                "connectedportnumber" => pd.connected_port = text(),
                "sequencenumber" => pd.sequence_number = u32v(),
                "commissionedspare" => pd.commissioned_spare = flag(val),
                "emergencyspare" => pd.emergency_spare = flag(val),
                "lastpredictivefailureeventsequencenumber" => {
                    pd.last_predictive_failure_seq = num(val);
                }
                "sedcapable" | "fdecapable" => pd.fde_capable = flag(val),
                "secured" => pd.secured = flag(val),
                "locked" => pd.locked = flag(val),
                "inquirydata" => pd.inquiry_data = text(),
                _ => extra_value(&mut pd.extra, &k, val),
            }
        }
        if !ports.is_empty() {
            pd.ports.clear();
            pd.sas_addresses.clear();
            for p in ports {
                let status = p.get("Status").or_else(|| p.get("Path")).and_then(scalar);
                let link_speed = p
                    .get("Linkspeed")
                    .or_else(|| p.get("Negotiated Speed"))
                    .and_then(scalar);
                pd.ports.push(PortStatus { status, link_speed });
                if let Some(addr) = p
                    .get("SAS address")
                    .or_else(|| p.get("SASAddress"))
                    .and_then(scalar)
                {
                    pd.sas_addresses.push(addr);
                }
            }
        }
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
    }

    fn ld_index(&mut self, a: u32, n: u32) -> usize {
        if let Some(ix) = self.ld_ix.get(&(a, n)) {
            return *ix;
        }
        let ix = self.doc.logical_drives.len();
        self.doc.logical_drives.push(LogicalDrive {
            adapter: a,
            number: n,
            target_id: n,
            ..LogicalDrive::default()
        });
        self.ld_ix.insert((a, n), ix);
        ix
    }

    /// `VD LIST`, `/cX/vY`, `Virtual Drives` (7.x rows or storcli2 items with `VD Info`).
    fn ld_rows(&mut self, a: u32, v: &Value, hint: Option<u32>) {
        let rows: Vec<&Value> = match v {
            Value::Array(rows) => rows.iter().collect(),
            Value::Object(_) => vec![v],
            _ => {
                self.warn("virtual drive list has an unexpected shape");
                return;
            }
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            if let Some(info) = o.get("VD Info") {
                let Some(n) = self.ld_row(a, info, hint) else {
                    continue;
                };
                if let Some(pds) = o.get("PDs") {
                    self.member_rows(a, n, pds);
                }
                if let Some(p) = o.get("VD Properties") {
                    self.ld_properties(a, n, p);
                }
                continue;
            }
            self.ld_row(a, r, hint);
        }
    }

    fn ld_row(&mut self, a: u32, r: &Value, hint: Option<u32>) -> Option<u32> {
        let Some(o) = r.as_object() else {
            self.warn("virtual drive row is not an object");
            return None;
        };
        self.at_row(o);
        let dgvd = o.get("DG/VD").and_then(scalar);
        let (dg, vd) = match dgvd.as_deref().and_then(|s| s.split_once('/')) {
            Some((d, v)) => (d.trim().parse::<u32>().ok(), v.trim().parse::<u32>().ok()),
            None => (None, None),
        };
        let Some(n) = vd.or(hint) else {
            self.warn("virtual drive row without a readable DG/VD");
            return None;
        };
        if let Some(text) = dgvd.as_deref().filter(|_| dg.is_none()) {
            self.warn(format!("VD {n}: disk group in DG/VD {text:?} unreadable"));
        }
        let ix = self.ld_index(a, n);
        let mut warnings = Vec::new();
        let ld = self.doc.logical_drives.get_mut(ix)?;
        ld.disk_group = dg.or(ld.disk_group);
        for (k, v) in o {
            match k.trim() {
                "DG/VD" | LINE_KEY => {}
                "TYPE" => {
                    let t = scalar(v).unwrap_or_default();
                    ld.raid_level = RaidLevel::from_text(&t, false);
                    ld.raid_level_raw = Some(t);
                }
                "State" => {
                    let s = scalar(v).unwrap_or_default();
                    ld.state = ld_state(&s);
                    ld.state_raw = Some(s);
                }
                "Access" => ld.access_policy = scalar(v),
                "Cache" | "CurrentCache" => ld.current_cache_policy = scalar(v),
                "DefaultCache" => ld.default_cache_policy = scalar(v),
                "Size" => {
                    ld.size_bytes = size(v, &mut warnings, "Size");
                    ld.size_raw = scalar(v);
                }
                "Name" => ld.name = scalar(v).filter(|s| !s.is_empty()),
                _ => extra_value(&mut ld.extra, k, v),
            }
        }
        ld.normalise_cache();
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
        Some(n)
    }

    fn ld_properties(&mut self, a: u32, n: u32, v: &Value) {
        let Some(o) = v.as_object() else {
            self.warn(format!("VD{n} Properties is not an object"));
            return;
        };
        let ix = self.ld_index(a, n);
        let mut warnings = Vec::new();
        let mut progress = Vec::new();
        let Some(ld) = self.doc.logical_drives.get_mut(ix) else {
            return;
        };
        for (k, val) in o {
            match squash_text(k).as_str() {
                "stripsize" => ld.strip_size_bytes = size(val, &mut warnings, k),
                "spandepth" => ld.span_depth = num(val).and_then(|n| u32::try_from(n).ok()),
                "numberofdrivesperspan" | "numberofdrives" => {
                    ld.number_of_drives = num(val).and_then(|n| u32::try_from(n).ok());
                }
                "diskcachepolicy" => ld.disk_cache_policy = scalar(val),
                "osdrivename" => ld.block_device = scalar(val).filter(|s| !is_absent(s)),
                "badblockexists" | "badblocksexist" => ld.bad_blocks_exist = flag(val),
                "activeoperations" => {
                    let t = scalar(val).unwrap_or_default();
                    if !is_absent(&t) {
                        if let Some(p) = operation_progress(a, n, &t) {
                            progress.push(p);
                        }
                        ld.ongoing.push(t);
                    }
                }
                _ => extra_value(&mut ld.extra, k, val),
            }
        }
        self.doc.progress.extend(progress);
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
    }

    fn member_rows(&mut self, a: u32, n: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn(format!("PDs for VD {n} is not a list"));
            return;
        };
        for r in rows {
            if let Some(ix) = self.drive_row_value(a, r, Some(n)) {
                if let Some(pd) = self.doc.physical_drives.get(ix) {
                    let addr = pd.address();
                    self.members.push((a, n, addr));
                }
            }
        }
    }

    fn topology(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("TOPOLOGY is not a list");
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let n = |key: &str| o.get(key).and_then(num).and_then(|x| u32::try_from(x).ok());
            let state = match self.schema {
                Schema::V1 => o.get("State").and_then(scalar).unwrap_or_default(),
                Schema::V2 => {
                    let s = o.get("State").and_then(scalar).unwrap_or_default();
                    let st = o.get("Status").and_then(scalar).unwrap_or_default();
                    if is_absent(&st) { s } else { st }
                }
            };
            self.topo.push(TopoRow {
                adapter: a,
                dg: n("DG"),
                arr: n("Arr").or_else(|| n("Span")),
                row: n("Row"),
                addr: o
                    .get("EID:Slot")
                    .or_else(|| o.get("EID:Slt"))
                    .and_then(scalar)
                    .and_then(|s| eid_slot(&s)),
                typ: o.get("Type").and_then(scalar).unwrap_or_default(),
                state,
            });
        }
    }

    fn enclosures(&mut self, a: u32, rows: &[Value]) {
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(eid) = o
                .get("EID")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            if self
                .doc
                .enclosures
                .iter()
                .any(|e| e.adapter == a && e.device_id == Some(eid))
            {
                continue;
            }
            let mut e = Enclosure {
                adapter: a,
                index: eid,
                device_id: Some(eid),
                ..Enclosure::default()
            };
            for (k, v) in o {
                let n = || num(v).and_then(|x| u32::try_from(x).ok());
                match k.trim() {
                    "EID" => {}
                    "State" => e.status = scalar(v),
                    "Slots" => e.slots = n(),
                    "PD" => e.physical_drives = n(),
                    "PS" => e.power_supplies = n(),
                    "Fans" => e.fans = n(),
                    "TSs" => e.temperature_sensors = n(),
                    "ProdID" => e.product = scalar(v).filter(|s| !is_absent(s)),
                    "DeviceType" => e.enclosure_type = scalar(v),
                    _ => extra_value(&mut e.extra, k, v),
                }
            }
            self.doc.enclosures.push(e);
        }
    }

    fn bbu_mut(&mut self, a: u32) -> Option<&mut Bbu> {
        let ix = match self.bbu_ix.get(&a) {
            Some(ix) => *ix,
            None => {
                let ix = self.doc.bbus.len();
                self.doc.bbus.push(Bbu {
                    adapter: a,
                    ..Bbu::default()
                });
                self.bbu_ix.insert(a, ix);
                ix
            }
        };
        self.doc.bbus.get_mut(ix)
    }

    /// `BBU_Info`, `Cachevault_Info`, `Energy Pack Info` rows of `/cX show all`.
    fn battery_row(&mut self, a: u32, o: &Map<String, Value>) {
        let Some(b) = self.bbu_mut(a) else { return };
        for (k, v) in o {
            match squash_text(k).as_str() {
                "model" | "type" => b.battery_type = scalar(v).filter(|s| !is_absent(s)),
                "state" | "status" => {
                    let s = scalar(v).unwrap_or_default();
                    b.state = BatteryState::from_text(&s);
                    b.state_raw = Some(s);
                }
                "temp" | "temperaturec" | "temperature" => {
                    b.temperature_c = inum(v).and_then(|n| i32::try_from(n).ok());
                }
                "voltagemv" | "voltage" => {
                    b.voltage_mv = num(v).and_then(|n| u32::try_from(n).ok())
                }
                _ => extra_value(&mut b.extra, k, v),
            }
        }
    }

    /// `/cX/bbu show all` and `/cX/cv show all`: arrays of `{"Property", "Value"}`.
    fn battery_props(&mut self, a: u32, pv: Vec<(String, Value)>, sections: &[String]) {
        let battery_like = sections.iter().any(|s| {
            let l = s.to_ascii_lowercase();
            l.contains("bbu")
                || l.contains("cachevault")
                || l.contains("gasgauge")
                || l.contains("design")
        });
        if !battery_like {
            let Some(ad) = self.doc.adapters.iter_mut().find(|x| x.adapter == a) else {
                for (k, _) in &pv {
                    self.warn(format!("property {k:?} outside any known section ignored"));
                }
                return;
            };
            for (k, v) in &pv {
                extra_value(&mut ad.extra, k, v);
            }
            return;
        }
        let Some(b) = self.bbu_mut(a) else { return };
        for (k, v) in &pv {
            let text = || scalar(v).filter(|s| !is_absent(s));
            match squash_text(k).as_str() {
                "type" | "batterytype" | "devicename" if b.battery_type.is_none() => {
                    b.battery_type = text();
                }
                "state" | "batterystate" => {
                    let s = scalar(v).unwrap_or_default();
                    b.state = BatteryState::from_text(&s);
                    b.state_raw = Some(s);
                }
                "temperature" => b.temperature_c = inum(v).and_then(|n| i32::try_from(n).ok()),
                "voltage" => b.voltage_mv = num(v).and_then(|n| u32::try_from(n).ok()),
                "current" => b.current_ma = inum(v).and_then(|n| i32::try_from(n).ok()),
                "chargingstatus" => {
                    b.charging = ChargingStatus::from_text(&text().unwrap_or_default())
                }
                "learncycleactive" => b.learn_cycle_active = flag(v),
                "learncyclerequested" => b.learn_cycle_requested = flag(v),
                "learncyclestatus" => b.learn_cycle_status = text(),
                "batterypackmissing" | "packmissing" => b.pack_missing = flag(v),
                "replacementrequired" | "batteryreplacementrequired" => {
                    b.replacement_required = flag(v);
                }
                "remainingcapacitylow" => b.capacity_low = flag(v),
                "packisabouttofailshouldbereplaced" => b.about_to_fail = flag(v),
                "issohgood" => b.soh_good = flag(v),
                "relativestateofcharge" => {
                    b.relative_charge_pct = num(v).and_then(|n| u8::try_from(n).ok());
                }
                "fullchargecapacity" if mah(v) => {
                    b.full_charge_capacity_mah = num(v).and_then(|n| u32::try_from(n).ok());
                }
                "designcapacity" if mah(v) => {
                    b.design_capacity_mah = num(v).and_then(|n| u32::try_from(n).ok());
                }
                _ => extra_value(&mut b.extra, k, v),
            }
        }
    }

    fn foreign(&mut self, a: u32, v: &Value) {
        let Some(rows) = v.as_array() else {
            self.warn("foreign configuration list has an unexpected shape");
            return;
        };
        let fc_ix = match self.doc.foreign_configs.iter().position(|f| f.adapter == a) {
            Some(ix) => ix,
            None => {
                self.doc.foreign_configs.push(ForeignConfig {
                    adapter: a,
                    index: 0,
                    disk_groups: Vec::new(),
                });
                self.doc.foreign_configs.len() - 1
            }
        };
        let Some(fc) = self.doc.foreign_configs.get_mut(fc_ix) else {
            return;
        };
        for r in rows {
            let Some(o) = r.as_object() else { continue };
            let Some(dg) = o
                .get("DG")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok())
            else {
                continue;
            };
            let gi = match fc.disk_groups.iter().position(|g| g.index == dg) {
                Some(i) => i,
                None => {
                    fc.disk_groups.push(DiskGroup {
                        adapter: a,
                        index: dg,
                        ..DiskGroup::default()
                    });
                    fc.disk_groups.len() - 1
                }
            };
            let Some(g) = fc.disk_groups.get_mut(gi) else {
                continue;
            };
            let addr = o
                .get("EID:Slt")
                .or_else(|| o.get("EID:Slot"))
                .and_then(scalar)
                .and_then(|s| eid_slot(&s));
            if let Some((enc, slot)) = addr {
                if g.spans.is_empty() {
                    g.spans.push(Span::default());
                }
                if let Some(span) = g.spans.first_mut() {
                    let row = u32::try_from(span.rows.len()).unwrap_or(u32::MAX);
                    span.rows.push(SpanRow {
                        row,
                        drive: Some(DriveAddress {
                            enclosure: enc,
                            slot,
                        }),
                        firmware_state: o
                            .get("State")
                            .and_then(scalar)
                            .map(|s| FirmwareState::from_text(&s)),
                    });
                }
            }
        }
    }

    /// `show rebuild` / `show copyback` / `show bgi|cc|init` rows.
    pub(crate) fn progress_rows(&mut self, a: u32, rows: &[Value], desc: &str) {
        let d = desc.to_ascii_lowercase();
        for r in rows {
            let Some(o) = r.as_object() else {
                self.warn("progress row is not an object");
                continue;
            };
            let status = o.get("Status").and_then(scalar).unwrap_or_default();
            let sl = status.to_ascii_lowercase();
            let in_progress = sl.contains("in progress") && !sl.contains("not in progress");
            let percent = o
                .get("Progress%")
                .or_else(|| o.get("Progress"))
                .and_then(num)
                .and_then(|n| u8::try_from(n).ok());
            let drive = o
                .get("Drive-ID")
                .or_else(|| o.get("Drive"))
                .and_then(scalar)
                .and_then(|s| {
                    drive_path(&s).map(|(_, e, s, _)| DriveAddress {
                        enclosure: e,
                        slot: s,
                    })
                });
            let vd = o
                .get("VD")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok());
            let op = o
                .get("Operation")
                .and_then(scalar)
                .unwrap_or_default()
                .to_ascii_lowercase();
            let kind = if op.contains("bgi") || op.contains("background") {
                ProgressKind::BackgroundInit
            } else if op.contains("cc") || op.contains("consist") {
                ProgressKind::ConsistencyCheck
            } else if op.contains("init") {
                ProgressKind::Initialization
            } else if d.contains("copyback") || op.contains("copyback") {
                ProgressKind::Copyback
            } else if d.contains("rebuild") || drive.is_some() {
                ProgressKind::Rebuild
            } else {
                ProgressKind::Unknown(op.clone())
            };
            if drive.is_none() && vd.is_none() {
                self.warn("progress row names neither a drive nor a VD");
                continue;
            }
            self.doc.progress.push(Progress {
                adapter: a,
                kind,
                drive,
                logical_drive: vd,
                in_progress,
                percent,
                elapsed_minutes: None,
            });
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

    fn finish_topology(&mut self) {
        let mut groups: BTreeMap<(u32, u32), DiskGroup> = BTreeMap::new();
        for t in std::mem::take(&mut self.topo) {
            let Some(dg) = t.dg else { continue };
            let g = groups.entry((t.adapter, dg)).or_insert_with(|| DiskGroup {
                adapter: t.adapter,
                index: dg,
                ..DiskGroup::default()
            });
            let typ = t.typ.to_ascii_uppercase();
            if typ == "DHS" {
                g.dedicated_hotspares = Some(g.dedicated_hotspares.unwrap_or(0) + 1);
                continue;
            }
            let (Some(arr), Some(row)) = (t.arr, t.row) else {
                if let (Some(arr), None) = (t.arr, t.row) {
                    if !g.spans.iter().any(|s| s.index == arr) {
                        g.spans.push(Span {
                            index: arr,
                            ..Span::default()
                        });
                    }
                }
                continue;
            };
            let si = match g.spans.iter().position(|s| s.index == arr) {
                Some(i) => i,
                None => {
                    g.spans.push(Span {
                        index: arr,
                        ..Span::default()
                    });
                    g.spans.len() - 1
                }
            };
            let drive = t.addr.map(|(e, s)| DriveAddress {
                enclosure: e,
                slot: s,
            });
            if let Some(span) = g.spans.get_mut(si) {
                span.rows.push(SpanRow {
                    row,
                    drive,
                    firmware_state: Some(v1_state(&t.state)),
                });
            }
            if let Some(addr) = drive {
                if let Some(ix) = self.drive_ix.get(&(t.adapter, addr.enclosure, addr.slot)) {
                    if let Some(pd) = self.doc.physical_drives.get_mut(*ix) {
                        pd.disk_group = pd.disk_group.or(Some(dg));
                        pd.span = pd.span.or(Some(arr));
                        pd.arm = pd.arm.or(Some(row));
                    }
                }
            }
        }
        for ((a, dg), g) in &groups {
            let rows: Vec<DriveAddress> = g
                .spans
                .iter()
                .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                .collect();
            for ld in
                self.doc.logical_drives.iter_mut().filter(|l| {
                    l.adapter == *a && l.disk_group == Some(*dg) && l.members.is_empty()
                })
            {
                ld.members.clone_from(&rows);
            }
        }
        for ((a, dg), mut g) in groups {
            let mut lds: Vec<u32> = self
                .doc
                .logical_drives
                .iter()
                .filter(|l| l.adapter == a && l.disk_group == Some(dg))
                .map(|l| l.target_id)
                .collect();
            lds.sort_unstable();
            g.logical_drives = lds;
            self.doc.disk_groups.push(g);
        }
    }

    fn finish_bbu_status(&mut self) {
        for (a, bits) in std::mem::take(&mut self.bbu_status) {
            let flags = bbu_flags(bits);
            if let Some(ad) = self.doc.adapters.iter_mut().find(|x| x.adapter == a) {
                ad.extra
                    .insert("BBU Status flags".to_owned(), describe(&flags));
            }
            let present = self
                .doc
                .adapters
                .iter()
                .any(|x| x.adapter == a && x.bbu_present == Some(true));
            if !self.bbu_ix.contains_key(&a) && !present {
                continue;
            }
            let created = !self.bbu_ix.contains_key(&a);
            let Some(b) = self.bbu_mut(a) else { continue };
            let has = |f: &str| flags.iter().any(|x| *x == f);
            b.pack_missing = b.pack_missing.or(Some(has("pack_missing")));
            b.replacement_required = b.replacement_required.or(Some(has("replace_pack")));
            b.capacity_low = b.capacity_low.or(Some(has("capacity_low")));
            b.learn_cycle_active = b.learn_cycle_active.or(Some(has("learn_cycle_active")));
            b.learn_cycle_requested = b
                .learn_cycle_requested
                .or(Some(has("learn_cycle_requested")));
            if b.charging.is_unknown() {
                if has("charging") {
                    b.charging = ChargingStatus::Charging;
                } else if has("discharging") {
                    b.charging = ChargingStatus::Discharging;
                }
            }
            b.extra.insert(
                "BBU Status".to_owned(),
                format!("{bits} ({})", describe(&flags)),
            );
            if created || b.state.is_unknown() {
                b.state = if has("pack_missing") {
                    BatteryState::Missing
                } else if has("replace_pack")
                    || has("learn_cycle_failed")
                    || has("voltage_low")
                    || has("temperature_high")
                    || has("i2c_error")
                {
                    BatteryState::Degraded
                } else if has("learn_cycle_active") {
                    BatteryState::Learning
                } else {
                    BatteryState::Optimal
                };
                b.state_raw = Some(format!("BBU Status {bits}"));
            }
        }
    }
}

/// Decodes the controller's `BBU Status` firmware bitfield (MFI `fw_status`). Bits without a
/// known meaning are reported as `bitN`, never guessed.
pub fn bbu_flags(bits: u64) -> Vec<String> {
    const NAMES: [&str; 13] = [
        "pack_missing",
        "voltage_low",
        "temperature_high",
        "charging",
        "discharging",
        "learn_cycle_requested",
        "learn_cycle_active",
        "learn_cycle_failed",
        "learn_cycle_timeout",
        "i2c_error",
        "replace_pack",
        "capacity_low",
        "learn_required",
    ];
    (0..64)
        .filter(|i| bits & (1u64 << i) != 0)
        .map(|i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| NAMES.get(i))
                .map_or_else(|| format!("bit{i}"), |s| (*s).to_owned())
        })
        .collect()
}

fn describe(flags: &[String]) -> String {
    if flags.is_empty() {
        "none".to_owned()
    } else {
        flags.join(",")
    }
}

fn merge_adapter(old: Adapter, new: Adapter) -> Adapter {
    macro_rules! pick {
        ($($f:ident),*) => { Adapter { $( $f: old.$f.or(new.$f), )* adapter: old.adapter, extra: old.extra } };
    }
    pick!(
        product_name,
        serial,
        fw_package,
        fw_version,
        bios_version,
        memory_bytes,
        bbu_present,
        alarm,
        auto_rebuild,
        rebuild_rate_pct,
        battery_warning,
        offline_vd_cache_preserved,
        jbod_enabled,
        virtual_drive_count,
        degraded_count,
        offline_count,
        disk_count,
        critical_disk_count,
        failed_disk_count,
        status,
        pci,
        pci_ids,
        driver_version
    )
}

/// `/c0/v12` → 12.
fn vd_path(k: &str) -> Option<u32> {
    let r = k.strip_prefix("/c")?;
    let (_, r) = super::digits(r)?;
    let r = r.strip_prefix("/v")?;
    let (n, rest) = super::digits(r)?;
    if !rest.trim().is_empty() {
        return None;
    }
    u32::try_from(n).ok()
}

/// Drops a `Drive /c0/e252/s0 ` prefix some keys carry.
fn drive_key_tail(k: &str) -> &str {
    match drive_path(k) {
        Some((_, _, _, rest)) => rest.trim(),
        None => k,
    }
}

/// Flattens nested objects into key/value pairs; port/path arrays are collected aside.
fn flatten<'v>(
    v: &'v Value,
    out: &mut Vec<(String, &'v Value)>,
    ports: &mut Vec<&'v Map<String, Value>>,
) {
    let Some(o) = v.as_object() else { return };
    for (k, val) in o {
        match val {
            Value::Object(_) => flatten(val, out, ports),
            Value::Array(rows) => {
                let l = k.to_ascii_lowercase();
                if l.contains("port information") || l.contains("path information") {
                    ports.extend(rows.iter().filter_map(Value::as_object));
                }
            }
            _ => out.push((clean(k), val)),
        }
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

fn mah(v: &Value) -> bool {
    match v {
        Value::String(s) => {
            let l = s.to_ascii_lowercase();
            l.contains("mah") || l.trim().chars().all(|c| c.is_ascii_digit())
        }
        Value::Number(_) => true,
        _ => false,
    }
}

/// `DriveGroup:0, Span:0, Row:1` → (0, 0, 1).
fn drive_position(t: &str) -> (Option<u32>, Option<u32>, Option<u32>) {
    let mut out = (None, None, None);
    for part in t.split(',') {
        let Some((k, v)) = part.split_once(':') else {
            continue;
        };
        let n = v.trim().parse::<u32>().ok();
        match squash_text(k).as_str() {
            "drivegroup" | "diskgroup" => out.0 = n,
            "span" => out.1 = n,
            "row" | "arm" => out.2 = n,
            _ => {}
        }
    }
    out
}

/// storcli 7.x drive state abbreviations.
pub(crate) fn v1_state(s: &str) -> FirmwareState {
    match squash_text(s).as_str() {
        "ugshld" | "ugunsp" => FirmwareState::from_text(s),
        "hspshld" => FirmwareState::Hotspare,
        _ => FirmwareState::from_text(s),
    }
}

/// storcli2 `State` (`Conf`, `UConf`, `GHS`, `DHS`, `JBOD`) with `Status` (`Online`...).
pub(crate) fn v2_state(state: &str, status: &str) -> FirmwareState {
    let st = squash_text(status);
    match squash_text(state).as_str() {
        "conf" | "configured" | "" => {
            if st.is_empty() {
                FirmwareState::from_text(state)
            } else {
                FirmwareState::from_text(status)
            }
        }
        "uconf" | "unconf" | "unconfigured" | "ugood" | "ubad" => {
            if st.contains("bad") || st.contains("fail") || squash_text(state) == "ubad" {
                FirmwareState::UnconfiguredBad
            } else {
                FirmwareState::UnconfiguredGood
            }
        }
        _ => match FirmwareState::from_text(state) {
            FirmwareState::Unknown(_) => FirmwareState::from_text(status),
            known => known,
        },
    }
}

/// storcli VD state abbreviations.
pub(crate) fn ld_state(s: &str) -> LdState {
    LdState::from_text(s)
}

/// `Consistency Check (36%)`, `Rebuild 12%` → a progress record.
fn operation_progress(a: u32, n: u32, t: &str) -> Option<Progress> {
    let l = t.to_ascii_lowercase();
    let kind = if l.contains("consist") || l.contains("cc") {
        ProgressKind::ConsistencyCheck
    } else if l.contains("background") || l.contains("bgi") {
        ProgressKind::BackgroundInit
    } else if l.contains("init") {
        ProgressKind::Initialization
    } else if l.contains("recon") {
        ProgressKind::Reconstruction
    } else if l.contains("rebuild") {
        ProgressKind::Rebuild
    } else {
        return None;
    };
    Some(Progress {
        adapter: a,
        kind,
        drive: None,
        logical_drive: Some(n),
        in_progress: true,
        percent: super::percent(t),
        elapsed_minutes: None,
    })
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
