//! `raidctl-storcli-sim`: a storcli/perccli-compatible simulated MegaRAID controller (named
//! `perccli`, e.g. through a symlink, it answers as perccli). Same state directory
//! (`RAIDCTL_SIM_STATE`) as `raidctl-megacli-sim`. See [`raidctl::sim::storcli`].

fn main() {
    let mut args = std::env::args();
    let prog = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    std::process::exit(raidctl::sim::storcli::main_with_args(&prog, &rest));
}
