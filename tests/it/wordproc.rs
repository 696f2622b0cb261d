//! Documents printed to PDF by a word processor (`tests/fixtures/wordproc/`,
//! made by `make.sh` from the HTML beside them, words invented): a
//! Rulebook with outline-numbered headings, a table of contents with dot
//! leaders and page numbers, a running header and page numbers, and
//! sidebars in shaded boxes — in two producers' styles, and a second
//! release of it — and a Glossary set in two columns under a preamble set
//! across the page.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/wordproc")
        .join(name)
}

fn checked(file: &Path) -> Value {
    common::checked(file)
}

/// A corpus of the named fixtures and nothing bundled.
fn corpus(names: &[&str]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        fs::copy(fixture(name), dir.path().join(name)).unwrap();
    }
    dir
}

fn run(dir: &TempDir, args: &[&str]) -> String {
    let (code, out, err) = common::on_corpus(dir.path(), args);
    assert_eq!(code, 0, "{args:?}: {err}\n{out}");
    out
}

/// Every entry of a document read alone: (topic, text), in its order.
fn exported(name: &str) -> Vec<(String, String)> {
    let dir = corpus(&[name]);
    let v: Value = serde_json::from_str(&run(&dir, &["export", "--json"])).unwrap();
    v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["topic"].as_str().unwrap().to_string(),
                e["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn topics(doc: &Value) -> Vec<&str> {
    doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect()
}

/// Each sentence is in the text of its own entry and of no other.
fn each_in_its_own_entry(name: &str, entries: &[(String, String)], pairs: &[(&str, &str)]) {
    for (topic, sentence) in pairs {
        let holding: Vec<&str> = entries
            .iter()
            .filter(|(_, text)| text.contains(sentence))
            .map(|(t, _)| t.as_str())
            .collect();
        assert_eq!(holding, [*topic], "{name}: {sentence:?}");
    }
}

const RULEBOOKS: [&str; 2] = ["rulebook-v1.pdf", "rulebook-alt.pdf"];

#[test]
fn a_word_processors_rulebook_is_read_whole_section_by_section_with_its_sidebars() {
    for name in RULEBOOKS {
        let doc = checked(&fixture(name));
        assert_eq!(doc["kind"]["value"], "rulebook", "{name}");
        assert_eq!(doc["date"]["value"], "2025-03-12", "{name}");
        assert_eq!(doc["warnings"], serde_json::json!([]), "{name}");
        // The contents lists 7 chapters and 32 sections: each is read.
        let contents = &doc["evidence"]["contents"];
        assert_eq!(
            (contents["listed"].as_u64(), contents["found"].as_u64()),
            (Some(39), Some(39)),
            "{name}: {contents}"
        );
        assert_eq!(
            doc["evidence"]["numbering"]["missing"],
            serde_json::json!([])
        );
        let base = &doc["base"];
        assert_eq!(
            (base["sections"].as_u64(), base["sidebars"].as_u64()),
            (Some(39), Some(7)),
            "{name}: {base}"
        );
        let topics = topics(&doc);
        assert_eq!(topics.len(), 46, "{name}: {topics:?}");
        for topic in [
            "1 INTRODUCTION",
            "2 CARD TYPES",
            "3.2.1 Seeding Missions",
            "6.2 Repairs",
            "7 BATTLE",
            "7.4.2 Personnel Battle",
            "7.5 After Battle",
            // Sidebars, each an entry of its section typed by its label.
            "1.3 Golden Rules – Tip: Keep Your Discard Pile Tidy",
            "2.5 Dilemmas – Clarification: Dual Dilemmas",
            "4.2.2 Beaming – Borg Rule: Transwarp Beaming",
            "5.2 Facing Dilemmas – Open Rules: Dilemma Order",
            "7.4.2 Personnel Battle – Tip: Counting Strength",
        ] {
            assert!(topics.contains(&topic), "{name}: {topic} in {topics:?}");
        }
        // The contents' lines are front matter, never entries; nothing is
        // marked new (a box's sides are no change bars).
        assert!(!topics.iter().any(|t| t.contains("..")), "{topics:?}");
        assert!(
            doc["entries"]
                .as_array()
                .unwrap()
                .iter()
                .all(|e| e["new"] == false),
            "{name}"
        );
    }
}

#[test]
fn the_rulebooks_web_page_is_read_to_the_sections_of_its_print() {
    // The page the PDFs were printed from sets each contents line's page
    // number in a span of its own, which its text runs onto the title in
    // bold ("**1 INTRODUCTION2**"): the chapter printed again under the
    // contents still opens the text.
    for name in ["rulebook-v1", "rulebook-alt", "rulebook-v2"] {
        let page = checked(&fixture(&format!("{name}.html")));
        let print = checked(&fixture(&format!("{name}.pdf")));
        assert_eq!(page["warnings"], serde_json::json!([]), "{name}");
        assert_eq!(topics(&page)[0], "1 INTRODUCTION", "{name}");
        assert_eq!(topics(&page), topics(&print), "{name}");
    }
}

#[test]
fn no_section_or_sidebar_of_the_rulebook_holds_another_ones_text() {
    for name in RULEBOOKS {
        let entries = exported(name);
        each_in_its_own_entry(
            name,
            &entries,
            &[
                ("1 INTRODUCTION", "each command a fleet drifting"),
                ("2 CARD TYPES", "Every card has a type printed"),
                (
                    "1.3 Golden Rules – Tip: Keep Your Discard Pile Tidy",
                    "A discard pile kept face up",
                ),
                (
                    "7.4.2 Personnel Battle",
                    "The losing force chooses one of its personnel",
                ),
                (
                    "7.4.2 Personnel Battle – Tip: Counting Strength",
                    "Count each force's strength aloud",
                ),
                ("7.4.3 Ship Battle", "Each ship totals its weapons"),
                (
                    "7.4.3 Ship Battle – Clarification: Multiple Targets",
                    "A ship with two weapons may fire",
                ),
                ("7.5 After Battle", "both forces remain where they are"),
            ],
        );
        // No entry's text holds a numbered head: each section is its own.
        for (topic, text) in &entries {
            for (other, _) in entries.iter().filter(|(o, _)| o != topic) {
                let head = other.split(" – ").next().unwrap();
                assert!(
                    head.split(' ').count() < 2 || !text.contains(head),
                    "{name}: {topic} holds {head}: {text}"
                );
            }
        }
    }
}

#[test]
fn a_glossary_in_two_columns_under_a_preamble_is_read_entry_by_entry() {
    let doc = checked(&fixture("glossary-two-columns.pdf"));
    assert_eq!(doc["kind"]["value"], "glossary");
    assert_eq!(doc["warnings"], serde_json::json!([]));
    assert_eq!(doc["source"]["columns"], 2);
    let topics = topics(&doc);
    assert_eq!(topics.len(), 62, "{topics:?}");
    // In the order printed, which is the alphabet's.
    let mut sorted = topics.clone();
    sorted.sort_by_key(|t| t.to_lowercase());
    assert_eq!(topics, sorted);
    let entries = exported("glossary-two-columns.pdf");
    // The first page's entries, in both columns, each whole.
    each_in_its_own_entry(
        "glossary",
        &entries,
        &[
            ("abandon", "An abandoned ship stays where it is"),
            ("amber alert", "its shields cannot be lowered for beaming"),
            ("beam", "Beaming is not possible through raised shields"),
            ("brevet", "whether it succeeds or fails"),
            ("capture", "A captive has no skills while held"),
            ("consort", "when the card it consorts with is discarded"),
            ("wormhole", "once each turn"),
        ],
    );
    // No entry runs into the next: no head with its dash inside a text,
    // and the preamble is no entry's.
    for (topic, text) in &entries {
        for (other, _) in &entries {
            assert!(!text.contains(&format!("{other} –")), "{topic}: {text}");
        }
        assert!(!text.contains("Tournament directors"), "{topic}: {text}");
    }
}

#[test]
fn the_word_processor_fixtures_check_clean() {
    let out = common::rulings()
        .arg("check")
        .arg(fixture(""))
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    // The PDFs and the HTML they were printed from.
    assert!(out.contains("8 documents read, 0 with warnings"), "{out}");
}

#[test]
fn diff_between_two_releases_of_the_rulebook_names_exactly_its_two_changes() {
    let dir = corpus(&["rulebook-v1.pdf", "rulebook-v2.pdf"]);
    let diff: Value = serde_json::from_str(&run(
        &dir,
        &[
            "diff",
            "rulebook-v1",
            "rulebook-v2",
            "--documents",
            "--json",
        ],
    ))
    .unwrap();
    let topics = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|e| {
                e["topic"]
                    .as_str()
                    .or_else(|| e["to"]["topic"].as_str())
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    assert_eq!(topics(&diff["added"]), ["6.3 Undocking"]);
    assert_eq!(topics(&diff["changed"]), ["5.3 Scoring Points"]);
    assert_eq!(diff["removed"], serde_json::json!([]));
    assert_eq!(diff["status_changed"], serde_json::json!([]));
    assert_eq!(diff["unchanged"], 45);
    let plain = run(&dir, &["diff", "rulebook-v1", "rulebook-v2", "--documents"]);
    assert!(
        plain.contains("1 added, 0 removed, 1 changed, 0 status changed, 45 unchanged"),
        "{plain}"
    );
    assert!(
        plain.contains("[-never lost unless a")
            && plain.contains("{+lost only when a card naming this rule is played against you.+}"),
        "{plain}"
    );
}

#[test]
fn a_glossary_whose_columns_were_run_together_is_named_out_of_order() {
    // Two columns read across, as a reader that missed the gutter gives
    // them: the next column's heads inside the entries, the order broken.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("glossary-run-together.md");
    fs::write(
        &file,
        "# First Edition Glossary\n\nVersion 1.4 — 2 March 2025\n\n\
         **beam** – To move personnel or equipment between a **A** ship and a planet. \
         Beaming is not possible **abandon** – To leave a ship with no through raised shields.\n\n\
         **affiliation** – The allegiance of a card, shown by its **brevet** – A temporary rank \
         border color and icon.\n\n\
         **barrier** – A dilemma that stops an away team **commandeer** – To take control.\n\n\
         **cloak** – To become invisible to the opponent.\n",
    )
    .unwrap();
    let doc = checked(&file);
    let named: Vec<&str> = doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["warning"] == "out-of-order")
        .map(|w| w["topic"].as_str().unwrap())
        .collect();
    assert_eq!(named, ["affiliation"], "{}", doc["warnings"]);
}
