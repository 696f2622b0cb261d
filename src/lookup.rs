//! Forgiving topic look-up: what a TD types ("the big picture", "Chief
//! OBrien", "Ferengi Militery Operations") against the topic keys of the
//! corpus. Exact key first, then without a leading article, then the closest
//! keys by edit similarity.

use strsim::normalized_damerau_levenshtein;

use crate::topic::TopicKey;

/// How close a key must be to count as a match of a typed name.
const CLOSE_ENOUGH: f64 = 0.8;
/// How far ahead of the runner-up the best close match must be to be used alone.
const CLEAR_LEAD: f64 = 0.08;
/// How many suggestions "did you mean" offers.
const SUGGESTIONS: usize = 6;

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

/// Finds `typed` among `keys`.
pub fn find<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey> + Clone) -> Match {
    let wanted = TopicKey::new(typed);
    if wanted.is_empty() {
        return Match::None;
    }
    if let Some(k) = keys.clone().into_iter().find(|k| **k == wanted) {
        return Match::Exact(k.clone());
    }
    let bare = wanted.without_article();
    if let Some(k) = keys
        .clone()
        .into_iter()
        .find(|k| k.without_article() == bare)
    {
        return Match::Exact(k.clone());
    }
    let keys_again = keys.clone();
    let mut scored: Vec<(f64, &TopicKey)> = keys
        .into_iter()
        .map(|k| (similarity(bare, k.without_article()), k))
        .filter(|(score, _)| *score >= CLOSE_ENOUGH)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    if scored.is_empty() {
        // Typed words that only begin a longer topic ("7.4.2 personnel battle").
        let words: Vec<&str> = bare.split(' ').collect();
        let containing: Vec<&TopicKey> = keys_again
            .into_iter()
            .filter(|k| contains_words(k.as_str(), &words))
            .collect();
        return match containing.as_slice() {
            [] => Match::None,
            [only] => Match::Close((*only).clone()),
            many => Match::Several(
                many.iter()
                    .take(SUGGESTIONS)
                    .map(|k| (*k).clone())
                    .collect(),
            ),
        };
    }
    match scored.as_slice() {
        [] => Match::None,
        [(_, only)] => Match::Close((*only).clone()),
        [(best, key), (second, _), ..] if best - second >= CLEAR_LEAD => {
            Match::Close((*key).clone())
        }
        many => Match::Several(
            many.iter()
                .take(SUGGESTIONS)
                .map(|(_, k)| (*k).clone())
                .collect(),
        ),
    }
}

/// Keys that look like `typed` even from afar, best first, for "did you mean".
pub fn suggestions<'k>(typed: &str, keys: impl IntoIterator<Item = &'k TopicKey>) -> Vec<TopicKey> {
    let wanted = TopicKey::new(typed);
    let bare = wanted.without_article();
    let mut scored: Vec<(f64, &TopicKey)> = keys
        .into_iter()
        .map(|k| {
            let whole = similarity(bare, k.without_article());
            let word = bare
                .split(' ')
                .flat_map(|w| k.as_str().split(' ').map(move |kw| similarity(w, kw)))
                .fold(0.0, f64::max);
            (whole.max(word * 0.9), k)
        })
        .filter(|(score, _)| *score >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, k)| k.clone())
        .collect()
}

/// Whether `key` holds every typed word, in order, as whole words.
fn contains_words(key: &str, words: &[&str]) -> bool {
    let key_words: Vec<&str> = key.split(' ').collect();
    !words.is_empty() && key_words.windows(words.len()).any(|window| window == words)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(names: &[&str]) -> Vec<TopicKey> {
        names.iter().map(|n| TopicKey::new(n)).collect()
    }

    #[test]
    fn exact_up_to_case_punctuation_and_articles() {
        let k = keys(&["The Big Picture", "time location", "Chief O’Brien"]);
        assert_eq!(
            find("big picture", &k),
            Match::Exact(TopicKey::new("The Big Picture"))
        );
        assert_eq!(
            find("TIME-LOCATION", &k),
            Match::Exact(TopicKey::new("time location"))
        );
        assert_eq!(
            find("chief o'brien", &k),
            Match::Exact(TopicKey::new("Chief O’Brien"))
        );
    }

    #[test]
    fn a_typo_finds_the_single_close_key() {
        let k = keys(&[
            "Ferengi Military Operations",
            "Going to the Top",
            "time location",
        ]);
        assert_eq!(
            find("Ferengi Militery Operation", &k),
            Match::Close(TopicKey::new("Ferengi Military Operations"))
        );
        assert_eq!(find("warp speed", &k), Match::None);
    }

    #[test]
    fn several_close_keys_are_offered() {
        let k = keys(&["missions", "mission II", "missions attempt"]);
        assert!(matches!(
            find("mission", &k),
            Match::Close(_) | Match::Several(_)
        ));
        let k = keys(&[
            "7.4.2: Personnel Battle & 7.4.3: Ship Battle",
            "4.2: Mission Phase",
        ]);
        assert_eq!(
            find("7.4.2 personnel battle", &k),
            Match::Close(TopicKey::new(
                "7.4.2: Personnel Battle & 7.4.3: Ship Battle"
            ))
        );
        let k = keys(&["Sam Lavelle", "Sam Lavell"]);
        assert!(matches!(find("Sam Lavele", &k), Match::Several(v) if v.len() == 2));
    }
}
