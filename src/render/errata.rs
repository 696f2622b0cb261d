//! A card's errata in words: the erratum in force with its citation, how
//! often it was reprinted unchanged, and the errata before it.

use super::{describe_short, status_badge, wrap, Style};
use crate::answer::errata::CardErrata;
use crate::markdown::plain_text;
use crate::safe::sanitize;
use crate::status::Status;

/// A card's errata for people.
pub fn card_text(style: &Style, typed: &str, e: &CardErrata, exact: bool) -> Vec<String> {
    let w = style.width;
    let (stored, period) = &e.newest;
    let mut lines = Vec::new();
    if !exact {
        lines.push(format!(
            "{} no errata for `{}`; showing the closest card, `{}`",
            style.caution_bold("note:"),
            sanitize(typed),
            sanitize(&stored.entry.topic)
        ));
    }
    lines.push(format!(
        "{}  {}  {}",
        style.heading(&sanitize(&stored.entry.topic)),
        style.edition(e.edition.label()),
        status_badge(style, e.status())
    ));
    lines.push(format!("{} {}", style.dimmed("from"), stored.citation));
    if e.reprints > 0 {
        lines.push(style.dimmed(&reprinted(e.reprints)));
    }
    if !matches!(e.status(), Status::InForce) {
        lines.push(style.caution(&wrap(&describe_short(period), w, "")));
    }
    lines.push(String::new());
    lines.push(wrap(&plain_text(&stored.entry.text), w, "  "));
    // Errata of undated documents are no earlier than any: listed apart.
    let (undated, earlier): (Vec<_>, Vec<_>) =
        e.history.iter().partition(|(h, _)| h.entry.is_undated());
    for (heading, listed) in [
        ("Earlier errata (newest first)", earlier),
        ("Also in undated documents", undated),
    ] {
        if listed.is_empty() {
            continue;
        }
        lines.push(String::new());
        lines.push(style.bold(heading));
        for (h, reprints) in listed {
            lines.push(format!("  {}  {}", h.entry.date_label(), h.citation));
            if *reprints > 0 {
                lines.push(style.dimmed(&format!("  {}", reprinted(*reprints))));
            }
            lines.push(wrap(&plain_text(&h.entry.text), w, "    "));
        }
    }
    lines
}

/// How many earlier releases printed the same text.
pub fn reprinted(times: usize) -> String {
    if times == 1 {
        "the same text was printed in 1 earlier release".to_string()
    } else {
        format!("the same text was printed in {times} earlier releases")
    }
}
