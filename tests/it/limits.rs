//! Queries and names past the limits of what a TD types are refused as
//! usage errors; the operators of a query (`NOT`, `-`, `OR`, `AND`) do what
//! they say and the answer says first what was searched. On the built
//! binary and the bundled corpus.

use crate::common;
#[path = "../../fuzz/harness.rs"]
mod harness;
use crate::common::notes;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

use common::rulings;
use notes::codes;

fn bundled_index() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("limits-bundled-index")
}

fn command(args: &[&str]) -> Command {
    let mut cmd = rulings();
    cmd.arg("--index").arg(bundled_index()).args(args);
    cmd
}

fn search_json(query: &str) -> Value {
    let output = command(&["search", "--json", "--limit", "20", query])
        .assert()
        .success()
        .get_output()
        .clone();
    serde_json::from_slice(&output.stdout).unwrap()
}

fn topics(answer: &Value) -> Vec<String> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["entry"]["topic"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn ten_thousand_parentheses_are_refused_not_a_crash() {
    command(&["search", &"(".repeat(10_000)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the query is 10000 characters long; a query may have at most 512",
        ));
}

#[test]
fn a_query_past_the_words_or_nesting_limit_is_a_usage_error() {
    let words: Vec<String> = (0..65).map(|i| format!("w{i}")).collect();
    command(&["search", &words.join(" ")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the query has 65 words"));
    command(&["search", &format!("{}cloaking", "(".repeat(9))])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nests parentheses 9 deep"));
}

#[test]
fn a_query_at_the_limits_is_answered() {
    // 64 distinct words that no ruling has: read, corrected, retried.
    let words: Vec<String> = (0..64).map(|i| format!("qzx{i}vv")).collect();
    command(&["search", &words.join(" ")]).assert().code(1);
    let nested = format!("{}cloaking{}", "(".repeat(8), ")".repeat(8));
    command(&["search", &nested]).assert().success();
}

#[test]
fn a_name_or_diff_side_past_the_limit_is_a_usage_error() {
    let long = "Bajoran Wormhole ".repeat(40);
    for args in [
        vec!["show", long.as_str()],
        vec!["errata", long.as_str()],
        vec!["diff", "2000-01-01", "2014-12-31", long.as_str()],
    ] {
        command(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "the name is 680 characters long; a name may have at most 512",
            ));
    }
    command(&["diff", &"x".repeat(600), "2014-12-31"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the diff side is 600 characters"));
    // A name just at the limit is looked up, not refused: the topic it
    // repeats is found inside it.
    let at_limit = &long[..512];
    command(&["show", at_limit])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "showing the closest, `bajoran wormhole`",
        ));
    // One that holds no topic is looked up and not found.
    let unknown = "qzxvvqz ".repeat(64);
    command(&["show", &unknown[..512]]).assert().code(1);
}

#[test]
fn not_leaves_out_and_the_answer_says_what_was_searched() {
    let answer = search_json("cloaking NOT device");
    assert_eq!(codes(&answer)[0], "searched");
    let note = &answer["notes"][0];
    assert_eq!(note["message"], "searched: cloaking, excluding device");
    assert_eq!(note["words"], serde_json::json!(["cloaking"]));
    assert_eq!(note["excluded"], serde_json::json!(["device"]));
    let found = topics(&answer);
    assert!(!found.is_empty());
    assert!(
        !found.iter().any(|t| t.to_lowercase().contains("device")),
        "{found:?}"
    );
    // Every way of typing it is the same search.
    for typed in ["cloaking -device", "cloaking AND NOT device"] {
        let other = search_json(typed);
        assert_eq!(topics(&other), found, "{typed}");
        assert_eq!(other["notes"][0]["excluded"], note["excluded"], "{typed}");
    }
    let text = command(&["search", "cloaking NOT device"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(
        text.lines().next(),
        Some("searched: cloaking, excluding device")
    );
}

#[test]
fn only_leaving_out_is_nothing_to_search_for() {
    for typed in ["NOT cloaking", "-cloaking -device"] {
        command(&["search", "--", typed])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("nothing to search for"))
            .stderr(predicate::str::contains("only leaves out"));
    }
}

#[test]
fn or_is_a_choice_among_the_required_words() {
    let answer = search_json("cloaking OR phasing device");
    assert_eq!(
        answer["notes"][0]["words"],
        serde_json::json!(["device", "(cloaking OR phasing)"])
    );
    for hit in answer["hits"].as_array().unwrap() {
        let text = hit["entry"].to_string().to_lowercase();
        assert!(text.contains("device"), "{text}");
        assert!(text.contains("cloak") || text.contains("phas"), "{text}");
    }
}

#[test]
fn plain_questions_carry_no_note_of_operators() {
    for typed in [
        "cloaking",
        "what happens when a ship is damaged",
        "\"once each turn\"",
    ] {
        let answer = search_json(typed);
        assert!(!codes(&answer).contains(&"searched".to_string()), "{typed}");
    }
}

/// Found by fuzzing: a word the analyzer makes nothing of, boosted, made a
/// clause of nothing, which was reported as a damaged index and rebuilt.
#[test]
fn a_word_of_nothing_is_no_damage() {
    for query in ["\u{fffd}^2 cloaking", "cloaking (\u{fffd} \u{fffd})"] {
        command(&["search", query])
            .assert()
            .success()
            .stderr(predicate::str::contains("damaged").not());
    }
}

/// The fuzz target's checks (`fuzz/harness.rs`) on a few thousand inputs
/// of its structured generator; the long run is `cargo fuzz run queries`.
#[test]
fn the_fuzz_harness_finds_nothing_in_a_short_run() {
    let index = tempfile::tempdir().unwrap();
    let fixture = harness::Fixture::new(index.path());
    let mut rng = fastrand::Rng::with_seed(2026);
    for _ in 0..2_000 {
        let input = harness::generate(&mut rng);
        harness::run(&fixture, &input);
    }
}

/// Found by fuzzing: `field:*` asks whether a field has a value, which
/// tantivy refuses only while searching, taken for a damaged index.
#[test]
fn asking_whether_a_field_has_a_value_is_read_as_words() {
    let output = command(&["search", "--json", "cloaking topic:*"])
        .assert()
        .success()
        .stderr(predicate::str::contains("damaged").not())
        .get_output()
        .stdout
        .clone();
    let answer: Value = serde_json::from_slice(&output).unwrap();
    assert!(codes(&answer).contains(&"plain-words".to_string()));
}

/// Found by fuzzing: `NOT word^2` is a boosted group of one exclusion,
/// which tantivy refuses alone; a double negation asks for the word.
#[test]
fn a_boosted_or_doubled_exclusion_is_read_as_meant() {
    let boosted = search_json("cloaking NOT device^2");
    assert_eq!(
        boosted["notes"][0]["excluded"],
        serde_json::json!(["device"])
    );
    let doubled = search_json("cloaking NOT (NOT device)");
    assert_eq!(
        doubled["notes"][0]["words"],
        serde_json::json!(["cloaking", "device"])
    );
    assert!(!topics(&doubled).is_empty());
}
