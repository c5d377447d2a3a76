//! The simulated tools' help, version and summary commands, as scripts call them first: against
//! the corpus captures where they exist, and as the public consumers read them.

use crate::util::{corpus, files_in, read};
use raidctl::parse::{Kind, parse};
use std::path::Path;
use std::process::Command;

fn world() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = raidctl(dir.path(), &["sim", "init", "degraded"]);
    assert_eq!(out.1, Some(0), "{}", out.0);
    dir
}

/// `raidctl --sim-state DIR ARGS`: stdout and exit status.
fn raidctl(dir: &Path, args: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .env_remove("RAIDCTL_SIM_STATE")
        .arg("--sim-state")
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

fn tool(dir: &Path, name: &str, args: &[&str]) -> (String, Option<i32>) {
    let mut v = vec!["sim", "exec", name, "--"];
    v.extend_from_slice(args);
    raidctl(dir, &v)
}

#[test]
fn version_banners_are_the_captured_ones() {
    let dir = world();
    // perccli 7.x and perccli2 8.x: byte for byte.
    for (name, arg, capture) in [
        (
            "perccli64",
            "-v",
            "bodik-perccli__output_7.2313_version.txt",
        ),
        ("perccli64", "v", "bodik-perccli__output_7.2313_version.txt"),
        (
            "perccli2",
            "-v",
            "bodik-perccli__output_8.4.0.22_version.txt",
        ),
    ] {
        let (text, code) = tool(dir.path(), name, &[arg]);
        assert_eq!(code, Some(0), "{name} {arg}");
        assert_eq!(
            text,
            read(&corpus().join("perccli").join(capture)),
            "{name} {arg}"
        );
        let doc = parse(&text, None).unwrap();
        assert_eq!(doc.kind, Kind::Version.name());
        assert!(doc.tool_version.is_some());
    }
    // storcli: the same layout under its own name.
    let (text, code) = tool(dir.path(), "storcli64", &["v"]);
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with("\n      StorCli SAS Customization Utility Ver 007."),
        "{text}"
    );
    // MegaCli: the captured layout (spinner line, blank, banner, blank, copyright, blank, exit
    // code); the capture is 8.02.16, the simulator 8.07.14.
    let (text, code) = tool(dir.path(), "MegaCli64", &["-v"]);
    assert_eq!(code, Some(0));
    let real = read(&corpus().join("megacli/checkraid__issue91-version"));
    let shape = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let l = l.trim_start_matches('\r');
                if l.contains("Copyright") {
                    "(c)".to_owned()
                } else {
                    l.split(" Ver ").next().unwrap_or("").to_owned()
                }
            })
            .collect()
    };
    assert_eq!(shape(&text), shape(&real), "{text}");
}

#[test]
fn help_answers_with_status_zero() {
    let dir = world();
    for (name, args) in [
        ("storcli64", vec!["help"]),
        ("storcli64", vec!["-h"]),
        ("perccli64", vec!["-help"]),
        ("MegaCli64", vec!["-h"]),
        ("MegaCli64", vec!["-help"]),
        ("omreport", vec!["-?"]),
        ("omreport", vec!["storage", "-?"]),
        ("omconfig", vec!["-?"]),
    ] {
        let (text, code) = tool(dir.path(), name, &args);
        assert_eq!(code, Some(0), "{name} {args:?}: {text}");
        assert!(text.lines().count() > 3, "{name} {args:?}: {text}");
    }
    // check_openmanage reads `omreport -?` for `servermodule`/`mainsystem`/`modularenclosure`
    // and otherwise uses `system` and `chassis`: the simulated server is a rack server.
    let (text, _) = tool(dir.path(), "omreport", &["-?"]);
    for word in ["about", "system", "chassis", "storage"] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{word} "))),
            "{word}: {text}"
        );
    }
    assert!(!text.lines().any(|l| l.starts_with("servermodule ")));
    let (text, _) = tool(dir.path(), "omreport", &["storage", "-?"]);
    for word in ["controller", "vdisk", "pdisk", "battery", "enclosure"] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{word} "))),
            "{word}: {text}"
        );
    }
}

#[test]
fn storcli_system_overview_reads_as_consumers_split_it() {
    let dir = world();
    let (text, code) = tool(dir.path(), "storcli64", &["show"]);
    assert_eq!(code, Some(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("Ctl Model "))
        .expect("System Overview header");
    let cols: Vec<&str> = lines[head].split_whitespace().collect();
    let row: Vec<&str> = lines[head + 2].split_whitespace().collect();
    // Whitespace splitting (what consumers do) puts every value under its header.
    assert_eq!(
        cols.len(),
        row.len(),
        "{}\n{}",
        lines[head],
        lines[head + 2]
    );
    let get = |c: &str| row[cols.iter().position(|x| *x == c).unwrap()];
    assert_eq!(get("DNOpt"), "1");
    assert_eq!(get("VNOpt"), "1");
    assert_eq!(get("Hlth"), "NdAtn");
    // Counts end where their headers end (right-aligned).
    for c in ["Ports", "PDs", "DGs", "DNOpt", "VDs", "VNOpt", "ASOs"] {
        let end = lines[head].find(c).unwrap() + c.len();
        assert!(
            lines[head + 2].as_bytes()[end - 1] != b' ',
            "{c} not right-aligned:\n{}\n{}",
            lines[head],
            lines[head + 2]
        );
    }
    assert!(
        text.contains("\nCtl=Controller Index|DGs=Drive groups|VDs=Virtual drives|Fld=Failed\n")
    );
    // Every System Overview model in the corpus has its spaces squeezed out; so has the
    // simulator's, in JSON as in text.
    let (json, _) = tool(dir.path(), "storcli64", &["show", "J"]);
    let sim: serde_json::Value = serde_json::from_str(&json).unwrap();
    let model = sim["Controllers"][0]["Response Data"]["System Overview"][0]["Model"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(!model.contains(' ') && model == get("Model"), "{model}");
    let mut seen = 0;
    for f in files_in(&corpus().join("storcli-json")) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&read(&f)) else {
            continue;
        };
        let Some(ctrls) = v["Controllers"].as_array() else {
            continue;
        };
        for c in ctrls {
            for row in c["Response Data"]["System Overview"]
                .as_array()
                .into_iter()
                .flatten()
            {
                let m = row["Model"].as_str().unwrap();
                assert!(!m.contains(' '), "{}: {m}", f.display());
                seen += 1;
            }
        }
    }
    assert!(seen > 0);
    // `show all` adds the ASO table and what needs attention.
    let (all, _) = tool(dir.path(), "storcli64", &["show", "all"]);
    assert!(all.contains("\nASO :\n===\n"), "{all}");
    assert!(all.contains("\nNeed Attention :\n"), "{all}");
    let doc = parse(&all, None).unwrap();
    assert_eq!(doc.kind, Kind::StorcliText.name());
    assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
}

#[test]
fn omreport_summaries_in_every_format() {
    let dir = world();
    // check_openmanage's global check: `omreport system -fmt ssv`, a `SEVERITY;COMPONENT`
    // header and a `STATUS;Main System Chassis` row.
    let (text, code) = tool(dir.path(), "omreport", &["system", "-fmt", "ssv"]);
    assert_eq!(code, Some(0));
    assert!(text.lines().any(|l| l == "SEVERITY;COMPONENT"), "{text}");
    assert!(
        text.lines().any(|l| l == "Ok;Main System Chassis"),
        "{text}"
    );
    // The degraded RAID 5 shows in the storage line of the summary.
    assert!(text.lines().any(|l| l == "Non-Critical;Storage"), "{text}");
    let (text, code) = tool(dir.path(), "omreport", &["chassis"]);
    assert_eq!(code, Some(0));
    assert!(text.starts_with("Health\n\nMain System Chassis\n\nSEVERITY : COMPONENT\n"));
    assert!(text.ends_with("\nFor further help, type the command followed by -?\n"));
    assert_eq!(
        parse(&text, None).unwrap().kind,
        Kind::OmreportHealth.name()
    );
    for args in [
        vec!["about"],
        vec!["system"],
        vec!["chassis"],
        vec!["storage", "controller"],
    ] {
        let (lst, code) = tool(dir.path(), "omreport", &args);
        assert_eq!(code, Some(0), "{args:?}");
        let with = |f: &str| {
            let mut a = args.clone();
            a.extend(["-fmt", f]);
            let (t, c) = tool(dir.path(), "omreport", &a);
            assert_eq!(c, Some(0), "{a:?}: {t}");
            t
        };
        let ssv = with("ssv");
        assert!(ssv.contains(';'), "{args:?}: {ssv}");
        assert_eq!(with("cdv"), ssv, "{args:?}: cdv with the default delimiter");
        assert_eq!(with("lst"), lst, "{args:?}");
        let tbl = with("tbl");
        assert!(tbl.lines().any(|l| l.contains(" | ")), "{args:?}: {tbl}");
        let xml = with("xml");
        let doc =
            roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{args:?}: {e}\n{xml}"));
        assert_eq!(doc.root_element().tag_name().name(), "OMA");
        assert!(doc.descendants().any(|n| n.has_tag_name("Object")), "{xml}");
    }
    let (text, code) = tool(dir.path(), "omreport", &["storage", "vdisk", "-fmt", "csv"]);
    assert_eq!(code, Some(255), "{text}");
}
