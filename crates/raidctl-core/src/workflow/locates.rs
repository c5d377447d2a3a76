//! Bays raidctl set blinking and has not stopped (issue 39): a locate LED left on after an
//! interrupted replacement or a forgotten `pd locate` makes the next technician pull the wrong
//! drive. MegaCli cannot say whether a bay blinks, so raidctl remembers what it started: every
//! locate start or stop that [`super::run_op`] carries out updates `locates.json` in the state
//! directory (private, written atomically). `status` and `check` show what is still on, with
//! the command that stops it.

use crate::backend::ops::Op;
use crate::model::DriveAddress;
use serde::{Deserialize, Serialize};
use std::path::Path;

const FILE: &str = "locates.json";
const VERSION: u32 = 1;
/// More bays than any host has; a larger file is not raidctl's.
const MAX_BYTES: usize = 1 << 20;

/// One bay raidctl set blinking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blink {
    /// Adapter.
    pub adapter: u32,
    /// The bay.
    pub drive: DriveAddress,
    /// When raidctl started it, seconds since the epoch.
    pub since: u64,
    /// The journal of the workflow that started it.
    pub workflow: String,
}

impl Blink {
    /// The command that stops it.
    pub fn stop_command(&self) -> String {
        format!(
            "raidctl pd locate {} -a {} --stop",
            self.drive.megacli_arg(),
            self.adapter
        )
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct File {
    version: u32,
    bays: Vec<Blink>,
}

fn load(state_dir: &Path) -> Result<File, String> {
    let path = state_dir.join(FILE);
    match crate::fsutil::read_capped(&path, MAX_BYTES) {
        Ok(b) => match serde_json::from_slice::<File>(&b) {
            Ok(f) if f.version == VERSION => Ok(f),
            Ok(f) => Err(format!(
                "{}: version {} not understood",
                path.display(),
                f.version
            )),
            Err(e) => Err(format!("{}: {e}", path.display())),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(File::default()),
        Err(e) => Err(e.to_string()),
    }
}

/// The bays raidctl left blinking, oldest first; an unreadable record is said, not guessed.
///
/// # Errors
/// The record exists but cannot be read.
pub fn blinking(state_dir: &Path) -> Result<Vec<Blink>, String> {
    load(state_dir).map(|f| f.bays)
}

/// Records what `op`, just carried out by the workflow `workflow`, did to a locate LED.
/// Anything else is not a locate and leaves the record alone.
///
/// # Errors
/// The record cannot be read or written (the LED itself has changed: the caller says so).
pub fn record(state_dir: &Path, op: &Op, workflow: &str) -> Result<(), String> {
    let (adapter, drive, on) = match op {
        Op::LocateStart { adapter, drive } => (*adapter, *drive, true),
        Op::LocateStop { adapter, drive } => (*adapter, *drive, false),
        _ => return Ok(()),
    };
    // An unreadable record is replaced: what it said cannot be shown anyway.
    let mut f = load(state_dir).unwrap_or_default();
    let before = f.bays.len();
    f.bays
        .retain(|b| !(b.adapter == adapter && b.drive == drive));
    if on {
        f.bays.push(Blink {
            adapter,
            drive,
            since: crate::backend::snapshot::now_unix(),
            workflow: workflow.to_owned(),
        });
    } else if f.bays.len() == before {
        return Ok(());
    }
    f.version = VERSION;
    let text = serde_json::to_vec_pretty(&f).map_err(|e| e.to_string())?;
    crate::fsutil::Dir::prepare(state_dir)
        .and_then(|d| {
            d.write_atomic(
                FILE,
                &text,
                crate::fsutil::PRIVATE,
                crate::fsutil::Replace::Yes,
            )
        })
        .map(|_| ())
        .map_err(|e| format!("cannot record the locate LED in {}: {e}", FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_remembered_until_its_stop() {
        let d = tempfile::tempdir().unwrap();
        let (adapter, drive) = (0, DriveAddress::new(32, 4));
        assert!(blinking(d.path()).unwrap().is_empty());
        record(d.path(), &Op::LocateStart { adapter, drive }, "j1").unwrap();
        // A second start of the same bay is one entry, the newer workflow's.
        record(d.path(), &Op::LocateStart { adapter, drive }, "j2").unwrap();
        let other = DriveAddress::new(32, 5);
        record(
            d.path(),
            &Op::LocateStart {
                adapter,
                drive: other,
            },
            "j3",
        )
        .unwrap();
        let b = blinking(d.path()).unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!((b[0].drive, b[0].workflow.as_str()), (drive, "j2"));
        assert_eq!(b[0].stop_command(), "raidctl pd locate 32:4 -a 0 --stop");
        record(d.path(), &Op::LocateStop { adapter, drive }, "j4").unwrap();
        record(
            d.path(),
            &Op::Alarm {
                adapter,
                action: crate::backend::ops::Alarm::Silence,
            },
            "j5",
        )
        .unwrap();
        let b = blinking(d.path()).unwrap();
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].drive, other);
        // Someone else's bytes are said, not taken for "nothing blinks".
        std::fs::write(d.path().join(FILE), b"{not json").unwrap();
        assert!(blinking(d.path()).unwrap_err().contains(FILE));
    }
}
