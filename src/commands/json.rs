//! The pieces every command's JSON answer shares: a candidate name (with
//! its edition as a field, never pasted into the name) and a note about how
//! the question was read (a stable code, a sentence, and the data it names).
//! Each command writes one object whatever it found; the schemas in
//! `schemas/` pin every shape.

use serde::Serialize;

pub use crate::answer::Candidate;

/// A note about how a question was read: a stable code for programs, a
/// sentence for people, and for some codes the data the sentence names.
#[derive(Debug, Clone, Serialize)]
pub struct Note {
    pub code: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// The words a note is about, as typed (edition words, words left out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    /// The names offered (`did-you-mean`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// What a query with operators left out, as typed (`searched`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<String>,
}

impl Note {
    pub fn new(code: &'static str, message: String) -> Note {
        Note {
            code,
            message,
            from: None,
            to: None,
            count: None,
            missing: Vec::new(),
            words: Vec::new(),
            candidates: Vec::new(),
            excluded: Vec::new(),
        }
    }

    /// The line people read: a "did you mean" and what was searched stand
    /// alone, the rest are notes.
    pub fn text(&self) -> String {
        if matches!(self.code, "did-you-mean" | "searched") {
            self.message.clone()
        } else {
            format!("note: {}", self.message)
        }
    }
}
