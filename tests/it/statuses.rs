//! A rule history's statuses read as a closed set with an open edge
//! (`tests/fixtures/statuses`): the words known read as what they say
//! (Replaced as Superseded, Withdrawn as Rescinded, Reinstated and
//! Clarified in force), a word not known keeps its version, marked with
//! the word as printed, never in force, and `check` names it; no word
//! breaks the page's reading nor runs two rules together.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::one_document::{self, OneDocument};
use crate::common::{self, schemas::assert_valid};

fn fixture(name: &str) -> PathBuf {
    one_document::fixture("statuses", name)
}

/// A corpus of the one fixture, and its index, in a temporary folder.
struct Corpus {
    one: OneDocument,
}

impl Corpus {
    fn of(name: &str) -> Corpus {
        Corpus {
            one: OneDocument::of("statuses", name),
        }
    }

    /// A command's exit status, what it printed and what it warned of.
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = self.one.rulings().args(args).output().unwrap();
        common::outcome(out)
    }

    fn json(&self, command: &str, args: &[&str]) -> Value {
        let mut all = vec![command];
        all.extend(args);
        all.push("--json");
        let (_, out, err) = self.run(&all);
        let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        assert_valid(command, &value, &all.join(" "));
        value
    }

    /// `show TOPIC`: the newest version's state and text.
    fn shown(&self, topic: &str) -> (String, String) {
        let v = self.json("show", &[topic]);
        let answer = &v["answers"][0];
        (
            answer["status"]["state"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            answer["entry"]["text"]
                .as_str()
                .unwrap_or_else(|| panic!("{v}"))
                .to_string(),
        )
    }
}

/// What `check --json` says of a fixture: the document and its warnings.
fn checked(name: &str) -> Value {
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(fixture(name))
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let mut v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert_valid("check", &v, name);
    v["documents"][0].take()
}

#[test]
fn every_word_of_a_long_history_is_read_as_what_it_says() {
    let corpus = Corpus::of("many-words.txt");
    // Replaced, with "Replaced by:": the newer version in force.
    let (state, text) = corpus.shown("deck size");
    assert_eq!(state, "in-force", "{text}");
    assert!(text.contains("thirty seed cards"), "{text}");
    assert!(!text.contains("sixty"), "{text}");
    // Withdrawn: ended, nothing in force.
    let (state, text) = corpus.shown("doorways");
    assert_eq!(state, "rescinded", "{text}");
    // Reinstated and Clarified: in force, each with its own text only.
    let (state, text) = corpus.shown("holodeck personnel");
    assert_eq!(state, "in-force", "{text}");
    assert!(text.contains("may not leave the ship"), "{text}");
    assert!(!text.contains("add together"), "{text}");
    let (state, text) = corpus.shown("ship staffing");
    assert_eq!(state, "in-force", "{text}");
    assert!(text.contains("Clarified"), "{text}");
    let (state, _) = corpus.shown("tractor beams");
    assert_eq!(state, "in-force");
}

#[test]
fn a_word_not_known_keeps_its_version_never_in_force() {
    for name in ["many-words.txt", "unknown.txt"] {
        let corpus = Corpus::of(name);
        let v = corpus.json("show", &["battle bonus"]);
        let answer = &v["answers"][0];
        assert_eq!(answer["status"]["state"], "not-known", "{name}: {v}");
        assert_eq!(answer["status"]["printed"], "Withdrawn2", "{name}: {v}");
        let text = answer["entry"]["text"].as_str().unwrap();
        assert!(text.contains("add together"), "{name}: {text}");
        assert!(text.contains("Withdrawn2"), "{name}: {text}");
        // The next rule is its own, with none of the version before it.
        let (state, text) = corpus.shown("tractor beams");
        assert_eq!(state, "in-force", "{name}: {text}");
        assert!(!text.contains("add together"), "{name}: {text}");
        // Said in words, for people.
        let (_, out, _) = corpus.run(&["show", "battle bonus"]);
        assert!(
            out.contains("status printed as 'Withdrawn2': not known"),
            "{name}: {out}"
        );
        // No search gives it in force.
        let hits = corpus.json("search", &["attack bonuses"]);
        for hit in hits["hits"].as_array().unwrap_or(&Vec::new()) {
            if hit.to_string().contains("add together") {
                assert_ne!(hit["status"]["state"], "in-force", "{name}: {hit}");
            }
        }
    }
}

#[test]
fn a_small_page_with_one_replaced_version_is_still_a_history() {
    let corpus = Corpus::of("replaced.txt");
    let (state, text) = corpus.shown("battle bonus");
    assert_eq!(state, "in-force", "{text}");
    assert!(text.contains("only the larger one counts"), "{text}");
    assert!(!text.contains("add together"), "{text}");
    let document = checked("replaced.txt");
    assert_eq!(document["kind"]["value"], "rule-history", "{document}");
}

#[test]
fn check_names_each_status_not_known_with_its_line() {
    for name in ["many-words.txt", "unknown.txt"] {
        let document = checked(name);
        assert_eq!(document["kind"]["value"], "rule-history", "{name}");
        let warnings = document["warnings"].as_array().unwrap();
        let named: Vec<&Value> = warnings
            .iter()
            .filter(|w| w["warning"] == "status-not-known")
            .collect();
        assert_eq!(named.len(), 1, "{name}: {warnings:?}");
        assert_eq!(named[0]["printed"], "Withdrawn2", "{name}");
        assert!(named[0]["line"].as_u64().unwrap() > 0, "{name}");
        let line = named[0]["line"].as_u64().unwrap();
        assert!(
            document["entries"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["line"] == line && e["topic"] == "Battle bonus"),
            "{name}: {document}"
        );
        // Said in words too, with the file and line.
        let out = common::rulings()
            .arg("check")
            .arg(fixture(name))
            .output()
            .unwrap();
        let (_, out, _) = common::outcome(out);
        assert!(out.contains("'Withdrawn2', a word not known"), "{out}");
        assert!(out.contains(&format!("{line}")), "{out}");
    }
}

#[test]
fn check_reads_a_long_history_with_no_successors_in_time() {
    // Sixteen thousand versions of one rule, each printed ended and none
    // later than another: nothing on the page succeeds any of them.
    let dir = tempfile::tempdir().unwrap();
    let mut page = String::from("First Edition Rule Changes\n");
    for n in 0..16_000 {
        page.push_str(&format!(
            "Deck size: version {n}\nThe wording of version {n}.\nOriginal | Superseded\nPremiere Rulebook (10 Nov 1994)\n"
        ));
    }
    let path = dir.path().join("changes.txt");
    std::fs::write(&path, page).unwrap();
    let started = std::time::Instant::now();
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let took = started.elapsed();
    let (_, out, err) = common::outcome(out);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["documents"][0]["kind"]["value"], "rule-history", "{err}");
    // Generous: a debug build on a busy machine reads it in a few seconds.
    assert!(
        took < std::time::Duration::from_secs(60),
        "check took {took:?}"
    );
}
