//! `omreport` outside the storage tree: `about`, `system [alertlog|esmlog|version]`,
//! `chassis` and the usage texts (`-?`).

use super::*;

/// OMSA severity of a controller event class.
fn severity(class: i32) -> &'static str {
    match class {
        0 => "Ok",
        1 => "Non-Critical",
        _ => "Critical",
    }
}

/// `omreport about`, `system alertlog|esmlog|version` and `chassis`; `None` for storage.
pub(super) fn system_report(st: &SimState, a: &OmArgs, fmt: Fmt) -> Option<(String, i32)> {
    let words: Vec<&str> = a.words.iter().map(String::as_str).collect();
    let text = match words.as_slice() {
        ["about", ..] if fmt == Fmt::Text => fill(unv::ABOUT, &[("v", unv::VERSION)]) + "\n",
        ["about", ..] => block(fmt, &[about_record()]),
        ["system"] => {
            let storage = storage_severity(st);
            let rows: Vec<(&str, &str)> = unv::SYSTEM_COMPONENTS
                .iter()
                .map(|c| {
                    (
                        if *c == "Storage" {
                            storage.as_str()
                        } else {
                            "Ok"
                        },
                        *c,
                    )
                })
                .collect();
            health(fmt, None, &rows)
        }
        ["system", "alertlog", ..] => {
            let mut recs: Vec<Record> = Vec::new();
            // One log for the whole system, newest first, as the alert log lists them.
            let mut all: Vec<(&crate::state::Adapter, &crate::state::EventRecord)> = st
                .adapters
                .iter()
                .flat_map(|ad| ad.events.iter().map(move |e| (ad, e)))
                .collect();
            all.sort_by_key(|(ad, e)| std::cmp::Reverse((e.time, e.seq, ad.index)));
            {
                for (ad, e) in all {
                    recs.push(vec![
                        ("Severity", severity(e.class).to_owned()),
                        ("ID", fill(unv::ALERT_ID, &[("c", &e.code.to_string())])),
                        ("Date and Time", crate::text::event_time(st.unix_at(e.time))),
                        ("Category", unv::ALERT_CATEGORY.to_owned()),
                        (
                            "Description",
                            format!("{}: Controller {}", e.description, controller_name(ad)),
                        ),
                    ]);
                }
            }
            format!("{}\n\n{}", unv::ALERTLOG_HEADER, block(fmt, &recs))
        }
        ["system", "esmlog", ..] => {
            format!("{}\n\n{}\n", unv::ESMLOG_HEADER, unv::ESMLOG_EMPTY)
        }
        ["system", "version", ..] => {
            let mut recs: Vec<Record> = vec![vec![
                ("Name", "Server Administrator".to_owned()),
                ("Version", unv::VERSION.to_owned()),
            ]];
            for ad in &st.adapters {
                let c = controller_record(ad);
                let get = |k: &str| {
                    c.iter()
                        .find(|(key, _)| *key == k)
                        .map_or_else(na, |(_, v)| v.clone())
                };
                recs.push(vec![
                    ("Name", controller_name(ad)),
                    ("Version", get("Firmware Version")),
                ]);
                recs.push(vec![
                    ("Name", format!("{} driver", controller_name(ad))),
                    ("Version", get("Driver Version")),
                ]);
            }
            format!("{}\n\n{}", unv::VERSION_HEADER, block(fmt, &recs))
        }
        ["chassis"] => {
            let rows: Vec<(&str, &str)> =
                unv::CHASSIS_COMPONENTS.iter().map(|c| ("Ok", *c)).collect();
            health(fmt, Some("Main System Chassis"), &rows)
        }
        _ => return None,
    };
    Some((text, 0))
}

/// `omreport about` as one object (`-fmt ssv|cdv|tbl|xml`).
fn about_record() -> Record {
    vec![
        ("Product name", "Server Administrator".to_owned()),
        ("Version", unv::VERSION.to_owned()),
        (
            "Copyright",
            "Copyright (C) Dell Inc. 1995-2024 All rights reserved.".to_owned(),
        ),
        ("Company", "Dell Inc.".to_owned()),
    ]
}

/// The worst controller status: the storage line of `omreport system`.
fn storage_severity(st: &SimState) -> String {
    let rank = |s: &str| match s {
        "Ok" => 0,
        "Non-Critical" => 1,
        _ => 2,
    };
    st.adapters
        .iter()
        .filter_map(|ad| controller_record(ad).get(1).map(|(_, v)| v.clone()))
        .max_by_key(|s| rank(s))
        .unwrap_or_else(|| "Ok".to_owned())
}

/// A health summary: `Health`, the object's name, the `SEVERITY : COMPONENT` table (the
/// severity padded to 8 characters, as in public `omreport chassis` output) and the help hint
/// OMSA closes every list with.
fn health(fmt: Fmt, object: Option<&str>, rows: &[(&str, &str)]) -> String {
    let mut out = String::from("Health\n\n");
    if let Some(o) = object {
        out.push_str(o);
        out.push_str("\n\n");
    }
    match fmt {
        Fmt::Text => {
            out.push_str("SEVERITY : COMPONENT\n");
            for (sev, comp) in rows {
                out.push_str(&format!("{sev:<8} : {comp}\n"));
            }
            out.push('\n');
            out.push_str(FURTHER_HELP);
            out.push('\n');
        }
        Fmt::Ssv => {
            out.push_str("SEVERITY;COMPONENT\n");
            for (sev, comp) in rows {
                out.push_str(&format!("{sev};{comp}\n"));
            }
        }
    }
    out
}

/// The line OMSA ends its summaries with (public `omreport chassis` output).
pub(super) const FURTHER_HELP: &str = "For further help, type the command followed by -?";

/// `-?` (and `omreport` alone): the commands of the level named so far.
pub(super) fn usage(a: &OmArgs, tool: &str) -> (String, i32) {
    let words: Vec<&str> = a.words.iter().map(String::as_str).collect();
    let (title, rows): (String, &[(&str, &str)]) = match (tool, words.as_slice()) {
        ("omreport", []) => ("omreport Commands:".to_owned(), unv::OMREPORT_COMMANDS),
        ("omreport", ["storage", ..]) => (
            "omreport storage Commands:".to_owned(),
            unv::OMREPORT_STORAGE_COMMANDS,
        ),
        ("omreport", ["system", ..]) => (
            "omreport system Commands:".to_owned(),
            unv::OMREPORT_SYSTEM_COMMANDS,
        ),
        ("omreport", ["chassis", ..]) => (
            "omreport chassis Commands:".to_owned(),
            unv::OMREPORT_CHASSIS_COMMANDS,
        ),
        ("omconfig", []) => ("omconfig Commands:".to_owned(), unv::OMCONFIG_COMMANDS),
        ("omconfig", ["storage", ..]) => (
            "omconfig storage Commands:".to_owned(),
            unv::OMCONFIG_STORAGE_COMMANDS,
        ),
        _ => {
            return err(&fill(unv::INVALID_COMMAND, &[("x", &words.join(" "))]));
        }
    };
    let width = rows.iter().map(|(c, _)| c.len()).max().unwrap_or(0).max(7) + 2;
    let mut out = format!("\n{title}\n\n{:<width$}Description\n", "Command");
    for (c, d) in rows {
        out.push_str(&format!("{c:<width$}{d}\n"));
    }
    out.push('\n');
    out.push_str(FURTHER_HELP);
    out.push('\n');
    (out, 0)
}
