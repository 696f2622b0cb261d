//! `rulings index`: rebuild the search index now and report what it holds;
//! and where the index of a corpus lives.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{bundled_corpus, Outcome};
use crate::cli::Cli;
use crate::index;
use crate::output::{sanitize, Out};

/// The index folder for the corpus in `corpus`: `--index`/`RULINGS_INDEX`,
/// else `index/` at the top of the checkout for the bundled corpus, else a
/// folder of the user's cache.
pub fn folder(cli: &Cli, corpus: &Path) -> PathBuf {
    cli.global.index.clone().unwrap_or_else(|| {
        let bundled_index = Path::new(env!("CARGO_MANIFEST_DIR")).join("index");
        index::default_folder(corpus, &bundled_corpus(), &bundled_index)
    })
}

#[derive(Serialize)]
struct Report<'a> {
    index: &'a Path,
    corpus: &'a Path,
    releases: usize,
    entries: usize,
    editions: Vec<EditionReport>,
    seconds: f64,
}

#[derive(Serialize)]
struct EditionReport {
    edition: crate::model::Edition,
    releases: usize,
    entries: usize,
}

pub fn run(cli: &Cli, corpus: &Path, json: bool) -> anyhow::Result<Outcome> {
    let folder = folder(cli, corpus);
    let rebuilt = index::rebuild(corpus, &folder)?;
    for notice in &rebuilt.manifest.notices {
        eprintln!("warning: {}", sanitize(notice));
    }
    let mut out = Out::new();
    let counts = &rebuilt.counts;
    if json {
        let report = Report {
            index: &folder,
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
        out.line(&format!(
            "Indexed {} entries from {} releases ({}) into {} in {:.2} s.",
            counts.entries,
            counts.releases,
            editions.join("; "),
            folder.display(),
            rebuilt.took.as_secs_f64()
        ))?;
    }
    out.flush()?;
    Ok(Outcome::Found)
}
