//! `rulings export`: every entry as the index holds it, one JSON object per
//! line, for other tools to read.

use std::io::Write;

use anyhow::bail;

use super::{Outcome, Printer};
use crate::catalog::Catalog;
use crate::model::Edition;

pub fn run(
    catalog: &Catalog,
    edition: Option<Edition>,
    release: Option<&str>,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let entries = match release {
        Some(id) => {
            if catalog.release(id)?.is_none_or(|r| r.id != id) {
                bail!("unknown release `{id}` (see `rulings releases`)");
            }
            catalog.entries_of_release(id)?
        }
        None => catalog.all_entries()?,
    };
    let mut count = 0usize;
    for stored in entries {
        if edition.is_some_and(|e| e != stored.entry.edition) {
            continue;
        }
        p.out.json_line(&stored.entry)?;
        count += 1;
    }
    Ok(if count == 0 {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}
