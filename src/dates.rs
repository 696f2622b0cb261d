//! Dates as the documents print them: "03 November 2014", "3/27/00",
//! "2016-09-19", "February 6, 2012".

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

mod typed;
pub use typed::*;

/// Today, the default date of every question.
pub fn today() -> NaiveDate {
    chrono::Local::now().date_naive()
}

/// The months, lowercase, January first.
pub const MONTHS: [&str; 12] = [
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
const MONTH: &str = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?";
static DAY_MONTH_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(\d{{1,2}})(?:st|nd|rd|th)?\s*(?:of\s+)?{MONTH},?\s+(\d{{4}})\b"
    ))
    .expect("valid regex")
});
static MONTH_DAY_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b{MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"
    ))
    .expect("valid regex")
});
/// "March 2019": a month's rules update, dated the first of the month.
static MONTH_YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?i)\b{MONTH},?\s+(\d{{4}})\b")).expect("valid regex"));
static SLASHED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\b").expect("valid regex"));
/// A date in a file name: `…_20010226…`, `…2001-02-26…`, `…2001_02_26…`.
static FILE_NAME_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^0-9])((?:19|20)\d{2})[-_.]?(\d{2})[-_.]?(\d{2})(?:[^0-9]|$)")
        .expect("valid regex")
});

fn month_number(name: &str) -> Option<u32> {
    let lower = name.trim_end_matches('.').to_ascii_lowercase();
    let prefix = lower.get(..3)?;
    MONTHS
        .iter()
        .position(|m| m.starts_with(prefix) && m.starts_with(lower.as_str()))
        .map(|i| i as u32 + 1)
}

fn full_year(digits: &str) -> Option<i32> {
    let year: i32 = digits.parse().ok()?;
    Some(if digits.len() == 2 {
        year + if year >= 94 { 1900 } else { 2000 }
    } else {
        year
    })
}

/// Every date printed in `text`, as (start, end, date), in order of
/// position; where two shapes overlap ("March 2, 2019" and "March … 2019")
/// the one that starts first and is longest wins.
/// Two-digit years are read as 19xx from 94 (the game began in 1994), else 20xx.
pub fn find_dates(text: &str) -> Vec<(usize, usize, NaiveDate)> {
    // Every shape holds a year in ASCII digits (other digits do not parse):
    // most lines have none, and this is asked of every short line.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    let mut found: Vec<(usize, usize, NaiveDate)> = Vec::new();
    let mut push = |m: regex::Match, y: Option<i32>, mo: Option<u32>, d: Option<u32>| {
        // The last part of a dotted number is no day: "Version 2.7.4
        // October 2022" is October, not its 4th; "v1.9.1/2/21" no date.
        if ends_dotted_number(&text[..m.start()]) {
            return;
        }
        if let (Some(y), Some(mo), Some(d)) = (y, mo, d) {
            if let Some(date) = NaiveDate::from_ymd_opt(y, mo, d) {
                found.push((m.start(), m.end(), date));
            }
        }
    };
    for c in ISO.captures_iter(text) {
        push(
            c.get(0).expect("whole match"),
            c[1].parse().ok(),
            c[2].parse().ok(),
            c[3].parse().ok(),
        );
    }
    for c in DAY_MONTH_YEAR.captures_iter(text) {
        push(
            c.get(0).expect("whole match"),
            c[3].parse().ok(),
            month_number(&c[2]),
            c[1].parse().ok(),
        );
    }
    for c in MONTH_DAY_YEAR.captures_iter(text) {
        push(
            c.get(0).expect("whole match"),
            c[3].parse().ok(),
            month_number(&c[1]),
            c[2].parse().ok(),
        );
    }
    for c in SLASHED.captures_iter(text) {
        push(
            c.get(0).expect("whole match"),
            full_year(&c[3]),
            c[1].parse().ok(),
            c[2].parse().ok(),
        );
    }
    for c in MONTH_YEAR.captures_iter(text) {
        // "31 February 2014" is no date, not February 2014.
        let before = text[..c.get(0).expect("whole match").start()].trim_end();
        if (before.ends_with(|ch: char| ch.is_ascii_digit()) && !ends_dotted_number(before))
            || ["st", "nd", "rd", "th", "of"]
                .iter()
                .any(|s| before.ends_with(s))
        {
            continue;
        }
        push(
            c.get(0).expect("whole match"),
            c[2].parse().ok(),
            month_number(&c[1]),
            Some(1),
        );
    }
    found.sort_by_key(|(start, end, _)| (*start, std::cmp::Reverse(*end)));
    let mut kept: Vec<(usize, usize, NaiveDate)> = Vec::with_capacity(found.len());
    for f in found {
        if kept.last().is_none_or(|(_, end, _)| f.0 >= *end) {
            kept.push(f);
        }
    }
    kept
}

/// Whether `before` ends in a dotted number ("2.7.4", "1.9."): the digits
/// right after such a number continue it, and a number ending it is no day.
fn ends_dotted_number(before: &str) -> bool {
    let digits = before.trim_end_matches(|c: char| c.is_ascii_digit());
    let Some(dotted) = digits.strip_suffix('.') else {
        return false;
    };
    dotted.ends_with(|c: char| c.is_ascii_digit())
}

/// Whether a date as printed names only its month ("April 2024", "May,
/// 2013"): such a date is in force from the first of the month, and the day
/// was not given.
pub fn month_only(printed: &str) -> bool {
    static WHOLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"(?i)^{MONTH},?\s+(\d{{4}})$")).expect("valid regex")
    });
    WHOLE.is_match(printed.trim())
}

/// The first date printed in `text`, in any of the shapes the documents use.
pub fn find_date(text: &str) -> Option<NaiveDate> {
    find_dates(text).first().map(|(_, _, d)| *d)
}

/// The date a file's name carries, if any.
pub fn file_name_date(file: &str) -> Option<NaiveDate> {
    let name = std::path::Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    FILE_NAME_DATE.captures_iter(&name).find_map(|c| {
        NaiveDate::from_ymd_opt(c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?)
    })
}

/// Reads a date as a user types it, the day taken (see [`read_date`],
/// which says how it was read).
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    read_date(text).map(|d| d.date)
}

/// Whether a text is made of a date's parts only: numbers, separators and
/// month names (so that a release id holding a date is not a date).
pub fn is_only_a_date(text: &str) -> bool {
    let has_digit = text.chars().any(|c| c.is_ascii_digit());
    let parts_ok = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .all(|w| {
            let lower = w.to_lowercase();
            let number = lower.trim_end_matches(['s', 't', 'n', 'd', 'r', 'h']);
            number.chars().all(|c| c.is_ascii_digit()) && !number.is_empty()
                || (lower.len() >= 3 && MONTHS.iter().any(|m| m.starts_with(&lower)))
        });
    let separators_ok = text
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '/' | '.' | ',' | ' '));
    has_digit && parts_ok && separators_ok
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
        // A year in other digits is no date: only ASCII digits are read.
        assert_eq!(find_date("3 March ٢٠١٩"), None);
        assert_eq!(find_date("٢٠١٩-03-04"), None);
    }

    #[test]
    fn the_family_shapes() {
        assert_eq!(find_date("2nd March 2019"), Some(ymd(2019, 3, 2)));
        assert_eq!(find_date("Rules Update, March 2019"), Some(ymd(2019, 3, 1)));
        assert_eq!(find_date("March 2, 2019"), Some(ymd(2019, 3, 2)));
        assert_eq!(find_date("12 Jan 1999"), Some(ymd(1999, 1, 12)));
        assert_eq!(
            find_date("Rulings Updated: 11/19/01"),
            Some(ymd(2001, 11, 19))
        );
        assert_eq!(find_date("7/31/2000"), Some(ymd(2000, 7, 31)));
        assert_eq!(find_dates("12 Jan 1999 - 30 Aug 2003").len(), 2);
        assert_eq!(find_date("you may 2 players"), None);
        assert_eq!(file_name_date("cr_20010226.txt"), Some(ymd(2001, 2, 26)));
        assert_eq!(
            file_name_date("dir/rulings-2001-02-26-web.html.txt"),
            Some(ymd(2001, 2, 26))
        );
        assert_eq!(file_name_date("000_f0bed521367483e5.txt"), None);
    }

    #[test]
    fn a_month_is_marked_as_a_month() {
        let text = "Version 2.5.4 — April 2024";
        let (start, end, date) = find_dates(text)[0];
        assert_eq!(date, ymd(2024, 4, 1));
        assert!(month_only(&text[start..end]));
        let text = "Version 2.7.4 (3 August 2026)";
        let (start, end, date) = find_dates(text)[0];
        assert_eq!(date, ymd(2026, 8, 3));
        assert!(!month_only(&text[start..end]));
        assert!(month_only("May, 2013"));
        assert!(!month_only("3/27/00"));
    }

    #[test]
    fn a_version_numbers_last_part_is_no_day() {
        // "Version 2.7.4 October 2022": October, not its 4th.
        let text = "Rules Compendium, Version 2.7.4 October 2022";
        let (start, end, date) = find_dates(text)[0];
        assert_eq!(date, ymd(2022, 10, 1));
        assert!(month_only(&text[start..end]));
        assert_eq!(find_dates("Version 1.9.11/1/21").len(), 0);
        // A day still reads after a plain number or a sentence's full stop.
        assert_eq!(find_date("Errata. 3 May 2021"), Some(ymd(2021, 5, 3)));
        assert_eq!(find_date("31 February 2014"), None);
    }

    #[test]
    fn a_day_run_into_its_month_is_read() {
        // Justified text copied without its spaces: "1November 2021".
        assert_eq!(find_date("1November 2021"), Some(ymd(2021, 11, 1)));
        assert_eq!(find_date("3October 2022"), Some(ymd(2022, 10, 3)));
    }

    #[test]
    fn the_first_date_wins() {
        assert_eq!(find_date("2016-09-19 and 3/27/00"), Some(ymd(2016, 9, 19)));
        assert_eq!(find_date("3/27/00 and 2016-09-19"), Some(ymd(2000, 3, 27)));
    }

    #[test]
    fn one_date_parser_reads_every_printed_shape() {
        let day = NaiveDate::from_ymd_opt(2000, 3, 27).unwrap();
        for text in [
            "2000-03-27",
            "3/27/00",
            "3/27/2000",
            "27 March 2000",
            "March 27, 2000",
        ] {
            assert_eq!(parse_date(text), Ok(day), "{text}");
        }
        assert!(parse_date("2014-11-31").is_err());
        assert_eq!(parse_date("Today"), Ok(today()));
        assert!(parse_date("1e-2014-11-03-crd").is_err());
    }
}
