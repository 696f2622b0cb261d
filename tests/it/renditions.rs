//! The bundled documents as published: each `rulings/*.md` rendered as a web
//! page and printed to PDF by chromium, in one or two columns, with running
//! headers and page numbers (`tests/fixtures/renditions/make.sh`). Read by
//! the real binary, every rendition gives the same edition, date and kind as
//! the Markdown it came from, the same topics (F1 over normalized names, which
//! each test prints), and the same kind and new marker for every topic. One
//! PDF prints its title and date only in the running header.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use common::rulings;

/// The least topic F1 a rendition may read to.
const MIN_F1: f64 = 0.98;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// What `check --json` read from one document.
struct Reading {
    edition: Value,
    date: Value,
    kind: Value,
    source: Value,
    /// Each entry's normalized topic, kind and new marker, in order.
    entries: Vec<(String, String, bool)>,
}

/// The first document of `check --json` on one file (`null` when it was
/// not read), and the whole report for messages.
pub(crate) fn checked(path: &Path) -> (Value, Value) {
    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(path)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{}: {e}\n{output:?}", path.display()));
    (report["documents"][0].clone(), report)
}

fn check(path: &Path) -> Reading {
    let (document, report) = checked(path);
    let document = &document;
    assert!(
        document.is_object(),
        "{} was not read: {report}",
        path.display()
    );
    let entries = document["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                normalized(e["topic"].as_str().unwrap_or("")),
                e["kind"].as_str().unwrap().to_string(),
                e["new"].as_bool().unwrap(),
            )
        })
        .collect();
    Reading {
        edition: document["edition"]["value"].clone(),
        date: document["date"]["value"].clone(),
        kind: document["kind"]["value"].clone(),
        source: document["source"].clone(),
        entries,
    }
}

/// A topic as compared: lower case, words of letters and digits only, so
/// that dashes, punctuation, icons and markup do not count.
pub(crate) fn normalized(topic: &str) -> String {
    topic
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// F1 of the rendition's topics against the bundled document's, as
/// multisets, and the topics each has that the other lacks.
fn topic_f1(bundled: &[String], rendition: &[String]) -> (f64, Vec<String>, Vec<String>) {
    let mut left: HashMap<&str, usize> = HashMap::new();
    for topic in bundled {
        *left.entry(topic).or_default() += 1;
    }
    let mut extra = Vec::new();
    for topic in rendition {
        match left.get_mut(topic.as_str()) {
            Some(n) if *n > 0 => *n -= 1,
            _ => extra.push(topic.clone()),
        }
    }
    let missing: Vec<String> = left
        .into_iter()
        .flat_map(|(t, n)| std::iter::repeat_n(t.to_string(), n))
        .collect();
    let found = (rendition.len() - extra.len()) as f64;
    if found == 0.0 {
        return (0.0, missing, extra);
    }
    let precision = found / rendition.len() as f64;
    let recall = found / bundled.len() as f64;
    (
        2.0 * precision * recall / (precision + recall),
        missing,
        extra,
    )
}

/// Reads `tests/fixtures/renditions/NAME.EXT` and `rulings/NAME.md` and
/// compares them; for a PDF, also the columns found and that running
/// furniture was found and set aside.
fn reads_as_bundled(name: &str, ext: &str, columns: u64) {
    reads_as(name, name, ext, columns);
}

/// Reads `tests/fixtures/renditions/NAME.EXT`, a rendition of
/// `rulings/SOURCE.md`, and compares them.
fn reads_as(name: &str, source: &str, ext: &str, columns: u64) {
    let bundled = check(&repo(&format!("rulings/{source}.md")));
    let rendition = check(&repo(&format!("tests/fixtures/renditions/{name}.{ext}")));

    let topics = |r: &Reading| r.entries.iter().map(|e| e.0.clone()).collect::<Vec<_>>();
    let (f1, missing, extra) = topic_f1(&topics(&bundled), &topics(&rendition));
    eprintln!(
        "{name}.{ext}: topic F1 {f1:.3} ({} entries read, {} bundled)",
        rendition.entries.len(),
        bundled.entries.len()
    );
    assert!(
        f1 >= MIN_F1,
        "{name}.{ext}: F1 {f1:.3}; missing {missing:?}; extra {extra:?}"
    );

    assert_eq!(rendition.edition, bundled.edition, "{name}.{ext} edition");
    assert_eq!(rendition.date, bundled.date, "{name}.{ext} date");
    assert_eq!(rendition.kind, bundled.kind, "{name}.{ext} kind");

    // Every topic read from both: the same kind and new marker, taken in
    // document order where a topic comes more than once.
    let mut read: HashMap<&str, Vec<(&str, bool)>> = HashMap::new();
    for (topic, kind, new) in rendition.entries.iter().rev() {
        read.entry(topic).or_default().push((kind, *new));
    }
    for (topic, kind, new) in &bundled.entries {
        if let Some((read_kind, read_new)) = read.get_mut(topic.as_str()).and_then(Vec::pop) {
            assert_eq!(
                (read_kind, read_new),
                (kind.as_str(), *new),
                "{name}.{ext}: kind and new marker of {topic:?}"
            );
        }
    }
    let new = |r: &Reading| r.entries.iter().filter(|e| e.2).count();
    assert_eq!(new(&rendition), new(&bundled), "{name}.{ext}: new entries");

    if ext == "pdf" {
        let source = &rendition.source;
        assert_eq!(source["format"], "pdf");
        assert_eq!(source["columns"], columns, "{name}.pdf columns");
        assert!(source["pages"].as_u64().unwrap() >= 3, "{source}");
        let furniture = source["furniture"].as_array().unwrap();
        assert!(
            furniture.len() >= 2,
            "{name}.pdf: no running header or page number found: {source}"
        );
        assert!(source["bold"].as_u64().unwrap() >= bundled.entries.len() as u64);
    }
}

#[test]
fn crd_1e_two_columns_with_running_title_and_page_numbers() {
    reads_as_bundled("1e-2014-11-03-crd", "pdf", 2);
}

#[test]
fn crd_1e_as_a_web_page() {
    reads_as_bundled("1e-2014-11-03-crd", "html", 0);
}

#[test]
fn current_rulings_2000_two_columns_with_chromium_header_and_footer() {
    reads_as_bundled("1e-2000-03-27-cr", "pdf", 2);
}

#[test]
fn current_rulings_2000_as_a_web_page() {
    reads_as_bundled("1e-2000-03-27-cr", "html", 0);
}

#[test]
fn rrd_one_column_with_chromium_header_and_footer() {
    reads_as_bundled("1e-2022-11-07-rrd", "pdf", 1);
}

#[test]
fn rrd_as_a_web_page() {
    reads_as_bundled("1e-2022-11-07-rrd", "html", 0);
}

#[test]
fn crd_2e_two_columns_with_running_title_and_page_numbers() {
    reads_as_bundled("2e-2012-02-06-crd", "pdf", 2);
}

#[test]
fn crd_2e_as_a_web_page() {
    reads_as_bundled("2e-2012-02-06-crd", "html", 0);
}

#[test]
fn rulings_2e_one_column_with_running_title_and_page_numbers() {
    reads_as_bundled("2e-2017-06-06-rulings", "pdf", 1);
}

#[test]
fn rulings_2e_as_a_web_page() {
    reads_as_bundled("2e-2017-06-06-rulings", "html", 0);
}

/// The title and its date printed only in the running header: set aside
/// as furniture on every page, the date is still the document's.
#[test]
fn crd_2e_with_its_title_only_in_the_running_header() {
    reads_as(
        "2e-2012-02-06-crd-title-in-header",
        "2e-2012-02-06-crd",
        "pdf",
        1,
    );
}

#[test]
fn topic_f1_counts_missing_and_extra_topics() {
    let bundled: Vec<String> = ["a", "b", "b", "c"].map(String::from).to_vec();
    assert_eq!(topic_f1(&bundled, &bundled).0, 1.0);
    let (f1, missing, extra) = topic_f1(&bundled, &["a".into(), "b".into(), "d".into()]);
    // 2 of 3 read are right, 2 of 4 bundled are found.
    assert!((f1 - 4.0 / 7.0).abs() < 1e-9, "{f1}");
    assert_eq!(extra, ["d"]);
    let mut missing = missing;
    missing.sort();
    assert_eq!(missing, ["b", "c"]);
    assert_eq!(topic_f1(&bundled, &[]).0, 0.0);
}
