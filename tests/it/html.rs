//! Saved web pages in a corpus folder (tests/fixtures/html, written to look
//! like Decipher's rulings pages and the 2E rulings pages): their entries
//! are searched and shown like any document's, with the heads, new markers
//! and lost icons their typography gave; `check` tells what the conversion
//! found and prints the Markdown; a file in a format not read is named by
//! every command, with what to do.

use crate::common;
use crate::common::folder;

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

use common::rulings;
use folder::Folder;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/html")
}

/// A corpus folder holding the web pages (and `extra` files, which are not
/// text), with its own index folder.
fn corpus(extra: &[&str]) -> Folder {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(fixtures())
        .unwrap()
        .map(|page| {
            let page = page.unwrap().path();
            let name = page.file_name().unwrap().to_str().unwrap().to_string();
            (name, fs::read(&page).unwrap())
        })
        .collect();
    files.extend(
        extra
            .iter()
            .map(|n| (n.to_string(), b"PK\x03\x04 not text".to_vec())),
    );
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    Folder::new(&files)
}

impl Folder {
    /// The `--json` answer of `rulings ARGS` on the folder, which must
    /// succeed.
    fn json(&self, args: &[&str]) -> Value {
        let output = self.rulings(args).arg("--json").assert().success();
        serde_json::from_slice(&output.get_output().stdout).unwrap()
    }
}

fn stderr(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stderr).unwrap()
}

#[test]
fn entries_of_web_pages_are_found_with_their_bold_topics() {
    let corpus = corpus(&[]);
    let answer = corpus.json(&["search", "dilemma"]);
    let topics: Vec<&str> = answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            h["entry"]["topic"]
                .as_str()
                .unwrap_or(h["topic"].as_str().unwrap_or(""))
        })
        .collect();
    assert!(topics.contains(&"Alien Probe"), "{answer}");
    let answer = corpus.json(&["search", "Drone"]);
    assert!(answer.to_string().contains("Borg Queen"), "{answer}");
}

#[test]
fn a_red_entry_is_new_and_an_icon_font_is_a_lost_icon() {
    let corpus = corpus(&[]);
    let queen = corpus.json(&["show", "Borg Queen"]);
    let entry = &queen["answers"][0]["entry"];
    assert_eq!(entry["new"], true, "{queen}");
    assert_eq!(entry["edition"], "2E");
    assert_eq!(entry["date"], "2017-06-06");
    let ship = corpus.json(&["show", "Borg Ship"]);
    assert_eq!(ship["answers"][0]["entry"]["new"], true, "{ship}");
    assert_eq!(ship["answers"][0]["entry"]["edition"], "1E");
    let probe = corpus.json(&["show", "Alien Probe"]);
    assert_eq!(probe["answers"][0]["entry"]["new"], false, "{probe}");
    for (topic, text) in [
        ("Assimilate Counterpart", "with a [?] icon"),
        ("Counterpart", "An [?] personnel"),
        // A picture named by its `alt` text is the icon it names.
        ("Quark's Isolinear Rods", "with [Staff] icon"),
        ("Kivas Fajo", "for [?] dilemmas"),
    ] {
        let answer = corpus.json(&["show", topic]);
        let said = answer["answers"][0]["entry"]["text"].as_str().unwrap_or("");
        assert!(said.contains(text), "{topic}: {answer}");
    }
}

#[test]
fn site_chrome_is_no_entry_and_no_search_finds_it() {
    let corpus = corpus(&[]);
    corpus.rulings(&["search", "Tournaments"]).assert().code(1);
    corpus.rulings(&["search", "Privacy"]).assert().code(1);
}

#[test]
fn check_tells_what_the_conversion_found_and_dropped() {
    let page = fixtures().join("decipher-current-rulings.htm");
    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let doc = &report["documents"][0];
    assert_eq!(doc["edition"]["value"], "1E");
    assert_eq!(doc["date"]["value"], "2000-03-27");
    let source = &doc["source"];
    assert_eq!(source["format"], "html");
    // Two pictures in lines of text: one named by its `alt` text
    // ("Staff"), one lost.
    assert_eq!(source["icons"], 1);
    assert_eq!(source["colored"], 2);
    assert!(source["bold"].as_u64().unwrap() >= 5, "{source}");
    let dropped = source["furniture"].to_string();
    assert!(dropped.contains("Tournaments"), "{dropped}");
    assert!(dropped.contains("Decipher Inc"), "{dropped}");

    let plain = rulings().arg("check").arg(&page).output().unwrap();
    let plain = String::from_utf8(plain.stdout).unwrap();
    assert!(
        plain.contains(
            "converted from HTML: 6 bold runs (heads), 2 colored runs (new/changed), 1 icons ([?])"
        ),
        "{plain}"
    );
    assert!(
        plain.contains("dropped as site chrome or furniture: 3"),
        "{plain}"
    );
    assert!(plain.contains("* Borg Ship [clarification]"), "{plain}");
}

#[test]
fn check_markdown_prints_the_lines_a_citation_numbers() {
    let page = fixtures().join("decipher-current-rulings.htm");
    let output = rulings()
        .arg("check")
        .arg("--markdown")
        .arg(&page)
        .output()
        .unwrap();
    assert!(output.status.success());
    let markdown = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = markdown.lines().collect();
    // `check` and `search` cite Alien Probe at line 9, Borg Ship at 11.
    assert_eq!(
        lines[8],
        "**Alien Probe** – Now counts as a dilemma for all purposes."
    );
    assert_eq!(
        lines[10],
        "* **Borg Ship** – May not be targeted by Q\u{2011}Flash dilemmas. See **headquarters**."
    );
    assert!(!markdown.contains("rollover"), "scripts are dropped");

    // A text document is printed as it was read.
    let dir = tempfile::tempdir().unwrap();
    let text =
        "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\nfaction – There are 3 factions.\n";
    fs::write(dir.path().join("a.md"), text).unwrap();
    let output = rulings()
        .arg("check")
        .arg("--markdown")
        .arg(dir.path().join("a.md"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), text);
}

#[test]
fn a_file_not_read_is_named_with_what_to_do() {
    let corpus = corpus(&["crd.docx", "scan.png", "notes.json", ".hidden.docx"]);
    let said = stderr(&mut corpus.rulings(&["search", "dilemma"]));
    assert!(
        said.contains("crd.docx: a Word document is not read: save it as PDF or text"),
        "{said}"
    );
    assert!(said.contains("scan.png: an image is not read"), "{said}");
    assert!(!said.contains("notes.json"), "{said}");
    assert!(!said.contains("hidden"), "{said}");
    // Said again by a command that reuses the index.
    let said = stderr(&mut corpus.rulings(&["show", "Alien Probe"]));
    assert!(said.contains("crd.docx"), "{said}");

    let output = rulings()
        .arg("check")
        .arg(corpus.folder())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(1),
        "a file not read is a warning"
    );
    let plain = String::from_utf8(output.stdout).unwrap();
    assert!(
        plain.contains("warning: not read: rulings/crd.docx: a Word document is not read: save it as PDF or text"),
        "{plain}"
    );
    assert!(
        plain.contains("2 documents read, 0 with warnings, 2 not read, 0 unreadable"),
        "{plain}"
    );
    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(corpus.folder())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["not_read"][0]["file"], "rulings/crd.docx");
    assert_eq!(report["not_read"][0]["format"], "word");
    assert_eq!(report["not_read"][1]["format"], "image");
}
