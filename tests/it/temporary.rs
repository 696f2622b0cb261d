//! Temporary Rulings that share a sentence are cut by their heads: each
//! ruling keeps its own words, the shared sentence included, and nothing of
//! them lands in a Glossary entry after them. Written for the three shapes
//! of Glossary in `tests/fixtures/published/` (a name on its own line, a
//! dash head hard-wrapped, a dash head a paragraph), each with thousands of
//! rulings, so that a sentence repeated on every ruling would look like a
//! page's running line if anything took it for one.

use crate::common;

use std::fs;

use serde_json::Value;

const SHARED: &str = "This stands until the next Glossary update.";
const RULINGS: usize = 3000;

/// The fixture Glossary with its Temporary Rulings replaced by `RULINGS`
/// rulings of the shape `ruling` writes.
fn glossary(fixture: &str, ruling: impl Fn(usize) -> Vec<String>) -> String {
    let text = fs::read_to_string(format!("tests/fixtures/published/{fixture}")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.trim().eq_ignore_ascii_case("temporary rulings"))
        .expect("the fixture has Temporary Rulings");
    // The alphabet begins at its first letter (or the page number before it).
    let first = (head + 1..lines.len())
        .find(|&i| matches!(lines[i].trim(), "1" | "A"))
        .expect("the fixture has an alphabet");
    let mut out: Vec<String> = lines[..=head].iter().map(|l| l.to_string()).collect();
    // What the fixture prints under the head before its first ruling.
    if fixture == "glossary-a.txt" {
        out.extend(lines[head + 1..head + 4].iter().map(|l| l.to_string()));
    }
    for n in 0..RULINGS {
        out.extend(ruling(n));
    }
    out.push(String::new());
    out.extend(lines[first..].iter().map(|l| l.to_string()));
    out.join("\n")
}

/// Every entry read from `text`, through the binary's `export --json`.
fn entries(text: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("glossary.txt"), text).unwrap();
    let out = common::rulings()
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

fn holds_each_ruling_whole(shape: &str, text: &str) {
    let entries = entries(text);
    let temporary: Vec<&Value> = entries
        .iter()
        .filter(|e| e["kind"] == "temporary")
        .collect();
    assert_eq!(temporary.len(), RULINGS, "{shape}: temporary rulings read");
    for e in &entries {
        let body = e["text"].as_str().unwrap();
        let times = body.matches(SHARED).count();
        let expected = usize::from(e["kind"] == "temporary");
        assert_eq!(
            times,
            expected,
            "{shape}: {} holds the shared sentence {times} times: {}",
            e["topic"],
            &body[..body.len().min(300)]
        );
    }
    // The Glossary's last entry is the fixture's, with its own words only.
    let last = entries.last().unwrap();
    assert_ne!(last["kind"], "temporary", "{shape}");
    assert!(
        last["text"].as_str().unwrap().len() < 400,
        "{shape}: {last}"
    );
}

#[test]
fn temporary_rulings_sharing_a_sentence_are_cut_by_their_heads() {
    holds_each_ruling_whole(
        "a name on its own line",
        &glossary("glossary-a.txt", |n| {
            vec![
                format!("Ruling Card {n:05}"),
                format!("While card {n} is reviewed, treat it as printed."),
                SHARED.to_string(),
            ]
        }),
    );
    holds_each_ruling_whole(
        "a dash head, hard-wrapped",
        &glossary("glossary-b.txt", |n| {
            vec![
                format!("Ruling Card {n:05} – While card {n} is reviewed, treat"),
                format!("it as printed. {SHARED}"),
            ]
        }),
    );
    holds_each_ruling_whole(
        "a dash head, a paragraph",
        &glossary("glossary-c.txt", |n| {
            vec![
                format!("Ruling Card {n:05} – While card {n} is reviewed, treat it as printed. {SHARED}"),
                String::new(),
            ]
        }),
    );
}
