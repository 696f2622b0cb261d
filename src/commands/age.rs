//! How current the corpus is — the newest release of each edition and its
//! age, and a warning when that is more than a year old — said on stderr
//! with the first text answer of the day from a corpus, not with every
//! answer: a TD asking twenty questions reads it once. The day it was last
//! said is kept per corpus (by its fingerprint) in a small file of the
//! user's cache folder; a file that cannot be read, or holds anything but a
//! date, only means it is said again. Not said under `--quiet` or
//! `--json`.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use chrono::NaiveDate;

use super::{user_folder, Config, Printer};
use rulings::catalog::Catalog;
use rulings::model::Edition;
use rulings::safe::{escape_name, sanitize};

/// The most of a stamp file that is read: a date is 10 bytes.
const STAMP_BYTES: u64 = 64;

/// Stamps older than this are removed when a new one is written, so that
/// the corpora of the past (a folder since edited, a test's) leave nothing.
const STAMP_KEPT: Duration = Duration::from_secs(60 * 60 * 24 * 30);

/// The folder of stamps: `age-told` in the user's cache folder for rulings
/// (`$XDG_CACHE_HOME/rulings/age-told` or `~/.cache/rulings/age-told` on
/// Linux), beside the indexes of corpora other than the bundled one.
pub fn folder() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("rulings").join("age-told"))
}

/// Says how current the corpus is, unless it was said today already, or
/// the answer is JSON, or `--quiet`.
pub fn notice(
    catalog: &Catalog,
    config: &Config,
    p: &mut Printer<impl Write, impl Write>,
) -> io::Result<()> {
    if config.quiet || config.json {
        return Ok(());
    }
    let today = config.today;
    // A default edition set since the corpus was last told is told too.
    let asked = config
        .edition
        .as_ref()
        .map(|(edition, from)| format!("asking {edition} only, by default ({from})"));
    let told = format!(
        "{}{}",
        catalog.manifest().fingerprint,
        asked.as_deref().unwrap_or_default()
    );
    let stamp = config
        .told
        .as_deref()
        .map(|folder| stamp_path(folder, &told));
    if stamp.as_deref().and_then(told_on) == Some(today) {
        return Ok(());
    }
    for (at, line) in banner(
        catalog,
        &catalog.editions(),
        today,
        config.own_folder.as_deref(),
    )
    .into_iter()
    .enumerate()
    {
        match (at, &asked) {
            (0, Some(asked)) => p.err.line(&format!("{line}; {asked}"))?,
            _ => p.err.line(&line)?,
        }
    }
    if let Some(stamp) = stamp {
        // Not remembered (a read-only cache): said again next time.
        let _ = remember(&stamp, today);
    }
    Ok(())
}

fn stamp_path(folder: &Path, fingerprint: &str) -> PathBuf {
    folder.join(rulings::index::hash_hex(&[fingerprint.as_bytes()]))
}

/// The day a stamp records, if it is a regular file holding a date.
fn told_on(stamp: &Path) -> Option<NaiveDate> {
    // Never open what is not a file: a pipe would wait forever.
    if !fs::symlink_metadata(stamp).ok()?.is_file() {
        return None;
    }
    let mut text = String::new();
    fs::File::open(stamp)
        .ok()?
        .take(STAMP_BYTES)
        .read_to_string(&mut text)
        .ok()?;
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// Records the day in the stamp (written whole, then renamed into place),
/// and removes stamps not touched for a month.
fn remember(stamp: &Path, day: NaiveDate) -> io::Result<()> {
    let folder = stamp.parent().expect("a stamp is in a folder");
    fs::create_dir_all(folder)?;
    let fresh = stamp.with_extension(format!("{}.new", std::process::id()));
    fs::write(&fresh, format!("{day}\n"))?;
    fs::rename(&fresh, stamp)?;
    let now = SystemTime::now();
    for entry in fs::read_dir(folder)?.flatten().take(10_000) {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
            .is_some_and(|age| age > STAMP_KEPT);
        if old {
            let _ = fs::remove_file(entry.path());
        }
    }
    Ok(())
}

/// How current the corpus is: the newest release of each edition and its
/// age on `today`; and, for an edition whose newest release is more than a
/// year old, a warning that newer rulings may exist and how to add them
/// (into `own`, the folder `update` fetches into: `--rulings`'s, else the
/// data folder).
pub fn banner(
    catalog: &Catalog,
    editions: &[Edition],
    today: NaiveDate,
    own: Option<&Path>,
) -> Vec<String> {
    let newest: Vec<_> = catalog
        .manifest()
        .newest
        .iter()
        .filter(|n| editions.contains(&n.edition))
        .collect();
    let parts: Vec<String> = newest
        .iter()
        .map(|n| {
            format!(
                "{} newest {} ({}, {})",
                n.edition,
                n.date,
                sanitize(&n.title),
                age(n.date, today)
            )
        })
        .collect();
    let mut lines = vec![format!("corpus: {}", parts.join("; "))];
    let stale: Vec<String> = newest
        .iter()
        .filter(|n| (today - n.date).num_days() > 365)
        .map(|n| {
            format!(
                "the newest {} release here is {}",
                n.edition,
                age(n.date, today)
            )
        })
        .collect();
    if !stale.is_empty() {
        let folder = own
            .map(Path::to_path_buf)
            .or_else(user_folder)
            .map(|d| escape_name(&d.display().to_string()))
            .unwrap_or_else(|| "a folder given with --rulings".to_string());
        lines.push(format!(
            "warning: newer rulings may exist ({}); the Continuing Committee publishes new ones (trekcc.org) — `rulings update` fetches them into {folder}, or drop a new document there: the next question reads it",
            stale.join("; ")
        ));
    }
    lines
}

/// How long ago a date was, roughly: "3 months old", "4 years old".
fn age(date: NaiveDate, today: NaiveDate) -> String {
    let days = (today - date).num_days();
    match days {
        d if d < 0 => "dated in the future".to_string(),
        0..=60 => format!("{days} days old"),
        61..=729 => format!("{} months old", days / 30),
        _ => format!("{} years old", days / 365),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_is_a_date_in_a_small_regular_file() {
        let folder = tempfile::tempdir().unwrap();
        let stamp = stamp_path(folder.path(), "a fingerprint");
        assert_eq!(told_on(&stamp), None, "no stamp yet");
        let day = NaiveDate::from_ymd_opt(2026, 1, 2).unwrap();
        remember(&stamp, day).unwrap();
        assert_eq!(told_on(&stamp), Some(day));
        assert_ne!(stamp, stamp_path(folder.path(), "another fingerprint"));
        fs::write(&stamp, "2026-13-45").unwrap();
        assert_eq!(told_on(&stamp), None);
        fs::write(&stamp, format!("{}{day}", " ".repeat(100))).unwrap();
        assert_eq!(told_on(&stamp), None, "read no further than the cap");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_in_place_of_a_stamp_is_never_opened() {
        let folder = tempfile::tempdir().unwrap();
        let stamp = stamp_path(folder.path(), "a fingerprint");
        let made = std::process::Command::new("mkfifo").arg(&stamp).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to check
        }
        assert_eq!(told_on(&stamp), None);
    }
}
