//! A search answered: the hits of the words on the date, the notes on how
//! they were read, and the topics offered when they look like a name, each
//! in the editions that have it.

use super::error::Failure;
use super::{Candidate, Note};
use crate::catalog::Catalog;
use crate::model::Edition;
use crate::search::{self, Request};
use crate::topic::TopicKey;

/// The answer to a search.
pub struct Searched {
    pub request: Request,
    pub found: search::Answer,
    /// How the words were read, and the topics they look like.
    pub notes: Vec<Note>,
}

impl Searched {
    pub fn is_found(&self) -> bool {
        !self.found.hits.is_empty()
    }
}

/// Searches the catalog. An empty query is the search's to refuse
/// (`SearchError::NoWords`), worded once, as every front end words it.
pub fn ask(catalog: &Catalog, request: Request) -> Result<Searched, Failure> {
    let found = search::search(catalog.index(), &request)?;
    let mut notes: Vec<Note> = found.notes.iter().cloned().map(Note::Read).collect();
    if !found.did_you_mean.is_empty() {
        notes.push(Note::DidYouMean {
            topics: found.did_you_mean.clone(),
            candidates: candidates(catalog, &found.did_you_mean, request.edition)?,
        });
    }
    Ok(Searched {
        request,
        found,
        notes,
    })
}

/// The topics that look like the query, each in every edition asked that
/// has it.
fn candidates(
    catalog: &Catalog,
    topics: &[String],
    edition: Option<Edition>,
) -> Result<Vec<Candidate>, Failure> {
    let mut candidates = Vec::new();
    for topic in topics {
        let key = TopicKey::new(topic);
        for edition in super::editions(catalog, edition) {
            if catalog.has_topic(edition, &key)? {
                candidates.push(Candidate::new(topic.clone(), edition));
            }
        }
    }
    Ok(candidates)
}
