//! What is worth a look in how a document was read, found from the reading
//! alone: a head out of the document's alphabetical order, a topic that
//! reads as a sentence, a reference no topic answers, an entry marked new
//! whose text the previous release printed, a line shaped like a head that
//! was not taken, a document dated by its file name or not at all, a
//! front matter too long for a title block, and a rule history's version
//! whose status is printed in a word not known, and a reading that
//! accounts for less than the document's contents or numbering print.
//! `rulings check` words them.

use std::collections::HashSet;

use serde::Serialize;

use super::about::Source;
use super::evidence::{Evidence, Shortfall};
use super::heads::{initial, Rejection};
use super::Reading;
use crate::markdown;
use crate::model::{EntryKind, Release, ReleaseKind};
use crate::topic::TopicKey;

impl Warning {
    /// The line of the document the warning is about, where it is about one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Warning::OutOfOrder { line, .. }
            | Warning::LongTopic { line, .. }
            | Warning::TopicContainsSee { line, .. }
            | Warning::DanglingReference { line, .. }
            | Warning::MarkedButUnchanged { line, .. }
            | Warning::HeadNotTaken { line, .. }
            | Warning::LongFrontMatter { line, .. }
            | Warning::StatusNotKnown { line, .. } => Some(*line),
            Warning::ReadShort { line, .. } => *line,
            Warning::DateFromFileName | Warning::Undated => None,
        }
    }
}

impl Warning {
    /// The sentence of a warning that says it whole without the document
    /// around it (a reading short of its evidence), for a report that has
    /// no room for the others.
    pub fn sentence(&self) -> Option<String> {
        match self {
            Warning::ReadShort {
                evidence,
                found,
                listed,
                missing,
                ..
            } => Some(super::evidence::shortfall(
                *evidence, *found, *listed, missing,
            )),
            _ => None,
        }
    }
}

/// A topic longer than this many words is probably a sentence read as a head.
const LONG_TOPIC_WORDS: usize = 8;
const LONG_TOPIC_CHARS: usize = 60;

/// Something worth a look in how a document was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "warning", rename_all = "kebab-case")]
pub enum Warning {
    /// A head out of the document's alphabetical order.
    OutOfOrder {
        line: usize,
        topic: String,
        after: String,
    },
    LongTopic {
        line: usize,
        topic: String,
    },
    TopicContainsSee {
        line: usize,
        topic: String,
    },
    /// A reference that matches no topic of the checked documents and is
    /// not a term of a base document the release amends.
    DanglingReference {
        line: usize,
        topic: String,
        reference: String,
    },
    /// Marked new or changed, but the previous release of the same series
    /// printed the same text.
    MarkedButUnchanged {
        line: usize,
        topic: String,
        previous: String,
    },
    /// A line shaped like a head that was not taken as one.
    HeadNotTaken {
        line: usize,
        text: String,
        why: Rejection,
    },
    /// The text gives no date; the file name did.
    DateFromFileName,
    /// No date found at all: the document is read, undated.
    Undated,
    /// A paragraph of the front matter longer than a title block (see
    /// [`crate::model::FrontParagraph::is_long`]): no search finds its words.
    LongFrontMatter {
        line: usize,
        end_line: usize,
        chars: usize,
    },
    /// A version of a rule-change history whose status is printed in a
    /// word the reader does not know: kept, never in force.
    StatusNotKnown {
        line: usize,
        topic: String,
        printed: String,
    },
    /// The reading accounts for less than the document prints about itself:
    /// its contents list heads not found, or its numbering has gaps.
    ReadShort {
        evidence: Shortfall,
        line: Option<usize>,
        found: usize,
        listed: usize,
        missing: Vec<String>,
    },
}

/// A warning for each kind of the document's own evidence the reading does
/// not account for whole.
pub fn read_short(evidence: &Evidence) -> Vec<Warning> {
    let kinds = [
        (Shortfall::Contents, &evidence.contents),
        (Shortfall::Numbering, &evidence.numbering),
        (Shortfall::StatusLines, &evidence.statuses),
        (Shortfall::Heads, &evidence.heads),
        (Shortfall::Cards, &evidence.cards),
    ];
    kinds
        .into_iter()
        .filter_map(|(kind, accounted)| {
            let a = accounted.as_ref().filter(|a| !a.is_whole())?;
            Some(Warning::ReadShort {
                evidence: kind,
                line: a.line,
                found: a.found,
                listed: a.listed,
                missing: a.missing.clone(),
            })
        })
        .collect()
}

/// The previous release of the same series: same edition and kind, the
/// newest dated before this one.
fn previous_release<'r>(release: &Release, releases: &[&'r Release]) -> Option<&'r Release> {
    releases
        .iter()
        .filter(|r| {
            r.edition == release.edition
                && r.kind == release.kind
                && !matches!(r.kind, ReleaseKind::Rulings | ReleaseKind::RuleHistory)
                && !r.is_undated()
                && !release.is_undated()
                && r.date < release.date
        })
        .max_by_key(|r| r.date)
        .copied()
}

/// A reference a release may leave to a base document: a numbered rulebook
/// section, or a rules term (in lowercase, as the Glossary prints its terms)
/// when the release amends a base document. A card title it names must be in
/// the checked documents.
fn base_term(release: &Release, reference: &str) -> bool {
    let numbered = reference.starts_with(|c: char| c.is_ascii_digit());
    let rules_term = reference
        .chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(char::is_lowercase);
    // "Cross-references that have no corresponding entries in the Current
    // Rulings refer to entries in the Glossary": the document says so itself.
    let declared = release.front.iter().any(|p| {
        let lower = p.text.to_lowercase();
        lower.contains("cross-references") && lower.contains("refer to")
    });
    numbered || declared || (!release.amends.is_empty() && rules_term)
}

pub fn warnings(
    reading: &Reading,
    topics: &HashSet<TopicKey>,
    releases: &[&Release],
) -> Vec<Warning> {
    let release = &reading.release;
    let mut found = Vec::new();
    if reading.release.is_undated() {
        found.push(Warning::Undated);
    }
    if reading.found.date == Source::FileName {
        found.push(Warning::DateFromFileName);
    }
    for p in release.front.iter().filter(|p| p.is_long()) {
        found.push(Warning::LongFrontMatter {
            line: p.line,
            end_line: p.end_line,
            chars: p.text.chars().count(),
        });
    }
    let mut previous: Option<(char, &str, Option<&str>)> = None;
    for e in &release.entries {
        if release.kind == ReleaseKind::RuleHistory {
            if let Some(printed) = crate::model::printed_not_known(&e.text) {
                found.push(Warning::StatusNotKnown {
                    line: e.line,
                    topic: e.topic.clone(),
                    printed: printed.to_string(),
                });
            }
        }
        // A sidebar is named by its section and its own name: only its own
        // name is the head read.
        let head = e.subtopic.as_deref().unwrap_or(&e.topic);
        let words = head.split_whitespace().count();
        // A paragraph read as an entry is named by the document's title and
        // its number: long, and no head misread.
        let paragraph = e
            .topic
            .ends_with(&format!("({})", super::STRUCTURE_NOT_READ));
        if !paragraph && (words > LONG_TOPIC_WORDS || head.chars().count() > LONG_TOPIC_CHARS) {
            found.push(Warning::LongTopic {
                line: e.line,
                topic: e.topic.clone(),
            });
        }
        if e.topic
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case("see"))
        {
            found.push(Warning::TopicContainsSee {
                line: e.line,
                topic: e.topic.clone(),
            });
        }
        // Temporary Rulings are filed as they come, in no alphabet. A
        // Glossary's rules are filed alphabetically however they were
        // read: a reading that ran its columns together, too far out of
        // order to be read as alphabetical, is held to it all the same.
        let filed = reading.style.alphabetical
            || (release.kind == ReleaseKind::Glossary && e.kind == EntryKind::Rule);
        if filed && e.kind != EntryKind::Temporary {
            if let Some(now) = initial(&e.topic) {
                if let Some((before, topic, section)) = previous {
                    if section == e.section.as_deref() && now < before {
                        found.push(Warning::OutOfOrder {
                            line: e.line,
                            topic: e.topic.clone(),
                            after: topic.to_string(),
                        });
                    }
                }
                previous = Some((now, &e.topic, e.section.as_deref()));
            }
        }
        for reference in &e.see {
            if !topics.contains(&TopicKey::new(reference)) && !base_term(release, reference) {
                found.push(Warning::DanglingReference {
                    line: e.line,
                    topic: e.topic.clone(),
                    reference: reference.clone(),
                });
            }
        }
    }
    if let Some(before) = previous_release(release, releases) {
        for e in release.entries.iter().filter(|e| e.new) {
            let same = before.entries.iter().any(|old| {
                old.key == e.key && markdown::folded(&old.text) == markdown::folded(&e.text)
            });
            if same {
                found.push(Warning::MarkedButUnchanged {
                    line: e.line,
                    topic: e.topic.clone(),
                    previous: format!("{} ({})", before.id, before.date),
                });
            }
        }
    }
    for (line, text, why) in &reading.not_taken {
        if matches!(why, Rejection::MidParagraph | Rejection::ContinuesSentence) {
            found.push(Warning::HeadNotTaken {
                line: *line,
                text: text.clone(),
                why: *why,
            });
        }
    }
    found.sort_by_key(|w| w.line().unwrap_or(0));
    found
}
