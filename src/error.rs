//! Typed errors of the library. Every error about a document names its file,
//! and its line where there is one.

use std::path::PathBuf;

use thiserror::Error;

/// A document that could not become a release.
#[derive(Debug, Error)]
pub enum DocumentError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: empty document (no text)")]
    Empty { file: String },
    #[error("{file}: not a regular file (a pipe, socket or device is never read)")]
    NotRegular { file: String },
    #[error("{file}: {size} bytes, more than the {limit} bytes a rulings document may have")]
    TooLarge { file: String, size: u64, limit: u64 },
    #[error("{file}: more than {limit} lines of text, far more than a rulings document has (the longest official ones have a few hundred); not read")]
    TooManyLines { file: String, limit: usize },
    #[error("{file}:{line}: binary content (a NUL byte), not a rulings document")]
    Binary { file: String, line: usize },
    #[error("{file}:{line}: invalid front matter: {message}")]
    FrontMatter {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{file}: cannot tell the edition: no front matter `edition`, and the document names neither First nor Second Edition; add `edition = \"1E\"` (or \"2E\") in a `+++` block at the top")]
    NoEdition { file: String },
    #[error("{file}: cannot tell the date: no front matter `date`, no dated title line, no dated entries and no date in the file name; add `date = \"YYYY-MM-DD\"` in a `+++` block at the top")]
    NoDate { file: String },
    #[error("{file}: no entries found (no line reads like a ruling's head)")]
    NoEntries { file: String },
}

impl DocumentError {
    pub fn file(&self) -> &str {
        match self {
            DocumentError::Read { file, .. }
            | DocumentError::Empty { file }
            | DocumentError::NotRegular { file }
            | DocumentError::TooLarge { file, .. }
            | DocumentError::TooManyLines { file, .. }
            | DocumentError::Binary { file, .. }
            | DocumentError::FrontMatter { file, .. }
            | DocumentError::NoEdition { file }
            | DocumentError::NoDate { file }
            | DocumentError::NoEntries { file } => file,
        }
    }
}

/// Errors of the library outside a single document.
#[derive(Debug, Error)]
pub enum Error {
    #[error("corpus folder {path}: {source}")]
    CorpusFolder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Usage(String),
    #[error("search index at {path}: {message}")]
    Index { path: PathBuf, message: String },
}
