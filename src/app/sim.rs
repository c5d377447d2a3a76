//! `raidctl sim …`: the simulated controller's tools, their PATH, and its physical world.

use super::{AppError, Run};
use crate::exit::ExitStatus;
use std::io::Write;

fn tool_names() -> String {
    crate::sim::multicall::TOOL_NAMES
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `sim exec TOOL -- ARGS`: the simulated vendor tool; exits with its own status.
pub(super) fn exec(r: &Run, tool: &str, args: &[String]) -> Result<ExitStatus, AppError> {
    let mut tool_args = args;
    if tool_args.first().is_some_and(|a| a == "--") {
        tool_args = &tool_args[1..];
    }
    if crate::sim::multicall::front_for(tool).is_none() {
        return Err(AppError::Input(format!(
            "{tool}: not a simulated vendor tool (one of {})",
            tool_names()
        )));
    }
    let c = if r.opts.sim.is_some() || r.opts.sim_state.is_some() {
        Some(r.ctx()?)
    } else {
        None
    };
    let dir = c
        .as_ref()
        .and_then(|c| c.sim_dir.clone())
        .or_else(crate::sim::multicall::state_from_env);
    let code = crate::sim::multicall::run(tool, tool_args, dir).unwrap_or(2);
    drop(c);
    let _ = std::io::stdout().flush();
    // The vendor tool's own exit status (MegaCli's MFI status), not raidctl's.
    std::process::exit(code);
}

/// `sim env`: DIR/bin with the vendor tools' names, and the shell lines that use it.
pub(super) fn env(r: &Run, out: &mut dyn Write) -> Result<ExitStatus, AppError> {
    let Some(dir) = r.opts.sim_state.as_ref() else {
        return Err(AppError::Input(
            "usage: raidctl [--sim SCENARIO] --sim-state DIR sim env (the state must outlive this command)".into(),
        ));
    };
    let c = r.ctx()?;
    let sim_dir = c.sim_dir.clone().unwrap_or_else(|| dir.clone());
    let bin = crate::sim::multicall::ensure_bin_dir(&sim_dir, None).map_err(AppError::Input)?;
    let _ = write!(out, "{}", crate::sim::multicall::env_lines(&sim_dir, &bin));
    Ok(ExitStatus::Ok)
}

/// `sim pull|insert|fail|advance|…`: the simulated machine's hands and clock.
pub(super) fn control(r: &Run, cmd: &crate::sim::control::SimCmd) -> Result<ExitStatus, AppError> {
    let c = r.ctx()?;
    let Some(dir) = c.sim_dir.as_ref() else {
        return Err(AppError::Input(
            "`raidctl sim` needs --sim SCENARIO or --sim-state DIR".into(),
        ));
    };
    let code = crate::sim::control::run(Some(dir.clone()), cmd, r.json());
    c.cache().invalidate();
    Ok(if code == 0 {
        ExitStatus::Ok
    } else {
        ExitStatus::Error
    })
}
