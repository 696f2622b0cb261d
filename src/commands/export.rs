//! `rulings export`: every parsed entry, one JSON object per line, for other
//! tools to read.

use anyhow::bail;

use super::Outcome;
use crate::corpus::Corpus;
use crate::model::Edition;
use crate::output::Out;

pub fn run(
    corpus: &Corpus,
    edition: Option<Edition>,
    release: Option<&str>,
) -> anyhow::Result<Outcome> {
    if let Some(id) = release {
        if corpus.release(id).is_none() {
            bail!("unknown release `{id}` (see `rulings releases`)");
        }
    }
    let mut out = Out::new();
    let mut count = 0usize;
    for entry in corpus.entries() {
        if edition.is_some_and(|e| e != entry.edition)
            || release.is_some_and(|id| id != entry.release)
        {
            continue;
        }
        out.json_line(entry)?;
        count += 1;
    }
    out.flush()?;
    Ok(if count == 0 {
        Outcome::NothingFound
    } else {
        Outcome::Found
    })
}
