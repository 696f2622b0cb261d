//! Readings kept: what the readers made of each document, kept in the
//! index folder so that a document that did not change is never read
//! again (a PDF never converted again in its child process), whatever else
//! in the corpus changed.
//!
//! A reading is kept in `readings/` under the index folder, one file a
//! document, named by a hash of the program's fingerprint (its version and
//! the executable's identity: another build's readers may read otherwise),
//! the document's name (its release id, and a date a file name may give)
//! and its bytes. The file records those again, with a check of the
//! reading as written: a file that is missing, unreadable, corrupt, of another
//! document or another program is no reading, and the document is read
//! again and its reading written anew. Files are written atomically (a
//! temporary file renamed over the old); the readings no document of the
//! corpus used are removed after a load, so the folder holds what the
//! corpus holds.
//!
//! Only what a document's own bytes and name decide is kept: the release
//! as its reader made it, before the corpus places it (its order, its
//! source path, an id shared with another file, the sections other
//! documents name), and what the corpus says about it.

use std::collections::HashSet;
use std::fs;
use std::hash::Hasher;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::digest::Digest;

use crate::model::Release;

/// The folder of the readings in the index folder.
pub const FOLDER: &str = "readings";

/// A document's reading as the corpus uses it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reading {
    pub release: Release,
    /// Each entry's source line ranges (which an entry's JSON leaves out),
    /// by the entry's place.
    pub spans: Vec<Vec<(usize, usize)>>,
    /// What converting the bytes had to say.
    pub notes: Vec<String>,
    /// Whether the date came from the file's name alone.
    pub dated_by_name: bool,
    /// Whether the edition could not be told.
    pub edition_unknown: bool,
    /// The document's text, kept where a ruling names several sections
    /// (the corpus splits it once the bases are known).
    pub text: Option<String>,
}

/// A reading as stored: what it is of, and a hash of its JSON.
#[derive(Serialize, Deserialize)]
struct Stored<'a> {
    program: String,
    name: String,
    key: String,
    check: String,
    #[serde(borrow)]
    reading: &'a RawValue,
}

/// The readings of one load: where they live and which were used.
pub struct Kept {
    folder: PathBuf,
    program: String,
    used: HashSet<String>,
}

impl Kept {
    /// The readings kept in the index folder, when one is known.
    pub fn open() -> Option<Kept> {
        let folder = crate::convert::memo::index_folder()?.join(FOLDER);
        Some(Kept {
            folder,
            program: program(),
            used: HashSet::new(),
        })
    }

    /// The key of a document's reading: its program, name and bytes.
    pub fn key(&self, name: &str, bytes: &[u8]) -> String {
        hash_hex(&[self.program.as_bytes(), name.as_bytes(), bytes])
    }

    fn path(&self, key: &str) -> PathBuf {
        self.folder.join(format!("{key}.json"))
    }

    /// The reading kept under `key` for the document `name`, if one is
    /// there whole. Said to be used with [`Kept::used`].
    pub fn get(&self, key: &str, name: &str) -> Option<Reading> {
        let bytes = fs::read(self.path(key)).ok()?;
        let stored: Stored = serde_json::from_slice(&bytes).ok()?;
        let whole = stored.program == self.program
            && stored.name == name
            && stored.key == key
            && stored.check == check_of(stored.reading.get());
        if !whole {
            return None;
        }
        let mut reading: Reading = serde_json::from_str(stored.reading.get()).ok()?;
        if reading.spans.len() != reading.release.entries.len() {
            return None;
        }
        for (entry, spans) in reading.release.entries.iter_mut().zip(&reading.spans) {
            entry.spans.clone_from(spans);
        }
        Some(reading)
    }

    /// Records that the reading kept under `key` was used: it is not
    /// pruned.
    pub fn used(&mut self, key: String) {
        self.used.insert(key);
    }

    /// Keeps a document's reading under `key`. A reading that cannot be
    /// written is only not kept: the next load reads the document again.
    pub fn put(&mut self, key: &str, name: &str, reading: &Reading) {
        self.used.insert(key.to_string());
        let Ok(json) = serde_json::to_string(reading) else {
            return;
        };
        let Ok(raw) = RawValue::from_string(json) else {
            return;
        };
        let stored = Stored {
            program: self.program.clone(),
            name: name.to_string(),
            key: key.to_string(),
            check: check_of(raw.get()),
            reading: &raw,
        };
        let Ok(bytes) = serde_json::to_vec(&stored) else {
            return;
        };
        if fs::create_dir_all(&self.folder).is_err() {
            return;
        }
        let temporary = self
            .folder
            .join(format!(".{key}.{}.tmp", std::process::id()));
        if fs::write(&temporary, bytes).is_err() || fs::rename(&temporary, self.path(key)).is_err()
        {
            let _ = fs::remove_file(&temporary);
        }
    }

    /// Removes the readings this load did not use: documents gone or
    /// changed, and another program's.
    pub fn prune(&self) {
        let Ok(items) = fs::read_dir(&self.folder) else {
            return;
        };
        for item in items.flatten() {
            let name = item.file_name();
            let Some(key) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
                continue;
            };
            if !self.used.contains(key) {
                let _ = fs::remove_file(item.path());
            }
        }
    }
}

/// A hash of the parts (each with its length: no two lists alike).
fn hash_hex(parts: &[&[u8]]) -> String {
    let mut digest = Digest::default();
    for part in parts {
        digest.part(part);
    }
    digest.hex()
}

/// The readers' version: the crate's, and the executable's identity (its
/// size and time), so that every new build reads every document again.
fn program() -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(env!("CARGO_PKG_VERSION").as_bytes());
    if let Some(metadata) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.metadata().ok())
    {
        hasher.write_u64(metadata.len());
        if let Ok(modified) = metadata.modified() {
            let since = modified
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            hasher.write_u64(since.as_secs());
            hasher.write_u32(since.subsec_nanos());
        }
    }
    format!("{:016x}", hasher.finish())
}

/// A check of a reading's JSON, as written: a CRC-32, which finds damage
/// (a file cut short, bytes changed) at the speed of a copy; what the
/// reading is of is the key's to say.
fn check_of(json: &str) -> String {
    format!("{:08x}", crc32fast::hash(json.as_bytes()))
}

impl Reading {
    /// A reading to keep: the release and each entry's spans.
    pub fn of(
        release: &Release,
        notes: Vec<String>,
        dated_by_name: bool,
        edition_unknown: bool,
        text: Option<String>,
    ) -> Reading {
        Reading {
            spans: release.entries.iter().map(|e| e.spans.clone()).collect(),
            release: release.clone(),
            notes,
            dated_by_name,
            edition_unknown,
            text,
        }
    }
}
