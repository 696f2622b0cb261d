//! The game's words for what players call otherwise: "woman" is *female*,
//! "minus" is *negative*, "captain" a ship's *matching commander*. A word
//! of the question listed here is read also as the documents' word, and
//! the answer says so.
//!
//! `thesaurus.txt` holds one group a line: the documents' word first, then
//! the words people type for it, comma-separated; `#` starts a comment.
//! Only words that mean the same at the judge's table are listed, never a
//! broader or narrower one, and never a game term (to "draw", to "stop").
//!
//! `kinds.txt` holds the game's groups a card belongs to, in the same
//! shape: the kind, then its members ("affiliation": Klingon, Romulan …).
//! A member typed is read also as its kind: the documents rule on "an
//! affiliation", a TD names the one in play.

use std::collections::HashMap;
use std::sync::OnceLock;

const THESAURUS: &str = include_str!("thesaurus.txt");
const KINDS: &str = include_str!("kinds.txt");

type Groups = HashMap<String, Vec<String>>;

/// Typed word (lowercase) → the words a list gives for it: the first word
/// of each line it follows.
fn read(list: &str) -> Groups {
    let mut map: Groups = HashMap::new();
    for line in list.lines() {
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
}

/// `word` (any case) looked up as typed and, failing that, as each base it
/// may be a form of ("captains", "captain").
fn look_up(groups: &Groups, word: &str, bases: &[String]) -> Vec<String> {
    std::iter::once(word.to_lowercase())
        .chain(bases.iter().cloned())
        .find_map(|w| groups.get(&w))
        .cloned()
        .unwrap_or_default()
}

/// The documents' words that `word` means (see [`look_up`]). Empty for a
/// word not listed.
pub(super) fn meant(word: &str, bases: &[String]) -> Vec<String> {
    static GROUPS: OnceLock<Groups> = OnceLock::new();
    look_up(GROUPS.get_or_init(|| read(THESAURUS)), word, bases)
}

/// The kinds `word` is one of ("klingon": affiliation; see [`look_up`]).
/// Empty for a word not listed.
pub(super) fn kinds(word: &str, bases: &[String]) -> Vec<String> {
    static GROUPS: OnceLock<Groups> = OnceLock::new();
    look_up(GROUPS.get_or_init(|| read(KINDS)), word, bases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_group_of_single_words() {
        for line in THESAURUS.lines().chain(KINDS.lines()) {
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

    #[test]
    fn a_member_typed_is_one_of_its_kind() {
        assert_eq!(kinds("Klingons", &["klingon".to_string()]), ["affiliation"]);
        assert_eq!(kinds("maquis", &[]), ["faction"]);
        // The documents set the Borg apart from the affiliations.
        assert!(kinds("borg", &[]).is_empty());
        // A member is no synonym, and a synonym no member.
        assert!(meant("klingon", &[]).is_empty());
        assert!(kinds("woman", &[]).is_empty());
    }
}
