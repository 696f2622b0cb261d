//! Which candidate lines really open an entry. A line's shape alone is not
//! enough: "Comparing species - Two personnel …" has the shape of a head but
//! sits inside the species ruling. The rules, from strongest to weakest:
//!
//! 1. Strong shapes (topic alone ending in a dash or "Erratum:", bold topic,
//!    dated title, Markdown heading) always open an entry.
//! 2. A weak shape (`topic - body` on one line, or a short bare line) opens an
//!    entry only at the start of a paragraph, and not where a lowercase line
//!    finishes a sentence the previous paragraph left open. A list item is
//!    no open sentence for a `topic - body` line that is not indented under
//!    it: list items end without a full stop as often as not, and a line
//!    continuing one is indented or has no head's shape.
//! 3. A bare line needs a body after it and a finished paragraph before it.
//! 4. In a document whose entries are alphabetical (declared, or visibly so),
//!    a weak candidate must fit the order: its initial between the initial of
//!    the head before it and that of the next strong head in its section.
//! 5. In any other document, after a paragraph that announces quoted text
//!    ("with the following", "as follows", a closing colon), weak candidates
//!    are quoted text until the next strong head or section; an article's
//!    introduction of its rulings (`editorial`) announces heads, not a quote.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use super::flow;
use super::lines::{
    ends_mid_sentence, is_clause_word, is_editing_instruction, is_list_item, starts_lowercase,
    Candidate, Shape, Strength,
};

/// One logical line of a document body, with its file line numbers.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    /// First physical line.
    pub no: usize,
    /// Last physical line (several when a wrapped line was joined).
    pub last: usize,
    pub text: Cow<'a, str>,
    pub shape: Shape,
    /// Cut from the same physical line as the line before it.
    pub glued: bool,
    /// The line before it ended its paragraph short of the text's measure.
    pub after_short: bool,
}

/// Why a line shaped like a head was not taken as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rejection {
    /// Inside a paragraph: the line before it goes on.
    MidParagraph,
    /// A lowercase line finishing the sentence before it.
    ContinuesSentence,
    /// A bare line without a body after it.
    NoBody,
    /// Out of the document's alphabetical order.
    OutOfOrder,
    /// After a paragraph that announces quoted text.
    Quoted,
    /// A summary of another entry in a list of changes: its words before
    /// a colon are that entry's topic.
    Summary,
}

/// How the document separates and orders its entries.
#[derive(Debug, Clone, Copy, Default)]
pub struct Layout {
    pub alphabetical: bool,
    /// Entries may follow each other after a single line break.
    pub line_separated: bool,
    /// The text's measure where it is hard-wrapped ([`flow::measure`]).
    pub measure: Option<usize>,
}

static ANNOUNCES_QUOTE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(with the following|as follows|following:?\s*$|:\s*$|\badd:?\s*$)")
        .expect("valid regex")
});

/// An instruction's words that place an edit in a rule's text (`as
/// follows`, `the third paragraph`): `Add the total STRENGTH of each force`
/// is a step of play, no edit.
static NAMES_A_PLACE_IN_A_RULE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:follows|following|paragraph|sentence|entry|sidebar|section)\b")
        .expect("valid regex")
});

/// Whether a line of prose announces what follows it: a quote, a list.
pub fn announces_quote(text: &str) -> bool {
    ANNOUNCES_QUOTE.is_match(text.trim())
}

/// Minimum number of candidates before a document's order is trusted.
const MIN_CANDIDATES_FOR_ORDER: usize = 8;
/// Share of candidates that must fall in one alphabetical run (the longest
/// non-decreasing sequence of initials, so one misfiled line costs one).
const ORDERED_SHARE: f64 = 0.75;

/// The initial a topic files under as printed, ignoring punctuation and
/// icons ("“any”" → 'a', "Big Picture, The" → 'b').
pub fn initial(topic: &str) -> Option<char> {
    topic
        .chars()
        .find(|c| c.is_alphanumeric())
        .and_then(|c| c.to_lowercase().next())
}

/// Whether the candidate heads of a document are visibly in alphabetical
/// order, section by section.
pub fn looks_alphabetical(lines: &[Line]) -> bool {
    in_order(lines, |_, c| !matches!(c.strength, Strength::Bare))
}

/// Whether the heads taken in a document (`accepted`) are in alphabetical
/// order, section by section, as [`looks_alphabetical`] asks of the
/// candidates.
pub fn taken_in_order(lines: &[Line], accepted: &[bool]) -> bool {
    in_order(lines, |i, _| accepted[i])
}

/// Whether the candidates that `counts` keeps (by line index) are in
/// alphabetical order, section by section: enough of them, and most in
/// one run of initials.
fn in_order(lines: &[Line], counts: impl Fn(usize, &Candidate) -> bool) -> bool {
    let mut sections: Vec<Vec<char>> = vec![Vec::new()];
    for (i, line) in lines.iter().enumerate() {
        match &line.shape {
            Shape::Section(_) => sections.push(Vec::new()),
            Shape::Candidate(c) if counts(i, c) => {
                if let Some(now) = initial(&c.topic) {
                    sections.last_mut().expect("one section at least").push(now);
                }
            }
            _ => {}
        }
    }
    let total: usize = sections.iter().map(Vec::len).sum();
    let ordered: usize = sections.iter().map(|s| longest_ordered_run(s)).sum();
    total >= MIN_CANDIDATES_FOR_ORDER && ordered as f64 >= ORDERED_SHARE * total as f64
}

/// Length of the longest non-decreasing subsequence.
fn longest_ordered_run(initials: &[char]) -> usize {
    let mut tails: Vec<char> = Vec::new();
    for &c in initials {
        let at = tails.partition_point(|&t| t <= c);
        if at == tails.len() {
            tails.push(c);
        } else {
            tails[at] = c;
        }
    }
    tails.len()
}

/// For each line, whether it opens an entry; for head-shaped lines that do
/// not, why not.
pub fn accept(lines: &[Line], layout: Layout) -> (Vec<bool>, Vec<Option<Rejection>>) {
    let alphabetical = layout.alphabetical;
    let mut accepted = vec![false; lines.len()];
    let mut rejected: Vec<Option<Rejection>> = vec![None; lines.len()];
    // The paragraph at hand as the walk goes: the last line of the paragraph
    // right before the line (all that `ends_mid_sentence` reads), and
    // whether the line begins a paragraph. Kept as the walk goes rather than
    // per line: a long document has millions of lines.
    let mut current: Option<&str> = None;
    let mut last: Option<&str> = None;

    let next_non_blank = |i: usize| {
        lines[i + 1..]
            .iter()
            .find(|l| !matches!(l.shape, Shape::Blank))
    };
    let mut quoting = false;

    let mut last_non_blank: Option<usize> = None;
    for i in 0..lines.len() {
        let line = &lines[i];
        let previous_non_blank = last_non_blank;
        let (starts_paragraph, paragraph_before) = if matches!(line.shape, Shape::Blank) {
            if let Some(p) = current.take() {
                last = Some(p);
            }
            (true, None)
        } else {
            last_non_blank = Some(i);
            let here = match current {
                Some(p) => (false, Some(p)),
                None => (true, last),
            };
            if matches!(line.shape, Shape::Title | Shape::Section(_)) {
                current = None;
                last = None;
            } else {
                current = Some(line.text.as_ref().trim());
            }
            here
        };
        let last_non_blank = previous_non_blank;
        let candidate = match &line.shape {
            Shape::Section(_) => {
                quoting = false;
                continue;
            }
            Shape::Candidate(c) => c,
            Shape::Plain => {
                // An article's introduction of the rulings after it ("The
                // following temporary ruling is in effect …:") announces
                // heads, not quoted text.
                if !alphabetical
                    && ANNOUNCES_QUOTE.is_match(line.text.trim())
                    && super::editorial::editorial(&line.text).is_none()
                {
                    quoting = true;
                }
                continue;
            }
            _ => continue,
        };
        let is_head = match candidate.strength {
            Strength::Strong => true,
            Strength::Inline | Strength::Bare | Strength::Colon => {
                let previous_line_structural =
                    last_non_blank.is_some_and(|j: usize| !matches!(lines[j].shape, Shape::Plain));
                // A cut piece of a flattened line, or a line after a finished
                // sentence where entries follow each other line by line.
                let after_sentence = last_non_blank
                    .is_some_and(|j: usize| !ends_mid_sentence(lines[j].text.as_ref()));
                // A short bare line after a finished sentence that the
                // next line's first word would have fit on is a paragraph
                // of its own ([`flow::stands_alone`]): a head on its own
                // line in text that kept no bold and no blank lines. In
                // wrapped text a blank line after it ends it for sure. A
                // line ending on a colon announces what follows: the short
                // line after it is what it announced (`delete:` / `or for
                // calculating differential`), and no head ends its quote.
                let after_sentence_alone = after_sentence
                    && !last_non_blank
                        .is_some_and(|j: usize| lines[j].text.trim_end().ends_with(':'));
                let alone = candidate.strength == Strength::Bare
                    && line.no == line.last
                    && (after_sentence_alone && super::lines::marked_bare_head(&line.text)
                        || lines.get(i + 1).is_some_and(|next| match next.shape {
                            Shape::Blank => after_sentence_alone && layout.measure.is_some(),
                            _ => {
                                let following: Vec<&str> = lines[i + 1..]
                                    .iter()
                                    .take(3)
                                    .take_while(|l| !matches!(l.shape, Shape::Blank))
                                    .map(|l| l.text.as_ref())
                                    .collect();
                                flow::stands_alone(
                                    after_sentence_alone,
                                    &line.text,
                                    &following,
                                    layout.measure,
                                )
                            }
                        }));
                // Where the text is not hard-wrapped, every line break
                // ends a paragraph: a `topic - body` line after a finished
                // sentence opens an entry, as a cut piece of a flattened
                // line does.
                let unwrapped_after_sentence = layout.measure.is_none()
                    && after_sentence
                    && candidate.strength == Strength::Inline;
                let opens_paragraph = starts_paragraph
                    || line.after_short
                    || previous_line_structural
                    || (line.glued && after_sentence)
                    || (layout.line_separated && after_sentence)
                    || unwrapped_after_sentence
                    || alone;
                // Right after a list item (with or without a blank line), a
                // `topic - body` line at the margin ends the list.
                let after_list_item = candidate.strength == Strength::Inline
                    && !line.text.starts_with([' ', '\t'])
                    && last_non_blank.is_some_and(|j: usize| is_list_item(lines[j].text.as_ref()));
                // In an alphabetical document a `topic - body` line at the
                // margin after a finished sentence opens an entry though no
                // blank line stands before it (a text copy that kept none):
                // the order then decides, over the whole document.
                let in_order_after_sentence = alphabetical
                    && candidate.strength == Strength::Inline
                    && after_sentence
                    && !line.text.starts_with([' ', '\t']);
                let opens_paragraph = opens_paragraph || after_list_item || in_order_after_sentence;
                let apart = candidate.strength == Strength::Bare
                    && starts_paragraph
                    && set_apart(lines, &accepted, i, last_non_blank);
                // A paragraph that ended short of the measure is finished,
                // however it ends.
                let before_unfinished = !after_list_item
                    && !line.after_short
                    && !apart
                    && paragraph_before.is_some_and(ends_mid_sentence);
                // In an alphabetical document the order decides for an inline
                // head; elsewhere a lowercase line after an unfinished
                // paragraph is the rest of its sentence.
                let continues_sentence = before_unfinished
                    && starts_lowercase(line.text.as_ref())
                    && !(alphabetical && candidate.strength != Strength::Bare);
                // A bare line needs a body: prose, or a short line that
                // announces one or says how to edit the rule (`scouting
                // location` / `Add the following`).
                let bare_ok = candidate.strength != Strength::Bare
                    || (!before_unfinished
                        && next_non_blank(i).is_some_and(|l| match &l.shape {
                            Shape::Plain => true,
                            Shape::Candidate(c) => {
                                c.strength == Strength::Bare
                                    && (ANNOUNCES_QUOTE.is_match(l.text.trim())
                                        || is_editing_instruction(&l.text))
                            }
                            _ => false,
                        }));
                // A head whose body says how to edit a rule (`points – In
                // the third paragraph, delete: …`) is no line of the text a
                // head before it quoted: a quote holds no instructions.
                let edits_a_rule = candidate.body.as_deref().is_some_and(|b| {
                    is_editing_instruction(b) && NAMES_A_PLACE_IN_A_RULE.is_match(b)
                });
                // The alphabetical order is settled once every head is
                // known ([`keep_alphabetical_run`]).
                let why = if !opens_paragraph {
                    Some(Rejection::MidParagraph)
                } else if continues_sentence {
                    Some(Rejection::ContinuesSentence)
                } else if !bare_ok {
                    Some(Rejection::NoBody)
                } else if quoting && !alone && !edits_a_rule {
                    Some(Rejection::Quoted)
                } else {
                    None
                };
                rejected[i] = why;
                why.is_none()
            }
        };
        if is_head {
            accepted[i] = true;
            quoting = false;
            if let Some(body) = &candidate.body {
                if !alphabetical && ANNOUNCES_QUOTE.is_match(body.trim()) {
                    quoting = true;
                }
            }
        } else if !alphabetical && ANNOUNCES_QUOTE.is_match(line.text.trim()) {
            quoting = true;
        }
    }
    if alphabetical {
        keep_alphabetical_run(lines, &mut accepted, &mut rejected);
    }
    drop_summaries(lines, &mut accepted, &mut rejected);
    (accepted, rejected)
}

/// A bare line set between blank lines, ending no sentence, before a
/// paragraph of prose that opens one, finishes no sentence: the sentence
/// before it was left without its stop (`… added or subtracted` / `winning
/// the game` / `A player wins …`). A sentence short of its stop alone is
/// prose that ends on a word that can end one, after more than a word or
/// two: not `a` / `Number` or `Ancient` / `Grudge`, nor a head before it
/// (`Changing Number of` / `Missions – 2016-04-26` / `Complete`), a head's
/// words a column scattered. `before` is the last line before the blank.
fn set_apart(lines: &[Line], taken: &[bool], i: usize, before: Option<usize>) -> bool {
    let line = &lines[i];
    let Some(j) = before else {
        return false;
    };
    let alone_between_blanks = line.no == line.last
        && !line
            .text
            .trim_end()
            .ends_with(['.', '!', '?', ':', ';', ','])
        && lines
            .get(i + 1)
            .is_some_and(|l| matches!(l.shape, Shape::Blank));
    if !alone_between_blanks {
        return false;
    }
    // Text: plain, or shaped like a head and not taken for one.
    let text = |k: usize| !taken[k] && matches!(lines[k].shape, Shape::Plain | Shape::Candidate(_));
    let prose_before = text(j)
        && lines[j]
            .text
            .split_whitespace()
            .last()
            .is_some_and(|w| !is_clause_word(w))
        && (lines[j].text.split_whitespace().nth(3).is_some()
            || j.checked_sub(1).is_some_and(text));
    let prose_after = || {
        lines[i + 1..]
            .iter()
            .find(|l| !matches!(l.shape, Shape::Blank))
            .is_some_and(|l| matches!(l.shape, Shape::Plain) && flow::opens_sentence(&l.text))
    };
    prose_before && prose_after()
}

/// A list of what changed, before the entries (`actions – interrupting
/// actions: Interrupt and Doorway cards may no longer …` over the entry
/// `actions – interrupting actions` / `Interrupt and …`), sums up entries
/// the document has: a weak head whose words before a colon are the whole
/// topic of another entry is a line of that list, not an entry.
fn drop_summaries(lines: &[Line], accepted: &mut [bool], rejected: &mut [Option<Rejection>]) {
    let key = |topic: &str| {
        topic
            .split_whitespace()
            .map(|w| match w {
                "-" | "–" | "—" => "-".to_string(),
                w => w.to_lowercase(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let topics: HashSet<String> = lines
        .iter()
        .zip(accepted.iter())
        .filter(|&(_, &taken)| taken)
        .filter_map(|(line, _)| match &line.shape {
            Shape::Candidate(c) => Some(key(&c.topic)),
            _ => None,
        })
        .collect();
    for (i, line) in lines.iter().enumerate() {
        let Shape::Candidate(c) = &line.shape else {
            continue;
        };
        if !accepted[i] || c.strength != Strength::Inline {
            continue;
        }
        let text = line.text.trim().trim_start_matches(['*', ' ']);
        let Some((before, _)) = text.split_once(':') else {
            continue;
        };
        let before = key(before);
        if before != key(&c.topic) && topics.contains(&before) {
            accepted[i] = false;
            rejected[i] = Some(Rejection::Summary);
        }
    }
}

/// In an alphabetical document, the weak heads that stay are the longest
/// run in order between the strong heads around them: a weak candidate
/// outside its strong neighbours' initials is out of order, and of the rest
/// the longest non-decreasing run of initials is kept (the earliest such
/// run where several are as long). A few sub-heads inside an entry ("Draw
/// Dilemmas", "Facing Dilemmas", "Overcoming Dilemmas" under "attempting
/// missions") are then out of order, not every entry that follows them.
/// The heads under a Temporary Rulings heading are held to no order.
fn keep_alphabetical_run(
    lines: &[Line],
    accepted: &mut [bool],
    rejected: &mut [Option<Rejection>],
) {
    /// The weak heads between two strong ones that fall out of order.
    fn settle(
        segment: &mut Vec<(usize, char)>,
        (low, high): (Option<char>, Option<char>),
        out_of_order: &mut Vec<usize>,
    ) {
        let (within, outside): (Vec<_>, Vec<_>) = segment
            .drain(..)
            .partition(|&(_, c)| low.is_none_or(|l| l <= c) && high.is_none_or(|h| c <= h));
        out_of_order.extend(outside.into_iter().map(|(i, _)| i));
        out_of_order.extend(
            earliest_longest_run(&within)
                .into_iter()
                .filter(|&(_, keep)| !keep)
                .map(|(i, _)| i),
        );
    }
    let mut out_of_order: Vec<usize> = Vec::new();
    let mut segment: Vec<(usize, char)> = Vec::new();
    let mut low: Option<char> = None;
    // The Temporary Rulings are filed as they come: no order of theirs
    // says where a head is.
    let mut unordered = false;
    for (i, line) in lines.iter().enumerate() {
        match &line.shape {
            Shape::Section(name) => {
                settle(&mut segment, (low, None), &mut out_of_order);
                low = None;
                unordered = super::parts::part_heading(name) == Some(super::parts::Part::Temporary);
            }
            Shape::Candidate(_) if unordered => {}
            Shape::Candidate(c) if accepted[i] => match (c.strength, initial(&c.topic)) {
                (Strength::Strong, now) => {
                    settle(&mut segment, (low, now), &mut out_of_order);
                    low = now.or(low);
                }
                (_, Some(now)) => segment.push((i, now)),
                // A weak head with no letter or digit files nowhere.
                (_, None) => out_of_order.push(i),
            },
            _ => {}
        }
    }
    settle(&mut segment, (low, None), &mut out_of_order);
    for i in out_of_order {
        accepted[i] = false;
        rejected[i] = Some(Rejection::OutOfOrder);
    }
}

/// For each (line, initial), whether it is in the earliest of the longest
/// non-decreasing runs of initials.
fn earliest_longest_run(items: &[(usize, char)]) -> Vec<(usize, bool)> {
    // From the end: the longest run that starts at each item. `best[k]` is
    // the largest initial a run of k + 1 items can start with.
    let mut from_here = vec![0usize; items.len()];
    let mut best: Vec<char> = Vec::new();
    for (at, &(_, c)) in items.iter().enumerate().rev() {
        let k = best.partition_point(|&b| b >= c);
        if k == best.len() {
            best.push(c);
        } else {
            best[k] = c;
        }
        from_here[at] = k + 1;
    }
    let mut needed = best.len();
    let mut last: Option<char> = None;
    items
        .iter()
        .zip(from_here)
        .map(|(&(i, c), run)| {
            let keep = needed > 0 && run == needed && last.is_none_or(|l| l <= c);
            if keep {
                needed -= 1;
                last = Some(c);
            }
            (i, keep)
        })
        .collect()
}
