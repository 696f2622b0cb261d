//! The folder's record of what each address gave last (`.rulings-update.json`):
//! read only if it is a regular file of the folder's own, saved only over
//! such a file, and said once in the report when it is anything else.
//!
//! The record only spares work (a conditional request, a document read
//! again): the files kept are what counts, so a record lost, damaged or in
//! the way costs a fetch, never a document kept twice (see
//! [`super::keep::already_kept`]).

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::Path;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::fetch::Validators;
use super::{Options, STATE_FILE};

/// The most the record may weigh: a record of ten thousand addresses is a
/// few megabytes; more is no record of the tool's.
pub const MAX_STATE_BYTES: u64 = 16 * 1024 * 1024;

/// What the folder's last runs left for each address.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct State {
    #[serde(default)]
    pub(super) documents: BTreeMap<String, Kept>,
    /// Why the record could not be read or saved: said once in the report.
    #[serde(skip)]
    pub(super) trouble: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Kept {
    pub(super) file: String,
    pub(super) etag: Option<String>,
    pub(super) last_modified: Option<String>,
    pub(super) hash: String,
    pub(super) fetched: NaiveDate,
}

impl State {
    /// Records what an address gave, and saves the record at once.
    pub(super) fn remember(&mut self, folder: &Path, url: &str, kept: Kept) {
        self.documents.insert(url.to_string(), kept);
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
fn read_state(path: &Path) -> Result<State, String> {
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
