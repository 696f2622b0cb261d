//! The index's documents: one tantivy document per entry of the corpus,
//! with its status over time, one per release and one per card of the card
//! database; each part of them (see `parts`) written into an index of its
//! own in memory.

use std::collections::{BTreeMap, HashMap};

use tantivy::directory::RamDirectory;
use tantivy::index::SegmentMeta;
use tantivy::schema::TantivyDocument;
use tantivy::tokenizer::TokenizerManager;
use tantivy::Index;

use super::mentions;
use super::parts::{Plan, CARDS, RELEASES};
use super::schema::{self, Fields, Role};
use super::timeline::{self, Period};
use super::IndexError;
use crate::cards::Card;
use crate::corpus::Corpus;
use crate::markdown;
use crate::model::{Edition, Entry, EntryKind, Release};
use crate::topic::TopicKey;

/// The most memory budget of a part's writer (see [`budget`]): far less
/// than the machine has.
const WRITER_MEMORY: usize = 64 * 1024 * 1024;
/// The least: tantivy's first table of words needs a budget of 100 kB.
const MEMORY_LEAST: usize = 1024 * 1024;

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
    /// The titles of the sections a numbered section is printed under
    /// ("Penalties" over "8.3 Deck Registration Errors"): searched as its
    /// words, not shown.
    under: Vec<&'a str>,
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
    for title in &placed.under {
        doc.add_text(fields.text, *title);
    }
    for card in &entry.cards {
        doc.add_text(fields.card, card);
        doc.add_text(fields.spelled, card);
    }
    doc.add_text(fields.edition, entry.edition.label());
    doc.add_text(fields.kind, entry.kind.label());
    doc.add_text(fields.authority, entry.authority().label());
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
/// The body hash of an entry with no words of its own: a head alone.
pub fn empty_body_hash() -> u64 {
    fnv_hash(b"")
}

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

/// A part written: an index in memory holding its documents as one
/// segment (or more, for a part larger than the writer's memory).
pub struct WrittenPart {
    pub part: u64,
    pub index: Index,
    pub segments: Vec<SegmentMeta>,
}

/// Writes the parts of `plan` named in `parts`, each into an index of its
/// own in memory, on as many threads as there are cores (two at most: the
/// others serve the machine), and gives them in the order of `parts`.
pub fn write_parts(
    corpus: &Corpus,
    plan: &Plan,
    (releases, cards): (&[TantivyDocument], &[TantivyDocument]),
    parts: &[u64],
) -> Result<Vec<WrittenPart>, IndexError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
    crate::parallel::in_parallel(parts, threads, |&part| {
        write_part(corpus, plan, (releases, cards), part)
    })
    .into_iter()
    .collect()
}

/// Writes one part into an index of its own in memory, as one segment.
///
/// tantivy's single-segment writer indexes in the calling thread and never
/// cuts a segment short, so a part is always one segment. A part of
/// entries has its documents made on a thread of its own meanwhile (their
/// text, JSON and citations cost about what indexing them does), so that
/// one part alone (a corpus of a few large documents) still keeps two
/// cores busy. The writer's memory budget only sizes its first table of
/// words (the table grows with the words): sized by the part, so that a
/// small part does not pay for a large table.
fn write_part(
    corpus: &Corpus,
    plan: &Plan,
    (releases, cards): (&[TantivyDocument], &[TantivyDocument]),
    part: u64,
) -> Result<WrittenPart, IndexError> {
    let (schema, fields) = schema::schema();
    let tokenizers = TokenizerManager::default();
    schema::register_in(&tokenizers);
    let prepared = match part {
        RELEASES => Some(with_part(&fields, part, releases)),
        CARDS => Some(with_part(&fields, part, cards)),
        _ => None,
    };
    let bytes = match &prepared {
        Some(documents) => text_bytes(documents),
        None => entries_bytes(corpus, plan, part),
    };
    let mut writer = Index::builder()
        .schema(schema)
        .tokenizers(tokenizers)
        .single_segment_index_writer(RamDirectory::create(), budget(bytes))?;
    match prepared {
        Some(documents) => {
            for doc in documents {
                writer.add_document(doc)?;
            }
        }
        None => std::thread::scope(|scope| {
            let (send, made) = std::sync::mpsc::sync_channel(MADE_AHEAD);
            let fields = &fields;
            // The maker owns the sender: the writer's loop ends when it does.
            let maker = scope.spawn(move || {
                each_entry(fields, corpus, plan, part, |doc| send.send(doc).is_ok())
            });
            let added = made
                .into_iter()
                .try_for_each(|doc| writer.add_document(doc));
            let made = maker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            added?;
            made
        })?,
    }
    let index = writer.finalize()?;
    let segments = index.load_metas()?.segments;
    Ok(WrittenPart {
        part,
        index,
        segments,
    })
}

/// How many documents of a part are made ahead of the writer at most.
const MADE_AHEAD: usize = 256;

/// The bytes of text of documents.
fn text_bytes(documents: &[TantivyDocument]) -> usize {
    use tantivy::schema::document::Document;
    documents
        .iter()
        .flat_map(|doc| doc.iter_fields_and_values())
        .filter_map(|(_, v)| tantivy::schema::Value::as_str(&v).map(str::len))
        .sum()
}

/// The bytes of text of a part's entries, as read (their documents hold
/// about twice as much: the text is indexed twice and stored as JSON).
fn entries_bytes(corpus: &Corpus, plan: &Plan, part: u64) -> usize {
    corpus
        .releases
        .iter()
        .zip(&plan.part_of)
        .filter(|(_, &p)| p == part)
        .flat_map(|(release, _)| &release.entries)
        .map(|entry| 2 * (entry.text.len() + entry.topic.len()))
        .sum()
}

/// The memory budget of a part's writer: three times the bytes of its
/// text, within tantivy's bounds for the first table of words.
fn budget(bytes: usize) -> usize {
    (3 * bytes).clamp(MEMORY_LEAST, WRITER_MEMORY)
}

/// The stored documents of the releases and of the cards, in that order.
pub fn documents(
    fields: &Fields,
    corpus: &Corpus,
) -> Result<(Vec<TantivyDocument>, Vec<TantivyDocument>), IndexError> {
    let releases = corpus
        .releases
        .iter()
        .map(|r| release_document(fields, r))
        .collect::<Result<_, _>>()?;
    let cards = corpus
        .cards
        .iter()
        .flat_map(|d| &d.cards)
        .map(|c| card_document(fields, c))
        .collect::<Result<_, _>>()?;
    Ok((releases, cards))
}

/// What a part of release or card documents holds, to hash: their text.
pub fn stored_text(documents: &[TantivyDocument]) -> Vec<String> {
    use tantivy::schema::document::Document;
    documents
        .iter()
        .map(|doc| {
            doc.iter_fields_and_values()
                .filter_map(|(_, v)| tantivy::schema::Value::as_str(&v).map(str::to_string))
                .collect::<Vec<_>>()
                .join("\u{1f}")
        })
        .collect()
}

fn with_part(fields: &Fields, part: u64, documents: &[TantivyDocument]) -> Vec<TantivyDocument> {
    documents
        .iter()
        .map(|doc| {
            let mut doc = doc.clone();
            doc.add_u64(fields.part, part);
            doc
        })
        .collect()
}

/// Makes the documents of the entries of a part, in corpus order, and
/// gives each to `take`, until it says to stop.
fn each_entry(
    fields: &Fields,
    corpus: &Corpus,
    plan: &Plan,
    part: u64,
    mut take: impl FnMut(TantivyDocument) -> bool,
) -> Result<(), IndexError> {
    for (ri, release) in corpus.releases.iter().enumerate() {
        if plan.part_of[ri] != part {
            continue;
        }
        let titles = section_titles(release);
        for (ei, entry) in release.entries.iter().enumerate() {
            let entry = &Entry {
                effect: plan.effects[ri][ei],
                ..entry.clone()
            };
            let placed = Placed {
                entry,
                named: release.named(),
                periods: &plan.timelines[ri][ei],
                pointer: plan.pointers[ri][ei],
                seq: plan.seq[ri][ei],
                under: sections_over(&titles, entry),
            };
            let mut doc = entry_document(fields, &placed)?;
            doc.add_u64(fields.part, part);
            if !take(doc) {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The titles of a release's numbered sections by number ("8" →
/// "Penalties"), each as printed after its number.
fn section_titles(release: &Release) -> HashMap<&str, &str> {
    release
        .entries
        .iter()
        .filter(|e| e.subtopic.is_none())
        .filter_map(|e| {
            let number = crate::parse::base::leading_number(&e.topic)?;
            let title = e.topic[number.len()..].trim_start_matches(|c: char| {
                c.is_whitespace() || matches!(c, ':' | '.' | '–' | '—' | '-')
            });
            (!title.is_empty()).then_some((number, title))
        })
        .collect()
}

/// The titles of the sections a numbered entry is printed under: those of
/// each number its own begins with ("7" and "7.4" over "7.4.1").
fn sections_over<'a>(titles: &HashMap<&str, &'a str>, entry: &Entry) -> Vec<&'a str> {
    let Some(number) = crate::parse::base::leading_number(&entry.topic) else {
        return Vec::new();
    };
    number
        .match_indices('.')
        .filter_map(|(at, _)| titles.get(&number[..at]).copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numbered_section_is_searched_with_the_titles_it_is_printed_under() {
        let mut release = crate::parse::parse_document(
            "g.txt",
            "+++\nedition = \"1E\"\ndate = \"2023-05-01\"\nkind = \"rulebook\"\n+++\nRulebook\n\nSection 8: Penalties\n\n8.3 – Deck Registration Errors\nA deck that does not match its list costs a game.\n\n8.3.1 – Found Late\nFound after the round, the loss is the next game's.\n",
            0,
        )
        .unwrap();
        release.entries.retain(|e| e.subtopic.is_none());
        let titles = section_titles(&release);
        let over: Vec<(String, Vec<&str>)> = release
            .entries
            .iter()
            .map(|e| (e.topic.clone(), sections_over(&titles, e)))
            .collect();
        assert_eq!(
            over,
            [
                ("8 Penalties".to_string(), vec![]),
                (
                    "8.3 Deck Registration Errors".to_string(),
                    vec!["Penalties"]
                ),
                (
                    "8.3.1 Found Late".to_string(),
                    vec!["Penalties", "Deck Registration Errors"]
                ),
            ]
        );
    }
}
