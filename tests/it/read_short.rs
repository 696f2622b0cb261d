//! A reading checks itself against what the document prints about itself:
//! the heads its table of contents lists and the sections its numbering
//! implies. A reading short of them says so, with what is missing; a
//! document read whole, and every fixture read whole, says nothing.

use crate::common;

use std::path::{Path, PathBuf};

use common::rulings;
use common::schemas::assert_valid;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/read-short").join(name)
}

/// `rulings check --json` on `path`, valid against its schema.
fn check_json(path: &Path) -> Value {
    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(path)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_valid("check", &report, &path.display().to_string());
    report
}

/// The read-short warnings of a document checked.
fn read_short(doc: &Value) -> Vec<Value> {
    doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["warning"] == "read-short")
        .cloned()
        .collect()
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn heads_a_copy_ran_into_the_text_are_named_from_the_contents_and_the_numbering() {
    let report = check_json(&fixture("rulebook-short.txt"));
    let doc = &report["documents"][0];
    let warnings = read_short(doc);
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    let contents = &warnings[0];
    assert_eq!(contents["evidence"], "contents");
    assert_eq!(contents["line"], 7, "the contents' first line");
    assert_eq!(
        (contents["found"].as_u64(), contents["listed"].as_u64()),
        (Some(10), Some(12))
    );
    assert_eq!(
        strings(&contents["missing"]),
        ["2.2 Ships", "7.4.2 Personnel Battle"]
    );
    let message = contents["message"].as_str().unwrap();
    assert!(
        message.contains("10 of 12") && message.contains("7.4.2 Personnel Battle"),
        "{message}"
    );
    let numbering = &warnings[1];
    assert_eq!(numbering["evidence"], "numbering");
    assert_eq!(strings(&numbering["missing"]), ["2.2", "7.4.2"]);
    assert_eq!(doc["evidence"]["contents"]["found"], 10);
    // The contents' lines are front matter, not entries.
    let topics: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect();
    assert!(!topics.iter().any(|t| t.contains("..")), "{topics:?}");
}

#[test]
fn the_same_document_read_whole_carries_no_warning() {
    let report = check_json(&fixture("rulebook-whole.txt"));
    let doc = &report["documents"][0];
    assert_eq!(doc["warnings"], serde_json::json!([]));
    assert_eq!(
        doc["evidence"],
        serde_json::json!({
            "contents": {"listed": 12, "found": 12, "missing": [], "line": 7},
            "numbering": {"listed": 9, "found": 9, "missing": []},
            "heads": {"listed": 9, "found": 9, "missing": []}
        })
    );
    // The first head after the contents, printed again as the contents
    // listed it, opens the text: its section is read, not kept as contents.
    let first = &doc["entries"][0];
    assert_eq!(
        (first["topic"].as_str(), first["line"].as_u64()),
        (Some("1 INTRODUCTION"), Some(20))
    );
    let plain = rulings()
        .arg("check")
        .arg(fixture("rulebook-whole.txt"))
        .output()
        .unwrap();
    let text = String::from_utf8(plain.stdout).unwrap();
    assert!(
        text.contains(
            "  evidence: contents 12 of 12 found; numbering whole; section heads 9 of 9 read as sections"
        ),
        "{text}"
    );
}

#[test]
fn a_gap_in_the_numbering_is_sections_missed() {
    let report = check_json(&fixture("rulebook-gap.txt"));
    let doc = &report["documents"][0];
    let warnings = read_short(doc);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert_eq!(warnings[0]["evidence"], "numbering");
    assert_eq!(strings(&warnings[0]["missing"]), ["2.2", "7.4.2"]);
    // The line of the first section read after a gap.
    assert_eq!(warnings[0]["line"], 25);
    assert!(doc["evidence"].get("contents").is_none());
}

#[test]
fn a_printers_count_before_heads_that_number_themselves_is_taken_off() {
    // A Rulebook a word processor printed with a list number before every
    // head ("1. 1: INTRODUCTION", "2. ABOUT THIS GAME (1.1)", "6. 2.1
    // PERSONNEL"), as a PDF and as its text copy: the count is the
    // printer's, the heads' own numbers the document's, and every head is
    // read as its section.
    for name in ["rulebook-list-numbered.pdf", "rulebook-list-numbered.txt"] {
        let report = check_json(&fixture(name));
        let doc = &report["documents"][0];
        assert_eq!(doc["warnings"], serde_json::json!([]), "{name}");
        assert_eq!(
            doc["evidence"]["heads"],
            serde_json::json!({"listed": 11, "found": 11, "missing": []}),
            "{name}"
        );
        let topics: Vec<&str> = doc["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["topic"].as_str().unwrap())
            .collect();
        assert_eq!(topics.len(), 20, "{name}: {topics:?}");
        for topic in [
            "1 INTRODUCTION",
            "1.1 ABOUT THIS GAME",
            "1.1 ABOUT THIS GAME – Tip: First vs. Second Edition",
            "2 CARD TYPES",
            "2.1 PERSONNEL",
            "3.1.1 Spaceline order",
            "4.3 DRAWING A CARD",
        ] {
            assert!(topics.contains(&topic), "{name}: {topic} in {topics:?}");
        }
        // No head keeps the printer's count.
        assert!(
            !topics
                .iter()
                .any(|t| t.starts_with(|c: char| c.is_ascii_digit())
                    && t.split_whitespace()
                        .next()
                        .is_some_and(|n| n.ends_with('.'))),
            "{name}: {topics:?}"
        );
    }
}

#[test]
fn numbered_heads_printed_and_not_read_are_named() {
    // The same Rulebook with a count that starts again under each chapter
    // ("1. ABOUT THIS GAME (1.1)", "2. ABOUT THIS RULEBOOK (1.2)", then
    // "1. 2.1 PERSONNEL"): no count of the heads, so no printer's, and its
    // heads are read as no sections; the reading says so, with the heads
    // as printed.
    let report = check_json(&fixture("rulebook-list-restarted.txt"));
    let doc = &report["documents"][0];
    let warnings = read_short(doc);
    let heads: Vec<&Value> = warnings
        .iter()
        .filter(|w| w["evidence"] == "heads")
        .collect();
    assert_eq!(heads.len(), 1, "{warnings:#?}");
    let missing = strings(&heads[0]["missing"]);
    assert!(missing.contains(&"1. ABOUT THIS GAME (1.1)"), "{missing:?}");
    assert!(heads[0]["found"].as_u64() < heads[0]["listed"].as_u64());
}

/// Documents read whole that are nevertheless short of their evidence,
/// with why: none.
const READ_SHORT_KNOWN: &[(&str, &str)] = &[];

#[test]
fn no_document_read_whole_cries_wolf() {
    let folders = [
        "rulings",
        "tests/fixtures/articles",
        "tests/fixtures/base",
        "tests/fixtures/compendium",
        "tests/fixtures/published",
        "tests/fixtures/matrix",
        "tests/fixtures/families",
        "tests/fixtures/family",
        "tests/fixtures/html",
        "tests/fixtures/originals",
        "tests/fixtures/pdf",
        "tests/fixtures/renditions",
        "tests/fixtures/statuses",
        "tests/fixtures/wordproc",
    ];
    let mut short = Vec::new();
    let mut with_evidence = 0;
    for folder in folders {
        let report = check_json(&root().join(folder));
        for doc in report["documents"].as_array().unwrap() {
            let file = doc["file"].as_str().unwrap();
            with_evidence += usize::from(doc.get("evidence").is_some());
            if !read_short(doc).is_empty()
                && !READ_SHORT_KNOWN.iter().any(|(known, _)| *known == file)
            {
                short.push(format!("{file}: {:?}", read_short(doc)));
            }
        }
    }
    assert!(short.is_empty(), "{short:#?}");
    // The rulebooks of the published fixtures print a numbering: the
    // check has something to hold them against.
    assert!(
        with_evidence >= 3,
        "{with_evidence} documents with evidence"
    );
}

#[test]
fn update_says_a_fetched_document_is_read_short_and_a_whole_one_not() {
    use crate::update::{one_source, Folder, Site};
    let site = Site::start();
    let body = |name: &str| std::fs::read(fixture(name)).unwrap();
    site.document("/short", &body("rulebook-short.txt"), "text/plain", "a");
    site.document("/whole", &body("rulebook-whole.txt"), "text/plain", "a");
    let warned = |path: &str| {
        let folder = Folder::new();
        let (code, report, err) = folder.update(&one_source(&site.url(path)), &[]);
        assert_eq!(code, 0, "{report}{err}");
        // A document fetched without warnings has none listed.
        let none = Vec::new();
        report["documents"][0]
            .get("warnings")
            .map_or(&none, |w| w.as_array().unwrap())
            .iter()
            .map(|w| w.as_str().unwrap().to_string())
            .collect::<Vec<String>>()
    };
    let short = warned("/short");
    assert!(
        short
            .iter()
            .any(|w| w.starts_with("read short of its contents: 10 of 12")
                && w.contains("2.2 Ships, 7.4.2 Personnel Battle")),
        "{short:?}"
    );
    assert!(
        short
            .iter()
            .any(|w| w.starts_with("read short of its numbering")),
        "{short:?}"
    );
    let whole = warned("/whole");
    assert!(!whole.iter().any(|w| w.contains("read short")), "{whole:?}");
}

#[test]
fn a_glossary_contents_lists_its_letters_found_by_the_entries_under_them() {
    let report = check_json(&fixture("glossary-letters.txt"));
    let doc = &report["documents"][0];
    // "Glossary", "A" and "B" are found (the part, and the entries under
    // each letter); no entry is under "C".
    let warnings = read_short(doc);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert_eq!(
        (
            warnings[0]["found"].as_u64(),
            warnings[0]["listed"].as_u64()
        ),
        (Some(3), Some(4))
    );
    assert_eq!(strings(&warnings[0]["missing"]), ["C"]);
    assert_eq!(doc["entries"].as_array().unwrap().len(), 4);
}
