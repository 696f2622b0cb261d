//! A card answered: the card as the card database prints it (text, icons,
//! set), the errata in force with what they change in that text, the
//! rulings on it and naming it as of a date, its base entry, its other
//! versions, and whether it is banned. A name no database card has is
//! answered from the rulings alone, as they know it; a name neither knows
//! gets the nearest of both. Data only; the renderers word it.

use chrono::NaiveDate;
use serde::Serialize;

use super::bans::Bans;
use super::errata::{card_errata, CardErrata};
use super::error::Failure;
use super::show::{self, Shown};
use super::topic::{printed, printed_all, ShowAnswer};
use super::{editions, Candidate, Note};
use crate::cards::{name_key, split_version, Card};
use crate::catalog::{Catalog, Looked, Name, Named, Reprints, Stored};
use crate::diff::{word_diff, WordChange, WordOp};
use crate::limits::{self, Typed};
use crate::lookup::Match;
use crate::markdown::LOST;
use crate::model::Edition;
use crate::status::Status;
use crate::topic::TopicKey;

/// The answer to `card`.
pub struct CardAnswer {
    /// The name as typed, less the words read as the edition.
    pub typed: String,
    pub editions: Vec<Edition>,
    pub as_of: NaiveDate,
    /// How many cards the card database holds; none without one.
    pub database: Option<usize>,
    pub found: CardFound,
    pub notes: Vec<Note>,
}

impl CardAnswer {
    pub fn is_found(&self) -> bool {
        matches!(self.found, CardFound::Card(_) | CardFound::RulingsOnly(_))
    }
}

/// What the name was found to be.
pub enum CardFound {
    /// A card of the card database.
    Card(Box<CardSheet>),
    /// Several cards of the database fit the name as well.
    Several(Vec<Card>),
    /// No card of the database (or no database), but a name the rulings
    /// hold as a topic or name: their answer.
    RulingsOnly(Box<Shown>),
    /// Neither: the nearest cards and topics.
    Unknown {
        cards: Vec<Card>,
        topics: Vec<Candidate>,
    },
}

/// A card with everything the documents say of it.
pub struct CardSheet {
    pub card: Card,
    /// Whether the name typed was the card's (else the closest was taken).
    pub exact: bool,
    /// The same name printed in other sets.
    pub reprints: Vec<Card>,
    /// The persona's other versions.
    pub versions: Vec<Card>,
    /// The errata in force, each against the printed text.
    pub errata: Vec<Erratum>,
    /// The card as a topic of the rulings: its ruling in force, base entry
    /// and history; none when no ruling is on it.
    pub topic: Option<Shown>,
    /// The rulings on other topics that name the card, in effect on the
    /// date, each with its status then.
    pub naming: Vec<(Stored, Status)>,
    /// Bans and restrictions, from the documents and the database.
    pub legality: Vec<Legality>,
}

impl CardSheet {
    /// Whether nothing in the documents touches the card.
    pub fn is_quiet(&self) -> bool {
        self.errata.is_empty()
            && self.naming.is_empty()
            && self.legality.is_empty()
            && !self
                .topic
                .as_ref()
                .is_some_and(|t| matches!(t.answer, ShowAnswer::Found(_)))
    }
}

/// An erratum in force on a card of the database.
pub struct Erratum {
    pub errata: CardErrata,
    /// The erratum's text with the icons its conversion lost filled in from
    /// the database's printed text, where the words around each line up;
    /// with how many were filled.
    pub filled: Option<(String, usize)>,
    /// The printed text changed into the erratum's, word by word.
    pub changes: Vec<WordChange>,
}

/// A ban or restriction on a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Legality {
    pub standing: Standing,
    /// Where it is said: a ruling's citation, or the database's file.
    pub source: String,
    /// The words that say it.
    pub said: String,
    /// The format a ban list bans it in (or lifts its ban in), as the
    /// format goes by; none for a ruling's words or the database's tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    Banned,
    Restricted,
    /// A ban or restriction lifted.
    Lifted,
    /// Kept out of every format by the card database.
    OutOfDatabaseFormats,
}

/// Answers `card NAME` as of `as_of`, in the editions asked.
pub fn ask(
    catalog: &Catalog,
    name: &str,
    flag: Option<Edition>,
    as_of: NaiveDate,
) -> Result<CardAnswer, Failure> {
    limits::check(Typed::Name, name)?;
    let (typed, edition, notes) = show::name_and_edition(name, flag);
    let editions = editions(catalog, edition);
    let bans = Bans::on(catalog, &editions, as_of)?;
    // A card named exactly, then a name the rulings hold exactly, then a
    // card close in spelling: a name typed as the rulings print it is
    // never taken for another card.
    let found = match exactly(catalog, &typed, &editions)? {
        Some(card) => CardFound::Card(Box::new(sheet(catalog, card, true, as_of, &bans)?)),
        None => match ruled(catalog, &typed, &editions, as_of)? {
            Some(shown) => CardFound::RulingsOnly(Box::new(shown)),
            None => match find(catalog, &typed, &editions, true)? {
                InDatabase::Card(card, exact) => {
                    CardFound::Card(Box::new(sheet(catalog, *card, exact, as_of, &bans)?))
                }
                InDatabase::Several(cards) => CardFound::Several(cards),
                InDatabase::None(near) => CardFound::Unknown {
                    cards: near,
                    topics: nearest_topics(catalog, &typed, &editions)?,
                },
            },
        },
    };
    Ok(CardAnswer {
        typed,
        editions: editions.clone(),
        as_of,
        database: catalog.card_count(),
        found,
        notes,
    })
}

/// What a typed name is in the card database.
pub enum InDatabase {
    /// A card, and whether the name typed was its own.
    Card(Box<Card>, bool),
    Several(Vec<Card>),
    /// No card; the nearest cards.
    None(Vec<Card>),
}

/// How many near cards a name no card has is offered.
const NEAREST_CARDS: usize = 6;

/// Looks a typed name up in the card database: the name whole (version
/// included), then the persona (the version without a mark first), then a
/// close spelling; else the nearest names (when `nearest`, else none).
pub fn find(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    nearest: bool,
) -> Result<InDatabase, Failure> {
    if catalog.card_count().is_none() {
        return Ok(InDatabase::None(Vec::new()));
    }
    if let Some(card) = exactly(catalog, typed, editions)? {
        return Ok(InDatabase::Card(Box::new(card), true));
    }
    let mut near: Vec<(Edition, TopicKey)> = Vec::new();
    for &edition in editions {
        let spellings = catalog.card_spellings(edition)?;
        let (persona, version) = split_version(typed);
        match spellings.close(&persona) {
            Match::Exact(key) | Match::Close(key) => {
                // The version typed, when the persona has it.
                let versions = catalog.cards_of_persona(edition, &key)?;
                let typed_version = name_key(&version);
                let card = versions
                    .iter()
                    .find(|c| !version.is_empty() && name_key(&c.version) == typed_version)
                    .cloned();
                if let Some(card) = card.or(by_key(catalog, edition, &key)?) {
                    return Ok(InDatabase::Card(Box::new(card), false));
                }
            }
            Match::Several(keys) => {
                let mut cards = Vec::new();
                for key in keys {
                    cards.extend(by_key(catalog, edition, &key)?);
                }
                if !cards.is_empty() {
                    return Ok(InDatabase::Several(cards));
                }
            }
            Match::None => {}
        }
        if !nearest {
            continue;
        }
        near.extend(
            spellings
                .suggestions(typed)
                .into_iter()
                .map(|k| (edition, k)),
        );
    }
    let mut cards = Vec::new();
    for (edition, key) in near.into_iter().take(NEAREST_CARDS) {
        if let Some(card) = by_key(catalog, edition, &key)? {
            if !cards.iter().any(|c: &Card| c.name == card.name) {
                cards.push(card);
            }
        }
    }
    Ok(InDatabase::None(cards))
}

/// The card a name names exactly: the name whole, else its persona.
pub fn exactly(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
) -> Result<Option<Card>, Failure> {
    for &edition in editions {
        if let Some(card) = by_key(catalog, edition, &name_key(typed))? {
            return Ok(Some(card));
        }
    }
    Ok(None)
}

/// The card of a key: a name whole, else a persona's version without a
/// mark, else its first version.
fn by_key(catalog: &Catalog, edition: Edition, key: &TopicKey) -> Result<Option<Card>, Failure> {
    if let Some(card) = catalog.cards_named(edition, key)?.into_iter().next() {
        return Ok(Some(card));
    }
    let versions = catalog.cards_of_persona(edition, key)?;
    Ok(versions
        .iter()
        .find(|c| c.version.is_empty())
        .or(versions.first())
        .cloned())
}

/// A card's sheet as of a date, with the ban lists in force then.
pub fn sheet(
    catalog: &Catalog,
    card: Card,
    exact: bool,
    as_of: NaiveDate,
    bans: &Bans,
) -> Result<CardSheet, Failure> {
    let edition = card.edition;
    let mut reprints = catalog.cards_named(edition, &card.key())?;
    reprints.retain(|c| !(c.file == card.file && c.line == card.line));
    let mut versions = catalog.cards_of_persona(edition, &card.persona_key())?;
    versions.retain(|c| c.name != card.name);
    versions.dedup_by(|a, b| a.name == b.name);
    let mut errata = Vec::new();
    let mut topic = None;
    let mut naming = Vec::new();
    if let Some(named) = in_rulings(catalog, &card, edition)? {
        if let Some(found) = card_errata(catalog, edition, &named.key, as_of, Reprints::Collapsed)?
        {
            if found.status().is_current() {
                errata.push(against_printed(found, &card));
            }
        }
        if catalog.has_topic(edition, &named.key)? {
            let name = printed(catalog, edition, &named.key)?;
            topic = Some(show::ask(catalog, &name, Some(edition), as_of, true)?);
        }
        for stored in catalog.naming(edition, &named.key, as_of)?.in_effect {
            // A ban list names the card as a list does: said below, by
            // format, not as a ruling naming it.
            let listed = stored.entry.section.as_deref() == Some(crate::parse::ban_list::BAN_LISTS);
            if stored.entry.key == named.key || listed {
                continue;
            }
            if let Some(status) = stored.status_on(as_of) {
                naming.push((stored, status));
            }
        }
    }
    let mut legality = Vec::new();
    if let Some(Shown {
        answer: ShowAnswer::Found(found),
        ..
    }) = &topic
    {
        for answer in found {
            let (newest, _) = &answer.newest;
            legality.extend(said_of(&newest.entry.text, &newest.citation));
        }
    }
    for (stored, status) in &naming {
        if status.is_current() {
            legality.extend(said_of(&stored.entry.text, &stored.citation));
        }
    }
    for (list, banned) in bans.naming(edition, &card.name, &card.persona) {
        legality.push(Legality {
            standing: if banned {
                Standing::Banned
            } else {
                Standing::Lifted
            },
            source: list.citation.clone(),
            said: if banned {
                format!("on the ban list of {}", list.format)
            } else {
                format!("taken off the ban list of {}", list.format)
            },
            format: Some(list.short.clone()),
        });
    }
    if card.banned_in_database() {
        legality.push(Legality {
            standing: Standing::OutOfDatabaseFormats,
            source: format!("{} line {}", card.file, card.line),
            said: format!("its formats tag is `{}`", card.formats),
            format: None,
        });
    }
    Ok(CardSheet {
        card,
        exact,
        reprints,
        versions,
        errata,
        topic,
        naming,
        legality,
    })
}

/// The card as the rulings name it: its name whole, else its persona, as
/// a topic or a name rulings mention, found exactly (never a close
/// spelling: a card is not another card's rulings).
pub fn in_rulings(
    catalog: &Catalog,
    card: &Card,
    edition: Edition,
) -> Result<Option<Named>, Failure> {
    for name in [card.name.as_str(), card.persona.as_str()] {
        if let Some(named) = catalog.exact_name(name, &[edition])? {
            if let Some(named) = named.into_iter().find(|n| n.exact) {
                return Ok(Some(named));
            }
        }
    }
    Ok(None)
}

/// A name no database card has, as the rulings know it: a topic or a
/// mentioned name typed as printed (a close spelling is another name).
pub fn ruled(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
) -> Result<Option<Shown>, Failure> {
    let exact = catalog.looks_up_exactly(typed, editions)?;
    if !exact {
        return Ok(None);
    }
    let edition = match editions {
        [one] => Some(*one),
        _ => None,
    };
    Ok(Some(show::ask(catalog, typed, edition, as_of, true)?))
}

/// The topics to offer for a name that is no card and that the rulings do
/// not hold exactly: the nearest, the several that fit, or the one close
/// in spelling.
pub fn nearest_topics(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
) -> Result<Vec<Candidate>, Failure> {
    Ok(match catalog.look_up_name(typed, editions)? {
        Name::Topic(Looked::Unknown(near) | Looked::Several(near)) => printed_all(catalog, near)?,
        Name::Topic(Looked::Found(named)) | Name::Mentioned(named) => named
            .iter()
            .map(|n| {
                Ok(Candidate::new(
                    printed(catalog, n.edition, &n.key)?,
                    n.edition,
                ))
            })
            .collect::<Result<_, Failure>>()?,
    })
}

/// An erratum set against the database's printed text.
fn against_printed(errata: CardErrata, card: &Card) -> Erratum {
    let text = &errata.newest.0.entry.text;
    let filled = fill_lost_icons(text, &card.text);
    let new = filled.as_ref().map_or(text.as_str(), |(t, _)| t.as_str());
    let changes = word_diff(&card.text, new);
    // Only an erratum that is the printed text changed is set against it;
    // one that words its change ("the class has been changed to …") or
    // holds more than the text is read as it is.
    let kept = |c: &&WordChange| c.op == WordOp::Equal;
    let kept_words: usize = changes
        .iter()
        .filter(kept)
        .map(|c| c.text.split_whitespace().count())
        .sum();
    let printed_words = card.text.split_whitespace().count();
    let new_words = new.split_whitespace().count();
    let lines_up =
        printed_words > 0 && kept_words * 2 >= printed_words && kept_words * 2 >= new_words;
    let changes = if lines_up { changes } else { Vec::new() };
    Erratum {
        errata,
        filled,
        changes,
    }
}

/// The erratum's text with each lost icon ([`LOST`]) replaced by the
/// icon the printed text has where the words on both sides of it line up;
/// none when no icon could be filled.
pub fn fill_lost_icons(erratum: &str, printed: &str) -> Option<(String, usize)> {
    if !erratum.contains(LOST) || printed.is_empty() {
        return None;
    }
    let words: Vec<&str> = erratum.split_whitespace().collect();
    let printed: Vec<&str> = printed.split_whitespace().collect();
    let plain = |w: &str| {
        w.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let mut filled = 0;
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let Some(at) = word.find(LOST) else {
            out.push((*word).to_string());
            continue;
        };
        let before = i.checked_sub(1).map(|b| plain(words[b]));
        let after = words.get(i + 1).map(|a| plain(a));
        // The printed word between the same two words, when it is an icon.
        let icon = (0..printed.len()).find_map(|p| {
            let fits_before = match (&before, p.checked_sub(1)) {
                (Some(b), Some(pb)) => plain(printed[pb]) == *b,
                (None, None) => true,
                _ => false,
            };
            let fits_after = match (&after, printed.get(p + 1)) {
                (Some(a), Some(pa)) => plain(pa) == *a,
                (None, None) => true,
                _ => false,
            };
            let token = printed[p];
            let is_icon = token.starts_with('[') && token.contains(']');
            (fits_before && fits_after && is_icon).then_some(token)
        });
        match icon {
            Some(icon) => {
                let end = icon.find(']').map_or(icon.len(), |e| e + 1);
                out.push(format!(
                    "{}{}{}",
                    &word[..at],
                    &icon[..end],
                    &word[at + LOST.len()..]
                ));
                filled += 1;
            }
            None => out.push((*word).to_string()),
        }
    }
    (filled > 0).then(|| (out.join(" "), filled))
}

/// What a ruling's text says of a card's legality: banned, restricted, or
/// a ban lifted ("is banned", "has been restricted", "is no longer
/// banned"); "not restricted by the cumulativity rules" is none.
pub fn said_of(text: &str, source: &str) -> Vec<Legality> {
    let mut found = Vec::new();
    for sentence in text.split_inclusive(['.', ';', '\n']) {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .collect();
        for (i, word) in words.iter().enumerate() {
            let standing = match *word {
                "banned" => Standing::Banned,
                "restricted" => Standing::Restricted,
                "unbanned" | "unrestricted" => Standing::Lifted,
                _ => continue,
            };
            let before = &words[i.saturating_sub(3)..i];
            let is_verb = before
                .iter()
                .any(|w| matches!(*w, "is" | "are" | "been" | "now" | "remains" | "becomes"));
            let negated = before.iter().any(|w| matches!(*w, "not" | "no" | "longer"));
            // "restricted by the rules", "restricted to" name a limit, not
            // a card's standing.
            let limit = words
                .get(i + 1)
                .is_some_and(|w| matches!(*w, "by" | "to" | "from"))
                && standing == Standing::Restricted;
            let standing = match (standing, negated) {
                (Standing::Lifted, _) => Standing::Lifted,
                (_, true) if before.contains(&"longer") => Standing::Lifted,
                (_, true) => continue,
                (s, false) => s,
            };
            if (is_verb || standing == Standing::Lifted) && !limit {
                found.push(Legality {
                    standing,
                    source: source.to_string(),
                    said: sentence.trim().to_string(),
                    format: None,
                });
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_icon_is_filled_where_the_words_line_up() {
        let printed = "Where [Cmd] personnel present, once each turn you may draw a card.";
        let erratum = "Where [?] personnel present, once per turn you may draw a card.";
        let (text, filled) = fill_lost_icons(erratum, printed).unwrap();
        assert_eq!(
            text,
            "Where [Cmd] personnel present, once per turn you may draw a card."
        );
        assert_eq!(filled, 1);
        // Words that do not line up leave the mark as it is.
        assert!(fill_lost_icons("Target [?] ship here.", printed).is_none());
        assert!(fill_lost_icons("No mark here.", printed).is_none());
    }

    #[test]
    fn bans_and_lifts_are_read_and_limits_are_not() {
        let said = |t: &str| {
            said_of(t, "x")
                .into_iter()
                .map(|l| l.standing)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            said("This card is banned from tournament play."),
            vec![Standing::Banned]
        );
        assert_eq!(
            said("Q's Tent has been restricted."),
            vec![Standing::Restricted]
        );
        assert_eq!(said("It is no longer banned."), vec![Standing::Lifted]);
        assert_eq!(
            said("This interrupt is not restricted by the new cumulativity rules."),
            vec![]
        );
        assert_eq!(said("Each player is restricted to one copy."), vec![]);
        assert_eq!(said("Banned cards are listed elsewhere."), vec![]);
    }
}
