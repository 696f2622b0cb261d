//! What is printed around a base document's parts rather than in them:
//! the banners above its title (the edition they name, a version line
//! that dates it) and the letters set over an alphabet's entries.

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
    let (end, _) = cue?;
    (skip..end).find_map(|i| {
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
