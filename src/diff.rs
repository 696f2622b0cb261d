//! Diff: what changed between two releases, or between the rulings in force
//! on two dates.
//!
//! Takes the corpus and two sides, each a release or a date, and gives a
//! [`Comparison`]: per edition, the topics added, removed, changed (with a
//! word-level diff) and whose status changed, and how many stayed the same;
//! plus, when the later side is a release, a cross-check of its own
//! new-or-changed markers (the asterisks) against what the diff found.
//!
//! Topics are matched by [`TopicKey`], so a topic printed "Big Picture, The"
//! in one release and "The Big Picture" in the next is one topic. Texts are
//! compared as plain text with whitespace folded: a change of markup or line
//! breaks alone is not a change.
//!
//! - Two releases: their printed entries are compared, nothing else. A
//!   release's index pointers to its own topic ("Big Picture, The - See
//!   **The Big Picture**") are not rulings and take no part.
//! - Two dates: the rulings in force as of each date (see [`crate::resolve`]),
//!   edition by edition: the newest entry of every topic that is in force or
//!   consolidated. A rescinded topic is gone. The same text with another
//!   status (in force → consolidated) is a status change, not a removal.
//! - A release and a date: the release stands for the rulings in force of
//!   its edition on its own date. Comparing a release's printed entries with
//!   everything in force on a date would report every topic the release does
//!   not reprint as added or removed; the rules in force on the day it came
//!   out are what a tournament director means by "since that release".

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use serde::Serialize;
use similar::{Algorithm, DiffTag};
use thiserror::Error;

use crate::corpus::Corpus;
use crate::model::{Edition, Entry, Release};
use crate::parse::dates;
use crate::render;
use crate::resolve::is_self_redirect;
use crate::resolve::{Resolution, Status};
use crate::topic::TopicKey;

/// Why two sides cannot be compared.
#[derive(Debug, Error)]
pub enum DiffError {
    #[error("unknown release `{id}`{hint} (see `rulings releases` for the release ids; a date is YYYY-MM-DD)")]
    UnknownRelease { id: String, hint: String },
    #[error("bad date `{text}`: no such day (a date is YYYY-MM-DD)")]
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
}

/// One side of a comparison.
#[derive(Debug, Clone, Copy)]
pub enum Side<'c> {
    Release(&'c Release),
    Date(NaiveDate),
}

impl<'c> Side<'c> {
    /// Reads a side as the user gave it: a release id, else a date
    /// (YYYY-MM-DD). An id that happens to look like a date is an id.
    pub fn parse(corpus: &'c Corpus, text: &str) -> Result<Side<'c>, DiffError> {
        if let Some(release) = corpus.release(text) {
            return Ok(Side::Release(release));
        }
        let trimmed = text.trim();
        if looks_like_date(trimmed) {
            return NaiveDate::parse_from_str(trimmed, "%Y-%m-%d")
                .or_else(|_| NaiveDate::parse_from_str(trimmed, "%Y/%m/%d"))
                .map(Side::Date)
                .map_err(|_| DiffError::BadDate {
                    text: text.to_string(),
                });
        }
        Err(DiffError::UnknownRelease {
            id: text.to_string(),
            hint: closest_release(corpus, text)
                .map(|id| format!("; did you mean `{id}`?"))
                .unwrap_or_default(),
        })
    }

    /// How JSON names the side: the release id or the date.
    pub fn label(&self) -> String {
        match self {
            Side::Release(r) => r.id.clone(),
            Side::Date(d) => d.to_string(),
        }
    }

    /// The date the side stands for.
    pub fn date(&self) -> NaiveDate {
        match self {
            Side::Release(r) => r.date,
            Side::Date(d) => *d,
        }
    }

    pub fn release(&self) -> Option<&'c Release> {
        match self {
            Side::Release(r) => Some(r),
            Side::Date(_) => None,
        }
    }
}

/// Digits in three groups: a date, well or badly written ("2014-11-31").
fn looks_like_date(text: &str) -> bool {
    let groups: Vec<&str> = text.split(['-', '/']).collect();
    groups.len() == 3
        && groups
            .iter()
            .all(|g| !g.is_empty() && g.chars().all(|c| c.is_ascii_digit()))
}

/// The release id nearest to a mistyped one, when one is near enough.
fn closest_release<'c>(corpus: &'c Corpus, text: &str) -> Option<&'c str> {
    corpus
        .releases
        .iter()
        .map(|r| (strsim::levenshtein(&r.id, text), r.id.as_str()))
        .filter(|(distance, id)| *distance <= 3.max(id.len() / 4))
        .min()
        .map(|(_, id)| id)
}

/// What the two sides stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The entries printed in two releases.
    Releases,
    /// The rulings in force on two dates (a release standing for its date).
    InForce,
}

/// The answer: the differences, edition by edition.
#[derive(Debug)]
pub struct Comparison<'c> {
    pub from: Side<'c>,
    pub to: Side<'c>,
    pub basis: Basis,
    /// One part per edition compared, in edition order.
    pub parts: Vec<EditionDiff<'c>>,
    /// The cross-check of the later release's markers, when it is a release.
    pub markers: Option<MarkerCheck<'c>>,
    /// What a reader should keep in mind about this comparison.
    pub notes: Vec<String>,
}

/// The differences within one edition.
#[derive(Debug)]
pub struct EditionDiff<'c> {
    pub edition: Edition,
    /// Topics only the later side has: its entries.
    pub added: Vec<&'c Entry>,
    /// Topics only the earlier side has.
    pub removed: Vec<Removal<'c>>,
    /// Topics on both sides whose text differs.
    pub changed: Vec<Change<'c>>,
    /// Topics on both sides with the same text and another status.
    pub status_changed: Vec<StatusChange<'c>>,
    /// Topics on both sides with the same text (and status): the later
    /// side's entries.
    pub unchanged: Vec<&'c Entry>,
}

/// A topic the later side no longer has.
#[derive(Debug)]
pub struct Removal<'c> {
    /// The entry of the earlier side.
    pub entry: &'c Entry,
    /// Where that entry stands on the later date (comparing dates): why it
    /// is gone, typically rescinded.
    pub now: Option<Status>,
}

/// A topic whose text changed.
#[derive(Debug)]
pub struct Change<'c> {
    pub key: TopicKey,
    pub from: &'c Entry,
    pub to: &'c Entry,
    /// Statuses on each date (comparing dates).
    pub from_status: Option<Status>,
    /// Status of the later entry on the later date, also when comparing
    /// releases (a release's entry may rescind its topic).
    pub to_status: Option<Status>,
    /// The later text against the earlier, word by word.
    pub words: Vec<WordChange>,
}

/// A topic whose text stayed the same but whose status changed.
#[derive(Debug)]
pub struct StatusChange<'c> {
    pub key: TopicKey,
    pub from: Status,
    pub to: Status,
    /// The entry on the later date.
    pub entry: &'c Entry,
}

/// One run of a word diff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WordChange {
    pub op: WordOp,
    /// Words, each followed by the whitespace that follows it in the text
    /// (a space, a line break or a paragraph break).
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WordOp {
    Equal,
    Insert,
    Delete,
}

/// The later release's markers against what the diff found.
#[derive(Debug)]
pub struct MarkerCheck<'c> {
    /// The release whose markers are checked.
    pub release: &'c Release,
    /// What they were checked against: a release id or a date.
    pub against: String,
    /// Whether the release marks entries at all (it has marked entries, or
    /// says that it marks them).
    pub marks_entries: bool,
    /// How many of its entries are marked.
    pub marked: usize,
    /// Why the check is only indicative, when it is: the release's markers
    /// speak of changes since its predecessor, and `against` is not that.
    pub indicative: Option<String>,
    /// Entries marked new or changed that the diff finds unchanged.
    pub marked_unchanged: Vec<&'c Entry>,
    /// Entries of the release that the diff finds added or changed, unmarked.
    pub unmarked_changes: Vec<&'c Entry>,
}

/// Compares two sides. `edition` narrows a comparison of dates to one
/// edition and must agree with any release given.
pub fn compare<'c>(
    corpus: &'c Corpus,
    from: Side<'c>,
    to: Side<'c>,
    edition: Option<Edition>,
) -> Result<Comparison<'c>, DiffError> {
    let release_edition = match (from, to) {
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
        (None, Some(asked)) if !corpus.editions().contains(&asked) => {
            return Err(DiffError::NoSuchEdition { edition: asked })
        }
        (None, Some(asked)) => vec![asked],
        (None, None) => corpus.editions(),
    };

    let basis = match (from, to) {
        (Side::Release(_), Side::Release(_)) => Basis::Releases,
        _ => Basis::InForce,
    };
    let parts: Vec<EditionDiff> = editions
        .into_iter()
        .map(|edition| match (basis, from, to) {
            (Basis::Releases, Side::Release(a), Side::Release(b)) => compare_releases(corpus, a, b),
            _ => compare_in_force(corpus, edition, from.date(), to.date()),
        })
        .collect();
    let markers = to
        .release()
        .map(|release| check_markers(corpus, from, release, &parts));
    let notes = notes(basis, from, to);
    Ok(Comparison {
        from,
        to,
        basis,
        parts,
        markers,
        notes,
    })
}

/// Caveats worth printing with the comparison.
fn notes(basis: Basis, from: Side, to: Side) -> Vec<String> {
    let mut notes = Vec::new();
    match (basis, from, to) {
        (Basis::Releases, Side::Release(a), Side::Release(b)) => {
            if a.kind != b.kind {
                notes.push(format!(
                    "`{}` is a {} release and `{}` a {} release: what one does not print, the other may never have meant to carry. Comparing the dates ({} and {}) compares the rulings in force.",
                    a.id,
                    a.kind.label(),
                    b.id,
                    b.kind.label(),
                    a.date,
                    b.date
                ));
            }
            if let Some(since) = &b.since {
                notes.push(format!(
                    "`{}` gathers the rulings issued since the {since}: a topic it does not repeat may have been folded into that document rather than reversed.",
                    b.id
                ));
            }
        }
        _ => {
            for side in [from, to] {
                if let Side::Release(r) = side {
                    notes.push(format!(
                        "`{}` stands for the {} rulings in force on its date, {}.",
                        r.id, r.edition, r.date
                    ));
                }
            }
        }
    }
    notes
}

/// An entry as one side holds it.
struct Held<'c> {
    entry: &'c Entry,
    /// Its status on the side's date (comparing dates only).
    status: Option<Status>,
}

type Holdings<'c> = BTreeMap<TopicKey, Vec<Held<'c>>>;

/// A release's rulings by topic, in printed order; index pointers to a topic
/// the release also rules on are left out.
fn release_holdings(release: &Release) -> Holdings<'_> {
    let ruled: HashSet<&TopicKey> = release
        .entries
        .iter()
        .filter(|e| !is_self_redirect(e))
        .map(|e| &e.key)
        .collect();
    let mut holdings = Holdings::new();
    for entry in &release.entries {
        if entry.key.is_empty() || (is_self_redirect(entry) && ruled.contains(&entry.key)) {
            continue;
        }
        holdings.entry(entry.key.clone()).or_default().push(Held {
            entry,
            status: None,
        });
    }
    holdings
}

/// The rulings in force (or consolidated) on a date, by topic.
fn in_force_holdings<'c>(resolution: &Resolution<'c>) -> Holdings<'c> {
    resolution
        .topics()
        .filter_map(|topic| {
            let (entry, status) = topic.newest();
            status.is_current().then(|| {
                (
                    topic.key.clone(),
                    vec![Held {
                        entry,
                        status: Some(status.clone()),
                    }],
                )
            })
        })
        .collect()
}

fn compare_releases<'c>(corpus: &'c Corpus, from: &'c Release, to: &'c Release) -> EditionDiff<'c> {
    let mut diff = compare_holdings(
        to.edition,
        release_holdings(from),
        release_holdings(to),
        None,
    );
    // The release's own word on its topic: an entry that deletes it.
    let on_its_date = Resolution::new(corpus, to.edition, to.date);
    for change in &mut diff.changed {
        change.to_status = on_its_date.status(change.to).cloned();
    }
    diff
}

fn compare_in_force<'c>(
    corpus: &'c Corpus,
    edition: Edition,
    from: NaiveDate,
    to: NaiveDate,
) -> EditionDiff<'c> {
    let before = Resolution::new(corpus, edition, from);
    let after = Resolution::new(corpus, edition, to);
    compare_holdings(
        edition,
        in_force_holdings(&before),
        in_force_holdings(&after),
        Some(&after),
    )
}

/// Matches the two sides topic by topic. A topic a release prints more than
/// once is matched printing by printing, in order; the rest are added or
/// removed.
fn compare_holdings<'c>(
    edition: Edition,
    mut from: Holdings<'c>,
    mut to: Holdings<'c>,
    after: Option<&Resolution<'c>>,
) -> EditionDiff<'c> {
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
        let paired = before.len().min(now.len());
        let mut before = before.into_iter();
        let mut now = now.into_iter();
        for (old, new) in before.by_ref().zip(now.by_ref()).take(paired) {
            let old_plain = render::plain_text(&old.entry.text);
            let new_plain = render::plain_text(&new.entry.text);
            if folded(&old_plain) != folded(&new_plain) {
                diff.changed.push(Change {
                    key: key.clone(),
                    from: old.entry,
                    to: new.entry,
                    words: plain_word_diff(&old_plain, &new_plain),
                    from_status: old.status,
                    to_status: new.status,
                });
            } else if old.status != new.status {
                diff.status_changed.push(StatusChange {
                    key: key.clone(),
                    from: old.status.expect("statuses differ, so one is known"),
                    to: new.status.expect("statuses are known on both dates"),
                    entry: new.entry,
                });
            } else {
                diff.unchanged.push(new.entry);
            }
        }
        for old in before {
            diff.removed.push(Removal {
                entry: old.entry,
                now: after.and_then(|r| r.status(old.entry).cloned()),
            });
        }
        diff.added.extend(now.map(|new| new.entry));
    }
    diff
}

/// A body as compared: plain text, whitespace folded to single spaces.
pub fn comparable(markdown: &str) -> String {
    folded(&render::plain_text(markdown))
}

/// Plain text with whitespace folded to single spaces.
fn folded(plain: &str) -> String {
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A word with the whitespace after it, reduced to a paragraph break, a line
/// break, a space, or nothing at the end of the text.
#[derive(Debug, Clone, Copy)]
struct Word<'t> {
    word: &'t str,
    gap: &'static str,
}

fn words(plain: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut rest = plain.trim_start();
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(end);
        let next = tail.trim_start();
        let space = &tail[..tail.len() - next.len()];
        let gap = match space.matches('\n').count() {
            _ if next.is_empty() => "",
            0 => " ",
            1 => "\n",
            _ => "\n\n",
        };
        words.push(Word { word, gap });
        rest = next;
    }
    words
}

/// How long the diff algorithm may search before settling for a coarser
/// answer (entries are short; this bounds a pathological one).
const DIFF_DEADLINE: Duration = Duration::from_millis(500);

/// The word-level diff of two Markdown bodies, on their plain text. Runs of
/// one kind are merged; an equal run takes the later text's whitespace.
pub fn word_diff(old_markdown: &str, new_markdown: &str) -> Vec<WordChange> {
    plain_word_diff(
        &render::plain_text(old_markdown),
        &render::plain_text(new_markdown),
    )
}

/// The word-level diff of two bodies already rendered as plain text.
fn plain_word_diff(old_plain: &str, new_plain: &str) -> Vec<WordChange> {
    let old = words(old_plain);
    let new = words(new_plain);
    let old_words: Vec<&str> = old.iter().map(|w| w.word).collect();
    let new_words: Vec<&str> = new.iter().map(|w| w.word).collect();
    let ops = similar::capture_diff_slices_deadline(
        Algorithm::Patience,
        &old_words,
        &new_words,
        Some(Instant::now() + DIFF_DEADLINE),
    );
    let mut runs: Vec<Run> = Vec::new();
    for op in ops {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        let run = Run {
            same: tag == DiffTag::Equal,
            old: old[old_range].to_vec(),
            new: new[new_range].to_vec(),
        };
        match runs.last_mut() {
            Some(last) if !last.same && !run.same => last.absorb(run),
            _ => runs.push(run),
        }
    }
    absorb_short_equalities(&mut runs);

    let mut changes: Vec<WordChange> = Vec::new();
    let mut push = |op: WordOp, text: String| {
        if text.is_empty() {
            return;
        }
        match changes.last_mut() {
            Some(last) if last.op == op => last.text.push_str(&text),
            _ => changes.push(WordChange { op, text }),
        }
    };
    for run in runs {
        if run.same {
            let mut text = join(&run.new);
            // Before a deletion at the end of the later text, keep the
            // earlier text's space so that words do not run together.
            if text.ends_with(|c: char| !c.is_whitespace()) {
                text.push_str(run.old.last().map_or("", |w| w.gap));
            }
            push(WordOp::Equal, text);
        } else {
            push(WordOp::Delete, join(&run.old));
            push(WordOp::Insert, join(&run.new));
        }
    }
    changes
}

/// A stretch of both texts: the same words, or words that differ.
struct Run<'t> {
    same: bool,
    old: Vec<Word<'t>>,
    new: Vec<Word<'t>>,
}

impl<'t> Run<'t> {
    fn absorb(&mut self, other: Run<'t>) {
        self.same = false;
        self.old.extend(other.old);
        self.new.extend(other.new);
    }

    /// The longer side of a change, in words.
    fn weight(&self) -> usize {
        self.old.len().max(self.new.len())
    }
}

/// Folds into the surrounding change every stretch of equal words between
/// two changes that is no longer than either of them ("and", "the"), so that
/// a rewritten ruling reads as one replacement rather than as confetti.
/// (The rule of diff-match-patch's semantic cleanup, applied to words.)
fn absorb_short_equalities(runs: &mut Vec<Run>) {
    let mut i = 1;
    while i + 1 < runs.len() {
        let short = runs[i].same
            && !runs[i - 1].same
            && !runs[i + 1].same
            && runs[i].old.len() <= runs[i - 1].weight()
            && runs[i].old.len() <= runs[i + 1].weight();
        if short {
            let after = runs.remove(i + 1);
            let middle = runs.remove(i);
            runs[i - 1].absorb(middle);
            runs[i - 1].absorb(after);
            // The grown change may now outweigh the equality before it.
            i = i.saturating_sub(2).max(1);
        } else {
            i += 1;
        }
    }
}

fn join(words: &[Word]) -> String {
    let mut text = String::new();
    for w in words {
        text.push_str(w.word);
        text.push_str(w.gap);
    }
    text
}

/// Checks the markers of `release` (the later side) against the diff.
fn check_markers<'c>(
    corpus: &'c Corpus,
    from: Side<'c>,
    release: &'c Release,
    parts: &[EditionDiff<'c>],
) -> MarkerCheck<'c> {
    let marked: Vec<&Entry> = release
        .entries
        .iter()
        .filter(|e| e.new && !is_self_redirect(e))
        .collect();
    let says_it_marks = release
        .front
        .iter()
        .any(|p| p.text.to_lowercase().contains("asterisk"));
    let marks_entries = !marked.is_empty() || says_it_marks;
    let mut check = MarkerCheck {
        release,
        against: from.label(),
        marks_entries,
        marked: marked.len(),
        indicative: indicative(corpus, from, release),
        marked_unchanged: Vec::new(),
        unmarked_changes: Vec::new(),
    };
    if !marks_entries {
        return check;
    }
    let same: HashSet<String> = parts
        .iter()
        .flat_map(|p| {
            p.unchanged
                .iter()
                .copied()
                .chain(p.status_changed.iter().map(|s| s.entry))
        })
        .map(Entry::id)
        .collect();
    check.marked_unchanged = marked
        .into_iter()
        .filter(|e| same.contains(&e.id()))
        .collect();
    let mut unmarked: Vec<&Entry> = parts
        .iter()
        .flat_map(|p| {
            p.added
                .iter()
                .copied()
                .chain(p.changed.iter().map(|c| c.to))
        })
        .filter(|e| e.release == release.id && !e.new)
        .collect();
    unmarked.sort_by(|a, b| (&a.key, a.line).cmp(&(&b.key, b.line)));
    check.unmarked_changes = unmarked;
    check
}

/// Why a marker check is only indicative: the markers speak of what changed
/// since the release's predecessor, and the other side is not that.
fn indicative(corpus: &Corpus, from: Side, to: &Release) -> Option<String> {
    let from = match from {
        Side::Date(date) => {
            return Some(format!(
            "`{}` was compared with the rulings in force on {date}, not with the release before it",
            to.id
        ))
        }
        Side::Release(r) => r,
    };
    let before = |r: &Release| (r.date, r.order) < (to.date, to.order);
    let predecessor = corpus
        .releases
        .iter()
        .filter(|r| r.edition == to.edition && r.kind == to.kind && before(r))
        .max_by_key(|r| (r.date, r.order));
    if predecessor.map(|p| p.id.as_str()) != Some(from.id.as_str()) {
        return Some(format!(
            "`{}` is not the {} {} release just before `{}` in this corpus",
            from.id,
            to.edition,
            to.kind.label(),
            to.id
        ));
    }
    match marked_since(to) {
        Some(date) if date != from.date => Some(format!(
            "`{}` marks what changed since its previous release of {date}, and `{}` is of {}",
            to.id, from.id, from.date
        )),
        _ => None,
    }
}

/// The date of the previous release that a release's markers refer to, when
/// the sentence about the asterisks names one ("new or changed since the last
/// Current Rulings document (2/28/00) are marked with an asterisk").
fn marked_since(release: &Release) -> Option<NaiveDate> {
    release
        .front
        .iter()
        .flat_map(|p| p.text.split(". "))
        .find(|sentence| sentence.to_lowercase().contains("asterisk"))
        .and_then(dates::find_date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(changes: &[WordChange]) -> String {
        changes
            .iter()
            .map(|c| match c.op {
                WordOp::Equal => c.text.clone(),
                WordOp::Delete => format!("[-{}-]", c.text),
                WordOp::Insert => format!("{{+{}+}}", c.text),
            })
            .collect()
    }

    #[test]
    fn markup_and_whitespace_alone_are_no_change() {
        assert_eq!(
            comparable("A **bold**\nmove.\n\nNext  paragraph."),
            comparable("A bold move. Next paragraph.")
        );
        assert_ne!(comparable("A bold move."), comparable("A bolder move."));
    }

    #[test]
    fn words_keep_their_following_whitespace() {
        let changes = word_diff("the quick fox jumps", "the slow fox jumps high");
        assert_eq!(
            render(&changes),
            "the [-quick -]{+slow +}fox jumps {+high+}"
        );
        // Both texts can be rebuilt from the runs.
        let old: String = changes
            .iter()
            .filter(|c| c.op != WordOp::Insert)
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(old.trim_end(), "the quick fox jumps");
    }

    #[test]
    fn a_deletion_at_the_end_keeps_its_space() {
        assert_eq!(render(&word_diff("foo bar", "foo")), "foo [-bar-]");
    }

    #[test]
    fn short_equalities_between_changes_fold_into_them() {
        assert_eq!(
            render(&word_diff(
                "Personnel and ships may report there.",
                "Cards and facilities may be reported directly there."
            )),
            "[-Personnel and ships may report -]{+Cards and facilities may be reported directly +}there."
        );
    }

    #[test]
    fn paragraph_breaks_survive() {
        assert_eq!(
            render(&word_diff("One.\n\nTwo.", "One.\n\nTwo and three.")),
            "One.\n\n[-Two.-]{+Two and three.+}"
        );
    }

    #[test]
    fn dates_and_ids_are_told_apart() {
        assert!(looks_like_date("2014-11-03"));
        assert!(looks_like_date("2014-13-45"));
        assert!(!looks_like_date("1e-2014-11-03-crd"));
        assert!(!looks_like_date("yesterday"));
    }
}
