//! A record that a generation's files were found intact, so that their
//! checksums are not read again by every command.
//!
//! Checking every file's checksum costs a read of the whole index (6.7 ms
//! at 1,000 releases, more than answering). After a check passes, the
//! generation's folder gets a stamp: when it was taken and a fingerprint of
//! every file's name, size, inode, modification and change time. A command
//! that finds the stamp matching skips the check. Writing to a file changes
//! its change time, which no program can set back, so a file changed since
//! the check never matches.
//!
//! A file changed within the file system's clock tick of the check could
//! keep the change time the stamp recorded, so a stamp vouches only for
//! files that had not changed for [`SETTLE`] before it was taken (the
//! "racily clean" rule of version control): right after a build, commands
//! check the checksums until the files are old enough, then stamp them for
//! good.
//!
//! A stamp older than [`MAX_AGE`] vouches for nothing: the checksums are
//! read again once a day, so that even corruption that no write makes (the
//! disk returning other bytes) is found within a day.
//!
//! Where change times are not available (outside Unix), nothing is stamped
//! and every command checks.

use std::fs;
use std::hash::Hasher;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fnv::FnvHasher;

use super::fingerprint::write_metadata;

/// The stamp's file name in a generation's folder.
pub(super) const STAMP: &str = ".rulings-intact";
/// How long a file must have stood unchanged before a stamp vouches for it:
/// longer than any file system's clock tick for change times.
pub const SETTLE: Duration = Duration::from_secs(2);
/// The most of a stamp read: it is one short line.
const STAMP_CAP: u64 = 256;
/// How long a stamp vouches for the files at all.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// The state of a generation's files: their fingerprint and the newest
/// change time among them. `None` where it cannot be known.
fn state(generation: &Path) -> Option<(String, Duration)> {
    let mut files: Vec<(String, fs::Metadata)> = Vec::new();
    for item in fs::read_dir(generation).ok()? {
        let item = item.ok()?;
        let name = item.file_name().to_string_lossy().into_owned();
        // The stamp itself, and tantivy's lock files, which readers touch.
        if name == STAMP || name.starts_with(".tantivy-") {
            continue;
        }
        files.push((name, item.metadata().ok()?));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut hasher = FnvHasher::default();
    let mut newest = Duration::ZERO;
    for (name, metadata) in &files {
        hasher.write(name.as_bytes());
        hasher.write_u8(0);
        write_metadata(&mut hasher, metadata);
        newest = newest.max(changed(metadata)?);
    }
    Some((format!("{:016x}", hasher.finish()), newest))
}

/// When a file's metadata or content last changed.
#[cfg(unix)]
fn changed(metadata: &fs::Metadata) -> Option<Duration> {
    use std::os::unix::fs::MetadataExt;
    let secs = u64::try_from(metadata.ctime()).ok()?;
    let nanos = u32::try_from(metadata.ctime_nsec()).ok()?;
    Some(Duration::new(secs, nanos))
}

#[cfg(not(unix))]
fn changed(_: &fs::Metadata) -> Option<Duration> {
    None
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// Whether a stamp vouches that the generation's files are as they were
/// when their checksums were found intact.
pub fn stamped(generation: &Path) -> bool {
    vouches(generation, now())
}

/// [`stamped`], asked at the time `now`.
fn vouches(generation: &Path, now: Duration) -> bool {
    // Read the one safe way: a stamp is a line, and never worth a wait.
    let Ok(bytes) = crate::input::read_capped(&generation.join(STAMP), STAMP_CAP) else {
        return false;
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return false;
    };
    let Some((taken, fingerprint)) = parse(&text) else {
        return false;
    };
    taken + MAX_AGE > now
        && state(generation)
            .is_some_and(|(state, newest)| state == fingerprint && newest + SETTLE <= taken)
}

/// A stamp as written: when it was taken, and the fingerprint.
fn render(taken: Duration, fingerprint: &str) -> String {
    format!(
        "{}.{:09} {fingerprint}\n",
        taken.as_secs(),
        taken.subsec_nanos()
    )
}

fn parse(text: &str) -> Option<(Duration, &str)> {
    let (taken, fingerprint) = text.trim().split_once(' ')?;
    let (secs, nanos) = taken.split_once('.')?;
    Some((
        Duration::new(secs.parse().ok()?, nanos.parse().ok()?),
        fingerprint,
    ))
}

/// Records that the generation's files were just found intact. Best
/// effort: a folder that cannot be written to is checked every time.
pub fn stamp(generation: &Path) {
    // The time is taken before the files are looked at, so that a file
    // changed meanwhile counts as changed after the stamp.
    let taken = now();
    let Some((fingerprint, _)) = state(generation) else {
        return;
    };
    let text = render(taken, &fingerprint);
    let temporary = generation.join(format!("{STAMP}-{}", std::process::id()));
    if fs::write(&temporary, text).is_err()
        || fs::rename(&temporary, generation.join(STAMP)).is_err()
    {
        let _ = fs::remove_file(&temporary);
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Rewrites the stamp's time as if it had been taken `later` after it
    /// was: files then count as having settled before it.
    fn age(generation: &Path, later: Duration) {
        let path = generation.join(STAMP);
        let text = fs::read_to_string(&path).unwrap();
        let (taken, fingerprint) = parse(&text).unwrap();
        let taken = taken + later;
        let text = render(taken, fingerprint);
        fs::write(path, text).unwrap();
    }

    #[test]
    fn a_stamp_vouches_for_settled_files_until_one_changes() {
        let dir = tempfile::tempdir().unwrap();
        let generation = dir.path();
        fs::write(generation.join("a.store"), b"one").unwrap();
        fs::write(generation.join("meta.json"), b"{}").unwrap();
        assert!(!stamped(generation), "no stamp yet");
        stamp(generation);
        // Taken right after the files were written: they had not settled.
        assert!(!stamped(generation));
        age(generation, SETTLE);
        assert!(stamped(generation));
        // A lock file that readers touch does not count; the stamp's own
        // temporary file is gone.
        fs::write(generation.join(".tantivy-meta.lock"), b"").unwrap();
        assert!(stamped(generation));
        // A file rewritten (its size tells even where the clock tick of
        // change times is coarse).
        fs::write(generation.join("a.store"), b"one!").unwrap();
        assert!(!stamped(generation));
        stamp(generation);
        age(generation, SETTLE);
        assert!(stamped(generation));
        // A day later the checksums are read again.
        assert!(vouches(generation, now() + MAX_AGE - SETTLE));
        assert!(!vouches(generation, now() + MAX_AGE + SETTLE));
        fs::write(generation.join("b.pos"), b"new").unwrap();
        assert!(!stamped(generation), "a file added");
        fs::write(generation.join(STAMP), b"garbage").unwrap();
        assert!(!stamped(generation), "a stamp that cannot be read");
    }
}
