//! Limits on what a TD types: a query, a name, a side of a diff. Takes the
//! text as typed, gives whether it may be read at all.
//!
//! Nobody types more than a sentence or two at the judge's table, so text
//! longer than any TD types (a file pasted by mistake, a script gone
//! wrong) is refused at once, with a message, before anything reads it:
//! reading costs time and memory for every word (each word is looked up,
//! corrected, matched in its forms), and the query grammar recurses once
//! for every parenthesis. Below the limits every step costs time and
//! memory in proportion to the text.

use thiserror::Error;

/// Most characters of a query or a name.
pub const MOST_CHARS: usize = 512;
/// Most words (runs of text between spaces) of a query or a name.
pub const MOST_WORDS: usize = 64;
/// Most parentheses open at once in a query (outside quotes).
pub const MOST_NESTING: usize = 8;

/// What the text was typed as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// The words of `search` (or of the interactive search).
    Query,
    /// The topic or card of `show`, `errata` or `diff`.
    Name,
    /// A side of `diff`: a release id or a date.
    Side,
}

impl Typed {
    fn label(self) -> &'static str {
        match self {
            Typed::Query => "query",
            Typed::Name => "name",
            Typed::Side => "diff side",
        }
    }
}

impl std::fmt::Display for Typed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// Text past a limit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TooLong {
    #[error("the {typed} is {count} characters long; a {typed} may have at most {MOST_CHARS}")]
    Chars { typed: Typed, count: usize },
    #[error("the {typed} has {count} words; a {typed} may have at most {MOST_WORDS}")]
    Words { typed: Typed, count: usize },
    #[error("the {typed} nests parentheses {count} deep; a {typed} may nest them at most {MOST_NESTING} deep")]
    Nesting { typed: Typed, count: usize },
}

/// Whether `text`, typed as `typed`, is within the limits. Reads the text
/// once, and at most a few characters past a limit.
pub fn check(typed: Typed, text: &str) -> Result<(), TooLong> {
    // Counting stops a little past the limit: a 100 MB argument is not
    // counted to its end.
    let count = text.chars().take(MOST_CHARS + 1).count();
    if count > MOST_CHARS {
        return Err(TooLong::Chars {
            typed,
            count: text.chars().count(),
        });
    }
    let words = text.split_whitespace().count();
    if words > MOST_WORDS {
        return Err(TooLong::Words {
            typed,
            count: words,
        });
    }
    if typed == Typed::Query {
        let depth = nesting(text);
        if depth > MOST_NESTING {
            return Err(TooLong::Nesting {
                typed,
                count: depth,
            });
        }
    }
    Ok(())
}

/// How many parentheses are open at once at most, outside double quotes
/// (a closing one with none open counts for nothing).
fn nesting(text: &str) -> usize {
    let (mut open, mut most, mut quoted) = (0usize, 0usize, false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => {
                open += 1;
                most = most.max(open);
            }
            ')' if !quoted => open = open.saturating_sub(1),
            _ => {}
        }
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_within_the_limits_passes() {
        for text in [
            "",
            "cloaking",
            "what happens when a ship is damaged 1e",
            "((cloaking OR phasing) -device) \"((((((((((\"",
        ] {
            assert_eq!(check(Typed::Query, text), Ok(()), "{text}");
        }
        assert_eq!(check(Typed::Query, &"é".repeat(MOST_CHARS)), Ok(()));
        let words = vec!["a"; MOST_WORDS].join(" ");
        assert_eq!(check(Typed::Name, &words), Ok(()));
    }

    #[test]
    fn text_past_a_limit_is_refused_with_its_count() {
        assert_eq!(
            check(Typed::Name, &"x".repeat(MOST_CHARS + 1)),
            Err(TooLong::Chars {
                typed: Typed::Name,
                count: MOST_CHARS + 1
            })
        );
        let words = vec!["a"; MOST_WORDS + 1].join(" ");
        assert_eq!(
            check(Typed::Query, &words),
            Err(TooLong::Words {
                typed: Typed::Query,
                count: MOST_WORDS + 1
            })
        );
        let deep = format!("{}a", "(".repeat(MOST_NESTING + 1));
        assert_eq!(
            check(Typed::Query, &deep),
            Err(TooLong::Nesting {
                typed: Typed::Query,
                count: MOST_NESTING + 1
            })
        );
        // A name is not a query: its parentheses are only characters.
        assert_eq!(check(Typed::Name, &deep), Ok(()));
    }

    #[test]
    fn the_message_says_what_and_how_much() {
        let e = check(Typed::Query, &"(".repeat(10_000)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the query is 10000 characters long; a query may have at most 512"
        );
    }
}
