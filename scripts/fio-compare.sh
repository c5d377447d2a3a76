#!/usr/bin/env bash
# Runs the same jobs with raidctl's qualification engine and with fio on a loop device with
# direct I/O, alternating runs, and prints throughput/IOPS ratios and CPU time per I/O.
#
#   sudo scripts/fio-compare.sh              # uring engine (if built with it) vs fio io_uring
#   ENGINE=sync sudo scripts/fio-compare.sh  # sync engine (threads) vs fio libaio/psync
#
# Settings (environment): ENGINE=uring|sync, RUNS=3 (per tool and job), SECONDS_PER_RUN=5,
# SIZE=2G (loop device size), DIR=target/fio-compare (where the backing file lives),
# ONLY=regex (run only the jobs whose name matches).
# CPU is measured the same way for both tools: user+system time of the process (bash `time`),
# divided by the I/Os it completed.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=${ENGINE:-uring}
RUNS=${RUNS:-3}
T=${SECONDS_PER_RUN:-5}
SIZE=${SIZE:-2G}
DIR=${DIR:-target/fio-compare}

[ "$(id -u)" = 0 ] || { echo "fio-compare: needs root (losetup)" >&2; exit 2; }
if ! command -v fio >/dev/null; then
  echo "fio-compare: installing fio" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fio >/dev/null
fi
command -v jq >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null; }

features=()
[ "$ENGINE" = uring ] && features=(--features io-uring)
cargo build --release --quiet "${features[@]}" --example qualify-job
JOB=${CARGO_TARGET_DIR:-target}/release/examples/qualify-job

mkdir -p "$DIR"
IMG="$DIR/disk.img"
if [ ! -f "$IMG" ] || [ "$(stat -c %s "$IMG")" != "$(numfmt --from=iec "$SIZE")" ]; then
  echo "fio-compare: writing $SIZE backing file $IMG (allocated, so no run pays for allocation)" >&2
  rm -f "$IMG"
  dd if=/dev/zero of="$IMG" bs=4M count=$(( $(numfmt --from=iec "$SIZE") / 4194304 )) oflag=direct status=none
fi
LOOP=$(losetup -f --show --direct-io=on "$IMG")
trap 'losetup -d "$LOOP"' EXIT

case "$ENGINE" in
  uring) fio_qd_engine=io_uring ;;
  *) fio_qd_engine=libaio ;;
esac

# name  rw  bs  qd  sync  (all 1 job)
JOBS=(
  "seq-write-4m-qd4 write 4194304 4 none"
  "seq-read-4m-qd4 read 4194304 4 none"
  "randread-4k-qd32 randread 4096 32 none"
  "fdatasync-4k-qd1 write 4096 1 fdatasync"
)

cpu_of() { # prints "user+sys" seconds of the command, its stdout to $1
  local out=$1; shift
  local TIMEFORMAT='%U %S'
  { time "$@" >"$out" 2>/dev/null; } 2>&1 | awk '{print $1+$2}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

printf "engine: raidctl %s vs fio %s (QD>1), fio psync/raidctl sync for QD1; %s runs x %ss each, alternating; loop device %s (%s, direct-io=on) on %s\n" \
  "$ENGINE" "$fio_qd_engine" "$RUNS" "$T" "$LOOP" "$SIZE" "$(df -T "$DIR" | awk 'NR==2{print $2}')"
printf "kernel %s, %s CPUs, %s\n\n" "$(uname -r)" "$(nproc)" "$(fio --version)"
printf "%-18s %12s %12s %7s %14s %14s %7s\n" job raidctl fio ratio "raidctl CPU/IO" "fio CPU/IO" ratio
for spec in "${JOBS[@]}"; do
  read -r name rw bs qd sync <<<"$spec"
  [[ $name =~ ${ONLY:-.} ]] || continue
  eng=$ENGINE; feng=$fio_qd_engine
  if [ "$qd" = 1 ]; then eng=sync; feng=psync; fi
  fsync_opt=(); [ "$sync" = fdatasync ] && fsync_opt=(--fdatasync=1)
  r_rate=(); f_rate=(); r_cpu=(); f_cpu=()
  for i in $(seq "$RUNS"); do
    for tool in raidctl fio; do
      if [ "$tool" = raidctl ]; then
        c=$(cpu_of "$DIR/out.json" "$JOB" "$LOOP" "$rw" "$bs" "$qd" 1 "$T" "$eng" "$sync")
        ios=$(jq .ios "$DIR/out.json"); iops=$(jq .iops "$DIR/out.json")
        r_rate+=("$iops"); r_cpu+=("$(awk -v c="$c" -v n="$ios" 'BEGIN{printf "%.3f", c*1e6/n}')")
      else
        c=$(cpu_of "$DIR/fio.json" fio --name=cmp --filename="$LOOP" --direct=1 --rw="$rw" --bs="$bs" \
              --iodepth="$qd" --ioengine="$feng" --numjobs=1 --time_based --runtime="$T" \
              "${fsync_opt[@]}" --output-format=json --output="$DIR/fio.json")
        dir=$([[ $rw == *read ]] && echo read || echo write)
        ios=$(jq ".jobs[0].$dir.total_ios" "$DIR/fio.json"); iops=$(jq ".jobs[0].$dir.iops" "$DIR/fio.json")
        f_rate+=("$iops"); f_cpu+=("$(awk -v c="$c" -v n="$ios" 'BEGIN{printf "%.3f", c*1e6/n}')")
      fi
    done
  done
  rr=$(printf "%s\n" "${r_rate[@]}" | median); fr=$(printf "%s\n" "${f_rate[@]}" | median)
  rc=$(printf "%s\n" "${r_cpu[@]}" | median); fc=$(printf "%s\n" "${f_cpu[@]}" | median)
  unit="IOPS"
  printf "%-18s %12.0f %12.0f %7.3f %12.2fus %12.2fus %7.3f\n" "$name" "$rr" "$fr" \
    "$(awk -v a="$rr" -v b="$fr" 'BEGIN{print a/b}')" "$rc" "$fc" "$(awk -v a="$rc" -v b="$fc" 'BEGIN{print a/b}')"
done
echo
echo "IOPS columns: I/Os per second (4 MiB jobs: MB/s = IOPS x 4.19). Ratios: raidctl / fio (throughput: >= 0.95 wanted; CPU per I/O: <= 1.1 wanted)."
