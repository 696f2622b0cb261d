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
use thiserror::Error;

use crate::corpus::Corpus;
use crate::model::printed_not_known;
use crate::model::{Effect, Entry, EntryKind, Release, ReleaseKind};
use crate::status::{declared_effect, is_self_redirect, Status};
use crate::topic::TopicKey;

/// From `from` on (until the next period), the entry stands so. Every
/// period is one of an entry in effect: before its first period (from the
/// entry's own date on), or when it has none (an entry without a topic),
/// an entry is not in effect, and a look-up finds no period.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Period {
    pub from: NaiveDate,
    pub status: Status,
    /// The title of the release the status names, for people.
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
    /// From an undated document: neither in force nor past, on any date.
    Undated = 3,
}

impl Standing {
    fn of(status: &Status) -> Standing {
        match status {
            Status::Undated => Standing::Undated,
            s if s.is_current() => Standing::Current,
            _ => Standing::Past,
        }
    }
}

/// A day as a number (days from the common era).
pub fn day(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce())
}

/// One period's start and standing as one number, for a fast field.
pub fn encode(period: &Period) -> i64 {
    day(period.from) * 4 + Standing::of(&period.status) as i64
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
            3 => Standing::Undated,
            _ => Standing::NotInEffect,
        })
}

/// The period in force on `date`.
pub fn period_on(periods: &[Period], date: NaiveDate) -> Option<&Period> {
    periods.iter().rev().find(|p| p.from <= date)
}

/// What a stored line holds after its date.
#[derive(Serialize, Deserialize)]
struct Held {
    status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
}

/// A stored line that cannot be read back. The index wrote it, so this is
/// damage: the commands rebuild the index when they meet it, and a period
/// that cannot be read is never taken for "not in effect".
#[derive(Debug, Error)]
pub enum DamagedLine {
    #[error("a stored period has no date")]
    NoDate,
    #[error("a stored period's date cannot be read: {0}")]
    Date(#[source] chrono::ParseError),
    #[error("a stored period cannot be read: {0}")]
    Json(#[source] serde_json::Error),
}

/// Periods as the index stores them: one a line, oldest first, each its
/// ISO date, a tab, then the rest as JSON. The date stands apart so that
/// the period of one date is found by reading dates alone, newest back,
/// and only its line's JSON (an entry consolidated by every later
/// gathering release can have hundreds of periods).
pub fn to_lines(periods: &[Period]) -> Result<String, serde_json::Error> {
    let lines = periods
        .iter()
        .map(|p| {
            let held = Held {
                status: p.status.clone(),
                title: p.title.clone(),
            };
            Ok(format!("{}\t{}", p.from, serde_json::to_string(&held)?))
        })
        .collect::<Result<Vec<_>, serde_json::Error>>()?;
    Ok(lines.join("\n"))
}

/// The period in force on `date`, from [`to_lines`]: `None` when the entry
/// takes effect later. Only the dates of the periods after it and its own
/// line are read; any of them that cannot be read is an error.
pub fn line_on(lines: &str, date: NaiveDate) -> Result<Option<Period>, DamagedLine> {
    for line in lines.lines().rev() {
        let (from, held) = line.split_once('\t').ok_or(DamagedLine::NoDate)?;
        let from: NaiveDate = from.parse().map_err(DamagedLine::Date)?;
        if from <= date {
            let Held { status, title } = serde_json::from_str(held).map_err(DamagedLine::Json)?;
            return Ok(Some(Period {
                from,
                status,
                title,
            }));
        }
    }
    Ok(None)
}

/// Every entry's periods: `[release][entry]`, in corpus order.
pub type Timelines = Vec<Vec<Vec<Period>>>;

/// What every entry does to the earlier rulings on its topic:
/// `[release][entry]`; `None` for an entry without a topic or an index
/// pointer.
pub type Effects = Vec<Vec<Option<Effect>>>;

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

/// Every entry's periods and effect, in one sweep per topic.
pub fn timelines(corpus: &Corpus) -> (Timelines, Effects) {
    let mut timelines: Timelines = corpus
        .releases
        .iter()
        .map(|r| vec![Vec::new(); r.entries.len()])
        .collect();
    let mut effects: Effects = corpus
        .releases
        .iter()
        .map(|r| vec![None; r.entries.len()])
        .collect();
    // Statuses name a release as a TD reads it aloud ("superseded by
    // Glossary 1.9.9").
    let names: HashMap<&str, String> = corpus
        .releases
        .iter()
        .map(|r| (r.id.as_str(), crate::cite::document_name(r.named())))
        .collect();
    let titles: HashMap<&str, &str> = names.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for (ri, release) in corpus.releases.iter().enumerate() {
        if release.is_undated() {
            // An undated document takes no part in any topic's sweep: its
            // entries stand apart, undated, on every date.
            for (ei, entry) in release.entries.iter().enumerate() {
                if !entry.key.is_empty() {
                    timelines[ri][ei].push(Period {
                        from: NaiveDate::MIN,
                        status: Status::Undated,
                        title: None,
                    });
                }
            }
        }
    }
    for edition in corpus.editions() {
        let releases: Vec<usize> = (0..corpus.releases.len())
            .filter(|&ri| {
                corpus.releases[ri].edition == edition && !corpus.releases[ri].is_undated()
            })
            .collect();
        let mut gatherers: Vec<usize> = releases
            .iter()
            .copied()
            .filter(|&ri| corpus.releases[ri].since.is_some())
            .collect();
        gatherers.sort_by_key(|&ri| (corpus.releases[ri].date, corpus.releases[ri].order));
        let mut bases: Vec<usize> = releases
            .iter()
            .copied()
            .filter(|&ri| corpus.releases[ri].kind.is_base())
            .collect();
        bases.sort_by_key(|&ri| (corpus.releases[ri].date, corpus.releases[ri].order));
        // What each base holds whole, so that its silence ends an earlier
        // ruling of that subject: errata (an errata appendix), temporary
        // rulings (a Temporary Rulings part).
        let silences: Vec<Silence> = bases
            .iter()
            .map(|&b| Silence::of(&corpus.releases[b]))
            .collect();

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
                        status: Status::InForce,
                        title: None,
                    });
                    continue;
                }
                topics.entry(&entry.key).or_default().push((ri, ei));
            }
        }
        for rulings in topics.into_values() {
            sweep_topic(
                corpus,
                &titles,
                (&gatherers, &bases, &silences),
                rulings,
                &mut timelines,
                &mut effects,
            );
        }
    }
    (timelines, effects)
}

/// The periods of one topic's rulings, and what each entry does to the
/// ones before it.
///
/// The topic's *standing set* is the rulings a TD applies: an entry that
/// states, restates or replaces the topic becomes the whole set (the ones
/// it displaces are superseded by it); one that amends it joins the set;
/// one that deletes it rescinds every earlier ruling. A standing ruling
/// that a later gathering release does not repeat is consolidated.
fn sweep_topic(
    corpus: &Corpus,
    titles: &HashMap<&str, &str>,
    (gatherers, bases, silences): (&[usize], &[usize], &[Silence]),
    mut rulings: Vec<Place>,
    timelines: &mut Timelines,
    effects: &mut Effects,
) {
    let release = |(ri, _): Place| -> &Release { &corpus.releases[ri] };
    let entry = |(ri, ei): Place| -> &Entry { &corpus.releases[ri].entries[ei] };
    rulings.sort_by_key(|&p| (entry(p).date, release(p).order, entry(p).line));
    let first = entry(rulings[0]).date;

    // Every date on which something may change, in order.
    let mut dates: Vec<NaiveDate> = rulings
        .iter()
        .map(|&p| entry(p).date)
        .chain(
            gatherers
                .iter()
                .chain(bases)
                .map(|&g| corpus.releases[g].date)
                .filter(|d| *d >= first),
        )
        .collect();
    dates.sort_unstable();
    dates.dedup();

    let titled = |status: Status| -> Period {
        let title = status
            .release()
            .and_then(|id| titles.get(id))
            .map(|t| t.to_string());
        Period {
            from: NaiveDate::MIN,
            status,
            title,
        }
    };
    let follows = |by: &Entry| Status::Superseded {
        by: by.id(),
        release: by.release.clone(),
        date: by.date,
    };

    let mut effective = 0usize;
    let mut next_base = 0usize;
    let mut next_gatherer = 0usize;
    let mut latest_gatherer: Option<usize> = None;
    // Indices (into `rulings`) of the standing set, oldest first; after a
    // rescission, the rescinding entry alone.
    let mut standing: Vec<usize> = Vec::new();
    // Whether each ruling is in `standing`, so that asking costs nothing
    // however large the set grows.
    let mut in_standing: Vec<bool> = vec![false; rulings.len()];
    // The standing rulings by their comparable text, kept only for a topic
    // that is amended: an amendment printed again finds its earlier
    // printing by one look-up, not by re-reading every standing ruling (a
    // topic amended thousands of times stays linear).
    let amended = rulings
        .iter()
        .any(|&p| declared_effect(entry(p)) == Some(Effect::Amends));
    let mut printed: HashMap<String, Vec<usize>> = HashMap::new();
    let mut rescinded = false;
    // Statuses decided by displacement (superseded, rescinded), by index.
    let mut displaced: Vec<Option<Status>> = vec![None; rulings.len()];
    let mut last: Vec<Option<Status>> = vec![None; rulings.len()];
    // The base, by index into `bases`, that holds the subject of a standing
    // ruling and does not repeat it: the ruling stands, so said.
    let mut unrepeated: Vec<Option<usize>> = vec![None; rulings.len()];
    for date in dates {
        let mut touched: Vec<usize> = Vec::new();
        while effective < rulings.len() && entry(rulings[effective]).date <= date {
            let i = effective;
            effective += 1;
            let new = entry(rulings[i]);
            let declared = declared_effect(new);
            let effect = match declared {
                Some(effect) => effect,
                None if i == 0 => Effect::New,
                None => Effect::Restates,
            };
            let (ri, ei) = rulings[i];
            effects[ri][ei] = Some(effect);
            match effect {
                Effect::Amends if !rescinded => {
                    // The same amendment printed again (a CRD restating
                    // its entries) takes the place of its earlier printing.
                    let text = crate::markdown::comparable(&new.text);
                    let earlier: Vec<usize> = printed
                        .get(&text)
                        .map(|found| found.iter().copied().filter(|&s| in_standing[s]).collect())
                        .unwrap_or_default();
                    if !earlier.is_empty() {
                        for &s in &earlier {
                            displaced[s] = Some(follows(new));
                            touched.push(s);
                            in_standing[s] = false;
                        }
                        standing.retain(|&s| in_standing[s]);
                    }
                    standing.push(i);
                    in_standing[i] = true;
                    printed.entry(text).or_default().push(i);
                }
                Effect::Rescinds => {
                    let by = Status::Rescinded {
                        by: new.id(),
                        release: new.release.clone(),
                        date: new.date,
                    };
                    for (j, slot) in displaced.iter_mut().enumerate().take(i) {
                        *slot = Some(by.clone());
                        touched.push(j);
                    }
                    for s in standing.drain(..) {
                        in_standing[s] = false;
                    }
                    printed.clear();
                    standing.push(i);
                    in_standing[i] = true;
                    rescinded = true;
                }
                _ => {
                    for s in standing.drain(..) {
                        displaced[s] = Some(follows(new));
                        touched.push(s);
                        in_standing[s] = false;
                    }
                    standing.push(i);
                    in_standing[i] = true;
                    if amended {
                        printed.clear();
                        printed.insert(crate::markdown::comparable(&new.text), vec![i]);
                    }
                    rescinded = false;
                }
            }
            touched.push(i);
        }
        while next_base < bases.len() && corpus.releases[bases[next_base]].date <= date {
            // A base that covers the topic holds everything in force on it:
            // what it does not reprint is no longer in force.
            let at = next_base;
            let b = bases[at];
            next_base += 1;
            let base = &corpus.releases[b];
            let by = Status::Superseded {
                by: base.id.clone(),
                release: base.id.clone(),
                date: base.date,
            };
            standing.retain(|&s| {
                let (ri, _) = rulings[s];
                let silent = ri != b
                    && (entry(rulings[s]).date, release(rulings[s]).order)
                        < (base.date, base.order)
                    && covers(base, entry(rulings[s]))
                    // The rule history prints each rule's standing itself:
                    // a base that does not reprint a rule ends none of its
                    // versions.
                    && release(rulings[s]).kind != ReleaseKind::RuleHistory;
                if !silent {
                    return true;
                }
                touched.push(s);
                // Silence ends a ruling only where the base holds that very
                // subject whole: an earlier base's own entry, an erratum
                // under an errata appendix, a temporary ruling under a
                // Temporary Rulings part. Anything else stands, not
                // repeated.
                if !silences[at].ends(release(rulings[s]), entry(rulings[s])) {
                    unrepeated[s] = Some(b);
                    return true;
                }
                displaced[s] = Some(by.clone());
                in_standing[s] = false;
                false
            });
        }
        while next_gatherer < gatherers.len()
            && corpus.releases[gatherers[next_gatherer]].date <= date
        {
            latest_gatherer = Some(gatherers[next_gatherer]);
            next_gatherer += 1;
            touched.extend(standing.iter().copied());
        }
        if effective == 0 {
            continue;
        }
        touched.sort_unstable();
        touched.dedup();
        for i in touched {
            let status = if in_standing[i] {
                match (
                    standing_status(corpus, rulings[i], rescinded, latest_gatherer),
                    unrepeated[i],
                ) {
                    (Status::InForce | Status::Consolidated { .. }, Some(b)) => {
                        let base = &corpus.releases[b];
                        Status::NotRepeated {
                            release: base.id.clone(),
                            release_title: crate::cite::document_name(base.named()),
                            date: base.date,
                        }
                    }
                    (status, _) => status,
                }
            } else {
                match &displaced[i] {
                    Some(status) => status.clone(),
                    None => continue,
                }
            };
            if last[i].as_ref() == Some(&status) {
                continue;
            }
            let (ri, ei) = rulings[i];
            timelines[ri][ei].push(Period {
                from: date,
                ..titled(status.clone())
            });
            last[i] = Some(status);
        }
    }
}

/// What a base document holds whole beside its own entries, so that its
/// silence ends an earlier ruling of that subject.
#[derive(Debug, Clone, Copy)]
struct Silence {
    /// It has an errata appendix: an erratum it does not print has ended.
    errata: bool,
    /// It has Temporary Rulings: one it does not print has ended.
    temporary: bool,
}

impl Silence {
    fn of(base: &Release) -> Silence {
        Silence {
            errata: base.entries.iter().any(|e| e.kind == EntryKind::Erratum),
            temporary: base.entries.iter().any(|e| e.kind == EntryKind::Temporary),
        }
    }

    /// Whether the base's silence ends `entry` of `release`.
    fn ends(self, release: &Release, entry: &Entry) -> bool {
        release.kind.is_base()
            || (self.errata && entry.kind == EntryKind::Erratum)
            || (self.temporary && entry.kind == EntryKind::Temporary)
    }
}

/// Whether a base document holds the topic of an entry: the Compendium
/// holds every topic; the Rulebook its numbered sections; the Glossary the
/// rest.
fn covers(base: &Release, entry: &Entry) -> bool {
    let numbered = crate::parse::base::section_number(&entry.topic).is_some();
    // The tournament's sections are the Guide's alone, and the Guide
    // holds none of the game's.
    let tournament = entry.section.as_deref() == Some(crate::parse::base::ORGANIZED_PLAY);
    // A ban list ends only when a later list for its format restates it:
    // no document's silence ends it.
    let ban_list = entry.section.as_deref() == Some(crate::parse::ban_list::BAN_LISTS);
    match base.kind {
        _ if ban_list => false,
        ReleaseKind::OrganizedPlayGuide => tournament,
        _ if tournament => false,
        ReleaseKind::Compendium => true,
        ReleaseKind::Rulebook => numbered,
        ReleaseKind::Glossary => !numbered,
        _ => false,
    }
}

/// The status of a ruling of the standing set: rescinded when it deletes
/// the topic; consolidated when the newest gathering release came out after
/// it and is not its own release (a release that gathers every ruling since
/// a base document, and does not repeat this one); else in force.
fn standing_status(
    corpus: &Corpus,
    (ri, ei): Place,
    rescinded: bool,
    latest_gatherer: Option<usize>,
) -> Status {
    let release = &corpus.releases[ri];
    let entry = &release.entries[ei];
    if release.kind == ReleaseKind::RuleHistory && !rescinded {
        // The history printed a status no word of the reader's names: the
        // version stands where its rule is, never in force.
        if let Some(printed) = printed_not_known(&entry.text) {
            return Status::NotKnown {
                printed: printed.to_string(),
            };
        }
    }
    if release.kind.is_base() && !rescinded {
        // A base is what the gathering releases gather since: it is not
        // consolidated by them.
        return Status::InForce;
    }
    if rescinded {
        return Status::Rescinded {
            by: entry.id(),
            release: entry.release.clone(),
            date: entry.date,
        };
    }
    match latest_gatherer.map(|g| (g, &corpus.releases[g])) {
        Some((g, gatherer))
            if g != ri && (gatherer.date, gatherer.order) > (entry.date, release.order) =>
        {
            Status::Consolidated {
                release: gatherer.id.clone(),
                release_title: crate::cite::document_name(gatherer.named()),
                date: gatherer.date,
                since: gatherer.since.clone().unwrap_or_default(),
            }
        }
        _ => Status::InForce,
    }
}

#[cfg(test)]
mod tests;
