//! A deck's ruling sheet: for every card of a decklist, its errata in
//! force, its rulings and the rulings naming it, and any ban, as of the
//! event's date; the cards the documents say nothing of grouped apart;
//! every name not found kept, with the nearest cards and topics. Data
//! only; the renderers word it.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use chrono::NaiveDate;

use super::bans::{BanList, Bans};
use super::card::{self, CardSheet, InDatabase};
use super::error::{ErrorCode, Failure, Refusal};
use super::show::Shown;
use super::stop::{Stop, Stopped};
use super::topic::ShowAnswer;
use super::{editions, Candidate, Note};
use crate::cards::deck::{self, Deck, Listed, Shape};
use crate::cards::Card;
use crate::catalog::Catalog;
use crate::model::Edition;

/// The largest decklist read, in bytes.
pub const MAX_BYTES: usize = 256 * 1024;
/// The most distinct names of a list looked up: a deck has 60 to 100 cards,
/// a collection a few thousand; past this the names are listed as not
/// looked up.
pub const MOST_NAMES: usize = 500;
/// The most names of a list that are no card for which the nearest cards
/// and topics are looked for (a list of hundreds of unknown names is no
/// deck; its names are still looked up exactly, and a close spelling of a
/// card still found).
pub const MOST_NEAR: usize = 50;
/// The most time a sheet is worked on: a TD waits this long at most, and a
/// server's other questions are not kept waiting behind one list.
pub const MOST_TIME: Duration = Duration::from_secs(3);

/// The answer to `deck`.
pub struct DeckAnswer {
    pub as_of: NaiveDate,
    /// How many cards the card database holds; none without one.
    pub database: Option<usize>,
    pub shape: Shape,
    /// Copies in the list, every line counted.
    pub total: u32,
    /// The cards the documents say something of, in the list's order.
    pub cards: Vec<DeckCard>,
    /// The cards of the database the documents say nothing of.
    pub quiet: Vec<DeckCard>,
    /// The names found neither in the database nor in the rulings.
    pub unknown: Vec<NotFound>,
    /// Lines read as nothing, with their numbers.
    pub unread: Vec<(usize, String)>,
    /// The names past the sheet's budget, when it was spent.
    pub unfinished: Option<Unfinished>,
    /// How many names that are no card were listed without the nearest
    /// names (past [`MOST_NEAR`]).
    pub near_not_looked_for: usize,
    /// The deck checked against a format's ban list, when one was asked.
    pub format: Option<FormatCheck>,
    /// Copies by the section of the list and by card type.
    pub counts: Counts,
    pub notes: Vec<Note>,
}

/// A deck checked against the ban list of the format asked.
pub struct FormatCheck {
    /// The format as typed.
    pub asked: String,
    /// The lists in force on the date that are the format's (or every
    /// format's); none when no list names it.
    pub lists: Vec<BanList>,
    /// The formats the lists in force name, to offer when none is the
    /// one asked.
    pub known: Vec<String>,
    /// The cards of the deck the lists ban, in the list's order.
    pub banned: Vec<Banned>,
}

/// A card of the deck banned in the format asked.
pub struct Banned {
    pub name: String,
    pub count: u32,
    /// The list's citation.
    pub citation: String,
    /// The lines of the deck that name it.
    pub lines: Vec<usize>,
}

/// Copies of a deck counted two ways, each in the order first met.
#[derive(Default)]
pub struct Counts {
    /// By the section the list puts them under ("Missions", "Seed+Dil");
    /// copies under no section are counted under [`NO_SECTION`].
    pub sections: Vec<(String, u32)>,
    /// By card type as the card database prints it; names no database
    /// card has are counted under [`NOT_A_CARD`].
    pub types: Vec<(String, u32)>,
}

/// The section of copies listed under none.
pub const NO_SECTION: &str = "no section";
/// The type of a name no database card has.
pub const NOT_A_CARD: &str = "not in the card database";

fn tally(counts: &mut Vec<(String, u32)>, name: &str, n: u32) {
    match counts.iter_mut().find(|(k, _)| k == name) {
        Some((_, total)) => *total += n,
        None => counts.push((name.to_string(), n)),
    }
}

impl DeckAnswer {
    /// Found when every name was.
    pub fn is_found(&self) -> bool {
        self.unknown.is_empty()
            && self.unread.is_empty()
            && self.unfinished.is_none()
            && self.format.as_ref().is_none_or(|f| !f.lists.is_empty())
    }

    /// Whether another asking could answer more: a sheet cut short by its
    /// time or its asker leaving depends on the machine's load, not on the
    /// list, and is not kept as the list's answer.
    pub fn is_settled(&self) -> bool {
        self.unfinished
            .as_ref()
            .is_none_or(|u| matches!(u.why, Budget::Names))
    }
}

/// The names of a list that were not looked up, and what stopped them.
pub struct Unfinished {
    pub why: Budget,
    /// Each line not looked up, in the list's order.
    pub names: Vec<Listed>,
}

/// Which part of a sheet's budget was spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// [`MOST_NAMES`] distinct names were looked up.
    Names,
    /// [`MOST_TIME`] passed, or the time the asker gave.
    Time,
    /// The asker no longer waits.
    Cancelled,
}

/// One card of the deck.
pub struct DeckCard {
    /// Copies, every line naming it counted.
    pub count: u32,
    /// The lines that name it, as written.
    pub listed: Vec<Listed>,
    pub found: DeckFound,
}

impl DeckCard {
    /// The card's name as the database or the rulings print it.
    pub fn name(&self) -> String {
        match &self.found {
            DeckFound::Card(sheet) => sheet.card.name.clone(),
            DeckFound::Ruled(shown) => shown_name(shown),
        }
    }

    /// Whether the name written was read as another (a close spelling).
    pub fn exact(&self) -> bool {
        match &self.found {
            DeckFound::Card(sheet) => sheet.exact,
            DeckFound::Ruled(_) => true,
        }
    }
}

/// A card of the deck as found.
pub enum DeckFound {
    /// A card of the database, with what the documents say of it.
    Card(Box<CardSheet>),
    /// No card of the database (or none), but a name the rulings hold.
    Ruled(Box<Shown>),
}

/// A name of the list that is no card and no name of the rulings.
pub struct NotFound {
    pub listed: Listed,
    pub cards: Vec<Card>,
    pub topics: Vec<Candidate>,
}

/// The name a shown answer is about, as printed.
pub fn shown_name(shown: &Shown) -> String {
    match &shown.answer {
        ShowAnswer::Found(found) => found
            .first()
            .map(|a| a.newest.0.entry.topic.clone())
            .unwrap_or_else(|| shown.typed.clone()),
        ShowAnswer::Mentioned(mentioned) => mentioned.name.clone(),
        _ => shown.typed.clone(),
    }
}

/// Reads a decklist's text and answers its sheet as of `as_of`.
pub fn ask(
    catalog: &Catalog,
    list: &str,
    (flag, format): (Option<Edition>, Option<&str>),
    as_of: NaiveDate,
    stop: &Stop,
) -> Result<DeckAnswer, Failure> {
    let stop = stop.clone().by(Instant::now() + MOST_TIME);
    if list.len() > MAX_BYTES {
        return Err(unreadable(format!(
            "the list is over {} KB: is it a decklist?",
            MAX_BYTES / 1024
        )));
    }
    let deck: Deck = deck::read(list).map_err(|e| unreadable(e.to_string()))?;
    let editions = editions(catalog, flag);
    let bans = Bans::on(catalog, &editions, as_of)?;
    let mut cards: Vec<DeckCard> = Vec::new();
    let mut unknown = Vec::new();
    let mut unfinished: Option<Unfinished> = None;
    let mut near_not_looked_for = 0;
    // Each distinct name is looked up once: the lines naming it share it.
    let mut looked_up: HashSet<(String, Option<String>)> = HashSet::new();
    let mut unread = deck.unread.clone();
    for listed in &deck.cards {
        if let Err(why) = crate::limits::check(crate::limits::Typed::Name, &listed.name) {
            // One line past any name is said as that line; the others are read.
            unread.push((listed.line, too_long(&listed.name, &why)));
            continue;
        }
        if let Some(unfinished) = &mut unfinished {
            unfinished.names.push(listed.clone());
            continue;
        }
        let name = (listed.name.clone(), listed.written.clone());
        let why = match stop.reached() {
            Some(Stopped::Time) => Some(Budget::Time),
            Some(Stopped::Cancelled) => Some(Budget::Cancelled),
            None if looked_up.len() >= MOST_NAMES && !looked_up.contains(&name) => {
                Some(Budget::Names)
            }
            None => None,
        };
        if let Some(why) = why {
            unfinished = Some(Unfinished {
                why,
                names: vec![listed.clone()],
            });
            continue;
        }
        looked_up.insert(name);
        let near_wanted = unknown.len() < MOST_NEAR;
        let found = match resolve(catalog, listed, &editions, (as_of, &bans), near_wanted)? {
            Ok(found) => found,
            Err(near) => {
                let topics = if near_wanted {
                    card::nearest_topics(catalog, &listed.name, &editions)?
                } else {
                    near_not_looked_for += 1;
                    Vec::new()
                };
                unknown.push(NotFound {
                    listed: listed.clone(),
                    cards: near,
                    topics,
                });
                continue;
            }
        };
        let name = match &found {
            DeckFound::Card(sheet) => sheet.card.name.clone(),
            DeckFound::Ruled(shown) => shown_name(shown),
        };
        match cards.iter_mut().find(|c| c.name() == name) {
            Some(same) => {
                same.count += listed.count;
                same.listed.push(listed.clone());
            }
            None => cards.push(DeckCard {
                count: listed.count,
                listed: vec![listed.clone()],
                found,
            }),
        }
    }
    let format = format.map(|asked| check_format(asked, &bans, &mut cards));
    let counts = count(&cards, &unknown, &deck);
    let (quiet, cards): (Vec<DeckCard>, Vec<DeckCard>) = cards
        .into_iter()
        .partition(|c| matches!(&c.found, DeckFound::Card(sheet) if sheet.is_quiet()));
    Ok(DeckAnswer {
        as_of,
        database: catalog.card_count(),
        shape: deck.shape,
        total: deck.total(),
        cards,
        quiet,
        unknown,
        unread,
        unfinished,
        near_not_looked_for,
        format,
        counts,
        notes: Vec::new(),
    })
}

/// The deck against the lists of the format asked: the cards they ban
/// flagged with the list's citation, and every other format's bans taken
/// off the cards' sheets (a ban in another format is no ban at this
/// event).
fn check_format(asked: &str, bans: &Bans, cards: &mut [DeckCard]) -> FormatCheck {
    let lists: Vec<BanList> = bans.of_format(asked).into_iter().cloned().collect();
    let mut banned = Vec::new();
    for card in cards.iter_mut() {
        let DeckFound::Card(sheet) = &mut card.found else {
            continue;
        };
        let edition = sheet.card.edition;
        let of_format = |short: &str| {
            lists
                .iter()
                .any(|l| l.edition == edition && l.short == short)
        };
        sheet
            .legality
            .retain(|l| l.format.as_deref().is_none_or(of_format));
        if let Some(ban) = sheet
            .legality
            .iter()
            .find(|l| l.standing == super::card::Standing::Banned && l.format.is_some())
        {
            banned.push(Banned {
                name: sheet.card.name.clone(),
                count: card.count,
                citation: ban.source.clone(),
                lines: card.listed.iter().map(|l| l.line).collect(),
            });
        }
    }
    FormatCheck {
        asked: asked.to_string(),
        known: bans.formats(),
        lists,
        banned,
    }
}

/// The deck's copies by section and by card type.
fn count(cards: &[DeckCard], unknown: &[NotFound], deck: &Deck) -> Counts {
    let mut counts = Counts::default();
    for listed in &deck.cards {
        let section = listed.section.as_deref().unwrap_or(NO_SECTION);
        tally(&mut counts.sections, section, listed.count);
    }
    for card in cards {
        let kind = match &card.found {
            DeckFound::Card(sheet) if !sheet.card.kind.is_empty() => sheet.card.kind.as_str(),
            _ => NOT_A_CARD,
        };
        tally(&mut counts.types, kind, card.count);
    }
    for name in unknown {
        tally(&mut counts.types, NOT_A_CARD, name.listed.count);
    }
    counts
}

/// A name past the limits of a name, as the sheet lists it: its beginning,
/// and why.
fn too_long(name: &str, why: &crate::limits::TooLong) -> String {
    let shown: String = name.chars().take(60).collect();
    format!("{shown}… ({why})")
}

fn unreadable(why: String) -> Failure {
    Refusal::new(ErrorCode::InvalidValue, format!("decklist: {why}")).into()
}

/// A name of the list found: a card of the database by its name whole or
/// persona (the line whole when a count was read off a name), a name the
/// rulings hold as printed, then a card close in spelling; else the
/// nearest cards.
fn resolve(
    catalog: &Catalog,
    listed: &Listed,
    editions: &[Edition],
    (as_of, bans): (NaiveDate, &Bans),
    near_wanted: bool,
) -> Result<Result<DeckFound, Vec<Card>>, Failure> {
    let names = std::iter::once(listed.name.as_str()).chain(listed.written.as_deref());
    for name in names.clone() {
        if let Some(card) = card::exactly(catalog, name, editions)? {
            return Ok(Ok(DeckFound::Card(Box::new(card::sheet(
                catalog, card, true, as_of, bans,
            )?))));
        }
    }
    for name in names {
        if let Some(shown) = card::ruled(catalog, name, editions, as_of)? {
            return Ok(Ok(DeckFound::Ruled(Box::new(shown))));
        }
    }
    Ok(
        match card::find(catalog, &listed.name, editions, near_wanted)? {
            InDatabase::Card(card, exact) => Ok(DeckFound::Card(Box::new(card::sheet(
                catalog, *card, exact, as_of, bans,
            )?))),
            InDatabase::Several(near) | InDatabase::None(near) => Err(near),
        },
    )
}
