//! `raidctl-megacli-sim`: a MegaCli-compatible simulated MegaRAID controller.
//! See [`raidctl::sim`] for the state, the control interface and fault injection.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(raidctl::sim::main_with_args(&args));
}
