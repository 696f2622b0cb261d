//! The corpus: every document under one folder (`.md`, `.txt`, a saved web
//! page `.html`/`.htm`; see [`crate::convert::kind_of`] for what is read,
//! warned about or ignored). Loading reads each file, converts it to the
//! Markdown the parser reads, parses it, and keeps the documents that fail
//! apart (with file and line) so the rest still load.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

use crate::convert::{self, kind_of, FileKind, Format};
use crate::error::{DocumentError, Error, Unread};
use crate::model::{Edition, Entry, Release};
use crate::parse;
use crate::safe::escape_name;

pub mod kept;

/// The loaded corpus.
#[derive(Debug)]
pub struct Corpus {
    /// Where its documents came from.
    pub sources: Sources,
    /// Releases in corpus order (sorted by path).
    pub releases: Vec<Release>,
    /// Documents that could not become releases.
    pub problems: Vec<DocumentError>,
    /// Documents that loaded, with something worth saying.
    pub warnings: Vec<String>,
    /// The card database, when the sources name one.
    pub cards: Option<crate::cards::lackey::Database>,
    /// How many documents were not read again: their readings were kept
    /// from an earlier load ([`kept`]).
    pub kept: usize,
}

impl Corpus {
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.releases.iter().flat_map(|r| r.entries.iter())
    }

    pub fn release(&self, id: &str) -> Option<&Release> {
        self.releases.iter().find(|r| r.id == id)
    }

    pub fn editions(&self) -> Vec<Edition> {
        let mut editions: Vec<Edition> = self.releases.iter().map(|r| r.edition).collect();
        editions.sort();
        editions.dedup();
        editions
    }

    /// What to say when no document became a release: the sources, then
    /// each file that was not read and why (its error names file and
    /// line), one a line.
    pub fn why_none(&self) -> String {
        let mut message = format!(
            "no rulings document could be read from {}",
            escape_name(&self.sources.describe())
        );
        if self.problems.is_empty() {
            message.push_str(": it holds no document in a format this tool reads");
        }
        for problem in &self.problems {
            message.push_str("\n  ");
            message.push_str(&problem.to_string());
        }
        message
    }
}

/// Whether a file is a document of the corpus.
fn is_document(path: &Path) -> bool {
    matches!(kind_of(path), FileKind::Document(_))
}

/// The documents found under a folder, and the folders under it that could
/// not be read.
#[derive(Debug, Default)]
pub struct Listing<T> {
    /// In corpus order (sorted by path).
    pub documents: Vec<T>,
    /// Folders whose documents could not be listed (no permission, a path
    /// longer than the system allows, …), with why: they are skipped, like
    /// a document that cannot be read.
    pub skipped: Vec<(PathBuf, io::Error)>,
    /// Files in a format that is not read (a Word document, an image, …),
    /// sorted by path: named in a warning, never silently left out.
    pub unread: Vec<(PathBuf, Unread)>,
}

/// Every document under `root`, sorted by path (the corpus order). Only
/// `root` itself must be readable: a folder under it that is not is
/// skipped and reported in the listing.
pub fn document_files(root: &Path) -> Result<Listing<PathBuf>, Error> {
    let listing = documents(root, false)?;
    Ok(Listing {
        documents: listing.documents.into_iter().map(|(p, _)| p).collect(),
        skipped: listing.skipped,
        unread: listing.unread,
    })
}

/// Every document under `root` with its metadata (read relative to its
/// folder, which is cheaper than by path), sorted by path. A document that
/// vanished since the listing has none.
pub fn documents_with_metadata(
    root: &Path,
) -> Result<Listing<(PathBuf, Option<fs::Metadata>)>, Error> {
    documents(root, true)
}

fn documents(
    root: &Path,
    metadata: bool,
) -> Result<Listing<(PathBuf, Option<fs::Metadata>)>, Error> {
    let mut listing = Listing::default();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let is_root = folder == root;
        if let Err(source) = list_folder(&folder, is_root, metadata, &mut folders, &mut listing) {
            if folder == root {
                return Err(Error::CorpusFolder {
                    path: folder,
                    source,
                });
            }
            listing.skipped.push((folder, source));
        }
    }
    listing
        .documents
        .sort_by_cached_key(|(path, _)| path_order(path));
    listing.skipped.sort_by(|a, b| a.0.cmp(&b.0));
    listing.unread.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(listing)
}

/// A key whose byte order is the order of paths (component by component,
/// as `Path`'s own order): the components' bytes, each ended by a zero,
/// which no name holds and which sorts before any byte. Comparing paths
/// component by component took as long as looking at every file on disk.
fn path_order(path: &Path) -> Vec<u8> {
    let mut key = Vec::with_capacity(path.as_os_str().len() + 8);
    for component in path.components() {
        key.extend_from_slice(component.as_os_str().as_encoded_bytes());
        key.push(0);
    }
    key
}

/// The documents and unread files directly in `folder` (added to
/// `listing`) and the folders in it (added to `folders`). An error leaves
/// nothing of the folder. A card database is no folder of documents: the
/// corpus folder's own `cards` (where the tool looks for it in the user
/// data folder), and a folder whose `sets` holds a card list (a LackeyCCG
/// plugin) are passed over.
fn list_folder(
    folder: &Path,
    is_root: bool,
    metadata: bool,
    folders: &mut Vec<PathBuf>,
    listing: &mut Listing<(PathBuf, Option<fs::Metadata>)>,
) -> io::Result<()> {
    let mut found_files = Vec::new();
    let mut found_folders = Vec::new();
    let mut found_unread = Vec::new();
    for item in fs::read_dir(folder)? {
        let item = item?;
        let path = item.path();
        // The name as the path holds it: no copy of its own.
        let file_name = path.file_name().unwrap_or_default().to_string_lossy();
        let hidden = file_name.starts_with('.');
        let kind = item.file_type()?;
        if kind.is_dir()
            && file_name.eq_ignore_ascii_case("sets")
            && crate::cards::lackey::holds_card_list(&path)
        {
            // A LackeyCCG plugin: a card database, whose lists and decks
            // are no rulings documents.
            return Ok(());
        }
        if kind.is_dir() && is_root && file_name.eq_ignore_ascii_case("cards") {
            // The card database's place in the user data folder.
            continue;
        }
        if kind.is_dir() && !hidden {
            found_folders.push(path);
        } else if !kind.is_dir() && is_document(&path) {
            // A link is followed: its target is the document.
            let meta = if !metadata {
                None
            } else if kind.is_symlink() {
                fs::metadata(&path).ok()
            } else {
                item.metadata().ok()
            };
            found_files.push((path, meta));
        } else if let (false, FileKind::Unread(what)) = (kind.is_dir(), kind_of(&path)) {
            found_unread.push((path, what));
        }
    }
    folders.extend(found_folders);
    listing.documents.extend(found_files);
    listing.unread.extend(found_unread);
    Ok(())
}

/// The path of `file` relative to `root`, with forward slashes.
pub fn relative_name(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}

pub use crate::convert::MAX_DOCUMENT_BYTES;

/// The documents bundled with this build, embedded at compile time (see
/// `build.rs`): file name and content.
mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
}

/// Where a corpus's documents come from: the documents bundled with the
/// build, and folders of the user's own, read in this order; a document
/// whose release id an earlier source already has replaces it (a user's
/// `1e-2014-11-03-crd.md` replaces the bundled one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sources {
    pub bundled: bool,
    pub folders: Vec<PathBuf>,
    /// The card database folder (see [`crate::cards`]), when there is one.
    pub cards: Option<PathBuf>,
}

impl Sources {
    /// One folder and nothing else.
    pub fn folder(root: &Path) -> Sources {
        Sources {
            bundled: false,
            folders: vec![root.to_path_buf()],
            cards: None,
        }
    }

    /// The sources for people: "bundled documents + /a/folder".
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.bundled {
            parts.push("the bundled documents".to_string());
        }
        parts.extend(self.folders.iter().map(|f| f.display().to_string()));
        parts.join(" + ")
    }
}

/// Where one document is.
enum Origin {
    Bundled(&'static [u8]),
    File(PathBuf),
}

/// The documents of the sources by name, and the folders skipped.
type Listed = (Vec<(String, Origin)>, Vec<DocumentError>);

/// Every document of the sources, by name, later sources replacing
/// earlier ones with the same release id; in corpus order (by name).
fn documents_of(sources: &Sources) -> Result<Listed, Error> {
    let mut by_id: HashMap<String, (usize, Vec<(String, Origin)>)> = HashMap::new();
    let mut add = |source: usize, name: String, origin: Origin| {
        let slot = by_id
            .entry(parse::release_id(&name))
            .or_insert_with(|| (source, Vec::new()));
        if slot.0 != source {
            *slot = (source, Vec::new());
        }
        slot.1.push((name, origin));
    };
    if sources.bundled {
        for (name, bytes) in bundled::BUNDLED {
            add(0, name.to_string(), Origin::Bundled(bytes));
        }
    }
    let mut skipped = Vec::new();
    for (i, folder) in sources.folders.iter().enumerate() {
        let listing = document_files(folder)?;
        for path in listing.documents {
            add(i + 1, relative_name(folder, &path), Origin::File(path));
        }
        skipped.extend(
            listing
                .unread
                .into_iter()
                .map(|(path, what)| DocumentError::Unread {
                    file: relative_name(folder, &path),
                    what,
                }),
        );
        skipped.extend(
            listing
                .skipped
                .into_iter()
                .map(|(path, source)| DocumentError::Folder {
                    file: relative_name(folder, &path),
                    source,
                }),
        );
    }
    let mut documents: Vec<(String, Origin)> =
        by_id.into_values().flat_map(|(_, docs)| docs).collect();
    documents.sort_by(|a, b| a.0.cmp(&b.0));
    Ok((documents, skipped))
}

/// What loading found of one document.
enum Found {
    /// Its reading, kept from an earlier load (with its source, and the
    /// key it was kept under).
    Kept(Box<kept::Reading>, Option<String>, String),
    /// Its bytes, to be read (with its source, and the key to keep its
    /// reading under).
    ToRead(Vec<u8>, Option<String>, Option<String>),
    /// Why it could not be read.
    Problem(crate::error::DocumentError),
}

/// Loads every document under `root` (and nothing else).
pub fn load(root: &Path) -> Result<Corpus, Error> {
    load_sources(&Sources::folder(root))
}

/// Loads every document of the sources: each read by its reader, or its
/// reading kept from an earlier load when its bytes did not change
/// ([`kept`]).
pub fn load_sources(sources: &Sources) -> Result<Corpus, Error> {
    let (documents, mut problems) = documents_of(sources)?;
    let mut per_id: HashMap<String, usize> = HashMap::new();
    for (name, _) in &documents {
        *per_id.entry(parse::release_id(name)).or_default() += 1;
    }
    let mut kept_readings = kept::Kept::open();
    // Every document's bytes first, so the PDFs and web pages not kept are
    // read together, in parallel within one time limit
    // (`convert::isolated`).
    let mut readings: Vec<Option<(kept::Reading, Option<String>)>> = vec![None; documents.len()];
    let mut keys: Vec<Option<String>> = vec![None; documents.len()];
    let mut read: Vec<(usize, Vec<u8>, Option<String>)> = Vec::new();
    let mut reused = 0;
    // On two threads: reading a kept reading is mostly parsing its JSON,
    // which 1,000 documents make a tenth of a second of.
    let found = crate::parallel::in_parallel(&documents, 2, |(name, origin)| {
        let (bytes, source) = match origin {
            Origin::Bundled(bytes) => (bytes.to_vec(), None),
            Origin::File(path) => match read_file(path, name) {
                Ok(bytes) => (bytes, Some(path.display().to_string())),
                Err(e) => return Found::Problem(e),
            },
        };
        let Some(kept) = kept_readings.as_ref() else {
            return Found::ToRead(bytes, source, None);
        };
        let key = kept.key(name, &bytes);
        match kept.get(&key, name) {
            Some(reading) => Found::Kept(Box::new(reading), source, key),
            None => Found::ToRead(bytes, source, Some(key)),
        }
    });
    for (order, found) in found.into_iter().enumerate() {
        match found {
            Found::Problem(e) => problems.push(e),
            Found::Kept(reading, source, key) => {
                if let Some(kept) = kept_readings.as_mut() {
                    kept.used(key);
                }
                readings[order] = Some((*reading, source));
                reused += 1;
            }
            Found::ToRead(bytes, source, key) => {
                keys[order] = key;
                read.push((order, bytes, source));
            }
        }
    }
    // What converting said of a document its reader then refused.
    let mut notes_of_refused: Vec<Vec<String>> = vec![Vec::new(); documents.len()];
    for (order, source, conversion) in convert_documents(&documents, read) {
        let name = &documents[order].0;
        let reading = conversion.and_then(|converted| {
            let reading = parse::read_document(name, &converted.markdown, order)
                .inspect_err(|_| notes_of_refused[order].clone_from(&converted.notes))?;
            let several_sections = reading
                .release
                .entries
                .iter()
                .any(|e| parse::base::section_numbers(&e.topic).len() > 1);
            Ok(kept::Reading::of(
                &reading.release,
                converted.notes,
                reading.found.date == parse::about::Source::FileName,
                matches!(
                    reading.found.edition,
                    parse::about::Source::Unknown | parse::about::Source::BothGames
                ),
                several_sections.then_some(converted.markdown),
            ))
        });
        match reading {
            Ok(reading) => {
                if let (Some(kept), Some(key)) = (kept_readings.as_mut(), &keys[order]) {
                    kept.put(key, name, &reading);
                }
                readings[order] = Some((reading, source));
            }
            Err(e) => problems.push(e),
        }
    }
    if let Some(kept) = &kept_readings {
        kept.prune();
    }
    let mut releases = Vec::new();
    let mut warnings = Vec::new();
    // The text of each document with a ruling on several numbered sections,
    // by release id: such a ruling is split by section once the bases are
    // known.
    let mut several_sections: HashMap<String, String> = HashMap::new();
    for (order, found) in readings.into_iter().enumerate() {
        warnings.append(&mut notes_of_refused[order]);
        let Some((reading, source)) = found else {
            continue;
        };
        let name = &documents[order].0;
        warnings.extend(reading.notes);
        // A document `rulings update` fetched is the tool's: what a TD can
        // do about it is fetch it again or report it, never edit it.
        let fetched = match &documents[order].1 {
            Origin::File(path) => fetched_by_update(path),
            Origin::Bundled(_) => false,
        };
        let mut release = reading.release;
        if reading.dated_by_name {
            // Never a silent guess: say where the date came from.
            let confirm = if fetched {
                FETCHED_ADVICE.to_string()
            } else {
                format!(
                    "add `date = \"{}\"` in a `+++` block at the top to confirm",
                    release.date
                )
            };
            warnings.push(format!(
                "{}: no date in the text; dated {} from the file name — {confirm}",
                escape_name(name),
                release.date
            ));
        }
        if release.is_undated() {
            // Read all the same; the TD is told how to date it.
            warnings.push(if fetched {
                format!(
                    "{}: no date found — undated; {FETCHED_ADVICE}; its rulings are shown, marked undated, and never weighed against dated ones",
                    escape_name(name)
                )
            } else {
                undated_warning(name)
            });
        }
        for p in release.front.iter().filter(|p| p.is_long()) {
            warnings.push(format!(
                "{}:{}: a paragraph of {} characters on {} line(s) went to the front matter, longer than a title block: no search finds its words ({})",
                escape_name(name),
                p.line,
                p.text.chars().count(),
                p.lines(),
                if fetched {
                    FETCHED_ADVICE
                } else {
                    "give any rulings in it heads"
                }
            ));
        }
        release.order = order;
        release.source = source;
        if per_id[&parse::release_id(name)] > 1 {
            // `a.md` and `a.txt` would share the id `a`: keep both apart.
            release.id = name.clone();
            for entry in &mut release.entries {
                entry.release = name.clone();
            }
        }
        if let Some(text) = reading.text {
            several_sections.insert(release.id.clone(), text);
        }
        if reading.edition_unknown && release.kind.is_tournament() {
            // The Organized Play Guide is both games': no guess to settle.
            releases.push(as_second_edition(&release));
        } else if reading.edition_unknown {
            // Never refused for it: read as both editions', and said.
            let settle = if fetched {
                FETCHED_ADVICE
            } else {
                "add `edition = \"1E\"` (or \"2E\") in a `+++` block at the top"
            };
            warnings.push(format!(
                "{}: cannot tell the edition (no front matter `edition`, the document names neither First nor Second Edition, and is no kind of document only one has): read as both editions'; {settle}",
                escape_name(name)
            ));
            releases.push(as_second_edition(&release));
        }
        releases.push(release);
    }
    parse::base::link_sections(&mut releases, &several_sections);
    let kept = reused;
    Ok(Corpus {
        sources: sources.clone(),
        releases,
        problems,
        warnings,
        cards: sources.cards.as_deref().map(crate::cards::lackey::read),
        kept,
    })
}

/// A release whose edition could not be told, as Second Edition's (its
/// First Edition reading is the release itself): its id marked so, so that
/// each reading's entries keep an identity of their own.
fn as_second_edition(release: &Release) -> Release {
    let mut second = release.clone();
    second.edition = Edition::Second;
    second.id = format!("{}{EDITION_UNKNOWN_2E}", release.id);
    for entry in &mut second.entries {
        entry.edition = Edition::Second;
        entry.release = second.id.clone();
    }
    second
}

/// What marks the Second Edition reading of a release whose edition could
/// not be told.
pub const EDITION_UNKNOWN_2E: &str = "@2e";

/// The documents read (by their order in `documents`), converted: text at
/// once, PDFs and web pages together in one batch.
fn convert_documents(
    documents: &[(String, Origin)],
    read: Vec<(usize, Vec<u8>, Option<String>)>,
) -> Vec<(
    usize,
    Option<String>,
    Result<convert::Converted, DocumentError>,
)> {
    let mut done = Vec::with_capacity(read.len());
    let mut batch = Vec::new();
    let mut batched = Vec::new();
    for (order, bytes, source) in read {
        let name = documents[order].0.clone();
        match format_of(&name) {
            Format::Text => {
                done.push((order, source, convert::convert(Format::Text, &name, bytes)))
            }
            format => {
                batched.push((order, source));
                batch.push(convert::isolated::Job {
                    format,
                    name,
                    bytes,
                });
            }
        }
    }
    for ((order, source), answer) in batched
        .into_iter()
        .zip(convert::isolated::convert_all(batch))
    {
        done.push((order, source, answer));
    }
    done.sort_by_key(|d| d.0);
    done
}

/// The format of a listed document, by its name (a file given by name
/// with no known extension is read as text).
pub fn format_of(name: &str) -> Format {
    Format::of(Path::new(name)).unwrap_or(Format::Text)
}

/// A document's bytes, read the one safe way (see [`crate::input`]): a
/// pipe, device, folder or file of `/proc` is refused, and no more than
/// [`MAX_DOCUMENT_BYTES`] are read whatever size the file reports.
pub fn read_file(path: &Path, name: &str) -> Result<Vec<u8>, DocumentError> {
    crate::input::read_capped(path, MAX_DOCUMENT_BYTES)
        .map_err(|refusal| DocumentError::refused(name, refusal, MAX_DOCUMENT_BYTES))
}

/// What every index-building command says of a document whose date cannot
/// be found: that it is read, undated, and how to date it.
pub fn undated_warning(name: &str) -> String {
    format!(
        "{}: {}; its rulings are shown, marked undated, and never weighed against dated ones",
        escape_name(name),
        undated_advice(name)
    )
}

/// What a TD can do about a document `rulings update` fetched that reads
/// with a warning: the file is the tool's, kept as the source gave it, so
/// editing it is never the advice.
pub const FETCHED_ADVICE: &str = "a document `rulings update` fetched: run `rulings update` again (a newer version may read clean), or report it; the file is kept as the source gave it, so do not edit it";

/// The record `rulings update` keeps in a folder it fetches into (its
/// `STATE_FILE`): named here, since the corpus is read before `update`.
pub const UPDATE_RECORD: &str = ".rulings-update.json";

/// Whether a file is one `rulings update` fetched: in a folder that holds
/// its record, named as it names what it keeps (`1e-glossary-1.9.9-2024-10-07.pdf`,
/// `1e-glossary-2024-05.pdf` for a month-only date, a reissue
/// `…-2024-10-07_002.pdf`, and the address's words of earlier versions,
/// `SLUG-YYYY-MM-DD.EXT`).
pub fn fetched_by_update(path: &Path) -> bool {
    static KEPT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^[a-z0-9][a-z0-9.-]*-\d{4}-\d{2}(?:-\d{2})?(?:_\d{3})?\.[a-z0-9]+$")
            .expect("valid regex")
    });
    let named = path
        .file_name()
        .is_some_and(|n| KEPT.is_match(&n.to_string_lossy()));
    named
        && path
            .parent()
            .is_some_and(|folder| folder.join(UPDATE_RECORD).is_file())
}

/// How to date a document whose date cannot be found, as `check` and the
/// index builds say it.
pub fn undated_advice(name: &str) -> String {
    format!(
        "date: none found — undated: add `date = \"YYYY-MM-DD\"` in a `+++` block at the top, or put the date in the file name ({})",
        dated_file_name(name)
    )
}

/// The file name, with `-YYYY-MM-DD` before its extension: a name that
/// dates the document.
pub fn dated_file_name(name: &str) -> String {
    let base = name.rsplit('/').next().unwrap_or(name);
    let dated = match base.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem}-YYYY-MM-DD.{ext}"),
        _ => format!("{base}-YYYY-MM-DD"),
    };
    escape_name(&dated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_update_keeps_are_known_by_name_beside_its_record() {
        let folder = tempfile::tempdir().unwrap();
        std::fs::write(folder.path().join(UPDATE_RECORD), "{}").unwrap();
        let kept = |name: &str| fetched_by_update(&folder.path().join(name));
        assert!(kept("1e-glossary-1.9.9-2024-10-07.pdf"));
        assert!(kept("1e-glossary-1.9.0-2021-11.txt"));
        assert!(kept("1e-rrd-2024-06-03_002.html"));
        assert!(kept("127-0-0-1-8000-files-glossary-2024-10-01.pdf"));
        assert!(!kept("glossary.pdf"));
        assert!(!kept(".1e-rrd-2024-06-03.pdf"));
        let elsewhere = tempfile::tempdir().unwrap();
        assert!(!fetched_by_update(
            &elsewhere.path().join("1e-rrd-2024-06-03.pdf")
        ));
    }

    #[test]
    fn documents_sort_as_paths_do() {
        let paths: Vec<PathBuf> = [
            "/c/a.b",
            "/c/a/b.md",
            "/c/a-b.md",
            "/c/B.md",
            "/c/a",
            "/c/ä.md",
            "/c/a/a.md",
            "/c/z",
        ]
        .into_iter()
        .map(PathBuf::from)
        .collect();
        let mut by_path = paths.clone();
        by_path.sort();
        let mut by_key = paths;
        by_key.sort_by_cached_key(|p| path_order(p));
        assert_eq!(by_key, by_path);
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_is_skipped_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("a.md"),
            "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\nfaction – There are 3 factions.\n",
        )
        .unwrap();
        let fifo = dir.path().join("pipe.md");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to check
        }
        // Were the pipe opened to wait for a writer, this would wait forever.
        let corpus = load(dir.path()).unwrap();
        assert_eq!(corpus.releases.len(), 1);
        assert!(matches!(
            corpus.problems.as_slice(),
            [DocumentError::NotRegular { file }] if file == "pipe.md"
        ));
    }

    #[test]
    fn documents_are_md_txt_and_html_but_not_readmes() {
        assert!(is_document(Path::new("rulings/1e.md")));
        assert!(is_document(Path::new("rulings/2e.htm")));
        assert!(is_document(Path::new("rulings/raw.TXT")));
        assert!(!is_document(Path::new("rulings/README.md")));
        // A PDF is listed, to be converted or named as not read.
        assert!(is_document(Path::new("rulings/notes.pdf")));
        assert!(!is_document(Path::new("rulings/notes.docx")));
        assert!(!is_document(Path::new("rulings/notes.json")));
        assert!(!is_document(Path::new("rulings/.hidden.md")));
    }
}
