//! PDF files in a corpus folder, read from their typography by the real
//! binary: the entries of a two-column PDF are searched and shown with their
//! bold heads, red new marker and lost icons; `check` says how the file was
//! read; a PDF that cannot be read (encrypted, damaged) is named with what
//! to do, and the other documents are still answered from.

use crate::common;
use crate::common::folder;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use common::rulings;
use folder::Folder as Corpus;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pdf")
        .join(name)
}

fn two_columns() -> Vec<u8> {
    fs::read(fixture("crd-two-columns.pdf")).unwrap()
}

#[test]
fn the_entries_of_a_pdf_are_searched_with_their_typography() {
    let pdf = two_columns();
    let corpus = Corpus::new(&[("1e-crd.pdf", &pdf)]);
    let output = corpus
        .rulings(&["search", "--json", "lore", "returns"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    let first = &answer["hits"][0]["entry"];
    assert_eq!(first["topic"], "Lore Returns");
    assert_eq!(first["new"], true, "the red entry is new");
    assert_eq!(first["edition"], "1E");
    assert_eq!(first["release_date"], "2014-11-03");

    // Only the red entry is new; the others are read as plain rulings.
    let output = corpus
        .rulings(&["search", "--json", "cloaking"])
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    let cloaking = answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["entry"]["topic"] == "cloaking")
        .expect("the cloaking entry");
    assert_eq!(cloaking["entry"]["new"], false);
}

#[test]
fn check_says_how_a_pdf_was_read_and_prints_its_markdown() {
    let pdf = two_columns();
    let corpus = Corpus::new(&[("1e-crd.pdf", &pdf)]);
    let file = corpus.folder().join("1e-crd.pdf");
    let output = rulings().arg("check").arg(&file).output().unwrap();
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(
        said.contains("converted from PDF: 3 pages in 2 column(s)"),
        "{said}"
    );
    assert!(said.contains("2 icons ([?])"), "{said}");
    assert!(said.contains("Lore Returns"), "{said}");

    let output = rulings()
        .arg("check")
        .arg("--markdown")
        .arg(&file)
        .output()
        .unwrap();
    let markdown = String::from_utf8(output.stdout).unwrap();
    assert!(
        markdown.contains("***Lore Returns** – "),
        "new marker and bold head:\n{markdown}"
    );
    assert!(markdown.contains("[?]"), "{markdown}");

    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(&file)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let source = &report["documents"][0]["source"];
    assert_eq!(source["format"], "pdf");
    assert_eq!(source["pages"], 3);
    assert_eq!(source["columns"], 2);
}

#[test]
fn a_pdf_that_cannot_be_read_is_named_and_the_rest_answers() {
    let pdf = two_columns();
    let encrypted = fs::read(fixture("encrypted.pdf")).unwrap();
    let mut damaged = pdf.clone();
    damaged.truncate(600);
    let corpus = Corpus::new(&[
        ("1e-crd.pdf", &pdf),
        ("locked.pdf", &encrypted),
        ("broken.pdf", &damaged),
    ]);
    let output = corpus.rulings(&["search", "cloaking"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(
        said.contains("locked.pdf: an encrypted PDF is not read"),
        "{said}"
    );
    assert!(said.contains("broken.pdf: "), "{said}");
    assert!(!said.contains("panicked"), "{said}");
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.contains("cloaking"), "{answer}");
}

/// A damaged file (found by the mutation test; it made an earlier PDF
/// library panic): no panic message, and the other documents still answer.
#[test]
fn a_damaged_pdf_is_never_a_crash() {
    let pdf = two_columns();
    let breaks = fs::read(fixture("panics-the-reader.pdf")).unwrap();
    let corpus = Corpus::new(&[("1e-crd.pdf", &pdf), ("odd.pdf", &breaks)]);
    let output = corpus.rulings(&["search", "cloaking"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(!said.contains("panicked"), "{said}");
    if let Some(warning) = said.lines().find(|l| l.contains("odd.pdf")) {
        assert!(warning.chars().count() < 400, "one short line: {warning}");
    }
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.contains("cloaking"), "{answer}");
}
