//! The line that dates a document: a title with its date, a short line
//! that is mostly a date, or a line whose first words say the rulings were
//! updated, released or revised, and then give the date.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

/// Words of a line that dates the document ("Rulings Updated: 11/19/01",
/// "CURRENT RULINGS UPDATE 5/14/01", "Released 3/2/99 (Revised 3/9/99)").
static DATING_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(rulings?|rules|updated?|released|revised|effective|edition|faq|errata|document)\b",
    )
    .expect("valid regex")
});
/// A revision date wins over the first printing's.
static REVISED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:revised|updated|revision|rev\.)\b[\s:,(-]*").expect("valid regex")
});
/// A dating line names its date within its first words.
const DATE_WITHIN_WORDS: usize = 12;
/// A line of at most this many words besides its date dates the document.
const SHORT_DATING_LINE: usize = 6;

/// The date a line gives the document, if it is a dating line: a title
/// with its date, a short line that is mostly a date, or a line whose first
/// words say rulings/update/released/revised and then give a date. A long
/// preamble sentence that mentions an earlier document's date is not one,
/// nor an archive's date range.
/// "12 Jan 1999 - 30 Aug 2003": an archive's range, not a date.
pub(super) fn is_range(text: &str, dates: &[(usize, usize, NaiveDate)]) -> bool {
    dates.len() >= 2 && {
        let between = text[dates[0].1..dates[1].0].trim();
        between.is_empty()
            || between.eq_ignore_ascii_case("to")
            || between.chars().all(|c| matches!(c, '-' | '–' | '—' | ' '))
    }
}

pub fn dating_line(text: &str, is_title: bool) -> Option<NaiveDate> {
    let t = text.trim().trim_start_matches('#').trim();
    let dates = crate::dates::find_dates(t);
    let (first_start, _, first) = *dates.first()?;
    if is_range(t, &dates) {
        return None;
    }
    let words_before = t[..first_start].split_whitespace().count();
    let mut rest = t.to_string();
    for (start, end, _) in dates.iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    let other_words = rest.split_whitespace().count();
    let lead: String = t.split_whitespace().take(8).collect::<Vec<_>>().join(" ");
    let dating = is_title
        || other_words <= SHORT_DATING_LINE
        || (words_before <= DATE_WITHIN_WORDS && DATING_WORDS.is_match(&lead));
    if !dating {
        return None;
    }
    let revised = REVISED.find_iter(t).find_map(|m| {
        dates
            .iter()
            .find(|(start, _, _)| *start == m.end())
            .map(|(_, _, d)| *d)
    });
    Some(revised.unwrap_or(first))
}
