//! `raidctl collect`'s flags: the options of [`crate::bundle::collect`] as a command line
//! takes them.

use super::args;
use crate::bundle::redact::Class;
use crate::bundle::{CollectOptions, Level};
use std::path::PathBuf;
use std::time::Duration;

/// Gather a support bundle: controller logs and inventory, SMART, host context and raidctl's
/// own view, in one verifiable `.tar.gz` with a manifest and a `.sha256` file.
#[derive(clap::Args, Debug, Clone)]
pub struct CollectArgs {
    /// Archive to write (default: raidctl-bundle-<host>-<UTC time>.tar.gz here; a directory
    /// puts it there).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// How much to collect: quick (logs and inventory), standard, deep (adds PHY counters,
    /// foreign previews, the tool's own diagnostic dump).
    #[arg(long, value_enum, default_value_t = Level::Standard)]
    pub level: Level,
    /// Kernel log and journal window, e.g. 7d, 12h, 30m (at most 3650d).
    #[arg(long, default_value = "7d", value_parser = args::since, value_name = "DURATION")]
    pub since: Duration,
    /// Redact these classes consistently (comma-separated: hostnames, ips, macs, serials).
    /// The mapping is written beside the archive with mode 0600, never inside it. Serial
    /// numbers are kept unless named, because RMAs need them.
    #[arg(long, value_delimiter = ',', value_parser = Class::parse, value_name = "CLASSES")]
    pub redact: Vec<Class>,
    /// Tail-truncate each stored output at this size (e.g. 25MiB, 512KiB).
    #[arg(long, default_value = "25MiB", value_parser = parse_bytes, value_name = "SIZE")]
    pub item_limit: u64,
    /// Cap on the bundle's uncompressed size.
    #[arg(long, default_value = "250MiB", value_parser = parse_bytes, value_name = "SIZE")]
    pub total_limit: u64,
    /// Overall time budget (at most 7d); commands not started by then are skipped.
    #[arg(long, default_value = "15m", value_parser = args::budget, value_name = "DURATION")]
    pub budget: Duration,
    /// Replace FILE (and its .sha256 and redaction map) when it exists; without it an
    /// existing file is never overwritten.
    #[arg(long)]
    pub force: bool,
    /// How long one command may run before it is killed (with its process group; at most
    /// 1d).
    #[arg(long, default_value = "3m", value_parser = args::timeout, value_name = "DURATION")]
    pub per_command_timeout: Duration,
}

/// Parses `25MiB`, `512KiB`, `1GiB`, `10MB` (also binary), `4096`.
///
/// # Errors
/// Anything else.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("bad size {s:?}: expected e.g. 25MiB"))?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        u => return Err(format!("bad size unit {u:?} in {s:?}: use KiB, MiB or GiB")),
    };
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let v = (n * mult as f64) as u64;
    Ok(v)
}

impl CollectArgs {
    /// The options these flags ask for.
    pub fn options(&self) -> CollectOptions {
        CollectOptions {
            output: self.output.clone(),
            level: self.level,
            since: self.since,
            redact: self.redact.clone(),
            item_limit: self.item_limit,
            total_limit: self.total_limit,
            budget: self.budget,
            per_command_timeout: self.per_command_timeout,
            force: self.force,
            ..CollectOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes() {
        assert_eq!(parse_bytes("25MiB").unwrap(), 25 << 20);
        assert_eq!(parse_bytes("512k").unwrap(), 512 << 10);
        assert_eq!(parse_bytes("4096").unwrap(), 4096);
        assert!(parse_bytes("5 parsecs").is_err());
    }
}
