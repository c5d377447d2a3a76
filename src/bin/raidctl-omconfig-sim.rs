//! `raidctl-omconfig-sim`: Dell OpenManage `omconfig storage ...` on the simulated controller.
//! See [`raidctl::sim::omreport`].

fn main() {
    let mut args = std::env::args();
    let prog = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    std::process::exit(raidctl::sim::omreport::omconfig_main(&prog, &rest));
}
