#!/usr/bin/env bash
# The package on a fresh machine with a real systemd (root; called by .ci/run after the fleet
# test). CI's machine has no systemd as PID 1, so this boots one in a container:
#   - a minimal Debian rootfs (mmdebstrap: apt + systemd, nothing else), cached under
#     ~/.cache/raidctl and used through a throwaway overlay, booted with systemd-nspawn
#     (systemd is PID 1 there; no network);
#   - `apt install ./raidctl_*.deb` inside it, nothing else: the preset enables the timer and
#     it is running;
#   - without a controller the shipped units fire on the minute and the service is skipped by
#     its condition (no textfile, no failed unit);
#   - then a MegaRAID driver appears (test only: an empty tmpfs over /sys/bus/pci/drivers with
#     a megaraid_sas directory, which is all the unit's condition looks at) and a MegaCli64 in
#     its vendor directory (test only: /opt/MegaRAID/MegaCli/MegaCli64, a link to raidctl's
#     simulator, a healthy controller): the shipped units, unchanged, must run twice about 60 s
#     apart, each time replacing raidctl.prom by a rename (inotify on the directory) with a
#     newer snapshot;
#   - a test-only drop-in adds an ExecStartPost= probe that runs inside the service's sandbox
#     and reports what it can write and see;
#   - `apt purge` stops the timer and removes the textfile and state.
# Takes 2.5-4 minutes, most of it waiting for the minutes. Settings (environment):
# TIMER_TEST_DEB=path uses that package instead of running `cargo deb`; TIMER_TEST_KEEP=1 keeps
# the work directory (logs).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

[ "$(id -u)" = 0 ] || { echo "systemd-timer-test: needs root (mounts, systemd-nspawn)" >&2; exit 2; }
for tool in systemd-nspawn mmdebstrap nsenter inotifywait cargo-deb promtool; do
  command -v "$tool" >/dev/null || { echo "systemd-timer-test: $tool missing (.ci/run installs it)" >&2; exit 2; }
done

step() { printf '\n== systemd-timer-test: %s (%ss)\n' "$*" "$SECONDS"; }
fail() { echo "systemd-timer-test: FAILED: $*" >&2; exit 1; }

work=$(mktemp -d /var/tmp/raidctl-timer.XXXXXX)
root=$work/root
nspawn_pid=
inotify_pid=
cleanup() {
  set +e
  [ -n "$inotify_pid" ] && kill "$inotify_pid" 2>/dev/null
  if [ -n "$nspawn_pid" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
    # SIGTERM makes systemd-nspawn ask the container's systemd to shut down.
    kill -TERM "$nspawn_pid"
    for _ in $(seq 30); do kill -0 "$nspawn_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$nspawn_pid" 2>/dev/null
    wait "$nspawn_pid" 2>/dev/null
    # nspawn (with --keep-unit, no systemd outside) made these sub-cgroups of the host's
    # root for itself and the container; empty now, unless another container is running.
    for h in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified; do
      for g in payload supervisor; do
        [ -d "$h/$g" ] && find "$h/$g" -depth -type d -exec rmdir {} + 2>/dev/null
      done
    done
  fi
  mountpoint -q "$root" && umount -R "$root"
  mountpoint -q "$work/rw" && umount "$work/rw"
  if [ -z "${TIMER_TEST_KEEP:-}" ]; then
    rm -rf "$work"
  else
    echo "systemd-timer-test: kept $work"
  fi
}
trap cleanup EXIT

# --- the package and a fresh machine ----------------------------------------------------------
step "the package"
if [ -n "${TIMER_TEST_DEB:-}" ]; then
  deb=$TIMER_TEST_DEB
else
  cargo deb --locked --quiet --fast > "$work/deb.out"
  deb=$(grep '\.deb$' "$work/deb.out" | grep -v dbgsym | tail -1)
fi
[ -f "$deb" ] || fail "no package at '$deb'"
echo "$deb"

step "a minimal Debian with systemd (mmdebstrap, cached)"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
cache=${XDG_CACHE_HOME:-$HOME/.cache}/raidctl/rootfs-$suite-systemd-1
if [ ! -x "$cache/usr/lib/systemd/systemd" ]; then
  rm -rf "$cache" "$cache.new"
  mkdir -p "$(dirname "$cache")"
  mmdebstrap --quiet --variant=apt --include=systemd,systemd-sysv "$suite" "$cache.new" \
    > "$work/mmdebstrap.log" 2>&1 || { cat "$work/mmdebstrap.log"; fail "mmdebstrap"; }
  mv "$cache.new" "$cache"
fi
# The cache stays pristine: every run writes into a tmpfs overlay on top of it.
mkdir -p "$work/rw" "$root"
mount -t tmpfs -o mode=0755 raidctl-timer-test "$work/rw"
mkdir "$work/rw/upper" "$work/rw/work"
mount -t overlay overlay -o "lowerdir=$cache,upperdir=$work/rw/upper,workdir=$work/rw/work" "$root"
cp "$deb" "$root/root/"
debname=$(basename "$deb")

step "boot it: systemd as PID 1 (systemd-nspawn)"
# No systemd on the host: no machined to register with, no scope to create (--keep-unit).
# CAP_SYS_RAWIO, which nspawn drops by default, is kept: the unit's bounding set names it.
systemd-nspawn --quiet --directory="$root" --machine="raidctl-timer-$$" --boot \
  --register=no --keep-unit --link-journal=no --private-network --console=passive \
  --capability=CAP_SYS_RAWIO < /dev/null > "$work/console.log" 2>&1 &
nspawn_pid=$!
leader=
for _ in $(seq 100); do
  leader=$(cat /proc/"$nspawn_pid"/task/*/children 2>/dev/null | awk '{print $1; exit}')
  [ -n "$leader" ] && [ "$(cat /proc/"$leader"/comm 2>/dev/null)" = systemd ] && break
  leader=
  kill -0 "$nspawn_pid" 2>/dev/null || { cat "$work/console.log"; fail "systemd-nspawn exited"; }
  sleep 0.1
done
[ -n "$leader" ] || { cat "$work/console.log"; fail "no systemd in the container"; }
# Runs a command inside the container, in all of its namespaces (the container's PID 1 is
# $leader on the host).
ct() { nsenter --target "$leader" --all env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
# systemctl talks to PID 1 through its private socket, there from early in the boot.
for _ in $(seq 100); do ct test -S /run/systemd/private && break; sleep 0.1; done
state=$(ct systemctl is-system-running --wait || true)
echo "PID 1 in the container: $(ct cat /proc/1/comm), system $state"
[ "$(ct cat /proc/1/comm)" = systemd ] || fail "PID 1 in the container is not systemd"
[ "$state" = running ] || { ct systemctl --failed --no-pager; fail "the container's system is $state"; }
ct test ! -e /usr/bin/raidctl || fail "raidctl is already in the fresh rootfs"

# --- install, as a user would -----------------------------------------------------------------
step "apt install ./$debname"
ct env DEBIAN_FRONTEND=noninteractive sh -c 'cd /root && exec apt-get install -y -q "./$1"' sh "$debname" > "$work/apt.log" 2>&1 \
  || { cat "$work/apt.log"; fail "apt install ./$debname"; }
tail -3 "$work/apt.log"
textdir=/var/lib/prometheus/node-exporter
hostdir=$root$textdir
[ "$(ct systemctl is-enabled raidctl-metrics.timer)" = enabled ] || fail "the timer is not enabled after apt install"
[ "$(ct systemctl is-active raidctl-metrics.timer)" = active ] || fail "the timer is not running after apt install"
ct systemctl disable --quiet raidctl-metrics.timer
ct systemctl preset --quiet raidctl-metrics.timer
[ "$(ct systemctl is-enabled raidctl-metrics.timer)" = enabled ] || fail "the preset does not enable the timer"
[ "$(ct stat -c %a /var/lib/raidctl)" = 700 ] || fail "/var/lib/raidctl is not 0700"
[ "$(ct stat -c %a $textdir)" = 755 ] || fail "$textdir is not 0755"
ct systemctl list-timers --no-pager raidctl-metrics.timer
[ "$(ct systemctl show -P ActiveState raidctl-metrics.service)" = inactive ] || fail "the service runs at install"

# A unit's timestamp property in seconds since the epoch (0 when unset).
stamp_of() {
  local v
  v=$(ct systemctl show -P "$2" "$1")
  case $v in "" | n/a) echo 0 ;; *) date -u -d "$v" +%s ;; esac
}
# The timer's last elapse.
last_trigger() { stamp_of raidctl-metrics.timer LastTriggerUSec; }
# Waits (at most $1 seconds) until the timer has fired after $2 (a last_trigger value) and the
# service has been dealt with: skipped by its condition, or run to its end. Prints the new
# trigger time.
wait_fire() {
  local deadline=$((SECONDS + $1)) after=$2 trig cond
  while [ "$SECONDS" -lt "$deadline" ]; do
    trig=$(last_trigger)
    if [ "${trig:-0}" -gt "$after" ]; then
      cond=$(stamp_of raidctl-metrics.service ConditionTimestamp)
      if [ "${cond:-0}" -ge "$trig" ] && [ "$(svc ActiveState)" != activating ] &&
        { [ "$(svc ConditionResult)" = no ] || [ "$(stamp_of raidctl-metrics.service ExecMainExitTimestamp)" -ge "$trig" ]; }; then
        echo "$trig"
        return 0
      fi
    fi
    sleep 0.2
  done
  return 1
}
svc() { ct systemctl show -P "$1" raidctl-metrics.service; }

# --- no controller ------------------------------------------------------------------------------
step "no controller: the timer fires, the condition skips the service"
t0=$(wait_fire 75 "$(last_trigger)") || fail "the timer did not fire within 75 s"
[ "$(svc ConditionResult)" = no ] || fail "ConditionResult=$(svc ConditionResult) without a controller"
[ "$(svc Result)" = success ] && [ "$(ct systemctl is-failed raidctl-metrics.service || true)" != failed ] \
  || fail "the service failed without a controller: $(svc Result)"
[ "$(stamp_of raidctl-metrics.service ExecMainStartTimestamp)" = 0 ] || fail "the service ran without a controller"
[ ! -e "$hostdir/raidctl.prom" ] || fail "a textfile was written without a controller"
ct journalctl --no-pager -o cat -u raidctl-metrics.service | tee "$work/journal-skip.log"
grep -q 'was skipped because no trigger condition checks were met' "$work/journal-skip.log" \
  || fail "the journal does not say the service was skipped"

# --- a controller appears -----------------------------------------------------------------------
step "a MegaRAID driver and MegaCli64 appear (test-only: tmpfs in /sys, the simulator)"
ct sh -ec 'mount -t tmpfs -o mode=0755,size=64k raidctl-test-drivers /sys/bus/pci/drivers
  mkdir /sys/bus/pci/drivers/megaraid_sas
  mkdir -p /opt/MegaRAID/MegaCli
  ln -s /usr/bin/raidctl /opt/MegaRAID/MegaCli/MegaCli64'
ct /usr/bin/raidctl doctor > "$work/doctor.out" 2>&1 || true
cat "$work/doctor.out"
# Every change in the textfile directory from now on: raidctl.prom must only ever be renamed
# into place.
inotifywait -m -q -e create,modify,close_write,moved_from,moved_to,delete --format '%e %f' \
  "$hostdir" > "$work/inotify.log" 2>&1 &
inotify_pid=$!
sleep 0.5

declare -a fired started inode stamp
last=$t0
for run in 1 2; do
  # The first run waits for the next minute (up to 70 s with the randomized delay).
  trig=$(wait_fire 80 "$last") || fail "the timer did not fire again within 80 s (run $run)"
  last=$trig
  [ "$(svc ConditionResult)" = yes ] || fail "run $run: the condition failed with a driver present"
  [ "$(svc Result)" = success ] && [ "$(svc ExecMainStatus)" = 0 ] \
    || fail "run $run: Result=$(svc Result) ExecMainStatus=$(svc ExecMainStatus)"
  fired[run]=$trig
  started[run]=$(stamp_of raidctl-metrics.service ExecMainStartTimestamp)
  [ -f "$hostdir/raidctl.prom" ] || fail "run $run wrote no textfile"
  inode[run]=$(stat -c %i "$hostdir/raidctl.prom")
  stamp[run]=$(sed -n 's/^raidctl_snapshot_timestamp_seconds //p' "$hostdir/raidctl.prom")
  promtool check metrics < "$hostdir/raidctl.prom" || fail "run $run: promtool rejects the textfile"
  grep -qx 'raidctl_scrape_success 1' "$hostdir/raidctl.prom" || fail "run $run: no raidctl_scrape_success 1"
  echo "run $run: fired $(date -u -d "@$trig" +%T), started $(date -u -d "@${started[run]}" +%T), textfile inode ${inode[run]}, snapshot ${stamp[run]}"
done
kill "$inotify_pid"; wait "$inotify_pid" 2>/dev/null || true; inotify_pid=
gap=$((started[2] - started[1]))
echo "runs $gap s apart"
# OnCalendar=minutely with RandomizedDelaySec=10s: 50-70 s apart.
[ "$gap" -ge 48 ] && [ "$gap" -le 72 ] || fail "the runs are $gap s apart, not about a minute"
[ "${stamp[2]}" -gt "${stamp[1]}" ] || fail "the snapshot did not advance: ${stamp[1]} then ${stamp[2]}"
[ "${inode[2]}" != "${inode[1]}" ] || fail "the textfile was not replaced (same inode)"
ct systemctl list-timers --no-pager raidctl-metrics.timer
ct journalctl --no-pager -o short-iso -u raidctl-metrics.service -u raidctl-metrics.timer | tee "$work/journal.log"
[ "$(grep -c 'Finished raidctl-metrics.service' "$work/journal.log")" -ge 2 ] || fail "the journal shows fewer than two finished runs"
cat "$work/inotify.log"
# Per run: the temporary file is created, written and renamed over raidctl.prom; raidctl.prom
# itself is never created, truncated, written or deleted in place (its CLOSE_WRITE events are
# the writer's descriptor, and on overlayfs its backing file, closed after the rename).
if grep -E '^(CREATE|MODIFY|MOVED_FROM|DELETE)(,[A-Z_]+)* raidctl\.prom$' "$work/inotify.log"; then
  fail "raidctl.prom was written in place, not renamed into place"
fi
[ "$(grep -c '^MOVED_TO raidctl\.prom$' "$work/inotify.log")" -ge 2 ] || fail "raidctl.prom was not renamed into place at each run"
[ "$(grep -cE '^MOVED_FROM \.raidctl\.prom\.[0-9a-f]+\.tmp$' "$work/inotify.log")" -ge 2 ] || fail "no temporary file was renamed"
[ -z "$(ls -A "$hostdir" | grep -v '^raidctl\.prom$')" ] || fail "left in $textdir: $(ls -A "$hostdir")"

# --- the sandbox, from inside -------------------------------------------------------------------
step "the sandbox, seen by a probe in the service (test-only ExecStartPost= drop-in)"
ct sh -ec 'touch /root/raidctl-test-marker /tmp/raidctl-test-marker
  mkdir -p /usr/local/lib/raidctl-test /etc/systemd/system/raidctl-metrics.service.d
  cat > /usr/local/lib/raidctl-test/probe <<"EOF"
#!/bin/sh
for d in / /usr /etc /var /var/lib /var/lib/raidctl /var/lib/prometheus/node-exporter /tmp /var/tmp; do
  if (: > "$d/.raidctl-probe") 2>/dev/null; then rm -f "$d/.raidctl-probe"; echo "probe: writable $d"; else echo "probe: read-only $d"; fi
done
[ -e /tmp/raidctl-test-marker ] && echo "probe: host /tmp visible" || echo "probe: host /tmp hidden"
[ -e /root/raidctl-test-marker ] && echo "probe: /root visible" || echo "probe: /root hidden"
sed -n "s/^\(NoNewPrivs\|CapBnd\):[[:space:]]*/probe: \1 /p" /proc/self/status
EOF
  chmod 755 /usr/local/lib/raidctl-test/probe
  printf "[Service]\nExecStartPost=/usr/local/lib/raidctl-test/probe\n" > /etc/systemd/system/raidctl-metrics.service.d/probe.conf
  systemctl daemon-reload
  systemctl start raidctl-metrics.service' || { ct journalctl --no-pager -n 30 -u raidctl-metrics.service; fail "the service with the probe failed"; }
inv=$(svc InvocationID)
ct journalctl --no-pager -o cat _SYSTEMD_INVOCATION_ID="$inv" | grep '^probe: ' | tee "$work/probe.out"
expect() { grep -qxF "probe: $1" "$work/probe.out" || fail "sandbox: expected '$1'"; }
for d in / /usr /etc /var /var/lib; do expect "read-only $d"; done
for d in /var/lib/raidctl /var/lib/prometheus/node-exporter /tmp /var/tmp; do expect "writable $d"; done
expect "host /tmp hidden"
expect "/root hidden"
expect "NoNewPrivs 1"
# CAP_CHOWN, DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER (0-3), SYS_RAWIO (17), SYS_ADMIN (21), MKNOD (27).
expect "CapBnd 000000000822000f"
ct systemd-analyze security --no-pager raidctl-metrics.service | tail -1
ct rm -rf /etc/systemd/system/raidctl-metrics.service.d /usr/local/lib/raidctl-test
ct systemctl daemon-reload

# --- removal ------------------------------------------------------------------------------------
step "apt purge raidctl"
ct env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q raidctl > "$work/purge.log" 2>&1 \
  || { cat "$work/purge.log"; fail "apt purge raidctl"; }
[ "$(ct systemctl is-active raidctl-metrics.timer || true)" = inactive ] || fail "the timer still runs after purge"
ct systemctl list-timers --all --no-pager | grep -q raidctl && fail "the timer is still listed after purge"
for f in /var/lib/raidctl "$textdir/raidctl.prom" /usr/bin/raidctl; do
  ct test ! -e "$f" || fail "$f is still there after purge"
done

step "passed"
