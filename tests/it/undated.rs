//! A document whose date cannot be found, dropped in beside the bundled
//! corpus: read, searched and shown, marked undated in every answer, never
//! taken for the ruling in force against dated releases; `check` and every
//! index build name it and say how to date it, and a date in its file name
//! dates it.

use std::fs;
use std::io::Write;
use std::path::Path;

use serde_json::Value;

use crate::common::folder::Folder;
use crate::common::schemas::assert_valid;
use crate::common::{self, outcome};

/// Table notes with no date anywhere: one topic the bundled corpus has
/// (`cloaking device`, 1E), one it does not.
const NOTES: &str = "# Table notes\n\nFirst Edition.\n\n\
cloaking device – A cloaked ship may not be targeted by a transporter beam at the Zorblat table.\n\n\
warp bubble paradox – Zorblat cards may not be played during a warp bubble paradox.\n";

/// The bundled corpus and the notes, as `name`.
fn with_notes(name: &str) -> Folder {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(bundled)
        .unwrap()
        .map(|f| {
            let path = f.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .collect();
    files.push((name.to_string(), NOTES.as_bytes().to_vec()));
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    Folder::new(&files)
}

fn run(folder: &Folder, args: &[&str]) -> (i32, String, String) {
    outcome(folder.rulings(args).output().unwrap())
}

fn json(folder: &Folder, args: &[&str], schema: &str) -> Value {
    let (code, out, err) = run(folder, args);
    assert_eq!(code, 0, "{err}");
    let value: Value = serde_json::from_str(&out).unwrap();
    assert_valid(schema, &value, &args.join(" "));
    value
}

#[test]
fn search_finds_the_undated_entries_marked_undated() {
    let folder = with_notes("td-notes.txt");
    let (code, out, err) = run(&folder, &["search", "zorblat", "-v"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("warp bubble paradox  1E  clarification  undated"),
        "{out}"
    );
    assert!(
        out.contains("from Table notes (undated) — warp bubble paradox (td-notes.txt:7)"),
        "{out}"
    );
    assert!(
        out.contains("from Table notes (undated) — cloaking device (td-notes.txt:5)"),
        "{out}"
    );

    let value = json(&folder, &["search", "zorblat", "--json"], "search");
    let hits = value["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 2, "{value}");
    for hit in hits {
        assert_eq!(hit["status"]["state"], "undated", "{hit}");
        assert_eq!(hit["entry"]["release_date"], Value::Null, "{hit}");
    }
}

#[test]
fn show_answers_the_dated_ruling_in_force_and_names_the_undated_one() {
    let folder = with_notes("td-notes.txt");
    let (code, out, err) = run(
        &folder,
        &["show", "cloaking device", "--edition", "1e", "--verbose"],
    );
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.contains("in force"), "{out}");
    assert!(out.contains("in force since CRD 2014-11-03"), "{out}");
    assert!(
        out.contains(
            "also in an undated document: Table notes (undated) — cloaking device (td-notes.txt:5)"
        ),
        "{out}"
    );
    // The dated ruling's text, not the notes'.
    assert!(!out.contains("Zorblat table"), "{out}");
    let value = json(
        &folder,
        &["show", "cloaking device", "--edition", "1e", "--json"],
        "show",
    );
    let answer = &value["answers"][0];
    assert_eq!(answer["status"]["state"], "in-force", "{value}");
    assert_eq!(
        answer["undated"][0]["status"]["state"], "undated",
        "{value}"
    );
    assert_eq!(answer["undated"][0]["file"], "td-notes.txt", "{value}");

    // A topic only the notes have answers, undated, on any date.
    for as_of in ["1990-01-01", "2030-01-01"] {
        let (code, out, err) = run(&folder, &["show", "warp bubble paradox", "--as-of", as_of]);
        assert_eq!(code, 0, "{err}");
        assert!(out.lines().next().unwrap().ends_with("undated"), "{out}");
        assert!(out.contains("never weighed against dated rulings"), "{out}");
    }
    let value = json(&folder, &["show", "warp bubble paradox", "--json"], "show");
    assert_eq!(value["answers"][0]["status"]["state"], "undated", "{value}");
}

#[test]
fn releases_list_it_undated_and_diff_leaves_it_out() {
    let folder = with_notes("td-notes.txt");
    let (code, out, err) = run(&folder, &["releases"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("td-notes ")).unwrap();
    assert!(line.contains("1E  undated"), "{out}");
    let value = json(&folder, &["releases", "--json"], "releases");
    let notes = value["releases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "td-notes")
        .unwrap();
    assert_eq!(notes["date"], Value::Null);
    assert_eq!(notes["date_precision"], "undated");

    // Rulings in force on two dates: an undated ruling is in neither.
    let (code, out, err) = run(&folder, &["diff", "2001-01-01", "2023-01-01"]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(!out.contains("Zorblat"), "{out}");
    assert!(!out.contains("warp bubble paradox"), "{out}");
    assert!(
        out.contains("note: `td-notes` is undated: in force on no date, so in neither side."),
        "{out}"
    );

    // The undated release itself, against a dated one: in force on no
    // date, it stands for its printed entries.
    let (code, out, err) = run(&folder, &["diff", "td-notes", "1e-2022-11-07-rrd"]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(
        out.contains("from td-notes: Table notes (1E, undated)"),
        "{out}"
    );
    assert!(
        out.contains("only the printed entries are compared"),
        "{out}"
    );
    assert!(out.contains("2 removed"), "{out}");
    assert!(out.contains("warp bubble paradox"), "{out}");
    assert!(!out.contains("-262"), "{out}");
}

#[test]
fn errata_list_an_undated_erratum_apart_from_the_one_in_force() {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let crd = fs::read(bundled.join("1e-2014-11-03-crd.md")).unwrap();
    let notes = "# Errata notes\n\nFirst Edition.\n\n\
        Ferengi Military Operations – Errata: should read \"Plays twice.\"\n\n\
        warp bubble paradox – Zorblat cards may not be played.\n";
    let folder = Folder::new(&[
        ("1e-2014-11-03-crd.md", crd.as_slice()),
        ("errata-notes.md", notes.as_bytes()),
    ]);
    let (code, out, err) = run(&folder, &["errata", "Ferengi Military Operations", "-v"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().ends_with("in force"), "{out}");
    assert!(out.contains("1e-2014-11-03-crd.md:116"), "{out}");
    let apart = out
        .split("Also in undated documents")
        .nth(1)
        .unwrap_or_default();
    assert!(
        apart.contains("Errata notes (undated) — Ferengi Military Operations (errata-notes.md:5)"),
        "{out}"
    );
    assert!(!out.contains("Earlier errata"), "{out}");
}

#[test]
fn check_and_index_name_it_and_say_how_to_date_it() {
    let folder = with_notes("td-notes.txt");
    let (code, out, err) = run(&folder, &["index"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("6 releases"), "{out}");
    let said = "td-notes.txt: date: none found — undated: add `date = \"YYYY-MM-DD\"` in a `+++` block at the top, or put the date in the file name (td-notes-YYYY-MM-DD.txt)";
    assert_eq!(err.matches(said).count(), 1, "{err}");

    let notes = folder.folder().join("td-notes.txt");
    let (code, out, err) = outcome(common::rulings().arg("check").arg(&notes).output().unwrap());
    // Undated is a warning (exit 1), not unreadable (exit 2).
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("date none found (undated)"), "{out}");
    assert!(out.contains("2 entries"), "{out}");
    assert!(
        out.contains("warning: date: none found — undated: add `date = \"YYYY-MM-DD\"`"),
        "{out}"
    );
    assert!(out.contains("(td-notes-YYYY-MM-DD.txt)"), "{out}");

    let (code, out, err) = outcome(
        common::rulings()
            .args(["check", "--json"])
            .arg(&notes)
            .output()
            .unwrap(),
    );
    assert_eq!(code, 1, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_valid("check", &report, "check --json td-notes.txt");
    assert_eq!(report["documents"][0]["warnings"][0]["warning"], "undated");

    // Its entries as exported: dates null, valid as the published shape.
    let value = json(
        &folder,
        &["export", "--release", "td-notes", "--json"],
        "export",
    );
    assert_eq!(
        value["entries"].as_array().map(Vec::len),
        Some(2),
        "{value}"
    );
    assert_eq!(value["entries"][0]["release_date"], Value::Null, "{value}");
}

#[test]
fn a_date_in_the_file_name_dates_it() {
    let folder = with_notes("td-notes-2024-05-01.txt");
    let (code, out, err) = run(&folder, &["releases"]);
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("td-notes-2024-05-01 "))
        .unwrap();
    assert!(line.contains("2024-05-01"), "{out}");
    assert!(!out.contains("undated"), "{out}");
    // Dated, its ruling is now the newest on the shared topic.
    let (code, out, err) = run(&folder, &["show", "cloaking device", "--edition", "1e"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().contains("in force"), "{out}");
    assert!(out.contains("Zorblat table"), "{out}");
    assert!(!out.contains("undated"), "{out}");
}

#[test]
fn the_served_page_and_api_mark_it_undated() {
    let folder = with_notes("td-notes.txt");
    let index = tempfile::tempdir().unwrap();
    let mut command = common::process(common::binary());
    command
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.folder())
        .arg("--index")
        .arg(index.path())
        .args(["serve", "--port", "0"]);
    let (mut child, url) = common::served::start(&mut command);
    let get = |path: &str| common::served::body(&url, path);
    let api: Value = serde_json::from_str(&get("/api/search?q=zorblat")).unwrap();
    let page = get("/?q=zorblat");
    let releases = get("/releases");
    let topic = get("/1e/cloaking%20device");
    let _ = child.kill();
    let _ = child.wait();
    assert_valid("search", &api, "/api/search?q=zorblat");
    assert_eq!(api["hits"][0]["status"]["state"], "undated", "{api}");
    assert!(page.contains("badge undated"), "{page}");
    assert!(page.contains("Table notes (undated)"), "{page}");
    assert!(releases.contains("undated"), "{releases}");
    assert!(topic.contains("Also in undated documents"), "{topic}");
    assert!(topic.contains("Zorblat table"), "{topic}");
}

#[test]
fn ask_shows_it_marked_undated() {
    let folder = with_notes("td-notes.txt");
    let index = tempfile::tempdir().unwrap();
    let corpus = folder.folder();
    let corpus = corpus.to_str().unwrap();
    let (mut child, mut writer, mut screen) =
        crate::ask::start_on(&index, &["--no-bundled", "--rulings", corpus]);
    let patience = std::time::Duration::from_secs(30);
    screen.wait_for("Type a few words", patience);
    writer.write_all(b"zorblat").unwrap();
    writer.flush().unwrap();
    let found = screen.wait_for("from Table notes (undated)", patience);
    assert!(found.contains("warp bubble paradox"), "{found}");
    assert!(found.contains("1E  undated"), "{found}");
    // The notes' ruling on a topic dated documents also have is shown on
    // its own, undated.
    writer.write_all(b"\x1b[B\r").unwrap();
    writer.flush().unwrap();
    let page = screen.wait_for(" cloaking device (1E) ─", patience);
    assert!(
        page.contains("Table notes (undated) — cloaking device"),
        "{page}"
    );
    assert!(
        page.contains("never weighed against dated rulings"),
        "{page}"
    );
    assert!(!page.contains("1e-2014-11-03-crd.md"), "{page}");
    let _ = child.kill();
    let _ = child.wait();
}
