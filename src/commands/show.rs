//! `rulings show TOPIC`: the ruling in force on a topic, with its citation,
//! what it superseded (`--history`) and its cross-references followed.

use chrono::NaiveDate;
use colored::Colorize;
use serde::Serialize;

use super::{banner, Outcome};
use crate::corpus::Corpus;
use crate::lookup::{self, Match};
use crate::model::{Edition, Entry, EntryKind};
use crate::output::{sanitize, width, Out};
use crate::render::{citation, plain_text, status_badge, wrap};
use crate::resolve::{Reference, Resolution, Status, TopicState};
use crate::topic::TopicKey;

/// How many steps of cross-references are followed.
const REFERENCE_DEPTH: usize = 4;

#[derive(Serialize)]
struct SeeJson<'a> {
    topic: String,
    entry: Option<&'a Entry>,
    status: Option<Status>,
    #[serde(rename = "where")]
    location: Option<String>,
}

#[derive(Serialize)]
struct ShowJson<'a> {
    topic: &'a str,
    edition: Edition,
    as_of: NaiveDate,
    status: &'a Status,
    entry: &'a Entry,
    history: Vec<HistoryJson<'a>>,
    see: Vec<SeeJson<'a>>,
}

#[derive(Serialize)]
struct HistoryJson<'a> {
    status: &'a Status,
    #[serde(flatten)]
    entry: &'a Entry,
}

/// What a look-up found in one edition.
struct Found<'r, 'c> {
    resolution: &'r Resolution<'c>,
    key: TopicKey,
    exact: bool,
}

pub struct ShowArgs<'a> {
    pub topic: &'a str,
    pub editions: Vec<Edition>,
    pub as_of: NaiveDate,
    pub history: bool,
    pub json: bool,
}

pub fn run(corpus: &Corpus, args: ShowArgs) -> anyhow::Result<Outcome> {
    let resolutions: Vec<Resolution> = args
        .editions
        .iter()
        .map(|&e| Resolution::new(corpus, e, args.as_of))
        .collect();

    let mut exact: Vec<Found> = Vec::new();
    let mut close: Vec<Found> = Vec::new();
    let mut several: Vec<(Edition, Vec<TopicKey>)> = Vec::new();
    for resolution in &resolutions {
        let keys: Vec<&TopicKey> = resolution.topics().map(|t| &t.key).collect();
        match lookup::find(args.topic, keys.iter().copied()) {
            Match::Exact(key) => exact.push(Found {
                resolution,
                key,
                exact: true,
            }),
            Match::Close(key) => close.push(Found {
                resolution,
                key,
                exact: false,
            }),
            Match::Several(keys) => several.push((resolution.edition, keys)),
            Match::None => {}
        }
    }
    let found = if !exact.is_empty() {
        exact
    } else if !close.is_empty() && several.is_empty() {
        close
    } else {
        return nothing_found(corpus, &resolutions, &args, close, several);
    };

    let mut out = Out::new();
    if args.json {
        let answers: Vec<ShowJson> = found.iter().map(|f| to_json(f, args.as_of)).collect();
        if answers.len() == 1 {
            out.json(&answers[0])?;
        } else {
            out.json(&answers)?;
        }
    } else {
        for (i, f) in found.iter().enumerate() {
            if i > 0 {
                out.line("")?;
            }
            if !f.exact {
                out.line(&format!(
                    "{} no topic `{}`; showing the closest, `{}`",
                    "note:".yellow().bold(),
                    sanitize(args.topic),
                    f.key
                ))?;
            }
            print_topic(&mut out, corpus, f, &args)?;
        }
        eprintln!("{}", banner(corpus, &args.editions));
    }
    out.flush()?;
    Ok(Outcome::Found)
}

fn state<'r, 'c>(f: &'r Found<'r, 'c>) -> &'r TopicState<'c> {
    f.resolution
        .topic(&f.key)
        .expect("looked-up keys come from the resolution")
}

/// The references to follow: a redirect's target first, then the rest.
fn references<'c>(f: &Found<'_, 'c>) -> Vec<Reference<'c>> {
    let (entry, _) = state(f).newest();
    f.resolution.follow(entry, REFERENCE_DEPTH)
}

fn to_json<'a>(f: &'a Found<'a, 'a>, as_of: NaiveDate) -> ShowJson<'a> {
    let topic_state = state(f);
    let (entry, status) = topic_state.newest();
    let refs = references(f);
    let see = refs
        .into_iter()
        .map(|r| SeeJson {
            topic: r.topic,
            entry: r.entry,
            status: r.status,
            location: r.location,
        })
        .collect();
    ShowJson {
        topic: &entry.topic,
        edition: f.resolution.edition,
        as_of,
        status,
        entry,
        history: topic_state
            .history()
            .map(|(e, s)| HistoryJson {
                status: s,
                entry: e,
            })
            .collect(),
        see,
    }
}

fn print_topic(out: &mut Out, corpus: &Corpus, f: &Found, args: &ShowArgs) -> anyhow::Result<()> {
    let topic_state = state(f);
    let (entry, status) = topic_state.newest();
    let w = width();
    out.line(&format!(
        "{}  {}  {}",
        sanitize(&entry.topic).bold().underline(),
        f.resolution.edition.label().cyan(),
        status_badge(status)
    ))?;
    out.line(&format!("{} {}", "from".dimmed(), citation(corpus, entry)))?;
    let mut facts = vec![entry.kind.label().to_string()];
    if entry.new {
        facts.push("marked new or changed".to_string());
    }
    if args.as_of != super::today() {
        facts.push(format!("as of {}", args.as_of));
    }
    out.line(&facts.join(" · ").dimmed().to_string())?;
    let rescinds_itself = matches!(status, Status::Rescinded { by, .. } if *by == entry.id());
    if rescinds_itself {
        out.line(
            &"rescinded: this entry deletes the topic, and nothing in these documents takes its place"
                .yellow()
                .to_string(),
        )?;
    } else if !matches!(status, Status::InForce) {
        out.line(&wrap(&status.describe(corpus), w, "").yellow().to_string())?;
        if let Status::Consolidated { .. } = status {
            out.line(&format!("last ruled {}", entry.date).yellow().to_string())?;
        }
    }
    out.line("")?;
    out.line(&wrap(&plain_text(&entry.text), w, "  "))?;

    let refs = references(f);
    if !refs.is_empty() {
        out.line("")?;
        let heading = if entry.kind == EntryKind::Redirect {
            "Points to"
        } else {
            "See"
        };
        out.line(&heading.bold().to_string())?;
        for r in &refs {
            print_reference(out, corpus, r, w)?;
        }
    }

    if args.history {
        out.line("")?;
        let older: Vec<_> = topic_state.history().collect();
        if older.is_empty() {
            out.line(
                &"History: no earlier ruling in these documents"
                    .bold()
                    .to_string(),
            )?;
        } else {
            out.line(&"History (newest first)".bold().to_string())?;
            for (e, s) in older {
                out.line(&format!(
                    "  {} {}  {}",
                    e.date,
                    status_badge(s),
                    citation(corpus, e)
                ))?;
                out.line(&format!("  {}", s.describe(corpus)).dimmed().to_string())?;
                out.line(&wrap(&plain_text(&e.text), w, "    "))?;
            }
        }
    }
    Ok(())
}

fn print_reference(out: &mut Out, corpus: &Corpus, r: &Reference, w: usize) -> anyhow::Result<()> {
    match (r.entry, &r.status, &r.location) {
        (Some(e), Some(s), _) => {
            out.line(&format!(
                "  {}  {}  {}",
                sanitize(&r.topic).bold(),
                status_badge(s),
                citation(corpus, e)
            ))?;
            out.line(&wrap(&plain_text(&e.text), w, "    "))?;
        }
        (_, _, Some(location)) => {
            out.line(&format!("  {} — {}", sanitize(&r.topic).bold(), location))?;
        }
        _ => {}
    }
    Ok(())
}

fn nothing_found(
    corpus: &Corpus,
    resolutions: &[Resolution],
    args: &ShowArgs,
    close: Vec<Found>,
    several: Vec<(Edition, Vec<TopicKey>)>,
) -> anyhow::Result<Outcome> {
    // Suggestions name topics as printed, with their edition.
    let printed = |r: &Resolution, k: &TopicKey| {
        r.topic(k)
            .map(|t| format!("{} ({})", t.newest().0.topic, r.edition))
            .unwrap_or_else(|| format!("{k} ({})", r.edition))
    };
    let mut suggestions: Vec<String> = Vec::new();
    for f in &close {
        suggestions.push(printed(f.resolution, &f.key));
    }
    for (edition, keys) in &several {
        if let Some(r) = resolutions.iter().find(|r| r.edition == *edition) {
            suggestions.extend(keys.iter().map(|k| printed(r, k)));
        }
    }
    if suggestions.is_empty() {
        for r in resolutions {
            let keys: Vec<&TopicKey> = r.topics().map(|t| &t.key).collect();
            suggestions.extend(
                lookup::suggestions(args.topic, keys)
                    .into_iter()
                    .map(|k| printed(r, &k)),
            );
        }
    }
    // A topic that exists, but only after the date asked.
    let later: Vec<String> = corpus
        .entries()
        .filter(|e| args.editions.contains(&e.edition))
        .filter(|e| e.key == TopicKey::new(args.topic) && e.date > args.as_of)
        .map(|e| format!("{} ({}, {})", e.topic, e.edition, e.date))
        .collect();
    if args.json {
        let body = serde_json::json!({
            "topic": args.topic,
            "as_of": args.as_of,
            "found": false,
            "did_you_mean": suggestions,
            "ruled_later": later,
        });
        Out::new().json(&body)?;
    } else {
        let editions: Vec<&str> = args.editions.iter().map(|e| e.label()).collect();
        eprintln!(
            "nothing in force on `{}` as of {} ({})",
            sanitize(args.topic),
            args.as_of,
            editions.join(", ")
        );
        if !later.is_empty() {
            eprintln!("first ruled later: {}", sanitize(&later.join("; ")));
        }
        if !suggestions.is_empty() {
            eprintln!("did you mean: {}", sanitize(&suggestions.join(", ")));
        }
    }
    Ok(Outcome::NothingFound)
}
