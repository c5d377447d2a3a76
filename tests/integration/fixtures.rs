//! The project's own captures: each is detected as the kind its name says, parses without
//! warnings unless it is broken on purpose, and its JSON matches the reviewed snapshot.

use crate::util;

/// Fixtures that are damaged on purpose and must produce warnings.
const BROKEN_ON_PURPOSE: &[&str] = &["truncated__pdlist.txt"];

/// `<case>__<command>.txt` → the kind `raidctl parse` should detect.
fn expected_kind(name: &str) -> &str {
    let command = name
        .split("__")
        .nth(1)
        .unwrap_or("")
        .trim_end_matches(".txt");
    match command {
        c if c.starts_with("action") => "action",
        c if c.starts_with("rbldprog")
            || c.starts_with("cpybkprog")
            || c.starts_with("ldbiprog")
            || c.starts_with("reconprog") =>
        {
            "progress"
        }
        c if c.starts_with("foreign-clear") => "foreign-clear",
        c if c.starts_with("foreign-scan") => "foreign-scan",
        // Same layout as -Dsply; detection cannot tell them apart without the echoed command.
        "foreign-preview" => "foreign-dsply",
        "bbu" => "bbu",
        c => c,
    }
}

#[test]
fn fixtures_detect_and_parse_cleanly() {
    let files = util::files_in(&util::root().join("fixtures/megacli"));
    assert!(
        files.len() >= 60,
        "fixtures/megacli has only {} files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = match raidctl::parse::parse(&util::read(path), None) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let want = expected_kind(&name);
        if doc.kind != want {
            failures.push(format!("{name}: detected {} expected {want}", doc.kind));
        }
        let broken = BROKEN_ON_PURPOSE.iter().any(|b| name.ends_with(b));
        if broken == doc.warnings.is_empty() {
            failures.push(format!("{name}: warnings {:?}", doc.warnings));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixture_json_snapshots() {
    insta::glob!("../../fixtures/megacli", "*.txt", |path| {
        let doc = raidctl::parse::parse(&util::read(path), None).unwrap();
        insta::assert_json_snapshot!(doc);
    });
}
