//! `rulings search QUERY…`: ranked hits with their status, citation and a
//! highlighted snippet, or one JSON object for programs.
//!
//! For people, notes about how the query was read go with the answer on
//! stdout; with `--json` they are in the object as `notes` (a stable code
//! and a sentence each, so a program can tell a partial match from a full
//! one), with a did-you-mean's topics as candidates with their edition.
//! Snippets mark matched words in color on a terminal and between `**`
//! when plain (the documents use `[…]` for icons).

use std::io::Write;

use serde::Serialize;
use serde_json::value::RawValue;

use super::json::{Candidate, Note, NoteCode};
use super::{Config, Outcome, Printer};
use crate::catalog::Catalog;
use crate::cli::SearchArgs;
use crate::model::Edition;
use crate::render::mark_lost;
use crate::render::search::{answer_text, plain_mark};
use crate::safe::sanitize;
use crate::search::{self, Answer, Note as ReadNote, Request};
use crate::status::Status;
use crate::topic::TopicKey;

#[derive(Serialize)]
struct HitJson<'a> {
    score: f32,
    snippet: String,
    status: &'a Status,
    entry: Box<RawValue>,
}

#[derive(Serialize)]
struct AnswerJson<'a> {
    query: &'a str,
    hits: Vec<HitJson<'a>>,
    notes: Vec<Note>,
}

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &SearchArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let request = Request {
        query: args.query.join(" "),
        edition: args.edition,
        kind: args.kind,
        as_of: config.as_of(args.as_of),
        all: args.all,
        limit: usize::from(args.limit),
        typing: args.typing,
    };
    // An empty query is the search's to refuse (`SearchError::NoWords`),
    // worded once, as every front end words it.
    let answer = search::search(catalog.index(), &request)?;
    if args.json {
        let candidates = candidates(catalog, &answer.did_you_mean, request.edition)?;
        let notes = notes(&answer, &request, &candidates);
        let hits = answer
            .hits
            .iter()
            .map(|h| {
                Ok(HitJson {
                    score: h.score,
                    snippet: h.snippet.marked(plain_mark),
                    status: &h.period.status,
                    entry: RawValue::from_string(h.entry.clone())?,
                })
            })
            .collect::<Result<_, serde_json::Error>>()?;
        let body = AnswerJson {
            query: &request.query,
            hits,
            notes,
        };
        p.out.json(&body)?;
    } else {
        for line in mark_lost(
            &p.style,
            answer_text(
                &p.style,
                &answer,
                &request,
                notes(&answer, &request, &[])
                    .iter()
                    .map(Note::text)
                    .collect(),
            ),
        ) {
            p.out.line(&line)?;
        }
    }
    Ok(if answer.hits.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

/// The topics that look like the query, each in every edition asked that
/// has it.
fn candidates(
    catalog: &Catalog,
    topics: &[String],
    edition: Option<Edition>,
) -> anyhow::Result<Vec<Candidate>> {
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

/// Words as a list of quoted words: `1e`, `second edition`.
fn quoted_list(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("`{}`", sanitize(w)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// What a query with operators searched for: `searched: cloaking,
/// excluding device, tribble`.
fn searched_text(wanted: &[String], excluded: &[String]) -> String {
    let list = |words: &[String]| {
        words
            .iter()
            .map(|w| sanitize(w))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!("searched: {}", list(wanted));
    if !excluded.is_empty() {
        text.push_str(&format!(", excluding {}", list(excluded)));
    }
    text
}

/// The note that a typed word was read also as other words (`as_what`:
/// "the documents' word", "what it is one of").
fn read_also(code: NoteCode, typed: &str, words: &[String], as_what: &str) -> Note {
    Note {
        from: Some(typed.to_string()),
        words: words.to_vec(),
        ..Note::new(
            code,
            format!(
                "read {} also as {as_what}: {}",
                sanitize(typed),
                words
                    .iter()
                    .map(|w| sanitize(w))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }
}

/// The notes, worded, with their codes; `candidates` are the topics that
/// look like the query with their editions.
fn notes(answer: &Answer, request: &Request, candidates: &[Candidate]) -> Vec<Note> {
    let found = !answer.hits.is_empty();
    let mut notes: Vec<Note> = answer
        .notes
        .iter()
        .map(|note| match note {
            ReadNote::PlainWords(words) => Note::new(NoteCode::PlainWords, format!(
                "the query is not valid search syntax (an unbalanced quote or a lone AND/OR?); searched for the words: {}",
                sanitize(words)
            )),
            ReadNote::Searched { wanted, excluded } => Note {
                words: wanted.clone(),
                excluded: excluded.clone(),
                ..Note::new(NoteCode::Searched, searched_text(wanted, excluded))
            },
            ReadNote::Edition { typed, edition } => Note {
                to: edition.map(|e| e.label().to_string()),
                words: typed.clone(),
                ..Note::new(NoteCode::Edition, match edition {
                    Some(edition) => format!(
                        "read {} as the edition: {edition} rulings only",
                        quoted_list(typed)
                    ),
                    None => format!(
                        "{} name both editions: rulings of both are shown",
                        quoted_list(typed)
                    ),
                })
            },
            ReadNote::Skipped(words) => Note {
                words: words.clone(),
                ..Note::new(NoteCode::Skipped, format!(
                    "left out words that name no ruling: {}",
                    words.iter().map(|w| sanitize(w)).collect::<Vec<_>>().join(", ")
                ))
            },
            ReadNote::Corrected { typed, corrected } => Note {
                from: Some(typed.clone()),
                to: Some(corrected.clone()),
                ..Note::new(NoteCode::Corrected, format!(
                    "{} → {} (no ruling has the word as typed)",
                    sanitize(typed),
                    sanitize(corrected)
                ))
            },
            ReadNote::SpelledOut { typed, phrases } => Note {
                from: Some(typed.clone()),
                words: phrases.clone(),
                ..Note::new(NoteCode::SpelledOut, format!(
                    "read {} also as what it abbreviates: {}",
                    sanitize(typed),
                    phrases.iter().map(|p| format!("\"{}\"", sanitize(p))).collect::<Vec<_>>().join(", ")
                ))
            },
            ReadNote::Synonyms { typed, words } => {
                read_also(NoteCode::Synonyms, typed, words, "the documents' word")
            }
            ReadNote::Kind { typed, kinds } => {
                read_also(NoteCode::Kind, typed, kinds, "what it is one of")
            }
            ReadNote::AnyWord => Note::new(
                NoteCode::AnyWord,
                "no ruling has all the words; showing rulings with any of them, the rarest words first"
                    .to_string(),
            ),
            ReadNote::Partial { words, missing, in_names, in_quotes } => Note {
                missing: missing.clone(),
                ..Note::new(NoteCode::Partial, {
                    let lacks = missing.iter().map(|w| sanitize(w)).collect::<Vec<_>>().join(", ");
                    let mut said = match words - missing.len() {
                        0 => format!("the first ruling lacks: {lacks}"),
                        had => format!("the first ruling has {had} of the {words} words; it lacks: {lacks}"),
                    };
                    if *in_quotes {
                        said.push_str(" (it has them only in the game text it quotes)");
                    }
                    if !in_names.is_empty() {
                        said.push_str(&format!(
                            " (it has them only in names: {})",
                            in_names.iter().map(|n| sanitize(n)).collect::<Vec<_>>().join(", ")
                        ));
                    }
                    said
                })
            },
            ReadNote::Close { topic, edition } => Note {
                candidates: vec![Candidate::new(topic.clone(), *edition)],
                ..Note::new(NoteCode::Close, format!(
                    "the next ruling, {} ({edition}), fits these words about as well: read both",
                    sanitize(topic)
                ))
            },
            ReadNote::Apart { words } => Note {
                words: words.clone(),
                ..Note::new(NoteCode::Apart, format!(
                    "the first ruling has {} only apart: no paragraph of it holds them all, and it is about none of them (its topic and the cards it names are others)",
                    words.iter().map(|w| sanitize(w)).collect::<Vec<_>>().join(", ")
                ))
            },
            ReadNote::Typos if found => Note::new(
                NoteCode::Typos,
                "nothing matches as typed; showing matches with a typo allowed in each word".to_string(),
            ),
            ReadNote::Typos => Note::new(
                NoteCode::Typos,
                "nothing matches, even allowing a typo in each word".to_string(),
            ),
            ReadNote::NotInForce(count) => Note {
                count: Some(*count),
                ..Note::new(NoteCode::NotInForce, format!(
                    "{} no longer in force on {} (--all shows {})",
                    plural(*count, "matching ruling is", "matching rulings are"),
                    request.as_of,
                    if *count == 1 { "it" } else { "them" }
                ))
            },
            ReadNote::NotYetInEffect(count) => Note {
                count: Some(*count),
                ..Note::new(NoteCode::NotYetInEffect, format!(
                    "{} in effect only after {}",
                    plural(*count, "matching ruling comes", "matching rulings come"),
                    request.as_of
                ))
            },
        })
        .collect();
    if !answer.did_you_mean.is_empty() {
        let topics: Vec<String> = answer.did_you_mean.iter().map(|t| sanitize(t)).collect();
        notes.push(Note {
            candidates: candidates.to_vec(),
            ..Note::new(
                NoteCode::DidYouMean,
                format!("did you mean: {}?", topics.join(" · ")),
            )
        });
    }
    notes
}
