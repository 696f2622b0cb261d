//! The folder's record of what each address gave last, what each kept
//! file is (its series, name and date) and what the last runs changed
//! (`.rulings-update.json`): read only if it is a regular file of the
//! folder's own, saved only over such a file, and said once in the report
//! when it is anything else.
//!
//! The record spares work (a conditional request, a document read again)
//! and keeps the thread of a series across addresses: the files kept are
//! what counts, so a record lost, damaged or in the way costs a fetch,
//! never a document kept twice (see [`super::keep::already_kept`]).

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::Path;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::changes::RunRecord;
use super::fetch::Validators;
use super::series::Version;
use super::{Options, STATE_FILE};

/// The most the record may weigh: a record of ten thousand addresses is a
/// few megabytes; more is no record of the tool's.
pub const MAX_STATE_BYTES: u64 = 16 * 1024 * 1024;

/// The most runs the record keeps the outcome of, the last kept.
pub const MOST_RUNS: usize = 12;

/// What the folder's last runs left for each address, and what each of
/// the last runs changed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct State {
    #[serde(default)]
    pub(super) documents: BTreeMap<String, Kept>,
    /// The last runs' outcomes, oldest first (at most [`MOST_RUNS`]).
    #[serde(default)]
    pub(super) runs: Vec<RunRecord>,
    /// Why the record could not be read or saved: said once in the report.
    #[serde(skip)]
    pub(super) trouble: Option<String>,
    /// Whether each kept document's [`Version`] has been looked for this
    /// run (see [`State::latest`]).
    #[serde(skip)]
    pub(super) completed: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Kept {
    pub(super) file: String,
    pub(super) etag: Option<String>,
    pub(super) last_modified: Option<String>,
    pub(super) hash: String,
    pub(super) fetched: NaiveDate,
    /// What the document is: absent for a card list, and in a record an
    /// older tool wrote (then read from the file when needed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) version: Option<Version>,
}

impl State {
    /// Records what an address gave, and saves the record at once.
    pub(super) fn remember(&mut self, folder: &Path, url: &str, kept: Kept) {
        self.documents.insert(url.to_string(), kept);
        self.save(folder);
    }

    /// Records a run's outcome (the oldest forgotten past [`MOST_RUNS`]),
    /// and saves the record.
    pub(super) fn record_run(&mut self, folder: &Path, run: RunRecord) {
        self.runs.push(run);
        let over = self.runs.len().saturating_sub(MOST_RUNS);
        self.runs.drain(..over);
        self.save(folder);
    }

    /// The newest version of a series kept in the folder, by the record:
    /// the latest dated whose file is there (on a tie, the one whose name
    /// sorts last, which the corpus takes as the later issue). Records from
    /// before the record said what each file is are completed first, each
    /// kept file read once a run.
    pub(super) fn latest(&mut self, folder: &Path, series: &str) -> Option<Kept> {
        self.complete(folder);
        self.documents
            .values()
            .filter(|k| {
                k.version.as_ref().is_some_and(|v| v.series == series)
                    && folder.join(&k.file).is_file()
            })
            .max_by(|a, b| {
                let date = |k: &Kept| k.version.as_ref().map(|v| v.date);
                date(a).cmp(&date(b)).then_with(|| a.file.cmp(&b.file))
            })
            .cloned()
    }

    /// Says what each kept file is where the record does not (a record an
    /// older tool wrote): each such file read once, a card list never.
    /// Saved with the record the next time it is.
    fn complete(&mut self, folder: &Path) {
        if self.completed {
            return;
        }
        self.completed = true;
        for kept in self.documents.values_mut() {
            if kept.version.is_some() || kept.file.starts_with("cards/") {
                continue;
            }
            if let Some(release) = super::read_file(&folder.join(&kept.file)) {
                kept.version = Some(Version::of(release.named()));
            }
        }
    }

    /// The file kept for another address that holds these very bytes (a
    /// document that moved): by the record, where its file is still there.
    pub(super) fn holding(&self, folder: &Path, hash: &str) -> Option<Kept> {
        self.documents
            .values()
            .filter(|k| k.hash == hash && !k.file.starts_with("cards/"))
            .find(|k| folder.join(&k.file).is_file())
            .cloned()
    }

    fn save(&mut self, folder: &Path) {
        if let Err(why) = save_state(folder, self) {
            self.trouble.get_or_insert_with(|| {
                format!(
                    "{STATE_FILE} could not be saved ({why}): each document is checked against the files kept instead"
                )
            });
        }
    }
}

impl Kept {
    /// A file fetched today, with what its server said of it.
    pub(super) fn now(
        file: String,
        validators: Validators,
        hash: String,
        options: &Options,
    ) -> Kept {
        Kept {
            file,
            etag: validators.etag,
            last_modified: validators.last_modified,
            hash,
            fetched: options.today,
            version: None,
        }
    }
}

/// The folder's record; an empty one, with why, when it cannot be read.
pub(super) fn load_state(folder: &Path) -> State {
    match read_state(&folder.join(STATE_FILE)) {
        Ok(state) => state,
        Err(why) => State {
            trouble: Some(format!(
                "{STATE_FILE} could not be read ({why}): each document is checked against the files kept instead"
            )),
            ..State::default()
        },
    }
}

/// The record at `path`: none yet is an empty one; what is no regular
/// file is never opened (a link is not followed, a pipe not waited on).
pub(super) fn read_state(path: &Path) -> Result<State, String> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(State::default()),
        Err(e) => return Err(e.to_string()),
        Ok(m) if !m.is_file() => return Err(format!("{}, left as it is", what_is(&m))),
        Ok(_) => {}
    }
    let mut options = fs::File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Swapped for a link or a pipe since the look: not followed, not
        // waited on.
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let metadata = file.metadata().map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err(format!("{}, left as it is", what_is(&metadata)));
    }
    if metadata.len() > MAX_STATE_BYTES {
        return Err(format!(
            "{} bytes, over the {MAX_STATE_BYTES} a record may weigh",
            metadata.len()
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_STATE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_STATE_BYTES {
        return Err(format!(
            "over the {MAX_STATE_BYTES} bytes a record may weigh"
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| format!("not a record of the tool's: {e}"))
}

fn what_is(metadata: &fs::Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_symlink() {
        "a link"
    } else if kind.is_dir() {
        "a folder"
    } else {
        "no regular file"
    }
}

/// Saves the record: to a temporary file, then renamed over the old one,
/// so that a run stopped half way leaves the record before or after. What
/// is in its place and is no regular file (a folder, a link, a pipe) is
/// left as it is: the record is not saved.
fn save_state(folder: &Path, state: &State) -> Result<(), String> {
    let path = folder.join(STATE_FILE);
    match fs::symlink_metadata(&path) {
        Ok(m) if !m.is_file() => return Err(format!("{}, left as it is", what_is(&m))),
        _ => {}
    }
    let temporary = folder.join(format!("{STATE_FILE}.{}", std::process::id()));
    let json = serde_json::to_vec_pretty(state).map_err(|e| e.to_string())?;
    let saved = fs::write(&temporary, json).and_then(|()| fs::rename(&temporary, &path));
    if let Err(e) = saved {
        let _ = fs::remove_file(&temporary);
        return Err(e.to_string());
    }
    Ok(())
}
