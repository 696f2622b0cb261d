//! The files a reader gave up on, remembered: a small JSON file beside the
//! index ([`FILE`] in the index folder) maps each such file's fingerprint
//! (its size and a hash of its bytes) to the reason, so the next reading
//! skips it at once instead of spending the time limit on it again. A file
//! that changes has another fingerprint and is read again, and so is every
//! file when the program changes: another build's reader may read what
//! this one gave up on.
//!
//! The file is written atomically (a temporary file renamed over it); one
//! that is missing, unreadable or corrupt is an empty memo. Two commands
//! may learn of different files at once: each writes under a lock ([`LOCK`]
//! beside the memo, waited for at most `LOCK_WAIT`), reading the memo
//! again under it and adding what it learned, so neither loses the other's.

use std::fs::{File, TryLockError};
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The memo's file name in the index folder.
pub const FILE: &str = "unreadable-files.json";
/// The most files remembered (the latest kept): far more than any corpus
/// has bad files.
const MOST_REMEMBERED: usize = 256;
/// The lock file beside the memo, held while the memo is written.
pub const LOCK: &str = ".unreadable-files.lock";
/// How long a command waits for another one writing the memo: writing
/// takes milliseconds; past this the other is stuck, and what this one
/// learned is not remembered (which only costs time).
const LOCK_WAIT: Duration = Duration::from_secs(2);
/// How often the lock is tried while waiting.
const LOCK_POLL: Duration = Duration::from_millis(10);

static FOLDER: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Keeps the memo in `index` (the index folder): set once the folder is
/// known; until then nothing is remembered.
pub fn keep_in(index: &Path) {
    if let Ok(mut folder) = FOLDER.lock() {
        *folder = Some(index.to_path_buf());
    }
}

/// The index folder set by [`keep_in`], where what is kept of readings
/// lives; `None` until it is set.
pub fn index_folder() -> Option<PathBuf> {
    FOLDER.lock().ok()?.clone()
}

/// A file's fingerprint: its size and a hash of its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    size: u64,
    hash: String,
}

impl Key {
    pub fn of(bytes: &[u8]) -> Key {
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(bytes);
        // A second pass from the end makes two different files of one size
        // sharing a 64-bit hash all but impossible.
        let mut reversed = fnv::FnvHasher::with_key(0x6c62_272e_07bb_0142);
        for chunk in bytes.rchunks(4096) {
            reversed.write(chunk);
        }
        Key {
            size: bytes.len() as u64,
            hash: format!("{:016x}{:016x}", hasher.finish(), reversed.finish()),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Remembered {
    #[serde(flatten)]
    key: Key,
    /// The file's name when it failed (for a person reading the memo).
    name: String,
    why: String,
    /// The program that gave up on it ([`reader`]); a memo written before
    /// this was kept has none, and holds for no program.
    #[serde(default)]
    reader: String,
}

/// This program, as the memo tells builds apart: its version and the
/// executable's size and modification time (a rebuilt binary is another
/// reader).
fn reader() -> String {
    static READER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    READER
        .get_or_init(|| {
            let built = std::env::current_exe()
                .and_then(|exe| exe.metadata())
                .map(|m| {
                    let modified = m
                        .modified()
                        .ok()
                        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                        .map_or(0, |d| d.as_nanos());
                    format!("{}-{modified}", m.len())
                })
                .unwrap_or_default();
            format!("{} {built}", env!("CARGO_PKG_VERSION"))
        })
        .clone()
}

/// The remembered files, as loaded.
#[derive(Debug)]
pub struct Memo {
    path: PathBuf,
    files: Vec<Remembered>,
    /// The files remembered since it was loaded: what [`Memo::save`] adds
    /// to the memo as it is on disk then.
    learned: Vec<Remembered>,
}

/// The memo's path in the index folder `index`.
pub fn path_in(index: &Path) -> PathBuf {
    index.join(FILE)
}

impl Memo {
    /// The memo of the index folder set by [`keep_in`]; `None` when none is
    /// set. A missing or corrupt file is an empty memo.
    pub fn load() -> Option<Memo> {
        let folder = FOLDER.lock().ok()?.clone()?;
        Some(Memo::read(path_in(&folder)))
    }

    fn read(path: PathBuf) -> Memo {
        let files = crate::input::read_capped(&path, 1024 * 1024)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Memo {
            path,
            files,
            learned: Vec::new(),
        }
    }

    /// Why the file with this fingerprint was given up on by this program,
    /// if it was.
    pub fn reason(&self, key: &Key) -> Option<&str> {
        let reader = reader();
        self.files
            .iter()
            .find(|f| &f.key == key && f.reader == reader)
            .map(|f| f.why.as_str())
    }

    pub fn remember(&mut self, key: Key, name: &str, why: String) {
        let file = Remembered {
            key,
            name: name.to_string(),
            why,
            reader: reader(),
        };
        add(&mut self.learned, file.clone());
        add(&mut self.files, file);
    }

    /// Adds what was learned since loading to the memo as it is on disk
    /// now, under the lock, and writes it (a temporary file renamed over
    /// the old one). A folder that cannot be written, or a lock held past
    /// `LOCK_WAIT`, leaves nothing remembered, which only costs time.
    pub fn save(&self) {
        let Some(folder) = self.path.parent() else {
            return;
        };
        if std::fs::create_dir_all(folder).is_err() {
            return;
        }
        let Some(_lock) = lock(&folder.join(LOCK)) else {
            return;
        };
        let mut files = Memo::read(self.path.clone()).files;
        for file in &self.learned {
            add(&mut files, file.clone());
        }
        let Ok(json) = serde_json::to_vec_pretty(&files) else {
            return;
        };
        let temporary = folder.join(format!(".{FILE}-{}", std::process::id()));
        let written =
            std::fs::write(&temporary, json).and_then(|()| std::fs::rename(&temporary, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

/// Adds `file` to `files` in place of an earlier record of the same bytes,
/// keeping the latest [`MOST_REMEMBERED`].
fn add(files: &mut Vec<Remembered>, file: Remembered) {
    files.retain(|f| f.key != file.key);
    files.push(file);
    let extra = files.len().saturating_sub(MOST_REMEMBERED);
    files.drain(..extra);
}

/// The memo's lock, held until dropped (and released by the system if the
/// process dies); `None` when it cannot be had within [`LOCK_WAIT`].
fn lock(path: &Path) -> Option<File> {
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        let file = crate::input::open_lock_file(path).ok()?;
        match file.try_lock() {
            // A lock file replaced since it was opened (damage healed by
            // another command) locks nothing: try the one there now.
            Ok(()) if crate::input::is_at(&file, path) => return Some(file),
            Ok(()) => continue,
            Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(_)) => return None,
        }
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        std::thread::sleep(LOCK_POLL.min(deadline - now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_remembered_until_the_bytes_change_and_a_corrupt_memo_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        let mut memo = Memo::read(path.clone());
        memo.remember(Key::of(b"%PDF-1 slow"), "slow.pdf", "too slow".to_string());
        memo.save();
        let again = Memo::read(path.clone());
        assert_eq!(again.reason(&Key::of(b"%PDF-1 slow")), Some("too slow"));
        assert_eq!(again.reason(&Key::of(b"%PDF-1 slow!")), None);
        assert_ne!(Key::of(b"ab"), Key::of(b"ba"));
        std::fs::write(&path, b"{ not json").unwrap();
        assert_eq!(Memo::read(path).reason(&Key::of(b"%PDF-1 slow")), None);
        assert_eq!(Memo::read(dir.path().join("missing")).files.len(), 0);
    }

    #[test]
    fn what_another_program_gave_up_on_is_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        let key = Key::of(b"%PDF-1 failed before");
        let written = serde_json::json!([
            { "size": 21, "hash": serde_json::to_value(&key).unwrap()["hash"],
              "name": "old.pdf", "why": "an older reader failed" },
            { "size": 21, "hash": serde_json::to_value(&key).unwrap()["hash"],
              "name": "old.pdf", "why": "another build failed", "reader": "0.0.0 1-2" },
        ]);
        std::fs::write(&path, written.to_string()).unwrap();
        let memo = Memo::read(path);
        assert_eq!(memo.files.len(), 2);
        assert_eq!(memo.reason(&key), None);
    }

    #[test]
    fn only_the_latest_files_are_kept() {
        let mut memo = Memo::read(PathBuf::from("unused"));
        for i in 0..MOST_REMEMBERED + 3 {
            memo.remember(Key::of(&i.to_le_bytes()), "f", i.to_string());
        }
        assert_eq!(memo.files.len(), MOST_REMEMBERED);
        assert_eq!(memo.reason(&Key::of(&0usize.to_le_bytes())), None);
        assert!(memo
            .reason(&Key::of(&(MOST_REMEMBERED + 2).to_le_bytes()))
            .is_some());
    }

    #[test]
    fn two_commands_learning_at_once_both_are_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        let loaded = std::sync::Barrier::new(2);
        std::thread::scope(|scope| {
            for name in ["slow.pdf", "deep.pdf"] {
                let (path, loaded) = (path.clone(), &loaded);
                scope.spawn(move || {
                    let mut memo = Memo::read(path);
                    // Both have read the memo before either writes it.
                    loaded.wait();
                    memo.remember(Key::of(name.as_bytes()), name, format!("{name} failed"));
                    memo.save();
                });
            }
        });
        let memo = Memo::read(path);
        assert_eq!(memo.reason(&Key::of(b"slow.pdf")), Some("slow.pdf failed"));
        assert_eq!(memo.reason(&Key::of(b"deep.pdf")), Some("deep.pdf failed"));
        assert!(dir.path().join(LOCK).is_file());
    }
}
