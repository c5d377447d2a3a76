//! The native MFI backend: reads MegaRAID controllers through the `megaraid_sas` kernel
//! driver's management ioctl (the firmware's own DCMD interface, what MegaCli uses), with no
//! vendor binary and one process.
//!
//! Read-only: [`Native`] implements every read of [`Operations`] and refuses every change,
//! naming the vendor tools that can make it. Layers: [`abi`] (payload layouts), [`opcode`]
//! (the read allow-list), [`transport`] (the [`MfiTransport`] trait, deadlines, pattern-filled
//! buffers), [`decode`] (validated payloads → model), [`ioctl`] (the Linux node).

pub use raidctl_sys::mfi::abi;
pub mod bundle;
pub mod decode;
pub mod ioctl;
pub use raidctl_sys::mfi::opcode;
pub use raidctl_sys::mfi::transport;

pub use opcode::Opcode;
pub use transport::{Client, DcmdError, Deadline, MfiTransport, RawDcmd, TransportError};

use super::megacli::BackendError;
use super::ops::{Op, Operations};
use super::runner::RunError;
use super::snapshot::{self, SNAPSHOT_SCHEMA, Snapshot};
use crate::model::{
    Bbu, DiskGroup, Document, DriveAddress, Event, FirmwareState, ForeignConfig, LogicalDrive,
    PhysicalDrive, Progress, Warning,
};
use std::sync::Arc;
use std::time::Duration;

/// What changing a controller needs while the native backend only reads.
pub const CHANGES_NEED: &str = "the native MFI backend only reads; changes need a vendor tool: \
     install storcli64 (or perccli64 on Dell) or MegaCli64 and use --backend storcli|perccli|megacli \
     (with --backend auto, reads stay native and changes use the installed tool)";

/// The native backend over one transport. Clones share the transport and the call log.
#[derive(Debug, Clone)]
pub struct Native {
    client: Arc<Client>,
}

impl Native {
    /// A backend sending DCMDs through `transport`, each with its own `timeout`.
    pub fn new(transport: Arc<dyn MfiTransport>, timeout: Duration) -> Self {
        Self {
            client: Arc::new(Client::new(Arc::new(Deadline::new(transport, timeout)))),
        }
    }

    /// The DCMD client (call count, raw payloads).
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Events of adapter `adapter` from sequence number `from` (default: the oldest kept), at
    /// most `max`. Polls `CTRL_EVENT_GETINFO` and `CTRL_EVENT_GET`; never waits for events.
    ///
    /// # Errors
    /// Unreadable event log.
    pub fn events(
        &self,
        adapter: u32,
        from: Option<u32>,
        max: usize,
    ) -> Result<Vec<Event>, BackendError> {
        let host = self.host(adapter)?;
        let c = &self.client;
        let buf = c
            .read(host, Opcode::CTRL_EVENT_GETINFO, [0; 12], 20, 20)
            .map_err(to_backend)?;
        let st: abi::EventLogState = decode::fixed(&buf, "event log state")
            .map_err(|r| invalid(Opcode::CTRL_EVENT_GETINFO, host, r))?;
        let mut seq = from.unwrap_or(st.oldest_seq_num.max(st.clear_seq_num));
        let newest = st.newest_seq_num;
        let mut out = Vec::new();
        const BATCH: usize = 64;
        while out.len() < max && seq <= newest {
            let mut mbox = [0u8; 12];
            mbox[0..4].copy_from_slice(&seq.to_le_bytes());
            // Locale: all; class: debug and up.
            mbox[4..6].copy_from_slice(&0xffffu16.to_le_bytes());
            mbox[7] = 0xff;
            let len = 8 + BATCH * std::mem::size_of::<abi::EventDetail>();
            let buf = match c.read(host, Opcode::CTRL_EVENT_GET, mbox, len, 4) {
                Ok(b) => b,
                // QEMU's event read is a stub: OK and no data. Say so instead of "no events".
                Err(e @ DcmdError::NoData { .. }) => return Err(to_backend(e)),
                Err(e) => return Err(to_backend(e)),
            };
            let batch = decode::events(adapter, &buf)
                .map_err(|r| invalid(Opcode::CTRL_EVENT_GET, host, r))?;
            let Some(last) = batch.last().map(|e| e.seq_num) else {
                break;
            };
            out.extend(batch);
            seq = u32::try_from(last + 1).unwrap_or(u32::MAX);
        }
        out.truncate(max);
        Ok(out)
    }

    fn host(&self, adapter: u32) -> Result<u16, BackendError> {
        let hosts = self.client.hosts().map_err(transport_error)?;
        hosts
            .get(adapter as usize)
            .copied()
            .ok_or_else(|| BackendError::Unparseable {
                argv: self.client.describe(),
                reason: format!(
                    "no adapter {adapter} ({} megaraid_sas host(s))",
                    hosts.len()
                ),
            })
    }

    /// A fresh snapshot of every adapter.
    ///
    /// # Errors
    /// Any DCMD that failed, hung or answered with a payload that does not validate.
    pub fn gather(&self) -> Result<Snapshot, BackendError> {
        let before = self.client.calls();
        let hosts = self.client.hosts().map_err(transport_error)?;
        if hosts.is_empty() {
            return Err(transport_error(TransportError::NoAdapter(format!(
                "{} lists no adapter",
                self.client.describe()
            ))));
        }
        let mut snap = Snapshot {
            schema_version: SNAPSHOT_SCHEMA,
            taken_at_unix: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            source: format!("native:{}", self.client.describe()),
            ..Snapshot::default()
        };
        for (i, host) in hosts.iter().enumerate() {
            let index = u32::try_from(i).unwrap_or(u32::MAX);
            gather_adapter(&self.client, index, *host, &mut snap).map_err(to_backend)?;
        }
        snapshot::derive_common(&mut snap);
        snap.vendor_calls = self.client.calls() - before;
        Ok(snap)
    }

    fn foreign_configs(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        let snap = self.gather()?;
        let host = self.host(adapter)?;
        let addr_of = |id: u16| {
            snap.physical_drives
                .iter()
                .find(|d| d.adapter == adapter && d.device_id == Some(u32::from(id)))
                .map(PhysicalDrive::address)
        };
        let mut out = Vec::new();
        for f in snap.foreign_configs.iter().filter(|f| f.adapter == adapter) {
            let mut mbox = [0u8; 12];
            mbox[0] = u8::try_from(f.index).unwrap_or(0xff);
            let cfg = read_config(&self.client, host, Opcode::CFG_FOREIGN_DISPLAY, mbox)
                .map_err(to_backend)?;
            out.push(ForeignConfig {
                adapter,
                index: f.index,
                disk_groups: decode::disk_groups(adapter, &cfg, &addr_of),
            });
        }
        Ok(out)
    }
}

fn invalid(opcode: Opcode, host: u16, reason: String) -> BackendError {
    to_backend(DcmdError::Invalid {
        opcode,
        host,
        reason,
    })
}

fn transport_error(e: TransportError) -> BackendError {
    match e {
        TransportError::Timeout { what, secs } => BackendError::Run(RunError::Timeout {
            argv: what,
            secs,
            hung: true,
        }),
        other => BackendError::Run(RunError::Spawn {
            program: "native MFI".into(),
            reason: other.to_string(),
        }),
    }
}

/// Maps a DCMD failure to the backend error every command already reports as UNKNOWN.
pub fn to_backend(e: DcmdError) -> BackendError {
    match e {
        DcmdError::Transport(t) => transport_error(t),
        DcmdError::Status {
            opcode,
            host,
            status,
        } => BackendError::Failed {
            argv: format!("DCMD {opcode} on host {host}"),
            status: u32::from(status),
            message: format!("firmware status {}", abi::status::name(status)),
            doc: Box::default(),
        },
        other @ (DcmdError::NoData { .. } | DcmdError::Invalid { .. }) => {
            BackendError::Unparseable {
                argv: "native MFI".into(),
                reason: other.to_string(),
            }
        }
    }
}

fn warn(snap: &mut Snapshot, message: String) {
    snap.warnings.push(Warning {
        file: None,
        line: 0,
        message,
    });
}

/// Reads a configuration (`CFG_READ` or a foreign display): the header first for its size,
/// then the whole payload, which must announce the same size.
fn read_config(
    c: &Client,
    host: u16,
    opcode: Opcode,
    mbox: [u8; 12],
) -> Result<decode::Config, DcmdError> {
    let inv = |reason| DcmdError::Invalid {
        opcode,
        host,
        reason,
    };
    let head = c.read(host, opcode, mbox, 32, 4)?;
    let size = decode::config_size(&head).map_err(inv)?;
    if size > 1 << 20 {
        return Err(inv(format!("size field {size} is implausible")));
    }
    let buf = c.read(host, opcode, mbox, size, 4)?;
    let again = decode::config_size(&buf).map_err(inv)?;
    if again != size {
        return Err(inv(format!(
            "size changed between reads ({size} then {again}): configuration changing"
        )));
    }
    decode::config(&buf).map_err(inv)
}

/// Reads one adapter into `snap`.
fn gather_adapter(c: &Client, index: u32, host: u16, snap: &mut Snapshot) -> Result<(), DcmdError> {
    let buf = c.read(host, Opcode::CTRL_GET_INFO, [0; 12], 2048, 8)?;
    let info: abi::CtrlInfo =
        decode::fixed(&buf, "controller info").map_err(inv(host, Opcode::CTRL_GET_INFO))?;
    let adapter = decode::adapter(index, host, &info);
    let has_bbu = adapter.bbu_present == Some(true);
    snap.adapters.push(adapter);
    let mut drives = gather_drives(c, index, host, snap)?;
    let mut logical = gather_logical(c, index, host, snap)?;
    let groups = gather_config(c, index, host, &mut drives, &mut logical)?;
    snap.physical_drives.extend(drives);
    snap.logical_drives.extend(logical);
    snap.disk_groups.extend(groups);
    gather_foreign(c, index, host, snap)?;
    gather_bbu(c, index, host, has_bbu, snap)
}

/// The error for an answer to `opcode` on `host` that does not decode.
fn inv(host: u16, opcode: Opcode) -> impl FnOnce(String) -> DcmdError {
    move |reason: String| DcmdError::Invalid {
        opcode,
        host,
        reason,
    }
}

/// The adapter's drives (PD list, then each drive's info), their progress into `snap`; a drive
/// whose info answers for another device has an unknown state (a warning).
fn gather_drives(
    c: &Client,
    index: u32,
    host: u16,
    snap: &mut Snapshot,
) -> Result<Vec<PhysicalDrive>, DcmdError> {
    let len = 8 + 256 * std::mem::size_of::<abi::PdAddress>();
    let buf = c.read(host, Opcode::PD_GET_LIST, [0; 12], len, 8)?;
    let list = decode::pd_list(&buf).map_err(inv(host, Opcode::PD_GET_LIST))?;
    let mut drives: Vec<PhysicalDrive> = Vec::new();
    for e in list.iter().filter(|e| e.scsi_dev_type == 0) {
        let id = e.device_id;
        let mut mbox = [0u8; 12];
        mbox[0..2].copy_from_slice(&id.to_le_bytes());
        let buf = c.read(host, Opcode::PD_GET_INFO, mbox, 512, 4)?;
        let pi: abi::PdInfo =
            decode::fixed(&buf, "PD info").map_err(inv(host, Opcode::PD_GET_INFO))?;
        let at = decode::address(e.encl_device_id, e.slot_number);
        if pi.device_id != id {
            // QEMU answers every PD_GET_INFO with target 0's data; never attribute one
            // drive's state and counters to another.
            warn(
                snap,
                format!(
                    "adapter {index}: PD_GET_INFO for device {id} answered for device {}; its state is unknown",
                    { pi.device_id }
                ),
            );
            drives.push(PhysicalDrive {
                adapter: index,
                enclosure_id: at.enclosure,
                slot: at.slot,
                device_id: Some(u32::from(id)),
                firmware_state: FirmwareState::Unknown(format!(
                    "PD_GET_INFO answered for device {}",
                    { pi.device_id }
                )),
                ..PhysicalDrive::default()
            });
            continue;
        }
        let pd = decode::physical_drive(index, &pi);
        if pd.address() != at {
            warn(
                snap,
                format!(
                    "adapter {index}: device {id} is {} in the PD list but {} in its info",
                    at,
                    pd.address()
                ),
            );
        }
        if let Some(p) =
            decode::drive_progress(index, pd.address(), &pd.firmware_state, &pi.prog_info)
        {
            snap.progress.push(p);
        }
        drives.push(pd);
    }
    Ok(drives)
}

/// The adapter's logical drives, their progress into `snap`: the 256-entry list first, the
/// legacy 64-entry one when refused.
fn gather_logical(
    c: &Client,
    index: u32,
    host: u16,
    snap: &mut Snapshot,
) -> Result<Vec<LogicalDrive>, DcmdError> {
    let entry = std::mem::size_of::<abi::LdListEntry>();
    let mut mbox = [0u8; 12];
    mbox[0] = 1;
    let buf = match c.read(
        host,
        Opcode::LD_GET_LIST,
        mbox,
        8 + abi::LD_LIST_EXT * entry,
        4,
    ) {
        Err(e) if e.status() == Some(abi::status::INVALID_PARAMETER) => c.read(
            host,
            Opcode::LD_GET_LIST,
            [0; 12],
            8 + abi::LD_LIST_LEGACY * entry,
            4,
        )?,
        other => other?,
    };
    let lds = decode::ld_list(&buf).map_err(inv(host, Opcode::LD_GET_LIST))?;
    let mut logical = Vec::new();
    for e in &lds {
        let mut mbox = [0u8; 12];
        mbox[0] = e.target_id;
        let buf = c.read(host, Opcode::LD_GET_INFO, mbox, 384, 4)?;
        let li: abi::LdInfo =
            decode::fixed(&buf, "LD info").map_err(inv(host, Opcode::LD_GET_INFO))?;
        if li.ld_config.properties.target_id != e.target_id {
            return Err(inv(host, Opcode::LD_GET_INFO)(format!(
                "asked for target {}, answered for target {}",
                e.target_id, li.ld_config.properties.target_id
            )));
        }
        let ld = decode::logical_drive(index, &li);
        snap.progress
            .extend(decode::ld_progress(index, ld.target_id, &li.progress));
        logical.push(ld);
    }
    Ok(logical)
}

/// The configuration: the disk groups, each drive's group, span, arm and hot-spare role, and
/// each logical drive's members and group.
fn gather_config(
    c: &Client,
    index: u32,
    host: u16,
    drives: &mut [PhysicalDrive],
    logical: &mut [LogicalDrive],
) -> Result<Vec<DiskGroup>, DcmdError> {
    let cfg = read_config(c, host, Opcode::CFG_READ, [0; 12])?;
    let by_id = |id: u16| {
        drives
            .iter()
            .find(|d| d.device_id == Some(u32::from(id)))
            .map(PhysicalDrive::address)
    };
    let groups = decode::disk_groups(index, &cfg, &by_id);
    for g in &groups {
        let members: Vec<DriveAddress> = g
            .spans
            .iter()
            .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
            .collect();
        for (si, s) in g.spans.iter().enumerate() {
            for r in &s.rows {
                if let Some(d) = r
                    .drive
                    .and_then(|a| drives.iter_mut().find(|d| d.address() == a))
                {
                    d.disk_group = Some(g.index);
                    d.span = Some(u32::try_from(si).unwrap_or(0));
                    d.arm = Some(r.row);
                }
            }
        }
        for ld in logical
            .iter_mut()
            .filter(|l| g.logical_drives.contains(&l.target_id))
        {
            ld.members.clone_from(&members);
            ld.disk_group = Some(g.index);
        }
    }
    for s in &cfg.spares {
        let id = s.device_id;
        if let Some(d) = drives
            .iter_mut()
            .find(|d| d.device_id == Some(u32::from(id)))
        {
            let rev = if s.spare_type & abi::spare::REVERTIBLE != 0 {
                "is revertible"
            } else {
                "is not revertible"
            };
            d.hotspare = Some(if s.spare_type & abi::spare::DEDICATED != 0 {
                let refs = { s.array_ref };
                let arrays: Vec<String> = refs
                    .iter()
                    .take(usize::from(s.array_count))
                    .map(ToString::to_string)
                    .collect();
                format!("Dedicated, {rev} Array #: {}", arrays.join(","))
            } else {
                format!("Global, {rev}")
            });
        }
    }
    Ok(groups)
}

/// The number of foreign configurations (unknown, a warning, when the controller has no data).
fn gather_foreign(c: &Client, index: u32, host: u16, snap: &mut Snapshot) -> Result<(), DcmdError> {
    match c.read(host, Opcode::CFG_FOREIGN_SCAN, [0; 12], 196, 4) {
        Ok(buf) => {
            let scan: abi::ForeignScan =
                decode::fixed(&buf, "foreign scan").map_err(inv(host, Opcode::CFG_FOREIGN_SCAN))?;
            let n = scan.count;
            if n > 8 {
                return Err(inv(host, Opcode::CFG_FOREIGN_SCAN)(format!(
                    "{n} foreign configurations (the payload holds 8)"
                )));
            }
            snap.foreign_configs.extend((0..n).map(|i| ForeignConfig {
                adapter: index,
                index: i,
                disk_groups: Vec::new(),
            }));
        }
        Err(e @ DcmdError::NoData { .. }) => {
            warn(snap, format!("{e}: foreign configurations unknown"));
        }
        Err(e) => return Err(e),
    }
    Ok(())
}

/// The battery, read only when the controller says one is fitted (marked failed when it is
/// not, or when fitted but unreadable).
fn gather_bbu(
    c: &Client,
    index: u32,
    host: u16,
    has_bbu: bool,
    snap: &mut Snapshot,
) -> Result<(), DcmdError> {
    if has_bbu {
        match c.read(host, Opcode::BBU_GET_STATUS, [0; 12], 64, 8) {
            Ok(buf) => {
                let st: abi::BbuStatus =
                    decode::fixed(&buf, "BBU status").map_err(inv(host, Opcode::BBU_GET_STATUS))?;
                let cap = c
                    .read(host, Opcode::BBU_GET_CAPACITY_INFO, [0; 12], 48, 8)
                    .ok()
                    .and_then(|b| decode::fixed::<abi::BbuCapacity>(&b, "BBU capacity").ok());
                let design = c
                    .read(host, Opcode::BBU_GET_DESIGN_INFO, [0; 12], 67, 8)
                    .ok()
                    .and_then(|b| decode::fixed::<abi::BbuDesign>(&b, "BBU design").ok());
                snap.bbus
                    .push(decode::bbu(index, &st, cap.as_ref(), design.as_ref()));
            }
            Err(e @ (DcmdError::NoData { .. } | DcmdError::Status { .. })) => {
                // Fitted but unreadable: the health rules report it.
                warn(snap, format!("{e}"));
                snap.bbus.push(Bbu {
                    adapter: index,
                    status_failed: true,
                    ..Bbu::default()
                });
            }
            Err(e) => return Err(e),
        }
    } else {
        snap.bbus.push(Bbu {
            adapter: index,
            status_failed: true,
            ..Bbu::default()
        });
    }
    Ok(())
}

impl Operations for Native {
    fn name(&self) -> &str {
        "native"
    }

    /// `CTRL_EVENT_GETINFO` (0x01040100) on each adapter.
    fn event_marks(&self) -> Result<Option<Vec<crate::model::EventMark>>, BackendError> {
        let hosts = self.client.hosts().map_err(transport_error)?;
        let mut out = Vec::with_capacity(hosts.len());
        for (i, host) in hosts.iter().enumerate() {
            let buf = self
                .client
                .read(*host, Opcode::CTRL_EVENT_GETINFO, [0; 12], 20, 20)
                .map_err(to_backend)?;
            let st: abi::EventLogState = decode::fixed(&buf, "event log state")
                .map_err(|r| invalid(Opcode::CTRL_EVENT_GETINFO, *host, r))?;
            out.push(crate::model::EventMark {
                adapter: Some(u32::try_from(i).unwrap_or(u32::MAX)),
                newest: u64::from(st.newest_seq_num),
                oldest: Some(u64::from(st.oldest_seq_num)),
                clear: Some(u64::from(st.clear_seq_num)),
                shutdown: Some(u64::from(st.shutdown_seq_num)),
                boot: Some(u64::from(st.boot_seq_num)),
                digest: None,
            });
        }
        Ok(Some(out))
    }

    /// The whole kept log, for the guards (`CTRL_EVENT_GET` from the oldest kept event).
    fn events(&self, adapter: u32) -> Result<Option<Vec<Event>>, BackendError> {
        Native::events(self, adapter, None, 1 << 20).map(Some)
    }

    fn snapshot(&self) -> Result<Snapshot, BackendError> {
        self.gather()
    }

    fn progress(
        &self,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Option<Progress>, BackendError> {
        Ok(self
            .gather()?
            .progress
            .into_iter()
            .find(|p| p.adapter == adapter && p.drive == Some(drive)))
    }

    fn foreign(&self, adapter: u32) -> Result<Vec<ForeignConfig>, BackendError> {
        self.foreign_configs(adapter)
    }

    fn preserved_cache(&self, _adapter: u32) -> Result<super::ops::PinnedCache, BackendError> {
        Err(BackendError::Unparseable {
            argv: "native MFI".into(),
            reason: "the preserved-cache list is not read by the native backend yet".into(),
        })
    }

    fn supports(&self, _op: &Op) -> bool {
        false
    }

    fn command_line(&self, _op: &Op) -> String {
        format!("(not available: {CHANGES_NEED})")
    }

    fn apply(&self, op: &Op) -> Result<Document, BackendError> {
        Err(BackendError::Failed {
            argv: format!("{op:?}"),
            status: 0xff,
            message: CHANGES_NEED.into(),
            doc: Box::default(),
        })
    }
}

/// The native backend over firmware other than the kernel driver's node (the simulated one
/// under `--sim`), as it was opened.
///
/// # Errors
/// The firmware could not be opened (an unreadable simulator state).
pub fn over_firmware(
    firmware: Result<Arc<dyn MfiTransport>, String>,
    timeout: Duration,
) -> Result<Native, BackendError> {
    let fw = firmware.map_err(|e| {
        BackendError::Run(RunError::Spawn {
            program: "simulated firmware".into(),
            reason: e,
        })
    })?;
    Ok(Native::new(fw, timeout))
}

/// The native backend over the Linux ioctl node.
///
/// # Errors
/// A missing, foreign or unreadable node, or no megaraid_sas adapter.
pub fn real_backend(timeout: Duration) -> Result<Native, BackendError> {
    let t = ioctl::IoctlTransport::open(ioctl::Paths::default()).map_err(transport_error)?;
    Ok(Native::new(Arc::new(t), timeout))
}

/// The native backend when `auto` should read through it: a megaraid_sas adapter is bound
/// and the node opens (created from `/proc/devices` when root and missing).
pub fn auto_backend(timeout: Duration) -> Option<Native> {
    let paths = ioctl::Paths::default();
    if ioctl::megaraid_hosts(&paths.sys).is_empty() {
        return None;
    }
    let t = ioctl::IoctlTransport::open(paths).ok()?;
    Some(Native::new(Arc::new(t), timeout))
}

/// `raidctl doctor`'s lines about the native backend, and whether it is usable.
pub fn doctor() -> (bool, String) {
    match ioctl::probe(&ioctl::Paths::default()) {
        Ok(hosts) => (
            true,
            format!(
                "native MFI: usable ({} megaraid_sas adapter(s) on SCSI host(s) {} through {}): auto reads through the kernel driver, changes use the vendor tool",
                hosts.len(),
                hosts
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                ioctl::NODE
            ),
        ),
        Err(e) => (false, format!("native MFI: not usable: {e}")),
    }
}
