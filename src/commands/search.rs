//! `rulings search QUERY…`: ranked hits with their status, citation and a
//! highlighted snippet, or one JSON object for programs.
//!
//! For people, notes about how the query was read go with the answer on
//! stdout; with `--json` they go to stderr so that stdout stays one JSON
//! object. Snippets mark matched words in color on a terminal and between
//! `**` when plain (the documents use `[…]` for icons).
//!
//! With `RULINGS_TIMINGS` set, the time of each stage goes to stderr (what
//! the benchmark reports as the break-down of a search).

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use colored::Colorize;
use serde::Serialize;
use serde_json::value::RawValue;

use super::{edition_arg, index as index_command, Outcome};
use crate::cli::{Cli, Command};
use crate::index::{self, Origin};
use crate::model::EntryKind;
use crate::output::{colored_output, sanitize, width, Out};
use crate::render::{status_badge, wrap};
use crate::resolve::Status;
use crate::search::{self, Answer, Hit, Note, Request};

#[derive(Serialize)]
struct HitJson<'a> {
    score: f32,
    snippet: String,
    status: &'a Status,
    entry: Box<RawValue>,
}

#[derive(Serialize)]
struct AnswerJson<'a> {
    query: &'a str,
    hits: Vec<HitJson<'a>>,
}

fn plain_mark(word: &str) -> String {
    format!("**{word}**")
}

fn color_mark(word: &str) -> String {
    word.yellow().bold().to_string()
}

pub fn run(cli: &Cli, folder: &Path) -> anyhow::Result<Outcome> {
    let Command::Search {
        query,
        edition,
        kind,
        as_of,
        all,
        limit,
        json,
    } = &cli.command
    else {
        bail!("not a search");
    };
    let request = Request {
        query: query.join(" "),
        edition: edition_arg(edition.as_deref())?,
        kind: kind
            .as_deref()
            .map(|k| k.parse::<EntryKind>().map_err(anyhow::Error::msg))
            .transpose()
            .context("bad --kind")?,
        as_of: super::as_of_arg(as_of.as_deref())?,
        all: *all,
        limit: usize::from(*limit),
    };
    if request.query.trim().is_empty() {
        bail!("nothing to search for: give some words");
    }

    let index_folder = index_command::folder(cli, folder);
    let opening = Instant::now();
    let opened = index::open(folder, &index_folder)?;
    let opened_in = opening.elapsed();
    for warning in &opened.warnings {
        eprintln!("warning: {}", sanitize(warning));
    }
    for notice in &opened.index.manifest().notices {
        eprintln!("warning: {}", sanitize(notice));
    }
    match &opened.origin {
        Origin::Reused => {}
        Origin::Built {
            reason,
            counts,
            took,
        } => eprintln!(
            "note: indexed {} entries from {} releases into {} in {:.2} s ({})",
            counts.entries,
            counts.releases,
            index_folder.display(),
            took.as_secs_f64(),
            reason.describe()
        ),
        Origin::InMemory { counts, took } => eprintln!(
            "note: indexed {} entries from {} releases in memory in {:.2} s",
            counts.entries,
            counts.releases,
            took.as_secs_f64()
        ),
    }

    let searching = Instant::now();
    let answer = search::search(&opened.index, &request)?;
    let searched_in = searching.elapsed();
    let printing = Instant::now();
    let mut out = Out::new();
    if *json {
        for line in note_lines(&answer, &request) {
            eprintln!("{line}");
        }
        let hits = answer
            .hits
            .iter()
            .map(|h| {
                Ok(HitJson {
                    score: h.score,
                    snippet: h.snippet.marked(plain_mark),
                    status: &h.status,
                    entry: RawValue::from_string(h.entry.clone())?,
                })
            })
            .collect::<Result<_, serde_json::Error>>()?;
        let body = AnswerJson {
            query: &request.query,
            hits,
        };
        out.line(&crate::output::escape_controls(
            &serde_json::to_string_pretty(&body)?,
        ))?;
    } else {
        print_answer(&mut out, &answer, &request)?;
    }
    out.flush()?;
    if std::env::var_os("RULINGS_TIMINGS").is_some() {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        eprintln!(
            "timings: freshness check {:.2} ms, index open {:.2} ms, query {:.2} ms, printing {:.2} ms",
            ms(opened.checked),
            ms(opened_in.saturating_sub(opened.checked)),
            ms(searched_in),
            ms(printing.elapsed())
        );
    }
    Ok(if answer.hits.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}

fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// The notes, as sentences.
fn note_lines(answer: &Answer, request: &Request) -> Vec<String> {
    let found = !answer.hits.is_empty();
    let mut lines: Vec<String> = answer
        .notes
        .iter()
        .map(|note| match note {
            Note::PlainWords(words) => format!(
                "the query is not valid search syntax (an unbalanced quote or a lone AND/OR?); searched for the words: {}",
                sanitize(words)
            ),
            Note::AnyWord => "no ruling has all the words; showing rulings with any of them".to_string(),
            Note::Typos if found => {
                "nothing matches as typed; showing matches with a typo allowed in each word".to_string()
            }
            Note::Typos => "nothing matches, even allowing a typo in each word".to_string(),
            Note::NotInForce(count) => format!(
                "{} no longer in force on {} (--all shows {})",
                plural(*count, "matching ruling is", "matching rulings are"),
                request.as_of,
                if *count == 1 { "it" } else { "them" }
            ),
            Note::NotYetInEffect(count) => format!(
                "{} in effect only after {}",
                plural(*count, "matching ruling comes", "matching rulings come"),
                request.as_of
            ),
        })
        .map(|line| format!("note: {line}"))
        .collect();
    if !answer.did_you_mean.is_empty() {
        let topics: Vec<String> = answer.did_you_mean.iter().map(|t| sanitize(t)).collect();
        lines.push(format!("did you mean: {}?", topics.join(" · ")));
    }
    lines
}

fn print_answer(out: &mut Out, answer: &Answer, request: &Request) -> anyhow::Result<()> {
    for line in note_lines(answer, request) {
        let styled = match line.split_once(": ") {
            Some((head, rest)) => format!("{} {rest}", format!("{head}:").yellow().bold()),
            None => line,
        };
        out.line(&styled)?;
    }
    if answer.hits.is_empty() {
        out.line(&format!(
            "No ruling found for `{}`.",
            sanitize(&request.query)
        ))?;
        return Ok(());
    }
    if !answer.notes.is_empty() || !answer.did_you_mean.is_empty() {
        out.line("")?;
    }
    let w = width();
    for (i, hit) in answer.hits.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        print_hit(out, i + 1, hit, w)?;
    }
    Ok(())
}

fn print_hit(out: &mut Out, rank: usize, hit: &Hit, w: usize) -> anyhow::Result<()> {
    out.line(&format!(
        "{}. {}  {}  {}  {}",
        rank,
        sanitize(&hit.topic).bold(),
        hit.edition.label().cyan(),
        hit.kind.label().dimmed(),
        status_badge(&hit.status)
    ))?;
    if !matches!(hit.status, Status::InForce) {
        let description = wrap(&sanitize(&hit.description), w, "   ");
        out.line(&description.yellow().to_string())?;
    }
    out.line(&format!(
        "   {} {}",
        "from".dimmed(),
        sanitize(&hit.citation)
    ))?;
    let mark = if colored_output() {
        color_mark
    } else {
        plain_mark
    };
    // Snippets are cut from the indexed `render::plain_text`, already free
    // of control characters; sanitizing here would strip the highlights.
    let snippet = hit.snippet.marked(mark);
    if !snippet.trim().is_empty() {
        out.line(&wrap(&snippet, w, "   "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn json_escapes_c1_controls() {
        let json = serde_json::to_string("a\u{9b}31mb\u{7f}").unwrap();
        assert_eq!(
            crate::output::escape_controls(&json),
            "\"a\\u009b31mb\\u007f\""
        );
        let back: String = serde_json::from_str(&crate::output::escape_controls(&json)).unwrap();
        assert_eq!(back, "a\u{9b}31mb\u{7f}");
    }
}
