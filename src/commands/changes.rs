//! `rulings changes`: what the last `rulings update` changed in the
//! user's own folder ([`rulings::update::last_run`]), read from
//! the folder's record: no document is read again, nothing is fetched.

use std::io::Write;

use serde::Serialize;

use super::{Config, Failure, Outcome, Printer};
use crate::cli::ChangesArgs;
use crate::commands::errors::Refusal;
use rulings::answer::error::ErrorCode;
use rulings::safe::escape_name;
use rulings::update::changes::RunRecord;
use rulings::update::last_run;

#[derive(Serialize)]
struct Report<'a> {
    folder: String,
    /// The last run that kept anything; null when none is recorded.
    run: Option<&'a RunRecord>,
}

pub fn run(
    args: &ChangesArgs,
    config: &Config,
    p: &mut Printer<impl Write, impl Write>,
) -> Result<Outcome, Failure> {
    let Some(folder) = config.own_folder.clone() else {
        return Err(Refusal::new(
            ErrorCode::CorpusNotFound,
            "no folder `rulings update` fetches into: give one with --rulings DIR",
        )
        .into());
    };
    let shown = escape_name(&folder.display().to_string());
    let run = last_run(&folder)
        .map_err(|why| Refusal::new(ErrorCode::Io, format!("{shown}: {}", escape_name(&why))))?;
    if args.json {
        p.out.json(&Report {
            folder: folder.display().to_string(),
            run: run.as_ref(),
        })?;
    } else {
        for line in rulings::render::changes::text(&p.style, &shown, run.as_ref()) {
            p.out.line(&line)?;
        }
    }
    // No run yet is an answer too: nothing has changed.
    Ok(Outcome::Found)
}
