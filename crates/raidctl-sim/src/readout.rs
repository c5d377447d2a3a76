//! MegaCli read commands that raidctl itself never sends but the scripts operators already run
//! do: counts, the controller clock, per-VD and adapter properties, enclosure status, PHY
//! counters, free space, schedules, the progress of clears, checks and initialisations, the
//! BBU sub-sections, `-AdpAlILog` and `-Version`. Every layout here is a guess (no capture
//! shows it), so every text comes from [`crate::unverified::read`]; the few verified lines are reused
//! from [`render`].

use crate::actions::adapter_indices;
use crate::args::{Invocation, LdSel};
use crate::render::{self, Reply};
use crate::state::{Adapter, SimState, Vd};
use crate::text;
use crate::unverified::{self as unv, fill, read};

/// Runs `f` for each selected adapter and concatenates the lines; the last non-zero status wins.
fn each(
    st: &SimState,
    inv: &Invocation,
    mut f: impl FnMut(&Adapter, &mut Vec<String>) -> u32,
) -> Reply {
    let list = match adapter_indices(st, inv) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let mut out = Vec::new();
    let mut code = 0;
    for i in list {
        let c = f(&st.adapters[i], &mut out);
        if c != 0 {
            code = c;
        }
    }
    (out, code)
}

fn vds<'a>(ad: &'a Adapter, sel: &LdSel) -> Result<Vec<&'a Vd>, Reply> {
    let mut all: Vec<&Vd> = ad.vds.iter().collect();
    all.sort_by_key(|v| v.target);
    if let LdSel::List(l) = sel {
        if let Some(n) = l.iter().find(|n| !all.iter().any(|v| v.target == **n)) {
            return Err((
                vec![fill(
                    unv::LD_NOT_FOUND,
                    &[("a", &ad.index.to_string()), ("n", &n.to_string())],
                )],
                0x03,
            ));
        }
        all.retain(|v| l.contains(&v.target));
    }
    Ok(all)
}

fn a(ad: &Adapter) -> String {
    ad.index.to_string()
}

fn invalid(token: &str) -> Reply {
    (vec![fill(unv::INVALID_INPUT, &[("x", token)])], 0x01)
}

/// `-PDGetNum`: like `-LDGetNum`, the count is also the exit status.
pub fn pd_get_num(st: &SimState, inv: &Invocation) -> Reply {
    each(st, inv, |ad, out| {
        let n = u32::try_from(ad.drives.len()).unwrap_or(0);
        out.push(fill(
            read::PD_GET_NUM,
            &[("a", &a(ad)), ("n", &n.to_string())],
        ));
        n
    })
}

/// `-AdpGetTime`.
pub fn adp_get_time(st: &SimState, inv: &Invocation) -> Reply {
    let unix = st.now_unix();
    let (date, time) = text::date_and_time(unix);
    each(st, inv, |ad, out| {
        let t = fill(read::ADP_TIME, &[("a", &a(ad)), ("x", &date), ("v", &time)]);
        out.extend(t.split('|').map(str::to_owned));
        0
    })
}

/// `-LDGetProp -Cache|-Access|-Name|-DskCache|-PS -Lx -aN`.
pub fn ld_get_prop(st: &SimState, inv: &Invocation) -> Reply {
    let list = match adapter_indices(st, inv) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let which = ["cache", "access", "name", "dskcache", "ps"]
        .into_iter()
        .find(|w| inv.has(w));
    let Some(which) = which else {
        return invalid(&inv.command_token);
    };
    let mut out = Vec::new();
    for i in list {
        let ad = &st.adapters[i];
        let vds = match vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(r) => return r,
        };
        for vd in vds {
            let head = format!(
                "Adapter {}-VD {}(target id: {})",
                ad.index, vd.target, vd.target
            );
            out.push(match which {
                // The one captured form (reference 2.2).
                "cache" => format!(
                    "{head}: Cache Policy:{}",
                    render::cache_policy(ad, vd, true)
                ),
                "access" => fill(read::LD_ACCESS, &[("x", &head)]),
                "name" => fill(read::LD_NAME, &[("x", &head), ("v", &vd.name)]),
                "dskcache" => fill(read::LD_DISK_CACHE, &[("x", &head), ("v", &vd.disk_cache)]),
                _ => fill(read::LD_POWER_SAVING, &[("x", &head)]),
            });
        }
    }
    (out, 0)
}

/// `-EncStatus`.
pub fn enc_status(st: &SimState, inv: &Invocation) -> Reply {
    each(st, inv, |ad, out| {
        out.push(fill(read::ENC_STATUS_HEADER, &[("a", &a(ad))]));
        for (i, e) in ad.enclosures.iter().enumerate() {
            let t = fill(
                read::ENC_STATUS,
                &[
                    ("n", &i.to_string()),
                    ("e", &e.device_id.to_string()),
                    ("s", &e.slots.to_string()),
                ],
            );
            out.extend(t.split('|').map(str::to_owned));
        }
        0
    })
}

/// `-PhyErrorCounters`: one block per controller PHY, all zero.
pub fn phy_error_counters(st: &SimState, inv: &Invocation) -> Reply {
    each(st, inv, |ad, out| {
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        for phy in 0..8 {
            out.extend(
                fill(read::PHY_COUNTERS, &[("n", &phy.to_string())])
                    .split('|')
                    .map(str::to_owned),
            );
        }
        0
    })
}

/// `-CfgFreeSpaceinfo`: the drive groups have no free space (VDs use whole groups).
pub fn cfg_free_space(st: &SimState, inv: &Invocation) -> Reply {
    each(st, inv, |ad, out| {
        let t = fill(
            read::FREE_SPACE,
            &[("a", &a(ad)), ("n", &ad.groups.len().to_string())],
        );
        out.extend(t.split('|').map(str::to_owned));
        0
    })
}

/// `-PDClear -ShowProg`: the simulator never clears drives.
pub fn pd_clear_progress(st: &SimState, inv: &Invocation) -> Reply {
    if !(inv.has("showprog") || inv.has("progdsply")) {
        return invalid(&inv.command_token);
    }
    if inv.drives.is_empty() {
        return invalid("-PhysDrv");
    }
    each(st, inv, |ad, out| {
        for d in &inv.drives {
            if ad.drive(*d).is_none() {
                out.push(fill(
                    unv::DEVICE_NOT_FOUND,
                    &[
                        ("a", &a(ad)),
                        ("e", &text::encl(*d)),
                        ("s", &d.slot.to_string()),
                    ],
                ));
                return 0x0c;
            }
            out.push(fill(
                read::NOT_IN_CLEAR,
                &[("e", &text::encl(*d)), ("s", &d.slot.to_string())],
            ));
        }
        0
    })
}

/// `-LDCC|-LDInit|-LDRecon -ShowProg -Lx`: none of them runs in the simulator.
pub fn ld_progress(st: &SimState, inv: &Invocation) -> Reply {
    if !(inv.has("showprog") || inv.has("progdsply")) {
        return invalid(&inv.command_token);
    }
    let what = match inv.command.as_str() {
        "ldcc" => "Check Consistency",
        "ldinit" => "Initialization",
        _ => "Reconstruction",
    };
    let list = match adapter_indices(st, inv) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let mut out = Vec::new();
    for i in list {
        let ad = &st.adapters[i];
        for vd in match vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(r) => return r,
        } {
            out.push(fill(
                read::LD_NOT_IN_PROGRESS,
                &[("x", what), ("n", &vd.target.to_string())],
            ));
        }
    }
    (out, 0)
}

/// `-AdpPR -Info`.
pub fn patrol_read_info(st: &SimState, inv: &Invocation) -> Reply {
    schedule_info(st, inv, read::PATROL_READ)
}

/// `-AdpCcSched -Info`.
pub fn cc_sched_info(st: &SimState, inv: &Invocation) -> Reply {
    schedule_info(st, inv, read::CC_SCHEDULE)
}

/// A weekly schedule's `-Info` per adapter: `template` (lines split at `|`) with the adapter
/// and the next run, a week from now.
fn schedule_info(st: &SimState, inv: &Invocation, template: &str) -> Reply {
    if !inv.has("info") {
        return invalid(&inv.command_token);
    }
    let next = text::adapter_time(st.now_unix() + 7 * 86_400);
    each(st, inv, |ad, out| {
        let t = fill(template, &[("a", &a(ad)), ("x", &next)]);
        out.extend(t.split('|').map(str::to_owned));
        0
    })
}

/// `-DirectPdMapping -Dsply`.
pub fn direct_pd_mapping(st: &SimState, inv: &Invocation) -> Reply {
    if !inv.has("dsply") {
        return invalid(&inv.command_token);
    }
    each(st, inv, |ad, out| {
        out.push(fill(read::DIRECT_PD_MAPPING, &[("a", &a(ad))]));
        0
    })
}

/// `-AdpBbuCmd -GetBbuCapacityInfo|-GetBbuDesignInfo|-GetBbuProperties`: the matching section
/// of the full `-AdpBbuCmd` answer.
pub fn bbu_section(st: &SimState, inv: &Invocation, header: &str) -> Reply {
    let (lines, code) = render::bbu(st, inv, true);
    if code != 0 {
        return (lines, code);
    }
    let mut out = Vec::new();
    let mut inside = false;
    for l in lines {
        if l.starts_with("BBU ") && l.contains("for Adapter") {
            inside = l.starts_with(header);
            if inside && !out.is_empty() {
                out.push(String::new());
            }
        }
        if inside {
            out.push(l);
        }
    }
    (out, 0)
}

/// `-AdpAlILog`: adapter information, configuration and drives in one answer.
pub fn adp_alilog(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for (lines, code) in [
        render::adp_all_info(st, inv),
        render::cfg_dsply(st, inv),
        render::pd_list(st, inv),
    ] {
        if code != 0 {
            return (lines, code);
        }
        out.extend(lines);
        out.push(String::new());
    }
    (out, 0)
}

/// `-Version -Cli|-Ctrl|-Driver|-Pd -aN`.
pub fn version(st: &SimState, inv: &Invocation) -> Reply {
    if inv.has("cli") || inv.words.is_empty() {
        return (
            vec![
                String::new(),
                "      MegaCLI SAS RAID Management Tool  Ver 8.07.14 Dec 16, 2013".to_owned(),
            ],
            0,
        );
    }
    each(st, inv, |ad, out| {
        if inv.has("ctrl") {
            let t = fill(
                read::VERSION_CTRL,
                &[
                    ("a", &a(ad)),
                    ("x", &ad.fw_package),
                    ("v", &ad.fw_version),
                    ("n", &ad.bios_version),
                ],
            );
            out.extend(t.split('|').map(str::to_owned));
        } else if inv.has("driver") {
            out.push(fill(read::VERSION_DRIVER, &[("a", &a(ad))]));
        } else {
            out.push(fill(read::VERSION_PD_HEADER, &[("a", &a(ad))]));
            for d in &ad.drives {
                out.push(fill(
                    read::VERSION_PD,
                    &[
                        ("e", &text::encl(d.addr())),
                        ("s", &d.slot.to_string()),
                        ("v", &d.firmware),
                    ],
                ));
            }
        }
        0
    })
}

/// `-AdpGetProp X` for the properties [`render::get_prop`] does not answer itself: the value
/// as `-AdpAllInfo` shows it, in one guessed line.
pub fn get_prop_more(st: &SimState, inv: &Invocation) -> Option<Reply> {
    let (label, value): (&str, fn(&Adapter) -> String) = match inv.words.first()?.as_str() {
        "cacheflushinterval" => ("Cache Flush Interval", |_| "4 sec".to_owned()),
        "patrolreadrate" => ("Patrol Read Rate", |_| "30%".to_owned()),
        "bgirate" => ("BGI Rate", |_| "30%".to_owned()),
        "ccrate" => ("Check Consistency Rate", |_| "30%".to_owned()),
        "reconrate" => ("Reconstruction Rate", |_| "30%".to_owned()),
        "spinupdrivecount" => ("Spin Up Drive Count", |_| "2".to_owned()),
        "spinupdelay" => ("Spin Up Delay", |_| "12 sec".to_owned()),
        "coercionmode" => ("Coercion Mode", |_| "128MB".to_owned()),
        "clusterenable" => ("Cluster Mode", |_| "Disabled".to_owned()),
        "predfailpollinterval" => ("Predictive Fail Poll Interval", |_| "300 sec".to_owned()),
        "eccbucketsize" => ("ECC Bucket Size", |_| "15".to_owned()),
        "eccbucketleakrate" => ("ECC Bucket Leak Rate", |_| "1440 Minutes".to_owned()),
        "abortcconerror" => ("Abort CC on Error", |_| "Disabled".to_owned()),
        "smartcpybkenbl" => ("SMART Copyback", |_| "Disabled".to_owned()),
        "ssdsmartcpybkenbl" => ("SSD SMART Copyback", |_| "Disabled".to_owned()),
        "ncqdsply" => ("NCQ", |_| "Enabled".to_owned()),
        "maintainpdfailhistoryenbl" => ("Maintain PD Fail History", |ad| {
            on_off(ad.settings.maintain_pd_fail_history)
        }),
        "rstrhotspareoninsert" => ("Restore HotSpare on Insertion", |ad| {
            on_off(ad.settings.restore_hsp_on_insert)
        }),
        "enblspindownunconfigdrvs" => ("Spin Down of Unconfigured Drives", |_| {
            "Disabled".to_owned()
        }),
        "dsblcachebypass" => ("Cache Bypass", |_| "Disabled".to_owned()),
        "loadbalancemode" => ("Load Balance Mode", |_| "Auto".to_owned()),
        "usediskactivityforlocate" => ("Use Disk Activity for Locate", |_| "Disabled".to_owned()),
        "enableeghsp" => ("Emergency Global Hotspare", |_| "Enabled".to_owned()),
        "enableeug" => ("Emergency UnConfigured Good", |_| "Disabled".to_owned()),
        "enableesmarter" => ("Emergency Spare as SMARTer", |_| "Disabled".to_owned()),
        "autorebuild" => ("Auto Rebuild", |ad| on_off(ad.settings.auto_rebuild)),
        _ => return None,
    };
    Some(each(st, inv, |ad, out| {
        out.push(fill(
            read::PROPERTY_VALUE,
            &[("a", &a(ad)), ("x", label), ("v", &value(ad))],
        ));
        0
    }))
}

fn on_off(b: bool) -> String {
    if b { "Enabled" } else { "Disabled" }.to_owned()
}

/// Property words `-AdpGetProp` answers here (for the argument parser).
pub const PROPERTIES: &[&str] = &[
    "cacheflushinterval",
    "patrolreadrate",
    "bgirate",
    "ccrate",
    "reconrate",
    "spinupdrivecount",
    "spinupdelay",
    "coercionmode",
    "clusterenable",
    "predfailpollinterval",
    "eccbucketsize",
    "eccbucketleakrate",
    "abortcconerror",
    "smartcpybkenbl",
    "ssdsmartcpybkenbl",
    "ncqdsply",
    "enblspindownunconfigdrvs",
    "dsblcachebypass",
    "loadbalancemode",
    "usediskactivityforlocate",
    "enableeghsp",
    "enableeug",
    "enableesmarter",
    "autorebuild",
];
