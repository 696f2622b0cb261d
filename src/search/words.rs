//! The edition words of a question as a TD types it, before anything is
//! searched: "1e", "2E", "first edition", "2nd edition" anywhere outside
//! quotes are the edition filter, not words to find. Which words carry no
//! topic and which are English at all is [`crate::english`]'s.

use crate::model::Edition;

/// The edition a query names, and the words that named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionWords {
    /// None when the query names both editions.
    pub edition: Option<Edition>,
    /// The words as typed ("1e", "second edition").
    pub typed: Vec<String>,
}

/// The edition a word (or a pair of words) names.
fn edition_of(word: &str, next: Option<&str>) -> Option<(Edition, usize)> {
    let word = word.to_ascii_lowercase();
    match word.as_str() {
        "1e" => return Some((Edition::First, 1)),
        "2e" => return Some((Edition::Second, 1)),
        _ => {}
    }
    let edition = match word.as_str() {
        "first" | "1st" => Edition::First,
        "second" | "2nd" => Edition::Second,
        _ => return None,
    };
    let next = next?.to_ascii_lowercase();
    matches!(next.as_str(), "edition" | "ed").then_some((edition, 2))
}

/// Takes the edition words out of a query (outside quotes): the rest of the
/// query, and what they named. A word keeps its punctuation for the search
/// syntax; an edition word is compared without the punctuation around it
/// ("1e?", "(2e)").
pub fn take_edition(query: &str) -> (String, Option<EditionWords>) {
    let tokens: Vec<&str> = query.split_whitespace().collect();
    let bare = |t: &str| -> String {
        t.trim_matches(|c: char| !c.is_alphanumeric() && c != '"')
            .to_string()
    };
    let mut kept = Vec::with_capacity(tokens.len());
    let mut typed = Vec::new();
    let mut named: Vec<Edition> = Vec::new();
    let mut quoted = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let word = bare(token);
        let found = if quoted || word.contains('"') || word.contains(':') {
            None
        } else {
            edition_of(&word, tokens.get(i + 1).map(|t| bare(t)).as_deref())
        };
        match found {
            // An edition word with an operator or field before it is syntax.
            Some((edition, taken))
                if !token.starts_with(['+', '-'])
                    && !tokens[i..i + taken].iter().any(|t| t.contains('"')) =>
            {
                typed.push(
                    tokens[i..i + taken]
                        .iter()
                        .map(|t| bare(t))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                if !named.contains(&edition) {
                    named.push(edition);
                }
                i += taken;
            }
            _ => {
                quoted ^= token.matches('"').count() % 2 == 1;
                kept.push(token);
                i += 1;
            }
        }
    }
    let words = (!typed.is_empty()).then_some(EditionWords {
        edition: match named.as_slice() {
            [one] => Some(*one),
            _ => None,
        },
        typed,
    });
    (kept.join(" "), words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_words_anywhere_are_taken_out() {
        let (rest, found) = take_edition("ship is damaged 1e");
        assert_eq!(rest, "ship is damaged");
        assert_eq!(
            found,
            Some(EditionWords {
                edition: Some(Edition::First),
                typed: vec!["1e".into()],
            })
        );
        let (rest, found) = take_edition("Second Edition headquarters?");
        assert_eq!(rest, "headquarters?");
        assert_eq!(found.unwrap().edition, Some(Edition::Second));
        let (rest, found) = take_edition("(2E) cloaking");
        assert_eq!(rest, "cloaking");
        assert_eq!(found.unwrap().edition, Some(Edition::Second));
    }

    #[test]
    fn edition_words_in_quotes_fields_or_alone_stay_words() {
        for query in [
            "\"1e rules\" cloaking",
            "edition:1e cloaking",
            "-1e cloaking",
            "first turn",
            "second card",
        ] {
            let (rest, found) = take_edition(query);
            assert_eq!(rest, query, "{query}");
            assert_eq!(found, None, "{query}");
        }
    }

    #[test]
    fn both_editions_named_filter_neither() {
        let (rest, found) = take_edition("cloaking 1e 2e");
        assert_eq!(rest, "cloaking");
        assert_eq!(found.unwrap().edition, None);
    }
}
