//! Writing the index: one tantivy document per entry of the corpus, with its
//! status over time, committed once with the manifest as payload.

use std::collections::BTreeMap;

use tantivy::schema::TantivyDocument;
use tantivy::{Index, IndexWriter};

use super::fingerprint::Manifest;
use super::mentions;
use super::schema::{self, Fields, Role};
use super::timeline::{self, Period};
use super::IndexError;
use crate::cards::Card;
use crate::corpus::Corpus;
use crate::markdown;
use crate::model::{Edition, Entry, EntryKind, Release};
use crate::topic::TopicKey;
use chrono::NaiveDate;

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
    /// Documents whose readings were kept from an earlier load.
    pub kept: usize,
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
            kept: corpus.kept,
        }
    }
}

/// What loading the corpus had to say, as `rulings` prints it.
pub fn notices(corpus: &Corpus) -> Vec<String> {
    let cards = corpus.cards.iter().flat_map(|d| {
        let none = d
            .lists
            .is_empty()
            .then(|| "the card database holds no card list (a tab-separated file whose first line names a Name column)".to_string());
        d.problems
            .iter()
            .map(|p| format!("card database: skipped {p}"))
            .chain(d.limits.iter().map(|l| format!("card database: {l}")))
            .chain(none)
    });
    corpus
        .warnings
        .iter()
        .cloned()
        .chain(corpus.problems.iter().map(|p| format!("skipped {p}")))
        .chain(cards)
        .collect()
}

/// What the index keeps of one entry beyond the entry itself.
struct Placed<'a> {
    entry: &'a Entry,
    /// What names the release, for the citation.
    named: crate::cite::Named<'a>,
    periods: &'a [Period],
    pointer: bool,
    seq: u64,
}

/// An erratum about a card (not a rules term such as "revised game text").
pub fn is_card_erratum(e: &Entry) -> bool {
    e.kind == EntryKind::Erratum && e.cards.contains(&e.topic)
}

fn entry_document(fields: &Fields, placed: &Placed) -> Result<TantivyDocument, IndexError> {
    let entry = placed.entry;
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.id, entry.id());
    let role = if placed.pointer {
        Role::Pointer
    } else {
        Role::Ruling
    };
    doc.add_text(fields.role, role.term());
    doc.add_u64(fields.class, schema::class(Some(entry.edition), role));
    doc.add_text(fields.topic, &entry.topic);
    doc.add_text(fields.spelled, &entry.topic);
    doc.add_text(fields.topic_key, entry.key.as_str());
    if !entry.key.is_empty() && !placed.pointer {
        doc.add_text(
            fields.topic_id,
            schema::edition_key(entry.edition, entry.key.as_str()),
        );
        if is_card_erratum(entry) {
            doc.add_text(
                fields.errata_id,
                schema::edition_key(entry.edition, entry.key.as_str()),
            );
        }
    }
    if !placed.pointer {
        for name in mentions::names(entry) {
            let key = TopicKey::new(&name);
            doc.add_text(
                fields.named_id,
                schema::edition_key(entry.edition, key.as_str()),
            );
        }
    }
    let plain = markdown::plain_text(&entry.text);
    let folded: Vec<&str> = plain.split_whitespace().collect();
    doc.add_u64(fields.body_hash, fnv_hash(folded.join(" ").as_bytes()));
    doc.add_text(fields.spelled, &plain);
    doc.add_text(fields.text, plain);
    for card in &entry.cards {
        doc.add_text(fields.card, card);
        doc.add_text(fields.spelled, card);
    }
    doc.add_text(fields.edition, entry.edition.label());
    doc.add_text(fields.kind, entry.kind.label());
    doc.add_text(fields.release, &entry.release);
    doc.add_date(fields.date, schema::day_time(entry.date));
    doc.add_u64(fields.seq, placed.seq);
    for period in placed.periods {
        doc.add_i64(fields.standing, timeline::encode(period));
    }
    doc.add_text(fields.entry, serde_json::to_string(entry)?);
    doc.add_text(fields.periods, timeline::to_lines(placed.periods)?);
    doc.add_text(fields.citation, crate::cite::citation(entry, placed.named));
    Ok(doc)
}

/// FNV-1a: the same on every platform and build.
fn fnv_hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

fn release_document(fields: &Fields, release: &Release) -> Result<TantivyDocument, IndexError> {
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.role, Role::Release.term());
    doc.add_u64(
        fields.class,
        schema::class(Some(release.edition), Role::Release),
    );
    doc.add_text(fields.release_id, &release.id);
    doc.add_text(fields.release_info, serde_json::to_string(&release.info())?);
    Ok(doc)
}

fn card_document(fields: &Fields, card: &Card) -> Result<TantivyDocument, IndexError> {
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.role, Role::Card.term());
    doc.add_u64(fields.class, schema::class(Some(card.edition), Role::Card));
    doc.add_text(
        fields.card_key,
        schema::edition_key(card.edition, card.key().as_str()),
    );
    doc.add_text(
        fields.persona_key,
        schema::edition_key(card.edition, card.persona_key().as_str()),
    );
    doc.add_text(fields.card_record, serde_json::to_string(card)?);
    Ok(doc)
}

/// Each entry's place in its edition's order of precedence: by date, then
/// release order, then line; `[release][entry]`. An undated entry's date
/// ([`crate::model::UNDATED`]) is the earliest there is, so undated entries
/// come last in every newest-first list and never precede a dated one.
fn precedence(corpus: &Corpus) -> Vec<Vec<u64>> {
    let mut places: Vec<(NaiveDate, usize, usize, usize, usize)> = corpus
        .releases
        .iter()
        .enumerate()
        .flat_map(|(ri, r)| {
            r.entries
                .iter()
                .enumerate()
                .map(move |(ei, e)| (e.date, r.order, e.line, ri, ei))
        })
        .collect();
    places.sort_unstable();
    let mut seq: Vec<Vec<u64>> = corpus
        .releases
        .iter()
        .map(|r| vec![0; r.entries.len()])
        .collect();
    for (rank, &(_, _, _, ri, ei)) in places.iter().enumerate() {
        seq[ri][ei] = rank as u64;
    }
    seq
}

/// Writes every release and entry of `corpus` into the empty `index` and
/// commits, with `manifest` as the commit payload.
pub fn write(
    index: &Index,
    fields: &Fields,
    corpus: &Corpus,
    manifest: &Manifest,
) -> Result<(), IndexError> {
    let (timelines, effects) = timeline::timelines(corpus);
    let seq = precedence(corpus);
    let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
    // Release documents first, side by side: the document store compresses
    // documents in blocks, and `releases` reads every release, so that
    // stored among the entries, each one cost a block to decompress.
    for release in &corpus.releases {
        writer.add_document(release_document(fields, release)?)?;
    }
    // The card database's cards, side by side too: a deck's sheet reads
    // a hundred of them.
    for card in corpus.cards.iter().flat_map(|d| &d.cards) {
        writer.add_document(card_document(fields, card)?)?;
    }
    for (ri, release) in corpus.releases.iter().enumerate() {
        let pointers = timeline::pointers(release);
        for (ei, entry) in release.entries.iter().enumerate() {
            let entry = &Entry {
                effect: effects[ri][ei],
                ..entry.clone()
            };
            let placed = Placed {
                entry,
                named: release.named(),
                periods: &timelines[ri][ei],
                pointer: pointers[ei],
                seq: seq[ri][ei],
            };
            writer.add_document(entry_document(fields, &placed)?)?;
        }
    }
    let mut commit = writer.prepare_commit()?;
    commit.set_payload(&serde_json::to_string(manifest)?);
    commit.commit()?;
    writer.wait_merging_threads()?;
    Ok(())
}
