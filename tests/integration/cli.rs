//! The `raidctl` binary as an operator runs it.

use crate::util;
use assert_cmd::Command;
use predicates::prelude::*;

fn raidctl() -> Command {
    let mut c = Command::cargo_bin("raidctl").unwrap();
    c.env_remove("NO_COLOR").env("COLUMNS", "200");
    c
}

#[test]
fn man_page_is_current() {
    let mut generated = Vec::new();
    raidctl::app::generate(raidctl::cli::Generated::Man, &mut generated).unwrap();
    let committed = std::fs::read(util::root().join("man/raidctl.1")).unwrap();
    assert!(
        generated == committed,
        "man/raidctl.1 is stale: run `cargo run -- generate man > man/raidctl.1`"
    );
}

#[test]
fn packaged_completions_are_current() {
    use raidctl::cli::Generated;
    for (what, file, shell) in [
        (Generated::Bash, "raidctl.bash", "bash"),
        (Generated::Zsh, "_raidctl", "zsh"),
        (Generated::Fish, "raidctl.fish", "fish"),
    ] {
        let mut generated = Vec::new();
        raidctl::app::generate(what, &mut generated).unwrap();
        let committed = std::fs::read(util::root().join("contrib/completions").join(file)).unwrap();
        assert!(
            generated == committed,
            "contrib/completions/{file} is stale: run `cargo run -- generate {shell} > contrib/completions/{file}`"
        );
    }
}

#[test]
fn completions_generate() {
    raidctl()
        .args(["generate", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("raidctl"));
}

#[test]
fn parse_json_has_the_documented_shape() {
    let file = util::corpus().join("megacli/raidinfo__megacli-ldpdinfo-3.txt");
    let out = raidctl()
        .args(["parse", "--format", "json"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert_eq!(v["kind"], "ldpdinfo");
    for key in [
        "adapters",
        "enclosures",
        "logical_drives",
        "physical_drives",
        "bbus",
        "events",
        "missing",
        "progress",
        "warnings",
    ] {
        assert!(v[key].is_array(), "{key} missing");
    }
    assert!(v.get("exit_code").is_some());
    let pd = &v["physical_drives"][0];
    for key in [
        "adapter",
        "enclosure_id",
        "slot",
        "device_id",
        "firmware_state",
        "firmware_state_raw",
        "spun_up",
        "foreign",
        "media_error_count",
        "other_error_count",
        "predictive_failure_count",
        "smart_alert",
        "raw_size_bytes",
        "coerced_size_bytes",
        "pd_type",
        "media_type",
        "model",
        "serial",
        "firmware",
        "temperature_c",
        "disk_group",
        "span",
        "arm",
    ] {
        assert!(pd.get(key).is_some(), "physical drive lacks {key}");
    }
    let ld = &v["logical_drives"][0];
    for key in [
        "adapter",
        "target_id",
        "raid_level",
        "state",
        "size_bytes",
        "number_of_drives",
        "span_depth",
        "bad_blocks_exist",
    ] {
        assert!(ld.get(key).is_some(), "logical drive lacks {key}");
    }
    let states: Vec<&str> = v["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["firmware_state"].as_str().unwrap())
        .collect();
    assert!(
        states.contains(&"failed") || states.contains(&"rebuild"),
        "{states:?}"
    );
}

#[test]
fn parse_reads_stdin_and_prints_tables() {
    let text = util::read(&util::corpus().join("megacli/checkraid__issue123-pdlist"));
    raidctl()
        .args(["parse", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Physical drives").and(predicate::str::contains("[252:0]")),
        );
}

#[test]
fn garbage_exits_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("garbage.bin");
    std::fs::write(&f, [0u8, 159, 146, 150, 10, 255, 254]).unwrap();
    raidctl()
        .arg("parse")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("garbage.bin").and(predicate::str::contains("line 1")));
}

#[test]
fn warnings_name_file_and_line() {
    let file = util::corpus().join("megacli/zbxraidcontroller-pr3__cfgdsply-9240-8i-TRUNCATED.txt");
    raidctl()
        .arg("parse")
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::is_match(r"warning: .*TRUNCATED\.txt:\d+: ").unwrap());
}

#[test]
fn unknown_kind_is_a_usage_error() {
    raidctl()
        .args(["parse", "--kind", "nope", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown kind"));
}
