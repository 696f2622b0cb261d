//! The commands: each takes the user's options and writes its answer.
//! `run` answers search and index from the search index (which parses the
//! corpus only when it must be rebuilt); every other command gets the corpus
//! parsed once.

mod check;
mod diff;
mod errata;
mod export;
mod index;
mod releases;
mod search;
mod show;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use chrono::NaiveDate;

use crate::cli::{Cli, Command};
use crate::corpus::{self, Corpus};
use crate::model::Edition;
use crate::output;

/// The exit status of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Found,
    NothingFound,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Found => ExitCode::SUCCESS,
            Outcome::NothingFound => ExitCode::from(1),
        }
    }
}

/// The corpus bundled with this build: the `rulings/` folder of the checkout
/// it was built from.
pub fn bundled_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings")
}

/// Where the corpus is: `--rulings`/`RULINGS_DIR`, else the bundled folder.
pub fn corpus_folder(cli: &Cli) -> anyhow::Result<PathBuf> {
    let folder = cli.global.rulings.clone().unwrap_or_else(bundled_corpus);
    if !folder.is_dir() {
        bail!(
            "corpus folder {} not found (give one with --rulings DIR or RULINGS_DIR)",
            folder.display()
        );
    }
    Ok(folder)
}

/// Loads the corpus and reports, on stderr, every document that did not load.
pub fn load_corpus(folder: &Path) -> anyhow::Result<Corpus> {
    let corpus = corpus::load(folder)?;
    for warning in &corpus.warnings {
        eprintln!("warning: {}", output::sanitize(warning));
    }
    for problem in &corpus.problems {
        eprintln!(
            "warning: skipped {}",
            output::sanitize(&problem.to_string())
        );
    }
    if corpus.releases.is_empty() {
        bail!(
            "no rulings document could be read under {}",
            folder.display()
        );
    }
    Ok(corpus)
}

/// Parses `--edition`.
pub fn edition_arg(value: Option<&str>) -> anyhow::Result<Option<Edition>> {
    value
        .map(|v| v.parse::<Edition>().map_err(anyhow::Error::msg))
        .transpose()
        .context("bad --edition")
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    output::set_color(cli.global.color);
    let folder = corpus_folder(&cli)?;
    // Search and index answer from the search index: they parse the corpus
    // only when the index has to be built.
    match &cli.command {
        Command::Search { .. } => return Ok(search::run(&cli, &folder)?.into()),
        Command::Index { json } => return Ok(index::run(&cli, &folder, *json)?.into()),
        Command::Check { paths, json } => {
            let paths = if paths.is_empty() {
                vec![folder]
            } else {
                paths.clone()
            };
            let outcome = check::run(&paths, *json, &mut std::io::stdout().lock())?;
            return Ok(ExitCode::from(outcome.code()));
        }
        _ => {}
    }
    let corpus = load_corpus(&folder)?;
    let outcome = match &cli.command {
        Command::Search { .. } | Command::Index { .. } | Command::Check { .. } => {
            unreachable!("answered above")
        }
        Command::Show {
            topic,
            edition,
            as_of,
            history,
            json,
        } => show::run(
            &corpus,
            show::ShowArgs {
                topic: &topic.join(" "),
                editions: editions(&corpus, edition.as_deref())?,
                as_of: as_of_arg(as_of.as_deref())?,
                history: *history,
                json: *json,
            },
        )?,
        Command::Errata {
            card,
            edition,
            as_of,
            json,
        } => {
            let card = card.join(" ");
            errata::run(
                &corpus,
                errata::ErrataArgs {
                    card: (!card.trim().is_empty()).then_some(card.as_str()),
                    editions: editions(&corpus, edition.as_deref())?,
                    as_of: as_of_arg(as_of.as_deref())?,
                    json: *json,
                },
            )?
        }
        Command::Releases { json } => releases::run(&corpus, *json)?,
        Command::Export { edition, release } => export::run(
            &corpus,
            edition_arg(edition.as_deref())?,
            release.as_deref(),
        )?,
        Command::Diff {
            from,
            to,
            edition,
            stat,
            json,
        } => diff::run(
            &corpus,
            from,
            to,
            edition_arg(edition.as_deref())?,
            diff::Form::from_flags(*stat, *json),
        )?,
    };
    Ok(outcome.into())
}

/// Today, the default date of every question.
pub fn today() -> NaiveDate {
    chrono::Local::now().date_naive()
}

/// Parses `--as-of`; default today.
pub fn as_of_arg(value: Option<&str>) -> anyhow::Result<NaiveDate> {
    match value {
        None => Ok(today()),
        Some(v) => crate::parse::dates::parse_user_date(v)
            .ok_or_else(|| anyhow::anyhow!("bad --as-of date `{v}` (use YYYY-MM-DD)")),
    }
}

/// The editions a question covers: `--edition`, else every edition the
/// corpus has.
pub fn editions(corpus: &Corpus, value: Option<&str>) -> anyhow::Result<Vec<Edition>> {
    Ok(match edition_arg(value)? {
        Some(e) => vec![e],
        None => corpus.editions(),
    })
}

/// How current the corpus is: the newest release of each edition.
pub fn banner(corpus: &Corpus, editions: &[Edition]) -> String {
    let parts: Vec<String> = editions
        .iter()
        .filter_map(|&edition| {
            corpus
                .releases
                .iter()
                .filter(|r| r.edition == edition)
                .max_by_key(|r| (r.date, r.order))
                .map(|r| {
                    format!(
                        "{edition} newest {} ({})",
                        r.date,
                        output::sanitize(&r.title)
                    )
                })
        })
        .collect();
    format!("corpus: {}", parts.join("; "))
}

/// Whether an error is only a closed pipe on stdout.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let io = cause
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind);
        let json = cause
            .downcast_ref::<serde_json::Error>()
            .and_then(serde_json::Error::io_error_kind);
        io.or(json) == Some(std::io::ErrorKind::BrokenPipe)
    })
}
