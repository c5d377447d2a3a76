//! `qualify` and `osd-prep`: the flags turned into a qualification run, its result printed
//! and its verdict the exit status.

use crate::cli::{OsdPrepArgs, QualifyArgs};
use crate::ctx::Ctx;
use crate::exit::ExitStatus;
use crate::output::Style;
use crate::qualify::device::{self, SysPaths};
use crate::qualify::fleet::{self, Measured};
use crate::qualify::profile::Profile;
use crate::qualify::result::{MIN_READ_SCHEMA_VERSION, QualReport, SCHEMA_VERSION, Verdict};
use crate::qualify::run::{
    Exports, Run, attach_controller, exit_for, new_report, now_unix, qualify_identities,
};
use crate::qualify::suite::SuiteOptions;
use crate::qualify::{osdprep, report};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// The largest result file `--compare` reads (a fleet's drives with their histograms fit
/// many times over).
const MAX_RESULT_BYTES: usize = 64 << 20;

/// Runs `raidctl qualify`.
pub fn run_qualify(
    args: &QualifyArgs,
    ctx: Option<&Ctx>,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    match qualify_main(args, ctx, json_stdout, style, out) {
        Ok(s) => s,
        Err(e) => {
            crate::errln!("raidctl qualify: {e}");
            ExitStatus::Error
        }
    }
}

fn qualify_main(
    args: &QualifyArgs,
    ctx: Option<&Ctx>,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> Result<ExitStatus, String> {
    let profile = Profile::load(args.profile_file.as_deref())?;
    let mut exports = Exports {
        json: args.json.clone(),
        csv: args.csv.clone(),
        markdown: args.markdown.clone(),
        svg: args.svg.clone(),
        html: args.html.clone(),
    };
    if json_stdout && exports.json.is_none() {
        exports.json = Some(PathBuf::from("-"));
    }
    let quiet_stdout = exports.stdout_taken();
    let paths = SysPaths::default();
    let mut loaded: Vec<Measured> = Vec::new();
    let mut loaded_files: Vec<(PathBuf, QualReport)> = Vec::new();
    for f in &args.compare {
        // From any host: bounded, and the file is named in every error.
        let bytes = crate::fsutil::read_named(f, MAX_RESULT_BYTES).map_err(|e| e.to_string())?;
        let r: QualReport =
            serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", f.display()))?;
        if !(MIN_READ_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&r.schema_version) {
            return Err(format!(
                "{}: schema version {} (this raidctl reads {MIN_READ_SCHEMA_VERSION} to {SCHEMA_VERSION})",
                f.display(),
                r.schema_version
            ));
        }
        loaded_files.push((f.clone(), r.clone()));
        let finished_unix = r.finished_unix;
        loaded.extend(r.drives.into_iter().map(|drive| Measured {
            finished_unix,
            drive,
        }));
    }
    let journal_dir = ctx.map_or_else(crate::ctx::default_state_dir, |c| c.state_dir.clone());
    if !args.devices.is_empty() && !args.read_only {
        let runner = std::sync::Arc::new(crate::backend::runner::OsRunner::scratch());
        for line in crate::qualify::cache::recover(&journal_dir, runner) {
            crate::errln!("raidctl qualify: {line}");
        }
    }
    let opts = SuiteOptions {
        profile: args.profile,
        role: args.role.key().into(),
        engine: args.engine,
        read_only: args.read_only,
        smartctl: None,
        no_self_test: args.no_self_test,
        self_test_timeout: Some(Duration::from_secs(args.self_test_timeout)),
        cache_tool: args.cache_tool,
        journal_dir: Some(journal_dir),
        watch_signals: true,
        megaraid: ctx
            .and_then(|c| c.megacli().ok())
            .map(|m| std::sync::Arc::new(m.duplicate())),
        host: args.host_name.clone(),
    };
    let mut rep = if args.devices.is_empty() {
        let mut r = new_report(
            args.profile,
            args.role,
            args.engine,
            args.read_only,
            args.host_name.as_deref(),
        );
        // A comparison only: the header describes the first file's run.
        if let Some((_, first)) = loaded_files.first() {
            if args.host_name.is_none() {
                r.host.clone_from(&first.host);
            }
            r.profile.clone_from(&first.profile);
            r.role.clone_from(&first.role);
            r.engine.clone_from(&first.engine);
            r.read_only = first.read_only;
        }
        r
    } else {
        let mut ids = Vec::new();
        for d in &args.devices {
            let mut id = device::identify(d, &paths)?;
            if let Some(c) = ctx {
                attach_controller(&mut id, c);
            }
            ids.push(id);
        }
        let show = crate::progress::wanted() && !json_stdout;
        // With --compare, the new results are exported after the comparison below.
        let ex = if args.compare.is_empty() {
            exports.clone()
        } else {
            Exports::default()
        };
        let run = Run {
            opts: &opts,
            profile: &profile,
            destroy: &args.destroy_data,
            paths: &paths,
            exports: &ex,
            together: !args.no_together,
            show_progress: show,
        };
        qualify_identities(ids, &run)?
    };
    if !loaded.is_empty() {
        // Records from any host are judged host-bound by this profile, as new results are.
        for j in loaded
            .iter_mut()
            .flat_map(|m| m.drive.jobs.iter_mut().chain(m.drive.together.iter_mut()))
        {
            profile.mark_host_bound(j);
        }
        // A drive in more than one record (or measured here too) was measured again.
        let finished_unix = now_unix();
        let here = std::mem::take(&mut rep.drives)
            .into_iter()
            .map(|drive| Measured {
                finished_unix,
                drive,
            });
        rep.drives = fleet::judge(here.chain(loaded).collect(), &profile.peer());
        rep.verdict = rep
            .drives
            .iter()
            .map(|d| d.verdict)
            .max()
            .unwrap_or(Verdict::Pass);
        rep.finished_unix = now_unix();
        exports.write(&rep, false)?;
    }
    // Errors are the caller's: its writer records them and decides the exit status.
    if !quiet_stdout {
        let _ = write!(out, "{}", report::terminal(&rep, style));
        if let [(fa, a), (fb, b)] = loaded_files.as_slice() {
            let _ = write!(
                out,
                "{}",
                crate::qualify::compare::side_by_side(
                    (&fa.display().to_string(), a),
                    (&fb.display().to_string(), b),
                    style
                )
            );
        }
    }
    Ok(exit_for(rep.verdict))
}

/// Runs `raidctl osd-prep`.
pub fn run_osd_prep(
    args: &OsdPrepArgs,
    ctx: &Ctx,
    json_stdout: bool,
    style: Style,
    out: &mut dyn Write,
) -> ExitStatus {
    match osdprep::run(&args.clone().into(), ctx, json_stdout, style, out) {
        Ok(s) => s,
        Err(e) => {
            crate::errln!("raidctl osd-prep: {e}");
            ExitStatus::Error
        }
    }
}
