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
pub mod engine;
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

use crate::model::DriveAddress;
use crate::sim::args::Invocation;
use crate::sim::render::Reply;
use crate::sim::state::{FaultKind, FaultRule, OpKind, SimState};
use crate::sim::store::{Locked, STATE_ENV};
use crate::sim::text::frame;
use crate::sim::unverified::fill;
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
fn emit(prog: &str, text: &[u8], code: i32) -> i32 {
    let mut out = crate::output::stdout();
    let _ = out.write_all(text);
    match out.finish() {
        None => code,
        Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Some(e) => {
            eprintln!("{prog}: cannot write standard output: {e}");
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
                    eprintln!("MegaCli (raidctl simulator): {e}");
                    return 2;
                }
            };
            (dispatch(&mut st, &inv), None)
        }
        Some(dir) => match locked_run(&dir, &inv) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("MegaCli (raidctl simulator): {e}");
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
            eprintln!("{prog}: {e}");
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

/// Usage of the control interface.
pub fn control_usage() -> &'static str {
    "usage: raidctl --sim-state DIR sim <command> [args]   (or MegaCli64 control ...; state dir: $RAIDCTL_SIM_STATE)

  init SCENARIO [--from FILE.json]   create the state (scenarios: healthy degraded rebuilding
                                     foreign hotspare bbu-learn ceph-node large; `custom` with --from)
  scenarios                          list scenario names
  state                              print the state as JSON
  calls                              print per-command call counts as JSON
  pull E:S [-a N]                    pull a drive out of its slot ([:S] or :S without enclosure;
                                     every E:S may also be OpenManage's C:E:P, e.g. 0:1:4)
  insert E:S [--kind original|blank|foreign|small|sata|media-errors|predictive|ssd] [--size-gb N] [-a N]
  fail E:S [-a N]                    the firmware fails a drive
  media-errors E:S N [-a N]          set the media error counter
  predictive E:S N [-a N]            set the predictive failure counter
  smart E:S trip|ok|unreadable|readable|wear PCT|pending N|temperature C [-a N]
                                     what the simulated smartctl says of the drive
  event E:S puncture|medium-error|sense [--lba HEX] [-a N]
                                     log a damage event on a drive (counters unchanged)
  bad-blocks VD on|off [-a N]        set `Bad Blocks Exist` on a VD (punctured stripes)
  bbu drain|learn|replace|fail [-a N]
  reboot [reset-log] [-a N]          restart the controller: boot events, boot-relative until
                                     its clock is set (`Seconds since last reboot: N`);
                                     reset-log: its event log starts again at sequence 0
  advance SECONDS                    advance the virtual clock (rebuild, copyback, BGI, battery)
  speed FACTOR                       multiply every rate (e.g. 1000 finishes a rebuild in seconds)
  fault add --command CMD|* --kind latency:300ms|hang|crash|exit:0x03|garbled|empty [--on-call N]
  fault clear | fault list
  block-devices on [--size-gb N] | off | list [--format json] | renumber [DEV...]
                                     back every VD and JBOD drive with a loop device over a
                                     sparse file in DIR/disks (root; N GiB cap, default 3); an
                                     offline VD or failed JBOD drive then fails I/O (EIO);
                                     renumber moves their kernel names (all, or those given)
"
}

fn parse_fault_kind(s: &str) -> Result<FaultKind, String> {
    let lower = s.to_ascii_lowercase();
    if let Some(v) = lower.strip_prefix("latency:") {
        let ms = if let Some(n) = v.strip_suffix("ms") {
            n.parse::<u64>().ok()
        } else if let Some(n) = v.strip_suffix('s') {
            n.parse::<u64>().ok().map(|n| n * 1000)
        } else {
            v.parse::<u64>().ok()
        };
        return ms
            .map(FaultKind::Latency)
            .ok_or_else(|| format!("bad latency {v:?}"));
    }
    if let Some(v) = lower.strip_prefix("exit:") {
        let n = match v.strip_prefix("0x") {
            Some(h) => u8::from_str_radix(h, 16).ok(),
            None => v.parse().ok(),
        };
        return n
            .map(FaultKind::Exit)
            .ok_or_else(|| format!("bad exit status {v:?}"));
    }
    Ok(match lower.as_str() {
        "hang" => FaultKind::Hang,
        "crash" => FaultKind::Crash,
        "garbled" => FaultKind::Garbled,
        "empty" => FaultKind::Empty,
        _ => return Err(format!("unknown fault kind {s:?}")),
    })
}

/// Options of a control command: positional words and `--key value` pairs.
struct Opts {
    pos: Vec<String>,
    adapter: u32,
    kv: Vec<(String, String)>,
}

fn opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        pos: Vec::new(),
        adapter: 0,
        kv: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-a" || a == "--adapter" {
            let v = it.next().ok_or("missing adapter number")?;
            o.adapter = v.parse().map_err(|_| format!("bad adapter {v:?}"))?;
        } else if let Some(k) = a.strip_prefix("--") {
            let v = it
                .next()
                .ok_or_else(|| format!("missing value for --{k}"))?;
            o.kv.push((k.to_owned(), v.clone()));
        } else {
            o.pos.push(a.clone());
        }
    }
    Ok(o)
}

impl Opts {
    fn get(&self, k: &str) -> Option<&str> {
        self.kv
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    }
    /// The drive address at position `i`: MegaCli's `E:S`, or OpenManage's
    /// `connector:enclosure:port` (`0:1:4`) as the omreport front end numbers the drives of
    /// adapter `adapter`.
    fn addr_on(&self, st: &SimState, adapter: u32, i: usize) -> Result<DriveAddress, String> {
        let t = self.pos.get(i).ok_or("missing drive address E:S")?;
        if t.split(':').count() == 3 {
            let ad = st
                .adapters
                .iter()
                .find(|a| a.index == adapter)
                .ok_or_else(|| format!("no adapter {adapter}"))?;
            return omreport::parse_pdisk(ad, t)
                .ok_or_else(|| format!("no OpenManage disk {t} on adapter {adapter}"));
        }
        t.parse::<DriveAddress>().map_err(|e| e.to_string())
    }
    fn num(&self, i: usize) -> Result<u64, String> {
        let t = self.pos.get(i).ok_or("missing number")?;
        t.parse().map_err(|_| format!("not a number: {t:?}"))
    }
}

/// `raidctl sim ...` (or `MegaCli64 control ...`): the control interface against the state
/// directory in `RAIDCTL_SIM_STATE` (or `--state DIR`); returns the exit status.
pub fn control(args: &[String]) -> i32 {
    control_in(args, multicall::state_from_env())
}

/// [`control`] with the state directory given (`--state DIR` in `args` still wins).
pub fn control_in(args: &[String], dir: Option<PathBuf>) -> i32 {
    match control_with(args, dir) {
        Ok(out) if out.is_empty() => 0,
        Ok(out) => emit("raidctl sim", format!("{out}\n").as_bytes(), 0),
        Err(e) => {
            eprintln!("raidctl sim: {e}");
            if e.starts_with("usage") {
                eprintln!("{}", control_usage());
            }
            2
        }
    }
}

/// Runs a control command and returns what it would print (for callers that narrate
/// themselves, such as workflows under `--sim`).
///
/// # Errors
/// The control interface's complaint.
pub fn control_inner(args: &[String]) -> Result<String, String> {
    control_with(args, multicall::state_from_env())
}

fn control_with(args: &[String], mut dir: Option<PathBuf>) -> Result<String, String> {
    let mut args = args.to_vec();
    if let Some(i) = args.iter().position(|a| a == "--state") {
        let d = args
            .get(i + 1)
            .cloned()
            .ok_or("missing directory after --state")?;
        dir = Some(PathBuf::from(d));
        args.drain(i..i + 2);
    }
    let Some(cmd) = args.first().cloned() else {
        return Err("usage: missing command".to_owned());
    };
    let o = opts(&args[1..])?;
    match cmd.as_str() {
        "help" | "--help" | "-h" => return Ok(control_usage().to_owned()),
        "scenarios" => return Ok(scenarios::NAMES.join("\n")),
        _ => {}
    }
    let dir =
        dir.ok_or_else(|| format!("set {STATE_ENV} (or --state DIR) to the state directory"))?;
    let lock = Locked::acquire(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if cmd == "init" {
        let st = match o.get("from") {
            Some(file) => {
                let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
                let mut st: SimState =
                    serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
                if st.scenario.is_empty() {
                    st.scenario = "custom".to_owned();
                }
                st
            }
            None => scenarios::build(o.pos.first().map_or("healthy", String::as_str))?,
        };
        lock.save(&st)?;
        return Ok(format!("initialised {} in {}", st.scenario, dir.display()));
    }
    let mut st = if lock.exists() {
        lock.load()?
    } else {
        scenarios::build("healthy")?
    };
    let clock = st.clock;
    let out = {
        let ad_index = o.adapter;
        fn pick(st: &mut SimState, n: u32) -> Result<&mut state::Adapter, String> {
            st.adapters
                .iter_mut()
                .find(|a| a.index == n)
                .ok_or_else(|| format!("no adapter {n}"))
        }
        match cmd.as_str() {
            "state" => serde_json::to_string_pretty(&st).map_err(|e| e.to_string())?,
            // Under the state lock (held until the return); nothing in the state changes.
            "block-devices" => return block_devices(&dir, &st, &o),
            "calls" => serde_json::to_string(&st.calls).map_err(|e| e.to_string())?,
            "pull" => {
                let a = o.addr_on(&st, ad_index, 0)?;
                world::pull(pick(&mut st, ad_index)?, clock, a)?;
                format!("pulled {a}")
            }
            "insert" => {
                let a = o.addr_on(&st, ad_index, 0)?;
                let kind = o
                    .get("kind")
                    .map(str::parse::<world::InsertKind>)
                    .transpose()?;
                let size = o
                    .get("size-gb")
                    .map(|v| v.parse::<u64>().map_err(|_| format!("bad size {v:?}")))
                    .transpose()?;
                world::insert(pick(&mut st, ad_index)?, clock, a, kind, size)?;
                format!("inserted {a}")
            }
            "fail" => {
                let a = o.addr_on(&st, ad_index, 0)?;
                world::fail(pick(&mut st, ad_index)?, clock, a)?;
                format!("failed {a}")
            }
            "media-errors" => {
                let (a, n) = (o.addr_on(&st, ad_index, 0)?, o.num(1)?);
                world::media_errors(pick(&mut st, ad_index)?, clock, a, n)?;
                format!("{a}: media errors {n}")
            }
            "predictive" => {
                let (a, n) = (o.addr_on(&st, ad_index, 0)?, o.num(1)?);
                world::predictive(pick(&mut st, ad_index)?, clock, a, n)?;
                format!("{a}: predictive failures {n}")
            }
            "smart" => {
                let a = o.addr_on(&st, ad_index, 0)?;
                let usage = "usage: smart E:S trip|ok|unreadable|readable|wear PCT|pending N|temperature C [-a N]";
                let what = o.pos.get(1).ok_or(usage)?.clone();
                let value = o.pos.get(2).map(|v| {
                    v.parse::<i64>()
                        .ok()
                        .filter(|n| *n >= 0)
                        .ok_or_else(|| format!("bad number {v:?}"))
                });
                let d = pick(&mut st, ad_index)?
                    .drives
                    .iter_mut()
                    .find(|d| d.addr() == a)
                    .ok_or_else(|| format!("no drive {a}"))?;
                let num = || -> Result<i64, String> { value.clone().ok_or(usage.to_owned())? };
                match what.as_str() {
                    "trip" => d.smart.trip = true,
                    "ok" => d.smart.trip = false,
                    "unreadable" => d.smart.unreadable = true,
                    "readable" => d.smart.unreadable = false,
                    "wear" => d.smart.wear = Some(num()?.unsigned_abs()),
                    "pending" => d.smart.pending = num()?.unsigned_abs(),
                    "temperature" => {
                        d.smart.temperature =
                            Some(i32::try_from(num()?).map_err(|_| "bad temperature".to_owned())?);
                    }
                    _ => return Err(usage.to_owned()),
                }
                format!(
                    "{a}: SMART {what}{}",
                    o.pos.get(2).map_or_else(String::new, |v| format!(" {v}"))
                )
            }
            "event" => {
                let a = o.addr_on(&st, ad_index, 0)?;
                let kind = o
                    .pos
                    .get(1)
                    .ok_or("usage: event E:S puncture|medium-error|sense [--lba HEX]")?
                    .clone();
                let lba = o
                    .get("lba")
                    .map(|v| {
                        u64::from_str_radix(v.trim_start_matches("0x"), 16)
                            .map_err(|_| format!("bad LBA {v:?}"))
                    })
                    .transpose()?
                    .unwrap_or(0x20d_803e);
                world::damage_event(pick(&mut st, ad_index)?, clock, a, &kind, lba)?;
                format!("{a}: {kind} event logged")
            }
            "bad-blocks" => {
                let t = u32::try_from(o.num(0)?).map_err(|_| "bad VD number".to_owned())?;
                let on = match o.pos.get(1).map(String::as_str) {
                    Some("on") => true,
                    Some("off") => false,
                    _ => return Err("usage: bad-blocks VD on|off".to_owned()),
                };
                world::bad_blocks(pick(&mut st, ad_index)?, clock, t, on)?;
                format!("VD {t}: bad blocks {}", if on { "on" } else { "off" })
            }
            "bbu" => {
                let action = o
                    .pos
                    .first()
                    .ok_or("usage: bbu drain|learn|replace|fail")?
                    .clone();
                world::bbu(pick(&mut st, ad_index)?, clock, &action)?;
                format!("battery: {action}")
            }
            "reboot" => {
                let ad = pick(&mut st, ad_index)?;
                if o.pos.iter().any(|p| p == "reset-log") {
                    // NVRAM lost or the controller swapped: the log starts again from 0.
                    ad.events.clear();
                    ad.next_seq = 0;
                    ad.clear_seq = 0;
                }
                engine::boot(ad, clock);
                engine::advance(&mut st, engine::CLOCK_UNSET_SECS);
                format!("adapter {ad_index} rebooted; clock {}", st.clock)
            }
            "advance" => {
                let secs = o.num(0)?;
                engine::advance(&mut st, secs);
                format!("clock {}", st.clock)
            }
            "speed" => {
                let t = o.pos.first().ok_or("usage: speed FACTOR")?;
                let f: f64 = t.parse().map_err(|_| format!("bad factor {t:?}"))?;
                if !(f.is_finite() && f > 0.0) {
                    return Err(format!("bad factor {t:?}"));
                }
                st.speed = f;
                format!("speed {f}")
            }
            "fault" => match o.pos.first().map(String::as_str) {
                Some("add") => {
                    let command = o
                        .get("command")
                        .ok_or("fault add needs --command")?
                        .to_ascii_lowercase();
                    let command = command.trim_start_matches('-').to_owned();
                    let vendor = ["storcli:", "omreport:", "omconfig:", "mfi:"]
                        .iter()
                        .any(|p| command.starts_with(p));
                    if command != "*" && !vendor && !args::COMMANDS.contains(&command.as_str()) {
                        return Err(format!("unknown command {command:?}"));
                    }
                    let kind = parse_fault_kind(o.get("kind").ok_or("fault add needs --kind")?)?;
                    let on_call = o
                        .get("on-call")
                        .map(|v| {
                            v.parse::<u64>()
                                .map_err(|_| format!("bad call number {v:?}"))
                        })
                        .transpose()?;
                    st.faults.push(FaultRule {
                        command,
                        kind,
                        on_call,
                    });
                    format!("{} fault(s)", st.faults.len())
                }
                Some("clear") => {
                    st.faults.clear();
                    "faults cleared".to_owned()
                }
                Some("list") => {
                    serde_json::to_string_pretty(&st.faults).map_err(|e| e.to_string())?
                }
                _ => return Err("usage: fault add|clear|list".to_owned()),
            },
            other => return Err(format!("usage: unknown control command {other:?}")),
        }
    };
    lock.save(&st)?;
    Ok(out)
}

/// `sim block-devices on|off|list|renumber [DEV...]`, called with the state lock held.
fn block_devices(dir: &std::path::Path, st: &SimState, o: &Opts) -> Result<String, String> {
    match o.pos.first().map_or("list", String::as_str) {
        "on" => {
            let size = match o.get("size-gb") {
                Some(v) => v
                    .parse::<u64>()
                    .map_err(|_| format!("bad size {v:?}"))?
                    .saturating_mul(1 << 30),
                None => blockdev::DEFAULT_SIZE,
            };
            blockdev::enable(dir, st, size)?;
        }
        "off" => {
            blockdev::disable(dir)?;
            return Ok("block devices off".to_owned());
        }
        "renumber" => return blockdev::renumber(dir, st, &o.pos[1..]),
        "list" => {}
        other => {
            return Err(format!(
                "usage: block-devices on|off|list|renumber [DEV...], not {other:?}"
            ));
        }
    }
    let map = blockdev::load(dir)?.unwrap_or_default();
    if o.get("format") == Some("json") {
        serde_json::to_string_pretty(&blockdev::listing(&map)).map_err(|e| e.to_string())
    } else {
        Ok(blockdev::table(&map).trim_end().to_owned())
    }
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

    #[test]
    fn fault_kinds_parse() {
        assert_eq!(
            parse_fault_kind("latency:300ms").unwrap(),
            FaultKind::Latency(300)
        );
        assert_eq!(
            parse_fault_kind("latency:2s").unwrap(),
            FaultKind::Latency(2000)
        );
        assert_eq!(parse_fault_kind("exit:0x03").unwrap(), FaultKind::Exit(3));
        assert!(parse_fault_kind("nope").is_err());
    }
}
