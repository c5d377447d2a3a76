//! Every parser, through the public entry points, on arbitrary bytes: no panic, and a
//! streamed event log or drive list (whole, and cut into small pieces) gives exactly what
//! `parse` gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use raidctl::parse::{self, Kind};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    // The first byte picks the kind: detection, or one of the kinds `--kind` takes.
    let kinds = Kind::ALL;
    let kind = match usize::from(selector) {
        0 => None,
        i => Some(kinds[(i - 1) % kinds.len()].0),
    };
    let text = parse::decode(rest);
    let whole = parse::parse(&text, kind);
    let _ = parse::detect(&text);
    if let Some(log) = parse::stream_event_log(&text, kind) {
        let doc = whole.as_ref().expect("a streamed event log parses");
        let mut events = log.events();
        let all: Vec<_> = events.by_ref().collect();
        assert_eq!(all, doc.events, "streamed events");
        assert_eq!(events.warnings(), doc.warnings, "streamed event warnings");
        let mut pieced = Vec::new();
        let mut warnings = raidctl::model::Warnings::new();
        for p in log.pieces(64) {
            let mut e = p.events();
            pieced.extend(e.by_ref());
            warnings.append(e.warnings());
        }
        assert_eq!(pieced, doc.events, "events in pieces");
        assert_eq!(warnings, doc.warnings, "event warnings in pieces");
    }
    if let Some(list) = parse::stream_drive_list(&text, kind) {
        let doc = whole.as_ref().expect("a streamed drive list parses");
        let mut drives = list.drives();
        let all: Vec<_> = drives.by_ref().collect();
        assert_eq!(all, doc.physical_drives, "streamed drives");
        assert_eq!(drives.warnings(), doc.warnings, "streamed drive warnings");
        let mut pieced = Vec::new();
        let mut warnings = raidctl::model::Warnings::new();
        let mut adapter = None;
        for p in list.pieces(64) {
            // As the output does: a piece whose cut guessed the adapter wrong is parsed
            // again under the adapter the piece before ended on.
            let p = match (adapter, p.adapter()) {
                (Some(a), Some(guess)) if a != guess => p.under(a),
                _ => p,
            };
            let mut d = p.drives();
            pieced.extend(d.by_ref());
            warnings.append(d.warnings());
            adapter = Some(d.adapter());
        }
        assert_eq!(pieced, doc.physical_drives, "drives in pieces");
        assert_eq!(warnings, doc.warnings, "drive warnings in pieces");
    }
});
