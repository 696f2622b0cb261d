//! Topic identity. Two printings of a topic are one topic when they differ only
//! in case, dashes, punctuation, icons, markup, or a trailing article
//! ("Big Picture, The" is "The Big Picture"). [`TopicKey`] is that identity.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The normalized identity of a topic: lowercase words separated by single spaces.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TopicKey(String);

impl TopicKey {
    pub fn new(printed: &str) -> TopicKey {
        TopicKey(normalize(printed))
    }

    /// A key that is already normalized (as the index stores it).
    pub fn from_normalized(key: &str) -> TopicKey {
        TopicKey(key.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The key without a leading article, for forgiving look-ups.
    pub fn without_article(&self) -> &str {
        for article in ["the ", "a ", "an "] {
            if let Some(rest) = self.0.strip_prefix(article) {
                return rest;
            }
        }
        &self.0
    }
}

impl fmt::Display for TopicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Lowercase, drop markup and icons, fold every run of non-alphanumeric
/// characters to one space (apostrophes vanish, so "O’Brien" = "O'Brien" =
/// "obrien"), and move a trailing ", The" to the front.
pub fn normalize(printed: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    for ch in printed.chars() {
        if ch.is_alphanumeric() {
            current.extend(ch.to_lowercase());
        } else if is_apostrophe(ch) {
            // Inside a word an apostrophe joins ("Jem'Hadar" → "jemhadar").
        } else if !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    if words.len() >= 2 {
        let last = words[words.len() - 1].as_str();
        let comma_before_last = printed
            .trim_end()
            .trim_end_matches(|c: char| !c.is_alphanumeric())
            .rsplit_once(',')
            .is_some_and(|(_, tail)| normalize_word(tail) == last);
        if comma_before_last && matches!(last, "the" | "a" | "an") {
            let article = words.pop().expect("two words or more");
            words.insert(0, article);
        }
    }
    words.join(" ")
}

fn normalize_word(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn is_apostrophe(ch: char) -> bool {
    matches!(ch, '\'' | '’' | '‘' | '`' | 'ʼ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_case_and_punctuation_fold() {
        assert_eq!(normalize("missions - persona"), "missions persona");
        assert_eq!(normalize("missions – persona"), "missions persona");
        assert_eq!(normalize("Missions — Persona"), "missions persona");
        assert_eq!(normalize("“stopped”"), "stopped");
        assert_eq!(normalize("\"stopped\""), "stopped");
    }

    #[test]
    fn icons_and_markers_vanish() {
        assert_eq!(normalize("◆Nebula"), "nebula");
        assert_eq!(normalize("♦Nebula"), "nebula");
        assert_eq!(normalize("Reactor Core icon 🏭"), "reactor core icon");
        assert_eq!(normalize("***couple**"), "couple");
    }

    #[test]
    fn apostrophes_join_words() {
        assert_eq!(normalize("Chief O’Brien"), "chief obrien");
        assert_eq!(normalize("Chief O'Brien"), "chief obrien");
    }

    #[test]
    fn trailing_article_moves_to_the_front() {
        assert_eq!(normalize("Big Picture, The"), normalize("The Big Picture"));
        assert_eq!(normalize("Wake of the Borg, The"), "the wake of the borg");
        assert_eq!(normalize("cannot / may not"), "cannot may not");
        // A comma that is not before a lone article changes nothing.
        assert_eq!(normalize("attributes, ship"), "attributes ship");
    }

    #[test]
    fn without_article_for_lookups() {
        assert_eq!(
            TopicKey::new("The Big Picture").without_article(),
            "big picture"
        );
        assert_eq!(
            TopicKey::new("time location").without_article(),
            "time location"
        );
    }
}
