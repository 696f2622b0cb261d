//! `rulings check [FILE|DIR]…`: how each document was read, before a TD
//! relies on it. For every document: edition, date and kind with where each
//! was found, the shape it was read in, its entries with their lines, what
//! went to the front matter, and warnings — each a typed [`Warning`], worded
//! in English only here, at the edge, with the front-matter hint that would
//! settle it where one would; for a converted document (a web page), what
//! the conversion found (bold heads, colored runs, icons) and dropped (site
//! chrome); and the files of a folder that are not read (a Word document, an
//! image), with what to do. `--markdown` prints the Markdown each document
//! was read as instead. Exit status 0 clean, 1 warnings (or files not read),
//! 2 a document could not be read.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::convert::{self, FileKind};
use crate::corpus;
use crate::error::{DocumentError, Unread};
use crate::model::Release;
use crate::output::Out;
use crate::parse::about::{best_date, DatePlace, Source};
use crate::parse::flow::Furniture;
use crate::parse::heads::Rejection;
use crate::parse::warnings::{warnings, Warning};
use crate::parse::{read_document, Reading};
use crate::safe::{escape_name, sanitize};
use crate::topic::TopicKey;

mod plain;
use plain::*;

impl Warning {
    pub fn line(&self) -> Option<usize> {
        match self {
            Warning::OutOfOrder { line, .. }
            | Warning::LongTopic { line, .. }
            | Warning::TopicContainsSee { line, .. }
            | Warning::DanglingReference { line, .. }
            | Warning::MarkedButUnchanged { line, .. }
            | Warning::HeadNotTaken { line, .. }
            | Warning::LongFrontMatter { line, .. } => Some(*line),
            Warning::DateFromFileName | Warning::Undated => None,
        }
    }

    /// The front-matter line that would settle the warning, where one would.
    pub fn hint(&self) -> Option<String> {
        match self {
            Warning::HeadNotTaken {
                why: Rejection::MidParagraph,
                ..
            } => Some("separator = \"line\"".into()),
            Warning::HeadNotTaken {
                why: Rejection::NoBody,
                ..
            } => Some("heads = \"line\"".into()),
            Warning::LongTopic { .. } | Warning::TopicContainsSee { .. } => {
                Some("heads = \"colon\" (or \"dash\", whichever the document prints)".into())
            }
            Warning::DateFromFileName | Warning::Undated => Some("date = \"YYYY-MM-DD\"".into()),
            _ => None,
        }
    }

    /// The warning in English.
    pub fn describe(&self) -> String {
        match self {
            Warning::OutOfOrder { topic, after, .. } => format!(
                "head \"{topic}\" is out of alphabetical order (after \"{after}\")"
            ),
            Warning::LongTopic { topic, .. } => {
                format!("topic \"{topic}\" is longer than a topic should be")
            }
            Warning::TopicContainsSee { topic, .. } => {
                format!("topic \"{topic}\" contains \"See\": a reference read as part of a head")
            }
            Warning::DanglingReference {
                topic, reference, ..
            } => format!(
                "\"{topic}\" refers to \"{reference}\", which no checked document has and no base document the release amends explains"
            ),
            Warning::MarkedButUnchanged {
                topic, previous, ..
            } => format!(
                "\"{topic}\" is marked new or changed, but {previous} printed the same text"
            ),
            Warning::HeadNotTaken { text, why, .. } => {
                let reason = match why {
                    Rejection::MidParagraph => "it sits inside a paragraph",
                    Rejection::ContinuesSentence => "it finishes the sentence before it",
                    Rejection::NoBody => "no body follows it",
                    Rejection::OutOfOrder => "it breaks the document's alphabetical order",
                    Rejection::Quoted => "it follows text that announces a quotation",
                    Rejection::Summary => "it sums up another entry in a list of changes",
                };
                format!("looks like a head but was not taken ({reason}): {text}")
            }
            Warning::DateFromFileName => {
                "the text gives no date: the date was taken from the file name".into()
            }
            // `report` names the file in the name that would date it.
            Warning::Undated => crate::corpus::undated_advice("…"),
            Warning::LongFrontMatter {
                line,
                end_line,
                chars,
            } => format!(
                "a paragraph of {chars} characters on {} line(s) went to the front matter, longer than a title block: no search finds its words (give any rulings in it heads)",
                end_line + 1 - line
            ),
        }
    }
}

#[derive(Debug, Serialize)]
struct Found<T: Serialize> {
    value: T,
    found: Source,
    /// The words of the line that decided it, where that line is a base
    /// document's title ("GLOSSARY" under banners).
    #[serde(skip_serializing_if = "Option::is_none")]
    cue: Option<String>,
}

#[derive(Debug, Serialize)]
struct DateSeen {
    date: String,
    /// Printed as a month: the day was not given.
    month_only: bool,
    place: DatePlace,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// Printed citing another document: never the document's own.
    cited: bool,
    taken: bool,
}

#[derive(Debug, Serialize)]
struct EntryLine {
    line: usize,
    topic: String,
    kind: String,
    new: bool,
    see: Vec<String>,
}

#[derive(Debug, Serialize)]
struct FrontLines {
    line: usize,
    end_line: usize,
}

#[derive(Debug, Serialize)]
struct FurnitureLine {
    line: usize,
    why: Furniture,
}

#[derive(Debug, Serialize)]
struct WarningOut {
    line: Option<usize>,
    message: String,
    hint: Option<String>,
    #[serde(flatten)]
    warning: Warning,
}

#[derive(Debug, Serialize)]
struct DocumentReport {
    file: String,
    /// What converting the document found.
    source: convert::Report,
    edition: Found<String>,
    date: Found<String>,
    kind: Found<String>,
    /// Every date that could be the document's own, and which was taken.
    dates: Vec<DateSeen>,
    style: crate::parse::Style,
    /// What a base document held, by shape (absent for a rulings document).
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<crate::parse::base::BaseCounts>,
    entries: Vec<EntryLine>,
    front: Vec<FrontLines>,
    furniture: Vec<FurnitureLine>,
    warnings: Vec<WarningOut>,
}

#[derive(Debug, Serialize)]
struct Unreadable {
    file: String,
    message: String,
}

/// A file of a folder checked that is in a format not read.
#[derive(Debug, Serialize)]
struct NotRead {
    file: String,
    format: Unread,
    message: String,
}

#[derive(Debug, Serialize)]
struct Report {
    documents: Vec<DocumentReport>,
    not_read: Vec<NotRead>,
    unreadable: Vec<Unreadable>,
}

impl NotRead {
    fn new(file: String, what: Unread) -> NotRead {
        let error = DocumentError::Unread { file, what };
        NotRead {
            file: error.file().to_string(),
            format: what,
            message: error.to_string(),
        }
    }
}

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

/// The exit status of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckOutcome {
    Clean,
    Warnings,
    Unreadable,
}

/// The documents a check covers: each file given, and every document under
/// each folder given, named as the user would find them.
fn documents(paths: &[PathBuf]) -> (Vec<(PathBuf, String)>, Vec<NotRead>, Vec<Unreadable>) {
    let mut found = Vec::new();
    let mut not_read = Vec::new();
    let mut unreadable = Vec::new();
    let mut unread = |file: String, what: Unread| not_read.push(NotRead::new(file, what));
    for path in paths {
        if path.is_dir() {
            match corpus::document_files(path) {
                Ok(listing) => {
                    let named = |f: &Path| {
                        Path::new(&path.file_name().unwrap_or_default())
                            .join(corpus::relative_name(path, f))
                            .to_string_lossy()
                            .replace('\\', "/")
                    };
                    for f in listing.documents {
                        let name = named(&f);
                        found.push((f, name));
                    }
                    for (f, what) in listing.unread {
                        unread(named(&f), what);
                    }
                    for (folder, source) in listing.skipped {
                        let error = DocumentError::Folder {
                            file: named(&folder),
                            source,
                        };
                        unreadable.push(Unreadable {
                            file: error.file().to_string(),
                            message: error.to_string(),
                        });
                    }
                }
                Err(e) => unreadable.push(Unreadable {
                    file: path.display().to_string(),
                    message: e.to_string(),
                }),
            }
        } else if let FileKind::Unread(what) = convert::kind_of(path) {
            unread(path.display().to_string(), what);
        } else {
            found.push((path.clone(), path.display().to_string()));
        }
    }
    (found, not_read, unreadable)
}

/// Checks the documents at `paths` and writes the report to `out`.
pub fn run(
    paths: &[PathBuf],
    show: Show,
    out: &mut Out<impl Write>,
    err: &mut Out<impl Write>,
) -> anyhow::Result<CheckOutcome> {
    let (files, mut not_read, mut unreadable) = documents(paths);
    let mut readings: Vec<(Reading, String, convert::Report)> = Vec::new();
    for (order, (path, name)) in files.iter().enumerate() {
        let bytes = match corpus::read_file(path, name) {
            Ok(b) => b,
            Err(e) => {
                unreadable.push(Unreadable {
                    file: name.clone(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        let converted = match convert::convert(corpus::format_of(name), name, bytes) {
            Ok(converted) => converted,
            Err(DocumentError::Unread { file, what }) => {
                not_read.push(NotRead::new(file, what));
                continue;
            }
            Err(e) => {
                unreadable.push(Unreadable {
                    file: name.clone(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        if show == Show::Markdown {
            if files.len() > 1 {
                out.line(&format!("==> {} <==", escape_name(name)))?;
            }
            // The document's own text: what `--markdown` shows of it must
            // not drive the terminal any more than an answer may.
            out.text(&sanitize(&converted.markdown))?;
            if files.len() > 1 {
                out.line("")?;
            }
        }
        match read_document(name, &converted.markdown, order) {
            Ok(reading) => readings.push((reading, name.clone(), converted.report)),
            Err(e) => unreadable.push(Unreadable {
                file: name.clone(),
                message: e.to_string(),
            }),
        }
    }
    let topics: HashSet<TopicKey> = readings
        .iter()
        .flat_map(|(r, _, _)| r.release.entries.iter().map(|e| e.key.clone()))
        .collect();
    let releases: Vec<&Release> = readings.iter().map(|(r, _, _)| &r.release).collect();
    let documents: Vec<DocumentReport> = readings
        .iter()
        .map(|(reading, name, source)| report(reading, name, source, &topics, &releases))
        .collect();
    let report = Report {
        documents,
        not_read,
        unreadable,
    };
    match show {
        Show::Json => out.json(&report)?,
        Show::Plain => {
            let mut plain = Vec::new();
            write_plain(&report, &mut plain)?;
            out.text(&String::from_utf8_lossy(&plain))?;
        }
        Show::Markdown => {
            // The Markdown is the answer; what could not be read still says so.
            for n in &report.not_read {
                err.line(&format!("warning: not read: {}", sanitize(&n.message)))?;
            }
            for u in &report.unreadable {
                err.line(&format!("unreadable: {}", sanitize(&u.message)))?;
            }
        }
    }
    Ok(if !report.unreadable.is_empty() {
        CheckOutcome::Unreadable
    } else if !report.not_read.is_empty() || report.documents.iter().any(|d| !d.warnings.is_empty())
    {
        CheckOutcome::Warnings
    } else {
        CheckOutcome::Clean
    })
}

fn report(
    reading: &Reading,
    name: &str,
    source: &convert::Report,
    topics: &HashSet<TopicKey>,
    releases: &[&Release],
) -> DocumentReport {
    let release = &reading.release;
    DocumentReport {
        file: name.to_string(),
        source: source.clone(),
        edition: Found {
            value: release.edition.label().to_string(),
            found: reading.found.edition.clone(),
            cue: None,
        },
        date: Found {
            value: if release.is_undated() {
                "undated".to_string()
            } else {
                release.date.to_string()
            },
            found: reading.found.date.clone(),
            cue: None,
        },
        kind: Found {
            value: release.kind.label().to_string(),
            found: reading.found.kind.clone(),
            cue: kind_cue(release, &reading.found.kind),
        },
        dates: {
            let taken = best_date(&reading.found.dates);
            reading
                .found
                .dates
                .iter()
                .map(|c| DateSeen {
                    date: c.date.to_string(),
                    month_only: c.month_only,
                    place: c.place,
                    line: c.line,
                    cited: c.cited,
                    taken: taken.is_some_and(|t| std::ptr::eq(t, c)),
                })
                .collect()
        },
        style: reading.style,
        base: reading.base,
        entries: release
            .entries
            .iter()
            .map(|e| EntryLine {
                line: e.line,
                topic: e.topic.clone(),
                kind: e.kind.label().to_string(),
                new: e.new,
                see: e.see.clone(),
            })
            .collect(),
        front: release
            .front
            .iter()
            .map(|p| FrontLines {
                line: p.line,
                end_line: p.end_line,
            })
            .collect(),
        furniture: reading
            .furniture
            .iter()
            .map(|(line, why)| FurnitureLine {
                line: *line,
                why: *why,
            })
            .collect(),
        warnings: warnings(reading, topics, releases)
            .into_iter()
            .map(|w| WarningOut {
                line: w.line(),
                message: match w {
                    Warning::Undated => crate::corpus::undated_advice(name),
                    _ => w.describe(),
                },
                hint: w.hint(),
                warning: w,
            })
            .collect(),
    }
}
