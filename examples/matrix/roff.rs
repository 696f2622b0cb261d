//! A rendition as groff's `ms` input (tables by `tbl`), for groff to print
//! through ghostscript.

use std::fmt::Write as _;

use crate::design::{head_number, title_block, Design};
use crate::history::{self, History, Layout};
use crate::source::{Item, Source};

fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\e");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

pub fn roff(source: &Source, design: &Design) -> String {
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
    match (&source.history, design.layout) {
        (Some(history), Some(layout)) => history_body(history, layout, design, &mut out),
        _ => items_body(source, design, &mut out),
    }
    if design.furniture == "toc" {
        out.push_str(".1C\n.TC\n");
    }
    out
}

fn items_body(source: &Source, design: &Design, out: &mut String) {
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
}

/// A history's title (flat) or rule's heading as the heads axis sets it:
/// a section heading (`.SH`), or a paragraph of its own in bold, larger,
/// capitals, small capitals, colour or underlined.
fn history_head(text: &str, design: &Design, out: &mut String) {
    let mut shown = roff_text(text);
    if design.heads == "all-caps" || design.heads == "small-caps" {
        shown = shown.to_uppercase();
    }
    match design.heads {
        "heading" => {
            let _ = writeln!(out, ".SH\n{shown}");
        }
        "larger" => {
            let _ = writeln!(out, ".LP\n\\s+2{shown}\\s0");
        }
        "small-caps" => {
            let _ = writeln!(out, ".LP\n\\s-1{shown}\\s0");
        }
        "coloured" => {
            let _ = writeln!(out, ".LP\n\\m[blue]{shown}\\m[default]");
        }
        "underlined" => {
            let _ = writeln!(out, ".LP\n.UL \"{}\"", shown.replace('"', "\\(dq"));
        }
        _ => {
            let _ = writeln!(out, ".LP\n\\fB{shown}\\fP");
        }
    }
}

/// Lines of a paragraph, each ended by a break.
fn broken_lines(lines: &[String], out: &mut String) {
    for (n, line) in lines.iter().enumerate() {
        if n > 0 {
            out.push_str(".br\n");
        }
        let _ = writeln!(out, "{}", roff_text(line));
    }
}

/// A history in its layout: the site's list of versions, a `tbl` table a
/// rule, or a heading a rule over its versions' lines.
fn history_body(history: &History, layout: Layout, design: &Design, out: &mut String) {
    for line in &history.preamble {
        let _ = writeln!(out, ".PP\n{}", roff_text(line));
    }
    let rule_head = |rule: &str, out: &mut String| {
        if design.furniture == "changing-header" {
            let _ = writeln!(out, ".ds LH {}", roff_text(rule));
        }
        history_head(rule, design, out);
        if design.furniture == "toc" {
            let _ = writeln!(out, ".XS\n{}\n.XE", roff_text(rule));
        }
    };
    match layout {
        Layout::Flat => {
            let _ = writeln!(out, ".PP\n{}", roff_text(history::FILTER));
            // Each of a version's lines a paragraph, as the site sets each
            // in a block of its own; what ended it one paragraph, a link a
            // line.
            for version in &history.versions {
                history_head(&version.title, design, out);
                let lines = history::flat_lines(version);
                for line in &lines[..3] {
                    let _ = writeln!(out, ".LP\n{}", roff_text(line));
                }
                if lines.len() > 3 {
                    out.push_str(".LP\n");
                    broken_lines(&lines[3..], out);
                }
            }
        }
        Layout::Tables => {
            // The table fills its column: its two cells share the measure.
            let measure = match design.columns {
                1 => 6.0,
                2 => 3.1,
                _ => 2.0,
            };
            // What the table's gaps and rules leave of the measure: about half an
            // inch.
            let (left, right) = ((measure - 0.5) * 0.45, (measure - 0.5) * 0.55);
            for (rule, versions) in history.rules() {
                rule_head(rule, out);
                // A paragraph first: a table set right under `.SH` would
                // take the heading's bold.
                out.push_str(".LP\n");
                let _ = writeln!(out, ".TS\nallbox;\nlw({left:.2}i) lw({right:.2}i).");
                // A row of one cell spans both: the format changes (`.T&`)
                // where the rows change from one kind to the other.
                let mut spanning = false;
                for version in versions {
                    for row in history::table_rows(version) {
                        let cells: Vec<String> = row
                            .iter()
                            .map(|cell| {
                                let lines: Vec<String> = cell.split('\n').map(roff_text).collect();
                                format!("T{{\n{}\nT}}", lines.join("\n.br\n"))
                            })
                            .collect();
                        let span = cells.len() == 1;
                        if span && !spanning {
                            out.push_str(".T&\nl s.\n");
                        } else if !span && spanning {
                            let _ = writeln!(out, ".T&\nlw({left:.2}i) lw({right:.2}i).");
                        }
                        spanning = span;
                        let _ = writeln!(out, "{}", cells.join("\t"));
                    }
                }
                out.push_str(".TE\n");
            }
        }
        Layout::Headings => {
            for (rule, versions) in history.rules() {
                rule_head(rule, out);
                for version in versions {
                    out.push_str(".LP\n");
                    broken_lines(&history::heading_lines(version), out);
                }
            }
        }
    }
}
