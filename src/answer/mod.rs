//! Answers to the questions every front end asks (the command line, the
//! interactive search, the server): a topic in force with what stands
//! beside it ([`topic`]), a card's errata ([`errata`]), and the names
//! offered when the one typed is not known; and the questions themselves,
//! typed, as a front end other than the command line asks them
//! ([`request`]). They are read from the catalog
//! alone and hold data, never sentences: `render` words them for people and
//! the commands serialize them for programs.

pub mod bans;
pub mod card;
pub mod check;
pub mod deck;
pub mod errata;
pub mod error;
pub mod export;
pub mod links;
mod note;
pub mod request;
pub mod search;
pub mod show;
pub mod stop;
pub mod topic;

use chrono::NaiveDate;
use serde::Serialize;

use crate::catalog::{Catalog, Reprints};
use crate::diff::Comparison;
use crate::limits::{self, Typed};
use crate::model::{Edition, ReleaseInfo};
use error::Failure;
pub use note::Note;
use request::Request;

/// The answer to one question, as a value every front end draws.
pub enum Answer {
    Search(search::Searched),
    Show(show::Shown),
    Errata(errata::ErrataAnswer),
    Diff(Box<Comparison>),
    Releases(Vec<ReleaseInfo>),
    Export(export::Exported),
    Card(Box<card::CardAnswer>),
    Deck(Box<deck::DeckAnswer>),
}

impl Answer {
    /// Whether it found what was asked (a diff and the releases always
    /// do).
    pub fn is_found(&self) -> bool {
        match self {
            Answer::Search(searched) => searched.is_found(),
            Answer::Show(shown) => shown.is_found(),
            Answer::Errata(errata) => errata.is_found(),
            Answer::Export(exported) => !exported.entries.is_empty(),
            Answer::Card(card) => card.is_found(),
            Answer::Deck(deck) => deck.is_found(),
            Answer::Diff(_) | Answer::Releases(_) => true,
        }
    }

    /// Whether asking again could answer more (see
    /// [`deck::DeckAnswer::is_settled`]): an unsettled answer is not kept.
    pub fn is_settled(&self) -> bool {
        match self {
            Answer::Deck(deck) => deck.is_settled(),
            _ => true,
        }
    }

    /// Adds a note to an answer that holds notes (a diff and the releases
    /// hold none).
    pub fn add_note(&mut self, note: Note) {
        match self {
            Answer::Search(searched) => searched.notes.push(note),
            Answer::Show(shown) => shown.notes.push(note),
            Answer::Errata(errata) => errata.notes.push(note),
            Answer::Card(card) => card.notes.push(note),
            Answer::Deck(deck) => deck.notes.push(note),
            Answer::Diff(_) | Answer::Releases(_) | Answer::Export(_) => {}
        }
    }
}

/// Answers `request` from `catalog`; a question with no date is asked as of
/// `today`.
pub fn ask(request: &Request, today: NaiveDate, catalog: &Catalog) -> Result<Answer, Failure> {
    ask_until(request, today, catalog, &stop::Stop::never())
}

/// [`ask`], with the work of an answer of many parts stopped by `stop`.
pub fn ask_until(
    request: &Request,
    today: NaiveDate,
    catalog: &Catalog,
    stop: &stop::Stop,
) -> Result<Answer, Failure> {
    let mut answer = answered(request, today, catalog, stop)?;
    let unknown = &catalog.manifest().edition_unknown;
    if !unknown.is_empty() {
        answer.add_note(Note::EditionUnknown {
            files: unknown.clone(),
        });
    }
    let limits = &catalog.manifest().card_limits;
    if matches!(request, Request::Card { .. } | Request::Deck { .. }) && !limits.is_empty() {
        answer.add_note(Note::CardDatabaseLimits(limits.clone()));
    }
    if let Some(note) = card_note(request, &answer, catalog)? {
        if let Note::IsCard { name, .. } = &note {
            not_another(&mut answer, name);
        }
        answer.add_note(note);
    }
    Ok(answer)
}

/// A name the card database knows as a card, which the rulings do not
/// hold, is never answered with another topic's rulings or another card's
/// errata: `show` offers the closest topics instead, `errata` says the card
/// has none.
fn not_another(answer: &mut Answer, card: &str) {
    match answer {
        Answer::Show(shown) => {
            if let topic::ShowAnswer::Found(found) = &shown.answer {
                let closest = found
                    .iter()
                    .map(|a| Candidate::new(a.newest.0.entry.topic.clone(), a.edition))
                    .collect();
                shown.answer = topic::ShowAnswer::Unknown(closest);
            }
        }
        Answer::Errata(errata) => {
            if let errata::Errata::Card(_) = &errata.found {
                errata.found = errata::Errata::None(errata::NoErrata::Known {
                    name: card.to_string(),
                    ruled: Vec::new(),
                });
            }
        }
        _ => {}
    }
}

/// What the card database would settle, or settles, of a name a question
/// asked: without one, said for every card and deck question and for a
/// name the rulings do not hold; with one, a name that is a card but no
/// topic of the rulings is said to be a card.
fn card_note(
    request: &Request,
    answer: &Answer,
    catalog: &Catalog,
) -> Result<Option<Note>, Failure> {
    let without = catalog.card_count().is_none();
    let (typed, edition, exact) = match (request, answer) {
        (Request::Card { .. } | Request::Deck { .. }, _) => {
            return Ok(without.then_some(Note::NoCardDatabase))
        }
        (Request::Show { edition, .. }, Answer::Show(shown)) => (
            &shown.typed,
            *edition,
            match &shown.answer {
                topic::ShowAnswer::Found(found) => found.iter().any(|a| a.exact),
                topic::ShowAnswer::Mentioned(m) => m.exact,
                topic::ShowAnswer::Unknown(_) => false,
                topic::ShowAnswer::NotYet { .. } | topic::ShowAnswer::Several(_) => true,
            },
        ),
        (Request::Errata { edition, .. }, Answer::Errata(errata)) => match &errata.card {
            Some(card) => (
                card,
                *edition,
                match &errata.found {
                    errata::Errata::Card(found) => found.iter().any(|(_, exact)| *exact),
                    errata::Errata::None(errata::NoErrata::Known { .. }) => true,
                    errata::Errata::None(errata::NoErrata::Mentioned(m)) => m.exact,
                    _ => false,
                },
            ),
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    if exact {
        return Ok(None);
    }
    if without {
        return Ok(Some(Note::NoCardDatabase));
    }
    let editions = editions(catalog, edition);
    Ok(
        card::exactly(catalog, typed, &editions)?.map(|c| Note::IsCard {
            name: c.name,
            edition: c.edition,
        }),
    )
}

fn answered(
    request: &Request,
    today: NaiveDate,
    catalog: &Catalog,
    stop: &stop::Stop,
) -> Result<Answer, Failure> {
    Ok(match request {
        Request::Search {
            query,
            edition,
            kind,
            authority,
            as_of,
            all,
            limit,
            typing,
        } => Answer::Search(search::ask(
            catalog,
            crate::search::Request {
                query: query.clone(),
                edition: *edition,
                kind: *kind,
                authority: *authority,
                as_of: as_of.unwrap_or(today),
                all: *all,
                limit: usize::from(*limit),
                typing: *typing,
            },
        )?),
        Request::Show {
            topic,
            edition,
            authority,
            as_of,
            history,
        } => Answer::Show(show::ask_whose(
            catalog,
            topic,
            (*edition, *authority),
            as_of.unwrap_or(today),
            *history,
        )?),
        Request::Errata {
            card,
            edition,
            as_of,
            every_printing,
        } => Answer::Errata(errata::ask(
            catalog,
            card.as_deref(),
            *edition,
            as_of.unwrap_or(today),
            if *every_printing {
                Reprints::Listed
            } else {
                Reprints::Collapsed
            },
        )?),
        Request::Diff {
            from,
            to,
            edition,
            documents,
            topics,
            authority,
        } => {
            for side in [from, to] {
                limits::check(Typed::Side, side.text())?;
            }
            for topic in topics {
                limits::check(Typed::Name, topic)?;
            }
            let mut comparison = crate::diff::compare(
                catalog,
                &crate::diff::Request {
                    from,
                    to,
                    edition: *edition,
                    documents: *documents,
                    topics,
                },
            )?;
            if let Some(authority) = authority {
                for part in &mut comparison.parts {
                    part.keep_authority(*authority);
                }
            }
            Answer::Diff(Box::new(comparison))
        }
        Request::Releases => Answer::Releases(catalog.releases()?),
        Request::Card {
            name,
            edition,
            as_of,
        } => Answer::Card(Box::new(card::ask(
            catalog,
            name,
            *edition,
            as_of.unwrap_or(today),
        )?)),
        Request::Deck {
            list,
            edition,
            format,
            as_of,
        } => Answer::Deck(Box::new(deck::ask(
            catalog,
            list,
            (*edition, format.as_deref()),
            as_of.unwrap_or(today),
            stop,
        )?)),
        Request::Export {
            edition,
            release,
            authority,
        } => {
            let mut exported = export::ask(catalog, *edition, release.as_deref())?;
            if let Some(authority) = authority {
                exported.entries.retain(|e| e.authority() == *authority);
            }
            Answer::Export(exported)
        }
    })
}

/// The editions a question covers: the one asked, else every edition the
/// corpus has.
pub fn editions(catalog: &Catalog, asked: Option<Edition>) -> Vec<Edition> {
    match asked {
        Some(e) => vec![e],
        None => catalog.editions(),
    }
}

/// A name offered in place of the one typed: a topic or card as the
/// documents print it, and the edition it is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub name: String,
    pub edition: Edition,
}

impl Candidate {
    pub fn new(name: impl Into<String>, edition: Edition) -> Candidate {
        Candidate {
            name: name.into(),
            edition,
        }
    }

    /// As a line of text reads it: "Away Team (1E)".
    pub fn text(&self) -> String {
        format!("{} ({})", self.name, self.edition)
    }

    pub fn list(candidates: &[Candidate]) -> Vec<String> {
        candidates.iter().map(Candidate::text).collect()
    }
}
