//! storcli/perccli front end of the simulated controller.
//!
//! Called as `storcli64` or `perccli64` (see [`crate::sim::multicall`]), raidctl takes storcli's object syntax (`/c0/e32/s4 set offline J`) and answers
//! from the same [`SimState`] as the MegaCli front end. Every action is translated into the
//! equivalent MegaCli [`Invocation`] and run through [`crate::sim::dispatch`], so refusals,
//! events, hot-spare takeover and rebuilds are exactly those of the MegaCli state machine.
//!
//! Output is either JSON (`J`, the `{"Controllers":[{"Command Status":…,"Response Data":…}]}`
//! envelope with keys in the order of real 007.x captures) or the text form (`CLI Version =`,
//! `Controller =`, `Status =`, `Description =` header, `Key = Value` sections and dashed tables
//! with legends). Both are rendered from one ordered tree ([`J`]). A failure has
//! `Status = Failure`, a `Detailed Status` list with `ErrCd`/`ErrMsg`, and the process exits
//! with the error code.
//!
//! Invoked under a name containing `perccli` the tool answers as perccli (its CLI version).
//! Calls are counted (and faults matched) as `storcli:show` for every read and
//! `storcli:<verb>` for actions (`set`, `insert`, `start`, `stop`, `add`, `delete`, `del`,
//! `spindown`, `spinup`, `import`), whichever name the tool was called under.
//!
//! Texts not seen in a real capture come from [`crate::sim::unverified::storcli`].
//!
//! Called as `storcli2` or `perccli2`, the same parser and state machine answer in the 8.x
//! JSON schema rendered by [`crate::sim::storcli2`].

use crate::model::{DriveAddress, FirmwareState, LdState, MediaType, PdType, RaidLevel};
use crate::sim::args::{AdapterSel, Invocation, LdSel};
use crate::sim::render::foreign_configs;
use crate::sim::state::{Adapter, DiskGroup, Drive, OpKind, SimState, Vd, coerced, noncoerced};
use crate::sim::text::broken;
use crate::sim::unverified::{fill, storcli as unv};

/// CLI version storcli reports (a real 007.x release string).
pub const STORCLI_VERSION: &str = "007.1704.0000.0000 Jan 16, 2021";
/// CLI version perccli reports.
pub const PERCCLI_VERSION: &str = "007.2313.0000.0000 Mar 07, 2023";
/// `Operating system` of the simulated host.
pub const OS: &str = "Linux 5.15.0-sim";

/// Which vendor build answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Broadcom storcli.
    Storcli,
    /// Dell perccli (same syntax).
    Perccli,
    /// Broadcom storcli2 (8.x, SAS4 / `mpi3mr`): the 8.x JSON schema, see
    /// [`crate::sim::storcli2`].
    Storcli2,
    /// Dell perccli2 (PERC 12): the 8.x JSON schema.
    Perccli2,
}

impl Tool {
    /// The tool a program name stands for (`perccli` anywhere in it selects perccli, a name
    /// ending in `cli2` the 8.x generation).
    pub fn from_prog(prog: &str) -> Self {
        let base = prog.rsplit('/').next().unwrap_or(prog).to_ascii_lowercase();
        match (base.contains("perccli"), base.ends_with("cli2")) {
            (true, true) => Self::Perccli2,
            (true, false) => Self::Perccli,
            (false, true) => Self::Storcli2,
            (false, false) => Self::Storcli,
        }
    }

    /// The 8.x generation (storcli2/perccli2) with its own JSON schema.
    pub fn v2(self) -> bool {
        matches!(self, Self::Storcli2 | Self::Perccli2)
    }

    pub(crate) fn version(self) -> &'static str {
        match self {
            Self::Storcli => STORCLI_VERSION,
            Self::Perccli => PERCCLI_VERSION,
            Self::Storcli2 => crate::sim::unverified::storcli2::STORCLI2_VERSION,
            Self::Perccli2 => crate::sim::storcli2::PERCCLI2_VERSION,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Ordered JSON tree.

/// An ordered JSON tree the simulator builds storcli's output with (key order matters to
/// storcli's readers; the builder and writer here reproduce storcli's layout exactly).
#[derive(Debug, Clone, PartialEq)]
pub enum J {
    /// String.
    S(String),
    /// Integer.
    N(i64),
    /// Object with keys in order.
    O(Vec<(String, J)>),
    /// Array.
    A(Vec<J>),
}

impl J {
    /// Pretty JSON with two-space indentation and `"key": value` (007.2x and later layout).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, ind: usize) {
        let pad = |out: &mut String, n: usize| out.push_str(&"  ".repeat(n));
        match self {
            Self::S(s) => out.push_str(&quote(s)),
            Self::N(n) => out.push_str(&n.to_string()),
            Self::O(kv) if kv.is_empty() => out.push_str("{}"),
            Self::A(v) if v.is_empty() => out.push_str("[]"),
            Self::O(kv) => {
                out.push_str("{\n");
                for (i, (k, v)) in kv.iter().enumerate() {
                    pad(out, ind + 1);
                    out.push_str(&quote(k));
                    out.push_str(": ");
                    v.write(out, ind + 1);
                    if i + 1 < kv.len() {
                        out.push(',');
                    }
                    out.push('\n');
                }
                pad(out, ind);
                out.push('}');
            }
            Self::A(v) => {
                out.push_str("[\n");
                for (i, x) in v.iter().enumerate() {
                    pad(out, ind + 1);
                    x.write(out, ind + 1);
                    if i + 1 < v.len() {
                        out.push(',');
                    }
                    out.push('\n');
                }
                pad(out, ind);
                out.push(']');
            }
        }
    }

    /// Text of a scalar (`N`/`S`); empty for containers.
    fn scalar(&self) -> String {
        match self {
            Self::S(s) => s.clone(),
            Self::N(n) => n.to_string(),
            _ => String::new(),
        }
    }

    /// Value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&J> {
        match self {
            Self::O(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Parses JSON keeping the key order (scalars other than integers become strings).
    /// Used to compare key structure with real captures.
    ///
    /// # Errors
    /// serde_json's description of the first syntax error.
    pub fn parse(text: &str) -> Result<J, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Ok(Self::from_value(v))
    }

    /// Converts a `serde_json` value (ordered: the crate is built with `preserve_order`).
    fn from_value(v: serde_json::Value) -> J {
        use serde_json::Value as V;
        match v {
            V::Object(m) => J::O(
                m.into_iter()
                    .map(|(k, v)| (k, Self::from_value(v)))
                    .collect(),
            ),
            V::Array(a) => J::A(a.into_iter().map(Self::from_value).collect()),
            V::String(s) => J::S(s),
            V::Number(n) => n.as_i64().map_or_else(|| J::S(n.to_string()), J::N),
            V::Bool(b) => J::S(b.to_string()),
            V::Null => J::S("null".to_owned()),
        }
    }
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

/// Object builder.
#[derive(Debug, Default)]
pub(crate) struct Ob(Vec<(String, J)>);

impl Ob {
    pub(crate) fn new() -> Self {
        Self::default()
    }
    pub(crate) fn s(mut self, k: &str, v: impl Into<String>) -> Self {
        self.0.push((k.to_owned(), J::S(v.into())));
        self
    }
    pub(crate) fn n(mut self, k: &str, v: impl Into<i64>) -> Self {
        self.0.push((k.to_owned(), J::N(v.into())));
        self
    }
    pub(crate) fn j(mut self, k: &str, v: J) -> Self {
        self.0.push((k.to_owned(), v));
        self
    }
    pub(crate) fn done(self) -> J {
        J::O(self.0)
    }
}

pub(crate) fn n64(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

pub(crate) fn u64i(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

// ---------------------------------------------------------------------------------------------
// Command line.

/// One selector of the object path (`c0`, `call`, `e32`, `sall`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sel {
    /// `all`.
    All,
    /// A number.
    One(u32),
}

/// A parsed storcli command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cmd {
    /// `/cN` or `/call`.
    pub ctrl: Option<Sel>,
    /// `/eN` or `/eall`.
    pub encl: Option<Sel>,
    /// `/sN` or `/sall`.
    pub slot: Option<Sel>,
    /// `/vN` or `/vall`.
    pub vd: Option<Sel>,
    /// `/fall`.
    pub fall: bool,
    /// `/bbu`.
    pub bbu: bool,
    /// `/cv`.
    pub cv: bool,
    /// Plain words, lowercased (`show`, `all`, `set`, `offline`...).
    pub words: Vec<String>,
    /// `key=value` pairs, keys lowercased.
    pub kv: Vec<(String, String)>,
    /// `J` given.
    pub json: bool,
}

impl Cmd {
    pub(crate) fn has(&self, w: &str) -> bool {
        self.words.iter().any(|x| x == w)
    }
    pub(crate) fn get(&self, k: &str) -> Option<&str> {
        self.kv
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    }
    pub(crate) fn verb(&self) -> &str {
        self.words.first().map_or("", String::as_str)
    }

    /// Name under which the call is counted and faults match (`storcli:show`, `storcli:set`).
    pub fn counter_name(&self) -> String {
        match self.verb() {
            "" | "show" => "storcli:show".to_owned(),
            v => format!("storcli:{v}"),
        }
    }
}

fn sel(rest: &str) -> Option<Sel> {
    if rest.eq_ignore_ascii_case("all") {
        Some(Sel::All)
    } else {
        rest.parse().ok().map(Sel::One)
    }
}

/// Parses argv (without the program name).
///
/// # Errors
/// The token storcli would not accept.
pub fn parse(args: &[String]) -> Result<Cmd, String> {
    let mut c = Cmd::default();
    // `key = value` written with spaces is joined first.
    let mut toks: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let t = args[i].trim();
        if t == "=" && !toks.is_empty() && i + 1 < args.len() {
            if let Some(last) = toks.last_mut() {
                last.push('=');
                last.push_str(args[i + 1].trim());
            }
            i += 2;
            continue;
        }
        toks.push(t.to_owned());
        i += 1;
    }
    for t in toks {
        if t.is_empty() {
            continue;
        }
        if let Some(path) = t.strip_prefix('/') {
            for seg in path.split('/').filter(|s| !s.is_empty()) {
                let l = seg.to_ascii_lowercase();
                let bad = || format!("invalid object {t}");
                if l == "fall" {
                    c.fall = true;
                } else if l == "bbu" {
                    c.bbu = true;
                } else if l == "cv" {
                    c.cv = true;
                } else if let Some(r) = l.strip_prefix('c') {
                    c.ctrl = Some(sel(r).ok_or_else(bad)?);
                } else if let Some(r) = l.strip_prefix('e') {
                    c.encl = Some(sel(r).ok_or_else(bad)?);
                } else if let Some(r) = l.strip_prefix('s') {
                    c.slot = Some(sel(r).ok_or_else(bad)?);
                } else if let Some(r) = l.strip_prefix('v') {
                    c.vd = Some(sel(r).ok_or_else(bad)?);
                } else {
                    return Err(bad());
                }
            }
            continue;
        }
        if t == "J" || t == "j" {
            c.json = true;
            continue;
        }
        let l = t.to_ascii_lowercase();
        if l == "nolog" {
            continue;
        }
        if let Some((k, v)) = t.split_once('=') {
            c.kv.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
            continue;
        }
        if l.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-') {
            c.words.push(l);
            continue;
        }
        return Err(t);
    }
    Ok(c)
}

// ---------------------------------------------------------------------------------------------
// Responses.

/// One controller's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Resp {
    /// Controller number; `None` for commands that are not about one controller.
    pub ctrl: Option<u32>,
    /// `Status = Success`.
    pub ok: bool,
    /// `Description`.
    pub description: String,
    /// `Detailed Status` rows.
    pub detailed: Vec<J>,
    /// `Response Data`.
    pub data: Option<J>,
    /// Exit status contribution (the error code).
    pub code: i32,
}

impl Resp {
    pub(crate) fn ok(ctrl: u32, description: &str, data: Option<J>) -> Self {
        Self {
            ctrl: Some(ctrl),
            ok: true,
            description: description.to_owned(),
            detailed: Vec::new(),
            data,
            code: 0,
        }
    }

    pub(crate) fn fail(ctrl: Option<u32>, description: &str, detailed: Vec<J>, code: i32) -> Self {
        Self {
            ctrl,
            ok: false,
            description: description.to_owned(),
            detailed,
            data: None,
            code,
        }
    }

    fn status(&self, tool: Tool) -> J {
        let mut o = Ob::new()
            .s("CLI Version", tool.version())
            .s("Operating system", OS);
        o = match self.ctrl {
            Some(c) => o.n("Controller", c),
            None => o.n("Status Code", if self.ok { 0 } else { self.code }),
        };
        o = o
            .s("Status", if self.ok { "Success" } else { "Failure" })
            .s("Description", self.description.clone());
        if !self.detailed.is_empty() {
            o = o.j("Detailed Status", J::A(self.detailed.clone()));
        }
        o.done()
    }
}

/// What a command prints.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// Per-controller responses in the storcli envelope.
    Ctrls(Vec<Resp>),
    /// Raw text (event dumps, term log) and exit status.
    Raw(String, i32),
}

/// Renders an output as storcli prints it; returns stdout text and exit status.
pub fn render(out: &Output, tool: Tool, json: bool) -> (String, i32) {
    match out {
        Output::Raw(t, c) => (t.clone(), *c),
        Output::Ctrls(list) => {
            let code = list
                .iter()
                .rev()
                .find(|r| r.code != 0)
                .map_or(0, |r| r.code);
            let text = if json {
                let ctrls: Vec<J> = list
                    .iter()
                    .map(|r| {
                        let mut o = Ob::new().j("Command Status", r.status(tool));
                        if let Some(d) = &r.data {
                            o = o.j("Response Data", d.clone());
                        }
                        o.done()
                    })
                    .collect();
                let mut s = Ob::new().j("Controllers", J::A(ctrls)).done().to_json();
                s.push('\n');
                s
            } else {
                list.iter().map(|r| text_resp(r, tool)).collect()
            };
            (text, code)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Text form.

/// Columns storcli right-aligns.
fn right_aligned(table: &str, col: &str) -> bool {
    match table {
        "TOPOLOGY" => matches!(col, "DG" | "Size"),
        _ => matches!(
            col,
            "DID" | "DG" | "Size" | "Ctrl" | "ErrCd" | "Port" | "Ctl" | "PDs" | "DGs" | "VDs"
        ),
    }
}

fn legend(table: &str) -> Option<&'static str> {
    Some(match table {
        "TOPOLOGY" => {
            "DG=Disk Group Index|Arr=Array Index|Row=Row Index|EID=Enclosure Device ID\nDID=Device ID|Type=Drive Type|Onln=Online|Rbld=Rebuild|Dgrd=Degraded\nPdgd=Partially degraded|Offln=Offline|BT=Background Task Active\nPDC=PD Cache|PI=Protection Info|SED=Self Encrypting Drive|Frgn=Foreign\nDS3=Dimmer Switch 3|dflt=Default|Msng=Missing|FSpace=Free Space Present"
        }
        "VD LIST" => {
            "Cac=CacheCade|Rec=Recovery|OfLn=OffLine|Pdgd=Partially Degraded|dgrd=Degraded\nOptl=Optimal|RO=Read Only|RW=Read Write|HD=Hidden|B=Blocked|Consist=Consistent|\nR=Read Ahead Always|NR=No Read Ahead|WB=WriteBack|\nAWB=Always WriteBack|WT=WriteThrough|C=Cached IO|D=Direct IO|sCC=Scheduled\nCheck Consistency"
        }
        "PD LIST" | "Drive Information" => {
            "EID-Enclosure Device ID|Slt-Slot No.|DID-Device ID|DG-DriveGroup\nDHS-Dedicated Hot Spare|UGood-Unconfigured Good|GHS-Global Hotspare\nUBad-Unconfigured Bad|Onln-Online|Offln-Offline|Intf-Interface\nMed-Media Type|SED-Self Encryptive Drive|PI-Protection Info\nSeSz-Sector Size|Sp-Spun|U-Up|D-Down|T-Transition|F-Foreign\nUGUnsp-Unsupported|UGShld-UnConfigured shielded|HSPShld-Hotspare shielded\nCFShld-Configured shielded|Cpybck-CopyBack|CBShld-Copyback Shielded"
        }
        _ => return None,
    })
}

/// Dashed table: every cell padded to the column width and followed by one space.
fn table(name: &str, rows: &[J]) -> String {
    let Some(J::O(first)) = rows.first() else {
        return String::new();
    };
    let cols: Vec<&str> = first.iter().map(|(k, _)| k.as_str()).collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            cols.iter()
                .map(|c| r.get(c).map(J::scalar).unwrap_or_default())
                .collect()
        })
        .collect();
    let widths: Vec<usize> = cols
        .iter()
        .enumerate()
        .map(|(i, c)| {
            cells
                .iter()
                .map(|r| r[i].chars().count())
                .chain(std::iter::once(c.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |vals: &[String]| -> String {
        let mut s = String::new();
        for (i, v) in vals.iter().enumerate() {
            if right_aligned(name, cols[i]) {
                s.push_str(&format!("{v:>w$} ", w = widths[i]));
            } else {
                s.push_str(&format!("{v:<w$} ", w = widths[i]));
            }
        }
        s
    };
    let dash = "-".repeat(widths.iter().map(|w| w + 1).sum());
    let head: Vec<String> = cols.iter().map(|c| (*c).to_owned()).collect();
    let mut out = String::new();
    out.push_str(&dash);
    out.push('\n');
    out.push_str(&line(&head));
    out.push('\n');
    out.push_str(&dash);
    out.push('\n');
    for r in &cells {
        out.push_str(&line(r));
        out.push('\n');
    }
    out.push_str(&dash);
    out.push('\n');
    if let Some(l) = legend(name) {
        out.push('\n');
        out.push_str(l);
        out.push('\n');
    }
    out
}

pub(crate) fn is_table(v: &J) -> bool {
    matches!(v, J::A(rows) if rows.iter().all(|r| matches!(r, J::O(kv) if kv.iter().all(|(_, x)| !matches!(x, J::O(_) | J::A(_))))))
}

fn heading(out: &mut String, key: &str) {
    out.push_str(key);
    out.push_str(" :\n");
    out.push_str(&"=".repeat(key.chars().count()));
    out.push('\n');
}

fn text_entries(out: &mut String, kv: &[(String, J)]) {
    for (k, v) in kv {
        match v {
            J::S(_) | J::N(_) => {
                out.push_str(k);
                out.push_str(" = ");
                out.push_str(&v.scalar());
                out.push('\n');
            }
            J::O(inner) => {
                out.push('\n');
                heading(out, k);
                text_entries(out, inner);
                out.push('\n');
            }
            J::A(rows) if is_table(v) => {
                out.push('\n');
                heading(out, k);
                out.push('\n');
                out.push_str(&table(k, rows));
                out.push('\n');
            }
            J::A(items) => {
                out.push('\n');
                heading(out, k);
                for it in items {
                    if let J::O(inner) = it {
                        text_entries(out, inner);
                    } else {
                        out.push_str(&it.scalar());
                        out.push('\n');
                    }
                }
                out.push('\n');
            }
        }
    }
}

pub(crate) fn text_resp(r: &Resp, tool: Tool) -> String {
    let mut out = String::new();
    out.push_str(&format!("CLI Version = {}\n", tool.version()));
    out.push_str(&format!("Operating system = {OS}\n"));
    match r.ctrl {
        Some(c) => out.push_str(&format!("Controller = {c}\n")),
        None => out.push_str(&format!(
            "Status Code = {}\n",
            if r.ok { 0 } else { r.code }
        )),
    }
    out.push_str(&format!(
        "Status = {}\n",
        if r.ok { "Success" } else { "Failure" }
    ));
    out.push_str(&format!("Description = {}\n", r.description));
    out.push('\n');
    if !r.detailed.is_empty() {
        heading(&mut out, "Detailed Status");
        out.push('\n');
        out.push_str(&table("Detailed Status", &r.detailed));
        out.push('\n');
    }
    match &r.data {
        Some(J::O(kv)) => text_entries(&mut out, kv),
        Some(J::A(rows)) if is_table(&J::A(rows.clone())) => {
            out.push('\n');
            out.push_str(&table("", rows));
        }
        _ => {}
    }
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------------------------
// Values.

/// storcli size text: three decimals, truncated, GB below one TiB (`278.464 GB`, `2.728 TB`).
pub fn size(sectors: u64) -> String {
    size_in(sectors, ["GB", "TB"])
}

/// [`size`] with other names for the binary GB and TB (8.x prints `GiB`, `TiB`).
pub(crate) fn size_in(sectors: u64, [gb, tb]: [&str; 2]) -> String {
    let bytes = u128::from(sectors) * 512;
    let (unit, den) = if bytes >= 1u128 << 40 {
        (tb, 1u128 << 40)
    } else {
        (gb, 1u128 << 30)
    };
    let v = bytes * 1000 / den;
    format!("{}.{:03} {unit}", v / 1000, v % 1000)
}

fn size_sectors(sectors: u64) -> String {
    format!("{} [0x{sectors:x} Sectors]", size(sectors))
}

/// `State` column abbreviation of a drive.
pub fn pd_state(d: &Drive) -> &'static str {
    match &d.state {
        FirmwareState::Online => "Onln",
        FirmwareState::Offline => "Offln",
        FirmwareState::Failed => "Failed",
        FirmwareState::Rebuild => "Rbld",
        FirmwareState::Copyback => "Cpybck",
        FirmwareState::UnconfiguredGood => "UGood",
        FirmwareState::UnconfiguredBad => "UBad",
        FirmwareState::Hotspare => {
            if d.hotspare.as_ref().is_some_and(|h| !h.dedicated.is_empty()) {
                "DHS"
            } else {
                "GHS"
            }
        }
        FirmwareState::Jbod => "JBOD",
        FirmwareState::Unknown(_) => "Unknown",
    }
}

/// `State` abbreviation of a VD state.
pub fn vd_state(s: &LdState) -> &'static str {
    match s {
        LdState::Optimal => "Optl",
        LdState::Degraded => "Dgrd",
        LdState::PartiallyDegraded => "Pdgd",
        _ => "OfLn",
    }
}

/// `TYPE` text of a RAID level (`RAID5`, `RAID10`).
pub fn level_text(l: &RaidLevel) -> String {
    match l.megacli_number() {
        Some(0) if matches!(l, RaidLevel::Raid00) => "RAID00".to_owned(),
        Some(n) => format!("RAID{n}"),
        None => "RAID0".to_owned(),
    }
}

/// Level of one span of a spanned group (`RAID1` for a RAID10 span).
pub(crate) fn span_level(l: &RaidLevel) -> String {
    match l {
        RaidLevel::Raid10 => "RAID1".to_owned(),
        RaidLevel::Raid50 => "RAID5".to_owned(),
        RaidLevel::Raid60 => "RAID6".to_owned(),
        RaidLevel::Raid00 => "RAID0".to_owned(),
        other => level_text(other),
    }
}

/// `/c0/e32/s4` or `/c0/s4`.
pub fn drive_path(ad: u32, a: DriveAddress) -> String {
    match a.enclosure {
        Some(e) => format!("/c{ad}/e{e}/s{}", a.slot),
        None => format!("/c{ad}/s{}", a.slot),
    }
}

/// `EID:Slt` text: `32:4`, or `" :4"` without an enclosure.
pub fn eid_slt(a: DriveAddress) -> String {
    match a.enclosure {
        Some(e) => format!("{e}:{}", a.slot),
        None => format!(" :{}", a.slot),
    }
}

pub(crate) fn dg_of(ad: &Adapter, d: &Drive) -> J {
    if let Some(p) = ad.position(d.addr()) {
        return J::N(n64(p.group));
    }
    if d.foreign.is_some() {
        return J::S("F".to_owned());
    }
    if let Some(h) = &d.hotspare {
        if let Some(g) = h.dedicated.first().and_then(|u| ad.group_index(*u)) {
            return J::N(n64(g));
        }
    }
    J::S("-".to_owned())
}

pub(crate) fn intf(t: &PdType) -> &'static str {
    match t {
        PdType::Sata => "SATA",
        PdType::Nvme => "NVMe",
        _ => "SAS",
    }
}

pub(crate) fn med(m: &MediaType) -> &'static str {
    match m {
        MediaType::Ssd => "SSD",
        _ => "HDD",
    }
}

/// One `PD LIST` / `Drive /cX/eY/sZ` row.
pub fn pd_row(ad: &Adapter, d: &Drive) -> J {
    Ob::new()
        .s("EID:Slt", eid_slt(d.addr()))
        .n("DID", d.device_id)
        .s("State", pd_state(d))
        .j("DG", dg_of(ad, d))
        .s("Size", size(d.coerced_sectors()))
        .s("Intf", intf(&d.pd_type))
        .s("Med", med(&d.media))
        .s("SED", "N")
        .s("PI", "N")
        .s("SeSz", "512B")
        .s("Model", d.model.clone())
        .s("Sp", if d.spun_up { "U" } else { "D" })
        .s("Type", "-")
        .done()
}

pub(crate) fn temp(c: i32) -> String {
    let f = f64::from(c) * 9.0 / 5.0 + 32.0;
    format!("{c}C ({f:.2} F)")
}

/// The `Drive /cX/eY/sZ - Detailed Information` object.
pub fn pd_detail(ad: &Adapter, d: &Drive) -> J {
    let p = drive_path(ad.index, d.addr());
    let state = Ob::new()
        .n("Shield Counter", 0)
        .n("Media Error Count", u64i(d.media_errors))
        .n("Other Error Count", u64i(d.other_errors))
        .n("BBM Error Count", 0)
        .s("Drive Temperature", format!(" {}", temp(d.temperature)))
        .n("Predictive Failure Count", u64i(d.predictive))
        .s(
            "S.M.A.R.T alert flagged by drive",
            if d.predictive > 0 { "Yes" } else { "No" },
        )
        .done();
    let manufacturer = if d.vendor.is_empty() {
        "ATA".to_owned()
    } else {
        d.vendor.clone()
    };
    let attrs = Ob::new()
        .s("SN", d.serial.clone())
        .s("Manufacturer Id", format!("{manufacturer:<8}"))
        .s("Model Number", d.model.clone())
        .s("NAND Vendor", "NA")
        .s("WWN", d.wwn.to_ascii_uppercase())
        .s("Firmware Revision", d.firmware.clone())
        .s("Raw size", size_sectors(d.raw_sectors))
        .s("Coerced size", size_sectors(coerced(d.raw_sectors)))
        .s("Non Coerced size", size_sectors(noncoerced(d.raw_sectors)))
        .s("Device Speed", d.speed.clone())
        .s("Link Speed", d.speed.clone())
        .s("NCQ setting", "Enabled")
        .s("Write Cache", "N/A")
        .s("Logical Sector Size", "512B")
        .s("Physical Sector Size", "512B")
        .s("Connector Name", format!("Port 0 - {} x1", d.slot / 4))
        .done();
    let position = match ad.position(d.addr()) {
        Some(pos) => format!(
            "DriveGroup:{}, Span:{}, Row:{}",
            pos.group, pos.span, pos.row
        ),
        None => "-".to_owned(),
    };
    let port = Ob::new()
        .n("Port", 0)
        .s("Status", "Active")
        .s("Linkspeed", d.speed.clone())
        .s("SAS address", format!("0x{}", d.wwn.to_ascii_lowercase()))
        .done();
    let policies = Ob::new()
        .s("Drive position", position)
        .s(
            "Enclosure position",
            if d.enclosure.is_some() { "1" } else { "-" },
        )
        .s("Connected Port Number", format!("{}(path0) ", d.slot % 8))
        .n("Sequence Number", 2)
        .s(
            "Commissioned Spare",
            if d.state == FirmwareState::Hotspare {
                "Yes"
            } else {
                "No"
            },
        )
        .s("Emergency Spare", "No")
        .n(
            "Last Predictive Failure Event Sequence Number",
            if d.predictive > 0 {
                u64i(ad.next_seq.saturating_sub(1))
            } else {
                0
            },
        )
        .s("Successful diagnostics completion on", "N/A")
        .s("FDE Type", "None")
        .s("SED Capable", "No")
        .s("SED Enabled", "No")
        .s("Secured", "No")
        .s("Cryptographic Erase Capable", "No")
        .s("Sanitize Support", "Not supported")
        .s("Locked", "No")
        .s("Needs EKM Attention", "No")
        .s("PI Eligible", "No")
        .s("Drive is formatted for PI", "No")
        .s("PI type", "No PI")
        .s("Number of bytes of user data in LBA", "0 KB")
        .s("Certified", "No")
        .s("Wide Port Capable", "No")
        .s("Multipath", "No")
        .j("Port Information", J::A(vec![port]))
        .done();
    Ob::new()
        .j(&format!("Drive {p} State"), state)
        .j(&format!("Drive {p} Device attributes"), attrs)
        .j(&format!("Drive {p} Policies/Settings"), policies)
        .s("Inquiry Data", crate::sim::text::inquiry(d))
        .done()
}

fn topo_row(pos: (J, J, J), eid: &str, did: J, kind: &str, state: &str, size: &str) -> J {
    let (dg, arr, row) = pos;
    let drive = kind == "DRIVE";
    let missing = state == "Msng";
    let dash = |b: bool, v: &str| if b { "-" } else { v }.to_owned();
    Ob::new()
        .j("DG", dg)
        .j("Arr", arr)
        .j("Row", row)
        .s("EID:Slot", eid)
        .j("DID", did)
        .s("Type", kind)
        .s("State", state)
        .s("BT", dash(missing, "N"))
        .s("Size", size)
        .s("PDC", dash(missing, "dflt"))
        .s("PI", dash(missing, "N"))
        .s("SED", dash(missing, "N"))
        .s("DS3", dash(missing, "none"))
        .s("FSpace", if drive { "-" } else { "N" })
        .s("TR", "N")
        .done()
}

fn dash() -> J {
    J::S("-".to_owned())
}

/// TOPOLOGY rows: group, spans, rows (missing rows as `Msng`), then spares.
pub fn topology(ad: &Adapter) -> Vec<J> {
    let mut out = Vec::new();
    for (g, group) in ad.groups.iter().enumerate() {
        let member = ad.member_sectors(group);
        let vds = ad.group_vds(group.uid);
        let total: u64 = vds.iter().map(|v| ad.vd_sectors(v)).sum();
        let state = vd_state(&ad.group_state(group));
        let gi = J::N(n64(g));
        out.push(topo_row(
            (gi.clone(), dash(), dash()),
            "-",
            dash(),
            &level_text(&group.level),
            state,
            &size(total),
        ));
        for (si, span) in group.spans.iter().enumerate() {
            let lost = span.rows.iter().filter(|r| !ad.row_ok(r)).count();
            let tolerated = group.level.tolerated_failures_per_span().unwrap_or(0);
            let sstate = if lost == 0 {
                "Optl"
            } else if u32::try_from(lost).unwrap_or(u32::MAX) > tolerated {
                "OfLn"
            } else {
                "Dgrd"
            };
            let span_group = DiskGroup {
                uid: group.uid,
                level: group.level.clone(),
                spans: vec![span.clone()],
            };
            let span_level_enum = match &group.level {
                RaidLevel::Raid10 => RaidLevel::Raid1,
                RaidLevel::Raid50 => RaidLevel::Raid5,
                RaidLevel::Raid60 => RaidLevel::Raid6,
                RaidLevel::Raid00 => RaidLevel::Raid0,
                l => l.clone(),
            };
            let span_size = crate::sim::state::data_sectors(&span_level_enum, &span_group, member);
            out.push(topo_row(
                (gi.clone(), J::N(n64(si)), dash()),
                "-",
                dash(),
                &span_level(&group.level),
                sstate,
                &size(span_size),
            ));
            for (ri, row) in span.rows.iter().enumerate() {
                match row.drive.and_then(|a| ad.drive(a)) {
                    Some(d) => out.push(topo_row(
                        (gi.clone(), J::N(n64(si)), J::N(n64(ri))),
                        &eid_slt(d.addr()).replace(' ', ""),
                        J::N(i64::from(d.device_id)),
                        "DRIVE",
                        pd_state(d),
                        &size(d.coerced_sectors()),
                    )),
                    None => out.push(topo_row(
                        (gi.clone(), J::N(n64(si)), J::N(n64(ri))),
                        "-",
                        dash(),
                        "DRIVE",
                        "Msng",
                        &size(row.size_sectors),
                    )),
                }
            }
        }
        // Dedicated spares of the group.
        for d in ad.drives.iter().filter(|d| {
            d.state == FirmwareState::Hotspare
                && d.hotspare
                    .as_ref()
                    .is_some_and(|h| h.dedicated.contains(&group.uid))
        }) {
            out.push(topo_row(
                (gi.clone(), dash(), dash()),
                &eid_slt(d.addr()).replace(' ', ""),
                J::N(i64::from(d.device_id)),
                "DRIVE",
                "DHS",
                &size(d.coerced_sectors()),
            ));
        }
    }
    let mut spares: Vec<&Drive> = ad
        .drives
        .iter()
        .filter(|d| {
            d.state == FirmwareState::Hotspare
                && d.hotspare.as_ref().is_none_or(|h| h.dedicated.is_empty())
        })
        .collect();
    spares.sort_by_key(|d| (d.enclosure, d.slot));
    for d in spares {
        out.push(topo_row(
            (dash(), dash(), dash()),
            &eid_slt(d.addr()).replace(' ', ""),
            J::N(i64::from(d.device_id)),
            "DRIVE",
            "GHS",
            &size(d.coerced_sectors()),
        ));
    }
    out
}

pub(crate) fn cache_text(ad: &Adapter, vd: &Vd) -> String {
    let r = match vd.read_policy.as_str() {
        "ReadAheadNone" => "NR",
        _ => "R",
    };
    let w = if ad.effective_write_back(vd) {
        "WB"
    } else {
        "WT"
    };
    let io = if vd.cached_io { "C" } else { "D" };
    format!("{r}{w}{io}")
}

/// One `VD LIST` / `/cX/vY` row.
pub fn vd_row(ad: &Adapter, vd: &Vd) -> J {
    let g = ad.group_index(vd.group_uid).unwrap_or(0);
    let level = ad
        .groups
        .get(g)
        .map(|gr| level_text(&gr.level))
        .unwrap_or_default();
    Ob::new()
        .s("DG/VD", format!("{g}/{}", vd.target))
        .s("TYPE", level)
        .s("State", vd_state(&ad.vd_state(vd)))
        .s("Access", "RW")
        .s("Consist", if vd.bgi.is_some() { "No" } else { "Yes" })
        .s("Cache", cache_text(ad, vd))
        .s("Cac", "-")
        .s("sCC", "ON")
        .s("Size", size(ad.vd_sectors(vd)))
        .s("Name", vd.name.clone())
        .done()
}

fn vd_props(ad: &Adapter, st: &SimState, vd: &Vd) -> J {
    let g = ad.group_index(vd.group_uid);
    let group = g.and_then(|g| ad.groups.get(g));
    let spans = group.map_or(0, |gr| gr.spans.len());
    let per = group
        .and_then(|gr| gr.spans.first())
        .map_or(0, |s| s.rows.len());
    let active = match &vd.bgi {
        Some(op) => format!("Background Initialization ({}%)", op.percent.floor()),
        None => "None".to_owned(),
    };
    let (y, m, d, hh, mm, ss, _) = broken(st.epoch);
    let h12 = if hh % 12 == 0 { 12 } else { hh % 12 };
    let ampm = if hh < 12 { "AM" } else { "PM" };
    Ob::new()
        .s("Strip Size", format!("{} KB", vd.strip_kb))
        .n("Number of Blocks", u64i(ad.vd_sectors(vd)))
        .s("VD has Emulated PD", "No")
        .n("Span Depth", n64(spans))
        .n("Number of Drives Per Span", n64(per))
        .s(
            "Write Cache(initial setting)",
            if vd.write_back {
                "WriteBack"
            } else {
                "WriteThrough"
            },
        )
        .s("Disk Cache Policy", vd.disk_cache.clone())
        .s("Encryption", "None")
        .s("Data Protection", "Disabled")
        .s("Active Operations", active)
        .s("Exposed to OS", "Yes")
        .s(
            "OS Drive Name",
            format!(
                "/dev/sd{}",
                char::from(b'a' + u8::try_from(vd.target % 26).unwrap_or(0))
            ),
        )
        .s("Creation Date", format!("{d:02}-{m:02}-{y}"))
        .s("Creation Time", format!("{h12:02}:{mm:02}:{ss:02} {ampm}"))
        .s("Emulation type", "default")
        .s("Is LD Ready for OS Requests", "Yes")
        .s(
            "SCSI NAA Id",
            format!("6{}{:08x}", &ad.sas_address[1..], vd.uid),
        )
        .done()
}

/// One `Enclosure LIST` row.
pub fn enclosure_row(ad: &Adapter, e: &crate::sim::state::Enclosure) -> J {
    let pds = ad
        .drives
        .iter()
        .filter(|d| d.enclosure == Some(e.device_id))
        .count();
    Ob::new()
        .n("EID", e.device_id)
        .s("State", "OK")
        .n("Slots", e.slots)
        .n("PD", n64(pds))
        .n("PS", 0)
        .n("Fans", 0)
        .n("TSs", 0)
        .n("Alms", 0)
        .n("SIM", 1)
        .s("Port#", "-")
        .s("ProdID", e.product.clone())
        .s("VendorSpecific", " ")
        .done()
}

pub(crate) fn is_cv(ad: &Adapter) -> bool {
    ad.bbu
        .as_ref()
        .is_some_and(|b| b.battery_type.to_ascii_uppercase().starts_with("CV"))
}

pub(crate) fn date_ymd(unix: i64) -> String {
    let (y, m, d, ..) = broken(unix);
    format!("{y}/{m:02}/{d:02}")
}

fn date_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!("{m:02}/{d:02}/{y}, {hh:02}:{mm:02}:{ss:02}")
}

fn bbu_summary(st: &SimState, ad: &Adapter) -> Option<(String, J)> {
    let b = ad.bbu.as_ref()?;
    let state = match b.state_text() {
        "Degraded(Charging)" => "Dgd (Charging)",
        other => other,
    };
    if is_cv(ad) {
        return Some((
            "Cachevault_Info".to_owned(),
            J::A(vec![
                Ob::new()
                    .s("Model", b.battery_type.clone())
                    .s("State", state)
                    .s("Temp", format!("{}C", b.temperature))
                    .s("Mode", "-")
                    .s("MfgDate", date_ymd(st.epoch - 400 * 86_400))
                    .done(),
            ]),
        ));
    }
    Some((
        "BBU_Info".to_owned(),
        J::A(vec![
            Ob::new()
                .s("Model", b.battery_type.clone())
                .s("State", state)
                .s("RetentionTime", "48 hours +")
                .s("Temp", format!("{}C", b.temperature))
                .s("Mode", "4")
                .s("MfgDate", date_ymd(st.epoch - 400 * 86_400))
                .s("Next Learn", date_ymd(st.epoch + 90 * 86_400))
                .done(),
        ]),
    ))
}

fn bbu_status(ad: &Adapter) -> J {
    match &ad.bbu {
        None => J::S("NA".to_owned()),
        Some(b) => {
            // Bits seen in captures: 8 (charging/learn), 4096 (replace pack), 0 when good.
            let mut bits = 0;
            if b.learn_started.is_some() || b.charging {
                bits |= 8;
            }
            if b.replacement_required {
                bits |= 4096;
            }
            J::N(bits)
        }
    }
}

pub(crate) fn hex_num(s: &str) -> i64 {
    i64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap_or(0)
}

pub(crate) fn on(b: bool) -> &'static str {
    if b { "On" } else { "Off" }
}

pub(crate) fn yes(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

pub(crate) fn sorted_drives(ad: &Adapter) -> Vec<&Drive> {
    let mut v: Vec<&Drive> = ad.drives.iter().collect();
    v.sort_by_key(|d| (d.enclosure, d.slot));
    v
}

pub(crate) fn sorted_vds(ad: &Adapter) -> Vec<&Vd> {
    let mut v: Vec<&Vd> = ad.vds.iter().collect();
    v.sort_by_key(|v| v.target);
    v
}

pub(crate) fn ctrl_status(ad: &Adapter) -> &'static str {
    let bad = ad.vds.iter().any(|v| ad.vd_state(v) != LdState::Optimal);
    if bad { "Needs Attention" } else { "Optimal" }
}

/// The tail every controller view ends with: topology, VD, PD and enclosure lists, battery.
fn lists(st: &SimState, ad: &Adapter, mut o: Ob) -> Ob {
    o = o.n("Drive Groups", n64(ad.groups.len()));
    if !ad.groups.is_empty() || ad.drives.iter().any(|d| d.state == FirmwareState::Hotspare) {
        o = o.j("TOPOLOGY", J::A(topology(ad)));
    }
    o = o.n("Virtual Drives", n64(ad.vds.len()));
    if !ad.vds.is_empty() {
        o = o.j(
            "VD LIST",
            J::A(sorted_vds(ad).iter().map(|v| vd_row(ad, v)).collect()),
        );
    }
    o = o.n("Physical Drives", n64(ad.drives.len()));
    if !ad.drives.is_empty() {
        o = o.j(
            "PD LIST",
            J::A(sorted_drives(ad).iter().map(|d| pd_row(ad, d)).collect()),
        );
    }
    o = o.n("Enclosures", n64(ad.enclosures.len()));
    if !ad.enclosures.is_empty() {
        o = o.j(
            "Enclosure LIST",
            J::A(ad.enclosures.iter().map(|e| enclosure_row(ad, e)).collect()),
        );
    }
    if let Some((k, v)) = bbu_summary(st, ad) {
        o = o.j(&k, v);
    }
    o
}

/// `/cX show`.
pub fn ctrl_show(st: &SimState, ad: &Adapter) -> J {
    let now = st.epoch + i64::try_from(st.clock).unwrap_or(0);
    let o = Ob::new()
        .s("Product Name", ad.product.clone())
        .s("Serial Number", ad.serial.clone())
        .s("SAS Address", format!(" {}", ad.sas_address))
        .s(
            "PCI Address",
            format!("00:{:02x}:{:02x}:{:02x}", ad.pci.0, ad.pci.1, ad.pci.2),
        )
        .s("System Time", date_time(now).replace(',', ""))
        .s("Mfg. Date", "03/14/13")
        .s("Controller Time", date_time(now).replace(',', ""))
        .s("FW Package Build", ad.fw_package.clone())
        .s("BIOS Version", ad.bios_version.clone())
        .s("FW Version", ad.fw_version.clone())
        .s("Driver Name", "megaraid_sas")
        .s("Driver Version", "07.714.04.00-rc1")
        .n("Vendor Id", hex_num(&ad.pci_ids.0))
        .n("Device Id", hex_num(&ad.pci_ids.1))
        .n("SubVendor Id", hex_num(&ad.pci_ids.2))
        .n("SubDevice Id", hex_num(&ad.pci_ids.3))
        .s("Host Interface", "PCI-E")
        .s("Device Interface", "SAS-6G")
        .n("Bus Number", ad.pci.0)
        .n("Device Number", ad.pci.1)
        .n("Function Number", ad.pci.2)
        .n("Domain ID", 0)
        .s("Security Protocol", "None");
    lists(st, ad, o).done()
}

/// `/cX show all`.
pub fn ctrl_show_all(st: &SimState, ad: &Adapter) -> J {
    let now = st.epoch + i64::try_from(st.clock).unwrap_or(0);
    let set = &ad.settings;
    let basics = Ob::new()
        .n("Controller", ad.index)
        .s("Model", ad.product.clone())
        .s("Serial Number", ad.serial.clone())
        .s("Current Controller Date/Time", date_time(now))
        .s("Current System Date/time", date_time(now))
        .s("SAS Address", ad.sas_address.clone())
        .s(
            "PCI Address",
            format!("00:{:02x}:{:02x}:{:02x}", ad.pci.0, ad.pci.1, ad.pci.2),
        )
        .s("Mfg Date", "03/14/13")
        .s("Rework Date", "03/14/13")
        .s("Revision No", "A02")
        .done();
    let version = Ob::new()
        .s("Firmware Package Build", ad.fw_package.clone())
        .s("Firmware Version", ad.fw_version.clone())
        .s("Bios Version", ad.bios_version.clone())
        .s("NVDATA Version", "3.1209.00-0016")
        .s("Boot Block Version", "3.00.00.00-0012")
        .s("Bootloader Version", "06.253.57.219")
        .s("Driver Name", "megaraid_sas")
        .s("Driver Version", "07.714.04.00-rc1")
        .done();
    let bus = Ob::new()
        .n("Vendor Id", hex_num(&ad.pci_ids.0))
        .n("Device Id", hex_num(&ad.pci_ids.1))
        .n("SubVendor Id", hex_num(&ad.pci_ids.2))
        .n("SubDevice Id", hex_num(&ad.pci_ids.3))
        .s("Host Interface", "PCI-E")
        .s("Device Interface", "SAS-6G")
        .n("Bus Number", ad.pci.0)
        .n("Device Number", ad.pci.1)
        .n("Function Number", ad.pci.2)
        .n("Domain ID", 0)
        .done();
    let status = Ob::new()
        .s("Controller Status", ctrl_status(ad))
        .n("Memory Correctable Errors", 0)
        .n("Memory Uncorrectable Errors", 0)
        .n("ECC Bucket Count", 0)
        .s(
            "Any Offline VD Cache Preserved",
            yes(!ad.preserved_cache.is_empty()),
        )
        .j("BBU Status", bbu_status(ad))
        .s("Support PD Firmware Download", "No")
        .s("Lock Key Assigned", "No")
        .s("Failed to get lock key on bootup", "No")
        .s("Lock key has not been backed up", "No")
        .s("Bios was not detected during boot", "No")
        .s(
            "Controller must be rebooted to complete security operation",
            "No",
        )
        .s("A rollback operation is in progress", "No")
        .s("At least one PFK exists in NVRAM", "No")
        .s("SSC Policy is WB", "No")
        .s("Controller has booted into safe mode", "No")
        .done();
    let adapter_ops = Ob::new()
        .s("Rebuild Rate", "Yes")
        .s("CC Rate", "Yes")
        .s("BGI Rate ", "Yes")
        .s("Reconstruct Rate", "Yes")
        .s("Patrol Read Rate", "Yes")
        .s("Alarm Control", yes(set.alarm != "Absent"))
        .s("Cluster Support", "No")
        .s("BBU", yes(ad.bbu.is_some()))
        .s("Spanning", "Yes")
        .s("Dedicated Hot Spare", "Yes")
        .s("Revertible Hot Spares", "Yes")
        .s("Foreign Config Import", "Yes")
        .s("Self Diagnostic", "Yes")
        .s("Global Hot Spares", "Yes")
        .s("Support JBOD", "Yes")
        .done();
    let pd_ops = Ob::new()
        .s("Force Online", "Yes")
        .s("Force Offline", "Yes")
        .s("Force Rebuild", "Yes")
        .s("Deny Force Failed", "No")
        .s("Deny Force Good/Bad", "No")
        .s("Deny Missing Replace", "No")
        .s("Deny Clear", "No")
        .s("Deny Locate", "No")
        .s("Support Temperature", "Yes")
        .done();
    let vd_ops = Ob::new()
        .s("Read Policy", "Yes")
        .s("Write Policy", "Yes")
        .s("IO Policy", "Yes")
        .s("Access Policy", "Yes")
        .s("Disk Cache Policy", "Yes")
        .s("Reconstruction", "Yes")
        .s("Deny Locate", "No")
        .s("Deny CC", "No")
        .done();
    let alarm = match set.alarm.as_str() {
        "Enabled" => "On",
        "Disabled" => "Off",
        "Silenced" => "Silence",
        _ => "Absent",
    };
    let hwcfg = Ob::new()
        .s("ChipRevision", " D1")
        .s("BatteryFRU", "N/A")
        .n("Front End Port Count", 0)
        .n("Backend Port Count", 8)
        .s(
            "BBU",
            if ad.bbu.is_some() {
                "Present"
            } else {
                "Absent"
            },
        )
        .s("Alarm", alarm)
        .s("Serial Debugger", "Present")
        .s("NVRAM Size", "32KB")
        .s("Flash Size", "16MB")
        .s("On Board Memory Size", format!("{}MB", ad.memory_mb))
        .s("CacheVault Flash Size", "NA")
        .s("TPM", "Absent")
        .s("Upgrade Key", "Absent")
        .s("On Board Expander", "Absent")
        .s("Temperature Sensor for ROC", "Present")
        .s("Temperature Sensor for Controller", "Absent")
        .s("Upgradable CPLD", "Absent")
        .s("Upgradable PSOC", "Absent")
        .n("Current Size of CacheCade (GB)", 0)
        .n(
            "Current Size of FW Cache (MB)",
            i64::from(ad.memory_mb) * 7 / 8,
        )
        // The same sensor MegaCli's -AdpAllInfo reads (`ROC temperature : 60  degree Celsius`).
        .n("ROC temperature(Degree Celsius)", 60)
        .done();
    let rate = |name: &str, v: u8| {
        Ob::new()
            .s("Policy", name)
            .s("Current", format!("{v} %"))
            .s("Default", "30%")
            .done()
    };
    let policies = Ob::new()
        .j(
            "Policies Table",
            J::A(vec![
                Ob::new()
                    .s("Policy", "Predictive Fail Poll Interval")
                    .s("Current", "300 sec")
                    .s("Default", "")
                    .done(),
                rate("Rebuild Rate", set.rebuild_rate),
                rate("PR Rate", 30),
                rate("BGI Rate", 30),
                rate("Check Consistency Rate", 30),
                rate("Reconstruction Rate", 30),
                Ob::new()
                    .s("Policy", "Cache Flush Interval")
                    .s("Current", "4s")
                    .s("Default", "")
                    .done(),
            ]),
        )
        .s("Flush Time(Default)", "4s")
        .s("Drive Coercion Mode", "128MB")
        .s("Auto Rebuild", on(set.auto_rebuild))
        .s("Battery Warning", on(set.battery_warning))
        .n("ECC Bucket Size", 15)
        .n("ECC Bucket Leak Rate (hrs)", 24)
        .s(
            "Restore Hot Spare on Insertion",
            on(set.restore_hsp_on_insert),
        )
        .s("Expose Enclosure Devices", "On")
        .s("Maintain PD Fail History", on(set.maintain_pd_fail_history))
        .s("Reorder Host Requests", "On")
        .s("Auto detect BackPlane", "SGPIO/i2c SEP")
        .s("Security Key Assigned", "Off")
        .s("Disable Online Controller Reset", "Off")
        .s("Use drive activity for locate", "Off")
        .done();
    let defaults = Ob::new()
        .n("Phy Polarity", 0)
        .n("Phy PolaritySplit", 0)
        .s("Strip Size", "64 KB")
        .s("Write Policy", "WB")
        .s("Read Policy", "Adaptive")
        .s("Cache When BBU Bad", "Off")
        .s("Cached IO", "Off")
        .s("Coercion Mode", "128 MB")
        .s(
            "Restore Hot Spare on Insertion",
            yes(set.restore_hsp_on_insert),
        )
        .s(
            "Maintain PD Fail History",
            yes(set.maintain_pd_fail_history),
        )
        .done();
    let caps = Ob::new()
        .s("Supported Drives", "SAS, SATA")
        .s(
            "RAID Level Supported",
            "RAID0, RAID1, RAID5, RAID6, RAID00, RAID10, RAID50, RAID60",
        )
        .s("Enable JBOD", yes(set.jbod_enabled))
        .s("Mix in Enclosure", "Allowed")
        .n("Max Arms Per VD", 32)
        .n("Max Spans Per VD", 8)
        .n("Max Arrays", 128)
        .n("Max VD per array", 16)
        .n("Max Number of VDs", 64)
        .done();
    let sched = Ob::new()
        .s("Consistency Check Reoccurrence", "168 hrs")
        .s("Patrol Read Reoccurrence", "168 hrs")
        .s("Battery learn Reoccurrence", "672 hrs")
        .done();
    let o = Ob::new()
        .j("Basics", basics)
        .j("Version", version)
        .j("Bus", bus)
        .j(
            "Pending Images in Flash",
            Ob::new().s("Image name", "No pending images").done(),
        )
        .j("Status", status)
        .j("Supported Adapter Operations", adapter_ops)
        .j("Supported PD Operations", pd_ops)
        .j("Supported VD Operations", vd_ops)
        .j("HwCfg", hwcfg)
        .j("Policies", policies)
        .j("Defaults", defaults)
        .j("Capabilities", caps)
        .j("Scheduled Tasks", sched);
    lists(st, ad, o).done()
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

pub(crate) fn adapters_for(st: &SimState, sel: Sel) -> Result<Vec<usize>, Resp> {
    match sel {
        Sel::All => Ok((0..st.adapters.len()).collect()),
        Sel::One(n) => st
            .adapters
            .iter()
            .position(|a| a.index == n)
            .map(|i| vec![i])
            .ok_or_else(|| {
                Resp::fail(
                    Some(n),
                    &fill(unv::CONTROLLER_NOT_FOUND, &[("n", &n.to_string())]),
                    Vec::new(),
                    unv::CONTROLLER_NOT_FOUND_CODE,
                )
            }),
    }
}

/// Drives a drive selector names, sorted; `None` encl means `/cX/sY` (no enclosure).
pub(crate) fn select_drives(ad: &Adapter, cmd: &Cmd) -> Vec<DriveAddress> {
    let mut v: Vec<DriveAddress> = ad
        .drives
        .iter()
        .map(Drive::addr)
        .filter(|a| match cmd.encl {
            None => a.enclosure.is_none(),
            Some(Sel::All) => a.enclosure.is_some(),
            Some(Sel::One(e)) => a.enclosure.map(u32::from) == Some(e),
        })
        .filter(|a| match cmd.slot {
            Some(Sel::One(s)) => u32::from(a.slot) == s,
            _ => true,
        })
        .collect();
    v.sort();
    v
}

/// The single drive address a `/cX[/eY]/sZ` path names (whether or not a drive is there).
pub(crate) fn one_address(cmd: &Cmd) -> Option<DriveAddress> {
    let Some(Sel::One(s)) = cmd.slot else {
        return None;
    };
    let slot = u16::try_from(s).ok()?;
    match cmd.encl {
        Some(Sel::One(e)) => Some(DriveAddress {
            enclosure: Some(u16::try_from(e).ok()?),
            slot,
        }),
        None => Some(DriveAddress {
            enclosure: None,
            slot,
        }),
        Some(Sel::All) => None,
    }
}

pub(crate) fn syntax_error(token: &str) -> Output {
    Output::Ctrls(vec![Resp::fail(
        None,
        &fill(unv::SYNTAX_ERROR, &[("x", token)]),
        Vec::new(),
        unv::SYNTAX_ERROR_CODE,
    )])
}

/// Answers a parsed command against a state (no locking, no faults).
pub fn answer(st: &mut SimState, cmd: &Cmd) -> Output {
    let Some(csel) = cmd.ctrl else {
        return no_controller(st, cmd);
    };
    let list = match adapters_for(st, csel) {
        Ok(l) => l,
        Err(r) => return Output::Ctrls(vec![r]),
    };
    let plain = cmd.slot.is_none() && cmd.encl.is_none() && cmd.vd.is_none();
    if cmd.verb() == "show"
        && plain
        && (cmd.has("events") || cmd.has("termlog") || cmd.has("alilog"))
    {
        let mut text = String::new();
        for &i in &list {
            text.push_str(&if cmd.has("events") {
                events(st, i, cmd)
            } else if cmd.has("alilog") {
                alilog(st, i)
            } else {
                termlog(st, i)
            });
        }
        return Output::Raw(text, 0);
    }
    let mut out = Vec::new();
    for i in list {
        out.push(per_controller(st, i, cmd));
    }
    Output::Ctrls(out)
}

fn no_controller(st: &SimState, cmd: &Cmd) -> Output {
    if cmd.verb() != "show" {
        return syntax_error(cmd.verb());
    }
    let n = n64(st.adapters.len());
    let data = if cmd.has("ctrlcount") {
        Ob::new().n("Controller Count", n).done()
    } else {
        let overview: Vec<J> = st
            .adapters
            .iter()
            .map(|ad| {
                let dnopt = ad
                    .groups
                    .iter()
                    .filter(|g| ad.group_state(g) != LdState::Optimal)
                    .count();
                let vnopt = ad
                    .vds
                    .iter()
                    .filter(|v| ad.vd_state(v) != LdState::Optimal)
                    .count();
                Ob::new()
                    .n("Ctl", ad.index)
                    .s("Model", ad.product.clone())
                    .n("Ports", 8)
                    .n("PDs", n64(ad.drives.len()))
                    .n("DGs", n64(ad.groups.len()))
                    .n("DNOpt", n64(dnopt))
                    .n("VDs", n64(ad.vds.len()))
                    .n("VNOpt", n64(vnopt))
                    .s(
                        "BBU",
                        match &ad.bbu {
                            Some(b) if b.good() => "Opt",
                            Some(_) => "Dgd",
                            None => "Msng",
                        },
                    )
                    .s("sPR", "On")
                    .s("DS", "1&2")
                    .s("EHS", "Y")
                    .n("ASOs", 3)
                    .s("Hlth", if dnopt + vnopt == 0 { "Opt" } else { "NdAtn" })
                    .done()
            })
            .collect();
        let mut o = Ob::new()
            .n("Number of Controllers", n)
            .s("Host Name", "raidctl-sim")
            .s("Operating System ", OS);
        if !overview.is_empty() {
            o = o.j("System Overview", J::A(overview));
        }
        o.done()
    };
    Output::Ctrls(vec![Resp {
        ctrl: None,
        ok: true,
        description: "None".to_owned(),
        detailed: Vec::new(),
        data: Some(data),
        code: 0,
    }])
}

fn per_controller(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let verb = cmd.verb().to_owned();
    if cmd.fall {
        return foreign(st, i, cmd);
    }
    if cmd.bbu || cmd.cv {
        return battery(st, i, cmd);
    }
    if cmd.slot.is_some() {
        if verb == "show" {
            if cmd.has("rebuild") || cmd.has("copyback") {
                return progress(st, i, cmd);
            }
            if cmd.has("phyerrorcounters") {
                return phy_counters(st, i, cmd);
            }
            return drives_show(st, i, cmd);
        }
        return drive_action(st, i, cmd);
    }
    if cmd.encl.is_some() {
        if verb == "show" {
            return enclosures_show(st, i, cmd);
        }
        return Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", &verb)]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        );
    }
    if let Some(vsel) = cmd.vd {
        if verb == "show" {
            return vds_show(st, i, vsel, cmd);
        }
        if verb == "del" || verb == "delete" {
            return vd_delete(st, i, vsel);
        }
        return Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", &verb)]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        );
    }
    match verb.as_str() {
        "show" => {
            let ad = &st.adapters[i];
            if cmd.has("snapdump") {
                let props = J::A(vec![
                    Ob::new().s("Ctrl_Prop", "Snapdump").s("Value", "ON").done(),
                    Ob::new()
                        .s("Ctrl_Prop", "Snapdump Details")
                        .s("Value", unv::NO_SNAPDUMP)
                        .done(),
                ]);
                Resp::ok(
                    idx,
                    "None",
                    Some(Ob::new().j(unv::SNAPDUMP_PROPERTIES, props).done()),
                )
            } else if cmd.has("all") {
                Resp::ok(idx, "None", Some(ctrl_show_all(st, ad)))
            } else if cmd.has("rebuildrate") {
                Resp::ok(
                    idx,
                    "None",
                    Some(ctrl_prop(
                        "Rebuildrate",
                        &format!("{}%", ad.settings.rebuild_rate),
                    )),
                )
            } else if cmd.has("alarm") {
                let v = match ad.settings.alarm.as_str() {
                    "Enabled" => "ON",
                    "Silenced" => "SILENCE",
                    "Absent" => "ABSENT",
                    _ => "OFF",
                };
                Resp::ok(idx, "None", Some(ctrl_prop("Alarm", v)))
            } else if cmd.has("autorebuild") {
                Resp::ok(
                    idx,
                    "None",
                    Some(ctrl_prop(
                        "AutoRebuild",
                        if ad.settings.auto_rebuild {
                            "ON"
                        } else {
                            "OFF"
                        },
                    )),
                )
            } else {
                Resp::ok(idx, "None", Some(ctrl_show(st, ad)))
            }
        }
        "set" => ctrl_set(st, i, cmd),
        "add" if cmd.has("vd") => add_vd(st, i, cmd),
        _ => Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", &verb)]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        ),
    }
}

fn ctrl_prop(name: &str, value: &str) -> J {
    Ob::new()
        .j(
            "Controller Properties",
            J::A(vec![
                Ob::new().s("Ctrl_Prop", name).s("Value", value).done(),
            ]),
        )
        .done()
}

fn drives_show(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let addrs = select_drives(ad, cmd);
    if addrs.is_empty() {
        let what = match (cmd.encl, cmd.slot) {
            (Some(Sel::All), _) | (_, Some(Sel::All)) => {
                let e = match cmd.encl {
                    Some(Sel::All) => "/eALL".to_owned(),
                    Some(Sel::One(e)) => format!("/e{e}"),
                    None => String::new(),
                };
                let s = match cmd.slot {
                    Some(Sel::One(s)) => format!("/s{s}"),
                    _ => "/sALL".to_owned(),
                };
                format!("/c{}{e}{s}", ad.index)
            }
            _ => one_address(cmd).map_or_else(String::new, |a| drive_path(ad.index, a)),
        };
        return Resp::fail(
            Some(ad.index),
            "No drive found!",
            vec![
                Ob::new()
                    .s("Drive", what)
                    .s("Status", "Failure")
                    .n("ErrCd", 255)
                    .s("ErrMsg", "Drives not found")
                    .done(),
            ],
            255,
        );
    }
    let all = cmd.has("all");
    let mut o = Ob::new();
    if all {
        for a in &addrs {
            let Some(d) = ad.drive(*a) else { continue };
            let p = drive_path(ad.index, *a);
            o = o.j(&format!("Drive {p}"), J::A(vec![pd_row(ad, d)]));
            o = o.j(
                &format!("Drive {p} - Detailed Information"),
                pd_detail(ad, d),
            );
        }
    } else {
        o = o.j(
            "Drive Information",
            J::A(
                addrs
                    .iter()
                    .filter_map(|a| ad.drive(*a))
                    .map(|d| pd_row(ad, d))
                    .collect(),
            ),
        );
    }
    Resp::ok(
        ad.index,
        "Show Drive Information Succeeded.",
        Some(o.done()),
    )
}

fn enclosures_show(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let encls: Vec<&crate::sim::state::Enclosure> = ad
        .enclosures
        .iter()
        .filter(|e| match cmd.encl {
            Some(Sel::One(n)) => u32::from(e.device_id) == n,
            _ => true,
        })
        .collect();
    if encls.is_empty() {
        return Resp::fail(
            Some(ad.index),
            unv::ENCLOSURE_NOT_FOUND,
            Vec::new(),
            unv::ENCLOSURE_NOT_FOUND_CODE,
        );
    }
    if !cmd.has("all") {
        let rows = encls.iter().map(|e| enclosure_row(ad, e)).collect();
        return Resp::ok(
            ad.index,
            "None",
            Some(Ob::new().j("Properties", J::A(rows)).done()),
        );
    }
    let mut o = Ob::new();
    for (n, e) in encls.iter().enumerate() {
        let info = Ob::new()
            .n("Device ID", e.device_id)
            .n("Position", n64(n + 1))
            .s("Connector Name", "Port 0 - 3")
            .s("Enclosure Type", e.kind.clone())
            .s("Enclosure Serial Number", "N/A")
            .s("Device Type", "Enclosure")
            .s("Status", "OK")
            .done();
        let inq = Ob::new()
            .s("Vendor Identification", e.vendor.clone())
            .s("Product Identification", e.product.clone())
            .s("Product Revision Level", e.revision.clone())
            .done();
        o = o.j(
            &format!("Enclosure /c{}/e{}", ad.index, e.device_id),
            Ob::new()
                .j("Information", info)
                .j("Inquiry Data", inq)
                .j("Properties", J::A(vec![enclosure_row(ad, e)]))
                .done(),
        );
    }
    Resp::ok(ad.index, "None", Some(o.done()))
}

fn vds_show(st: &SimState, i: usize, vsel: Sel, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let vds: Vec<&Vd> = sorted_vds(ad)
        .into_iter()
        .filter(|v| match vsel {
            Sel::One(n) => v.target == n,
            Sel::All => true,
        })
        .collect();
    if vds.is_empty() {
        if let Sel::One(n) = vsel {
            return Resp::fail(
                Some(ad.index),
                unv::VD_NOT_FOUND,
                vec![
                    Ob::new()
                        .s("VD", format!("/c{}/v{n}", ad.index))
                        .s("Status", "Failure")
                        .n("ErrCd", 255)
                        .s("ErrMsg", unv::VD_NOT_FOUND_MSG)
                        .done(),
                ],
                255,
            );
        }
        return Resp::ok(ad.index, "No VDs have been configured.", None);
    }
    if !cmd.has("all") {
        let rows = vds.iter().map(|v| vd_row(ad, v)).collect();
        return Resp::ok(
            ad.index,
            "None",
            Some(Ob::new().j("Virtual Drives", J::A(rows)).done()),
        );
    }
    let mut o = Ob::new();
    for v in vds {
        o = o.j(
            &format!("/c{}/v{}", ad.index, v.target),
            J::A(vec![vd_row(ad, v)]),
        );
        let members: Vec<J> = ad
            .group_index(v.group_uid)
            .and_then(|g| ad.groups.get(g))
            .map(|g| {
                g.spans
                    .iter()
                    .flat_map(|s| s.rows.iter())
                    .filter_map(|r| r.drive.and_then(|a| ad.drive(a)))
                    .map(|d| pd_row(ad, d))
                    .collect()
            })
            .unwrap_or_default();
        o = o.j(&format!("PDs for VD {}", v.target), J::A(members));
        o = o.j(&format!("VD{} Properties", v.target), vd_props(ad, st, v));
    }
    Resp::ok(ad.index, "None", Some(o.done()))
}

fn battery(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let fail = |msg: &str| {
        Resp::fail(
            Some(ad.index),
            "None",
            vec![
                Ob::new()
                    .n("Ctrl", ad.index)
                    .s("Status", "Failed")
                    .s("Property", "-")
                    .s("ErrMsg", msg)
                    .n("ErrCd", 255)
                    .done(),
            ],
            255,
        )
    };
    let Some(b) = &ad.bbu else {
        return fail(unv::NO_BATTERY);
    };
    if cmd.bbu && is_cv(ad) {
        return fail("use /cx/cv");
    }
    if cmd.cv && !is_cv(ad) {
        return fail(unv::USE_BBU);
    }
    let pv = |k: &str, v: J| Ob::new().s("Property", k).j("Value", v).done();
    let ps = |k: &str, v: &str| pv(k, J::S(v.to_owned()));
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let charge = b.charge.floor() as i64;
    let state = match b.state_text() {
        "Degraded(Charging)" => "Dgd (Charging)",
        other => other,
    };
    let learn = b.learn_started.is_some();
    if cmd.cv {
        let o = Ob::new()
            .j(
                "Cachevault_Info",
                J::A(vec![
                    ps("Type", &b.battery_type),
                    ps("Temperature", &format!("{} C", b.temperature)),
                    ps("State", state),
                ]),
            )
            .j(
                "Firmware_Status",
                J::A(vec![
                    ps("Replacement required", yes(b.replacement_required)),
                    ps("No space to cache offload", "No"),
                    ps("Module microcode update required", "No"),
                ]),
            )
            .j(
                "GasGaugeStatus",
                J::A(vec![
                    ps("Pack Energy", &format!("{} J", charge * 3)),
                    ps("Capacitance", &format!("{charge} %")),
                    pv("Remaining Reserve Space", J::N(charge)),
                ]),
            )
            .j(
                "Design_Info",
                J::A(vec![
                    ps("Date of Manufacture", &date_ymd(st.epoch - 400 * 86_400)),
                    pv("Serial Number", J::N(4242)),
                    ps("Manufacture Name", "LSI"),
                    ps("Design Capacity", "288 J"),
                    ps("Device Name", &b.battery_type),
                ]),
            )
            .j(
                "Properties",
                J::A(vec![
                    ps("Auto Learn Period", "28d (2419200 seconds)"),
                    ps("Next Learn time", &date_ymd(st.epoch + 28 * 86_400)),
                    ps("Learn Delay Interval", "0 hour(s)"),
                    ps("Auto-Learn Mode", "Transparent"),
                ]),
            )
            .done();
        return Resp::ok(ad.index, "None", Some(o));
    }
    let o = Ob::new()
        .j(
            "BBU_Info",
            J::A(vec![
                ps("Type", &b.battery_type),
                ps("Voltage", &format!("{} mV", 3900 + charge * 2)),
                ps(
                    "Current",
                    &format!("{} mA", if b.charging { 120 } else { 0 }),
                ),
                ps("Temperature", &format!("{} C", b.temperature)),
                ps("Battery State", state),
            ]),
        )
        .j(
            "BBU_Firmware_Status",
            J::A(vec![
                ps(
                    "Charging Status",
                    if b.charging {
                        "Charging"
                    } else if learn {
                        "Discharging"
                    } else {
                        "None"
                    },
                ),
                ps("Voltage", "OK"),
                ps("Temperature", "OK"),
                ps("Learn Cycle Requested", "No"),
                ps("Learn Cycle Active", yes(learn)),
                ps("Learn Cycle Status", "OK"),
                ps("Learn Cycle Timeout", "No"),
                ps("I2C Errors Detected", "No"),
                ps("Battery Pack Missing", "No"),
                ps("Replacement required", yes(b.replacement_required)),
                ps("Remaining Capacity Low", yes(charge < 20)),
                ps("Periodic Learn Required", "No"),
                ps("Transparent Learn", "No"),
                ps("No space to cache offload", "No"),
                ps(
                    "Pack is about to fail & should be replaced",
                    yes(b.replacement_required),
                ),
                ps("Cache Offload premium feature required", "No"),
                ps("Module microcode update required", "No"),
            ]),
        )
        .j(
            "GasGaugeStatus",
            J::A(vec![
                ps("Fully Discharged", yes(charge == 0)),
                ps("Fully Charged", yes(charge >= 100)),
                ps("Discharging", yes(!b.charging)),
                ps("Initialized", "Yes"),
                ps("Remaining Time Alarm", "No"),
                ps("Discharge Terminated", "No"),
                ps("Over Temperature", "No"),
                ps("Charging Terminated", yes(charge >= 100)),
                ps("Over Charged", "No"),
                ps("Relative State of Charge", &format!("{charge}%")),
                ps("Charger System State", "49168"),
                ps("Charger System Ctrl", "0"),
                ps("Charging current", "0 mA"),
                ps(
                    "Absolute state of charge",
                    &format!("{}%", charge * 85 / 100),
                ),
                ps("Max Error", "2%"),
            ]),
        )
        .j(
            "BBU_Capacity_Info",
            J::A(vec![
                ps("Relative State of Charge", &format!("{charge}%")),
                ps(
                    "Absolute State of charge",
                    &format!("{}%", charge * 85 / 100),
                ),
                ps(
                    "Remaining Capacity",
                    &format!("{} mAh", i64::from(b.full_capacity) * charge / 100),
                ),
                ps("Full Charge Capacity", &format!("{} mAh", b.full_capacity)),
                ps("Run time to empty", "Battery is not being charged"),
                ps("Average time to empty", "Battery is not being charged"),
                ps("Average Time to full", "Battery is not being charged"),
                ps("Cycle Count", "12"),
                ps("Max Error", "2%"),
                ps("Remaining Capacity Alarm", "180 mAh"),
                ps("Remaining Time Alarm", "10 Min"),
            ]),
        )
        .j(
            "BBU_Design_Info",
            J::A(vec![
                ps("Date of Manufacture", &date_ymd(st.epoch - 400 * 86_400)),
                ps("Design Capacity", &format!("{} mAh", b.design_capacity)),
                ps("Design Voltage", "3700 mV"),
                ps("Specification Info", "49"),
                ps("Serial Number", "4242"),
                ps("Pack Stat Configuration", "0x0014"),
                ps("Manufacture Name", "SMP-PA1.9"),
                ps("Device Name", "DLNU402"),
                ps("Device Chemistry", "LION"),
                ps("Battery FRU", "N/A"),
                ps("Transparent Learn", "0"),
                ps("App Data", "0"),
            ]),
        )
        .j(
            "BBU_Properties",
            J::A(vec![
                ps("Auto Learn Period", "90d (7776000 seconds)"),
                ps("Next Learn time", &date_ymd(st.epoch + 90 * 86_400)),
                ps("Learn Delay Interval", "0 hour(s)"),
                ps("Auto-Learn Mode", "Enabled"),
            ]),
        )
        .done();
    Resp::ok(ad.index, "None", Some(o))
}

fn foreign_lists(ad: &Adapter) -> (Vec<J>, Vec<J>) {
    let configs = foreign_configs(ad);
    let mut dgs = Vec::new();
    let mut pds = Vec::new();
    for (n, cfg) in configs.iter().enumerate() {
        let drives: Vec<&Drive> = sorted_drives(ad)
            .into_iter()
            .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == *cfg))
            .collect();
        let Some(meta) = drives.first().and_then(|d| d.foreign.clone()) else {
            continue;
        };
        let member = drives
            .iter()
            .map(|d| d.coerced_sectors())
            .min()
            .unwrap_or(0);
        let data_rows = match meta.level.tolerated_failures_per_span() {
            Some(0) => meta.rows,
            _ if matches!(meta.level, RaidLevel::Raid1 | RaidLevel::Raid10) => meta.rows / 2,
            Some(t) => meta.rows.saturating_sub(t),
            None => meta.rows,
        };
        let total = member * u64::from(data_rows) * u64::from(meta.spans);
        dgs.push(
            Ob::new()
                .n("DG", n64(n))
                .s("Type", level_text(&meta.level))
                .s("Size", size(total))
                .done(),
        );
        for d in drives {
            pds.push(
                Ob::new()
                    .s("EID:Slt", eid_slt(d.addr()))
                    .n("DID", d.device_id)
                    .n("DG", n64(n))
                    .s("State", "Foreign")
                    .s("Size", size(d.coerced_sectors()))
                    .s("Model", d.model.clone())
                    .done(),
            );
        }
    }
    (dgs, pds)
}

fn no_foreign(idx: u32) -> Resp {
    Resp::fail(
        Some(idx),
        "No foreign configuration found.",
        vec![
            Ob::new()
                .n("Controller", idx)
                .s("Status", "Failure")
                .n("ErrCd", 50)
                .s("ErrMsg", "No foreign configuration")
                .done(),
        ],
        50,
    )
}

fn foreign(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    if foreign_configs(&st.adapters[i]).is_empty() {
        return no_foreign(idx);
    }
    let verb = cmd.verb();
    let preview = verb == "import" && cmd.has("preview");
    if verb == "show" || preview {
        let (dgs, pds) = foreign_lists(&st.adapters[i]);
        let data = Ob::new()
            .n("Total foreign DG Count", n64(dgs.len()))
            .n("Total foreign drive Count", n64(pds.len()))
            .j("FOREIGN DG LIST", J::A(dgs))
            .j("FOREIGN PD LIST", J::A(pds))
            .done();
        let desc = if preview {
            unv::FOREIGN_PREVIEW
        } else {
            "Show Foreign Config Succeeded."
        };
        return Resp::ok(idx, desc, Some(data));
    }
    let (word, desc) = match verb {
        "import" => ("import", "Successfully imported foreign configuration"),
        "del" | "delete" => ("clear", "Successfully deleted foreign configuration"),
        other => {
            return Resp::fail(
                Some(idx),
                &fill(unv::SYNTAX_ERROR, &[("x", other)]),
                Vec::new(),
                unv::SYNTAX_ERROR_CODE,
            );
        }
    };
    let mut inv = mega(idx, "cfgforeign");
    inv.words.push(word.to_owned());
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        return Resp::fail(
            Some(idx),
            &fill(
                unv::FAILED,
                &[(
                    "x",
                    if word == "import" {
                        "Import foreign configuration"
                    } else {
                        "Delete foreign configuration"
                    },
                )],
            ),
            vec![
                Ob::new()
                    .n("Controller", idx)
                    .s("Status", "Failure")
                    .n("ErrCd", errcd)
                    .s("ErrMsg", msg)
                    .done(),
            ],
            errcd,
        );
    }
    Resp::ok(idx, desc, None)
}

fn progress(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let kind = if cmd.has("copyback") {
        OpKind::Copyback
    } else {
        OpKind::Rebuild
    };
    let addrs = select_drives(ad, cmd);
    if addrs.is_empty() {
        return drives_show(st, i, cmd);
    }
    let rows: Vec<J> = addrs
        .iter()
        .filter_map(|a| ad.drive(*a))
        .map(|d| {
            let o = Ob::new().s("Drive-ID", drive_path(ad.index, d.addr()));
            match d.op.as_ref().filter(|op| op.kind == kind) {
                Some(op) => {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let pct = op.percent.floor().min(99.0) as i64;
                    let elapsed = st.clock.saturating_sub(op.started).max(1);
                    let left = if pct > 0 {
                        u64::try_from(100 - pct).unwrap_or(0) * elapsed
                            / u64::try_from(pct).unwrap_or(1)
                            / 60
                    } else {
                        0
                    };
                    o.n("Progress%", pct)
                        .s("Status", "In progress")
                        .s(
                            "Estimated Time Left",
                            if pct > 0 {
                                format!("{left} Minutes")
                            } else {
                                "-".to_owned()
                            },
                        )
                        .done()
                }
                None => o
                    .s("Progress%", "-")
                    .s("Status", "Not in progress")
                    .s("Estimated Time Left", "-")
                    .done(),
            }
        })
        .collect();
    let desc = if kind == OpKind::Rebuild {
        "Show Drive Rebuild Status Succeeded."
    } else {
        unv::SHOW_COPYBACK
    };
    Resp::ok(ad.index, desc, Some(J::A(rows)))
}

/// A MegaCli invocation on one adapter.
fn mega(idx: u32, command: &str) -> Invocation {
    Invocation {
        command: command.to_owned(),
        adapters: AdapterSel::List(vec![idx]),
        ..Invocation::default()
    }
}

/// storcli error code and message for a MegaCli (MFI) status and its output lines.
fn err_of(code: u32, lines: &[String]) -> (i32, String) {
    if lines
        .iter()
        .any(|l| l.contains("does not have the appropriate attributes"))
    {
        return (
            i32::try_from(code).unwrap_or(255),
            "resources already in use".to_owned(),
        );
    }
    match code {
        0x01 => (255, "Operation not allowed.".to_owned()),
        0x32 => (
            50,
            "device state doesn't support requested command".to_owned(),
        ),
        other => (
            i32::try_from(other).unwrap_or(255),
            unv::err_msg(other).to_owned(),
        ),
    }
}

fn drive_fail(idx: u32, desc: &str, path: &str, errcd: i32, msg: &str) -> Resp {
    Resp::fail(
        Some(idx),
        desc,
        vec![
            Ob::new()
                .s("Drive", path)
                .s("Status", "Failure")
                .n("ErrCd", errcd)
                .s("ErrMsg", msg)
                .done(),
        ],
        errcd,
    )
}

/// Success and failure descriptions of a drive action.
fn action_texts(cmd: &Cmd) -> Option<(String, String)> {
    let w = |x: &str| cmd.has(x);
    let pair = |ok: &str, fail: &str| Some((ok.to_owned(), fail.to_owned()));
    match cmd.verb() {
        "set" if w("offline") => pair("Set Drive Offline Succeeded.", unv::SET_OFFLINE_FAILED),
        "set" if w("online") => pair(unv::SET_ONLINE, unv::SET_ONLINE_FAILED),
        "set" if w("missing") => pair(unv::SET_MISSING, unv::SET_MISSING_FAILED),
        "set" if w("good") => pair("Set Drive Good Succeeded.", "Set Drive Good Failed."),
        "set" if w("jbod") => pair("Set Drive JBOD Succeeded.", "Set Drive JBOD Failed."),
        "insert" => pair(unv::INSERT, unv::INSERT_FAILED),
        "start" if w("rebuild") => pair(unv::START_REBUILD, unv::START_REBUILD_FAILED),
        "stop" if w("rebuild") => pair(unv::STOP_REBUILD, unv::STOP_REBUILD_FAILED),
        "start" if w("locate") => pair(unv::START_LOCATE, unv::START_LOCATE_FAILED),
        "stop" if w("locate") => pair(unv::STOP_LOCATE, unv::STOP_LOCATE_FAILED),
        "start" if w("copyback") => pair(unv::START_COPYBACK, unv::START_COPYBACK_FAILED),
        "stop" if w("copyback") => pair(unv::STOP_COPYBACK, unv::STOP_COPYBACK_FAILED),
        "add" if w("hotsparedrive") => pair("Add Hot Spare Succeeded.", unv::ADD_HSP_FAILED),
        "delete" if w("hotsparedrive") => pair(unv::DELETE_HSP, unv::DELETE_HSP_FAILED),
        "spindown" => pair("Spin Down Drive Succeeded.", unv::SPIN_DOWN_FAILED),
        "spinup" => pair("Spin Up Drive Succeeded.", "Spin Up Drive Failed."),
        _ => None,
    }
}

fn drive_action(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let Some((ok_text, fail_text)) = action_texts(cmd) else {
        return Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", cmd.verb())]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        );
    };
    let Some(addr) = one_address(cmd) else {
        return Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", "sall")]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        );
    };
    let path = drive_path(idx, addr);
    let ad = &st.adapters[i];
    let Some(d) = ad.drive(addr) else {
        return drive_fail(
            idx,
            &fail_text,
            &path,
            unv::DRIVE_NOT_FOUND_CODE,
            unv::DRIVE_NOT_FOUND,
        );
    };
    let state = d.state.clone();
    let verb = cmd.verb();
    let mut inv = mega(idx, "");
    inv.drives = vec![addr];
    match verb {
        "set" if cmd.has("offline") => inv.command = "pdoffline".to_owned(),
        "set" if cmd.has("online") => inv.command = "pdonline".to_owned(),
        "set" if cmd.has("missing") => inv.command = "pdmarkmissing".to_owned(),
        "set" if cmd.has("good") => {
            inv.command = "pdmakegood".to_owned();
            if cmd.has("force") {
                inv.words.push("force".to_owned());
            }
        }
        "set" => inv.command = "pdmakejbod".to_owned(),
        "insert" => {
            let num = |k: &str| cmd.get(k).and_then(|v| v.parse::<usize>().ok());
            let (Some(dg), Some(arr), Some(row)) = (num("dg"), num("array"), num("row")) else {
                return drive_fail(idx, &fail_text, &path, 255, unv::INSERT_ARGS);
            };
            if dg >= ad.groups.len() || arr >= ad.groups[dg].spans.len() {
                return drive_fail(idx, &fail_text, &path, 0x09, unv::err_msg(0x09));
            }
            inv.command = "pdreplacemissing".to_owned();
            inv.arrays = vec![ad.array_number(dg, arr)];
            inv.row = u32::try_from(row).ok();
        }
        "start" | "stop" if cmd.has("rebuild") => {
            inv.command = "pdrbld".to_owned();
            inv.words.push(verb.to_owned());
        }
        "start" | "stop" if cmd.has("locate") => {
            inv.command = "pdlocate".to_owned();
            if verb == "stop" {
                inv.words.push("stop".to_owned());
            } else {
                inv.words.push("start".to_owned());
            }
        }
        "start" if cmd.has("copyback") => {
            let Some(target) = cmd
                .get("target")
                .and_then(|t| t.parse::<DriveAddress>().ok())
            else {
                return drive_fail(idx, &fail_text, &path, 255, unv::COPYBACK_TARGET);
            };
            inv.command = "pdcpybk".to_owned();
            inv.words.push("start".to_owned());
            inv.drives = vec![addr, target];
        }
        "stop" if cmd.has("copyback") => {
            inv.command = "pdcpybk".to_owned();
            inv.words.push("stop".to_owned());
        }
        "add" => {
            inv.command = "pdhsp".to_owned();
            inv.words.push("set".to_owned());
            if let Some(dgs) = cmd.get("dgs") {
                inv.words.push("dedicated".to_owned());
                for part in dgs.split(',') {
                    let Some(g) = part
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|g| *g < ad.groups.len())
                    else {
                        return drive_fail(idx, &fail_text, &path, 0x09, unv::err_msg(0x09));
                    };
                    inv.arrays.push(ad.array_number(g, 0));
                }
            }
            if cmd.has("nonrevertible") {
                inv.words.push("nonrevertible".to_owned());
            }
        }
        "delete" => {
            inv.command = "pdhsp".to_owned();
            inv.words.push("rmv".to_owned());
        }
        "spindown" => inv.command = "pdprprmv".to_owned(),
        "spinup" => {
            inv.command = "pdprprmv".to_owned();
            inv.words.push("undo".to_owned());
        }
        _ => {
            return Resp::fail(
                Some(idx),
                &fill(unv::SYNTAX_ERROR, &[("x", verb)]),
                Vec::new(),
                unv::SYNTAX_ERROR_CODE,
            );
        }
    }
    let jbod_refusal =
        inv.command == "pdmakegood" && state == FirmwareState::Jbod && !cmd.has("force");
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code == 0 {
        return Resp::ok(idx, &ok_text, None);
    }
    if jbod_refusal {
        return drive_fail(
            idx,
            &fail_text,
            &path,
            255,
            "Drive is JBOD! Use -force option to confirm.",
        );
    }
    let (errcd, msg) = err_of(code, &lines);
    drive_fail(idx, &fail_text, &path, errcd, &msg)
}

fn ctrl_set(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let Some((k, v)) = cmd.kv.first().cloned() else {
        return Resp::fail(
            Some(idx),
            &fill(unv::SYNTAX_ERROR, &[("x", "set")]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        );
    };
    let lv = v.to_ascii_lowercase();
    let mut inv = mega(idx, "adpsetprop");
    let (prop, shown) = match k.as_str() {
        "alarm" => {
            let w = match lv.as_str() {
                "on" => "alarmenbl",
                "off" => "alarmdsbl",
                "silence" => "alarmsilence",
                _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
            };
            inv.words.push(w.to_owned());
            ("Alarm", lv.to_ascii_uppercase())
        }
        "rebuildrate" => {
            let Some(n) = v
                .trim_end_matches('%')
                .parse::<i64>()
                .ok()
                .filter(|n| (0..=100).contains(n))
            else {
                return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE);
            };
            inv.words.push("rebuildrate".to_owned());
            inv.numbers.push(n);
            ("Rebuildrate", format!("{n}%"))
        }
        "autorebuild" => {
            inv.command = "adpautorbld".to_owned();
            let w = match lv.as_str() {
                "on" => "enbl",
                "off" => "dsbl",
                _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
            };
            inv.words.push(w.to_owned());
            ("AutoRebuild", lv.to_ascii_uppercase())
        }
        "copyback" => {
            inv.words.push("copybackdsbl".to_owned());
            let n = match lv.as_str() {
                "on" => 0,
                "off" => 1,
                _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
            };
            inv.numbers.push(n);
            ("Copyback", lv.to_ascii_uppercase())
        }
        "jbod" => {
            inv.words.push("enablejbod".to_owned());
            let n = match lv.as_str() {
                "on" => 1,
                "off" => 0,
                _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
            };
            inv.numbers.push(n);
            ("JBOD", lv.to_ascii_uppercase())
        }
        _ => return set_fail(idx, &k, &v, 255, unv::INVALID_VALUE),
    };
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        return set_fail(idx, prop, &v, errcd, &msg);
    }
    Resp::ok(idx, "None", Some(ctrl_prop(prop, &shown)))
}

fn set_fail(idx: u32, prop: &str, _value: &str, errcd: i32, msg: &str) -> Resp {
    Resp::fail(
        Some(idx),
        "None",
        vec![
            Ob::new()
                .n("Ctrl", idx)
                .s("Status", "Failed")
                .s("Property", prop)
                .s("ErrMsg", msg)
                .n("ErrCd", errcd)
                .done(),
        ],
        errcd,
    )
}

/// Parses `drives=32:0-2,32:5,:3`.
fn parse_drive_list(text: &str) -> Option<Vec<DriveAddress>> {
    let mut out = Vec::new();
    let mut last_encl: Option<u16> = None;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (encl, slots) = match part.split_once(':') {
            Some((e, s)) => {
                let e = e.trim();
                let enc = if e.is_empty() {
                    None
                } else {
                    Some(e.parse().ok()?)
                };
                last_encl = enc;
                (enc, s)
            }
            None => (last_encl, part),
        };
        let (a, b) = match slots.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u16>().ok()?, b.trim().parse::<u16>().ok()?),
            None => {
                let s = slots.trim().parse::<u16>().ok()?;
                (s, s)
            }
        };
        if b < a {
            return None;
        }
        for slot in a..=b {
            out.push(DriveAddress {
                enclosure: encl,
                slot,
            });
        }
    }
    Some(out)
}

fn add_vd(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let fail = |msg: &str, code: i32| Resp::fail(Some(idx), msg, Vec::new(), code);
    let Some(level) = cmd
        .get("type")
        .or_else(|| {
            cmd.words
                .iter()
                .find(|w| w.starts_with('r'))
                .map(String::as_str)
        })
        .map(|t| {
            t.to_ascii_lowercase()
                .trim_start_matches("raid")
                .trim_start_matches('r')
                .to_owned()
        })
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return fail(unv::ADD_VD_ARGS, 255);
    };
    let Some(drives) = cmd.get("drives").and_then(parse_drive_list) else {
        return fail(unv::ADD_VD_ARGS, 255);
    };
    let spanned = matches!(level, 10 | 50 | 60 | 0) && cmd.get("pdperarray").is_some()
        || matches!(level, 10 | 50 | 60);
    let mut inv = mega(idx, if spanned { "cfgspanadd" } else { "cfgldadd" });
    if spanned {
        let per = cmd
            .get("pdperarray")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(if level == 10 { 2 } else { drives.len() / 2 })
            .max(1);
        if !drives.len().is_multiple_of(per) {
            return fail("Add VD Failed.", 255);
        }
        inv.raid = Some((level, Vec::new()));
        inv.span_arrays = drives.chunks(per).map(<[DriveAddress]>::to_vec).collect();
    } else {
        inv.raid = Some((level, drives));
    }
    for w in ["wt", "wb", "nora", "ra", "direct", "cached"] {
        if cmd.has(w) {
            inv.words.push(w.to_owned());
        }
    }
    if let Some(s) = cmd.get("strip") {
        inv.words.push(format!("strpsz{s}"));
    }
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        if msg == "resources already in use" {
            return fail("resources already in use", errcd);
        }
        return Resp::fail(
            Some(idx),
            "Add VD Failed.",
            vec![
                Ob::new()
                    .n("Ctrl", idx)
                    .s("Status", "Failed")
                    .n("ErrCd", errcd)
                    .s("ErrMsg", msg)
                    .done(),
            ],
            errcd,
        );
    }
    if let Some(name) = cmd.get("name") {
        let target = lines
            .iter()
            .find_map(|l| l.split("Created VD ").nth(1))
            .and_then(|t| t.trim().parse::<u32>().ok());
        if let Some(t) = target {
            if let Some(v) = st.adapters[i].vds.iter_mut().find(|v| v.target == t) {
                v.name = name.to_owned();
            }
        }
    }
    Resp::ok(idx, "Add VD Succeeded.", None)
}

fn vd_delete(st: &mut SimState, i: usize, vsel: Sel) -> Resp {
    let idx = st.adapters[i].index;
    let mut inv = mega(idx, "cfglddel");
    inv.lds = match vsel {
        Sel::All => LdSel::All,
        Sel::One(n) => LdSel::List(vec![n]),
    };
    if let Sel::One(n) = vsel {
        if !st.adapters[i].vds.iter().any(|v| v.target == n) {
            return Resp::fail(
                Some(idx),
                unv::DELETE_VD_FAILED,
                vec![
                    Ob::new()
                        .s("VD", format!("/c{idx}/v{n}"))
                        .s("Status", "Failure")
                        .n("ErrCd", 255)
                        .s("ErrMsg", unv::VD_NOT_FOUND_MSG)
                        .done(),
                ],
                255,
            );
        }
    }
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code != 0 {
        let (errcd, msg) = err_of(code, &lines);
        return Resp::fail(
            Some(idx),
            unv::DELETE_VD_FAILED,
            vec![
                Ob::new()
                    .s("Status", "Failure")
                    .n("ErrCd", errcd)
                    .s("ErrMsg", msg)
                    .done(),
            ],
            errcd,
        );
    }
    Resp::ok(idx, "Delete VD succeeded", None)
}

/// `show events` text: the MegaCli event-file layout, each record preceded by two blank
/// lines (as in real storcli dumps). `filter=warning,critical,fatal` keeps those classes.
fn events(st: &SimState, i: usize, cmd: &Cmd) -> String {
    let ad = &st.adapters[i];
    let classes: Option<Vec<i32>> = cmd.get("filter").map(|f| {
        f.split(',')
            .filter_map(|c| match c.trim().to_ascii_lowercase().as_str() {
                "info" => Some(0),
                "warning" => Some(1),
                "critical" => Some(2),
                "fatal" => Some(3),
                _ => None,
            })
            .collect()
    });
    let mut out = String::new();
    for e in ad.events.iter().filter(|e| e.seq > ad.clear_seq) {
        if let Some(c) = &classes {
            if !c.contains(&e.class) {
                continue;
            }
        }
        out.push_str("\n\n");
        out.push_str(&crate::sim::text::event_record(st.epoch, e));
    }
    if let Some(file) = cmd.get("file") {
        let ok = std::fs::write(file, &out).is_ok();
        let status = if ok { "Success" } else { "Failure" };
        return format!(
            "Controller = {}\nStatus = {status}\nDescription = None\n\nEvents = GETEVENTS\n\nController Properties :\n=====================\n\n------------------------------------\nCtrl Status  Method          Value  \n------------------------------------\n{:>4} {status} handleSuboption Events \n------------------------------------\n\n",
            ad.index, ad.index
        );
    }
    out
}

fn alilog(st: &SimState, i: usize) -> String {
    let ad = &st.adapters[i];
    let mut out = fill(unv::ALILOG_HEADER, &[("a", &ad.index.to_string())]);
    out.push('\n');
    let t = crate::sim::text::termlog_time(st.epoch);
    out.push_str(&fill(
        unv::ALILOG_LINE,
        &[("t", &t), ("p", &ad.fw_package), ("f", &ad.fw_version)],
    ));
    out.push('\n');
    out
}

/// `/cN/eX/sY show phyerrorcounters`: one table per drive (the simulator has no link errors).
fn phy_counters(st: &SimState, i: usize, cmd: &Cmd) -> Resp {
    let ad = &st.adapters[i];
    let mut o = Ob::new();
    let wanted = select_drives(ad, cmd);
    for d in sorted_drives(ad)
        .into_iter()
        .filter(|d| wanted.contains(&d.addr()))
    {
        let mut row = Ob::new();
        for col in unv::PHY_COLUMNS {
            row = row.n(col, 0);
        }
        let name = fill(unv::PHY_COUNTERS, &[("d", &drive_path(ad.index, d.addr()))]);
        o = o.j(&name, J::A(vec![row.done()]));
    }
    Resp::ok(
        ad.index,
        "Show PHY Error Counters Succeeded.",
        Some(o.done()),
    )
}

fn termlog(st: &SimState, i: usize) -> String {
    let ad = &st.adapters[i];
    let mut out = fill(unv::TERMLOG_HEADER, &[("a", &ad.index.to_string())]);
    out.push('\n');
    for e in &ad.events {
        let t = crate::sim::text::termlog_time(st.epoch + i64::try_from(e.time).unwrap_or(0));
        out.push_str(&format!(
            "{t}: EVT#{:05}-{t}: {:3}={}\n",
            e.seq, e.code, e.description
        ));
    }
    out
}

/// Answers argv against a state: parse, answer, render. Returns stdout and exit status.
pub fn run(st: &mut SimState, tool: Tool, args: &[String]) -> (String, i32) {
    match parse(args) {
        Ok(cmd) => {
            let (text, code) = if tool.v2() {
                let out = crate::sim::storcli2::answer(st, &cmd);
                crate::sim::storcli2::render(&out, tool, cmd.json)
            } else {
                render(&answer(st, &cmd), tool, cmd.json)
            };
            // `logfile=F` also writes what was shown to F (in the working directory).
            if let Some(f) = cmd.get("logfile") {
                let _ = std::fs::write(f, &text);
            }
            (text, code)
        }
        Err(tok) if tool.v2() => {
            crate::sim::storcli2::render(&syntax_error(&tok), tool, args.iter().any(|a| a == "J"))
        }
        Err(tok) => render(&syntax_error(&tok), tool, args.iter().any(|a| a == "J")),
    }
}

/// Runs the storcli/perccli front end (`prog` is the name it was called by, `args` the rest)
/// against the state in `dir`; returns the exit status. `control ...` is the control interface.
pub fn main_with_args(prog: &str, args: &[String], dir: Option<std::path::PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return crate::sim::control_in(&args[1..], dir);
    }
    let tool = Tool::from_prog(prog);
    let counter = match parse(args) {
        Ok(c) => c.counter_name(),
        Err(_) => "storcli:show".to_owned(),
    };
    let args = args.to_vec();
    crate::sim::run_front_end(prog, dir, &counter, move |st| run(st, tool, &args))
}
