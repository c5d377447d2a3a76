//! Parts of [`super::collect_in`]: the controller's items, the summary, the manifest's options,
//! and the end (redaction, hashes, manifest, archive).

use super::{CollectOptions, CollectReport, Collector, host_names, serials, summary, vendor};
use super::{Item, Manifest, Redactor, archive, rfc3339, sha256_file};
use crate::backend::catalogue::Catalogue;
use crate::backend::snapshot::Snapshot;
use crate::ctx::Ctx;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// The controller's items: the vendor tool's catalogue (with the tool versions), or through the
/// kernel driver raidctl's native view and the raw DCMD payloads. Returns raidctl's snapshot (or
/// why there is none), the backend's name and the tool versions.
pub(super) fn controller_items(
    c: &mut Collector<'_>,
    ctx: &Ctx,
    env: &[(String, String)],
) -> (Result<Snapshot, String>, String, BTreeMap<String, String>) {
    let opts = c.opts;
    let ops = ctx.ops();
    // Reading through the kernel driver (native), the logs and inventory still come from the
    // vendor tool: the one changes would use, else MegaCli.
    let cat = ops.as_ref().ok().and_then(|o| o.catalogue()).or_else(|| {
        ctx.native()?;
        ctx.change_ops()
            .ok()
            .and_then(|o| o.catalogue())
            .or_else(|| ctx.megacli().ok().map(|m| m as &dyn Catalogue))
    });
    let mut vendor = vendor::Vendor::new(env.to_vec(), ctx.sim_exe().map(Path::to_path_buf));
    let mut versions = BTreeMap::new();
    let mut snap_result: Result<Snapshot, String> = Err(match &ops {
        Ok(o) => format!("the {} backend has no bundle catalogue", o.name()),
        Err(e) => e.to_string(),
    });
    let backend = cat.map_or_else(
        || {
            ops.as_ref()
                .map_or_else(|_| String::new(), |o| o.name().to_owned())
        },
        Catalogue::dir,
    );
    if let Some(cat) = cat {
        snap_result = vendor::items(c, &mut vendor, cat, &mut versions);
    } else if let Err(e) = &ops {
        c.skip(
            "controller",
            "command",
            Vec::new(),
            format!("no controller tool: {e}"),
        );
    }
    // 3b. Reading through the kernel driver: raidctl's view is the native one, and the raw
    // DCMD payloads go in beside it so `--from-bundle` can decode them again.
    if let Some(n) = ctx.native() {
        snap_result = n.gather().map_err(|e| e.to_string());
        for (id, rel, data) in
            crate::backend::native::bundle::files(n, &snap_result, !opts.redact.is_empty())
        {
            match data {
                Ok(d) => {
                    c.file_item(&id, "native", None, &rel, &d);
                }
                Err(reason) => {
                    c.skip(&id, "native", Vec::new(), reason);
                }
            }
        }
    }
    (snap_result, backend, versions)
}

/// Writes `SUMMARY.md` (exempt from the size cap: it is what support reads first) and adds
/// its item.
pub(super) fn write_summary(
    c: &mut Collector<'_>,
    root: &Path,
    backend: &str,
    snap: Option<&Snapshot>,
    problems: Option<&[crate::health::Problem]>,
    hostname: &str,
) -> Result<(), String> {
    let summary_text = summary::render(c, backend, snap, problems, hostname);
    // The summary is exempt from the size cap: it is what support reads first.
    std::fs::write(root.join("SUMMARY.md"), &summary_text)
        .map_err(|e| format!("SUMMARY.md: {e}"))?;
    let idx = c.push(Item {
        id: "summary".into(),
        kind: "derived".into(),
        ..Item::default()
    });
    c.add_output(idx, "SUMMARY.md", "file", summary_text.len() as u64, false);
    Ok(())
}

/// The collection's limits and options, as the manifest records them.
pub(super) fn manifest_options(opts: &CollectOptions) -> BTreeMap<String, String> {
    BTreeMap::from([
        ("item_limit_bytes".to_owned(), opts.item_limit.to_string()),
        ("total_limit_bytes".to_owned(), opts.total_limit.to_string()),
        (
            "budget_secs".to_owned(),
            opts.budget.as_secs_f64().to_string(),
        ),
        (
            "per_command_timeout_secs".to_owned(),
            opts.per_command_timeout.as_secs_f64().to_string(),
        ),
        (
            "redact".to_owned(),
            opts.redact
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(","),
        ),
    ])
}

/// The end: redacts the stored files, hashes them, writes the manifest (redacted too), the
/// redaction map and the archive.
pub(super) fn finish(
    mut c: Collector<'_>,
    root: &Path,
    archive_path: &Path,
    mut manifest: Manifest,
    snap: Option<&Snapshot>,
    started: Instant,
) -> Result<CollectReport, String> {
    let opts = c.opts;
    let mut redactor = Redactor::new(&opts.redact, &host_names(), &serials(snap));
    if redactor.active() {
        redact_files(&mut c.items, root, &mut redactor, &mut manifest);
    }
    for item in &mut c.items {
        for o in &mut item.outputs {
            let p = root.join(&o.path);
            o.bytes = std::fs::metadata(&p).map_or(0, |m| m.len());
            o.sha256 = sha256_file(&p).unwrap_or_default();
        }
    }
    let failed: Vec<String> = c
        .items
        .iter()
        .filter(|i| i.failed())
        .map(|i| i.id.clone())
        .collect();
    manifest.items = std::mem::take(&mut c.items);
    let ended = SystemTime::now();
    manifest.ended_at = rfc3339(ended);
    manifest.duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let mut json = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())?;
    if redactor.active() {
        // Host facts, the command line and argv can carry names too; counts stay per file.
        json = redactor.redact(&json).0;
        manifest = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    }
    std::fs::write(root.join("manifest.json"), &json).map_err(|e| format!("manifest.json: {e}"))?;
    let replace = if opts.force {
        crate::fsutil::Replace::Yes
    } else {
        crate::fsutil::Replace::No
    };
    let mapping_file = if redactor.active() {
        let p = PathBuf::from(format!("{}.redaction-map.json", archive_path.display()));
        let map = serde_json::to_vec_pretty(&redactor.mapping()).map_err(|e| e.to_string())?;
        archive::write_private(&p, &map, replace).map_err(|e| format!("{}: {e}", p.display()))?;
        Some(p)
    } else {
        None
    };
    let checksum_file = archive::pack(root, archive_path, replace)
        .map_err(|e| format!("{}: {e}", archive_path.display()))?;
    Ok(CollectReport {
        archive: archive_path.to_path_buf(),
        checksum_file,
        mapping_file,
        manifest,
        failed,
    })
}

/// Redacts every stored text file in place, counting per item; a file that is not UTF-8 is
/// listed as not redacted.
fn redact_files(items: &mut [Item], root: &Path, redactor: &mut Redactor, manifest: &mut Manifest) {
    for item in items.iter_mut() {
        for o in &item.outputs {
            let p = root.join(&o.path);
            let Ok(bytes) = std::fs::read(&p) else {
                continue;
            };
            match String::from_utf8(bytes) {
                Ok(text) => {
                    let (new, counts) = redactor.redact(&text);
                    if new != text {
                        let _ = std::fs::write(&p, new);
                    }
                    for (k, n) in counts {
                        *item.redactions.entry(k).or_default() += n;
                    }
                }
                Err(_) => manifest.redaction_skipped.push(o.path.clone()),
            }
        }
    }
    manifest.redactions = redactor.counts();
}
