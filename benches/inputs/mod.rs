//! Generated parser inputs shared by `benches/parse.rs` and `examples/parse-input.rs` (which
//! writes them to files for `scripts/bench-parse.sh`): a MegaCli `-PDList` with N drives and an
//! `-AdpEventLog` of about N bytes.

use std::fmt::Write;

/// A `-PDList` of one adapter with `drives` drives (24 per enclosure, 12 per disk group).
pub fn pd_list(drives: usize) -> String {
    let mut s = String::from("\r                                     \n\nAdapter #0\n\n");
    for i in 0..drives {
        let enc = 8 + (i / 24) as u32;
        let slot = i % 24;
        let _ = write!(
            s,
            "Enclosure Device ID: {enc}\nSlot Number: {slot}\nDrive's position: DiskGroup: {dg}, Span: 0, Arm: {arm}\n\
Enclosure position: 1\nDevice Id: {i}\nWWN: 5000C500A1B2{i:04X}\nSequence Number: 2\nMedia Error Count: 0\n\
Other Error Count: 0\nPredictive Failure Count: 0\nLast Predictive Failure Event Seq Number: 0\nPD Type: SAS\n\n\
Raw Size: 3.638 TB [0x1d1c0beb0 Sectors]\nNon Coerced Size: 3.637 TB [0x1d1b0beb0 Sectors]\n\
Coerced Size: 3.637 TB [0x1d1a94800 Sectors]\nSector Size:  512\nLogical Sector Size:  512\nPhysical Sector Size:  512\n\
Firmware state: Online, Spun Up\nCommissioned Spare : No\nEmergency Spare : No\nDevice Firmware Level: A003\n\
Shield Counter: 0\nSuccessful diagnostics completion on :  N/A\nSAS Address(0): 0x5000c500a1b2{i:04x}\n\
SAS Address(1): 0x0\nConnected Port Number: 0(path0)\nInquiry Data: SEAGATE ST4000NM0023    A003Z1Z{i:05}\n\
FDE Capable: Not Capable\nFDE Enable: Disable\nSecured: Unsecured\nLocked: Unlocked\nNeeds EKM Attention: No\n\
Foreign State: None\nDevice Speed: 6.0Gb/s\nLink Speed: 6.0Gb/s\nMedia Type: Hard Disk Device\n\
Drive Temperature :31C (87.80 F)\nPI Eligibility:  No\nDrive is formatted for PI information:  No\nPI: No PI\n\
Port-0 :\nPort status: Active\nPort's Linkspeed: 6.0Gb/s\nPort-1 :\nPort status: Active\nPort's Linkspeed: Unknown\n\
Drive has flagged a S.M.A.R.T alert : No\n\n\n\n",
            dg = i / 12,
            arm = i % 12,
        );
    }
    s.push_str("\nExit Code: 0x00\n");
    s
}

/// An event log of at least `bytes` bytes of state-change records.
pub fn event_log(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 1024);
    let mut seq = 0x1000u64;
    while s.len() < bytes {
        let _ = write!(
            s,
            "seqNum: 0x{seq:08x}\nTime: Mon Nov 30 05:{:02}:{:02} 2026\n\nCode: 0x00000072\nClass: 0\nLocale: 0x02\n\
Event Description: State change on PD {:02x}(e0x20/s{}) from ONLINE(18) to OFFLINE(10)\nEvent Data:\n===========\n\
Device ID: {}\nEnclosure Index: 32\nSlot Number: {}\nPrevious state: 24\nNew state: 16\n\n",
            seq % 60,
            seq % 59,
            seq % 64,
            seq % 24,
            seq % 64,
            seq % 24,
        );
        seq += 1;
    }
    s
}
