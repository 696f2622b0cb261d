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

use std::io::Write;

use crate::answer::Answer;
use crate::output::Out;

pub use show::mentioned;

/// Writes `answer` as its JSON object.
pub fn write(out: &mut Out<impl Write>, answer: &Answer) -> anyhow::Result<()> {
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
) -> anyhow::Result<()> {
    out.json(&check::view(checked))?;
    Ok(())
}

/// An export as JSON Lines: one object per entry, to stream.
pub fn write_lines(
    out: &mut Out<impl Write>,
    exported: &crate::answer::export::Exported,
) -> anyhow::Result<()> {
    for entry in &exported.entries {
        out.json_line(entry)?;
    }
    Ok(())
}

/// `answer` as its JSON object, in memory.
pub fn body(answer: &Answer) -> anyhow::Result<Vec<u8>> {
    let mut out = Out::new(Vec::new());
    write(&mut out, answer)?;
    Ok(out.into_inner())
}
