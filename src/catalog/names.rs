//! One look-up of a typed name for every command: `show`, `errata` and the
//! completions all find a topic or card the same way (see [`crate::lookup`]
//! for the policy), in every edition asked, and tell apart a name that is
//! found, one that could be several, and one the corpus does not know.

use super::{Catalog, CatalogError};
use crate::lookup::{self, Match};
use crate::model::Edition;
use crate::topic::TopicKey;

/// A topic a typed name was found to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub edition: Edition,
    pub key: TopicKey,
    /// Whether the name was the topic (up to case, punctuation, articles
    /// and plurals), rather than an abbreviation or a close spelling.
    pub exact: bool,
}

/// What a typed name is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Looked {
    /// A known topic or card, in one edition or more.
    Found(Vec<Named>),
    /// Several topics fit as well: offered, not picked.
    Several(Vec<(Edition, TopicKey)>),
    /// The corpus does not know the name; the nearest topics, if any.
    Unknown(Vec<(Edition, TopicKey)>),
}

impl Catalog {
    /// Looks a typed name up among the topics of the editions asked.
    pub fn look_up(&self, typed: &str, editions: &[Edition]) -> Result<Looked, CatalogError> {
        let mut exact = Vec::new();
        let mut close = Vec::new();
        let mut several = Vec::new();
        let mut vocabularies = Vec::new();
        for &edition in editions {
            let keys = self.keys(edition, false)?;
            match lookup::find(typed, &keys) {
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
            vocabularies.push((edition, keys));
        }
        if !exact.is_empty() {
            return Ok(Looked::Found(exact));
        }
        if !close.is_empty() && several.is_empty() {
            return Ok(Looked::Found(close));
        }
        if !several.is_empty() {
            let mut offered: Vec<(Edition, TopicKey)> =
                close.into_iter().map(|n| (n.edition, n.key)).collect();
            offered.extend(several);
            return Ok(Looked::Several(offered));
        }
        let nearest = vocabularies
            .iter()
            .flat_map(|(edition, keys)| {
                lookup::suggestions(typed, keys)
                    .into_iter()
                    .map(move |k| (*edition, k))
            })
            .collect();
        Ok(Looked::Unknown(nearest))
    }
}
