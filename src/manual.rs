//! What an operator reads before running raidctl: the command line as `--help` shows it
//! (each subcommand's own options first, the global ones under their own heading, examples
//! at the end) and the man pages generated from the same definition, one per subcommand,
//! with EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES.

use crate::cli::Cli;
use clap::CommandFactory;
use std::io::Write;
use std::path::Path;

/// The heading global options are listed under in every subcommand's help.
const GLOBAL_HEADING: &str = "Global options";

/// Examples per subcommand path (`"pd"`, `"ld create"`), shown at the end of `--help` and as
/// the EXAMPLES section of its man page. Every line parses as written (a test checks it);
/// the runnable examples of README.md and docs/ run in `tests/integration/docs_examples.rs`.
pub const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "",
        &[
            (
                "raidctl --sim degraded status",
                "Try raidctl on a simulated controller with a failed drive",
            ),
            (
                "raidctl status",
                "Adapters, VDs, drives and the problems found",
            ),
            (
                "raidctl check",
                "One line for Nagios/Icinga, exit 0-3 as monitoring plugins do",
            ),
            ("raidctl replace-drive 32:4", "Replace a drive, guided"),
        ],
    ),
    (
        "parse",
        &[
            (
                "MegaCli64 -PDList -aALL -NoLog | raidctl parse -",
                "Captured MegaCli output as typed JSON",
            ),
            (
                "raidctl parse --format table adpallinfo.txt",
                "The same as a table",
            ),
        ],
    ),
    (
        "status",
        &[
            ("raidctl status", "Everything, with suggested next commands"),
            (
                "raidctl status --format json",
                "The same for programs (docs/status.schema.json describes it)",
            ),
            (
                "raidctl status --from-bundle host-raidctl.tar.gz",
                "What a support bundle saw, after checking its manifest",
            ),
        ],
    ),
    (
        "check",
        &[
            (
                "raidctl check",
                "Summary line, one line per problem, perfdata",
            ),
            (
                "raidctl check -t 50s --state ld-rebuilding=critical",
                "Within NRPE's timeout; a VD rebuilding pages too",
            ),
            (
                "raidctl check --expect-drives 12 --expect-spares 1",
                "Page when a drive or the spare is gone",
            ),
        ],
    ),
    (
        "metrics",
        &[
            (
                "raidctl metrics",
                "The Prometheus text exposition on standard output",
            ),
            (
                "raidctl metrics --textfile-dir /var/lib/prometheus/node-exporter",
                "raidctl.prom written atomically for node_exporter (the packaged timer does this)",
            ),
            (
                "raidctl metrics --compat storcli-py --textfile-dir /var/lib/prometheus/node-exporter",
                "storcli.prom with storcli.py's megaraid_* series, for dashboards written for it",
            ),
            (
                "raidctl metrics --textfile-dir /var/lib/prometheus/node-exporter --ceph-sync",
                "The same, then Ceph told which OSDs' drives are at risk (raidctl ceph sync)",
            ),
        ],
    ),
    (
        "ceph",
        &[
            (
                "raidctl ceph sync --dry-run",
                "Which Ceph devices would get a life expectancy (or lose the one raidctl set)",
            ),
            (
                "raidctl ceph sync",
                "Tell Ceph's devicehealth which OSDs sit on drives at risk",
            ),
        ],
    ),
    (
        "ceph sync",
        &[
            (
                "raidctl ceph sync --dry-run",
                "The decisions and the exact ceph command lines; nothing changes",
            ),
            (
                "raidctl --format json ceph sync",
                "Set and clear, reported as one JSON document",
            ),
            (
                "raidctl ceph sync --window 7d --wear-threshold 95",
                "A one-week failure window; worn SSDs count from 95 %",
            ),
        ],
    ),
    (
        "collect",
        &[
            (
                "raidctl collect -o host-raidctl.tar.gz",
                "A support bundle for the vendor, with a manifest and a .sha256",
            ),
            (
                "raidctl collect --since 7d --redact serials",
                "A week of events, serial numbers replaced",
            ),
        ],
    ),
    (
        "qualify",
        &[
            (
                "raidctl qualify --read-only /dev/sdc /dev/sdd /dev/sde",
                "Compare three new drives without writing to them",
            ),
            (
                "raidctl qualify --destroy-data SERIAL /dev/sdc",
                "The full write suite on one drive, its serial typed back",
            ),
        ],
    ),
    (
        "osd-prep",
        &[
            (
                "raidctl osd-prep --dry-run",
                "Which Unconfigured(good) drives would become OSD VDs, and how",
            ),
            (
                "raidctl osd-prep --drives 32:2 --drives 32:3 --mode raid0 --yes",
                "Single-drive RAID0 VDs, qualified, a ceph-volume line for each that passes",
            ),
        ],
    ),
    (
        "doctor",
        &[(
            "raidctl doctor",
            "Which vendor tool raidctl uses here, and why",
        )],
    ),
    (
        "sim",
        &[
            (
                "raidctl --sim-state \"$S\" sim init degraded",
                "A simulated controller in a directory of your own (S=$(mktemp -d))",
            ),
            (
                "raidctl --sim-state \"$S\" sim fail 32:2",
                "Its firmware fails a drive",
            ),
            (
                "raidctl --sim-state \"$S\" sim insert 32:2 --kind blank",
                "A blank drive goes into the bay (`raidctl sim --help`: every control)",
            ),
        ],
    ),
    (
        "replace-drive",
        &[
            (
                "raidctl replace-drive 32:4",
                "Guided: pre-checks, blink, serial typed back, the VD's flow, verify",
            ),
            (
                "raidctl replace-drive 32:4 --dry-run",
                "The plan with every vendor command line, nothing changed",
            ),
            (
                "raidctl replace-drive --osd 7 --yes --serial S0K1A2B07",
                "A Ceph OSD's drive through both layers, unattended",
            ),
        ],
    ),
    (
        "resume",
        &[
            (
                "raidctl resume",
                "Continue the newest unfinished workflow after re-checking the controller",
            ),
            ("raidctl resume --yes", "The same, unattended"),
        ],
    ),
    (
        "inventory",
        &[
            ("raidctl inventory", "The drives raidctl remembers"),
            (
                "raidctl inventory forget S0K1A2B04",
                "A pulled drive that is not coming back",
            ),
        ],
    ),
    (
        "workflows",
        &[
            (
                "raidctl workflows",
                "Journals, newest first, and how each ended",
            ),
            (
                "raidctl workflows dismiss ID",
                "Set one aside that was finished by hand",
            ),
        ],
    ),
    (
        "foreign",
        &[
            (
                "raidctl foreign show",
                "What each foreign configuration holds",
            ),
            ("raidctl foreign import", "Its drives rejoin their VDs"),
        ],
    ),
    (
        "hotspare",
        &[
            ("raidctl hotspare add 32:7", "A global hot spare"),
            (
                "raidctl hotspare add 32:7 --dedicated 1",
                "A spare for VD 1 only",
            ),
        ],
    ),
    (
        "rebuild",
        &[
            ("raidctl rebuild status", "Every rebuild and copyback"),
            ("raidctl rebuild watch 32:4", "Progress until it ends"),
        ],
    ),
    (
        "pd",
        &[
            ("raidctl pd locate 32:4", "Blink a bay"),
            (
                "raidctl pd make-good 32:2 --dry-run",
                "What marking an Unconfigured(bad) drive good would run",
            ),
        ],
    ),
    (
        "pd locate",
        &[
            ("raidctl pd locate 32:4", "Blink a bay"),
            ("raidctl pd locate 32:4 --stop", "Stop blinking it"),
            (
                "raidctl pd locate --osd 7",
                "Blink the bay of the drive under osd.7",
            ),
            (
                "raidctl pd locate --ceph-devid DELL_PERC_H730P_0012ab34 --off",
                "As cephadm's blink_device_light_cmd would",
            ),
        ],
    ),
    (
        "pd make-good",
        &[(
            "raidctl pd make-good 32:2 --yes --serial S0K1A2B02",
            "Unattended, the operator's serial as confirmation",
        )],
    ),
    (
        "pd offline",
        &[(
            "raidctl pd offline 32:3 --dry-run",
            "The vendor command lines, nothing changed",
        )],
    ),
    (
        "pd online",
        &[(
            "raidctl pd online 32:3 --dry-run",
            "The last resort, planned first",
        )],
    ),
    (
        "adapter",
        &[
            ("raidctl adapter alarm silence", "Silence the buzzer"),
            (
                "raidctl adapter rebuild-rate 60",
                "More controller time for rebuilds",
            ),
        ],
    ),
    (
        "ld",
        &[
            (
                "raidctl ld create --raid raid0 32:6",
                "A single-drive RAID0 with the OSD VD policy",
            ),
            (
                "raidctl ld set 2 --write wt --dry-run",
                "Change a VD's write policy (the plan only)",
            ),
            ("raidctl ld delete 2", "Delete a VD (it asks first)"),
        ],
    ),
];

/// Environment variables raidctl reads.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "RAIDCTL_SIM",
        "A scenario name: run on the simulated controller (as --sim).",
    ),
    (
        "RAIDCTL_SIM_STATE",
        "The state directory of the simulated vendor tools (what sim env exports; sim exec uses it without --sim-state). raidctl's own commands take --sim-state.",
    ),
    (
        "RAIDCTL_MEGACLI",
        "The MegaCli binary to run instead of the one found in PATH or /opt/MegaRAID.",
    ),
    (
        "RAIDCTL_SMARTCTL",
        "The smartctl binary to run instead of the one in PATH.",
    ),
    (
        "RAIDCTL_STATE_DIR",
        "Where journals, caches and the drive inventory live (as --state-dir).",
    ),
    (
        "RAIDCTL_NO_PROGRESS",
        "Set: no progress (bars, collect's line per item) even on a terminal, as --quiet.",
    ),
    (
        "RAIDCTL_SIM_DISK_CAP",
        "Bytes: the cap of each sparse file backing a simulated drive.",
    ),
    (
        "NO_COLOR",
        "Set and not empty: no colours with --color auto.",
    ),
    ("CEPH_CONF", "The Ceph configuration file (as --ceph-conf)."),
    (
        "XDG_STATE_HOME",
        "For a user other than root, the state directory is under it.",
    ),
];

/// Files raidctl reads or writes.
pub const FILES: &[(&str, &str)] = &[
    (
        "/var/lib/raidctl/",
        "State directory for root: workflow journals, the drive inventory, caches, locks.",
    ),
    (
        "$XDG_STATE_HOME/raidctl/ (~/.local/state/raidctl/)",
        "The same for other users.",
    ),
    (
        "/etc/ceph/ceph.conf",
        "Ceph's configuration; the OSDs of this host are under /var/lib/ceph/osd/.",
    ),
    (
        "/var/lib/prometheus/node-exporter/raidctl.prom",
        "Written by the packaged raidctl-metrics timer.",
    ),
];

/// Exit statuses, as the table in docs/commands.md ("Exit status") gives them.
pub const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "Success; status/check: nothing needs attention; workflows: completed and verified.",
    ),
    (
        "1",
        "status/check: warnings; workflows: stopped safely (refused, not confirmed, or a check did not hold; raidctl resume goes on).",
    ),
    (
        "2",
        "Error (bad usage, unreadable input, a vendor call that failed outside a workflow); status/check: a critical problem.",
    ),
    (
        "3",
        "status/check/metrics: unknown, the controller state could not be read; check: a usage error.",
    ),
    (
        "4",
        "status --from-bundle: the bundle is not what its manifest says.",
    ),
    ("130", "Interrupted."),
];

/// The command line with examples and headings: what `main` parses and what the man pages
/// and completions are generated from.
#[must_use]
pub fn command() -> clap::Command {
    let mut cmd = Cli::command();
    let globals: Vec<clap::Id> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.get_id().clone())
        .collect();
    for id in globals {
        cmd = cmd.mut_arg(id, |a| a.help_heading(GLOBAL_HEADING));
    }
    for (path, examples) in EXAMPLES {
        let text = examples_text(examples);
        cmd = with_sub(cmd, path, &|c| c.after_long_help(text.clone()));
    }
    cmd
}

/// Applies `f` to the subcommand at `path` (space-separated; empty: the command itself).
fn with_sub(
    cmd: clap::Command,
    path: &str,
    f: &dyn Fn(clap::Command) -> clap::Command,
) -> clap::Command {
    match path.split_once(' ') {
        _ if path.is_empty() => f(cmd),
        Some((first, rest)) => {
            let rest = rest.to_owned();
            cmd.mut_subcommand(first, move |c| with_sub(c, &rest, f))
        }
        None => cmd.mut_subcommand(path, f),
    }
}

fn examples_text(examples: &[(&str, &str)]) -> String {
    let mut s = String::from("Examples:\n");
    for (line, what) in examples {
        s.push_str(&format!("  # {what}\n  {line}\n"));
    }
    s.pop();
    s
}

/// The man page file names and contents: `raidctl.1` and one `raidctl-SUB.1` per visible
/// subcommand (and per visible subcommand of those).
#[must_use]
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    let mut cmd = command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    let mut subs = Vec::new();
    collect(&cmd, &mut subs);
    let names: Vec<String> = subs.iter().map(|c| display_name(c).to_owned()).collect();
    pages.push(("raidctl.1".to_owned(), render(&cmd, "", true, &names)));
    for sub in &subs {
        let name = display_name(sub).to_owned();
        let path = name
            .strip_prefix("raidctl-")
            .unwrap_or(&name)
            .replace('-', " ");
        pages.push((format!("{name}.1"), render(sub, &path, false, &names)));
    }
    pages
}

/// Writes every page of [`man_pages`] into `dir`.
///
/// # Errors
/// I/O errors.
pub fn write_man_pages(dir: &Path) -> std::io::Result<()> {
    for (name, body) in man_pages() {
        std::fs::write(dir.join(name), body)?;
    }
    Ok(())
}

fn display_name(c: &clap::Command) -> &str {
    c.get_display_name().unwrap_or_else(|| c.get_name())
}

fn collect(cmd: &clap::Command, out: &mut Vec<clap::Command>) {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        out.push(sub.clone());
        collect(sub, out);
    }
}

/// One page: clap_mangen's sections, then raidctl's own.
fn render(cmd: &clap::Command, path: &str, top: bool, all: &[String]) -> Vec<u8> {
    // The examples are rendered as EXAMPLES below, not as clap_mangen's "EXTRA".
    let plain = cmd.clone().after_long_help("").after_help("");
    let title = display_name(cmd).to_uppercase();
    let man = clap_mangen::Man::new(plain)
        .title(title)
        .source(format!("raidctl {}", env!("CARGO_PKG_VERSION")))
        .manual("raidctl manual");
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = man.render_title(&mut out);
    let _ = man.render_name_section(&mut out);
    let _ = man.render_synopsis_section(&mut out);
    let _ = man.render_description_section(&mut out);
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        let _ = man.render_options_section(&mut out);
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        let _ = man.render_subcommands_section(&mut out);
    }
    if let Some((_, ex)) = EXAMPLES.iter().find(|(p, _)| *p == path) {
        section(&mut out, "EXAMPLES", ex);
    }
    if top {
        section(&mut out, "EXIT STATUS", EXIT_STATUS);
        section(&mut out, "ENVIRONMENT", ENVIRONMENT);
        section(&mut out, "FILES", FILES);
    }
    let see: Vec<&String> = if top {
        all.iter().collect()
    } else {
        Vec::new()
    };
    let _ = writeln!(out, ".SH \"SEE ALSO\"");
    if top {
        let refs: Vec<String> = see.iter().map(|n| format!("\\fB{n}\\fR(1)")).collect();
        let _ = writeln!(out, "{}", refs.join(", "));
    } else {
        let _ = writeln!(out, "\\fBraidctl\\fR(1)");
    }
    let _ = man.render_version_section(&mut out);
    out
}

/// A tagged-paragraph section (`.TP`), its text escaped for roff.
fn section(out: &mut Vec<u8>, name: &str, items: &[(&str, &str)]) {
    let _ = writeln!(out, ".SH \"{name}\"");
    for (tag, text) in items {
        let _ = writeln!(
            out,
            ".TP\n\\fB{}\\fR\n{}",
            roff_escape(tag),
            roff_escape(text)
        );
    }
}

/// Backslashes doubled, and a leading `.` or `'` (a roff request) guarded.
fn roff_escape(s: &str) -> String {
    let s = s.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_path_is_a_visible_subcommand() {
        let cmd = command();
        for (path, _) in EXAMPLES {
            let mut c = &cmd;
            for part in path.split(' ').filter(|p| !p.is_empty()) {
                c = c
                    .find_subcommand(part)
                    .unwrap_or_else(|| panic!("no subcommand {path:?}"));
            }
            assert!(!c.is_hide_set(), "{path}");
        }
    }

    #[test]
    fn every_visible_subcommand_has_examples() {
        let cmd = command();
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            assert!(
                EXAMPLES.iter().any(|(p, _)| *p == sub.get_name()),
                "{} has no examples",
                sub.get_name()
            );
        }
    }

    #[test]
    fn global_options_are_under_their_heading_in_a_subcommand() {
        let mut cmd = command();
        cmd.build();
        let help = cmd
            .find_subcommand_mut("check")
            .unwrap()
            .render_long_help()
            .to_string();
        let own = help.find("--max-age").unwrap();
        let heading = help.find("Global options:").unwrap();
        assert!(own < heading, "{help}");
        assert!(help[heading..].contains("--sim-state"), "{help}");
        assert!(!help[..heading].contains("--sim-state"), "{help}");
        assert!(help.contains("Examples:"), "{help}");
    }

    #[test]
    fn the_top_page_has_the_operator_sections_and_names_only_shipped_pages() {
        let pages = man_pages();
        let top = String::from_utf8(pages[0].1.clone()).unwrap();
        for s in [
            "EXIT STATUS",
            "ENVIRONMENT",
            "FILES",
            "EXAMPLES",
            "SEE ALSO",
        ] {
            assert!(top.contains(&format!(".SH \"{s}\"")), "{s}");
        }
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        for r in top.split("\\fB").skip(1) {
            if let Some(end) = r.find("\\fR(1)") {
                let n = &r[..end];
                assert!(names.contains(&format!("{n}.1").as_str()), "{n}");
            }
        }
        assert!(names.contains(&"raidctl-replace-drive.1"));
        assert!(names.contains(&"raidctl-ld-create.1"));
        assert!(!names.iter().any(|n| n.contains("generate")));
    }

    #[test]
    fn roff_is_escaped() {
        assert_eq!(roff_escape(".x\\y-z"), "\\&.x\\ey\\-z");
    }
}
