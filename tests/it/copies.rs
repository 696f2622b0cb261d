//! The published families as the rendition matrix's producers and a TD's
//! copies set them (`tests/fixtures/families/copies/`, made by
//! `bench/renditions.sh` from the family sources beside them, seed 7): a
//! Compendium pasted from a browser, the same set by groff in three columns
//! and copied with `pdftotext -layout` (two designs), and a Glossary that
//! Chromium printed in three justified columns, copied the same way; a
//! Compendium page that numbered every head as a list; and a rule-change
//! history set as a table a rule in three columns, printed to PDF by
//! LibreOffice and by Chromium. Each
//! copy is read to its source's topics, one for one; and each shape the
//! copies print is read as what it is.

use crate::common;
use crate::renditions::normalized;

use std::path::{Path, PathBuf};

use serde_json::Value;

fn families() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/families")
}

fn copy(name: &str) -> Value {
    common::checked(&families().join("copies").join(name))
}

/// Each entry's topic, as `check` reads it.
fn topics(doc: &Value) -> Vec<String> {
    doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap().to_string())
        .collect()
}

/// Each entry's (topic, text) of a copy read alone, in its order.
fn exported(name: &str) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(families().join("copies").join(name), dir.path().join(name)).unwrap();
    let (code, out, err) = common::on_corpus(dir.path(), &["export", "--json"]);
    assert_eq!(code, 0, "{name}: {err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["topic"].as_str().unwrap().to_string(),
                e["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The text of the one entry under `topic`.
fn text_of(name: &str, entries: &[(String, String)], topic: &str) -> String {
    let found: Vec<&String> = entries
        .iter()
        .filter(|(t, _)| t == topic)
        .map(|(_, text)| text)
        .collect();
    assert_eq!(found.len(), 1, "{name}: {topic} in {entries:?}");
    found[0].clone()
}

const COPIES: [(&str, &str); 7] = [
    ("compendium-pasted.txt", "1e-compendium-published.md"),
    // Every head numbered as a list (`2. ABOUT THIS GAME (1.1)`, `14.
    // APPENDIX A: ERRATA`) and every entry under its part (`12.1 abduction`).
    (
        "compendium-chromium-numbered.html",
        "1e-compendium-published.md",
    ),
    // A table a rule, in three columns: LibreOffice's first table read down
    // its cells' columns, Chromium's cells wrapped around their dates.
    (
        "rule-history-tables-libreoffice.pdf",
        "1e-rule-history-published.md",
    ),
    (
        "rule-history-tables-chromium.pdf",
        "1e-rule-history-published.md",
    ),
    ("compendium-groff-layout.txt", "1e-compendium-published.md"),
    (
        "compendium-groff-layout-indented.txt",
        "1e-compendium-published.md",
    ),
    ("glossary-chromium-layout.txt", "1e-glossary-published.md"),
];

#[test]
fn every_copy_is_read_to_its_sources_topics() {
    for (name, source) in COPIES {
        let sorted = |doc: &Value| {
            let mut t: Vec<String> = topics(doc).iter().map(|t| normalized(t)).collect();
            t.sort();
            t
        };
        let read = copy(name);
        let printed = common::checked(&families().join(source));
        assert_eq!(sorted(&read), sorted(&printed), "{name}");
        assert_eq!(read["warnings"], serde_json::json!([]), "{name}");
        assert_eq!(read["kind"]["value"], printed["kind"]["value"], "{name}");
        // A history's copy reads every status line it prints.
        let history = &read["source"]["history"];
        if !history.is_null() {
            assert_eq!(history["versions"], history["printed"], "{name}");
        }
    }
}

#[test]
fn a_sidebars_title_run_into_its_text_or_wrapped_by_a_column_is_its_name() {
    // Pasted: "Copyright Notice: Printing cards You may print …", a name in
    // sentence case that ends where a capitalized function word opens the
    // text. In a narrow column: "Copyright Notice: Printing" / "cards".
    for name in ["compendium-pasted.txt", "compendium-groff-layout.txt"] {
        let entries = exported(name);
        let text = text_of(
            name,
            &entries,
            "1.1 ABOUT THIS GAME – Copyright Notice: Printing cards",
        );
        assert!(
            text.starts_with("You may print copies of virtual cards"),
            "{name}: {text}"
        );
    }
}

#[test]
fn a_page_whose_last_column_is_short_is_read_a_column_at_a_time() {
    // The Compendium's second page: its first column long, the second the
    // end of the errata and the change log, a few lines beside it. Read
    // across, the Glossary's entries took the errata's lines.
    let name = "compendium-groff-layout.txt";
    let entries = exported(name);
    assert_eq!(
        text_of(name, &entries, "battle"),
        "A battle is a fight between two forces at one location."
    );
    let q_flash = text_of(name, &entries, "Q-Flash (Q-Continuum)");
    assert!(
        q_flash.starts_with("Seed one in a Q-Flash side deck."),
        "{q_flash}"
    );
}

#[test]
fn a_heads_dash_set_under_it_or_over_a_page_break_is_the_heads() {
    // "abduction" at the foot of the first page, the page number and a
    // running header that names the part and the document ("GLOSSARY
    // Rules Compendium — 1 August 2026", printed once), then "– To abduct
    // …"; an icon's code alone over its dash ("[AU]" / "– Alternate
    // Universe …").
    let name = "compendium-groff-layout.txt";
    let entries = exported(name);
    let abduction = text_of(name, &entries, "abduction");
    assert!(
        abduction.starts_with("To abduct a personnel is to take it to your ship"),
        "{abduction}"
    );
    assert!(!abduction.contains("Rules Compendium"), "{abduction}");
    let doc = copy(name);
    let furniture = doc["furniture"].as_array().unwrap();
    assert!(
        furniture.iter().any(|f| f["why"] == "running-header"),
        "{furniture:?}"
    );
    for icon in ["[AU]", "[Cmd]"] {
        assert!(!text_of(name, &entries, icon).is_empty(), "{icon}");
    }
}

#[test]
fn an_indented_first_line_opens_a_paragraph_and_its_head() {
    // One column, no blank line between two errata: "free to your
    // outpost." / "      Q-Flash (Q-Continuum)" / "– Seed one …". The
    // indent opens the paragraph, the dash under the head is its own.
    let name = "compendium-groff-layout-indented.txt";
    let entries = exported(name);
    let ferengi = text_of(
        name,
        &entries,
        "Ferengi Military Operations (Deep Space Nine)",
    );
    assert!(ferengi.ends_with("free to your outpost."), "{ferengi}");
    let q_flash = text_of(name, &entries, "Q-Flash (Q-Continuum)");
    assert!(
        q_flash.starts_with("Seed one in a Q-Flash side deck."),
        "{q_flash}"
    );
    // The page's footer ("Page 1") stays apart from the next page's first
    // line.
    assert_eq!(
        text_of(name, &entries, "battle"),
        "A battle is a fight between two forces at one location."
    );
}

#[test]
fn a_justified_line_of_capitals_goes_on_into_the_head_under_it() {
    // "EMERGENCY            TRANSPORTER" / "ARMBANDS – This equipment …":
    // the spaces say the line was stretched to the column's measure, so
    // the head wrapped; they are no part of its topic.
    let name = "glossary-chromium-layout.txt";
    let entries = exported(name);
    let text = text_of(name, &entries, "EMERGENCY TRANSPORTER ARMBANDS");
    assert!(
        text.starts_with("This equipment may be used once"),
        "{text}"
    );
}
