//! `rulings update` keeps the thread of a series, through the real binary
//! against a web server the test starts on 127.0.0.1: a document is the
//! same series as a kept one when its edition, kind and name say so,
//! whatever its address; its files are named by what it is; and `rulings
//! changes` says what the last update changed.

use std::path::Path;

use serde_json::{json, Value};

use crate::common;
use crate::update::{fixture, one_source, statuses, text_in_force, Folder, Site};

/// The Glossary 1.9.0 of November 2021.
fn glossary_1_9_0() -> Vec<u8> {
    fixture("glossary-c.txt")
}

/// Its next version, 1.9.6 of March 2024: `points` loses a clause,
/// `treaty` is gone and `tribble` is new.
fn glossary_1_9_6() -> Vec<u8> {
    let older = String::from_utf8(glossary_1_9_0()).unwrap();
    let newer = older
        .replace("Version 1.9.0", "Version 1.9.6")
        .replace("November 2021", "March 2024")
        .replace(
            " in your final score for the game (whether you win or lose) or for calculating differential,",
            "",
        )
        .replace(
            "treaty – A treaty lets two affiliations work together as if they were compatible.",
            "tribble – A tribble is a small furry creature that multiplies.",
        );
    assert_ne!(newer, older);
    newer.into_bytes()
}

/// A First Edition Recent Rulings Document of 7 November 2022.
fn rrd() -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pdf/rrd-one-column.html"),
    )
    .unwrap()
}

/// The First Edition page of the site, linking to the Glossary of the
/// month at its own address, as the monthly Glossary is published.
fn front_page(site: &Site, glossary: &str) {
    site.document(
        "/1e/",
        format!("<html><body><ul><li><a href=\"{glossary}\">Glossary</a></li></ul></body></html>")
            .as_bytes(),
        "text/html",
        glossary,
    );
}

/// `rulings changes`, with `--json` (checked against its schema) and
/// without: exit code, the object, the text.
fn changes(folder: &Path) -> (i32, Value, String) {
    let run = |json: bool| {
        let mut cmd = common::rulings();
        cmd.arg("--rulings").arg(folder).arg("changes");
        if json {
            cmd.arg("--json");
        }
        common::outcome(cmd.output().unwrap())
    };
    let (code, out, err) = run(true);
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    common::schemas::assert_valid("changes", &value, "rulings changes --json");
    let (text_code, text, err) = run(false);
    assert_eq!(text_code, code, "{text}{err}");
    (code, value, text)
}

#[test]
fn a_new_version_at_a_new_address_is_changed_with_what_changed() {
    let site = Site::start();
    front_page(&site, "/files/glossary-2021-11.txt");
    site.document(
        "/files/glossary-2021-11.txt",
        &glossary_1_9_0(),
        "text/plain",
        "a",
    );
    let sources = format!(
        "[[source]]\nurl = {:?}\nfollow = \"glossary\"\n",
        site.url("/1e/")
    );
    let folder = Folder::new();
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(statuses(&report), [("new".to_string(), String::new())]);
    assert_eq!(report["documents"][0]["name"], "Glossary 1.9.0");
    // The next month's Glossary, at the next month's address.
    front_page(&site, "/files/glossary-2024-03.txt");
    site.document(
        "/files/glossary-2024-03.txt",
        &glossary_1_9_6(),
        "text/plain",
        "b",
    );
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    let document = &report["documents"][0];
    assert_eq!(document["url"], site.url("/files/glossary-2024-03.txt"));
    assert_eq!(document["status"], "changed", "{report}");
    assert_eq!(
        document["previous"],
        json!({"file": "1e-glossary-1.9.0-2021-11.txt", "name": "Glossary 1.9.0"})
    );
    assert_eq!(
        document["changes"],
        json!({"added": ["tribble"], "removed": ["treaty"], "changed": ["points"]})
    );
    // Each version under the name of what it is, the first as it was.
    assert_eq!(
        folder.files(),
        [
            "1e-glossary-1.9.0-2021-11.txt",
            "1e-glossary-1.9.6-2024-03.txt"
        ]
    );
    assert_eq!(
        std::fs::read(folder.corpus().join("1e-glossary-1.9.0-2021-11.txt")).unwrap(),
        glossary_1_9_0()
    );
    let now = folder.show("points", None);
    assert!(
        !text_in_force(&now).contains("in your final score"),
        "{now}"
    );
    // What changed, in words to read before an event.
    let (code, said, text) = changes(&folder.corpus());
    assert_eq!(code, 0, "{text}");
    let run = &said["run"];
    assert_eq!(run["unchanged"], 0, "{said}");
    let noted = &run["documents"][0];
    assert_eq!(
        (&noted["name"], &noted["status"], &noted["previous"]["name"]),
        (
            &json!("Glossary 1.9.6"),
            &json!("changed"),
            &json!("Glossary 1.9.0")
        ),
        "{said}"
    );
    assert_eq!(
        (&noted["added"], &noted["removed"]),
        (&json!(["tribble"]), &json!(["treaty"]))
    );
    assert_eq!(
        noted["changed"],
        json!([{
            "topic": "points",
            "taken_out": "in your final score for the game (whether you win or lose) or for calculating differential,",
            "put_in": "",
            "more": 0
        }])
    );
    for line in [
        "Glossary 1.9.6 (1E) — changed, against Glossary 1.9.0",
        "  1 topic added: tribble",
        "  1 topic removed: treaty",
        "  1 topic changed:",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} in:\n{text}");
    }
    // The changed topic's words, however the line is wrapped.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("points: took out “in your final score for the game (whether you win or lose) or for calculating differential,”"),
        "{text}"
    );
    // A run that keeps nothing leaves the record as it was: the last
    // changes are still the ones said.
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "unchanged"));
    let (_, again, _) = changes(&folder.corpus());
    assert_eq!(again, said);
}

#[test]
fn an_older_version_at_a_new_address_is_refused() {
    let site = Site::start();
    site.document("/a/glossary.txt", &glossary_1_9_6(), "text/plain", "a");
    site.document("/b/glossary.txt", &glossary_1_9_0(), "text/plain", "a");
    let folder = Folder::new();
    let (code, report, _) = folder.update(&one_source(&site.url("/a/glossary.txt")), &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "new"));
    let corpus = folder.corpus();
    let in_corpus = || -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let mut all = folder.snapshot();
        all.retain(|(path, _)| path.starts_with(&corpus));
        all
    };
    let before = in_corpus();
    let (code, report, _) = folder.update(&one_source(&site.url("/b/glossary.txt")), &[]);
    assert_ne!(code, 0, "{report}");
    let (status, reason) = &statuses(&report)[0];
    assert_eq!(status, "failed", "{report}");
    assert!(
        reason.contains("older than the version kept (Glossary 1.9.6, 2024-03-01)"),
        "{reason}"
    );
    assert_eq!(in_corpus(), before, "the folder changed");
}

#[test]
fn the_same_bytes_at_a_new_address_are_unchanged() {
    let site = Site::start();
    site.document("/a/glossary.txt", &glossary_1_9_0(), "text/plain", "a");
    site.document("/b/glossary.txt", &glossary_1_9_0(), "text/plain", "b");
    let folder = Folder::new();
    let (code, first, _) = folder.update(&one_source(&site.url("/a/glossary.txt")), &[]);
    assert_eq!(code, 0, "{first}");
    let (code, moved, _) = folder.update(&one_source(&site.url("/b/glossary.txt")), &[]);
    assert_eq!(code, 0, "{moved}");
    assert_eq!(statuses(&moved)[0].0, "unchanged", "{moved}");
    assert_eq!(moved["documents"][0]["file"], first["documents"][0]["file"]);
    assert_eq!(folder.files().len(), 1, "{:?}", folder.files());
}

#[test]
fn an_rrd_and_a_glossary_are_different_series() {
    let site = Site::start();
    site.document("/a/glossary.txt", &glossary_1_9_0(), "text/plain", "a");
    site.document("/b/rrd.html", &rrd(), "text/html", "a");
    let folder = Folder::new();
    let (code, report, _) = folder.update(&one_source(&site.url("/a/glossary.txt")), &[]);
    assert_eq!(code, 0, "{report}");
    let (code, report, _) = folder.update(&one_source(&site.url("/b/rrd.html")), &[]);
    assert_eq!(code, 0, "{report}");
    let document = &report["documents"][0];
    assert_eq!(
        (&document["status"], &document["name"], &document["file"]),
        (
            &json!("new"),
            &json!("RRD 2022-11-07"),
            &json!("1e-rrd-2022-11-07.html")
        ),
        "{report}"
    );
    assert_eq!(document["previous"], Value::Null, "{report}");
    let (_, said, text) = changes(&folder.corpus());
    assert_eq!(said["run"]["documents"][0]["status"], "new", "{said}");
    assert!(
        text.lines()
            .any(|l| l == "RRD 2022-11-07 (1E) — new, 5 entries"),
        "{text}"
    );
}

#[test]
fn changes_before_any_update_says_so_and_what_to_do() {
    let folder = Folder::new();
    std::fs::create_dir_all(folder.corpus()).unwrap();
    let (code, said, text) = changes(&folder.corpus());
    assert_eq!(code, 0, "{text}");
    assert_eq!(said["run"], Value::Null, "{said}");
    assert!(
        text.starts_with("No update has changed anything in"),
        "{text}"
    );
    assert!(text.contains("rulings update"), "{text}");
}

#[test]
fn a_folder_kept_by_an_older_tool_keeps_its_files_and_continues_its_series() {
    let site = Site::start();
    site.document("/files/glossary.txt", &glossary_1_9_6(), "text/plain", "b");
    let folder = Folder::new();
    std::fs::create_dir_all(folder.corpus()).unwrap();
    // What an older tool left: a file named by its address and date, and
    // a record that says only where each address's file is.
    let old_name = "127-0-0-1-8000-files-glossary-2021-11-01.txt";
    let old_url = "http://127.0.0.1:8000/files/glossary.txt";
    std::fs::write(folder.corpus().join(old_name), glossary_1_9_0()).unwrap();
    let record = json!({ "documents": { old_url: {
        "file": old_name, "etag": "\"a\"", "last_modified": null,
        "hash": "0-0", "fetched": "2021-11-02" } } });
    let record_path = folder.corpus().join(".rulings-update.json");
    std::fs::write(&record_path, record.to_string()).unwrap();
    let (code, report, err) = folder.update(&one_source(&site.url("/files/glossary.txt")), &[]);
    assert_eq!(code, 0, "{report}{err}");
    let document = &report["documents"][0];
    assert_eq!(document["status"], "changed", "{report}");
    assert_eq!(document["previous"]["file"], old_name, "{report}");
    assert_eq!(document["changes"]["changed"], json!(["points"]));
    // The old file stays as it was, and the record still points at it.
    assert_eq!(folder.files(), [old_name, "1e-glossary-1.9.6-2024-03.txt"]);
    assert_eq!(
        std::fs::read(folder.corpus().join(old_name)).unwrap(),
        glossary_1_9_0()
    );
    let kept: Value = serde_json::from_slice(&std::fs::read(&record_path).unwrap()).unwrap();
    assert_eq!(kept["documents"][old_url]["file"], old_name, "{kept}");
}
