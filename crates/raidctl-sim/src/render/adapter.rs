//! Adapter-wide read commands: battery, `-AdpAllInfo`, `-ShowSummary`, preserved cache, the
//! firmware terminal log, event logs and adapter properties.

use super::{RULE, Reply, adapters, ld_state_text, lines, s};
use crate::args::Invocation;
use crate::state::{Adapter, Bbu, Drive, SimState, Vd};
use crate::text::{
    adapter_time, event_time, firmware_state, media_type, pd_type, size, termlog_time,
};
use crate::unverified::{self as unv, fill};
use raidctl_model::LdState;

fn yes(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

fn enabled(b: bool) -> &'static str {
    if b { "Enabled" } else { "Disabled" }
}

/// `-AdpBbuCmd -GetBbuStatus` (`full` false) or the full `-AdpBbuCmd`.
pub fn bbu(st: &SimState, inv: &Invocation, full: bool) -> Reply {
    let mut out = Vec::new();
    let mut code = 0;
    for ad in adapters_or_return!(st, inv) {
        let Some(b) = &ad.bbu else {
            if full {
                out.push(fill(unv::BBU_INFO_FAILED, &[("a", &ad.index.to_string())]));
            } else {
                out.push(format!("Adapter {}: Get BBU Status Failed.", ad.index));
            }
            code = 0x01;
            continue;
        };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let charge = b.charge.floor() as u32;
        let learning = b.learn_started.is_some();
        let charging = if b.charging {
            "Charging"
        } else if learning {
            "Discharging"
        } else {
            "None"
        };
        let voltage = 3900 + charge * 2;
        out.push(String::new());
        out.push(format!("BBU status for Adapter: {}", ad.index));
        out.push(String::new());
        out.push(format!("BatteryType: {}", b.battery_type));
        out.push(format!("Voltage: {voltage} mV"));
        out.push(format!("Current: {} mA", if b.charging { 120 } else { 0 }));
        out.push(format!("Temperature: {} C", b.temperature));
        out.push(format!("Battery State: {}", b.state_text()));
        out.push(s("BBU Firmware Status:"));
        out.push(String::new());
        out.push(format!("  Charging Status              : {charging}"));
        out.push(s("  Voltage                                 : OK"));
        out.push(s("  Temperature                             : OK"));
        out.push(s("  Learn Cycle Requested                   : No"));
        out.push(format!(
            "  Learn Cycle Active                      : {}",
            yes(learning)
        ));
        out.extend(lines(&[
            "  Learn Cycle Status                      : OK",
            "  Learn Cycle Timeout                     : No",
            "  I2c Errors Detected                     : No",
            "  Battery Pack Missing                    : No",
        ]));
        out.push(format!(
            "  Battery Replacement required            : {}",
            yes(b.replacement_required)
        ));
        out.push(format!(
            "  Remaining Capacity Low                  : {}",
            yes(charge < 20)
        ));
        out.push(s("  Periodic Learn Required                 : No"));
        out.push(s("  Transparent Learn                       : No"));
        out.push(s("  No space to cache offload               : No"));
        out.push(format!(
            "  Pack is about to fail & should be replaced : {}",
            yes(b.replacement_required)
        ));
        out.extend(lines(&[
            "  Cache Offload premium feature required  : No",
            "  Module microcode update required        : No",
            "",
            "",
            "GasGuageStatus:",
        ]));
        out.push(format!("  Fully Discharged        : {}", yes(charge == 0)));
        out.push(format!(
            "  Fully Charged           : {}",
            yes(charge >= 100)
        ));
        out.push(format!("  Discharging             : {}", yes(!b.charging)));
        out.extend(lines(&[
            "  Initialized             : Yes",
            "  Remaining Time Alarm    : No",
            "  Discharge Terminated    : No",
            "  Over Temperature        : No",
        ]));
        out.push(format!(
            "  Charging Terminated     : {}",
            yes(charge >= 100)
        ));
        out.push(s("  Over Charged            : No"));
        out.push(format!("Relative State of Charge: {charge} %"));
        out.push(format!(
            "Charger Status: {}",
            if b.charging {
                "In Progress"
            } else {
                "Complete"
            }
        ));
        let remaining = u64::from(b.full_capacity) * u64::from(charge) / 100;
        out.push(format!("Remaining Capacity: {remaining} mAh"));
        out.push(format!("Full Charge Capacity: {} mAh", b.full_capacity));
        out.push(format!("isSOHGood: {}", yes(!b.replacement_required)));
        out.push(s("  Battery backup charge time : 0 hours"));
        if full {
            bbu_details(st, ad, b, (charge, remaining), &mut out);
        }
    }
    (out, code)
}

/// The full `-AdpBbuCmd`'s capacity, design and properties sections (`charge` in percent,
/// `remaining` in mAh).
fn bbu_details(
    st: &SimState,
    ad: &Adapter,
    b: &Bbu,
    (charge, remaining): (u32, u64),
    out: &mut Vec<String>,
) {
    out.push(String::new());
    out.push(format!("BBU Capacity Info for Adapter: {}", ad.index));
    out.push(String::new());
    out.push(format!("  Relative State of Charge: {charge} %"));
    out.push(format!(
        "  Absolute State of charge: {} %",
        charge * 85 / 100
    ));
    out.push(format!("  Remaining Capacity: {remaining} mAh"));
    out.push(format!("  Full Charge Capacity: {} mAh", b.full_capacity));
    out.push(s("  Run time to empty: Battery is not being charged."));
    out.push(s("  Average time to empty: Battery is not being charged."));
    out.push(s(
        "  Estimated Time to full recharge: Battery is not being charged.",
    ));
    out.extend(lines(&[
        "  Cycle Count: 12",
        "Max Error = 2 %",
        "Remaining Capacity Alarm = 180 mAh",
        "Remining Time Alarm = 10 Min",
        "",
    ]));
    out.push(format!("BBU Design Info for Adapter: {}", ad.index));
    out.push(String::new());
    out.push(s("  Date of Manufacture: 03/14, 2013"));
    out.push(format!("  Design Capacity: {} mAh", b.design_capacity));
    out.extend(lines(&[
        "  Design Voltage: 3700 mV",
        "  Specification Info: 49",
        "  Serial Number: 4242",
        "  Pack Stat Configuration: 0x0014",
        "  Manufacture Name: SMP-PA1.9",
        "  Firmware Version   : ",
        "  Device Name: DLNU402",
        "  Device Chemistry: LION",
        "  Battery FRU: N/A",
        "  Transparent Learn = 0",
        "  App Data = 0",
        "",
    ]));
    out.push(format!("BBU Properties for Adapter: {}", ad.index));
    out.push(String::new());
    out.push(s("  Auto Learn Period: 90 Days"));
    out.push(format!(
        "  Next Learn time: {}",
        event_time(st.epoch + 90 * 86_400)
    ));
    out.push(s("  Learn Delay Interval:0 Hours"));
    out.push(s("  Auto-Learn Mode: Enabled"));
}

/// `-AdpAllInfo` (section layout of the PERC 8.07 captures).
pub fn adp_all_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        aai_identity(ad, &mut out);
        aai_hw_config(ad, &mut out);
        aai_settings(st, ad, &mut out);
        aai_capabilities_and_devices(ad, &mut out);
        aai_supported_operations(ad, &mut out);
        aai_default_settings(ad, &mut out);
    }
    (out, 0)
}

/// A `-AdpAllInfo` section title and its underline.
fn section(out: &mut Vec<String>, t: &str) {
    out.push(format!("                {t}"));
    out.push(s("                ================"));
}

/// `-AdpAllInfo` header through PCI Info: versions, flash images, PCI ids, backend ports.
fn aai_identity(ad: &Adapter, out: &mut Vec<String>) {
    out.push(String::new());
    out.push(format!("Adapter #{}", ad.index));
    out.push(String::new());
    out.push(s(RULE));
    out.push(s("                    Versions"));
    out.push(s("                ================"));
    out.push(format!("Product Name    : {}", ad.product));
    out.push(format!("Serial No       : {}", ad.serial));
    out.push(format!("FW Package Build: {}", ad.fw_package));
    out.extend(lines(&[
        "",
        "                    Mfg. Data",
        "                ================",
        "Mfg. Date       : 03/14/13",
        "Rework Date     : 03/14/13",
        "Revision No     : A02",
        "Battery FRU     : N/A",
        "",
    ]));
    section(out, "Image Versions in Flash:");
    out.push(format!("BIOS Version       : {}", ad.bios_version));
    out.push(format!("FW Version         : {}", ad.fw_version));
    out.extend(lines(&[
        "Preboot CLI Version: 05.00-03:#%00008",
        "Ctrl-R Version     : 4.03-0002",
        "NVDATA Version     : 3.1209.00-0016",
        "Boot Block Version : 3.00.00.00-0012",
        "BOOT Version       : 06.253.57.219",
        "",
    ]));
    section(out, "Pending Images in Flash");
    out.push(s("None"));
    out.push(String::new());
    section(out, "PCI Info");
    out.push(format!("Controller Id  : {:04}", ad.index));
    out.push(format!("Vendor Id       : {}", ad.pci_ids.0));
    out.push(format!("Device Id       : {}", ad.pci_ids.1));
    out.push(format!("SubVendorId     : {}", ad.pci_ids.2));
    out.push(format!("SubDeviceId     : {}", ad.pci_ids.3));
    out.extend(lines(&[
        "",
        "Host Interface  : PCIE",
        "",
        "ChipRevision    : D1",
        "",
        "Link Speed     : 0 ",
        "Number of Frontend Port: 0 ",
        "Device Interface  : PCIE",
        "",
        "Number of Backend Port: 8",
        "Port  :  Address",
    ]));
    for p in 0..8 {
        let addr = if p == 0 {
            format!("5{}", &ad.sas_address[1..])
        } else {
            "0000000000000000".to_owned()
        };
        out.push(format!("{p}        {addr}"));
    }
    out.push(String::new());
}

/// `-AdpAllInfo` HW Configuration section.
fn aai_hw_config(ad: &Adapter, out: &mut Vec<String>) {
    let set = &ad.settings;
    let alarm_hw = if set.alarm == "Absent" {
        "Absent"
    } else {
        "Present"
    };
    section(out, "HW Configuration");
    out.push(format!("SAS Address      : {}", ad.sas_address));
    out.push(format!(
        "BBU              : {}",
        if ad.bbu.is_some() {
            "Present"
        } else {
            "Absent"
        }
    ));
    out.push(format!("Alarm            : {alarm_hw}"));
    out.extend(lines(&[
        "NVRAM            : Present",
        "Serial Debugger  : Present",
        "Memory           : Present",
        "Flash            : Present",
    ]));
    out.push(format!("Memory Size      : {}MB", ad.memory_mb));
    out.extend(lines(&[
        "TPM              : Absent",
        "On board Expander: Absent",
        "Upgrade Key      : Absent",
        "Temperature sensor for ROC    : Present",
        "Temperature sensor for controller    : Absent",
        "",
        "ROC temperature : 60  degree Celsius",
        "",
    ]));
}

/// `-AdpAllInfo` Settings section (the adapter clock and the configurable settings).
fn aai_settings(st: &SimState, ad: &Adapter, out: &mut Vec<String>) {
    let set = &ad.settings;
    let alarm = if set.alarm == "Silenced" {
        "Enabled"
    } else {
        set.alarm.as_str()
    };
    section(out, "Settings");
    out.push(format!(
        "Current Time                     : {}",
        adapter_time(st.now_unix())
    ));
    out.push(s("Predictive Fail Poll Interval    : 300sec"));
    out.push(s("Interrupt Throttle Active Count  : 16"));
    out.push(s("Interrupt Throttle Completion    : 50us"));
    out.push(format!(
        "Rebuild Rate                     : {}%",
        set.rebuild_rate
    ));
    out.extend(lines(&[
        "PR Rate                          : 30%",
        "BGI Rate                         : 30%",
        "Check Consistency Rate           : 30%",
        "Reconstruction Rate              : 30%",
        "Cache Flush Interval             : 4s",
        "Max Drives to Spinup at One Time : 4",
        "Delay Among Spinup Groups        : 12s",
        "Physical Drive Coercion Mode     : 128MB",
        "Cluster Mode                     : Disabled",
    ]));
    out.push(format!("Alarm                            : {alarm}"));
    out.push(format!(
        "Auto Rebuild                     : {}",
        enabled(set.auto_rebuild)
    ));
    out.push(format!(
        "Battery Warning                  : {}",
        enabled(set.battery_warning)
    ));
    out.push(s("Ecc Bucket Size                  : 255"));
    out.push(s("Ecc Bucket Leak Rate             : 240 Minutes"));
    out.push(format!(
        "Restore HotSpare on Insertion    : {}",
        enabled(set.restore_hsp_on_insert)
    ));
    out.push(s("Expose Enclosure Devices         : Disabled"));
    out.push(format!(
        "Maintain PD Fail History         : {}",
        enabled(set.maintain_pd_fail_history)
    ));
    out.extend(lines(&[
        "Host Request Reordering          : Enabled",
        "Auto Detect BackPlane Enabled    : SGPIO/i2c SEP",
        "Load Balance Mode                : Auto",
        "Use FDE Only                     : Yes",
        "Security Key Assigned            : No",
        "Security Key Failed              : No",
        "Security Key Not Backedup        : No",
        "Default LD PowerSave Policy      : Controller Defined",
    ]));
    out.push(s(
        "Maximum number of direct attached drives to spin up in 1 min : 120",
    ));
    out.push(s("Auto Enhanced Import             : No"));
    out.push(format!(
        "Any Offline VD Cache Preserved   : {}",
        yes(!ad.preserved_cache.is_empty())
    ));
    out.extend(lines(&[
        "Allow Boot with Preserved Cache  : No",
        "Disable Online Controller Reset  : No",
        "PFK in NVRAM                     : No",
        "Use disk activity for locate     : No",
        "POST delay       : 90 seconds",
        "BIOS Error Handling             : Stop On Errors",
        "Current Boot Mode       :Normal",
    ]));
}

/// `-AdpAllInfo` Capabilities, Status, Limitations and Device Present (counts by state).
fn aai_capabilities_and_devices(ad: &Adapter, out: &mut Vec<String>) {
    section(out, "Capabilities");
    out.extend(lines(&[
        "RAID Level Supported             : RAID0, RAID1, RAID5, RAID6, RAID00, RAID10, RAID50, RAID60, PRL 11, PRL 11 with spanning, SRL 3 supported, PRL11-RLQ0 DDF layout with no span, PRL11-RLQ0 DDF layout with span",
        "Supported Drives                 : SAS, SATA",
        "",
        "Allowed Mixing:",
        "",
        "Mix in Enclosure Allowed",
        "",
    ]));
    section(out, "Status");
    out.push(s("ECC Bucket Count                 : 0"));
    out.push(String::new());
    section(out, "Limitations");
    out.extend(lines(&[
        "Max Arms Per VD          : 32",
        "Max Spans Per VD         : 8",
        "Max Arrays               : 128",
        "Max Number of VDs        : 64",
        "Max Parallel Commands    : 1008",
        "Max SGE Count            : 60",
        "Max Data Transfer Size   : 8192 sectors",
        "Max Strips PerIO         : 42",
        "Max LD per array         : 16",
        "Min Strip Size           : 64 KB",
        "Max Strip Size           : 1.0 MB",
        "Max Configurable CacheCade Size: 0 GB",
        "Current Size of CacheCade      : 0 GB",
        "Current Size of FW Cache       : 350 MB",
        "",
    ]));
    let degraded = ad
        .vds
        .iter()
        .filter(|v| {
            matches!(
                ad.vd_state(v),
                LdState::Degraded | LdState::PartiallyDegraded
            )
        })
        .count();
    let offline = ad
        .vds
        .iter()
        .filter(|v| ad.vd_state(v) == LdState::Offline)
        .count();
    let critical = ad
        .drives
        .iter()
        .filter(|d| d.predictive > 0 || d.media_errors > 0)
        .count();
    let failed = ad.failed_drive_count();
    section(out, "Device Present");
    out.push(format!("Virtual Drives    : {}", ad.vds.len()));
    out.push(format!("  Degraded        : {degraded}"));
    out.push(format!("  Offline         : {offline}"));
    out.push(format!(
        "Physical Devices  : {}",
        ad.drives.len() + ad.enclosures.len()
    ));
    out.push(format!("  Disks           : {}", ad.drives.len()));
    out.push(format!("  Critical Disks  : {critical}"));
    out.push(format!("  Failed Disks    : {failed}"));
    out.push(String::new());
}

/// `-AdpAllInfo` Supported Adapter/VD/PD Operations, Error Counters and Cluster Information.
fn aai_supported_operations(ad: &Adapter, out: &mut Vec<String>) {
    let set = &ad.settings;
    section(out, "Supported Adapter Operations");
    out.extend(lines(&[
        "Rebuild Rate                    : Yes",
        "CC Rate                         : Yes",
        "BGI Rate                        : Yes",
        "Reconstruct Rate                : Yes",
        "Patrol Read Rate                : Yes",
        "Alarm Control                   : Yes",
        "Cluster Support                 : No",
        "BBU                             : Yes",
        "Spanning                        : Yes",
        "Dedicated Hot Spare             : Yes",
        "Revertible Hot Spares           : Yes",
        "Foreign Config Import           : Yes",
        "Self Diagnostic                 : Yes",
        "Allow Mixed Redundancy on Array : No",
        "Global Hot Spares               : Yes",
        "Deny SCSI Passthrough           : No",
        "Deny SMP Passthrough            : No",
        "Deny STP Passthrough            : No",
        "Support Security                : Yes",
        "Snapshot Enabled                : No",
        "Support the OCE without adding drives : Yes",
        "Support PFK                     : No",
        "Support PI                      : No",
        "Support Boot Time PFK Change    : No",
        "Disable Online PFK Change       : No",
        "Support Shield State            : No",
        "Block SSD Write Disk Cache Change: No",
    ]));
    out.push(String::new());
    section(out, "Supported VD Operations");
    out.extend(lines(&[
        "Read Policy          : Yes",
        "Write Policy         : Yes",
        "IO Policy            : Yes",
        "Access Policy        : Yes",
        "Disk Cache Policy    : Yes",
        "Reconstruction       : Yes",
        "Deny Locate          : No",
        "Deny CC              : No",
        "Allow Ctrl Encryption: No",
        "Enable LDBBM         : Yes",
        "Support Breakmirror  : No",
        "Power Savings        : No",
    ]));
    out.push(String::new());
    section(out, "Supported PD Operations");
    out.extend(lines(&[
        "Force Online                            : Yes",
        "Force Offline                           : Yes",
        "Force Rebuild                           : Yes",
        "Deny Force Failed                       : No",
        "Deny Force Good/Bad                     : No",
        "Deny Missing Replace                    : No",
        "Deny Clear                              : No",
        "Deny Locate                             : No",
        "Support Temperature                     : Yes",
    ]));
    out.push(format!(
        "Disable Copyback                        : {}",
        yes(!set.copyback_enabled)
    ));
    out.push(format!(
        "Enable JBOD                             : {}",
        yes(set.jbod_enabled)
    ));
    out.extend(lines(&[
        "Enable Copyback on SMART                : No",
        "Enable Copyback to SSD on SMART Error   : No",
        "Enable SSD Patrol Read                  : No",
        "PR Correct Unconfigured Areas           : Yes",
        "Enable Spin Down of UnConfigured Drives : No",
        "Disable Spin Down of hot spares         : Yes",
        "Spin Down time                          : 30",
        "T10 Power State                         : No",
    ]));
    section(out, "Error Counters");
    out.push(s("Memory Correctable Errors   : 0"));
    out.push(s("Memory Uncorrectable Errors : 0"));
    out.push(String::new());
    section(out, "Cluster Information");
    out.push(s("Cluster Permitted     : No"));
    out.push(s("Cluster Active        : No"));
    out.push(String::new());
}

/// `-AdpAllInfo` Default Settings section.
fn aai_default_settings(ad: &Adapter, out: &mut Vec<String>) {
    let set = &ad.settings;
    section(out, "Default Settings");
    out.extend(lines(&[
        "Phy Polarity                     : 0",
        "Phy PolaritySplit                : 0",
        "Background Rate                  : 30",
        "Strip Size                       : 64kB",
        "Flush Time                       : 4 seconds",
        "Write Policy                     : WB",
        "Read Policy                      : Adaptive",
        "Cache When BBU Bad               : Disabled",
        "Cached IO                        : No",
        "SMART Mode                       : Mode 6",
    ]));
    out.push(format!(
        "Alarm Disable                    : {}",
        yes(set.alarm != "Enabled")
    ));
    out.extend(lines(&[
        "Coercion Mode                    : 128MB",
        "ZCR Config                       : Unknown",
        "Dirty LED Shows Drive Activity   : No",
        "BIOS Continue on Error           : 0",
        "Spin Down Mode                   : None",
        "Allowed Device Type              : SAS/SATA Mix",
        "Allow Mix in Enclosure           : Yes",
        "Allow HDD SAS/SATA Mix in VD     : No",
        "Allow SSD SAS/SATA Mix in VD     : No",
        "Allow HDD/SSD Mix in VD          : No",
        "Allow SATA in Cluster            : No",
        "Max Chained Enclosures           : 4",
        "Disable Ctrl-R                   : No",
        "Enable Web BIOS                  : No",
        "Direct PD Mapping                : Yes",
        "BIOS Enumerate VDs               : Yes",
    ]));
    out.push(format!(
        "Restore Hot Spare on Insertion   : {}",
        yes(set.restore_hsp_on_insert)
    ));
    out.push(s("Expose Enclosure Devices         : No"));
    out.push(format!(
        "Maintain PD Fail History         : {}",
        yes(set.maintain_pd_fail_history)
    ));
    out.extend(lines(&[
        "Disable Puncturing               : No",
        "Zero Based Enclosure Enumeration : Yes",
        "PreBoot CLI Enabled              : No",
        "LED Show Drive Activity          : Yes",
        "Cluster Disable                  : Yes",
        "SAS Disable                      : No",
        "Auto Detect BackPlane Enable     : SGPIO/i2c SEP",
        "Use FDE Only                     : Yes",
        "Enable Led Header                : No",
        "Delay during POST                : 0",
        "EnableCrashDump                  : No",
        "Disable Online Controller Reset  : No",
        "EnableLDBBM                      : Yes",
        "Un-Certified Hard Disk Drives    : Allow",
        "Treat Single span R1E as R10     : Yes",
        "Max LD per array                 : 16",
        "Power Saving option              : All power saving options are disabled",
        "Default spin down time in minutes: 30",
    ]));
    out.push(format!(
        "Enable JBOD                      : {}",
        yes(set.jbod_enabled)
    ));
    out.extend(lines(&[
        "TTY Log In Flash                 : No",
        "Auto Enhanced Import             : No",
        "BreakMirror RAID Support         : No",
        "Disable Join Mirror              : No",
        "Enable Shield State              : No",
        "Time taken to detect CME         : 60s",
    ]));
}

/// `-ShowSummary` (TAB and space indentation of the PERC captures).
pub fn show_summary(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = vec![
        s("System"),
        s("\tOperating System:  Linux version 5.15.0-sim "),
        s("\tDriver Version: 07.714.04.00-rc1"),
        s("\tCLI Version: 8.07.14"),
    ];
    out.push(String::new());
    out.push(s("Hardware"));
    let list = adapters_or_return!(st, inv);
    for ad in &list {
        out.push(s("        Controller"));
        out.push(format!(
            "                 ProductName       : {}(Bus {}, Dev {})",
            ad.product, ad.pci.0, ad.pci.1
        ));
        out.push(format!(
            "                 SAS Address       : {}",
            ad.sas_address
        ));
        out.push(format!(
            "                 FW Package Version: {}",
            ad.fw_package
        ));
        let status = if ad.vds.iter().all(|v| ad.vd_state(v) == LdState::Optimal) {
            "Optimal"
        } else {
            "Degraded"
        };
        out.push(format!("                 Status            : {status}"));
        if let Some(b) = &ad.bbu {
            out.push(s("        BBU"));
            out.push(format!(
                "                 BBU Type          : {}",
                b.battery_type
            ));
            let state = if b.good() { "Healthy" } else { b.state_text() };
            out.push(format!("                 Status            : {state}"));
        }
        for e in &ad.enclosures {
            out.push(s("        Enclosure"));
            out.push(format!(
                "                 Product Id        : {}",
                e.product
            ));
            out.push(format!("                 Type              : {}", e.kind));
            out.push(s("                 Status            : OK"));
        }
        out.push(String::new());
        out.push(s("        PD "));
        let mut drives: Vec<&Drive> = ad.drives.iter().collect();
        drives.sort_by_key(|d| (d.enclosure, d.slot));
        for d in drives {
            let state = firmware_state(d);
            let state = state.split(',').next().unwrap_or("");
            out.push(format!(
                "                Connector          : 00<Internal><Encl Pos 1 >: Slot {}",
                d.slot
            ));
            out.push(format!(
                "                Vendor Id          : {}",
                if d.vendor.is_empty() {
                    "ATA"
                } else {
                    &d.vendor
                }
            ));
            out.push(format!("                Product Id         : {}", d.model));
            out.push(format!("                State              : {state}"));
            out.push(format!(
                "                Disk Type          : {},{}",
                pd_type(&d.pd_type),
                media_type(&d.media)
            ));
            out.push(format!(
                "                Capacity           : {}",
                size(d.coerced_sectors())
            ));
            out.push(format!(
                "                Power State        : {}",
                if d.spun_up { "Active" } else { "Spun down" }
            ));
            out.push(String::new());
        }
    }
    out.push(s("Storage"));
    out.push(String::new());
    out.push(s("       Virtual Drives"));
    for ad in &list {
        let mut vds: Vec<&Vd> = ad.vds.iter().collect();
        vds.sort_by_key(|v| v.target);
        for vd in vds {
            let level = ad
                .group_index(vd.group_uid)
                .and_then(|g| ad.groups[g].level.megacli_number())
                .unwrap_or(0);
            out.push(format!(
                "                Virtual drive      : Target Id {} ,VD name {}",
                vd.target, vd.name
            ));
            out.push(format!(
                "                Size               : {}",
                size(ad.vd_sectors(vd))
            ));
            out.push(format!(
                "                State              : {}",
                ld_state_text(&ad.vd_state(vd))
            ));
            out.push(format!("                RAID Level         : {level} "));
            out.push(String::new());
        }
    }
    (out, 0)
}

/// `-GetPreservedCacheList`.
pub fn preserved_cache_list(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        if ad.preserved_cache.is_empty() {
            out.push(s(unv::NO_PRESERVED_CACHE));
        }
        for t in &ad.preserved_cache {
            out.push(format!("Virtual Drive(Target ID {t:02}): Missing."));
        }
    }
    (out, 0)
}

/// `-FwTermLog -Dsply`: firmware log lines derived from the event log.
pub fn fw_term_log(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        for e in &ad.events {
            let t = termlog_time(st.unix_at(e.time));
            out.push(format!(
                "{t}: EVT#{:05}-{t}: {:3}={}",
                e.seq, e.code, e.description
            ));
        }
    }
    (out, 0)
}

/// The event file `-AdpEventLog -GetEvents -f FILE` writes.
pub fn event_file(st: &SimState, ad: &Adapter, inv: &Invocation) -> String {
    let min_class = if inv.has("fatal") {
        3
    } else if inv.has("critical") {
        2
    } else if inv.has("warning") {
        1
    } else if inv.has("debug") {
        -1
    } else {
        0
    };
    let mut events: Vec<_> = ad
        .events
        .iter()
        // `-IncludeDeleted` also returns the events a `-Clear` hid.
        .filter(|e| e.class >= min_class && (e.seq > ad.clear_seq || inv.has("includedeleted")))
        .filter(|e| {
            if inv.has("getsincereboot") {
                e.seq >= ad.boot_seq
            } else if inv.has("getsinceshutdown") {
                e.seq + 1 >= ad.boot_seq
            } else {
                true
            }
        })
        .collect();
    if inv.has("getlatest") {
        let n = usize::try_from(inv.number().unwrap_or(10)).unwrap_or(10);
        let skip = events.len().saturating_sub(n);
        events = events.split_off(skip);
    }
    let mut out = String::new();
    for e in events {
        out.push_str(&crate::text::event_record(st.epoch, e));
        out.push('\n');
    }
    out
}

/// `-AdpEventLog -GetEventLogInfo`.
pub fn event_log_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        let newest = ad.next_seq.saturating_sub(1);
        let oldest = ad.events.first().map_or(0, |e| e.seq);
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        let info = fill(
            unv::EVENT_LOG_INFO,
            &[
                ("n", &newest.to_string()),
                ("v", &oldest.to_string()),
                ("x", &ad.clear_seq.to_string()),
                ("s", &ad.boot_seq.saturating_sub(1).to_string()),
                ("e", &ad.boot_seq.to_string()),
            ],
        );
        out.extend(info.split('|').map(str::to_owned));
    }
    (out, 0)
}

/// `-AdpGetProp X`.
pub fn get_prop(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        let a = ad.index.to_string();
        let set = &ad.settings;
        if inv.has("rebuildrate") {
            out.push(format!("Adapter {a}: Rebuild Rate = {}%", set.rebuild_rate));
        } else if inv.has("alarmdsply") {
            out.push(format!("Adapter {a}: Alarm Status is {}", set.alarm));
        } else if inv.has("enablejbod") {
            out.push(format!("Adapter {a}: JBOD: {}", enabled(set.jbod_enabled)));
        } else if inv.has("copybackdsbl") {
            out.push(fill(
                unv::COPYBACK_VALUE,
                &[("a", &a), ("v", enabled(set.copyback_enabled))],
            ));
        } else if inv.has("batwarndsbl") {
            out.push(fill(
                unv::BATTERY_WARNING_VALUE,
                &[("a", &a), ("v", enabled(set.battery_warning))],
            ));
        } else {
            return (
                vec![fill(
                    unv::INVALID_INPUT,
                    &[("x", inv.words.first().map_or("", String::as_str))],
                )],
                0x01,
            );
        }
    }
    (out, 0)
}
