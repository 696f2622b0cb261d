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

mod apply;
pub use apply::*;

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

#[cfg(test)]
mod tests;
