//! What the fuzz target checks for one input, shared with the smoke test
//! in `tests/it/limits.rs`: takes bytes, reads them as what a TD types and
//! runs them through the library as the commands do, on a real index of
//! the bundled corpus.
//!
//! The first byte picks the way in (a search as typed or as in `ask`, a
//! name for `show`/`errata`, the sides and a topic of `diff`); the rest is
//! the text. For each input:
//!
//! - nothing panics (the fuzzer reports a panic or a stack overflow);
//! - text past the limits is refused by `limits::check`, and nothing else
//!   is asked of the library;
//! - a search never fails as the index failing (`Tantivy`, `Stored`): the
//!   commands would take that for damage and rebuild the index;
//! - a search that only leaves out, or has no words, says so.

use std::path::Path;

use rulings::catalog::Catalog;
use rulings::corpus::Sources;
use rulings::diff::NamedSide;
use rulings::limits::{self, Typed};
use rulings::model::Edition;
use rulings::search::{self, Request, SearchError};

/// The index the inputs are run against.
pub struct Fixture {
    catalog: Catalog,
}

impl Fixture {
    /// The bundled corpus, indexed into `index` (a folder of the caller's).
    pub fn new(index: &Path) -> Fixture {
        let bundled = Sources {
            bundled: true,
            folders: Vec::new(),
            cards: None,
        };
        let catalog = Catalog::open(&bundled, index).expect("the bundled corpus indexes");
        Fixture { catalog }
    }
}

/// Runs one input.
pub fn run(fixture: &Fixture, data: &[u8]) {
    let Some((&way, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match way % 4 {
        0 | 1 => search_as_typed(fixture, &text, way % 4 == 1, way & 0x10 != 0),
        2 => name(fixture, &text, way & 0x10 != 0),
        _ => diff_sides(fixture, &text, way),
    }
}

fn search_as_typed(fixture: &Fixture, text: &str, typing: bool, first: bool) {
    let within = limits::check(Typed::Query, text);
    let request = Request {
        query: text.to_string(),
        edition: first.then_some(Edition::First),
        kind: None,
        authority: None,
        as_of: chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap(),
        all: false,
        limit: 5,
        typing,
    };
    match (within, search::search(fixture.catalog.index(), &request)) {
        (Err(refused), Err(SearchError::TooLong(said))) => assert_eq!(refused, said),
        (Err(refused), other) => panic!("{refused} but searched: {other:?}"),
        (Ok(()), Ok(_)) => {}
        (Ok(()), Err(SearchError::NoWords | SearchError::OnlyExcluded { .. })) => {}
        (Ok(()), Err(e)) => panic!("{text:?}: {e}"),
    }
}

fn name(fixture: &Fixture, text: &str, both: bool) {
    if limits::check(Typed::Name, text).is_err() {
        return;
    }
    let editions: &[Edition] = if both {
        &[Edition::First, Edition::Second]
    } else {
        &[Edition::First]
    };
    let (typed, _, _) = rulings::answer::show::name_and_edition(text, None);
    fixture
        .catalog
        .look_up_name(&typed, editions)
        .expect("a name is looked up");
    fixture
        .catalog
        .look_up(&typed, editions)
        .expect("a name is looked up");
}

/// `diff FROM TO [TOPIC]`: the text split at its first two tabs.
fn diff_sides(fixture: &Fixture, text: &str, way: u8) {
    let mut parts = text.splitn(3, '\t');
    let from = parts.next().unwrap_or_default();
    let to = parts.next().unwrap_or("2014-11-03");
    let topic = parts.next();
    // Each side read as the command line reads it.
    let (Ok(from), Ok(to)) = (NamedSide::read(from), NamedSide::read(to)) else {
        return;
    };
    let topics: Vec<String> = topic.map(str::to_string).into_iter().collect();
    let within = [
        limits::check(Typed::Side, from.text()),
        limits::check(Typed::Side, to.text()),
    ];
    if within.iter().any(Result::is_err)
        || topics
            .iter()
            .any(|t| limits::check(Typed::Name, t).is_err())
    {
        return;
    }
    for side in [&from, &to] {
        let _ = rulings::diff::Side::resolve(&fixture.catalog, side);
    }
    // A whole comparison, now and then: it reads every ruling.
    if way & 0xf0 == 0xf0 {
        let _ = rulings::diff::compare(
            &fixture.catalog,
            &rulings::diff::Request {
                from: &from,
                to: &to,
                edition: None,
                documents: false,
                topics: &topics,
            },
        );
    }
}

/// Pieces of what a TD types, and of what a TD should not.
const PIECES: &[&str] = &[
    "cloaking",
    "device",
    "time",
    "location",
    "once",
    "each",
    "turn",
    "Q-Flash's",
    "Horga'hn",
    "O'Brien",
    "what",
    "happens",
    "when",
    "a",
    "ship",
    "is",
    "damaged",
    "1e",
    "2E",
    "first",
    "edition",
    "second",
    "comandeer",
    "wormhle",
    "xyzzyq",
    "spaceline",
    "space",
    "line",
    "AND",
    "OR",
    "NOT",
    "and",
    "or",
    "not",
    "-",
    "+",
    "(",
    ")",
    "\"",
    "'",
    ":",
    "*",
    "^2",
    "~1",
    "topic:",
    "text:",
    "card:",
    "edition:",
    "kind:",
    "release:",
    "[",
    "]",
    "{",
    "}",
    "TO",
    "IN",
    "\\",
    "é",
    "Ü",
    "ß",
    "\u{2019}",
    "\u{202e}",
    "\u{200b}",
    "\u{feff}",
    "日本",
    "🖖",
    "\t",
    "\n",
    "  ",
    "0",
    "42",
    "2014-11-03",
    "3/27/00",
    "1e-2014-11-03-crd",
    "2e-2012-02-06-crd",
];

/// A random input for [`run`]: pieces joined with spaces or not, now and
/// then a long run of one piece (past the limits, or just under them).
pub fn generate(rng: &mut fastrand::Rng) -> Vec<u8> {
    let mut out = vec![rng.u8(..)];
    let mut text = String::new();
    let pieces = match rng.u8(..16) {
        0 => rng.usize(60..700),
        1..=3 => rng.usize(8..70),
        _ => rng.usize(1..10),
    };
    for _ in 0..pieces {
        let piece = PIECES[rng.usize(..PIECES.len())];
        text.push_str(piece);
        if rng.bool() {
            text.push(' ');
        }
    }
    if rng.u8(..8) == 0 {
        let piece = PIECES[rng.usize(..PIECES.len())];
        text.push_str(&piece.repeat(rng.usize(1..3000)));
    }
    out.extend_from_slice(text.as_bytes());
    // A byte flipped, which may break a character.
    if rng.u8(..8) == 0 && out.len() > 1 {
        let at = rng.usize(1..out.len());
        out[at] ^= 1 << rng.u8(..8);
    }
    out
}
