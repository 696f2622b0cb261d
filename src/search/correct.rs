//! Correction: whether a word is in the documents, the word of the
//! documents spelled most like one that is not, and the topics that look
//! like a query that found nothing.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::TermQuery;
use tantivy::schema::{IndexRecordOption, TantivyDocument};
use tantivy::{TantivyError, Term};

use super::{analyzed, stored, SearchError};
use crate::index::SearchIndex;
use crate::lookup;
use crate::topic::TopicKey;

/// Typos allowed per word when retrying (a transposition is one).
pub(super) const TYPOS: u8 = 1;
/// Letters a word must have before a correction may change two of them.
pub(super) const TWO_TYPOS_FROM: usize = 8;
/// Whether every word of `text` is in a searched field of some entry.
pub(super) fn in_index(index: &SearchIndex, text: &str) -> Result<bool, SearchError> {
    let searcher = index.searcher();
    let f = index.fields();
    for term in analyzed(index, f.text, text)? {
        let mut found = false;
        for field in [f.topic, f.text, f.card] {
            if searcher.doc_freq(&Term::from_field_text(field, &term))? > 0 {
                found = true;
                break;
            }
        }
        if !found {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The word of the documents spelled most like `typed` (one typo, two in a
/// long word; a swapped pair of letters is one), the most used of equals;
/// none for a short word, where any correction is a guess.
///
/// Only words that begin with the same letter are read, as a range of the
/// vocabulary's FST: a TD in a hurry gets the first letter right, and the
/// typo-tolerant retry still covers the rest. Of those, only words of a
/// length within reach reach the distance.
pub(super) fn nearest_word(
    index: &SearchIndex,
    typed: &str,
) -> Result<Option<String>, SearchError> {
    let tokens = analyzed(index, index.fields().spelled, typed)?;
    let [word] = tokens.as_slice() else {
        return Ok(None);
    };
    let letters = word.chars().count();
    if letters < 4 {
        return Ok(None);
    }
    let most = if letters >= TWO_TYPOS_FROM { 2 } else { 1 };
    let first = word.as_bytes()[0];
    let mut found: BTreeMap<String, (usize, u64)> = BTreeMap::new();
    for segment in index.searcher().segment_readers() {
        let inverted = segment.inverted_index(index.fields().spelled)?;
        let mut range = inverted.terms().range().ge([first]);
        if let Some(next) = first.checked_add(1) {
            range = range.lt([next]);
        }
        let mut stream = range.into_stream().map_err(TantivyError::from)?;
        while stream.advance() {
            if stream.key().len().abs_diff(word.len()) > most {
                continue;
            }
            let Ok(candidate) = std::str::from_utf8(stream.key()) else {
                continue;
            };
            let distance = strsim::osa_distance(word, candidate);
            if distance == 0 || distance > most {
                continue;
            }
            let seen = found.entry(candidate.to_string()).or_insert((distance, 0));
            seen.1 += u64::from(stream.value().doc_freq);
        }
    }
    Ok(found
        .into_iter()
        .min_by_key(|(word, (distance, uses))| (*distance, std::cmp::Reverse(*uses), word.clone()))
        .map(|(word, _)| word))
}

/// Topics of the index that look like `typed`, as printed.
pub(super) fn did_you_mean(index: &SearchIndex, typed: &str) -> Result<Vec<String>, SearchError> {
    let searcher = index.searcher();
    let fields = index.fields();
    let mut keys: BTreeSet<TopicKey> = BTreeSet::new();
    for segment in searcher.segment_readers() {
        let inverted = segment.inverted_index(fields.topic_key)?;
        let mut stream = inverted.terms().stream().map_err(TantivyError::from)?;
        while stream.advance() {
            if let Ok(key) = std::str::from_utf8(stream.key()) {
                keys.insert(TopicKey::new(key));
            }
        }
    }
    let mut topics = Vec::new();
    for key in lookup::suggestions(typed, &keys) {
        let term = Term::from_field_text(fields.topic_key, key.as_str());
        let query = TermQuery::new(term, IndexRecordOption::Basic);
        for address in super::rank::best_by_score(searcher, &query, 1)? {
            let doc: TantivyDocument = searcher.doc(address)?;
            let topic = stored(&doc, fields.topic)?.to_string();
            if !topics.contains(&topic) {
                topics.push(topic);
            }
        }
    }
    Ok(topics)
}
