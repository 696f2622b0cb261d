//! `card` and `deck` as JSON: a card as the card database prints it (its
//! icons with their words), its errata in force set against that text, the
//! rulings on it and naming it, and its standing; a deck's sheet as those
//! cards, the quiet ones and the names not found.

use chrono::NaiveDate;
use serde::Serialize;

use super::show::{self, ShowJson};
use crate::answer::card::{CardAnswer, CardFound, CardSheet, Erratum, Legality};
use crate::answer::deck::{
    Budget, Counts, DeckAnswer, DeckCard, DeckFound, FormatCheck, NotFound, Unfinished, MOST_NAMES,
    MOST_TIME,
};
use crate::answer::Candidate;
use crate::cards::deck::{Listed, Shape};
use crate::cards::{text_with_icon_words, Card};
use crate::diff::WordChange;
use crate::model::{Edition, Entry};
use crate::render::notes::{self, NoteJson};
use crate::status::Status;

/// A card of the card database, as JSON.
#[derive(Serialize)]
pub struct CardJson<'a> {
    name: &'a str,
    persona: &'a str,
    /// The version mark ("**", "(First Contact)"); empty for none.
    version: &'a str,
    edition: Edition,
    set: &'a str,
    number: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    affiliation: &'a str,
    icons: Vec<IconJson<'a>>,
    /// As printed: icons in brackets, other cards in braces.
    text: &'a str,
    /// With every icon as its words.
    text_in_words: String,
    lore: &'a str,
    formats: &'a str,
    other: Vec<ColumnJson<'a>>,
    file: &'a str,
    line: usize,
}

#[derive(Serialize)]
struct IconJson<'a> {
    token: &'a str,
    word: String,
}

#[derive(Serialize)]
struct ColumnJson<'a> {
    column: &'a str,
    value: &'a str,
}

pub fn card_json(card: &Card) -> CardJson<'_> {
    CardJson {
        name: &card.name,
        persona: &card.persona,
        version: &card.version,
        edition: card.edition,
        set: &card.set,
        number: &card.number,
        kind: &card.kind,
        affiliation: &card.affiliation,
        icons: card
            .icons
            .iter()
            .map(|t| IconJson {
                token: t,
                word: crate::cards::icon_word(t),
            })
            .collect(),
        text: &card.text,
        text_in_words: text_with_icon_words(&card.text),
        lore: &card.lore,
        formats: &card.formats,
        other: card
            .other
            .iter()
            .map(|(c, v)| ColumnJson {
                column: c,
                value: v,
            })
            .collect(),
        file: &card.file,
        line: card.line,
    }
}

/// An erratum in force, against the printed text.
#[derive(Serialize)]
struct ErratumJson<'a> {
    edition: Edition,
    status: &'a Status,
    entry: &'a Entry,
    /// The erratum's text with its lost icons filled from the printed
    /// text; null when none was.
    text_filled: Option<&'a str>,
    icons_filled: usize,
    /// The printed text changed into the erratum's.
    changes: &'a [WordChange],
    history: Vec<&'a Entry>,
}

fn erratum_json(e: &Erratum) -> ErratumJson<'_> {
    ErratumJson {
        edition: e.errata.edition,
        status: e.errata.status(),
        entry: &e.errata.newest.0.entry,
        text_filled: e.filled.as_ref().map(|(t, _)| t.as_str()),
        icons_filled: e.filled.as_ref().map_or(0, |(_, n)| *n),
        changes: &e.changes,
        history: e.errata.history.iter().map(|(s, _)| &s.entry).collect(),
    }
}

#[derive(Serialize)]
struct NamingJson<'a> {
    status: &'a Status,
    #[serde(flatten)]
    entry: &'a Entry,
}

/// A card's sheet, as JSON.
#[derive(Serialize)]
pub struct SheetJson<'a> {
    printed: CardJson<'a>,
    /// Whether the name was the card's (else the closest was taken).
    exact: bool,
    reprints: Vec<CardJson<'a>>,
    versions: Vec<&'a str>,
    errata: Vec<ErratumJson<'a>>,
    /// The card as a topic of the rulings (as `show --json`); null when
    /// no ruling is on it.
    topic: Option<ShowJson<'a>>,
    /// Rulings on other topics that name the card, in effect on the date.
    named_in: Vec<NamingJson<'a>>,
    legality: &'a [Legality],
    /// Nothing in the documents touches it.
    quiet: bool,
}

fn sheet_json(sheet: &CardSheet) -> SheetJson<'_> {
    SheetJson {
        printed: card_json(&sheet.card),
        exact: sheet.exact,
        reprints: sheet.reprints.iter().map(card_json).collect(),
        versions: sheet.versions.iter().map(|c| c.name.as_str()).collect(),
        errata: sheet.errata.iter().map(erratum_json).collect(),
        topic: sheet.topic.as_ref().map(show::view),
        named_in: sheet
            .naming
            .iter()
            .map(|(s, status)| NamingJson {
                status,
                entry: &s.entry,
            })
            .collect(),
        legality: &sheet.legality,
        quiet: sheet.is_quiet(),
    }
}

/// `card --json`: one object whatever was found.
#[derive(Serialize)]
pub struct CardAnswerJson<'a> {
    query: &'a str,
    editions: &'a [Edition],
    as_of: NaiveDate,
    found: bool,
    /// How many cards the card database holds; null without one.
    database: Option<usize>,
    /// A card of the database.
    card: Option<SheetJson<'a>>,
    /// No card of the database, but a name the rulings hold (as `show
    /// --json`).
    rulings: Option<ShowJson<'a>>,
    /// Several cards fit the name.
    candidates: Vec<&'a str>,
    /// A name that is no card and no topic: the nearest of both.
    did_you_mean: DidYouMean<'a>,
    notes: Vec<NoteJson>,
}

#[derive(Serialize, Default)]
struct DidYouMean<'a> {
    cards: Vec<&'a str>,
    topics: &'a [Candidate],
}

pub fn view(answer: &CardAnswer) -> CardAnswerJson<'_> {
    let mut body = CardAnswerJson {
        query: &answer.typed,
        editions: &answer.editions,
        as_of: answer.as_of,
        found: answer.is_found(),
        database: answer.database,
        card: None,
        rulings: None,
        candidates: Vec::new(),
        did_you_mean: DidYouMean::default(),
        notes: notes::json_all(&answer.notes, answer.as_of, answer.is_found()),
    };
    match &answer.found {
        CardFound::Card(sheet) => body.card = Some(sheet_json(sheet)),
        CardFound::RulingsOnly(shown) => body.rulings = Some(show::view(shown)),
        CardFound::Several(cards) => {
            body.candidates = cards.iter().map(|c| c.name.as_str()).collect()
        }
        CardFound::Unknown { cards, topics } => {
            body.did_you_mean = DidYouMean {
                cards: cards.iter().map(|c| c.name.as_str()).collect(),
                topics,
            }
        }
    }
    body
}

/// One card of a deck, as JSON.
#[derive(Serialize)]
struct DeckCardJson<'a> {
    name: String,
    count: u32,
    listed: &'a [Listed],
    card: Option<SheetJson<'a>>,
    rulings: Option<ShowJson<'a>>,
}

fn deck_card_json(card: &DeckCard) -> DeckCardJson<'_> {
    let (sheet, rulings) = match &card.found {
        DeckFound::Card(sheet) => (Some(sheet_json(sheet)), None),
        DeckFound::Ruled(shown) => (None, Some(show::view(shown))),
    };
    DeckCardJson {
        name: card.name(),
        count: card.count,
        listed: &card.listed,
        card: sheet,
        rulings,
    }
}

#[derive(Serialize)]
struct NotFoundJson<'a> {
    listed: &'a Listed,
    did_you_mean: DidYouMean<'a>,
}

fn not_found_json(n: &NotFound) -> NotFoundJson<'_> {
    NotFoundJson {
        listed: &n.listed,
        did_you_mean: DidYouMean {
            cards: n.cards.iter().map(|c| c.name.as_str()).collect(),
            topics: &n.topics,
        },
    }
}

#[derive(Serialize)]
struct UnreadJson<'a> {
    line: usize,
    text: &'a str,
}

/// `deck --json`: the sheet.
#[derive(Serialize)]
pub struct DeckAnswerJson<'a> {
    as_of: NaiveDate,
    found: bool,
    database: Option<usize>,
    shape: Shape,
    total: u32,
    counts: CountsJson<'a>,
    /// The deck against a format's ban list, when one was asked.
    format: Option<FormatJson<'a>>,
    cards: Vec<DeckCardJson<'a>>,
    quiet: Vec<DeckCardJson<'a>>,
    not_found: Vec<NotFoundJson<'a>>,
    unread: Vec<UnreadJson<'a>>,
    /// The lines past the sheet's budget, when it was spent.
    unfinished: Option<UnfinishedJson<'a>>,
    near_not_looked_for: usize,
    notes: Vec<NoteJson>,
}

#[derive(Serialize)]
struct CountJson<'a> {
    name: &'a str,
    count: u32,
}

#[derive(Serialize)]
struct CountsJson<'a> {
    sections: Vec<CountJson<'a>>,
    types: Vec<CountJson<'a>>,
}

fn each_count(counted: &[(String, u32)]) -> Vec<CountJson<'_>> {
    counted
        .iter()
        .map(|(name, count)| CountJson {
            name,
            count: *count,
        })
        .collect()
}

fn counts_json(counts: &Counts) -> CountsJson<'_> {
    let each = each_count;
    CountsJson {
        sections: each(&counts.sections),
        types: each(&counts.types),
    }
}

#[derive(Serialize)]
struct ListJson<'a> {
    format: &'a str,
    short: &'a str,
    edition: Edition,
    citation: &'a str,
    date: NaiveDate,
}

#[derive(Serialize)]
struct BannedJson<'a> {
    name: &'a str,
    count: u32,
    citation: &'a str,
    lines: &'a [usize],
}

#[derive(Serialize)]
struct FormatJson<'a> {
    asked: &'a str,
    /// The lists of the format in force; empty when no list names it.
    lists: Vec<ListJson<'a>>,
    /// The formats the lists in force name.
    known: &'a [String],
    banned: Vec<BannedJson<'a>>,
}

fn format_json(check: &FormatCheck) -> FormatJson<'_> {
    FormatJson {
        asked: &check.asked,
        lists: check
            .lists
            .iter()
            .map(|l| ListJson {
                format: &l.format,
                short: &l.short,
                edition: l.edition,
                citation: &l.citation,
                date: l.date,
            })
            .collect(),
        known: &check.known,
        banned: check
            .banned
            .iter()
            .map(|b| BannedJson {
                name: &b.name,
                count: b.count,
                citation: &b.citation,
                lines: &b.lines,
            })
            .collect(),
    }
}

#[derive(Serialize)]
struct UnfinishedJson<'a> {
    /// `names`, `time` or `cancelled`.
    why: &'static str,
    /// What the budget allows: names looked up and seconds.
    most_names: usize,
    most_seconds: u64,
    /// The lines not looked up.
    not_looked_up: &'a [Listed],
}

fn unfinished_json(unfinished: &Unfinished) -> UnfinishedJson<'_> {
    UnfinishedJson {
        why: match unfinished.why {
            Budget::Names => "names",
            Budget::Time => "time",
            Budget::Cancelled => "cancelled",
        },
        most_names: MOST_NAMES,
        most_seconds: MOST_TIME.as_secs(),
        not_looked_up: &unfinished.names,
    }
}

pub fn deck_view(answer: &DeckAnswer) -> DeckAnswerJson<'_> {
    DeckAnswerJson {
        as_of: answer.as_of,
        found: answer.is_found(),
        database: answer.database,
        shape: answer.shape,
        total: answer.total,
        counts: counts_json(&answer.counts),
        format: answer.format.as_ref().map(format_json),
        cards: answer.cards.iter().map(deck_card_json).collect(),
        quiet: answer.quiet.iter().map(deck_card_json).collect(),
        not_found: answer.unknown.iter().map(not_found_json).collect(),
        unread: answer
            .unread
            .iter()
            .map(|(line, text)| UnreadJson { line: *line, text })
            .collect(),
        unfinished: answer.unfinished.as_ref().map(unfinished_json),
        near_not_looked_for: answer.near_not_looked_for,
        notes: notes::json_all(&answer.notes, answer.as_of, answer.is_found()),
    }
}
