//! What a TD reads at the table: the answer first, cited as the
//! Committee's documents name themselves; a card named in a search offered
//! first; the page's data age, default edition and the link that hands a
//! ruling to a player.

use std::path::Path;

use serde_json::Value;

use crate::common::folder::Folder;
use crate::common::schemas::assert_valid;
use crate::common::{self, outcome};

/// A Glossary whose title block prints its version, and the bundled
/// 2014 CRD that rules on a card.
fn glossary_and_crd() -> Folder {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let glossary = std::fs::read(root.join("tests/fixtures/base/1e-glossary-banner.md")).unwrap();
    let crd = std::fs::read(root.join("rulings/1e-2014-11-03-crd.md")).unwrap();
    Folder::new(&[
        ("1e-glossary-banner.md", glossary),
        ("1e-2014-11-03-crd.md", crd),
    ])
}

fn run(folder: &Folder, args: &[&str]) -> (i32, String, String) {
    outcome(folder.rulings(args).output().unwrap())
}

#[test]
fn a_ruling_is_cited_by_document_version_and_head_and_located_when_asked() {
    let folder = glossary_and_crd();
    let (code, out, err) = run(&folder, &["show", "stopped", "--color", "never"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // The answer first: the status, since when and on whose authority,
    // then the text; the citation after it, with no file in it.
    assert_eq!(lines[0], "stopped  1E  in force", "{out}");
    assert_eq!(
        lines[1], "in force since Glossary 1.9.1 (2021-11-01)",
        "{out}"
    );
    assert!(lines[3].starts_with("  A stopped card"), "{out}");
    assert!(out.contains("from Glossary 1.9.1 — stopped"), "{out}");
    assert!(!out.contains(".md:"), "{out}");
    // Asked, the file and line it was read from.
    let (_, out, _) = run(&folder, &["show", "stopped", "--verbose"]);
    assert!(
        out.contains("from Glossary 1.9.1 — stopped (1e-glossary-banner.md:"),
        "{out}"
    );
    // The older CRD's ruling is history, and its status says by what.
    let (_, out, _) = run(&folder, &["show", "stopped", "--history"]);
    assert!(out.contains("CRD 2014-11-03 — Rulings – General"), "{out}");
    assert!(
        out.contains("replaced on 2021-11-01 by Glossary 1.9.1"),
        "{out}"
    );
    // No section name keeps its markup.
    assert!(!out.contains("**"), "{out}");
}

#[test]
fn releases_give_each_document_its_name_and_version() {
    let folder = glossary_and_crd();
    let (code, out, err) = run(&folder, &["releases", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_valid("releases", &v, "releases --json");
    let names: Vec<(&str, Option<&str>)> = v["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["version"].as_str()))
        .collect();
    assert_eq!(
        names,
        [("CRD 2014-11-03", None), ("Glossary 1.9.1", Some("1.9.1"))]
    );
    // A month-only date is written as one, beside ISO dates.
    let (_, out, _) = run(&folder, &["releases", "--color", "never"]);
    assert!(out.contains("  2021-11  "), "{out}");
}

#[test]
fn a_version_in_a_preamble_names_another_document_not_this_one() {
    // The 2000 rulings list the Rulebook's and the Glossary's versions
    // they follow: neither is theirs.
    let (code, out, err) = common::outcome(
        common::rulings()
            .args(["releases", "--json"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let first = &v["releases"][0];
    assert_eq!(first["id"], "1e-2000-03-27-cr");
    assert_eq!(first["version"], Value::Null, "{first}");
    assert_eq!(first["name"], "Current Rulings 2000-03-27");
}

#[test]
fn a_card_named_in_a_search_comes_first_with_its_erratum() {
    let run = |args: &[&str]| {
        common::outcome(
            common::rulings()
                .args(["--color", "never", "search", "Ferengi Military Operations"])
                .args(args)
                .output()
                .unwrap(),
        )
    };
    let (code, out, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    // After how the words were read, the card before any ruling.
    let lines: Vec<&str> = out.lines().skip_while(|l| l.starts_with("note:")).collect();
    assert_eq!(lines[0], "Card: Ferengi Military Operations  1E", "{out}");
    assert_eq!(lines[1], "  erratum in force since CRD 2014-11-03", "{out}");
    assert!(lines[2].contains("Plays on table."), "{out}");
    // The erratum is not listed again among the rulings found.
    let hits = &out[out.find("\n1. ").expect("rulings after the card")..];
    assert!(
        !hits.contains("Ferengi Military Operations  1E  erratum"),
        "{out}"
    );
    let (code, out, _) = run(&["--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_valid("search", &v, "search --json");
    assert_eq!(v["card"]["name"], "Ferengi Military Operations");
    assert_eq!(
        v["card"]["erratum"]["citation"],
        "CRD 2014-11-03 — Rulings – General"
    );
    assert_eq!(
        v["card"]["link"],
        "/card?card=Ferengi%20Military%20Operations&edition=1e"
    );
    // Words that name no card offer none.
    let (_, out, _) = common::outcome(
        common::rulings()
            .args(["search", "once each turn", "--json"])
            .output()
            .unwrap(),
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["card"], Value::Null, "{v}");
}

#[test]
fn the_page_says_how_current_it_is_and_hands_a_ruling_to_a_phone() {
    let index = tempfile::tempdir().unwrap();
    let mut command = common::process(common::binary());
    command
        .arg("--index")
        .arg(index.path())
        .env("RULINGS_EDITION", "1e")
        .args(["serve", "--port", "0"]);
    let (mut child, url) = common::served::start(&mut command);
    let get = |path: &str| common::served::body(&url, path);
    let home = get("/");
    let ruling = get("/1e/time%20location");
    let search = get("/?q=Ferengi+Military+Operations");
    let _ = child.kill();
    let _ = child.wait();
    // The data's age and the default edition on the home page.
    assert!(
        home.contains("newest: <a href=\"/releases\">RRD 2022-11-07</a>"),
        "{home}"
    );
    assert!(home.contains("years old"), "{home}");
    assert!(
        home.contains("default edition: <strong>1E</strong>"),
        "{home}"
    );
    // The ruling first, then the link and its QR code, then how the
    // question was read.
    let main = &ruling[ruling.find("<main").unwrap()..];
    let answer = main.find("class=\"ruling in-force\"").expect(main);
    let share = main.find("Hand it to a player").expect(main);
    assert!(answer < share, "{main}");
    let port_less = url.trim_start_matches("http://");
    assert!(
        main.contains(&format!("http://{port_less}/1e/time-location</a>")),
        "{main}"
    );
    assert!(main.contains("<svg"), "{main}");
    assert!(!main[..answer].contains("this tool"), "{main}");
    // A card named in the search is shown first, with a link to its page.
    let results = &search[search.find("id=\"results\"").unwrap()..];
    let card = results.find("card-first").expect(results);
    let hits = results.find("ol class=\"hits\"").unwrap_or(results.len());
    assert!(card < hits, "{results}");
    assert!(
        results.contains("href=\"/card?card=Ferengi%20Military%20Operations&amp;edition=1e\""),
        "{results}"
    );
}
