//! `rulings update`: the documents in force fetched into the user's own
//! folder ([`rulings::update`]), each said as it comes on a terminal, then a
//! line a document, and what the new versions changed.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use serde::Serialize;

use super::{Config, Failure, Outcome, Printer};
use crate::cli::UpdateArgs;
use crate::commands::errors::Refusal;
use rulings::answer::error::ErrorCode;
use rulings::safe::{escape_name, sanitize};
use rulings::update::{self, sources, Fetched, Progress, Status};

#[derive(Serialize)]
struct Report<'a> {
    folder: String,
    sources: &'a str,
    #[serde(flatten)]
    run: &'a update::Run,
}

pub fn run(
    args: &UpdateArgs,
    config: &Config,
    p: &mut Printer<impl Write, impl Write>,
) -> Result<Outcome, Failure> {
    let Some(folder) = config.own_folder.clone() else {
        return Err(Refusal::new(
            ErrorCode::CorpusNotFound,
            "no folder to fetch into: give one with --rulings DIR",
        )
        .into());
    };
    let (mut list, origin) = sources::in_use(args.sources.as_deref(), &folder)
        .map_err(|why| Refusal::new(ErrorCode::InvalidValue, why))?;
    for url in &args.from {
        list.extend(sources::given(url).map_err(|why| Refusal::new(ErrorCode::InvalidValue, why))?);
    }
    if args.print_sources {
        p.out.line(sources::print(&list, &origin).trim_end())?;
        return Ok(Outcome::Found);
    }
    if args.timeout == 0 {
        return Err(Refusal::new(
            ErrorCode::InvalidValue,
            "--timeout must be at least 1 second",
        )
        .into());
    }
    let options = update::Options {
        timeout: Duration::from_secs(args.timeout),
        today: config.today,
    };
    // A line a document as it comes, on a terminal only.
    let live = !config.json && !config.quiet && std::io::stderr().is_terminal();
    let err = &mut p.err;
    let shown = escape_name(&folder.display().to_string());
    let outcome = update::run(&folder, &list, &options, |progress| match progress {
        Progress::Waiting if !config.quiet => {
            let _ = err.line(&format!("waiting for another update of {shown}"));
        }
        Progress::Fetched(fetched) if live => {
            let _ = err.line(&format!(
                "{} {}",
                fetched.status.label(),
                sanitize(&fetched.url)
            ));
        }
        _ => {}
    })
    .map_err(|e| {
        Refusal::new(
            ErrorCode::Io,
            format!("{}: {e}", escape_name(&folder.display().to_string())),
        )
    })?;
    let folder_name = escape_name(&folder.display().to_string());
    if config.json {
        p.out.json(&Report {
            folder: folder.display().to_string(),
            sources: &origin,
            run: &outcome,
        })?;
    } else {
        p.out.line(&format!(
            "into {folder_name} (sources: {})",
            sanitize(&origin)
        ))?;
        for page in &outcome.pages {
            match &page.reason {
                Some(why) => p.out.line(&format!(
                    "  page    {}: {}",
                    sanitize(&page.url),
                    sanitize(why)
                ))?,
                None => p.out.line(&format!(
                    "  page    {}: {} link(s) followed",
                    sanitize(&page.url),
                    page.followed
                ))?,
            }
            for note in &page.notes {
                p.out.line(&format!("          {}", sanitize(note)))?;
            }
        }
        for fetched in &outcome.documents {
            p.out.line(&line(fetched))?;
        }
        for warning in &outcome.warnings {
            p.out.line(&format!("  note      {}", sanitize(warning)))?;
        }
        let changed: Vec<&Fetched> = outcome
            .documents
            .iter()
            .filter(|d| matches!(d.status, Status::New | Status::Changed))
            .collect();
        if changed.is_empty() && !outcome.failed() {
            p.out
                .line("Nothing new: the rulings in force are as they were.")?;
        } else if !changed.is_empty() {
            p.out
                .line("What changed, topic by topic: rulings changes.")?;
        }
    }
    Ok(if outcome.failed() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

/// One document's line: its status, address, and what became of it.
fn line(d: &Fetched) -> String {
    let mut line = format!("  {:<9} {}", d.status.label(), sanitize(&d.url));
    if let Some(why) = &d.reason {
        line.push_str(&format!(": {}", sanitize(why)));
        if d.status == Status::Failed {
            line.push_str(" (the corpus is as it was)");
        }
        return line;
    }
    let about = [
        d.name.as_deref().map(sanitize),
        d.edition.map(|e| e.label().to_string()),
        d.kind.map(|k| k.label().to_string()),
        d.date.map(|date| date.to_string()),
        d.entries.map(|n| format!("{n} entries")),
    ];
    let about: Vec<String> = about.into_iter().flatten().collect();
    if let Some(file) = &d.file {
        line.push_str(&format!(" → {} ({})", escape_name(file), about.join(", ")));
    }
    if let Some(c) = &d.changes {
        let names = |topics: &[String]| -> String {
            let shown: Vec<&str> = topics.iter().take(3).map(String::as_str).collect();
            let more = topics.len().saturating_sub(shown.len());
            let mut s = shown.join(", ");
            if more > 0 {
                s.push_str(&format!(" and {more} more"));
            }
            sanitize(&s)
        };
        let mut parts = Vec::new();
        if !c.added.is_empty() {
            parts.push(format!("{} added ({})", c.added.len(), names(&c.added)));
        }
        if !c.changed.is_empty() {
            parts.push(format!(
                "{} changed ({})",
                c.changed.len(),
                names(&c.changed)
            ));
        }
        if !c.removed.is_empty() {
            parts.push(format!("{} gone ({})", c.removed.len(), names(&c.removed)));
        }
        if parts.is_empty() {
            parts.push("the same rulings, set anew".into());
        }
        let against = d
            .previous
            .as_ref()
            .and_then(|p| p.name.as_deref())
            .map_or_else(|| "the version before".to_string(), sanitize);
        line.push_str(&format!("; against {against}: {}", parts.join("; ")));
    }
    for warning in &d.warnings {
        line.push_str(&format!("; {}", sanitize(warning)));
    }
    line
}
