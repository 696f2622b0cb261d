//! A source read for rendering: its title block, and what it holds as
//! the crate's own parser reads it (sections, heads, paragraphs), or, for
//! a rule-change history, its versions.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{bail, Context, Result};
use chrono::NaiveDate;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use rulings::model::{Entry, ReleaseKind};
use rulings::parse::parse_document;

use crate::history::{self, History};

/// What a document holds once its title block is set aside.
pub enum Item {
    Section(String),
    Head {
        topic: String,
        rest: String,
        new: bool,
    },
    Paragraph(String),
    Bullet(String),
}

pub struct Source {
    pub name: String,
    pub title: String,
    /// The lines of an untitled source's own title block before and after
    /// its title ("STAR TREK CUSTOMIZABLE CARD GAME", "First Edition";
    /// "Version 1.9.1"), its date left out: set in every rendition.
    pub before_title: Vec<String>,
    pub after_title: Vec<String>,
    pub date: NaiveDate,
    pub items: Vec<Item>,
    /// A rule-change history's versions (its items are then none).
    pub history: Option<History>,
}

pub fn read_source(path: &Path) -> Result<Source> {
    let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
    let name = path
        .file_name()
        .context("a file")?
        .to_string_lossy()
        .into_owned();
    let release = parse_document(&name, &text, 0)?;
    if release.entries.is_empty() {
        bail!("{}: no entries read", path.display());
    }
    if release.kind == ReleaseKind::RuleHistory {
        return Ok(Source {
            name: name.trim_end_matches(".md").to_string(),
            title: release.title.clone(),
            before_title: Vec::new(),
            after_title: Vec::new(),
            date: release.date,
            items: Vec::new(),
            history: Some(history::read(&text, &release)?),
        });
    }
    let heads: HashMap<usize, &Entry> = release.entries.iter().map(|e| (e.line, e)).collect();
    let mut items = Vec::new();
    let mut fences = 0;
    // A document set without a Markdown title ("STAR TREK CUSTOMIZABLE CARD
    // GAME", "GLOSSARY", "Version 1.9.1", "May 2013") has its title block as
    // its first run of short lines: up to the first sentence, section or
    // entry.
    let titled = text.lines().any(|l| l.trim_start().starts_with("# "));
    let mut title_seen = false;
    let mut block: Vec<String> = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, items: &mut Vec<Item>| {
        if !paragraph.is_empty() {
            items.push(Item::Paragraph(plain(&paragraph.join(" "))));
            paragraph.clear();
        }
    };
    for (i, line) in text.lines().enumerate() {
        if fences < 2 && (i == 0 || fences == 1) && line.trim() == "+++" {
            fences += 1;
            continue;
        }
        if fences == 1 {
            continue;
        }
        let trimmed = line.trim();
        // The title block (banner, title, a date alone on its line) is set
        // by the rendition's own title block.
        if !title_seen {
            if trimmed.starts_with("# ") {
                title_seen = true;
                continue;
            }
            let short = trimmed.split_whitespace().count() <= 10 && !trimmed.ends_with('.');
            let body = trimmed.starts_with("## ") || heads.contains_key(&(i + 1));
            if !titled && short && !body && !trimmed.is_empty() && !is_date_line(trimmed) {
                let line = plain(trimmed);
                let line = PRINTED_DATE.replace_all(&line, "");
                let line = line.trim().trim_end_matches([',', '–', '—', '-']).trim();
                if !line.is_empty() {
                    block.push(line.to_string());
                }
            }
            if titled || trimmed.is_empty() || (short && !body) {
                continue;
            }
            title_seen = true;
        }
        if items.is_empty() && paragraph.is_empty() && is_date_line(trimmed) {
            continue;
        }
        let entry = heads.get(&(i + 1));
        let line_plain = plain(trimmed.trim_start_matches('#'));
        // A base's numbered section is a head of its own line ("## 4 TURN
        // SEQUENCE"), and a sidebar is typed as it is ("Tip: …"; the base
        // reader names it "4.2 Mission Phase – Tip"): both are set as the
        // source prints them, not as heads with a dash.
        let as_printed = entry
            .is_some_and(|e| trimmed.starts_with('#') || !line_plain.contains(e.topic.as_str()));
        if let Some(entry) = entry.filter(|_| !as_printed) {
            flush(&mut paragraph, &mut items);
            let topic = entry.topic.clone();
            let rest = line_plain
                .find(topic.as_str())
                .map(|at| line_plain[at + topic.len()..].to_string())
                .unwrap_or_default();
            let rest = rest
                .trim()
                .trim_start_matches(['–', '—', '-', ':'])
                .trim()
                .to_string();
            items.push(Item::Head {
                topic,
                rest,
                new: entry.new,
            });
        } else if as_printed && !trimmed.starts_with('#') {
            flush(&mut paragraph, &mut items);
            items.push(Item::Paragraph(line_plain));
        } else if let Some(section) = trimmed
            .strip_prefix("## ")
            .or_else(|| trimmed.strip_prefix("### "))
        {
            flush(&mut paragraph, &mut items);
            items.push(Item::Section(plain(section)));
        } else if let Some(item) = trimmed
            .strip_prefix("- ")
            .or_else(|| trimmed.strip_prefix("+ "))
        {
            flush(&mut paragraph, &mut items);
            items.push(Item::Bullet(plain(item)));
        } else if trimmed.is_empty() {
            flush(&mut paragraph, &mut items);
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, &mut items);
    // The title of an untitled source is the last line of its title block
    // that is no version line; the lines around it are set around it.
    let at = block
        .iter()
        .rposition(|l| !l.to_lowercase().starts_with("version"));
    let (before_title, title, after_title) = match at {
        Some(at) => (
            block[..at].to_vec(),
            block[at].clone(),
            block[at + 1..].to_vec(),
        ),
        None => (Vec::new(), release.title.clone(), block),
    };
    Ok(Source {
        name: name.trim_end_matches(".md").to_string(),
        title,
        before_title,
        after_title,
        date: release.date,
        items,
        history: None,
    })
}

/// A line that only prints the title's date ("3/27/00", "(7 November
/// 2022)"): numbers and month names, nothing else.
pub fn is_date_line(line: &str) -> bool {
    let words: Vec<String> = line
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect();
    words.iter().any(|w| w.chars().all(|c| c.is_ascii_digit()))
        && words.iter().all(|w| {
            w.chars().all(|c| c.is_ascii_digit()) || rulings::dates::MONTHS.contains(&w.as_str())
        })
}

/// A Markdown line's text, markup dropped, with a new entry's asterisk kept
/// out (the new-marker axis prints its own).
pub fn plain(markdown: &str) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(markdown, Options::empty()) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::Start(Tag::Item) => out.push_str("- "),
            Event::End(TagEnd::Item) => out.push(' '),
            _ => {}
        }
    }
    let out = out.trim();
    out.strip_prefix("- ")
        .unwrap_or(out)
        .trim_start_matches('*')
        .trim()
        .to_string()
}

/// A date as a title block prints it, inside a line: "(3 October 2022)",
/// "November 2021".
static PRINTED_DATE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)\(?\b(?:\d{1,2}\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:\d{1,2},\s+)?\d{4}\)?",
    )
    .expect("valid regex")
});
