//! What a document says about itself: edition, date, title, publisher, kind,
//! the base documents it amends and since when it gathers every ruling.
//! Front matter wins where present; otherwise the document's own words decide,
//! and when they cannot, the error names the file rather than guessing.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use super::dating::{dating_line, is_range};
use super::front_matter::Meta;
use super::heads::Line;
use super::lines::Shape;
use crate::dates::find_date;
use crate::error::DocumentError;
use crate::model::{DatePrecision, Edition, FrontParagraph, ReleaseKind};

/// Second Edition was first published in 2002: an undated-edition document
/// printed before then can only be about First Edition.
const SECOND_EDITION_BEGAN: (i32, u32, u32) = (2002, 1, 1);

static EDITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(first|second)\s+edition\b|\b([12])e\b").expect("valid regex")
});
/// The words that name an edition in a line ("First Edition", "2E").
pub fn edition_named(line: &str) -> Option<String> {
    EDITION.find(line).map(|m| m.as_str().to_string())
}

static SINCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)contains all [^.]*?issued since (?:the )?(.+?)(?:\s+and all\b|\s*\(|\.\s|\.$|$)",
    )
    .expect("valid regex")
});
static ALPHABETICAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)arranged alphabetically").expect("valid regex"));

pub struct About {
    pub edition: Edition,
    pub date: NaiveDate,
    pub date_precision: DatePrecision,
    pub title: String,
    pub publisher: Option<String>,
    pub kind: ReleaseKind,
    pub amends: Vec<String>,
    pub since: Option<String>,
}

/// "Current Rulings Document (6 February 2012)" → "Current Rulings Document".
fn without_date(title: &str) -> String {
    match title
        .trim_end()
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once('('))
    {
        Some((head, inside)) if find_date(inside).is_some() => head.trim_end().to_string(),
        _ => title.trim().to_string(),
    }
}

/// The base document a title names, when it is one: "Rules Compendium",
/// "Rulebook", "Glossary" (a rulings document's title names rulings or
/// updates).
pub fn base_kind(lower_title: &str) -> Option<ReleaseKind> {
    let title = lower_title.trim();
    // A title is a short line, not a sentence ("cloaking – This Glossary
    // entry has been deleted." is a ruling).
    if title.split_whitespace().count() > 12 || title.ends_with('.') || title.contains(" – ") {
        return None;
    }
    // "RULEBOOK UPDATES", "Glossary errata": a heading of a rulings
    // document, not the title of a base.
    if ["ruling", "update", "errata", "change"]
        .iter()
        .any(|w| lower_title.contains(w))
    {
        None
    } else if lower_title.contains("compendium") {
        Some(ReleaseKind::Compendium)
    } else if lower_title.contains("rulebook") || lower_title.contains("rule book") {
        Some(ReleaseKind::Rulebook)
    } else if lower_title.contains("glossary") {
        Some(ReleaseKind::Glossary)
    } else {
        None
    }
}

pub fn declares_alphabetical(text: &str) -> bool {
    ALPHABETICAL.is_match(text)
}

/// Where a fact about a release was found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "from", rename_all = "kebab-case")]
pub enum Source {
    FrontMatter,
    /// A line of the document's own text.
    Line {
        line: usize,
    },
    /// The file's name (only when the text has no date).
    FileName,
    /// The newest of the entries' own dates.
    EntryDates {
        line: usize,
    },
    /// Before Second Edition existed, only First Edition can be meant.
    BeforeSecondEdition,
    /// Nothing said otherwise.
    Default,
}

/// Where edition, date and kind came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Provenance {
    pub edition: Source,
    pub date: Source,
    pub kind: Source,
    /// Every date found that could be the document's own, in the order
    /// found; the one taken is [`best_date`]'s.
    pub dates: Vec<DateCandidate>,
}

/// Where a date that could be the document's own sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DatePlace {
    FrontMatter,
    /// The title, or a short line of the first few under or above it
    /// ("GLOSSARY" / "Version 1.9.1" / "May 2013").
    TitleBlock,
    /// "Version 2.5.4 — April 2024", "Version 2.7.4 (3 August 2026)".
    VersionLine,
    /// A dated line printed again and again (a page's header or footer).
    RunningHeader,
    /// A line before the first entry that says what it dates
    /// ("Rulings Updated: 11/19/01").
    DatingLine,
    /// The newest revision of the document's change log ("2022-10-03:
    /// Added section 7.4.3 sidebars"): the document is that revision.
    ChangeLog,
    /// Another short line before the first entry.
    FirstPage,
    /// The newest of the entries' own dates.
    EntryDates,
    FileName,
}

impl DatePlace {
    /// How much a date placed here is worth: where the document prints its
    /// own date beats where it happens to print one.
    pub fn weight(self) -> u8 {
        match self {
            DatePlace::FrontMatter => 100,
            DatePlace::TitleBlock => 90,
            DatePlace::VersionLine => 85,
            DatePlace::RunningHeader => 80,
            DatePlace::DatingLine => 60,
            DatePlace::ChangeLog => 55,
            DatePlace::FirstPage => 50,
            DatePlace::EntryDates => 20,
            DatePlace::FileName => 10,
        }
    }
}

/// A date that could be the document's own.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DateCandidate {
    pub date: NaiveDate,
    /// Printed as a month ("April 2024"): in force from the first, the day
    /// not given.
    pub month_only: bool,
    pub place: DatePlace,
    pub line: Option<usize>,
    /// Printed in words that cite another document ("since the Glossary of
    /// 3 May 2021", "reverses the ruling of 3/27/00"): shown, never taken.
    pub cited: bool,
}

/// The candidate taken: the best placed, the first found among equals;
/// a cited date never.
pub fn best_date(dates: &[DateCandidate]) -> Option<&DateCandidate> {
    let best = dates
        .iter()
        .filter(|c| !c.cited)
        .rev()
        .max_by_key(|c| c.place.weight())?;
    // The entries' newest date says when the document was issued at the
    // earliest (and an entry whose head was not read leaves it older); a
    // file name's date on or after it says when.
    if best.place == DatePlace::EntryDates {
        if let Some(named) = dates
            .iter()
            .find(|c| c.place == DatePlace::FileName && c.date >= best.date)
        {
            return Some(named);
        }
    }
    Some(best)
}

/// Words right before a date that make it another document's date.
static CITING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:since|of|dated|until|before|after|reverses|replaces|supersedes)\s+(?:the\s+)?\(?$",
    )
    .expect("valid regex")
});
/// "since the last Current Rulings document (2/28/00)": the date of an
/// earlier document, named before it.
static CITING_EARLIER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:since|until|before|after|replaces|supersedes)\s+(?:the\s+)?(?:last|previous|prior|earlier|preceding)\s+(?:[\w-]+\s+){0,4}\(?$",
    )
    .expect("valid regex")
});
/// An item of a bulleted list: a list of documents ("• Rulebook Version
/// 1.6 (October 1999)") cites each of them, the document itself included.
static LIST_BULLET: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:[-+•·▪◦]\s*|\*\s+)\S").expect("valid regex"));
/// "as of 3 May 2021", "effective of": the document's own date.
static OWN_OF: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:as|effective)\s+of\s+$").expect("valid regex"));
static VERSION_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bversion\s+v?\d+(?:\.\d+)*\b").expect("valid regex"));
/// How many non-blank lines from the top make the title block.
const TITLE_BLOCK_LINES: usize = 8;
/// A line of the title block carries little besides its date.
const TITLE_BLOCK_WORDS: usize = 8;
/// A line printed this many times is a running header or footer.
const RUNNING_TIMES: usize = 2;

/// What a dated line keeps from page to page: its words and its date,
/// without the page number ("Current Rulings, 12 June 2022, page 3").
fn running_key(text: &str) -> Option<String> {
    let t = text.trim();
    let dates = crate::dates::find_dates(t);
    let (_, _, date) = *dates.first()?;
    let mut rest = t.to_string();
    for (s, e, _) in dates.iter().rev() {
        rest.replace_range(*s..*e, " ");
    }
    let words: Vec<&str> = rest
        .split_whitespace()
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    Some(format!("{date} {}", words.join(" ")))
}

/// Whether a line ends with a month's name.
fn ends_with_month(text: &str) -> bool {
    text.split_whitespace().next_back().is_some_and(|w| {
        crate::dates::MONTHS
            .iter()
            .any(|m| m.eq_ignore_ascii_case(w.trim_end_matches(',')))
    })
}

/// Every date of the document's lines that could be its own, each with its
/// place: the title block, version lines, running headers, dating lines and
/// short lines before the first entry. A body line's date is none; a date
/// in words citing another document is kept, marked cited.
fn date_candidates(
    lines: &[Line],
    accepted: &[bool],
    front: &[FrontParagraph],
    first_head: usize,
    title_index: Option<usize>,
) -> Vec<DateCandidate> {
    // The lines as read, and the lines set aside as page furniture (a
    // running header, a page footer), which only the front matter keeps.
    struct Seen<'a> {
        no: usize,
        text: &'a str,
        title: bool,
        blank: bool,
        accepted: bool,
    }
    let numbers: std::collections::HashSet<usize> = lines.iter().map(|l| l.no).collect();
    let mut seen_lines: Vec<Seen> = lines
        .iter()
        .zip(accepted)
        .map(|(l, a)| Seen {
            no: l.no,
            text: &l.text,
            title: l.shape == Shape::Title,
            blank: l.shape == Shape::Blank,
            accepted: *a,
        })
        .collect();
    seen_lines.extend(
        front
            .iter()
            .filter(|p| p.line == p.end_line && !numbers.contains(&p.line))
            .map(|p| Seen {
                no: p.line,
                text: &p.text,
                title: false,
                blank: false,
                accepted: false,
            }),
    );
    seen_lines.sort_by_key(|l| l.no);
    let first_head_no = lines.get(first_head).map_or(usize::MAX, |l| l.no);
    let title_no = title_index.map(|i| lines[i].no);
    let title_at = title_no.and_then(|no| seen_lines.iter().position(|l| l.no == no));

    let mut times: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for l in seen_lines.iter().filter(|l| !l.accepted) {
        if let Some(key) = running_key(l.text) {
            *times.entry(key).or_default() += 1;
        }
    }
    let title_key = title_index
        .map(|t| item_name(&lines[t].text))
        .filter(|k| !k.is_empty());
    let mut nonblank = 0usize;
    let mut found = Vec::new();
    for (i, l) in seen_lines.iter().enumerate() {
        let before_entries = l.no < first_head_no;
        if !l.blank && before_entries {
            nonblank += 1;
        }
        let text = l.text.trim().trim_start_matches('#').trim();
        // A title whose date the measure wrapped after its month (`Current
        // Rulings Document February` / `6, 2012`) is read with its next line.
        let joined;
        let text = match seen_lines
            .get(i + 1)
            .filter(|_| l.title && ends_with_month(text))
        {
            Some(next) => {
                joined = format!("{text} {}", next.text.trim());
                joined.as_str()
            }
            None => text,
        };
        // "Version 2.5.4 — April 2024" reads like a head and its text; it
        // still dates the document.
        if l.accepted && VERSION_LINE.find(text).is_none_or(|m| m.start() != 0) {
            continue;
        }
        let dates = crate::dates::find_dates(text);
        if dates.is_empty() || is_range(text, &dates) {
            continue;
        }
        let is_title = l.title;
        let listed = LIST_BULLET.is_match(text);
        // The words that cite a date may end the lines before it, where a
        // wrap broke the sentence (`… since the last` / `Current Rulings
        // document` / `(2/28/00) are marked …`).
        let lead_in =
            sentence_before(
                seen_lines[..i]
                    .iter()
                    .map(|l| if l.blank { "" } else { l.text }),
            );
        let cited = |start: usize| {
            let before = format!("{lead_in} {}", &text[..start]);
            let before = before.trim_start();
            !is_title
                && (listed
                    || CITING_EARLIER.is_match(before)
                    || (CITING.is_match(before) && !OWN_OF.is_match(before)))
        };
        let own: Vec<_> = dates.iter().filter(|(s, _, _)| !cited(*s)).collect();
        let mut rest = text.to_string();
        for (s, e, _) in dates.iter().rev() {
            rest.replace_range(*s..*e, " ");
        }
        let short = rest.split_whitespace().count() <= TITLE_BLOCK_WORDS;
        let near_title = title_at.is_some_and(|t| i > t && i <= t + 4) && short;
        // "11/1/21 This Glossary is …", "Version 1.9.1 11/1/21 This …":
        // the title block's date (and version) run into the first
        // paragraph where a copy lost the line breaks.
        let opens_under_title = title_at.is_some_and(|t| {
            i > t
                && seen_lines[t + 1..i].iter().all(|l| l.blank)
                && only_a_version(&text[..dates[0].0])
        });
        let running = short
            && running_key(l.text)
                .and_then(|k| times.get(&k))
                .copied()
                .unwrap_or(0)
                >= RUNNING_TIMES;
        let place = if running && !is_title {
            Some(DatePlace::RunningHeader)
        } else if VERSION_LINE.is_match(text) && short {
            Some(DatePlace::VersionLine)
        } else if is_title
            || (before_entries && short && nonblank <= TITLE_BLOCK_LINES)
            || near_title
            || opens_under_title
        {
            Some(DatePlace::TitleBlock)
        } else if before_entries && dating_line(text, false).is_some() {
            Some(DatePlace::DatingLine)
        } else if before_entries && short {
            Some(DatePlace::FirstPage)
        } else {
            None
        };
        // A list of the documents that make up the rules names this one
        // too (`• Current Rulings (3/27/00)` under a title `Current
        // Rulings`): that item's date is the document's own.
        let own_item = title_key.as_deref().and_then(|title| {
            dates.iter().find(|(start, _, _)| {
                listed && before_entries && item_name(&text[..*start]) == title
            })
        });
        if let Some(&(start, end, date)) = own_item {
            found.push(DateCandidate {
                date,
                month_only: crate::dates::month_only(&text[start..end]),
                place: place.unwrap_or(DatePlace::FirstPage),
                line: Some(l.no),
                cited: false,
            });
            continue;
        }
        let Some(place) = place else { continue };
        let candidate =
            |(start, end, date): (usize, usize, NaiveDate), cited: bool| DateCandidate {
                date,
                month_only: crate::dates::month_only(&text[start..end]),
                place,
                line: Some(l.no),
                cited,
            };
        if own.is_empty() {
            found.push(candidate(dates[0], true));
            continue;
        }
        // A revision date wins over the first printing's.
        let pick = dating_line(text, is_title)
            .and_then(|d| own.iter().find(|(_, _, o)| *o == d))
            .unwrap_or(&own[0]);
        found.push(candidate(**pick, false));
    }
    found
}

/// The name of the last item of a list before a date, folded to compare
/// with a title: `• Rulebook (Oct 1999) • Current Rulings (` → `current
/// rulings`; a title's own words folded the same way.
fn item_name(before: &str) -> String {
    let item = before.rsplit(['•', '·', '▪', '◦']).next().unwrap_or(before);
    item.trim_start_matches(['#', '*', '-', '+', ' '])
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many of a document's first lines may name its edition where its
/// title block and preamble do not.
const EDITION_REACH: usize = 60;

/// The edition a match of [`EDITION`] names.
fn edition_of(c: &regex::Captures) -> Edition {
    let word = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
    if word.eq_ignore_ascii_case("first") || word == "1" {
        Edition::First
    } else {
        Edition::Second
    }
}

/// The one edition the first lines name, with the first line naming it,
/// where they name one and never the other.
fn only_edition_named(lines: &[Line]) -> Option<(Edition, usize)> {
    let mut named: Option<(Edition, usize)> = None;
    for l in lines.iter().take(EDITION_REACH) {
        for c in EDITION.captures_iter(&l.text) {
            let e = edition_of(&c);
            match named {
                None => named = Some((e, l.no)),
                Some((first, _)) if first != e => return None,
                Some(_) => {}
            }
        }
    }
    named
}

/// How many lines before a date the words citing it may start.
const CITING_REACH: usize = 2;

/// The end of the sentence a line goes on from: up to [`CITING_REACH`]
/// of the lines before it (`before`, in order), joined, where none of them
/// ends a sentence or is blank.
fn sentence_before<'a>(before: impl DoubleEndedIterator<Item = &'a str>) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for text in before.rev().take(CITING_REACH) {
        let text = text.trim();
        if text.is_empty() || !super::lines::ends_mid_sentence(text) {
            break;
        }
        parts.push(text);
    }
    parts.reverse();
    parts.join(" ")
}

/// The newest revision a change log lists: the dates that open the lines
/// under a "Change Log" heading, up to the next part ("2022-10-03: Added
/// section 7.4.3 sidebars", "• 3 October 2022 – Revised errata"). Takes
/// the document's lines with their numbers: a log is no entry, and it often
/// ends the document, after every line the entries are read from.
pub fn change_log_date<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Option<DateCandidate> {
    let mut in_log = false;
    let mut newest: Option<DateCandidate> = None;
    for (no, text) in lines {
        match super::parts::heads_change_log(text) {
            Some(true) => {
                in_log = true;
                continue;
            }
            Some(false) => in_log = false,
            None if text.trim_start().starts_with('#') => in_log = false,
            None => {}
        }
        if !in_log {
            continue;
        }
        let bare = text.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '*' | '_' | '-' | '•' | '·' | '+')
        });
        let Some(&(start, end, date)) = crate::dates::find_dates(bare).first() else {
            continue;
        };
        if start != 0 || newest.as_ref().is_some_and(|n| n.date >= date) {
            continue;
        }
        newest = Some(DateCandidate {
            date,
            month_only: crate::dates::month_only(&bare[start..end]),
            place: DatePlace::ChangeLog,
            line: Some(no),
            cited: false,
        });
    }
    newest
}

/// Whether the words before a line's first date are none but a version
/// ("Version 1.9.1", "(", "Version 2.5.4 —"): the date still opens the line.
fn only_a_version(before: &str) -> bool {
    let rest = match VERSION_LINE.find(before) {
        Some(m) if before[..m.start()].trim().is_empty() => &before[m.end()..],
        _ => before,
    };
    rest.trim_matches(|c: char| c.is_whitespace() || matches!(c, '(' | ',' | '—' | '–' | '-'))
        .is_empty()
}

pub fn describe(
    file: &str,
    meta: Option<&Meta>,
    front: &[FrontParagraph],
    lines: &[Line],
    accepted: &[bool],
    entry_dates: &[(usize, NaiveDate)],
    change_log: Option<DateCandidate>,
) -> Result<(About, Provenance), DocumentError> {
    let meta = meta.cloned().unwrap_or_default();
    let title_index = lines.iter().position(|l| l.shape == Shape::Title);
    let title_line = title_index.map(|i| {
        lines[i]
            .text
            .trim()
            .trim_start_matches('#')
            .trim()
            .to_string()
    });
    // The title block: the title line and the lines right after it that only
    // carry its date ("Current Rulings" / "3/27/00").
    let mut title_block = title_line.clone().unwrap_or_default();
    if let Some(i) = title_index {
        for l in lines[i + 1..]
            .iter()
            .filter(|l| l.shape != Shape::Blank)
            .take(2)
        {
            let t = l.text.trim();
            if find_date(t).is_some() && t.split_whitespace().count() <= 4 {
                title_block.push(' ');
                title_block.push_str(t);
            }
        }
    }
    let preamble: String = front
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");

    // The date: every candidate with where it sits, the best placed taken
    // (front matter, then the title block, a version line, a running
    // header, a dating line before the first entry, the first page, the
    // entries' own dates, the file's name). Never invented.
    let first_head = accepted.iter().position(|&a| a).unwrap_or(lines.len());
    let mut dates = date_candidates(lines, accepted, front, first_head, title_index);
    if let Some(d) = meta.date {
        dates.insert(
            0,
            DateCandidate {
                date: d,
                month_only: false,
                place: DatePlace::FrontMatter,
                line: None,
                cited: false,
            },
        );
    }
    dates.extend(change_log);
    if let Some((line, d)) = entry_dates.iter().max_by_key(|(_, d)| *d).copied() {
        dates.push(DateCandidate {
            date: d,
            month_only: false,
            place: DatePlace::EntryDates,
            line: Some(line),
            cited: false,
        });
    }
    if let Some(d) = crate::dates::file_name_date(file) {
        dates.push(DateCandidate {
            date: d,
            month_only: false,
            place: DatePlace::FileName,
            line: None,
            cited: false,
        });
    }
    // No date found: the document is still read, undated (never refused
    // whole, never given an invented date).
    let (date, date_precision, date_source) = match best_date(&dates) {
        Some(winner) => (
            winner.date,
            if winner.month_only {
                DatePrecision::Month
            } else {
                DatePrecision::Day
            },
            match (winner.place, winner.line) {
                (DatePlace::FrontMatter, _) => Source::FrontMatter,
                (DatePlace::FileName, _) => Source::FileName,
                (DatePlace::EntryDates, Some(line)) => Source::EntryDates { line },
                (_, Some(line)) => Source::Line { line },
                (_, None) => Source::Default,
            },
        ),
        None => (
            crate::model::UNDATED,
            DatePrecision::Undated,
            Source::Default,
        ),
    };

    let edition_in = |text: &str| EDITION.captures(text).map(|c| edition_of(&c));
    let edition_line = |text_wanted: &dyn Fn(&str) -> bool| {
        lines
            .iter()
            .find(|l| text_wanted(&l.text))
            .map(|l| Source::Line { line: l.no })
            .unwrap_or(Source::Default)
    };
    let began = NaiveDate::from_ymd_opt(
        SECOND_EDITION_BEGAN.0,
        SECOND_EDITION_BEGAN.1,
        SECOND_EDITION_BEGAN.2,
    );
    // Dated before Second Edition existed; or, with no date of its own
    // found, every date its title block and preamble print (the documents
    // it supplements, the last release it follows) falls before then.
    let before_second_edition = began.is_some_and(|began| {
        if date_precision == DatePrecision::Undated {
            let printed: Vec<NaiveDate> = dates
                .iter()
                .map(|d| d.date)
                .chain(
                    crate::dates::find_dates(&preamble)
                        .into_iter()
                        .map(|(_, _, d)| d),
                )
                .collect();
            !printed.is_empty() && printed.iter().all(|d| *d < began)
        } else {
            date < began
        }
    });
    let (edition, edition_source) = if let Some(e) = meta.edition {
        (e, Source::FrontMatter)
    } else if let Some(e) = edition_in(&title_block) {
        (e, edition_line(&|t| EDITION.is_match(t)))
    } else if let Some(e) = edition_in(&preamble) {
        (e, edition_line(&|t| EDITION.is_match(t)))
    } else if before_second_edition {
        (Edition::First, Source::BeforeSecondEdition)
    } else if let Some((e, line)) = only_edition_named(lines) {
        // The title block and preamble name none, but the first page names
        // one edition and never the other.
        (e, Source::Line { line })
    } else {
        return Err(DocumentError::NoEdition {
            file: file.to_string(),
        });
    };

    let kind_text = if title_block.is_empty() {
        preamble.lines().take(3).collect::<Vec<_>>().join(" ")
    } else {
        title_block.clone()
    };
    let (kind, kind_source) = match meta.kind {
        Some(k) => (k, Source::FrontMatter),
        None => {
            let lower = kind_text.to_lowercase();
            let kind = if lower.contains("recent rulings") {
                ReleaseKind::RecentRulings
            } else if lower.contains("current rulings") {
                ReleaseKind::CurrentRulings
            } else if let Some(kind) = base_kind(&lower).filter(|_| !title_block.is_empty()) {
                // Only a title names a base document: a preamble that
                // mentions the Glossary is a rulings document's.
                kind
            } else {
                ReleaseKind::Rulings
            };
            let source = if kind == ReleaseKind::Rulings {
                Source::Default
            } else {
                edition_line(&|t| {
                    let lower = t.to_lowercase();
                    lower.contains("rulings") || base_kind(&lower).is_some()
                })
            };
            (kind, source)
        }
    };

    // The title as printed, without the date it carries: citations add the
    // release date themselves.
    let title = meta
        .title
        .clone()
        .or_else(|| title_line.as_deref().map(without_date))
        .unwrap_or_else(|| format!("{edition} rulings"));

    let publisher = meta.publisher.clone().or_else(|| {
        if preamble.contains("Continuing Committee") || preamble.contains("CONTINUING COMMITTEE") {
            Some("The Continuing Committee".to_string())
        } else if preamble.contains("Decipher") {
            Some("Decipher".to_string())
        } else {
            None
        }
    });

    let since = meta.since.clone().or_else(|| {
        SINCE
            .captures(&preamble.replace('\n', " "))
            .map(|c| c[1].trim().to_string())
    });

    let amends = if meta.amends.is_empty() {
        super::references::base_documents(&preamble)
            .into_iter()
            .map(str::to_string)
            .collect()
    } else {
        meta.amends.clone()
    };

    Ok((
        About {
            edition,
            date,
            date_precision,
            title,
            publisher,
            kind,
            amends,
            since,
        },
        Provenance {
            edition: edition_source,
            date: date_source,
            kind: kind_source,
            dates,
        },
    ))
}

#[cfg(test)]
mod tests;
