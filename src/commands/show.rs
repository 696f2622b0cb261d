//! `rulings show TOPIC`: the ruling in force on a topic, with its citation,
//! what it superseded (`--history`) and its cross-references followed.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::json::{Candidate, Note, NoteCode};
use super::{editions, Config, Outcome, Printer};
use crate::amend::{Failure, Target};
use crate::answer::topic::{answer, printed, Mentioned, ShowAnswer, TopicAnswer};
use crate::catalog::{Amended, Catalog, Looked};
use crate::cli::ShowArgs;
use crate::limits::{self, Typed};
use crate::model::{Edition, Entry};
use crate::render::mark_lost;
use crate::render::topic::{failure_text, home_text, topic_text};
use crate::safe::sanitize;
use crate::status::Status;

impl Mentioned {
    /// The rulings in effect that name it, as lines read them ("points (1E,
    /// 2000-03-27)"), at most `most` and then how many more.
    pub fn named_in(&self, most: usize) -> String {
        let all: Vec<String> = self
            .naming
            .iter()
            .flat_map(|(_, n)| &n.in_effect)
            .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
            .collect();
        let mut shown = all
            .iter()
            .take(most)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if all.len() > most {
            shown.push_str(&format!("; and {} more", all.len() - most));
        }
        shown
    }

    /// The rulings that name it only from a later date, as lines read them.
    pub fn named_later(&self) -> String {
        let all: Vec<String> = self
            .naming
            .iter()
            .flat_map(|(_, n)| &n.later)
            .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
            .collect();
        all.join("; ")
    }

    /// The name and the rulings that name it, as JSON: each entry with its
    /// status on the date (none for one that takes effect later).
    pub fn json(&self, as_of: NaiveDate) -> MentionedJson<'_> {
        MentionedJson {
            name: &self.name,
            exact: self.exact,
            named_in: self
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

/// How many rulings naming a name a line lists.
pub const NAMING_SHOWN: usize = 8;

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
struct ShowJson<'a> {
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
    candidates: Vec<Candidate>,
    /// The nearest topics to a name the corpus does not know.
    did_you_mean: Vec<Candidate>,
    /// The topics whose rulings use an unknown name as a phrase.
    used_in: Vec<Candidate>,
    notes: &'a [Note],
}

impl<'a> ShowJson<'a> {
    fn empty(query: &'a str, editions: &'a [Edition], as_of: NaiveDate, notes: &'a [Note]) -> Self {
        ShowJson {
            query,
            editions,
            as_of,
            found: false,
            known: false,
            answers: Vec::new(),
            mentioned: None,
            ruled_later: Vec::new(),
            candidates: Vec::new(),
            did_you_mean: Vec::new(),
            used_in: Vec::new(),
            notes,
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
    status: &'a Status,
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

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &ShowArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    limits::check(Typed::Name, &args.topic.join(" "))?;
    let (typed, edition, notes) = super::name_and_edition(&args.topic, args.edition);
    for note in &notes {
        p.note(&note.text())?;
    }
    let as_of = config.as_of(args.as_of);
    let editions = editions(catalog, edition);
    // JSON always carries the history.
    let mut answer = answer(catalog, &typed, &editions, as_of, args.history || args.json)?;
    let (used, elsewhere) = match &mut answer {
        ShowAnswer::Unknown(nearest) => {
            let elsewhere = other_editions(catalog, &typed, &editions)?;
            nearest.retain(|n| !elsewhere.contains(n));
            nearest.splice(0..0, elsewhere.iter().cloned());
            (used_in(catalog, &typed, &editions, as_of)?, elsewhere)
        }
        _ => (Vec::new(), Vec::new()),
    };
    if args.json {
        // Every instruction that could not be applied is a note.
        let unapplied: Vec<Note> = match &answer {
            ShowAnswer::Found(found) => found
                .iter()
                .filter_map(|a| a.amended.as_ref())
                .flat_map(|a| a.unapplied())
                .map(|s| {
                    let mut note = Note::new(
                        NoteCode::AmendmentNotApplied,
                        format!(
                            "{}: {} — {}; the base text and the amendment are given side by side",
                            s.by.citation,
                            s.step.instruction.statement,
                            failure_text(s.step.failure.as_ref())
                        ),
                    );
                    note.from = Some(s.by.entry.id());
                    note
                })
                .collect(),
            _ => Vec::new(),
        };
        let all_notes: Vec<Note> = notes.iter().cloned().chain(unapplied).collect();
        let mut body = ShowJson::empty(&typed, &editions, as_of, &all_notes);
        match &answer {
            ShowAnswer::Found(found) => {
                body.found = true;
                body.known = true;
                body.answers = found.iter().map(topic_json).collect();
            }
            ShowAnswer::NotYet { later } => {
                body.known = true;
                body.ruled_later = later.iter().map(|s| &s.entry).collect();
            }
            ShowAnswer::Several(found) => body.candidates = found.clone(),
            ShowAnswer::Mentioned(m) => {
                body.known = true;
                body.mentioned = Some(m.json(as_of));
            }
            ShowAnswer::Unknown(nearest) => {
                body.did_you_mean = nearest.clone();
                body.used_in = used.clone();
            }
        }
        p.out.json(&body)?;
        return Ok(if body.found {
            Outcome::Found
        } else {
            Outcome::NothingFound
        });
    }
    match answer {
        ShowAnswer::Found(found) => {
            let mut lines = Vec::new();
            for (i, a) in found.iter().enumerate() {
                if i > 0 {
                    lines.push(String::new());
                }
                lines.extend(topic_text(
                    &p.style,
                    &typed,
                    a,
                    as_of,
                    config.today,
                    args.history,
                ));
            }
            for line in mark_lost(&p.style, lines) {
                p.out.line(&line)?;
            }
            Ok(Outcome::Found)
        }
        nothing => {
            not_found(p, &typed, &editions, as_of, &nothing, &used, &elsewhere)?;
            Ok(Outcome::NothingFound)
        }
    }
}

fn topic_json(a: &TopicAnswer) -> TopicJson<'_> {
    let (entry, period) = (&a.newest.0.entry, &a.newest.1);
    TopicJson {
        topic: &entry.topic,
        edition: a.edition,
        exact: a.exact,
        status: &period.status,
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

fn not_found(
    p: &mut Printer<impl Write, impl Write>,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    nothing: &ShowAnswer,
    used: &[Candidate],
    elsewhere: &[Candidate],
) -> anyhow::Result<()> {
    let editions_text: Vec<&str> = editions.iter().map(|e| e.label()).collect();
    let editions_text = editions_text.join(", ");
    match nothing {
        ShowAnswer::Found(_) => {}
        ShowAnswer::Mentioned(m) => {
            let lead = format!("{} is not a topic ({editions_text})", sanitize(&m.name));
            say_mentioned(&mut p.err, typed, "topic", &lead, m, as_of)?;
        }
        ShowAnswer::NotYet { later } => {
            p.err.line(&format!(
                "nothing in force on `{}` as of {as_of} ({editions_text})",
                sanitize(typed)
            ))?;
            let later: Vec<String> = later
                .iter()
                .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
                .collect();
            if !later.is_empty() {
                p.err.line(&format!(
                    "first ruled later: {}",
                    sanitize(&later.join("; "))
                ))?;
            }
        }
        ShowAnswer::Several(candidates) => p.err.line(&format!(
            "several topics fit `{}` ({editions_text}); which one? {}",
            sanitize(typed),
            sanitize(&Candidate::list(candidates).join(", "))
        ))?,
        ShowAnswer::Unknown(_) if !elsewhere.is_empty() => {
            p.err.line(&in_other_editions(
                typed,
                "topic or card",
                editions,
                elsewhere,
            ))?;
        }
        ShowAnswer::Unknown(nearest) => {
            p.err.line(&unknown_name(
                typed,
                "topic or card",
                &format!(" ({editions_text})"),
                used,
            ))?;
            if !nearest.is_empty() {
                p.err.line(&format!(
                    "did you mean: {}",
                    sanitize(&Candidate::list(nearest).join(", "))
                ))?;
            }
            p.err.line(&search_hint(typed))?;
        }
    }
    Ok(())
}

/// The rulings in effect on the date whose text uses a name no look-up
/// knows, as "topic (edition)": the name is in the documents, only not as a
/// topic, a card or a name they set apart ("Quark" inside "Pel and Quark").
/// Read with `search`, the name as one phrase, every word of it held.
pub fn used_in(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
) -> anyhow::Result<Vec<Candidate>> {
    let request = crate::search::Request {
        query: format!("\"{}\"", typed.replace('"', " ")),
        edition: match editions {
            [one] => Some(*one),
            _ => None,
        },
        kind: None,
        as_of,
        all: false,
        limit: USED_IN_SHOWN,
        typing: false,
    };
    let answer = match crate::search::search(catalog.index(), &request) {
        Ok(answer) => answer,
        // A name at the length limit is one no ruling uses: quoted, it
        // is past the limit of a query.
        Err(crate::search::SearchError::NoWords | crate::search::SearchError::TooLong(_)) => {
            return Ok(Vec::new())
        }
        Err(e) => return Err(e.into()),
    };
    if !answer.notes.is_empty() {
        // A partial, corrected or typo-tolerant reading is no use of the name.
        return Ok(Vec::new());
    }
    let mut used: Vec<Candidate> = Vec::new();
    for hit in &answer.hits {
        let named = Candidate::new(hit.topic.clone(), hit.edition);
        if !used.contains(&named) {
            used.push(named);
        }
    }
    Ok(used)
}

/// The topics or cards a name is in the editions not asked for ("Continuing
/// Mission" asked in 2E is a 1E card): a name the other edition knows is
/// not said to be absent from the documents.
pub fn other_editions(
    catalog: &Catalog,
    typed: &str,
    asked: &[Edition],
) -> anyhow::Result<Vec<Candidate>> {
    let others = catalog.other_editions(asked);
    if others.is_empty() {
        return Ok(Vec::new());
    }
    match catalog.look_up(typed, &others)? {
        Looked::Found(named) => named
            .iter()
            .map(|n| {
                Ok(Candidate::new(
                    printed(catalog, n.edition, &n.key)?,
                    n.edition,
                ))
            })
            .collect(),
        _ => Ok(Vec::new()),
    }
}

/// The first line for a name only the editions not asked for know, with
/// the option that asks for them.
pub fn in_other_editions(
    typed: &str,
    what: &str,
    asked: &[Edition],
    elsewhere: &[Candidate],
) -> String {
    let asked: Vec<&str> = asked.iter().map(|e| e.label()).collect();
    let mut options: Vec<String> = elsewhere
        .iter()
        .map(|c| format!("--edition {}", c.edition.label().to_ascii_lowercase()))
        .collect();
    options.dedup();
    format!(
        "no {what} named `{}` in {}; the other edition has it: {} — add `{}`",
        sanitize(typed),
        asked.join(", "),
        sanitize(&Candidate::list(elsewhere).join(", ")),
        options.join("` or `")
    )
}

/// How many rulings that use an unknown name are listed.
const USED_IN_SHOWN: usize = 6;

/// The first line for a name no look-up knows: "not in these documents"
/// only when no ruling uses it either.
pub fn unknown_name(typed: &str, what: &str, editions: &str, used: &[Candidate]) -> String {
    if used.is_empty() {
        format!(
            "no {what} named `{}` in these documents{editions}",
            sanitize(typed)
        )
    } else {
        format!(
            "no {what} named `{}`{editions}, but rulings use it: {}",
            sanitize(typed),
            sanitize(&Candidate::list(used).join(", "))
        )
    }
}

/// The search to try for a name no look-up knows.
pub fn search_hint(typed: &str) -> String {
    format!("try `rulings search \"{}\"`", sanitize(typed.trim()))
}

/// What `show` and `errata` say of a name that is no `what` (topic, card)
/// but that rulings mention: the closest name when it was not typed
/// exactly, the rulings that name it after `lead`, and a search to try.
pub fn say_mentioned(
    err: &mut crate::output::Out<impl Write>,
    typed: &str,
    what: &str,
    lead: &str,
    m: &Mentioned,
    as_of: NaiveDate,
) -> std::io::Result<()> {
    if !m.exact {
        err.line(&format!(
            "note: no {what} or name `{}`; the closest name is `{}`",
            sanitize(typed),
            sanitize(&m.name)
        ))?;
    }
    if m.in_effect() {
        err.line(&format!(
            "{lead} — it is named in: {}",
            sanitize(&m.named_in(NAMING_SHOWN))
        ))?;
    } else {
        err.line(&format!(
            "{lead}, and no ruling in effect as of {as_of} names it; named later in: {}",
            sanitize(&m.named_later())
        ))?;
    }
    err.line(&search_hint(&m.name))
}
