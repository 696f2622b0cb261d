//! Word-level differences between two ruling texts, compared as plain text
//! with whitespace folded, so that markup or line breaks alone are no
//! change; a few common words between two changes fold into them, so that a
//! rewritten ruling reads as one replacement.

use std::time::{Duration, Instant};

use serde::Serialize;
use similar::{Algorithm, DiffTag};

use super::plain_text;

/// One run of a word diff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WordChange {
    pub op: WordOp,
    /// Words, each followed by the whitespace that follows it in the text
    /// (a space, a line break or a paragraph break).
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WordOp {
    Equal,
    Insert,
    Delete,
}

/// A word with the whitespace after it, reduced to a paragraph break, a line
/// break, a space, or nothing at the end of the text.
#[derive(Debug, Clone, Copy)]
struct Word<'t> {
    word: &'t str,
    gap: &'static str,
}

fn words(plain: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut rest = plain.trim_start();
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(end);
        let next = tail.trim_start();
        let space = &tail[..tail.len() - next.len()];
        let gap = match space.matches('\n').count() {
            _ if next.is_empty() => "",
            0 => " ",
            1 => "\n",
            _ => "\n\n",
        };
        words.push(Word { word, gap });
        rest = next;
    }
    words
}

/// How long the diff algorithm may search before settling for a coarser
/// answer (entries are short; this bounds a pathological one).
const DIFF_DEADLINE: Duration = Duration::from_millis(500);

/// The word-level diff of two Markdown bodies, on their plain text. Runs of
/// one kind are merged; an equal run takes the later text's whitespace.
pub fn word_diff(old_markdown: &str, new_markdown: &str) -> Vec<WordChange> {
    plain_word_diff(&plain_text(old_markdown), &plain_text(new_markdown))
}

/// The word-level diff of two bodies already rendered as plain text.
pub fn plain_word_diff(old_plain: &str, new_plain: &str) -> Vec<WordChange> {
    let old = words(old_plain);
    let new = words(new_plain);
    let old_words: Vec<&str> = old.iter().map(|w| w.word).collect();
    let new_words: Vec<&str> = new.iter().map(|w| w.word).collect();
    let ops = similar::capture_diff_slices_deadline(
        Algorithm::Patience,
        &old_words,
        &new_words,
        Some(Instant::now() + DIFF_DEADLINE),
    );
    let mut runs: Vec<Run> = Vec::new();
    for op in ops {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        let run = Run {
            same: tag == DiffTag::Equal,
            old: old[old_range].to_vec(),
            new: new[new_range].to_vec(),
        };
        match runs.last_mut() {
            Some(last) if !last.same && !run.same => last.absorb(run),
            _ => runs.push(run),
        }
    }
    absorb_short_equalities(&mut runs);

    let mut changes: Vec<WordChange> = Vec::new();
    let mut push = |op: WordOp, text: String| {
        if text.is_empty() {
            return;
        }
        match changes.last_mut() {
            Some(last) if last.op == op => last.text.push_str(&text),
            _ => changes.push(WordChange { op, text }),
        }
    };
    for run in runs {
        if run.same {
            let mut text = join(&run.new);
            // Before a deletion at the end of the later text, keep the
            // earlier text's space so that words do not run together.
            if text.ends_with(|c: char| !c.is_whitespace()) {
                text.push_str(run.old.last().map_or("", |w| w.gap));
            }
            push(WordOp::Equal, text);
        } else {
            push(WordOp::Delete, join(&run.old));
            push(WordOp::Insert, join(&run.new));
        }
    }
    changes
}

/// A stretch of both texts: the same words, or words that differ.
struct Run<'t> {
    same: bool,
    old: Vec<Word<'t>>,
    new: Vec<Word<'t>>,
}

impl<'t> Run<'t> {
    fn absorb(&mut self, other: Run<'t>) {
        self.same = false;
        self.old.extend(other.old);
        self.new.extend(other.new);
    }

    /// The longer side of a change, in words.
    fn weight(&self) -> usize {
        self.old.len().max(self.new.len())
    }
}

/// Folds into the surrounding change every stretch of equal words between
/// two changes that is no longer than either of them ("and", "the"), so that
/// a rewritten ruling reads as one replacement rather than as confetti.
/// (The rule of diff-match-patch's semantic cleanup, applied to words.)
fn absorb_short_equalities(runs: &mut Vec<Run>) {
    let mut i = 1;
    while i + 1 < runs.len() {
        let short = runs[i].same
            && !runs[i - 1].same
            && !runs[i + 1].same
            && runs[i].old.len() <= runs[i - 1].weight()
            && runs[i].old.len() <= runs[i + 1].weight();
        if short {
            let after = runs.remove(i + 1);
            let middle = runs.remove(i);
            runs[i - 1].absorb(middle);
            runs[i - 1].absorb(after);
            // The grown change may now outweigh the equality before it.
            i = i.saturating_sub(2).max(1);
        } else {
            i += 1;
        }
    }
}

fn join(words: &[Word]) -> String {
    let mut text = String::new();
    for w in words {
        text.push_str(w.word);
        text.push_str(w.gap);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(changes: &[WordChange]) -> String {
        changes
            .iter()
            .map(|c| match c.op {
                WordOp::Equal => c.text.clone(),
                WordOp::Delete => format!("[-{}-]", c.text),
                WordOp::Insert => format!("{{+{}+}}", c.text),
            })
            .collect()
    }

    #[test]
    fn words_keep_their_following_whitespace() {
        let changes = word_diff("the quick fox jumps", "the slow fox jumps high");
        assert_eq!(
            render(&changes),
            "the [-quick -]{+slow +}fox jumps {+high+}"
        );
        // Both texts can be rebuilt from the runs.
        let old: String = changes
            .iter()
            .filter(|c| c.op != WordOp::Insert)
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(old.trim_end(), "the quick fox jumps");
    }

    #[test]
    fn a_deletion_at_the_end_keeps_its_space() {
        assert_eq!(render(&word_diff("foo bar", "foo")), "foo [-bar-]");
    }

    #[test]
    fn short_equalities_between_changes_fold_into_them() {
        assert_eq!(
            render(&word_diff(
                "Personnel and ships may report there.",
                "Cards and facilities may be reported directly there."
            )),
            "[-Personnel and ships may report -]{+Cards and facilities may be reported directly +}there."
        );
    }

    #[test]
    fn paragraph_breaks_survive() {
        assert_eq!(
            render(&word_diff("One.\n\nTwo.", "One.\n\nTwo and three.")),
            "One.\n\n[-Two.-]{+Two and three.+}"
        );
    }
}
