//! Writing a generation: takes the corpus as loaded and, when there is
//! one, the generation it replaces; gives a new generation folder,
//! published (or an index in memory, where no folder can be written).
//!
//! A generation is the segments of its parts (see `parts`), listed in the
//! parts' order in tantivy's `meta.json`. Each part that changed is
//! written as an index of its own in memory, two at a time on two cores,
//! and its files saved in the new folder. Each part that did not change
//! keeps the previous generation's segment: its files are linked into the
//! new folder (tantivy names a file by its segment and never changes it),
//! copied where links cannot be made. No segment ever holds a deleted
//! document, so the index holds what a build from nothing would, in the
//! same order.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use tantivy::directory::{Directory, RamDirectory};
use tantivy::index::{IndexMeta, SegmentMeta};
use tantivy::schema::TantivyDocument;
use tantivy::Index;

use super::build::{self, WrittenPart};
use super::fingerprint::Manifest;
use super::parts::Plan;
use super::schema;
use super::store::{BuildLock, Store};
use super::{damaged_files, io_error, IndexError, Previous};
use crate::corpus::Corpus;

/// tantivy's record of the files it manages in a folder: the files whose
/// checksums are checked.
const MANAGED: &str = ".managed.json";
/// tantivy's list of segments, with the commit's payload.
const META: &str = "meta.json";

/// What a build writes, made once however it is written: the release and
/// card documents and the plan of the parts.
pub(super) struct Prepared {
    documents: (Vec<TantivyDocument>, Vec<TantivyDocument>),
    plan: Plan,
}

/// Where a segment's files are.
enum Source<'a> {
    /// In an index just written in memory.
    Written(&'a Index),
    /// In the previous generation's folder.
    Kept(&'a Path),
}

/// Where a generation's files go.
enum Target<'a> {
    Folder(&'a Path),
    Memory(&'a RamDirectory),
}

impl Target<'_> {
    fn put(&self, file: &Path, bytes: &[u8]) -> Result<(), IndexError> {
        match self {
            Target::Folder(folder) => {
                let to = folder.join(file);
                fs::write(&to, bytes).map_err(io_error(&to))
            }
            Target::Memory(ram) => ram.atomic_write(file, bytes).map_err(io_error(file)),
        }
    }

    /// Gives the target `file` of `source`: a link to a kept file where it
    /// can, else its bytes.
    fn take(&self, file: &Path, source: &Source) -> Result<(), IndexError> {
        match (self, source) {
            (Target::Folder(folder), Source::Kept(from)) => {
                let (from, to) = (from.join(file), folder.join(file));
                fs::hard_link(&from, &to)
                    .or_else(|_| fs::copy(&from, &to).map(drop))
                    .map_err(io_error(&to))
            }
            (_, Source::Kept(from)) => {
                let from = from.join(file);
                self.put(file, &fs::read(&from).map_err(io_error(&from))?)
            }
            (_, Source::Written(index)) => {
                let bytes = index
                    .directory()
                    .atomic_read(file)
                    .map_err(|e| io_error(file)(io::Error::other(e)))?;
                self.put(file, &bytes)
            }
        }
    }
}

impl Prepared {
    /// The documents and the plan of `corpus`: the statuses over time
    /// (a tenth of a second at 1,000 releases) on a thread of their own
    /// while the release and card documents are made.
    pub(super) fn of(corpus: &Corpus) -> Result<Prepared, IndexError> {
        let (_, fields) = schema::schema();
        let (documents, statuses) = std::thread::scope(|scope| {
            let statuses = scope.spawn(|| super::timeline::timelines(corpus));
            let documents = build::documents(&fields, corpus);
            let statuses = statuses
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (documents, statuses)
        });
        let documents = documents?;
        let plan = Plan::of(
            corpus,
            statuses,
            &build::stored_text(&documents.0),
            &build::stored_text(&documents.1),
        );
        Ok(Prepared { documents, plan })
    }

    /// Writes the index into `target`: the parts that changed since
    /// `previous` (every part without it), the others kept from it; then
    /// tantivy's list of files and its `meta.json`, with `manifest` (and
    /// the layout written) as the payload. Gives how many parts it wrote,
    /// of how many.
    fn save(
        &self,
        corpus: &Corpus,
        manifest: &Manifest,
        previous: Option<&Previous>,
        target: &Target,
    ) -> Result<(usize, usize), IndexError> {
        let before = match previous {
            Some(previous) => Some((
                previous,
                Index::open_in_dir(&previous.generation)?.load_metas()?,
            )),
            None => None,
        };
        let kept_metas: HashMap<String, &SegmentMeta> = before
            .iter()
            .flat_map(|(_, metas)| &metas.segments)
            .map(|meta| (meta.id().uuid_string(), meta))
            .collect();
        let layout = &self.plan.layout;
        // A part is kept when its hash is unchanged and the segments the
        // previous generation recorded for it are all there.
        let kept = |part: &u64| -> Option<Vec<&SegmentMeta>> {
            let (previous, _) = before.as_ref()?;
            let was = &previous.layout;
            if was.hashes.get(part) != layout.hashes.get(part) {
                return None;
            }
            let ids = was.segments.get(part)?;
            ids.iter().map(|id| kept_metas.get(id).copied()).collect()
        };
        let listed = layout.listed();
        let layout_parts = listed.len();
        let changed: Vec<u64> = listed
            .iter()
            .copied()
            .filter(|p| kept(p).is_none())
            .collect();
        let written = build::write_parts(
            corpus,
            &self.plan,
            (&self.documents.0, &self.documents.1),
            &changed,
        )?;
        let written: HashMap<u64, &WrittenPart> = written.iter().map(|w| (w.part, w)).collect();
        let base = match (written.values().next(), &before) {
            (Some(part), _) => part.index.load_metas()?,
            (None, Some((_, metas))) => metas.clone(),
            (None, None) => Index::create_in_ram(schema::schema().0).load_metas()?,
        };
        let mut segments: Vec<SegmentMeta> = Vec::new();
        let mut saved = BTreeSet::new();
        let mut layout = layout.clone();
        for part in listed {
            let (metas, source): (Vec<&SegmentMeta>, Source) = match (kept(&part), &before) {
                (Some(metas), Some((previous, _))) => (metas, Source::Kept(&previous.generation)),
                _ => {
                    let part = written[&part];
                    (part.segments.iter().collect(), Source::Written(&part.index))
                }
            };
            let ids = metas.iter().map(|m| m.id().uuid_string()).collect();
            layout.segments.insert(part, ids);
            for meta in metas {
                for file in files_of(&base, meta, &source) {
                    target.take(&file, &source)?;
                    saved.insert(file);
                }
                segments.push(meta.clone());
            }
        }
        let names: Vec<&str> = saved.iter().filter_map(|f| f.to_str()).collect();
        let mut list = serde_json::to_vec(&names)?;
        list.push(b'\n');
        target.put(Path::new(MANAGED), &list)?;
        let manifest = Manifest {
            layout: Some(layout),
            ..manifest.clone()
        };
        let meta = IndexMeta {
            segments,
            payload: Some(serde_json::to_string(&manifest)?),
            ..base
        };
        let mut json = serde_json::to_vec_pretty(&meta)?;
        json.push(b'\n');
        target.put(Path::new(META), &json)?;
        Ok((changed.len(), layout_parts))
    }
}

/// The files of one segment that `source` holds (a segment has some of
/// the files a segment may have).
fn files_of(base: &IndexMeta, meta: &SegmentMeta, source: &Source) -> Vec<PathBuf> {
    let one = IndexMeta {
        segments: vec![meta.clone()],
        ..base.clone()
    };
    let mut files: Vec<PathBuf> = one
        .list_segment_files()
        .into_iter()
        .filter(|file| match source {
            Source::Written(index) => index.directory().exists(file).unwrap_or(false),
            Source::Kept(folder) => folder.join(file).is_file(),
        })
        .collect();
    files.sort();
    files
}

/// Builds the index of `corpus` in a new folder and makes it the one in
/// use: from `previous` when it has the same count of parts, writing only
/// the parts that changed (and from nothing if that fails: a previous
/// generation found damaged is not built on), else from nothing.
pub(super) fn generation(
    store: &Store,
    lock: &BuildLock,
    corpus: &Corpus,
    prepared: &Prepared,
    manifest: &Manifest,
    previous: Option<&Previous>,
) -> Result<(PathBuf, (usize, usize)), IndexError> {
    let previous = previous.filter(|p| p.layout.parts == prepared.plan.layout.parts);
    if let Some(previous) = previous {
        let onto =
            |build: &Path| prepared.save(corpus, manifest, Some(previous), &Target::Folder(build));
        if let Ok(published) = publish(store, lock, onto) {
            return Ok(published);
        }
    }
    publish(store, lock, |build| {
        prepared.save(corpus, manifest, None, &Target::Folder(build))
    })
}

/// The index of `corpus` in memory, every part written.
pub(super) fn in_memory(corpus: &Corpus, manifest: &Manifest) -> Result<Index, IndexError> {
    let ram = RamDirectory::create();
    Prepared::of(corpus)?.save(corpus, manifest, None, &Target::Memory(&ram))?;
    let index = Index::open(ram)?;
    schema::register_analyzers(&index);
    Ok(index)
}

/// Writes a build in a new folder with `write`, reads back every file's
/// checksum, and publishes it; a build that fails is removed. Gives the
/// generation and what `write` said.
fn publish<T>(
    store: &Store,
    lock: &BuildLock,
    write: impl FnOnce(&Path) -> Result<T, IndexError>,
) -> Result<(PathBuf, T), IndexError> {
    let build = store.new_build(lock).map_err(io_error(store.root()))?;
    let written = write(&build).and_then(|said| {
        let index = Index::open_in_dir(&build)?;
        let damaged = damaged_files(&index)?;
        if damaged.is_empty() {
            Ok(said)
        } else {
            Err(IndexError::Unverified {
                path: build.clone(),
                files: damaged.join(", "),
            })
        }
    });
    let said = match written {
        Ok(said) => said,
        Err(e) => {
            store.discard(&build);
            return Err(e);
        }
    };
    store
        .publish(&build, lock)
        .map_err(io_error(store.root()))
        .inspect_err(|_| store.discard(&build))
        .map(|generation| (generation, said))
}
