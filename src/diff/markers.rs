//! The later release's own new-or-changed markers (the asterisks), checked
//! against what the diff found. The markers speak of changes since the
//! release's predecessor, so the check is exact only against the release of
//! the same edition and kind just before it (and of the date its marker
//! sentence names, when it names one); otherwise it is only indicative.

use std::collections::HashSet;

use chrono::NaiveDate;

use super::{EditionDiff, Side};
use crate::catalog::Stored;
use crate::model::{Edition, ReleaseInfo, ReleaseKind};
use crate::status::is_self_redirect;

/// The later release's markers against what the diff found.
#[derive(Debug)]
pub struct MarkerCheck {
    /// The release whose markers are checked.
    pub release: ReleaseInfo,
    /// What they were checked against: a release id or a date.
    pub against: String,
    /// Whether the release marks entries at all (it has marked entries, or
    /// says that it marks them).
    pub marks_entries: bool,
    /// How many of its entries are marked.
    pub marked: usize,
    /// Why the check is only indicative, when it is.
    pub indicative: Option<Indicative>,
    /// Entries marked new or changed that the diff finds unchanged.
    pub marked_unchanged: Vec<Stored>,
    /// Entries of the release that the diff finds added or changed, unmarked.
    pub unmarked_changes: Vec<Stored>,
}

/// Why a marker check is only indicative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Indicative {
    /// The release was compared with the rulings in force on a date.
    AgainstDate { release: String, date: NaiveDate },
    /// The other release is not the one just before it of its series.
    NotPredecessor {
        from: String,
        edition: Edition,
        kind: ReleaseKind,
        release: String,
    },
    /// The markers name the date of the release they speak of, and the other
    /// side is of another date.
    MarkedSince {
        release: String,
        since: NaiveDate,
        from: String,
        from_date: NaiveDate,
    },
}

/// Checks the markers of `release` (the later side, with its entries).
pub fn check(
    releases: &[ReleaseInfo],
    from: &Side,
    release: &ReleaseInfo,
    entries: &[Stored],
    parts: &[EditionDiff],
) -> MarkerCheck {
    let marked: Vec<&Stored> = entries
        .iter()
        .filter(|s| s.entry.new && !is_self_redirect(&s.entry))
        .collect();
    let marks_entries = !marked.is_empty() || release.says_it_marks;
    let mut check = MarkerCheck {
        release: release.clone(),
        against: from.label(),
        marks_entries,
        marked: marked.len(),
        indicative: indicative(releases, from, release),
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
                .chain(p.status_changed.iter().map(|s| &s.entry))
                .chain(reprinted_beside(p, true))
        })
        .map(|s| s.entry.id())
        .collect();
    check.marked_unchanged = marked
        .into_iter()
        .filter(|s| same.contains(&s.entry.id()))
        .cloned()
        .collect();
    let mut unmarked: Vec<Stored> = parts
        .iter()
        .flat_map(|p| {
            p.added
                .iter()
                .chain(p.changed.iter().map(|c| &c.to))
                .chain(reprinted_beside(p, false))
        })
        .filter(|s| s.entry.release == release.id && !s.entry.new)
        .cloned()
        .collect();
    unmarked.sort_by(|a, b| (&a.entry.key, a.entry.line).cmp(&(&b.entry.key, b.entry.line)));
    check.unmarked_changes = unmarked;
    check
}

/// The later side's rulings that stand beside a changed topic's cited one,
/// those the earlier side has word for word or those it has not.
fn reprinted_beside(part: &EditionDiff, reprinted: bool) -> impl Iterator<Item = &Stored> {
    part.changed
        .iter()
        .flat_map(|c| &c.to_beside)
        .filter(move |b| b.reprinted == reprinted)
        .map(|b| &b.entry)
}

fn indicative(releases: &[ReleaseInfo], from: &Side, to: &ReleaseInfo) -> Option<Indicative> {
    let from = match from {
        Side::Date(date) => {
            return Some(Indicative::AgainstDate {
                release: to.id.clone(),
                date: *date,
            })
        }
        Side::Release(r) => r,
    };
    let predecessor = releases
        .iter()
        .filter(|r| r.edition == to.edition && r.kind == to.kind && r.position() < to.position())
        .max_by_key(|r| r.position());
    if predecessor.map(|p| p.id.as_str()) != Some(from.id.as_str()) {
        return Some(Indicative::NotPredecessor {
            from: from.id.clone(),
            edition: to.edition,
            kind: to.kind,
            release: to.id.clone(),
        });
    }
    match to.marked_since {
        Some(since) if since != from.date => Some(Indicative::MarkedSince {
            release: to.id.clone(),
            since,
            from: from.id.clone(),
            from_date: from.date,
        }),
        _ => None,
    }
}
