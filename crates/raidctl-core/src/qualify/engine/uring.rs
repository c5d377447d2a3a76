//! The io_uring engine: one thread per job keeps `qd` reads or writes in flight on one ring,
//! with the target and the buffers registered with the kernel (no per-I/O file lookup or page
//! pinning) where the kernel and `RLIMIT_MEMLOCK` allow. Flushing jobs (`fdatasync`/`fsync`
//! after each write) run on the synchronous engine, which models BlueStore's single kv_sync
//! thread exactly.

// Registered buffers and submission entries: io_uring's API is unsafe by nature.
#![allow(unsafe_code)]

use super::buffer::AlignedBuf;
use super::{
    CpuMeter, Op, Plan, SyncMode, Target, WorkerOut, check, fill_random, mark, run_workers, seed,
    stamp,
};
use io_uring::{IoUring, opcode, squeue, types};
use std::os::fd::AsRawFd;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// Whether this process may use io_uring: the kernel has it, `kernel.io_uring_disabled` and
/// seccomp allow it. Probed once per process by setting up (and dropping) a small ring.
///
/// # Errors
/// Why not (the `io_uring_setup` error), for the record.
pub fn available() -> Result<(), String> {
    static PROBE: OnceLock<Result<(), String>> = OnceLock::new();
    PROBE
        .get_or_init(|| {
            IoUring::new(8)
                .map(drop)
                .map_err(|e| format!("io_uring_setup: {e}"))
        })
        .clone()
}

/// Runs the plan with io_uring, or says why it cannot (so the caller falls back).
pub(crate) fn run(target: &Arc<Target>, plan: &Arc<Plan>) -> Result<Vec<WorkerOut>, String> {
    if plan.spec.sync != SyncMode::None {
        return Err("flushing jobs run on the synchronous engine".into());
    }
    // Probe before any worker starts, so a refusal leaves nothing half-run.
    available()?;
    let jobs = plan.spec.jobs.max(1) as usize;
    let (target, plan) = (&**target, &**plan);
    Ok(run_workers(jobs, "io_uring", |j| worker(target, plan, j)))
}

/// A ring for one worker thread: single issuer with deferred task work (fewer interruptions
/// of the submitting thread, as fio does), or a plain ring on kernels without those flags.
fn new_ring(entries: u32) -> std::io::Result<IoUring> {
    IoUring::builder()
        .setup_coop_taskrun()
        .setup_single_issuer()
        .setup_defer_taskrun()
        .build(entries)
        .or_else(|_| IoUring::new(entries))
}

/// Registers the target as fixed file 0 and the buffers as fixed buffers 0..qd. Returns
/// whether both worked; otherwise the worker uses plain reads and writes (same I/O, a little
/// more kernel work per I/O), e.g. when `RLIMIT_MEMLOCK` is too small to pin the buffers.
fn register(ring: &IoUring, t: &Target, bufs: &mut [AlignedBuf]) -> bool {
    let iovecs: Vec<libc::iovec> = bufs
        .iter_mut()
        .map(|b| {
            let s = b.as_mut_slice();
            libc::iovec {
                iov_base: s.as_mut_ptr().cast(),
                iov_len: s.len(),
            }
        })
        .collect();
    if u16::try_from(iovecs.len()).is_err() {
        return false;
    }
    // SAFETY: every iovec points into a live heap buffer of `bufs`; the kernel pins those
    // pages until the ring is dropped, and the worker reaps every I/O before it returns, so no
    // I/O touches a buffer after it is freed.
    if unsafe { ring.submitter().register_buffers(&iovecs) }.is_err() {
        return false;
    }
    if ring
        .submitter()
        .register_files(&[t.file.as_raw_fd()])
        .is_err()
    {
        let _ = ring.submitter().unregister_buffers();
        return false;
    }
    true
}

/// The submission entry for one read or write of `buf` (slot `slot`) at `off`.
fn sqe(
    op: Op,
    fd: types::Fd,
    fixed: bool,
    buf: &mut AlignedBuf,
    slot: usize,
    len: u32,
    off: u64,
) -> squeue::Entry {
    let ptr = buf.as_mut_slice().as_mut_ptr();
    // `register` refuses more than u16::MAX buffers, so a registered slot fits.
    let index = u16::try_from(slot).unwrap_or(0);
    let file = types::Fixed(0);
    match (op, fixed) {
        (Op::Read, true) => opcode::ReadFixed::new(file, ptr, len, index)
            .offset(off)
            .build(),
        (Op::Read, false) => opcode::Read::new(fd, ptr, len).offset(off).build(),
        (Op::Write, true) => opcode::WriteFixed::new(file, ptr.cast_const(), len, index)
            .offset(off)
            .build(),
        (Op::Write, false) => opcode::Write::new(fd, ptr.cast_const(), len)
            .offset(off)
            .build(),
    }
    .user_data(slot as u64)
}

fn worker(t: &Target, plan: &Plan, job: usize) -> WorkerOut {
    let spec = &plan.spec;
    let mut out = WorkerOut::default();
    let qd = spec.qd.max(1) as usize;
    let bs = usize::try_from(spec.bs).unwrap_or(usize::MAX);
    let Ok(len) = u32::try_from(bs) else {
        out.fail(format!("block size {bs} too large for io_uring"));
        return out;
    };
    let mut ring = match new_ring(u32::try_from(qd.next_power_of_two()).unwrap_or(1024)) {
        Ok(r) => r,
        Err(e) => {
            out.fail(format!("io_uring setup: {e}"));
            return out;
        }
    };
    let align = t.buffer_align();
    let mut rng = seed(job);
    let mut bufs: Vec<AlignedBuf> = (0..qd)
        .map(|i| {
            let mut b = AlignedBuf::new(bs, align);
            if spec.op == Op::Write && spec.verify.is_none() {
                fill_random(b.as_mut_slice(), rng ^ i as u64);
            }
            b
        })
        .collect();
    let fixed = register(&ring, t, &mut bufs);
    let mut offsets = vec![0u64; qd];
    let mut starts = vec![Instant::now(); qd];
    let mut free: Vec<usize> = (0..qd).rev().collect();
    let fd = types::Fd(t.file.as_raw_fd());
    let mut meter = CpuMeter::new();
    let mut inflight = 0usize;
    let mut completed: Vec<(u64, i32)> = Vec::with_capacity(qd);
    let mut done = false;
    let mut n: u64 = (job as u64) << 40;
    loop {
        let now = Instant::now();
        if plan.past_deadline(now) {
            done = true;
        }
        meter.tick(plan, now);
        {
            let mut sq = ring.submission();
            while !done && inflight < qd {
                let Some(slot) = free.pop() else { break };
                let Some(off) = plan.next_offset(job, &mut rng) else {
                    free.push(slot);
                    done = true;
                    break;
                };
                let Some(buf) = bufs.get_mut(slot) else { break };
                if spec.op == Op::Write {
                    match spec.verify {
                        Some(s) => stamp(buf.as_mut_slice(), off, s),
                        None => mark(buf.as_mut_slice(), n),
                    }
                }
                let entry = sqe(spec.op, fd, fixed, buf, slot, len, off);
                // SAFETY: the entry points into `bufs[slot]`, which lives until this function
                // returns, and the loop below reaps every submitted entry before returning; a
                // slot is taken from `free` for one submission and only returned on its
                // completion, so no buffer is touched while the kernel uses it. `fd` stays
                // open (`t` outlives us).
                if unsafe { sq.push(&entry) }.is_err() {
                    free.push(slot);
                    break;
                }
                offsets[slot] = off;
                starts[slot] = now;
                inflight += 1;
                n += 1;
            }
        }
        if inflight == 0 {
            break;
        }
        if let Err(e) = ring.submit_and_wait(1) {
            if e.raw_os_error() == Some(rustix::io::Errno::INTR.raw_os_error()) {
                continue;
            }
            out.fail(format!("io_uring submit: {e}"));
            // Entries may still be in flight; wait for them without submitting more.
            done = true;
            if ring.submit_and_wait(inflight).is_err() {
                // The kernel still owns the buffers: leak them rather than free them.
                std::mem::forget(bufs);
                return out;
            }
        }
        let t_done = Instant::now();
        completed.clear();
        completed.extend(ring.completion().map(|c| (c.user_data(), c.result())));
        for &(slot, res) in &completed {
            let slot = usize::try_from(slot).unwrap_or(0);
            inflight -= 1;
            free.push(slot);
            let off = offsets.get(slot).copied().unwrap_or(0);
            if res < 0 {
                let e = std::io::Error::from_raw_os_error(-res);
                out.fail(format!("{:?} at offset {off}: {e}", spec.op));
                done = true;
                continue;
            }
            if usize::try_from(res).unwrap_or(0) != bs {
                out.fail(format!(
                    "short {:?} at offset {off}: {res} of {bs} bytes",
                    spec.op
                ));
                done = true;
                continue;
            }
            if spec.op == Op::Read {
                if let (Some(s), Some(b)) = (spec.verify, bufs.get(slot)) {
                    if !check(b.as_slice(), off, s) {
                        out.verify_errors += 1;
                    }
                }
            }
            let started = starts.get(slot).copied().unwrap_or(t_done);
            if started >= plan.ramp_end {
                out.lat.record(
                    u64::try_from(t_done.duration_since(started).as_nanos()).unwrap_or(u64::MAX),
                );
                out.ios += 1;
                out.bytes += spec.bs;
                let sec = usize::try_from((t_done - plan.ramp_end).as_secs()).unwrap_or(0);
                out.second(sec, spec.bs);
            }
        }
    }
    meter.finish(&mut out);
    if fixed {
        // Dropping the ring releases its file reference asynchronously; unregistering waits
        // for it, so the next job's (or the safety re-check's) O_EXCL open does not see the
        // device busy.
        let _ = ring.submitter().unregister_files();
        let _ = ring.submitter().unregister_buffers();
    }
    out
}
