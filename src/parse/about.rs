//! What a document says about itself: edition, date, title, publisher, kind,
//! the base documents it amends and since when it gathers every ruling.
//! Front matter wins where present; otherwise the document's own words decide,
//! and when they cannot, the error names the file rather than guessing.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use super::dates::find_date;
use super::front_matter::Meta;
use super::heads::Line;
use super::lines::Shape;
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
static BASE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(Glossary|Rulebook)\b").expect("valid regex"));

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

pub fn declares_alphabetical(text: &str) -> bool {
    ALPHABETICAL.is_match(text)
}

pub fn describe(
    file: &str,
    meta: Option<&Meta>,
    front: &[FrontParagraph],
    lines: &[Line],
    entry_dates: &[NaiveDate],
) -> Result<About, DocumentError> {
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

    let date = meta
        .date
        .or_else(|| find_date(&title_block))
        .or_else(|| entry_dates.iter().max().copied())
        .ok_or_else(|| DocumentError::NoDate {
            file: file.to_string(),
        })?;

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
    let before_second_edition = NaiveDate::from_ymd_opt(
        SECOND_EDITION_BEGAN.0,
        SECOND_EDITION_BEGAN.1,
        SECOND_EDITION_BEGAN.2,
    )
    .is_some_and(|began| date < began);
    let edition = meta
        .edition
        .or_else(|| edition_in(&title_block))
        .or_else(|| edition_in(&preamble))
        .or(before_second_edition.then_some(Edition::First))
        .ok_or_else(|| DocumentError::NoEdition {
            file: file.to_string(),
        })?;

    let kind = meta.kind.unwrap_or_else(|| {
        let lower = title_block.to_lowercase();
        if lower.contains("recent rulings") {
            ReleaseKind::RecentRulings
        } else if lower.contains("current rulings") {
            ReleaseKind::CurrentRulings
        } else {
            ReleaseKind::Rulings
        }
    });

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
        let mut found: Vec<String> = Vec::new();
        for c in BASE.captures_iter(&preamble) {
            let name = c[1].to_string();
            if !found.contains(&name) {
                found.push(name);
            }
        }
        found
    } else {
        meta.amends.clone()
    };

    Ok(About {
        edition,
        date,
        title,
        publisher,
        kind,
        amends,
        since,
    })
}
