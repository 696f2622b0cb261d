//! The releases as JSON: what the corpus holds, in a list inside one
//! object like every answer.

use chrono::NaiveDate;
use serde::Serialize;

use crate::model::{DatePrecision, Edition, ReleaseInfo};

#[derive(Serialize)]
struct Summary<'a> {
    id: &'a str,
    edition: Edition,
    /// `None` (null) for an undated release.
    date: Option<NaiveDate>,
    /// `day`, or `month` for a date printed as a month only, or `undated`.
    date_precision: DatePrecision,
    kind: &'a str,
    title: &'a str,
    /// As the Committee names it: "Glossary 1.9.9", "RRD 2024-06-03".
    name: String,
    version: Option<&'a str>,
    publisher: Option<&'a str>,
    entries: usize,
    amends: &'a [String],
    since: Option<&'a str>,
    file: &'a str,
    /// `bundled`, or the path the document was read from.
    source: &'a str,
    front_matter: bool,
}

/// `releases --json`: the releases in a list, inside one object like every
/// command's answer.
#[derive(Serialize)]
pub struct Releases<'a> {
    releases: Vec<Summary<'a>>,
}

fn summary(r: &ReleaseInfo) -> Summary<'_> {
    Summary {
        id: &r.id,
        edition: r.edition,
        date: (!r.is_undated()).then_some(r.date),
        date_precision: r.date_precision,
        kind: r.kind.label(),
        title: &r.title,
        name: crate::cite::document_name(r.named()),
        version: r.version.as_deref(),
        publisher: r.publisher.as_deref(),
        entries: r.entry_count,
        amends: &r.amends,
        since: r.since.as_deref(),
        file: &r.file,
        source: r.source.as_deref().unwrap_or("bundled"),
        front_matter: r.has_front_matter,
    }
}

pub fn view(releases: &[ReleaseInfo]) -> Releases<'_> {
    Releases {
        releases: releases.iter().map(summary).collect(),
    }
}
