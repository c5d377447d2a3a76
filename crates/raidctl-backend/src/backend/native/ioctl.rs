//! The Linux transport: `MEGASAS_IOC_FIRMWARE` on `/dev/megaraid_sas_ioctl_node`.
//!
//! The packet layout (`megasas_iocpacket`: host number, SGL offset and count, sense fields, a
//! 128-byte raw MFI frame, 16 iovecs; 404 bytes packed on 64-bit) and the DCMD frame offsets
//! are re-derived from the field lists of Linux's `megaraid_sas.h` and FreeBSD's `mfireg.h`,
//! and were confirmed against the real driver in a QEMU guest. The driver neither creates the
//! node nor does udev: it is made from the `megaraid_sas_ioctl` major in `/proc/devices`.

// The ioctl itself: the one raw call of the native backend.
#![allow(unsafe_code)]

use super::opcode::Opcode;
use super::transport::{Frame, MfiTransport, TransportError};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

#[cfg(not(target_pointer_width = "64"))]
compile_error!("the MFI ioctl packet layout here is the 64-bit one");

/// Where the node usually is.
pub const NODE: &str = "/dev/megaraid_sas_ioctl_node";
/// The character device name the driver registers in `/proc/devices`.
pub const CHRDEV_NAME: &str = "megaraid_sas_ioctl";
/// The SCSI host `proc_name` of megaraid_sas adapters.
pub const HOST_PROC_NAME: &str = "megaraid_sas";

/// One iovec as the 64-bit kernel reads it.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, Default)]
struct Iovec {
    base: u64,
    len: u64,
}

/// `megasas_iocpacket`.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy)]
struct IocPacket {
    host_no: u16,
    pad: u16,
    sgl_off: u32,
    sge_count: u32,
    sense_off: u32,
    sense_len: u32,
    frame: [u8; 128],
    sgl: [Iovec; 16],
}
const _: () = assert!(std::mem::size_of::<IocPacket>() == 404);

/// `_IOWR('M', 1, struct megasas_iocpacket)`.
const MEGASAS_IOC_FIRMWARE: rustix::ioctl::Opcode =
    rustix::ioctl::opcode::read_write::<IocPacket>(b'M', 1);
const _: () = assert!(MEGASAS_IOC_FIRMWARE as u64 == 0xc194_4d01);

/// DCMD frame offsets.
const MFI_CMD_DCMD: u8 = 5;
const FRAME_CMD_STATUS: usize = 2;
const FRAME_SGE_COUNT: usize = 7;
const FRAME_FLAGS: usize = 0x10;
const FRAME_DATA_LEN: usize = 0x14;
const FRAME_OPCODE: usize = 0x18;
const FRAME_MBOX: usize = 0x1c;
const FRAME_SGL: u32 = 0x28;
const MFI_FRAME_DIR_READ: u16 = 0x10;

/// Builds the packet for one read DCMD into `buf`.
fn packet(host: u16, opcode: Opcode, mbox: [u8; 12], buf: &mut [u8]) -> IocPacket {
    let mut frame = [0u8; 128];
    frame[0] = MFI_CMD_DCMD;
    frame[FRAME_CMD_STATUS] = super::abi::status::NOT_ANSWERED;
    frame[FRAME_SGE_COUNT] = 1;
    frame[FRAME_FLAGS..FRAME_FLAGS + 2].copy_from_slice(&MFI_FRAME_DIR_READ.to_le_bytes());
    let len = u32::try_from(buf.len()).unwrap_or(u32::MAX);
    frame[FRAME_DATA_LEN..FRAME_DATA_LEN + 4].copy_from_slice(&len.to_le_bytes());
    frame[FRAME_OPCODE..FRAME_OPCODE + 4].copy_from_slice(&opcode.value().to_le_bytes());
    frame[FRAME_MBOX..FRAME_MBOX + 12].copy_from_slice(&mbox);
    let mut sgl = [Iovec::default(); 16];
    sgl[0] = Iovec {
        base: buf.as_mut_ptr() as u64,
        len: buf.len() as u64,
    };
    IocPacket {
        host_no: host,
        pad: 0,
        sgl_off: FRAME_SGL,
        sge_count: 1,
        sense_off: 0,
        sense_len: 0,
        frame,
        sgl,
    }
}

/// Where to look: the node, `/proc/devices` and sysfs (tests point these elsewhere).
#[derive(Debug, Clone)]
pub struct Paths {
    /// The ioctl node.
    pub node: PathBuf,
    /// `/proc/devices`.
    pub proc_devices: PathBuf,
    /// `/sys`.
    pub sys: PathBuf,
}

impl Default for Paths {
    fn default() -> Self {
        Self {
            node: PathBuf::from(NODE),
            proc_devices: PathBuf::from("/proc/devices"),
            sys: PathBuf::from("/sys"),
        }
    }
}

/// The character device majors in a `/proc/devices` text, by name.
pub fn char_majors(proc_devices: &str) -> Vec<(u32, String)> {
    let mut in_char = false;
    let mut v = Vec::new();
    for line in proc_devices.lines() {
        let t = line.trim();
        if t.starts_with("Character devices") {
            in_char = true;
            continue;
        }
        if t.starts_with("Block devices") {
            in_char = false;
            continue;
        }
        if !in_char {
            continue;
        }
        if let Some((n, name)) = t.split_once(char::is_whitespace) {
            if let Ok(n) = n.parse() {
                v.push((n, name.trim().to_owned()));
            }
        }
    }
    v
}

/// The megaraid_sas SCSI host numbers in sysfs, ascending, as the ioctl addresses them
/// ([`crate::backend::identity::megaraid_hosts`], the one reading of sysfs).
pub fn megaraid_hosts(sys: &Path) -> Vec<u16> {
    crate::backend::identity::megaraid_hosts(sys)
        .into_iter()
        .filter_map(|h| u16::try_from(h).ok())
        .collect()
}

/// The Linux ioctl transport.
#[derive(Debug)]
pub struct IoctlTransport {
    paths: Paths,
    fd: OwnedFd,
}

impl IoctlTransport {
    /// Checks and opens the node, creating it from `/proc/devices` when it is missing and
    /// raidctl runs as root.
    ///
    /// # Errors
    /// A clear [`TransportError`] for a missing, foreign or unreadable node.
    pub fn open(paths: Paths) -> Result<Self, TransportError> {
        let node = paths.node.display().to_string();
        let devices = std::fs::read_to_string(&paths.proc_devices).unwrap_or_default();
        let majors = char_majors(&devices);
        let ours = majors
            .iter()
            .find(|(_, n)| n == CHRDEV_NAME)
            .map(|(m, _)| *m);
        let meta = match std::fs::metadata(&paths.node) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let Some(major) = ours else {
                    return Err(TransportError::NodeMissing {
                        path: node,
                        hint: format!(
                            "and {} lists no {CHRDEV_NAME}: the megaraid_sas driver is not loaded",
                            paths.proc_devices.display()
                        ),
                    });
                };
                if !rustix::process::geteuid().is_root() {
                    return Err(TransportError::NodeMissing {
                        path: node,
                        hint: format!(
                            "the driver does not create it; as root raidctl creates it (mknod {} c {major} 0)",
                            paths.node.display()
                        ),
                    });
                }
                rustix::fs::mknodat(
                    rustix::fs::CWD,
                    &paths.node,
                    rustix::fs::FileType::CharacterDevice,
                    rustix::fs::Mode::from_raw_mode(0o600),
                    rustix::fs::makedev(major, 0),
                )
                .map_err(|e| TransportError::NodeMissing {
                    path: node.clone(),
                    hint: format!("creating it (c {major} 0) failed: {e}"),
                })?;
                std::fs::metadata(&paths.node).map_err(|e| TransportError::NodeUnreadable {
                    path: node.clone(),
                    reason: e.to_string(),
                })?
            }
            Err(e) => {
                return Err(TransportError::NodeUnreadable {
                    path: node,
                    reason: e.to_string(),
                });
            }
        };
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        if !meta.file_type().is_char_device() {
            return Err(TransportError::WrongDriver {
                path: node,
                detail: "not a character device (expected the megaraid_sas ioctl node)".into(),
            });
        }
        let major = rustix::fs::major(meta.rdev());
        match ours {
            None => {
                return Err(TransportError::WrongDriver {
                    path: node,
                    detail: format!(
                        "{} lists no {CHRDEV_NAME}: the megaraid_sas driver is not loaded",
                        paths.proc_devices.display()
                    ),
                });
            }
            Some(m) if m != major => {
                let owner = majors
                    .iter()
                    .find(|(n, _)| *n == major)
                    .map_or("no driver", |(_, name)| name.as_str());
                return Err(TransportError::WrongDriver {
                    path: node,
                    detail: format!(
                        "major {major} belongs to {owner}, not {CHRDEV_NAME} (major {m}); remove the node and let raidctl recreate it"
                    ),
                });
            }
            Some(_) => {}
        }
        let fd = rustix::fs::open(
            &paths.node,
            rustix::fs::OFlags::RDWR | rustix::fs::OFlags::CLOEXEC,
            rustix::fs::Mode::empty(),
        )
        .map_err(|e| TransportError::NodeUnreadable {
            path: node.clone(),
            reason: if e == rustix::io::Errno::ACCESS || e == rustix::io::Errno::PERM {
                format!("{e}: the MFI ioctl needs root (CAP_SYS_ADMIN)")
            } else {
                e.to_string()
            },
        })?;
        Ok(Self { paths, fd })
    }
}

impl MfiTransport for IoctlTransport {
    fn describe(&self) -> String {
        self.paths.node.display().to_string()
    }

    fn hosts(&self) -> Result<Vec<u16>, TransportError> {
        let v = megaraid_hosts(&self.paths.sys);
        if v.is_empty() {
            return Err(TransportError::NoAdapter(format!(
                "no SCSI host in {} has proc_name {HOST_PROC_NAME}",
                self.paths.sys.join("class/scsi_host").display()
            )));
        }
        Ok(v)
    }

    fn dcmd(&self, frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError> {
        let Frame { host, opcode, mbox } = frame;
        let mut pkt = packet(host, opcode, mbox, buf);
        // SAFETY: MEGASAS_IOC_FIRMWARE reads and writes exactly one `megasas_iocpacket`, which
        // `IocPacket` lays out (size asserted above). Its only pointer, sgl[0], is `buf`,
        // which stays borrowed mutably and alive for the whole synchronous call; the driver
        // copies at most `buf.len()` bytes back into it (the frame's data length and the
        // iovec length both say so). The frame carries a read-only DCMD: `Opcode` can only
        // hold allow-listed read opcodes.
        let r = unsafe {
            rustix::ioctl::ioctl(
                &self.fd,
                rustix::ioctl::Updater::<'_, MEGASAS_IOC_FIRMWARE, IocPacket>::new(&mut pkt),
            )
        };
        match r {
            Ok(()) => Ok(pkt.frame[FRAME_CMD_STATUS]),
            Err(e) => Err(match e {
                rustix::io::Errno::NOTTY | rustix::io::Errno::INVAL => {
                    TransportError::WrongDriver {
                        path: self.describe(),
                        detail: format!(
                            "{opcode} refused by the driver ({e}): not a megaraid_sas ioctl node, or host {host} is not a megaraid_sas adapter"
                        ),
                    }
                }
                rustix::io::Errno::PERM | rustix::io::Errno::ACCESS => {
                    TransportError::NodeUnreadable {
                        path: self.describe(),
                        reason: format!("{e}: the MFI ioctl needs root (CAP_SYS_ADMIN)"),
                    }
                }
                other => TransportError::Io {
                    what: format!("ioctl MEGASAS_IOC_FIRMWARE {opcode} on host {host}"),
                    reason: other.to_string(),
                },
            }),
        }
    }
}

/// Whether the native backend can be used here, and why not: adapters in sysfs, then the
/// node (created when root and missing), opened.
///
/// # Errors
/// The first reason it cannot.
pub fn probe(paths: &Paths) -> Result<Vec<u16>, TransportError> {
    let hosts = megaraid_hosts(&paths.sys);
    if hosts.is_empty() {
        return Err(TransportError::NoAdapter(format!(
            "no SCSI host with proc_name {HOST_PROC_NAME} under {}",
            paths.sys.join("class/scsi_host").display()
        )));
    }
    IoctlTransport::open(paths.clone())?;
    Ok(hosts)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEVICES: &str = "Character devices:\n  1 mem\n  4 /dev/vc/0\n246 megaraid_sas_ioctl\n\nBlock devices:\n  8 sd\n";

    fn paths(dir: &Path, node: PathBuf, devices: &str) -> Paths {
        let pd = dir.join("devices");
        std::fs::write(&pd, devices).unwrap();
        Paths {
            node,
            proc_devices: pd,
            sys: dir.join("sys"),
        }
    }

    #[test]
    fn packet_layout_matches_the_driver() {
        let mut buf = vec![0u8; 2048];
        let p = packet(3, Opcode::CTRL_GET_INFO, [1; 12], &mut buf);
        assert_eq!({ p.host_no }, 3);
        assert_eq!({ p.sgl_off }, 0x28);
        assert_eq!(p.frame[0], 5);
        assert_eq!(p.frame[2], 0xff);
        assert_eq!(p.frame[7], 1);
        assert_eq!(&p.frame[0x14..0x18], &2048u32.to_le_bytes());
        assert_eq!(&p.frame[0x18..0x1c], &0x0101_0000u32.to_le_bytes());
        assert_eq!(&p.frame[0x1c..0x28], &[1; 12]);
        assert_eq!({ p.sgl[0].len }, 2048);
        assert_eq!(std::mem::offset_of!(IocPacket, frame), 20);
        assert_eq!(std::mem::offset_of!(IocPacket, sgl), 148);
    }

    #[test]
    fn proc_devices_majors() {
        let m = char_majors(DEVICES);
        assert!(m.contains(&(246, "megaraid_sas_ioctl".into())));
        assert!(
            !m.iter().any(|(_, n)| n == "sd"),
            "block devices are not character devices"
        );
    }

    #[test]
    fn missing_node_without_driver_says_so() {
        let d = tempfile::tempdir().unwrap();
        let p = paths(
            d.path(),
            d.path().join("node"),
            "Character devices:\n  1 mem\n",
        );
        let e = IoctlTransport::open(p).unwrap_err();
        assert!(matches!(e, TransportError::NodeMissing { .. }), "{e}");
        assert!(e.to_string().contains("not loaded"), "{e}");
    }

    #[test]
    fn missing_node_as_non_root_names_the_mknod() {
        if rustix::process::geteuid().is_root() {
            return; // root creates the node instead; covered in the QEMU guest
        }
        let d = tempfile::tempdir().unwrap();
        let p = paths(d.path(), d.path().join("node"), DEVICES);
        let e = IoctlTransport::open(p).unwrap_err().to_string();
        assert!(e.contains("c 246 0"), "{e}");
    }

    #[test]
    fn regular_file_is_not_the_node() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("node");
        std::fs::write(&f, "").unwrap();
        let e = IoctlTransport::open(paths(d.path(), f, DEVICES)).unwrap_err();
        assert!(matches!(e, TransportError::WrongDriver { .. }), "{e}");
        assert!(e.to_string().contains("not a character device"), "{e}");
    }

    #[test]
    fn node_of_another_driver_is_named() {
        let d = tempfile::tempdir().unwrap();
        // /dev/null is major 1 (mem).
        let e = IoctlTransport::open(paths(d.path(), "/dev/null".into(), DEVICES)).unwrap_err();
        let t = e.to_string();
        assert!(matches!(e, TransportError::WrongDriver { .. }), "{t}");
        assert!(t.contains("major 1 belongs to mem"), "{t}");
    }

    #[test]
    fn hosts_from_sysfs() {
        let d = tempfile::tempdir().unwrap();
        for (h, name) in [
            ("host2", "megaraid_sas"),
            ("host0", "ahci"),
            ("host10", "megaraid_sas"),
        ] {
            let dir = d.path().join("class/scsi_host").join(h);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("proc_name"), format!("{name}\n")).unwrap();
        }
        assert_eq!(megaraid_hosts(d.path()), vec![2, 10]);
        let p = Paths {
            node: d.path().join("none"),
            proc_devices: d.path().join("none"),
            sys: d.path().join("empty"),
        };
        assert!(matches!(probe(&p), Err(TransportError::NoAdapter(_))));
    }
}
