//! `--link` on `search`, `show` and `errata`: instead of the answer, the
//! stable link of the page of `rulings serve` that shows the same answer,
//! on the date it was asked for. The links are read from the answer's own
//! JSON, so a link names what was found (the topic in each edition), not
//! only what was typed.

use std::io::Write;

use serde_json::Value;

use super::{Config, Outcome, Printer};
use crate::answer::links;
use crate::catalog::Catalog;
use crate::cli::{Command, ErrataArgs, SearchArgs, ShowArgs, DEFAULT_URL};

/// Where links point: `$RULINGS_URL` (as `rulings serve` printed it), else
/// the address `rulings serve` listens on by default.
pub fn base_url() -> String {
    let url = std::env::var("RULINGS_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_URL.to_string());
    url.trim().trim_end_matches('/').to_string()
}

/// Prints the link of each answer of `command` (one per edition found, or
/// the search's page), with the outcome the answer itself has.
pub fn run(
    command: &Command,
    config: &Config,
    catalog: &Catalog,
    p: &mut Printer<impl Write, impl Write>,
) -> anyhow::Result<Outcome> {
    let as_json = as_json(command);
    let mut inner = Printer::new(Vec::new(), std::io::sink(), p.style);
    inner.quiet = true;
    let outcome = super::answer(&as_json, config, catalog, &mut inner)?;
    let answer: Value = serde_json::from_slice(&inner.out.into_inner())?;
    let base = base_url();
    let paths = match command {
        Command::Search(args) => vec![links::search(
            &args.query.join(" "),
            args.edition,
            Some(config.as_of(args.as_of)),
            args.all,
        )],
        Command::Show(_) => links::of_show(&answer),
        Command::Errata(_) => links::of_errata(&answer),
        _ => Vec::new(),
    };
    for path in paths {
        p.out.line(&format!("{base}{path}"))?;
    }
    Ok(outcome)
}

/// The same question asked for its JSON.
fn as_json(command: &Command) -> Command {
    match command {
        Command::Search(a) => Command::Search(SearchArgs {
            query: a.query.clone(),
            edition: a.edition,
            kind: a.kind,
            as_of: a.as_of,
            all: a.all,
            limit: a.limit,
            typing: a.typing,
            link: false,
            json: true,
        }),
        Command::Show(a) => Command::Show(ShowArgs {
            topic: a.topic.clone(),
            edition: a.edition,
            as_of: a.as_of,
            history: a.history,
            link: false,
            json: true,
        }),
        Command::Errata(a) => Command::Errata(ErrataArgs {
            card: a.card.clone(),
            edition: a.edition,
            as_of: a.as_of,
            link: false,
            json: true,
        }),
        _ => unreachable!("only search, show and errata print links"),
    }
}
