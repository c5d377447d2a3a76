//! How DCMDs reach a firmware: the [`MfiTransport`] trait (the Linux ioctl, or the simulated
//! firmware), a [`Deadline`] wrapper that runs every call on a worker thread, and the
//! [`Client`] that pattern-fills buffers, checks the firmware status, notices payloads the
//! firmware never wrote, and keeps the raw payloads for support bundles.

use crate::mfi::abi::status;
use crate::mfi::opcode::Opcode;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What every buffer is filled with before a call: a payload still starting with it was not
/// written by the firmware (QEMU's stub DCMDs answer OK and leave the buffer alone).
pub const PATTERN: u8 = 0xa5;

/// Why a DCMD could not be delivered or answered.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TransportError {
    /// The ioctl node does not exist.
    #[error("{path}: no such device node ({hint})")]
    NodeMissing {
        /// Node path.
        path: String,
        /// What to do about it.
        hint: String,
    },
    /// The node exists but cannot be opened.
    #[error("{path}: cannot open: {reason}")]
    NodeUnreadable {
        /// Node path.
        path: String,
        /// OS error and hint.
        reason: String,
    },
    /// The node is not the megaraid_sas ioctl device.
    #[error("{path}: {detail}")]
    WrongDriver {
        /// Node path.
        path: String,
        /// What it is instead.
        detail: String,
    },
    /// No megaraid_sas SCSI host.
    #[error("no megaraid_sas adapter: {0}")]
    NoAdapter(String),
    /// The ioctl itself failed.
    #[error("{what}: {reason}")]
    Io {
        /// The call.
        what: String,
        /// OS error text.
        reason: String,
    },
    /// The call did not return within the deadline (the worker thread is abandoned).
    #[error("{what} did not complete within {secs:.1} s (the driver call is stuck; state unknown)")]
    Timeout {
        /// The call.
        what: String,
        /// Deadline in seconds.
        secs: f64,
    },
    /// An earlier call on this transport is still stuck; no further calls are made.
    #[error("not sent: an earlier DCMD ({0}) is still stuck in the driver")]
    Wedged(String),
    /// A simulated transport failure (fault injection).
    #[error("{0}")]
    Fault(String),
}

/// Something that delivers DCMD frames to a firmware and waits for the answer.
pub trait MfiTransport: Send + Sync + std::fmt::Debug {
    /// Where the DCMDs go, for messages (`/dev/megaraid_sas_ioctl_node`).
    fn describe(&self) -> String;
    /// The adapters (SCSI host numbers) that answer DCMDs, in order.
    ///
    /// # Errors
    /// When the adapters cannot be enumerated.
    fn hosts(&self) -> Result<Vec<u16>, TransportError>;
    /// Sends one read DCMD with `buf` as the data-in buffer and returns the firmware status.
    ///
    /// # Errors
    /// When the frame could not be delivered or answered.
    fn dcmd(&self, frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError>;
}

/// What one DCMD asks, apart from its data buffer: the adapter (SCSI host number), the
/// opcode and its mailbox. Every transport, recording and replay speaks of a call by these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// SCSI host number of the adapter.
    pub host: u16,
    /// The (read-only) DCMD.
    pub opcode: Opcode,
    /// The DCMD's mailbox.
    pub mbox: [u8; 12],
}

/// Copies into `buf` what fits of `data`, as the firmware does: a short buffer gets the
/// head (size fields in it still tell the whole), a long one keeps its tail untouched.
pub fn fill_from(buf: &mut [u8], data: &[u8]) {
    let n = data.len().min(buf.len());
    buf[..n].copy_from_slice(&data[..n]);
}

/// Runs each call of an inner transport on its own worker thread and gives up after a
/// deadline. A DCMD can block uninterruptibly in the driver; the worker is then abandoned
/// (it finishes or stays stuck in the kernel) and every later call is refused at once, so
/// the caller reports UNKNOWN within its timeout instead of hanging.
#[derive(Debug)]
pub struct Deadline {
    inner: Arc<dyn MfiTransport>,
    timeout: Duration,
    stuck: Mutex<Option<String>>,
}

impl Deadline {
    /// Wraps `inner` with a per-call `timeout`.
    pub fn new(inner: Arc<dyn MfiTransport>, timeout: Duration) -> Self {
        Self {
            inner,
            timeout,
            stuck: Mutex::new(None),
        }
    }

    fn run<T: Send + 'static>(
        &self,
        what: String,
        f: impl FnOnce(&dyn MfiTransport) -> Result<T, TransportError> + Send + 'static,
    ) -> Result<T, TransportError> {
        if let Some(w) = self.stuck.lock().ok().and_then(|g| g.clone()) {
            return Err(TransportError::Wedged(w));
        }
        let (tx, rx) = mpsc::channel();
        let inner = Arc::clone(&self.inner);
        let spawned = std::thread::Builder::new()
            .name("raidctl-mfi".into())
            .spawn(move || {
                let _ = tx.send(f(inner.as_ref()));
            });
        if let Err(e) = spawned {
            return Err(TransportError::Io {
                what,
                reason: format!("cannot start the worker thread: {e}"),
            });
        }
        match rx.recv_timeout(self.timeout) {
            Ok(r) => r,
            Err(_) => {
                if let Ok(mut g) = self.stuck.lock() {
                    *g = Some(what.clone());
                }
                Err(TransportError::Timeout {
                    what,
                    secs: self.timeout.as_secs_f64(),
                })
            }
        }
    }
}

impl MfiTransport for Deadline {
    fn describe(&self) -> String {
        self.inner.describe()
    }

    fn hosts(&self) -> Result<Vec<u16>, TransportError> {
        self.run("listing the megaraid_sas hosts".into(), |t| t.hosts())
    }

    fn dcmd(&self, frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError> {
        let mut owned = buf.to_vec();
        let what = format!("DCMD {} on host {}", frame.opcode, frame.host);
        let (st, owned) = self.run(what, move |t| {
            let st = t.dcmd(frame, &mut owned)?;
            Ok((st, owned))
        })?;
        fill_from(buf, &owned);
        Ok(st)
    }
}

/// Why a DCMD gave no usable payload.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DcmdError {
    /// Not delivered or not answered.
    #[error(transparent)]
    Transport(#[from] TransportError),
    /// The firmware answered with a failure status.
    #[error("{opcode} on host {host}: firmware status 0x{status:02x} {name}", name = status::name(*status))]
    Status {
        /// Opcode.
        opcode: Opcode,
        /// Host.
        host: u16,
        /// `MFI_STAT_*`.
        status: u8,
    },
    /// Status OK, but the buffer came back as it was sent: the firmware wrote nothing.
    #[error(
        "{opcode} on host {host}: status OK but no data (the firmware did not write the buffer)"
    )]
    NoData {
        /// Opcode.
        opcode: Opcode,
        /// Host.
        host: u16,
    },
    /// The payload contradicts itself (sizes, counts).
    #[error("{opcode} on host {host}: payload not valid: {reason}")]
    Invalid {
        /// Opcode.
        opcode: Opcode,
        /// Host.
        host: u16,
        /// What is wrong.
        reason: String,
    },
}

impl DcmdError {
    /// The firmware status, when the firmware answered with a failure.
    pub fn status(&self) -> Option<u8> {
        match self {
            Self::Status { status, .. } => Some(*status),
            _ => None,
        }
    }
}

/// One DCMD as sent and answered, for support bundles and replay.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RawDcmd {
    /// SCSI host.
    pub host: u16,
    /// Opcode value.
    pub opcode: u32,
    /// Opcode name.
    pub name: String,
    /// Mailbox bytes.
    pub mbox: [u8; 12],
    /// Buffer length sent.
    pub len: usize,
    /// Firmware status.
    pub status: u8,
    /// The payload as it came back.
    #[serde(with = "hex_bytes")]
    pub data: Vec<u8>,
}

mod hex_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        let mut out = String::with_capacity(b.len() * 2);
        for x in b {
            out.push_str(&format!("{x:02x}"));
        }
        s.serialize_str(&out)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let t = String::deserialize(d)?;
        if t.len() % 2 != 0 {
            return Err(serde::de::Error::custom("odd number of hex digits"));
        }
        (0..t.len())
            .step_by(2)
            .map(|i| {
                t.get(i..i + 2)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| serde::de::Error::custom(format!("bad hex at {i}")))
            })
            .collect()
    }
}

/// Sends read DCMDs through a transport: fills each buffer with [`PATTERN`], checks the
/// status, refuses payloads the firmware did not write, counts and records the calls.
#[derive(Debug)]
pub struct Client {
    transport: Arc<dyn MfiTransport>,
    log: Mutex<Vec<RawDcmd>>,
    started: Instant,
}

impl Client {
    /// A client over `transport`.
    pub fn new(transport: Arc<dyn MfiTransport>) -> Self {
        Self {
            transport,
            log: Mutex::new(Vec::new()),
            started: Instant::now(),
        }
    }

    /// The transport's description.
    pub fn describe(&self) -> String {
        self.transport.describe()
    }

    /// Adapters (SCSI hosts).
    ///
    /// # Errors
    /// The transport's.
    pub fn hosts(&self) -> Result<Vec<u16>, TransportError> {
        self.transport.hosts()
    }

    /// DCMDs sent so far.
    pub fn calls(&self) -> u32 {
        self.log
            .lock()
            .map_or(0, |l| u32::try_from(l.len()).unwrap_or(u32::MAX))
    }

    /// Every DCMD sent so far with its payload.
    pub fn raw(&self) -> Vec<RawDcmd> {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Time since the client was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Reads `len` bytes with `opcode`. `min_written` is how many leading bytes the firmware
    /// must have written (a header); when they all still hold the pattern, the answer is
    /// [`DcmdError::NoData`].
    ///
    /// # Errors
    /// See [`DcmdError`].
    pub fn read(
        &self,
        host: u16,
        opcode: Opcode,
        mbox: [u8; 12],
        len: usize,
        min_written: usize,
    ) -> Result<Vec<u8>, DcmdError> {
        let mut buf = vec![PATTERN; len];
        let frame = Frame { host, opcode, mbox };
        let st = self.transport.dcmd(frame, &mut buf)?;
        if let Ok(mut l) = self.log.lock() {
            l.push(RawDcmd {
                host,
                opcode: opcode.value(),
                name: opcode.name().to_owned(),
                mbox,
                len,
                status: st,
                data: if st == status::OK {
                    buf.clone()
                } else {
                    Vec::new()
                },
            });
        }
        if st != status::OK {
            return Err(DcmdError::Status {
                opcode,
                host,
                status: st,
            });
        }
        let head = min_written.min(buf.len());
        if head > 0 && buf[..head].iter().all(|b| *b == PATTERN) {
            return Err(DcmdError::NoData { opcode, host });
        }
        Ok(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Fake {
        hang: bool,
        write: bool,
        status: u8,
    }

    impl MfiTransport for Fake {
        fn describe(&self) -> String {
            "fake".into()
        }
        fn hosts(&self) -> Result<Vec<u16>, TransportError> {
            Ok(vec![0])
        }
        fn dcmd(&self, _frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError> {
            if self.hang {
                std::thread::sleep(Duration::from_secs(3600));
            }
            if self.write {
                buf.fill(0);
            }
            Ok(self.status)
        }
    }

    fn client(hang: bool, write: bool, status: u8, timeout: Duration) -> Client {
        let inner: Arc<dyn MfiTransport> = Arc::new(Fake {
            hang,
            write,
            status,
        });
        Client::new(Arc::new(Deadline::new(inner, timeout)))
    }

    #[test]
    fn untouched_buffer_is_no_data() {
        let c = client(false, false, 0, Duration::from_secs(5));
        let e = c
            .read(0, Opcode::BBU_GET_STATUS, [0; 12], 64, 8)
            .unwrap_err();
        assert!(matches!(e, DcmdError::NoData { .. }), "{e}");
        let c = client(false, true, 0, Duration::from_secs(5));
        assert_eq!(
            c.read(0, Opcode::BBU_GET_STATUS, [0; 12], 64, 8).unwrap(),
            vec![0; 64]
        );
        assert_eq!(c.calls(), 1);
    }

    #[test]
    fn failure_status_is_an_error() {
        let c = client(
            false,
            true,
            status::INVALID_PARAMETER,
            Duration::from_secs(5),
        );
        let e = c
            .read(0, Opcode::LD_GET_LIST, [0; 12], 4104, 8)
            .unwrap_err();
        assert_eq!(e.status(), Some(status::INVALID_PARAMETER));
        assert!(e.to_string().contains("INVALID_PARAMETER"), "{e}");
    }

    #[test]
    fn hung_call_times_out_and_wedges_the_transport() {
        let c = client(true, false, 0, Duration::from_millis(100));
        let t0 = Instant::now();
        let e = c
            .read(0, Opcode::CTRL_GET_INFO, [0; 12], 2048, 8)
            .unwrap_err();
        assert!(t0.elapsed() < Duration::from_secs(20));
        assert!(
            matches!(e, DcmdError::Transport(TransportError::Timeout { .. })),
            "{e}"
        );
        let e = c.read(0, Opcode::PD_GET_LIST, [0; 12], 64, 8).unwrap_err();
        assert!(
            matches!(e, DcmdError::Transport(TransportError::Wedged(_))),
            "{e}"
        );
    }

    #[test]
    fn raw_payloads_round_trip_as_json() {
        let r = RawDcmd {
            host: 1,
            opcode: Opcode::CTRL_GET_INFO.value(),
            name: "CTRL_GET_INFO".into(),
            mbox: [0; 12],
            len: 3,
            status: 0,
            data: vec![0, 0xa5, 0xff],
        };
        let j = serde_json::to_string(&r).unwrap();
        assert!(j.contains("\"00a5ff\""), "{j}");
        assert_eq!(serde_json::from_str::<RawDcmd>(&j).unwrap(), r);
    }
}
