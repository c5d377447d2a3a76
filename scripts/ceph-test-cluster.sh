#!/usr/bin/env bash
# A throw-away Ceph 16 cluster on this machine, for tests and for trying raidctl by hand:
# one mon, one mgr and one raw BlueStore OSD per block device, all on 127.0.0.1.
#
#   scripts/ceph-test-cluster.sh start DIR DEV...   (root; DEV: block devices, loop devices allowed)
#   scripts/ceph-test-cluster.sh status DIR
#   scripts/ceph-test-cluster.sh mon-stop DIR | mon-start DIR   (the mon goes away and comes back)
#   scripts/ceph-test-cluster.sh stop DIR
#   scripts/ceph-test-cluster.sh reap   (stops a cluster a killed test left; for a holder of the test lock)
#
# Needs Debian's ceph-mon, ceph-mgr, ceph-osd, ceph-common and udev (ceph-volume calls
# udevadm). ceph-volume insists on /etc/ceph/ceph.conf, /var/lib/ceph/bootstrap-osd/ceph.keyring
# and /var/lib/ceph/osd/ceph-N: the cluster owns them while it runs and `stop` puts back what
# was there before (saved under DIR/saved). Everything else (mon and mgr data, run dir, pid
# files, admin sockets, logs) lives in DIR, owned by the `ceph` user the daemons drop to.
# Only one cluster runs at a time on a machine: /run/raidctl-ceph-test names the running one's
# DIR, and `start` refuses while that cluster is alive (a dead one is cleaned up first).
# There is no systemd here: daemons are started by hand and stopped by their pid files.
# Settings fit 2 cores: small caches, pool size 2 / min_size 1, one host as failure domain,
# fast failure detection so a dead OSD is marked down in seconds.
set -euo pipefail

OWNER=/run/raidctl-ceph-test
CONF=/etc/ceph/ceph.conf
BOOT=/var/lib/ceph/bootstrap-osd/ceph.keyring
PORT=${RAIDCTL_CEPH_TEST_PORT:-3390}

die() { echo "ceph-test-cluster: $*" >&2; exit 1; }
say() { echo "ceph-test-cluster: $*" >&2; }

# Waits up to $1 seconds for the command after it to succeed, polling every 0.5 s.
wait_for() {
  local limit=$1; shift
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $end ] || return 1
    sleep 0.5
  done
}

need_tools() {
  local t missing=()
  for t in ceph ceph-mon ceph-mgr ceph-osd ceph-volume ceph-authtool monmaptool udevadm uuidgen; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing ${missing[*]} (apt-get install ceph-mon ceph-mgr ceph-osd ceph-common udev)"
  [ "$(id -u)" = 0 ] || die "needs root (ceph-volume mounts a tmpfs per OSD)"
  id ceph >/dev/null 2>&1 || die "no ceph user (installed by the ceph-common package)"
}

# Saves a path the cluster takes over: its copy goes to DIR/saved, absence is remembered.
save_path() {
  local dir=$1 path=$2 key
  key=$(echo "$path" | tr / _)
  if [ -e "$path" ]; then
    cp -a "$path" "$dir/saved/$key"
  else
    : >"$dir/saved/$key.absent"
  fi
}

restore_path() {
  local dir=$1 path=$2 key
  key=$(echo "$path" | tr / _)
  # What is at the path now is the run's (an OSD directory a killed prepare wrote into):
  # replaced whole, never merged into, and never through a mount still on it.
  if mountpoint -q "$path" 2>/dev/null; then
    echo "restore: $path is still mounted, left as it is" >&2
    return 0
  fi
  if [ -e "$dir/saved/$key" ]; then
    rm -rf "$path"
    cp -a "$dir/saved/$key" "$path"
    rm -rf "$dir/saved/$key"
  elif [ -e "$dir/saved/$key.absent" ]; then
    rm -rf "$path"
    rm -f "$dir/saved/$key.absent"
  fi
}

pids() { cat "$1"/run/*.pid 2>/dev/null || true; }

alive() {
  local p
  for p in $(pids "$1"); do
    kill -0 "$p" 2>/dev/null && return 0
  done
  return 1
}

do_stop() {
  local dir=$1 p n
  for p in $(pids "$dir"); do kill -TERM "$p" 2>/dev/null || true; done
  local end=$((SECONDS + 30))
  while alive "$dir" && [ $SECONDS -lt $end ]; do sleep 0.2; done
  for p in $(pids "$dir"); do kill -KILL "$p" 2>/dev/null || true; done
  end=$((SECONDS + 10))
  while alive "$dir" && [ $SECONDS -lt $end ]; do sleep 0.2; done
  rm -f "$dir"/run/*.pid
  if [ -f "$dir/osds" ]; then
    while read -r n; do
      [ -n "$n" ] || continue
      local d=/var/lib/ceph/osd/ceph-$n
      # Stacked tmpfs layers (a prepare cut short mounts over the old one): all of them.
      local i
      for i in 1 2 3 4 5 6 7 8; do
        mountpoint -q "$d" || break
        umount "$d" || umount -l "$d" || true
      done
      rmdir "$d" 2>/dev/null || true
      restore_path "$dir" "$d"
    done <"$dir/osds"
    rm -f "$dir/osds"
  fi
  restore_path "$dir" "$CONF"
  restore_path "$dir" "$BOOT"
  if [ -f "$OWNER" ] && [ "$(cat "$OWNER")" = "$dir" ]; then rm -f "$OWNER"; fi
}

# Stops the cluster /run/raidctl-ceph-test names (alive or not) and forgets it.
stop_owner() {
  local other
  other=$(cat "$OWNER")
  if [ -d "$other" ]; then do_stop "$other"; fi
  rm -f "$OWNER"
}

write_conf() {
  local dir=$1 fsid=$2
  cat >"$dir/ceph.conf" <<EOF
[global]
fsid = $fsid
mon_host = v2:127.0.0.1:$PORT
mon_initial_members = a
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_msgr1 = false
ms_bind_msgr2 = true
auth_cluster_required = cephx
auth_service_required = cephx
auth_client_required = cephx
auth_allow_insecure_global_id_reclaim = false
run_dir = $dir/run
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$cluster-\$name.asok
log_file = $dir/log/\$name.log
mon_cluster_log_file = $dir/log/cluster.log
crash_dir = $dir/crash
osd_pool_default_size = 2
osd_pool_default_min_size = 1
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
mon_allow_pool_size_one = true
mon_allow_pool_delete = true
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 1
mon_data_avail_crit = 0
osd_heartbeat_interval = 1
osd_heartbeat_grace = 6
# A test cluster's answers as fresh as a second allows: daemons report PG stats to the mgr
# every mgr_stats_period (ok-to-stop and safe-to-destroy answer from them), and recovery and
# backfill do not pause between objects (the loop devices count as rotational: 0.1 s each).
mgr_stats_period = 1
mgr_tick_period = 1
osd_recovery_sleep_hdd = 0
osd_recovery_sleep_hybrid = 0
osd_max_backfills = 4
mon_osd_report_timeout = 60
osd_memory_target = 943718400
bluestore_cache_autotune = false
bluestore_cache_size = 134217728
bluestore_block_create = false
osd_op_num_shards = 1
osd_op_num_threads_per_shard = 2
ms_async_op_threads = 2
[client]
keyring = $dir/keyring
[mon.a]
mon_data = $dir/mon/a
[mgr.x]
mgr_data = $dir/mgr/x
EOF
}

do_start() {
  local dir=$1; shift
  [ $# -gt 0 ] || die "usage: start DIR DEV..."
  need_tools
  local dev
  for dev in "$@"; do [ -b "$dev" ] || die "$dev is not a block device"; done
  if [ -f "$OWNER" ]; then
    local other
    other=$(cat "$OWNER")
    if [ -d "$other" ] && alive "$other"; then
      die "a test cluster already runs from $other (stop it first: $0 stop $other)"
    fi
    say "cleaning up the dead cluster of $other"
    stop_owner
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  alive "$dir" && die "a cluster still runs from $dir"
  [ -n "$(ls -A "$dir/saved" 2>/dev/null)" ] && die "$dir/saved holds files of an unfinished run: $0 stop $dir first"
  # A new cluster each time: what an earlier run left in DIR goes.
  rm -rf "$dir"/{run,log,crash,mon,mgr,keyring,monmap,ceph.conf,osds}
  mkdir -p "$dir"/{saved,run,log,crash,mon/a,mgr/x}
  echo "$dir" >"$OWNER"
  # From here on a failure stops whatever already runs and restores the files.
  trap 'say "start failed; stopping"; do_stop "$dir"' ERR
  save_path "$dir" "$CONF"
  save_path "$dir" "$BOOT"
  local fsid
  fsid=$(uuidgen)
  write_conf "$dir" "$fsid"
  mkdir -p /etc/ceph /var/lib/ceph/bootstrap-osd
  cp "$dir/ceph.conf" "$CONF"
  local kr=$dir/keyring
  ceph-authtool --create-keyring "$kr" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$kr" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' \
    --cap mgr 'allow *' --cap mds 'allow *' >/dev/null
  ceph-authtool "$kr" --gen-key -n client.bootstrap-osd --cap mon 'profile bootstrap-osd' \
    --cap mgr 'allow r' >/dev/null
  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$PORT]" "$dir/monmap" >/dev/null
  chown -R ceph:ceph "$dir"
  chmod 0644 "$kr" # the test's own throw-away keys; the ceph user and the CLI read them
  ceph-mon --mkfs -i a -c "$CONF" --monmap "$dir/monmap" --keyring "$kr" --setuser ceph --setgroup ceph
  ceph-mon -i a -c "$CONF" --setuser ceph --setgroup ceph
  wait_for 60 ceph --connect-timeout 5 -s || die "the mon did not answer (see $dir/log/mon.a.log)"
  ceph auth get-or-create mgr.x mon 'allow profile mgr' osd 'allow *' mds 'allow *' \
    -o "$dir/mgr/x/keyring"
  chown ceph:ceph "$dir/mgr/x/keyring"
  ceph-mgr -i x -c "$CONF" --setuser ceph --setgroup ceph
  ceph auth get client.bootstrap-osd -o "$BOOT" 2>/dev/null
  : >"$dir/osds"
  local n=0
  for dev in "$@"; do
    save_path "$dir" "/var/lib/ceph/osd/ceph-$n"
    echo "$n" >>"$dir/osds"
    # A fresh cluster hands out ids 0, 1, 2... in order; activate checks the one it got.
    CEPH_VOLUME_ALLOW_LOOP_DEVICES=1 ceph-volume --log-path "$dir/log" raw prepare --bluestore \
      --data "$dev" >"$dir/log/prepare-$n.log" 2>&1 ||
      { cat "$dir/log/prepare-$n.log" >&2; die "raw prepare of $dev failed"; }
    CEPH_VOLUME_ALLOW_LOOP_DEVICES=1 ceph-volume --log-path "$dir/log" raw activate \
      --device "$dev" --no-systemd >"$dir/log/activate-$n.log" 2>&1 ||
      { cat "$dir/log/activate-$n.log" >&2; die "raw activate of $dev failed"; }
    ceph-osd -i "$n" -c "$CONF" --setuser ceph --setgroup ceph
    n=$((n + 1))
  done
  wait_for 120 osds_up "$n" || die "not all $n OSDs came up (see $dir/log)"
  wait_for 60 mgr_active || die "the mgr did not become active (see $dir/log/mgr.x.log)"
  # No SMART scraping through the OSDs: nothing to scrape on loop devices, and it costs CPU.
  ceph device monitoring off >/dev/null 2>&1 || true
  trap - ERR
  say "running: fsid $fsid, mon v2:127.0.0.1:$PORT, $n OSDs; stop with: $0 stop $dir"
}

osds_up() {
  local want=$1
  ceph --connect-timeout 5 osd stat -f json |
    python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d["num_up_osds"]==d["num_in_osds"]==int(sys.argv[1]) else 1)' "$want"
}

mgr_active() {
  ceph --connect-timeout 5 mgr stat -f json |
    python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin).get("available") else 1)'
}

cmd=${1:-}
dir=${2:-}
if [ "$cmd" = reap ]; then
  # For a caller that knows no other test's cluster is running (a test holding the test
  # lock): a cluster still alive now is a killed test's, whose clean-up never ran.
  if [ -f "$OWNER" ]; then
    say "stopping the cluster left in $(cat "$OWNER")"
    stop_owner
  fi
  exit 0
fi
[ -n "$cmd" ] && [ -n "$dir" ] || die "usage: $0 start DIR DEV... | status DIR | mon-stop DIR | mon-start DIR | stop DIR | reap"
shift 2
case $cmd in
  start) do_start "$dir" "$@" ;;
  stop)
    [ -d "$dir" ] || die "$dir: no such directory"
    dir=$(cd "$dir" && pwd)
    do_stop "$dir"
    ;;
  status)
    [ -d "$dir" ] || die "$dir: no such directory"
    alive "$dir" || die "not running"
    ceph --connect-timeout 5 -s
    ;;
  mon-stop)
    # A mon that goes away (what a workflow waiting on Ceph must survive).
    [ -f "$dir/run/mon.a.pid" ] || die "no mon pid file in $dir/run"
    pid=$(cat "$dir/run/mon.a.pid")
    kill "$pid" 2>/dev/null || true
    end=$((SECONDS + 60))
    while kill -0 "$pid" 2>/dev/null; do
      [ $SECONDS -lt $end ] || die "the mon (pid $pid) did not stop"
      sleep 0.2
    done
    ;;
  mon-start)
    ceph-mon -i a -c "$CONF" --setuser ceph --setgroup ceph
    wait_for 60 ceph --connect-timeout 5 -s || die "the mon did not answer (see $dir/log/mon.a.log)"
    ;;
  *) die "unknown command $cmd (start, stop, status, mon-stop, mon-start, reap)" ;;
esac
