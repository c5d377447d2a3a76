//! MegaCli's snapshot: the four fixed reads side by side, then the reads they show a reason
//! for (rebuild and copyback progress, the foreign scan).
//!
//! The snapshot before this one, when there is one, says which of those reasons are likely
//! still there: a rebuild runs for hours and logs progress events all along, so every full
//! read during it would otherwise pay a second round of calls. The guessed reads run beside
//! the fixed ones; none of the earlier snapshot's content enters the new one. A guess that no
//! longer holds is dropped, and a reason the guess missed is read in a second round as without
//! a guess, so the snapshot is the one a read without a guess gives.

use super::megacli::{BackendError, MegaCli};
use super::snapshot::{MAX_CALLS, Panicked, SNAPSHOT_SCHEMA, Snapshot, derive, join, now_unix};
use crate::model::{Document, FirmwareState, Progress};
use crate::parse::Kind;

type Read<'a> = Box<dyn FnOnce() -> Option<Result<Document, BackendError>> + Send + 'a>;

/// Gathers a snapshot from MegaCli; `hint` is the snapshot before it, if any.
///
/// # Errors
/// Any failed, hung, crashed, silent or unparseable vendor call: a snapshot is all or nothing,
/// so monitoring never reports a partial inventory as healthy. A guessed read's failure is no
/// error: what it was for is read again when the fixed reads show it is needed.
pub fn gather(mc: &MegaCli, hint: Option<&Snapshot>) -> Result<Snapshot, BackendError> {
    let before = mc.calls();
    let mut snap = Snapshot {
        schema_version: SNAPSHOT_SCHEMA,
        taken_at_unix: now_unix(),
        source: mc.program().display().to_string(),
        ..Snapshot::default()
    };

    let (rbld_guessed, fgn_guessed) = fixed_reads(mc, hint, &mut snap)?;

    let mut rebuilding: Vec<String> = addresses_in(&snap, &FirmwareState::Rebuild);
    let copyback: Vec<String> = addresses_in(&snap, &FirmwareState::Copyback);
    let foreign = snap.physical_drives.iter().any(|d| d.foreign == Some(true));

    // What the guesses answered for the drives and configurations there are now. MegaCli
    // answers a drive no longer rebuilding with a failure status and the others' progress.
    take_rebuild_guess(&mut snap, rbld_guessed, &mut rebuilding);
    let mut foreign_read = false;
    if let Some(Ok(doc)) = fgn_guessed {
        if foreign {
            snap.foreign_configs = doc.foreign_configs;
            foreign_read = true;
        }
    }

    follow_up_reads(
        mc,
        before,
        &mut snap,
        &rebuilding,
        &copyback,
        foreign && !foreign_read,
    )?;
    derive(&mut snap);
    snap.vendor_calls = mc.calls() - before;
    Ok(snap)
}

/// A read's answer, if it ran.
type Answer = Option<Result<Document, BackendError>>;

/// The four fixed reads (adapters, configuration, drives, battery) into `snap`, side by side
/// with the reads `hint` suggests (rebuild progress, the foreign scan), whose answers are
/// returned. A failed fixed read is an error; the failure status of an adapter without
/// configuration or battery is not.
fn fixed_reads(
    mc: &MegaCli,
    hint: Option<&Snapshot>,
    snap: &mut Snapshot,
) -> Result<(Answer, Answer), BackendError> {
    let q = |args: &[&str], kind| mc.query(args, kind, false);
    let mut spare = MAX_CALLS - 4;
    let guess_rbld: Vec<String> = hint
        .map(|h| addresses_in(h, &FirmwareState::Rebuild))
        .filter(|v| !v.is_empty() && spare > 0)
        .unwrap_or_default();
    spare -= u32::from(!guess_rbld.is_empty());
    let guess_foreign = spare > 0
        && hint.is_some_and(|h| h.physical_drives.iter().any(|d| d.foreign == Some(true)));
    let guess_rbld_arg = format!("-PhysDrv[{}]", guess_rbld.join(","));

    // The fixed reads and the guesses overlap (see [`super::snapshot::overlap`]); their
    // results are taken in the same order as one after another, so the snapshot is the same.
    let reads: Vec<Read<'_>> = vec![
        Box::new(|| Some(q(&["-AdpAllInfo", "-aALL"], Kind::AdpAllInfo))),
        Box::new(|| Some(q(&["-CfgDsply", "-aALL"], Kind::CfgDsply))),
        Box::new(|| Some(q(&["-PDList", "-aALL"], Kind::PdList))),
        Box::new(|| {
            Some(q(
                &["-AdpBbuCmd", "-GetBbuStatus", "-aALL"],
                Kind::BbuStatus,
            ))
        }),
        Box::new(|| {
            (!guess_rbld.is_empty()).then(|| {
                q(
                    &["-PDRbld", "-ShowProg", &guess_rbld_arg, "-aALL"],
                    Kind::Progress,
                )
            })
        }),
        Box::new(|| {
            guess_foreign.then(|| q(&["-CfgForeign", "-Scan", "-aALL"], Kind::ForeignScan))
        }),
    ];
    let mut results = super::snapshot::overlap(reads).into_iter();
    let mut next = || results.next().flatten();
    let (info, cfg, pds, bbu) = (next(), next(), next(), next());
    let (rbld_guessed, fgn_guessed) = (next(), next());
    let missing = || BackendError::Refused("internal error: a snapshot read was lost".into());

    let info = info.ok_or_else(missing)??;
    if info.adapters.is_empty() {
        return Err(BackendError::Unparseable {
            argv: mc.command_line(&["-AdpAllInfo", "-aALL"]),
            reason: "no adapter in the output".into(),
        });
    }
    snap.adapters = info.adapters;
    snap.warnings.append(info.warnings);

    let cfg = match cfg.ok_or_else(missing)? {
        Ok(doc) => doc,
        // An adapter without any configuration answers -CfgDsply with a failure status.
        Err(BackendError::Failed { doc, .. }) if doc.logical_drives.is_empty() => *doc,
        Err(e) => return Err(e),
    };
    snap.logical_drives = cfg.logical_drives;
    snap.disk_groups = cfg.disk_groups;
    snap.progress.extend(cfg.progress);
    snap.warnings.append(cfg.warnings);

    let pds = pds.ok_or_else(missing)??;
    snap.physical_drives = pds.physical_drives;
    snap.warnings.append(pds.warnings);

    let bbu = match bbu.ok_or_else(missing)? {
        Ok(doc) => doc,
        // No battery: MegaCli says `Get BBU Status Failed` with a non-zero status.
        Err(BackendError::Failed { doc, .. }) => *doc,
        Err(e) => return Err(e),
    };
    snap.bbus = bbu.bbus;
    Ok((rbld_guessed, fgn_guessed))
}

/// The progress the guessed rebuild read answered for drives rebuilding now; those it answered
/// for are taken off `rebuilding`.
fn take_rebuild_guess(snap: &mut Snapshot, rbld_guessed: Answer, rebuilding: &mut Vec<String>) {
    if let Some(doc) = rbld_guessed.and_then(|r| match r {
        Ok(doc) => Some(doc),
        Err(BackendError::Failed { doc, .. }) => Some(*doc),
        Err(_) => None,
    }) {
        let answered: Vec<String> = doc
            .progress
            .iter()
            .filter_map(|p| p.drive.map(|d| d.megacli_arg()))
            .collect();
        let wanted: Vec<Progress> = doc
            .progress
            .into_iter()
            .filter(|p| {
                p.drive
                    .is_some_and(|d| rebuilding.contains(&d.megacli_arg()))
            })
            .collect();
        attach_progress(snap, wanted);
        rebuilding.retain(|a| !answered.contains(a));
    }
}

/// The second round: the rebuild and copyback progress and the foreign scan the fixed reads
/// showed a reason for and no guess answered, within the call budget (copyback last; a
/// warning when it is not read).
fn follow_up_reads(
    mc: &MegaCli,
    before: u32,
    snap: &mut Snapshot,
    rebuilding: &[String],
    copyback: &[String],
    foreign_unread: bool,
) -> Result<(), BackendError> {
    let q = |args: &[&str], kind| mc.query(args, kind, false);
    let mut budget = MAX_CALLS.saturating_sub(mc.calls() - before);
    let rbld_arg = format!("-PhysDrv[{}]", rebuilding.join(","));
    let cpbk_arg = format!("-PhysDrv[{}]", copyback.join(","));
    let want_rbld = !rebuilding.is_empty() && budget > 0;
    budget -= u32::from(want_rbld);
    let want_foreign = foreign_unread && budget > 0;
    budget -= u32::from(want_foreign);
    let want_cpbk = !copyback.is_empty() && budget > 0;
    let (rbld, fgn, cpbk) = overlap3(
        || {
            want_rbld.then(|| {
                q(
                    &["-PDRbld", "-ShowProg", &rbld_arg, "-aALL"],
                    Kind::Progress,
                )
            })
        },
        || want_foreign.then(|| q(&["-CfgForeign", "-Scan", "-aALL"], Kind::ForeignScan)),
        || {
            want_cpbk.then(|| {
                q(
                    &["-PDCpyBk", "-ShowProg", &cpbk_arg, "-aALL"],
                    Kind::Progress,
                )
            })
        },
    );
    if let Some(doc) = rbld.transpose()? {
        attach_progress(snap, doc.progress);
    }
    if let Some(doc) = fgn.transpose()? {
        snap.foreign_configs = doc.foreign_configs;
    }
    if let Some(doc) = cpbk.transpose()? {
        attach_progress(snap, doc.progress);
    } else if !copyback.is_empty() {
        snap.warnings.push(crate::model::Warning {
            file: None,
            line: 0,
            message: "copyback progress not read: call budget spent on rebuild and foreign scan"
                .into(),
        });
    }
    Ok(())
}

fn overlap3<A, B, C>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
    c: impl FnOnce() -> C + Send,
) -> (A, B, C)
where
    A: Send + From<Panicked>,
    B: Send + From<Panicked>,
    C: Send + From<Panicked>,
{
    std::thread::scope(|s| {
        let (hb, hc) = (s.spawn(b), s.spawn(c));
        let ra = a();
        (ra, join(hb), join(hc))
    })
}

fn addresses_in(snap: &Snapshot, state: &FirmwareState) -> Vec<String> {
    let mut v: Vec<String> = snap
        .physical_drives
        .iter()
        .filter(|d| &d.firmware_state == state)
        .map(|d| d.address().megacli_arg())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Progress lines do not name the adapter; match them to the drive in that state.
fn attach_progress(snap: &mut Snapshot, progress: Vec<Progress>) {
    for mut p in progress {
        let Some(addr) = p.drive else { continue };
        let owner = snap.physical_drives.iter().find(|d| {
            d.address() == addr
                && matches!(
                    d.firmware_state,
                    FirmwareState::Rebuild | FirmwareState::Copyback
                )
        });
        if let Some(d) = owner {
            p.adapter = d.adapter;
            if p.in_progress {
                snap.progress.push(p);
            }
        }
    }
}
