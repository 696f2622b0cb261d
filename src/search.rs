//! Search: takes a query as a TD types it and an opened [`SearchIndex`],
//! gives the best entries with their status on the date asked and a snippet.
//!
//! - Every word of the query must appear (in the topic, the body or a card
//!   name); when no entry has them all, entries with any of them are ranked
//!   instead. A match in the topic counts more than one in the body.
//!   Punctuation inside a word does not matter (see `index::schema`).
//! - Words are stemmed ("cloaked" finds "cloaking"); `"…"` is a phrase;
//!   `topic:`, `text:`, `card:`, `edition:`, `kind:` and `release:` search
//!   one field. A query that is not valid syntax (an unbalanced quote, a lone
//!   `AND`) is read as its plain words, and the answer says so.
//! - Among several words, a word that no entry has is corrected to the
//!   word of the documents spelled most like it (from an unstemmed
//!   vocabulary), the others kept as typed. When nothing matches even so,
//!   the search is retried allowing a typo in each word, and topics that
//!   look like the query are offered.
//! - The ruling on a topic whose name has two of the words is found even
//!   when it lacks the others; when no entry has every word, entries with
//!   the most words rank first.
//! - What the answer should say about how the query was read is a
//!   [`Note`]: data, worded by the command.
//! - Edition and kind filter; only entries in effect on the as-of date are
//!   seen, and of those only the ones in force (or consolidated) unless all
//!   are asked for. The filtering happens while collecting, from a fast
//!   field, so a search reads only the entries it returns.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::sync::Arc;

use chrono::NaiveDate;
use tantivy::collector::{DocSetCollector, TopDocs};
use tantivy::index::SegmentId;
use tantivy::query::{
    BooleanQuery, ConstScoreQuery, DisjunctionMaxQuery, EnableScoring, Occur, Query, QueryParser,
    TermQuery,
};
use tantivy::query_grammar::{self, Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::{Field, IndexRecordOption, TantivyDocument, Value};
use tantivy::snippet::{collapse_overlapped_ranges, SnippetGenerator};
use tantivy::{
    DocAddress, DocId, DocSet, Score, Searcher, SegmentReader, TantivyError, Term, TERMINATED,
};
use thiserror::Error;

use crate::index::timeline::{self, Period, Standing};
use crate::index::{highlight_analyzer, Fields, SearchIndex, STANDING};
use crate::lookup;
use crate::model::{Edition, EntryKind};
use crate::topic::TopicKey;

/// How much a word in the topic counts against the same word in the body.
const TOPIC_BOOST: Score = 3.0;
/// How much a word in a named card counts.
const CARD_BOOST: Score = 1.5;
/// Typos allowed per word when retrying (a transposition is one).
const TYPOS: u8 = 1;
/// Letters a word must have before a correction may change two of them.
const TWO_TYPOS_FROM: usize = 8;
/// Most words whose coverage is counted (one bit each).
const MOST_WORDS: usize = 64;
/// Characters of body text in a snippet.
const SNIPPET_CHARS: usize = 240;

/// What to search for.
#[derive(Debug, Clone)]
pub struct Request {
    pub query: String,
    pub edition: Option<Edition>,
    pub kind: Option<EntryKind>,
    pub as_of: NaiveDate,
    /// Include superseded and rescinded entries.
    pub all: bool,
    pub limit: usize,
}

/// Something the answer should tell the user about how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// The query was not valid syntax; it was read as these words.
    PlainWords(String),
    /// A word matched nothing in the documents and was read as the word of
    /// the documents spelled most like it (the other words as typed).
    Corrected { typed: String, corrected: String },
    /// No entry has every word: entries with any of them are shown, those
    /// with the most words first.
    AnyWord,
    /// The first entry shown has only some of the words: it lacks these.
    Partial { words: usize, missing: Vec<String> },
    /// Nothing matched as typed: a typo was allowed in each word.
    Typos,
    /// Entries matched that are no longer in force on the date (shown by
    /// `--all`).
    NotInForce(usize),
    /// Entries matched that take effect only after the date.
    NotYetInEffect(usize),
}

/// A stretch of body text with the matched words marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// One line of text ("…" where it is cut).
    pub text: String,
    /// Byte ranges of `text` to highlight.
    pub highlighted: Vec<Range<usize>>,
}

impl Snippet {
    /// The text with every highlighted range passed through `mark`.
    pub fn marked(&self, mark: impl Fn(&str) -> String) -> String {
        let mut out = String::with_capacity(self.text.len() + 8 * self.highlighted.len());
        let mut at = 0;
        for range in &self.highlighted {
            out.push_str(&self.text[at..range.start]);
            out.push_str(&mark(&self.text[range.clone()]));
            at = range.end;
        }
        out.push_str(&self.text[at..]);
        out
    }
}

/// One entry found.
#[derive(Debug)]
pub struct Hit {
    pub score: Score,
    /// Entry id (`release:line`).
    pub id: String,
    pub topic: String,
    pub edition: Edition,
    pub kind: EntryKind,
    /// Its status on the date, with the title of the release the status
    /// names.
    pub period: Period,
    /// Release title and date, section, `file:line`.
    pub citation: String,
    pub snippet: Snippet,
    /// The entry as `rulings export` prints it (JSON).
    pub entry: String,
}

/// The answer to a request.
#[derive(Debug, Default)]
pub struct Answer {
    pub hits: Vec<Hit>,
    pub notes: Vec<Note>,
    /// Topics that look like the query, when nothing matched as typed.
    pub did_you_mean: Vec<String>,
}

#[derive(Debug, Error)]
pub enum SearchError {
    #[error("nothing to search for: the query has no words")]
    NoWords,
    #[error("search failed: {0}")]
    Tantivy(#[from] TantivyError),
    #[error("search index holds an unreadable entry: {0}")]
    Stored(String),
}

impl From<serde_json::Error> for SearchError {
    fn from(e: serde_json::Error) -> Self {
        SearchError::Stored(e.to_string())
    }
}

/// One way of reading the query: as typed or with typos allowed, every
/// word required or any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reading {
    typos: bool,
    any_word: bool,
}

/// A literal the user typed with no field: one of "the words".
fn is_word(ast: &UserInputAst) -> bool {
    matches!(ast, UserInputAst::Leaf(leaf) if matches!(**leaf, UserInputLeaf::Literal(UserInputLiteral { field_name: None, .. })))
}

fn top_level(ast: &UserInputAst) -> Vec<&UserInputAst> {
    match ast {
        UserInputAst::Clause(clauses) => clauses.iter().map(|(_, a)| a).collect(),
        other => vec![other],
    }
}

/// Every literal's text, for "did you mean".
fn literals(ast: &UserInputAst, out: &mut Vec<String>) {
    match ast {
        UserInputAst::Clause(clauses) => clauses.iter().for_each(|(_, a)| literals(a, out)),
        UserInputAst::Boost(inner, _) => literals(inner, out),
        UserInputAst::Leaf(leaf) => {
            if let UserInputLeaf::Literal(literal) = &**leaf {
                out.push(literal.phrase.clone());
            }
        }
    }
}

/// The same query with its words optional (at least one of them must
/// match) and everything else (fields, `+`, `-`) as required as before.
fn any_word(ast: UserInputAst) -> UserInputAst {
    let clauses = match ast {
        UserInputAst::Clause(clauses) => clauses,
        other => return other,
    };
    let (words, rest): (Vec<_>, Vec<_>) = clauses
        .into_iter()
        .partition(|(occur, a)| occur.is_none() && is_word(a));
    let words = UserInputAst::Clause(
        words
            .into_iter()
            .map(|(_, a)| (Some(Occur::Should), a))
            .collect(),
    );
    UserInputAst::Clause(
        std::iter::once((Some(Occur::Must), words))
            .chain(rest)
            .collect(),
    )
}

/// The query's plain words: letters, digits and apostrophes, without the
/// operators `AND`, `OR`, `NOT`.
fn plain_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '’')))
        .map(|w| w.trim_matches(|c| matches!(c, '\'' | '’')))
        .filter(|w| !w.is_empty() && !matches!(*w, "AND" | "OR" | "NOT"))
        .map(str::to_string)
        .collect()
}

fn words_ast(words: &[String]) -> UserInputAst {
    UserInputAst::Clause(
        words
            .iter()
            .map(|w| {
                let literal = UserInputLiteral {
                    field_name: None,
                    phrase: w.clone(),
                    delimiter: Delimiter::None,
                    slop: 0,
                    prefix: false,
                };
                (
                    None,
                    UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal))),
                )
            })
            .collect(),
    )
}

struct Parsers {
    exact: QueryParser,
    typos: QueryParser,
}

impl Parsers {
    fn new(index: &SearchIndex) -> Parsers {
        let f = index.fields();
        let make = |typos: bool| {
            let mut parser = QueryParser::for_index(index.index(), vec![f.topic, f.text, f.card]);
            parser.set_conjunction_by_default();
            parser.set_field_boost(f.topic, TOPIC_BOOST);
            parser.set_field_boost(f.card, CARD_BOOST);
            if typos {
                for field in [f.topic, f.text, f.card] {
                    parser.set_field_fuzzy(field, false, TYPOS, true);
                }
            }
            parser
        };
        Parsers {
            exact: make(false),
            typos: make(true),
        }
    }

    fn query(&self, ast: &UserInputAst, reading: Reading) -> Result<Box<dyn Query>, SearchError> {
        let parser = if reading.typos {
            &self.typos
        } else {
            &self.exact
        };
        let ast = if reading.any_word {
            any_word(ast.clone())
        } else {
            ast.clone()
        };
        parser
            .build_query_from_user_input_ast(ast)
            .map_err(|e| SearchError::Stored(e.to_string()))
    }
}

/// Reads the query: as typed when it is valid, else as its plain words.
fn read_query(
    parsers: &Parsers,
    text: &str,
) -> Result<(UserInputAst, Option<String>), SearchError> {
    if let Ok(ast) = query_grammar::parse_query(text) {
        let mut words = Vec::new();
        literals(&ast, &mut words);
        let builds = parsers
            .exact
            .build_query_from_user_input_ast(ast.clone())
            .is_ok();
        if builds && !words.is_empty() {
            return Ok((ast, None));
        }
    }
    let words = plain_words(text);
    if words.is_empty() {
        return Err(SearchError::NoWords);
    }
    let ast = words_ast(&words);
    let plain = words.join(" ");
    // A query made of plain words alone needs no note.
    let same = text.split_whitespace().collect::<Vec<_>>().join(" ") == plain;
    Ok((ast, (!same).then_some(plain)))
}

/// Where each plain word of the query (no field, no quotes, not excluded)
/// sits among its top-level clauses: the words a correction may change and
/// whose coverage ranks partial matches.
fn plain_word_places(ast: &UserInputAst) -> Vec<usize> {
    let UserInputAst::Clause(clauses) = ast else {
        return if is_word(ast) { vec![0] } else { Vec::new() };
    };
    clauses
        .iter()
        .enumerate()
        .filter(|(_, (occur, a))| {
            !matches!(occur, Some(Occur::MustNot))
                && matches!(a, UserInputAst::Leaf(leaf) if matches!(&**leaf,
                    UserInputLeaf::Literal(l) if l.field_name.is_none() && l.delimiter == Delimiter::None))
        })
        .map(|(i, _)| i)
        .collect()
}

fn literal_at(ast: &mut UserInputAst, place: usize) -> Option<&mut UserInputLiteral> {
    let leaf = match ast {
        UserInputAst::Clause(clauses) => &mut clauses.get_mut(place)?.1,
        other => other,
    };
    match leaf {
        UserInputAst::Leaf(leaf) => match &mut **leaf {
            UserInputLeaf::Literal(literal) => Some(literal),
            _ => None,
        },
        _ => None,
    }
}

/// The tokens of `text` under the analyzer of `field`.
fn analyzed(index: &SearchIndex, field: Field, text: &str) -> Result<Vec<String>, SearchError> {
    let mut analyzer = index.index().tokenizer_for_field(field)?;
    let mut tokens = Vec::new();
    analyzer
        .token_stream(text)
        .process(&mut |token| tokens.push(token.text.clone()));
    Ok(tokens)
}

/// Whether every word of `text` is in a searched field of some entry.
fn in_index(index: &SearchIndex, text: &str) -> Result<bool, SearchError> {
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
fn nearest_word(index: &SearchIndex, typed: &str) -> Result<Option<String>, SearchError> {
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

/// Among several words, each word that matches nothing in the documents is
/// replaced by the word of the documents spelled most like it; the others
/// stay as typed. A lone word is left to the typo-tolerant retry, which
/// also offers topics.
fn corrected(
    index: &SearchIndex,
    mut ast: UserInputAst,
) -> Result<(UserInputAst, Vec<Note>), SearchError> {
    let places = plain_word_places(&ast);
    let mut notes = Vec::new();
    if places.len() < 2 {
        return Ok((ast, notes));
    }
    for place in places {
        let Some(literal) = literal_at(&mut ast, place) else {
            continue;
        };
        if in_index(index, &literal.phrase)? {
            continue;
        }
        if let Some(word) = nearest_word(index, &literal.phrase)? {
            let typed = std::mem::replace(&mut literal.phrase, word.clone());
            notes.push(Note::Corrected {
                typed,
                corrected: word,
            });
        }
    }
    Ok((ast, notes))
}

/// How an entry ranks: shown on the date first, then whether it has more
/// than one of the query's words (or two in its topic: it is on the topic
/// asked about), then by score. An entry with one word of several ranks
/// after every entry with more. Beyond that, a count of words would favour
/// the longest entries (a rulebook section has most words of any question)
/// over the ones that answer: the score, which weighs each word by how rare
/// it is and each entry by its length, decides.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Rank {
    shown: bool,
    several: bool,
    score: Score,
    /// Which words it has, one bit each.
    has: u64,
}

/// Which of the query's words each entry has, per segment.
struct Coverage {
    /// The words, as their bits count.
    words: Vec<String>,
    /// Per segment, per document: the words it has anywhere and in its
    /// topic, one bit each.
    segments: BTreeMap<SegmentId, Arc<Vec<(u64, u64)>>>,
}

impl Coverage {
    /// For a query of several words.
    fn of(
        searcher: &Searcher,
        parsers: &Parsers,
        ast: &UserInputAst,
        reading: Reading,
    ) -> Result<Option<Coverage>, SearchError> {
        let places = plain_word_places(ast);
        if places.len() < 2 {
            return Ok(None);
        }
        let mut words = Vec::new();
        let mut weights = Vec::new();
        for place in places.into_iter().take(MOST_WORDS) {
            let mut word = ast.clone();
            let Some(literal) = literal_at(&mut word, place) else {
                continue;
            };
            let literal = literal.clone();
            words.push(literal.phrase.clone());
            let in_topic = UserInputLiteral {
                field_name: Some("topic".to_string()),
                ..literal.clone()
            };
            let weight = |literal: UserInputLiteral| -> Result<_, SearchError> {
                let leaf = UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal)));
                let query = parsers.query(
                    &leaf,
                    Reading {
                        any_word: false,
                        ..reading
                    },
                )?;
                Ok(query.weight(EnableScoring::disabled_from_searcher(searcher))?)
            };
            weights.push((weight(literal)?, weight(in_topic)?));
        }
        let mut segments = BTreeMap::new();
        for segment in searcher.segment_readers() {
            let mut has = vec![(0u64, 0u64); segment.max_doc() as usize];
            for (bit, (anywhere, topic)) in weights.iter().enumerate() {
                for (weight, topic) in [(anywhere, false), (topic, true)] {
                    let mut scorer = weight.scorer(segment, 1.0)?;
                    let mut doc = scorer.doc();
                    while doc != TERMINATED {
                        let slot = &mut has[doc as usize];
                        if topic {
                            slot.1 |= 1 << bit;
                        } else {
                            slot.0 |= 1 << bit;
                        }
                        doc = scorer.advance();
                    }
                }
            }
            segments.insert(segment.segment_id(), Arc::new(has));
        }
        Ok(Some(Coverage { words, segments }))
    }

    /// The words an entry lacks, given its bits.
    fn missing(&self, has: u64) -> Vec<String> {
        self.words
            .iter()
            .enumerate()
            .filter(|(bit, _)| has & (1 << bit) == 0)
            .map(|(_, w)| w.clone())
            .collect()
    }
}

/// When every word is required, entries whose topic has two of the words
/// or more match too: a TD who adds a word the ruling does not use ("cloak
/// phase same turn") still gets the ruling on cloaking and phasing. Any
/// word will do otherwise, so nothing is to add; with two words, a topic
/// with both has every word.
fn with_rulings_on_topic(
    query: Box<dyn Query>,
    parsers: &Parsers,
    ast: &UserInputAst,
    reading: Reading,
) -> Result<Box<dyn Query>, SearchError> {
    let places = plain_word_places(ast);
    if reading.any_word || places.len() < 3 {
        return Ok(query);
    }
    let mut in_topic = Vec::new();
    for place in places {
        let mut word = ast.clone();
        let Some(literal) = literal_at(&mut word, place) else {
            continue;
        };
        let literal = UserInputLiteral {
            field_name: Some("topic".to_string()),
            ..literal.clone()
        };
        let leaf = UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal)));
        in_topic.push(parsers.query(&leaf, reading)?);
    }
    let on_topic = BooleanQuery::union_with_minimum_required_clauses(in_topic, 2);
    // The other clauses (fields, `+`, `-`) stay as required as typed, and
    // the topic adds nothing to the score: it only lets the entry in.
    let admitted = BooleanQuery::new(vec![
        (
            Occur::Must,
            parsers.query(
                ast,
                Reading {
                    any_word: true,
                    ..reading
                },
            )?,
        ),
        (
            Occur::Must,
            Box::new(ConstScoreQuery::new(Box::new(on_topic), 0.0)),
        ),
    ]);
    // The larger score, not the sum: an entry with every word that is also
    // on the topic scores as before.
    Ok(Box::new(DisjunctionMaxQuery::new(vec![
        query,
        Box::new(admitted),
    ])))
}

fn keyword_filter(field: Field, value: &str) -> (Occur, Box<dyn Query>) {
    let term = Term::from_field_text(field, &value.to_lowercase());
    let query = TermQuery::new(term, IndexRecordOption::Basic);
    (
        Occur::Must,
        Box::new(ConstScoreQuery::new(Box::new(query), 0.0)),
    )
}

fn with_filters(query: Box<dyn Query>, fields: &Fields, request: &Request) -> Box<dyn Query> {
    let mut filters = Vec::new();
    if let Some(edition) = request.edition {
        filters.push(keyword_filter(fields.edition, edition.label()));
    }
    if let Some(kind) = request.kind {
        filters.push(keyword_filter(fields.kind, kind.label()));
    }
    if filters.is_empty() {
        return query;
    }
    let mut clauses = vec![(Occur::Must, query)];
    clauses.extend(filters);
    Box::new(BooleanQuery::new(clauses))
}

fn shown(standing: Standing, all: bool) -> bool {
    match standing {
        Standing::Current => true,
        Standing::Past => all,
        Standing::NotInEffect => false,
    }
}

/// The best `limit` documents that are shown on the date, ranked as
/// [`Rank`] says: the others rank below every shown one while collecting
/// and are dropped.
fn best_shown(
    searcher: &Searcher,
    query: &dyn Query,
    request: &Request,
    coverage: Option<&Coverage>,
) -> Result<Vec<(Rank, DocAddress)>, TantivyError> {
    let day = timeline::day(request.as_of);
    let all = request.all;
    let segments = coverage.map(|c| c.segments.clone()).unwrap_or_default();
    let collector =
        TopDocs::with_limit(request.limit.max(1)).tweak_score(move |segment: &SegmentReader| {
            let column = segment.fast_fields().i64(STANDING).ok();
            let has = segments.get(&segment.segment_id()).cloned();
            move |doc: DocId, score: Score| {
                let standing = column.as_ref().map_or(Standing::NotInEffect, |c| {
                    timeline::standing_on(c.values_for_doc(doc), day)
                });
                let (anywhere, topic) = has
                    .as_ref()
                    .and_then(|h| h.get(doc as usize).copied())
                    .unwrap_or_default();
                let on_topic = topic.count_ones() >= 2;
                Rank {
                    shown: shown(standing, all),
                    several: on_topic || anywhere.count_ones() >= 2,
                    score,
                    has: anywhere,
                }
            }
        });
    let mut best = searcher.search(query, &collector)?;
    best.retain(|(rank, _)| rank.shown);
    Ok(best)
}

/// How many documents match at all, by standing on the date.
fn standings(
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

/// The words of the index to highlight in `field`, weighted as tantivy's
/// snippets weigh them (the rarer, the more): the query's own words, or with
/// typos allowed the index's words within a typo of them (tantivy's snippets
/// see no fuzzy terms).
fn highlighted_terms(
    searcher: &Searcher,
    exact: &dyn Query,
    field: Field,
    typos: bool,
) -> Result<BTreeMap<String, Score>, TantivyError> {
    let mut typed: BTreeSet<String> = BTreeSet::new();
    exact.query_terms(&mut |term, _| {
        if term.field() == field {
            if let Some(text) = term.value().as_str() {
                typed.insert(text.to_string());
            }
        }
    });
    let mut candidates: BTreeSet<String> = BTreeSet::new();
    if typos {
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().stream()?;
            while stream.advance() {
                let Ok(word) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                if typed
                    .iter()
                    .any(|t| strsim::osa_distance(t, word) <= usize::from(TYPOS))
                {
                    candidates.insert(word.to_string());
                }
            }
        }
    } else {
        candidates = typed;
    }
    let mut terms = BTreeMap::new();
    for word in candidates {
        let doc_freq = searcher.doc_freq(&Term::from_field_text(field, &word))?;
        if doc_freq > 0 {
            terms.insert(word, 1.0 / (1.0 + doc_freq as Score));
        }
    }
    Ok(terms)
}

fn snippet_generator(terms: BTreeMap<String, Score>, field: Field) -> SnippetGenerator {
    let initials: Vec<char> = terms.keys().filter_map(|t| t.chars().next()).collect();
    SnippetGenerator::new(terms, highlight_analyzer(initials), field, SNIPPET_CHARS)
}

/// Appends `piece` with every run of whitespace as one space (documents
/// converted from PDF have runs of them, and snippets are one line).
fn push_collapsed(out: &mut String, piece: &str) {
    for c in piece.chars() {
        if c.is_whitespace() {
            if !(out.is_empty() || out.ends_with(' ') || out.ends_with('…')) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
}

/// The start of a text, cut at a word, for an entry matched outside its body.
fn opening(text: &str) -> Snippet {
    let mut flat = String::with_capacity(text.len());
    push_collapsed(&mut flat, text);
    let flat = flat.trim_end();
    if flat.chars().count() <= SNIPPET_CHARS {
        return Snippet {
            text: flat.to_string(),
            highlighted: Vec::new(),
        };
    }
    let cut: String = flat.chars().take(SNIPPET_CHARS).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > SNIPPET_CHARS / 2 => cut[..space].to_string(),
        _ => cut,
    };
    Snippet {
        text: format!("{}…", cut.trim_end()),
        highlighted: Vec::new(),
    }
}

/// The best fragment of `text` for the query, on one line, with words
/// next to each other highlighted as one.
fn snippet(generator: &SnippetGenerator, text: &str) -> Snippet {
    let found = generator.snippet(text);
    if found.highlighted().is_empty() {
        return opening(text);
    }
    let fragment = found.fragment();
    let mut out = Snippet {
        text: String::new(),
        highlighted: Vec::new(),
    };
    let range = found.fragment_range();
    // Cut text is marked "…", unless all that was cut is punctuation.
    let cut = |part: &str| part.chars().any(char::is_alphanumeric);
    if cut(&text[..range.start]) {
        out.text.push('…');
    } else {
        push_collapsed(&mut out.text, &text[..range.start]);
    }
    let mut at = 0;
    // A word with inner punctuation matches as its parts and as the word
    // joined: ranges that overlap are highlighted once.
    for range in collapse_overlapped_ranges(found.highlighted()) {
        push_collapsed(&mut out.text, &fragment[at..range.start]);
        let start = out.text.len();
        push_collapsed(&mut out.text, &fragment[range.clone()]);
        let end = out.text.len();
        match out.highlighted.last_mut() {
            Some(last) if out.text[last.end..start].trim().is_empty() => last.end = end,
            _ => out.highlighted.push(start..end),
        }
        at = range.end;
    }
    push_collapsed(&mut out.text, &fragment[at..]);
    if cut(&text[range.end..]) {
        let kept = out.text.trim_end().len();
        out.text.truncate(kept);
        out.text.push('…');
    } else {
        push_collapsed(&mut out.text, &text[range.end..]);
        let kept = out.text.trim_end().len();
        out.text.truncate(kept);
    }
    out
}

fn stored(doc: &TantivyDocument, field: Field) -> Result<&str, SearchError> {
    doc.get_first(field)
        .and_then(|v| v.as_str())
        .ok_or_else(|| SearchError::Stored("a stored field is missing".to_string()))
}

fn hit(
    searcher: &Searcher,
    fields: &Fields,
    generator: &SnippetGenerator,
    (score, address): (Score, DocAddress),
    as_of: NaiveDate,
) -> Result<Option<Hit>, SearchError> {
    let doc: TantivyDocument = searcher.doc(address)?;
    let Some(period) = timeline::line_on(stored(&doc, fields.periods)?, as_of)? else {
        return Ok(None);
    };
    if period.status.is_none() {
        return Ok(None);
    }
    Ok(Some(Hit {
        score,
        id: stored(&doc, fields.id)?.to_string(),
        topic: stored(&doc, fields.topic)?.to_string(),
        edition: stored(&doc, fields.edition)?
            .parse()
            .map_err(SearchError::Stored)?,
        kind: stored(&doc, fields.kind)?
            .parse()
            .map_err(SearchError::Stored)?,
        period,
        citation: stored(&doc, fields.citation)?.to_string(),
        snippet: snippet(generator, stored(&doc, fields.text)?),
        entry: stored(&doc, fields.entry)?.to_string(),
    }))
}

/// Topics of the index that look like `typed`, as printed.
fn did_you_mean(index: &SearchIndex, typed: &str) -> Result<Vec<String>, SearchError> {
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
        let found = searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?;
        for (_, address) in found {
            let doc: TantivyDocument = searcher.doc(address)?;
            let topic = stored(&doc, fields.topic)?.to_string();
            if !topics.contains(&topic) {
                topics.push(topic);
            }
        }
    }
    Ok(topics)
}

/// Searches the index.
pub fn search(index: &SearchIndex, request: &Request) -> Result<Answer, SearchError> {
    let searcher = index.searcher();
    let fields = index.fields();
    let parsers = Parsers::new(index);
    let (ast, plain) = read_query(&parsers, &request.query)?;
    let mut answer = Answer::default();
    if let Some(words) = plain {
        answer.notes.push(Note::PlainWords(words));
    }
    let (ast, corrections) = corrected(index, ast)?;
    answer.notes.extend(corrections);
    let mut partial = None;
    let several_words = top_level(&ast).into_iter().filter(|a| is_word(a)).count() >= 2;
    let readings = [
        Reading {
            typos: false,
            any_word: false,
        },
        Reading {
            typos: false,
            any_word: true,
        },
        Reading {
            typos: true,
            any_word: false,
        },
        Reading {
            typos: true,
            any_word: true,
        },
    ];
    let mut stopped_at = None;
    for reading in readings
        .into_iter()
        .filter(|r| several_words || !r.any_word)
    {
        let query = parsers.query(&ast, reading)?;
        let query = with_rulings_on_topic(query, &parsers, &ast, reading)?;
        let filtered = with_filters(query.box_clone(), fields, request);
        let coverage = Coverage::of(searcher, &parsers, &ast, reading)?;
        let best = best_shown(searcher, &*filtered, request, coverage.as_ref())?;
        if best.is_empty() {
            // Nothing to show: say what matched but is hidden, or read the
            // query more loosely.
            let counts = standings(searcher, &*filtered, request.as_of)?;
            if counts.is_empty() {
                continue;
            }
            for (standing, count) in counts {
                match standing {
                    Standing::Past => answer.notes.push(Note::NotInForce(count)),
                    Standing::NotInEffect => answer.notes.push(Note::NotYetInEffect(count)),
                    Standing::Current => {}
                }
            }
        } else {
            let exact = parsers.query(
                &ast,
                Reading {
                    typos: false,
                    ..reading
                },
            )?;
            let terms = highlighted_terms(searcher, &*exact, fields.text, reading.typos)?;
            let generator = snippet_generator(terms, fields.text);
            for (rank, address) in best {
                let found = hit(
                    searcher,
                    fields,
                    &generator,
                    (rank.score, address),
                    request.as_of,
                )?;
                if let (Some(coverage), None) = (&coverage, answer.hits.first()) {
                    let missing = coverage.missing(rank.has);
                    if found.is_some() && !missing.is_empty() {
                        partial = Some(Note::Partial {
                            words: coverage.words.len(),
                            missing,
                        });
                    }
                }
                answer.hits.extend(found);
            }
        }
        stopped_at = Some(reading);
        break;
    }
    match stopped_at {
        Some(reading) => {
            if reading.any_word {
                answer.notes.push(Note::AnyWord);
            }
            answer.notes.extend(partial);
            if reading.typos {
                answer.notes.push(Note::Typos);
            }
        }
        None => answer.notes.push(Note::Typos),
    }
    if stopped_at.is_none_or(|r| r.typos) {
        let mut words = Vec::new();
        literals(&ast, &mut words);
        answer.did_you_mean = did_you_mean(index, &words.join(" "))?;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_drop_syntax_and_operators() {
        assert_eq!(plain_words("\"once each turn"), ["once", "each", "turn"]);
        assert_eq!(plain_words("cloak AND"), ["cloak"]);
        assert_eq!(plain_words("O'Brien's (card:"), ["O'Brien's", "card"]);
        assert!(plain_words("AND \"").is_empty());
    }

    #[test]
    fn any_word_keeps_fields_required() {
        let ast = query_grammar::parse_query("edition:2e cloak phase").unwrap();
        let UserInputAst::Clause(clauses) = any_word(ast) else {
            panic!("a clause");
        };
        assert_eq!(clauses.len(), 2);
        assert_eq!(clauses[0].0, Some(Occur::Must));
        let UserInputAst::Clause(words) = &clauses[0].1 else {
            panic!("the words");
        };
        assert!(words.iter().all(|(o, _)| *o == Some(Occur::Should)));
        assert!(!is_word(&clauses[1].1));
    }

    #[test]
    fn only_bare_words_may_be_corrected_or_counted() {
        let ast =
            query_grammar::parse_query("comandeer \"docked ship\" -tribble topic:x +ship").unwrap();
        assert_eq!(plain_word_places(&ast), [0, 4]);
        let ast = query_grammar::parse_query("comandeer").unwrap();
        assert_eq!(plain_word_places(&ast), [0]);
    }

    #[test]
    fn snippets_mark_their_ranges() {
        let s = Snippet {
            text: "once each turn".into(),
            highlighted: vec![0..4, 10..14],
        };
        assert_eq!(s.marked(|w| format!("**{w}**")), "**once** each **turn**");
    }

    #[test]
    fn an_opening_is_cut_at_a_word() {
        let long = "word ".repeat(100);
        let s = opening(&long);
        assert!(s.text.ends_with("word…"), "{}", s.text);
        assert!(s.text.chars().count() <= SNIPPET_CHARS + 1);
    }
}
