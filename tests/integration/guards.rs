//! The guards of the rule table (`src/workflow/guards.rs`, docs/safety.md) end to end: each
//! case is staged on the simulator and driven through the MegaCli and the storcli front end.
//! Every test asserts the `[rule-id]` the guard prints, so removing the guard fails it.

use crate::harness::{Raidctl, Run};
use std::path::Path;

/// raidctl on the simulator state in `dir` through `backend`, with a 5 s vendor timeout.
fn raidctl(dir: &Path, backend: &str) -> Raidctl {
    Raidctl::new()
        .sim_state(dir)
        .timeout("5")
        .quiet()
        .backend(backend)
}

fn init(scenario: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    raidctl(dir.path(), "megacli")
        .scenario(scenario)
        .args(["sim", "scenarios"])
        .status(0)
        .run();
    dir
}

/// The simulator's physical world (`raidctl sim ...`).
fn sim(dir: &Path, args: &[&str]) {
    let mut full = vec!["sim"];
    full.extend(args);
    let r = raidctl(dir, "megacli").args(&full).run();
    assert_eq!(r.code, 0, "sim {args:?}: {}", r.stderr);
}

/// `[E:S]` → firmware state, through `backend`.
fn state_of(dir: &Path, backend: &str, addr: &str) -> String {
    let r = raidctl(dir, backend)
        .args(["status", "--format", "json", "--max-age", "0"])
        .run();
    let v: serde_json::Value =
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stderr));
    v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| format!("{}:{}", d["enclosure_id"], d["slot"]) == addr)
        .map(|d| d["firmware_state"].as_str().unwrap_or("").to_owned())
        .unwrap_or_default()
}

fn expect(r: &Run, code: i32, needles: &[&str]) {
    let all = r.all();
    assert_eq!(r.code, code, "{all}");
    for n in needles {
        assert!(all.contains(n), "missing {n:?} in:\n{all}");
    }
}

/// Runs each case through MegaCli and through storcli.
macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod megacli {
            $(#[test] fn $name() { super::$name("megacli") })*
        }
        mod storcli {
            $(#[test] fn $name() { super::$name("storcli") })*
        }
    };
}

both!(
    healthy_member_needs_proactive,
    raid6_predictive_with_failed_member,
    target_not_replaceable,
    peer_errors,
    event_log_damage,
    event_log_unread,
    raid5_many_drives,
    spare_starts_rebuild,
    spare_too_small,
    bbu_write_back,
    one_at_a_time,
    bgi_incomplete,
    force_online,
    alarm_disable,
);

/// storcli does not report `Bad Blocks Exist`; the event-log rule stands in there.
#[test]
fn vd_bad_blocks_megacli() {
    vd_bad_blocks("megacli");
}

/// MegaCli only: the simulator's storcli front end does not answer `show preservedcache`
/// nor report `Any Offline VD Cache Preserved` yet.
#[test]
fn pinned_cache_megacli() {
    pinned_cache("megacli");
}

/// A RAID 6 over five drives on `ceph-node`, initialised.
fn ceph_raid6(b: &str) -> tempfile::TempDir {
    let dir = init("ceph-node");
    let r = raidctl(dir.path(), b)
        .args([
            "ld",
            "create",
            "--raid",
            "raid6",
            "32:2,32:3,32:4,32:5,32:6",
            "--yes",
        ])
        .run();
    expect(&r, 0, &[]);
    sim(dir.path(), &["speed", "1000"]);
    sim(dir.path(), &["advance", "3600"]);
    dir
}

/// The case: RAID 6, one member failed, another with predictive failures.
fn raid6_predictive_with_failed_member(b: &str) {
    let dir = ceph_raid6(b);
    let d = dir.path();
    // On a healthy VD a predictive failure stays a WARNING.
    sim(d, &["predictive", "32:5", "3"]);
    let r = raidctl(d, b).args(["check"]).run();
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(!r.stdout.contains("member-at-risk"), "{}", r.stdout);
    // With one redundancy gone it is CRITICAL, and the next step is the failed member.
    sim(d, &["fail", "32:4"]);
    let r = raidctl(d, b).args(["check"]).run();
    expect(
        &r,
        2,
        &[
            "CRITICAL: [32:5]",
            "[member-at-risk: VD 1 is already partially degraded",
            "next: raidctl replace-drive 32:4",
        ],
    );
    // Replacing the predictive member first is refused, also unattended.
    let r = raidctl(d, b)
        .args(["replace-drive", "32:5", "--yes", "--serial", "ZA1A2B05"])
        .run();
    expect(
        &r,
        1,
        &[
            "[offline-peer-down]",
            "Replace the failed member [32:4] first",
            "--accept-no-redundancy 1",
        ],
    );
    assert_eq!(state_of(d, b, "32:5"), "online");
    // An acknowledgement naming another VD is no acknowledgement.
    let r = raidctl(d, b)
        .args([
            "replace-drive",
            "32:5",
            "--yes",
            "--serial",
            "ZA1A2B05",
            "--accept-no-redundancy",
            "0",
        ])
        .run();
    expect(&r, 1, &["[offline-peer-down]"]);
    // Naming the VD, it runs, and the drive that failed before is not blamed.
    let r = raidctl(d, b)
        .args([
            "replace-drive",
            "32:5",
            "--yes",
            "--serial",
            "ZA1A2B05",
            "--accept-no-redundancy",
            "1",
        ])
        .run();
    expect(
        &r,
        0,
        &[
            "Overridden with --accept-no-redundancy 1",
            "[32:4] (down before this workflow started) needs replacing next",
        ],
    );
    assert!(
        !r.stderr.contains("failed during the rebuild"),
        "{}",
        r.stderr
    );
    assert_eq!(state_of(d, b, "32:5"), "online");
    assert_eq!(state_of(d, b, "32:4"), "failed");
}

fn target_not_replaceable(b: &str) {
    let dir = init("healthy");
    let r = raidctl(dir.path(), b)
        .args(["replace-drive", "32:8", "--yes", "--serial", "S0K1A2B08"])
        .run();
    expect(
        &r,
        1,
        &["refused: [target-not-replaceable]", "nothing to replace"],
    );
}

/// A healthy member of an optimal RAID 5 (an `E:S` typo, or the bay a stale OSD name pointed
/// at) is refused before any change, without printing the serial the flow would expect.
fn healthy_member_needs_proactive(b: &str) {
    let dir = init("healthy");
    let r = raidctl(dir.path(), b)
        .args(["replace-drive", "32:3", "--yes", "--serial", "S0K1A2B03"])
        .run();
    expect(&r, 1, &["refused: [target-not-replaceable]", "--proactive"]);
    // The serial is read off the blinking bay: the refusal never prints the one it expects.
    let all = r.all();
    let refusal: Vec<&str> = all
        .lines()
        .filter(|l| l.contains("target-not-replaceable") || l.contains("refused"))
        .collect();
    assert!(!refusal.is_empty(), "{all}");
    for line in refusal {
        assert!(
            !line.contains("S0K1A2B03") && !line.contains("needs --serial"),
            "{line}"
        );
    }
    assert_eq!(state_of(dir.path(), b, "32:3"), "online");
    let r = raidctl(dir.path(), b)
        .args(["replace-drive", "32:3", "--dry-run", "--proactive"])
        .run();
    expect(&r, 0, &["dry run: nothing was changed"]);
}

fn pinned_cache(b: &str) {
    let dir = init("healthy");
    let d = dir.path();
    // Both members of the write-back RAID 1 leave: the VD goes offline with its cache pinned;
    // one comes back and shows as foreign.
    sim(d, &["pull", "32:0"]);
    sim(d, &["pull", "32:1"]);
    sim(d, &["insert", "32:1", "--kind", "original"]);
    let r = raidctl(d, b)
        .args(["foreign", "clear", "--yes", "--serial", "clear-all"])
        .run();
    expect(&r, 1, &["[foreign-clear-pinned]", "preserved cache"]);
    let r = raidctl(d, b)
        .args(["ld", "create", "--raid", "raid1", "32:8,32:9", "--yes"])
        .run();
    expect(&r, 1, &["[ld-create-pinned-cache]"]);
}

fn peer_errors(b: &str) {
    let dir = init("healthy");
    sim(dir.path(), &["media-errors", "32:3", "5"]);
    let r = raidctl(dir.path(), b)
        .args(["replace-drive", "32:2", "--dry-run", "--proactive"])
        .run();
    expect(
        &r,
        0,
        &["WARN [peer-errors] member [32:3]", "5 media errors"],
    );
}

fn event_log_damage(b: &str) {
    let dir = init("degraded");
    let d = dir.path();
    sim(d, &["event", "32:3", "puncture", "--lba", "20d803e"]);
    sim(d, &["event", "32:5", "medium-error"]);
    sim(d, &["event", "32:9", "sense"]);
    // Before a replacement: the entries on other members are quoted, not the spare's.
    let r = raidctl(d, b)
        .args(["replace-drive", "32:4", "--dry-run"])
        .run();
    expect(
        &r,
        0,
        &[
            "WARN [event-log-damage]",
            "Puncturing bad block on PD 03(e0x20/s3) at 20d803e",
            "Corrected medium error during recovery on PD 05(e0x20/s5)",
        ],
    );
    assert!(!r.stderr.contains("s9)"), "{}", r.stderr);
    // Before a hot-spare add that starts a rebuild.
    let r = raidctl(d, b)
        .args(["hotspare", "add", "32:8", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [event-log-damage]", "PD 03(e0x20/s3)"]);
    // Before a rebuild start.
    let dir = init("healthy");
    let d = dir.path();
    let r = raidctl(d, b)
        .args(["pd", "offline", "32:2", "--yes", "--serial", "S0K1A2B02"])
        .run();
    expect(&r, 0, &[]);
    sim(d, &["event", "32:3", "puncture"]);
    let r = raidctl(d, b)
        .args(["rebuild", "start", "32:2", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [event-log-damage]", "PD 03(e0x20/s3)"]);
}

fn event_log_unread(b: &str) {
    let dir = init("degraded");
    let d = dir.path();
    if b == "megacli" {
        sim(
            d,
            &[
                "fault",
                "add",
                "--command",
                "adpeventlog",
                "--kind",
                "exit:0x01",
            ],
        );
    } else {
        // storcli counts every `show` as one command: fail the one after the snapshot.
        let out = raidctl(d, "megacli").args(["sim", "calls"]).run().stdout;
        let calls: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let n = calls["storcli:show"].as_u64().unwrap_or(0) + 6;
        sim(
            d,
            &[
                "fault",
                "add",
                "--command",
                "storcli:show",
                "--kind",
                "exit:0x01",
                "--on-call",
                &n.to_string(),
            ],
        );
    }
    let r = raidctl(d, b)
        .args(["hotspare", "add", "32:8", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [event-log-unread]"]);
}

fn vd_bad_blocks(b: &str) {
    let dir = init("healthy");
    let d = dir.path();
    sim(d, &["bad-blocks", "1", "on"]);
    let r = raidctl(d, b)
        .args(["replace-drive", "32:2", "--dry-run"])
        .run();
    expect(&r, 1, &["[vd-bad-blocks]"]);
    sim(d, &["bad-blocks", "1", "off"]);
    let r = raidctl(d, b)
        .args(["pd", "offline", "32:2", "--yes", "--serial", "S0K1A2B02"])
        .run();
    expect(&r, 0, &[]);
    sim(d, &["bad-blocks", "1", "on"]);
    let r = raidctl(d, b)
        .args(["rebuild", "start", "32:2", "--yes"])
        .run();
    expect(&r, 1, &["[vd-bad-blocks]"]);
    assert_eq!(state_of(d, b, "32:2"), "offline");
}

fn raid5_many_drives(b: &str) {
    let dir = init("ceph-node");
    let r = raidctl(dir.path(), b)
        .args([
            "ld",
            "create",
            "--raid",
            "raid5",
            "32:2,32:3,32:4,32:5,32:6,32:7,32:8",
            "--dry-run",
        ])
        .run();
    expect(&r, 0, &["WARN [raid5-many-drives]"]);
}

fn spare_starts_rebuild(b: &str) {
    let dir = init("degraded");
    let r = raidctl(dir.path(), b)
        .args(["hotspare", "add", "32:8", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [spare-starts-rebuild] VD 1 is not optimal"]);
}

fn spare_too_small(b: &str) {
    let dir = init("healthy");
    let d = dir.path();
    sim(d, &["pull", "32:8"]);
    sim(d, &["insert", "32:8", "--kind", "small"]);
    let r = raidctl(d, b)
        .args(["hotspare", "add", "32:8", "--dedicated", "1", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [spare-too-small]"]);
}

fn bbu_write_back(b: &str) {
    let dir = init("healthy");
    let d = dir.path();
    let r = raidctl(d, b)
        .args(["pd", "offline", "32:2", "--yes", "--serial", "S0K1A2B02"])
        .run();
    expect(&r, 0, &[]);
    sim(d, &["bbu", "fail"]);
    for args in [
        &["rebuild", "start", "32:2", "--dry-run"][..],
        &["hotspare", "add", "32:8", "--dry-run"],
        &["replace-drive", "32:2", "--dry-run"],
    ] {
        let r = raidctl(d, b).args(args).run();
        expect(
            &r,
            0,
            &[
                "WARN [bbu-write-back] battery is",
                "VD 1 is set to WriteBack and falls back to WriteThrough",
            ],
        );
    }
}

fn one_at_a_time(b: &str) {
    let dir = init("rebuilding");
    let r = raidctl(dir.path(), b)
        .args(["replace-drive", "32:0", "--dry-run"])
        .run();
    expect(&r, 1, &["[one-at-a-time]", "replace one drive at a time"]);
}

fn bgi_incomplete(b: &str) {
    let dir = init("ceph-node");
    let d = dir.path();
    let r = raidctl(d, b)
        .args([
            "ld",
            "create",
            "--raid",
            "raid6",
            "32:2,32:3,32:4,32:5,32:6",
            "--yes",
        ])
        .run();
    expect(&r, 0, &[]);
    let r = raidctl(d, b)
        .args(["replace-drive", "32:3", "--dry-run", "--proactive"])
        .run();
    expect(&r, 1, &["[bgi-incomplete]", "parity is not valid"]);
    sim(d, &["speed", "1000"]);
    sim(d, &["advance", "3600"]);
    let r = raidctl(d, b)
        .args(["replace-drive", "32:3", "--dry-run", "--proactive"])
        .run();
    expect(&r, 0, &[]);
}

fn force_online(b: &str) {
    // A degraded VD: rebuild, do not force.
    let dir = init("degraded");
    let r = raidctl(dir.path(), b)
        .args(["pd", "online", "32:4", "--yes", "--serial", "S0K1A2B04"])
        .run();
    expect(&r, 1, &["[force-online-not-latest]", "not offline"]);
    // Two failures take the RAID 5 offline: only the later one may be forced online.
    let dir = init("healthy");
    let d = dir.path();
    sim(d, &["fail", "32:3"]);
    sim(d, &["fail", "32:5"]);
    let r = raidctl(d, b)
        .args(["pd", "online", "32:3", "--yes", "--serial", "S0K1A2B03"])
        .run();
    expect(&r, 1, &["[force-online-not-latest]", "before [32:5]"]);
    assert_eq!(state_of(d, b, "32:3"), "failed");
    let r = raidctl(d, b)
        .args(["pd", "online", "32:5", "--yes", "--serial", "S0K1A2B05"])
        .run();
    expect(&r, 0, &["FORCE ONLINE", "most recently failed member"]);
    assert_eq!(state_of(d, b, "32:5"), "online");
}

fn alarm_disable(b: &str) {
    let dir = init("healthy");
    let r = raidctl(dir.path(), b)
        .args(["adapter", "alarm", "disable", "--dry-run"])
        .run();
    expect(&r, 0, &["WARN [alarm-disable]"]);
}
