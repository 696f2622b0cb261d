//! A rendition as a web page, for Chromium and LibreOffice to print (and
//! for a TD to save or open as it stands).

use std::fmt::Write as _;

use crate::design::{head_number, title_block, Design};
use crate::history::{self, History, Layout};
use crate::source::{Item, Source};

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

pub fn html(source: &Source, design: &Design) -> String {
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
        for section in contents(source) {
            let _ = writeln!(body, "<p class=\"toc\">{}</p>", esc(&section));
        }
        body.push_str("</nav>\n");
    }
    match (&source.history, design.layout) {
        (Some(history), Some(layout)) => history_body(history, layout, design, &mut body),
        _ => items_body(source, design, &mut body),
    }
    page(source, design, running, &body)
}

/// What a contents list names: the sections, or a history's rules where it
/// heads them.
pub fn contents(source: &Source) -> Vec<String> {
    match (&source.history, source.items.is_empty()) {
        (Some(history), true) => history
            .rules()
            .into_iter()
            .map(|(rule, _)| rule.to_string())
            .collect(),
        _ => source
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Section(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
    }
}

fn items_body(source: &Source, design: &Design, body: &mut String) {
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
}

/// A history's title (flat) or rule's heading as the heads axis sets it: a
/// heading element, as the site sets its titles, or a line in bold, larger,
/// capitals, small capitals, colour or underlined.
fn history_head(text: &str, design: &Design, level: u8) -> String {
    let shown = if design.heads == "all-caps" {
        esc(&text.to_uppercase())
    } else {
        esc(text)
    };
    match design.heads {
        "heading" => format!("<h{level}>{shown}</h{level}>"),
        "larger" => format!("<p><span style=\"font-size:13pt\">{shown}</span></p>"),
        "small-caps" => format!("<p><span style=\"font-variant:small-caps\">{shown}</span></p>"),
        "coloured" => format!("<p><span style=\"color:#1d4f9c\">{shown}</span></p>"),
        "underlined" => format!("<p><u>{shown}</u></p>"),
        _ => format!("<p><b>{shown}</b></p>"),
    }
}

/// A history in its layout: the site's list of versions, a table a rule,
/// or a heading a rule over its versions' lines.
fn history_body(history: &History, layout: Layout, design: &Design, body: &mut String) {
    for line in &history.preamble {
        let _ = writeln!(body, "<p>{}</p>", esc(line));
    }
    match layout {
        Layout::Flat => {
            let _ = writeln!(body, "<p class=\"filter\">{}</p>", esc(history::FILTER));
            for (n, version) in history.versions.iter().enumerate() {
                let _ = writeln!(body, "<div class=\"version\" id=\"v{n}\">");
                body.push_str(&history_head(&version.title, design, 3));
                body.push('\n');
                let lines = history::flat_lines(version);
                for line in &lines[..3] {
                    let _ = writeln!(body, "<p>{}</p>", esc(line));
                }
                // What ended it: its label, then each link a line.
                if let Some((by, links)) = lines[3..].split_first() {
                    let links: Vec<String> = links
                        .iter()
                        .map(|l| format!("<a href=\"#later\">{}</a>", esc(l)))
                        .collect();
                    let _ = writeln!(body, "<p>{}<br>{}</p>", esc(by), links.join("<br>"));
                }
                body.push_str("</div>\n");
            }
        }
        Layout::Tables => {
            for (rule, versions) in history.rules() {
                body.push_str(&history_head(rule, design, 2));
                body.push_str("\n<table class=\"versions\">\n");
                for version in versions {
                    for row in history::table_rows(version) {
                        let cells: Vec<String> = row
                            .iter()
                            .map(|cell| esc(cell).replace('\n', "<br>"))
                            .collect();
                        match cells.as_slice() {
                            [one] => {
                                let _ = writeln!(body, "<tr><td colspan=\"2\">{one}</td></tr>");
                            }
                            _ => {
                                let _ =
                                    writeln!(body, "<tr><td>{}</td></tr>", cells.join("</td><td>"));
                            }
                        }
                    }
                }
                body.push_str("</table>\n");
            }
        }
        Layout::Headings => {
            for (rule, versions) in history.rules() {
                body.push_str(&history_head(rule, design, 2));
                body.push('\n');
                // A version a block, each of its lines a paragraph in it.
                for version in versions {
                    body.push_str("<div class=\"lines\">");
                    for line in history::heading_lines(version) {
                        let _ = write!(body, "<p>{}</p>", esc(&line));
                    }
                    body.push_str("</div>\n");
                }
            }
        }
    }
}

/// The page around a rendition's body: its style sheet (columns,
/// justification, print margins and their furniture) and title.
fn page(source: &Source, design: &Design, running: Option<String>, body: &str) -> String {
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
    let versions = if source.history.is_some() {
        "table.versions { border-collapse: collapse; width: 100%; }\n\
         table.versions td { border: 0.5pt solid #777; padding: 1pt 3pt; vertical-align: top; }\n\
         div.lines { margin: 0 0 6pt; } div.lines p { margin: 0; }\n"
    } else {
        ""
    };
    // The change bar stands in the text's box: Chromium clips what a page
    // draws in its margin, so a bar pulled out into it is never printed.
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n\
         @page {{ margin: 20mm 15mm; {header} {footer} }}\n\
         body {{ font: 10pt/1.3 serif; }}\nh1 {{ font-size: 15pt; text-align: center; }}\n\
         h2 {{ font-size: 12pt; string-set: section content(); }}\n\
         .new {{ color: #d00000; }}\n.bar {{ border-left: 2pt solid black; padding-left: 2mm; }}\n\
         {versions}{columns}{align}</style></head>\n<body><main>\n{body}</main></body></html>\n",
        esc(&source.title)
    )
}
