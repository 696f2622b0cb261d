//! `rulings errata [CARD]`: a card's errata in force with the errata before
//! it, or every card with errata in force.

use chrono::NaiveDate;
use colored::Colorize;
use serde::Serialize;

use super::{banner, Outcome};
use crate::corpus::Corpus;
use crate::lookup::{self, Match};
use crate::model::{Edition, Entry, EntryKind};
use crate::output::{sanitize, width, Out};
use crate::render::{citation, plain_text, status_badge, wrap};
use crate::resolve::{Resolution, Status};
use crate::topic::TopicKey;

/// A card's errata as of a date.
struct CardErrata<'c> {
    edition: Edition,
    /// The newest erratum.
    entry: &'c Entry,
    status: Status,
    /// Earlier errata on the same card, newest first.
    history: Vec<&'c Entry>,
}

#[derive(Serialize)]
struct ErrataJson<'a> {
    card: &'a str,
    edition: Edition,
    status: &'a Status,
    entry: &'a Entry,
    history: &'a [&'a Entry],
}

impl<'c> CardErrata<'c> {
    fn json(&self) -> ErrataJson<'_> {
        ErrataJson {
            card: &self.entry.topic,
            edition: self.edition,
            status: &self.status,
            entry: self.entry,
            history: &self.history,
        }
    }
}

/// An erratum about a card (not a rules term such as "revised game text").
fn is_card_erratum(e: &Entry) -> bool {
    e.kind == EntryKind::Erratum && e.cards.contains(&e.topic)
}

/// Every card with errata in effect by the date, per key.
fn errata_by_card<'c>(resolution: &Resolution<'c>) -> Vec<(TopicKey, CardErrata<'c>)> {
    let mut found = Vec::new();
    for state in resolution.topics() {
        let errata: Vec<(&Entry, &Status)> = state
            .entries
            .iter()
            .filter(|(e, _)| is_card_erratum(e))
            .map(|(e, s)| (*e, s))
            .collect();
        let Some(&(entry, status)) = errata.first() else {
            continue;
        };
        found.push((
            state.key.clone(),
            CardErrata {
                edition: resolution.edition,
                entry,
                status: status.clone(),
                history: errata.iter().skip(1).map(|(e, _)| *e).collect(),
            },
        ));
    }
    found
}

pub struct ErrataArgs<'a> {
    pub card: Option<&'a str>,
    pub editions: Vec<Edition>,
    pub as_of: NaiveDate,
    pub json: bool,
}

pub fn run(corpus: &Corpus, args: ErrataArgs) -> anyhow::Result<Outcome> {
    let resolutions: Vec<Resolution> = args
        .editions
        .iter()
        .map(|&e| Resolution::new(corpus, e, args.as_of))
        .collect();
    match args.card {
        None => list_all(corpus, &resolutions, &args),
        Some(card) => one_card(corpus, &resolutions, card, &args),
    }
}

fn list_all(
    corpus: &Corpus,
    resolutions: &[Resolution],
    args: &ErrataArgs,
) -> anyhow::Result<Outcome> {
    let mut all: Vec<CardErrata> = resolutions
        .iter()
        .flat_map(|r| errata_by_card(r).into_iter().map(|(_, e)| e))
        .filter(|e| e.status.is_current())
        .collect();
    all.sort_by(|a, b| {
        a.entry
            .key
            .without_article()
            .cmp(b.entry.key.without_article())
            .then(a.edition.cmp(&b.edition))
    });
    let mut out = Out::new();
    if args.json {
        let list: Vec<ErrataJson> = all.iter().map(CardErrata::json).collect();
        out.json(&list)?;
    } else {
        for e in &all {
            out.line(&format!(
                "{:<32} {}  {}  {}",
                sanitize(&e.entry.topic).bold(),
                e.edition.label().cyan(),
                status_badge(&e.status),
                citation(corpus, e.entry)
            ))?;
        }
        if all.is_empty() {
            eprintln!("no errata in force as of {}", args.as_of);
        }
        eprintln!("{}", banner(corpus, &args.editions));
    }
    out.flush()?;
    Ok(if all.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

fn one_card(
    corpus: &Corpus,
    resolutions: &[Resolution],
    card: &str,
    args: &ErrataArgs,
) -> anyhow::Result<Outcome> {
    let mut answers: Vec<(CardErrata, bool)> = Vec::new();
    let mut suggestions: Vec<String> = Vec::new();
    for resolution in resolutions {
        let errata = errata_by_card(resolution);
        let keys: Vec<&TopicKey> = errata.iter().map(|(k, _)| k).collect();
        let (key, exact) = match lookup::find(card, keys.iter().copied()) {
            Match::Exact(k) => (k, true),
            Match::Close(k) => (k, false),
            Match::Several(ks) => {
                suggestions.extend(ks.iter().map(|k| format!("{k} ({})", resolution.edition)));
                continue;
            }
            Match::None => continue,
        };
        if let Some((_, e)) = errata.into_iter().find(|(k, _)| *k == key) {
            answers.push((e, exact));
        }
    }
    if answers.iter().any(|(_, exact)| *exact) {
        answers.retain(|(_, exact)| *exact);
    }
    if answers.is_empty() {
        return no_errata(resolutions, card, suggestions, args);
    }
    let mut out = Out::new();
    if args.json {
        let list: Vec<ErrataJson> = answers.iter().map(|(e, _)| e.json()).collect();
        if list.len() == 1 {
            out.json(&list[0])?;
        } else {
            out.json(&list)?;
        }
    } else {
        let w = width();
        for (i, (e, exact)) in answers.iter().enumerate() {
            if i > 0 {
                out.line("")?;
            }
            if !exact {
                out.line(&format!(
                    "{} no errata for `{}`; showing the closest card, `{}`",
                    "note:".yellow().bold(),
                    sanitize(card),
                    sanitize(&e.entry.topic)
                ))?;
            }
            out.line(&format!(
                "{}  {}  {}",
                sanitize(&e.entry.topic).bold().underline(),
                e.edition.label().cyan(),
                status_badge(&e.status)
            ))?;
            out.line(&format!(
                "{} {}",
                "from".dimmed(),
                citation(corpus, e.entry)
            ))?;
            if !matches!(e.status, Status::InForce) {
                out.line(&wrap(&e.status.describe(corpus), w, "").yellow().to_string())?;
            }
            out.line("")?;
            out.line(&wrap(&plain_text(&e.entry.text), w, "  "))?;
            if !e.history.is_empty() {
                out.line("")?;
                out.line(&"Earlier errata (newest first)".bold().to_string())?;
                for h in &e.history {
                    out.line(&format!("  {}  {}", h.date, citation(corpus, h)))?;
                    out.line(&wrap(&plain_text(&h.text), w, "    "))?;
                }
            }
        }
        eprintln!("{}", banner(corpus, &args.editions));
    }
    out.flush()?;
    Ok(Outcome::Found)
}

/// No errata for the card: say whether it has other rulings, and where.
fn no_errata(
    resolutions: &[Resolution],
    card: &str,
    suggestions: Vec<String>,
    args: &ErrataArgs,
) -> anyhow::Result<Outcome> {
    let mut ruled: Vec<String> = Vec::new();
    for r in resolutions {
        let keys: Vec<&TopicKey> = r.topics().map(|t| &t.key).collect();
        if let Match::Exact(k) | Match::Close(k) = lookup::find(card, keys.iter().copied()) {
            if let Some(state) = r.topic(&k) {
                ruled.push(format!("{} ({})", state.newest().0.topic, r.edition));
            }
        }
    }
    if args.json {
        let body = serde_json::json!({
            "card": card,
            "as_of": args.as_of,
            "found": false,
            "rulings": ruled,
            "did_you_mean": suggestions,
        });
        Out::new().json(&body)?;
    } else if ruled.is_empty() {
        eprintln!("no errata for `{}` as of {}", sanitize(card), args.as_of);
        if !suggestions.is_empty() {
            eprintln!("did you mean: {}", sanitize(&suggestions.join(", ")));
        }
    } else {
        eprintln!(
            "no errata for `{}` as of {}, but it has rulings: {} — see `rulings show \"{}\"`",
            sanitize(card),
            args.as_of,
            sanitize(&ruled.join(", ")),
            sanitize(card)
        );
    }
    Ok(Outcome::NothingFound)
}
