//! `rulings check`: how a dropped-in document was read, on constructed
//! documents of the family (tests/fixtures/family) and on small documents
//! written for each warning.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::rulings;
use serde_json::Value;

fn family(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/family")
        .join(name)
}

/// `rulings check --json` on the given files; the exit code and the report.
fn check_json(paths: &[PathBuf]) -> (i32, Value) {
    let output = rulings()
        .arg("check")
        .arg("--json")
        .args(paths)
        .output()
        .unwrap();
    let report = serde_json::from_slice(&output.stdout).unwrap();
    (output.status.code().unwrap(), report)
}

fn topics(doc: &Value) -> Vec<String> {
    doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{}{}",
                if e["new"] == true { "*" } else { "" },
                e["topic"].as_str().unwrap()
            )
        })
        .collect()
}

fn warning_kinds(doc: &Value) -> Vec<String> {
    doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["warning"].as_str().unwrap().to_string())
        .collect()
}

/// One document written to a temporary folder and checked.
fn check_text(name: &str, text: &str) -> (i32, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    fs::write(&path, text).unwrap();
    let (code, report) = check_json(&[path]);
    (code, report["documents"][0].clone())
}

#[test]
fn the_bundled_corpus_checks_clean() {
    rulings().arg("check").assert().code(0);
}

#[test]
fn a_web_page_with_colon_heads_and_furniture() {
    let (_, report) = check_json(&[family("decipher-web-2000.txt")]);
    let doc = &report["documents"][0];
    assert_eq!(
        topics(doc),
        [
            "ALIEN PROBE",
            "Borg ship",
            "*COUNTERPART",
            "DAL'ROK",
            "QUARK'S ISOLINEAR RODS",
            "Tamarian",
            "VULCAN NERVE PINCH"
        ]
    );
    assert_eq!(doc["date"]["value"], "2000-07-31");
    assert_eq!(doc["date"]["found"]["line"], 5);
    assert_eq!(doc["edition"]["value"], "1E");
    let furniture: Vec<&str> = doc["furniture"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["why"].as_str().unwrap())
        .collect();
    assert_eq!(furniture, ["navigation", "banner", "navigation"]);
    let entries = doc["entries"].as_array().unwrap();
    assert_eq!(
        entries[3]["see"],
        serde_json::json!(["skills – modifying", "cost"])
    );
    assert_eq!(entries[5]["kind"], "redirect");
    assert_eq!(entries[5]["see"], serde_json::json!(["skills - diplomacy"]));
}

#[test]
fn a_hard_wrapped_document_dated_by_its_file_name() {
    let (code, report) = check_json(&[family("cr_20010226.txt")]);
    let doc = &report["documents"][0];
    assert_eq!(
        topics(doc),
        [
            "Alien Groupies",
            "*Bajoran Wormhole",
            "cloaking",
            "Ishan",
            "Kivas Fajo",
            "Tamarian",
            "Weather Control Net"
        ]
    );
    assert_eq!(doc["date"]["value"], "2001-02-26");
    assert_eq!(doc["date"]["found"]["from"], "file-name");
    assert_eq!(warning_kinds(doc), ["date-from-file-name"]);
    assert_eq!(doc["warnings"][0]["hint"], "date = \"YYYY-MM-DD\"");
    assert_eq!(doc["style"]["wrapped"], true);
    assert_eq!(code, 1);
    let kinds: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds[2], "rule-change",
        "the wrapped 'This reverses' stays with cloaking"
    );
    assert_eq!(kinds[3], "erratum");
}

#[test]
fn several_entries_flattened_onto_one_line() {
    let (_, report) = check_json(&[family("rulings-updated.txt")]);
    let doc = &report["documents"][0];
    assert_eq!(
        topics(doc),
        [
            "Alien Groupies",
            "Bajoran Wormhole",
            "cloaking",
            "Dabo",
            "Empok Nor",
            "Ferengi Ingenuity"
        ]
    );
    assert_eq!(doc["date"]["value"], "2001-11-19");
}

#[test]
fn update_sections_bylines_versions_and_running_footers() {
    let (_, report) = check_json(&[family("rules-update-2019.txt")]);
    let doc = &report["documents"][0];
    assert_eq!(topics(doc), ["dual-icon", "Borg Queen"]);
    assert_eq!(doc["date"]["value"], "2019-03-01");
    let kinds: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["glossary-update", "temporary"]);
    let furniture: Vec<u64> = doc["furniture"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["line"].as_u64().unwrap())
        .collect();
    assert_eq!(furniture, [2, 3, 14]);
}

#[test]
fn a_revision_date_is_the_date() {
    let (code, report) = check_json(&[family("released.txt")]);
    let doc = &report["documents"][0];
    assert_eq!(doc["date"]["value"], "1999-03-09");
    assert_eq!(
        topics(doc),
        ["Alien Groupies", "Bajoran Wormhole", "cloaking"]
    );
    assert_eq!(code, 0);
}

const FM: &str = "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\n";

#[test]
fn an_undated_document_is_read_with_a_warning_that_names_the_line_to_add() {
    let (code, report) = {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        fs::write(
            &path,
            "# Some rulings\n\nFirst Edition.\n\ncloaking - A cloaked ship hides.\n",
        )
        .unwrap();
        check_json(&[path])
    };
    // A warning, not unreadable: the document is read.
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["unreadable"].as_array().map(Vec::len), Some(0));
    let doc = &report["documents"][0];
    assert_eq!(doc["date"]["value"], "undated");
    assert_eq!(topics(doc), ["cloaking"]);
    let warning = &doc["warnings"][0];
    assert_eq!(warning["warning"], "undated", "{doc}");
    let message = warning["message"].as_str().unwrap();
    assert!(message.contains("date: none found — undated"), "{message}");
    assert!(message.contains("date = \"YYYY-MM-DD\""), "{message}");
    assert!(message.contains("notes-YYYY-MM-DD.txt"), "{message}");
}

#[test]
fn a_head_out_of_alphabetical_order() {
    let doc = format!(
        "{FM}Entries are arranged alphabetically.\n\nalpha - One.\n\nbeta - Two.\n\ndelta –\n\nThree.\n\ncharlie –\n\nFour.\n"
    );
    let (code, doc) = check_text("order.md", &doc);
    assert_eq!(code, 1);
    assert_eq!(warning_kinds(&doc), ["out-of-order"]);
    assert_eq!(doc["warnings"][0]["topic"], "charlie");
}

#[test]
fn a_long_topic_and_a_topic_with_see() {
    // A head read with `heads = "line"` takes the whole line as its topic.
    let doc = "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\nheads = \"line\"\n+++\none two three four five six seven eight nine\n\nText.\n\nDabo See gambling\n\nText.\n";
    let (_, doc) = check_text("long.md", doc);
    assert_eq!(warning_kinds(&doc), ["long-topic", "topic-contains-see"]);
    assert!(doc["warnings"][0]["hint"]
        .as_str()
        .unwrap()
        .starts_with("heads = "));
}

#[test]
fn a_dangling_reference() {
    let doc = format!(
        "{FM}Dabo - See **Quark's Bar**.\n\ngambling - Text.\n\nRisk - See **gambling**.\n"
    );
    let (_, doc) = check_text("refs.md", &doc);
    assert_eq!(warning_kinds(&doc), ["dangling-reference"]);
    assert_eq!(doc["warnings"][0]["reference"], "Quark's Bar");
}

#[test]
fn a_marker_on_an_entry_the_previous_release_already_had() {
    let dir = tempfile::tempdir().unwrap();
    let older = "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\nkind = \"current-rulings\"\n+++\ncloaking - A cloaked ship hides.\n\nDabo - A game.\n";
    let newer = "+++\nedition = \"1E\"\ndate = \"2020-02-01\"\nkind = \"current-rulings\"\n+++\n*cloaking - A cloaked ship hides.\n\n*Dabo - A game of chance.\n";
    fs::write(dir.path().join("a.md"), older).unwrap();
    fs::write(dir.path().join("b.md"), newer).unwrap();
    let (code, report) = check_json(&[dir.path().to_path_buf()]);
    assert_eq!(code, 1);
    let newer = &report["documents"][1];
    assert_eq!(warning_kinds(newer), ["marked-but-unchanged"]);
    assert_eq!(newer["warnings"][0]["topic"], "cloaking");
}

#[test]
fn a_line_that_looks_like_a_head_inside_a_paragraph_suggests_the_separator_hint() {
    // Hard-wrapped text: a head right under a paragraph whose last line runs
    // the measure may be the rest of it, so it is not taken, and `check`
    // says how to declare that entries follow each other line by line.
    // (Where the text is not wrapped, a line break ends a paragraph.)
    let body = format!(
        "{}{}",
        include_str!("../fixtures/wrapped-preamble.txt"),
        "cloaking - A cloaked ship hides from the sensors of every other ship, and\nno card may target it until it decloaks at the start of its owner's turn.\nDabo - A game of chance played at the bar, where the players gamble with\nthe latinum they carry, and the house takes its share of every wager.\n"
    );
    let (_, doc) = check_text("sep.md", &format!("{FM}{body}"));
    assert_eq!(warning_kinds(&doc), ["head-not-taken"]);
    assert_eq!(doc["warnings"][0]["hint"], "separator = \"line\"");
    assert_eq!(doc["warnings"][0]["why"], "mid-paragraph");
    let fixed =
        format!("+++\nedition = \"1E\"\ndate = \"2020-01-01\"\nseparator = \"line\"\n+++\n{body}");
    let (code, doc) = check_text("sep.md", &fixed);
    assert_eq!(
        (code, topics(&doc)),
        (0, vec!["cloaking".to_string(), "Dabo".to_string()])
    );
}

#[test]
fn plain_output_says_where_each_fact_was_found() {
    rulings()
        .arg("check")
        .arg(family("cr_20010226.txt"))
        .assert()
        .code(1)
        .stdout(predicates::str::contains("date 2001-02-26 (file name)"))
        .stdout(predicates::str::contains(
            "hint: add `date = \"YYYY-MM-DD\"`",
        ));
}

/// A preamble that cites an earlier Glossary's date, and the document's own
/// date printed alone under the title: check shows both, the cited one not
/// taken.
#[test]
fn check_shows_every_date_found_and_the_one_taken() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("rulings.md");
    fs::write(
        &doc,
        "Second Edition rulings since the Glossary of 3 May 2021\n\n# Current Rulings\n\n\
         12 June 2022\n\n**Battle** – A battle is fought.\n\n**Cloaking** – A ship cloaks.\n",
    )
    .unwrap();
    let (_, report) = check_json(std::slice::from_ref(&doc));
    let found = &report["documents"][0];
    assert_eq!(found["date"]["value"], "2022-06-12");
    assert_eq!(found["date"]["found"]["line"], 5);
    let dates = found["dates"].as_array().unwrap();
    let cited: Vec<&Value> = dates.iter().filter(|d| d["cited"] == true).collect();
    assert_eq!(cited.len(), 1);
    assert_eq!(cited[0]["date"], "2021-05-03");
    assert_eq!(cited[0]["taken"], false);
    let taken: Vec<&Value> = dates.iter().filter(|d| d["taken"] == true).collect();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0]["date"], "2022-06-12");
    assert_eq!(taken[0]["place"], "title-block");

    let output = rulings().arg("check").arg(&doc).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("dates found: 2021-05-03 (title block, line 1) cites another document, not taken; 2022-06-12 (title block, line 5) taken"),
        "{text}"
    );
}

/// A month-only date is a month: shown as one, in force from the first,
/// and check says the day was not given.
#[test]
fn a_month_only_date_is_shown_as_a_month() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("glossary.md");
    fs::write(
        &doc,
        "Star Trek Customizable Card Game\n\nGLOSSARY\n\nVersion 1.9.1\n\nMay 2013\n\n\
         Second Edition.\n\n**Battle** – A battle is fought.\n",
    )
    .unwrap();
    let (_, report) = check_json(std::slice::from_ref(&doc));
    let found = &report["documents"][0];
    assert_eq!(found["date"]["value"], "2013-05-01");
    let taken: Vec<&Value> = found["dates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["taken"] == true)
        .collect();
    assert_eq!(taken[0]["month_only"], true);
    let output = rulings().arg("check").arg(&doc).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("date May 2013 (line 7; the day not given)"),
        "{text}"
    );
}

/// Text printed in columns side by side (as `pdftotext -layout` gives a
/// two-column page) is read a column at a time, and check says so.
#[test]
fn text_printed_in_columns_side_by_side_is_read_a_column_at_a_time() {
    let left = [
        "First Edition Current Rulings",
        "",
        "cloaking – A cloaked ship cannot",
        "be targeted by anything.",
        "",
        "dilemmas – A dilemma is",
        "encountered when revealed.",
        "",
        "exocomp – An Exocomp is an",
        "android for dilemmas.",
    ];
    let right = [
        "",
        "",
        "Klingon – A Klingon may battle",
        "at any time during a turn.",
        "",
        "Romulan – A Romulan ship may",
        "cloak at the end of a turn.",
        "",
        "tribbles – Tribbles multiply",
        "when their cards say so.",
    ];
    let rows: Vec<String> = left
        .iter()
        .zip(right)
        .map(|(l, r)| format!("{l:36}{r}").trim_end().to_string())
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("columns-2015-04-01.txt");
    fs::write(&doc, rows.join("\n")).unwrap();
    let (_, report) = check_json(std::slice::from_ref(&doc));
    let found = &report["documents"][0];
    assert_eq!(found["source"]["columns"], 2, "{report}");
    assert_eq!(
        topics(found),
        ["cloaking", "dilemmas", "exocomp", "Klingon", "Romulan", "tribbles"]
    );
    let output = rulings().arg("check").arg(&doc).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("text printed in 2 columns side by side"),
        "{text}"
    );
}

/// A month-only date is cited as a month wherever a ruling is shown.
#[test]
fn a_month_only_date_is_cited_as_a_month() {
    let folder = common::folder::Folder::new(&[(
        "notes.txt",
        "First Edition Current Rulings\n\nApril 2024\n\n\
         Cloaking – A cloaked ship cannot be targeted.\n\n\
         Borg – Borg may not attempt missions.\n",
    )]);
    for args in [&["search", "cloaked"][..], &["show", "cloaking"]] {
        let output = folder.rulings(args).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("First Edition Current Rulings 2024-04"),
            "{args:?}: {text}"
        );
        assert!(!text.contains("2024-04-01"), "{args:?}: {text}");
    }
}
