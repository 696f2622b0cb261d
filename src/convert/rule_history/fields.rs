//! A history's lines as its fields, however a copy broke or ran them
//! together: the lines the readers of the flat list and of the table a rule
//! ([`super::after`]) take, one field a line.
//!
//! - **Furniture out**: a page number, and the page's title printed again
//!   (a running header), are no part of any version.
//! - **Cells together**: a table's cells that a copy printed a line each
//!   are put back on one line: a kind of change alone over a status word
//!   alone (`Original` / `Superseded`), a name over a date alone
//!   (`Premiere Rulebook` / `10 Nov 1994`).
//! - **Wraps joined**: a line that opens a bracket it does not close goes
//!   on in the next line (`Superseded by: Deck size: the 30/30 rule (1997`
//!   / `Dec)`), and so does a line that ends mid-sentence where the next
//!   goes on in lowercase (a title ends no sentence either, but its
//!   wording opens one); in text filled to a measure (`pdftotext`), the
//!   measure those wraps show, a line that ends mid-sentence and that the
//!   next line's first word would not have fit on goes on too (`… and any`
//!   / `RANGE it had left …`), a word a wrap broke with a hyphen joined
//!   whole. A field never goes on into a status line or a link's label.
//! - **Fields apart**: a line that runs fields together, as a PDF's
//!   paragraph runs the lines a page broke, or a table's row read across
//!   its cells (`… the higher score wins. Original | Superseded Premiere
//!   Rulebook (10 Nov 1994) Superseded by: Deck size: the 30/30 rule (1997
//!   Dec) Deck size: sixty cards (1995 Jan)`), is cut before a status (its
//!   kind's capitalized words), after the status's dated source (and any
//!   date in brackets: a source's), before a link's label (`Superseded
//!   by:`) and after each link's month. A kind
//!   and a status word a table's cells printed with no bar between them
//!   (`Original Superseded`, however many spaces apart) are a status where
//!   the word is one the reader knows and a date follows within a few
//!   words: the bar is put back.

use std::sync::LazyLock;

use regex::Regex;

use super::{status_line, Printed, LINK, LINKS};
use crate::dates::find_dates;
use crate::parse::flow::{broken_by_wrap, next_word_fits};

/// A link's month at the end of a link: `(1998 Aug)`, `(Aug 1998)`.
static MONTH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\((?:\d{4}\s+[A-Za-z]{3,9}\.?|[A-Za-z]{3,9}\.?\s+\d{4})\)").expect("valid regex")
});

/// A link's label inside a line: `Superseded by:`.
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:Superseded|Modified|Rescinded|Replaced|Revised|Withdrawn|Reinstated|Clarified)\s+by\s*[:–—]")
        .expect("valid regex")
});

/// A day and month, then the words a cell's wrap set between them and
/// their year: `4 Dec Supplement 1995`.
static WOVEN_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(\d{1,2} [A-Z][a-z]{2,8}\.?)((?: [A-Z][A-Za-z]*){1,4}) (\d{4})\b")
        .expect("valid regex")
});

/// Most words of a kind of change (`Major New Affiliation`).
const KIND_WORDS: usize = 4;

/// Most words after a status word, in a table's row, before its date.
const DATE_WITHIN: usize = 10;

/// The lines of a page as fields, each with whether the page marks it as
/// a heading.
pub(super) fn logical(text: &str) -> (Vec<String>, Vec<bool>) {
    let lines: Vec<(String, bool)> = text
        .lines()
        .map(|l| (super::plain(l), super::is_heading(l)))
        .collect();
    let lines = without_furniture(lines);
    let lines = cells_joined(lines);
    let lines = unwrapped(lines);
    let mut out = Vec::with_capacity(lines.len());
    let mut headed = Vec::with_capacity(lines.len());
    for (at, (line, head)) in lines.iter().enumerate() {
        let next = lines[at + 1..]
            .iter()
            .find(|(l, _)| !l.is_empty())
            .map_or("", |(l, _)| l.as_str());
        for (n, field) in fields(line, next).into_iter().enumerate() {
            out.push(field);
            headed.push(*head && n == 0);
        }
    }
    (out, headed)
}

/// A page number: `7`, `Page 7`, `- 7 -`, `7 of 12`.
fn is_page_number(line: &str) -> bool {
    let t = line
        .trim()
        .trim_matches(['-', '–', '—', ' '])
        .to_lowercase();
    let t = t.strip_prefix("page").unwrap_or(&t).trim();
    let mut words = t.split([' ', '/']).filter(|w| !w.is_empty() && *w != "of");
    let number = |w: &str| !w.is_empty() && w.len() <= 4 && w.chars().all(|c| c.is_ascii_digit());
    match (words.next(), words.next(), words.next()) {
        (Some(page), None, None) => number(page),
        (Some(page), Some(count), None) => number(page) && number(count),
        _ => false,
    }
}

/// Whether a line is one of a version's fields by its shape: a status, a
/// link or its label.
fn is_field(line: &str) -> bool {
    status_line(line).is_some() || LINKS.is_match(line) || LINK.is_match(line)
}

/// The lines without the page's furniture: page numbers, and the page's
/// title printed again (a running header). A blank line stands where one
/// was. (A header that names the section a page is in names a rule over
/// its own versions: it does no harm where it falls.)
fn without_furniture(lines: Vec<(String, bool)>) -> Vec<(String, bool)> {
    // The page's title: its first line that names the rule changes.
    let title = lines
        .iter()
        .take_while(|(l, _)| status_line(l).is_none())
        .position(|(l, _)| {
            let lower = l.to_lowercase();
            l.split_whitespace().count() <= 8
                && (lower.contains("change") || lower.contains("history"))
        });
    let furniture: Vec<bool> = lines
        .iter()
        .enumerate()
        .map(|(at, (line, _))| {
            let repeats_title = title.is_some_and(|t| t < at && lines[t].0 == *line);
            !line.is_empty() && (is_page_number(line) || repeats_title)
        })
        .collect();
    lines
        .into_iter()
        .zip(furniture)
        .map(|(line, out)| if out { (String::new(), false) } else { line })
        .collect()
}

/// Whether a line is a kind of change alone: a few capitalized words
/// (`Rule Change`, `Major New Affiliation`).
fn kind_alone(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    (1..=KIND_WORDS).contains(&words.len())
        && words.iter().all(|w| {
            w.starts_with(|c: char| c.is_uppercase()) && w.chars().all(char::is_alphanumeric)
        })
}

/// Whether a line is a status word alone, one the reader knows.
fn status_alone(line: &str) -> bool {
    let word = line.trim();
    !word.contains(' ')
        && word.starts_with(|c: char| c.is_uppercase())
        && Printed::of(word) != Printed::NotKnown
}

/// Whether a line is a date alone (`10 Nov 1994`, `(10 Nov 1994)`).
fn date_alone(line: &str) -> bool {
    let trimmed = line
        .trim()
        .trim_start_matches('(')
        .trim_end_matches([')', '.']);
    find_dates(trimmed)
        .first()
        .is_some_and(|&(start, end, _)| start == 0 && end == trimmed.len())
}

/// The lines with a table's cells that a copy set a line each put back on
/// one line (`Original` / `Superseded`, `Premiere Rulebook` / `10 Nov
/// 1994`, blank lines between them or not): a kind of change alone over a
/// status word alone is a status line; a name over a date alone is a
/// source.
fn cells_joined(lines: Vec<(String, bool)>) -> Vec<(String, bool)> {
    let lines = read_across(lines)
        .into_iter()
        .map(|(line, head)| (unwoven(&line).unwrap_or(line), head))
        .collect::<Vec<_>>();
    let mut out: Vec<(String, bool)> = Vec::with_capacity(lines.len());
    // Where the last line with text is in `out`.
    let mut last: Option<usize> = None;
    for (line, head) in lines {
        if line.is_empty() {
            out.push((line, head));
            continue;
        }
        let joined = last.and_then(|at| {
            let (before, before_head) = &out[at];
            let named = !before.is_empty()
                && !before_head
                && !is_field(before)
                && !ends_sentence(before)
                && find_dates(before).is_empty()
                && before.split_whitespace().count() <= 8;
            if kind_alone(before) && status_alone(&line) && !head {
                Some(format!("{before} | {line}"))
            } else if named && date_alone(&line) && !head {
                Some(format!("{before} {line}"))
            } else {
                None
            }
        });
        match (joined, last) {
            (Some(text), Some(at)) => {
                out.truncate(at);
                out.push((text, false));
            }
            _ => out.push((line, head)),
        }
        last = Some(out.len() - 1);
    }
    out
}

/// The lines with a table's two rows of cells that a copy read down its
/// columns (`Original` / `Premiere Rulebook` / `Superseded` / `10 Nov
/// 1994`, as a page's layout takes two cells side by side for two
/// columns of text) read across again (`Original` / `Superseded` /
/// `Premiere Rulebook` / `10 Nov 1994`): a kind of change alone, a name,
/// a status word alone and a date alone, in that order, hold a status
/// line and a dated source only so. Blank lines between them stay where
/// they are.
fn read_across(mut lines: Vec<(String, bool)>) -> Vec<(String, bool)> {
    let filled: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].0.is_empty())
        .collect();
    let mut n = 0;
    while n + 3 < filled.len() {
        let [a, b, c, d] = [filled[n], filled[n + 1], filled[n + 2], filled[n + 3]];
        let text = |i: usize| lines[i].0.as_str();
        let heads = [a, b, c, d].iter().any(|&i| lines[i].1);
        let name = text(b);
        let transposed = !heads
            && kind_alone(text(a))
            && !status_alone(text(a))
            && !is_field(name)
            && !status_alone(name)
            && find_dates(name).is_empty()
            && !ends_sentence(name)
            && name.split_whitespace().count() <= 8
            && status_alone(text(c))
            && date_alone(text(d));
        if transposed {
            lines.swap(b, c);
            n += 4;
        } else {
            n += 1;
        }
    }
    lines
}

/// A source row whose two cells a copy wove together, as a page's layout
/// reads a row across line by line where its cells wrapped (`Q Continuum`
/// / `Rules Supplement` beside `16 Sep 1996`; `Alternate Universe Rules` /
/// `Supplement` beside `4 Dec` / `1995`), as the name and then its date:
/// `Q Continuum Rules Supplement 16 Sep 1996`. Only a row of names and a
/// date, every word capitalized or a number: a wording's sentence has
/// words in lower case.
fn unwoven(line: &str) -> Option<String> {
    let named = line.split_whitespace().all(|w| {
        w.trim_start_matches('(')
            .starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
    });
    if !named || line.split_whitespace().count() > 12 {
        return None;
    }
    if let Some(&(start, end, _)) = find_dates(line).first() {
        let after = line[end..].trim();
        let before = line[..start].trim();
        let words_after = after.contains(char::is_alphabetic) && !after.contains(char::is_numeric);
        return (words_after && !before.is_empty())
            .then(|| format!("{before} {after} {}", line[start..end].trim()));
    }
    let c = WOVEN_DATE.captures(line)?;
    let whole = c.get(0)?;
    let date = format!("{} {}", &c[1], &c[3]);
    find_dates(&date).first()?;
    let name = format!(
        "{}{}{}",
        line[..whole.start()].trim_end(),
        &c[2],
        &line[whole.end()..]
    );
    Some(format!("{} {date}", name.trim()))
}

/// Whether a line ends a sentence (or a label, on its colon): a clause
/// ended on a semicolon or a comma goes on.
fn ends_sentence(line: &str) -> bool {
    line.trim_end()
        .trim_end_matches(['"', '”', '’', ')'])
        .ends_with(['.', '!', '?', ':'])
}

/// Whether a line ends on a date: a source, however long (`First Contact
/// Rules Supplement (1 Dec 1997)`), ends its field there.
fn ends_dated(line: &str) -> bool {
    let trimmed = line.trim_end_matches([')', '.', ' ']);
    find_dates(trimmed)
        .last()
        .is_some_and(|&(_, end, _)| end == trimmed.len())
}

/// Whether a line ends on a link's month (`… the 30/30 rule (1997 Dec)`):
/// a link ends its field there.
fn ends_linked(line: &str) -> bool {
    MONTH
        .find_iter(line)
        .last()
        .is_some_and(|m| line[m.end()..].trim().is_empty())
}

/// Whether a wrap plainly broke a line: it ends mid-sentence and the next
/// line goes on in lowercase (`… wins at once; if both draw` / `decks run
/// out first, …`). A title ends no sentence either, but the wording under
/// it opens one.
fn plainly_wrapped(line: &str, next: &str) -> bool {
    !ends_sentence(line) && next.starts_with(|c: char| c.is_lowercase())
}

/// The text's measure, in characters: the median length of the lines a
/// wrap plainly broke ([`plainly_wrapped`]), three at least. None in text
/// that sets a paragraph a line.
fn measure(lines: &[(String, bool)]) -> Option<usize> {
    let mut lengths: Vec<usize> = lines
        .windows(2)
        .filter(|w| !w[0].1 && !is_field(&w[0].0) && plainly_wrapped(&w[0].0, &w[1].0))
        .map(|w| w[0].0.chars().count())
        .collect();
    if lengths.len() < 3 {
        return None;
    }
    lengths.sort_unstable();
    Some(lengths[lengths.len() / 2])
}

/// The lines with what a wrap broke joined: an open bracket closed on the
/// next line; a line a wrap plainly broke ([`plainly_wrapped`]); and, in
/// text filled to a measure, a line that ends mid-sentence and that the
/// next line's first word would not have fit on (`… for the turn, and any`
/// / `RANGE it had left is lost.`). A status line, a line ended by its
/// date (a source) and one ended by a link's month go on in nothing; nothing goes on in a status line, a
/// link or its label.
fn unwrapped(lines: Vec<(String, bool)>) -> Vec<(String, bool)> {
    let measure = measure(&lines);
    let mut out: Vec<(String, bool)> = Vec::with_capacity(lines.len());
    let mut iter = lines.into_iter().peekable();
    while let Some((mut line, head)) = iter.next() {
        while let Some((next, next_head)) = iter.peek() {
            let wraps = !head
                && !next_head
                && !line.is_empty()
                && !next.is_empty()
                && !is_field(next)
                && status_line(&line).is_none()
                && !ends_dated(&line)
                && !ends_linked(&line)
                && goes_on(&line, next, measure);
            if !wraps {
                break;
            }
            let (next, _) = iter.next().expect("peeked");
            if broken_by_wrap(&line, &next) {
                line.pop();
            } else {
                line.push(' ');
            }
            line.push_str(&next);
        }
        out.push((line, head));
    }
    out
}

/// Whether a line goes on in the next: it leaves a bracket open, a wrap
/// plainly broke it, or the text has a measure, the line ends
/// mid-sentence, and the next line's first word would not have fit on it.
fn goes_on(line: &str, next: &str, measure: Option<usize>) -> bool {
    let unclosed = line.matches('(').count() > line.matches(')').count();
    let filled = measure.is_some_and(|m| !ends_sentence(line) && !next_word_fits(line, next, m));
    unclosed || plainly_wrapped(line, next) || broken_by_wrap(line, next) || filled
}

/// A line's fields: cut before a status and after its dated source, before
/// a link's label, and after each link's month. `next` is the line after
/// it, where a table's row without a bar may find its date.
fn fields(line: &str, next: &str) -> Vec<String> {
    let line = with_bar(line, next);
    let mut cuts: Vec<usize> = Vec::new();
    for at in status_starts(&line) {
        cuts.push(at);
        if let Some(end) = dated_source_end(&line[at..]) {
            cuts.push(at + end);
        }
    }
    for m in LABEL.find_iter(&line) {
        cuts.push(m.start());
    }
    for m in MONTH.find_iter(&line) {
        cuts.push(m.end());
    }
    // A date in brackets ends a source, wherever the source stands, where
    // a field opens after it as one does, capitalized (a sentence goes on
    // in lower case after a date it names).
    for (start, end, _) in find_dates(&line) {
        let opens = line[end..]
            .strip_prefix(')')
            .map(|after| after.trim_start())
            .is_some_and(|after| {
                after.is_empty() || after.starts_with(|c: char| !c.is_lowercase())
            });
        if line[..start].ends_with('(') && opens {
            cuts.push(end + 1);
        }
    }
    cuts.retain(|&c| c > 0 && c < line.len());
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::new();
    let mut from = 0;
    for cut in cuts.into_iter().chain(std::iter::once(line.len())) {
        let piece = line[from..cut].trim();
        if !piece.is_empty() {
            out.push(piece.to_string());
        }
        from = cut;
    }
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

/// Where statuses start in a line: the kind's first word before each bar
/// (or tab) that a status word follows, its words capitalized, with no
/// sentence's end among them.
fn status_starts(line: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    for (bar, _) in line.match_indices(['|', '\t']) {
        let Some(kind) = kind_before(&line[..bar]) else {
            continue;
        };
        if status_line(&line[kind..]).is_some() {
            starts.push(kind);
        }
    }
    starts
}

/// Where the kind of change ends before `before` starts: its last
/// capitalized words (up to [`KIND_WORDS`]), after a sentence's end or the
/// line's start.
fn kind_before(before: &str) -> Option<usize> {
    let trimmed = before.trim_end();
    let mut start = None;
    let mut rest = trimmed;
    for _ in 0..KIND_WORDS {
        let (head, word) = match rest.rsplit_once(' ') {
            Some((head, word)) => (head, word),
            None => ("", rest),
        };
        if !word.starts_with(|c: char| c.is_uppercase()) || ends_sentence(word) {
            break;
        }
        start = Some(head.len() + usize::from(!head.is_empty()));
        if head.is_empty() || ends_sentence(head) || head.ends_with(')') {
            break;
        }
        rest = head.trim_end();
    }
    start
}

/// Where the status's dated source ends in a piece that starts with the
/// status: after its first date (and the bracket that closes it).
fn dated_source_end(piece: &str) -> Option<usize> {
    let status = status_line(piece)?;
    let rest_at = piece.len() - status.rest.len();
    let (_, end, _) = *find_dates(status.rest).first()?;
    let after = &status.rest[end..];
    let closing = after.len() - after.trim_start_matches([')', '.', ' ']).len();
    Some(rest_at + end + closing)
}

/// A line with the bar put back between each kind and status word that a
/// table's cells printed apart by spaces alone (`Original Superseded`): a
/// word the reader knows, capitalized, not a link's label, after the
/// kind's capitalized words, with a date within a few words after it (on
/// the line, or on the next line where the word ends it).
fn with_bar(line: &str, next: &str) -> String {
    if line.contains(['|', '\t']) {
        return line.to_string();
    }
    let words: Vec<(usize, &str)> = line
        .split(' ')
        .scan(0usize, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    // Where each bar goes: after the kind, before the status word.
    let mut bars: Vec<(usize, usize)> = Vec::new();
    for (n, &(at, word)) in words.iter().enumerate() {
        let known = Printed::of(word.trim_end_matches([',', '.'])) != Printed::NotKnown;
        let capital = word.starts_with(|c: char| c.is_uppercase());
        let label = words.get(n + 1).is_some_and(|(_, w)| w.starts_with("by"));
        if !known || !capital || label || n == 0 {
            continue;
        }
        let Some(kind) = kind_before(&line[..at]) else {
            continue;
        };
        let after: Vec<&str> = words[n + 1..]
            .iter()
            .take(DATE_WITHIN)
            .map(|(_, w)| *w)
            .collect();
        let dated = !find_dates(&after.join(" ")).is_empty()
            || (n + 1 == words.len() && !find_dates(next).is_empty());
        if dated && bars.last().is_none_or(|&(_, last)| last < kind) {
            bars.push((kind, at));
        }
    }
    if bars.is_empty() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + bars.len() * 2);
    let mut from = 0;
    for (kind, at) in bars {
        out.push_str(&line[from..kind]);
        out.push_str(line[kind..at].trim_end());
        out.push_str(" | ");
        from = at;
    }
    out.push_str(&line[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields_of(text: &str) -> Vec<String> {
        logical(text)
            .0
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect()
    }

    #[test]
    fn a_paragraph_that_runs_a_versions_fields_together_is_cut_into_them() {
        assert_eq!(
            fields_of("The higher score wins. Original | Superseded Premiere Rulebook (10 Nov 1994) Superseded by: Deck size: thirty (1997 Dec) Deck size: forty (1995 Jan)"),
            [
                "The higher score wins.",
                "Original | Superseded Premiere Rulebook (10 Nov 1994)",
                "Superseded by: Deck size: thirty (1997 Dec)",
                "Deck size: forty (1995 Jan)",
            ]
        );
    }

    #[test]
    fn a_tables_row_read_across_its_cells_gets_its_bar_back() {
        assert_eq!(
            fields_of("Original Superseded\nPremiere Rulebook 10 Nov 1994"),
            ["Original | Superseded", "Premiere Rulebook 10 Nov 1994"]
        );
        assert_eq!(
            fields_of(
                "Major New Affiliation      Active\nDominion Rules Supplement   5 Oct 1998\n"
            ),
            [
                "Major New Affiliation | Active",
                "Dominion Rules Supplement 5 Oct 1998"
            ]
        );
        // A status word in a sentence, or a link's label, is none.
        assert_eq!(
            fields_of("The rule Superseded in 1997 (1 Dec 1997) stays."),
            ["The rule Superseded in 1997 (1 Dec 1997) stays."]
        );
        assert_eq!(
            fields_of("Superseded by: Range (2001 Feb) Range: twelve (2003 Mar)"),
            [
                "Superseded by: Range (2001 Feb)",
                "Range: twelve (2003 Mar)"
            ]
        );
    }

    #[test]
    fn a_wrap_is_joined_where_the_next_word_would_not_have_fit() {
        let text = "Deck size: sixty cards\n\
            The first player to score one hundred points wins at once; if\n\
            both draw decks run out first, the higher score wins the game.\n\
            Original | Superseded\n\
            Premiere Rulebook (10 Nov 1994)\n\
            Superseded by: Deck size: the thirty and thirty rule of (1997\n\
            Dec)\n\
            Range\n\
            A ship moves as far as its range each and every turn, no more,\n\
            counted in span points that its player adds up one by one.\n\
            Original | Active\n\
            Premiere Rulebook (10 Nov 1994)\n\
            Cloaking\n\
            A cloaked ship may not be attacked or targeted in any way and\n\
            it may neither attack nor move while it stays cloaked there.\n\
            Original | Active\n\
            Premiere Rulebook (10 Nov 1994)\n";
        let fields = fields_of(text);
        assert_eq!(fields[0], "Deck size: sixty cards");
        assert_eq!(fields[1], "The first player to score one hundred points wins at once; if both draw decks run out first, the higher score wins the game.");
        assert_eq!(
            fields[4],
            "Superseded by: Deck size: the thirty and thirty rule of (1997 Dec)"
        );
        assert_eq!(fields[5], "Range");
    }

    #[test]
    fn a_source_row_whose_cells_wrapped_is_its_name_then_its_date() {
        assert_eq!(
            fields_of(
                "Rule Change Superseded\nQ Continuum 16 Sep 1996 Rules Supplement\nCards are met."
            ),
            [
                "Rule Change | Superseded",
                "Q Continuum Rules Supplement 16 Sep 1996",
                "Cards are met."
            ]
        );
        assert_eq!(
            fields_of("New Card Type Active\nAlternate Universe Rules 4 Dec Supplement 1995\n"),
            [
                "New Card Type | Active",
                "Alternate Universe Rules Supplement 4 Dec 1995"
            ]
        );
        // A sentence that names a date is a wording, as it is.
        assert_eq!(
            fields_of("Ruled on 4 Dec 1995 for the Supplement."),
            ["Ruled on 4 Dec 1995 for the Supplement."]
        );
    }

    #[test]
    fn page_numbers_and_running_headers_are_no_field() {
        // The page's title stays where it heads the page, and goes where a
        // page break prints it again.
        let text = "Rule Changes\nRange\nOriginal | Active\nPage 1\nRule Changes\nPremiere Rulebook (10 Nov 1994)\n";
        assert_eq!(
            fields_of(text),
            [
                "Rule Changes",
                "Range",
                "Original | Active",
                "Premiere Rulebook (10 Nov 1994)"
            ]
        );
    }
}
