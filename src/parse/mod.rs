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
pub mod base;
pub mod body;
mod dating;
pub mod flow;
pub mod front_matter;
pub mod heads;
pub mod lines;
pub mod numbering;
mod parts;
pub mod references;

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
        if let Some(kind) = base::kind_of(meta.as_ref(), bare, skip) {
            let plain = |masked: &str, empty: bool| {
                let page = (empty, &page_tops[..]);
                read_plain(file, masked, order, max_lines, page, log.clone())
            };
            let (mut reading, counts) = base::read(file, bare, kind, skip, plain)?;
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
        return Err(DocumentError::NoEntries {
            file: file.to_string(),
        });
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

    let alphabetical = declared_alphabetical || heads::looks_alphabetical(&lines);
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
    if !alphabetical && heads::taken_in_order(&lines, &accepted) {
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

/// What a line says of the document's head style.
enum HeadVote {
    /// A colon head, with its topic in lowercase.
    Colon(String),
    /// A head with a dash separator or an erratum mark.
    Dash,
    /// A topic on a line of its own, in lowercase.
    Alone(String),
    /// A line of prose that announces what follows (`Revise as follows:`).
    Announces,
}

impl HeadVote {
    fn of(mark: Mark, text: &str) -> Option<HeadVote> {
        let topic = || match lines::classify(text) {
            Shape::Candidate(c) => Some(c.topic.to_lowercase()),
            _ => None,
        };
        if mark.kind == MarkKind::Plain {
            return heads::announces_quote(text).then_some(HeadVote::Announces);
        }
        match mark.strength()? {
            // Only a colon head's or a lone topic's words are needed, so
            // only they are read again.
            // A title that holds a colon is no `label: body` line.
            Strength::Colon if lines::is_colon_title(text) => {
                Some(HeadVote::Alone(text.trim().to_lowercase()))
            }
            Strength::Colon => topic().map(HeadVote::Colon),
            Strength::Inline => Some(HeadVote::Dash),
            Strength::Strong if mark.body || mark.erratum || lines::ends_on_dash(text) => {
                Some(HeadVote::Dash)
            }
            Strength::Bare => topic().map(HeadVote::Alone),
            Strength::Strong => None,
        }
    }
}

/// Whether a document prints its heads as `TOPIC: body`: more distinct colon
/// heads than heads of any other shape (a dash, a topic alone on its
/// line). Not every `label: text` line is a head:
///
/// - a label that recurs ("Example:") is no topic, since a document rules
///   on a topic once;
/// - nor is one whose topic stands on a line of its own elsewhere: that
///   line is the entry's head, and the colon line a summary of it in a list
///   (`android: This term is no longer …` over `android` / `This term …`);
/// - nor are the labels of text an entry quotes: after a head and a line
///   that announces a quote (`become` / `Revise as follows:`), the quoted
///   rule's own labels (`Combat: Simultaneously reveal …`) run to the next
///   head.
fn prints_colon_heads(votes: impl Iterator<Item = HeadVote>) -> bool {
    let mut colon: HashMap<String, usize> = HashMap::new();
    let mut alone: HashSet<String> = HashSet::new();
    let mut dash = 0usize;
    let (mut in_entry, mut quoting) = (false, false);
    for vote in votes {
        match vote {
            HeadVote::Colon(_) if quoting => {}
            HeadVote::Colon(topic) => *colon.entry(topic).or_default() += 1,
            HeadVote::Dash => {
                dash += 1;
                (in_entry, quoting) = (true, false);
            }
            HeadVote::Alone(topic) => {
                alone.insert(topic);
                (in_entry, quoting) = (true, false);
            }
            HeadVote::Announces => quoting |= in_entry,
        }
    }
    let distinct = colon
        .iter()
        .filter(|&(topic, &n)| n == 1 && !alone.contains(topic))
        .count();
    distinct >= MIN_COLON_HEADS && distinct > dash + alone.len()
}

/// Applies the document's head style: colon heads only where the document
/// prints them (and never a recurring label); with `heads = "line"`, a
/// short line alone is a head and `topic - body` lines are text.
fn settle_head_style(lines: &mut [Line], colon_heads: bool, line_heads: bool) {
    let mut colon_topics: HashMap<String, usize> = HashMap::new();
    for line in lines.iter() {
        if let Shape::Candidate(c) = &line.shape {
            if c.strength == Strength::Colon {
                *colon_topics.entry(c.topic.to_lowercase()).or_default() += 1;
            }
        }
    }
    for line in lines.iter_mut() {
        let demote = match &line.shape {
            Shape::Candidate(c) if c.strength == Strength::Colon => {
                !colon_heads || line_heads || colon_topics.get(&c.topic.to_lowercase()) != Some(&1)
            }
            Shape::Candidate(c) if c.strength == Strength::Inline => line_heads,
            _ => false,
        };
        if demote {
            // Where colons are no separator, a title that holds one stands
            // alone as a bare head (`Kevin Uxbridge: Convergence` / `This
            // interrupt …`); whether it opens an entry is decided as for
            // any bare head.
            line.shape = match !colon_heads && lines::is_colon_title(&line.text) {
                true => Shape::Candidate(Box::new(Candidate {
                    topic: lines::strip_markup(line.text.trim()),
                    new: false,
                    erratum: false,
                    date: None,
                    body: None,
                    strength: Strength::Bare,
                })),
                false => Shape::Plain,
            };
        }
        if line_heads && line.shape == Shape::Plain {
            let t = line.text.trim();
            let words = t.split_whitespace().count();
            if (1..=lines::MAX_TOPIC_WORDS).contains(&words)
                && t.chars().any(char::is_alphabetic)
                && !t.ends_with(['.', ',', ';', ':', '!', '?'])
            {
                line.shape = Shape::Candidate(Box::new(Candidate {
                    topic: lines::strip_markup(t),
                    new: false,
                    erratum: false,
                    date: None,
                    body: None,
                    strength: Strength::Bare,
                }));
            }
        }
    }
}

/// Whether entries follow each other after single line breaks: more heads
/// come right after a finished line than after a blank line.
fn separates_by_line(lines: &[Line]) -> bool {
    let mut after_line = 0usize;
    let mut after_blank = 0usize;
    let mut previous: Option<&Line> = None;
    for line in lines {
        if let Shape::Candidate(c) = &line.shape {
            if matches!(c.strength, Strength::Inline | Strength::Colon) {
                match previous {
                    Some(p) if p.shape == Shape::Blank => after_blank += 1,
                    Some(p) if !ends_mid_sentence(&p.text) && !line.glued => after_line += 1,
                    _ => {}
                }
            }
        }
        previous = Some(line);
    }
    after_line >= MIN_LINE_SEPARATED && after_line > after_blank
}

/// The release id: the file's path in the corpus without its extension.
pub fn release_id(file: &str) -> String {
    let path = std::path::Path::new(file);
    let stem = path.with_extension("");
    stem.to_string_lossy().replace('\\', "/")
}

fn drafts_dates(drafts: &[Draft]) -> Vec<(usize, NaiveDate)> {
    drafts
        .iter()
        .filter_map(|d| d.candidate.date.map(|date| (d.line, date)))
        .collect()
}

/// Where an inline head prints more than one dash within topic reach
/// ("actions – interrupting actions - Interrupt …"), the body separator is the
/// dash the document uses on its unambiguous inline heads.
fn prefer_usual_separator(lines: &mut [Line]) {
    let mut counts: Vec<(char, usize)> = Vec::new();
    for line in lines.iter() {
        if let Shape::Candidate(c) = &line.shape {
            if c.strength == Strength::Inline {
                let dashes = lines::separator_dashes(&line.text);
                if let [only] = dashes.as_slice() {
                    match counts.iter_mut().find(|(d, _)| d == only) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((*only, 1)),
                    }
                }
            }
        }
    }
    let Some(&(usual, _)) = counts.iter().max_by_key(|(_, n)| *n) else {
        return;
    };
    for line in lines.iter_mut() {
        if let Shape::Candidate(c) = &mut line.shape {
            if c.strength == Strength::Inline
                && lines::separator_dashes(&line.text).len() > 1
                && !lines::see_decides(&line.text)
            {
                if let Some((topic, body)) = lines::split_inline_with(&line.text, usual) {
                    c.topic = topic;
                    c.body = Some(body);
                }
            }
        }
    }
}

/// Places every line in an entry or in the front matter, and says which of
/// the lines `set_aside` as furniture went back to an entry.
///
/// A line set aside for its shape alone (a legend, navigation, a byline)
/// that falls inside an entry, between its head and the next head or
/// heading, is that entry's text: inside an entry only what the page prints
/// (running headers and footers, page numbers) is furniture. Before the
/// first head, under a heading and after the last line of text, it stays
/// furniture.
///
/// Two repairs of conversion damage happen here. A paragraph that opens in
/// lowercase after one that ended mid-sentence is the rest of that sentence
/// (a page break cut it): the two are joined. And when a heading or head cut
/// an entry mid-sentence (two PDF columns interleaved), a later lowercase
/// paragraph that cannot continue the entry at hand goes back to the cut one.
fn assemble(
    lines: &[Line],
    accepted: &[bool],
    set_aside: &[SetAside],
) -> (Vec<Draft>, Vec<FrontParagraph>, Vec<bool>) {
    let mut given_back = vec![false; set_aside.len()];
    let mut next_aside = 0usize;
    // Furniture after the last line of text is the document's footer.
    let last_text = lines
        .iter()
        .rev()
        .find(|l| l.shape != Shape::Blank)
        .map_or(0, |l| l.last);
    let mut drafts: Vec<Draft> = Vec::new();
    let mut front: Vec<Paragraph> = Vec::new();
    let mut target = Target::Front;
    let mut section: Option<String> = None;
    let mut section_has_heads = false;
    let mut interrupted: Option<usize> = None;
    let mut blank_before = true;
    let mut titled = false;

    fn last_paragraph<'d>(
        target: Target,
        drafts: &'d mut [Draft],
        front: &'d mut [Paragraph],
    ) -> Option<&'d mut Paragraph> {
        match target {
            Target::Front => front.last_mut(),
            Target::Entry(i) => drafts[i].paragraphs.last_mut(),
        }
    }

    /// A heading or head that arrives while an entry is mid-sentence cuts it.
    fn note_interruption(target: Target, drafts: &[Draft], interrupted: &mut Option<usize>) {
        if let Target::Entry(i) = target {
            if drafts[i]
                .paragraphs
                .last()
                .is_some_and(|p| p.ends_mid_sentence())
            {
                *interrupted = Some(i);
            }
        }
    }

    for (idx, line) in lines.iter().enumerate() {
        let no = line.no;
        while let Some(aside) = set_aside.get(next_aside).filter(|a| a.no < no) {
            if let Target::Entry(i) = target {
                if !aside.why.of_the_page() && aside.no < last_text {
                    let paragraphs = &mut drafts[i].paragraphs;
                    match paragraphs.last_mut() {
                        Some(p) if !blank_before => {
                            p.append('\n', aside.text);
                            p.push_span(aside.no, aside.no);
                        }
                        _ => push_paragraph(
                            paragraphs,
                            Paragraph::spanning(aside.no, aside.no, aside.text),
                        ),
                    }
                    given_back[next_aside] = true;
                    blank_before = false;
                }
            }
            next_aside += 1;
        }
        match &line.shape {
            Shape::Blank => {
                blank_before = true;
                continue;
            }
            Shape::Title if titled && !drafts.is_empty() => {
                // The title printed again among the entries is the top of
                // a page: the entry it falls in goes on after it. (A first
                // title after entries opens the document's front matter.)
                front.push(Paragraph::new(line, &line.text));
                continue;
            }
            Shape::Title | Shape::Footer => {
                titled |= line.shape == Shape::Title;
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                front.push(Paragraph::new(line, &line.text));
            }
            Shape::Section(name) => {
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                section = Some(name.clone());
                section_has_heads = false;
                front.push(Paragraph::new(line, &line.text));
            }
            Shape::Candidate(c) if accepted[idx] => {
                note_interruption(target, &drafts, &mut interrupted);
                let mut paragraphs = Vec::new();
                if let Some(body) = &c.body {
                    push_paragraph(&mut paragraphs, Paragraph::new(line, body));
                }
                drafts.push(Draft {
                    candidate: Candidate::clone(c),
                    line: no,
                    head_last: line.last,
                    section: section.clone(),
                    paragraphs,
                });
                section_has_heads = true;
                target = Target::Entry(drafts.len() - 1);
            }
            _ => {
                let text: &str = &line.text;
                let lowercase = starts_lowercase(text);
                // A lowercase paragraph that the entry at hand cannot continue
                // goes back to an entry a heading cut mid-sentence.
                if blank_before && lowercase {
                    // Only after a finished sentence: a colon announces
                    // text that belongs right here.
                    let here_finished = last_paragraph(target, &mut drafts, &mut front)
                        .is_some_and(|p| ends_sentence(&p.text));
                    let here_has_body = match target {
                        Target::Entry(i) => !drafts[i].paragraphs.is_empty(),
                        Target::Front => true,
                    };
                    if here_finished && here_has_body {
                        if let Some(cut) = interrupted.take() {
                            target = Target::Entry(cut);
                        }
                    }
                }
                // Headless text in an update section is that section's entry.
                if target == Target::Front && !section_has_heads {
                    if let Some(name) = section.as_deref() {
                        // A part's bare name ("Glossary") heads entries
                        // of its own; text under it before the first is an
                        // introduction (or a table of contents).
                        if body::section_kind(name).is_some() && !lines::is_whole_part_name(name) {
                            drafts.push(Draft {
                                candidate: Candidate {
                                    topic: lines::strip_markup(name.trim_start_matches('#')),
                                    new: false,
                                    erratum: false,
                                    date: None,
                                    body: None,
                                    strength: Strength::Strong,
                                },
                                line: no,
                                head_last: no,
                                section: section.clone(),
                                paragraphs: Vec::new(),
                            });
                            section_has_heads = true;
                            target = Target::Entry(drafts.len() - 1);
                            blank_before = true;
                        }
                    }
                }
                let last = last_paragraph(target, &mut drafts, &mut front);
                match last {
                    Some(p) if !blank_before => {
                        // A piece cut from the same printed line goes back
                        // with the space it had.
                        p.append(if line.glued { ' ' } else { '\n' }, text.trim_end());
                        p.push_lines(line);
                    }
                    Some(p) if lowercase && p.ends_mid_sentence() => {
                        // The rest of a sentence a page break cut.
                        p.append(' ', text.trim());
                        p.push_lines(line);
                    }
                    _ => {
                        let paragraph = Paragraph::new(line, text);
                        match target {
                            Target::Front => front.push(paragraph),
                            Target::Entry(i) => {
                                push_paragraph(&mut drafts[i].paragraphs, paragraph)
                            }
                        }
                    }
                }
            }
        }
        blank_before = false;
    }
    let front = front
        .into_iter()
        .map(|p| FrontParagraph {
            line: p.lines.first().map_or(0, |r| r.0),
            end_line: p.lines.last().map_or(0, |r| r.1),
            text: p.text,
        })
        .collect();
    (drafts, front, given_back)
}

/// Adds a paragraph to an entry, growing its list from one: most entries
/// have one or two paragraphs, and a document may have a million entries.
fn push_paragraph(paragraphs: &mut Vec<Paragraph>, paragraph: Paragraph) {
    if paragraphs.len() == paragraphs.capacity() {
        paragraphs.reserve_exact(paragraphs.len().max(1));
    }
    paragraphs.push(paragraph);
}

fn finish_entry(draft: Draft, release: &str, file: &str, about: &about::About) -> Entry {
    let mut owned: Vec<(usize, usize)> = vec![(draft.line, draft.head_last)];
    owned.extend(
        draft
            .paragraphs
            .iter()
            .flat_map(|p| p.lines.iter().copied()),
    );
    owned.sort_unstable();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(owned.len());
    for (first, last) in owned {
        match spans.last_mut() {
            Some((_, end)) if *end + 1 >= first => *end = (*end).max(last),
            _ => spans.push((first, last)),
        }
    }
    let texts: Vec<&str> = draft.paragraphs.iter().map(|p| p.text.as_str()).collect();
    let text = texts.join("\n\n");
    let c = &draft.candidate;
    let see = body::see_references(&text);
    let supersedes = body::supersessions(&text);
    let section_kind = draft.section.as_deref().and_then(body::section_kind);
    let kind = body::classify_kind(&text, c.erratum, section_kind, &supersedes);
    let cards = card_list(&text, &see, &c.topic, kind);
    let (date, dated) = match c.date {
        Some(d) => (d, true),
        None => (about.date, false),
    };
    Entry {
        release: release.to_string(),
        edition: about.edition,
        release_date: about.date,
        date,
        dated,
        section: draft
            .section
            .as_deref()
            .map(|s| s.trim_start_matches('#').trim().to_string()),
        subtopic: subtopic(&c.topic),
        key: TopicKey::new(&c.topic),
        topic: c.topic.clone(),
        kind,
        new: c.new,
        text,
        see,
        supersedes,
        cards,
        effect: None,
        file: file.to_string(),
        line: draft.line,
        spans,
    }
}

/// Whether a paragraph ends with a full stop (not a colon, not mid-sentence).
fn ends_sentence(paragraph: &str) -> bool {
    paragraph
        .trim_end()
        .trim_end_matches(['*', '_', ')', '"', '”', '’', '\''])
        .ends_with(['.', '!', '?'])
}

/// Cards an entry names: the bold and underlined titles in its text, and for
/// errata the card the entry is about (when its topic reads like a card
/// title, not a rules term such as "revised game text").
fn card_list(text: &str, see: &[String], topic: &str, kind: EntryKind) -> Vec<String> {
    let mut cards = body::card_names(text, see, topic);
    let names_a_card = body::is_title_case(topic);
    if kind == EntryKind::Erratum && names_a_card && !cards.iter().any(|c| c == topic) {
        cards.insert(0, topic.to_string());
    }
    cards
}

/// "actions – step 1: initiation" has the sub-topic "step 1: initiation".
fn subtopic(topic: &str) -> Option<String> {
    [" – ", " - ", " — "]
        .iter()
        .filter_map(|sep| topic.find(sep).map(|at| (at, sep.len())))
        .min_by_key(|(at, _)| *at)
        .map(|(at, len)| topic[at + len..].trim().to_string())
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests;
