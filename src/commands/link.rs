//! `--link` on `search`, `show` and `errata`: instead of the answer, the
//! stable link of the page of `rulings serve` that shows the same answer,
//! on the date it was asked for. The links are read from the answer's own
//! JSON, so a link names what was found (the topic in each edition), not
//! only what was typed.

use std::io::Write;

use serde_json::Value;

use super::{Config, Failure, Printer};
use crate::cli::{Command, ErrataArgs, SearchArgs, ShowArgs, DEFAULT_URL};
use rulings::answer::links;
use rulings::answer::Answer;

/// Where links point: `$RULINGS_URL` (as `rulings serve` printed it), else
/// the address `rulings serve` listens on by default.
pub fn base_url() -> String {
    let url = std::env::var("RULINGS_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_URL.to_string());
    url.trim().trim_end_matches('/').to_string()
}

/// Whether the command asks for links instead of the answer.
pub fn asked(command: &Command) -> bool {
    match command {
        Command::Search(args) => args.link,
        Command::Show(args) => args.link,
        Command::Errata(args) => args.link,
        _ => false,
    }
}

/// Prints the link of each part of `answer` (one per edition found, or
/// the search's page), `answer` being the one to the question
/// [`as_json`] asks.
pub fn write(
    command: &Command,
    config: &Config,
    answer: &Answer,
    p: &mut Printer<impl Write, impl Write>,
) -> Result<(), Failure> {
    let answer: Value = serde_json::from_slice(&rulings::render::json::body(answer)?)
        .map_err(std::io::Error::from)?;
    let base = base_url();
    let paths = match command {
        Command::Search(args) => vec![links::search(
            &args.query.join(" "),
            args.scope.edition,
            Some(config.as_of(args.scope.as_of())),
            args.all,
        )],
        Command::Show(_) => links::of_show(&answer),
        Command::Errata(_) => links::of_errata(&answer),
        _ => Vec::new(),
    };
    for path in paths {
        p.out.line(&format!("{base}{path}"))?;
    }
    Ok(())
}

/// The same question asked for its JSON.
pub fn as_json(command: &Command) -> Command {
    match command {
        Command::Search(a) => Command::Search(SearchArgs {
            query: a.query.clone(),
            scope: a.scope.clone(),
            whose: a.whose,
            kind: a.kind,
            all: a.all,
            limit: a.limit,
            typing: a.typing,
            link: false,
            json: true,
        }),
        Command::Show(a) => Command::Show(ShowArgs {
            topic: a.topic.clone(),
            scope: a.scope.clone(),
            whose: a.whose,
            history: a.history,
            link: false,
            json: true,
        }),
        Command::Errata(a) => Command::Errata(ErrataArgs {
            card: a.card.clone(),
            scope: a.scope.clone(),
            link: false,
            json: true,
        }),
        _ => unreachable!("only search, show and errata print links"),
    }
}
