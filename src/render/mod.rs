//! Rendering for people: Markdown bodies as plain wrapped text, citations,
//! statuses in words. Library types hold data; this is where they become
//! sentences. Every renderer takes a [`Style`] and writes to any writer.

mod style;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, TextMergeStream};

pub use style::Style;

use crate::index::timeline::Period;
use crate::model::Entry;
use crate::safe::{escape_name, sanitize};
use crate::status::{base_document, Status};

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

/// Paints every [`LOST`] mark of an answer's lines and adds [`LOST_NOTE`]
/// once, at the end, when one is shown.
pub fn mark_lost(style: &Style, lines: Vec<String>) -> Vec<String> {
    if !lines.iter().any(|l| l.contains(LOST)) {
        return lines;
    }
    let painted = style.caution_bold(LOST);
    let mut lines: Vec<String> = lines
        .into_iter()
        .map(|l| l.replace(LOST, &painted))
        .collect();
    lines.push(String::new());
    lines.push(style.dimmed(&format!("note: {LOST_NOTE}")));
    lines
}

fn start_block(out: &mut String) {
    if !out.is_empty() {
        while out.ends_with('\n') {
            out.pop();
        }
        out.push_str("\n\n");
    }
}

/// Wraps plain text to `width` columns, every line indented by `indent`;
/// list items keep a hanging indent.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            lines.push(String::new());
            continue;
        }
        // A hanging indent wider than half the line would leave no room for
        // words, and its copy on every wrapped line would multiply the text.
        let lead: String = line
            .chars()
            .take_while(|c| *c == ' ')
            .take(width.max(20) / 2)
            .collect();
        let hanging = if line.trim_start().starts_with("- ") {
            format!("{indent}{lead}  ")
        } else {
            format!("{indent}{lead}")
        };
        // No hyphenation: release ids, file names and card titles with
        // hyphens stay whole.
        let options = textwrap::Options::new(width.max(20))
            .initial_indent(indent)
            .subsequent_indent(&hanging)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for wrapped in textwrap::wrap(line, options) {
            lines.push(wrapped.into_owned());
        }
    }
    lines.join("\n")
}

/// Where an entry comes from: release title and date, section, file:line.
pub fn citation(release_title: &str, entry: &Entry) -> String {
    let mut parts = vec![format!(
        "{} ({})",
        sanitize(release_title),
        entry.release_date
    )];
    if let Some(section) = &entry.section {
        parts.push(sanitize(section));
    }
    if entry.dated {
        parts.push(format!("dated {}", entry.date));
    }
    parts.push(escape_name(&entry.location()));
    parts.join(", ")
}

/// A status, colored by what it means for a TD.
pub fn status_badge(style: &Style, status: &Status) -> String {
    let label = status.label();
    match status {
        Status::InForce => style.good_bold(label),
        Status::Consolidated { .. } => style.caution_bold(label),
        Status::Superseded { .. } | Status::Rescinded { .. } => style.bad_bold(label),
    }
}

/// A status in one line for people: "superseded by … (2014-11-03)";
/// `title` is the title of the release the status names, when known.
pub fn describe_status(status: &Status, title: Option<&str>) -> String {
    let named = |id: &str| sanitize(title.unwrap_or(id));
    match status {
        Status::InForce => "in force".to_string(),
        Status::Superseded { release, date, .. } => {
            format!("superseded by {} ({date})", named(release))
        }
        Status::Rescinded { release, date, .. } => {
            format!("rescinded by {} ({date})", named(release))
        }
        Status::Consolidated {
            release_title,
            date,
            since,
            ..
        } => format!(
            "consolidated: {} ({date}) covers rulings since {} and does not repeat this one — check the {}",
            sanitize(release_title),
            sanitize(since),
            sanitize(&base_document(since))
        ),
    }
}

/// A status in one short line, for the head of an answer: a consolidated
/// ruling names the release that does not repeat it and where to look.
pub fn describe_short(period: &Period) -> String {
    match &period.status {
        Some(Status::Consolidated {
            release_title,
            date,
            since,
            ..
        }) => format!(
            "consolidated: not repeated by {} ({date}) — check the {}",
            sanitize(release_title),
            sanitize(&base_document(since))
        ),
        _ => describe(period),
    }
}

/// The status of a period in one line for people.
pub fn describe(period: &Period) -> String {
    match &period.status {
        Some(status) => describe_status(status, period.title.as_deref()),
        None => "not yet in effect".to_string(),
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
        let style = Style::plain();
        let lines = mark_lost(&style, vec!["a [?] b".to_string()]);
        assert_eq!(lines.last().unwrap(), &format!("note: {LOST_NOTE}"));
        assert_eq!(mark_lost(&style, vec!["x".into()]), ["x"]);
    }

    #[test]
    fn numbered_steps_keep_their_numbers() {
        assert_eq!(
            plain_text("Steps:\n\n6. *Resolution*: all die.\n7. Done.\n"),
            "Steps:\n\n6. Resolution: all die.\n7. Done."
        );
    }

    #[test]
    fn wrapping_keeps_hanging_indents() {
        let text = "- a list item that is long enough to wrap around";
        assert_eq!(
            wrap(text, 24, "  "),
            "  - a list item that is\n    long enough to wrap\n    around"
        );
    }

    #[test]
    fn deeply_nested_list_renders_within_a_multiple_of_its_size() {
        let markdown = format!("{}x", "* ".repeat(20_000));
        let text = plain_text(&markdown);
        assert!(
            text.ends_with('x'),
            "the item's text survives: {:?}",
            &text[text.len().saturating_sub(20)..]
        );
        assert!(
            text.len() <= 12 * markdown.len(),
            "{} bytes from {}",
            text.len(),
            markdown.len()
        );
        let widest = text.lines().map(str::len).max().unwrap_or(0);
        assert!(
            widest <= 2 * MAX_LIST_INDENT + 10,
            "indent is capped: {widest}"
        );
        let wrapped = wrap(&text, 80, "  ");
        assert!(wrapped.len() <= 2 * text.len() + 1024);
    }

    #[test]
    fn wrap_caps_a_hanging_indent_wider_than_the_line() {
        let line = format!("{}- word word word word word word", " ".repeat(10_000));
        let wrapped = wrap(&line, 40, "");
        assert!(wrapped.lines().all(|l| l.len() <= 60), "{wrapped:?}");
        assert!(wrapped.contains("word"));
    }
}
