//! Dates as a user types them: `--as-of`, a side of `diff`, the page's and
//! the API's `as_of`. Read whole (a text holding a date is no date), and
//! said back when it was read one of two ways.
//!
//! The rule for a numeric date whose first two numbers could each be the
//! month (05/06/2024): month first, the order the rulings documents print
//! their dates in (3/27/00, 11/19/01). A date that cannot be read month
//! first (13/01/2025: there is no month 13) is read day first. Every other
//! shape has one reading: YYYY-MM-DD, YYYY-MM (the month, from its first
//! day), and month names in any case ("6 may 2024", "May 6, 2024",
//! "JUNE 2024").

use chrono::NaiveDate;

use super::{full_year, month_number, today};

/// A date as typed, and how it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserDate {
    /// The text as typed, trimmed.
    pub typed: String,
    /// The day taken.
    pub date: NaiveDate,
    pub reading: Reading,
}

/// How a typed date was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// One way only.
    Only,
    /// Month first, as the rule says; read day first it is `day_first`.
    TwoWays { day_first: NaiveDate },
    /// Day first, since it is no day month first (no month 13).
    DayFirst { month: u32 },
}

/// A day as a person says it: "6 May 2024".
pub fn spoken(date: NaiveDate) -> String {
    date.format("%-d %B %Y").to_string()
}

impl UserDate {
    /// What to say on stderr about how the date was read: for a date read
    /// one of two ways, or read day first.
    pub fn note(&self) -> Option<String> {
        match self.reading {
            Reading::Only => None,
            Reading::TwoWays { day_first } => Some(format!(
                "note: `{}` reads two ways; taken month first, as the rulings documents print dates: {} (for {}, type {})",
                self.typed,
                spoken(self.date),
                spoken(day_first),
                day_first.format("%Y-%m-%d"),
            )),
            Reading::DayFirst { month } => Some(format!(
                "note: `{}` read day first, as {}: there is no month {month}",
                self.typed,
                spoken(self.date),
            )),
        }
    }

    /// Both readings of a date that reads two ways: month first, day first.
    pub fn readings(&self) -> Option<[NaiveDate; 2]> {
        match self.reading {
            Reading::TwoWays { day_first } => Some([self.date, day_first]),
            _ => None,
        }
    }

    /// Why a program may not be given this date (a program must not be
    /// answered on a guess): it reads two ways.
    pub fn ambiguity(&self) -> Option<String> {
        let [month_first, day_first] = self.readings()?;
        Some(format!(
            "`{}` reads two ways: {} (month first) or {} (day first); give it as YYYY-MM-DD: {} or {}",
            self.typed,
            spoken(month_first),
            spoken(day_first),
            month_first.format("%Y-%m-%d"),
            day_first.format("%Y-%m-%d"),
        ))
    }
}

const USE_ISO: &str = "use YYYY-MM-DD, e.g. 2014-11-03";

/// A date as a user types it, whole: the one date reader of every option
/// and parameter. `today` is today.
pub fn read_date(text: &str) -> Result<UserDate, String> {
    let typed = text.trim();
    let only = |date| UserDate {
        typed: typed.to_string(),
        date,
        reading: Reading::Only,
    };
    if typed.eq_ignore_ascii_case("today") {
        return Ok(only(today()));
    }
    let not_a_date = || format!("`{typed}` is not a date ({USE_ISO})");
    let no_such_day = |why: String| format!("`{typed}` is no such day: {why} ({USE_ISO})");
    if let Some(numbers) = numeric(typed) {
        return match numbers[..] {
            // Year first: YYYY-MM-DD, YYYY-MM.
            [(y, 4), (m, 1..=2), (d, 1..=2)] => day(y as i32, m, d).map(only).map_err(no_such_day),
            [(y, 4), (m, 1..=2)] => day(y as i32, m, 1).map(only).map_err(no_such_day),
            // Year last: the two readings.
            [(a, 1..=2), (b, 1..=2), (y, 2 | 4)] => {
                let year = full_year(&format!("{y:0width$}", width = numbers[2].1))
                    .ok_or_else(not_a_date)?;
                two_ways(typed, year, a, b).map_err(no_such_day)
            }
            _ => Err(not_a_date()),
        };
    }
    let (y, m, d) = named(typed).ok_or_else(not_a_date)?;
    day(y, m, d).map(only).map_err(no_such_day)
}

/// Why a text shaped like a date is no day: "there is no month 13 (use
/// YYYY-MM-DD, …)".
pub fn why_no_day(text: &str) -> String {
    match read_date(text) {
        Err(why) => why
            .split_once(" is no such day: ")
            .map_or(why.clone(), |(_, why)| format!("no such day: {why}")),
        Ok(_) => format!("no such day ({USE_ISO})"),
    }
}

/// The day a date typed with the year last stands for: month first, else
/// day first; why neither is a day if neither is.
fn two_ways(typed: &str, year: i32, a: u32, b: u32) -> Result<UserDate, String> {
    let user = |date, reading| UserDate {
        typed: typed.to_string(),
        date,
        reading,
    };
    match (day(year, a, b), day(year, b, a)) {
        (Ok(month_first), Ok(day_first)) if month_first != day_first => {
            Ok(user(month_first, Reading::TwoWays { day_first }))
        }
        (Ok(month_first), _) => Ok(user(month_first, Reading::Only)),
        (Err(_), Ok(day_first)) => Ok(user(day_first, Reading::DayFirst { month: a })),
        (Err(month_first), Err(day_first)) if month_first == day_first => Err(month_first),
        (Err(month_first), Err(day_first)) => Err(format!(
            "month first, {month_first}; day first, {day_first}"
        )),
    }
}

/// The day, or why there is none.
fn day(year: i32, month: u32, day: u32) -> Result<NaiveDate, String> {
    if !(1..=12).contains(&month) {
        return Err(format!("there is no month {month}"));
    }
    if day == 0 {
        return Err("there is no day 0".to_string());
    }
    NaiveDate::from_ymd_opt(year, month, day).ok_or_else(|| {
        let first = NaiveDate::from_ymd_opt(year, month, 1).expect("a month's first day");
        let days = first
            .checked_add_months(chrono::Months::new(1))
            .map_or(31, |next| next.signed_duration_since(first).num_days());
        format!("{} {year} has {days} days", first.format("%B"))
    })
}

/// The numbers of a date written in numbers only, with the count of digits
/// of each: `2024-06-05`, `05/06/2024`, `2024/06`; one separator
/// throughout (`-`, `/` or `.`).
fn numeric(text: &str) -> Option<Vec<(u32, usize)>> {
    let separator = text.chars().find(|c| matches!(c, '-' | '/' | '.'))?;
    let parts: Vec<&str> = text.split(separator).collect();
    if !(2..=3).contains(&parts.len())
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    parts
        .iter()
        .map(|p| p.parse().ok().map(|n| (n, p.len())))
        .collect()
}

/// Year, month and day of a date that names its month: "6 May 2024",
/// "May 6, 2024", "the 6th of May 2024" without "the", "June 2024" (its
/// first day), "2024 June"; any case, the month's name whole or cut to
/// three letters or more.
fn named(text: &str) -> Option<(i32, u32, u32)> {
    enum Part {
        Number(u32, usize),
        Ordinal(u32),
        Month(u32),
    }
    let mut parts = Vec::new();
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        let lower = word.to_lowercase();
        if lower == "of" {
            continue;
        }
        let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &lower[digits.len()..];
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            let n = digits.parse().ok()?;
            match suffix {
                "" => parts.push(Part::Number(n, digits.len())),
                "st" | "nd" | "rd" | "th" => parts.push(Part::Ordinal(n)),
                _ => return None,
            }
        } else {
            let name = lower.trim_end_matches('.');
            if name.len() < 3 || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
                return None;
            }
            parts.push(Part::Month(month_number(name)?));
        }
    }
    let day = |p: &Part| match p {
        Part::Number(n, 1..=2) | Part::Ordinal(n) => Some(*n),
        _ => None,
    };
    let year = |p: &Part| match p {
        Part::Number(n, 4) => Some(*n as i32),
        _ => None,
    };
    match &parts[..] {
        [d, Part::Month(m), y] | [Part::Month(m), d, y] => Some((year(y)?, *m, day(d)?)),
        [Part::Month(m), y] | [y, Part::Month(m)] => Some((year(y)?, *m, 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn read(text: &str) -> (NaiveDate, Reading) {
        let d = read_date(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (d.date, d.reading)
    }

    #[test]
    fn iso_and_month_names_read_one_way() {
        for (text, date) in [
            ("2024-06-05", ymd(2024, 6, 5)),
            ("2024/06/05", ymd(2024, 6, 5)),
            ("2024-06", ymd(2024, 6, 1)),
            ("6 may 2024", ymd(2024, 5, 6)),
            ("6 May 2024", ymd(2024, 5, 6)),
            ("May 6, 2024", ymd(2024, 5, 6)),
            ("6th of May 2024", ymd(2024, 5, 6)),
            ("JUNE 2024", ymd(2024, 6, 1)),
            ("Sept 2024", ymd(2024, 9, 1)),
            ("  3 Nov. 2014 ", ymd(2014, 11, 3)),
            // The same either way round is no question.
            ("05/05/2024", ymd(2024, 5, 5)),
            ("3/27/00", ymd(2000, 3, 27)),
        ] {
            assert_eq!(read(text), (date, Reading::Only), "{text}");
        }
    }

    #[test]
    fn a_date_read_two_ways_is_taken_month_first_and_names_both() {
        let d = read_date("05/06/2024").unwrap();
        assert_eq!(d.date, ymd(2024, 5, 6));
        assert_eq!(
            d.reading,
            Reading::TwoWays {
                day_first: ymd(2024, 6, 5)
            }
        );
        let note = d.note().unwrap();
        assert!(note.contains("6 May 2024"), "{note}");
        assert!(note.contains("5 June 2024"), "{note}");
        assert!(note.contains("2024-06-05"), "{note}");
        assert_eq!(d.readings(), Some([ymd(2024, 5, 6), ymd(2024, 6, 5)]));
        let why = d.ambiguity().unwrap();
        assert!(
            why.contains("2024-05-06") && why.contains("2024-06-05"),
            "{why}"
        );
        assert_eq!(read("5.6.24").1, d.reading);
    }

    #[test]
    fn a_date_no_day_month_first_is_read_day_first_and_said() {
        let d = read_date("13/01/2025").unwrap();
        assert_eq!(d.date, ymd(2025, 1, 13));
        assert_eq!(d.reading, Reading::DayFirst { month: 13 });
        assert!(d.note().unwrap().contains("no month 13"));
        assert_eq!(d.ambiguity(), None);
    }

    #[test]
    fn a_date_no_day_either_way_says_why() {
        let both = read_date("13/13/2025").unwrap_err();
        assert!(both.contains("no such day: there is no month 13"), "{both}");
        let each = read_date("02/30/2024").unwrap_err();
        assert!(
            each.contains(
                "month first, February 2024 has 29 days; day first, there is no month 30"
            ),
            "{each}"
        );
        let iso = read_date("2014-11-31").unwrap_err();
        assert!(iso.contains("November 2014 has 30 days"), "{iso}");
        let named = read_date("31 February 2014").unwrap_err();
        assert!(named.contains("February 2014 has 28 days"), "{named}");
        assert!(read_date("2014-00-01").unwrap_err().contains("no month 0"));
    }

    #[test]
    fn what_is_no_date_is_said_so() {
        for text in [
            "yesterday",
            "5/6",
            "1e-2014-11-03-crd",
            "May",
            "6 May",
            "2024",
        ] {
            let e = read_date(text).unwrap_err();
            assert!(e.contains("is not a date"), "{text}: {e}");
        }
    }
}
