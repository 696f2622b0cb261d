//! `rulings check`'s answer worded for a person: each document's date and
//! kind with the cue that made them, its entries with their lines, the
//! front matter and furniture set aside, and the warnings in English with
//! the front-matter line that would settle each, where one would.

use std::io::Write;

use crate::answer::check::{Checked, DateSeen, DocumentChecked, FrontLines};
use crate::convert;
use crate::parse::about::{DatePlace, Source};
use crate::parse::evidence::Evidence;
use crate::parse::heads::Rejection;
use crate::parse::warnings::Warning;
use crate::safe::{escape_name, sanitize};

/// The date taken and where it was found: a month-only date is a month.
fn date_shown(d: &DocumentChecked) -> String {
    match d.dates.iter().find(|c| c.taken) {
        Some(c) if c.month_only => format!(
            "{} ({}; the day not given)",
            month_name(&c.date),
            source(&d.date.found)
        ),
        None if d.date.value == "undated" => "none found (undated)".to_string(),
        _ => format!("{} ({})", d.date.value, source(&d.date.found)),
    }
}

/// "2013-05-01" → "May 2013".
fn month_name(iso: &str) -> String {
    chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d")
        .map(|d| d.format("%B %Y").to_string())
        .unwrap_or_else(|_| iso.to_string())
}

fn date_seen(c: &DateSeen) -> String {
    let date = if c.month_only {
        month_name(&c.date)
    } else {
        c.date.clone()
    };
    let place = match c.place {
        DatePlace::FrontMatter => "front matter",
        DatePlace::Byline => "byline",
        DatePlace::TitleBlock => "title block",
        DatePlace::VersionLine => "version line",
        DatePlace::RunningHeader => "running header or footer",
        DatePlace::DatingLine => "dating line",
        DatePlace::ChangeLog => "newest change-log entry",
        DatePlace::FirstPage => "first page",
        DatePlace::EntryDates => "newest entry date",
        DatePlace::FileName => "file name",
    };
    let at = c.line.map(|l| format!(", line {l}")).unwrap_or_default();
    let verdict = if c.taken {
        " taken"
    } else if c.cited {
        " cites another document, not taken"
    } else {
        ""
    };
    format!("{date} ({place}{at}){verdict}")
}

fn source(found: &Source) -> String {
    match found {
        Source::FrontMatter => "front matter".into(),
        Source::Line { line } => format!("line {line}"),
        Source::FileName => "file name".into(),
        Source::EntryDates { line } => format!("newest entry date, line {line}"),
        Source::BeforeSecondEdition => "its dates fall before Second Edition existed".into(),
        Source::DocumentKind => "what the document is: only First Edition has one".into(),
        Source::BothGames => {
            "both editions': the Organized Play Guide runs the events of both games".into()
        }
        Source::NumberedSections => {
            "a Rulebook numbered as First Edition's (1.1, 7.4.2): Second Edition's numbers none".into()
        }
        Source::Unknown => {
            "unknown: read as both editions'; add `edition = \"1E\"` (or \"2E\") in a `+++` block at the top".into()
        }
        Source::Default => "default".into(),
    }
}

fn ranges(front: &[FrontLines]) -> String {
    front
        .iter()
        .map(|p| {
            if p.line == p.end_line {
                p.line.to_string()
            } else {
                format!("{}-{}", p.line, p.end_line)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The check as text.
pub fn write_plain(report: &Checked, out: &mut impl Write) -> std::io::Result<()> {
    for d in &report.documents {
        writeln!(out, "{}", escape_name(&d.file))?;
        writeln!(
            out,
            "  edition {} ({}), date {}, kind {} ({}{})",
            d.edition.value,
            match (&d.edition.found, d.fetched) {
                // A fetched file is not the TD's to edit: the hint below
                // says what to do instead.
                (Source::Unknown, true) => "unknown: read as both editions'".to_string(),
                (found, _) => source(found),
            },
            date_shown(d),
            d.kind.value,
            source(&d.kind.found),
            d.kind
                .cue
                .as_deref()
                .map(|w| format!(": \"{}\"", sanitize(w)))
                .unwrap_or_default()
        )?;
        if d.dates.len() > 1 || d.dates.iter().any(|c| c.cited || c.month_only) {
            let seen: Vec<String> = d.dates.iter().map(date_seen).collect();
            writeln!(out, "  dates found: {}", seen.join("; "))?;
        }
        let s = &d.style;
        writeln!(
            out,
            "  read as: {} heads, entries separated by {}{}{}",
            if s.line_heads {
                "line"
            } else if s.colon_heads {
                "colon"
            } else {
                "dash"
            },
            if s.line_separated {
                "line breaks"
            } else {
                "blank lines"
            },
            if s.wrapped { ", hard-wrapped" } else { "" },
            if s.alphabetical { ", alphabetical" } else { "" },
        )?;
        write_source(&d.source, out)?;
        if let Some(b) = &d.base {
            writeln!(
                out,
                "  base document: {} glossary entries, {} numbered sections, {} sidebars, {} temporary rulings, {} errata, {} icons, {} change log paragraphs (front matter){}",
                b.glossary, b.sections, b.sidebars, b.temporary, b.errata, b.icons, b.change_log,
                match b.ban_lists {
                    0 => String::new(),
                    n => format!(", {n} formats' ban lists"),
                }
            )?;
        }
        writeln!(out, "  {} entries", d.entries.len())?;
        for e in &d.entries {
            writeln!(
                out,
                "    {:>5}  {}{} [{}]{}",
                e.line,
                if e.new { "* " } else { "" },
                sanitize(&e.topic),
                e.kind,
                if e.see.is_empty() {
                    String::new()
                } else {
                    format!(" → {}", sanitize(&e.see.join(", ")))
                }
            )?;
        }
        if let Some(said) = d.evidence.as_ref().and_then(evidence_line) {
            writeln!(out, "  evidence: {said}")?;
        }
        if !d.front.is_empty() {
            writeln!(out, "  front matter: lines {}", ranges(&d.front))?;
        }
        if !d.furniture.is_empty() {
            let lines: Vec<String> = d
                .furniture
                .iter()
                .map(|f| {
                    format!(
                        "{} ({})",
                        f.line,
                        serde_json::to_value(f.why)
                            .map(|v| v.as_str().unwrap_or("").to_string())
                            .unwrap_or_default()
                    )
                })
                .collect();
            writeln!(out, "  page furniture: lines {}", lines.join(", "))?;
        }
        for w in &d.warnings {
            let message = describe(w, &d.file);
            match w.line() {
                Some(line) => writeln!(out, "  warning: line {line}: {}", sanitize(&message))?,
                None => writeln!(out, "  warning: {}", sanitize(&message))?,
            }
            // A file `rulings update` fetched is kept as the source gave
            // it: the advice is never to edit it.
            match hint(w) {
                Some(_) if d.fetched => {}
                Some(hint) => writeln!(
                    out,
                    "    hint: add `{hint}` to the front matter (+++ block)"
                )?,
                None => {}
            }
        }
        let unsettled = d.edition.found == Source::Unknown || d.date.found == Source::Default;
        if d.fetched && (unsettled || !d.warnings.is_empty()) {
            writeln!(out, "  hint: {}", crate::corpus::FETCHED_ADVICE)?;
        }
        writeln!(out)?;
    }
    for n in &report.not_read {
        writeln!(out, "warning: not read: {}", sanitize(&n.message))?;
    }
    for u in &report.unreadable {
        writeln!(out, "unreadable: {}", sanitize(&u.message))?;
    }
    let warned = report
        .documents
        .iter()
        .filter(|d| !d.warnings.is_empty())
        .count();
    let not_read = if report.not_read.is_empty() {
        String::new()
    } else {
        format!(", {} not read", report.not_read.len())
    };
    writeln!(
        out,
        "{} documents read, {} with warnings{not_read}, {} unreadable",
        report.documents.len(),
        warned,
        report.unreadable.len()
    )?;
    Ok(())
}

/// What converting a document found, for a document that was converted.
fn write_source(source: &convert::Report, out: &mut impl Write) -> std::io::Result<()> {
    if let Some(h) = source.history {
        writeln!(
            out,
            "  read as a rule-change history: {} versions of {} rules, of {} status lines printed",
            h.versions, h.rules, h.printed
        )?;
    }
    if source.format == convert::Format::Text {
        // Text is read as it is, unless it was printed in columns.
        if let Some(columns) = source.columns {
            writeln!(
                out,
                "  text printed in {columns} columns side by side: read a column at a time"
            )?;
        }
        return Ok(());
    }
    let mut found = Vec::new();
    if let (Some(pages), Some(columns)) = (source.pages, source.columns) {
        found.push(format!("{pages} pages in {columns} column(s)"));
    }
    let counts = [
        (source.bold, "bold runs (heads)"),
        (source.colored, "colored runs (new/changed)"),
        (source.icons, "icons ([?])"),
    ];
    for (count, what) in counts {
        if let Some(count) = count {
            found.push(format!("{count} {what}"));
        }
    }
    writeln!(
        out,
        "  converted from {}: {}",
        source.format.label(),
        found.join(", ")
    )?;
    if !source.furniture.is_empty() {
        writeln!(
            out,
            "  dropped as site chrome or furniture: {}",
            source.furniture.len()
        )?;
        for dropped in &source.furniture {
            writeln!(out, "    {}", sanitize(dropped))?;
        }
    }
    Ok(())
}

/// The front-matter line that would settle the warning, where one would.
pub fn hint(warning: &Warning) -> Option<String> {
    match warning {
        Warning::HeadNotTaken {
            why: Rejection::MidParagraph,
            ..
        } => Some("separator = \"line\"".into()),
        Warning::HeadNotTaken {
            why: Rejection::NoBody,
            ..
        } => Some("heads = \"line\"".into()),
        Warning::LongTopic { .. } | Warning::TopicContainsSee { .. } => {
            Some("heads = \"colon\" (or \"dash\", whichever the document prints)".into())
        }
        Warning::DateFromFileName | Warning::Undated => Some("date = \"YYYY-MM-DD\"".into()),
        _ => None,
    }
}

/// The warning in English, for the document named `file`.
pub fn describe(warning: &Warning, file: &str) -> String {
    match warning {
        Warning::OutOfOrder { topic, after, .. } => format!(
            "head \"{topic}\" is out of alphabetical order (after \"{after}\")"
        ),
        Warning::LongTopic { topic, .. } => {
            format!("topic \"{topic}\" is longer than a topic should be")
        }
        Warning::TopicContainsSee { topic, .. } => {
            format!("topic \"{topic}\" contains \"See\": a reference read as part of a head")
        }
        Warning::DanglingReference {
            topic, reference, ..
        } => format!(
            "\"{topic}\" refers to \"{reference}\", which no checked document has and no base document the release amends explains"
        ),
        Warning::MarkedButUnchanged {
            topic, previous, ..
        } => format!(
            "\"{topic}\" is marked new or changed, but {previous} printed the same text"
        ),
        Warning::HeadNotTaken { text, why, .. } => {
            let reason = match why {
                Rejection::MidParagraph => "it sits inside a paragraph",
                Rejection::ContinuesSentence => "it finishes the sentence before it",
                Rejection::NoBody => "no body follows it",
                Rejection::OutOfOrder => "it breaks the document's alphabetical order",
                Rejection::Quoted => "it follows text that announces a quotation",
                Rejection::Summary => "it sums up another entry in a list of changes",
            };
            format!("looks like a head but was not taken ({reason}): {text}")
        }
        Warning::DateFromFileName => {
            "the text gives no date: the date was taken from the file name".into()
        }
        // Names the file in the name that would date it.
        Warning::Undated => crate::corpus::undated_advice(file),
        Warning::LongFrontMatter {
            line,
            end_line,
            chars,
        } => format!(
            "a paragraph of {chars} characters on {} line(s) went to the front matter, longer than a title block: no search finds its words (give any rulings in it heads)",
            end_line + 1 - line
        ),
        Warning::StatusNotKnown { topic, printed, .. } => format!(
            "a version of \"{}\" has its status printed as '{}', a word not known: it is kept with that word and never taken as in force",
            sanitize(topic),
            sanitize(printed)
        ),
        Warning::ReadShort {
            evidence,
            found,
            listed,
            missing,
            ..
        } => sanitize(&crate::parse::evidence::shortfall(
            *evidence, *found, *listed, missing
        )),
    }
}

/// How much of what the document prints about itself the reading accounts
/// for ("contents 45 of 45 found; numbering whole").
fn evidence_line(evidence: &Evidence) -> Option<String> {
    let mut said = Vec::new();
    if let Some(c) = &evidence.contents {
        said.push(format!("contents {} of {} found", c.found, c.listed));
    }
    if let Some(n) = &evidence.numbering {
        said.push(if n.is_whole() {
            "numbering whole".to_string()
        } else {
            format!("numbering {} of {} sections read", n.found, n.listed)
        });
    }
    if let Some(s) = &evidence.statuses {
        said.push(format!(
            "status lines {} of {} read as versions",
            s.found, s.listed
        ));
    }
    if let Some(h) = &evidence.heads {
        said.push(format!(
            "section heads {} of {} read as sections",
            h.found, h.listed
        ));
    }
    if let Some(c) = &evidence.cards {
        said.push(format!("cards {} of {} counted read", c.found, c.listed));
    }
    (!said.is_empty()).then(|| said.join("; "))
}
