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

mod found_dates;
use found_dates::*;

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
    pub version: Option<String>,
}

/// A version as a title block prints it: "Version 2.7.4", "version 4",
/// "v1.9.9" (the number kept, the word dropped).
static PRINTED_VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:\bversion\s+v?|\bv)(\d+(?:\.\d+)*)\b").expect("valid regex")
});

/// The version a document names itself by: the first one printed in its
/// title block (the title line, and the short lines at the top, where a
/// cover's name may have been taken for a head) alone ("Version 2.5.6 — June 2024") or after the
/// document's own name ("Rules Compendium, Version 2.7.4"). A version
/// after another document's name ("Rulebook Version 1.6" in a list of what
/// a rulings document amends), in a list item, or in a preamble's
/// sentence is another document's, and is not taken.
pub(super) fn printed_version<'a>(
    title: Option<&str>,
    kind: ReleaseKind,
    lines: impl Iterator<Item = &'a str>,
) -> Option<String> {
    let own_name = kind.label().replace('-', " ");
    let of_this = |line: &str| -> Option<String> {
        let found = PRINTED_VERSION.captures(line)?;
        let before = line[..found.get(0)?.start()].to_lowercase();
        let before = before.trim_matches(|c: char| !c.is_alphanumeric());
        (before.is_empty() || before.contains(&own_name)).then(|| found[1].to_string())
    };
    let top = lines
        .map(|l| l.trim().trim_start_matches('#').trim())
        .filter(|l| !l.is_empty())
        .take(found_dates::TITLE_BLOCK_LINES)
        .filter(|t| !t.starts_with(['-', '*', '•']))
        .filter(|t| t.split_whitespace().count() <= found_dates::TITLE_BLOCK_WORDS);
    title
        .and_then(|t| PRINTED_VERSION.captures(t).map(|c| c[1].to_string()))
        .or_else(|| top.into_iter().find_map(of_this))
}

/// Whether a line is a version line ("Version 2.5.6 — June 2024").
pub(super) fn is_version_line(line: &str) -> bool {
    found_dates::VERSION_LINE.is_match(line)
}

/// The edition a kind of document belongs to when only one has it: the
/// Glossary, the Rules Compendium and the rule-change history are First
/// Edition's (Second Edition's rules are its Rulebook and its rulings).
pub(super) fn edition_of_kind(kind: ReleaseKind) -> Option<Edition> {
    match kind {
        ReleaseKind::Glossary | ReleaseKind::Compendium | ReleaseKind::RuleHistory => {
            Some(Edition::First)
        }
        _ => None,
    }
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
    // An interim ruling of Organized Play gives sections of the Guide new
    // words: read by its sections, as the Guide is.
    let organized_play =
        lower_title.contains("organized play") || lower_title.contains("organised play");
    if organized_play && lower_title.contains("interim") {
        return Some(ReleaseKind::InterimRuling);
    }
    // "RULEBOOK UPDATES", "Glossary errata": a heading of a rulings
    // document, not the title of a base.
    if ["ruling", "update", "errata", "change"]
        .iter()
        .any(|w| lower_title.contains(w))
    {
        None
    } else if lower_title.contains("organized play guide")
        || lower_title.contains("organised play guide")
    {
        Some(ReleaseKind::OrganizedPlayGuide)
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
    /// What the document is: a kind of document only one edition has.
    DocumentKind,
    /// A Rulebook numbered as only First Edition's is (`1.1`, `7.4.2`).
    NumberedSections,
    /// Nothing tells it: the document is read as both editions'.
    Unknown,
    /// What the document is: the Organized Play Guide runs the events of
    /// both games, so it is read as both editions', as it should be.
    BothGames,
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
    /// The day a page says it was posted, under its title ("Posted by
    /// rules_desk on Tuesday, March 4, 2025", "4th October 2021"): an
    /// article's own day, which its title's month only names.
    Byline,
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
            DatePlace::Byline => 95,
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
    // A month ("Rules Update, March 2025") and a day of that month the
    // document prints as its own before its entries ("4 March 2025"): the
    // day says more of the same date.
    if best.month_only {
        let same_month = |c: &&DateCandidate| {
            !c.cited
                && !c.month_only
                && c.place.weight() >= DatePlace::FirstPage.weight()
                && c.date.format("%Y-%m").to_string() == best.date.format("%Y-%m").to_string()
        };
        if let Some(day) = dates
            .iter()
            .filter(same_month)
            .rev()
            .max_by_key(|c| c.place.weight())
        {
            return Some(day);
        }
    }
    // The entries' newest date says when the document was issued at the
    // earliest (and an entry whose head was not read leaves it older); a
    // file name's date after it says when (the same date is the entries').
    if best.place == DatePlace::EntryDates {
        if let Some(named) = dates
            .iter()
            .find(|c| c.place == DatePlace::FileName && c.date > best.date)
        {
            return Some(named);
        }
    }
    Some(best)
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

/// The front paragraphs read for an article's name where its title is not.
const FRONT_NAMING_ARTICLE: usize = 4;
/// The most words of a line that is an article's name alone ("Rules
/// Update", "First Edition Monthly Rulings").
const ARTICLE_NAME_WORDS: usize = 5;
/// A preamble that calls the page this month's rules update.
static ARTICLE_IN_PREAMBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthis\s+month[’']?s\s+(?:(?:first|second)\s+edition\s+|[12]e\s+)?(?:rules?|rulings?)\s+updates?\b")
        .expect("valid regex")
});

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

    let edition_in = |text: &str| {
        text.lines()
            .filter(|l| !found_dates::names_both(l))
            .find_map(|l| EDITION.captures(l).map(|c| edition_of(&c)))
    };
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
    let kind_text = if title_block.is_empty() {
        preamble.lines().take(3).collect::<Vec<_>>().join(" ")
    } else {
        title_block.clone()
    };
    let (kind, kind_source) = match meta.kind {
        Some(k) => (k, Source::FrontMatter),
        None => {
            let lower = kind_text.to_lowercase();
            // A rules-update article announces the month's rulings, as a
            // Recent Rulings Document does.
            // Its title names it, or, where a copy kept no title, its
            // front says so: the first words under a title that is not the
            // name ("Rules Update" on a line of its own, a byline), or the
            // preamble's own words ("this month's First Edition rules
            // update").
            let article = title_line
                .as_deref()
                .is_some_and(super::lines::is_article_name)
                || front.iter().take(FRONT_NAMING_ARTICLE).any(|p| {
                    p.text.lines().next().is_some_and(|l| {
                        super::lines::is_article_name(l.trim().trim_start_matches('#'))
                            && l.split_whitespace().count() <= ARTICLE_NAME_WORDS
                    }) || ARTICLE_IN_PREAMBLE.is_match(&p.text)
                });
            let kind = if lower.contains("recent rulings") || article {
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
                    lower.contains("rulings")
                        || base_kind(&lower).is_some()
                        || super::lines::is_article_name(t.trim_start_matches('#'))
                })
            };
            (kind, source)
        }
    };

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
    } else if let Some(e) = edition_of_kind(kind) {
        // What the document is says it: only First Edition has a Glossary,
        // a Rules Compendium and a rule-change history.
        (e, Source::DocumentKind)
    } else {
        // Read all the same, as both editions' (`corpus`), and said so.
        (Edition::First, Source::Unknown)
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

    let version = meta.version.clone().or_else(|| {
        printed_version(
            meta.title.as_deref(),
            kind,
            lines.iter().map(|l| l.text.as_ref()),
        )
    });

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
            version,
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
