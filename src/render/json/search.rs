//! A search as JSON: the hits, each with its entry on one line as the
//! index stores it, and the notes.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::answer::search::Searched;
use crate::model::Authority;
use crate::render::notes::{self, NoteJson};
use crate::render::search::plain_mark;
use crate::status::Status;

#[derive(Serialize)]
struct HitJson<'a> {
    score: f32,
    snippet: String,
    status: &'a Status,
    citation: &'a str,
    /// Whose rules: `game` or `tournament`.
    authority: Authority,
    entry: Box<RawValue>,
}

#[derive(Serialize)]
struct ErratumJson<'a> {
    status: &'a Status,
    citation: &'a str,
    entry: Box<RawValue>,
}

/// The card the query names, before the hits.
#[derive(Serialize)]
struct CardJson<'a> {
    name: &'a str,
    edition: &'a str,
    printed: Option<&'a str>,
    erratum: Option<ErratumJson<'a>>,
    /// The card's page on the server (`rulings serve`).
    link: String,
}

#[derive(Serialize)]
pub struct AnswerJson<'a> {
    query: &'a str,
    card: Option<CardJson<'a>>,
    hits: Vec<HitJson<'a>>,
    notes: Vec<NoteJson>,
}

pub fn view(searched: &Searched) -> Result<AnswerJson<'_>, serde_json::Error> {
    let hits = searched
        .found
        .hits
        .iter()
        .map(|h| {
            Ok(HitJson {
                score: h.score,
                snippet: h.snippet.marked(plain_mark),
                status: &h.period.status,
                citation: &h.citation,
                authority: h.entry.authority(),
                // As the index stores it: one line, within the answer.
                entry: RawValue::from_string(serde_json::to_string(&h.entry)?)?,
            })
        })
        .collect::<Result<_, serde_json::Error>>()?;
    let card = match &searched.card {
        Some(named) => Some(CardJson {
            name: &named.name,
            edition: named.edition.label(),
            printed: named.card.as_ref().map(|c| c.text.as_str()),
            erratum: match &named.errata {
                Some(e) => Some(ErratumJson {
                    status: &e.newest.1.status,
                    citation: &e.newest.0.citation,
                    entry: RawValue::from_string(serde_json::to_string(&e.newest.0.entry)?)?,
                }),
                None => None,
            },
            link: crate::answer::links::card(named.edition.label(), &named.name),
        }),
        None => None,
    };
    Ok(AnswerJson {
        query: &searched.request.query,
        card,
        hits,
        notes: notes::json_all(&searched.notes, searched.request.as_of, searched.is_found()),
    })
}
