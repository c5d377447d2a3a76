//! Pure parsers: text in, [`Document`] out. No I/O, no panics; every oddity becomes a
//! line-numbered [`Warning`], and only input with nothing recognisable is an error.

pub mod fields;
pub mod lex;
pub mod megacli;
pub mod omreport;
pub mod storcli;

use crate::model::Document;
use std::fmt;
use std::str::FromStr;

/// The MegaCli command whose output a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `-AdpAllInfo`
    AdpAllInfo,
    /// `-adpCount`
    AdpCount,
    /// `-AdpGetPciInfo`
    AdpGetPciInfo,
    /// `-EncInfo`
    EncInfo,
    /// `-LDInfo -Lall`
    LdInfo,
    /// `-PDList`
    PdList,
    /// `-PDInfo`
    PdInfo,
    /// `-LdPdInfo`
    LdPdInfo,
    /// `-AdpBbuCmd` (full)
    Bbu,
    /// `-AdpBbuCmd -GetBbuStatus`
    BbuStatus,
    /// The file `-AdpEventLog -GetEvents -f FILE` writes.
    EventLog,
    /// `-CfgDsply`
    CfgDsply,
    /// `-CfgForeign -Scan`
    ForeignScan,
    /// `-CfgForeign -Dsply`
    ForeignDsply,
    /// `-CfgForeign -Preview`
    ForeignPreview,
    /// `-CfgForeign -Clear`
    ForeignClear,
    /// `-CfgForeign -Import`
    ForeignImport,
    /// `-PdGetMissing`
    PdGetMissing,
    /// `-PDRbld -ShowProg`, `-PDCpyBk -ShowProg`, `-LDBI -ShowProg`, `-LDRecon -ShowProg`...
    Progress,
    /// `-FwTermLog -Dsply`
    FwTermLog,
    /// `-ShowSummary`
    ShowSummary,
    /// `-v`
    Version,
    /// One-line results of action commands.
    Action,
    /// Nothing but the `Exit Code` trailer (what MegaCli prints without privileges).
    Empty,
    /// storcli / perccli 7.x JSON (`... J`), any command.
    StorcliJson,
    /// storcli2 / perccli2 8.x JSON (`Drives List`, `PID`, `State` + `Status`).
    Storcli2Json,
    /// storcli / perccli plain text, any command.
    StorcliText,
    /// `omreport storage ... -fmt ssv`.
    OmreportSsv,
    /// `omreport storage ...` default `Key : Value` text.
    OmreportText,
}

impl Kind {
    /// Every kind with its name, as `raidctl parse --kind` accepts them.
    pub const ALL: [(Kind, &'static str); 29] = [
        (Kind::AdpAllInfo, "adpallinfo"),
        (Kind::AdpCount, "adpcount"),
        (Kind::AdpGetPciInfo, "adpgetpciinfo"),
        (Kind::EncInfo, "encinfo"),
        (Kind::LdInfo, "ldinfo"),
        (Kind::PdList, "pdlist"),
        (Kind::PdInfo, "pdinfo"),
        (Kind::LdPdInfo, "ldpdinfo"),
        (Kind::Bbu, "bbu"),
        (Kind::BbuStatus, "bbustatus"),
        (Kind::EventLog, "eventlog"),
        (Kind::CfgDsply, "cfgdsply"),
        (Kind::ForeignScan, "foreign-scan"),
        (Kind::ForeignDsply, "foreign-dsply"),
        (Kind::ForeignPreview, "foreign-preview"),
        (Kind::ForeignClear, "foreign-clear"),
        (Kind::ForeignImport, "foreign-import"),
        (Kind::PdGetMissing, "pdgetmissing"),
        (Kind::Progress, "progress"),
        (Kind::FwTermLog, "fwtermlog"),
        (Kind::ShowSummary, "showsummary"),
        (Kind::Version, "version"),
        (Kind::Action, "action"),
        (Kind::Empty, "empty"),
        (Kind::StorcliJson, "storcli-json"),
        (Kind::Storcli2Json, "storcli2-json"),
        (Kind::StorcliText, "storcli-text"),
        (Kind::OmreportSsv, "omreport-ssv"),
        (Kind::OmreportText, "omreport-text"),
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("unknown", |(_, n)| n)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.to_ascii_lowercase();
        Self::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(k, _)| *k)
            .ok_or_else(|| {
                let names: Vec<_> = Self::ALL.iter().map(|(_, n)| *n).collect();
                format!("unknown kind {s:?}; expected one of: {}", names.join(", "))
            })
    }
}

/// Input that could not be read as MegaCli output at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// 1-based line the problem was found at.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

/// Parses MegaCli, storcli/perccli (JSON or text), storcli2/perccli2 JSON or omreport output.
/// With `kind` `None` the kind is detected from the text.
///
/// # Errors
/// A [`ParseError`] when nothing in the input is recognisable as output of that kind.
pub fn parse(input: &str, kind: Option<Kind>) -> Result<Document, ParseError> {
    let kind = match kind {
        Some(k) => k,
        None => detect(input).ok_or_else(|| ParseError {
            line: first_content_line(input),
            message: "not recognised as MegaCli, storcli or omreport output (use --kind to say \
                      which command produced it)"
                .to_owned(),
        })?,
    };
    match kind {
        Kind::StorcliJson => storcli::parse_json(input),
        Kind::Storcli2Json => storcli::parse_json2(input),
        Kind::StorcliText => storcli::parse_text(input),
        Kind::OmreportSsv => omreport::parse_ssv(input),
        Kind::OmreportText => omreport::parse_text(input),
        _ => megacli::parse_kind(input, kind),
    }
}

/// Detects the kind of a text: storcli/perccli JSON and text and omreport first (their
/// headers are unambiguous), then the MegaCli commands.
pub fn detect(input: &str) -> Option<Kind> {
    let head = head_of(input);
    storcli::detect(input)
        .or_else(|| omreport::looks_like_ssv(head).then_some(Kind::OmreportSsv))
        .or_else(|| omreport::looks_like_text(head).then_some(Kind::OmreportText))
        .or_else(|| megacli::detect(input))
}

/// The first 64 KiB of a text (on a character boundary).
fn head_of(input: &str) -> &str {
    let mut end = input.len().min(64 * 1024);
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    &input[..end]
}

/// Line number of the first non-blank line (1 when there is none).
pub(crate) fn first_content_line(input: &str) -> usize {
    lex::lines(input)
        .find(|l| !l.is_blank())
        .map_or(1, |l| l.no)
}

/// Reads bytes as text the way a terminal would: invalid UTF-8 becomes U+FFFD, NULs are
/// dropped. Binary garbage therefore reaches the parsers as text they will not recognise.
pub fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace('\0', "")
}
