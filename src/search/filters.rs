//! Filters: which entries a search sees (edition, kind, standing on the
//! date), applied while collecting from fast fields, and how many matches
//! each standing hides.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use tantivy::collector::DocSetCollector;
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, TantivyError, Term};

use super::Request;
use crate::index::timeline::{self, Standing};
use crate::index::{Fields, STANDING};

pub(super) fn keyword_filter(field: Field, value: &str) -> (Occur, Box<dyn Query>) {
    let term = Term::from_field_text(field, &value.to_lowercase());
    let query = TermQuery::new(term, IndexRecordOption::Basic);
    (
        Occur::Must,
        Box::new(ConstScoreQuery::new(Box::new(query), 0.0)),
    )
}

pub(super) fn with_filters(
    query: Box<dyn Query>,
    fields: &Fields,
    request: &Request,
) -> Box<dyn Query> {
    let mut filters = Vec::new();
    if let Some(edition) = request.edition {
        filters.push(keyword_filter(fields.edition, edition.label()));
    }
    if let Some(kind) = request.kind {
        filters.push(keyword_filter(fields.kind, kind.label()));
    }
    if let Some(authority) = request.authority {
        filters.push(keyword_filter(fields.authority, authority.label()));
    }
    if filters.is_empty() {
        return query;
    }
    let mut clauses = vec![(Occur::Must, query)];
    clauses.extend(filters);
    Box::new(BooleanQuery::new(clauses))
}

pub(super) fn shown(standing: Standing, all: bool) -> bool {
    match standing {
        // What the TD dropped in is shown, marked undated.
        Standing::Current | Standing::Undated => true,
        Standing::Past => all,
        Standing::NotInEffect => false,
    }
}

/// How many documents match at all, by standing on the date.
pub(super) fn standings(
    searcher: &Searcher,
    query: &dyn Query,
    as_of: NaiveDate,
) -> Result<BTreeMap<Standing, usize>, TantivyError> {
    let day = timeline::day(as_of);
    let mut counts = BTreeMap::new();
    for address in searcher.search(query, &DocSetCollector)? {
        let segment = searcher.segment_reader(address.segment_ord);
        let column = segment.fast_fields().i64(STANDING)?;
        let standing = timeline::standing_on(column.values_for_doc(address.doc_id), day);
        *counts.entry(standing).or_default() += 1;
    }
    Ok(counts)
}
