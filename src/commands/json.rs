//! The pieces every command's JSON answer shares: a candidate name (with
//! its edition as a field, never pasted into the name) and a note about how
//! the question was read (a stable code, a sentence, and the data it names).
//! Each command writes one object whatever it found; the schemas in
//! `schemas/` pin every shape.

use serde::Serialize;

pub use crate::answer::Candidate;

/// What a note is about: its stable code in JSON (`schemas/` lists them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoteCode {
    /// What a query with operators was read as.
    Searched,
    /// Words of the question named the edition.
    Edition,
    /// Words left out as naming no ruling.
    Skipped,
    /// A word corrected to one of the documents.
    Corrected,
    /// A word read also as the name it abbreviates, or the words it
    /// shortens.
    SpelledOut,
    /// A query that is not valid syntax, read as its plain words.
    PlainWords,
    /// A word read also as the documents' word for what it means.
    Synonyms,
    /// A word read also as the kind it is one of.
    Kind,
    /// The first hit lacks words of the question.
    Partial,
    /// The second hit, on another topic, fits the words about as well as
    /// the first.
    Close,
    /// The first hit has every word, but only apart: it is about none of
    /// them and no paragraph of it holds them all.
    Apart,
    /// No ruling has every word: any word counts.
    AnyWord,
    /// A typo was allowed in each word.
    Typos,
    /// Matches hidden as no longer in force on the date.
    NotInForce,
    /// Matches hidden as not yet in effect on the date.
    NotYetInEffect,
    /// Topics that look like what was typed.
    DidYouMean,
    /// An amendment that could not be applied to its base text.
    AmendmentNotApplied,
    /// `serve`: the documents changed and are being read (or cannot be);
    /// the answer is from the documents as read before.
    NewerCorpus,
}

/// A note about how a question was read: a stable code for programs, a
/// sentence for people, and for some codes the data the sentence names.
#[derive(Debug, Clone, Serialize)]
pub struct Note {
    pub code: NoteCode,
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
    pub fn new(code: NoteCode, message: String) -> Note {
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
        if matches!(self.code, NoteCode::DidYouMean | NoteCode::Searched) {
            self.message.clone()
        } else {
            format!("note: {}", self.message)
        }
    }
}
