#!/usr/bin/env bash
# `raidctl qualify` as a user runs it, side by side with fio on the same loop device.
#
#   sudo scripts/fio-compare.sh
#
# Each round runs `raidctl qualify --profile $PROFILE` (the default build: `cargo build
# --release`, no features) on a loop device with direct I/O, reads from its JSON record the
# jobs it ran (pattern, block size, queue depth, jobs, duration, ramp, flush, region), then
# runs every one of them with fio on the same device, in the same order and with the same
# engine (io_uring with registered buffers and file for QD>1, psync for QD1), and then once
# more with fio: the control. Per job the best round of each pass is kept (the highest
# throughput and the lowest CPU per I/O: the machine is shared, so the best is the least
# disturbed); the order of the three passes rotates from
# round to round. The control says how well fio agrees with itself on this device: a virtual
# disk whose host is shared moves by more than 10 % between passes a minute apart, and there
# no comparison can show agreement within 10 %. Exit status 0 only when every compared job is
# within the targets.
#
# Settings (environment): ROUNDS=5, PROFILE=quick, SIZE=2G (loop device), BACKING=memory (or
# disk), LIMITS (blkio limits, see below), FILL=random (or zero: the backing file's content
# before the first job), DIR=target/fio-compare (backing file, records, and rounds.tsv with
# every round's figures), FIO_QD_ENGINE=io_uring (fio engine for QD>1 jobs; QD1 jobs use
# psync, as raidctl does), ONLY=regex (jobs to compare), RAIDCTL=path (skip the build).
#
# Throughput: MB/s (10^6 bytes/s) of the measured part (after the ramp). CPU per I/O: the CPU
# time of the I/O threads in the measured part over the I/Os completed in it; raidctl's from its
# record (`cpu.per_io_us`: its workers' thread CPU clock from the ramp's end), fio's from its job
# threads' scheduler clock sampled in nanoseconds (see sample_cpu: fio's own figure is whole
# milliseconds, printed beside it as "fio own").
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
PROFILE=${PROFILE:-quick}
SIZE=${SIZE:-2G}
DIR=${DIR:-target/fio-compare}
FIO_QD_ENGINE=${FIO_QD_ENGINE:-io_uring}
ONLY=${ONLY:-^(seq-read-4m|seq-write-4m|randread-4k-qd32|randwrite-4k-qd32|fdatasync-4k-j1)$}

[ "$(id -u)" = 0 ] || { echo "fio-compare: needs root (losetup)" >&2; exit 2; }
need() { command -v "$1" >/dev/null || { echo "fio-compare: installing $2" >&2; apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null; }; }
need fio fio
need jq jq

if [ -z "${RAIDCTL:-}" ]; then
  cargo build --release --quiet --bin raidctl
  RAIDCTL=${CARGO_TARGET_DIR:-target}/release/raidctl
fi

mkdir -p "$DIR"
bytes=$(numfmt --from=iec "$SIZE")
# BACKING=memory|disk: where the loop device's backing file lives. The machine's own disk (a
# virtual disk whose host is shared) moves by 0.84-3x between two fio passes a minute apart,
# so no comparison on it can show agreement within 10 %. `memory` puts the file on a tmpfs
# (which takes O_DIRECT) and caps the device with cgroup v1 blkio limits below what memory
# delivers even on a busy machine: a device whose speed holds still, on which a tool that
# counts bytes, time and ramps as fio does must agree with fio.
BACKING=${BACKING:-memory}
cleanup=()
on_exit() { local i; for ((i = ${#cleanup[@]} - 1; i >= 0; i--)); do eval "${cleanup[i]}" || true; done; }
trap on_exit EXIT
if [ "$BACKING" = memory ]; then
  MNT="$DIR/tmpfs"
  mkdir -p "$MNT"
  mount -t tmpfs -o size=$((bytes + 67108864)) fio-compare "$MNT"
  cleanup+=("umount '$MNT'")
  IMG="$MNT/disk.img"
else
  IMG="$DIR/disk.img"
fi
bytes_ok() { [ -f "$IMG" ] && [ "$(stat -c %s "$IMG")" = "$bytes" ]; }
# FILL=zero|random: what the backing file holds before the first job. Zeros are what a fresh
# device reads as, and storage that keeps zeros cheaply (sparse or zero-detecting host images,
# thin volumes, SSDs reading trimmed blocks) answers them without reading media.
FILL=${FILL:-random}
if ! bytes_ok || [ "$(cat "$IMG.fill" 2>/dev/null)" != "$FILL" ]; then
  echo "fio-compare: writing $SIZE backing file $IMG ($FILL; allocated, so no run pays for allocation)" >&2
  rm -f "$IMG"
  src=/dev/zero; [ "$FILL" = random ] && src=/dev/urandom
  dd if="$src" of="$IMG" bs=4M count=$((bytes / 4194304)) oflag=direct status=none
  echo "$FILL" >"$IMG.fill"
fi
LOOP=$(losetup -f --show --direct-io=on "$IMG")
cleanup+=("losetup -d '$LOOP'")
[ "$(cat "/sys/block/${LOOP#/dev/}/loop/dio")" = 1 ] || { echo "fio-compare: $LOOP refused direct I/O" >&2; exit 1; }
# LIMITS: blkio limits of the loop device (bytes/s and I/Os per second; `none`: no limits).
# The default with BACKING=memory is far under what the memory-backed device gives on this
# machine (sequential 4 MiB 6 GB/s, random 4 KiB 190k IOPS, 4 KiB write + fdatasync 13k/s).
# Measured through them: 4 MiB reads and writes 500 MB/s, random reads 20k IOPS, random writes
# 4k IOPS, and the fdatasync job 2000 writes/s (each flush counts as a write).
default_limits=none
[ "$BACKING" = memory ] && default_limits="read_bps=1000000000 write_bps=1000000000 read_iops=20000 write_iops=4000"
LIMITS=${LIMITS:-$default_limits}
if [ "$LIMITS" != none ]; then
  CG=/sys/fs/cgroup/blkio/fio-compare-$$
  [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_bps_device ] || { echo "fio-compare: LIMITS needs cgroup v1 blkio" >&2; exit 2; }
  mkdir "$CG"
  cleanup+=("echo \$\$ >/sys/fs/cgroup/blkio/cgroup.procs; rmdir '$CG'")
  majmin=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')
  for l in $LIMITS; do echo "$majmin ${l#*=}" >"$CG/blkio.throttle.${l%%=*}_device"; done
  echo $$ >"$CG/cgroup.procs" # this script, and so raidctl and fio, run inside the limits
fi

secs() { jq -r "$1 | (.secs + .nanos / 1e9)"; } # serde's Duration: {"secs", "nanos"}

run_fio() { # job JSON (from raidctl's record) -> fio JSON in $DIR/fio-NAME-ROUND.json
  local spec=$1 out=$2
  local pattern op bs qd jobs t ramp sync rw engine offset length
  read -r pattern op bs qd jobs sync offset length < <(jq -r '[.pattern, .op, .bs, .qd, .jobs, .sync, .offset, .length] | @tsv' <<<"$spec")
  # In milliseconds: fio reads "0.2s" as 0 and refuses a time-based job without a runtime.
  t=$(secs .time <<<"$spec" | awk '{printf "%d", $1 * 1000 + 0.5}')
  ramp=$(secs .ramp <<<"$spec" | awk '{printf "%d", $1 * 1000 + 0.5}')
  case "$pattern/$op" in
    seq/read) rw=read ;; seq/write) rw=write ;; random/read) rw=randread ;; *) rw=randwrite ;;
  esac
  engine=$FIO_QD_ENGINE; [ "$qd" = 1 ] && engine=psync
  local extra=()
  # The same engine as raidctl's: its io_uring worker registers its buffers and the file
  # (READ_FIXED/WRITE_FIXED), which fio does only when asked.
  [ "$engine" = io_uring ] && extra+=(--fixedbufs=1 --registerfiles=1)
  # The same region: the record's offset and length (0: the whole device).
  local region=$bytes
  if [ "${length:-0}" != 0 ]; then region=$length; extra+=(--offset="$offset" --size="$length"); fi
  case "$sync" in fdatasync) extra+=(--fdatasync=1) ;; fsync) extra+=(--fsync=1) ;; esac
  # raidctl's random offsets are uniform with replacement: fio without its random map.
  [ "$pattern" = random ] && extra+=(--norandommap --randrepeat=0)
  [ "$jobs" -gt 1 ] && extra+=(--offset_increment=$((region / jobs)) --size=$((region / jobs)))
  # raidctl flushes the device before a flushing job (so the job does not pay for the one
  # before it); `sync FILE` is the same fsync of the device.
  [ "$sync" != none ] && sync "$LOOP"
  fio --name=cmp --filename="$LOOP" --direct=1 --rw="$rw" --bs="$bs" --iodepth="$qd" \
    --ioengine="$engine" --numjobs="$jobs" --group_reporting --time_based \
    --runtime="${t}ms" --ramp_time="${ramp}ms" "${extra[@]}" \
    --output-format=json --output="$out" >/dev/null &
  local fio_pid=$!
  rm -f "$out.cpu"
  [ "$3" = sample ] && sample_cpu "$fio_pid" "$jobs" "$ramp" "$t" "$out.cpu"
  wait "$fio_pid" || { echo "fio-compare: fio failed on $spec" >&2; exit 1; }
  jq -e .jobs[0] "$out" >/dev/null || { echo "fio-compare: fio gave no result for $spec" >&2; exit 1; }
}

# fio counts a job's CPU in whole milliseconds: its figure is the getrusage(RUSAGE_THREAD)
# difference between the ramp's end and the job's end, user and system time each truncated to
# the millisecond. A sequential 4 MiB job at QD4 spends 7-12 ms of CPU in its 3 s, so one
# millisecond is 8-14 % of it, and the truncation only ever lowers fio's figure. The script
# therefore reads the CPU clock of fio's job threads itself, in nanoseconds
# (/proc/PID/task/PID/schedstat: the scheduler's run time, the clock behind the thread CPU
# clock raidctl's own account reads), at two moments inside the job's measured part, and takes
# CPU per I/O as CPU per second over I/Os per second. fio's own figure is printed beside it.
sample_cpu() { # fio-pid jobs ramp-ms time-ms out: two lines "cpu_ns wall_us"
  local fio=$1 want=$2 ramp=$3 t=$4 out=$5 kids=() m deadline=$((SECONDS + 60))
  # fio forks one process per job; its main process only starts and watches them.
  while mapfile -t kids < <(pgrep -P "$fio" || true); [ ${#kids[@]} -lt "$want" ]; do
    kill -0 "$fio" 2>/dev/null && [ $SECONDS -lt $deadline ] || return 0
    sleep 0.005
  done
  # The inner part of the measured window: clear of the ramp's end (the job's setup takes a
  # few milliseconds after its process appears) and of the job's end by a fifth of the run,
  # at most 0.4 s. CPU per I/O is steady there on a capped device.
  m=$((t / 5 < 400 ? t / 5 : 400))
  snap() { local p ns sum=0; for p in "${kids[@]}"; do
      read -r ns _ <"/proc/$p/task/$p/schedstat" || return 1; sum=$((sum + ns)); done
    echo "$sum ${EPOCHREALTIME/./}"; }
  sleep "$(awk -v ms=$((ramp + m)) 'BEGIN{print ms / 1000}')"
  snap >"$out" 2>/dev/null || return 0
  sleep "$(awk -v ms=$((t - 2 * m)) 'BEGIN{print ms / 1000}')"
  snap >>"$out" 2>/dev/null || true
}

declare -A r_mbps r_cpu f_mbps f_cpu f_own c_mbps c_cpu c_own r_engine fio_engine
names=()
jobs=()

keep_best() { # array-name-prefix name mbps cpu: keeps the best round's figure of each
  # The highest throughput and, apart from it, the lowest CPU per I/O: both are the least
  # disturbed round of that figure (on a capped device every round reaches the same
  # throughput, and which one comes out highest says nothing about its CPU).
  keep ">" "${1}_mbps" "$2" "$3"
  keep "<" "${1}_cpu" "$2" "$4"
}
keep() { # op(> or <) array name value: keeps value when the array has none or it compares op
  local -n a=$2
  if [ -z "${a[$3]:-}" ] || awk -v x="$4" -v y="${a[$3]}" "BEGIN{exit !(x $1 y)}"; then a[$3]=$4; fi
}

pass_raidctl() { # round
  local rec="$DIR/raidctl-$1.json" j name mbps cpu eng
  echo "round $1: raidctl qualify --profile $PROFILE $LOOP" >&2
  "$RAIDCTL" qualify --profile "$PROFILE" --destroy-data "$LOOP" --json "$rec" "$LOOP" \
    >"$DIR/raidctl-$1.txt" 2>&1 || true # the verdict's exit status is not the point here
  [ ${#jobs[@]} -gt 0 ] || mapfile -t jobs < <(jq -c '.drives[0].jobs[]' "$rec")
  while read -r j; do
    name=$(jq -r .spec.name <<<"$j")
    [[ $name =~ $ONLY ]] || continue
    [ "$1" = 1 ] && names+=("$name")
    read -r mbps cpu eng <<<"$(jq -r '[.mbps, .cpu.per_io_us, .engine_used] | @tsv' <<<"$j")"
    r_engine[$name]=$eng
    keep_best r "$name" "$mbps" "$cpu"
    printf "%s\traidctl\t%s\t%s\t%s\n" "$1" "$name" "$mbps" "$cpu" >>"$DIR/rounds.tsv"
  done < <(jq -c '.drives[0].jobs[]' "$rec")
}

pass_fio() { # round tag(fio|control) array-prefix(f|c)
  local j name out dir mbps cpu own ios runtime eng mode
  # Every job of the record, in its order (the write sweep before the sequential reads, as
  # raidctl ran them), so each compared job starts from the state raidctl's did.
  for j in "${jobs[@]}"; do
    name=$(jq -r .spec.name <<<"$j")
    out="$DIR/$2-$name-$1.json"
    [[ $name =~ $ONLY ]] && echo "round $1: $2 $name" >&2
    mode=no; [[ $name =~ $ONLY ]] && mode=sample
    run_fio "$(jq -c .spec <<<"$j")" "$out" "$mode"
    [ "$mode" = sample ] || continue
    dir=$([ "$(jq -r .spec.op <<<"$j")" = read ] && echo read || echo write)
    read -r mbps own ios runtime eng <<<"$(jq -r --arg d "$dir" '.jobs[0] as $j | [
        ($j[$d].io_bytes / ($j[$d].runtime / 1000) / 1e6),
        (($j.usr_cpu + $j.sys_cpu) / 100 * $j.job_runtime / 1000 * 1e6 / $j[$d].total_ios),
        $j[$d].total_ios, $j[$d].runtime, $j["job options"].ioengine] | @tsv' "$out")"
    # CPU per I/O from the sampled clock: (CPU ns / wall ns) * runtime / I/Os, in µs.
    cpu=$(awk -v ios="$ios" -v rt="$runtime" 'NR == 1 {c = $1; w = $2} NR == 2 {dc = $1 - c; dw = $2 - w}
      END {if (NR == 2 && dw > 0 && ios > 0) printf "%.3f", dc / (dw * 1000) * rt * 1000 / ios}' "$out.cpu" 2>/dev/null)
    [ -n "$cpu" ] || { echo "fio-compare: could not sample fio's CPU clock for $name" >&2; exit 1; }
    fio_engine[$name]=$eng
    keep_best "$3" "$name" "$mbps" "$cpu"
    printf "%s\t%s\t%s\t%s\t%s\n" "$1" "$2" "$name" "$mbps" "$cpu" >>"$DIR/rounds.tsv"
    keep "<" "${3}_own" "$name" "$own"
  done
}

printf "round\tpass\tjob\tMB/s\tCPU µs/IO\n" >"$DIR/rounds.tsv" # every round's figures
# Three passes per round: raidctl, fio, and fio again (the control: how far fio's best agrees
# with fio's own best on this device at this distance in time). The order rotates from round
# to round, so no tool always runs first (after the backing file was written) or last.
for round in $(seq "$ROUNDS"); do
  case $(( (round - 1) % 3 )) in
    0) order="raidctl fio control" ;; 1) order="fio control raidctl" ;; *) order="control raidctl fio" ;;
  esac
  for p in $order; do
    case $p in
      raidctl) pass_raidctl "$round" ;; fio) pass_fio "$round" fio f ;; control) pass_fio "$round" control c ;;
    esac
  done
done

printf "\nraidctl %s (%s) vs fio %s; profile %s, best of %s alternating rounds; loop device %s (%s, direct-io=on) on %s\n" \
  "$("$RAIDCTL" --version | awk '{print $2}')" "$RAIDCTL" "$(fio --version)" "$PROFILE" "$ROUNDS" \
  "$LOOP" "$SIZE" "$(df -T "$(dirname "$IMG")" | awk 'NR==2{print $2}')"
printf "blkio limits: %s\n" "$LIMITS"
printf "kernel %s, %s CPUs, load average %s\n\n" "$(uname -r)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", a/b}'; }
within() { awk -v r="$1" 'BEGIN{exit !(r>=0.9 && r<=1.1)}'; }
printf "%-18s %-14s %10s %10s %7s %12s %12s %7s %9s %9s %9s  %s\n" job "engines" "raidctl" "fio" ratio \
  "raidctl CPU" "fio CPU" ratio "fio own" "fio/fio" "fio/fio" verdict
printf "%-18s %-14s %10s %10s %7s %12s %12s %7s %9s %9s %9s\n" "" "raidctl/fio" "MB/s" "MB/s" "" "µs/IO" "µs/IO" "" "µs/IO" "MB/s" "CPU"
met=0 unmet=0 noisy=0
for name in "${names[@]}"; do
  t=$(ratio "${r_mbps[$name]}" "${f_mbps[$name]}")
  c=$(ratio "${r_cpu[$name]}" "${f_cpu[$name]}")
  k=$(ratio "${c_mbps[$name]}" "${f_mbps[$name]}")
  kc=$(ratio "${c_cpu[$name]}" "${f_cpu[$name]}")
  if within "$t" && awk -v c="$c" 'BEGIN{exit !(c<=1.1)}'; then v=met; met=$((met + 1))
  elif ! within "$k"; then v="unresolved (fio disagrees with itself)"; noisy=$((noisy + 1))
  else v="NOT MET"; unmet=$((unmet + 1)); fi
  printf "%-18s %-14s %10.1f %10.1f %7s %12.2f %12.2f %7s %9.2f %9s %9s  %s\n" "$name" \
    "${r_engine[$name]}/${fio_engine[$name]}" "${r_mbps[$name]}" "${f_mbps[$name]}" "$t" \
    "${r_cpu[$name]}" "${f_cpu[$name]}" "$c" "${f_own[$name]}" "$k" "$kc" "$v"
done
echo
echo "Ratios: raidctl / fio (best round of each). Targets: throughput 0.9-1.1, CPU per I/O <= 1.1."
echo "fio CPU: its job threads' clock sampled in ns; fio own: fio's usr_cpu + sys_cpu (whole ms)."
echo "Control: fio's second pass / fio's first, measured the same way: where it falls outside"
echo "0.9-1.1 the device itself varied more than the target between passes, and a raidctl/fio"
echo "ratio outside it says nothing about raidctl."
echo "fio-compare: $met met, $unmet not met, $noisy unresolved"
[ "$unmet" = 0 ] && [ "$noisy" = 0 ]
