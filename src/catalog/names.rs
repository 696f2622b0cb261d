//! One look-up of a typed name for every command: `show`, `errata` and the
//! completions all find a topic or card the same way (see [`crate::lookup`]
//! for the policy), in every edition asked, and tell apart a name that is
//! found, one that could be several, one that rulings only mention, and one
//! the corpus does not know.

use chrono::NaiveDate;

use super::{Catalog, CatalogError, Keys, Stored};
use crate::index::mentions;
use crate::lookup::{self, Match};
use crate::model::Edition;
use crate::topic::TopicKey;

/// A topic a typed name was found to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub edition: Edition,
    pub key: TopicKey,
    /// Whether the name was the topic (up to case, punctuation, articles
    /// and word forms), rather than an abbreviation or a close spelling.
    pub exact: bool,
}

/// What a typed name is among the topics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Looked {
    /// A known topic or card, in one edition or more.
    Found(Vec<Named>),
    /// Several topics fit as well: offered, not picked.
    Several(Vec<(Edition, TopicKey)>),
    /// The corpus does not know the name; the nearest topics, if any.
    Unknown(Vec<(Edition, TopicKey)>),
}

/// What a typed name is when the names rulings mention count too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Name {
    /// A topic, several, or nothing known (the nearest topics and
    /// mentioned names then).
    Topic(Looked),
    /// Not a topic, but named by rulings (in one edition or more).
    Mentioned(Vec<Named>),
}

/// The rulings that name a name in an edition.
pub struct Naming {
    /// In effect on the date asked, newest first.
    pub in_effect: Vec<Stored>,
    /// Taking effect only later, oldest first.
    pub later: Vec<Stored>,
}

/// One stage of the look-up over the vocabularies of the editions asked:
/// what it found, if anything.
fn stage(
    vocabularies: &[(Edition, Vec<TopicKey>)],
    find: impl Fn(&[TopicKey]) -> Match,
) -> Option<Looked> {
    let mut exact = Vec::new();
    let mut close = Vec::new();
    let mut several = Vec::new();
    for (edition, keys) in vocabularies {
        let edition = *edition;
        match find(keys) {
            Match::Exact(key) => exact.push(Named {
                edition,
                key,
                exact: true,
            }),
            Match::Close(key) => close.push(Named {
                edition,
                key,
                exact: false,
            }),
            Match::Several(keys) => several.extend(keys.into_iter().map(|k| (edition, k))),
            Match::None => {}
        }
    }
    if !exact.is_empty() {
        return Some(Looked::Found(exact));
    }
    if !close.is_empty() && several.is_empty() {
        return Some(Looked::Found(close));
    }
    if !several.is_empty() {
        let mut offered: Vec<(Edition, TopicKey)> =
            close.into_iter().map(|n| (n.edition, n.key)).collect();
        offered.extend(several);
        return Some(Looked::Several(offered));
    }
    None
}

/// How many near names a look-up that found nothing offers at most.
const NEAREST_SHOWN: usize = 8;

fn nearest(typed: &str, vocabularies: &[(Edition, Vec<TopicKey>)]) -> Vec<(Edition, TopicKey)> {
    vocabularies
        .iter()
        .flat_map(|(edition, keys)| {
            lookup::suggestions(typed, keys)
                .into_iter()
                .map(move |k| (*edition, k))
        })
        .collect()
}

impl Catalog {
    /// Looks a typed name up among the topics of the editions asked.
    pub fn look_up(&self, typed: &str, editions: &[Edition]) -> Result<Looked, CatalogError> {
        let topics = self.vocabularies(editions)?;
        let found = stage(&topics, |k| lookup::exact(typed, k))
            .or_else(|| stage(&topics, |k| lookup::abbreviated(typed, k)))
            .or_else(|| stage(&topics, |k| lookup::close(typed, k)));
        let found = match found {
            Some(found) => Some(found),
            None => self.within(typed, editions, &topics)?,
        };
        Ok(found.unwrap_or_else(|| Looked::Unknown(nearest(typed, &topics))))
    }

    /// Looks a typed name up among the topics, then among the names rulings
    /// mention: a topic typed exactly or begun comes first, then a
    /// mentioned name typed exactly, then a topic and then a mentioned
    /// name close in spelling.
    pub fn look_up_name(&self, typed: &str, editions: &[Edition]) -> Result<Name, CatalogError> {
        let topics = self.vocabularies(editions)?;
        if let Some(found) = stage(&topics, |k| lookup::exact(typed, k))
            .or_else(|| stage(&topics, |k| lookup::abbreviated(typed, k)))
        {
            return Ok(Name::Topic(found));
        }
        let named = self.named_vocabularies(editions)?;
        let mentioned = |found: Looked| match found {
            Looked::Found(named) => Name::Mentioned(named),
            other => Name::Topic(other),
        };
        if let Some(found) = stage(&named, |k| lookup::exact(typed, k)) {
            return Ok(mentioned(found));
        }
        if let Some(found) = stage(&topics, |k| lookup::close(typed, k)) {
            return Ok(Name::Topic(found));
        }
        if let Some(found) = stage(&named, |k| lookup::close(typed, k)) {
            return Ok(mentioned(found));
        }
        if let Some(found) = self.within(typed, editions, &topics)? {
            return Ok(Name::Topic(found));
        }
        let mut near = nearest(typed, &topics);
        near.extend(nearest(typed, &named));
        // Topics first, then names; a list a TD reads at a glance.
        near.truncate(NEAREST_SHOWN);
        Ok(Name::Topic(Looked::Unknown(near)))
    }

    /// Whether [`Catalog::look_up_name`] finds the typed name exactly: its
    /// stages up to the mentioned names typed exactly, without the close
    /// spellings and the nearest names that it weighs when they find
    /// nothing.
    pub fn looks_up_exactly(
        &self,
        typed: &str,
        editions: &[Edition],
    ) -> Result<bool, CatalogError> {
        let exact = |found: Option<Looked>| matches!(found, Some(Looked::Found(named)) if named.iter().any(|n| n.exact));
        let topics = self.vocabularies(editions)?;
        if let Some(found) = stage(&topics, |k| lookup::exact(typed, k))
            .or_else(|| stage(&topics, |k| lookup::abbreviated(typed, k)))
        {
            return Ok(exact(Some(found)));
        }
        let named = self.named_vocabularies(editions)?;
        Ok(exact(stage(&named, |k| lookup::exact(typed, k))))
    }

    /// The topic, else the name rulings mention, that a typed name is
    /// exactly (up to case, punctuation, articles and word forms), in the
    /// editions asked; never an abbreviation or a close spelling. What a
    /// card of the card database is looked up as: one card is not another
    /// card's rulings.
    pub fn exact_name(
        &self,
        typed: &str,
        editions: &[Edition],
    ) -> Result<Option<Vec<Named>>, CatalogError> {
        let topics = self.vocabularies(editions)?;
        if let Some(Looked::Found(named)) = stage(&topics, |k| lookup::exact(typed, k)) {
            return Ok(Some(named));
        }
        // Every name rulings mention, topics among them: a topic was looked
        // for first.
        let fields = self.index().fields();
        let named = editions
            .iter()
            .map(|&e| Ok((e, self.terms(fields.named_id, e)?)))
            .collect::<Result<Vec<_>, CatalogError>>()?;
        Ok(match stage(&named, |k| lookup::exact(typed, k)) {
            Some(Looked::Found(named)) => Some(named),
            _ => None,
        })
    }

    /// A topic typed with words around it (see [`lookup::within`]), when
    /// no other edition knows the name whole: "continuing mission" asked
    /// of 2E is the 1E card, not the 2E *missions*.
    fn within(
        &self,
        typed: &str,
        editions: &[Edition],
        topics: &[(Edition, Vec<TopicKey>)],
    ) -> Result<Option<Looked>, CatalogError> {
        let others = self.other_editions(editions);
        if !others.is_empty() {
            let elsewhere = self.vocabularies(&others)?;
            let whole = stage(&elsewhere, |k| lookup::exact(typed, k))
                .or_else(|| stage(&elsewhere, |k| lookup::abbreviated(typed, k)))
                .or_else(|| stage(&elsewhere, |k| lookup::close(typed, k)));
            if whole.is_some() {
                return Ok(None);
            }
        }
        Ok(stage(topics, |k| lookup::within(typed, k)))
    }

    fn vocabularies(
        &self,
        editions: &[Edition],
    ) -> Result<Vec<(Edition, Vec<TopicKey>)>, CatalogError> {
        editions
            .iter()
            .map(|&e| Ok((e, self.keys(e, Keys::Topics)?)))
            .collect()
    }

    /// Each edition's names mentioned by rulings that are not its topics.
    fn named_vocabularies(
        &self,
        editions: &[Edition],
    ) -> Result<Vec<(Edition, Vec<TopicKey>)>, CatalogError> {
        editions
            .iter()
            .map(|&e| {
                let topics = self.keys(e, Keys::Topics)?;
                let mut named = self.terms(self.index().fields().named_id, e)?;
                named.retain(|k| topics.binary_search(k).is_err());
                Ok((e, named))
            })
            .collect()
    }

    /// The rulings of an edition that name `key`, as of a date.
    pub fn naming(
        &self,
        edition: Edition,
        key: &TopicKey,
        as_of: NaiveDate,
    ) -> Result<Naming, CatalogError> {
        let fields = self.index().fields();
        let mut naming = Naming {
            in_effect: Vec::new(),
            later: Vec::new(),
        };
        for (_, address) in self.topic_addresses(edition, key, fields.named_id)? {
            let stored = self.stored(address)?;
            // Its period read here, so that a damaged one is reported.
            if stored.on(as_of)?.is_none() {
                naming.later.push(stored);
            } else {
                naming.in_effect.push(stored);
            }
        }
        naming.later.reverse();
        Ok(naming)
    }

    /// A topic or a mentioned name as the documents print it (the newest
    /// ruling on it, else the newest that names it), at any date.
    pub fn printed_name(&self, edition: Edition, key: &TopicKey) -> Result<String, CatalogError> {
        if let Some(topic) = self.printed_topic(edition, key)? {
            return Ok(topic);
        }
        let fields = self.index().fields();
        if let Some(&(_, address)) = self.topic_addresses(edition, key, fields.named_id)?.first() {
            let entry = self.stored(address)?.entry;
            if let Some(name) = mentions::names(&entry)
                .into_iter()
                .find(|n| TopicKey::new(n) == *key)
            {
                return Ok(name);
            }
        }
        Ok(key.to_string())
    }
}
