//! `rulings index`: rebuild the search index now and report what it holds;
//! and where the index of a corpus lives.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Config, Failure, Outcome, Printer};
use rulings::corpus::Sources;
use rulings::index;
use rulings::safe::escape_name;

/// The index folder: `--index`/`RULINGS_INDEX`, else `index/` at the top
/// of the checkout when the binary runs from its checkout and reads the
/// checkout's own corpus, else a folder of the user's cache per set of
/// sources.
pub fn folder(asked: Option<&Path>, sources: &Sources, own_checkout: Option<&Path>) -> PathBuf {
    if let Some(asked) = asked {
        return asked.to_path_buf();
    }
    match own_checkout {
        Some(checkout) if *sources == super::checkout_sources(checkout) => checkout.join("index"),
        _ => index::cache_folder(sources),
    }
}

#[derive(Serialize)]
struct Report<'a> {
    index: String,
    corpus: &'a str,
    releases: usize,
    entries: usize,
    editions: Vec<EditionReport>,
    /// The card database's cards; null without one.
    cards: Option<usize>,
    /// Documents not read again: their readings were kept.
    readings_kept: usize,
    seconds: f64,
}

#[derive(Serialize)]
struct EditionReport {
    edition: rulings::model::Edition,
    releases: usize,
    entries: usize,
}

pub fn run(
    config: &Config,
    json: bool,
    p: &mut Printer<impl Write, impl Write>,
) -> Result<Outcome, Failure> {
    let folder = &config.index;
    let rebuilt = index::rebuild(&config.sources, folder)?;
    rulings::session::say_notices(&rebuilt.manifest.notices, config.quiet, &mut p.err)?;
    let out = &mut p.out;
    let counts = &rebuilt.counts;
    if json {
        let report = Report {
            index: folder.to_string_lossy().into_owned(),
            corpus: &rebuilt.manifest.corpus,
            releases: counts.releases,
            entries: counts.entries,
            editions: counts
                .editions
                .iter()
                .map(|(&edition, &(releases, entries))| EditionReport {
                    edition,
                    releases,
                    entries,
                })
                .collect(),
            cards: rebuilt.manifest.cards,
            readings_kept: counts.kept,
            seconds: rebuilt.took.as_secs_f64(),
        };
        out.json(&report)?;
    } else {
        let editions: Vec<String> = counts
            .editions
            .iter()
            .map(|(edition, (releases, entries))| {
                format!("{edition}: {entries} entries in {releases} releases")
            })
            .collect();
        let cards = match rebuilt.manifest.cards {
            Some(n) => format!(" and {n} cards of the card database"),
            None => String::new(),
        };
        // What was not read again is said only where there was any.
        let kept = match counts.kept {
            0 => String::new(),
            1 => "; 1 document not read again, its reading kept".to_string(),
            n => format!("; {n} documents not read again, their readings kept"),
        };
        out.line(&format!(
            "Indexed {} entries from {} releases ({}{kept}){cards} into {} in {:.2} s.",
            counts.entries,
            counts.releases,
            editions.join("; "),
            escape_name(&folder.display().to_string()),
            rebuilt.took.as_secs_f64()
        ))?;
    }
    Ok(Outcome::Found)
}
