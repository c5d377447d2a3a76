//! How the Ceph client reads what `ceph` and `ceph-volume` answered: exit statuses and their
//! messages, JSON documents, ceph-volume's listings entry by entry, and the verdicts of
//! `ok-to-stop` and `safe-to-destroy`. The text is the cluster's (or whoever answers in its
//! place): every reader returns a typed error or a note, never panics; `fuzz/` drives them.

use super::client::{CephError, EXIT_EAGAIN, EXIT_EBUSY, SafeToDestroy};
use super::types::{OkToStop, SafeToDestroyJson};
use crate::backend::runner::CmdOutput;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// `ceph-volume ... --format json`: an empty answer (no OSD) is `T`'s default.
///
/// # Errors
/// [`CephError::BadJson`].
pub fn volume_json<T: DeserializeOwned + Default>(out: &CmdOutput) -> Result<T, CephError> {
    if out.stdout.trim().is_empty() {
        return Ok(T::default());
    }
    json(out)
}

/// A ceph-volume listing read entry by entry ([`entries`]), `what` naming it in the notes.
///
/// # Errors
/// The answer is not a JSON object.
pub fn volume_entries<V: DeserializeOwned>(
    out: &CmdOutput,
    what: &str,
) -> Result<(BTreeMap<String, V>, Vec<String>), CephError> {
    let map: BTreeMap<String, serde_json::Value> = volume_json(out)?;
    Ok(entries(map, what))
}

/// `ceph osd ok-to-stop N -f json`: the JSON answer, also when it is "no" (exit 16).
///
/// # Errors
/// What [`check`] and [`json`] say.
pub fn ok_to_stop(out: &CmdOutput) -> Result<OkToStop, CephError> {
    if out.status == Some(EXIT_EBUSY) && !out.stdout.trim().is_empty() {
        return json(out);
    }
    check(out)?;
    json(out)
}

/// `ceph osd safe-to-destroy N -f json` for OSD `id`: Safe, NotYet or Unknown (the JSON form
/// exits 0 with the OSD in one of its lists; the plain form's exit 16/EBUSY "have K pgs
/// currently mapped" and 11/EAGAIN "cannot draw any conclusions" are read the same way).
///
/// # Errors
/// What [`check`] and [`json`] say.
pub fn safe_to_destroy(id: u32, out: &CmdOutput) -> Result<SafeToDestroy, CephError> {
    let message = out.stderr.trim().to_owned();
    match out.status {
        Some(EXIT_EBUSY) => {
            return Ok(SafeToDestroy::NotYet {
                pgs: pgs_mapped(&message),
                message,
            });
        }
        Some(EXIT_EAGAIN) => return Ok(SafeToDestroy::Unknown { message }),
        _ => {}
    }
    check(out)?;
    let j: SafeToDestroyJson = json(out)?;
    Ok(safe_from_json(id, &j))
}

/// Exit 0, or the typed error for what Ceph said.
///
/// # Errors
/// [`CephError::Unreachable`] or [`CephError::Refused`].
pub fn check(out: &CmdOutput) -> Result<(), CephError> {
    if out.status == Some(0) {
        return Ok(());
    }
    let argv = out.argv.join(" ");
    let message = out.stderr.trim().to_owned();
    let lower = message.to_ascii_lowercase();
    if lower.contains("error connecting to the cluster")
        || lower.contains("rados timed out")
        || lower.contains("error initializing cluster client")
        || lower.contains("monclient")
        // `--connect-timeout` running out: the CLI says only this.
        || lower.lines().last().is_some_and(|l| l.trim() == "timed out")
    {
        return Err(CephError::Unreachable { argv, message });
    }
    let errno = message
        .lines()
        .find_map(|l| l.trim().strip_prefix("Error "))
        .and_then(|r| r.split(':').next())
        .filter(|e| e.starts_with('E') && e.chars().all(|c| c.is_ascii_uppercase()))
        .map(str::to_owned);
    Err(CephError::Refused {
        argv,
        code: out.status.unwrap_or(-1),
        errno,
        message,
    })
}

/// The answer on standard output as `T`.
///
/// # Errors
/// [`CephError::BadJson`], with an excerpt.
pub fn json<T: DeserializeOwned>(out: &CmdOutput) -> Result<T, CephError> {
    serde_json::from_str(out.stdout.trim()).map_err(|e| CephError::BadJson {
        argv: out.argv.join(" "),
        reason: e.to_string(),
        excerpt: out.stdout.trim().chars().take(120).collect(),
    })
}

/// Each entry of a JSON object read on its own: the ones that do not fit `V` become notes
/// that name the command, the key (escaped: it is the tool's text) and why.
pub fn entries<V: DeserializeOwned>(
    map: BTreeMap<String, serde_json::Value>,
    what: &str,
) -> (BTreeMap<String, V>, Vec<String>) {
    let mut good = BTreeMap::new();
    let mut notes = Vec::new();
    for (k, v) in map {
        match serde_json::from_value::<V>(v) {
            Ok(x) => {
                good.insert(k, x);
            }
            Err(e) => notes.push(format!(
                "{what}: entry '{}' skipped: {e}",
                crate::escape::escape(&k.chars().take(64).collect::<String>())
            )),
        }
    }
    (good, notes)
}

/// K of `OSD(s) N have K pgs currently mapped to them`.
fn pgs_mapped(message: &str) -> Option<u64> {
    let words: Vec<&str> = message.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[1] == "pgs")
        .and_then(|w| w[0].parse().ok())
}

fn safe_from_json(id: u32, j: &SafeToDestroyJson) -> SafeToDestroy {
    if j.safe_to_destroy.contains(&id) {
        SafeToDestroy::Safe
    } else if j.missing_stats.contains(&id) {
        SafeToDestroy::Unknown {
            message: format!("osd.{id} has reported no PG stats yet"),
        }
    } else if j.active.contains(&id) {
        SafeToDestroy::NotYet {
            pgs: None,
            message: format!("osd.{id} is still active (PGs are mapped to it)"),
        }
    } else if j.stored_pgs.contains(&id) {
        SafeToDestroy::NotYet {
            pgs: None,
            message: format!("osd.{id} still stores PGs"),
        }
    } else {
        SafeToDestroy::Unknown {
            message: format!("osd.{id} is in none of safe-to-destroy's lists"),
        }
    }
}
