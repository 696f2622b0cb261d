//! A topic or card shown: the answer of [`super::topic`] for a name as
//! typed, with what a front end says when the name is no topic (the
//! editions not asked that know it, the rulings that use it) and the notes
//! on how the name was read.

use super::error::Failure;
use chrono::NaiveDate;

use super::topic::{answer, printed, ShowAnswer};
use super::{editions, Candidate, Note};
use crate::catalog::{Catalog, Looked};
use crate::limits::{self, Typed};
use crate::model::{Authority, Edition};

/// The answer to `show`.
pub struct Shown {
    /// The name as typed, less the words read as the edition.
    pub typed: String,
    /// The editions looked in.
    pub editions: Vec<Edition>,
    pub as_of: NaiveDate,
    pub answer: ShowAnswer,
    /// The topics whose rulings use an unknown name as a phrase.
    pub used_in: Vec<Candidate>,
    /// What an unknown name is in the editions not asked for (also first
    /// among the names offered).
    pub elsewhere: Vec<Candidate>,
    pub notes: Vec<Note>,
}

impl Shown {
    pub fn is_found(&self) -> bool {
        matches!(self.answer, ShowAnswer::Found(_))
    }
}

/// Shows the topic `name` names in the editions asked (`flag`, else the
/// words of the name that name one), as of `as_of`; `history`, with the
/// earlier rulings in effect.
pub fn ask(
    catalog: &Catalog,
    name: &str,
    flag: Option<Edition>,
    as_of: NaiveDate,
    history: bool,
) -> Result<Shown, Failure> {
    limits::check(Typed::Name, name)?;
    let (typed, edition, mut notes) = name_and_edition(name, flag);
    let editions = editions(catalog, edition);
    let mut answer = answer(catalog, &typed, &editions, as_of, history)?;
    let (used_in, elsewhere) = match &mut answer {
        ShowAnswer::Unknown(nearest) => {
            let elsewhere = other_editions(catalog, &typed, &editions)?;
            nearest.retain(|n| !elsewhere.contains(n));
            nearest.splice(0..0, elsewhere.iter().cloned());
            (used_in(catalog, &typed, &editions, as_of)?, elsewhere)
        }
        _ => (Vec::new(), Vec::new()),
    };
    // Every instruction that could not be applied is a note.
    if let ShowAnswer::Found(found) = &answer {
        notes.extend(
            found
                .iter()
                .filter_map(|a| a.amended.as_ref())
                .flat_map(|a| a.unapplied())
                .map(|s| Note::AmendmentNotApplied {
                    id: s.by.entry.id(),
                    citation: s.by.citation.clone(),
                    statement: s.step.instruction.statement.clone(),
                    failure: s.step.failure.clone(),
                }),
        );
    }
    Ok(Shown {
        typed,
        editions,
        as_of,
        answer,
        used_in,
        elsewhere,
        notes,
    })
}

/// `show` of one authority's rules only (the game's, or the
/// tournament's): the topics of the other are left out, and names that
/// fit several topics are narrowed to that authority's (one left is
/// answered).
pub fn ask_whose(
    catalog: &Catalog,
    name: &str,
    (flag, authority): (Option<Edition>, Option<Authority>),
    as_of: NaiveDate,
    history: bool,
) -> Result<Shown, Failure> {
    let mut shown = ask(catalog, name, flag, as_of, history)?;
    let Some(authority) = authority else {
        return Ok(shown);
    };
    let whose = |c: &Candidate| -> Result<Option<Authority>, Failure> {
        let key = crate::topic::TopicKey::new(&c.name);
        Ok(match catalog.topic(c.edition, &key, as_of)? {
            Some(topic) => Some(topic.newest()?.entry.authority()),
            None => None,
        })
    };
    let keep = |candidates: &mut Vec<Candidate>| -> Result<(), Failure> {
        let mut kept = Vec::new();
        for c in candidates.drain(..) {
            if whose(&c)?.is_none_or(|a| a == authority) {
                kept.push(c);
            }
        }
        *candidates = kept;
        Ok(())
    };
    match &mut shown.answer {
        ShowAnswer::Found(answers) => {
            answers.retain(|a| a.newest.0.entry.authority() == authority);
            if answers.is_empty() {
                // A section number both rules print ("7.4.2": the
                // Rulebook's Personnel Battle, the Guide's Tie-Breakers)
                // finds the newer; the other rules' section is asked.
                if let Some(other) =
                    numbered_of(catalog, &shown.typed, &shown.editions, authority, as_of)?
                {
                    let mut again = ask(catalog, &other.name, Some(other.edition), as_of, history)?;
                    again.typed = shown.typed.clone();
                    again.notes.splice(0..0, shown.notes.drain(..));
                    return Ok(again);
                }
                shown.answer = ShowAnswer::Unknown(Vec::new());
            }
        }
        ShowAnswer::NotYet { later } => {
            later.retain(|s| s.entry.authority() == authority);
            if later.is_empty() {
                shown.answer = ShowAnswer::Unknown(Vec::new());
            }
        }
        ShowAnswer::Several(candidates) => {
            keep(candidates)?;
            if let [one] = candidates.as_slice() {
                let (name, edition) = (one.name.clone(), one.edition);
                let mut again = ask(catalog, &name, Some(edition), as_of, history)?;
                again.typed = shown.typed.clone();
                again.notes.splice(0..0, shown.notes.drain(..));
                return Ok(again);
            }
        }
        ShowAnswer::Unknown(candidates) => keep(candidates)?,
        ShowAnswer::Mentioned(mentioned) => {
            for (_, naming) in &mut mentioned.naming {
                naming
                    .in_effect
                    .retain(|s| s.entry.authority() == authority);
                naming.later.retain(|s| s.entry.authority() == authority);
            }
        }
    }
    Ok(shown)
}

/// The topic of one authority's rules that a section number typed alone
/// names ("7.4.2"), in the editions asked: the section of that number with
/// a ruling in effect on the date.
fn numbered_of(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    authority: Authority,
    as_of: NaiveDate,
) -> Result<Option<Candidate>, Failure> {
    let typed = typed.trim();
    if crate::parse::base::section_number(typed) != Some(typed) {
        return Ok(None);
    }
    let prefix = format!("{} ", crate::topic::TopicKey::new(typed).as_str());
    for &edition in editions {
        for key in catalog.keys(edition, crate::catalog::Keys::Topics)? {
            if !key.as_str().starts_with(&prefix) {
                continue;
            }
            let Some(topic) = catalog.topic(edition, &key, as_of)? else {
                continue;
            };
            let newest = topic.newest()?;
            if newest.entry.authority() == authority && newest.entry.subtopic.is_none() {
                return Ok(Some(Candidate::new(newest.entry.topic, edition)));
            }
        }
    }
    Ok(None)
}

/// A name as typed for `show` or `errata`, with the edition words in it
/// ("time location 1e", "second edition headquarters") read as the edition,
/// and a note that says so (as `search` has). The flag wins over the
/// words; a name made of nothing but edition words stays as typed.
pub fn name_and_edition(
    typed: &str,
    flag: Option<Edition>,
) -> (String, Option<Edition>, Vec<Note>) {
    let (rest, named) = crate::search::words::take_edition(typed);
    let Some(named) = named.filter(|_| !rest.trim().is_empty()) else {
        return (typed.to_string(), flag, Vec::new());
    };
    let note = Note::NameEdition {
        typed: named.typed.clone(),
        edition: named.edition,
        flag,
    };
    (rest, flag.or(named.edition), vec![note])
}

/// How many rulings that use an unknown name are listed.
const USED_IN_SHOWN: usize = 6;

/// The rulings in effect on the date whose text uses a name no look-up
/// knows, as "topic (edition)": the name is in the documents, only not as a
/// topic, a card or a name they set apart ("Quark" inside "Pel and Quark").
/// Read with `search`, the name as one phrase, every word of it held.
pub fn used_in(
    catalog: &Catalog,
    typed: &str,
    editions: &[Edition],
    as_of: NaiveDate,
) -> Result<Vec<Candidate>, Failure> {
    let request = crate::search::Request {
        query: format!("\"{}\"", typed.replace('"', " ")),
        edition: match editions {
            [one] => Some(*one),
            _ => None,
        },
        kind: None,
        authority: None,
        as_of,
        all: false,
        limit: USED_IN_SHOWN,
        typing: false,
    };
    let answer = match crate::search::search(catalog.index(), &request) {
        Ok(answer) => answer,
        // A name at the length limit is one no ruling uses: quoted, it
        // is past the limit of a query.
        Err(crate::search::SearchError::NoWords | crate::search::SearchError::TooLong(_)) => {
            return Ok(Vec::new())
        }
        Err(e) => return Err(e.into()),
    };
    if !answer.notes.is_empty() {
        // A partial, corrected or typo-tolerant reading is no use of the name.
        return Ok(Vec::new());
    }
    let mut used: Vec<Candidate> = Vec::new();
    for hit in &answer.hits {
        let named = Candidate::new(hit.topic.clone(), hit.edition);
        if !used.contains(&named) {
            used.push(named);
        }
    }
    Ok(used)
}

/// The topics or cards a name is in the editions not asked for ("Continuing
/// Mission" asked in 2E is a 1E card): a name the other edition knows is
/// not said to be absent from the documents.
pub fn other_editions(
    catalog: &Catalog,
    typed: &str,
    asked: &[Edition],
) -> Result<Vec<Candidate>, Failure> {
    let others = catalog.other_editions(asked);
    if others.is_empty() {
        return Ok(Vec::new());
    }
    match catalog.look_up(typed, &others)? {
        Looked::Found(named) => named
            .iter()
            .map(|n| {
                Ok(Candidate::new(
                    printed(catalog, n.edition, &n.key)?,
                    n.edition,
                ))
            })
            .collect(),
        _ => Ok(Vec::new()),
    }
}
