#!/usr/bin/env bash
# The fleet pieces, tested for real (root; called by .ci/run after `cargo test`):
#   1. `cargo deb` builds the package; lintian finds no error; versions agree.
#   2. `dpkg -i` installs it: /usr/bin/raidctl works, the timer is enabled (and by the preset),
#      `systemd-analyze verify` accepts the units, the service's command (run by hand: no systemd
#      runs here) writes a textfile that promtool and Debian's node_exporter accept, and the
#      unit's conditions keep it from running without a controller. `dpkg --purge` at the end.
#   3. `promtool test rules`: the alert rules' unit tests, and every alert has a firing and a
#      not-firing case.
#   4. ansible-core (PyPI, in a venv) runs status.yml, collect.yml, qualify.yml, osd-prep.yml,
#      replace-osd.yml and, once the package is purged, install.yml (check mode, then for real)
#      against three local hosts, each with its own simulated controller and its own loop
#      devices; one drive on node2 is throttled with cgroup v1 blkio, and qualify.yml must find
#      it there.
# Settings (environment): FLEET_KEEP=1 keeps the work directory (logs, inventory, results).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TERM_COLOR=never

[ "$(id -u)" = 0 ] || { echo "fleet-test: needs root (dpkg -i, losetup, cgroups)" >&2; exit 2; }
for tool in cargo-deb lintian promtool systemd-analyze losetup curl; do
  command -v "$tool" >/dev/null || { echo "fleet-test: $tool missing (.ci/run installs it)" >&2; exit 2; }
done

work=$(mktemp -d /var/tmp/raidctl-fleet.XXXXXX)
# The drives' backing files (and the simulators, whose new VDs are sparse files) live in
# memory: the same speed for every unthrottled drive, as far as a shared machine allows.
disks=$(mktemp -d /dev/shm/raidctl-fleet.XXXXXX)
loops=()
cgroup=/sys/fs/cgroup/blkio/raidctl-fleet-$$
cleanup() {
  set +e
  if [ -d "$cgroup" ]; then
    echo $BASHPID > /sys/fs/cgroup/blkio/cgroup.procs
    rmdir "$cgroup"
  fi
  for l in "${loops[@]}"; do losetup -d "$l"; done
  rm -rf "$disks"
  dpkg --purge raidctl >/dev/null 2>&1
  if [ -z "${FLEET_KEEP:-}" ]; then
    rm -rf "$work" /var/tmp/raidctl-qualify-node?-* /var/tmp/raidctl-osd-prep-node?-* /var/tmp/raidctl-bundle-node?-*
  else
    echo "fleet-test: kept $work"
  fi
}
trap cleanup EXIT

step() { printf '\n== fleet-test: %s (%ss)\n' "$*" "$SECONDS"; }
fail() { echo "fleet-test: FAILED: $*" >&2; exit 1; }

# --- 1. the package ---------------------------------------------------------------------------
step "cargo deb"
# --fast: lighter xz compression, the same contents.
cargo deb --locked --quiet --fast > "$work/deb.out"
deb=$(grep '\.deb$' "$work/deb.out" | grep -v dbgsym | tail -1)
[ -f "$deb" ] || fail "cargo deb did not say where the .deb is: $(cat "$work/deb.out")"
echo "$deb"
version=$(cargo metadata --no-deps --format-version 1 --locked | /usr/bin/python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "raidctl"))')
[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || fail "package version $(dpkg-deb -f "$deb" Version), Cargo.toml $version"
head -1 debian/changelog | grep -qF "raidctl ($version-1)" || fail "debian/changelog does not start with $version-1"

step "lintian"
lintian --fail-on error "$deb"

step "dpkg -i"
dpkg -i "$deb"
/usr/bin/raidctl --version | grep -qxF "raidctl $version" || fail "raidctl --version: $(/usr/bin/raidctl --version)"
set +e
/usr/bin/raidctl --sim degraded --sim-state "$work/installed-sim" status > "$work/status.out"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q Degraded "$work/status.out" || fail "raidctl --sim degraded status: exit $rc: $(cat "$work/status.out")"
[ "$(stat -c %a /var/lib/raidctl)" = 700 ] || fail "/var/lib/raidctl is $(stat -c %a /var/lib/raidctl), not 0700"
[ -d /var/lib/prometheus/node-exporter ] || fail "no textfile directory"
# docs/fleet.md: the packaged fallback of every alert's runbook_url (its "Alert reference").
for f in /usr/share/man/man1/raidctl.1.gz /usr/share/bash-completion/completions/raidctl \
  /usr/share/zsh/vendor-completions/_raidctl /usr/share/fish/vendor_completions.d/raidctl.fish \
  /usr/share/doc/raidctl/README.md /usr/share/doc/raidctl/docs/fleet.md; do
  [ -s "$f" ] || fail "$f missing"
done
if ! dpkg -L raidctl | grep -E 'sim$|-sim$'; then :; else fail "simulator binaries are packaged"; fi

step "units: enabled, preset, verify"
[ "$(systemctl --root=/ is-enabled raidctl-metrics.timer)" = enabled ] || fail "timer not enabled after install"
systemctl --root=/ --quiet disable raidctl-metrics.timer
systemctl --root=/ --quiet preset raidctl-metrics.timer
[ "$(systemctl --root=/ is-enabled raidctl-metrics.timer)" = enabled ] || fail "the preset does not enable the timer"
systemd-analyze verify /usr/lib/systemd/system/raidctl-metrics.timer /usr/lib/systemd/system/raidctl-metrics.service
systemd-analyze security --offline=yes --no-pager /usr/lib/systemd/system/raidctl-metrics.service | tail -1

step "the service's command, by hand"
exec_start=$(sed -n 's/^ExecStart=//p' /usr/lib/systemd/system/raidctl-metrics.service)
textfile=/var/lib/prometheus/node-exporter/raidctl.prom
rm -f "$textfile"
# On the simulator: the state of a degraded controller.
RAIDCTL_SIM=degraded $exec_start || fail "$exec_start on the simulator"
promtool check metrics < "$textfile"
grep -qx 'raidctl_scrape_success 1' "$textfile" || fail "no raidctl_scrape_success 1"
grep -q 'raidctl_ld_state{adapter="0",target_id="1",state="degraded"} 1' "$textfile" || fail "degraded VD not in the textfile"
[ "$(stat -c %a "$textfile")" = 644 ] || fail "textfile mode $(stat -c %a "$textfile"): node_exporter runs as another user"
# The consumer: Debian's node_exporter, unpacked (not installed), reading the textfile directory.
(cd "$work" && { apt-get download -qq prometheus-node-exporter 2>/dev/null || { apt-get update -qq && apt-get download -qq prometheus-node-exporter; }; })
dpkg-deb -x "$work"/prometheus-node-exporter_*.deb "$work/node-exporter"
"$work/node-exporter/usr/bin/prometheus-node-exporter" --collector.disable-defaults --collector.textfile \
  --collector.textfile.directory=/var/lib/prometheus/node-exporter --web.listen-address=127.0.0.1:19917 \
  > "$work/node-exporter.log" 2>&1 &
ne_pid=$!
for _ in $(seq 50); do curl -sf http://127.0.0.1:19917/metrics > "$work/node-exporter.out" && break; sleep 0.1; done
kill "$ne_pid"
grep -qx 'node_textfile_scrape_error 0' "$work/node-exporter.out" || fail "node_exporter could not read the textfile: $(cat "$work/node-exporter.log")"
grep -q "^node_textfile_mtime_seconds{file=\"$textfile\"}" "$work/node-exporter.out" || fail "node_exporter did not read $textfile"
grep -q '^raidctl_ld_state{adapter="0",state="degraded",target_id="1"} 1' "$work/node-exporter.out" || fail "node_exporter does not export the degraded VD"
echo "node_exporter exports $(grep -c '^raidctl_' "$work/node-exporter.out") raidctl series"
# Without a controller (this machine has none): nothing to manage, exit 0, and the textfile
# says so (scrape_success 1, controllers 0) instead of paging as a failed scrape.
set +e
$exec_start 2>/dev/null
rc=$?
set -e
[ "$rc" = 0 ] || fail "$exec_start without a controller: exit $rc, expected 0 (nothing to manage)"
grep -qx 'raidctl_scrape_success 1' "$textfile" || fail "no raidctl_scrape_success 1 without a controller"
grep -qx 'raidctl_controllers 0' "$textfile" || fail "no raidctl_controllers 0 without a controller"
promtool check metrics < "$textfile"
# This machine has no MegaRAID/PERC driver: the unit's conditions keep it from running.
mapfile -t conditions < <(grep '^Condition' /usr/lib/systemd/system/raidctl-metrics.service)
# The conditions name the drivers of what raidctl manages: an HBA-only host (mpt3sas) has
# nothing to manage, so the unit does not run there.
if printf '%s\n' "${conditions[@]}" | grep -q mpt3sas; then
  fail "the service's conditions include mpt3sas, a plain HBA raidctl does not manage"
fi
if [ -e /sys/bus/pci/drivers/megaraid_sas ] || [ -e /sys/bus/pci/drivers/mpi3mr ]; then
  systemd-analyze condition "${conditions[@]}"
else
  if systemd-analyze condition "${conditions[@]}" > "$work/condition.out" 2>&1; then
    fail "the service would run on a machine without a controller: $(cat "$work/condition.out")"
  fi
  grep -q 'Conditions failed' "$work/condition.out" || fail "$(cat "$work/condition.out")"
fi

# --- 2. alert rules ---------------------------------------------------------------------------
step "promtool check rules, test rules"
promtool check rules contrib/prometheus/raidctl.rules.yml
promtool test rules contrib/prometheus/raidctl.rules.test.yml

# --- 3. ansible-core in a venv (kept between runs) ---------------------------------------------
step "ansible-core"
venv=${XDG_CACHE_HOME:-$HOME/.cache}/raidctl/ansible-venv-2.19
if [ ! -x "$venv/bin/ansible-playbook" ]; then
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet 'ansible-core==2.19.*'
fi
"$venv/bin/ansible-playbook" --version > "$work/ansible-version"; head -1 "$work/ansible-version"
"$venv/bin/python" scripts/fleet_check.py alerts contrib/prometheus/raidctl.rules.yml contrib/prometheus/raidctl.rules.test.yml
export ANSIBLE_NOCOLOR=1 ANSIBLE_FORCE_COLOR=0 ANSIBLE_RETRY_FILES_ENABLED=0 ANSIBLE_HOST_KEY_CHECKING=0
export ANSIBLE_LOCAL_TEMP=$work/ansible-tmp ANSIBLE_REMOTE_TEMP=$work/ansible-remote-tmp
export ANSIBLE_FORKS=5

# --- 4. three local hosts ---------------------------------------------------------------------
step "three hosts: simulated controllers and loop devices"
for n in 1 2 3; do
  mkdir -p "$work/node$n"
  /usr/bin/raidctl --quiet --sim ceph-node --sim-state "$disks/node$n-sim" status >/dev/null || true
  for d in a b; do
    img=$disks/node$n-$d.img
    truncate -s 128M "$img"
    loops+=("$(losetup -f --show --direct-io=on "$img")")
  done
done
# node2: a failed RAID 1 member (critical); node3: media errors on a spare drive (warning).
/usr/bin/raidctl --quiet --sim-state "$disks/node2-sim" sim fail 32:0 >/dev/null
/usr/bin/raidctl --quiet --sim-state "$disks/node3-sim" sim media-errors 32:13 5 >/dev/null
# node2's second drive, genuinely slower: blkio throttling of its loop device for this script
# and everything it starts (ansible, raidctl).
slow=${loops[3]}
mkdir "$cgroup"
echo $BASHPID > "$cgroup/cgroup.procs"
majmin=$(lsblk -dno MAJ:MIN "$slow" | tr -d ' ')
echo "$majmin 8388608" > "$cgroup/blkio.throttle.read_bps_device"
echo "$majmin 8388608" > "$cgroup/blkio.throttle.write_bps_device"
echo "$majmin 400" > "$cgroup/blkio.throttle.read_iops_device"
echo "$majmin 400" > "$cgroup/blkio.throttle.write_iops_device"
echo "node2's ${slow} ($majmin) throttled to 8 MB/s and 400 IOPS"

inventory=$work/inventory.yml
{
  echo "all:"
  echo "  vars:"
  echo "    ansible_connection: local"
  echo "    ansible_python_interpreter: $venv/bin/python"
  echo "    raidctl_fleet_dir: $work/controller"
  echo "    raidctl_controller_command: [/usr/bin/raidctl]"
  echo "    raidctl_qualify_profile: smoke"
  # Three hosts measuring at once on one 2-core machine: read results differ by up to 13x (fail below 1/20)
  # between identical unthrottled loop devices (writes and syncs far more, hence read-only),
  # the throttled one is 50-100x slower; the overlay widens only the peer limits.
  echo "    raidctl_qualify_profile_file: $root/scripts/fleet-peer-profile.json"
  echo "    raidctl_qualify_remote_dir: $work/remote"
  echo "    raidctl_collect_remote_dir: $work/remote"
  echo "    raidctl_collect_level: quick"
  echo "  hosts:"
  for n in 1 2 3; do
    a=${loops[$(( (n - 1) * 2 ))]} b=${loops[$(( (n - 1) * 2 + 1 ))]}
    echo "    node$n:"
    echo "      raidctl_command: [/usr/bin/raidctl, --sim-state, $disks/node$n-sim]"
    echo "      raidctl_qualify_devices: [$a, $b]"
  done
} > "$inventory"
mkdir -p "$work/remote"
cat "$inventory"

playbook() {
  local name=$1 log=$2
  shift 2
  set +e
  "$venv/bin/ansible-playbook" -i "$inventory" "contrib/ansible/$name" "$@" > "$log" 2>&1
  local rc=$?
  set -e
  echo "ansible-playbook $name $*: exit $rc"
  grep -E '^(node[0-9]|localhost) +:' "$log" || true
  return $rc
}
check() { "$venv/bin/python" scripts/fleet_check.py "$@" || { echo "--- log:"; cat "${@: -1}"; fail "$1"; }; }

step "status.yml"
rc=0; playbook status.yml "$work/status1.log" || rc=$?
[ "$rc" = 2 ] || { cat "$work/status1.log"; fail "status.yml: exit $rc, expected 2 (node2 is critical)"; }
check status "$work/controller/status" "$work/status1.log"
rc=0; playbook status.yml "$work/status2.log" --check || rc=$?
[ "$rc" = 2 ] || { cat "$work/status2.log"; fail "status.yml --check: exit $rc"; }
check unchanged "$work/status2.log"

step "collect.yml"
playbook collect.yml "$work/collect0.log" --check -e raidctl_collect_id=checkmode || { cat "$work/collect0.log"; fail "collect.yml --check"; }
[ -z "$(ls "$work/remote")" ] || fail "collect.yml --check wrote $(ls "$work/remote")"
playbook collect.yml "$work/collect1.log" -l node1,node3 -e raidctl_collect_id=t1 || { cat "$work/collect1.log"; fail "collect.yml"; }
for n in 1 3; do
  (cd "$work/controller/bundles/node$n" && sha256sum -c --quiet "raidctl-bundle-node$n-t1.tar.gz.sha256") || fail "node$n bundle"
  /usr/bin/raidctl --quiet status --from-bundle "$work/controller/bundles/node$n/raidctl-bundle-node$n-t1.tar.gz" >/dev/null || [ $? = 1 ] || fail "node$n bundle does not evaluate"
done
[ ! -e "$work/controller/bundles/node2" ] || fail "collect.yml -l node1,node3 collected node2"
playbook collect.yml "$work/collect2.log" -l node1,node3 -e raidctl_collect_id=t1 || { cat "$work/collect2.log"; fail "collect.yml again"; }
check unchanged "$work/collect2.log"

step "qualify.yml"
playbook qualify.yml "$work/qualify0.log" --check -e raidctl_qualify_id=checkmode || { cat "$work/qualify0.log"; fail "qualify.yml --check"; }
[ -z "$(ls "$work/remote" | grep qualify)" ] || fail "qualify.yml --check ran qualify"
rc=0; playbook qualify.yml "$work/qualify1.log" -e raidctl_qualify_id=q1 || rc=$?
[ "$rc" = 2 ] || { cat "$work/qualify1.log"; fail "qualify.yml: exit $rc, expected 2 (FAIL on node2)"; }
check qualify "$work/controller/qualify/q1/fleet.json" node2 "$slow" "$work/qualify1.log"

step "osd-prep.yml"
playbook osd-prep.yml "$work/osd0.log" --check -e raidctl_osd_drives=32:2,32:3 -e raidctl_osd_mode=raid0 -e raidctl_qualify_id=o0 || { cat "$work/osd0.log"; fail "osd-prep.yml --check"; }
grep -q -- '-CfgLdAdd -r0\[32:2\]' "$work/osd0.log" && grep -q 'dry run: nothing changed' "$work/osd0.log" || { cat "$work/osd0.log"; fail "osd-prep.yml --check shows no plan"; }
# Write tests on the simulator's sparse files: their verdicts are whatever this busy machine
# measures (a FAIL fails the play), so only the flow is checked here.
rc=0; playbook osd-prep.yml "$work/osd1.log" -e raidctl_osd_drives=32:2,32:3 -e raidctl_osd_mode=raid0 -e raidctl_qualify_id=o1 || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 2 ] || { cat "$work/osd1.log"; fail "osd-prep.yml: exit $rc"; }
check osdprep "$work/controller/qualify/o1/fleet.json" "$work/osd1.log"
rc2=0; playbook osd-prep.yml "$work/osd2.log" -e raidctl_osd_drives=32:2,32:3 -e raidctl_qualify_id=o1 || rc2=$?
[ "$rc2" = "$rc" ] || { cat "$work/osd2.log"; fail "osd-prep.yml again: exit $rc2, first run $rc"; }
check unchanged "$work/osd2.log"

step "replace-osd.yml"
# node2's failed RAID 1 member: the plan in check mode, then the replacement itself (the
# simulator inserts a blank drive); one host at a time.
playbook replace-osd.yml "$work/replace0.log" --check -l node2 -e raidctl_replace_drive=32:0 || { cat "$work/replace0.log"; fail "replace-osd.yml --check"; }
grep -q -- '-PdMarkMissing -PhysDrv\[32:0\]' "$work/replace0.log" && grep -q 'dry run: nothing was changed' "$work/replace0.log" || { cat "$work/replace0.log"; fail "replace-osd.yml --check shows no plan"; }
rc=0; playbook replace-osd.yml "$work/replace1.log" -l node2 -e raidctl_replace_drive=32:0 -e raidctl_replace_serial=WRONG || rc=$?
# Refused (the refusal names no expected serial: it is read from the label).
[ "$rc" != 0 ] && grep -q 'is not the serial of the drive in' "$work/replace1.log" || { cat "$work/replace1.log"; fail "replace-osd.yml with a wrong serial: exit $rc"; }
playbook replace-osd.yml "$work/replace2.log" -l node2 -e raidctl_replace_drive=32:0 -e raidctl_replace_serial=ZA1A2B00 || { cat "$work/replace2.log"; fail "replace-osd.yml"; }
grep -q 'replaced \[32:0\]' "$work/replace2.log" || { cat "$work/replace2.log"; fail "replace-osd.yml reports no replacement"; }

step "dpkg --purge"
dpkg --purge raidctl
for f in /usr/bin/raidctl /var/lib/raidctl "$textfile" /etc/systemd/system/timers.target.wants/raidctl-metrics.timer; do
  [ ! -e "$f" ] || fail "$f is still there after dpkg --purge"
done

step "install.yml"
# The package is purged: check mode installs and writes nothing; a real run installs the .deb
# built above, enables the timer and writes the NRPE command, its sudo rule and Icinga 2's
# CheckCommand (into the work directory: this machine's /etc stays as it was); a second run
# changes nothing.
inst=$work/install
mkdir -p "$inst/icinga2"
install_vars=(-l node1 -e "raidctl_package_deb=$(realpath "$deb")" -e raidctl_remote_dir="$work/remote"
  -e raidctl_nrpe=true -e raidctl_nrpe_dir="$inst/nrpe.d" -e raidctl_sudoers_file="$inst/sudoers-raidctl"
  -e raidctl_icinga2_conf_dir="$inst/icinga2")
playbook install.yml "$work/install0.log" --check "${install_vars[@]}" || { cat "$work/install0.log"; fail "install.yml --check"; }
if dpkg -s raidctl >/dev/null 2>&1 || [ -e "$inst/nrpe.d" ] || [ -e "$inst/sudoers-raidctl" ] || [ -n "$(ls "$inst/icinga2")" ]; then
  cat "$work/install0.log"; fail "install.yml --check changed something"
fi
grep -q 'would copy .* and install it' "$work/install0.log" || { cat "$work/install0.log"; fail "install.yml --check does not say what it would install"; }
playbook install.yml "$work/install1.log" "${install_vars[@]}" || { cat "$work/install1.log"; fail "install.yml"; }
dpkg -s raidctl | grep -qx 'Status: install ok installed' || fail "install.yml did not install the package"
[ "$(systemctl --root=/ is-enabled raidctl-metrics.timer)" = enabled ] || fail "install.yml: timer not enabled"
cmp contrib/nrpe/raidctl.cfg "$inst/nrpe.d/raidctl.cfg" || fail "install.yml: NRPE command"
cmp contrib/icinga2/raidctl.conf "$inst/icinga2/raidctl.conf" || fail "install.yml: Icinga 2 CheckCommand"
visudo -cf "$inst/sudoers-raidctl" >/dev/null || fail "install.yml: the sudo rule does not parse"
[ "$(stat -c %a "$inst/sudoers-raidctl")" = 440 ] || fail "install.yml: sudo rule mode $(stat -c %a "$inst/sudoers-raidctl")"
# The rule allows exactly the command line NRPE runs.
nrpe_cmd=$(sed -n 's|^command\[check_raid\]=/usr/bin/sudo -n ||p' contrib/nrpe/raidctl.cfg)
grep -qxF "nagios ALL=(root) NOPASSWD: $nrpe_cmd" "$inst/sudoers-raidctl" || fail "install.yml: the sudo rule is not NRPE's command ($nrpe_cmd)"
playbook install.yml "$work/install2.log" "${install_vars[@]}" || { cat "$work/install2.log"; fail "install.yml again"; }
check unchanged "$work/install2.log"
dpkg --purge raidctl >/dev/null

step "passed"
