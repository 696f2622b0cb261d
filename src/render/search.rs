//! Search hits in words: each with its rank, status, citation and a
//! snippet whose matched words are marked (coloured on a terminal, between
//! `**` when plain).

use super::{describe_short, notes, status_badge, wrap, Style};
use crate::answer::search::{NamedCard, Searched};
use crate::markdown::plain_text;
use crate::safe::sanitize;
use crate::search::Hit;
use crate::status::Status;

pub fn plain_mark(word: &str) -> String {
    format!("**{word}**")
}

/// An answer for people, after the notes on how the question was read
/// (one line each).
pub fn answer_text(style: &Style, searched: &Searched) -> Vec<String> {
    let (answer, request) = (&searched.found, &searched.request);
    let mut lines: Vec<String> = searched
        .notes
        .iter()
        .map(|n| notes::said(n, request.as_of, searched.is_found()).styled(style))
        .collect();
    // A card named whole comes first: what the TD asked of.
    if let Some(named) = &searched.card {
        lines.extend(card_text(style, named));
        lines.push(String::new());
    }
    if answer.hits.is_empty() {
        let other = if searched.card.is_some() {
            "other "
        } else {
            ""
        };
        lines.push(format!(
            "No {other}ruling found for `{}`.",
            sanitize(&request.query)
        ));
        return lines;
    }
    if searched.card.is_none() && (!answer.notes.is_empty() || !answer.did_you_mean.is_empty()) {
        lines.push(String::new());
    }
    for (i, hit) in answer.hits.iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        lines.extend(hit_text(style, i + 1, hit));
    }
    lines
}

/// The card a search names: its erratum in force (since when, on whose
/// authority), its printed text when a card database is kept, and the
/// command that gives its whole sheet.
pub fn card_text(style: &Style, named: &NamedCard) -> Vec<String> {
    let w = style.width;
    let name = sanitize(&named.name);
    let mut lines = vec![format!(
        "{} {}  {}",
        style.dimmed("Card:"),
        style.heading(&name),
        style.edition(named.edition.label())
    )];
    match &named.errata {
        Some(errata) => {
            let (stored, _) = &errata.newest;
            lines.push(style.good_bold(&wrap(
                &format!(
                    "erratum {}",
                    super::in_force_since(
                        &stored.entry,
                        crate::cite::document_part(&stored.citation)
                    )
                ),
                w,
                "  ",
            )));
            lines.push(wrap(&plain_text(&stored.entry.text), w, "    "));
            lines.push(style.dimmed(&format!(
                "  from {}",
                super::cited(style, &stored.citation, &stored.entry)
            )));
        }
        None => lines.push(style.dimmed("  no erratum in force")),
    }
    if let Some(card) = &named.card {
        if !card.text.trim().is_empty() {
            lines.push(style.dimmed(&wrap(
                &format!("printed: {}", sanitize(&card.text)),
                w,
                "  ",
            )));
        }
    }
    lines.push(style.dimmed(&format!(
        "  rulings card \"{name}\" --edition {} gives its whole sheet",
        named.edition.label().to_lowercase()
    )));
    lines
}

pub fn hit_text(style: &Style, rank: usize, hit: &Hit) -> Vec<String> {
    let w = style.width;
    let status = &hit.period.status;
    let mut lines = vec![format!(
        "{}. {}  {}  {}  {}",
        rank,
        style.bold(&sanitize(&hit.topic)),
        style.edition(hit.edition.label()),
        style.dimmed(&super::kind_words(&hit.entry)),
        status_badge(style, status)
    )];
    if !matches!(status, Status::InForce) {
        lines.push(style.caution(&wrap(&describe_short(&hit.period), w, "   ")));
    }
    lines.push(format!(
        "   {} {}",
        style.dimmed("from"),
        super::cited(style, &hit.citation, &hit.entry)
    ));
    // Snippets are cut from the indexed `markdown::plain_text`, already free
    // of control characters; sanitizing here would strip the highlights.
    let snippet = if style.color {
        hit.snippet.marked(|w| style.highlight(w))
    } else {
        hit.snippet.marked(plain_mark)
    };
    if !snippet.trim().is_empty() {
        lines.push(wrap(&snippet, w, "   "));
    }
    lines
}
