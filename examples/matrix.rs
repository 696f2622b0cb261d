//! The rendition matrix: the bundled documents and the base fixtures set in
//! many layouts by three real producers, read back by the real binary and
//! scored against the Markdown they came from (`bench/renditions.sh`).
//!
//! ```text
//! cargo run --example matrix -- plan OUT_DIR [--count 150] [--seed 7] SOURCE.md…
//! cargo run --example matrix -- score OUT_DIR RULINGS_BINARY
//! ```
//!
//! `plan` reads each source with the crate's own parser (so a head is set as
//! a head exactly when the Markdown is read as one), picks each rendition's
//! axis values with a seeded generator (document and producer in turn, every
//! other axis at random), and writes what each producer takes — an HTML page
//! for Chromium and LibreOffice, an `ms` file for groff, or the text a TD
//! saves or pastes — into `OUT_DIR/in/`, with `OUT_DIR/manifest.tsv` naming
//! each rendition's file, source, producer, form and axis values. The script
//! runs the producers. `score` runs `rulings check --json` on each rendition
//! and on its source and prints the tables per producer and per axis value,
//! the worst renditions, and `OUT_DIR/scores.tsv`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use chrono::{Datelike, NaiveDate};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde_json::Value;

use rulings::model::Entry;
use rulings::parse::parse_document;

const TITLE_BLOCKS: &[&str] = &[
    "banner",
    "one-line",
    "separate-lines",
    "running-header",
    "file-name",
];
const DATE_FORMS: &[&str] = &[
    "m/d/yy",
    "d-month-yyyy",
    "month-d-yyyy",
    "iso",
    "parenthesized",
    "month-only",
    "version-month",
];
const HEADS: &[&str] = &[
    "bold-dash",
    "bold-own-line",
    "larger",
    "all-caps",
    "small-caps",
    "coloured",
    "underlined",
    "numbered",
];
const NEW_MARKERS: &[&str] = &["asterisk", "colour", "new-tag", "margin-bar"];
const FURNITURE: &[&str] = &["none", "page-numbers", "changing-header", "toc"];
const MANIFEST_HEADER: &str = "file\tdocument\tproducer\tform\ttitle_block\tdate_form\tday_given\theads\tnew_marker\tcolumns\tjustified\tfurniture";

/// One rendition's axis values.
#[derive(Clone)]
struct Design {
    file: String,
    document: String,
    producer: &'static str,
    form: &'static str,
    title_block: &'static str,
    date_form: &'static str,
    heads: &'static str,
    new_marker: &'static str,
    columns: u8,
    justified: bool,
    furniture: &'static str,
}

/// What a document holds once its title block is set aside.
enum Item {
    Section(String),
    Head {
        topic: String,
        rest: String,
        new: bool,
    },
    Paragraph(String),
    Bullet(String),
}

struct Source {
    name: String,
    title: String,
    /// The lines of an untitled source's own title block before and after
    /// its title ("STAR TREK CUSTOMIZABLE CARD GAME", "First Edition";
    /// "Version 1.9.1"), its date left out: set in every rendition.
    before_title: Vec<String>,
    after_title: Vec<String>,
    date: NaiveDate,
    items: Vec<Item>,
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("plan") => plan(&args[1..]),
        Some("score") if args.len() == 3 => score(Path::new(&args[1]), Path::new(&args[2])),
        _ => bail!("usage: matrix plan OUT_DIR [--count N] [--seed N] SOURCE.md… | matrix score OUT_DIR RULINGS"),
    }
}

// ---------------------------------------------------------------- plan

fn plan(args: &[String]) -> Result<()> {
    let mut count = 150;
    let mut seed = 7;
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--count" => count = rest.next().context("--count N")?.parse()?,
            "--seed" => seed = rest.next().context("--seed N")?.parse()?,
            _ => positional.push(arg.clone()),
        }
    }
    let Some((out, sources)) = positional.split_first() else {
        bail!("plan OUT_DIR SOURCE.md…");
    };
    let out = PathBuf::from(out);
    std::fs::create_dir_all(out.join("in"))?;
    // A source's date, edition and kind are the truth the renditions are
    // scored against, so a document its own front matter does not settle
    // is left out, with a word on stderr.
    let sources: Vec<Source> = sources
        .iter()
        .filter_map(|s| {
            read_source(Path::new(s))
                .inspect_err(|e| eprintln!("{s}: left out: {e}"))
                .ok()
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut manifest = String::from(MANIFEST_HEADER);
    manifest.push('\n');
    for i in 0..count {
        let source = &sources[i % sources.len()];
        let producer = ["chromium", "libreoffice", "groff"][(i / sources.len()) % 3];
        let forms: &[&'static str] = if producer == "chromium" {
            &[
                "pdf",
                "pdf",
                "pdftotext",
                "pdftotext-layout",
                "html",
                "saved-text",
                "pasted",
            ]
        } else {
            &["pdf", "pdf", "pdftotext", "pdftotext-layout"]
        };
        let form = forms[rng.usize(..forms.len())];
        let title_block = match TITLE_BLOCKS[rng.usize(..TITLE_BLOCKS.len())] {
            // LibreOffice's HTML import prints no page margin boxes, so a
            // running header set by it would put the date nowhere in the
            // file: its renditions set title and date on separate lines.
            "running-header" if producer == "libreoffice" => "separate-lines",
            picked => picked,
        };
        let mut design = Design {
            file: String::new(),
            document: source.name.clone(),
            producer,
            form,
            title_block,
            date_form: DATE_FORMS[rng.usize(..DATE_FORMS.len())],
            heads: HEADS[rng.usize(..HEADS.len())],
            new_marker: NEW_MARKERS[rng.usize(..NEW_MARKERS.len())],
            columns: rng.u8(1..=3),
            justified: rng.bool(),
            furniture: FURNITURE[rng.usize(..FURNITURE.len())],
        };
        // The date printed only in the file name: the file is named by the
        // date, every other rendition by a number that says nothing.
        let stem = if title_block == "file-name" {
            design.date_form = "iso";
            format!("r{i:03}-{}", source.date.format("%Y-%m-%d"))
        } else {
            format!("r{i:03}")
        };
        let ext = match form {
            "pdf" => "pdf",
            "html" => "html",
            _ => "txt",
        };
        design.file = format!("{stem}.{ext}");
        let (input, text) = match (producer, form) {
            ("chromium", "saved-text") => (format!("{stem}.txt"), saved_text(source, &design)),
            ("chromium", "pasted") => {
                // Its own generator, so that the text of one document leaves
                // every other rendition's pick as it was.
                let mut breaks = fastrand::Rng::with_seed(seed ^ ((i as u64) << 8));
                (
                    format!("{stem}.txt"),
                    pasted_text(source, &design, &mut breaks),
                )
            }
            ("groff", _) => (format!("{stem}.ms"), roff(source, &design)),
            _ => (format!("{stem}.html"), html(source, &design)),
        };
        std::fs::write(out.join("in").join(input), text)?;
        let day_given = if matches!(design.date_form, "month-only" | "version-month") {
            "no"
        } else {
            "yes"
        };
        let _ = writeln!(
            manifest,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            design.file,
            design.document,
            design.producer,
            design.form,
            design.title_block,
            design.date_form,
            day_given,
            design.heads,
            design.new_marker,
            design.columns,
            design.justified,
            design.furniture
        );
    }
    std::fs::write(out.join("manifest.tsv"), manifest)?;
    Ok(())
}

fn read_source(path: &Path) -> Result<Source> {
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
    })
}

/// A line that only prints the title's date ("3/27/00", "(7 November
/// 2022)"): numbers and month names, nothing else.
fn is_date_line(line: &str) -> bool {
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
fn plain(markdown: &str) -> String {
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

/// The date as the date axis prints it; never another date.
fn printed_date(date: NaiveDate, form: &str) -> String {
    match form {
        "m/d/yy" => format!("{}/{}/{:02}", date.month(), date.day(), date.year() % 100),
        "d-month-yyyy" => date.format("%-d %B %Y").to_string(),
        "month-d-yyyy" => date.format("%B %-d, %Y").to_string(),
        "iso" => date.format("%Y-%m-%d").to_string(),
        "parenthesized" => date.format("(%-d %B %Y)").to_string(),
        "month-only" => date.format("%B %Y").to_string(),
        "version-month" => date.format("Version 2.5.4 — %B %Y").to_string(),
        _ => unreachable!("date form {form}"),
    }
}

const BANNER: [&str; 2] = [
    "Star Trek Customizable Card Game",
    "The Continuing Committee",
];

/// A date as a title block prints it, inside a line: "(3 October 2022)",
/// "November 2021".
static PRINTED_DATE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)\(?\b(?:\d{1,2}\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:\d{1,2},\s+)?\d{4}\)?",
    )
    .expect("valid regex")
});

/// The title block's lines (the source's own lines around its title, the
/// title, and the date as the axes set them), which of them is the title,
/// and the running header.
fn title_block(source: &Source, design: &Design) -> (Vec<String>, usize, Option<String>) {
    // A title that prints its own version ("Rules Compendium, Version
    // 2.7.4") takes the version line's month after a dash, not a second
    // version.
    let versioned = source.title.to_lowercase().contains("version");
    let date = if versioned && design.date_form == "version-month" {
        printed_date(source.date, "month-only")
    } else {
        printed_date(source.date, design.date_form)
    };
    let title = source.title.clone();
    let mut lines: Vec<String> = Vec::new();
    if design.title_block == "banner" && source.before_title.is_empty() {
        lines.extend(BANNER.iter().map(|s| s.to_string()));
    }
    lines.extend(source.before_title.iter().cloned());
    let at = lines.len();
    let mut running = None;
    match design.title_block {
        "one-line" if versioned => lines.push(format!("{title} — {date}")),
        "one-line" => lines.push(format!("{title} {date}")),
        "running-header" => {
            running = Some(format!("{title} — {date}"));
            lines.push(title);
        }
        _ => lines.push(title),
    }
    lines.extend(source.after_title.iter().cloned());
    if matches!(design.title_block, "banner" | "separate-lines") {
        lines.push(date);
    }
    (lines, at, running)
}

fn head_number(sections: usize, entries: usize) -> String {
    format!("{}.{} ", sections.max(1), entries)
}

// ---------------------------------------------------------------- HTML

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn html(source: &Source, design: &Design) -> String {
    let (block, title_at, running) = title_block(source, design);
    let mut body = String::new();
    for (i, line) in block.iter().enumerate() {
        if i == title_at {
            let _ = writeln!(body, "<h1>{}</h1>", esc(line));
        } else {
            let _ = writeln!(body, "<p class=\"block\">{}</p>", esc(line));
        }
    }
    if design.furniture == "toc" {
        body.push_str("<nav><p><b>Contents</b></p>\n");
        for item in &source.items {
            if let Item::Section(s) = item {
                let _ = writeln!(body, "<p class=\"toc\">{}</p>", esc(s));
            }
        }
        body.push_str("</nav>\n");
    }
    let (mut sections, mut entries) = (0, 0);
    for item in &source.items {
        match item {
            Item::Section(s) => {
                sections += 1;
                entries = 0;
                let number = if design.heads == "numbered" {
                    format!("{sections}. ")
                } else {
                    String::new()
                };
                let _ = writeln!(body, "<h2>{number}{}</h2>", esc(s));
            }
            Item::Paragraph(p) => {
                let _ = writeln!(body, "<p>{}</p>", esc(p));
            }
            Item::Bullet(p) => {
                let _ = writeln!(body, "<ul><li>{}</li></ul>", esc(p));
            }
            Item::Head { topic, rest, new } => {
                entries += 1;
                // Capitals first, then escaped: an entity in capitals
                // ("&AMP;") is printed as it stands.
                let mut shown = if design.heads == "all-caps" {
                    esc(&topic.to_uppercase())
                } else {
                    esc(topic)
                };
                if design.heads == "numbered" {
                    shown = format!("{}{shown}", head_number(sections, entries));
                }
                if *new {
                    match design.new_marker {
                        "asterisk" => shown = format!("*{shown}"),
                        "new-tag" => shown = format!("NEW {shown}"),
                        _ => {}
                    }
                }
                let head = match design.heads {
                    "larger" => format!("<span style=\"font-size:13pt\">{shown}</span>"),
                    "small-caps" => {
                        format!("<span style=\"font-variant:small-caps\">{shown}</span>")
                    }
                    "coloured" => format!("<span style=\"color:#1d4f9c\">{shown}</span>"),
                    "underlined" => format!("<u>{shown}</u>"),
                    _ => format!("<b>{shown}</b>"),
                };
                let class = match (*new, design.new_marker) {
                    (true, "colour") => " class=\"new\"",
                    (true, "margin-bar") => " class=\"bar\"",
                    _ => "",
                };
                if design.heads == "bold-own-line" {
                    let _ = writeln!(body, "<div{class}><p>{head}</p><p>{}</p></div>", esc(rest));
                } else {
                    let _ = writeln!(body, "<div{class}><p>{head} – {}</p></div>", esc(rest));
                }
            }
        }
    }
    let columns = if design.columns > 1 {
        format!(
            "main {{ column-count: {}; column-gap: 7mm; }}\n",
            design.columns
        )
    } else {
        String::new()
    };
    let align = if design.justified {
        "p { text-align: justify; hyphens: auto; font-variant-ligatures: common-ligatures; }\n"
    } else {
        ""
    };
    let header = running
        .map(|h| {
            format!(
                "@top-center {{ content: \"{}\"; font: 8pt serif; }}",
                h.replace('"', "\\\"")
            )
        })
        .unwrap_or_default();
    let footer = match design.furniture {
        "page-numbers" | "toc" => "@bottom-center { content: \"Page \" counter(page); font: 8pt serif; }",
        "changing-header" => "@top-right { content: string(section); font: 8pt serif; } @bottom-right { content: counter(page); font: 8pt serif; }",
        _ => "",
    };
    // The change bar stands in the text's box: Chromium clips what a page
    // draws in its margin, so a bar pulled out into it is never printed.
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n\
         @page {{ margin: 20mm 15mm; {header} {footer} }}\n\
         body {{ font: 10pt/1.3 serif; }}\nh1 {{ font-size: 15pt; text-align: center; }}\n\
         h2 {{ font-size: 12pt; string-set: section content(); }}\n\
         .new {{ color: #d00000; }}\n.bar {{ border-left: 2pt solid black; padding-left: 2mm; }}\n\
         {columns}{align}</style></head>\n<body><main>\n{body}</main></body></html>\n",
        esc(&source.title)
    )
}

// ---------------------------------------------------------------- roff (ms)

fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\e");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

fn roff(source: &Source, design: &Design) -> String {
    let (block, title_at, running) = title_block(source, design);
    let mut out = String::from(".nr PS 10\n.nr VS 12\n");
    if !design.justified {
        out.push_str(".na\n.nh\n");
    }
    out.push_str(".ds CH\n.ds CF\n");
    if let Some(h) = &running {
        let _ = writeln!(out, ".ds CH {}", roff_text(h));
    }
    match design.furniture {
        "page-numbers" | "toc" => out.push_str(".ds CF Page %\n"),
        "changing-header" => out.push_str(".ds RF %\n"),
        _ => {}
    }
    out.push_str(".LP\n");
    for (i, line) in block.iter().enumerate() {
        if i == title_at {
            let _ = writeln!(out, ".ce\n\\s+4\\fB{}\\fP\\s0\n.sp 0.5", roff_text(line));
        } else {
            let _ = writeln!(out, ".ce\n{}", roff_text(line));
        }
    }
    if design.columns > 1 {
        let width = if design.columns == 2 { "3.1i" } else { "2.0i" };
        let _ = writeln!(out, ".MC {width} 0.2i");
    }
    let (mut sections, mut entries) = (0, 0);
    for item in &source.items {
        match item {
            Item::Section(s) => {
                sections += 1;
                entries = 0;
                if design.furniture == "changing-header" {
                    let _ = writeln!(out, ".ds LH {}", roff_text(s));
                }
                if design.heads == "numbered" {
                    let _ = writeln!(out, ".NH\n{}", roff_text(s));
                } else {
                    let _ = writeln!(out, ".SH\n{}", roff_text(s));
                }
                if design.furniture == "toc" {
                    let _ = writeln!(out, ".XS\n{}\n.XE", roff_text(s));
                }
            }
            Item::Paragraph(p) => {
                let _ = writeln!(out, ".PP\n{}", roff_text(p));
            }
            Item::Bullet(p) => {
                let _ = writeln!(out, ".IP \\(bu 2\n{}", roff_text(p));
            }
            Item::Head { topic, rest, new } => {
                entries += 1;
                let mut shown = roff_text(topic);
                if design.heads == "all-caps" || design.heads == "small-caps" {
                    shown = shown.to_uppercase();
                }
                if design.heads == "numbered" {
                    shown = format!("{}{shown}", head_number(sections, entries));
                }
                if *new {
                    match design.new_marker {
                        "asterisk" => shown = format!("*{shown}"),
                        "new-tag" => shown = format!("NEW {shown}"),
                        _ => {}
                    }
                }
                out.push_str(".PP\n");
                let colour = *new && design.new_marker == "colour";
                if colour {
                    out.push_str("\\m[red]");
                }
                if *new && design.new_marker == "margin-bar" {
                    out.push_str(".mc \\[br]\n");
                }
                match design.heads {
                    "larger" => {
                        let _ = write!(out, "\\s+2{shown}\\s0");
                    }
                    "small-caps" => {
                        let _ = write!(out, "\\s-1{shown}\\s0");
                    }
                    "coloured" => {
                        // groff's `\m[]` goes back one colour, not to the
                        // text's: name the colour the body goes on in.
                        let body = if colour { "red" } else { "default" };
                        let _ = write!(out, "\\m[blue]{shown}\\m[{body}]");
                    }
                    "underlined" => {
                        // A quote inside a macro's quoted argument would
                        // end it: groff's own name for the character.
                        let _ = write!(out, "\n.UL \"{}\"\n", shown.replace('"', "\\(dq"));
                    }
                    _ => {
                        let _ = write!(out, "\\fB{shown}\\fP");
                    }
                }
                if design.heads == "bold-own-line" {
                    let _ = writeln!(out, "\n.br\n{}", roff_text(rest));
                } else {
                    let _ = writeln!(out, " \\(en {}", roff_text(rest));
                }
                if colour {
                    out.push_str("\\m[default]\n");
                }
                if *new && design.new_marker == "margin-bar" {
                    out.push_str(".br\n.mc\n");
                }
            }
        }
    }
    if design.furniture == "toc" {
        out.push_str(".1C\n.TC\n");
    }
    out
}

// ---------------------------------------------------------------- text a TD saves or pastes

/// The page's text as a browser saves it: block breaks kept, the site's menu
/// and footer left in.
fn saved_text(source: &Source, design: &Design) -> String {
    let (block, _, _) = title_block(source, design);
    let mut out = String::from("Home | Rules | Tournaments | Forums | Log in\n\n");
    for line in block {
        let _ = writeln!(out, "{line}\n");
    }
    out.push_str(&text_body(source, design, "\n\n"));
    out.push_str(
        "\n© The Continuing Committee. All rights reserved.\nPrivacy | Contact | Top of page\n",
    );
    out
}

/// Text copied from a page and pasted: heads run into their bodies, line
/// breaks lost in places and doubled in others.
fn pasted_text(source: &Source, design: &Design, rng: &mut fastrand::Rng) -> String {
    let (block, _, _) = title_block(source, design);
    let mut out = block.join("\n");
    out.push_str("\n\n");
    for piece in text_body(source, design, "\n").split('\n') {
        out.push_str(piece);
        out.push_str(match rng.u8(0..4) {
            0 => " ",
            1 => "\n\n",
            _ => "\n",
        });
    }
    out
}

fn text_body(source: &Source, design: &Design, gap: &str) -> String {
    let mut out = String::new();
    for item in &source.items {
        match item {
            Item::Section(s) => {
                let _ = write!(out, "{s}{gap}");
            }
            Item::Paragraph(p) => {
                let _ = write!(out, "{p}{gap}");
            }
            Item::Bullet(p) => {
                let _ = write!(out, "• {p}{gap}");
            }
            Item::Head { topic, rest, new } => {
                let marker = match (*new, design.new_marker) {
                    (true, "asterisk") => "*",
                    (true, "new-tag") => "NEW ",
                    _ => "",
                };
                let _ = write!(out, "{marker}{topic} – {rest}{gap}");
            }
        }
    }
    out
}

// ---------------------------------------------------------------- score

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

fn score(dir: &Path, binary: &Path) -> Result<()> {
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
        row.insert("family".into(), sources[&document].family.clone());
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
