//! One way to run raidctl in a test, in the spirit of just's `Test` builder: say what to run
//! it on (a simulator state directory, a scenario, a backend, a vendor timeout), with which
//! arguments, environment and input, and what it must answer; `run` runs it, checks the
//! expectations with everything raidctl said in the message, and hands back what it said.
//!
//! The settings a file needs on every call stay at its call sites or in a one-line wrapper
//! there (`fn raidctl(dir) -> Raidctl`), so a reader sees them where the test is.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Output;

/// raidctl about to run; see the module documentation.
#[must_use = "a Raidctl does nothing until `run` or `command`"]
pub struct Raidctl {
    sim_state: Option<PathBuf>,
    scenario: Option<String>,
    timeout: Option<String>,
    quiet: bool,
    backend: Option<String>,
    args: Vec<std::ffi::OsString>,
    env: Vec<(String, Option<std::ffi::OsString>)>,
    stdin: Option<Vec<u8>>,
    status: Option<i32>,
    stdout_has: Vec<String>,
    stderr_has: Vec<String>,
}

impl Raidctl {
    /// raidctl without the caller's raidctl settings (simulator, state, MegaCli path) and
    /// without progress bars.
    pub fn new() -> Self {
        let mut r = Self {
            sim_state: None,
            scenario: None,
            timeout: None,
            quiet: false,
            backend: None,
            args: Vec::new(),
            env: Vec::new(),
            stdin: None,
            status: None,
            stdout_has: Vec::new(),
            stderr_has: Vec::new(),
        };
        for v in [
            "RAIDCTL_SIM",
            "RAIDCTL_SIM_STATE",
            "RAIDCTL_STATE_DIR",
            "RAIDCTL_MEGACLI",
        ] {
            r.env.push((v.to_owned(), None));
        }
        r.env("RAIDCTL_NO_PROGRESS", "1")
    }

    /// The simulator's state in `dir` (`--sim-state`).
    pub fn sim_state(mut self, dir: &Path) -> Self {
        self.sim_state = Some(dir.to_owned());
        self
    }

    /// A fresh state starts from `scenario` (`--sim`).
    pub fn scenario(mut self, scenario: &str) -> Self {
        self.scenario = Some(scenario.to_owned());
        self
    }

    /// The vendor-call deadline (`--timeout`: seconds, or with a unit).
    pub fn timeout(mut self, timeout: &str) -> Self {
        self.timeout = Some(timeout.to_owned());
        self
    }

    /// `--quiet`.
    pub fn quiet(mut self) -> Self {
        self.quiet = true;
        self
    }

    /// `--backend`.
    pub fn backend(mut self, backend: &str) -> Self {
        self.backend = Some(backend.to_owned());
        self
    }

    /// The TMPDIR of the process: `base/tmp` ([`crate::util::child_tmp`]), so what a killed
    /// raidctl leaves goes with the test's directory.
    pub fn tmp_under(self, base: &Path) -> Self {
        let t = crate::util::child_tmp(base);
        self.env("TMPDIR", t)
    }

    /// One argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// Arguments.
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, args: I) -> Self {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// One environment variable.
    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Self {
        self.env
            .push((key.to_owned(), Some(value.as_ref().to_owned())));
        self
    }

    /// Environment variables.
    pub fn envs(self, vars: &[(&str, &str)]) -> Self {
        vars.iter().fold(self, |r, (k, v)| r.env(k, v))
    }

    /// What raidctl reads on its standard input.
    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Self {
        self.stdin = Some(input.into());
        self
    }

    /// The exit code raidctl must give.
    pub fn status(mut self, code: i32) -> Self {
        self.status = Some(code);
        self
    }

    /// Text raidctl's standard output must contain.
    pub fn stdout_has(mut self, text: &str) -> Self {
        self.stdout_has.push(text.to_owned());
        self
    }

    /// Text raidctl's standard error must contain.
    pub fn stderr_has(mut self, text: &str) -> Self {
        self.stderr_has.push(text.to_owned());
        self
    }

    /// The command, for a test that spawns it or uses `assert_cmd`'s assertions; the
    /// expectations set here are not checked.
    pub fn command(self) -> assert_cmd::Command {
        let mut c = assert_cmd::Command::cargo_bin("raidctl").unwrap();
        if let Some(dir) = &self.sim_state {
            c.arg("--sim-state").arg(dir);
        }
        if let Some(s) = &self.scenario {
            c.args(["--sim", s]);
        }
        if let Some(t) = &self.timeout {
            c.args(["--timeout", t]);
        }
        if self.quiet {
            c.arg("--quiet");
        }
        if let Some(b) = &self.backend {
            c.args(["--backend", b]);
        }
        for (k, v) in &self.env {
            match v {
                Some(v) => c.env(k, v),
                None => c.env_remove(k),
            };
        }
        if let Some(input) = self.stdin {
            c.write_stdin(input);
        }
        c.args(&self.args);
        c
    }

    /// Runs raidctl to its end and checks the expectations.
    ///
    /// # Panics
    /// When raidctl cannot start or answers other than expected, with all it said.
    pub fn run(self) -> Run {
        let status = self.status;
        let (stdout_has, stderr_has) = (self.stdout_has.clone(), self.stderr_has.clone());
        let line = self.args.join(OsStr::new(" "));
        let output = self.command().output().unwrap();
        let run = Run::from(output);
        let said = || {
            format!(
                "raidctl {}: exit {}\n--- stdout\n{}--- stderr\n{}",
                line.to_string_lossy(),
                run.code,
                run.stdout,
                run.stderr
            )
        };
        if let Some(code) = status {
            assert_eq!(run.code, code, "{}", said());
        }
        for t in &stdout_has {
            assert!(
                run.stdout.contains(t.as_str()),
                "no {t:?} on stdout: {}",
                said()
            );
        }
        for t in &stderr_has {
            assert!(
                run.stderr.contains(t.as_str()),
                "no {t:?} on stderr: {}",
                said()
            );
        }
        run
    }
}

/// What raidctl said and how it ended.
#[derive(Debug)]
pub struct Run {
    /// Its exit code; -1 when a signal ended it.
    pub code: i32,
    /// Its standard output, lossily decoded.
    pub stdout: String,
    /// Its standard error, lossily decoded.
    pub stderr: String,
    /// The output as captured.
    pub output: Output,
}

impl Run {
    /// Standard error then standard output, on separate lines: all a test searches when it
    /// does not care which stream raidctl wrote to.
    pub fn all(&self) -> String {
        let sep = if self.stderr.is_empty() || self.stderr.ends_with('\n') {
            ""
        } else {
            "\n"
        };
        format!("{}{sep}{}", self.stderr, self.stdout)
    }
}

impl From<Output> for Run {
    fn from(output: Output) -> Self {
        Self {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            output,
        }
    }
}
