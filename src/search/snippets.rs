//! Snippets: the stretch of a body that holds the matched words, with
//! their ranges marked, cut at words; or the body's opening when no word
//! is in it.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::Query;
use tantivy::schema::Field;
use tantivy::snippet::{collapse_overlapped_ranges, SnippetGenerator};
use tantivy::{Score, Searcher, TantivyError, Term};

use super::correct::TYPOS;
use super::Snippet;
use crate::index::highlight_analyzer;

/// Characters of body text in a snippet.
pub(super) const SNIPPET_CHARS: usize = 240;
/// The words of the index to highlight in `field`, weighted as tantivy's
/// snippets weigh them (the rarer, the more): the query's own words, or with
/// typos allowed the index's words within a typo of them (tantivy's snippets
/// see no fuzzy terms).
pub(super) fn highlighted_terms(
    searcher: &Searcher,
    exact: &dyn Query,
    field: Field,
    typos: bool,
) -> Result<BTreeMap<String, Score>, TantivyError> {
    let mut typed: BTreeSet<String> = BTreeSet::new();
    exact.query_terms(&mut |term, _| {
        if term.field() == field {
            if let Some(text) = term.value().as_str() {
                typed.insert(text.to_string());
            }
        }
    });
    let mut candidates: BTreeSet<String> = BTreeSet::new();
    if typos {
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().stream()?;
            while stream.advance() {
                let Ok(word) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                if typed
                    .iter()
                    .any(|t| strsim::osa_distance(t, word) <= usize::from(TYPOS))
                {
                    candidates.insert(word.to_string());
                }
            }
        }
    } else {
        candidates = typed;
    }
    let mut terms = BTreeMap::new();
    for word in candidates {
        let doc_freq = searcher.doc_freq(&Term::from_field_text(field, &word))?;
        if doc_freq > 0 {
            terms.insert(word, 1.0 / (1.0 + doc_freq as Score));
        }
    }
    Ok(terms)
}

pub(super) fn snippet_generator(terms: BTreeMap<String, Score>, field: Field) -> SnippetGenerator {
    let initials: Vec<char> = terms.keys().filter_map(|t| t.chars().next()).collect();
    SnippetGenerator::new(terms, highlight_analyzer(initials), field, SNIPPET_CHARS)
}

/// Appends `piece` with every run of whitespace as one space (documents
/// converted from PDF have runs of them, and snippets are one line).
pub(super) fn push_collapsed(out: &mut String, piece: &str) {
    for c in piece.chars() {
        if c.is_whitespace() {
            if !(out.is_empty() || out.ends_with(' ') || out.ends_with('…')) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
}

/// The start of a text, cut at a word, for an entry matched outside its body.
pub(super) fn opening(text: &str) -> Snippet {
    let mut flat = String::with_capacity(text.len());
    push_collapsed(&mut flat, text);
    let flat = flat.trim_end();
    if flat.chars().count() <= SNIPPET_CHARS {
        return Snippet {
            text: flat.to_string(),
            highlighted: Vec::new(),
        };
    }
    let cut: String = flat.chars().take(SNIPPET_CHARS).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > SNIPPET_CHARS / 2 => cut[..space].to_string(),
        _ => cut,
    };
    Snippet {
        text: format!("{}…", cut.trim_end()),
        highlighted: Vec::new(),
    }
}

/// The best fragment of `text` for the query, on one line, with words
/// next to each other highlighted as one.
pub(super) fn snippet(generator: &SnippetGenerator, text: &str) -> Snippet {
    let found = generator.snippet(text);
    if found.highlighted().is_empty() {
        return opening(text);
    }
    let fragment = found.fragment();
    let mut out = Snippet {
        text: String::new(),
        highlighted: Vec::new(),
    };
    let range = found.fragment_range();
    // Cut text is marked "…", unless all that was cut is punctuation.
    let cut = |part: &str| part.chars().any(char::is_alphanumeric);
    if cut(&text[..range.start]) {
        out.text.push('…');
    } else {
        push_collapsed(&mut out.text, &text[..range.start]);
    }
    let mut at = 0;
    // A word with inner punctuation matches as its parts and as the word
    // joined: ranges that overlap are highlighted once.
    for range in collapse_overlapped_ranges(found.highlighted()) {
        push_collapsed(&mut out.text, &fragment[at..range.start]);
        let start = out.text.len();
        push_collapsed(&mut out.text, &fragment[range.clone()]);
        let end = out.text.len();
        match out.highlighted.last_mut() {
            Some(last) if out.text[last.end..start].trim().is_empty() => last.end = end,
            _ => out.highlighted.push(start..end),
        }
        at = range.end;
    }
    push_collapsed(&mut out.text, &fragment[at..]);
    if cut(&text[range.end..]) {
        let kept = out.text.trim_end().len();
        out.text.truncate(kept);
        out.text.push('…');
    } else {
        push_collapsed(&mut out.text, &text[range.end..]);
        let kept = out.text.trim_end().len();
        out.text.truncate(kept);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::Snippet;
    use super::*;

    #[test]
    fn snippets_mark_their_ranges() {
        let s = Snippet {
            text: "once each turn".into(),
            highlighted: vec![0..4, 10..14],
        };
        assert_eq!(s.marked(|w| format!("**{w}**")), "**once** each **turn**");
    }

    #[test]
    fn an_opening_is_cut_at_a_word() {
        let long = "word ".repeat(100);
        let s = opening(&long);
        assert!(s.text.ends_with("word…"), "{}", s.text);
        assert!(s.text.chars().count() <= SNIPPET_CHARS + 1);
    }
}
