//! An export as JSON: the filters asked and the entries they let through,
//! in one object (`--json`), or one object per entry (JSON Lines).

use serde::Serialize;

use crate::answer::export::Exported;
use crate::model::{Edition, Entry};

/// `export --json`.
#[derive(Serialize)]
pub struct Export<'a> {
    edition: Option<Edition>,
    release: Option<&'a str>,
    entries: &'a [Entry],
}

pub fn view(exported: &Exported) -> Export<'_> {
    Export {
        edition: exported.edition,
        release: exported.release.as_deref(),
        entries: &exported.entries,
    }
}
