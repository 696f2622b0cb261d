//! Each rendition read by the real binary (`rulings check --json`) and
//! scored against its source as the same binary reads it: dated right,
//! edition and kind as the source's, topic F1 (entries as a multiset of
//! normalized topics), new-marker recall, and the tables per axis.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use chrono::NaiveDate;
use serde_json::Value;

use crate::design::{printed_date, DATE_FORMS};

/// What `check --json` read from one document.
struct Reading {
    edition: Value,
    date: Value,
    kind: Value,
    /// The family the document belongs to: its kind, and whether its edition
    /// was told by what it is rather than printed ("glossary, edition not
    /// printed").
    family: String,
    entries: Vec<(String, String, bool)>,
    error: Option<String>,
}

fn check(binary: &Path, path: &Path) -> Reading {
    let output = Command::new(binary)
        .arg("check")
        .arg("--json")
        .arg(path)
        .output();
    let empty = |error: String| Reading {
        edition: Value::Null,
        date: Value::Null,
        kind: Value::Null,
        family: String::new(),
        entries: Vec::new(),
        error: Some(error),
    };
    let output = match output {
        Ok(o) => o,
        Err(e) => return empty(e.to_string()),
    };
    let report: Value = match serde_json::from_slice(&output.stdout) {
        Ok(v) => v,
        Err(_) => {
            return empty(
                String::from_utf8_lossy(&output.stderr)
                    .lines()
                    .next()
                    .unwrap_or("no output")
                    .to_string(),
            )
        }
    };
    let document = &report["documents"][0];
    if !document.is_object() {
        return empty("not read as a document".into());
    }
    let entries = document["entries"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    (
                        normalized(e["topic"].as_str().unwrap_or("")),
                        e["kind"].as_str().unwrap_or("").to_string(),
                        e["new"].as_bool().unwrap_or(false),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let kind = document["kind"]["value"].as_str().unwrap_or("-");
    let family = match document["edition"]["found"]["from"].as_str() {
        Some("line" | "front-matter" | "before-second-edition") | None => kind.to_string(),
        Some(_) => format!("{kind}, edition not printed"),
    };
    Reading {
        edition: document["edition"]["value"].clone(),
        date: document["date"]["value"].clone(),
        kind: document["kind"]["value"].clone(),
        family,
        entries,
        error: None,
    }
}

/// The normalization of tests/it/renditions.rs: lower case, words of
/// letters and digits only.
fn normalized(topic: &str) -> String {
    topic
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

struct Score {
    row: HashMap<String, String>,
    dated: bool,
    edition: bool,
    kind: bool,
    precision: f64,
    recall: f64,
    f1: f64,
    new_recall: Option<f64>,
    kind_agreement: f64,
    wrong: String,
}

/// The dates a rendition may be read as: the source's; where the
/// rendition's title block prints no day, the first of its month (the
/// source's day is right too where the rendition prints it elsewhere: the
/// reader never invents a day); and undated where a text copy prints the
/// date nowhere (a web page's print header is not in its saved text).
fn expected_dates(
    source: &Reading,
    row: &HashMap<String, String>,
    text: Option<&str>,
) -> Vec<Value> {
    let Some(date) = source.date.as_str() else {
        return vec![source.date.clone()];
    };
    // A history is dated by its newest version, which every form prints.
    if source.kind == "rule-history" {
        return vec![source.date.clone()];
    }
    let mut accepted = vec![source.date.clone()];
    if row["day_given"] == "no" && date.len() == 10 {
        accepted.insert(0, Value::String(format!("{}01", &date[..8])));
    }
    let printed_nowhere = text.is_some_and(|text| {
        // A date may be broken over two lines ("February\n6, 2012").
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok_and(|d| {
            DATE_FORMS.iter().all(|form| {
                !text.contains(printed_date(d, form).trim_start_matches("Version 2.5.4 — "))
            })
        }) && !row["file"].contains(&date[..4])
    });
    if printed_nowhere {
        accepted = vec![Value::String("undated".into())];
    }
    accepted
}

/// Whether a rendition's form can carry its new markers at all: text
/// copied or saved from a page keeps an asterisk and a "NEW" tag, but not a
/// colour or a bar drawn in the margin. Where it cannot, no reader can
/// tell the new entries, and their recall is not measured.
fn carries_new_markers(row: &HashMap<String, String>) -> bool {
    let text_copy = matches!(
        row["form"].as_str(),
        "pdftotext" | "pdftotext-layout" | "pasted" | "saved-text"
    );
    !(text_copy && matches!(row["new_marker"].as_str(), "colour" | "margin-bar"))
}

fn score_one(
    source: &Reading,
    read: &Reading,
    row: HashMap<String, String>,
    text: Option<&str>,
) -> Score {
    let expected = expected_dates(source, &row, text);
    let mut left: HashMap<&str, Vec<(&str, bool)>> = HashMap::new();
    for (t, k, n) in source.entries.iter().rev() {
        left.entry(t).or_default().push((k, *n));
    }
    let (mut found, mut same_kind, mut new_found) = (0usize, 0usize, 0usize);
    let mut extra = Vec::new();
    for (t, k, n) in &read.entries {
        match left.get_mut(t.as_str()).and_then(Vec::pop) {
            Some((sk, sn)) => {
                found += 1;
                same_kind += usize::from(sk == k);
                new_found += usize::from(sn && *n);
            }
            None => extra.push(t.clone()),
        }
    }
    let missing: Vec<&str> = left
        .iter()
        .flat_map(|(t, v)| std::iter::repeat_n(*t, v.len()))
        .collect();
    let precision = if read.entries.is_empty() {
        0.0
    } else {
        found as f64 / read.entries.len() as f64
    };
    let recall = found as f64 / source.entries.len().max(1) as f64;
    let f1 = if found == 0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    };
    let new_total = source.entries.iter().filter(|e| e.2).count();
    let new_recall =
        (new_total > 0 && carries_new_markers(&row)).then(|| new_found as f64 / new_total as f64);
    let dated = expected.contains(&read.date);
    let mut wrong = Vec::new();
    if let Some(e) = &read.error {
        wrong.push(format!("not read: {e}"));
    }
    if !dated {
        wrong.push(format!("date {} (not {})", read.date, expected[0]));
    }
    if read.edition != source.edition {
        wrong.push(format!("edition {}", read.edition));
    }
    if read.kind != source.kind {
        wrong.push(format!("kind {} (not {})", read.kind, source.kind));
    }
    if f1 < 0.98 {
        let show = |v: &[&str]| {
            v.iter()
                .take(3)
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        wrong.push(format!(
            "{} missing ({}…), {} extra ({}…)",
            missing.len(),
            show(&missing),
            extra.len(),
            show(&extra)
        ));
    }
    if new_recall.is_some_and(|r| r < 0.95) {
        wrong.push(format!("new {new_found}/{new_total}"));
    }
    Score {
        row,
        dated,
        edition: read.edition == source.edition,
        kind: read.kind == source.kind,
        precision,
        recall,
        f1,
        new_recall,
        kind_agreement: if found == 0 {
            0.0
        } else {
            same_kind as f64 / found as f64
        },
        wrong: wrong.join("; "),
    }
}

pub fn score(dir: &Path, binary: &Path) -> Result<()> {
    let manifest = std::fs::read_to_string(dir.join("manifest.tsv"))?;
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines
        .next()
        .context("empty manifest")?
        .split('\t')
        .collect();
    let sources_dir = dir.join("sources");
    let mut sources: HashMap<String, Reading> = HashMap::new();
    let mut scores = Vec::new();
    for line in lines {
        let row: HashMap<String, String> = header
            .iter()
            .map(|h| h.to_string())
            .zip(line.split('\t').map(String::from))
            .collect();
        let document = row["document"].clone();
        if !sources.contains_key(&document) {
            sources.insert(
                document.clone(),
                check(binary, &sources_dir.join(format!("{document}.md"))),
            );
        }
        let mut row = row;
        // A history's family is its layout's: the same versions printed as
        // a list, a table a rule or a heading a rule.
        let family = match row.get("layout").map(String::as_str) {
            Some(layout) if layout != "-" => format!("{}, {layout}", sources[&document].family),
            _ => sources[&document].family.clone(),
        };
        row.insert("family".into(), family);
        let file = dir.join("out").join(&row["file"]);
        let read = check(binary, &file);
        let text = (file.extension().is_some_and(|e| e == "txt"))
            .then(|| std::fs::read_to_string(&file).unwrap_or_default());
        scores.push(score_one(&sources[&document], &read, row, text.as_deref()));
    }
    let mut tsv = String::from(
        "file\tdated\tedition\tkind\tprecision\trecall\tf1\tnew_recall\tkind_agreement\twrong\n",
    );
    for s in &scores {
        let _ = writeln!(
            tsv,
            "{}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{}\t{:.3}\t{}",
            s.row["file"],
            s.dated,
            s.edition,
            s.kind,
            s.precision,
            s.recall,
            s.f1,
            s.new_recall.map_or("-".into(), |r| format!("{r:.3}")),
            s.kind_agreement,
            s.wrong
        );
    }
    std::fs::write(dir.join("scores.tsv"), tsv)?;
    println!(
        "{} renditions; all:                  {}",
        scores.len(),
        summary(&scores.iter().collect::<Vec<_>>())
    );
    for axis in [
        "producer",
        "form",
        "family",
        "document",
        "title_block",
        "date_form",
        "heads",
        "new_marker",
        "columns",
        "justified",
        "furniture",
    ] {
        let mut groups: BTreeMap<&str, Vec<&Score>> = BTreeMap::new();
        for s in &scores {
            groups.entry(s.row[axis].as_str()).or_default().push(s);
        }
        println!("\n{axis:<32} | n   | dated | edition | kind  | mean F1 | min F1 | new recall | kind agree");
        for (value, group) in groups {
            println!("{value:<32} | {}", summary(&group));
        }
    }
    let mut worst: Vec<&Score> = scores.iter().collect();
    worst.sort_by(|a, b| {
        let key = |s: &Score| s.f1 + f64::from(u8::from(s.dated)) + s.new_recall.unwrap_or(1.0);
        key(a).total_cmp(&key(b))
    });
    println!("\nworst 15:");
    for s in worst.iter().take(15) {
        println!(
            "{} ({} {} {} {} {} cols {}): F1 {:.3}; {}",
            s.row["file"],
            s.row["document"],
            s.row["producer"],
            s.row["form"],
            s.row["title_block"],
            s.row["date_form"],
            s.row["columns"],
            s.f1,
            s.wrong
        );
    }
    Ok(())
}

fn summary(group: &[&Score]) -> String {
    let n = group.len();
    let count = |f: &dyn Fn(&Score) -> bool| group.iter().filter(|s| f(s)).count();
    let mean_f1 = group.iter().map(|s| s.f1).sum::<f64>() / n as f64;
    let min_f1 = group.iter().map(|s| s.f1).fold(1.0, f64::min);
    let news: Vec<f64> = group.iter().filter_map(|s| s.new_recall).collect();
    let new = if news.is_empty() {
        "-".to_string()
    } else {
        format!("{:.2}", news.iter().sum::<f64>() / news.len() as f64)
    };
    let agree = group.iter().map(|s| s.kind_agreement).sum::<f64>() / n as f64;
    format!(
        "{n:<3} | {:>5} | {:>7} | {:>5} | {mean_f1:>7.3} | {min_f1:>6.3} | {new:>10} | {agree:>10.3}",
        format!("{}/{n}", count(&|s| s.dated)),
        format!("{}/{n}", count(&|s| s.edition)),
        format!("{}/{n}", count(&|s| s.kind)),
    )
}
