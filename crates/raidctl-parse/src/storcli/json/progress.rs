//! Progress of background operations: `show rebuild|copyback|bgi|cc` rows and the
//! `Consistency Check (36%)` a VD's properties carry. One place maps their wording to a kind.

use super::Walker;
use crate::storcli::{drive_path, num, scalar};
use raidctl_model::{DriveAddress, Progress, ProgressKind};
use serde_json::Value;

impl Walker {
    /// `show rebuild` / `show copyback` / `show bgi|cc|init` rows.
    pub(crate) fn progress_rows(&mut self, a: u32, rows: &[Value], desc: &str) {
        let d = desc.to_ascii_lowercase();
        for r in rows {
            let Some(o) = r.as_object() else {
                self.warn("progress row is not an object");
                continue;
            };
            let status = o.get("Status").and_then(scalar).unwrap_or_default();
            let sl = status.to_ascii_lowercase();
            let in_progress = sl.contains("in progress") && !sl.contains("not in progress");
            let percent = o
                .get("Progress%")
                .or_else(|| o.get("Progress"))
                .and_then(num)
                .and_then(|n| u8::try_from(n).ok());
            let drive = o
                .get("Drive-ID")
                .or_else(|| o.get("Drive"))
                .and_then(scalar)
                .and_then(|s| {
                    drive_path(&s).map(|(_, e, s, _)| DriveAddress {
                        enclosure: e,
                        slot: s,
                    })
                });
            let vd = o
                .get("VD")
                .and_then(num)
                .and_then(|n| u32::try_from(n).ok());
            let op = o
                .get("Operation")
                .and_then(scalar)
                .unwrap_or_default()
                .to_ascii_lowercase();
            let kind = if op.contains("bgi") || op.contains("background") {
                ProgressKind::BackgroundInit
            } else if op.contains("cc") || op.contains("consist") {
                ProgressKind::ConsistencyCheck
            } else if op.contains("init") {
                ProgressKind::Initialization
            } else if d.contains("copyback") || op.contains("copyback") {
                ProgressKind::Copyback
            } else if d.contains("rebuild") || drive.is_some() {
                ProgressKind::Rebuild
            } else {
                ProgressKind::Unknown(op.clone())
            };
            if drive.is_none() && vd.is_none() {
                self.warn("progress row names neither a drive nor a VD");
                continue;
            }
            self.doc.progress.push(Progress {
                adapter: a,
                kind,
                drive,
                logical_drive: vd,
                in_progress,
                percent,
                elapsed_minutes: None,
            });
        }
    }
}
/// `Consistency Check (36%)`, `Rebuild 12%` → a progress record.
pub(super) fn operation_progress(a: u32, n: u32, t: &str) -> Option<Progress> {
    let l = t.to_ascii_lowercase();
    let kind = if l.contains("consist") || l.contains("cc") {
        ProgressKind::ConsistencyCheck
    } else if l.contains("background") || l.contains("bgi") {
        ProgressKind::BackgroundInit
    } else if l.contains("init") {
        ProgressKind::Initialization
    } else if l.contains("recon") {
        ProgressKind::Reconstruction
    } else if l.contains("rebuild") {
        ProgressKind::Rebuild
    } else {
        return None;
    };
    Some(Progress {
        adapter: a,
        kind,
        drive: None,
        logical_drive: Some(n),
        in_progress: true,
        percent: crate::storcli::percent(t),
        elapsed_minutes: None,
    })
}
