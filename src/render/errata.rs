//! A card's errata in words: the erratum in force with its citation, how
//! often it was reprinted unchanged, and the errata before it.

use super::names::{in_other_editions, mentioned_text, ruled_text, search_hint, unknown_name};
use super::{describe_short, notes, status_badge, wrap, Lines, Style};
use crate::answer::errata::{CardErrata, Errata, ErrataAnswer, NoErrata};
use crate::answer::Candidate;
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
    // The answer first: since when and on whose authority, then the text.
    if matches!(e.status(), Status::InForce) {
        lines.push(style.good_bold(&wrap(
            &super::in_force_since(&stored.entry, crate::cite::document_part(&stored.citation)),
            w,
            "",
        )));
    } else {
        lines.push(style.caution(&wrap(&describe_short(period), w, "")));
    }
    lines.push(String::new());
    lines.push(wrap(&plain_text(&stored.entry.text), w, "  "));
    lines.push(String::new());
    lines.push(style.dimmed(&format!(
        "from {}",
        super::cited(style, &stored.citation, &stored.entry)
    )));
    if e.reprints > 0 {
        lines.push(style.dimmed(&reprinted(e.reprints)));
    }
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
            lines.push(format!(
                "  {}  {}",
                h.entry.date_label(),
                super::cited(style, &h.citation, &h.entry)
            ));
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

/// `errata` for people: on stdout the card's errata (or one line per card
/// with errata in force); on stderr the notes on how the name was read,
/// and why a card has none.
pub fn errata_text(style: &Style, answer: &ErrataAnswer) -> Lines {
    let as_of = answer.as_of;
    let card = answer.card.as_deref().unwrap_or_default();
    let mut lines = Lines {
        notes: answer
            .notes
            .iter()
            .map(|n| notes::said(n, as_of, answer.is_found()).line())
            .collect(),
        ..Lines::default()
    };
    match &answer.found {
        Errata::All(all) => {
            for e in all {
                lines.out.push(format!(
                    "{:<32} {}  {}  {}",
                    style.bold(&sanitize(&e.newest.0.entry.topic)),
                    style.edition(e.edition.label()),
                    status_badge(style, e.status()),
                    super::cited(style, &e.newest.0.citation, &e.newest.0.entry)
                ));
            }
            if all.is_empty() {
                lines.err.push(format!("no errata in force as of {as_of}"));
            }
        }
        Errata::Card(found) => {
            for (i, (e, exact)) in found.iter().enumerate() {
                if i > 0 {
                    lines.out.push(String::new());
                }
                lines.out.extend(card_text(style, card, e, *exact));
            }
        }
        Errata::None(why) => lines.err = no_errata_text(answer, card, why),
    }
    lines
}

/// Why a card has no errata to show, in lines.
fn no_errata_text(answer: &ErrataAnswer, card: &str, why: &NoErrata) -> Vec<String> {
    let as_of = answer.as_of;
    let mut lines = Vec::new();
    match why {
        NoErrata::Known { name, ruled } if ruled.is_empty() => lines.push(format!(
            "no errata for {} as of {as_of}, and no ruling in effect on it then",
            sanitize(name)
        )),
        NoErrata::Known { name, ruled } => {
            let ruled: Vec<String> = ruled.iter().map(ruled_text).collect();
            lines.push(format!(
                "no errata for {} as of {as_of} — it has {}",
                sanitize(name),
                sanitize(&ruled.join("; "))
            ));
            lines.push(format!("see `rulings show \"{}\"`", sanitize(name)));
        }
        NoErrata::Mentioned(m) => {
            let lead = format!("no errata for {}", sanitize(&m.name));
            lines.extend(mentioned_text(card, "card", &lead, m, as_of));
        }
        NoErrata::Several(candidates) => lines.push(format!(
            "several cards or topics fit `{}`; which one? {}",
            sanitize(card),
            sanitize(&Candidate::list(candidates).join(", "))
        )),
        NoErrata::Unknown { elsewhere, .. } if !elsewhere.is_empty() => {
            lines.push(in_other_editions(
                card,
                "card or topic",
                &answer.editions,
                elsewhere,
            ));
        }
        NoErrata::Unknown { nearest, used, .. } => {
            lines.push(unknown_name(card, "card or topic", "", used));
            if !nearest.is_empty() {
                lines.push(format!(
                    "nearest: {}",
                    sanitize(&Candidate::list(nearest).join(", "))
                ));
            }
            lines.push(search_hint(card));
        }
    }
    lines
}
