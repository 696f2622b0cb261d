//! The index folder on disk, and how a new index replaces the old one
//! atomically.
//!
//! ```text
//! index/
//!   CURRENT          name of the generation in use ("gen-…"), replaced by rename
//!   .build.lock      held (an OS file lock) by the one process building
//!   gen-…/           a complete tantivy index, never modified once named here
//!   build-…/         an index being built; becomes a gen-… when complete
//! ```
//!
//! A build happens beside the generation in use and is published by
//! renaming its folder and then replacing `CURRENT` with a rename, so a
//! reader sees either the old index or the new one, never half of one. A
//! killed build leaves `CURRENT` as it was; its `build-…` folder is removed
//! by the next build. Publishing removes every generation but the new one
//! and the one it replaces (a command that read the old pointer may still
//! be opening its files), so after any command there are at most two, and
//! a build under way. Only the holder of the lock builds: processes that find the
//! index missing or stale wait for it, a bounded time ([`LOCK_WAIT`]), then
//! look again before building. Nothing else in the folder is touched
//! (`index/.gitignore` stays).
//!
//! The folder's own files are input like any other: `CURRENT` is read the
//! one safe way ([`crate::input`]) with a cap of a few hundred bytes, and a
//! `CURRENT` or lock file that is not a regular file (a folder, a pipe) is
//! damage that the next build replaces, never something to wait on.

use std::fs::{self, File, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::input::{self, Refusal};
use crate::input::{is_at, open_lock_file};

const CURRENT: &str = "CURRENT";
const LOCK: &str = ".build.lock";
const GENERATION: &str = "gen-";
const BUILD: &str = "build-";
/// How many files are synced at once.
const SYNCING: usize = 8;
/// The most of `CURRENT` read: the name of a generation is about 30 bytes.
const CURRENT_CAP: u64 = 256;
/// How long a command waits for another process's build before it answers
/// without it: far longer than a build of any real corpus takes, short
/// enough that a stuck build does not look like a hung command.
pub const LOCK_WAIT: Duration = Duration::from_secs(5);
/// How often the lock is tried while waiting.
const LOCK_POLL: Duration = Duration::from_millis(50);

/// The index folder.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
}

/// The build lock, released when dropped (and by the OS if the process dies).
#[derive(Debug)]
pub struct BuildLock {
    _file: File,
}

/// Why the build lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process held it for the whole wait.
    Busy,
    Io(io::Error),
}

impl From<io::Error> for LockError {
    fn from(e: io::Error) -> LockError {
        LockError::Io(e)
    }
}

/// A name no other process picks: process id and the time in nanoseconds.
fn unique_suffix() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("{nanos:x}-{}", std::process::id())
}

impl Store {
    pub fn new(root: &Path) -> Store {
        Store {
            root: root.to_path_buf(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The generation `CURRENT` names, if there is one. A `CURRENT` that
    /// names no generation is an error (a damaged index).
    pub fn current(&self) -> io::Result<Option<PathBuf>> {
        let text = match input::read_capped(&self.root.join(CURRENT), CURRENT_CAP) {
            Ok(bytes) => bytes,
            Err(Refusal::Io(e)) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(Refusal::Io(e)) => return Err(e),
            Err(refusal) => {
                let what = match refusal {
                    Refusal::TooLarge { .. } => "far longer than the name of a generation",
                    _ => "not a regular file",
                };
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{CURRENT} is {what}"),
                ));
            }
        };
        let name = String::from_utf8_lossy(&text).trim().to_string();
        let plausible = name.starts_with(GENERATION)
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !plausible {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{CURRENT} does not name an index generation"),
            ));
        }
        Ok(Some(self.root.join(name)))
    }

    /// Waits for the build lock, at most `wait`, creating the folder if
    /// need be.
    pub fn lock(&self, wait: Duration) -> Result<BuildLock, LockError> {
        fs::create_dir_all(&self.root)?;
        let path = self.root.join(LOCK);
        let deadline = Instant::now() + wait;
        loop {
            let file = open_lock_file(&path)?;
            match file.try_lock() {
                // Another process may have replaced a damaged lock file
                // since it was opened: the lock counts only on the file
                // that is there.
                Ok(()) if is_at(&file, &path) => return Ok(BuildLock { _file: file }),
                Ok(()) => continue,
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(e)) => return Err(e.into()),
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(LockError::Busy);
            }
            std::thread::sleep(LOCK_POLL.min(deadline - now));
        }
    }

    /// A new, empty folder to build an index in (under the lock).
    pub fn new_build(&self, _lock: &BuildLock) -> io::Result<PathBuf> {
        let dir = self.root.join(format!("{BUILD}{}", unique_suffix()));
        fs::create_dir(&dir)?;
        Ok(dir)
    }

    /// Makes a complete build the generation in use. Its files reach the
    /// disk before the pointer to them does. The generation it replaces is
    /// kept (a command that read the old pointer may still be opening its
    /// files); every older one is removed, and so is one that a `CURRENT`
    /// no longer names. A `CURRENT` that is a folder, which no rename can
    /// replace, is removed first. A build that cannot be published is
    /// removed, never left behind.
    pub fn publish(&self, build: &Path, _lock: &BuildLock) -> io::Result<PathBuf> {
        sync_folder(build)?;
        let previous = self.current().ok().flatten();
        let name = format!("{GENERATION}{}", unique_suffix());
        let generation = self.root.join(&name);
        fs::rename(build, &generation)?;
        if let Err(e) = self.point_to(&name) {
            let _ = fs::remove_dir_all(&generation);
            return Err(e);
        }
        self.remove_others(&[Some(generation.clone()), previous]);
        Ok(generation)
    }

    /// Replaces `CURRENT` with one naming `name`, by a rename.
    fn point_to(&self, name: &str) -> io::Result<()> {
        let pointer = self.root.join(format!(".{CURRENT}-{}", unique_suffix()));
        let written = (|| {
            let mut file = File::create(&pointer)?;
            file.write_all(name.as_bytes())?;
            file.write_all(b"\n")?;
            file.sync_all()
        })();
        let current = self.root.join(CURRENT);
        let renamed = written.and_then(|()| {
            if fs::symlink_metadata(&current).is_ok_and(|m| m.is_dir()) {
                fs::remove_dir_all(&current)?;
            }
            fs::rename(&pointer, &current)
        });
        if renamed.is_err() {
            let _ = fs::remove_file(&pointer);
        }
        renamed
    }

    /// Removes abandoned builds (under the lock: no build is running).
    pub fn remove_abandoned(&self, _lock: &BuildLock) {
        self.remove_matching(|name| name.starts_with(BUILD));
    }

    /// Removes every generation but the ones kept, and pointers left by a
    /// killed build. A process still reading one of them keeps its open
    /// files (on Unix) or keeps the folder from going (elsewhere: it is then
    /// removed by a later build).
    fn remove_others(&self, keep: &[Option<PathBuf>]) {
        let keep: Vec<String> = keep
            .iter()
            .flatten()
            .filter_map(|k| k.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        self.remove_matching(|name| {
            name.starts_with(GENERATION) && !keep.iter().any(|k| k == name)
                || name.starts_with(&format!(".{CURRENT}-"))
        });
    }

    fn remove_matching(&self, doomed: impl Fn(&str) -> bool) {
        let Ok(items) = fs::read_dir(&self.root) else {
            return;
        };
        for item in items.flatten() {
            let name = item.file_name().to_string_lossy().into_owned();
            if !doomed(&name) {
                continue;
            }
            let path = item.path();
            let _ = if path.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
        }
    }

    /// Removes a build that failed, or a generation found damaged.
    pub fn discard(&self, build: &Path) {
        let _ = fs::remove_dir_all(build);
    }
}

/// Every file of a folder (but those that are already on the disk under
/// another name), and the folder itself, synced to the disk. The files are
/// synced a few at a time: a file system's journal commits the syncs that
/// wait together at once, so an index of hundreds of files (one set per
/// part) costs a few commits rather than one per file.
fn sync_folder(folder: &Path) -> io::Result<()> {
    let mut files = Vec::new();
    for item in fs::read_dir(folder)? {
        let item = item?;
        if item.file_type()?.is_file() && !linked_elsewhere(&item.metadata()?) {
            files.push(item.path());
        }
    }
    crate::parallel::in_parallel(&files, SYNCING, |file| File::open(file)?.sync_all())
        .into_iter()
        .collect::<io::Result<()>>()?;
    // A folder cannot be opened to be synced everywhere (Windows).
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Whether a file has another name too: a segment file a build kept from
/// the generation before, which reached the disk when that one was
/// published.
#[cfg(unix)]
fn linked_elsewhere(metadata: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    metadata.nlink() > 1
}

#[cfg(not(unix))]
fn linked_elsewhere(_: &fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publishing_replaces_the_generation_and_keeps_foreign_files() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        fs::write(dir.path().join(".gitignore"), "*\n").unwrap();
        assert_eq!(store.current().unwrap(), None);
        let lock = store.lock(LOCK_WAIT).unwrap();
        let first = store.new_build(&lock).unwrap();
        let first = store.publish(&first, &lock).unwrap();
        assert_eq!(store.current().unwrap(), Some(first.clone()));
        let abandoned = store.new_build(&lock).unwrap();
        store.remove_abandoned(&lock);
        assert!(!abandoned.exists());
        let second = store.new_build(&lock).unwrap();
        let second = store.publish(&second, &lock).unwrap();
        assert_eq!(store.current().unwrap(), Some(second.clone()));
        // The generation replaced stays for a reader still opening it ...
        assert!(first.exists());
        let third = store.new_build(&lock).unwrap();
        let third = store.publish(&third, &lock).unwrap();
        // ... until the next one replaces its successor.
        assert!(!first.exists());
        assert!(second.exists());
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|i| i.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let mut expected = vec![
            ".build.lock".to_string(),
            ".gitignore".to_string(),
            "CURRENT".to_string(),
            second.file_name().unwrap().to_string_lossy().into_owned(),
            third.file_name().unwrap().to_string_lossy().into_owned(),
        ];
        expected.sort();
        assert_eq!(names, expected);
    }

    #[test]
    fn a_current_pointer_to_nowhere_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(CURRENT), "../../etc").unwrap();
        assert!(Store::new(dir.path()).current().is_err());
    }

    #[test]
    fn a_current_folder_is_damage_and_the_next_build_replaces_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        fs::create_dir(dir.path().join(CURRENT)).unwrap();
        assert!(store.current().is_err());
        let lock = store.lock(LOCK_WAIT).unwrap();
        let build = store.new_build(&lock).unwrap();
        let generation = store.publish(&build, &lock).unwrap();
        assert_eq!(store.current().unwrap(), Some(generation));
    }

    #[test]
    fn a_long_current_is_not_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let long = format!("{GENERATION}{}", "a".repeat(10_000));
        fs::write(dir.path().join(CURRENT), long).unwrap();
        let err = Store::new(dir.path()).current().unwrap_err();
        assert!(err.to_string().contains("far longer"), "{err}");
    }

    #[test]
    fn a_held_lock_is_waited_for_a_bounded_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let _held = store.lock(LOCK_WAIT).unwrap();
        let started = Instant::now();
        let wait = Duration::from_millis(200);
        assert!(matches!(store.lock(wait), Err(LockError::Busy)));
        assert!(started.elapsed() >= wait);
        assert!(started.elapsed() < LOCK_WAIT);
    }

    #[test]
    fn a_lock_folder_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join(LOCK)).unwrap();
        let store = Store::new(dir.path());
        assert!(store.lock(LOCK_WAIT).is_ok());
        assert!(dir.path().join(LOCK).is_file());
    }
}
