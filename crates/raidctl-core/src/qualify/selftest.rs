//! SMART short self-test gate (reference B.5 phase 2, B.6-1 "Self-test results"): start
//! `smartctl -t short` (through `-d megaraid,N` behind an adapter), poll until it is no longer
//! in progress or a deadline passes (then abort it with `-X`), and read the newest entry of the
//! self-test log from smartctl's JSON (ATA, SCSI and NVMe shapes). A failed self-test is a
//! FAIL; a test that could not run or finish is INCONCLUSIVE; `--no-self-test` is a WARN.

use super::device::{DriveClass, Identity, TargetKind};
use super::result::{RuleHit, Verdict};
use crate::backend::runner::Runner;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// Outcome of the self-test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SelfTestStatus {
    /// Completed without error.
    Passed,
    /// The drive reported a failure.
    Failed,
    /// Not run (see `reason`).
    #[default]
    Skipped,
    /// smartctl failed or the log did not say.
    Error,
    /// Still running at the deadline (aborted).
    Timeout,
}

/// The self-test record.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SelfTest {
    /// Outcome.
    pub status: SelfTestStatus,
    /// The drive's own words (`Completed without error`, `Completed: read failure`), or why
    /// it was skipped.
    pub result: Option<String>,
    /// The command that started it.
    pub command: Option<String>,
    /// Polls of the self-test log.
    pub polls: u32,
    /// Seconds from start to result.
    pub duration_s: f64,
    /// LBA of the first error, when the log gives one.
    pub lba_first_error: Option<u64>,
}

/// How long to wait and how often to look.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// Give up (and abort the test) after this long.
    pub deadline: Duration,
    /// Time between polls.
    pub poll: Duration,
}

impl Timing {
    /// Polls twenty times over the deadline, at most every 10 s and at least every 50 ms.
    pub fn with_deadline(deadline: Duration) -> Self {
        Self {
            deadline,
            poll: (deadline / 20).clamp(Duration::from_millis(50), Duration::from_secs(10)),
        }
    }
}

/// Whether a self-test is still running, from `smartctl -j -c -l selftest`.
pub fn in_progress(v: &Value) -> bool {
    let ata = v
        .pointer("/ata_smart_data/self_test/status/value")
        .and_then(Value::as_i64)
        .is_some_and(|s| s >> 4 == 0xF);
    let nvme = v
        .pointer("/nvme_self_test_log/current_self_test_operation/value")
        .and_then(Value::as_i64)
        .is_some_and(|s| s != 0);
    let scsi = v
        .pointer("/scsi_self_test_0/result/value")
        .and_then(Value::as_i64)
        == Some(15);
    ata || nvme || scsi
}

/// The newest self-test log entry: `(passed, text, lba)`; `None` when the log is empty or has
/// no known shape.
pub fn newest_result(v: &Value) -> Option<(bool, String, Option<u64>)> {
    if let Some(e) = v
        .pointer("/ata_smart_self_test_log/standard/table/0")
        .or_else(|| v.pointer("/ata_smart_self_test_log/extended/table/0"))
    {
        let passed = e.pointer("/status/passed").and_then(Value::as_bool)?;
        let text = e
            .pointer("/status/string")
            .and_then(Value::as_str)
            .unwrap_or(if passed { "passed" } else { "failed" });
        let lba = e.pointer("/lba").and_then(Value::as_u64);
        return Some((passed, text.to_owned(), lba));
    }
    if let Some(e) = v.pointer("/nvme_self_test_log/table/0") {
        let code = e
            .pointer("/self_test_result/value")
            .and_then(Value::as_i64)?;
        let text = e
            .pointer("/self_test_result/string")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let lba = e.pointer("/lba").and_then(Value::as_u64);
        return Some((code == 0, text.to_owned(), lba));
    }
    if let Some(e) = v.pointer("/scsi_self_test_0") {
        let code = e.pointer("/result/value").and_then(Value::as_i64)?;
        let text = e
            .pointer("/result/string")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let lba = e.pointer("/failed_lba/value").and_then(Value::as_u64);
        return Some((code == 0, text.to_owned(), lba));
    }
    None
}

/// Why the self-test does not apply to this target, if it does not.
pub fn not_applicable(id: &Identity) -> Option<String> {
    if id.kind == TargetKind::RegularFile
        || (id.class == DriveClass::Virtual && id.controller.is_none())
    {
        return Some(format!(
            "{} is not a physical drive: no self-test",
            id.transport.as_deref().unwrap_or("target")
        ));
    }
    if id.controller.as_ref().is_some_and(|c| c.simulated) {
        return Some("simulated controller: no self-test".into());
    }
    None
}

fn call(runner: &dyn Runner, prog: &Path, args: &[String]) -> Result<(Value, i64), String> {
    let out = runner
        .run(prog, args, Duration::from_secs(60))
        .map_err(|e| e.to_string())?;
    let v: Value = serde_json::from_str(&out.stdout).map_err(|e| {
        format!(
            "{} {}: not JSON ({e}); smartmontools 7 or later needed",
            prog.display(),
            args.join(" ")
        )
    })?;
    let exit = v
        .pointer("/smartctl/exit_status")
        .and_then(Value::as_i64)
        .or(out.status.map(i64::from))
        .unwrap_or(0);
    Ok((v, exit))
}

/// Runs the short self-test on `id` with smartctl `prog`. `sleep` waits between polls (tests
/// pass a no-op or a short sleep).
pub fn run(
    id: &Identity,
    runner: &dyn Runner,
    prog: &Path,
    timing: Timing,
    sleep: &mut dyn FnMut(Duration),
) -> (SelfTest, Vec<RuleHit>) {
    let mut st = SelfTest::default();
    let mut hits = Vec::new();
    let mut dev_args: Vec<String> = Vec::new();
    if let Some(d) = &id.smartctl_device {
        dev_args.push("-d".into());
        dev_args.push(d.clone());
    }
    dev_args.push(id.path.clone());
    let with = |a: &[&str]| -> Vec<String> {
        a.iter()
            .map(|s| (*s).to_owned())
            .chain(dev_args.iter().cloned())
            .collect()
    };
    let start_args = with(&["-j", "-t", "short"]);
    st.command = Some(format!("{} {}", prog.display(), start_args.join(" ")));
    let started = Instant::now();
    let error = |st: &mut SelfTest, hits: &mut Vec<RuleHit>, msg: String| {
        st.status = SelfTestStatus::Error;
        st.result = Some(msg.clone());
        hits.push(RuleHit::new("H-SELFTEST-ERROR", Verdict::Inconclusive, msg));
    };
    match call(runner, prog, &start_args) {
        Ok((_, exit)) if exit & 0b111 != 0 => {
            error(
                &mut st,
                &mut hits,
                format!("smartctl -t short could not start the self-test (exit status {exit:#x})"),
            );
            return (st, hits);
        }
        Ok(_) => {}
        Err(e) => {
            error(&mut st, &mut hits, e);
            return (st, hits);
        }
    }
    let poll_args = with(&["-j", "-c", "-l", "selftest"]);
    loop {
        sleep(timing.poll);
        st.polls += 1;
        let v = match call(runner, prog, &poll_args) {
            Ok((v, _)) => v,
            Err(e) => {
                error(&mut st, &mut hits, e);
                return (st, hits);
            }
        };
        if in_progress(&v) {
            if started.elapsed() >= timing.deadline {
                let _ = runner.run(prog, &with(&["-j", "-X"]), Duration::from_secs(60));
                st.status = SelfTestStatus::Timeout;
                st.duration_s = started.elapsed().as_secs_f64();
                let msg = format!(
                    "the short self-test was still running after {:.0} s (aborted with smartctl -X); rerun with a longer --self-test-timeout",
                    timing.deadline.as_secs_f64()
                );
                st.result = Some(msg.clone());
                hits.push(RuleHit::new(
                    "H-SELFTEST-TIMEOUT",
                    Verdict::Inconclusive,
                    msg,
                ));
                return (st, hits);
            }
            continue;
        }
        st.duration_s = started.elapsed().as_secs_f64();
        match newest_result(&v) {
            Some((true, text, _)) => {
                st.status = SelfTestStatus::Passed;
                st.result = Some(text);
            }
            Some((false, text, lba)) => {
                st.status = SelfTestStatus::Failed;
                st.lba_first_error = lba;
                hits.push(RuleHit::new(
                    "H-SELFTEST",
                    Verdict::Fail,
                    format!(
                        "short self-test failed: {text}{}",
                        lba.map(|l| format!(" (first error at LBA {l})"))
                            .unwrap_or_default()
                    ),
                ));
                st.result = Some(text);
            }
            None => error(
                &mut st,
                &mut hits,
                "the self-test log has no entry after the test finished".into(),
            ),
        }
        return (st, hits);
    }
}

/// The record and rule when `--no-self-test` is given.
pub fn skipped_by_flag() -> (SelfTest, RuleHit) {
    (
        SelfTest {
            result: Some("skipped (--no-self-test)".into()),
            ..SelfTest::default()
        },
        RuleHit::new(
            "H-SELFTEST-SKIPPED",
            Verdict::Warn,
            "SMART short self-test skipped (--no-self-test): a drive that fails its own self-test would not be caught",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let ata: Value = serde_json::from_str(
            r#"{"ata_smart_data":{"self_test":{"status":{"value":0,"string":"completed without error","passed":true}}},
                "ata_smart_self_test_log":{"standard":{"revision":1,"table":[
                  {"type":{"value":1,"string":"Short offline"},"status":{"value":121,"string":"Completed: read failure","remaining_percent":20,"passed":false},"lifetime_hours":1234,"lba":5678}],"count":1,"error_count_total":1,"error_count_outdated":0}}}"#,
        )
        .unwrap();
        assert!(!in_progress(&ata));
        assert_eq!(
            newest_result(&ata),
            Some((false, "Completed: read failure".into(), Some(5678)))
        );
        let running: Value = serde_json::from_str(
            r#"{"ata_smart_data":{"self_test":{"status":{"value":249,"string":"in progress, 90% remaining","remaining_percent":90}}}}"#,
        )
        .unwrap();
        assert!(in_progress(&running));
        let nvme: Value = serde_json::from_str(
            r#"{"nvme_self_test_log":{"current_self_test_operation":{"value":0,"string":"No self-test in progress"},
                "table":[{"self_test_code":{"value":1,"string":"Short"},"self_test_result":{"value":0,"string":"Completed without error"},"power_on_hours":10}]}}"#,
        )
        .unwrap();
        assert!(!in_progress(&nvme));
        assert_eq!(
            newest_result(&nvme),
            Some((true, "Completed without error".into(), None))
        );
        let scsi: Value = serde_json::from_str(
            r#"{"scsi_self_test_0":{"code":{"value":1,"string":"Background short"},"result":{"value":15,"string":"Self test in progress ..."}}}"#,
        )
        .unwrap();
        assert!(in_progress(&scsi));
        assert_eq!(newest_result(&serde_json::json!({})), None);
    }
}
