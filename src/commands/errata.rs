//! `rulings errata [CARD]`: a card's errata in force with the errata before
//! it, or every card with errata in force.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::json::{Candidate, Note};
use super::show::{
    in_other_editions, other_editions, say_mentioned, search_hint, unknown_name, used_in,
    MentionedJson,
};
use super::{editions, Config, Outcome, Printer};
use crate::answer::errata::{card_errata, CardErrata};
use crate::answer::topic::{printed, Mentioned};
use crate::catalog::{Catalog, Keys, Looked, Name, Named, Reprints};
use crate::cli::ErrataArgs;
use crate::limits::{self, Typed};
use crate::model::{Edition, Entry};
use crate::render::errata::card_text;
use crate::render::{mark_lost, status_badge};
use crate::safe::sanitize;
use crate::status::Status;
use crate::topic::TopicKey;

impl CardErrata {
    fn json(&self, exact: bool) -> ErrataJson<'_> {
        ErrataJson {
            card: &self.newest.0.entry.topic,
            edition: self.edition,
            exact,
            status: self.status(),
            entry: &self.newest.0.entry,
            history: self.history.iter().map(|(s, _)| &s.entry).collect(),
        }
    }
}

/// `errata --json`: one object whatever was found, for one card or for
/// every card (`card` null). `errata` holds the card's errata in each
/// edition that has some in effect; when it is empty, the other fields say
/// why.
#[derive(Serialize)]
struct AnswerJson<'a> {
    /// The card as typed, less the words read as the edition; null when
    /// every card is listed.
    card: Option<&'a str>,
    /// The editions looked in.
    editions: &'a [Edition],
    as_of: NaiveDate,
    found: bool,
    /// Whether the corpus knows the name (a card or topic, or a name
    /// rulings mention); true when every card is listed.
    known: bool,
    errata: Vec<ErrataJson<'a>>,
    /// A known card or topic with no errata in effect: its name as printed,
    /// and its rulings.
    name: Option<&'a str>,
    rulings: &'a [Ruled],
    mentioned: Option<MentionedJson<'a>>,
    /// Several cards or topics fit the name: which one?
    candidates: &'a [Candidate],
    /// The nearest names to a name the corpus does not know.
    did_you_mean: &'a [Candidate],
    /// The topics whose rulings use an unknown name as a phrase.
    used_in: &'a [Candidate],
    notes: &'a [Note],
}

impl<'a> AnswerJson<'a> {
    fn empty(
        card: Option<&'a str>,
        editions: &'a [Edition],
        as_of: NaiveDate,
        notes: &'a [Note],
    ) -> Self {
        AnswerJson {
            card,
            editions,
            as_of,
            found: false,
            known: false,
            errata: Vec::new(),
            name: None,
            rulings: &[],
            mentioned: None,
            candidates: &[],
            did_you_mean: &[],
            used_in: &[],
            notes,
        }
    }
}

/// A card or topic's rulings, when it has no errata.
#[derive(Serialize)]
struct Ruled {
    topic: String,
    edition: Edition,
    /// How many rulings are in effect on it.
    count: usize,
    /// Where the newest comes from.
    citation: String,
}

impl Ruled {
    fn text(&self) -> String {
        format!(
            "{} ruling{} on {} ({}), the newest from {}",
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.topic,
            self.edition,
            self.citation
        )
    }
}

/// A card's errata in one edition, as JSON.
#[derive(Serialize)]
struct ErrataJson<'a> {
    card: &'a str,
    edition: Edition,
    /// Whether the name typed was the card (else the closest was taken).
    exact: bool,
    status: &'a Status,
    entry: &'a Entry,
    history: Vec<&'a Entry>,
}

/// People read a reprinted erratum once; JSON lists every printing.
fn reprints(json: bool) -> Reprints {
    if json {
        Reprints::Listed
    } else {
        Reprints::Collapsed
    }
}

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &ErrataArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    limits::check(Typed::Name, &args.card.join(" "))?;
    let (card, edition, notes) = super::name_and_edition(&args.card, args.edition);
    for note in &notes {
        p.note(&note.text())?;
    }
    let question = Question {
        editions: editions(catalog, edition),
        as_of: config.as_of(args.as_of),
        json: args.json,
        notes,
    };
    if card.trim().is_empty() {
        list_all(catalog, &question, p)
    } else {
        one_card(catalog, &question, &card, p)
    }
}

/// What every errata question has, card or not.
struct Question {
    editions: Vec<Edition>,
    as_of: NaiveDate,
    json: bool,
    notes: Vec<Note>,
}

fn list_all(
    catalog: &Catalog,
    q: &Question,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let (as_of, json) = (q.as_of, q.json);
    let mut all: Vec<CardErrata> = Vec::new();
    for &edition in &q.editions {
        for key in catalog.keys(edition, Keys::Errata)? {
            if let Some(errata) = card_errata(catalog, edition, &key, as_of, reprints(json))? {
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
        let mut body = AnswerJson::empty(None, &q.editions, as_of, &q.notes);
        body.found = !all.is_empty();
        body.known = true;
        body.errata = all.iter().map(|e| e.json(true)).collect();
        p.out.json(&body)?;
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
    }
    Ok(if all.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

fn one_card(
    catalog: &Catalog,
    q: &Question,
    card: &str,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let (editions, as_of, json) = (&q.editions[..], q.as_of, q.json);
    let printed_all = |found: Vec<(Edition, TopicKey)>| -> anyhow::Result<Vec<Candidate>> {
        found
            .into_iter()
            .map(|(edition, key)| Ok(Candidate::new(printed(catalog, edition, &key)?, edition)))
            .collect()
    };
    let named = match catalog.look_up_name(card, editions)? {
        Name::Topic(Looked::Found(named)) => named,
        Name::Topic(Looked::Several(found)) => {
            let candidates = printed_all(found)?;
            return no_errata(p, q, card, NoErrata::Several(candidates));
        }
        Name::Topic(Looked::Unknown(nearest)) => {
            let elsewhere = other_editions(catalog, card, editions)?;
            let mut nearest = printed_all(nearest)?;
            nearest.retain(|n| !elsewhere.contains(n));
            let used = used_in(catalog, card, editions, as_of)?;
            return no_errata(
                p,
                q,
                card,
                NoErrata::Unknown {
                    nearest,
                    used,
                    elsewhere,
                },
            );
        }
        Name::Mentioned(named) => {
            let mentioned = Mentioned::read(catalog, named, as_of)?;
            return no_errata(p, q, card, NoErrata::Mentioned(mentioned));
        }
    };
    let mut answers: Vec<(CardErrata, bool)> = Vec::new();
    let mut ruled: Vec<Ruled> = Vec::new();
    for Named {
        edition,
        key,
        exact,
    } in &named
    {
        match card_errata(catalog, *edition, key, as_of, reprints(json))? {
            Some(errata) => answers.push((errata, *exact)),
            None => {
                if let Some(topic) = catalog.topic(*edition, key, as_of)? {
                    let newest = topic.newest()?;
                    ruled.push(Ruled {
                        topic: newest.entry.topic.clone(),
                        edition: *edition,
                        count: topic.len(),
                        citation: newest.citation.clone(),
                    });
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
            q,
            card,
            NoErrata::Known {
                name: printed_name,
                ruled,
            },
        );
    }
    if json {
        let mut body = AnswerJson::empty(Some(card), editions, as_of, &q.notes);
        body.found = true;
        body.known = true;
        body.errata = answers.iter().map(|(e, exact)| e.json(*exact)).collect();
        p.out.json(&body)?;
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
    }
    Ok(Outcome::Found)
}

/// Why a card has no errata to show.
enum NoErrata {
    /// A known card or topic, with no errata in effect; its rulings.
    Known { name: String, ruled: Vec<Ruled> },
    /// A name rulings mention, which is no topic: the rulings naming it.
    Mentioned(Mentioned),
    /// Several cards or topics fit the name.
    Several(Vec<Candidate>),
    /// A name no look-up knows; the nearest names, and the rulings whose
    /// text uses it.
    Unknown {
        nearest: Vec<Candidate>,
        used: Vec<Candidate>,
        /// What the name is in the editions not asked for.
        elsewhere: Vec<Candidate>,
    },
}

/// No errata to show: say which of the four it is.
fn no_errata(
    p: &mut Printer<impl Write, impl Write>,
    q: &Question,
    card: &str,
    why: NoErrata,
) -> anyhow::Result<Outcome> {
    let as_of = q.as_of;
    if q.json {
        // A name the other edition knows comes first among the names offered.
        let offered: Vec<Candidate> = match &why {
            NoErrata::Unknown {
                nearest, elsewhere, ..
            } => elsewhere.iter().chain(nearest).cloned().collect(),
            _ => Vec::new(),
        };
        let mut body = AnswerJson::empty(Some(card), &q.editions, as_of, &q.notes);
        match &why {
            NoErrata::Known { name, ruled } => {
                body.known = true;
                body.name = Some(name);
                body.rulings = ruled;
            }
            NoErrata::Mentioned(m) => {
                body.known = true;
                body.mentioned = Some(m.json(as_of));
            }
            NoErrata::Several(candidates) => body.candidates = candidates,
            NoErrata::Unknown { used, .. } => {
                body.did_you_mean = &offered;
                body.used_in = used;
            }
        }
        p.out.json(&body)?;
        return Ok(Outcome::NothingFound);
    }
    match why {
        NoErrata::Known { name, ruled } if ruled.is_empty() => p.err.line(&format!(
            "no errata for {} as of {as_of}, and no ruling in effect on it then",
            sanitize(&name)
        ))?,
        NoErrata::Known { name, ruled } => {
            let ruled: Vec<String> = ruled.iter().map(Ruled::text).collect();
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
            sanitize(&Candidate::list(&candidates).join(", "))
        ))?,
        NoErrata::Unknown { elsewhere, .. } if !elsewhere.is_empty() => {
            p.err.line(&in_other_editions(
                card,
                "card or topic",
                &q.editions,
                &elsewhere,
            ))?;
        }
        NoErrata::Unknown { nearest, used, .. } => {
            p.err
                .line(&unknown_name(card, "card or topic", "", &used))?;
            if !nearest.is_empty() {
                p.err.line(&format!(
                    "nearest: {}",
                    sanitize(&Candidate::list(&nearest).join(", "))
                ))?;
            }
            p.err.line(&search_hint(card))?;
        }
    }
    Ok(Outcome::NothingFound)
}
