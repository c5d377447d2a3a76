//! The controller part of a bundle: runs the backend's catalogue, then replays the snapshot
//! from what it recorded (running the conditional calls the replay asks for).

use super::collect::{Cmd, Collector, Scope, stdout_text, stream_text};
use super::manifest::ToolStatus;
use super::replay::{NOT_RECORDED, RecordedRunner, recorded};
use crate::backend::catalogue::{Catalogue, Entry};
use crate::backend::megacli::BackendError;
use crate::backend::runner::Outcome;
use crate::backend::runner::RunError;
use crate::backend::snapshot::Snapshot;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Runs catalogue entries and remembers their argv for the snapshot.
pub(crate) struct Vendor {
    env: Vec<(String, String)>,
    /// Under `--sim`, the executable the simulated tools are (see [`Cmd::exe`]).
    exe: Option<std::path::PathBuf>,
    recorded: HashMap<Vec<String>, usize>,
}

impl Vendor {
    pub(crate) fn new(env: Vec<(String, String)>, exe: Option<std::path::PathBuf>) -> Self {
        Self {
            env,
            exe,
            recorded: HashMap::new(),
        }
    }

    fn run(&mut self, c: &mut Collector<'_>, cat: &dyn Catalogue, e: &Entry) -> usize {
        let dir = cat.dir();
        let scope = e.adapter.map_or(Scope::All, Scope::Adapter);
        let idx = c.command(Cmd {
            id: format!("{dir}/{}", e.id),
            scope,
            program: Ok(e.program.clone()),
            exe: self.exe.as_deref(),
            args: e.args.clone(),
            env: &self.env,
            out: format!("{dir}/{}.{}", e.id, e.extension()),
            timeout: None,
        });
        if let Some(item) = c.items.get_mut(idx) {
            item.adapter = e.adapter;
            item.triage = e.triage;
        }
        let keep = e
            .writes_file
            .as_ref()
            .map(|f| (f.clone(), format!("{dir}/{}.log", e.id)));
        c.sweep_scratch(idx, keep.as_ref().map(|(a, b)| (a.as_str(), b.as_str())));
        tool_verdict(c, idx, cat, e);
        self.recorded.insert(e.args.clone(), idx);
        idx
    }
}

/// The controller part of the bundle: preamble, ring buffers, snapshot inputs, the snapshot
/// replayed from them (running what else it asks for), then the inventory.
pub(crate) fn items(
    c: &mut Collector<'_>,
    v: &mut Vendor,
    cat: &dyn Catalogue,
    versions: &mut BTreeMap<String, String>,
) -> Result<Snapshot, String> {
    // 1. Identity and adapter count.
    let mut preamble = Vec::new();
    for e in cat.preamble() {
        let idx = v.run(c, cat, &e);
        preamble.push((e, stdout_text(c, idx)));
    }
    let adapters = cat.adapters(&preamble);
    versions.extend(cat.versions(&preamble));
    // 2. Ring buffers first.
    for e in cat.history(&adapters) {
        v.run(c, cat, &e);
    }
    // 3. Snapshot inputs, then the snapshot, with any conditional call it needs.
    for e in cat.snapshot_inputs(&adapters) {
        v.run(c, cat, &e);
    }
    let programs = cat.programs();
    let program = programs.first().cloned().unwrap_or_default();
    let mut snap_result = Err("no snapshot attempted".to_owned());
    // Conditional calls (rebuild progress, OpenManage's drives of each VD) are run as the
    // replay asks for them; the time budget bounds them as it bounds everything else.
    let max_extra = MAX_EXTRA_CALLS;
    let record = |c: &Collector<'_>, idx: usize| {
        c.items.get(idx).map(|item| {
            recorded(
                item,
                stdout_text(c, idx),
                stream_text(c, idx, "stderr"),
                false,
            )
        })
    };
    // Read from disk once; each extra call adds its own record.
    let mut calls: HashMap<Vec<String>, Outcome> = v
        .recorded
        .iter()
        .filter_map(|(args, idx)| Some((args.clone(), record(c, *idx)?)))
        .collect();
    for attempt in 0..=max_extra {
        let runner = Arc::new(RecordedRunner::new(calls.clone()));
        let Some(backend) =
            crate::backend::catalogue::for_replay(&cat.dir(), &program, runner.clone())
        else {
            snap_result = Err(format!("no replay for the {} backend", cat.dir()));
            break;
        };
        match backend.snapshot() {
            Ok(s) => {
                snap_result = Ok(s);
                break;
            }
            Err(BackendError::Run(RunError::Spawn { reason, .. }))
                if reason == NOT_RECORDED && attempt < max_extra =>
            {
                let Some(args) = runner.take_miss() else {
                    break;
                };
                let e = cat.conditional(&args).unwrap_or_else(|| {
                    let n = c
                        .items
                        .iter()
                        .filter(|i| i.id.contains("/all/extra"))
                        .count();
                    let word = extra_slug(&args);
                    let mut e = Entry::new(format!("all/extra{n}-{word}"), None, &program, &[]);
                    e.args = args;
                    e
                });
                let idx = v.run(c, cat, &e);
                if let Some(r) = record(c, idx) {
                    calls.insert(e.args.clone(), r);
                }
            }
            Err(e) => {
                snap_result = Err(e.to_string());
                break;
            }
        }
    }
    // 4. The rest of the catalogue.
    for e in cat.inventory(&adapters, c.opts.level) {
        v.run(c, cat, &e);
    }
    snap_result
}

/// Most calls the snapshot replay may ask for beyond the catalogue's snapshot inputs.
const MAX_EXTRA_CALLS: usize = 512;

/// A file-name-safe id part from an argv (`-PDRbld -ShowProg -PhysDrv[32:4] -a0 -NoLog` →
/// `pdrbld-showprog-physdrv-32-4-a0`).
fn extra_slug(args: &[String]) -> String {
    let words: Vec<String> = args
        .iter()
        .filter(|a| !matches!(a.as_str(), "-NoLog" | "J" | "-fmt" | "ssv"))
        .map(|a| {
            a.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect::<String>()
                .split('-')
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join("-")
        })
        .filter(|w| !w.is_empty())
        .collect();
    let slug = words.join("-");
    if slug.is_empty() {
        "call".to_owned()
    } else {
        slug.chars().take(80).collect()
    }
}

/// Tool versions from the preamble plus each controller's firmware and driver.
pub(crate) fn tool_versions(
    mut versions: BTreeMap<String, String>,
    snap: Option<&Snapshot>,
) -> BTreeMap<String, String> {
    for a in snap.map(|s| s.adapters.as_slice()).unwrap_or_default() {
        let n = a.adapter;
        for (what, v) in [
            ("firmware package", &a.fw_package),
            ("firmware", &a.fw_version),
            ("bios", &a.bios_version),
            ("driver", &a.driver_version),
        ] {
            if let Some(v) = v {
                versions.insert(format!("adapter {n} {what}"), v.clone());
            }
        }
    }
    versions
}

/// The tool's own status of item `idx`, read from its stored stdout.
fn tool_verdict(c: &mut Collector<'_>, idx: usize, cat: &dyn Catalogue, e: &Entry) {
    let text = stdout_text(c, idx);
    let Some(item) = c.items.get(idx) else {
        return;
    };
    if !item.outputs.iter().any(|o| o.stream == "stdout") {
        return;
    }
    let verdict = cat.verdict(e, &text, item.exit_code);
    if let (Some(item), Some(v)) = (c.items.get_mut(idx), verdict) {
        item.tool_status = Some(ToolStatus {
            raw: v.raw,
            meaning: v.meaning,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_ids_are_file_name_safe() {
        let args = |v: &[&str]| v.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            extra_slug(&args(&[
                "-PDRbld",
                "-ShowProg",
                "-PhysDrv[32:4]",
                "-a0",
                "-NoLog"
            ])),
            "pdrbld-showprog-physdrv-32-4-a0"
        );
        assert_eq!(
            extra_slug(&args(&[
                "storage",
                "pdisk",
                "controller=0",
                "vdisk=1",
                "-fmt",
                "ssv"
            ])),
            "storage-pdisk-controller-0-vdisk-1"
        );
        assert_eq!(
            extra_slug(&args(&["/call/eall/sall", "show", "rebuild", "J"])),
            "call-eall-sall-show-rebuild"
        );
        assert_eq!(extra_slug(&[]), "call");
    }
}
