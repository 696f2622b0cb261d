//! The query as tantivy runs it: the user's syntax parsed (or read as
//! plain words when it is not valid), each word of the question with its
//! forms and prefix, words near each other scored higher, and the required
//! words all or any.

use std::collections::BTreeSet;

use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, QueryParser, TermQuery};
use tantivy::query_grammar::{self, Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::IndexRecordOption;
use tantivy::{Score, Term};

use super::correct::TYPOS;
use super::paragraphs::Looked;
use super::published::Published;
use super::rank::{Coverage, Rank, Required};
use super::reading::{Need, Unit, Words};
use super::{analyzed, Hit, SearchError, MOST_WORDS, NEAR};
use crate::index::SearchIndex;

/// How much a word in the topic counts against the same word in the body.
pub(super) const TOPIC_BOOST: Score = 3.0;
/// How much a word in a named card counts.
pub(super) const CARD_BOOST: Score = 1.5;
/// One way of reading the query: as typed or with typos allowed, every
/// required word required or any one of them, or, beside a quoted phrase
/// or a field that must match, none of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reading {
    pub(super) typos: bool,
    pub(super) any_word: bool,
    /// The words only rank the rulings the other clauses match.
    pub(super) words_rank: bool,
}

/// Every literal's text, for "did you mean".
pub(super) fn literals(ast: &UserInputAst, out: &mut Vec<String>) {
    match ast {
        UserInputAst::Clause(clauses) => clauses.iter().for_each(|(_, a)| literals(a, out)),
        UserInputAst::Boost(inner, _) => literals(inner, out),
        UserInputAst::Leaf(leaf) => {
            if let UserInputLeaf::Literal(literal) = &**leaf {
                out.push(literal.phrase.clone());
            }
        }
    }
}

/// The query's plain words: letters, digits, and apostrophes and hyphens
/// inside a word ("Q-Flash's"), without the operators `AND`, `OR`, `NOT`.
pub(super) fn plain_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-')))
        .map(|w| w.trim_matches(|c| matches!(c, '\'' | '’' | '-')))
        .filter(|w| !w.is_empty() && !matches!(*w, "AND" | "OR" | "NOT"))
        .map(str::to_string)
        .collect()
}

pub(super) fn words_ast(words: &[String]) -> UserInputAst {
    UserInputAst::Clause(
        words
            .iter()
            .map(|w| {
                let literal = UserInputLiteral {
                    field_name: None,
                    phrase: w.clone(),
                    delimiter: Delimiter::None,
                    slop: 0,
                    prefix: false,
                };
                (
                    None,
                    UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal))),
                )
            })
            .collect(),
    )
}

pub(super) struct Parsers {
    pub(super) exact: QueryParser,
    pub(super) typos: QueryParser,
}

impl Parsers {
    pub(super) fn new(index: &SearchIndex) -> Parsers {
        let f = index.fields();
        let make = |typos: bool| {
            let mut parser = QueryParser::for_index(index.index(), vec![f.topic, f.text, f.card]);
            parser.set_conjunction_by_default();
            parser.set_field_boost(f.topic, TOPIC_BOOST);
            parser.set_field_boost(f.card, CARD_BOOST);
            if typos {
                for field in [f.topic, f.text, f.card] {
                    parser.set_field_fuzzy(field, false, TYPOS, true);
                }
            }
            parser
        };
        Parsers {
            exact: make(false),
            typos: make(true),
        }
    }

    pub(super) fn parse(
        &self,
        ast: UserInputAst,
        typos: bool,
    ) -> Result<Box<dyn Query>, SearchError> {
        let parser = if typos { &self.typos } else { &self.exact };
        // A query that cannot be built is the query's fault, never the
        // index's: it must not be taken for damage.
        parser
            .build_query_from_user_input_ast(ast)
            .map_err(SearchError::Query)
    }
}

/// Reads the query: as typed when it is valid, else as its plain words.
pub(super) fn read_query(
    index: &SearchIndex,
    parsers: &Parsers,
    text: &str,
) -> Result<(UserInputAst, Option<String>), SearchError> {
    let text = &*super::syntax::prose(text);
    // Words the analyzer makes nothing of (`�^2`) are no part of the query:
    // alone in a clause, they would make it a clause of nothing.
    let mut has_words = |literal: &UserInputLiteral| {
        literal.field_name.is_some()
            || analyzed(index, index.fields().text, &literal.phrase)
                .map_or(true, |tokens| !tokens.is_empty())
    };
    let parsed = query_grammar::parse_query(text)
        .ok()
        .filter(|ast| !super::syntax::asks_existence(ast))
        .and_then(|ast| super::syntax::pruned(ast, &mut has_words));
    if let Some(ast) = parsed {
        let ast = super::syntax::normalized(ast);
        let mut words = Vec::new();
        literals(&ast, &mut words);
        if !words.is_empty() && !super::syntax::wants_something(&ast) {
            let (_, excluded) = super::syntax::asked(&ast, &[]);
            return Err(SearchError::OnlyExcluded { excluded });
        }
        let builds = parsers
            .exact
            .build_query_from_user_input_ast(ast.clone())
            .is_ok();
        if builds && !words.is_empty() {
            return Ok((ast, None));
        }
    }
    let words = plain_words(text);
    if words.is_empty() {
        return Err(SearchError::NoWords);
    }
    let ast = words_ast(&words);
    let plain = words.join(" ");
    // A query made of plain words alone needs no note.
    let same = text.split_whitespace().collect::<Vec<_>>().join(" ") == plain;
    Ok((ast, (!same).then_some(plain)))
}

/// Words of the documents that begin with `prefix` (folded, unstemmed),
/// the most used first, as a query over the searched fields with their
/// boosts: the word being typed matches what it will become.
pub(super) fn prefixed(
    index: &SearchIndex,
    prefix: &str,
) -> Result<Option<Box<dyn Query>>, SearchError> {
    let f = index.fields();
    let uses = super::reading::spelled_beginning(index, prefix)?;
    let mut words: Vec<(String, u64)> = uses.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut stems = BTreeSet::new();
    for (word, _) in words.into_iter().take(super::reading::MOST_PREFIXED) {
        stems.extend(analyzed(index, f.text, &word)?);
    }
    let mut alternatives: Vec<Box<dyn Query>> = Vec::new();
    for stem in &stems {
        for (field, boost) in [(f.topic, TOPIC_BOOST), (f.text, 1.0), (f.card, CARD_BOOST)] {
            let term = TermQuery::new(
                Term::from_field_text(field, stem),
                IndexRecordOption::WithFreqs,
            );
            alternatives.push(Box::new(BoostQuery::new(Box::new(term), boost)));
        }
    }
    Ok((!alternatives.is_empty())
        .then(|| Box::new(BooleanQuery::union(alternatives)) as Box<dyn Query>))
}

pub(super) fn leaf(literal: UserInputLiteral) -> UserInputAst {
    UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal)))
}

/// A unit of the query as a query: any of its forms.
pub(super) fn unit_query(
    index: &SearchIndex,
    parsers: &Parsers,
    unit: &Unit,
    typos: bool,
) -> Result<Box<dyn Query>, SearchError> {
    let mut alternatives = Vec::with_capacity(unit.forms.len() + 1);
    for form in &unit.forms {
        alternatives.push(parsers.parse(leaf(form.clone()), typos)?);
    }
    if let Some(prefix) = &unit.prefix {
        alternatives.extend(prefixed(index, prefix)?);
    }
    Ok(match alternatives.len() {
        1 => alternatives.pop().expect("one"),
        _ => Box::new(BooleanQuery::union(alternatives)),
    })
}

/// The query read as it was worded: its words (see `reading`) and the rest
/// of its clauses (fields, phrases, `+`, `-`) as typed.
pub(super) struct Reader<'a> {
    pub(super) index: &'a SearchIndex,
    pub(super) parsers: Parsers,
    pub(super) ast: UserInputAst,
    pub(super) words: Words,
    /// Places of the words among the top-level clauses.
    pub(super) places: Vec<usize>,
    /// Every word of the question, function words too, as topic keys
    /// write them.
    pub(super) question: Vec<String>,
}

/// Clauses of a boolean query: how each must occur, and the query.
pub(super) type Clauses = Vec<(Occur, Box<dyn Query>)>;

impl Reader<'_> {
    /// The other clauses, with how each must occur.
    pub(super) fn others(&self, typos: bool) -> Result<Clauses, SearchError> {
        let clauses: Vec<(Option<Occur>, UserInputAst)> = match &self.ast {
            UserInputAst::Clause(clauses) => clauses.clone(),
            other => vec![(None, other.clone())],
        };
        let mut out = Vec::new();
        for (place, (occur, ast)) in clauses.into_iter().enumerate() {
            if self.places.contains(&place) {
                continue;
            }
            let occur = occur.unwrap_or(Occur::Must);
            out.push((occur, self.parsers.parse(ast, typos)?));
        }
        Ok(out)
    }

    /// Whether a clause other than the words must match (a quoted phrase, a
    /// field): then it decides which rulings match, and the words rank
    /// them.
    pub(super) fn decided(&self) -> bool {
        let clauses: Vec<Option<Occur>> = match &self.ast {
            UserInputAst::Clause(clauses) => clauses.iter().map(|(o, _)| *o).collect(),
            _ => vec![None],
        };
        clauses.iter().enumerate().any(|(place, occur)| {
            !self.places.contains(&place) && occur.unwrap_or(Occur::Must) == Occur::Must
        })
    }

    pub(super) fn query(&self, reading: Reading) -> Result<Box<dyn Query>, SearchError> {
        if self.places.is_empty() {
            return self.parsers.parse(self.ast.clone(), reading.typos);
        }
        let mut clauses = self.others(reading.typos)?;
        let mut required = Vec::new();
        for unit in &self.words.units {
            let query = unit_query(self.index, &self.parsers, unit, reading.typos)?;
            match unit.need {
                Need::Required => required.push(query),
                Need::Optional => clauses.push((Occur::Should, query)),
            }
        }
        // Words of the question that stand near each other in a ruling
        // score it more: "mission points" near each other, not apart. A
        // common word left out counts beside its neighbour ("card draw").
        for pair in self.near_pairs().windows(2) {
            if let [Some(a), Some(b)] = pair {
                let near = UserInputLiteral {
                    field_name: None,
                    phrase: format!("{a} {b}"),
                    delimiter: Delimiter::DoubleQuotes,
                    slop: NEAR,
                    prefix: false,
                };
                clauses.push((Occur::Should, self.parsers.parse(leaf(near), false)?));
            }
        }
        if reading.any_word {
            // Beside a quoted phrase or a field that must match, a last
            // reading lets it decide which rulings match and the words only
            // rank them ("\"on planet\" include").
            let occur = if reading.words_rank {
                Occur::Should
            } else {
                Occur::Must
            };
            clauses.push((occur, Box::new(BooleanQuery::union(required))));
        } else {
            clauses.extend(required.into_iter().map(|q| (Occur::Must, q)));
        }
        Ok(Box::new(BooleanQuery::new(clauses)))
    }

    /// When no ruling holds every word: the hits ranked by the share of the
    /// words' weight that their best paragraph holds, instead of the whole
    /// ruling. A long section holds many words of a question by chance, far
    /// apart; a paragraph that holds them speaks to them.
    pub(super) fn by_paragraph(
        &self,
        hits: Vec<(Rank, Hit)>,
        coverage: &Coverage,
    ) -> Result<Vec<(Rank, Hit)>, SearchError> {
        let units: Vec<&Unit> = self.words.required().take(MOST_WORDS).collect();
        let looked = Looked::new(self.index, self.index.fields().text, &units)?;
        let mut ranked = Vec::with_capacity(hits.len());
        for (mut rank, mut hit) in hits {
            let whole = Coverage::share(&coverage.weights, rank.has);
            if whole > 0.0 {
                let best = looked
                    .held_together(&text_of(&hit))?
                    .into_iter()
                    .map(|bits| Coverage::share(&coverage.weights, bits))
                    .fold(0.0, Score::max);
                rank.score = rank.score / whole * best;
                hit.score = rank.score;
            }
            ranked.push((rank, hit));
        }
        // Stable: hits alike keep the order BM25 gave them.
        ranked.sort_by(|a, b| b.0.score.total_cmp(&a.0.score));
        Ok(ranked)
    }

    /// The hits in the order to show them: see `regathered`.
    pub(super) fn regathered(
        &self,
        hits: Vec<(Rank, Hit)>,
    ) -> Result<Vec<(Rank, Hit)>, SearchError> {
        let units: Vec<&Unit> = self.words.required().take(MOST_WORDS).collect();
        let mut ranked = Vec::with_capacity(hits.len());
        for (rank, hit) in &hits {
            ranked.push(super::regathered::Ranked {
                has: rank.has,
                status: &hit.period.status,
                release: hit.id.split_once(':').map_or(hit.id.as_str(), |(r, _)| r),
                edition: hit.edition,
                text: text_of(hit),
                named: super::regathered::names_its_subject(&self.question, &hit.topic),
            });
        }
        let order =
            super::regathered::order(self.index, self.index.fields().text, &units, &ranked)?;
        let mut slots: Vec<Option<(Rank, Hit)>> = hits.into_iter().map(Some).collect();
        Ok(order.into_iter().filter_map(|k| slots[k].take()).collect())
    }

    /// The question's words that take part in its pairs of near words, in
    /// the order typed: each unit and each common word left out, as one
    /// word to look for, or `None` for a unit of several forms or a prefix
    /// (it makes no pair).
    fn near_pairs(&self) -> Vec<Option<String>> {
        let mut placed: Vec<(usize, Option<String>)> = self
            .words
            .units
            .iter()
            .map(|u| {
                // One word, or one word and its other forms ("draw",
                // "drew", "drawn"): the word as typed makes the pair.
                let typed = &u.forms[0].phrase;
                let forms = 1 + crate::english::other_forms(typed).len();
                let simple = u.forms.len() == forms && u.prefix.is_none();
                (u.at, simple.then(|| typed.clone()))
            })
            .collect();
        placed.extend(
            self.words
                .common
                .iter()
                .map(|(at, w)| (*at, Some(w.clone()))),
        );
        placed.sort_by_key(|(at, _)| *at);
        placed.into_iter().map(|(_, w)| w).collect()
    }

    /// The entries whose topic leaves a word out of its scope: "non-Borg"
    /// for "borg", unless the question itself says "non".
    fn scoped_out(&self, unit: &Unit) -> Result<Option<Box<dyn Query>>, SearchError> {
        let [only] = unit.forms.as_slice() else {
            return Ok(None);
        };
        let word = &only.phrase;
        // The question's words are normalized: "non-Borg" is "non borg".
        if unit.prefix.is_some()
            || !word.chars().all(char::is_alphanumeric)
            || self
                .question
                .iter()
                .any(|w| w == "non" || w.starts_with("non "))
        {
            return Ok(None);
        }
        let f = self.index.fields();
        let terms: Vec<Term> = super::analyzed(self.index, f.topic, &format!("non {word}"))?
            .iter()
            .map(|t| Term::from_field_text(f.topic, t))
            .collect();
        Ok((terms.len() == 2).then(|| Box::new(PhraseQuery::new(terms)) as Box<dyn Query>))
    }

    /// Which required words each entry has.
    ///
    /// A word typed as one word of letters is had in the forms of it that
    /// the documents spell (see `super::reading::forms_in_documents`), not in
    /// every word that shares its stem: a ruling on commandeering does not
    /// have "commander". Other words (phrases, joined, prefixes, typos) are
    /// had as they match.
    pub(super) fn coverage(
        &self,
        published: &Published,
        reading: Reading,
    ) -> Result<Option<Coverage>, SearchError> {
        let (typos, words_rank) = (reading.typos, reading.words_rank);
        let spelled = self.index.fields().spelled;
        let mut units = Vec::new();
        for unit in self.words.required() {
            let forms = match unit.forms.as_slice() {
                [only] if !typos && unit.prefix.is_none() => {
                    super::reading::forms_in_documents(self.index, &only.phrase)?
                }
                _ => Vec::new(),
            };
            let query: Box<dyn Query> = if forms.is_empty() {
                unit_query(self.index, &self.parsers, unit, typos)?
            } else {
                Box::new(BooleanQuery::union(
                    forms
                        .iter()
                        .map(|form| {
                            Box::new(TermQuery::new(
                                Term::from_field_text(spelled, form),
                                IndexRecordOption::Basic,
                            )) as Box<dyn Query>
                        })
                        .collect(),
                ))
            };
            units.push(Required {
                typed: unit.typed.clone(),
                query,
                outside: self.scoped_out(unit)?,
            });
        }
        Coverage::of(published, units, words_rank)
    }
}

/// A hit's topic, a newline, and its body as the documents give it
/// (Markdown).
fn text_of(hit: &Hit) -> String {
    format!("{}\n{}", hit.topic, hit.entry.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_drop_syntax_and_operators() {
        assert_eq!(plain_words("\"once each turn"), ["once", "each", "turn"]);
        assert_eq!(plain_words("cloak AND"), ["cloak"]);
        assert_eq!(plain_words("O'Brien's (card:"), ["O'Brien's", "card"]);
        assert!(plain_words("AND \"").is_empty());
        assert_eq!(plain_words("-Q-Flash's' effect"), ["Q-Flash's", "effect"]);
    }

    #[test]
    fn only_bare_words_are_read_as_words() {
        let ast =
            query_grammar::parse_query("comandeer \"docked ship\" -tribble topic:x +ship").unwrap();
        assert_eq!(
            crate::search::reading::plain_words(&ast),
            [(0, "comandeer".to_string())]
        );
        let ast = query_grammar::parse_query("comandeer").unwrap();
        assert_eq!(
            crate::search::reading::plain_words(&ast),
            [(0, "comandeer".to_string())]
        );
        // A query with OR says itself how its words combine.
        let ast = query_grammar::parse_query("cloak OR phase").unwrap();
        assert!(crate::search::reading::plain_words(&ast).is_empty());
    }
}
