#!/usr/bin/env bash
# A throw-away cephadm-managed Ceph 16 cluster on this machine, for tests and for trying raidctl
# by hand: one node (a `systemd-nspawn --boot` Debian with its own systemd, as cephadm deploys
# every daemon as a systemd unit and this machine's PID 1 is not systemd), one mon, one mgr and
# one raw BlueStore OSD per block device given, all containers of a Ceph image built here from
# Debian's own packages (no registry).
#
#   scripts/cephadm-test-cluster.sh image                 (root; build the cache if absent, print it)
#   scripts/cephadm-test-cluster.sh cached                (exit 0 when the cache is there)
#   scripts/cephadm-test-cluster.sh start DIR [--bind[-ro] PATH]... DEV...
#   scripts/cephadm-test-cluster.sh exec DIR CMD...       (CMD in the node's namespaces)
#   scripts/cephadm-test-cluster.sh attach DIR DEV        (a block device made later, into the node)
#   scripts/cephadm-test-cluster.sh status DIR
#   scripts/cephadm-test-cluster.sh stop DIR
#   scripts/cephadm-test-cluster.sh reap                  (stop every node started and not stopped)
#
# DEV: block devices (loop devices allowed); each is bound into the node at its own path and
# gets a raw OSD through the orchestrator (`ceph orch daemon add osd cephnode1:DEV raw`; lvm
# OSDs are impossible here: no device-mapper). --bind PATH shows a host path in the node at the
# same path, writable (a simulator's directory); --bind-ro PATH read-only (a binary under
# test). The host's /run/udev is shown read-only at /run/udev, so Ceph names a device by the
# udev properties written there.
#
# The cache (the node's root file system, with cephadm, podman and ceph-common, and the Ceph
# image in a read-only podman image store) is built once by mmdebstrap and kept under
# $RAIDCTL_CEPHADM_CACHE (default /var/cache/raidctl-test/cephadm)/<hash of the recipe>: it must
# be owned by root and writable by nobody else. A node runs on an overlay over it: what it
# writes goes to DIR, so the cache stays pristine and a start takes no copy.
#
# What this machine needs worked around (each said where it is done): systemd is not PID 1
# (the nspawn node); no device-mapper (raw OSDs); the cgroup controllers are read-only inside
# nspawn (a podman wrapper, containers.conf); /proc/sys is read-only (a sysctl wrapper); the
# clock is shared (chrony -x). Settings fit 2 cores: one mgr, no crash or monitoring daemons,
# pool size 2 / min_size 1 on one host.
set -euo pipefail

CACHE_ROOT=${RAIDCTL_CEPHADM_CACHE:-/var/cache/raidctl-test/cephadm}
IMAGE=localhost/ceph-deb:16
NODE=cephnode1
SUITE=bookworm
MIRRORS=(
  "deb http://deb.debian.org/debian $SUITE main"
  "deb http://deb.debian.org/debian $SUITE-updates main"
  "deb http://deb.debian.org/debian-security $SUITE-security main"
)
# The Ceph image: what cephadm runs for the mon, the mgr (with its cephadm module) and the
# OSDs (ceph-volume with mount, e2fsprogs and lvm2's tools, which it calls).
IMAGE_PKGS=ceph-mon,ceph-mgr,ceph-osd,ceph-base,ceph-common,ceph-mgr-modules-core,ceph-mgr-cephadm,cephadm,openssh-client,lvm2,udev,procps,iproute2,ca-certificates,python3-yaml,kmod,python3-execnet,python3-distutils,mount,e2fsprogs
# The node: systemd, sshd (the mgr manages the host over SSH), podman, cephadm (which checks
# for chrony and lvm2), ceph-common (the CLI).
NODE_PKGS=systemd,systemd-sysv,dbus,openssh-server,openssh-client,python3,podman,crun,conmon,catatonit,cephadm,ceph-common,lvm2,chrony,iproute2,procps,kmod,util-linux,ca-certificates
# Debian's ceph-mgr-cephadm 16.2.15 imports `remoto`, which bookworm lacks: PyPI's, pure
# Python, pinned by its hash.
REMOTO="remoto==1.2.1 --hash=sha256:3bad101711b28bb6d339b8e04f835b3645d81735c1f3d496bad8004cd667ade8"

die() { echo "cephadm-test-cluster: $*" >&2; exit 1; }
say() { echo "cephadm-test-cluster: $*" >&2; }

# Waits up to $1 seconds for the command after it to succeed, polling every 0.5 s.
wait_for() {
  local limit=$1; shift
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $end ] || return 1
    sleep 0.5
  done
}

need_root() { [ "$(id -u)" = 0 ] || die "needs root (mounts, systemd-nspawn, block devices)"; }

need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || die "$t missing (apt-get install mmdebstrap systemd-container util-linux python3-venv)"
  done
}

# --- the cache ------------------------------------------------------------------------------

# The files the recipe writes into the node, as a function so that its text is in the hash.
node_files() {
  local r=$1
  echo "$NODE" >"$r/etc/hostname"
  printf '127.0.0.1 localhost %s\n::1 localhost ip6-localhost ip6-loopback\n' "$NODE" >"$r/etc/hosts"
  # systemd makes a machine id at each boot: every node is a new machine.
  : >"$r/etc/machine-id"
  # cephadm only checks that a time service is active: it must never set the shared clock.
  echo 'DAEMON_OPTS="-F 1 -x"' >"$r/etc/default/chrony"
  # cephadm bind-mounts /run/udev into the mon and OSD containers; no udevd runs in a container.
  echo 'd /run/udev 0755 root root -' >"$r/etc/tmpfiles.d/raidctl-udev.conf"
  mkdir -p "$r/etc/containers" "$r/var/lib/containers/image-store" "$r/var/lib/containers/storage"
  # The cgroup controllers are read-only inside nspawn here ("mkdir /sys/fs/cgroup/runtime:
  # read-only file system"): no cgroups for containers. No journald for podman's events either.
  cat >"$r/etc/containers/containers.conf" <<'EOF'
[containers]
cgroups = "disabled"
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
  # The image lives in a read-only store (the cache's, bound in); containers' layers in the
  # node's own store (DIR/storage, a real file system: overlay cannot stack on the overlay root).
  cat >"$r/etc/containers/storage.conf" <<'EOF'
[storage]
driver = "overlay"
graphroot = "/var/lib/containers/storage"
runroot = "/run/containers/storage"
[storage.options]
additionalimagestores = ["/var/lib/containers/image-store"]
EOF
  # cephadm asks for cgroups and limits the cgroup-less node cannot give.
  cat >"$r/usr/local/bin/podman" <<'EOF'
#!/bin/sh
# raidctl test node: no cgroups here (read-only controllers inside nspawn).
for a do
  shift
  case $a in
    --cgroups=split) set -- "$@" --cgroups=disabled ;;
    --pids-limit=* | --memory=*) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec /usr/bin/podman "$@"
EOF
  # cephadm's OSD deploy runs `sysctl --system`: /proc/sys is read-only in the node, and those
  # are global knobs of the shared machine that a test must not change anyway.
  cat >"$r/usr/local/sbin/sysctl" <<'EOF'
#!/bin/sh
# raidctl test node: /proc/sys is read-only here; the knobs are the machine's, not the node's.
/usr/sbin/sysctl "$@" >/dev/null 2>&1
exit 0
EOF
  chmod 755 "$r/usr/local/bin/podman" "$r/usr/local/sbin/sysctl"
  # Nothing the node does not need at boot.
  local u
  for u in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service \
    fstrim.timer lvm2-monitor.service lvm2-lvmpolld.socket dm-event.socket \
    systemd-timesyncd.service getty@.service console-getty.service; do
    ln -sf /dev/null "$r/etc/systemd/system/$u"
  done
  # The mgr logs in as root over SSH with the key bootstrap installs.
  mkdir -p "$r/etc/ssh/sshd_config.d"
  echo 'PermitRootLogin prohibit-password' >"$r/etc/ssh/sshd_config.d/raidctl-test.conf"
}

# The Ceph image's extras: remoto for the mgr's cephadm module.
image_files() {
  local r=$1 dl=$2
  tar -xzf "$dl"/remoto-1.2.1.tar.gz -C "$dl"
  cp -r "$dl/remoto-1.2.1/remoto" "$r/usr/lib/python3/dist-packages/"
  rm -rf "$r/usr/lib/python3/dist-packages/remoto/tests"
}

recipe_hash() {
  {
    declare -f node_files image_files build_cache import_image
    echo "$SUITE ${MIRRORS[*]} $IMAGE $NODE $IMAGE_PKGS $NODE_PKGS $REMOTO"
  } | sha256sum | cut -c1-16
}

# A directory of root's that nobody else can write, and so are the directories above it (a
# sticky one like /tmp aside): a test cache must not be something another user could have put
# there or could change.
check_owner() {
  local p=$1 uid mode
  while :; do
    read -r uid mode < <(stat -c '%u %a' "$p") || die "cannot stat $p"
    [ "$uid" = 0 ] || die "$p is not owned by root: refusing it as the cache"
    if [ $((0$mode & 022)) != 0 ] && { [ "$p" = "$1" ] || [ ! -k "$p" ]; }; then
      die "$p is writable by others than root: refusing it as the cache"
    fi
    [ "$p" = / ] && return 0
    p=$(dirname "$p")
  done
}

import_image() {
  local rootfs=$1 store=$2 tar=$3
  # podman from the node's root file system, in a mount namespace of its own that dies with it;
  # the store as its main one there (the node reads it as an additional, read-only store).
  unshare --mount --propagation private --fork sh -ec '
    r=$1; store=$2; tar=$3; image=$4
    # The root a mount point: podman remounts it private when it unpacks a layer.
    mount --bind "$r" "$r"
    mount -t proc proc "$r/proc"
    mount --rbind /dev "$r/dev"
    mount --rbind /sys "$r/sys"
    for d in run tmp var/tmp; do mount -t tmpfs tmpfs "$r/$d"; done
    mount --bind "$store" "$r/var/lib/containers/storage"
    mount --bind "$(dirname "$tar")" "$r/mnt"
    printf "[storage]\ndriver = \"overlay\"\ngraphroot = \"/var/lib/containers/storage\"\nrunroot = \"/run/containers/storage\"\n" >"$r/tmp/storage.conf"
    CONTAINERS_STORAGE_CONF=/tmp/storage.conf chroot "$r" /usr/bin/podman import \
      --change "ENV CEPH_VOLUME_ALLOW_LOOP_DEVICES=1" --change "CMD [\"/bin/bash\"]" \
      "/mnt/$(basename "$tar")" "$image" >/dev/null 2>"$r/../import.log" || { cat "$r/../import.log" >&2; exit 1; }
  ' sh "$rootfs" "$store" "$tar" "$IMAGE"
}

# Builds the cache at $1 (about 3 minutes): the node's root, the image, the image store.
build_cache() {
  local cache=$1 tmp
  tmp=$(mktemp -d "$CACHE_ROOT/.build.XXXXXX")
  say "building the node and the Ceph image in $cache (mmdebstrap, a few minutes)"
  /usr/bin/python3 -m venv "$tmp/venv" >/dev/null
  echo "$REMOTO" >"$tmp/req.txt"
  "$tmp/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
    --require-hashes -r "$tmp/req.txt" -d "$tmp/dl" >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log" >&2; die "pip download remoto"; }
  # Both at once: mostly waiting on the mirror and on dpkg's syncs.
  mmdebstrap --quiet --variant=apt --include="$IMAGE_PKGS" \
    --customize-hook="$(declare -f image_files); image_files \"\$1\" $tmp/dl" \
    --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
    "$SUITE" "$tmp/image.tar" "${MIRRORS[@]}" >"$tmp/image.log" 2>&1 &
  local image_pid=$!
  mmdebstrap --quiet --variant=apt --include="$NODE_PKGS" \
    --customize-hook="NODE=$NODE; $(declare -f node_files); node_files \"\$1\"" \
    --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
    "$SUITE" "$tmp/rootfs" "${MIRRORS[@]}" >"$tmp/rootfs.log" 2>&1 ||
    { wait "$image_pid" || true; tail -30 "$tmp/rootfs.log" >&2; die "mmdebstrap of the node"; }
  say "the node's root file system at ${SECONDS} s"
  wait "$image_pid" || { tail -30 "$tmp/image.log" >&2; die "mmdebstrap of the image"; }
  say "the image at ${SECONDS} s"
  mkdir "$tmp/store"
  import_image "$tmp/rootfs" "$tmp/store" "$tmp/image.tar" || die "podman import of the image"
  say "imported at ${SECONDS} s"
  rm -rf "$tmp/image.tar"
  mkdir "$tmp/done"
  mv "$tmp/rootfs" "$tmp/store" "$tmp/done/"
  mv "$tmp/done" "$cache"
  rm -rf "$tmp"
}

# The directories missing on the way to $1, made readable by all and writable by root (those
# there are taken as they are, or refused by check_owner).
make_dirs() {
  [ -d "$1" ] && return 0
  make_dirs "$(dirname "$1")"
  mkdir -m 755 "$1"
}

# The cache for this recipe, built when absent; prints its path.
ensure_cache() {
  need_root
  make_dirs "$CACHE_ROOT"
  check_owner "$CACHE_ROOT"
  local cache
  cache=$CACHE_ROOT/$(recipe_hash)
  exec 8>"$CACHE_ROOT/.lock"
  flock 8
  # A build cut short left its directory (we hold the lock: no build is running); the caches
  # of other recipes (older checkouts) go once unused for a week (a start touches its own).
  rm -rf "$CACHE_ROOT"/.build.*
  find "$CACHE_ROOT" -mindepth 1 -maxdepth 1 -type d -regex '.*/[0-9a-f]+' ! -path "$cache" \
    -mtime +7 -exec rm -rf {} +
  [ ! -d "$cache" ] || touch "$cache"
  if [ ! -d "$cache" ]; then
    need mmdebstrap unshare
    [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null ||
      die "/usr/bin/python3 cannot make a venv (apt-get install python3-venv)"
    build_cache "$cache"
  fi
  flock -u 8
  exec 8>&-
  check_owner "$cache"
  [ -x "$cache/rootfs/usr/sbin/cephadm" ] && [ -d "$cache/store/overlay-images" ] ||
    die "$cache is incomplete: remove it and run again"
  echo "$cache"
}

# --- the node -------------------------------------------------------------------------------

leader() { cat "$1/leader" 2>/dev/null; }

# Every node this script started and has not stopped, by DIR: a test killed before its stop
# leaves its node running, and `reap` stops those.
REGISTRY=/run/raidctl-cephadm-test
reg_file() { echo "$REGISTRY/$(echo "$1" | sha256sum | cut -c1-16)"; }
register() { mkdir -p "$REGISTRY" && echo "$1" >"$(reg_file "$1")"; }
unregister() { rm -f "$(reg_file "$1")"; }

# The node is running: its systemd is the leader recorded at start.
running() {
  local l
  l=$(leader "$1") || return 1
  [ -n "$l" ] && [ "$(cat /proc/"$l"/comm 2>/dev/null)" = systemd ] &&
    [ "$(stat -L -c %d:%i /proc/"$l"/root/)" = "$(stat -c %d:%i "$1/root/")" ]
}

# CMD in all the node's namespaces, with a clean environment.
node() {
  local dir=$1; shift
  nsenter --target "$(leader "$dir")" --all \
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
}

ceph_in() {
  local dir=$1; shift
  node "$dir" timeout 60 ceph --connect-timeout 10 "$@"
}

# The nspawn and its children in a cgroup of their own (nspawn --keep-unit, without a systemd
# outside, makes its payload cgroup under its own: two nodes must not share one).
cgroup_dirs() {
  local h
  for h in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified; do
    if [ -d "$h" ]; then echo "$h/raidctl-cephadm-$(echo "$1" | sha256sum | cut -c1-16)"; fi
  done
}

boot() {
  local dir=$1; shift
  local cache=$1; shift
  local g args=()
  for g in $(cgroup_dirs "$dir"); do mkdir -p "$g"; done
  args+=(--bind="$dir/storage:/var/lib/containers/storage")
  args+=(--bind-ro="$cache/store:/var/lib/containers/image-store")
  [ -d /run/udev ] && args+=(--bind-ro=/run/udev)
  args+=("$@")
  # SYSTEMD_SECCOMP=0: podman inside needs the system calls nspawn's filter denies.
  # --keep-unit --register=no: no systemd or machined outside to ask.
  env SYSTEMD_SECCOMP=0 CGROUPS="$(cgroup_dirs "$dir" | tr '\n' ' ')" ROOT="$dir/root" NODE=$NODE \
    setsid sh -c '
    for g in $CGROUPS; do echo $$ >"$g/cgroup.procs" || exit 1; done
    exec systemd-nspawn --quiet --directory="$ROOT" --boot --machine="$NODE" --hostname="$NODE" \
      --private-network --register=no --keep-unit --link-journal=no --capability=all \
      --console=passive "$@"' sh "${args[@]}" \
    </dev/null >"$dir/console.log" 2>&1 &
  echo $! >"$dir/nspawn.pid"
}

do_start() {
  local dir=$1; shift
  local binds=() devs=() dev
  while [ $# -gt 0 ]; do
    case $1 in
      --bind) [ $# -ge 2 ] || die "--bind needs a path"; binds+=("--bind=$2"); shift 2 ;;
      --bind-ro) [ $# -ge 2 ] || die "--bind-ro needs a path"; binds+=("--bind-ro=$2"); shift 2 ;;
      *) devs+=("$1"); shift ;;
    esac
  done
  [ ${#devs[@]} -gt 0 ] || die "usage: start DIR [--bind PATH]... DEV..."
  need_root
  need systemd-nspawn nsenter setsid unshare flock
  for dev in "${devs[@]}"; do [ -b "$dev" ] || die "$dev is not a block device"; done
  local cache
  cache=$(ensure_cache)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  running "$dir" && die "a node already runs from $dir"
  [ -e "$dir/root" ] && die "$dir holds an unfinished node: $0 stop $dir first"
  mkdir -p "$dir"/{upper,work,root,storage}
  # From here on a failed start stops what it started (its logs stay in DIR).
  START_DIR=$dir
  trap 'rc=$?; [ $rc = 0 ] || { say "start failed; stopping"; do_stop "$START_DIR"; }' EXIT
  register "$dir"
  mount -t overlay overlay -o "lowerdir=$cache/rootfs,upperdir=$dir/upper,workdir=$dir/work" "$dir/root"
  local b=()
  for dev in "${devs[@]}"; do b+=("--bind=$dev"); done
  boot "$dir" "$cache" "${b[@]}" "${binds[@]}"
  local pid l=
  pid=$(cat "$dir/nspawn.pid")
  local end=$((SECONDS + 60))
  while [ $SECONDS -lt $end ]; do
    l=$(cat /proc/"$pid"/task/*/children 2>/dev/null | awk '{print $1; exit}')
    [ -n "$l" ] && [ "$(cat /proc/"$l"/comm 2>/dev/null)" = systemd ] && break
    l=
    kill -0 "$pid" 2>/dev/null || { cat "$dir/console.log" >&2; die "systemd-nspawn exited"; }
    sleep 0.1
  done
  [ -n "$l" ] || { cat "$dir/console.log" >&2; die "no systemd in the node"; }
  echo "$l" >"$dir/leader"
  wait_for 60 node "$dir" test -S /run/systemd/private || die "the node's systemd does not answer"
  local st
  st=$(node "$dir" timeout 120 systemctl is-system-running --wait 2>/dev/null || true)
  [ "$st" = running ] || [ "$st" = degraded ] || die "the node's system is '$st'"
  [ "$st" = running ] || node "$dir" systemctl --failed --no-pager >&2 || true
  wait_for 60 node "$dir" systemctl is-active --quiet ssh chrony || die "sshd or chrony not active in the node"
  say "node up at ${SECONDS} s; bootstrapping"
  bootstrap "$dir"
  say "bootstrapped at ${SECONDS} s; adding ${#devs[@]} OSDs"
  # One orchestrator call for all: one `raw prepare` each, then one deploy round.
  local list
  list=$(IFS=,; echo "${devs[*]}")
  ceph_in "$dir" orch daemon add osd "$NODE:$list" raw >"$dir/osd-add.log" 2>&1 ||
    { cat "$dir/osd-add.log" >&2; die "ceph orch daemon add osd $NODE:$list raw failed"; }
  wait_for 180 osds_up "$dir" "${#devs[@]}" || die "not all ${#devs[@]} OSDs up and in"
  # One OSD cannot hold the two copies pools default to: the only warning expected.
  local expected=
  [ ${#devs[@]} -ge 2 ] || expected=TOO_FEW_OSDS
  wait_for 180 healthy "$dir" "$expected" || { ceph_in "$dir" health detail >&2 || true; die "not HEALTH_OK"; }
  trap - EXIT
  say "running at ${SECONDS} s: fsid $(cat "$dir/fsid"), ${#devs[@]} OSDs, $(ceph_in "$dir" health); stop with: $0 stop $dir"
}

bootstrap() {
  local dir=$1
  # Small pools on one host; no SMART scraping (loop devices have none); the image by its
  # name, not a registry digest; PG stats every second and no recovery sleep (as in
  # ceph-test-cluster.sh: safe-to-destroy and ok-to-stop answer from fresh stats).
  cat >"$dir/root/root/initial.conf" <<'EOF'
[global]
osd_pool_default_size = 2
osd_pool_default_min_size = 1
osd_pool_default_pg_autoscale_mode = off
mon_allow_pool_size_one = true
mon_allow_pool_delete = true
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 1
mon_data_avail_crit = 0
osd_memory_target = 943718400
osd_memory_target_autotune = false
bluestore_cache_autotune = false
bluestore_cache_size = 134217728
osd_op_num_shards = 1
osd_op_num_threads_per_shard = 2
osd_recovery_sleep_hdd = 0
osd_recovery_sleep_hybrid = 0
osd_max_backfills = 8
mgr_stats_period = 1
mgr_tick_period = 1
auth_allow_insecure_global_id_reclaim = false
device_failure_prediction_mode = none
[mgr]
mgr/cephadm/use_repo_digest = false
mgr/devicehealth/enable_monitoring = false
EOF
  # --orphan-initial-daemons: one mon and one mgr, left as they are, no crash daemon (the
  # second mgr would cost half a GiB). --skip-mon-network: no CIDR to infer on loopback.
  node "$dir" cephadm --image "$IMAGE" bootstrap --mon-ip 127.0.0.1 --single-host-defaults \
    --skip-pull --skip-monitoring-stack --skip-dashboard --skip-firewalld --skip-mon-network \
    --orphan-initial-daemons --config /root/initial.conf --allow-overwrite \
    >"$dir/bootstrap.log" 2>&1 || { tail -40 "$dir/bootstrap.log" >&2; die "cephadm bootstrap failed"; }
  node "$dir" sh -c 'ls /var/lib/ceph | grep -E "^[0-9a-f-]{36}$"' >"$dir/fsid" ||
    die "no cluster directory in the node after bootstrap"
}

osds_up() {
  local dir=$1 want=$2
  ceph_in "$dir" osd stat -f json |
    node "$dir" python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d["num_up_osds"]==d["num_in_osds"]==int(sys.argv[1]) else 1)' "$want"
}

# HEALTH_OK, or warnings named in $2 (comma-separated check names) only.
healthy() {
  ceph_in "$1" health -f json | node "$1" python3 -c '
import json, sys
h = json.load(sys.stdin)
sys.exit(0 if h["status"] == "HEALTH_OK" or set(h["checks"]) <= set(sys.argv[1].split(",")) else 1)' "$2"
}

# Everything under DIR that is mounted, deepest first.
mounts_under() {
  awk -v d="$1" '$5 == d || index($5, d "/") == 1 {print $5}' /proc/self/mountinfo | sort -r
}

do_stop() {
  local dir=$1 pid fsid m g
  if running "$dir"; then
    # The cluster's fsid, also when the start stopped before it was recorded.
    fsid=$(cat "$dir/fsid" 2>/dev/null || node "$dir" sh -c 'ls /var/lib/ceph | grep -E "^[0-9a-f-]{36}$"' || true)
    if [ -n "$fsid" ]; then
      node "$dir" timeout 120 cephadm rm-cluster --fsid "$fsid" --force >"$dir/rm-cluster.log" 2>&1 ||
        say "cephadm rm-cluster failed (see $dir/rm-cluster.log); stopping the node anyway"
    fi
  fi
  pid=$(cat "$dir/nspawn.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ "$(cat /proc/"$pid"/comm)" = systemd-nspawn ]; then
    # SIGTERM makes nspawn ask the node's systemd to power off.
    kill -TERM "$pid"
    local end=$((SECONDS + 60))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
    end=$((SECONDS + 10))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.2; done
  fi
  # Whatever is left in the node's cgroups (a node killed mid-way) goes too.
  for g in $(cgroup_dirs "$dir"); do
    [ -d "$g" ] || continue
    local p
    for p in $(find "$g" -name cgroup.procs -exec cat {} + 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
    local end=$((SECONDS + 10))
    while [ -d "$g" ] && [ $SECONDS -lt $end ]; do
      find "$g" -depth -type d -exec rmdir {} + 2>/dev/null || sleep 0.2
    done
  done
  for m in $(mounts_under "$dir"); do umount "$m" 2>/dev/null || umount -l "$m" || true; done
  rm -rf "$dir"/{upper,work,root,storage,leader,nspawn.pid}
  unregister "$dir"
}

cmd=${1:-}
[ -n "$cmd" ] || die "usage: $0 image | cached | reap | start DIR [--bind[-ro] PATH]... DEV... | exec DIR CMD... | attach DIR DEV | status DIR | stop DIR"
shift
case $cmd in
  image) ensure_cache ;;
  cached) [ -d "$CACHE_ROOT/$(recipe_hash)/store/overlay-images" ] ;;
  reap)
    # For a caller that knows no node of another is running (a test holding the test lock).
    for f in "$REGISTRY"/*; do
      [ -f "$f" ] || continue
      d=$(cat "$f")
      if [ -d "$d" ]; then say "stopping the node left in $d"; do_stop "$d"; fi
      rm -f "$f"
    done
    ;;
  start)
    [ $# -ge 2 ] || die "usage: start DIR [--bind PATH]... DEV..."
    dir=$1; shift
    do_start "$dir" "$@"
    ;;
  exec)
    [ $# -ge 2 ] || die "usage: exec DIR CMD..."
    dir=$(cd "$1" && pwd); shift
    running "$dir" || die "no node runs from $dir"
    node "$dir" "$@"
    ;;
  attach)
    # A block device made after the start (a replacement drive's), as a node in the node's
    # /dev (its own tmpfs): the same major:minor, so the same device.
    [ $# = 2 ] || die "usage: attach DIR DEV"
    dir=$(cd "$1" && pwd)
    [ -b "$2" ] || die "$2 is not a block device"
    running "$dir" || die "no node runs from $dir"
    node "$dir" sh -ec '[ -b "$1" ] || mknod -m 660 "$1" b "$2" "$3"; chgrp disk "$1"' sh "$2" \
      "$((0x$(stat -c %t "$2")))" "$((0x$(stat -c %T "$2")))"
    ;;
  status)
    [ $# = 1 ] || die "usage: status DIR"
    dir=$(cd "$1" && pwd)
    running "$dir" || die "not running"
    ceph_in "$dir" -s
    ;;
  stop)
    [ $# = 1 ] || die "usage: stop DIR"
    [ -d "$1" ] || die "$1: no such directory"
    dir=$(cd "$1" && pwd)
    do_stop "$dir"
    ;;
  *) die "unknown command $cmd (image, cached, reap, start, exec, attach, status, stop)" ;;
esac
