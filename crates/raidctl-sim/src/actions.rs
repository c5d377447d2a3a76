//! Action commands: the controller's state machine with the real refusals.

use crate::args::{Invocation, LdSel};
use crate::engine::{
    self, locale, log, log_pd, set_pd_state, settle, start_copyback, start_rebuild,
};
use crate::render::{Reply, foreign_configs, no_foreign};
use crate::state::{Adapter, DiskGroup, Hotspare, Row, Settings, SimState, Span, Vd};
use crate::text::{encl, event_vd};
use crate::unverified::{self as unv, events as ev, fill};
use raidctl_model::{DriveAddress, FirmwareState, LdState, PdType};

mod foreign;
mod ld_add;

use foreign::foreign;

/// Texts that need adapter, enclosure and slot.
fn ads(template: &str, a: u32, addr: DriveAddress) -> String {
    fill(
        template,
        &[
            ("a", &a.to_string()),
            ("e", &encl(addr)),
            ("s", &addr.slot.to_string()),
        ],
    )
}

/// The firmware's refusal of a drive command: one line, the status says why.
fn failed_pd(a: u32, addr: DriveAddress, code: u32) -> Reply {
    (
        vec![format!(
            "Adapter: {a}: Failed to change PD state at EnclId-{} SlotId-{}.",
            encl(addr),
            addr.slot
        )],
        code,
    )
}

/// `Invalid input` naming the offending word (status 0x01).
pub(super) fn invalid_input(word: &str) -> Reply {
    (vec![fill(unv::INVALID_INPUT, &[("x", word)])], 0x01)
}

/// The answer to a drive state change that was carried out; some commands name the adapter.
fn state_changed(adapter: Option<u32>, addr: DriveAddress, to: &str) -> Reply {
    let prefix = adapter
        .map(|a| format!("Adapter: {a}: "))
        .unwrap_or_default();
    (
        vec![format!(
            "{prefix}EnclId-{} SlotId-{} state changed to {to}.",
            encl(addr),
            addr.slot
        )],
        0,
    )
}

fn not_found(a: u32, addr: DriveAddress) -> String {
    ads(unv::DEVICE_NOT_FOUND, a, addr)
}

fn wrong_attributes() -> Vec<String> {
    vec![
        "The specified physical disk does not have the appropriate attributes to complete"
            .to_owned(),
        "the requested command.".to_owned(),
    ]
}

/// The positions in `st.adapters` of the adapters `-aN`/`-aALL` selects; MegaCli's error for
/// one that does not exist.
pub(crate) fn adapter_indices(st: &SimState, inv: &Invocation) -> Result<Vec<usize>, Reply> {
    let present: Vec<u32> = st.adapters.iter().map(|a| a.index).collect();
    inv.adapter_list(&present)
        .into_iter()
        .map(|n| {
            st.adapters
                .iter()
                .position(|a| a.index == n)
                .ok_or_else(|| {
                    (
                        vec![fill(unv::ADAPTER_NOT_FOUND, &[("a", &n.to_string())])],
                        0x03,
                    )
                })
        })
        .collect()
}

/// Runs an action command. Returns the reply; mutates the state.
pub fn run(st: &mut SimState, inv: &Invocation) -> Reply {
    let list = match adapter_indices(st, inv) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let clock = st.clock;
    let mut out = Vec::new();
    let mut code = 0;
    for i in list {
        let ad = &mut st.adapters[i];
        let (lines, c) = match inv.command.as_str() {
            "pdoffline" => per_drive(ad, clock, inv, pd_offline),
            "pdonline" => per_drive(ad, clock, inv, pd_online),
            "pdmakegood" => per_drive(ad, clock, inv, pd_make_good),
            "pdmakejbod" => per_drive(ad, clock, inv, pd_make_jbod),
            "pdmarkmissing" => per_drive(ad, clock, inv, pd_mark_missing),
            "pdprprmv" => per_drive(ad, clock, inv, pd_prp_rmv),
            "pdlocate" => per_drive(ad, clock, inv, pd_locate),
            "pdhsp" => per_drive(ad, clock, inv, pd_hsp),
            "pdrbld" => per_drive(ad, clock, inv, pd_rbld),
            "pdreplacemissing" => replace_missing(ad, clock, inv),
            "pdcpybk" => copyback(ad, clock, inv),
            "cfgforeign" => foreign(ad, clock, inv),
            "cfgldadd" | "cfgspanadd" => create(ad, clock, inv),
            "cfglddel" => delete(ad, clock, inv),
            "cfgeachdskraid0" => each_raid0(ad, clock, inv),
            "ldsetprop" => crate::ldprop::ld_set_prop(ad, clock, inv),
            "adpsetprop" => set_prop(ad, clock, inv),
            "adpautorbld" => auto_rebuild(ad, clock, inv),
            "discardpreservedcache" => discard_cache(ad, clock, inv),
            "adpeventlog" if inv.has("clear") => clear_events(ad),
            _ => invalid_input(&inv.command_token),
        };
        settle(ad, clock);
        out.extend(lines);
        if c != 0 {
            code = c;
        }
    }
    (out, code)
}

type DriveFn = fn(&mut Adapter, u64, &Invocation, DriveAddress) -> (Vec<String>, u32);

fn per_drive(ad: &mut Adapter, clock: u64, inv: &Invocation, f: DriveFn) -> Reply {
    if inv.drives.is_empty() {
        return invalid_input("-PhysDrv");
    }
    let mut out = Vec::new();
    let mut code = 0;
    for &addr in &inv.drives {
        if ad.drive(addr).is_none() {
            out.push(not_found(ad.index, addr));
            code = 0x0c;
            continue;
        }
        let (l, c) = f(ad, clock, inv, addr);
        out.extend(l);
        if c != 0 {
            code = c;
        }
        settle(ad, clock);
    }
    (out, code)
}

fn state_of(ad: &Adapter, addr: DriveAddress) -> FirmwareState {
    ad.drive(addr).map(|d| d.state.clone()).unwrap_or_default()
}

fn is_foreign(ad: &Adapter, addr: DriveAddress) -> bool {
    ad.drive(addr).is_some_and(|d| d.foreign.is_some())
}

fn pd_offline(ad: &mut Adapter, clock: u64, _: &Invocation, addr: DriveAddress) -> Reply {
    let a = ad.index;
    let st = state_of(ad, addr);
    if is_foreign(ad, addr)
        || !matches!(st, FirmwareState::Online | FirmwareState::Rebuild)
        || ad.position(addr).is_none()
    {
        return failed_pd(a, addr, 0x01);
    }
    set_pd_state(ad, clock, addr, FirmwareState::Offline);
    state_changed(Some(a), addr, "OffLine")
}

fn pd_online(ad: &mut Adapter, clock: u64, _: &Invocation, addr: DriveAddress) -> Reply {
    let st = state_of(ad, addr);
    if !matches!(
        st,
        FirmwareState::Offline | FirmwareState::Failed | FirmwareState::Rebuild
    ) || ad.position(addr).is_none()
    {
        return failed_pd(ad.index, addr, 0x01);
    }
    set_pd_state(ad, clock, addr, FirmwareState::Online);
    state_changed(None, addr, "OnLine")
}

fn pd_make_good(ad: &mut Adapter, clock: u64, inv: &Invocation, addr: DriveAddress) -> Reply {
    let st = state_of(ad, addr);
    let ok =
        st == FirmwareState::UnconfiguredBad || (st == FirmwareState::Jbod && inv.has("force"));
    if !ok {
        return failed_pd(ad.index, addr, 0x01);
    }
    set_pd_state(ad, clock, addr, FirmwareState::UnconfiguredGood);
    if let Some(d) = ad.drive_mut(addr) {
        d.spun_up = true;
    }
    state_changed(Some(ad.index), addr, "Unconfigured-Good")
}

fn pd_make_jbod(ad: &mut Adapter, clock: u64, _: &Invocation, addr: DriveAddress) -> Reply {
    if !ad.settings.jbod_enabled
        || state_of(ad, addr) != FirmwareState::UnconfiguredGood
        || is_foreign(ad, addr)
    {
        return failed_pd(ad.index, addr, 0x01);
    }
    set_pd_state(ad, clock, addr, FirmwareState::Jbod);
    state_changed(Some(ad.index), addr, "JBOD")
}

fn pd_mark_missing(ad: &mut Adapter, clock: u64, _: &Invocation, addr: DriveAddress) -> Reply {
    let st = state_of(ad, addr);
    let Some(pos) = ad.position(addr) else {
        return (
            vec![ads(unv::WRONG_STATE, ad.index, addr)],
            unv::WRONG_STATE_CODE,
        );
    };
    if !matches!(st, FirmwareState::Offline | FirmwareState::Failed) {
        return (
            vec![ads(unv::WRONG_STATE, ad.index, addr)],
            unv::WRONG_STATE_CODE,
        );
    }
    ad.groups[pos.group].spans[pos.span].rows[pos.row].drive = None;
    let next = if st == FirmwareState::Failed {
        FirmwareState::UnconfiguredBad
    } else {
        FirmwareState::UnconfiguredGood
    };
    set_pd_state(ad, clock, addr, next);
    (
        vec![format!(
            "EnclId-{} SlotId-{} is marked Missing.",
            encl(addr),
            addr.slot
        )],
        0,
    )
}

fn pd_prp_rmv(ad: &mut Adapter, _: u64, inv: &Invocation, addr: DriveAddress) -> Reply {
    let st = state_of(ad, addr);
    let a = ad.index;
    let Some(d) = ad.drive_mut(addr) else {
        return (vec![not_found(a, addr)], 0x0c);
    };
    if inv.has("undo") {
        if !d.prepared_for_removal {
            return (vec![ads(unv::WRONG_STATE, a, addr)], unv::WRONG_STATE_CODE);
        }
        d.prepared_for_removal = false;
        d.spun_up = true;
        return (vec!["Undo Prepare for removal Success".to_owned()], 0);
    }
    let allowed = matches!(
        st,
        FirmwareState::UnconfiguredGood
            | FirmwareState::UnconfiguredBad
            | FirmwareState::Offline
            | FirmwareState::Failed
    );
    if !allowed {
        return (vec![ads(unv::WRONG_STATE, a, addr)], unv::WRONG_STATE_CODE);
    }
    d.prepared_for_removal = true;
    d.spun_up = false;
    (vec!["Prepare for removal Success".to_owned()], 0)
}

fn pd_locate(ad: &mut Adapter, clock: u64, inv: &Invocation, addr: DriveAddress) -> Reply {
    let stop = inv.has("stop");
    if let Some(d) = ad.drive_mut(addr) {
        d.locate = !stop;
    }
    if !stop {
        log_pd(ad, clock, addr, 0x27, 0, ev::LOCATE);
    }
    let word = if stop { "Stop" } else { "Start" };
    (
        vec![format!(
            "Adapter: {}: Device at EnclId-{} SlotId-{}  -- PD Locate {word} Command was successfully sent to Firmware",
            ad.index,
            encl(addr),
            addr.slot
        )],
        0,
    )
}

fn pd_hsp(ad: &mut Adapter, clock: u64, inv: &Invocation, addr: DriveAddress) -> Reply {
    let a = ad.index;
    if inv.has("rmv") {
        if state_of(ad, addr) != FirmwareState::Hotspare {
            return failed_pd(a, addr, 0x01);
        }
        if let Some(d) = ad.drive_mut(addr) {
            d.hotspare = None;
        }
        set_pd_state(ad, clock, addr, FirmwareState::UnconfiguredGood);
        log_pd(ad, clock, addr, 0x2f, 0, ev::SPARE_DISABLED);
        return (vec![ads(unv::HSP_REMOVED, a, addr)], 0);
    }
    if !inv.has("set") {
        return invalid_input("-PDHSP");
    }
    if state_of(ad, addr) != FirmwareState::UnconfiguredGood || is_foreign(ad, addr) {
        return failed_pd(a, addr, 0x01);
    }
    if ad.drive(addr).is_some_and(|d| d.prepared_for_removal) {
        return failed_pd(a, addr, 0x83);
    }
    let mut dedicated = Vec::new();
    if inv.has("dedicated") {
        for &arr in &inv.arrays {
            let Some((g, _)) = ad.array_by_number(arr) else {
                return failed_pd(a, addr, 0x09);
            };
            let uid = ad.groups[g].uid;
            if !dedicated.contains(&uid) {
                dedicated.push(uid);
            }
        }
        if dedicated.is_empty() {
            return failed_pd(a, addr, 0x09);
        }
    }
    let global = dedicated.is_empty();
    if let Some(d) = ad.drive_mut(addr) {
        d.hotspare = Some(Hotspare {
            dedicated,
            revertible: !inv.has("nonrevertible"),
        });
    }
    set_pd_state(ad, clock, addr, FirmwareState::Hotspare);
    log_pd(
        ad,
        clock,
        addr,
        if global { 0x2c } else { 0x2d },
        0,
        if global {
            ev::GLOBAL_SPARE
        } else {
            ev::DEDICATED_SPARE
        },
    );
    (
        vec![format!(
            "Adapter: {a}: Set Physical Drive at EnclId-{} SlotId-{} as Hot Spare Success.",
            encl(addr),
            addr.slot
        )],
        0,
    )
}

fn pd_rbld(ad: &mut Adapter, clock: u64, inv: &Invocation, addr: DriveAddress) -> Reply {
    let a = ad.index;
    let st = state_of(ad, addr);
    let loc = format!("(Encl-{} Slot-{})", encl(addr), addr.slot);
    if inv.has("stop") {
        if st != FirmwareState::Rebuild {
            return (vec![format!("Device{loc} is not in rebuild process")], 0x01);
        }
        set_pd_state(ad, clock, addr, FirmwareState::Offline);
        return (vec![ads(unv::REBUILD_STOPPED, a, addr)], 0);
    }
    if !inv.has("start") {
        return invalid_input("-PDRbld");
    }
    let Some(pos) = ad.position(addr) else {
        return failed_pd(a, addr, 0x01);
    };
    if !matches!(st, FirmwareState::Offline | FirmwareState::Failed) {
        return failed_pd(a, addr, 0x01);
    }
    if ad.group_state(&ad.groups[pos.group]) == LdState::Offline {
        // Only a rebuild that restores redundancy can start; an offline VD has no source.
        let lost = ad.groups[pos.group].spans[pos.span]
            .rows
            .iter()
            .filter(|r| !ad.row_ok(r))
            .count();
        let tolerated = ad.groups[pos.group]
            .level
            .tolerated_failures_per_span()
            .unwrap_or(0);
        if lost > usize::try_from(tolerated).unwrap_or(0) {
            return failed_pd(a, addr, 0x1b);
        }
    }
    start_rebuild(ad, clock, addr, false);
    (vec![format!("Started rebuild progress on device{loc}")], 0)
}

fn replace_missing(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    let (Some(&addr), Some(&array), Some(row)) = (inv.drives.first(), inv.arrays.first(), inv.row)
    else {
        return invalid_input("-PdReplaceMissing");
    };
    let fail = |code: u32| {
        (
            vec![fill(
                unv::REPLACE_MISSING_FAILED,
                &[
                    ("a", &a.to_string()),
                    ("n", &array.to_string()),
                    ("v", &row.to_string()),
                ],
            )],
            code,
        )
    };
    let Some(d) = ad.drive(addr).cloned() else {
        return (vec![not_found(a, addr)], 0x0c);
    };
    let Some((g, s)) = ad.array_by_number(array) else {
        return fail(0x09);
    };
    let r = usize::try_from(row).unwrap_or(usize::MAX);
    let Some(target) = ad.groups[g].spans[s].rows.get(r).cloned() else {
        return fail(0x28);
    };
    if target.drive.is_some() {
        return fail(0x0a);
    }
    if d.state != FirmwareState::UnconfiguredGood {
        return failed_pd(a, addr, 0x01);
    }
    if d.foreign.is_some() || d.pd_type != target.pd_type {
        return (wrong_attributes(), 0x26);
    }
    if d.coerced_sectors() < target.size_sectors {
        return fail(0x0d);
    }
    ad.groups[g].spans[s].rows[r].drive = Some(addr);
    set_pd_state(ad, clock, addr, FirmwareState::Offline);
    (
        vec![format!(
            "Adapter: {a}: Missing PD at Array {array}, Row {row} is replaced."
        )],
        0,
    )
}

fn copyback(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    if inv.has("stop") {
        let Some(&dst) = inv.drives.first() else {
            return invalid_input("-PhysDrv");
        };
        if state_of(ad, dst) != FirmwareState::Copyback {
            return (vec![ads(unv::NOT_IN_COPYBACK, a, dst)], 0x01);
        }
        set_pd_state(ad, clock, dst, FirmwareState::UnconfiguredGood);
        return (vec![ads(unv::COPYBACK_STOPPED, a, dst)], 0);
    }
    if !inv.has("start") {
        return invalid_input("-PDCpyBk");
    }
    let (Some(&src), Some(&dst)) = (inv.drives.first(), inv.drives.get(1)) else {
        return invalid_input("-PhysDrv");
    };
    for x in [src, dst] {
        if ad.drive(x).is_none() {
            return (vec![not_found(a, x)], 0x0c);
        }
    }
    let Some(pos) = ad.position(src) else {
        return failed_pd(a, src, 0x01);
    };
    if state_of(ad, src) != FirmwareState::Online
        || state_of(ad, dst) != FirmwareState::UnconfiguredGood
    {
        return failed_pd(a, dst, 0x01);
    }
    let row = ad.groups[pos.group].spans[pos.span].rows[pos.row].clone();
    let Some(d) = ad.drive(dst) else {
        return (vec![not_found(a, dst)], 0x0c);
    };
    if d.foreign.is_some() || d.pd_type != row.pd_type {
        return (wrong_attributes(), 0x26);
    }
    if d.coerced_sectors() < row.size_sectors {
        return failed_pd(a, dst, 0x0d);
    }
    if ad.group_state(&ad.groups[pos.group]) != LdState::Optimal {
        return failed_pd(a, dst, 0x1b);
    }
    start_copyback(ad, clock, src, dst);
    (vec![ads(unv::COPYBACK_STARTED, a, dst)], 0)
}

fn free_target(ad: &Adapter, wanted: u32) -> u32 {
    if !ad.vds.iter().any(|v| v.target == wanted) {
        return wanted;
    }
    (0..)
        .find(|t| !ad.vds.iter().any(|v| v.target == *t))
        .unwrap_or(0)
}

fn configure_failed(a: u32) -> Vec<String> {
    vec![format!("Adapter {a}: Configure Adapter Failed")]
}

/// `-CfgLdAdd` and `-CfgSpanAdd`.
fn create(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    let (level, spans) = match ld_add::shape(a, inv) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    let (all, types) = match ld_add::drives(ad, inv, &spans) {
        Ok(x) => x,
        Err(reply) => return reply,
    };
    let size = all
        .iter()
        .filter_map(|x| ad.drive(*x))
        .map(|d| d.coerced_sectors())
        .min()
        .unwrap_or(0);
    let pd_type = types.first().cloned().unwrap_or(PdType::Sas);
    let uid = ad.uid();
    let group = DiskGroup::from_spans(uid, level.clone(), &spans, size, &pd_type);
    ad.groups.push(group);
    for x in &all {
        set_pd_state(ad, clock, *x, FirmwareState::Online);
    }
    let target = ld_add::add_vd(ad, clock, inv, &level, uid);
    let mut out = vec![format!("Adapter {a}: Created VD {target}")];
    for x in inv.hsp.clone() {
        if let Some(d) = ad.drive_mut(x) {
            d.hotspare = Some(Hotspare {
                dedicated: vec![uid],
                revertible: true,
            });
        }
        set_pd_state(ad, clock, x, FirmwareState::Hotspare);
        out.push(format!(
            "Adapter: {a}: Set Physical Drive at EnclId-{} SlotId-{} as Hot Spare Success.",
            encl(x),
            x.slot
        ));
    }
    out.push(String::new());
    out.push(format!("Adapter {a}: Configured the Adapter!!"));
    (out, 0)
}

fn each_raid0(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    let mut drives: Vec<DriveAddress> = ad
        .drives
        .iter()
        .filter(|d| d.state == FirmwareState::UnconfiguredGood && d.foreign.is_none())
        .map(|d| d.addr())
        .collect();
    drives.sort();
    if drives.is_empty() {
        return (
            vec![fill(unv::NO_UNCONFIGURED, &[("a", &a.to_string())])],
            0x01,
        );
    }
    let mut out = Vec::new();
    for x in drives {
        let mut one = inv.clone();
        one.command = "cfgldadd".to_owned();
        one.raid = Some((0, vec![x]));
        one.hsp.clear();
        let (lines, code) = create(ad, clock, &one);
        if code != 0 {
            return (lines, code);
        }
        out.extend(lines.into_iter().filter(|l| l.contains("Created VD")));
    }
    out.push(String::new());
    out.push(format!("Adapter {a}: Configured the Adapter!!"));
    (out, 0)
}

fn delete(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    let targets: Vec<u32> = match &inv.lds {
        LdSel::All => {
            let mut t: Vec<u32> = ad.vds.iter().map(|v| v.target).collect();
            t.sort_unstable();
            t
        }
        LdSel::List(l) => l.clone(),
        LdSel::None => return invalid_input("-CfgLdDel"),
    };
    let mut out = Vec::new();
    for t in targets {
        let Some(i) = ad.vds.iter().position(|v| v.target == t) else {
            return (
                vec![fill(
                    unv::LD_NOT_FOUND,
                    &[("a", &a.to_string()), ("n", &t.to_string())],
                )],
                0x03,
            );
        };
        let vd = ad.vds.remove(i);
        let data = vec![("Target Id".to_owned(), t.to_string())];
        log(
            ad,
            clock,
            0x8b,
            0,
            locale::LD,
            fill(ev::VD_DELETED, &[("x", &event_vd(t))]),
            data,
        );
        // Pinned cache outlives the VD: the firmware keeps it for the now missing VD until it
        // is discarded (by that target id) or the VD comes back by import, and refuses VD
        // creation and foreign clear meanwhile (scripts that delete VDs then discard each
        // deleted id, and the H700 guide's "offline or is deleted because of missing physical
        // disks").
        if !ad.vds.iter().any(|v| v.group_uid == vd.group_uid) {
            if let Some(g) = ad.group_index(vd.group_uid) {
                let group = ad.groups.remove(g);
                for x in group
                    .spans
                    .iter()
                    .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                {
                    set_pd_state(ad, clock, x, FirmwareState::UnconfiguredGood);
                    if let Some(d) = ad.drive_mut(x) {
                        d.was_spare = None;
                    }
                }
                // Dedicated spares of a deleted group become global spares.
                for d in &mut ad.drives {
                    if let Some(h) = d.hotspare.as_mut() {
                        if h.dedicated.contains(&vd.group_uid) {
                            h.dedicated.retain(|u| *u != vd.group_uid);
                        }
                    }
                }
            }
        }
        out.push(format!(
            "Adapter {a}: Deleted Virtual Drive-{t}(target id-{t})"
        ));
    }
    (out, 0)
}

/// On/off `-AdpSetProp` properties that answer with the generic property text: the option word,
/// the name printed, and the setting it changes.
type FlagProp = (&'static str, &'static str, fn(&mut Settings) -> &mut bool);
const FLAG_PROPS: &[FlagProp] = &[
    ("enablejbod", "JBOD", |s| &mut s.jbod_enabled),
    (
        "maintainpdfailhistoryenbl",
        "Maintain PD Fail History",
        |s| &mut s.maintain_pd_fail_history,
    ),
    (
        "rstrhotspareoninsert",
        "Restore HotSpare on Insertion",
        |s| &mut s.restore_hsp_on_insert,
    ),
];

/// `-AdpSetProp` words whose value disables the setting: the word, the answer's template and
/// the setting (true when enabled).
const DISABLE_PROPS: &[FlagProp] = &[
    ("batwarndsbl", unv::BATTERY_WARNING_SET, |s| {
        &mut s.battery_warning
    }),
    ("copybackdsbl", unv::COPYBACK_SET, |s| {
        &mut s.copyback_enabled
    }),
];

/// A changed adapter setting: logged as the firmware logs it, the line is the answer.
fn setting_changed(ad: &mut Adapter, clock: u64, line: String) -> Reply {
    log(
        ad,
        clock,
        0x2a,
        0,
        locale::CTRL,
        fill(ev::SETTING_CHANGED, &[("x", &line)]),
        Vec::new(),
    );
    (vec![line], 0)
}

fn set_prop(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index.to_string();
    let val = inv.number().map(i64::abs);
    let line;
    if inv.has("alarmsilence") || inv.has("alarmenbl") || inv.has("alarmdsbl") {
        if ad.settings.alarm == "Absent" {
            return (vec![fill(unv::ALARM_ABSENT, &[("a", &a)])], 0x22);
        }
        let (new, text) = if inv.has("alarmsilence") {
            (
                "Silenced",
                format!("Adapter {a}: Set alarm to Silenced success."),
            )
        } else if inv.has("alarmenbl") {
            ("Enabled", fill(unv::ALARM_ENABLED, &[("a", &a)]))
        } else {
            (
                "Disabled",
                format!("Adapter {a}: Set alarm to Disabled success."),
            )
        };
        ad.settings.alarm = new.to_owned();
        line = text;
    } else if inv.has("rebuildrate") {
        let Some(v) = val.filter(|v| (0..=100).contains(v)) else {
            return (
                vec![fill(unv::INVALID_INPUT, &[("x", "RebuildRate")])],
                0x03,
            );
        };
        ad.settings.rebuild_rate = u8::try_from(v).unwrap_or(30);
        line = format!("Adapter {a}: Set rebuild rate to {v}% success.");
    } else if let Some((_, template, field)) =
        DISABLE_PROPS.iter().find(|(word, _, _)| inv.has(word))
    {
        let disable = val.unwrap_or(1) != 0;
        *field(&mut ad.settings) = !disable;
        line = fill(
            template,
            &[
                ("a", &a),
                ("v", if disable { "Disabled" } else { "Enabled" }),
            ],
        );
    } else if let Some((_, name, field)) = FLAG_PROPS.iter().find(|(word, _, _)| inv.has(word)) {
        let on = val.unwrap_or(1) != 0;
        *field(&mut ad.settings) = on;
        line = fill(
            unv::PROPERTY_SET,
            &[
                ("a", &a),
                ("x", name),
                ("v", if on { "Enabled" } else { "Disabled" }),
            ],
        );
    } else {
        return invalid_input(inv.words.first().map_or("", String::as_str));
    }
    setting_changed(ad, clock, line)
}

fn auto_rebuild(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index.to_string();
    if inv.has("dsply") {
        let v = if ad.settings.auto_rebuild {
            "Enabled"
        } else {
            "Disabled"
        };
        return (
            vec![fill(unv::AUTO_REBUILD_VALUE, &[("a", &a), ("v", v)])],
            0,
        );
    }
    let on = if inv.has("enbl") {
        true
    } else if inv.has("dsbl") {
        false
    } else {
        return invalid_input("-AdpAutoRbld");
    };
    ad.settings.auto_rebuild = on;
    let line = fill(
        unv::AUTO_REBUILD_SET,
        &[("a", &a), ("v", if on { "Enabled" } else { "Disabled" })],
    );
    setting_changed(ad, clock, line)
}

fn discard_cache(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let targets: Vec<u32> = match &inv.lds {
        LdSel::All | LdSel::None => ad.preserved_cache.clone(),
        LdSel::List(l) => l.clone(),
    };
    let mut out = vec![format!("Adapter #{}", ad.index), String::new()];
    for t in targets {
        if !ad.preserved_cache.contains(&t) {
            continue;
        }
        ad.preserved_cache.retain(|x| *x != t);
        log(
            ad,
            clock,
            0x10c,
            0,
            locale::LD,
            fill(ev::CACHE_DISCARDED, &[("x", &event_vd(t))]),
            Vec::new(),
        );
        out.push(format!(
            "Virtual Drive(Target ID {t:02}): Preserved Cache Data Cleared."
        ));
    }
    (out, 0)
}

fn clear_events(ad: &mut Adapter) -> Reply {
    ad.clear_seq = ad.next_seq.saturating_sub(1);
    ad.events.clear();
    (
        vec![fill(unv::EVENTS_CLEARED, &[("a", &ad.index.to_string())])],
        0,
    )
}

/// Re-exported for the control interface.
pub use engine::advance;
