//! `manifest.json`: what the bundle holds, how each item was produced, and the hash of every
//! stored file.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

/// Layout version of `manifest.json`.
pub const MANIFEST_SCHEMA: u32 = 1;

/// The whole manifest.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Manifest {
    /// Layout version.
    pub schema_version: u32,
    /// raidctl version that wrote the bundle.
    pub raidctl_version: String,
    /// Command line of the run.
    pub command_line: Vec<String>,
    /// Collection level.
    pub level: String,
    /// `--since` window in seconds.
    pub since_secs: u64,
    /// Start (RFC 3339, UTC).
    pub started_at: String,
    /// End (RFC 3339, UTC).
    pub ended_at: String,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
    /// Facts about the host.
    pub host: HostFacts,
    /// The backend whose tool produced the controller items (`megacli`, `storcli`,
    /// `perccli`, `omreport`...): also the directory they are stored in.
    #[serde(default = "default_backend")]
    pub backend: String,
    /// Versions of the vendor tool and of each controller's firmware and driver.
    #[serde(default)]
    pub tool_versions: BTreeMap<String, String>,
    /// Limits and options in force.
    pub options: BTreeMap<String, String>,
    /// Redaction: substitutions per class over the whole bundle (empty when off).
    pub redactions: BTreeMap<String, u64>,
    /// Stored files that could not be redacted (not UTF-8) and were left as they are.
    pub redaction_skipped: Vec<String>,
    /// Every item, in collection order.
    pub items: Vec<Item>,
}

/// Bundles written before the manifest named its backend were all MegaCli's.
fn default_backend() -> String {
    "megacli".to_owned()
}

/// Host facts.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct HostFacts {
    /// Hostname (a token when hostnames are redacted).
    pub hostname: String,
    /// Kernel release.
    pub kernel: String,
    /// CPU architecture.
    pub arch: String,
    /// Effective user id of the collector.
    pub euid: u32,
    /// MegaCli binary used, if any.
    pub megacli: Option<String>,
    /// Simulated controller (`--sim`): the simulator's state directory.
    pub simulated: bool,
    /// Tools looked up on `PATH`: name → path, or null when missing.
    pub tools: BTreeMap<String, Option<String>>,
}

/// One item: a command, a copied file or a file raidctl derived.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Item {
    /// Stable id (`megacli/a0/events`, `host/lspci`...).
    pub id: String,
    /// `command`, `file` or `derived`.
    pub kind: String,
    /// Adapter the item concerns, if one.
    pub adapter: Option<u32>,
    /// Exact argv (commands).
    pub argv: Vec<String>,
    /// Source path (copied files).
    pub source: Option<String>,
    /// Scratch working directory the command ran in (relative to the staging directory).
    pub cwd: Option<String>,
    /// Start (RFC 3339, UTC).
    pub started_at: Option<String>,
    /// End (RFC 3339, UTC).
    pub ended_at: Option<String>,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
    /// Process exit status.
    pub exit_code: Option<i32>,
    /// Signal that ended the process.
    pub signal: Option<i32>,
    /// Killed at its deadline.
    pub timed_out: bool,
    /// Did not die when killed (uninterruptible sleep): abandoned.
    pub hung: bool,
    /// The tool's own status (MegaCli's `Exit Code: 0x..` trailer, storcli's `Status`) and
    /// its interpretation.
    pub tool_status: Option<ToolStatus>,
    /// A controller event or terminal log, triaged in `SUMMARY.md`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub triage: bool,
    /// Why the item did not run.
    pub skipped_reason: Option<String>,
    /// What went wrong, when it ran but failed.
    pub error: Option<String>,
    /// Notes (droppings removed, bitmask exit statuses...).
    pub notes: Vec<String>,
    /// Stored files.
    pub outputs: Vec<Output>,
    /// Substitutions per redaction class in this item's files.
    pub redactions: BTreeMap<String, u64>,
}

/// The tool's own status.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ToolStatus {
    /// As printed (`0x00`).
    pub raw: String,
    /// raidctl's reading of it.
    pub meaning: String,
}

/// One stored file.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Output {
    /// Path inside the bundle's top-level directory.
    pub path: String,
    /// `stdout`, `stderr`, `file`.
    pub stream: String,
    /// Bytes stored.
    pub bytes: u64,
    /// Bytes the source produced before truncation.
    pub original_bytes: u64,
    /// The head was cut at the per-item or total limit.
    pub truncated: bool,
    /// SHA-256 of the stored file (hex).
    pub sha256: String,
}

impl Item {
    /// Did the item fail (skipped items are not failures)?
    pub fn failed(&self) -> bool {
        self.error.is_some()
            || self.timed_out
            || self.hung
            || self.signal.is_some()
            || (self.kind == "command" && self.exit_code.is_none() && self.skipped_reason.is_none())
    }
}

/// RFC 3339 UTC with milliseconds.
pub fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (y, mo, da, h, mi, s) = crate::model::civil_utc(secs);
    format!(
        "{y:04}-{mo:02}-{da:02}T{h:02}:{mi:02}:{s:02}.{:03}Z",
        d.subsec_millis()
    )
}

/// Compact UTC stamp for file names (`20260830T101500Z`).
pub fn stamp(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
    let (y, mo, da, h, mi, s) = crate::model::civil_utc(secs);
    format!("{y:04}{mo:02}{da:02}T{h:02}{mi:02}{s:02}Z")
}

/// SHA-256 of a file, hex.
///
/// # Errors
/// When the file cannot be read.
pub fn sha256_file(path: &std::path::Path) -> std::io::Result<String> {
    use sha2::Digest;
    use std::io::Read;
    let mut f = std::fs::File::open(path)?;
    let mut h = sha2::Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(buf.get(..n).unwrap_or_default());
    }
    Ok(hex(&h.finalize()))
}

/// SHA-256 of bytes, hex.
pub fn sha256_bytes(b: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(b))
}

fn hex(b: &[u8]) -> String {
    use std::fmt::Write;
    b.iter().fold(String::with_capacity(64), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        assert_eq!(crate::model::civil_utc(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(crate::model::civil_utc(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(
            crate::model::unix_seconds(2000, 2, 29, 0, 0, 0),
            951_782_400
        );
        assert_eq!(
            crate::model::unix_seconds(2024, 12, 31, 23, 59, 59),
            1_735_689_599
        );
        assert_eq!(
            sha256_bytes(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
