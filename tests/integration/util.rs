//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared corpus of real captures, read in place (never copied into the repository).
pub fn corpus() -> PathBuf {
    root().join("../shared/corpus")
}

/// Files in a directory, sorted, skipping README/MANIFEST.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

/// Reads a file as raidctl does (lossy UTF-8).
pub fn read(path: &Path) -> String {
    raidctl::parse::decode(
        &std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
}
