#!/usr/bin/env bash
# The README's promise, checked where it is easiest to break: on a fresh Debian with only Rust
# and build-essential (no tmux, promtool, Ceph, QEMU, procps, python3), `cargo test --locked`,
# run as a plain user on a fresh clone of this checkout's HEAD, exits 0 and says what it
# skipped and why. docs/development.md, "A fresh Debian".
#
# Root (debootstrap, systemd-nspawn). The Debian (the host's release, minbase plus
# build-essential) and a user `dev` are built once and cached under $FRESH_DEBIAN_CACHE
# (/var/cache/raidctl-fresh-debian); the user's cargo registry and the clone's target/ stay there
# too, so a rerun builds only what changed. The Rust toolchain is the host's active one (`rustc
# --print sysroot`), bound read-only at /opt/rust: nothing else of the host is visible. The
# crates are fetched on the host (`cargo fetch --locked`, into the user's ~/.cargo), so the
# container needs no certificates or proxy of this machine: it runs with no network but its own
# loopback, and cargo offline. Arguments go to `cargo test` (`--test integration terminal`,
# say); CI=true passes through, so `CI=true scripts/fresh-debian-test.sh` shows what CI would
# refuse to skip. Exits with cargo's status.
set -euo pipefail

src=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cache=${FRESH_DEBIAN_CACHE:-/var/cache/raidctl-fresh-debian}
suite=${FRESH_DEBIAN_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
mirror=${FRESH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$cache/rootfs-$suite
user=dev
home=/home/$user
start=$SECONDS

[ "$(id -u)" = 0 ] || { echo "fresh-debian-test: needs root (debootstrap, systemd-nspawn)" >&2; exit 77; }
for tool in debootstrap systemd-nspawn git rustc; do
  command -v "$tool" >/dev/null || { echo "fresh-debian-test: $tool is not installed" >&2; exit 77; }
done
[ -n "$suite" ] || { echo "fresh-debian-test: no VERSION_CODENAME in /etc/os-release; set FRESH_DEBIAN_SUITE" >&2; exit 2; }
# The toolchain this checkout builds with (a rust-toolchain file there would pick it).
sysroot=$(cd "$src" && rustc --print sysroot)

if [ ! -e "$root/.ready" ]; then
  echo "fresh-debian-test: building a minimal Debian $suite in $root (once)" >&2
  mkdir -p "$cache"
  rm -rf "$root.tmp"
  debootstrap --variant=minbase --include=build-essential \
    "$suite" "$root.tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
  chroot "$root.tmp" useradd --create-home --shell /bin/bash "$user"
  # Only the package lists' downloads go: the image is the installed system.
  rm -rf "$root.tmp"/var/cache/apt/archives/*.deb "$root.tmp"/var/lib/apt/lists/*
  touch "$root.tmp/.ready"
  rm -rf "$root"
  mv "$root.tmp" "$root"
fi

# A fresh clone of HEAD (tracked files only; uncommitted changes are not tested), keeping the
# previous run's target/ so the build is incremental.
work=$root$home/raidctl
keep=$root$home/target.keep
rm -rf "$keep"
[ ! -d "$work/target" ] || mv "$work/target" "$keep"
rm -rf "$work"
git clone --quiet --no-hardlinks "$src" "$work"
git -C "$work" checkout --quiet "$(git -C "$src" rev-parse HEAD)"
[ ! -d "$keep" ] || mv "$keep" "$work/target"
# The crates, for the user (offline in there).
CARGO_HOME=$root$home/.cargo "$sysroot/bin/cargo" fetch --locked --quiet --manifest-path "$work/Cargo.toml"
chroot "$root" chown -R "$user:$user" "$home/.cargo"
commit=$(git -C "$work" log -1 --format='%h %s' | cut -c1-72)
uid=$(chroot "$root" id -u "$user")
chown -R "$uid:$uid" "$work"

# nspawn with --keep-unit and no systemd outside makes its `payload` and `supervisor` cgroups
# under the caller's: give it cgroups of its own, removed when it is done (another container
# on this machine keeps its own).
cgroups=()
for h in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified; do
  [ -d "$h" ] && cgroups+=("$h/raidctl-fresh-debian-$$")
done
cleanup() {
  local g
  for g in "${cgroups[@]}"; do
    [ -d "$g" ] || continue
    echo $$ >"$(dirname "$g")/cgroup.procs" 2>/dev/null
    find "$g" -depth -type d -exec rmdir {} + 2>/dev/null
  done
}
trap cleanup EXIT

echo "fresh-debian-test: cargo test --locked $* as $user on Debian $suite, $commit" >&2
log=$cache/cargo-test.log
env_ci=()
[ -z "${CI:-}" ] || env_ci=(--setenv=CI="$CI")
set +e
# --register=no --keep-unit: no systemd or machined outside to ask; the container ends with
# cargo.
(
  for g in "${cgroups[@]}"; do mkdir -p "$g" && echo $BASHPID >"$g/cgroup.procs" || exit 1; done
  exec systemd-nspawn --quiet --register=no --keep-unit --link-journal=no --directory="$root" \
    --bind-ro="$sysroot":/opt/rust --user="$user" --chdir="$home/raidctl" \
    --setenv=HOME="$home" --setenv=PATH=/opt/rust/bin:/usr/local/bin:/usr/bin:/bin \
    --setenv=CARGO_TERM_COLOR=never --setenv=CARGO_NET_OFFLINE=true --private-network \
    --console=pipe \
    "${env_ci[@]}" \
    -- cargo test --locked "$@"
) 2>&1 </dev/null | grep -v '^Attempted to remove disk file system under' | tee "$log"
rc=${PIPESTATUS[0]}
set -e

echo
echo "fresh-debian-test: what was skipped, and why:"
grep -E '^skipped' "$log" | sort | uniq -c | sed 's/^ */  /' || echo "  nothing"
echo "fresh-debian-test: cargo test exited $rc after $((SECONDS - start)) s (log: $log)"
exit "$rc"
