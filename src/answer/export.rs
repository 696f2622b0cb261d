//! Every entry as the index holds it, of one edition or one release if
//! asked, for other tools to read.

use super::error::{ErrorCode, Failure, Refusal};
use crate::catalog::Catalog;
use crate::model::{Edition, Entry};

/// The entries exported, with the filters asked.
pub struct Exported {
    pub edition: Option<Edition>,
    pub release: Option<String>,
    pub entries: Vec<Entry>,
}

/// Every entry of the corpus, or of `release`, of `edition` if asked. A
/// release the corpus does not have is refused.
pub fn ask(
    catalog: &Catalog,
    edition: Option<Edition>,
    release: Option<&str>,
) -> Result<Exported, Failure> {
    let stored = match release {
        Some(id) => {
            if catalog.release(id)?.is_none_or(|r| r.id != id) {
                return Err(Refusal::new(
                    ErrorCode::UnknownRelease,
                    format!("unknown release `{id}` (see `rulings releases`)"),
                )
                .into());
            }
            catalog.entries_of_release(id)?
        }
        None => catalog.all_entries()?,
    };
    Ok(Exported {
        edition,
        release: release.map(str::to_string),
        entries: stored
            .into_iter()
            .map(|stored| stored.entry)
            .filter(|entry| edition.is_none_or(|e| e == entry.edition))
            .collect(),
    })
}
