//! A simulated MegaRAID controller that speaks MegaCli 8.07 on the command line.
//!
//! Invoked as `MegaCli64` (see [`multicall`]), raidctl takes MegaCli's syntax and prints byte-compatible
//! output (spinner line, exact texts, `Exit Code: 0xNN` trailer, MFI status as the process
//! exit status). Its controller lives in a JSON state file in the directory named by
//! `RAIDCTL_SIM_STATE` (created from the `healthy` scenario when empty; without the variable
//! a private in-memory `healthy` controller answers and nothing is kept).
//!
//! `raidctl sim ...` (the control interface) is the physical world and test harness: pull and insert
//! drives, fail them, drain the battery, advance the virtual clock, inject faults. See
//! [`control_usage`].
//!
//! Texts no real capture shows are all in [`unverified`].

pub mod actions;
pub mod args;
pub mod blockdev;
pub mod control;
pub mod engine;
pub mod hardware;
pub mod ldprop;
pub mod mfi;
pub mod multicall;
pub mod omreport;
pub mod readout;
pub mod render;
pub mod scenarios;
pub mod smartctl;
pub mod state;
pub mod storcli;
pub mod storcli2;
pub mod store;
pub mod sysfs;
pub mod text;
pub mod udev;
pub mod unverified;
pub mod world;

pub use control::{control, control_in, control_inner};

use crate::args::Invocation;
use crate::render::Reply;
use crate::state::{FaultKind, OpKind, SimState};
use crate::store::Locked;
use crate::text::frame;
use crate::unverified::fill;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Answers one MegaCli invocation against a state (no locking, no faults).
pub fn dispatch(st: &mut SimState, inv: &Invocation) -> Reply {
    use render as r;
    let c = inv.command.as_str();
    match c {
        "adpallinfo" => r::adp_all_info(st, inv),
        "adpcount" => r::adp_count(st),
        "adpgetpciinfo" => r::pci_info(st, inv),
        "encinfo" => r::enc_info(st, inv),
        "ldinfo" => r::ld_info(st, inv),
        "ldgetnum" => r::ld_get_num(st, inv),
        "pdlist" => r::pd_list(st, inv),
        "pdinfo" => r::pd_info(st, inv),
        "ldpdinfo" => r::ld_pd_info(st, inv),
        "adpbbucmd" if inv.has("bbulearn") => bbu_learn(st, inv),
        "adpbbucmd" if inv.has("getbbucapacityinfo") => {
            readout::bbu_section(st, inv, "BBU Capacity Info")
        }
        "adpbbucmd" if inv.has("getbbudesigninfo") => {
            readout::bbu_section(st, inv, "BBU Design Info")
        }
        "adpbbucmd" if inv.has("getbbuproperties") => {
            readout::bbu_section(st, inv, "BBU Properties")
        }
        "adpbbucmd" => r::bbu(st, inv, !inv.has("getbbustatus")),
        "cfgdsply" => r::cfg_dsply(st, inv),
        "cfgforeign" if inv.has("scan") => r::foreign_scan(st, inv),
        "cfgforeign" if inv.has("dsply") || inv.has("preview") => r::foreign_dsply(st, inv),
        "pdgetmissing" => r::pd_get_missing(st, inv),
        "pdrbld" if inv.has("showprog") || inv.has("progdsply") => {
            r::drive_progress(st, inv, OpKind::Rebuild)
        }
        "pdcpybk" if inv.has("showprog") || inv.has("progdsply") => {
            r::drive_progress(st, inv, OpKind::Copyback)
        }
        "ldbi" => r::ldbi_progress(st, inv),
        "fwtermlog" => r::fw_term_log(st, inv),
        "showsummary" => r::show_summary(st, inv),
        "getpreservedcachelist" => r::preserved_cache_list(st, inv),
        "adpgetprop" => readout::get_prop_more(st, inv).unwrap_or_else(|| r::get_prop(st, inv)),
        "pdgetnum" => readout::pd_get_num(st, inv),
        "adpgettime" => readout::adp_get_time(st, inv),
        "ldgetprop" => readout::ld_get_prop(st, inv),
        "encstatus" => readout::enc_status(st, inv),
        "phyerrorcounters" => readout::phy_error_counters(st, inv),
        "cfgfreespaceinfo" => readout::cfg_free_space(st, inv),
        "pdclear" => readout::pd_clear_progress(st, inv),
        "ldcc" | "ldinit" | "ldrecon" => readout::ld_progress(st, inv),
        "adppr" => readout::patrol_read_info(st, inv),
        "adpccsched" => readout::cc_sched_info(st, inv),
        "directpdmapping" => readout::direct_pd_mapping(st, inv),
        "adpalilog" => readout::adp_alilog(st, inv),
        "version" => readout::version(st, inv),
        "adpeventlog" if inv.has("geteventloginfo") => r::event_log_info(st, inv),
        "adpeventlog"
            if [
                "getevents",
                "getsincereboot",
                "getsinceshutdown",
                "includedeleted",
            ]
            .iter()
            .any(|w| inv.has(w))
                || (inv.has("getlatest") && !inv.has("clear")) =>
        {
            write_events(st, inv)
        }
        "v" => (
            vec![
                String::new(),
                "      MegaCLI SAS RAID Management Tool  Ver 8.07.14 Dec 16, 2013".to_owned(),
                String::new(),
                "    (c)Copyright 2013, LSI Corporation, All Rights Reserved.".to_owned(),
            ],
            0,
        ),
        "h" | "help" => {
            let mut lines = vec![
                String::new(),
                "      MegaCLI SAS RAID Management Tool  Ver 8.07.14 Dec 16, 2013".to_owned(),
                String::new(),
                "    (c)Copyright 2013, LSI Corporation, All Rights Reserved.".to_owned(),
                String::new(),
            ];
            lines.extend(unverified::MEGACLI_USAGE.iter().map(|l| (*l).to_owned()));
            (lines, 0)
        }
        _ => actions::run(st, inv),
    }
}

fn bbu_learn(st: &mut SimState, inv: &Invocation) -> Reply {
    let clock = st.clock;
    let present: Vec<u32> = st.adapters.iter().map(|a| a.index).collect();
    let mut out = Vec::new();
    for n in inv.adapter_list(&present) {
        let Some(ad) = st.adapters.iter_mut().find(|a| a.index == n) else {
            continue;
        };
        match world::bbu(ad, clock, "learn") {
            Ok(()) => out.push(fill(
                unverified::BBU_LEARN_STARTED,
                &[("a", &n.to_string())],
            )),
            Err(_) => return (vec![format!("Adapter {n}: Get BBU Status Failed.")], 0x01),
        }
    }
    (out, 0)
}

fn write_events(st: &SimState, inv: &Invocation) -> Reply {
    let Some(file) = inv.file.clone() else {
        return (
            vec![fill(unverified::INVALID_INPUT, &[("x", "-GetEvents")])],
            0x01,
        );
    };
    let present: Vec<u32> = st.adapters.iter().map(|a| a.index).collect();
    let mut text = String::new();
    for n in inv.adapter_list(&present) {
        if let Some(ad) = st.adapters.iter().find(|a| a.index == n) {
            text.push_str(&render::event_file(st, ad, inv));
        }
    }
    if std::fs::write(&file, text).is_err() {
        return (
            vec![fill(unverified::EVENT_FILE_FAILED, &[("x", &file)])],
            0x01,
        );
    }
    (vec![fill(unverified::EVENTS_WRITTEN, &[("x", &file)])], 0)
}

fn fault_for(st: &SimState, command: &str, call: u64) -> Option<FaultKind> {
    st.faults
        .iter()
        .find(|f| (f.command == command || f.command == "*") && f.on_call.is_none_or(|n| n == call))
        .map(|f| f.kind.clone())
}

/// Mangles output the way a broken pipe or terminal would: flipped bits and invalid UTF-8.
pub fn garble(text: &str) -> Vec<u8> {
    text.bytes()
        .enumerate()
        .map(|(i, b)| match i % 7 {
            3 => 0xff,
            5 => b ^ 0x55,
            _ => b,
        })
        .collect()
}

fn crash(prefix: &[u8]) -> ! {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(prefix);
    let _ = out.flush();
    drop(out);
    #[cfg(unix)]
    {
        // Rust's runtime handles SIGSEGV for stack-overflow detection and restores the
        // default action when the fault is not one; a second signal then terminates.
        for _ in 0..3 {
            let _ = rustix::process::kill_process(
                rustix::process::getpid(),
                rustix::process::Signal::SEGV,
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    std::process::abort()
}

/// Writes a simulated tool's whole answer to standard output and returns `code`: a reader
/// that went away (`MegaCli64 -PDList -aALL | head -1`) is no error, as for the real tool; any
/// other failure (a full disk, `/dev/full`) is said and fails the call (2 when it would
/// have succeeded), so a cut answer never passes as a complete one.
pub(crate) fn emit(prog: &str, text: &[u8], code: i32) -> i32 {
    let mut out = raidctl_sys::out::stdout();
    let _ = out.write_all(text);
    match out.finish() {
        None => code,
        Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Some(e) => {
            raidctl_sys::errln!("{prog}: cannot write standard output: {e}");
            if code == 0 { 2 } else { code }
        }
    }
}

fn hang() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// Runs the MegaCli front end with argv (without the program name) against the state in
/// `dir` (a private `healthy` controller when `None`); returns the exit status.
pub fn main_with_args(args: &[String], dir: Option<PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return control_in(&args[1..], dir);
    }
    let inv = match args::parse(args) {
        Ok(i) => i,
        Err(e) => {
            let text = frame(&[fill(unverified::INVALID_INPUT, &[("x", &e.token)])], 0x01);
            return emit("MegaCli (raidctl simulator)", text.as_bytes(), 1);
        }
    };
    let (reply, fault) = match dir {
        None => {
            let mut st = match scenarios::build("healthy") {
                Ok(s) => s,
                Err(e) => {
                    raidctl_sys::errln!("MegaCli (raidctl simulator): {e}");
                    return 2;
                }
            };
            (dispatch(&mut st, &inv), None)
        }
        Some(dir) => match locked_run(&dir, &inv) {
            Ok(x) => x,
            Err(e) => {
                raidctl_sys::errln!("MegaCli (raidctl simulator): {e}");
                return 2;
            }
        },
    };
    let (body, mut code) = reply;
    let mut text = frame(&body, code);
    match fault {
        Some(FaultKind::Latency(ms)) => std::thread::sleep(Duration::from_millis(ms)),
        Some(FaultKind::Hang) => {
            // What the hung tool printed before it stopped; whether anyone reads it or not,
            // it hangs as the real one does.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", text::SPINNER);
            let _ = out.flush();
            drop(out);
            hang();
        }
        Some(FaultKind::Crash) => {
            let cut = text.len() / 2;
            crash(&text.as_bytes()[..cut]);
        }
        Some(FaultKind::Exit(n)) => {
            code = u32::from(n);
            text = frame(&body, code);
        }
        Some(FaultKind::Empty) => {
            text = frame(&[], 0);
            code = 0;
        }
        Some(FaultKind::Garbled) => {
            let code = i32::try_from(code & 0xff).unwrap_or(1);
            return emit("MegaCli (raidctl simulator)", &garble(&text), code);
        }
        None => {}
    }
    let code = i32::try_from(code & 0xff).unwrap_or(1);
    emit("MegaCli (raidctl simulator)", text.as_bytes(), code)
}

/// Locks the directory, counts the call, picks a fault, runs the command unless the fault
/// prevents it, saves. The lock is released before any fault sleeps or crashes.
fn locked_run(
    dir: &std::path::Path,
    inv: &Invocation,
) -> Result<(Reply, Option<FaultKind>), String> {
    let lock = Locked::acquire(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut st = if lock.exists() {
        lock.load()?
    } else {
        scenarios::build("healthy")?
    };
    let count = st.calls.entry(inv.command.clone()).or_insert(0);
    *count += 1;
    let call = *count;
    let fault = fault_for(&st, &inv.command, call);
    let reply = match fault {
        Some(FaultKind::Hang | FaultKind::Empty) => (Vec::new(), 0),
        _ => dispatch(&mut st, inv),
    };
    lock.save(&st)?;
    drop(lock);
    Ok((reply, fault))
}

/// Runs one command of another front end (storcli, omreport, omconfig) with the MegaCli
/// front end's machinery: the state directory lock, per-command call counting under
/// `command` (e.g. `storcli:set`), fault injection and the in-memory `healthy` state when
/// `RAIDCTL_SIM_STATE` is unset. `answer` returns the full stdout text and the exit status.
/// Returns the process exit status.
pub fn run_front_end<F>(prog: &str, dir: Option<PathBuf>, command: &str, answer: F) -> i32
where
    F: FnOnce(&mut SimState) -> (String, i32),
{
    let result = match dir {
        None => scenarios::build("healthy").map(|mut st| (answer(&mut st), None)),
        Some(dir) => locked_answer(&dir, command, answer),
    };
    let ((text, mut code), fault) = match result {
        Ok(x) => x,
        Err(e) => {
            raidctl_sys::errln!("{prog}: {e}");
            return 2;
        }
    };
    match fault {
        Some(FaultKind::Latency(ms)) => std::thread::sleep(Duration::from_millis(ms)),
        Some(FaultKind::Hang) => hang(),
        Some(FaultKind::Crash) => {
            let cut = text.len() / 2;
            crash(&text.as_bytes()[..cut]);
        }
        Some(FaultKind::Exit(n)) => code = i32::from(n),
        Some(FaultKind::Empty) => return 0,
        Some(FaultKind::Garbled) => return emit(prog, &garble(&text), code),
        None => {}
    }
    emit(prog, text.as_bytes(), code)
}

/// A front end's stdout text and exit status, and the fault that applies to the call.
type Answered = ((String, i32), Option<FaultKind>);

/// Lock, count, pick a fault, answer unless the fault prevents it, save.
fn locked_answer<F>(dir: &std::path::Path, command: &str, answer: F) -> Result<Answered, String>
where
    F: FnOnce(&mut SimState) -> (String, i32),
{
    let lock = Locked::acquire(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut st = if lock.exists() {
        lock.load()?
    } else {
        scenarios::build("healthy")?
    };
    let count = st.calls.entry(command.to_owned()).or_insert(0);
    *count += 1;
    let call = *count;
    let fault = fault_for(&st, command, call);
    let reply = match fault {
        Some(FaultKind::Hang | FaultKind::Empty) => (String::new(), 0),
        _ => answer(&mut st),
    };
    lock.save(&st)?;
    drop(lock);
    Ok((reply, fault))
}

/// Prepares a state directory for `raidctl --sim SCENARIO`: creates the scenario's state when
/// the directory is missing or holds no `state.json`, reuses the existing state otherwise.
/// `scenario` may also be a path to a JSON state file. Returns true when a state was created.
///
/// # Errors
/// An unknown scenario, an unreadable JSON file or an I/O error.
pub fn init_state_dir(dir: &std::path::Path, scenario: &str) -> Result<bool, String> {
    let lock = Locked::acquire(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if lock.exists() {
        return Ok(false);
    }
    let st = if scenario.ends_with(".json") {
        let text = std::fs::read_to_string(scenario).map_err(|e| format!("{scenario}: {e}"))?;
        serde_json::from_str(&text).map_err(|e| format!("{scenario}: {e}"))?
    } else {
        scenarios::build(scenario)?
    };
    lock.save(&st)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(st: &mut SimState, line: &str) -> Reply {
        let v: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        let inv = args::parse(&v).unwrap();
        dispatch(st, &inv)
    }

    #[test]
    fn offline_then_online() {
        let mut st = scenarios::build("healthy").unwrap();
        let (out, code) = run(&mut st, "-PDOffline -PhysDrv[32:3] -a0");
        assert_eq!(
            (out[0].as_str(), code),
            (
                "Adapter: 0: EnclId-32 SlotId-3 state changed to OffLine.",
                0
            )
        );
        let (out, code) = run(&mut st, "-PDOnline -PhysDrv[32:3] -a0");
        assert_eq!(
            (out[0].as_str(), code),
            ("EnclId-32 SlotId-3 state changed to OnLine.", 0)
        );
        let descs: Vec<&str> = st.adapters[0]
            .events
            .iter()
            .map(|e| e.description.as_str())
            .collect();
        assert!(
            descs.contains(&"State change on PD 03(e0x20/s3) from ONLINE(18) to OFFLINE(10)"),
            "{descs:?}"
        );
        assert!(descs.contains(&"VD 01/1 is now DEGRADED"));
        assert!(descs.contains(&"State change on VD 01/1 from DEGRADED(2) to OPTIMAL(3)"));
    }
}
