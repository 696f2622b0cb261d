//! Search: takes a query as a TD types it and an opened [`SearchIndex`],
//! gives the best entries with their status on the date asked and a snippet.
//!
//! - A query is read for its meaningful words (see `reading`): edition
//!   words ("1e", "second edition") are the edition filter, function words
//!   and words most rulings hold are left out, and every other word is
//!   required: it matches (in the topic, the body or a card name) as typed
//!   or as one of its forms (stemmed, joined with its neighbour or split as
//!   the documents spell it, and for the word being typed, as a prefix). A
//!   match in the topic counts more than one in the body. Punctuation
//!   inside a word does not matter (see `index::schema`).
//! - Words are stemmed ("cloaked" finds "cloaking"); `"…"` is a phrase and
//!   keeps every word; `topic:`, `text:`, `card:`, `edition:`, `kind:` and
//!   `release:` search one field; `+`, `-`, `NOT`, `AND` and `OR` work as
//!   typed (see `syntax`: an exclusion leaves out wherever it stands, `OR`
//!   binds closer than the words beside it), and the answer says first
//!   what was searched and left out. A query that only leaves out is
//!   nothing to search for. A query that is not valid syntax (an
//!   unbalanced quote, a lone `AND`) is read as its plain words, and the
//!   answer says so. A query past the limits of what a TD types (see
//!   `crate::limits`) is refused before it is read.
//! - A required word that no entry has and that is not a word of English
//!   is corrected to the word of the documents spelled most like it. Every
//!   entry with a required word is ranked by BM25 (which weighs each word
//!   by how rare it is, and scores words that stand near each other), scaled
//!   by the share of the required words' weight the entry holds (see
//!   [`Rank`]); the answer says first what the first hit lacks. When
//!   nothing matches, the search is retried allowing a typo in each word,
//!   and topics that look like the query are offered.
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
    BooleanQuery, BoostQuery, ConstScoreQuery, EnableScoring, Occur, Query, QueryParser, TermQuery,
};
use tantivy::query_grammar::{self, Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::{Field, IndexRecordOption, TantivyDocument, Value};
use tantivy::snippet::{collapse_overlapped_ranges, SnippetGenerator};
use tantivy::{
    DocAddress, DocId, DocSet, Score, Searcher, SegmentReader, TantivyError, Term, TERMINATED,
};
use thiserror::Error;

mod reading;
mod regathered;
mod syntax;
pub mod words;

use crate::index::timeline::{self, Period, Standing};
use crate::index::{highlight_analyzer, Fields, SearchIndex, STANDING};
use crate::limits::{self, TooLong};
use crate::lookup;
use crate::model::{Edition, EntryKind};
use crate::topic::TopicKey;
use reading::{Need, Unit, Words};

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
/// How many words apart two words of the question may stand to count as
/// near each other.
const NEAR: u32 = 3;
/// Characters of body text in a snippet.
const SNIPPET_CHARS: usize = 240;
/// How many hits are ranked at least, before the newer word of a gathering
/// release is put above the consolidated ruling it re-says (see
/// `regathered`): as many for a short list as for a long one.
const POOL: usize = 10;

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
    /// The last word is still being typed (as in `ask`): it matches every
    /// word of the documents it begins, too.
    pub typing: bool,
}

/// Something the answer should tell the user about how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// Words of the query named the edition and were read as the filter
    /// (`edition` is None when they named both).
    Edition {
        typed: Vec<String>,
        edition: Option<Edition>,
    },
    /// Words left out: they name no ruling (function words, or words most
    /// rulings hold).
    Skipped(Vec<String>),
    /// The query was not valid syntax; it was read as these words.
    PlainWords(String),
    /// The query used operators (`-`, `NOT`, `OR`, `AND`, `+`, groups):
    /// what was searched for and what was left out, each as query text.
    Searched {
        wanted: Vec<String>,
        excluded: Vec<String>,
    },
    /// A word matched nothing in the documents and was read as the word of
    /// the documents spelled most like it (the other words as typed).
    Corrected { typed: String, corrected: String },
    /// No entry has every meaningful word: entries with any of them are
    /// shown, ranked by how rare the words they have are.
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
    #[error("nothing to search for: the query only leaves out ({}); add the words to look for, as in `cloaking NOT device`", .excluded.join(", "))]
    OnlyExcluded { excluded: Vec<String> },
    #[error(transparent)]
    TooLong(#[from] TooLong),
    #[error("the query cannot be searched: {0}")]
    Query(String),
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
/// required word required or any one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reading {
    typos: bool,
    any_word: bool,
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

/// The query's plain words: letters, digits, and apostrophes and hyphens
/// inside a word ("Q-Flash's"), without the operators `AND`, `OR`, `NOT`.
fn plain_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-')))
        .map(|w| w.trim_matches(|c| matches!(c, '\'' | '’' | '-')))
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

    fn parse(&self, ast: UserInputAst, typos: bool) -> Result<Box<dyn Query>, SearchError> {
        let parser = if typos { &self.typos } else { &self.exact };
        // A query that cannot be built is the query's fault, never the
        // index's: it must not be taken for damage.
        parser
            .build_query_from_user_input_ast(ast)
            .map_err(|e| SearchError::Query(e.to_string()))
    }
}

/// Reads the query: as typed when it is valid, else as its plain words.
fn read_query(
    index: &SearchIndex,
    parsers: &Parsers,
    text: &str,
) -> Result<(UserInputAst, Option<String>), SearchError> {
    // Words the analyzer makes nothing of (`�^2`) are no part of the query:
    // alone in a clause, they would make it a clause of nothing.
    let mut has_words = |literal: &UserInputLiteral| {
        literal.field_name.is_some()
            || analyzed(index, index.fields().text, &literal.phrase)
                .map_or(true, |tokens| !tokens.is_empty())
    };
    let parsed = query_grammar::parse_query(text)
        .ok()
        .filter(|ast| !syntax::asks_existence(ast))
        .and_then(|ast| syntax::pruned(ast, &mut has_words));
    if let Some(ast) = parsed {
        let ast = syntax::normalized(ast);
        let mut words = Vec::new();
        literals(&ast, &mut words);
        if !words.is_empty() && !syntax::wants_something(&ast) {
            let (_, excluded) = syntax::asked(&ast, &[]);
            return Err(SearchError::OnlyExcluded { excluded });
        }
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

/// How an entry ranks: shown on the date first, then by score. The score
/// (BM25) weighs each word by how rare it is and each entry by its length:
/// a count of words would favour the longest entries (a rulebook section
/// has most words of any question) over the ones that answer. An entry
/// that lacks some of the required words has its score scaled by the share
/// of their weight (IDF) it holds.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Rank {
    shown: bool,
    score: Score,
    /// Which required words it has, one bit each.
    has: u64,
}

/// Which of the query's required words each entry has, per segment.
struct Coverage {
    /// The words as typed, as their bits count.
    words: Vec<String>,
    /// Per segment, per document: the words it has, one bit each.
    segments: BTreeMap<SegmentId, Arc<Vec<u64>>>,
    /// How much each word says (its inverse document frequency, as BM25
    /// weighs it), by bit.
    weights: Arc<Vec<Score>>,
}

impl Coverage {
    /// For a query of several required words, each with its query.
    fn of(
        searcher: &Searcher,
        units: Vec<(String, Box<dyn Query>)>,
    ) -> Result<Option<Coverage>, SearchError> {
        if units.len() < 2 {
            return Ok(None);
        }
        let mut words = Vec::new();
        let mut weights = Vec::new();
        for (typed, query) in units.into_iter().take(MOST_WORDS) {
            words.push(typed);
            weights.push(query.weight(EnableScoring::disabled_from_searcher(searcher))?);
        }
        let mut segments = BTreeMap::new();
        let mut holding = vec![0u64; weights.len()];
        for segment in searcher.segment_readers() {
            let mut has = vec![0u64; segment.max_doc() as usize];
            for (bit, weight) in weights.iter().enumerate() {
                let mut scorer = weight.scorer(segment, 1.0)?;
                let mut doc = scorer.doc();
                while doc != TERMINATED {
                    has[doc as usize] |= 1 << bit;
                    holding[bit] += 1;
                    doc = scorer.advance();
                }
            }
            segments.insert(segment.segment_id(), Arc::new(has));
        }
        let entries = searcher.num_docs() as f64;
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
        }))
    }

    /// The share of the words' weight that an entry with these bits has.
    fn share(weights: &[Score], has: u64) -> Score {
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
    fn missing(&self, has: u64) -> Vec<String> {
        self.words
            .iter()
            .enumerate()
            .filter(|(bit, _)| has & (1 << bit) == 0)
            .map(|(_, w)| w.clone())
            .collect()
    }
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
    let weights = coverage.map(|c| c.weights.clone());
    let collector =
        TopDocs::with_limit(request.limit.max(POOL)).tweak_score(move |segment: &SegmentReader| {
            let column = segment.fast_fields().i64(STANDING).ok();
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
                Rank {
                    shown: shown(standing, all),
                    score: score * share,
                    has,
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

/// Words of the documents that begin with `prefix` (folded, unstemmed),
/// the most used first, as a query over the searched fields with their
/// boosts: the word being typed matches what it will become.
fn prefixed(index: &SearchIndex, prefix: &str) -> Result<Option<Box<dyn Query>>, SearchError> {
    let f = index.fields();
    let uses = reading::spelled_beginning(index, prefix)?;
    let mut words: Vec<(String, u64)> = uses.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut stems = BTreeSet::new();
    for (word, _) in words.into_iter().take(reading::MOST_PREFIXED) {
        stems.extend(analyzed(index, f.text, &word)?);
    }
    let mut alternatives: Vec<Box<dyn Query>> = Vec::new();
    for stem in &stems {
        for (field, boost) in [(f.topic, TOPIC_BOOST), (f.text, 1.0), (f.card, CARD_BOOST)] {
            let term = TermQuery::new(
                Term::from_field_text(field, stem),
                IndexRecordOption::WithFreqs,
            );
            alternatives.push(Box::new(BoostQuery::new(Box::new(term), boost)));
        }
    }
    Ok((!alternatives.is_empty())
        .then(|| Box::new(BooleanQuery::union(alternatives)) as Box<dyn Query>))
}

fn leaf(literal: UserInputLiteral) -> UserInputAst {
    UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal)))
}

/// A unit of the query as a query: any of its forms.
fn unit_query(
    index: &SearchIndex,
    parsers: &Parsers,
    unit: &Unit,
    typos: bool,
) -> Result<Box<dyn Query>, SearchError> {
    let mut alternatives = Vec::with_capacity(unit.forms.len() + 1);
    for form in &unit.forms {
        alternatives.push(parsers.parse(leaf(form.clone()), typos)?);
    }
    if let Some(prefix) = &unit.prefix {
        alternatives.extend(prefixed(index, prefix)?);
    }
    Ok(match alternatives.len() {
        1 => alternatives.pop().expect("one"),
        _ => Box::new(BooleanQuery::union(alternatives)),
    })
}

/// The query read as it was worded: its words (see `reading`) and the rest
/// of its clauses (fields, phrases, `+`, `-`) as typed.
struct Reader<'a> {
    index: &'a SearchIndex,
    parsers: Parsers,
    ast: UserInputAst,
    words: Words,
    /// Places of the words among the top-level clauses.
    places: Vec<usize>,
    /// Every word of the question, function words too, as topic keys
    /// write them.
    question: Vec<String>,
}

/// Clauses of a boolean query: how each must occur, and the query.
type Clauses = Vec<(Occur, Box<dyn Query>)>;

impl Reader<'_> {
    /// The other clauses, with how each must occur.
    fn others(&self, typos: bool) -> Result<Clauses, SearchError> {
        let clauses: Vec<(Option<Occur>, UserInputAst)> = match &self.ast {
            UserInputAst::Clause(clauses) => clauses.clone(),
            other => vec![(None, other.clone())],
        };
        let mut out = Vec::new();
        for (place, (occur, ast)) in clauses.into_iter().enumerate() {
            if self.places.contains(&place) {
                continue;
            }
            let occur = occur.unwrap_or(Occur::Must);
            out.push((occur, self.parsers.parse(ast, typos)?));
        }
        Ok(out)
    }

    fn query(&self, reading: Reading) -> Result<Box<dyn Query>, SearchError> {
        if self.places.is_empty() {
            return self.parsers.parse(self.ast.clone(), reading.typos);
        }
        let mut clauses = self.others(reading.typos)?;
        let mut required = Vec::new();
        for unit in &self.words.units {
            let query = unit_query(self.index, &self.parsers, unit, reading.typos)?;
            match unit.need {
                Need::Required => required.push(query),
                Need::Optional => clauses.push((Occur::Should, query)),
            }
        }
        // Words of the question that stand near each other in a ruling
        // score it more: "mission points" near each other, not apart.
        for pair in self.words.units.windows(2) {
            if pair
                .iter()
                .all(|u| u.forms.len() == 1 && u.prefix.is_none())
            {
                let near = UserInputLiteral {
                    field_name: None,
                    phrase: format!("{} {}", pair[0].forms[0].phrase, pair[1].forms[0].phrase),
                    delimiter: Delimiter::DoubleQuotes,
                    slop: NEAR,
                    prefix: false,
                };
                clauses.push((Occur::Should, self.parsers.parse(leaf(near), false)?));
            }
        }
        if reading.any_word {
            clauses.push((Occur::Must, Box::new(BooleanQuery::union(required))));
        } else {
            clauses.extend(required.into_iter().map(|q| (Occur::Must, q)));
        }
        Ok(Box::new(BooleanQuery::new(clauses)))
    }

    /// The hits in the order to show them: see `regathered`.
    fn regathered(&self, hits: Vec<(Rank, Hit)>) -> Result<Vec<(Rank, Hit)>, SearchError> {
        let units: Vec<&Unit> = self.words.required().take(MOST_WORDS).collect();
        let mut ranked = Vec::with_capacity(hits.len());
        for (rank, hit) in &hits {
            let entry: serde_json::Value = serde_json::from_str(&hit.entry)?;
            let body = entry
                .get("text")
                .and_then(|t| t.as_str())
                .unwrap_or_default();
            ranked.push(regathered::Ranked {
                has: rank.has,
                status: hit.period.status.as_ref(),
                release: hit.id.split_once(':').map_or(hit.id.as_str(), |(r, _)| r),
                edition: hit.edition,
                text: format!("{}\n{body}", hit.topic),
                named: regathered::names(&self.question, &hit.topic),
            });
        }
        let order = regathered::order(self.index, self.index.fields().text, &units, &ranked)?;
        let mut slots: Vec<Option<(Rank, Hit)>> = hits.into_iter().map(Some).collect();
        Ok(order.into_iter().filter_map(|k| slots[k].take()).collect())
    }

    /// Which required words each entry has.
    ///
    /// A word typed as one word of letters is had in the forms of it that
    /// the documents spell (see `reading::forms_in_documents`), not in
    /// every word that shares its stem: a ruling on commandeering does not
    /// have "commander". Other words (phrases, joined, prefixes, typos) are
    /// had as they match.
    fn coverage(&self, searcher: &Searcher, typos: bool) -> Result<Option<Coverage>, SearchError> {
        let spelled = self.index.fields().spelled;
        let mut units = Vec::new();
        for unit in self.words.required() {
            let forms = match unit.forms.as_slice() {
                [only] if !typos && unit.prefix.is_none() => {
                    reading::forms_in_documents(self.index, &only.phrase)?
                }
                _ => Vec::new(),
            };
            let query: Box<dyn Query> = if forms.is_empty() {
                unit_query(self.index, &self.parsers, unit, typos)?
            } else {
                Box::new(BooleanQuery::union(
                    forms
                        .iter()
                        .map(|form| {
                            Box::new(TermQuery::new(
                                Term::from_field_text(spelled, form),
                                IndexRecordOption::Basic,
                            )) as Box<dyn Query>
                        })
                        .collect(),
                ))
            };
            units.push((unit.typed.clone(), query));
        }
        Coverage::of(searcher, units)
    }
}

/// Searches the index.
pub fn search(index: &SearchIndex, request: &Request) -> Result<Answer, SearchError> {
    limits::check(limits::Typed::Query, &request.query)?;
    let searcher = index.searcher();
    let fields = index.fields();
    let mut answer = Answer::default();
    let (text, edition_words) = words::take_edition(&request.query);
    let mut request = request.clone();
    if let Some(named) = edition_words {
        if request.edition.is_none() {
            request.edition = named.edition;
        }
        answer.notes.push(Note::Edition {
            typed: named.typed,
            edition: named.edition,
        });
    }
    let request = &request;
    let parsers = Parsers::new(index);
    let (ast, plain) = read_query(index, &parsers, &text)?;
    let as_plain_words = plain.is_some();
    if let Some(words) = plain {
        answer.notes.push(Note::PlainWords(words));
    }
    let plain = reading::plain_words(&ast);
    let places: Vec<usize> = plain.iter().map(|(place, _)| *place).collect();
    let typed: Vec<String> = plain.into_iter().map(|(_, word)| word).collect();
    let typing = request.typing && !request.query.ends_with(char::is_whitespace);
    let words = reading::read(index, &typed, typing)?;
    // What a query with operators was read as comes first: the words
    // searched (as read), the rest of the query, and what is left out.
    let searched = (!as_plain_words && syntax::has_operators(&ast)).then(|| {
        let (rest, excluded) = syntax::asked(&ast, &places);
        let mut wanted: Vec<String> = words.units.iter().map(|u| u.typed.clone()).collect();
        wanted.extend(rest);
        Note::Searched { wanted, excluded }
    });
    if !words.skipped.is_empty() {
        answer.notes.push(Note::Skipped(words.skipped.clone()));
    }
    answer.notes.extend(words.notes.iter().cloned());
    let reader = Reader {
        index,
        parsers,
        ast,
        words,
        places,
        question: plain_words(&text)
            .iter()
            .map(|w| crate::topic::normalize(w))
            .filter(|w| !w.is_empty())
            .collect(),
    };
    let mut partial = None;
    // Every entry with any required word is ranked (see `Rank`); typos
    // are allowed only when nothing matches as typed.
    let readings = [false, true].map(|typos| Reading {
        typos,
        any_word: true,
    });
    let mut stopped_at = None;
    let mut hidden: Option<(Reading, BTreeMap<Standing, usize>)> = None;
    for reading in readings {
        if reading.typos && hidden.is_some() {
            break;
        }
        let query = reader.query(reading)?;
        let filtered = with_filters(query.box_clone(), fields, request);
        let coverage = reader.coverage(searcher, reading.typos)?;
        let best = best_shown(searcher, &*filtered, request, coverage.as_ref())?;
        if best.is_empty() {
            // Nothing to show: say what matched but is hidden on the date,
            // and read the query more loosely (a ruling in force then may
            // lack a word of one that came later), though not with typos:
            // the words as typed are in the documents.
            let counts = standings(searcher, &*filtered, request.as_of)?;
            if hidden.is_none() && !counts.is_empty() {
                hidden = Some((reading, counts));
            }
            continue;
        } else {
            let exact = reader.query(Reading {
                typos: false,
                ..reading
            })?;
            let terms = highlighted_terms(searcher, &*exact, fields.text, reading.typos)?;
            let generator = snippet_generator(terms, fields.text);
            let mut found = Vec::with_capacity(best.len());
            for (rank, address) in best {
                let one = hit(
                    searcher,
                    fields,
                    &generator,
                    (rank.score, address),
                    request.as_of,
                )?;
                found.extend(one.map(|hit| (rank, hit)));
            }
            let found = reader.regathered(found)?;
            if let (Some(coverage), Some((rank, _))) = (&coverage, found.first()) {
                let missing = coverage.missing(rank.has);
                if !missing.is_empty() {
                    partial = Some(Note::Partial {
                        words: coverage.words.len(),
                        missing,
                    });
                }
            }
            answer.hits = found
                .into_iter()
                .map(|(_, hit)| hit)
                .take(request.limit)
                .collect();
        }
        stopped_at = Some(reading);
        break;
    }
    if let Some((reading, counts)) = hidden {
        stopped_at = stopped_at.or(Some(reading));
        for (standing, count) in counts {
            match standing {
                Standing::Past => answer.notes.push(Note::NotInForce(count)),
                Standing::NotInEffect => answer.notes.push(Note::NotYetInEffect(count)),
                Standing::Current => {}
            }
        }
    }
    match stopped_at {
        Some(reading) => {
            // Entries that lack words may rank above one that has them all;
            // when none has them all, that is said too.
            if partial.is_some() {
                let every = reader.query(Reading {
                    any_word: false,
                    ..reading
                })?;
                let every = with_filters(every, fields, request);
                let shown_with_every = best_shown(searcher, &*every, request, None)?;
                if shown_with_every.is_empty() {
                    answer.notes.push(Note::AnyWord);
                }
            }
            if reading.typos {
                answer.notes.push(Note::Typos);
            }
            // What the first hit lacks comes before every other note.
            if let Some(partial) = partial {
                answer.notes.insert(0, partial);
            }
        }
        None => answer.notes.push(Note::Typos),
    }
    if let Some(searched) = searched {
        answer.notes.insert(0, searched);
    }
    if stopped_at.is_none_or(|r| r.typos) {
        let words: Vec<&str> = reader
            .words
            .units
            .iter()
            .map(|u| u.typed.as_str())
            .collect();
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
        assert_eq!(plain_words("-Q-Flash's' effect"), ["Q-Flash's", "effect"]);
    }

    #[test]
    fn only_bare_words_are_read_as_words() {
        let ast =
            query_grammar::parse_query("comandeer \"docked ship\" -tribble topic:x +ship").unwrap();
        assert_eq!(reading::plain_words(&ast), [(0, "comandeer".to_string())]);
        let ast = query_grammar::parse_query("comandeer").unwrap();
        assert_eq!(reading::plain_words(&ast), [(0, "comandeer".to_string())]);
        // A query with OR says itself how its words combine.
        let ast = query_grammar::parse_query("cloak OR phase").unwrap();
        assert!(reading::plain_words(&ast).is_empty());
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
