//! The documents in force as published today (`tests/fixtures/published`,
//! text of the tests' own in the shapes of the official pages): the
//! rule-change history, saved from a browser and copied as text, read as
//! one entry a version of a rule, its printed status deciding what is in
//! force, on any date.

use crate::common::one_document::{self, OneDocument};
use crate::common::{self, schemas::assert_valid};

use std::path::PathBuf;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    one_document::fixture("published", name)
}

/// A corpus of the one fixture, and its index, in a temporary folder.
struct Corpus {
    one: OneDocument,
}

impl Corpus {
    fn of(name: &str) -> Corpus {
        Corpus {
            one: OneDocument::of("published", name),
        }
    }

    fn json(&self, args: &[&str]) -> (i32, Value) {
        let out = self
            .one
            .rulings()
            .args(args)
            .arg("--json")
            .output()
            .unwrap();
        let (code, out, err) = common::outcome(out);
        let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        (code, value)
    }

    /// The answer of `show TOPIC` as (state, text in force).
    fn in_force(&self, topic: &str, as_of: Option<&str>) -> (String, String) {
        let mut args = vec!["show", topic];
        if let Some(date) = as_of {
            args.extend(["--as-of", date]);
        }
        let (code, v) = self.json(&args);
        assert_valid("show", &v, topic);
        assert_eq!(code, 0, "{v}");
        let answer = &v["answers"][0];
        (
            answer["status"]["state"].as_str().unwrap().to_string(),
            answer["entry"]["text"].as_str().unwrap().to_string(),
        )
    }
}

/// What `check --json` says of a fixture's document.
fn check_of(name: &str) -> Value {
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(fixture(name))
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let mut v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    v["documents"][0].take()
}

/// The topics of a checked document's entries, in order.
fn topics_of(document: &Value) -> Vec<&str> {
    document["entries"]
        .as_array()
        .unwrap_or_else(|| panic!("{document}"))
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect()
}

/// What `check --json` says of a fixture: its kind, edition, date and
/// topics.
fn checked(name: &str) -> (String, String, String, Vec<String>) {
    let document = &check_of(name);
    let topics = topics_of(document)
        .into_iter()
        .map(str::to_string)
        .collect();
    (
        document["kind"]["value"].as_str().unwrap().to_string(),
        document["edition"]["value"].as_str().unwrap().to_string(),
        document["date"]["value"].as_str().unwrap().to_string(),
        topics,
    )
}

#[test]
fn a_rule_history_is_read_as_one_entry_a_version_in_every_form() {
    for (name, date, rules) in [
        (
            "rule-history-a.html",
            "2018-11-16",
            &[
                "The Golden Rule",
                "Deck size",
                "Unclear situations",
                "Non-Aligned ships",
                "Borg affiliation",
            ][..],
        ),
        (
            "rule-history-b.txt",
            "2019-03-01",
            &[
                "Deck size",
                "Dilemmas seed face down",
                "Card draw",
                "Duplicate dilemmas",
            ][..],
        ),
        (
            // A table of versions under each rule's heading.
            "rule-history-c.html",
            "2016-03-07",
            &[
                "Deck size",
                "Mission attempts from facilities",
                "Winning the game",
                "Duplicating unique missions",
            ][..],
        ),
    ] {
        let (kind, edition, read_date, topics) = checked(name);
        assert_eq!(kind, "rule-history", "{name}");
        assert_eq!(edition, "1E", "{name}");
        assert_eq!(read_date, date, "{name}");
        for rule in rules {
            assert!(
                topics.iter().any(|t| t == rule),
                "{name}: {rule} in {topics:?}"
            );
        }
        // No part of the page's chrome became a rule.
        assert!(
            topics.iter().all(|t| rules.contains(&t.as_str())),
            "{name}: {topics:?}"
        );
    }
}

#[test]
fn the_version_in_force_is_the_one_the_history_prints_active() {
    for (name, now) in [
        ("rule-history-a.html", "30/30 rule"),
        ("rule-history-b.txt", "30/30 rule"),
        ("rule-history-c.html", "thirty or fewer"),
    ] {
        let corpus = Corpus::of(name);
        // Superseded in 1997: the 1994 text is history, never the answer.
        let (state, text) = corpus.in_force("deck size", None);
        assert_eq!(state, "in-force", "{name}");
        assert!(text.contains(now), "{name}: {text}");
        assert!(text.contains("Active"), "{name}: {text}");
        // On a date before the change, the version of that date.
        let (_, then) = corpus.in_force("deck size", Some("1996-06-01"));
        assert!(then.contains("sixty cards"), "{name}: {then}");
    }
}

#[test]
fn a_rule_whose_last_version_is_rescinded_has_nothing_in_force() {
    let corpus = Corpus::of("rule-history-b.txt");
    let (state, _) = corpus.in_force("duplicate dilemmas", None);
    assert_eq!(state, "rescinded");
    // In force between its own date and the rescinding document's.
    let (state, text) = corpus.in_force("duplicate dilemmas", Some("2005-01-01"));
    assert_eq!(state, "in-force");
    assert!(text.contains("second copy discarded"), "{text}");
    let corpus = Corpus::of("rule-history-a.html");
    let (state, _) = corpus.in_force("non-aligned ships", None);
    assert_eq!(state, "rescinded");
    // A table's last version rescinded, the rescinding document in a note
    // under it.
    let corpus = Corpus::of("rule-history-c.html");
    let (state, _) = corpus.in_force("duplicating unique missions", None);
    assert_eq!(state, "rescinded");
    // Rescinded on the note's date, in force before it.
    let (state, _) = corpus.in_force("duplicating unique missions", Some("1998-01-01"));
    assert_eq!(state, "rescinded");
    let (state, _) = corpus.in_force("duplicating unique missions", Some("1997-06-01"));
    assert_eq!(state, "in-force");
    let (state, text) = corpus.in_force("winning the game", None);
    assert_eq!(state, "in-force");
    assert!(text.contains("full win"), "{text}");
}

#[test]
fn a_modified_rule_answers_with_its_newest_version_and_keeps_the_others_as_history() {
    let corpus = Corpus::of("rule-history-a.html");
    let (state, text) = corpus.in_force("unclear situations", None);
    assert_eq!(state, "in-force");
    assert!(text.contains("TrekSense returns"), "{text}");
    let (_, v) = corpus.json(&["show", "unclear situations"]);
    let history = v["answers"][0]["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "{v}");
    assert!(history.iter().all(|h| h["status"]["state"] == "superseded"));
    // Between the two changes, the 1998 version.
    let (_, then) = corpus.in_force("unclear situations", Some("2005-01-01"));
    assert!(then.contains("card text only"), "{then}");
}

#[test]
fn a_search_answers_from_the_active_version_by_default() {
    let corpus = Corpus::of("rule-history-b.txt");
    let (code, v) = corpus.json(&["search", "deck"]);
    assert_eq!(code, 0, "{v}");
    let hits = v["hits"].as_array().unwrap_or_else(|| panic!("{v}"));
    assert!(!hits.is_empty());
    for hit in hits {
        let text = hit.to_string();
        assert!(
            !text.contains("sixty cards"),
            "a superseded version shown in force: {hit}"
        );
    }
}

#[test]
fn a_glossary_that_never_says_first_edition_is_first_editions() {
    for name in ["glossary-a.txt", "glossary-b.txt"] {
        let (kind, edition, _, topics) = checked(name);
        assert_eq!(
            (kind.as_str(), edition.as_str()),
            ("glossary", "1E"),
            "{name}"
        );
        assert!(!topics.is_empty(), "{name}");
    }
}

#[test]
fn a_glossary_as_published_is_read_to_every_entry_its_temporary_rulings_apart() {
    // Heads alone on their lines under letters, the alphabet begun by a
    // letter after the Temporary Rulings (a); heads run in, the alphabet
    // begun again on a new page (b). The preamble is no entry in either.
    for (name, temporary, glossary) in [
        (
            "glossary-a.txt",
            &["Dead End", "Emissary, The"][..],
            &[
                "affiliation",
                "battle",
                "capturing",
                "Dead End",
                "downloading",
                "Emergency Transporter Armbands",
                "Emissary, The",
                "Empathic Echo",
                "Kahless",
                "K'chiQ",
                "Q-Flash",
                "Qapla'!",
                "Temporal Rift",
                "treaty",
            ][..],
        ),
        (
            "glossary-b.txt",
            &["Dead End", "Launch Portal"],
            &[
                "affiliation",
                "battle",
                "Dead End",
                "downloading",
                "Emissary, The",
                "Empathic Echo",
                "Forced Labor Camp",
                "Kahless",
                "K'chiQ",
                "Launch Portal",
                "leader",
                "Q-Flash",
                "Qapla'!",
                "skills – modifying",
                "Temporal Rift",
                "treaty",
            ],
        ),
    ] {
        let document = check_of(name);
        let of_kind = |kind: &str| -> Vec<&str> {
            document["entries"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["kind"] == kind)
                .map(|e| e["topic"].as_str().unwrap())
                .collect()
        };
        assert_eq!(of_kind("temporary"), temporary, "{name}");
        assert_eq!(of_kind("rule"), glossary, "{name}");
        assert_eq!(
            topics_of(&document).len(),
            temporary.len() + glossary.len(),
            "{name}: {document}"
        );
    }
}

/// A corpus of one document written here, and what `ARGS --json` answers.
fn answer_of(document: &str, args: &[&str]) -> (i32, Value, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/notes.txt"), document).unwrap();
    let out = common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(dir.path().join("docs"))
        .arg("--index")
        .arg(dir.path().join("index"))
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, value, err)
}

#[test]
fn a_document_whose_edition_cannot_be_told_answers_in_both_and_says_so() {
    let document = "+++\ndate = \"2021-03-01\"\ntitle = \"Tournament notes\"\n+++\n\
        wormholes – A ship that enters a wormhole may stop at its other end.\n\n\
        cloaking – A cloaked ship may not be targeted.\n";
    for edition in ["1e", "2e"] {
        let (code, v, err) = answer_of(document, &["show", "wormholes", "--edition", edition]);
        assert_eq!(code, 0, "{edition}: {v}{err}");
        assert!(
            common::notes::codes(&v).contains(&"edition-unknown".to_string()),
            "{edition}: {v}"
        );
        assert!(err.contains("cannot tell the edition"), "{err}");
    }
}

#[test]
fn a_document_with_no_heads_is_read_as_paragraphs() {
    // A page saved as text, its heads run into its paragraphs.
    let document = "+++\nedition = \"1E\"\ndate = \"2024-06-03\"\ntitle = \"First Edition Rule History, as printed\"\n+++\n\
        The seed phase comes first, and each player seeds missions in turn until both have seeded six of them.\n\n\
        Then each player seeds dilemmas under the missions, face down, and neither may look at the other's.\n";
    let (code, v, err) = answer_of(document, &["search", "dilemmas", "face", "down"]);
    assert_eq!(code, 0, "{v}{err}");
    let first = &v["hits"][0]["entry"];
    assert!(
        first["topic"]
            .as_str()
            .unwrap()
            .contains("paragraph 2 (structure not read)"),
        "{first}"
    );
    // `check` says what was read, and takes no paragraph's name for a
    // head too long.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.txt");
    std::fs::write(&path, document).unwrap();
    let out = common::rulings()
        .args(["check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let (_, out, _) = common::outcome(out);
    let v: Value = serde_json::from_str(&out).unwrap();
    let checked = &v["documents"][0];
    assert_eq!(topics_of(checked).len(), 2, "{checked}");
    assert_eq!(checked["warnings"], Value::Array(vec![]), "{checked}");
}

#[test]
fn the_rulebook_web_page_is_read_by_its_chapters_sections_and_sidebars() {
    // As saved from a browser, and printed to PDF by it (`chromium
    // --print-to-pdf`, the site's menu run onto the version line above the
    // title).
    for name in ["rulebook-a.html", "rulebook-a.pdf"] {
        rulebook_read_whole(name);
    }
}

fn rulebook_read_whole(name: &str) {
    let document = &check_of(name);
    assert_eq!(document["kind"]["value"], "rulebook", "{document}");
    // It never says "First Edition": its numbering tells it.
    assert_eq!(
        (
            &document["edition"]["value"],
            &document["edition"]["found"]["from"]
        ),
        (&Value::from("1E"), &Value::from("numbered-sections")),
        "{document}"
    );
    // Dated by the version line above its title, never taken for a head.
    assert_eq!(document["date"]["value"], "2024-06-01", "{document}");
    // The number after the title ("ABOUT THIS GAME (1.1)"), before it
    // ("2.1 PERSONNEL"), in a span of its own ("2.2 SHIPS"), only in the
    // heading's anchor ("2.3"), one level down ("(3.1.1)"), a chapter
    // ("1: INTRODUCTION"); each sidebar an entry of its section, named by
    // its title, not site chrome; the version line no head.
    let expected = [
        "1 INTRODUCTION",
        "1.1 ABOUT THIS GAME",
        "1.1 ABOUT THIS GAME – Tip: First vs. Second Edition",
        "1.2 ABOUT THIS RULEBOOK",
        "1.2 ABOUT THIS RULEBOOK – Copyright Notice: Printing cards",
        "1.3 THE GOLDEN RULE",
        "1.3 THE GOLDEN RULE – Example",
        "2 CARD TYPES",
        "2.1 PERSONNEL",
        "2.2 SHIPS",
        "2.3 EQUIPMENT",
        "2.3 EQUIPMENT – Example: Reading a card",
        "3 THE SEED PHASE",
        "3.1 SEEDING MISSIONS",
        "3.1.1 Spaceline order",
        "3.2 SEEDING DILEMMAS",
    ];
    let topics = topics_of(document);
    if name.ends_with(".pdf") {
        // Printed, the page shows no number for 2.3 (it was in the
        // heading's anchor only): every other section is read.
        for topic in expected.iter().filter(|t| !t.starts_with("2.3")) {
            assert!(topics.contains(topic), "{name}: {topic} in {topics:?}");
        }
    } else {
        assert_eq!(topics, expected, "{name}");
    }
}

#[test]
fn the_second_edition_rulings_page_dates_each_ruling_by_its_own_date() {
    for (name, rulings) in [
        (
            "rulings-2e-a.html",
            &[
                ("Choosing Personnel at Random", "2017-09-11"),
                ("Naming a Number", "2017-06-06"),
                ("Set Up", "2016-09-19"),
                ("One-Time Broadcast Abilities", "2016-09-19"),
                ("Worf, Security Detail Leader", "2015-03-02"),
            ][..],
        ),
        (
            "rulings-2e-b.txt",
            &[
                ("Headquarters Without a Mission", "2018-02-05"),
                ("Stopped Personnel and Costs", "2017-12-04"),
            ][..],
        ),
    ] {
        let corpus = Corpus::of(name);
        for (topic, date) in rulings {
            let (code, v) = corpus.json(&["show", topic]);
            assert_eq!(code, 0, "{name}: {topic}: {v}");
            assert_eq!(v["answers"][0]["entry"]["date"], *date, "{name}: {topic}");
            assert_eq!(v["answers"][0]["edition"], "2E", "{name}: {topic}");
            // The day before its date, the ruling is not yet in force.
            let day_before = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
                .unwrap()
                .pred_opt()
                .unwrap()
                .to_string();
            let (_, then) = corpus.json(&["show", topic, "--as-of", &day_before]);
            assert_ne!(
                then["answers"][0]["status"]["state"], "in-force",
                "{name}: {topic} before {date}: {then}"
            );
        }
    }
}

#[test]
fn a_diff_between_two_dates_shows_what_the_history_changed() {
    let corpus = Corpus::of("rule-history-b.txt");
    let (code, v) = corpus.json(&["diff", "1996-06-01", "2000-01-01"]);
    assert_eq!(code, 0, "{v}");
    let changed: Vec<&str> = v["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(changed, ["deck size", "duplicate dilemmas"], "{v}");
    // The rule rescinded in 2019 is gone from what is in force after it.
    let (_, later) = corpus.json(&["diff", "2000-01-01", "2020-01-01"]);
    let gone: Vec<String> = ["removed", "status_changed"]
        .iter()
        .flat_map(|k| later[k].as_array().cloned().unwrap_or_default())
        .map(|c| c.to_string())
        .collect();
    assert!(
        gone.iter().any(|c| c.contains("duplicate dilemmas")),
        "{later}"
    );
}

#[test]
fn the_rulebook_copied_as_text_is_read_with_its_title_run_together() {
    // The copy runs the page's tabs and its version line onto the title.
    let document = &check_of("rulebook-b.txt");
    assert_eq!(document["kind"]["value"], "rulebook", "{document}");
    assert_eq!(document["date"]["value"], "2024-06-01", "{document}");
    // A sidebar's title alone over its text, a section's number after a
    // title in lower case with no bold left (`Moving ships (4.2.1)`), a
    // section sign before a number; the title with its tabs no section.
    assert_eq!(
        topics_of(document),
        [
            "1 INTRODUCTION",
            "1.1 ABOUT THIS GAME",
            "1.1 ABOUT THIS GAME – Tip: First vs. Second Edition",
            "1.2 ABOUT THIS RULEBOOK",
            "1.3 THE GOLDEN RULE",
            "1.3 THE GOLDEN RULE – Example",
            "4 YOUR TURN",
            "4.1 CARD PLAY",
            "4.1 CARD PLAY – Copyright Notice: Printing cards",
            "4.2 EXECUTING ORDERS",
            "4.2.1 Moving ships",
            "4.3 DRAWING A CARD",
        ]
    );
}

#[test]
fn the_bundled_amendments_apply_to_an_older_glossary_and_a_newer_one_answers_as_printed() {
    // Read with the bundled corpus, whose Recent Rulings Document of
    // 2022-11-07 deletes two phrases from the third paragraph of `points`.
    let amended = |document: &str| -> Value {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("docs/glossary.txt"), document).unwrap();
        let show = |json: bool| {
            let out = common::rulings()
                .arg("--rulings")
                .arg(dir.path().join("docs"))
                .arg("--index")
                .arg(dir.path().join("index"))
                .args(["show", "points"])
                .args(json.then_some("--json"))
                .output()
                .unwrap();
            let (code, out, err) = common::outcome(out);
            assert_eq!(code, 0, "{out}{err}");
            out
        };
        // Cited by what it is: its cover prints no title line of its own,
        // but its kind and version.
        let plain = show(false);
        assert!(plain.contains("Glossary 1.9."), "{plain}");
        let v: Value = serde_json::from_str(&show(true)).unwrap();
        assert_valid("show", &v, "points");
        v["answers"][0].clone()
    };
    let older = std::fs::read_to_string(fixture("glossary-c.txt")).unwrap();
    let answer = amended(&older);
    let in_force = &answer["amended"];
    assert_eq!(in_force["base"]["release"], "glossary", "{answer}");
    let text = in_force["text"].as_str().unwrap();
    assert!(
        text.contains(
            "Bonus points count toward winning the game, unless the card says otherwise."
        ),
        "{text}"
    );
    let steps = in_force["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{in_force}");
    assert!(steps.iter().all(|s| s["applied"] == true), "{in_force}");

    // Published after them, the Glossary holds them already: its text is
    // the text in force, nothing applied twice.
    let newer = older
        .replace("November 2021", "March 2024")
        .replace(" in your final score for the game (whether you win or lose) or for calculating differential,", "");
    let answer = amended(&newer);
    assert_eq!(answer["entry"]["release"], "glossary", "{answer}");
    assert!(answer["amended"].is_null(), "{answer}");
    assert!(
        answer["entry"]["text"]
            .as_str()
            .unwrap()
            .contains("winning the game, unless the card says otherwise."),
        "{answer}"
    );
}

#[test]
fn a_rulings_date_under_its_head_is_not_the_pages_date() {
    // Printed with a version line on its title; each ruling's date on the
    // line under its head.
    let (kind, edition, date, topics) = checked("rulings-2e-c.txt");
    assert_eq!((kind.as_str(), edition.as_str()), ("rulings", "2E"));
    assert_eq!(date, "2017-06-01");
    assert!(
        topics.contains(&"Examining a Card".to_string()),
        "{topics:?}"
    );
}
