//! Formats: the format a head, a sentence or a title names, what a head
//! says of the cards under it, the name a format goes by, whether a format
//! typed is a list's, and a list's text read back.

use std::sync::LazyLock;

use regex::Regex;

use super::*;

/// What a head or sentence says of the cards under it, when it says.
pub(super) fn status_of(words: &str) -> Option<Mode> {
    let lower = words.to_lowercase();
    let has = |w: &str| lower.contains(w);
    if has("unbanned")
        || has("no longer banned")
        || has("removed")
        || has("lifted")
        || has("unrestricted")
        || has("reinstated")
    {
        Some(Mode::Lifted)
    } else if has("restricted") || has("watch list") || has("errata") {
        Some(Mode::Other)
    } else if has("banned") || has("added") || has("ban list") {
        Some(Mode::Banned)
    } else {
        None
    }
}

/// Words of a head or title that are about the list, not its format.
pub(super) const LIST_WORDS: &[&str] = &[
    "ban",
    "banned",
    "banlist",
    "list",
    "cards",
    "card",
    "newly",
    "unbanned",
    "removed",
    "added",
    "no",
    "longer",
    "lifted",
    "from",
    "the",
    "updated",
    "restricted",
    "unrestricted",
    "watch",
    "reinstated",
    "changes",
    "to",
];

/// The format a head names ("Modern", "Traditional Format", "OTF —
/// Unbanned"), less the words about the list; none when nothing is left.
pub(super) fn format_in_head(words: &str) -> Option<String> {
    // The game's name is no format's ("First Edition Ban List").
    let without_edition = crate::parse::about::edition_named(words)
        .map_or(words.to_string(), |named| words.replace(&named, " "));
    let words = without_edition.as_str();
    let kept: Vec<&str> = words
        .split_whitespace()
        .filter(|w| {
            let w = w
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            !w.is_empty() && !LIST_WORDS.contains(&w.as_str())
        })
        .collect();
    let name = kept
        .join(" ")
        .trim_matches(|c: char| matches!(c, '-' | '–' | '—' | ':' | ',' | ' '))
        .to_string();
    let name = strip_format_word(&name);
    // A format has a name: a version number ("2.5.4") is none.
    name.chars().any(char::is_alphabetic).then_some(name)
}

/// The format a title names: the title less the words about the list, its
/// dates and the game's name.
pub(super) fn format_in_title(title: &str) -> Option<String> {
    // The game's edition is taken out by `format_in_head`.
    let kept = without_dates(&plain_line(title));
    let words: Vec<&str> = kept
        .split_whitespace()
        .filter(|w| {
            let lower = w.to_lowercase();
            !matches!(
                lower.trim_matches(|c: char| !c.is_alphanumeric()),
                "star"
                    | "trek"
                    | "ccg"
                    | "customizable"
                    | "game"
                    | "1e"
                    | "2e"
                    | "effective"
                    | "as"
                    | "of"
                    | "version"
            ) && !w.chars().all(|c| !c.is_alphanumeric())
        })
        .collect();
    format_in_head(&words.join(" "))
}

/// The format an opening sentence names: "banned in the Official
/// Tournament Format (OTF)", "… in Modern and Traditional"; none for
/// "from tournament play" (every format).
pub(super) fn format_in_sentence(sentence: &str) -> Option<String> {
    static IN_FORMAT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:banned|ban\s+list|legal)\s+(?:in|for|from)\s+(?:the\s+)?(.+?)(?:\s+formats?)?(?:\s+(?:as\s+of|effective|from|since|on|until)\b.*)?\s*(?:[:.;,]|$)")
            .expect("valid regex")
    });
    let c = IN_FORMAT.captures(sentence)?;
    let named = c.get(1)?.as_str().trim();
    let lower = named.to_lowercase();
    let describes = lower.split_whitespace().any(|w| {
        matches!(
            w,
            "named"
                | "beside"
                | "each"
                | "below"
                | "above"
                | "listed"
                | "following"
                | "these"
                | "those"
                | "this"
                | "any"
                | "which"
        )
    });
    if describes
        || lower.contains("tournament play")
        || lower.contains("all formats")
        || lower.contains("every format")
        || lower.contains("sanctioned")
        || named.split_whitespace().count() > 6
    {
        return None;
    }
    let name = strip_format_word(named);
    (!name.is_empty()).then_some(name)
}

/// A format's name less a last word "format" ("Modern Format" is Modern),
/// unless that word is the name's own ("Official Tournament Format").
pub(super) fn strip_format_word(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.split_last() {
        Some((last, rest))
            if last.eq_ignore_ascii_case("format")
                && !rest.is_empty()
                && !rest
                    .last()
                    .is_some_and(|w| w.eq_ignore_ascii_case("tournament")) =>
        {
            rest.join(" ")
        }
        _ => name.to_string(),
    }
}

/// A format's key: its words in lower case.
pub(super) fn format_key(format: &str) -> String {
    crate::topic::normalize(format)
}

/// The name a format goes by in a topic: the letters in brackets after it
/// ("Official Tournament Format (OTF)" is OTF), else its initials when it
/// has three words or more, else its name.
pub fn short_name(format: &str) -> String {
    static ACRONYM: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\(([A-Z][A-Za-z0-9]{1,7})\)\s*$").expect("valid regex"));
    if let Some(c) = ACRONYM.captures(format) {
        return c[1].to_string();
    }
    let words: Vec<&str> = format.split_whitespace().collect();
    if words.len() >= 3 && words.iter().all(|w| w.starts_with(char::is_uppercase)) {
        return words.iter().filter_map(|w| w.chars().next()).collect();
    }
    format.to_string()
}

/// The format a ban list's topic is of ("OTF" of "OTF ban list").
pub fn format_of_topic(topic: &str) -> Option<&str> {
    let cut = topic.len().checked_sub(TOPIC_SUFFIX.len())?;
    (topic.is_char_boundary(cut) && topic[cut..].eq_ignore_ascii_case(TOPIC_SUFFIX))
        .then(|| &topic[..cut])
}

/// Whether a key is a ban list's topic.
pub fn is_list_key(key: &TopicKey) -> bool {
    key.as_str().ends_with(TOPIC_SUFFIX.trim_start()) && key.as_str().len() > TOPIC_SUFFIX.len()
}

/// The format a list's text names, as printed.
pub fn format_printed(text: &str) -> Option<&str> {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("Format: "))
        .map(str::trim)
}

/// The cards a list's text bans.
pub fn banned_cards(text: &str) -> Vec<&str> {
    let mut banned = Vec::new();
    let mut within = false;
    for line in text.lines() {
        let line = line.trim();
        if line == BANNED_LINE {
            within = true;
        } else if line == LIFTED_LINE {
            within = false;
        } else if let Some(card) = line.strip_prefix("- ").filter(|_| within) {
            banned.push(card.trim());
        }
    }
    banned
}

/// Whether a format typed names a list's format: the same words, the
/// letters in brackets after it, or its initials ("otf" is "Official
/// Tournament Format (OTF)"). A list of every format answers any.
pub fn format_matches(printed: &str, typed: &str) -> bool {
    let typed = format_key(&strip_format_word(typed.trim()));
    if typed.is_empty() {
        return false;
    }
    let printed_key = format_key(&strip_format_word(printed));
    if printed_key == format_key(EVERY_FORMAT) {
        return true;
    }
    let short = format_key(&short_name(printed));
    let without_brackets = format_key(printed.split('(').next().unwrap_or(printed));
    let initials: String = printed
        .split('(')
        .next()
        .unwrap_or(printed)
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .collect::<String>()
        .to_lowercase();
    typed == printed_key || typed == short || typed == without_brackets || typed == initials
}
