//! The `raidctl` binary: parse the command line, run it, map the outcome to an exit status.

use clap::Parser;
use raidctl::cli::Cli;
use raidctl::exit::ExitStatus;

fn main() {
    let cli = Cli::parse();
    let status = match raidctl::app::run(cli) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("raidctl: {e}");
            ExitStatus::Error
        }
    };
    std::process::exit(status.code());
}
