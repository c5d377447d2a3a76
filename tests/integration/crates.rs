//! The workspace's dependency arrows (docs/development.md, "Layout"): `raidctl-model` ←
//! `raidctl-parse`, `raidctl-sys` ← `raidctl-backend` (backends, snapshot, SMART, the Ceph
//! client and join) ← `raidctl-core` (workflows, bundles, qualification, health, output) and,
//! beside both, `raidctl-sim` (the simulated hardware; never the product's, nor the product
//! its) ← `raidctl` (the command line and its wiring). A crate cannot use what it does not depend on, so the arrows
//! hold as long as the manifests say so; this test reads them as cargo resolves them
//! (`cargo metadata`, workspace inheritance applied) and fails when a lower crate names a higher
//! one, as a normal, dev or build dependency.

use crate::util;
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

/// Each crate of the workspace and the workspace crates it may depend on.
const ALLOWED: &[(&str, &[&str])] = &[
    ("raidctl-model", &[]),
    ("raidctl-parse", &["raidctl-model"]),
    ("raidctl-sys", &["raidctl-model"]),
    // The parsers only for its tests (what its smartctl prints reads back).
    (
        "raidctl-sim",
        &["raidctl-model", "raidctl-sys", "raidctl-parse"],
    ),
    (
        "raidctl-backend",
        &["raidctl-model", "raidctl-parse", "raidctl-sys"],
    ),
    (
        "raidctl-core",
        &[
            "raidctl-model",
            "raidctl-parse",
            "raidctl-sys",
            "raidctl-backend",
        ],
    ),
    (
        "raidctl",
        &[
            "raidctl-model",
            "raidctl-parse",
            "raidctl-sys",
            "raidctl-backend",
            "raidctl-core",
            "raidctl-sim",
        ],
    ),
];

/// `cargo metadata` of the workspace (its own packages only).
fn metadata() -> Value {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(util::root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON")
}

/// The workspace's packages by name, each with the names of its dependencies (every kind).
fn workspace() -> BTreeMap<String, Vec<String>> {
    metadata()["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .map(|d| d["name"].as_str().expect("dependency name").to_owned())
                .collect();
            (p["name"].as_str().expect("name").to_owned(), deps)
        })
        .collect()
}

#[test]
fn lower_crates_never_depend_on_higher_ones() {
    let ws = workspace();
    let names: Vec<&str> = ws.keys().map(String::as_str).collect();
    let expected: Vec<&str> = {
        let mut e: Vec<&str> = ALLOWED.iter().map(|(n, _)| *n).collect();
        e.sort_unstable();
        e
    };
    assert_eq!(
        names, expected,
        "the workspace's crates changed: say in ALLOWED where a new one sits"
    );
    let mut wrong = Vec::new();
    for (name, allowed) in ALLOWED {
        for dep in &ws[*name] {
            if ws.contains_key(dep) && !allowed.contains(&dep.as_str()) {
                wrong.push(format!("{name} -> {dep}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependency arrows pointing up the layering: {wrong:?}"
    );
    // The product re-exports both (`raidctl::model`, `raidctl::parse`).
    for dep in ["raidctl-model", "raidctl-parse"] {
        assert!(
            ws["raidctl-core"].contains(&dep.to_owned()),
            "raidctl-core -> {dep}"
        );
    }
    // The simulator stays outside the product, both ways: it replaces hardware through
    // `raidctl_sys::hardware::Simulator`, never a code path.
    for product in ["raidctl-backend", "raidctl-core"] {
        assert!(
            !ws[product].contains(&"raidctl-sim".to_owned()),
            "{product}"
        );
        assert!(
            !ws["raidctl-sim"].contains(&product.to_owned()),
            "{product}"
        );
    }
}

/// The product parses no command line: clap is an optional dependency of `raidctl-backend`
/// and `raidctl-core` that only the command line's crate turns on (for the value names of the
/// product's enums), and the flags of every command are the command line's own types
/// (`raidctl::cli`).
#[test]
fn the_product_parses_no_command_line() {
    let meta = metadata();
    let mut found = Vec::new();
    for product in ["raidctl-backend", "raidctl-core"] {
        let package = meta["packages"]
            .as_array()
            .expect("packages")
            .iter()
            .find(|p| p["name"] == product)
            .expect("a product crate");
        for d in package["dependencies"].as_array().expect("dependencies") {
            if d["name"] == "clap" {
                assert_eq!(d["optional"], true, "{product}'s clap: {d}");
            }
        }
        let mut dirs = vec![util::root().join("crates").join(product).join("src")];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).expect("read_dir").flatten() {
                let path = e.path();
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    dirs.push(path);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source");
                    for (n, line) in text.lines().enumerate() {
                        let flags = ["clap::Args", "clap::Parser", "clap::Subcommand", "#[arg("];
                        if flags.iter().any(|f| line.contains(f)) {
                            found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                        }
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "command-line types in the product: {found:#?}"
    );
}
