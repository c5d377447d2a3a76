//! The Ceph client's readers of what `ceph` and `ceph-volume` answer (`-f json` documents,
//! ceph-volume's listings entry by entry, exit statuses and their messages, the verdicts of
//! `ok-to-stop` and `safe-to-destroy`), on arbitrary answers: no panic, and a listing read
//! entry by entry accounts for every entry (kept, or a note naming it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use raidctl::backend::runner::CmdOutput;
use raidctl::ceph::answers;
use raidctl::ceph::types::{
    CephDevice, ClusterStatus, LvmVolume, OsdDump, OsdMetadata, OsdTree, RawOsd,
};

// The first byte: the low nibble picks the reader, the high one the exit status.
fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest).into_owned();
    let status = match selector >> 4 {
        0 => Some(0),
        1 => Some(16),
        2 => Some(11),
        3 => Some(1),
        4 => Some(2),
        _ => None,
    };
    let out = CmdOutput {
        argv: vec!["ceph".into(), "osd".into(), "tree".into()],
        stdout: text.clone(),
        stderr: text,
        status,
        ..CmdOutput::default()
    };
    let _ = answers::check(&out);
    match selector & 0x0f {
        0 => drop(answers::json::<ClusterStatus>(&out)),
        1 => drop(answers::json::<OsdTree>(&out)),
        2 => drop(answers::json::<OsdDump>(&out)),
        3 => drop(answers::json::<Vec<OsdMetadata>>(&out)),
        4 => drop(answers::json::<OsdMetadata>(&out)),
        5 => drop(answers::json::<Vec<CephDevice>>(&out)),
        6 => drop(answers::ok_to_stop(&out)),
        7 => drop(answers::safe_to_destroy(3, &out)),
        8 => listing::<Vec<LvmVolume>>(&out, "ceph-volume lvm list"),
        _ => listing::<RawOsd>(&out, "ceph-volume raw list"),
    }
});

/// A listing read entry by entry: each entry of the object is kept or named in one note.
fn listing<V: serde::de::DeserializeOwned>(out: &CmdOutput, what: &str) {
    let Ok((good, notes)) = answers::volume_entries::<V>(out, what) else {
        return;
    };
    let total = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(out.stdout.trim())
        .map_or(0, |m| m.len());
    assert_eq!(good.len() + notes.len(), total, "every entry accounted for");
    assert!(notes.iter().all(|n| n.starts_with(what)), "{notes:?}");
}
