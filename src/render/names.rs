//! What `show` and `errata` say of a name that finds no answer: the
//! rulings that mention it, the editions not asked that know it, the
//! rulings that use it, the search to try. One line each, for stderr.

use chrono::NaiveDate;

use crate::answer::errata::Ruled;
use crate::answer::topic::Mentioned;
use crate::answer::Candidate;
use crate::model::Edition;
use crate::safe::sanitize;

/// How many rulings naming a name a line lists.
pub const NAMING_SHOWN: usize = 8;

/// Rulings as lines read them: "points (1E, 2000-03-27)".
pub fn cited<'a>(rulings: impl Iterator<Item = &'a crate::catalog::Stored>) -> Vec<String> {
    rulings
        .map(|s| format!("{} ({}, {})", s.entry.topic, s.entry.edition, s.entry.date))
        .collect()
}

/// The rulings in effect that name it, at most `most` and then how many
/// more.
fn named_in(m: &Mentioned, most: usize) -> String {
    let all = cited(m.naming.iter().flat_map(|(_, n)| &n.in_effect));
    let mut shown = all
        .iter()
        .take(most)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if all.len() > most {
        shown.push_str(&format!("; and {} more", all.len() - most));
    }
    shown
}

/// The rulings that name it only from a later date.
fn named_later(m: &Mentioned) -> String {
    cited(m.naming.iter().flat_map(|(_, n)| &n.later)).join("; ")
}

/// A card or topic's rulings, when it has no errata: "2 rulings on Q (1E),
/// the newest from …".
pub fn ruled_text(ruled: &Ruled) -> String {
    format!(
        "{} ruling{} on {} ({}), the newest from {}",
        ruled.count,
        if ruled.count == 1 { "" } else { "s" },
        ruled.topic,
        ruled.edition,
        ruled.citation
    )
}

/// The first line for a name only the editions not asked for know, with
/// the option that asks for them.
pub fn in_other_editions(
    typed: &str,
    what: &str,
    asked: &[Edition],
    elsewhere: &[Candidate],
) -> String {
    let asked: Vec<&str> = asked.iter().map(|e| e.label()).collect();
    let mut options: Vec<String> = elsewhere
        .iter()
        .map(|c| format!("--edition {}", c.edition.label().to_ascii_lowercase()))
        .collect();
    options.dedup();
    format!(
        "no {what} named `{}` in {}; the other edition has it: {} — add `{}`",
        sanitize(typed),
        asked.join(", "),
        sanitize(&Candidate::list(elsewhere).join(", ")),
        options.join("` or `")
    )
}

/// The first line for a name no look-up knows: "not in these documents"
/// only when no ruling uses it either.
pub fn unknown_name(typed: &str, what: &str, editions: &str, used: &[Candidate]) -> String {
    if used.is_empty() {
        format!(
            "no {what} named `{}` in these documents{editions}",
            sanitize(typed)
        )
    } else {
        format!(
            "no {what} named `{}`{editions}, but rulings use it: {}",
            sanitize(typed),
            sanitize(&Candidate::list(used).join(", "))
        )
    }
}

/// The search to try for a name no look-up knows.
pub fn search_hint(typed: &str) -> String {
    format!("try `rulings search \"{}\"`", sanitize(typed.trim()))
}

/// What `show` and `errata` say of a name that is no `what` (topic, card)
/// but that rulings mention: the closest name when it was not typed
/// exactly, the rulings that name it after `lead`, and a search to try.
pub fn mentioned_text(
    typed: &str,
    what: &str,
    lead: &str,
    m: &Mentioned,
    as_of: NaiveDate,
) -> Vec<String> {
    let mut lines = Vec::new();
    if !m.exact {
        lines.push(format!(
            "note: no {what} or name `{}`; the closest name is `{}`",
            sanitize(typed),
            sanitize(&m.name)
        ));
    }
    if m.in_effect() {
        lines.push(format!(
            "{lead} — it is named in: {}",
            sanitize(&named_in(m, NAMING_SHOWN))
        ));
    } else {
        lines.push(format!(
            "{lead}, and no ruling in effect as of {as_of} names it; named later in: {}",
            sanitize(&named_later(m))
        ));
    }
    lines.push(search_hint(&m.name));
    lines
}
