//! The MegaCli simulator from the outside: fidelity against real captures, concurrency, and
//! fault injection (its state machine with the refusals is in [`crate::sim_machine`]).

use crate::util::{corpus, read};
use raidctl::parse::{Kind, lex, parse};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub(crate) struct Sim {
    pub(crate) dir: tempfile::TempDir,
}

fn argv(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

impl Sim {
    pub(crate) fn new(scenario: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let s = Self { dir };
        s.control(&format!("init {scenario}"));
        s
    }

    pub(crate) fn cmd(&self) -> Command {
        let mut c = Command::new(crate::util::vendor("MegaCli64"));
        c.env("RAIDCTL_SIM_STATE", self.dir.path());
        c
    }

    pub(crate) fn raw(&self, line: &str) -> Output {
        self.cmd().args(argv(line)).output().unwrap()
    }

    /// Runs a MegaCli command: (stdout, exit status).
    pub(crate) fn run(&self, line: &str) -> (String, i32) {
        let out = self.raw(line);
        (
            String::from_utf8(out.stdout).unwrap(),
            out.status.code().unwrap_or(-1),
        )
    }

    /// Runs and returns the body lines (spinner, blank lines and trailer removed) and status.
    pub(crate) fn lines(&self, line: &str) -> (Vec<String>, i32) {
        let (text, code) = self.run(line);
        let trailer = format!("Exit Code: 0x{code:02X}");
        assert!(
            text.starts_with("\r                                     \n"),
            "{line}: no spinner line: {text:?}"
        );
        assert!(
            text.ends_with(&format!("\n\n{trailer}\n")),
            "{line}: trailer does not match the status {code}: {text:?}"
        );
        let body = text
            .lines()
            .map(|l| l.trim_end_matches('\r').trim().to_owned())
            .filter(|l| !l.is_empty() && !l.starts_with("Exit Code"))
            .collect();
        (body, code)
    }

    pub(crate) fn control(&self, line: &str) -> String {
        let out = self.cmd().arg("control").args(argv(line)).output().unwrap();
        assert!(
            out.status.success(),
            "control {line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    pub(crate) fn state(&self) -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(self.dir.path().join("state.json")).unwrap())
            .unwrap()
    }

    /// `Firmware state:` of one drive from `-PDInfo`.
    pub(crate) fn fw_state(&self, addr: &str) -> String {
        let (text, _) = self.run(&format!("-PDInfo -PhysDrv[{addr}] -a0"));
        let doc = parse(&text, Some(Kind::PdInfo)).unwrap();
        doc.physical_drives[0]
            .firmware_state_raw
            .clone()
            .unwrap_or_default()
    }

    pub(crate) fn foreign(&self, addr: &str) -> bool {
        let (text, _) = self.run(&format!("-PDInfo -PhysDrv[{addr}] -a0"));
        parse(&text, Some(Kind::PdInfo)).unwrap().physical_drives[0].foreign == Some(true)
    }

    /// `State` of a VD.
    pub(crate) fn vd_state(&self, target: u32) -> String {
        let (text, _) = self.run(&format!("-LDInfo -L{target} -a0"));
        let doc = parse(&text, Some(Kind::LdInfo)).unwrap();
        doc.logical_drives[0].state_raw.clone().unwrap_or_default()
    }

    pub(crate) fn events(&self) -> Vec<String> {
        let file = self.dir.path().join("events.txt");
        let (_, code) = self.run(&format!(
            "-AdpEventLog -GetEvents -f {} -a0",
            file.display()
        ));
        assert_eq!(code, 0);
        let doc = parse(&read(&file), Some(Kind::EventLog)).unwrap();
        assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        doc.events.into_iter().map(|e| e.description).collect()
    }
}

/// Runs `line`: its status must be `code` and its first body line `first`; the body.
pub(crate) fn expect(sim: &Sim, line: &str, code: i32, first: &str) -> Vec<String> {
    let (body, got) = sim.lines(line);
    assert_eq!(got, code, "{line}: {body:?}");
    assert_eq!(body.first().map(String::as_str), Some(first), "{line}");
    body
}

// ---------------------------------------------------------------------------------------------
// Fidelity
// ---------------------------------------------------------------------------------------------

/// Distinct `Key:` names in order of first appearance.
fn keys(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lex::lines(text) {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        let Some((k, _)) = lex::split_kv(t) else {
            continue;
        };
        let k = lex::normalise_key(k);
        if !k.is_empty() && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// One read command checked against a real capture.
struct Case {
    scenario: &'static str,
    args: &'static str,
    kind: Kind,
    /// Capture in `fixtures/corpus/megacli` of the same command kind, if any exists.
    capture: Option<&'static str>,
    /// Keys the capture has and the simulator does not print, with the reason.
    missing: &'static [&'static str],
    /// Keys the simulator prints and the capture does not have.
    extra: &'static [&'static str],
    /// The capture is cut short: compare only its length.
    truncated: bool,
}

/// A case whose capture is whole.
const fn case(
    scenario: &'static str,
    args: &'static str,
    kind: Kind,
    capture: Option<&'static str>,
    missing: &'static [&'static str],
    extra: &'static [&'static str],
) -> Case {
    Case {
        scenario,
        args,
        kind,
        capture,
        missing,
        extra,
        truncated: false,
    }
}

impl Case {
    const fn truncated(self) -> Self {
        Case {
            truncated: true,
            ..self
        }
    }
}

/// Documented differences between the simulator (MegaCli 8.07.14 on a PERC H710-like
/// controller) and the captures, which come from other controllers and CLI builds:
/// - PDList: `IBM FRU/CRU` is printed only for IBM-branded drives.
/// - LDInfo: none (the 8.07 `megacli2zbx` capture has the same keys in the same order).
/// - LdPdInfo: `Cache Cade Type` appears only with CacheCade; the H700 capture prints
///   `Drive: Not Certified` only for some drives, and its drives are SATA (no
///   `SAS Address(1)`/`Port-1`, which the simulator's SAS drives print).
/// - CfgDsply: the 9240 capture has `Is VD emulated` (newer firmware); its first VD is a
///   RAID 5 (`Parity Size`) where the simulator's is a RAID 1 (`Mirror Data`).
/// - AdpAllInfo: the H700 capture is older firmware; the simulator (H710) adds `ChipRevision`
///   and `ROC temperature`.
/// - BBU: the simulator's battery has no `Battery backup charge time` variants beyond the
///   capture's; event files carry PD data keys (`Device ID`, `Enclosure Index`, `Slot Number`,
///   `Previous state`, `New state`) the BBU/CC captures do not show.
/// - `-PDRbld -ShowProg`, `-CfgForeign -Scan`, `-adpCount` have no keys; the line shapes are
///   checked by the parser. `-FwTermLog` lines are free text (no key comparison).
const CASES: &[Case] = &[
    case(
        "healthy",
        "-PDList -aALL",
        Kind::PdList,
        Some("checkraid__issue123-pdlist"),
        &["ibmfrucru"],
        &[],
    ),
    case(
        "hotspare",
        "-PDList -aALL",
        Kind::PdList,
        Some("checkraid__issue123-pdlist"),
        &["ibmfrucru"],
        &["hotspareinformation", "type", "array"],
    ),
    case(
        "healthy",
        "-PDInfo -PhysDrv [32:2] -aALL",
        Kind::PdInfo,
        Some("elatov-blog__pdinfo-6-0"),
        &[],
        &["drive"],
    ),
    case(
        "degraded",
        "-LDInfo -Lall -aALL",
        Kind::LdInfo,
        Some("megacli2zbx__vdinfo.txt"),
        &[],
        &[],
    ),
    case(
        "rebuilding",
        "-LdPdInfo -aALL",
        Kind::LdPdInfo,
        Some("raidinfo__megacli-ldpdinfo-1.txt"),
        &["cachecadetype", "drive"],
        &["drive", "sasaddress1", "port1"],
    ),
    case(
        "healthy",
        "-CfgDsply -a0",
        Kind::CfgDsply,
        Some("zbxraidcontroller-pr3__cfgdsply-9240-8i-TRUNCATED.txt"),
        &["isvdemulated", "paritysize"],
        &["mirrordata", "paritysize"],
    )
    .truncated(),
    case(
        "healthy",
        "-EncInfo -aALL",
        Kind::EncInfo,
        Some("glpiagent__set1_EncInfo"),
        &[],
        &[],
    ),
    case(
        "healthy",
        "-AdpAllInfo -aALL",
        Kind::AdpAllInfo,
        Some("raidinfo__megacli-adpallinfo-1.txt"),
        &[],
        &["chiprevision", "roctemperature"],
    ),
    case(
        "large",
        "-AdpGetPciInfo -aALL",
        Kind::AdpGetPciInfo,
        Some("glpiagent__set6_AdpPciInfo"),
        &[],
        &[],
    ),
    case(
        "healthy",
        "-adpCount",
        Kind::AdpCount,
        Some("glpiagent__set1_adpCount"),
        &[],
        &[],
    ),
    case(
        "healthy",
        "-AdpBbuCmd -a0 -NoLog",
        Kind::Bbu,
        Some("netdata__mega-bbu-info-old.txt"),
        &["moduleversion"],
        &[],
    ),
    case(
        "bbu-learn",
        "-AdpBbuCmd -GetBbuStatus -a0",
        Kind::BbuStatus,
        Some("netdata-pr3930__bbu-adpbbucmd-TRUNCATED.txt"),
        &[],
        &[],
    )
    .truncated(),
    case(
        "healthy",
        "-ShowSummary -aALL",
        Kind::ShowSummary,
        Some("glpiagent__set4_ShowSummary"),
        &[],
        &[],
    ),
    case(
        "rebuilding",
        "-PDRbld -ShowProg -PhysDrv [32:4] -a0",
        Kind::Progress,
        Some("raidinfo__megacli-pdrbld-3.txt"),
        &[],
        &[],
    ),
    case(
        "healthy",
        "-PDRbld -ShowProg -PhysDrv [32:3,32:4] -a0",
        Kind::Progress,
        None,
        &[],
        &[],
    ),
    case(
        "foreign",
        "-CfgForeign -Scan -a0",
        Kind::ForeignScan,
        Some("mdnote-13330226718__cfgforeign-scan.txt"),
        &[],
        &[],
    ),
    case(
        "healthy",
        "-CfgForeign -Scan -a0",
        Kind::ForeignScan,
        None,
        &[],
        &[],
    ),
    case(
        "foreign",
        "-CfgForeign -Dsply -a0",
        Kind::ForeignDsply,
        None,
        &[],
        &[],
    ),
    case(
        "foreign",
        "-CfgForeign -Preview -a0",
        Kind::ForeignPreview,
        None,
        &[],
        &[],
    ),
    case(
        "foreign",
        "-PdGetMissing -a0",
        Kind::PdGetMissing,
        None,
        &[],
        &[],
    ),
    case(
        "healthy",
        "-PdGetMissing -a0",
        Kind::PdGetMissing,
        None,
        &[],
        &[],
    ),
    case(
        "healthy",
        "-PDCpyBk -ShowProg -PhysDrv[32:3] -a0",
        Kind::Progress,
        None,
        &[],
        &[],
    ),
    case(
        "healthy",
        "-LDBI -ShowProg -Lall -a0",
        Kind::Progress,
        None,
        &[],
        &[],
    ),
    case(
        "degraded",
        "-FwTermLog -Dsply -aALL",
        Kind::FwTermLog,
        None,
        &[],
        &[],
    ),
    case(
        "healthy",
        "-v",
        Kind::Version,
        Some("checkraid__issue91-version"),
        &[],
        &[],
    ),
    case("large", "-PDList -aALL", Kind::PdList, None, &[], &[]),
    case("large", "-LDInfo -Lall -aALL", Kind::LdInfo, None, &[], &[]),
    case("ceph-node", "-PDList -aALL", Kind::PdList, None, &[], &[]),
];

fn compare_keys(case: &Case, sim_text: &str) {
    let Some(capture) = case.capture else { return };
    if case.kind == Kind::FwTermLog {
        return;
    }
    let real = read(&corpus().join("megacli").join(capture));
    let want: Vec<String> = keys(&real)
        .into_iter()
        .filter(|k| !case.missing.contains(&k.as_str()))
        .collect();
    let mut got: Vec<String> = keys(sim_text)
        .into_iter()
        .filter(|k| !case.extra.contains(&k.as_str()))
        .collect();
    if case.truncated {
        got.truncate(want.len());
    }
    assert_eq!(
        got, want,
        "{} vs {capture}: key sequence differs",
        case.args
    );
}

#[test]
fn fidelity_read_commands_parse_cleanly_and_match_real_key_order() {
    assert!(
        Path::new(&corpus()).join("megacli").is_dir(),
        "corpus not found"
    );
    let mut sims: std::collections::BTreeMap<&str, Sim> = Default::default();
    for case in CASES {
        let sim = sims
            .entry(case.scenario)
            .or_insert_with(|| Sim::new(case.scenario));
        let (text, code) = sim.run(case.args);
        let expected_code = if case.kind == Kind::AdpCount { 1 } else { 0 };
        assert_eq!(code, expected_code, "{}: {text}", case.args);
        let doc =
            parse(&text, Some(case.kind)).unwrap_or_else(|e| panic!("{}: {e}\n{text}", case.args));
        assert!(
            doc.warnings.is_empty(),
            "{} ({}): {:?}",
            case.args,
            case.scenario,
            doc.warnings
        );
        let detected = raidctl::parse::megacli::detect(&text);
        if !matches!(case.kind, Kind::ForeignPreview | Kind::BbuStatus) {
            assert_eq!(
                detected,
                Some(case.kind),
                "{}: detected as {detected:?}",
                case.args
            );
        }
        compare_keys(case, &text);
    }
}

#[test]
fn fidelity_event_file_matches_the_captured_record_format() {
    let sim = Sim::new("degraded");
    let file = sim.dir.path().join("ev.log");
    let (lines, code) = sim.lines(&format!(
        "-AdpEventLog -GetEvents -f {} -aALL",
        file.display()
    ));
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 1);
    let text = read(&file);
    let doc = parse(&text, None).unwrap();
    assert_eq!(doc.kind, "eventlog");
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    let real =
        read(&corpus().join("megacli/mdnote-915993589__eventlog-cc-started-bbu-disabled.txt"));
    let extra = [
        "deviceid",
        "enclosureindex",
        "slotnumber",
        "previousstate",
        "newstate",
    ];
    let want = keys(&real);
    // The scenario's boot events were logged before the controller's clock was set: they
    // print `Seconds since last reboot: N` where the captured records print `Time:`.
    assert!(text.contains("\nSeconds since last reboot: 5\n"), "{text}");
    let got: Vec<String> = keys(&text.replace("Seconds since last reboot:", "Time:"))
        .into_iter()
        .filter(|k| !extra.contains(&k.as_str()))
        .collect();
    assert_eq!(got, want);
    assert!(
        doc.events
            .iter()
            .any(|e| e.description
                == "State change on PD 04(e0x20/s4) from ONLINE(18) to FAILED(11)")
    );
}

// ---------------------------------------------------------------------------------------------
// Concurrency
// ---------------------------------------------------------------------------------------------

#[test]
fn eight_parallel_mutations_leave_a_consistent_state() {
    let sim = Sim::new("healthy");
    let children: Vec<_> = (0..8)
        .map(|slot| {
            sim.cmd()
                .args(argv(&format!("-PdLocate -start -PhysDrv[32:{slot}] -a0")))
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(out.status.success());
        assert!(
            String::from_utf8(out.stdout)
                .unwrap()
                .contains("PD Locate Start Command was successfully sent")
        );
    }
    let st = sim.state();
    assert_eq!(st["calls"]["pdlocate"], 8);
    let on = st["adapters"][0]["drives"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["locate"] == true)
        .count();
    assert_eq!(on, 8);
    let ev = sim.events();
    assert_eq!(
        ev.iter()
            .filter(|e| e.starts_with("PD Locate started"))
            .count(),
        8
    );
    // Parallel hot-spare sets on four drives plus reads.
    let mut children = Vec::new();
    for slot in 8..12 {
        children.push(
            sim.cmd()
                .args(argv(&format!("-PDHSP -Set -PhysDrv[32:{slot}] -a0")))
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        );
        children.push(
            sim.cmd()
                .args(argv("-PDList -aALL"))
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        );
    }
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    for slot in 8..12 {
        assert_eq!(sim.fw_state(&format!("32:{slot}")), "Hotspare, Spun Up");
    }
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------

#[test]
fn fault_latency_exit_empty_garbled_and_on_call() {
    let sim = Sim::new("healthy");
    sim.control("fault add --command pdlist --kind latency:400ms");
    let t = Instant::now();
    let (text, code) = sim.run("-PDList -aALL");
    assert!(t.elapsed() >= Duration::from_millis(400));
    assert_eq!(code, 0);
    assert!(parse(&text, None).unwrap().warnings.is_empty());
    sim.control("fault clear");

    sim.control("fault add --command ldinfo --kind exit:0x03");
    let (text, code) = sim.run("-LDInfo -Lall -aALL");
    assert_eq!(code, 3);
    assert!(text.ends_with("Exit Code: 0x03\n"));

    sim.control("fault add --command pdoffline --kind empty");
    let (text, code) = sim.run("-PDOffline -PhysDrv[32:3] -a0");
    assert_eq!(
        (text.as_str(), code),
        (
            "\r                                     \n\nExit Code: 0x00\n",
            0
        )
    );
    assert_eq!(parse(&text, None).unwrap().kind, "empty");
    assert_eq!(
        sim.fw_state("32:3"),
        "Online, Spun Up",
        "an unprivileged run changes nothing"
    );

    sim.control("fault add --command encinfo --kind garbled");
    let out = sim.raw("-EncInfo -aALL");
    assert!(
        String::from_utf8(out.stdout.clone()).is_err(),
        "garbled output is not valid text"
    );
    let doc = parse(&raidctl::parse::decode(&out.stdout), Some(Kind::EncInfo));
    assert!(doc.is_err() || !doc.unwrap().warnings.is_empty());

    sim.control("fault add --command adpallinfo --kind exit:4 --on-call 2");
    assert_eq!(sim.run("-AdpAllInfo -a0").1, 0);
    assert_eq!(sim.run("-AdpAllInfo -a0").1, 4);
    assert_eq!(sim.run("-AdpAllInfo -a0").1, 0);
    let calls: serde_json::Value = serde_json::from_str(&sim.control("calls")).unwrap();
    assert_eq!(calls["adpallinfo"], 3);
}

#[test]
fn fault_crash_dies_of_sigsegv_with_truncated_output() {
    let sim = Sim::new("healthy");
    sim.control("fault add --command pdlist --kind crash");
    let out = sim.raw("-PDList -aALL");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("Exit Code"), "output is cut");
    assert!(
        text.contains("Enclosure Device ID"),
        "a prefix of the real output is printed"
    );
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(11), "{:?}", out.status);
    }
    // The call was counted and the state is intact.
    assert_eq!(sim.state()["calls"]["pdlist"], 1);
}

#[test]
fn fault_hang_blocks_until_killed_without_holding_the_lock() {
    let sim = Sim::new("healthy");
    sim.control("fault add --command pdlist --kind hang");
    let mut child = sim
        .cmd()
        .args(argv("-PDList -aALL"))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    assert!(child.try_wait().unwrap().is_none(), "still hanging");
    // Other commands still run: the lock is not held while hanging.
    let t = Instant::now();
    let (_, code) = sim.run("-LDInfo -Lall -aALL");
    assert_eq!(code, 0);
    // The hang lasts an hour; a generous bound still shows the lock is free.
    assert!(t.elapsed() < Duration::from_secs(60));
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success());
}

#[test]
fn custom_json_state_with_direct_attached_drives() {
    let sim = Sim::new("healthy");
    let file = crate::util::root().join("fixtures/sim/direct-attached.json");
    sim.control(&format!("init custom --from {}", file.display()));
    expect(
        &sim,
        "-PDOffline -PhysDrv [:3] -a0",
        0,
        "Adapter: 0: EnclId-N/A SlotId-3 state changed to OffLine.",
    );
    sim.control("pull :3");
    sim.control("insert :3 --kind blank");
    expect(
        &sim,
        "-PDRbld -ShowProg -PhysDrv[:3] -a0",
        0,
        "Rebuild Progress on Device at Enclosure N/A, Slot 3 Completed 0% in 0 Minutes.",
    );
    let (text, _) = sim.run("-PDList -aALL");
    let doc = parse(&text, None).unwrap();
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
    assert!(doc.physical_drives.iter().all(|d| d.enclosure_id.is_none()));
    // raidctl's helper creates a state once and reuses it afterwards.
    let dir = tempfile::tempdir().unwrap();
    assert!(raidctl::sim::init_state_dir(dir.path(), "degraded").unwrap());
    assert!(!raidctl::sim::init_state_dir(dir.path(), "healthy").unwrap());
    assert!(raidctl::sim::init_state_dir(&dir.path().join("x"), "nope").is_err());
}
