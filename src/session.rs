//! One way to answer: the catalog a front end asks, opened once, healed
//! once when the index fails under a question, and the question answered
//! with every check of [`answer::ask`]. The command line, the server and
//! the interactive search all answer through a [`Session`]; none of them
//! opens a catalog, tells damage from a bad question, or catches a panic
//! on its own.
//!
//! What a session says as it works (a document it read with a warning, the
//! index it had to build, the index it found damaged) goes to the log a
//! front end gives it: stderr for the command line and the server, the
//! screen's error line for the interactive search.

use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use chrono::NaiveDate;

use crate::answer::error::{ErrorCode, Failure, Refusal};
use crate::answer::request::Request;
use crate::answer::stop::Stop;
use crate::answer::{self, Answer};
use crate::catalog::Catalog;
use crate::config::Config;
use crate::index::{Origin, Reading};
use crate::output::Out;
use crate::safe::{escape_name, sanitize};

/// A catalog open for questions, and what it was opened with.
pub struct Session {
    config: Config,
    catalog: RwLock<Arc<Catalog>>,
    /// Held while the catalog is opened again, so that one opening (a
    /// reading of a changed corpus, a healing) is under way at a time.
    reopening: Mutex<()>,
    /// Whether a panic's message is kept from stderr while a question is
    /// answered: where one question runs at a time (the command line), its
    /// message is part of the `index` error instead. A server leaves the
    /// process-wide hook alone: other threads answer meanwhile.
    hush_panics: bool,
    /// How the index's files are read: into memory for a process that
    /// stays, where damage on disk must not end it (see [`Reading`]).
    reading: Reading,
}

/// Whether a session says that it had to build the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Announce {
    /// "note: indexed … in … s (why)": it explains a slower answer.
    Building,
    /// Only warnings.
    Quietly,
}

impl Session {
    /// Opens the catalog of `config` (building the index when it is
    /// missing or stale, and again when it is found damaged), saying on
    /// `log` what a TD should know of it, for questions asked on many
    /// threads at once by a process that stays (the server's): a panic
    /// while answering is said on stderr by the process's hook, then
    /// answered as damage; the index is read into memory, so that what is
    /// done to its files on disk meanwhile never ends the process.
    pub fn open(
        config: Config,
        announce: Announce,
        log: &mut Out<impl Write>,
    ) -> Result<Session, Failure> {
        Session::open_with(config, announce, false, Reading::Held, log)
    }

    /// [`Session::open`], for a process that asks one question at a time
    /// and lives for one (the command line): a panic while answering is
    /// said once, in the `index` error, not also by the hook. The index is
    /// mapped: the quickest open, for a process that lives milliseconds.
    pub fn open_alone(
        config: Config,
        announce: Announce,
        log: &mut Out<impl Write>,
    ) -> Result<Session, Failure> {
        Session::open_with(config, announce, true, Reading::Mapped, log)
    }

    /// [`Session::open_alone`] for a process that asks one question at a
    /// time but stays open for hours (the interactive search): the index
    /// is read into memory, as the server's is, so that what is done to
    /// its files on disk meanwhile never ends it.
    pub fn open_staying(
        config: Config,
        announce: Announce,
        log: &mut Out<impl Write>,
    ) -> Result<Session, Failure> {
        Session::open_with(config, announce, true, Reading::Held, log)
    }

    fn open_with(
        config: Config,
        announce: Announce,
        hush_panics: bool,
        reading: Reading,
        log: &mut Out<impl Write>,
    ) -> Result<Session, Failure> {
        let opened = guarded(hush_panics, || {
            open_catalog(&config, reading, announce, log)
        });
        let catalog = match opened {
            Err(Fault::Damage(why)) => heal(&config, reading, &why, log),
            opened => opened.map_err(Fault::into_failure),
        }?;
        Ok(Session {
            config,
            catalog: RwLock::new(Arc::new(catalog)),
            reopening: Mutex::new(()),
            hush_panics,
            reading,
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The catalog in use.
    pub fn catalog(&self) -> Arc<Catalog> {
        Arc::clone(&self.catalog.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Answers `request` (a question with no date asked on `today`), with
    /// its work stopped by `stop`.
    pub fn ask(
        &self,
        request: &Request,
        today: NaiveDate,
        stop: &Stop,
        log: &mut Out<impl Write>,
    ) -> Result<Answer, Failure> {
        self.ask_on(self.catalog(), request, today, stop, log)
    }

    /// [`Session::ask`] of a catalog the front end holds (the server keeps
    /// answering from the catalog in use while a changed corpus is read).
    pub fn ask_on(
        &self,
        catalog: Arc<Catalog>,
        request: &Request,
        today: NaiveDate,
        stop: &Stop,
        log: &mut Out<impl Write>,
    ) -> Result<Answer, Failure> {
        self.run_on(
            catalog,
            |catalog| answer::ask_until(request, today, catalog, stop),
            log,
        )
    }

    /// Runs `work` on the catalog in use: when the index fails under it (an
    /// error of the index's, a stored value that cannot be read, a panic),
    /// the index is built again and `work` run once more.
    pub fn run<T>(
        &self,
        work: impl FnMut(&Catalog) -> Result<T, Failure>,
        log: &mut Out<impl Write>,
    ) -> Result<T, Failure> {
        self.run_on(self.catalog(), work, log)
    }

    fn run_on<T>(
        &self,
        catalog: Arc<Catalog>,
        mut work: impl FnMut(&Catalog) -> Result<T, Failure>,
        log: &mut Out<impl Write>,
    ) -> Result<T, Failure> {
        match guarded(self.hush_panics, || work(&catalog)) {
            Ok(value) => Ok(value),
            Err(Fault::Other(failure)) => Err(failure),
            Err(Fault::Damage(why)) => {
                // What the index said cannot be trusted: build it again and
                // ask again, once.
                let catalog = self.rebuilt(&catalog, &why, log)?;
                guarded(self.hush_panics, || work(&catalog)).map_err(Fault::into_failure)
            }
        }
    }

    /// The catalog of an index built again after it failed under `damaged`,
    /// unless another question already replaced it.
    fn rebuilt(
        &self,
        damaged: &Arc<Catalog>,
        why: &str,
        log: &mut Out<impl Write>,
    ) -> Result<Arc<Catalog>, Failure> {
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
        let fresh = Arc::new(heal(&self.config, self.reading, why, log)?);
        *self.catalog.write().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&fresh);
        Ok(fresh)
    }

    /// Opens the catalog of the corpus as it is now, and puts it in use
    /// when `current` says it is of the corpus wanted; whether it did.
    pub fn reopen(
        &self,
        current: impl FnOnce(&Catalog) -> bool,
        log: &mut Out<impl Write>,
    ) -> Result<bool, Failure> {
        let _one = self
            .reopening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let fresh = guarded(false, || {
            open_catalog(&self.config, self.reading, Announce::Building, log)
        })
        .map_err(Fault::into_failure)?;
        if !current(&fresh) {
            return Ok(false);
        }
        *self.catalog.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(fresh);
        Ok(true)
    }
}

/// Opens the catalog and says on `log` what went wrong opening it; with
/// [`Announce::Building`], also when it had to be built.
fn open_catalog(
    config: &Config,
    reading: Reading,
    announce: Announce,
    log: &mut Out<impl Write>,
) -> Result<Catalog, Failure> {
    let catalog = Catalog::open_reading(&config.sources, &config.index, reading)?;
    let opened = catalog.opened();
    for warning in &opened.warnings {
        log.line(&format!("warning: {}", sanitize(warning)))?;
    }
    say_notices(&catalog.manifest().notices, config.quiet, log)?;
    match &opened.origin {
        _ if announce == Announce::Quietly => {}
        Origin::Reused => {}
        Origin::Built {
            reason,
            counts,
            took,
            parts: (written, of),
        } => {
            // Said when the parts a change left alone were kept.
            let kept = if written < of {
                format!("; {written} of its {of} parts written again")
            } else {
                String::new()
            };
            log.line(&format!(
                "note: indexed {} entries from {} releases into {} in {:.2} s ({}{kept})",
                counts.entries,
                counts.releases,
                escape_name(&config.index.display().to_string()),
                took.as_secs_f64(),
                reason.describe()
            ))?
        }
        Origin::InMemory { counts, took } => log.line(&format!(
            "note: indexed {} entries from {} releases in memory in {:.2} s",
            counts.entries,
            counts.releases,
            took.as_secs_f64()
        ))?,
    }
    Ok(catalog)
}

/// Says on `log` what reading the corpus had to say (`notices`, as the
/// index keeps them), a warning a line; under `--quiet`, one line at most:
/// how many documents could not be read (the notices the index words
/// `skipped …`), none if every one was read.
pub fn say_notices(notices: &[String], quiet: bool, log: &mut Out<impl Write>) -> io::Result<()> {
    if !quiet {
        for notice in notices {
            log.line(&format!("warning: {}", sanitize(notice)))?;
        }
        return Ok(());
    }
    let skipped = notices.iter().filter(|n| n.starts_with("skipped ")).count();
    if skipped > 0 {
        log.line(&format!(
            "warning: {skipped} document{} could not be read (without --quiet each is named; `rulings check` says why)",
            if skipped == 1 { "" } else { "s" }
        ))?;
    }
    Ok(())
}

/// Builds the index again after it failed (`why`), says so on `log`, and
/// opens the new one.
fn heal(
    config: &Config,
    reading: Reading,
    why: &str,
    log: &mut Out<impl Write>,
) -> Result<Catalog, Failure> {
    log.line(&format!(
        "warning: the search index at {} is damaged ({}); rebuilding it",
        escape_name(&config.index.display().to_string()),
        sanitize(why)
    ))?;
    crate::index::rebuild(&config.sources, &config.index)?;
    open_catalog(config, reading, Announce::Quietly, log)
}

/// Why work on a catalog came to nothing.
enum Fault {
    /// The index failed under it (an error of the index's, a stored value
    /// that cannot be read, a panic): damage, healed by building it again.
    Damage(String),
    Other(Failure),
}

impl Fault {
    fn into_failure(self) -> Failure {
        match self {
            Fault::Damage(why) => {
                Refusal::new(ErrorCode::Index, format!("search index: {why}")).into()
            }
            Fault::Other(failure) => failure,
        }
    }
}

/// Runs `work`, telling damage (an index error, or a panic while reading
/// the index) from other failures; with `hush`, a panic's message is kept
/// from stderr (it is in the damage).
fn guarded<T>(hush: bool, work: impl FnOnce() -> Result<T, Failure>) -> Result<T, Fault> {
    let result = if hush {
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let result = panic::catch_unwind(AssertUnwindSafe(work));
        panic::set_hook(hook);
        result
    } else {
        panic::catch_unwind(AssertUnwindSafe(work))
    };
    match result {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(failure)) if failure.is_damage() => {
            Err(Fault::Damage(crate::error::chain(&failure)))
        }
        Ok(Err(failure)) => Err(Fault::Other(failure)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Err(Fault::Damage(format!(
                "it failed while being read: {message}"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::corpus::Sources;

    fn session(index: &std::path::Path) -> Session {
        let bundled = Sources {
            bundled: true,
            folders: Vec::new(),
            cards: None,
        };
        let today = NaiveDate::from_ymd_opt(2026, 6, 13).unwrap();
        let config = Config::of(bundled, index.to_path_buf(), today);
        let quiet = &mut Out::new(std::io::sink());
        Session::open_alone(config, Announce::Quietly, quiet).unwrap()
    }

    #[test]
    fn damage_is_healed_once_and_a_bad_question_is_not_damage() {
        let index = tempfile::tempdir().unwrap();
        let session = session(index.path());
        let before = session.catalog();

        // A panic while reading the index: built again, asked again.
        let mut log = Out::new(Vec::new());
        let tries = Cell::new(0);
        let answered = session.run(
            |catalog| {
                tries.set(tries.get() + 1);
                assert!(tries.get() > 1, "a stored value out of its range");
                Ok(catalog.releases()?.len())
            },
            &mut log,
        );
        assert!(answered.unwrap() > 0);
        assert_eq!(tries.get(), 2);
        let said = String::from_utf8(log.into_inner()).unwrap();
        assert!(
            said.contains("is damaged (it failed while being read: "),
            "{said}"
        );
        assert!(said.contains("rebuilding it"), "{said}");
        assert!(!Arc::ptr_eq(&before, &session.catalog()), "a new catalog");

        // A question at fault is its own error: nothing rebuilt, asked once.
        let mut log = Out::new(Vec::new());
        let tries = Cell::new(0);
        let refused = session.run(
            |_| -> Result<(), Failure> {
                tries.set(tries.get() + 1);
                Err(Refusal::new(ErrorCode::BadDate, "no such day").into())
            },
            &mut log,
        );
        assert_eq!(refused.unwrap_err().code(), ErrorCode::BadDate);
        assert_eq!(tries.get(), 1);
        assert!(log.into_inner().is_empty());

        // Damage that building again does not heal is an `index` error.
        let mut log = Out::new(Vec::new());
        let failed = session.run(|_| -> Result<(), Failure> { panic!("always") }, &mut log);
        let failed = failed.unwrap_err();
        assert_eq!(failed.code(), ErrorCode::Index);
        assert_eq!(
            crate::error::chain(&failed),
            "search index: it failed while being read: always"
        );
    }

    #[test]
    fn a_question_is_answered_with_the_checks_of_ask() {
        let index = tempfile::tempdir().unwrap();
        let session = session(index.path());
        let request = Request::Card {
            name: "Ferengi Military Operations".into(),
            edition: None,
            as_of: None,
        };
        let log = &mut Out::new(Vec::new());
        let today = session.config().today;
        let answer = session.ask(&request, today, &Stop::never(), log).unwrap();
        let Answer::Card(card) = answer else {
            panic!("a card answer")
        };
        // Without a card database, the answer says so: a note `ask` adds.
        assert!(card.notes.contains(&answer::Note::NoCardDatabase));
    }
}
