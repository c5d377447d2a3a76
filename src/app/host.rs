//! `doctor`, `inventory`, `workflows` and `collect`: what this host has, and raidctl's own
//! records.

use super::{AppError, Run};
use crate::cli::CollectArgs;
use crate::exit::ExitStatus;
use crate::output::{Format, table};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// `raidctl doctor`: the controllers, the vendor tools, which one raidctl uses and why.
pub(super) fn doctor(r: &Run, out: &mut dyn Write) -> ExitStatus {
    use crate::backend::detect;
    let controllers = detect::scan_pci(Path::new("/sys"));
    let tools = detect::installed_tools();
    let choice = detect::choose(&controllers, &tools);
    let (native_ok, native_line) = crate::backend::native::doctor();
    match r.format {
        Format::Json => {
            #[derive(serde::Serialize)]
            struct Installed<'a> {
                tool: &'a detect::Tool,
                path: &'a Path,
            }
            #[derive(serde::Serialize)]
            struct Native<'a> {
                usable: bool,
                detail: &'a str,
            }
            #[derive(serde::Serialize)]
            struct Doctor<'a, C, H> {
                controllers: C,
                installed: Vec<Installed<'a>>,
                choice: H,
                native: Native<'a>,
            }
            let doc = Doctor {
                controllers: &controllers,
                installed: tools
                    .iter()
                    .map(|(tool, path)| Installed { tool, path })
                    .collect(),
                choice: &choice,
                native: Native {
                    usable: native_ok,
                    detail: &native_line,
                },
            };
            let _ = serde_json::to_writer_pretty(&mut *out, &doc);
            let _ = writeln!(out);
        }
        Format::Table => {
            for r in &choice.reasons {
                let _ = writeln!(out, "{r}");
            }
            let _ = writeln!(out, "{native_line}");
            if tools.is_empty() {
                let _ = writeln!(
                    out,
                    "no vendor tool installed (MegaCli64, storcli64, perccli64, storcli2, perccli2, omreport)"
                );
            }
            if r.opts.sim.is_some() || r.opts.sim_state.is_some() {
                let _ = writeln!(
                    out,
                    "--sim: the simulated controller is driven through its MegaCli front end"
                );
            }
        }
    }
    if choice.tool.is_some() || native_ok {
        ExitStatus::Ok
    } else {
        ExitStatus::Warning
    }
}

/// `raidctl inventory [forget ITEM]`: every bay that held something, and whether it still does.
pub(super) fn inventory(
    r: &Run,
    action: Option<crate::cli::InventoryAction>,
    adapter: Option<u32>,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    use crate::health::Baseline;
    let c = r.ctx()?;
    // Present or missing is the controller's word now, not the cache's.
    let snap = c
        .snapshot(Duration::ZERO)
        .map_err(|e| AppError::Input(e.to_string()))?;
    let mut b = Baseline::load(&c.state_dir)
        .map_err(|e| AppError::Input(format!("{}: {e}", Baseline::path(&c.state_dir).display())))?;
    if let Some(crate::cli::InventoryAction::Forget { item }) = action {
        let gone = b.forget(&snap, &item, adapter).map_err(AppError::Input)?;
        b.save(&c.state_dir)
            .map_err(|e| AppError::Input(format!("cannot save the inventory: {e}")))?;
        for e in &gone {
            let _ = writeln!(
                out,
                "forgot [{}] on adapter {} (serial {}, held {})",
                e.address,
                e.adapter,
                e.serial.as_deref().unwrap_or("?"),
                e.role.as_deref().unwrap_or("nothing")
            );
        }
        return Ok(ExitStatus::Ok);
    }
    let missing: Vec<&str> = b.missing(&snap).into_iter().map(|(k, _)| k).collect();
    let rows: Vec<(&String, &crate::health::DriveBaseline)> = b
        .drives
        .iter()
        .filter(|(_, e)| adapter.is_none_or(|a| a == e.adapter))
        .collect();
    match r.format {
        Format::Json => {
            #[derive(serde::Serialize)]
            struct Row<'a> {
                #[serde(flatten)]
                drive: &'a crate::health::DriveBaseline,
                missing: bool,
            }
            let doc: Vec<Row<'_>> = rows
                .iter()
                .map(|(k, e)| Row {
                    drive: e,
                    missing: missing.contains(&k.as_str()),
                })
                .collect();
            let _ = serde_json::to_writer_pretty(&mut *out, &doc);
            let _ = writeln!(out);
        }
        Format::Table => {
            let mut t = table::new_table(
                r.style,
                &[
                    "adapter",
                    "bay",
                    "serial",
                    "held",
                    "osds",
                    "last seen",
                    "now",
                ],
            );
            for (k, e) in &rows {
                t.add_row(vec![
                    e.adapter.to_string(),
                    format!("[{}]", e.address),
                    e.serial.clone().unwrap_or_else(|| "?".into()),
                    e.role.clone().unwrap_or_else(|| "-".into()),
                    e.osds
                        .iter()
                        .map(|o| format!("osd.{o}"))
                        .collect::<Vec<_>>()
                        .join(","),
                    crate::model::utc_time(e.last_seen_unix),
                    if missing.contains(&k.as_str()) {
                        "MISSING".into()
                    } else {
                        "seen".into()
                    },
                ]);
            }
            let _ = writeln!(out, "{t}");
        }
    }
    Ok(ExitStatus::Ok)
}

/// `raidctl workflows [dismiss ID]`: journals, finished or not.
pub(super) fn workflows(
    r: &Run,
    action: Option<crate::cli::WorkflowsAction>,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    let c = r.ctx()?;
    if let Some(crate::cli::WorkflowsAction::Dismiss { id }) = action {
        let s = crate::workflow::journal::dismiss(&c.state_dir, &id).map_err(AppError::Input)?;
        match r.format {
            Format::Json => {
                let _ = serde_json::to_writer_pretty(&mut *out, &s);
                let _ = writeln!(out);
            }
            Format::Table => {
                let _ = writeln!(out, "{}: dismissed", s.id);
            }
        }
        return Ok(ExitStatus::Ok);
    }
    let list = crate::workflow::journal::list(&c.state_dir);
    match r.format {
        Format::Json => {
            let _ = serde_json::to_writer_pretty(&mut *out, &list);
            let _ = writeln!(out);
        }
        Format::Table => {
            let _ = crate::output::workflows::write(&list, &c.state_dir, r.style, out);
        }
    }
    Ok(ExitStatus::Ok)
}

/// Runs `raidctl collect`: prints the archive path on standard output, a one-line account of
/// failed items on standard error. Exit 0 whenever a bundle was written (failed items are in
/// its manifest), 2 when none could be.
pub(super) fn collect(
    r: &Run,
    args: &CollectArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    let opts = args.options();
    Ok(match crate::bundle::collect(&opts, &r.ctx()?) {
        Ok(report) => {
            // The caller's writer records a failed write for the exit status.
            let _ = writeln!(out, "{}", report.archive.display());
            if !report.failed.is_empty() {
                crate::errln!(
                    "raidctl collect: {} item(s) failed and are recorded in the manifest: {}",
                    report.failed.len(),
                    report.failed.join(", ")
                );
            }
            if let Some(m) = &report.mapping_file {
                crate::errln!(
                    "raidctl collect: redaction mapping (keep private, not in the archive): {}",
                    m.display()
                );
            }
            ExitStatus::Ok
        }
        Err(e) => {
            crate::errln!("raidctl collect: {e}");
            ExitStatus::Error
        }
    })
}
