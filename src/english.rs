//! Words of English, a word in and a yes or no out: which words carry no
//! topic, and which are words of English at all. The parser's PDF reader,
//! the look-up of names and the search all ask, so the lists sit low, below
//! every one of them.
//!
//! - **Function words** (articles, pronouns, auxiliaries, prepositions,
//!   conjunctions, question words, and the verbs a question is framed with:
//!   "what *happens*", "how does it *work*") carry no topic: outside a quoted
//!   phrase they never make a ruling match. The corpus adds its own: a word
//!   that most rulings hold says nothing about which one is meant (see
//!   `search::reading`).
//! - **English words** are never "corrected" into another word: the list is
//!   SCOWL's American English words (size 50, lowercase), embedded.
//!
//! The words are data: each list is a file of `src/english/` (one entry a
//! line, fields separated by tabs, `#` lines say what the list is), read
//! once; a test checks every file's format.

mod forms;

pub use forms::{bases, has_irregular_past, is_form, other_forms, singulars};

/// The word tables of `src/english/`, read once.
struct Tables {
    /// In byte order, for a binary search.
    function_words: Vec<&'static str>,
    /// Base, past, past participle.
    irregular_verbs: Vec<[&'static str; 3]>,
    irregular_past_also: Vec<&'static str>,
    /// A verb's ending and its noun's.
    verb_noun_endings: Vec<(&'static str, &'static str)>,
    verb_prefixes: Vec<&'static str>,
}

const FUNCTION_WORDS: &str = include_str!("english/function-words.txt");
const IRREGULAR_VERBS: &str = include_str!("english/irregular-verbs.tsv");
const IRREGULAR_PAST_ALSO: &str = include_str!("english/irregular-past-also.txt");
const VERB_NOUN_ENDINGS: &str = include_str!("english/verb-noun-endings.tsv");
const VERB_PREFIXES: &str = include_str!("english/verb-prefixes.txt");

/// The entries of a table: each line that is no comment, split at its
/// tabs.
fn rows(table: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').map(str::trim).collect())
}

/// The entries of a table of one field.
fn words(table: &'static str) -> Vec<&'static str> {
    rows(table).filter_map(|row| row.first().copied()).collect()
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| Tables {
        function_words: words(FUNCTION_WORDS),
        irregular_verbs: rows(IRREGULAR_VERBS)
            .filter_map(|row| <[&str; 3]>::try_from(row).ok())
            .collect(),
        irregular_past_also: words(IRREGULAR_PAST_ALSO),
        verb_noun_endings: rows(VERB_NOUN_ENDINGS)
            .filter_map(|row| match row[..] {
                [verb, noun] => Some((verb, noun)),
                _ => None,
            })
            .collect(),
        verb_prefixes: words(VERB_PREFIXES),
    })
}

/// The word folded as the lists hold it: lowercase, with a typographic
/// apostrophe as a plain one, without the punctuation around it ("work?",
/// "(if").
fn folded(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .chars()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '\u{02BC}' => '\'',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `word` is an English function word (or a verb questions are
/// framed with): a word that names no topic. A contraction typed without
/// its apostrophe ("whats", "dont") is the contraction.
pub fn is_function_word(word: &str) -> bool {
    let word = folded(word);
    tables()
        .function_words
        .binary_search(&word.as_str())
        .is_ok()
        || contractions_unmarked()
            .binary_search_by(|w| w.as_str().cmp(&word))
            .is_ok()
}

/// The contractions of the list without their apostrophe ("whats",
/// "dont"), sorted; built once.
fn contractions_unmarked() -> &'static [String] {
    static UNMARKED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    UNMARKED.get_or_init(|| {
        let mut unmarked: Vec<String> = tables()
            .function_words
            .iter()
            .filter(|w| w.contains('\''))
            .map(|w| w.replace('\'', ""))
            .collect();
        unmarked.sort_unstable();
        unmarked
    })
}

// The list stays beside its licence, `search/english.COPYING`, at the
// path the user documentation gives.
const ENGLISH: &str = include_str!("search/english.txt");

/// Whether `word` (any case) is a word of English: in the embedded list,
/// or a function word. Looked up by a binary search over the list's sorted
/// lines, with nothing built first.
pub fn is_english(word: &str) -> bool {
    let word = folded(word);
    if is_function_word(&word) {
        return true;
    }
    let bytes = ENGLISH.as_bytes();
    let (mut low, mut high) = (0, bytes.len());
    while low < high {
        let middle = (low + high) / 2;
        // The line that holds `middle`.
        let start = bytes[..middle]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = bytes[middle..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| middle + i);
        match ENGLISH[start..end].cmp(word.as_str()) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => low = end + 1,
            std::cmp::Ordering::Greater => high = start,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_table_is_read_whole() {
        // Each row has the fields its table has, every field is a word in
        // lowercase (a function word may hold an apostrophe), and no row is
        // there twice: a row that breaks the format would be dropped.
        for (table, fields) in [
            (FUNCTION_WORDS, 1),
            (IRREGULAR_VERBS, 3),
            (IRREGULAR_PAST_ALSO, 1),
            (VERB_NOUN_ENDINGS, 2),
            (VERB_PREFIXES, 1),
        ] {
            let rows: Vec<Vec<&str>> = rows(table).collect();
            assert!(!rows.is_empty());
            for row in &rows {
                assert_eq!(row.len(), fields, "{row:?}");
                for field in row {
                    assert!(
                        !field.is_empty()
                            && field.chars().all(|c| c.is_ascii_lowercase() || c == '\''),
                        "{row:?}"
                    );
                }
            }
            let mut unique = rows.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), rows.len(), "a row twice");
        }
        let tables = tables();
        let entries = |table: &str| {
            table
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .count()
        };
        assert_eq!(tables.function_words.len(), entries(FUNCTION_WORDS));
        assert_eq!(tables.irregular_verbs.len(), entries(IRREGULAR_VERBS));
        assert_eq!(
            tables.irregular_past_also.len(),
            entries(IRREGULAR_PAST_ALSO)
        );
        assert_eq!(tables.verb_noun_endings.len(), entries(VERB_NOUN_ENDINGS));
        assert_eq!(tables.verb_prefixes.len(), entries(VERB_PREFIXES));
    }

    #[test]
    fn function_words_in_any_case_and_apostrophe() {
        // "once per turn" is "once each turn": "per" is a preposition.
        for word in [
            "What",
            "happens",
            "A",
            "does",
            "MY",
            "I",
            "doesn’t",
            "per",
            "exactly",
            "WORK?",
            "(if",
            "whats",
            "dont",
            "Cant",
            "vs",
            "both",
            "neither",
        ] {
            assert!(is_function_word(word), "{word}");
        }
        for word in [
            "ship", "damaged", "once", "each", "turn", "first", "cans", "wells", "ill", "id",
        ] {
            assert!(!is_function_word(word), "{word}");
        }
    }

    #[test]
    fn english_words_are_found_and_others_are_not() {
        for word in [
            "line", "head", "like", "bridge", "aardvark", "zygote", "Quarters",
        ] {
            assert!(is_english(word), "{word}");
        }
        for word in ["comandeer", "spaceline", "horgahn", "xq", "zzzzzzzz", ""] {
            assert!(!is_english(word), "{word}");
        }
    }

    #[test]
    fn the_word_list_is_sorted_lowercase_words() {
        let lines: Vec<&str> = ENGLISH.lines().collect();
        assert!(lines.len() > 50_000);
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
        assert!(lines
            .iter()
            .all(|l| l.len() >= 2 && l.bytes().all(|b| b.is_ascii_lowercase())));
    }
}
