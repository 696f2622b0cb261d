//! The index as it stood on a date, for ranking: takes a searcher and the
//! search's date; gives the word statistics (how many entries, how many
//! hold a word, how long they are) of the entries dated by then.
//!
//! An answer as of a date is the answer a TD would have had then: an
//! entry dated later is never shown, and must not weigh in the ranking
//! either (a word a later release uses everywhere would make an older
//! ruling with it rank lower). When nothing is dated after the day, the
//! statistics are the searcher's own, so today's ranking is unchanged.

use std::cell::RefCell;
use std::collections::HashMap;

use chrono::NaiveDate;
use tantivy::query::Bm25StatisticsProvider;
use tantivy::schema::{Field, IndexRecordOption, TantivyDocument, Value};
use tantivy::{
    DocAddress, DocId, DocSet, Searcher, SegmentOrdinal, TantivyError, Term, TERMINATED,
};

use crate::index::{class, Role, CLASS};
use crate::model::Edition;

/// The name of the entries' date field (see `index::schema`).
const DATE: &str = "date";
/// The field holding a release document's release, as JSON.
const RELEASE_INFO: &str = "release_info";

/// The entries dated after the search's date, per segment, and the word
/// statistics without them.
pub(super) struct Published<'s> {
    searcher: &'s Searcher,
    /// `later[segment][doc]`: dated after the day. Empty when none is.
    later: Vec<Vec<bool>>,
    /// How many documents are dated after the day.
    later_count: u64,
    doc_freqs: RefCell<HashMap<Term, u64>>,
    tokens: RefCell<HashMap<Field, u64>>,
}

impl<'s> Published<'s> {
    /// The index as it stood on `as_of`.
    pub(super) fn on(searcher: &'s Searcher, as_of: NaiveDate) -> Result<Self, TantivyError> {
        let day = crate::index::day_time(as_of);
        let mut later = Vec::new();
        let mut later_count = 0;
        for segment in searcher.segment_readers() {
            let column = segment.fast_fields().date(DATE)?;
            let flags: Vec<bool> = (0..segment.max_doc())
                .map(|doc| column.values_for_doc(doc).any(|date| date > day))
                .collect();
            later_count += flags.iter().filter(|&&f| f).count() as u64;
            later.push(flags);
        }
        if later_count == 0 {
            // A release has entries dated by its own date: with none
            // dated later, no release is later either.
            later.clear();
        } else {
            later_count += later_releases(searcher, as_of, &mut later)?;
        }
        Ok(Published {
            searcher,
            later,
            later_count,
            doc_freqs: RefCell::default(),
            tokens: RefCell::default(),
        })
    }

    /// The searcher the statistics are taken from.
    pub(super) fn searcher(&self) -> &'s Searcher {
        self.searcher
    }

    /// Whether a document of a segment is dated after the day.
    pub(super) fn is_later(&self, segment: SegmentOrdinal, doc: DocId) -> bool {
        self.later
            .get(segment as usize)
            .and_then(|flags| flags.get(doc as usize))
            .copied()
            .unwrap_or(false)
    }

    /// How many documents the index held on the day.
    pub(super) fn num_docs(&self) -> u64 {
        self.searcher.num_docs().saturating_sub(self.later_count)
    }

    /// How many documents dated by the day hold `term`.
    pub(super) fn doc_freq(&self, term: &Term) -> Result<u64, TantivyError> {
        let all = self.searcher.doc_freq(term)?;
        if self.later.is_empty() {
            return Ok(all);
        }
        if let Some(&n) = self.doc_freqs.borrow().get(term) {
            return Ok(n);
        }
        let mut later = 0;
        for (ordinal, segment) in self.searcher.segment_readers().iter().enumerate() {
            let index = segment.inverted_index(term.field())?;
            let Some(mut postings) = index.read_postings(term, IndexRecordOption::Basic)? else {
                continue;
            };
            let mut doc = postings.doc();
            while doc != TERMINATED {
                later += u64::from(self.is_later(ordinal as SegmentOrdinal, doc));
                doc = postings.advance();
            }
        }
        let n = all.saturating_sub(later);
        self.doc_freqs.borrow_mut().insert(term.clone(), n);
        Ok(n)
    }
}

/// Marks the release documents (they have no date of their own, only the
/// release's, stored with it) of releases dated after `as_of`; gives how
/// many there are.
fn later_releases(
    searcher: &Searcher,
    as_of: NaiveDate,
    later: &mut [Vec<bool>],
) -> Result<u64, TantivyError> {
    let info = searcher.schema().get_field(RELEASE_INFO)?;
    let releases: Vec<u64> = [None, Some(Edition::First), Some(Edition::Second)]
        .into_iter()
        .map(|edition| class(edition, Role::Release))
        .collect();
    let mut count = 0;
    for (ordinal, segment) in searcher.segment_readers().iter().enumerate() {
        let class = segment.fast_fields().u64(CLASS)?;
        for doc in 0..segment.max_doc() {
            if !class.values_for_doc(doc).any(|c| releases.contains(&c)) {
                continue;
            }
            let stored: TantivyDocument =
                searcher.doc(DocAddress::new(ordinal as SegmentOrdinal, doc))?;
            let date = stored
                .get_first(info)
                .and_then(|v| v.as_str())
                .and_then(|json| serde_json::from_str::<serde_json::Value>(json).ok())
                .and_then(|v| v["date"].as_str().and_then(|d| d.parse::<NaiveDate>().ok()));
            if date.is_some_and(|date| date > as_of) {
                later[ordinal][doc as usize] = true;
                count += 1;
            }
        }
    }
    Ok(count)
}

impl Bm25StatisticsProvider for Published<'_> {
    fn total_num_tokens(&self, field: Field) -> tantivy::Result<u64> {
        let all = Bm25StatisticsProvider::total_num_tokens(self.searcher, field)?;
        if self.later.is_empty() {
            return Ok(all);
        }
        if let Some(&n) = self.tokens.borrow().get(&field) {
            return Ok(n);
        }
        let mut later = 0u64;
        for (segment, flags) in self.searcher.segment_readers().iter().zip(&self.later) {
            let norms = segment.get_fieldnorms_reader(field)?;
            for (doc, _) in flags.iter().enumerate().filter(|(_, &f)| f) {
                later += u64::from(norms.fieldnorm(doc as DocId));
            }
        }
        let n = all.saturating_sub(later);
        self.tokens.borrow_mut().insert(field, n);
        Ok(n)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        let all = Bm25StatisticsProvider::total_num_docs(self.searcher)?;
        Ok(all.saturating_sub(self.later_count))
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        Published::doc_freq(self, term)
    }
}
