//! The read-only MegaCli allow-list the bundle runs, by phase and level. `-NoLog` is appended
//! to every call.

use super::collect::Level;

/// One catalogue entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Item id below `megacli/` (`a0/events`, `all/pdlist`).
    pub id: String,
    /// Adapter (`None`: an `-aALL` call that concerns every adapter).
    pub adapter: Option<u32>,
    /// Arguments without `-NoLog`.
    pub args: Vec<String>,
    /// The command writes its output to this file name (`-f`) in its scratch directory.
    pub writes_file: Option<String>,
    /// The exit status is a count, not an error (`-AdpCount`).
    pub count_status: bool,
}

fn e(id: String, adapter: Option<u32>, args: &[&str]) -> Entry {
    Entry {
        id,
        adapter,
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        writes_file: None,
        count_status: false,
    }
}

/// File name `-AdpEventLog -GetEvents -f` writes.
pub const EVENTS_FILE: &str = "events.txt";

/// Commands that identify the tool and count adapters.
pub fn preamble() -> Vec<Entry> {
    let mut count = e("all/adpcount".into(), None, &["-AdpCount"]);
    count.count_status = true;
    vec![e("all/version".into(), None, &["-v"]), count]
}

/// Ring buffers, collected before anything else touches the controller.
pub fn history(adapter: u32) -> Vec<Entry> {
    let a = format!("-a{adapter}");
    let mut events = e(
        format!("a{adapter}/events"),
        Some(adapter),
        &["-AdpEventLog", "-GetEvents", "-f", EVENTS_FILE, a.as_str()],
    );
    events.writes_file = Some(EVENTS_FILE.to_owned());
    vec![
        e(
            format!("a{adapter}/eventloginfo"),
            Some(adapter),
            &["-AdpEventLog", "-GetEventLogInfo", a.as_str()],
        ),
        events,
        e(
            format!("a{adapter}/fwtermlog"),
            Some(adapter),
            &["-FwTermLog", "-Dsply", a.as_str()],
        ),
    ]
}

/// The calls [`crate::backend::snapshot::gather`] makes, with its exact argv, so the snapshot
/// (and a replay) is parsed from these very outputs.
pub fn snapshot_inputs() -> Vec<Entry> {
    vec![
        e("all/adpallinfo".into(), None, &["-AdpAllInfo", "-aALL"]),
        e("all/cfgdsply".into(), None, &["-CfgDsply", "-aALL"]),
        e("all/pdlist".into(), None, &["-PDList", "-aALL"]),
        e(
            "all/bbustatus".into(),
            None,
            &["-AdpBbuCmd", "-GetBbuStatus", "-aALL"],
        ),
    ]
}

/// The rest of the per-adapter catalogue for `level`.
pub fn inventory(adapter: u32, level: Level) -> Vec<Entry> {
    let a = format!("-a{adapter}");
    let a = a.as_str();
    let id = |s: &str| format!("a{adapter}/{s}");
    let ad = Some(adapter);
    let mut v = vec![e(id("showsummary"), ad, &["-ShowSummary", a])];
    if level == Level::Quick {
        return v;
    }
    v.extend([
        e(id("encinfo"), ad, &["-EncInfo", a]),
        e(id("ldinfo"), ad, &["-LDInfo", "-Lall", a]),
        e(id("bbu"), ad, &["-AdpBbuCmd", a]),
        e(id("foreign-scan"), ad, &["-CfgForeign", "-Scan", a]),
        e(id("pdgetmissing"), ad, &["-PdGetMissing", a]),
        e(id("preservedcache"), ad, &["-GetPreservedCacheList", a]),
        e(id("pciinfo"), ad, &["-AdpGetPciInfo", a]),
        e(id("time"), ad, &["-AdpGetTime", a]),
        e(id("alilog"), ad, &["-AdpAliLog", a]),
    ]);
    for prop in [
        "RebuildRate",
        "AlarmDsply",
        "EnableJBOD",
        "CopyBackDsbl",
        "BatWarnDsbl",
    ] {
        v.push(e(
            id(&format!("prop-{}", prop.to_ascii_lowercase())),
            ad,
            &["-AdpGetProp", prop, a],
        ));
    }
    if level == Level::Deep {
        v.extend([
            e(id("ldpdinfo"), ad, &["-LdPdInfo", a]),
            e(id("foreign-dsply"), ad, &["-CfgForeign", "-Dsply", a]),
            e(id("foreign-preview"), ad, &["-CfgForeign", "-Preview", a]),
            e(id("phyerrorcounters"), ad, &["-PhyErrorCounters", a]),
        ]);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_inputs_match_gather() {
        // If gather's argv changes, replay would no longer find its inputs.
        let args: Vec<String> = snapshot_inputs().iter().map(|e| e.args.join(" ")).collect();
        assert_eq!(
            args,
            [
                "-AdpAllInfo -aALL",
                "-CfgDsply -aALL",
                "-PDList -aALL",
                "-AdpBbuCmd -GetBbuStatus -aALL"
            ]
        );
        assert!(
            inventory(1, Level::Deep)
                .iter()
                .all(|e| e.adapter == Some(1))
        );
    }
}
