//! A streamed event log or drive list cut into pieces at record starts, so that the pieces
//! can be parsed on several threads: taken in order, their events (drives) and warnings are
//! exactly those of the whole text parsed in one go.
//!
//! A piece after the first starts at a line that starts a record whatever came before it
//! (`seqNum:`, `Enclosure Device ID:`, or a `Slot Number:` after a record that already has
//! one), so the parser state there is known: inside the log, no record open. (Without the
//! last, a list of slot-only records, the cheapest hostile input, would be one piece whose
//! output is held whole.) The one piece of state a drive list carries across records, the adapter
//! of its last `Adapter #N` line, is found by a scan for those lines; the piece before
//! reports the adapter it really ended with, and a piece whose guess was wrong is parsed
//! again (see [`DrivePiece::under`]).

use super::lex::{self, Line};
use super::megacli::{events, inventory};
use super::{Drives, Events, Kind};

/// One piece of an event log, see [`super::EventLog::pieces`].
#[derive(Debug, Clone, Copy)]
pub struct EventPiece<'a> {
    text: &'a str,
    first_line: usize,
    first: bool,
}

impl<'a> EventPiece<'a> {
    /// The events of this piece, with line numbers of the whole text in their warnings.
    pub fn events(&self) -> Events<'a> {
        let lines = lex::lines_from(self.text, self.first_line);
        Events(if self.first {
            events::EventStream::new(lines)
        } else {
            events::EventStream::continuing(lines)
        })
    }
}

/// One piece of a drive list, see [`super::DriveList::pieces`].
#[derive(Debug, Clone, Copy)]
pub struct DrivePiece<'a> {
    text: &'a str,
    first_line: usize,
    kind: Kind,
    /// The adapter in effect where the piece starts; `None` for the first piece.
    adapter: Option<u32>,
}

impl<'a> DrivePiece<'a> {
    /// The drives of this piece, with line numbers of the whole text in their warnings.
    pub fn drives(&self) -> Drives<'a> {
        let lines = lex::lines_from(self.text, self.first_line);
        Drives(match self.adapter {
            None => inventory::DriveStream::new(lines, self.kind),
            Some(a) => inventory::DriveStream::continuing(lines, self.kind, a),
        })
    }

    /// The number of the piece's first line in the whole text.
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// The adapter this piece was cut under (`None`: the first piece, which starts the list).
    pub fn adapter(&self) -> Option<u32> {
        self.adapter
    }

    /// The same piece under `adapter`: what the previous piece's [`Drives::adapter`] says
    /// when it differs from the adapter the cut assumed.
    #[must_use]
    pub fn under(self, adapter: u32) -> Self {
        Self {
            adapter: self.adapter.map(|_| adapter),
            ..self
        }
    }
}

/// Where pieces of about `size` bytes of `text` start and end, and their first lines.
#[derive(Debug, Clone)]
struct Cuts<'a> {
    text: &'a str,
    size: usize,
    /// Texts one of which every record-start line holds (a fast search before the exact
    /// test).
    needles: &'static [&'static [u8]],
    /// Whether the line starting at this byte of the text starts a record.
    starts: fn(&str, usize, Line<'_>) -> bool,
    /// Start and first line number of the next piece; `None` after the last one.
    next: Option<(usize, usize)>,
    /// No piece may end before this: the first piece holds the first record start.
    min_end: usize,
}

impl<'a> Cuts<'a> {
    fn new(
        text: &'a str,
        size: usize,
        needles: &'static [&'static [u8]],
        starts: fn(&str, usize, Line<'_>) -> bool,
    ) -> Self {
        let mut cuts = Self {
            text,
            size: size.max(1),
            needles,
            starts,
            next: Some((0, 1)),
            min_end: text.len(),
        };
        cuts.min_end = cuts.record_start(0).map_or(text.len(), |at| at + 1);
        cuts
    }

    /// The start of the first line at or after `from` that starts a record.
    fn record_start(&self, from: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let finders: Vec<memchr::memmem::Finder<'_>> = self
            .needles
            .iter()
            .map(memchr::memmem::Finder::new)
            .collect();
        let mut search = from;
        loop {
            let rest = bytes.get(search..)?;
            let hit = search + finders.iter().filter_map(|f| f.find(rest)).min()?;
            search = hit + 1;
            let line_start =
                memchr::memrchr(b'\n', bytes.get(..hit).unwrap_or_default()).map_or(0, |p| p + 1);
            if line_start < from {
                continue;
            }
            if line_at(self.text, line_start)
                .is_some_and(|l| (self.starts)(self.text, line_start, l))
            {
                return Some(line_start);
            }
        }
    }
}

/// The line of `text` that starts at byte `start`, as [`lex::lines`] gives it.
fn line_at(text: &str, start: usize) -> Option<Line<'_>> {
    let rest = text.as_bytes().get(start..)?;
    let end = memchr::memchr(b'\n', rest).map_or(text.len(), |p| start + p);
    // `\n` is ASCII, and `start` follows one or is 0: both are character boundaries.
    lex::lines(text.get(start..end)?).next()
}

/// A piece: its text and the number of its first line.
type Cut<'a> = (&'a str, usize);

impl<'a> Iterator for Cuts<'a> {
    type Item = Cut<'a>;

    fn next(&mut self) -> Option<Cut<'a>> {
        let (start, line) = self.next?;
        let from = start.saturating_add(self.size).max(self.min_end);
        let end = if from >= self.text.len() {
            self.text.len()
        } else {
            self.record_start(from).unwrap_or(self.text.len())
        };
        let piece = self.text.get(start..end).unwrap_or_default();
        self.next = (end < self.text.len()).then(|| {
            (
                end,
                line + memchr::memchr_iter(b'\n', piece.as_bytes()).count(),
            )
        });
        Some((piece, line))
    }
}

/// The pieces of an event log `text`, see [`super::EventLog::pieces`].
pub(crate) fn event_pieces(text: &str, size: usize) -> impl Iterator<Item = EventPiece<'_>> {
    Cuts::new(text, size, &[b"seqNum"], |_, _, l| events::starts_record(l))
        .enumerate()
        .map(|(i, (text, first_line))| EventPiece {
            text,
            first_line,
            first: i == 0,
        })
}

/// The pieces of a drive list `text` of `kind`, see [`super::DriveList::pieces`].
pub(crate) fn drive_pieces(
    text: &str,
    kind: Kind,
    size: usize,
) -> impl Iterator<Item = DrivePiece<'_>> {
    // The walker starts on adapter 0.
    let mut adapter = 0;
    Cuts::new(
        text,
        size,
        &[b"Enclosure Device ID", b"Slot Number"],
        inventory::starts_drive_record_at,
    )
    .enumerate()
    .map(move |(i, (text, first_line))| {
        let piece = DrivePiece {
            text,
            first_line,
            kind,
            adapter: (i > 0).then_some(adapter),
        };
        if let Some(last) = last_adapter_line(text) {
            adapter = last;
        }
        piece
    })
}

/// The adapter of the last `Adapter #N` line of `text` (`adapter` is in every spelling
/// [`inventory::adapter_line`] accepts, some capitalised).
fn last_adapter_line(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    memchr::memmem::find_iter(bytes, b"dapter")
        .filter_map(|hit| {
            let start =
                memchr::memrchr(b'\n', bytes.get(..hit).unwrap_or_default()).map_or(0, |p| p + 1);
            inventory::adapter_line(line_at(text, start)?)
        })
        .last()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event_log(records: usize) -> String {
        let mut text = String::from("# MegaCli64 -AdpEventLog -GetEvents -f x -aALL\nData: 1\n");
        for i in 0..records {
            text.push_str(&format!(
                "seqNum: 0x{i:08x}\nTime: Mon Nov 30 05:00:00 2026\n\nCode: 0x00000072\n\
                 Class: 0\nLocale: 0x02\nEvent Description: PD {i}\nEvent Data:\n\
                 ===========\nDevice ID: {i}\n{}\n",
                if i % 5 == 0 { "odd line" } else { "" }
            ));
        }
        text.push_str("\nExit Code: 0x00\n");
        text
    }

    fn warnings_and_events(mut e: Events<'_>) -> (Vec<raidctl_model::Event>, Vec<String>) {
        let events: Vec<_> = e.by_ref().collect();
        let w = e
            .warnings()
            .iter()
            .map(|w| format!("{}:{}", w.line, w.message))
            .collect();
        (events, w)
    }

    /// Whatever the piece size, the pieces together are the whole: the same events, the
    /// same warnings at the same lines, and the pieces join up to the text.
    #[test]
    fn event_pieces_parse_as_the_whole() {
        let text = event_log(60);
        let whole = warnings_and_events(Events(events::EventStream::new(lex::lines(&text))));
        assert!(!whole.1.is_empty());
        for size in [1, 7, 100, 333, 1000, text.len(), usize::MAX] {
            let pieces: Vec<_> = event_pieces(&text, size).collect();
            assert_eq!(pieces.iter().map(|p| p.text).collect::<String>(), text);
            let (mut evs, mut ws) = (Vec::new(), Vec::new());
            for p in &pieces {
                let (e, w) = warnings_and_events(p.events());
                evs.extend(e);
                ws.extend(w);
            }
            assert_eq!((evs, ws), whole, "piece size {size}");
            if size == 1 {
                // Every record its own piece, the first one with what came before it.
                assert_eq!(pieces.len(), 60);
            }
        }
    }

    #[test]
    fn an_excerpt_cut_inside_a_record_keeps_it_in_the_first_piece() {
        let text = event_log(10);
        let at = text.find("Class: 0").unwrap();
        let excerpt = &text[at..];
        let whole = warnings_and_events(Events(events::EventStream::new(lex::lines(excerpt))));
        let (mut evs, mut ws) = (Vec::new(), Vec::new());
        for p in event_pieces(excerpt, 1) {
            let (e, w) = warnings_and_events(p.events());
            evs.extend(e);
            ws.extend(w);
        }
        assert_eq!((evs, ws), whole);
    }

    /// A `seqNum` that a spinner overwrote, or inside an `Exit Code` line, is no cut.
    #[test]
    fn only_lines_the_parser_reads_as_record_starts_are_cuts() {
        let text = "seqNum: 0x1\nEvent Description: a\nseqNum: 0x2\rjunk\n  seqNum: 0x3\n\
                    Event Description: b\n";
        let starts: Vec<usize> = event_pieces(text, 1).map(|p| p.first_line).collect();
        assert_eq!(starts, [1, 4]);
    }

    #[test]
    fn drive_pieces_carry_the_adapter_across_the_cut() {
        let mut text = String::new();
        for a in 0..3 {
            text.push_str(&format!("\nAdapter #{a}\n\n"));
            for s in 0..4 {
                text.push_str(&format!(
                    "Enclosure Device ID: 32\nSlot Number: {s}\nDevice Id: {s}\n\
                     Firmware state: Online, Spun Up\n{}\n",
                    if s == 2 { "stray" } else { "" }
                ));
            }
        }
        let whole: Vec<_> = inventory::DriveStream::new(lex::lines(&text), Kind::PdList)
            .map(|d| (d.adapter, d.slot))
            .collect();
        assert_eq!(whole.len(), 12);
        for size in [1, 50, 400, usize::MAX] {
            let mut got = Vec::new();
            let mut ended = None;
            for p in drive_pieces(&text, Kind::PdList, size) {
                assert_eq!(p.adapter(), ended, "the scan guessed the adapter");
                let mut d = p.drives();
                got.extend(d.by_ref().map(|d| (d.adapter, d.slot)));
                ended = Some(d.adapter());
            }
            assert_eq!(got, whole, "piece size {size}");
        }
        // A wrong guess parsed again under the adapter the piece before ended with.
        let second = drive_pieces(&text, Kind::PdList, 1).nth(5).unwrap();
        assert_eq!(second.adapter(), Some(1));
        let d: Vec<_> = second.under(2).drives().map(|d| d.adapter).collect();
        assert_eq!(d, [2]);
    }
}
