//! Diff: what changed between two releases, or between the rulings in force
//! on two dates.
//!
//! Takes the catalog and two sides, each a release or a date, and gives a
//! [`Comparison`]: per edition, the topics added, removed, changed (with a
//! word-level diff) and whose status changed, and how many stayed the same;
//! plus, when the later side is a release, a cross-check of its own
//! new-or-changed markers (the asterisks) against what the diff found.
//!
//! A topic is added only when nothing stood for it on the earlier side, and
//! removed only when nothing stands for it on the later side. A ruling that
//! amends part of a topic stands beside the rulings it amends; a topic whose
//! rulings differ in any way is one change, whose word diff compares all the
//! rulings standing on each side.
//!
//! Topics are matched by [`TopicKey`], so a topic printed "Big Picture, The"
//! in one release and "The Big Picture" in the next is one topic. Texts are
//! compared as plain text with whitespace folded: a change of markup or line
//! breaks alone is not a change.
//!
//! - Two releases: their printed entries are compared, nothing else. A
//!   release's index pointers to its own topic ("Big Picture, The - See
//!   **The Big Picture**") are not rulings and take no part.
//! - Two dates: the rulings in force as of each date (as the index stores
//!   every entry's status over time),
//!   edition by edition: the newest entry of every topic that is in force or
//!   consolidated. A rescinded topic is gone. The same text with another
//!   status (in force → consolidated) is a status change, not a removal.
//! - A release and a date: the release stands for the rulings in force of
//!   its edition on its own date. Comparing a release's printed entries with
//!   everything in force on a date would report every topic the release does
//!   not reprint as added or removed; the rules in force on the day it came
//!   out are what a tournament director means by "since that release".

mod markers;

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{Datelike, NaiveDate};
use thiserror::Error;

pub use crate::markdown::{word_diff, WordChange, WordOp};
pub use markers::{Indicative, MarkerCheck};

use crate::catalog::{Catalog, CatalogError, Looked, Stored};
use crate::index::timeline::Period;
use crate::markdown::{self, plain_text};
use crate::model::{Edition, ReleaseInfo, ReleaseKind};
use crate::status::{is_self_redirect, Status};
use crate::topic::TopicKey;

mod side;
pub use side::*;

/// Why two sides cannot be compared.
#[derive(Debug, Error)]
pub enum DiffError {
    #[error("unknown release `{id}`{hint} (see `rulings releases` for the release ids; a date is YYYY-MM-DD)")]
    UnknownRelease { id: String, hint: String },
    #[error("bad date `{text}`: {}", crate::dates::why_no_day(.text))]
    BadDate { text: String },
    #[error("editions never mix: `{from}` is {from_edition} and `{to}` is {to_edition}")]
    EditionsDiffer {
        from: String,
        from_edition: Edition,
        to: String,
        to_edition: Edition,
    },
    #[error("editions never mix: `{release}` is {release_edition}, not {asked} as --edition asks")]
    EditionMismatch {
        release: String,
        release_edition: Edition,
        asked: Edition,
    },
    #[error("the corpus has no {edition} release")]
    NoSuchEdition { edition: Edition },
    #[error("no topic or card named `{typed}` in these documents{hint}")]
    UnknownTopic { typed: String, hint: String },
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

/// What the two sides stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The entries printed in two releases.
    Releases,
    /// The rulings in force on two dates (a release standing for its date).
    InForce,
}

/// Something a reader should keep in mind about a comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffNote {
    /// Two releases of different kinds: what one does not print, the other
    /// may never have meant to carry.
    KindsDiffer {
        from: String,
        from_kind: ReleaseKind,
        from_date: NaiveDate,
        to: String,
        to_kind: ReleaseKind,
        to_date: NaiveDate,
    },
    /// The later release gathers the rulings since a base document: a topic
    /// it does not repeat may have been folded into it.
    Gathers { release: String, since: String },
    /// A release given with a date stands for the rulings in force on its date.
    StandsFor {
        release: String,
        edition: Edition,
        date: NaiveDate,
    },
    /// Releases whose date could not be found: in force on no date, so in
    /// neither side of a comparison of the rulings in force.
    UndatedLeftOut { releases: Vec<String> },
}

/// The answer: the differences, edition by edition.
#[derive(Debug)]
pub struct Comparison {
    pub from: Side,
    pub to: Side,
    pub basis: Basis,
    /// One part per edition compared, in edition order.
    pub parts: Vec<EditionDiff>,
    /// The cross-check of the later release's markers, when it is a release.
    pub markers: Option<MarkerCheck>,
    pub notes: Vec<DiffNote>,
}

/// The differences within one edition.
#[derive(Debug)]
pub struct EditionDiff {
    pub edition: Edition,
    /// Topics the earlier side has nothing on: the later side's entries.
    pub added: Vec<Stored>,
    /// Topics the later side has nothing on: the earlier side's entries.
    pub removed: Vec<Removal>,
    /// Topics on both sides whose rulings differ in text, one change a
    /// topic.
    pub changed: Vec<Change>,
    /// Topics on both sides with the same text and another status.
    pub status_changed: Vec<StatusChange>,
    /// Topics on both sides with the same text (and status): the later
    /// side's entries.
    pub unchanged: Vec<Stored>,
}

impl EditionDiff {
    /// Keeps only the differences of one authority's rules (the game's, or
    /// the tournament's).
    pub fn keep_authority(&mut self, authority: crate::model::Authority) {
        let whose = |s: &Stored| s.entry.authority() == authority;
        self.added.retain(whose);
        self.removed.retain(|r| whose(&r.entry));
        self.changed.retain(|c| whose(&c.to));
        self.status_changed.retain(|c| whose(&c.entry));
        self.unchanged.retain(whose);
    }
}

/// A topic the later side no longer has.
#[derive(Debug)]
pub struct Removal {
    /// The entry of the earlier side.
    pub entry: Stored,
    /// Where that entry stands on the later date (comparing dates): why it
    /// is gone, typically rescinded.
    pub now: Option<Period>,
}

/// A topic whose text changed.
#[derive(Debug)]
pub struct Change {
    pub key: TopicKey,
    pub from: Stored,
    pub to: Stored,
    /// Statuses on each date (comparing dates).
    pub from_status: Option<Status>,
    /// Status of the later entry on the later date, also when comparing
    /// releases (a release's entry may rescind its topic).
    pub to_status: Option<Status>,
    /// The earlier side's other rulings on the topic, standing beside
    /// `from` (oldest first).
    pub from_beside: Vec<Beside>,
    /// The later side's other rulings on the topic, standing beside `to`:
    /// typically the rulings that `to` amends without replacing them.
    pub to_beside: Vec<Beside>,
    /// The topic's rulings now against its rulings before, word by word:
    /// each side's rulings in order, oldest first, one paragraph apart.
    pub words: Vec<WordChange>,
}

/// A ruling that stands beside the one a change cites.
#[derive(Debug)]
pub struct Beside {
    pub entry: Stored,
    /// Its status on its side's date (comparing dates), or the release's own
    /// word on it.
    pub status: Option<Status>,
    /// Whether the other side has the same words.
    pub reprinted: bool,
}

/// A topic whose text stayed the same but whose status changed.
#[derive(Debug)]
pub struct StatusChange {
    pub key: TopicKey,
    pub from: Period,
    pub to: Period,
    /// The entry on the later date.
    pub entry: Stored,
}

/// What to compare.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub from: &'a NamedSide,
    pub to: &'a NamedSide,
    /// Narrows a comparison of dates to one edition; must agree with any
    /// release given.
    pub edition: Option<Edition>,
    /// Two releases: compare the entries they print, not the rulings in
    /// force on their dates.
    pub documents: bool,
    /// Only these topics (typed loosely); all when empty.
    pub topics: &'a [String],
}

/// Compares two sides.
pub fn compare(catalog: &Catalog, request: &Request) -> Result<Comparison, DiffError> {
    let (from, to, edition) = (request.from, request.to, request.edition);
    let from = Side::resolve(catalog, from)?;
    let to = Side::resolve(catalog, to)?;
    let release_edition = match (&from, &to) {
        (Side::Release(a), Side::Release(b)) if a.edition != b.edition => {
            return Err(DiffError::EditionsDiffer {
                from: a.id.clone(),
                from_edition: a.edition,
                to: b.id.clone(),
                to_edition: b.edition,
            })
        }
        (Side::Release(r), _) | (_, Side::Release(r)) => Some(r),
        _ => None,
    };
    let editions = match (release_edition, edition) {
        (Some(r), Some(asked)) if r.edition != asked => {
            return Err(DiffError::EditionMismatch {
                release: r.id.clone(),
                release_edition: r.edition,
                asked,
            })
        }
        (Some(r), _) => vec![r.edition],
        (None, Some(asked)) if !catalog.editions().contains(&asked) => {
            return Err(DiffError::NoSuchEdition { edition: asked })
        }
        (None, Some(asked)) => vec![asked],
        (None, None) => catalog.editions(),
    };

    // Two releases are compared as the rules in force on their dates: what
    // a TD means by what changed between them. Their printed entries only
    // when asked.
    // An undated release is in force on no date: only its printed entries
    // stand for it.
    let undated = [&from, &to]
        .iter()
        .any(|side| side.release().is_some_and(|r| r.is_undated()));
    let basis = match (&from, &to) {
        (Side::Release(_), Side::Release(_)) if request.documents || undated => Basis::Releases,
        _ => Basis::InForce,
    };
    let topics = topic_keys(catalog, request.topics, &editions)?;
    let to_entries = match to.release() {
        Some(r) => catalog.entries_of_release(&r.id)?,
        None => Vec::new(),
    };
    let mut parts = Vec::new();
    let editions_compared = editions.clone();
    for edition in editions {
        let mut part = match (basis, &from, &to) {
            (Basis::Releases, Side::Release(a), Side::Release(b)) => {
                let from_entries = catalog.entries_of_release(&a.id)?;
                compare_releases(b, &from_entries, &to_entries)?
            }
            _ => compare_in_force(catalog, edition, from.date(), to.date())?,
        };
        if let Some(keys) = &topics {
            part.keep(|key| keys.contains(&(edition, key.clone())));
        }
        parts.push(part);
    }
    let markers = match to.release() {
        Some(release) => Some(markers::check(
            &catalog.releases()?,
            &from,
            release,
            &to_entries,
            &parts,
        )),
        None => None,
    };
    let mut notes = notes(basis, &from, &to);
    if basis == Basis::InForce {
        let undated: Vec<String> = catalog
            .releases()?
            .into_iter()
            .filter(|r| r.is_undated() && editions_compared.contains(&r.edition))
            .map(|r| r.id)
            .collect();
        if !undated.is_empty() {
            notes.push(DiffNote::UndatedLeftOut { releases: undated });
        }
    }
    Ok(Comparison {
        from,
        to,
        basis,
        parts,
        markers,
        notes,
    })
}

/// The topics a diff is limited to, by edition; `None` for all.
fn topic_keys(
    catalog: &Catalog,
    typed: &[String],
    editions: &[Edition],
) -> Result<Option<Vec<(Edition, TopicKey)>>, DiffError> {
    if typed.is_empty() {
        return Ok(None);
    }
    let mut keys = Vec::new();
    for name in typed {
        match catalog.look_up(name, editions)? {
            Looked::Found(named) => keys.extend(named.into_iter().map(|n| (n.edition, n.key))),
            Looked::Several(found) => keys.extend(found),
            Looked::Unknown(nearest) => {
                return Err(DiffError::UnknownTopic {
                    typed: name.clone(),
                    hint: nearest
                        .first()
                        .map(|(_, k)| format!("; did you mean `{k}`?"))
                        .unwrap_or_default(),
                })
            }
        }
    }
    Ok(Some(keys))
}

impl EditionDiff {
    /// Keeps only the topics whose key `wanted` accepts.
    fn keep(&mut self, wanted: impl Fn(&TopicKey) -> bool) {
        self.added.retain(|s| wanted(&s.entry.key));
        self.removed.retain(|r| wanted(&r.entry.entry.key));
        self.changed.retain(|c| wanted(&c.key));
        self.status_changed.retain(|c| wanted(&c.key));
        self.unchanged.retain(|s| wanted(&s.entry.key));
    }
}

/// Caveats worth printing with the comparison.
fn notes(basis: Basis, from: &Side, to: &Side) -> Vec<DiffNote> {
    let mut notes = Vec::new();
    match (basis, from, to) {
        (Basis::Releases, Side::Release(a), Side::Release(b)) => {
            if a.kind != b.kind {
                notes.push(DiffNote::KindsDiffer {
                    from: a.id.clone(),
                    from_kind: a.kind,
                    from_date: a.date,
                    to: b.id.clone(),
                    to_kind: b.kind,
                    to_date: b.date,
                });
            }
            if let Some(since) = &b.since {
                notes.push(DiffNote::Gathers {
                    release: b.id.clone(),
                    since: since.clone(),
                });
            }
        }
        _ => {
            for side in [from, to] {
                if let Side::Release(r) = side {
                    notes.push(DiffNote::StandsFor {
                        release: r.id.clone(),
                        edition: r.edition,
                        date: r.date,
                    });
                }
            }
        }
    }
    notes
}

/// An entry as one side holds it.
struct Held {
    entry: Stored,
    /// Its period on the side's date (comparing dates only).
    period: Option<Period>,
}

type Holdings = BTreeMap<TopicKey, Vec<Held>>;

/// A release's rulings by topic, in printed order; index pointers to a topic
/// the release also rules on are left out.
fn release_holdings(entries: &[Stored]) -> Holdings {
    let ruled: HashSet<&TopicKey> = entries
        .iter()
        .filter(|s| !is_self_redirect(&s.entry))
        .map(|s| &s.entry.key)
        .collect();
    let mut holdings = Holdings::new();
    for stored in entries {
        let entry = &stored.entry;
        if entry.key.is_empty() || (is_self_redirect(entry) && ruled.contains(&entry.key)) {
            continue;
        }
        holdings.entry(entry.key.clone()).or_default().push(Held {
            entry: stored.clone(),
            period: None,
        });
    }
    holdings
}

/// The rulings in force (or consolidated) on a date, by topic.
fn in_force_holdings(
    catalog: &Catalog,
    edition: Edition,
    date: NaiveDate,
) -> Result<Holdings, CatalogError> {
    let mut holdings = Holdings::new();
    let mut current = catalog.current_on(edition, date)?;
    // A topic's standing rulings, oldest first, are matched in order.
    current.sort_by_key(|s| s.seq);
    for stored in current {
        let period = stored.on(date)?;
        holdings
            .entry(stored.entry.key.clone())
            .or_default()
            .push(Held {
                entry: stored,
                period,
            });
    }
    Ok(holdings)
}

fn compare_releases(
    to: &ReleaseInfo,
    from: &[Stored],
    to_entries: &[Stored],
) -> Result<EditionDiff, CatalogError> {
    let mut diff = compare_holdings(
        to.edition,
        release_holdings(from),
        release_holdings(to_entries),
        None,
    )?;
    // The release's own word on its topic: an entry that deletes it.
    for change in &mut diff.changed {
        change.to_status = change.to.on(to.date)?.map(|p| p.status);
        for beside in &mut change.to_beside {
            beside.status = beside.entry.on(to.date)?.map(|p| p.status);
        }
    }
    Ok(diff)
}

fn compare_in_force(
    catalog: &Catalog,
    edition: Edition,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<EditionDiff, CatalogError> {
    let (before, now) = (
        in_force_holdings(catalog, edition, from)?,
        in_force_holdings(catalog, edition, to)?,
    );
    // A base entry with amendments applied is compared as the text in
    // force on each date.
    let bases = catalog.base_releases();
    // The rulings of a side, with the earlier side's base entry that a
    // later ruling replaced by revising it.
    let texts = |holdings: &Holdings, earlier: &Holdings| -> HashMap<TopicKey, String> {
        if bases.is_empty() {
            return HashMap::new();
        }
        holdings
            .iter()
            .filter_map(|(key, held)| {
                let mut all: Vec<Stored> = held.iter().map(|h| h.entry.clone()).collect();
                for h in earlier.get(key).into_iter().flatten() {
                    let id = h.entry.entry.id();
                    if bases.contains(&h.entry.entry.release)
                        && !all.iter().any(|s| s.entry.id() == id)
                    {
                        all.push(h.entry.clone());
                    }
                }
                crate::catalog::compose(all, &bases).map(|a| (key.clone(), a.text))
            })
            .collect()
    };
    let in_force = (texts(&before, &Holdings::new()), texts(&now, &before));
    let mut diff = compare_holdings(edition, before, now, Some(to))?;
    for change in &mut diff.changed {
        let (old, new) = (in_force.0.get(&change.key), in_force.1.get(&change.key));
        if old.is_none() && new.is_none() {
            continue;
        }
        let side = |text: Option<&String>, cited: &Stored, beside: &[Beside]| -> String {
            match text {
                Some(t) => plain_text(t),
                None => {
                    let mut all: Vec<&Stored> = beside.iter().map(|b| &b.entry).collect();
                    all.push(cited);
                    all.sort_by_key(|s| s.seq);
                    all.iter()
                        .map(|s| plain_text(&s.entry.text))
                        .collect::<Vec<_>>()
                        .join("\n\n")
                }
            }
        };
        change.words = crate::markdown::plain_word_diff(
            &side(old, &change.from, &change.from_beside),
            &side(new, &change.to, &change.to_beside),
        );
    }
    Ok(diff)
}

/// Matches the two sides topic by topic. A topic is added only when the
/// earlier side has nothing on it, and removed only when the later side has
/// nothing on it: a ruling that amends a topic stands beside the rulings it
/// amends, and a topic that had any ruling before and has other words now is
/// changed. `after` is the later date when comparing dates.
fn compare_holdings(
    edition: Edition,
    mut from: Holdings,
    mut to: Holdings,
    after: Option<NaiveDate>,
) -> Result<EditionDiff, CatalogError> {
    let mut diff = EditionDiff {
        edition,
        added: Vec::new(),
        removed: Vec::new(),
        changed: Vec::new(),
        status_changed: Vec::new(),
        unchanged: Vec::new(),
    };
    let mut keys: Vec<TopicKey> = from.keys().chain(to.keys()).cloned().collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let before = from.remove(&key).unwrap_or_default();
        let now = to.remove(&key).unwrap_or_default();
        if before.is_empty() {
            diff.added.extend(now.into_iter().map(|new| new.entry));
        } else if now.is_empty() {
            for old in before {
                let now = match after {
                    Some(date) => old.entry.on(date)?,
                    None => None,
                };
                diff.removed.push(Removal {
                    entry: old.entry,
                    now,
                });
            }
        } else {
            compare_topic(&mut diff, key, before, now);
        }
    }
    Ok(diff)
}

/// A topic both sides hold. When every ruling of one side is printed word
/// for word on the other, each is unchanged or changed only in status;
/// otherwise the topic is one change, from its rulings before to its rulings
/// now.
fn compare_topic(diff: &mut EditionDiff, key: TopicKey, before: Vec<Held>, now: Vec<Held>) {
    let old_texts: Vec<String> = before.iter().map(Held::plain).collect();
    let new_texts: Vec<String> = now.iter().map(Held::plain).collect();
    let (old_same, new_same) = same_texts(&old_texts, &new_texts);
    if old_same.iter().all(Option::is_some) && new_same.iter().all(Option::is_some) {
        let mut now: Vec<Option<Held>> = now.into_iter().map(Some).collect();
        for (old, pair) in before.into_iter().zip(old_same) {
            let new = pair.and_then(|j| now[j].take()).expect("paired once");
            // Periods are read when comparing dates, where both sides are
            // in effect; comparing releases, statuses are not compared.
            match (old.period, new.period) {
                (Some(from), Some(to)) if from.status != to.status => {
                    diff.status_changed.push(StatusChange {
                        key: key.clone(),
                        from,
                        to,
                        entry: new.entry,
                    });
                }
                _ => diff.unchanged.push(new.entry),
            }
        }
        return;
    }
    // The newest ruling that differs stands for each side (the newest of the
    // side when all of its rulings are matched); the others stand beside it.
    let cited = |same: &[Option<usize>]| {
        same.iter()
            .rposition(Option::is_none)
            .unwrap_or(same.len() - 1)
    };
    let (from_at, to_at) = (cited(&old_same), cited(&new_same));
    let words = crate::markdown::plain_word_diff(&old_texts.join("\n\n"), &new_texts.join("\n\n"));
    let (from, from_beside) = split_cited(before, &old_same, from_at);
    let (to, to_beside) = split_cited(now, &new_same, to_at);
    diff.changed.push(Change {
        key,
        from_status: from.period.map(|p| p.status),
        to_status: to.period.map(|p| p.status),
        from: from.entry,
        to: to.entry,
        from_beside,
        to_beside,
        words,
    });
}

/// Which rulings of one side the other prints word for word: for each
/// ruling, the index of its match on the other side. Matched in order, each
/// at most once.
fn same_texts(old: &[String], new: &[String]) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    let old_folded: Vec<String> = old.iter().map(|t| markdown::folded(t)).collect();
    let new_folded: Vec<String> = new.iter().map(|t| markdown::folded(t)).collect();
    let mut old_same = vec![None; old.len()];
    let mut new_same = vec![None; new.len()];
    for (i, text) in old_folded.iter().enumerate() {
        if let Some(j) = (0..new.len()).find(|&j| new_same[j].is_none() && new_folded[j] == *text) {
            old_same[i] = Some(j);
            new_same[j] = Some(i);
        }
    }
    (old_same, new_same)
}

/// The cited ruling of a side and the rulings beside it.
fn split_cited(held: Vec<Held>, same: &[Option<usize>], cited: usize) -> (Held, Vec<Beside>) {
    let mut cited_one = None;
    let mut beside = Vec::new();
    for (i, (h, pair)) in held.into_iter().zip(same).enumerate() {
        if i == cited {
            cited_one = Some(h);
        } else {
            beside.push(Beside {
                status: h.period.map(|p| p.status),
                entry: h.entry,
                reprinted: pair.is_some(),
            });
        }
    }
    (
        cited_one.expect("the cited ruling is one of the side's"),
        beside,
    )
}

impl Held {
    fn plain(&self) -> String {
        plain_text(&self.entry.entry.text)
    }
}

#[cfg(test)]
mod tests;
