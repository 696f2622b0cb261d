//! Base documents — the Glossary, the Rulebook, the Rules Compendium — read
//! by the shapes they have. A base is cut into parts at its part headings
//! (`Temporary Rulings`, `Glossary`, `Errata`, `Change Log`) and at its
//! numbered section heads (`6.3.1 DUPLICATION AND PERSONAS`, `7.4.2:
//! Personnel Battle`):
//!
//! - the parts of alphabetical entries (the Glossary, the Temporary
//!   Rulings, the errata appendix) are read by the rulings parser, as a
//!   Current Rulings Document is, each entry taking its part's kind;
//! - each numbered section is one entry whose topic is its number and
//!   title, and each typed sidebar in it (`Clarifications:`, `Tip:`,
//!   `Open Rules:`, `Borg Rule:`, `Exception:`) an entry of that section;
//! - a change log is front matter.
//!
//! Every line still belongs to exactly one entry or to the front matter.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::about::Source;
use super::front_matter::Meta;
use super::parts::{part_heading, Part};
use super::{Reading, MAX_LINES};
use crate::error::DocumentError;
use crate::model::{Edition, Entry, EntryKind, FrontParagraph, Release, ReleaseKind};
use crate::topic::TopicKey;
pub use banners::title_cue;
use banners::{banner_edition, banner_version_date};
pub use kinds::ORGANIZED_PLAY;

mod alphabet;
mod apart;
use apart::{ban_lists_of, front_of};
mod links;
#[cfg(test)]
use links::UNTITLED;
pub use links::{link_sections, section_numbers, sections_named_by_number};
mod banners;
mod cut;
mod kinds;
mod sections;
use sections::*;

/// A numbered section head: the number, then its title on the same line,
/// after a colon, a space, or a dash between spaces ("7.4.1 – Calculating
/// Differential"); the word "Section" may stand before the number
/// ("Section 12: Guidelines for Online Play").
static SECTION_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:#{1,6}\s*)?(?:\*\*)?(?:[Ss][Ee][Cc][Tt][Ii][Oo][Nn]\s+)?(\d{1,2}(?:\.\d{1,2}){0,5})\.?(?::|\s)\s*(?:[–—-]\s+)?(?:\*\*)?\s*([A-Za-z][^.!?]{0,79}?)\s*(?:\*\*)?$")
        .expect("valid regex")
});
/// A section number at the start of a topic ("7.4.2: Personnel Battle").
static LEADING_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(\d{1,2}(?:\.\d{1,2}){0,5})\b").expect("valid regex"));
/// A typed sidebar: its label, then a colon.
static SIDEBAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\*\*)?(Clarifications?|Tips?|Open Rules?|Borg Rules?|Exceptions?|Reminders?|Notes?|Examples?|Copyright Notices?)(?:\*\*)?:(?:\*\*)?\s+")
        .expect("valid regex")
});

/// The words a section head's title may have at most.
const TITLE_WORDS: usize = 10;

/// What a base document held, by shape, for `rulings check`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct BaseCounts {
    pub glossary: usize,
    pub sections: usize,
    pub sidebars: usize,
    pub temporary: usize,
    pub errata: usize,
    /// Entries of an icon legend.
    pub icons: usize,
    /// Paragraphs of change log, kept as front matter.
    pub change_log: usize,
    /// Formats' ban lists, each an entry.
    pub ban_lists: usize,
}

/// The kind of base document a text is, from its front matter or else the
/// line of its title block that names a base: `None` for a rulings document.
pub fn kind_of(meta: Option<&Meta>, text: &str, skip: usize) -> Option<ReleaseKind> {
    if let Some(kind) = meta.and_then(|m| m.kind) {
        return kind.is_sectioned().then_some(kind);
    }
    if let Some(title) = meta.and_then(|m| m.title.as_deref()) {
        return title_kind(title);
    }
    title_cue(text, skip)
        .or_else(|| preamble_cue(text, skip))
        .map(|(_, kind)| kind)
}

/// A preamble's opening that says what the document is: "The Rules
/// Compendium gathers …", "This Glossary is a comprehensive guide …".
static PREAMBLE_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:The|This)\s+((?:[A-Z][\w-]*\s+){0,3}?(?:Compendium|Rulebook|Rule\s+Book|Glossary))\s+(?:gathers|lists|collects|contains|explains|holds|describes|presents|is\s+(?:a|an|the))\b")
        .expect("valid regex")
});

/// Words of a title that name a rulings document of a given sort, not
/// rulings in general ("Current Rulings", "Recent Rulings Document",
/// "GLOSSARY UPDATES", "FAQ").
const RULINGS_TITLE_WORDS: [&str; 6] = ["current", "recent", "update", "errata", "faq", "document"];

/// When the title block names no base and no sort of rulings document (a
/// bare "1E rulings", banners), the first sentence of the preamble says
/// what the document is, as its subject: the line of that sentence and the
/// base it names.
fn preamble_cue(text: &str, skip: usize) -> Option<(usize, ReleaseKind)> {
    let lines = text
        .split('\n')
        .enumerate()
        .skip(skip)
        .filter(|(_, l)| !l.trim().is_empty())
        .take(TITLE_BLOCK_LINES + 1);
    for (i, line) in lines {
        let bare = line.trim().trim_start_matches('#').trim().trim_matches('*');
        if let Some(c) = PREAMBLE_SUBJECT.captures(bare) {
            return super::about::base_kind(&c[1].to_lowercase()).map(|kind| (i, kind));
        }
        let short = bare.split_whitespace().count() <= TITLE_WORDS && !bare.ends_with('.');
        let lower = bare.to_lowercase();
        // "… this interim ruling takes effect today" under no title (a copy
        // that lost it): an interim ruling of Organized Play says so.
        let organized_play = lower.contains("organized play") || lower.contains("organised play");
        if !short && organized_play && lower.contains("interim ruling") {
            return Some((i, ReleaseKind::InterimRuling));
        }
        if !short || RULINGS_TITLE_WORDS.iter().any(|w| lower.contains(w)) {
            return None;
        }
    }
    None
}

/// The kind a title line names, if it is a short line naming a base.
fn title_kind(line: &str) -> Option<ReleaseKind> {
    let title = line
        .trim()
        .trim_start_matches('#')
        .trim()
        .trim_matches('*')
        .trim();
    // A title is a short line, not a sentence ("cloaking – This Glossary
    // entry has been deleted." is a ruling).
    if title.split_whitespace().count() > TITLE_WORDS || title.ends_with('.') {
        return None;
    }
    super::about::base_kind(&title.to_lowercase())
}

/// The most non-blank lines a title block holds (banners, title, version,
/// date).
const TITLE_BLOCK_LINES: usize = 8;

/// The number a topic begins with, dotted or not ("8 Penalties", "7.4.1
/// Calculating Differential").
pub fn leading_number(topic: &str) -> Option<&str> {
    LEADING_NUMBER
        .captures(topic)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str())
}

/// The section number a topic begins with ("7.4.2: Personnel Battle" →
/// "7.4.2").
pub fn section_number(topic: &str) -> Option<&str> {
    LEADING_NUMBER
        .captures(topic)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str())
        .filter(|n| n.contains('.'))
}

/// A head that names a section by number in brackets: "SHIP BATTLE (7.4.3)".
static NAMED_SECTION_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:#{1,6}\s*)?(?:\*\*)?([A-Za-z][A-Za-z '&-]{0,60})\((\d{1,2}(?:\.\d{1,2}){0,5})\)(?:\*\*)?$")
        .expect("valid regex")
});

/// Whether typed text is a section number and nothing else ("7.4.2").
pub fn is_section_number(typed: &str) -> bool {
    let t = typed.trim().trim_end_matches(['.', ':']);
    !t.is_empty()
        && t.split('.')
            .all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a line heads a table of contents ("Contents", "**Table of
/// Contents**").
pub(super) fn is_contents_heading(line: &str) -> bool {
    // Asked of every line of every document: compared without a copy.
    let bare = super::lines::heading_words(line);
    bare.eq_ignore_ascii_case("contents") || bare.eq_ignore_ascii_case("table of contents")
}

/// Whether a line reads as an item of a table of contents: a part's or a
/// section's name, with its page number and leader dots if printed, and
/// no sentence. A head with its dash and text or date ("NAMING A NUMBER –
/// 2017-06-06") is an entry under an empty contents, not an item of it.
pub(super) fn is_contents_line(line: &str) -> bool {
    // A dash after a section's number ("7.4.1 – Calculating Differential")
    // is the head's own, not a term's before its text.
    let number_only = |before: &str| {
        let b = before.trim().trim_matches(['*', '#', '_', ' ']);
        let b = b
            .strip_prefix("Section ")
            .or_else(|| b.strip_prefix("SECTION "))
            .unwrap_or(b);
        !b.is_empty() && b.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    let has_separator = [" – ", " — ", " - "].iter().any(|d| {
        line.split_once(d)
            .is_some_and(|(before, after)| !after.trim().is_empty() && !number_only(before))
    });
    if has_separator || crate::dates::find_date(line).is_some() {
        return false;
    }
    let bare = line
        .trim()
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ' || c == '\t')
        .trim_matches(['*', '_', '#', ' ']);
    !bare.is_empty()
        && bare.split_whitespace().count() <= TITLE_WORDS
        && !bare.ends_with(['!', '?', ':', ';', ','])
        && !line.trim().ends_with(['!', '?'])
        && (!line.trim().ends_with('.') || line.trim().ends_with(".."))
}

/// A numbered section head: (number, title). The number has two parts or
/// more, or the title is in capitals or set as a Markdown heading, so that
/// a numbered step of a procedure ("1. *Initiation*: …") is not a section.
fn section_head(line: &str) -> Option<(String, String)> {
    // A section sign before the number ("§4.3 DRAWING A CARD") is no part
    // of it.
    let trimmed = without_new_marker(line.trim()).1;
    let trimmed = trimmed.strip_prefix('§').map_or(trimmed, str::trim_start);
    // The number before the title ("7.4.2: Personnel Battle"), or after it
    // in parentheses ("PERSONNEL BATTLE (7.4.2)", as the Rulebook's web page
    // sets its sections); a title whose number follows it is a head when
    // it is set apart (bold, a heading) or in capitals.
    // A number of two parts or more after a title alone on its line is a
    // head however the title is set: a copy keeps no bold (`Moving ships
    // (4.2.1)`), and a sentence does not end on a bare section number.
    let (number, title, set_apart) = match SECTION_HEAD.captures(trimmed) {
        // "Section 12: …" says it is a head in words.
        Some(c) => (
            c.get(1)?.as_str().to_string(),
            c.get(2)?.as_str(),
            trimmed
                .trim_start_matches(['#', '*', ' '])
                .get(..8)
                .is_some_and(|w| w.eq_ignore_ascii_case("section ")),
        ),
        None => {
            let c = NAMED_SECTION_HEAD.captures(trimmed)?;
            let bold = trimmed.starts_with("**") && trimmed.ends_with("**");
            let number = c.get(2)?.as_str();
            let title = c.get(1)?.as_str();
            let dotted = number.contains('.')
                && title
                    .trim_start_matches(['*', '#', ' '])
                    .starts_with(char::is_uppercase);
            (number.to_string(), title, bold || dotted)
        }
    };
    // A head set as a dash head in a copy ("7.5 Damage and Repairs –")
    // keeps its title without the dash.
    let title = title
        .trim()
        .trim_end_matches(['*', ':', ' ', '–', '—', '-']);
    if title.split_whitespace().count() > TITLE_WORDS {
        return None;
    }
    let heading = trimmed.starts_with('#');
    let capitals = title.chars().any(char::is_alphabetic) && !title.chars().any(char::is_lowercase);
    let title_case = title
        .split_whitespace()
        .filter(|w| w.len() > 3)
        .all(|w| w.starts_with(char::is_uppercase));
    let ok = heading || set_apart || capitals || (number.contains('.') && title_case);
    ok.then(|| (number, title.to_string()))
}

/// A numbered section head alone on its line, or one that pasted text ran
/// its body into ("7.4.2: Personnel Battle Personnel battles are fought
/// …"): the head, and the body run into it.
fn head_of(line: &str) -> Option<((String, String), Option<&str>)> {
    match section_head(line) {
        Some(head) => Some((head, None)),
        None => super::lines::numbered_head_run_in(line)
            .or_else(|| super::lines::named_head_run_in(line))
            .and_then(|end| {
                section_head(&line[..end]).map(|head| (head, Some(line[end..].trim())))
            }),
    }
}

/// The pieces of a section line that a paste ran together: a copy that
/// lost a page's line breaks runs a paragraph into the section head or the
/// sidebar after it (`… must travel far. 6.3.1 DUPLICATION AND PERSONAS –`,
/// `… may kill it. Clarifications: Forces: A force …`). A new piece starts
/// where a sentence ends and a numbered head or a sidebar's label begins.
fn run_together(line: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for at in super::flow::sentence_ends(line) {
        let rest = &line[at..];
        if SIDEBAR.is_match(rest) || head_of(rest).is_some() || part_heading(rest.trim()).is_some()
        {
            pieces.push(line[start..at].trim_end());
            start = at;
        }
    }
    pieces.push(&line[start..]);
    pieces
}

/// A section head's new marker, taken off: an asterisk or a "NEW" tag
/// before its number ("*6.3.1 DUPLICATION …", "NEW 7.4.3: Ship Battle").
/// Gives whether it was marked, and the head without it.
fn without_new_marker(line: &str) -> (bool, &str) {
    let numbered = |rest: &str| rest.trim_start().starts_with(|c: char| c.is_ascii_digit());
    for marker in ["*", "NEW!", "NEW", "[NEW]", "(NEW)"] {
        if let Some(rest) = line.strip_prefix(marker) {
            if numbered(rest) && !rest.starts_with('*') {
                return (true, rest.trim_start());
            }
        }
    }
    (false, line)
}

/// The rest of a section head in capitals that a narrow column wrapped
/// onto `next`: a few words in capitals, no sentence (the dash a copy sets
/// after the head is no part of it).
fn head_goes_on(title: &str, next: &str) -> Option<String> {
    let rest = next.trim().trim_end_matches(['–', '—', '-', ':', ' ']);
    let capitals =
        |t: &str| t.chars().any(char::is_alphabetic) && !t.chars().any(char::is_lowercase);
    (capitals(title)
        && capitals(rest)
        && rest.split_whitespace().count() <= 4
        && !rest.ends_with(['.', '!', '?'])
        && section_head(next).is_none()
        && part_heading(next).is_none())
    .then(|| rest.to_string())
}

/// Reads a base document. `plain` reads text as a rulings document (the
/// parts of alphabetical entries are handed to it with every other line
/// blanked, so that line numbers stay the file's).
pub fn read(
    file: &str,
    text: &str,
    kind: ReleaseKind,
    skip: usize,
    page_tops: &[bool],
    plain: impl Fn(&str, bool) -> Result<Reading, DocumentError>,
) -> Result<(Reading, BaseCounts), DocumentError> {
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() > MAX_LINES * 4 {
        return Err(DocumentError::TooManyLines {
            file: file.to_string(),
            limit: MAX_LINES,
        });
    }
    let first_text = (skip..lines.len()).find(|&i| !lines[i].trim().is_empty());
    // The title block, up to the line that names the base, is no part
    // heading ("GLOSSARY" as a title, under banners).
    let cue = title_cue(text, skip);
    let title_end = cue.map(|(i, _)| i).or(first_text);
    let glossary = kind == ReleaseKind::Glossary;
    let (parts, rereads) =
        cut::into_parts(&lines, skip, glossary, (title_end, first_text), page_tops);

    // The alphabetical parts, through the rulings parser.
    let masked = |keep: &dyn Fn(Part) -> bool| -> String {
        let mut out = String::with_capacity(text.len());
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            // Banners above the title are no heads of entries: a bold
            // "STAR TREK CUSTOMIZABLE CARD GAME" would be read as one, and
            // would upset the order of the entries' initials.
            // A date alone above the title is no head, and dates the
            // document: it stays.
            let banner = cue.is_some_and(|(end, _)| i >= skip && i < end) && !date_alone(line);
            if i < skip || (keep(parts[i]) && !banner) {
                match rereads[i] {
                    Some(how) => out.push_str(&alphabet::reread(line, how)),
                    None => out.push_str(line),
                }
            }
        }
        out
    };
    let alphabetical = |p: Part| {
        matches!(
            p,
            Part::Front | Part::Glossary | Part::Temporary | Part::Errata | Part::Icons
        )
    };
    // A base of numbered sections alone has no alphabetical entries: the
    // reading then gives its title, edition and date only.
    let text_read = masked(&alphabetical);
    // A title a copy ran its tabs and version onto is read as the title it
    // is (a heading), not as a head whose dash its tabs' dashes look like;
    // and so is a title set a size below a banner over it (`## First
    // Edition Rulebook` under `# STAR TREK …`, as a PDF's sizes give it),
    // not a section whose text the contents after it would be.
    let retitled = |l: &str| -> Option<String> {
        let bare = l.trim_start();
        if !bare.starts_with('#') {
            // A title with a colon ("Interim Organized Play Ruling:
            // Disconnections") would read as a head and its text.
            return (title_kind(l).is_none() || l.contains(": ")).then(|| format!("# {l}"));
        }
        bare.starts_with("##")
            .then(|| format!("# {}", bare.trim_start_matches('#').trim_start()))
    };
    let text_read = match cue.and_then(|(at, _)| Some((at, retitled(lines.get(at)?)?))) {
        Some((at, title)) => text_read
            .split('\n')
            .enumerate()
            .map(|(i, l)| {
                if i == at {
                    title.clone()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        None => text_read,
    };
    // The edition named only by a banner above the title ("STAR TREK
    // CUSTOMIZABLE CARD GAME" / "First Edition" / "Rules Compendium"): the
    // text is read with the banner's words before the title, on the title's
    // own line so that every line keeps its number. The title is then read
    // as the title it is, whatever else the text names.
    let title_names_edition = cue
        .and_then(|(at, _)| lines.get(at))
        .is_some_and(|l| super::about::edition_named(l).is_some());
    let mut reading = match banner_edition(&lines, skip, cue).filter(|_| !title_names_edition) {
        Some(named) => {
            let title = cue.map_or(0, |(at, _)| at);
            let again: Vec<String> = text_read
                .split('\n')
                .enumerate()
                .map(|(i, l)| {
                    if i == title {
                        // After a Markdown heading's marks, which open it.
                        let l = l.trim_start();
                        let rest = l.trim_start_matches('#');
                        let marks = &l[..l.len() - rest.len()];
                        format!("{marks} {named} {}", rest.trim_start())
                            .trim_start()
                            .to_string()
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            let mut reading = plain(&again.join("\n"), true)?;
            // The title as printed, not as read, is what the front holds.
            if let (Some(read_as), Some(printed)) = (again.get(title), lines.get(title)) {
                let read_as = read_as.trim_start_matches(['#', ' ']);
                let printed = printed.trim().trim_start_matches(['#', ' ']);
                for p in &mut reading.release.front {
                    if p.text.contains(read_as) {
                        p.text = p.text.replace(read_as, printed);
                    }
                }
            }
            reading
        }
        None => plain(&text_read, true)?,
    };
    let mut counts = BaseCounts::default();
    let named = cue.or_else(|| preamble_cue(text, skip));
    if let Some((line, _)) = named.filter(|_| reading.found.kind != Source::FrontMatter) {
        // The line that named the base, for `rulings check`.
        reading.found.kind = Source::Line { line: line + 1 };
    }
    if reading.release.is_undated() {
        if let Some((line, date, precision)) = banner_version_date(&lines, skip, cue) {
            // The version line set above the title ("Version 2.5.6 — June
            // 2024" over "Rulebook") dates it as one under the title does.
            reading.release.date = date;
            reading.release.date_precision = precision;
            reading.found.date = Source::Line { line: line + 1 };
            for entry in &mut reading.release.entries {
                entry.release_date = date;
                if !entry.dated {
                    entry.date = date;
                }
            }
        }
    }
    if reading.found.edition == Source::Unknown && kind.is_tournament() {
        // The Guide runs the events of both games: read as both editions',
        // and no guess to settle.
        reading.found.edition = Source::BothGames;
    }
    if reading.found.edition == Source::Unknown {
        if let Some(edition) = super::about::edition_of_kind(kind) {
            // A base only First Edition has: its edition is told by what it is.
            reading.found.edition = Source::DocumentKind;
            reading.release.edition = edition;
            for entry in &mut reading.release.entries {
                entry.edition = edition;
            }
        }
    }
    let release = &mut reading.release;
    release.kind = kind;
    if release.version.is_none() {
        // The title block the reading masked (banners, title, version
        // line) names the version as well as the kind.
        release.version = super::about::printed_version(None, kind, lines[skip..].iter().copied());
    }
    // The banners above the title, kept out of the reading, are front
    // matter.
    if let Some((end, _)) = cue {
        release.front.extend(
            (skip..end)
                .filter(|&i| !lines[i].trim().is_empty())
                .map(|i| FrontParagraph {
                    line: i + 1,
                    end_line: i + 1,
                    text: lines[i].trim_end().to_string(),
                }),
        );
    }
    // A Glossary's preamble, before the Temporary Rulings it sets ahead of
    // the alphabet, is front matter however its paragraphs open ("How to
    // use the Glossary – …").
    if glossary {
        let (preamble, entries): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut release.entries)
            .into_iter()
            .partition(|e| parts.get(e.line - 1) == Some(&Part::Front));
        release.entries = entries;
        release
            .front
            .extend(preamble.into_iter().map(|e| FrontParagraph {
                line: e.line,
                end_line: e.spans.last().map_or(e.line, |&(_, end)| end),
                text: lines[e.line - 1..e.spans.last().map_or(e.line, |&(_, end)| end)].join("\n"),
            }));
    }
    banners::title_block_to_front(release, &lines, &parts, cue.filter(|_| !glossary));
    kinds::by_part(&mut release.entries, &parts, &mut counts);

    // The numbered sections, by their own shape.
    let about = (
        release.id.clone(),
        release.edition,
        release.date,
        release.file.clone(),
    );
    let mut sections = read_sections(&lines, &parts, &about, &mut counts);
    if kind.is_tournament() {
        // The Guide's sections are the tournament's, numbered apart from
        // the Rulebook's (its 7.4.2 is no Personnel Battle).
        for entry in &mut sections.entries {
            entry.section = Some(ORGANIZED_PLAY.to_string());
        }
    }
    // A head printed before the same section is read again below with its
    // text is a contents line ("7.4.1 – Calculating
    // Differential" listed over an interim ruling whose title a copy
    // lost): front matter, whichever reader took it for a head.
    let with_text: HashMap<TopicKey, usize> = sections
        .entries
        .iter()
        .filter(|e| !e.text.trim().is_empty())
        .map(|e| (e.key.clone(), e.line))
        .collect();
    // (What the copy ran under such a line, a byline or a preamble, is
    // front matter with it.)
    let listed_again = |e: &Entry| {
        e.subtopic.is_none() && with_text.get(&e.key).is_some_and(|&line| line > e.line)
    };
    let (mut listed, entries): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut release.entries)
        .into_iter()
        .partition(&listed_again);
    let (more, kept): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut sections.entries)
        .into_iter()
        .partition(&listed_again);
    listed.extend(more);
    sections.entries = kept;
    release.entries = entries;
    release.front.extend(listed.into_iter().map(|e| {
        let end = e.spans.iter().map(|&(_, end)| end).max().unwrap_or(e.line);
        FrontParagraph {
            line: e.line,
            end_line: end,
            text: lines[e.line - 1..end].join("\n"),
        }
    }));
    release.entries.extend(sections.entries);
    release.front.extend(sections.front);
    let (lists, prose) = ban_lists_of(&lines, &parts, &about);
    counts.ban_lists = lists.len();
    release.entries.extend(lists);
    release.front.extend(prose);
    let log = front_of(&lines, skip, &parts, |p| p == Part::ChangeLog);
    counts.change_log = log.len();
    release.front.extend(log);
    if release.entries.is_empty() {
        return Err(DocumentError::NoEntries {
            file: file.to_string(),
        });
    }
    release.entries.sort_by_key(|e| e.line);
    release.front.sort_by_key(|p| p.line);
    release.front.dedup_by_key(|p| p.line);
    if reading.found.edition == Source::Unknown
        && kind == ReleaseKind::Rulebook
        && numbered_like_first_editions(&reading.release.entries)
    {
        reading.found.edition = Source::NumberedSections;
        reading.release.edition = Edition::First;
        for entry in &mut reading.release.entries {
            entry.edition = Edition::First;
        }
    }
    // A base whose title block holds no title line of the reader's (the
    // banners, then `GLOSSARY`) is named by what it is, in its edition
    // where that is known: "First Edition Glossary", not "1E rulings".
    let release = &mut reading.release;
    // A title a copy ran its tabs and version onto ("… RULEBOOK - BASIC
    // RULES - ADVANCED RULES Version 2.5.6 — June 2024") is its name before
    // the first tab.
    if let Some((name, _)) = release
        .title
        .split_once(" - ")
        .filter(|(name, _)| super::about::base_kind(&name.to_lowercase()) == Some(kind))
    {
        release.title = name.trim().to_string();
    }
    if release.title == format!("{} rulings", release.edition) {
        let name = match kind {
            ReleaseKind::Glossary => Some("Glossary"),
            ReleaseKind::Rulebook => Some("Rulebook"),
            ReleaseKind::Compendium => Some("Rules Compendium"),
            ReleaseKind::OrganizedPlayGuide => Some("Organized Play Guide"),
            ReleaseKind::InterimRuling => Some("Interim Organized Play Ruling"),
            _ => None,
        };
        if let Some(name) = name {
            release.title = match (&reading.found.edition, release.edition) {
                (Source::Unknown, _) => name.to_string(),
                (_, Edition::First) => format!("First Edition {name}"),
                (_, Edition::Second) => format!("Second Edition {name}"),
            };
        }
    }
    Ok((reading, counts))
}

/// The fewest sections numbered within chapters (`1.1`, `7.4.2`) that tell
/// a Rulebook of First Edition's shape.
const MIN_NUMBERED_SECTIONS: usize = 3;

/// Whether a Rulebook that names no edition is set as First Edition's is:
/// sections numbered within chapters (`ABOUT THIS GAME (1.1)`, `7.4.2:
/// Personnel Battle`). Second Edition's Rulebook heads its sections by
/// name alone ("IMPORTANT CONCEPTS", "Moving a Ship"), and says "Second
/// Edition" on its cover.
fn numbered_like_first_editions(entries: &[Entry]) -> bool {
    entries
        .iter()
        .filter(|e| {
            LEADING_NUMBER
                .captures(&e.topic)
                .is_some_and(|c| c[1].contains('.'))
        })
        .count()
        >= MIN_NUMBERED_SECTIONS
}

/// A line that prints a date and nothing else ("# 10/3/22", "(3 October
/// 2022)").
fn date_alone(line: &str) -> bool {
    let dates = crate::dates::find_dates(line);
    if dates.is_empty() {
        return false;
    }
    let mut rest = line.to_string();
    for (start, end, _) in dates.iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    rest.chars()
        .all(|c| c.is_whitespace() || matches!(c, '#' | '*' | '_' | '(' | ')' | ',' | '.'))
}

#[cfg(test)]
mod tests;
