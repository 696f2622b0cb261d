//! `rulings export`: every entry as the index holds it, for other tools to
//! read: one JSON object per line (JSON Lines, to stream), or with `--json`
//! one object holding them all, the shape of every command's `--json`.

use std::io::Write;

use anyhow::bail;
use serde::Serialize;

use super::{Outcome, Printer};
use crate::catalog::Catalog;
use crate::model::{Edition, Entry};

/// `export --json`: the filters asked and the entries they let through.
#[derive(Serialize)]
struct Export<'a> {
    edition: Option<Edition>,
    release: Option<&'a str>,
    entries: Vec<&'a Entry>,
}

pub fn run(
    catalog: &Catalog,
    edition: Option<Edition>,
    release: Option<&str>,
    json: bool,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let entries = match release {
        Some(id) => {
            if catalog.release(id)?.is_none_or(|r| r.id != id) {
                bail!(super::Refusal::new(
                    super::ErrorCode::UnknownRelease,
                    format!("unknown release `{id}` (see `rulings releases`)")
                ));
            }
            catalog.entries_of_release(id)?
        }
        None => catalog.all_entries()?,
    };
    let chosen: Vec<&Entry> = entries
        .iter()
        .map(|stored| &stored.entry)
        .filter(|entry| edition.is_none_or(|e| e == entry.edition))
        .collect();
    if json {
        p.out.json(&Export {
            edition,
            release,
            entries: chosen.clone(),
        })?;
    } else {
        for entry in &chosen {
            p.out.json_line(entry)?;
        }
    }
    Ok(if chosen.is_empty() {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}
