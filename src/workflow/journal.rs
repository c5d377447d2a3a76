//! Workflow journals: JSON Lines, one record per step phase, synced before the step runs, so
//! `raidctl resume` knows exactly what was about to happen when the process died.
//!
//! A journal is read as bytes, line by line: a line that is not a record (a torn write, a
//! full disk, stray bytes) is skipped and reported with its line number, and the lines after
//! it still count. An append always starts on a fresh line, so a torn record is never glued
//! to the next one.

use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Read as _, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Largest journal raidctl reads (a replacement writes a few hundred records of a few KiB).
pub const MAX_JOURNAL_BYTES: u64 = 64 << 20;

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
    /// The file does not end with a newline (a torn record): the next append starts one.
    torn: bool,
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

/// Creates the journal directory private to its owner (journals name drives and serials).
fn make_dir(d: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(d)
}

fn open_options() -> OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    let mut o = OpenOptions::new();
    o.mode(0o600).custom_flags(libc::O_NOFOLLOW);
    o
}

impl Journal {
    /// Creates a new journal for `workflow` in `state_dir` (mode 0600, never through a link).
    ///
    /// # Errors
    /// I/O errors creating the file.
    pub fn create(state_dir: &Path, workflow: &str, target: &str) -> std::io::Result<Self> {
        let d = dir(state_dir);
        make_dir(&d)?;
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
            match open_options().create_new(true).append(true).open(&path) {
                Ok(file) => {
                    return Ok(Self {
                        id,
                        path,
                        file,
                        torn: false,
                    });
                }
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
        let mut file = open_options().read(true).append(true).open(&path)?;
        let len = file.metadata()?.len();
        let torn = if len == 0 {
            false
        } else {
            let mut last = [0u8; 1];
            file.seek(SeekFrom::Start(len - 1))?;
            file.read_exact(&mut last)?;
            last[0] != b'\n'
        };
        Ok(Self {
            id: id.to_owned(),
            path,
            file,
            torn,
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
        let mut line = Vec::new();
        if self.torn {
            // Finish the torn line so this record starts on its own.
            line.push(b'\n');
        }
        serde_json::to_writer(&mut line, &rec).map_err(std::io::Error::other)?;
        line.push(b'\n');
        // A failed write may leave part of the line behind: the next append starts afresh.
        self.torn = true;
        self.file.write_all(&line)?;
        self.file.sync_data()?;
        self.torn = false;
        crate::workflow::test_hook(step, phase);
        Ok(())
    }
}

/// A journal as read: its records, and the lines that were not records.
#[derive(Debug, Clone, Default)]
pub struct Contents {
    /// Records in order.
    pub records: Vec<Record>,
    /// `line N: why` for every line skipped.
    pub skipped: Vec<String>,
}

/// Reads every record of a journal file; lines that are not records are skipped and named.
///
/// # Errors
/// I/O errors opening the file, a file that is not a regular file, or one past
/// [`MAX_JOURNAL_BYTES`].
pub fn read(path: &Path) -> std::io::Result<Contents> {
    let mut f = open_options().read(true).open(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    if meta.len() > MAX_JOURNAL_BYTES {
        return Err(std::io::Error::other(format!(
            "{} bytes, more than a journal holds ({MAX_JOURNAL_BYTES})",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    std::io::Read::take(&mut f, MAX_JOURNAL_BYTES).read_to_end(&mut bytes)?;
    Ok(parse(&bytes))
}

/// The records in journal text (see [`read`]).
pub fn parse(bytes: &[u8]) -> Contents {
    let mut out = Contents::default();
    let n_lines = bytes.split(|b| *b == b'\n').count();
    for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Record>(line) {
            Ok(r) => out.records.push(r),
            Err(e) => {
                let why = if std::str::from_utf8(line).is_err() {
                    "not UTF-8".to_owned()
                } else if i + 1 == n_lines {
                    "a torn last record (the process died while writing it)".to_owned()
                } else {
                    e.to_string()
                };
                out.skipped.push(format!("line {}: skipped, {why}", i + 1));
            }
        }
    }
    out
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
    /// Lines of the journal that were not records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<String>,
}

/// The newest replacement that did not complete (interrupted, or stopped to be resumed):
/// what `raidctl resume` without an id continues.
pub fn resumable(state_dir: &Path) -> Option<String> {
    list(state_dir)
        .into_iter()
        .rev()
        .find(|s| s.id.contains("-replace-drive-") && s.last != "finish completed")
        .map(|s| s.id)
}

/// Lists journals, oldest first. A journal that cannot be read at all is listed with why.
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
            let id = p.file_stem()?.to_string_lossy().into_owned();
            Some(match read(p) {
                Ok(r) => match r.records.last() {
                    Some(last) => Summary {
                        id,
                        last: format!("{} {}", last.step, last.phase),
                        finished: last.step == "finish",
                        detail: last.detail.clone(),
                        skipped: r.skipped,
                    },
                    None => Summary {
                        id,
                        last: "-".into(),
                        finished: false,
                        detail: "no readable record".into(),
                        skipped: r.skipped,
                    },
                },
                Err(e) => Summary {
                    id,
                    last: "-".into(),
                    finished: false,
                    detail: format!("unreadable: {e}"),
                    skipped: Vec::new(),
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_two(d: &Path) -> Journal {
        let mut j = Journal::create(d, "replace-drive", "a0-[32:4]").unwrap();
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
        j
    }

    #[test]
    fn write_read_and_torn_tail() {
        let d = tempfile::tempdir().unwrap();
        let j = write_two(d.path());
        std::fs::OpenOptions::new()
            .append(true)
            .open(j.path())
            .unwrap()
            .write_all(b"{\"at\":1,\"st")
            .unwrap();
        let r = read(j.path()).unwrap();
        assert_eq!(r.records.len(), 2);
        assert_eq!(r.records[1].state, Some(serde_json::json!({"k": 1})));
        assert_eq!(r.skipped.len(), 1);
        assert!(r.skipped[0].contains("torn"), "{:?}", r.skipped);
        assert_eq!(list(d.path()).len(), 1);
        // The next append starts on its own line: nothing is glued to the torn record.
        let mut j = Journal::open(d.path(), &j.id).unwrap();
        j.write("finish", "stopped", None, "after the tear", None)
            .unwrap();
        let r = read(j.path()).unwrap();
        assert_eq!(r.records.len(), 3);
        assert_eq!(r.records[2].detail, "after the tear");
    }

    /// A bad line in the middle (not UTF-8, or not JSON) hides nothing after it.
    #[test]
    fn a_bad_line_hides_nothing_after_it() {
        let d = tempfile::tempdir().unwrap();
        let j = write_two(d.path());
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(j.path())
            .unwrap();
        f.write_all(b"\xff\xfe garbage\n").unwrap();
        f.write_all(b"not json either\n").unwrap();
        drop(f);
        let mut j = Journal::open(d.path(), &j.id).unwrap();
        j.write("await-pull", "verified", None, "later", None)
            .unwrap();
        let r = read(j.path()).unwrap();
        assert_eq!(r.records.len(), 3);
        assert_eq!(r.records[2].step, "await-pull");
        assert_eq!(r.skipped.len(), 2);
        assert!(r.skipped[0].starts_with("line 3:") && r.skipped[0].contains("UTF-8"));
        // As the first line too.
        let p = dir(d.path()).join("9-replace-drive-x.jsonl");
        let good = std::fs::read(j.path()).unwrap();
        let mut bytes = b"\xc3\x28\n".to_vec();
        bytes.extend(good);
        std::fs::write(&p, bytes).unwrap();
        let r = read(&p).unwrap();
        assert_eq!(r.records.len(), 3);
        let listed = list(d.path());
        assert!(
            listed
                .iter()
                .any(|s| s.id == "9-replace-drive-x" && s.last == "await-pull verified")
        );
    }

    #[test]
    fn journals_are_private_and_never_followed() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let j = write_two(d.path());
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(j.path()), 0o600);
        assert_eq!(mode(&dir(d.path())), 0o700);
        let target = d.path().join("elsewhere");
        std::fs::write(&target, "x").unwrap();
        let link = dir(d.path()).join("1-link.jsonl");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(Journal::open(d.path(), "1-link").is_err());
        assert!(read(&link).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "x");
    }
}
