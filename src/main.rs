//! The `raidctl` binary: parse the command line, run it, map the outcome to an exit status.
//! Called by a vendor tool's name (`MegaCli64`, `storcli64`, `omreport`, ...), it is that
//! tool's simulated front end instead (see `raidctl::sim::multicall`).

use clap::Parser;
use raidctl::cli::Cli;
use raidctl::exit::ExitStatus;
use raidctl::sim::multicall;

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
    let cli = Cli::parse();
    let status = match raidctl::app::run(cli) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("raidctl: {}", raidctl::escape::escape_text(&e.to_string()));
            ExitStatus::Error
        }
    };
    std::process::exit(status.code());
}
