//! What an answer tells about how its question was read, as data: each
//! front end words a note in its own medium (`render::notes` for lines and
//! JSON, the interactive search for its status line).

use crate::amend::Failure;
use crate::model::Edition;

use super::Candidate;

/// A note that goes with an answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// How a search read its words.
    Read(crate::search::Note),
    /// Words of a name read as the edition (`show`, `errata`): `edition`
    /// is the one they named (none when they named both), `flag` the one an
    /// option named, which wins.
    NameEdition {
        typed: Vec<String>,
        edition: Option<Edition>,
        flag: Option<Edition>,
    },
    /// Topics that look like the words of a search, and the editions that
    /// have them.
    DidYouMean {
        topics: Vec<String>,
        candidates: Vec<Candidate>,
    },
    /// An instruction of a ruling that could not be applied to its base
    /// text: the two are given side by side.
    AmendmentNotApplied {
        /// The ruling's id.
        id: String,
        citation: String,
        statement: String,
        failure: Option<Failure>,
    },
    /// `serve`: the documents changed, and the answer is from the
    /// documents as read before; `unreadable` says why the new ones cannot
    /// be read, none while they are being read.
    NewerCorpus { unreadable: Option<String> },
    /// No card database: what one would settle (a card's printed text and
    /// icons; whether a name the rulings do not hold is a card).
    NoCardDatabase,
    /// Documents whose edition could not be told, read as both editions'
    /// (their files): an answer may hold a ruling of the other game.
    EditionUnknown { files: Vec<String> },
    /// Limits of the card database that were reached: the card lists or
    /// columns they left out (the cards of those lists are not known).
    CardDatabaseLimits(Vec<crate::cards::lackey::Limit>),
    /// The name typed is a card of the card database that the rulings do
    /// not hold under that name: `card` shows it.
    IsCard { name: String, edition: Edition },
}
