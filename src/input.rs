//! Reading a file the program did not write itself — a document of the
//! corpus, the index folder's `CURRENT` pointer — so that no file can hang
//! a command or exhaust its memory.
//!
//! What is read is decided on the handle it opened to, never by path (a
//! look by path only spares opening what is plainly no file): a file
//! swapped for another between a look and the open cannot slip past. The
//! open does not wait (a pipe with no writer opens at once, a terminal does
//! not become the controlling one); then the open file must be a regular
//! file, not on a file system the kernel makes up as it is read (`/proc`,
//! `/sys`, debugfs, …, whose files report a size of 0 and can be endless or
//! block), and it is read up to a cap whatever size it reported.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refusal {
    /// A folder, pipe, socket or device.
    NotRegular,
    /// A file of a kernel's pseudo file system (`/proc`, `/sys`, …).
    System,
    /// More than the cap; `size` when the file said so before it was read.
    TooLarge { size: Option<u64> },
    /// The operating system's own error.
    Io(io::Error),
}

impl From<io::Error> for Refusal {
    fn from(e: io::Error) -> Refusal {
        Refusal::Io(e)
    }
}

/// Opens `path` for reading without waiting on it.
fn open(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// Whether the open file lives on a file system whose files the kernel
/// makes up when read.
#[cfg(target_os = "linux")]
fn on_pseudo_file_system(file: &File) -> bool {
    // The width of the magic numbers differs between targets.
    #[allow(clippy::unnecessary_cast)]
    const PSEUDO: [i64; 11] = [
        libc::PROC_SUPER_MAGIC as i64,
        libc::SYSFS_MAGIC as i64,
        libc::DEBUGFS_MAGIC as i64,
        libc::TRACEFS_MAGIC as i64,
        libc::SECURITYFS_MAGIC as i64,
        libc::CGROUP_SUPER_MAGIC as i64,
        libc::CGROUP2_SUPER_MAGIC as i64,
        libc::BPF_FS_MAGIC as i64,
        libc::DEVPTS_SUPER_MAGIC as i64,
        libc::SELINUX_MAGIC as i64,
        libc::NSFS_MAGIC as i64,
    ];
    #[allow(clippy::unnecessary_cast)]
    rustix::fs::fstatfs(file).is_ok_and(|stat| PSEUDO.contains(&(stat.f_type as i64)))
}

#[cfg(not(target_os = "linux"))]
fn on_pseudo_file_system(_: &File) -> bool {
    false
}

/// The bytes of the regular file at `path`, at most `limit` of them (see
/// the module docs).
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, Refusal> {
    // What is plainly no regular file is not even opened (opening a device
    // can do something); the open handle is what decides.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Refusal::NotRegular);
    }
    let file = open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(Refusal::NotRegular);
    }
    if on_pseudo_file_system(&file) {
        return Err(Refusal::System);
    }
    if metadata.len() > limit {
        return Err(Refusal::TooLarge {
            size: Some(metadata.len()),
        });
    }
    // The size said is only a hint: one more byte than the cap tells a file
    // that grew (or lied) from one that fits.
    let hint = usize::try_from(metadata.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(hint);
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(Refusal::TooLarge { size: None });
    }
    Ok(bytes)
}

/// The first bytes of the regular file at `path`, at most `limit` of them
/// whatever its size: enough to tell what a file is from its first line.
pub fn read_prefix(path: &Path, limit: u64) -> Result<Vec<u8>, Refusal> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Refusal::NotRegular);
    }
    let file = open(path)?;
    if !file.metadata()?.is_file() {
        return Err(Refusal::NotRegular);
    }
    if on_pseudo_file_system(&file) {
        return Err(Refusal::System);
    }
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_capped(&path, 10).unwrap(), b"0123456789");
        assert!(matches!(
            read_capped(&path, 9),
            Err(Refusal::TooLarge { size: Some(10) })
        ));
        assert!(matches!(
            read_capped(dir.path(), 10),
            Err(Refusal::NotRegular)
        ));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_of_proc_is_not_read() {
        let proc_file = Path::new("/proc/self/pagemap");
        if !proc_file.exists() {
            eprintln!("skipped: no /proc here");
            return;
        }
        assert!(matches!(read_capped(proc_file, 1024), Err(Refusal::System)));
    }
}

/// Opens the lock file for writing, creating it. One that is not a regular
/// file (a folder, a pipe, a link to a device) is damage: it is removed and
/// made again. Opening never waits (a pipe with no reader fails at once).
pub fn open_lock_file(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let opened = options.open(path);
    if let Ok(file) = &opened {
        if file.metadata()?.is_file() {
            return opened;
        }
    }
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path)?,
        Ok(m) if !m.is_file() => fs::remove_file(path)?,
        _ => return opened,
    }
    let file = options.open(path)?;
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(io::Error::other(format!(
            "{} is not a regular file",
            path.display()
        )))
    }
}

/// Opens a lock file in a folder of the user's (the corpus folder that
/// `update` writes to), creating it: never through a symbolic link, and
/// nothing found at its name is removed or replaced. Anything but a
/// regular file there (a folder, a link, a pipe) is refused, named: it is
/// no lock of this tool's. Opening never waits.
pub fn open_lock_file_in_place(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW);
    }
    let refused = || {
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{} is not a regular file (a folder, a link or a device), so it is no lock of rulings: it is left as it is; move it away and run again",
                path.display()
            ),
        )
    };
    match options.open(path) {
        Ok(file) if file.metadata()?.is_file() => Ok(file),
        Ok(_) => Err(refused()),
        Err(e) => match fs::symlink_metadata(path) {
            Ok(m) if !m.is_file() => Err(refused()),
            _ => Err(e),
        },
    }
}

/// Whether `file` is the file at `path` now.
#[cfg(unix)]
pub fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(there)) => open.dev() == there.dev() && open.ino() == there.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
pub fn is_at(_: &File, _: &Path) -> bool {
    true
}

/// The most Markdown a document may become. A small file can draw far
/// more text than it holds (a form drawn many times, a font that maps one
/// code to several characters): 20 kB of PDF became 91 MB of text, all of
/// it held until the corpus was read. A reader (the PDF reader, the
/// conversion) stops once its text passes this, and the document is
/// skipped.
pub const MAX_TEXT_BYTES: usize = 32 * 1024 * 1024;

/// The lines of a text, whatever ends them: a line feed, a carriage return
/// and a line feed, or a carriage return alone (old Mac exports), each
/// without its end. As [`str::lines`], a last line end makes no empty line.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.find(['\r', '\n']) {
            Some(at) => {
                let after = if text[at..].starts_with("\r\n") {
                    at + 2
                } else {
                    at + 1
                };
                rest = Some(&text[after..]).filter(|r| !r.is_empty());
                Some(&text[..at])
            }
            None => {
                rest = None;
                Some(text).filter(|t| !t.is_empty())
            }
        }
    })
}

/// A text whose lines end in a carriage return alone, with a line feed
/// there instead: every reader of lines then reads its lines (a carriage
/// return and line feed pair is kept as it is).
pub fn unify_line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    let lone = |at: usize| !text[at + 1..].starts_with('\n');
    if !text.match_indices('\r').any(|(at, _)| lone(at)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        out.push(if c == '\r' && lone(at) { '\n' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn every_line_end_ends_a_line() {
        fn read(t: &str) -> Vec<&str> {
            lines(t).collect()
        }
        assert_eq!(read("a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
        assert_eq!(read("a\r\rb\r"), ["a", "", "b"]);
        assert_eq!(read("a\n"), ["a"]);
        assert_eq!(read(""), Vec::<&str>::new());
        assert_eq!(read("\n"), [""]);
        assert_eq!(unify_line_ends("a\rb\r\nc\r"), "a\nb\r\nc\n");
        assert!(matches!(
            unify_line_ends("a\r\nb"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
