"""Assertions for scripts/fleet-test.sh (runs in the ansible venv, which has PyYAML).

  fleet_check.py alerts RULES.yml TESTS.yml      every alert has a firing and a not-firing test
  fleet_check.py status DIR LOG                  status.yml's per-host results
  fleet_check.py unchanged LOG                   the play recap says changed=0 for every host
  fleet_check.py qualify FLEET.json HOST DEV LOG the only FAIL drive is DEV on HOST
  fleet_check.py osdprep FLEET.json LOG          osd-prep.yml qualified two new VDs per host
"""

import json
import re
import sys
from pathlib import Path

import yaml


def die(msg):
    print(f"fleet_check: {msg}", file=sys.stderr)
    sys.exit(1)


def recap(log):
    rows = {}
    for line in Path(log).read_text().splitlines():
        m = re.match(r"^(\S+)\s+:\s+ok=(\d+)\s+changed=(\d+)\s+unreachable=(\d+)\s+failed=(\d+)", line)
        if m:
            rows[m.group(1)] = {"ok": int(m.group(2)), "changed": int(m.group(3)), "failed": int(m.group(5))}
    if not rows:
        die(f"{log}: no play recap")
    return rows


def alerts(rules_file, tests_file):
    rules = yaml.safe_load(Path(rules_file).read_text())
    names = [r["alert"] for g in rules["groups"] for r in g["rules"] if "alert" in r]
    tests = yaml.safe_load(Path(tests_file).read_text())
    firing, silent = set(), set()
    for t in tests["tests"]:
        for a in t.get("alert_rule_test", []):
            (firing if a.get("exp_alerts") else silent).add(a["alertname"])
    unknown = (firing | silent) - set(names)
    if unknown:
        die(f"tests for alerts that do not exist: {sorted(unknown)}")
    missing = [f"{n} ({'firing' if n not in firing else 'not firing'})" for n in names if n not in firing or n not in silent]
    if missing:
        die(f"alerts without a test case: {', '.join(missing)}")
    print(f"{len(names)} alerts, each with firing and not-firing tests")


def status(directory, log):
    want = {"node1": "ok", "node2": "critical", "node3": "warning"}
    for host, overall in want.items():
        got = json.loads((Path(directory) / f"{host}.json").read_text())
        if got["overall"] != overall:
            die(f"{host}: overall {got['overall']}, expected {overall}")
    text = Path(log).read_text()
    if not re.search(r"critical: VD 0 \(os\) degraded", text):
        die("status.yml did not fail node2 with its critical problem")
    if "raidctl replace-drive 32:0 -a 0" not in text:
        die("status.yml did not print the next command for node2")
    if "WARNING [32:13]" not in text:
        die("status.yml did not summarise node3's warning")
    r = recap(log)
    if r["node2"]["failed"] != 1 or r["node1"]["failed"] or r["node3"]["failed"]:
        die(f"failed hosts: {r}")


def unchanged(log):
    r = recap(log)
    changed = {h: v["changed"] for h, v in r.items() if v["changed"]}
    if changed:
        die(f"a re-run changed something: {changed}")


def qualify(fleet_json, host, dev, log):
    fleet = json.loads(Path(fleet_json).read_text())
    drives = fleet["drives"]
    hosts = sorted({d["host"] for d in drives})
    if hosts != ["node1", "node2", "node3"] or len(drives) != 6:
        die(f"expected 2 drives from each of node1..3, got {[(d['host'], d['identity']['path']) for d in drives]}")
    for d in drives:
        print(f"  {d['host']} {d['identity']['path']}: {d['verdict']} {' '.join(r['rule'] for r in d['rules'])}")
    failed = [(d["host"], d["identity"]["path"]) for d in drives if d["verdict"] == "FAIL"]
    if failed != [(host, dev)]:
        die(f"FAIL verdicts on {failed}, expected only {host} {dev}")
    slow = next(d for d in drives if d["identity"]["path"] == dev)
    if not any(r["rule"].startswith("PEER-") and r["level"] == "FAIL" for r in slow["rules"]):
        die(f"{dev} failed, but not by peer comparison: {slow['rules']}")
    # compare.yml measured the outlier once more on its host and compared again: its peer
    # FAILs say both measurements flagged it.
    again = Path(fleet_json).with_name(f"{host}.again.json")
    if not again.exists() or slow.get("measure_again"):
        die(f"{dev} was not measured again ({again} missing, or still marked measure_again)")
    for r in slow["rules"]:
        if r["rule"].startswith("PEER-") and r["level"] == "FAIL":
            print(f"    {r['message']}")
            if "confirmed: flagged in 2 of 2 measurements" not in r["message"]:
                die(f"{dev}'s peer FAIL is not confirmed by a second measurement: {r['message']}")
    if not re.search(rf"FAIL: {host}\s+{re.escape(dev)}", Path(log).read_text()):
        die("qualify.yml's failure does not name the slow drive and its host")


def osdprep(fleet_json, log):
    fleet = json.loads(Path(fleet_json).read_text())
    per_host = {}
    for d in fleet["drives"]:
        per_host.setdefault(d["host"], []).append(d["identity"].get("serial"))
    if sorted(per_host) != ["node1", "node2", "node3"] or any(len(v) != 2 for v in per_host.values()):
        die(f"expected two prepared drives per host, got {per_host}")
    text = Path(log).read_text()
    # Two new drives of one model per host have no peers on the host: INCONCLUSIVE, the VD kept
    # and its line commented out; the fleet report compares them across the hosts.
    lines = re.findall(r'"(ceph-volume lvm create --data [^"]*|ceph orch daemon add osd [^"]*|# not for an OSD[^"]*|# INCONCLUSIVE, VD kept[^"]*)"', text)
    if len(lines) < 6:
        die(f"osd-prep.yml printed {len(lines)} OSD-creation lines for 6 drives")


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    {"alerts": alerts, "status": status, "unchanged": unchanged, "qualify": qualify, "osdprep": osdprep}[cmd](*args)


if __name__ == "__main__":
    main()
