//! The lock two runs of `update` on one folder take turns on: a file of
//! the tool's in the folder, held for the whole run. A run that finds it
//! held says so and waits, at most its own time limit.

use std::fs::File;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// How often a waiting run tries the lock again.
const RETRY: Duration = Duration::from_millis(100);

/// Takes the lock at `path`, waiting at most `timeout` for another run to
/// let it go; `waiting` is called once, when the wait begins.
pub fn take(path: &Path, timeout: Duration, mut waiting: impl FnMut()) -> io::Result<File> {
    let lock = crate::input::open_lock_file_in_place(path)?;
    let deadline = Instant::now() + timeout;
    let mut said = false;
    loop {
        match lock.try_lock() {
            Ok(()) => return Ok(lock),
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        if !said {
            waiting();
            said = true;
        }
        if Instant::now() >= deadline {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "another update of this folder held it for {} seconds (--timeout): nothing was fetched; run again when it is done",
                    timeout.as_secs()
                ),
            ));
        }
        std::thread::sleep(RETRY);
    }
}
