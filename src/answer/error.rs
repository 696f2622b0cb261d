//! Why a question has no answer: one enum of every kind of error a
//! question ends with, and the one place its stable code is decided
//! ([`Failure::code`]): the command line's exit status and JSON error
//! object, and the server's HTTP status, all read it.

use std::io;

use serde::Serialize;

use crate::catalog::CatalogError;
use crate::diff::DiffError;
use crate::index::IndexError;
use crate::limits::TooLong;
use crate::search::SearchError;

/// What kind of error ended a command, for programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The command line cannot be read: an unknown option or command, a
    /// missing argument, options that exclude each other.
    Usage,
    /// An option's or argument's value cannot be read: a date, an edition,
    /// a kind, a number.
    InvalidValue,
    /// A search with no words to look for.
    EmptyQuery,
    /// A query or name past the limits of what a TD types.
    TooLong,
    /// A release id the corpus does not have.
    UnknownRelease,
    /// A topic or card `diff` was asked to limit itself to that the corpus
    /// does not know.
    UnknownTopic,
    /// A date that is no day (`diff 2014-02-30 …`).
    BadDate,
    /// A date that reads two ways (05/06/2024: 6 May or 5 June), given
    /// where a program asks: a program is not answered on a guess.
    AmbiguousDate,
    /// Two sides, or a side and `--edition`, of different editions.
    EditionsDiffer,
    /// An edition the corpus has no release of.
    NoSuchEdition,
    /// The corpus folder given does not exist or cannot be listed.
    CorpusNotFound,
    /// No document to read: none could be read, or none is left.
    NoDocuments,
    /// `check` with nothing to check.
    NothingToCheck,
    /// The interactive search outside a terminal.
    NeedsTerminal,
    /// The settings file cannot be read as settings, or a setting's value
    /// (in the file or the environment) is none it takes.
    BadConfig,
    /// The search index cannot be built, opened or read.
    Index,
    /// Reading or writing failed.
    Io,
    /// Anything else: a fault of this program.
    Internal,
}

/// An error a command refuses with, carrying its code.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    /// The days a date that reads two ways stands for, month first then
    /// day first (an `ambiguous_date` refusal's).
    pub readings: Vec<chrono::NaiveDate>,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            readings: Vec::new(),
        }
    }

    /// The refusal of a date that reads two ways, where a program asked.
    pub fn ambiguous(date: &crate::dates::UserDate) -> Option<Refusal> {
        Some(Refusal {
            code: ErrorCode::AmbiguousDate,
            message: date.ambiguity()?,
            readings: date.readings()?.to_vec(),
        })
    }
}

/// Every kind of error a question ends with.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The front end refused the question, with its code.
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error(transparent)]
    Diff(#[from] DiffError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error(transparent)]
    Corpus(#[from] crate::error::Error),
    #[error(transparent)]
    TooLong(#[from] TooLong),
    #[error(transparent)]
    Tantivy(#[from] tantivy::TantivyError),
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl Failure {
    /// The error's stable code.
    pub fn code(&self) -> ErrorCode {
        match self {
            Failure::Refused(refusal) => refusal.code,
            Failure::Search(e) => search_code(e),
            Failure::Diff(e) => diff_code(e),
            Failure::Catalog(e) => catalog_code(e),
            Failure::Index(e) => index_code(e),
            Failure::Corpus(e) => corpus_code(e),
            Failure::TooLong(_) => ErrorCode::TooLong,
            Failure::Tantivy(_) => ErrorCode::Index,
            Failure::Io(_) => ErrorCode::Io,
        }
    }

    /// The days a date that reads two ways stands for, when that is why.
    pub fn readings(&self) -> &[chrono::NaiveDate] {
        match self {
            Failure::Refused(refusal) => &refusal.readings,
            _ => &[],
        }
    }

    /// Whether it is the index failing under the question (an error of
    /// tantivy's, a stored value that cannot be read): damage, healed by
    /// building the index again, rather than the question's fault.
    pub fn is_damage(&self) -> bool {
        let catalog =
            |e: &CatalogError| matches!(e, CatalogError::Tantivy(_) | CatalogError::Stored(_));
        match self {
            Failure::Tantivy(_) => true,
            Failure::Search(e) => matches!(e, SearchError::Tantivy(_) | SearchError::Stored(_)),
            Failure::Catalog(e) | Failure::Diff(DiffError::Catalog(e)) => catalog(e),
            _ => false,
        }
    }
}

// The errors below wrap others transparently (their chain skips the
// wrapped error), so the wrapped one is read here.

fn search_code(e: &SearchError) -> ErrorCode {
    match e {
        // A query with no words, or one that only leaves out, has nothing
        // to search for: the question's fault, not the index's.
        SearchError::NoWords | SearchError::OnlyExcluded { .. } => ErrorCode::EmptyQuery,
        SearchError::TooLong(_) => ErrorCode::TooLong,
        _ => ErrorCode::Index,
    }
}

fn diff_code(e: &DiffError) -> ErrorCode {
    match e {
        DiffError::UnknownRelease { .. } => ErrorCode::UnknownRelease,
        DiffError::BadDate { .. } => ErrorCode::BadDate,
        DiffError::EditionsDiffer { .. } | DiffError::EditionMismatch { .. } => {
            ErrorCode::EditionsDiffer
        }
        DiffError::NoSuchEdition { .. } => ErrorCode::NoSuchEdition,
        DiffError::UnknownTopic { .. } => ErrorCode::UnknownTopic,
        DiffError::Catalog(e) => catalog_code(e),
    }
}

fn catalog_code(e: &CatalogError) -> ErrorCode {
    match e {
        CatalogError::Index(e) => index_code(e),
        CatalogError::Tantivy(_) | CatalogError::Stored(_) => ErrorCode::Index,
    }
}

fn index_code(e: &IndexError) -> ErrorCode {
    match e {
        IndexError::NoDocuments(_) => ErrorCode::NoDocuments,
        IndexError::Corpus(e) => corpus_code(e),
        _ => ErrorCode::Index,
    }
}

fn corpus_code(e: &crate::error::Error) -> ErrorCode {
    match e {
        crate::error::Error::CorpusFolder { .. } => ErrorCode::CorpusNotFound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_code_and_damage_is_only_the_index_failing() {
        let index = || tantivy::TantivyError::InvalidArgument("damaged".into());
        for (failure, code, damage) in [
            (
                Failure::from(SearchError::NoWords),
                ErrorCode::EmptyQuery,
                false,
            ),
            (
                Failure::from(SearchError::Tantivy(index())),
                ErrorCode::Index,
                true,
            ),
            (
                Failure::from(CatalogError::Tantivy(index())),
                ErrorCode::Index,
                true,
            ),
            (
                Failure::from(Refusal::new(ErrorCode::Usage, "no")),
                ErrorCode::Usage,
                false,
            ),
            (
                Failure::from(io::Error::other("disk")),
                ErrorCode::Io,
                false,
            ),
        ] {
            assert_eq!(failure.code(), code, "{failure}");
            assert_eq!(failure.is_damage(), damage, "{failure}");
        }
    }
}
