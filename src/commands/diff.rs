//! `rulings diff FROM TO`: what changed between two releases, or in the
//! rulings in force between two dates. Text for people (word diffs colored
//! on a terminal, `[-old-]{+new+}` when plain) or one JSON object.

use colored::Colorize;
use serde::Serialize;

use super::Outcome;
use crate::corpus::Corpus;
use crate::diff::{
    self, Basis, Change, Comparison, EditionDiff, MarkerCheck, Side, WordChange, WordOp,
};
use crate::model::{Edition, Entry};
use crate::output::{self, sanitize, Out};
use crate::render;
use crate::resolve::Status;
use crate::topic::TopicKey;

/// What to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Full,
    Stat,
    Json,
}

impl Form {
    /// `--stat` and `--json` exclude each other (clap sees to it).
    pub fn from_flags(stat: bool, json: bool) -> Form {
        match (stat, json) {
            (_, true) => Form::Json,
            (true, false) => Form::Stat,
            (false, false) => Form::Full,
        }
    }
}

pub fn run(
    corpus: &Corpus,
    from: &str,
    to: &str,
    edition: Option<Edition>,
    form: Form,
) -> anyhow::Result<Outcome> {
    let from = Side::parse(corpus, from)?;
    let to = Side::parse(corpus, to)?;
    let comparison = diff::compare(corpus, from, to, edition)?;
    let mut out = Out::new();
    match form {
        Form::Json => {
            out.json(&json(&comparison))?;
        }
        Form::Full | Form::Stat => {
            for line in text(corpus, &comparison, form == Form::Stat) {
                out.line(&line)?;
            }
        }
    }
    out.flush()?;
    // A diff is an answer whether or not anything differs.
    Ok(Outcome::Found)
}

// ---- JSON --------------------------------------------------------------

#[derive(Serialize)]
struct Json<'a> {
    from: String,
    to: String,
    added: Vec<&'a Entry>,
    removed: Vec<&'a Entry>,
    changed: Vec<JsonChange<'a>>,
    status_changed: Vec<JsonStatusChange<'a>>,
    unchanged: usize,
    markers: Option<JsonMarkers<'a>>,
}

#[derive(Serialize)]
struct JsonChange<'a> {
    key: &'a TopicKey,
    from: &'a Entry,
    to: &'a Entry,
    words: &'a [WordChange],
}

#[derive(Serialize)]
struct JsonStatusChange<'a> {
    key: &'a TopicKey,
    from: &'a Status,
    to: &'a Status,
    entry: &'a Entry,
}

#[derive(Serialize)]
struct JsonMarkers<'a> {
    release: &'a str,
    against: &'a str,
    marks_entries: bool,
    marked: usize,
    indicative: bool,
    note: Option<&'a str>,
    marked_unchanged: &'a [&'a Entry],
    unmarked_changes: &'a [&'a Entry],
}

/// One object for every comparison; with both editions the lists hold both
/// (each entry names its edition).
fn json<'a>(c: &'a Comparison<'a>) -> Json<'a> {
    let parts = &c.parts;
    Json {
        from: c.from.label(),
        to: c.to.label(),
        added: parts.iter().flat_map(|p| p.added.iter().copied()).collect(),
        removed: parts
            .iter()
            .flat_map(|p| p.removed.iter().map(|r| r.entry))
            .collect(),
        changed: parts
            .iter()
            .flat_map(|p| &p.changed)
            .map(|ch| JsonChange {
                key: &ch.key,
                from: ch.from,
                to: ch.to,
                words: &ch.words,
            })
            .collect(),
        status_changed: parts
            .iter()
            .flat_map(|p| &p.status_changed)
            .map(|s| JsonStatusChange {
                key: &s.key,
                from: &s.from,
                to: &s.to,
                entry: s.entry,
            })
            .collect(),
        unchanged: parts.iter().map(|p| p.unchanged.len()).sum(),
        markers: c.markers.as_ref().map(|m| JsonMarkers {
            release: &m.release.id,
            against: &m.against,
            marks_entries: m.marks_entries,
            marked: m.marked,
            indicative: m.indicative.is_some(),
            note: m.indicative.as_deref(),
            marked_unchanged: &m.marked_unchanged,
            unmarked_changes: &m.unmarked_changes,
        }),
    }
}

// ---- Text --------------------------------------------------------------

const INDENT: &str = "    ";

/// A line of our own wrapped to the output width, never split inside a
/// word: release ids and dates have hyphens.
fn wrap(text: &str, indent: &str) -> Vec<String> {
    render::wrap(text, output::width(), indent)
        .lines()
        .map(str::to_owned)
        .collect()
}

fn text(corpus: &Corpus, c: &Comparison, stat: bool) -> Vec<String> {
    let mut lines = header(c);
    for note in &c.notes {
        lines.extend(wrap(&format!("note: {}", sanitize(note)), ""));
    }
    for part in &c.parts {
        lines.push(String::new());
        if c.basis == Basis::InForce {
            lines.push(
                format!(
                    "{} rulings in force on {} → on {}",
                    part.edition,
                    c.from.date(),
                    c.to.date()
                )
                .bold()
                .to_string(),
            );
        }
        lines.push(summary(part));
        edition_text(corpus, part, stat, &mut lines);
    }
    if let Some(markers) = &c.markers {
        lines.push(String::new());
        markers_text(corpus, markers, stat, &mut lines);
    }
    lines
}

fn header(c: &Comparison) -> Vec<String> {
    let side = |label: &str, side: &Side| match side {
        Side::Release(r) => format!(
            "{label} {}: {} ({}, {})",
            sanitize(&r.id).bold(),
            sanitize(&r.title),
            r.edition,
            r.date
        ),
        Side::Date(d) => format!("{label} {}", d.to_string().bold()),
    };
    vec![side("from", &c.from), side("to  ", &c.to)]
}

fn summary(part: &EditionDiff) -> String {
    format!(
        "{} added, {} removed, {} changed, {} status changed, {} unchanged",
        part.added.len(),
        part.removed.len(),
        part.changed.len(),
        part.status_changed.len(),
        part.unchanged.len()
    )
}

fn heading(title: &str, count: usize) -> String {
    format!("{title} ({count})").bold().to_string()
}

fn topic(entry: &Entry) -> String {
    sanitize(&entry.topic).bold().to_string()
}

/// A status worth showing next to a topic: anything but plainly in force.
fn badge(status: Option<&Status>) -> String {
    match status {
        Some(Status::InForce) | None => String::new(),
        Some(s) => format!(" [{}]", render::status_badge(s)),
    }
}

fn edition_text(corpus: &Corpus, part: &EditionDiff, stat: bool, lines: &mut Vec<String>) {
    if !part.added.is_empty() {
        lines.push(String::new());
        lines.push(heading("Added", part.added.len()));
        for entry in &part.added {
            lines.push(format!("  {}", topic(entry)));
            if !stat {
                lines.push(format!("{INDENT}{}", render::citation(corpus, entry)));
            }
        }
    }
    if !part.removed.is_empty() {
        lines.push(String::new());
        lines.push(heading("Removed", part.removed.len()));
        for removal in &part.removed {
            lines.push(format!("  {}", topic(removal.entry)));
            if !stat {
                lines.push(format!(
                    "{INDENT}{}",
                    render::citation(corpus, removal.entry)
                ));
                if let Some(now) = &removal.now {
                    lines.push(format!("{INDENT}{}", sanitize(&now.describe(corpus))));
                }
            }
        }
    }
    if !part.changed.is_empty() {
        lines.push(String::new());
        lines.push(heading("Changed", part.changed.len()));
        for (i, change) in part.changed.iter().enumerate() {
            if i > 0 && !stat {
                lines.push(String::new());
            }
            changed_text(corpus, change, stat, lines);
        }
    }
    if !part.status_changed.is_empty() {
        lines.push(String::new());
        lines.push(heading("Status changed", part.status_changed.len()));
        let mut explained: Vec<String> = Vec::new();
        for change in &part.status_changed {
            lines.push(format!(
                "  {}: {} → {}",
                topic(change.entry),
                render::status_badge(&change.from),
                render::status_badge(&change.to)
            ));
            if !stat {
                lines.push(format!(
                    "{INDENT}{}",
                    render::citation(corpus, change.entry)
                ));
            }
            let why = sanitize(&change.to.describe(corpus));
            if !explained.contains(&why) {
                explained.push(why);
            }
        }
        if !stat {
            for why in explained {
                lines.extend(wrap(&format!("note: {why}"), "  "));
            }
        }
    }
}

fn changed_text(corpus: &Corpus, change: &Change, stat: bool, lines: &mut Vec<String>) {
    let mut name = topic(change.to);
    if change.from.topic != change.to.topic {
        name.push_str(&format!(
            " (printed before as: {})",
            sanitize(&change.from.topic)
        ));
    }
    lines.push(format!("  {name}"));
    if stat {
        return;
    }
    lines.push(format!(
        "{INDENT}from: {}{}",
        render::citation(corpus, change.from),
        badge(change.from_status.as_ref())
    ));
    lines.push(format!(
        "{INDENT}to:   {}{}",
        render::citation(corpus, change.to),
        badge(change.to_status.as_ref())
    ));
    lines.push(String::new());
    // The words are plain text, already stripped of control characters.
    let words = word_diff_text(&change.words, output::colored_output());
    lines.extend(
        render::wrap(&words, output::width(), INDENT)
            .lines()
            .map(str::to_string),
    );
}

/// A word diff for people: deleted words red and inserted words green on a
/// terminal; `[-deleted-]{+inserted+}` (as `git diff --word-diff`) when
/// plain. Whitespace after a changed run stays outside its brackets.
pub fn word_diff_text(changes: &[WordChange], colored: bool) -> String {
    let mut out = String::new();
    for (i, change) in changes.iter().enumerate() {
        if change.op == WordOp::Equal {
            out.push_str(&change.text);
            continue;
        }
        let words = change.text.trim_end();
        let gap = &change.text[words.len()..];
        let marked = match (change.op, colored) {
            (WordOp::Delete, true) => words.red().to_string(),
            (WordOp::Insert, true) => words.green().to_string(),
            (WordOp::Delete, false) => format!("[-{words}-]"),
            (_, _) => format!("{{+{words}+}}"),
        };
        out.push_str(&marked);
        // Between a deletion and the insertion that replaces it, no gap.
        let next_is_change = changes.get(i + 1).is_some_and(|n| n.op != WordOp::Equal);
        if !next_is_change {
            out.push_str(gap);
        }
    }
    out
}

fn markers_text(corpus: &Corpus, m: &MarkerCheck, stat: bool, lines: &mut Vec<String>) {
    let release = sanitize(&m.release.id);
    lines.push(
        format!(
            "Markers of {release} checked against {}",
            sanitize(&m.against)
        )
        .bold()
        .to_string(),
    );
    if !m.marks_entries {
        lines.push(format!(
            "  {release} marks no entry as new or changed: nothing to check"
        ));
        return;
    }
    match &m.indicative {
        Some(why) => lines.extend(wrap(&format!("only indicative: {}", sanitize(why)), "  ")),
        None => lines.push(format!(
            "  {} is the {} {} release just before {release} in this corpus",
            sanitize(&m.against),
            m.release.edition,
            m.release.kind.label()
        )),
    }
    lines.push(format!(
        "  {} marked new or changed, {} marked but unchanged, {} added or changed without a marker",
        m.marked,
        m.marked_unchanged.len(),
        m.unmarked_changes.len()
    ));
    if !m.marked_unchanged.is_empty() {
        lines.push(format!(
            "  {}",
            heading("Marked, but unchanged", m.marked_unchanged.len())
        ));
        for entry in &m.marked_unchanged {
            lines.push(format!("    {}", topic(entry)));
            if !stat {
                lines.push(format!("      {}", render::citation(corpus, entry)));
            }
        }
    }
    // Listed with their citations above, under Added and Changed.
    if !m.unmarked_changes.is_empty() {
        lines.push(format!(
            "  {}",
            heading("Added or changed, but not marked", m.unmarked_changes.len())
        ));
        for entry in &m.unmarked_changes {
            lines.push(format!("    {}", topic(entry)));
        }
    }
}
