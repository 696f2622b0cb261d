//! Renders a bundled rulings document as the web page it was published as:
//! the title and its date, section heads, each entry as a bold topic head, a
//! dash and its body, new entries in red with their asterisk, card names and
//! emphasis as the document sets them. `tests/fixtures/renditions/make.sh`
//! prints the pages to PDF with chromium; the tests read both back.
//!
//! The entries are found by the crate's own parser, so the page sets as a head
//! exactly what the Markdown is read as a head; everything else is the
//! Markdown rendered by pulldown-cmark.
//!
//! ```text
//! cargo run --example render_fixture -- rulings/1e-2014-11-03-crd.md OUT.html [--columns 2] [--running HEADER] [--title-in-header]
//! ```
//!
//! `--running` adds a running header (the text given) and page numbers as
//! CSS page-margin boxes, for printing with chromium's own header and footer
//! turned off; without it the page leaves them to chromium's defaults.
//! `--title-in-header` leaves the `#` title out of the page, so that the
//! running header is the only place the title and its date are printed.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context, Result};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use rulings::model::Entry;
use rulings::parse::parse_document;

struct Args {
    input: String,
    output: String,
    columns: u8,
    running: Option<String>,
    /// Leave the title out of the page: it is printed only in the running
    /// header (`--running`), as some documents print it.
    title_in_header: bool,
}

fn args() -> Result<Args> {
    let mut rest = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut columns = 1;
    let mut running = None;
    let mut title_in_header = false;
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--columns" => columns = rest.next().context("--columns N")?.parse()?,
            "--running" => running = Some(rest.next().context("--running TEXT")?),
            "--title-in-header" => title_in_header = true,
            _ => positional.push(arg),
        }
    }
    let [input, output] = <[String; 2]>::try_from(positional).map_err(|_| {
        anyhow::anyhow!("usage: render_fixture IN.md OUT.html [--columns N] [--running TEXT] [--title-in-header]")
    })?;
    Ok(Args {
        input,
        output,
        columns,
        running,
        title_in_header,
    })
}

fn main() -> Result<()> {
    let args = args()?;
    let text = std::fs::read_to_string(&args.input).with_context(|| args.input.clone())?;
    let name = Path::new(&args.input)
        .file_name()
        .context("a file")?
        .to_string_lossy()
        .into_owned();
    let release = parse_document(&name, &text, 0)?;
    if release.entries.is_empty() {
        bail!("{}: no entries read", args.input);
    }
    let page = render(&text, &release.title, &release.entries, &args);
    std::fs::write(&args.output, page).with_context(|| args.output.clone())?;
    Ok(())
}

/// A run of consecutive non-blank lines, or one entry's head line.
struct Block<'a> {
    lines: Vec<&'a str>,
    head: Option<&'a Entry>,
}

/// The document's lines after its front matter, cut into blocks: a blank
/// line ends a block, and an entry's head line is a block of its own.
fn blocks<'a>(text: &'a str, heads: &HashMap<usize, &'a Entry>) -> Vec<Block<'a>> {
    let mut blocks = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut fences = 0;
    for (i, line) in text.lines().enumerate() {
        if fences < 2 && (i == 0 || fences == 1) && line.trim() == "+++" {
            fences += 1;
            continue;
        }
        if fences == 1 {
            continue;
        }
        let head = heads.get(&(i + 1)).copied();
        if (line.trim().is_empty() || head.is_some()) && !current.is_empty() {
            blocks.push(Block {
                lines: std::mem::take(&mut current),
                head: None,
            });
        }
        match head {
            Some(entry) => blocks.push(Block {
                lines: vec![line],
                head: Some(entry),
            }),
            None if !line.trim().is_empty() => current.push(line),
            None => {}
        }
    }
    if !current.is_empty() {
        blocks.push(Block {
            lines: current,
            head: None,
        });
    }
    blocks
}

/// Markdown as HTML: the blocks and inlines the bundled documents use.
fn markdown_to_html(markdown: &str) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(markdown, Options::empty()) {
        match event {
            Event::Start(tag) => out.push_str(&match tag {
                Tag::Paragraph => "<p>".to_string(),
                Tag::Heading { level, .. } => format!("<{level}>"),
                Tag::List(Some(start)) => format!("<ol start=\"{start}\">"),
                Tag::List(None) => "<ul>".to_string(),
                Tag::Item => "<li>".to_string(),
                Tag::Emphasis => "<i>".to_string(),
                Tag::Strong => "<b>".to_string(),
                Tag::BlockQuote(_) => "<blockquote>".to_string(),
                Tag::Link { dest_url, .. } => format!("<a href=\"{}\">", escape(&dest_url)),
                _ => String::new(),
            }),
            Event::End(tag) => out.push_str(&match tag {
                TagEnd::Paragraph => "</p>\n".to_string(),
                TagEnd::Heading(level) => format!("</{level}>\n"),
                TagEnd::List(true) => "</ol>\n".to_string(),
                TagEnd::List(false) => "</ul>\n".to_string(),
                TagEnd::Item => "</li>\n".to_string(),
                TagEnd::Emphasis => "</i>".to_string(),
                TagEnd::Strong => "</b>".to_string(),
                TagEnd::BlockQuote(_) => "</blockquote>\n".to_string(),
                TagEnd::Link => "</a>".to_string(),
                _ => String::new(),
            }),
            Event::Text(text) | Event::Code(text) => out.push_str(&escape(&text)),
            Event::Html(raw) | Event::InlineHtml(raw) => out.push_str(&raw),
            Event::SoftBreak => out.push('\n'),
            Event::HardBreak => out.push_str("<br>\n"),
            _ => {}
        }
    }
    out
}

/// Inline Markdown as HTML, without the paragraph around it.
fn inline(markdown: &str) -> String {
    let block = markdown_to_html(markdown.trim());
    let block = block.trim_end();
    block
        .strip_prefix("<p>")
        .and_then(|b| b.strip_suffix("</p>"))
        .unwrap_or(block)
        .to_string()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A head line cut into its marker, the topic as printed and what follows.
fn split_head<'a>(line: &'a str, entry: &Entry) -> (&'a str, &'a str, &'a str) {
    let line = line.trim();
    let (marker, rest) = if line.starts_with("* **") {
        ("*", &line[2..])
    } else if line.starts_with("***") || (line.starts_with('*') && !line.starts_with("**")) {
        line.split_at(1)
    } else {
        ("", line)
    };
    if let Some(bold) = rest.strip_prefix("**") {
        if let Some(end) = bold.find("**") {
            return (marker, &bold[..end], &bold[end + 2..]);
        }
    }
    if rest.starts_with(entry.topic.as_str()) {
        return (
            marker,
            &rest[..entry.topic.len()],
            &rest[entry.topic.len()..],
        );
    }
    let topic = rest.trim_end_matches(['–', '—', '-', ':', ' ']);
    (marker, topic, &rest[topic.len()..])
}

/// Whether a block can follow a head in the same paragraph: running text,
/// not a list, a heading or a quotation.
fn is_running_text(block: &Block) -> bool {
    let first = block.lines[0].trim_start();
    let numbered = first
        .split_once(". ")
        .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
    let bulleted = first.starts_with("* ") || first.starts_with("+ ");
    block.head.is_none() && !first.starts_with(['#', '-', '>', '|']) && !bulleted && !numbered
}

fn render(text: &str, title: &str, entries: &[Entry], args: &Args) -> String {
    let heads: HashMap<usize, &Entry> = entries.iter().map(|e| (e.line, e)).collect();
    let blocks = blocks(text, &heads);
    let mut body = String::new();
    let mut in_new = false;
    let mut i = 0;
    while i < blocks.len() {
        let block = &blocks[i];
        i += 1;
        let starts_section = block.lines[0].starts_with('#');
        if (block.head.is_some() || starts_section) && in_new {
            body.push_str("</div>\n");
            in_new = false;
        }
        if args.title_in_header && block.lines[0].starts_with("# ") {
            continue;
        }
        let Some(entry) = block.head else {
            body.push_str(&markdown_to_html(&block.lines.join("\n")));
            continue;
        };
        if entry.new {
            body.push_str("<div class=\"new\">\n");
            in_new = true;
        }
        let (marker, topic, after) = split_head(block.lines[0], entry);
        let after = after.trim();
        let mut paragraph = format!("<p><b>{}{}</b>", escape(marker), inline(topic));
        let open = after.is_empty() || after.ends_with(['–', '—', '-', ':']);
        // The separator is written as such: "- a personnel" is not a list.
        let text = after.trim_start_matches(['–', '—', '-', ' ']);
        let separator = after[..after.len() - text.len()].trim();
        if after.is_empty() {
            paragraph.push_str(" –");
        } else if !separator.is_empty() {
            let _ = write!(paragraph, " {separator}");
        }
        if !text.is_empty() {
            let _ = write!(paragraph, " {}", inline(text));
        }
        if open && blocks.get(i).is_some_and(is_running_text) {
            let _ = write!(paragraph, " {}", inline(&blocks[i].lines.join("\n")));
            i += 1;
        }
        paragraph.push_str("</p>\n");
        body.push_str(&paragraph);
    }
    if in_new {
        body.push_str("</div>\n");
    }
    page(title, &body, args)
}

fn page(title: &str, body: &str, args: &Args) -> String {
    let columns = if args.columns > 1 {
        format!(
            "main {{ column-count: {}; column-gap: 8mm; }}\n",
            args.columns
        )
    } else {
        String::new()
    };
    let running = match &args.running {
        Some(header) => format!(
            "@page {{ margin: 20mm 16mm; \
             @top-center {{ content: \"{}\"; font: 8pt 'DejaVu Sans', sans-serif; }} \
             @bottom-center {{ content: counter(page); font: 8pt 'DejaVu Sans', sans-serif; }} }}\n",
            header.replace('"', "\\\"")
        ),
        None => "@page { margin: 18mm 16mm; }\n".to_string(),
    };
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n\
         {running}\
         body {{ font: 10pt/1.3 'DejaVu Serif', serif; margin: 0; }}\n\
         h1 {{ font-size: 15pt; text-align: center; }}\n\
         h2 {{ font-size: 12pt; break-after: avoid; }}\n\
         p {{ margin: 0 0 2.5mm 0; }}\n\
         .new {{ color: #d00000; }}\n\
         {columns}\
         </style></head>\n<body><main>\n{body}</main></body></html>\n",
        title = escape(title),
    )
}
