//! The Rules Compendium as the First Edition base, in the shape public
//! copies show it (`tests/fixtures/compendium/`, words invented): a version
//! line, chapters and sections headed `TITLE (4.2.1)` with typed sidebars, a
//! chapter with no sections, an Icon Legend, the Glossary, the Temporary
//! Rulings, `Appendix A: Errata` (a card a head, its set after its title)
//! and `Appendix B: Change Log`. Three renditions: the web page with its
//! sidebars closed (`.html`), that page printed to PDF with them open
//! (`.pdf`), and a text copy with a table of contents (`.txt`).

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/compendium")
        .join(name)
}

fn checked(file: &Path) -> Value {
    common::checked(file)
}

/// A corpus of the given files (name, text) and nothing bundled.
fn corpus(files: &[(&str, &[u8])]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

fn run(dir: &TempDir, args: &[&str]) -> String {
    let (code, out, err) = common::on_corpus(dir.path(), args);
    assert_eq!(code, 0, "{args:?}: {err}\n{out}");
    out
}

#[test]
fn each_part_of_the_compendium_is_read_as_what_it_is_in_every_rendition() {
    for (name, sections, sidebars, change_log) in [
        ("compendium-2.7.4.html", 10, 6, 3),
        ("compendium-2.7.4.pdf", 10, 6, 3),
        ("compendium-2.7.4.txt", 6, 3, 3),
    ] {
        let doc = checked(&fixture(name));
        assert_eq!(doc["kind"]["value"], "compendium", "{name}: {doc}");
        assert_eq!(doc["edition"]["value"], "1E", "{name}");
        assert_eq!(doc["date"]["value"], "2026-08-01", "{name}");
        let base = &doc["base"];
        assert_eq!(base["sections"], sections, "{name}: {base}");
        assert_eq!(base["sidebars"], sidebars, "{name}: {base}");
        assert_eq!(base["errata"], 4, "{name}: {base}");
        assert_eq!(base["icons"], 2, "{name}: {base}");
        assert!(base["change_log"].as_u64().unwrap() >= change_log, "{name}");
        assert!(
            doc["warnings"].as_array().is_none_or(|w| w.is_empty()),
            "{name}: {}",
            doc["warnings"]
        );
        let entries = doc["entries"].as_array().unwrap();
        let kind_of = |topic: &str| {
            entries
                .iter()
                .find(|e| e["topic"] == topic)
                .map(|e| e["kind"].as_str().unwrap().to_string())
                .unwrap_or_else(|| panic!("{name}: no entry {topic}"))
        };
        // The appendix's heads name a card and its set; the Change Log and
        // the appendices' own headings are no entries.
        assert_eq!(
            kind_of("Ferengi Military Operations (Deep Space Nine)"),
            "erratum"
        );
        assert_eq!(kind_of("unique dilemmas"), "temporary");
        assert_eq!(kind_of("[AU]"), "rule");
        assert_eq!(kind_of("5 SCORING POINTS"), "rule");
        assert!(
            !entries.iter().any(|e| {
                let topic = e["topic"].as_str().unwrap().to_lowercase();
                topic.contains("appendix") || topic.contains("change log")
            }),
            "{name}"
        );
    }
}

#[test]
fn a_chapter_head_numbered_after_its_title_ends_the_section_before_it() {
    // "TURN SEQUENCE (4)" is a chapter as "4: TURN SEQUENCE" is: the text
    // under it is the chapter's, not the last section's.
    let text = fs::read(fixture("compendium-2.7.4.txt")).unwrap();
    let dir = corpus(&[("compendium.txt", &text)]);
    let shown = |topic: &str| -> String {
        let v: Value = serde_json::from_str(&run(&dir, &["show", topic, "--json"])).unwrap();
        v["answers"][0]["entry"]["text"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(!shown("1.1").contains("three phases"));
    assert!(shown("4 TURN SEQUENCE").contains("three phases"));
    assert!(shown("5 scoring points").contains("by solving missions"));
    let doc = checked(&fixture("compendium-2.7.4.txt"));
    // The contents lists the chapter as "Turn Sequence (4)": found.
    assert_eq!(doc["evidence"]["contents"]["found"], 8, "{doc}");
    assert_eq!(doc["evidence"]["contents"]["listed"], 8, "{doc}");
}

/// An older rulings document that printed errata for two of the cards the
/// appendix now prints.
const OLD_ERRATA: &str = "+++
edition = \"1E\"
date = \"2014-11-03\"
title = \"First Edition Current Rulings Document\"
+++

# First Edition Current Rulings Document

Ferengi Military Operations – Erratum: Plays on table. Your [Fer] personnel may report for free.

Continuing Mission – Erratum: Seed one on table. You may download one card.
";

#[test]
fn a_cards_errata_in_force_come_from_the_appendix_and_the_older_ones_follow() {
    let html = fs::read(fixture("compendium-2.7.4.html")).unwrap();
    let dir = corpus(&[
        ("compendium.html", &html),
        ("1e-2014-11-03-crd.md", OLD_ERRATA.as_bytes()),
    ]);
    let out = run(&dir, &["errata", "ferengi military operations", "-v"]);
    let (in_force, earlier) = out.split_once("Earlier errata").expect(&out);
    assert!(
        in_force.contains("Compendium 2.7.4, Appendix A: errata — Ferengi Military Operations"),
        "{out}"
    );
    assert!(in_force.contains("(compendium.html:"), "{out}");
    assert!(in_force.contains("non-[Fer]"), "{out}");
    assert!(earlier.contains("2014-11-03"), "{out}");
    // Before the Compendium, the older erratum was the one in force.
    let before = run(
        &dir,
        &[
            "errata",
            "ferengi military operations",
            "--as-of",
            "2020-01-01",
        ],
    );
    assert!(before.contains("report for free."), "{before}");
    assert!(!before.contains("non-[Fer]"), "{before}");
    // A card the Compendium names with its set answers by its title alone.
    let json: Value = serde_json::from_str(&run(&dir, &["errata", "Q-Flash", "--json"])).unwrap();
    assert!(json.to_string().contains("Q-Flash side deck"), "{json}");
}

#[test]
fn a_card_and_a_deck_sheet_show_the_appendixs_erratum() {
    let html = fs::read(fixture("compendium-2.7.4.html")).unwrap();
    let dir = corpus(&[("compendium.html", &html)]);
    let cards = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards");
    let out = common::rulings()
        .args(["--color", "never", "--rulings"])
        .arg(dir.path())
        .arg("--cards")
        .arg(&cards)
        .args(["card", "Ferengi Military Operations"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Errata in force"), "{out}");
    assert!(out.contains("non-[Fer]"), "{out}");
    assert!(
        out.contains("Compendium 2.7.4, Appendix A: errata"),
        "{out}"
    );
}

#[test]
fn a_temporary_ruling_a_later_compendium_no_longer_prints_has_ended() {
    let text = fs::read_to_string(fixture("compendium-2.7.4.txt")).unwrap();
    let older = text.replace("Version 2.7.4 — August 2026", "Version 2.7.3 — June 2026");
    let newer: String = text
        .lines()
        .filter(|l| !l.starts_with("unique dilemmas"))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = corpus(&[
        ("compendium-a.txt", older.as_bytes()),
        ("compendium-b.txt", newer.as_bytes()),
    ]);
    let json = |as_of: &str| -> Value {
        serde_json::from_str(&run(
            &dir,
            &["show", "unique dilemmas", "--as-of", as_of, "--json"],
        ))
        .unwrap()
    };
    let between = json("2026-07-01");
    assert_eq!(between["answers"][0]["entry"]["kind"], "temporary");
    assert_eq!(between["answers"][0]["status"]["state"], "in-force");
    let after = json("2026-09-01");
    let state = &after["answers"][0]["status"]["state"];
    assert!(state.is_string() && state != "in-force", "{after}");
}

#[test]
fn an_icon_of_the_legend_answers_by_its_name() {
    let html = fs::read(fixture("compendium-2.7.4.html")).unwrap();
    let dir = corpus(&[("compendium.html", &html)]);
    let out = run(&dir, &["search", "alternate universe icon"]);
    let first = out.split("\n\n").next().unwrap();
    assert!(first.contains("[AU]"), "{out}");
}

#[test]
fn temporary_rulings_out_of_alphabetical_order_are_each_read() {
    // "unique dilemmas – …" then "forces winning battles – …", set as
    // plain dash heads: the Temporary Rulings are filed as they come, and
    // no head of theirs is taken for a sentence of the one before.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/families/1e-compendium-published.md");
    let doc = checked(&path);
    assert_eq!(doc["base"]["temporary"], 2, "{doc}");
    let topics: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "temporary")
        .map(|e| e["topic"].as_str().unwrap())
        .collect();
    assert_eq!(topics, ["unique dilemmas", "forces winning battles"]);
    assert!(doc["warnings"].as_array().is_none_or(|w| w.is_empty()));
}
