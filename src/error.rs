//! Typed errors of the library, and what a file not read is ([`Unread`]).
//! Every error about a document names its file, and its line where there is
//! one. Names and paths are shown escaped (see [`escape_name`]): a file name
//! cannot forge a line of output.

use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use crate::safe::escape_name;

/// A path for a message: escaped like every name.
fn shown(path: &Path) -> String {
    escape_name(&path.display().to_string())
}

/// A document that could not become a release, or a folder of the corpus
/// whose documents could not be listed.
#[derive(Debug, Error)]
pub enum DocumentError {
    #[error("{}: cannot read: {source}", escape_name(.file))]
    Read {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: cannot read this folder ({source}); the documents in it are skipped", escape_name(.file))]
    Folder {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: empty document (no text)", escape_name(.file))]
    Empty { file: String },
    #[error("{}: not a regular file (a folder, pipe, socket or device is never read)", escape_name(.file))]
    NotRegular { file: String },
    #[error("{}: a file the operating system makes up as it is read (/proc, /sys, …), not a document", escape_name(.file))]
    System { file: String },
    #[error("{}: {}more than the {limit} bytes a rulings document may have", escape_name(.file), .size.map(|s| format!("{s} bytes, ")).unwrap_or_default())]
    TooLarge {
        file: String,
        /// The size the file reported, when it reported more than the limit
        /// (a file that grew while it was read has none).
        size: Option<u64>,
        limit: u64,
    },
    #[error("{}: more than {limit} lines of text, far more than a rulings document has (the longest official ones have a few hundred); not read", escape_name(.file))]
    TooManyLines { file: String, limit: usize },
    #[error("{}:{line}: binary content (a NUL byte), not a rulings document", escape_name(.file))]
    Binary { file: String, line: usize },
    #[error("{}:{line}: invalid front matter: {message}", escape_name(.file))]
    FrontMatter {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{}: cannot tell the edition: no front matter `edition`, and the document names neither First nor Second Edition; add `edition = \"1E\"` (or \"2E\") in a `+++` block at the top", escape_name(.file))]
    NoEdition { file: String },
    #[error("{}: no entries found (no line reads like a ruling's head)", escape_name(.file))]
    NoEntries { file: String },
    #[error("{}: its text passes {} MB, far more than a rulings document has (the longest official ones have well under 1 MB); not read", escape_name(.file), .limit / (1024 * 1024))]
    TooMuchText { file: String, limit: usize },
    #[error("{}: markup nested more than {limit} deep, far more than any web page; a damaged page, not read", escape_name(.file))]
    TooDeep { file: String, limit: usize },
    #[error("{}: {}", escape_name(.file), .what.describe())]
    Unread { file: String, what: Unread },
    #[error("{}: cannot be read as a PDF ({}): open it and save it again, or save it as text", escape_name(.file), short(.why))]
    Damaged { file: String, why: String },
    #[error("{}: cannot be read as a web page ({}): save it again from the browser, or save it as text", escape_name(.file), short(.why))]
    PageFailed { file: String, why: String },
}

impl DocumentError {
    pub fn file(&self) -> &str {
        match self {
            DocumentError::Read { file, .. }
            | DocumentError::Folder { file, .. }
            | DocumentError::Empty { file }
            | DocumentError::NotRegular { file }
            | DocumentError::System { file }
            | DocumentError::TooLarge { file, .. }
            | DocumentError::TooManyLines { file, .. }
            | DocumentError::Binary { file, .. }
            | DocumentError::FrontMatter { file, .. }
            | DocumentError::NoEdition { file }
            | DocumentError::NoEntries { file }
            | DocumentError::TooDeep { file, .. }
            | DocumentError::TooMuchText { file, .. }
            | DocumentError::Unread { file, .. }
            | DocumentError::Damaged { file, .. }
            | DocumentError::PageFailed { file, .. } => file,
        }
    }

    /// Why a file the corpus lists was not read, for `file` as named.
    pub fn refused(file: &str, refusal: crate::input::Refusal, limit: u64) -> DocumentError {
        use crate::input::Refusal;
        let file = file.to_string();
        match refusal {
            Refusal::NotRegular => DocumentError::NotRegular { file },
            Refusal::System => DocumentError::System { file },
            Refusal::TooLarge { size } => DocumentError::TooLarge { file, size, limit },
            Refusal::Io(source) => DocumentError::Read { file, source },
        }
    }
}

/// A file in a format this build does not read. The converter finds it and
/// [`DocumentError::Unread`] names it, so it lives with the errors, below
/// both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unread {
    /// `.doc`, `.docx`.
    Word,
    /// `.odt`.
    OpenDocument,
    /// `.rtf`.
    RichText,
    /// `.pages`.
    Pages,
    /// `.png`, `.jpg`, … : a picture of text.
    Image,
    /// A PDF that needs a password to open (the PDF reader's answer).
    EncryptedPdf,
    /// A PDF with no text, only pictures of pages (the PDF reader's answer).
    ScannedPdf,
}

impl Unread {
    /// What the file is, and what to do, in English.
    pub fn describe(self) -> &'static str {
        match self {
            Unread::Word => "a Word document is not read: save it as PDF or text",
            Unread::OpenDocument => "an OpenDocument text is not read: save it as PDF or text",
            Unread::RichText => "an RTF document is not read: save it as PDF or text",
            Unread::Pages => "a Pages document is not read: save it as PDF or text",
            Unread::Image => {
                "an image is not read (its text cannot be searched): save the document as PDF or text"
            }
            Unread::EncryptedPdf => {
                "an encrypted PDF is not read: save it as a PDF without a password, or as text"
            }
            Unread::ScannedPdf => {
                "a PDF with no text (pictures of pages) is not read: save it as text, after text recognition"
            }
        }
    }
}

/// Errors of the library outside a single document. A command line that
/// cannot be read is clap's error, and the index's are the index module's
/// `IndexError`: neither has a variant here.
#[derive(Debug, Error)]
pub enum Error {
    #[error("corpus folder {}: {source}", shown(.path))]
    CorpusFolder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// An error and its causes on one line, `error: cause: cause`, each cause
/// said once: a message that already ends with its cause's words (an
/// error whose message names its source, as most here do) does not repeat
/// them.
pub fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut message = error.to_string();
    let mut cause = error.source();
    while let Some(c) = cause {
        let said = c.to_string();
        if !message.contains(&said) {
            message.push_str(": ");
            message.push_str(&said);
        }
        cause = c.source();
    }
    message
}

/// A reason from a library, which may quote the file's own bytes: escaped
/// like a name, and cut to a line.
fn short(why: &str) -> String {
    const MOST: usize = 160;
    let escaped = escape_name(why);
    match escaped.char_indices().nth(MOST) {
        Some((at, _)) => format!("{}…", &escaped[..at]),
        None => escaped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_is_said_once() {
        let denied = || std::io::Error::from_raw_os_error(13);
        let err = Error::CorpusFolder {
            path: PathBuf::from("rulings"),
            source: denied(),
        };
        let said = denied().to_string();
        assert_eq!(chain(&err), format!("corpus folder rulings: {said}"));
        #[derive(Debug, thiserror::Error)]
        #[error("loading the corpus")]
        struct Loading(#[source] Error);
        assert_eq!(
            chain(&Loading(err)),
            format!("loading the corpus: corpus folder rulings: {said}")
        );
    }

    #[test]
    fn names_in_messages_are_escaped() {
        let err = DocumentError::Empty {
            file: "a\nforged line.md".to_string(),
        };
        assert_eq!(
            err.to_string(),
            "a\\nforged line.md: empty document (no text)"
        );
    }
}
