#!/usr/bin/env bash
# Wall time of `raidctl status` on the simulator's `large` scenario (4 adapters, 256 drives,
# 24 VDs) through the MegaCli front end (one process per vendor call) and through the native
# backend's simulated firmware (DCMDs in process), best of $RUNS, with the number of calls.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/raidctl
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
"$bin" --quiet --sim large --sim-state "$state" sim scenarios >/dev/null
runs=${RUNS:-5}
for backend in megacli native; do
  best=""
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$bin" --quiet --sim-state "$state" --backend "$backend" status --max-age 0 >/dev/null || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  calls=$("$bin" --quiet --sim-state "$state" --backend "$backend" status --max-age 0 --format json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["snapshot"]["vendor_calls"])' || true)
  printf '%-8s calls %4s  wall %.3f s (best of %s)\n' "$backend" "$calls" "$best" "$runs"
done
