//! What the last `rulings update` changed, in words a TD reads before an
//! event: each document by its name, new or changed (against which
//! version), then the topics it adds, drops and changes, each changed one
//! with its first change's words.

use super::diff::wrap;
use super::Style;
use crate::safe::sanitize;
use crate::update::changes::{Noted, Reworded, RunRecord};
use crate::update::Status;

/// How far a changed topic stands in from its document.
const INDENT: &str = "    ";

/// The last run's changes, or, with none recorded, what to do.
pub fn text(style: &Style, folder: &str, run: Option<&RunRecord>) -> Vec<String> {
    let Some(run) = run else {
        return vec![
            format!("No update has changed anything in {folder} yet."),
            "Run `rulings update` to fetch the documents in force; `rulings changes` then says what each update changed.".to_string(),
        ];
    };
    let mut lines = vec![style.bold(&format!(
        "What `rulings update` changed on {} in {folder}",
        run.on
    ))];
    for document in &run.documents {
        lines.push(String::new());
        lines.extend(document_text(style, document));
    }
    let mut closing = Vec::new();
    if run.unchanged > 0 {
        closing.push(format!(
            "{} other {} as before.",
            run.unchanged,
            if run.unchanged == 1 {
                "document was"
            } else {
                "documents were"
            }
        ));
    }
    for failed in &run.failed {
        closing.push(format!(
            "Not fetched: {}: {}",
            sanitize(&failed.url),
            sanitize(&failed.reason)
        ));
    }
    if !closing.is_empty() {
        lines.push(String::new());
        for line in closing {
            lines.extend(wrap(style, &line, ""));
        }
    }
    lines
}

/// One document: its name and what became of it, then its topics.
fn document_text(style: &Style, d: &Noted) -> Vec<String> {
    let mut head = sanitize(&d.name);
    if let Some(edition) = d.edition.filter(|e| !d.name.starts_with(e.label())) {
        head.push_str(&format!(" ({})", edition.label()));
    }
    let what = match (d.status, &d.previous) {
        (Status::Changed, Some(previous)) => format!(
            "changed, against {}",
            sanitize(previous.name.as_deref().unwrap_or(&previous.file))
        ),
        (Status::Changed, None) => "changed".to_string(),
        _ => match d.entries {
            Some(n) => format!("new, {n} {}", if n == 1 { "entry" } else { "entries" }),
            None => "new".to_string(),
        },
    };
    let mut lines = vec![format!("{} — {what}", style.bold(&head))];
    lines.push(style.dimmed(&format!("  kept as {}", sanitize(&d.file))));
    if d.status == Status::Changed {
        if d.added.is_empty() && d.removed.is_empty() && d.changed.is_empty() {
            lines.push("  the same rulings, set anew".to_string());
        }
        for (label, topics) in [("added", &d.added), ("removed", &d.removed)] {
            if !topics.is_empty() {
                let named: Vec<String> = topics.iter().map(|t| sanitize(t)).collect();
                let line = format!("  {} {label}: {}", count(topics.len()), named.join(", "));
                lines.extend(wrap(style, &line, ""));
            }
        }
        if !d.changed.is_empty() {
            lines.push(format!("  {} changed:", count(d.changed.len())));
            for topic in &d.changed {
                let line = format!("{INDENT}{}: {}", sanitize(&topic.topic), how(topic));
                lines.extend(wrap(style, &line, ""));
            }
        }
    }
    lines
}

fn count(n: usize) -> String {
    format!("{n} {}", if n == 1 { "topic" } else { "topics" })
}

/// A changed topic's first change, and how many more it holds.
fn how(r: &Reworded) -> String {
    let (out, put) = (sanitize(&r.taken_out), sanitize(&r.put_in));
    let mut said = match (out.is_empty(), put.is_empty()) {
        (false, true) => format!("took out “{out}”"),
        (true, false) => format!("put in “{put}”"),
        (false, false) => format!("“{out}” became “{put}”"),
        (true, true) => "reworded".to_string(),
    };
    match r.more {
        0 => {}
        1 => said.push_str(", and 1 more change"),
        n => said.push_str(&format!(", and {n} more changes")),
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::update::changes::NotKept;
    use crate::update::Previous;
    use chrono::NaiveDate;

    #[test]
    fn a_run_reads_as_its_documents_and_their_topics() {
        let run = RunRecord {
            on: NaiveDate::from_ymd_opt(2024, 10, 7).unwrap(),
            documents: vec![Noted {
                name: "Glossary 1.9.9".into(),
                status: Status::Changed,
                url: "http://x/g.pdf".into(),
                file: "1e-glossary-1.9.9-2024-10-07.pdf".into(),
                edition: Some(crate::model::Edition::First),
                kind: Some(crate::model::ReleaseKind::Glossary),
                date: NaiveDate::from_ymd_opt(2024, 10, 7),
                entries: Some(3),
                previous: Some(Previous {
                    file: "1e-glossary-1.9.8-2024-09-02.pdf".into(),
                    name: Some("Glossary 1.9.8".into()),
                }),
                added: vec!["tribbles".into()],
                removed: vec![],
                changed: vec![Reworded {
                    topic: "points".into(),
                    taken_out: "may".into(),
                    put_in: "must".into(),
                    more: 2,
                }],
            }],
            unchanged: 1,
            failed: vec![NotKept {
                url: "http://x/rrd".into(),
                reason: "404".into(),
            }],
        };
        let lines = text(&Style::plain(), "/data", Some(&run));
        assert_eq!(
            lines,
            [
                "What `rulings update` changed on 2024-10-07 in /data",
                "",
                "Glossary 1.9.9 (1E) — changed, against Glossary 1.9.8",
                "  kept as 1e-glossary-1.9.9-2024-10-07.pdf",
                "  1 topic added: tribbles",
                "  1 topic changed:",
                "    points: “may” became “must”, and 2 more changes",
                "",
                "1 other document was as before.",
                "Not fetched: http://x/rrd: 404",
            ]
        );
        let none = text(&Style::plain(), "/data", None);
        assert!(none[0].contains("No update"), "{none:?}");
    }
}
