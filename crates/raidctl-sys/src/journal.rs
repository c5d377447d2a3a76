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
        // `resume` acts on what the journal says: only the caller's or root's own file.
        let mut file = crate::fsutil::open_own_append(&path)?;
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
        test_hook(step, phase);
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
    // What `resume` and `workflows` act on: never through a link, and only the caller's or
    // root's own file that nobody else may write.
    let cap = usize::try_from(MAX_JOURNAL_BYTES).unwrap_or(usize::MAX);
    let bytes = crate::fsutil::read_own(path, cap).map_err(|e| {
        if e.to_string().contains("larger than") {
            std::io::Error::other(format!(
                "more than a journal holds ({MAX_JOURNAL_BYTES} bytes)"
            ))
        } else {
            e
        }
    })?;
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

/// How a journal ended, as `raidctl workflows` groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// No `finish` record: the process died or was killed mid-way (resume goes on).
    Interrupted,
    /// Stopped safely after it had changed something (resume goes on once resolved).
    Stopped,
    /// Stopped before any change (a guard, a refusal, no confirmation).
    Refused,
    /// Done and verified.
    Completed,
    /// Set aside by the operator (`raidctl workflows dismiss ID`).
    Dismissed,
    /// No readable record at all.
    Unreadable,
}

impl Ending {
    /// The word tables show.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Interrupted => "interrupted",
            Self::Stopped => "stopped",
            Self::Refused => "refused",
            Self::Completed => "completed",
            Self::Dismissed => "dismissed",
            Self::Unreadable => "unreadable",
        }
    }
}

/// Summary of one journal for `raidctl workflows`.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Workflow id.
    pub id: String,
    /// Last step and phase.
    pub last: String,
    /// Whether it completed: true only when `ending` is `completed`. A stopped, refused or
    /// dismissed journal has a `finish` record too, but its work is not done (a stopped
    /// replacement waits for `raidctl resume`), so a consumer testing this field is never told
    /// otherwise.
    pub finished: bool,
    /// How it ended: `interrupted`, `stopped`, `refused`, `completed`, `dismissed` or
    /// `unreadable`.
    pub ending: Ending,
    /// When its last record was written, seconds since the epoch (0: none).
    pub at: u64,
    /// Last detail line.
    pub detail: String,
    /// The adapter, bay and serial its state names (replacements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<u32>,
    /// The bay.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drive: Option<raidctl_model::DriveAddress>,
    /// The serial of the drive it works on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serial: Option<String>,
    /// `raidctl resume ID` for a replacement or change that did not complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resume: Option<String>,
    /// Lines of the journal that were not records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<String>,
}

impl Summary {
    /// The workflow's name (`replace-drive`, `locate`, ...) from the id
    /// (`<epoch>-<workflow>-<target>`).
    pub fn workflow(&self) -> &str {
        let rest = self.id.split_once('-').map_or("", |(_, r)| r);
        KNOWN
            .iter()
            .find(|w| rest.starts_with(&format!("{w}-")))
            .copied()
            .unwrap_or_else(|| rest.split('-').next().unwrap_or(""))
    }

    /// A replacement that is not over: interrupted or stopped (not refused, completed or
    /// dismissed), i.e. one whose drive, OSD or bay may be half-way.
    pub fn unfinished(&self) -> bool {
        self.workflow() == "replace-drive"
            && matches!(self.ending, Ending::Interrupted | Ending::Stopped)
    }
}

/// Workflow names with a `-` of their own, longest first (ids are `<epoch>-<name>-<target>`).
const KNOWN: &[&str] = &[
    "replace-drive",
    "pd-make-good",
    "pd-offline",
    "pd-online",
    "foreign-import",
    "foreign-clear",
    "hotspare-add",
    "hotspare-remove",
    "rebuild-start",
    "rebuild-stop",
    "adapter-setting",
    "ld-create",
    "ld-delete",
    "ld-set",
    "osd-prep",
    "qualify-cache",
];

/// The newest workflow that did not complete and can go on: a replacement (interrupted, or
/// stopped to be resumed) or a change (raidctl-core's `workflow::change`) that was interrupted or
/// stopped after it had changed something; what `raidctl resume` without an id continues.
pub fn resumable(state_dir: &Path) -> Option<String> {
    let open: Vec<String> = unfinished(state_dir).into_iter().map(|s| s.id).collect();
    list(state_dir)
        .into_iter()
        .find(|s| open.contains(&s.id) || (s.resume.is_some() && s.workflow() != "replace-drive"))
        .map(|s| s.id)
}

/// The replacements that are not over, newest first; one superseded by a later replacement
/// of the same drive that completed is over.
pub fn unfinished(state_dir: &Path) -> Vec<Summary> {
    let all = list(state_dir);
    // `<epoch>-replace-drive-<adapter and bay>`: the same drive without the time.
    let target = |s: &Summary| s.id.split_once('-').map(|(_, t)| t.to_owned());
    all.iter()
        .enumerate()
        .filter(|(_, s)| s.unfinished())
        .filter(|(i, s)| {
            // Newer ones come first in `all`.
            !all[..*i].iter().any(|n| {
                n.workflow() == "replace-drive"
                    && n.ending == Ending::Completed
                    && target(n) == target(s)
            })
        })
        .map(|(_, s)| s.clone())
        .collect()
}

/// How the records end: a `finish` record says; without one the process died. A stop is a
/// refusal when no step that changes something was carried out before it.
fn ending(records: &[Record]) -> Ending {
    let Some(last) = records.last() else {
        return Ending::Unreadable;
    };
    if last.step != "finish" {
        return Ending::Interrupted;
    }
    match last.phase.as_str() {
        "completed" => Ending::Completed,
        "dismissed" => Ending::Dismissed,
        _ if records
            .iter()
            .any(|r| r.phase == "done" && r.step != "start" && r.step != "finish") =>
        {
            Ending::Stopped
        }
        _ if records.iter().any(|r| r.command.is_some()) => Ending::Stopped,
        _ => Ending::Refused,
    }
}

/// Sets a journal aside: `status` and `check` stop showing it and `resume` without an id
/// skips it. The record says who did it; nothing on the controller changes.
///
/// # Errors
/// No such journal, or it cannot be written.
pub fn dismiss(state_dir: &Path, id: &str) -> Result<Summary, String> {
    if id.is_empty() || id.contains('/') || id.starts_with('.') {
        return Err(format!(
            "{id:?} is not a journal id (see `raidctl workflows`)"
        ));
    }
    let found = list(state_dir).into_iter().find(|s| s.id == id);
    match found {
        None => Err(format!(
            "no journal {id} in {} (see `raidctl workflows`)",
            dir(state_dir).display()
        )),
        Some(s) if s.ending == Ending::Completed || s.ending == Ending::Dismissed => Err(format!(
            "{id} is {} already: nothing to dismiss",
            s.ending.as_str()
        )),
        Some(_) => {
            let mut j = Journal::open(state_dir, id).map_err(|e| format!("{id}: {e}"))?;
            j.write(
                "finish",
                "dismissed",
                None,
                "dismissed by the operator (raidctl workflows dismiss)",
                None,
            )
            .map_err(|e| format!("{id}: {e}"))?;
            list(state_dir)
                .into_iter()
                .find(|s| s.id == id)
                .ok_or_else(|| format!("{id}: gone after the write"))
        }
    }
}

/// Lists journals, newest first. A journal that cannot be read at all is listed with why.
pub fn list(state_dir: &Path) -> Vec<Summary> {
    let Ok(entries) = std::fs::read_dir(dir(state_dir)) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    // Ids start with the creation time: newest first, as operators read a log.
    paths.sort_by_key(|p| {
        let stem = p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let epoch: u64 = stem
            .split('-')
            .next()
            .and_then(|e| e.parse().ok())
            .unwrap_or(0);
        std::cmp::Reverse((epoch, stem))
    });
    paths
        .iter()
        .filter_map(|p| {
            let id = p.file_stem()?.to_string_lossy().into_owned();
            let mut change = false;
            let mut s = match read(p) {
                Ok(r) => {
                    let ending = ending(&r.records);
                    let state = r.records.iter().rev().find_map(|x| x.state.as_ref());
                    let field = |k: &str| state.and_then(|st| st.get(k)).cloned();
                    // A change's state (`ld create`, hot spares, osd-prep...): resumable.
                    change = field("change").is_some();
                    let mut s = Summary {
                        id,
                        last: "-".into(),
                        finished: false,
                        ending,
                        at: 0,
                        detail: "no readable record".into(),
                        adapter: field("adapter").and_then(|v| serde_json::from_value(v).ok()),
                        drive: field("drive").and_then(|v| serde_json::from_value(v).ok()),
                        serial: field("serial").and_then(|v| serde_json::from_value(v).ok()),
                        resume: None,
                        skipped: r.skipped,
                    };
                    if let Some(last) = r.records.last() {
                        s.last = format!("{} {}", last.step, last.phase);
                        s.finished = ending == Ending::Completed;
                        s.at = last.at;
                        s.detail.clone_from(&last.detail);
                    }
                    s
                }
                Err(e) => Summary {
                    id,
                    last: "-".into(),
                    finished: false,
                    ending: Ending::Unreadable,
                    at: 0,
                    detail: format!("unreadable: {e}"),
                    adapter: None,
                    drive: None,
                    serial: None,
                    resume: None,
                    skipped: Vec::new(),
                },
            };
            let change_open = change && matches!(s.ending, Ending::Interrupted | Ending::Stopped);
            if s.unfinished() || change_open {
                s.resume = Some(format!("raidctl resume {}", s.id));
            }
            Some(s)
        })
        .collect()
}

/// Test hook: `RAIDCTL_TEST_CRASH_AT=step:phase` aborts the process right after that journal
/// record is synced, to test `raidctl resume` after a crash at every step.
pub fn test_hook(step: &str, phase: &str) {
    if let Ok(at) = std::env::var("RAIDCTL_TEST_CRASH_AT") {
        if at == format!("{step}:{phase}") {
            std::process::abort();
        }
    }
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

    /// Interrupted, stopped, refused and completed are told apart; a later completed
    /// replacement of the same drive ends an earlier stopped one; a dismissed one is over.
    #[test]
    fn endings_and_what_is_unfinished() {
        let d = tempfile::tempdir().unwrap();
        let jd = dir(d.path());
        make_dir(&jd).unwrap();
        let put = |id: &str, lines: &[&str]| {
            std::fs::write(jd.join(format!("{id}.jsonl")), lines.join("\n") + "\n").unwrap();
        };
        let start = r#"{"at":1,"step":"start","phase":"started","detail":""}"#;
        let ran = r#"{"at":2,"step":"offline","phase":"done","detail":""}"#;
        let stop = r#"{"at":3,"step":"finish","phase":"stopped","detail":"new drive too small"}"#;
        let done = r#"{"at":4,"step":"finish","phase":"completed","detail":"replaced"}"#;
        put("100-replace-drive-a0--32-4-", &[start, ran]);
        put("200-replace-drive-a0--32-5-", &[start, ran, stop]);
        put("300-replace-drive-a0--32-6-", &[start, stop]);
        put("400-replace-drive-a0--32-7-", &[start, ran, stop]);
        put("500-replace-drive-a0--32-7-", &[start, ran, done]);
        put("600-locate-a0--32-4-", &[start]);
        let l = list(d.path());
        let ids: Vec<&str> = l.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids[0], "600-locate-a0--32-4-", "newest first: {ids:?}");
        let of = |id: &str| l.iter().find(|s| s.id == id).unwrap().clone();
        assert_eq!(
            of("100-replace-drive-a0--32-4-").ending,
            Ending::Interrupted
        );
        assert_eq!(of("200-replace-drive-a0--32-5-").ending, Ending::Stopped);
        assert_eq!(of("300-replace-drive-a0--32-6-").ending, Ending::Refused);
        assert_eq!(of("500-replace-drive-a0--32-7-").ending, Ending::Completed);
        // `finished` is true for the completed one only: a stopped or refused journal has a
        // `finish` record but its work is not done.
        let finished: Vec<&str> = l
            .iter()
            .filter(|s| s.finished)
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(finished, ["500-replace-drive-a0--32-7-"]);
        assert_eq!(of("600-locate-a0--32-4-").workflow(), "locate");
        assert_eq!(
            of("200-replace-drive-a0--32-5-").resume.as_deref(),
            Some("raidctl resume 200-replace-drive-a0--32-5-")
        );
        // 400 was redone by 500; a locate is never "unfinished".
        let u: Vec<String> = unfinished(d.path()).into_iter().map(|s| s.id).collect();
        assert_eq!(
            u,
            ["200-replace-drive-a0--32-5-", "100-replace-drive-a0--32-4-"]
        );
        assert_eq!(
            resumable(d.path()).as_deref(),
            Some("200-replace-drive-a0--32-5-")
        );
        let s = dismiss(d.path(), "200-replace-drive-a0--32-5-").unwrap();
        assert_eq!((s.ending, s.resume), (Ending::Dismissed, None));
        assert!(dismiss(d.path(), "200-replace-drive-a0--32-5-").is_err());
        assert!(dismiss(d.path(), "../x").is_err());
        assert!(
            dismiss(d.path(), "999-none")
                .unwrap_err()
                .contains("no journal")
        );
        assert_eq!(
            resumable(d.path()).as_deref(),
            Some("100-replace-drive-a0--32-4-")
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
