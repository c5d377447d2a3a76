//! Parser throughput: a 240-drive `-PDList` and a 50 MB event log, at 1×, 2× and 4× size to
//! show linear time, with peak heap measured by a counting allocator.
//!
//! Run: `cargo bench --bench parse`

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only adds bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.alloc(layout) };
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn pd_list(drives: usize) -> String {
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

fn event_log(bytes: usize) -> String {
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

fn measure(name: &str, text: &str) -> (f64, f64) {
    // Warm up once, then take the best of five runs.
    let _ = raidctl::parse::parse(text, None);
    let mut best = f64::MAX;
    let mut peak_ratio = 0.0;
    for _ in 0..5 {
        let base = CURRENT.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let start = Instant::now();
        let doc = raidctl::parse::parse(text, None).expect("benchmark input parses");
        let secs = start.elapsed().as_secs_f64();
        let peak = PEAK.load(Ordering::Relaxed) - base;
        std::hint::black_box(&doc);
        drop(doc);
        best = best.min(secs);
        peak_ratio = peak as f64 / text.len() as f64;
    }
    let mbs = text.len() as f64 / 1e6 / best;
    println!(
        "{name:<28} {:>9.2} MB  {:>8.1} ms  {:>8.1} MB/s  peak heap {:.2}x input",
        text.len() as f64 / 1e6,
        best * 1e3,
        mbs,
        peak_ratio
    );
    (mbs, peak_ratio)
}

fn main() {
    println!("raidctl parser benchmark (one thread)");
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    for mult in [1, 2, 4] {
        if only == "eventlog" {
            break;
        }
        let text = pd_list(240 * mult);
        measure(&format!("pdlist {} drives", 240 * mult), &text);
    }
    for mb in [12, 25, 50] {
        if only == "pdlist" {
            break;
        }
        let text = event_log(mb * 1_000_000);
        measure(&format!("eventlog {mb} MB"), &text);
    }
}
