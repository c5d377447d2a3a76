#!/usr/bin/env bash
# End-to-end `raidctl parse` as a user runs it: `raidctl parse --format json|table FILE >/dev/null`
# on generated MegaCli event logs (12, 25, 50 MB: linearity) and `-PDList`s (6,000, 12,000 and
# 24,000 drives): wall and CPU time (best of $RUNS) and peak RSS from `/usr/bin/time -f %M`.
# Targets: >= 150 MB/s and peak RSS < 2x the input.
#
# raidctl parses large inputs on every CPU it may use; CPUS=1 runs it under `taskset -c 0`
# (one CPU, everything on one thread) for the single-core figures.
#
#   scripts/bench-parse.sh            # RUNS=5, inputs in DIR=target/bench-parse
#   CPUS=1 scripts/bench-parse.sh     # pinned to one CPU
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
DIR=${DIR:-target/bench-parse}
if [ ! -x /usr/bin/time ]; then
  echo "bench-parse: installing time (for /usr/bin/time)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null
fi
if [ -z "${RAIDCTL:-}" ]; then
  cargo build --release --quiet --bin raidctl --example parse-input
  RAIDCTL=${CARGO_TARGET_DIR:-target}/release/raidctl
  GEN=${CARGO_TARGET_DIR:-target}/release/examples/parse-input
else
  GEN=${GEN:-${CARGO_TARGET_DIR:-target}/release/examples/parse-input}
fi
mkdir -p "$DIR"
PIN=()
[ "${CPUS:-}" = 1 ] && PIN=(taskset -c 0)

inputs=()
for mb in 12 25 50; do
  f="$DIR/eventlog-${mb}mb.txt"
  [ -f "$f" ] || "$GEN" eventlog $((mb * 1000000)) >"$f"
  inputs+=("event log|$f")
done
for n in 6000 12000 24000; do
  f="$DIR/pdlist-$n.txt"
  [ -f "$f" ] || "$GEN" pdlist "$n" >"$f"
  inputs+=("-PDList, $n drives|$f")
done

printf "raidctl parse end to end, best of %s; %s of %s CPUs, load average %s\n\n" "$RUNS" \
  "$("${PIN[@]}" nproc)" "$(nproc --all)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf "| input | size | format | wall | CPU | MB/s (wall) | MB/s (CPU) | peak RSS |\n|---|---|---|---|---|---|---|---|\n"
for entry in "${inputs[@]}"; do
  label=${entry%%|*}; f=${entry#*|}
  size=$(stat -c %s "$f")
  for fmt in json table; do
    best=""; cpu=""; rss=0
    for _ in $(seq "$RUNS"); do
      "${PIN[@]}" /usr/bin/time -o "$DIR/time.out" -f "%e %M %U %S" "$RAIDCTL" parse --format "$fmt" "$f" >/dev/null 2>&1
      read -r t m u s <"$DIR/time.out"
      c=$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')
      if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$t; fi
      if [ -z "$cpu" ] || awk -v a="$c" -v b="$cpu" 'BEGIN{exit !(a<b)}'; then cpu=$c; fi
      [ "$m" -gt "$rss" ] && rss=$m
    done
    awk -v l="$label" -v s="$size" -v f="$fmt" -v t="$best" -v c="$cpu" -v m="$rss" 'BEGIN{
      printf "| %s | %.1f MB | %s | %.2f s | %.2f s | %.0f | %.0f | %.0f MB (%.2fx input) |\n",
        l, s/1e6, f, t, c, (t > 0 ? s/1e6/t : 0), (c > 0 ? s/1e6/c : 0), m*1024/1e6, m*1024/s }'
  done
done
echo
echo "wall: the whole command (read, parse, write to /dev/null); CPU: its user + system time, which"
echo "other load on the machine disturbs less than wall time. Best of the runs each; 10 ms resolution."
