//! A diff as JSON: one object for every comparison.

use serde::Serialize;

use crate::diff::{Comparison, WordChange};
use crate::model::Entry;
use crate::render::diff::indicative_text;
use crate::status::Status;
use crate::topic::TopicKey;

#[derive(Serialize)]
pub struct Json<'a> {
    from: String,
    to: String,
    added: Vec<&'a Entry>,
    removed: Vec<&'a Entry>,
    changed: Vec<JsonChange<'a>>,
    status_changed: Vec<JsonStatusChange<'a>>,
    unchanged: usize,
    markers: Option<JsonMarkers<'a>>,
}

#[derive(Serialize)]
struct JsonChange<'a> {
    key: &'a TopicKey,
    from: &'a Entry,
    to: &'a Entry,
    /// The other rulings standing on the topic on each side.
    from_beside: Vec<&'a Entry>,
    to_beside: Vec<&'a Entry>,
    words: &'a [WordChange],
}

#[derive(Serialize)]
struct JsonStatusChange<'a> {
    key: &'a TopicKey,
    from: &'a Status,
    to: &'a Status,
    entry: &'a Entry,
}

#[derive(Serialize)]
struct JsonMarkers<'a> {
    release: &'a str,
    against: &'a str,
    marks_entries: bool,
    marked: usize,
    indicative: bool,
    note: Option<String>,
    marked_unchanged: Vec<&'a Entry>,
    unmarked_changes: Vec<&'a Entry>,
}

/// One object for every comparison; with both editions the lists hold both
/// (each entry names its edition).
pub fn view(c: &Comparison) -> Json<'_> {
    let parts = &c.parts;
    Json {
        from: c.from.label(),
        to: c.to.label(),
        added: parts
            .iter()
            .flat_map(|p| p.added.iter().map(|s| &s.entry))
            .collect(),
        removed: parts
            .iter()
            .flat_map(|p| p.removed.iter().map(|r| &r.entry.entry))
            .collect(),
        changed: parts
            .iter()
            .flat_map(|p| &p.changed)
            .map(|ch| JsonChange {
                key: &ch.key,
                from: &ch.from.entry,
                to: &ch.to.entry,
                from_beside: ch.from_beside.iter().map(|b| &b.entry.entry).collect(),
                to_beside: ch.to_beside.iter().map(|b| &b.entry.entry).collect(),
                words: &ch.words,
            })
            .collect(),
        status_changed: parts
            .iter()
            .flat_map(|p| &p.status_changed)
            .map(|s| JsonStatusChange {
                key: &s.key,
                from: &s.from.status,
                to: &s.to.status,
                entry: &s.entry.entry,
            })
            .collect(),
        unchanged: parts.iter().map(|p| p.unchanged.len()).sum(),
        markers: c.markers.as_ref().map(|m| JsonMarkers {
            release: &m.release.id,
            against: &m.against,
            marks_entries: m.marks_entries,
            marked: m.marked,
            indicative: m.indicative.is_some(),
            note: m.indicative.as_ref().map(indicative_text),
            marked_unchanged: m.marked_unchanged.iter().map(|s| &s.entry).collect(),
            unmarked_changes: m.unmarked_changes.iter().map(|s| &s.entry).collect(),
        }),
    }
}
