//! Short forms of long values for tables (JSON keeps the full values).

use crate::model::DriveAddress;

/// Cache policy words and their abbreviations, with what each means for the legend.
const CACHE: &[(&[&str], &str, &str)] = &[
    (&["writeback"], "WB", "write back"),
    (&["writethrough"], "WT", "write through"),
    (
        &["alwayswriteback", "writecacheokifbadbbu"],
        "AWB",
        "write back even with a bad battery",
    ),
    (
        &["nowritecacheifbadbbu"],
        "BBU-WT",
        "write through while the battery is bad",
    ),
    (
        &["readahead", "readaheadalways", "alwaysreadahead"],
        "RA",
        "read ahead",
    ),
    (
        &["readaheadnone", "noreadahead", "readnone"],
        "NORA",
        "no read ahead",
    ),
    (
        &["readadaptive", "adaptivereadahead", "adaptive"],
        "ADRA",
        "adaptive read ahead",
    ),
    (&["direct", "directio"], "Direct", "direct I/O"),
    (&["cached", "cachedio"], "Cached", "cached I/O"),
];

fn squash(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// `WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU` → `WB,ADRA,Direct,BBU-WT`;
/// words it does not know are kept as they are (storcli's `RWBD` is short already).
pub fn cache_policy(policy: &str) -> String {
    policy
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            let key = squash(part);
            CACHE
                .iter()
                .find(|(words, _, _)| words.contains(&key.as_str()))
                .map_or_else(|| part.to_owned(), |(_, short, _)| (*short).to_owned())
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `WB = write back, ...` for the abbreviations used in `shown`.
pub fn cache_legend<'a>(shown: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let used: Vec<String> = shown
        .into_iter()
        .flat_map(|s| s.split(','))
        .map(str::to_owned)
        .collect();
    let parts: Vec<String> = CACHE
        .iter()
        .filter(|(_, short, _)| used.iter().any(|u| u == short))
        .map(|(_, short, meaning)| format!("{short} {meaning}"))
        .collect();
    (!parts.is_empty()).then(|| format!("cache: {}", parts.join(", ")))
}

/// Members with runs of slots in one enclosure joined: `[8:2-9] [9:0]`.
pub fn members(list: &[DriveAddress]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let start = list[i];
        let mut end = i;
        while end + 1 < list.len()
            && list[end + 1].enclosure == start.enclosure
            && list[end + 1].slot == list[end].slot + 1
        {
            end += 1;
        }
        let encl = start.enclosure.map_or_else(String::new, |e| e.to_string());
        if end >= i + 2 {
            out.push(format!("[{encl}:{}-{}]", start.slot, list[end].slot));
            i = end + 1;
        } else {
            out.push(start.to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// A firmware state without the spin suffix (`Online, Spun Up` → `Online`).
pub fn firmware_state(raw: &str) -> &str {
    raw.split(',').next().unwrap_or(raw).trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_policies_abbreviate_with_a_legend() {
        let s = cache_policy("WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU");
        assert_eq!(s, "WB,ADRA,Direct,BBU-WT");
        assert_eq!(
            cache_policy("WriteThrough, ReadAheadNone, Cached, Write Cache OK if Bad BBU"),
            "WT,NORA,Cached,AWB"
        );
        assert_eq!(cache_policy("RWBD"), "RWBD");
        assert_eq!(
            cache_legend([s.as_str()]).unwrap(),
            "cache: WB write back, BBU-WT write through while the battery is bad, ADRA adaptive read ahead, Direct direct I/O"
        );
        assert_eq!(cache_legend(["RWBD"]), None);
    }

    #[test]
    fn member_runs_are_joined() {
        let a = |e, s| DriveAddress::new(e, s);
        assert_eq!(members(&[a(8, 0), a(8, 1)]), "[8:0] [8:1]");
        let long: Vec<_> = (28..32)
            .map(|s| a(8, s))
            .chain((0..8).map(|s| a(9, s)))
            .collect();
        assert_eq!(members(&long), "[8:28-31] [9:0-7]");
        let gap = [
            a(8, 1),
            a(8, 2),
            a(8, 3),
            a(8, 5),
            DriveAddress {
                enclosure: None,
                slot: 1,
            },
        ];
        assert_eq!(members(&gap), "[8:1-3] [8:5] [:1]");
    }

    #[test]
    fn spin_suffix_goes() {
        assert_eq!(
            firmware_state("Unconfigured(good), Spun Up"),
            "Unconfigured(good)"
        );
        assert_eq!(firmware_state("Hotspare"), "Hotspare");
    }
}
