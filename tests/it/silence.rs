//! Silence is no replacement: a newer base document (a Glossary, a
//! Compendium) that does not repeat a ruling or an erratum leaves it
//! standing, said as "not repeated by …"; only what the base holds whole
//! ends by its silence (an errata appendix for errata, its Temporary
//! Rulings for temporary rulings, its own earlier edition's entries).

use crate::common;

use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use tempfile::TempDir;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A corpus of the 2014 Current Rulings Document (errata for Continuing
/// Mission and Going to the Top) and the given base fixtures.
fn corpus(bases: &[&str]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    let crd = "1e-2014-11-03-crd.md";
    fs::copy(root().join("rulings").join(crd), dir.path().join(crd)).unwrap();
    for base in bases {
        let name = PathBuf::from(base);
        fs::copy(
            root().join(base),
            dir.path().join(name.file_name().unwrap()),
        )
        .unwrap();
    }
    dir
}

fn run(dir: &TempDir, args: &[&str]) -> (i32, String, String) {
    common::on_corpus(dir.path(), args)
}

#[test]
fn a_glossary_that_does_not_repeat_an_erratum_leaves_it_in_force_so_said() {
    let dir = corpus(&["tests/fixtures/base/1e-2021-11-01-glossary.md"]);
    let (code, out, err) = run(&dir, &["errata", "continuing mission"]);
    assert_eq!(code, 0, "{err}{out}");
    assert!(out.contains("not repeated by Glossary 2021-11-01"), "{out}");
    assert!(out.contains("Seed one on table."), "{out}");
    assert!(!out.contains("superseded"), "{out}");
    let (_, json, _) = run(&dir, &["errata", "continuing mission", "--json"]);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert!(v.to_string().contains(r#""state":"not-repeated""#), "{v}");
    // A ruling on a card the Glossary does not repeat stands too.
    let (code, out, _) = run(&dir, &["show", "going to the top"]);
    assert_eq!(code, 0);
    assert!(out.contains("not repeated"), "{out}");
}

#[test]
fn an_errata_appendix_ends_the_errata_it_does_not_print() {
    // The fixture Compendium's appendix prints Alien Parasites and
    // Continuing Mission: Going to the Top's erratum is not among them.
    let dir = corpus(&["tests/fixtures/base/1e-2022-10-03-compendium.md"]);
    let (_, out, _) = run(&dir, &["errata", "going to the top", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let text = v.to_string();
    assert!(text.contains(r#""state":"superseded""#), "{text}");
    assert!(!text.contains(r#""state":"not-repeated""#), "{text}");
    // The card it does print has the appendix's erratum in force.
    let (code, out, _) = run(&dir, &["errata", "continuing mission", "-v"]);
    assert_eq!(code, 0);
    let (in_force, _) = out.split_once("Earlier errata").unwrap_or((&out, ""));
    assert!(in_force.contains("1e-2022-10-03-compendium.md"), "{out}");
}
