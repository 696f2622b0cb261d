//! The files a reader gave up on, remembered: a small JSON file beside the
//! index ([`FILE`] in the index folder) maps each such file's fingerprint
//! (its size and a hash of its bytes) to the reason, so the next reading
//! skips it at once instead of spending the time limit on it again. A file
//! that changes has another fingerprint and is read again, and so is every
//! file when the program changes: another build's reader may read what
//! this one gave up on.
//!
//! The file is written atomically (a temporary file renamed over it); one
//! that is missing, unreadable or corrupt is an empty memo.

use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

/// The memo's file name in the index folder.
pub const FILE: &str = "unreadable-files.json";
/// The most files remembered (the latest kept): far more than any corpus
/// has bad files.
const MOST_REMEMBERED: usize = 256;

static FOLDER: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Keeps the memo in `index` (the index folder): set once the folder is
/// known; until then nothing is remembered.
pub fn keep_in(index: &Path) {
    if let Ok(mut folder) = FOLDER.lock() {
        *folder = Some(index.to_path_buf());
    }
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
        Memo { path, files }
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
        self.files.retain(|f| f.key != key);
        self.files.push(Remembered {
            key,
            name: name.to_string(),
            why,
            reader: reader(),
        });
        let extra = self.files.len().saturating_sub(MOST_REMEMBERED);
        self.files.drain(..extra);
    }

    /// Writes the memo (a temporary file renamed over the old one); a
    /// folder that cannot be written leaves nothing remembered, which only
    /// costs time.
    pub fn save(&self) {
        let Some(folder) = self.path.parent() else {
            return;
        };
        let Ok(json) = serde_json::to_vec_pretty(&self.files) else {
            return;
        };
        let temporary = folder.join(format!(".{FILE}-{}", std::process::id()));
        let written = std::fs::create_dir_all(folder)
            .and_then(|()| std::fs::write(&temporary, json))
            .and_then(|()| std::fs::rename(&temporary, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_remembered_until_the_bytes_change_and_a_corrupt_memo_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        let mut memo = Memo {
            path: path.clone(),
            files: Vec::new(),
        };
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
        let mut memo = Memo {
            path: PathBuf::from("unused"),
            files: Vec::new(),
        };
        for i in 0..MOST_REMEMBERED + 3 {
            memo.remember(Key::of(&i.to_le_bytes()), "f", i.to_string());
        }
        assert_eq!(memo.files.len(), MOST_REMEMBERED);
        assert_eq!(memo.reason(&Key::of(&0usize.to_le_bytes())), None);
        assert!(memo
            .reason(&Key::of(&(MOST_REMEMBERED + 2).to_le_bytes()))
            .is_some());
    }
}
