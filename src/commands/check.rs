//! `rulings check [FILE|DIR]…`: how each document was read, before a TD
//! relies on it (`answer::check`), printed as text, as JSON, or with
//! `--markdown` as the Markdown each document was read as. Exit status 0
//! clean, 1 warnings (or files not read), 2 a document could not be read.

use std::io::Write;
use std::path::PathBuf;

use rulings::answer::check::{self, CheckOutcome};
use rulings::output::Out;
use rulings::render;
use rulings::safe::{escape_name, sanitize};

/// What a check prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    Plain,
    Json,
    /// The Markdown each document was read as.
    Markdown,
}

impl Show {
    pub fn of(json: bool, markdown: bool) -> Show {
        match (json, markdown) {
            (true, _) => Show::Json,
            (false, true) => Show::Markdown,
            (false, false) => Show::Plain,
        }
    }
}

/// Checks the documents at `paths` and writes the report to `out`.
pub fn run(
    paths: &[PathBuf],
    show: Show,
    out: &mut Out<impl Write>,
    err: &mut Out<impl Write>,
) -> std::io::Result<CheckOutcome> {
    let checked = check::ask(paths, show == Show::Markdown);
    match show {
        Show::Json => render::json::write_check(out, &checked)?,
        Show::Plain => {
            let mut plain = Vec::new();
            render::check::write_plain(&checked, &mut plain)?;
            out.text(&String::from_utf8_lossy(&plain))?;
        }
        Show::Markdown => {
            for read in &checked.read_as {
                if checked.files > 1 {
                    out.line(&format!("==> {} <==", escape_name(&read.file)))?;
                }
                // The document's own text: what `--markdown` shows of it
                // must not drive the terminal any more than an answer may.
                out.text(&sanitize(&read.markdown))?;
                if checked.files > 1 {
                    out.line("")?;
                }
            }
            // The Markdown is the answer; what could not be read still says so.
            for n in &checked.not_read {
                err.line(&format!("warning: not read: {}", sanitize(&n.message)))?;
            }
            for u in &checked.unreadable {
                err.line(&format!("unreadable: {}", sanitize(&u.message)))?;
            }
        }
    }
    Ok(checked.outcome())
}
