//! The notes of an answer in words: one sentence per note, the same on a
//! terminal, in a page and in JSON (where it goes with a stable code and
//! the data it names, so a program can tell a partial match from a full
//! one).

use chrono::NaiveDate;
use serde::Serialize;

use super::Style;
use crate::amend::Failure;
use crate::answer::{Candidate, Note};
use crate::safe::sanitize;
use crate::search::Note as Read;

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
    /// No card database: what one would settle, and how to add one.
    NoCardDatabase,
    /// The name is a card of the card database with no ruling under it.
    IsCard,
    /// Limits of the card database were reached: some lists were left out.
    CardDatabaseLimits,
    /// A document's edition could not be told: it is read as both.
    EditionUnknown,
}

/// A note about how a question was read: a stable code for programs, a
/// sentence for people, and for some codes the data the sentence names.
#[derive(Debug, Clone, Serialize)]
pub struct NoteJson {
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

impl NoteJson {
    pub fn new(code: NoteCode, message: String) -> NoteJson {
        NoteJson {
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
}

/// A note in words: what it is (`note`, `did you mean`, `searched`), set
/// apart on a terminal, and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub label: &'static str,
    pub text: String,
}

impl Said {
    fn note(text: String) -> Said {
        Said {
            label: "note",
            text,
        }
    }

    /// As a line reads it: "note: …".
    pub fn line(&self) -> String {
        format!("{}: {}", self.label, self.text)
    }

    /// As a line reads it, its label set apart in the style's colour.
    pub fn styled(&self, style: &Style) -> String {
        format!(
            "{} {}",
            style.caution_bold(&format!("{}:", self.label)),
            self.text
        )
    }
}

/// What the answer to a question on `as_of` says of `note`; `found`, that
/// it found something.
pub fn said(note: &Note, as_of: NaiveDate, found: bool) -> Said {
    match note {
        Note::Read(read) => read_said(read, as_of, found),
        Note::NameEdition {
            typed,
            edition,
            flag,
        } => Said::note(match (flag, edition) {
            (Some(flag), _) => format!(
                "{} left out of the name; --edition {} decides the edition",
                quoted_list(typed),
                flag.label()
            ),
            (None, Some(edition)) => {
                format!("read {} as the edition: {edition} only", quoted_list(typed))
            }
            (None, None) => format!(
                "{} name both editions: both are looked in",
                quoted_list(typed)
            ),
        }),
        Note::DidYouMean { topics, .. } => Said {
            label: "did you mean",
            text: format!(
                "{}?",
                topics
                    .iter()
                    .map(|t| sanitize(t))
                    .collect::<Vec<_>>()
                    .join(" · ")
            ),
        },
        Note::AmendmentNotApplied {
            citation,
            statement,
            failure,
            ..
        } => Said::note(format!(
            "{citation}: {statement} — {}; the base text and the amendment are given side by side",
            failure_text(failure.as_ref())
        )),
        Note::NewerCorpus { unreadable: Some(why) } => Said::note(format!(
            "the documents changed but cannot be read ({why}); this answer is from the documents as they were read before"
        )),
        Note::NewerCorpus { unreadable: None } => Said::note(
            "a newer set of documents is being read; this answer is from the documents as they were read before".to_string(),
        ),
        Note::NoCardDatabase => Said::note(format!(
            "no card database: a card's printed text and icons are not shown, and a name no ruling holds cannot be told from a card with no ruling; to add one, {}",
            sanitize(&crate::cards::how_to_add())
        )),
        Note::EditionUnknown { files } => Said::note(format!(
            "the edition of {} cannot be told, so it is read as both editions': a ruling of it may be of the other game; add `edition = \"1E\"` (or \"2E\") in a `+++` block at its top",
            sanitize(
                &files
                    .iter()
                    .map(|f| crate::safe::escape_name(f))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        )),
        Note::CardDatabaseLimits(limits) => Said::note(format!(
            "the card database was not read whole: {}; a card of what was left out is answered as no card",
            sanitize(
                &limits
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        )),
        Note::IsCard { name, edition } => Said::note(format!(
            "{} is a {edition} card of the card database with no ruling under that name: `rulings card \"{}\"` shows it",
            sanitize(name),
            sanitize(name)
        )),
    }
}

/// A note as one sentence standing alone (JSON's `message`, a page's
/// note): "did you mean" and what was searched are said with their label.
pub fn message(note: &Note, as_of: NaiveDate, found: bool) -> String {
    let said = said(note, as_of, found);
    match note {
        Note::DidYouMean { .. } | Note::Read(Read::Searched { .. }) => said.line(),
        _ => said.text,
    }
}

/// A note as the JSON answer holds it: its code, its sentence, and the
/// data the sentence names.
pub fn json(note: &Note, as_of: NaiveDate, found: bool) -> NoteJson {
    let mut json = NoteJson::new(code(note), message(note, as_of, found));
    match note {
        Note::Read(read) => read_data(read, &mut json),
        Note::NameEdition {
            typed,
            edition,
            flag,
        } => {
            json.words = typed.clone();
            json.to = flag.or(*edition).map(|e| e.label().to_string());
        }
        Note::DidYouMean { candidates, .. } => json.candidates = candidates.clone(),
        Note::AmendmentNotApplied { id, .. } => json.from = Some(id.clone()),
        Note::NewerCorpus { .. }
        | Note::NoCardDatabase
        | Note::CardDatabaseLimits(_)
        | Note::EditionUnknown { .. } => {}
        Note::IsCard { name, edition } => {
            json.candidates = vec![Candidate::new(name.clone(), *edition)]
        }
    }
    json
}

/// The notes of an answer as JSON.
pub fn json_all(notes: &[Note], as_of: NaiveDate, found: bool) -> Vec<NoteJson> {
    notes.iter().map(|n| json(n, as_of, found)).collect()
}

fn code(note: &Note) -> NoteCode {
    match note {
        Note::Read(read) => match read {
            Read::PlainWords(_) => NoteCode::PlainWords,
            Read::Searched { .. } => NoteCode::Searched,
            Read::Edition { .. } => NoteCode::Edition,
            Read::Skipped(_) => NoteCode::Skipped,
            Read::Corrected { .. } => NoteCode::Corrected,
            Read::SpelledOut { .. } => NoteCode::SpelledOut,
            Read::Synonyms { .. } => NoteCode::Synonyms,
            Read::Kind { .. } => NoteCode::Kind,
            Read::AnyWord => NoteCode::AnyWord,
            Read::Partial { .. } => NoteCode::Partial,
            Read::Close { .. } => NoteCode::Close,
            Read::Apart { .. } => NoteCode::Apart,
            Read::Typos => NoteCode::Typos,
            Read::NotInForce(_) => NoteCode::NotInForce,
            Read::NotYetInEffect(_) => NoteCode::NotYetInEffect,
        },
        Note::NameEdition { .. } => NoteCode::Edition,
        Note::DidYouMean { .. } => NoteCode::DidYouMean,
        Note::AmendmentNotApplied { .. } => NoteCode::AmendmentNotApplied,
        Note::NewerCorpus { .. } => NoteCode::NewerCorpus,
        Note::NoCardDatabase => NoteCode::NoCardDatabase,
        Note::IsCard { .. } => NoteCode::IsCard,
        Note::CardDatabaseLimits(_) => NoteCode::CardDatabaseLimits,
        Note::EditionUnknown { .. } => NoteCode::EditionUnknown,
    }
}

/// The data a search's note names, in its JSON fields.
fn read_data(read: &Read, json: &mut NoteJson) {
    match read {
        Read::Searched { wanted, excluded } => {
            json.words = wanted.clone();
            json.excluded = excluded.clone();
        }
        Read::Edition { typed, edition } => {
            json.to = edition.map(|e| e.label().to_string());
            json.words = typed.clone();
        }
        Read::Skipped(words) | Read::Apart { words } => json.words = words.clone(),
        Read::Corrected { typed, corrected } => {
            json.from = Some(typed.clone());
            json.to = Some(corrected.clone());
        }
        Read::SpelledOut { typed, phrases } => {
            json.from = Some(typed.clone());
            json.words = phrases.clone();
        }
        Read::Synonyms { typed, words }
        | Read::Kind {
            typed,
            kinds: words,
        } => {
            json.from = Some(typed.clone());
            json.words = words.clone();
        }
        Read::Partial { missing, .. } => json.missing = missing.clone(),
        Read::Close { topic, edition } => {
            json.candidates = vec![Candidate::new(topic.clone(), *edition)]
        }
        Read::NotInForce(count) | Read::NotYetInEffect(count) => json.count = Some(*count),
        Read::PlainWords(_) | Read::AnyWord | Read::Typos => {}
    }
}

/// What a search's note says.
fn read_said(read: &Read, as_of: NaiveDate, found: bool) -> Said {
    let list = |words: &[String]| {
        words
            .iter()
            .map(|w| sanitize(w))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let text = match read {
        Read::PlainWords(words) => format!(
            "the query is not valid search syntax (an unbalanced quote or a lone AND/OR?); searched for the words: {}",
            sanitize(words)
        ),
        Read::Searched { wanted, excluded } => {
            let mut text = list(wanted);
            if !excluded.is_empty() {
                text.push_str(&format!(", excluding {}", list(excluded)));
            }
            return Said {
                label: "searched",
                text,
            };
        }
        Read::Edition { typed, edition } => match edition {
            Some(edition) => format!(
                "read {} as the edition: {edition} rulings only",
                quoted_list(typed)
            ),
            None => format!(
                "{} name both editions: rulings of both are shown",
                quoted_list(typed)
            ),
        },
        Read::Skipped(words) => format!("left out words that name no ruling: {}", list(words)),
        Read::Corrected { typed, corrected } => format!(
            "{} → {} (no ruling has the word as typed)",
            sanitize(typed),
            sanitize(corrected)
        ),
        Read::SpelledOut { typed, phrases } => format!(
            "read {} also as what it abbreviates: {}",
            sanitize(typed),
            phrases
                .iter()
                .map(|p| format!("\"{}\"", sanitize(p)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Read::Synonyms { typed, words } => format!(
            "read {} also as the documents' word: {}",
            sanitize(typed),
            list(words)
        ),
        Read::Kind { typed, kinds } => format!(
            "read {} also as what it is one of: {}",
            sanitize(typed),
            list(kinds)
        ),
        Read::AnyWord => {
            "no ruling has all the words; showing rulings with any of them, the rarest words first"
                .to_string()
        }
        Read::Partial {
            words,
            missing,
            in_names,
            in_quotes,
        } => {
            let lacks = list(missing);
            let mut said = match words - missing.len() {
                0 => format!("the first ruling lacks: {lacks}"),
                had => format!("the first ruling has {had} of the {words} words; it lacks: {lacks}"),
            };
            if *in_quotes {
                said.push_str(" (it has them only in the game text it quotes)");
            }
            if !in_names.is_empty() {
                said.push_str(&format!(" (it has them only in names: {})", list(in_names)));
            }
            said
        }
        Read::Close { topic, edition } => format!(
            "the next ruling, {} ({edition}), fits these words about as well: read both",
            sanitize(topic)
        ),
        Read::Apart { words } => format!(
            "the first ruling has {} only apart: no paragraph of it holds them all, and it is about none of them (its topic and the cards it names are others)",
            list(words)
        ),
        Read::Typos if found => {
            "nothing matches as typed; showing matches with a typo allowed in each word".to_string()
        }
        Read::Typos => "nothing matches, even allowing a typo in each word".to_string(),
        Read::NotInForce(count) => format!(
            "{} no longer in force on {as_of} (--all shows {})",
            plural(*count, "matching ruling is", "matching rulings are"),
            if *count == 1 { "it" } else { "them" }
        ),
        Read::NotYetInEffect(count) => format!(
            "{} in effect only after {as_of}",
            plural(*count, "matching ruling comes", "matching rulings come")
        ),
    };
    Said::note(text)
}

/// Words as a list of quoted words: `1e`, `second edition`.
fn quoted_list(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("`{}`", sanitize(w)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// Why an instruction was not applied, for people.
pub fn failure_text(failure: Option<&Failure>) -> String {
    match failure {
        None => "applied".to_string(),
        Some(Failure::WordsNotFound) => "the words to delete are not in that paragraph".to_string(),
        Some(Failure::WordsTwice) => {
            "the words to delete are in that paragraph more than once".to_string()
        }
        Some(Failure::Missing { have: 0 }) => {
            "the base text has no such part (paragraph, sentence, bullet point or list)".to_string()
        }
        Some(Failure::Missing { have }) => {
            format!("the base text has only {have} of the parts it counts")
        }
        Some(Failure::NameNotFound) => {
            "no paragraph of the base text begins with the name it gives".to_string()
        }
        Some(Failure::Unclear) => "the part it names cannot be found unambiguously".to_string(),
        Some(Failure::NoText) => "it gives no text to put in".to_string(),
        Some(Failure::NoInstruction) => "not an instruction this tool reads".to_string(),
    }
}
