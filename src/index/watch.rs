//! Whether a corpus may have changed since it was last looked at, told by
//! the kernel (inotify, on Linux) rather than found by looking at every
//! document: what lets a process that stays (`rulings serve`) skip the
//! freshness check of a question until something under the corpus's
//! folders changes. The kernel queues an event while the change is being
//! made, so a question asked once a change is made sees it.
//!
//! Where it cannot be told (another system; a document or folder that is a
//! link, whose target's changes land elsewhere; a document with another
//! name (a hard link), written through which, from outside the folders,
//! tells them nothing; a folder that cannot be watched; events lost to a
//! full queue), every question counts as a change, and the check is made
//! as before. A document's names are counted when the watch starts, and
//! again whenever something is made or moved in: a second name given to a
//! document from outside later tells the folders nothing, and is seen only
//! then.

use std::fmt;
use std::path::PathBuf;

use crate::corpus::Sources;
use crate::safe::escape_name;

/// Most folders watched: a corpus of more is looked at on every question.
/// A fixed number, not the kernel's `max_user_watches`: that limit is the
/// user's, shared with every other program of theirs that watches files
/// (an editor, a file manager, a sync tool), which a server that took it
/// all would make fail. A corpus of rulings documents has a few folders.
pub const MOST_FOLDERS: usize = 4096;

/// Why a watch cannot tell of a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Blind {
    /// Not on Linux.
    System,
    /// More folders than [`MOST_FOLDERS`].
    TooManyFolders,
    /// A link under the folders (symbolic, or a document with another
    /// name elsewhere), whose changes may land outside them.
    Link(PathBuf),
    /// A folder the kernel would not watch, or could not list, and why.
    Refused(PathBuf, String),
    /// The kernel gives no watch at all, and why.
    Unavailable(String),
}

impl fmt::Display for Blind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |path: &PathBuf| escape_name(&path.display().to_string());
        match self {
            Blind::System => write!(f, "this system does not tell of changes to files"),
            Blind::TooManyFolders => write!(
                f,
                "the corpus has more than {MOST_FOLDERS} folders, more than the watch holds"
            ),
            Blind::Link(path) => write!(
                f,
                "{} is a link, whose changes may be made elsewhere",
                shown(path)
            ),
            Blind::Refused(path, why) => write!(f, "{} cannot be watched ({why})", shown(path)),
            Blind::Unavailable(why) => write!(f, "the kernel gives no watch of files ({why})"),
        }
    }
}

/// The corpus's folders, watched.
pub struct Watch {
    #[cfg(target_os = "linux")]
    sources: Sources,
    #[cfg(target_os = "linux")]
    watching: Result<rustix::fd::OwnedFd, Blind>,
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

    /// Whether the watch can tell of a change at all: false where every
    /// call of [`Watch::changed`] says there may have been one.
    pub fn tells(&self) -> bool {
        self.blind().is_none()
    }

    /// Why the watch cannot tell of a change, when it cannot.
    pub fn blind(&self) -> Option<Blind> {
        #[cfg(target_os = "linux")]
        {
            self.watching.as_ref().err().cloned()
        }
        #[cfg(not(target_os = "linux"))]
        {
            Some(Blind::System)
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
            let Ok(watching) = &self.watching else {
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

    use super::{Blind, MOST_FOLDERS};
    use crate::corpus::Sources;

    /// Every folder of the corpus and of the card database watched for any
    /// change to what it holds; none when one cannot be, or when a link
    /// stands under them, and why.
    pub(super) fn watch(sources: &Sources) -> Result<OwnedFd, Blind> {
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
        let refused = |path: &Path| {
            let path = path.to_path_buf();
            move |e: std::io::Error| Blind::Refused(path, e.to_string())
        };
        let fd = inotify::init(CreateFlags::NONBLOCK | CreateFlags::CLOEXEC)
            .map_err(|e| Blind::Unavailable(std::io::Error::from(e).to_string()))?;
        let mut folders: Vec<PathBuf> = sources.folders.clone();
        folders.extend(sources.cards.clone());
        let mut watched = 0;
        while let Some(folder) = folders.pop() {
            watched += 1;
            if watched > MOST_FOLDERS {
                return Err(Blind::TooManyFolders);
            }
            inotify::add_watch(&fd, &folder, events).map_err(|e| refused(&folder)(e.into()))?;
            folders.extend(subfolders(&folder)?);
        }
        Ok(fd)
    }

    /// The folders in `folder`; none when it holds a link (symbolic, or a
    /// file of more than one name) or cannot be listed.
    fn subfolders(folder: &Path) -> Result<Vec<PathBuf>, Blind> {
        use std::os::unix::fs::MetadataExt;
        let refused = |e: std::io::Error| Blind::Refused(folder.to_path_buf(), e.to_string());
        let mut found = Vec::new();
        for item in fs::read_dir(folder).map_err(refused)? {
            let item = item.map_err(refused)?;
            let kind = item.file_type().map_err(refused)?;
            let names = || item.metadata().map(|m| m.nlink()).map_err(refused);
            if kind.is_symlink() || (kind.is_file() && names()? > 1) {
                return Err(Blind::Link(item.path()));
            }
            if kind.is_dir() {
                found.push(item.path());
            }
        }
        Ok(found)
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
        assert!(watch.watching.is_ok());
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
        assert!(watch.watching.is_err());
        assert!(watch.changed());
    }

    #[test]
    fn a_link_under_the_folders_is_never_taken_for_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("a.md"), "one").unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("a.md"), dir.path().join("a.md")).unwrap();
        let mut watch = Watch::new(&Sources::folder(dir.path()));
        assert!(watch.watching.is_err());
        assert!(watch.changed());
        assert!(watch.changed());
        let said = watch.blind().unwrap().to_string();
        assert!(
            said.ends_with("a.md is a link, whose changes may be made elsewhere"),
            "{said}"
        );
    }

    #[test]
    fn past_the_most_folders_the_watch_says_it_cannot_tell() {
        let dir = tempfile::tempdir().unwrap();
        for n in 0..MOST_FOLDERS {
            std::fs::create_dir(dir.path().join(n.to_string())).unwrap();
        }
        let mut watch = Watch::new(&Sources::folder(dir.path()));
        assert_eq!(watch.blind(), Some(Blind::TooManyFolders));
        assert!(watch.changed());
        let said = watch.blind().unwrap().to_string();
        assert_eq!(
            said,
            format!("the corpus has more than {MOST_FOLDERS} folders, more than the watch holds")
        );
        // One fewer (the folder itself counts): watched.
        std::fs::remove_dir(dir.path().join("0")).unwrap();
        let watch = Watch::new(&Sources::folder(dir.path()));
        assert!(watch.tells(), "{:?}", watch.blind());
    }

    #[test]
    fn a_document_with_a_name_outside_the_folders_is_never_taken_for_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.md"), "one").unwrap();
        std::fs::hard_link(dir.path().join("a.md"), elsewhere.path().join("a.md")).unwrap();
        let mut watch = Watch::new(&Sources::folder(dir.path()));
        assert!(watch.watching.is_err());
        assert!(watch.changed());
        assert!(watch.changed());
        let said = watch.blind().unwrap().to_string();
        assert!(
            said.ends_with("a.md is a link, whose changes may be made elsewhere"),
            "{said}"
        );

        // A second name made inside the folders is made, and seen.
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join("b.md"), "two").unwrap();
        let mut watch = Watch::new(&Sources::folder(other.path()));
        assert!(!watch.changed());
        std::fs::hard_link(other.path().join("b.md"), other.path().join("c.md")).unwrap();
        assert!(watch.changed());
        assert!(watch.watching.is_err());
        assert!(watch.changed());
    }
}
