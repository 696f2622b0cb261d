//! The ban lists in force on a date, by format: each format's newest list
//! (a document of its own, or a Compendium's banned cards) with its
//! citation, and the cards it bans and no longer bans. Whether a card is
//! banned in a format is asked of these, never of a ruling's wording.

use chrono::NaiveDate;
use serde::Serialize;

use super::error::Failure;
use crate::catalog::{Catalog, Keys};
use crate::model::Edition;
use crate::parse::ban_list;

/// One format's list in force.
#[derive(Debug, Clone, Serialize)]
pub struct BanList {
    /// The format as the list prints it ("Official Tournament Format (OTF)").
    pub format: String,
    /// The name it goes by ("OTF").
    pub short: String,
    pub edition: Edition,
    /// Where it is printed: "First Edition Ban List 2021-06-07 — Modern".
    pub citation: String,
    /// The date it took effect.
    pub date: NaiveDate,
    pub banned: Vec<String>,
    /// The cards it says are no longer banned.
    pub lifted: Vec<String>,
}

impl BanList {
    /// Whether it names the format typed (its name, the letters after it,
    /// its initials; a list of every format names any).
    pub fn is_of(&self, typed: &str) -> bool {
        ban_list::format_matches(&self.format, typed)
            || ban_list::format_matches(&self.short, typed)
    }
}

/// The lists in force on a date, of the editions asked.
#[derive(Debug, Clone, Default)]
pub struct Bans {
    pub lists: Vec<BanList>,
}

impl Bans {
    /// Every format's list in force on `as_of`, in the editions given.
    pub fn on(catalog: &Catalog, editions: &[Edition], as_of: NaiveDate) -> Result<Bans, Failure> {
        let mut lists = Vec::new();
        for &edition in editions {
            for key in catalog.keys(edition, Keys::Topics)? {
                if !ban_list::is_list_key(&key) {
                    continue;
                }
                let Some(topic) = catalog.topic(edition, &key, as_of)? else {
                    continue;
                };
                let newest = topic.newest()?;
                if !newest.status_on(as_of).is_some_and(|s| s.is_current()) {
                    continue;
                }
                let entry = &newest.entry;
                let format = ban_list::format_printed(&entry.text)
                    .or_else(|| ban_list::format_of_topic(&entry.topic))
                    .unwrap_or(&entry.topic)
                    .to_string();
                let banned: Vec<String> = ban_list::banned_cards(&entry.text)
                    .into_iter()
                    .map(str::to_string)
                    .collect();
                let lifted = entry
                    .cards
                    .iter()
                    .filter(|c| !banned.contains(c))
                    .cloned()
                    .collect();
                lists.push(BanList {
                    short: ban_list::short_name(&format),
                    format,
                    edition,
                    citation: newest.citation.clone(),
                    date: entry.date,
                    banned,
                    lifted,
                });
            }
        }
        lists.sort_by(|a, b| (a.edition, &a.short).cmp(&(b.edition, &b.short)));
        Ok(Bans { lists })
    }

    /// The lists of a format typed; none when no list names it.
    pub fn of_format(&self, typed: &str) -> Vec<&BanList> {
        self.lists.iter().filter(|l| l.is_of(typed)).collect()
    }

    /// The formats of the lists, as they go by, each once.
    pub fn formats(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for list in &self.lists {
            if !names.contains(&list.short) {
                names.push(list.short.clone());
            }
        }
        names
    }

    /// The lists of an edition that name a card (its name, persona), with
    /// whether each bans it (else it lifts a ban on it).
    pub fn naming(&self, edition: Edition, name: &str, persona: &str) -> Vec<(&BanList, bool)> {
        let names = |cards: &[String]| cards.iter().any(|c| names_card(c, name, persona));
        self.lists
            .iter()
            .filter(|l| l.edition == edition)
            .filter_map(|l| {
                if names(&l.banned) {
                    Some((l, true))
                } else if names(&l.lifted) {
                    Some((l, false))
                } else {
                    None
                }
            })
            .collect()
    }
}

/// Whether a card's name is one a list names: the name whole, or the list's
/// name less a set in brackets after it, or the persona a list names
/// without a version.
fn names_card(listed: &str, name: &str, persona: &str) -> bool {
    let listed_key = crate::cards::name_key(listed);
    if listed_key == crate::cards::name_key(name) {
        return true;
    }
    let (listed_persona, version) = crate::cards::split_version(listed);
    let persona_key = crate::cards::name_key(persona);
    if version.is_empty() {
        return listed_key == persona_key;
    }
    // "Q's Tent (Premiere)": a set after the name is no version the
    // database prints.
    crate::cards::name_key(&listed_persona) == crate::cards::name_key(name)
}

#[cfg(test)]
mod tests {
    use super::names_card;

    #[test]
    fn a_card_is_named_by_its_name_or_persona_less_a_set() {
        assert!(names_card("Q's Tent (Premiere)", "Q's Tent", "Q's Tent"));
        assert!(names_card("q's tent", "Q's Tent", "Q's Tent"));
        assert!(names_card("Kira", "Kira*", "Kira"));
        assert!(!names_card("Kira**", "Kira*", "Kira"));
        assert!(!names_card("Q's Tent", "Q-Flash", "Q-Flash"));
    }
}
