//! Every entry's status over time, computed once when the index is built so
//! that a search never has to parse the corpus or resolve it.
//!
//! A resolution depends on its date only through which entries are dated on
//! or before it and which releases are: it can change only on the date of an
//! entry or of a release of its edition. Resolving the edition on each of
//! those dates gives, for every entry, the periods over which its status
//! holds. A search then reads the period that contains its as-of date.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::corpus::Corpus;
use crate::resolve::{Resolution, Status};

/// From `from` on (until the next period), the entry stands so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Period {
    pub from: NaiveDate,
    /// `None`: not in effect (only before the entry's own date, or for an
    /// entry without a topic).
    pub status: Option<Status>,
    /// The status in one line for people, with release titles resolved.
    pub description: Option<String>,
}

/// Where an entry stands on a date, coarsely: enough to filter hits while
/// collecting them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    NotInEffect = 0,
    /// In force or consolidated: what a TD applies.
    Current = 1,
    /// Superseded or rescinded.
    Past = 2,
}

impl Standing {
    fn of(status: Option<&Status>) -> Standing {
        match status {
            None => Standing::NotInEffect,
            Some(s) if s.is_current() => Standing::Current,
            Some(_) => Standing::Past,
        }
    }
}

/// A day as a number (days from the common era).
pub fn day(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce())
}

/// One period's start and standing as one number, for a fast field.
pub fn encode(period: &Period) -> i64 {
    day(period.from) * 4 + Standing::of(period.status.as_ref()) as i64
}

/// The standing on `day`, from the encoded periods of an entry (in any order).
pub fn standing_on(encoded: impl Iterator<Item = i64>, day: i64) -> Standing {
    encoded
        .map(|value| (value.div_euclid(4), value.rem_euclid(4)))
        .filter(|(from, _)| *from <= day)
        .max_by_key(|(from, _)| *from)
        .map_or(Standing::NotInEffect, |(_, standing)| match standing {
            1 => Standing::Current,
            2 => Standing::Past,
            _ => Standing::NotInEffect,
        })
}

/// The period in force on `date`.
pub fn period_on(periods: &[Period], date: NaiveDate) -> Option<&Period> {
    periods.iter().rev().find(|p| p.from <= date)
}

/// Every entry's periods, by entry id.
pub fn timelines(corpus: &Corpus) -> Result<HashMap<String, Vec<Period>>, serde_json::Error> {
    let mut timelines: HashMap<String, Vec<Period>> = HashMap::new();
    for edition in corpus.editions() {
        let releases = corpus.releases.iter().filter(|r| r.edition == edition);
        let entries: Vec<_> = releases.clone().flat_map(|r| r.entries.iter()).collect();
        let ids: Vec<String> = entries.iter().map(|e| e.id()).collect();
        let mut changes: Vec<NaiveDate> = releases
            .map(|r| r.date)
            .chain(entries.iter().map(|e| e.date))
            .collect();
        changes.sort_unstable();
        changes.dedup();
        let mut periods: Vec<Vec<Period>> = vec![Vec::new(); entries.len()];
        // Each entry's status on the previous date, to store only changes.
        let mut previous: Vec<Option<Status>> = vec![None; entries.len()];
        for &date in &changes {
            let resolution = Resolution::new(corpus, edition, date);
            for ((entry, list), last) in entries.iter().zip(&mut periods).zip(&mut previous) {
                let status = resolution.status(entry);
                if status == last.as_ref() {
                    continue;
                }
                list.push(Period {
                    from: date,
                    status: status.cloned(),
                    description: status.map(|s| s.describe(corpus)),
                });
                *last = status.cloned();
            }
        }
        timelines.extend(ids.into_iter().zip(periods));
    }
    Ok(timelines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn period(from: NaiveDate, status: Option<Status>) -> Period {
        Period {
            from,
            status,
            description: None,
        }
    }

    #[test]
    fn the_standing_is_the_last_period_begun() {
        let superseded = Status::Superseded {
            by: "b:1".into(),
            release: "b".into(),
            date: date(2014, 11, 3),
        };
        let periods = [
            period(date(2000, 3, 27), Some(Status::InForce)),
            period(date(2014, 11, 3), Some(superseded)),
        ];
        let encoded: Vec<i64> = periods.iter().map(encode).collect();
        let on = |d: NaiveDate| standing_on(encoded.iter().rev().copied(), day(d));
        assert_eq!(on(date(1999, 1, 1)), Standing::NotInEffect);
        assert_eq!(on(date(2000, 3, 27)), Standing::Current);
        assert_eq!(on(date(2014, 11, 2)), Standing::Current);
        assert_eq!(on(date(2014, 11, 3)), Standing::Past);
        assert_eq!(
            period_on(&periods, date(2005, 1, 1)).unwrap().status,
            Some(Status::InForce)
        );
        assert!(period_on(&periods, date(1999, 1, 1)).is_none());
    }

    #[test]
    fn timelines_agree_with_resolving_on_any_date() {
        let corpus =
            crate::corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings"))
                .unwrap();
        let timelines = timelines(&corpus).unwrap();
        let mut dates: Vec<NaiveDate> = corpus.entries().map(|e| e.date).collect();
        dates.sort_unstable();
        dates.dedup();
        // Every date where something changes, the day before, and long after.
        let probes: Vec<NaiveDate> = dates
            .iter()
            .flat_map(|d| [*d, d.pred_opt().unwrap()])
            .chain([date(2099, 1, 1)])
            .collect();
        for edition in corpus.editions() {
            for &probe in &probes {
                let resolution = Resolution::new(&corpus, edition, probe);
                for entry in corpus.entries().filter(|e| e.edition == edition) {
                    let expected = resolution.status(entry).cloned();
                    let stored =
                        period_on(&timelines[&entry.id()], probe).and_then(|p| p.status.clone());
                    assert_eq!(stored, expected, "{} on {probe}", entry.id());
                }
            }
        }
    }
}
