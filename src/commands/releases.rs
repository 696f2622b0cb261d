//! `rulings releases`: what the corpus holds, one release a line.

use chrono::NaiveDate;
use colored::Colorize;
use serde::Serialize;

use super::Outcome;
use crate::corpus::Corpus;
use crate::model::{Edition, Release};
use crate::output::{sanitize, Out};

#[derive(Serialize)]
struct Summary<'a> {
    id: &'a str,
    edition: Edition,
    date: NaiveDate,
    kind: &'a str,
    title: &'a str,
    publisher: Option<&'a str>,
    entries: usize,
    amends: &'a [String],
    since: Option<&'a str>,
    file: &'a str,
    front_matter: bool,
}

fn summary(r: &Release) -> Summary<'_> {
    Summary {
        id: &r.id,
        edition: r.edition,
        date: r.date,
        kind: r.kind.label(),
        title: &r.title,
        publisher: r.publisher.as_deref(),
        entries: r.entries.len(),
        amends: &r.amends,
        since: r.since.as_deref(),
        file: &r.file,
        front_matter: r.has_front_matter,
    }
}

pub fn run(corpus: &Corpus, json: bool) -> anyhow::Result<Outcome> {
    let mut out = Out::new();
    let mut releases: Vec<&Release> = corpus.releases.iter().collect();
    releases.sort_by_key(|r| (r.edition, r.date, r.order));
    if json {
        let list: Vec<Summary> = releases.iter().map(|r| summary(r)).collect();
        out.json(&list)?;
    } else {
        let id_width = releases
            .iter()
            .map(|r| r.id.chars().count())
            .max()
            .unwrap_or(2);
        for r in &releases {
            out.line(&format!(
                "{:<id_width$}  {}  {}  {:<15}  {:>3} entries  {}",
                sanitize(&r.id).bold(),
                r.edition.label().cyan(),
                r.date,
                r.kind.label(),
                r.entries.len(),
                sanitize(&r.title),
            ))?;
        }
    }
    out.flush()?;
    Ok(Outcome::Found)
}
