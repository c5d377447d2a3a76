//! `status`, `check`, `metrics` and `ceph sync`: read the host, report, exit by severity.

use super::{AppError, CHECK_TIMEOUT, Run, freshness};
use crate::cli::{CephSyncArgs, CheckArgs, FreshArgs, MetricsArgs};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::monitor;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// `raidctl status`.
pub(super) fn status(
    r: &Run,
    fresh: FreshArgs,
    from_bundle: Option<&Path>,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    if let Some(path) = from_bundle {
        let result = monitor::evaluate_bundle(path);
        return Ok(monitor::run_status_bundle(result, r.format, r.style, out));
    }
    let result = monitor::evaluate(&r.ctx()?, freshness(fresh.max_age, fresh.full_read_after));
    Ok(monitor::run_status(result, r.format, r.style, out))
}

/// `raidctl check`: the monitoring plugin. Every way it can fail still prints one verdict line
/// (UNKNOWN), within `--timeout` for the whole run.
pub(super) fn check(r: &Run, a: CheckArgs, out: &mut dyn Write) -> Result<ExitStatus, AppError> {
    use crate::health::tuning::{DEFAULT_CONFIG, Tuning};
    let json = r.json();
    if json && a.from_bundle.is_some() {
        return Err(AppError::Input(
            "check --from-bundle --format json: not available; `raidctl status --from-bundle --format json` prints the bundle's state and integrity as JSON".into(),
        ));
    }
    let unknown = move |line: String| {
        if json {
            crate::output::check::check_json(&line, 3, &[])
        } else {
            line
        }
    };
    let cli_tuning = Tuning {
        states: a.states,
        ignore: a.ignore,
        expect_drives: a.expect_drives,
        expect_spares: a.expect_spares,
        expect_vds: a.expect_vds,
    };
    let file = a.config.or_else(|| {
        let d = Path::new(DEFAULT_CONFIG);
        std::fs::symlink_metadata(d)
            .is_ok()
            .then(|| d.to_path_buf())
    });
    let tuning = match file.as_deref().map(Tuning::from_file) {
        None => cli_tuning,
        Some(Ok(site)) => site.with(cli_tuning),
        // A tuning that cannot be read is no verdict: UNKNOWN, saying where.
        Some(Err(e)) => {
            let line = format!(
                "RAID UNKNOWN - {}\n",
                crate::escape::escape(&format!("check configuration {e}"))
            );
            let _ = write!(out, "{}", unknown(line));
            return Ok(ExitStatus::Unknown);
        }
    };
    if let Some(path) = &a.from_bundle {
        return Ok(monitor::run_check_bundle(
            monitor::evaluate_bundle(path),
            a.verbose,
            out,
        ));
    }
    let limit = r.timeout.unwrap_or(CHECK_TIMEOUT);
    crate::interrupt::deadline(limit, move |running| {
        let what = if running.is_empty() {
            String::new()
        } else {
            format!(" (still running: {})", running.join("; "))
        };
        unknown(format!(
            "RAID UNKNOWN - no verdict within {}s{}\n",
            limit.as_secs(),
            crate::escape::escape(&what)
        ))
    });
    let fresh = freshness(a.fresh.max_age, a.fresh.full_read_after);
    let result = Ctx::new(&r.opts)
        .map_err(|e| e.to_string())
        .and_then(|c| monitor::evaluate(&c, fresh))
        .map(|(snap, problems)| {
            let problems = tuning.apply(&snap, problems);
            (snap, problems)
        });
    Ok(monitor::run_check_as(result, a.verbose, json, out))
}

/// `raidctl metrics`, and with `--ceph-sync` the sync on the same state.
pub(super) fn metrics(
    r: &Run,
    a: &MetricsArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    let fresh = freshness(a.fresh.max_age, a.fresh.full_read_after);
    let ctx = Ctx::new(&r.opts).map_err(|e| e.to_string());
    let eval = ctx
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|c| monitor::evaluate_with(c, fresh, fresh.max_age));
    let result = eval
        .as_ref()
        .map(|e| (e.snap.clone(), e.problems.clone()))
        .map_err(Clone::clone);
    let status = monitor::run_metrics(result, a.textfile_dir.as_deref(), a.compat, out);
    match (a.ceph_sync, &ctx, &eval) {
        (true, Ok(c), Ok(e)) if monitor::metrics_ceph_sync(c, e) != ExitStatus::Ok => {
            Ok(ExitStatus::Error)
        }
        _ => Ok(status),
    }
}

/// `raidctl ceph sync`.
pub(super) fn ceph_sync(
    r: &Run,
    a: &CephSyncArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    let ctx = r.ctx()?;
    // The controller as `status` reads it; Ceph (the join and its devices) afresh.
    let eval = monitor::evaluate_with(&ctx, freshness(a.max_age, 600), Duration::ZERO);
    let run = monitor::SyncRun {
        opts: crate::health::ceph_sync::SyncOptions {
            horizon_s: a.window,
            wear_pct: a.wear_threshold,
        },
        dry_run: a.dry_run,
    };
    Ok(monitor::run_ceph_sync(
        &ctx, eval, run, r.format, r.quiet, out,
    ))
}
