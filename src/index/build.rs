//! Writing the index: one tantivy document per entry of the corpus, with its
//! status over time, committed once with the manifest as payload.

use std::collections::BTreeMap;

use tantivy::schema::TantivyDocument;
use tantivy::{DateTime, Index, IndexWriter};

use super::fingerprint::Manifest;
use super::schema::Fields;
use super::timeline::{self, Period};
use super::IndexError;
use crate::corpus::Corpus;
use crate::model::{Edition, Entry};
use crate::render;

/// Memory for the one indexing thread: far more than a corpus needs, far
/// less than the machine has.
const WRITER_MEMORY: usize = 64 * 1024 * 1024;

/// What a build indexed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    pub releases: usize,
    pub entries: usize,
    /// Releases and entries per edition.
    pub editions: BTreeMap<Edition, (usize, usize)>,
}

impl Counts {
    pub fn of(corpus: &Corpus) -> Counts {
        let mut editions: BTreeMap<Edition, (usize, usize)> = BTreeMap::new();
        for release in &corpus.releases {
            let counts = editions.entry(release.edition).or_default();
            counts.0 += 1;
            counts.1 += release.entries.len();
        }
        Counts {
            releases: corpus.releases.len(),
            entries: corpus.entries().count(),
            editions,
        }
    }
}

/// What loading the corpus had to say, as `rulings` prints it.
pub fn notices(corpus: &Corpus) -> Vec<String> {
    corpus
        .warnings
        .iter()
        .cloned()
        .chain(corpus.problems.iter().map(|p| format!("skipped {p}")))
        .collect()
}

fn date_time(date: chrono::NaiveDate) -> DateTime {
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    DateTime::from_timestamp_secs(midnight.and_utc().timestamp())
}

fn document(
    fields: &Fields,
    corpus: &Corpus,
    entry: &Entry,
    periods: &[Period],
) -> Result<TantivyDocument, IndexError> {
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.id, entry.id());
    doc.add_text(fields.topic, &entry.topic);
    doc.add_text(fields.topic_key, entry.key.as_str());
    doc.add_text(fields.text, render::plain_text(&entry.text));
    for card in &entry.cards {
        doc.add_text(fields.card, card);
    }
    doc.add_text(fields.edition, entry.edition.label());
    doc.add_text(fields.kind, entry.kind.label());
    doc.add_text(fields.release, &entry.release);
    doc.add_date(fields.date, date_time(entry.date));
    for period in periods {
        doc.add_i64(fields.standing, timeline::encode(period));
    }
    doc.add_text(fields.entry, serde_json::to_string(entry)?);
    doc.add_text(fields.periods, serde_json::to_string(periods)?);
    doc.add_text(fields.citation, render::citation(corpus, entry));
    Ok(doc)
}

/// Writes every entry of `corpus` into the empty `index` and commits, with
/// `manifest` as the commit payload.
pub fn write(
    index: &Index,
    fields: &Fields,
    corpus: &Corpus,
    manifest: &Manifest,
) -> Result<(), IndexError> {
    let timelines = timeline::timelines(corpus)?;
    let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
    for entry in corpus.entries() {
        let periods = timelines
            .get(&entry.id())
            .map(Vec::as_slice)
            .unwrap_or_default();
        writer.add_document(document(fields, corpus, entry, periods)?)?;
    }
    let mut commit = writer.prepare_commit()?;
    commit.set_payload(&serde_json::to_string(manifest)?);
    commit.commit()?;
    writer.wait_merging_threads()?;
    Ok(())
}
