//! Property tests: the parsers never panic, whatever the input.

use crate::util;
use proptest::prelude::*;
use raidctl::parse::{self, Kind};

fn sample_texts() -> Vec<String> {
    let mut v = Vec::new();
    for dir in [
        util::root().join("fixtures/megacli"),
        util::corpus().join("megacli"),
    ] {
        if dir.is_dir() {
            v.extend(util::files_in(&dir).iter().map(|p| util::read(p)));
        }
    }
    assert!(!v.is_empty());
    v
}

/// Parses with detection and with every explicit kind; only panics fail.
fn parse_all_ways(text: &str) {
    let _ = parse::parse(text, None);
    for (kind, _) in Kind::ALL {
        let _ = parse::parse(text, Some(kind));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        parse_all_ways(&parse::decode(&bytes));
    }

    #[test]
    fn megacli_like_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            Just("Adapter #0".to_owned()),
            Just("Enclosure Device ID: N/A".to_owned()),
            "Slot Number: [0-9]{0,6}",
            "Firmware state: [A-Za-z(), ]{0,20}",
            "Raw Size: [0-9.]{0,6} GB \\[0x[0-9a-f]{0,18} Sectors\\]",
            "Virtual Drive: [0-9]{0,3} \\(Target Id: [0-9]{0,3}\\)",
            "RAID Level *: Primary-[0-9], Secondary-[0-9], RAID Level Qualifier-[0-9]",
            "seqNum: 0x[0-9a-f]{0,10}",
            "DISK GROUP: [0-9]{0,3}",
            "Physical Disk: [0-9]{0,3}",
            "Span Reference: 0x[0-9a-f]{0,4}",
            "Rebuild Progress on Device at Enclosure [0-9]{1,3}, Slot [0-9]{1,3} Completed [0-9]{1,4}% in [0-9]{1,4} Minutes\\.",
            "Exit Code: 0x[0-9a-f]{0,3}",
            "[ -~]{0,60}",
        ],
        0..60,
    )) {
        parse_all_ways(&lines.join("\n"));
    }

    #[test]
    fn truncated_samples_never_panic(index in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let texts = sample_texts();
        let text = &texts[index.index(texts.len())];
        let mut at = cut.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let _ = parse::parse(&text[..at], None);
    }

    #[test]
    fn lines_deleted_or_duplicated_never_panic(
        index in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<bool>()), 1..20),
    ) {
        let texts = sample_texts();
        let text = &texts[index.index(texts.len())];
        let mut lines: Vec<&str> = text.lines().collect();
        for (at, duplicate) in edits {
            if lines.is_empty() {
                break;
            }
            let i = at.index(lines.len());
            if duplicate {
                lines.insert(i, lines[i]);
            } else {
                lines.remove(i);
            }
        }
        let _ = parse::parse(&lines.join("\n"), None);
    }
}

#[test]
fn truncation_keeps_complete_records_and_warns() {
    let text = util::read(&util::corpus().join("megacli/checkraid__issue123-pdlist"));
    let full = parse::parse(&text, None).unwrap();
    // Cut inside the third drive record, right after its Slot Number line.
    let third = text.match_indices("Slot Number:").nth(2).unwrap().0;
    let cut_at = third + text[third..].find('\n').unwrap();
    let cut = parse::parse(&text[..cut_at], None).unwrap();
    assert_eq!(cut.physical_drives.len(), 3);
    assert_eq!(cut.physical_drives[..2], full.physical_drives[..2]);
    assert!(
        cut.warnings
            .iter()
            .any(|w| w.message.contains("no Firmware state")),
        "{:?}",
        cut.warnings
    );
    assert_eq!(cut.exit_code, None);
}

#[test]
fn garbage_is_an_error_naming_a_line() {
    let err = parse::parse("\u{fffd}\u{fffd}\u{1}binary\n\u{fffd}", None).unwrap_err();
    assert_eq!(err.line, 1);
    let err = parse::parse("\n\nhello world\n", Some(Kind::PdList)).unwrap_err();
    assert_eq!(err.line, 3);
}

#[test]
fn crlf_tabs_spinner_and_prompt_are_tolerated() {
    let text = util::read(&util::corpus().join("megacli/checkraid__issue123-pdlist"));
    let crlf = format!(
        "[root@node ~]# MegaCli64 -PDList -aALL\r\n\r{}\r\n",
        " ".repeat(37)
    ) + &text.replace('\n', "\r\n").replace(": ", ":\t ");
    let a = parse::parse(&text, None).unwrap();
    let b = parse::parse(&crlf, None).unwrap();
    assert_eq!(a.physical_drives.len(), b.physical_drives.len());
    assert_eq!(a.physical_drives[0].serial, b.physical_drives[0].serial);
    assert_eq!(
        a.physical_drives[0].firmware_state,
        b.physical_drives[0].firmware_state
    );
}

#[test]
fn only_exit_code_is_flagged() {
    let doc = parse::parse(
        "\r                                     \n\nExit Code: 0x00\n",
        None,
    )
    .unwrap();
    assert_eq!(doc.kind, "empty");
    assert_eq!(doc.exit_code, Some(0));
    assert!(!doc.warnings.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    /// The BlueStore label decoder reads what a device (anyone's) starts with: never a panic,
    /// and a valid header followed by any bytes still names its OSD.
    #[test]
    fn bluestore_labels_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..600), cut in 0usize..4096) {
        let _ = raidctl::ceph::label::decode(&tail);
        let mut real = raidctl::ceph::label::encode("0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a", 3, "e3b0c442-98fc-1c14-9afb-f4c8996fb924");
        let at = 60 + cut % (real.len() - 60);
        real.truncate(at);
        real.extend_from_slice(&tail);
        match raidctl::ceph::label::decode(&real) {
            raidctl::ceph::label::Found::Label(l) => prop_assert_eq!(l.osd_fsid, "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a"),
            raidctl::ceph::label::Found::None => prop_assert!(false, "header lost"),
        }
    }
}
