//! The report of rulings check as text for a person: each document's date
//! and kind with the cue that made them, its entries with their lines, the
//! front matter and furniture set aside, and the warnings with their hints.

use super::*;

/// The date taken and where it was found: a month-only date is a month.
pub(super) fn date_shown(d: &DocumentReport) -> String {
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
pub(super) fn month_name(iso: &str) -> String {
    chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d")
        .map(|d| d.format("%B %Y").to_string())
        .unwrap_or_else(|_| iso.to_string())
}

pub(super) fn date_seen(c: &DateSeen) -> String {
    let date = if c.month_only {
        month_name(&c.date)
    } else {
        c.date.clone()
    };
    let place = match c.place {
        DatePlace::FrontMatter => "front matter",
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

/// The words of the title line that made a document a base, from its front
/// matter paragraphs (where the reader keeps a base's title block).
pub(super) fn kind_cue(release: &Release, found: &Source) -> Option<String> {
    let Source::Line { line } = *found else {
        return None;
    };
    if !release.kind.is_base() {
        return None;
    }
    release
        .front
        .iter()
        .find(|p| p.line <= line && line <= p.end_line)
        .and_then(|p| p.text.split('\n').nth(line - p.line))
        .map(|words| words.trim().to_string())
}

pub(super) fn source(found: &Source) -> String {
    match found {
        Source::FrontMatter => "front matter".into(),
        Source::Line { line } => format!("line {line}"),
        Source::FileName => "file name".into(),
        Source::EntryDates { line } => format!("newest entry date, line {line}"),
        Source::BeforeSecondEdition => "its dates fall before Second Edition existed".into(),
        Source::Default => "default".into(),
    }
}

pub(super) fn ranges(front: &[FrontLines]) -> String {
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

pub(super) fn write_plain(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    for d in &report.documents {
        writeln!(out, "{}", escape_name(&d.file))?;
        writeln!(
            out,
            "  edition {} ({}), date {}, kind {} ({}{})",
            d.edition.value,
            source(&d.edition.found),
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
                "  base document: {} glossary entries, {} numbered sections, {} sidebars, {} temporary rulings, {} errata, {} change log paragraphs (front matter)",
                b.glossary, b.sections, b.sidebars, b.temporary, b.errata, b.change_log
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
            match w.line {
                Some(line) => writeln!(out, "  warning: line {line}: {}", sanitize(&w.message))?,
                None => writeln!(out, "  warning: {}", sanitize(&w.message))?,
            }
            if let Some(hint) = &w.hint {
                writeln!(
                    out,
                    "    hint: add `{hint}` to the front matter (+++ block)"
                )?;
            }
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
pub(super) fn write_source(source: &convert::Report, out: &mut impl Write) -> std::io::Result<()> {
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
