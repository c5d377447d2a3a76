//! Support bundles as untrusted input: one that is not what its manifest says, an unreadable
//! one, and a bomb, each refused with a clear error and the exit code for it (the other
//! hostile inputs and environments are in [`crate::hostile`]).

use crate::hostile::{exe, run_for};
use crate::util::{raidctl_clean as raidctl, skip};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

// ---------------------------------------------------------------------------------------
// Bundles as untrusted input (item 4; "Why" 4 and 5)

/// The entries of a bundle, in order (regular files only, names as stored).
pub(crate) fn entries(bundle: &Path) -> Vec<(String, Vec<u8>)> {
    let f = std::fs::File::open(bundle).unwrap();
    let mut ar = tar::Archive::new(flate2::read::GzDecoder::new(f));
    let mut v = Vec::new();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        if !e.header().entry_type().is_file() {
            continue;
        }
        let name = e.path().unwrap().to_string_lossy().into_owned();
        let mut data = Vec::new();
        e.read_to_end(&mut data).unwrap();
        v.push((name, data));
    }
    v
}

/// A tar (GNU headers) of `files`, uncompressed, with or without its end marker.
fn tar_of(files: &[(String, Vec<u8>)], end: bool) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (name, data) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o600);
        h.set_entry_type(tar::EntryType::Regular);
        b.append_data(&mut h, name, data.as_slice()).unwrap();
    }
    let mut bytes = b.into_inner().unwrap();
    if !end {
        // `into_inner` wrote two zero blocks: the end marker.
        bytes.truncate(bytes.len() - 1024);
    }
    bytes
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// A bundle collected from a simulated controller in `scenario` (`backend`).
fn collected(dir: &Path, scenario: &str, backend: &str, name: &str) -> PathBuf {
    let sim = dir.join(format!("sim-{name}"));
    let bundle = dir.join(name);
    raidctl()
        .args([
            "--quiet",
            "--sim",
            scenario,
            "--backend",
            backend,
            "--sim-state",
        ])
        .arg(&sim)
        .args(["collect", "--level", "quick", "-o"])
        .arg(&bundle)
        .assert()
        .success();
    bundle
}

/// `status --from-bundle` (table and JSON) and `check --from-bundle` of `bundle`: the exit
/// statuses, the table's first line, the JSON's integrity.
fn evaluate(bundle: &Path) -> (i32, String, serde_json::Value, i32, String) {
    let table = raidctl()
        .args(["status", "--from-bundle"])
        .arg(bundle)
        .output()
        .unwrap();
    let json = raidctl()
        .args(["status", "--format", "json", "--from-bundle"])
        .arg(bundle)
        .output()
        .unwrap();
    let check = raidctl()
        .args(["check", "--from-bundle"])
        .arg(bundle)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap_or_default();
    assert_eq!(json.status.code(), table.status.code());
    (
        table.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&table.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned(),
        v["integrity"].clone(),
        check.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&check.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned(),
    )
}

/// Defect: a tampered bundle read as healthy (only stderr said "sha256 mismatch"), an
/// unlisted `native/dcmds.json` replaced the recorded outputs, and files listed but absent,
/// duplicate entries, a second manifest, entries outside the top-level directory, a gzip
/// without its trailer and a tar without its end were accepted without a word.
#[test]
fn a_bundle_that_is_not_what_its_manifest_says_fails_integrity_with_exit_4() {
    let dir = tempfile::tempdir().unwrap();
    let good = collected(dir.path(), "healthy", "megacli", "good.tar.gz");
    let (code, first, integrity, check, _) = evaluate(&good);
    assert_eq!((code, check), (0, 0), "{first}");
    assert_eq!(integrity["ok"], true);
    assert_eq!(
        first,
        "Bundle integrity: OK (every file matches the manifest)"
    );
    let files = entries(&good);
    let top = files[0].0.split('/').next().unwrap().to_owned();
    // A degraded controller's payloads, to smuggle in.
    let native = collected(dir.path(), "degraded", "native", "native.tar.gz");
    let dcmds = entries(&native)
        .into_iter()
        .find(|(n, _)| n.ends_with("/native/dcmds.json"))
        .unwrap()
        .1;
    let cases = forged_bundles(&files, &top, &dcmds);
    for (what, bytes, error) in cases {
        let p = dir
            .path()
            .join(format!("{}.tar.gz", what.replace(' ', "-")));
        std::fs::write(&p, bytes).unwrap();
        let (code, first, integrity, check, check_first) = evaluate(&p);
        assert_eq!(code, 4, "{what}: status {first}");
        // A monitoring plugin exits 0-3: integrity failed is CRITICAL.
        assert_eq!(check, 2, "{what}: check {check_first}");
        assert!(
            first.starts_with("BUNDLE INTEGRITY FAILED"),
            "{what}: {first}"
        );
        assert!(first.contains(error), "{what}: {first}");
        assert!(
            check_first.starts_with("RAID CRITICAL - BUNDLE INTEGRITY FAILED"),
            "{what}: {check_first}"
        );
        assert_eq!(integrity["ok"], false, "{what}: {integrity}");
        assert!(
            integrity["errors"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e.as_str().unwrap().contains(error)),
            "{what}: {integrity}"
        );
    }
    // The smuggled payloads were not used: the recorded (healthy) outputs were.
    let p = dir.path().join("unlisted.tar.gz");
    let v: serde_json::Value = serde_json::from_slice(
        &raidctl()
            .args(["status", "--format", "json", "--from-bundle"])
            .arg(&p)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(v["overall"], "ok", "{}", v["problems"]);
}

/// Each way a bundle can differ from its manifest, made from a good bundle's `files`: (what,
/// the bundle's bytes, the error that must name it).
fn forged_bundles(
    files: &[(String, Vec<u8>)],
    top: &str,
    dcmds: &[u8],
) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let pdlist = |n: &str| n.ends_with("/megacli/all/pdlist.txt");
    vec![
        (
            "tampered",
            gzip(&tar_of(
                &files
                    .iter()
                    .map(|(n, d)| {
                        let d = if pdlist(n) {
                            String::from_utf8_lossy(d)
                                .replace("Online, Spun Up", "Online, Spun Up ")
                                .into_bytes()
                        } else {
                            d.clone()
                        };
                        (n.clone(), d)
                    })
                    .collect::<Vec<_>>(),
                true,
            )),
            "sha256 mismatch",
        ),
        (
            "unlisted",
            gzip(&tar_of(
                &[
                    files.to_vec(),
                    vec![(format!("{top}/native/dcmds.json"), dcmds.to_vec())],
                ]
                .concat(),
                true,
            )),
            "native/dcmds.json: not listed in the manifest",
        ),
        (
            "absent",
            gzip(&tar_of(
                &files
                    .iter()
                    .filter(|(n, _)| !n.ends_with("/host/uname.txt") && !pdlist(n))
                    .cloned()
                    .collect::<Vec<_>>(),
                true,
            )),
            "listed in the manifest but absent",
        ),
        (
            "duplicate",
            gzip(&tar_of(
                &[
                    files.to_vec(),
                    files.iter().filter(|(n, _)| pdlist(n)).cloned().collect(),
                ]
                .concat(),
                true,
            )),
            "megacli/all/pdlist.txt: stored twice",
        ),
        (
            "second manifest",
            gzip(&tar_of(
                &[
                    files.to_vec(),
                    vec![(format!("{top}/manifest.json"), b"{}".to_vec())],
                ]
                .concat(),
                true,
            )),
            "a second manifest.json",
        ),
        (
            "outside",
            gzip(&tar_of(
                &[
                    files.to_vec(),
                    vec![("elsewhere/megacli/all/pdlist.txt".to_owned(), b"x".to_vec())],
                ]
                .concat(),
                true,
            )),
            "outside the bundle's top-level directory",
        ),
        ("no tar end", gzip(&tar_of(files, false)), "no end marker"),
        (
            "no gzip trailer",
            {
                let mut g = gzip(&tar_of(files, true));
                g.truncate(g.len() - 8);
                g
            },
            "the gzip stream does not end properly",
        ),
    ]
}

/// Defect: an unreadable `--from-bundle` exited 3 ("controller state unknown") instead of 2.
#[test]
fn an_unreadable_bundle_is_an_error_not_an_unknown_state() {
    let dir = tempfile::tempdir().unwrap();
    let not_gzip = dir.path().join("x.tar.gz");
    std::fs::write(&not_gzip, "not a bundle").unwrap();
    let fifo = dir.path().join("fifo");
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .unwrap();
    for p in [dir.path().join("missing.tar.gz"), not_gzip, fifo] {
        for cmd in ["status", "check"] {
            let (code, _, err) = run_for(
                std::process::Command::new(exe())
                    .args([cmd, "--from-bundle"])
                    .arg(&p),
                Duration::from_secs(30),
            );
            assert_eq!(code, Some(2), "{cmd} {}: {err}", p.display());
            assert!(err.contains(&p.display().to_string()), "{err}");
        }
    }
}

/// A compressed stream of `n` zero bytes in pieces (a gzip bomb's payload).
fn zeros(n: u64, out: &mut impl Write) {
    let chunk = vec![0u8; 1 << 20];
    let mut left = n;
    while left > 0 {
        let k = left.min(chunk.len() as u64);
        out.write_all(&chunk[..k as usize]).unwrap();
        left -= k;
    }
}

fn header(name: &str, size: u64, kind: tar::EntryType) -> Vec<u8> {
    let mut h = tar::Header::new_gnu();
    h.set_size(size);
    h.set_mode(0o600);
    h.set_entry_type(kind);
    h.set_path(name).unwrap_or_else(|_| {
        // Long names go in the raw field (a `././@LongLink` header's own name).
        let gnu = h.as_gnu_mut().unwrap();
        gnu.name[..name.len()].copy_from_slice(name.as_bytes());
    });
    h.set_cksum();
    h.as_bytes().to_vec()
}

/// Runs `raidctl status --from-bundle` under an address-space limit (`prlimit`): a reader
/// without a total budget is killed by the allocator long before it finishes.
fn bounded_status(bundle: &Path, bytes: u64) -> Option<(Option<i32>, String)> {
    if std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_err()
    {
        skip("prlimit (util-linux) is not installed");
        return None;
    }
    let (code, _, err) = run_for(
        std::process::Command::new("prlimit")
            .arg(format!("--as={bytes}"))
            .arg(exe())
            .args(["status", "--from-bundle"])
            .arg(bundle),
        Duration::from_secs(120),
    );
    Some((code, err))
}

/// Defect: a 3 MB bundle took 3.2 GB (every kept entry buffered, 512 MiB each, no total), and
/// one with a 2 GiB long-name header 4.3 GB.
#[test]
fn a_bundle_bomb_stops_at_the_memory_budget_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = dir.path().join("bomb.tar.gz");
    {
        let mut gz = flate2::write::GzEncoder::new(
            std::fs::File::create(&bomb).unwrap(),
            flate2::Compression::fast(),
        );
        gz.write_all(&header("b/manifest.json", 2, tar::EntryType::Regular))
            .unwrap();
        gz.write_all(b"{}").unwrap();
        gz.write_all(&[0u8; 510]).unwrap();
        for i in 0..2 {
            let size = 450u64 << 20;
            gz.write_all(&header(
                &format!("b/megacli/all/f{i}.txt"),
                size,
                tar::EntryType::Regular,
            ))
            .unwrap();
            zeros(size, &mut gz);
        }
        gz.write_all(&[0u8; 1024]).unwrap();
        gz.finish().unwrap();
    }
    assert!(std::fs::metadata(&bomb).unwrap().len() < 8 << 20);
    let Some((code, err)) = bounded_status(&bomb, 768 << 20) else {
        return;
    };
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("MiB of memory"), "{err}");

    let long = dir.path().join("long.tar.gz");
    {
        let mut gz = flate2::write::GzEncoder::new(
            std::fs::File::create(&long).unwrap(),
            flate2::Compression::fast(),
        );
        let size = 1u64 << 30;
        gz.write_all(&header("././@LongLink", size, tar::EntryType::GNULongName))
            .unwrap();
        zeros(size, &mut gz);
        gz.write_all(&header("b/manifest.json", 2, tar::EntryType::Regular))
            .unwrap();
        gz.write_all(b"{}").unwrap();
        gz.write_all(&[0u8; 510 + 1024]).unwrap();
        gz.finish().unwrap();
    }
    let Some((code, err)) = bounded_status(&long, 768 << 20) else {
        return;
    };
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("long-name header"), "{err}");
}
