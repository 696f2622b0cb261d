//! Page furniture: what the page printed rather than the text (running
//! headers and footers, page numbers) and the shapes that are no text of an
//! entry (a version line, a byline, a site's navigation, a legend of icons,
//! a bullet alone).

use super::*;

pub(super) static PAGE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$")
        .expect("valid regex")
});
pub(super) static VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:version|ver\.?|v\.?|revision|rev\.?)\s*[\d.]+[a-z]?$")
        .expect("valid regex")
});
pub(super) static BYLINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:by|posted by|written by|compiled by|edited by|prepared by|author:|posted:?|from:|submitted by)\s+\S")
        .expect("valid regex")
});
pub(super) static NAVIGATION_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:home|back|back to top|top|next|previous|prev|index|main menu|click here|return to|go to|site map|search|login|log in|print this page)\b")
        .expect("valid regex")
});
/// The heading of a web page's comments section: its count ("3 Comments",
/// "Comments (3)", "12 Responses"), or the invitation to write one.
pub(super) static COMMENTS_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:\d+\s+(?:comments?|responses?|replies)|comments?\s*\(\d+\)|(?:leave|post|add)\s+a\s+(?:comment|reply))$")
        .expect("valid regex")
});
/// A running header or footer that names its page ("… Rules Update – page 1").
pub(super) static RUNNING_PAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bpage\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$").expect("valid regex")
});
pub(super) static ICON_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[[^\]\s]{1,12}\]").expect("valid regex"));
pub(super) static LEGEND: LazyLock<Regex> =
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
    /// The readers' comments under a web page's article, as a text copy
    /// kept them: from their heading ("3 Comments") to the page's end.
    Comments,
    /// A list's bullet on a line of its own, its item on the next (a text
    /// copy of a PDF's list): a mark, no text.
    Bullet,
    /// A running header, printed once or more, that names the part its
    /// page falls in and the document with its date or version
    /// (`GLOSSARY   Rules Compendium — 1 August 2026`).
    RunningHeader,
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
            Furniture::Repeated
                | Furniture::PageNumber
                | Furniture::Bullet
                | Furniture::RunningHeader
        )
    }
}

/// How many times a short line must recur to be a running header or footer.
pub(super) const REPEATS_FOR_FURNITURE: usize = 3;
pub(super) const MAX_FURNITURE_WORDS: usize = 12;
/// A byline names a person or a team: a few words, no sentence.
pub(super) const MAX_BYLINE_WORDS: usize = 7;

/// A line as a running header compares with its other printings: digits
/// (page numbers) left out, spaces collapsed, lowercase. Built in one pass:
/// it is asked of every short line.
pub(super) fn repeat_key(line: &str) -> String {
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
    // Per repeated text, the date its first printing gives, and whether
    // another printing gives another.
    let mut dated: HashMap<String, (chrono::NaiveDate, bool)> = HashMap::new();
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
            if t.contains(|c: char| c.is_ascii_digit()) {
                if let Some((_, _, date)) = find_dates(t).last() {
                    let dates = dated.entry(key.clone()).or_insert((*date, false));
                    dates.1 |= dates.0 != *date;
                }
            }
            *counts.entry(key).or_default() += 1;
        }
    }
    // Lines alike but for their dates, each another date, are the heads
    // of dated rulings on one topic (`Set Up 2016-09-19`, `Set Up
    // 2017-03-01`): a running header prints its document's one date.
    let heads_of_dates = |key: &str| dated.get(key).is_some_and(|(_, several)| *several);
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
    let menu = menu_runs(lines);
    let comments_from = lines
        .iter()
        .position(|l| COMMENTS_HEAD.is_match(l.trim()))
        .unwrap_or(lines.len());
    lines
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            let t = raw.trim().trim_matches(['*', '_', '#', ' ']);
            if t.is_empty() {
                return None;
            }
            if i >= comments_from {
                return Some(Furniture::Comments);
            }
            if menu[i] {
                return Some(Furniture::Navigation);
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
            if words <= MAX_FURNITURE_WORDS && lines::part_and_title(t) {
                return Some(Furniture::RunningHeader);
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
                    && !heads_of_dates(&key)
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

/// The fewest lines of a site's menu copied as text.
const MENU_RUN: usize = 5;
/// The most words of a menu's item.
const MENU_ITEM_WORDS: usize = 3;

/// Of each line, whether it is an item of a site's menu that a text copy
/// of a web page kept: a run of at least [`MENU_RUN`] lines with no blank
/// line between, each a name of a few words (`Home`, `First Edition`,
/// `Monthly Rulings`), none a sentence or a piece of one, a head (`Topic
/// –`), a number or a date, and most of them no heading. A text's own list of names is an entry's and
/// goes back to it; before the first head it is the page's menu.
fn menu_runs(lines: &[&str]) -> Vec<bool> {
    let item = |raw: &str| {
        let t = raw.trim();
        let words = t.split_whitespace().count();
        (1..=MENU_ITEM_WORDS).contains(&words)
            && t.starts_with(|c: char| c.is_uppercase())
            && !t.contains(|c: char| c.is_ascii_digit())
            && !t.ends_with(['.', '!', '?', ':', ';', ',', '-', '–', '—'])
            && !t.contains(" - ")
            && !t.contains(" – ")
            && !t.starts_with(['#', '*', '•', '-', '['])
    };
    let mut menu = vec![false; lines.len()];
    let mut start = 0;
    for i in 0..=lines.len() {
        if i < lines.len() && item(lines[i]) {
            continue;
        }
        // Most items plain names: a title block's or a contents' run of
        // headings (`GLOSSARY` / `Contents` / `Temporary Rulings`) is the
        // document's.
        let plain = lines[start..i]
            .iter()
            .filter(|l| matches!(lines::classify(l), Shape::Plain | Shape::Candidate(_)))
            .count();
        if i - start >= MENU_RUN && plain >= MENU_RUN && plain * 2 > i - start {
            menu[start..i].iter_mut().for_each(|m| *m = true);
        }
        start = i + 1;
    }
    menu
}

/// Of each line, whether it is among the first or last [`EDGE_LINES`]
/// lines of text on its page; `None` where the copy kept no pages (one
/// page or none opens).
pub(super) fn page_edges(lines: &[&str], page_tops: &[bool]) -> Option<Vec<bool>> {
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
pub(super) const EDGE_LINES: usize = 2;

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
