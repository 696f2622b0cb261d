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

/// The edition a number word names: "1", "1st", "first"; "2", "2nd",
/// "second".
fn edition_number(word: &str) -> Option<Edition> {
    match word {
        "1" | "1st" | "first" => Some(Edition::First),
        "2" | "2nd" | "second" => Some(Edition::Second),
        _ => None,
    }
}

/// The edition one word names, written as one: "1e", "2E", "1ed",
/// "first-edition", "2nd-ed", "2nd.ed". The letter "e" alone follows only
/// a digit ("1e", not "firste").
fn edition_in_one_word(word: &str) -> Option<Edition> {
    let parts: Vec<&str> = word
        .split(['-', '.', '_'])
        .filter(|p| !p.is_empty())
        .collect();
    let (number, ending) = match parts.as_slice() {
        [number, ending] => (*number, *ending),
        [whole] => ["edition", "ed", "e"].iter().find_map(|ending| {
            whole
                .strip_suffix(ending)
                .filter(|n| !n.is_empty())
                .map(|n| (n, *ending))
        })?,
        _ => return None,
    };
    let edition = edition_number(number)?;
    match ending {
        "edition" | "ed" => Some(edition),
        "e" if number.bytes().all(|b| b.is_ascii_digit()) => Some(edition),
        _ => None,
    }
}

/// The edition a word (or a pair of words) names, and how many words.
fn edition_of(word: &str, next: Option<&str>) -> Option<(Edition, usize)> {
    let word = word.to_ascii_lowercase();
    if let Some(edition) = edition_in_one_word(&word) {
        return Some((edition, 1));
    }
    let edition = edition_number(&word)?;
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
    fn an_edition_written_as_one_word_or_two() {
        for (query, edition) in [
            ("missions 1ed", Edition::First),
            ("missions first-edition", Edition::First),
            ("missions 1st-ed", Edition::First),
            ("missions 2nd.edition", Edition::Second),
            ("missions 2ndedition", Edition::Second),
            ("missions 2 edition", Edition::Second),
            ("missions 2nd ed.", Edition::Second),
        ] {
            let (rest, found) = take_edition(query);
            assert_eq!(rest, "missions", "{query}");
            assert_eq!(found.unwrap().edition, Some(edition), "{query}");
        }
        for query in [
            "missions firste",
            "missions 3e",
            "missions 2 cards",
            "red edition",
        ] {
            let (rest, found) = take_edition(query);
            assert_eq!((rest.as_str(), found), (query, None), "{query}");
        }
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
