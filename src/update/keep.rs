//! A fetched document kept in the folder under a name of the tool's (what
//! the document is, see [`super::series::file_stem`]), never over a file,
//! and never twice: the files kept are looked at before a new one is
//! written, whatever the record says.

use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, SystemTime};

use chrono::NaiveDate;

use super::{hash_of, ORIGINALS};

/// How many issues of one name may be kept (the first, then its
/// reissues).
const MOST_ISSUES: usize = 999;

/// How old a temporary file of the tool's is when it is removed whatever
/// its process: no run lasts a day.
const STALE_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// The name of the `n`th issue of a document whose name is `stem` (from
/// 1): the first `STEM`, a reissue `STEM_002`, … A reissue's name sorts
/// after the issues before it, byte by byte as the corpus orders its
/// documents, so that on a tie of dates the last issue fetched answers.
fn issue_stem(stem: &str, n: usize) -> String {
    if n == 1 {
        stem.to_string()
    } else {
        format!("{stem}_{n:03}")
    }
}

/// Writes a document under a new name of the tool's (see [`issue_stem`],
/// taken where any file of that stem is there, whatever its extension):
/// first to a hidden temporary file, then linked to its name, which never
/// replaces a file.
pub(super) fn keep(folder: &Path, stem: &str, ext: &str, body: &[u8]) -> std::io::Result<String> {
    let temporary = folder.join(format!(".rulings-update-{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(body)?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&temporary);
        return Err(e);
    }
    let stems: HashSet<String> = fs::read_dir(folder)?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(stem).then(|| {
                name.rsplit_once('.')
                    .map_or(name.clone(), |(s, _)| s.into())
            })
        })
        .collect();
    let mut result = Err(std::io::Error::other("no free name"));
    for n in 1..=MOST_ISSUES {
        let stem = issue_stem(stem, n);
        if stems.contains(&stem) {
            continue;
        }
        let name = format!("{stem}.{ext}");
        match fs::hard_link(&temporary, folder.join(&name)) {
            Ok(()) => {
                result = Ok(name);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    let _ = fs::remove_file(&temporary);
    result
}

pub(super) fn keep_original(folder: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let dir = folder.join(ORIGINALS);
    fs::create_dir_all(&dir)?;
    fs::write(dir.join(name), bytes)
}

/// The file already kept that holds these very bytes (its hash `hash`),
/// as fetched or as its original: only the regular files whose names
/// `named` takes for the document's are looked at, and only those of the
/// same size are read.
pub(super) fn already_kept(
    folder: &Path,
    named: impl Fn(&str) -> bool,
    hash: &str,
) -> Option<String> {
    let size: u64 = hash.rsplit_once('-')?.1.parse().ok()?;
    let holds = |path: &Path| {
        fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == size)
            && crate::input::read_capped(path, size).is_ok_and(|b| hash_of(&b) == hash)
    };
    let mut names: Vec<String> = fs::read_dir(folder)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| named(name))
        .collect();
    names.sort();
    names.into_iter().find(|name| {
        let kept = folder.join(name);
        holds(&kept)
            || (fs::symlink_metadata(&kept).is_ok_and(|m| m.is_file())
                && holds(&folder.join(ORIGINALS).join(name)))
    })
}

/// Whether a file's name is one the tool gives a document named `stem`
/// (see [`issue_stem`]): the stem, then nothing or a reissue's number,
/// then the extension.
pub(super) fn is_issue_of(name: &str, stem: &str) -> bool {
    name.strip_prefix(stem)
        .is_some_and(|rest| is_issue(rest, false))
}

/// Whether a file's name is one an older tool gave the documents of an
/// address (its slug `slug`): `SLUG-DATE`, then nothing, a reissue's
/// number or an older tool's `-N`, then the extension. Such files stay as
/// they are named.
pub(super) fn is_named_for(name: &str, slug: &str) -> bool {
    let Some(rest) = name.strip_prefix(slug).and_then(|r| r.strip_prefix('-')) else {
        return false;
    };
    let (Some(date), Some(tail)) = (rest.get(..10), rest.get(10..)) else {
        return false;
    };
    NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok() && is_issue(tail, true)
}

/// Whether what follows a name's stem is an issue's: nothing or `_NNN`
/// (or an older tool's `-N`, where `dashed`), then an extension.
fn is_issue(tail: &str, dashed: bool) -> bool {
    let Some((issue, ext)) = tail.rsplit_once('.') else {
        return false;
    };
    let numbered =
        |s: Option<&str>| s.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    !ext.is_empty()
        && (issue.is_empty()
            || numbered(issue.strip_prefix('_'))
            || (dashed && numbered(issue.strip_prefix('-'))))
}

/// Removes the temporary files runs that were stopped left in the folder
/// (and in its card lists' folder): only names of the tool's own pattern,
/// `.rulings-update-PID.tmp` and `.rulings-update.json.PID`, whose process
/// is gone or which are over a day old. Called under the lock, so that no
/// other run is writing one.
pub(super) fn remove_stale_temporaries(folder: &Path) {
    let now = SystemTime::now();
    for dir in [folder.to_path_buf(), folder.join("cards").join("sets")] {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(pid) = temporary_pid(&name) else {
                continue;
            };
            let Ok(metadata) = fs::symlink_metadata(entry.path()) else {
                continue;
            };
            let old = metadata
                .modified()
                .ok()
                .and_then(|m| now.duration_since(m).ok())
                .is_some_and(|age| age > STALE_AFTER);
            if metadata.is_file() && pid != std::process::id() && (old || !is_alive(pid)) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// The process number in a temporary file name of the tool's.
fn temporary_pid(name: &str) -> Option<u32> {
    let digits = name
        .strip_prefix(".rulings-update-")
        .and_then(|r| r.strip_suffix(".tmp"))
        .or_else(|| name.strip_prefix(".rulings-update.json."))?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Whether a process of that number runs; where that cannot be told (no
/// `/proc`), it is taken to run, and only age removes its files.
fn is_alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}
