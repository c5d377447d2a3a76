//! Snapshots built from the repository's MegaCli fixtures, for the tests of this crate and of
//! those above it (feature `test-support`, which only dev-dependencies turn on).

use crate::backend::snapshot::Snapshot;
use crate::model::{Adapter, PhysicalDrive};

/// Parses fixtures (names under `fixtures/megacli/`, without `.txt`) into one snapshot,
/// joined by the backend's own [`crate::backend::snapshot::derive_at`].
///
/// # Panics
/// A fixture that is missing or does not parse.
pub fn fixture_snapshot(names: &[&str]) -> Snapshot {
    let mut doc = crate::model::Document::default();
    for name in names {
        let path = format!(
            "{}/fixtures/megacli/{name}.txt",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
        );
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let text = crate::parse::decode(&bytes);
        doc.merge(crate::parse::parse(&text, None).unwrap_or_else(|e| panic!("{path}: {e}")));
    }
    // -CfgDsply lists its drives too: the later file (the -PDList) wins, as in the backend.
    let mut drives: Vec<PhysicalDrive> = Vec::new();
    for d in doc.physical_drives {
        drives.retain(|o| (o.adapter, o.address()) != (d.adapter, d.address()));
        drives.push(d);
    }
    drives.sort_by_key(|d| (d.adapter, d.address()));
    // Several commands describe the adapter: the first file (the -AdpAllInfo) wins.
    let mut adapters: Vec<Adapter> = Vec::new();
    for a in doc.adapters {
        if !adapters.iter().any(|o| o.adapter == a.adapter) {
            adapters.push(a);
        }
    }
    let mut snap = Snapshot {
        schema_version: 1,
        taken_at_unix: 1_700_000_000,
        source: "fixtures".into(),
        vendor_calls: 4,
        adapters,
        logical_drives: doc.logical_drives,
        physical_drives: drives,
        bbus: doc.bbus,
        disk_groups: doc.disk_groups,
        missing: doc.missing,
        foreign_configs: doc.foreign_configs,
        progress: doc.progress,
        warnings: doc.warnings,
        ..Snapshot::default()
    };
    // The backend's own joins; no sysfs, so no host's block devices leak in.
    crate::backend::snapshot::derive_at(&mut snap, std::path::Path::new("/nonexistent/sys"));
    snap
}

/// Degraded RAID 5 (VD 1, [32:3] failed, [32:4] with media errors, predictive failure and a
/// S.M.A.R.T alert), a healthy BBU.
pub fn degraded() -> Snapshot {
    fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-degraded__cfgdsply",
        "h710-degraded__pdlist",
        "h710-healthy__bbustatus",
    ])
}

/// [`degraded`] and its degraded VD.
///
/// # Panics
/// The fixtures changed and hold no degraded VD.
pub fn degraded_vd() -> (Snapshot, crate::model::LogicalDrive) {
    let snap = degraded();
    let ld = snap
        .logical_drives
        .iter()
        .find(|l| l.state == crate::model::LdState::Degraded)
        .expect("the degraded fixtures have a degraded VD")
        .clone();
    (snap, ld)
}
