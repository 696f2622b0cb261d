//! One line at a time: what shape does it have? A title, a section heading, a
//! footer, a candidate entry head (strong or weak), or plain text. Whether a
//! candidate really is a head is decided with its neighbours, in `heads`.

use std::borrow::Cow;
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use crate::dates::find_date;

/// How sure the shape of a line alone makes us that it opens an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// The shape cannot be ordinary text: a topic alone on its line ending in a
    /// dash or "Erratum:", a bold topic, a title followed by its date, a
    /// Markdown heading of level three or more.
    Strong,
    /// `topic - body` on one line: also how a sentence inside a ruling may read
    /// ("Comparing species - Two personnel …").
    Inline,
    /// A short line with no dash and no punctuation ("Alien Parasites").
    Bare,
    /// `TOPIC: body` — the head shape of documents that end their topics
    /// with a colon (`QUARK'S ISOLINEAR RODS: Now counts as …`). Also how a
    /// label inside a ruling reads ("Example: …"), so the document decides.
    Colon,
}

/// A line that may open an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub topic: String,
    pub new: bool,
    pub erratum: bool,
    pub date: Option<NaiveDate>,
    /// Text after the separator on the same line.
    pub body: Option<String>,
    pub strength: Strength,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Blank,
    /// A Markdown heading of level 1, or a line naming the document
    /// ("First Edition Current Rulings Document (03 November 2014)").
    Title,
    /// A section heading ("GLOSSARY UPDATES", "Card-Specific", `## …`).
    Section(String),
    /// A trademark or copyright line.
    Footer,
    /// Boxed: a shape is kept for every line of a document, and most lines
    /// are not head-shaped, so the common shapes stay a few bytes.
    Candidate(Box<Candidate>),
    Plain,
}

impl Shape {
    /// The strength of a head-shaped line.
    pub fn strength(&self) -> Option<Strength> {
        match self {
            Shape::Candidate(c) => Some(c.strength),
            _ => None,
        }
    }
}

/// What the passes before head detection ask of a line's shape, kept in a
/// few bytes: a document of millions of lines keeps one per line, and the
/// full shape is found again only for the logical lines that head
/// detection reads (`heads::Line`) with more than a blank or plain shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    /// A candidate with a body on its line.
    pub body: bool,
    pub erratum: bool,
    /// The line opens with `#`.
    pub hash: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    Blank,
    Plain,
    /// A title, section heading or footer.
    Heading,
    Candidate(Strength),
}

impl Mark {
    pub fn of(shape: &Shape, line: &str) -> Mark {
        let (kind, body, erratum) = match shape {
            Shape::Blank => (MarkKind::Blank, false, false),
            Shape::Plain => (MarkKind::Plain, false, false),
            Shape::Title | Shape::Section(_) | Shape::Footer => (MarkKind::Heading, false, false),
            Shape::Candidate(c) => (MarkKind::Candidate(c.strength), c.body.is_some(), c.erratum),
        };
        Mark {
            kind,
            body,
            erratum,
            hash: line.trim_start().starts_with('#'),
        }
    }

    /// Classifies `line` and keeps its mark.
    pub fn classify(line: &str) -> Mark {
        Mark::of(&classify(line), line)
    }

    pub fn strength(self) -> Option<Strength> {
        match self.kind {
            MarkKind::Candidate(s) => Some(s),
            _ => None,
        }
    }

    /// A line a wrapped line is never joined to or from: a heading, a
    /// title, a footer, a head that stands alone (`Ishan –Erratum`,
    /// `topic –`), or a line opening with `#`.
    pub fn structural(self) -> bool {
        match self.kind {
            MarkKind::Heading => true,
            MarkKind::Candidate(Strength::Strong) => !self.body,
            MarkKind::Candidate(_) => false,
            MarkKind::Blank | MarkKind::Plain => self.hash,
        }
    }

    /// Prose or a weak head: what a hard-wrapped document is made of.
    pub fn plain_or_weak(self) -> bool {
        matches!(
            self.kind,
            MarkKind::Plain
                | MarkKind::Candidate(Strength::Inline | Strength::Bare | Strength::Colon)
        )
    }
}

#[cfg(test)]
thread_local! {
    /// Bytes passed to [`classify`] on this thread: the work counter of the
    /// tests that keep reading linear.
    pub static CLASSIFIED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

static TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)^(?:first|second)\s+edition\s*$
        |^(?:(?:first|second)\s+edition\s+|(?:1e|2e)\s+)?(?:current|recent)\s+rulings(?:\s+document)?
          (?:\s+(?:january|february|march|april|may|june|july|august|september|october|november|december))?
          \s*(?:\([^)]*\))?\s*(?:\d{1,2}/\d{1,2}/\d{2,4})?\s*$",
    )
    .expect("valid regex")
});
/// A document's name: its edition, then the kind of document it is
/// ("First Edition Glossary", "Second Edition Rulings", "1E Rules
/// Compendium", "First Edition Recent Rulings Document").
static DOCUMENT_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:star\s+trek\s+(?:ccg\s+)?)?(?:(?:first|second)\s+edition|[12]e)\s+(?:(?:current|recent|official|rules?)\s+)*(?:rulings?|glossary|compendium|rulebook|rule\s+book|faq|errata|updates?)(?:\s+document)?\b",
    )
    .expect("valid regex")
});
/// A base document's name, no edition before it.
static BASE_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:the\s+)?(?:rules\s+compendium|glossary|rule\s?book)\b")
        .expect("valid regex")
});
/// A version or a date somewhere in a line.
static VERSION_OR_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bversion\s+v?\d|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\b(?:19|20)\d{2}\b")
        .expect("valid regex")
});
/// A title block's version line, "Version 2.5.4 — October 2022": no head
/// whose topic is a version.
static VERSION_FIRST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^version\s+v?\d+(?:\.\d+)*\b").expect("valid regex"));
/// What a title line may carry after the document's name: its version and
/// date ("Version 2.5.4 — November 2022", "(3 October 2022)", "— page 2").
static TITLE_TAIL_WORD: LazyLock<Regex> = LazyLock::new(|| {
    // A month's name too: a title whose date the measure wrapped after its
    // month (`Current Rulings March` / `2000`).
    Regex::new(r"(?i)^(?:version|v?\d+(?:\.\d+)*[.,:]?|updated|revised|page|of|[-–—:,|()]+|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$")
        .expect("valid regex")
});
static SECTION_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(RULINGS?|UPDATES|ERRATA|CLARIFICATIONS|CHANGES|GENERAL|RULES)\b")
        .expect("valid regex")
});
static SECTION_NAMES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:rulings\s*[-–—:]\s*)?(?:general|card[- ]specific)(?:\s+rulings)?$")
        .expect("valid regex")
});
/// The name of a part of a document alone on its line, in any case: what a
/// text copy keeps of a part heading once its size and weight are gone
/// ("Temporary Rulings", "Glossary", "Rulebook Updates"), and the heading
/// of a table of contents.
static PART_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:table\s+of\s+)?contents|temporary\s+rulings?|glossary|(?:card\s+)?errata|change\s*log|(?:rulebook|glossary|rules?|temporary\s+rulings?)\s+updates)$")
        .expect("valid regex")
});
static FOOTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)©|registered trademark|all rights reserved").expect("valid regex")
});
static LIST_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[-+•·]\s|\*\s+[^*\s]|\d+[.)]\s|[a-zA-Z][.)]\s|[(\[>|]|\d+[.)]$)")
        .expect("valid regex")
});
/// A bullet point or a numbered item ("- ", "• ", "3. ", "b) ").
static BULLET_OR_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[-+•·]\s|\*\s+[^*\s]|\d+[.)]\s|[a-zA-Z][.)]\s)").expect("valid regex")
});
static DATED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.+?)\s+(\d{4}-\d{2}-\d{2})$").expect("valid regex"));
static ISO_DATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{4}-\d{2}-\d{2}$").expect("valid regex"));
static ERRATUM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(.+?)\s*[-–—]\s*Erratum:?$").expect("valid regex"));
static TRAILING_DASH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.+?)\s*[-–—]$").expect("valid regex"));
/// A body separator: a dash with a space after it and a space or a word
/// before, or a space before it and a capital (or quote) right after
/// (`Kivas Fajo -Now`): a hyphen inside a word has neither.
static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\s[-–—]|[\w)”\x22'’!*][-–—])\s|\s[-–—][\p{Lu}“\x22\[]").expect("valid regex")
});
/// `TOPIC: body`: a short topic, a colon, and a body that opens a sentence.
static COLON_HEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"^([^:]{1,80}?):\s+([\p{Lu}\d"“\[(].*)$"#).expect("valid regex"));
/// Words that label a part of a ruling rather than name a topic.
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:examples?|notes?|q|a|question|answer|exceptions?|reminder|clarification|ruling|sidebar|summary|step \d+|errat(?:um|a)|updated?|revised|released|version|posted|by|from|date|source|see also)$")
        .expect("valid regex")
});
/// An instruction to edit another document ("Add a new sidebar, 4.2.0.3:",
/// "Revise as follows:"): what a ruling says, never what it is about.
static EDITING_INSTRUCTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:also\s+)?in\s+the\s+[\w\s-]{1,40}?,\s*)?(?:add|revise|replace|delete|insert|remove|amend|change)\b(?:\s+(?:a|an|the|this|as|it|to|following|new)\b|\s*:)")
        .expect("valid regex")
});
/// Whether a line is an instruction to edit a base document (`Add this
/// paragraph before "Triggers"`, `Revise as follows:`, `In the third
/// paragraph, delete:`): the body of the head it stands under, however
/// short.
pub fn is_editing_instruction(line: &str) -> bool {
    EDITING_INSTRUCTION.is_match(line.trim())
}
static SENTENCE_STOP: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[a-z]{2,}[.;?]\s|[;]").expect("valid regex"));

/// The longest topic, in words, that a head may print.
pub const MAX_TOPIC_WORDS: usize = 10;
/// The longest topic, in characters.
const MAX_TOPIC_CHARS: usize = 80;
/// Topic reach in bytes: `MAX_TOPIC_CHARS` chars of at most four bytes each.
const MAX_TOPIC_BYTES: usize = MAX_TOPIC_CHARS * 4;
/// The longest line that can be a head alone (a topic and its markers: a
/// date, `NEW`, `Erratum`, the separator), outside Markdown headings.
pub const MAX_HEAD_BYTES: usize = MAX_TOPIC_BYTES * 2;
/// The longest bare (dash-less) head, in words.
const MAX_BARE_WORDS: usize = 5;
/// The longest topic before a colon, in words: a longer run is a sentence.
const MAX_COLON_TOPIC_WORDS: usize = 6;

pub fn classify(line: &str) -> Shape {
    #[cfg(test)]
    CLASSIFIED.with(|bytes| bytes.set(bytes.get() + line.len()));
    let s = line.trim();
    if s.is_empty() {
        return Shape::Blank;
    }
    if let Some(rest) = s.strip_prefix('#') {
        let level = 1 + rest.chars().take_while(|&c| c == '#').count();
        let text = rest.trim_start_matches('#').trim();
        if rest.starts_with(|c: char| c == '#' || c.is_whitespace()) && !text.is_empty() {
            return match level {
                1 => Shape::Title,
                2 => Shape::Section(text.to_string()),
                _ => match head_candidate(text) {
                    Some(mut c) => {
                        c.strength = Strength::Strong;
                        Shape::Candidate(Box::new(c))
                    }
                    None => Shape::Candidate(Box::new(Candidate {
                        topic: strip_markup(text),
                        new: false,
                        erratum: false,
                        date: None,
                        body: None,
                        strength: Strength::Strong,
                    })),
                },
            };
        }
    }
    if is_title_line(s) {
        return Shape::Title;
    }
    if is_section_heading(s) {
        return Shape::Section(s.to_string());
    }
    if FOOTER.is_match(s) {
        return Shape::Footer;
    }
    match head_candidate(s) {
        Some(c) => Shape::Candidate(Box::new(c)),
        None => Shape::Plain,
    }
}

fn is_section_heading(s: &str) -> bool {
    // Set in bold, a heading is still a heading (`**General**`).
    let s = s
        .trim_matches(['*', '_'])
        .trim()
        .trim_end_matches(':')
        .trim_end();
    if SECTION_NAMES.is_match(s) || is_part_name(s) {
        return true;
    }
    let words = s.split_whitespace().count();
    let has_upper = s.chars().any(|c| c.is_uppercase());
    let has_lower = s.chars().any(|c| c.is_lowercase());
    has_upper && !has_lower && words <= 8 && SECTION_WORDS.is_match(s)
}

/// Whether a line (not a Markdown heading) is shaped as the document's
/// title.
pub fn is_title_line(line: &str) -> bool {
    let s = line.trim();
    TITLE.is_match(s) || names_the_document(s)
}

/// Whether a line is the document's name (or version) and nothing else but
/// its version and date: a text copy's title, which has lost its size and
/// weight, or the same printed again at the top of each page.
fn names_the_document(s: &str) -> bool {
    // A base's name without its edition is the document's only with its
    // version or date after it (`Rules Compendium, Version 2.7.4 —
    // 2022-10-03` at the top of a page; `Glossary` alone is a part).
    let unnamed_edition = || {
        BASE_NAME
            .find(s)
            .filter(|m| VERSION_OR_DATE.is_match(&s[m.end()..]))
    };
    let Some(name) = DOCUMENT_NAME
        .find(s)
        .or_else(|| VERSION_FIRST.find(s))
        .or_else(unnamed_edition)
    else {
        return false;
    };
    let tail = &s[name.end()..];
    let mut rest = tail.to_string();
    for (start, end, _) in crate::dates::find_dates(tail).iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    rest.split_whitespace().all(|w| TITLE_TAIL_WORD.is_match(w))
}

/// The words of a heading line without its markup: heading marks, bold or
/// underline, a closing colon ("## **Errata**:" → "Errata").
pub fn heading_words(s: &str) -> &str {
    s.trim()
        .trim_start_matches('#')
        .trim()
        .trim_matches(['*', '_'])
        .trim()
        .trim_end_matches(':')
        .trim()
}

/// Whether a line names a part and nothing else ("Glossary", "TEMPORARY
/// RULINGS:", "**Errata**").
pub fn is_part_name(s: &str) -> bool {
    let bare = heading_words(s);
    PART_NAME.is_match(bare)
}

/// Words that go on a part's name rather than begin a topic ("Glossary
/// errata", "Rulebook updates").
static PART_QUALIFIER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:errata|updates?|changes|rulings?|clarifications|entries|terms)\b")
        .expect("valid regex")
});

/// Where a part's name ends when a line opens with one and a head follows
/// on the same line, as a copy that lost the line break prints it
/// ("Glossary actions – step 1: initiation – The first step …",
/// "Temporary Rulings forces winning battles – …").
pub fn part_name_before_head(line: &str) -> Option<usize> {
    name_ends(line).into_iter().find_map(|(end, _)| {
        let named = is_part_name(&line[..end]) || SECTION_NAMES.is_match(line[..end].trim());
        if !named {
            return None;
        }
        // Only the head's reach is looked at: a line may be a whole
        // flattened part.
        let rest = line[end..].trim_start();
        let mut reach = rest.len().min(MAX_HEAD_BYTES);
        while !rest.is_char_boundary(reach) {
            reach -= 1;
        }
        let rest = &rest[..reach];
        let head = matches!(classify(rest), Shape::Candidate(ref c)
            if c.body.is_some() || c.strength == Strength::Strong);
        (head && !PART_QUALIFIER.is_match(rest)).then_some(end)
    })
}

/// Where a part's name set in capitals ends when a copy ran it between two
/// sentences (`… no new format changes. TEMPORARY RULING UPDATES The
/// temporary ruling about …`): the name opens `line` and a sentence follows
/// it. Only capitals tell a heading from prose that names a part.
pub fn capitals_part_name(line: &str) -> Option<usize> {
    name_ends(line).into_iter().find_map(|(end, next)| {
        let name = line[..end].trim_start();
        let capitals = !name.chars().any(char::is_lowercase);
        let sentence = next.starts_with(char::is_uppercase) && next.chars().any(char::is_lowercase);
        (capitals && sentence && is_part_name(name)).then_some(end)
    })
}

/// Where a part's name that opens `line` may end: after each of its first
/// words, up to [`MAX_PART_NAME_WORDS`] and longest first, each with the
/// word after it.
fn name_ends(line: &str) -> Vec<(usize, &str)> {
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .take(MAX_PART_NAME_WORDS + 1)
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + w.len(), w))
        .collect();
    (1..=MAX_PART_NAME_WORDS.min(words.len().saturating_sub(1)))
        .rev()
        .map(|n| (words[n - 1].0, words[n].1))
        .collect()
}

/// Where a rule's number and title end when its body was run into the same
/// line, as pasted text prints a numbered head: `7.4.2: Personnel Battle
/// Personnel battles are fought …`, `1 INTRODUCTION This Compendium
/// explains …`. The title is the words in capitals after the number, or
/// its capitalized words up to the one that opens a sentence (a capital
/// followed by a lowercase word); the rest must read as a sentence. A
/// number of one level is taken only before a title in capitals: `2
/// Personnel are stopped` is a sentence.
pub fn numbered_head_run_in(line: &str) -> Option<usize> {
    let number = RUN_IN_NUMBER.find(line)?;
    let multilevel = line[..number.end()].contains('.');
    let words: Vec<(usize, &str)> = line[number.end()..]
        .split_whitespace()
        .take(MAX_TOPIC_WORDS + 2)
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect();
    let capitals =
        |w: &str| w.chars().any(char::is_alphabetic) && !w.chars().any(char::is_lowercase);
    let capitalized = |w: &str| w.starts_with(|c: char| c.is_uppercase());
    let (first, second) = (words.first()?.1, words.get(1)?.1);
    // A copy may set a dash between the title and the body (`6.3.1
    // DUPLICATION AND PERSONAS – You may not …`): no word of either.
    let dash = |w: &str| !w.is_empty() && w.chars().all(is_dash);
    let body_at = if capitals(first) && first.chars().filter(|c| c.is_alphabetic()).count() > 1 {
        // The title in capitals, then a capitalized word that is not.
        let n = words.iter().take_while(|(_, w)| capitals(w)).count();
        let n = n + usize::from(words.get(n).is_some_and(|(_, w)| dash(w)));
        let (_, next) = words.get(n)?;
        (capitalized(next) && !capitals(next)).then_some(n)?
    } else if multilevel && capitalized(first) && !capitals(second) {
        // Title words up to the capital that opens a sentence.
        (1..words.len().saturating_sub(1))
            .find(|&i| capitalized(words[i].1) && words[i + 1].1.starts_with(char::is_lowercase))?
    } else {
        return None;
    };
    let title = match words[..body_at].split_last() {
        Some(((_, last), title)) if dash(last) => title,
        _ => &words[..body_at],
    };
    let title_ok = (1..=MAX_TOPIC_WORDS).contains(&title.len())
        && title
            .iter()
            .all(|(_, w)| capitalized(w) || *w == "&" || is_joining_word(w));
    let rest = &line[words[body_at].0..];
    let sentence = rest.split_whitespace().nth(2).is_some() && rest.contains(['.', '!', '?']);
    (title_ok && sentence).then_some(words[body_at].0)
}

/// A rule's number at the start of a line: `7.4.2:`, `1`.
static RUN_IN_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,2}(?:\.\d{1,2}){0,5}:?\s").expect("valid regex"));

/// Words that join a phrase to what follows: no sentence ends on one, and a
/// title may hold one between its capitalized words (`Damage and Repairs`).
const JOINING_WORDS: [&str; 17] = [
    "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "nor", "of", "on", "or", "the",
    "to", "with",
];

/// Whether `word` joins a phrase to what follows ([`JOINING_WORDS`]).
pub fn is_joining_word(word: &str) -> bool {
    JOINING_WORDS.contains(&word.to_lowercase().as_str())
}

/// The most words of a part's name ("Temporary Ruling Updates", "RULINGS –
/// General").
const MAX_PART_NAME_WORDS: usize = 3;

/// Whether a line names a whole part ("Glossary", "Temporary Rulings"),
/// not the updates to one ("GLOSSARY UPDATES"): the entries under it have
/// heads of their own, where an updates section may be one ruling.
pub fn is_whole_part_name(s: &str) -> bool {
    is_part_name(s) && !s.to_lowercase().contains("update")
}

/// A "new" tag printed before a head in place of colour or an asterisk:
/// "NEW", "NEW!", "[NEW]", "(new)" ("New" alone may begin a topic).
static NEW_TAG_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:NEW\b!?|(?i:\[new\]|\(new\)))[\s:]*").expect("valid regex"));
/// The same tag printed after a head's topic.
static NEW_TAG_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\s+(?:NEW!?|(?i:\[new\]|\(new\)))$").expect("valid regex"));

/// Whether a line may start with a new/changed asterisk and a bold topic, and
/// what it reads like after the marker.
fn strip_new_marker(s: &str) -> (bool, &str) {
    if let Some(rest) = s.strip_prefix("***") {
        return (true, &s[s.len() - rest.len() - 2..]);
    }
    if let Some(rest) = s.strip_prefix("* **") {
        return (true, &s[s.len() - rest.len() - 2..]);
    }
    if let Some(rest) = s.strip_prefix('*') {
        if !rest.starts_with(['*', ' ', '\t']) {
            // `*topic –` is a marker; `*italic* text` is emphasis.
            let closes_before_dash = rest
                .find(['-', '–', '—', ':'])
                .map(|dash| rest[..dash].contains('*'))
                .unwrap_or_else(|| rest.contains('*'));
            if !closes_before_dash {
                return (true, rest);
            }
        }
    }
    (false, s)
}

fn head_candidate(s: &str) -> Option<Candidate> {
    // `* topic - body`: a marker, not a list item, when what follows is a
    // head with a separator (a list item under a ruling reads as a sentence).
    if let Some(rest) = s.strip_prefix("* ").or_else(|| s.strip_prefix("*\t")) {
        let rest = rest.trim_start();
        if !rest.starts_with('*') {
            return head_candidate(rest)
                .filter(|c| {
                    matches!(
                        c.strength,
                        Strength::Inline | Strength::Strong | Strength::Colon
                    )
                })
                .filter(|c| c.body.is_some() || c.strength == Strength::Strong)
                .map(|mut c| {
                    c.new = true;
                    c
                });
        }
    }
    // A tag before the head: "[NEW]" would read as a bracketed list item.
    if let Some(tag) = NEW_TAG_BEFORE.find(s).filter(|t| t.end() < s.len()) {
        return head_candidate(&s[tag.end()..]).map(|mut c| {
            c.new = true;
            c
        });
    }
    if LIST_ITEM.is_match(s) {
        return None;
    }
    let (new, rest) = strip_new_marker(s);
    let rest = rest.trim();

    // A bold topic: the markup says where the topic ends. `**topic - body`
    // with no closing `**` before the separator is a double marker. A date
    // after the bold (`**Set Up** 2016-09-19`) is the entry's own date, as
    // a 2E rulings page sets the topic bold and the date plain.
    if let Some(inner) = rest.strip_prefix("**") {
        let closes = inner.find("**");
        let printed_date = |after: &str| ISO_DATE.is_match(after);
        let bold_topic = closes.is_some_and(|c| {
            let after = inner[c + 2..].trim_start();
            after.is_empty() || after.starts_with(['-', '–', '—', ':']) || printed_date(after)
        });
        if !bold_topic {
            return head_candidate(inner.trim_start()).map(|mut c| {
                c.new = true;
                c
            });
        }
        if let Some(close) = closes {
            let topic = inner[..close].trim().trim_end_matches(':').trim();
            let after = inner[close + 2..].trim();
            // A dated head in bold (`**Set Up 2016-09-19**`), as a web
            // page of 2E rulings prints it.
            let dated = after.is_empty() && topic.ends_with(|c: char| c.is_ascii_digit());
            if let Some(c) = dated.then(|| DATED.captures(topic)).flatten() {
                if valid_topic(c[1].trim()) {
                    let mut cand = candidate(c[1].trim(), new, None, None, Strength::Strong);
                    cand.date = find_date(&c[2]);
                    return Some(cand);
                }
            }
            if valid_topic(topic) && printed_date(after) {
                let mut cand = candidate(topic, new, None, None, Strength::Strong);
                cand.date = find_date(after);
                return Some(cand);
            }
            if valid_topic(topic) {
                if after.is_empty() || after.chars().all(is_dash) {
                    return Some(candidate(topic, new, None, None, Strength::Strong));
                }
                if let Some(body) = after.strip_prefix(is_dash) {
                    let body = body.trim();
                    if !body.is_empty() {
                        return Some(candidate(
                            topic,
                            new,
                            None,
                            Some(body.to_string()),
                            Strength::Strong,
                        ));
                    }
                }
            }
            return None;
        }
    }

    // Each shape below is tried only where the line has the character its
    // pattern needs: most lines have none, and every line is classified.
    let ends_in_digit = rest.ends_with(|c: char| c.is_ascii_digit());
    if let Some(c) = ends_in_digit.then(|| DATED.captures(rest)).flatten() {
        let topic = c[1].trim();
        if valid_topic(topic) {
            let mut cand = candidate(topic, new, None, None, Strength::Strong);
            cand.date = find_date(&c[2]);
            return Some(cand);
        }
    }
    let ends_in_erratum = {
        let end = rest.trim_end_matches(':').as_bytes();
        end.len() >= 7 && end[end.len() - 7..].eq_ignore_ascii_case(b"erratum")
    };
    if let Some(c) = ends_in_erratum.then(|| ERRATUM.captures(rest)).flatten() {
        let topic = c[1].trim();
        if valid_topic(topic) {
            let mut cand = candidate(topic, new, None, None, Strength::Strong);
            cand.erratum = true;
            return Some(cand);
        }
    }
    // A card's name with its erratum mark on the next line, joined without
    // the dash a text copy lost (`Continuing Mission` / `Erratum:`).
    if let Some(name) = ends_in_erratum
        .then(|| rest.trim_end_matches(':').trim_end())
        .and_then(|r| r.get(..r.len() - 7))
        .map(str::trim)
        .filter(|name| name.starts_with(char::is_uppercase) && is_bare_head(name))
    {
        let mut cand = candidate(name, new, None, None, Strength::Strong);
        cand.erratum = true;
        return Some(cand);
    }
    if let Some(c) = (rest.ends_with(is_dash) && !ends_broken_word(rest))
        .then(|| TRAILING_DASH.captures(rest))
        .flatten()
    {
        let topic = c[1].trim();
        if valid_topic(topic) {
            return Some(candidate(topic, new, None, None, Strength::Strong));
        }
    }
    // "See …" always starts a body: `Tamarian: See skills - diplomacy.`
    if let Some(c) = colon_candidate(rest, new) {
        if c.body.as_deref().is_some_and(opens_with_see) {
            return Some(c);
        }
    }
    if let Some((topic, body)) = split_inline(rest) {
        return Some(candidate(
            topic,
            new,
            None,
            Some(body.to_string()),
            Strength::Inline,
        ));
    }
    if let Some(c) = colon_candidate(rest, new) {
        return Some(c);
    }
    if is_bare_head(rest) || is_numbered_bare_head(rest) {
        return Some(candidate(rest, new, None, None, Strength::Bare));
    }
    None
}

/// A rule's number and title alone on a line ("4.2: Mission Phase",
/// "7.4.2: Personnel Battle & 7.4.3: Ship Battle"): the head of a ruling
/// on that rule, where the dash after it was never printed.
static NUMBERED_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\d{1,2}(?:\.\d{1,2}){1,5}:?\s+\p{Lu}(?:[^.;,!?]|\.\d)*$").expect("valid regex")
});

fn is_numbered_bare_head(s: &str) -> bool {
    s.split_whitespace().count() <= MAX_TOPIC_WORDS
        && s.chars().any(char::is_lowercase)
        && NUMBERED_HEAD.is_match(s)
}

/// A numbered head whose title is set in title case (`7.4.2: Personnel
/// Battle & 7.4.3: Ship Battle`): no line a wrap broke out of a sentence
/// reads so, whatever room was left on it.
pub fn is_numbered_title(s: &str) -> bool {
    let s = s.trim();
    is_numbered_bare_head(s)
        && s.split_whitespace().skip(1).all(|w| {
            w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
                || w.chars().filter(|c| c.is_alphabetic()).count() <= 3
        })
}

/// `TOPIC: body`, unless the part before the colon is a label, a date or
/// more words than a topic has.
fn colon_candidate(rest: &str, new: bool) -> Option<Candidate> {
    if !rest.contains(':') {
        return None;
    }
    let c = COLON_HEAD.captures(rest)?;
    let topic = c[1].trim();
    let fits = valid_topic(topic)
        && topic.split_whitespace().count() <= MAX_COLON_TOPIC_WORDS
        && !LABEL.is_match(&strip_markup(topic))
        && find_date(topic).is_none()
        && !topic.contains(['(', '[', '"', '“'])
        && !EDITING_INSTRUCTION.is_match(topic);
    fits.then(|| {
        candidate(
            topic,
            new,
            None,
            Some(c[2].trim().to_string()),
            Strength::Colon,
        )
    })
}

fn candidate(
    topic: &str,
    new: bool,
    date: Option<NaiveDate>,
    body: Option<String>,
    strength: Strength,
) -> Candidate {
    let (topic, tagged) = untagged(topic);
    Candidate {
        topic: strip_markup(topic),
        new: new || tagged,
        erratum: false,
        date,
        body,
        strength,
    }
}

/// A topic without a new tag inside the bold (`**NEW topic**`), before
/// it (`NEW topic`) or after it, and whether it had one.
fn untagged(topic: &str) -> (&str, bool) {
    match NEW_TAG_AFTER.find(topic) {
        Some(tag) => (&topic[..tag.start()], true),
        None => match NEW_TAG_BEFORE.find(topic).filter(|t| t.end() < topic.len()) {
            Some(tag) => (&topic[tag.end()..], true),
            None => (topic, false),
        },
    }
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—')
}

/// Whether a line ends on the dash after its topic (`become –`), its body
/// on the lines below; a word the wrap broke is no such dash.
pub fn ends_on_dash(line: &str) -> bool {
    let line = line.trim_end().trim_end_matches(['*', '_', ' ']);
    line.ends_with(is_dash) && !ends_broken_word(line)
}

/// Markup that is not part of a printed topic.
pub fn strip_markup(topic: &str) -> String {
    let t = if topic.contains(['*', '<']) {
        Cow::Owned(
            topic
                .replace("**", "")
                .replace("<u>", "")
                .replace("</u>", ""),
        )
    } else {
        Cow::Borrowed(topic)
    };
    t.trim()
        .trim_matches('*')
        .trim_end_matches(|c: char| c == ':' || is_dash(c))
        .trim()
        .to_string()
}

fn valid_topic(topic: &str) -> bool {
    // A char is at most four bytes: a longer topic is too long without
    // counting, which keeps every caller's cost bounded by topic reach
    // rather than by the length of the line.
    if topic.len() > MAX_TOPIC_BYTES {
        return false;
    }
    // "See …" always starts a body, never a topic.
    let first = topic
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split_whitespace()
        .next()
        .unwrap_or("");
    if first.eq_ignore_ascii_case("see")
        || topic
            .split_whitespace()
            .any(|w| w.trim_matches(|c: char| !c.is_alphanumeric()) == "See")
    {
        return false;
    }
    let words = topic.split_whitespace().count();
    let has_letter = topic.chars().any(char::is_alphabetic);
    has_letter
        && words <= MAX_TOPIC_WORDS
        && topic.chars().count() <= MAX_TOPIC_CHARS
        && !(topic.contains(['.', ';', '?']) && SENTENCE_STOP.is_match(&format!("{topic} ")))
        && !topic.ends_with(',')
        && !opens_unclosed_quote(topic)
}

/// Whether a quotation or a parenthesis opens in `words` and never closes:
/// a line cut in the middle of a quoted phrase (`“Targets” section of the
/// “dilemmas –` / `resolution” Glossary entry …`) or an aside (`external
/// phenomena (for example, Q-` / `Net, Temporal Rift, …)`), not a topic.
fn opens_unclosed_quote(words: &str) -> bool {
    let count = |c: char| words.chars().filter(|&x| x == c).count();
    count('“') > count('”') || count('"') % 2 == 1 || count('(') > count(')')
}

/// The separators of `topic - body` within topic reach: every dash that could
/// end a topic, with the topic before it.
pub fn inline_separators(s: &str) -> Vec<(usize, usize, char)> {
    // The topic before a separator only grows along the line, so once it is
    // out of reach every later one is too: stopping there keeps a line of
    // thousands of dashes linear instead of re-reading its prefix each time.
    let start = s.len() - s.trim_start().len();
    SEPARATOR
        .find_iter(s)
        .take_while(|m| s[start..m.start()].trim_end().len() <= MAX_TOPIC_BYTES + 4)
        .filter_map(|m| {
            let text = m.as_str();
            let dash_offset = text.char_indices().find(|(_, c)| is_dash(*c))?.0;
            let dash_at = m.start() + dash_offset;
            let dash = s[dash_at..].chars().next()?;
            let topic = s[..dash_at].trim();
            let body_at = dash_at + dash.len_utf8();
            (valid_topic(topic) && !topic.is_empty()).then_some((dash_at, body_at, dash))
        })
        .collect()
}

/// Whether a body opens with a cross-reference: "See …" always starts a
/// body, so the topic ends at the dash before it, whatever dashes follow.
fn opens_with_see(body: &str) -> bool {
    let b = body.trim_start().trim_start_matches(['*', '(', '_']);
    b.get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("see ") || w.eq_ignore_ascii_case("see\t"))
}

/// The separator that ends the topic: the first one a "See" follows, else
/// the last within topic reach (sub-topic dashes stay in the topic).
fn choose_separator(s: &str, seps: &[(usize, usize, char)]) -> Option<(usize, usize, char)> {
    seps.iter()
        .find(|(_, body_at, _)| opens_with_see(&s[*body_at..]))
        .or(seps.last())
        .copied()
}

/// Whether an inline head's body opens with "See" at its first separator:
/// no other dash can be the separator then.
pub fn see_decides(line: &str) -> bool {
    let (_, rest) = strip_new_marker(line.trim());
    let rest = rest.trim();
    let seps = inline_separators(rest);
    seps.iter()
        .any(|(_, body_at, _)| opens_with_see(&rest[*body_at..]))
}

/// `topic - body`: the last separator within topic reach. The choice among
/// several (`actions – interrupting actions - Interrupt …`) is refined per
/// document in `heads`, which knows the document's usual separator.
fn split_inline(s: &str) -> Option<(&str, &str)> {
    if !s.contains(is_dash) {
        return None;
    }
    let seps = inline_separators(s);
    let (dash_at, body_at, _) = choose_separator(s, &seps)?;
    let body = s[body_at..].trim();
    let topic = s[..dash_at].trim();
    if body.is_empty() || dates_a_title(topic, body) {
        return None;
    }
    Some((topic, body))
}

static NAMES_A_DOCUMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:rulings?|glossary|compendium|rule ?book|version)\b").expect("valid regex")
});

/// Whether a dash line is a title's dating line (`Current Rulings —
/// March 2000`, `Rulings Version 2.5.4 — 3/27/00`), no head and its body:
/// after the dash, a date and nothing more, and the date a month only (a
/// ruling is dated by its day: `NAMING A NUMBER – 2017-06-06`) or the
/// words before it naming a document.
fn dates_a_title(topic: &str, body: &str) -> bool {
    let date = body.trim_matches(|c: char| c.is_whitespace() || "()[].,".contains(c));
    is_only_a_date(date) && (crate::dates::month_only(date) || NAMES_A_DOCUMENT.is_match(topic))
}

/// Whether a text is a date and nothing more (`2017-06-06`, `(March
/// 2000)`): a dating line, which no sentence goes on from.
pub fn is_only_a_date(text: &str) -> bool {
    let date = text.trim_matches(|c: char| c.is_whitespace() || "()[].,".contains(c));
    crate::dates::find_dates(date)
        .iter()
        .any(|&(start, end, _)| start == 0 && end == date.len())
}

/// Whether a line opens with a topic set in capitals before its dash and
/// body (`WINNING THE GAME – A player …`).
pub fn capitals_topic(line: &str) -> bool {
    let (_, rest) = strip_new_marker(line.trim());
    split_inline(rest.trim()).is_some_and(|(topic, _)| {
        topic.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && !topic.chars().any(char::is_lowercase)
    })
}

/// The dash characters of the body separators on an inline head line.
pub fn separator_dashes(line: &str) -> Vec<char> {
    let (_, rest) = strip_new_marker(line.trim());
    inline_separators(rest.trim())
        .into_iter()
        .map(|(_, _, d)| d)
        .collect()
}

/// Splits an inline head line at the last separator printed with `dash`, the
/// document's usual body separator. `None` when no separator uses it.
pub fn split_inline_with(line: &str, dash: char) -> Option<(String, String)> {
    let (_, rest) = strip_new_marker(line.trim());
    let rest = rest.trim();
    let (dash_at, body_at, _) = inline_separators(rest)
        .into_iter()
        .rfind(|(_, _, d)| *d == dash)?;
    let body = rest[body_at..].trim();
    let (topic, _) = untagged(&rest[..dash_at]);
    (!body.is_empty()).then(|| (strip_markup(topic), body.to_string()))
}

/// A short line without dash or closing punctuation that may be a topic on
/// its own ("Alien Parasites", "Borg").
fn is_bare_head(s: &str) -> bool {
    // A title filed by its noun keeps its article after a comma (`Big
    // Picture, The`).
    let s = INVERTED_ARTICLE
        .iter()
        .find_map(|article| s.strip_suffix(article))
        .unwrap_or(s);
    let uninverted;
    let s = match uninvert(s) {
        Some(topic) => {
            uninverted = topic;
            uninverted.as_str()
        }
        None => s,
    };
    let words = s.split_whitespace().count();
    let first = s.chars().next().unwrap_or(' ');
    let last = s.chars().last().unwrap_or('.');
    // An icon printed after the topic (`Reactor Core icon 🏭`) ends it as
    // a word does.
    let icon = !last.is_ascii()
        && !last.is_alphanumeric()
        && !matches!(last, '…' | '–' | '—' | '‘' | '’' | '“' | '•' | '·');
    words <= MAX_BARE_WORDS
        && (first.is_alphanumeric() || matches!(first, '"' | '“' | '◆' | '♦'))
        && (last.is_alphanumeric() || icon || matches!(last, ')' | '"' | '”' | '!'))
        && s.chars().any(char::is_lowercase)
        && !s.contains(['.', ',', ';', ':'])
        && find_date(s).is_none()
}

/// `*couple` over `a personnel and their romantic partner.`: a bare head
/// with a new asterisk set against its first word. The marker says a head
/// begins there, so it stands alone over its body whatever the body opens
/// with (a Glossary's definitions open in lower case).
pub fn marked_bare_head(line: &str) -> bool {
    asterisk_against_word(line.trim())
        .is_some_and(|rest| !rest.contains(['-', '–', '—']) && is_bare_head(rest))
}

/// The words after a new asterisk set against the first of them (`*couple`;
/// `* couple` is a list's bullet).
pub fn asterisk_against_word(line: &str) -> Option<&str> {
    line.strip_prefix('*')
        .filter(|rest| rest.starts_with(char::is_alphanumeric))
}

/// The article a title filed by its noun ends with.
const INVERTED_ARTICLE: [&str; 3] = [", The", ", A", ", An"];

/// A topic filed by its noun, as an index files it (`attributes, ship`,
/// `actions, interrupting`): a few words, one comma, and a qualifier of a
/// word or two that no clause could open (`however, the` / `if, when` are
/// pieces of sentences). Gives the words without the comma.
fn uninvert(s: &str) -> Option<String> {
    let (noun, qualifier) = s.split_once(", ")?;
    let noun_words: Vec<&str> = noun.split_whitespace().collect();
    let qualifier_words: Vec<&str> = qualifier.split_whitespace().collect();
    let wordlike = |w: &&str| {
        w.chars()
            .all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’'))
    };
    let inverted = (1..=3).contains(&noun_words.len())
        && (1..=2).contains(&qualifier_words.len())
        && noun_words.iter().chain(&qualifier_words).all(wordlike)
        && !qualifier_words
            .iter()
            .chain(noun_words.first())
            .any(|w| is_clause_word(w));
    inverted.then(|| format!("{noun} {qualifier}"))
}

/// Whether a word opens or joins a clause (`and`, `the`, `if`, `is`):
/// no sentence ends on one, and no index's topic is qualified by one.
pub fn is_clause_word(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphabetic());
    CLAUSE_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Words that open or join a clause, never a qualifier of an index's topic.
const CLAUSE_WORDS: [&str; 34] = [
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "he", "however", "if", "in",
    "is", "it", "not", "of", "on", "or", "she", "so", "that", "the", "then", "they", "this", "to",
    "was", "we", "when", "which", "who", "you",
];

/// Whether a `label: text` line is a title alone that holds a colon, as a
/// card's title may (`Kevin Uxbridge: Convergence`, `HQ: Ferengi Credit
/// Exchange`): a few capitalized words after the colon, no sentence.
pub fn is_colon_title(s: &str) -> bool {
    let s = s.trim();
    let Some((name, rest)) = s.split_once(':') else {
        return false;
    };
    let rest = rest.trim();
    !name.trim().is_empty()
        && rest.starts_with(char::is_uppercase)
        && is_bare_head(&format!("{} {rest}", name.trim()))
}

/// Whether a paragraph ends mid-sentence (a page or column break cut it).
/// A list item may end on a bare label ("… are **Androids**"), so for list
/// items only a lowercase last word counts as a cut.
pub fn ends_mid_sentence(paragraph: &str) -> bool {
    line_ends_mid_sentence(paragraph.lines().last().unwrap_or(""))
}

/// `ends_mid_sentence` for a paragraph's last line, for a caller that knows
/// where it starts: reads only its two ends, whatever its length.
pub fn line_ends_mid_sentence(last_line: &str) -> bool {
    let last_line = last_line.trim();
    let trimmed = last_line.trim_end_matches(['*', '_', ' ']);
    let Some(last) = trimmed.chars().last() else {
        return false;
    };
    if LIST_ITEM.is_match(last_line) {
        let last_word = last_line.split_whitespace().last().unwrap_or("");
        return last_word
            .chars()
            .all(|c| c.is_alphabetic() && c.is_lowercase());
    }
    last.is_alphanumeric() || last == ','
}

/// Whether a line ends on a word the wrap broke: a hyphen right after a
/// lowercase letter (`download a mission-` / `related card.`), or after a
/// capital standing alone (`incident, Q-` / `card and tactic.`, a compound
/// broken at its own hyphen): no dash after a topic.
pub fn ends_broken_word(line: &str) -> bool {
    line.trim_end().strip_suffix('-').is_some_and(|before| {
        before.ends_with(|c: char| c.is_lowercase()) || ends_on_lone_capital(before)
    })
}

/// Whether text ends on a word of one capital letter (`… incident, Q`).
fn ends_on_lone_capital(text: &str) -> bool {
    let mut end = text.chars().rev();
    end.next().is_some_and(char::is_uppercase)
        && end.next().is_none_or(|c| c.is_whitespace() || c == '(')
}

/// Whether a line is an item of a bulleted or numbered list.
pub fn is_list_item(line: &str) -> bool {
    BULLET_OR_NUMBER.is_match(line.trim_start())
}

/// Whether a paragraph opens in lowercase, as the rest of a cut sentence does.
pub fn starts_lowercase(line: &str) -> bool {
    let s = line.trim_start().trim_start_matches(['*', '_']);
    let s = s.strip_prefix("<u>").unwrap_or(s);
    s.chars().next().is_some_and(char::is_lowercase)
}

#[cfg(test)]
mod tests;
