//! Search hits in words: each with its rank, status, citation and a
//! snippet whose matched words are marked (coloured on a terminal, between
//! `**` when plain).

use super::{describe_short, notes, status_badge, wrap, Style};
use crate::answer::search::Searched;
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
    if answer.hits.is_empty() {
        lines.push(format!(
            "No ruling found for `{}`.",
            sanitize(&request.query)
        ));
        return lines;
    }
    if !answer.notes.is_empty() || !answer.did_you_mean.is_empty() {
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

pub fn hit_text(style: &Style, rank: usize, hit: &Hit) -> Vec<String> {
    let w = style.width;
    let status = &hit.period.status;
    let mut lines = vec![format!(
        "{}. {}  {}  {}  {}",
        rank,
        style.bold(&sanitize(&hit.topic)),
        style.edition(hit.edition.label()),
        style.dimmed(hit.kind.label()),
        status_badge(style, status)
    )];
    if !matches!(status, Status::InForce) {
        lines.push(style.caution(&wrap(&describe_short(&hit.period), w, "   ")));
    }
    lines.push(format!(
        "   {} {}",
        style.dimmed("from"),
        sanitize(&hit.citation)
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
