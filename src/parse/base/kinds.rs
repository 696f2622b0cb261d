//! The kind each entry of a base takes from the part it was printed in:
//! a temporary ruling, a card's erratum, an icon's legend, or a rule.

use std::sync::LazyLock;

use regex::Regex;

use super::{BaseCounts, Part};
use crate::model::{Entry, EntryKind};
use crate::topic::TopicKey;

pub use crate::model::ORGANIZED_PLAY;

/// Gives each entry read from an alphabetical part the kind of its part,
/// and counts them. Lines of the other parts that the reading put in the
/// front matter are theirs again (a blanked line is no paragraph, so none
/// are).
pub(super) fn by_part(entries: &mut [Entry], parts: &[Part], counts: &mut BaseCounts) {
    for entry in entries.iter_mut() {
        let part = parts.get(entry.line - 1).copied().unwrap_or(Part::Front);
        match part {
            Part::Temporary => {
                if entry.kind != EntryKind::Redirect {
                    entry.kind = EntryKind::Temporary;
                }
                counts.temporary += 1;
            }
            Part::Errata => {
                entry.kind = EntryKind::Erratum;
                // The card is the title the head prints, without the set
                // or version a list of errata names after it ("Alien
                // Parasites (Premiere)"): `errata` finds it by its title.
                let card = card_of_erratum(&entry.topic).to_string();
                entry.key = TopicKey::new(&card);
                if !entry.cards.iter().any(|c| c == &card) {
                    entry.cards.insert(0, card);
                }
                counts.errata += 1;
            }
            Part::Icons => {
                entry.kind = EntryKind::Rule;
                counts.icons += 1;
            }
            _ => {
                if matches!(
                    entry.kind,
                    EntryKind::Clarification
                        | EntryKind::Temporary
                        | EntryKind::RuleChange
                        | EntryKind::GlossaryUpdate
                        | EntryKind::RulebookUpdate
                ) {
                    entry.kind = EntryKind::Rule;
                }
                counts.glossary += 1;
            }
        }
    }
}

/// The words in brackets after a card's title in a list of errata: its set
/// or version ("(Premiere)", "(The Next Generation)", "(Virtual Promo)").
static SET_AFTER_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(.*?\S)\s*\((?:[^()\d]|\d{4})[^()]{0,40}\)$").expect("valid regex")
});

/// The card an erratum's head names: the head without the set or version
/// printed after the title in brackets. A title that is all brackets is
/// kept as printed.
pub(super) fn card_of_erratum(topic: &str) -> &str {
    SET_AFTER_TITLE
        .captures(topic.trim())
        .and_then(|c| c.get(1))
        .map_or(topic, |m| m.as_str())
}
