//! A search as JSON: the hits, each with its entry on one line as the
//! index stores it, and the notes.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::answer::search::Searched;
use crate::render::notes::{self, NoteJson};
use crate::render::search::plain_mark;
use crate::status::Status;

#[derive(Serialize)]
struct HitJson<'a> {
    score: f32,
    snippet: String,
    status: &'a Status,
    entry: Box<RawValue>,
}

#[derive(Serialize)]
pub struct AnswerJson<'a> {
    query: &'a str,
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
                // As the index stores it: one line, within the answer.
                entry: RawValue::from_string(serde_json::to_string(&h.entry)?)?,
            })
        })
        .collect::<Result<_, serde_json::Error>>()?;
    Ok(AnswerJson {
        query: &searched.request.query,
        hits,
        notes: notes::json_all(&searched.notes, searched.request.as_of, searched.is_found()),
    })
}
