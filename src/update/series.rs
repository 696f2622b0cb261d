//! A fetched document's place among the versions of what it is: the name
//! its file is kept under (what the document is, as a TD names it,
//! `1e-glossary-1.9.9-2024-10-07.pdf`, never the address it came from), and
//! the series it continues (the Glossary, the Compendium, the RRD, the rule
//! changes), whatever address each version came from.
//!
//! A series is an edition, a kind and the stem of the document's name
//! ([`crate::cite::document_name`] without its version and date: "Glossary",
//! "RRD", "2E rulings"; for a kind with no short name, the title without its
//! dates). A document fetched from an address the folder's record does not
//! know continues the newest version of its series kept in the folder, as
//! the folder's record says.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::cite::{document_name, Named};

/// What a kept document is, as the folder's record remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Version {
    /// The series it is a version of: `1E/glossary/glossary`.
    pub(super) series: String,
    /// Its name as a TD reads it aloud: "Glossary 1.9.9".
    pub(super) name: String,
    /// Its own date: the newest version of a series is the latest dated.
    pub(super) date: NaiveDate,
}

impl Version {
    pub(super) fn of(named: Named<'_>) -> Version {
        Version {
            series: series_key(named),
            name: document_name(named),
            date: named.date,
        }
    }
}

/// The most letters a file name's words take before its date: the name of
/// a document whose kind has no short name is its title, which may be long.
const MAX_NAME: usize = 60;

/// The stem of the file a document is kept under: its edition, its name
/// and its date as far as it printed one, in lowercase words joined by
/// dashes (`1e-glossary-1.9.9-2024-10-07`, `1e-rrd-2024-06-03`,
/// `2e-rulings-2017-06-06`). The edition is said once (a Second Edition
/// name says it already), the date once (an RRD's name holds it). Only
/// ASCII letters, digits, dashes and dots between them: never a hidden
/// name, never a folder, never a name of the address's.
pub(super) fn file_stem(named: Named<'_>) -> String {
    let name = document_name(named);
    let date = named.precision.label(named.date);
    let words = match name.strip_suffix(date.as_str()) {
        Some(before) => file_words(before),
        None => file_words(&name),
    };
    let words: String = words.chars().take(MAX_NAME).collect();
    let words = words.trim_end_matches(['-', '.']);
    let edition = named.edition.label().to_ascii_lowercase();
    let mut stem = if words == edition || words.starts_with(&format!("{edition}-")) {
        words.to_string()
    } else if words.is_empty() {
        format!("{edition}-document")
    } else {
        format!("{edition}-{words}")
    };
    stem.push('-');
    stem.push_str(&file_words(&date));
    stem
}

/// The series a document is a version of: its edition, its kind and its
/// name without the version and date that tell one version from the next.
fn series_key(named: Named<'_>) -> String {
    let name = document_name(named);
    let mut stem = name.as_str();
    if let Some(version) = named.version {
        stem = stem.strip_suffix(version).unwrap_or(stem).trim_end();
    }
    let date = named.precision.label(named.date);
    stem = stem.strip_suffix(date.as_str()).unwrap_or(stem).trim_end();
    format!(
        "{}/{}/{}",
        named.edition.label(),
        named.kind.label(),
        file_words(stem)
    )
}

/// Words in the letters a file name may safely hold: ASCII letters
/// (lowercase) and digits, a dot only between two of them (a version's
/// `1.9.9`), every other run of characters one dash.
fn file_words(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let between = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|c| c.is_ascii_alphanumeric())
        };
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if c == '.' && between(i.checked_sub(1)) && between(Some(i + 1)) {
            out.push('.');
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DatePrecision, Edition, ReleaseKind};

    fn named<'a>(
        edition: Edition,
        kind: ReleaseKind,
        title: &'a str,
        version: Option<&'a str>,
        precision: DatePrecision,
    ) -> Named<'a> {
        Named {
            kind,
            edition,
            title,
            version,
            date: NaiveDate::from_ymd_opt(2024, 10, 7).unwrap(),
            precision,
        }
    }

    #[test]
    fn a_kept_file_is_named_by_what_the_document_is() {
        let day = DatePrecision::Day;
        let cases = [
            (
                named(
                    Edition::First,
                    ReleaseKind::Glossary,
                    "Glossary",
                    Some("1.9.9"),
                    day,
                ),
                "1e-glossary-1.9.9-2024-10-07",
            ),
            (
                named(
                    Edition::First,
                    ReleaseKind::RecentRulings,
                    "First Edition Recent Rulings Document",
                    None,
                    day,
                ),
                "1e-rrd-2024-10-07",
            ),
            (
                named(
                    Edition::Second,
                    ReleaseKind::Rulings,
                    "Second Edition Rulings",
                    None,
                    day,
                ),
                "2e-rulings-2024-10-07",
            ),
            (
                named(
                    Edition::First,
                    ReleaseKind::RuleHistory,
                    "Rule Changes",
                    None,
                    day,
                ),
                "1e-rule-changes-2024-10-07",
            ),
            (
                named(
                    Edition::First,
                    ReleaseKind::Glossary,
                    "Glossary",
                    None,
                    DatePrecision::Month,
                ),
                "1e-glossary-2024-10",
            ),
            (
                named(
                    Edition::Second,
                    ReleaseKind::Rulebook,
                    "Rulebook",
                    Some("4"),
                    day,
                ),
                "2e-rulebook-4-2024-10-07",
            ),
        ];
        for (document, stem) in cases {
            assert_eq!(file_stem(document), stem);
        }
    }

    #[test]
    fn a_name_from_a_title_is_a_safe_file_name() {
        let day = DatePrecision::Day;
        for title in [
            "../../etc/passwd, March 2025",
            ".hidden — Rules Update",
            "Règles & ajouts: “officiels” ... v..2",
            "///",
            &"Very long title ".repeat(20),
        ] {
            let document = named(
                Edition::First,
                ReleaseKind::CurrentRulings,
                title,
                None,
                day,
            );
            let stem = file_stem(document);
            assert!(stem.starts_with("1e-"), "{stem}");
            assert!(stem.ends_with("-2024-10-07"), "{stem}");
            assert!(stem.len() <= 3 + MAX_NAME + 11, "{stem}");
            assert!(
                stem.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-.".contains(c)),
                "{stem}"
            );
            assert!(!stem.contains("..") && !stem.contains("--"), "{stem}");
        }
    }

    #[test]
    fn versions_of_one_document_are_one_series_and_other_documents_are_not() {
        let day = DatePrecision::Day;
        let glossary = |version| {
            series_key(named(
                Edition::First,
                ReleaseKind::Glossary,
                "Glossary",
                version,
                day,
            ))
        };
        assert_eq!(glossary(Some("1.9.9")), "1E/glossary/glossary");
        assert_eq!(glossary(Some("1.9.9")), glossary(Some("2.0.0")));
        assert_eq!(glossary(Some("1.9.9")), glossary(None));
        let rrd = series_key(named(
            Edition::First,
            ReleaseKind::RecentRulings,
            "Recent Rulings Document",
            None,
            day,
        ));
        assert_eq!(rrd, "1E/recent-rulings/rrd");
        let second = series_key(named(
            Edition::Second,
            ReleaseKind::Glossary,
            "Glossary",
            Some("1.9.9"),
            day,
        ));
        assert_ne!(second, glossary(Some("1.9.9")));
        // A kind with no short name: the title without its dates.
        let article = |title| {
            series_key(named(
                Edition::First,
                ReleaseKind::RecentRulings,
                title,
                None,
                day,
            ))
        };
        assert_eq!(
            article("Rules Update, March 2025"),
            article("Rules Update, April 2025")
        );
        assert_eq!(
            article("Rules Update, March 2025"),
            "1E/recent-rulings/rules-update"
        );
    }
}
