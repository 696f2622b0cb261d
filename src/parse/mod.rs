//! Parsing: one document's text in, one [`Release`] with its [`Entry`]s out.
//!
//! A printer's numbering of the heads is taken off first (`numbering`).
//! The document is read line by line (`lines` gives each line a shape),
//! candidate heads are accepted or rejected with their neighbours (`heads`),
//! then every line is placed in exactly one entry or in the release's front
//! matter (title, preamble, section introductions, footer). Nothing is dropped.
//! What the document says about itself (edition, date, title) comes from its
//! front matter when present, else from its own text (`about`).

pub mod about;
pub mod ban_list;
pub mod base;
pub mod body;
mod dating;
pub mod editorial;
pub mod evidence;
pub mod flow;
pub mod front_matter;
pub mod heads;
pub mod lines;
pub mod numbering;
mod parts;
pub mod references;
pub mod warnings;

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;

use crate::error::DocumentError;
use crate::model::{Entry, EntryKind, FrontParagraph, Release};
use crate::topic::TopicKey;
use about::Provenance;
use flow::Furniture;
use front_matter::HeadStyle;
use heads::{Layout, Line, Rejection};
use lines::{ends_mid_sentence, starts_lowercase, Candidate, Mark, MarkKind, Shape, Strength};

mod head_style;
pub use head_style::*;

mod assemble;
use assemble::*;

/// Where a line goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Front,
    Entry(usize),
}

/// A physical line taken for page furniture before heads were known.
#[derive(Debug)]
struct SetAside<'a> {
    no: usize,
    text: &'a str,
    why: Furniture,
}

/// An entry under construction: its paragraphs, each with its line span.
#[derive(Debug)]
struct Draft {
    candidate: Candidate,
    line: usize,
    /// Last physical line of the head (a wrapped head spans several).
    head_last: usize,
    section: Option<String>,
    paragraphs: Vec<Paragraph>,
    /// Introduced as temporary by the article's own words before it.
    temporary: bool,
}

#[derive(Debug, Clone)]
struct Paragraph {
    /// Every source line the paragraph holds, as runs (first, last): a
    /// paragraph joined from a million lines keeps a few numbers.
    lines: Vec<(usize, usize)>,
    text: String,
    /// Where the last line of `text` starts. Kept as text is appended so
    /// that asking whether the paragraph ends mid-sentence never searches
    /// back through a paragraph that grew by thousands of joined lines.
    last_line: usize,
}

impl Paragraph {
    fn new(line: &Line, text: &str) -> Paragraph {
        Paragraph::spanning(line.no, line.last, text)
    }

    /// A paragraph of source lines `no..=last`.
    fn spanning(no: usize, last: usize, text: &str) -> Paragraph {
        let text = text.trim_end().to_string();
        Paragraph {
            lines: vec![(no, last)],
            last_line: text.rfind('\n').map_or(0, |i| i + 1),
            text,
        }
    }

    /// Appends `piece` after `separator`, keeping `last_line` current.
    fn append(&mut self, separator: char, piece: &str) {
        self.text.push(separator);
        let at = self.text.len();
        self.text.push_str(piece);
        if let Some(i) = piece.rfind('\n') {
            self.last_line = at + i + 1;
        } else if separator == '\n' {
            self.last_line = at;
        }
    }

    fn ends_mid_sentence(&self) -> bool {
        lines::line_ends_mid_sentence(&self.text[self.last_line..])
    }

    fn push_lines(&mut self, line: &Line) {
        self.push_span(line.no, line.last);
    }

    fn push_span(&mut self, no: usize, last: usize) {
        match self.lines.last_mut() {
            Some((_, end)) if *end + 1 >= no => *end = (*end).max(last),
            _ => self.lines.push((no, last)),
        }
    }
}

/// How a document was read, for `rulings check`: the release, where its
/// edition, date and kind were found, and what did not become an entry.
#[derive(Debug)]
pub struct Reading {
    pub release: Release,
    pub found: Provenance,
    /// Page furniture set aside for the front matter: line and why.
    pub furniture: Vec<(usize, Furniture)>,
    /// Lines shaped like heads that were not taken because the paragraph
    /// before them goes on (inside it, or finishing its sentence): line, the
    /// line's first [`NOT_TAKEN_CHARS`] characters, why. (Other rejections are the ordinary reading of
    /// prose and are not kept: a long document has millions.)
    pub not_taken: Vec<(usize, String, Rejection)>,
    pub style: Style,
    /// What a base document held, by shape; `None` for a rulings document.
    pub base: Option<base::BaseCounts>,
}

/// The shape of a document as read: what its own text showed, or its hints.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Style {
    pub wrapped: bool,
    pub line_separated: bool,
    pub colon_heads: bool,
    pub line_heads: bool,
    pub alphabetical: bool,
}

/// Parses one document. `file` is its path relative to the corpus folder;
/// `order` its place in corpus order.
pub fn parse_document(file: &str, text: &str, order: usize) -> Result<Release, DocumentError> {
    read_document(file, text, order).map(|reading| reading.release)
}

/// The most lines of text a document may have, counting a wrapped paragraph
/// as one line and page furniture line by line (blank lines are free).
/// The longest official documents have a few hundred; a file with more is
/// not a rulings document, and refusing it keeps reading any file within a
/// bound of time and memory (each line read costs a few hundred bytes
/// until the document's entries are built).
pub const MAX_LINES: usize = 100_000;

/// Least number of colon heads before a document counts as printing its
/// heads that way.
const MIN_COLON_HEADS: usize = 3;
/// Least number of heads right after a finished line before a document
/// counts as separating entries by single line breaks.
const MIN_LINE_SEPARATED: usize = 3;

/// Parses one document and says how it was read.
/// The topics of a reading, in order (for the readers' tests).
#[cfg(test)]
pub(crate) fn topics_of(reading: &Reading) -> Vec<&str> {
    reading
        .release
        .entries
        .iter()
        .map(|e| e.topic.as_str())
        .collect()
}

pub fn read_document(file: &str, text: &str, order: usize) -> Result<Reading, DocumentError> {
    read_within(file, text, order, MAX_LINES)
}

/// [`read_document`] with a limit of `max_lines` lines of text.
fn read_within(
    file: &str,
    text: &str,
    order: usize,
    max_lines: usize,
) -> Result<Reading, DocumentError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let page_tops = flow::page_tops(text);
    // A form feed is a page break a text copy kept (`pdftotext` starts each
    // page's first line with one): no character of the line it opens.
    let unfed = if text.contains('\u{c}') {
        Cow::Owned(text.replace('\u{c}', ""))
    } else {
        Cow::Borrowed(text)
    };
    // A printer's numbering of the heads is no part of their topics.
    let unnumbered = numbering::without_printed_numbers(&unfed);
    let bare = unnumbered.as_ref();
    // A base's change log is masked from its entries, but still dates it.
    let log = about::change_log_date(bare.lines().enumerate().map(|(i, l)| (i + 1, l)));
    if !bare.trim().is_empty() && !bare.contains('\0') {
        let (meta, skip) = front_matter::split(file, bare)?;
        if ban_list::is_ban_list(meta.as_ref(), bare, skip) {
            let plain = |about: &str| {
                read_plain(
                    file,
                    about,
                    order,
                    max_lines,
                    (true, &page_tops),
                    log.clone(),
                )
            };
            return ban_list::read(file, bare, skip, plain);
        }
        if let Some(kind) = base::kind_of(meta.as_ref(), bare, skip) {
            // An interim ruling may name a section by its number alone.
            let named = if kind == crate::model::ReleaseKind::InterimRuling {
                base::sections_named_by_number(bare)
            } else {
                Cow::Borrowed(bare)
            };
            let bare = named.as_ref();
            let plain = |masked: &str, empty: bool| {
                let page = (empty, &page_tops[..]);
                read_plain(file, masked, order, max_lines, page, log.clone())
            };
            let (mut reading, counts) = base::read(file, bare, kind, skip, &page_tops, plain)?;
            reading.base = Some(counts);
            return Ok(reading);
        }
    }
    read_plain(file, bare, order, max_lines, (false, &page_tops), log)
}

/// Reads a rulings document (or the alphabetical parts of a base). A
/// document without entries is an error unless `may_be_empty` (a base
/// whose text is all numbered sections, read for its title and date).
fn read_plain(
    file: &str,
    text: &str,
    order: usize,
    max_lines: usize,
    (may_be_empty, page_tops): (bool, &[bool]),
    change_log: Option<about::DateCandidate>,
) -> Result<Reading, DocumentError> {
    if text.trim().is_empty() {
        return Err(DocumentError::Empty {
            file: file.to_string(),
        });
    }
    if let Some(at) = text.find('\0') {
        return Err(DocumentError::Binary {
            file: file.to_string(),
            line: text[..at].matches('\n').count() + 1,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (meta, skip) = front_matter::split(file, text)?;
    let hints = meta.as_ref().map(|m| m.hints).unwrap_or_default();

    let first_no = skip + 1;
    // Furniture is kept out of heads and joining. A line set aside for its
    // shape alone that falls inside an entry is given back to it, and the
    // rest goes to the front matter as printed.
    let physical = physical_lines(text, skip);
    let furniture = flow::furniture(&physical, page_tops.get(skip..).unwrap_or_default());
    let mut set_aside: Vec<SetAside> = physical
        .into_iter()
        .zip(furniture)
        .enumerate()
        .filter_map(|(i, (raw, f))| {
            f.map(|why| SetAside {
                no: first_no + i,
                text: raw.trim_end(),
                why,
            })
        })
        .collect();
    let declared_alphabetical = hints.alphabetical || about::declares_alphabetical(text);
    let read = |set_aside: &[SetAside]| {
        read_pass(
            file,
            text,
            skip,
            &hints,
            declared_alphabetical,
            set_aside,
            max_lines,
        )
    };
    let mut pass = read(&set_aside)?;
    if pass.given_back.contains(&true) {
        // Lines set aside for their shape fell inside entries: they are
        // text, so the document is read again with them in place, and the
        // heads around them are decided seeing them (a paragraph that ends
        // "you may probe:" is not the last word before the next head).
        let mut back = pass.given_back.iter();
        set_aside.retain(|_| back.next() != Some(&true));
        drop(pass);
        pass = read(&set_aside)?;
    }
    let Pass {
        lines,
        accepted,
        rejected,
        drafts,
        mut front,
        given_back,
        style,
    } = pass;
    let mut furniture_lines: Vec<(usize, Furniture)> = Vec::new();
    for (aside, back) in set_aside.iter().zip(given_back) {
        if !back {
            front.push(FrontParagraph {
                line: aside.no,
                end_line: aside.no,
                text: aside.text.to_string(),
            });
            furniture_lines.push((aside.no, aside.why));
        }
    }
    if !furniture_lines.is_empty() {
        front.sort_by_key(|p| p.line);
    }
    drop(set_aside);
    let (about, found) = about::describe(
        file,
        meta.as_ref(),
        &front,
        &lines,
        &accepted,
        &drafts_dates(&drafts),
        change_log,
    )?;

    let not_taken = lines
        .iter()
        .zip(&rejected)
        .filter_map(|(l, why)| match why {
            Some(w @ (Rejection::MidParagraph | Rejection::ContinuesSentence)) => {
                Some((l.no, head_of(&l.text), *w))
            }
            _ => None,
        })
        .collect();
    drop((lines, accepted, rejected));

    let id = release_id(file);
    let mut entries = flow::consume(drafts, |draft, out| {
        out.push(finish_entry(draft, &id, file, &about))
    });
    if entries.is_empty() && !may_be_empty {
        // No line reads like a head: the document is read all the same,
        // each paragraph an entry under the document's title, and said
        // (`structure_not_read`).
        entries = paragraphs_as_entries(&mut front, &id, file, &about);
        if entries.is_empty() {
            return Err(DocumentError::NoEntries {
                file: file.to_string(),
            });
        }
    }
    references::fill_plain_references(&mut entries);
    Ok(Reading {
        release: Release {
            id,
            edition: about.edition,
            kind: about.kind,
            title: about.title,
            publisher: about.publisher,
            date: about.date,
            date_precision: about.date_precision,
            amends: about.amends,
            since: about.since,
            version: about.version,
            file: file.to_string(),
            source: None,
            order,
            has_front_matter: meta.is_some(),
            alphabetical: declared_alphabetical,
            front,
            entries,
        },
        found,
        furniture: furniture_lines,
        not_taken,
        style,
        base: None,
    })
}

/// The lines of `text` after its `skip` front-matter lines, without their
/// line ends. Physical line `skip + 1 + i` is element `i`.
fn physical_lines(text: &str, skip: usize) -> Vec<&str> {
    text.split('\n')
        .skip(skip)
        .map(|raw| raw.strip_suffix('\r').unwrap_or(raw))
        .collect()
}

/// What the topic of a paragraph read without a head says of it.
pub const STRUCTURE_NOT_READ: &str = "structure not read";

/// The paragraphs of a document with no heads, as entries: each under the
/// document's title and its number ("Rule Changes, paragraph 3 (structure
/// not read)"), so that each is found by a search and none gives way to
/// another. The document's title block and page furniture (short lines,
/// the first paragraph when it is the title) stay its front matter.
fn paragraphs_as_entries(
    front: &mut Vec<FrontParagraph>,
    release: &str,
    file: &str,
    about: &about::About,
) -> Vec<Entry> {
    let is_text = |p: &FrontParagraph| {
        p.text.split_whitespace().count() >= 8 && p.text.trim() != about.title.trim()
    };
    let (paragraphs, kept): (Vec<FrontParagraph>, Vec<FrontParagraph>) =
        std::mem::take(front).into_iter().partition(is_text);
    *front = kept;
    paragraphs
        .into_iter()
        .enumerate()
        .map(|(n, p)| {
            let topic = format!(
                "{}, paragraph {} ({STRUCTURE_NOT_READ})",
                about.title,
                n + 1
            );
            let see = body::see_references(&p.text);
            let supersedes = body::supersessions(&p.text);
            Entry {
                release: release.to_string(),
                edition: about.edition,
                release_date: about.date,
                date: about.date,
                dated: false,
                section: None,
                subtopic: None,
                key: TopicKey::new(&topic),
                kind: body::classify_kind(&p.text, false, None, &supersedes),
                topic,
                new: false,
                see,
                supersedes,
                cards: Vec::new(),
                effect: None,
                file: file.to_string(),
                line: p.line,
                spans: vec![(p.line, p.end_line)],
                text: p.text,
            }
        })
        .collect()
}

/// One reading of a document's lines with `set_aside` kept out of heads
/// and joining: its lines, which were taken as heads, the entries, the
/// front matter, and which of `set_aside` went back to an entry.
struct Pass<'a> {
    lines: Vec<Line<'a>>,
    accepted: Vec<bool>,
    rejected: Vec<Option<Rejection>>,
    drafts: Vec<Draft>,
    front: Vec<FrontParagraph>,
    given_back: Vec<bool>,
    style: Style,
}

fn read_pass<'a>(
    file: &str,
    text: &'a str,
    skip: usize,
    hints: &front_matter::Hints,
    declared_alphabetical: bool,
    set_aside: &[SetAside],
    max_lines: usize,
) -> Result<Pass<'a>, DocumentError> {
    // Physical line `first_no + i` is `physical[i]`. Per physical line only
    // its text, a mark of its shape and whether it is furniture are kept: a
    // 10 MB document may have millions of lines, and each costs what is
    // kept for it. Full shapes are found for logical lines alone.
    let first_no = skip + 1;
    let physical = physical_lines(text, skip);
    let mut is_furniture = vec![false; physical.len()];
    for aside in set_aside {
        is_furniture[aside.no - first_no] = true;
    }
    let too_many_lines = || DocumentError::TooManyLines {
        file: file.to_string(),
        limit: max_lines,
    };
    let furniture_count = set_aside.len();
    if furniture_count > max_lines {
        return Err(too_many_lines());
    }
    let marks: Vec<Mark> = physical.iter().map(|raw| Mark::classify(raw)).collect();
    let line_heads = hints.heads == Some(HeadStyle::Line);
    let wrapped = !line_heads && flow::looks_wrapped(&physical, &marks, &is_furniture);
    let measure = flow::measure(&physical, &marks, &is_furniture);
    let joined = flow::join_lines(
        &physical,
        first_no,
        &marks,
        &is_furniture,
        flow::Joining {
            wrapped,
            join_topics: !line_heads,
            measure,
        },
        max_lines - furniture_count,
    );
    drop((physical, is_furniture));
    // The head style is voted on joined lines: a wrapped head counts whole.
    let colon_heads = match hints.heads {
        Some(HeadStyle::Colon) => true,
        Some(_) => false,
        None => prints_colon_heads(joined.iter().filter_map(|l| {
            let mark = if l.unchanged {
                marks[l.no - first_no]
            } else {
                Mark::classify(&l.text)
            };
            HeadVote::of(mark, &l.text)
        })),
    };
    let logical = flow::split_lines(joined, colon_heads);
    let text_lines = logical.iter().filter(|l| !l.text.trim().is_empty()).count();
    if text_lines + furniture_count > max_lines {
        return Err(too_many_lines());
    }
    let mut lines: Vec<Line> = flow::consume(logical, |l, out| {
        // A blank or plain physical line needs no second look.
        let known = l.unchanged.then(|| marks[l.no - first_no].kind);
        out.push(Line {
            shape: match known {
                Some(MarkKind::Blank) => Shape::Blank,
                Some(MarkKind::Plain) => Shape::Plain,
                _ => lines::classify(&l.text),
            },
            no: l.no,
            last: l.last,
            text: l.text,
            glued: l.glued,
            after_short: l.after_short,
        })
    });
    drop(marks);
    settle_head_style(&mut lines, colon_heads, line_heads);
    mark_title_block(&mut lines);
    mark_contents(&mut lines);
    prefer_usual_separator(&mut lines);

    let alphabetical = declared_alphabetical || (!hints.dated && heads::looks_alphabetical(&lines));
    let line_separated = hints.line_separated || separates_by_line(&lines);
    let mut layout = Layout {
        alphabetical,
        line_separated,
        measure,
    };
    let (mut accepted, mut rejected) = heads::accept(&lines, layout);
    // Where the heads stand alone on their lines (a text copy that kept no
    // bold), the shapes that tell the order are too few before the heads
    // are known: the heads taken then tell it.
    if !alphabetical && !hints.dated && heads::taken_in_order(&lines, &accepted) {
        layout.alphabetical = true;
        (accepted, rejected) = heads::accept(&lines, layout);
    }
    let alphabetical = layout.alphabetical;

    let (drafts, front, given_back) = assemble(&lines, &accepted, set_aside);
    Ok(Pass {
        lines,
        accepted,
        rejected,
        drafts,
        front,
        given_back,
        style: Style {
            wrapped,
            line_separated,
            colon_heads,
            line_heads,
            alphabetical,
        },
    })
}

/// How much of a line not taken as a head is kept to show it.
pub const NOT_TAKEN_CHARS: usize = 80;

/// The start of a line not taken as a head, as `rulings check` shows it.
fn head_of(text: &str) -> String {
    text.trim().chars().take(NOT_TAKEN_CHARS).collect()
}

/// How far into a document its title block may be, in non-blank lines.
const TITLE_BLOCK_REACH: usize = 30;
/// The most words of a title line or of the dating line under it.
const MAX_TITLE_WORDS: usize = 8;

/// A short line followed by a short dating line ("First Edition FAQ" /
/// "Released 3/2/99 (Revised 3/9/99)") is the document's title block, not
/// a head and its body. Only the first such pair near the top counts.
/// A table of contents ("Contents" and the names of the parts and sections
/// under it) is front matter: its lines name sections and heads again
/// without opening them, so they are read as plain text. A head set apart
/// (bold, alone) over a paragraph of prose or a date opens an entry under
/// a contents left empty (a converter that dropped its items): no item of
/// it.
fn mark_contents(lines: &mut [Line]) {
    let mut in_contents = false;
    for i in 0..lines.len() {
        let item = || {
            let opens_entry = lines[i].shape.strength() == Some(Strength::Strong)
                && lines[i + 1..]
                    .iter()
                    .find(|l| l.shape != Shape::Blank)
                    .is_some_and(|l| {
                        lines::is_only_a_date(&l.text)
                            || (l.shape == Shape::Plain && ends_sentence(&l.text))
                    });
            base::is_contents_line(&lines[i].text) && !opens_entry
        };
        in_contents = base::is_contents_heading(&lines[i].text)
            || (in_contents && (lines[i].shape == Shape::Blank || item()));
        if in_contents && lines[i].shape != Shape::Blank {
            lines[i].shape = Shape::Plain;
        }
    }
}

fn mark_title_block(lines: &mut [Line]) {
    let non_blank: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.shape != Shape::Blank)
        .map(|(i, _)| i)
        .take(TITLE_BLOCK_REACH)
        .collect();
    for pair in non_blank.windows(2) {
        let (i, j) = (pair[0], pair[1]);
        if lines[j].shape == Shape::Title {
            return; // the title line names itself
        }
        if lines[i].shape == Shape::Title && dating::dating_line(&lines[i].text, true).is_some() {
            return; // a title with its date: the lines under it are no title
        }
        let short = |l: &Line| l.text.split_whitespace().count() <= MAX_TITLE_WORDS;
        let title_like = matches!(lines[i].shape, Shape::Plain | Shape::Title)
            || lines[i].shape.strength() == Some(Strength::Bare);
        if title_like
            && short(&lines[i])
            && short(&lines[j])
            && dating::dating_line(&lines[j].text, false).is_some()
            && lines[j].shape.strength() != Some(Strength::Strong)
        {
            lines[i].shape = Shape::Title;
            lines[j].shape = Shape::Title;
            return;
        }
        if let Shape::Candidate(c) = &lines[i].shape {
            if c.strength != Strength::Bare {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests;
