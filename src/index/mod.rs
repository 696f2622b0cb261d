//! The search index: takes the corpus folder, gives a tantivy index over
//! every entry that answers searches without parsing the corpus again.
//!
//! [`open`] returns an index that matches the corpus as it is now and the
//! program that is running: it reuses the one on disk when its fingerprint
//! matches, and otherwise builds a new one beside it and swaps it in (see
//! [`store`] for how the swap stays atomic). A damaged index is rebuilt with
//! a warning; a folder where the index cannot be written (tantivy's reader
//! needs a lock file there) gives an in-memory index, with a warning. A
//! build that another process has held the lock on for longer than
//! [`store::LOCK_WAIT`] is not waited for: the answer comes from the
//! generation in use, stale or not, or from memory, with a warning.
//!
//! How a generation's files are read is the caller's ([`Reading`]): mapped
//! for a process that asks and exits, read into memory for one that stays.
//!
//! Where the index lives: `index/` in the checkout for its own corpus (see
//! `commands`), else [`cache_folder`].

mod build;
mod fingerprint;
mod intact;
pub mod mentions;
mod parts;
mod schema;
pub mod store;
pub mod timeline;
pub mod watch;
mod write;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tantivy::directory::{Directory, RamDirectory};
use tantivy::{Index, ReloadPolicy, Searcher, TantivyError};
use thiserror::Error;

pub use build::Counts;
pub use build::{empty_body_hash, is_card_erratum};
pub use fingerprint::{hash_hex, Manifest, Newest};
use parts::Layout;
pub use schema::{
    class, day_time, edition_key, highlight_analyzer, words_analyzer, Fields, Role, BODY_HASH,
    CLASS, SCHEMA_VERSION, SEQ, STANDING,
};
use store::{LockError, Store, LOCK_WAIT};

use crate::corpus::{self, Corpus, Sources};
use crate::safe::escape_name;

/// What can go wrong with the index.
#[derive(Debug, Error)]
pub enum IndexError {
    #[error(transparent)]
    Corpus(#[from] crate::error::Error),
    /// No document became a release: the message names the sources and
    /// each file with why it was not read ([`Corpus::why_none`]).
    #[error("{0}")]
    NoDocuments(String),
    #[error("search index at {}: {source}", shown(path))]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("search index: {0}")]
    Tantivy(#[from] TantivyError),
    #[error("search index: {0}")]
    Json(#[from] serde_json::Error),
    #[error(
        "search index at {}: {files} read back unlike what was written",
        shown(path)
    )]
    Unverified { path: PathBuf, files: String },
    #[error("search index at {}: another process has been building it for more than {} s; try again when it is done", shown(path), store::LOCK_WAIT.as_secs())]
    Busy { path: PathBuf },
}

/// A value the index stored that cannot be read back. This program wrote
/// it, so it is damage, never bad input: the commands heal it by building
/// the index again. The reader's own error is kept as the source.
#[derive(Debug, Error)]
pub enum Unreadable {
    #[error("a stored field is missing")]
    Missing,
    #[error("a segment vanished")]
    Vanished,
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A stored name the model does not know (its parser words why).
    #[error("{0}")]
    Name(String),
    #[error(transparent)]
    Period(#[from] timeline::DamagedLine),
}

/// A path for a message, escaped like every name.
fn shown(path: &Path) -> String {
    escape_name(&path.display().to_string())
}

/// The files of `index` whose content no longer matches the checksum
/// tantivy wrote in their footer, by name (empty when all match).
fn damaged_files(index: &Index) -> Result<Vec<String>, TantivyError> {
    let mut names: Vec<String> = index
        .validate_checksum()?
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    names.sort();
    Ok(names)
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> IndexError + '_ {
    move |source| IndexError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// An opened index, ready to search.
pub struct SearchIndex {
    index: Index,
    searcher: Searcher,
    fields: Fields,
    manifest: Manifest,
    location: Option<PathBuf>,
}

impl SearchIndex {
    pub fn index(&self) -> &Index {
        &self.index
    }

    pub fn searcher(&self) -> &Searcher {
        &self.searcher
    }

    pub fn fields(&self) -> &Fields {
        &self.fields
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The generation folder it was read from; `None` when in memory.
    pub fn location(&self) -> Option<&Path> {
        self.location.as_deref()
    }

    fn from_index(
        index: Index,
        manifest: Manifest,
        location: Option<PathBuf>,
    ) -> Result<SearchIndex, TantivyError> {
        schema::register_analyzers(&index);
        let fields = schema::fields(&index.schema())?;
        // Manual: no thread watching for commits; a search opens, reads, exits.
        let searcher = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?
            .searcher();
        Ok(SearchIndex {
            index,
            searcher,
            fields,
            manifest,
            location,
        })
    }
}

/// How the files of the generation in use are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Mapped into memory, a page read when first used: the quickest open,
    /// for a process that answers and exits. A file cut short on disk while
    /// it runs ends it with a signal (SIGBUS) at the next read of a page
    /// gone: the next command finds the damage and heals it.
    Mapped,
    /// Read into memory whole when opened, after the checks: for a process
    /// that stays (the server). Whatever is done to the files on disk later
    /// cannot touch the index in use, and a file cut short is a short read,
    /// an error the next opening heals, never a signal.
    Held,
}

/// Why an index was built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildReason {
    /// There was none.
    Missing,
    /// A document was added, edited or removed since.
    CorpusChanged,
    /// Another build of the program (or schema) wrote it.
    OtherProgram,
    /// It could not be read.
    Damaged,
    /// Asked for (`rulings index`).
    Requested,
}

impl BuildReason {
    pub fn describe(self) -> &'static str {
        match self {
            BuildReason::Missing => "no index yet",
            BuildReason::CorpusChanged => "the corpus changed",
            BuildReason::OtherProgram => "the index was written by another build of rulings",
            BuildReason::Damaged => "the index was damaged",
            BuildReason::Requested => "rebuild requested",
        }
    }
}

/// How the opened index came to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Found on disk, up to date.
    Reused,
    /// Built now, on disk.
    Built {
        reason: BuildReason,
        counts: Counts,
        took: Duration,
        /// How many of the index's parts were written, of how many: fewer
        /// than all when the parts a change left alone were kept.
        parts: (usize, usize),
    },
    /// Built now, in memory only.
    InMemory { counts: Counts, took: Duration },
}

/// An index and what opening it had to say.
pub struct Opened {
    pub index: SearchIndex,
    pub origin: Origin,
    /// Things the user should know (a damaged index, an unwritable folder).
    pub warnings: Vec<String>,
    /// Time spent on the freshness check (fingerprinting corpus and program).
    pub checked: Duration,
}

impl Opened {
    /// An index found on disk, up to date.
    fn reused(index: SearchIndex, warnings: Vec<String>, checked: Duration) -> Opened {
        Opened {
            index,
            origin: Origin::Reused,
            warnings,
            checked,
        }
    }
}

/// Where the index of other sources than the checkout's own lives: a
/// folder per set of sources in the user's cache folder
/// (`$XDG_CACHE_HOME/rulings/<hash>` or `~/.cache/rulings/<hash>` on Linux,
/// `~/Library/Caches/rulings/<hash>` on macOS, `%LOCALAPPDATA%\rulings\<hash>`
/// on Windows).
pub fn cache_folder(sources: &Sources) -> PathBuf {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let mut parts: Vec<Vec<u8>> = vec![vec![u8::from(sources.bundled)]];
    parts.extend(
        sources
            .folders
            .iter()
            .map(|f| canonical(f).as_os_str().as_encoded_bytes().to_vec()),
    );
    // A card database makes another index: asking with and without one
    // does not rebuild each time.
    if let Some(cards) = &sources.cards {
        parts.push(b"cards".to_vec());
        parts.push(canonical(cards).as_os_str().as_encoded_bytes().to_vec());
    }
    let parts: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    let hash = fingerprint::hash_hex(&parts);
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("rulings")
        .join(hash)
}

/// The fingerprint of the corpus as it is now (a listing of its folders
/// with each file's size and time): an index whose manifest records
/// another one is stale.
pub fn corpus_fingerprint(sources: &Sources) -> Result<String, IndexError> {
    fingerprint::corpus(sources)
}

/// What an up-to-date index must have recorded.
struct Expected {
    program: String,
    fingerprint: String,
}

impl Expected {
    fn now(sources: &Sources) -> Result<Expected, IndexError> {
        Ok(Expected {
            program: fingerprint::program(),
            fingerprint: fingerprint::corpus(sources)?,
        })
    }

    fn manifest(&self, sources: &Sources, corpus: &Corpus) -> Manifest {
        let counts = Counts::of(corpus);
        Manifest {
            schema: SCHEMA_VERSION,
            program: self.program.clone(),
            fingerprint: self.fingerprint.clone(),
            corpus: sources.describe(),
            releases: counts.releases,
            entries: counts.entries,
            notices: build::notices(corpus),
            cards: corpus.cards.as_ref().map(|d| d.cards.len()),
            card_limits: corpus
                .cards
                .as_ref()
                .map(|d| d.limits.clone())
                .unwrap_or_default(),
            edition_unknown: corpus
                .releases
                .iter()
                .filter(|r| {
                    r.id.ends_with(crate::corpus::EDITION_UNKNOWN_2E) && !r.kind.is_tournament()
                })
                .map(|r| r.file.clone())
                .collect(),
            bases: corpus
                .releases
                .iter()
                .filter(|r| r.kind.is_base())
                .map(|r| r.id.clone())
                .collect(),
            newest: corpus
                .editions()
                .into_iter()
                .filter_map(|edition| {
                    corpus
                        .releases
                        .iter()
                        // An undated release is never an edition's newest.
                        .filter(|r| r.edition == edition && !r.is_undated())
                        .max_by_key(|r| (r.date, r.order))
                        .map(|r| Newest {
                            edition,
                            release: r.id.clone(),
                            date: r.date,
                            title: r.title.clone(),
                        })
                })
                .collect(),
            layout: None,
        }
    }
}

/// What is found where `CURRENT` points.
enum Found {
    Fresh(Box<SearchIndex>),
    /// Not the index of this corpus and program; when only the corpus
    /// changed, the generation the next build starts from.
    Stale(BuildReason, Option<Previous>),
}

/// A generation of this program built from the corpus as it was: the next
/// build keeps the parts of it that did not change.
struct Previous {
    generation: PathBuf,
    layout: Layout,
}

/// Why the index on disk cannot be used.
enum Unusable {
    /// The folder cannot be written (and tantivy's reader needs to).
    Unwritable(String),
    Damaged(String),
}

enum GenerationError {
    Incompatible,
    Lock(String),
    Failed(String),
}

/// Whether a generation's checksums were read by this process just now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Checked {
    /// Not known to be intact: read them, unless a stamp vouches for them.
    Unknown,
    /// Built and read back by this process a moment ago.
    Now,
}

/// Opens a generation; with `expected`, only if it answers for this corpus
/// and program (else it is stale), without, whatever corpus it was built
/// from (the last good index, when a new one cannot be had).
fn open_generation(
    generation: &Path,
    expected: Option<&Expected>,
    reading: Reading,
    checked: Checked,
) -> Result<Found, GenerationError> {
    let failed = |e: TantivyError| match e {
        TantivyError::IncompatibleIndex(_) => GenerationError::Incompatible,
        TantivyError::LockFailure(..) => GenerationError::Lock(e.to_string()),
        other => GenerationError::Failed(other.to_string()),
    };
    // What tantivy reads by path must be regular files: a pipe would hang it.
    if let Some(odd) = not_regular(generation) {
        return Err(GenerationError::Failed(format!(
            "{} is not a regular file",
            escape_name(&odd)
        )));
    }
    let index = match reading {
        Reading::Mapped => Index::open_in_dir(generation).map_err(failed)?,
        Reading::Held => {
            let held = read_into_memory(generation).map_err(|e| {
                GenerationError::Failed(format!("it cannot be read into memory: {e}"))
            })?;
            Index::open(held).map_err(failed)?
        }
    };
    let metas = index.load_metas().map_err(failed)?;
    let Some(manifest) = Manifest::from_payload(metas.payload.as_deref()) else {
        return Err(GenerationError::Failed(
            "it records no manifest".to_string(),
        ));
    };
    if manifest.schema != SCHEMA_VERSION {
        return Ok(Found::Stale(BuildReason::OtherProgram, None));
    }
    if let Some(expected) = expected {
        if manifest.program != expected.program {
            return Ok(Found::Stale(BuildReason::OtherProgram, None));
        }
        if manifest.fingerprint != expected.fingerprint {
            let previous = manifest.layout.map(|layout| Previous {
                generation: generation.to_path_buf(),
                layout,
            });
            return Ok(Found::Stale(BuildReason::CorpusChanged, previous));
        }
    }
    // A flipped bit in a segment file can give a different answer without
    // any error: every file's checksum is checked before the index is used,
    // unless a stamp says the files are as they were when last found intact.
    // A held index was read before this look at the stamp: a file changed
    // while it was read changed its change time, and is checked.
    if checked == Checked::Unknown && !intact::stamped(generation) {
        let damaged = damaged_files(&index).map_err(failed)?;
        if !damaged.is_empty() {
            return Err(GenerationError::Failed(format!(
                "checksum mismatch in {}",
                damaged.join(", ")
            )));
        }
        intact::stamp(generation);
    }
    SearchIndex::from_index(index, manifest, Some(generation.to_path_buf()))
        .map(|index| Found::Fresh(Box::new(index)))
        .map_err(failed)
}

/// The files of a generation, read whole into memory (tantivy's lock
/// files and the stamp left out): a file cut short since is read short,
/// which tantivy's footer and the checksums then find, never a page that
/// is no longer there.
fn read_into_memory(generation: &Path) -> io::Result<RamDirectory> {
    let held = RamDirectory::create();
    for item in fs::read_dir(generation)? {
        let item = item?;
        let name = item.file_name();
        let kept = name.to_str().is_some_and(|n| !n.starts_with(".tantivy-"));
        if !kept || name == intact::STAMP {
            continue;
        }
        held.atomic_write(Path::new(&name), &fs::read(item.path())?)?;
    }
    Ok(held)
}

/// The name of an item of `folder` that is not a regular file, if any (a
/// folder is not expected in a generation either).
fn not_regular(folder: &Path) -> Option<String> {
    fs::read_dir(folder).ok()?.flatten().find_map(|item| {
        let regular = item.file_type().is_ok_and(|t| t.is_file());
        (!regular).then(|| item.file_name().to_string_lossy().into_owned())
    })
}

/// Opens the generation `CURRENT` names. A build that replaces it while
/// this looks is not damage: look again.
fn open_current(
    store: &Store,
    expected: Option<&Expected>,
    reading: Reading,
) -> Result<Found, Unusable> {
    const ATTEMPTS: usize = 5;
    for _ in 0..ATTEMPTS {
        let generation = match store.current() {
            Ok(None) => return Ok(Found::Stale(BuildReason::Missing, None)),
            Ok(Some(generation)) => generation,
            Err(e) => return Err(Unusable::Damaged(e.to_string())),
        };
        let error = match open_generation(&generation, expected, reading, Checked::Unknown) {
            Ok(found) => return Ok(found),
            Err(error) => error,
        };
        // A newer build replaced (and removed) this one while it was being
        // opened: look again.
        if store.current().ok().flatten().as_ref() != Some(&generation) {
            continue;
        }
        return match error {
            GenerationError::Incompatible => Ok(Found::Stale(BuildReason::OtherProgram, None)),
            GenerationError::Lock(message) => Err(Unusable::Unwritable(message)),
            GenerationError::Failed(message) => Err(Unusable::Damaged(message)),
        };
    }
    Err(Unusable::Damaged(
        "it kept being replaced while being opened".to_string(),
    ))
}

fn load_corpus(sources: &Sources) -> Result<Corpus, IndexError> {
    let corpus = corpus::load_sources(sources)?;
    if corpus.releases.is_empty() {
        return Err(IndexError::NoDocuments(corpus.why_none()));
    }
    Ok(corpus)
}

fn in_memory(corpus: &Corpus, manifest: Manifest) -> Result<SearchIndex, IndexError> {
    let index = write::in_memory(corpus, &manifest)?;
    Ok(SearchIndex::from_index(index, manifest, None)?)
}

fn unwritable_warning(folder: &Path, why: &str) -> String {
    format!(
        "cannot write the search index at {} ({why}); searching an index built in memory",
        shown(folder)
    )
}

/// Builds an index in memory, when the folder cannot hold one.
fn open_in_memory(
    sources: &Sources,
    expected: &Expected,
    warnings: Vec<String>,
    checked: Duration,
) -> Result<Opened, IndexError> {
    let started = Instant::now();
    let corpus = load_corpus(sources)?;
    let manifest = expected.manifest(sources, &corpus);
    in_memory_opened(&corpus, manifest, warnings, checked, started)
}

/// An in-memory index of a corpus already loaded (at `started`).
fn in_memory_opened(
    corpus: &Corpus,
    manifest: Manifest,
    warnings: Vec<String>,
    checked: Duration,
    started: Instant,
) -> Result<Opened, IndexError> {
    let index = in_memory(corpus, manifest)?;
    Ok(Opened {
        index,
        origin: Origin::InMemory {
            counts: Counts::of(corpus),
            took: started.elapsed(),
        },
        warnings,
        checked,
    })
}

/// The index of the corpus under `corpus_root`, kept in `index_root`: the
/// one there if it is up to date, else a new one (see the module docs),
/// its files read as `reading` says.
pub fn open(sources: &Sources, index_root: &Path, reading: Reading) -> Result<Opened, IndexError> {
    let store = Store::new(index_root);
    let started = Instant::now();
    let expected = Expected::now(sources)?;
    let checked = started.elapsed();
    let mut warnings = Vec::new();
    let reason = match open_current(&store, Some(&expected), reading) {
        Ok(Found::Fresh(index)) => return Ok(Opened::reused(*index, warnings, checked)),
        Ok(Found::Stale(reason, _)) => reason,
        Err(Unusable::Damaged(why)) => {
            warnings.push(format!(
                "the search index at {} is damaged ({why}); rebuilding it",
                shown(index_root)
            ));
            BuildReason::Damaged
        }
        Err(Unusable::Unwritable(why)) => {
            warnings.push(unwritable_warning(index_root, &why));
            return open_in_memory(sources, &expected, warnings, checked);
        }
    };
    let lock = match store.lock(LOCK_WAIT) {
        Ok(lock) => lock,
        Err(LockError::Busy) => {
            return open_without_lock(sources, &store, reading, warnings, checked)
        }
        Err(LockError::Io(e)) => {
            warnings.push(unwritable_warning(index_root, &e.to_string()));
            return open_in_memory(sources, &expected, warnings, checked);
        }
    };
    // Another process may have built it while this one waited for the lock;
    // and the corpus may have changed meanwhile.
    let expected = Expected::now(sources)?;
    let previous = match open_current(&store, Some(&expected), reading) {
        Ok(Found::Fresh(index)) => return Ok(Opened::reused(*index, warnings, checked)),
        Ok(Found::Stale(_, previous)) => previous,
        Err(_) => None,
    };
    store.remove_abandoned(&lock);
    let started = Instant::now();
    let corpus = load_corpus(sources)?;
    let manifest = expected.manifest(sources, &corpus);
    let prepared = write::Prepared::of(&corpus)?;
    let written = write::generation(
        &store,
        &lock,
        &corpus,
        &prepared,
        &manifest,
        previous.as_ref(),
    );
    if reading == Reading::Mapped {
        // A process that answers and exits leaves the plan (and below, the
        // corpus) to the system, which takes the memory back at once,
        // rather than free them a piece at a time: a tenth of the cost of
        // the first answer after a change at 1,000 releases. One that
        // stays frees them.
        std::mem::forget(prepared);
    }
    let written = written.and_then(|(generation, parts)| {
        match open_generation(&generation, Some(&expected), reading, Checked::Now) {
            Ok(Found::Fresh(index)) => Ok((*index, parts)),
            _ => Err(IndexError::Io {
                path: generation,
                source: io::Error::other("the index just built cannot be read back"),
            }),
        }
    });
    let opened = match written {
        Ok((index, parts)) => Ok(Opened {
            index,
            origin: Origin::Built {
                reason,
                counts: Counts::of(&corpus),
                took: started.elapsed(),
                parts,
            },
            warnings,
            checked,
        }),
        Err(e) => {
            warnings.push(unwritable_warning(index_root, &e.to_string()));
            in_memory_opened(&corpus, manifest, warnings, checked, started)
        }
    };
    if reading == Reading::Mapped {
        std::mem::forget(corpus);
    }
    opened
}

/// Answers while another process holds the build lock past [`LOCK_WAIT`]
/// (a stuck or very slow build): from the generation in use, whatever
/// corpus it was built from, or else from an index built in memory and not
/// published; either way with a warning.
fn open_without_lock(
    sources: &Sources,
    store: &Store,
    reading: Reading,
    mut warnings: Vec<String>,
    checked: Duration,
) -> Result<Opened, IndexError> {
    let waited = format!(
        "another process has been building the search index at {} for more than {} s",
        shown(store.root()),
        LOCK_WAIT.as_secs()
    );
    if let Ok(Found::Fresh(index)) = open_current(store, None, reading) {
        warnings.push(format!(
            "{waited}; answering from the index as it was built before, which may miss the latest changes to the corpus"
        ));
        return Ok(Opened::reused(*index, warnings, checked));
    }
    warnings.push(format!("{waited}; searching an index built in memory"));
    let expected = Expected::now(sources)?;
    open_in_memory(sources, &expected, warnings, checked)
}

/// What `rebuild` did.
#[derive(Debug, Clone)]
pub struct Rebuilt {
    pub counts: Counts,
    pub took: Duration,
    pub generation: PathBuf,
    pub manifest: Manifest,
}

/// Builds the index of the corpus under `corpus_root` in `index_root` now,
/// whether or not the one there is up to date.
pub fn rebuild(sources: &Sources, index_root: &Path) -> Result<Rebuilt, IndexError> {
    let store = Store::new(index_root);
    let lock = match store.lock(LOCK_WAIT) {
        Ok(lock) => lock,
        Err(LockError::Busy) => {
            return Err(IndexError::Busy {
                path: index_root.to_path_buf(),
            })
        }
        Err(LockError::Io(e)) => return Err(io_error(index_root)(e)),
    };
    store.remove_abandoned(&lock);
    let started = Instant::now();
    let expected = Expected::now(sources)?;
    let corpus = load_corpus(sources)?;
    let manifest = expected.manifest(sources, &corpus);
    let prepared = write::Prepared::of(&corpus)?;
    let (generation, _) = write::generation(&store, &lock, &corpus, &prepared, &manifest, None)?;
    Ok(Rebuilt {
        counts: Counts::of(&corpus),
        took: started.elapsed(),
        generation,
        manifest,
    })
}
