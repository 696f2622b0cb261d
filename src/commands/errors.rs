//! Errors at the edge: each kind has a stable snake_case code, and under
//! `--json` an error is one object on stderr, `{"error": {"code",
//! "message"}}`, so that a program tells a bad date from an unknown release
//! without reading English. The exit status is the same either way: 2.

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use crate::catalog::CatalogError;
use crate::diff::DiffError;
use crate::index::IndexError;
use crate::output::Out;
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
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// The code of an error: the first cause in its chain that has one.
pub fn code_of(err: &anyhow::Error) -> ErrorCode {
    for cause in err.chain() {
        if let Some(refusal) = cause.downcast_ref::<Refusal>() {
            return refusal.code;
        }
        if let Some(e) = cause.downcast_ref::<DiffError>() {
            return diff_code(e);
        }
        // A query with no words, or one that only leaves out, has nothing
        // to search for: the question's fault, not the index's.
        if let Some(SearchError::NoWords | SearchError::OnlyExcluded { .. }) =
            cause.downcast_ref::<SearchError>()
        {
            return ErrorCode::EmptyQuery;
        }
        if cause.is::<crate::limits::TooLong>()
            || matches!(
                cause.downcast_ref::<SearchError>(),
                Some(SearchError::TooLong(_))
            )
        {
            return ErrorCode::TooLong;
        }
        if let Some(e) = cause.downcast_ref::<CatalogError>() {
            return catalog_code(e);
        }
        if let Some(e) = cause.downcast_ref::<IndexError>() {
            return index_code(e);
        }
        if let Some(e) = cause.downcast_ref::<crate::error::Error>() {
            return corpus_code(e);
        }
        if cause.is::<SearchError>() || cause.is::<tantivy::TantivyError>() {
            return ErrorCode::Index;
        }
        if cause.is::<io::Error>() {
            return ErrorCode::Io;
        }
    }
    ErrorCode::Internal
}

// The errors below wrap others transparently (their chain skips the
// wrapped error), so the wrapped one is read here.

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

#[derive(Serialize)]
struct ErrorJson<'a> {
    error: ErrorBody<'a>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: ErrorCode,
    message: &'a str,
}

/// Writes an error to `err`: `rulings: message` for people, the error
/// object under `--json`.
pub fn report(error: &anyhow::Error, json: bool, err: &mut impl Write) -> io::Result<()> {
    let message = crate::error::chain(error.as_ref());
    if json {
        let body = ErrorJson {
            error: ErrorBody {
                code: code_of(error),
                message: &message,
            },
        };
        Out::new(err).json(&body)
    } else {
        Out::new(err).line(&format!("rulings: {message}"))
    }
}

/// A command line clap cannot read: clap's own message and exit status, or
/// the error object when the line asks for `--json`. Help and version are
/// not errors and are printed as clap prints them.
pub fn command_line(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let asks_json = std::env::args_os()
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    let is_answer = matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if is_answer || !asks_json {
        error.exit();
    }
    let refusal = refusal_of(&error);
    // Nothing more can be said if stderr is closed.
    let _ = report(&refusal, true, &mut io::stderr().lock());
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// A command line clap cannot read as the refusal it is: its code and the
/// first line of clap's message (without styling, `error: ` and usage).
pub fn refusal_of(error: &clap::Error) -> anyhow::Error {
    use clap::error::ErrorKind;
    let code = match error.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation | ErrorKind::InvalidUtf8 => {
            ErrorCode::InvalidValue
        }
        _ => ErrorCode::Usage,
    };
    let rendered = error.render().to_string();
    let message = rendered
        .lines()
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .to_string();
    anyhow::Error::new(Refusal::new(code, message))
}
