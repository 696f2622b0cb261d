//! Where an entry stands on a date: the one vocabulary of statuses that the
//! index stores, every answer carries and the renderers word.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::model::{Effect, Entry, EntryKind, SupersessionAction};
use crate::parse::body;
use crate::topic::TopicKey;

/// Where an entry stands as of the date asked.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum Status {
    /// The newest ruling on its topic.
    InForce,
    /// A newer entry on the same topic took its place.
    Superseded {
        /// Entry id (`release:line`) of the entry that followed it.
        by: String,
        release: String,
        date: NaiveDate,
    },
    /// A later entry deleted the topic with nothing in its place.
    Rescinded {
        by: String,
        release: String,
        date: NaiveDate,
    },
    /// The newest ruling on its topic, but a later release that gathers every
    /// ruling since a base document does not repeat it.
    Consolidated {
        /// The release that gathers rulings.
        release: String,
        release_title: String,
        date: NaiveDate,
        /// The base document it gathers rulings since ("Glossary v1.9.1").
        since: String,
    },
    /// The newest ruling on its topic, but a later base document that holds
    /// its subject (a Glossary, a Rulebook, a Compendium) does not repeat
    /// it. Silence is no replacement: the ruling still stands, said with
    /// that word ("not repeated by Glossary 1.9.9").
    NotRepeated {
        /// The base document that does not repeat it.
        release: String,
        release_title: String,
        date: NaiveDate,
    },
    /// From a document whose date could not be found: shown and searched,
    /// but never in force, never superseded, on any date.
    Undated,
    /// The newest version of a rule in a rule-change history that prints
    /// its status in a word the reader does not know ("Original |
    /// Withdrawn2"): kept and shown with the word as printed, never in
    /// force.
    NotKnown {
        /// The status word as the history printed it.
        printed: String,
    },
}

impl Status {
    pub fn label(&self) -> &'static str {
        match self {
            Status::InForce => "in force",
            Status::Superseded { .. } => "superseded",
            Status::Rescinded { .. } => "rescinded",
            Status::Consolidated { .. } => "consolidated",
            Status::NotRepeated { .. } => "not repeated",
            Status::Undated => "undated",
            Status::NotKnown { .. } => "status not known",
        }
    }

    /// Whether the entry is what a TD should apply (in force, or consolidated
    /// or not repeated, with a caution).
    pub fn is_current(&self) -> bool {
        matches!(
            self,
            Status::InForce | Status::Consolidated { .. } | Status::NotRepeated { .. }
        )
    }

    /// The release the status names (the one that superseded, rescinded or
    /// consolidated the entry).
    pub fn release(&self) -> Option<&str> {
        match self {
            Status::InForce | Status::Undated | Status::NotKnown { .. } => None,
            Status::Superseded { release, .. }
            | Status::Rescinded { release, .. }
            | Status::Consolidated { release, .. }
            | Status::NotRepeated { release, .. } => Some(release),
        }
    }
}

/// "Glossary v1.9.1" → "Glossary"; "October 1999 Rulebook and Glossary" →
/// "Rulebook and Glossary": the base document a consolidated ruling may now
/// live in.
pub fn base_document(since: &str) -> String {
    let named: Vec<&str> = ["Rulebook", "Glossary"]
        .into_iter()
        .filter(|d| since.contains(d))
        .collect();
    if named.is_empty() {
        since.to_string()
    } else {
        named.join(" and ")
    }
}

/// Whether an entry does nothing but delete its topic.
pub fn rescinds(entry: &Entry) -> bool {
    let deletes_whole = entry
        .supersedes
        .iter()
        .any(|s| s.action == SupersessionAction::Deletes && s.part.is_none());
    if !deletes_whole {
        return false;
    }
    // What remains once the deletion and the cross-references are set aside.
    let mut rest = entry.text.clone();
    for s in &entry.supersedes {
        rest = rest.replace(&s.statement, "");
    }
    let rest = rest.trim();
    rest.is_empty() || body::is_redirect(rest)
}

/// What an entry says it does to the earlier rulings on its topic, from
/// its own words: `None` when it says nothing (it states the topic, which
/// makes it new or a restatement, depending on what came before).
///
/// Only replacement ("Replace this entry with", "Revise as follows", "This
/// reverses", "has been deleted and replaced", "This entry is replaced
/// with") and deletion of the whole topic take the earlier rulings' place;
/// adding to a topic or deleting part of it ("Add the following bullet
/// point", "In the third paragraph, delete:", "All other sections of this
/// entry remain unchanged") amends it, and the earlier rulings stand.
pub fn declared_effect(entry: &Entry) -> Option<Effect> {
    if rescinds(entry) {
        return Some(Effect::Rescinds);
    }
    let replaces = entry.supersedes.iter().any(|s| match s.action {
        SupersessionAction::Replaces
        | SupersessionAction::Reverses
        | SupersessionAction::Revises => true,
        SupersessionAction::Deletes => s.part.is_none() && !deletes_words(&s.statement),
        SupersessionAction::Adds => false,
    });
    if replaces {
        return Some(Effect::Replaces);
    }
    let lower = entry.text.to_lowercase();
    let amends = entry.supersedes.iter().any(|s| {
        matches!(s.action, SupersessionAction::Adds)
            || (s.action == SupersessionAction::Deletes
                && (s.part.is_some() || deletes_words(&s.statement)))
    }) || lower.contains("remain unchanged")
        || lower.contains("remains unchanged");
    amends.then_some(Effect::Amends)
}

/// Whether a deletion names words to strike ("delete:" followed by the
/// words, "delete the phrase") rather than the whole entry.
fn deletes_words(statement: &str) -> bool {
    let lower = statement.to_lowercase();
    lower.trim_end().ends_with(':')
        || [
            "the phrase",
            "the words",
            "the sentence",
            "the text",
            "paragraph",
        ]
        .iter()
        .any(|w| lower.contains(w))
}

/// Whether an entry is a redirect to its own topic (an index pointer when
/// its release also rules on the topic).
pub fn is_self_redirect(entry: &Entry) -> bool {
    entry.kind == EntryKind::Redirect
        && entry.see.len() == 1
        && TopicKey::new(&entry.see[0]) == entry.key
}

/// Where a topic absent from the corpus lives: the Rulebook for a numbered
/// rulebook section, else the Glossary (1E: "cross-references that have no
/// corresponding entries in the Current Rulings refer to entries in the
/// Glossary") or the Rulebook (2E, which has no Glossary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BaseDocument {
    Glossary,
    Rulebook,
}

impl BaseDocument {
    pub fn of(edition: crate::model::Edition, topic: &str) -> BaseDocument {
        let numbered = topic
            .trim_start()
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        match (numbered, edition) {
            (false, crate::model::Edition::First) => BaseDocument::Glossary,
            _ => BaseDocument::Rulebook,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BaseDocument::Glossary => "the Glossary",
            BaseDocument::Rulebook => "the Rulebook",
        }
    }
}
