//! Whether an index answers for this corpus and this program: a fingerprint
//! of both, recorded in the index's commit payload with what was indexed.
//!
//! The corpus part is every document's path, size and modification time
//! (and, on Unix, inode and change time): a file added, edited or removed
//! changes it, at the cost of a `stat` per document rather than reading
//! them. The program part is the schema version, the crate and tantivy
//! versions and the identity of the running executable, so that no binary
//! reads an index that another build wrote.

use std::fs::Metadata;
use std::hash::Hasher;

use std::time::UNIX_EPOCH;

use fnv::FnvHasher;
use serde::{Deserialize, Serialize};

use super::schema::SCHEMA_VERSION;
use super::IndexError;
use crate::corpus::{self, Sources};

/// What an index records about itself, in its commit payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub schema: u32,
    /// `program` of the build that wrote it.
    pub program: String,
    /// [`corpus`] when it was read.
    pub fingerprint: String,
    /// The corpus folder it was built from, for people (a path that is not
    /// UTF-8 is shown lossily: JSON cannot hold it).
    pub corpus: String,
    pub releases: usize,
    pub entries: usize,
    /// What loading the corpus had to say (documents skipped, read as
    /// Latin-1), repeated with every answer from this index.
    pub notices: Vec<String>,
    /// The newest release of each edition, in edition order: which editions
    /// the corpus has and how current it is.
    pub newest: Vec<Newest>,
    /// The ids of the base documents (Glossary, Rulebook, Compendium): a
    /// look-up applies amendments only when there are any.
    #[serde(default)]
    pub bases: Vec<String>,
    /// The card database's cards, when there is one.
    #[serde(default)]
    pub cards: Option<usize>,
    /// The limits of the card database reached when it was read.
    #[serde(default)]
    pub card_limits: Vec<crate::cards::lackey::Limit>,
    /// The files of the documents whose edition could not be told (read
    /// as both editions').
    #[serde(default)]
    pub edition_unknown: Vec<String>,
    /// The index's parts and what each holds (see `parts`): what the next
    /// build after a change keeps.
    #[serde(default)]
    pub layout: Option<super::parts::Layout>,
}

/// The newest release of an edition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Newest {
    pub edition: crate::model::Edition,
    pub release: String,
    pub date: chrono::NaiveDate,
    pub title: String,
}

impl Manifest {
    /// The editions the corpus has.
    pub fn editions(&self) -> Vec<crate::model::Edition> {
        self.newest.iter().map(|n| n.edition).collect()
    }
}

impl Manifest {
    pub fn from_payload(payload: Option<&str>) -> Option<Manifest> {
        serde_json::from_str(payload?).ok()
    }
}

/// A stable 64-bit hash, hex-encoded (FNV-1a: the same on every platform
/// and every build, unlike the standard library's hasher).
pub fn hash_hex(parts: &[&[u8]]) -> String {
    let mut hasher = FnvHasher::default();
    for part in parts {
        hasher.write(part);
        hasher.write_u8(0xff);
    }
    format!("{:016x}", hasher.finish())
}

pub(super) fn write_metadata(hasher: &mut FnvHasher, metadata: &Metadata) {
    hasher.write_u64(metadata.len());
    if let Ok(modified) = metadata.modified() {
        let since = modified.duration_since(UNIX_EPOCH).unwrap_or_default();
        hasher.write_u64(since.as_secs());
        hasher.write_u32(since.subsec_nanos());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        hasher.write_u64(metadata.ino());
        hasher.write_i64(metadata.ctime());
        hasher.write_i64(metadata.ctime_nsec());
    }
}

/// The fingerprint of this program: schema version, crate and tantivy
/// versions, and the executable's identity.
pub fn program() -> String {
    let mut hasher = FnvHasher::default();
    hasher.write_u32(SCHEMA_VERSION);
    hasher.write(env!("CARGO_PKG_VERSION").as_bytes());
    hasher.write(tantivy::version_string().as_bytes());
    if let Some(metadata) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.metadata().ok())
    {
        write_metadata(&mut hasher, &metadata);
    }
    format!("{:016x}", hasher.finish())
}

/// The fingerprint of a corpus's sources: whether the bundled documents
/// are in (their content is the program's, which has its own fingerprint),
/// and every folder's path and every document's path and file metadata.
pub fn corpus(sources: &Sources) -> Result<String, IndexError> {
    let mut hasher = FnvHasher::default();
    hasher.write_u8(u8::from(sources.bundled));
    for root in &sources.folders {
        let canonical = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        hasher.write(canonical.as_os_str().as_encoded_bytes());
        hasher.write_u8(0xfe);
        let listing = corpus::documents_with_metadata(root)?;
        // Each file by its path under the folder as given (the folder's own
        // canonical path is hashed above), as bytes: no copy per document.
        let given = root.as_os_str().as_encoded_bytes();
        for (file, metadata) in listing.documents {
            hasher.write_u8(0);
            let bytes = file.as_os_str().as_encoded_bytes();
            hasher.write(bytes.strip_prefix(given).unwrap_or(bytes));
            hasher.write_u8(0);
            // A file that vanished since the listing counts as changed content.
            if let Some(metadata) = metadata {
                write_metadata(&mut hasher, &metadata);
            }
        }
        // A file not read is named in a warning of the build: adding or
        // removing one changes what the build says.
        for (file, _) in listing.unread {
            hasher.write_u8(2);
            hasher.write(corpus::relative_name(root, &file).as_bytes());
        }
        // A folder skipped now and readable later (or the reverse) changes it.
        for (folder, _) in listing.skipped {
            hasher.write_u8(1);
            hasher.write(corpus::relative_name(root, &folder).as_bytes());
        }
    }
    // The card database: its folder, and every list that may be in it.
    if let Some(cards) = &sources.cards {
        hasher.write_u8(3);
        hasher.write(cards.as_os_str().as_encoded_bytes());
        for (file, metadata) in crate::cards::lackey::files(cards).files {
            hasher.write_u8(0);
            hasher.write(file.as_os_str().as_encoded_bytes());
            if let Some(metadata) = metadata {
                write_metadata(&mut hasher, &metadata);
            }
        }
    }
    Ok(format!("{:016x}", hasher.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_editing_and_removing_a_document_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.md"), "one").unwrap();
        let first = corpus(&Sources::folder(root)).unwrap();
        assert_eq!(corpus(&Sources::folder(root)).unwrap(), first);
        std::fs::write(root.join("notes.json"), "not a document").unwrap();
        assert_eq!(corpus(&Sources::folder(root)).unwrap(), first);
        std::fs::write(root.join("b.md"), "two").unwrap();
        let added = corpus(&Sources::folder(root)).unwrap();
        assert_ne!(added, first);
        std::fs::write(root.join("b.md"), "three").unwrap();
        let edited = corpus(&Sources::folder(root)).unwrap();
        assert_ne!(edited, added);
        std::fs::remove_file(root.join("b.md")).unwrap();
        let removed = corpus(&Sources::folder(root)).unwrap();
        assert_ne!(removed, edited);
        assert_eq!(removed, first);
    }

    #[test]
    fn hashes_are_stable() {
        assert_eq!(hash_hex(&[b"rulings"]), hash_hex(&[b"rulings"]));
        assert_ne!(hash_hex(&[b"a", b"b"]), hash_hex(&[b"ab"]));
    }
}
