//! A rendition as the text a TD saves from a browser or pastes.

use std::fmt::Write as _;

use crate::design::{title_block, Design};
use crate::history::{self, History, Layout};
use crate::source::{Item, Source};

/// The page's text as a browser saves it: block breaks kept, the site's menu
/// and footer left in.
pub fn saved_text(source: &Source, design: &Design) -> String {
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
pub fn pasted_text(source: &Source, design: &Design, rng: &mut fastrand::Rng) -> String {
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
    if let (Some(history), Some(layout)) = (&source.history, design.layout) {
        return history_text(history, layout, gap);
    }
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

/// A history's text in its layout: each block (a title, a line, a table's
/// row with its cells a tab apart, as a browser copies them) followed by
/// `gap`. A cell's lines (the links) are lines of their own.
fn history_text(history: &History, layout: Layout, gap: &str) -> String {
    let mut out = String::new();
    let mut block = |text: &str| {
        let _ = write!(out, "{text}{gap}");
    };
    for line in &history.preamble {
        block(line);
    }
    match layout {
        Layout::Flat => {
            block(history::FILTER);
            for version in &history.versions {
                block(&version.title);
                for line in history::flat_lines(version) {
                    block(&line);
                }
            }
        }
        Layout::Tables => {
            for (rule, versions) in history.rules() {
                block(rule);
                for version in versions {
                    for row in history::table_rows(version) {
                        block(&row.join("\t"));
                    }
                }
            }
        }
        Layout::Headings => {
            for (rule, versions) in history.rules() {
                block(rule);
                for version in versions {
                    for line in history::heading_lines(version) {
                        block(&line);
                    }
                }
            }
        }
    }
    out
}
