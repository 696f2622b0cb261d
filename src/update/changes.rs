//! What a new version changed against the version before it, topic by
//! topic, and what each run changed, kept in the folder's record (see
//! [`super::last_run`]) so that `rulings changes` can say it before an
//! event without reading a document again.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{Fetched, Status};
use crate::markdown::{word_diff, WordOp};
use crate::model::{Edition, Release, ReleaseKind};

/// What the new version changed against the one before it, by topic.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Changes {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
}

/// A topic whose words changed, and its first change: the words taken
/// out and those put in their place (either may be empty), each cut to
/// [`MOST_WORDS`], and how many changes more it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reworded {
    pub topic: String,
    pub taken_out: String,
    pub put_in: String,
    pub more: usize,
}

/// The most words of a change kept: enough to recognise it at a glance.
const MOST_WORDS: usize = 16;

/// The topics the new version adds, drops and rewords, and how each
/// reworded one changed. Topics are matched by their key; a topic whose
/// words are the same, its markup or line breaks aside, is unchanged.
pub(super) fn compare(before: &Release, now: &Release) -> (Changes, Vec<Reworded>) {
    let texts = |r: &Release| -> BTreeMap<String, (String, String)> {
        let mut map = BTreeMap::new();
        for e in &r.entries {
            map.entry(e.key.as_str().to_string())
                .and_modify(|(_, text): &mut (String, String)| {
                    text.push_str("\n\n");
                    text.push_str(&e.text);
                })
                .or_insert_with(|| (e.topic.clone(), e.text.clone()));
        }
        map
    };
    let (old, new) = (texts(before), texts(now));
    let mut changes = Changes::default();
    let mut reworded = Vec::new();
    for (key, (topic, text)) in &new {
        match old.get(key) {
            None => changes.added.push(topic.clone()),
            Some((_, was)) if was != text => {
                if let Some(how) = rewording(topic, was, text) {
                    changes.changed.push(topic.clone());
                    reworded.push(how);
                }
            }
            Some(_) => {}
        }
    }
    for (key, (topic, _)) in &old {
        if !new.contains_key(key) {
            changes.removed.push(topic.clone());
        }
    }
    (changes, reworded)
}

/// How a topic's text changed, by its words; `None` when they are the
/// same.
fn rewording(topic: &str, was: &str, now: &str) -> Option<Reworded> {
    let diff = word_diff(was, now);
    // A change is a run of deletions and insertions between equal words.
    let mut runs: Vec<(String, String)> = Vec::new();
    let mut open = false;
    for change in &diff {
        match change.op {
            WordOp::Equal => open = false,
            op => {
                if !open {
                    runs.push((String::new(), String::new()));
                    open = true;
                }
                let run = runs.last_mut().expect("a run was opened");
                let words = if op == WordOp::Delete {
                    &mut run.0
                } else {
                    &mut run.1
                };
                words.push_str(&change.text);
            }
        }
    }
    let (taken_out, put_in) = runs.first()?;
    Some(Reworded {
        topic: topic.to_string(),
        taken_out: first_words(taken_out),
        put_in: first_words(put_in),
        more: runs.len() - 1,
    })
}

/// The first [`MOST_WORDS`] words of a text on one line, "…" after them
/// when there were more.
fn first_words(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words
        .iter()
        .take(MOST_WORDS)
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    if words.len() > MOST_WORDS {
        out.push_str(" …");
    }
    out
}

/// One run of `rulings update`, as `rulings changes` reads it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The day it ran.
    pub on: NaiveDate,
    /// The documents it added or changed, in the order fetched.
    pub documents: Vec<Noted>,
    /// How many documents were as they were.
    pub unchanged: usize,
    /// The documents it could not fetch or keep, and why.
    pub failed: Vec<NotKept>,
}

/// A document a run added or changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Noted {
    /// As a TD names it ("Glossary 1.9.9"); a card list by its file.
    pub name: String,
    /// New or changed.
    pub status: Status,
    pub url: String,
    /// The file it is kept as, relative to the folder.
    pub file: String,
    pub edition: Option<Edition>,
    pub kind: Option<ReleaseKind>,
    pub date: Option<NaiveDate>,
    pub entries: Option<usize>,
    /// The version it changed, where it continues one.
    pub previous: Option<super::Previous>,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<Reworded>,
}

/// A document a run could not fetch or keep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotKept {
    pub url: String,
    pub reason: String,
}

impl RunRecord {
    /// A run's outcome from its documents, each with how its changed
    /// topics changed.
    pub(super) fn of(on: NaiveDate, documents: &[(Fetched, Vec<Reworded>)]) -> RunRecord {
        let mut record = RunRecord {
            on,
            documents: Vec::new(),
            unchanged: 0,
            failed: Vec::new(),
        };
        for (fetched, reworded) in documents {
            match fetched.status {
                Status::Unchanged => record.unchanged += 1,
                Status::Failed => record.failed.push(NotKept {
                    url: fetched.url.clone(),
                    reason: fetched.reason.clone().unwrap_or_default(),
                }),
                Status::New | Status::Changed => {
                    let file = fetched.file.clone().unwrap_or_default();
                    let changes = fetched.changes.clone().unwrap_or_default();
                    record.documents.push(Noted {
                        name: fetched
                            .name
                            .clone()
                            .unwrap_or_else(|| card_list_name(&file)),
                        status: fetched.status,
                        url: fetched.url.clone(),
                        file,
                        edition: fetched.edition,
                        kind: fetched.kind,
                        date: fetched.date,
                        entries: fetched.entries,
                        previous: fetched.previous.clone(),
                        added: changes.added,
                        removed: changes.removed,
                        changed: reworded.clone(),
                    });
                }
            }
        }
        record
    }
}

/// A card list's name: its file's ("card list Virtual-1a2b3c4d.txt").
fn card_list_name(file: &str) -> String {
    format!("card list {}", file.rsplit('/').next().unwrap_or(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewording_is_its_first_change_and_how_many_more() {
        let how = rewording(
            "points",
            "Bonus points count toward winning the game, in your final score for the game or for calculating differential, unless the card says otherwise. Points may never go below zero.",
            "Bonus points count toward winning the game, unless the card says otherwise. Points may never go below zero or above a hundred.",
        )
        .unwrap();
        assert_eq!(
            how.taken_out,
            "in your final score for the game or for calculating differential,"
        );
        assert_eq!(how.put_in, "");
        assert_eq!(how.more, 1);
        // Markup and line breaks alone are no change.
        assert_eq!(
            rewording("t", "**Bold** words\nhere", "Bold words here"),
            None
        );
        let long = rewording("t", "a", &"word ".repeat(40)).unwrap();
        assert_eq!(long.put_in.split_whitespace().count(), MOST_WORDS + 1);
        assert!(long.put_in.ends_with('…'));
    }
}
