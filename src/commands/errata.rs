//! `rulings errata [CARD]`: a card's errata in force with the errata before
//! it, or every card with errata in force.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::show::{printed, say_mentioned, search_hint, unknown_name, used_in, Mentioned};
use super::{banner, editions, Config, Outcome, Printer};
use crate::catalog::{Catalog, Looked, Name, Named, Stored};
use crate::cli::ErrataArgs;
use crate::index::timeline::Period;
use crate::limits::{self, Typed};
use crate::model::{Edition, Entry};
use crate::output::sanitize;
use crate::render::{describe_short, mark_lost, plain_text, status_badge, wrap, Style};
use crate::status::Status;
use crate::topic::TopicKey;

/// A card's errata as of a date.
pub struct CardErrata {
    pub edition: Edition,
    /// The newest erratum, with its period on the date.
    pub newest: (Stored, Period),
    /// How many earlier errata printed the same text again (when
    /// reprints are collapsed).
    pub reprints: usize,
    /// Earlier errata on the same card, newest first, each with how many
    /// earlier ones printed the same text (when reprints are collapsed).
    pub history: Vec<(Stored, usize)>,
}

impl CardErrata {
    fn status(&self) -> &Status {
        self.newest.1.status.as_ref().expect("in effect")
    }

    fn json(&self) -> ErrataJson<'_> {
        ErrataJson {
            card: &self.newest.0.entry.topic,
            edition: self.edition,
            status: self.status(),
            entry: &self.newest.0.entry,
            history: self.history.iter().map(|(s, _)| &s.entry).collect(),
        }
    }
}

#[derive(Serialize)]
struct ErrataJson<'a> {
    card: &'a str,
    edition: Edition,
    status: &'a Status,
    entry: &'a Entry,
    history: Vec<&'a Entry>,
}

/// A card's errata in effect on the date, if it has any. For people,
/// `collapse` reads a text reprinted unchanged once; JSON lists every one.
pub fn card_errata(
    catalog: &Catalog,
    edition: Edition,
    key: &TopicKey,
    as_of: NaiveDate,
    collapse: bool,
) -> anyhow::Result<Option<CardErrata>> {
    let mut errata = catalog.errata(edition, key, as_of, collapse)?.into_iter();
    let Some((newest, reprints)) = errata.next() else {
        return Ok(None);
    };
    let Some(period) = newest.on(as_of) else {
        return Ok(None);
    };
    Ok(Some(CardErrata {
        edition,
        newest: (newest, period),
        reprints,
        history: errata.collect(),
    }))
}

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &ErrataArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    limits::check(Typed::Name, &args.card.join(" "))?;
    let (card, edition) = super::name_and_edition(&args.card, args.edition, &mut p.err)?;
    let as_of = config.as_of(args.as_of);
    let editions = editions(catalog, edition);
    if card.trim().is_empty() {
        list_all(catalog, &editions, (as_of, config.today), args.json, p)
    } else {
        one_card(
            catalog,
            &editions,
            &card,
            (as_of, config.today),
            args.json,
            p,
        )
    }
}

fn list_all(
    catalog: &Catalog,
    editions: &[Edition],
    (as_of, today): (NaiveDate, NaiveDate),
    json: bool,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let mut all: Vec<CardErrata> = Vec::new();
    for &edition in editions {
        for key in catalog.keys(edition, true)? {
            if let Some(errata) = card_errata(catalog, edition, &key, as_of, !json)? {
                if errata.status().is_current() {
                    all.push(errata);
                }
            }
        }
    }
    all.sort_by(|a, b| {
        a.newest
            .0
            .entry
            .key
            .without_article()
            .cmp(b.newest.0.entry.key.without_article())
            .then(a.edition.cmp(&b.edition))
    });
    if json {
        let list: Vec<ErrataJson> = all.iter().map(CardErrata::json).collect();
        p.out.json(&list)?;
    } else {
        for e in &all {
            p.out.line(&format!(
                "{:<32} {}  {}  {}",
                p.style.bold(&sanitize(&e.newest.0.entry.topic)),
                p.style.edition(e.edition.label()),
                status_badge(&p.style, e.status()),
                e.newest.0.citation
            ))?;
        }
        if all.is_empty() {
            p.err.line(&format!("no errata in force as of {as_of}"))?;
        }
        for line in banner(catalog, editions, today) {
            p.err.line(&line)?;
        }
    }
    Ok(if all.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

fn one_card(
    catalog: &Catalog,
    editions: &[Edition],
    card: &str,
    (as_of, today): (NaiveDate, NaiveDate),
    json: bool,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let printed_all = |found: Vec<(Edition, TopicKey)>| -> anyhow::Result<Vec<String>> {
        found
            .into_iter()
            .map(|(edition, key)| Ok(format!("{} ({edition})", printed(catalog, edition, &key)?)))
            .collect()
    };
    let named = match catalog.look_up_name(card, editions)? {
        Name::Topic(Looked::Found(named)) => named,
        Name::Topic(Looked::Several(found)) => {
            let candidates = printed_all(found)?;
            return no_errata(p, card, as_of, NoErrata::Several(candidates), json);
        }
        Name::Topic(Looked::Unknown(nearest)) => {
            let nearest = printed_all(nearest)?;
            let used = used_in(catalog, card, editions, as_of)?;
            return no_errata(p, card, as_of, NoErrata::Unknown { nearest, used }, json);
        }
        Name::Mentioned(named) => {
            let mentioned = Mentioned::read(catalog, named, as_of)?;
            return no_errata(p, card, as_of, NoErrata::Mentioned(mentioned), json);
        }
    };
    let mut answers: Vec<(CardErrata, bool)> = Vec::new();
    let mut ruled: Vec<String> = Vec::new();
    for Named {
        edition,
        key,
        exact,
    } in &named
    {
        match card_errata(catalog, *edition, key, as_of, !json)? {
            Some(errata) => answers.push((errata, *exact)),
            None => {
                if let Some(topic) = catalog.topic(*edition, key, as_of)? {
                    let newest = topic.newest()?;
                    ruled.push(format!(
                        "{} ruling{} on {} ({edition}), the newest from {}",
                        topic.len(),
                        if topic.len() == 1 { "" } else { "s" },
                        newest.entry.topic,
                        newest.citation
                    ));
                }
            }
        }
    }
    if answers.is_empty() {
        let printed_name = named
            .first()
            .map(|n| printed(catalog, n.edition, &n.key))
            .transpose()?
            .unwrap_or_else(|| card.to_string());
        return no_errata(
            p,
            card,
            as_of,
            NoErrata::Known {
                name: printed_name,
                ruled,
            },
            json,
        );
    }
    if json {
        let list: Vec<ErrataJson> = answers.iter().map(|(e, _)| e.json()).collect();
        p.out.json_one_or_many(&list)?;
    } else {
        let mut lines = Vec::new();
        for (i, (e, exact)) in answers.iter().enumerate() {
            if i > 0 {
                lines.push(String::new());
            }
            lines.extend(card_text(&p.style, card, e, *exact));
        }
        for line in mark_lost(&p.style, lines) {
            p.out.line(&line)?;
        }
        for line in banner(catalog, editions, today) {
            p.err.line(&line)?;
        }
    }
    Ok(Outcome::Found)
}

/// Why a card has no errata to show.
enum NoErrata {
    /// A known card or topic, with no errata in effect; its rulings.
    Known { name: String, ruled: Vec<String> },
    /// A name rulings mention, which is no topic: the rulings naming it.
    Mentioned(Mentioned),
    /// Several cards or topics fit the name.
    Several(Vec<String>),
    /// A name no look-up knows; the nearest names, and the rulings whose
    /// text uses it.
    Unknown {
        nearest: Vec<String>,
        used: Vec<String>,
    },
}

/// A card's errata for people.
pub fn card_text(style: &Style, typed: &str, e: &CardErrata, exact: bool) -> Vec<String> {
    let w = style.width;
    let (stored, period) = &e.newest;
    let mut lines = Vec::new();
    if !exact {
        lines.push(format!(
            "{} no errata for `{}`; showing the closest card, `{}`",
            style.caution_bold("note:"),
            sanitize(typed),
            sanitize(&stored.entry.topic)
        ));
    }
    lines.push(format!(
        "{}  {}  {}",
        style.heading(&sanitize(&stored.entry.topic)),
        style.edition(e.edition.label()),
        status_badge(style, e.status())
    ));
    lines.push(format!("{} {}", style.dimmed("from"), stored.citation));
    if e.reprints > 0 {
        lines.push(style.dimmed(&reprinted(e.reprints)));
    }
    if !matches!(e.status(), Status::InForce) {
        lines.push(style.caution(&wrap(&describe_short(period), w, "")));
    }
    lines.push(String::new());
    lines.push(wrap(&plain_text(&stored.entry.text), w, "  "));
    if !e.history.is_empty() {
        lines.push(String::new());
        lines.push(style.bold("Earlier errata (newest first)"));
        for (h, reprints) in &e.history {
            lines.push(format!("  {}  {}", h.entry.date, h.citation));
            if *reprints > 0 {
                lines.push(style.dimmed(&format!("  {}", reprinted(*reprints))));
            }
            lines.push(wrap(&plain_text(&h.entry.text), w, "    "));
        }
    }
    lines
}

/// How many earlier releases printed the same text.
fn reprinted(times: usize) -> String {
    if times == 1 {
        "the same text was printed in 1 earlier release".to_string()
    } else {
        format!("the same text was printed in {times} earlier releases")
    }
}

/// No errata to show: say which of the three it is.
fn no_errata(
    p: &mut Printer<impl Write, impl Write>,
    card: &str,
    as_of: NaiveDate,
    why: NoErrata,
    json: bool,
) -> anyhow::Result<Outcome> {
    if json {
        let body = match &why {
            NoErrata::Known { name, ruled } => serde_json::json!({
                "card": card, "as_of": as_of, "found": false, "known": true,
                "name": name, "rulings": ruled, "did_you_mean": [],
            }),
            NoErrata::Mentioned(m) => serde_json::json!({
                "card": card, "as_of": as_of, "found": false, "known": true,
                "name": m.name, "exact": m.exact, "rulings": [],
                "named_in": m.json(as_of), "did_you_mean": [],
            }),
            NoErrata::Several(candidates) => serde_json::json!({
                "card": card, "as_of": as_of, "found": false, "known": false,
                "candidates": candidates, "rulings": [], "did_you_mean": candidates,
            }),
            NoErrata::Unknown { nearest, used } => serde_json::json!({
                "card": card, "as_of": as_of, "found": false, "known": false,
                "candidates": [], "rulings": [], "did_you_mean": nearest,
                "used_in": used,
            }),
        };
        p.out.json(&body)?;
        return Ok(Outcome::NothingFound);
    }
    match why {
        NoErrata::Known { name, ruled } if ruled.is_empty() => p.err.line(&format!(
            "no errata for {} as of {as_of}, and no ruling in effect on it then",
            sanitize(&name)
        ))?,
        NoErrata::Known { name, ruled } => {
            p.err.line(&format!(
                "no errata for {} as of {as_of} — it has {}",
                sanitize(&name),
                sanitize(&ruled.join("; "))
            ))?;
            p.err
                .line(&format!("see `rulings show \"{}\"`", sanitize(&name)))?;
        }
        NoErrata::Mentioned(m) => {
            let lead = format!("no errata for {}", sanitize(&m.name));
            say_mentioned(&mut p.err, card, "card", &lead, &m, as_of)?;
        }
        NoErrata::Several(candidates) => p.err.line(&format!(
            "several cards or topics fit `{}`; which one? {}",
            sanitize(card),
            sanitize(&candidates.join(", "))
        ))?,
        NoErrata::Unknown { nearest, used } => {
            p.err
                .line(&unknown_name(card, "card or topic", "", &used))?;
            if !nearest.is_empty() {
                p.err
                    .line(&format!("nearest: {}", sanitize(&nearest.join(", "))))?;
            }
            p.err.line(&search_hint(card))?;
        }
    }
    Ok(Outcome::NothingFound)
}
