//! Every shell example in README.md and docs/*.md runs as written against the simulator and
//! exits as its text says, so the manual cannot drift from the program. The convention
//! (docs/development.md, "Examples in the documentation"):
//!
//! - A fenced block whose info string starts with `sh`, `bash` or `console` is run whole by
//!   `bash` under `set -eu`, in a private working directory with its own `TMPDIR` and `HOME`,
//!   this build first on `PATH` as `raidctl`, and `cargo run [--release] --` standing for it.
//!   In a `console` block only `$ ` lines run (`> ` lines continue them); the rest is output.
//! - A command must exit 0 unless its line ends in a comment that starts `exit N`
//!   (`raidctl --sim degraded status   # exit 2: ...`) or `exit N-M` (a measured verdict).
//! - Words after the language: `no-run` (the line above the fence starts "Not run by the docs
//!   test:", says why and names the test or script that covers it instead, which must exist),
//!   `root` (skipped unless root), `needs=PROG,...` (skipped without those programs),
//!   `timeout=SECONDS` (default 120). A skip says why and fails under `CI=true`.

use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The languages whose blocks are run.
const SHELLS: &[&str] = &["sh", "bash", "console"];

/// What the line above a `no-run` block starts with.
const NO_RUN: &str = "Not run by the docs test:";

/// One fenced shell block.
#[derive(Debug)]
struct Block {
    /// Where: `docs/ceph.md:120` (the opening fence).
    place: String,
    /// Line of the opening fence, 1-based.
    fence: usize,
    console: bool,
    /// Why it is not run (the line above the fence), for `no-run`.
    no_run: Option<String>,
    root: bool,
    needs: Vec<String>,
    timeout: Duration,
    lines: Vec<String>,
}

/// The shell blocks of one Markdown file; an unknown fence word or a `no-run` without its
/// reason is an error naming the place.
fn blocks(name: &str, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let Some(info) = trimmed.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let indent = lines[i].len() - trimmed.len();
        let fence = i + 1;
        let place = format!("{name}:{fence}");
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].trim() == "```")
            .ok_or_else(|| format!("{place}: the block is not closed"))?;
        let body: Vec<String> = lines[i + 1..end]
            .iter()
            .map(|l| l.get(indent..).unwrap_or(l.trim_start()).to_owned())
            .collect();
        let mut words = info.split_whitespace();
        let lang = words.next().unwrap_or("");
        i = end + 1;
        if !SHELLS.contains(&lang) {
            continue;
        }
        let mut b = Block {
            place: place.clone(),
            fence,
            console: lang == "console",
            no_run: None,
            root: false,
            needs: Vec::new(),
            timeout: Duration::from_secs(120),
            lines: body,
        };
        for w in words {
            if w == "no-run" {
                b.no_run = Some(no_run_reason(&place, &lines[..fence - 1])?);
            } else if w == "root" {
                b.root = true;
            } else if let Some(p) = w.strip_prefix("needs=") {
                b.needs = p.split(',').map(str::to_owned).collect();
            } else if let Some(s) = w.strip_prefix("timeout=") {
                let s: u64 = s.parse().map_err(|_| format!("{place}: timeout={s}"))?;
                b.timeout = Duration::from_secs(s);
            } else {
                return Err(format!(
                    "{place}: unknown fence word {w:?} (no-run, root, needs=, timeout=)"
                ));
            }
        }
        out.push(b);
    }
    Ok(out)
}

/// The reason on the line above a `no-run` fence; it must name an existing test or script.
fn no_run_reason(place: &str, before: &[&str]) -> Result<String, String> {
    let line = before
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.trim())
        .unwrap_or("");
    let reason = line
        .strip_prefix(NO_RUN)
        .ok_or_else(|| format!("{place}: a no-run block needs \"{NO_RUN} ...\" on the line above"))?
        .trim();
    let covered = reason
        .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')' || c == ',')
        .map(|w| w.trim_end_matches(['.', ';', ':']))
        .filter(|w| w.starts_with("tests/") || w.starts_with("scripts/") || *w == ".ci/run")
        .collect::<Vec<_>>();
    if covered.is_empty() {
        return Err(format!(
            "{place}: the no-run reason names no test or script that covers it: {reason}"
        ));
    }
    for c in covered {
        if !crate::util::root().join(c).exists() {
            return Err(format!(
                "{place}: the no-run reason names {c}, which does not exist"
            ));
        }
    }
    Ok(reason.to_owned())
}

/// The script that runs a block: `set -eu`, a line number in the doc for any failure, and each
/// `# exit N` line checked for that status.
fn script(b: &Block) -> String {
    let pre = [
        "set -eu".to_owned(),
        // The doc line of the command that failed.
        format!(
            "trap 'echo \"docs_examples: exit status $? at {}:$((LINENO + ({})))\" >&2' ERR",
            b.place.rsplit_once(':').map_or("", |p| p.0),
            b.fence as i64 - PRELUDE as i64,
        ),
        "__want() { if [ \"$3\" -lt \"$1\" ] || [ \"$3\" -gt \"$2\" ]; then echo \"docs_examples: $4 exited $3, the text says exit $5\" >&2; exit 99; fi; }".to_owned(),
    ];
    assert_eq!(pre.len(), PRELUDE);
    let note = regex::Regex::new(r"^(.*\S)\s+#\s*exit\s+((\d+)(?:-(\d+))?)\b").unwrap();
    let file = b.place.rsplit_once(':').map_or("", |p| p.0);
    let mut s = pre.join("\n");
    for (k, line) in b.lines.iter().enumerate() {
        let line = if b.console {
            line.strip_prefix("$ ")
                .or_else(|| line.strip_prefix("> "))
                .unwrap_or_default()
        } else {
            line.as_str()
        };
        s.push('\n');
        match note.captures(line) {
            Some(c) => s.push_str(&format!(
                "if {}; then __rc=0; else __rc=$?; fi; __want {} {} \"$__rc\" {file}:{} {}",
                &c[1],
                &c[3],
                c.get(4).map_or(&c[3], |m| m.as_str()),
                b.fence + 1 + k,
                &c[2],
            )),
            None => s.push_str(line),
        }
    }
    s.push('\n');
    s
}

/// Lines of [`script`] before the block's own.
const PRELUDE: usize = 3;

/// A private place for one block: `bin/` with `raidctl` and the `cargo run` stand-in, and the
/// working, temporary and home directories.
fn sandbox(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    for d in ["bin", "work", "tmp", "home"] {
        std::fs::create_dir(dir.join(d)).unwrap();
    }
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_raidctl"), bin.join("raidctl")).unwrap();
    // `cargo run` builds and runs this binary; everything else cargo does is not a doc example.
    let cargo = bin.join("cargo");
    std::fs::write(
        &cargo,
        "#!/bin/sh\n[ \"$1\" = run ] || { echo \"docs_examples: cargo $* is not run here (mark the block no-run)\" >&2; exit 127; }\n\
         shift\nwhile [ \"$1\" = --release ] || [ \"$1\" = --locked ] || [ \"$1\" = -q ]; do shift; done\n\
         [ \"$1\" = -- ] && shift\nexec raidctl \"$@\"\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

/// Runs one block: `Ok` or what went wrong, with its output.
fn run(b: &Block) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let bin = sandbox(dir.path());
    let file = dir.path().join("block.sh");
    std::fs::write(&file, script(b)).unwrap();
    let log = dir.path().join("output");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("bash")
        .arg(&file)
        .current_dir(dir.path().join("work"))
        .env_clear()
        .env("PATH", path)
        .env("HOME", dir.path().join("home"))
        .env("TMPDIR", dir.path().join("tmp"))
        .env("RAIDCTL_NO_PROGRESS", "1")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::fs::File::options().append(true).open(&log).unwrap())
        .process_group(0)
        .spawn()
        .unwrap();
    let pid = rustix::process::Pid::from_child(&child);
    let t = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break Some(st);
        }
        if t.elapsed() > b.timeout {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    // Any block may start loop devices as root (`sim block-devices on`), marked `root` or not.
    if crate::util::is_root() {
        detach_loops_under(dir.path());
    }
    let mut output = String::new();
    let _ = std::fs::File::open(&log).and_then(|mut f| f.read_to_string(&mut output));
    match status {
        Some(st) if st.success() => Ok(()),
        Some(st) => Err(format!("{}: {st}\n{output}", b.place)),
        None => Err(format!(
            "{}: still running after {} s (killed)\n{output}",
            b.place,
            b.timeout.as_secs()
        )),
    }
}

/// Loop devices a block left behind over files in its directory (a block that failed before
/// its own cleanup): detached, so none outlives the test.
fn detach_loops_under(dir: &Path) {
    let Ok(out) = Command::new("losetup")
        .args(["--list", "--noheadings", "--output", "NAME,BACK-FILE"])
        .output()
    else {
        return;
    };
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut w = line.split_whitespace();
        if let (Some(dev), Some(back)) = (w.next(), w.next())
            && Path::new(back).starts_with(dir)
        {
            let _ = Command::new("losetup").args(["-d", dev]).status();
        }
    }
}

/// Whether `prog` (a name on PATH or an absolute path) is there.
fn have(prog: &str) -> bool {
    if prog.starts_with('/') {
        return Path::new(prog).exists();
    }
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(prog).is_file()))
}

/// README.md and every docs/*.md, as `(name, text)`; `$DOCS_EXAMPLES` (a substring of the
/// name, such as `docs/ceph.md`) narrows them while a page is being written.
fn documents() -> Vec<(String, String)> {
    let root = crate::util::root();
    let mut names = vec!["README.md".to_owned()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    if let Ok(only) = std::env::var("DOCS_EXAMPLES") {
        eprintln!("only the documents whose name contains {only:?} (DOCS_EXAMPLES)");
        names.retain(|n| n.contains(&only));
    }
    names
        .into_iter()
        .map(|n| {
            let t = std::fs::read_to_string(root.join(&n)).unwrap();
            (n, t)
        })
        .collect()
}

/// Runs every block of `docs`: the failures, the skips and the reasons blocks are not run.
fn run_all(docs: &[(String, String)]) -> (Vec<String>, usize, BTreeMap<String, Vec<String>>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    let mut not_run: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, text) in docs {
        let bs = match blocks(name, text) {
            Ok(bs) => bs,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for b in bs {
            if let Some(why) = &b.no_run {
                not_run
                    .entry(why.clone())
                    .or_default()
                    .push(b.place.clone());
                continue;
            }
            if b.root && !crate::util::is_root() {
                crate::util::skip(&format!("{}: needs root", b.place));
                continue;
            }
            if let Some(p) = b.needs.iter().find(|p| !have(p)) {
                crate::util::skip(&format!("{}: needs {p}", b.place));
                continue;
            }
            ran += 1;
            let t = Instant::now();
            if let Err(e) = run(&b) {
                failures.push(e);
            }
            eprintln!("{}: {:.1} s", b.place, t.elapsed().as_secs_f64());
        }
    }
    (failures, ran, not_run)
}

#[test]
fn every_shell_block_in_readme_and_docs_runs() {
    let docs = documents();
    let t = Instant::now();
    let (failures, ran, not_run) = run_all(&docs);
    eprintln!("{ran} blocks ran in {} s", t.elapsed().as_secs());
    let n: usize = not_run.values().map(Vec::len).sum();
    eprintln!("{n} blocks not run, for {} reasons:", not_run.len());
    for (why, places) in &not_run {
        eprintln!("  {}: {why}", places.join(", "));
    }
    assert!(ran > 0, "no shell block ran");
    assert!(
        failures.is_empty(),
        "{} of the documentation's shell blocks failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The runner can fail: a mistyped option, a wrong exit note, a wrong fence word and a
/// `no-run` without its reason are each caught.
#[test]
fn a_wrong_example_fails() {
    let doc = |body: &str| vec![("bad.md".to_owned(), body.to_owned())];
    let (f, ..) = run_all(&doc("```sh\nraidctl --sim healthy status --wdie\n```\n"));
    assert!(f.len() == 1 && f[0].contains("bad.md:2"), "{f:?}");
    let (f, ..) = run_all(&doc(
        "```sh\nraidctl --sim degraded status   # exit 1: wrong\n```\n",
    ));
    assert!(
        f.len() == 1 && f[0].contains("bad.md:2 exited 2, the text says exit 1"),
        "{f:?}"
    );
    let (f, ..) = run_all(&doc("```sh\nraidctl --sim degraded status\n```\n"));
    assert!(
        f.len() == 1 && f[0].contains("exit status 2 at bad.md:2"),
        "{f:?}"
    );
    let (f, ..) = run_all(&doc("```sh no_run\nraidctl status\n```\n"));
    assert!(f.len() == 1 && f[0].contains("unknown fence word"), "{f:?}");
    let (f, ..) = run_all(&doc(
        "Runs on a host:\n\n```sh no-run\nraidctl status\n```\n",
    ));
    assert!(f.len() == 1 && f[0].contains("needs \"Not run"), "{f:?}");
    let (f, ..) = run_all(&doc(&format!(
        "{NO_RUN} a host (tests/integration/nothing.rs).\n\n```sh no-run\nraidctl status\n```\n"
    )));
    assert!(f.len() == 1 && f[0].contains("does not exist"), "{f:?}");
    // And what is right passes: the exit note, a console block, `cargo run`.
    let (f, ran, _) = run_all(&doc(
        "```sh\ncargo run --release -- --sim degraded status   # exit 2: degraded\n```\n\n\
         ```console\n$ raidctl --sim healthy status\nVD 0 optimal\n```\n",
    ));
    assert!(f.is_empty() && ran == 2, "{f:?}");
}
