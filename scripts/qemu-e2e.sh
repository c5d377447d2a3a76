#!/usr/bin/env bash
# End-to-end test of the native MFI backend against the real megaraid_sas driver: boots a
# Debian kernel under QEMU (TCG, megasas-gen2 with scsi-hd disks) with raidctl in a busybox
# initramfs, runs `raidctl --backend native status/check/collect` in the guest and
# writes the serial console of each topology to $OUT/<topology>.log, where
# tests/integration/qemu.rs reads the RAIDCTL-BEGIN/RAIDCTL-END blocks and asserts on them.
#
# Topologies: single (one adapter, 3 disks), two (two adapters with distinct serials),
# unplug (3 disks, one removed through QMP while the guest polls).
#
# Exit 0 when every topology ran, 77 (with the reason on stderr) when QEMU, busybox or the
# kernel package cannot be had, anything else on failure.
#
# Environment: RAIDCTL_E2E_DIR (cache and output, default target/qemu-e2e), RAIDCTL_E2E_BIN
# (a raidctl binary, static or linked against this host's glibc; default: a static one built
# here), RAIDCTL_E2E_ACCEL (default tcg: this machine kind's
# KVM cannot run stock kernels), RAIDCTL_E2E_TOPOLOGIES (default "single two unplug").
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIR=${RAIDCTL_E2E_DIR:-$ROOT/target/qemu-e2e}
OUT=$DIR/out
ACCEL=${RAIDCTL_E2E_ACCEL:-tcg}
TOPOLOGIES=${RAIDCTL_E2E_TOPOLOGIES:-single two unplug}
mkdir -p "$DIR" "$OUT"

skip() { echo "qemu-e2e: SKIP: $*" >&2; exit 77; }
log() { echo "qemu-e2e: $*" >&2; }

command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 not installed (apt-get install qemu-system-x86)"
qemu-system-x86_64 -device help 2>/dev/null | grep -q '"megasas-gen2"' ||
  skip "this QEMU has no megasas-gen2 device"
BUSYBOX=$(command -v busybox || true)
[ -n "$BUSYBOX" ] || skip "busybox not installed (apt-get install busybox-static)"
file_out=$(LC_ALL=C od -An -c -N4 "$BUSYBOX" | tr -d ' ')
[ "$file_out" = '177ELF' ] || skip "$BUSYBOX is not an ELF binary"
static() { case "$(LC_ALL=C ldd "$1" 2>&1)" in *'not a dynamic'* | *'statically linked'*) return 0 ;; *) return 1 ;; esac; }
static "$BUSYBOX" || skip "$BUSYBOX is dynamically linked (install busybox-static)"

# 1. The kernel: whatever linux-image-amd64 depends on today, cached by package name.
resolve() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
PKG=${RAIDCTL_E2E_KERNEL_PKG:-$(resolve)}
if [ -z "$PKG" ] && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null 2>&1 || true
  PKG=$(resolve)
fi
[ -n "$PKG" ] || skip "cannot resolve the kernel package behind linux-image-amd64 (apt-cache)"
KDIR=$DIR/kernel/$PKG
if [ ! -f "$KDIR/.done-sd" ]; then
  log "fetching $PKG"
  rm -rf "$KDIR" && mkdir -p "$KDIR/deb"
  (cd "$KDIR/deb" && apt-get download "$PKG" >/dev/null 2>&1) ||
    skip "apt-get download $PKG failed (no network or mirror?)"
  dpkg-deb -x "$KDIR"/deb/*.deb "$KDIR/root"
  rm -rf "$KDIR/deb"
  VMLINUZ=$(ls "$KDIR"/root/boot/vmlinuz-* | head -1)
  # The uncompressed vmlinux boots through the PVH entry, skipping the slow in-guest
  # decompression under TCG; fall back to the bzImage when extraction fails.
  off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$VMLINUZ" | head -1 | cut -d: -f1 || true)
  if [ -n "$off" ] && command -v xz >/dev/null; then
    tail -c +$((off + 1)) "$VMLINUZ" | xz -dc > "$KDIR/vmlinux" 2>/dev/null || true
    if [ "$(LC_ALL=C od -An -c -N4 "$KDIR/vmlinux" 2>/dev/null | tr -d ' ')" != '177ELF' ]; then
      rm -f "$KDIR/vmlinux"
    fi
  fi
  # The module closure of megaraid_sas and sd_mod, in load order (dependencies first), from the
  # `depends=` fields of the modules' .modinfo; the rest of the package is not kept.
  MODROOT=$(ls -d "$KDIR"/root/lib/modules/* | head -1)
  find_mod() { find "$MODROOT/kernel" -name "$1.ko" -o -name "${1//_/-}.ko" | head -1; }
  ORDER=()
  add_mod() {
    local name=$1 f deps d
    for d in "${ORDER[@]:-}"; do [ "$(basename "$d" .ko | tr - _)" = "$name" ] && return 0; done
    f=$(find_mod "$name")
    [ -n "$f" ] || return 0 # built in
    deps=$(LC_ALL=C grep -aoE 'depends=[a-z0-9_,-]*' "$f" | head -1 | cut -d= -f2 | tr , ' ')
    for d in $deps; do add_mod "$(echo "$d" | tr - _)"; done
    ORDER+=("$f")
  }
  add_mod megaraid_sas
  # The SCSI disk driver: each VD and system drive becomes /dev/sdX, as on a host.
  add_mod sd_mod
  [ ${#ORDER[@]} -gt 0 ] || skip "megaraid_sas.ko not found in $PKG"
  mkdir -p "$KDIR/mods"
  for f in "${ORDER[@]}"; do cp "$f" "$KDIR/mods/" && basename "$f" >> "$KDIR/mods/order"; done
  [ -f "$KDIR/vmlinux" ] || cp "$VMLINUZ" "$KDIR/vmlinuz"
  rm -rf "$KDIR/root"
  touch "$KDIR/.done-sd"
fi
KERNEL=$KDIR/vmlinux
[ -f "$KERNEL" ] || KERNEL=$KDIR/vmlinuz

# 3. A static raidctl.
BIN=${RAIDCTL_E2E_BIN:-}
if [ -z "$BIN" ]; then
  log "building a static raidctl"
  RUSTFLAGS='-C target-feature=+crt-static' cargo build --quiet --locked --profile e2e \
    --target x86_64-unknown-linux-gnu --bin raidctl
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/x86_64-unknown-linux-gnu/e2e/raidctl
fi
# A dynamically linked raidctl (the test suite's own build) goes in with the libraries the
# loader needs, at their paths, and without its debug sections (which would triple the
# initramfs): the guest runs the very binary the other tests run, and CI builds no fourth
# profile for it.
LIBS=
if ! static "$BIN"; then
  command -v objcopy >/dev/null || skip "objcopy not installed (apt-get install binutils)"
  LIBS=$(LC_ALL=C ldd "$BIN" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}')
  [ -n "$LIBS" ] || { echo "qemu-e2e: ldd names no libraries of $BIN" >&2; exit 1; }
fi

# 4. The initramfs (uncompressed newc cpio: no compressor needed on either side).
IR=$DIR/initramfs
rm -rf "$IR" && mkdir -p "$IR"/{bin,dev,proc,sys,tmp,mods}
cp "$BUSYBOX" "$IR/bin/busybox"
if [ -n "$LIBS" ]; then
  objcopy --strip-debug "$BIN" "$IR/bin/raidctl"
  for l in $LIBS; do
    mkdir -p "$IR$(dirname "$l")"
    cp -L "$l" "$IR$l"
  done
else
  cp "$BIN" "$IR/bin/raidctl"
fi
cp "$KDIR"/mods/* "$IR/mods/"
# A BlueStore label as `ceph-osd --mkfs` wrote it (osd.7), for the OSD join in the guest.
cp "$ROOT/fixtures/ceph/bluestore-label-osd7.bin" "$IR/label.bin"
cat > "$IR/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /mods/order); do insmod "/mods/$m"; done
topo=$(sed -n 's/.*raidctl.topo=\([a-z]*\).*/\1/p' /proc/cmdline)
want=$(sed -n 's/.*raidctl.hosts=\([0-9]*\).*/\1/p' /proc/cmdline)
i=0
while [ "$(ls /sys/class/scsi_host 2>/dev/null | wc -l)" -lt "${want:-1}" ] && [ $i -lt 200 ]; do
  sleep 0.1; i=$((i + 1))
done
export RAIDCTL_STATE_DIR=/tmp/raidctl HOME=/tmp
run() {
  name=$1; shift
  echo "RAIDCTL-BEGIN $name"
  "$@" 2>/tmp/stderr
  rc=$?
  sed 's/^/STDERR: /' /tmp/stderr
  echo "RAIDCTL-END $name rc=$rc"
}
ndrives() { raidctl --backend native status --format json --max-age 0 2>/dev/null | grep -c '"slot"'; }
echo "RAIDCTL-TOPOLOGY $topo uptime $(cut -d' ' -f1 /proc/uptime)"
run status raidctl --backend native status --format json --max-age 0
run check raidctl --backend native check --max-age 0
run doctor raidctl doctor
run collect raidctl --backend native collect --level quick --total-limit 16MiB -o /tmp/bundle.tar.gz
run bundle tar tzf /tmp/bundle.tar.gz
run replay raidctl status --format json --from-bundle /tmp/bundle.tar.gz
run time sh -c 'up() { cut -d" " -f1 /proc/uptime; }; a=$(up); for i in 1 2 3 4 5; do raidctl --backend native status --format json --max-age 0 >/dev/null; done; b=$(up); for i in 1 2 3 4 5; do raidctl --version >/dev/null; done; c=$(up); echo "status x5: $a -> $b; raidctl --version x5: $b -> $c"; raidctl --backend native status --format json --max-age 0 | grep vendor_calls'
if [ "$topo" = single ]; then
  # osd.7 as a host shows it without Ceph installed: its directory names the disk whose label
  # says osd.7; raidctl places it through the real driver's sysfs and the controller.
  osddev=
  for b in /sys/block/sd*; do
    n=${b##*/}
    [ "$(head -c 22 "/dev/$n")" = "bluestore block device" ] && osddev=/dev/$n
  done
  o=/var/lib/ceph/osd/ceph-7
  mkdir -p $o
  echo 7 > $o/whoami
  echo bluestore > $o/type
  head -c 59 /label.bin | tail -c 36 > $o/fsid
  ln -s "$osddev" $o/block
  run osdstatus raidctl --backend native status --format json --max-age 0
  run osdlocate raidctl --backend native replace-drive --osd 7 --dry-run
fi
if [ "$topo" = unplug ]; then
  before=$(ndrives)
  echo "RAIDCTL-UNPLUG-READY"
  i=0
  while [ "$(ndrives)" = "$before" ] && [ $i -lt 60 ]; do sleep 0.2; i=$((i + 1)); done
  run after raidctl --backend native status --format json --max-age 0
fi
echo "RAIDCTL-DONE uptime $(cut -d' ' -f1 /proc/uptime)"
poweroff -f
EOF
chmod +x "$IR/init"
(cd "$IR" && find . | "$BUSYBOX" cpio -o -H newc 2>/dev/null) > "$DIR/initramfs.cpio"

# 5. Boot each topology.
disk() { [ -f "$DIR/disk-$1.img" ] || truncate -s "$2" "$DIR/disk-$1.img"; }
disk a 64M; disk b 96M; disk c 128M; disk d 80M
# disk b carries osd.7's label (the single topology's OSD join).
dd if="$ROOT/fixtures/ceph/bluestore-label-osd7.bin" of="$DIR/disk-b.img" conv=notrunc status=none

qmp() { # send one QMP command to 127.0.0.1:$1
  exec 3<>"/dev/tcp/127.0.0.1/$1"
  read -r -t 5 _ <&3 || true
  echo '{"execute":"qmp_capabilities"}' >&3
  read -r -t 5 _ <&3 || true
  echo "$2" >&3
  read -r -t 5 reply <&3 || true
  exec 3>&-
  log "QMP $2 -> ${reply:-no reply}"
}

boot() {
  local topo=$1 hosts=1 port=$((20000 + RANDOM % 20000)) args=()
  case $topo in
    single | unplug)
      args=(-device megasas-gen2,id=scsi0
        -drive "file=$DIR/disk-a.img,if=none,id=d0,format=raw" -device scsi-hd,id=hd0,drive=d0,bus=scsi0.0,scsi-id=0
        -drive "file=$DIR/disk-b.img,if=none,id=d1,format=raw" -device scsi-hd,id=hd1,drive=d1,bus=scsi0.0,scsi-id=1
        -drive "file=$DIR/disk-c.img,if=none,id=d2,format=raw" -device scsi-hd,id=hd2,drive=d2,bus=scsi0.0,scsi-id=2) ;;
    two)
      hosts=2
      args=(-device megasas-gen2,id=scsi0,hba_serial=FIRSTHBA1
        -drive "file=$DIR/disk-a.img,if=none,id=d0,format=raw" -device scsi-hd,id=hd0,drive=d0,bus=scsi0.0,scsi-id=0
        -drive "file=$DIR/disk-b.img,if=none,id=d1,format=raw" -device scsi-hd,id=hd1,drive=d1,bus=scsi0.0,scsi-id=1
        -device megasas-gen2,id=scsi1,hba_serial=SECONDHBA
        -drive "file=$DIR/disk-d.img,if=none,id=d3,format=raw" -device scsi-hd,id=hd3,drive=d3,bus=scsi1.0,scsi-id=0) ;;
    *) echo "unknown topology $topo" >&2; return 2 ;;
  esac
  local logf=$OUT/$topo.log
  : > "$logf"
  local t0=$SECONDS
  timeout 150 qemu-system-x86_64 -machine "q35,accel=$ACCEL" -cpu max -m 320 -smp 1 \
    -kernel "$KERNEL" -initrd "$DIR/initramfs.cpio" \
    -append "console=ttyS0 panic=-1 quiet raidctl.topo=$topo raidctl.hosts=$hosts" \
    -nographic -no-reboot -nic none -qmp "tcp:127.0.0.1:$port,server=on,wait=off" \
    "${args[@]}" > "$logf" 2>&1 &
  local pid=$!
  if [ "$topo" = unplug ]; then
    local i=0
    while ! grep -q RAIDCTL-UNPLUG-READY "$logf" && kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do
      sleep 0.1; i=$((i + 1))
    done
    qmp $port '{"execute":"device_del","arguments":{"id":"hd2"}}'
  fi
  local rc=0
  wait $pid || rc=$?
  log "$topo: qemu exited $rc after $((SECONDS - t0)) s"
  echo "RAIDCTL-BOOT-SECONDS $((SECONDS - t0))" >> "$logf"
  grep -q RAIDCTL-DONE "$logf" || { log "$topo: the guest did not finish; see $logf"; return 1; }
}

failed=0
for t in $TOPOLOGIES; do boot "$t" || failed=1; done
exit $failed
