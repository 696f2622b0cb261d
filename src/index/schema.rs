//! The index's schema: which parts of an entry are searched (topic, body,
//! cards), which filter (edition, kind, release, date), and what is stored to
//! answer without parsing the corpus again (the entry as exported, its
//! citation and its status over time).
//!
//! Field names double as the query language's field names: `topic:`,
//! `text:`, `card:`, `edition:`, `kind:`, `release:`.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;
use tantivy::schema::{
    DateOptions, Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions,
    STORED, STRING,
};

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RawTokenizer, RemoveLongFilter, Stemmer,
    TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer,
};
use tantivy::{Index, TantivyError};

/// Bumped whenever the schema, the analyzers or what is stored changes: an
/// index written under another version is rebuilt, never read.
pub const SCHEMA_VERSION: u32 = 12;

/// Words: split on anything but letters and digits, lowercased, accents
/// folded, English-stemmed ("cloaked" and "cloaking" are one term); a word
/// with an apostrophe or hyphen inside also gives its parts joined (see
/// [`WordTokenizer`]).
pub const WORDS: &str = "rulings_words";
/// The same words unstemmed: the vocabulary a misspelt word is corrected
/// against, so that a correction names a word of the documents.
pub const SPELLED: &str = "rulings_spelled";
/// A whole value, lowercased: editions, kinds, release ids, topic keys.
pub const KEYWORD: &str = "rulings_keyword";

/// The fields of the schema.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// The entry id (`release:line`).
    pub id: Field,
    /// Topic as printed (sub-topic included), searched with a boost.
    pub topic: Field,
    /// The normalized topic key, for "did you mean".
    pub topic_key: Field,
    /// The body as plain text (stored: snippets are cut from it).
    pub text: Field,
    /// The cards the entry names, one value each.
    pub card: Field,
    pub edition: Field,
    pub kind: Field,
    pub release: Field,
    /// The entry's date (its own, else its release's).
    pub date: Field,
    /// The entry's standing over time, encoded for filtering while
    /// collecting (see `timeline::encode`).
    pub standing: Field,
    /// The entry, serialized as `rulings export` prints it.
    pub entry: Field,
    /// The entry's statuses over time, one period a line (see
    /// `timeline::to_lines`).
    pub periods: Field,
    /// Where the entry comes from, for people.
    pub citation: Field,
    /// `edition:key` of the topic the entry rules on (not of an index
    /// pointer): the look-up of a topic.
    pub topic_id: Field,
    /// `edition:key` of a card the entry gives errata for.
    pub errata_id: Field,
    /// The entry's place in its edition's order of precedence (date,
    /// release, line): the newer, the higher (see `parts::precedence`).
    pub seq: Field,
    /// A release document: its id (entry documents have none).
    pub release_id: Field,
    /// A release document: the release without its entries, as JSON.
    pub release_info: Field,
    /// What a document is: `release`, `ruling`, or `pointer` (an entry that
    /// is an index pointer to its own topic).
    pub role: Field,
    /// Edition and role as one number (see [`class`]), to scan an edition's
    /// rulings from a fast field without reading documents.
    pub class: Field,
    /// A hash of the body as compared (plain text, whitespace folded): the
    /// same text reprinted has the same hash.
    pub body_hash: Field,
    /// Topic, body and cards as their unstemmed words (indexed only): the
    /// vocabulary for correcting a misspelt word.
    pub spelled: Field,
    /// `edition:key` of each name the entry mentions (see
    /// [`super::mentions`]): the look-up of a name that is not a topic.
    pub named_id: Field,
    /// A card of the card database: the key of its name whole, version
    /// included ("deanna troi first contact").
    pub card_key: Field,
    /// A card of the card database: the key of its persona, which every
    /// version shares ("deanna troi").
    pub persona_key: Field,
    /// A card of the card database, as JSON.
    pub card_record: Field,
    /// The part of the index the document belongs to (see `parts`): what
    /// a change deletes whole.
    pub part: Field,
    /// Whose rules an entry is: `game` or `tournament`.
    pub authority: Field,
}

/// A day as the index stores it: midnight UTC, as tantivy's date. Its
/// dates count nanoseconds in 64 bits (1677 to 2262); a date printed
/// outside that span (a typo, "2999") is kept at its end rather than
/// overflowing into another century.
pub fn day_time(date: chrono::NaiveDate) -> tantivy::DateTime {
    const FIRST: chrono::NaiveDate = chrono::NaiveDate::from_ymd_opt(1678, 1, 1).unwrap();
    const LAST: chrono::NaiveDate = chrono::NaiveDate::from_ymd_opt(2262, 1, 1).unwrap();
    let date = date.clamp(FIRST, LAST);
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    tantivy::DateTime::from_timestamp_secs(midnight.and_utc().timestamp())
}

/// An edition's documents of one role as one number.
pub fn class(edition: Option<crate::model::Edition>, role: Role) -> u64 {
    let edition = match edition {
        None => 0,
        Some(crate::model::Edition::First) => 1,
        Some(crate::model::Edition::Second) => 2,
    };
    let role = match role {
        Role::Release => 0,
        Role::Ruling => 1,
        Role::Pointer => 2,
        Role::Card => 3,
    };
    edition * 4 + role
}

/// What a document of the index is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Release,
    Ruling,
    Pointer,
    /// A card of the card database.
    Card,
}

impl Role {
    pub fn term(self) -> &'static str {
        match self {
            Role::Release => "release",
            Role::Ruling => "ruling",
            Role::Pointer => "pointer",
            Role::Card => "card",
        }
    }
}

const NAMES: [&str; 28] = [
    "id",
    "topic",
    "topic_key",
    "text",
    "card",
    "edition",
    "kind",
    "release",
    "date",
    "standing",
    "entry",
    "periods",
    "citation",
    "topic_id",
    "errata_id",
    "seq",
    "release_id",
    "release_info",
    "role",
    "class",
    "body_hash",
    "spelled",
    "named_id",
    "card_key",
    "persona_key",
    "card_record",
    "part",
    "authority",
];

fn words(stored: bool) -> TextOptions {
    let options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(WORDS)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    if stored {
        options.set_stored()
    } else {
        options
    }
}

fn keyword(stored: bool) -> TextOptions {
    let options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(KEYWORD)
            .set_index_option(IndexRecordOption::Basic),
    );
    if stored {
        options.set_stored()
    } else {
        options
    }
}

/// The schema and its fields.
pub fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let fields = Fields {
        id: builder.add_text_field(NAMES[0], STRING | STORED),
        topic: builder.add_text_field(NAMES[1], words(true)),
        topic_key: builder.add_text_field(NAMES[2], keyword(false)),
        text: builder.add_text_field(NAMES[3], words(true)),
        card: builder.add_text_field(NAMES[4], words(false)),
        edition: builder.add_text_field(NAMES[5], keyword(true)),
        kind: builder.add_text_field(NAMES[6], keyword(true)),
        release: builder.add_text_field(NAMES[7], keyword(true)),
        date: builder.add_date_field(
            NAMES[8],
            DateOptions::default().set_indexed().set_fast().set_stored(),
        ),
        standing: builder.add_i64_field(NAMES[9], NumericOptions::default().set_fast()),
        entry: builder.add_text_field(NAMES[10], STORED),
        periods: builder.add_text_field(NAMES[11], STORED),
        citation: builder.add_text_field(NAMES[12], STORED),
        topic_id: builder.add_text_field(NAMES[13], keyword(false)),
        errata_id: builder.add_text_field(NAMES[14], keyword(false)),
        seq: builder.add_u64_field(NAMES[15], NumericOptions::default().set_fast()),
        release_id: builder.add_text_field(NAMES[16], keyword(false)),
        release_info: builder.add_text_field(NAMES[17], STORED),
        role: builder.add_text_field(NAMES[18], keyword(false)),
        class: builder.add_u64_field(NAMES[19], NumericOptions::default().set_fast()),
        body_hash: builder.add_u64_field(NAMES[20], NumericOptions::default().set_fast()),
        // Only which words exist and how many entries have each is needed.
        spelled: builder.add_text_field(
            NAMES[21],
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(SPELLED)
                    .set_index_option(IndexRecordOption::Basic),
            ),
        ),
        named_id: builder.add_text_field(NAMES[22], keyword(false)),
        card_key: builder.add_text_field(NAMES[23], keyword(false)),
        persona_key: builder.add_text_field(NAMES[24], keyword(false)),
        card_record: builder.add_text_field(NAMES[25], STORED),
        part: builder.add_u64_field(NAMES[26], NumericOptions::default().set_indexed()),
        authority: builder.add_text_field(NAMES[27], keyword(false)),
    };
    (builder.build(), fields)
}

/// The fields of an opened index, by name; an error if one is missing.
pub fn fields(schema: &Schema) -> Result<Fields, TantivyError> {
    let get = |name: &str| schema.get_field(name);
    Ok(Fields {
        id: get(NAMES[0])?,
        topic: get(NAMES[1])?,
        topic_key: get(NAMES[2])?,
        text: get(NAMES[3])?,
        card: get(NAMES[4])?,
        edition: get(NAMES[5])?,
        kind: get(NAMES[6])?,
        release: get(NAMES[7])?,
        date: get(NAMES[8])?,
        standing: get(NAMES[9])?,
        entry: get(NAMES[10])?,
        periods: get(NAMES[11])?,
        citation: get(NAMES[12])?,
        topic_id: get(NAMES[13])?,
        errata_id: get(NAMES[14])?,
        seq: get(NAMES[15])?,
        release_id: get(NAMES[16])?,
        release_info: get(NAMES[17])?,
        role: get(NAMES[18])?,
        class: get(NAMES[19])?,
        body_hash: get(NAMES[20])?,
        spelled: get(NAMES[21])?,
        named_id: get(NAMES[22])?,
        card_key: get(NAMES[23])?,
        persona_key: get(NAMES[24])?,
        card_record: get(NAMES[25])?,
        part: get(NAMES[26])?,
        authority: get(NAMES[27])?,
    })
}

/// The name of the fast field that holds the standing.
pub const STANDING: &str = NAMES[9];
/// The name of the fast field that holds the order of precedence.
pub const SEQ: &str = NAMES[15];
/// The name of the fast field that holds the class.
pub const CLASS: &str = NAMES[19];
/// The name of the fast field that holds the body's hash.
pub const BODY_HASH: &str = NAMES[20];

/// The term that finds the entries of a topic (or card) of an edition.
pub fn edition_key(edition: crate::model::Edition, key: &str) -> String {
    format!("{}:{key}", edition.label().to_ascii_lowercase())
}

/// The analyzer for words, as indexed and as queried.
pub fn words_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(Language::English))
        .build()
}

/// The words analyzer without the stemmer, for the vocabulary.
pub fn spelled_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// Characters that join two parts of one word: apostrophes and hyphens.
fn joins_a_word(c: char) -> bool {
    matches!(
        c,
        '\'' | '\u{2019}' | '\u{2018}' | '\u{02BC}' | '-' | '\u{2010}' | '\u{2011}'
    )
}

/// Splits text into runs of letters and digits, as tantivy's
/// `SimpleTokenizer` does, and after a word whose runs are joined by one
/// apostrophe or hyphen each ("Horga'hn", "Q-Flash") also gives the runs
/// joined ("horgahn", "qflash"): a TD who drops the punctuation still finds
/// the word, and one who types it (or its parts apart) still does too.
///
/// The joined word takes the position of its first part, so a phrase typed
/// with the punctuation matches as before (the parts keep their positions)
/// and a phrase that begins with the joined word matches too. It comes after
/// the parts in the stream, so the end of each token never goes back, as
/// snippets expect; it spans the whole word, so the word is highlighted
/// whole.
///
/// Tokens are made as they are asked for, a word at a time: an entry of
/// millions of words never holds all its tokens at once.
///
/// For highlighting, every token of a joined word spans the whole word
/// (`whole_words`): snippets cut text into fragments between tokens, and a
/// token that began before the one that opened a fragment would lie outside
/// it. A part that matches highlights its word whole.
#[derive(Clone, Default)]
pub struct WordTokenizer {
    pub whole_words: bool,
}

pub struct WordTokenStream<'a> {
    text: &'a str,
    /// Where the next word is looked for (a byte offset).
    at: usize,
    position: usize,
    /// The tokens of the word at hand not given yet, in order.
    pending: VecDeque<Token>,
    /// The runs of the word being read, kept from word to word so that
    /// reading a word allocates only its tokens.
    parts: Vec<Range<usize>>,
    token: Token,
    whole_words: bool,
}

impl WordTokenStream<'_> {
    /// Reads the next word from `at`, leaving its tokens in `pending`.
    /// False at the end of the text.
    fn next_word(&mut self) -> bool {
        let base = self.at;
        let mut parts = std::mem::take(&mut self.parts);
        parts.clear();
        let mut chars = self.text[base..].char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if !c.is_alphanumeric() {
                continue;
            }
            let mut end = start + c.len_utf8();
            while let Some(&(at, c)) = chars.peek() {
                if !c.is_alphanumeric() {
                    break;
                }
                end = at + c.len_utf8();
                chars.next();
            }
            parts.push(base + start..base + end);
            // One joining character between letters continues the word.
            let mut ahead = chars.clone();
            let joined = matches!(ahead.next(), Some((_, j)) if joins_a_word(j))
                && matches!(ahead.next(), Some((_, n)) if n.is_alphanumeric());
            if joined {
                chars.next();
            } else {
                self.at = base + end;
                self.push_word(&parts);
                self.parts = parts;
                return true;
            }
        }
        self.at = self.text.len();
        false
    }

    fn push_word(&mut self, parts: &[Range<usize>]) {
        let first = self.position;
        let word = parts.first().map_or(0, |p| p.start)..parts.last().map_or(0, |p| p.end);
        for part in parts {
            let span = if self.whole_words {
                word.clone()
            } else {
                part.clone()
            };
            self.pending.push_back(Token {
                offset_from: span.start,
                offset_to: span.end,
                position: self.position,
                text: self.text[part.clone()].to_string(),
                position_length: 1,
            });
            self.position += 1;
        }
        if let [head, .., tail] = parts {
            self.pending.push_back(Token {
                offset_from: head.start,
                offset_to: tail.end,
                position: first,
                text: parts.iter().map(|p| &self.text[p.clone()]).collect(),
                position_length: 1,
            });
        }
    }
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordTokenStream<'a> {
        WordTokenStream {
            text,
            at: 0,
            position: 0,
            pending: VecDeque::new(),
            parts: Vec::new(),
            token: Token::default(),
            whole_words: self.whole_words,
        }
    }
}

impl TokenStream for WordTokenStream<'_> {
    fn advance(&mut self) -> bool {
        if self.pending.is_empty() && !self.next_word() {
            return false;
        }
        match self.pending.pop_front() {
            Some(token) => {
                self.token = token;
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// The words analyzer for highlighting a few terms in a snippet: a word
/// that cannot stem to one of them is not stemmed at all. English stemming
/// keeps a word's first letter, so a word whose first letter begins none of
/// the terms never matches one; stemming every word of an entry is most of
/// the cost of a search otherwise.
pub fn highlight_analyzer(terms: impl IntoIterator<Item = char>) -> TextAnalyzer {
    let mut initials: Vec<char> = terms.into_iter().collect();
    initials.sort_unstable();
    initials.dedup();
    TextAnalyzer::builder(WordTokenizer { whole_words: true })
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(SkipUnless {
            initials: initials.into(),
        })
        .filter(Stemmer::new(Language::English))
        .build()
}

/// Replaces a word whose first letter is not one of `initials` by `#`,
/// which the stemmer passes through at once and no term equals.
#[derive(Clone)]
struct SkipUnless {
    initials: Arc<[char]>,
}

impl TokenFilter for SkipUnless {
    type Tokenizer<T: Tokenizer> = SkipUnlessFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> SkipUnlessFilter<T> {
        SkipUnlessFilter {
            tokenizer,
            initials: self.initials,
        }
    }
}

#[derive(Clone)]
pub struct SkipUnlessFilter<T> {
    tokenizer: T,
    initials: Arc<[char]>,
}

impl<T: Tokenizer> Tokenizer for SkipUnlessFilter<T> {
    type TokenStream<'a> = SkipUnlessStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        SkipUnlessStream {
            tail: self.tokenizer.token_stream(text),
            initials: &self.initials,
        }
    }
}

pub struct SkipUnlessStream<'a, T> {
    tail: T,
    initials: &'a [char],
}

impl<T: TokenStream> TokenStream for SkipUnlessStream<'_, T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        let wanted = token
            .text
            .chars()
            .next()
            .is_some_and(|c| self.initials.binary_search(&c).is_ok());
        if !wanted {
            token.text.clear();
            token.text.push('#');
        }
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

/// Analyzers are not saved with an index: every opened index needs them.
pub fn register_analyzers(index: &Index) {
    register_in(index.tokenizers());
}

/// Registers the analyzers in a tokenizer manager (an index's, or one an
/// index is built with).
pub fn register_in(tokenizers: &tantivy::tokenizer::TokenizerManager) {
    tokenizers.register(WORDS, words_analyzer());
    tokenizers.register(SPELLED, spelled_analyzer());
    tokenizers.register(
        KEYWORD,
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_by_name() {
        let (schema, built) = schema();
        let found = fields(&schema).unwrap();
        assert_eq!(built.citation, found.citation);
        assert_eq!(schema.get_field_name(found.standing), STANDING);
    }

    #[test]
    fn words_are_stemmed_and_folded() {
        let mut analyzer = words_analyzer();
        let mut tokens = Vec::new();
        let mut stream = analyzer.token_stream("Cloaked CLOAKING café");
        while let Some(token) = stream.next() {
            tokens.push(token.text.clone());
        }
        assert_eq!(tokens, ["cloak", "cloak", "cafe"]);
    }

    fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(String, usize, Range<usize>)> {
        let mut tokens = Vec::new();
        let mut stream = analyzer.token_stream(text);
        while let Some(token) = stream.next() {
            tokens.push((
                token.text.clone(),
                token.position,
                token.offset_from..token.offset_to,
            ));
        }
        tokens
    }

    #[test]
    fn a_word_with_inner_punctuation_gives_its_parts_and_the_word_joined() {
        let got = tokens(
            &mut spelled_analyzer(),
            "Horga\u{2019}hn's Q-Flash, 'x' - non-Borg-ship",
        );
        let want = [
            ("horga", 0, 0..5),
            ("hn", 1, 8..10),
            ("s", 2, 11..12),
            ("horgahns", 0, 0..12),
            ("q", 3, 13..14),
            ("flash", 4, 15..20),
            ("qflash", 3, 13..20),
            ("x", 5, 23..24),
            ("non", 6, 28..31),
            ("borg", 7, 32..36),
            ("ship", 8, 37..41),
            ("nonborgship", 6, 28..41),
        ];
        let want: Vec<_> = want
            .into_iter()
            .map(|(t, p, r)| (t.to_string(), p, r))
            .collect();
        assert_eq!(got, want);
        let stemmed = tokens(&mut words_analyzer(), "Horga'hn's");
        assert_eq!(stemmed.last().unwrap().0, "horgahn");
    }

    #[test]
    fn tokens_are_made_a_word_at_a_time() {
        let text = "Q-Flash ".repeat(100_000);
        let mut tokenizer = WordTokenizer::default();
        let mut stream = tokenizer.token_stream(&text);
        let mut given = Vec::new();
        for _ in 0..3 {
            assert!(stream.advance());
            given.push(stream.token().text.clone());
        }
        assert_eq!(given, ["Q", "Flash", "QFlash"]);
        // Only the first word has been read, and nothing of it is left.
        assert_eq!(stream.at, "Q-Flash".len());
        assert!(stream.pending.is_empty());
        assert!(stream.advance());
        assert_eq!(stream.token().position, 2);
        assert_eq!(stream.token().offset_from, "Q-Flash ".len());
    }

    #[test]
    fn highlighting_stems_only_words_that_can_match() {
        let mut analyzer = highlight_analyzer(['c']);
        let mut tokens = Vec::new();
        let mut stream = analyzer.token_stream("Cloaked ships dying");
        while let Some(token) = stream.next() {
            tokens.push((token.text.clone(), token.offset_from));
        }
        assert_eq!(
            tokens,
            [("cloak".into(), 0), ("#".into(), 8), ("#".into(), 14)]
        );
    }
}
