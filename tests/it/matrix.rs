//! A sample of the rendition matrix (`bench/renditions.sh`): the bundled
//! documents and base fixtures set by Chromium, LibreOffice and groff in
//! layouts they were not shaped on, and as the text a TD saves or pastes
//! (`tests/fixtures/matrix`, with the manifest rows that say how each was
//! set). Each is read by the real binary and held to the bar a reader must
//! meet: dated right (the first of the month where no day is printed), topic
//! F1 at least 0.98 against its source, new-marker recall at least 0.95.
//!
//! The renditions that miss the bar today are listed in `EXPECTED_FAILURES`
//! with the reason; the test checks that each still fails, so that a fix
//! shows up as a failure here until its line is removed.

use crate::renditions::{checked, normalized};

use std::collections::HashMap;
use std::path::{Path, PathBuf};

const MIN_F1: f64 = 0.98;
const MIN_NEW_RECALL: f64 = 0.95;

/// The sampled renditions that miss the bar today, and why.
const EXPECTED_FAILURES: &[(&str, &str)] = &[(
    "r127.txt",
    "pdftotext of a two-column PDF, date '2014-11-03' after the title: not read as a document",
)];

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

struct Reading {
    date: Option<String>,
    /// Each entry's normalized topic and new marker.
    entries: Vec<(String, bool)>,
}

fn check(path: &Path) -> Reading {
    let (document, _) = checked(path);
    let entries = document["entries"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    (
                        normalized(e["topic"].as_str().unwrap_or("")),
                        e["new"].as_bool().unwrap_or(false),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Reading {
        date: document["date"]["value"].as_str().map(String::from),
        entries,
    }
}

/// Topic F1 (as multisets) and the share of the source's new entries read
/// as new under the same topic (`None` when the source has none).
fn scores(source: &Reading, read: &Reading) -> (f64, Option<f64>) {
    let mut left: HashMap<&str, Vec<bool>> = HashMap::new();
    for (topic, new) in source.entries.iter().rev() {
        left.entry(topic).or_default().push(*new);
    }
    let (mut found, mut new_found) = (0usize, 0usize);
    for (topic, new) in &read.entries {
        if let Some(source_new) = left.get_mut(topic.as_str()).and_then(Vec::pop) {
            found += 1;
            new_found += usize::from(source_new && *new);
        }
    }
    let f1 = if found == 0 {
        0.0
    } else {
        let precision = found as f64 / read.entries.len() as f64;
        let recall = found as f64 / source.entries.len() as f64;
        2.0 * precision * recall / (precision + recall)
    };
    let new_total = source.entries.iter().filter(|e| e.1).count();
    (
        f1,
        (new_total > 0).then(|| new_found as f64 / new_total as f64),
    )
}

/// Whether a rendition's form can carry its new markers: a text copy keeps
/// an asterisk and a "NEW" tag, never a colour or a bar in the margin (the
/// rule of `examples/matrix/`).
fn carries_new_markers(row: &HashMap<&str, &str>) -> bool {
    let text_copy = matches!(
        row["form"],
        "pdftotext" | "pdftotext-layout" | "pasted" | "saved-text"
    );
    !(text_copy && matches!(row["new_marker"], "colour" | "margin-bar"))
}

/// Reads every sampled rendition of one producer and holds it to the bar,
/// or, when listed, checks that it still misses it.
fn producer_meets_the_bar(producer: &str) {
    let manifest = std::fs::read_to_string(repo("tests/fixtures/matrix/manifest.tsv")).unwrap();
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let mut sampled = 0;
    let mut problems = Vec::new();
    for line in lines {
        let row: HashMap<&str, &str> = header.iter().copied().zip(line.split('\t')).collect();
        if row["producer"] != producer {
            continue;
        }
        sampled += 1;
        let (file, document) = (row["file"], row["document"]);
        let source_path = ["rulings", "tests/fixtures/base"]
            .iter()
            .map(|dir| repo(&format!("{dir}/{document}.md")))
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("{file}: no source {document}.md"));
        let source = check(&source_path);
        let read = check(&repo(&format!("tests/fixtures/matrix/{file}")));
        let source_date = source.date.clone().expect("the source is dated");
        // Where the title block prints no day, the first of the month; the
        // source's own day is right too where the rendition prints it
        // elsewhere (the reader never invents a day).
        let expected = if row["day_given"] == "no" {
            vec![format!("{}01", &source_date[..8]), source_date]
        } else {
            vec![source_date]
        };
        let (f1, new_recall) = scores(&source, &read);
        let new_recall = new_recall.filter(|_| carries_new_markers(&row));
        let dated = read.date.as_ref().is_some_and(|d| expected.contains(d));
        let meets = dated && f1 >= MIN_F1 && new_recall.is_none_or(|r| r >= MIN_NEW_RECALL);
        eprintln!(
            "{file} ({document}, {} {}): date {:?} (expected {expected:?}), F1 {f1:.3}, new recall {new_recall:?}",
            row["form"], row["heads"], read.date
        );
        let expected_failure = EXPECTED_FAILURES.iter().find(|(f, _)| *f == file);
        match (meets, expected_failure) {
            (true, Some((_, why))) => problems.push(format!(
                "{file} now meets the bar (was: {why}); remove it from EXPECTED_FAILURES"
            )),
            (false, None) => problems.push(format!(
                "{file}: dated {dated}, F1 {f1:.3}, new recall {new_recall:?}"
            )),
            _ => {}
        }
    }
    assert!(
        sampled >= 4,
        "{producer}: only {sampled} sampled renditions"
    );
    assert!(problems.is_empty(), "{producer}:\n{}", problems.join("\n"));
}

#[test]
fn chromium_renditions_meet_the_bar() {
    producer_meets_the_bar("chromium");
}

#[test]
fn libreoffice_renditions_meet_the_bar() {
    producer_meets_the_bar("libreoffice");
}

#[test]
fn groff_renditions_meet_the_bar() {
    producer_meets_the_bar("groff");
}

#[test]
fn every_expected_failure_is_a_sampled_rendition() {
    let manifest = std::fs::read_to_string(repo("tests/fixtures/matrix/manifest.tsv")).unwrap();
    for (file, _) in EXPECTED_FAILURES {
        assert!(
            manifest.lines().any(|l| l.split('\t').next() == Some(file)),
            "{file} is not in the manifest"
        );
    }
}
