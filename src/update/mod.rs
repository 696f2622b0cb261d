//! `rulings update`: the documents in force fetched into the corpus folder,
//! each read before it is kept, and kept beside the versions before it.
//!
//! Nothing is lost, ever: a document is written to a hidden temporary file
//! in the corpus folder, read by the same readers as every document, and
//! added only if it reads as a dated document with entries (of the same
//! edition and kind as the version before it, and not older than it where
//! its date has come). A changed document is added beside the previous
//! version, never over it, and a document whose bytes are kept already is
//! never kept again; files are named by the tool (what the document is,
//! see [`series`]), never by the server or the address; nothing is written
//! outside the folder, and nothing in it is removed but the tool's own
//! temporary files that a stopped run left. Two runs at once take turns (a
//! lock file in the folder). A document from an address the record does
//! not know continues the newest kept version of its series, and the
//! record keeps what each run changed ([`last_run`]).

mod cards;
pub mod changes;
pub mod fetch;
pub mod follow;
mod keep;
mod lock;
mod series;
pub mod sources;
mod state;

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::cite::{document_name, Named};
use crate::convert::Format;
use crate::model::{Edition, Release, ReleaseKind};
pub use changes::Changes;
use changes::{Reworded, RunRecord};
use fetch::{Fetch, Validators};
use keep::{already_kept, is_issue_of, is_named_for, keep, keep_original};
use series::Version;
pub use sources::Source;
use state::{load_state, Kept, State};
pub use state::{MAX_STATE_BYTES, MOST_RUNS};

/// Where a run keeps what each address gave last (validators, the file it
/// became, a hash of its bytes), what each kept file is, and what the last
/// runs changed: hidden, so no corpus reads it.
pub const STATE_FILE: &str = crate::corpus::UPDATE_RECORD;
/// The lock two runs take turns on.
const LOCK_FILE: &str = ".rulings-update.lock";
/// The originals of documents kept as read (a source that names the
/// edition or kind the document does not say).
const ORIGINALS: &str = ".originals";

/// What became of one document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    New,
    Changed,
    Unchanged,
    Failed,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Changed => "changed",
            Status::Unchanged => "unchanged",
            Status::Failed => "failed",
        }
    }
}

/// The version a new one changed: its file, and its name where it reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Previous {
    pub file: String,
    pub name: Option<String>,
}

/// One document fetched.
#[derive(Debug, Clone, Serialize)]
pub struct Fetched {
    pub url: String,
    pub status: Status,
    /// The file it is kept as, relative to the corpus folder.
    pub file: Option<String>,
    /// Why it failed.
    pub reason: Option<String>,
    /// What it is, as a TD names it ("Glossary 1.9.9"), where it was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<ReleaseKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries: Option<usize>,
    /// The version before it (a changed document), from this address or
    /// another of the same series.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<Previous>,
    /// Against the version before it (a changed document).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Changes>,
    /// What is doubtful about a document kept (a date after today).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// A page read only for its links, and what came of it.
#[derive(Debug, Clone, Serialize)]
pub struct Page {
    pub url: String,
    /// The links whose words matched, each fetched as a document.
    pub followed: usize,
    /// Why nothing was followed (the page failed, or no link matched).
    pub reason: Option<String>,
    /// What was left out, not a failure: links past the bound, links
    /// with a password.
    pub notes: Vec<String>,
}

/// A run's outcome.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Run {
    pub documents: Vec<Fetched>,
    pub pages: Vec<Page>,
    /// What the run could not do for the folder as a whole (its record
    /// unreadable or unsaved), each said once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

impl Run {
    pub fn failed(&self) -> bool {
        self.documents.iter().any(|d| d.status == Status::Failed)
            || self.pages.iter().any(|p| p.reason.is_some())
    }
}

/// What a run was asked.
pub struct Options {
    /// Bounds each address's whole exchange.
    pub timeout: Duration,
    /// The day the documents are fetched on.
    pub today: NaiveDate,
}

/// Where a fetched file came from and when, for `releases` to say: the
/// folder's record, by file name.
pub fn provenance(folder: &Path) -> BTreeMap<String, (String, NaiveDate)> {
    load_state(folder)
        .documents
        .into_iter()
        .map(|(url, kept)| (kept.file, (url, kept.fetched)))
        .collect()
}

/// The last run of `rulings update` into `folder` that kept anything, by
/// its record: `None` when none is recorded (no run yet, or only runs of a
/// tool that kept no outcome); why not when the record cannot be read.
pub fn last_run(folder: &Path) -> Result<Option<RunRecord>, String> {
    let state = state::read_state(&folder.join(STATE_FILE))
        .map_err(|why| format!("{STATE_FILE} could not be read ({why})"))?;
    Ok(state.runs.into_iter().last())
}

/// Where `rulings update` fetched each release's file from and when, by
/// its folder's record (each folder's read once); `None` for a release it
/// did not fetch.
pub fn fetched_all(releases: &[crate::model::ReleaseInfo]) -> Vec<Option<(String, NaiveDate)>> {
    let mut records: std::collections::HashMap<PathBuf, BTreeMap<String, (String, NaiveDate)>> =
        std::collections::HashMap::new();
    releases
        .iter()
        .map(|r| {
            let path = Path::new(r.source.as_deref()?);
            let folder = path.parent()?;
            let name = path.file_name()?.to_string_lossy().into_owned();
            records
                .entry(folder.to_path_buf())
                .or_insert_with(|| provenance(folder))
                .get(&name)
                .cloned()
        })
        .collect()
}

/// What a run says as it goes.
pub enum Progress<'a> {
    /// Another run holds the folder's lock: this one waits its turn (up
    /// to its time limit).
    Waiting,
    /// A document's outcome.
    Fetched(&'a Fetched),
}

/// Fetches every source into `folder`, saying each document's outcome to
/// `progress` as it comes.
pub fn run(
    folder: &Path,
    sources: &[Source],
    options: &Options,
    mut progress: impl FnMut(Progress<'_>),
) -> std::io::Result<Run> {
    fs::create_dir_all(folder)?;
    let lock = lock::take(&folder.join(LOCK_FILE), options.timeout, || {
        progress(Progress::Waiting)
    })?;
    keep::remove_stale_temporaries(folder);
    let agent = fetch::agent(options.timeout);
    let mut state = load_state(folder);
    let mut run = Run::default();
    // Each document's outcome, and how its changed topics changed.
    let mut outcomes: Vec<(Fetched, Vec<Reworded>)> = Vec::new();
    let mut done: HashSet<String> = HashSet::new();
    for source in sources {
        let (targets, agent) = match &source.follow {
            None => (vec![source.url.clone()], agent.clone()),
            Some(follow) => {
                let (targets, page) = follow::followed(&agent, source, follow);
                run.pages.push(page);
                // A link on the page's site stays there through redirects.
                let on_site = if source.other_sites {
                    agent.clone()
                } else {
                    agent.staying_on_site()
                };
                (targets, on_site)
            }
        };
        for url in targets {
            if !done.insert(follow::document_key(&url)) {
                continue;
            }
            let mut reworded = Vec::new();
            let fetched = one(
                &agent,
                folder,
                &url,
                source,
                &mut state,
                options,
                &mut reworded,
            );
            progress(Progress::Fetched(&fetched));
            outcomes.push((fetched, reworded));
        }
    }
    // A run that kept nothing leaves the folder, its record too, as it was.
    let record = RunRecord::of(options.today, &outcomes);
    if !record.documents.is_empty() {
        state.record_run(folder, record);
    }
    run.documents = outcomes.into_iter().map(|(fetched, _)| fetched).collect();
    run.warnings.extend(state.trouble);
    drop(lock);
    Ok(run)
}

/// One document: fetched, read, and kept or refused; how its changed
/// topics changed goes to `reworded`.
fn one(
    agent: &fetch::Agent,
    folder: &Path,
    url: &str,
    source: &Source,
    state: &mut State,
    options: &Options,
    reworded: &mut Vec<Reworded>,
) -> Fetched {
    let mut fetched = Fetched {
        url: url.to_string(),
        status: Status::Failed,
        file: None,
        reason: None,
        name: None,
        edition: None,
        kind: None,
        date: None,
        entries: None,
        previous: None,
        changes: None,
        warnings: Vec::new(),
    };
    // The version before, while its file is still there.
    let before = state
        .documents
        .get(url)
        .filter(|k| folder.join(&k.file).is_file())
        .cloned();
    let known = before
        .as_ref()
        .map_or_else(Validators::default, |k| Validators {
            etag: k.etag.clone(),
            last_modified: k.last_modified.clone(),
        });
    let (bytes, final_url, content_type, validators) = match fetch::get(agent, url, &known) {
        Ok(Fetch::NotModified) => {
            return unchanged(fetched, before.as_ref(), folder);
        }
        Ok(Fetch::Body {
            bytes,
            url,
            content_type,
            validators,
        }) => (bytes, url, content_type, validators),
        Err(why) => {
            fetched.reason = Some(why);
            return fetched;
        }
    };
    let hash = hash_of(&bytes);
    if source.cards {
        return cards::card_list(
            fetched,
            folder,
            url,
            &bytes,
            (before.as_ref(), hash, validators),
            state,
            options,
        );
    }
    if let Some(kept) = before.as_ref().filter(|k| k.hash == hash) {
        let mut kept = kept.clone();
        kept.etag = validators.etag;
        kept.last_modified = validators.last_modified;
        state.remember(folder, url, kept);
        return unchanged(fetched, before.as_ref(), folder);
    }
    if bytes.is_empty() {
        fetched.reason = Some("the server sent an empty document".into());
        return fetched;
    }
    // The very bytes another address gave (a document that moved), or
    // kept already under the name an older tool gave this address's
    // documents (the record lost, damaged, or older than the folder).
    let slug = slug(url);
    let found = state.holding(folder, &hash).or_else(|| {
        already_kept(folder, |name| is_named_for(name, &slug), &hash)
            .map(|file| Kept::now(file, Validators::default(), hash.clone(), options))
    });
    if let Some(mut kept) = found {
        kept.etag = validators.etag;
        kept.last_modified = validators.last_modified;
        kept.fetched = options.today;
        state.remember(folder, url, kept.clone());
        return unchanged(fetched, Some(&kept), folder);
    }
    let format = format_of(content_type.as_deref(), &final_url, &bytes);
    let Some(format) = format else {
        fetched.reason = Some(format!(
            "not a document ({})",
            content_type.as_deref().unwrap_or("no content type")
        ));
        return fetched;
    };
    let read = match read(&bytes, format, &format!("{slug}.{}", extension(format))) {
        Ok(read) => read,
        Err(why) => {
            fetched.reason = Some(why);
            return fetched;
        }
    };
    let (release, edition_told, short) = read;
    fetched.warnings.extend(short);
    let edition = source
        .edition
        .filter(|_| !edition_told)
        .unwrap_or(release.edition);
    let kind = source.kind.unwrap_or(release.kind);
    // What it is, with what its source says of it.
    let named = Named {
        edition,
        kind,
        ..release.named()
    };
    let stem = series::file_stem(named);
    let version = Version::of(named);
    fetched.name = Some(version.name.clone());
    fetched.edition = Some(edition);
    fetched.kind = Some(kind);
    fetched.date = Some(release.date);
    fetched.entries = Some(release.entries.len());
    // Kept already under the name of what it is, whatever the record says.
    if let Some(file) = already_kept(folder, |name| is_issue_of(name, &stem), &hash) {
        let mut kept = Kept::now(file, validators, hash, options);
        kept.version = Some(version);
        state.remember(folder, url, kept.clone());
        return unchanged(fetched, Some(&kept), folder);
    }
    if release.date > options.today {
        fetched.warnings.push(format!(
            "it is dated {}, after today ({}): kept, but doubtful; a later version is never refused for it",
            release.date, options.today
        ));
    }
    // The version before: this address's, else the newest of its series
    // the folder keeps from any address.
    let before = before.or_else(|| state.latest(folder, &version.series));
    // Against it: the same edition and kind, not older (than a date
    // already come: one after today is doubtful).
    let previous = before
        .as_ref()
        .and_then(|k| read_file(&folder.join(&k.file)));
    if let Some(previous) = &previous {
        if previous.edition != edition || previous.kind != kind {
            fetched.reason = Some(format!(
                "it reads as {} {}, the version kept as {} {}: kept the version before",
                edition.label(),
                kind.label(),
                previous.edition.label(),
                previous.kind.label()
            ));
            return fetched;
        }
        if release.date < previous.date && previous.date <= options.today {
            fetched.reason = Some(format!(
                "it is dated {}, older than the version kept ({}, {}): kept the version before",
                release.date,
                document_name(previous.named()),
                previous.date
            ));
            return fetched;
        }
        let (changes, how) = changes::compare(previous, &release);
        fetched.changes = Some(changes);
        *reworded = how;
    }
    fetched.previous = before.as_ref().map(|k| Previous {
        file: k.file.clone(),
        name: previous.as_ref().map(|r| document_name(r.named())),
    });
    // Kept as fetched; or, where the source names what the document does
    // not say, as read with it said (the original kept beside, hidden).
    let declared = (source.edition.is_some() && !edition_told) || source.kind.is_some();
    let (body, ext) = if declared {
        let markdown = match crate::convert::convert(format, "fetched", bytes.clone()) {
            Ok(c) => c.markdown,
            Err(e) => {
                fetched.reason = Some(e.to_string());
                return fetched;
            }
        };
        (with_front_matter(&markdown, edition, kind, url), "md")
    } else {
        (bytes.clone(), extension(format))
    };
    let name = match keep(folder, &stem, ext, &body) {
        Ok(name) => name,
        Err(e) => {
            fetched.reason = Some(format!("could not be written: {e}"));
            return fetched;
        }
    };
    if declared {
        let _ = keep_original(folder, &name, &bytes);
    }
    fetched.status = if before.is_some() {
        Status::Changed
    } else {
        Status::New
    };
    fetched.file = Some(name.clone());
    let mut kept = Kept::now(name, validators, hash, options);
    kept.version = Some(version);
    state.remember(folder, url, kept);
    fetched
}

fn unchanged(mut fetched: Fetched, before: Option<&Kept>, folder: &Path) -> Fetched {
    let Some(kept) = before else {
        fetched.reason = Some("the server answered 304 to a first request".into());
        return fetched;
    };
    fetched.status = Status::Unchanged;
    fetched.file = Some(kept.file.clone());
    if let Some(release) = read_file(&folder.join(&kept.file)) {
        fetched.name = Some(document_name(release.named()));
        fetched.edition = Some(release.edition);
        fetched.kind = Some(release.kind);
        fetched.date = Some(release.date);
        fetched.entries = Some(release.entries.len());
    }
    fetched
}

/// What a body is: a PDF by its signature, whatever the server calls it;
/// else by its content type, then its address, then its first bytes;
/// `None` for what is no document (an image, an archive).
fn format_of(content_type: Option<&str>, url: &str, bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"%PDF-") {
        return Some(Format::Pdf);
    }
    let mime = content_type
        .and_then(|c| c.split(';').next())
        .map(|c| c.trim().to_ascii_lowercase());
    match mime.as_deref() {
        Some("application/pdf") => return Some(Format::Pdf),
        Some("text/html" | "application/xhtml+xml") => return Some(Format::Html),
        Some("text/plain" | "text/markdown") => return Some(Format::Text),
        // An image, an archive, audio: no document, whatever its name.
        Some(m) if !m.starts_with("text/") && m != "application/octet-stream" => return None,
        _ => {}
    }
    if bytes.starts_with(b"%PDF") {
        return Some(Format::Pdf);
    }
    let path = url.split(['?', '#']).next().unwrap_or(url);
    if let Some(format) = Format::of(Path::new(path)) {
        return Some(format);
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    if head.contains("<html") || head.contains("<!doctype html") {
        return Some(Format::Html);
    }
    (mime.is_none() || mime.as_deref().is_some_and(|m| m.starts_with("text/")))
        .then_some(Format::Text)
}

fn extension(format: Format) -> &'static str {
    match format {
        Format::Text => "txt",
        Format::Html => "html",
        Format::Pdf => "pdf",
    }
}

/// Reads a fetched body as the corpus would: a dated document with
/// entries, or why not. Gives the release and whether the document told
/// its edition itself, and where the reading falls short of what the
/// document prints about itself (its contents, its numbering).
fn read(bytes: &[u8], format: Format, name: &str) -> Result<(Release, bool, Vec<String>), String> {
    let converted =
        crate::convert::convert(format, name, bytes.to_vec()).map_err(|e| e.to_string())?;
    let reading = crate::parse::read_document(name, &converted.markdown, 0).map_err(|e| {
        format!("it does not read as a rulings document ({e}); an error or login page?")
    })?;
    if reading.release.entries.is_empty() {
        return Err("it holds no entries: an error or login page?".into());
    }
    if reading.release.is_undated() {
        return Err("no date found in it; an error page, or a page that moved?".into());
    }
    let told = reading.found.edition != crate::parse::about::Source::Unknown;
    let mut evidence = crate::parse::evidence::evidence(&converted.markdown, &reading);
    if let Some(h) = converted.report.history {
        evidence = evidence.with_history(h.versions, h.printed);
    }
    let short = crate::parse::warnings::read_short(&evidence)
        .iter()
        .filter_map(crate::parse::warnings::Warning::sentence)
        .collect();
    Ok((reading.release, told, short))
}

/// A kept file read again (the version before a new one).
fn read_file(path: &Path) -> Option<Release> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let bytes = crate::corpus::read_file(path, &name).ok()?;
    let format = crate::corpus::format_of(&name);
    let converted = crate::convert::convert(format, &name, bytes).ok()?;
    crate::parse::read_document(&name, &converted.markdown, 0)
        .ok()
        .map(|r| r.release)
}

/// A name for the documents of an address: its site and path in
/// lowercase words (`trekcc-org-1e-rulechanges`). An older tool named the
/// files it kept by it; it is still the name a fetched document is read
/// under (an address may print its date).
fn slug(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    // The extension is the tool's, by what the body is.
    let rest = match rest.rsplit_once('.') {
        Some((stem, ext)) if !ext.contains('/') && ext.len() <= 5 && stem.contains('/') => stem,
        _ => rest,
    };
    let mut slug = String::new();
    for c in rest.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let slug: String = slug.chars().take(MAX_SLUG).collect();
    if slug.is_empty() {
        "document".into()
    } else {
        slug.trim_end_matches('-').to_string()
    }
}

const MAX_SLUG: usize = 60;

/// A fetched document's Markdown with what its source says of it: the
/// conversion's own front matter (a rule history's date and order) kept,
/// the source's edition and kind over it, and the address it came from as
/// a comment, for a front matter names no key the reader does not know.
fn with_front_matter(markdown: &str, edition: Edition, kind: ReleaseKind, url: &str) -> Vec<u8> {
    let (mut table, body) = match markdown.strip_prefix("+++\n").and_then(|rest| {
        let (head, body) = rest.split_once("\n+++\n")?;
        Some((head.parse::<toml::Table>().ok()?, body))
    }) {
        Some((table, body)) => (table, body),
        None => (toml::Table::new(), markdown),
    };
    table.insert("edition".into(), edition.label().into());
    table.insert("kind".into(), kind.label().into());
    let url: String = url.chars().filter(|c| !c.is_control()).collect();
    let body = body.strip_prefix('\n').unwrap_or(body);
    format!("+++\n# source: {url}\n{table}+++\n\n{body}").into_bytes()
}

fn hash_of(bytes: &[u8]) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    format!("{:016x}-{}", hasher.finish(), bytes.len())
}

#[cfg(test)]
mod tests;
