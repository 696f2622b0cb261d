//! Citations as the Committee's documents name themselves: a document by
//! its kind and version ("Glossary 1.9.9", "Rulebook 2.5.8") or, for the
//! rulings documents that carry no version, by its date ("RRD
//! 2024-06-03"); an entry by its section number and title ("§7.5 Damage
//! and Repairs") or by its head or section ("— stopped", "— Glossary
//! updates"). File and line stay out of the citation: they are given
//! where a reader asks for them (`--verbose`, the JSON, the page's
//! details).

use chrono::NaiveDate;

use crate::dates::find_dates;
use crate::model::{DatePrecision, Edition, Entry, Release, ReleaseInfo, ReleaseKind};
use crate::parse::base::section_number;
use crate::safe::sanitize;

/// What names a document: the fields [`Release`] and [`ReleaseInfo`]
/// share.
#[derive(Debug, Clone, Copy, Hash)]
pub struct Named<'a> {
    pub kind: ReleaseKind,
    pub edition: Edition,
    pub title: &'a str,
    pub version: Option<&'a str>,
    pub date: NaiveDate,
    pub precision: DatePrecision,
}

impl Release {
    pub fn named(&self) -> Named<'_> {
        Named {
            kind: self.kind,
            edition: self.edition,
            title: &self.title,
            version: self.version.as_deref(),
            date: self.date,
            precision: self.date_precision,
        }
    }
}

impl ReleaseInfo {
    pub fn named(&self) -> Named<'_> {
        Named {
            kind: self.kind,
            edition: self.edition,
            title: &self.title,
            version: self.version.as_deref(),
            date: self.date,
            precision: self.date_precision,
        }
    }
}

/// A document's name as a TD reads it aloud: "Glossary 1.9.9", "Rulebook
/// 2.5.8", "Compendium 2.7.4", "RRD 2024-06-03", "CRD 2014-11-03", "2E
/// rulings", "Rule changes", "2E Rulebook 4". A Second Edition document
/// says so, unless its name already does; a document whose kind has no
/// short name is named by its title, its date set apart.
pub fn document_name(named: Named<'_>) -> String {
    let title = named.title.to_lowercase();
    let (stem, dated) = match named.kind {
        ReleaseKind::Glossary => ("Glossary".to_string(), true),
        ReleaseKind::Rulebook => ("Rulebook".to_string(), true),
        ReleaseKind::Compendium => ("Compendium".to_string(), true),
        // Each version is dated by its own document.
        ReleaseKind::RuleHistory => ("Rule changes".to_string(), false),
        // The name TDs and the Committee use: "OPG 5.1".
        ReleaseKind::OrganizedPlayGuide => ("OPG".to_string(), true),
        // Its authority, named: the Director of Organized Play's.
        ReleaseKind::InterimRuling => ("Interim OP ruling".to_string(), true),
        // The official rulings page: each ruling is dated by itself.
        ReleaseKind::Rulings if is_rulings_page(&title) => ("rulings".to_string(), false),
        ReleaseKind::RecentRulings if title.contains("recent rulings") => ("RRD".to_string(), true),
        ReleaseKind::CurrentRulings if title.contains("current rulings document") => {
            ("CRD".to_string(), true)
        }
        _ => (without_dates(named.title), true),
    };
    let stem = if stem == "rulings" || named.edition == Edition::Second {
        format!("{} {stem}", named.edition.label())
    } else {
        stem
    };
    match (named.version, dated) {
        (Some(version), _) => format!("{stem} {version}"),
        (None, true) if named.precision == DatePrecision::Undated => format!("{stem} (undated)"),
        (None, true) => format!("{stem} {}", named.precision.label(named.date)),
        (None, false) => stem,
    }
}

/// Whether a rulings document's title is the rulings page's own ("Second
/// Edition Rulings", "2E rulings", "Rulings", the page's bare "Second
/// Edition"), not another list of
/// rulings a TD keeps ("Errata notes").
fn is_rulings_page(title: &str) -> bool {
    let words: Vec<&str> = title
        .split_whitespace()
        .filter(|w| !matches!(*w, "first" | "second" | "edition" | "1e" | "2e"))
        .collect();
    words.is_empty() || words == ["rulings"]
}

/// A title with the dates it prints taken out ("Rules Update, March 2025"
/// → "Rules Update"), and what joined them.
fn without_dates(title: &str) -> String {
    let mut kept = String::new();
    let mut from = 0;
    for (start, end, _) in find_dates(title) {
        kept.push_str(&title[from..start]);
        from = end;
    }
    kept.push_str(&title[from..]);
    // No separator a citation's place begins with stays in a name (see
    // [`document_part`]).
    let words: Vec<&str> = kept
        .split_whitespace()
        .filter(|w| !matches!(*w, "—" | "–" | "§"))
        .map(|w| w.trim_end_matches(','))
        .collect();
    let joined = words.join(" ");
    let trimmed = joined.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | '(' | ')' | '-' | '–' | '—' | ':')
    });
    if trimmed.is_empty() {
        sanitize(title.trim())
    } else {
        sanitize(trimmed)
    }
}

/// Where in its document an entry sits, as the document names it: a
/// numbered section by its number and title ("§7.4.2 Personnel Battle",
/// with a sidebar's label after it), a Compendium's part and head
/// ("Glossary — stopped"), a Glossary's head ("— stopped"), a rulings
/// document's section ("— Glossary updates") or, where it has none, the
/// ruling's head.
pub fn place(entry: &Entry, kind: ReleaseKind) -> String {
    let topic = plain_words(&entry.topic);
    if let Some(number) = section_number(&entry.topic) {
        let title = topic
            .strip_prefix(number)
            .unwrap_or(&topic)
            .trim_start_matches(|c: char| c == ':' || c == '.' || c.is_whitespace());
        return if title.is_empty() {
            format!(" §{number}")
        } else {
            format!(" §{number} {title}")
        };
    }
    let section = entry
        .section
        .as_deref()
        .map(plain_words)
        .filter(|s| !s.is_empty());
    if section.as_deref() == Some(crate::model::BAN_LISTS) {
        // A list is cited by its format: "OTF Ban List 2018-12-20 — OTF";
        // a larger document's by its topic: "Compendium 2.7.5 — Modern
        // ban list".
        if kind == ReleaseKind::BanList {
            let format = crate::parse::ban_list::format_of_topic(&topic).unwrap_or(&topic);
            return format!(" — {format}");
        }
        return format!(" — {topic}");
    }
    match kind {
        ReleaseKind::Compendium => match section {
            Some(part) if !part.eq_ignore_ascii_case(&topic) => {
                format!(", {} — {topic}", spoken_case(&part))
            }
            _ => format!(" — {topic}"),
        },
        ReleaseKind::Glossary
        | ReleaseKind::Rulebook
        | ReleaseKind::RuleHistory
        | ReleaseKind::OrganizedPlayGuide
        | ReleaseKind::InterimRuling => {
            format!(" — {topic}")
        }
        _ => match section {
            Some(section) if !names_an_edition(&section) => {
                format!(" — {}", spoken_case(&section))
            }
            _ => format!(" — {topic}"),
        },
    }
}

/// An entry's citation: its document's name, its place, and its own date
/// when it printed one ("2E rulings — Naming a Number (2017-06-06)").
pub fn citation(entry: &Entry, named: Named<'_>) -> String {
    let mut cited = document_name(named);
    cited.push_str(&place(entry, named.kind));
    if entry.dated {
        cited.push_str(&format!(" ({})", entry.date_label()));
    }
    cited
}

/// The document a citation names: its words before the place ("Glossary
/// 1.9.9" of "Glossary 1.9.9 — stopped"). A document's name holds none
/// of the separators a place begins with.
pub fn document_part(citation: &str) -> &str {
    let end = [" §", " — ", ", "]
        .iter()
        .filter_map(|sep| citation.find(sep))
        .min()
        .unwrap_or(citation.len());
    &citation[..end]
}

/// Text with its Markdown marks and stray punctuation taken off, and its
/// spaces made single ("***GLOSSARY UPDATES**" → "GLOSSARY UPDATES").
fn plain_words(text: &str) -> String {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '*' | '_' | '#' | '`')))
        .filter(|w| !w.is_empty())
        .collect();
    sanitize(&words.join(" "))
}

/// A head printed in capitals as a sentence reads it ("GLOSSARY
/// UPDATES" → "Glossary updates", "RULINGS – General" → "Rulings –
/// General"), each part between dashes on its own; any other head as
/// printed.
fn spoken_case(text: &str) -> String {
    text.split(" – ")
        .map(|part| {
            part.split(" - ")
                .map(spoken_part)
                .collect::<Vec<_>>()
                .join(" - ")
        })
        .collect::<Vec<_>>()
        .join(" – ")
}

fn spoken_part(text: &str) -> String {
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    let all_caps = letters.len() > 3 && letters.iter().all(|c| c.is_uppercase());
    if !all_caps {
        return text.to_string();
    }
    let words: Vec<String> = text
        .split(' ')
        .enumerate()
        .map(|(i, word)| {
            let letters = word.chars().filter(|c| c.is_alphabetic()).count();
            if letters <= 1 {
                // A part's letter stays one: "APPENDIX A" → "Appendix A".
                return word.to_string();
            }
            let lower = word.to_lowercase();
            if i > 0 {
                return lower;
            }
            let mut chars = lower.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .collect();
    words.join(" ")
}

/// Whether a section's name says only which game it is about ("Second
/// Edition", "1E"): no place in the document.
fn names_an_edition(section: &str) -> bool {
    matches!(
        section.to_lowercase().as_str(),
        "first edition" | "second edition" | "1e" | "2e"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topic::TopicKey;

    fn named<'a>(kind: ReleaseKind, title: &'a str, version: Option<&'static str>) -> Named<'a> {
        Named {
            kind,
            edition: Edition::First,
            title,
            version,
            date: NaiveDate::from_ymd_opt(2024, 6, 3).unwrap(),
            precision: DatePrecision::Day,
        }
    }

    fn entry(topic: &str, section: Option<&str>) -> Entry {
        Entry {
            release: "r".into(),
            edition: Edition::First,
            release_date: NaiveDate::from_ymd_opt(2024, 6, 3).unwrap(),
            date: NaiveDate::from_ymd_opt(2017, 6, 6).unwrap(),
            dated: false,
            section: section.map(str::to_string),
            topic: topic.into(),
            subtopic: None,
            key: TopicKey::new(topic),
            kind: crate::model::EntryKind::Rule,
            new: false,
            text: String::new(),
            see: Vec::new(),
            supersedes: Vec::new(),
            cards: Vec::new(),
            effect: None,
            file: "f.md".into(),
            line: 1,
            spans: Vec::new(),
        }
    }

    #[test]
    fn documents_are_named_by_kind_and_version_or_date() {
        let glossary = named(
            ReleaseKind::Glossary,
            "First Edition Glossary",
            Some("1.9.9"),
        );
        assert_eq!(document_name(glossary), "Glossary 1.9.9");
        let rrd = named(
            ReleaseKind::RecentRulings,
            "First Edition Recent Rulings Document",
            None,
        );
        assert_eq!(document_name(rrd), "RRD 2024-06-03");
        let article = named(ReleaseKind::RecentRulings, "Rules Update, March 2025", None);
        assert_eq!(document_name(article), "Rules Update 2024-06-03");
        let month = Named {
            precision: DatePrecision::Month,
            ..named(ReleaseKind::Glossary, "Glossary", None)
        };
        assert_eq!(document_name(month), "Glossary 2024-06");
        let rulings = Named {
            edition: Edition::Second,
            ..named(ReleaseKind::Rulings, "Second Edition Rulings", None)
        };
        assert_eq!(document_name(rulings), "2E rulings");
        let crd = Named {
            edition: Edition::Second,
            ..named(
                ReleaseKind::CurrentRulings,
                "Current Rulings Document",
                None,
            )
        };
        assert_eq!(document_name(crd), "2E CRD 2024-06-03");
        let notes = Named {
            precision: DatePrecision::Undated,
            ..named(ReleaseKind::Rulings, "Errata notes", None)
        };
        assert_eq!(document_name(notes), "Errata notes (undated)");
    }

    #[test]
    fn entries_are_placed_by_number_head_or_section() {
        let rulebook = named(ReleaseKind::Rulebook, "Rulebook", Some("2.5.8"));
        let section = entry("7.5: Damage and Repairs", Some("Rulebook"));
        assert_eq!(
            citation(&section, rulebook),
            "Rulebook 2.5.8 §7.5 Damage and Repairs"
        );
        let glossary = named(ReleaseKind::Glossary, "Glossary", Some("1.9.9"));
        assert_eq!(
            citation(&entry("stopped", Some("S")), glossary),
            "Glossary 1.9.9 — stopped"
        );
        let rrd = named(ReleaseKind::RecentRulings, "Recent Rulings Document", None);
        let update = entry("stopped", Some("***GLOSSARY UPDATES**"));
        assert_eq!(citation(&update, rrd), "RRD 2024-06-03 — Glossary updates");
        let compendium = named(ReleaseKind::Compendium, "Rules Compendium", Some("2.7.4"));
        let erratum = entry("Alien Parasites", Some("APPENDIX A: ERRATA"));
        assert_eq!(
            citation(&erratum, compendium),
            "Compendium 2.7.4, Appendix A: errata — Alien Parasites"
        );
        let second = Named {
            edition: Edition::Second,
            ..named(ReleaseKind::Rulings, "Second Edition Rulings", None)
        };
        let ruling = Entry {
            dated: true,
            ..entry("Naming a Number", Some("Second Edition"))
        };
        assert_eq!(
            citation(&ruling, second),
            "2E rulings — Naming a Number (2017-06-06)"
        );
        for (cited, document) in [
            ("Rulebook 2.5.8 §7.5 Damage and Repairs", "Rulebook 2.5.8"),
            ("Compendium 2.7.4, Glossary — stopped", "Compendium 2.7.4"),
            ("2E rulings — Naming a Number (2017-06-06)", "2E rulings"),
        ] {
            assert_eq!(document_part(cited), document);
        }
        let odd = named(
            ReleaseKind::RecentRulings,
            "Rules Update — Part 2, March 2025",
            None,
        );
        assert_eq!(document_name(odd), "Rules Update Part 2 2024-06-03");
    }
}
