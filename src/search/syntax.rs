//! The operators of a query, as a TD means them: takes the query as
//! tantivy's grammar reads it, gives the same query with its operators
//! made plain, and what it asks for and leaves out, for the answer to say.
//!
//! - `NOT word` and `-word` leave out every ruling with the word, wherever
//!   they stand: the grammar reads `cloaking AND NOT device` as "cloaking,
//!   and a group of nothing but exclusions", which matches nothing; here
//!   such a group's exclusions are the enclosing query's.
//! - `OR` binds closer than the words around it: `cloaking OR phasing
//!   device` is (cloaking OR phasing) and device. The grammar reads the
//!   alternatives as optional beside a required word (found or not, they
//!   only rank), which is not what was typed.
//! - A query that only leaves out (`NOT cloaking`) has nothing to search
//!   for.
//!
//! - Punctuation of prose is not an operator: a colon before a space
//!   ends a clause ("conditional text: does the also sentence…"), it does
//!   not make the word before it a field; a dash between spaces ("a woman
//!   — are we stopped", typed with `-`) leaves nothing out; an apostrophe
//!   is no quote ("Captain's Log … DS9's commander" holds no phrase). The
//!   grammar's fields are written `field:word`, its exclusions `-word`.
//!
//! Every step recurses once per group of parentheses, which the query's
//! limits bound (see `crate::limits`).

use tantivy::query::Occur;
use tantivy::query_grammar::{Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};

/// The query with the punctuation of prose read as such: outside a quoted
/// phrase, a colon followed by a space (or ending the query), and a `-` or
/// `+` standing alone between spaces, are spaces; an apostrophe is a letter
/// of its word, never a quote.
pub(super) fn prose(text: &str) -> std::borrow::Cow<'_, str> {
    let chars: Vec<char> = text.chars().collect();
    let space = |at: Option<&char>| at.is_none_or(|c| c.is_whitespace());
    let mut quoted = false;
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for (at, &c) in chars.iter().enumerate() {
        if c == '"' {
            quoted = !quoted;
        }
        let before = at.checked_sub(1).and_then(|b| chars.get(b));
        let after = chars.get(at + 1);
        let punctuation = !quoted
            && match c {
                ':' => space(after),
                '-' | '+' => space(before) && space(after),
                _ => false,
            };
        if punctuation {
            changed = true;
            out.push(' ');
        } else if c == '\'' && !quoted {
            // The grammar reads text between two apostrophes as a phrase:
            // "Captain's Log … DS9's" would ask for "s Log … DS9". Written
            // as the typographic apostrophe, it is a letter of its word,
            // as the index reads it.
            changed = true;
            out.push('\u{2019}');
        } else {
            out.push(c);
        }
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The query with its exclusions lifted out of groups that hold nothing
/// else, and alternatives beside required words grouped as one required
/// choice.
pub(super) fn normalized(ast: UserInputAst) -> UserInputAst {
    match ast {
        UserInputAst::Clause(clauses) => UserInputAst::Clause(normalized_clauses(clauses)),
        UserInputAst::Boost(inner, boost) => {
            UserInputAst::Boost(Box::new(normalized(*inner)), boost)
        }
        leaf => leaf,
    }
}

fn normalized_clauses(
    clauses: Vec<(Option<Occur>, UserInputAst)>,
) -> Vec<(Option<Occur>, UserInputAst)> {
    let mut out = Vec::with_capacity(clauses.len());
    for (occur, ast) in clauses {
        match (occur, exclusions(normalized(ast))) {
            // Leaving out what is left out (`NOT (NOT a NOT b)`) asks for
            // any of it.
            (Some(Occur::MustNot), Ok(inner)) => {
                let any = inner
                    .into_iter()
                    .map(|(_, a)| (Some(Occur::Should), a))
                    .collect();
                out.push((Some(Occur::Must), UserInputAst::Clause(any)));
            }
            // A group of nothing but exclusions: its exclusions are this
            // group's.
            (_, Ok(inner)) => out.extend(inner),
            (occur, Err(ast)) => out.push((occur, ast)),
        }
    }
    let required = out
        .iter()
        .any(|(o, _)| matches!(o, None | Some(Occur::Must)));
    let alternatives = out
        .iter()
        .filter(|(o, _)| *o == Some(Occur::Should))
        .count();
    if !required || alternatives < 2 {
        // A lone alternative beside required words is one of them.
        if required {
            for (occur, _) in &mut out {
                if *occur == Some(Occur::Should) {
                    *occur = Some(Occur::Must);
                }
            }
        }
        return out;
    }
    // The alternatives, as one required choice where the first of them
    // stood.
    let mut choice = Vec::with_capacity(alternatives);
    let mut rest = Vec::with_capacity(out.len() - alternatives + 1);
    let mut at = None;
    for clause in out {
        if clause.0 == Some(Occur::Should) {
            at.get_or_insert_with(|| {
                rest.push((Some(Occur::Must), UserInputAst::Clause(Vec::new())));
                rest.len() - 1
            });
            choice.push(clause);
        } else {
            rest.push(clause);
        }
    }
    if let Some(at) = at {
        rest[at].1 = UserInputAst::Clause(choice);
    }
    rest
}

/// A group of nothing but exclusions (boosted or not: a boost says nothing
/// of what is left out), as its clauses; else the query as it was.
fn exclusions(ast: UserInputAst) -> Result<Vec<(Option<Occur>, UserInputAst)>, UserInputAst> {
    match ast {
        UserInputAst::Clause(inner)
            if !inner.is_empty() && inner.iter().all(|(o, _)| *o == Some(Occur::MustNot)) =>
        {
            Ok(inner)
        }
        UserInputAst::Boost(inner, boost) => {
            exclusions(*inner).map_err(|a| UserInputAst::Boost(Box::new(a), boost))
        }
        other => Err(other),
    }
}

/// The query without the literals `keep` refuses, and without the groups
/// that leaves empty; none when nothing is left.
pub(super) fn pruned(
    ast: UserInputAst,
    keep: &mut dyn FnMut(&UserInputLiteral) -> bool,
) -> Option<UserInputAst> {
    match ast {
        UserInputAst::Clause(clauses) => {
            let kept: Vec<(Option<Occur>, UserInputAst)> = clauses
                .into_iter()
                .filter_map(|(occur, a)| pruned(a, keep).map(|a| (occur, a)))
                .collect();
            (!kept.is_empty()).then_some(UserInputAst::Clause(kept))
        }
        UserInputAst::Boost(inner, boost) => {
            pruned(*inner, keep).map(|a| UserInputAst::Boost(Box::new(a), boost))
        }
        UserInputAst::Leaf(leaf) => match &*leaf {
            UserInputLeaf::Literal(literal) if !keep(literal) => None,
            _ => Some(UserInputAst::Leaf(leaf)),
        },
    }
}

/// Whether the query asks whether a field has a value (`topic:*`): the
/// index keeps no such record, and tantivy fails only when searching.
pub(super) fn asks_existence(ast: &UserInputAst) -> bool {
    match ast {
        UserInputAst::Clause(clauses) => clauses.iter().any(|(_, a)| asks_existence(a)),
        UserInputAst::Boost(inner, _) => asks_existence(inner),
        UserInputAst::Leaf(leaf) => matches!(**leaf, UserInputLeaf::Exists { .. }),
    }
}

/// Whether the query asks for anything, rather than only leaving out.
pub(super) fn wants_something(ast: &UserInputAst) -> bool {
    match ast {
        UserInputAst::Clause(clauses) => clauses
            .iter()
            .any(|(o, a)| *o != Some(Occur::MustNot) && wants_something(a)),
        UserInputAst::Boost(inner, _) => wants_something(inner),
        UserInputAst::Leaf(_) => true,
    }
}

/// Whether the query uses an operator (`-`, `+`, `NOT`, `AND`, `OR`, a
/// group): its answer says then how it was read.
pub(super) fn has_operators(ast: &UserInputAst) -> bool {
    match ast {
        UserInputAst::Clause(clauses) => clauses
            .iter()
            .any(|(o, a)| o.is_some() || matches!(a, UserInputAst::Clause(_)) || has_operators(a)),
        UserInputAst::Boost(inner, _) => has_operators(inner),
        UserInputAst::Leaf(_) => false,
    }
}

/// The top-level clauses: what is asked for and what is left out, each as
/// query text, skipping the places in `skip` (the words read as words).
pub(super) fn asked(ast: &UserInputAst, skip: &[usize]) -> (Vec<String>, Vec<String>) {
    let clauses: Vec<(Option<Occur>, &UserInputAst)> = match ast {
        UserInputAst::Clause(clauses) => clauses.iter().map(|(o, a)| (*o, a)).collect(),
        other => vec![(None, other)],
    };
    let (mut wanted, mut excluded) = (Vec::new(), Vec::new());
    let alternatives: Vec<String> = clauses
        .iter()
        .filter(|(o, _)| *o == Some(Occur::Should))
        .map(|(_, a)| shown(a, true))
        .collect();
    if !alternatives.is_empty() {
        wanted.push(alternatives.join(" OR "));
    }
    for (place, (occur, a)) in clauses.iter().enumerate() {
        match occur {
            Some(Occur::MustNot) => excluded.push(shown(a, true)),
            Some(Occur::Should) => {}
            _ if skip.contains(&place) => {}
            _ => wanted.push(shown(a, true)),
        }
    }
    (wanted, excluded)
}

/// A query as query text: `word`, `field:"a phrase"`, `(a OR b)`,
/// `NOT word`. `grouped` puts a group of several in parentheses.
pub(super) fn shown(ast: &UserInputAst, grouped: bool) -> String {
    match ast {
        UserInputAst::Leaf(leaf) => match &**leaf {
            UserInputLeaf::Literal(l) => {
                let field = l
                    .field_name
                    .as_ref()
                    .map(|f| format!("{f}:"))
                    .unwrap_or_default();
                let phrase = match l.delimiter {
                    Delimiter::None => l.phrase.clone(),
                    Delimiter::SingleQuotes => format!("'{}'", l.phrase),
                    Delimiter::DoubleQuotes => format!("\"{}\"", l.phrase),
                };
                let slop = if l.slop > 0 {
                    format!("~{}", l.slop)
                } else {
                    String::new()
                };
                let prefix = if l.prefix { "*" } else { "" };
                format!("{field}{phrase}{slop}{prefix}")
            }
            other => format!("{other:?}"),
        },
        UserInputAst::Boost(inner, boost) => format!("{}^{boost}", shown(inner, true)),
        UserInputAst::Clause(clauses) => {
            let any = clauses.iter().any(|(o, _)| *o == Some(Occur::Should));
            let parts: Vec<String> = clauses
                .iter()
                .map(|(o, a)| match o {
                    Some(Occur::MustNot) => format!("NOT {}", shown(a, true)),
                    _ => shown(a, true),
                })
                .collect();
            let text = parts.join(if any { " OR " } else { " " });
            if grouped && parts.len() > 1 {
                format!("({text})")
            } else {
                text
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::query_grammar::parse_query;

    fn read(text: &str) -> UserInputAst {
        normalized(parse_query(text).unwrap())
    }

    #[test]
    fn exclusions_anywhere_leave_out() {
        for (typed, wanted, excluded) in [
            ("cloaking NOT device", vec!["cloaking"], vec!["device"]),
            ("cloaking AND NOT device", vec!["cloaking"], vec!["device"]),
            ("cloaking -device", vec!["cloaking"], vec!["device"]),
            (
                "cloaking +(-device -tribble)",
                vec!["cloaking"],
                vec!["device", "tribble"],
            ),
            ("cloaking OR NOT device", vec!["cloaking"], vec!["device"]),
            ("cloaking NOT device^2", vec!["cloaking"], vec!["device"]),
            ("cloaking (NOT device)^2", vec!["cloaking"], vec!["device"]),
            (
                "cloaking NOT (NOT device)",
                vec!["cloaking", "device"],
                vec![],
            ),
        ] {
            let ast = read(typed);
            assert!(wants_something(&ast), "{typed}");
            let (w, e) = asked(&ast, &[]);
            assert_eq!((w, e), (strings(&wanted), strings(&excluded)), "{typed}");
        }
    }

    #[test]
    fn only_exclusions_ask_for_nothing() {
        for typed in [
            "NOT cloaking",
            "-cloaking -device",
            "NOT (cloaking OR phasing)",
        ] {
            assert!(!wants_something(&read(typed)), "{typed}");
        }
    }

    #[test]
    fn alternatives_beside_words_are_one_required_choice() {
        let ast = read("cloaking OR phasing device");
        assert_eq!(shown(&ast, false), "(cloaking OR phasing) device");
        let (w, _) = asked(&ast, &[]);
        assert_eq!(w, ["(cloaking OR phasing)", "device"]);
        assert_eq!(
            shown(&read("cloaking OR phasing"), false),
            "cloaking OR phasing"
        );
        assert_eq!(
            shown(&read("\"once each turn\" -topic:x"), false),
            "\"once each turn\" NOT topic:x"
        );
    }

    #[test]
    fn operators_are_told_from_plain_words() {
        for typed in ["cloaking device", "\"once each turn\"", "topic:cloaking"] {
            assert!(!has_operators(&read(typed)), "{typed}");
        }
        for typed in ["cloaking -device", "a OR b", "a AND b", "+a b", "(a b) c"] {
            assert!(has_operators(&read(typed)), "{typed}");
        }
    }

    #[test]
    fn punctuation_of_prose_is_no_operator() {
        for (typed, read) in [
            (
                "conditional text: does the also",
                "conditional text  does the also",
            ),
            ("stopped:", "stopped "),
            ("a woman - are we stopped", "a woman   are we stopped"),
            ("ships + crew", "ships   crew"),
            ("\"note: see\" - x", "\"note: see\"   x"),
            (
                "Captain's Log work for DS9's commander",
                "Captain\u{2019}s Log work for DS9\u{2019}s commander",
            ),
            ("\"Q's Tent\"", "\"Q's Tent\""),
        ] {
            assert_eq!(prose(typed), read, "{typed}");
        }
        for typed in [
            "topic:cloaking",
            "card:\"Empok Nor\"",
            "cloaking -device",
            "+ship crew",
            "Q-Flash 7-4-2",
            "\"a - b\"",
        ] {
            assert!(
                matches!(prose(typed), std::borrow::Cow::Borrowed(_)),
                "{typed}"
            );
        }
    }

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }
}
