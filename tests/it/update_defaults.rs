//! `rulings update`'s built-in sources through the real binary: the list it
//! prints, pointed at a web server of the test's on 127.0.0.1 that serves
//! each official address's path, is fetched whole, and each document is
//! kept as the edition and kind its source names.

use std::path::Path;

use serde_json::Value;

use crate::common;
use crate::update::{statuses, Folder, Site};

const OFFICIAL: &str = "https://www.trekcc.org";

fn fixture(path: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(path),
    )
    .unwrap()
}

/// The built-in list, as `update --print-sources` prints it for a folder
/// with no `sources.toml`.
fn defaults(folder: &Folder) -> String {
    std::fs::create_dir_all(folder.corpus()).unwrap();
    let out = common::rulings()
        .arg("--rulings")
        .arg(folder.corpus())
        .args(["update", "--print-sources"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("# sources in use: built-in defaults"),
        "{out}"
    );
    out
}

#[test]
fn the_defaults_fetched_from_a_copy_of_the_site_are_kept_as_their_sources_say() {
    let folder = Folder::new();
    let printed = defaults(&folder);
    let site = Site::start();
    // Each official path served with a fixture of its shape. No 2E
    // Rulebook or errata text is among the fixtures: a 2E Current Rulings
    // PDF stands in for each, so the Rulebook is kept as the kind its
    // source names, not the one its words would give.
    let served: [(&str, &str, &'static str); 6] = [
        (
            "/op/1e_rulebook/Compendium.php",
            "matrix/r024.html",
            "text/html",
        ),
        ("/op/1e_rulebook/", "published/rulebook-a.html", "text/html"),
        (
            "/1e/ruleChanges.php",
            "published/rule-history-a.html",
            "text/html; charset=utf-8",
        ),
        (
            "/2e/rulings.php",
            "published/rulings-2e-a.html",
            "text/html",
        ),
        ("/op/rulebook.pdf", "matrix/r068.pdf", "application/pdf"),
        (
            "/op/ST2EErrata.pdf",
            "matrix/s23-r115.pdf",
            "application/pdf",
        ),
    ];
    for (path, file, content_type) in served {
        assert!(
            printed.contains(&format!("url = \"{OFFICIAL}{path}\"")),
            "{path} is no default: {printed}"
        );
        site.document(path, &fixture(file), content_type, "v1");
    }
    let sources = printed.replace(OFFICIAL, &site.address);
    assert!(!sources.contains("trekcc.org"), "{sources}");
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(
        statuses(&report),
        vec![("new".to_string(), String::new()); 6],
        "{report}"
    );
    assert_eq!(report["pages"], serde_json::json!([]), "{report}");
    let kept: Vec<(String, &str, &str)> = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["url"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches(&site.address)
                    .to_string(),
                d["edition"].as_str().unwrap(),
                d["kind"].as_str().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("/op/1e_rulebook/Compendium.php", "1E", "compendium"),
        ("/op/1e_rulebook/", "1E", "rulebook"),
        ("/1e/ruleChanges.php", "1E", "rule-history"),
        ("/2e/rulings.php", "2E", "rulings"),
        ("/op/rulebook.pdf", "2E", "rulebook"),
        // No kind named: the errata is what its reading says.
        ("/op/ST2EErrata.pdf", "2E", "current-rulings"),
    ];
    assert_eq!(
        kept,
        expected
            .iter()
            .map(|&(u, e, k)| (u.to_string(), e, k))
            .collect::<Vec<_>>(),
        "{report}"
    );
    // The corpus answers with them as kept: each file a release of that
    // edition and kind.
    let out = common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.corpus())
        .args(["releases", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    let releases: Value = serde_json::from_str(&out).unwrap();
    let mut indexed: Vec<(String, String, String)> = releases["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["edition"].as_str().unwrap().to_string(),
                r["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    indexed.sort();
    let mut reported: Vec<(String, String, String)> = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["file"].as_str().unwrap().to_string(),
                d["edition"].as_str().unwrap().to_string(),
                d["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    reported.sort();
    assert_eq!(indexed, reported, "{releases}");
}
