//! The tournament's own rules: the Organized Play Guide read as a family
//! of its own (kind, version, date, its numbered sections with a dash or a
//! colon after the number, "Section N:" heads), both games', cited by
//! version and section number, each version in force from its date.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::folder::Folder;

fn fixture(name: &str) -> Vec<u8> {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tournament")
        .join(name);
    fs::read(path).unwrap()
}

fn json(folder: &Folder, args: &[&str]) -> Value {
    let out = folder.rulings(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `show 7.4.1` (First Edition's reading) as of a date, as JSON.
fn section_on(folder: &Folder, as_of: &str) -> Value {
    numbered_on(folder, "7.4.1", as_of)
}

/// `show NUMBER` (First Edition's reading) as of a date, as JSON.
fn numbered_on(folder: &Folder, number: &str, as_of: &str) -> Value {
    json(
        folder,
        &[
            "show",
            "--json",
            "--edition",
            "1e",
            "--as-of",
            as_of,
            number,
        ],
    )
}

/// The sections the Guide prints: every numbered head of the fixture.
const SECTIONS: [&str; 14] = [
    "1.1", "1.2", "5.1", "5.2", "7.1", "7.1.1", "7.4", "7.4.1", "7.4.2", "7.8", "8.1", "8.3",
    "12.1", "12.2",
];

/// The topics `check --json` read from one document, after checking its
/// kind, edition, date and that it has no warning.
fn read_sections(name: &str) -> Vec<String> {
    let folder = Folder::new(&[(name, fixture(name))]);
    let out = folder.rulings(&["check", "--json"]).output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schemas::assert_valid("check", &report, "check --json");
    let document = &report["documents"][0];
    assert_eq!(
        document["kind"]["value"], "organized-play-guide",
        "{name}: {document:#}"
    );
    assert_eq!(
        document["edition"]["found"]["from"], "both-games",
        "{name}: {document:#}"
    );
    assert_eq!(
        document["date"]["value"], "2023-05-01",
        "{name}: {document:#}"
    );
    assert!(
        document["warnings"].as_array().is_none_or(|w| w.is_empty()),
        "{name}: {document:#}"
    );
    document["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_guide_is_read_to_its_sections_from_a_text_a_page_and_a_pdf() {
    // The page sets sections as headings; Chromium printed it to PDF, and
    // LibreOffice converted it; `pdftotext` copied Chromium's PDF, with and
    // without `-layout`; groff set the text with every head (title and
    // version line too) in bold.
    for name in [
        "opg-5.1.txt",
        "opg-5.1.html",
        "opg-5.1.pdf",
        "opg-5.1-libreoffice.pdf",
        "opg-5.1-layout.txt",
        "opg-5.1-plain.txt",
        "opg-5.1-groff.pdf",
    ] {
        let topics = read_sections(name);
        for number in SECTIONS {
            assert!(
                topics.iter().any(|t| t.starts_with(&format!("{number} "))),
                "{name}: section {number} not read: {topics:?}"
            );
        }
        // The parts ("Section 7: Running a Tournament") are sections too,
        // and nothing else is an entry.
        assert_eq!(topics.len(), SECTIONS.len() + 5, "{name}: {topics:?}");
    }
}

#[test]
fn the_guide_is_both_games_own() {
    let folder = Folder::new(&[("opg-5.1.txt", fixture("opg-5.1.txt"))]);
    // Read as both games': no note that its edition could not be told.
    let releases = json(&folder, &["releases", "--json"]);
    let editions: Vec<&str> = releases["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["edition"].as_str().unwrap())
        .collect();
    assert_eq!(editions, ["1E", "2E"], "{releases:#}");
    let out = folder
        .rulings(&["search", "--json", "differential"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("edition"), "{said}");
    let answer = String::from_utf8_lossy(&out.stdout);
    assert!(!answer.contains("cannot be told"), "{answer}");
}

#[test]
fn each_version_of_the_guide_is_in_force_from_its_date_and_cited_by_section() {
    let folder = Folder::new(&[
        ("opg-4.2.txt", fixture("opg-4.2.txt")),
        ("opg-5.1.txt", fixture("opg-5.1.txt")),
    ]);
    let shown = |as_of: &str| section_on(&folder, as_of).to_string();
    let then = shown("2016-01-01");
    assert!(then.contains("capped at 120"), "{then}");
    assert!(
        then.contains("OPG 4.2 §7.4.1 Calculating Differential"),
        "{then}"
    );
    let now = shown("2024-01-01");
    assert!(now.contains("capped at 100"), "{now}");
    assert!(
        now.contains("OPG 5.1 §7.4.1 Calculating Differential"),
        "{now}"
    );
    // A question in a TD's words reaches the Guide's section.
    let found = json(
        &folder,
        &[
            "search",
            "--json",
            "--edition",
            "1e",
            "deck registration error penalty",
        ],
    );
    let first = &found["hits"][0];
    assert_eq!(
        first["entry"]["topic"], "8.3 Deck Registration Errors",
        "{found:#}"
    );
    assert_eq!(first["citation"], "OPG 5.1 §8.3 Deck Registration Errors");
    // The section in force today: the new version's game loss, not the
    // old one's warning.
    let text = first["entry"]["text"].as_str().unwrap();
    assert!(text.contains("a game loss"), "{text}");
    // What the new version changed.
    let changed = json(
        &folder,
        &["diff", "--json", "--edition", "1e", "opg-4.2", "opg-5.1"],
    )
    .to_string();
    assert!(
        changed.contains("7.4.1 Calculating Differential"),
        "{changed}"
    );
    assert!(changed.contains("12.2 Disconnections"), "{changed}");
}

#[test]
fn the_game_s_bases_say_nothing_of_the_guide_s_sections() {
    // A Rules Compendium newer than the Guide holds every topic of the
    // game, and none of the tournament's: its silence leaves the Guide's
    // sections in force, and the Guide's leaves the game's rules.
    let compendium = fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/families/1e-compendium-published.md"),
    )
    .unwrap();
    let folder = Folder::new(&[
        ("opg-4.2.txt", fixture("opg-4.2.txt")),
        ("compendium.md", compendium),
    ]);
    let shown = json(&folder, &["show", "--json", "--edition", "1e", "7.4.1"]).to_string();
    assert!(
        shown.contains("OPG 4.2 §7.4.1 Calculating Differential"),
        "{shown}"
    );
    assert!(shown.contains("\"in-force\""), "{shown}");
    assert!(!shown.contains("not-repeated"), "{shown}");
}

#[test]
fn an_interim_ruling_overrides_the_section_it_names_until_a_guide_restates_it() {
    let folder = Folder::new(&[
        ("opg-5.1.txt", fixture("opg-5.1.txt")),
        ("interim-2024-03.txt", fixture("interim-2024-03.txt")),
        ("opg-5.2.txt", fixture("opg-5.2.txt")),
    ]);
    let out = folder
        .rulings(&["check", "--json", "interim-2024-03.txt"])
        .current_dir(folder.folder())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let document = &report["documents"][0];
    assert_eq!(document["kind"]["value"], "interim-ruling", "{document:#}");
    assert_eq!(document["date"]["value"], "2024-03-15", "{document:#}");
    let shown = |as_of: &str| section_on(&folder, as_of).to_string();
    // Before it: the Guide's words.
    let before = shown("2023-12-01");
    assert!(before.contains("capped at 100"), "{before}");
    assert!(!before.contains("capped at 80"), "{before}");
    // From its date: its words, its authority named.
    let during = shown("2024-06-01");
    assert!(during.contains("capped at 80"), "{during}");
    assert!(
        during.contains("Interim OP ruling 2024-03-15 §7.4.1 Calculating Differential"),
        "{during}"
    );
    // Once a new Guide restates the section: the new Guide's words, the
    // interim ruling superseded by it.
    let after = section_on(&folder, "2025-06-01");
    let answer = &after["answers"][0];
    assert_eq!(
        answer["citation"],
        "OPG 5.2 §7.4.1 Calculating Differential"
    );
    let text = answer["text"].as_str().unwrap();
    assert!(text.contains("capped at 90"), "{text}");
    let interim = answer["history"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["release"] == "interim-2024-03")
        .expect("the interim ruling in the history");
    assert_eq!(interim["status"]["state"], "superseded", "{interim:#}");
    assert_eq!(interim["status"]["release"], "opg-5.2", "{interim:#}");
}

#[test]
fn an_interim_ruling_that_names_its_section_by_number_alone_overrides_it() {
    let folder = Folder::new(&[
        ("opg-5.1.txt", fixture("opg-5.1.txt")),
        (
            "interim-2024-06-number-only.txt",
            fixture("interim-2024-06-number-only.txt"),
        ),
        ("opg-5.2.txt", fixture("opg-5.2.txt")),
    ]);
    let disconnections =
        |as_of: &str| -> Value { numbered_on(&folder, "12.2", as_of)["answers"][0].clone() };
    let before = disconnections("2024-05-01");
    assert_eq!(before["citation"], "OPG 5.1 §12.2 Disconnections");
    // Its head is "12.2" alone: it takes the Guide's title, and its words
    // are in force from its date.
    let during = disconnections("2024-07-01");
    assert_eq!(
        during["citation"], "Interim OP ruling 2024-06-03 §12.2 Disconnections",
        "{during:#}"
    );
    assert!(
        during["entry"]["text"]
            .as_str()
            .unwrap()
            .contains("five minutes"),
        "{during:#}"
    );
    // The Guide of 2025 restates the section: its words again.
    let after = disconnections("2025-06-01");
    assert_eq!(
        after["citation"], "OPG 5.2 §12.2 Disconnections",
        "{after:#}"
    );
}

#[test]
fn a_td_s_questions_about_the_tournament_reach_the_guide_s_section() {
    let folder = Folder::new(&[
        ("opg-4.2.txt", fixture("opg-4.2.txt")),
        ("opg-5.1.txt", fixture("opg-5.1.txt")),
    ]);
    for (question, section) in [
        ("time called mid-battle", "7.1.1 Time Called Mid-Battle"),
        ("tie-breaker differential", "7.4.2 Tie-Breakers"),
        ("player disconnected online game", "12.2 Disconnections"),
        (
            "deck does not match its list",
            "8.3 Deck Registration Errors",
        ),
        ("how long is a round", "7.1 Rounds and Time"),
        ("second warning same error", "8.1 Warnings"),
    ] {
        let found = json(&folder, &["search", "--json", "--edition", "1e", question]);
        let first = &found["hits"][0];
        assert_eq!(first["entry"]["topic"], section, "{question}: {found:#}");
        // The version in force today.
        assert!(
            first["citation"].as_str().unwrap().starts_with("OPG 5.1 "),
            "{question}: {first:#}"
        );
    }
}
