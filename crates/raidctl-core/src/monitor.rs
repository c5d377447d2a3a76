//! `status`, `check` and `metrics`: one snapshot, the health rules, three renderings.

use crate::backend::ops::{Op, Operations};
use crate::backend::snapshot::{Freshness, Snapshot};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::health::{self, Baseline, Problem, Severity};
use crate::model::DriveAddress;
use crate::output::{Format, Style, check, metrics, status};
use crate::workflow::replace::Flow;
use std::io::Write;
use std::path::Path;

/// Takes (or reuses) a snapshot and evaluates it against the counter baseline.
///
/// # Errors
/// The reason the controller state is unknown.
pub fn evaluate(ctx: &Ctx, fresh: Freshness) -> Result<(Snapshot, Vec<Problem>), String> {
    evaluate_with(ctx, fresh, fresh.max_age).map(|e| (e.snap, e.problems))
}

/// One read of the host: the snapshot (the Ceph join, SMART and raidctl's own records
/// applied), its problems, and the join itself.
#[derive(Debug)]
pub struct Evaluation {
    /// What was read.
    pub snap: Snapshot,
    /// The problems found.
    pub problems: Vec<Problem>,
    /// The Ceph identity join.
    pub join: crate::ceph::OsdJoin,
}

/// [`evaluate`], with the join read from the cluster when its cached copy is older than
/// `join_age`, and the join returned.
///
/// # Errors
/// The reason the controller state is unknown.
pub fn evaluate_with(
    ctx: &Ctx,
    fresh: Freshness,
    join_age: std::time::Duration,
) -> Result<Evaluation, String> {
    evaluate_raw(ctx, fresh, join_age).map(|mut e| {
        if let Ok(ops) = ctx.ops() {
            fit_suggestions(&mut e.problems, ops);
        }
        e
    })
}

/// Whether `ops` can carry out a suggested `raidctl` subcommand (drive and adapter do not
/// matter). replace-drive has a step sequence per backend family ([`Flow`]).
fn can_run(suggestion: &str, ops: &dyn Operations) -> bool {
    let (adapter, drive) = (0, DriveAddress::new(0, 0));
    let rest = suggestion.strip_prefix("raidctl ").unwrap_or("");
    let words: Vec<&str> = rest.split_whitespace().take(2).collect();
    let needed = match words.as_slice() {
        ["replace-drive", ..] => return Flow::for_backend(ops, adapter, drive).is_ok(),
        ["pd", "make-good"] => vec![Op::MakeGood {
            adapter,
            drive,
            force: false,
        }],
        ["rebuild", "start"] => vec![Op::RebuildStart { adapter, drive }],
        ["hotspare", "add"] => vec![Op::HotspareSet {
            adapter,
            drive,
            arrays: Vec::new(),
            vds: Vec::new(),
        }],
        _ => Vec::new(),
    };
    needed.iter().all(|op| ops.supports(op))
}

/// Suggestions the backend in use cannot carry out name the backend that can instead, so
/// the next step shown is never a command that is then refused.
pub fn fit_suggestions(problems: &mut [Problem], ops: &dyn Operations) {
    for p in problems {
        let Some(s) = &p.suggestion else { continue };
        if can_run(s, ops) {
            continue;
        }
        let rest = s.strip_prefix("raidctl ").unwrap_or(s);
        if ops.name() == "storcli" {
            // The controller itself refuses what a replacement needs: no other
            // backend drives it, so the steps it does allow.
            if let Some(args) = rest.strip_prefix("replace-drive ") {
                p.suggestion = Some(format!(
                    "raidctl pd locate {args}, swap the drive, raidctl rebuild watch {args} (this controller cannot take a guided replacement, so replace-drive is refused)"
                ));
            }
            continue;
        }
        // OpenManage runs on Dell PERCs, whose own tool is perccli.
        let can = if ops.name() == "omreport" {
            "perccli"
        } else {
            "storcli"
        };
        p.suggestion = Some(format!(
            "raidctl --backend {can} {rest} (the {} backend cannot do this; perccli, storcli or megacli can)",
            ops.name()
        ));
    }
}

/// What raidctl itself left on this host: replacements that are not over (a run under way
/// is said as such, not as interrupted) and bays it set blinking and did not stop.
fn host_work(state_dir: &Path, snap: &Snapshot) -> Vec<Problem> {
    use crate::workflow::{journal, locates};
    let mut out = Vec::new();
    for w in journal::unfinished(state_dir) {
        let bay = w
            .drive
            .map_or_else(|| "a drive".to_owned(), |d| d.to_string());
        let serial = w
            .serial
            .as_deref()
            .map_or_else(String::new, |s| format!(" (serial {s})"));
        let first = w.detail.lines().next().unwrap_or("").trim();
        let live = w
            .adapter
            .and_then(|a| crate::workflow::running(state_dir, a))
            .filter(|_| w.ending == journal::Ending::Interrupted);
        let (severity, message, suggestion) = match live {
            Some(who) => (
                Severity::Info,
                format!("the replacement of {bay}{serial} is under way ({who})"),
                None,
            ),
            None => (
                Severity::Warning,
                format!(
                    "the replacement of {bay}{serial} was {} at {} and is not over{}",
                    w.ending.as_str(),
                    crate::model::utc_time(w.at),
                    if first.is_empty() {
                        String::new()
                    } else {
                        format!(": {first}")
                    }
                ),
                w.resume.clone(),
            ),
        };
        out.push(Problem {
            rule: health::rule::WORKFLOW_UNFINISHED,
            severity,
            adapter: w.adapter,
            subject: w.drive.map_or_else(|| "host".to_owned(), |d| d.to_string()),
            message,
            suggestion,
        });
    }
    match locates::blinking(state_dir) {
        // A locate is the drive's: once its bay is empty nothing blinks for it.
        Ok(bays) => out.extend(
            bays.into_iter()
                .filter(|b| snap.drive(b.adapter, b.drive).is_some())
                .map(|b| Problem {
                    rule: health::rule::BAY_BLINKING,
                    severity: Severity::Info,
                    adapter: Some(b.adapter),
                    subject: b.drive.to_string(),
                    message: format!(
                        "{} of adapter {} is blinking: raidctl started its locate LED at {} ({}) and has not stopped it",
                        b.drive,
                        b.adapter,
                        crate::model::utc_time(b.since),
                        b.workflow
                    ),
                    suggestion: Some(b.stop_command()),
                }),
        ),
        Err(e) => crate::errln!("raidctl: {e}: the bays raidctl left blinking are not known"),
    }
    out
}

fn evaluate_raw(
    ctx: &Ctx,
    fresh: Freshness,
    join_age: std::time::Duration,
) -> Result<Evaluation, String> {
    let snap = ctx.snapshot_with(fresh);
    if let Some(what) = &ctx.nothing_to_manage {
        // A tool may still see a controller sysfs does not show (a container): its answer
        // wins when it lists one; its absence or an empty answer is not a failure here.
        if !snap.as_ref().is_ok_and(|s| !s.adapters.is_empty()) {
            let now = crate::backend::snapshot::now_unix();
            let snap = Snapshot {
                source: "none".into(),
                taken_at_unix: now,
                confirmed_at_unix: Some(now),
                nothing_to_manage: Some(what.clone()),
                ..Snapshot::default()
            };
            return Ok(Evaluation {
                snap,
                problems: Vec::new(),
                join: crate::ceph::OsdJoin::default(),
            });
        }
    }
    let mut snap = snap.map_err(|e| e.to_string())?;
    // The Ceph identity join: empty and free without Ceph; said once when the mon is down.
    let mut join = ctx.osd_join(join_age);
    if let Some(note) = join.cluster_note() {
        crate::errln!("raidctl: {note}");
    }
    // A stale device, a malformed ceph-volume entry, an OSD file not read: each once per run.
    for n in &join.notes {
        crate::errln!("raidctl: {}", crate::escape::escape(n));
    }
    join.apply(&mut snap);
    // SMART through the controller, after the state read and within what is left of the
    // timeout; why it could not be read at all is a finding of its own.
    let unavailable = crate::smart::attach(
        &mut snap,
        &ctx.smart_source(),
        &ctx.state_dir,
        ctx.smart_max_age,
    );
    // Not a finding (the drives' state is what it is): a host without smartmontools, or
    // without a megaraid_sas host to address the drives through, is said once per run.
    for (_, why) in unavailable {
        crate::errln!("raidctl: SMART not read: {}", crate::escape::escape(&why));
    }
    // The Ceph life expectancies raidctl set (`ceph sync`), on their drives.
    health::ceph_sync::record::attach(&mut snap, &ctx.state_dir);
    let mut problems = match Baseline::load(&ctx.state_dir) {
        Ok(mut baseline) => {
            let problems = health::evaluate(&snap, &baseline);
            baseline.update_from(&snap);
            if let Err(e) = baseline.save(&ctx.state_dir) {
                crate::errln!("raidctl: cannot save the counter baseline: {e}");
            }
            problems
        }
        Err(e) => {
            // Never overwrite an unreadable baseline: the increases it records would be lost.
            crate::errln!(
                "raidctl: counter baseline unreadable ({e}); increases are not evaluated"
            );
            health::evaluate(&snap, &Baseline::default())
        }
    };
    problems.extend(host_work(&ctx.state_dir, &snap));
    problems.sort_by_key(|p| std::cmp::Reverse(p.severity));
    Ok(Evaluation {
        snap,
        problems,
        join,
    })
}

fn exit_for(sev: Severity) -> ExitStatus {
    match sev {
        Severity::Ok | Severity::Info => ExitStatus::Ok,
        Severity::Warning => ExitStatus::Warning,
        Severity::Critical => ExitStatus::Error,
    }
}

/// What a received bundle evaluates to: the snapshot its recorded outputs make, the problems
/// found, and whether the archive is what its manifest says.
pub type BundleEvaluation = (Snapshot, Vec<Problem>, crate::bundle::Integrity);

/// Evaluates a received support bundle offline with the same parsers and rules. The bundle's
/// own baseline is used; nothing is saved.
///
/// # Errors
/// The bundle cannot be read, or its controller outputs are unusable.
pub fn evaluate_bundle(path: &Path) -> Result<BundleEvaluation, crate::bundle::BundleError> {
    let (snap, info) = crate::bundle::load_bundle(path)?;
    for n in &info.notes {
        crate::errln!(
            "raidctl: {}: {}",
            crate::escape::escape(&path.display().to_string()),
            crate::escape::escape(n)
        );
    }
    let problems = health::evaluate(&snap, &info.baseline);
    Ok((snap, problems, info.integrity))
}

/// The line tables and check output start with for a bundle whose integrity failed.
fn integrity_line(integrity: &crate::bundle::Integrity) -> String {
    let shown: Vec<String> = integrity
        .errors
        .iter()
        .take(5)
        .map(|e| crate::escape::escape(e).into_owned())
        .collect();
    let more = integrity.errors.len().saturating_sub(shown.len());
    format!(
        "BUNDLE INTEGRITY FAILED - {} error(s): {}{}; nothing read from it can be trusted",
        integrity.errors.len(),
        shown.join("; "),
        if more > 0 {
            format!("; and {more} more")
        } else {
            String::new()
        }
    )
}

/// An unreadable bundle is bad input (2); one whose recorded outputs make no snapshot is as
/// unknown as the live state was (3), unless its integrity failed (4, said on standard output,
/// in JSON as `{"integrity": ..., "error": ...}`).
fn bundle_error(e: &crate::bundle::BundleError, json: bool, out: &mut dyn Write) -> ExitStatus {
    match e {
        crate::bundle::BundleError::Unreadable(m) => {
            crate::errln!("raidctl: {}", crate::escape::escape_text(m));
            ExitStatus::Error
        }
        crate::bundle::BundleError::NoSnapshot(m, integrity) => {
            crate::errln!(
                "raidctl: controller state unknown: {}",
                crate::escape::escape_text(m)
            );
            if integrity.ok {
                return ExitStatus::Unknown;
            }
            let _ = if json {
                serde_json::to_writer_pretty(
                    &mut *out,
                    &serde_json::json!({ "integrity": integrity, "error": m }),
                )
                .map_err(std::io::Error::from)
                .and_then(|()| writeln!(out))
            } else {
                writeln!(out, "{}", integrity_line(integrity))
            };
            ExitStatus::IntegrityFailed
        }
    }
}

/// `raidctl status --from-bundle`: as [`run_status`], with the bundle's integrity in the JSON
/// document (`integrity: {ok, errors}`) and as a line on top of the tables; a bundle whose
/// integrity failed exits [`ExitStatus::IntegrityFailed`] whatever it holds.
pub fn run_status_bundle(
    result: Result<BundleEvaluation, crate::bundle::BundleError>,
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    let (snap, problems, integrity) = match result {
        Ok(r) => r,
        Err(e) => return bundle_error(&e, format == Format::Json, out),
    };
    let _ = match format {
        Format::Json => {
            let doc = status::BundleStatusDoc {
                status: status::status_doc(&snap, &problems),
                integrity: &integrity,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)
                .map_err(std::io::Error::from)
                .and_then(|()| writeln!(out))
        }
        Format::Table => {
            let line = if integrity.ok {
                "Bundle integrity: OK (every file matches the manifest)".to_owned()
            } else {
                integrity_line(&integrity)
            };
            writeln!(out, "{line}\n")
                .and_then(|()| write!(out, "{}", status::render_status(&snap, &problems, style)))
        }
    };
    if integrity.ok {
        exit_for(health::overall(&problems))
    } else {
        ExitStatus::IntegrityFailed
    }
}

/// `raidctl check --from-bundle`: as [`run_check`]. A plugin exits 0-3 only: a bundle whose
/// integrity failed is CRITICAL, its first line `RAID CRITICAL - BUNDLE INTEGRITY FAILED -
/// ...` (what a monitor shows); an unreadable one is UNKNOWN-worthy bad input, exit 2 as for
/// `status`, with its status line.
pub fn run_check_bundle(
    result: Result<BundleEvaluation, crate::bundle::BundleError>,
    verbose: bool,
    out: &mut dyn Write,
) -> ExitStatus {
    let (snap, problems, integrity) = match result {
        Ok(r) => r,
        // As live: the plugin line says why the state is unknown.
        Err(crate::bundle::BundleError::NoSnapshot(m, i)) if i.ok => {
            return run_check(Err(m), verbose, out);
        }
        Err(crate::bundle::BundleError::NoSnapshot(m, i)) => {
            crate::errln!(
                "raidctl: controller state unknown: {}",
                crate::escape::escape_text(&m)
            );
            let _ = writeln!(out, "RAID CRITICAL - {}", integrity_line(&i));
            return ExitStatus::Error;
        }
        Err(e) => {
            let _ = writeln!(out, "RAID CRITICAL - the bundle cannot be read");
            return bundle_error(&e, false, out);
        }
    };
    let mut text = Vec::new();
    let status = run_check(Ok((snap, problems)), verbose, &mut text);
    if integrity.ok {
        let _ = out.write_all(&text);
        status
    } else {
        let _ = writeln!(out, "RAID CRITICAL - {}", integrity_line(&integrity));
        let _ = out.write_all(&text);
        ExitStatus::Error
    }
}

/// `raidctl status`.
pub fn run_status(
    result: Result<(Snapshot, Vec<Problem>), String>,
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    match result {
        Ok((snap, problems)) => {
            let _ = match format {
                Format::Json => {
                    serde_json::to_writer_pretty(&mut *out, &status::status_doc(&snap, &problems))
                        .map_err(std::io::Error::from)
                        .and_then(|()| writeln!(out))
                }
                Format::Table => write!(out, "{}", status::render_status(&snap, &problems, style)),
            };
            exit_for(health::overall(&problems))
        }
        Err(reason) => {
            crate::errln!(
                "raidctl: controller state unknown: {}",
                crate::escape::escape_text(&reason)
            );
            ExitStatus::Unknown
        }
    }
}

/// `raidctl check`.
pub fn run_check(
    result: Result<(Snapshot, Vec<Problem>), String>,
    verbose: bool,
    out: &mut dyn Write,
) -> ExitStatus {
    run_check_as(result, verbose, false, out)
}

/// `raidctl check`, as the plugin text or (`json`) the same verdict as one JSON document
/// (see [`check::CheckDoc`]); the exit status is the same either way.
pub fn run_check_as(
    result: Result<(Snapshot, Vec<Problem>), String>,
    verbose: bool,
    json: bool,
    out: &mut dyn Write,
) -> ExitStatus {
    let (mut text, code) = match &result {
        Ok((snap, problems)) => check::render_check(Ok((snap, problems))),
        Err(reason) => check::render_check(Err(reason)),
    };
    if json {
        let problems = result.as_ref().map_or(&[][..], |(_, p)| p.as_slice());
        text = check::check_json(&text, code, problems);
    }
    // `-v`: the controller's VDs and drives after the problems, when there is a controller.
    if let (true, false, Ok((snap, _))) = (verbose, json, &result)
        && !snap.adapters.is_empty()
    {
        text.push_str(&check::verbose_lines(snap));
    }
    let _ = write!(out, "{text}");
    match code {
        0 => ExitStatus::Ok,
        1 => ExitStatus::Warning,
        2 => ExitStatus::Error,
        _ => ExitStatus::Unknown,
    }
}

/// `raidctl metrics`: raidctl's series, or with `compat` another collector's.
pub fn run_metrics(
    result: Result<(Snapshot, Vec<Problem>), String>,
    textfile_dir: Option<&Path>,
    compat: Option<Compat>,
    out: &mut dyn Write,
) -> ExitStatus {
    let (text, name) = match (compat, &result) {
        (None, Ok((snap, problems))) => (
            metrics::render_metrics(Ok((snap, problems))),
            metrics::TEXTFILE_NAME,
        ),
        (None, Err(reason)) => (metrics::render_metrics(Err(reason)), metrics::TEXTFILE_NAME),
        (Some(Compat::StorcliPy), r) => {
            use crate::output::storcli_py;
            let snap = r.as_ref().map(|(s, _)| s).map_err(String::as_str);
            if let Err(reason) = snap {
                crate::errln!(
                    "raidctl: controller state unknown: {}",
                    crate::escape::escape_text(reason)
                );
            }
            (storcli_py::render(snap), storcli_py::TEXTFILE_NAME)
        }
    };
    match textfile_dir {
        Some(dir) => match metrics::write_textfile_as(dir, name, &text) {
            Ok(_) => {}
            Err(e) => {
                crate::errln!("raidctl: writing metrics into {}: {e}", dir.display());
                return ExitStatus::Error;
            }
        },
        None => {
            let _ = write!(out, "{text}");
        }
    }
    if result.is_ok() {
        ExitStatus::Ok
    } else {
        ExitStatus::Unknown
    }
}

/// How a Ceph sync runs.
#[derive(Debug, Clone, Copy)]
pub struct SyncRun {
    /// How it decides.
    pub opts: health::ceph_sync::SyncOptions,
    /// Change nothing.
    pub dry_run: bool,
}

/// A sync that could not run: the exit status and why (nothing was changed).
type SyncRefused = (ExitStatus, String);

/// Decides and (unless a dry run) carries out the sync of Ceph's device health for `eval`:
/// the actions with their results, and whether every command succeeded.
///
/// # Errors
/// The cluster or its device list did not answer, another sync runs, or raidctl's record
/// cannot be read or written: nothing was changed (or, for the record written last, the
/// changes made are said).
pub fn ceph_sync(
    ctx: &Ctx,
    eval: &Evaluation,
    run: SyncRun,
) -> Result<(Vec<health::ceph_sync::Action>, bool), SyncRefused> {
    use health::ceph_sync::{Record, execute, plan};
    if !matches!(eval.join.cluster, crate::ceph::ClusterView::Answered) {
        let why = match &eval.join.cluster {
            crate::ceph::ClusterView::NotConfigured { reason }
            | crate::ceph::ClusterView::Unreachable { reason } => reason.clone(),
            crate::ceph::ClusterView::Answered => String::new(),
        };
        return Err((
            ExitStatus::Unknown,
            match &eval.join.cluster {
                crate::ceph::ClusterView::NotConfigured { .. } => {
                    format!("no Ceph cluster to ask ({why}): nothing was changed")
                }
                _ => format!("the Ceph cluster did not answer ({why}): nothing was changed"),
            },
        ));
    }
    let ceph = ctx.ceph();
    let devices = ceph.device_ls().map_err(|e| {
        (
            ExitStatus::Unknown,
            format!("`ceph device ls`: {e}: nothing was changed"),
        )
    })?;
    // One sync at a time per state directory: two would both set, or both forget.
    let lock = crate::fsutil::Dir::prepare(&ctx.state_dir)
        .and_then(|d| d.open_lock("ceph-sync.lock"))
        .map_err(|e| (ExitStatus::Error, format!("{e}: nothing was changed")))?;
    if rustix::fs::flock(&lock, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_err() {
        return Err((
            ExitStatus::Error,
            "another `raidctl ceph sync` runs on this state directory: nothing was changed".into(),
        ));
    }
    let mut record = Record::load(&ctx.state_dir).map_err(|e| {
        (
            ExitStatus::Error,
            format!(
                "the record of what raidctl set is unreadable ({e}): nothing was changed (what raidctl set would be forgotten and never cleared); move it aside to start afresh"
            ),
        )
    })?;
    let before = record.clone();
    let baseline = Baseline::load(&ctx.state_dir).unwrap_or_default();
    let host = ctx.ceph_sources().hostname;
    let mut actions = plan(
        &eval.snap,
        &eval.join,
        &devices,
        &record,
        &baseline,
        crate::backend::snapshot::now_unix(),
        run.opts,
        host.as_deref(),
    );
    let ok = execute(&ceph, &mut actions, &mut record, run.dry_run);
    if record != before {
        record.save(&ctx.state_dir).map_err(|e| {
            let done: Vec<String> = actions
                .iter()
                .filter(|a| a.result.as_deref() == Some("done"))
                .map(|a| format!("{} {}", a.action.as_str(), a.devid.as_deref().unwrap_or("")))
                .collect();
            (
                ExitStatus::Error,
                format!(
                    "the record of what raidctl set could not be written ({e}); done in Ceph: {}",
                    if done.is_empty() {
                        "nothing".to_owned()
                    } else {
                        done.join(", ")
                    }
                ),
            )
        })?;
    }
    Ok((actions, ok))
}

/// `raidctl ceph sync`: the report on `out`; 0 done, 2 a command failed or the record
/// could not be used, 3 the controller or the cluster could not be read.
pub fn run_ceph_sync(
    ctx: &Ctx,
    eval: Result<Evaluation, String>,
    run: SyncRun,
    format: Format,
    quiet: bool,
    out: &mut dyn Write,
) -> ExitStatus {
    let eval = match eval {
        Ok(e) => e,
        Err(reason) => {
            crate::errln!(
                "raidctl: controller state unknown: {}: nothing was changed in Ceph",
                crate::escape::escape_text(&reason)
            );
            return ExitStatus::Unknown;
        }
    };
    let (actions, ok) = match ceph_sync(ctx, &eval, run) {
        Ok(r) => r,
        Err((status, why)) => {
            crate::errln!("raidctl: ceph sync: {}", crate::escape::escape_text(&why));
            return status;
        }
    };
    let _ = match format {
        Format::Json => serde_json::to_writer_pretty(
            &mut *out,
            &crate::output::ceph_sync::SyncDoc {
                schema_version: crate::output::ceph_sync::SYNC_SCHEMA,
                dry_run: run.dry_run,
                ok,
                actions: &actions,
            },
        )
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out)),
        Format::Table => write!(
            out,
            "{}",
            crate::output::ceph_sync::render(&actions, run.dry_run, quiet)
        ),
    };
    if ok {
        ExitStatus::Ok
    } else {
        ExitStatus::Error
    }
}

/// `metrics --ceph-sync`: the sync with its defaults after the metrics, when the cluster
/// answered (a host without Ceph, or a cluster away, is not the sync's failure: the metrics
/// say so). Changes and failures are said on standard error; `Error` when one failed.
pub fn metrics_ceph_sync(ctx: &Ctx, eval: &Evaluation) -> ExitStatus {
    if !matches!(eval.join.cluster, crate::ceph::ClusterView::Answered) {
        return ExitStatus::Ok;
    }
    let run = SyncRun {
        opts: health::ceph_sync::SyncOptions::default(),
        dry_run: false,
    };
    match ceph_sync(ctx, eval, run) {
        Ok((_, true)) => ExitStatus::Ok,
        Ok((_, false)) => ExitStatus::Error,
        Err((status, why)) => {
            crate::errln!("raidctl: ceph sync: {}", crate::escape::escape_text(&why));
            if status == ExitStatus::Unknown {
                ExitStatus::Ok
            } else {
                ExitStatus::Error
            }
        }
    }
}

/// Another collector whose exposition `raidctl metrics --compat` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Compat {
    /// node_exporter's storcli.py textfile collector (`megaraid_*`).
    #[cfg_attr(feature = "clap", value(name = "storcli-py"))]
    StorcliPy,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::omreport::Omreport;
    use crate::backend::runner::OsRunner;
    use std::time::Duration;

    /// On OpenManage replace-drive is a valid next step; make-good is not.
    #[test]
    fn suggestions_on_openmanage() {
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            std::sync::Arc::new(OsRunner::scratch()),
            Duration::from_secs(1),
        );
        assert!(can_run("raidctl replace-drive 1:4 -a 0", &om));
        assert!(can_run("raidctl hotspare add 1:8 -a 0", &om));
        assert!(!can_run("raidctl pd make-good 1:4 -a 0", &om));
    }
}
