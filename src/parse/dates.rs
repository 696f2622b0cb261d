//! Dates as the documents print them: "03 November 2014", "3/27/00",
//! "2016-09-19", "February 6, 2012".

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

static ISO: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b").expect("valid regex"));
static DAY_MONTH_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(\d{1,2})\s+(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{4})\b").expect("valid regex")
});
static MONTH_DAY_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2}),?\s+(\d{4})\b").expect("valid regex")
});
static SLASHED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\b").expect("valid regex"));

fn month_number(name: &str) -> Option<u32> {
    let lower = name.to_ascii_lowercase();
    MONTHS
        .iter()
        .position(|m| *m == lower)
        .map(|i| i as u32 + 1)
}

/// The first date printed in `text`, in any of the shapes the documents use.
/// Two-digit years are read as 19xx from 94 (the game began in 1994), else 20xx.
pub fn find_date(text: &str) -> Option<NaiveDate> {
    let mut found: Vec<(usize, NaiveDate)> = Vec::new();
    for c in ISO.captures_iter(text) {
        let date =
            NaiveDate::from_ymd_opt(c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?);
        if let Some(d) = date {
            found.push((c.get(0)?.start(), d));
        }
    }
    for c in DAY_MONTH_YEAR.captures_iter(text) {
        let date =
            NaiveDate::from_ymd_opt(c[3].parse().ok()?, month_number(&c[2])?, c[1].parse().ok()?);
        if let Some(d) = date {
            found.push((c.get(0)?.start(), d));
        }
    }
    for c in MONTH_DAY_YEAR.captures_iter(text) {
        let date =
            NaiveDate::from_ymd_opt(c[3].parse().ok()?, month_number(&c[1])?, c[2].parse().ok()?);
        if let Some(d) = date {
            found.push((c.get(0)?.start(), d));
        }
    }
    for c in SLASHED.captures_iter(text) {
        let mut year: i32 = c[3].parse().ok()?;
        if c[3].len() == 2 {
            year += if year >= 94 { 1900 } else { 2000 };
        }
        if let Some(d) = NaiveDate::from_ymd_opt(year, c[1].parse().ok()?, c[2].parse().ok()?) {
            found.push((c.get(0)?.start(), d));
        }
    }
    found.into_iter().min_by_key(|(at, _)| *at).map(|(_, d)| d)
}

/// A date given by a user: YYYY-MM-DD, or any shape [`find_date`] reads.
pub fn parse_user_date(text: &str) -> Option<NaiveDate> {
    let trimmed = text.trim();
    if let Ok(d) = NaiveDate::parse_from_str(trimmed, "%Y-%m-%d") {
        return Some(d);
    }
    find_date(trimmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn every_printed_shape() {
        assert_eq!(find_date("(03 November 2014)"), Some(ymd(2014, 11, 3)));
        assert_eq!(find_date("(7 November 2022)"), Some(ymd(2022, 11, 7)));
        assert_eq!(find_date("3/27/00"), Some(ymd(2000, 3, 27)));
        assert_eq!(find_date("2/28/99"), Some(ymd(1999, 2, 28)));
        assert_eq!(find_date("Set Up 2016-09-19"), Some(ymd(2016, 9, 19)));
        assert_eq!(find_date("February 6, 2012"), Some(ymd(2012, 2, 6)));
        assert_eq!(find_date("no date here"), None);
        assert_eq!(find_date("31 February 2014"), None);
    }

    #[test]
    fn the_first_date_wins() {
        assert_eq!(find_date("2016-09-19 and 3/27/00"), Some(ymd(2016, 9, 19)));
        assert_eq!(find_date("3/27/00 and 2016-09-19"), Some(ymd(2000, 3, 27)));
    }
}
