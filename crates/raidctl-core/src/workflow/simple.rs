//! The smaller workflows: foreign configurations, hot spares, rebuilds, locate, drive state,
//! adapter settings, VD create/delete. Same shape as replace-drive: check the live state,
//! show the plan with the exact vendor command, confirm, journal, apply, re-read and verify.

use super::change::Expect;
pub use super::change::{Change, apply_change};
use super::guards::{self as g, Check, Level};
use super::prechecks::{self as pc, Reads, prechecks};
use super::replace::resolve;
use super::{Env, Outcome, WfError};
use crate::backend::ops::{Alarm, Op};
use crate::backend::snapshot::Snapshot;
use crate::health::progress_text;
use crate::model::{DriveAddress, FirmwareState, LdState, PhysicalDrive, fmt_sizes};

/// A fresh snapshot and the drive `target` (E:S or serial) names in it.
fn fresh_target(
    env: &Env<'_>,
    target: &str,
    adapter: Option<u32>,
) -> Result<(Snapshot, PhysicalDrive), WfError> {
    let snap = env.ops.snapshot()?;
    let pd = resolve(&snap, target, adapter)?.clone();
    Ok((snap, pd))
}

/// The drive must end in one of `want`.
fn expect_state(a: u32, d: DriveAddress, want: &[FirmwareState]) -> Vec<Expect> {
    vec![Expect::DriveState {
        adapter: a,
        drive: d,
        states: want.to_vec(),
    }]
}

/// A change of one operation on drive `d` of adapter `a`, asked first (with `typed` to type
/// where given); the drive must end in one of `want`.
fn drive_change(
    name: impl Into<String>,
    a: u32,
    d: DriveAddress,
    op: Op,
    warnings: Vec<String>,
    typed: Option<String>,
    want: &[FirmwareState],
) -> Change {
    Change {
        name: name.into(),
        target: format!("a{a}-{}", d.megacli_arg()),
        adapter: a,
        after_create: None,
        ops: vec![op],
        warnings,
        typed_confirmation: typed,
        ask: true,
        expect: expect_state(a, d, want),
    }
}

/// `raidctl pd locate E:S [--stop]`.
///
/// # Errors
/// See [`apply_change`].
pub fn locate(
    env: &mut Env<'_>,
    target: &str,
    adapter: Option<u32>,
    stop: bool,
) -> Result<Outcome, WfError> {
    let (_, pd) = fresh_target(env, target, adapter)?;
    let (a, d) = (pd.adapter, pd.address());
    let op = if stop {
        Op::LocateStop {
            adapter: a,
            drive: d,
        }
    } else {
        Op::LocateStart {
            adapter: a,
            drive: d,
        }
    };
    let warnings = if pd.enclosure_id.is_none() {
        vec![
            "the drive has no enclosure: its bay may have no LED; check the serial on the label"
                .to_owned(),
        ]
    } else {
        Vec::new()
    };
    let outcome = apply_change(
        env,
        Change {
            name: "locate".into(),
            target: format!("a{a}-{}", d.megacli_arg()),
            adapter: a,
            after_create: None,
            ops: vec![op],
            warnings,
            typed_confirmation: None,
            ask: false,
            expect: Vec::new(),
        },
    )?;
    // Whoever walks to the rack needs the bay and the serial to read on its label; whoever
    // comes back, the command that ends it.
    Ok(match outcome {
        Outcome::Completed(_) if !env.opts.dry_run => {
            let serial = pd
                .serial
                .as_deref()
                .map_or_else(String::new, |s| format!(" (serial {s})"));
            Outcome::Completed(if stop {
                format!("{d}{serial} on adapter {a}: locate LED off")
            } else {
                format!(
                    "{d}{serial} on adapter {a} is blinking; stop it with `raidctl pd locate {} -a {a} --stop`",
                    d.megacli_arg()
                )
            })
        }
        other => other,
    })
}

/// `raidctl pd make-good|offline|online E:S`.
///
/// # Errors
/// See [`apply_change`].
pub fn pd_state(
    env: &mut Env<'_>,
    action: &str,
    target: &str,
    adapter: Option<u32>,
) -> Result<Outcome, WfError> {
    let (snap, pd) = fresh_target(env, target, adapter)?;
    let (a, d) = (pd.adapter, pd.address());
    let serial = pd.serial.clone().unwrap_or_else(|| d.megacli_arg());
    let name = format!("pd-{action}");
    match action {
        "make-good" => {
            if !matches!(
                pd.firmware_state,
                FirmwareState::UnconfiguredBad | FirmwareState::Jbod
            ) {
                return Ok(Outcome::Stopped(format!(
                    "{d} is {}: make-good applies to Unconfigured(bad) or JBOD drives",
                    pd.firmware_state
                )));
            }
            let force = pd.firmware_state == FirmwareState::Jbod;
            let mut warnings = Vec::new();
            if force {
                warnings.push(format!("{d} is JBOD: the host may be using it directly; make-good removes it from the host"));
            }
            apply_change(
                env,
                drive_change(
                    name,
                    a,
                    d,
                    Op::MakeGood {
                        adapter: a,
                        drive: d,
                        force,
                    },
                    warnings,
                    Some(serial),
                    &[FirmwareState::UnconfiguredGood],
                ),
            )
        }
        "offline" => {
            let reads = Reads::of(env.ops, a);
            let checks = prechecks(&snap, &pd, &reads, env.opts.accept_no_redundancy);
            if let Some(c) = checks.iter().find(|c| c.level == Level::Refuse) {
                return Ok(Outcome::Stopped(format!("refused: {}", c.text)));
            }
            let warnings = checks
                .iter()
                .filter(|c| c.level != Level::Refuse)
                .map(|c| c.text.clone())
                .collect();
            apply_change(
                env,
                drive_change(
                    name,
                    a,
                    d,
                    Op::Offline {
                        adapter: a,
                        drive: d,
                    },
                    warnings,
                    Some(serial),
                    &[
                        FirmwareState::Offline,
                        FirmwareState::Failed,
                        FirmwareState::Rebuild,
                    ],
                ),
            )
        }
        "online" => {
            if !matches!(
                pd.firmware_state,
                FirmwareState::Offline | FirmwareState::Failed
            ) {
                return Ok(Outcome::Stopped(format!(
                    "{d} is {}: online applies to Offline or Failed members",
                    pd.firmware_state
                )));
            }
            let reads = Reads::of(env.ops, a);
            let why = match pc::force_online(&snap, &pd, reads.events()) {
                Ok(why) => why,
                Err(reason) => return Ok(Outcome::Stopped(format!("refused: {reason}"))),
            };
            let warnings = vec![format!(
                "this is a FORCE ONLINE: the drive is marked Online WITHOUT a rebuild. If it missed writes while offline, the VD now serves stale data. Use it only as a last-resort recovery, after deciding about backups; {why}"
            )];
            apply_change(
                env,
                drive_change(
                    name,
                    a,
                    d,
                    Op::Online {
                        adapter: a,
                        drive: d,
                    },
                    warnings,
                    Some(serial),
                    &[FirmwareState::Online],
                ),
            )
        }
        other => Err(WfError::Usage(format!("unknown drive action {other}"))),
    }
}

/// Global (empty) or dedicated array indices for a hot spare protecting `ld`.
pub fn arrays_of(snap: &Snapshot, adapter: u32, ld: u32) -> Option<Vec<u32>> {
    let g = snap
        .disk_groups
        .iter()
        .find(|g| g.adapter == adapter && g.logical_drives.contains(&ld))?;
    Some(
        g.spans
            .iter()
            .map(|s| s.array_ref.unwrap_or(s.index))
            .collect(),
    )
}

/// `raidctl hotspare add|remove E:S [--dedicated LD]`.
///
/// # Errors
/// See [`apply_change`].
pub fn hotspare(
    env: &mut Env<'_>,
    add: bool,
    target: &str,
    adapter: Option<u32>,
    dedicated: Option<u32>,
) -> Result<Outcome, WfError> {
    let (snap, pd) = fresh_target(env, target, adapter)?;
    let (a, d) = (pd.adapter, pd.address());
    if !add {
        if pd.firmware_state != FirmwareState::Hotspare {
            return Ok(Outcome::Stopped(format!(
                "{d} is {}, not a hot spare",
                pd.firmware_state
            )));
        }
        return apply_change(
            env,
            drive_change(
                "hotspare-remove",
                a,
                d,
                Op::HotspareRemove {
                    adapter: a,
                    drive: d,
                },
                vec![],
                None,
                &[FirmwareState::UnconfiguredGood],
            ),
        );
    }
    if pd.firmware_state != FirmwareState::UnconfiguredGood {
        return Ok(Outcome::Stopped(format!(
            "{d} is {}: only Unconfigured(good) drives can become hot spares",
            pd.firmware_state
        )));
    }
    if pd.foreign == Some(true) {
        return Ok(Outcome::Stopped(format!(
            "{d} carries a foreign configuration: inspect it with `raidctl foreign show` first"
        )));
    }
    // MegaCli and storcli dedicate a spare to arrays (from the topology); OpenManage's
    // snapshot has no topology and names the VD itself.
    let (arrays, vds) = match dedicated {
        Some(ld) => match arrays_of(&snap, a, ld) {
            Some(v) => (v, vec![ld]),
            None if snap.logical_drive(a, ld).is_some() => (Vec::new(), vec![ld]),
            None => {
                return Ok(Outcome::Stopped(format!(
                    "VD {ld} not found on adapter {a}"
                )));
            }
        },
        None => (Vec::new(), Vec::new()),
    };
    let mut warnings = Vec::new();
    let protected: Vec<&crate::model::LogicalDrive> = snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == a && dedicated.is_none_or(|t| t == l.target_id))
        .collect();
    let largest = protected
        .iter()
        .flat_map(|l| l.members.iter())
        .filter_map(|m| snap.drive(a, *m).and_then(|p| p.coerced_size_bytes))
        .max();
    if let (Some(need), Some(have)) = (largest, pd.coerced_size_bytes) {
        if have < need {
            let (have, need) = fmt_sizes(have, need);
            warnings.push(Check::new(Level::Warn, g::SPARE_TOO_SMALL, format!("{d} ({have}) is smaller than the largest member it protects ({need}): it cannot replace that drive")).text);
        }
    }
    let starting: Vec<&crate::model::LogicalDrive> = protected
        .iter()
        .copied()
        .filter(|l| l.state != LdState::Optimal)
        .collect();
    if !starting.is_empty() {
        warnings.push(
            Check::new(
                Level::Warn,
                g::SPARE_STARTS_REBUILD,
                format!(
                    "VD {} is not optimal: the new spare will start rebuilding at once",
                    starting
                        .iter()
                        .map(|l| l.target_id.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .text,
        );
        let reads = Reads::of(env.ops, a);
        let targets: Vec<u32> = starting.iter().map(|l| l.target_id).collect();
        for ld in &starting {
            warnings.extend(pc::event_damage(&snap, ld, None, reads.events()).map(|c| c.text));
        }
        warnings.extend(
            pc::bbu_write_back(&snap, a, Some(&targets))
                .into_iter()
                .map(|c| c.text),
        );
    }
    apply_change(
        env,
        drive_change(
            "hotspare-add",
            a,
            d,
            Op::HotspareSet {
                adapter: a,
                drive: d,
                arrays,
                vds,
            },
            warnings,
            None,
            &[FirmwareState::Hotspare, FirmwareState::Rebuild],
        ),
    )
}

/// `raidctl rebuild start|stop E:S`.
///
/// # Errors
/// See [`apply_change`].
pub fn rebuild(
    env: &mut Env<'_>,
    action: &str,
    target: &str,
    adapter: Option<u32>,
) -> Result<Outcome, WfError> {
    let (snap, pd) = fresh_target(env, target, adapter)?;
    let (a, d) = (pd.adapter, pd.address());
    match action {
        "start" => {
            if pd.firmware_state != FirmwareState::Offline {
                return Ok(Outcome::Stopped(format!(
                    "{d} is {}: a rebuild starts on an Offline member (after replace-missing)",
                    pd.firmware_state
                )));
            }
            let mut warnings = Vec::new();
            if let Some(ld) = pd.logical_drive.and_then(|t| snap.logical_drive(a, t)) {
                if let Some(c) = pc::bad_blocks(ld) {
                    return Ok(Outcome::Stopped(format!("refused: {}", c.text)));
                }
                let reads = Reads::of(env.ops, a);
                warnings
                    .extend(pc::event_damage(&snap, ld, Some(d), reads.events()).map(|c| c.text));
                warnings.extend(
                    pc::bbu_write_back(&snap, a, Some(&[ld.target_id]))
                        .into_iter()
                        .map(|c| c.text),
                );
            }
            apply_change(
                env,
                drive_change(
                    "rebuild-start",
                    a,
                    d,
                    Op::RebuildStart {
                        adapter: a,
                        drive: d,
                    },
                    warnings,
                    None,
                    &[FirmwareState::Rebuild, FirmwareState::Online],
                ),
            )
        }
        "stop" => {
            if pd.firmware_state != FirmwareState::Rebuild {
                return Ok(Outcome::Stopped(format!("{d} is not rebuilding")));
            }
            let warnings = vec![
                "stopping leaves the VD without full redundancy until a rebuild runs again"
                    .to_owned(),
            ];
            apply_change(
                env,
                drive_change(
                    "rebuild-stop",
                    a,
                    d,
                    Op::RebuildStop {
                        adapter: a,
                        drive: d,
                    },
                    warnings,
                    None,
                    &[FirmwareState::Offline],
                ),
            )
        }
        other => Err(WfError::Usage(format!("unknown rebuild action {other}"))),
    }
}

/// `raidctl rebuild status|watch E:S`: read-only.
///
/// # Errors
/// Backend errors.
pub fn rebuild_status(
    env: &mut Env<'_>,
    target: &str,
    adapter: Option<u32>,
    watch: bool,
) -> Result<Outcome, WfError> {
    let (_, pd) = fresh_target(env, target, adapter)?;
    let (a, d) = (pd.adapter, pd.address());
    let bar = crate::progress::bar(100, &format!("rebuild {d}"));
    for _ in 0..if watch { env.max_polls() } else { 1 } {
        match env.ops.progress(a, d)? {
            Some(p) => {
                let pct = p.percent.unwrap_or(0);
                let so_far = progress_text(Some(pct), p.elapsed_minutes);
                let text = format!("{} {d}: {pct}%{so_far}", p.kind);
                if !watch {
                    // The result goes to standard output once, not also to the narration.
                    return Ok(Outcome::Completed(text));
                }
                bar.set(u64::from(pct), so_far.trim_start());
                if !bar.visible() {
                    env.say(&text);
                }
            }
            None => {
                let state = env
                    .ops
                    .snapshot()?
                    .drive(a, d)
                    .map(|p| p.firmware_state.clone());
                if state == Some(FirmwareState::Rebuild) {
                    // Some tools (OMSA) show the state but no percentage: keep watching the state.
                    if !watch {
                        return Ok(Outcome::Completed(format!(
                            "{d} is rebuilding ({} reports no percentage)",
                            env.ops.name()
                        )));
                    }
                } else {
                    bar.finish("");
                    let shown = state.map_or_else(|| "gone".to_owned(), |s| s.to_string());
                    return Ok(Outcome::Completed(format!(
                        "{d} is not rebuilding (state {shown})"
                    )));
                }
            }
        }
        env.wait_a_bit();
    }
    bar.abandon();
    Ok(Outcome::Stopped(format!(
        "still rebuilding {d} after the wait timeout"
    )))
}

/// One line per rebuild or copyback running on `adapter` (every adapter when `None`).
fn running_copies(
    env: &Env<'_>,
    adapter: Option<u32>,
) -> Result<Vec<(u32, DriveAddress, String)>, WfError> {
    let snap = env.ops.snapshot()?;
    let mut out = Vec::new();
    for pd in &snap.physical_drives {
        if adapter.is_some_and(|a| a != pd.adapter)
            || !matches!(
                pd.firmware_state,
                FirmwareState::Rebuild | FirmwareState::Copyback
            )
        {
            continue;
        }
        let (a, d) = (pd.adapter, pd.address());
        let kind = if pd.firmware_state == FirmwareState::Copyback {
            "copyback"
        } else {
            "rebuild"
        };
        let text = match env.ops.progress(a, d)? {
            Some(p) => {
                let pct = p.percent.unwrap_or(0);
                format!(
                    "{} {d} on adapter {a}: {pct}%{}",
                    p.kind,
                    progress_text(Some(pct), p.elapsed_minutes)
                )
            }
            None => format!(
                "{kind} {d} on adapter {a}: running ({} reports no percentage)",
                env.ops.name()
            ),
        };
        out.push((a, d, text));
    }
    Ok(out)
}

/// `raidctl rebuild status|watch` without a drive: every rebuild and copyback on the adapter
/// (`-a`) or on all of them; `watch` follows them until none is left.
///
/// # Errors
/// Backend errors.
pub fn rebuild_status_all(
    env: &mut Env<'_>,
    adapter: Option<u32>,
    watch: bool,
) -> Result<Outcome, WfError> {
    let on = adapter.map_or_else(|| "any adapter".to_owned(), |a| format!("adapter {a}"));
    let mut seen: Vec<(u32, DriveAddress)> = Vec::new();
    for _ in 0..if watch { env.max_polls() } else { 1 } {
        let running = running_copies(env, adapter)?;
        if running.is_empty() {
            if seen.is_empty() {
                return Ok(Outcome::Completed(format!(
                    "no rebuild or copyback is running on {on}"
                )));
            }
            let snap = env.ops.snapshot()?;
            let ends: Vec<String> = seen
                .iter()
                .map(|&(a, d)| {
                    let state = snap
                        .drive(a, d)
                        .map_or_else(|| "gone".to_owned(), |p| p.firmware_state.to_string());
                    format!("{d} on adapter {a} is {state}")
                })
                .collect();
            return Ok(Outcome::Completed(format!(
                "no rebuild or copyback is running any more: {}",
                ends.join(", ")
            )));
        }
        let lines: Vec<String> = running.iter().map(|(_, _, t)| t.clone()).collect();
        if !watch {
            return Ok(Outcome::Completed(lines.join("\n")));
        }
        for (a, d, text) in running {
            if !seen.contains(&(a, d)) {
                seen.push((a, d));
            }
            env.say(&text);
        }
        env.wait_a_bit();
    }
    Ok(Outcome::Stopped(format!(
        "rebuilds or copybacks still running on {on} after the wait timeout"
    )))
}

/// `raidctl foreign scan|show`.
///
/// # Errors
/// Backend errors.
pub fn foreign_show(env: &mut Env<'_>, adapter: u32) -> Result<Outcome, WfError> {
    let configs = env.ops.foreign(adapter)?;
    if configs.is_empty() {
        return Ok(Outcome::Completed(format!(
            "no foreign configuration on adapter {adapter}"
        )));
    }
    for f in &configs {
        env.say(&format!(
            "foreign configuration {} on adapter {}:",
            f.index, f.adapter
        ));
        for g in &f.disk_groups {
            for s in &g.spans {
                env.say(&format!(
                    "  disk group {} array {}: rows {}",
                    g.index,
                    s.array_ref.unwrap_or(s.index),
                    s.rows_text()
                ));
            }
            env.say(&format!("  VDs: {:?}", g.logical_drives));
        }
    }
    Ok(Outcome::Completed(format!(
        "{} foreign configuration(s) on adapter {adapter}",
        configs.len()
    )))
}

/// After an import or clear of every foreign configuration, no drive may still be foreign.
fn foreign_gone(adapter: u32, index: Option<u32>) -> Vec<Expect> {
    match index {
        None => vec![Expect::ForeignGone { adapter }],
        Some(_) => Vec::new(),
    }
}

/// `raidctl foreign import [N]`.
///
/// # Errors
/// See [`apply_change`].
pub fn foreign_import(
    env: &mut Env<'_>,
    adapter: u32,
    index: Option<u32>,
) -> Result<Outcome, WfError> {
    let configs = env.ops.foreign(adapter)?;
    if configs.is_empty() {
        return Ok(Outcome::Stopped(format!(
            "no foreign configuration on adapter {adapter}"
        )));
    }
    let warnings = vec!["redundant VDs in the imported configuration start rebuilding; run a consistency check after the rebuild".to_owned()];
    apply_change(
        env,
        Change {
            name: "foreign-import".into(),
            target: format!(
                "a{adapter}-{}",
                index.map_or_else(|| "all".into(), |i| i.to_string())
            ),
            adapter,
            after_create: None,
            ops: vec![Op::ForeignImport { adapter, index }],
            warnings,
            typed_confirmation: None,
            ask: true,
            expect: foreign_gone(adapter, index),
        },
    )
}

/// `raidctl foreign clear [N] --i-understand-data-loss N`.
///
/// # Errors
/// See [`apply_change`].
pub fn foreign_clear(
    env: &mut Env<'_>,
    adapter: u32,
    index: Option<u32>,
    ack: Option<&str>,
) -> Result<Outcome, WfError> {
    let configs = env.ops.foreign(adapter)?;
    if configs.is_empty() {
        return Ok(Outcome::Stopped(format!(
            "no foreign configuration on adapter {adapter}"
        )));
    }
    let name = index.map_or_else(|| "all".to_owned(), |i| i.to_string());
    let missing = env.ops.missing(adapter)?;
    let pinned = env.ops.preserved_cache(adapter)?;
    let mut reasons = Vec::new();
    if !missing.is_empty() {
        reasons.push(format!(
            "[{}] {} VD row(s) are waiting for missing drives: the foreign drive may hold the only copy of that data (import it instead: `raidctl foreign import`)",
            g::FOREIGN_CLEAR_WAITING,
            missing.len()
        ));
    }
    if pinned.any() {
        let whose = if pinned.targets.is_empty() {
            "a VD the tool does not name".to_owned()
        } else {
            format!("VD(s) {:?}", pinned.targets)
        };
        reasons.push(format!("[{}] preserved cache exists for {whose}: importing brings that data back; clearing loses it", g::FOREIGN_CLEAR_PINNED));
    }
    if !reasons.is_empty() && ack != Some(name.as_str()) {
        return Ok(Outcome::Stopped(format!(
            "refused: {}. If you are sure, pass --i-understand-data-loss {name}",
            reasons.join("; ")
        )));
    }
    let mut warnings = reasons;
    warnings.push(
        "clearing erases the foreign metadata: the data of those VDs becomes unreachable".into(),
    );
    apply_change(
        env,
        Change {
            name: "foreign-clear".into(),
            target: format!("a{adapter}-{name}"),
            adapter,
            after_create: None,
            ops: vec![Op::ForeignClear { adapter, index }],
            warnings,
            typed_confirmation: Some(format!("clear-{name}")),
            ask: true,
            expect: foreign_gone(adapter, index),
        },
    )
}

/// `raidctl adapter alarm|battery-warning|rebuild-rate`.
///
/// # Errors
/// See [`apply_change`].
pub fn adapter_setting(env: &mut Env<'_>, adapter: u32, op: Op) -> Result<Outcome, WfError> {
    let snap = env.ops.snapshot()?;
    if !snap.adapters.iter().any(|a| a.adapter == adapter) {
        return Err(WfError::Usage(format!("no adapter {adapter}")));
    }
    let mut warnings = Vec::new();
    if let Op::Alarm {
        action: Alarm::Disable,
        ..
    } = op
    {
        warnings.push(format!(
            "[{}] disabling the alarm persists across reboots; `silence` only quiets the current alarm",
            g::ALARM_DISABLE
        ));
    }
    if let Op::BatteryWarning { enabled: false, .. } = op {
        warnings.push(format!(
            "[{}] with the battery warning off, a failed battery goes unnoticed at boot",
            g::ALARM_DISABLE
        ));
    }
    let expect = match op {
        Op::RebuildRate { percent, .. } => vec![Expect::RebuildRate { adapter, percent }],
        _ => Vec::new(),
    };
    apply_change(
        env,
        Change {
            name: "adapter-setting".into(),
            target: format!("a{adapter}"),
            adapter,
            after_create: None,
            ops: vec![op],
            warnings,
            typed_confirmation: None,
            ask: true,
            expect,
        },
    )
}
