//! The bundled corpus against the originals it was curated from: every word
//! survives, nothing is lost from any bundled or fixture document (each
//! line in exactly one entry or the front matter, no line cut out of its
//! entry, every word of an entry's lines in that entry), and raw and curated
//! parse to the same entries (pinned by one snapshot per document).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::nothing_lost;

use nothing_lost::assert_nothing_lost;
use rulings::model::Release;
use rulings::parse::{parse_document, read_document};

/// Each original (as received) and the curated release made from it.
const PAIRS: [(&str, &str); 5] = [
    ("000_f0bed521367483e5.txt", "1e-2014-11-03-crd.md"),
    ("001_4abc3de7719b28a3.txt", "2e-2012-02-06-crd.md"),
    ("002_1399e6eaf3a39393.txt", "1e-2022-11-07-rrd.md"),
    ("003_166f37b7cce4c3c9.txt", "1e-2000-03-27-cr.md"),
    ("004_ccfb9d0fd8ac88ce.txt", "2e-2017-06-06-rulings.md"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn original(name: &str) -> String {
    fs::read_to_string(root().join("tests/fixtures/originals").join(name)).unwrap()
}

fn curated(name: &str) -> String {
    fs::read_to_string(root().join("rulings").join(name)).unwrap()
}

/// The document's text without its front-matter block.
fn without_front_matter(text: &str) -> &str {
    if let Some(rest) = text.strip_prefix("+++\n") {
        if let Some(end) = rest.find("\n+++\n") {
            return &rest[end + 5..];
        }
    }
    text
}

/// Words as the every-word test counts them: runs of letters and digits,
/// case kept, after dropping the underline tags.
fn words(text: &str) -> BTreeMap<String, usize> {
    let text = text.replace("<u>", " ").replace("</u>", " ");
    let mut counts = BTreeMap::new();
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        *counts.entry(word.to_string()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn every_word_of_each_original_survives_curation() {
    for (raw, cur) in PAIRS {
        let before = words(&original(raw));
        let after = words(without_front_matter(&curated(cur)));
        let lost: Vec<_> = before
            .iter()
            .filter(|(w, n)| after.get(*w) != Some(n))
            .collect();
        let gained: Vec<_> = after
            .iter()
            .filter(|(w, n)| before.get(*w) != Some(n))
            .collect();
        assert!(
            lost.is_empty() && gained.is_empty(),
            "{cur}: lost {lost:?}, gained {gained:?}"
        );
    }
}

/// FNV-1a, 64 bits: enough to notice any change to a fixture.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn the_originals_are_kept_byte_for_byte() {
    // Size and hash of each document as received.
    let expected: [(&str, usize, u64); 5] = [
        ("000_f0bed521367483e5.txt", 29263, 0x54f9_d619_8fd6_2327),
        ("001_4abc3de7719b28a3.txt", 16394, 0xb19b_190a_ae45_2a00),
        ("002_1399e6eaf3a39393.txt", 12691, 0x4143_11a0_14c8_2cc4),
        ("003_166f37b7cce4c3c9.txt", 33886, 0xfd72_26f5_c41d_1d03),
        ("004_ccfb9d0fd8ac88ce.txt", 7354, 0x8a25_5adc_8989_cecc),
    ];
    for (name, size, hash) in expected {
        let bytes = fs::read(root().join("tests/fixtures/originals").join(name)).unwrap();
        assert_eq!((bytes.len(), fnv1a(&bytes)), (size, hash), "{name} changed");
    }
}

/// Every document of a folder under the crate, by name, with its text.
fn documents(folder: &str) -> Vec<(String, String)> {
    let mut docs: Vec<(String, String)> = fs::read_dir(root().join(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md" || e == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect();
    docs.sort();
    docs
}

#[test]
fn nothing_is_lost_from_any_bundled_or_fixture_document() {
    let mut read = 0;
    for folder in [
        "rulings",
        "tests/fixtures/originals",
        "tests/fixtures/family",
        "tests/fixtures/base",
    ] {
        for (name, text) in documents(folder) {
            let reading = read_document(&name, &text, 0).unwrap();
            assert_nothing_lost(&format!("{folder}/{name}"), &text, &reading);
            read += 1;
        }
    }
    assert!(read >= 15, "{read} documents");
}

/// The first words of a body, as words, so markup does not count.
fn first_words(text: &str, n: usize) -> String {
    text.replace("<u>", "")
        .replace("</u>", "")
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line per entry: what the snapshot pins.
fn entry_table(release: &Release) -> String {
    let mut out = String::new();
    for e in &release.entries {
        out.push_str(&format!(
            "{}{} [{}] {} | {}{}\n",
            if e.new { "* " } else { "" },
            e.topic,
            e.kind,
            e.key,
            e.date,
            if e.dated { " (own date)" } else { "" },
        ));
        if let Some(section) = &e.section {
            out.push_str(&format!("    section: {section}\n"));
        }
        if !e.see.is_empty() {
            out.push_str(&format!("    see: {}\n", e.see.join(" | ")));
        }
        for s in &e.supersedes {
            out.push_str(&format!(
                "    {:?}{}{}\n",
                s.action,
                s.document
                    .as_deref()
                    .map(|d| format!(" in {d}"))
                    .unwrap_or_default(),
                s.target
                    .as_deref()
                    .map(|t| format!(" -> {t}"))
                    .unwrap_or_default(),
            ));
        }
        if !e.cards.is_empty() {
            out.push_str(&format!("    cards: {}\n", e.cards.join(" | ")));
        }
        out.push_str(&format!("    text: {}\n", first_words(&e.text, 10)));
    }
    out
}

fn snapshot_name(curated_name: &str) -> String {
    Path::new(curated_name)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn curated_releases_parse_to_their_pinned_entries() {
    for (_, cur) in PAIRS {
        let release = parse_document(cur, &curated(cur), 0).unwrap();
        insta::assert_snapshot!(snapshot_name(cur), entry_table(&release));
    }
}

#[test]
fn raw_originals_parse_to_the_same_entries() {
    for (raw, cur) in PAIRS {
        let release = parse_document(raw, &original(raw), 0).unwrap();
        insta::assert_snapshot!(snapshot_name(cur), entry_table(&release));
    }
}

#[test]
fn raw_originals_say_what_they_are() {
    let expected = [
        (
            "000_f0bed521367483e5.txt",
            "1E",
            "2014-11-03",
            "current-rulings",
            Some("Glossary v1.9.1"),
        ),
        (
            "001_4abc3de7719b28a3.txt",
            "2E",
            "2012-02-06",
            "current-rulings",
            Some("Rulebook v3"),
        ),
        (
            "002_1399e6eaf3a39393.txt",
            "1E",
            "2022-11-07",
            "recent-rulings",
            None,
        ),
        (
            "003_166f37b7cce4c3c9.txt",
            "1E",
            "2000-03-27",
            "current-rulings",
            Some("October 1999 Rulebook and Glossary"),
        ),
        (
            "004_ccfb9d0fd8ac88ce.txt",
            "2E",
            "2017-06-06",
            "rulings",
            None,
        ),
    ];
    for (raw, edition, date, kind, since) in expected {
        let r = parse_document(raw, &original(raw), 0).unwrap();
        assert_eq!(
            (
                r.edition.label(),
                r.date.to_string().as_str(),
                r.kind.label(),
                r.since.as_deref()
            ),
            (edition, date, kind, since),
            "{raw}"
        );
    }
}

#[test]
fn curated_front_matter_agrees_with_the_documents_own_words() {
    for (raw, cur) in PAIRS {
        let from_text = parse_document(raw, &original(raw), 0).unwrap();
        let from_front = parse_document(cur, &curated(cur), 0).unwrap();
        assert!(from_front.has_front_matter && !from_text.has_front_matter);
        assert_eq!(from_text.edition, from_front.edition, "{cur}");
        assert_eq!(from_text.date, from_front.date, "{cur}");
        assert_eq!(from_text.kind, from_front.kind, "{cur}");
        assert_eq!(from_text.since, from_front.since, "{cur}");
    }
    let keys: BTreeSet<_> = PAIRS.iter().map(|(_, c)| snapshot_name(c)).collect();
    assert_eq!(keys.len(), PAIRS.len());
}

/// (exit code, stdout, stderr) of the binary on `dir` alone.
fn run_on(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = crate::common::rulings()
        .args(["--color", "never", "--no-bundled", "--rulings"])
        .arg(dir)
        .arg("--index")
        .arg(dir.join(".index"))
        .args(args)
        .output()
        .unwrap();
    crate::common::outcome(out)
}

#[test]
fn a_stray_byte_in_a_utf8_document_is_warned_about_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = "+++\nedition = \"1E\"\ndate = \"2022-11-07\"\ntitle = \"Recent Rulings Document\"\n+++\n\nWarp Bubble – A ship in a warp bubble cannot be attacked — not by any card.\n\nTribble Bomb – A Tribble Bomb played on a ship stops its crew; "
        .as_bytes()
        .to_vec();
    bytes.push(0xff);
    bytes.extend_from_slice(" the ship’s “crew” is every personnel aboard.\n".as_bytes());
    fs::write(dir.path().join("1e-2022-11-07-rrd.md"), bytes).unwrap();
    let (code, out, err) = run_on(dir.path(), &["show", "tribble bomb"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the ship’s “crew” is every personnel aboard"),
        "{out}"
    );
    assert!(
        err.contains("1e-2022-11-07-rrd.md:9: 1 byte(s) that are not UTF-8 (line 9)"),
        "{err}"
    );
    let (code, out, err) = run_on(dir.path(), &["search", "warp bubble attacked"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. Warp Bubble"), "{out}");
    assert!(out.contains("** — not by any card."), "{out}");
}

#[test]
fn a_folder_that_yields_no_document_names_each_file_and_why() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("notes.md"), "just some notes\n").unwrap();
    fs::write(dir.path().join("dump.txt"), b"a\nb\0c").unwrap();
    let (code, _, err) = run_on(dir.path(), &["releases"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no rulings document could be read from"),
        "{err}"
    );
    assert!(
        err.contains("dump.txt:2: binary content (a NUL byte)"),
        "{err}"
    );
    // No date and no edition are no reason to refuse a document; a line
    // of three words that reads as no ruling is.
    assert!(err.contains("notes.md: no entries found"), "{err}");
}

/// Documents a TD drops in, dated where they print it: under banners as a
/// month only, in a Compendium's version line with the day in parentheses,
/// and under the title below a preamble that cites an earlier Glossary.
/// Each is indexed with the right date, and a month is shown as a month.
#[test]
fn dates_are_found_where_documents_print_them() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| fs::write(dir.path().join(name), text).unwrap();
    write(
        "glossary.md",
        "Star Trek Customizable Card Game\n\nGLOSSARY\n\nVersion 1.9.1\n\nMay 2013\n\n\
         Second Edition.\n\n**Battle** – A battle is fought.\n",
    );
    write(
        "compendium.md",
        "Rules Compendium, Version 2.7.4 (3 August 2026)\n\nSecond Edition\n\n\
         **Cloaking** – A ship cloaks.\n",
    );
    write(
        "current.md",
        "Second Edition rulings since the Glossary of 3 May 2021\n\n# Current Rulings\n\n\
         12 June 2022\n\n**Tribble Bomb** – A Tribble Bomb stops a crew.\n",
    );
    let (code, out, err) = run_on(dir.path(), &["releases", "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let dated: BTreeMap<String, (String, String)> = report["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                (
                    r["date"].as_str().unwrap().to_string(),
                    r["date_precision"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect();
    let want = |date: &str, precision: &str| (date.to_string(), precision.to_string());
    assert_eq!(dated["glossary"], want("2013-05-01", "month"));
    assert_eq!(dated["compendium"], want("2026-08-03", "day"));
    assert_eq!(dated["current"], want("2022-06-12", "day"));
    let (code, out, err) = run_on(dir.path(), &["releases"]);
    assert_eq!(code, 0, "{err}");
    let glossary = out.lines().find(|l| l.starts_with("glossary")).unwrap();
    // Printed to the month, and written so beside ISO dates.
    assert!(glossary.contains("  2013-05  "), "{out}");
}
