//! What an entry's body says about itself: the entries it points to ("See
//! **X**"), what it supersedes ("Replace this entry with the following"), the
//! cards it names in bold or underline, and so its kind.

use std::sync::LazyLock;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, TextMergeStream};
use regex::Regex;

use crate::model::{EntryKind, Supersession, SupersessionAction};

/// "See **X**", "See **X, Y**", "see **7.5**: **Damage and Repairs**".
static SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bsee\s+((?:\*\*[^*]+\*\*)(?:\s*[:,]?\s*(?:and\s+)?\*\*[^*]+\*\*)*)")
        .expect("valid regex")
});
static BOLD_SPAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\*\*([^*]+)\*\*(\s*:\s*)?").expect("valid regex"));
static SENTENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[^.!?\n]+(?:[.!?]+|\n|$)").expect("valid regex"));
static PART: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe\s+((?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|next-to-last|last|final)(?:\s+(?:and|through)\s+\w+)?\s+(?:sentence|paragraph|paragraphs|bullet point|section|portion)(?:\s+of\s+the\s+\w+\s+paragraph)?)")
        .expect("valid regex")
});
static ONLY_SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\(?(?:this entry is replaced with:\s*)?see\s+(?:\*\*[^*]+\*\*[\s,:]*(?:and\s+)?)+\.?\)?\.?$")
        .expect("valid regex")
});
/// A sentence that reverses or deletes must name what: an entry, a ruling,
/// a part of one, or a base document.
static ENTRY_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(entry|entries|ruling|rulings|rule|paragraphs?|sentence|section|glossary|rulebook)\b",
    )
    .expect("valid regex")
});
static ERRATUM_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\berrat(?:um|a)\b|revised game text|updated lore").expect("valid regex")
});

/// Every cross-reference in `text`, in order, each once.
pub fn see_references(text: &str) -> Vec<String> {
    let mut refs: Vec<String> = Vec::new();
    for c in SEE.captures_iter(text) {
        let group = &c[1];
        let mut pending: Option<String> = None;
        for span in BOLD_SPAN.captures_iter(group) {
            let inner = span[1].trim();
            if let Some(head) = pending.take() {
                // `**7.5**: **Damage and Repairs**` names one section.
                push_unique(&mut refs, format!("{head}: {}", clean_reference(inner)));
                continue;
            }
            if span.get(2).is_some() && !inner.contains(',') {
                pending = Some(clean_reference(inner));
                continue;
            }
            for part in split_list(inner) {
                push_unique(&mut refs, part);
            }
        }
        if let Some(head) = pending {
            push_unique(&mut refs, head);
        }
    }
    refs
}

fn push_unique(refs: &mut Vec<String>, item: String) {
    if !item.is_empty() && !refs.contains(&item) {
        refs.push(item);
    }
}

/// Splits "battle – affiliation restrictions, infiltration icon, playing an
/// affiliation (non-Borg)" at the commas outside parentheses.
fn split_list(inner: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(clean_reference(&current));
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    parts.push(clean_reference(&current));
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

fn clean_reference(s: &str) -> String {
    s.trim()
        .trim_end_matches(['.', ',', ';'])
        .trim_matches(['"', '“', '”'])
        .trim_end_matches(['.', ','])
        .trim()
        .to_string()
}

/// The explicit supersession statements in `text`, one per sentence.
pub fn supersessions(text: &str) -> Vec<Supersession> {
    let mut found = Vec::new();
    for m in SENTENCE.find_iter(text) {
        let sentence = m.as_str().trim();
        if sentence.is_empty() {
            continue;
        }
        let lower = sentence.to_lowercase();
        let names_a_ruling = ENTRY_WORDS.is_match(&lower);
        let action = if lower.contains("replaced with") && lower.contains("see ") {
            Some(SupersessionAction::Replaces)
        } else if lower.contains("revers") && names_a_ruling {
            Some(SupersessionAction::Reverses)
        } else if lower.contains("deleted and replaced")
            || lower.starts_with("replace ")
            || lower.contains("is replaced")
            || lower.contains("are replaced")
            || lower.contains("been replaced")
        {
            Some(SupersessionAction::Replaces)
        } else if (lower.contains("deleted") && names_a_ruling)
            || lower.starts_with("delete")
            || lower.contains(", delete")
            || lower.contains("eliminates")
            || lower.contains("has been canceled")
        {
            Some(SupersessionAction::Deletes)
        } else if lower.starts_with("add ") || lower.starts_with("add:") || lower.contains(", add")
        {
            Some(SupersessionAction::Adds)
        } else if lower.starts_with("revise")
            || lower.contains("has been revised")
            || lower.contains("been modified")
        {
            Some(SupersessionAction::Revises)
        } else {
            None
        };
        let Some(action) = action else { continue };
        let target = if action == SupersessionAction::Replaces {
            see_references(sentence).into_iter().next()
        } else {
            None
        };
        let documents = super::references::base_documents(sentence);
        found.push(Supersession {
            action,
            document: (!documents.is_empty()).then(|| documents.join(" and ")),
            part: PART.captures(sentence).map(|c| c[1].to_string()),
            target,
            statement: sentence.to_string(),
        });
    }
    found
}

/// Whether the whole body only points elsewhere.
pub fn is_redirect(text: &str) -> bool {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    ONLY_SEE.is_match(&flat)
}

/// The kind of an entry, from the strongest evidence down: a head marked
/// `Erratum` is an erratum even when its body only points elsewhere (the
/// document says what it is); a body that only points elsewhere is a
/// redirect; errata are errata wherever printed; an update section decides
/// next; an explicit supersession makes a rule change.
pub fn classify_kind(
    text: &str,
    head_says_erratum: bool,
    section_kind: Option<EntryKind>,
    supersedes: &[Supersession],
) -> EntryKind {
    if head_says_erratum {
        EntryKind::Erratum
    } else if is_redirect(text) {
        EntryKind::Redirect
    } else if ERRATUM_WORDS.is_match(text) {
        EntryKind::Erratum
    } else if let Some(kind) = section_kind {
        kind
    } else if !supersedes.is_empty() {
        EntryKind::RuleChange
    } else {
        EntryKind::Clarification
    }
}

/// The kind every entry of a section takes, from the section's heading.
pub fn section_kind(heading: &str) -> Option<EntryKind> {
    let upper = heading.to_uppercase();
    if upper.contains("GLOSSARY") {
        Some(EntryKind::GlossaryUpdate)
    } else if upper.contains("RULEBOOK") {
        Some(EntryKind::RulebookUpdate)
    } else if upper.contains("TEMPORARY") {
        Some(EntryKind::Temporary)
    } else if upper.contains("ERRATA") {
        Some(EntryKind::Erratum)
    } else {
        None
    }
}

/// Card titles set in bold or underline: spans in title case (every word of
/// four letters or more capitalized), other than cross-references and the
/// topic itself. Adjacent spans ("<u>Satan's</u> <u>Robot</u>") are one title.
pub fn card_names(text: &str, see: &[String], topic: &str) -> Vec<String> {
    let mut spans: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    let mut depth = 0usize;
    let mut joinable = false;
    let parser = Parser::new_ext(text, Options::empty());
    for event in TextMergeStream::new(parser) {
        match event {
            Event::Start(Tag::Strong) => {
                depth += 1;
                if current.is_none() {
                    current = Some(String::new());
                }
            }
            Event::End(TagEnd::Strong) => {
                depth = depth.saturating_sub(1);
                joinable = true;
            }
            Event::InlineHtml(html) | Event::Html(html) => {
                let tag = html.trim().to_ascii_lowercase();
                if tag == "<u>" {
                    depth += 1;
                    match current.as_mut() {
                        None => current = Some(String::new()),
                        Some(c) if joinable => c.push(' '),
                        Some(_) => {}
                    }
                } else if tag == "</u>" {
                    depth = depth.saturating_sub(1);
                    joinable = true;
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if depth > 0 {
                    if let Some(c) = current.as_mut() {
                        c.push_str(&t);
                    }
                } else if joinable && t.trim().is_empty() {
                    // Only a space between two spans: they may be one title.
                } else if let Some(done) = current.take() {
                    spans.push(done);
                    joinable = false;
                }
            }
            Event::SoftBreak | Event::HardBreak | Event::End(_) if depth == 0 => {
                if let Some(done) = current.take() {
                    spans.push(done);
                }
                joinable = false;
            }
            _ => {}
        }
    }
    if let Some(done) = current.take() {
        spans.push(done);
    }
    let topic_key = crate::topic::normalize(topic);
    let see_keys: Vec<String> = see.iter().map(|s| crate::topic::normalize(s)).collect();
    let mut cards: Vec<String> = Vec::new();
    for span in spans {
        let name = span
            .trim()
            .trim_end_matches([',', '.', ':', ';'])
            .trim()
            .to_string();
        let key = crate::topic::normalize(&name);
        if key.is_empty()
            || key == topic_key
            || see_keys.iter().any(|s| s == &key || s.contains(&key))
            || !is_title_case(&name)
            || cards.contains(&name)
        {
            continue;
        }
        cards.push(name);
    }
    cards
}

pub fn is_title_case(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    let starts_upper = |w: &str| {
        w.chars()
            .find(|c| c.is_alphanumeric())
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
    };
    !words.is_empty()
        && starts_upper(words[0])
        && words
            .iter()
            .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 4)
            .all(|w| starts_upper(w))
        && name.chars().any(char::is_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_references_in_every_printed_shape() {
        assert_eq!(
            see_references("See **cloaking and phasing**."),
            ["cloaking and phasing"]
        );
        assert_eq!(
            see_references("See **battle – affiliation restrictions, infiltration icon, playing an affiliation (non-Borg)**."),
            ["battle – affiliation restrictions", "infiltration icon", "playing an affiliation (non-Borg)"]
        );
        assert_eq!(
            see_references("(See **missions – persona**.)"),
            ["missions – persona"]
        );
        assert_eq!(
            see_references("facilities; see **facility commander**."),
            ["facility commander"]
        );
        assert_eq!(
            see_references("See **7.5**: **Damage and Repairs**."),
            ["7.5: Damage and Repairs"]
        );
        assert_eq!(
            see_references("See **Crystalline Entity, Dal’Rok, present, “stopped.”**"),
            ["Crystalline Entity", "Dal’Rok", "present", "stopped"]
        );
        assert_eq!(
            see_references("This entry is replaced with: See **timeline disruption**."),
            ["timeline disruption"]
        );
        assert!(see_references("See the Glossary for the permanent list.").is_empty());
    }

    #[test]
    fn supersession_statements() {
        let s = supersessions("Replace this entry with the following:");
        assert_eq!(s[0].action, SupersessionAction::Replaces);
        let s = supersessions("This reverses the existing Glossary entry (which stated …).");
        assert_eq!(
            (s[0].action, s[0].document.as_deref()),
            (SupersessionAction::Reverses, Some("Glossary"))
        );
        let s = supersessions("This Glossary entry has been deleted.");
        assert_eq!(s[0].action, SupersessionAction::Deletes);
        let s = supersessions("This entry is replaced with: See **timeline disruption**.");
        assert_eq!(
            (s[0].action, s[0].target.as_deref()),
            (SupersessionAction::Replaces, Some("timeline disruption"))
        );
        let s = supersessions("Delete the second paragraph of this entry. See **actions**.");
        assert_eq!(
            (s[0].action, s[0].part.as_deref()),
            (SupersessionAction::Deletes, Some("second paragraph"))
        );
        let s = supersessions("Add the following after the tenth paragraph of this entry:");
        assert_eq!(s[0].action, SupersessionAction::Adds);
        assert!(supersessions("You may only scout a location that has a point box.").is_empty());
    }

    #[test]
    fn redirects_only_point_elsewhere() {
        assert!(is_redirect("See **Ferengi Ingenuity**."));
        assert!(is_redirect(
            "This entry is replaced with: See **timeline disruption**."
        ));
        assert!(!is_redirect(
            "This personnel is an **android**. See **once each turn**."
        ));
    }

    #[test]
    fn cards_in_bold_or_underline() {
        let text = "for cards like **Warrior's Birthright** and **Issue Secret Orders**, a **personnel**; <u>Satan's</u> <u>Robot</u> and <u>I Do Not</u> <u>Take Orders From You!</u>. See **Writ of Accountability**.";
        let see = see_references(text);
        assert_eq!(
            card_names(text, &see, "topic"),
            [
                "Warrior's Birthright",
                "Issue Secret Orders",
                "Satan's Robot",
                "I Do Not Take Orders From You!"
            ]
        );
    }
}
