//! Support bundle against the simulator: manifest and hashes, hangs, crashes, missing tools,
//! redaction, truncation, replay.

use raidctl::bundle::manifest::Manifest;
use raidctl::bundle::redact::Class;
use raidctl::bundle::{CollectOptions, Level, collect, load_bundle};
use raidctl::ctx::{BackendChoice, Ctx, CtxOptions};
use sha2::Digest;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn setup(scenario: &str) -> (tempfile::TempDir, Ctx) {
    setup_on(scenario, BackendChoice::Megacli)
}

fn setup_on(scenario: &str, backend: BackendChoice) -> (tempfile::TempDir, Ctx) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Ctx::new(&CtxOptions {
        sim: Some(scenario.to_owned()),
        simulator: Some(std::sync::Arc::new(raidctl_sim::hardware::SimHardware)),
        sim_state: Some(dir.path().join("sim")),
        state_dir: Some(dir.path().join("state")),
        timeout: Duration::from_secs(10),
        quiet: true,
        sim_exe: Some(env!("CARGO_BIN_EXE_raidctl").into()),
        backend,
        ..CtxOptions::default()
    })
    .unwrap();
    (dir, ctx)
}

/// Every backend with a bundle catalogue, and its directory in the bundle.
const BACKENDS: &[(BackendChoice, &str)] = &[
    (BackendChoice::Megacli, "megacli"),
    (BackendChoice::Storcli, "storcli"),
    (BackendChoice::Perccli, "perccli"),
    (BackendChoice::Perccli2, "perccli2"),
    (BackendChoice::Omreport, "omreport"),
];

/// Quick, controller items only (host tools are not on the empty `PATH`): what the
/// per-scenario matrix needs, fast.
fn quick_options(dir: &Path) -> CollectOptions {
    let bin = dir.join("empty-bin");
    std::fs::create_dir_all(&bin).unwrap();
    CollectOptions {
        level: Level::Quick,
        path_var: Some(bin.into_os_string()),
        ..options(dir)
    }
}

fn sim_control(ctx: &Ctx, args: &[&str]) {
    let out = Command::new(crate::util::vendor("MegaCli64"))
        .env("RAIDCTL_SIM_STATE", ctx.sim_dir.as_ref().unwrap())
        .arg("control")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn options(dir: &Path) -> CollectOptions {
    CollectOptions {
        output: Some(dir.join("bundle.tar.gz")),
        level: Level::Standard,
        budget: Duration::from_secs(60),
        per_command_timeout: Duration::from_secs(20),
        progress: false,
        command_line: vec!["raidctl".into(), "collect".into()],
        min_free: Some(0),
        ..CollectOptions::default()
    }
}

/// Extracts with the real `tar` and returns the top-level directory.
fn extract(archive: &Path, into: &Path) -> PathBuf {
    std::fs::create_dir_all(into).unwrap();
    let list = Command::new("tar")
        .arg("-tzf")
        .arg(archive)
        .output()
        .unwrap();
    assert!(list.status.success());
    let names = String::from_utf8(list.stdout).unwrap();
    let tops: std::collections::BTreeSet<&str> = names
        .lines()
        .map(|l| l.split('/').next().unwrap())
        .collect();
    assert_eq!(tops.len(), 1, "one top-level directory: {tops:?}");
    let st = Command::new("tar")
        .arg("-xzf")
        .arg(archive)
        .arg("-C")
        .arg(into)
        .status()
        .unwrap();
    assert!(st.success());
    into.join(tops.first().unwrap())
}

fn manifest(top: &Path) -> Manifest {
    serde_json::from_slice(&std::fs::read(top.join("manifest.json")).unwrap()).unwrap()
}

fn item<'a>(m: &'a Manifest, id: &str) -> &'a raidctl::bundle::manifest::Item {
    m.items
        .iter()
        .find(|i| i.id == id)
        .unwrap_or_else(|| panic!("no item {id}"))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

#[test]
fn full_bundle_lists_every_file_with_its_hash() {
    let (dir, ctx) = setup("degraded");
    std::fs::create_dir_all(ctx.state_dir.join("journals")).unwrap();
    std::fs::write(
        ctx.state_dir.join("journals/replace-1.json"),
        "{\"step\": 1}",
    )
    .unwrap();
    let r = collect(&options(dir.path()), &ctx).unwrap();
    assert_eq!(mode(&r.archive), 0o600);
    // The sidecar verifies with the real sha256sum.
    let st = Command::new("sha256sum")
        .arg("-c")
        .arg(r.checksum_file.file_name().unwrap())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stdout)
    );
    assert!(r.mapping_file.is_none());

    let top = extract(&r.archive, &dir.path().join("x"));
    let m = manifest(&top);
    let mut listed = std::collections::BTreeMap::new();
    for i in &m.items {
        for o in &i.outputs {
            listed.insert(o.path.clone(), (o.sha256.clone(), o.bytes));
        }
    }
    let mut on_disk = Vec::new();
    files(&top, &mut on_disk);
    for f in &on_disk {
        let rel = f.strip_prefix(&top).unwrap().to_str().unwrap().to_owned();
        if rel == "manifest.json" {
            continue;
        }
        let (sha, bytes) = listed
            .remove(&rel)
            .unwrap_or_else(|| panic!("{rel} is not in the manifest"));
        let data = std::fs::read(f).unwrap();
        let got: String = sha2::Sha256::digest(&data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(got, sha, "{rel}");
        assert_eq!(data.len() as u64, bytes, "{rel}");
    }
    assert!(listed.is_empty(), "listed but absent: {listed:?}");
    assert!(!on_disk.iter().any(|p| {
        let s = p.to_string_lossy();
        s.contains(".scratch") || s.ends_with("MegaSAS.log") || s.ends_with("CmdTool.log")
    }));

    // Ring buffers first, every vendor call with -NoLog, events written to a file.
    let pos = |id: &str| m.items.iter().position(|i| i.id == id).unwrap();
    assert!(pos("megacli/a0/events") < pos("megacli/all/adpallinfo"));
    assert!(pos("megacli/a0/fwtermlog") < pos("megacli/all/adpallinfo"));
    for i in m
        .items
        .iter()
        .filter(|i| i.id.starts_with("megacli/") && i.skipped_reason.is_none())
    {
        assert_eq!(
            i.argv.last().map(String::as_str),
            Some("-NoLog"),
            "{}",
            i.id
        );
    }
    let ev = item(&m, "megacli/a0/events");
    assert!(
        ev.outputs
            .iter()
            .any(|o| o.path == "megacli/a0/events.log" && o.bytes > 0)
    );
    assert_eq!(item(&m, "megacli/all/pdlist").exit_code, Some(0));
    assert_eq!(
        item(&m, "megacli/all/adpcount")
            .tool_status
            .as_ref()
            .unwrap()
            .raw,
        "0x01"
    );
    assert!(item(&m, "raidctl/snapshot").error.is_none());
    assert_eq!(
        item(&m, "raidctl/journals").outputs[0].path,
        "raidctl/journals/replace-1.json"
    );
    let health = std::fs::read_to_string(top.join("raidctl/health.json")).unwrap();
    assert!(health.contains("ld-degraded"), "{health}");
    let summary = std::fs::read_to_string(top.join("SUMMARY.md")).unwrap();
    if std::env::var_os("RAIDCTL_BUNDLE_DEBUG").is_some() {
        println!(
            "{summary}\n{}",
            std::fs::read_to_string(top.join("manifest.json")).unwrap()
        );
    }
    assert!(summary.contains("Logical drives not optimal"), "{summary}");
    assert!(summary.contains("VD 1: degraded"), "{summary}");
    assert_eq!(m.raidctl_version, env!("CARGO_PKG_VERSION"));
    assert!(m.host.simulated);
    // No staging directory is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(".raidctl-bundle")
        })
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn hanging_vendor_command_is_recorded_and_the_bundle_completes() {
    let (dir, ctx) = setup("degraded");
    sim_control(
        &ctx,
        &["fault", "add", "--command", "pdlist", "--kind", "hang"],
    );
    let mut o = options(dir.path());
    o.level = Level::Quick;
    o.per_command_timeout = Duration::from_secs(1);
    // The hang lasts an hour; the budget and the bound only need to be far below it (a busy
    // 2-core machine takes seconds for the other calls).
    o.budget = Duration::from_secs(300);
    let t = Instant::now();
    let r = collect(&o, &ctx).unwrap();
    assert!(t.elapsed() < Duration::from_secs(120), "{:?}", t.elapsed());
    let top = extract(&r.archive, &dir.path().join("x"));
    let m = manifest(&top);
    let pd = item(&m, "megacli/all/pdlist");
    assert!(pd.timed_out, "{pd:?}");
    assert!(pd.error.as_deref().unwrap().contains("timed out"));
    assert!(pd.duration_ms < 5000);
    assert!(r.failed.contains(&"megacli/all/pdlist".to_owned()));
    // The snapshot needs PDList, so it is missing, with the reason.
    assert!(
        item(&m, "raidctl/snapshot")
            .error
            .as_deref()
            .unwrap()
            .contains("timed out")
    );
    // The other commands still ran.
    assert_eq!(item(&m, "megacli/a0/showsummary").exit_code, Some(0));
    assert!(
        load_bundle(&r.archive)
            .unwrap_err()
            .to_string()
            .contains("timed out")
    );
}

#[test]
fn crashing_vendor_command_keeps_partial_output() {
    let (dir, ctx) = setup("degraded");
    sim_control(
        &ctx,
        &["fault", "add", "--command", "adpallinfo", "--kind", "crash"],
    );
    let mut o = options(dir.path());
    o.level = Level::Quick;
    let r = collect(&o, &ctx).unwrap();
    let top = extract(&r.archive, &dir.path().join("x"));
    let m = manifest(&top);
    let a = item(&m, "megacli/all/adpallinfo");
    assert!(a.signal.is_some(), "{a:?}");
    assert!(a.error.as_deref().unwrap().contains("signal"));
    assert!(a.outputs[0].bytes > 0, "partial output kept");
    assert!(item(&m, "raidctl/snapshot").error.is_some());
    assert_eq!(item(&m, "megacli/all/pdlist").exit_code, Some(0));
}

#[test]
fn missing_smartctl_and_lspci_are_skipped_with_a_reason() {
    let (dir, ctx) = setup("degraded");
    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink("/bin/uname", bin.join("uname")).unwrap();
    let mut o = options(dir.path());
    o.path_var = Some(bin.into_os_string());
    let r = collect(&o, &ctx).unwrap();
    let m = r.manifest;
    let smart: Vec<_> = m
        .items
        .iter()
        .filter(|i| i.id.starts_with("smart/"))
        .collect();
    assert!(!smart.is_empty());
    for i in smart {
        assert_eq!(
            i.skipped_reason.as_deref(),
            Some("smartctl not found on PATH")
        );
    }
    assert_eq!(
        item(&m, "host/lspci").skipped_reason.as_deref(),
        Some("lspci not found on PATH")
    );
    assert_eq!(item(&m, "host/uname").exit_code, Some(0));
    assert_eq!(m.host.tools.get("lspci"), Some(&None));
    assert!(!r.failed.iter().any(|f| f == "host/lspci"));
    // Replayed, a host without smartctl read no SMART, as live `status` there says once: no
    // drive carries a failed read (no `smart-read-failed` per drive), the bundle says why.
    let (snap, info) = load_bundle(&r.archive).unwrap();
    assert!(snap.physical_drives.iter().all(|pd| pd.smart.is_none()));
    assert!(
        !raidctl::health::evaluate(&snap, &info.baseline)
            .iter()
            .any(|p| p.rule == raidctl::health::rule::SMART_READ_FAILED)
    );
    assert!(
        info.notes
            .iter()
            .any(|n| n.contains("smartctl was not installed")),
        "{:?}",
        info.notes
    );
}

#[test]
fn redaction_is_consistent_across_files() {
    let (dir, ctx) = setup("degraded");
    let live = ctx.snapshot(Duration::ZERO).unwrap();
    let serial = live
        .physical_drives
        .iter()
        .find_map(|d| d.serial.clone())
        .expect("the simulator reports serials");
    let mut o = options(dir.path());
    o.level = Level::Quick;
    o.redact = vec![Class::Serials, Class::Hostnames, Class::Ips, Class::Macs];
    let r = collect(&o, &ctx).unwrap();
    let map_file = r.mapping_file.clone().unwrap();
    assert_eq!(mode(&map_file), 0o600);
    let map: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>> =
        serde_json::from_slice(&std::fs::read(&map_file).unwrap()).unwrap();
    let token = map["serials"][&serial.to_ascii_lowercase()].clone();
    let top = extract(&r.archive, &dir.path().join("x"));
    let mut all = Vec::new();
    files(&top, &mut all);
    for f in &all {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).to_lowercase();
        assert!(
            !text.contains(&serial.to_lowercase()),
            "{} leaks {serial}",
            f.display()
        );
        assert!(!f.to_string_lossy().contains("redaction-map"));
    }
    let pdlist = std::fs::read_to_string(top.join("megacli/all/pdlist.txt")).unwrap();
    let snap = std::fs::read_to_string(top.join("raidctl/snapshot.json")).unwrap();
    assert!(pdlist.contains(&token), "{token} not in pdlist");
    assert!(snap.contains(&token), "{token} not in snapshot.json");
    let m = manifest(&top);
    assert!(m.redactions["serials"] > 0);
    assert!(m.host.hostname.starts_with("host-"), "{}", m.host.hostname);
    assert!(
        r.archive
            .file_name()
            .unwrap()
            .to_string_lossy()
            .contains("bundle")
    );
    assert!(item(&m, "megacli/all/pdlist").redactions["serials"] > 0);
    // Hashes are of the redacted files.
    let st = Command::new("sha256sum")
        .arg("-c")
        .arg(r.checksum_file.file_name().unwrap())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(st.status.success());
}

#[test]
fn outputs_are_tail_truncated_at_the_item_limit() {
    let (dir, ctx) = setup("degraded");
    let mut o = options(dir.path());
    o.level = Level::Quick;
    o.item_limit = 2048;
    let r = collect(&o, &ctx).unwrap();
    let top = extract(&r.archive, &dir.path().join("x"));
    let m = manifest(&top);
    let out = &item(&m, "megacli/all/pdlist").outputs[0];
    assert!(out.truncated);
    assert_eq!(out.bytes, 2048);
    assert!(out.original_bytes > 2048);
    let text = std::fs::read_to_string(top.join(&out.path)).unwrap();
    assert_eq!(text.len(), 2048);
    assert!(
        text.trim_end().ends_with("Exit Code: 0x00"),
        "the tail is kept"
    );
}

#[test]
fn replay_gives_the_same_health_as_live() {
    let (dir, ctx) = setup("degraded");
    let live = raidctl::backend::gather::gather(ctx.megacli().unwrap(), None).unwrap();
    // A baseline from before the media errors, so the "grew since" rule takes part.
    let mut baseline = raidctl::health::Baseline::default();
    baseline.reset_from(&live);
    for d in baseline.drives.values_mut() {
        d.media_errors = Some(0);
    }
    baseline.save(&ctx.state_dir).unwrap();
    let baseline = raidctl::health::Baseline::load(&ctx.state_dir).unwrap();
    let live_problems = raidctl::health::evaluate(&live, &baseline);
    assert!(!live_problems.is_empty());
    let mut o = options(dir.path());
    o.level = Level::Quick;
    let r = collect(&o, &ctx).unwrap();
    let (snap, info) = load_bundle(&r.archive).unwrap();
    assert!(info.integrity.ok, "{:?}", info.integrity.errors);
    assert_eq!(snap.physical_drives, live.physical_drives);
    assert_eq!(snap.logical_drives, live.logical_drives);
    assert_eq!(
        raidctl::health::evaluate(&snap, &info.baseline),
        live_problems
    );
    assert!(snap.source.starts_with("bundle:"));
}

#[test]
fn total_cap_skips_what_does_not_fit_but_keeps_the_summary() {
    let (dir, ctx) = setup("degraded");
    let mut o = options(dir.path());
    o.total_limit = 20_000;
    let r = collect(&o, &ctx).unwrap();
    let m = &r.manifest;
    let capped: Vec<_> = m
        .items
        .iter()
        .filter(|i| i.skipped_reason.as_deref() == Some("total size limit reached"))
        .collect();
    assert!(!capped.is_empty());
    let stored: u64 = m
        .items
        .iter()
        .filter(|i| i.id != "summary")
        .flat_map(|i| &i.outputs)
        .map(|o| o.bytes)
        .sum();
    assert!(stored <= 20_000, "{stored}");
    // Ring buffers come first, so they made it in.
    assert!(
        item(m, "megacli/a0/events")
            .outputs
            .iter()
            .all(|o| !o.truncated)
    );
    assert!(item(m, "summary").outputs[0].bytes > 0);
}

#[test]
fn every_backend_and_scenario_replays_to_the_live_problems() {
    let scenarios = raidctl::sim::scenarios::NAMES;
    // One thread per backend: the 32 collections stay within a few seconds.
    std::thread::scope(|s| {
        for &(backend, name) in BACKENDS {
            s.spawn(move || {
                for scenario in scenarios {
                    let (dir, ctx) = setup_on(scenario, backend);
                    let live = ctx.ops().unwrap().snapshot().unwrap();
                    let base = raidctl::health::Baseline::default();
                    let live_problems = raidctl::health::evaluate(&live, &base);
                    let r = collect(&quick_options(dir.path()), &ctx).unwrap();
                    let what = format!("{name}/{scenario}");
                    assert_eq!(r.manifest.backend, name, "{what}");
                    assert!(
                        r.manifest
                            .items
                            .iter()
                            .any(|i| i.id.starts_with(&format!("{name}/"))),
                        "{what}"
                    );
                    let (snap, info) =
                        load_bundle(&r.archive).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert!(info.integrity.ok, "{what}: {:?}", info.integrity.errors);
                    assert_eq!(info.backend, name, "{what}");
                    if name == "omreport" {
                        // The drives of each VD, asked for by the replayed snapshot, are
                        // items of their controller.
                        for ld in &live.logical_drives {
                            let id =
                                format!("omreport/c{}/vdisk{}-pdisks", ld.adapter, ld.target_id);
                            assert_eq!(item(&r.manifest, &id).adapter, Some(ld.adapter), "{what}");
                        }
                    }
                    let fw = format!("adapter {} firmware", live.adapters[0].adapter);
                    assert!(
                        info.tool_versions.contains_key(&fw),
                        "{what}: {:?}",
                        info.tool_versions
                    );
                    assert!(
                        info.tool_versions.len() > 2,
                        "{what}: {:?}",
                        info.tool_versions
                    );
                    assert_eq!(snap.adapters, live.adapters, "{what}");
                    assert_eq!(snap.physical_drives, live.physical_drives, "{what}");
                    assert_eq!(snap.logical_drives, live.logical_drives, "{what}");
                    assert_eq!(snap.bbus, live.bbus, "{what}");
                    assert_eq!(
                        raidctl::health::evaluate(&snap, &info.baseline),
                        live_problems,
                        "{what}"
                    );
                }
            });
        }
    });
}

#[test]
fn sizes_hashes_modes_redaction_and_caps_hold_on_every_backend() {
    for &(backend, name) in BACKENDS {
        let (dir, ctx) = setup_on("degraded", backend);
        let live = ctx.ops().unwrap().snapshot().unwrap();
        let serial = live
            .physical_drives
            .iter()
            .find_map(|d| d.serial.clone())
            .expect("the simulator reports serials");
        let mut o = quick_options(dir.path());
        o.redact = vec![Class::Serials, Class::Hostnames];
        let r = collect(&o, &ctx).unwrap();
        assert_eq!(mode(&r.archive), 0o600, "{name}");
        assert_eq!(mode(r.mapping_file.as_ref().unwrap()), 0o600, "{name}");
        let st = Command::new("sha256sum")
            .arg("-c")
            .arg(r.checksum_file.file_name().unwrap())
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(st.status.success(), "{name}");
        let top = extract(&r.archive, &dir.path().join("x"));
        let m = manifest(&top);
        assert_eq!(m.backend, name);
        // The tool's own version comes from the preamble, before any cap can bite.
        assert!(!m.tool_versions.is_empty(), "{name}");
        for i in &m.items {
            for out in &i.outputs {
                let data = std::fs::read(top.join(&out.path)).unwrap();
                let got: String = sha2::Sha256::digest(&data)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                assert_eq!(got, out.sha256, "{name}: {}", out.path);
                assert_eq!(data.len() as u64, out.bytes, "{name}: {}", out.path);
                let text = String::from_utf8_lossy(&data).to_lowercase();
                assert!(
                    !text.contains(&serial.to_lowercase()),
                    "{name}: {} leaks {serial}",
                    out.path
                );
            }
        }
        assert!(m.redactions["serials"] > 0, "{name}");
        let summary = std::fs::read_to_string(top.join("SUMMARY.md")).unwrap();
        assert!(
            summary.contains(&format!("controller tool: {name}")),
            "{name}"
        );
        assert!(summary.contains("## Logical drives not optimal"), "{name}");
        assert!(summary.contains("VD 1: degraded"), "{name}: {summary}");
        assert!(summary.contains("state failed"), "{name}: {summary}");
        // Sizes as everywhere else: binary, named GiB.
        assert!(summary.contains(" GiB): state failed"), "{name}: {summary}");

        // The per-item cap keeps the tail and says so.
        let mut o = quick_options(dir.path());
        o.output = Some(dir.path().join("small.tar.gz"));
        o.item_limit = 4096;
        let r = collect(&o, &ctx).unwrap();
        let mut truncated = 0;
        for out in r
            .manifest
            .items
            .iter()
            .filter(|i| i.id != "summary")
            .flat_map(|i| &i.outputs)
        {
            assert!(out.bytes <= 4096, "{name}: {} {}", out.path, out.bytes);
            if out.truncated {
                truncated += 1;
                assert!(out.original_bytes > 4096, "{name}: {}", out.path);
            }
        }
        assert!(truncated > 0, "{name}: something exceeds 4 KiB");

        // The total cap: what does not fit is skipped, the summary stays.
        let mut o = quick_options(dir.path());
        o.output = Some(dir.path().join("capped.tar.gz"));
        o.total_limit = 6000;
        let r = collect(&o, &ctx).unwrap();
        let stored: u64 = r
            .manifest
            .items
            .iter()
            .filter(|i| i.id != "summary")
            .flat_map(|i| &i.outputs)
            .map(|o| o.bytes)
            .sum();
        assert!(stored <= 6000, "{name}: {stored}");
        assert!(
            r.manifest
                .items
                .iter()
                .any(|i| i.skipped_reason.as_deref() == Some("total size limit reached")),
            "{name}"
        );
        assert!(item(&r.manifest, "summary").outputs[0].bytes > 0, "{name}");
    }
}

#[test]
fn deep_catalogue_runs_and_the_simulator_answers_every_command() {
    for &(backend, name) in BACKENDS {
        let (dir, ctx) = setup_on("foreign", backend);
        let mut o = quick_options(dir.path());
        o.level = Level::Deep;
        let r = collect(&o, &ctx).unwrap();
        let vendor: Vec<_> = r
            .manifest
            .items
            .iter()
            .filter(|i| i.id.starts_with(&format!("{name}/")))
            .collect();
        assert!(vendor.len() > 15, "{name}: {}", vendor.len());
        for i in &vendor {
            assert!(!i.failed(), "{name}: {i:?}");
            // The simulator knows every command of the catalogue.
            let raw = i.tool_status.as_ref().map_or("", |t| t.meaning.as_str());
            assert!(
                !raw.contains("syntax error") && !raw.contains("Invalid command"),
                "{name}: {} {raw}",
                i.id
            );
        }
        // Files the tools write (event logs, logfile=) are kept beside their command.
        let kept: Vec<&str> = vendor
            .iter()
            .flat_map(|i| &i.outputs)
            .filter(|o| o.stream == "file")
            .map(|o| o.path.as_str())
            .collect();
        if name != "omreport" {
            assert!(!kept.is_empty(), "{name}");
        }
        // What the tools print for the logs and counters support asks for.
        let top = extract(&r.archive, &dir.path().join("x"));
        let read = |rel: &str| std::fs::read_to_string(top.join(name).join(rel)).unwrap();
        match name {
            "megacli" => assert!(read("a0/fwtermlog.txt").contains("Exit Code")),
            "omreport" => {
                assert!(read("all/alertlog.txt").contains("Severity"));
                assert!(read("all/chassis.txt").contains("SEVERITY : COMPONENT"));
                assert!(read("all/about.txt").contains("Version"));
            }
            _ => {
                assert!(read("c0/phyerrorcounters.txt").contains("Invalid DWord Count"));
                assert!(read("c0/alilog.txt").contains("AliLog"));
                assert!(read("c0/events.log").contains("Event Description"));
                assert!(read("c0/show-all-logfile.log").contains("Basics"));
            }
        }
    }
}

#[test]
fn a_hang_or_crash_on_other_backends_is_recorded_and_the_bundle_completes() {
    // storcli: the sixth `show` call (`/call show all J`, a snapshot input) hangs.
    let (dir, ctx) = setup_on("degraded", BackendChoice::Storcli);
    sim_control(
        &ctx,
        &[
            "fault",
            "add",
            "--command",
            "storcli:show",
            "--kind",
            "hang",
            "--on-call",
            "6",
        ],
    );
    let mut o = quick_options(dir.path());
    o.per_command_timeout = Duration::from_secs(1);
    let t = Instant::now();
    let r = collect(&o, &ctx).unwrap();
    // A hung call is cut at 1 s; the bound is generous for a busy machine.
    assert!(t.elapsed() < Duration::from_secs(120), "{:?}", t.elapsed());
    let all = item(&r.manifest, "storcli/all/show-all");
    assert!(all.timed_out, "{all:?}");
    assert_eq!(item(&r.manifest, "storcli/all/vall").exit_code, Some(0));
    assert!(
        item(&r.manifest, "raidctl/snapshot")
            .error
            .as_deref()
            .unwrap()
            .contains("timed out")
    );
    assert!(
        load_bundle(&r.archive)
            .unwrap_err()
            .to_string()
            .contains("timed out")
    );

    // OpenManage: the drive list crashes half-way; what it printed is kept.
    let (dir, ctx) = setup_on("degraded", BackendChoice::Omreport);
    sim_control(
        &ctx,
        &[
            "fault",
            "add",
            "--command",
            "omreport:pdisk",
            "--kind",
            "crash",
        ],
    );
    let r = collect(&quick_options(dir.path()), &ctx).unwrap();
    let pd = item(&r.manifest, "omreport/c0/pdisks");
    assert!(pd.signal.is_some(), "{pd:?}");
    assert!(pd.outputs[0].bytes > 0, "partial output kept");
    assert!(item(&r.manifest, "raidctl/snapshot").error.is_some());
    assert_eq!(item(&r.manifest, "omreport/all/vdisks").exit_code, Some(0));
}

#[test]
fn status_from_a_storcli_bundle_matches_live_status() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("sim");
    let raidctl = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_raidctl"))
            .env("PATH", dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let s = state.to_str().unwrap();
    let bundle = dir.path().join("b.tar.gz");
    let out = raidctl(&[
        "--sim-state",
        s,
        "--sim",
        "rebuilding",
        "--backend",
        "perccli",
        "--quiet",
        "collect",
        "--level",
        "quick",
        "-o",
        bundle.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let problems = |out: std::process::Output| {
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["problems"].clone()
    };
    let live = problems(raidctl(&[
        "--sim-state",
        s,
        "--backend",
        "perccli",
        "status",
        "--format",
        "json",
    ]));
    let replayed = problems(raidctl(&[
        "status",
        "--from-bundle",
        bundle.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert!(live.as_array().is_some_and(|p| !p.is_empty()), "{live}");
    assert_eq!(live, replayed);
}
