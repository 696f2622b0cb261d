//! Resolution: which ruling is in force, for one edition, as of one date.
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

use std::collections::{BTreeMap, HashSet, VecDeque};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::corpus::Corpus;
use crate::model::{Edition, Entry, EntryKind, Release, SupersessionAction};
use crate::parse::body;
use crate::topic::TopicKey;

/// Where an entry stands as of the date asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum Status {
    /// The newest ruling on its topic.
    InForce,
    /// A newer entry on the same topic took its place.
    Superseded {
        /// Entry id (`release:line`) of the entry that followed it.
        by: String,
        release: String,
        date: NaiveDate,
    },
    /// A later entry deleted the topic with nothing in its place.
    Rescinded {
        by: String,
        release: String,
        date: NaiveDate,
    },
    /// The newest ruling on its topic, but a later release that gathers every
    /// ruling since a base document does not repeat it.
    Consolidated {
        /// The release that gathers rulings.
        release: String,
        release_title: String,
        date: NaiveDate,
        /// The base document it gathers rulings since ("Glossary v1.9.1").
        since: String,
    },
}

impl Status {
    pub fn label(&self) -> &'static str {
        match self {
            Status::InForce => "in force",
            Status::Superseded { .. } => "superseded",
            Status::Rescinded { .. } => "rescinded",
            Status::Consolidated { .. } => "consolidated",
        }
    }

    /// Whether the entry is what a TD should apply (in force, or consolidated
    /// with a caution).
    pub fn is_current(&self) -> bool {
        matches!(self, Status::InForce | Status::Consolidated { .. })
    }

    /// One line for people: "superseded by … (2014-11-03)".
    pub fn describe(&self, corpus: &Corpus) -> String {
        match self {
            Status::InForce => "in force".to_string(),
            Status::Superseded { release, date, .. } => {
                format!("superseded by {} ({date})", release_title(corpus, release))
            }
            Status::Rescinded { release, date, .. } => {
                format!("rescinded by {} ({date})", release_title(corpus, release))
            }
            Status::Consolidated {
                release_title,
                date,
                since,
                ..
            } => format!(
                "consolidated: {release_title} ({date}) covers rulings since {since} and does not repeat this one — check the {}",
                base_document(since)
            ),
        }
    }
}

fn release_title(corpus: &Corpus, id: &str) -> String {
    corpus
        .release(id)
        .map(|r| r.title.clone())
        .unwrap_or_else(|| id.to_string())
}

/// "Glossary v1.9.1" → "Glossary"; "October 1999 Rulebook and Glossary" →
/// "Rulebook and Glossary".
fn base_document(since: &str) -> String {
    let named: Vec<&str> = ["Rulebook", "Glossary"]
        .into_iter()
        .filter(|d| since.contains(d))
        .collect();
    if named.is_empty() {
        since.to_string()
    } else {
        named.join(" and ")
    }
}

/// A topic's rulings as of the date: the newest first.
#[derive(Debug, Clone)]
pub struct TopicState<'c> {
    pub key: TopicKey,
    /// Every effective entry on the topic with its status, newest first.
    pub entries: Vec<(&'c Entry, Status)>,
}

impl<'c> TopicState<'c> {
    /// The newest entry and its status (the topic's status).
    pub fn newest(&self) -> (&'c Entry, &Status) {
        let (entry, status) = &self.entries[0];
        (entry, status)
    }

    /// The entries the newest one superseded, newest first.
    pub fn history(&self) -> impl Iterator<Item = &(&'c Entry, Status)> {
        self.entries.iter().skip(1)
    }
}

/// The rulings of one edition as of one date.
#[derive(Debug)]
pub struct Resolution<'c> {
    pub corpus: &'c Corpus,
    pub edition: Edition,
    pub as_of: NaiveDate,
    topics: BTreeMap<TopicKey, TopicState<'c>>,
    /// Status of every effective entry, by entry id.
    statuses: BTreeMap<String, Status>,
}

/// Whether an entry does nothing but delete its topic.
fn rescinds(entry: &Entry) -> bool {
    let deletes_whole = entry
        .supersedes
        .iter()
        .any(|s| s.action == SupersessionAction::Deletes && s.part.is_none());
    if !deletes_whole {
        return false;
    }
    // What remains once the deletion and the cross-references are set aside.
    let mut rest = entry.text.clone();
    for s in &entry.supersedes {
        rest = rest.replace(&s.statement, "");
    }
    let rest = rest.trim();
    rest.is_empty() || body::is_redirect(rest)
}

/// Whether an entry is an index pointer to its own topic inside its release.
pub fn is_self_redirect(entry: &Entry) -> bool {
    entry.kind == EntryKind::Redirect
        && entry.see.len() == 1
        && TopicKey::new(&entry.see[0]) == entry.key
}

impl<'c> Resolution<'c> {
    pub fn new(corpus: &'c Corpus, edition: Edition, as_of: NaiveDate) -> Resolution<'c> {
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

        let mut topics = BTreeMap::new();
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
            topics.insert(key.clone(), TopicState { key, entries });
        }
        Resolution {
            corpus,
            edition,
            as_of,
            topics,
            statuses,
        }
    }

    /// The status of an entry as of the date; `None` when the entry is of
    /// another edition or not yet in effect.
    pub fn status(&self, entry: &Entry) -> Option<&Status> {
        self.statuses.get(&entry.id())
    }

    pub fn topic(&self, key: &TopicKey) -> Option<&TopicState<'c>> {
        self.topics.get(key)
    }

    pub fn topics(&self) -> impl Iterator<Item = &TopicState<'c>> {
        self.topics.values()
    }

    pub fn is_empty(&self) -> bool {
        self.topics.is_empty()
    }

    /// Where a cross-reference leads: the topic's newest entry in the corpus,
    /// or, when the corpus has none, the base document it lives in.
    pub fn reference(&self, name: &str) -> Reference<'c> {
        let key = TopicKey::new(name);
        match self.topics.get(&key) {
            Some(state) => Reference {
                topic: name.to_string(),
                entry: Some(state.newest().0),
                status: Some(state.newest().1.clone()),
                location: None,
            },
            None => Reference {
                topic: name.to_string(),
                entry: None,
                status: None,
                location: Some(self.home_of(name)),
            },
        }
    }

    /// Where a topic absent from the corpus lives: "the Rulebook" for a
    /// numbered rulebook section, else the Glossary (1E: "cross-references
    /// that have no corresponding entries in the Current Rulings refer to
    /// entries in the Glossary") or the Rulebook (2E, which has no Glossary).
    fn home_of(&self, name: &str) -> String {
        let numbered = name
            .trim_start()
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        let home = if numbered {
            "the Rulebook"
        } else {
            match self.edition {
                Edition::First => "the Glossary",
                Edition::Second => "the Rulebook",
            }
        };
        format!("not in these documents; {home}")
    }

    /// The cross-references of `entry`, followed transitively (breadth first),
    /// each topic once, never back to `entry`'s own topic, at most `depth`
    /// steps away.
    pub fn follow(&self, entry: &'c Entry, depth: usize) -> Vec<Reference<'c>> {
        let mut seen: HashSet<TopicKey> = HashSet::new();
        seen.insert(entry.key.clone());
        let mut queue: VecDeque<(String, usize)> =
            entry.see.iter().map(|s| (s.clone(), 1)).collect();
        let mut found = Vec::new();
        while let Some((name, level)) = queue.pop_front() {
            let key = TopicKey::new(&name);
            if !seen.insert(key) {
                continue;
            }
            let reference = self.reference(&name);
            if let Some(target) = reference.entry {
                if level < depth {
                    queue.extend(target.see.iter().map(|s| (s.clone(), level + 1)));
                }
            }
            found.push(reference);
        }
        found
    }
}

/// A cross-reference, resolved.
#[derive(Debug, Clone)]
pub struct Reference<'c> {
    /// The topic as the referring entry printed it.
    pub topic: String,
    pub entry: Option<&'c Entry>,
    pub status: Option<Status>,
    /// Where the topic lives when the corpus has no entry for it.
    pub location: Option<String>,
}
