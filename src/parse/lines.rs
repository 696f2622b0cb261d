//! One line at a time: what shape does it have? A title, a section heading, a
//! footer, a candidate entry head (strong or weak), or plain text. Whether a
//! candidate really is a head is decided with its neighbours, in `heads`.

use std::borrow::Cow;
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use crate::dates::find_date;

mod candidates;
pub use candidates::*;

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
    Regex::new(r"(?i)^(?:(?:table\s+of\s+)?contents|temporary\s+rulings?|glossary|(?:card\s+)?errata|change\s*log|icon\s+legend|legend\s+of\s+icons|(?:rulebook|glossary|rules?|temporary\s+rulings?)\s+updates)$")
        .expect("valid regex")
});
/// The label an appendix prints before its name ("Appendix A: Errata",
/// "APPENDIX B – CHANGE LOG", "Appendix 2. Icons"): the name is the part's.
static APPENDIX_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:appendix|annex)\s+(?:[a-z]|[ivx]{1,4}|\d{1,2})\b\s*[:.\u{2013}\u{2014}-]?\s*",
    )
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
    (has_upper && !has_lower && words <= 8 && SECTION_WORDS.is_match(s)) || names_a_group(s)
}

/// A rules update's heading over a group of its rulings, in any case
/// ("Rulings", "Card Rulings", "Glossary Changes", "New Errata"): every
/// word a word of such headings, one of them the group's.
static GROUP_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:rulings?|errata|updates|changes|clarifications)$").expect("valid regex")
});
static GROUP_QUALIFIER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:card|cards|general|card-specific|rules?|glossary|rulebook|temporary|new|format|other|official|and|&)$")
        .expect("valid regex")
});

fn names_a_group(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    words.len() <= 4
        && words.iter().any(|w| GROUP_WORD.is_match(w))
        && words
            .iter()
            .all(|w| GROUP_WORD.is_match(w) || GROUP_QUALIFIER.is_match(w))
}

/// Whether a line (not a Markdown heading) is shaped as the document's
/// title.
pub fn is_title_line(line: &str) -> bool {
    let s = line.trim();
    TITLE.is_match(s) || names_the_document(s) || names_an_article(s)
}

/// The name of a monthly rules-update article: what the site titles the
/// page that announces a month's rulings ("Rules Update, March 2025",
/// "Monthly Rulings – October 2021", "Rulings Update: 4th October 2021").
static ARTICLE_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:first|second)\s+edition\s+|[12]e\s+)?(?:monthly\s+(?:rules?\s+|rulings?\s+)?(?:updates?|rulings)|(?:rules?|rulings?)\s+updates?)\b")
        .expect("valid regex")
});

/// Whether a title names a rules-update article ("Monthly Rulings",
/// "Rules Update, March 2025"), dated or not.
pub fn is_article_name(title: &str) -> bool {
    ARTICLE_NAME.is_match(title.trim().trim_matches(['*', '_']).trim())
}

/// Whether a line is a rules-update article's title: its name and its
/// month or day, and nothing else but a title's tail (a separator, a
/// version, a page). Set in bold as a page's title often is, it is still
/// the title. Without a date the name is the site's menu's as often as the
/// article's, so it is no title alone.
pub fn names_an_article(line: &str) -> bool {
    let s = line.trim().trim_matches(['*', '_']).trim();
    let Some(name) = ARTICLE_NAME.find(s) else {
        return false;
    };
    let tail = &s[name.end()..];
    let dates = crate::dates::find_dates(tail);
    if dates.is_empty() {
        return false;
    }
    let mut rest = tail.to_string();
    for (start, end, _) in dates.iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    rest.split_whitespace()
        .all(|w| TITLE_TAIL_WORD.is_match(w) || WEEKDAY.is_match(w))
}

/// A day of the week, as a byline or a title prints it before its date.
pub static WEEKDAY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?[.,]?$")
        .expect("valid regex")
});

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
    let dates = crate::dates::find_dates(tail);
    for (start, end, _) in dates.iter().rev() {
        rest.replace_range(*start..*end, " ");
    }
    if rest.split_whitespace().all(|w| TITLE_TAIL_WORD.is_match(w)) {
        return true;
    }
    // A line that opens with its version and is dated is the version line
    // whatever it says of the update besides ("Version 2.0.9 — February
    // 2020 Last Updated 3 February 2020 (Annual Update)"): no rule's head
    // begins with a version number.
    VERSION_FIRST.find(s).is_some_and(|v| v.start() == 0)
        && !dates.is_empty()
        && rest.split_whitespace().count() <= VERSION_LINE_NOTE_WORDS
}

/// The most words a version line may say of its update besides its
/// version and dates ("— Last Updated (Annual Update)").
const VERSION_LINE_NOTE_WORDS: usize = 8;

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
    PART_NAME.is_match(part_words(s))
}

/// A heading's words without an appendix's label before them: "APPENDIX
/// A: ERRATA" names the errata, as "ERRATA" does.
pub fn part_words(s: &str) -> &str {
    let bare = heading_words(s);
    match APPENDIX_LABEL.find(bare) {
        Some(m) if m.end() < bare.len() => heading_words(&bare[m.end()..]),
        _ => bare,
    }
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
        // A part's name before the document's is a running header.
        if !named || is_title_line(&line[end..]) {
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

/// Whether a line is a running header that names the part its page falls
/// in and the document, with its date or version (`GLOSSARY   Rules
/// Compendium — 1 August 2026`, as a header that changes with the part
/// prints them across a page's top).
pub fn part_and_title(line: &str) -> bool {
    name_ends(line).into_iter().any(|(end, _)| {
        (is_part_name(&line[..end]) || SECTION_NAMES.is_match(line[..end].trim()))
            && is_title_line(&line[end..])
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

/// Where a section's head that prints its number after its title ends when
/// its body was run into the same line, as pasted text prints it: `CARD
/// PLAY (4.1) During your card play phase …`. The title is in capitals, the
/// number in brackets, and the rest must read as a sentence.
pub fn named_head_run_in(line: &str) -> Option<usize> {
    let c = NAMED_RUN_IN.captures(line)?;
    let end = c.get(1)?.end();
    let rest = line[end..].trim_start();
    let sentence = rest.split_whitespace().nth(2).is_some() && rest.contains(['.', '!', '?']);
    sentence.then_some(line.len() - rest.len())
}

/// A title in capitals and its number in brackets, then a capitalized word.
static NAMED_RUN_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*((?:\*\*)?[A-Z][A-Z ,'&-]{1,60}?\s*\(\d{1,2}(?:\.\d{1,2}){0,5}\)(?:\*\*)?)\s+[A-Z](?:[a-z]|\s+[a-z])")
        .expect("valid regex")
});

/// A rule's number at the start of a line: `7.4.2:`, `1`.
static RUN_IN_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,2}(?:\.\d{1,2}){0,5}:?\s").expect("valid regex"));

/// Words that join a phrase to what follows: no sentence ends on one, and a
/// title may hold one between its capitalized words (`Damage and Repairs`).
const JOINING_WORDS: [&str; 17] = [
    "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "nor", "of", "on", "or", "the",
    "to", "with",
];

/// Whether `word` joins a phrase to what follows (`JOINING_WORDS`).
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
