//! `rulings diff FROM TO`: what changed between two releases, or in the
//! rulings in force between two dates. Text for people (word diffs colored
//! on a terminal, `[-old-]{+new+}` when plain) or one JSON object.

use std::io::Write;

use serde::Serialize;

use super::{Outcome, Printer};
use crate::catalog::Catalog;
use crate::cli::DiffArgs;
use crate::diff::{self, Comparison, WordChange};
use crate::limits::{self, Typed};
use crate::model::Entry;
use crate::render::diff::{indicative_text, text};
use crate::render::{self};
use crate::status::Status;
use crate::topic::TopicKey;

/// What to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Full,
    Stat,
    Json,
}

impl Form {
    /// `--stat` and `--json` exclude each other (clap sees to it).
    pub fn from_flags(stat: bool, json: bool) -> Form {
        match (stat, json) {
            (_, true) => Form::Json,
            (true, false) => Form::Stat,
            (false, false) => Form::Full,
        }
    }
}

pub fn run(
    catalog: &Catalog,
    args: &DiffArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    for side in [&args.from, &args.to] {
        limits::check(Typed::Side, side.text())?;
    }
    for topic in &args.topics {
        limits::check(Typed::Name, topic)?;
    }
    let comparison = diff::compare(
        catalog,
        &diff::Request {
            from: &args.from,
            to: &args.to,
            edition: args.edition,
            documents: args.documents,
            topics: &args.topics,
        },
    )?;
    match Form::from_flags(args.stat, args.json) {
        Form::Json => {
            p.out.json(&json(&comparison))?;
        }
        form => {
            for line in render::mark_lost(&p.style, text(&p.style, &comparison, form == Form::Stat))
            {
                p.out.line(&line)?;
            }
        }
    }
    // A diff is an answer whether or not anything differs.
    Ok(Outcome::Found)
}

// ---- JSON --------------------------------------------------------------

#[derive(Serialize)]
struct Json<'a> {
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
fn json(c: &Comparison) -> Json<'_> {
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

// ---- Text --------------------------------------------------------------
