//! `rulings check`'s answer: how each document was read, before a TD
//! relies on it. For every document: edition, date and kind with where each
//! was found, the shape it was read in, its entries with their lines, what
//! went to the front matter, and warnings as typed [`Warning`]s; for a
//! converted document (a web page, a PDF), what the conversion found and
//! dropped; and the files of a folder that are not read (a Word document,
//! an image). Worded by `render::check` and `render::json`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::convert::{self, FileKind};
use crate::corpus;
use crate::error::{DocumentError, Unread};
use crate::model::Release;
use crate::parse::about::{best_date, DatePlace, Source};
use crate::parse::evidence::{evidence, Evidence};
use crate::parse::flow::Furniture;
use crate::parse::warnings::{read_short, warnings, Warning};
use crate::parse::{read_document, Reading};
use crate::topic::TopicKey;

#[derive(Debug, Serialize)]
pub struct Found<T: Serialize> {
    pub value: T,
    pub found: Source,
    /// The words of the line that decided it, where that line is a base
    /// document's title ("GLOSSARY" under banners).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cue: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct DateSeen {
    pub date: String,
    /// Printed as a month: the day was not given.
    pub month_only: bool,
    pub place: DatePlace,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Printed citing another document: never the document's own.
    pub cited: bool,
    pub taken: bool,
}

#[derive(Debug, Serialize)]
pub struct EntryLine {
    pub line: usize,
    pub topic: String,
    pub kind: String,
    pub new: bool,
    pub see: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct FrontLines {
    pub line: usize,
    pub end_line: usize,
}

#[derive(Debug, Serialize)]
pub struct FurnitureLine {
    pub line: usize,
    pub why: Furniture,
}

#[derive(Debug, Serialize)]
pub struct DocumentChecked {
    pub file: String,
    /// What converting the document found.
    pub source: convert::Report,
    pub edition: Found<String>,
    pub date: Found<String>,
    pub kind: Found<String>,
    /// Every date that could be the document's own, and which was taken.
    pub dates: Vec<DateSeen>,
    pub style: crate::parse::Style,
    /// What a base document held, by shape (absent for a rulings document).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<crate::parse::base::BaseCounts>,
    pub entries: Vec<EntryLine>,
    pub front: Vec<FrontLines>,
    pub furniture: Vec<FurnitureLine>,
    /// What the document prints about its own structure (contents,
    /// numbering) and how much of it the reading accounts for; absent where
    /// it prints none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
    /// Worded by the renderers: a JSON view adds each one's sentence.
    #[serde(skip)]
    pub warnings: Vec<Warning>,
    /// Whether `rulings update` fetched it: its warnings advise fetching
    /// again or reporting it, never editing the file.
    #[serde(skip)]
    pub fetched: bool,
}

#[derive(Debug, Serialize)]
pub struct Unreadable {
    pub file: String,
    pub message: String,
}

/// A file of a folder checked that is in a format not read.
#[derive(Debug, Serialize)]
pub struct NotRead {
    pub file: String,
    pub format: Unread,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct Checked {
    pub documents: Vec<DocumentChecked>,
    pub not_read: Vec<NotRead>,
    pub unreadable: Vec<Unreadable>,
    /// The Markdown each document was read as, when asked for, in the
    /// order the files were found (a file that could not be converted has
    /// none).
    #[serde(skip)]
    pub read_as: Vec<ReadAs>,
    /// How many files were found to read.
    #[serde(skip)]
    pub files: usize,
}

/// The Markdown one document was read as.
#[derive(Debug)]
pub struct ReadAs {
    pub file: String,
    pub markdown: String,
}

impl NotRead {
    pub(crate) fn new(file: String, what: Unread) -> NotRead {
        let error = DocumentError::Unread { file, what };
        NotRead {
            file: error.file().to_string(),
            format: what,
            message: error.to_string(),
        }
    }
}

/// Whether a check found everything clean, something worth a look, or a
/// document it could not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckOutcome {
    Clean,
    Warnings,
    Unreadable,
}

impl Checked {
    pub fn outcome(&self) -> CheckOutcome {
        if !self.unreadable.is_empty() {
            CheckOutcome::Unreadable
        } else if !self.not_read.is_empty() || self.documents.iter().any(|d| !d.warnings.is_empty())
        {
            CheckOutcome::Warnings
        } else {
            CheckOutcome::Clean
        }
    }
}

/// Checks the documents at `paths` (files, and folders read whole); with
/// `markdown`, keeps the Markdown each was read as.
pub fn ask(paths: &[PathBuf], markdown: bool) -> Checked {
    let (files, mut not_read, mut unreadable) = documents(paths);
    let mut readings: Vec<(Reading, String, convert::Report, Evidence)> = Vec::new();
    let mut read_as = Vec::new();
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
        if markdown {
            read_as.push(ReadAs {
                file: name.clone(),
                markdown: converted.markdown.clone(),
            });
        }
        match read_document(name, &converted.markdown, order) {
            Ok(reading) => {
                let mut evidence = evidence(&converted.markdown, &reading);
                if let Some(h) = converted.report.history {
                    evidence = evidence.with_history(h.versions, h.printed);
                }
                readings.push((reading, name.clone(), converted.report, evidence))
            }
            Err(e) => unreadable.push(Unreadable {
                file: name.clone(),
                message: e.to_string(),
            }),
        }
    }
    let topics: HashSet<TopicKey> = readings
        .iter()
        .flat_map(|(r, _, _, _)| r.release.entries.iter().map(|e| e.key.clone()))
        .collect();
    let releases: Vec<&Release> = readings.iter().map(|(r, _, _, _)| &r.release).collect();
    let fetched: HashSet<&str> = files
        .iter()
        .filter(|(path, _)| corpus::fetched_by_update(path))
        .map(|(_, name)| name.as_str())
        .collect();
    let documents = readings
        .iter()
        .map(|(reading, name, source, evidence)| DocumentChecked {
            fetched: fetched.contains(name.as_str()),
            ..report(reading, name, source, evidence, &topics, &releases)
        })
        .collect();
    Checked {
        documents,
        not_read,
        unreadable,
        read_as,
        files: files.len(),
    }
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

fn report(
    reading: &Reading,
    name: &str,
    source: &convert::Report,
    evidence: &Evidence,
    topics: &HashSet<TopicKey>,
    releases: &[&Release],
) -> DocumentChecked {
    let release = &reading.release;
    let mut warned = warnings(reading, topics, releases);
    warned.extend(read_short(evidence));
    warned.sort_by_key(|w| w.line().unwrap_or(0));
    DocumentChecked {
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
        evidence: (!evidence.is_empty()).then(|| evidence.clone()),
        warnings: warned,
        fetched: false,
    }
}

/// The words of the title line that made a document a base, from its front
/// matter paragraphs (where the reader keeps a base's title block).
fn kind_cue(release: &Release, found: &Source) -> Option<String> {
    let Source::Line { line } = *found else {
        return None;
    };
    if !release.kind.is_base() {
        return None;
    }
    release
        .front
        .iter()
        .find(|p| p.line <= line && line <= p.end_line)
        .and_then(|p| p.text.split('\n').nth(line - p.line))
        .map(|words| words.trim().to_string())
}
