//! Amendments applied: a base document's text (a Glossary entry, a Rulebook
//! section) and the later rulings that amend it in, the text in force out.
//!
//! A rulings document amends by instruction ("In the third paragraph,
//! delete:", "Replace the first sentence of the final paragraph with the
//! following", "Add the following bullet point"). Each instruction is read
//! into a [`Target`] — which paragraph, which sentence, which bullet, which
//! words — and applied by one general rule per target. An instruction whose
//! target is not found exactly once (the words are not there, the entry has
//! fewer paragraphs, a part is named too loosely to find) is not applied:
//! the step says why, and the text stays as it was. Nothing is guessed.
//!
//! Paragraphs are the blank-line separated blocks of an entry that are not
//! lists; bullet points are the lines of a list (`- `, `* `, `• `). The
//! ordinals of one amendment name the parts of the text as it stood before
//! that amendment (an entry that adds after the tenth paragraph and then
//! replaces the eleventh means the eleventh it was given).

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

/// What an instruction points at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub enum Target {
    /// The whole entry ("Replace this entry with the following", "Revise
    /// as follows", a reprint with no instruction).
    Entry,
    /// Paragraphs by ordinal ("Replace the fourth and fifth paragraphs").
    Paragraphs { paragraphs: Vec<Ordinal> },
    /// A sentence of a paragraph.
    Sentence {
        sentence: Ordinal,
        paragraph: Ordinal,
    },
    /// A bullet point of the entry, counted over all its lists.
    Bullet { bullet: Ordinal },
    /// The paragraph of a named subsection ("the first paragraph of the
    /// *Objectives* subsection").
    Subsection { name: String, paragraph: Ordinal },
    /// Before the paragraph that begins with a name.
    BeforeNamed { name: String },
    /// After a paragraph by ordinal.
    AfterParagraph { paragraph: Ordinal },
    /// A new bullet point, at the end of the list under a named part, or of
    /// the entry's last list.
    NewBullet { section: Option<String> },
    /// At the end of the entry.
    End,
    /// Words to strike from a paragraph.
    Words { paragraph: Ordinal },
    /// A part named too loosely to find ("the first portion of this
    /// entry").
    Unclear,
    /// Words that read as no instruction this tool knows.
    Unread,
}

/// A place in order: the n-th (from 1), the last, or the n-th from the
/// end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ordinal {
    Nth(usize),
    Last,
    /// Counted from the end: 2 is the second-to-last (the penultimate).
    FromLast(usize),
}

/// What to do at the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Replace,
    Insert,
    Delete,
}

/// One instruction as printed, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Instruction {
    /// The instruction's words as printed.
    pub statement: String,
    pub action: Action,
    pub target: Target,
    /// The text it gives (new text, or the words to delete).
    pub text: String,
}

/// Why an instruction was not applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Failure {
    /// The words to delete are not in the paragraph.
    WordsNotFound,
    /// The words to delete are in the paragraph more than once.
    WordsTwice,
    /// The entry has fewer paragraphs (sentences, bullet points) than named.
    Missing { have: usize },
    /// No paragraph begins with the name given.
    NameNotFound,
    /// The part is named too loosely to find.
    Unclear,
    /// The amendment gives no text to put in.
    NoText,
    /// The amendment reads as no instruction this tool knows.
    NoInstruction,
}

/// One instruction's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    pub instruction: Instruction,
    /// `None` when applied.
    pub failure: Option<Failure>,
    /// The words it took out, and put in.
    pub removed: String,
    pub added: String,
}

/// Ordinal words: the units, the teens, the tens (alone and as the first
/// word of a compound, "twenty-first").
const UNITS: [&str; 9] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
];
const TEENS: [&str; 10] = [
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
];
const TENTHS: [&str; 8] = [
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
];
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Every form of an ordinal an instruction may name a part by, as a
/// pattern without groups: a number in words or figures, counted from the
/// start or from the end ("second-to-last", "penultimate"), or the last.
static ORD: LazyLock<String> = LazyLock::new(|| {
    let sep = r"[\s\-–]+";
    let number = format!(
        r"(?:{tens}){sep}(?:{units})|{tenths}|{teens}|{units}|\d+(?:st|nd|rd|th)",
        tens = TENS.join("|"),
        units = UNITS.join("|"),
        tenths = TENTHS.join("|"),
        teens = TEENS.join("|"),
    );
    format!(
        r"(?:{number}){sep}(?:to{sep}(?:the{sep})?last|from{sep}(?:the{sep})?(?:last|end))|antepenultimate|penultimate|next{sep}to{sep}(?:the{sep})?last|last{sep}but{sep}one|{number}|last|final"
    )
});

static INSTRUCTION: LazyLock<Vec<(Regex, Kind)>> = LazyLock::new(|| {
    let r = |p: &str| Regex::new(&format!("(?i)^{}", p.replace("ORD", &ORD))).expect("valid regex");
    vec![
        (
            r(r"replace this entry with(?: the following)?\s*:?"),
            Kind::Entry,
        ),
        (r(r"revise (?:this entry )?as follows\s*:?"), Kind::Entry),
        (r(r"this entry is replaced with\s*:?"), Kind::Entry),
        (
            r(
                r"replace the (ORD) sentence of the (ORD) paragraph(?: of this entry)? with(?: the following)?\s*:?",
            ),
            Kind::Sentence,
        ),
        (
            r(r"replace the (ORD) paragraph of the (.+?) subsection with(?: the following)?\s*:?"),
            Kind::Subsection,
        ),
        (
            r(
                r"replace the (ORD)(?:,? and (ORD))? paragraphs? of this entry with(?: the following)?\s*:?",
            ),
            Kind::Paragraphs,
        ),
        (
            r(r"replace the (ORD) bullet point(?: of this entry)? with(?: the following)?\s*:?"),
            Kind::Bullet,
        ),
        (
            r(r"replace the (?:(?:ORD) )?(?:portion|part)\b.*?:"),
            Kind::Unclear,
        ),
        (
            r(r"add the following before the (.+?) paragraph(?: of this entry)?\s*:?"),
            Kind::BeforeNamed,
        ),
        (
            r(r"add the following after the (ORD) paragraph(?: of this entry)?\s*:?"),
            Kind::AfterParagraph,
        ),
        (
            r(r#"add the following bullet point to the (?:section|list) "?(.+?)"?\s*:?$"#),
            Kind::NewBulletIn,
        ),
        (r(r"add the following bullet point\s*:?"), Kind::NewBullet),
        (
            r(r"(?:also )?in the (ORD) paragraph,? delete\s*:?"),
            Kind::Words,
        ),
        (
            r(r"add (?:a new sidebar|the following)\b[^:]*:?"),
            Kind::End,
        ),
        // An instruction whose part is named in words none of the above
        // reads ("the paragraph beginning …", an ordinal misspelt): it is
        // said and not applied, and the text it gives is its own, never
        // read as the topic stated anew.
        (
            r(
                r"(?:also )?(?:replace|revise|delete|insert|remove|strike|change|add)\b[^:]*\b(?:paragraphs?|sentences?|bullet points?|entry|subsection|section)\b[^:]*:",
            ),
            Kind::Unread,
        ),
        (
            r(r"(?:also )?in the\b[^:]*\b(?:paragraph|sentence|bullet point)\b[^:]*:"),
            Kind::Unread,
        ),
    ]
});

/// Editorial paragraphs: they speak of the change, not the rules, and end
/// the text an instruction gives.
static EDITORIAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(clarifies\b|clarification that\b|this (clarifies|change|reverses|ruling)\b|there(?:'s| is| are) only\b|we (?:clarified|changed)\b|all other (?:sections|parts|paragraphs) of this entry remain)")
        .expect("valid regex")
});

/// An instruction being read: its kind, the parts its words named, its
/// statement, the paragraphs it gives, and whether an editorial paragraph
/// closed them.
type Open = (Kind, Vec<String>, String, Vec<String>, bool);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Entry,
    Sentence,
    Subsection,
    Paragraphs,
    Bullet,
    Unclear,
    BeforeNamed,
    AfterParagraph,
    NewBulletIn,
    NewBullet,
    Words,
    End,
    Unread,
}

/// The place an ordinal names, read exactly: `None` for a form that names
/// no place ("0th", "21th"), so that the instruction is not applied.
fn ordinal(word: &str) -> Option<Ordinal> {
    let w = word
        .to_lowercase()
        .replace(['-', '–'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    match w.as_str() {
        "last" | "final" => return Some(Ordinal::Last),
        "penultimate" | "next to last" | "next to the last" | "last but one" => {
            return Some(Ordinal::FromLast(2))
        }
        "antepenultimate" => return Some(Ordinal::FromLast(3)),
        _ => {}
    }
    for tail in [
        " to last",
        " to the last",
        " from last",
        " from the last",
        " from the end",
    ] {
        if let Some(n) = w.strip_suffix(tail) {
            return match number(n)? {
                1 => Some(Ordinal::Last),
                n => Some(Ordinal::FromLast(n)),
            };
        }
    }
    number(&w).map(Ordinal::Nth)
}

/// An ordinal number from 1, in words ("twenty first") or figures with
/// the suffix English gives it ("21st", not "21th").
fn number(w: &str) -> Option<usize> {
    let at = |list: &[&str], word: &str| list.iter().position(|x| *x == word);
    if let Some(i) = at(&UNITS, w) {
        return Some(i + 1);
    }
    if let Some(i) = at(&TEENS, w) {
        return Some(i + 10);
    }
    if let Some(i) = at(&TENTHS, w) {
        return Some(20 + 10 * i);
    }
    if let Some((tens, unit)) = w.split_once(' ') {
        return Some(20 + 10 * at(&TENS, tens)? + at(&UNITS, unit)? + 1);
    }
    let digits: String = w.chars().take_while(char::is_ascii_digit).collect();
    let n: usize = digits.parse().ok()?;
    let suffix = match (n % 100, n % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    (n >= 1 && w[digits.len()..] == *suffix).then_some(n)
}

/// The first sentence of a text, markup aside: how an unread instruction
/// is named.
pub fn first_words(text: &str) -> String {
    let plain = bare(text.split("\n\n").next().unwrap_or_default());
    match sentences(&plain).first() {
        Some(&(s, e)) => plain[s..e].to_string(),
        None => plain,
    }
}

/// An instruction about a sidebar set in brackets inside the text an
/// instruction gives ("[Update Sidebar: Clarifications: Multitargeting:
/// Revise the last sentence of the first paragraph: …]", "[New sidebar
/// here: SIDEBAR Reminder: … END SIDEBAR.]").
static BRACKETED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\[\s*(?:new sidebar|update sidebar|sidebar)\b[^\]]*\]").expect("valid regex")
});

/// The instructions set in brackets inside a given text: each is an
/// instruction of its own about another entry (a sidebar), which this
/// tool does not apply; the given text is applied as printed, and these
/// are said.
pub fn bracketed(given: &str) -> Vec<Instruction> {
    BRACKETED
        .find_iter(given)
        .map(|m| {
            let plain = bare(m.as_str());
            let words: Vec<&str> = plain.split_whitespace().take(12).collect();
            let mut statement = words.join(" ");
            if statement.len() < plain.len() {
                statement.push_str(" …");
            }
            Instruction {
                statement,
                action: Action::Replace,
                target: Target::Unread,
                text: String::new(),
            }
        })
        .collect()
}

/// The text a ruling that states its topic anew gives: its paragraphs up to
/// an editorial one ("There's only two functional change …"), which speaks
/// of the change rather than the rules.
pub fn restated(text: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for p in text.split("\n\n") {
        if !kept.is_empty() && EDITORIAL.is_match(&bare(p)) {
            break;
        }
        kept.push(p);
    }
    kept.join("\n\n")
}

/// Markup that does not change what an instruction says.
fn bare(text: &str) -> String {
    text.replace(['*', '_'], "").trim().to_string()
}

/// Reads the instructions of an amendment's text, each with the text it
/// gives. `None` when the text holds no instruction: it states its topic
/// anew.
pub fn instructions(text: &str) -> Option<Vec<Instruction>> {
    let paragraphs: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let mut out: Vec<Instruction> = Vec::new();
    let mut leading: Vec<String> = Vec::new();
    // (instruction, its given paragraphs, whether an editorial paragraph closed it)
    let mut open: Option<Open> = None;
    let finish = |open: Option<Open>, out: &mut Vec<Instruction>| {
        if let Some((kind, caps, statement, given, _)) = open {
            out.push(build(kind, &caps, statement, given));
        }
    };
    for p in paragraphs {
        let plain = bare(p);
        let found = INSTRUCTION.iter().find_map(|(re, kind)| {
            re.captures(&plain).map(|c| {
                let caps: Vec<String> = c
                    .iter()
                    .skip(1)
                    .map(|m| m.map_or(String::new(), |m| m.as_str().to_string()))
                    .collect();
                let end = c.get(0).map_or(0, |m| m.end());
                (
                    *kind,
                    caps,
                    plain[..end].trim().to_string(),
                    plain[end..].trim().to_string(),
                )
            })
        });
        match found {
            Some((kind, caps, statement, rest)) => {
                finish(open.take(), &mut out);
                let mut given = Vec::new();
                if !rest.is_empty() {
                    // The text on the instruction's own line, after its
                    // colon, with its markup.
                    let raw = match (statement.ends_with(':'), p.split_once(':')) {
                        (true, Some((_, after))) => after.trim().to_string(),
                        _ => rest.clone(),
                    };
                    given.push(raw);
                }
                open = Some((kind, caps, statement, given, false));
            }
            None => match &mut open {
                Some((kind, _, _, given, closed)) => {
                    let takes_one = *kind == Kind::Words;
                    if *closed || (takes_one && !given.is_empty()) {
                        continue;
                    }
                    if !given.is_empty() && EDITORIAL.is_match(&plain) {
                        *closed = true;
                        continue;
                    }
                    given.push(p.to_string());
                }
                None => leading.push(p.to_string()),
            },
        }
    }
    finish(open, &mut out);
    if out.is_empty() {
        // No instruction: the text states its topic anew.
        return None;
    }
    // Text before the first instruction is an instruction this tool does
    // not read ("Add the [SF] icon to the list."): it is said, not dropped.
    for (k, p) in leading.into_iter().enumerate() {
        out.insert(
            k,
            Instruction {
                statement: bare(&p),
                action: Action::Replace,
                target: Target::Unread,
                text: String::new(),
            },
        );
    }
    Some(out)
}

fn build(kind: Kind, caps: &[String], statement: String, given: Vec<String>) -> Instruction {
    let text = given.join("\n\n");
    // An ordinal that is not read exactly makes the instruction one this
    // tool does not read: said, not applied.
    let (action, target) = target(kind, caps).unwrap_or((Action::Replace, Target::Unread));
    Instruction {
        statement,
        action,
        target,
        text,
    }
}

/// What an instruction of a kind does, where, from the parts its words
/// named; `None` when an ordinal among them names no place.
fn target(kind: Kind, caps: &[String]) -> Option<(Action, Target)> {
    let name = |k: usize| caps[k].trim_matches(['"', ' ']).to_string();
    Some(match kind {
        Kind::Entry => (Action::Replace, Target::Entry),
        Kind::Sentence => (
            Action::Replace,
            Target::Sentence {
                sentence: ordinal(&caps[0])?,
                paragraph: ordinal(&caps[1])?,
            },
        ),
        Kind::Subsection => (
            Action::Replace,
            Target::Subsection {
                paragraph: ordinal(&caps[0])?,
                name: name(1),
            },
        ),
        Kind::Paragraphs => {
            let mut paragraphs = vec![ordinal(&caps[0])?];
            if !caps[1].is_empty() {
                paragraphs.push(ordinal(&caps[1])?);
            }
            (Action::Replace, Target::Paragraphs { paragraphs })
        }
        Kind::Bullet => (
            Action::Replace,
            Target::Bullet {
                bullet: ordinal(&caps[0])?,
            },
        ),
        Kind::Unclear => (Action::Replace, Target::Unclear),
        Kind::BeforeNamed => (Action::Insert, Target::BeforeNamed { name: name(0) }),
        Kind::AfterParagraph => (
            Action::Insert,
            Target::AfterParagraph {
                paragraph: ordinal(&caps[0])?,
            },
        ),
        Kind::NewBulletIn => (
            Action::Insert,
            Target::NewBullet {
                section: Some(name(0)),
            },
        ),
        Kind::NewBullet => (Action::Insert, Target::NewBullet { section: None }),
        Kind::Words => (
            Action::Delete,
            Target::Words {
                paragraph: ordinal(&caps[0])?,
            },
        ),
        Kind::End => (Action::Insert, Target::End),
        Kind::Unread => return None,
    })
}

/// The blocks of an entry's text: paragraphs and lists.
#[derive(Debug, Clone)]
struct Block {
    text: String,
    /// Every line is a bullet point.
    list: bool,
    /// How many of its lines are bullet points (kept, so that a bullet
    /// point is found by counting blocks, not by reading every line).
    bullets: usize,
}

impl Block {
    fn new(text: String) -> Block {
        let bullets = text.lines().filter(|l| is_bullet(l)).count();
        Block {
            list: bullets == text.lines().count(),
            bullets,
            text,
        }
    }

    /// Lines added at the end of the block.
    fn push_lines(&mut self, lines: &str) {
        self.text.push('\n');
        self.text.push_str(lines);
        let added = lines.lines().filter(|l| is_bullet(l)).count();
        self.list = self.list && added == lines.lines().count();
        self.bullets += added;
    }
}

fn blocks(text: &str) -> Vec<Block> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|b| Block::new(b.to_string()))
        .collect()
}

fn is_bullet(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t.starts_with("* ") || t.starts_with("• ")
}

fn join(blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|b| b.text.as_str())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The index (into `of`) of an ordinal among `count` items.
fn pick(ordinal: Ordinal, count: usize) -> Result<usize, Failure> {
    match ordinal {
        Ordinal::Last if count > 0 => Ok(count - 1),
        Ordinal::Nth(n) if n >= 1 && n <= count => Ok(n - 1),
        Ordinal::FromLast(n) if n >= 1 && n <= count => Ok(count - n),
        _ => Err(Failure::Missing { have: count }),
    }
}

/// The indices of the paragraphs (blocks that are not lists).
fn paragraph_indices(blocks: &[Block]) -> Vec<usize> {
    (0..blocks.len()).filter(|&i| !blocks[i].list).collect()
}

/// The sentences of a paragraph, as (start, end) byte ranges: a sentence
/// ends at `.`, `!` or `?` followed by a space and a capital or a mark.
fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(_, c)) in bytes.iter().enumerate() {
        if matches!(c, '.' | '!' | '?') {
            let mut j = k + 1;
            while j < bytes.len() && matches!(bytes[j].1, ')' | '"' | '”' | '’' | '*' | '_') {
                j += 1;
            }
            let at_end = j >= bytes.len();
            let next_starts = j + 1 < bytes.len()
                && bytes[j].1 == ' '
                && (bytes[j + 1].1.is_uppercase()
                    || matches!(bytes[j + 1].1, '(' | '"' | '“' | '*' | '['));
            if at_end || next_starts {
                let end = if at_end { text.len() } else { bytes[j].0 };
                out.push((start, end));
                start = if at_end { text.len() } else { bytes[j + 1].0 };
            }
        }
    }
    if start < text.len() && !text[start..].trim().is_empty() {
        out.push((start, text.len()));
    }
    out
}

/// Applies one instruction to the blocks: the words it took out and put
/// in, or why not (the blocks then stay as they were). It costs the blocks
/// it touches, and a scan of the blocks' kinds, never a read of the whole
/// text.
fn apply_one(
    blocks: &mut Vec<Block>,
    instruction: &Instruction,
) -> Result<(String, String), Failure> {
    let given = instruction.text.trim();
    match instruction.target {
        Target::Unread => return Err(Failure::NoInstruction),
        Target::Unclear => return Err(Failure::Unclear),
        _ if given.is_empty() => return Err(Failure::NoText),
        _ => {}
    }
    let paragraphs = paragraph_indices(blocks);
    let paragraph = |o: &Ordinal| pick(*o, paragraphs.len()).map(|i| paragraphs[i]);
    match &instruction.target {
        Target::Unclear | Target::Unread => Err(Failure::Unclear),
        Target::Entry => Ok(splice(blocks, 0, blocks.len(), given)),
        Target::End => Ok(splice(blocks, blocks.len(), 0, given)),
        Target::Paragraphs { paragraphs: which } => {
            let mut at: Vec<usize> = which.iter().map(paragraph).collect::<Result<_, _>>()?;
            at.sort_unstable();
            at.dedup();
            let first = at[0];
            let mut removed: Vec<String> =
                at.iter().rev().map(|&i| blocks.remove(i).text).collect();
            removed.reverse();
            let new = self::blocks(given);
            let added = join(&new);
            blocks.splice(first..first, new);
            Ok(changed_words(&removed.join("\n\n"), &added))
        }
        Target::AfterParagraph { paragraph: p } => {
            let i = paragraph(p)?;
            Ok(splice(blocks, i + 1, 0, given))
        }
        Target::BeforeNamed { name } => {
            let i = named_block(blocks, name)?;
            Ok(splice(blocks, i, 0, given))
        }
        Target::Subsection { name, paragraph } => {
            let start = named_block(blocks, name)?;
            // The subsection runs from the paragraph its name begins to the
            // next paragraph that begins with a name of its own ("X – ").
            let within: Vec<usize> = (start..blocks.len())
                .take_while(|&i| i == start || blocks[i].list || !begins_named(&blocks[i].text))
                .filter(|&i| !blocks[i].list)
                .collect();
            let i = within[pick(*paragraph, within.len())?];
            Ok(splice(blocks, i, 1, given))
        }
        Target::Sentence {
            sentence,
            paragraph: p,
        } => {
            let i = paragraph(p)?;
            let old = &blocks[i].text;
            let spans = sentences(old);
            let (s, e) = spans[pick(*sentence, spans.len())?];
            let mut new = String::new();
            new.push_str(&old[..s]);
            new.push_str(given);
            if e < old.len() {
                new.push(' ');
                new.push_str(old[e..].trim_start());
            }
            let old = std::mem::replace(&mut blocks[i], Block::new(new));
            Ok(changed_words(&old.text, &blocks[i].text))
        }
        Target::Bullet { bullet } => {
            let total: usize = blocks.iter().map(|b| b.bullets).sum();
            let mut left = pick(*bullet, total)?;
            let i = blocks
                .iter()
                .position(|b| {
                    let here = left < b.bullets;
                    if !here {
                        left -= b.bullets;
                    }
                    here
                })
                .ok_or(Failure::Missing { have: total })?;
            let lines: Vec<&str> = blocks[i].text.lines().collect();
            let j = (0..lines.len())
                .filter(|&k| is_bullet(lines[k]))
                .nth(left)
                .ok_or(Failure::Missing { have: total })?;
            let marker: String = lines[j]
                .chars()
                .take_while(|c| !c.is_alphanumeric() && *c != '*')
                .collect();
            let replacement = if is_bullet(given) {
                given.to_string()
            } else {
                format!("{marker}{given}")
            };
            let old_line = lines[j].to_string();
            let mut new_lines = lines.clone();
            new_lines[j] = &replacement;
            let new = new_lines.join("\n");
            blocks[i] = Block::new(new);
            Ok(changed_words(&old_line, &replacement))
        }
        Target::NewBullet { section } => {
            let from = match section {
                Some(name) => named_block(blocks, name)?,
                None => 0,
            };
            let list = (from..blocks.len())
                .filter(|&i| blocks[i].bullets > 0)
                .take_while(|&i| {
                    section.is_none()
                        || i == from
                        || blocks[i].list
                        || !begins_named(&blocks[i].text)
                })
                .last()
                .ok_or(Failure::Missing { have: 0 })?;
            blocks[list].push_lines(given);
            Ok((String::new(), given.to_string()))
        }
        Target::Words { paragraph: p } => {
            let i = paragraph(p)?;
            let words = bare(given);
            let old = &blocks[i].text;
            let hits: Vec<usize> = old
                .match_indices(words.as_str())
                .map(|(at, _)| at)
                .collect();
            match hits.as_slice() {
                [] => Err(Failure::WordsNotFound),
                [at] => {
                    let mut new = old[..*at].trim_end().to_string();
                    let rest = old[at + words.len()..].trim_start();
                    if !new.is_empty()
                        && !rest.is_empty()
                        && !rest.starts_with(['.', ',', ';', ':', ')'])
                    {
                        new.push(' ');
                    }
                    new.push_str(rest);
                    let old = std::mem::replace(&mut blocks[i], Block::new(tidy(&new)));
                    Ok(changed_words(&old.text, &blocks[i].text))
                }
                _ => Err(Failure::WordsTwice),
            }
        }
    }
}

/// Puts the blocks of `given` in place of `remove` blocks at `at`: the
/// words taken out and put in.
fn splice(blocks: &mut Vec<Block>, at: usize, remove: usize, given: &str) -> (String, String) {
    let new = self::blocks(given);
    let added = join(&new);
    let old: Vec<Block> = blocks.splice(at..at + remove, new).collect();
    changed_words(&join(&old), &added)
}

/// Punctuation left doubled where words were struck ("game, , unless").
fn tidy(text: &str) -> String {
    let mut out = text.replace(",,", ",").replace(", ,", ",");
    for mark in [".", ";", ":", ")"] {
        out = out.replace(&format!(",{mark}"), mark);
    }
    out
}

/// Whether a paragraph begins with a name of its own ("Objectives – …",
/// "*Dilemma encounters*: …").
fn begins_named(text: &str) -> bool {
    let plain = bare(text);
    let head: String = plain.chars().take(60).collect();
    [" – ", " - ", " — ", ": "]
        .iter()
        .filter_map(|sep| head.find(sep))
        .min()
        .is_some_and(|at| head[..at].split_whitespace().count() <= 5)
}

/// The one block that begins with `name` (markup aside), or that holds it
/// as a quoted phrase.
fn named_block(blocks: &[Block], name: &str) -> Result<usize, Failure> {
    let wanted = bare(name).to_lowercase();
    let begins: Vec<usize> = (0..blocks.len())
        .filter(|&i| bare(&blocks[i].text).to_lowercase().starts_with(&wanted))
        .collect();
    if let [one] = begins.as_slice() {
        return Ok(*one);
    }
    if begins.len() > 1 {
        return Err(Failure::Unclear);
    }
    let holds: Vec<usize> = (0..blocks.len())
        .filter(|&i| bare(&blocks[i].text).to_lowercase().contains(&wanted))
        .collect();
    match holds.as_slice() {
        [one] => Ok(*one),
        [] => Err(Failure::NameNotFound),
        _ => Err(Failure::Unclear),
    }
}

/// An entry's text as its blocks, amended in place. A base entry is split
/// once, every instruction of every later ruling is applied to the blocks
/// it names, and the text is joined once: the cost grows with the number
/// of instructions, not with their number times the length of the text.
#[derive(Debug, Clone)]
pub struct Text {
    blocks: Vec<Block>,
    /// The text as given, while no instruction has changed it (so that an
    /// entry nothing applies to is its own text, spacing and all).
    unchanged: Option<String>,
}

impl Text {
    pub fn new(text: &str) -> Text {
        Text {
            blocks: blocks(text),
            unchanged: Some(text.to_string()),
        }
    }

    /// Applies the instructions of one amendment: each instruction's step.
    /// Ordinals name the text as it was given, so instructions that name
    /// paragraphs by ordinal are applied last place first.
    pub fn apply(&mut self, instructions: &[Instruction]) -> Vec<Step> {
        let paragraphs = paragraph_indices(&self.blocks);
        let mut order: Vec<usize> = (0..instructions.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(place(&paragraphs, &instructions[i].target)));
        let mut outcomes: Vec<Option<Step>> = vec![None; instructions.len()];
        for i in order {
            let instruction = &instructions[i];
            let (failure, removed, added) = match apply_one(&mut self.blocks, instruction) {
                Ok((removed, added)) => {
                    self.unchanged = None;
                    (None, removed, added)
                }
                Err(failure) => (Some(failure), String::new(), String::new()),
            };
            outcomes[i] = Some(Step {
                instruction: instruction.clone(),
                failure,
                removed,
                added,
            });
        }
        outcomes.into_iter().flatten().collect()
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.unchanged {
            Some(text) => f.write_str(text),
            None => f.write_str(&join(&self.blocks)),
        }
    }
}

/// Applies the instructions of one amendment to `text`: the text after it,
/// and each instruction's step.
pub fn apply(text: &str, instructions: &[Instruction]) -> (String, Vec<Step>) {
    let mut amended = Text::new(text);
    let steps = amended.apply(instructions);
    (amended.to_string(), steps)
}

/// Where in the text an instruction acts, as a block index (for the order
/// of application); instructions without a place keep their order.
fn place(paragraphs: &[usize], target: &Target) -> usize {
    let at = |o: &Ordinal| pick(*o, paragraphs.len()).map(|i| paragraphs[i]).ok();
    match target {
        Target::Paragraphs { paragraphs: which } => which.iter().filter_map(at).min(),
        Target::AfterParagraph { paragraph } | Target::Words { paragraph } => at(paragraph),
        Target::Sentence { paragraph, .. } => at(paragraph),
        _ => None,
    }
    .unwrap_or(0)
}

/// The words one change took out and put in: the text between the common
/// beginning and the common end of the two texts.
pub fn changed_words(before: &str, after: &str) -> (String, String) {
    let a: Vec<char> = before.chars().collect();
    let b: Vec<char> = after.chars().collect();
    let mut start = 0;
    while start < a.len() && start < b.len() && a[start] == b[start] {
        start += 1;
    }
    let mut end = 0;
    while end < a.len() - start
        && end < b.len() - start
        && a[a.len() - 1 - end] == b[b.len() - 1 - end]
    {
        end += 1;
    }
    // A change that begins or ends inside a word (of either text) takes
    // the whole word: "restrictions." → "missions." changed a word, not
    // "restrict" into "miss".
    let inside = |t: &[char], at: usize| {
        at > 0 && at < t.len() && t[at - 1].is_alphanumeric() && t[at].is_alphanumeric()
    };
    while start > 0 && (inside(&a, start) || inside(&b, start)) {
        start -= 1;
    }
    while end > 0 && (inside(&a, a.len() - end) || inside(&b, b.len() - end)) {
        end -= 1;
    }
    let removed: String = a[start..a.len() - end].iter().collect();
    let added: String = b[start..b.len() - end].iter().collect();
    (removed.trim().to_string(), added.trim().to_string())
}

#[cfg(test)]
mod tests;
