//! A word had only inside the name of something else, or only inside the
//! game text a clarification quotes as its example (see
//! [`only_in_quotes`]).
//!
//! "Tractor Beam" is a card; a ruling that lists it among other cards says
//! nothing of beaming. When every place a ruling's text holds a word of the
//! question is inside a name of two words or more (capitalized words side
//! by side, as `crate::index::mentions` reads them: a card, a mission, a
//! quadrant) that the question does not name, and the documents use the
//! word as an ordinary word elsewhere, the ruling does not have the word:
//! it has a name that happens to contain it. A word the documents use only
//! in names ("portal" of *Space-Time Portal*, "kidnappers" of *Telepathic
//! Alien Kidnappers*) is the question naming the thing by a part of its
//! name, and stays had.

use tantivy::query::TermQuery;
use tantivy::schema::{IndexRecordOption, TantivyDocument};
use tantivy::Term;

use super::reading::Unit;
use super::{analyzed, stored, SearchError};
use crate::index::mentions::capitalized_runs;
use crate::index::SearchIndex;

/// How many other rulings that hold a word are read to see whether the
/// documents use it as an ordinary word.
const LOOKED_AT: usize = 20;

/// A text's words as the index stems them, and its names of two words or
/// more with theirs: read once, asked of each word of the question.
struct Read {
    stems: Vec<String>,
    names: Vec<(String, Vec<String>)>,
}

/// A text's names of two capitalized words or more (a card, a mission),
/// as printed.
pub(super) fn names_in(text: &str) -> impl Iterator<Item = String> {
    capitalized_runs(text).into_iter().filter(|name| {
        name.split(' ')
            .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
            .count()
            >= 2
    })
}

impl Read {
    fn new(index: &SearchIndex, text: &str) -> Result<Read, SearchError> {
        let field = index.fields().text;
        let mut names = Vec::new();
        for name in names_in(text) {
            let stems = analyzed(index, field, &name)?;
            names.push((name, stems));
        }
        Ok(Read {
            stems: analyzed(index, field, text)?,
            names,
        })
    }

    /// How often the text holds a stem: in all, and inside names; with
    /// those names, each once.
    fn places(&self, stem: &str) -> (usize, usize, Vec<String>) {
        let count = |stems: &[String]| stems.iter().filter(|t| *t == stem).count();
        let mut inside = 0;
        let mut names: Vec<String> = Vec::new();
        for (name, stems) in &self.names {
            let here = count(stems);
            if here > 0 {
                inside += here;
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
        (count(&self.stems), inside, names)
    }
}

/// Whether the question's words name `name` whole, or one of the names an
/// "and" joins in it ("Warrior's Birthright and Issue Secret Orders"): a
/// plural `s` more or less, the small words inside a name aside.
pub(super) fn named_by(question: &[String], name: &str) -> bool {
    let one = |w: &str| w.trim_end_matches('s').to_string();
    let names = |part: &str| {
        crate::topic::normalize(part)
            .split(' ')
            .filter(|w| !w.is_empty() && !crate::english::is_function_word(w))
            .all(|w| question.iter().any(|q| one(q) == one(w)))
    };
    names(name) || name.split(" and ").any(names)
}

/// What the first hit lacks where it holds the words: the required words
/// it has only inside names, with those names, or, when none is, whether it
/// is a clarification that has them all only in the card text it quotes.
#[derive(Debug, Default)]
pub(super) struct Lacked {
    pub(super) words: Vec<String>,
    pub(super) names: Vec<String>,
    pub(super) quoted: bool,
}

/// See [`Lacked`]. `units` are the required words; `topic`, the stems of
/// the ruling's topic; `erratum`, whether the ruling is one (its quotation
/// is its ruling).
pub(super) fn lacked(
    index: &SearchIndex,
    question: &[String],
    units: &[&Unit],
    (topic, text): (&[String], &str),
    erratum: bool,
) -> Result<Lacked, SearchError> {
    let mut out = Lacked::default();
    for (word, names) in only_in_names(index, question, units, topic, text)? {
        out.words.push(word);
        for name in names {
            if !out.names.contains(&name) {
                out.names.push(name);
            }
        }
    }
    if out.words.is_empty() && !erratum && only_in_quotes(index, units, topic, text)? {
        out.words = units.iter().map(|u| u.typed.clone()).collect();
        out.quoted = true;
    }
    Ok(out)
}

/// The required words (as typed) that a ruling (the stems of its topic, and
/// its text) holds only inside names the question does not name, while the
/// documents use them as ordinary words; each with those names.
fn only_in_names(
    index: &SearchIndex,
    question: &[String],
    units: &[&Unit],
    topic: &[String],
    text: &str,
) -> Result<Vec<(String, Vec<String>)>, SearchError> {
    let field = index.fields().text;
    let read = Read::new(index, text)?;
    let mut out = Vec::new();
    for unit in units {
        let ([form], None) = (unit.forms.as_slice(), &unit.prefix) else {
            continue;
        };
        let [stem]: [String; 1] = match analyzed(index, field, &form.phrase)?.try_into() {
            Ok(one) => one,
            Err(_) => continue,
        };
        if topic.contains(&stem) {
            continue;
        }
        let (all, inside, names) = read.places(&stem);
        if all == 0 || inside < all || names.iter().any(|n| named_by(question, n)) {
            continue;
        }
        if ordinary(index, &stem, text)? {
            out.push((unit.typed.clone(), names));
        }
    }
    Ok(out)
}

/// Whether another ruling that holds the stem holds it outside a name.
fn ordinary(index: &SearchIndex, stem: &str, text: &str) -> Result<bool, SearchError> {
    let fields = index.fields();
    let searcher = index.searcher();
    let query = TermQuery::new(
        Term::from_field_text(fields.text, stem),
        IndexRecordOption::Basic,
    );
    for address in super::rank::best_by_score(searcher, &query, LOOKED_AT)? {
        let doc: TantivyDocument = searcher.doc(address)?;
        let other = stored(&doc, fields.text)?;
        if other == text {
            continue;
        }
        let (all, inside, _) = Read::new(index, other)?.places(stem);
        if inside < all {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether a ruling that is no erratum, on a topic that holds none of the
/// required words, holds each of them only inside the game text it quotes
/// ("For example: \"… you may spend an additional counter each turn.\""):
/// a clarification quotes card text as an example of its point, and a
/// question made only of the example's words asks about something else.
/// An erratum's quotation is its ruling, and is not looked at here.
fn only_in_quotes(
    index: &SearchIndex,
    units: &[&Unit],
    topic: &[String],
    text: &str,
) -> Result<bool, SearchError> {
    let field = index.fields().text;
    let mut quoted = String::new();
    let mut outside = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            '"' => inside = !inside,
            '“' => inside = true,
            '”' => inside = false,
            c if inside => quoted.push(c),
            c => outside.push(c),
        }
        if matches!(c, '"' | '“' | '”') {
            quoted.push(' ');
            outside.push(' ');
        }
    }
    let quoted = analyzed(index, field, &quoted)?;
    let outside = analyzed(index, field, &outside)?;
    let mut any = false;
    for unit in units {
        if unit.prefix.is_some() {
            return Ok(false);
        }
        for form in &unit.forms {
            let stems = analyzed(index, field, &form.phrase)?;
            if stems
                .iter()
                .any(|s| topic.contains(s) || outside.contains(s))
            {
                return Ok(false);
            }
            any |= !stems.is_empty() && stems.iter().all(|s| quoted.contains(s));
        }
    }
    Ok(any)
}
