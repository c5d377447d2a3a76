//! The `raidctl` binary: parse the command line, run it, map the outcome to an exit status.
//! Called by a vendor tool's name (`MegaCli64`, `storcli64`, `omreport`, ...), it is that
//! tool's simulated front end instead (see `raidctl::sim::multicall`).

use clap::{CommandFactory, FromArgMatches};
use raidctl::cli::Cli;
use raidctl::exit::ExitStatus;
use raidctl::sim::multicall;
use std::io::Write as _;

fn main() {
    let argv0 = std::env::args_os().next().unwrap_or_default();
    if let Some((name, _)) = multicall::front_for(&argv0.to_string_lossy()) {
        let args: Vec<String> = std::env::args_os()
            .skip(1)
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let code = multicall::run(name, &args, multicall::state_from_env()).unwrap_or(2);
        std::process::exit(code);
    }
    // Parsed through the command `--help` and the man pages show (examples, headings).
    let cli = match raidctl::manual::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => usage_error(&e),
    };
    let result = raidctl::app::run(cli);
    // An interrupt kills the running vendor call, so the command may have ended with that
    // call's error: the handler, which is removing the private directories, exits with 130.
    raidctl::interrupt::park_if_interrupted();
    let status = match result {
        Ok(status) => status,
        Err(e) => {
            raidctl::errln!("raidctl: {}", raidctl::escape::escape_text(&e.to_string()));
            ExitStatus::Error
        }
    };
    std::process::exit(status.code());
}

/// clap's message as usual, but `check` is a monitoring plugin: a mistyped option there is
/// UNKNOWN (3), not CRITICAL (2), by the monitoring-plugins guidelines.
fn usage_error(e: &clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let is_check = Cli::command()
        .ignore_errors(true)
        .try_get_matches_from(std::env::args_os())
        .ok()
        .and_then(|m| m.subcommand_name().map(|s| s == "check"))
        .unwrap_or(false);
    if !is_check {
        e.exit();
    }
    // The monitor shows standard output only: one status line there, clap's detail on stderr.
    let _ = writeln!(
        std::io::stdout(),
        "RAID UNKNOWN - invalid command line (raidctl check --help)"
    );
    let _ = e.print();
    std::process::exit(ExitStatus::Unknown.code());
}
