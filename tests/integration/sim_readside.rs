//! The MegaCli front end answers every read command the tools operators run, in any of the
//! spellings MegaCli accepts, and never crashes on the rest.

use proptest::prelude::*;
use raidctl::sim::state::SimState;
use raidctl::sim::text::{SPINNER, frame};
use raidctl::sim::{args, dispatch, scenarios, unverified};

/// Every read command of issue 13's list, as the scripts spell them, with the exit status a
/// real MegaCli returns (counts are exit statuses).
const READ_COMMANDS: &[(&str, u32)] = &[
    ("-AdpCount", 1),
    ("-PDGetNum -aALL", 12),
    ("-LDGetNum -a0", 3),
    ("-AdpGetTime -a0", 0),
    ("-AdpGetProp RebuildRate -aALL", 0),
    ("-AdpGetProp AlarmDsply -aALL", 0),
    ("-AdpGetProp EnableJBOD -aALL", 0),
    ("-AdpGetProp CacheFlushInterval -aALL", 0),
    ("-AdpGetProp PatrolReadRate -aALL", 0),
    ("-AdpGetProp BgiRate -aALL", 0),
    ("-AdpGetProp CCRate -aALL", 0),
    ("-AdpGetProp ReconRate -aALL", 0),
    ("-AdpGetProp SpinupDriveCount -aALL", 0),
    ("-AdpGetProp CoercionMode -aALL", 0),
    ("-AdpGetProp PredFailPollInterval -aALL", 0),
    ("-AdpGetProp BatWarnDsbl -aALL", 0),
    ("-AdpGetProp CopyBackDsbl -aALL", 0),
    ("-AdpGetProp SMARTCpyBkEnbl -aALL", 0),
    ("-AdpGetProp MaintainPdFailHistoryEnbl -aALL", 0),
    ("-AdpGetProp RstrHotSpareOnInsert -aALL", 0),
    ("-LDGetProp -Cache -LALL -aALL", 0),
    ("-LDGetProp -Access -LALL -aALL", 0),
    ("-LDGetProp -Name -LALL -aALL", 0),
    ("-LDGetProp -DskCache -LALL -aALL", 0),
    ("-LDGetProp -PS -LALL -aALL", 0),
    ("-PDInfo -PhysDrv [32:2] -a0", 0),
    ("-EncInfo -aALL", 0),
    ("-EncStatus -aALL", 0),
    ("-PhyErrorCounters -aALL", 0),
    ("-AdpGetPciInfo -aALL", 0),
    ("-AdpAllInfo -aALL", 0),
    ("-AdpAlILog -aALL", 0),
    ("-FwTermLog -Dsply -aALL", 0),
    ("-AdpBbuCmd -aALL", 0),
    ("-AdpBbuCmd -GetBbuStatus -aALL", 0),
    ("-AdpBbuCmd -GetBbuCapacityInfo -aALL", 0),
    ("-AdpBbuCmd -GetBbuDesignInfo -aALL", 0),
    ("-AdpBbuCmd -GetBbuProperties -aALL", 0),
    ("-CfgDsply -aALL", 0),
    ("-CfgFreeSpaceinfo -aALL", 0),
    ("-LdPdInfo -aALL", 0),
    ("-ShowSummary -aALL", 0),
    ("-AdpEventLog -GetEventLogInfo -aALL", 0),
    ("-AdpEventLog -GetEvents -f EVENTS -aALL", 0),
    ("-AdpEventLog -GetSinceShutdown -f EVENTS -aALL", 0),
    ("-AdpEventLog -GetSinceReboot -f EVENTS -aALL", 0),
    ("-AdpEventLog -IncludeDeleted -f EVENTS -aALL", 0),
    ("-AdpEventLog -GetLatest 5 -f EVENTS -aALL", 0),
    ("-PDRbld -ShowProg -PhysDrv [32:2] -aALL", 0),
    ("-PDCpyBk -ShowProg -PhysDrv [32:2] -aALL", 0),
    ("-PDClear -ShowProg -PhysDrv [32:2] -aALL", 0),
    ("-LDBI -ShowProg -LALL -aALL", 0),
    ("-LDCC -ShowProg -LALL -aALL", 0),
    ("-LDInit -ShowProg -LALL -aALL", 0),
    ("-LDRecon -ShowProg -L0 -a0", 0),
    ("-AdpPR -Info -aALL", 0),
    ("-AdpCcSched -Info -aALL", 0),
    ("-AdpAutoRbld -Dsply -aALL", 0),
    ("-DirectPdMapping -Dsply -aALL", 0),
    ("-PdGetMissing -aALL", 0),
    ("-v", 0),
    ("-Version -Cli", 0),
    ("-Version -Ctrl -aALL", 0),
    ("-Version -Driver -aALL", 0),
    ("-Version -Pd -aALL", 0),
    ("-AdpEventLog -Clear -aALL", 0),
];

fn argv(line: &str, events: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|t| if t == "EVENTS" { events } else { t }.to_owned())
        .collect()
}

#[test]
fn every_read_command_answers_with_real_framing() {
    let dir = tempfile::tempdir().unwrap();
    let events = dir.path().join("events.log");
    let events = events.to_str().unwrap();
    let invalid = unverified::INVALID_INPUT.split('{').next().unwrap();
    for (line, want) in READ_COMMANDS {
        let mut st = scenarios::build("healthy").unwrap();
        let inv = args::parse(&argv(line, events)).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let (body, code) = dispatch(&mut st, &inv);
        assert_eq!(code, *want, "{line}: {body:?}");
        assert!(!body.is_empty(), "{line}: empty answer");
        assert!(
            !body.iter().any(|l| l.starts_with(invalid)),
            "{line}: {body:?}"
        );
        let text = frame(&body, code);
        assert!(text.starts_with(&format!("{SPINNER}\n")), "{line}");
        assert!(
            text.ends_with(&format!("\n\nExit Code: 0x{code:02X}\n")),
            "{line}: {text}"
        );
        if line.contains("EVENTS") {
            let log = std::fs::read_to_string(events).unwrap();
            let doc = raidctl::parse::parse(&log, None).unwrap();
            assert!(doc.warnings.is_empty(), "{line}: {:?}", doc.warnings);
        }
    }
}

/// What real MegaCli answers for input it does not know.
#[test]
fn unknown_input_is_answered_as_megacli_does() {
    // A known command without a sub-command the simulator implements names the command as typed.
    let mut st = scenarios::build("healthy").unwrap();
    for (line, token) in [
        ("-adpEventLog -aALL", "-adpEventLog"),
        ("-LDGetProp -L0 -a0", "-LDGetProp"),
        ("AdpPR -a0", "AdpPR"),
    ] {
        let inv = args::parse(&argv(line, "")).unwrap();
        let (body, code) = dispatch(&mut st, &inv);
        assert_eq!(
            (body, code),
            (
                vec![format!("Invalid input at or near token {token}")],
                0x01
            ),
            "{line}"
        );
    }
    for line in [
        "-Frobnicate -aALL",
        "-PDList -Bogus -aALL",
        "-LDInfo -L1x -a0",
    ] {
        let err = args::parse(&argv(line, "")).unwrap_err();
        let body = vec![unverified::fill(
            unverified::INVALID_INPUT,
            &[("x", &err.token)],
        )];
        let text = frame(&body, 0x01);
        assert!(
            text.contains("\nInvalid input at or near token ")
                && text.ends_with("Exit Code: 0x01\n"),
            "{line}: {text}"
        );
    }
}

fn spelled(word: &'static str) -> impl Strategy<Value = String> {
    (any::<u32>(), prop_oneof![Just(""), Just("-")]).prop_map(move |(bits, dash)| {
        let cased: String = word
            .chars()
            .enumerate()
            .map(|(i, c)| {
                if bits >> (i % 32) & 1 == 1 {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        format!("{dash}{cased}")
    })
}

fn commands() -> impl Strategy<Value = String> {
    let words: Vec<&'static str> = args::COMMANDS.to_vec();
    proptest::sample::select(words).prop_flat_map(spelled)
}

fn options() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "Cache",
            "Access",
            "Name",
            "DskCache",
            "PS",
            "ShowProg",
            "Info",
            "Dsply",
            "GetEvents",
            "GetSinceReboot",
            "GetSinceShutdown",
            "IncludeDeleted",
            "GetLatest",
            "GetEventLogInfo",
            "GetBbuStatus",
            "GetBbuCapacityInfo",
            "GetBbuDesignInfo",
            "GetBbuProperties",
            "RebuildRate",
            "AlarmDsply",
            "CacheFlushInterval",
            "Cli",
            "Ctrl",
            "Driver",
            "Pd",
            "NoLog",
            "Lall",
            "L0",
            "L7",
            "Start",
            "Stop",
            "Scan",
            "Clear",
            "Enbl",
            "Dsbl",
        ])
        .prop_flat_map(spelled),
        Just("-PhysDrv[32:2]".to_owned()),
        Just("-PhysDrv [:4]".to_owned()),
        Just("-PhysDrv[32:99]".to_owned()),
        "-?[0-9]{1,3}".prop_map(|s| s),
        // Never `-f`: the token after it would name a file written into the working directory.
        "[ -~]{0,8}".prop_filter("not -f", |s| !s
            .trim()
            .trim_start_matches('-')
            .eq_ignore_ascii_case("f")),
    ]
}

fn adapter_selector() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(prop_oneof![
        Just("-a0".to_owned()),
        Just("-A1".to_owned()),
        Just("-a0,1".to_owned()),
        Just("-aALL".to_owned()),
        Just("aall".to_owned()),
        Just("-a7".to_owned()),
        Just("-a0,,3".to_owned()),
        Just("-a".to_owned()),
        Just("-a4294967295".to_owned()),
        "-a[0-9,]{1,6}",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// Random spellings, options and adapter selectors: MegaCli's answer or its syntax error,
    /// never a panic (state changes are allowed; the large scenario has four adapters).
    #[test]
    fn random_spellings_and_selectors_never_panic(
        large in any::<bool>(),
        command in commands(),
        opts in proptest::collection::vec(options(), 0..4),
        adapters in adapter_selector(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut line = vec![command];
        line.extend(opts);
        line.extend(adapters);
        // Event files go to the temp dir, never into the working directory.
        line.push("-f".to_owned());
        line.push(dir.path().join("ev.log").to_str().unwrap().to_owned());
        let mut st: SimState = scenarios::build(if large { "large" } else { "healthy" }).unwrap();
        if let Ok(inv) = args::parse(&line) {
            let (body, code) = dispatch(&mut st, &inv);
            let text = frame(&body, code);
            prop_assert!(text.starts_with(SPINNER));
            prop_assert!(text.ends_with('\n'));
        }
    }
}

/// The storcli/perccli read commands consumers use, in JSON (`J`) and text, on a controller
/// with a BBU and on one with a CacheVault.
#[test]
fn storcli_read_commands_answer_in_json_and_text() {
    let raidctl = |dir: &std::path::Path, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"))
            .arg("--sim-state")
            .arg(dir)
            .args(args)
            .env_remove("RAIDCTL_SIM_STATE")
            .output()
            .unwrap();
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            out.status.code(),
        )
    };
    let bbu = tempfile::tempdir().unwrap();
    raidctl(bbu.path(), &["sim", "init", "degraded"]);
    // The same controller with a CacheVault instead of a BBU.
    let cv = tempfile::tempdir().unwrap();
    let (state, _) = raidctl(bbu.path(), &["sim", "state"]);
    let state = state.replace("\"battery_type\": \"BBU\"", "\"battery_type\": \"CVPM02\"");
    let file = cv.path().join("cv.json");
    std::fs::write(&file, state).unwrap();
    raidctl(
        cv.path(),
        &["sim", "init", "custom", "--from", file.to_str().unwrap()],
    );
    let commands: &[(&str, &tempfile::TempDir)] = &[
        ("show", &bbu),
        ("/c0 show", &bbu),
        ("/c0 show all", &bbu),
        ("/c0/eall/sall show all", &bbu),
        ("/c0/vall show all", &bbu),
        ("/c0/bbu show all", &bbu),
        ("/c0/cv show all", &cv),
        ("/c0/eall show all", &bbu),
        ("/call show all", &bbu),
    ];
    for tool in ["storcli64", "perccli64"] {
        for (command, dir) in commands {
            let words: Vec<&str> = command.split_whitespace().collect();
            for json in [true, false] {
                let mut args = vec!["sim", "exec", tool, "--"];
                args.extend(&words);
                if json {
                    args.push("J");
                }
                let (text, code) = raidctl(dir.path(), &args);
                assert_eq!(code, Some(0), "{tool} {command} J={json}: {text}");
                if json {
                    let v: serde_json::Value = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("{tool} {command} J: {e}\n{text}"));
                    for c in v["Controllers"].as_array().unwrap() {
                        assert_eq!(c["Command Status"]["Status"], "Success", "{tool} {command}");
                    }
                } else {
                    assert!(
                        text.contains("Status = Success"),
                        "{tool} {command}: {text}"
                    );
                }
                let doc = raidctl::parse::parse(&text, None)
                    .unwrap_or_else(|e| panic!("{tool} {command} J={json}: {e}"));
                assert!(
                    doc.warnings.is_empty(),
                    "{tool} {command} J={json}: {:?}",
                    doc.warnings
                );
            }
        }
        // Events and the term log are text even with `J`, as real storcli prints them.
        for json in [true, false] {
            let mut args = vec!["sim", "exec", tool, "--", "/c0", "show", "events"];
            if json {
                args.push("J");
            }
            let (text, code) = raidctl(bbu.path(), &args);
            assert_eq!(code, Some(0));
            let doc = raidctl::parse::parse(&text, None).unwrap();
            assert!(
                !doc.events.is_empty() && doc.warnings.is_empty(),
                "{tool}: {:?}",
                doc.warnings
            );
            assert!(doc.events.iter().any(|e| e.since_boot_s.is_some()));
            let (text, code) = raidctl(
                bbu.path(),
                &["sim", "exec", tool, "--", "/c0", "show", "termlog"],
            );
            assert_eq!(code, Some(0));
            assert!(text.lines().count() > 2, "{tool}: {text}");
        }
    }
}

/// The list of what the simulator implements (docs/simulator.md) names every command it accepts.
#[test]
fn docs_list_every_simulated_command() {
    let doc = std::fs::read_to_string(crate::util::root().join("docs/simulator.md")).unwrap();
    let section = doc
        .split("## What the simulator implements")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("docs/simulator.md section 'What the simulator implements'");
    let words: Vec<String> = section
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter_map(|w| w.strip_prefix('-'))
        .map(str::to_ascii_lowercase)
        .collect();
    for c in args::COMMANDS {
        assert!(
            words.iter().any(|w| w == c),
            "docs/simulator.md does not list -{c}"
        );
    }
}
