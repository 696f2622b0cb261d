//! When an answer of many parts (a deck's sheet) stops: at a time, or as
//! soon as nobody waits for it any more. The server gives each request one
//! ([`Stop::by`] the end of the request's time, [`Stop::cancel_on_drop`] the
//! request's future); the command line waits for its answer ([`Stop::never`]
//! but the answer's own budget).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Why an answer stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// Its time was up.
    Time,
    /// Whoever asked no longer waits (they left, or were answered that the
    /// answer took too long).
    Cancelled,
}

/// When to stop: a time, a flag, both or neither.
#[derive(Debug, Clone, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    cancelled: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// Never stopped from outside.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Stopped at `deadline`, or earlier if already so.
    pub fn by(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// A stop and the guard that cancels it when dropped: a server holds the
    /// guard in the request's future, so that a request answered another way
    /// (its time was up) or abandoned (its client left) stops its work.
    pub fn cancel_on_drop(mut self) -> (Stop, CancelOnDrop) {
        let flag = Arc::new(AtomicBool::new(false));
        self.cancelled = Some(Arc::clone(&flag));
        (self, CancelOnDrop(flag))
    }

    /// Whether to stop now, and why.
    pub fn reached(&self) -> Option<Stopped> {
        if self
            .cancelled
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(Stopped::Cancelled);
        }
        self.deadline
            .is_some_and(|d| Instant::now() >= d)
            .then_some(Stopped::Time)
    }
}

/// Cancels its [`Stop`] when dropped.
pub struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_stop_is_reached_by_its_time_or_its_guard() {
        assert_eq!(Stop::never().reached(), None);
        let past = Stop::never().by(Instant::now() - Duration::from_millis(1));
        assert_eq!(past.reached(), Some(Stopped::Time));
        let later = Stop::never().by(Instant::now() + Duration::from_secs(60));
        assert_eq!(later.reached(), None);
        // The earlier of two times holds.
        let both = later.by(Instant::now() - Duration::from_millis(1));
        assert_eq!(both.reached(), Some(Stopped::Time));
        let (stop, guard) = Stop::never().cancel_on_drop();
        assert_eq!(stop.reached(), None);
        drop(guard);
        assert_eq!(stop.reached(), Some(Stopped::Cancelled));
    }
}
