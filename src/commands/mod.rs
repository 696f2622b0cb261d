//! The commands: each takes the loaded corpus and the user's options and
//! writes its answer. `run` loads the corpus once and dispatches.

mod diff;
mod export;
mod index;
mod releases;
mod search;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};

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
        _ => {}
    }
    let corpus = load_corpus(&folder)?;
    let outcome = match &cli.command {
        Command::Search { .. } | Command::Index { .. } => unreachable!("answered above"),
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

/// Whether an error is only a closed pipe on stdout.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
