//! A card's errata answered: the erratum in force on a date in one
//! edition, how often it was reprinted unchanged, and the errata before it.
//! Data only; the renderers word it.

use super::error::Failure;
use chrono::NaiveDate;
use serde::Serialize;

use super::show::{name_and_edition, other_editions, used_in};
use super::topic::{printed, printed_all, Mentioned};
use super::{editions, Candidate, Note};
use crate::catalog::{Catalog, Keys, Looked, Name, Named, Reprints, Stored};
use crate::index::timeline::Period;
use crate::limits::{self, Typed};
use crate::model::Edition;
use crate::status::Status;
use crate::topic::TopicKey;

/// A card's errata as of a date.
pub struct CardErrata {
    pub edition: Edition,
    /// The newest erratum, with its period on the date.
    pub newest: (Stored, Period),
    /// How many earlier errata printed the same text again (when
    /// reprints are collapsed).
    pub reprints: usize,
    /// Earlier errata on the same card, newest first, each with how many
    /// earlier ones printed the same text (when reprints are collapsed).
    pub history: Vec<(Stored, usize)>,
}

impl CardErrata {
    /// The erratum's status on the date.
    pub fn status(&self) -> &Status {
        &self.newest.1.status
    }
}

/// A card's errata in effect on the date, if it has any. For people,
/// `reprints` says whether a text reprinted unchanged is read once (for
/// people) or every time (JSON lists every one).
pub fn card_errata(
    catalog: &Catalog,
    edition: Edition,
    key: &TopicKey,
    as_of: NaiveDate,
    reprints: Reprints,
) -> Result<Option<CardErrata>, Failure> {
    let mut errata = catalog.errata(edition, key, as_of, reprints)?.into_iter();
    let Some((newest, reprints)) = errata.next() else {
        return Ok(None);
    };
    let Some(period) = newest.on(as_of)? else {
        return Ok(None);
    };
    Ok(Some(CardErrata {
        edition,
        newest: (newest, period),
        reprints,
        history: errata.collect(),
    }))
}

/// The answer to `errata`: one card's errata, or every card's.
pub struct ErrataAnswer {
    /// The card as typed, less the words read as the edition; none when
    /// every card is listed.
    pub card: Option<String>,
    /// The editions looked in.
    pub editions: Vec<Edition>,
    pub as_of: NaiveDate,
    pub found: Errata,
    pub notes: Vec<Note>,
}

impl ErrataAnswer {
    pub fn is_found(&self) -> bool {
        match &self.found {
            Errata::All(all) => !all.is_empty(),
            Errata::Card(errata) => !errata.is_empty(),
            Errata::None(_) => false,
        }
    }
}

/// What the errata are.
pub enum Errata {
    /// Every card with errata in force, by name.
    All(Vec<CardErrata>),
    /// The card's errata in each edition that has some in effect, each with
    /// whether the name typed was the card (else the closest was taken).
    Card(Vec<(CardErrata, bool)>),
    /// The card has none: why.
    None(NoErrata),
}

/// Why a card has no errata to show.
pub enum NoErrata {
    /// A known card or topic, with no errata in effect; its rulings.
    Known { name: String, ruled: Vec<Ruled> },
    /// A name rulings mention, which is no topic: the rulings naming it.
    Mentioned(Mentioned),
    /// Several cards or topics fit the name.
    Several(Vec<Candidate>),
    /// A name no look-up knows; the nearest names, and the rulings whose
    /// text uses it.
    Unknown {
        nearest: Vec<Candidate>,
        used: Vec<Candidate>,
        /// What the name is in the editions not asked for.
        elsewhere: Vec<Candidate>,
    },
}

/// A card or topic's rulings, when it has no errata.
#[derive(Debug, Clone, Serialize)]
pub struct Ruled {
    pub topic: String,
    pub edition: Edition,
    /// How many rulings are in effect on it.
    pub count: usize,
    /// Where the newest comes from.
    pub citation: String,
}

/// A card's errata as of `as_of` (every card's when `name` is empty), in
/// the editions asked (`flag`, else the words of the name that name one);
/// `reprints` says whether an erratum reprinted unchanged is read once or
/// every time.
pub fn ask(
    catalog: &Catalog,
    name: Option<&str>,
    flag: Option<Edition>,
    as_of: NaiveDate,
    reprints: Reprints,
) -> Result<ErrataAnswer, Failure> {
    let name = name.unwrap_or_default();
    limits::check(Typed::Name, name)?;
    let (card, edition, notes) = name_and_edition(name, flag);
    let editions = editions(catalog, edition);
    let found = if card.trim().is_empty() {
        Errata::All(all_cards(catalog, &editions, as_of, reprints)?)
    } else {
        one_card(catalog, &editions, as_of, &card, reprints)?
    };
    Ok(ErrataAnswer {
        card: (!card.trim().is_empty()).then_some(card),
        editions,
        as_of,
        found,
        notes,
    })
}

fn all_cards(
    catalog: &Catalog,
    editions: &[Edition],
    as_of: NaiveDate,
    reprints: Reprints,
) -> Result<Vec<CardErrata>, Failure> {
    let mut all: Vec<CardErrata> = Vec::new();
    for &edition in editions {
        for key in catalog.keys(edition, Keys::Errata)? {
            if let Some(errata) = card_errata(catalog, edition, &key, as_of, reprints)? {
                if errata.status().is_current() {
                    all.push(errata);
                }
            }
        }
    }
    all.sort_by(|a, b| {
        a.newest
            .0
            .entry
            .key
            .without_article()
            .cmp(b.newest.0.entry.key.without_article())
            .then(a.edition.cmp(&b.edition))
    });
    Ok(all)
}

fn one_card(
    catalog: &Catalog,
    editions: &[Edition],
    as_of: NaiveDate,
    card: &str,
    reprints: Reprints,
) -> Result<Errata, Failure> {
    let none = |why| Ok(Errata::None(why));
    let named = match catalog.look_up_name(card, editions)? {
        Name::Topic(Looked::Found(named)) => named,
        Name::Topic(Looked::Several(found)) => {
            return none(NoErrata::Several(printed_all(catalog, found)?))
        }
        Name::Topic(Looked::Unknown(nearest)) => {
            let elsewhere = other_editions(catalog, card, editions)?;
            let mut nearest = printed_all(catalog, nearest)?;
            nearest.retain(|n| !elsewhere.contains(n));
            let used = used_in(catalog, card, editions, as_of)?;
            return none(NoErrata::Unknown {
                nearest,
                used,
                elsewhere,
            });
        }
        Name::Mentioned(named) => {
            return none(NoErrata::Mentioned(Mentioned::read(catalog, named, as_of)?))
        }
    };
    let mut answers: Vec<(CardErrata, bool)> = Vec::new();
    let mut ruled: Vec<Ruled> = Vec::new();
    for Named {
        edition,
        key,
        exact,
    } in &named
    {
        match card_errata(catalog, *edition, key, as_of, reprints)? {
            Some(errata) => answers.push((errata, *exact)),
            None => {
                if let Some(topic) = catalog.topic(*edition, key, as_of)? {
                    let newest = topic.newest()?;
                    ruled.push(Ruled {
                        topic: newest.entry.topic.clone(),
                        edition: *edition,
                        count: topic.len(),
                        citation: newest.citation.clone(),
                    });
                }
            }
        }
    }
    if answers.is_empty() {
        let name = named
            .first()
            .map(|n| printed(catalog, n.edition, &n.key))
            .transpose()?
            .unwrap_or_else(|| card.to_string());
        return none(NoErrata::Known { name, ruled });
    }
    Ok(Errata::Card(answers))
}
