//! Writes a generated parser input to standard output, for `scripts/bench-parse.sh`:
//! `parse-input pdlist DRIVES` or `parse-input eventlog BYTES`.

// A generator for a benchmark script: its messages need no care for closed pipes.
#![allow(clippy::print_stdout, clippy::print_stderr)]

#[path = "../benches/inputs/mod.rs"]
mod inputs;

use std::io::Write;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let n = a.get(1).and_then(|s| s.parse::<usize>().ok());
    let text = match (a.first().map(String::as_str), n) {
        (Some("pdlist"), Some(n)) => inputs::pd_list(n),
        (Some("eventlog"), Some(n)) => inputs::event_log(n),
        _ => {
            eprintln!("usage: parse-input pdlist DRIVES | parse-input eventlog BYTES");
            std::process::exit(2);
        }
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        eprintln!("parse-input: {e}");
        std::process::exit(1);
    }
}
