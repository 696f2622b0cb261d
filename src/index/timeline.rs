//! Every entry's status over time, computed once when the index is built so
//! that no question ever has to resolve the corpus.
//!
//! Resolution works topic by topic: a topic's rulings depend only on its own
//! entries and on the releases of its edition that gather every ruling since
//! a base document. One sweep over each topic's events in date order (an
//! entry taking effect, a gathering release coming out) gives every entry the
//! periods over which its status holds. Each event touches only the statuses
//! it changes, so the build is linear in the corpus and in the periods it
//! writes.
//!
//! The rules, as the README states them for tournament directors:
//! - Only entries dated on or before the as-of date count (an entry's own
//!   date, else its release's; a release dated 2014-11-03 is in force on
//!   2014-11-03).
//! - For each topic the newest entry wins; a tie on the date goes to the
//!   later release in corpus order, then to the later line. Every older
//!   entry is superseded by the one that followed it.
//! - An entry that only deletes its topic rescinds the topic, and every
//!   earlier entry on it.
//! - When a later release of the edition declares that it gathers every
//!   ruling since a base document and does not repeat a topic, that topic's
//!   last ruling is *consolidated*.
//! - Inside one release, a redirect to its own topic ("Big Picture, The -
//!   See **The Big Picture**") is an index pointer, not a ruling of its own:
//!   it stands in force while in effect and takes no part in the topic.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::corpus::Corpus;
use crate::model::{Entry, Release};
use crate::status::{is_self_redirect, rescinds, Status};
use crate::topic::TopicKey;

/// From `from` on (until the next period), the entry stands so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Period {
    pub from: NaiveDate,
    /// `None`: not in effect (only before the entry's own date, or for an
    /// entry without a topic).
    pub status: Option<Status>,
    /// The title of the release the status names, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
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

/// Periods as the index stores them: one JSON object a line, oldest first,
/// each beginning with its date, so that the period of one date is found
/// without reading the others (an entry consolidated by every later
/// gathering release can have hundreds).
pub fn to_lines(periods: &[Period]) -> Result<String, serde_json::Error> {
    let lines = periods
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lines.join("\n"))
}

/// The period in force on `date`, from [`to_lines`].
pub fn line_on(lines: &str, date: NaiveDate) -> Result<Option<Period>, serde_json::Error> {
    const DATE_AT: usize = r#"{"from":""#.len();
    let wanted = date.to_string();
    for line in lines.lines().rev() {
        let from = line
            .get(DATE_AT..DATE_AT + wanted.len())
            .unwrap_or_default();
        // ISO dates of one length compare as text.
        if from <= wanted.as_str() {
            return serde_json::from_str(line).map(Some);
        }
    }
    Ok(None)
}

/// Every entry's periods: `[release][entry]`, in corpus order.
pub type Timelines = Vec<Vec<Vec<Period>>>;

/// An entry by its place in the corpus: (release, entry) indices.
type Place = (usize, usize);

/// Which entries of a release are index pointers: redirects to their own
/// topic in a release that also rules on it.
pub fn pointers(release: &Release) -> Vec<bool> {
    let ruled: HashSet<&TopicKey> = release
        .entries
        .iter()
        .filter(|e| !is_self_redirect(e))
        .map(|e| &e.key)
        .collect();
    release
        .entries
        .iter()
        .map(|e| is_self_redirect(e) && ruled.contains(&e.key))
        .collect()
}

/// Every entry's periods, in one sweep per topic.
pub fn timelines(corpus: &Corpus) -> Timelines {
    let mut timelines: Timelines = corpus
        .releases
        .iter()
        .map(|r| vec![Vec::new(); r.entries.len()])
        .collect();
    let titles: HashMap<&str, &str> = corpus
        .releases
        .iter()
        .map(|r| (r.id.as_str(), r.title.as_str()))
        .collect();
    for edition in corpus.editions() {
        let releases: Vec<usize> = (0..corpus.releases.len())
            .filter(|&ri| corpus.releases[ri].edition == edition)
            .collect();
        let mut gatherers: Vec<usize> = releases
            .iter()
            .copied()
            .filter(|&ri| corpus.releases[ri].since.is_some())
            .collect();
        gatherers.sort_by_key(|&ri| (corpus.releases[ri].date, corpus.releases[ri].order));

        let mut topics: BTreeMap<&TopicKey, Vec<Place>> = BTreeMap::new();
        for &ri in &releases {
            let release = &corpus.releases[ri];
            let pointers = pointers(release);
            for (ei, entry) in release.entries.iter().enumerate() {
                if entry.key.is_empty() {
                    continue;
                }
                if pointers[ei] {
                    timelines[ri][ei].push(Period {
                        from: entry.date,
                        status: Some(Status::InForce),
                        title: None,
                    });
                    continue;
                }
                topics.entry(&entry.key).or_default().push((ri, ei));
            }
        }
        for rulings in topics.into_values() {
            sweep_topic(corpus, &titles, &gatherers, rulings, &mut timelines);
        }
    }
    timelines
}

/// The periods of one topic's rulings.
fn sweep_topic(
    corpus: &Corpus,
    titles: &HashMap<&str, &str>,
    gatherers: &[usize],
    mut rulings: Vec<Place>,
    timelines: &mut Timelines,
) {
    let release = |(ri, _): Place| -> &Release { &corpus.releases[ri] };
    let entry = |(ri, ei): Place| -> &Entry { &corpus.releases[ri].entries[ei] };
    rulings.sort_by_key(|&p| (entry(p).date, release(p).order, entry(p).line));
    let holders: HashSet<usize> = rulings.iter().map(|&(ri, _)| ri).collect();
    let first = entry(rulings[0]).date;

    // Every date on which something may change, in order.
    let mut dates: Vec<NaiveDate> = rulings
        .iter()
        .map(|&p| entry(p).date)
        .chain(
            gatherers
                .iter()
                .map(|&g| corpus.releases[g].date)
                .filter(|d| *d >= first),
        )
        .collect();
    dates.sort_unstable();
    dates.dedup();

    let mut effective = 0usize;
    let mut next_gatherer = 0usize;
    // The newest gathering release in effect that does not repeat the topic.
    let mut gathered_by: Option<usize> = None;
    let mut was_rescinded = false;
    let mut last: Vec<Option<Status>> = vec![None; rulings.len()];
    for date in dates {
        let before = effective;
        while effective < rulings.len() && entry(rulings[effective]).date <= date {
            effective += 1;
        }
        while next_gatherer < gatherers.len()
            && corpus.releases[gatherers[next_gatherer]].date <= date
        {
            let g = gatherers[next_gatherer];
            if !holders.contains(&g) {
                gathered_by = Some(g);
            }
            next_gatherer += 1;
        }
        if effective == 0 {
            continue;
        }
        let newest_place = rulings[effective - 1];
        let newest = entry(newest_place);
        let rescinded = rescinds(newest);
        let newest_status = if rescinded {
            Status::Rescinded {
                by: newest.id(),
                release: newest.release.clone(),
                date: newest.date,
            }
        } else {
            let newest_order = (newest.date, release(newest_place).order);
            match gathered_by.map(|g| &corpus.releases[g]) {
                Some(g) if (g.date, g.order) > newest_order => Status::Consolidated {
                    release: g.id.clone(),
                    release_title: g.title.clone(),
                    date: g.date,
                    since: g.since.clone().unwrap_or_default(),
                },
                _ => Status::InForce,
            }
        };
        // Only the entries whose status can have changed: all of them when a
        // rescission begins or ends, else the former newest and the new ones.
        let from = if rescinded || was_rescinded {
            0
        } else {
            before.saturating_sub(1)
        };
        for i in from..effective {
            let status = if i + 1 == effective || rescinded {
                newest_status.clone()
            } else {
                let follower = entry(rulings[i + 1]);
                Status::Superseded {
                    by: follower.id(),
                    release: follower.release.clone(),
                    date: follower.date,
                }
            };
            if last[i].as_ref() == Some(&status) {
                continue;
            }
            let title = status
                .release()
                .and_then(|id| titles.get(id))
                .map(|t| t.to_string());
            let (ri, ei) = rulings[i];
            timelines[ri][ei].push(Period {
                from: date,
                status: Some(status.clone()),
                title,
            });
            last[i] = Some(status);
        }
        was_rescinded = rescinded;
    }
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
            title: None,
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
    fn the_period_of_a_date_is_read_from_its_line_alone() {
        let periods = [
            period(date(2000, 3, 27), Some(Status::InForce)),
            period(
                date(2014, 11, 3),
                Some(Status::Rescinded {
                    by: "b:1".into(),
                    release: "b".into(),
                    date: date(2014, 11, 3),
                }),
            ),
        ];
        let lines = to_lines(&periods).unwrap();
        for probe in [
            date(1999, 1, 1),
            date(2000, 3, 27),
            date(2010, 1, 1),
            date(2020, 1, 1),
        ] {
            assert_eq!(
                line_on(&lines, probe).unwrap().as_ref(),
                period_on(&periods, probe),
                "{probe}"
            );
        }
    }

    #[test]
    fn timelines_agree_with_resolving_on_any_date() {
        let corpus =
            crate::corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings"))
                .unwrap();
        let timelines = timelines(&corpus);
        let mut dates: Vec<NaiveDate> = corpus.entries().map(|e| e.date).collect();
        dates.sort_unstable();
        dates.dedup();
        let probes: Vec<NaiveDate> = dates
            .iter()
            .flat_map(|d| [*d, d.pred_opt().unwrap()])
            .chain([date(2099, 1, 1)])
            .collect();
        for edition in corpus.editions() {
            for &probe in &probes {
                let resolution = crate::resolve::Resolution::new(&corpus, edition, probe);
                for (ri, release) in corpus.releases.iter().enumerate() {
                    for (ei, entry) in release.entries.iter().enumerate() {
                        if entry.edition != edition {
                            continue;
                        }
                        let expected = resolution.status(entry).cloned();
                        let stored =
                            period_on(&timelines[ri][ei], probe).and_then(|p| p.status.clone());
                        assert_eq!(stored, expected, "{} on {probe}", entry.id());
                    }
                }
            }
        }
    }
}
