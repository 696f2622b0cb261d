//! Markdown bodies as plain text: an entry's Markdown in, the text that is
//! indexed, compared, quoted and shown out, with the symbols a document's
//! conversion lost marked [`LOST`], and two texts compared word for word
//! ([`word_diff`]). The index, the diff, `update` and the renderers all
//! read this one text, so it sits below all of them.

mod words;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, TextMergeStream};

pub use words::{plain_word_diff, word_diff, WordChange, WordOp};

use crate::safe::sanitize;

/// Nesting levels a list shows; deeper items print at this depth.
pub const MAX_LIST_INDENT: usize = 8;

/// A Markdown body as plain text: emphasis and underline dropped, one blank
/// line between paragraphs, list items as "- ", control characters removed.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::new();
    // Each open list: the number of its next item, for a numbered one
    // (timing steps keep their numbers: "Step 8 or 9" must stay findable).
    let mut lists: Vec<Option<u64>> = Vec::new();
    let parser = Parser::new_ext(markdown, Options::empty());
    for event in TextMergeStream::new(parser) {
        match event {
            Event::Start(Tag::Paragraph) if lists.is_empty() => start_block(&mut out),
            Event::Start(Tag::Heading { .. }) => start_block(&mut out),
            Event::Start(Tag::List(first)) => {
                if lists.is_empty() {
                    start_block(&mut out);
                }
                lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                // Deeper levels share the deepest indent: a list nested
                // thousands deep (`* * * … x`) would otherwise print an
                // indent per level per item, quadratic in the input.
                let depth = lists.len().saturating_sub(1).min(MAX_LIST_INDENT);
                out.push_str(&"  ".repeat(depth));
                match lists.last_mut() {
                    Some(Some(number)) => {
                        out.push_str(&format!("{number}. "));
                        *number += 1;
                    }
                    _ => out.push_str("- "),
                }
            }
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::Html(h) | Event::InlineHtml(h) => {
                let tag = h.trim().to_ascii_lowercase();
                if !(tag == "<u>" || tag == "</u>" || tag.starts_with("<br")) {
                    out.push_str(&h);
                }
            }
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::Rule => {
                start_block(&mut out);
                out.push_str("---");
            }
            _ => {}
        }
    }
    flag_lost_gaps(&sanitize(out.trim()))
}

/// The mark of a symbol the conversion of a document lost (an icon of the
/// printed card): the curated corpus writes it where one was lost, and
/// [`plain_text`] puts it where a raw text's gap can only be one.
pub const LOST: &str = "[?]";

/// What [`LOST`] means, said once per answer that shows it.
pub const LOST_NOTE: &str =
    "[?] marks an icon or symbol lost when this document was converted — see the printed card";

/// A kind of gap inside a sentence where a word must be, and what marks
/// it: what a PDF or web page loses when an icon is drawn rather than
/// written.
struct Gap {
    pattern: std::sync::LazyLock<regex::Regex>,
    mark: &'static str,
    /// Whether `text` can hold such a gap at all: a test far cheaper than
    /// compiling the pattern, which most answers then never do (its Unicode
    /// classes cost milliseconds to compile, more than the answer).
    possible: fn(&str) -> bool,
}

/// Whether a letter stands right before `needle` somewhere in `text`.
fn letter_before(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphabetic)
    })
}

static LOST_GAPS: [Gap; 4] = [
    // Two spaces or more between words: "your unopposed  personnel".
    Gap {
        pattern: std::sync::LazyLock::new(|| gap_pattern(r"([\p{L}\p{N},(])  +([\p{L}(])")),
        mark: "$1 [?] $2",
        possible: |t| t.contains("  "),
    },
    // A prefix without its word: "a non- personnel" (not a suspended
    // hyphen, "pre- and post-game").
    Gap {
        pattern: std::sync::LazyLock::new(|| gap_pattern(r"\b(\p{L}+-) (\p{L}+)")),
        mark: "$1[?] $2",
        possible: |t| letter_before(t, "- "),
    },
    // An empty place in a list or before a closing bracket: "(, , or )",
    // "(and no )".
    Gap {
        pattern: std::sync::LazyLock::new(|| gap_pattern(r"(\(|, |\p{L} )([,)])")),
        mark: "$1[?]$2",
        possible: |t| ["(,", "()", " ,", " )"].iter().any(|n| t.contains(n)),
    },
    // A line that begins with a colon: a lost icon labelled (": Draw one
    // card").
    Gap {
        pattern: std::sync::LazyLock::new(|| gap_pattern(r"(?m)^ *:")),
        mark: "[?]:",
        possible: |t| {
            t.lines()
                .any(|l| l.trim_start_matches(' ').starts_with(':'))
        },
    },
];

fn gap_pattern(pattern: &str) -> regex::Regex {
    regex::Regex::new(pattern).expect("a valid pattern")
}

/// Marks the gaps of [`LOST_GAPS`] with [`LOST`].
fn flag_lost_gaps(text: &str) -> String {
    let mut text = text.to_string();
    for gap in &LOST_GAPS {
        if !(gap.possible)(&text) {
            continue;
        }
        let mark = gap.mark;
        // Matches do not overlap: a list of gaps ("(, , or )") needs a
        // second pass for every other one.
        for _ in 0..2 {
            let marked = gap.pattern.replace_all(&text, |c: &regex::Captures| {
                if mark.starts_with("$1[?] $2") && matches!(&c[2], "and" | "or" | "to") {
                    return c[0].to_string();
                }
                let mut out = String::new();
                c.expand(mark, &mut out);
                out
            });
            if let std::borrow::Cow::Owned(marked) = marked {
                text = marked;
            } else {
                break;
            }
        }
    }
    text
}

/// A body as compared: plain text, whitespace folded to single spaces.
pub fn comparable(markdown: &str) -> String {
    folded(&plain_text(markdown))
}

/// Text with whitespace folded to single spaces.
pub fn folded(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn start_block(out: &mut String) {
    if !out.is_empty() {
        while out.ends_with('\n') {
            out.pop();
        }
        out.push_str("\n\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_plain_text() {
        let md =
            "Replace **this** entry with <u>the</u> following:\n\n- one\n- two *items*\n\nEnd.";
        assert_eq!(
            plain_text(md),
            "Replace this entry with the following:\n\n- one\n- two items\n\nEnd."
        );
    }

    #[test]
    fn gaps_where_a_word_must_be_are_marked() {
        assert_eq!(
            plain_text("When your unopposed  personnel present, and no ), a non- personnel."),
            "When your unopposed [?] personnel present, and no [?]), a non-[?] personnel."
        );
        assert_eq!(
            plain_text("All non- personnel with an icon (, , or ) are Borg; pre- and post-game."),
            "All non-[?] personnel with an icon ([?], [?], or [?]) are Borg; pre- and post-game."
        );
        assert_eq!(
            plain_text("Probe:\n\n : \"Oooh.\" Draw one card."),
            "Probe:\n\n[?]: \"Oooh.\" Draw one card."
        );
        // Curated marks and ordinary text are left as they are.
        assert_eq!(plain_text("a [?] card, (see X)"), "a [?] card, (see X)");
        // Each gap's cheap test lets through every text its pattern matches.
        let texts = [
            "a  b",
            "1  (x",
            ",  é",
            "non- personnel",
            "Ünter- Öl",
            "(, x",
            "()",
            "a ,",
            "b )",
            ", )",
            ":x",
            "  : y",
            "a\n:b",
            "a\r\n : b",
            "a\r:b",
            "ab - cd",
            "x-y z",
            "plain text.",
            "",
        ];
        for gap in &LOST_GAPS {
            for text in texts {
                if gap.pattern.is_match(text) {
                    assert!((gap.possible)(text), "{:?} on {text:?}", gap.mark);
                }
            }
        }
        assert_eq!(plain_text("One.  Two."), "One.  Two.");
    }

    #[test]
    fn numbered_steps_keep_their_numbers() {
        assert_eq!(
            plain_text("Steps:\n\n6. *Resolution*: all die.\n7. Done.\n"),
            "Steps:\n\n6. Resolution: all die.\n7. Done."
        );
    }

    #[test]
    fn markup_and_whitespace_alone_are_no_change() {
        assert_eq!(
            comparable("A **bold**\nmove.\n\nNext \n paragraph."),
            comparable("A bold move. Next paragraph.")
        );
        assert_ne!(comparable("A bold move."), comparable("A bolder move."));
    }
}
