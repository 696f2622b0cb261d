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
//!   `rank`); the answer says first what the first hit lacks. When
//!   nothing matches, the search is retried allowing a typo in each word,
//!   and topics that look like the query are offered.
//! - What the answer should say about how the query was read is a
//!   [`Note`]: data, worded by the command.
//! - Edition and kind filter; only entries in effect on the as-of date are
//!   seen, and of those only the ones in force (or consolidated) unless all
//!   are asked for. The filtering happens while collecting, from a fast
//!   field, so a search reads only the entries it returns.
//!
//! Where each part lives: `reading` and `words` read the question's words,
//! `syntax` its operators, `query` builds what tantivy runs, `correct`
//! corrects and suggests, `filters` and `rank` choose and order the hits,
//! `regathered` puts a gathering release's own word above the consolidated
//! ruling it re-says, `in_names` finds a word the first hit has only in a
//! name or in quoted card text, `together` whether it has the words only
//! apart, `thesaurus` lists the documents' words for what people call
//! otherwise and the kinds of what they name, and `snippets` cuts what is
//! shown of each.

use std::collections::BTreeMap;
use std::ops::Range;

use chrono::NaiveDate;
use tantivy::schema::{Field, TantivyDocument, Value};
use tantivy::snippet::SnippetGenerator;
use tantivy::{DocAddress, Score, Searcher, TantivyError};
use thiserror::Error;

mod correct;
mod filters;
mod in_names;
mod paragraphs;
mod published;
mod query;
mod rank;
mod reading;
mod redirects;
mod regathered;
mod snippets;
mod syntax;
mod thesaurus;
mod together;
pub mod words;

use crate::index::timeline::{self, Period, Standing};
use crate::index::{Fields, SearchIndex, Unreadable};
use crate::limits::{self, TooLong};
use crate::model::{Authority, Edition, Entry, EntryKind};
use correct::did_you_mean;
use filters::{standings, with_filters};
use published::Published;
use query::{plain_words, read_query, Parsers, Reader, Reading};
use rank::best_shown;
use snippets::{highlighted_terms, snippet, snippet_generator};

/// Most words of a question whose coverage is counted (one bit each).
pub(crate) const MOST_WORDS: usize = 64;
/// How many words apart two words of the question may stand to count as
/// near each other.
pub(crate) const NEAR: u32 = 3;

/// How near the second hit's score may come to the first's for the two to
/// count as answering the words alike (see [`Note::Close`]): a twentieth.
pub const CLOSE: Score = 0.05;

/// What to search for.
#[derive(Debug, Clone)]
pub struct Request {
    pub query: String,
    pub edition: Option<Edition>,
    pub kind: Option<EntryKind>,
    /// Only the game's rulings, or only the tournament's.
    pub authority: Option<Authority>,
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
    /// A word was read also as the words of a name it abbreviates ("ds9":
    /// "deep space 9"), each searched as a phrase beside the word, or as
    /// the words it shortens ("opp": "opponent", the most used named).
    SpelledOut { typed: String, phrases: Vec<String> },
    /// No entry has every meaningful word: entries with any of them are
    /// shown, ranked by how rare the words they have are.
    AnyWord,
    /// The first entry shown has only some of the words: it lacks these.
    /// `in_names` are the names it holds some of them in, and only there;
    /// `in_quotes`, that it holds them only in game text it quotes (see
    /// `in_names`).
    Partial {
        words: usize,
        missing: Vec<String>,
        in_names: Vec<String>,
        in_quotes: bool,
    },
    /// The first entry shown has every word, and the next, on another topic,
    /// scores within [`CLOSE`] of it: the words fit both about as well, and
    /// neither is the answer the ranking can vouch for.
    Close { topic: String, edition: Edition },
    /// The first entry shown has every word, but it is about none of them
    /// (its topic, a name the question names) and no paragraph of it holds
    /// them all: it has them apart, by coincidence more than as an answer
    /// (see `together`).
    Apart { words: Vec<String> },
    /// A word was read also as the documents' word for what it means
    /// ("woman": "female"; see `thesaurus`).
    Synonyms { typed: String, words: Vec<String> },
    /// A word was read also as the kind it is one of ("klingon": an
    /// "affiliation"; see `thesaurus`).
    Kind { typed: String, kinds: Vec<String> },
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
    /// The entry, as `rulings export` prints it.
    pub entry: Entry,
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
    Query(#[source] tantivy::query::QueryParserError),
    #[error("search failed: {0}")]
    Tantivy(#[from] TantivyError),
    #[error("search index holds an unreadable entry: {0}")]
    Stored(#[from] Unreadable),
}

impl From<serde_json::Error> for SearchError {
    fn from(e: serde_json::Error) -> Self {
        SearchError::Stored(e.into())
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

fn stored(doc: &TantivyDocument, field: Field) -> Result<&str, SearchError> {
    doc.get_first(field)
        .and_then(|v| v.as_str())
        .ok_or(SearchError::Stored(Unreadable::Missing))
}

fn hit(
    searcher: &Searcher,
    fields: &Fields,
    generator: &SnippetGenerator,
    (score, address): (Score, DocAddress),
    as_of: NaiveDate,
) -> Result<Option<Hit>, SearchError> {
    let doc: TantivyDocument = searcher.doc(address)?;
    let Some(period) =
        timeline::line_on(stored(&doc, fields.periods)?, as_of).map_err(Unreadable::from)?
    else {
        return Ok(None);
    };
    Ok(Some(Hit {
        score,
        id: stored(&doc, fields.id)?.to_string(),
        topic: stored(&doc, fields.topic)?.to_string(),
        edition: stored(&doc, fields.edition)?
            .parse()
            .map_err(Unreadable::Name)?,
        kind: stored(&doc, fields.kind)?
            .parse()
            .map_err(Unreadable::Name)?,
        period,
        citation: stored(&doc, fields.citation)?.to_string(),
        snippet: snippet(generator, stored(&doc, fields.text)?),
        entry: serde_json::from_str(stored(&doc, fields.entry)?)?,
    }))
}

/// The hit after the first, on another topic, when it scores within
/// [`CLOSE`] of the first. A hit put first by a rule rather than its score
/// (the newer word of a gathering release above the consolidated ruling it
/// re-says, a redirect's target above the redirect) stands in for the hit
/// it was put above: that one's score is the first's, and the rival is the
/// hit after both.
fn close_second(found: &[(rank::Rank, Hit)]) -> Option<Note> {
    let [(_, first), (_, second), rest @ ..] = found else {
        return None;
    };
    let same = |a: &Hit, b: &Hit| {
        a.edition == b.edition
            && crate::topic::normalize(&a.topic) == crate::topic::normalize(&b.topic)
    };
    let (lead, rival) = match rest.first() {
        Some((_, third)) if second.score > first.score && !same(second, third) => {
            (second.score, third)
        }
        _ => (first.score, second),
    };
    if same(first, rival) {
        return None;
    }
    let near = rival.score <= lead && rival.score >= lead * (1.0 - CLOSE);
    near.then(|| Note::Close {
        topic: rival.topic.clone(),
        edition: rival.edition,
    })
}

/// Searches the index: the query read (its edition words, its plain words
/// and what each may also match as), then ranked by each reading in turn
/// until one shows a ruling, then the notes that say how.
pub fn search(index: &SearchIndex, request: &Request) -> Result<Answer, SearchError> {
    limits::check(limits::Typed::Query, &request.query)?;
    let published = Published::on(index.searcher(), request.as_of)?;
    let mut answer = Answer::default();
    let (text, request) = edition_read(request, &mut answer.notes);
    let request = &request;
    let (reader, searched) = reader(index, request, &text, &mut answer.notes)?;
    let mut shown = None;
    let mut hidden: Option<(Reading, BTreeMap<Standing, usize>)> = None;
    for reading in readings(&reader) {
        if reading.typos && hidden.is_some() {
            break;
        }
        match ranked(&reader, &published, request, reading)? {
            Ranked::Shown(found) => {
                shown = Some((reading, found));
                break;
            }
            // Nothing to show: say what matched but is hidden on the date,
            // and read the query more loosely (a ruling in force then may
            // lack a word of one that came later), though not with typos:
            // the words as typed are in the documents.
            Ranked::Hidden(counts) => {
                if hidden.is_none() && !counts.is_empty() {
                    hidden = Some((reading, counts));
                }
            }
        }
    }
    let stopped_at = shown.as_ref().map(|(reading, _)| *reading);
    let stopped_at = stopped_at.or(hidden.as_ref().map(|(reading, _)| *reading));
    if let Some((_, counts)) = hidden {
        for (standing, count) in counts {
            match standing {
                Standing::Past => answer.notes.push(Note::NotInForce(count)),
                Standing::NotInEffect => answer.notes.push(Note::NotYetInEffect(count)),
                Standing::Current | Standing::Undated => {}
            }
        }
    }
    let found = shown.map(|(_, found)| found).unwrap_or_default();
    match stopped_at {
        Some(reading) => {
            // Entries that lack words may rank above one that has them all;
            // when none has them all, that is said too.
            // With a quoted phrase deciding the hits, the words only rank
            // them: the partial note says what the first lacks.
            if found.partial.is_some() && found.none_has_every == Some(true) && !reading.words_rank
            {
                answer.notes.push(Note::AnyWord);
            }
            if reading.typos {
                answer.notes.push(Note::Typos);
            }
            // What the first hit lacks comes before every other note; for a
            // first hit with every word, a rival as good, or else that it
            // holds them only apart.
            if let Some(first) = found.partial.or(found.close).or(found.apart) {
                answer.notes.insert(0, first);
            }
        }
        None => answer.notes.push(Note::Typos),
    }
    answer.hits = found.hits;
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

/// The query without the words that name the edition, and the request
/// narrowed to it (an edition asked otherwise wins), with a note.
fn edition_read(request: &Request, notes: &mut Vec<Note>) -> (String, Request) {
    let (text, edition_words) = words::take_edition(&request.query);
    let mut request = request.clone();
    if let Some(named) = edition_words {
        if request.edition.is_none() {
            request.edition = named.edition;
        }
        notes.push(Note::Edition {
            typed: named.typed,
            edition: named.edition,
        });
    }
    (text, request)
}

/// The query read: its syntax, its plain words and what each is; with the
/// notes on how, and what a query with operators was read as.
fn reader<'a>(
    index: &'a SearchIndex,
    request: &Request,
    text: &str,
    notes: &mut Vec<Note>,
) -> Result<(Reader<'a>, Option<Note>), SearchError> {
    let parsers = Parsers::new(index);
    let (ast, plain) = read_query(index, &parsers, text)?;
    let as_plain_words = plain.is_some();
    if let Some(words) = plain {
        notes.push(Note::PlainWords(words));
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
        notes.push(Note::Skipped(words.skipped.clone()));
    }
    notes.extend(words.notes.iter().cloned());
    let reader = Reader {
        index,
        parsers,
        ast,
        words,
        places,
        question: plain_words(text)
            .iter()
            .map(|w| crate::topic::normalize(w))
            .filter(|w| !w.is_empty())
            .collect(),
    };
    Ok((reader, searched))
}

/// The readings tried in turn. Every entry with any required word is
/// ranked (see `Rank`); beside a quoted phrase or a field that must match,
/// then the rulings it matches, ranked by the words; typos are allowed
/// only when nothing matches as typed.
fn readings(reader: &Reader) -> Vec<Reading> {
    let plain = Reading {
        typos: false,
        any_word: true,
        words_rank: false,
    };
    let mut readings = vec![plain];
    if reader.decided() && !reader.words.units.is_empty() {
        readings.push(Reading {
            words_rank: true,
            ..plain
        });
    }
    readings.push(Reading {
        typos: true,
        ..plain
    });
    readings
}

/// What one reading ranks: rulings to show, or only rulings hidden on the
/// date, counted by where they stand.
enum Ranked {
    Shown(Found),
    Hidden(BTreeMap<Standing, usize>),
}

/// The rulings a reading shows, with what the first hit lacks or holds
/// only apart, and a rival as good.
#[derive(Default)]
struct Found {
    hits: Vec<Hit>,
    partial: Option<Note>,
    close: Option<Note>,
    apart: Option<Note>,
    /// Whether no ruling shown has every word (asked only when the first
    /// lacks one).
    none_has_every: Option<bool>,
}

/// Ranks the rulings `reading` matches on the date.
fn ranked(
    reader: &Reader,
    published: &Published,
    request: &Request,
    reading: Reading,
) -> Result<Ranked, SearchError> {
    let index = reader.index;
    let (searcher, fields) = (index.searcher(), index.fields());
    let query = reader.query(reading)?;
    let filtered = with_filters(query.box_clone(), fields, request);
    let coverage = reader.coverage(published, reading)?;
    let best = best_shown(published, &*filtered, request, coverage.as_ref())?;
    if best.is_empty() {
        return Ok(Ranked::Hidden(standings(
            searcher,
            &*filtered,
            request.as_of,
        )?));
    }
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
    // Whether some ruling shown has every word: asked only when the first
    // lacks one (then ranking may have put it there).
    let first_lacks = matches!((&coverage, found.first()),
        (Some(c), Some((r, _))) if !c.missing(r.has).is_empty());
    let mut none_has_every = None;
    if first_lacks {
        let every = reader.query(Reading {
            any_word: false,
            ..reading
        })?;
        let every = with_filters(every, fields, request);
        none_has_every = Some(best_shown(published, &*every, request, None)?.is_empty());
    }
    let found = match &coverage {
        Some(c) if c.scales && none_has_every == Some(true) => reader.by_paragraph(found, c)?,
        _ => found,
    };
    let found = reader.regathered(found)?;
    let found = redirects::after_their_targets(found)?;
    let (partial, apart) = match (&coverage, found.first()) {
        (Some(coverage), Some((rank, first))) => first_hit_notes(reader, coverage, rank, first)?,
        _ => (None, None),
    };
    let close = close_second(&found);
    Ok(Ranked::Shown(Found {
        hits: found
            .into_iter()
            .map(|(_, hit)| hit)
            .take(request.limit)
            .collect(),
        partial,
        close,
        apart,
        none_has_every,
    }))
}

/// What the first hit lacks of the words (a partial note), or, when it has
/// every word, whether it holds some only inside names of other things or
/// only in card text it quotes (also partial), or holds them only apart.
fn first_hit_notes(
    reader: &Reader,
    coverage: &rank::Coverage,
    rank: &rank::Rank,
    first: &Hit,
) -> Result<(Option<Note>, Option<Note>), SearchError> {
    let index = reader.index;
    let fields = index.fields();
    let mut missing = coverage.missing(rank.has);
    let mut lacked = in_names::Lacked::default();
    let mut apart = None;
    if missing.is_empty() && coverage.scales {
        let units: Vec<&reading::Unit> = reader.words.required().take(MOST_WORDS).collect();
        let text = crate::markdown::plain_text(&first.entry.text);
        let topic = analyzed(index, fields.text, &first.topic)?;
        lacked = in_names::lacked(
            index,
            &reader.question,
            &units,
            (&topic, &text),
            first.kind == EntryKind::Erratum,
        )?;
        missing = std::mem::take(&mut lacked.words);
        if missing.is_empty() && together::apart(index, &reader.question, &units, (&topic, &text))?
        {
            apart = Some(Note::Apart {
                words: units.iter().map(|u| u.typed.clone()).collect(),
            });
        }
    }
    let partial = (!missing.is_empty()).then_some(Note::Partial {
        words: coverage.words.len(),
        missing,
        in_names: lacked.names,
        in_quotes: lacked.quoted,
    });
    Ok((partial, apart))
}
