//! The workflows' one waiting primitive: look at the awaited state, and look again every poll
//! interval until it is in or the limit has passed. The loop, the clock and the deadline live
//! here; each wait says only what it looks at and what a late answer means.

use std::time::{Duration, Instant};

/// What one look at the awaited state found.
#[derive(Debug)]
pub(crate) enum Look<T> {
    /// The wait is over, with this answer (the state arrived, or a reason to stop).
    Done(T),
    /// Not yet: look again after the poll interval.
    Later,
    /// Not yet, but something changed on this look: look again at once.
    Now,
}

/// Looks with `look` (given the time waited so far) every `poll` until it is done; once `limit`
/// has passed without that, `late` gives the answer (given the time waited).
pub(crate) fn until<T>(
    poll: Duration,
    limit: Duration,
    mut look: impl FnMut(Duration) -> Look<T>,
    late: impl FnOnce(Duration) -> T,
) -> T {
    let start = Instant::now();
    loop {
        match look(start.elapsed()) {
            Look::Done(t) => return t,
            Look::Now => continue,
            Look::Later if start.elapsed() > limit => return late(start.elapsed()),
            Look::Later => std::thread::sleep(poll),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_comes_from_the_look_that_found_it() {
        let mut n = 0;
        let r = until(
            Duration::from_millis(1),
            Duration::from_secs(60),
            |_| {
                n += 1;
                if n == 3 { Look::Done(n) } else { Look::Later }
            },
            |_| 0,
        );
        assert_eq!(r, 3);
    }

    #[test]
    fn past_the_limit_the_late_answer_is_given() {
        let r = until(
            Duration::from_millis(1),
            Duration::from_millis(20),
            |_| Look::<&str>::Later,
            |waited| {
                assert!(waited > Duration::from_millis(20));
                "late"
            },
        );
        assert_eq!(r, "late");
    }

    #[test]
    fn a_look_that_changed_something_is_followed_at_once() {
        let mut looks = Vec::new();
        let r = until(
            Duration::from_secs(3600),
            Duration::from_secs(3600),
            |t| {
                looks.push(t);
                match looks.len() {
                    1 => Look::Now,
                    _ => Look::Done(looks.len()),
                }
            },
            |_| 0,
        );
        assert_eq!(r, 2, "no hour-long poll between the two looks");
    }
}
