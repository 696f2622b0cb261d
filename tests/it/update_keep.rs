//! `rulings update`'s keeping side through the real binary: what a fetched
//! document is kept as, against the versions before it, and the folder's
//! record of what each address gave, whatever state that record is in.

use std::path::Path;

use serde_json::Value;

use crate::update::{fixture, one_source, statuses, text_in_force, Folder, Site};

/// The Glossary of November 2021 with its date and the text of its
/// `points` entry replaced.
fn glossary(date: &str, points: &str) -> Vec<u8> {
    String::from_utf8(fixture("glossary-c.txt"))
        .unwrap()
        .replace("November 2021", date)
        .replace("Points are scored by solving missions", points)
        .into_bytes()
}

/// The warnings of the report's first document.
fn warnings(report: &Value) -> String {
    report["documents"][0]["warnings"].to_string()
}

#[test]
fn a_document_dated_in_the_future_is_kept_but_never_blocks_the_next() {
    let site = Site::start();
    let sources = one_source(&site.url("/glossary.txt"));
    let folder = Folder::new();
    let misdated = glossary("November 2099", "Points are scored in the far future");
    site.document("/glossary.txt", &misdated, "text/plain", "v1");
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(statuses(&report)[0].0, "new", "{report}");
    // Kept, and said to be doubtful.
    assert!(warnings(&report).contains("2099-11-01"), "{report}");
    assert!(warnings(&report).contains("after today"), "{report}");
    // The real next edition is not "older" than a date yet to come.
    let next = glossary("March 2024", "Points are scored this spring");
    site.document("/glossary.txt", &next, "text/plain", "v2");
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(statuses(&report)[0], ("changed".into(), String::new()));
    assert_eq!(report["documents"][0]["warnings"], Value::Null, "{report}");
    assert_eq!(folder.files().len(), 2, "{:?}", folder.files());
    let now = folder.show("points", None);
    assert!(text_in_force(&now).contains("this spring"), "{now}");
    // And it stays so on the next run.
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "unchanged"));
}

#[test]
fn a_reissue_of_the_same_date_answers_in_place_of_the_first() {
    let site = Site::start();
    let sources = one_source(&site.url("/glossary.txt"));
    let folder = Folder::new();
    let first = glossary("November 2021", "Points are scored as first said");
    site.document("/glossary.txt", &first, "text/plain", "v1");
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "new"));
    // Reissued under the same date, corrected.
    let again = glossary("November 2021", "Points are scored as corrected");
    site.document("/glossary.txt", &again, "text/plain", "v2");
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["documents"][0]["status"], "changed", "{report}");
    assert_eq!(folder.files().len(), 2, "{:?}", folder.files());
    let now = folder.show("points", None);
    assert!(text_in_force(&now).contains("as corrected"), "{now}");
    // A third issue of the same day answers in place of both.
    let third = glossary("November 2021", "Points are scored as corrected twice");
    site.document("/glossary.txt", &third, "text/plain", "v3");
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "changed"));
    let now = folder.show("points", None);
    assert!(text_in_force(&now).contains("corrected twice"), "{now}");
}

fn card_list(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/cards/startrek1e/sets")
            .join(name),
    )
    .unwrap()
}

fn cards_source(url: &str) -> String {
    format!("[[source]]\nurl = {url:?}\nkind = \"cards\"\n")
}

#[test]
fn two_card_lists_of_the_same_name_are_kept_apart() {
    let site = Site::start();
    let (one, two) = (card_list("Virtual.txt"), card_list("Physical.txt"));
    site.document("/st1e/sets/Premiere.txt", &one, "text/plain", "a");
    site.document("/st2e/sets/Premiere.txt", &two, "text/plain", "a");
    let sources = format!(
        "{}{}",
        cards_source(&site.url("/st1e/sets/Premiere.txt")),
        cards_source(&site.url("/st2e/sets/Premiere.txt"))
    );
    let folder = Folder::new();
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}");
    let files: Vec<&str> = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    assert_ne!(files[0], files[1], "{report}");
    for (file, bytes) in files.iter().zip([&one, &two]) {
        assert!(file.starts_with("cards/sets/Premiere"), "{file}");
        assert_eq!(&std::fs::read(folder.corpus().join(file)).unwrap(), bytes);
    }
    // Nothing changed at the next run, whatever the servers' tags say.
    site.document("/st1e/sets/Premiere.txt", &one, "text/plain", "b");
    site.document("/st2e/sets/Premiere.txt", &two, "text/plain", "b");
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}");
    let all: Vec<String> = statuses(&report).into_iter().map(|(s, _)| s).collect();
    assert_eq!(all, ["unchanged", "unchanged"], "{report}");
}

#[test]
fn a_card_list_kept_under_its_old_name_stays_there() {
    let site = Site::start();
    let list = card_list("Virtual.txt");
    let url = site.url("/plugins/st1e/sets/Virtual.txt");
    site.document("/plugins/st1e/sets/Virtual.txt", &list, "text/plain", "b");
    let folder = Folder::new();
    // What an earlier version of the tool left: the list by its last name.
    let sets = folder.corpus().join("cards/sets");
    std::fs::create_dir_all(&sets).unwrap();
    std::fs::write(sets.join("Virtual.txt"), &list).unwrap();
    let record = serde_json::json!({ "documents": { url.clone(): {
        "file": "cards/sets/Virtual.txt", "etag": "\"a\"", "last_modified": null,
        "hash": "0-0", "fetched": "2024-01-01" } } });
    std::fs::write(
        folder.corpus().join(".rulings-update.json"),
        record.to_string(),
    )
    .unwrap();
    let (code, report, _) = folder.update(&cards_source(&url), &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["documents"][0]["status"], "unchanged", "{report}");
    assert_eq!(report["documents"][0]["file"], "cards/sets/Virtual.txt");
    assert_eq!(std::fs::read_dir(&sets).unwrap().count(), 1);
}

/// What the folder's record is made into before a run.
enum Record {
    Garbage,
    Huge,
    Pipe,
    LinkOut,
    Folder,
}

#[test]
fn a_record_that_cannot_be_read_or_saved_is_said_and_nothing_is_kept_twice() {
    let site = Site::start();
    let body = fixture("glossary-c.txt");
    for case in [
        Record::Garbage,
        Record::Huge,
        Record::Pipe,
        Record::LinkOut,
        Record::Folder,
    ] {
        let folder = Folder::new();
        std::fs::create_dir_all(folder.corpus()).unwrap();
        let record = folder.corpus().join(".rulings-update.json");
        let outside = folder.dir.path().join("elsewhere.json");
        let name = match case {
            Record::Garbage => {
                std::fs::write(&record, b"\x00{not json").unwrap();
                "garbage"
            }
            Record::Huge => {
                let file = std::fs::File::create(&record).unwrap();
                file.set_len(100 << 20).unwrap();
                "100 MB"
            }
            Record::Pipe => {
                let made = std::process::Command::new("mkfifo")
                    .arg(&record)
                    .status()
                    .unwrap();
                assert!(made.success());
                "a pipe"
            }
            Record::LinkOut => {
                std::fs::write(&outside, b"{\"documents\": {}}").unwrap();
                std::os::unix::fs::symlink(&outside, &record).unwrap();
                "a link out of the folder"
            }
            Record::Folder => {
                std::fs::create_dir(&record).unwrap();
                "a folder"
            }
        };
        // Each run fetches the document whole (no tag is known to ask with).
        for (run, tag) in [(0, "v1"), (1, "v2"), (2, "v3")] {
            site.document("/glossary.txt", &body, "text/plain", tag);
            let (code, report, err) = folder.update(&one_source(&site.url("/glossary.txt")), &[]);
            assert_eq!(code, 0, "{name}: {report}{err}");
            let expected = if run == 0 { "new" } else { "unchanged" };
            assert_eq!(statuses(&report)[0].0, expected, "{name}: {report}");
            let said = report["warnings"].to_string();
            let unreadable = matches!(case, Record::Pipe | Record::LinkOut | Record::Folder)
                || run == 0 && matches!(case, Record::Garbage | Record::Huge);
            if unreadable {
                assert_eq!(
                    said.matches(".rulings-update.json").count(),
                    1,
                    "{name}: {report}"
                );
            } else {
                assert_eq!(report["warnings"], Value::Null, "{name}: {report}");
            }
        }
        assert_eq!(folder.files().len(), 1, "{name}: {:?}", folder.files());
        // What was there is neither destroyed nor followed.
        match case {
            Record::Pipe => {
                use std::os::unix::fs::FileTypeExt;
                let kind = std::fs::symlink_metadata(&record).unwrap().file_type();
                assert!(kind.is_fifo(), "{name}");
            }
            Record::LinkOut => {
                assert_eq!(std::fs::read_link(&record).unwrap(), outside);
                assert_eq!(std::fs::read(&outside).unwrap(), b"{\"documents\": {}}");
            }
            Record::Folder => assert!(record.is_dir(), "{name}"),
            Record::Garbage | Record::Huge => {}
        }
    }
}

#[test]
fn the_temporary_files_of_a_run_that_was_killed_are_removed() {
    let site = Site::start();
    site.document(
        "/glossary.txt",
        &fixture("glossary-c.txt"),
        "text/plain",
        "v1",
    );
    let folder = Folder::new();
    let sets = folder.corpus().join("cards/sets");
    std::fs::create_dir_all(&sets).unwrap();
    // No process has a number this high (Linux's most is 2^22).
    let dead = 99_999_999;
    let alive = std::process::id();
    let left = [
        folder.corpus().join(format!(".rulings-update-{dead}.tmp")),
        folder.corpus().join(format!(".rulings-update.json.{dead}")),
        sets.join(format!(".rulings-update-{dead}.tmp")),
    ];
    let kept = [
        folder.corpus().join(format!(".rulings-update-{alive}.tmp")),
        folder
            .corpus()
            .join(format!(".rulings-update-{dead}.tmp.mine")),
        folder.corpus().join(".rulings-update-x1.tmp"),
        folder.corpus().join(format!("rulings-update-{dead}.tmp")),
    ];
    for path in left.iter().chain(&kept) {
        std::fs::write(path, b"half").unwrap();
    }
    let (code, report, _) = folder.update(&one_source(&site.url("/glossary.txt")), &[]);
    assert_eq!(code, 0, "{report}");
    for path in &left {
        assert!(!path.exists(), "{} is left", path.display());
    }
    for path in &kept {
        assert!(path.exists(), "{} is gone", path.display());
    }
}

#[test]
fn a_document_kept_as_its_source_names_it_is_read_by_the_corpus() {
    let site = Site::start();
    site.document(
        "/1e/ruleChanges.php",
        &fixture("rule-history-a.html"),
        "text/html",
        "v1",
    );
    let sources = format!(
        "[[source]]\nurl = {:?}\nedition = \"1E\"\nkind = \"rule-history\"\n",
        site.url("/1e/ruleChanges.php")
    );
    let folder = Folder::new();
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    let file = report["documents"][0]["file"].as_str().unwrap();
    assert!(file.ends_with("-2018-11-16.md"), "{report}");
    // The corpus reads it, with the date and order its conversion gave.
    let out = crate::common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.corpus())
        .args(["releases", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = crate::common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    let releases: Value = serde_json::from_str(&out).unwrap();
    let release = &releases["releases"][0];
    assert_eq!(
        (
            &release["file"],
            &release["edition"],
            &release["kind"],
            &release["date"]
        ),
        (
            &Value::from(file),
            &Value::from("1E"),
            &Value::from("rule-history"),
            &Value::from("2018-11-16")
        ),
        "{releases}"
    );
    let deck = folder.show("deck size", None);
    assert!(text_in_force(&deck).contains("30/30"), "{deck}");
    // Again: unchanged, and the version kept reads as before.
    let (code, again, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{again}");
    assert_eq!(statuses(&again)[0].0, "unchanged", "{again}");
    assert_eq!(again["documents"][0]["kind"], "rule-history", "{again}");
}
