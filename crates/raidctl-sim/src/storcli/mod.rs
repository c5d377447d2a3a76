//! storcli/perccli front end of the simulated controller.
//!
//! Called as `storcli64` or `perccli64` (see [`crate::multicall`]), raidctl takes storcli's object syntax (`/c0/e32/s4 set offline J`) and answers
//! from the same [`SimState`] as the MegaCli front end. Every action is translated into the
//! equivalent MegaCli [`Invocation`] and run through [`crate::dispatch`], so refusals,
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
//! Texts not seen in a real capture come from [`crate::unverified::storcli`].
//!
//! Called as `storcli2` or `perccli2`, the same parser and state machine answer in the 8.x
//! JSON schema rendered by [`crate::storcli2`].

use crate::args::{AdapterSel, Invocation, LdSel};
use crate::render::foreign_configs;
use crate::state::{Adapter, DiskGroup, Drive, OpKind, SimState, Vd, coerced, noncoerced};
use crate::text::broken;
use crate::unverified::{fill, storcli as unv};
use raidctl_model::{DriveAddress, FirmwareState, LdState, MediaType, PdType, RaidLevel};

mod actions;
mod overview;
mod show;
mod text;
mod values;

use actions::*;
use overview::*;
pub use overview::{banner, overview_model};
use show::*;
use text::*;
pub use values::*;

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
    /// [`crate::storcli2`].
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
            Self::Storcli2 => crate::unverified::storcli2::STORCLI2_VERSION,
            Self::Perccli2 => crate::storcli2::PERCCLI2_VERSION,
        }
    }
}

/// The tool that answers and the CLI version it reports: the build's own
/// ([`Tool::version`]), or the one a state pins ([`SimState::storcli_version`]) to answer as an
/// older or newer release would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cli<'a> {
    /// Which vendor build.
    pub tool: Tool,
    /// `CLI Version` it prints.
    pub version: &'a str,
}

impl Cli<'static> {
    /// The tool with its own version.
    pub fn of(tool: Tool) -> Self {
        Self {
            tool,
            version: tool.version(),
        }
    }
}

impl Cli<'_> {
    /// Releases before 007.10 lack the `TR` (TOPOLOGY), `Cac` (VD LIST) and `Type` (PD LIST)
    /// columns: every 007.04/007.05 capture has none of them, every capture from 007.1017 on
    /// has all three.
    pub fn has_newer_columns(&self) -> bool {
        self.version >= "007.1000"
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

/// `n` tabs: storcli's indentation.
fn pad(out: &mut String, n: usize) {
    out.push_str(&"\t".repeat(n));
}

/// An object's or array's members, one a line with commas between, inside `open` and
/// `close`; `item` writes one member (with its own indentation), the closing bracket gets
/// `ind` tabs.
fn write_seq<T>(
    out: &mut String,
    ind: usize,
    [open, close]: [char; 2],
    items: &[T],
    mut item: impl FnMut(&mut String, &T),
) {
    out.push(open);
    out.push('\n');
    for (i, x) in items.iter().enumerate() {
        item(out, x);
        if i + 1 < items.len() {
            out.push(',');
        }
        out.push('\n');
    }
    pad(out, ind);
    out.push(close);
}

impl J {
    /// JSON as storcli itself prints it (every native capture from 007.10 to 8.x): the
    /// envelope's `{`, `"Controllers":[` and each controller's `{` at the left margin, then
    /// one tab per level and `"key" : value`. (Captures indented with spaces and `"key":` were
    /// re-serialised by the projects that stored them.)
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        match self {
            Self::O(kv) if !kv.is_empty() => {
                write_seq(&mut out, 0, ['{', '}'], kv, |out, (k, v)| {
                    out.push_str(&quote(k));
                    out.push(':');
                    match v {
                        Self::A(items) if !items.is_empty() => {
                            write_seq(out, 0, ['[', ']'], items, |out, x| x.write(out, 0));
                        }
                        other => other.write(out, 0),
                    }
                });
            }
            other => other.write(&mut out, 0),
        }
        out
    }

    fn write(&self, out: &mut String, ind: usize) {
        match self {
            Self::S(s) => out.push_str(&quote(s)),
            Self::N(n) => out.push_str(&n.to_string()),
            Self::O(kv) if kv.is_empty() => out.push_str("{}"),
            Self::A(v) if v.is_empty() => out.push_str("[]"),
            Self::O(kv) => write_seq(out, ind, ['{', '}'], kv, |out, (k, v)| {
                pad(out, ind + 1);
                out.push_str(&quote(k));
                out.push_str(" : ");
                v.write(out, ind + 1);
            }),
            Self::A(v) => write_seq(out, ind, ['[', ']'], v, |out, x| {
                pad(out, ind + 1);
                x.write(out, ind + 1);
            }),
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

    /// A successful answer whose data is one list of rows under `key`.
    pub(crate) fn ok_list(ctrl: u32, key: &str, rows: Vec<J>) -> Self {
        Self::ok(ctrl, "None", Some(Ob::new().j(key, J::A(rows)).done()))
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

    /// storcli's answer to a word it does not take there.
    pub(crate) fn syntax_error(ctrl: Option<u32>, token: &str) -> Self {
        Self::fail(
            ctrl,
            &fill(unv::SYNTAX_ERROR, &[("x", token)]),
            Vec::new(),
            unv::SYNTAX_ERROR_CODE,
        )
    }

    fn status(&self, cli: Cli<'_>) -> J {
        let mut o = Ob::new()
            .s("CLI Version", cli.version)
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
pub fn render(out: &Output, cli: Cli<'_>, json: bool) -> (String, i32) {
    match out {
        Output::Raw(t, c) => (t.clone(), *c),
        Output::Ctrls(list) => {
            let text = if json {
                controllers_json(list, |r| r.status(cli))
            } else {
                list.iter().map(|r| text_resp(r, cli)).collect()
            };
            (text, exit_code(list))
        }
    }
}

/// The exit status of several controllers' answers: the last non-zero one, else 0.
pub(crate) fn exit_code(list: &[Resp]) -> i32 {
    list.iter()
        .rev()
        .find(|r| r.code != 0)
        .map_or(0, |r| r.code)
}

/// The JSON of several controllers' answers, each with the `Command Status` `status` gives
/// it, in the native layout of 7.x and 8.x alike (see [`J::to_json`]), then the blank line
/// storcli ends its JSON with.
pub(crate) fn controllers_json(list: &[Resp], status: impl Fn(&Resp) -> J) -> String {
    let ctrls: Vec<J> = list
        .iter()
        .map(|r| {
            let mut o = Ob::new().j("Command Status", status(r));
            if let Some(d) = &r.data {
                o = o.j("Response Data", d.clone());
            }
            o.done()
        })
        .collect();
    let mut text = Ob::new().j("Controllers", J::A(ctrls)).done().to_json();
    text.push_str("\n\n");
    text
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
    Output::Ctrls(vec![Resp::syntax_error(None, token)])
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

/// `/cN show eventloginfo`: the event log's sequence numbers (layout unverified, see
/// [`unv::EVENT_LOG_INFO_SECTION`]).
fn event_log_info(ad: &Adapter) -> J {
    let newest = ad.next_seq.saturating_sub(1);
    let oldest = ad.events.first().map_or(0, |e| e.seq);
    let keys = unv::EVENT_LOG_INFO_KEYS;
    let info = Ob::new()
        .n(keys[0], u64i(newest))
        .n(keys[1], u64i(oldest))
        .n(keys[2], u64i(ad.clear_seq))
        .n(keys[3], u64i(ad.boot_seq.saturating_sub(1)))
        .n(keys[4], u64i(ad.boot_seq))
        .done();
    Ob::new().j(unv::EVENT_LOG_INFO_SECTION, info).done()
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
        return Resp::syntax_error(Some(idx), &verb);
    }
    if let Some(vsel) = cmd.vd {
        if verb == "show" {
            return vds_show(st, i, vsel, cmd);
        }
        if (verb == "del" || verb == "delete") && cmd.has("preservedcache") {
            return actions::vd_discard_cache(st, i, vsel);
        }
        if verb == "del" || verb == "delete" {
            return vd_delete(st, i, vsel);
        }
        if verb == "set" {
            return actions::vd_set(st, i, vsel, cmd);
        }
        return Resp::syntax_error(Some(idx), &verb);
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
            } else if cmd.has("preservedcache") {
                actions::preserved_cache_show(ad)
            } else if cmd.has("eventloginfo") {
                Resp::ok(idx, "None", Some(event_log_info(ad)))
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
        _ => Resp::syntax_error(Some(idx), &verb),
    }
}

/// Answers argv against a state: parse, answer, render. Returns stdout and exit status.
pub fn run(st: &mut SimState, tool: Tool, args: &[String]) -> (String, i32) {
    let pinned = st.storcli_version.clone().filter(|_| !tool.v2());
    let cli = Cli {
        tool,
        version: pinned.as_deref().unwrap_or(tool.version()),
    };
    if let Some(answer) = meta(args, cli) {
        return answer;
    }
    match parse(args) {
        Ok(cmd) => {
            let (text, code) = if tool.v2() {
                let out = crate::storcli2::answer(st, &cmd);
                crate::storcli2::render(&out, tool, cmd.json)
            } else {
                render(&answer(st, &cmd), cli, cmd.json)
            };
            // `logfile=F` also writes what was shown to F (in the working directory).
            if let Some(f) = cmd.get("logfile") {
                let _ = std::fs::write(f, &text);
            }
            (text, code)
        }
        Err(tok) if tool.v2() => {
            crate::storcli2::render(&syntax_error(&tok), tool, args.iter().any(|a| a == "J"))
        }
        Err(tok) => render(&syntax_error(&tok), cli, args.iter().any(|a| a == "J")),
    }
}

/// Runs the storcli/perccli front end (`prog` is the name it was called by, `args` the rest)
/// against the state in `dir`; returns the exit status. `control ...` is the control interface.
pub fn main_with_args(prog: &str, args: &[String], dir: Option<std::path::PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return crate::control_in(&args[1..], dir);
    }
    let tool = Tool::from_prog(prog);
    let counter = match parse(args) {
        Ok(c) => c.counter_name(),
        Err(_) => "storcli:show".to_owned(),
    };
    let args = args.to_vec();
    crate::run_front_end(prog, dir, &counter, move |st| run(st, tool, &args))
}
