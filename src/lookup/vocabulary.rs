//! A vocabulary of keys indexed for spelling: the same answers as
//! [`close`](super::close) and [`suggestions`](super::suggestions) over
//! the keys, without comparing the typed name with every key.
//!
//! A card database has 20,000 names, and a decklist may name thousands of
//! cards that are none: a scan of every key per name costs milliseconds, a
//! decklist seconds. A key can only be close to a typed name when its
//! length is (an edit distance is at least the difference of the lengths),
//! so the keys are held sorted by length with their letters counted once,
//! and only the keys of a length that could come close are compared. A
//! key suggested for one of its words is found through its words: the
//! distinct words of the keys, sorted by length the same way, each with
//! the keys it is a word of, and the forms it stands for ("teams" for
//! *team*, "ii" for *2*).

use std::collections::HashMap;

use super::{
    best_suggested, closest, distinct_words, letters, number, singulars, word_likeness, Letters,
    Match, Spelled, CLOSE_ENOUGH, SUGGESTED, WORD_WEIGHT,
};
use crate::topic::TopicKey;

/// Keys indexed by the length and letters of their spelling.
pub struct Vocabulary {
    keys: Vec<TopicKey>,
    /// Every key's name without its article, shortest first.
    names: Vec<Spelling>,
    /// Every distinct word of the keys, shortest first.
    words: Vec<Spelling>,
    /// For each word (by its place in `words`), the keys it is a word of.
    keys_of_word: Vec<Vec<u32>>,
    /// A word's forms (itself, its singulars, the number it writes) to the
    /// words (by place) that have the form.
    forms: HashMap<String, Vec<u32>>,
}

/// A text measured once: its length in characters and its letters.
struct Spelling {
    text: String,
    chars: usize,
    letters: Letters,
    mask: u64,
    /// The key it names (for `names`), or its own place (for `words`).
    of: u32,
}

impl Spelling {
    fn new(text: &str, of: u32) -> Spelling {
        let letters = letters(text);
        Spelling {
            text: text.to_string(),
            chars: text.chars().count(),
            mask: letter_mask(&letters),
            letters,
            of,
        }
    }
}

impl Vocabulary {
    pub fn new(keys: Vec<TopicKey>) -> Vocabulary {
        let mut names: Vec<Spelling> = keys
            .iter()
            .enumerate()
            .map(|(at, key)| Spelling::new(key.without_article(), at as u32))
            .collect();
        names.sort_by_key(|n| n.chars);
        let mut place: HashMap<&str, u32> = HashMap::new();
        let mut words: Vec<Spelling> = Vec::new();
        let mut keys_of_word: Vec<Vec<u32>> = Vec::new();
        for (at, key) in keys.iter().enumerate() {
            for word in key.as_str().split(' ') {
                let w = *place.entry(word).or_insert_with(|| {
                    words.push(Spelling::new(word, words.len() as u32));
                    keys_of_word.push(Vec::new());
                    (words.len() - 1) as u32
                });
                let of = &mut keys_of_word[w as usize];
                if of.last() != Some(&(at as u32)) {
                    of.push(at as u32);
                }
            }
        }
        let mut forms: HashMap<String, Vec<u32>> = HashMap::new();
        for word in &words {
            for form in forms_of(&word.text) {
                forms.entry(form).or_default().push(word.of);
            }
        }
        words.sort_by_key(|w| w.chars);
        Vocabulary {
            keys,
            names,
            words,
            keys_of_word,
            forms,
        }
    }

    /// [`close`](super::close) over the keys.
    pub fn close(&self, typed: &str) -> Match {
        let wanted = TopicKey::new(typed);
        if wanted.is_empty() {
            return Match::None;
        }
        let bare = Spelled::new(wanted.without_article());
        let scored: Vec<(f64, &TopicKey)> = within_reach(&self.names, &bare, CLOSE_ENOUGH)
            .map(|n| {
                let score = bare.similarity_to(&n.text, n.chars, &n.letters, CLOSE_ENOUGH);
                (score, &self.keys[n.of as usize])
            })
            .filter(|(score, _)| *score >= CLOSE_ENOUGH)
            .collect();
        closest(scored)
    }

    /// [`suggestions`](super::suggestions) over the keys.
    pub fn suggestions(&self, typed: &str) -> Vec<TopicKey> {
        let wanted = TopicKey::new(typed);
        let bare = Spelled::new(wanted.without_article());
        let typed_words = distinct_words(&bare);
        let word_floor = SUGGESTED / WORD_WEIGHT;
        // The keys that may be suggested: spelled like the name whole, or
        // with a word spelled like a typed word or one of its forms.
        let mut candidates: Vec<u32> = within_reach(&self.names, &bare, SUGGESTED)
            .filter(|n| bare.similarity_to(&n.text, n.chars, &n.letters, SUGGESTED) >= SUGGESTED)
            .map(|n| n.of)
            .collect();
        let mut like_words: Vec<u32> = Vec::new();
        for typed_word in &typed_words {
            like_words.extend(
                within_reach(&self.words, typed_word, word_floor).filter_map(|w| {
                    let likeness =
                        typed_word.similarity_to(&w.text, w.chars, &w.letters, word_floor);
                    (likeness * WORD_WEIGHT >= SUGGESTED).then_some(w.of)
                }),
            );
            for form in forms_of(typed_word.text) {
                like_words.extend(self.forms.get(&form).into_iter().flatten().copied());
            }
        }
        like_words.sort_unstable();
        like_words.dedup();
        for word in like_words {
            candidates.extend(&self.keys_of_word[word as usize]);
        }
        candidates.sort_unstable();
        candidates.dedup();
        // Each scored as the scan scores every key.
        let scored: Vec<(f64, &TopicKey)> = candidates
            .into_iter()
            .map(|at| {
                let key = &self.keys[at as usize];
                let whole = bare.similarity(key.without_article(), SUGGESTED);
                let word = key
                    .as_str()
                    .split(' ')
                    .map(|w| word_likeness(&typed_words, w))
                    .fold(0.0, f64::max);
                (whole.max(word * WORD_WEIGHT), key)
            })
            .filter(|(score, _)| *score >= SUGGESTED)
            .collect();
        best_suggested(scored)
    }
}

/// The spellings (sorted by length) whose length could make them at
/// least `floor` like `typed`: a likeness is at most one less the
/// difference of the lengths over the longer. A character of slack each
/// way; the likeness itself decides.
fn within_reach<'v>(
    sorted: &'v [Spelling],
    typed: &Spelled,
    floor: f64,
) -> impl Iterator<Item = &'v Spelling> {
    let length = typed.chars as f64;
    let shortest = (length * floor).floor() as usize;
    let longest = (length / floor).ceil() as usize + 1;
    let from = sorted.partition_point(|s| s.chars + 1 < shortest);
    let to = sorted.partition_point(|s| s.chars <= longest);
    let (mask, chars) = (letter_mask(&typed.letters), typed.chars);
    sorted[from..to.max(from)].iter().filter(move |s| {
        // Each letter one text has and the other has not is an edit at
        // least: counted on the letters' presence alone, in two
        // instructions, before they are counted one by one.
        let mine = (mask & !s.mask).count_ones() as usize;
        let theirs = (s.mask & !mask).count_ones() as usize;
        let longer = chars.max(s.chars).max(1);
        1.0 - mine.max(theirs) as f64 / longer as f64 >= floor - 1e-9
    })
}

/// Which letters a text has, one bit each.
fn letter_mask(letters: &Letters) -> u64 {
    letters
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .fold(0, |mask, (at, _)| mask | 1 << at)
}

/// What a word may be the same word as (see [`same_word`](super::same_word)):
/// two words are one only when they share one of these.
fn forms_of(word: &str) -> Vec<String> {
    let mut forms = vec![word.to_string()];
    forms.extend(singulars(word));
    if let Some(n) = number(word) {
        forms.push(format!("#{n}"));
    }
    forms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookup::{close, suggestions};

    fn keys(names: &[&str]) -> Vec<TopicKey> {
        let mut keys: Vec<TopicKey> = names.iter().map(|n| TopicKey::new(n)).collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// Names made of a few syllables, so that many are alike.
    fn made_up(rng: &mut fastrand::Rng) -> String {
        const PARTS: [&str; 16] = [
            "ka", "ri", "dax", "o", "bri", "en", "the", "away", "team", "teams", "ii", "2", "ship",
            "ships", "wolf", "wolves",
        ];
        let words = rng.usize(1..4);
        (0..words)
            .map(|_| {
                (0..rng.usize(1..4))
                    .map(|_| PARTS[rng.usize(..PARTS.len())])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_index_answers_as_the_scan_does() {
        let mut rng = fastrand::Rng::with_seed(47);
        let names: Vec<String> = (0..3_000).map(|_| made_up(&mut rng)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let keys = keys(&names);
        let vocabulary = Vocabulary::new(keys.clone());
        let mut found = 0;
        for _ in 0..600 {
            let typed = made_up(&mut rng);
            assert_eq!(
                vocabulary.close(&typed),
                close(&typed, keys.iter()),
                "{typed}"
            );
            let suggested = vocabulary.suggestions(&typed);
            assert_eq!(suggested, suggestions(&typed, keys.iter()), "{typed}");
            found += usize::from(!suggested.is_empty());
        }
        // The comparison saw names with suggestions, not only names without.
        assert!(found > 100, "{found}");
    }

    #[test]
    fn forms_and_numbers_are_found_through_the_words() {
        let keys = keys(&["Away Team", "Mission 2", "Wolf Pack", "Kira Nerys"]);
        let vocabulary = Vocabulary::new(keys.clone());
        for typed in [
            "away teams",
            "mission ii",
            "wolves pack",
            "kira neris",
            "nerys",
        ] {
            let suggested = vocabulary.suggestions(typed);
            assert!(!suggested.is_empty(), "{typed}");
            assert_eq!(suggested, suggestions(typed, keys.iter()), "{typed}");
        }
        assert_eq!(
            vocabulary.close("kira neris"),
            Match::Close(TopicKey::new("Kira Nerys"))
        );
    }
}
