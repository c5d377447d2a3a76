//! Unit tests of the Ceph client: error lines and log tails, typed errors and answers, and
//! what ceph-volume is run with (a scripted runner stands in for the processes).

use super::*;
use std::collections::BTreeMap;

/// The cause of a failed prepare is its first error, not the rollback after it.
#[test]
fn the_first_error_line_is_the_cause() {
    let out = "Running command: /usr/bin/ceph-osd --cluster ceph --osd-objectstore bluestore --mkfs -i 3\n stderr: 2026-12-04T10:00:00.000+0000 7f00 -1 failed to open pid file '/run/ceph/osd.3.pid': (13) Permission denied\n--> Was unable to complete a new OSD, will rollback changes\nRunning command: /usr/bin/ceph --name client.bootstrap-osd osd purge-new osd.3 --yes-i-really-mean-it\n--> RuntimeError: Command failed with exit code 250: /usr/bin/ceph-osd --mkfs";
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(
        first_error(&lines).is_some_and(|l| l.contains("failed to open pid file")),
        "{:?}",
        first_error(&lines)
    );
    assert_eq!(first_error(&["all good"]), None);
}

/// A log appended past any cap still gives its last lines (a whole-file capped read gave
/// nothing once it grew past 1 MiB).
#[test]
fn a_long_log_gives_its_tail() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("v.log");
    let mut text = "x".repeat(2 << 20);
    text.push_str("\n--> RuntimeError: the last line\n");
    std::fs::write(&log, &text).unwrap();
    let tail = log_tail(&log);
    assert!(tail.len() <= 64 << 10 && tail.ends_with("the last line\n"));
    assert_eq!(log_tail(&d.path().join("none")), "");
}
use std::sync::Mutex;

/// Answers calls from a script: (argument substring, exit status, stdout, stderr).
struct Script {
    answers: Vec<(&'static str, i32, &'static str, &'static str)>,
    seen: Mutex<Vec<Vec<String>>>,
}

impl Runner for Script {
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        let (program, args) = (c.program, c.args);
        self.seen.lock().unwrap().push(args.to_vec());
        let line = args.join(" ");
        let (_, status, out, err) = self
            .answers
            .iter()
            .find(|(k, ..)| line.contains(k))
            .copied()
            .unwrap_or(("", 0, "", ""));
        if status == -9 {
            return Err(RunError::Timeout {
                argv: line,
                secs: 3.0,
                hung: false,
            });
        }
        Ok(CmdOutput::exited(program, args, status, out, err))
    }
}

fn client(answers: Vec<(&'static str, i32, &'static str, &'static str)>) -> (Ceph, Arc<Script>) {
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("ceph.conf");
    std::fs::write(&conf, "[global]\n").unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    for p in ["ceph", "ceph-volume", "env"] {
        let f = bin.join(p);
        std::fs::write(&f, "").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let script = Arc::new(Script {
        answers,
        seen: Mutex::new(Vec::new()),
    });
    let opts = CephOptions {
        conf: Some(conf),
        name: Some("client.admin".into()),
        path: Some(bin.into_os_string()),
        ..CephOptions::default()
    };
    std::mem::forget(dir);
    (Ceph::with_runner(opts, script.clone()), script)
}

#[test]
fn one_malformed_volume_entry_skips_only_itself() {
    let map: BTreeMap<String, serde_json::Value> = serde_json::from_str(
        r#"{"a-uuid": {"ceph_fsid": "f", "device": "/dev/sdb", "osd_id": 1, "osd_uuid": "a-uuid", "type": "bluestore"},
            "bad\u001b[2J": {"osd_id": "not a number"},
            "c-uuid": {"ceph_fsid": "f", "device": "/dev/sdc", "osd_id": 2, "osd_uuid": "c-uuid", "type": "bluestore"}}"#,
    )
    .unwrap();
    let (good, notes) =
        answers::entries::<super::super::types::RawOsd>(map, "ceph-volume raw list");
    assert_eq!(good.len(), 2, "{good:?}");
    assert_eq!(good["c-uuid"].device, "/dev/sdc");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("ceph-volume raw list: entry 'bad"),
        "{notes:?}"
    );
    assert!(
        !notes[0].contains('\u{1b}'),
        "the key is escaped: {notes:?}"
    );
}

#[test]
fn safe_to_destroy_answers() {
    let (c, _) = client(vec![(
        "safe-to-destroy 1",
        16,
        "",
        "Error EBUSY: OSD(s) 1 have 17 pgs currently mapped to them. ",
    )]);
    assert_eq!(
        c.osd_safe_to_destroy(1).unwrap(),
        SafeToDestroy::NotYet {
            pgs: Some(17),
            message: "Error EBUSY: OSD(s) 1 have 17 pgs currently mapped to them.".into()
        }
    );
    let (c, _) = client(vec![(
        "safe-to-destroy 1",
        0,
        "\n{\"safe_to_destroy\":[1],\"active\":[],\"missing_stats\":[],\"stored_pgs\":[]}",
        "",
    )]);
    assert_eq!(c.osd_safe_to_destroy(1).unwrap(), SafeToDestroy::Safe);
    let (c, _) = client(vec![(
        "safe-to-destroy 1",
        0,
        "{\"safe_to_destroy\":[],\"active\":[],\"missing_stats\":[1],\"stored_pgs\":[]}",
        "",
    )]);
    assert!(matches!(
        c.osd_safe_to_destroy(1).unwrap(),
        SafeToDestroy::Unknown { .. }
    ));
}

#[test]
fn ok_to_stop_no_is_an_answer() {
    let (c, _) = client(vec![(
        "ok-to-stop 0",
        16,
        r#"{"ok_to_stop":false,"osds":[0],"num_ok_pgs":8,"num_not_ok_pgs":17}"#,
        "Error EBUSY: unsafe to stop osd(s) at this time (17 PGs are or would become offline)",
    )]);
    let a = c.osd_ok_to_stop(0).unwrap();
    assert!(!a.ok_to_stop);
    assert_eq!(a.num_not_ok_pgs, 17);
}

#[test]
fn errors_are_typed() {
    let (c, seen) = client(vec![
        (
            "osd tree",
            1,
            "",
            "[errno 110] RADOS timed out (error connecting to the cluster)",
        ),
        ("osd dump", -9, "", ""),
        (
            "osd destroy",
            16,
            "",
            "Error EBUSY: osd.1 is not safe to destroy",
        ),
        ("device ls", 0, "not json", ""),
    ]);
    assert!(matches!(c.osd_tree(), Err(CephError::Unreachable { .. })));
    assert!(matches!(c.osd_dump(), Err(CephError::Timeout { .. })));
    match c.osd_destroy(1) {
        Err(CephError::Refused {
            code,
            errno,
            message,
            ..
        }) => {
            assert_eq!((code, errno.as_deref()), (16, Some("EBUSY")));
            assert!(message.contains("not safe"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(c.device_ls(), Err(CephError::BadJson { .. })));
    let first = &seen.seen.lock().unwrap()[0];
    let s = first.join(" ");
    assert!(
        s.contains("--name client.admin --connect-timeout 5 osd tree -f json"),
        "{s}"
    );
    assert!(c.osd_crush_reweight(1, f64::NAN).is_err());
}

#[test]
fn missing_binary_or_conf_costs_no_call() {
    let (c, seen) = client(vec![]);
    let opts = CephOptions {
        conf: Some("/nonexistent/ceph.conf".into()),
        ..c.options().clone()
    };
    let c2 = Ceph::with_runner(
        opts,
        Arc::new(Script {
            answers: vec![],
            seen: Mutex::new(vec![]),
        }),
    );
    assert!(matches!(c2.status(), Err(CephError::NoConfig { .. })));
    let opts = CephOptions {
        path: Some(OsString::from("/nonexistent")),
        ..c.options().clone()
    };
    let c3 = Ceph::with_runner(
        opts,
        Arc::new(Script {
            answers: vec![],
            seen: Mutex::new(vec![]),
        }),
    );
    // /usr/bin may hold a real ceph; only assert when it does not.
    if runner::which("ceph", OsStr::new(SEARCH_DIRS)).is_none() {
        assert!(matches!(c3.status(), Err(CephError::NotInstalled { .. })));
    }
    assert!(seen.seen.lock().unwrap().is_empty());
}

#[test]
fn ceph_volume_gets_the_conf() {
    let (c, seen) = client(vec![("raw list", 0, "{}", "")]);
    assert!(c.raw_list().unwrap().is_empty());
    assert_eq!(
        seen.seen.lock().unwrap()[0],
        ["raw", "list", "--format", "json"]
    );
    let env = c.child_env();
    assert!(
        env.iter()
            .any(|(k, v)| k == "CEPH_CONF" && v.ends_with("ceph.conf")),
        "{env:?}"
    );
}
