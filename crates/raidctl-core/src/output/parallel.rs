//! Work on the pieces of a large input spread over the CPUs, its results taken in input order.
//!
//! Parsing a 50 MB event log and formatting its records costs more CPU than writing the
//! result, so with two or more CPUs the pieces (see [`crate::parse::EventLog::pieces`]) are
//! parsed and formatted on worker threads while this thread writes the finished ones, in
//! order. A bounded number of pieces is in flight, so memory stays a few pieces' worth
//! whatever the input's size.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// How many threads may work on pieces: the CPUs this process may run on (affinity and
/// cgroup quota included), at most 8. One means everything runs on the calling thread.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Calls `work` on every item of `items` on up to `threads` worker threads and `sink` on
/// each result in the order of `items`, on the calling thread. The first error from `sink`
/// stops it: no further item is started and that error is returned.
///
/// With `threads` ≤ 1 no thread is started and each item is worked on and sunk in turn.
///
/// # Errors
/// The first error `sink` returns.
pub fn map_ordered<I, R, E>(
    items: impl Iterator<Item = I>,
    threads: usize,
    work: impl Fn(I) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    I: Send,
    R: Send,
{
    if threads <= 1 {
        for item in items {
            sink(work(item))?;
        }
        return Ok(());
    }
    // Enough in flight to keep every worker busy while one result waits for its turn.
    let in_flight = threads + 1;
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = mpsc::sync_channel::<(usize, I)>(in_flight);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (done_tx, done_rx) = mpsc::channel::<(usize, R)>();
        for _ in 0..threads {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            let work = &work;
            scope.spawn(move || {
                loop {
                    // The lock is held only to take a job, not while working on it.
                    let job = job_rx.lock().map_or(None, |rx| rx.recv().ok());
                    let Some((index, item)) = job else { break };
                    if done_tx.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut items = items.enumerate();
        let (mut sent, mut next) = (0usize, 0usize);
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut exhausted = false;
        let result = loop {
            while !exhausted && sent - next < in_flight {
                match items.next() {
                    Some(job) => {
                        // The workers outlive this loop, so a send fails only if all of
                        // them panicked; the scope then re-raises the panic.
                        if job_tx.send(job).is_err() {
                            exhausted = true;
                        }
                        sent += 1;
                    }
                    None => exhausted = true,
                }
            }
            if next == sent {
                break Ok(());
            }
            let Ok((index, r)) = done_rx.recv() else {
                // Every worker is gone (one panicked): the scope re-raises it.
                break Ok(());
            };
            waiting.insert(index, r);
            let mut failed = None;
            while let Some(r) = waiting.remove(&next) {
                next += 1;
                if let Err(e) = sink(r) {
                    failed = Some(e);
                    break;
                }
            }
            if let Some(e) = failed {
                break Err(e);
            }
        };
        // Closing the job channel ends the workers; results still coming are dropped.
        drop(job_tx);
        drop(done_rx);
        result
    })
}

/// [`map_ordered`] over the pieces of a drive list, where `work` also returns the adapter the
/// piece's lines ended on: a piece whose cut assumed another adapter than the piece before it
/// ended on is worked on again, on this thread, under that adapter before `sink` sees it (see
/// [`crate::parse::DrivePiece::under`]).
///
/// # Errors
/// The first error `sink` returns.
pub fn map_drive_pieces<'a, R, E>(
    pieces: impl Iterator<Item = crate::parse::DrivePiece<'a>>,
    threads: usize,
    work: impl Fn(crate::parse::DrivePiece<'a>) -> (R, u32) + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    R: Send,
{
    let work = &work;
    let mut ended = None;
    map_ordered(
        pieces,
        threads,
        |p| (p, work(p)),
        |(p, (mut r, mut adapter))| {
            if let Some(a) = ended.filter(|&a| p.adapter() != Some(a)) {
                (r, adapter) = work(p.under(a));
            }
            ended = Some(adapter);
            sink(r)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order_whatever_finishes_first() {
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let r: Result<(), ()> = map_ordered(
                0..200u64,
                threads,
                |i| {
                    // Early items take longest, so they finish after later ones.
                    std::thread::sleep(std::time::Duration::from_micros(200 - i));
                    i * 2
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(r, Ok(()));
            assert_eq!(
                seen,
                (0..200).map(|i| i * 2).collect::<Vec<_>>(),
                "{threads}"
            );
        }
    }

    #[test]
    fn the_first_sink_error_stops_the_work() {
        let started = std::sync::atomic::AtomicUsize::new(0);
        let mut sunk = 0;
        let r = map_ordered(
            0..10_000,
            2,
            |i| {
                started.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                i
            },
            |i| {
                sunk += 1;
                if i == 10 { Err("full") } else { Ok(()) }
            },
        );
        assert_eq!(r, Err("full"));
        assert_eq!(sunk, 11);
        // Only what was in flight when the error came was started.
        assert!(started.into_inner() < 100);
    }

    #[test]
    fn no_items_no_results() {
        let r: Result<(), ()> = map_ordered(std::iter::empty::<u8>(), 4, |i| i, |_| Ok(()));
        assert_eq!(r, Ok(()));
    }
}
