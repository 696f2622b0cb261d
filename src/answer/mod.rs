//! Answers to the questions every front end asks (the command line, the
//! interactive search, the server): a topic in force with what stands
//! beside it ([`topic`]), a card's errata ([`errata`]), and the names
//! offered when the one typed is not known; and the questions themselves,
//! typed, as a front end other than the command line asks them
//! ([`request`]). They are read from the catalog
//! alone and hold data, never sentences: `render` words them for people and
//! the commands serialize them for programs.

pub mod errata;
pub mod links;
pub mod request;
pub mod topic;

use serde::Serialize;

use crate::model::Edition;

/// A name offered in place of the one typed: a topic or card as the
/// documents print it, and the edition it is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub name: String,
    pub edition: Edition,
}

impl Candidate {
    pub fn new(name: impl Into<String>, edition: Edition) -> Candidate {
        Candidate {
            name: name.into(),
            edition,
        }
    }

    /// As a line of text reads it: "Away Team (1E)".
    pub fn text(&self) -> String {
        format!("{} ({})", self.name, self.edition)
    }

    pub fn list(candidates: &[Candidate]) -> Vec<String> {
        candidates.iter().map(Candidate::text).collect()
    }
}
