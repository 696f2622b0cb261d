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
//! by the next build. Only the holder of the lock builds: processes that
//! find the index missing or stale wait for it, then look again before
//! building. Nothing else in the folder is touched (`index/.gitignore` stays).

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

const CURRENT: &str = "CURRENT";
const LOCK: &str = ".build.lock";
const GENERATION: &str = "gen-";
const BUILD: &str = "build-";

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
        let text = match fs::read(self.root.join(CURRENT)) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
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

    /// Waits for the build lock, creating the folder if need be.
    pub fn lock(&self) -> io::Result<BuildLock> {
        fs::create_dir_all(&self.root)?;
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.root.join(LOCK))?;
        file.lock()?;
        Ok(BuildLock { _file: file })
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
    /// files); every older one is removed.
    pub fn publish(&self, build: &Path, _lock: &BuildLock) -> io::Result<PathBuf> {
        sync_folder(build)?;
        let previous = self.current().ok().flatten();
        let name = format!("{GENERATION}{}", unique_suffix());
        let generation = self.root.join(&name);
        fs::rename(build, &generation)?;
        let pointer = self.root.join(format!(".{CURRENT}-{}", unique_suffix()));
        {
            let mut file = File::create(&pointer)?;
            file.write_all(name.as_bytes())?;
            file.write_all(b"\n")?;
            file.sync_all()?;
        }
        if let Err(e) = fs::rename(&pointer, self.root.join(CURRENT)) {
            let _ = fs::remove_file(&pointer);
            return Err(e);
        }
        self.remove_others(&[Some(generation.clone()), previous]);
        Ok(generation)
    }

    /// Removes abandoned builds (under the lock: no build is running).
    pub fn remove_abandoned(&self, _lock: &BuildLock) {
        self.remove_matching(|name| name.starts_with(BUILD));
    }

    /// Removes every generation but the ones kept. A process still reading
    /// one of them keeps its open files (on Unix) or keeps the folder from
    /// going (elsewhere: it is then removed by a later build).
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

/// Every file of a folder, and the folder itself, synced to the disk.
fn sync_folder(folder: &Path) -> io::Result<()> {
    for item in fs::read_dir(folder)? {
        let item = item?;
        if item.file_type()?.is_file() {
            File::open(item.path())?.sync_all()?;
        }
    }
    // A folder cannot be opened to be synced everywhere (Windows).
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
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
        let lock = store.lock().unwrap();
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
}
