//! Which of the question's words each paragraph of a ruling holds.
//!
//! A long section holds many words of any question somewhere in it; a
//! paragraph that holds them speaks to them. The topic (the first line of
//! the text) counts with every paragraph, and a list with the paragraph
//! that introduces it.

use tantivy::schema::Field;

use super::reading::Unit;
use super::{analyzed, SearchError};
use crate::index::SearchIndex;

/// The required words as the analyzer makes them, to be looked for in
/// paragraphs.
pub(super) struct Looked<'a> {
    index: &'a SearchIndex,
    field: Field,
    units: &'a [&'a Unit],
    /// Per unit, its forms, each as its tokens (a phrase has several).
    forms: Vec<Vec<Vec<String>>>,
}

impl<'a> Looked<'a> {
    pub(super) fn new(
        index: &'a SearchIndex,
        field: Field,
        units: &'a [&'a Unit],
    ) -> Result<Looked<'a>, SearchError> {
        let mut forms = Vec::with_capacity(units.len());
        for unit in units {
            let mut of_unit = Vec::new();
            for form in &unit.forms {
                let tokens = analyzed(index, field, &form.phrase)?;
                if !tokens.is_empty() {
                    of_unit.push(tokens);
                }
            }
            forms.push(of_unit);
        }
        Ok(Looked {
            index,
            field,
            units,
            forms,
        })
    }

    /// For each paragraph of `text` (topic, a newline, then the body), the
    /// words it holds, one bit each in the order of the units.
    pub(super) fn held(&self, text: &str) -> Result<Vec<u64>, SearchError> {
        let (topic, body) = text.split_once('\n').unwrap_or((text, ""));
        let topic = analyzed(self.index, self.field, topic)?;
        let mut out = Vec::new();
        for paragraph in passages(body) {
            let mut tokens = analyzed(self.index, self.field, &paragraph)?;
            tokens.extend(topic.iter().cloned());
            let mut bits = 0u64;
            for (bit, unit) in self.units.iter().enumerate() {
                let by_form = self.forms[bit]
                    .iter()
                    .any(|form| form.iter().all(|t| tokens.contains(t)));
                let by_prefix = unit
                    .prefix
                    .as_ref()
                    .is_some_and(|p| tokens.iter().any(|t| t.starts_with(p.as_str())));
                if by_form || by_prefix {
                    bits |= 1 << bit;
                }
            }
            out.push(bits);
        }
        Ok(out)
    }

    /// For each two passages that follow each other (or the one passage),
    /// the words they hold: a ruling's point and its example or exception
    /// often stand in two paragraphs, side by side.
    pub(super) fn held_together(&self, text: &str) -> Result<Vec<u64>, SearchError> {
        let held = self.held(text)?;
        Ok(match held.as_slice() {
            [_, _, ..] => held.windows(2).map(|w| w[0] | w[1]).collect(),
            _ => held,
        })
    }
}

/// The passages of a body: its paragraphs, each with the lists that follow
/// it ("Some examples:" and its items are one passage).
fn passages(body: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for paragraph in body.split("\n\n") {
        let listed = paragraph.trim_start().starts_with(['-', '*', '•']);
        match out.last_mut() {
            Some(last) if listed => {
                last.push('\n');
                last.push_str(paragraph);
            }
            _ => out.push(paragraph.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::passages;

    #[test]
    fn a_list_belongs_to_the_paragraph_before_it() {
        let body = "Some examples:\n\n- one\n- two\n\n- three\n\nAnother paragraph.";
        assert_eq!(
            passages(body),
            [
                "Some examples:\n- one\n- two\n- three",
                "Another paragraph."
            ]
        );
        assert_eq!(passages("- alone\n\nText."), ["- alone", "Text."]);
    }
}
