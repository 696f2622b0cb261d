//! From physical lines to logical lines, before heads are looked for.
//!
//! Documents saved from the web or from PDFs break lines where the page did,
//! not where the text does. Three repairs, each a general rule:
//!
//! - **Page furniture** (running headers and footers repeated on every page,
//!   page numbers, "VERSION 4", archive banners with a date range, bylines,
//!   site navigation, icon legends) is set aside, so it never becomes a
//!   topic or splits a ruling. Only what the page prints (headers, footers,
//!   page numbers) stays out of an entry it falls in; a line that has only a
//!   furniture shape goes back to its entry once heads are known.
//! - **Hard wrapping**: in a document where most lines end mid-sentence and
//!   the next line goes on, a line that ends mid-sentence is joined to the
//!   next. Elsewhere only a topic that wrapped ("Borg – The Delta Quadrant
//!   and" / "Borg Outpost - The rule …") is joined to its line.
//! - **Flattened entries**: where a sentence ends and what follows reads like
//!   a head (`… the turn. Kivas Fajo - Now …`), the line is cut there; the
//!   cut piece is *glued*, so if it is not taken as a head it goes back into
//!   its paragraph with a space, as printed.
//!
//! Every pass is one walk over the document (with a bounded window at each
//! sentence end), so parsing stays linear in the document's size.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::lines::{self, ends_broken_word, ends_mid_sentence, Mark, MarkKind, Shape, Strength};
use crate::dates::find_dates;

mod split;
pub use split::*;

mod furniture;
pub use furniture::*;

mod wraps;
pub use wraps::*;

/// One line as the head rules see it: possibly several physical lines joined,
/// or a piece of one.
#[derive(Debug, Clone)]
pub struct Logical<'a> {
    /// First physical line (1-based).
    pub no: usize,
    /// Last physical line (inclusive).
    pub last: usize,
    pub text: Cow<'a, str>,
    /// Cut from the same physical line as the logical line before it.
    pub glued: bool,
    /// The physical line `no` as printed (its [`Mark`] is already known).
    pub unchanged: bool,
    /// The line before it ended its paragraph short of the text's measure,
    /// with or without a full stop, or this line's first-line indent opens
    /// a paragraph after a sentence.
    pub after_short: bool,
}

static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"[\p{L}0-9)\]"”’']{2}[.!?]["”’)\]]*\s+"#).expect("valid regex"));

/// Whether the document is hard-wrapped: most lines that another line
/// follows end mid-sentence. Headings and strong heads are not counted (a
/// dated title ends in a digit and its body follows). Page furniture is
/// read past, as if it were not printed.
pub fn looks_wrapped(lines: &[&str], marks: &[Mark], is_furniture: &[bool]) -> bool {
    let mut pairs = 0usize;
    let mut mid = 0usize;
    let mut non_blank = 0usize;
    // A head's dash set on a line of its own is read as part of the head.
    let mut kept = (0..lines.len()).filter(|&i| !is_furniture[i] && !is_lone_dash(lines[i]));
    let Some(mut k) = kept.next() else {
        return false;
    };
    for next in kept {
        let (a, b) = (lines[k].trim(), lines[next].trim());
        let mark = marks[k];
        k = next;
        if a.is_empty() {
            continue;
        }
        non_blank += 1;
        if b.is_empty() || !mark.plain_or_weak() {
            continue;
        }
        pairs += 1;
        // A word broken across lines (`compre-` / `hensive`) is a wrap.
        if (ends_mid_sentence(a) && !a.ends_with(',')) || ends_broken_word(a) {
            mid += 1;
        }
    }
    mid >= MIN_WRAPPED_LINES && mid * 2 >= pairs && pairs * 3 >= non_blank
}

const MIN_WRAPPED_LINES: usize = 6;

/// The text's measure, in characters: the usual length of a line that a
/// wrap cut mid-sentence and the next line goes on from (the median, so a
/// few odd lines weigh nothing). `None` where too few lines wrapped to
/// tell: a document that sets each paragraph on one line has no measure.
pub fn measure(lines: &[&str], marks: &[Mark], is_furniture: &[bool]) -> Option<usize> {
    // Counted by length, so a document of millions of lines keeps a few
    // hundred counts; a longer line counts as the longest length kept.
    let mut by_length = [0usize; MAX_MEASURE + 1];
    let mut wrapped = 0usize;
    let mut kept = (0..lines.len()).filter(|&i| !is_furniture[i]);
    let mut k = kept.next()?;
    for next in kept {
        let (a, b) = (lines[k].trim(), lines[next].trim());
        if !a.is_empty()
            && !b.is_empty()
            && marks[k].kind == MarkKind::Plain
            && ends_mid_sentence(a)
        {
            by_length[a.chars().count().min(MAX_MEASURE)] += 1;
            wrapped += 1;
        }
        k = next;
    }
    if wrapped < MIN_MEASURED_LINES {
        return None;
    }
    // The length below which `share` of the wrapped lines fall.
    let quantile = |share: f64| {
        let mut below = 0usize;
        by_length.iter().position(|&n| {
            below += n;
            below as f64 > share * wrapped as f64
        })
    };
    let (lower_quarter, median) = (quantile(0.25)?, quantile(0.5)?);
    // A text filled to its measure cuts nearly every line near it; a text
    // broken anywhere (a copy that kept a converter's random breaks) has
    // no measure, and a short line there tells nothing.
    (lower_quarter as f64 >= FILLED_SHARE * median as f64).then_some(median)
}

/// Share of the measure that a quarter of the wrapped lines must reach at
/// least for the text to be filled to a measure.
const FILLED_SHARE: f64 = 0.75;

/// The longest measure told apart: a line longer than any page prints.
const MAX_MEASURE: usize = 512;

/// The fewest wrapped lines that tell a measure: the median of three is
/// one of them, however odd the others.
const MIN_MEASURED_LINES: usize = 3;

/// Share of the measure below which a line and the next line's first word
/// surely fit: proportional type sets a measure's worth of characters a
/// little shorter or longer from line to line.
const FITS_SHARE: f64 = 0.85;

/// Whether the first word of `next` would have fit on `line` within the
/// measure.
pub fn next_word_fits(line: &str, next: &str, measure: usize) -> bool {
    let Some(first_word) = next.split_whitespace().next() else {
        return true;
    };
    ((line.trim().chars().count() + 1 + first_word.chars().count()) as f64)
        < FITS_SHARE * measure as f64
}

/// Whether `line` is a paragraph of its own: a wrap breaks a line only
/// where the next word does not fit, so a line that the next line's first
/// word would have fit on ended its paragraph there — and when the line
/// before it ended a sentence (`after_sentence`), it began one too. In
/// text that keeps no bold (`pdftotext`, a page saved as text or pasted),
/// that is how a head set on its own line reads: `unique dilemmas` /
/// `Until further notice, …`, with no blank line around it. Only a short
/// line can be one, whatever the measure: a head alone is a few words.
/// `following` are the lines after it (up to three, where there are).
///
/// The next line must begin a sentence (a capital): what a list label
/// (`a. If …`) or a date (`6, 2012`) opens is no body. And it must not be
/// one more short line that ends no sentence and its own paragraph: a
/// title set in larger type than the text wraps before the text's measure,
/// each of its lines short (`First Edition Current` / `Rulings Document` /
/// `November 3, 2014`), where a body's first line runs the measure or ends
/// a sentence. Or the next line is itself a head alone: a heading over a
/// head (`Temporary Rulings` / `unique dilemmas` / `Until …`).
pub fn stands_alone(
    after_sentence: bool,
    line: &str,
    following: &[&str],
    measure: Option<usize>,
) -> bool {
    let Some(measure) = measure else {
        return false;
    };
    let Some((next, rest)) = following.split_first() else {
        return false;
    };
    after_sentence
        && may_stand_alone(line)
        && (next_word_fits(line, next, measure) || lines::is_numbered_title(line))
        && (opens_body(next, rest.first().copied(), measure)
            || rest.split_first().is_some_and(|(after, rest)| {
                may_stand_alone(next)
                    && next_word_fits(next, after, measure)
                    && opens_body(after, rest.first().copied(), measure)
            }))
}

/// A line a topic's words at most.
fn is_short(line: &str) -> bool {
    line.split_whitespace()
        .nth(lines::MAX_TOPIC_WORDS)
        .is_none()
}

/// A line a head or heading may stand on: short, the last word none that
/// joins it to the next (`Objectives and` / `Assimilation Rules` is one
/// head that wrapped, not a heading over a head).
fn may_stand_alone(line: &str) -> bool {
    // An article after a comma ends a title filed by its noun (`Big
    // Picture, The`); it joins nothing.
    let before_article = line
        .trim_end()
        .rsplit_once(' ')
        .is_none_or(|(before, _)| !before.ends_with(','));
    is_short(line)
        && !(before_article
            && line
                .split_whitespace()
                .next_back()
                .is_some_and(lines::is_joining_word))
}

/// Whether `next` can open a head's body: it begins a sentence, and it is
/// no short line that ends no sentence and its own paragraph (`after` is
/// the line after it, if any).
fn opens_body(next: &str, after: Option<&str>, measure: usize) -> bool {
    let next = next.trim();
    // A short line of words that ends on a colon announces what follows
    // (`Revise as follows:`, `In the third paragraph, delete:`): a body's
    // first sentence, which no title's wrapped line ends with. (One word
    // alone, `Message:`, is as likely a justified line that a copy split.)
    let short_too = line_goes_on(next)
        && !(next.ends_with(':') && next.split_whitespace().nth(1).is_some())
        && is_short(next)
        && after.is_none_or(|after| next_word_fits(next, after, measure));
    opens_sentence(next) && !short_too
}

/// Whether words after a dash name something rather than open a sentence:
/// one word (`dilemmas – DNA-related`), or every word capitalized but the
/// joining ones (`Borg – The Delta Quadrant and Borg Outpost`). A body's
/// sentence has lowercase words (`mission II – A mission` / `II is …`).
fn reads_as_name(words: &str) -> bool {
    let mut words = words.split_whitespace().peekable();
    if words.peek().is_none() {
        return false;
    }
    let mut count = 0;
    let capitalized = words.all(|w| {
        count += 1;
        w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
            || (count > 1 && lines::is_joining_word(w))
    });
    count == 1 || capitalized
}

/// Whether a wrap broke a word with a hyphen: the text ends on a letter
/// and a hyphen, and the next line goes on in lowercase (`names a num-` /
/// `ber, he or she …`). Joined with a space, the hyphen would read as a
/// head's dash (`… a num - ber, …`).
pub fn broken_by_wrap(text: &str, next: &str) -> bool {
    let mut end = text.chars().rev();
    if end.next() != Some('-') {
        return false;
    }
    match end.next() {
        Some(c) if c.is_lowercase() => next.starts_with(char::is_lowercase),
        // A head in capitals breaks the same way (`NESTED PLAY ABILI-` /
        // `TIES – 2015-11-16`), where the text before the hyphen has no
        // lowercase and the next line opens with two capitals (`Q-` /
        // `Flash` is a name's own hyphen).
        // Only a text short enough to be a head is read whole.
        Some(c) if c.is_uppercase() && text.len() <= lines::MAX_HEAD_BYTES => {
            let mut opening = next.chars();
            !text.chars().any(char::is_lowercase)
                && opening.next().is_some_and(char::is_uppercase)
                && opening.next().is_some_and(char::is_uppercase)
        }
        _ => false,
    }
}

/// What joining reads of the whole document.
#[derive(Debug, Clone, Copy)]
pub struct Joining {
    /// The document is hard-wrapped ([`looks_wrapped`]).
    pub wrapped: bool,
    /// Elsewhere, a topic that wrapped is still joined to its line.
    pub join_topics: bool,
    /// The text's [`measure`].
    pub measure: Option<usize>,
}

/// Joins the physical lines into logical ones. `lines[i]` is physical line
/// `first_no + i`; `marks` are their shapes. `furniture` lines are left out
/// (the caller puts them in the front matter); a run of blank lines is kept
/// as one empty logical line that spans it. Joining stops after `limit`
/// lines that are not blank, plus one (the caller refuses such a document).
pub fn join_lines<'a>(
    lines: &[&'a str],
    first_no: usize,
    marks: &[Mark],
    is_furniture: &[bool],
    joining: Joining,
    limit: usize,
) -> Vec<Logical<'a>> {
    let Joining {
        wrapped,
        join_topics,
        measure,
    } = joining;
    let mut joined: Vec<Logical<'a>> = Vec::new();
    let blank = |j: usize| !is_furniture[j] && marks[j].kind == MarkKind::Blank;
    let capital_heads = wrapped && sets_topics_in_capitals(lines, marks, is_furniture);
    let heads_alone =
        wrapped && measure.is_some() && sets_heads_alone(lines, marks, is_furniture, measure);
    let mut kept = 0usize;
    let mut i = 0;
    // Whether the line at `i` follows a paragraph that ended short.
    let mut next_after_short = false;
    while i < lines.len() && kept <= limit {
        let (no, raw) = (first_no + i, lines[i]);
        if is_furniture[i] {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        if marks[i].kind == MarkKind::Blank {
            while j < lines.len() && blank(j) {
                j += 1;
            }
            joined.push(Logical {
                no,
                last: first_no + j - 1,
                text: Cow::Borrowed(raw),
                glued: false,
                unchanged: true,
                after_short: false,
            });
            i = j;
            continue;
        }
        let mut text: Cow<'a, str> = Cow::Borrowed(raw);
        // A head's dash printed on a line of its own under it (`DS9` /
        // `–` / `References in lore …`, as a text copy of an underlined
        // head sets it): the dash ends the head.
        if let Some(dash) = lone_dash_under(raw, lines.get(j).filter(|_| !is_furniture[j])) {
            text = Cow::Owned(format!("{} {dash}", raw.trim_end()));
            j += 1;
        } else if let Some(k) = dash_after_break(lines, marks, is_furniture, i) {
            // A head alone whose dash opens the text after a break (`abduction`
            // / the page's foot and the next page's head / `– To abduct …`):
            // no topic begins with a dash, so the text is the head's.
            text = Cow::Owned(format!("{} {}", raw.trim_end(), lines[k].trim()));
            j = k + 1;
        }
        // Whether the line before this one ended a sentence (or a section
        // heading): the start of a line that may stand alone. Not a title,
        // nor the start of the text, where the title stands: set in larger
        // type than the text, it wraps short of the text's measure (`First
        // Edition Recent Rulings` / `Document`).
        let after_sentence = joined.last().is_some_and(|l| {
            let before = l.text.trim();
            before.is_empty()
                || !line_goes_on(before)
                || (l.unchanged
                    && marks[l.no - first_no].structural()
                    && lines::classify(before) != Shape::Title)
        });
        // The lines from `k` on that a head alone may stand over: up to
        // three, to the next blank or furniture line.
        let following = |k: usize| {
            let end = (k..lines.len().min(k + 3))
                .find(|&n| is_furniture[n] || marks[n].kind == MarkKind::Blank)
                .unwrap_or(lines.len().min(k + 3));
            &lines[k..end]
        };
        // A first-line indent opens a paragraph: a line set in from the
        // margin after a line at the margin that ended a sentence (`free
        // to your outpost.` / `      Q-Flash (Q-Continuum)`), as a
        // typesetter sets paragraphs and a copy that keeps the layout
        // prints them.
        let indented = || {
            let indent = |l: &str| l.len() - l.trim_start().len();
            joined.last().is_some_and(|l| {
                let before = lines[l.last - first_no];
                indent(raw) >= FIRST_LINE_INDENT
                    && indent(before) == 0
                    && !before.trim().is_empty()
                    && super::assemble::ends_sentence(before)
            })
        };
        let after_short = std::mem::take(&mut next_after_short) || (wrapped && indented());
        if wrapped {
            while j < lines.len() && !is_furniture[j] && marks[j].kind != MarkKind::Blank && {
                // Each test reads the joined text's end, or the whole text
                // only while it is short enough to be a head or heading: a
                // paragraph of a million wrapped lines is joined in linear
                // time.
                let text_mark = if j == i + 1 {
                    Some(marks[i])
                } else if text.len() <= lines::MAX_HEAD_BYTES {
                    Some(Mark::classify(&text))
                } else {
                    None
                };
                // A head alone whose dash a wrap set at the start of the
                // next line goes on there, however it ends (`Q-Flash
                // (Q-Continuum)` / `– Seed one …`): no topic begins with a
                // dash.
                let dash_under = j == i + 1
                    && opens_with_dash(lines[j])
                    && may_stand_alone(raw)
                    && !super::assemble::ends_sentence(&text);
                let goes_on = (line_goes_on(&text) || dash_under)
                    && !text_mark.is_some_and(Mark::structural)
                    && (!marks[j].structural()
                        || ends_with_see(&text)
                        || opens_with_dash(lines[j]));
                // A short line that ends its paragraph is not wrapped,
                // however it ends. A head alone opens one where the
                // paragraph before ended short of the measure too.
                let opened = after_sentence
                    || (after_short && marks[i].kind == MarkKind::Candidate(Strength::Bare));
                // Where the document sets its heads alone, a card's title
                // (every word capitalized) over a sentence stands alone
                // however near the measure it runs: a narrow column fits
                // no next word after `Emergency Transporter Armbands`, and
                // a wrapped line after a sentence's end seldom names one.
                let named_alone = || {
                    heads_alone
                        && may_stand_alone(raw)
                        && reads_as_name(raw.trim())
                        && lines.get(j).is_some_and(|next| opens_sentence(next))
                };
                let alone = j == i + 1
                    && (stands_alone(opened, raw, following(j), measure)
                        || (opened && (lines::marked_bare_head(raw) || named_alone())));
                // A wrap breaks a line only where the next word does not
                // fit: a line the next head's first word would have fit on
                // ended its paragraph, full stop or not (`… are added or
                // subtracted` / `winning the game – A player …`).
                // So did one before a head alone over a body of prose
                // (`tracted` / `winning the game` / `A player wins …`; not
                // `Human` / `Stefan deSeve is Human` / `Vina is Orion`, a
                // list of short lines, nor `Objectives and` / `Assimilation
                // Rules`, a line no paragraph ends on).
                // Where the document sets its heads alone, one after a
                // line run to the measure ended that paragraph
                // too, full stop or not: proportional type fills a line a
                // few characters longer or shorter, so the measure cannot
                // tell a full line from one a word short of it.
                let fits = measure.is_some_and(|m| next_word_fits(lines[j - 1], lines[j], m));
                let before_clause = lines[j - 1]
                    .split_whitespace()
                    .last()
                    .is_some_and(lines::is_clause_word);
                let ended_short = measure.is_some()
                    && match marks[j].kind {
                        // Not so for a head run into its body: a topic
                        // wraps before its dash (`Borg – The Delta Quadrant
                        // and` / `Borg Outpost – …`).
                        MarkKind::Candidate(Strength::Inline) => fits,
                        MarkKind::Candidate(Strength::Bare) => {
                            (fits || heads_alone)
                                && marks.get(j + 1).is_some_and(|m| m.kind == MarkKind::Plain)
                                && stands_alone(true, lines[j], following(j + 1), measure)
                                && !wraps_a_title(&text, lines[j])
                                && !before_clause
                        }
                        _ => false,
                    };
                // A dating line (`2017-06-06` under a title) ends there, as
                // does a title that opens the text with its date (`Current
                // Rulings Version 2.5.4 — March 2000`).
                let dating = j == i + 1
                    && (lines::is_only_a_date(&text)
                        || (joined.iter().all(|l| l.text.trim().is_empty())
                            && super::dating::dating_line(&text, false).is_some()));
                // Where heads are set in capitals, a line that opens with
                // one opens an entry, whatever the line before it ended on.
                // Not under a line of capitals a justified column stretched
                // to its measure (`EMERGENCY            TRANSPORTER` /
                // `ARMBANDS – This equipment …`): a justified paragraph's
                // last line is set short, so that head goes on.
                let capital_head = capital_heads
                    && lines::capitals_topic(lines[j])
                    && !(j == i + 1 && stretched_capitals(raw));
                let joins = !dating
                    && ((goes_on && !alone && !ended_short && !capital_head)
                        || broken_by_wrap(&text, lines[j])
                        || broken_at_own_hyphen(&text, lines[j].trim_start())
                        || sub_topic_follows(text_mark, lines[j])
                        || topic_wrapped_before_dash(&text, text_mark, lines[j], marks[j]));
                next_after_short = !joins && goes_on && !alone && ended_short;
                joins
            } {
                let t = text.to_mut();
                if j == i + 1 && stretched_capitals(raw) {
                    // The spaces justification set between a head's words
                    // are no part of its topic.
                    let indent = raw.len() - raw.trim_start().len();
                    *t = format!(
                        "{}{}",
                        &raw[..indent],
                        raw.split_whitespace().collect::<Vec<_>>().join(" ")
                    );
                }
                let trimmed_len = t.trim_end().len();
                t.truncate(trimmed_len);
                let next = lines[j].trim();
                if broken_by_wrap(t, next) {
                    t.pop();
                } else if !broken_at_own_hyphen(t, next) {
                    t.push(' ');
                }
                t.push_str(next);
                j += 1;
            }
        } else if join_topics && j < lines.len() && !is_furniture[j] && {
            // A topic's first words open a paragraph: a line finishing the
            // sentence before it (`skills – … those skills are` / `added
            // or subtracted`) is no topic's start, however short.
            after_sentence
                || joined
                    .last()
                    .is_none_or(|l| l.unchanged && marks[l.no - first_no].structural())
        } {
            if let Some(whole) = wrapped_topic(raw, lines[j]) {
                text = Cow::Owned(whole);
                j += 1;
            }
        }
        let mut unchanged = j == i + 1;
        // `actions – step 1: initiation` / `The first step …`: a dash head
        // that stands alone, its words after the dash opening no sentence
        // and ending none, is a topic alone with its sub-topic; its body is
        // the next line. It is set as a topic alone is (`… –`). (A body
        // after the dash opens with a capital: `mission II – A mission` /
        // `II is an updated …`.) A blank line after it ends its paragraph
        // for sure, where the text has a measure and a sentence opens after
        // the blank.
        let before_blank_body = || {
            let after_blank =
                (j..lines.len()).find(|&n| !is_furniture[n] && marks[n].kind != MarkKind::Blank);
            measure.is_some()
                && after_sentence
                && may_stand_alone(raw)
                && j < lines.len()
                && marks[j].kind == MarkKind::Blank
                && after_blank.is_some_and(|n| opens_sentence(lines[n]))
        };
        if unchanged
            && marks[i].kind == MarkKind::Candidate(Strength::Inline)
            && raw.trim_end().ends_with(char::is_alphanumeric)
            && (stands_alone(after_sentence, raw, following(j), measure) || before_blank_body())
        {
            let dash = lines::separator_dashes(raw).last().copied();
            let sub_topic = dash
                .and_then(|dash| lines::split_inline_with(raw, dash))
                .is_some_and(|(_, after)| {
                    after.starts_with(char::is_lowercase) || reads_as_name(&after)
                });
            if let (Some(dash), true) = (dash, sub_topic) {
                text = Cow::Owned(format!("{} {dash}", raw.trim_end()));
                unchanged = false;
            }
        }
        joined.push(Logical {
            no,
            last: first_no + j - 1,
            text,
            glued: false,
            unchanged,
            after_short,
        });
        kept += 1;
        i = j;
    }
    joined
}

#[cfg(test)]
mod tests;
