//! One reading: `rulings check FILE` and the index read a document the
//! same way. For every document among the fixtures, a corpus holding that
//! one document is indexed (`export --json`: the entries the index holds)
//! and the same file is checked (`check --json`); the two must give the
//! same entries, by topic, kind and line, as many and the same. A document
//! one refuses the other must refuse too (no entries).
//!
//! Every file under `tests/fixtures` in a document format (`.txt`, `.md`,
//! `.html`, `.htm`, `.pdf`) is one, but these, which are no rulings
//! documents:
//! - `cards/`: LackeyCCG card lists (`sets/*.txt`), read by `--cards`;
//! - `decks/`: decklists, read by `rulings deck`;
//! - `published/EXPECTED.md`: what the published fixtures must read as;
//!
//! and the files that only make fixtures (`matrix/manifest.tsv`,
//! `pdf/make.sh`, `pdf/make-icon-font.py`, `pdf/icons.ttf`, `pdf/scan.png`,
//! `renditions/make.sh`) are in no document format.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::Value;

use crate::common;

/// Folders of fixtures that hold no rulings documents.
const NOT_DOCUMENTS: [&str; 2] = ["cards", "decks"];
/// Files in a document format that are no rulings documents.
const NOT_A_DOCUMENT: [&str; 1] = ["published/EXPECTED.md"];
const FORMATS: [&str; 5] = ["txt", "md", "html", "htm", "pdf"];

/// One entry as both answers name it.
type Entry = (String, String, u64);

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every document fixture, by its path under `tests/fixtures`.
fn documents() -> Vec<String> {
    let root = fixtures();
    let mut found = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                if !NOT_DOCUMENTS.contains(&relative.as_str()) {
                    stack.push(path);
                }
            } else if path
                .extension()
                .is_some_and(|e| FORMATS.contains(&e.to_string_lossy().as_ref()))
                && !NOT_A_DOCUMENT.contains(&relative.as_str())
            {
                found.push(relative);
            }
        }
    }
    found.sort();
    found
}

fn entries(list: &Value) -> Vec<Entry> {
    let mut out: Vec<Entry> = list
        .as_array()
        .unwrap_or_else(|| panic!("no entries: {list}"))
        .iter()
        .map(|e| {
            (
                e["topic"].as_str().unwrap().to_string(),
                e["kind"].as_str().unwrap().to_string(),
                e["line"].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// `check --json` on these files, in one run: the entries of each file it
/// read, by the path given; a file it did not read has none.
fn checked(files: &[PathBuf]) -> BTreeMap<String, Vec<Entry>> {
    let out = common::rulings()
        .args(["check", "--json"])
        .args(files)
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let mut by_file: BTreeMap<String, Vec<Entry>> = files
        .iter()
        .map(|f| (f.display().to_string(), Vec::new()))
        .collect();
    for document in report["documents"].as_array().unwrap() {
        let file = document["file"].as_str().unwrap().to_string();
        assert!(by_file.contains_key(&file), "{file} was not asked");
        by_file.insert(file, entries(&document["entries"]));
    }
    by_file
}

/// `export --json` of a corpus folder holding one document: the entries
/// the index holds, by release (a document whose edition cannot be told
/// is read as each edition's); none where the corpus reads nothing.
fn indexed(corpus: &Path, index: &Path) -> Vec<Vec<Entry>> {
    let out = common::rulings()
        .env("RULINGS_INDEX", index)
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(corpus)
        .args(["export", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    if code != 0 {
        assert!(
            err.contains("could be read") || err.contains("no rulings document"),
            "{}: exit {code}: {err}",
            corpus.display()
        );
        return Vec::new();
    }
    let export: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let mut by_release: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for entry in export["entries"].as_array().unwrap() {
        by_release
            .entry(entry["release"].as_str().unwrap().to_string())
            .or_default()
            .push(entry.clone());
    }
    by_release
        .into_values()
        .map(|list| entries(&Value::Array(list)))
        .collect()
}

#[test]
fn check_and_the_index_read_every_document_fixture_the_same() {
    let documents = documents();
    // Every folder of documents gave some.
    for folder in [
        "base",
        "families",
        "family",
        "html",
        "matrix",
        "originals",
        "pdf",
        "published",
        "read-short",
        "renditions",
        "rule-tables",
        "statuses",
    ] {
        assert!(
            documents
                .iter()
                .any(|d| d.starts_with(&format!("{folder}/"))),
            "no document found in {folder}/"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    // Each document alone in a corpus folder of its own, under its own
    // name (a date in a file name is read from it).
    let placed: Vec<(String, PathBuf, PathBuf)> = documents
        .iter()
        .enumerate()
        .map(|(n, document)| {
            let corpus = dir.path().join(format!("corpus-{n}"));
            std::fs::create_dir_all(&corpus).unwrap();
            let file = corpus.join(Path::new(document).file_name().unwrap());
            std::fs::copy(fixtures().join(document), &file).unwrap();
            (document.clone(), corpus, file)
        })
        .collect();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    // The checks in a few runs, the corpora one run each, all at once.
    let files: Vec<PathBuf> = placed.iter().map(|(_, _, f)| f.clone()).collect();
    let checks: Mutex<BTreeMap<String, Vec<Entry>>> = Mutex::default();
    let indexes: Mutex<BTreeMap<String, Vec<Vec<Entry>>>> = Mutex::default();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for chunk in files.chunks(files.len().div_ceil(2)) {
            let checks = &checks;
            scope.spawn(move || {
                let found = checked(chunk);
                checks.lock().unwrap().extend(found);
            });
        }
        for _ in 0..workers {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let Some((document, corpus, _)) = placed.get(n) else {
                    break;
                };
                let found = indexed(corpus, &dir.path().join(format!("index-{n}")));
                indexes.lock().unwrap().insert(document.clone(), found);
            });
        }
    });
    let checks = checks.into_inner().unwrap();
    let indexes = indexes.into_inner().unwrap();
    let mut differ = Vec::new();
    for (document, _, file) in &placed {
        let by_check = &checks[&file.display().to_string()];
        let by_index = &indexes[document];
        let same = if by_check.is_empty() {
            by_index.iter().all(Vec::is_empty)
        } else {
            !by_index.is_empty() && by_index.iter().all(|release| release == by_check)
        };
        if !same {
            let index_first = by_index.first().cloned().unwrap_or_default();
            let only_check: Vec<&Entry> = by_check
                .iter()
                .filter(|e| !index_first.contains(e))
                .take(3)
                .collect();
            let only_index: Vec<&Entry> = index_first
                .iter()
                .filter(|e| !by_check.contains(e))
                .take(3)
                .collect();
            differ.push(format!(
                "{document}: check {} entries, index {:?}; only check: {only_check:?}; only index: {only_index:?}",
                by_check.len(),
                by_index.iter().map(Vec::len).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} documents read two ways:\n{}",
        differ.len(),
        placed.len(),
        differ.join("\n")
    );
}
