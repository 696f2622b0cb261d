//! Whether a corpus may have changed since it was last looked at, told by
//! the kernel (inotify, on Linux) rather than found by looking at every
//! document: what lets a process that stays (`rulings serve`) skip the
//! freshness check of a question until something under the corpus's
//! folders changes. The kernel queues an event while the change is being
//! made, so a question asked once a change is made sees it.
//!
//! Where it cannot be told (another system; a document or folder that is a
//! link, whose target's changes land elsewhere; a folder that cannot be
//! watched; events lost to a full queue), every question counts as a
//! change, and the check is made as before.

use crate::corpus::Sources;

/// The corpus's folders, watched.
pub struct Watch {
    #[cfg(target_os = "linux")]
    sources: Sources,
    #[cfg(target_os = "linux")]
    watching: Option<rustix::fd::OwnedFd>,
}

impl Watch {
    /// Starts watching the folders of `sources` (and the card database's):
    /// a change made from now on is told.
    #[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
    pub fn new(sources: &Sources) -> Watch {
        Watch {
            #[cfg(target_os = "linux")]
            sources: sources.clone(),
            #[cfg(target_os = "linux")]
            watching: linux::watch(sources),
        }
    }

    /// Whether anything under the folders may have changed since the last
    /// call (or since the watch began): true when it cannot be told. A
    /// folder or file made or moved in starts the watch anew, so that a
    /// folder made since is watched too and a link put there is seen;
    /// whatever changes meanwhile is seen by the look that follows.
    pub fn changed(&mut self) -> bool {
        #[cfg(target_os = "linux")]
        {
            let Some(watching) = &self.watching else {
                return true;
            };
            let drained = linux::drain(watching);
            if drained.anew {
                self.watching = linux::watch(&self.sources);
            }
            drained.any
        }
        #[cfg(not(target_os = "linux"))]
        {
            true
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::fs;
    use std::mem::MaybeUninit;
    use std::path::{Path, PathBuf};

    use rustix::fd::OwnedFd;
    use rustix::fs::inotify::{self, CreateFlags, ReadFlags, WatchFlags};
    use rustix::io::Errno;

    use crate::corpus::Sources;

    /// Most folders watched: a corpus of more is looked at as before.
    const MOST_FOLDERS: usize = 4096;

    /// Every folder of the corpus and of the card database watched for any
    /// change to what it holds; none when one cannot be, or when a link
    /// stands under them.
    pub(super) fn watch(sources: &Sources) -> Option<OwnedFd> {
        let events = WatchFlags::MODIFY
            | WatchFlags::ATTRIB
            | WatchFlags::CLOSE_WRITE
            | WatchFlags::CREATE
            | WatchFlags::DELETE
            | WatchFlags::DELETE_SELF
            | WatchFlags::MOVE_SELF
            | WatchFlags::MOVED_FROM
            | WatchFlags::MOVED_TO
            | WatchFlags::DONT_FOLLOW
            | WatchFlags::ONLYDIR;
        let fd = inotify::init(CreateFlags::NONBLOCK | CreateFlags::CLOEXEC).ok()?;
        let mut folders: Vec<PathBuf> = sources.folders.clone();
        folders.extend(sources.cards.clone());
        let mut watched = 0;
        while let Some(folder) = folders.pop() {
            watched += 1;
            if watched > MOST_FOLDERS {
                return None;
            }
            inotify::add_watch(&fd, &folder, events).ok()?;
            folders.extend(subfolders(&folder)?);
        }
        Some(fd)
    }

    /// The folders in `folder`; none when it holds a link or cannot be
    /// listed.
    fn subfolders(folder: &Path) -> Option<Vec<PathBuf>> {
        let mut found = Vec::new();
        for item in fs::read_dir(folder).ok()? {
            let item = item.ok()?;
            let kind = item.file_type().ok()?;
            if kind.is_symlink() {
                return None;
            }
            if kind.is_dir() {
                found.push(item.path());
            }
        }
        Some(found)
    }

    /// What the events waiting told, all of them read.
    pub(super) struct Drained {
        /// Something changed (an error reading the events counts).
        pub any: bool,
        /// The watch must start anew: something was made or moved in (a
        /// folder to watch, or a link that cannot be), a watched folder
        /// went away, or events were lost.
        pub anew: bool,
    }

    pub(super) fn drain(fd: &OwnedFd) -> Drained {
        let anew_on = ReadFlags::CREATE
            | ReadFlags::MOVED_TO
            | ReadFlags::ISDIR
            | ReadFlags::IGNORED
            | ReadFlags::DELETE_SELF
            | ReadFlags::MOVE_SELF
            | ReadFlags::QUEUE_OVERFLOW
            | ReadFlags::UNMOUNT;
        let mut buffer = [MaybeUninit::<u8>::uninit(); 4096];
        let mut events = inotify::Reader::new(fd, &mut buffer);
        let mut drained = Drained {
            any: false,
            anew: false,
        };
        loop {
            match events.next() {
                Ok(event) => {
                    drained.any = true;
                    drained.anew |= event.events().intersects(anew_on);
                }
                Err(Errno::AGAIN) => return drained,
                Err(Errno::INTR) => continue,
                Err(_) => {
                    return Drained {
                        any: true,
                        anew: true,
                    }
                }
            }
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_change_anywhere_under_the_folders_is_told_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.md"), "one").unwrap();
        let mut watch = Watch::new(&Sources::folder(root));
        assert!(watch.watching.is_some());
        assert!(!watch.changed(), "nothing changed yet");
        // Edited in place, to the same size.
        std::fs::write(root.join("a.md"), "two").unwrap();
        assert!(watch.changed());
        assert!(!watch.changed(), "told once");
        // A folder made since is watched once the change is told.
        std::fs::create_dir(root.join("more")).unwrap();
        assert!(watch.changed());
        std::fs::write(root.join("more/b.md"), "three").unwrap();
        assert!(watch.changed());
        std::fs::remove_file(root.join("more/b.md")).unwrap();
        assert!(watch.changed());
        assert!(!watch.changed());
        // A link put there later is never taken for unchanged either.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("c.md"), "four").unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("c.md"), root.join("c.md")).unwrap();
        assert!(watch.changed());
        assert!(watch.watching.is_none());
        assert!(watch.changed());
    }

    #[test]
    fn a_link_under_the_folders_is_never_taken_for_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("a.md"), "one").unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("a.md"), dir.path().join("a.md")).unwrap();
        let mut watch = Watch::new(&Sources::folder(dir.path()));
        assert!(watch.watching.is_none());
        assert!(watch.changed());
        assert!(watch.changed());
    }
}
