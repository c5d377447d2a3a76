#!/usr/bin/env bash
# Wall time and vendor calls of `raidctl status` on the simulator's `large` scenario (4 adapters,
# 256 drives, 24 VDs) with 300 ms added to every vendor call. Target: at most 6 calls and a wall
# time within 0.5 s of calls x 300 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/raidctl
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
"$bin" --quiet --sim large --sim-state "$state" sim fault add --command '*' --kind latency:300ms >/dev/null
runs=${RUNS:-5}
best=""
for _ in $(seq "$runs"); do
  "$bin" --quiet --sim-state "$state" sim fault list >/dev/null
  start=$(date +%s.%N)
  "$bin" --quiet --sim-state "$state" status --max-age 0 >/dev/null || true
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc -l)
  if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
done
calls=$("$bin" --quiet --sim-state "$state" status --max-age 0 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["snapshot"]["vendor_calls"])' || true)
budget=$(echo "$calls * 0.3 + 0.5" | bc -l)
printf 'status on large (4 adapters, 256 drives, 24 VDs), 300 ms per vendor call\n'
printf 'vendor calls: %s (target <= 6)\n' "$calls"
printf 'wall time:    %.3f s best of %s (target <= %.2f s = calls x 0.3 s + 0.5 s)\n' "$best" "$runs" "$budget"
