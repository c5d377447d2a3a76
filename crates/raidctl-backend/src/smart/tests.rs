use super::*;
use crate::backend::runner::{Call, CmdOutput, RunError};
use crate::model::{FirmwareState, PdType, PhysicalDrive};
use serde_json::Value;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A SAS drive's answer behind a MegaRAID (the parse crate's `smartctl` tests parse the same
/// file).
const SAS: &str = include_str!("../../../../fixtures/smartctl/sas-megaraid.json");

/// Answers every drive with the SAS capture, counting calls; `slow` makes it hang.
struct Fake {
    calls: AtomicUsize,
    defects: Mutex<u64>,
    slow: bool,
}

impl Runner for Fake {
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        if self.slow {
            std::thread::sleep(c.timeout + Duration::from_secs(3));
        }
        let mut v: Value = serde_json::from_str(SAS).expect("sas");
        v["scsi_grown_defect_list"] = (*self.defects.lock().unwrap()).into();
        Ok(CmdOutput::exited(c.program, c.args, 0, &v.to_string(), ""))
    }
}

fn snap() -> Snapshot {
    let mut snap = Snapshot::default();
    for slot in 0..3u16 {
        snap.physical_drives.push(PhysicalDrive {
            adapter: 0,
            slot,
            device_id: Some(u32::from(slot) + 8),
            firmware_state: FirmwareState::Online,
            pd_type: PdType::Sas,
            serial: Some(format!("SER{slot}")),
            smartctl_device: Some(format!("megaraid,{}", slot + 8)),
            ..PhysicalDrive::default()
        });
    }
    snap
}

fn source(f: Arc<Fake>, timeout: Duration) -> Source {
    Source {
        runner: f,
        program: Some(PathBuf::from("smartctl")),
        sys_root: PathBuf::from("/nonexistent"),
        timeout,
        fallback_host: Some(Arc::new(|a| a + 1)),
    }
}

#[test]
fn cache_spares_reads_within_max_age_and_sees_growth() {
    let d = tempfile::tempdir().unwrap();
    let f = Arc::new(Fake {
        calls: AtomicUsize::new(0),
        defects: Mutex::new(2),
        slow: false,
    });
    let src = source(f.clone(), Duration::from_secs(10));
    let mut s = snap();
    assert!(attach(&mut s, &src, d.path(), Duration::from_secs(3600)).is_empty());
    assert_eq!(f.calls.load(Ordering::SeqCst), 3);
    assert!(
        s.physical_drives
            .iter()
            .all(|p| p.smart.as_ref().is_some_and(|m| m.read_success))
    );
    // Within max-age: from the cache, no call.
    let mut s = snap();
    attach(&mut s, &src, d.path(), Duration::from_secs(3600));
    assert_eq!(f.calls.load(Ordering::SeqCst), 3);
    assert_eq!(
        s.physical_drives[0].smart.as_ref().unwrap().grown_defects,
        Some(2)
    );
    // Max-age 0: read again; the defects grew.
    *f.defects.lock().unwrap() = 5;
    let mut s = snap();
    attach(&mut s, &src, d.path(), Duration::ZERO);
    assert_eq!(f.calls.load(Ordering::SeqCst), 6);
    let m = s.physical_drives[0].smart.as_ref().unwrap();
    assert_eq!(m.grown_defects, Some(5));
    assert_eq!(m.grew, ["grown defects 2 -> 5"]);
    // A cache file of someone else's mode is not used.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(
        d.path().join(CACHE_FILE),
        std::fs::Permissions::from_mode(0o666),
    )
    .unwrap();
    assert!(load_cache(d.path()).is_empty());
}

#[test]
fn a_drive_not_answering_in_time_is_a_failed_read() {
    let d = tempfile::tempdir().unwrap();
    let f = Arc::new(Fake {
        calls: AtomicUsize::new(0),
        defects: Mutex::new(0),
        slow: true,
    });
    let src = source(f, Duration::from_millis(100));
    let mut s = snap();
    let t = std::time::Instant::now();
    attach(&mut s, &src, d.path(), Duration::from_secs(3600));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let m = s.physical_drives[0].smart.as_ref().unwrap();
    assert!(!m.read_success);
    assert!(
        m.error.as_deref().unwrap().contains("did not answer"),
        "{m:?}"
    );
    // Failures are not cached: read again next time.
    assert!(load_cache(d.path()).is_empty());
}

#[test]
fn no_smartctl_is_said_not_silent() {
    let d = tempfile::tempdir().unwrap();
    let mut src = source(
        Arc::new(Fake {
            calls: AtomicUsize::new(0),
            defects: Mutex::new(0),
            slow: false,
        }),
        Duration::from_secs(1),
    );
    src.program = None;
    let mut s = snap();
    let why = attach(&mut s, &src, d.path(), Duration::from_secs(3600));
    assert_eq!(why.len(), 1);
    assert!(why[0].1.contains("smartctl not found"));
    src.fallback_host = None;
    src.program = Some(PathBuf::from("smartctl"));
    let why = attach(&mut snap(), &src, d.path(), Duration::from_secs(3600));
    assert!(why[0].1.contains("no block device"), "{why:?}");
}
