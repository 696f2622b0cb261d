//! `rulings show TOPIC`: the ruling in force on a topic, with its citation,
//! what it superseded (`--history`) and its cross-references followed.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::{banner, editions, Config, Outcome, Printer};
use crate::catalog::{Catalog, Looked, Name, Named, Naming, Reference, Stored};
use crate::cli::ShowArgs;
use crate::index::timeline::Period;
use crate::limits::{self, Typed};
use crate::model::{Edition, Entry, EntryKind};
use crate::output::sanitize;
use crate::render::{describe, describe_short, mark_lost, plain_text, status_badge, wrap, Style};
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
    /// The earlier rulings that still stand (the newest amended them, not
    /// replaced them), newest first, with their periods.
    pub standing: Vec<(Stored, Period)>,
    /// The earlier rulings in effect, newest first, with their periods
    /// (the standing ones among them); read only when asked for.
    pub history: Vec<(Stored, Period)>,
    pub references: Vec<Reference>,
}

/// The answer to `show`.
pub enum ShowAnswer {
    Found(Vec<TopicAnswer>),
    /// A known topic with nothing in effect on the date: the rulings on it
    /// that take effect later.
    NotYet {
        later: Vec<Stored>,
    },
    /// Several topics fit the name (as printed, with their edition).
    Several(Vec<(String, Edition)>),
    /// Not a topic, but a name rulings mention: the rulings that name it.
    Mentioned(Mentioned),
    /// A name the corpus does not know, and the nearest topics.
    Unknown(Vec<(String, Edition)>),
}

/// A name that is no topic but that rulings mention, in the editions asked.
pub struct Mentioned {
    /// The name as printed.
    pub name: String,
    /// Whether the name was typed as printed (up to case, punctuation and
    /// word forms), rather than close in spelling.
    pub exact: bool,
    /// The rulings that name it, edition by edition.
    pub naming: Vec<(Edition, Naming)>,
}

impl Mentioned {
    /// The mentioned names a look-up found, with the rulings naming each.
    pub fn read(
        catalog: &Catalog,
        named: Vec<Named>,
        as_of: NaiveDate,
    ) -> anyhow::Result<Mentioned> {
        let first = named.first().expect("a mentioned name was found");
        let name = printed(catalog, first.edition, &first.key)?;
        let exact = named.iter().all(|n| n.exact);
        let naming = named
            .iter()
            .map(|n| Ok((n.edition, catalog.naming(n.edition, &n.key, as_of)?)))
            .collect::<anyhow::Result<_>>()?;
        Ok(Mentioned {
            name,
            exact,
            naming,
        })
    }

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

    pub fn in_effect(&self) -> bool {
        self.naming.iter().any(|(_, n)| !n.in_effect.is_empty())
    }

    /// The rulings that name it, as JSON: each entry with its status on
    /// the date (none for one that takes effect later).
    pub fn json(&self, as_of: NaiveDate) -> Vec<NamingJson<'_>> {
        self.naming
            .iter()
            .flat_map(|(_, n)| n.in_effect.iter().chain(&n.later))
            .map(|s| NamingJson {
                status: s.status_on(as_of),
                entry: &s.entry,
            })
            .collect()
    }
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

#[derive(Serialize)]
struct ShowJson<'a> {
    topic: &'a str,
    edition: Edition,
    as_of: NaiveDate,
    status: &'a Status,
    entry: &'a Entry,
    /// The earlier rulings still standing with it.
    standing: Vec<HistoryJson<'a>>,
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

/// The topic (or a name rulings mention) as the documents print it, at any
/// date.
pub fn printed(catalog: &Catalog, edition: Edition, key: &TopicKey) -> anyhow::Result<String> {
    Ok(catalog.printed_name(edition, key)?)
}

/// Looks the topic up in every edition asked and answers.
pub fn answer(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    with_history: bool,
) -> anyhow::Result<ShowAnswer> {
    let printed_all = |found: Vec<(Edition, TopicKey)>| -> anyhow::Result<Vec<(String, Edition)>> {
        found
            .into_iter()
            .map(|(edition, key)| Ok((printed(catalog, edition, &key)?, edition)))
            .collect()
    };
    let named = match catalog.look_up_name(typed, editions)? {
        Name::Topic(Looked::Found(named)) => named,
        Name::Topic(Looked::Several(found)) => return Ok(ShowAnswer::Several(printed_all(found)?)),
        Name::Topic(Looked::Unknown(nearest)) => {
            return Ok(ShowAnswer::Unknown(printed_all(nearest)?))
        }
        Name::Mentioned(named) => {
            return Ok(ShowAnswer::Mentioned(Mentioned::read(
                catalog, named, as_of,
            )?))
        }
    };
    let mut answers = Vec::new();
    let mut later = Vec::new();
    for Named {
        edition,
        key,
        exact,
    } in named
    {
        let Some(topic) = catalog.topic(edition, &key, as_of)? else {
            later.extend(catalog.ruled_later(edition, &key, as_of)?);
            continue;
        };
        let with_period = |stored: Stored| -> Option<(Stored, Period)> {
            let period = stored.on(as_of)?;
            Some((stored, period))
        };
        let standing: Vec<(Stored, Period)> = topic
            .standing()?
            .into_iter()
            .filter_map(with_period)
            .collect();
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
            exact,
            newest,
            standing,
            history,
            references,
        });
    }
    if answers.is_empty() {
        return Ok(ShowAnswer::NotYet { later });
    }
    Ok(ShowAnswer::Found(answers))
}

pub fn run(
    catalog: &Catalog,
    config: &Config,
    args: &ShowArgs,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    limits::check(Typed::Name, &args.topic.join(" "))?;
    let (typed, edition) = super::name_and_edition(&args.topic, args.edition, &mut p.err)?;
    let as_of = config.as_of(args.as_of);
    let editions = editions(catalog, edition);
    // JSON always carries the history.
    let answer = answer(catalog, &typed, &editions, as_of, args.history || args.json)?;
    match answer {
        ShowAnswer::Found(found) => {
            if args.json {
                let list: Vec<ShowJson> = found.iter().map(|a| to_json(a, as_of)).collect();
                p.out.json_one_or_many(&list)?;
            } else {
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
                for line in banner(catalog, &editions, config.today) {
                    p.err.line(&line)?;
                }
            }
            Ok(Outcome::Found)
        }
        nothing => {
            let used = match nothing {
                ShowAnswer::Unknown(_) => used_in(catalog, &typed, &editions, as_of)?,
                _ => Vec::new(),
            };
            not_found(p, &typed, &editions, as_of, &nothing, &used, args.json)?;
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
        standing: a
            .standing
            .iter()
            .map(|(s, p)| HistoryJson {
                status: p.status.as_ref().expect("in effect"),
                entry: &s.entry,
            })
            .collect(),
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
    if let Some(effect) = entry.effect {
        facts.push(effect.label().to_string());
    }
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
        lines.push(style.caution(&wrap(&describe_short(period), w, "")));
    }
    lines.push(String::new());
    lines.push(wrap(&plain_text(&entry.text), w, "  "));

    if !a.standing.is_empty() {
        lines.push(String::new());
        lines.push(style.bold("Also standing (amended, not replaced), newest first"));
        for (s, p) in &a.standing {
            let status = p.status.as_ref().expect("in effect");
            lines.push(format!(
                "  {} {}  {}",
                s.entry.date,
                status_badge(style, status),
                s.citation
            ));
            if !matches!(status, Status::InForce) {
                lines.push(style.caution(&wrap(&describe_short(p), w, "  ")));
            }
            lines.push(wrap(&plain_text(&s.entry.text), w, "    "));
        }
    }

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
        let standing: Vec<String> = a.standing.iter().map(|(s, _)| s.entry.id()).collect();
        let history: Vec<&(Stored, Period)> = a
            .history
            .iter()
            .filter(|(s, _)| !standing.contains(&s.entry.id()))
            .collect();
        if history.is_empty() && a.standing.is_empty() {
            lines.push(style.bold("History: no earlier ruling in these documents"));
        } else if history.is_empty() {
            lines.push(style.bold("History: no earlier ruling was replaced"));
        } else {
            lines.push(style.bold("History (newest first)"));
            for (s, p) in history {
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
    nothing: &ShowAnswer,
    used: &[String],
    json: bool,
) -> anyhow::Result<()> {
    let named = |found: &[(String, Edition)]| -> Vec<String> {
        found
            .iter()
            .map(|(topic, edition)| format!("{topic} ({edition})"))
            .collect()
    };
    if let ShowAnswer::Mentioned(m) = nothing {
        return not_a_topic(p, typed, editions, as_of, m, json);
    }
    let (known, later, candidates, nearest) = match nothing {
        ShowAnswer::Found(_) | ShowAnswer::Mentioned(_) => return Ok(()),
        ShowAnswer::NotYet { later } => (true, later.as_slice(), Vec::new(), Vec::new()),
        ShowAnswer::Several(found) => (false, &[][..], named(found), Vec::new()),
        ShowAnswer::Unknown(found) => (false, &[][..], Vec::new(), named(found)),
    };
    let later: Vec<String> = later
        .iter()
        .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
        .collect();
    if json {
        let body = serde_json::json!({
            "topic": typed,
            "as_of": as_of,
            "found": false,
            "known": known,
            "candidates": candidates,
            "did_you_mean": if candidates.is_empty() { &nearest } else { &candidates },
            "ruled_later": later,
            "used_in": used,
        });
        p.out.json(&body)?;
        return Ok(());
    }
    let editions: Vec<&str> = editions.iter().map(|e| e.label()).collect();
    let editions = editions.join(", ");
    if known {
        p.err.line(&format!(
            "nothing in force on `{}` as of {as_of} ({editions})",
            sanitize(typed)
        ))?;
        if !later.is_empty() {
            p.err.line(&format!(
                "first ruled later: {}",
                sanitize(&later.join("; "))
            ))?;
        }
    } else if !candidates.is_empty() {
        p.err.line(&format!(
            "several topics fit `{}` ({editions}); which one? {}",
            sanitize(typed),
            sanitize(&candidates.join(", "))
        ))?;
    } else {
        p.err.line(&unknown_name(
            typed,
            "topic or card",
            &format!(" ({editions})"),
            used,
        ))?;
        if !nearest.is_empty() {
            p.err
                .line(&format!("did you mean: {}", sanitize(&nearest.join(", "))))?;
        }
        p.err.line(&search_hint(typed))?;
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
) -> anyhow::Result<Vec<String>> {
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
    let mut used: Vec<String> = Vec::new();
    for hit in &answer.hits {
        let named = format!("{} ({})", hit.topic, hit.edition);
        if !used.contains(&named) {
            used.push(named);
        }
    }
    Ok(used)
}

/// How many rulings that use an unknown name are listed.
const USED_IN_SHOWN: usize = 6;

/// The first line for a name no look-up knows: "not in these documents"
/// only when no ruling uses it either.
pub fn unknown_name(typed: &str, what: &str, editions: &str, used: &[String]) -> String {
    if used.is_empty() {
        format!(
            "no {what} named `{}` in these documents{editions}",
            sanitize(typed)
        )
    } else {
        format!(
            "no {what} named `{}`{editions}, but rulings use it: {}",
            sanitize(typed),
            sanitize(&used.join(", "))
        )
    }
}

/// The search to try for a name no look-up knows.
pub fn search_hint(typed: &str) -> String {
    format!("try `rulings search \"{}\"`", sanitize(typed.trim()))
}

/// A name that is no topic but that rulings mention: say so, and which.
fn not_a_topic(
    p: &mut Printer<impl Write, impl Write>,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    m: &Mentioned,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        let body = serde_json::json!({
            "topic": typed,
            "as_of": as_of,
            "found": false,
            "known": true,
            "name": m.name,
            "exact": m.exact,
            "named_in": m.json(as_of),
            "candidates": [],
            "did_you_mean": [],
            "ruled_later": [],
        });
        p.out.json(&body)?;
        return Ok(());
    }
    let editions: Vec<&str> = editions.iter().map(|e| e.label()).collect();
    let lead = format!(
        "{} is not a topic ({})",
        sanitize(&m.name),
        editions.join(", ")
    );
    say_mentioned(&mut p.err, typed, "topic", &lead, m, as_of)?;
    Ok(())
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
