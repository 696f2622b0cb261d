//! What a document prints about its own structure, held against how it was
//! read: a table of contents names the heads the reading should have found,
//! and a numbering of sections (2.1, 2.2, 2.3) names the sections between
//! those read. A reading that accounts for less says so, with what is
//! missing; a document read whole says nothing.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::Reading;
use crate::topic::TopicKey;

/// How much of one kind of its own evidence a reading accounts for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Accounted {
    /// What the document lists: contents lines, or numbers of a sequence.
    pub listed: usize,
    /// How many of those the reading found as heads.
    pub found: usize,
    /// The first few not found, as the document prints them.
    pub missing: Vec<String>,
    /// The line the evidence starts on: the contents' first line, or the
    /// section read after the first gap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl Accounted {
    pub fn is_whole(&self) -> bool {
        self.found == self.listed
    }
}

/// A document's evidence about itself, where it prints any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// The heads its table of contents lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contents: Option<Accounted>,
    /// The numbers its numbered sections imply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Accounted>,
    /// The status lines a rule-change history prints, each a version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statuses: Option<Accounted>,
    /// The numbered section heads a base prints alone on their lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heads: Option<Accounted>,
    /// The cards a ban list counts ("the following 12 cards").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Accounted>,
}

impl Evidence {
    pub fn is_empty(&self) -> bool {
        self.contents.is_none()
            && self.numbering.is_none()
            && self.statuses.is_none()
            && self.heads.is_none()
            && self.cards.is_none()
    }

    /// A rule-change history's versions read, against the status lines it
    /// prints (its reader counts both, as the page is converted): more
    /// printed than read is versions missed, which the reader cannot name.
    pub fn with_history(mut self, versions: usize, printed: usize) -> Evidence {
        self.statuses = Some(Accounted {
            listed: printed.max(versions),
            found: versions,
            missing: Vec::new(),
            line: None,
        });
        self
    }
}

/// The kind of evidence a reading fell short of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shortfall {
    Contents,
    Numbering,
    StatusLines,
    Heads,
    Cards,
}

/// How many missing heads a warning names.
pub const MISSING_NAMED: usize = 5;
/// Fewest lines that make a table of contents.
const MIN_CONTENTS_LINES: usize = 3;
/// Fewest sections read under one parent that make a numbering.
const MIN_SIBLINGS: usize = 2;
/// The most words of a head a contents line names.
const CONTENTS_TITLE_WORDS: usize = 12;
/// The widest gap in a numbered sequence taken as sections missed: a
/// wider one is a numbering that skips on purpose, not a reading's miss.
const MAX_GAP: u32 = 9;
/// A contents block with no "Contents" head over it counts only where it
/// starts within this share of the document's lines.
const NEAR_START: f64 = 0.34;

/// A line of a table of contents: a head, optionally numbered, then dot
/// leaders (or a tab, or a run of spaces) and its page number
/// ("7.4.2 Personnel Battle ........ 45", "Glossary .... 120").
static CONTENTS_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:(\d{1,2}(?:\.\d{1,3})*)[.:]?\s+)?(\S.*?)\s*(?:(?:\.\s*){3,}|…+\s*|\t\s*|[ ]{2,})(\d{1,4})\s*$",
    )
    .expect("valid regex")
});

/// A title with its section's number after it in parentheses.
static NUMBER_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.*?\S)\s*\((\d{1,2}(?:\.\d{1,3})*)\)$").expect("valid regex"));

/// A section number at the start of a topic the reader made of a numbered
/// section ("7.4.2 Personnel Battle").
static SECTION_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2}(?:\.\d{1,3})+) ").expect("valid regex"));

/// One line of a table of contents.
struct ContentsLine {
    line: usize,
    number: Option<String>,
    title: String,
    page: u32,
}

impl ContentsLine {
    fn printed(&self) -> String {
        match &self.number {
            Some(n) => format!("{n} {}", self.title),
            None => self.title.clone(),
        }
    }
}

fn contents_line(no: usize, line: &str) -> Option<ContentsLine> {
    let c = CONTENTS_LINE.captures(line)?;
    let title = c[2].trim().trim_end_matches(['.', ' ']);
    // The number after the title, as the Rulebook's web page sets its
    // sections ("Personnel Battle (7.4.2)").
    let after = NUMBER_AFTER.captures(title);
    let number = c
        .get(1)
        .or_else(|| after.as_ref().and_then(|a| a.get(2)))
        .map(|m| m.as_str().to_string());
    let title = after
        .as_ref()
        .map_or(title, |a| a.get(1).map_or(title, |m| m.as_str()));
    let words = title.split_whitespace().count();
    let lettered = title.chars().any(char::is_alphabetic);
    (lettered && words <= CONTENTS_TITLE_WORDS).then(|| ContentsLine {
        line: no,
        number,
        title: title.to_string(),
        page: c[3].parse().unwrap_or(0),
    })
}

/// Whether a line heads a table of contents.
fn names_contents(line: &str) -> bool {
    matches!(
        TopicKey::new(line).as_str(),
        "contents" | "table of contents"
    )
}

/// The document's table of contents: the first run of contents lines
/// (blank lines between them) whose page numbers never go back, near the
/// start or under a "Contents" head.
fn table_of_contents(text: &str) -> Vec<ContentsLine> {
    let lines: Vec<&str> = text.lines().collect();
    let near = (lines.len() as f64 * NEAR_START) as usize;
    // A run counts where it is long enough, and under its head or near the
    // start.
    let counts = |run: &[ContentsLine], headed: bool| {
        run.len() >= MIN_CONTENTS_LINES && (headed || run.first().is_some_and(|c| c.line <= near))
    };
    let mut headed = false;
    let mut run: Vec<ContentsLine> = Vec::new();
    let mut run_headed = false;
    for (i, line) in lines.iter().enumerate() {
        let ok = contents_line(i + 1, line)
            .filter(|c| run.last().is_none_or(|last| c.page >= last.page));
        match ok {
            Some(c) => {
                if run.is_empty() {
                    run_headed = headed;
                }
                run.push(c);
            }
            None if line.trim().is_empty() => continue,
            None => {
                if counts(&run, run_headed) {
                    return run;
                }
                run.clear();
                // A line that starts a new run of its own starts it afresh.
                if let Some(c) = contents_line(i + 1, line) {
                    run_headed = headed;
                    run.push(c);
                }
            }
        }
        headed = names_contents(line);
    }
    if counts(&run, run_headed) {
        run
    } else {
        Vec::new()
    }
}

/// A title that is one letter, as a Glossary's contents lists its
/// alphabet ("A .... 5"), in capitals.
fn single_letter(title: &str) -> Option<char> {
    let mut chars = title.chars();
    let letter = chars.next().filter(|c| c.is_alphabetic())?;
    chars
        .next()
        .is_none()
        .then(|| letter.to_uppercase().next().unwrap_or(letter))
}

/// The number of a section the reader read, from its topic.
fn section_number(topic: &str) -> Option<Vec<u32>> {
    let c = SECTION_NUMBER.captures(topic)?;
    c[1].split('.').map(|n| n.parse().ok()).collect()
}

fn dotted(number: &[u32]) -> String {
    number
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// What the reading found as heads: the keys of its topics (with and
/// without a section's number), its sidebars' names and its parts; and
/// apart, the single lines of its front matter (where a chapter's head or
/// a part's name is kept), but for the lines in `skip`.
fn heads_read(reading: &Reading, skip: &HashSet<usize>) -> (HashSet<TopicKey>, HashSet<TopicKey>) {
    let release = &reading.release;
    let mut keys = HashSet::new();
    for e in &release.entries {
        keys.insert(TopicKey::new(&e.topic));
        if let Some(m) = SECTION_NUMBER.find(&e.topic) {
            keys.insert(TopicKey::new(&e.topic[m.end()..]));
        }
        if let Some(s) = &e.subtopic {
            keys.insert(TopicKey::new(s));
        }
        if let Some(s) = &e.section {
            keys.insert(TopicKey::new(s));
        }
    }
    let mut front = HashSet::new();
    for p in &release.front {
        for (k, line) in p.text.split('\n').enumerate() {
            if !skip.contains(&(p.line + k)) {
                front.insert(TopicKey::new(line));
            }
        }
    }
    (keys, front)
}

/// The document's contents held against the heads read.
fn contents(text: &str, reading: &Reading) -> Option<Accounted> {
    let listed = table_of_contents(text);
    if listed.is_empty() {
        return None;
    }
    let skip: HashSet<usize> = listed.iter().map(|c| c.line).collect();
    let (heads, front) = heads_read(reading, &skip);
    let numbers: HashSet<String> = reading
        .release
        .entries
        .iter()
        .filter_map(|e| section_number(&e.topic))
        .map(|n| dotted(&n))
        .collect();
    let initials: HashSet<char> = reading
        .release
        .entries
        .iter()
        .filter_map(|e| e.topic.chars().next().filter(|c| c.is_alphabetic()))
        .flat_map(char::to_uppercase)
        .collect();
    // A numbered section (7.4.2) is found as an entry; a chapter or a
    // part may be found as a line of the front matter too.
    let found = |c: &ContentsLine| {
        let section = c.number.as_ref().is_some_and(|n| n.contains('.'));
        let head = |keys: &HashSet<TopicKey>| {
            keys.contains(&TopicKey::new(&c.title)) || keys.contains(&TopicKey::new(&c.printed()))
        };
        // A letter of the alphabet lists the entries under it.
        let letter = single_letter(&c.title).is_some_and(|l| initials.contains(&l));
        names_contents(&c.title)
            || letter
            || head(&heads)
            || (!section && head(&front))
            || c.number.as_ref().is_some_and(|n| numbers.contains(n))
    };
    let missing: Vec<&ContentsLine> = listed.iter().filter(|c| !found(c)).collect();
    Some(Accounted {
        listed: listed.len(),
        found: listed.len() - missing.len(),
        missing: missing
            .iter()
            .take(MISSING_NAMED)
            .map(|c| c.printed())
            .collect(),
        line: Some(listed[0].line),
    })
}

/// The numbered sections read, held against the sequence their numbers
/// imply: siblings under one parent go 1, 2, 3 with no gap between two
/// read. A number with a zero in it (4.2.0.3, a sidebar's) is no part of a
/// sequence. A section read without its parent (7.4.2 with no 7.4) is no
/// evidence: a Compendium prints the sections it quotes, not their
/// parents, and where the first or last of a run is missed nothing shows.
fn numbering(reading: &Reading) -> Option<Accounted> {
    let mut read: BTreeMap<Vec<u32>, usize> = BTreeMap::new();
    for e in reading
        .release
        .entries
        .iter()
        .filter(|e| e.subtopic.is_none() && e.section.as_deref() == Some("Rulebook"))
    {
        if let Some(n) = section_number(&e.topic).filter(|n| !n.contains(&0)) {
            read.entry(n).or_insert(e.line);
        }
    }
    let mut siblings: BTreeMap<&[u32], BTreeSet<u32>> = BTreeMap::new();
    for n in read.keys() {
        let (last, parent) = n.split_last().expect("two parts or more");
        siblings.entry(parent).or_default().insert(*last);
    }
    // A numbering is a run of siblings: sections that stand alone under
    // their parents (4.2, 6.3.1, 7.4.2 quoted) imply no others.
    if siblings.values().all(|lasts| lasts.len() < MIN_SIBLINGS) {
        return None;
    }
    // Each number missed, and the line of the section read after it.
    let mut missed: BTreeMap<Vec<u32>, usize> = BTreeMap::new();
    for (parent, lasts) in &siblings {
        let lasts: Vec<u32> = lasts.iter().copied().collect();
        for pair in lasts.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if b - a > 1 && b - a <= MAX_GAP {
                let mut after = parent.to_vec();
                after.push(b);
                for gap in a + 1..b {
                    let mut n = parent.to_vec();
                    n.push(gap);
                    missed.insert(n, read[&after]);
                }
            }
        }
    }
    Some(Accounted {
        listed: read.len() + missed.len(),
        found: read.len(),
        missing: missed
            .keys()
            .take(MISSING_NAMED)
            .map(|n| dotted(n))
            .collect(),
        line: missed.values().min().copied(),
    })
}

/// A numbered section's head alone on its line as a base prints it: its
/// title in capitals and its number after it in brackets (`MOVING SHIPS
/// (4.2.1)`), or its number and then its title (`4.2.1 MOVING SHIPS`,
/// `7.4.2: Personnel Battle`). A list number a producer set before it
/// (`2. ABOUT THIS GAME (1.1)`) and heading or bold marks are no part of
/// it.
static PRINTED_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:#{1,6}\s*)?(?:\*\*)?\s*(?:\d{1,3}\.\s+)?(?:[A-Z][A-Z ,'&-]{2,60}?\s*\((\d{1,2}(?:\.\d{1,2}){1,4})\)|(\d{1,2}(?:\.\d{1,2}){1,4})[:.]?\s+[A-Z][A-Za-z ,'&-]{2,60})\s*(?:\*\*)?\s*$",
    )
    .expect("valid regex")
});
/// A section number anywhere in a topic read.
static ANY_SECTION_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\d{1,2}(?:\.\d{1,2}){1,4}\b").expect("valid regex"));
/// Fewest numbered heads a base must print for them to be evidence.
const MIN_PRINTED_HEADS: usize = 3;

/// The numbered section heads a base prints on lines of their own (not in
/// its contents), held against the sections read: a head printed and not
/// read is a section folded into another, or lost.
fn printed_heads(text: &str, reading: &Reading) -> Option<Accounted> {
    if !reading.release.kind.is_base() {
        return None;
    }
    let contents: HashSet<usize> = table_of_contents(text).iter().map(|c| c.line).collect();
    let mut printed: BTreeMap<Vec<u32>, (usize, String)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if contents.contains(&(i + 1)) {
            continue;
        }
        let Some(c) = PRINTED_HEAD.captures(line) else {
            continue;
        };
        let Some(number) = c.get(1).or(c.get(2)) else {
            continue;
        };
        let Some(n) = number
            .as_str()
            .split('.')
            .map(|p| p.parse().ok())
            .collect::<Option<Vec<u32>>>()
        else {
            continue;
        };
        // A sidebar's number (4.2.0.3) heads no section.
        if !n.contains(&0) {
            printed.entry(n).or_insert((
                i + 1,
                line.trim()
                    .trim_start_matches('#')
                    .trim()
                    .trim_matches('*')
                    .trim()
                    .to_string(),
            ));
        }
    }
    if printed.len() < MIN_PRINTED_HEADS {
        return None;
    }
    let read: HashSet<&str> = reading
        .release
        .entries
        .iter()
        .flat_map(|e| ANY_SECTION_NUMBER.find_iter(&e.topic).map(|m| m.as_str()))
        .collect();
    let missing: Vec<&(usize, String)> = printed
        .iter()
        .filter(|(n, _)| !read.contains(dotted(n).as_str()))
        .map(|(_, at)| at)
        .collect();
    Some(Accounted {
        listed: printed.len(),
        found: printed.len() - missing.len(),
        missing: missing
            .iter()
            .take(MISSING_NAMED)
            .map(|(_, printed)| printed.clone())
            .collect(),
        line: missing.iter().map(|(line, _)| *line).min(),
    })
}

/// The document's evidence about itself, held against its reading. `text`
/// is the text the reading was made from.
pub fn evidence(text: &str, reading: &Reading) -> Evidence {
    Evidence {
        contents: contents(text, reading),
        numbering: numbering(reading),
        statuses: None,
        heads: printed_heads(text, reading),
        cards: counted_cards(text, reading),
    }
}

/// The cards a ban list says it lists ("the following 12 cards are
/// banned"), held against the cards read under each count.
fn counted_cards(text: &str, reading: &Reading) -> Option<Accounted> {
    if reading.release.kind != crate::model::ReleaseKind::BanList {
        return None;
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let counted = super::ban_list::read_lists(&lines, 0, lines.len(), "").counted;
    if counted.is_empty() {
        return None;
    }
    Some(Accounted {
        listed: counted.iter().map(|&(count, _, _)| count).sum(),
        found: counted
            .iter()
            .map(|&(count, read, _)| read.min(count))
            .sum(),
        missing: Vec::new(),
        line: counted
            .iter()
            .filter(|&&(count, read, _)| read < count)
            .map(|&(_, _, line)| line)
            .min(),
    })
}

/// The sentence of a reading short of its evidence: "read short of its
/// contents: 14 of 16 heads its contents list were found; missing: …".
pub fn shortfall(evidence: Shortfall, found: usize, listed: usize, missing: &[String]) -> String {
    let (what, listing) = match evidence {
        Shortfall::Contents => ("contents", "heads its contents list were found"),
        Shortfall::Numbering => ("numbering", "sections its numbers imply were read as heads"),
        Shortfall::StatusLines => (
            "status lines",
            "status lines it prints were read as versions",
        ),
        Shortfall::Heads => (
            "section heads",
            "numbered heads it prints on lines of their own were read as sections",
        ),
        Shortfall::Cards => ("card counts", "cards its lists count were read"),
    };
    let unnamed = listed.saturating_sub(found).saturating_sub(missing.len());
    let more = if unnamed > 0 {
        format!(" and {unnamed} more")
    } else {
        String::new()
    };
    if missing.is_empty() {
        return format!(
            "read short of its {what}: {found} of {listed} {listing}; {} not read",
            listed.saturating_sub(found)
        );
    }
    format!(
        "read short of its {what}: {found} of {listed} {listing}; missing: {}{more}",
        missing.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::table_of_contents;

    #[test]
    fn a_contents_is_a_run_of_heads_with_their_pages_in_order() {
        let text = "Rulebook\n\nContents\n\n1 Introduction ....... 3\n1.1 About This Game ....... 3\n\n2 Card Types\t5\nGlossary  120\n\n1 INTRODUCTION\n";
        let listed = table_of_contents(text);
        let printed: Vec<String> = listed.iter().map(|c| c.printed()).collect();
        assert_eq!(
            printed,
            [
                "1 Introduction",
                "1.1 About This Game",
                "2 Card Types",
                "Glossary"
            ]
        );
        let lines: Vec<usize> = listed.iter().map(|c| c.line).collect();
        assert_eq!(lines, [5, 6, 8, 9]);
        // A number after the title is its number all the same.
        let after = table_of_contents(
            "Contents\nPersonnel Battle (7.4.2) .... 45\nShip Battle (7.4.3) .... 47\nA .... 50\n",
        );
        let numbers: Vec<Option<&str>> = after.iter().map(|c| c.number.as_deref()).collect();
        assert_eq!(numbers, [Some("7.4.2"), Some("7.4.3"), None]);
        assert_eq!(after[0].title, "Personnel Battle");
    }

    #[test]
    fn lines_ending_in_numbers_are_no_contents_unless_their_pages_run_on() {
        // Pages that go back are no contents: a table of scores, a list.
        let scores = "Title\n\nAlpha Squadron   30\nBeta Squadron   12\nGamma Squadron   4\n";
        assert!(table_of_contents(scores).is_empty());
        // Two lines are no contents.
        let two = "Title\n\nIntroduction .... 3\nBattle .... 40\n\nText follows here.\n";
        assert!(table_of_contents(two).is_empty());
        // Far from the start, and under no "Contents" head: no contents.
        let mut late = "A sentence of the text.\n".repeat(20);
        late.push_str("Alpha .... 1\nBeta .... 2\nGamma .... 3\n");
        assert!(table_of_contents(&late).is_empty());
        // Under its head it is one, wherever it falls.
        let mut headed = "A sentence of the text.\n".repeat(20);
        headed.push_str("Contents\nAlpha .... 1\nBeta .... 2\nGamma .... 3\n");
        assert_eq!(table_of_contents(&headed).len(), 3);
    }
}
