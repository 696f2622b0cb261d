//! The index changed by the document: after each change to the corpus
//! (a document added, edited or removed), the first answer writes again
//! only the parts of the index the change touched, and every answer is
//! the one an index built from nothing gives, byte for byte.
//!
//! The corpus: the bundled documents moved in time as the benchmark's
//! corpus is (each copy's rulings supersede the older copies', so a change
//! to one touches the statuses of entries in others), a Glossary, a
//! rule-change history and a web page; over 64 releases: two parts of
//! entries.

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{Days, NaiveDate};
use regex::Regex;

use crate::common::folder::Folder;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `text` with every ISO date moved `days` earlier.
fn moved(text: &str, days: u64) -> String {
    let date = Regex::new(r"\b(\d{4}-\d{2}-\d{2})\b").unwrap();
    date.replace_all(text, |c: &regex::Captures| {
        c[1].parse::<NaiveDate>()
            .ok()
            .and_then(|d| d.checked_sub_days(Days::new(days)))
            .map_or(c[1].to_string(), |d| d.to_string())
    })
    .into_owned()
}

/// Every document a step may add: fifteen copies of each bundled
/// document, and three of other shapes.
fn pool() -> Vec<(String, Vec<u8>)> {
    let mut pool = Vec::new();
    for name in [
        "1e-2000-03-27-cr.md",
        "1e-2014-11-03-crd.md",
        "1e-2022-11-07-rrd.md",
        "2e-2012-02-06-crd.md",
        "2e-2017-06-06-rulings.md",
    ] {
        let text = fs::read_to_string(repo("rulings").join(name)).unwrap();
        for copy in 0..15u64 {
            let named = format!("{copy:02}-{name}");
            pool.push((named, moved(&text, copy * 30).into_bytes()));
        }
    }
    for (name, path) in [
        (
            "glossary.md",
            "tests/fixtures/families/1e-glossary-published.md",
        ),
        (
            "rule-history.md",
            "tests/fixtures/families/1e-rule-history-published.md",
        ),
        (
            "1e-2014-11-03-crd.html",
            "tests/fixtures/renditions/1e-2014-11-03-crd.html",
        ),
    ] {
        pool.push((name.to_string(), fs::read(repo(path)).unwrap()));
    }
    pool
}

/// Every kind of answer, as JSON; the first as a TD reads it, which says
/// on stderr how the index was built.
const ASKED: &[&[&str]] = &[
    &["search", "once each turn"],
    &["export", "--json"],
    &["releases", "--json"],
    &["search", "--json", "once each turn"],
    &["search", "--json", "--as-of", "2014-01-01", "battle"],
    &["show", "--json", "battle"],
    &["show", "--json", "--as-of", "2013-06-01", "Borg"],
    &["errata", "--json", "Q-Flash"],
    &["diff", "--json", "2013-01-01", "2023-01-01"],
    // The rulings in force on days among the copies' dates: a status a
    // change left stale shows here.
    &["diff", "--json", "1999-01-01", "2000-04-01"],
    &["diff", "--json", "2011-01-01", "2012-03-01"],
    &["diff", "--json", "2013-06-01", "2014-12-01"],
    &["diff", "--json", "2016-06-01", "2017-07-01"],
    &["diff", "--json", "2021-06-01", "2022-12-01"],
    &["errata", "--json"],
];

/// The answers of `folder` from the index in `index`, and what the first
/// one said on stderr.
fn answers(folder: &Folder, index: &Path) -> (Vec<String>, String) {
    let mut said = String::new();
    let answers = ASKED
        .iter()
        .map(|args| {
            let out = folder
                .rulings(args)
                .env("RULINGS_INDEX", index)
                .output()
                .expect("runs");
            if said.is_empty() {
                said = String::from_utf8_lossy(&out.stderr).into_owned();
            }
            format!(
                "{args:?} → {}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout)
            )
        })
        .collect();
    (answers, said)
}

/// The answers of an index built from nothing (readings kept: they are
/// the same whatever index they go into).
fn fresh(folder: &Folder, index: &Path) -> Vec<String> {
    let _ = fs::remove_dir_all(index.join("CURRENT"));
    for item in fs::read_dir(index).into_iter().flatten().flatten() {
        if item.file_name().to_string_lossy().starts_with("gen-") {
            fs::remove_dir_all(item.path()).unwrap();
        }
    }
    answers(folder, index).0
}

#[test]
fn an_index_changed_by_the_document_answers_as_one_built_from_nothing() {
    let seed = std::env::var("RULINGS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| fastrand::u64(..));
    let mut rng = fastrand::Rng::with_seed(seed);
    let pool = pool();
    // Start with most of the pool: over 64 releases, two parts.
    let mut present: Vec<usize> = (0..pool.len()).filter(|_| rng.u8(..10) < 9).collect();
    while present.len() < 68 {
        let more = rng.usize(..pool.len());
        if !present.contains(&more) {
            present.push(more);
        }
    }
    let start: Vec<(&str, &[u8])> = present
        .iter()
        .map(|&i| (pool[i].0.as_str(), pool[i].1.as_slice()))
        .collect();
    let folder = Folder::new(&start);
    let root = folder.folder().parent().unwrap().to_path_buf();
    let (incremental, from_nothing) = (root.join("incremental"), root.join("fresh"));
    answers(&folder, &incremental);
    let mut kept_parts = 0;
    for step in 0..10 {
        let absent: Vec<usize> = (0..pool.len()).filter(|i| !present.contains(i)).collect();
        let change = match rng.u8(..3) {
            0 if !absent.is_empty() => {
                let added = absent[rng.usize(..absent.len())];
                present.push(added);
                fs::write(folder.folder().join(&pool[added].0), &pool[added].1).unwrap();
                format!("added {}", pool[added].0)
            }
            1 if present.len() > 66 => {
                let removed = present.swap_remove(rng.usize(..present.len()));
                fs::remove_file(folder.folder().join(&pool[removed].0)).unwrap();
                format!("removed {}", pool[removed].0)
            }
            _ => {
                // An edit to the same size: one word's case changed, in
                // the last ruling (the first " the " may be the preamble's).
                let edited = present[rng.usize(..present.len())];
                let path = folder.folder().join(&pool[edited].0);
                let text = fs::read_to_string(&path).unwrap();
                let at = text.rfind(" the ").unwrap_or(0);
                let changed = format!(
                    "{}{}",
                    &text[..at],
                    text[at..].replacen(" the ", " THE ", 1)
                );
                assert_eq!(changed.len(), text.len());
                fs::write(&path, changed).unwrap();
                format!("edited {}", pool[edited].0)
            }
        };
        let (changed, said) = answers(&folder, &incremental);
        if said.contains("parts written again") {
            kept_parts += 1;
        }
        let built = fresh(&folder, &from_nothing);
        for (one, other) in changed.iter().zip(&built) {
            assert!(
                one == other,
                "seed {seed}, step {step} ({change}): the changed index answers otherwise than one built from nothing:\n--- changed\n{}\n--- from nothing\n{}",
                &one[..one.len().min(3000)],
                &other[..other.len().min(3000)]
            );
        }
    }
    assert!(
        kept_parts > 0,
        "seed {seed}: no change kept any part of the index"
    );
}
