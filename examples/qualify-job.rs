//! Runs one raidctl qualification engine job and prints its result as one JSON line; used by
//! `scripts/fio-compare.sh` to compare the engine with fio on identical jobs.
//!
//! `qualify-job FILE RW BS QD JOBS SECONDS ENGINE SYNC`, e.g.
//! `qualify-job /dev/loop0 randread 4096 32 1 10 uring none`.

use raidctl::qualify::engine::{self, EngineKind, JobSpec, Op, Pattern, SyncMode, Target};
use std::sync::Arc;
use std::time::Duration;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() != 8 {
        eprintln!(
            "usage: qualify-job FILE read|write|randread|randwrite BS QD JOBS SECONDS auto|sync|uring none|fdatasync|fsync"
        );
        std::process::exit(2);
    }
    let num = |s: &str| {
        s.parse::<u64>()
            .unwrap_or_else(|_| panic!("not a number: {s}"))
    };
    let (pattern, op) = match a[1].as_str() {
        "read" => (Pattern::Seq, Op::Read),
        "write" => (Pattern::Seq, Op::Write),
        "randread" => (Pattern::Random, Op::Read),
        _ => (Pattern::Random, Op::Write),
    };
    let mut spec = JobSpec::timed(
        &a[1],
        pattern,
        op,
        num(&a[2]),
        u32::try_from(num(&a[3])).unwrap_or(1),
        Duration::from_secs(num(&a[5])),
    );
    spec.jobs = u32::try_from(num(&a[4])).unwrap_or(1);
    spec.engine = match a[6].as_str() {
        "uring" => EngineKind::Uring,
        "sync" => EngineKind::Sync,
        _ => EngineKind::Auto,
    };
    spec.sync = match a[7].as_str() {
        "fdatasync" => SyncMode::Fdatasync,
        "fsync" => SyncMode::Fsync,
        _ => SyncMode::None,
    };
    let target = Target::open(std::path::Path::new(&a[0]), op == Op::Write)
        .unwrap_or_else(|e| panic!("{e}"));
    let r = engine::run(&Arc::new(target), &spec).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{{\"ios\":{},\"iops\":{:.1},\"mbps\":{:.2},\"p99_us\":{:.1},\"engine\":\"{:?}\",\"direct\":{},\"errors\":{},\"worker_cpu_s\":{:.4}}}",
        r.ios, r.iops, r.mbps, r.lat.p99_us, r.engine_used, r.direct, r.errors, r.cpu.cpu_s
    );
}
