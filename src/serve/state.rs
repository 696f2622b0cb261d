//! What every request shares: the configuration of the command line and one
//! open, read-only catalog. Takes a command (as the command line would
//! read it), gives its `--json` answer.
//!
//! The catalog is opened once and kept: opening it costs about 5 ms, while
//! the corpus fingerprint (a listing of the corpus folders with sizes and
//! times) costs a few hundredths of a millisecond. Each answer takes the
//! fingerprint, and a corpus that changed since the catalog was opened is
//! opened again (its index rebuilt) before the answer: a document dropped
//! into the folder is seen by the next request, without a restart. An
//! index that fails while being read is built again and the question asked
//! once more, as the command line does.
//!
//! Answers are kept by question (the command line, the day, the corpus
//! fingerprint), up to [`MOST_KEPT_BYTES`]: at a venue many phones ask the
//! same things, and the pages ask for the same prefixes as people type.
//! A changed corpus or a new day is another question; when the budget is
//! spent, everything kept is dropped.

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use chrono::NaiveDate;
use clap::Parser;

use crate::catalog::Catalog;
use crate::cli::{Cli, Command};
use crate::commands::{self, errors, ErrorCode, JsonAnswer};
use crate::config::Config;
use crate::output::Out;

pub struct AppState {
    config: Config,
    /// `--as-of` of `serve`: the event's date, when pinned.
    pinned: Option<NaiveDate>,
    catalog: RwLock<Arc<Catalog>>,
    /// Held while the catalog is opened again, so that one request does it.
    reopening: Mutex<()>,
    kept: Mutex<Kept>,
    /// At most two answers per core at once, the others waiting their turn
    /// in order: fifty answers sharing two cores all finish late, fifty in
    /// line finish in turn (p99 under load, README "Load"). Two, not one,
    /// so that a core does not idle while the next answer is handed over.
    pub answering: tokio::sync::Semaphore,
}

/// Most bytes of answers kept.
pub const MOST_KEPT_BYTES: usize = 16 << 20;

/// A question: the corpus it was asked of, its day, its command line.
#[derive(PartialEq, Eq, Hash)]
struct Question {
    fingerprint: String,
    today: NaiveDate,
    words: Vec<String>,
}

#[derive(Default)]
struct Kept {
    bytes: usize,
    answers: HashMap<Question, JsonAnswer>,
}

impl Kept {
    fn keep(&mut self, question: Question, answer: &JsonAnswer) {
        let size = answer.body.len() + question.words.iter().map(String::len).sum::<usize>();
        if self.bytes + size > MOST_KEPT_BYTES {
            self.answers.clear();
            self.bytes = 0;
        }
        self.bytes += size;
        self.answers.insert(question, answer.clone());
    }
}

impl AppState {
    /// Opens the catalog (building the index when it is missing or stale).
    pub fn open(config: Config, pinned: Option<NaiveDate>) -> anyhow::Result<AppState> {
        let catalog = config.catalog(&mut Out::new(io::stderr()), true)?;
        Ok(AppState {
            config,
            pinned,
            catalog: RwLock::new(Arc::new(catalog)),
            reopening: Mutex::new(()),
            kept: Mutex::new(Kept::default()),
            answering: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()) * 2,
            ),
        })
    }

    /// The date a question is asked on when it names none.
    pub fn today(&self) -> NaiveDate {
        self.pinned.unwrap_or_else(commands::today)
    }

    /// The catalog of the corpus as it is now.
    fn catalog(&self) -> anyhow::Result<Arc<Catalog>> {
        let now = crate::index::corpus_fingerprint(&self.config.sources)?;
        let current = |state: &AppState| {
            let catalog = state.catalog.read().unwrap_or_else(PoisonError::into_inner);
            (catalog.manifest().fingerprint == now).then(|| Arc::clone(&catalog))
        };
        if let Some(catalog) = current(self) {
            return Ok(catalog);
        }
        let _one = self
            .reopening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(catalog) = current(self) {
            return Ok(catalog);
        }
        let fresh = Arc::new(self.config.catalog(&mut Out::new(io::stderr()), true)?);
        *self.catalog.write().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&fresh);
        Ok(fresh)
    }

    /// The `--json` answer of a command line (the words after `rulings`,
    /// `--json` included), read by the command line's own parser.
    pub fn answer(&self, words: &[String]) -> JsonAnswer {
        let catalog = match self.catalog() {
            Ok(catalog) => catalog,
            Err(e) => return JsonAnswer::refused(&e),
        };
        let question = Question {
            fingerprint: catalog.manifest().fingerprint.clone(),
            today: self.today(),
            words: words.to_vec(),
        };
        if let Some(answer) = self.kept().answers.get(&question) {
            return answer.clone();
        }
        let argv = std::iter::once("rulings".to_string()).chain(words.iter().cloned());
        let answer = match Cli::try_parse_from(argv) {
            Ok(Cli {
                command: Some(command),
                ..
            }) => self.answer_command(&command, catalog),
            Ok(_) => unreachable!("every request names a command"),
            Err(e) => JsonAnswer::refused(&errors::refusal_of(&e)),
        };
        if answer.ended != Err(ErrorCode::Index) {
            self.kept().keep(question, &answer);
        }
        answer
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn answer_command(&self, command: &Command, catalog: Arc<Catalog>) -> JsonAnswer {
        let config = Config {
            today: self.today(),
            ..self.config.clone()
        };
        let answer = commands::answer_json(command, &config, &catalog);
        if answer.ended != Err(ErrorCode::Index) {
            return answer;
        }
        // What the index said cannot be trusted: build it again and ask
        // again, once, as the command line does.
        match self.rebuilt(&catalog) {
            Ok(catalog) => commands::answer_json(command, &config, &catalog),
            Err(e) => JsonAnswer::refused(&e),
        }
    }

    /// The catalog of an index built again, unless another request already
    /// replaced `damaged`.
    fn rebuilt(&self, damaged: &Arc<Catalog>) -> anyhow::Result<Arc<Catalog>> {
        let _one = self
            .reopening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        {
            let current = self.catalog.read().unwrap_or_else(PoisonError::into_inner);
            if !Arc::ptr_eq(&current, damaged) {
                return Ok(Arc::clone(&current));
            }
        }
        eprintln!("warning: the search index failed while being read; rebuilding it");
        crate::index::rebuild(&self.config.sources, &self.config.index)?;
        let fresh = Arc::new(self.config.catalog(&mut Out::new(io::stderr()), true)?);
        *self.catalog.write().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&fresh);
        Ok(fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::Outcome;

    #[test]
    fn kept_answers_stay_within_their_budget() {
        let mut kept = Kept::default();
        let answer = JsonAnswer {
            ended: Ok(Outcome::Found),
            body: vec![b'x'; MOST_KEPT_BYTES / 3],
        };
        let question = |n: usize| Question {
            fingerprint: "f".into(),
            today: NaiveDate::from_ymd_opt(2026, 6, 13).unwrap(),
            words: vec![n.to_string()],
        };
        for n in 0..2 {
            kept.keep(question(n), &answer);
        }
        assert_eq!(kept.answers.len(), 2);
        // The third would pass the budget: everything kept is dropped first.
        kept.keep(question(2), &answer);
        assert_eq!(kept.answers.len(), 1);
        assert!(kept.answers.contains_key(&question(2)));
        assert!(kept.bytes <= MOST_KEPT_BYTES);
    }
}
