//! A LackeyCCG plugin's card lists read into [`Card`]s.
//!
//! A card list is a tab-separated text file whose first line names the
//! columns, one of them `Name`; every later line is a card. The columns
//! read by name (any order, any case): `Name`, `Set` (the formats tag),
//! `Release` (the set), `Info` (number and rarity), `Type`, `Affil`,
//! `Icons`, `Lore`, `Text`; every other column with a value is kept as it
//! is. Any other file under the folder (decklists, `formats.txt`, images)
//! is no card list and is passed over; a file that cannot be read is
//! reported, never fatal.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{icons, split_version, Card};
use crate::model::Edition;

/// The largest card list read (the whole First Edition plugin is about
/// 3 MB).
pub const LIST_CAP: u64 = 64 * 1024 * 1024;
/// The most bytes of card lists read in all: the lists past it are left
/// out (and named). Cards take several times their bytes in memory.
pub const MOST_LIST_BYTES: u64 = 128 * 1024 * 1024;
/// How deep under the database folder lists are looked for (the folder,
/// a plugin folder in it, its `sets/`, one more).
const DEPTH: usize = 4;
/// The most card lists read: the lists past it, in path order, are left
/// out (and named). A plugin has a few dozen.
pub const MOST_LISTS: usize = 2_000;
/// The most entries of the folders looked at: a walk of a folder far
/// larger stops (and says so).
pub const MOST_ENTRIES: usize = 50_000;
/// The most columns of a card list read: LackeyCCG's have 28; the columns
/// past it are not read (and the list is named).
pub const MOST_COLUMNS: usize = 256;
/// How many files a limit names at most.
const NAMED: usize = 5;

/// What was read of a database folder.
#[derive(Debug, Default)]
pub struct Database {
    pub cards: Vec<Card>,
    /// The card lists read, relative to the folder.
    pub lists: Vec<String>,
    /// Files that looked like card lists but could not be read, with why.
    pub problems: Vec<String>,
    /// The limits reached: what was left out.
    pub limits: Vec<Limit>,
}

/// A limit of the card database reached, and what it left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "limit", rename_all = "snake_case")]
pub enum Limit {
    #[error("the folder has more than {most} entries; the ones past them were not looked at")]
    Entries { most: usize },
    #[error("{count} card lists past the first {most} were left out: {}", named(.left_out, *.count))]
    Lists {
        most: usize,
        count: usize,
        left_out: Vec<String>,
    },
    #[error("{count} card lists past {} MB of lists in all were left out: {}", .most / (1024 * 1024), named(.left_out, *.count))]
    Bytes {
        most: u64,
        count: usize,
        left_out: Vec<String>,
    },
    #[error("{list} has {columns} columns; the ones past the first {most} were not read")]
    Columns {
        list: String,
        columns: usize,
        most: usize,
    },
}

/// The first files named, and how many more.
fn named(files: &[String], count: usize) -> String {
    let mut said = files
        .iter()
        .map(|f| crate::safe::escape_name(f))
        .collect::<Vec<_>>()
        .join(", ");
    if count > files.len() {
        said.push_str(&format!(" and {} more", count - files.len()));
    }
    said
}

/// The `.txt` files under a database folder that may be card lists, sorted
/// by path, with their metadata (for the index's fingerprint), and whether
/// the walk stopped at [`MOST_ENTRIES`].
pub struct Walk {
    pub files: Vec<(PathBuf, Option<fs::Metadata>)>,
    pub stopped: bool,
}

/// Every `.txt` file under `root` that may be a card list, sorted, with
/// its metadata; hidden files and folders are passed over. The folders are
/// walked in path order, so that what a walk that stops leaves out is the
/// same every time.
pub fn files(root: &Path) -> Walk {
    let mut found = Vec::new();
    let mut entries = 0;
    let mut folders = vec![(root.to_path_buf(), 0usize)];
    let mut stopped = false;
    while let Some((folder, depth)) = folders.pop() {
        let Ok(items) = fs::read_dir(&folder) else {
            continue;
        };
        let mut items: Vec<fs::DirEntry> = items.flatten().take(MOST_ENTRIES + 1).collect();
        items.sort_by_key(|item| item.file_name());
        let mut subfolders = Vec::new();
        for item in items {
            entries += 1;
            if entries > MOST_ENTRIES {
                stopped = true;
                break;
            }
            let name = item.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let path = item.path();
            let Ok(kind) = item.file_type() else { continue };
            if kind.is_dir() || (kind.is_symlink() && path.is_dir()) {
                if depth + 1 < DEPTH {
                    subfolders.push((path, depth + 1));
                }
            } else if name.to_ascii_lowercase().ends_with(".txt") {
                found.push((path.clone(), fs::metadata(&path).ok()));
            }
        }
        if stopped {
            break;
        }
        // Popped in path order.
        subfolders.reverse();
        folders.extend(subfolders);
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    Walk {
        files: found,
        stopped,
    }
}

/// Whether a folder holds a card list (a `.txt` file whose first line is a
/// card list's header): a LackeyCCG plugin's `sets`, never rulings
/// documents. Only the first line of a few files is read.
pub fn holds_card_list(folder: &Path) -> bool {
    let Ok(items) = fs::read_dir(folder) else {
        return false;
    };
    items
        .flatten()
        .map(|item| item.path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt")))
        .take(8)
        .any(|path| is_card_list(&path))
}

/// Reads every card list under `root`, in path order, up to the limits
/// ([`MOST_LISTS`], [`MOST_LIST_BYTES`]); each limit reached is said, with
/// the lists it left out. Only card lists count: the decklists and other
/// `.txt` files beside them are passed over at the cost of their first
/// line, and never take a list's place.
pub fn read(root: &Path) -> Database {
    let mut database = Database::default();
    let walk = files(root);
    if walk.stopped {
        database.limits.push(Limit::Entries { most: MOST_ENTRIES });
    }
    let mut bytes_read: u64 = 0;
    let (mut past_lists, mut past_bytes): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let root_name = root.file_name().unwrap_or_default().to_string_lossy();
    for (path, metadata) in walk.files {
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        match card_list_header(&path) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(why) => {
                let why = crate::error::DocumentError::refused(&name, why, LIST_CAP);
                database.problems.push(why.to_string());
                continue;
            }
        }
        if database.lists.len() >= MOST_LISTS {
            past_lists.push(name);
            continue;
        }
        let size = metadata.map_or(0, |m| m.len());
        if bytes_read + size.min(LIST_CAP) > MOST_LIST_BYTES {
            past_bytes.push(name);
            continue;
        }
        let bytes = match crate::input::read_capped(&path, LIST_CAP) {
            Ok(bytes) => bytes,
            Err(why) => {
                let why = crate::error::DocumentError::refused(&name, why, LIST_CAP);
                database.problems.push(why.to_string());
                continue;
            }
        };
        bytes_read += bytes.len() as u64;
        // Read as a document is; a binary file is no card list.
        let Ok((text, _)) = crate::convert::encoding::decode(&name, bytes) else {
            continue;
        };
        if let Some((mut cards, columns)) = list_with_columns(&text, &name) {
            if columns > MOST_COLUMNS {
                database.limits.push(Limit::Columns {
                    list: name.clone(),
                    columns,
                    most: MOST_COLUMNS,
                });
            }
            // The database folder's own name counts: `--cards …/startrek2e`.
            if plugin_edition(&format!("{root_name}/{name}")) == Edition::Second {
                for card in &mut cards {
                    card.edition = Edition::Second;
                }
            }
            database.cards.extend(cards);
            database.lists.push(name);
        }
    }
    if !past_lists.is_empty() {
        database.limits.push(Limit::Lists {
            most: MOST_LISTS,
            count: past_lists.len(),
            left_out: past_lists.into_iter().take(NAMED).collect(),
        });
    }
    if !past_bytes.is_empty() {
        database.limits.push(Limit::Bytes {
            most: MOST_LIST_BYTES,
            count: past_bytes.len(),
            left_out: past_bytes.into_iter().take(NAMED).collect(),
        });
    }
    database
}

/// Whether a file's first line is a card list's header (read alone).
fn is_card_list(path: &Path) -> bool {
    card_list_header(path).unwrap_or(false)
}

/// [`is_card_list`], or why the file could not be read.
fn card_list_header(path: &Path) -> Result<bool, crate::input::Refusal> {
    let bytes = crate::input::read_prefix(path, 16 * 1024)?;
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let header = crate::input::lines(text).next();
    Ok(header.is_some_and(|l| Columns::of(l).is_some()))
}

/// The columns of a card list, by where they are.
struct Columns {
    headers: Vec<String>,
    name: usize,
    formats: Option<usize>,
    set: Option<usize>,
    number: Option<usize>,
    kind: Option<usize>,
    affiliation: Option<usize>,
    icons: Option<usize>,
    lore: Option<usize>,
    text: Option<usize>,
    /// Columns no card shows (the picture's file name).
    hidden: Vec<usize>,
}

impl Columns {
    /// The columns of a header line, when it is one: tab-separated, one
    /// column named `Name`.
    fn of(header: &str) -> Option<Columns> {
        let headers: Vec<String> = header
            .trim_end_matches(['\r', '\n'])
            .split('\t')
            .map(|h| h.trim().to_string())
            .collect();
        if headers.len() < 2 {
            return None;
        }
        let find = |wanted: &[&str]| {
            headers.iter().position(|h| {
                let h = h.to_ascii_lowercase();
                wanted.iter().any(|w| h == *w)
            })
        };
        let name = find(&["name"])?;
        Some(Columns {
            name,
            formats: find(&["set"]),
            set: find(&["release", "expansion"]),
            number: find(&["info", "number"]),
            kind: find(&["type"]),
            affiliation: find(&["affil", "affiliation"]),
            icons: find(&["icons"]),
            lore: find(&["lore"]),
            text: find(&["text"]),
            hidden: find(&["imagefile", "image"]).into_iter().collect(),
            headers,
        })
    }

    fn is_known(&self, at: usize) -> bool {
        at == self.name
            || [
                self.formats,
                self.set,
                self.number,
                self.kind,
                self.affiliation,
                self.icons,
                self.lore,
                self.text,
            ]
            .contains(&Some(at))
            || self.hidden.contains(&at)
    }
}

/// The cards of one file's text, when its first line is a card list's
/// header.
pub fn list(text: &str, file: &str) -> Option<Vec<Card>> {
    list_with_columns(text, file).map(|(cards, _)| cards)
}

/// [`list`], with how many columns its header names (only the first
/// [`MOST_COLUMNS`] are read: a list of thousands of columns would keep a
/// column's name with every value of every card).
fn list_with_columns(text: &str, file: &str) -> Option<(Vec<Card>, usize)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = crate::input::lines(text);
    let mut columns = Columns::of(lines.next()?)?;
    let named = columns.headers.len();
    columns.headers.truncate(MOST_COLUMNS);
    let mut cards = Vec::new();
    for (i, line) in lines.enumerate() {
        let values: Vec<&str> = line.split('\t').take(MOST_COLUMNS).collect();
        let value = |at: Option<usize>| {
            at.and_then(|a| values.get(a))
                .map(|v| v.trim().to_string())
                .unwrap_or_default()
        };
        let name = value(Some(columns.name));
        if name.is_empty() {
            continue;
        }
        let (persona, version) = split_version(&name);
        let formats = value(columns.formats);
        let other = values
            .iter()
            .enumerate()
            .filter(|(at, v)| !columns.is_known(*at) && !v.trim().is_empty())
            .filter_map(|(at, v)| {
                let header = columns.headers.get(at)?;
                (!header.is_empty()).then(|| (header.clone(), v.trim().to_string()))
            })
            .collect();
        cards.push(Card {
            persona,
            version,
            edition: edition_of(&formats),
            set: value(columns.set),
            number: value(columns.number),
            kind: value(columns.kind),
            affiliation: value(columns.affiliation),
            icons: icons::tokens(&value(columns.icons)),
            text: value(columns.text),
            lore: value(columns.lore),
            formats,
            other,
            file: file.to_string(),
            line: i + 2,
            name,
        });
    }
    Some((cards, named))
}

/// The edition a list's folders name: a plugin folder of Second Edition
/// is named so (`startrek2e/sets/…`, `Second Edition/…`); First else.
fn plugin_edition(name: &str) -> Edition {
    let folders: Vec<&str> = name.split('/').collect();
    let second = folders[..folders.len().saturating_sub(1)].iter().any(|f| {
        let f = f.to_ascii_lowercase();
        f.ends_with("2e") || f.contains("second")
    });
    if second {
        Edition::Second
    } else {
        Edition::First
    }
}

/// A card's edition from its formats tag: Second Edition when a part of
/// the tag says so (`ban_2E`), else First.
fn edition_of(formats: &str) -> Edition {
    if formats
        .split(['_', ' ', ',', ';'])
        .any(|part| part.eq_ignore_ascii_case("2e"))
    {
        Edition::Second
    } else {
        Edition::First
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A card with a name and nothing else, for tests.
    pub(crate) fn card(name: &str) -> Card {
        let (persona, version) = split_version(name);
        Card {
            name: name.to_string(),
            persona,
            version,
            edition: Edition::First,
            set: String::new(),
            number: String::new(),
            kind: String::new(),
            affiliation: String::new(),
            icons: Vec::new(),
            text: String::new(),
            lore: String::new(),
            formats: String::new(),
            other: Vec::new(),
            file: String::new(),
            line: 0,
        }
    }

    const HEADER: &str =
        "Name\tSet\tImageFile\tRelease\tInfo\tType\tAffil\tClass\tIcons\tLore\tText";

    #[test]
    fn a_list_reads_its_columns_by_name() {
        let text = format!(
            "{HEADER}\nOdo Prime*\tTrad_Modern\todo\tzz\t7 R\tPersonnel\tBajoran\tSECURITY\t[Cmd][DQ]\tA lore.\tSECURITY Honor\n\n\tno name\n"
        );
        let cards = list(&text, "sets/a.txt").unwrap();
        assert_eq!(cards.len(), 1);
        let odo = &cards[0];
        assert_eq!(odo.name, "Odo Prime*");
        assert_eq!(odo.persona, "Odo Prime");
        assert_eq!(odo.version, "*");
        assert_eq!(odo.set, "zz");
        assert_eq!(odo.number, "7 R");
        assert_eq!(odo.kind, "Personnel");
        assert_eq!(odo.icons, vec!["Cmd", "DQ"]);
        assert_eq!(odo.text, "SECURITY Honor");
        assert_eq!(
            odo.other,
            vec![("Class".to_string(), "SECURITY".to_string())]
        );
        assert_eq!((odo.file.as_str(), odo.line), ("sets/a.txt", 2));
    }

    #[test]
    fn columns_in_another_order_and_case_read_the_same() {
        let text = "TEXT\tname\tICONS\r\nDoes a thing.\tRo Laren\t[Stf]\r\n";
        let cards = list(text, "x.txt").unwrap();
        assert_eq!(cards[0].name, "Ro Laren");
        assert_eq!(cards[0].text, "Does a thing.");
        assert_eq!(cards[0].icons, vec!["Stf"]);
    }

    #[test]
    fn a_file_that_is_no_card_list_is_passed_over() {
        assert!(list("1\tData\n2\tRiker\n", "decks/d.txt").is_none());
        assert!(list("<formatdefinitions>\n", "formats.txt").is_none());
        assert!(list("", "empty.txt").is_none());
    }

    #[test]
    fn a_second_edition_plugin_is_named_so() {
        assert_eq!(
            plugin_edition("startrek2e/sets/Physical.txt"),
            Edition::Second
        );
        assert_eq!(plugin_edition("Second Edition/sets/a.txt"), Edition::Second);
        assert_eq!(
            plugin_edition("startrek1e/sets/Physical.txt"),
            Edition::First
        );
        // The file's own name is no folder.
        assert_eq!(plugin_edition("sets/2e.txt"), Edition::First);
        assert_eq!(plugin_edition("Physical.txt"), Edition::First);
    }

    #[test]
    fn a_ban_2e_tag_is_second_edition() {
        assert_eq!(edition_of("ban_2E"), Edition::Second);
        assert_eq!(edition_of("Trad_Modern_Open_Warp"), Edition::First);
    }
}
