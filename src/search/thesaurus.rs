//! The game's words for what players call otherwise: "woman" is *female*,
//! "minus" is *negative*, "captain" a ship's *matching commander*. A word
//! of the question listed here is read also as the documents' word, and
//! the answer says so.
//!
//! `thesaurus.txt` holds one group a line: the documents' word first, then
//! the words people type for it, comma-separated; `#` starts a comment.
//! Only words that mean the same at the judge's table are listed, never a
//! broader or narrower one, and never a game term (to "draw", to "stop").

use std::collections::HashMap;
use std::sync::OnceLock;

const THESAURUS: &str = include_str!("thesaurus.txt");

/// Typed word (lowercase) → the documents' words it means.
fn groups() -> &'static HashMap<String, Vec<String>> {
    static GROUPS: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        for line in THESAURUS.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split(',').map(|w| w.trim().to_lowercase());
            let Some(word) = words.next() else { continue };
            for typed in words.filter(|w| !w.is_empty()) {
                let meant = map.entry(typed).or_default();
                if !meant.contains(&word) {
                    meant.push(word.clone());
                }
            }
        }
        map
    })
}

/// The documents' words that `word` (any case) means, looked up as typed
/// and, failing that, as each base it may be a form of ("captains",
/// "captain"). Empty for a word not listed.
pub(super) fn meant(word: &str, bases: &[String]) -> Vec<String> {
    let groups = groups();
    std::iter::once(word.to_lowercase())
        .chain(bases.iter().cloned())
        .find_map(|w| groups.get(&w))
        .cloned()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_group_of_single_words() {
        for line in THESAURUS.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split(',').map(str::trim).collect();
            assert!(words.len() >= 2, "{line}");
            for word in words {
                assert!(
                    !word.is_empty() && word.chars().all(|c| c.is_alphabetic() || c == '-'),
                    "{line}"
                );
                assert_eq!(word, word.to_lowercase(), "{line}");
            }
        }
    }

    #[test]
    fn a_typed_word_means_the_documents_word() {
        assert_eq!(meant("Woman", &[]), ["female"]);
        assert_eq!(meant("captains", &["captain".to_string()]), ["commander"]);
        assert!(meant("female", &[]).is_empty());
        assert!(meant("tribble", &[]).is_empty());
    }
}
