//! `rulings releases`: what the corpus holds, one release a line.

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;

use super::{Outcome, Printer};
use crate::catalog::Catalog;
use crate::model::{DatePrecision, Edition, ReleaseInfo};
use crate::safe::{escape_name, sanitize};

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
struct Releases<'a> {
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
        publisher: r.publisher.as_deref(),
        entries: r.entry_count,
        amends: &r.amends,
        since: r.since.as_deref(),
        file: &r.file,
        source: r.source.as_deref().unwrap_or("bundled"),
        front_matter: r.has_front_matter,
    }
}

/// The date as the document printed it: a month-only date is a month.
fn shown_date(r: &ReleaseInfo) -> String {
    r.date_precision.label(r.date)
}

pub fn run(
    catalog: &Catalog,
    json: bool,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let releases = catalog.releases()?;
    if json {
        let list: Vec<Summary> = releases.iter().map(summary).collect();
        p.out.json(&Releases { releases: list })?;
    } else {
        let id_width = releases
            .iter()
            .map(|r| escape_name(&r.id).chars().count())
            .max()
            .unwrap_or(2);
        for r in &releases {
            let id = escape_name(&r.id);
            let pad = id_width.saturating_sub(id.chars().count());
            let from = match &r.source {
                Some(path) => format!(
                    "  {}",
                    p.style.dimmed(&format!("(from {})", escape_name(path)))
                ),
                None => String::new(),
            };
            p.out.line(&format!(
                "{}{}  {}  {:<10}  {:<15}  {:>3} entries  {}{from}",
                p.style.bold(&id),
                " ".repeat(pad),
                p.style.edition(r.edition.label()),
                shown_date(r),
                r.kind.label(),
                r.entry_count,
                sanitize(&r.title),
            ))?;
        }
    }
    Ok(Outcome::Found)
}
