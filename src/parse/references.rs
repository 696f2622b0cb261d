//! Cross-references printed as plain text ("See headquarters.", "See skills
//! – modifying; see also cost."). A document that sets its references in
//! bold ("See **X**") marks every one of them, so its unmarked "see" is
//! prose ("See the Glossary for …") and only the bold ones count; a document
//! without markup (text saved from a web page or a PDF) gives its
//! references in words alone, and those are read here. So are the base
//! documents a text names (the Glossary, the Rulebook).

use std::sync::LazyLock;

use regex::Regex;

use crate::model::{Entry, EntryKind, SupersessionAction};

/// "See X." / "see also X;" up to the end of the sentence or clause.
static BASE_DOCUMENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(Glossary|Rulebook)\b").expect("valid regex"));

/// The base documents `text` names, as printed, each once, in the order
/// they first appear: a release's preamble says which it amends, a ruling
/// which one it revises.
pub fn base_documents(text: &str) -> Vec<&str> {
    let mut found: Vec<&str> = Vec::new();
    for name in BASE_DOCUMENT.find_iter(text).map(|m| m.as_str()) {
        if !found.contains(&name) {
            found.push(name);
        }
    }
    found
}

static PLAIN_SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bsee(?:\s+also)?\s+([^.;:!?()\n]+?)\s*(?:[.;!?)]+(?:\s|$)|$|\n)")
        .expect("valid regex")
});
/// What follows "see" in prose rather than a topic.
static PROSE_AFTER_SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:the|a|an|if|whether|how|what|that|this|these|those|it|them|you|your|his|her|their|our|below|above|page|pages|p\.|also|for|to|in|on|which|who)\b")
        .expect("valid regex")
});
/// The longest reference, in words: a longer run is a sentence.
const MAX_REFERENCE_WORDS: usize = 8;

/// The plain-text references of a body, in order, each once.
pub fn plain_references(text: &str) -> Vec<String> {
    // A reference may wrap onto the next line.
    let flat = text
        .replace("**", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut refs: Vec<String> = Vec::new();
    for c in PLAIN_SEE.captures_iter(&flat) {
        let target = c[1].trim();
        if PROSE_AFTER_SEE.is_match(target) {
            continue;
        }
        for part in target.split(',') {
            let part = part
                .trim()
                .trim_start_matches("and ")
                .trim_matches(['"', '“', '”', '\'', '’', '*', '_'])
                .trim();
            let words = part.split_whitespace().count();
            if words == 0 || words > MAX_REFERENCE_WORDS || !part.chars().any(char::is_alphabetic) {
                continue;
            }
            if !refs.iter().any(|r| r == part) {
                refs.push(part.to_string());
            }
        }
    }
    refs
}

static ONLY_PLAIN_SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\(?(?:this entry is replaced with:\s*)?see\s+[^.!?]+?(?:;\s*see also\s+[^.!?]+?)?\.?\)?\.?$")
        .expect("valid regex")
});

/// Whether a body only points elsewhere, in plain words.
pub fn is_plain_redirect(text: &str) -> bool {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    ONLY_PLAIN_SEE.is_match(&flat) && !plain_references(&flat).is_empty()
}

/// Gives the entries of a document without marked-up references the
/// references their words print; a head whose whole body is a reference
/// becomes a redirect, unless it is an erratum (marked so, or worded so).
pub fn fill_plain_references(entries: &mut [Entry]) {
    if entries.iter().any(|e| !e.see.is_empty()) {
        return;
    }
    for entry in entries.iter_mut() {
        let refs = plain_references(&entry.text);
        if refs.is_empty() {
            continue;
        }
        if is_plain_redirect(&entry.text) && entry.kind != EntryKind::Erratum {
            entry.kind = EntryKind::Redirect;
        }
        for s in &mut entry.supersedes {
            if s.action == SupersessionAction::Replaces && s.target.is_none() {
                s.target = plain_references(&s.statement).into_iter().next();
            }
        }
        entry.cards.retain(|c| !refs.contains(c));
        entry.see = refs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_documents_are_named_once_in_order() {
        assert_eq!(
            base_documents("since the Rulebook and the Glossary v1.9.1; see the Glossary"),
            ["Rulebook", "Glossary"]
        );
        assert!(base_documents("glossary updates, rulebooks").is_empty());
    }

    #[test]
    fn plain_references_in_every_printed_shape() {
        assert_eq!(plain_references("See headquarters."), ["headquarters"]);
        assert_eq!(
            plain_references("See skills – modifying; see also cost."),
            ["skills – modifying", "cost"]
        );
        assert_eq!(
            plain_references("See skills - diplomacy."),
            ["skills - diplomacy"]
        );
        assert_eq!(
            plain_references("It moves. (See Crystalline Entity, Dal'Rok.)"),
            ["Crystalline Entity", "Dal'Rok"]
        );
        assert!(plain_references("See 7.5 for damage").is_empty());
        assert!(plain_references("See the Glossary for the permanent list.").is_empty());
        assert!(plain_references("Wait and see if it works.").is_empty());
    }

    #[test]
    fn a_body_of_only_a_reference_is_a_redirect() {
        assert!(is_plain_redirect("See skills - diplomacy."));
        assert!(is_plain_redirect("See skills – modifying; see also cost."));
        assert!(!is_plain_redirect(
            "Now counts as a ship. See headquarters."
        ));
    }
}
