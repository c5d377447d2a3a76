#!/usr/bin/env bash
# Qualifies four loop devices, one of them slowed down with cgroup v1 blkio throttling, writes
# the HTML report and takes a PNG screenshot of it with Debian's headless Chromium.
#
#   sudo scripts/render-report.sh                 # target/render-report/{report.html,report.png}
#   PROFILE=quick OUT=/tmp/r sudo scripts/render-report.sh
#
# Settings (environment): PROFILE=smoke, OUT=target/render-report, SIZE=256M (per drive),
# IOPS=300 (read and write IOPS limit of the slow drive), WINDOW=1400,2400 (screenshot size),
# HTML=FILE (skip the run and only take the screenshot of FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-smoke}
OUT=${OUT:-target/render-report}
SIZE=${SIZE:-256M}
IOPS=${IOPS:-300}
WINDOW=${WINDOW:-1400,2400}
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

if ! command -v chromium >/dev/null; then
  echo "render-report: installing chromium" >&2
  [ "$(id -u)" = 0 ] || { echo "render-report: needs root to install chromium" >&2; exit 2; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

if [ -z "${HTML:-}" ]; then
  [ "$(id -u)" = 0 ] || { echo "render-report: needs root (losetup, cgroup)" >&2; exit 2; }
  CG=/sys/fs/cgroup/blkio
  [ -e "$CG/blkio.throttle.read_iops_device" ] || { echo "render-report: no cgroup v1 blkio at $CG" >&2; exit 2; }
  cargo build --release --quiet
  BIN=${CARGO_TARGET_DIR:-target}/release/raidctl
  loops=()
  group="$CG/raidctl-render-$$"
  cleanup() {
    for l in "${loops[@]}"; do losetup -d "$l" 2>/dev/null || true; done
    rmdir "$group" 2>/dev/null || true
    rm -f "$OUT"/d?.img
  }
  trap cleanup EXIT
  for i in 0 1 2 3; do
    rm -f "$OUT/d$i.img"
    truncate -s "$SIZE" "$OUT/d$i.img"
    loops+=("$(losetup -f --show --direct-io=on "$OUT/d$i.img")")
  done
  slow=${loops[3]}
  mm=$(cat "/sys/class/block/$(basename "$slow")/dev")
  mkdir -p "$group"
  echo "$mm $IOPS" > "$group/blkio.throttle.read_iops_device"
  echo "$mm $IOPS" > "$group/blkio.throttle.write_iops_device"
  echo "render-report: ${loops[*]} ($slow limited to $IOPS IOPS)" >&2
  args=()
  for l in "${loops[@]}"; do args+=(--destroy-data "$l"); done
  # The run joins the throttled group; only the slow drive has limits in it.
  set +e
  sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$group" \
    "$BIN" qualify "${loops[@]}" "${args[@]}" --profile "$PROFILE" \
    --json "$OUT/report.json" --html "$OUT/report.html" > "$OUT/report.txt"
  echo "render-report: qualify exited $? (verdict in $OUT/report.txt)" >&2
  set -e
  HTML="$OUT/report.html"
fi

profile=$(mktemp -d)
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars \
  --screenshot="$OUT/report.png" --window-size="$WINDOW" "file://$(realpath "$HTML")" 2>/dev/null
rm -rf "$profile"
echo "$OUT/report.png"
