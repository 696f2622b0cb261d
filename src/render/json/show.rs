//! `show` as JSON: the topic in each edition that has it in effect, or
//! why none does.

use chrono::NaiveDate;
use serde::Serialize;

use crate::amend::{Failure, Target};
use crate::answer::show::Shown;
use crate::answer::topic::{Mentioned, ShowAnswer, TopicAnswer};
use crate::answer::Candidate;
use crate::catalog::Amended;
use crate::model::{Edition, Entry};
use crate::render::notes::{self, NoteJson};
use crate::render::topic::home_text;
use crate::status::Status;

/// `show` as JSON: one object whatever was found.
pub fn view(shown: &Shown) -> ShowJson<'_> {
    let mut body = ShowJson::empty(shown);
    match &shown.answer {
        ShowAnswer::Found(found) => {
            body.found = true;
            body.known = true;
            body.answers = found.iter().map(topic_json).collect();
        }
        ShowAnswer::NotYet { later } => {
            body.known = true;
            body.ruled_later = later.iter().map(|s| &s.entry).collect();
        }
        ShowAnswer::Several(found) => body.candidates = found,
        ShowAnswer::Mentioned(m) => {
            body.known = true;
            body.mentioned = Some(mentioned(m, shown.as_of));
        }
        ShowAnswer::Unknown(nearest) => {
            body.did_you_mean = nearest;
            body.used_in = &shown.used_in;
        }
    }
    body
}

/// A name that is no topic but that rulings mention, and the rulings that
/// name it, as JSON: each entry with its status on the date (none for one
/// that takes effect later).
pub fn mentioned(m: &Mentioned, as_of: NaiveDate) -> MentionedJson<'_> {
    MentionedJson {
        name: &m.name,
        exact: m.exact,
        named_in: m
            .naming
            .iter()
            .flat_map(|(_, n)| n.in_effect.iter().chain(&n.later))
            .map(|s| NamingJson {
                status: s.status_on(as_of),
                entry: &s.entry,
            })
            .collect(),
    }
}

/// A name that is no topic but that rulings mention, as JSON.
#[derive(Serialize)]
pub struct MentionedJson<'a> {
    /// The name as printed.
    name: &'a str,
    /// Whether it was typed as printed, rather than close in spelling.
    exact: bool,
    named_in: Vec<NamingJson<'a>>,
}

/// A ruling that names a name, as JSON.
#[derive(Serialize)]
pub struct NamingJson<'a> {
    status: Option<Status>,
    #[serde(flatten)]
    entry: &'a Entry,
}

#[derive(Serialize)]
struct SeeJson<'a> {
    topic: &'a str,
    entry: Option<&'a Entry>,
    status: Option<&'a Status>,
    #[serde(rename = "where")]
    location: Option<String>,
}

/// `show --json`: one object whatever was found. `answers` holds the topic
/// in each edition that has it in effect; when it is empty, the other
/// fields say why (`known`, `mentioned`, `ruled_later`, `candidates`,
/// `did_you_mean`, `used_in`).
#[derive(Serialize)]
pub struct ShowJson<'a> {
    /// The name as typed, less the words read as the edition.
    query: &'a str,
    /// The editions looked in.
    editions: &'a [Edition],
    as_of: NaiveDate,
    found: bool,
    /// Whether the corpus knows the name (a topic, or a name rulings
    /// mention).
    known: bool,
    answers: Vec<TopicJson<'a>>,
    mentioned: Option<MentionedJson<'a>>,
    /// Rulings on the topic that take effect only after `as_of`.
    ruled_later: Vec<&'a Entry>,
    /// Several topics fit the name: which one?
    candidates: &'a [Candidate],
    /// The nearest topics to a name the corpus does not know.
    did_you_mean: &'a [Candidate],
    /// The topics whose rulings use an unknown name as a phrase.
    used_in: &'a [Candidate],
    notes: Vec<NoteJson>,
}

impl<'a> ShowJson<'a> {
    fn empty(shown: &'a Shown) -> Self {
        ShowJson {
            query: &shown.typed,
            editions: &shown.editions,
            as_of: shown.as_of,
            found: false,
            known: false,
            answers: Vec::new(),
            mentioned: None,
            ruled_later: Vec::new(),
            candidates: &[],
            did_you_mean: &[],
            used_in: &[],
            notes: notes::json_all(&shown.notes, shown.as_of, shown.is_found()),
        }
    }
}

/// A topic answered in one edition, as JSON.
#[derive(Serialize)]
struct TopicJson<'a> {
    topic: &'a str,
    edition: Edition,
    /// Whether the name typed was the topic (else the closest was taken).
    exact: bool,
    /// The answer first: the status read aloud ("in force since RRD
    /// 2022-11-07"), the text in force (a base entry with the later
    /// rulings applied, else the ruling's), and where it comes from.
    said: String,
    text: &'a str,
    citation: &'a str,
    status: &'a Status,
    /// Whose rules: `game` or `tournament`.
    authority: crate::model::Authority,
    entry: &'a Entry,
    /// The earlier rulings still standing with it.
    standing: Vec<HistoryJson<'a>>,
    history: Vec<HistoryJson<'a>>,
    /// The topic's rulings in undated documents, beside the dated one.
    undated: Vec<HistoryJson<'a>>,
    see: Vec<SeeJson<'a>>,
    /// The base entry with the later rulings applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    amended: Option<AmendedJson<'a>>,
}

/// A base entry with the later rulings applied, as JSON.
#[derive(Serialize)]
struct AmendedJson<'a> {
    base: &'a Entry,
    /// The text in force on the date.
    text: String,
    steps: Vec<StepJson<'a>>,
}

/// One instruction of a ruling, as JSON: applied, or why not.
#[derive(Serialize)]
struct StepJson<'a> {
    release: &'a str,
    date: NaiveDate,
    file: &'a str,
    line: usize,
    citation: &'a str,
    statement: &'a str,
    action: crate::amend::Action,
    target: &'a Target,
    applied: bool,
    failure: Option<&'a Failure>,
    removed: &'a str,
    added: &'a str,
}

fn amended_json(a: &Amended) -> AmendedJson<'_> {
    AmendedJson {
        base: &a.base.entry,
        text: a.text.clone(),
        steps: a
            .steps
            .iter()
            .map(|s| StepJson {
                release: &s.by.entry.release,
                date: s.by.entry.date,
                file: &s.by.entry.file,
                line: s.by.entry.line,
                citation: &s.by.citation,
                statement: &s.step.instruction.statement,
                action: s.step.instruction.action,
                target: &s.step.instruction.target,
                applied: s.step.failure.is_none(),
                failure: s.step.failure.as_ref(),
                removed: &s.step.removed,
                added: &s.step.added,
            })
            .collect(),
    }
}

/// The status of every ruling of an undated document.
static UNDATED: Status = Status::Undated;

#[derive(Serialize)]
struct HistoryJson<'a> {
    status: &'a Status,
    #[serde(flatten)]
    entry: &'a Entry,
}

fn topic_json(a: &TopicAnswer) -> TopicJson<'_> {
    let (entry, period) = (&a.newest.0.entry, &a.newest.1);
    TopicJson {
        topic: &entry.topic,
        edition: a.edition,
        exact: a.exact,
        said: crate::render::topic::said(a),
        text: a.amended.as_ref().map_or(&entry.text, |am| &am.text),
        citation: &a.newest.0.citation,
        status: &period.status,
        authority: entry.authority(),
        entry,
        standing: a
            .standing
            .iter()
            .map(|(s, p)| HistoryJson {
                status: &p.status,
                entry: &s.entry,
            })
            .collect(),
        history: a
            .history
            .iter()
            .map(|(s, p)| HistoryJson {
                status: &p.status,
                entry: &s.entry,
            })
            .collect(),
        undated: a
            .undated
            .iter()
            .map(|s| HistoryJson {
                status: &UNDATED,
                entry: &s.entry,
            })
            .collect(),
        see: a
            .references
            .iter()
            .map(|r| SeeJson {
                topic: &r.topic,
                entry: r.target.as_ref().map(|(s, _)| &s.entry),
                status: r.target.as_ref().map(|(_, p)| &p.status),
                location: home_text(r),
            })
            .collect(),
        amended: a.amended.as_ref().map(amended_json),
    }
}
