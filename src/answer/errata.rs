//! A card's errata answered: the erratum in force on a date in one
//! edition, how often it was reprinted unchanged, and the errata before it.
//! Data only; the renderers word it.

use chrono::NaiveDate;

use crate::catalog::{Catalog, Reprints, Stored};
use crate::index::timeline::Period;
use crate::model::Edition;
use crate::status::Status;
use crate::topic::TopicKey;

/// A card's errata as of a date.
pub struct CardErrata {
    pub edition: Edition,
    /// The newest erratum, with its period on the date.
    pub newest: (Stored, Period),
    /// How many earlier errata printed the same text again (when
    /// reprints are collapsed).
    pub reprints: usize,
    /// Earlier errata on the same card, newest first, each with how many
    /// earlier ones printed the same text (when reprints are collapsed).
    pub history: Vec<(Stored, usize)>,
}

impl CardErrata {
    /// The erratum's status on the date.
    pub fn status(&self) -> &Status {
        &self.newest.1.status
    }
}

/// A card's errata in effect on the date, if it has any. For people,
/// `reprints` says whether a text reprinted unchanged is read once (for
/// people) or every time (JSON lists every one).
pub fn card_errata(
    catalog: &Catalog,
    edition: Edition,
    key: &TopicKey,
    as_of: NaiveDate,
    reprints: Reprints,
) -> anyhow::Result<Option<CardErrata>> {
    let mut errata = catalog.errata(edition, key, as_of, reprints)?.into_iter();
    let Some((newest, reprints)) = errata.next() else {
        return Ok(None);
    };
    let Some(period) = newest.on(as_of)? else {
        return Ok(None);
    };
    Ok(Some(CardErrata {
        edition,
        newest: (newest, period),
        reprints,
        history: errata.collect(),
    }))
}
