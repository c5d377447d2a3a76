#!/usr/bin/env bash
# raidctl against check_raid (-p megacli, Debian's monitoring-plugins-contrib) on the
# simulator's `large` scenario (4 adapters, 256 drives, 24 VDs) with 300 ms added to every
# vendor call, in one run, median of RUNS whole-process runs each:
#   - raidctl cold `status` (`--max-age 0`: event log marks, then the four snapshot reads);
#   - raidctl steady-state `check` (cache older than `--max-age`, nothing logged since: one
#     call, `-AdpEventLog -GetEventLogInfo`);
#   - check_raid -p megacli (its two calls, no BBU, no foreign configurations);
# then the same with a rebuild running and a foreign drive inserted (raidctl's coverage calls).
# Targets: steady check faster than check_raid, cold status no slower than check_raid.
# Installs monitoring-plugins-contrib when missing (root).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
check_raid=/usr/lib/nagios/plugins/check_raid
if [ ! -x "$check_raid" ]; then
  apt-get install -y --no-install-recommends monitoring-plugins-contrib >/dev/null
fi
cargo build --release --quiet
bin=$PWD/target/release/raidctl
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
"$bin" --quiet --sim large --sim-state "$state" sim scenarios >/dev/null
# The simulator's own control, not `raidctl sim` (which forgets raidctl's cache).
simctl() { RAIDCTL_SIM_STATE="$state" "$state/bin/MegaCli64" control "$@" >/dev/null; }
simctl fault add --command '*' --kind latency:300ms
eval "$("$bin" --quiet --sim-state "$state" sim env)"

# Wall seconds of one run of "$@" (output discarded, exit status ignored).
wall() {
  local s e
  s=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
median() { python3 -c 'import statistics,sys; print("%.3f" % statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }
calls_of() { "$bin" --quiet --sim-state "$state" status --format json "$@" | python3 -c 'import json,sys; print(json.load(sys.stdin)["snapshot"]["vendor_calls"])' || true; }

measure() {
  local label=$1 cold=() steady=() peer=()
  for _ in $(seq "$runs"); do
    cold+=("$(wall "$bin" --quiet --sim-state "$state" status --max-age 0)")
    # Past the freshness window (--max-age 1), nothing logged since the last read.
    sleep 1.2
    steady+=("$(wall "$bin" --quiet --sim-state "$state" check --max-age 1)")
    peer+=("$(wall "$check_raid" -p megacli)")
  done
  local c s p
  c=$(median "${cold[@]}")
  s=$(median "${steady[@]}")
  p=$(median "${peer[@]}")
  local cc sc
  cc=$(calls_of --max-age 0)
  sleep 1.2
  sc=$(calls_of --max-age 1)
  printf '%s\n' "$label"
  printf '  raidctl status, cold (--max-age 0):   %s s  (%s vendor calls)\n' "$c" "$cc"
  printf '  raidctl check, steady (past window):  %s s  (%s vendor call)\n' "$s" "$sc"
  printf '  check_raid -p megacli:                %s s  (2 vendor calls)\n' "$p"
  printf '  steady check / check_raid: %.2fx (target < 1); cold status / check_raid: %.2fx (target <= 1)\n' \
    "$(echo "$s / $p" | bc -l)" "$(echo "$c / $p" | bc -l)"
}

printf 'large (4 adapters, 256 drives, 24 VDs), 300 ms per vendor call, median of %s runs; load average %s\n' \
  "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
measure "all optimal:"
# A rebuild (a blank drive in a failed member's bay) and a foreign drive in a spare bay.
simctl pull 8:3 -a 3
simctl insert 8:3 -a 3 --kind blank
simctl pull 9:31 -a 3
simctl insert 9:31 -a 3 --kind foreign
measure "a rebuild running and a foreign drive (raidctl reads rebuild progress and the foreign scan):"
printf 'load average at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
