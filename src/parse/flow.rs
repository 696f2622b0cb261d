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
    /// with or without a full stop.
    pub after_short: bool,
}

static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"[\p{L}0-9)\]"”’']{2}[.!?]["”’)\]]*\s+"#).expect("valid regex"));
static PAGE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$")
        .expect("valid regex")
});
static VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:version|ver\.?|v\.?|revision|rev\.?)\s*[\d.]+[a-z]?$")
        .expect("valid regex")
});
static BYLINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:by|posted by|written by|compiled by|edited by|prepared by|author:|posted:?|from:|submitted by)\s+\S")
        .expect("valid regex")
});
static NAVIGATION_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:home|back|back to top|top|next|previous|prev|index|main menu|click here|return to|go to|site map|search|login|log in|print this page)\b")
        .expect("valid regex")
});
/// A running header or footer that names its page ("… Rules Update – page 1").
static RUNNING_PAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bpage\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$").expect("valid regex")
});
static ICON_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[[^\]\s]{1,12}\]").expect("valid regex"));
static LEGEND: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\[[^\]]{1,12}\]\s*[=:]\s*\S").expect("valid regex"));

/// Why a line is page furniture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Furniture {
    /// The same short line printed three times or more: a running header or
    /// footer.
    Repeated,
    PageNumber,
    Version,
    /// Two dates and little else: an archive's range ("12 Jan 1999 - 30 Aug 2003").
    Banner,
    Byline,
    Navigation,
    IconLegend,
    /// A list's bullet on a line of its own, its item on the next (a text
    /// copy of a PDF's list): a mark, no text.
    Bullet,
}

impl Furniture {
    /// Whether the page printed the line rather than the text: a running
    /// header or footer, a page number. Such a line stays out of an entry it
    /// falls in. The other kinds are only shapes (a ruling may print a line
    /// like a legend, `[?]: "Oooh." Draw one card.`), so they are furniture
    /// only where no entry is open: before the first head, under a heading,
    /// after the last entry's text.
    pub fn of_the_page(self) -> bool {
        matches!(
            self,
            Furniture::Repeated | Furniture::PageNumber | Furniture::Bullet
        )
    }
}

/// How many times a short line must recur to be a running header or footer.
const REPEATS_FOR_FURNITURE: usize = 3;
const MAX_FURNITURE_WORDS: usize = 12;
/// A byline names a person or a team: a few words, no sentence.
const MAX_BYLINE_WORDS: usize = 7;

/// A line as a running header compares with its other printings: digits
/// (page numbers) left out, spaces collapsed, lowercase. Built in one pass:
/// it is asked of every short line.
fn repeat_key(line: &str) -> String {
    let mut key = String::with_capacity(line.len());
    let mut space = false;
    for c in line.chars().filter(|c| !c.is_ascii_digit()) {
        if c.is_whitespace() {
            space = !key.is_empty();
        } else {
            if space {
                key.push(' ');
                space = false;
            }
            key.extend(c.to_lowercase());
        }
    }
    key
}

/// For every physical line, whether (and why) it is page furniture.
/// `page_tops` says of each line whether it opens a page (where a text
/// copy kept its pages' form feeds; shorter or empty where it did not).
pub fn furniture(lines: &[&str], page_tops: &[bool]) -> Vec<Option<Furniture>> {
    let opens_page = |i: usize| page_tops.get(i).copied().unwrap_or(false);
    let mut counts: HashMap<String, usize> = HashMap::new();
    // Per repeated text, its first line and how many of the others open a
    // page (after a form feed).
    let mut first_and_tops: HashMap<String, (usize, usize)> = HashMap::new();
    for (i, raw) in lines.iter().enumerate() {
        let t = raw.trim();
        // Counting stops past the limit: most lines are long, and every
        // character counted costs on a 50 MB document.
        if !t.is_empty()
            && t.split_whitespace().take(MAX_FURNITURE_WORDS + 1).count() <= MAX_FURNITURE_WORDS
        {
            let key = repeat_key(t);
            let seen = first_and_tops.entry(key.clone()).or_insert((i, 0));
            if seen.0 != i && opens_page(i) {
                seen.1 += 1;
            }
            *counts.entry(key).or_default() += 1;
        }
    }
    // A date alone under a topic printed once (`Set Up` / `2016-09-19` /
    // `When this event's text …`) is that head's date, however many heads
    // share its shape: a running header repeats its title too.
    let dates_a_head = |i: usize| {
        if !lines::is_only_a_date(lines[i]) {
            return false;
        }
        let Some(above) = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim())
            .find(|l| !l.is_empty())
        else {
            return false;
        };
        above.chars().any(char::is_alphabetic)
            && above.split_whitespace().count() <= lines::MAX_TOPIC_WORDS
            && !above.ends_with(['.', '!', '?', ':', ';', ','])
            && counts.get(&repeat_key(above)).copied().unwrap_or(0) <= 1
    };
    // A section's heading that a running header repeats at the top of each
    // page it runs on: its first line, in the text and not at a page's top,
    // where every other one opens a page, is the heading.
    // `seen` is the text's first line and how many others open a page;
    // `count` how many lines print it.
    // Where the copy kept its pages, a running header or footer is
    // printed at a page's edge: among the first or last lines of text on
    // it. A line repeated in the middle of a page is the text's own (a
    // title, its contents' entry and the section it names: `GLOSSARY` /
    // `Glossary` / `Glossary`).
    let at_edge = page_edges(lines, page_tops);
    let is_heading_repeated = |i: usize, count: usize, seen: Option<(usize, usize)>| {
        !opens_page(i) && seen.is_some_and(|(first, tops)| first == i && tops + 1 == count)
    };
    // Once is enough where a section runs onto one more page: at a page's
    // top, the heading printed earlier in the text (not at a page's top)
    // is the running header.
    let heading_again_atop = |i: usize, count: usize, seen: Option<(usize, usize)>| {
        opens_page(i)
            && count >= 2
            && seen
                .is_some_and(|(first, tops)| first < i && !opens_page(first) && tops + 1 == count)
    };
    lines
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            let t = raw.trim().trim_matches(['*', '_', '#', ' ']);
            if t.is_empty() {
                return None;
            }
            let words = t.split_whitespace().take(MAX_FURNITURE_WORDS + 1).count();
            let marks_items = t.contains('|') || t.contains('•') || t.contains('·');
            if words > MAX_FURNITURE_WORDS && !marks_items && !t.contains('[') {
                // A long line is text, unless it is a navigation bar or a
                // legend of icons.
                return None;
            }
            if t.chars()
                .all(|c| matches!(c, '•' | '·' | '◦' | '▪' | '‣' | '∙' | ' '))
            {
                return Some(Furniture::Bullet);
            }
            if words <= 4 && PAGE_NUMBER.is_match(t) {
                return Some(Furniture::PageNumber);
            }
            if words <= MAX_FURNITURE_WORDS && RUNNING_PAGE.is_match(t) {
                return Some(Furniture::PageNumber);
            }
            // What the page repeats is asked before any shape: a navigation
            // bar or a legend printed on every page stays out of the entries
            // it falls in, where a shape alone would not.
            let ends_sentence = t.ends_with(['.', '!', '?', ':', ';', ',']);
            // A running header is a name, not a sentence nor a piece of one.
            let sentence_inside = t.contains(". ") || t.contains("? ") || t.contains("! ");
            // … or a line whose sentence the next line finishes.
            // (Not where the line opens a page: the next line goes on with
            // the page before.)
            let next_finishes = !opens_page(i)
                && lines
                    .get(i + 1)
                    .is_some_and(|n| n.trim_start().starts_with(|c: char| c.is_lowercase()));
            let continues = t.starts_with(|c: char| c.is_lowercase()) || next_finishes;
            // A dash alone is a head's separator set under it, no header.
            if words <= MAX_FURNITURE_WORDS
                && !sentence_inside
                && !continues
                && !ends_sentence
                && !is_lone_dash(t)
                && !dates_a_head(i)
            {
                let key = repeat_key(raw.trim());
                let count = counts.get(&key).copied().unwrap_or(0);
                let seen = first_and_tops.get(&key).copied();
                if (count >= REPEATS_FOR_FURNITURE || heading_again_atop(i, count, seen))
                    && !is_heading_repeated(i, count, seen)
                    && at_edge.as_ref().is_none_or(|edge| edge[i])
                {
                    return Some(Furniture::Repeated);
                }
            }
            if words <= 3 && VERSION.is_match(t) {
                return Some(Furniture::Version);
            }
            if words <= MAX_BYLINE_WORDS && BYLINE.is_match(t) && !t.ends_with([':', '.']) {
                return Some(Furniture::Byline);
            }
            let dates = if words <= MAX_FURNITURE_WORDS && t.contains(|c: char| c.is_ascii_digit())
            {
                find_dates(t)
            } else {
                Vec::new()
            };
            if dates.len() >= 2 && words <= MAX_FURNITURE_WORDS {
                let between = t[dates[0].1..dates[1].0].trim();
                let range = between.is_empty()
                    || between.eq_ignore_ascii_case("to")
                    || between.chars().all(|c| matches!(c, '-' | '–' | '—' | ' '));
                if range {
                    return Some(Furniture::Banner);
                }
            }
            let separators = if marks_items {
                t.matches(['|', '•', '·']).count()
            } else {
                0
            };
            let mut pieces = t.split(['|', '•', '·']).filter(|p| !p.trim().is_empty());
            if separators >= 2 && pieces.all(|p| p.split_whitespace().count() <= 4) {
                return Some(Furniture::Navigation);
            }
            if words <= 5 && NAVIGATION_WORD.is_match(t) && !t.contains(['.', '-', '–']) {
                return Some(Furniture::Navigation);
            }
            if t.contains('[')
                && ((words <= 8 && LEGEND.is_match(t))
                    || (ICON_CODE.find_iter(t).count() >= 3 && !t.contains(". ")))
            {
                return Some(Furniture::IconLegend);
            }
            None
        })
        .collect()
}

/// Of each line, whether it is among the first or last [`EDGE_LINES`]
/// lines of text on its page; `None` where the copy kept no pages (one
/// page or none opens).
fn page_edges(lines: &[&str], page_tops: &[bool]) -> Option<Vec<bool>> {
    if page_tops.iter().filter(|&&top| top).count() < 2 {
        return None;
    }
    let mut edge = vec![false; lines.len()];
    let mut page: Vec<usize> = Vec::new();
    let mut mark = |page: &mut Vec<usize>| {
        for &i in page.iter().take(EDGE_LINES) {
            edge[i] = true;
        }
        for &i in page.iter().rev().take(EDGE_LINES) {
            edge[i] = true;
        }
        page.clear();
    };
    for (i, line) in lines.iter().enumerate() {
        if page_tops.get(i).copied().unwrap_or(false) {
            mark(&mut page);
        }
        if !line.trim().trim_matches('\u{c}').is_empty() {
            page.push(i);
        }
    }
    mark(&mut page);
    Some(edge)
}

/// Lines of text at a page's top or bottom where a running header or
/// footer may sit (a header of two lines, a footer over a page number).
const EDGE_LINES: usize = 2;

/// Of each line of `text`, whether it opens a page: a text copy of a PDF
/// (`pdftotext`) starts each page after the first with a form feed, and
/// its first line opens the first page.
pub fn page_tops(text: &str) -> Vec<bool> {
    if !text.contains('\u{c}') {
        return Vec::new();
    }
    let mut first = true;
    text.split('\n')
        .map(|l| {
            let opens = l.trim_start_matches([' ', '\t']).starts_with('\u{c}')
                || (first && !l.trim().is_empty());
            first &= l.trim().is_empty();
            opens
        })
        .collect()
}

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

/// Whether a line holds a dash and nothing else.
fn is_lone_dash(line: &str) -> bool {
    matches!(line.trim(), "-" | "–" | "—")
}

/// The dash on `next` when it holds nothing else and `line` could be a
/// head it ends: short, and ending no sentence nor clause.
fn lone_dash_under(line: &str, next: Option<&&str>) -> Option<char> {
    let next = next.filter(|n| is_lone_dash(n))?;
    let line = line.trim();
    (!line.is_empty()
        && line.len() <= lines::MAX_HEAD_BYTES
        && line.ends_with(|c: char| c.is_alphanumeric() || c == ')'))
    .then(|| next.trim().chars().next())
    .flatten()
}

/// Whether the document sets its heads' topics in capitals: of the lines
/// shaped as a head with its body (`WINNING THE GAME – A player …`), at
/// least [`MIN_CAPITAL_HEADS`] and most have their topic in capitals.
fn sets_topics_in_capitals(lines: &[&str], marks: &[Mark], is_furniture: &[bool]) -> bool {
    let (mut capitals, mut heads) = (0usize, 0usize);
    for (i, line) in lines.iter().enumerate() {
        let with_body = matches!(marks[i].kind, MarkKind::Candidate(Strength::Inline))
            || (marks[i].kind == MarkKind::Candidate(Strength::Strong) && marks[i].body);
        if with_body && !is_furniture[i] {
            heads += 1;
            capitals += usize::from(lines::capitals_topic(line));
        }
    }
    capitals >= MIN_CAPITAL_HEADS && capitals * 3 >= heads * 2
}

const MIN_CAPITAL_HEADS: usize = 5;

/// Whether the document sets its heads alone on their lines, with no bold
/// to tell them (`unique dilemmas` / `Until further notice, …`): at least
/// [`MIN_HEADS_ALONE`] lines that open a paragraph (after a sentence's end
/// or a blank line) stand alone over a body.
fn sets_heads_alone(
    lines: &[&str],
    marks: &[Mark],
    is_furniture: &[bool],
    measure: Option<usize>,
) -> bool {
    let kept: Vec<usize> = (0..lines.len()).filter(|&i| !is_furniture[i]).collect();
    let mut alone = 0usize;
    for w in kept.windows(2) {
        let (before, i) = (lines[w[0]].trim(), w[1]);
        if (!before.is_empty() && line_goes_on(before))
            || marks[i].kind != MarkKind::Candidate(Strength::Bare)
        {
            continue;
        }
        let end = (i + 1..lines.len().min(i + 4))
            .find(|&n| is_furniture[n] || marks[n].kind == MarkKind::Blank)
            .unwrap_or(lines.len().min(i + 4));
        if stands_alone(true, lines[i], &lines[i + 1..end], measure) {
            alone += 1;
            if alone >= MIN_HEADS_ALONE {
                return true;
            }
        }
    }
    false
}

const MIN_HEADS_ALONE: usize = 5;

/// Whether a wrap broke a number or a compound at its own hyphen (a date
/// `2016-` / `09-19`, `Q-` / `card`): the hyphen stays and no space goes
/// in.
pub fn broken_at_own_hyphen(text: &str, next: &str) -> bool {
    let Some(before) = text.strip_suffix('-') else {
        return false;
    };
    (before.ends_with(|c: char| c.is_ascii_digit())
        && next.starts_with(|c: char| c.is_ascii_digit()))
        || (lines::ends_broken_word(text)
            && !before.ends_with(char::is_lowercase)
            && next.starts_with(char::is_alphabetic))
}

/// Whether `text` and the line after it are one title wrapped short of
/// the measure (`First Edition Current` / `Rulings Document`).
fn wraps_a_title(text: &str, next: &str) -> bool {
    text.len() <= lines::MAX_HEAD_BYTES
        && lines::classify(&format!("{} {}", text.trim(), next.trim())) == Shape::Title
}

/// Whether a line begins with a capital, as a sentence does.
pub fn opens_sentence(line: &str) -> bool {
    line.trim_start()
        .trim_start_matches(['*', '_', '"', '“', '('])
        .starts_with(char::is_uppercase)
}

/// The most words of a topic's continuation on the line after it wrapped.
const MAX_WRAPPED_TOPIC_TAIL: usize = 4;

/// Whether a line of a wrapped document stops mid-sentence: it ends on a
/// word, a comma or a dash (a wrapped `* Empok` / `Nor - …` too, which a
/// list item's own rule would let end on a capitalized label), closing
/// quotes after it or not (`Cards with "when you play"` / `abilities …`):
/// a quote closes a sentence only after its full stop.
fn line_goes_on(text: &str) -> bool {
    let t = text
        .trim_end()
        .trim_end_matches(['*', '_'])
        .trim_end_matches(['"', '”', '’']);
    t.chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, ',' | ':' | '-' | '–' | '—'))
}

/// A line that opens with a dash goes on from the line before it: no topic
/// begins with one (`* outposts` / `– step 1 –`).
fn opens_with_dash(next: &str) -> bool {
    next.trim_start().starts_with(['-', '–', '—'])
}

/// `Vulcan Nerve` / `Pinch –`: a short line that stops mid-sentence, then a
/// topic alone with its dash, is one topic that wrapped — when the two read
/// together as a topic alone. `text_mark` is the mark of `text` when it is
/// short enough to have one.
fn topic_wrapped_before_dash(
    text: &str,
    text_mark: Option<Mark>,
    next: &str,
    next_mark: Mark,
) -> bool {
    let alone = |m: Mark| m.kind == MarkKind::Candidate(Strength::Strong) && !m.body;
    if !alone(next_mark)
        || !line_goes_on(text)
        || text
            .split_whitespace()
            .nth(lines::MAX_TOPIC_WORDS - 1)
            .is_some()
    {
        return false;
    }
    // A heading ("RULINGS – General") is never the first half of a topic.
    !text_mark.is_some_and(|m| alone(m) || m.kind == MarkKind::Heading)
        && alone(Mark::classify(&format!("{} {}", text.trim(), next.trim())))
}

/// "See" always starts a reference: what the next line holds is its target,
/// whatever shape it has (`See` / `**gambling -` / `diplomacy**.`).
fn ends_with_see(text: &str) -> bool {
    let last = text.split_whitespace().last().unwrap_or("");
    let last = last.trim_matches(|c: char| !c.is_alphanumeric());
    last.eq_ignore_ascii_case("see") || last.eq_ignore_ascii_case("also")
}

/// In a wrapped document, `battle –` / `targets - body`: a topic alone with
/// its dash, then a line whose own short topic opens with a lowercase word,
/// is a head whose sub-topic wrapped. (A body opens a sentence instead.)
/// `text_mark` is the mark of the text so far when it is short enough to
/// have one: a paragraph that grew by joining is no topic alone.
fn sub_topic_follows(text_mark: Option<Mark>, next: &str) -> bool {
    let Some(head) = text_mark else {
        return false;
    };
    if head.kind != MarkKind::Candidate(Strength::Strong) || head.body || head.erratum {
        return false;
    }
    let next_words = next.split_whitespace().count();
    let sub = match lines::classify(next) {
        Shape::Candidate(sub) => sub,
        // `wormholes –` / `step 1` / `– Erratum …`: a sub-topic cut before
        // its own dash.
        _ => {
            return next_words <= MAX_WRAPPED_TOPIC_TAIL
                && next.trim_start().starts_with(|c: char| c.is_lowercase())
                && line_goes_on(next)
                && !next.contains(['.', ':', ';'])
        }
    };
    // `battle –` / `targets –` / body: a head has a body, so two topics
    // alone in a row are one topic that wrapped.
    let alone = sub.strength == Strength::Strong && sub.body.is_none() && !sub.erratum;
    (sub.strength == Strength::Inline || alone)
        && sub.topic.split_whitespace().count() <= MAX_WRAPPED_TOPIC_TAIL
        && sub.topic.starts_with(|c: char| c.is_lowercase())
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
        let after_short = std::mem::take(&mut next_after_short);
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
                let goes_on = line_goes_on(&text)
                    && !text_mark.is_some_and(Mark::structural)
                    && (!marks[j].structural()
                        || ends_with_see(&text)
                        || opens_with_dash(lines[j]));
                // A short line that ends its paragraph is not wrapped,
                // however it ends. A head alone opens one where the
                // paragraph before ended short of the measure too.
                let opened = after_sentence
                    || (after_short && marks[i].kind == MarkKind::Candidate(Strength::Bare));
                let alone = j == i + 1
                    && (stands_alone(opened, raw, following(j), measure)
                        || (opened && lines::marked_bare_head(raw)));
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
                let capital_head = capital_heads && lines::capitals_topic(lines[j]);
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

/// Cuts the joined lines where flattened entries meet.
pub fn split_lines(joined: Vec<Logical<'_>>, colon_heads: bool) -> Vec<Logical<'_>> {
    consume(joined, |line, out| split_flattened(line, colon_heads, out))
}

/// Turns `items` into a new vector through `f`, one item at a time, giving
/// back the memory of the items already used as it goes: a document of
/// millions of short lines never holds every line twice.
pub fn consume<T, U>(mut items: Vec<T>, mut f: impl FnMut(T, &mut Vec<U>)) -> Vec<U> {
    items.reverse();
    let mut out = Vec::with_capacity(items.len());
    while let Some(item) = items.pop() {
        f(item, &mut out);
        if items.capacity() > 2 * items.len() + 4096 {
            items.shrink_to_fit();
        }
    }
    out
}

/// "Borg – The Delta Quadrant and" + "Borg Outpost - The rule …": a line
/// that cannot end a paragraph, followed by a line whose head begins with
/// the rest of the topic, is one head.
fn wrapped_topic(first: &str, next: &str) -> Option<String> {
    let a = first.trim();
    let b = next.trim();
    if a.is_empty()
        || b.is_empty()
        || !ends_mid_sentence(a)
        || a.ends_with(',')
        || a.split_whitespace().count() > lines::MAX_TOPIC_WORDS
        || !b.contains(['-', '–', '—'])
    {
        return None;
    }
    let first_shape = lines::classify(a);
    if first_shape != Shape::Plain && first_shape.strength() != Some(Strength::Bare) {
        return None;
    }
    // A line that prints a date dates a title (`Second Edition Rulings` /
    // `2017-06-06`), no topic's first words.
    if lines::is_only_a_date(a) {
        return None;
    }
    let Shape::Candidate(second) = lines::classify(b) else {
        return None;
    };
    if second.strength != Strength::Inline
        || second.topic.split_whitespace().count() > MAX_WRAPPED_TOPIC_TAIL
    {
        return None;
    }
    let whole = format!("{a} {b}");
    match lines::classify(&whole) {
        Shape::Candidate(c)
            if matches!(c.strength, Strength::Inline | Strength::Strong)
                && c.topic.len() > second.topic.len() =>
        {
            Some(whole)
        }
        _ => None,
    }
}

/// Where each sentence in `text` ends and the next may begin: the byte
/// offsets after a sentence's closing mark and the space after it.
pub fn sentence_ends(text: &str) -> impl Iterator<Item = usize> + '_ {
    SENTENCE_END
        .find_iter(text)
        .map(|m| m.end())
        .filter(move |&at| at < text.len())
}

/// Where a part's name that a copy ran onto the end of a paragraph begins
/// (`… in one document. Temporary Rulings`, `… at a facility. Glossary`):
/// after the last sentence end, the line's rest is the name and nothing
/// more.
pub fn part_name_after_sentence(text: &str) -> Option<usize> {
    let at = sentence_ends(text).last()?;
    lines::is_part_name(text[at..].trim()).then_some(at)
}

/// How far after a sentence end a separator may end a topic, in characters.
const MAX_TOPIC_REACH: usize = 90;
/// How far after a sentence end a head's separator may be looked for.
const HEAD_WINDOW: usize = 160;

/// Cuts a logical line where a sentence ends and a head begins.
fn split_flattened<'a>(line: Logical<'a>, colon_heads: bool, out: &mut Vec<Logical<'a>>) {
    let text = line.text.as_ref();
    let mut cuts: Vec<usize> = Vec::new();
    // A part's name the line break after it was lost from.
    if let Some(end) = lines::part_name_before_head(text) {
        cuts.push(end);
    }
    // A numbered head its body was run into.
    if let Some(end) = lines::numbered_head_run_in(text) {
        cuts.push(end);
    }
    // A part's name run onto the end of the paragraph before it.
    if let Some(at) = part_name_after_sentence(text) {
        cuts.push(at);
    }
    // A part's name in capitals between two sentences, or opening the line.
    for at in std::iter::once(0).chain(sentence_ends(text)) {
        if let Some(end) = lines::capitals_part_name(&text[at..]) {
            let space = text[at + end..].len() - text[at + end..].trim_start().len();
            cuts.extend([at, at + end + space].into_iter().filter(|&c| c > 0));
        }
    }
    for at in sentence_ends(text) {
        let mut end = (at + HEAD_WINDOW).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let window = &text[at..end];
        let reach = window
            .char_indices()
            .nth(MAX_TOPIC_REACH)
            .map_or(window.len(), |(i, _)| i);
        let marked = window[..reach].contains(['-', '–', '—'])
            || (colon_heads && window[..reach].contains(':'));
        if (marked && starts_head(window, colon_heads)) || heads_what_follows(&text[at..]) {
            cuts.push(at);
            // A part's name before the head (`… steps. GLOSSARY UPDATES
            // become –`) is a heading of its own.
            if let Some(end) = lines::part_name_before_head(window) {
                let space = window[end..].len() - window[end..].trim_start().len();
                cuts.push(at + end + space);
            }
        }
    }
    // A head with its date, as a 2E rulings page prints one (`Ancient
    // Grudge – 2016-03-09 If your …`), after an aside that closed the
    // paragraph without a full stop (`… (i.e. quadrant, region) `).
    for m in CLOSED_ASIDE.find_iter(text) {
        let mut end = (m.end() + HEAD_WINDOW).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        if starts_dated_head(&text[m.end()..end]) {
            cuts.push(m.end());
        }
    }
    if cuts.is_empty() {
        out.push(line);
        return;
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut start = 0;
    let mut glued = line.glued;
    for cut in cuts.into_iter().chain(std::iter::once(text.len())) {
        let piece = text[start..cut].trim_end();
        out.push(Logical {
            no: line.no,
            last: line.last,
            text: Cow::Owned(piece.to_string()),
            glued,
            unchanged: false,
            after_short: line.after_short && start == 0,
        });
        glued = true;
        start = cut;
    }
}

/// Whether `window` opens with a head: a short topic, a separator (or a
/// colon in a colon-head document), and a body that opens a sentence or a
/// cross-reference.
fn starts_head(window: &str, colon_heads: bool) -> bool {
    let Shape::Candidate(c) = lines::classify(window) else {
        return false;
    };
    let short = c.topic.split_whitespace().count() <= MAX_SPLIT_TOPIC_WORDS;
    let body_opens = c.body.as_deref().is_some_and(|b| {
        b.chars()
            .next()
            .is_some_and(|ch| ch.is_uppercase() || ch.is_ascii_digit() || "\"“[(*".contains(ch))
    });
    // A new asterisk set against the topic's first word says a head begins
    // there, whatever its body opens with (a Glossary's definitions open in
    // lower case: `*Sergey and Helena – the two personnel …`).
    let marked = c.new && lines::asterisk_against_word(window).is_some();
    match c.strength {
        Strength::Inline => short && (body_opens || marked),
        Strength::Colon => colon_heads && short && body_opens,
        // A bold topic with its dash and body (`… the turn. **Kivas Fajo** –
        // Now …`): bold is what set it apart when it had a line of its own.
        Strength::Strong => c.erratum || c.new || (window.starts_with("**") && short && body_opens),
        Strength::Bare => false,
    }
}

/// Whether the end of a line after a finished sentence is a head that lost
/// the line break before it but kept the one after it, as pasted text runs
/// a paragraph into the next head: a section heading in capitals
/// (`… no new format changes. TEMPORARY RULING UPDATES`) or a topic alone
/// with its dash (`… if the cause is nullified. points –`), its body on the
/// lines after it.
fn heads_what_follows(rest: &str) -> bool {
    // Only a line's last few words are read: a long paragraph has many
    // sentence ends, and the rest after each is read only when it is short.
    if rest.len() > lines::MAX_HEAD_BYTES {
        return false;
    }
    let rest = rest.trim();
    match lines::classify(rest) {
        Shape::Section(_) => !rest.chars().any(char::is_lowercase),
        Shape::Candidate(c) => {
            c.strength == Strength::Strong
                && c.body.is_none()
                && !rest.starts_with('#')
                && c.topic.split_whitespace().count() <= MAX_SPLIT_TOPIC_WORDS
        }
        _ => false,
    }
}

/// A closing parenthesis and the space after it.
static CLOSED_ASIDE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[\p{L}0-9.]\)\s+").expect("valid regex"));

/// Whether `window` opens with a head and its own date, then a body that
/// opens a sentence (`Ancient Grudge – 2016-03-09 If your …`).
fn starts_dated_head(window: &str) -> bool {
    DATED_HEAD
        .captures(window)
        .is_some_and(|c| (1..=MAX_SPLIT_TOPIC_WORDS).contains(&c[1].split_whitespace().count()))
}

/// `Topic – 2016-03-09 Body`: a topic in capitals' case, a dash, an ISO
/// date, and a sentence's first letter.
static DATED_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(\p{Lu}[^–—.!?:]{0,79}?)\s+[-–—]\s+\d{4}-\d{2}-\d{2}\s+["“]?\p{Lu}"#)
        .expect("valid regex")
});

/// The longest topic a cut may take: a head inside a flattened line is a
/// short name, not a clause.
const MAX_SPLIT_TOPIC_WORDS: usize = 6;

#[cfg(test)]
mod tests;
