//! The native backend in support bundles: every DCMD raidctl sent with its raw payload, the
//! snapshot decoded from them and the event log; and the replay that makes the same snapshot
//! from a received bundle with the same decoder (`status --from-bundle`).

use super::transport::{Frame, MfiTransport, RawDcmd, TransportError, fill_from};
use super::{Native, abi};
use crate::backend::snapshot::Snapshot;
use std::sync::Arc;
use std::time::Duration;

/// Path of the raw DCMD log inside a bundle.
pub const DCMDS: &str = "native/dcmds.json";
/// Path of the decoded snapshot.
pub const SNAPSHOT: &str = "native/snapshot.json";
/// Path of the decoded event log.
pub const EVENTS: &str = "native/events.json";

/// One file for the bundle: item id, path, bytes, or why it was left out.
pub type BundleFile = (String, String, Result<Vec<u8>, String>);

/// The native files of a bundle. The snapshot has been gathered through `n` already; the
/// event log is read now, then the DCMD log is written with everything sent. With
/// `redacting`, the raw payloads are left out: they carry serial numbers in binary, which
/// text redaction cannot see.
pub fn files(n: &Native, snap: &Result<Snapshot, String>, redacting: bool) -> Vec<BundleFile> {
    let mut out = Vec::new();
    let hosts = n.client().hosts().unwrap_or_default();
    let mut events = Vec::new();
    for i in 0..hosts.len() {
        let a = u32::try_from(i).unwrap_or(u32::MAX);
        events.push(match n.events(a, None, 10_000) {
            Ok(ev) => serde_json::json!({ "adapter": a, "events": ev }),
            Err(e) => serde_json::json!({ "adapter": a, "error": e.to_string() }),
        });
    }
    out.push((
        "native/events".to_owned(),
        EVENTS.to_owned(),
        serde_json::to_vec_pretty(&events).map_err(|e| e.to_string()),
    ));
    out.push((
        "native/snapshot".to_owned(),
        SNAPSHOT.to_owned(),
        snap.as_ref()
            .map_err(Clone::clone)
            .and_then(|s| serde_json::to_vec_pretty(s).map_err(|e| e.to_string())),
    ));
    out.push((
        "native/dcmds".to_owned(),
        DCMDS.to_owned(),
        if redacting {
            Err(
                "raw DCMD payloads carry serial numbers in binary; left out of a redacted bundle"
                    .into(),
            )
        } else {
            serde_json::to_vec_pretty(&serde_json::json!({
                "transport": n.client().describe(),
                "hosts": hosts,
                "dcmds": n.client().raw(),
            }))
            .map_err(|e| e.to_string())
        },
    ));
    out
}

/// A transport that answers from a recorded DCMD log.
#[derive(Debug)]
pub struct Replay {
    hosts: Vec<u16>,
    calls: Vec<RawDcmd>,
}

impl Replay {
    /// Reads a `native/dcmds.json`.
    ///
    /// # Errors
    /// Not such a log.
    pub fn from_json(bytes: &[u8]) -> Result<Self, String> {
        #[derive(serde::Deserialize)]
        struct Log {
            hosts: Vec<u16>,
            dcmds: Vec<RawDcmd>,
        }
        let log: Log = serde_json::from_slice(bytes).map_err(|e| format!("{DCMDS}: {e}"))?;
        Ok(Self {
            hosts: log.hosts,
            calls: log.dcmds,
        })
    }
}

impl MfiTransport for Replay {
    fn describe(&self) -> String {
        format!("recorded DCMDs ({} calls)", self.calls.len())
    }

    fn hosts(&self) -> Result<Vec<u16>, TransportError> {
        Ok(self.hosts.clone())
    }

    fn dcmd(&self, frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError> {
        let Frame { host, opcode, mbox } = frame;
        let hit = self.calls.iter().find(|c| {
            c.host == host && c.opcode == opcode.value() && c.mbox == mbox && c.len == buf.len()
        });
        let Some(c) = hit else {
            return Err(TransportError::Fault(format!(
                "{opcode} on host {host} ({} bytes) is not recorded in the bundle",
                buf.len()
            )));
        };
        if c.status == abi::status::OK {
            fill_from(buf, &c.data);
        }
        Ok(c.status)
    }
}

/// The snapshot a recorded DCMD log gives, decoded as a live run would.
///
/// # Errors
/// Not a DCMD log, or its payloads do not make a snapshot.
pub fn replay(bytes: &[u8]) -> Result<Snapshot, String> {
    let r = Replay::from_json(bytes)?;
    let n = Native::new(Arc::new(r), Duration::from_secs(10));
    n.gather().map_err(|e| e.to_string())
}
