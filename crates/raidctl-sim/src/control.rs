//! The simulator's control interface (`raidctl sim …`, `MegaCli64 control …`): the hands and
//! the clock of the simulated machine. One clap tree, so both entry points have help, usage
//! errors and suggestions, and `raidctl sim` has man pages and completions.

use crate::state::{self, FaultKind, FaultRule, SimState};
use crate::store::{Locked, STATE_ENV};
use crate::{args, blockdev, engine, omreport, scenarios, world};
use clap::{Parser, Subcommand, ValueEnum};
use raidctl_model::DriveAddress;
use std::path::PathBuf;

/// A control command.
#[derive(Debug, Clone, Subcommand)]
pub enum SimCmd {
    /// Create the state (replaces what is there).
    Init {
        /// The scenario (`raidctl sim scenarios` lists them); `custom` with --from.
        #[arg(default_value = "healthy")]
        scenario: String,
        /// A state saved with `raidctl sim state` instead of a scenario.
        #[arg(long, value_name = "FILE.json")]
        from: Option<PathBuf>,
    },
    /// List the scenario names.
    Scenarios,
    /// Print the state as JSON.
    State,
    /// Print the per-command call counts as JSON.
    Calls,
    /// Pull a drive out of its slot.
    Pull {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
    },
    /// Insert a drive into an empty slot.
    Insert {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
        /// What kind of drive (default: the one pulled from that slot, else a blank one).
        #[arg(long, value_parser = insert_kind)]
        kind: Option<world::InsertKind>,
        /// Its size in GB (decimal, as drive labels say).
        #[arg(long, value_name = "N")]
        size_gb: Option<u64>,
    },
    /// The firmware fails a drive.
    Fail {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
    },
    /// Set a drive's media error counter.
    MediaErrors {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
        /// The counter's new value.
        count: u64,
    },
    /// Set a drive's predictive failure counter.
    Predictive {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
        /// The counter's new value.
        count: u64,
    },
    /// What the simulated smartctl says of a drive.
    Smart {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
        /// What changes.
        what: SmartWhat,
        /// The value of `wear` (percent used), `pending` (sectors) or `temperature` (°C).
        value: Option<u32>,
    },
    /// Log a damage event on a drive (its counters unchanged).
    Event {
        /// The drive.
        #[command(flatten)]
        drive: DriveArg,
        /// What the event says.
        #[arg(value_parser = ["puncture", "medium-error", "sense"])]
        kind: String,
        /// The LBA it names (hex).
        #[arg(long, value_name = "HEX", value_parser = hex_lba, default_value = "0x20d803e")]
        lba: u64,
    },
    /// Set `Bad Blocks Exist` on a VD (punctured stripes).
    BadBlocks {
        /// The VD's target id.
        vd: u32,
        /// On or off.
        // Not `state`: that id is the global `--state DIR`.
        #[arg(value_name = "STATE", value_parser = ["on", "off"])]
        switch: String,
        /// The adapter.
        #[command(flatten)]
        adapter: AdapterArg,
    },
    /// The battery: drain, learn cycle, replace or fail.
    Bbu {
        /// What happens to it.
        #[arg(value_parser = ["drain", "learn", "replace", "fail"])]
        action: String,
        /// The adapter.
        #[command(flatten)]
        adapter: AdapterArg,
    },
    /// Restart the controller: boot events, boot-relative times until its clock is set
    /// (`Seconds since last reboot: N`).
    Reboot {
        /// Its event log starts again at sequence 0 (NVRAM lost, controller swapped).
        #[arg(value_parser = ["reset-log"])]
        reset_log: Option<String>,
        /// The adapter.
        #[command(flatten)]
        adapter: AdapterArg,
    },
    /// Advance the virtual clock (rebuild, copyback, background init, battery).
    Advance {
        /// Seconds.
        seconds: u64,
    },
    /// Multiply every rate (1000 finishes a rebuild in seconds).
    Speed {
        /// A positive factor.
        #[arg(value_parser = speed_factor)]
        factor: f64,
    },
    /// Faults injected into the vendor tools' answers.
    Fault {
        /// What to do.
        #[command(subcommand)]
        action: FaultCmd,
    },
    /// Back every VD and JBOD drive with a loop device over a sparse file in DIR/disks (root);
    /// an offline VD or failed JBOD drive then fails I/O (EIO).
    BlockDevices {
        /// What to do (default: list).
        #[command(subcommand)]
        action: Option<BlockCmd>,
    },
}

/// A drive of the simulated machine.
#[derive(Debug, Clone, clap::Args)]
pub struct DriveArg {
    /// `E:S` (`:S` without enclosure), or OpenManage's `C:E:P` (`0:1:4`).
    #[arg(value_name = "E:S")]
    drive: String,
    #[command(flatten)]
    adapter: AdapterArg,
}

/// The adapter a control command acts on.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct AdapterArg {
    /// Adapter.
    #[arg(short = 'a', long = "adapter", value_name = "N", default_value_t = 0)]
    index: u32,
}

/// What `smart` changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SmartWhat {
    /// The drive's SMART status trips (FAILED).
    Trip,
    /// Its SMART status passes again.
    Ok,
    /// smartctl cannot read the drive.
    Unreadable,
    /// smartctl reads it again.
    Readable,
    /// Percentage used (SSD wear), VALUE percent.
    Wear,
    /// Pending sectors, VALUE of them.
    Pending,
    /// Temperature, VALUE °C.
    Temperature,
}

/// `fault` actions.
#[derive(Debug, Clone, Subcommand)]
pub enum FaultCmd {
    /// Add a fault rule.
    Add {
        /// The vendor command (`-pdlist`, `storcli:show`, `omreport:…`, `mfi:…`) or `*`.
        #[arg(long, value_name = "CMD|*", allow_hyphen_values = true)]
        command: String,
        /// `latency:300ms`, `hang`, `crash`, `exit:0x03`, `garbled` or `empty`.
        #[arg(long, value_parser = fault_kind)]
        kind: FaultKind,
        /// Only the Nth call of that command.
        #[arg(long, value_name = "N")]
        on_call: Option<u64>,
    },
    /// Remove every fault rule.
    Clear,
    /// Print the fault rules as JSON.
    List,
}

/// `block-devices` actions (default: list).
#[derive(Debug, Clone, Subcommand)]
pub enum BlockCmd {
    /// Attach them.
    On {
        /// Each file's cap in GiB (sparse).
        #[arg(long, value_name = "N", default_value_t = blockdev::DEFAULT_SIZE >> 30)]
        size_gb: u64,
    },
    /// Detach them.
    Off,
    /// List them (`--format json` for a program).
    List,
    /// Move their kernel names (all, or those given), as a rescan or a reboot does.
    Renumber {
        /// Devices (`/dev/loopN` or `loopN`).
        devs: Vec<String>,
    },
}

/// The control interface on its own (`MegaCli64 control …`, `storcli64 control …`).
#[derive(Debug, Parser)]
#[command(
    name = "raidctl sim",
    about = "The simulated machine's hands and clock",
    disable_version_flag = true
)]
struct ControlCli {
    /// The state directory (default: $RAIDCTL_SIM_STATE).
    #[arg(long, global = true, value_name = "DIR")]
    state: Option<PathBuf>,
    /// `json` for `block-devices list`.
    #[arg(long, global = true, value_parser = ["table", "json"], default_value = "table")]
    format: String,
    /// What to do.
    #[command(subcommand)]
    cmd: SimCmd,
}

fn insert_kind(s: &str) -> Result<world::InsertKind, String> {
    s.parse()
}

fn hex_lba(s: &str) -> Result<u64, String> {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).map_err(|_| format!("bad LBA {s:?}"))
}

fn speed_factor(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|f| f.is_finite() && *f > 0.0)
        .ok_or_else(|| format!("bad factor {s:?}: a positive number"))
}

fn fault_kind(s: &str) -> Result<FaultKind, String> {
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

/// `raidctl sim …` (or `MegaCli64 control …`) parsed from words: the control interface
/// against the state directory in `RAIDCTL_SIM_STATE` (or `--state DIR`); returns the exit
/// status.
pub fn control(args: &[String]) -> i32 {
    control_in(args, crate::multicall::state_from_env())
}

/// [`control`] with the state directory given (`--state DIR` in `args` still wins).
pub fn control_in(args: &[String], dir: Option<PathBuf>) -> i32 {
    let argv = std::iter::once("raidctl sim".to_owned()).chain(args.iter().cloned());
    let cli = match ControlCli::try_parse_from(argv) {
        Ok(c) => c,
        Err(e) => {
            // Help goes to standard output with 0, usage errors to standard error with 2.
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    run(cli.state.or(dir), &cli.cmd, cli.format == "json")
}

/// Runs a parsed control command against `dir` and prints its answer; returns the exit status.
pub fn run(dir: Option<PathBuf>, cmd: &SimCmd, json: bool) -> i32 {
    match execute(dir, cmd, json) {
        Ok(out) if out.is_empty() => 0,
        Ok(out) => crate::emit("raidctl sim", format!("{out}\n").as_bytes(), 0),
        Err(e) => {
            raidctl_sys::errln!("raidctl sim: {e}");
            2
        }
    }
}

/// Runs a control command given as words and returns what it would print (for callers that
/// narrate themselves, such as workflows under `--sim`).
///
/// # Errors
/// The control interface's complaint, usage errors included.
pub fn control_inner(args: &[String]) -> Result<String, String> {
    let argv = std::iter::once("raidctl sim".to_owned()).chain(args.iter().cloned());
    let cli = ControlCli::try_parse_from(argv).map_err(|e| e.to_string().trim().to_owned())?;
    let dir = cli.state.or_else(crate::multicall::state_from_env);
    execute(dir, &cli.cmd, cli.format == "json")
}

/// Runs `cmd` against the state in `dir` under its lock; returns what to print.
///
/// # Errors
/// No state directory, an unknown drive or adapter, or what the simulated world refuses.
pub fn execute(dir: Option<PathBuf>, cmd: &SimCmd, json: bool) -> Result<String, String> {
    if let SimCmd::Scenarios = cmd {
        return Ok(scenarios::NAMES.join("\n"));
    }
    let dir =
        dir.ok_or_else(|| format!("set {STATE_ENV} (or --state DIR) to the state directory"))?;
    let lock = Locked::acquire(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if let SimCmd::Init { scenario, from } = cmd {
        let st = match from {
            Some(file) => {
                let f = file.display();
                let text = std::fs::read_to_string(file).map_err(|e| format!("{f}: {e}"))?;
                let mut st: SimState =
                    serde_json::from_str(&text).map_err(|e| format!("{f}: {e}"))?;
                if st.scenario.is_empty() {
                    st.scenario = "custom".to_owned();
                }
                st
            }
            None => scenarios::build(scenario)?,
        };
        lock.save(&st)?;
        return Ok(format!("initialised {} in {}", st.scenario, dir.display()));
    }
    let mut st = if lock.exists() {
        lock.load()?
    } else {
        scenarios::build("healthy")?
    };
    let out = match cmd {
        SimCmd::State => return serde_json::to_string_pretty(&st).map_err(|e| e.to_string()),
        SimCmd::Calls => return serde_json::to_string(&st.calls).map_err(|e| e.to_string()),
        // Under the state lock (held until the return); nothing in the state changes.
        SimCmd::BlockDevices { action } => return block_devices(&dir, &st, action.as_ref(), json),
        other => change(&mut st, other)?,
    };
    lock.save(&st)?;
    Ok(out)
}

fn pick(st: &mut SimState, n: u32) -> Result<&mut state::Adapter, String> {
    st.adapters
        .iter_mut()
        .find(|a| a.index == n)
        .ok_or_else(|| format!("no adapter {n}"))
}

/// The drive address: MegaCli's `E:S`, or OpenManage's `connector:enclosure:port` (`0:1:4`)
/// as the omreport front end numbers the drives of its adapter.
fn addr(st: &SimState, d: &DriveArg) -> Result<DriveAddress, String> {
    let (t, adapter) = (&d.drive, d.adapter.index);
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

/// A command that changes the state; returns what to print.
fn change(st: &mut SimState, cmd: &SimCmd) -> Result<String, String> {
    let clock = st.clock;
    Ok(match cmd {
        SimCmd::Pull { drive } => {
            let a = addr(st, drive)?;
            world::pull(pick(st, drive.adapter.index)?, clock, a)?;
            format!("pulled {a}")
        }
        SimCmd::Insert {
            drive,
            kind,
            size_gb,
        } => {
            let a = addr(st, drive)?;
            world::insert(pick(st, drive.adapter.index)?, clock, a, *kind, *size_gb)?;
            format!("inserted {a}")
        }
        SimCmd::Fail { drive } => {
            let a = addr(st, drive)?;
            world::fail(pick(st, drive.adapter.index)?, clock, a)?;
            format!("failed {a}")
        }
        SimCmd::MediaErrors { drive, count } => {
            let a = addr(st, drive)?;
            world::media_errors(pick(st, drive.adapter.index)?, clock, a, *count)?;
            format!("{a}: media errors {count}")
        }
        SimCmd::Predictive { drive, count } => {
            let a = addr(st, drive)?;
            world::predictive(pick(st, drive.adapter.index)?, clock, a, *count)?;
            format!("{a}: predictive failures {count}")
        }
        SimCmd::Smart { drive, what, value } => smart(st, drive, *what, *value)?,
        SimCmd::Event { drive, kind, lba } => {
            let a = addr(st, drive)?;
            world::damage_event(pick(st, drive.adapter.index)?, clock, a, kind, *lba)?;
            format!("{a}: {kind} event logged")
        }
        SimCmd::BadBlocks {
            vd,
            switch: state,
            adapter,
        } => {
            let on = state == "on";
            world::bad_blocks(pick(st, adapter.index)?, clock, *vd, on)?;
            format!("VD {vd}: bad blocks {state}")
        }
        SimCmd::Bbu { action, adapter } => {
            world::bbu(pick(st, adapter.index)?, clock, action)?;
            format!("battery: {action}")
        }
        SimCmd::Reboot { reset_log, adapter } => {
            let ad = pick(st, adapter.index)?;
            if reset_log.is_some() {
                // NVRAM lost or the controller swapped: the log starts again from 0.
                ad.events.clear();
                ad.next_seq = 0;
                ad.clear_seq = 0;
            }
            engine::boot(ad, clock);
            engine::advance(st, engine::CLOCK_UNSET_SECS);
            format!("adapter {} rebooted; clock {}", adapter.index, st.clock)
        }
        SimCmd::Advance { seconds } => {
            engine::advance(st, *seconds);
            format!("clock {}", st.clock)
        }
        SimCmd::Speed { factor } => {
            st.speed = *factor;
            format!("speed {factor}")
        }
        SimCmd::Fault { action } => fault(st, action)?,
        SimCmd::Init { .. }
        | SimCmd::Scenarios
        | SimCmd::State
        | SimCmd::Calls
        | SimCmd::BlockDevices { .. } => {
            return Err("not a change of the simulated machine".to_owned());
        }
    })
}

fn smart(
    st: &mut SimState,
    drive: &DriveArg,
    what: SmartWhat,
    value: Option<u32>,
) -> Result<String, String> {
    let a = addr(st, drive)?;
    let d = pick(st, drive.adapter.index)?
        .drives
        .iter_mut()
        .find(|d| d.addr() == a)
        .ok_or_else(|| format!("no drive {a}"))?;
    let needs = |what: &str| format!("smart {what} needs a VALUE");
    match what {
        SmartWhat::Trip => d.smart.trip = true,
        SmartWhat::Ok => d.smart.trip = false,
        SmartWhat::Unreadable => d.smart.unreadable = true,
        SmartWhat::Readable => d.smart.unreadable = false,
        SmartWhat::Wear => d.smart.wear = Some(u64::from(value.ok_or_else(|| needs("wear"))?)),
        SmartWhat::Pending => d.smart.pending = u64::from(value.ok_or_else(|| needs("pending"))?),
        SmartWhat::Temperature => {
            let c = value.ok_or_else(|| needs("temperature"))?;
            d.smart.temperature = Some(i32::try_from(c).map_err(|_| "bad temperature")?);
        }
    }
    let name = what.to_possible_value().map(|v| v.get_name().to_owned());
    Ok(format!(
        "{a}: SMART {}{}",
        name.unwrap_or_default(),
        value.map_or_else(String::new, |v| format!(" {v}"))
    ))
}

fn fault(st: &mut SimState, action: &FaultCmd) -> Result<String, String> {
    Ok(match action {
        FaultCmd::Add {
            command,
            kind,
            on_call,
        } => {
            let command = command.to_ascii_lowercase();
            let command = command.trim_start_matches('-').to_owned();
            let vendor = ["storcli:", "omreport:", "omconfig:", "mfi:"]
                .iter()
                .any(|p| command.starts_with(p));
            if command != "*" && !vendor && !args::COMMANDS.contains(&command.as_str()) {
                return Err(format!("unknown command {command:?}"));
            }
            st.faults.push(FaultRule {
                command,
                kind: kind.clone(),
                on_call: *on_call,
            });
            format!("{} fault(s)", st.faults.len())
        }
        FaultCmd::Clear => {
            st.faults.clear();
            "faults cleared".to_owned()
        }
        FaultCmd::List => serde_json::to_string_pretty(&st.faults).map_err(|e| e.to_string())?,
    })
}

/// `block-devices on|off|list|renumber [DEV...]`, called with the state lock held.
fn block_devices(
    dir: &std::path::Path,
    st: &SimState,
    action: Option<&BlockCmd>,
    json: bool,
) -> Result<String, String> {
    match action {
        Some(BlockCmd::On { size_gb }) => {
            blockdev::enable(dir, st, size_gb.saturating_mul(1 << 30))?;
        }
        Some(BlockCmd::Off) => {
            blockdev::disable(dir)?;
            return Ok("block devices off".to_owned());
        }
        Some(BlockCmd::Renumber { devs }) => return blockdev::renumber(dir, st, devs),
        Some(BlockCmd::List) | None => {}
    }
    let map = blockdev::load(dir)?.unwrap_or_default();
    if json {
        serde_json::to_string_pretty(&blockdev::listing(&map)).map_err(|e| e.to_string())
    } else {
        Ok(blockdev::table(&map).trim_end().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<ControlCli, clap::Error> {
        ControlCli::try_parse_from(std::iter::once("raidctl sim").chain(line.split_whitespace()))
    }

    #[test]
    fn fault_kinds_parse() {
        assert_eq!(
            fault_kind("latency:300ms").unwrap(),
            FaultKind::Latency(300)
        );
        assert_eq!(fault_kind("latency:2s").unwrap(), FaultKind::Latency(2000));
        assert_eq!(fault_kind("exit:0x03").unwrap(), FaultKind::Exit(3));
        assert!(fault_kind("nope").is_err());
    }

    #[test]
    fn words_parse_as_before() {
        let c = parse("pull 32:4 -a 1").unwrap();
        assert!(
            matches!(c.cmd, SimCmd::Pull { ref drive } if drive.drive == "32:4" && drive.adapter.index == 1)
        );
        let c = parse("insert 32:4 --kind media-errors --size-gb 600").unwrap();
        assert!(matches!(
            c.cmd,
            SimCmd::Insert {
                kind: Some(world::InsertKind::MediaErrors),
                size_gb: Some(600),
                ..
            }
        ));
        let c = parse("block-devices list --format json").unwrap();
        assert_eq!(c.format, "json");
        assert!(parse("smart 32:4 wear 80").is_ok());
        assert!(parse("reboot reset-log -a 0").is_ok());
        assert!(parse("fault add --command -pdlist --kind hang --on-call 2").is_ok());
        assert!(parse("--state /x advance 60").is_ok_and(|c| c.state.is_some()));
        // A positional named like a global option once panicked here (clap ids collide).
        let c = parse("--state /x bad-blocks 1 on").unwrap();
        assert!(matches!(c.cmd, SimCmd::BadBlocks { ref switch, .. } if switch == "on"));
        <ControlCli as clap::CommandFactory>::command().debug_assert();
    }

    #[test]
    fn mistakes_are_usage_errors_with_suggestions() {
        let e = parse("pul 32:4").unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::InvalidSubcommand);
        assert!(e.to_string().contains("pull"), "{e}");
        assert!(parse("speed 0").is_err());
        assert!(parse("insert 32:4 --kind shiny").is_err());
        assert!(parse("event 32:4 explosion").is_err());
    }
}
