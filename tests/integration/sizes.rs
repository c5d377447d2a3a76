//! Files stay focused (issue 43): no Rust source of the repository passes 1,000 lines. The
//! other half of that rule, no function over 150 lines, is clippy's `too_many_lines`
//! (`clippy.toml`, the workspace's lints), which `.ci/run` denies.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 1_000;

/// The `.rs` files below `dir`, links not followed (`src/sim` is the simulator crate's
/// sources under another name) and build output left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let Ok(kind) = e.file_type() else { continue };
        let path = e.path();
        if kind.is_dir() && e.file_name() != "target" {
            sources(&path, out);
        } else if kind.is_file() && path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_passes_a_thousand_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests", "benches", "fuzz"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("crates/raidctl-core/src/lib.rs")),
        "the walk found the workspace's sources: {} files",
        files.len()
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(f).ok()?.lines().count();
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines, split at a seam: {long:?}"
    );
}
