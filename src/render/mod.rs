//! Rendering for people: plain text (see [`crate::markdown`]) wrapped, lost
//! symbols painted, statuses in words. Library types hold data; this is where they become
//! sentences. Every renderer takes a [`Style`] and writes to any writer.

pub mod card;
pub mod changes;
pub mod check;
pub mod diff;
pub mod errata;
pub mod json;
pub mod names;
pub mod notes;
pub mod releases;
pub mod search;
mod style;
pub mod topic;

pub use style::Style;

use chrono::NaiveDate;

use crate::index::timeline::Period;
use crate::markdown::{LOST, LOST_NOTE};
use crate::safe::sanitize;
use crate::status::{base_document, Status};

/// An answer in lines: the notes on how the question was read and what
/// goes with the answer (stderr, the notes unless `--quiet`), and the
/// answer itself (stdout).
#[derive(Debug, Default)]
pub struct Lines {
    pub notes: Vec<String>,
    pub out: Vec<String>,
    pub err: Vec<String>,
}

/// Paints every [`LOST`] mark of an answer's lines and adds [`LOST_NOTE`]
/// once, at the end, when one is shown.
pub fn mark_lost(style: &Style, lines: Vec<String>) -> Vec<String> {
    if !lines.iter().any(|l| l.contains(LOST)) {
        return lines;
    }
    let painted = style.caution_bold(LOST);
    let mut lines: Vec<String> = lines
        .into_iter()
        .map(|l| l.replace(LOST, &painted))
        .collect();
    lines.push(String::new());
    lines.push(style.dimmed(&format!("note: {LOST_NOTE}")));
    lines
}

/// Wraps plain text to `width` columns, every line indented by `indent`;
/// list items keep a hanging indent.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            lines.push(String::new());
            continue;
        }
        // A hanging indent wider than half the line would leave no room for
        // words, and its copy on every wrapped line would multiply the text.
        let lead: String = line
            .chars()
            .take_while(|c| *c == ' ')
            .take(width.max(20) / 2)
            .collect();
        let hanging = if line.trim_start().starts_with("- ") {
            format!("{indent}{lead}  ")
        } else {
            format!("{indent}{lead}")
        };
        // No hyphenation: release ids, file names and card titles with
        // hyphens stay whole.
        let options = textwrap::Options::new(width.max(20))
            .initial_indent(indent)
            .subsequent_indent(&hanging)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for wrapped in textwrap::wrap(line, options) {
            lines.push(wrapped.into_owned());
        }
    }
    lines.join("\n")
}

/// What an undated status means, in one line.
pub const UNDATED_NOTE: &str =
    "undated: the document's date could not be found, so this is never weighed against dated rulings";

/// What a status printed in a word not known means, in one line.
pub fn not_known_note(printed: &str) -> String {
    format!(
        "status printed as '{}': not known, so this version is never taken as in force (check the history's page)",
        sanitize(printed)
    )
}

/// A status, colored by what it means for a TD.
/// A ruling's citation as the document names itself, with the file and
/// An entry's kind as a TD reads it, saying whose rules it is when it is
/// the tournament's ("rule", "tournament rule"): the game's are the rule.
pub fn kind_words(entry: &crate::model::Entry) -> String {
    match entry.authority() {
        crate::model::Authority::Game => entry.kind.label().to_string(),
        crate::model::Authority::Tournament => format!("tournament {}", entry.kind.label()),
    }
}

/// line it was read from when `--verbose` asks for them.
pub fn cited(style: &Style, citation: &str, entry: &crate::model::Entry) -> String {
    let citation = sanitize(citation);
    if style.located {
        format!(
            "{citation} ({})",
            crate::safe::escape_name(&entry.location())
        )
    } else {
        citation
    }
}

pub fn status_badge(style: &Style, status: &Status) -> String {
    let label = status.label();
    match status {
        Status::InForce => style.good_bold(label),
        Status::Consolidated { .. }
        | Status::NotRepeated { .. }
        | Status::Undated
        | Status::NotKnown { .. } => style.caution_bold(label),
        Status::Superseded { .. } | Status::Rescinded { .. } => style.bad_bold(label),
    }
}

/// A document's name with its date, as a status says it: "Glossary 1.9.9
/// (2024-10-07)", and "RRD 2024-06-03" where the name is its date.
pub fn named_on(name: &str, date: NaiveDate) -> String {
    let name = sanitize(name);
    let day = date.to_string();
    if name.contains(&day) || name.contains(&day[..7]) {
        name
    } else {
        format!("{name} ({day})")
    }
}

/// Since when and on whose authority a ruling is in force, as a TD reads
/// it aloud: "in force since RRD 2024-06-03", "in force since Glossary
/// 1.9.9 (2024-10-07)". `citation` is the ruling's, whose first words
/// name its document.
pub fn in_force_since(entry: &crate::model::Entry, document: &str) -> String {
    if entry.is_undated() {
        return format!("in force per {}", sanitize(document));
    }
    format!("in force since {}", named_on(document, entry.date))
}

/// A status in one line for people, as a TD reads it aloud: "replaced on
/// 2024-10-07 by Glossary 1.9.9"; `title` is the name of the release the
/// status names, when known.
pub fn describe_status(status: &Status, title: Option<&str>) -> String {
    let named = |id: &str| sanitize(title.unwrap_or(id));
    match status {
        Status::InForce => "in force".to_string(),
        Status::Undated => UNDATED_NOTE.to_string(),
        Status::NotKnown { printed } => not_known_note(printed),
        Status::Superseded { release, date, .. } => {
            format!("replaced on {date} by {}", named(release))
        }
        Status::Rescinded { release, date, .. } => {
            format!("rescinded on {date} by {}", named(release))
        }
        Status::Consolidated {
            release_title,
            date,
            since,
            ..
        } => format!(
            "consolidated: {} covers rulings since {} and does not repeat this one — check the {}",
            named_on(release_title, *date),
            sanitize(since),
            sanitize(&base_document(since))
        ),
        Status::NotRepeated {
            release_title,
            date,
            ..
        } => format!(
            "not repeated by {}, which replaces and ends nothing by silence: this still stands",
            named_on(release_title, *date)
        ),
    }
}

/// A status in one short line, for the head of an answer: a consolidated
/// ruling names the release that does not repeat it and where to look.
pub fn describe_short(period: &Period) -> String {
    match &period.status {
        Status::Consolidated {
            release_title,
            date,
            since,
            ..
        } => format!(
            "consolidated: not repeated by {} — check the {}",
            named_on(release_title, *date),
            sanitize(&base_document(since))
        ),
        Status::NotRepeated {
            release_title,
            date,
            ..
        } => format!(
            "not repeated by {}: still stands",
            named_on(release_title, *date)
        ),
        _ => describe(period),
    }
}

/// The status of a period in one line for people.
pub fn describe(period: &Period) -> String {
    describe_status(&period.status, period.title.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{plain_text, MAX_LIST_INDENT};

    #[test]
    fn a_lost_mark_is_painted_and_explained_once() {
        let style = Style::plain();
        let lines = mark_lost(&style, vec!["a [?] b".to_string()]);
        assert_eq!(lines.last().unwrap(), &format!("note: {LOST_NOTE}"));
        assert_eq!(mark_lost(&style, vec!["x".into()]), ["x"]);
    }

    #[test]
    fn wrapping_keeps_hanging_indents() {
        let text = "- a list item that is long enough to wrap around";
        assert_eq!(
            wrap(text, 24, "  "),
            "  - a list item that is\n    long enough to wrap\n    around"
        );
    }

    #[test]
    fn deeply_nested_list_renders_within_a_multiple_of_its_size() {
        let markdown = format!("{}x", "* ".repeat(20_000));
        let text = plain_text(&markdown);
        assert!(
            text.ends_with('x'),
            "the item's text survives: {:?}",
            &text[text.len().saturating_sub(20)..]
        );
        assert!(
            text.len() <= 12 * markdown.len(),
            "{} bytes from {}",
            text.len(),
            markdown.len()
        );
        let widest = text.lines().map(str::len).max().unwrap_or(0);
        assert!(
            widest <= 2 * MAX_LIST_INDENT + 10,
            "indent is capped: {widest}"
        );
        let wrapped = wrap(&text, 80, "  ");
        assert!(wrapped.len() <= 2 * text.len() + 1024);
    }

    #[test]
    fn wrap_caps_a_hanging_indent_wider_than_the_line() {
        let line = format!("{}- word word word word word word", " ".repeat(10_000));
        let wrapped = wrap(&line, 40, "");
        assert!(wrapped.lines().all(|l| l.len() <= 60), "{wrapped:?}");
        assert!(wrapped.contains("word"));
    }
}
