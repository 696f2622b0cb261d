//! The data model every stage shares: a [`Release`] (one rulings document) and
//! the [`Entry`]s parsed out of it. Parsing produces these; resolution, search,
//! diff and rendering only read them.

use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use clap::ValueEnum;
use serde::{Deserialize, Serialize};

use crate::topic::TopicKey;

/// The two games never mix: a ruling of one edition says nothing about the other.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ValueEnum,
)]
pub enum Edition {
    /// First Edition.
    #[serde(rename = "1E")]
    #[value(name = "1e", alias = "1", alias = "first")]
    First,
    /// Second Edition.
    #[serde(rename = "2E")]
    #[value(name = "2e", alias = "2", alias = "second")]
    Second,
}

impl Edition {
    pub fn label(self) -> &'static str {
        match self {
            Edition::First => "1E",
            Edition::Second => "2E",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "1e" | "1" | "first" | "first edition" => Ok(Edition::First),
            "2e" | "2" | "second" | "second edition" => Ok(Edition::Second),
            other => Err(format!("unknown edition `{other}` (expected 1e or 2e)")),
        }
    }
}

/// Whose rules an entry is: the game's (how cards and turns work) or the
/// tournament's (how an event is run: the Organized Play Guide, its
/// interim rulings, the ban lists). A TD asks about one or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Authority {
    /// The rulings documents and the rule bases.
    Game,
    /// The Organized Play Guide, interim Organized Play rulings and ban
    /// lists.
    #[value(alias = "op", alias = "organized-play")]
    Tournament,
}

impl Authority {
    pub fn label(self) -> &'static str {
        match self {
            Authority::Game => "game",
            Authority::Tournament => "tournament",
        }
    }
}

/// The part an entry of the Organized Play Guide (or of an interim ruling
/// of Organized Play) is printed in: what keeps the tournament's sections
/// apart from the game's.
pub const ORGANIZED_PLAY: &str = "Organized Play Guide";

/// The part a ban list's entries are printed in, wherever the list is
/// printed (a document of its own, a Compendium's banned cards).
pub const BAN_LISTS: &str = "Ban lists";

/// What kind of document a release is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReleaseKind {
    /// A Current Rulings (Document): rulings gathered since a base document.
    CurrentRulings,
    /// A monthly Recent Rulings Document: updates since the last rules update.
    RecentRulings,
    /// A list of individually dated rulings.
    Rulings,
    /// The Glossary: the rules terms, alphabetically, in force as printed.
    Glossary,
    /// The Rulebook: the rules in numbered sections.
    Rulebook,
    /// The Rules Compendium: Rulebook sections, Glossary, Temporary
    /// Rulings and errata in one document.
    Compendium,
    /// The rule-change history: every version of every rule, each dated by
    /// the document behind it, with its printed status.
    RuleHistory,
    /// The Organized Play Guide: the tournament's own rules (registration,
    /// deck checks, time, scoring, penalties, conduct) in numbered
    /// sections, for the events of both games.
    OrganizedPlayGuide,
    /// An interim Organized Play ruling: an article of the Director of
    /// Organized Play that gives sections of the Guide new words from its
    /// date, until a new version of the Guide restates them.
    InterimRuling,
    /// A ban list: the cards banned from tournament play, by format, from
    /// its date; each format's list stands until a later list restates it.
    BanList,
}

impl ReleaseKind {
    pub fn label(self) -> &'static str {
        match self {
            ReleaseKind::CurrentRulings => "current-rulings",
            ReleaseKind::RecentRulings => "recent-rulings",
            ReleaseKind::Rulings => "rulings",
            ReleaseKind::Glossary => "glossary",
            ReleaseKind::Rulebook => "rulebook",
            ReleaseKind::Compendium => "compendium",
            ReleaseKind::RuleHistory => "rule-history",
            ReleaseKind::OrganizedPlayGuide => "organized-play-guide",
            ReleaseKind::InterimRuling => "interim-ruling",
            ReleaseKind::BanList => "ban-list",
        }
    }

    /// Whether the release rules on the tournament (how an event is run)
    /// rather than on the game.
    pub fn is_tournament(self) -> bool {
        matches!(
            self,
            ReleaseKind::OrganizedPlayGuide | ReleaseKind::InterimRuling | ReleaseKind::BanList
        )
    }

    /// Whether the release is read as numbered sections: a base, or an
    /// interim ruling, whose sections are the Guide's it gives new words.
    pub fn is_sectioned(self) -> bool {
        self.is_base() || self == ReleaseKind::InterimRuling
    }

    /// Whether the release is a base document: the rules themselves, which
    /// rulings documents amend, rather than a list of rulings.
    pub fn is_base(self) -> bool {
        matches!(
            self,
            ReleaseKind::Glossary
                | ReleaseKind::Rulebook
                | ReleaseKind::Compendium
                | ReleaseKind::OrganizedPlayGuide
        )
    }
}

/// One paragraph of a release that is not part of any entry: title, preamble,
/// section introductions, summaries, footer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontParagraph {
    pub line: usize,
    /// The last source line of the paragraph (inclusive).
    pub end_line: usize,
    pub text: String,
}

impl FrontParagraph {
    /// More characters than this per source line is no title block nor
    /// preamble: a title line has under 100, the longest line of an
    /// official preamble about 540.
    pub const LONG_LINE_CHARS: usize = 1_000;
    /// More source lines than this in one paragraph is no title block nor
    /// preamble: the longest official one (a list of summaries) has 21.
    pub const LONG_LINES: usize = 40;

    /// How many source lines it spans.
    pub fn lines(&self) -> usize {
        self.end_line + 1 - self.line
    }

    /// Whether it is longer than a title block or a preamble paragraph can
    /// be ([`Self::LONG_LINE_CHARS`] characters per line on average, or
    /// more than [`Self::LONG_LINES`] lines): more likely text that should
    /// have been entries (a heading run on for pages), whose words no
    /// search finds.
    pub fn is_long(&self) -> bool {
        let lines = self.lines();
        lines > Self::LONG_LINES || self.text.chars().count() > Self::LONG_LINE_CHARS * lines
    }
}

/// How much of its date a document printed: a day, or only a month
/// ("April 2024", dated the first of the month), or none that could be
/// found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DatePrecision {
    #[default]
    Day,
    Month,
    /// No date could be found: the document is read and searched, but its
    /// entries take no part in deciding what is in force on any date. Its
    /// date field holds [`UNDATED`].
    Undated,
}

impl DatePrecision {
    /// A date as far as the document printed it: to the day
    /// ("2024-04-01"), to the month ("2024-04": never in words beside ISO
    /// dates), or "undated".
    pub fn label(self, date: NaiveDate) -> String {
        match self {
            DatePrecision::Day => date.to_string(),
            DatePrecision::Month => date.format("%Y-%m").to_string(),
            DatePrecision::Undated => "undated".to_string(),
        }
    }
}

/// The date stored for an undated document and its entries. The earliest
/// date there is, so that no question about the newest release, nor any
/// "taken effect by then" test, ever picks an undated document as newer
/// than a dated one; resolution leaves undated releases out altogether, and
/// the renderers print "undated" rather than this date.
pub const UNDATED: NaiveDate = NaiveDate::MIN;

/// A date that may be [`UNDATED`], written `null` in JSON (what the JSON
/// answers publish, and what the index stores): no made-up date ever
/// reaches a program.
mod undated_or {
    use chrono::NaiveDate;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::UNDATED;

    pub fn serialize<S: Serializer>(date: &NaiveDate, serializer: S) -> Result<S::Ok, S::Error> {
        (*date != UNDATED).then_some(*date).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveDate, D::Error> {
        Ok(Option::<NaiveDate>::deserialize(deserializer)?.unwrap_or(UNDATED))
    }
}

/// One rulings document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Release {
    /// The file's path relative to the corpus folder, without extension.
    pub id: String,
    pub edition: Edition,
    pub kind: ReleaseKind,
    pub title: String,
    pub publisher: Option<String>,
    #[serde(with = "undated_or")]
    pub date: NaiveDate,
    /// Whether the date was printed to the day or only the month.
    pub date_precision: DatePrecision,
    /// Base documents the release amends ("Glossary", "Rulebook").
    pub amends: Vec<String>,
    /// The base document since which this release gathers every ruling
    /// ("Glossary v1.9.1"), when it says so.
    pub since: Option<String>,
    /// The version the document prints in its title block ("1.9.9"), by
    /// which the Committee names it.
    pub version: Option<String>,
    /// Path relative to the corpus folder.
    pub file: String,
    /// Where the document was read from: `None` for a document bundled with
    /// the build, else its path.
    pub source: Option<String>,
    /// Position of the file in corpus order (sorted paths): breaks date ties.
    pub order: usize,
    /// Whether edition and date came from a front-matter block.
    pub has_front_matter: bool,
    /// Whether the document declares that its entries are alphabetical.
    pub alphabetical: bool,
    /// Title, preamble, section introductions and footer.
    pub front: Vec<FrontParagraph>,
    pub entries: Vec<Entry>,
}

impl Release {
    /// Whether no date could be found for the document.
    pub fn is_undated(&self) -> bool {
        self.date_precision == DatePrecision::Undated
    }

    /// Everything about the release but its entries, as the index keeps it.
    pub fn info(&self) -> ReleaseInfo {
        ReleaseInfo {
            id: self.id.clone(),
            edition: self.edition,
            kind: self.kind,
            title: self.title.clone(),
            publisher: self.publisher.clone(),
            date: self.date,
            date_precision: self.date_precision,
            amends: self.amends.clone(),
            since: self.since.clone(),
            version: self.version.clone(),
            file: self.file.clone(),
            source: self.source.clone(),
            order: self.order,
            has_front_matter: self.has_front_matter,
            says_it_marks: self.says_it_marks(),
            marked_since: self.marked_since(),
            entry_count: self.entries.len(),
            marked_count: self.entries.iter().filter(|e| e.new).count(),
        }
    }

    /// Whether the release says that it marks new or changed entries.
    fn says_it_marks(&self) -> bool {
        self.front
            .iter()
            .any(|p| p.text.to_lowercase().contains("asterisk"))
    }

    /// The date of the previous release that the release's markers refer
    /// to, when the sentence about the asterisks names one ("new or changed
    /// since the last Current Rulings document (2/28/00) are marked with an
    /// asterisk").
    fn marked_since(&self) -> Option<NaiveDate> {
        self.front
            .iter()
            .flat_map(|p| p.text.split(". "))
            .find(|sentence| sentence.to_lowercase().contains("asterisk"))
            .and_then(crate::dates::find_date)
    }
}

/// A release without its entries: what the read side knows of a document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReleaseInfo {
    pub id: String,
    pub edition: Edition,
    pub kind: ReleaseKind,
    pub title: String,
    pub publisher: Option<String>,
    #[serde(with = "undated_or")]
    pub date: NaiveDate,
    #[serde(default)]
    pub date_precision: DatePrecision,
    pub amends: Vec<String>,
    pub since: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
    pub file: String,
    /// `None` for a bundled document, else the path it was read from.
    pub source: Option<String>,
    pub order: usize,
    pub has_front_matter: bool,
    /// Whether its front matter says that it marks new or changed entries.
    pub says_it_marks: bool,
    /// The date of the release its markers speak of, when it names one.
    pub marked_since: Option<NaiveDate>,
    pub entry_count: usize,
    /// How many of its entries are marked new or changed.
    pub marked_count: usize,
}

impl ReleaseInfo {
    /// Whether no date could be found for the document.
    pub fn is_undated(&self) -> bool {
        self.date_precision == DatePrecision::Undated
    }

    /// Where the release stands in time: date, then corpus order.
    pub fn position(&self) -> (NaiveDate, usize) {
        (self.date, self.order)
    }
}

/// The eight kinds of entry.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    Erratum,
    RuleChange,
    Clarification,
    GlossaryUpdate,
    RulebookUpdate,
    Temporary,
    Redirect,
    /// The text of a base document: a Rulebook section, a Glossary entry,
    /// a sidebar that is not a clarification.
    Rule,
}

impl EntryKind {
    pub const ALL: [EntryKind; 8] = [
        EntryKind::Erratum,
        EntryKind::RuleChange,
        EntryKind::Clarification,
        EntryKind::GlossaryUpdate,
        EntryKind::RulebookUpdate,
        EntryKind::Temporary,
        EntryKind::Redirect,
        EntryKind::Rule,
    ];

    pub fn label(self) -> &'static str {
        match self {
            EntryKind::Erratum => "erratum",
            EntryKind::RuleChange => "rule-change",
            EntryKind::Clarification => "clarification",
            EntryKind::GlossaryUpdate => "glossary-update",
            EntryKind::RulebookUpdate => "rulebook-update",
            EntryKind::Temporary => "temporary",
            EntryKind::Redirect => "redirect",
            EntryKind::Rule => "rule",
        }
    }
}

impl fmt::Display for EntryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for EntryKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        EntryKind::ALL
            .into_iter()
            .find(|k| k.label() == wanted)
            .ok_or_else(|| {
                let names: Vec<_> = EntryKind::ALL.iter().map(|k| k.label()).collect();
                format!("unknown kind `{s}` (expected one of {})", names.join(", "))
            })
    }
}

/// What an entry says it does to earlier text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SupersessionAction {
    Replaces,
    Reverses,
    Deletes,
    Adds,
    Revises,
}

/// What an entry does to the earlier rulings on its topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// The first ruling on its topic in these documents.
    New,
    /// Prints the topic again: the earlier rulings give way to it.
    Restates,
    /// Adds to or deletes part of the topic ("Add the following bullet
    /// point", "In the third paragraph, delete:"): the earlier rulings stand.
    Amends,
    /// Replaces, reverses or revises the topic: the earlier rulings give way.
    Replaces,
    /// Deletes the topic with nothing in its place.
    Rescinds,
}

impl Effect {
    pub fn label(self) -> &'static str {
        match self {
            Effect::New => "new",
            Effect::Restates => "restates",
            Effect::Amends => "amends",
            Effect::Replaces => "replaces",
            Effect::Rescinds => "rescinds",
        }
    }
}

/// An explicit statement in an entry about what it supersedes, as printed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Supersession {
    pub action: SupersessionAction,
    /// The base document named ("Glossary", "Rulebook"), if any.
    pub document: Option<String>,
    /// The part affected ("the first paragraph"), if the statement names one.
    pub part: Option<String>,
    /// The entry it points to instead ("replaced with: See X"), if any.
    pub target: Option<String>,
    /// The sentence that says so.
    pub statement: String,
}

/// One ruling inside a release.
#[derive(Debug, Clone, Hash, Serialize, Deserialize)]
pub struct Entry {
    pub release: String,
    pub edition: Edition,
    #[serde(with = "undated_or")]
    pub release_date: NaiveDate,
    /// The entry's own date where printed, else its release's date.
    #[serde(with = "undated_or")]
    pub date: NaiveDate,
    /// Whether `date` was printed on the entry itself.
    pub dated: bool,
    pub section: Option<String>,
    /// The topic as printed, markers stripped.
    pub topic: String,
    pub subtopic: Option<String>,
    pub key: TopicKey,
    pub kind: EntryKind,
    /// Marked new or changed (the asterisk).
    pub new: bool,
    /// The body, as Markdown.
    pub text: String,
    pub see: Vec<String>,
    pub supersedes: Vec<Supersession>,
    pub cards: Vec<String>,
    /// What the entry does to the earlier rulings on its topic, as the
    /// index build found it (absent before the build, and for an entry
    /// without a topic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    pub file: String,
    pub line: usize,
    /// Every source line range (inclusive) the entry was built from.
    #[serde(skip, default)]
    pub spans: Vec<(usize, usize)>,
}

impl Entry {
    /// A stable identity within the corpus: release id and head line.
    pub fn id(&self) -> String {
        format!("{}:{}", self.release, self.line)
    }

    /// Whether the entry comes from a document whose date could not be
    /// found.
    pub fn is_undated(&self) -> bool {
        self.release_date == UNDATED
    }

    /// The release date as people read it: the date, or "undated".
    pub fn release_date_label(&self) -> String {
        if self.is_undated() {
            "undated".to_string()
        } else {
            self.release_date.to_string()
        }
    }

    /// The entry's date as people read it: its date, or "undated".
    pub fn date_label(&self) -> String {
        if self.date == UNDATED {
            "undated".to_string()
        } else {
            self.date.to_string()
        }
    }

    /// Whose rules the entry is: the tournament's when printed in the
    /// Organized Play Guide's part or a ban list, else the game's.
    pub fn authority(&self) -> Authority {
        match self.section.as_deref() {
            Some(ORGANIZED_PLAY | BAN_LISTS) => Authority::Tournament,
            _ => Authority::Game,
        }
    }

    /// Where the entry was printed, `file:line`.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// The sentence a rule history's version carries, at the end of what the
/// page says of it, when its status word is none the reader knows.
pub fn not_known_sentence(printed: &str) -> String {
    format!("Status printed as '{printed}': not known.")
}

/// The status word of an entry that carries [`not_known_sentence`] as the
/// last words of its closing parenthesis, as a rule history's version is
/// written; `None` for any other text.
pub fn printed_not_known(text: &str) -> Option<&str> {
    let (_, tail) = text
        .trim_end()
        .strip_suffix("': not known.)")?
        .rsplit_once("Status printed as '")?;
    let word = tail.trim();
    (!word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_not_known_is_read_back_only_from_its_closing_words() {
        let text = format!(
            "**Range.** Ten. (Original | Odd: Doc, 1994-11-10. {})",
            not_known_sentence("Odd")
        );
        assert_eq!(printed_not_known(&text), Some("Odd"));
        // Quoted inside a version's own text, it is no status.
        let quoted = format!(
            "**Range.** {} Ten. (Original | Active: Doc, 1994-11-10.)",
            not_known_sentence("Odd")
        );
        assert_eq!(printed_not_known(&quoted), None);
        assert_eq!(printed_not_known("Status printed as '': not known.)"), None);
    }
}
