# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_raidctl_global_optspecs
    string join \n format= color= wide sim= sim-state= megacli= backend= sys-root= osd-root= ceph-root= t/timeout= state-dir= smart-max-age= ceph-conf= ceph-name= q/quiet h/help V/version
end

function __fish_raidctl_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_raidctl_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_raidctl_using_subcommand
    set -l cmd (__fish_raidctl_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c raidctl -n "__fish_raidctl_needs_command" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_needs_command" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_needs_command" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_needs_command" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_needs_command" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_needs_command" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_needs_command" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_needs_command" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_needs_command" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_needs_command" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_needs_command" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "generate" -d 'Generate the man page or shell completions (for packaging)'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "parse" -d 'Parse captured MegaCli, storcli/perccli or omreport output into the typed model'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "status" -d 'Show adapters, logical and physical drives, and the problems found, with suggested next commands'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "check" -d 'Nagios/Icinga plugin: one summary line, one line per problem, perfdata'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "metrics" -d 'Prometheus metrics in the text exposition format'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "ceph" -d 'Ceph\'s own device health learns what the controller knows'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "collect" -d 'Gather a support bundle: controller logs and inventory, SMART, host context and raidctl\'s own view, in one verifiable .tar.gz with a manifest and a .sha256 file'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "qualify" -d 'Qualify raw drives before they become Ceph OSDs: I/O suite, SMART gates, peer comparison, verdicts (exit 0 PASS, 1 WARN, 2 FAIL, 3 INCONCLUSIVE)'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "osd-prep" -d 'Turn Unconfigured(good) drives into single-drive RAID0 or JBOD, qualify them, delete again the new VD of a drive that FAILs, and print the `ceph-volume lvm create` line for each passing drive'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "doctor" -d 'Explain which vendor tool raidctl uses for the controllers in this machine, and what is missing ("this SAS40xx controller on mpi3mr needs perccli2; only perccli found")'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "sim" -d 'The simulated controller: act on its physical world, run its vendor tools, or put them on PATH for other programs'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "replace-drive" -d 'Replace a drive, guided: pre-checks, locate and confirm by serial, then the flow the drive\'s VD needs. A redundant VD: offline, mark missing, spin down, swap, check the new drive, replace the missing row, rebuild to optimal. A single-drive RAID0 or JBOD (the Ceph OSD layout): offline while it serves I/O, spin down, swap, the dead VD\'s pinned cache and the VD itself, recreate it as it was, qualify the new drive, verify. Journaled; `raidctl resume` continues after a crash'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "resume" -d 'Continue an interrupted workflow from its journal (the newest unfinished one by default), after re-verifying the live state'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "inventory" -d 'The drives raidctl remembers (what each held, its OSDs, when it was last seen), so a drive that vanished is noticed; `forget E:S|SERIAL` acknowledges one that is not coming back (check stops reporting it missing)'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "workflows" -d 'List workflow journals, newest first, by how each ended; `dismiss ID` sets an unfinished one aside (status and check stop showing it; nothing on the controller changes)'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "foreign" -d 'Foreign configurations: scan, show, import, clear'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "hotspare" -d 'Hot spares: add (global, or dedicated to a VD) or remove'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "rebuild" -d 'Rebuilds: start, stop, status, watch'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "pd" -d 'Physical drive actions: locate, make-good, offline, online (a force-online)'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "adapter" -d 'Adapter settings: alarm, battery warning, rebuild rate'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "ld" -d 'Logical drives: create, delete, or change a VD\'s cache policy'
complete -c raidctl -n "__fish_raidctl_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l dir -d '`man`: write every page (raidctl.1 and one per subcommand) into DIR instead of printing raidctl.1' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand generate" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l kind -d 'Command kind: `auto`, or one of adpallinfo, adpcount, adpgetpciinfo, encinfo, ldinfo, pdlist, pdinfo, ldpdinfo, bbu, bbustatus, eventlog, cfgdsply, foreign-scan, foreign-dsply, foreign-preview, foreign-clear, foreign-import, pdgetmissing, progress, fwtermlog, showsummary, version, action, empty, eventloginfo, phyerrorcounters, adpgettime; storcli-json, storcli2-json, storcli-text; omreport-ssv, omreport-text, omreport-health, omreport-version, omreport-log. `--kind help` lists the kinds and how each is detected' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand parse" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l max-age -d 'Reuse a cached snapshot up to this old (0: always ask the controller; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l full-read-after -d 'Past --max-age, reuse the cached snapshot while no adapter\'s event log moved (one vendor call), for at most this long after its last full read (0: never; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l from-bundle -d 'Evaluate a support bundle (`raidctl collect`) offline instead of the controller; its files are checked against its manifest first (exit 4 when they do not match)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand status" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l max-age -d 'Reuse a cached snapshot up to this old (0: always ask the controller; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l full-read-after -d 'Past --max-age, reuse the cached snapshot while no adapter\'s event log moved (one vendor call), for at most this long after its last full read (0: never; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l from-bundle -d 'Evaluate a support bundle offline instead of the controller (CRITICAL when its files do not match its manifest)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l state -d 'Give a rule\'s findings another level: ok (dropped), info, warning, critical (`--state ld-rebuilding=critical`). Repeatable; the last one for a rule wins' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l ignore -d 'Drop the findings of a rule, or of one drive by bay (`32:4`) or serial. A drive\'s own findings only: its VD\'s still count. Repeatable' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l expect-drives -d 'Drives the controllers must list: fewer is CRITICAL, more WARNING' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l expect-spares -d 'Hot spares the controllers must list: any other number is WARNING' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l expect-vds -d 'VDs the controllers must list: fewer is CRITICAL, more WARNING' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l config -d 'The site\'s tuning: `state RULE=LEVEL`, `ignore RULE|E:S|SERIAL`, `expect-drives N` (and -spares, -vds), one per line; the options above add to it. Default /etc/raidctl/check.conf when it exists' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -s v -l verbose -d 'Long output after the problems: one line per VD and per drive, with its state (the monitoring-plugins `-v`)'
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand check" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l max-age -d 'Reuse a cached snapshot up to this old (0: always ask the controller; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l full-read-after -d 'Past --max-age, reuse the cached snapshot while no adapter\'s event log moved (one vendor call), for at most this long after its last full read (0: never; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l textfile-dir -d 'Write `raidctl.prom` atomically into this directory (node_exporter\'s textfile collector) instead of printing' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l compat -d 'Another collector\'s series instead of raidctl\'s own: `storcli-py`, the `megaraid_*` series of node_exporter\'s storcli.py (same names and labels), written as `storcli.prom` with --textfile-dir' -r -f -a "storcli-py\t'node_exporter\'s storcli.py textfile collector (`megaraid_*`)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l ceph-sync -d 'After the metrics, when the Ceph cluster answered, run `raidctl ceph sync` on the same state (Ceph\'s life expectancy of the devices of OSDs whose drives are at risk; its defaults). Its changes and failures are said on standard error; a failed change makes the run exit 2 (the metrics are written all the same)'
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand metrics" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -f -a "sync" -d 'Set (and clear again) Ceph\'s life expectancy of the devices whose drives are at risk'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and not __fish_seen_subcommand_from sync help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l window -d 'The failure window set: from now to this far ahead. Ceph\'s devicehealth warns once the window\'s end is within `mgr/devicehealth/warn_threshold` (default 7 weeks) and, with `self_heal`, marks the OSD out within `mark_out_threshold` (default 4 weeks): the default two weeks does both at once. 1h to 365d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l wear-threshold -d 'SSD wear (percentage of rated life used, SMART) at or above which a drive counts as at risk (`smart-wear` warns from 90)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l max-age -d 'Reuse a cached controller snapshot up to this old (0: always ask the controller; at most 1d). Ceph is asked every time' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l dry-run -d 'Print what would be set and cleared, with the exact `ceph` command lines, and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from sync" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from help" -f -a "sync" -d 'Set (and clear again) Ceph\'s life expectancy of the devices whose drives are at risk'
complete -c raidctl -n "__fish_raidctl_using_subcommand ceph; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -s o -l output -d 'Archive to write (default: raidctl-bundle-<host>-<UTC time>.tar.gz here; a directory puts it there)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l level -d 'How much to collect: quick (logs and inventory), standard, deep (adds PHY counters, foreign previews, the tool\'s own diagnostic dump)' -r -f -a "quick\t'Event and terminal logs, the snapshot inputs, versions: the minimum for a case'
standard\t'Everything support usually asks for (the default)'
deep\t'Also PHY error counters, foreign previews and the tool\'s own diagnostic dump'"
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l since -d 'Kernel log and journal window, e.g. 7d, 12h, 30m (at most 3650d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l redact -d 'Redact these classes consistently (comma-separated: hostnames, ips, macs, serials). The mapping is written beside the archive with mode 0600, never inside it. Serial numbers are kept unless named, because RMAs need them' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l item-limit -d 'Tail-truncate each stored output at this size (e.g. 25MiB, 512KiB)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l total-limit -d 'Cap on the bundle\'s uncompressed size' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l budget -d 'Overall time budget (at most 7d); commands not started by then are skipped' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l per-command-timeout -d 'How long one command may run before it is killed (with its process group; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l force -d 'Replace FILE (and its .sha256 and redaction map) when it exists; without it an existing file is never overwritten'
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand collect" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l profile -d 'How long and how thorough: smoke (seconds), quick (< 1 min per drive), standard (minutes), burn-in (standard + full-surface write/verify)' -r -f -a "smoke\t'A few seconds per drive: every job, tiny durations (CI, demos, `--sim`)'
quick\t'Under a minute per drive'
standard\t'Minutes per drive: 30–60 s jobs, ramps, the full fdatasync ladder'
burn-in\t'Standard plus a full-surface write and verify pass'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l role -d 'Ceph role: thresholds differ for a data OSD and a shared WAL/DB device' -r -f -a "data\t'A data OSD (BlueStore block)'
wal-db\t'A shared WAL/DB device for HDD OSDs'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l json -d 'Write the JSON record (docs/qualification.md) to FILE (`-` for stdout); rewritten after each drive' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l csv -d 'Write one CSV row per drive and job to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l markdown -d 'Write a Markdown report to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l svg -d 'Write an SVG plot (MB/s by block size, latency distribution per drive) to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l destroy-data -d 'Allow write tests on the drive with this serial number (repeat per drive); a device without a serial (loop device, regular file) is confirmed by its path. ALL DATA ON IT IS DESTROYED' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l compare -d 'Compare result files (from this and other hosts) with each other, by model and firmware, and print the peer verdicts; with exactly two files, also a side-by-side table per job (A, B, B/A), e.g. a raw drive against an RBD image or a CephFS file' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l engine -d 'I/O engine: auto (io_uring for queue-depth jobs where the kernel and seccomp allow it, sync for QD1 and flushing jobs), sync (pread/pwrite threads) or uring (falls back to sync when the kernel refuses it). The record says per job which engine ran and why' -r -f -a "auto\t'io_uring for queue-depth jobs where the kernel allows it, else sync; QD1 and flushing jobs on sync (what fio\'s `psync` does and what BlueStore\'s kv_sync thread does)'
sync\t'`pread`/`pwrite`, one thread per in-flight I/O'
uring\t'io_uring, one thread per job (falls back to sync when the kernel refuses it)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l profile-file -d 'JSON threshold profile overlaying the built-in one (per class, role and model)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l html -d 'Write one self-contained HTML page (inline SVG charts, nothing fetched) to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l self-test-timeout -d 'Give the short self-test this long (whole seconds, 1s to 1d) before aborting it (INCONCLUSIVE)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l cache-tool -d 'How to toggle the drive\'s volatile write cache for the cache-on/off measurement: auto (hdparm for SATA, sdparm for SAS), hdparm, sdparm, or none' -r -f -a "auto\t'By transport: `hdparm` for SATA, `sdparm` for SAS/SCSI; nothing for NVMe, loop devices, files and drives behind a RAID controller'
hdparm\t'`hdparm -W` (ATA)'
sdparm\t'`sdparm --set WCE` (SCSI; current values only, never `--save`)'
none\t'Do not measure the write cache'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l host-name -d 'Host name recorded in the results (default: the kernel\'s), e.g. the inventory name when results from many hosts are compared' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l read-only -d 'Run only read tests; nothing is written'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l no-together -d 'Skip the all-drives-together pass'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l no-self-test -d 'Skip the SMART short self-test (the drive gets a WARN for it)'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand qualify" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -s a -l adapter -d 'Only this adapter (default: all)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l drives -d 'Only these drives (`E:S`, comma-separated)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l mode -d 'How to present each drive: auto (as the OSDs already on the adapter are; without any, as its single-drive RAID0 VDs or JBOD drives are; else JBOD where the adapter has it enabled, RAID0 where not), raid0 (single-drive RAID0 with the policy of `ld create`) or jbod' -r -f -a "auto\t'As the adapter\'s OSDs (else its single-drive VDs or JBOD drives) are; without any, JBOD where enabled, else RAID0'
raid0\t'Single-drive RAID0 with the policy of `ld create`'
jbod\t'JBOD (pass-through)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l write -d 'Write policy: auto (write-back when the adapter\'s battery or CacheVault is healthy, else write-through; the default of ld create and osd-prep), wt or wb' -r -f -a "wt\t'Write-through'
wb\t'Write-back (write-through while the battery is bad)'
auto\t'Write-back when the adapter\'s battery or CacheVault is healthy, else write-through'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l read -d 'Read-ahead: nora (the default of ld create and osd-prep), ra or adra' -r -f -a "ra\t'Read-ahead'
nora\t'No read-ahead'
adra\t'Adaptive read-ahead (storcli sets read-ahead instead)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l io -d 'I/O policy: direct (the default of ld create and osd-prep) or cached' -r -f -a "direct\t'Direct I/O'
cached\t'Cached I/O'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l pdcache -d 'The drives\' own write cache: on, off, or default (left as the drive has it: the default of ld create and osd-prep)' -r -f -a "on\t'The drives\' write cache on'
off\t'The drives\' write cache off'
default\t'As the drive has it (storcli only, for `ld set`)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l strip -d 'Strip size in KiB: 8, 16, 32, 64, 128, 256, 512 or 1024 (default: the controller\'s)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l profile -d 'Qualification profile' -r -f -a "smoke\t'A few seconds per drive: every job, tiny durations (CI, demos, `--sim`)'
quick\t'Under a minute per drive'
standard\t'Minutes per drive: 30–60 s jobs, ramps, the full fdatasync ladder'
burn-in\t'Standard plus a full-surface write and verify pass'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l role -d 'Ceph role' -r -f -a "data\t'A data OSD (BlueStore block)'
wal-db\t'A shared WAL/DB device for HDD OSDs'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l engine -d 'I/O engine (see `raidctl qualify --engine`)' -r -f -a "auto\t'io_uring for queue-depth jobs where the kernel allows it, else sync; QD1 and flushing jobs on sync (what fio\'s `psync` does and what BlueStore\'s kv_sync thread does)'
sync\t'`pread`/`pwrite`, one thread per in-flight I/O'
uring\t'io_uring, one thread per job (falls back to sync when the kernel refuses it)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l profile-file -d 'JSON threshold profile' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l json -d 'Write the qualification JSON to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l svg -d 'Write the SVG plot to FILE' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l host-name -d 'Host name recorded in the results (default: the kernel\'s)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l ceph-deploy -d 'How the OSDs of the drives that pass are created, in the lines printed (never run): auto (cephadm when this host has cephadm OSD directories or a `/var/lib/ceph/<fsid>` of the cluster, else package), package (`ceph-volume lvm create --data DEV`) or cephadm (`ceph orch daemon add osd HOST:DEV lvm|raw`)' -r -f -a "auto\t'From the host: cephadm\'s directories, else package'
package\t'Ceph\'s packages: `ceph-volume` on the host'
cephadm\t'cephadm: the orchestrator'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l read-only -d 'Only read tests on the new devices'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l dry-run -d 'Print the plan (MegaCli commands) and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l yes -d 'Confirm: create the VDs/JBODs and write-test the (unconfigured, hence empty) drives'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand osd-prep" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "exec" -d 'Run a simulated vendor tool (MegaCli64, storcli64, perccli64, omreport, omconfig, smartctl) against the state, with its own exit status'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "env" -d 'Print the shell lines that put the simulated vendor tools first in PATH (the state must outlive this command: --sim-state DIR)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "init" -d 'Create the state (replaces what is there)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "scenarios" -d 'List the scenario names'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "state" -d 'Print the state as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "calls" -d 'Print the per-command call counts as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "pull" -d 'Pull a drive out of its slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "insert" -d 'Insert a drive into an empty slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "fail" -d 'The firmware fails a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "media-errors" -d 'Set a drive\'s media error counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "predictive" -d 'Set a drive\'s predictive failure counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "smart" -d 'What the simulated smartctl says of a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "event" -d 'Log a damage event on a drive (its counters unchanged)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "bad-blocks" -d 'Set `Bad Blocks Exist` on a VD (punctured stripes)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "bbu" -d 'The battery: drain, learn cycle, replace or fail'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "reboot" -d 'Restart the controller: boot events, boot-relative times until its clock is set (`Seconds since last reboot: N`)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "advance" -d 'Advance the virtual clock (rebuild, copyback, background init, battery)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "speed" -d 'Multiply every rate (1000 finishes a rebuild in seconds)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "fault" -d 'Faults injected into the vendor tools\' answers'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "block-devices" -d 'Back every VD and JBOD drive with a loop device over a sparse file in DIR/disks (root); an offline VD or failed JBOD drive then fails I/O (EIO)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and not __fish_seen_subcommand_from exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from exec" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from env" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l from -d 'A state saved with `raidctl sim state` instead of a scenario' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from scenarios" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from state" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from calls" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from pull" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l kind -d 'What kind of drive (default: the one pulled from that slot, else a blank one)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l size-gb -d 'Its size in GB (decimal, as drive labels say)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from insert" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fail" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from media-errors" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from predictive" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from smart" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l lba -d 'The LBA it names (hex)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from event" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bad-blocks" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from bbu" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from reboot" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from advance" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from speed" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -f -a "add" -d 'Add a fault rule'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -f -a "clear" -d 'Remove every fault rule'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -f -a "list" -d 'Print the fault rules as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from fault" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -f -a "on" -d 'Attach them'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -f -a "off" -d 'Detach them'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -f -a "list" -d 'List them (`--format json` for a program)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -f -a "renumber" -d 'Move their kernel names (all, or those given), as a rescan or a reboot does'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from block-devices" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "exec" -d 'Run a simulated vendor tool (MegaCli64, storcli64, perccli64, omreport, omconfig, smartctl) against the state, with its own exit status'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "env" -d 'Print the shell lines that put the simulated vendor tools first in PATH (the state must outlive this command: --sim-state DIR)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "init" -d 'Create the state (replaces what is there)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "scenarios" -d 'List the scenario names'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "state" -d 'Print the state as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "calls" -d 'Print the per-command call counts as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "pull" -d 'Pull a drive out of its slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "insert" -d 'Insert a drive into an empty slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "fail" -d 'The firmware fails a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "media-errors" -d 'Set a drive\'s media error counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "predictive" -d 'Set a drive\'s predictive failure counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "smart" -d 'What the simulated smartctl says of a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "event" -d 'Log a damage event on a drive (its counters unchanged)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "bad-blocks" -d 'Set `Bad Blocks Exist` on a VD (punctured stripes)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "bbu" -d 'The battery: drain, learn cycle, replace or fail'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "reboot" -d 'Restart the controller: boot events, boot-relative times until its clock is set (`Seconds since last reboot: N`)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "advance" -d 'Advance the virtual clock (rebuild, copyback, background init, battery)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "speed" -d 'Multiply every rate (1000 finishes a rebuild in seconds)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "fault" -d 'Faults injected into the vendor tools\' answers'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "block-devices" -d 'Back every VD and JBOD drive with a loop device over a sparse file in DIR/disks (root); an offline VD or failed JBOD drive then fails I/O (EIO)'
complete -c raidctl -n "__fish_raidctl_using_subcommand sim; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l osd -d 'The Ceph OSD whose drive is replaced: Ceph drains it (`out`, then `safe-to-destroy`), stops and destroys it keeping its id, and after the controller steps the OSD is recreated with its id in the same mode (raw or lvm). Unattended runs name both the OSD and the drive\'s serial' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s a -l adapter -d 'Adapter, when the address exists on several' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l i-understand-data-loss -d 'Give up the data of a VD without redundancy (RAID0): its target id (the `E:S` of a JBOD drive). --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l qualify -d 'Qualify a new drive that gets a VD or JBOD of its own (RAID0, JBOD) with this profile before it carries anything (smoke, quick, standard, burn-in), or `none`' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l clear-foreign -d 'Clear foreign configuration N from the new drive (it must hold that configuration alone): the operator\'s word that it holds nothing needed' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l drain-timeout -d 'With an OSD: how long to wait for Ceph to say it is safe to destroy (and for the degraded objects to reach zero) before stopping with nothing changed on the controller (at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l settle -d 'With an OSD that still runs: how long Ceph\'s "no" to `ceph osd ok-to-stop` must hold, with every PG active, before raidctl stops and says why (a no while PGs peer after a change is asked again; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l reweight -d 'With an OSD: set the recreated OSD\'s CRUSH weight to the new drive\'s size when it differs (otherwise only said)'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l proactive -d 'Replace a drive nothing says is failing (online, no media errors, no predictive failure, no SMART alert, its VD optimal): a planned swap. Without it such a drive is refused, so a mistyped E:S or a stale OSD name never takes a healthy drive out. At a terminal the word `proactive` is typed back; with --yes the flag alone suffices'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand replace-drive" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l qualify -d 'Qualify a new drive that gets a VD or JBOD of its own (RAID0, JBOD) with this profile before it carries anything (smoke, quick, standard, burn-in), or `none`' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l clear-foreign -d 'Clear foreign configuration N from the new drive (it must hold that configuration alone): the operator\'s word that it holds nothing needed' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l drain-timeout -d 'With an OSD: how long to wait for Ceph to say it is safe to destroy (and for the degraded objects to reach zero) before stopping with nothing changed on the controller (at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l settle -d 'With an OSD that still runs: how long Ceph\'s "no" to `ceph osd ok-to-stop` must hold, with every PG active, before raidctl stops and says why (a no while PGs peer after a change is asked again; at most 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l reweight -d 'With an OSD: set the recreated OSD\'s CRUSH weight to the new drive\'s size when it differs (otherwise only said)'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l proactive -d 'Replace a drive nothing says is failing (online, no media errors, no predictive failure, no SMART alert, its VD optimal): a planned swap. Without it such a drive is refused, so a mistyped E:S or a stale OSD name never takes a healthy drive out. At a terminal the word `proactive` is typed back; with --yes the flag alone suffices'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand resume" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -s a -l adapter -d 'Adapter (all when omitted)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -f -a "forget" -d 'Forget a drive that is gone (its bay empty): it is not coming back. Refused for a drive that is present'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and not __fish_seen_subcommand_from forget help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -s a -l adapter -d 'Adapter (all when omitted)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from forget" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from help" -f -a "forget" -d 'Forget a drive that is gone (its bay empty): it is not coming back. Refused for a drive that is present'
complete -c raidctl -n "__fish_raidctl_using_subcommand inventory; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -f -a "dismiss" -d 'Set an interrupted or stopped workflow aside: it was finished by hand or is not to be resumed. The journal records it; `resume` without an id skips it'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and not __fish_seen_subcommand_from dismiss help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from dismiss" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from help" -f -a "dismiss" -d 'Set an interrupted or stopped workflow aside: it was finished by hand or is not to be resumed. The journal records it; `resume` without an id skips it'
complete -c raidctl -n "__fish_raidctl_using_subcommand workflows; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -f -a "scan" -d 'Count foreign configurations'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -f -a "show" -d 'Show what each foreign configuration holds'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -f -a "import" -d 'Import (all, or one by index): the drives rejoin their VDs'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -f -a "clear" -d 'Clear (erase) foreign metadata. Refused while a VD waits for missing drives or preserved cache exists, unless --i-understand-data-loss names the configuration'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and not __fish_seen_subcommand_from scan show import clear help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from scan" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l i-understand-data-loss -d 'Acknowledge the data loss: the index cleared (`all` when clearing all)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from clear" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from help" -f -a "scan" -d 'Count foreign configurations'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show what each foreign configuration holds'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from help" -f -a "import" -d 'Import (all, or one by index): the drives rejoin their VDs'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from help" -f -a "clear" -d 'Clear (erase) foreign metadata. Refused while a VD waits for missing drives or preserved cache exists, unless --i-understand-data-loss names the configuration'
complete -c raidctl -n "__fish_raidctl_using_subcommand foreign; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -f -a "add" -d 'Make an Unconfigured(good) drive a hot spare'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -f -a "remove" -d 'Turn a hot spare back into Unconfigured(good)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and not __fish_seen_subcommand_from add remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l dedicated -d 'Dedicate it to this VD (target id); global otherwise' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from help" -f -a "add" -d 'Make an Unconfigured(good) drive a hot spare'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Turn a hot spare back into Unconfigured(good)'
complete -c raidctl -n "__fish_raidctl_using_subcommand hotspare; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand rebuild" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -f -a "locate" -d 'Blink a bay\'s locate LED (or stop it): by drive, by OSD, by block device or by Ceph\'s device id, so it can be cephadm\'s `blink_device_light_cmd`'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -f -a "make-good" -d 'Mark an Unconfigured(bad) drive good again (after a transient failure was understood; not for a drive that failed)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -f -a "offline" -d 'Take a drive offline (a VD member: the VD runs degraded until it is rebuilt)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -f -a "online" -d 'Force a drive online (the last resort for a VD that lost too many members; its data may be stale)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and not __fish_seen_subcommand_from locate make-good offline online help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l osd -d 'The bay of Ceph OSD N (its VD\'s drive or its JBOD drive, from the identity join) instead of a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l device -d 'The bay under the block device (`/dev/sdc` or `sdc`, as cephadm\'s `dev` gives it), through the OSD the identity join verified on it (its BlueStore label), never by the kernel name alone' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l ceph-devid -d 'The bay of Ceph\'s device id (`VENDOR_MODEL_SERIAL`, as `ceph device ls` prints it): the OSD the join found on it, else the drive with that serial' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l on -d 'Start blinking (the default; for `ceph device light` templates)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l stop -l off -d 'Stop blinking'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l fault -d 'Ceph\'s fault light. MegaRAID/PERC bays have one locate LED, so this is the same locate LED (said on standard error)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from locate" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from make-good" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from offline" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from online" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from help" -f -a "locate" -d 'Blink a bay\'s locate LED (or stop it): by drive, by OSD, by block device or by Ceph\'s device id, so it can be cephadm\'s `blink_device_light_cmd`'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from help" -f -a "make-good" -d 'Mark an Unconfigured(bad) drive good again (after a transient failure was understood; not for a drive that failed)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from help" -f -a "offline" -d 'Take a drive offline (a VD member: the VD runs degraded until it is rebuilt)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from help" -f -a "online" -d 'Force a drive online (the last resort for a VD that lost too many members; its data may be stale)'
complete -c raidctl -n "__fish_raidctl_using_subcommand pd; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -f -a "alarm" -d 'Silence, enable or disable the buzzer'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -f -a "battery-warning" -d 'Warn at boot about a missing or failed battery'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -f -a "rebuild-rate" -d 'Share of controller time for rebuilds (percent; the default is 30)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and not __fish_seen_subcommand_from alarm battery-warning rebuild-rate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from alarm" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from battery-warning" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from rebuild-rate" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from help" -f -a "alarm" -d 'Silence, enable or disable the buzzer'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from help" -f -a "battery-warning" -d 'Warn at boot about a missing or failed battery'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from help" -f -a "rebuild-rate" -d 'Share of controller time for rebuilds (percent; the default is 30)'
complete -c raidctl -n "__fish_raidctl_using_subcommand adapter; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -f -a "create" -d 'Create a VD from Unconfigured(good) drives, with the policy `osd-prep` gives OSD VDs: write-back when the adapter\'s battery is healthy (else write-through), no read-ahead, direct I/O, the controller\'s strip size, the drives\' cache as it is. Prints the new VD\'s target id and block device'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -f -a "delete" -d 'Delete a VD (destroys its data)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -f -a "set" -d 'Change a VD\'s cache policy in place (its data stays): one vendor command per property, then the policy read back. What `status` suggests for `vd-sibling-policy`'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and not __fish_seen_subcommand_from create delete set help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l raid -d 'raid0, raid1, raid5, raid6, raid10, raid50 or raid60' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l span-size -d 'Drives per span for RAID 10/50/60 (default 2 for RAID 10, half the drives otherwise)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l write -d 'Write policy: auto (write-back when the adapter\'s battery or CacheVault is healthy, else write-through; the default of ld create and osd-prep), wt or wb' -r -f -a "wt\t'Write-through'
wb\t'Write-back (write-through while the battery is bad)'
auto\t'Write-back when the adapter\'s battery or CacheVault is healthy, else write-through'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l read -d 'Read-ahead: nora (the default of ld create and osd-prep), ra or adra' -r -f -a "ra\t'Read-ahead'
nora\t'No read-ahead'
adra\t'Adaptive read-ahead (storcli sets read-ahead instead)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l io -d 'I/O policy: direct (the default of ld create and osd-prep) or cached' -r -f -a "direct\t'Direct I/O'
cached\t'Cached I/O'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l pdcache -d 'The drives\' own write cache: on, off, or default (left as the drive has it: the default of ld create and osd-prep)' -r -f -a "on\t'The drives\' write cache on'
off\t'The drives\' write cache off'
default\t'As the drive has it (storcli only, for `ld set`)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l strip -d 'Strip size in KiB: 8, 16, 32, 64, 128, 256, 512 or 1024 (default: the controller\'s)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l name -d 'Name the VD (at most 15 characters)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l write -d 'Write policy: auto (write-back when the adapter\'s battery or CacheVault is healthy, else write-through; the default of ld create and osd-prep), wt or wb' -r -f -a "wt\t'Write-through'
wb\t'Write-back (write-through while the battery is bad)'
auto\t'Write-back when the adapter\'s battery or CacheVault is healthy, else write-through'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l read -d 'Read-ahead: nora (the default of ld create and osd-prep), ra or adra' -r -f -a "ra\t'Read-ahead'
nora\t'No read-ahead'
adra\t'Adaptive read-ahead (storcli sets read-ahead instead)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l io -d 'I/O policy: direct (the default of ld create and osd-prep) or cached' -r -f -a "direct\t'Direct I/O'
cached\t'Cached I/O'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l pdcache -d 'The drives\' own write cache: on, off, or default (left as the drive has it: the default of ld create and osd-prep)' -r -f -a "on\t'The drives\' write cache on'
off\t'The drives\' write cache off'
default\t'As the drive has it (storcli only, for `ld set`)'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s a -l adapter -d 'Adapter' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l serial -d 'The serial number (or confirmation word) the operator expects; required with --yes for steps that confirm a drive' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l wait-timeout -d 'How long to wait for a pull, an insert or a rebuild (a duration: `86400`, `12h`, `1d`; at most 30d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l poll -d 'Time between polls of the controller while waiting (whole seconds, 1s to 1d)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l accept-no-redundancy -d 'Take a member of VD N offline although another member of it is already down (the VD is left without redundancy until both are rebuilt). Names the VD; --yes never implies it' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l format -d 'Output format' -r -f -a "table\t'Readable tables'
json\t'One JSON document'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l color -d 'When to use colours (`NO_COLOR` is honoured with `auto`)' -r -f -a "auto\t'Colour when stdout is a terminal and `NO_COLOR` is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l sim -d 'Run against a simulated controller in this scenario (healthy, degraded, rebuilding, foreign, hotspare, bbu-learn, ceph-node, large, or a JSON state file). Nothing on the machine is touched' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l sim-state -d 'Keep the simulated controller\'s state in DIR: created from the scenario when DIR is empty, reused otherwise, so several commands act on one controller' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l megacli -d 'MegaCli binary (default: $RAIDCTL_MEGACLI, then MegaCli64/MegaCli/megacli on PATH and under /opt/MegaRAID/MegaCli)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l backend -d 'Vendor tool: auto (from PCI IDs and installed tools; reads go native when the megaraid_sas ioctl works; see `raidctl doctor`), megacli, storcli, perccli, storcli2, perccli2 (the 8.x tools for SAS4 controllers on mpi3mr), omreport, or native (read-only MFI DCMDs through the megaraid_sas driver, no vendor tool)' -r -f -a "auto\t'Pick from the controllers\' PCI IDs and the tools installed (`raidctl doctor` explains)'
megacli\t'MegaCli'
storcli\t'storcli (or storcli2 when only that is installed)'
perccli\t'Dell perccli (storcli syntax; or perccli2 when only that is installed)'
storcli2\t'Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr)'
perccli2\t'Dell perccli2 (8.x, PERC 12)'
omreport\t'Dell OpenManage omreport/omconfig'
native\t'Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool'"
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l sys-root -d 'Where sysfs is mounted, for the controller detection (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l osd-root -d 'Where the local OSD directories are (`/var/lib/ceph/osd`), for the identity join (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l ceph-root -d 'Where Ceph\'s data directories are (`/var/lib/ceph`): cephadm\'s OSD directories `<fsid>/osd.N` under it, and `osd/` for the package layout unless --osd-root says (tests and chroots)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s t -l timeout -d 'How long a vendor call may run before it is killed (with its whole process group), default 2m; for `check`, the limit of the whole run, default 30s (UNKNOWN when it expires, naming what was still running, before NRPE\'s own timeout). A duration (`90` seconds, `30s`, `2m`): more than 0, at most 1d' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l state-dir -d 'raidctl\'s state directory: snapshot cache, counter baseline, workflow journals (default: $RAIDCTL_STATE_DIR, /var/lib/raidctl as root, else ~/.local/state/raidctl)' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l smart-max-age -d 'How long SMART read through the controller stands before status, check and metrics read it again (cached in the state directory; SMART is slow and changes slowly)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l ceph-conf -d 'Ceph configuration file for the OSD join and Ceph steps (default: $CEPH_CONF, then /etc/ceph/ceph.conf, as `ceph` finds it). Without one, no Ceph call is made' -r -F
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l ceph-name -d 'Ceph client name (`--name` of `ceph`; default client.admin)' -r
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l dry-run -d 'Print the plan with the exact vendor command lines and change nothing'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s y -l yes -d 'Do not ask (drive confirmations then need --serial)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -l wide -d 'Tables: every column and every value in full (on a terminal they otherwise fit its width, leaving out columns a note names)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print nothing but results: no notes, no progress'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a VD from Unconfigured(good) drives, with the policy `osd-prep` gives OSD VDs: write-back when the adapter\'s battery is healthy (else write-through), no read-ahead, direct I/O, the controller\'s strip size, the drives\' cache as it is. Prints the new VD\'s target id and block device'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete a VD (destroys its data)'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from help" -f -a "set" -d 'Change a VD\'s cache policy in place (its data stays): one vendor command per property, then the policy read back. What `status` suggests for `vd-sibling-policy`'
complete -c raidctl -n "__fish_raidctl_using_subcommand ld; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "generate" -d 'Generate the man page or shell completions (for packaging)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "parse" -d 'Parse captured MegaCli, storcli/perccli or omreport output into the typed model'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "status" -d 'Show adapters, logical and physical drives, and the problems found, with suggested next commands'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "check" -d 'Nagios/Icinga plugin: one summary line, one line per problem, perfdata'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "metrics" -d 'Prometheus metrics in the text exposition format'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "ceph" -d 'Ceph\'s own device health learns what the controller knows'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "collect" -d 'Gather a support bundle: controller logs and inventory, SMART, host context and raidctl\'s own view, in one verifiable .tar.gz with a manifest and a .sha256 file'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "qualify" -d 'Qualify raw drives before they become Ceph OSDs: I/O suite, SMART gates, peer comparison, verdicts (exit 0 PASS, 1 WARN, 2 FAIL, 3 INCONCLUSIVE)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "osd-prep" -d 'Turn Unconfigured(good) drives into single-drive RAID0 or JBOD, qualify them, delete again the new VD of a drive that FAILs, and print the `ceph-volume lvm create` line for each passing drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "doctor" -d 'Explain which vendor tool raidctl uses for the controllers in this machine, and what is missing ("this SAS40xx controller on mpi3mr needs perccli2; only perccli found")'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "sim" -d 'The simulated controller: act on its physical world, run its vendor tools, or put them on PATH for other programs'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "replace-drive" -d 'Replace a drive, guided: pre-checks, locate and confirm by serial, then the flow the drive\'s VD needs. A redundant VD: offline, mark missing, spin down, swap, check the new drive, replace the missing row, rebuild to optimal. A single-drive RAID0 or JBOD (the Ceph OSD layout): offline while it serves I/O, spin down, swap, the dead VD\'s pinned cache and the VD itself, recreate it as it was, qualify the new drive, verify. Journaled; `raidctl resume` continues after a crash'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "resume" -d 'Continue an interrupted workflow from its journal (the newest unfinished one by default), after re-verifying the live state'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "inventory" -d 'The drives raidctl remembers (what each held, its OSDs, when it was last seen), so a drive that vanished is noticed; `forget E:S|SERIAL` acknowledges one that is not coming back (check stops reporting it missing)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "workflows" -d 'List workflow journals, newest first, by how each ended; `dismiss ID` sets an unfinished one aside (status and check stop showing it; nothing on the controller changes)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "foreign" -d 'Foreign configurations: scan, show, import, clear'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "hotspare" -d 'Hot spares: add (global, or dedicated to a VD) or remove'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "rebuild" -d 'Rebuilds: start, stop, status, watch'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "pd" -d 'Physical drive actions: locate, make-good, offline, online (a force-online)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "adapter" -d 'Adapter settings: alarm, battery warning, rebuild rate'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "ld" -d 'Logical drives: create, delete, or change a VD\'s cache policy'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and not __fish_seen_subcommand_from generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from ceph" -f -a "sync" -d 'Set (and clear again) Ceph\'s life expectancy of the devices whose drives are at risk'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "exec" -d 'Run a simulated vendor tool (MegaCli64, storcli64, perccli64, omreport, omconfig, smartctl) against the state, with its own exit status'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "env" -d 'Print the shell lines that put the simulated vendor tools first in PATH (the state must outlive this command: --sim-state DIR)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "init" -d 'Create the state (replaces what is there)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "scenarios" -d 'List the scenario names'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "state" -d 'Print the state as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "calls" -d 'Print the per-command call counts as JSON'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "pull" -d 'Pull a drive out of its slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "insert" -d 'Insert a drive into an empty slot'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "fail" -d 'The firmware fails a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "media-errors" -d 'Set a drive\'s media error counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "predictive" -d 'Set a drive\'s predictive failure counter'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "smart" -d 'What the simulated smartctl says of a drive'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "event" -d 'Log a damage event on a drive (its counters unchanged)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "bad-blocks" -d 'Set `Bad Blocks Exist` on a VD (punctured stripes)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "bbu" -d 'The battery: drain, learn cycle, replace or fail'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "reboot" -d 'Restart the controller: boot events, boot-relative times until its clock is set (`Seconds since last reboot: N`)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "advance" -d 'Advance the virtual clock (rebuild, copyback, background init, battery)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "speed" -d 'Multiply every rate (1000 finishes a rebuild in seconds)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "fault" -d 'Faults injected into the vendor tools\' answers'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from sim" -f -a "block-devices" -d 'Back every VD and JBOD drive with a loop device over a sparse file in DIR/disks (root); an offline VD or failed JBOD drive then fails I/O (EIO)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from inventory" -f -a "forget" -d 'Forget a drive that is gone (its bay empty): it is not coming back. Refused for a drive that is present'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from workflows" -f -a "dismiss" -d 'Set an interrupted or stopped workflow aside: it was finished by hand or is not to be resumed. The journal records it; `resume` without an id skips it'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from foreign" -f -a "scan" -d 'Count foreign configurations'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from foreign" -f -a "show" -d 'Show what each foreign configuration holds'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from foreign" -f -a "import" -d 'Import (all, or one by index): the drives rejoin their VDs'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from foreign" -f -a "clear" -d 'Clear (erase) foreign metadata. Refused while a VD waits for missing drives or preserved cache exists, unless --i-understand-data-loss names the configuration'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from hotspare" -f -a "add" -d 'Make an Unconfigured(good) drive a hot spare'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from hotspare" -f -a "remove" -d 'Turn a hot spare back into Unconfigured(good)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from pd" -f -a "locate" -d 'Blink a bay\'s locate LED (or stop it): by drive, by OSD, by block device or by Ceph\'s device id, so it can be cephadm\'s `blink_device_light_cmd`'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from pd" -f -a "make-good" -d 'Mark an Unconfigured(bad) drive good again (after a transient failure was understood; not for a drive that failed)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from pd" -f -a "offline" -d 'Take a drive offline (a VD member: the VD runs degraded until it is rebuilt)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from pd" -f -a "online" -d 'Force a drive online (the last resort for a VD that lost too many members; its data may be stale)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from adapter" -f -a "alarm" -d 'Silence, enable or disable the buzzer'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from adapter" -f -a "battery-warning" -d 'Warn at boot about a missing or failed battery'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from adapter" -f -a "rebuild-rate" -d 'Share of controller time for rebuilds (percent; the default is 30)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from ld" -f -a "create" -d 'Create a VD from Unconfigured(good) drives, with the policy `osd-prep` gives OSD VDs: write-back when the adapter\'s battery is healthy (else write-through), no read-ahead, direct I/O, the controller\'s strip size, the drives\' cache as it is. Prints the new VD\'s target id and block device'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from ld" -f -a "delete" -d 'Delete a VD (destroys its data)'
complete -c raidctl -n "__fish_raidctl_using_subcommand help; and __fish_seen_subcommand_from ld" -f -a "set" -d 'Change a VD\'s cache policy in place (its data stays): one vendor command per property, then the policy read back. What `status` suggests for `vd-sibling-policy`'
