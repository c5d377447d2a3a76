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

    /// How [`detect`] recognises this kind (for `raidctl parse --kind help`).
    pub fn detected_by(self) -> &'static str {
        match self {
            Kind::AdpAllInfo => "a `Versions` or `Product Name` line",
            Kind::AdpCount => "`Controller Count:`",
            Kind::AdpGetPciInfo => "`PCI information for Controller`",
            Kind::EncInfo => "`Number of enclosures on adapter`",
            Kind::LdInfo => "`Virtual Drive Information`, `Virtual Drive:` or `Virtual Disk:`",
            Kind::PdList => "`Enclosure Device ID`/`Slot Number` after an `Adapter #N` header",
            Kind::PdInfo => "`Enclosure Device ID`/`Slot Number` without an `Adapter #N` header",
            Kind::LdPdInfo => "`Number of Virtual Disks` or `PD: N Information`",
            Kind::Bbu => "a BBU status line, with `BBU Capacity Info` or `BBU Design Info`",
            Kind::BbuStatus => "`BBU status for Adapter`, `BatteryType` or `Get BBU Status Failed`",
            Kind::EventLog => {
                "any `seqNum:`, `Event Description:` or `Seconds since last reboot:` line in \
                 the first 400 lines, checked before every other MegaCli kind, so an excerpt \
                 that starts inside a record (`tail -n 40`) is an event log, not a drive list"
            }
            Kind::CfgDsply => "`Number of DISK GROUP` or `DISK GROUP`",
            Kind::ForeignScan => {
                "`foreign configuration(s) on controller` / `no foreign configuration`"
            }
            Kind::ForeignDsply => {
                "`Foreign configuration N:` (without `-Preview` in an echoed command)"
            }
            Kind::ForeignPreview => {
                "`Foreign configuration N:` with `-Preview` in an echoed command"
            }
            Kind::ForeignClear => "`is cleared on controller` or `Failed to clear Foreign`",
            Kind::ForeignImport => "`Foreign configuration ... imported`",
            Kind::PdGetMissing => "`Missing Physical drives` or `No Missing Drive`",
            Kind::Progress => "a `... Completed N% in M Minutes.` or `not in ... process` line",
            Kind::FwTermLog => "a line starting with `MM/DD/YY` or `Tnnn:`",
            Kind::ShowSummary => "a `System` or `Hardware` section line",
            Kind::Version => {
                "`... Management Tool ... Ver` (storcli/perccli: `Command Line Tool Ver`)"
            }
            Kind::Action => {
                "a known one-line action result (`Adapter: 0: EnclId-32 SlotId-1 state changed ...`)"
            }
            Kind::Empty => "nothing but the `Exit Code: 0xNN` trailer",
            Kind::StorcliJson => "JSON with a `Controllers` array",
            Kind::Storcli2Json => {
                "`Controllers` JSON in the storcli2 schema (`Drives List`, `PID`)"
            }
            Kind::StorcliText => "a `Controller = N` / `Status = ...` header",
            Kind::OmreportSsv => "an `ID;Status;` header line",
            Kind::OmreportText => "`ID : `, `Status : ` and `Name : ` lines",
        }
    }

    /// What `raidctl parse --kind help` prints: every kind, what produces it and how it is
    /// detected.
    pub fn help() -> String {
        let mut out = String::from(
            "Kinds for `raidctl parse --kind KIND` (default `auto`: detect). Detection reads \
             storcli/perccli JSON and text and omreport headers first, then event-log record \
             lines anywhere in the first 400 lines, then the first decisive MegaCli line:\n\n",
        );
        let width = Self::ALL.iter().map(|(_, n)| n.len()).max().unwrap_or(0);
        for (kind, name) in Self::ALL {
            out.push_str(&format!("  {name:<width$}  {}\n", kind.detected_by()));
        }
        out
    }

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
