//! A rendition's design: the axes a rendition is picked on, and the title
//! block its axes set.

use chrono::{Datelike, NaiveDate};

use crate::history::Layout;
use crate::source::Source;

pub const TITLE_BLOCKS: &[&str] = &[
    "banner",
    "one-line",
    "separate-lines",
    "running-header",
    "file-name",
];
pub const DATE_FORMS: &[&str] = &[
    "m/d/yy",
    "d-month-yyyy",
    "month-d-yyyy",
    "iso",
    "parenthesized",
    "month-only",
    "version-month",
];
pub const HEADS: &[&str] = &[
    "bold-dash",
    "bold-own-line",
    "larger",
    "all-caps",
    "small-caps",
    "coloured",
    "underlined",
    "numbered",
];
pub const NEW_MARKERS: &[&str] = &["asterisk", "colour", "new-tag", "margin-bar"];
pub const FURNITURE: &[&str] = &["none", "page-numbers", "changing-header", "toc"];
/// The manifest's columns: `layout` is a history's (`-` for any other
/// source).
pub const MANIFEST_HEADER: &str = "file\tdocument\tproducer\tform\ttitle_block\tdate_form\tday_given\theads\tnew_marker\tcolumns\tjustified\tfurniture\tlayout";

/// One rendition's axis values.
#[derive(Clone)]
pub struct Design {
    pub file: String,
    pub document: String,
    pub producer: &'static str,
    pub form: &'static str,
    pub title_block: &'static str,
    pub date_form: &'static str,
    pub heads: &'static str,
    pub new_marker: &'static str,
    pub columns: u8,
    pub justified: bool,
    pub furniture: &'static str,
    /// A history's layout; none for any other source.
    pub layout: Option<Layout>,
}

/// The date as the date axis prints it; never another date.
pub fn printed_date(date: NaiveDate, form: &str) -> String {
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

/// The title block's lines (the source's own lines around its title, the
/// title, and the date as the axes set them), which of them is the title,
/// and the running header. A history prints no date over its list: its
/// newest version dates it.
pub fn title_block(source: &Source, design: &Design) -> (Vec<String>, usize, Option<String>) {
    // A title that prints its own version ("Rules Compendium, Version
    // 2.7.4") takes the version line's month after a dash, not a second
    // version.
    let versioned = source.title.to_lowercase().contains("version");
    let date = if source.history.is_some() {
        None
    } else if versioned && design.date_form == "version-month" {
        Some(printed_date(source.date, "month-only"))
    } else {
        Some(printed_date(source.date, design.date_form))
    };
    let title = source.title.clone();
    let mut lines: Vec<String> = Vec::new();
    if design.title_block == "banner" && source.before_title.is_empty() {
        lines.extend(BANNER.iter().map(|s| s.to_string()));
    }
    lines.extend(source.before_title.iter().cloned());
    let at = lines.len();
    let mut running = None;
    match (design.title_block, &date) {
        ("one-line", Some(date)) if versioned => lines.push(format!("{title} — {date}")),
        ("one-line", Some(date)) => lines.push(format!("{title} {date}")),
        ("running-header", Some(date)) => {
            running = Some(format!("{title} — {date}"));
            lines.push(title);
        }
        ("running-header", None) => {
            running = Some(title.clone());
            lines.push(title);
        }
        _ => lines.push(title),
    }
    lines.extend(source.after_title.iter().cloned());
    if let Some(date) = date.filter(|_| matches!(design.title_block, "banner" | "separate-lines")) {
        lines.push(date);
    }
    (lines, at, running)
}

/// A head's number where the heads axis numbers them: `2.3 `.
pub fn head_number(sections: usize, entries: usize) -> String {
    format!("{}.{} ", sections.max(1), entries)
}
