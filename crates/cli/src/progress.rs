//! A long simulation's progress bar, moved by a thread of its own.
//!
//! The simulator's workers report each chunk of fights they finish. Told
//! to the bar directly (`ProgressBar::inc`), every report locked the bar's
//! mutex, hidden or not, and a worker that found it taken slept until the
//! other let go: on two threads one slept 36 to 228 ms of a one-second
//! d20-3d6 million (an idle core wakes slowly; docs/performance.md, "Idle
//! cores"). The workers now only add to a counter, and while the bar is
//! shown one thread sets its position from the counter ten times a second.

use indicatif::ProgressBar;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How often a shown bar is moved.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work`, handing it the callback that counts finished fights, and
/// moves `bar` to the count until `work` returns (a hidden bar is never
/// touched).
pub fn counted<T>(bar: &ProgressBar, work: impl FnOnce(&(dyn Fn(u64) + Sync)) -> T) -> T {
    if bar.is_hidden() {
        return work(&|_| {});
    }
    let done = AtomicU64::new(0);
    let (finished, watch) = mpsc::channel::<()>();
    thread::scope(|scope| {
        let done = &done;
        scope.spawn(move || {
            loop {
                bar.set_position(done.load(Ordering::Relaxed));
                // Ends when `finished` is dropped: at once, not a tick later.
                if watch.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
                    return;
                }
            }
        });
        let out = work(&|k| {
            done.fetch_add(k, Ordering::Relaxed);
        });
        drop(finished);
        bar.set_position(done.load(Ordering::Relaxed));
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::{ProgressDrawTarget, TermLike};
    use std::io;

    /// A terminal that shows nothing: the bar counts it as shown.
    #[derive(Debug)]
    struct Blank;

    impl TermLike for Blank {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, _: &str) -> io::Result<()> {
            Ok(())
        }
        fn write_str(&self, _: &str) -> io::Result<()> {
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_shown_bar_ends_at_every_fight_reported_from_every_thread() {
        let bar = ProgressBar::with_draw_target(
            Some(700),
            ProgressDrawTarget::term_like(Box::new(Blank)),
        );
        assert!(!bar.is_hidden());
        let out = counted(&bar, |progress| {
            thread::scope(|s| {
                for _ in 0..7 {
                    s.spawn(|| (0..10).for_each(|_| progress(10)));
                }
            });
            "played"
        });
        assert_eq!((out, bar.position()), ("played", 700));
    }

    #[test]
    fn a_hidden_bar_is_left_alone() {
        let bar = ProgressBar::hidden();
        assert_eq!(counted(&bar, |progress| (progress(5), 3).1), 3);
        assert_eq!(bar.position(), 0);
    }
}
