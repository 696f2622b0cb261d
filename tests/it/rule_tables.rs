//! The rule-change history in the shapes other than the site's flat list
//! (`tests/fixtures/rule-tables`, text of the tests' own): a small table a
//! rule under its heading (its rows labelled in cells of their own, or
//! not), the same rows under a heading with no table, the
//! page saved as text, a row a line or its cells a tab apart, and one rule
//! of ten versions listed newest first. Each is read as one entry a
//! version under its own rule, the page dated by its newest version.

use crate::common::one_document::{self, OneDocument};
use crate::common::{self, schemas::assert_valid};

use serde_json::Value;

const FOLDER: &str = "rule-tables";

/// The rules of the fixtures, each with words of its own wording that no
/// other rule's wording holds.
const RULES: [(&str, &str); 5] = [
    ("Deck size", "seed cards"),
    ("Docking at outposts", "outpost"),
    ("Card draw", "from the draw deck"),
    ("Borg affiliation", "assimilate"),
    ("Duplicate dilemmas", "dilemma"),
];

/// `rulings ARGS --json` on a corpus of the one fixture.
fn json(one: &OneDocument, args: &[&str]) -> (i32, Value) {
    let out = one.rulings().args(args).arg("--json").output().unwrap();
    let (code, out, err) = common::outcome(out);
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, value)
}

/// The answer of `show TOPIC` (in force, or as of a date) as (topic,
/// state, text).
fn shown(one: &OneDocument, topic: &str, as_of: Option<&str>) -> (String, String, String) {
    let mut args = vec!["show", topic];
    if let Some(date) = as_of {
        args.extend(["--as-of", date]);
    }
    let (code, v) = json(one, &args);
    assert_valid("show", &v, topic);
    assert_eq!(code, 0, "{v}");
    let answer = &v["answers"][0];
    let text = |v: &Value| v.as_str().unwrap_or_else(|| panic!("{answer}")).to_string();
    (
        text(&answer["entry"]["topic"]),
        text(&answer["status"]["state"]),
        text(&answer["entry"]["text"]),
    )
}

/// What `check --json` says of a fixture: the schema's shape, and its one
/// document.
fn checked(name: &str) -> Value {
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(one_document::fixture(FOLDER, name))
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let mut v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert_valid("check", &v, name);
    v["documents"][0].take()
}

fn topics(document: &Value) -> Vec<&str> {
    document["entries"]
        .as_array()
        .unwrap_or_else(|| panic!("{document}"))
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect()
}

#[test]
fn a_history_set_as_a_table_a_rule_is_read_a_version_an_entry_under_its_rule() {
    // Oldest first; a rescinded rule's end after its versions.
    let five = [
        "Deck size",
        "Docking at outposts",
        "Card draw",
        "Duplicate dilemmas",
        "Duplicate dilemmas",
        "Card draw",
        "Deck size",
        "Borg affiliation",
        "Duplicate dilemmas",
    ];
    let four = [
        "Deck size",
        "Docking at outposts",
        "Card draw",
        "Card draw",
        "Deck size",
        "Borg affiliation",
    ];
    for (name, date, entries, versions, rules) in [
        ("tables.html", "2019-03-01", &five[..], 8, 5),
        ("tables.txt", "2019-03-01", &five[..], 8, 5),
        ("labels.html", "2019-03-01", &five[..], 8, 5),
        ("headings.html", "1997-12-01", &four[..], 6, 4),
    ] {
        let document = checked(name);
        assert_eq!(document["kind"]["value"], "rule-history", "{name}");
        assert_eq!(document["date"]["value"], date, "{name}");
        assert_eq!(topics(&document), entries, "{name}");
        // As many versions read as the page prints status lines.
        let history = &document["source"]["history"];
        assert_eq!(history["versions"], versions, "{name}: {history}");
        assert_eq!(history["rules"], rules, "{name}: {history}");
        assert_eq!(history["printed"], versions, "{name}: {history}");
    }
}

#[test]
fn the_deck_size_of_a_date_is_the_version_of_that_date_under_its_own_rule() {
    for name in ["tables.html", "tables.txt", "labels.html", "headings.html"] {
        let one = OneDocument::of(FOLDER, name);
        // The 30/30 rule, of December 1997, at a 2000 event and today.
        for as_of in [Some("2000-06-01"), None] {
            let (topic, state, text) = shown(&one, "deck size", as_of);
            assert_eq!((topic.as_str(), state.as_str()), ("Deck size", "in-force"));
            assert!(
                text.contains("no more than thirty seed cards"),
                "{name}: {text}"
            );
            assert!(text.contains("Rule Change | Active"), "{name}: {text}");
            assert!(!text.contains("sixty"), "{name}: {text}");
        }
        // The sixty cards before it.
        let (topic, _, text) = shown(&one, "deck size", Some("1996-06-01"));
        assert_eq!(topic, "Deck size");
        assert!(text.contains("exactly sixty cards"), "{name}: {text}");
        assert!(!text.contains("thirty"), "{name}: {text}");
    }
}

#[test]
fn every_rule_is_found_with_its_own_text_alone() {
    for name in ["tables.html", "tables.txt", "labels.html", "headings.html"] {
        let one = OneDocument::of(FOLDER, name);
        for (rule, own) in RULES {
            if name == "headings.html" && rule == "Duplicate dilemmas" {
                continue;
            }
            // Each version of the rule, in force at its own date.
            let (_, v) = json(&one, &["show", rule, "--as-of", "2000-01-01"]);
            let answer = &v["answers"][0];
            assert_eq!(answer["entry"]["topic"], rule, "{name}: {v}");
            let mut texts = vec![answer["entry"]["text"].as_str().unwrap().to_string()];
            for version in answer["history"].as_array().into_iter().flatten() {
                texts.push(version["text"].as_str().unwrap_or_default().to_string());
            }
            for text in texts.iter().filter(|t| !t.is_empty()) {
                assert!(text.contains(own), "{name}: {rule}: {text}");
                for (other, words) in RULES.iter().filter(|(r, _)| *r != rule) {
                    assert!(
                        !text.contains(words),
                        "{name}: {rule} holds {other}'s words: {text}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_rule_of_ten_versions_is_dated_by_its_newest_in_either_order() {
    for name in ["one-rule.html", "one-rule-oldest-first.html"] {
        let document = checked(name);
        assert_eq!(document["date"]["value"], "2019-03-04", "{name}");
        assert_eq!(topics(&document), ["Hand limit"; 10], "{name}");
        let one = OneDocument::of(FOLDER, name);
        let (topic, state, text) = shown(&one, "hand limit", None);
        assert_eq!((topic.as_str(), state.as_str()), ("Hand limit", "in-force"));
        assert!(text.contains("eighty-five cards"), "{name}: {text}");
        // In force in 2000: the version of October 1999.
        let (_, _, text) = shown(&one, "hand limit", Some("2000-06-01"));
        assert!(text.contains("at most sixty cards"), "{name}: {text}");
    }
}

#[test]
fn a_history_read_short_of_its_status_lines_says_so() {
    // One version's source printed without its date: its status line is
    // printed, its version not read.
    let page = std::fs::read_to_string(one_document::fixture(FOLDER, "tables.txt"))
        .unwrap()
        .replace("Decipher FAQ (12 Jun 1995)", "Decipher FAQ");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short.txt");
    std::fs::write(&path, page).unwrap();
    let out = common::rulings().arg("check").arg(&path).output().unwrap();
    let (code, out, err) = common::outcome(out);
    assert!(
        out.contains(
            "read as a rule-change history: 7 versions of 5 rules, of 8 status lines printed"
        ),
        "{out}{err}"
    );
    // A warning like every other: counted, and check's exit status says so.
    assert!(
        out.contains("read short of its status lines: 7 of 8 status lines it prints were read as versions; 1 not read"),
        "{out}{err}"
    );
    assert!(out.contains("1 with warnings"), "{out}");
    assert_eq!(code, 1, "{out}{err}");
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let (_, out, _) = common::outcome(out);
    let v: Value = serde_json::from_str(&out).unwrap();
    crate::common::schemas::assert_valid("check", &v, "check --json");
    let document = &v["documents"][0];
    let history = &document["source"]["history"];
    assert_eq!(
        (history["versions"].as_u64(), history["printed"].as_u64()),
        (Some(7), Some(8)),
        "{history}"
    );
    let short: Vec<&Value> = document["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["warning"] == "read-short")
        .collect();
    assert_eq!(short.len(), 1, "{document}");
    assert_eq!(short[0]["evidence"], "status-lines", "{document}");
    assert_eq!(
        (short[0]["found"].as_u64(), short[0]["listed"].as_u64()),
        (Some(7), Some(8))
    );
}

#[test]
fn a_newer_history_in_another_shape_is_kept_as_changed_not_refused_as_older() {
    use crate::update::{one_source, statuses, Folder, Site};
    let read = |name: &str| std::fs::read(one_document::fixture(FOLDER, name)).unwrap();
    let site = Site::start();
    // The flat list of 2014, then the table of 2019 at the same address.
    site.document(
        "/ruleChanges.php",
        &read("one-rule-flat.txt"),
        "text/plain",
        "v1",
    );
    let folder = Folder::new();
    let sources = one_source(&site.url("/ruleChanges.php"));
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(
        (code, statuses(&report)[0].0.as_str()),
        (0, "new"),
        "{report}{err}"
    );
    site.document(
        "/ruleChanges.php",
        &read("one-rule.html"),
        "text/html",
        "v2",
    );
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(report["documents"][0]["status"], "changed", "{report}{err}");
    // The newest version in force now, the flat list's for its own time.
    let now = folder.show("hand limit", None);
    assert!(
        now["answers"][0]["entry"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("eighty-five cards")),
        "{now}"
    );
    let then = folder.show("hand limit", Some("2010-01-01"));
    assert!(
        then["answers"][0]["entry"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("seventy-five cards")),
        "{then}"
    );
}
