//! Errors at the edge: each kind has a stable snake_case code (see
//! [`Failure::code`]), and under `--json` an error is one object on stderr,
//! `{"error": {"code", "message"}}`. The exit status is the same either
//! way: 2.

use std::io::{self, Write};
use std::process::ExitCode;

use rulings::output::Out;

pub use rulings::answer::error::{ErrorCode, Failure, Refusal};

/// Writes an error to `err`: `rulings: message` for people, the error
/// object under `--json`.
pub fn report(failure: &Failure, json: bool, err: &mut impl Write) -> io::Result<()> {
    let mut err = Out::new(err);
    if json {
        rulings::render::json::write_error(&mut err, failure)
    } else {
        err.line(&format!("rulings: {}", rulings::error::chain(failure)))
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
    let _ = report(&refusal.into(), true, &mut io::stderr().lock());
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// A command line clap cannot read as the refusal it is: its code and the
/// first line of clap's message (without styling, `error: ` and usage).
pub fn refusal_of(error: &clap::Error) -> Refusal {
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
    Refusal::new(code, message)
}

/// The exit status of a command ended by an error of this code: 2, bad
/// usage or input, whatever the code (0 and 1 are an answer's: found,
/// nothing found). Named code by code, so that a new code is given its
/// status on purpose.
pub fn exit_status(code: ErrorCode) -> u8 {
    match code {
        ErrorCode::Usage
        | ErrorCode::InvalidValue
        | ErrorCode::EmptyQuery
        | ErrorCode::TooLong
        | ErrorCode::UnknownRelease
        | ErrorCode::UnknownTopic
        | ErrorCode::BadDate
        | ErrorCode::AmbiguousDate
        | ErrorCode::EditionsDiffer
        | ErrorCode::NoSuchEdition
        | ErrorCode::CorpusNotFound
        | ErrorCode::NoDocuments
        | ErrorCode::NothingToCheck
        | ErrorCode::NeedsTerminal
        | ErrorCode::BadConfig
        | ErrorCode::Index
        | ErrorCode::Io
        | ErrorCode::Internal => 2,
    }
}

/// Whether an error is only a closed pipe on stdout: the reader has all it
/// wanted.
pub fn is_broken_pipe(failure: &Failure) -> bool {
    match failure {
        Failure::Io(e) => e.kind() == io::ErrorKind::BrokenPipe,
        _ => false,
    }
}

/// Says how each date the command line types was read, where it was read
/// one of two ways or day first (not under `--quiet`, which keeps what is
/// not the answer off stderr); under `--json`, refuses a date that reads
/// two ways, since a program is not answered on a guess.
pub fn typed_dates(cli: &crate::cli::Cli, json: bool, err: &mut impl Write) -> Result<(), Failure> {
    let dates = cli.typed_dates();
    if json {
        if let Some(refusal) = dates.iter().find_map(Refusal::ambiguous) {
            return Err(refusal.into());
        }
    }
    if !cli.global.quiet {
        let mut err = Out::new(err);
        for note in dates.iter().filter_map(|d| d.note()) {
            err.line(&format!("rulings: {note}"))?;
        }
    }
    Ok(())
}
