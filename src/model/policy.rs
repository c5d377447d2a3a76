//! A VD's cache policies as typed values, read from whatever text the tool printed: MegaCli's
//! `WriteBack, ReadAheadNone, Direct, No Write Cache if Bad BBU`, storcli's compact `RWBD` /
//! `NRWTD` / `RAWBC`, OpenManage's `Write Back, No Read Ahead, Direct I/O`, and the disk cache
//! policy (`Disk's Default`, `Enabled`, `Disabled`). Recreating a VD as it was and comparing a
//! VD with its siblings both need the policy, not the words.

use super::LogicalDrive;
use serde::{Deserialize, Serialize};

/// When the controller acknowledges a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WritePolicy {
    /// After the write reached the drives.
    WriteThrough,
    /// From the cache; write-through while the battery is bad.
    WriteBack,
    /// From the cache even with a bad battery (`Write Cache OK if Bad BBU`, `AWB`, OMSA's
    /// `Force Write Back`).
    AlwaysWriteBack,
}

/// Read-ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadPolicy {
    /// No read-ahead.
    NoReadAhead,
    /// Always read ahead.
    ReadAhead,
    /// Adaptive read-ahead.
    Adaptive,
}

/// Whether reads go through the controller cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IoPolicy {
    /// Direct I/O.
    Direct,
    /// Cached I/O.
    Cached,
}

/// The drives' own (volatile) write cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiskCache {
    /// Left as the drive has it (`Disk's Default`, OMSA `Unchanged`).
    Default,
    /// Enabled.
    Enabled,
    /// Disabled.
    Disabled,
}

/// A VD's policies; `None` where the tool did not say.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VdPolicy {
    /// Write policy.
    pub write: Option<WritePolicy>,
    /// Read policy.
    pub read: Option<ReadPolicy>,
    /// I/O policy.
    pub io: Option<IoPolicy>,
    /// Disk cache policy.
    pub disk_cache: Option<DiskCache>,
}

fn squash(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl VdPolicy {
    /// The configured policy of `ld`: its default cache policy where the tool prints one (the
    /// current one falls back to write-through while a battery learns), else the current one.
    pub fn of(ld: &LogicalDrive) -> Self {
        let text = ld
            .default_cache_policy
            .as_deref()
            .or(ld.current_cache_policy.as_deref())
            .unwrap_or("");
        let mut p = Self::parse_cache(text);
        // storcli has no default policy but keeps the configured write policy apart.
        if ld.default_cache_policy.is_none() {
            if let Some(w) = ld
                .extra
                .get("Write Cache(initial setting)")
                .and_then(|t| Self::parse_cache(t).write)
            {
                if p.write != Some(WritePolicy::AlwaysWriteBack) || w == WritePolicy::WriteThrough {
                    p.write = Some(w);
                }
            }
        }
        p.disk_cache = ld.disk_cache_policy.as_deref().and_then(parse_disk_cache);
        p
    }

    /// Reads a cache policy text of any tool (see the module doc).
    pub fn parse_cache(text: &str) -> Self {
        let mut p = Self::default();
        let words: Vec<String> = text
            .split(',')
            .map(squash)
            .filter(|w| !w.is_empty())
            .collect();
        if let [one] = words.as_slice() {
            if let Some(c) = compact(one) {
                return c;
            }
        }
        let mut bad_bbu_ok = false;
        for w in &words {
            match w.as_str() {
                "writethrough" | "wt" => p.write = Some(WritePolicy::WriteThrough),
                "writeback" | "wb" => p.write = Some(WritePolicy::WriteBack),
                "alwayswriteback" | "forcewriteback" | "awb" | "fwb" => {
                    p.write = Some(WritePolicy::AlwaysWriteBack);
                }
                "writecacheokifbadbbu" | "cachedbadbbu" => bad_bbu_ok = true,
                "readaheadnone" | "noreadahead" | "readnone" | "nora" => {
                    p.read = Some(ReadPolicy::NoReadAhead);
                }
                "readahead" | "readaheadalways" | "alwaysreadahead" | "ra" => {
                    p.read = Some(ReadPolicy::ReadAhead);
                }
                "readadaptive" | "adaptivereadahead" | "adaptive" | "adra" | "ara" => {
                    p.read = Some(ReadPolicy::Adaptive);
                }
                "direct" | "directio" => p.io = Some(IoPolicy::Direct),
                "cached" | "cachedio" | "cacheio" => p.io = Some(IoPolicy::Cached),
                _ => {}
            }
        }
        if bad_bbu_ok && p.write == Some(WritePolicy::WriteBack) {
            p.write = Some(WritePolicy::AlwaysWriteBack);
        }
        p
    }

    /// `WB,NORA,Direct,disk cache off`: short enough for a problem line; what the tool did
    /// not print is left out.
    pub fn short(&self) -> String {
        let mut v: Vec<&str> = Vec::new();
        v.extend(self.write.map(|w| match w {
            WritePolicy::WriteThrough => "WT",
            WritePolicy::WriteBack => "WB",
            WritePolicy::AlwaysWriteBack => "AWB",
        }));
        v.extend(self.read.map(|r| match r {
            ReadPolicy::NoReadAhead => "NORA",
            ReadPolicy::ReadAhead => "RA",
            ReadPolicy::Adaptive => "ADRA",
        }));
        v.extend(self.io.map(|i| match i {
            IoPolicy::Direct => "Direct",
            IoPolicy::Cached => "Cached",
        }));
        v.extend(self.disk_cache.map(|d| match d {
            DiskCache::Default => "disk cache default",
            DiskCache::Enabled => "disk cache on",
            DiskCache::Disabled => "disk cache off",
        }));
        if v.is_empty() {
            return "policy unknown".to_owned();
        }
        v.join(",")
    }

    /// Whether the write and read policies are known (every tool prints them; the I/O
    /// policy and the disk cache are missing from some).
    pub fn is_complete(&self) -> bool {
        self.write.is_some() && self.read.is_some()
    }
}

/// storcli's one-word form: `[NR|R|AR]` + `WT|WB|AWB|FWB` + `D|C` (`RWBD`, `NRWTD`, `RAWBC`).
fn compact(w: &str) -> Option<VdPolicy> {
    let (io, rest) = if let Some(r) = w.strip_suffix('d') {
        (IoPolicy::Direct, r)
    } else if let Some(r) = w.strip_suffix('c') {
        (IoPolicy::Cached, r)
    } else {
        return None;
    };
    let (read, rest) = if let Some(r) = rest.strip_prefix("nr") {
        (ReadPolicy::NoReadAhead, r)
    } else if let Some(r) = rest.strip_prefix("ar") {
        (ReadPolicy::Adaptive, r)
    } else if let Some(r) = rest.strip_prefix('r') {
        (ReadPolicy::ReadAhead, r)
    } else {
        return None;
    };
    let write = match rest {
        "wt" => WritePolicy::WriteThrough,
        "wb" => WritePolicy::WriteBack,
        "awb" | "fwb" => WritePolicy::AlwaysWriteBack,
        _ => return None,
    };
    Some(VdPolicy {
        write: Some(write),
        read: Some(read),
        io: Some(io),
        disk_cache: None,
    })
}

/// `Disk's Default`, `Enabled`, `Disabled`, OMSA's `Unchanged`, storcli's `On`/`Off`.
pub fn parse_disk_cache(text: &str) -> Option<DiskCache> {
    match squash(text).as_str() {
        "disksdefault" | "default" | "unchanged" | "notapplicable" => Some(DiskCache::Default),
        "enabled" | "enable" | "on" | "yes" => Some(DiskCache::Enabled),
        "disabled" | "disable" | "off" | "no" => Some(DiskCache::Disabled),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_s_words() {
        let p =
            VdPolicy::parse_cache("WriteBack, ReadAheadNone, Direct, No Write Cache if Bad BBU");
        assert_eq!(p.write, Some(WritePolicy::WriteBack));
        assert_eq!(p.read, Some(ReadPolicy::NoReadAhead));
        assert_eq!(p.io, Some(IoPolicy::Direct));
        let p = VdPolicy::parse_cache("WriteBack, ReadAdaptive, Cached, Write Cache OK if Bad BBU");
        assert_eq!(p.write, Some(WritePolicy::AlwaysWriteBack));
        assert_eq!(p.read, Some(ReadPolicy::Adaptive));
        assert_eq!(p.io, Some(IoPolicy::Cached));
        for (text, w, r, io) in [
            (
                "RWBD",
                WritePolicy::WriteBack,
                ReadPolicy::ReadAhead,
                IoPolicy::Direct,
            ),
            (
                "NRWTD",
                WritePolicy::WriteThrough,
                ReadPolicy::NoReadAhead,
                IoPolicy::Direct,
            ),
            (
                "RAWBC",
                WritePolicy::AlwaysWriteBack,
                ReadPolicy::ReadAhead,
                IoPolicy::Cached,
            ),
            (
                "NRAWBD",
                WritePolicy::AlwaysWriteBack,
                ReadPolicy::NoReadAhead,
                IoPolicy::Direct,
            ),
        ] {
            let p = VdPolicy::parse_cache(text);
            assert_eq!(
                (p.write, p.read, p.io),
                (Some(w), Some(r), Some(io)),
                "{text}"
            );
        }
        let p = VdPolicy::parse_cache("Write Back, No Read Ahead, Direct I/O");
        assert_eq!(
            (p.write, p.read, p.io),
            (
                Some(WritePolicy::WriteBack),
                Some(ReadPolicy::NoReadAhead),
                Some(IoPolicy::Direct)
            )
        );
        assert_eq!(
            VdPolicy::parse_cache("Force Write Back, Adaptive Read Ahead").write,
            Some(WritePolicy::AlwaysWriteBack)
        );
        assert_eq!(VdPolicy::parse_cache("something new"), VdPolicy::default());
        assert_eq!(parse_disk_cache("Disk's Default"), Some(DiskCache::Default));
        assert_eq!(parse_disk_cache("Disabled"), Some(DiskCache::Disabled));
        assert_eq!(parse_disk_cache("?"), None);
    }

    #[test]
    fn the_default_policy_wins_over_the_current_one() {
        let ld = LogicalDrive {
            default_cache_policy: Some("WriteBack, ReadAhead, Direct".into()),
            current_cache_policy: Some("WriteThrough, ReadAhead, Direct".into()),
            disk_cache_policy: Some("Enabled".into()),
            ..LogicalDrive::default()
        };
        let p = VdPolicy::of(&ld);
        assert_eq!(p.write, Some(WritePolicy::WriteBack));
        assert_eq!(p.disk_cache, Some(DiskCache::Enabled));
        assert!(p.is_complete());
        assert_eq!(p.short(), "WB,RA,Direct,disk cache on");
    }
}
