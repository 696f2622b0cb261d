//! `errata` as JSON: one object whatever was found, for one card or for
//! every card (`card` null). `errata` holds the card's errata in each
//! edition that has some in effect; when it is empty, the other fields say
//! why.

use chrono::NaiveDate;
use serde::Serialize;

use super::show::{mentioned, MentionedJson};
use crate::answer::errata::{CardErrata, Errata, ErrataAnswer, NoErrata, Ruled};
use crate::answer::Candidate;
use crate::model::{Edition, Entry};
use crate::render::notes::{self, NoteJson};
use crate::status::Status;

#[derive(Serialize)]
pub struct AnswerJson<'a> {
    /// The card as typed, less the words read as the edition; null when
    /// every card is listed.
    card: Option<&'a str>,
    /// The editions looked in.
    editions: &'a [Edition],
    as_of: NaiveDate,
    found: bool,
    /// Whether the corpus knows the name (a card or topic, or a name
    /// rulings mention); true when every card is listed.
    known: bool,
    errata: Vec<ErrataJson<'a>>,
    /// A known card or topic with no errata in effect: its name as printed,
    /// and its rulings.
    name: Option<&'a str>,
    rulings: &'a [Ruled],
    mentioned: Option<MentionedJson<'a>>,
    /// Several cards or topics fit the name: which one?
    candidates: &'a [Candidate],
    /// The nearest names to a name the corpus does not know.
    did_you_mean: Vec<Candidate>,
    /// The topics whose rulings use an unknown name as a phrase.
    used_in: &'a [Candidate],
    notes: Vec<NoteJson>,
}

/// A card's errata in one edition, as JSON.
#[derive(Serialize)]
struct ErrataJson<'a> {
    card: &'a str,
    edition: Edition,
    /// Whether the name typed was the card (else the closest was taken).
    exact: bool,
    status: &'a Status,
    entry: &'a Entry,
    history: Vec<&'a Entry>,
}

fn errata_json(errata: &CardErrata, exact: bool) -> ErrataJson<'_> {
    ErrataJson {
        card: &errata.newest.0.entry.topic,
        edition: errata.edition,
        exact,
        status: errata.status(),
        entry: &errata.newest.0.entry,
        history: errata.history.iter().map(|(s, _)| &s.entry).collect(),
    }
}

pub fn view(answer: &ErrataAnswer) -> AnswerJson<'_> {
    let mut body = AnswerJson {
        card: answer.card.as_deref(),
        editions: &answer.editions,
        as_of: answer.as_of,
        found: answer.is_found(),
        known: false,
        errata: Vec::new(),
        name: None,
        rulings: &[],
        mentioned: None,
        candidates: &[],
        did_you_mean: Vec::new(),
        used_in: &[],
        notes: notes::json_all(&answer.notes, answer.as_of, answer.is_found()),
    };
    match &answer.found {
        Errata::All(all) => {
            body.known = true;
            body.errata = all.iter().map(|e| errata_json(e, true)).collect();
        }
        Errata::Card(found) => {
            body.known = true;
            body.errata = found
                .iter()
                .map(|(e, exact)| errata_json(e, *exact))
                .collect();
        }
        Errata::None(NoErrata::Known { name, ruled }) => {
            body.known = true;
            body.name = Some(name);
            body.rulings = ruled;
        }
        Errata::None(NoErrata::Mentioned(m)) => {
            body.known = true;
            body.mentioned = Some(mentioned(m, answer.as_of));
        }
        Errata::None(NoErrata::Several(candidates)) => body.candidates = candidates,
        Errata::None(NoErrata::Unknown {
            nearest,
            used,
            elsewhere,
        }) => {
            // A name the other edition knows comes first among the names
            // offered.
            body.did_you_mean = elsewhere.iter().chain(nearest).cloned().collect();
            body.used_in = used;
        }
    }
    body
}
