//! A printer's numbering of entries, taken off before the document is read.
//!
//! Takes a document's text; gives it back with the numbers a producer put in
//! front of every entry head ("2.14 Borg – …", "1.3 Cloaking") and of its
//! parts ("2. Glossary") removed, so that topics read as the document names
//! them. Each line keeps its place, so citations still point to the line
//! printed.
//!
//! A number is a printer's when the numbers of the document count its
//! heads: "part.entry", the entries of each part numbered 1, 2, 3 … with
//! hardly a gap. A base's section numbers do not count that way ("4.2:
//! Mission Phase", "6.3.1 DUPLICATION AND PERSONAS", "7.5 Damage and
//! Repairs" stand alone, three levels deep or far from 1) and stay; where
//! a printer numbered such a head too ("3.2 6.3.1 DUPLICATION …"), only its
//! own first number goes. A list counter a printer set before every head
//! ("2. ABOUT THIS GAME (1.1)", "5. 2: CARD TYPES") is the printer's too
//! where the heads print numbers of their own: a document does not number
//! its heads twice.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;

/// A head's lead (heading marks, bold, a new marker) and then "part.entry "
/// as the first words of the line.
static ENTRY_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:\*\s*|new!?\s+|\[new\]\s*|\(new\)\s*)?(?:\*\*|__)?)(\d{1,3})\.(\d{1,3})\.?(\*\*|__)?[ \t]+[^\s.:]",
    )
    .expect("valid regex")
});
/// A part heading numbered by the printer: "2. Glossary", "## 1. Temporary
/// Rulings", "## 2. 1 INTRODUCTION" (a base's own chapter under it).
static PART_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*)(\d{1,3})\.[ \t]+[A-Za-z0-9]")
        .expect("valid regex")
});

/// A section head that prints its own number of two parts or more, before
/// its title ("2.1 PERSONNEL", "4.2: Mission Phase") or after it in
/// brackets ("ABOUT THIS GAME (1.1)", "Moving ships (4.2.1)").
static OWN_SECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\d{1,2}(?:\.\d{1,2}){1,4}[:.]?[ \t]+[A-Z][A-Za-z ,'&-]*|[A-Z][A-Za-z ,'&-]*?\s*\(\d{1,2}(?:\.\d{1,2}){1,4}\))$")
        .expect("valid regex")
});

/// A chapter heading of the document's own: its number, then a title in
/// capitals ("1: INTRODUCTION", "**7 BATTLE**"), alone or with its first
/// sentence run in as pasted text prints it ("2: CARD TYPES Every card …").
static OWN_CHAPTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(\d{1,2}):?[ \t]+([A-Z][A-Z ,'&-]*[A-Z])\s*(?:\*\*|__)?(?:\s*$|\s+[A-Z][a-z])")
        .expect("valid regex")
});

/// A chapter heading of the document's own with its number after its
/// title in brackets ("CARD TYPES (2)", "## Card Types (2)"): in
/// capitals, or set apart as a heading or in bold.
static OWN_CHAPTER_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(#{1,6}\s*)?(\*\*|__)?\s*([A-Z][A-Za-z ,'&-]*[A-Za-z])\s*\((\d{1,2})\)\s*(?:\*\*|__)?\s*$")
        .expect("valid regex")
});

/// The number of a chapter the document titles itself, number first
/// ("2: CARD TYPES") or after its title ("CARD TYPES (2)").
fn own_chapter(line: &str) -> Option<u32> {
    if let Some(c) = OWN_CHAPTER.captures(line) {
        return (!super::lines::is_part_name(c[2].trim()))
            .then(|| c[1].parse().ok())
            .flatten();
    }
    let c = OWN_CHAPTER_AFTER.captures(line)?;
    let title = c[3].trim();
    let capitals = !title.chars().any(char::is_lowercase);
    let set_apart = c.get(1).is_some() || c.get(2).is_some();
    ((capitals || set_apart) && !super::lines::is_part_name(title))
        .then(|| c[4].parse().ok())
        .flatten()
}

/// Whether a head prints a number of its own: a chapter's ("1:
/// INTRODUCTION", "CARD TYPES (2)") or a section's ("2.1 PERSONNEL",
/// "ABOUT THIS GAME (1.1)").
fn numbers_itself(head: &str) -> bool {
    let bare = head.trim().trim_matches(['*', '_']).trim();
    own_chapter(bare).is_some() || OWN_SECTION.is_match(bare)
}

/// The most words a numbered part heading has.
const MAX_PART_WORDS: usize = 6;
/// Fewest numbered heads that make a numbering.
const MIN_NUMBERED: usize = 3;
/// The share of 1..=highest a part's entry numbers must fill to count.
const FILLED: f64 = 0.8;
/// The share of numbered heads that must sit in parts that count.
const COUNTING: f64 = 0.8;

/// `text` without its printer's numbering, or as it is when it has none.
pub fn without_printed_numbers(text: &str) -> Cow<'_, str> {
    // A chapter the document titles itself ("2: CARD TYPES", "## 3 THE
    // SEED PHASE", "CARD TYPES (2)") numbers its own sections (2.1, 2.2, 2.3): they count as
    // a printer's would, and are the document's.
    let chapters: BTreeSet<u32> = text.lines().filter_map(own_chapter).collect();
    let numbered: Vec<(u32, u32)> = text
        .lines()
        .filter_map(|line| entry_number(line).map(|(_, part, entry)| (part, entry)))
        .filter(|(part, _)| !chapters.contains(part))
        .collect();
    // The parts whose entries the printer numbered, with every part
    // heading it numbered; or, where no entry is numbered, the counter it
    // set before heads that number themselves (their sections' numbers,
    // "2.1 PERSONNEL", are the document's).
    let (entries, parts) = match counting_parts(&numbered) {
        counted if counted.is_empty() => (BTreeSet::new(), counter_over_own_numbers(text)),
        mut counted => {
            counted.extend(numbered_parts(text, &counted));
            (counted.clone(), counted)
        }
    };
    if parts.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if let Some((end, _, _)) = entry_number(line).filter(|(_, p, _)| entries.contains(p)) {
            out.push_str(&line[..end.0]);
            out.push_str(&line[end.1..]);
        } else if let Some(c) = PART_NUMBER.captures(line).filter(|c| {
            c[2].parse().is_ok_and(|n: u32| parts.contains(&n))
                && is_part_heading(&line[c.get(2).map_or(0, |m| m.end()) + 1..])
        }) {
            let lead = c.get(1).map_or(0, |m| m.end());
            let number_end = c.get(2).map_or(lead, |m| m.end()) + 1;
            out.push_str(&line[..lead]);
            out.push_str(line[number_end..].trim_start_matches([' ', '\t']));
        } else {
            out.push_str(line);
        }
    }
    Cow::Owned(out)
}

/// The numbers of every part heading the printer numbered, entries or
/// not ("2. 1 INTRODUCTION" between "1. Temporary Rulings" and "3. 4 TURN
/// SEQUENCE", whose entries the printer left unnumbered): where the part
/// headings count 1, 2, 3 … once each, in order, up to the counted parts
/// at least, each is the printer's. A numbered list in a body repeats or
/// breaks that count, and then only the counted parts' numbers go.
fn numbered_parts(text: &str, counted: &BTreeSet<u32>) -> Vec<u32> {
    let numbers: Vec<u32> = part_numbers(text).map(|(n, _)| n).collect();
    let counts = numbers.iter().zip(1..).all(|(&n, i)| n == i);
    let reaches = numbers.len() as u32 >= counted.iter().max().copied().unwrap_or(0);
    if counts && reaches {
        numbers
    } else {
        Vec::new()
    }
}

/// The counter a printer set before every head of a document whose heads
/// number themselves ("1. 1: INTRODUCTION", "2. ABOUT THIS GAME (1.1)", "3.
/// ABOUT THIS RULEBOOK (1.2)", as a word processor's list numbering prints
/// them): where the heads' counters count 1, 2, 3 … once each, in order,
/// and most of the heads print a number of their own, every counter is
/// the printer's. A document's own numbered parts ("1. Temporary Rulings",
/// "2. Glossary") print no second number and stay.
fn counter_over_own_numbers(text: &str) -> BTreeSet<u32> {
    let heads: Vec<(u32, bool)> = part_numbers(text).collect();
    let counts = heads.iter().zip(1..).all(|(&(n, _), i)| n == i);
    let own = heads.iter().filter(|(_, own)| *own).count();
    if counts && own >= MIN_NUMBERED && own * 2 >= heads.len() {
        heads.iter().map(|(n, _)| *n).collect()
    } else {
        BTreeSet::new()
    }
}

/// The number before each part heading the text prints, in order, and
/// whether the heading numbers itself as well.
fn part_numbers(text: &str) -> impl Iterator<Item = (u32, bool)> + '_ {
    text.lines().filter_map(|line| {
        let c = PART_NUMBER.captures(line)?;
        let rest = &line[c.get(2).map_or(0, |m| m.end()) + 1..];
        let n = c[2].parse().ok()?;
        is_part_heading(rest).then(|| (n, numbers_itself(rest)))
    })
}

/// A part heading after a printer's number: a part's name, or a head with
/// a number of its own.
fn is_part_heading(rest: &str) -> bool {
    is_part_name(rest) || numbers_itself(rest)
}

/// A part's name is a few words and no sentence ("1. The attacking player
/// announces." is a list item). A colon may part a label from its title
/// where every word is capitalized, as a title's are ("APPENDIX A:
/// ERRATA", "Chapter 3: Combat"); a list item's colon runs on into words
/// in lower case ("1. Draw: take a card").
fn is_part_name(rest: &str) -> bool {
    let rest = rest.trim().trim_end_matches(['*', '_']).trim_end();
    let titled = |s: &str| {
        s.split_whitespace()
            .all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()))
    };
    let labelled = match rest.split_once(':') {
        Some((label, title)) => {
            !title.trim().is_empty() && !title.contains(':') && titled(label) && titled(title)
        }
        None => true,
    };
    rest.split_whitespace().count() <= MAX_PART_WORDS
        && labelled
        && !rest.contains(['.', '–', '—', ';', ','])
}

/// The byte range of a line's entry number (with the space after it), its
/// part and its entry.
fn entry_number(line: &str) -> Option<((usize, usize), u32, u32)> {
    let c = ENTRY_NUMBER.captures(line)?;
    let mut start = c.get(1).map_or(0, |m| m.end());
    // A number set bold on its own (`**1.30** ◆**Nebula** –`) goes with
    // its marks.
    if let Some(close) = c.get(4) {
        if line[..start].ends_with(close.as_str()) {
            start -= close.len();
        } else {
            return None;
        }
    }
    let whole = c.get(0)?;
    // The match ends on the first character of the topic.
    let last = line[..whole.end()].char_indices().last()?.0;
    Some(((start, last), c[2].parse().ok()?, c[3].parse().ok()?))
}

/// The parts whose entries a printer numbered, or none when the numbers do
/// not count heads.
fn counting_parts(numbered: &[(u32, u32)]) -> BTreeSet<u32> {
    if numbered.len() < MIN_NUMBERED {
        return BTreeSet::new();
    }
    let mut by_part: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    let mut repeated = 0usize;
    for &(part, entry) in numbered {
        if !by_part.entry(part).or_default().insert(entry) {
            repeated += 1;
        }
    }
    let counting: BTreeSet<u32> = by_part
        .iter()
        .filter(|(_, entries)| {
            let highest = entries.iter().max().copied().unwrap_or(0);
            entry_count_fills(entries.len(), highest)
        })
        .map(|(part, _)| *part)
        .collect();
    let in_counting = numbered
        .iter()
        .filter(|(part, _)| counting.contains(part))
        .count();
    // A number given twice is not a count (a table of contents repeats
    // every number once, so it may at most double them).
    let share = in_counting as f64 / numbered.len() as f64;
    if in_counting >= MIN_NUMBERED && share >= COUNTING && repeated * 2 <= numbered.len() {
        counting
    } else {
        BTreeSet::new()
    }
}

fn entry_count_fills(distinct: usize, highest: u32) -> bool {
    highest > 0 && distinct as f64 >= FILLED * f64::from(highest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_set_bold_on_its_own_goes_with_its_marks() {
        let text =
            "**1.1 Alpha** – A.\n**1.2 Beta** – B.\n**1.3 Gamma** – D.\n**1.4** ◆**Nebula** – C.\n";
        let out = without_printed_numbers(text);
        assert!(out.contains("\n◆**Nebula** – C."), "{out}");
        assert!(!out.contains("1.4"), "{out}");
    }

    #[test]
    fn a_chapter_the_document_titles_numbers_its_own_sections() {
        let text = "## 2: CARD TYPES\n\n**2.1 PERSONNEL**\n\nText.\n\n**2.2 SHIPS**\n\nText.\n\n**2.3 EQUIPMENT**\n\nText.\n";
        assert_eq!(without_printed_numbers(text), text);
        let pasted = "2: CARD TYPES Every card has a type.\n2.1 PERSONNEL\nText.\n2.2 SHIPS Ships move.\n2.3 EQUIPMENT Equipment is carried.\n";
        assert_eq!(without_printed_numbers(pasted), pasted);
        // Its number after its title, and its sections' numbers with a
        // trailing dot, as a word processor's outline numbering prints them.
        let after = "## CARD TYPES (2)\n\n**2.1. Personnel**\n\nText.\n\n**2.2. Ships**\n\nText.\n\n**2.3. Equipment**\n\nText.\n";
        assert_eq!(without_printed_numbers(after), after);
        let bold = "**Card Types (2)**\n\n2.1. Personnel\n\nText.\n\n2.2. Ships\n\nText.\n\n2.3. Equipment\n\nText.\n";
        assert_eq!(without_printed_numbers(bold), bold);
        // A printer's numbering of a part keeps being taken off.
        let printed = "2. Glossary\n2.1 actions – A.\n2.2 battle – B.\n2.3 cloaking – C.\n";
        assert_eq!(
            without_printed_numbers(printed),
            "Glossary\nactions – A.\nbattle – B.\ncloaking – C.\n"
        );
    }

    #[test]
    fn numbers_that_count_entries_are_dropped() {
        let text = "1. Temporary Rulings\n\n1.1 forces – A force.\n1.2 unique dilemmas – Until.\n\n2. Glossary\n\n2.1 actions – step 1: initiation – The first.\n*2.2 Alien Parasites – This.\nNEW 2.3 battle\n\nBattle is fought.\n**2.4 Borg** – The Borg.\n";
        assert_eq!(
            without_printed_numbers(text),
            "Temporary Rulings\n\nforces – A force.\nunique dilemmas – Until.\n\nGlossary\n\nactions – step 1: initiation – The first.\n*Alien Parasites – This.\nNEW battle\n\nBattle is fought.\n**Borg** – The Borg.\n"
        );
    }

    #[test]
    fn numbers_out_of_reading_order_still_count() {
        // Columns read across: the count is a set, not a sequence.
        let text = "2.3 away team – A group.\n1.1 forces – A force.\n2.1 actions – Text.\n1.2 dilemmas – Text.\n2.2 Borg – Text.\n";
        assert_eq!(
            without_printed_numbers(text),
            "away team – A group.\nforces – A force.\nactions – Text.\ndilemmas – Text.\nBorg – Text.\n"
        );
    }

    #[test]
    fn a_bases_section_numbers_stay() {
        let text = "4.2: Mission Phase\nText.\n6.3.1 DUPLICATION AND PERSONAS\nText.\n7.4.2: Personnel Battle\nText.\n7.5 Damage and Repairs\nText.\n";
        assert_eq!(without_printed_numbers(text), text);
        let pasted = "2: CARD TYPES Every card has a type.\n2.1 PERSONNEL\nText.\n2.2 SHIPS Ships move.\n2.3 EQUIPMENT Equipment is carried.\n";
        assert_eq!(without_printed_numbers(pasted), pasted);
        // Numbered by the printer as well: only the printer's number goes.
        let text = "3.1 4.2: Mission Phase\nText.\n3.2 6.3.1 DUPLICATION AND PERSONAS\nText.\n4.1 7.4.2: Personnel Battle\n4.2 7.5 Damage and Repairs\n";
        assert_eq!(
            without_printed_numbers(text),
            "4.2: Mission Phase\nText.\n6.3.1 DUPLICATION AND PERSONAS\nText.\n7.4.2: Personnel Battle\n7.5 Damage and Repairs\n"
        );
    }

    #[test]
    fn every_part_the_printer_counted_loses_its_number() {
        // Parts 2 and 3 hold a base's own sections, which the printer left
        // unnumbered: their part numbers are the printer's all the same.
        let text = "## 1. Temporary Rulings\n\n**1.1 unique dilemmas** – Text.\n\n**1.2 forces** – Text.\n\n## 2. 1 INTRODUCTION\n\nText.\n\n## 3. 4 TURN SEQUENCE\n\nText.\n\n## 4. Glossary\n\n**4.1 become** – Text.\n\n**4.2 points** – Text.\n";
        assert_eq!(
            without_printed_numbers(text),
            "## Temporary Rulings\n\n**unique dilemmas** – Text.\n\n**forces** – Text.\n\n## 1 INTRODUCTION\n\nText.\n\n## 4 TURN SEQUENCE\n\nText.\n\n## Glossary\n\n**become** – Text.\n\n**points** – Text.\n"
        );
        // A numbered list in a body breaks the count: its numbers stay.
        let text = "1. Temporary Rulings\n1.1 forces – A.\n1.2 dilemmas – B.\n1.3 points – C.\n3. Draw\n4. Face\n";
        assert_eq!(
            without_printed_numbers(text),
            "Temporary Rulings\nforces – A.\ndilemmas – B.\npoints – C.\n3. Draw\n4. Face\n"
        );
    }

    #[test]
    fn a_numbered_text_copy_reads_to_its_topics() {
        // A Glossary saved as text: numbered parts named on plain lines,
        // each followed at once by its first numbered entry.
        let text = "First Edition Glossary\n\n1 November 2021\n\n1. Temporary Rulings\n1.1 forces winning battles – Until further notice, a force wins.\n\n1.2 unique dilemmas – Until further notice, a dilemma.\n\n2. Glossary\n2.1 actions – step 1: initiation – The first step.\n\n2.2 Alien Parasites – This dilemma places parasites.\n\n2.3 away team – A group of personnel.\n";
        let reading = super::super::read_document("g.txt", text, 0).expect("read");
        let topics = super::super::topics_of(&reading);
        assert_eq!(
            topics,
            [
                "forces winning battles",
                "unique dilemmas",
                "actions – step 1: initiation",
                "Alien Parasites",
                "away team"
            ]
        );
        // The entry still cites the line printed.
        assert_eq!(reading.release.entries[0].line, 6);
    }

    #[test]
    fn a_counter_before_heads_that_number_themselves_is_the_printers() {
        let text = "## 1. 1: INTRODUCTION\n\nWelcome.\n\n## 2. ABOUT THIS GAME (1.1)\n\nText.\n\n## 3. 2: CARD TYPES\n\nText.\n\n## 4. 2.1 PERSONNEL\n\nText.\n\n## 5. Moving ships (2.1.1)\n\nText.\n\n## 6. GLOSSARY\n\nbattle – A fight.\n";
        assert_eq!(
            without_printed_numbers(text),
            "## 1: INTRODUCTION\n\nWelcome.\n\n## ABOUT THIS GAME (1.1)\n\nText.\n\n## 2: CARD TYPES\n\nText.\n\n## 2.1 PERSONNEL\n\nText.\n\n## Moving ships (2.1.1)\n\nText.\n\n## GLOSSARY\n\nbattle – A fight.\n"
        );
        // A document's own numbered parts print no second number: they stay.
        let own = "1. Temporary Rulings\nforces – A.\n2. Glossary\nbattle – B.\n3. Errata\nQ-Flash – C.\n";
        assert_eq!(without_printed_numbers(own), own);
        // A part labelled before a colon counts with the rest.
        let appendix = "## 1. 1: INTRODUCTION\n\nText.\n\n## 2. ABOUT THIS GAME (1.1)\n\nText.\n\n## 3. 4: TURN SEQUENCE\n\nText.\n\n## 4. GLOSSARY\n\n**4.1 battle** – A fight.\n\n**4.2 beaming** – See 4.2.2.\n\n## 5. APPENDIX A: ERRATA\n\n**5.1 Q-Flash (Q-Continuum)** – Seed one.\n\n## 6. Appendix B: Change Log\n\nAugust 2026: Revised.\n";
        assert_eq!(
            without_printed_numbers(appendix),
            "## 1: INTRODUCTION\n\nText.\n\n## ABOUT THIS GAME (1.1)\n\nText.\n\n## 4: TURN SEQUENCE\n\nText.\n\n## GLOSSARY\n\n**battle** – A fight.\n\n**beaming** – See 4.2.2.\n\n## APPENDIX A: ERRATA\n\n**Q-Flash (Q-Continuum)** – Seed one.\n\n## Appendix B: Change Log\n\nAugust 2026: Revised.\n"
        );
        // A list item's colon runs on into a sentence: no part.
        let list = "1. Draw: take a card\n2. Face: meet a dilemma\n3. Score: add points\n";
        assert_eq!(without_printed_numbers(list), list);
        // A count broken (a head left out, or a list) is no printer's.
        let broken =
            "1. 1: INTRODUCTION\n2. ABOUT THIS GAME (1.1)\n4. 2: CARD TYPES\n5. 2.1 PERSONNEL\n";
        assert_eq!(without_printed_numbers(broken), broken);
    }

    #[test]
    fn numbers_in_prose_and_sparse_numbers_stay() {
        // Rule numbers cited at the start of lines, far from counting.
        let text = "2.5 and 2.9 apply here.\n4.7 Downloading – Text.\n9.2 Battle – Text.\n";
        assert_eq!(without_printed_numbers(text), text);
        let pasted = "2: CARD TYPES Every card has a type.\n2.1 PERSONNEL\nText.\n2.2 SHIPS Ships move.\n2.3 EQUIPMENT Equipment is carried.\n";
        assert_eq!(without_printed_numbers(pasted), pasted);
        // Two numbered lines are no numbering.
        let text = "1.1 forces – A force.\n1.2 dilemmas – Text.\n";
        assert_eq!(without_printed_numbers(text), text);
        let pasted = "2: CARD TYPES Every card has a type.\n2.1 PERSONNEL\nText.\n2.2 SHIPS Ships move.\n2.3 EQUIPMENT Equipment is carried.\n";
        assert_eq!(without_printed_numbers(pasted), pasted);
    }
}
