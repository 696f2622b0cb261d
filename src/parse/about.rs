//! What a document says about itself: edition, date, title, publisher, kind,
//! the base documents it amends and since when it gathers every ruling.
//! Front matter wins where present; otherwise the document's own words decide,
//! and when they cannot, the error names the file rather than guessing.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use super::front_matter::Meta;
use super::heads::Line;
use super::lines::Shape;
use crate::dates::find_date;
use crate::error::DocumentError;
use crate::model::{Edition, FrontParagraph, ReleaseKind};

/// Second Edition was first published in 2002: an undated-edition document
/// printed before then can only be about First Edition.
const SECOND_EDITION_BEGAN: (i32, u32, u32) = (2002, 1, 1);

static EDITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(first|second)\s+edition\b|\b([12])e\b").expect("valid regex")
});
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
}

/// Words of a line that dates the document ("Rulings Updated: 11/19/01",
/// "CURRENT RULINGS UPDATE 5/14/01", "Released 3/2/99 (Revised 3/9/99)").
static DATING_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(rulings?|rules|updated?|released|revised|effective|edition|faq|errata|document)\b",
    )
    .expect("valid regex")
});
/// A revision date wins over the first printing's.
static REVISED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:revised|updated|revision|rev\.)\b[\s:,(-]*").expect("valid regex")
});
/// A dating line names its date within its first words.
const DATE_WITHIN_WORDS: usize = 12;
/// A line of at most this many words besides its date dates the document.
const SHORT_DATING_LINE: usize = 6;

/// The date a line gives the document, if it is a dating line: a title
/// with its date, a short line that is mostly a date, or a line whose first
/// words say rulings/update/released/revised and then give a date. A long
/// preamble sentence that mentions an earlier document's date is not one,
/// nor an archive's date range.
pub fn dating_line(text: &str, is_title: bool) -> Option<NaiveDate> {
    let t = text.trim().trim_start_matches('#').trim();
    let dates = crate::dates::find_dates(t);
    let (first_start, _, first) = *dates.first()?;
    if dates.len() >= 2 {
        let between = t[dates[0].1..dates[1].0].trim();
        if between.is_empty()
            || between.eq_ignore_ascii_case("to")
            || between.chars().all(|c| matches!(c, '-' | '–' | '—' | ' '))
        {
            // "12 Jan 1999 - 30 Aug 2003": an archive's range, not a date.
            return None;
        }
    }
    let words_before = t[..first_start].split_whitespace().count();
    let mut rest = t.to_string();
    for (start, end, _) in dates.iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    let other_words = rest.split_whitespace().count();
    let lead: String = t.split_whitespace().take(8).collect::<Vec<_>>().join(" ");
    let dating = is_title
        || other_words <= SHORT_DATING_LINE
        || (words_before <= DATE_WITHIN_WORDS && DATING_WORDS.is_match(&lead));
    if !dating {
        return None;
    }
    let revised = REVISED.find_iter(t).find_map(|m| {
        dates
            .iter()
            .find(|(start, _, _)| *start == m.end())
            .map(|(_, _, d)| *d)
    });
    Some(revised.unwrap_or(first))
}

pub fn describe(
    file: &str,
    meta: Option<&Meta>,
    front: &[FrontParagraph],
    lines: &[Line],
    accepted: &[bool],
    entry_dates: &[(usize, NaiveDate)],
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

    // The date: front matter; else the first dating line before the first
    // entry, or a title line anywhere; else the newest entry date; else the
    // file's name. Never invented.
    let first_head = accepted.iter().position(|&a| a).unwrap_or(lines.len());
    let dating = lines
        .iter()
        .enumerate()
        .filter(|(i, l)| *i < first_head || l.shape == Shape::Title)
        .filter(|(i, _)| !accepted[*i])
        .find_map(|(_, l)| dating_line(&l.text, l.shape == Shape::Title).map(|d| (l.no, d)));
    let newest_entry = entry_dates.iter().max_by_key(|(_, d)| *d).copied();
    let (date, date_source) = if let Some(d) = meta.date {
        (d, Source::FrontMatter)
    } else if let Some((line, d)) = dating {
        (d, Source::Line { line })
    } else if let Some((line, d)) = newest_entry {
        (d, Source::EntryDates { line })
    } else if let Some(d) = crate::dates::file_name_date(file) {
        (d, Source::FileName)
    } else {
        return Err(DocumentError::NoDate {
            file: file.to_string(),
        });
    };

    let edition_in = |text: &str| {
        EDITION.captures(text).map(|c| {
            let word = c
                .get(1)
                .or_else(|| c.get(2))
                .map(|m| m.as_str().to_ascii_lowercase())
                .unwrap_or_default();
            if word == "first" || word == "1" {
                Edition::First
            } else {
                Edition::Second
            }
        })
    };
    let edition_line = |text_wanted: &dyn Fn(&str) -> bool| {
        lines
            .iter()
            .find(|l| text_wanted(&l.text))
            .map(|l| Source::Line { line: l.no })
            .unwrap_or(Source::Default)
    };
    let before_second_edition = NaiveDate::from_ymd_opt(
        SECOND_EDITION_BEGAN.0,
        SECOND_EDITION_BEGAN.1,
        SECOND_EDITION_BEGAN.2,
    )
    .is_some_and(|began| date < began);
    let (edition, edition_source) = if let Some(e) = meta.edition {
        (e, Source::FrontMatter)
    } else if let Some(e) = edition_in(&title_block) {
        (e, edition_line(&|t| EDITION.is_match(t)))
    } else if let Some(e) = edition_in(&preamble) {
        (e, edition_line(&|t| EDITION.is_match(t)))
    } else if before_second_edition {
        (Edition::First, Source::BeforeSecondEdition)
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
        },
    ))
}
