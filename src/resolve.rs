//! Resolution by brute force, kept as the test oracle of the index's
//! timelines: which ruling is in force, for one edition, as of one date,
//! computed from scratch for that date alone.
//!
//! The rules, as the README states them for tournament directors:
//! - Only entries dated on or before the as-of date count (an entry's own
//!   date, else its release's; a release dated 2014-11-03 is in force on
//!   2014-11-03).
//! - For each topic the newest entry wins; a tie on the date goes to the later
//!   release in corpus order, then to the later line. Every older entry is
//!   superseded by the one that followed it.
//! - An entry that only deletes its topic ("This Glossary entry has been
//!   deleted." and nothing else but cross-references) rescinds the topic.
//! - When a later release of the edition declares that it gathers every
//!   ruling since a base document (the 2014 CRD: "contains all Current
//!   Rulings issued since the Glossary v1.9.1") and does not repeat a topic,
//!   that topic's last ruling is *consolidated*: it may since have been folded
//!   into the base document, reworded or dropped, and the tool says so.
//! - Inside one release, a redirect to its own topic ("Big Picture, The - See
//!   **The Big Picture**") is an index entry, not a ruling of its own.

use std::collections::{BTreeMap, HashSet};

use chrono::NaiveDate;

use crate::corpus::Corpus;
use crate::model::{Edition, Entry, Release};
use crate::status::{is_self_redirect, rescinds, Status};
use crate::topic::TopicKey;

/// The rulings of one edition as of one date.
#[derive(Debug)]
pub struct Resolution {
    /// Status of every effective entry, by entry id.
    statuses: BTreeMap<String, Status>,
}

impl Resolution {
    pub fn new(corpus: &Corpus, edition: Edition, as_of: NaiveDate) -> Resolution {
        let releases: Vec<&Release> = corpus
            .releases
            .iter()
            .filter(|r| r.edition == edition)
            .collect();
        let mut grouped: BTreeMap<TopicKey, Vec<(&Release, &Entry)>> = BTreeMap::new();
        for release in &releases {
            for entry in &release.entries {
                if entry.date <= as_of && !entry.key.is_empty() {
                    grouped
                        .entry(entry.key.clone())
                        .or_default()
                        .push((release, entry));
                }
            }
        }
        // Releases that gather every ruling since a base document, in force
        // by the date asked.
        let gatherers: Vec<&Release> = releases
            .iter()
            .copied()
            .filter(|r| r.since.is_some() && r.date <= as_of)
            .collect();

        let mut statuses = BTreeMap::new();
        for (key, mut group) in grouped {
            // A release that rules on the topic makes its own index pointers moot.
            let ruled_in: HashSet<&str> = group
                .iter()
                .filter(|(_, e)| !is_self_redirect(e))
                .map(|(r, _)| r.id.as_str())
                .collect();
            let (pointers, rulings): (Vec<_>, Vec<_>) = group
                .drain(..)
                .partition(|(r, e)| is_self_redirect(e) && ruled_in.contains(r.id.as_str()));
            for (_, e) in &pointers {
                statuses.insert(e.id(), Status::InForce);
            }
            let mut rulings = rulings;
            if rulings.is_empty() {
                continue;
            }
            rulings.sort_by_key(|(r, e)| (e.date, r.order, e.line));
            rulings.reverse();

            let (newest_release, newest) = rulings[0];
            let newest_status = if rescinds(newest) {
                Status::Rescinded {
                    by: newest.id(),
                    release: newest.release.clone(),
                    date: newest.date,
                }
            } else {
                let gathered_since = gatherers
                    .iter()
                    .filter(|g| {
                        (g.date, g.order) > (newest.date, newest_release.order)
                            && !g.entries.iter().any(|e| e.key == key)
                    })
                    .max_by_key(|g| (g.date, g.order));
                match gathered_since {
                    Some(g) => Status::Consolidated {
                        release: g.id.clone(),
                        release_title: g.title.clone(),
                        date: g.date,
                        since: g.since.clone().unwrap_or_default(),
                    },
                    None => Status::InForce,
                }
            };
            let rescinded = matches!(newest_status, Status::Rescinded { .. });
            let mut entries: Vec<(&Entry, Status)> = Vec::with_capacity(rulings.len());
            entries.push((newest, newest_status));
            for pair in rulings.windows(2) {
                let (_, newer) = pair[0];
                let (_, older) = pair[1];
                let status = if rescinded {
                    Status::Rescinded {
                        by: newest.id(),
                        release: newest.release.clone(),
                        date: newest.date,
                    }
                } else {
                    Status::Superseded {
                        by: newer.id(),
                        release: newer.release.clone(),
                        date: newer.date,
                    }
                };
                entries.push((older, status));
            }
            for (e, s) in &entries {
                statuses.insert(e.id(), s.clone());
            }
        }
        Resolution { statuses }
    }

    /// The status of an entry as of the date; `None` when the entry is of
    /// another edition or not yet in effect.
    pub fn status(&self, entry: &Entry) -> Option<&Status> {
        self.statuses.get(&entry.id())
    }
}
