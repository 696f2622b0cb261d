//! Ban lists: the cards banned from tournament play, by format, from a
//! date. A list is read as one entry per format ("OTF ban list"), whose
//! text names its cards one to a line; a later list for the format
//! restates it, and the earlier gives way. The same reading serves a list
//! printed as a document of its own ("OTF Ban List - 2018-12-20") and one
//! printed as a part of a larger document (a Compendium's "BANNED CARDS").
//!
//! A list is found by its own shape, whatever printed it:
//! - **its format** from a head over its cards ("Modern", "**Traditional
//!   Format**", "### OTF:"), else the sentence that opens it ("… banned in
//!   the Official Tournament Format (OTF):"), else the title ("OTF Ban
//!   List"); none anywhere is every format's;
//! - **its cards** one to a line (bulleted, numbered or bare, a set or note
//!   after the name set apart), in a table with a column of names, or
//!   listed after a colon ("…: Q's Tent, Mirror Image and Hunter Gangs.");
//! - **what a head says of the cards under it**: banned, or no longer
//!   banned ("Unbanned", "Removed from the list"), or restricted (not a
//!   ban: kept out of the list).
//!
//! What a list prints of itself is held against its reading: "the following
//! 12 cards" counts the cards the reading should find.

use std::sync::LazyLock;

use regex::Regex;

use super::about::Source;
use super::front_matter::Meta;
use super::Reading;
use crate::error::DocumentError;
use crate::model::{Entry, EntryKind, FrontParagraph, ReleaseKind};
use crate::topic::TopicKey;

pub use crate::model::BAN_LISTS;

/// The format of a list that names none: it bans in every format.
pub const EVERY_FORMAT: &str = "All formats";

/// What every ban list's topic ends with.
const TOPIC_SUFFIX: &str = " ban list";

/// The line of a list's text that opens its banned cards.
const BANNED_LINE: &str = "Banned:";
/// The line of a list's text that opens the cards it no longer bans.
const LIFTED_LINE: &str = "No longer banned:";

/// How many non-blank lines from the top a title naming a ban list is
/// looked for in.
const TITLE_LINES: usize = 4;

/// Words of a title or head that name a ban list.
static NAMES_A_LIST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:ban(?:ned)?[\s-]*(?:card\s+)?list|banlist|banned\s+cards)\b")
        .expect("valid regex")
});

/// Whether a line is the title of a ban list: a short line, no sentence,
/// that names one ("OTF Ban List - 2018-12-20", "BANNED CARDS").
pub fn names_a_list(line: &str) -> bool {
    let bare = plain_line(line);
    NAMES_A_LIST.is_match(&bare) && bare.split_whitespace().count() <= 14 && !bare.ends_with('.')
}

/// Whether a document is a ban list: its front matter says so, else its
/// title (a line among the first few) names one.
pub fn is_ban_list(meta: Option<&Meta>, text: &str, skip: usize) -> bool {
    if let Some(kind) = meta.and_then(|m| m.kind) {
        return kind == ReleaseKind::BanList;
    }
    if let Some(title) = meta.and_then(|m| m.title.as_deref()) {
        return names_a_list(title);
    }
    title_line(text, skip).is_some() || opening_cue(text, skip)
}

/// A list whose title a copy lost says what it is in its opening
/// sentence ("This list names the cards that may not be played …") and
/// heads its cards by format ("Modern Format").
fn opening_cue(text: &str, skip: usize) -> bool {
    let lines: Vec<&str> = text
        .split('\n')
        .skip(skip)
        .filter(|l| !l.trim().is_empty())
        .take(TITLE_LINES + 20)
        .collect();
    let says = lines.iter().take(TITLE_LINES + 2).any(|l| {
        let lower = l.to_lowercase();
        [
            "banned",
            "ban list",
            "may not be played",
            "may not be included",
        ]
        .iter()
        .any(|w| lower.contains(w))
    });
    says && lines.iter().any(|l| ends_with_format(&plain_line(l)))
}

/// The line (0-based) of the title that names a ban list, among the first
/// few non-blank lines after `skip`.
fn title_line(text: &str, skip: usize) -> Option<usize> {
    text.split('\n')
        .enumerate()
        .skip(skip)
        .filter(|(_, l)| !l.trim().is_empty())
        .take(TITLE_LINES)
        .find(|(_, l)| names_a_list(l))
        .map(|(i, _)| i)
}

/// Reads a ban list. `plain` reads the title block and opening sentences
/// for the document's title, date and edition, as any document's are read.
pub fn read(
    file: &str,
    text: &str,
    skip: usize,
    plain: impl Fn(&str) -> Result<Reading, DocumentError>,
) -> Result<Reading, DocumentError> {
    let lines: Vec<&str> = text.split('\n').collect();
    let title = title_line(text, skip);
    let first = (skip..lines.len()).find(|&i| !lines[i].trim().is_empty());
    let title_at = title.or(first).unwrap_or(skip);
    let lists = read_lists(&lines, title_at + 1, lines.len(), lines[title_at]);
    // The title block and the sentences around the lists, for the title,
    // date and edition; the lists' own lines blanked, so that no card is
    // read as a ruling and every line keeps its number.
    let used: Vec<bool> = {
        let mut used = vec![false; lines.len()];
        for list in &lists.lists {
            for &line in list.lines.iter() {
                used[line] = true;
            }
        }
        used
    };
    let about: String = lines
        .iter()
        .enumerate()
        .map(|(i, l)| if used[i] { "" } else { *l })
        .collect::<Vec<_>>()
        .join("\n");
    let mut reading = plain(&about)?;
    // What the plain reading took for rulings is the list's prose.
    let prose: Vec<Entry> = std::mem::take(&mut reading.release.entries);
    reading
        .release
        .front
        .extend(prose.into_iter().map(|e| FrontParagraph {
            line: e.line,
            end_line: e.spans.last().map_or(e.line, |&(_, end)| end),
            text: lines[e.line - 1..e.spans.last().map_or(e.line, |&(_, end)| end)].join("\n"),
        }));
    reading.release.front.sort_by_key(|p| p.line);
    reading.release.kind = ReleaseKind::BanList;
    if title.is_some() && reading.found.kind != Source::FrontMatter {
        reading.release.title = plain_line(lines[title_at]);
    }
    let first_list_line = lists
        .lists
        .iter()
        .flat_map(|l| l.lines.iter().copied())
        .min()
        .unwrap_or(lines.len());
    if !matches!(reading.found.date, Source::FrontMatter) {
        // The list's own date: the title's, a line of its title block
        // ("Effective March 4, 2019"), else the sentence opening it.
        let around_title = (skip..first_list_line)
            .filter(|&i| !lines[i].trim().is_empty())
            .min_by_key(|&i| (i.abs_diff(title_at) > 2, i.abs_diff(title_at)));
        let dated = std::iter::once(around_title)
            .flatten()
            .chain(skip..first_list_line)
            .filter(|&i| i >= title_at.saturating_sub(2))
            .find_map(|i| {
                let (start, end, date) = crate::dates::find_dates(lines[i]).into_iter().next()?;
                Some((i, date, crate::dates::month_only(&lines[i][start..end])))
            });
        if let Some((i, date, month)) = dated {
            reading.release.date = date;
            reading.release.date_precision = if month {
                crate::model::DatePrecision::Month
            } else {
                crate::model::DatePrecision::Day
            };
            reading.found.date = Source::Line { line: i + 1 };
        }
    }
    if reading.found.kind != Source::FrontMatter {
        reading.found.kind = Source::Line { line: title_at + 1 };
    }
    if reading.found.edition == Source::Unknown {
        // A list that names no game is for the events of both.
        reading.found.edition = Source::BothGames;
    }
    let release = &reading.release;
    let entries: Vec<Entry> = lists
        .lists
        .iter()
        .map(|l| {
            l.entry(
                (&release.id, release.edition, release.date, &release.file),
                BAN_LISTS,
            )
        })
        .collect();
    if entries.is_empty() {
        return Err(DocumentError::NoEntries {
            file: file.to_string(),
        });
    }
    reading.release.entries = entries;
    Ok(reading)
}

/// One format's list as printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct List {
    /// The format as printed ("Official Tournament Format (OTF)").
    pub format: String,
    /// The line (1-based) the list starts on: its head, or its first card.
    pub line: usize,
    pub banned: Vec<String>,
    pub lifted: Vec<String>,
    /// Every line (0-based) read as the list's head or cards.
    pub lines: Vec<usize>,
}

impl List {
    /// The list as an entry of the release `about` (id, edition, date, file).
    pub fn entry(
        &self,
        (release, edition, date, file): (&str, crate::model::Edition, chrono::NaiveDate, &str),
        section: &str,
    ) -> Entry {
        let topic = format!("{}{TOPIC_SUFFIX}", short_name(&self.format));
        let mut text = format!("Format: {}\n\n{BANNED_LINE}\n", self.format);
        for card in &self.banned {
            text.push_str(&format!("- {card}\n"));
        }
        if !self.lifted.is_empty() {
            text.push_str(&format!("\n{LIFTED_LINE}\n"));
            for card in &self.lifted {
                text.push_str(&format!("- {card}\n"));
            }
        }
        let mut spans: Vec<(usize, usize)> = self.lines.iter().map(|&l| (l + 1, l + 1)).collect();
        spans.sort_unstable();
        Entry {
            release: release.to_string(),
            edition,
            release_date: date,
            date,
            dated: false,
            section: Some(section.to_string()),
            key: TopicKey::new(&topic),
            topic,
            subtopic: None,
            kind: EntryKind::Rule,
            new: false,
            text: text.trim_end().to_string(),
            see: Vec::new(),
            supersedes: Vec::new(),
            cards: self.banned.iter().chain(&self.lifted).cloned().collect(),
            effect: None,
            file: file.to_string(),
            line: self.line,
            spans,
        }
    }
}

/// What the lists of a text came to, with the cards the text counts.
#[derive(Debug, Default)]
pub struct Lists {
    pub lists: Vec<List>,
    /// The cards the text says it lists ("the following 12 cards"), beside
    /// the cards read under that sentence: (printed count, read, line).
    pub counted: Vec<(usize, usize, usize)>,
}

/// What the lines under a head are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Banned,
    Lifted,
    /// Restricted, or anything that is no ban: not read into the list.
    Other,
}

/// Reads the lists of `lines[from..to]`; `title` names the format of the
/// cards no head or sentence gives one.
pub fn read_lists(lines: &[&str], from: usize, to: usize, title: &str) -> Lists {
    let default_format = format_in_title(title);
    let mut out = Lists::default();
    let mut format: Option<String> = default_format.clone();
    let mut mode = Mode::Banned;
    // The list being read, by index into `out.lists`.
    let mut open: Option<usize> = None;
    // A count printed in the sentence opening the cards: (count, line, read).
    let mut counting: Option<(usize, usize, usize)> = None;
    let mut columns: Option<Columns> = None;
    let close_count = |counting: &mut Option<(usize, usize, usize)>, out: &mut Lists| {
        if let Some((count, line, read)) = counting.take() {
            out.counted.push((count, read, line));
        }
    };
    // Each line, or the lines a converter ran into one, with the number of
    // the line it was read from.
    let pieces: Vec<(usize, String)> = lines
        .iter()
        .enumerate()
        .take(to)
        .skip(from)
        .flat_map(|(i, l)| unjoined(l).into_iter().map(move |p| (i, p)))
        .collect();
    for (at, (i, raw)) in pieces.iter().enumerate() {
        let i = *i;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let cells = row_cells(line);
        if cells.len() >= 2 {
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
            {
                continue;
            }
            if let Some(found) = Columns::of(&cells) {
                columns = Some(found);
                continue;
            }
            if let Some(cols) = &columns {
                let name = cells.get(cols.name).map_or(String::new(), |c| card_name(c));
                if name.is_empty() || has_date(&name) {
                    continue;
                }
                let formats: Vec<String> = cols
                    .format
                    .and_then(|f| cells.get(f))
                    .map(|c| split_names(&without_dates(c)))
                    .filter(|f| !f.is_empty())
                    .unwrap_or_else(|| vec![format.clone().unwrap_or_else(|| EVERY_FORMAT.into())]);
                let row_mode = cols
                    .status
                    .and_then(|s| cells.get(s))
                    .map_or(mode, |s| status_of(s).unwrap_or(mode));
                for f in formats {
                    let at = list_for(&mut out.lists, &f, i);
                    add(&mut out.lists[at], row_mode, &name, i);
                }
                if let Some((_, _, read)) = &mut counting {
                    *read += 1;
                }
                continue;
            }
        } else {
            columns = None;
        }
        let bare = plain_line(line);
        // An unmarked line over marked ones (a bullet, a number) is their
        // head, as a line naming a format ("Modern Format") is.
        let over_marked = !is_marked(line)
            && pieces[at + 1..]
                .iter()
                .find(|(_, l)| !l.trim().is_empty())
                .is_some_and(|(_, next)| is_marked(next));
        // A line that names a list (the title again, under a running
        // header that printed it first) is a head, never a card.
        let is_head =
            is_head(line, &bare) || over_marked || ends_with_format(&bare) || names_a_list(&bare);
        let sentence = is_sentence(&bare);
        if is_head || sentence {
            let words = bare.trim_end_matches(':').trim();
            let said = status_of(words);
            let named = if sentence {
                format_in_sentence(words)
            } else {
                format_in_head(words)
            };
            if sentence && said.is_none() && named.is_none() {
                // Prose about the list: no cards, no format.
                continue;
            }
            close_count(&mut counting, &mut out);
            if let Some(named) = named {
                format = Some(named);
                open = None;
            } else if is_head && said.is_none() {
                continue;
            }
            mode = said.unwrap_or(Mode::Banned);
            if let Some(count) = printed_count(words) {
                counting = Some((count, i + 1, 0));
            }
            let f = format.clone().unwrap_or_else(|| EVERY_FORMAT.into());
            let at = match open {
                Some(at) if out.lists[at].format == f => at,
                _ => list_for(&mut out.lists, &f, i),
            };
            open = Some(at);
            out.lists[at].lines.push(i);
            // Cards listed after the sentence's colon, on its own line.
            if let Some((_, after)) = bare.split_once(':') {
                let names = split_names(after.trim_end_matches('.'));
                if sentence && !names.is_empty() {
                    for name in names {
                        add(&mut out.lists[at], mode, &name, i);
                        if let Some((_, _, read)) = &mut counting {
                            *read += 1;
                        }
                    }
                }
            }
            continue;
        }
        let name = card_name(&bare);
        if name.is_empty() || has_date(&name) {
            // A date line ("Effective March 4, 2019") is no card's name.
            continue;
        }
        let f = format.clone().unwrap_or_else(|| EVERY_FORMAT.into());
        let at = match open {
            Some(at) if out.lists[at].format == f => at,
            _ => list_for(&mut out.lists, &f, i),
        };
        open = Some(at);
        add(&mut out.lists[at], mode, &name, i);
        if let Some((_, _, read)) = &mut counting {
            *read += 1;
        }
    }
    close_count(&mut counting, &mut out);
    out.lists
        .retain(|l| !l.banned.is_empty() || !l.lifted.is_empty());
    out
}

/// The list of a format, opened at line `i` when there is none yet.
fn list_for(lists: &mut Vec<List>, format: &str, i: usize) -> usize {
    let key = format_key(format);
    if let Some(at) = lists.iter().position(|l| format_key(&l.format) == key) {
        return at;
    }
    lists.push(List {
        format: format.to_string(),
        line: i + 1,
        ..List::default()
    });
    lists.len() - 1
}

fn add(list: &mut List, mode: Mode, name: &str, line: usize) {
    let cards = match mode {
        Mode::Banned => &mut list.banned,
        Mode::Lifted => &mut list.lifted,
        Mode::Other => return,
    };
    if !cards.iter().any(|c| c == name) {
        cards.push(name.to_string());
    }
    list.lines.push(line);
}

/// The columns of a table of cards: the one of names, and those of
/// formats and of what is said of each card, by their headers.
struct Columns {
    name: usize,
    format: Option<usize>,
    status: Option<usize>,
}

impl Columns {
    fn of(headers: &[String]) -> Option<Columns> {
        let find = |words: &[&str]| {
            headers.iter().position(|h| {
                let h = h.to_lowercase();
                words.iter().any(|w| h.split_whitespace().any(|x| x == *w))
            })
        };
        // A header names its column of cards, and another of formats or
        // of what is said of each: a row of two card names is no header.
        let format = find(&["format", "formats"]);
        let status = find(&["status", "standing", "change"]);
        let name = find(&["card", "cards", "name", "title"])?;
        (format.is_some() || status.is_some()).then_some(Columns {
            name,
            format,
            status,
        })
    }
}

mod formats;
mod lines;

use formats::*;
pub use formats::{
    banned_cards, format_matches, format_of_topic, format_printed, is_list_key, short_name,
};
use lines::*;

#[cfg(test)]
mod tests;
