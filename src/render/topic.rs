//! A topic in words: the ruling in force with its citation and status,
//! what still stands beside it, the base entry with the amendments applied
//! (and those refused, and why), the history and the references followed.

use chrono::NaiveDate;

use super::names::{cited, in_other_editions, mentioned_text, search_hint, unknown_name};
use super::notes::{self, failure_text};
use super::{describe, describe_short, status_badge, wrap, Lines, Style};
use crate::amend::{Ordinal, Target};
use crate::answer::show::Shown;
use crate::answer::topic::{ShowAnswer, TopicAnswer};
use crate::answer::{Candidate, Note};
use crate::catalog::{Amended, Reference, Stored};
use crate::index::timeline::Period;
use crate::markdown::plain_text;
use crate::model::EntryKind;
use crate::safe::sanitize;
use crate::status::Status;

/// Where a reference not in the corpus lives, as JSON and text say it.
pub fn home_text(reference: &Reference) -> Option<String> {
    reference
        .home
        .map(|home| format!("not in these documents; {}", home.name()))
}

/// A topic's answer for people.
pub fn topic_text(
    style: &Style,
    typed: &str,
    a: &TopicAnswer,
    as_of: NaiveDate,
    today: NaiveDate,
    history: bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    let (stored, period) = (&a.newest.0, &a.newest.1);
    let entry = &stored.entry;
    let status = &period.status;
    let w = style.width;
    if !a.exact {
        lines.push(format!(
            "{} no topic `{}`; showing the closest, `{}`",
            style.caution_bold("note:"),
            sanitize(typed),
            entry.key
        ));
    }
    lines.push(format!(
        "{}  {}  {}",
        style.heading(&sanitize(&entry.topic)),
        style.edition(a.edition.label()),
        status_badge(style, status)
    ));
    // The answer first: one line of since when and on whose authority,
    // then the text in force; what the tool knows of the entry after it.
    let said = wrap(&said(a), w, "");
    lines.push(if matches!(status, Status::InForce) {
        style.good_bold(&said)
    } else {
        style.caution(&said)
    });
    for s in &a.undated {
        lines.push(style.caution(&wrap(
            &format!(
                "also in an undated document: {}",
                super::cited(style, &s.citation, &s.entry)
            ),
            w,
            "",
        )));
    }
    lines.push(String::new());
    let folded: Vec<String> = match &a.amended {
        Some(amended) => {
            lines.extend(amended_text(style, amended));
            std::iter::once(amended.base.entry.id())
                .chain(amended.steps.iter().map(|s| s.by.entry.id()))
                .collect()
        }
        None => {
            lines.push(wrap(&plain_text(&entry.text), w, "  "));
            Vec::new()
        }
    };
    let mut facts = vec![super::kind_words(entry)];
    if let Some(effect) = entry.effect {
        facts.push(effect.label().to_string());
    }
    if entry.new {
        facts.push("marked new or changed".to_string());
    }
    if as_of != today {
        facts.push(format!("as of {as_of}"));
    }
    lines.push(String::new());
    lines.push(style.dimmed(&format!(
        "{} {} · {}",
        "from",
        super::cited(style, &stored.citation, &stored.entry),
        facts.join(" · ")
    )));
    let standing: Vec<&(Stored, Period)> = a
        .standing
        .iter()
        .filter(|(s, _)| !folded.contains(&s.entry.id()))
        .collect();

    if !standing.is_empty() {
        lines.push(String::new());
        lines.push(style.bold("Also standing (amended, not replaced), newest first"));
        for (s, p) in standing {
            let status = &p.status;
            lines.push(format!(
                "  {} {}  {}",
                s.entry.date_label(),
                status_badge(style, status),
                super::cited(style, &s.citation, &s.entry)
            ));
            if !matches!(status, Status::InForce) {
                lines.push(style.caution(&wrap(&describe_short(p), w, "  ")));
            }
            lines.push(wrap(&plain_text(&s.entry.text), w, "    "));
        }
    }

    if !a.references.is_empty() {
        lines.push(String::new());
        let heading = if entry.kind == EntryKind::Redirect {
            "Points to"
        } else {
            "See"
        };
        lines.push(style.bold(heading));
        for r in &a.references {
            lines.extend(reference_text(style, r));
        }
    }

    if history {
        lines.push(String::new());
        let standing: Vec<String> = a.standing.iter().map(|(s, _)| s.entry.id()).collect();
        let history: Vec<&(Stored, Period)> = a
            .history
            .iter()
            .filter(|(s, _)| !standing.contains(&s.entry.id()))
            .collect();
        if history.is_empty() && a.standing.is_empty() {
            lines.push(style.bold("History: no earlier ruling in these documents"));
        } else if history.is_empty() {
            lines.push(style.bold("History: no earlier ruling was replaced"));
        } else {
            lines.push(style.bold("History (newest first)"));
            for (s, p) in history {
                lines.push(format!(
                    "  {} {}  {}",
                    s.entry.date_label(),
                    status_badge(style, &p.status),
                    super::cited(style, &s.citation, &s.entry)
                ));
                lines.push(style.dimmed(&format!("  {}", describe(p))));
                lines.push(wrap(&plain_text(&s.entry.text), w, "    "));
            }
        }
    }
    lines
}

/// A topic's status as a TD reads it aloud, the answer's first words:
/// "in force since RRD 2022-11-07" (on the authority of the last change
/// applied to an amended base), or what else holds ("not repeated by …:
/// still stands", "rescinded: …").
pub fn said(a: &TopicAnswer) -> String {
    let (stored, period) = (&a.newest.0, &a.newest.1);
    match &period.status {
        Status::Rescinded { by, .. } if *by == stored.entry.id() => {
            "rescinded: this entry deletes the topic, and nothing in these documents takes its place"
                .to_string()
        }
        Status::InForce => {
            let authority = match &a.amended {
                Some(amended) => amended
                    .steps
                    .iter()
                    .rev()
                    .find(|s| s.step.failure.is_none())
                    .map_or(&amended.base, |s| &s.by),
                None => stored,
            };
            super::in_force_since(
                &authority.entry,
                crate::cite::document_part(&authority.citation),
            )
        }
        _ => describe_short(period),
    }
}

/// Where an instruction acts, for people ("paragraph 3").
pub fn target_text(target: &Target) -> String {
    let ord = |o: &Ordinal| match o {
        Ordinal::Nth(n) => n.to_string(),
        Ordinal::Last => "last".to_string(),
        Ordinal::FromLast(n) => format!("{n} from last"),
    };
    match target {
        Target::Entry => "whole entry".to_string(),
        Target::Paragraphs { paragraphs } => format!(
            "paragraph {}",
            paragraphs.iter().map(ord).collect::<Vec<_>>().join(" and ")
        ),
        Target::Sentence {
            sentence,
            paragraph,
        } => format!("sentence {} of paragraph {}", ord(sentence), ord(paragraph)),
        Target::Bullet { bullet } => format!("bullet point {}", ord(bullet)),
        Target::Subsection { name, paragraph } => {
            format!("paragraph {} of “{name}”", ord(paragraph))
        }
        Target::BeforeNamed { name } => format!("before “{name}”"),
        Target::AfterParagraph { paragraph } => format!("after paragraph {}", ord(paragraph)),
        Target::NewBullet {
            section: Some(name),
        } => format!("new bullet point under “{name}”"),
        Target::NewBullet { section: None } => "new bullet point".to_string(),
        Target::End => "end of the entry".to_string(),
        Target::Words { paragraph } => format!("words of paragraph {}", ord(paragraph)),
        Target::Unclear | Target::Unread => "unclear".to_string(),
    }
}

/// The text in force with its changed words marked, then each change with
/// its citation; an instruction that could not be applied shows the base
/// text and the amendment side by side.
pub fn amended_text(style: &Style, a: &Amended) -> Vec<String> {
    let w = style.width;
    let applied = a.steps.iter().filter(|s| s.step.failure.is_none()).count();
    let mut lines = vec![style.bold(&format!(
        "Text in force: {} with {applied} of {} change(s) applied",
        super::cited(style, &a.base.citation, &a.base.entry),
        a.steps.len()
    ))];
    let changes = crate::diff::word_diff(&a.base.entry.text, &a.text);
    lines.push(wrap(&super::diff::word_diff_text(style, &changes), w, "  "));
    lines.push(String::new());
    lines.push(style.bold("Changes, oldest first"));
    // The base text and a ruling side by side once per ruling.
    let mut beside: Vec<String> = Vec::new();
    for s in &a.steps {
        let what = if s.step.instruction.statement.is_empty() {
            "restates the entry".to_string()
        } else {
            s.step.instruction.statement.clone()
        };
        lines.push(format!(
            "  {}  {}  ({})",
            s.by.entry.date_label(),
            super::cited(style, &s.by.citation, &s.by.entry),
            target_text(&s.step.instruction.target)
        ));
        lines.push(wrap(&sanitize(&what), w, "    "));
        match &s.step.failure {
            None => {
                if !s.step.removed.is_empty() {
                    lines.push(wrap(
                        &format!("removed: “{}”", sanitize(&plain_text(&s.step.removed))),
                        w,
                        "    ",
                    ));
                }
                if !s.step.added.is_empty() && s.step.instruction.target != Target::Entry {
                    lines.push(wrap(
                        &format!("added: “{}”", sanitize(&plain_text(&s.step.added))),
                        w,
                        "    ",
                    ));
                }
            }
            Some(failure) => {
                let id = s.by.entry.id();
                if beside.contains(&id) {
                    lines.push(style.caution(&wrap(
                        &format!(
                            "not applied: {}; the amendment is given above",
                            failure_text(Some(failure))
                        ),
                        w,
                        "    ",
                    )));
                    continue;
                }
                beside.push(id);
                lines.push(style.caution(&wrap(
                    &format!(
                        "not applied: {}. The base text and the amendment, side by side:",
                        failure_text(Some(failure))
                    ),
                    w,
                    "    ",
                )));
                lines.push(style.dimmed(&format!(
                    "    base text ({})",
                    super::cited(style, &a.base.citation, &a.base.entry)
                )));
                lines.push(wrap(&plain_text(&a.base.entry.text), w, "      "));
                lines.push(style.dimmed(&format!(
                    "    amendment ({})",
                    super::cited(style, &s.by.citation, &s.by.entry)
                )));
                lines.push(wrap(&plain_text(&s.by.entry.text), w, "      "));
            }
        }
    }
    lines
}

pub fn reference_text(style: &Style, r: &Reference) -> Vec<String> {
    match (&r.target, home_text(r)) {
        (Some((s, p)), _) => vec![
            format!(
                "  {}  {}  {}",
                style.bold(&sanitize(&r.topic)),
                status_badge(style, &p.status),
                super::cited(style, &s.citation, &s.entry)
            ),
            wrap(&plain_text(&s.entry.text), style.width, "    "),
        ],
        (None, Some(home)) => vec![format!("  {} — {}", style.bold(&sanitize(&r.topic)), home)],
        (None, None) => Vec::new(),
    }
}

/// `show` for people: on stdout each topic found (`history`: with the
/// earlier rulings it replaced); on stderr the notes on how the name was
/// read, and what the name is when no topic was found.
pub fn shown_text(style: &Style, shown: &Shown, today: NaiveDate, history: bool) -> Lines {
    let mut lines = Lines {
        notes: shown
            .notes
            .iter()
            .filter(|n| {
                matches!(
                    n,
                    Note::NameEdition { .. } | Note::IsCard { .. } | Note::NoCardDatabase
                )
            })
            .map(|n| notes::said(n, shown.as_of, shown.is_found()).line())
            .collect(),
        ..Lines::default()
    };
    if let ShowAnswer::Found(found) = &shown.answer {
        for (i, a) in found.iter().enumerate() {
            if i > 0 {
                lines.out.push(String::new());
            }
            lines.out.extend(topic_text(
                style,
                &shown.typed,
                a,
                shown.as_of,
                today,
                history,
            ));
        }
    } else {
        lines.err = not_found_text(shown);
    }
    lines
}

/// What `show` says on stderr when no topic by the name is in force.
fn not_found_text(shown: &Shown) -> Vec<String> {
    let (typed, as_of) = (shown.typed.as_str(), shown.as_of);
    let editions_text: Vec<&str> = shown.editions.iter().map(|e| e.label()).collect();
    let editions_text = editions_text.join(", ");
    let mut lines = Vec::new();
    match &shown.answer {
        ShowAnswer::Found(_) => {}
        ShowAnswer::Mentioned(m) => {
            let lead = format!("{} is not a topic ({editions_text})", sanitize(&m.name));
            lines.extend(mentioned_text(typed, "topic", &lead, m, as_of));
        }
        ShowAnswer::NotYet { later } => {
            lines.push(format!(
                "nothing in force on `{}` as of {as_of} ({editions_text})",
                sanitize(typed)
            ));
            let later = cited(later.iter());
            if !later.is_empty() {
                lines.push(format!(
                    "first ruled later: {}",
                    sanitize(&later.join("; "))
                ));
            }
        }
        ShowAnswer::Several(candidates) => lines.push(format!(
            "several topics fit `{}` ({editions_text}); which one? {}",
            sanitize(typed),
            sanitize(&Candidate::list(candidates).join(", "))
        )),
        ShowAnswer::Unknown(_) if !shown.elsewhere.is_empty() => {
            lines.push(in_other_editions(
                typed,
                "topic or card",
                &shown.editions,
                &shown.elsewhere,
            ));
        }
        ShowAnswer::Unknown(nearest) => {
            lines.push(unknown_name(
                typed,
                "topic or card",
                &format!(" ({editions_text})"),
                &shown.used_in,
            ));
            if !nearest.is_empty() {
                lines.push(format!(
                    "did you mean: {}",
                    sanitize(&Candidate::list(nearest).join(", "))
                ));
            }
            lines.push(search_hint(typed));
        }
    }
    lines
}
