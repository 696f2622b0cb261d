//! How the plain words of a query are read: which are searched, which are
//! left out, and what each may also be matched as.
//!
//! A plain word is one typed with no field, no quotes and no operator. Of
//! those:
//!
//! - function words (see [`crate::english`]) are left out, and so is a word
//!   that more than a third of the rulings hold: neither says which ruling
//!   is meant.
//!   A bare number is kept but optional: it ranks, it never decides (a rule
//!   number "2" is not the subject of "can I play 2 dilemmas").
//! - every other word is **required**, and matches as any of its forms: the
//!   word (stemmed, so a plural finds the singular), the word joined with
//!   its neighbour or split in two when the documents spell it so
//!   ("space line" is "spaceline", "headquarters" is "head quarters"), and
//!   for the word being typed, every word of the documents it begins.
//! - a required word the documents do not hold, that is not a word of
//!   English and cannot be joined or split, is corrected to the word of
//!   the documents spelled most like it.
//!
//! When every word is left out ("what is it"), the words are searched as
//! they are: a query is never emptied.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::Occur;
use tantivy::query_grammar::{Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::Field;
use tantivy::{Searcher, Term};

use super::correct::{in_index, nearest_word};
use super::{analyzed, Note, SearchError};
use crate::english::{bases, is_english, is_form, is_function_word};
use crate::index::SearchIndex;

mod rules;
use rules::*;

/// A word that more than this share of the rulings hold names no topic.
const COMMON_SHARE: f64 = 1.0 / 3.0;
/// Fewest entries in the corpus before its frequencies may call a word
/// common: in a handful of rulings every word is frequent.
const COMMON_FROM: u64 = 30;
/// Most words of the documents a word being typed may stand for.
pub(super) const MOST_PREFIXED: usize = 32;

/// How a word takes part in the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Need {
    /// The ruling must have it (when any ruling has every required word).
    Required,
    /// It ranks a ruling that has it, never decides.
    Optional,
}

/// One word of the query (or two typed apart that the documents join),
/// with every form it matches as.
#[derive(Debug, Clone)]
pub(super) struct Unit {
    /// As typed, for the notes.
    pub typed: String,
    /// Forms any one of which matches: the word, the joined word, the
    /// split word as a phrase.
    pub forms: Vec<UserInputLiteral>,
    /// For the word being typed: its beginning, folded.
    pub prefix: Option<String>,
    pub need: Need,
    /// Where its first word stands among the question's words.
    pub at: usize,
}

/// The query's words as they will be searched.
#[derive(Debug, Default)]
pub(super) struct Words {
    pub units: Vec<Unit>,
    /// Function and common words left out, as typed.
    pub skipped: Vec<String>,
    /// The common words left out (not the function words), with where
    /// they stand: beside a word of the question they still say what it
    /// is ("card draw"), though alone they say nothing.
    pub common: Vec<(usize, String)>,
    pub notes: Vec<Note>,
}

impl Words {
    pub fn required(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.need == Need::Required)
    }
}

/// The words of a phrase typed as one word with hyphens, three words or
/// more, that are no function words, as a phrase whose words may stand a
/// few words apart; `None` for a shorter word ("Q-Flash", "re-draw") or
/// one with fewer than two such words.
fn hyphened_phrase(word: &str) -> Option<UserInputLiteral> {
    let parts: Vec<&str> = word.split('-').filter(|p| !p.is_empty()).collect();
    if parts.len() < 3 {
        return None;
    }
    let named: Vec<&str> = parts.into_iter().filter(|p| !is_function_word(p)).collect();
    (named.len() >= 2).then(|| UserInputLiteral {
        slop: super::NEAR,
        ..literal(&named.join(" "), true)
    })
}

fn literal(phrase: &str, quoted: bool) -> UserInputLiteral {
    UserInputLiteral {
        field_name: None,
        phrase: phrase.to_string(),
        delimiter: if quoted {
            Delimiter::DoubleQuotes
        } else {
            Delimiter::None
        },
        slop: 0,
        prefix: false,
    }
}

/// The words a reading is built from: the top-level plain words of `ast`,
/// in order, with their places among its clauses. A query with `OR` in it
/// says itself how its words combine, and has none.
pub(super) fn plain_words(ast: &UserInputAst) -> Vec<(usize, String)> {
    let clauses: Vec<(Option<Occur>, &UserInputAst)> = match ast {
        UserInputAst::Clause(clauses) => clauses.iter().map(|(o, a)| (*o, a)).collect(),
        other => vec![(None, other)],
    };
    if clauses.iter().any(|(o, _)| *o == Some(Occur::Should)) {
        return Vec::new();
    }
    clauses
        .iter()
        .enumerate()
        .filter_map(|(place, (occur, a))| match (occur, a) {
            (None, UserInputAst::Leaf(leaf)) => match &**leaf {
                UserInputLeaf::Literal(l)
                    if l.field_name.is_none() && l.delimiter == Delimiter::None && !l.prefix =>
                {
                    // The apostrophe as typed: the query was read with
                    // the typographic one (see `syntax::prose`).
                    let word = without_punctuation(&l.phrase).replace('\u{2019}', "'");
                    Some((place, word))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// A word without the punctuation of the sentence around it ("nullified,"
/// is "nullified", "(Borg)" is "Borg"); what is inside it stays
/// ("Q-Flash's"). A word of nothing but punctuation stays as typed.
fn without_punctuation(word: &str) -> &str {
    let trimmed = word.trim_matches(|c: char| !c.is_alphanumeric());
    if trimmed.is_empty() {
        word
    } else {
        trimmed
    }
}

/// Entries that hold `word` exactly as spelled (folded, unstemmed).
fn spelled_count(searcher: &Searcher, spelled: Field, word: &str) -> Result<u64, SearchError> {
    Ok(searcher.doc_freq(&Term::from_field_text(spelled, word))?)
}

/// The word folded as the vocabulary holds it.
fn fold(index: &SearchIndex, word: &str) -> Result<Vec<String>, SearchError> {
    analyzed(index, index.fields().spelled, word)
}

/// Whether `word` is frequent enough in the corpus to say nothing.
fn is_common(index: &SearchIndex, word: &str) -> Result<bool, SearchError> {
    let searcher = index.searcher();
    let entries = searcher.num_docs();
    if entries < COMMON_FROM {
        return Ok(false);
    }
    let f = index.fields();
    let tokens = analyzed(index, f.text, word)?;
    let [token] = tokens.as_slice() else {
        return Ok(false);
    };
    let holding = searcher.doc_freq(&Term::from_field_text(f.text, token))?;
    Ok(holding as f64 > entries as f64 * COMMON_SHARE)
}

/// The two words joined, when the documents spell them so.
fn joined(index: &SearchIndex, a: &str, b: &str) -> Result<Option<String>, SearchError> {
    let (a, b) = (fold(index, a)?, fold(index, b)?);
    let ([a], [b]) = (a.as_slice(), b.as_slice()) else {
        return Ok(None);
    };
    let word = format!("{a}{b}");
    let spelled = index.fields().spelled;
    Ok((spelled_count(index.searcher(), spelled, &word)? > 0).then_some(word))
}

/// The word split in two words the documents hold, as a phrase, when the
/// documents do not hold it whole: the split whose rarer half is most used.
fn split(index: &SearchIndex, word: &str) -> Result<Option<String>, SearchError> {
    let folded = fold(index, word)?;
    let [word] = folded.as_slice() else {
        return Ok(None);
    };
    let searcher = index.searcher();
    let spelled = index.fields().spelled;
    if spelled_count(searcher, spelled, word)? > 0 || !word.is_ascii() || word.len() < 4 {
        return Ok(None);
    }
    let mut best: Option<(u64, String)> = None;
    for at in 2..=word.len() - 2 {
        let (a, b) = word.split_at(at);
        let uses = spelled_count(searcher, spelled, a)?.min(spelled_count(searcher, spelled, b)?);
        if uses > 0 && best.as_ref().is_none_or(|(most, _)| uses > *most) {
            best = Some((uses, format!("{a} {b}")));
        }
    }
    Ok(best.map(|(_, phrase)| phrase))
}

/// Most names an abbreviation is read as.
const MOST_SPELLED_OUT: usize = 4;

/// Whether a typed word may be an abbreviation (see `spelled_out`): two to
/// six letters or digits, a letter among them, and no English word. Folded
/// to lowercase.
fn abbreviation(word: &str) -> Option<String> {
    let folded: String = word.chars().flat_map(char::to_lowercase).collect();
    let length = folded.chars().count();
    ((2..=6).contains(&length)
        && folded.chars().all(|c| c.is_ascii_alphanumeric())
        && folded.chars().any(|c| c.is_ascii_alphabetic())
        && !is_english(&folded))
    .then_some(folded)
}

/// The names (topics, and cards and terms rulings mention) whose words
/// each abbreviation typed as one word stands for: "ds9" is *Deep Space 9*,
/// "fmo" *Ferengi Military Operations*, as [`crate::lookup::initials`]
/// reads a name. One pass over the names, whatever the number of words.
/// Keyed by the folded word.
fn spelled_out(
    index: &SearchIndex,
    words: &[String],
) -> Result<BTreeMap<String, Vec<String>>, SearchError> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let wanted: std::collections::BTreeSet<String> =
        words.iter().filter_map(|w| abbreviation(w)).collect();
    if wanted.is_empty() {
        return Ok(found);
    }
    let fields = index.fields();
    for segment in index.searcher().segment_readers() {
        for field in [fields.topic_key, fields.named_id] {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted
                .terms()
                .stream()
                .map_err(tantivy::TantivyError::from)?;
            while stream.advance() {
                let Ok(key) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                // Names rulings mention are kept as "1e:name".
                let key = key.split_once(':').map_or(key, |(_, name)| name);
                let name: Vec<&str> = key.split(' ').filter(|w| !w.is_empty()).collect();
                for initials in crate::lookup::initials(&name) {
                    if wanted.contains(&initials) {
                        let names = found.entry(initials).or_default();
                        let joined = name.join(" ");
                        if !names.contains(&joined) {
                            names.push(joined);
                        }
                    }
                }
            }
        }
    }
    for names in found.values_mut() {
        names.sort();
        names.truncate(MOST_SPELLED_OUT);
    }
    Ok(found)
}

/// A number, in digits or as a word: it counts things, it names no topic.
fn is_number(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_digit())
        || matches!(
            word.to_lowercase().as_str(),
            "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" | "ten"
        )
}

/// Whether the word at `i` is what a question of how many or how much
/// counts ("how many cards"): the question is about it, however many
/// rulings hold it.
fn counted(words: &[String], i: usize) -> bool {
    let folded = |w: &String| w.to_lowercase();
    i >= 2
        && folded(&words[i - 2]) == "how"
        && matches!(folded(&words[i - 1]).as_str(), "many" | "much")
}

/// Whether the word at `i` is the "times" of a question of how often
/// ("how many times", "several times"): English asks how often with it,
/// and it names nothing; "at the same time" in a ruling is no answer.
fn counts_times(words: &[String], i: usize) -> bool {
    let folded = |w: &String| w.to_lowercase();
    i > 0
        && folded(&words[i]) == "times"
        && matches!(
            folded(&words[i - 1]).as_str(),
            "many" | "several" | "few" | "multiple" | "more" | "most"
        )
}

/// Reads the plain words of a query. `typing` says the last word is being
/// typed (the query does not end in a space): it matches as a prefix too,
/// and is never corrected.
pub(super) fn read(
    index: &SearchIndex,
    words: &[String],
    typing: bool,
) -> Result<Words, SearchError> {
    let mut out = Words::default();
    let last = words.len().saturating_sub(1);
    let needs = needs(index, words, typing)?;
    let searched = needs.of.iter().filter(|n| n.is_some()).count();
    let abbreviations = spelled_out(index, words)?;
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let Some(need) = needs.of[i] else {
            out.skipped.push(word.clone());
            if !needs.function_words.contains(&i) {
                out.common.push((i, word.clone()));
            }
            i += 1;
            continue;
        };
        // Two words typed apart that the documents join.
        if i < last && !(typing && i + 1 == last) {
            if let Some(next_need) = needs.of[i + 1] {
                if let Some(unit) = joined_unit(index, words, i, [need, next_need])? {
                    out.units.push(unit);
                    i += 2;
                    continue;
                }
            }
        }
        // A word the question says twice is one word of it: twice, it
        // would weigh twice what it says (and be read, and noted, twice).
        let folded = word.to_lowercase();
        if out.units.iter().any(|u| u.typed.to_lowercase() == folded) {
            i += 1;
            continue;
        }
        let at = At {
            index,
            words,
            word,
            being_typed: typing && i == last,
            abbreviations: &abbreviations,
            searched,
        };
        let mut unit = Unit {
            typed: word.clone(),
            forms: vec![literal(word, false)],
            prefix: None,
            need,
            at: i,
        };
        for rule in FORM_RULES {
            rule(&at, &mut unit, &mut out.notes)?;
        }
        match beginning_or_missing(&at, &mut unit, &mut out.notes)? {
            Kept::Searched => out.units.push(unit),
            Kept::LeftOut => out.skipped.push(word.clone()),
        }
        i += 1;
    }
    Ok(out)
}

/// Shortest word read as the beginning of the word it shortens: two
/// letters begin too many words ("pt" of "pts" would be *Ptol*), and are
/// read as initials.
const SHORTENED_MIN: usize = 3;
/// Longest word read as the beginning of the word it shortens.
const SHORTENED_MAX: usize = 4;
/// How many of the words a shortened word may begin are named in its note.
const SHORTENED_NAMED: usize = 3;

/// A word shortened as players shorten words ("opp", "req", and "opps",
/// the plural): no word of English or of the documents, three or four
/// letters (and an `s`), that begins words of the documents. Its beginning
/// (folded), and the words it begins that the documents use most.
fn truncated(
    index: &SearchIndex,
    word: &str,
) -> Result<Option<(String, Vec<String>)>, SearchError> {
    if !word.chars().all(char::is_alphabetic) || is_english(word) {
        return Ok(None);
    }
    let singular = word.strip_suffix(['s', 'S']);
    for shortened in std::iter::once(word).chain(singular) {
        if (SHORTENED_MIN..=SHORTENED_MAX).contains(&shortened.chars().count()) {
            if let Some(found) = begins(index, shortened)? {
                return Ok(Some(found));
            }
        }
    }
    Ok(None)
}

/// The beginning `word` is (folded), and the words of the documents it
/// begins, the most used first, one of each stem; `None` when it begins
/// none but itself.
fn begins(index: &SearchIndex, word: &str) -> Result<Option<(String, Vec<String>)>, SearchError> {
    let Some(beginning) = fold(index, word)?.into_iter().next_back() else {
        return Ok(None);
    };
    let mut begun: Vec<(String, u64)> = spelled_beginning(index, &beginning)?
        .into_iter()
        .filter(|(w, _)| *w != beginning)
        .collect();
    if begun.is_empty() {
        return Ok(None);
    }
    begun.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    // One word of each stem: "opponent", not "opponents" too.
    let mut stems = BTreeSet::new();
    let mut named = Vec::new();
    for (w, _) in begun {
        if named.len() == SHORTENED_NAMED {
            break;
        }
        if stems.insert(analyzed(index, index.fields().text, &w)?) {
            named.push(w);
        }
    }
    Ok(Some((beginning, named)))
}

/// The words of the documents, as spelled, that begin with `prefix`, each
/// with how many entries hold it: a range of the vocabulary's FST, so the
/// cost is the words found, not the vocabulary.
pub(super) fn spelled_beginning(
    index: &SearchIndex,
    prefix: &str,
) -> Result<BTreeMap<String, u64>, SearchError> {
    let spelled = index.fields().spelled;
    let mut uses = BTreeMap::new();
    for segment in index.searcher().segment_readers() {
        let inverted = segment.inverted_index(spelled)?;
        let mut range = inverted.terms().range().ge(prefix.as_bytes());
        let mut end = prefix.as_bytes().to_vec();
        if let Some(last) = end.last_mut().filter(|b| **b < u8::MAX) {
            *last += 1;
            range = range.lt(end);
        }
        let mut stream = range.into_stream().map_err(tantivy::TantivyError::from)?;
        while stream.advance() {
            if let Ok(word) = std::str::from_utf8(stream.key()) {
                *uses.entry(word.to_string()).or_default() += u64::from(stream.value().doc_freq);
            }
        }
    }
    Ok(uses)
}

/// The words of the documents, as spelled, that are forms of `word` (one
/// word, folded): what the question's word means in a ruling that holds
/// it. Empty when the word is not one word of letters.
pub(super) fn forms_in_documents(
    index: &SearchIndex,
    word: &str,
) -> Result<Vec<String>, SearchError> {
    let folded = fold(index, word)?;
    let [word] = folded.as_slice() else {
        return Ok(Vec::new());
    };
    if !word.chars().all(char::is_alphabetic) || word.chars().count() < 3 {
        return Ok(Vec::new());
    }
    // Every form begins as the word and each of its bases do, to three
    // letters: "using" and "used" both begin "us" (the base "use").
    let head = bases(word)
        .iter()
        .map(|base| base.strip_suffix('e').unwrap_or(base).to_string())
        .fold(word.chars().take(3).collect::<String>(), |head, base| {
            head.chars()
                .zip(base.chars())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a)
                .collect()
        });
    let forms = spelled_beginning(index, &head)?
        .into_keys()
        .filter(|candidate| is_form(word, candidate))
        .collect();
    Ok(forms)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_punctuation_of_the_sentence_is_trimmed_from_a_word() {
        use super::without_punctuation as w;
        assert_eq!(w("nullified,"), "nullified");
        assert_eq!(w("(non-Borg)"), "non-Borg");
        assert_eq!(w("Q-Flash's"), "Q-Flash's");
        assert_eq!(w("players'"), "players");
        assert_eq!(w("…"), "…");
    }

    #[test]
    fn times_after_a_word_of_how_many_asks_how_often() {
        let words: Vec<String> = "how many times can I phase or at times"
            .split(' ')
            .map(str::to_string)
            .collect();
        assert!(super::counts_times(&words, 2));
        assert!(!super::counts_times(&words, 8));
        assert!(!super::counts_times(&words, 0));
    }

    #[test]
    fn an_abbreviation_is_a_short_word_of_no_english() {
        // Only English words are no abbreviation.
        assert_eq!(super::abbreviation("DS9").as_deref(), Some("ds9"));
        for word in ["gel", "d", "toolongword", "q-flash", "123"] {
            assert_eq!(super::abbreviation(word), None, "{word}");
        }
    }
}
