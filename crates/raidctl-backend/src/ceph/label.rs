//! The BlueStore label at the start of an OSD's main device: the one statement about which
//! OSD a block device holds that the device makes itself. A kernel name (`/dev/sdc` in an OSD
//! directory's `block` link or in `ceph osd metadata`) only says where the OSD *was*; after a
//! rescan, a reboot or a VD deleted and another created, that name can be a different VD.
//!
//! Layout (Ceph's `bluestore_bdev_label_t::encode`, the first 4 KiB of the device): the text
//! `bluestore block device\n`, the OSD fsid as 36 characters and `\n`, then the encoded
//! struct: version, compat version, length (u32), the OSD fsid again (16 bytes), the size
//! (u64), the creation time (two u32), the description (u32 length + bytes) and the `meta`
//! map (u32 count, then length-prefixed key and value strings: `ceph_fsid`, `whoami`, ...),
//! all little-endian. Decoding is pure, bounded by the 4 KiB read, and never panics.

use std::collections::BTreeMap;

/// What raidctl reads of a device to find its label.
pub const LABEL_BYTES: usize = 4096;

const MAGIC: &[u8] = b"bluestore block device\n";

/// A decoded BlueStore label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The OSD's fsid (`osd_uuid`), from the text header.
    pub osd_fsid: String,
    /// `whoami` from the meta map: the OSD id.
    pub whoami: Option<u32>,
    /// `ceph_fsid` from the meta map: the cluster the OSD belongs to.
    pub cluster_fsid: Option<String>,
    /// `main`, `bluefs db`, `bluefs wal`.
    pub description: Option<String>,
    /// Whether the OSD's mkfs finished (`mkfs_done: yes` and `ready: ready`, written last):
    /// a prepare cut short leaves a label without them.
    pub complete: bool,
}

/// What the first bytes of a device say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A BlueStore label.
    Label(Label),
    /// No BlueStore label (an empty or differently used device).
    None,
}

/// Decodes the label from the first bytes of a device (at most [`LABEL_BYTES`] are looked
/// at). Only the text header is required; a struct that cannot be decoded leaves the meta
/// fields empty.
pub fn decode(bytes: &[u8]) -> Found {
    let bytes = &bytes[..bytes.len().min(LABEL_BYTES)];
    let Some(rest) = bytes.strip_prefix(MAGIC) else {
        return Found::None;
    };
    let Some(uuid) = rest.get(..36).and_then(|u| std::str::from_utf8(u).ok()) else {
        return Found::None;
    };
    if !is_uuid(uuid) || rest.get(36) != Some(&b'\n') {
        return Found::None;
    }
    let mut label = Label {
        osd_fsid: uuid.to_ascii_lowercase(),
        whoami: None,
        cluster_fsid: None,
        description: None,
        complete: false,
    };
    if let Some((description, meta)) = decode_struct(&rest[37..]) {
        label.description = Some(description);
        label.complete = meta.get("mkfs_done").is_some_and(|v| v == "yes")
            && meta.get("ready").is_some_and(|v| v == "ready");
        label.whoami = meta.get("whoami").and_then(|w| w.trim().parse().ok());
        label.cluster_fsid = meta
            .get("ceph_fsid")
            .filter(|f| is_uuid(f))
            .map(|f| f.to_ascii_lowercase());
    }
    Found::Label(label)
}

/// The label of a block device (or, in tests, a regular file). The path may come from a link
/// the ceph user controls: it is opened non-blocking (a FIFO returns at once) and must be a
/// block device or a regular file (`/dev/zero` is neither); at most [`LABEL_BYTES`] are read.
///
/// # Errors
/// The device cannot be opened or read, or is of another kind.
pub fn read(path: &std::path::Path) -> Result<Found, String> {
    use std::io::Read;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let kind = f
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .file_type();
    if !(kind.is_block_device() || kind.is_file()) {
        return Err(format!("{}: not a block device", path.display()));
    }
    let mut buf = Vec::with_capacity(LABEL_BYTES);
    f.take(LABEL_BYTES as u64)
        .read_to_end(&mut buf)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(decode(&buf))
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// A little-endian reader over a byte slice that fails instead of panicking.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            return None;
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Some(head)
    }

    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .and_then(|b| b.try_into().ok())
            .map(u32::from_le_bytes)
    }

    fn string(&mut self) -> Option<String> {
        let n = usize::try_from(self.u32()?).ok()?;
        self.take(n)
            .map(|b| String::from_utf8_lossy(b).into_owned())
    }
}

/// The description and the meta map of the encoded struct.
fn decode_struct(b: &[u8]) -> Option<(String, BTreeMap<String, String>)> {
    let mut r = Reader(b);
    let _version = r.u8()?;
    let _compat = r.u8()?;
    let len = usize::try_from(r.u32()?).ok()?;
    let mut r = Reader(r.take(len)?);
    r.take(16)?; // osd_uuid, binary
    r.take(8)?; // size
    r.take(8)?; // btime
    let description = r.string()?;
    let count = r.u32()?;
    let mut meta = BTreeMap::new();
    // Each entry takes at least 8 bytes, so the count cannot make this loop run long.
    for _ in 0..count {
        let k = r.string()?;
        let v = r.string()?;
        meta.insert(k, v);
    }
    Some((description, meta))
}

/// Builds a label as Ceph writes it (for tests and the simulator's fixtures).
pub fn encode(osd_fsid: &str, whoami: u32, cluster_fsid: &str) -> Vec<u8> {
    let mut inner = Vec::new();
    // The uuid again, as 16 raw bytes (`uuid_d`'s encoding): what `ceph-bluestore-tool
    // show-label` reports as `osd_uuid`, and `ceph-volume raw list` keys the OSD by.
    let hex: String = osd_fsid.chars().filter(|c| *c != '-').collect();
    let mut uuid = [0u8; 16];
    if hex.len() == 32 {
        for (i, b) in uuid.iter_mut().enumerate() {
            *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2).unwrap_or("00"), 16).unwrap_or(0);
        }
    }
    inner.extend_from_slice(&uuid);
    inner.extend_from_slice(&(1u64 << 30).to_le_bytes());
    inner.extend_from_slice(&[0u8; 8]);
    let put = |v: &mut Vec<u8>, s: &str| {
        v.extend_from_slice(&u32::try_from(s.len()).unwrap_or(0).to_le_bytes());
        v.extend_from_slice(s.as_bytes());
    };
    put(&mut inner, "main");
    let meta = [
        ("ceph_fsid", cluster_fsid.to_owned()),
        ("kv_backend", "rocksdb".to_owned()),
        ("magic", "ceph osd volume v026".to_owned()),
        ("ready", "ready".to_owned()),
        ("whoami", whoami.to_string()),
    ];
    inner.extend_from_slice(&u32::try_from(meta.len()).unwrap_or(0).to_le_bytes());
    for (k, v) in &meta {
        put(&mut inner, k);
        put(&mut inner, v);
    }
    let mut out = Vec::with_capacity(LABEL_BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(osd_fsid.as_bytes());
    out.push(b'\n');
    out.extend_from_slice(&[2, 1]);
    out.extend_from_slice(&u32::try_from(inner.len()).unwrap_or(0).to_le_bytes());
    out.extend_from_slice(&inner);
    // BlueStore checks this before it believes a label (`_read_bdev_label`), and so does
    // `ceph-bluestore-tool show-label`, which `ceph-volume raw list` runs.
    let crc = crc32c(u32::MAX, &out);
    out.extend_from_slice(&crc.to_le_bytes());
    out.resize(LABEL_BYTES, 0);
    out
}

/// Ceph's `ceph_crc32c`: Castagnoli, reflected, the seed as given and no final inversion.
fn crc32c(seed: u32, data: &[u8]) -> u32 {
    let mut crc = seed;
    for b in data {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0x82F6_3B78 & 0u32.wrapping_sub(crc & 1));
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checksum is Ceph's: it matches the one `ceph-osd --mkfs` wrote in the fixture.
    #[test]
    fn the_checksum_is_cephs() {
        let real = include_bytes!("../../../../fixtures/ceph/bluestore-label-osd7.bin");
        let len = u32::from_le_bytes(real[62..66].try_into().unwrap()) as usize;
        let end = 66 + len;
        let stored = u32::from_le_bytes(real[end..end + 4].try_into().unwrap());
        assert_eq!(crc32c(u32::MAX, &real[..end]), stored);
    }

    const OSD: &str = "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a";
    const CLUSTER: &str = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";

    #[test]
    fn a_label_as_ceph_writes_it_decodes() {
        let Found::Label(l) = decode(&encode(OSD, 3, CLUSTER)) else {
            panic!("no label")
        };
        assert_eq!(l.osd_fsid, OSD);
        assert_eq!(l.whoami, Some(3));
        assert_eq!(l.cluster_fsid.as_deref(), Some(CLUSTER));
        assert_eq!(l.description.as_deref(), Some("main"));
        // raidctl's own (test) labels carry no mkfs_done: a cut mkfs looks like that.
        assert!(!l.complete);
    }

    /// The first 4 KiB of a device `ceph-osd --mkfs` (16.2.15) made osd.7 on.
    #[test]
    fn a_label_written_by_ceph_osd_mkfs_decodes() {
        let bytes = std::fs::read(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("fixtures/ceph/bluestore-label-osd7.bin"),
        )
        .unwrap();
        let Found::Label(l) = decode(&bytes) else {
            panic!("no label")
        };
        assert_eq!(l.osd_fsid, OSD);
        assert_eq!(l.whoami, Some(7));
        assert_eq!(l.cluster_fsid.as_deref(), Some(CLUSTER));
        assert_eq!(l.description.as_deref(), Some("main"));
        assert!(
            l.complete,
            "mkfs_done and ready are in a finished mkfs's label"
        );
    }

    #[test]
    fn anything_else_is_no_label_and_nothing_panics() {
        assert_eq!(decode(&[0u8; 4096]), Found::None);
        assert_eq!(decode(b""), Found::None);
        assert_eq!(decode(b"bluestore block device\nnot-a-uuid"), Found::None);
        // Cut anywhere: the header alone still names the OSD, the meta fields go.
        let full = encode(OSD, 3, CLUSTER);
        for cut in 0..200 {
            match decode(&full[..cut]) {
                Found::None => assert!(cut < 60, "{cut}"),
                Found::Label(l) => {
                    assert_eq!(l.osd_fsid, OSD);
                    assert!(cut >= 60);
                }
            }
        }
        // A huge length or count is refused, not allocated.
        let mut bad = full.clone();
        bad[62..66].copy_from_slice(&u32::MAX.to_le_bytes());
        let Found::Label(l) = decode(&bad) else {
            panic!()
        };
        assert_eq!(l.whoami, None);
    }
}
