//! How the index is cut into parts, so that a change to the corpus costs
//! what changed: takes the corpus as loaded; gives each document of the
//! index a part, and each part a hash of everything written into it.
//!
//! Each part is written as a segment of its own and replaced whole: the
//! release documents; the card database's cards; and the entries, spread
//! over [`Layout::parts`] parts, every entry of a release in the part its
//! release's id hashes to. After a change, a part whose hash is unchanged
//! keeps its segment; one that changed is deleted (its segment goes whole,
//! none of its documents left behind as deleted) and written again. Since
//! no segment ever holds deleted documents, the word statistics ranking
//! reads (how many entries, how many hold a word, how long they are) are
//! those of a fresh build, to the last bit, and so are the scores.
//!
//! What a part's hash covers is what its documents hold: each entry as read,
//! its effect and periods (which a release elsewhere can change: a newer
//! ruling on its topic ends its period), whether it is an index pointer,
//! its place in the order of precedence ([`precedence`]) and what names its
//! release in citations. So a release added beside the others rewrites its
//! own part and the parts of the releases whose statuses it changed.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

use chrono::NaiveDate;
use fnv::FnvHasher;
use serde::{Deserialize, Serialize};

use super::timeline::{self, Effects, Timelines};
use crate::corpus::Corpus;
use crate::digest::Digest;
use crate::model::{Release, UNDATED};

/// The part of the release documents.
pub const RELEASES: u64 = u64::MAX;
/// The part of the card database's cards.
pub const CARDS: u64 = u64::MAX - 1;

/// How many releases a part of entries holds, on average, at most: a change
/// rewrites about this many releases' entries, and a search looks up its
/// words once per part (and reads a vocabulary once per part: at 1,000
/// releases, 16 parts make a search 13 ms where one segment made it 6 ms,
/// 64 parts 36 ms; a part of 64 releases costs a tenth of a second to write).
const RELEASES_PER_PART: usize = 64;

/// The parts of an index and what each holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Layout {
    /// Over how many parts the entries are spread.
    pub parts: u64,
    /// The hash of each part's documents, by part (an empty part has none).
    pub hashes: BTreeMap<u64, u64>,
    /// The segments that hold each part, by part (tantivy's ids).
    #[serde(default)]
    pub segments: BTreeMap<u64, Vec<String>>,
}

impl Layout {
    /// The parts in the order the index lists their segments: the
    /// releases, the cards, then the parts of entries by number.
    pub fn listed(&self) -> Vec<u64> {
        let mut parts: Vec<u64> = self.hashes.keys().copied().collect();
        parts.sort_by_key(|&part| match part {
            RELEASES => 0,
            CARDS => 1,
            entries => entries.saturating_add(2),
        });
        parts
    }
}

/// What writing the index needs beside the corpus: the statuses over
/// time, the order of precedence, and the layout.
pub struct Plan {
    pub timelines: Timelines,
    pub effects: Effects,
    /// `[release][entry]`: see [`precedence`].
    pub seq: Vec<Vec<u64>>,
    /// `[release][entry]`: whether the entry is an index pointer.
    pub pointers: Vec<Vec<bool>>,
    /// Each release's part.
    pub part_of: Vec<u64>,
    pub layout: Layout,
}

/// How many parts the entries of `releases` releases are spread over: a
/// power of two, so that a corpus grows a long way before the count (and
/// with it every part) changes.
pub fn part_count(releases: usize) -> u64 {
    releases
        .div_ceil(RELEASES_PER_PART)
        .max(1)
        .next_power_of_two() as u64
}

/// The part of a release's entries: the same for the same id whatever else
/// the corpus holds.
fn part_of(release: &Release, parts: u64) -> u64 {
    let mut hasher = FnvHasher::default();
    hasher.write(release.id.as_bytes());
    hasher.finish() % parts
}

impl Plan {
    /// The plan of `corpus`, with its entries' statuses over time, whose
    /// release and card documents are `releases` and `cards`, as they are
    /// stored (their hashes are those of the stored text).
    pub fn of(
        corpus: &Corpus,
        (timelines, effects): (Timelines, Effects),
        releases: &[String],
        cards: &[String],
    ) -> Plan {
        let seq = precedence(corpus);
        let pointers: Vec<Vec<bool>> = corpus.releases.iter().map(timeline::pointers).collect();
        let parts = part_count(corpus.releases.len());
        let part_of: Vec<u64> = corpus.releases.iter().map(|r| part_of(r, parts)).collect();
        let mut hashers: BTreeMap<u64, Digest> = BTreeMap::new();
        for (ri, release) in corpus.releases.iter().enumerate() {
            let hasher = hashers.entry(part_of[ri]).or_default();
            release.id.hash(hasher);
            release.named().hash(hasher);
            for (ei, entry) in release.entries.iter().enumerate() {
                entry.hash(hasher);
                effects[ri][ei].hash(hasher);
                timelines[ri][ei].hash(hasher);
                pointers[ri][ei].hash(hasher);
                seq[ri][ei].hash(hasher);
            }
        }
        for (part, documents) in [(RELEASES, releases), (CARDS, cards)] {
            if !documents.is_empty() {
                documents.hash(hashers.entry(part).or_default());
            }
        }
        Plan {
            timelines,
            effects,
            seq,
            pointers,
            part_of,
            layout: Layout {
                parts,
                hashes: hashers
                    .into_iter()
                    .map(|(p, h)| (p, h.first_u64()))
                    .collect(),
                segments: BTreeMap::new(),
            },
        }
    }
}

/// Bits of each component of a place in the order of precedence, from the
/// highest: the day, the release among those with an entry that day, the
/// line, the entry among its release's on that day and line, the edition.
const DAY_BITS: u32 = 16;
const RANK_BITS: u32 = 12;
const LINE_BITS: u32 = 26;
const WITHIN_BITS: u32 = 9;
/// The day numbered 1 (an undated entry's day is 0): 2^16 days on, 2129.
const FIRST_DAY: NaiveDate = match NaiveDate::from_ymd_opt(1950, 1, 1) {
    Some(day) => day,
    None => panic!("a valid date"),
};

/// Each entry's place in its edition's order of precedence (by date, then
/// corpus order, then line), `[release][entry]`, as a number that only an
/// entry dated the same day can change: its day, its release's rank among
/// the releases with an entry that day, its line, its rank among its
/// release's entries of that day and line, and its edition. So a document
/// added or changed moves no other entry's place but those of its days,
/// and writes no other part again for it.
///
/// An undated entry's day ([`UNDATED`]) is the earliest there is, so
/// undated entries come last in every newest-first list and never precede a
/// dated one. A component too large for its bits (more than 4,096 documents
/// with entries on one day, a line past 67 million) is held at its largest:
/// such entries keep their day and tie beyond it.
pub fn precedence(corpus: &Corpus) -> Vec<Vec<u64>> {
    let mut days: HashMap<NaiveDate, Vec<usize>> = HashMap::new();
    for release in &corpus.releases {
        for entry in &release.entries {
            days.entry(entry.date).or_default().push(release.order);
        }
    }
    for orders in days.values_mut() {
        orders.sort_unstable();
        orders.dedup();
    }
    let capped = |value: usize, bits: u32| (value as u64).min((1 << bits) - 1);
    corpus
        .releases
        .iter()
        .map(|release| {
            let mut within: HashMap<(NaiveDate, usize), usize> = HashMap::new();
            release
                .entries
                .iter()
                .map(|entry| {
                    let day = if entry.date == UNDATED {
                        0
                    } else {
                        (entry.date - FIRST_DAY)
                            .num_days()
                            .clamp(0, (1 << DAY_BITS) - 2) as u64
                            + 1
                    };
                    let rank = days[&entry.date]
                        .binary_search(&release.order)
                        .unwrap_or_default();
                    let count = within.entry((entry.date, entry.line)).or_default();
                    let nth = *count;
                    *count += 1;
                    let edition = u64::from(entry.edition == crate::model::Edition::Second);
                    (day << (64 - DAY_BITS))
                        | (capped(rank, RANK_BITS) << (LINE_BITS + WITHIN_BITS + 1))
                        | (capped(entry.line, LINE_BITS) << (WITHIN_BITS + 1))
                        | (capped(nth, WITHIN_BITS) << 1)
                        | edition
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::HashMap;

    #[test]
    fn parts_grow_by_powers_of_two() {
        assert_eq!(part_count(0), 1);
        assert_eq!(part_count(5), 1);
        assert_eq!(part_count(64), 1);
        assert_eq!(part_count(65), 2);
        assert_eq!(part_count(200), 4);
        assert_eq!(part_count(1000), 16);
        assert_eq!(part_count(1024), 16);
        assert_eq!(part_count(1025), 32);
    }

    #[test]
    fn the_first_day_is_numbered_one() {
        assert_eq!(FIRST_DAY.to_string(), "1950-01-01");
    }

    /// The bundled documents, and with `added`, one more (name, text).
    fn bundled(added: Option<(&str, String)>) -> (tempfile::TempDir, Corpus) {
        let dir = tempfile::tempdir().unwrap();
        let bundled = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
        for item in std::fs::read_dir(bundled).unwrap() {
            let item = item.unwrap();
            std::fs::copy(item.path(), dir.path().join(item.file_name())).unwrap();
        }
        if let Some((name, text)) = added {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let corpus = crate::corpus::load(dir.path()).unwrap();
        (dir, corpus)
    }

    /// Each entry's place, by its id and edition.
    fn places(corpus: &Corpus) -> HashMap<(String, bool), u64> {
        let seq = precedence(corpus);
        let mut places = HashMap::new();
        for (ri, release) in corpus.releases.iter().enumerate() {
            for (ei, entry) in release.entries.iter().enumerate() {
                let key = (
                    format!("{}#{ei}", entry.id()),
                    entry.edition == crate::model::Edition::Second,
                );
                places.insert(key, seq[ri][ei]);
            }
        }
        places
    }

    #[test]
    fn places_order_entries_by_date_then_corpus_order_then_line_and_are_unique() {
        let (_dir, corpus) = bundled(None);
        let seq = precedence(&corpus);
        let mut by_rule = Vec::new();
        for (ri, release) in corpus.releases.iter().enumerate() {
            for (ei, entry) in release.entries.iter().enumerate() {
                let rule = (entry.edition, entry.date, release.order, entry.line, ei);
                by_rule.push((rule, seq[ri][ei]));
            }
        }
        assert!(by_rule.len() > 100, "{}", by_rule.len());
        by_rule.sort();
        for pair in by_rule.windows(2) {
            let ((a, sa), (b, sb)) = (&pair[0], &pair[1]);
            if a.0 == b.0 {
                assert!(sa < sb, "{a:?} at {sa} is not before {b:?} at {sb}");
            }
        }
    }

    #[test]
    fn a_document_added_moves_only_the_places_of_its_own_days() {
        let (_dir, before) = bundled(None);
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings/1e-2014-11-03-crd.md"),
        )
        .unwrap();
        // Sorted before the bundled CRD of the same day, by its name.
        let (_dir2, after) = bundled(Some(("1e-2014-11-03-a.md", text)));
        let days: std::collections::HashSet<NaiveDate> = after
            .releases
            .iter()
            .filter(|r| r.file.contains("-a.md"))
            .flat_map(|r| r.entries.iter().map(|e| e.date))
            .collect();
        assert!(!days.is_empty());
        let (was, now) = (places(&before), places(&after));
        let mut moved = 0;
        for release in &before.releases {
            for (ei, entry) in release.entries.iter().enumerate() {
                let key = (
                    format!("{}#{ei}", entry.id()),
                    entry.edition == crate::model::Edition::Second,
                );
                if was[&key] != now[&key] {
                    assert!(
                        days.contains(&entry.date),
                        "{key:?} moved, dated {}",
                        entry.date
                    );
                    moved += 1;
                }
            }
        }
        // The bundled CRD's entries of that day moved after the new one's.
        assert!(moved > 0);
    }
}
