//! A comparison in words: what each edition added, removed and changed,
//! with word differences in changed text (coloured on a terminal,
//! `[-old-]{+new+}` when plain), status changes, and the new-entry markers
//! checked.

use super::{describe, Style};
use crate::catalog::Stored;
use crate::diff::{
    Basis, Beside, Change, Comparison, DiffNote, EditionDiff, Indicative, MarkerCheck, Side,
    WordChange, WordOp,
};
use crate::safe::sanitize;
use crate::status::Status;

/// How far a citation or a text stands in from its topic.
const INDENT: &str = "    ";

/// A line of our own wrapped to the output width, never split inside a
/// word: release ids and dates have hyphens.
pub fn wrap(style: &Style, text: &str, indent: &str) -> Vec<String> {
    super::wrap(text, style.width, indent)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A note about a comparison, in words.
pub fn note_text(note: &DiffNote) -> String {
    match note {
        DiffNote::KindsDiffer {
            from,
            from_kind,
            from_date,
            to,
            to_kind,
            to_date,
        } => {
            let compared = if *from_date == crate::model::UNDATED
                || *to_date == crate::model::UNDATED
            {
                "An undated release is in force on no date, so only the printed entries are compared.".to_string()
            } else {
                format!("Comparing the dates ({from_date} and {to_date}) compares the rulings in force.")
            };
            format!(
                "`{from}` is a {} release and `{to}` a {} release: what one does not print, the other may never have meant to carry. {compared}",
                from_kind.label(),
                to_kind.label(),
            )
        }
        DiffNote::Gathers { release, since } => format!(
            "`{release}` gathers the rulings issued since the {since}: a topic it does not repeat may have been folded into that document rather than reversed."
        ),
        DiffNote::StandsFor {
            release,
            edition,
            date,
        } => format!("`{release}` stands for the {edition} rulings in force on its date, {date}."),
        DiffNote::UndatedLeftOut { releases } => format!(
            "{} undated: in force on no date, so in neither side.",
            releases
                .iter()
                .map(|r| format!("`{r}`"))
                .collect::<Vec<_>>()
                .join(", ")
                + if releases.len() == 1 { " is" } else { " are" }
        ),
    }
}

/// Why a marker check is only indicative, in words.
pub fn indicative_text(why: &Indicative) -> String {
    match why {
        Indicative::AgainstDate { release, date } => format!(
            "`{release}` was compared with the rulings in force on {date}, not with the release before it"
        ),
        Indicative::NotPredecessor {
            from,
            edition,
            kind,
            release,
        } => format!(
            "`{from}` is not the {edition} {} release just before `{release}` in this corpus",
            kind.label()
        ),
        Indicative::MarkedSince {
            release,
            since,
            from,
            from_date,
        } => format!(
            "`{release}` marks what changed since its previous release of {since}, and `{from}` is of {from_date}"
        ),
    }
}

/// A comparison for people.
pub fn text(style: &Style, c: &Comparison, stat: bool) -> Vec<String> {
    let mut lines = header(style, c);
    for note in &c.notes {
        lines.extend(wrap(
            style,
            &format!("note: {}", sanitize(&note_text(note))),
            "",
        ));
    }
    for part in &c.parts {
        lines.push(String::new());
        if c.basis == Basis::InForce {
            lines.push(style.bold(&format!(
                "{} rulings in force on {} → on {}",
                part.edition,
                c.from.date(),
                c.to.date()
            )));
        }
        lines.push(summary(part));
        edition_text(style, part, stat, &mut lines);
    }
    if let Some(markers) = &c.markers {
        lines.push(String::new());
        markers_text(style, markers, stat, &mut lines);
    }
    lines
}

pub fn header(style: &Style, c: &Comparison) -> Vec<String> {
    let side = |label: &str, side: &Side| match side {
        Side::Release(r) => format!(
            "{label} {}: {} ({}, {})",
            style.bold(&sanitize(&r.id)),
            sanitize(&r.title),
            r.edition,
            if r.is_undated() {
                "undated".to_string()
            } else {
                r.date.to_string()
            }
        ),
        Side::Date(d) => format!("{label} {}", style.bold(&d.to_string())),
    };
    vec![side("from", &c.from), side("to  ", &c.to)]
}

pub fn summary(part: &EditionDiff) -> String {
    format!(
        "{} added, {} removed, {} changed, {} status changed, {} unchanged",
        part.added.len(),
        part.removed.len(),
        part.changed.len(),
        part.status_changed.len(),
        part.unchanged.len()
    )
}

pub fn heading(style: &Style, title: &str, count: usize) -> String {
    style.bold(&format!("{title} ({count})"))
}

pub fn topic(style: &Style, stored: &Stored) -> String {
    style.bold(&sanitize(&stored.entry.topic))
}

/// A status worth showing next to a topic: anything but plainly in force.
pub fn badge(style: &Style, status: Option<&Status>) -> String {
    match status {
        Some(Status::InForce) | None => String::new(),
        Some(s) => format!(" [{}]", super::status_badge(style, s)),
    }
}

pub fn edition_text(style: &Style, part: &EditionDiff, stat: bool, lines: &mut Vec<String>) {
    if !part.added.is_empty() {
        lines.push(String::new());
        lines.push(heading(style, "Added", part.added.len()));
        for stored in &part.added {
            lines.push(format!("  {}", topic(style, stored)));
            if !stat {
                lines.push(format!(
                    "{INDENT}{}",
                    super::cited(style, &stored.citation, &stored.entry)
                ));
            }
        }
    }
    if !part.removed.is_empty() {
        lines.push(String::new());
        lines.push(heading(style, "Removed", part.removed.len()));
        for removal in &part.removed {
            lines.push(format!("  {}", topic(style, &removal.entry)));
            if !stat {
                lines.push(format!("{INDENT}{}", removal.entry.citation));
                if let Some(now) = &removal.now {
                    lines.push(format!("{INDENT}{}", describe(now)));
                }
            }
        }
    }
    if !part.changed.is_empty() {
        lines.push(String::new());
        lines.push(heading(style, "Changed", part.changed.len()));
        for (i, change) in part.changed.iter().enumerate() {
            if i > 0 && !stat {
                lines.push(String::new());
            }
            changed_text(style, change, stat, lines);
        }
    }
    if !part.status_changed.is_empty() {
        lines.push(String::new());
        lines.push(heading(style, "Status changed", part.status_changed.len()));
        let mut explained: Vec<String> = Vec::new();
        for change in &part.status_changed {
            let badge = |p: &crate::index::timeline::Period| super::status_badge(style, &p.status);
            lines.push(format!(
                "  {}: {} → {}",
                topic(style, &change.entry),
                badge(&change.from),
                badge(&change.to)
            ));
            if !stat {
                lines.push(format!("{INDENT}{}", change.entry.citation));
            }
            let why = describe(&change.to);
            if !explained.contains(&why) {
                explained.push(why);
            }
        }
        if !stat {
            for why in explained {
                lines.extend(wrap(style, &format!("note: {why}"), "  "));
            }
        }
    }
}

pub fn changed_text(style: &Style, change: &Change, stat: bool, lines: &mut Vec<String>) {
    let mut name = topic(style, &change.to);
    if change.from.entry.topic != change.to.entry.topic {
        name.push_str(&format!(
            " (printed before as: {})",
            sanitize(&change.from.entry.topic)
        ));
    }
    lines.push(format!("  {name}"));
    if stat {
        return;
    }
    lines.push(format!(
        "{INDENT}from: {}{}",
        change.from.citation,
        badge(style, change.from_status.as_ref())
    ));
    lines.push(format!(
        "{INDENT}to:   {}{}",
        change.to.citation,
        badge(style, change.to_status.as_ref())
    ));
    beside_text(style, "before", &change.from_beside, lines);
    beside_text(style, "now", &change.to_beside, lines);
    lines.push(String::new());
    // The words are plain text, already stripped of control characters.
    let words = word_diff_text(style, &change.words);
    lines.extend(
        super::wrap(&words, style.width, INDENT)
            .lines()
            .map(str::to_string),
    );
}

/// The rulings that stand beside a change's cited one on one side, newest
/// first: the word diff below compares all of them.
pub fn beside_text(style: &Style, side: &str, beside: &[Beside], lines: &mut Vec<String>) {
    for b in beside.iter().rev() {
        lines.push(format!(
            "{INDENT}{side} also: {}{}",
            b.entry.citation,
            badge(style, b.status.as_ref())
        ));
    }
}

/// A word diff for people: deleted words red and inserted words green in
/// color; `[-deleted-]{+inserted+}` (as `git diff --word-diff`) when plain.
/// Whitespace after a changed run stays outside its brackets.
pub fn word_diff_text(style: &Style, changes: &[WordChange]) -> String {
    let mut out = String::new();
    for (i, change) in changes.iter().enumerate() {
        if change.op == WordOp::Equal {
            out.push_str(&change.text);
            continue;
        }
        let words = change.text.trim_end();
        let gap = &change.text[words.len()..];
        let marked = match (change.op, style.color) {
            (WordOp::Delete, true) => style.deleted(words),
            (WordOp::Insert, true) => style.inserted(words),
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

pub fn markers_text(style: &Style, m: &MarkerCheck, stat: bool, lines: &mut Vec<String>) {
    let release = sanitize(&m.release.id);
    lines.push(style.bold(&format!(
        "Markers of {release} checked against {}",
        sanitize(&m.against)
    )));
    if !m.marks_entries {
        lines.push(format!(
            "  {release} marks no entry as new or changed: nothing to check"
        ));
        return;
    }
    match &m.indicative {
        Some(why) => lines.extend(wrap(
            style,
            &format!("only indicative: {}", sanitize(&indicative_text(why))),
            "  ",
        )),
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
            heading(style, "Marked, but unchanged", m.marked_unchanged.len())
        ));
        for stored in &m.marked_unchanged {
            lines.push(format!("    {}", topic(style, stored)));
            if !stat {
                lines.push(format!(
                    "      {}",
                    super::cited(style, &stored.citation, &stored.entry)
                ));
            }
        }
    }
    // Listed with their citations above, under Added and Changed.
    if !m.unmarked_changes.is_empty() {
        lines.push(format!(
            "  {}",
            heading(
                style,
                "Added or changed, but not marked",
                m.unmarked_changes.len()
            )
        ));
        for stored in &m.unmarked_changes {
            lines.push(format!("    {}", topic(style, stored)));
        }
    }
}
