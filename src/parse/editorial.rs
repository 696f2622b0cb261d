//! A rules-update article's own voice: the sentences in which the article
//! speaks of the update rather than rules on a card or a term. Printed
//! between its rulings, they are no ruling's text: each is front matter.
//!
//! - what the update did to the documents it amends ("This impacted the
//!   entry for cloaking.", "This affected the Errata appendix."): past
//!   tense, and a part of a document named;
//! - an introduction of the rulings after it ("The following changes take
//!   effect immediately …", "The following temporary ruling is in effect
//!   until the next Glossary update:");
//! - the article's greeting and sign-off ("Thanks to everyone who sent in
//!   questions …", "Questions about these rulings can be asked …").
//!
//! An introduction that names temporary rulings makes the rulings after
//! it temporary, up to the next heading or the next sentence of the
//! article's own.

use std::sync::LazyLock;

use regex::Regex;

static IMPACT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^this\s+(?:(?:ruling|change|update)\s+)?(?:impacted|affected|changed|updated|modified|touched)\s+(?:the|an?)\s+(?:[\w’'-]+\s+){0,3}?(?:entry|entries|appendix|section|sections|glossary|rulebook|errata|compendium)\b")
        .expect("valid regex")
});
static INTRODUCTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^the\s+following\s+(?:[\w-]+\s+){0,3}?(?:rulings?|changes?|errata|updates?|clarifications?)\b")
        .expect("valid regex")
});
static GREETING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:thanks|thank\s+you|welcome\s+to|questions\s+(?:about|on|regarding)|as\s+always|happy\s+gaming|see\s+you|until\s+next\s+(?:month|time))\b")
        .expect("valid regex")
});
static TEMPORARY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\btemporary\b").expect("valid regex"));

/// What a paragraph of the article's own voice says of the rulings after
/// it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Editorial {
    /// It introduces temporary rulings: those after it are temporary.
    Temporary,
    /// Any other sentence of the article's own.
    Other,
}

/// Whether a paragraph (its first line) is the article's own voice, and
/// what it says of the rulings after it.
pub fn editorial(paragraph: &str) -> Option<Editorial> {
    let text = paragraph.trim().trim_start_matches(['*', '_']);
    if INTRODUCTION.is_match(text) {
        Some(if TEMPORARY.is_match(text) {
            Editorial::Temporary
        } else {
            Editorial::Other
        })
    } else if IMPACT.is_match(text) || GREETING.is_match(text) {
        Some(Editorial::Other)
    } else {
        None
    }
}

/// The tag a head carries when the page marked its ruling temporary (a
/// web page's blue, `Borg Queen (temporary)`), dropped from the topic.
pub const TEMPORARY_TAG: &str = "(temporary)";

/// A topic without its temporary tag, when it carries one.
pub fn untagged(topic: &str) -> Option<&str> {
    let t = topic.trim_end();
    let start = t.len().checked_sub(TEMPORARY_TAG.len())?;
    let tag = t.get(start..)?;
    (tag.eq_ignore_ascii_case(TEMPORARY_TAG) && start > 0).then(|| t[..start].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_articles_voice_is_told_from_a_ruling() {
        assert_eq!(
            editorial("This impacted the entry for cloaking."),
            Some(Editorial::Other)
        );
        assert_eq!(
            editorial("This affected the Errata appendix."),
            Some(Editorial::Other)
        );
        assert_eq!(
            editorial(
                "The following temporary ruling is in effect until the next Glossary update:"
            ),
            Some(Editorial::Temporary)
        );
        assert_eq!(
            editorial("The following changes take effect immediately."),
            Some(Editorial::Other)
        );
        assert_eq!(
            editorial("Thanks to everyone who sent in questions."),
            Some(Editorial::Other)
        );
        // A ruling's own words stay its own.
        assert_eq!(
            editorial("This reverses the existing Glossary entry."),
            None
        );
        assert_eq!(editorial("This changes the timing of battle."), None);
        assert_eq!(editorial("The following cards are affected:"), None);
        assert_eq!(editorial("Revise as follows:"), None);
    }

    #[test]
    fn a_temporary_tag_leaves_the_topic() {
        assert_eq!(untagged("Borg Queen (temporary)"), Some("Borg Queen"));
        assert_eq!(untagged("Borg Queen (Temporary)"), Some("Borg Queen"));
        assert_eq!(untagged("Borg Queen"), None);
        assert_eq!(untagged("(temporary)"), None);
    }
}
