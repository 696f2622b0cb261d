//! The read side: every question is answered from the search index, which
//! stores each release, each entry with its status over time and citation,
//! and the vocabulary of topics and cards. Nothing here parses the corpus;
//! [`Catalog::open`] only checks that the index is fresh (and has it rebuilt
//! when it is not).

mod amended;
mod cards;
mod names;
mod topic;

pub use amended::{compose, AmendStep, Amended};
pub use cards::Spellings;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, OnceLock};

use chrono::NaiveDate;
use tantivy::collector::DocSetCollector;
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, TantivyDocument, Value};
use tantivy::{DocAddress, TantivyError, Term};
use thiserror::Error;

pub use names::{Looked, Name, Named, Naming};
pub use topic::{Reference, Topic};

use crate::corpus::Sources;
use crate::index::timeline::{self, Period, Standing};
use crate::index::{
    self, class, edition_key, IndexError, Manifest, Opened, Role, SearchIndex, Unreadable,
    BODY_HASH, CLASS, SEQ, STANDING,
};
use crate::model::{Edition, Entry, ReleaseInfo};
use crate::status::Status;
use crate::topic::TopicKey;

/// What can go wrong reading the catalog.
#[derive(Debug, Error)]
pub enum CatalogError {
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error("search index: {0}")]
    Tantivy(#[from] TantivyError),
    #[error("search index: a stored value cannot be read: {0}")]
    Stored(#[from] Unreadable),
}

impl From<serde_json::Error> for CatalogError {
    fn from(e: serde_json::Error) -> Self {
        CatalogError::Stored(e.into())
    }
}

/// An entry as the index stores it.
#[derive(Debug, Clone)]
pub struct Stored {
    pub entry: Entry,
    /// Its statuses over time, as the index stores them
    /// ([`timeline::to_lines`]).
    periods: String,
    /// Where it comes from, for people.
    pub citation: String,
    /// Its place in the edition's order of precedence.
    pub seq: u64,
}

impl Stored {
    /// Its period on `date`, when it is in effect then. A stored period
    /// that cannot be read is damage, never "not in effect".
    pub fn on(&self, date: NaiveDate) -> Result<Option<Period>, CatalogError> {
        Ok(timeline::line_on(&self.periods, date).map_err(Unreadable::from)?)
    }

    /// Its status on `date`, for a ruling whose period on that date was
    /// already read with [`Stored::on`], which reports a damaged one (as
    /// [`Catalog::naming`] does for every ruling it lists): the same line
    /// read again reads the same.
    pub fn status_on(&self, date: NaiveDate) -> Option<Status> {
        self.on(date).ok().flatten().map(|p| p.status)
    }
}

/// The rulings of `rulings` in effect on `date`, in their order, each with
/// its period then.
pub fn in_effect(
    rulings: impl IntoIterator<Item = Stored>,
    date: NaiveDate,
) -> Result<Vec<(Stored, Period)>, CatalogError> {
    let mut found = Vec::new();
    for stored in rulings {
        if let Some(period) = stored.on(date)? {
            found.push((stored, period));
        }
    }
    Ok(found)
}

/// How a card's errata reprinted with the same text are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reprints {
    /// Once, with how many more times the text was printed (for people).
    Collapsed,
    /// Every printing on its own (for programs).
    Listed,
}

/// Which names of an edition [`Catalog::keys`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// Every topic.
    Topics,
    /// The cards with errata.
    Errata,
}

/// The opened index, and what it can answer.
pub struct Catalog {
    opened: Opened,
    /// Each segment's fast-field columns, opened when first needed (a
    /// search does not need them).
    columns: OnceLock<Vec<Columns>>,
    /// Each keyword field's terms of an edition, read once: a deck's sheet
    /// looks a hundred names up in the same vocabularies.
    vocabularies: Mutex<Vocabularies>,
    /// The card names of each edition indexed for spelling, once asked
    /// for twice (see [`Catalog::card_spellings`]).
    spellings: Mutex<HashMap<Edition, Arc<crate::lookup::Vocabulary>>>,
    spelling_look_ups: AtomicUsize,
}

/// The terms of each keyword field and edition read so far.
type Vocabularies = HashMap<(Field, Edition), Arc<Vec<TopicKey>>>;

struct Columns {
    seq: Column<u64>,
    standing: Column<i64>,
    class: Column<u64>,
    body_hash: Column<u64>,
}

fn keyword(field: Field, value: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(
        Term::from_field_text(field, &value.to_lowercase()),
        IndexRecordOption::Basic,
    ))
}

fn all_of(queries: Vec<Box<dyn Query>>) -> BooleanQuery {
    BooleanQuery::new(queries.into_iter().map(|q| (Occur::Must, q)).collect())
}

fn stored_str(doc: &TantivyDocument, field: Field) -> Result<&str, CatalogError> {
    doc.get_first(field)
        .and_then(|v| v.as_str())
        .ok_or(CatalogError::Stored(Unreadable::Missing))
}

impl Catalog {
    /// The catalog of the corpus of `sources`, its index kept in
    /// `index_root` (built or rebuilt there when missing or stale).
    pub fn open(sources: &Sources, index_root: &Path) -> Result<Catalog, CatalogError> {
        Catalog::open_reading(sources, index_root, index::Reading::Mapped)
    }

    /// [`Catalog::open`], the index's files read as `reading` says.
    pub fn open_reading(
        sources: &Sources,
        index_root: &Path,
        reading: index::Reading,
    ) -> Result<Catalog, CatalogError> {
        Ok(Catalog {
            opened: index::open(sources, index_root, reading)?,
            columns: OnceLock::new(),
            vocabularies: Mutex::new(HashMap::new()),
            spellings: Mutex::new(HashMap::new()),
            spelling_look_ups: AtomicUsize::new(0),
        })
    }

    fn segment_columns(&self) -> Result<&[Columns], CatalogError> {
        if let Some(columns) = self.columns.get() {
            return Ok(columns);
        }
        let columns = self
            .index()
            .searcher()
            .segment_readers()
            .iter()
            .map(|segment| {
                let fast = segment.fast_fields();
                Ok(Columns {
                    seq: fast.u64(SEQ)?,
                    standing: fast.i64(STANDING)?,
                    class: fast.u64(CLASS)?,
                    body_hash: fast.u64(BODY_HASH)?,
                })
            })
            .collect::<Result<Vec<_>, TantivyError>>()?;
        Ok(self.columns.get_or_init(|| columns))
    }

    /// How the index was opened (reused, built, in memory) and its warnings.
    pub fn opened(&self) -> &Opened {
        &self.opened
    }

    pub fn index(&self) -> &SearchIndex {
        &self.opened.index
    }

    pub fn manifest(&self) -> &Manifest {
        self.opened.index.manifest()
    }

    /// The editions the corpus has.
    pub fn editions(&self) -> Vec<Edition> {
        self.manifest().editions()
    }

    /// The editions of the corpus that were not asked for.
    pub fn other_editions(&self, asked: &[Edition]) -> Vec<Edition> {
        self.editions()
            .into_iter()
            .filter(|e| !asked.contains(e))
            .collect()
    }

    fn matching(&self, query: &dyn Query) -> Result<Vec<DocAddress>, CatalogError> {
        let mut found: Vec<DocAddress> = self
            .index()
            .searcher()
            .search(query, &DocSetCollector)?
            .into_iter()
            .collect();
        found.sort_unstable();
        Ok(found)
    }

    fn doc(&self, address: DocAddress) -> Result<TantivyDocument, CatalogError> {
        Ok(self.index().searcher().doc(address)?)
    }

    /// The entry stored at `address`.
    pub fn stored(&self, address: DocAddress) -> Result<Stored, CatalogError> {
        let fields = self.index().fields();
        let doc = self.doc(address)?;
        Ok(Stored {
            entry: serde_json::from_str(stored_str(&doc, fields.entry)?)?,
            periods: stored_str(&doc, fields.periods)?.to_string(),
            citation: stored_str(&doc, fields.citation)?.to_string(),
            seq: self.seq(address)?,
        })
    }

    fn columns(&self, address: DocAddress) -> Result<&Columns, CatalogError> {
        self.segment_columns()?
            .get(address.segment_ord as usize)
            .ok_or(CatalogError::Stored(Unreadable::Vanished))
    }

    fn seq(&self, address: DocAddress) -> Result<u64, CatalogError> {
        let columns = self.columns(address)?;
        Ok(columns.seq.first(address.doc_id).unwrap_or_default())
    }

    pub(crate) fn standing(&self, address: DocAddress, day: i64) -> Result<Standing, CatalogError> {
        let columns = self.columns(address)?;
        Ok(timeline::standing_on(
            columns.standing.values_for_doc(address.doc_id),
            day,
        ))
    }

    /// Every release, by edition, date (undated ones last) and corpus order.
    pub fn releases(&self) -> Result<Vec<ReleaseInfo>, CatalogError> {
        let fields = self.index().fields();
        let query = keyword(fields.role, Role::Release.term());
        let mut releases = Vec::new();
        for address in self.matching(query.as_ref())? {
            let doc = self.doc(address)?;
            releases.push(serde_json::from_str::<ReleaseInfo>(stored_str(
                &doc,
                fields.release_info,
            )?)?);
        }
        // Undated releases last: they belong to no date.
        releases.sort_by_key(|r| (r.edition, r.is_undated(), r.date, r.order));
        Ok(releases)
    }

    /// One release by its id.
    pub fn release(&self, id: &str) -> Result<Option<ReleaseInfo>, CatalogError> {
        let fields = self.index().fields();
        let query = keyword(fields.release_id, id);
        match self.matching(query.as_ref())?.first() {
            Some(&address) => {
                let doc = self.doc(address)?;
                Ok(Some(serde_json::from_str(stored_str(
                    &doc,
                    fields.release_info,
                )?)?))
            }
            None => Ok(None),
        }
    }

    /// The entries of a release, in printed order.
    pub fn entries_of_release(&self, id: &str) -> Result<Vec<Stored>, CatalogError> {
        let fields = self.index().fields();
        let query = all_of(vec![
            keyword(fields.release, id),
            Box::new(BooleanQuery::new(vec![
                (Occur::Should, keyword(fields.role, Role::Ruling.term())),
                (Occur::Should, keyword(fields.role, Role::Pointer.term())),
            ])),
        ]);
        let mut entries = self
            .matching(&query)?
            .into_iter()
            .map(|a| self.stored(a))
            .collect::<Result<Vec<_>, _>>()?;
        // A release id is matched without case; keep only the exact one.
        entries.retain(|s| s.entry.release == id);
        entries.sort_by_key(|s| s.entry.line);
        Ok(entries)
    }

    /// Every entry, release by release in corpus order, in printed order.
    pub fn all_entries(&self) -> Result<Vec<Stored>, CatalogError> {
        let fields = self.index().fields();
        let query = BooleanQuery::new(vec![
            (Occur::Should, keyword(fields.role, Role::Ruling.term())),
            (Occur::Should, keyword(fields.role, Role::Pointer.term())),
        ]);
        let order: std::collections::HashMap<String, usize> = self
            .releases()?
            .into_iter()
            .map(|r| (r.id, r.order))
            .collect();
        let mut entries = self
            .matching(&query)?
            .into_iter()
            .map(|a| self.stored(a))
            .collect::<Result<Vec<_>, _>>()?;
        entries.sort_by_key(|s| (order.get(&s.entry.release).copied(), s.entry.line));
        Ok(entries)
    }

    /// The rulings of an edition in force (or consolidated) on a date: each
    /// topic's newest ruling, unless it was rescinded.
    pub fn current_on(
        &self,
        edition: Edition,
        date: NaiveDate,
    ) -> Result<Vec<Stored>, CatalogError> {
        // A scan of two fast fields: no query, no document read but the
        // ones returned.
        let wanted = class(Some(edition), Role::Ruling);
        let day = timeline::day(date);
        let mut current = Vec::new();
        for (ord, segment) in self.index().searcher().segment_readers().iter().enumerate() {
            let columns = &self.segment_columns()?[ord];
            for doc in 0..segment.max_doc() {
                if columns.class.first(doc) != Some(wanted) {
                    continue;
                }
                let standing = timeline::standing_on(columns.standing.values_for_doc(doc), day);
                if standing == Standing::Current {
                    current.push(self.stored(DocAddress::new(ord as u32, doc))?);
                }
            }
        }
        Ok(current)
    }

    /// Every key of an edition's topics or of its cards with errata, from
    /// the index's vocabulary.
    pub fn keys(&self, edition: Edition, keys: Keys) -> Result<Vec<TopicKey>, CatalogError> {
        let fields = self.index().fields();
        let field = match keys {
            Keys::Errata => fields.errata_id,
            Keys::Topics => fields.topic_id,
        };
        self.terms(field, edition)
    }

    /// Every `edition:key` term of a keyword field, for one edition, read
    /// from the index once.
    fn terms(&self, field: Field, edition: Edition) -> Result<Vec<TopicKey>, CatalogError> {
        Ok(self.shared_terms(field, edition)?.as_ref().clone())
    }

    /// [`Catalog::terms`], shared rather than copied.
    fn shared_terms(
        &self,
        field: Field,
        edition: Edition,
    ) -> Result<Arc<Vec<TopicKey>>, CatalogError> {
        let known = |cache: &Vocabularies| cache.get(&(field, edition)).cloned();
        if let Some(keys) = self.vocabularies.lock().ok().and_then(|c| known(&c)) {
            return Ok(keys);
        }
        let keys = Arc::new(self.read_terms(field, edition)?);
        if let Ok(mut cache) = self.vocabularies.lock() {
            cache.insert((field, edition), Arc::clone(&keys));
        }
        Ok(keys)
    }

    fn read_terms(&self, field: Field, edition: Edition) -> Result<Vec<TopicKey>, CatalogError> {
        let prefix = edition_key(edition, "");
        let mut keys: Vec<TopicKey> = Vec::new();
        for segment in self.index().searcher().segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted
                .terms()
                .range()
                .ge(prefix.as_bytes())
                .into_stream()
                .map_err(TantivyError::from)?;
            while stream.advance() {
                let Ok(term) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                let Some(key) = term.strip_prefix(&prefix) else {
                    break;
                };
                keys.push(TopicKey::from_normalized(key));
            }
        }
        keys.sort();
        keys.dedup();
        Ok(keys)
    }

    /// The entries of a topic of an edition, newest first, with what the
    /// index needs to order and filter them; not yet read.
    fn topic_addresses(
        &self,
        edition: Edition,
        key: &TopicKey,
        field: Field,
    ) -> Result<Vec<(u64, DocAddress)>, CatalogError> {
        let term = Term::from_field_text(field, &edition_key(edition, key.as_str()));
        let query = TermQuery::new(term, IndexRecordOption::Basic);
        let mut found = self
            .matching(&query)?
            .into_iter()
            .map(|a| Ok((self.seq(a)?, a)))
            .collect::<Result<Vec<_>, CatalogError>>()?;
        found.sort_unstable_by(|a, b| b.cmp(a));
        Ok(found)
    }

    /// A topic as of a date: its rulings in effect then, newest first;
    /// `None` when it has none yet.
    pub fn topic(
        &self,
        edition: Edition,
        key: &TopicKey,
        as_of: NaiveDate,
    ) -> Result<Option<Topic<'_>>, CatalogError> {
        let fields = self.index().fields();
        let day = timeline::day(as_of);
        let (mut dated, mut undated) = (Vec::new(), Vec::new());
        for (_, address) in self.topic_addresses(edition, key, fields.topic_id)? {
            match self.standing(address, day)? {
                Standing::NotInEffect => {}
                Standing::Undated => undated.push(address),
                Standing::Current | Standing::Past => dated.push(address),
            }
        }
        Ok(Topic::new(
            self,
            edition,
            key.clone(),
            as_of,
            (dated, undated),
        ))
    }

    /// The rulings on a topic that take effect only after `as_of`.
    pub fn ruled_later(
        &self,
        edition: Edition,
        key: &TopicKey,
        as_of: NaiveDate,
    ) -> Result<Vec<Stored>, CatalogError> {
        let fields = self.index().fields();
        let day = timeline::day(as_of);
        let mut later = Vec::new();
        for (_, address) in self.topic_addresses(edition, key, fields.topic_id)? {
            if self.standing(address, day)? == Standing::NotInEffect {
                later.push(self.stored(address)?);
            }
        }
        later.reverse();
        Ok(later)
    }

    /// The topic as its newest ruling of the edition prints it, at any date.
    pub fn printed_topic(
        &self,
        edition: Edition,
        key: &TopicKey,
    ) -> Result<Option<String>, CatalogError> {
        let fields = self.index().fields();
        match self.topic_addresses(edition, key, fields.topic_id)?.first() {
            Some(&(_, address)) => Ok(Some(self.stored(address)?.entry.topic)),
            None => Ok(None),
        }
    }

    /// The card errata of a card as of a date: those in effect, newest
    /// first, with reprints read as `reprints` says.
    pub fn errata(
        &self,
        edition: Edition,
        key: &TopicKey,
        as_of: NaiveDate,
        reprints: Reprints,
    ) -> Result<Vec<(Stored, usize)>, CatalogError> {
        let fields = self.index().fields();
        let day = timeline::day(as_of);
        let mut effective: Vec<(u64, DocAddress)> = Vec::new();
        for (_, address) in self.topic_addresses(edition, key, fields.errata_id)? {
            if self.standing(address, day)? != Standing::NotInEffect {
                let hash = self.columns(address)?.body_hash.first(address.doc_id);
                effective.push((hash.unwrap_or_default(), address));
            }
        }
        let mut found: Vec<(Stored, usize)> = Vec::new();
        let mut seen: Vec<(u64, usize)> = Vec::new();
        for (hash, address) in effective {
            if reprints == Reprints::Collapsed {
                if let Some(&(_, at)) = seen.iter().find(|(h, _)| *h == hash) {
                    found[at].1 += 1;
                    continue;
                }
                seen.push((hash, found.len()));
            }
            found.push((self.stored(address)?, 0));
        }
        Ok(found)
    }

    /// Whether any ruling of the edition is on the topic, at any date.
    pub fn has_topic(&self, edition: Edition, key: &TopicKey) -> Result<bool, CatalogError> {
        let fields = self.index().fields();
        Ok(!self
            .topic_addresses(edition, key, fields.topic_id)?
            .is_empty())
    }
}
