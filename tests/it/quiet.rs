//! `--quiet` on a corpus whose documents have something to say: a fetched
//! document read with a warning, and files that cannot be read. Quiet
//! leaves at most one line about the documents on stderr (how many could
//! not be read); errors still print. A warning about a document `rulings
//! update` fetched says what a TD can do (fetch again, or report it),
//! never to edit the file the tool keeps.

use crate::common;
use crate::update::{fixture, one_source, Folder, Site};

/// A Glossary whose opening paragraph runs past a title block: read, with
/// a warning that the paragraph went to the front matter.
fn glossary_with_a_long_preamble() -> Vec<u8> {
    let sentence = "This Glossary gathers every rule and ruling in force as of November 2021. Entries are sorted alphabetically.";
    let long = [sentence; 12].join(" ");
    String::from_utf8(fixture("glossary-c.txt"))
        .unwrap()
        .replacen(sentence, &long, 1)
        .into_bytes()
}

/// (exit code, stdout, stderr) of `rulings ARGS` on the corpus folder.
fn run(folder: &Folder, index: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.corpus())
        .arg("--index")
        .arg(index)
        .args(args)
        .output()
        .unwrap();
    common::outcome(out)
}

const COMMANDS: [&[&str]; 8] = [
    &["search", "points"],
    &["show", "points"],
    &["search", "points", "--json"],
    &["releases"],
    &["export"],
    &["diff", "2020-01-01", "2022-01-01"],
    &["index"],
    &["show", "points", "--json"],
];

#[test]
fn a_fetched_documents_warning_says_to_fetch_again_or_report_never_to_edit() {
    let site = Site::start();
    site.document(
        "/glossary.txt",
        &glossary_with_a_long_preamble(),
        "text/plain",
        "v1",
    );
    let folder = Folder::new();
    let (code, report, err) = folder.update(&one_source(&site.url("/glossary.txt")), &[]);
    assert_eq!(code, 0, "{report}{err}");
    let index = tempfile::tempdir().unwrap();
    let (code, _, err) = run(&folder, index.path(), &["show", "points"]);
    assert_eq!(code, 0, "{err}");
    let warning: Vec<&str> = err.lines().filter(|l| l.contains("front matter")).collect();
    assert_eq!(warning.len(), 1, "{err}");
    assert!(warning[0].contains("run `rulings update` again"), "{err}");
    assert!(warning[0].contains("report it"), "{err}");
    assert!(!warning[0].contains("+++"), "{err}");
    assert!(
        !warning[0].contains("give any rulings in it heads"),
        "{err}"
    );
    // The same document put there by hand is the TD's to mend.
    let own = tempfile::tempdir().unwrap();
    std::fs::write(
        own.path().join("glossary.txt"),
        glossary_with_a_long_preamble(),
    )
    .unwrap();
    let out = common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(own.path())
        .arg("--index")
        .arg(index.path().join("own"))
        .args(["show", "points"])
        .output()
        .unwrap();
    let (_, _, err) = common::outcome(out);
    assert!(err.contains("give any rulings in it heads"), "{err}");
    assert!(!err.contains("run `rulings update` again"), "{err}");

    // Quiet: the warning is left out of every command.
    for args in COMMANDS {
        let args = [&["-q"], args].concat();
        let (code, _, err) = run(&folder, index.path(), &args);
        assert!(code <= 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 0, "{args:?}: {err}");
    }

    // Two files that cannot be read: one line says how many, each named
    // without --quiet.
    std::fs::write(folder.corpus().join("notes.docx"), b"PK\x03\x04").unwrap();
    std::fs::write(folder.corpus().join("empty.txt"), b"").unwrap();
    let (_, _, loud) = run(&folder, index.path(), &["show", "points"]);
    assert!(
        loud.contains("notes.docx") && loud.contains("empty.txt"),
        "{loud}"
    );
    for args in COMMANDS {
        let args = [&["-q"], args].concat();
        let (code, _, err) = run(&folder, index.path(), &args);
        assert!(code <= 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("2 documents could not be read"),
            "{args:?}: {err}"
        );
    }
    // Errors still print.
    let (code, _, err) = run(
        &folder,
        index.path(),
        &["-q", "show", "points", "--as-of", "13/13/2024"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("there is no month 13"), "{err}");
}

#[test]
fn quiet_says_nothing_on_the_bundled_corpus_on_any_command() {
    let index = tempfile::tempdir().unwrap();
    for args in [
        &["search", "cloaking"][..],
        &["show", "time location"],
        &["errata"],
        &["card", "Liberty"],
        &["releases"],
        &["diff", "2014", "2022", "--stat"],
        &["index"],
        &["search", "cloaking", "--json"],
    ] {
        let args = [&["-q"], args].concat();
        let out = common::rulings()
            .arg("--index")
            .arg(index.path())
            .args(&args)
            .output()
            .unwrap();
        let (code, _, err) = common::outcome(out);
        assert!(code <= 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 0, "{args:?}: {err}");
    }
}

#[test]
fn check_never_asks_to_edit_a_fetched_document() {
    // Rulings that name no edition: read as both editions', with a warning
    // whose remedy for a document of one's own is a front-matter line.
    let site = Site::start();
    site.document(
        "/rulings.txt",
        b"Current Rulings\n\n12 June 2022\n\ncloaking \xe2\x80\x93 A cloaked ship may not be targeted.\n\nbattle \xe2\x80\x93 A battle is fought between two forces.\n",
        "text/plain",
        "v1",
    );
    let folder = Folder::new();
    let (code, report, err) = folder.update(&one_source(&site.url("/rulings.txt")), &[]);
    assert_eq!(code, 0, "{report}{err}");
    let out = common::rulings()
        .args(["--color", "never", "check"])
        .arg(folder.corpus())
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    assert!(out.contains("edition 1E (unknown"), "{out}{err}");
    assert!(!out.contains("+++"), "{out}");
    assert!(out.contains("run `rulings update` again"), "{out}");
    assert!(out.contains("do not edit it"), "{out}");
    // The same file put there by hand gets the line that settles it.
    let own = tempfile::tempdir().unwrap();
    let fetched = std::fs::read_dir(folder.corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "txt"))
        .expect("the fetched file");
    std::fs::copy(&fetched, own.path().join("rulings.txt")).unwrap();
    let out = common::rulings()
        .args(["--color", "never", "check"])
        .arg(own.path())
        .output()
        .unwrap();
    let (_, out, _) = common::outcome(out);
    assert!(out.contains("in a `+++` block at the top"), "{out}");
    assert!(!out.contains("do not edit it"), "{out}");
}
