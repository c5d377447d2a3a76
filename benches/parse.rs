//! Parser throughput: a 240-drive `-PDList` and a 50 MB event log, at 1×, 2× and 4× size to
//! show linear time, with peak heap measured by a counting allocator.
//!
//! Run: `cargo bench --bench parse`

// The counting allocator.
#![allow(unsafe_code)]
// A benchmark prints its figures for the person who runs it.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::alloc::{GlobalAlloc, Layout, System};
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

mod inputs;
use inputs::{event_log, pd_list};

#[global_allocator]
static GLOBAL: Counting = Counting;

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
