//! Whether the first hit holds the question's words together.
//!
//! A ruling answers a question when it is about what is asked (its topic
//! names a word of the question, or it names a card or mission the question
//! names), or when one of its paragraphs holds everything asked. A ruling
//! about something else that holds the words only in different paragraphs
//! ("end of turn actions" in one, "card draws" in a list item further on)
//! has them by coincidence, and the answer must not vouch for it (see
//! `Note::Apart`).

use super::in_names::{named_by, names_in};
use super::reading::Unit;
use super::{analyzed, SearchError};
use crate::index::SearchIndex;

/// Whether a ruling (the stems of its topic, and its text as plain text) holds the
/// required words only apart: two words or more, none in the topic, no
/// name of two words or more in the text that the question names, and no
/// paragraph (or list item) with them all. A word being typed (matched as
/// a prefix) is not judged: its word is not known yet.
pub(super) fn apart(
    index: &SearchIndex,
    question: &[String],
    units: &[&Unit],
    (topic, text): (&[String], &str),
) -> Result<bool, SearchError> {
    if units.len() < 2 || units.iter().any(|u| u.prefix.is_some()) {
        return Ok(false);
    }
    let field = index.fields().text;
    // Each word as the stems of each of its forms: a piece of text that
    // holds the stems of any one form holds the word.
    let mut words: Vec<Vec<Vec<String>>> = Vec::with_capacity(units.len());
    for unit in units {
        let mut forms = Vec::with_capacity(unit.forms.len());
        for form in &unit.forms {
            let stems = analyzed(index, field, &form.phrase)?;
            if !stems.is_empty() {
                forms.push(stems);
            }
        }
        words.push(forms);
    }
    let holds = |stems: &[String], forms: &[Vec<String>]| {
        forms
            .iter()
            .any(|form| form.iter().all(|s| stems.contains(s)))
    };
    if words.iter().any(|forms| holds(topic, forms)) {
        return Ok(false);
    }
    if names_in(text).any(|name| named_by(question, &name)) {
        return Ok(false);
    }
    for paragraph in text.lines().filter(|l| !l.trim().is_empty()) {
        let stems = analyzed(index, field, paragraph)?;
        if words.iter().all(|forms| holds(&stems, forms)) {
            return Ok(false);
        }
    }
    Ok(true)
}
