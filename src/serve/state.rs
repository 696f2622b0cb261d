//! What every request shares: the configuration of the command line and one
//! open, read-only catalog. Takes a command (as the command line would
//! read it), gives its `--json` answer.
//!
//! The catalog is opened once and kept: opening it costs about 5 ms. Each
//! answer compares the corpus's fingerprint (a listing of the corpus
//! folders with sizes and times) with the catalog's, taken again only when
//! the kernel tells of a change under the folders (`index::watch`): a few
//! hundredths of a millisecond for the bundled corpus, 2 ms for 1,000
//! documents, otherwise paid by every question. A corpus that changed since the catalog was opened is read
//! again in the background, one reading at a time, beside the live index
//! (a new generation, see `index::store`), while every request is answered
//! from the catalog in use with a note (`Note::NewerCorpus`) that a
//! newer corpus is being read. The new catalog replaces the old one when it
//! is complete. The same holds while another process (`rulings index`)
//! holds the build lock: the reading waits in the background, the answers
//! do not. Only a corpus that could never be read gives no answer (the
//! server does not start). An index that fails while being read is built
//! again and the question asked once more, as the command line does.
//!
//! The index is read into memory when opened (`index::Reading::Held`), so
//! that its files cut short or removed on disk never touch the catalog in
//! use (a mapped file would end the process with a signal). Its folder is
//! watched too: a change there that is not the server's own makes the
//! catalog be opened again in the background, which finds damage and
//! builds the index again, while the answers come from memory.
//!
//! Answers are kept by question (the request, the day, the corpus
//! fingerprint), up to [`MOST_KEPT_BYTES`] counted as they sit in memory
//! (the bytes allocated for the answer and the question, and the table's
//! own slot): at a venue many phones ask the same things, and the pages ask
//! for the same prefixes as people type. A changed corpus or a new day is
//! another question; when the budget is spent, everything kept is dropped.

use std::collections::HashMap;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use chrono::NaiveDate;
use tokio::sync::SemaphorePermit;

use rulings::answer::error::{ErrorCode, Failure};
use rulings::answer::request::Request;
use rulings::answer::stop::{CancelOnDrop, Stop};
use rulings::answer::{Answer, Note};
use rulings::catalog::Catalog;
use rulings::config::Config;
use rulings::corpus::Sources;
use rulings::index::watch::{Blind, Watch};
use rulings::output::Out;
use rulings::session::{Announce, Session};

/// An answer as its JSON object, as the command line's `--json` writes
/// it: what the API answers with, and what is kept.
#[derive(Debug, Clone)]
pub struct JsonAnswer {
    /// How it ended: whether it found what was asked, or the code of its
    /// error.
    pub ended: Result<bool, ErrorCode>,
    /// The answer's object, or the error object.
    pub body: Vec<u8>,
}

impl JsonAnswer {
    /// An answer as its JSON object.
    pub fn of(answer: &Answer) -> JsonAnswer {
        match rulings::render::json::body(answer) {
            Ok(body) => JsonAnswer {
                ended: Ok(answer.is_found()),
                body,
            },
            Err(error) => JsonAnswer::refused(&error.into()),
        }
    }

    /// The answer of an error: its code and its error object.
    pub fn refused(failure: &Failure) -> JsonAnswer {
        let mut body = Out::new(Vec::new());
        // Writing into memory does not fail.
        let _ = rulings::render::json::write_error(&mut body, failure);
        JsonAnswer {
            ended: Err(failure.code()),
            body: body.into_inner(),
        }
    }
}

/// The corpus's fingerprint as last taken, and the watch that tells when
/// to take it again.
struct Looked {
    watch: Watch,
    /// The watch of the index's folder, where it can tell of a change.
    index: Option<Watch>,
    /// Why the watch could not tell, as last said on stderr.
    said: Option<Blind>,
    /// Changes told so far.
    changes: u64,
    fingerprint: Option<String>,
}

impl Looked {
    /// Says on stderr, once each time it becomes so, that the watch cannot
    /// tell of a change and why: every question then looks at the
    /// documents, which a corpus of many costs in time.
    fn say_blind(&mut self) {
        let blind = self.watch.blind();
        if blind != self.said {
            if let Some(why) = &blind {
                eprintln!("note: {why}; every request looks at the documents for changes");
            }
            self.said = blind;
        }
    }
}

pub struct AppState {
    /// The catalog every request is answered from.
    session: Session,
    /// `--as-of` of `serve`: the event's date, when pinned.
    pinned: Option<NaiveDate>,
    /// The corpus as last looked at, and the kernel's word of a change
    /// since: the documents are looked at again only then.
    looked: Mutex<Looked>,
    /// Set while a reading of a changed corpus runs in the background.
    reading: AtomicBool,
    /// The fingerprint of a changed corpus whose reading failed, and why:
    /// it is not read again until the corpus changes once more.
    unreadable: Mutex<Option<(String, String)>>,
    kept: Mutex<Kept>,
    /// At most two answers per core at once, the others waiting their turn
    /// in order: fifty answers sharing two cores all finish late, fifty in
    /// line finish in turn (p99 under load, README "Load"). Two, not one,
    /// so that a core does not idle while the next answer is handed over.
    pub answering: tokio::sync::Semaphore,
    /// Decklists worked on at once (each also takes a turn of
    /// `answering`): one per two cores, so that however many lists are
    /// sent, the other turns and cores answer everything else.
    pub decks: tokio::sync::Semaphore,
}

/// How many decklists are worked on at once: one per two cores, at least one.
pub fn deck_slots() -> usize {
    (std::thread::available_parallelism().map_or(2, |n| n.get()) / 2).max(1)
}

/// How many answers are worked on at once: two per core.
pub fn answer_slots() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()) * 2
}

/// Most bytes of answers kept: room for a search answer (20 KB on average,
/// up to 34 KB) to each of the 968 questions of the bench, with room to
/// spare. A budget smaller than what a venue asks over and over is worse
/// than none: it fills, is dropped whole, and fills again.
pub const MOST_KEPT_BYTES: usize = 32 << 20;

/// A question: the corpus it was asked of, its day, the request.
#[derive(PartialEq, Eq, Hash)]
struct Question {
    fingerprint: Arc<str>,
    today: NaiveDate,
    request: Request,
}

#[derive(Default)]
struct Kept {
    bytes: usize,
    answers: HashMap<Question, JsonAnswer>,
}

/// What the table spends on an answer besides its bytes: the slot (the
/// question's and the answer's own fields, the hash table's control byte
/// and spare room) and the allocator's header of each allocation.
const SLOT_BYTES: usize = 2 * (std::mem::size_of::<Question>() + std::mem::size_of::<JsonAnswer>());
const ALLOCATION_BYTES: usize = 16;

impl Kept {
    /// The bytes an answer and its question hold in memory: what was
    /// allocated for them (capacity, not length), not only their text.
    fn size_of(question: &Question, answer: &JsonAnswer) -> usize {
        // The fingerprint's own allocation, with the two counts of an Arc.
        let fingerprint = question.fingerprint.len() + 2 * std::mem::size_of::<usize>();
        SLOT_BYTES
            + fingerprint
            + question.request.text_capacity()
            + answer.body.capacity()
            + 2 * ALLOCATION_BYTES
    }

    fn keep(&mut self, mut question: Question, answer: &JsonAnswer) {
        // An answer written into a growing buffer may hold twice its
        // length: keep only its bytes.
        let mut answer = answer.clone();
        answer.body.shrink_to_fit();
        question.request.shrink_to_fit();
        let size = Kept::size_of(&question, &answer);
        if self.bytes + size > MOST_KEPT_BYTES {
            self.answers.clear();
            self.bytes = 0;
        }
        self.bytes += size;
        self.answers.insert(question, answer);
    }
}

/// A request's turn to be answered: held while it is worked on.
pub struct Turn<'s> {
    _deck: Option<SemaphorePermit<'s>>,
    _answer: Option<SemaphorePermit<'s>>,
}

impl AppState {
    /// Waits for a request's turn: a decklist waits for a deck's turn
    /// first, then every request for a turn to be answered, in order.
    pub async fn turn(&self, request: &Request) -> Turn<'_> {
        // The semaphores are never closed: a permit is always given in turn.
        let deck = match request {
            Request::Deck { .. } => self.decks.acquire().await.ok(),
            _ => None,
        };
        Turn {
            _deck: deck,
            _answer: self.answering.acquire().await.ok(),
        }
    }

    /// What stops a request's work: the end of its time, or its future
    /// dropped (the time layer answered it, or its client left), with
    /// the guard that the request's future holds.
    pub fn stop() -> (Stop, CancelOnDrop) {
        Stop::never()
            .by(Instant::now() + super::ANSWER_TIMEOUT)
            .cancel_on_drop()
    }

    /// Opens the catalog (building the index when it is missing or stale).
    pub fn open(config: Config, pinned: Option<NaiveDate>) -> Result<AppState, Failure> {
        // Watched before the catalog is opened: a change made while it is
        // opened is told too.
        let watch = Watch::new(&config.sources);
        let session = Session::open(config, Announce::Building, &mut Out::new(io::stderr()))?;
        // Watched once the catalog is opened: its folder is there by then.
        let index = Watch::new(&Sources::folder(&session.config().index));
        let mut index = Some(index).filter(Watch::tells);
        // What opening the catalog wrote there (its checks' stamp) is no news.
        if let Some(index) = &mut index {
            index.changed();
        }
        let mut looked = Looked {
            watch,
            index,
            said: None,
            changes: 0,
            fingerprint: None,
        };
        looked.say_blind();
        Ok(AppState {
            session,
            pinned,
            looked: Mutex::new(looked),
            reading: AtomicBool::new(false),
            unreadable: Mutex::new(None),
            kept: Mutex::new(Kept::default()),
            answering: tokio::sync::Semaphore::new(answer_slots()),
            decks: tokio::sync::Semaphore::new(deck_slots()),
        })
    }

    /// The edition a question asks of when it names none (`RULINGS_EDITION`
    /// or the settings file), as a query string writes it; none: every
    /// edition. An edition given blank asks every edition.
    pub fn default_edition(&self) -> Option<String> {
        self.session
            .config()
            .edition(None)
            .map(|edition| edition.label().to_string())
    }

    /// The date a question is asked on when it names none.
    pub fn today(&self) -> NaiveDate {
        self.pinned.unwrap_or_else(rulings::dates::today)
    }

    /// The catalog to answer from: the one of the corpus as it is now, or,
    /// while a changed corpus is read in the background (or cannot be
    /// read), the one in use, with the note that says so.
    fn catalog(self: &Arc<Self>) -> Result<(Arc<Catalog>, Option<Note>), Failure> {
        if self.index_touched() {
            // Damage found is healed by the reading; the answers meanwhile
            // come from the index in memory.
            self.read_in_background();
        }
        let now = self.corpus_now()?;
        let current = self.session.catalog();
        if current.manifest().fingerprint == now {
            return Ok((current, None));
        }
        let failed = self
            .unreadable
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .filter(|(fingerprint, _)| *fingerprint == now)
            .map(|(_, why)| why.clone());
        if failed.is_none() {
            self.read_in_background();
        }
        let note = Note::NewerCorpus { unreadable: failed };
        Ok((current, Some(note)))
    }

    /// The fingerprint of the corpus as it is now: taken again only when
    /// the kernel tells of a change under its folders since it was last
    /// taken, or cannot tell (see `index::watch`). At 1,000 documents
    /// taking it is a look at each, 2 ms a question.
    fn corpus_now(&self) -> Result<String, Failure> {
        let looked = || self.looked.lock().unwrap_or_else(PoisonError::into_inner);
        let seen = {
            let mut looked = looked();
            if looked.watch.changed() {
                looked.changes += 1;
                looked.fingerprint = None;
                looked.say_blind();
            }
            if let Some(fingerprint) = &looked.fingerprint {
                return Ok(fingerprint.clone());
            }
            looked.changes
        };
        // Taken without the lock: requests that meet a change look at the
        // documents at once, as each did before.
        let now = rulings::index::corpus_fingerprint(&self.session.config().sources)?;
        let mut looked = looked();
        // Kept only if no later change was told meanwhile: a look begun
        // before it must not stand for the corpus after it.
        if looked.changes == seen {
            looked.fingerprint = Some(now.clone());
        }
        Ok(now)
    }

    /// Whether the kernel told of a change in the index's folder since the
    /// last call: something may have cut short or removed its files.
    fn index_touched(&self) -> bool {
        let mut looked = self.looked.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(index) = &mut looked.index else {
            return false;
        };
        let changed = index.changed();
        if !index.tells() {
            // Past telling (its folders could not be watched again): no
            // more readings for it, which would then be every request's.
            looked.index = None;
        }
        changed
    }

    /// Starts reading the corpus as it is now on a thread of its own,
    /// unless a reading is under way; its catalog replaces the one in use
    /// when complete and up to date.
    fn read_in_background(self: &Arc<Self>) {
        if self.reading.swap(true, Ordering::AcqRel) {
            return;
        }
        let state = Arc::clone(self);
        let started = std::thread::Builder::new()
            .name("rulings-reindex".into())
            .spawn(move || {
                state.read_now();
                state.reading.store(false, Ordering::Release);
            });
        if started.is_err() {
            // No thread: the next request tries again.
            self.reading.store(false, Ordering::Release);
        }
    }

    /// Reads the corpus as it is now and puts its catalog in use. A
    /// catalog of an older corpus (another process held the build lock
    /// past its wait, and the generation before was opened; or the corpus
    /// changed during the reading) is not put in use: the corpus is read
    /// again, until the catalog is of the corpus as it is.
    fn read_now(&self) {
        loop {
            let Ok(wanted) = rulings::index::corpus_fingerprint(&self.session.config().sources)
            else {
                return;
            };
            let of_now = |fresh: &Catalog| fresh.manifest().fingerprint == wanted;
            match self.session.reopen(of_now, &mut Out::new(io::stderr())) {
                Ok(true) => return,
                // Each try waits for the build lock first: no spinning.
                Ok(false) => std::thread::sleep(std::time::Duration::from_millis(100)),
                Err(e) => {
                    let why = rulings::error::chain(&e);
                    eprintln!("warning: the changed documents cannot be read: {why}");
                    *self
                        .unreadable
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner) = Some((wanted, why));
                    return;
                }
            }
        }
    }

    /// The answer to a request, as the command line's `--json` writes it.
    pub fn answer(self: &Arc<Self>, request: &Request, stop: &Stop) -> JsonAnswer {
        let (catalog, note) = match self.catalog() {
            Ok(found) => found,
            Err(e) => return JsonAnswer::refused(&e),
        };
        if let Some(note) = note {
            // While the documents change, an answer says it is from the
            // documents as read before, and is not kept.
            return match self.answer_on(request, catalog, stop) {
                Ok(mut answer) => {
                    answer.add_note(note);
                    JsonAnswer::of(&answer)
                }
                Err(e) => JsonAnswer::refused(&e),
            };
        }
        let question = Question {
            fingerprint: Arc::from(catalog.manifest().fingerprint.as_str()),
            today: self.today(),
            request: request.clone(),
        };
        let kept = self.kept().answers.get(&question).cloned();
        kept.unwrap_or_else(|| {
            let (answer, settled) = match self.answer_on(request, catalog, stop) {
                Ok(answer) => (JsonAnswer::of(&answer), answer.is_settled()),
                Err(e) => (JsonAnswer::refused(&e), true),
            };
            if settled && answer.ended != Err(ErrorCode::Index) {
                self.kept().keep(question, &answer);
            }
            answer
        })
    }

    /// The answer to a request as a value, for a page to draw.
    pub fn typed(self: &Arc<Self>, request: &Request, stop: &Stop) -> Result<Answer, Failure> {
        let (catalog, note) = self.catalog()?;
        let mut answer = self.answer_on(request, catalog, stop)?;
        if let Some(note) = note {
            answer.add_note(note);
        }
        Ok(answer)
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn answer_on(
        &self,
        request: &Request,
        catalog: Arc<Catalog>,
        stop: &Stop,
    ) -> Result<Answer, Failure> {
        let log = &mut Out::new(io::stderr());
        self.session
            .ask_on(catalog, request, self.today(), stop, log)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_answers_stay_within_their_budget() {
        let mut kept = Kept::default();
        let answer = JsonAnswer {
            ended: Ok(true),
            body: vec![b'x'; MOST_KEPT_BYTES / 3],
        };
        let question = |n: usize| Question {
            fingerprint: Arc::from("f"),
            today: NaiveDate::from_ymd_opt(2026, 6, 13).unwrap(),
            request: Request::Search {
                query: n.to_string(),
                edition: None,
                kind: None,
                authority: None,
                as_of: None,
                all: false,
                limit: 10,
                typing: false,
            },
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

    #[test]
    fn small_answers_are_counted_by_what_they_hold_in_memory() {
        let mut kept = Kept::default();
        // An answer of two bytes in a buffer grown to a kilobyte.
        let mut body = Vec::with_capacity(1024);
        body.extend_from_slice(b"{}");
        let answer = JsonAnswer {
            ended: Ok(true),
            body,
        };
        for n in 0..200_000 {
            let question = Question {
                fingerprint: Arc::from("0123456789abcdef"),
                today: NaiveDate::from_ymd_opt(2026, 6, 13).unwrap(),
                request: Request::Show {
                    topic: n.to_string(),
                    edition: None,
                    authority: None,
                    as_of: None,
                    history: true,
                },
            };
            kept.keep(question, &answer);
        }
        let kept_answer = kept.answers.values().next().unwrap();
        assert_eq!(kept_answer.body.capacity(), 2, "the spare room is not kept");
        // Every answer costs at least its slot in the table, so the budget
        // holds fewer than the two hundred thousand counted by text alone.
        assert!(kept.answers.len() <= MOST_KEPT_BYTES / SLOT_BYTES);
        assert!(kept.answers.len() < 200_000);
    }
}
