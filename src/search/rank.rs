//! Ranking: BM25 scaled by the share of the question's word weight (IDF)
//! an entry holds, so an entry lacking a rare word ranks below one lacking
//! a common word, and only the entries shown on the date are collected.

use std::collections::BTreeMap;
use std::sync::Arc;

use tantivy::collector::TopDocs;
use tantivy::index::SegmentId;
use tantivy::query::{EnableScoring, Query};
use tantivy::{
    DocAddress, DocId, DocSet, Score, SegmentOrdinal, SegmentReader, TantivyError, TERMINATED,
};

use super::filters::shown;
use super::published::Published;
use super::{Request, SearchError, MOST_WORDS};
use crate::index::timeline::{self, Standing};
use crate::index::{empty_body_hash, BODY_HASH, SEQ, STANDING};
use tantivy::columnar::Column;

/// How many hits are ranked at least, before the newer word of a gathering
/// release is put above the consolidated ruling it re-says (see
/// `regathered`): as many for a short list as for a long one.
pub(super) const POOL: usize = 10;

/// What the score of a head with no words of its own is scaled by: a part
/// head ("8 Penalties") holds only its title, and its sections, which
/// hold the words, answer the question.
const HEAD_ALONE: Score = 0.5;

/// How an entry ranks: shown on the date first, then by score. The score
/// (BM25) weighs each word by how rare it is and each entry by its length:
/// a count of words would favour the longest entries (a rulebook section
/// has most words of any question) over the ones that answer. An entry
/// that lacks some of the required words has its score scaled by the share
/// of their weight (IDF) it holds.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub(super) struct Rank {
    pub(super) shown: bool,
    pub(super) score: Score,
    /// Which required words it has, one bit each.
    pub(super) has: u64,
    /// Between equals, the earlier in the order of precedence first
    /// (`u64::MAX` less its place): never where the index happens to hold
    /// it, which a change to the corpus moves.
    pub(super) earlier: u64,
}

/// A required word as its coverage is counted.
pub(super) struct Required {
    /// As typed, for the notes.
    pub(super) typed: String,
    /// The entries that have it.
    pub(super) query: Box<dyn Query>,
    /// The entries that leave it out of their scope, whatever their text
    /// says (see [`Coverage::of`]).
    pub(super) outside: Option<Box<dyn Query>>,
}

/// Which of the query's required words each entry has, per segment.
pub(super) struct Coverage {
    /// The words as typed, as their bits count.
    pub(super) words: Vec<String>,
    /// Per segment, per document: the words it has, one bit each.
    pub(super) segments: BTreeMap<SegmentId, Arc<Vec<u64>>>,
    /// How much each word says (its inverse document frequency, as BM25
    /// weighs it), by bit.
    pub(super) weights: Arc<Vec<Score>>,
    /// Whether the share of the words' weight scales the score: not when a
    /// quoted phrase or a field decided the hits, which all hold it; the
    /// words then rank them by BM25 alone.
    pub(super) scales: bool,
}

impl Coverage {
    /// For a query of several required words, each with its query and the
    /// query of the entries that leave it out of their scope (a topic "on
    /// X (non-Borg)" is about all but Borg: it does not have "borg",
    /// whatever its text says of Borg), or of one word beside a clause that
    /// decides the hits.
    pub(super) fn of(
        published: &Published,
        units: Vec<Required>,
        decided: bool,
    ) -> Result<Option<Coverage>, SearchError> {
        // One word alone is had by every hit, unless another clause (a
        // quoted phrase) decided the hits.
        if units.len() < 2 && !(decided && units.len() == 1) {
            return Ok(None);
        }
        let mut words = Vec::new();
        let mut weights = Vec::new();
        let mut outside = Vec::new();
        let searcher = published.searcher();
        let scoring = || EnableScoring::disabled_from_searcher(searcher);
        for unit in units.into_iter().take(MOST_WORDS) {
            words.push(unit.typed);
            weights.push(unit.query.weight(scoring())?);
            outside.push(unit.outside.map(|q| q.weight(scoring())).transpose()?);
        }
        let mut segments = BTreeMap::new();
        let mut holding = vec![0u64; weights.len()];
        for (ordinal, segment) in searcher.segment_readers().iter().enumerate() {
            let mut has = vec![0u64; segment.max_doc() as usize];
            for (bit, weight) in weights.iter().enumerate() {
                let mut scorer = weight.scorer(segment, 1.0)?;
                let mut doc = scorer.doc();
                while doc != TERMINATED {
                    has[doc as usize] |= 1 << bit;
                    // A word's weight is its rarity on the day.
                    if !published.is_later(ordinal as SegmentOrdinal, doc) {
                        holding[bit] += 1;
                    }
                    doc = scorer.advance();
                }
                if let Some(outside) = &outside[bit] {
                    let mut scorer = outside.scorer(segment, 1.0)?;
                    let mut doc = scorer.doc();
                    while doc != TERMINATED {
                        has[doc as usize] &= !(1 << bit);
                        doc = scorer.advance();
                    }
                }
            }
            segments.insert(segment.segment_id(), Arc::new(has));
        }
        let entries = published.num_docs() as f64;
        let weights = holding
            .into_iter()
            .map(|n| {
                let n = n as f64;
                (1.0 + (entries - n + 0.5) / (n + 0.5)).ln() as Score
            })
            .collect();
        Ok(Some(Coverage {
            words,
            segments,
            weights: Arc::new(weights),
            scales: !decided,
        }))
    }

    /// The share of the words' weight that an entry with these bits has.
    pub(super) fn share(weights: &[Score], has: u64) -> Score {
        let total: Score = weights.iter().sum();
        if total <= 0.0 {
            return 1.0;
        }
        let had: Score = weights
            .iter()
            .enumerate()
            .filter(|(bit, _)| has & (1 << bit) != 0)
            .map(|(_, w)| w)
            .sum();
        had / total
    }

    /// The words an entry lacks, given its bits.
    pub(super) fn missing(&self, has: u64) -> Vec<String> {
        self.words
            .iter()
            .enumerate()
            .filter(|(bit, _)| has & (1 << bit) == 0)
            .map(|(_, w)| w.clone())
            .collect()
    }
}

/// The best `limit` documents that are shown on the date, ranked as
/// [`Rank`] says: the others rank below every shown one while collecting
/// and are dropped.
pub(super) fn best_shown(
    published: &Published,
    query: &dyn Query,
    request: &Request,
    coverage: Option<&Coverage>,
) -> Result<Vec<(Rank, DocAddress)>, TantivyError> {
    let day = timeline::day(request.as_of);
    let all = request.all;
    let segments = coverage.map(|c| c.segments.clone()).unwrap_or_default();
    let weights = coverage.filter(|c| c.scales).map(|c| c.weights.clone());
    let collector =
        TopDocs::with_limit(request.limit.max(POOL)).tweak_score(move |segment: &SegmentReader| {
            let column = segment.fast_fields().i64(STANDING).ok();
            let seq = segment.fast_fields().u64(SEQ).ok();
            let body = segment.fast_fields().u64(BODY_HASH).ok();
            let empty = empty_body_hash();
            let has = segments.get(&segment.segment_id()).cloned();
            let weights = weights.clone();
            move |doc: DocId, score: Score| {
                let standing = column.as_ref().map_or(Standing::NotInEffect, |c| {
                    timeline::standing_on(c.values_for_doc(doc), day)
                });
                let has = has
                    .as_ref()
                    .and_then(|h| h.get(doc as usize).copied())
                    .unwrap_or_default();
                // An entry that lacks words of the question scores by the
                // share of their weight it has: lacking a rare word costs
                // more than lacking a common one.
                let share = weights.as_ref().map_or(1.0, |w| Coverage::share(w, has));
                let alone = body.as_ref().and_then(|c| c.first(doc)) == Some(empty);
                let share = if alone { share * HEAD_ALONE } else { share };
                Rank {
                    shown: shown(standing, all),
                    score: score * share,
                    has,
                    earlier: earlier(seq.as_ref(), doc),
                }
            }
        });
    // BM25 weighs the words as the index stood on the date.
    let mut best = published
        .searcher()
        .search_with_statistics_provider(query, &collector, published)?;
    best.retain(|(rank, _)| rank.shown);
    Ok(best)
}

/// `u64::MAX` less a document's place in the order of precedence, so that
/// of two equal scores the earlier ranks higher.
pub(super) fn earlier(seq: Option<&Column<u64>>, doc: DocId) -> u64 {
    u64::MAX - seq.and_then(|c| c.first(doc)).unwrap_or_default()
}

/// The `limit` best documents for `query` by score, the earlier in the
/// order of precedence first between equals.
pub(super) fn best_by_score(
    searcher: &tantivy::Searcher,
    query: &dyn Query,
    limit: usize,
) -> Result<Vec<DocAddress>, TantivyError> {
    let collector = TopDocs::with_limit(limit).tweak_score(|segment: &SegmentReader| {
        let seq = segment.fast_fields().u64(SEQ).ok();
        move |doc: DocId, score: Score| (score, earlier(seq.as_ref(), doc))
    });
    Ok(searcher
        .search(query, &collector)?
        .into_iter()
        .map(|(_, address)| address)
        .collect())
}
