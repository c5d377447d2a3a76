//! CPU accounting of a job's workers: their CPU time over the measured part (as fio counts it)
//! and their wait for a CPU, which together say whether the figures describe the drive or the
//! host (reference B.3).

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

use super::{Plan, WorkerOut};

/// CPU used by a job's workers over its measured part (from the ramp's end, as fio counts).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CpuUsage {
    /// CPU seconds of the worker threads (user + system).
    pub cpu_s: f64,
    /// User seconds (10 ms resolution).
    pub user_s: f64,
    /// System seconds (10 ms resolution).
    pub sys_s: f64,
    /// CPU microseconds per I/O.
    pub per_io_us: f64,
    /// Busiest worker's CPU time over the measured time (1.0 = one core saturated).
    pub max_worker_util: f64,
    /// All workers' CPU over the measured time and online CPUs.
    pub host_util: f64,
    /// The longest any worker spent runnable but without a CPU, as a share of the job's wall
    /// time (the kernel's `run_delay`): a worker the host starved measured the host, not the
    /// drive, however little CPU it used. `None` where the kernel does not say (no
    /// `/proc/thread-self/schedstat`) and in records written before raidctl measured it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_worker_wait: Option<f64>,
}

/// Online CPUs.
pub fn online_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Thread CPU time (precise) and user/system split (ticks) of the calling thread.
pub(crate) fn thread_cpu() -> (Duration, f64, f64) {
    let ts = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let total = Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    );
    let (u, s) = std::fs::read_to_string("/proc/thread-self/stat")
        .ok()
        .and_then(|t| {
            let rest = t.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            // After the command: state is field 3, utime 14, stime 15 (1-based).
            let u: f64 = f.get(11)?.parse().ok()?;
            let s: f64 = f.get(12)?.parse().ok()?;
            Some((u / 100.0, s / 100.0))
        })
        .unwrap_or((0.0, 0.0));
    (total, u, s)
}

/// How long the calling thread has been runnable but waiting for a CPU since it started: the
/// second field of `/proc/thread-self/schedstat` (nanoseconds); `None` where the kernel does
/// not keep it.
pub(crate) fn thread_wait() -> Option<Duration> {
    let t = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = t.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// A worker's CPU clock over the measured part of a job: started by the first call to
/// [`CpuMeter::tick`] at or after the ramp's end, as fio resets its `getrusage` figures when
/// its ramp ends. Counting from the worker's start instead charged the ramp's CPU to the
/// I/Os after it: a sixth too much per I/O for `quick`'s 0.5 s ramp on 3 s jobs.
pub(crate) struct CpuMeter {
    start: Option<(Duration, f64, f64)>,
}

impl CpuMeter {
    pub(crate) fn new() -> Self {
        Self { start: None }
    }

    /// Starts the clock once `now` is past the ramp (one comparison per I/O after that).
    #[inline]
    pub(crate) fn tick(&mut self, plan: &Plan, now: Instant) {
        if self.start.is_none() && now >= plan.ramp_end {
            self.start = Some(thread_cpu());
        }
    }

    /// Stops the clock and writes the CPU used since it started (none if it never did), and
    /// how long the worker waited for a CPU over its whole life (each job's workers are new
    /// threads, so that is from the job's start: a worker starved before its first I/O counts).
    pub(crate) fn finish(self, out: &mut WorkerOut) {
        out.wait = thread_wait();
        let (cpu1, u1, s1) = thread_cpu();
        let (cpu0, u0, s0) = self.start.unwrap_or((cpu1, u1, s1));
        out.cpu = cpu1.saturating_sub(cpu0);
        out.user_s = (u1 - u0).max(0.0);
        out.sys_s = (s1 - s0).max(0.0);
    }
}

/// A worker (or all workers together) busier than this fraction of a CPU marks the result
/// host-bound (reference B.3: 85 %).
pub const HOST_BOUND_UTIL: f64 = 0.85;

/// A worker that waited more than this share of its job for a CPU marks the result host-bound.
/// A worker waiting on its drive sleeps and does not count; on an idle host the share is well
/// under 1 %, on this project's 2-core CI machine running the test suite 30 to 45 %. Found
/// when six qualify runs and two fuzzers shared two cores: a healthy drive completed no I/O in
/// its window and was FAILed at 0.00x its peers, its worker far from busy.
pub const HOST_STARVED_WAIT: f64 = 0.25;

/// Whether a job's figures describe the host rather than the drive, and how far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HostBound {
    /// The drive set the figures.
    No,
    /// A worker, or all of them together, kept a CPU busy: the CPU may have set any figure.
    Busy,
    /// A worker was runnable without a CPU for this share of the measured time (0 to 1): its
    /// rates could have been at most `1 / (1 - share)` higher, its latencies anything.
    Starved(f64),
}

impl HostBound {
    /// Whether the host can account for a rate that fell short of its limit by `shortfall`
    /// (limit / figure, above 1): always when busy, up to `1 / (1 - share)` when starved.
    #[must_use]
    pub fn explains_rate(self, shortfall: f64) -> bool {
        match self {
            Self::No => false,
            Self::Busy => true,
            Self::Starved(m) => m >= 1.0 || shortfall * (1.0 - m) <= 1.0,
        }
    }
}

impl CpuUsage {
    /// Judges these figures by the limits: a worker or all of them together busier than
    /// `util` of a CPU is [`HostBound::Busy`]; a worker runnable without a CPU for more than
    /// `wait` of the job is [`HostBound::Starved`], with its wait as a share of the measured
    /// time (`wall_s` from the job's start, `runtime_s` after the ramp; the wait is counted
    /// over the whole job, so it is all charged to the measured part, the worst case).
    #[must_use]
    pub fn judge(&self, util: f64, wait: f64, runtime_s: f64, wall_s: f64) -> HostBound {
        if self.max_worker_util > util || self.host_util > util {
            return HostBound::Busy;
        }
        match self.max_worker_wait {
            Some(w) if w > wait => {
                HostBound::Starved((w * wall_s / runtime_s.max(1e-9)).clamp(0.0, 1.0))
            }
            _ => HostBound::No,
        }
    }

    /// The CPU figures behind a host-bound verdict, in words for a rule's message.
    #[must_use]
    pub fn host_bound_why(&self) -> String {
        let mut s = format!(
            "busiest worker {:.0}% of a CPU",
            self.max_worker_util * 100.0
        );
        if let Some(w) = self.max_worker_wait.filter(|w| *w >= 0.05) {
            s.push_str(&format!(
                ", a worker waited {:.0}% of the job for a CPU",
                w * 100.0
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qualify::engine::{EngineKind, JobSpec, Op, Pattern, Target, run};
    use std::path::Path;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// A 1 MiB target, memory-backed where there is a tmpfs, so that its worker is always
    /// runnable (busy or waiting for a CPU) rather than asleep in its I/O.
    fn memory_target() -> (tempfile::TempDir, Arc<Target>) {
        let dir = if Path::new("/dev/shm").is_dir() {
            tempfile::tempdir_in("/dev/shm")
        } else {
            tempfile::tempdir()
        }
        .unwrap();
        let path = dir.path().join("target");
        std::fs::write(&path, vec![0x5a_u8; 1 << 20]).unwrap();
        (dir, Arc::new(Target::open(&path, false).unwrap()))
    }

    /// CPU is counted from the ramp's end, as fio's: a worker busy through a 1 s ramp and a
    /// 0.3 s measured part used about 1.3 s of CPU, and charging that to the measured I/Os
    /// overstated CPU per I/O by the ramp's share. Counted right, it cannot exceed the measured
    /// wall time on one thread, however busy the machine is.
    #[test]
    fn cpu_is_counted_after_the_ramp() {
        let (_dir, t) = memory_target();
        for engine in [EngineKind::Sync, EngineKind::Uring] {
            let mut s = JobSpec::timed(
                "ramped",
                Pattern::Random,
                Op::Read,
                4096,
                1,
                Duration::from_millis(300),
            );
            s.ramp = Duration::from_secs(1);
            s.engine = engine;
            let r = run(&t, &s).unwrap();
            assert!(r.ios > 0, "{engine:?}: no I/O measured");
            assert!(
                r.cpu.cpu_s <= r.runtime_s + 0.005,
                "{engine:?}: {:.3} s of CPU over a {:.3} s measured part: the ramp was counted",
                r.cpu.cpu_s,
                r.runtime_s
            );
        }
    }

    /// A worker sharing its CPU with two busy threads waits for it, and the job says so and
    /// is host-bound (workers inherit the pin). The target is memory-backed where there is a
    /// tmpfs, so the worker is always runnable and its share is about two thirds; on a disk
    /// it sleeps in its I/O, is favoured when it wakes, and waited only 15 to 25 %.
    #[test]
    fn a_worker_starved_of_cpu_makes_the_job_host_bound() {
        if thread_wait().is_none() {
            raidctl_sys::test_skip("this kernel keeps no /proc/thread-self/schedstat");
            return;
        }
        let (_dir, t) = memory_target();
        let r = std::thread::spawn(move || {
            let mine = rustix::thread::sched_getaffinity(None).unwrap();
            let cpu = (0..rustix::thread::CpuSet::MAX_CPU)
                .find(|&c| mine.is_set(c))
                .unwrap();
            let mut one = rustix::thread::CpuSet::new();
            one.set(cpu);
            rustix::thread::sched_setaffinity(None, &one).unwrap();
            let stop = Arc::new(AtomicBool::new(false));
            let spinners: Vec<_> = (0..2)
                .map(|_| {
                    let stop = Arc::clone(&stop);
                    std::thread::spawn(move || {
                        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                            std::hint::spin_loop();
                        }
                    })
                })
                .collect();
            let mut s = JobSpec::timed(
                "starved",
                Pattern::Random,
                Op::Read,
                4096,
                1,
                Duration::from_millis(600),
            );
            s.engine = EngineKind::Sync;
            let r = run(&t, &s);
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            for spin in spinners {
                spin.join().unwrap();
            }
            r.unwrap()
        })
        .join()
        .unwrap();
        let wait = r.cpu.max_worker_wait.expect("the wait is measured");
        assert!(wait > HOST_STARVED_WAIT, "waited {wait:.2} of the job");
        assert!(r.host_bound, "{:?}", r.cpu);
        assert!(
            r.cpu.host_bound_why().contains("waited"),
            "{}",
            r.cpu.host_bound_why()
        );
    }
}
