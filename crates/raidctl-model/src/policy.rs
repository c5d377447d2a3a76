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

/// One cache property of a VD, as `raidctl ld set` changes it: every tool sets one property
/// per command (MegaCli `-LDSetProp WT`, storcli `set wrcache=wt`, omconfig
/// `action=changepolicy writepolicy=wt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "property", content = "value", rename_all = "snake_case")]
pub enum CacheSetting {
    /// The write policy.
    Write(WritePolicy),
    /// Read-ahead.
    Read(ReadPolicy),
    /// The I/O policy.
    Io(IoPolicy),
    /// The drives' own write cache.
    DiskCache(DiskCache),
    /// Whether a write-back VD keeps writing back while the battery is bad (MegaCli keeps
    /// this flag apart from the write policy: `CachedBadBBU`/`NoCachedBadBBU`; the other
    /// tools fold it into theirs).
    WriteBackOnBadBbu(bool),
}

impl CacheSetting {
    /// `write WT`, `disk cache off`: what the plan and the journal say.
    pub fn describe(&self) -> String {
        let p = |v: VdPolicy| v.short();
        match *self {
            Self::Write(w) => format!(
                "write {}",
                p(VdPolicy {
                    write: Some(w),
                    ..VdPolicy::default()
                })
            ),
            Self::Read(r) => format!(
                "read {}",
                p(VdPolicy {
                    read: Some(r),
                    ..VdPolicy::default()
                })
            ),
            Self::Io(i) => format!(
                "I/O {}",
                p(VdPolicy {
                    io: Some(i),
                    ..VdPolicy::default()
                })
            ),
            Self::DiskCache(d) => p(VdPolicy {
                disk_cache: Some(d),
                ..VdPolicy::default()
            }),
            Self::WriteBackOnBadBbu(true) => "write back while the battery is bad".to_owned(),
            Self::WriteBackOnBadBbu(false) => "no write cache while the battery is bad".to_owned(),
        }
    }
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
                // storcli2's comma-separated codes (`NR,WB`, `R,WB,D`).
                "nr" => p.read = Some(ReadPolicy::NoReadAhead),
                "r" => p.read = Some(ReadPolicy::ReadAhead),
                "direct" | "directio" | "d" => p.io = Some(IoPolicy::Direct),
                "cached" | "cachedio" | "cacheio" | "c" => p.io = Some(IoPolicy::Cached),
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

    /// The `raidctl ld set` options that give this VD `want` where the two differ (in the
    /// parts the tool printed for both): what `vd-sibling-policy` suggests. `None` when
    /// nothing raidctl sets differs (write-back regardless of the battery is not offered).
    pub fn ld_set_options(&self, want: &VdPolicy) -> Option<String> {
        let mut v: Vec<&str> = Vec::new();
        if self.write.is_some() && self.write != want.write {
            match want.write {
                Some(WritePolicy::WriteThrough) => v.push("--write wt"),
                Some(WritePolicy::WriteBack) => v.push("--write wb"),
                _ => {}
            }
        }
        if self.read.is_some() && self.read != want.read {
            match want.read {
                Some(ReadPolicy::NoReadAhead) => v.push("--read nora"),
                Some(ReadPolicy::ReadAhead) => v.push("--read ra"),
                Some(ReadPolicy::Adaptive) => v.push("--read adra"),
                None => {}
            }
        }
        if self.io.is_some() && self.io != want.io {
            match want.io {
                Some(IoPolicy::Direct) => v.push("--io direct"),
                Some(IoPolicy::Cached) => v.push("--io cached"),
                None => {}
            }
        }
        if self.disk_cache.is_some() && self.disk_cache != want.disk_cache {
            match want.disk_cache {
                Some(DiskCache::Enabled) => v.push("--pdcache on"),
                Some(DiskCache::Disabled) => v.push("--pdcache off"),
                Some(DiskCache::Default) => v.push("--pdcache default"),
                None => {}
            }
        }
        (!v.is_empty()).then(|| v.join(" "))
    }

    /// Whether the write and read policies are known (every tool prints them; the I/O
    /// policy and the disk cache are missing from some).
    pub fn is_complete(&self) -> bool {
        self.write.is_some() && self.read.is_some()
    }
}

/// The write policy as the status JSON names it (`unknown` where the text did not say).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CacheWrite {
    /// `WriteBack`, `WB`, `Write Back`.
    WriteBack,
    /// `WriteThrough`, `WT`, `Write Through`.
    WriteThrough,
    /// `AWB`, `FWB`, `Force Write Back`, MegaCli's `WriteBack … Write Cache OK if Bad BBU`.
    AlwaysWriteBack,
    /// Not said, or not understood.
    #[default]
    #[serde(other)]
    Unknown,
}

/// Read-ahead as the status JSON names it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CacheRead {
    /// `ReadAhead`, `R`, `RA`, `Read Ahead`.
    ReadAhead,
    /// `ReadAheadNone`, `NR`, `NORA`, `No Read Ahead`.
    NoReadAhead,
    /// `ReadAdaptive`, `ADRA`, `Adaptive Read Ahead`.
    Adaptive,
    /// Not said, or not understood.
    #[default]
    #[serde(other)]
    Unknown,
}

/// The I/O policy as the status JSON names it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CacheIo {
    /// `Direct`, `D`, `Direct I/O`.
    Direct,
    /// `Cached`, `C`, `Cached I/O`.
    Cached,
    /// Not said (OMSA's `Not Applicable`), or not understood.
    #[default]
    #[serde(other)]
    Unknown,
}

/// A VD's cache policy text normalised into fields, the same on every backend, with the
/// vendor's words kept in `raw`: what `raidctl status --format json` shows as `cache` and
/// `default_cache` (docs/status.schema.json).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CacheFields {
    /// Write policy.
    pub write: CacheWrite,
    /// Read-ahead.
    pub read: CacheRead,
    /// I/O policy.
    pub io: CacheIo,
    /// Whether the controller stops caching writes while the battery is bad: MegaCli's
    /// `No Write Cache if Bad BBU` (true) / `Write Cache OK if Bad BBU` (false); for the other
    /// tools implied by the write policy (write-back true, always/force write-back false);
    /// `None` where nothing says (write-through, unknown).
    pub no_write_cache_if_bad_bbu: Option<bool>,
    /// The text as the tool printed it; `None` when it printed none.
    pub raw: Option<String>,
}

impl CacheFields {
    /// Normalises a cache policy text of any tool (see the module doc). Pure; never panics:
    /// what it does not understand is `unknown`.
    pub fn parse(raw: Option<&str>) -> Self {
        let Some(text) = raw else {
            return Self::default();
        };
        let p = VdPolicy::parse_cache(text);
        let mut bad_bbu: Option<bool> = None;
        for w in text.split(',').map(squash) {
            match w.as_str() {
                "nowritecacheifbadbbu" | "nocachedbadbbu" => bad_bbu = Some(true),
                "writecacheokifbadbbu" | "cachedbadbbu" => bad_bbu = Some(false),
                _ => {}
            }
        }
        let write = match p.write {
            Some(WritePolicy::WriteBack) => CacheWrite::WriteBack,
            Some(WritePolicy::WriteThrough) => CacheWrite::WriteThrough,
            Some(WritePolicy::AlwaysWriteBack) => CacheWrite::AlwaysWriteBack,
            None => CacheWrite::Unknown,
        };
        let implied = match write {
            CacheWrite::WriteBack => Some(true),
            CacheWrite::AlwaysWriteBack => Some(false),
            CacheWrite::WriteThrough | CacheWrite::Unknown => None,
        };
        Self {
            write,
            read: match p.read {
                Some(ReadPolicy::ReadAhead) => CacheRead::ReadAhead,
                Some(ReadPolicy::NoReadAhead) => CacheRead::NoReadAhead,
                Some(ReadPolicy::Adaptive) => CacheRead::Adaptive,
                None => CacheRead::Unknown,
            },
            io: match p.io {
                Some(IoPolicy::Direct) => CacheIo::Direct,
                Some(IoPolicy::Cached) => CacheIo::Cached,
                None => CacheIo::Unknown,
            },
            no_write_cache_if_bad_bbu: bad_bbu.or(implied),
            raw: Some(text.to_owned()),
        }
    }
}

impl LogicalDrive {
    /// Fills [`LogicalDrive::cache`] and [`LogicalDrive::default_cache`] from the texts the
    /// parser read (`current_cache_policy`, `default_cache_policy`). Every parser calls it
    /// once it has the texts; calling it again changes nothing.
    pub fn normalise_cache(&mut self) {
        self.cache = CacheFields::parse(self.current_cache_policy.as_deref());
        self.default_cache = self
            .default_cache_policy
            .as_deref()
            .map(|t| CacheFields::parse(Some(t)));
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

    #[test]
    fn cache_fields_from_every_tool_s_text() {
        use CacheIo as I;
        use CacheRead as R;
        use CacheWrite as W;
        let f = |t: &str| {
            let c = CacheFields::parse(Some(t));
            assert_eq!(c.raw.as_deref(), Some(t));
            (c.write, c.read, c.io, c.no_write_cache_if_bad_bbu)
        };
        for (text, want) in [
            // MegaCli (and the native backend, which prints MegaCli's words).
            (
                "WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU",
                (W::WriteBack, R::Adaptive, I::Direct, Some(true)),
            ),
            (
                "WriteThrough, ReadAheadNone, Direct, No Write Cache if Bad BBU",
                (W::WriteThrough, R::NoReadAhead, I::Direct, Some(true)),
            ),
            (
                "WriteBack, ReadAhead, Cached, Write Cache OK if Bad BBU",
                (W::AlwaysWriteBack, R::ReadAhead, I::Cached, Some(false)),
            ),
            // storcli/perccli compact codes, storcli2's comma-separated ones.
            ("RWBD", (W::WriteBack, R::ReadAhead, I::Direct, Some(true))),
            ("NRWTD", (W::WriteThrough, R::NoReadAhead, I::Direct, None)),
            (
                "RAWBC",
                (W::AlwaysWriteBack, R::ReadAhead, I::Cached, Some(false)),
            ),
            (
                "NRFWBD",
                (W::AlwaysWriteBack, R::NoReadAhead, I::Direct, Some(false)),
            ),
            (
                "NR,WB",
                (W::WriteBack, R::NoReadAhead, I::Unknown, Some(true)),
            ),
            ("R,WT,C", (W::WriteThrough, R::ReadAhead, I::Cached, None)),
            // OpenManage (write, read and cache policy joined by the parser).
            (
                "Write Back, Adaptive Read Ahead, Not Applicable",
                (W::WriteBack, R::Adaptive, I::Unknown, Some(true)),
            ),
            (
                "Force Write Back, No Read Ahead, Direct I/O",
                (W::AlwaysWriteBack, R::NoReadAhead, I::Direct, Some(false)),
            ),
            (
                "Write Through, Read Ahead, Cached I/O",
                (W::WriteThrough, R::ReadAhead, I::Cached, None),
            ),
        ] {
            assert_eq!(f(text), want, "{text}");
        }
        // Nothing understood: unknown, never a panic; no text: no raw.
        for t in ["", ",,,", "ÿ\u{0}WB?", "something new", "WBWBWBD"] {
            let c = CacheFields::parse(Some(t));
            assert_eq!(c.raw.as_deref(), Some(t));
        }
        assert_eq!(
            f("something new"),
            (W::Unknown, R::Unknown, I::Unknown, None)
        );
        assert_eq!(CacheFields::parse(None), CacheFields::default());
        let json = serde_json::to_value(CacheFields::parse(Some("AWB,NR,D"))).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"write": "always-write-back", "read": "no-read-ahead",
                "io": "direct", "no_write_cache_if_bad_bbu": false, "raw": "AWB,NR,D"})
        );
    }

    #[test]
    fn a_vd_s_cache_fields_follow_its_texts() {
        let mut ld = LogicalDrive {
            default_cache_policy: Some("WriteBack, ReadAhead, Direct".into()),
            current_cache_policy: Some("WriteThrough, ReadAhead, Direct".into()),
            ..LogicalDrive::default()
        };
        ld.normalise_cache();
        assert_eq!(ld.cache.write, CacheWrite::WriteThrough);
        assert_eq!(
            ld.default_cache.as_ref().map(|c| c.write),
            Some(CacheWrite::WriteBack)
        );
        ld.default_cache_policy = None;
        ld.normalise_cache();
        assert_eq!(ld.default_cache, None);
    }
}
