//! The synchronous engine: `pread`/`pwrite` (fio `psync`), one thread per in-flight I/O, so
//! queue depth N × jobs M runs N × M threads on one shared file descriptor.

use super::buffer::AlignedBuf;
use super::{
    CpuMeter, Op, Plan, SyncMode, Target, WorkerOut, check, fill_random, mark, run_workers, seed,
    stamp,
};
use std::os::unix::fs::FileExt;
use std::sync::Arc;
use std::time::Instant;

/// Runs the plan's workers and returns what each measured.
pub(crate) fn run(target: &Arc<Target>, plan: &Arc<Plan>) -> Vec<WorkerOut> {
    let qd = plan.spec.qd.max(1) as usize;
    let n = plan.spec.jobs.max(1) as usize * qd;
    let (target, plan) = (&**target, &**plan);
    run_workers(n, "I/O", |w| worker(target, plan, w / qd, w))
}

fn worker(t: &Target, plan: &Plan, job: usize, w: usize) -> WorkerOut {
    let spec = &plan.spec;
    let bs = usize::try_from(spec.bs).unwrap_or(usize::MAX);
    let mut out = WorkerOut::default();
    let mut buf = AlignedBuf::new(bs, t.buffer_align());
    let mut rng = seed(w);
    if spec.op == Op::Write && spec.verify.is_none() {
        fill_random(buf.as_mut_slice(), rng);
    }
    let mut meter = CpuMeter::new();
    let mut n: u64 = (w as u64) << 40;
    while let Some(off) = plan.next_offset(job, &mut rng) {
        let t_start = Instant::now();
        if plan.past_deadline(t_start) {
            break;
        }
        meter.tick(plan, t_start);
        let res = match spec.op {
            Op::Read => t.file.read_at(buf.as_mut_slice(), off),
            Op::Write => {
                match spec.verify {
                    Some(s) => stamp(buf.as_mut_slice(), off, s),
                    None => mark(buf.as_mut_slice(), n),
                }
                t.file.write_at(buf.as_slice(), off)
            }
        };
        let t_io = Instant::now();
        match res {
            Ok(k) if k == bs => {}
            Ok(k) => {
                out.fail(format!(
                    "short {:?} at offset {off}: {k} of {bs} bytes",
                    spec.op
                ));
                break;
            }
            Err(e) => {
                out.fail(format!("{:?} at offset {off}: {e}", spec.op));
                break;
            }
        }
        let measured = t_start >= plan.ramp_end;
        let mut t_end = t_io;
        if spec.op == Op::Write && spec.sync != SyncMode::None {
            let r = if spec.sync == SyncMode::Fsync {
                t.file.sync_all()
            } else {
                t.file.sync_data()
            };
            t_end = Instant::now();
            if let Err(e) = r {
                out.fail(format!("{:?} after offset {off}: {e}", spec.sync));
                break;
            }
            if measured {
                out.sync_used = true;
                out.sync_lat
                    .record(u64::try_from((t_end - t_io).as_nanos()).unwrap_or(u64::MAX));
            }
        }
        if spec.op == Op::Read {
            if let Some(s) = spec.verify {
                if !check(buf.as_slice(), off, s) {
                    out.verify_errors += 1;
                    if out.first_error.is_none() {
                        out.first_error = Some(format!("verify mismatch at offset {off}"));
                    }
                }
            }
        }
        if measured {
            out.lat
                .record(u64::try_from((t_io - t_start).as_nanos()).unwrap_or(u64::MAX));
            out.ios += 1;
            out.bytes += spec.bs;
            let sec = usize::try_from((t_end - plan.ramp_end).as_secs()).unwrap_or(0);
            out.second(sec, spec.bs);
        }
        n += 1;
    }
    meter.finish(&mut out);
    out
}
