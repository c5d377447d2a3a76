//! Pure parsers: text in, [`Document`] out. No I/O, no panics; every oddity becomes a
//! line-numbered [`raidctl_model::Warning`], and only input with nothing recognisable is an error.
//!
//! The second layer of raidctl (`model` ← `parse` ← backends ← …): it depends on
//! `raidctl-model` and on no other raidctl crate.

pub mod eventinfo;
pub mod fields;
pub mod lex;
pub mod megacli;
pub mod omreport;
pub mod omreport_system;
mod pieces;
pub mod smartctl;
pub mod storcli;

pub use pieces::{DrivePiece, EventPiece};

use raidctl_model::Document;
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
    /// `omreport chassis` / `omreport system`: the `SEVERITY : COMPONENT` health summary.
    OmreportHealth,
    /// `omreport about` / `omreport system version`.
    OmreportVersion,
    /// `omreport system alertlog` / `omreport system esmlog`.
    OmreportLog,
    /// `-AdpEventLog -GetEventLogInfo`.
    EventLogInfo,
    /// `-PhyErrorCounters`.
    PhyErrorCounters,
    /// `-AdpGetTime`.
    AdpGetTime,
}

impl Kind {
    /// Every kind with its name, as `raidctl parse --kind` accepts them.
    pub const ALL: [(Kind, &'static str); 35] = [
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
        (Kind::OmreportHealth, "omreport-health"),
        (Kind::OmreportVersion, "omreport-version"),
        (Kind::OmreportLog, "omreport-log"),
        (Kind::EventLogInfo, "eventloginfo"),
        (Kind::PhyErrorCounters, "phyerrorcounters"),
        (Kind::AdpGetTime, "adpgettime"),
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
            Kind::StorcliText => {
                "a `Controller = N` / `Status = ...` header, or (an excerpt) a section header \
                 `NAME :` over a `====` rule"
            }
            Kind::OmreportSsv => "an `ID;Status;` header line",
            Kind::OmreportText => {
                "`ID : `, `Status : ` and `Name : ` lines (an excerpt may start at a title or \
                 inside a record)"
            }
            Kind::OmreportHealth => "a `SEVERITY : COMPONENT` (or `SEVERITY;COMPONENT`) line",
            Kind::OmreportVersion => "`Version Report` or a `Product name` line",
            Kind::OmreportLog => "`Alert Log`, `Hardware Log` or a `Severity;ID;` header",
            Kind::EventLogInfo => "a `Newest seqNum:` line",
            Kind::PhyErrorCounters => "a `Phy No:` line",
            Kind::AdpGetTime => "`Date:` and `Time:` lines under `Adapter N:`",
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
        Kind::OmreportHealth => omreport_system::parse_health(input),
        Kind::OmreportVersion => omreport_system::parse_versions(input),
        Kind::OmreportLog => omreport_system::parse_log(input),
        _ => megacli::parse_kind(input, kind),
    }
}

/// An event log whose events are parsed while they are written out, so none is kept: the
/// memory a 50 MB log needs is the text itself.
#[derive(Debug)]
pub struct EventLog<'a> {
    input: &'a str,
    /// Everything but the events and their warnings (kind, exit code, firmware error).
    pub doc: Document,
}

impl<'a> EventLog<'a> {
    /// The events from the start (each call parses the text again).
    pub fn events(&self) -> Events<'a> {
        Events(megacli::events::EventStream::new(lex::lines(self.input)))
    }

    /// The log cut at record starts into pieces of about `size` bytes (at least one record
    /// each), to be parsed on several threads: their events and warnings, in order, are
    /// those of [`EventLog::events`].
    pub fn pieces(&self, size: usize) -> impl Iterator<Item = EventPiece<'a>> + 'a {
        pieces::event_pieces(self.input, size)
    }
}

/// The events of an [`EventLog`], one at a time.
pub struct Events<'a>(megacli::events::EventStream<'a, lex::Lines<'a>>);

impl std::fmt::Debug for Events<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Events")
            .field("understood", &self.0.understood)
            .finish()
    }
}

impl Iterator for Events<'_> {
    type Item = raidctl_model::Event;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl Events<'_> {
    /// The next event, lent until the next call (its buffers are reused for the one after,
    /// so writing a log allocates for its first events only).
    pub fn next_ref(&mut self) -> Option<&raidctl_model::Event> {
        self.0.next_ref()
    }

    /// Warnings of the lines read so far, in line order (all of them once exhausted).
    pub fn warnings(&self) -> raidctl_model::Warnings {
        self.0.warnings()
    }
}

/// `input` as an [`EventLog`] when it is one (`kind` `None` or `EventLog`, detected as an event
/// log, at least one event); `None` for everything else, which [`parse`] handles whole. The
/// document, its events and their warnings are exactly what [`parse`] returns.
pub fn stream_event_log(input: &str, kind: Option<Kind>) -> Option<EventLog<'_>> {
    let kind = match kind {
        Some(k) => k,
        None => detect(input)?,
    };
    if kind != Kind::EventLog {
        return None;
    }
    let doc = megacli::event_log_header(input)?;
    Some(EventLog { input, doc })
}

/// A `-PDList` or `-PDInfo` whose drives are parsed while they are written out, so none is
/// kept: the memory a 24,000-drive list needs is the text itself.
#[derive(Debug)]
pub struct DriveList<'a> {
    input: &'a str,
    kind: Kind,
    /// Everything but the drives and their warnings (kind, exit code, firmware error).
    pub doc: Document,
}

impl<'a> DriveList<'a> {
    /// The drives from the start (each call parses the text again).
    pub fn drives(&self) -> Drives<'a> {
        Drives(megacli::inventory::DriveStream::new(
            lex::lines(self.input),
            self.kind,
        ))
    }

    /// The list cut at drive records into pieces of about `size` bytes (at least one
    /// drive each), to be parsed on several threads: their drives and warnings, in order,
    /// are those of [`DriveList::drives`] (see [`DrivePiece::under`]).
    pub fn pieces(&self, size: usize) -> impl Iterator<Item = DrivePiece<'a>> + 'a {
        pieces::drive_pieces(self.input, self.kind, size)
    }
}

/// The drives of a [`DriveList`], one at a time.
pub struct Drives<'a>(megacli::inventory::DriveStream<'a, lex::Lines<'a>>);

impl std::fmt::Debug for Drives<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Drives").finish_non_exhaustive()
    }
}

impl Iterator for Drives<'_> {
    type Item = raidctl_model::PhysicalDrive;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl Drives<'_> {
    /// Warnings of the lines read so far, in line order (all of them once exhausted).
    pub fn warnings(&self) -> raidctl_model::Warnings {
        self.0.warnings()
    }

    /// The adapter the lines read so far leave in effect (their last `Adapter #N`).
    pub fn adapter(&self) -> u32 {
        self.0.adapter()
    }
}

/// `input` as a [`DriveList`] when it is a `-PDList` or `-PDInfo` (`kind` `None` or one of
/// them) with at least one drive and no VD record; `None` for everything else, which
/// [`parse`] handles whole. The document, its drives and their warnings are exactly what
/// [`parse`] returns.
pub fn stream_drive_list(input: &str, kind: Option<Kind>) -> Option<DriveList<'_>> {
    let kind = match kind {
        Some(k) => k,
        None => detect(input)?,
    };
    let doc = megacli::drive_list_header(input, kind)?;
    Some(DriveList { input, kind, doc })
}

/// Detects the kind of a text: storcli/perccli JSON and text and omreport first (their
/// headers are unambiguous), then the MegaCli commands.
pub fn detect(input: &str) -> Option<Kind> {
    let head = head_of(input);
    storcli::detect(input)
        .or_else(|| omreport_system::detect(head))
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

/// [`decode`] of an owned buffer: valid UTF-8 without NULs (every real capture) becomes the
/// text without a copy, so reading a 50 MB log holds 50 MB, not 100.
pub fn decode_owned(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        // memchr's search, several times faster than `str::contains` on a large text.
        Ok(s) if memchr::memchr(0, s.as_bytes()).is_none() => s,
        Ok(s) => s.replace('\0', ""),
        Err(e) => decode(e.as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streaming an event log gives exactly the document `parse` builds.
    #[test]
    fn streamed_event_log_is_the_parsed_document() {
        let text = "junk before\nseqNum: 0x00000001\nTime: Mon Nov 30 05:00:00 2026\n\nCode: 0x00000072\n\
Class: 0\nLocale: 0x02\nEvent Description: State change\nEvent Data:\n===========\nDevice ID: 4\n\
odd line\n\nseqNum: 0xzz\nSeconds since power on: 42\nCode: 0x1\nEvent Data:\n===========\nNone\n\
\nExit Code: 0x00\n";
        let whole = parse(text, None).unwrap();
        let log = stream_event_log(text, None).unwrap();
        let mut events = log.events();
        let mut doc = log.doc.clone();
        doc.events = events.by_ref().collect();
        doc.warnings = events.warnings();
        assert_eq!(doc, whole);
        assert_eq!(whole.events.len(), 2);
        assert!(!whole.warnings.is_empty());
        assert!(stream_event_log("Exit Code: 0x00\n", None).is_none());
        assert!(stream_event_log(text, Some(Kind::PdList)).is_none());
    }

    /// Streaming a drive list gives exactly the document `parse` builds; lists with a VD
    /// record, no drive, or of another kind are not streamed.
    #[test]
    fn streamed_drive_list_is_the_parsed_document() {
        let drive = |slot: u32, extra: &str| {
            format!(
                "Enclosure Device ID: 32\nSlot Number: {slot}\nDevice Id: {slot}\n\
                 Media Error Count: {extra}\nFirmware state: Online, Spun Up\n\
                 Inquiry Data: SEAGATE ST4000NM0023    A003Z1Z0000{slot}\n\n"
            )
        };
        let mut text = String::from("\r      \r\nAdapter #0\n\n");
        text.push_str(&drive(0, "0"));
        text.push_str("odd line\n");
        text.push_str(&drive(1, "x"));
        text.push_str("Slot Number: 2\nFirmware state: Bogus\n\nAdapter #1\n\n");
        text.push_str(&drive(3, "1"));
        text.push_str("\nExit Code: 0x00\n");
        for kind in [None, Some(Kind::PdList), Some(Kind::PdInfo)] {
            let whole = parse(&text, kind).unwrap();
            let list = stream_drive_list(&text, kind).unwrap();
            let mut drives = list.drives();
            let mut doc = list.doc.clone();
            doc.physical_drives = drives.by_ref().collect();
            doc.warnings = drives.warnings();
            assert_eq!(doc, whole);
            assert_eq!(whole.physical_drives.len(), 4);
            assert!(whole.warnings.len() >= 3, "{:?}", whole.warnings);
        }
        let with_vd = format!("{text}Virtual Drive: 0 (Target Id: 0)\nState: Optimal\n");
        assert!(
            !parse(&with_vd, Some(Kind::PdList))
                .unwrap()
                .logical_drives
                .is_empty()
        );
        assert!(stream_drive_list(&with_vd, Some(Kind::PdList)).is_none());
        assert!(stream_drive_list("Adapter #0\n\nExit Code: 0x00\n", Some(Kind::PdList)).is_none());
        assert!(stream_drive_list(&text, Some(Kind::LdPdInfo)).is_none());
        assert!(megacli::inventory::holds_vd_record("x\nVIRTUAL  DISK: 1\n"));
        assert!(megacli::inventory::holds_vd_record("Virtual Drive: 0\r\nx"));
        assert!(megacli::inventory::holds_vd_record(
            "spin\r  Virtual Drive: 0"
        ));
        assert!(!megacli::inventory::holds_vd_record(
            "Virtual Drive: 0\rspin\n"
        ));
        assert!(!megacli::inventory::holds_vd_record(
            "Device Id: 3\nVirtual Drive Info\n"
        ));
    }

    #[test]
    fn decode_owned_matches_decode() {
        for bytes in [&b"plain text\n"[..], b"with\0nul", b"bad \xff utf-8\0", b""] {
            assert_eq!(decode_owned(bytes.to_vec()), decode(bytes), "{bytes:?}");
        }
    }
}
