//! The native backend against the real megaraid_sas driver: `scripts/qemu-e2e.sh` boots a
//! Debian kernel under QEMU's megasas-gen2 emulation (three topologies) and records what
//! raidctl printed in the guest; this test asserts on it. It skips with the reason when QEMU,
//! busybox or the kernel cannot be had, unless `RAIDCTL_E2E_REQUIRED=1` (CI), where a skip is
//! a failure.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One guest command: its output lines and exit status.
#[derive(Debug, Default)]
struct Block {
    stdout: String,
    stderr: String,
    rc: Option<i32>,
}

fn blocks(log: &str) -> BTreeMap<String, Block> {
    let mut out = BTreeMap::new();
    let mut cur: Option<(String, Block)> = None;
    for raw in log.lines() {
        let line = raw.trim_end_matches('\r');
        if let Some(name) = line.strip_prefix("RAIDCTL-BEGIN ") {
            cur = Some((name.trim().to_owned(), Block::default()));
        } else if let Some(rest) = line.strip_prefix("RAIDCTL-END ") {
            if let Some((name, mut b)) = cur.take() {
                b.rc = rest
                    .split_once("rc=")
                    .and_then(|(_, n)| n.trim().parse().ok());
                out.insert(name, b);
            }
        } else if let Some((_, b)) = cur.as_mut() {
            if let Some(e) = line.strip_prefix("STDERR: ") {
                b.stderr.push_str(e);
                b.stderr.push('\n');
            } else {
                b.stdout.push_str(line);
                b.stdout.push('\n');
            }
        }
    }
    out
}

fn json(b: &Block, what: &str) -> Value {
    // Kernel messages can interleave with the serial output; the JSON document is the part
    // from the first line that is `{` to the last that is `}`.
    let lines: Vec<&str> = b.stdout.lines().collect();
    let start = lines.iter().position(|l| *l == "{");
    let end = lines.iter().rposition(|l| *l == "}");
    let (Some(s), Some(e)) = (start, end) else {
        panic!("{what}: no JSON in {:?} (stderr {:?})", b.stdout, b.stderr);
    };
    serde_json::from_str(&lines[s..=e].join("\n"))
        .unwrap_or_else(|err| panic!("{what}: {err}: {}", b.stdout))
}

fn run_script() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("qemu-e2e");
    let t0 = std::time::Instant::now();
    let out = std::process::Command::new("bash")
        .arg(root.join("scripts/qemu-e2e.sh"))
        .env("RAIDCTL_E2E_DIR", &dir)
        // The guest runs this suite's own raidctl (no other build of it).
        .env("RAIDCTL_E2E_BIN", env!("CARGO_BIN_EXE_raidctl"))
        .output()
        .expect("run scripts/qemu-e2e.sh");
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stderr}");
    eprintln!("qemu-e2e took {:.1} s", t0.elapsed().as_secs_f64());
    match out.status.code() {
        Some(0) => Some(dir.join("out")),
        Some(77) => {
            let required = std::env::var("RAIDCTL_E2E_REQUIRED").is_ok_and(|v| v == "1");
            assert!(
                !required,
                "QEMU end-to-end test skipped but required: {stderr}"
            );
            crate::util::skip(&format!("the QEMU end-to-end test: {}", stderr.trim()));
            None
        }
        other => panic!("scripts/qemu-e2e.sh failed ({other:?}): {stderr}"),
    }
}

fn read_log(dir: &std::path::Path, topo: &str) -> BTreeMap<String, Block> {
    let text = std::fs::read_to_string(dir.join(format!("{topo}.log")))
        .unwrap_or_else(|e| panic!("{topo}.log: {e}"));
    blocks(&text)
}

fn count(v: &Value, key: &str) -> usize {
    v["snapshot"][key].as_array().map_or(0, Vec::len)
}

#[test]
fn native_backend_reads_the_megaraid_sas_driver_in_a_qemu_guest() {
    let Some(dir) = run_script() else {
        return;
    };

    // One adapter, three disks: one RAID0 LD each, as QEMU synthesises them.
    let single = read_log(&dir, "single");
    let status = &single["status"];
    let v = json(status, "single status");
    let a = &v["snapshot"]["adapters"][0];
    assert_eq!(a["product_name"], "LSI MegaRAID SAS 9260-8i", "{a}");
    assert_eq!(a["serial"], "QEMU123456");
    assert_eq!(a["fw_version"], "1.80-QEMU");
    assert_eq!(a["bbu_present"], false, "QEMU has no BBU bit in hw_present");
    assert_eq!(count(&v, "physical_drives"), 3);
    assert_eq!(count(&v, "logical_drives"), 3);
    let mut sizes: Vec<u64> = v["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["size_bytes"].as_u64().unwrap())
        .collect();
    sizes.sort_unstable();
    assert_eq!(sizes, vec![64 << 20, 96 << 20, 128 << 20]);
    for l in v["snapshot"]["logical_drives"].as_array().unwrap() {
        assert_eq!(l["state"], "optimal", "{l}");
        assert_eq!(l["raid_level"], "raid0", "{l}");
    }
    // QEMU's PD_GET_INFO answers for target 0 whatever the id: raidctl notices instead of
    // reporting target 0's data three times.
    let warnings = v["snapshot"]["warnings"].to_string();
    assert!(warnings.contains("answered for device"), "{warnings}");
    // Its foreign scan is a stub that writes nothing: reported, not taken as "none".
    assert!(warnings.contains("no data"), "{warnings}");
    assert_eq!(status.rc, Some(1), "QEMU's PD info says Offline: a warning");
    assert!(status.stderr.is_empty() || !status.stderr.contains("panicked"));

    let check = &single["check"];
    assert!(matches!(check.rc, Some(0..=2)), "check: {check:?}");
    assert!(check.stdout.contains("RAID "), "{}", check.stdout);
    assert!(
        single["doctor"].stdout.contains("native MFI: usable"),
        "{:?}",
        single["doctor"]
    );
    assert_eq!(single["collect"].rc, Some(0), "{:?}", single["collect"]);
    let listing = &single["bundle"].stdout;
    for f in [
        "native/dcmds.json",
        "native/snapshot.json",
        "raidctl/health.json",
    ] {
        assert!(listing.contains(f), "{f}: {listing}");
    }
    let replay = json(&single["replay"], "replay");
    assert_eq!(replay["snapshot"]["adapters"][0]["serial"], "QEMU123456");
    assert_eq!(count(&replay, "logical_drives"), 3);
    eprintln!("in-guest timing: {}", single["time"].stdout.trim());

    // The identity join through the real driver's sysfs: every VD has its /dev/sdX, and
    // osd.7 (its directory names the disk carrying its label) sits on one VD and its drive.
    let v = json(&single["osdstatus"], "osd status");
    let lds = v["snapshot"]["logical_drives"].as_array().unwrap();
    for l in lds {
        assert!(
            l["block_device"]
                .as_str()
                .is_some_and(|d| d.starts_with("/dev/sd")),
            "{l}"
        );
    }
    let on: Vec<&Value> = lds.iter().filter(|l| l["osd"][0]["id"] == 7).collect();
    assert_eq!(on.len(), 1, "osd.7 on one VD: {lds:?}");
    assert_eq!(
        on[0]["size_bytes"],
        96u64 << 20,
        "the disk carrying the label"
    );
    let member = &on[0]["members"][0];
    let pd = v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["slot"] == member["slot"] && p["enclosure_id"] == member["enclosure"])
        .unwrap_or_else(|| panic!("{member} not among the drives"));
    assert_eq!(pd["osd"][0]["id"], 7, "{pd}");
    // replace-drive --osd finds that bay through the same join (the dry run then stops: the
    // native backend cannot delete and recreate a VD, and says which backend can).
    let r = &single["osdlocate"];
    let all = format!("{}{}", r.stdout, r.stderr);
    assert!(
        !all.contains("not on a MegaRAID/PERC") && !all.contains("not an OSD of this host"),
        "{all}"
    );
    assert!(
        all.contains(&format!("member of VD {}", on[0]["target_id"])),
        "{all}"
    );

    // Two adapters with their own serials.
    let two = read_log(&dir, "two");
    let v = json(&two["status"], "two status");
    let serials: Vec<&str> = v["snapshot"]["adapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["serial"].as_str().unwrap())
        .collect();
    assert_eq!(serials, vec!["FIRSTHBA1", "SECONDHBA"]);
    let per_adapter = |k: &str, n: u64| {
        v["snapshot"][k]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["adapter"] == n)
            .count()
    };
    assert_eq!(
        (
            per_adapter("physical_drives", 0),
            per_adapter("physical_drives", 1)
        ),
        (2, 1)
    );
    assert_eq!(
        (
            per_adapter("logical_drives", 0),
            per_adapter("logical_drives", 1)
        ),
        (2, 1)
    );

    // A disk unplugged through QMP disappears from the next read.
    let unplug = read_log(&dir, "unplug");
    let before = json(&unplug["status"], "unplug before");
    let after = json(&unplug["after"], "unplug after");
    assert_eq!(count(&before, "physical_drives"), 3);
    assert_eq!(count(&after, "physical_drives"), 2);
    assert_eq!(count(&after, "logical_drives"), 2);
    let slots: Vec<u64> = after["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["slot"].as_u64().unwrap())
        .collect();
    assert!(!slots.contains(&2), "{slots:?}");
}

#[test]
fn guest_blocks_parse() {
    let log =
        "noise\nRAIDCTL-BEGIN status\n{\n\"a\": 1\n}\nSTDERR: oops\nRAIDCTL-END status rc=1\n";
    let b = blocks(log);
    assert_eq!(b["status"].rc, Some(1));
    assert_eq!(json(&b["status"], "t")["a"], 1);
    assert_eq!(b["status"].stderr, "oops\n");
}
