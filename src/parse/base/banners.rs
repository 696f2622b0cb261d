//! What is printed around a base document's parts rather than in them:
//! its title among the banners above it (a site's menu, the edition they
//! name, a version line that dates it) and the letters set over an
//! alphabet's entries.

use super::*;

/// The words of a banner line above the title that name the edition
/// ("First Edition").
pub(super) fn banner_edition(
    lines: &[&str],
    skip: usize,
    cue: Option<(usize, ReleaseKind)>,
) -> Option<String> {
    let (end, _) = cue?;
    (skip..end).find_map(|i| super::super::about::edition_named(lines[i]))
}

/// Whether a line is a letter set over the entries that begin with it in
/// an alphabetical list ("A", "## B", "— C —").
pub(super) fn is_letter_divider(line: &str) -> bool {
    let bare = super::super::lines::heading_words(line);
    let bare = bare.trim_matches(|c: char| matches!(c, '—' | '–' | '-' | ' ' | '*'));
    let mut letters = bare.chars();
    matches!((letters.next(), letters.next()), (Some(c), None) if c.is_ascii_uppercase())
}

/// The date of a version line among the banners above the title
/// ("Version 2.5.6 — June 2024"): its line, the date and how much of it
/// was printed.
pub(super) fn banner_version_date(
    lines: &[&str],
    skip: usize,
    cue: Option<(usize, ReleaseKind)>,
) -> Option<(usize, chrono::NaiveDate, crate::model::DatePrecision)> {
    // The title's own line too, where a copy ran the version onto it, and
    // the short lines under it.
    let end = title_block_end(lines, cue)?;
    (skip..=end).find_map(|i| {
        let line = lines[i];
        if !super::super::about::is_version_line(line) {
            return None;
        }
        let (start, stop, date) = *crate::dates::find_dates(line).first()?;
        let precision = if crate::dates::month_only(&line[start..stop]) {
            crate::model::DatePrecision::Month
        } else {
            crate::model::DatePrecision::Day
        };
        Some((i, date, precision))
    })
}

/// The last line of the title block: the line that names the base, and
/// the short lines under it before the first paragraph or section head (a
/// version line, a date: "Version 5.1 – May 2023", set bold or not).
pub(super) fn title_block_end(lines: &[&str], cue: Option<(usize, ReleaseKind)>) -> Option<usize> {
    let (title, _) = cue?;
    let under = (title + 1..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .take(UNDER_TITLE)
        .take_while(|&i| {
            let bare = lines[i]
                .trim()
                .trim_start_matches('#')
                .trim()
                .trim_matches('*');
            bare.split_whitespace().count() <= TITLE_WORDS
                && !bare.ends_with(['.', ':'])
                && section_head(lines[i]).is_none()
                && part_heading(bare).is_none()
        })
        .last();
    Some(under.unwrap_or(title))
}

/// Moves the entries the rulings reader made of the title block's lines
/// into the front matter: they are never entries, however a copy set them
/// (a printer that set a title and its version line bold, which the
/// rulings reader takes for heads).
pub(super) fn title_block_to_front(
    release: &mut Release,
    lines: &[&str],
    parts: &[Part],
    cue: Option<(usize, ReleaseKind)>,
) {
    let Some(end) = title_block_end(lines, cue) else {
        return;
    };
    let (block, entries): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut release.entries)
        .into_iter()
        .partition(|e| e.line - 1 <= end && parts.get(e.line - 1) == Some(&Part::Front));
    release.entries = entries;
    release
        .front
        .extend(block.into_iter().map(|e| FrontParagraph {
            line: e.line,
            end_line: e.line,
            text: lines[e.line - 1].trim_end().to_string(),
        }));
}

/// How many short lines under the title may still be its block.
const UNDER_TITLE: usize = 3;

/// The line (index from the top of `text`) of the title block that names a
/// base, and the base it names. The title block is the run of short lines
/// before the first paragraph or entry, banners included ("Star Trek
/// Customizable Card Game", "The Continuing Committee", "Version 1.9.1",
/// "November 2021"), in any order: the first of its lines that names a
/// document decides, so a block naming rulings or updates first ("Recent
/// Rulings Document", "GLOSSARY UPDATES") is a rulings document's.
pub fn title_cue(text: &str, skip: usize) -> Option<(usize, ReleaseKind)> {
    let lines = text
        .split('\n')
        .enumerate()
        .skip(skip)
        .filter(|(_, l)| !l.trim().is_empty())
        .take(TITLE_BLOCK_LINES);
    for (i, line) in lines {
        let bare = line.trim().trim_start_matches('#').trim().trim_matches('*');
        let lower = bare.to_lowercase();
        let short = bare.split_whitespace().count() <= TITLE_WORDS
            && !bare.ends_with('.')
            && !bare.contains(" – ")
            && !bare.contains(" - ");
        if !short && !bare.contains(". ") && !bare.ends_with('.') {
            // A title a copy ran its page's tabs and version onto ("STAR
            // TREK CUSTOMIZABLE CARD GAME RULEBOOK - BASIC RULES - ADVANCED
            // RULES Version 2.5.6 — June 2024"): its name is what comes
            // before the first dash.
            let lead = bare.split(" - ").next().unwrap_or(bare);
            let lead = lead.split(" – ").next().unwrap_or(lead).trim();
            if lead.len() < bare.len() {
                if let Some(kind) = title_kind(lead) {
                    return Some((i, kind));
                }
            }
        }
        if !short && is_menu(bare) {
            // A site's menu printed above the title (a saved or printed
            // web page) is a banner, no paragraph.
            continue;
        }
        if !short || section_head(line).is_some() {
            return None;
        }
        let named = title_kind(line);
        // An interim ruling of Organized Play is read by its sections,
        // though its title says "ruling".
        if named == Some(ReleaseKind::InterimRuling) {
            return Some((i, ReleaseKind::InterimRuling));
        }
        if ["ruling", "update", "errata"]
            .iter()
            .any(|w| lower.contains(w))
        {
            return None;
        }
        if let Some(kind) = named {
            return Some((i, kind));
        }
    }
    None
}

/// Whether a long line is a menu: names side by side, each word of it
/// capitalized or a number, no sentence ("The Continuing Committee What's
/// New Dashboard Articles Forums …").
fn is_menu(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let capitalized = words
        .iter()
        .filter(|w| w.starts_with(|c: char| c.is_uppercase() || !c.is_alphabetic()))
        .count();
    !line.contains(". ")
        && !line.ends_with(['.', '!', '?', ':'])
        && capitalized * 10 >= words.len() * 9
}
