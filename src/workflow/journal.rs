//! Workflow journals: JSON Lines, one record per step phase, synced before the step runs, so
//! `raidctl resume` knows exactly what was about to happen when the process died.

use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// One journal line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Seconds since the Unix epoch.
    pub at: u64,
    /// Step name (`offline`, `mark-missing`, ...), or `start`/`finish`.
    pub step: String,
    /// `started`, `planned`, `done`, `failed`, `skipped`, `stopped`, `completed`.
    pub phase: String,
    /// The exact vendor command line, for steps that run one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Human-readable detail.
    #[serde(default)]
    pub detail: String,
    /// The workflow's state after this record (what resume continues from).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<serde_json::Value>,
}

/// An open journal.
#[derive(Debug)]
pub struct Journal {
    /// Workflow id (file stem).
    pub id: String,
    path: PathBuf,
    file: File,
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Directory of journals under a state directory.
pub fn dir(state_dir: &Path) -> PathBuf {
    state_dir.join("journals")
}

impl Journal {
    /// Creates a new journal for `workflow` in `state_dir`.
    ///
    /// # Errors
    /// I/O errors creating the file.
    pub fn create(state_dir: &Path, workflow: &str, target: &str) -> std::io::Result<Self> {
        let d = dir(state_dir);
        std::fs::create_dir_all(&d)?;
        let clean: String = target
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let mut n = 0;
        loop {
            let id = format!(
                "{}-{workflow}-{clean}{}",
                now(),
                if n == 0 {
                    String::new()
                } else {
                    format!("-{n}")
                }
            );
            let path = d.join(format!("{id}.jsonl"));
            match OpenOptions::new().create_new(true).append(true).open(&path) {
                Ok(file) => return Ok(Self { id, path, file }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(e),
            }
        }
    }

    /// Opens an existing journal for appending.
    ///
    /// # Errors
    /// I/O errors.
    pub fn open(state_dir: &Path, id: &str) -> std::io::Result<Self> {
        let path = dir(state_dir).join(format!("{id}.jsonl"));
        let file = OpenOptions::new().append(true).open(&path)?;
        Ok(Self {
            id: id.to_owned(),
            path,
            file,
        })
    }

    /// Path of the journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends a record and syncs it to disk before returning.
    ///
    /// # Errors
    /// I/O errors: a workflow must stop when it cannot journal.
    pub fn write(
        &mut self,
        step: &str,
        phase: &str,
        command: Option<String>,
        detail: &str,
        state: Option<serde_json::Value>,
    ) -> std::io::Result<()> {
        let rec = Record {
            at: now(),
            step: step.to_owned(),
            phase: phase.to_owned(),
            command,
            detail: detail.to_owned(),
            state,
        };
        let mut line = serde_json::to_vec(&rec).map_err(std::io::Error::other)?;
        line.push(b'\n');
        self.file.write_all(&line)?;
        self.file.sync_data()?;
        crate::workflow::test_hook(step, phase);
        Ok(())
    }
}

/// Reads every record of a journal file; a torn last line (crash mid-write) is ignored.
///
/// # Errors
/// I/O errors opening the file.
pub fn read(path: &Path) -> std::io::Result<Vec<Record>> {
    let f = File::open(path)?;
    Ok(BufReader::new(f)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str(&l).ok())
        .collect())
}

/// Summary of one journal for `raidctl workflows`.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Workflow id.
    pub id: String,
    /// Last step and phase.
    pub last: String,
    /// Whether the workflow ended (completed or stopped).
    pub finished: bool,
    /// Last detail line.
    pub detail: String,
}

/// Lists journals, oldest first.
pub fn list(state_dir: &Path) -> Vec<Summary> {
    let Ok(entries) = std::fs::read_dir(dir(state_dir)) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|p| {
            let recs = read(p).ok()?;
            let last = recs.last()?;
            Some(Summary {
                id: p.file_stem()?.to_string_lossy().into_owned(),
                last: format!("{} {}", last.step, last.phase),
                finished: last.step == "finish",
                detail: last.detail.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_read_and_torn_tail() {
        let d = tempfile::tempdir().unwrap();
        let mut j = Journal::create(d.path(), "replace-drive", "a0-[32:4]").unwrap();
        j.write(
            "offline",
            "planned",
            Some("MegaCli64 -PDOffline".into()),
            "x",
            None,
        )
        .unwrap();
        j.write(
            "offline",
            "done",
            None,
            "",
            Some(serde_json::json!({"k": 1})),
        )
        .unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(j.path())
            .unwrap()
            .write_all(b"{\"at\":1,\"st")
            .unwrap();
        let recs = read(j.path()).unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[1].state, Some(serde_json::json!({"k": 1})));
        assert_eq!(list(d.path()).len(), 1);
    }
}
