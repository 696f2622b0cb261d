//! A search answered: the card the words name, if they name one; the hits
//! of the words on the date, the notes on how they were read, and the
//! topics offered when they look like a name, each in the editions that
//! have it.

use super::card::{exactly, in_rulings};
use super::errata::{card_errata, CardErrata};
use super::error::Failure;
use super::{Candidate, Note};
use crate::cards::Card;
use crate::catalog::{Catalog, Reprints};
use crate::model::Edition;
use crate::search::{self, Request};
use crate::topic::TopicKey;

/// The answer to a search.
pub struct Searched {
    pub request: Request,
    /// The card the words name, offered before the rulings found.
    pub card: Option<Box<NamedCard>>,
    pub found: search::Answer,
    /// How the words were read, and the topics they look like.
    pub notes: Vec<Note>,
}

/// A card a search names whole: what a TD asked of when typing a card's
/// name, before any ruling that mentions it.
pub struct NamedCard {
    /// As printed: the database's name, else the erratum's head.
    pub name: String,
    pub edition: Edition,
    /// The card as the card database prints it, when one is kept.
    pub card: Option<Card>,
    /// Its erratum in force on the date, if any.
    pub errata: Option<CardErrata>,
}

/// The most words a card's name has ("The Big Picture", "Going to the
/// Top", "Kathleen Tonell"): longer questions are no card's name.
const CARD_NAME_WORDS: usize = 8;

/// The card the words name whole, in an edition asked: a card of the card
/// database, else a card the rulings hold an erratum of. A close spelling
/// is no card named (the search's own suggestions answer that).
fn named_card(catalog: &Catalog, request: &Request) -> Result<Option<Box<NamedCard>>, Failure> {
    let typed = request.query.trim().trim_matches('"').trim();
    if typed.is_empty() || typed.split_whitespace().count() > CARD_NAME_WORDS {
        return Ok(None);
    }
    let editions = super::editions(catalog, request.edition);
    if let Some(card) = exactly(catalog, typed, &editions)? {
        let edition = card.edition;
        let errata = match in_rulings(catalog, &card, edition)? {
            Some(named) => card_errata(
                catalog,
                edition,
                &named.key,
                request.as_of,
                Reprints::Collapsed,
            )?
            .filter(|e| e.status().is_current()),
            None => None,
        };
        return Ok(Some(Box::new(NamedCard {
            name: card.name.clone(),
            edition,
            card: Some(card),
            errata,
        })));
    }
    for &edition in &editions {
        let Some(named) = catalog.exact_name(typed, &[edition])? else {
            continue;
        };
        for named in named.into_iter().filter(|n| n.exact) {
            let errata = card_errata(
                catalog,
                edition,
                &named.key,
                request.as_of,
                Reprints::Collapsed,
            )?;
            let Some(errata) = errata.filter(|e| e.status().is_current()) else {
                continue;
            };
            let entry = &errata.newest.0.entry;
            if !entry.cards.contains(&entry.topic) {
                // An erratum of a rules term ("revised game text"), no card.
                continue;
            }
            return Ok(Some(Box::new(NamedCard {
                name: entry.topic.clone(),
                edition,
                card: None,
                errata: Some(errata),
            })));
        }
    }
    Ok(None)
}

impl Searched {
    pub fn is_found(&self) -> bool {
        !self.found.hits.is_empty() || self.card.is_some()
    }
}

/// Searches the catalog. An empty query is the search's to refuse
/// (`SearchError::NoWords`), worded once, as every front end words it.
pub fn ask(catalog: &Catalog, request: Request) -> Result<Searched, Failure> {
    let mut found = search::search(catalog.index(), &request)?;
    let card = named_card(catalog, &request)?;
    if let Some(erratum) = card.as_ref().and_then(|c| c.errata.as_ref()) {
        // The card's erratum is given with the card, not again as a hit.
        let shown = erratum.newest.0.entry.id();
        found.hits.retain(|hit| hit.id != shown);
    }
    let mut notes: Vec<Note> = found.notes.iter().cloned().map(Note::Read).collect();
    if !found.did_you_mean.is_empty() {
        notes.push(Note::DidYouMean {
            topics: found.did_you_mean.clone(),
            candidates: candidates(catalog, &found.did_you_mean, request.edition)?,
        });
    }
    Ok(Searched {
        request,
        card,
        found,
        notes,
    })
}

/// The topics that look like the query, each in every edition asked that
/// has it.
fn candidates(
    catalog: &Catalog,
    topics: &[String],
    edition: Option<Edition>,
) -> Result<Vec<Candidate>, Failure> {
    let mut candidates = Vec::new();
    for topic in topics {
        let key = TopicKey::new(topic);
        for edition in super::editions(catalog, edition) {
            if catalog.has_topic(edition, &key)? {
                candidates.push(Candidate::new(topic.clone(), edition));
            }
        }
    }
    Ok(candidates)
}
