//! The rules-update article (`tests/fixtures/articles/`): the site's
//! monthly page that announces the month's rulings, saved as a web page
//! with the site around it or copied as text, in three producers' layouts.
//! Each is read whole: dated by its byline's day, kinded as the month's
//! rulings, its entries the rulings it states (temporary ones temporary),
//! its own sentences and the site's chrome never an entry.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::rulings;
use serde_json::Value;

fn article(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/articles")
        .join(name)
}

/// `rulings check --json` on one file: the exit code and its document.
fn check(path: &std::path::Path) -> (i32, Value) {
    let output = rulings()
        .arg("check")
        .arg("--json")
        .arg(path)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    (
        output.status.code().unwrap(),
        report["documents"][0].clone(),
    )
}

/// Every entry read from one file, with its text, through `export --json`
/// over a corpus of that file alone.
fn exported(path: &std::path::Path) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(path, dir.path().join(path.file_name().unwrap())).unwrap();
    let out = rulings()
        .args(["--no-bundled", "--rulings"])
        .arg(dir.path())
        .args(["export", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["entries"].as_array().unwrap().clone()
}

/// Each entry's topic and kind.
fn entries(doc: &Value) -> Vec<(String, String)> {
    doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["topic"].as_str().unwrap().to_string(),
                e["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(t, k)| (t.to_string(), k.to_string()))
        .collect()
}

/// The place the taken date was found at.
fn taken_place(doc: &Value) -> String {
    doc["dates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["taken"] == true)
        .map(|d| d["place"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

/// The March 2025 article, as the site's page and as its text: one reading.
#[test]
fn the_site_page_and_its_text_copy_read_the_same_rulings() {
    let expected = pairs(&[
        ("Cloaking Device", "clarification"),
        ("Dead End", "clarification"),
        ("Ferengi Ingenuity", "erratum"),
        ("Borg Queen", "temporary"),
    ]);
    for file in ["rules-update-2025-03.html", "rules-update-2025-03.txt"] {
        let (code, doc) = check(&article(file));
        assert_eq!(code, 0, "{file}: read clean: {doc}");
        assert_eq!(entries(&doc), expected, "{file}");
        assert_eq!(doc["kind"]["value"], "recent-rulings", "{file}");
        assert_eq!(doc["edition"]["value"], "1E", "{file}");
        // The byline's day, not the first of the title's month.
        assert_eq!(doc["date"]["value"], "2025-03-04", "{file}");
        assert_eq!(taken_place(&doc), "byline", "{file}");
        // No entry holds the article's own sentences, the menu's words or
        // the readers' comments.
        let read = exported(&article(file));
        assert_eq!(read.len(), expected.len(), "{file}");
        let all_text: String = read
            .iter()
            .map(|e| format!("{} {}\n", e["topic"], e["text"].as_str().unwrap()))
            .collect();
        assert!(all_text.contains("Until further notice"), "{all_text}");
        for words in [
            "This impacted",
            "The following temporary ruling",
            "Thanks to everyone",
            "Monthly Rulings",
            "TribbleTrader",
            "Q-Net",
            "Privacy",
        ] {
            assert!(!all_text.contains(words), "{file}: `{words}` in {all_text}");
        }
        // No read-short warning: the article is read whole.
        assert!(
            doc["warnings"].as_array().unwrap().is_empty(),
            "{file}: {doc}"
        );
    }
}

/// A heading over paragraphs, a day alone under the title, blue on one
/// ruling's heading with no introduction but the page's word on it.
#[test]
fn topic_headings_and_a_blue_ruling_on_a_blog_page() {
    let (code, doc) = check(&article("monthly-rulings-2021-10.html"));
    assert_eq!(code, 0, "{doc}");
    assert_eq!(
        entries(&doc),
        pairs(&[
            ("Dabo", "clarification"),
            ("Empok Nor", "clarification"),
            ("Alien Groupies", "temporary"),
            ("Bajoran Wormhole", "clarification"),
        ])
    );
    assert_eq!(doc["date"]["value"], "2021-10-04");
    assert_eq!(doc["kind"]["value"], "recent-rulings");
    let entries = exported(&article("monthly-rulings-2021-10.html"));
    // Blue is the temporary marker here, not the new one.
    assert!(entries.iter().all(|e| e["new"] == false), "{doc}");
    // A ruling of two paragraphs keeps both; the sign-off is no part of it.
    let empok = &entries[1]["text"].as_str().unwrap();
    assert!(empok.contains("commandeer"), "{empok}");
    let wormhole = entries[3]["text"].as_str().unwrap();
    assert!(!wormhole.contains("Questions"), "{wormhole}");
}

/// A byline in another form whose day is in the month before the title's:
/// the byline wins. Bold `Topic –` lead-ins, the dash inside the bold.
#[test]
fn a_byline_that_disagrees_with_the_title_wins() {
    let (code, doc) = check(&article("rules-update-2024-06.html"));
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["date"]["value"], "2024-05-31");
    assert_eq!(taken_place(&doc), "byline");
    assert_eq!(
        entries(&doc),
        pairs(&[
            ("Cloaking Device", "clarification"),
            ("Q-Net", "clarification"),
            ("Kivas Fajo", "erratum"),
            ("Dead End", "temporary"),
        ])
    );
}

/// With no byline, the title's month dates the article, said as a month.
#[test]
fn only_the_month_known_is_said_as_a_month() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(article("rules-update-2025-03.txt")).unwrap();
    let without_byline: String = text
        .lines()
        .filter(|l| !l.starts_with("Posted by"))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.path().join("article.txt");
    fs::write(&path, without_byline).unwrap();
    let (_, doc) = check(&path);
    assert_eq!(doc["date"]["value"], "2025-03-01");
    let taken: Vec<&Value> = doc["dates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["taken"] == true)
        .collect();
    assert_eq!(taken.len(), 1, "{}", doc["dates"]);
    assert_eq!(taken[0]["month_only"], true);
    assert_eq!(taken[0]["place"], "title-block");
    let out = rulings().arg("check").arg(&path).output().unwrap();
    let (_, out, _) = common::outcome(out);
    assert!(out.contains("date March 2025"), "{out}");
    assert!(out.contains("the day not given"), "{out}");
}

/// `show` and `search` answer from the article, with its day and the
/// temporary status.
#[test]
fn show_and_search_answer_from_the_article() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        article("rules-update-2025-03.html"),
        dir.path().join("rules-update-2025-03.html"),
    )
    .unwrap();
    let run = |args: &[&str]| {
        let out = rulings()
            .args(["--no-bundled", "--rulings"])
            .arg(dir.path())
            .args(args)
            .output()
            .unwrap();
        let (code, out, err) = common::outcome(out);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    let shown = run(&["show", "borg queen", "--as-of", "2025-03-10"]);
    assert!(shown.contains("Borg Queen"), "{shown}");
    assert!(shown.contains("temporary"), "{shown}");
    assert!(shown.contains("2025-03-04"), "{shown}");
    let found = run(&["search", "decloaks", "--as-of", "2025-03-10"]);
    assert!(found.contains("Cloaking Device"), "{found}");
    // Before its byline's day, the article's rulings are not yet in force.
    let before = rulings()
        .args(["--no-bundled", "--rulings"])
        .arg(dir.path())
        .args(["search", "decloaks", "--as-of", "2025-03-03"])
        .output()
        .unwrap();
    let (_, before, _) = common::outcome(before);
    assert!(!before.contains("in force"), "{before}");
}

/// The byline's forms, each under a title that names only the month (and
/// one a month that disagrees): the byline's day is the article's.
#[test]
fn every_byline_form_dates_the_article_by_its_day() {
    let forms = [
        (
            "Posted by rules_desk on Tuesday, March 4, 2025",
            "2025-03-04",
        ),
        ("Posted on 4th March 2025 by the Rules Team", "2025-03-04"),
        ("Published March 4, 2025", "2025-03-04"),
        ("by the Rules Team, 2025-03-04", "2025-03-04"),
        ("Tuesday, March 4, 2025", "2025-03-04"),
        ("4th March 2025", "2025-03-04"),
        (
            "Posted by rules_desk on Friday, February 28, 2025",
            "2025-02-28",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (byline, day) in forms {
        let path = dir.path().join("article.txt");
        fs::write(
            &path,
            format!(
                "Rules Update, March 2025\n{byline}\n\nThe following First Edition changes take effect immediately.\n\n\
                 Cloaking Device – A ship that decloaks may not attack this turn.\n\n\
                 Dead End – It is encountered only by a ship that has completed its movement.\n"
            ),
        )
        .unwrap();
        let (code, doc) = check(&path);
        assert_eq!(code, 0, "{byline}: {doc}");
        assert_eq!(doc["date"]["value"], day, "{byline}: {}", doc["dates"]);
        assert_eq!(doc["kind"]["value"], "recent-rulings", "{byline}");
        assert_eq!(
            entries(&doc),
            pairs(&[
                ("Cloaking Device", "clarification"),
                ("Dead End", "clarification")
            ]),
            "{byline}"
        );
    }
}

/// The article's own sentences between its rulings go to the front
/// matter whatever the layout; a ruling's own "This reverses …" stays.
#[test]
fn the_articles_own_sentences_are_front_matter_and_a_rulings_are_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("monthly.txt");
    fs::write(
        &path,
        "Monthly Rulings – October 2021\n4th October 2021\n\nFirst Edition.\n\n\
         Rulings\n\n\
         Dabo – You draw the cards before you choose.\n\nThis reverses the existing Glossary entry.\n\n\
         This affected the Glossary entry for Dabo.\n\n\
         The following changes take effect on the first Monday of October.\n\n\
         Empok Nor – It may be seeded only where no other facility is.\n\n\
         The following temporary rulings remain in effect:\n\n\
         Alien Groupies – Until the next update, they may not be played on a cloaked ship.\n\n\
         Borg Queen – Until further notice, she may not be played aboard a ship with no Borg.\n\n\
         As always, questions go to the Rules Department.\n",
    )
    .unwrap();
    let (code, doc) = check(&path);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["date"]["value"], "2021-10-04");
    assert_eq!(
        entries(&doc),
        pairs(&[
            ("Dabo", "rule-change"),
            ("Empok Nor", "clarification"),
            ("Alien Groupies", "temporary"),
            ("Borg Queen", "temporary"),
        ])
    );
    let read = exported(&path);
    let dabo = read[0]["text"].as_str().unwrap();
    assert!(dabo.contains("This reverses"), "{dabo}");
    assert!(!dabo.contains("This affected"), "{dabo}");
    let queen = read[3]["text"].as_str().unwrap();
    assert!(!queen.contains("As always"), "{queen}");
}
