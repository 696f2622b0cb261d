//! A document is read once: its reading is kept in the index folder, keyed
//! by its bytes and name and the program, and an index built with kept
//! readings answers exactly as one built from nothing.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::folder::Folder;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// The documents of a small corpus: two 1E releases, the 2E rulings page,
/// and a rule-change history printed to PDF.
fn documents() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        (
            "1e-2014-11-03-crd.md",
            fs::read(repo("rulings/1e-2014-11-03-crd.md")).unwrap(),
        ),
        (
            "1e-2022-11-07-rrd.md",
            fs::read(repo("rulings/1e-2022-11-07-rrd.md")).unwrap(),
        ),
        (
            "2e-2017-06-06-rulings.md",
            fs::read(repo("rulings/2e-2017-06-06-rulings.md")).unwrap(),
        ),
        (
            "rule-changes.pdf",
            fs::read(repo(
                "tests/fixtures/families/copies/rule-history-tables-libreoffice.pdf",
            ))
            .unwrap(),
        ),
    ]
}

/// `index --json` on the folder: how many readings were kept.
fn indexed(folder: &Folder) -> Value {
    let out = folder.rulings(&["index", "--json"]).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::schemas::assert_valid("index", &report, "index --json");
    report
}

/// Every answer the index gives of the whole corpus: its entries with
/// their status, and its releases.
fn answers(folder: &Folder) -> Vec<String> {
    [
        vec!["export", "--json"],
        vec!["releases", "--json"],
        vec!["search", "--json", "once each turn"],
        vec!["show", "--json", "--as-of", "2001-01-01", "battle"],
    ]
    .iter()
    .map(|args| {
        let out = folder.rulings(args).output().expect("runs");
        String::from_utf8(out.stdout).unwrap()
    })
    .collect()
}

/// The answers of `folder` from an index built from nothing: the index
/// folder, and the readings in it, removed first.
fn fresh(folder: &Folder) -> Vec<String> {
    fs::remove_dir_all(folder.folder().parent().unwrap().join("index")).unwrap();
    answers(folder)
}

fn readings(folder: &Folder) -> Vec<PathBuf> {
    let dir = folder.folder().parent().unwrap().join("index/readings");
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.flatten().map(|f| f.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn a_document_that_did_not_change_is_not_read_again() {
    let docs = documents();
    let folder = Folder::new(&docs[..3]);
    assert_eq!(indexed(&folder)["readings_kept"], 0);
    assert_eq!(readings(&folder).len(), 3);
    // A document added: the three others are not read again.
    fs::write(folder.folder().join(docs[3].0), &docs[3].1).unwrap();
    let report = indexed(&folder);
    assert_eq!(report["readings_kept"], 3);
    assert_eq!(report["releases"], 4);
    // One edited in place to the same size: it alone is read again.
    let path = folder.folder().join("1e-2022-11-07-rrd.md");
    let text = fs::read_to_string(&path).unwrap();
    let edited = text.replacen("Bridge", "BRIDGE", 1);
    assert_ne!(edited, text);
    assert_eq!(edited.len(), text.len());
    fs::write(&path, edited).unwrap();
    assert_eq!(indexed(&folder)["readings_kept"], 3);
    // One removed: its reading goes with it.
    fs::remove_file(folder.folder().join("2e-2017-06-06-rulings.md")).unwrap();
    assert_eq!(indexed(&folder)["readings_kept"], 3);
    assert_eq!(readings(&folder).len(), 3);
    // Every answer is the one an index built from nothing gives.
    let kept = answers(&folder);
    assert_eq!(kept, fresh(&folder));
}

#[test]
fn a_damaged_or_foreign_reading_is_never_trusted() {
    let docs = documents();
    let folder = Folder::new(&docs);
    indexed(&folder);
    let kept = readings(&folder);
    assert_eq!(kept.len(), 4);
    // One cut short, one of another document under this one's name, one
    // whose reading was changed but not its check, one not JSON at all.
    let bytes: Vec<Vec<u8>> = kept.iter().map(|p| fs::read(p).unwrap()).collect();
    fs::write(&kept[0], &bytes[0][..bytes[0].len() / 2]).unwrap();
    fs::write(&kept[1], &bytes[2]).unwrap();
    let altered = String::from_utf8(bytes[2].clone()).unwrap().replacen(
        "\"entries\":[{",
        "\"entries\":[{\"topic\":\"Forged\",",
        1,
    );
    assert_ne!(altered.as_bytes(), &bytes[2][..]);
    fs::write(&kept[2], altered).unwrap();
    fs::write(&kept[3], b"\x00\xff not json").unwrap();
    // Every document read again (the index itself is up to date: asked for).
    assert_eq!(indexed(&folder)["readings_kept"], 0);
    let kept = answers(&folder);
    assert_eq!(kept, fresh(&folder));
    // And kept whole again.
    assert_eq!(indexed(&folder)["readings_kept"], 4);
}
