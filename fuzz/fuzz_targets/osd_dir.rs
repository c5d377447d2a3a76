//! What raidctl reads off an OSD's device, the ceph user's to write: the BlueStore label
//! decoder on arbitrary first bytes of a device. No panic, only the label's bytes looked at,
//! and a label it finds encodes back to the same identity. (The OSD directory's small files
//! are read by `fsutil::read_capped`, which takes a path, not bytes: its FIFO, link and size
//! cases are integration tests, `hostile_osd`.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use raidctl::ceph::label::{self, Found, LABEL_BYTES};

fuzz_target!(|data: &[u8]| {
    let found = label::decode(data);
    // Only the label's bytes count: what follows them changes nothing.
    if data.len() > LABEL_BYTES {
        assert_eq!(found, label::decode(&data[..LABEL_BYTES]));
    }
    if let Found::Label(l) = &found {
        if let (Some(w), Some(c)) = (l.whoami, l.cluster_fsid.as_deref()) {
            let Found::Label(again) = label::decode(&label::encode(&l.osd_fsid, w, c)) else {
                panic!("an encoded label does not decode");
            };
            assert_eq!(
                (&again.osd_fsid, again.whoami, again.cluster_fsid.as_deref()),
                (&l.osd_fsid, Some(w), Some(c))
            );
        }
    }
});
