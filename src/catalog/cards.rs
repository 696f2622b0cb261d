//! The card database as the index holds it: the cards of a name, of a
//! persona, and every card name of an edition (the vocabulary a typed name
//! is looked up in).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use tantivy::schema::Field;

use super::{keyword, stored_str, Catalog, CatalogError};
use crate::cards::Card;
use crate::index::edition_key;
use crate::lookup::{self, Match, Vocabulary};
use crate::model::Edition;
use crate::topic::TopicKey;

impl Catalog {
    /// How many cards the card database holds; none without one.
    pub fn card_count(&self) -> Option<usize> {
        self.manifest().cards
    }

    /// The cards whose name whole (version included) has `key`, in the
    /// database's order.
    pub fn cards_named(&self, edition: Edition, key: &TopicKey) -> Result<Vec<Card>, CatalogError> {
        self.cards_by(self.index().fields().card_key, edition, key)
    }

    /// Every version of the persona `key`, in the database's order.
    pub fn cards_of_persona(
        &self,
        edition: Edition,
        key: &TopicKey,
    ) -> Result<Vec<Card>, CatalogError> {
        self.cards_by(self.index().fields().persona_key, edition, key)
    }

    /// Every persona of an edition's cards, as keys, sorted: what a name
    /// typed with a slip is looked up in (the version is then the one
    /// printed without a mark, or the one typed).
    pub fn card_keys(&self, edition: Edition) -> Result<Arc<Vec<TopicKey>>, CatalogError> {
        if self.card_count().is_none() {
            return Ok(Arc::new(Vec::new()));
        }
        self.shared_terms(self.index().fields().persona_key, edition)
    }

    /// The personas of an edition's cards, for a name typed with a slip:
    /// scanned by the first look-up, indexed for spelling
    /// ([`Vocabulary`]) from the second on, once per catalog. One `card`
    /// asked at the command line does not pay for an index it would use
    /// once (building it costs some ten scans); a deck's sheet and the
    /// server, which look up many names, do.
    pub fn card_spellings(&self, edition: Edition) -> Result<Spellings, CatalogError> {
        if let Some(indexed) = self
            .spellings
            .lock()
            .ok()
            .and_then(|s| s.get(&edition).cloned())
        {
            return Ok(Spellings::Indexed(indexed));
        }
        let keys = self.card_keys(edition)?;
        if self.spelling_look_ups.fetch_add(1, Ordering::Relaxed) == 0 {
            return Ok(Spellings::Scanned(keys));
        }
        let indexed = Arc::new(Vocabulary::new(keys.as_ref().clone()));
        if let Ok(mut spellings) = self.spellings.lock() {
            spellings.insert(edition, Arc::clone(&indexed));
        }
        Ok(Spellings::Indexed(indexed))
    }

    fn cards_by(
        &self,
        field: Field,
        edition: Edition,
        key: &TopicKey,
    ) -> Result<Vec<Card>, CatalogError> {
        if self.card_count().is_none() || key.is_empty() {
            return Ok(Vec::new());
        }
        let record = self.index().fields().card_record;
        let query = keyword(field, &edition_key(edition, key.as_str()));
        self.matching(query.as_ref())?
            .into_iter()
            .map(|address| {
                let doc = self.doc(address)?;
                Ok(serde_json::from_str(stored_str(&doc, record)?)?)
            })
            .collect()
    }
}

/// The card names of an edition, as a typed name is looked up in them:
/// each way answers the same.
pub enum Spellings {
    Scanned(Arc<Vec<TopicKey>>),
    Indexed(Arc<Vocabulary>),
}

impl Spellings {
    /// See [`lookup::close`].
    pub fn close(&self, typed: &str) -> Match {
        match self {
            Spellings::Scanned(keys) => lookup::close(typed, keys.iter()),
            Spellings::Indexed(vocabulary) => vocabulary.close(typed),
        }
    }

    /// See [`lookup::suggestions`].
    pub fn suggestions(&self, typed: &str) -> Vec<TopicKey> {
        match self {
            Spellings::Scanned(keys) => lookup::suggestions(typed, keys.iter()),
            Spellings::Indexed(vocabulary) => vocabulary.suggestions(typed),
        }
    }
}
