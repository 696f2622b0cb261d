//! Forgiving topic look-up: what a TD types ("the big picture", "Chief
//! OBrien", "Ferengi Militery Operations", "ferengi military ops") against
//! the topic keys of the corpus. One policy for every command, in order:
//! the exact key; the key up to a leading article and the plural or
//! singular form of any word ("away teams" is *away team*); the keys
//! whose words the typed words begin or abbreviate, in order ("hq
//! defensive", "ferengi military ops"); the keys closest in spelling. One
//! candidate is used (and the answer says which); several are offered,
//! never picked.

use std::collections::{BTreeSet, HashMap};

use strsim::normalized_damerau_levenshtein;

use crate::english::{is_english, is_function_word, singulars};
use crate::topic::TopicKey;

/// How close a key must be to count as a match of a typed name.
const CLOSE_ENOUGH: f64 = 0.8;
/// How far ahead of the runner-up the best close match must be to be used alone.
const CLEAR_LEAD: f64 = 0.08;
/// How many suggestions "did you mean" offers.
const SUGGESTIONS: usize = 6;
/// How close a key must be to be suggested.
const SUGGESTED: f64 = 0.7;
/// What a key that has one word like a typed word scores, against one
/// spelled like the whole name.
const WORD_WEIGHT: f64 = 0.9;

#[derive(Debug, Clone, PartialEq)]
pub enum Match {
    /// The typed name is the topic (up to case, punctuation, articles).
    Exact(TopicKey),
    /// No exact match; this single key is close enough to use (and say so).
    Close(TopicKey),
    /// Several keys are about as close: ask which.
    Several(Vec<TopicKey>),
    None,
}

/// Finds `typed` among `keys`: the first of [`exact`], [`abbreviated`] and
/// [`close`] that finds anything.
pub fn find<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey> + Clone) -> Match {
    match exact(typed, keys.clone()) {
        Match::None => {}
        found => return found,
    }
    match abbreviated(typed, keys.clone()) {
        Match::None => {}
        found => return found,
    }
    close(typed, keys)
}

/// The key that is the typed name up to case and punctuation; else the one
/// up to a leading article; else the one up to the form of each word
/// ("away teams" is *away team*, "parties" *party*). An exact match always
/// beats a forgiven one; several equally forgiven are offered.
pub fn exact<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey> + Clone) -> Match {
    let wanted = TopicKey::new(typed);
    if wanted.is_empty() {
        return Match::None;
    }
    if let Some(k) = keys.clone().into_iter().find(|k| **k == wanted) {
        return Match::Exact(k.clone());
    }
    if crate::parse::base::is_section_number(typed) {
        // A section number names its section ("7.4.2" is *7.4.2 Personnel
        // Battle*), not the sidebars that share its words.
        return keys
            .into_iter()
            .filter(|k| numbered_title(k.as_str()).is_some_and(|(n, _)| n == wanted.as_str()))
            .min_by_key(|k| k.as_str().len())
            .map_or(Match::None, |k| Match::Exact(k.clone()));
    }
    // A section by its title alone ("personnel battle").
    let titled: Vec<&TopicKey> = keys
        .clone()
        .into_iter()
        .filter(|k| numbered_title(k.as_str()).is_some_and(|(_, t)| t == wanted.as_str()))
        .collect();
    match titled.as_slice() {
        [] => {}
        [only] => return Match::Exact((*only).clone()),
        many => return several(many.iter().map(|k| (*k).clone())),
    }
    let bare = wanted.without_article();
    let tiers: [&dyn Fn(&TopicKey) -> bool; 2] = [&|k| k.without_article() == bare, &|k| {
        same_words(k.without_article(), bare)
    }];
    for tier in tiers {
        let forgiven: Vec<&TopicKey> = keys.clone().into_iter().filter(|k| tier(k)).collect();
        match forgiven.as_slice() {
            [] => {}
            [only] => return Match::Exact((*only).clone()),
            many => return several(many.iter().map(|k| (*k).clone())),
        }
    }
    Match::None
}

/// A section's key as (number, title): "7 4 2 personnel battle" is ("7 4
/// 2", "personnel battle"); `None` for a key that does not begin with a
/// number of two parts or more.
fn numbered_title(key: &str) -> Option<(&str, &str)> {
    let numbers = key
        .split(' ')
        .take_while(|w| w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()))
        .count();
    if numbers < 2 {
        return None;
    }
    let mut at = 0;
    for (i, w) in key.split(' ').enumerate() {
        if i == numbers {
            break;
        }
        at += w.len() + 1;
    }
    let title = key.get(at..)?;
    (!title.is_empty()).then(|| (key[..at].trim_end(), title))
}

/// The keys whose words the typed words begin or abbreviate, in order ("hq
/// defensive", "ferengi military ops", "away teams" → *away team and
/// crew*); when none, in any order. The documents head a ruling with the
/// general term first ("dilemmas – DNA-related", "movement – personnel"),
/// English puts it last ("DNA dilemmas", "personnel movement").
pub fn abbreviated<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey> + Clone) -> Match {
    let wanted = TopicKey::new(typed);
    if wanted.is_empty() {
        return Match::None;
    }
    let typed_words: Vec<&str> = wanted.without_article().split(' ').collect();
    // The typed words' content, read once for every key.
    let typed_content = content_words(wanted.as_str());
    // One analyzer for every key: making one costs more than stemming.
    let mut stemmer = Stemmer::default();
    let mut found: Vec<&TopicKey> = keys
        .clone()
        .into_iter()
        .filter(|k| {
            abbreviates(&typed_words, k.as_str())
                || is_initials(wanted.as_str(), k.as_str())
                || same_stems(&typed_content, k.as_str(), false, &mut stemmer)
        })
        .collect();
    if found.is_empty() && typed_words.len() > 1 {
        found = keys
            .into_iter()
            .filter(|k| {
                abbreviates_in_any_order(&typed_words, k.as_str())
                    || same_stems(&typed_content, k.as_str(), true, &mut stemmer)
            })
            .collect();
    }
    match found.as_slice() {
        [] => Match::None,
        [only] => Match::Close((*only).clone()),
        many => several(many.iter().map(|k| (*k).clone())),
    }
}

/// The longest run of the typed words, fewer than all, that is a key (see
/// [`exact`]): a name typed with words around it ("brilgar lore", "towing
/// ships", "the wake of the borg card"). Of runs of one length, the keys
/// they are: one is used, several are offered. A run of function words
/// alone is no name.
pub fn within<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey> + Clone) -> Match {
    let wanted = TopicKey::new(typed);
    let words: Vec<&str> = wanted
        .as_str()
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect();
    // A run can only be a key of its own number of words beginning with
    // its first letter (a plural slip keeps both), or a section whose
    // title it is: the keys are sorted into those buckets once, and the
    // runs are no longer than the longest key, so the cost grows with the
    // words typed and the keys, not their product.
    let mut buckets: HashMap<(char, usize), Vec<&TopicKey>> = HashMap::new();
    let mut longest = 0;
    for key in keys.into_iter() {
        let bare = key.without_article();
        let titled = numbered_title(key.as_str()).map(|(_, title)| title);
        for name in std::iter::once(bare).chain(titled) {
            let count = name.split(' ').count();
            longest = longest.max(count);
            if let Some(first) = name.chars().next() {
                buckets.entry((first, count)).or_default().push(key);
            }
        }
    }
    for length in (1..words.len().min(longest + 1)).rev() {
        let mut found: Vec<TopicKey> = Vec::new();
        for run in words.windows(length) {
            if run.iter().all(|w| is_function_word(w)) {
                continue;
            }
            let run = TopicKey::new(&run.join(" "));
            let bare = run.without_article();
            let Some(first) = bare.chars().next() else {
                continue;
            };
            let Some(bucket) = buckets.get(&(first, bare.split(' ').count())) else {
                continue;
            };
            if let Match::Exact(key) = exact(run.as_str(), bucket.iter().copied()) {
                if !found.contains(&key) {
                    found.push(key);
                }
            }
        }
        match found.len() {
            0 => {}
            1 => return Match::Close(found.remove(0)),
            _ => return several(found.into_iter()),
        }
    }
    Match::None
}

/// Whether two keys are one name up to the form of their English words
/// and their function words: "substitute headquarters" is *substituting
/// for a headquarters*. A word that is not English (a name, a typo) must
/// be as typed: stems would make "Lavele" *Lavell*.
fn same_stems(typed: &[String], key: &str, any_order: bool, stemmer: &mut Stemmer) -> bool {
    // A key of another number of words is none, whatever its function
    // words: counted before anything is read of its words.
    if typed.is_empty() || key.split(' ').count() < typed.len() {
        return false;
    }
    let key = content_words(key);
    if typed.len() != key.len() {
        return false;
    }
    let mut stem = |word: &str| stemmer.stems(word);
    let typed: Vec<(&String, Option<Vec<String>>)> = typed
        .iter()
        .map(|t| (t, is_english(t).then(|| stem(t))))
        .collect();
    let key: Vec<(&String, Vec<String>)> = key.iter().map(|k| (k, stem(k))).collect();
    let fits = |(t, t_stem): &(&String, Option<Vec<String>>),
                (k, k_stem): &(&String, Vec<String>)| {
        t == k || t_stem.as_ref() == Some(k_stem)
    };
    if any_order {
        each_its_own(&typed, &key, fits)
    } else {
        typed.iter().zip(&key).all(|(t, k)| fits(t, k))
    }
}

/// The index's analyzer of words, made when first used.
#[derive(Default)]
struct Stemmer(Option<tantivy::tokenizer::TextAnalyzer>);

impl Stemmer {
    /// The stems the index makes of a word.
    fn stems(&mut self, word: &str) -> Vec<String> {
        let analyzer = self.0.get_or_insert_with(crate::index::words_analyzer);
        let mut out = Vec::new();
        analyzer
            .token_stream(word)
            .process(&mut |token| out.push(token.text.clone()));
        out
    }
}

/// A key's words, function words aside.
fn content_words(key: &str) -> Vec<String> {
    key.split(' ')
        .filter(|w| !w.is_empty() && !is_function_word(w))
        .map(str::to_string)
        .collect()
}

/// The number a word writes, in digits or as a Roman numeral up to ten
/// ("mission ii" is "mission 2").
fn number(word: &str) -> Option<u32> {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
        return word.parse().ok();
    }
    const ROMAN: [&str; 10] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
    ROMAN.iter().position(|r| *r == word).map(|p| p as u32 + 1)
}

/// Whether each of `typed` fits a `key` item of its own, in any order.
fn each_its_own<A, B>(typed: &[A], key: &[B], fits: impl Fn(&A, &B) -> bool) -> bool {
    fn place<A, B>(
        typed: &[A],
        key: &[B],
        used: &mut [bool],
        fits: &impl Fn(&A, &B) -> bool,
    ) -> bool {
        let Some((first, rest)) = typed.split_first() else {
            return true;
        };
        for (i, k) in key.iter().enumerate() {
            if !used[i] && fits(first, k) {
                used[i] = true;
                if place(rest, key, used, fits) {
                    return true;
                }
                used[i] = false;
            }
        }
        false
    }
    typed.len() <= key.len() && place(typed, key, &mut vec![false; key.len()], &fits)
}

/// Whether one typed word is the initials of a name of two words or more
/// (see [`initials`]): "fmo" is *Ferengi Military Operations*, "ds9" *Deep
/// Space 9*, "roa" and "ra" *Rules of Acquisition*.
fn is_initials(typed: &str, key: &str) -> bool {
    if typed.contains(' ') || typed.len() < 2 {
        return false;
    }
    let words: Vec<&str> = key.split(' ').collect();
    initials(&words).iter().any(|i| i == typed)
}

/// The initials of a name of two words or more, with and without its
/// function words, a number kept whole ("ds9" for *Deep Space 9*; "bac"
/// and "bc" for *Bread and Circuses*): of the whole name, never of a part
/// of it. None for a name of one word. The look-up of a typed name and the
/// search's reading of an abbreviation both read names so.
pub fn initials(name: &[&str]) -> Vec<String> {
    if name.len() < 2 {
        return Vec::new();
    }
    let initial = |w: &str| -> String {
        if w.chars().all(|c| c.is_ascii_digit()) {
            w.to_string()
        } else {
            w.chars().next().map(String::from).unwrap_or_default()
        }
    };
    let mut all = String::new();
    let mut content = String::new();
    for w in name {
        let letter = initial(w);
        if !is_function_word(w) {
            content.push_str(&letter);
        }
        all.push_str(&letter);
    }
    let mut out = vec![all, content];
    out.dedup();
    out
}

/// The keys closest in spelling, when one leads clearly.
pub fn close<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey>) -> Match {
    let wanted = TopicKey::new(typed);
    if wanted.is_empty() {
        return Match::None;
    }
    let bare = Spelled::new(wanted.without_article());
    let scored: Vec<(f64, &TopicKey)> = keys
        .into_iter()
        .map(|k| (bare.similarity(k.without_article(), CLOSE_ENOUGH), k))
        .filter(|(score, _)| *score >= CLOSE_ENOUGH)
        .collect();
    closest(scored)
}

/// The one key of those close enough that leads clearly, else the several.
fn closest(mut scored: Vec<(f64, &TopicKey)>) -> Match {
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    match scored.as_slice() {
        [] => Match::None,
        [(_, only)] => Match::Close((*only).clone()),
        [(best, key), (second, _), ..] if best - second >= CLEAR_LEAD => {
            Match::Close((*key).clone())
        }
        many => several(many.iter().map(|(_, k)| (*k).clone())),
    }
}

fn several(keys: impl Iterator<Item = TopicKey>) -> Match {
    Match::Several(keys.take(SUGGESTIONS).collect())
}

/// Whether two keys have the same words up to the form of each (plural or
/// singular): "ship battles" is "ship battle", "away teams" "away team".
pub fn same_words(a: &str, b: &str) -> bool {
    let (mut a, mut b) = (a.split(' '), b.split(' '));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if same_word(x, y) => {}
            _ => return false,
        }
    }
}

/// Whether two words are one word up to English plural and singular forms,
/// either way round: "team"/"teams", "box"/"boxes", "party"/"parties",
/// "wolf"/"wolves", "knife"/"knives", "man"/"men". Possessives are plurals
/// here too, as apostrophes vanish from keys ("Kirk's" is "kirks").
pub fn same_word(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    if let (Some(x), Some(y)) = (number(a), number(b)) {
        return x == y;
    }
    // Every form of a word begins with its first letter: words that do
    // not share it are two words, whatever their forms (most words a
    // look-up compares, and it saves making their forms).
    if a.chars().next() != b.chars().next() {
        return false;
    }
    let (a_forms, b_forms) = (singulars(a), singulars(b));
    a_forms.iter().any(|f| f == b || b_forms.contains(f)) || b_forms.iter().any(|f| f == a)
}

/// Whether every typed word begins or abbreviates a word of the key, in
/// order ("hq defensive" → "hq defensive measures", "ferengi military ops"
/// → "ferengi military operations", "7.4.2" → "7.4.2: personnel battle").
fn abbreviates(typed: &[&str], key: &str) -> bool {
    let key: Vec<&str> = key.split(' ').collect();
    let mut at = 0;
    let mut matched = false;
    for t in typed {
        match key[at..].iter().position(|k| stands_for(t, k)) {
            Some(p) => {
                at += p + 1;
                matched = true;
            }
            // A function word typed around a name ("ship battle rules",
            // "rules for capturing") decides nothing.
            None if is_function_word(t) => {}
            None => return false,
        }
    }
    matched
}

/// Whether a typed word stands for a word of a key: it begins or
/// abbreviates it, is it up to its form, or the key's word is the
/// documents' abbreviation of it ("hq" for "headquarters": a key word of
/// two letters or more that is no English word and does not begin what is
/// typed, but has its first letter and then letters of it in order; "Q"
/// does not stand for "quark").
fn stands_for(typed: &str, word: &str) -> bool {
    word_abbreviates(typed, word)
        || same_word(typed, word)
        || (word.chars().count() >= 2
            && !typed.starts_with(word)
            && word_abbreviates(word, typed)
            && !is_english(word))
}

/// Whether every typed word begins or abbreviates a word of the key of its
/// own, in whatever order ("dna dilemmas" → "dilemmas dna related").
fn abbreviates_in_any_order(typed: &[&str], key: &str) -> bool {
    let key: Vec<&str> = key.split(' ').collect();
    let content: Vec<&str> = typed
        .iter()
        .copied()
        .filter(|t| !is_function_word(t))
        .collect();
    !content.is_empty() && each_its_own(&content, &key, |t, k| stands_for(t, k))
}

/// "op" begins "operations"; "ops" and "opns" abbreviate it (its first
/// letter, then letters of it in order, at least two letters shorter); a
/// number must be whole.
fn word_abbreviates(typed: &str, word: &str) -> bool {
    if typed.chars().all(|c| c.is_ascii_digit()) {
        return typed == word;
    }
    if word.starts_with(typed) {
        return true;
    }
    let mut letters = word.chars();
    let mut typed_letters = typed.chars();
    match (typed_letters.next(), letters.next()) {
        // Much shorter than the word: a typo of it is not an abbreviation.
        (Some(a), Some(b)) if a == b && typed.len() >= 2 && typed.len() + 2 <= word.len() => {
            typed_letters.all(|c| letters.by_ref().any(|w| w == c))
        }
        _ => false,
    }
}

/// Whether `key` begins with what is typed so far, read word by word: the
/// words typed whole are the key's words up to their form, the last may be
/// begun ("away teams" and "away te" both begin *away team and crew*).
pub fn begins(typed: &TopicKey, key: &TopicKey) -> bool {
    if key.as_str().starts_with(typed.as_str()) || key.without_article().starts_with(typed.as_str())
    {
        return true;
    }
    let typed_words: Vec<&str> = typed.without_article().split(' ').collect();
    let key_words: Vec<&str> = key.without_article().split(' ').collect();
    let Some((last, whole)) = typed_words.split_last() else {
        return false;
    };
    key_words.len() >= typed_words.len()
        && whole.iter().zip(&key_words).all(|(t, k)| same_word(t, k))
        && {
            let k = key_words[whole.len()];
            k.starts_with(last) || same_word(last, k)
        }
}

/// Keys that look like `typed` even from afar, best first, for "did you mean".
pub fn suggestions<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey>) -> Vec<TopicKey> {
    let wanted = TopicKey::new(typed);
    let bare = Spelled::new(wanted.without_article());
    let typed_words = distinct_words(&bare);
    // How like a typed word each word of the keys is, once per word:
    // keys share their words.
    let mut word_scores: fnv::FnvHashMap<&str, f64> = fnv::FnvHashMap::default();
    let mut word_score = |kw: &'k str| -> f64 {
        *word_scores
            .entry(kw)
            .or_insert_with(|| word_likeness(&typed_words, kw))
    };
    let scored: Vec<(f64, &TopicKey)> = keys
        .into_iter()
        .map(|k| {
            let whole = bare.similarity(k.without_article(), SUGGESTED);
            let word = k
                .as_str()
                .split(' ')
                .map(&mut word_score)
                .fold(0.0, f64::max);
            (whole.max(word * WORD_WEIGHT), k)
        })
        .filter(|(score, _)| *score >= SUGGESTED)
        .collect();
    best_suggested(scored)
}

/// Each distinct typed word once: a word typed twice scores as once.
fn distinct_words<'t>(bare: &Spelled<'t>) -> Vec<Spelled<'t>> {
    bare.text
        .split(' ')
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(Spelled::new)
        .collect()
}

/// How like one of the typed words a word of a key is: 1 for the word
/// itself up to its form, else its spelling's likeness (0 below what
/// could make a key suggested).
fn word_likeness(typed_words: &[Spelled], word: &str) -> f64 {
    typed_words
        .iter()
        .map(|w| {
            if same_word(w.text, word) {
                1.0
            } else {
                w.similarity(word, SUGGESTED / WORD_WEIGHT)
            }
        })
        .fold(0.0, f64::max)
}

/// The suggestions of those scored, best first.
fn best_suggested(mut scored: Vec<(f64, &TopicKey)>) -> Vec<TopicKey> {
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, k)| k.clone())
        .collect()
}

/// Typed text with its length in characters and how many of each letter it
/// has, measured once for every key it is compared with.
struct Spelled<'t> {
    text: &'t str,
    chars: usize,
    letters: Letters,
}

/// How many of each letter, digit and space a text has (every other
/// character counted together).
type Letters = [u16; 38];

fn letters(text: &str) -> Letters {
    let mut counts = [0u16; 38];
    for c in text.chars() {
        let bucket = match c {
            'a'..='z' => c as usize - 'a' as usize,
            '0'..='9' => 26 + (c as usize - '0' as usize),
            ' ' => 36,
            _ => 37,
        };
        counts[bucket] = counts[bucket].saturating_add(1);
    }
    counts
}

impl<'t> Spelled<'t> {
    fn new(text: &'t str) -> Spelled<'t> {
        Spelled {
            text,
            chars: text.chars().count(),
            letters: letters(text),
        }
    }

    /// How alike the text and `key` are spelled (1 the same, 0 nothing
    /// alike), or 0 when their lengths or their letters alone keep them
    /// below `floor`: an edit distance is at least the difference of the
    /// lengths, and at least the number of letters one has that the other
    /// has not (each edit adds or removes one letter of each side; a
    /// transposition neither), so a key that cannot come close is never
    /// compared letter by letter (the cost of a comparison is the product
    /// of the lengths, and a card database has 20,000 names).
    fn similarity(&self, key: &str, floor: f64) -> f64 {
        self.similarity_to(key, key.chars().count(), &letters(key), floor)
    }

    /// [`Spelled::similarity`] to a key whose length in characters and
    /// letters were measured before (a [`Vocabulary`] holds them).
    fn similarity_to(&self, key: &str, chars: usize, theirs: &Letters, floor: f64) -> f64 {
        let longer = self.chars.max(chars);
        // The best it could be, with a hair of slack for rounding.
        let best = 1.0 - self.chars.abs_diff(chars) as f64 / longer.max(1) as f64;
        if longer == 0 || best < floor - 1e-9 {
            return 0.0;
        }
        let (mut only_mine, mut only_theirs) = (0usize, 0usize);
        for (mine, theirs) in self.letters.iter().zip(theirs.iter()) {
            only_mine += usize::from(mine.saturating_sub(*theirs));
            only_theirs += usize::from(theirs.saturating_sub(*mine));
        }
        let best = 1.0 - only_mine.max(only_theirs) as f64 / longer as f64;
        if best < floor - 1e-9 {
            return 0.0;
        }
        similarity(self.text, key)
    }
}

fn similarity(a: &str, b: &str) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    // Words typed in another order still match ("phasing and cloaking").
    let sorted = |s: &str| {
        let mut w: Vec<&str> = s.split(' ').collect();
        w.sort_unstable();
        w.join(" ")
    };
    normalized_damerau_levenshtein(a, b).max(normalized_damerau_levenshtein(&sorted(a), &sorted(b)))
}

mod vocabulary;

pub use vocabulary::Vocabulary;

#[cfg(test)]
mod tests;
