//! `raidctl-omreport-sim`: Dell OpenManage `omreport storage ...` on the simulated controller.
//! See [`raidctl::sim::omreport`].

fn main() {
    let mut args = std::env::args();
    let prog = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    std::process::exit(raidctl::sim::omreport::omreport_main(&prog, &rest));
}
