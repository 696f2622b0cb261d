//! Answers as JSON, for programs: each answer one object whatever it
//! found, with notes as stable codes beside their sentences. The schemas
//! in `schemas/` pin every shape.

mod card;
mod check;
mod diff;
mod errata;
mod export;
mod releases;
mod search;
mod show;

use std::io::{self, Write};

use crate::answer::error::{ErrorCode, Failure};
use crate::answer::Answer;
use crate::output::Out;

pub use show::mentioned;

/// Writes `answer` as its JSON object.
pub fn write(out: &mut Out<impl Write>, answer: &Answer) -> io::Result<()> {
    match answer {
        Answer::Search(searched) => out.json(&search::view(searched)?)?,
        Answer::Show(shown) => out.json(&show::view(shown))?,
        Answer::Errata(errata) => out.json(&errata::view(errata))?,
        Answer::Diff(comparison) => out.json(&diff::view(comparison))?,
        Answer::Releases(releases) => out.json(&releases::view(releases))?,
        Answer::Export(exported) => out.json(&export::view(exported))?,
        Answer::Card(card) => out.json(&card::view(card))?,
        Answer::Deck(deck) => out.json(&card::deck_view(deck))?,
    }
    Ok(())
}

/// Writes a check as its JSON object.
pub fn write_check(
    out: &mut Out<impl Write>,
    checked: &crate::answer::check::Checked,
) -> io::Result<()> {
    out.json(&check::view(checked))?;
    Ok(())
}

/// An export as JSON Lines: one object per entry, to stream.
pub fn write_lines(
    out: &mut Out<impl Write>,
    exported: &crate::answer::export::Exported,
) -> io::Result<()> {
    for entry in &exported.entries {
        out.json_line(entry)?;
    }
    Ok(())
}

/// Writes an error as its JSON object, `{"error": {"code", "message"}}`:
/// what a program reads under `--json` and from the server's API, so that
/// it tells a bad date from an unknown release without reading English.
pub fn write_error(out: &mut Out<impl Write>, failure: &Failure) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct ErrorJson<'a> {
        error: ErrorBody<'a>,
    }
    #[derive(serde::Serialize)]
    struct ErrorBody<'a> {
        code: ErrorCode,
        message: &'a str,
        /// A date that reads two ways: both days, month first.
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        readings: &'a [chrono::NaiveDate],
    }
    out.json(&ErrorJson {
        error: ErrorBody {
            code: failure.code(),
            message: &crate::error::chain(failure),
            readings: failure.readings(),
        },
    })
}

/// `answer` as its JSON object, in memory.
pub fn body(answer: &Answer) -> io::Result<Vec<u8>> {
    let mut out = Out::new(Vec::new());
    write(&mut out, answer)?;
    Ok(out.into_inner())
}
