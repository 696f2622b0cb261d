//! The releases for people: what the corpus holds, one release a line.

use super::Style;
use crate::model::ReleaseInfo;
use crate::safe::{escape_name, sanitize};

/// One line a release: its id, edition, date as printed (a month-only date
/// is a month), kind, entries, the name citations give it and its title,
/// and where it was read from when not bundled.
pub fn releases_text(style: &Style, releases: &[ReleaseInfo]) -> Vec<String> {
    let id_width = releases
        .iter()
        .map(|r| escape_name(&r.id).chars().count())
        .max()
        .unwrap_or(2);
    releases
        .iter()
        .zip(crate::update::fetched_all(releases))
        .map(|(r, fetched)| {
            let id = escape_name(&r.id);
            let pad = id_width.saturating_sub(id.chars().count());
            let from = match &r.source {
                Some(path) => {
                    // A document `rulings update` fetched says from where,
                    // and when.
                    let from = match fetched {
                        Some((url, on)) => format!(
                            "(from {}, fetched from {} on {on})",
                            escape_name(path),
                            sanitize(&url)
                        ),
                        None => format!("(from {})", escape_name(path)),
                    };
                    format!("  {}", style.dimmed(&from))
                }
                None => String::new(),
            };
            format!(
                "{}{}  {}  {:<10}  {:<15}  {:>3} entries  {}  {}{from}",
                style.bold(&id),
                " ".repeat(pad),
                style.edition(r.edition.label()),
                r.date_precision.label(r.date),
                r.kind.label(),
                r.entry_count,
                style.bold(&crate::cite::document_name(r.named())),
                style.dimmed(&sanitize(&r.title)),
            )
        })
        .collect()
}
