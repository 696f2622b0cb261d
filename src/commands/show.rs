//! `rulings show TOPIC`: the ruling in force on a topic, with its citation,
//! what it superseded (`--history`) and its cross-references followed.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::{banner, editions, Config, Outcome, Printer};
use crate::catalog::{Catalog, Reference, Stored};
use crate::cli::ShowArgs;
use crate::index::timeline::Period;
use crate::lookup::{self, Match};
use crate::model::{Edition, Entry, EntryKind};
use crate::output::sanitize;
use crate::render::{describe, plain_text, status_badge, wrap, Style};
use crate::status::Status;
use crate::topic::TopicKey;

/// How many steps of cross-references are followed.
pub const REFERENCE_DEPTH: usize = 4;

/// A topic answered in one edition.
pub struct TopicAnswer {
    pub edition: Edition,
    /// Whether the typed name was the topic (else the closest was taken).
    pub exact: bool,
    /// The newest ruling and its period on the date.
    pub newest: (Stored, Period),
    /// The earlier rulings in effect, newest first, with their periods.
    pub history: Vec<(Stored, Period)>,
    pub references: Vec<Reference>,
}

/// What a look-up that found nothing can offer.
pub struct NotFound {
    /// Topics as printed, with their edition.
    pub suggestions: Vec<(String, Edition)>,
    /// Rulings on the topic that take effect after the date.
    pub later: Vec<Stored>,
}

/// The answer to `show`.
pub enum ShowAnswer {
    Found(Vec<TopicAnswer>),
    NotFound(NotFound),
}

#[derive(Serialize)]
struct SeeJson<'a> {
    topic: &'a str,
    entry: Option<&'a Entry>,
    status: Option<&'a Status>,
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

/// Where a reference not in the corpus lives, as JSON and text say it.
pub fn home_text(reference: &Reference) -> Option<String> {
    reference
        .home
        .map(|home| format!("not in these documents; {}", home.name()))
}

/// The topic as printed by its newest ruling of the edition, at any date.
pub fn printed(catalog: &Catalog, edition: Edition, key: &TopicKey) -> anyhow::Result<String> {
    Ok(catalog
        .printed_topic(edition, key)?
        .unwrap_or_else(|| key.to_string()))
}

/// Looks the topic up in every edition asked and answers.
pub fn answer(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    with_history: bool,
) -> anyhow::Result<ShowAnswer> {
    let mut exact: Vec<(Edition, TopicKey)> = Vec::new();
    let mut close: Vec<(Edition, TopicKey)> = Vec::new();
    let mut several: Vec<(Edition, Vec<TopicKey>)> = Vec::new();
    let mut keys_by_edition = Vec::new();
    for &edition in editions {
        let keys: Vec<TopicKey> = catalog.keys(edition, false)?;
        match lookup::find(typed, &keys) {
            Match::Exact(key) if catalog.topic(edition, &key, as_of)?.is_some() => {
                exact.push((edition, key))
            }
            Match::Close(key) if catalog.topic(edition, &key, as_of)?.is_some() => {
                close.push((edition, key))
            }
            Match::Several(keys) => several.push((edition, keys)),
            _ => {}
        }
        keys_by_edition.push((edition, keys));
    }
    let (found, was_exact) = if !exact.is_empty() {
        (exact, true)
    } else if !close.is_empty() && several.is_empty() {
        (close, false)
    } else {
        let mut suggestions = Vec::new();
        for (edition, key) in &close {
            suggestions.push((printed(catalog, *edition, key)?, *edition));
        }
        for (edition, keys) in &several {
            for key in keys {
                suggestions.push((printed(catalog, *edition, key)?, *edition));
            }
        }
        if suggestions.is_empty() {
            for (edition, keys) in &keys_by_edition {
                for key in lookup::suggestions(typed, keys) {
                    suggestions.push((printed(catalog, *edition, &key)?, *edition));
                }
            }
        }
        let wanted = TopicKey::new(typed);
        let mut later = Vec::new();
        for &edition in editions {
            later.extend(catalog.ruled_later(edition, &wanted, as_of)?);
        }
        return Ok(ShowAnswer::NotFound(NotFound { suggestions, later }));
    };

    let mut answers = Vec::new();
    for (edition, key) in found {
        let Some(topic) = catalog.topic(edition, &key, as_of)? else {
            continue;
        };
        let with_period = |stored: Stored| -> Option<(Stored, Period)> {
            let period = stored.on(as_of)?;
            Some((stored, period))
        };
        let (newest, history) = if with_history {
            let mut all = topic.all()?.into_iter().filter_map(with_period);
            let Some(newest) = all.next() else { continue };
            (newest, all.collect())
        } else {
            let Some(newest) = with_period(topic.newest()?) else {
                continue;
            };
            (newest, Vec::new())
        };
        let references = catalog.follow(
            edition,
            &newest.0.entry.key,
            &newest.0.entry.see,
            as_of,
            REFERENCE_DEPTH,
        )?;
        answers.push(TopicAnswer {
            edition,
            exact: was_exact,
            newest,
            history,
            references,
        });
    }
    Ok(ShowAnswer::Found(answers))
}

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &ShowArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let typed = args.topic.join(" ");
    let as_of = config.as_of(args.as_of);
    let editions = editions(catalog, args.edition);
    // JSON always carries the history.
    let answer = answer(catalog, &typed, &editions, as_of, args.history || args.json)?;
    match answer {
        ShowAnswer::Found(found) => {
            if args.json {
                let list: Vec<ShowJson> = found.iter().map(|a| to_json(a, as_of)).collect();
                if list.len() == 1 {
                    p.out.json(&list[0])?;
                } else {
                    p.out.json(&list)?;
                }
            } else {
                for (i, a) in found.iter().enumerate() {
                    if i > 0 {
                        p.out.line("")?;
                    }
                    let lines = topic_text(&p.style, &typed, a, as_of, config.today, args.history);
                    for line in lines {
                        p.out.line(&line)?;
                    }
                }
                p.err.line(&banner(catalog, &editions))?;
            }
            Ok(Outcome::Found)
        }
        ShowAnswer::NotFound(nothing) => {
            not_found(p, &typed, &editions, as_of, &nothing, args.json)?;
            Ok(Outcome::NothingFound)
        }
    }
}

fn to_json(a: &TopicAnswer, as_of: NaiveDate) -> ShowJson<'_> {
    let (entry, period) = (&a.newest.0.entry, &a.newest.1);
    ShowJson {
        topic: &entry.topic,
        edition: a.edition,
        as_of,
        status: period.status.as_ref().expect("in effect"),
        entry,
        history: a
            .history
            .iter()
            .map(|(s, p)| HistoryJson {
                status: p.status.as_ref().expect("in effect"),
                entry: &s.entry,
            })
            .collect(),
        see: a
            .references
            .iter()
            .map(|r| SeeJson {
                topic: &r.topic,
                entry: r.target.as_ref().map(|(s, _)| &s.entry),
                status: r.target.as_ref().and_then(|(_, p)| p.status.as_ref()),
                location: home_text(r),
            })
            .collect(),
    }
}

/// A topic's answer for people.
pub fn topic_text(
    style: &Style,
    typed: &str,
    a: &TopicAnswer,
    as_of: NaiveDate,
    today: NaiveDate,
    history: bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    let (stored, period) = (&a.newest.0, &a.newest.1);
    let entry = &stored.entry;
    let status = period.status.as_ref().expect("in effect");
    let w = style.width;
    if !a.exact {
        lines.push(format!(
            "{} no topic `{}`; showing the closest, `{}`",
            style.caution_bold("note:"),
            sanitize(typed),
            entry.key
        ));
    }
    lines.push(format!(
        "{}  {}  {}",
        style.heading(&sanitize(&entry.topic)),
        style.edition(a.edition.label()),
        status_badge(style, status)
    ));
    lines.push(format!("{} {}", style.dimmed("from"), stored.citation));
    let mut facts = vec![entry.kind.label().to_string()];
    if entry.new {
        facts.push("marked new or changed".to_string());
    }
    if as_of != today {
        facts.push(format!("as of {as_of}"));
    }
    lines.push(style.dimmed(&facts.join(" · ")));
    let rescinds_itself = matches!(status, Status::Rescinded { by, .. } if *by == entry.id());
    if rescinds_itself {
        lines.push(style.caution(
            "rescinded: this entry deletes the topic, and nothing in these documents takes its place",
        ));
    } else if !matches!(status, Status::InForce) {
        lines.push(style.caution(&wrap(&describe(period), w, "")));
        if let Status::Consolidated { .. } = status {
            lines.push(style.caution(&format!("last ruled {}", entry.date)));
        }
    }
    lines.push(String::new());
    lines.push(wrap(&plain_text(&entry.text), w, "  "));

    if !a.references.is_empty() {
        lines.push(String::new());
        let heading = if entry.kind == EntryKind::Redirect {
            "Points to"
        } else {
            "See"
        };
        lines.push(style.bold(heading));
        for r in &a.references {
            lines.extend(reference_text(style, r));
        }
    }

    if history {
        lines.push(String::new());
        if a.history.is_empty() {
            lines.push(style.bold("History: no earlier ruling in these documents"));
        } else {
            lines.push(style.bold("History (newest first)"));
            for (s, p) in &a.history {
                lines.push(format!(
                    "  {} {}  {}",
                    s.entry.date,
                    status_badge(style, p.status.as_ref().expect("in effect")),
                    s.citation
                ));
                lines.push(style.dimmed(&format!("  {}", describe(p))));
                lines.push(wrap(&plain_text(&s.entry.text), w, "    "));
            }
        }
    }
    lines
}

fn reference_text(style: &Style, r: &Reference) -> Vec<String> {
    match (&r.target, home_text(r)) {
        (Some((s, p)), _) => vec![
            format!(
                "  {}  {}  {}",
                style.bold(&sanitize(&r.topic)),
                status_badge(style, p.status.as_ref().expect("in effect")),
                s.citation
            ),
            wrap(&plain_text(&s.entry.text), style.width, "    "),
        ],
        (None, Some(home)) => vec![format!("  {} — {}", style.bold(&sanitize(&r.topic)), home)],
        (None, None) => Vec::new(),
    }
}

fn not_found(
    p: &mut Printer<impl Write, impl Write>,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    nothing: &NotFound,
    json: bool,
) -> anyhow::Result<()> {
    let suggestions: Vec<String> = nothing
        .suggestions
        .iter()
        .map(|(topic, edition)| format!("{topic} ({edition})"))
        .collect();
    let later: Vec<String> = nothing
        .later
        .iter()
        .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
        .collect();
    if json {
        let body = serde_json::json!({
            "topic": typed,
            "as_of": as_of,
            "found": false,
            "did_you_mean": suggestions,
            "ruled_later": later,
        });
        p.out.json(&body)?;
    } else {
        let editions: Vec<&str> = editions.iter().map(|e| e.label()).collect();
        p.err.line(&format!(
            "nothing in force on `{}` as of {} ({})",
            sanitize(typed),
            as_of,
            editions.join(", ")
        ))?;
        if !later.is_empty() {
            p.err.line(&format!(
                "first ruled later: {}",
                sanitize(&later.join("; "))
            ))?;
        }
        if !suggestions.is_empty() {
            p.err.line(&format!(
                "did you mean: {}",
                sanitize(&suggestions.join(", "))
            ))?;
        }
    }
    Ok(())
}
