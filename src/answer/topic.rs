//! A topic answered: for a name as typed and a date, the ruling in force
//! in each edition asked, the earlier rulings that still stand beside it,
//! its history when asked, its cross-references followed, and the base
//! entry with the later rulings applied. When the name is no topic: the
//! topics it could be, the rulings that mention it, or the nearest names.
//! Data only; the renderers word it.

use super::error::Failure;
use chrono::NaiveDate;

use super::Candidate;
use crate::catalog::{in_effect, Amended, Catalog, Looked, Name, Named, Naming, Reference, Stored};
use crate::index::timeline::Period;
use crate::model::Edition;
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
    /// The base entry with the later rulings applied, when a base document
    /// in the corpus holds the topic and a ruling amended it since.
    pub amended: Option<Amended>,
    /// The topic's rulings in undated documents, when dated ones rule on
    /// it: never in force, but the TD dropped them in.
    pub undated: Vec<Stored>,
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
    Several(Vec<Candidate>),
    /// Not a topic, but a name rulings mention: the rulings that name it.
    Mentioned(Mentioned),
    /// A name the corpus does not know, and the nearest topics.
    Unknown(Vec<Candidate>),
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
    ) -> Result<Mentioned, Failure> {
        let first = named.first().expect("a mentioned name was found");
        let name = printed(catalog, first.edition, &first.key)?;
        let exact = named.iter().all(|n| n.exact);
        let naming = named
            .iter()
            .map(|n| Ok((n.edition, catalog.naming(n.edition, &n.key, as_of)?)))
            .collect::<Result<_, Failure>>()?;
        Ok(Mentioned {
            name,
            exact,
            naming,
        })
    }

    pub fn in_effect(&self) -> bool {
        self.naming.iter().any(|(_, n)| !n.in_effect.is_empty())
    }
}

/// The topic (or a name rulings mention) as the documents print it, at any
/// date.
pub fn printed(catalog: &Catalog, edition: Edition, key: &TopicKey) -> Result<String, Failure> {
    Ok(catalog.printed_name(edition, key)?)
}

/// Topics found, each as the documents print it, with its edition.
pub fn printed_all(
    catalog: &Catalog,
    found: Vec<(Edition, TopicKey)>,
) -> Result<Vec<Candidate>, Failure> {
    found
        .into_iter()
        .map(|(edition, key)| Ok(Candidate::new(printed(catalog, edition, &key)?, edition)))
        .collect()
}

/// Looks the topic up in every edition asked and answers.
pub fn answer(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
    with_history: bool,
) -> Result<ShowAnswer, Failure> {
    let named = match catalog.look_up_name(typed, editions)? {
        Name::Topic(Looked::Found(named)) => named,
        Name::Topic(Looked::Several(found)) => {
            return Ok(ShowAnswer::Several(printed_all(catalog, found)?))
        }
        Name::Topic(Looked::Unknown(nearest)) => {
            return Ok(ShowAnswer::Unknown(printed_all(catalog, nearest)?))
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
        let standing = in_effect(topic.standing()?, as_of)?;
        let undated = topic.undated()?;
        let (newest, history) = if with_history {
            let mut all = in_effect(topic.all()?, as_of)?.into_iter();
            let Some(newest) = all.next() else { continue };
            (newest, all.collect())
        } else {
            let newest = topic.newest()?;
            let Some(period) = newest.on(as_of)? else {
                continue;
            };
            ((newest, period), Vec::new())
        };
        let references = catalog.follow(
            edition,
            &newest.0.entry.key,
            &newest.0.entry.see,
            as_of,
            REFERENCE_DEPTH,
        )?;
        let rescinded = matches!(newest.1.status, Status::Rescinded { .. });
        let amended = if rescinded {
            None
        } else {
            catalog.amended(&topic)?
        };
        answers.push(TopicAnswer {
            edition,
            exact,
            newest,
            standing,
            history,
            references,
            amended,
            undated,
        });
    }
    if answers.is_empty() {
        return Ok(ShowAnswer::NotYet { later });
    }
    Ok(ShowAnswer::Found(answers))
}
