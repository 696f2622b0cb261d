//! A topic as of a date, read from the index only as far as a question
//! needs: the newest ruling alone for an answer, every earlier one for its
//! history; and its cross-references followed.

use std::collections::{HashSet, VecDeque};

use chrono::NaiveDate;
use tantivy::DocAddress;

use super::{Catalog, CatalogError, Stored};
use crate::index::timeline::Period;
use crate::model::Edition;
use crate::status::BaseDocument;
use crate::topic::TopicKey;

/// The rulings on one topic of one edition that are in effect on a date.
///
/// The rulings of undated documents stand apart: they answer for the topic
/// only when no dated document rules on it; otherwise they are listed
/// beside it ([`Topic::undated`]) and never taken for the ruling in force.
pub struct Topic<'c> {
    catalog: &'c Catalog,
    pub edition: Edition,
    pub key: TopicKey,
    pub as_of: NaiveDate,
    /// The topic's rulings: the dated ones in effect, newest first, or,
    /// when there are none, the undated ones.
    effective: Vec<DocAddress>,
    /// The rulings of undated documents beside dated ones.
    beside: Vec<DocAddress>,
}

impl<'c> Topic<'c> {
    pub(super) fn new(
        catalog: &'c Catalog,
        edition: Edition,
        key: TopicKey,
        as_of: NaiveDate,
        (dated, undated): (Vec<DocAddress>, Vec<DocAddress>),
    ) -> Option<Topic<'c>> {
        let (effective, beside) = if dated.is_empty() {
            (undated, Vec::new())
        } else {
            (dated, undated)
        };
        (!effective.is_empty()).then_some(Topic {
            catalog,
            edition,
            key,
            as_of,
            effective,
            beside,
        })
    }

    /// How many rulings on the topic are in effect (beside those of
    /// undated documents when dated ones rule on it).
    pub fn len(&self) -> usize {
        self.effective.len()
    }

    pub fn is_empty(&self) -> bool {
        self.effective.is_empty()
    }

    /// The newest ruling, whose status is the topic's.
    pub fn newest(&self) -> Result<Stored, CatalogError> {
        self.catalog.stored(self.effective[0])
    }

    /// The rulings on the topic in undated documents, when dated ones rule
    /// on it too: never in force, shown beside it.
    pub fn undated(&self) -> Result<Vec<Stored>, CatalogError> {
        self.beside
            .iter()
            .map(|&a| self.catalog.stored(a))
            .collect()
    }

    /// The rulings besides the newest that still stand on the date (in
    /// force or consolidated: amended, not replaced), newest first.
    pub fn standing(&self) -> Result<Vec<Stored>, CatalogError> {
        let day = crate::index::timeline::day(self.as_of);
        let mut standing = Vec::new();
        for &address in self.effective.iter().skip(1) {
            if self.catalog.standing(address, day)? == crate::index::timeline::Standing::Current {
                standing.push(self.catalog.stored(address)?);
            }
        }
        Ok(standing)
    }

    /// Every ruling in effect, newest first.
    pub fn all(&self) -> Result<Vec<Stored>, CatalogError> {
        self.effective
            .iter()
            .map(|&a| self.catalog.stored(a))
            .collect()
    }
}

/// A cross-reference, followed.
#[derive(Debug, Clone)]
pub struct Reference {
    /// The topic as the referring entry printed it.
    pub topic: String,
    /// The newest ruling on it as of the date, with its period then.
    pub target: Option<(Stored, Period)>,
    /// Where the topic lives when the corpus has no ruling on it.
    pub home: Option<BaseDocument>,
}

impl Catalog {
    /// Where a cross-reference leads on a date: the topic's newest ruling,
    /// or, when the corpus has none, the base document it lives in.
    pub fn reference(
        &self,
        edition: Edition,
        name: &str,
        as_of: NaiveDate,
    ) -> Result<Reference, CatalogError> {
        let key = TopicKey::new(name);
        let target = match self.topic(edition, &key, as_of)? {
            Some(topic) => {
                let newest = topic.newest()?;
                newest.on(as_of)?.map(|period| (newest, period))
            }
            None => None,
        };
        Ok(Reference {
            topic: name.to_string(),
            home: target.is_none().then(|| BaseDocument::of(edition, name)),
            target,
        })
    }

    /// The cross-references of `from` (an entry on `key`), followed
    /// transitively (breadth first), each topic once, never back to `key`,
    /// at most `depth` steps away.
    pub fn follow(
        &self,
        edition: Edition,
        key: &TopicKey,
        see: &[String],
        as_of: NaiveDate,
        depth: usize,
    ) -> Result<Vec<Reference>, CatalogError> {
        let mut seen: HashSet<TopicKey> = HashSet::new();
        seen.insert(key.clone());
        let mut queue: VecDeque<(String, usize)> = see.iter().map(|s| (s.clone(), 1)).collect();
        let mut found = Vec::new();
        while let Some((name, level)) = queue.pop_front() {
            if !seen.insert(TopicKey::new(&name)) {
                continue;
            }
            let reference = self.reference(edition, &name, as_of)?;
            if let Some((target, _)) = &reference.target {
                if level < depth {
                    queue.extend(target.entry.see.iter().map(|s| (s.clone(), level + 1)));
                }
            }
            found.push(reference);
        }
        Ok(found)
    }
}
