//! A base entry with the amendments in effect applied: the text in force on
//! a date, step by step, each step with the ruling it comes from.

use std::collections::HashSet;
use std::sync::Arc;

use super::{Catalog, CatalogError, Stored, Topic};
use crate::amend::{self, Action, Instruction, Step, Target};
use crate::model::Effect;

/// A base entry and what the later rulings on its topic did to it.
pub struct Amended {
    /// The base entry (a Glossary entry, a Rulebook section).
    pub base: Stored,
    /// The text in force on the date.
    pub text: String,
    /// Each instruction of each later ruling, oldest first.
    pub steps: Vec<AmendStep>,
}

/// One instruction of a ruling, applied or not.
pub struct AmendStep {
    /// The ruling that gives it (shared by its instructions: a ruling of
    /// thousands of instructions is not copied for each).
    pub by: Arc<Stored>,
    pub step: Step,
}

impl Amended {
    /// The steps that could not be applied.
    pub fn unapplied(&self) -> impl Iterator<Item = &AmendStep> {
        self.steps.iter().filter(|s| s.step.failure.is_some())
    }
}

impl Catalog {
    /// The topic's base entry with the later rulings applied to it, on the
    /// topic's date; `None` when no base document holds the topic or no
    /// ruling came after it.
    pub fn amended(&self, topic: &Topic) -> Result<Option<Amended>, CatalogError> {
        let bases = self.base_releases();
        if bases.is_empty() {
            // No base in the corpus: nothing more to read.
            return Ok(None);
        }
        let mut in_effect = Vec::new();
        for stored in topic.all()? {
            // An undated ruling is no base and amends none.
            if !stored.entry.is_undated() && stored.on(topic.as_of)?.is_some() {
                in_effect.push(stored);
            }
        }
        Ok(compose(in_effect, &bases))
    }

    /// The ids of the base documents of the corpus.
    pub fn base_releases(&self) -> HashSet<String> {
        self.manifest().bases.iter().cloned().collect()
    }
}

/// The newest base entry among a topic's rulings in effect, with the
/// rulings after it applied; `None` when no base entry has a later ruling.
pub fn compose(mut all: Vec<Stored>, bases: &HashSet<String>) -> Option<Amended> {
    all.sort_by_key(|s| s.seq);
    let b = all.iter().rposition(|s| bases.contains(&s.entry.release))?;
    let later: Vec<Stored> = all.split_off(b + 1);
    if later.is_empty() {
        return None;
    }
    let base = all.pop()?;
    Some(apply(base, later))
}

/// Applies each later ruling to the base text, in order: one text, split
/// once and joined once, however many rulings amend it.
fn apply(base: Stored, later: Vec<Stored>) -> Amended {
    let mut text = amend::Text::new(&base.entry.text);
    let mut steps = Vec::new();
    for by in later {
        let by = Arc::new(by);
        let instructions = match amend::instructions(&by.entry.text) {
            Some(found) => found,
            None if by.entry.effect == Some(Effect::Amends) => vec![Instruction {
                statement: amend::first_words(&by.entry.text),
                action: Action::Replace,
                target: Target::Unread,
                text: String::new(),
            }],
            // A ruling that states the topic anew is its text (a part of a
            // revision of several sections says so in its first part).
            None => vec![Instruction {
                statement: by
                    .entry
                    .supersedes
                    .first()
                    .map(|s| s.statement.clone())
                    .unwrap_or_default(),
                action: Action::Replace,
                target: Target::Entry,
                text: amend::restated(&by.entry.text),
            }],
        };
        let mut instructions = instructions;
        let inside: Vec<Instruction> = instructions
            .iter()
            .flat_map(|i| amend::bracketed(&i.text))
            .collect();
        instructions.extend(inside);
        let applied = text.apply(&instructions);
        steps.extend(applied.into_iter().map(|step| AmendStep {
            by: Arc::clone(&by),
            step,
        }));
    }
    Amended {
        base,
        text: text.to_string(),
        steps,
    }
}
