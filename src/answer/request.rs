//! The questions a front end asks other than from a command line, typed:
//! the server builds one from a request's parameters, already read and
//! checked, and the answer is computed from it as the command line's is.
//! No command line is written and parsed again on the way.

use chrono::NaiveDate;

use crate::diff::NamedSide;
use crate::model::{Authority, Edition, EntryKind};

/// How many hits a search shows where the question says not.
pub const DEFAULT_LIMIT: u16 = 10;

/// One question, with everything it may ask.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Request {
    /// Rulings that match words.
    Search {
        query: String,
        edition: Option<Edition>,
        /// Rulings of one kind only.
        kind: Option<EntryKind>,
        /// Only the game's rulings, or only the tournament's.
        authority: Option<Authority>,
        as_of: Option<NaiveDate>,
        /// Rulings no longer in force too.
        all: bool,
        limit: u16,
        /// The last word read as the beginning of a word.
        typing: bool,
    },
    /// A topic or card: the ruling in force and what stands beside it.
    Show {
        topic: String,
        edition: Option<Edition>,
        /// Only the game's topics, or only the tournament's.
        authority: Option<Authority>,
        as_of: Option<NaiveDate>,
        /// With the earlier rulings in effect.
        history: bool,
    },
    /// A card's errata in force, or every card's where none is named.
    Errata {
        card: Option<String>,
        edition: Option<Edition>,
        as_of: Option<NaiveDate>,
        /// Every printing of an erratum reprinted unchanged, rather than
        /// the first with a count.
        every_printing: bool,
    },
    /// What changed between two releases or dates.
    Diff {
        from: NamedSide,
        to: NamedSide,
        edition: Option<Edition>,
        /// Two releases: the entries they print, not the rulings in force
        /// on their dates.
        documents: bool,
        /// Only these topics (typed loosely); all when empty.
        topics: Vec<String>,
        /// Only the game's rulings, or only the tournament's.
        authority: Option<Authority>,
    },
    /// The releases of the corpus.
    Releases,
    /// A card: as the card database prints it, with its errata and rulings.
    Card {
        name: String,
        edition: Option<Edition>,
        as_of: Option<NaiveDate>,
    },
    /// A decklist's ruling sheet.
    Deck {
        /// The list's text, as written.
        list: String,
        edition: Option<Edition>,
        /// A format whose ban list the deck is checked against.
        format: Option<String>,
        as_of: Option<NaiveDate>,
    },
    /// Every entry, of one edition or one release if asked.
    Export {
        edition: Option<Edition>,
        release: Option<String>,
        /// Only the game's entries, or only the tournament's.
        authority: Option<Authority>,
    },
}

impl Request {
    /// The texts the request holds (a query, a name, a diff's sides).
    fn texts(&self) -> Vec<&String> {
        match self {
            Request::Search { query, .. } => vec![query],
            Request::Show { topic, .. } => vec![topic],
            Request::Errata { card, .. } => card.iter().collect(),
            Request::Diff {
                from, to, topics, ..
            } => [from.typed(), to.typed()]
                .into_iter()
                .chain(topics)
                .collect(),
            Request::Export { release, .. } => release.iter().collect(),
            Request::Card { name, .. } => vec![name],
            Request::Deck { list, .. } => vec![list],
            Request::Releases => Vec::new(),
        }
    }

    /// The bytes allocated for the request's texts.
    pub fn text_capacity(&self) -> usize {
        self.texts().iter().map(|t| t.capacity()).sum()
    }

    /// Gives back the spare room of its texts (a request kept long).
    pub fn shrink_to_fit(&mut self) {
        match self {
            Request::Search { query: text, .. }
            | Request::Show { topic: text, .. }
            | Request::Card { name: text, .. }
            | Request::Deck { list: text, .. } => text.shrink_to_fit(),
            Request::Errata { card, .. } => card.iter_mut().for_each(String::shrink_to_fit),
            Request::Diff {
                from, to, topics, ..
            } => {
                from.typed_mut().shrink_to_fit();
                to.typed_mut().shrink_to_fit();
                topics.iter_mut().for_each(String::shrink_to_fit);
            }
            Request::Export { release, .. } => release.iter_mut().for_each(String::shrink_to_fit),
            Request::Releases => {}
        }
    }
}
