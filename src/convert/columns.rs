//! Plain text set in columns side by side, as `pdftotext -layout` and other
//! text dumps of a laid-out page print it: each row of the text holds a
//! line of every column, the columns kept apart by a run of spaces at the
//! same place on every row (the gutter). Read row by row, the columns'
//! sentences interleave; this module takes the text in and gives each
//! column's lines in turn, page by page.
//!
//! A gutter is found, never assumed: a run of at least [`GUTTER`] places,
//! on one page, where few rows have text and many rows have text on both
//! sides of it with only spaces across it. Prose set in one column never
//! has that: a row's words are one space apart, so no run of places is
//! blank on many rows that also have words on both sides of it.
//!
//! A row that crosses a gutter (a centred title, a paragraph set across
//! the page) is a row of its own: the columns read so far are given before
//! it, in order, and it follows.
//!
//! Rows hold lines of every column at once, so a column has a blank row
//! wherever another column's line sits between two of its own (a larger
//! head beside it, a different leading). Such a blank is no paragraph
//! break unless the line before it ends a sentence; a row blank across
//! every column always is one.

use crate::parse::flow;
use crate::parse::lines::is_joining_word;

mod tables;
use tables::{interleaved, MOST_INTERLEAVED};

/// The fewest places a gutter spans.
const GUTTER: usize = 2;
/// The fewest places a column spans.
const NARROWEST_COLUMN: usize = 12;
/// The fewest rows a page needs before a gutter is looked for.
const FEWEST_ROWS: usize = 6;
/// A gutter has text on at most this share of a page's rows (titles,
/// paragraphs set across the page)...
const MOST_CROSSING: f64 = 0.35;
/// ...and text on both sides of it, with only spaces across it, on at
/// least this share.
const FEWEST_STRADDLING: f64 = 0.2;
/// Rows that may cross the narrowest part of a gutter, as a share of a
/// page's rows.
const CROSSING_IN_CORE: f64 = 0.1;

/// The text with every page's columns given one after another, and the most
/// columns found on one page; `None` when no page has columns.
pub fn unfold(text: &str) -> Option<(String, usize)> {
    let pages: Vec<&str> = text.split('\u{c}').collect();
    let found: Vec<Vec<(usize, usize)>> = pages
        .iter()
        .map(|p| gutters_of(&rows(p), Beside::Even))
        .collect();
    let mut most = 1;
    let unfolded: Vec<String> = pages
        .iter()
        .zip(&found)
        .map(|(page, own)| {
            let rows = rows(page);
            // A page whose columns are too short to show their gutter (the
            // last page, its last column a few lines long), in a copy whose
            // other pages are set in columns, is looked at again for a
            // column beside a longer one.
            let gutters = if own.is_empty() && found.iter().any(|g| !g.is_empty()) {
                gutters_of(&rows, Beside::Short)
            } else {
                own.clone()
            };
            if gutters.is_empty() {
                return page.to_string();
            }
            most = most.max(gutters.len() + 1);
            let mut unfolded = unfold_rows(&rows, &gutters);
            // The page's last line ends where it ended, so that the next
            // page's first line (after the form feed) is a line of its own,
            // not the end of this page's footer.
            if page.ends_with('\n') && !unfolded.ends_with('\n') {
                unfolded.push('\n');
            }
            unfolded
        })
        .collect();
    (most > 1).then(|| (unfolded.join("\u{c}"), most))
}

/// A page's rows.
fn rows(page: &str) -> Vec<Vec<char>> {
    page.split('\n').map(places).collect()
}

/// Which columns a page's gutters are looked for between.
#[derive(Clone, Copy, PartialEq)]
enum Beside {
    /// Columns of about the same length: the places most rows use are
    /// columns, the rest margins and gutters.
    Even,
    /// A column that may be a few lines long beside a long one: any place
    /// a row uses may be a column, and a gutter is straddled by most of
    /// the rows that reach past it.
    Short,
}

/// A row's characters, tabs set to the next multiple of eight.
fn places(line: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(line.len());
    for c in line.trim_end().chars() {
        if c == '\t' {
            let next = (out.len() / 8 + 1) * 8;
            out.resize(next, ' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The blank runs of a row: `(start, end)`, end exclusive; the margin on
/// the left and the space after the row's end (to `usize::MAX`) included.
fn blank_runs(row: &[char]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in row.iter().enumerate() {
        match (c.is_whitespace(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    runs.push((start.unwrap_or(row.len()), usize::MAX));
    runs
}

/// Where a row is cut at the gutter `(a, b)`: inside a blank run of the row
/// that overlaps it (at least [`GUTTER`] wide, or the row's margin or end).
/// A row whose words all sit inside the gutter (a title centred over the
/// page, a page number) crosses it: it is cut nowhere.
fn cut(row: &[char], runs: &[(usize, usize)], (a, b): (usize, usize)) -> Option<usize> {
    let words = row.iter().position(|c| !c.is_whitespace()).map(|first| {
        let last = row
            .iter()
            .rposition(|c| !c.is_whitespace())
            .unwrap_or(first);
        (first, last + 1)
    });
    if words.is_some_and(|(first, end)| first >= a && end <= b) {
        return None;
    }
    runs.iter()
        .find(|&&(s, e)| s < b && e > a && (e - s >= GUTTER || s == 0 || e == usize::MAX))
        .map(|&(s, e)| {
            // The middle of where the run and the gutter meet.
            let (from, to) = (s.max(a), e.min(b));
            let at = (from + to) / 2;
            at.min(row.len())
        })
}

/// Whether a row has words before `a` (from `from` on) and after `b`, with
/// only blanks between. A list's bullets or numbers before its items are no
/// column: words are two letters or more.
fn straddles(row: &[char], from: usize, (a, b): (usize, usize)) -> bool {
    let has_word = |part: &[char]| {
        part.windows(2)
            .any(|w| w[0].is_alphabetic() && w[1].is_alphabetic())
    };
    b < row.len()
        && from < a
        && has_word(&row[from..a])
        && row[a..b].iter().all(|c| c.is_whitespace())
        && has_word(&row[b..])
}

/// The gutters of a page: runs of places where few rows have text and
/// many rows straddle.
fn gutters_of(rows: &[Vec<char>], beside: Beside) -> Vec<(usize, usize)> {
    let filled: Vec<&Vec<char>> = rows
        .iter()
        .filter(|r| r.iter().any(|c| !c.is_whitespace()))
        .collect();
    if filled.len() < FEWEST_ROWS {
        return Vec::new();
    }
    let width = filled.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut busy = vec![0usize; width];
    for row in &filled {
        for (i, c) in row.iter().enumerate() {
            if !c.is_whitespace() {
                busy[i] += 1;
            }
        }
    }
    let rows_count = filled.len() as f64;
    let quiet = |x: usize| (busy[x] as f64) <= MOST_CROSSING * rows_count;
    // Places before the first and after the last place most rows use are
    // margins, not gutters.
    let Some(first) = (0..width).find(|&x| !quiet(x)) else {
        return Vec::new();
    };
    let last = match beside {
        Beside::Even => (0..width).rev().find(|&x| !quiet(x)).unwrap_or(first),
        Beside::Short => (0..width).rev().find(|&x| busy[x] > 0).unwrap_or(first),
    };
    let mut found = Vec::new();
    let mut x = first;
    while x < last {
        if !quiet(x) {
            x += 1;
            continue;
        }
        let start = x;
        while x < last && quiet(x) {
            x += 1;
        }
        if x - start < GUTTER {
            continue;
        }
        // The part of the run that rows leave blank but for a few crossing
        // it (a title's letters fall here and there): the longest stretch
        // of places that few rows fill.
        let emptiest = busy[start..x].iter().copied().min().unwrap_or(0);
        let few = emptiest.max((CROSSING_IN_CORE * rows_count).ceil() as usize);
        let core = longest_stretch(&busy, (start, x), |n| n <= few);
        if core.1 - core.0 < GUTTER {
            continue;
        }
        // A column is as wide as a few words at least.
        let column_start = found.last().map_or(first, |&(_, end)| end);
        if core.0 < column_start + NARROWEST_COLUMN {
            continue;
        }
        // A ragged column's longer lines reach into the gutter's edges: a
        // row straddles when it leaves the emptiest stretch of the gutter
        // blank, though a few of its letters sit in the rest.
        let straddled = emptiest_stretch(&busy, core);
        let straddling = filled
            .iter()
            .filter(|r| straddles(r, column_start, straddled))
            .count();
        let enough = match beside {
            Beside::Even => straddling as f64 >= FEWEST_STRADDLING * rows_count,
            Beside::Short => {
                let reaching = filled.iter().filter(|r| r.len() > straddled.1).count();
                straddling * 2 >= reaching
            }
        };
        if enough
            && straddling >= 3
            && interleaved(&filled, column_start, straddled) <= MOST_INTERLEAVED
        {
            found.push(core);
        }
    }
    found
}

/// The longest stretch of `(a, b)` that the fewest rows fill, when it spans
/// a gutter's width; else all of `(a, b)`.
fn emptiest_stretch(busy: &[usize], (a, b): (usize, usize)) -> (usize, usize) {
    let least = busy[a..b].iter().copied().min().unwrap_or(0);
    let best = longest_stretch(busy, (a, b), |n| n == least);
    if best.1 - best.0 >= GUTTER {
        best
    } else {
        (a, b)
    }
}

/// The longest stretch of places in `(a, b)` whose count of rows with text
/// is `quiet`; `(a, a)` when there is none.
fn longest_stretch(
    busy: &[usize],
    (a, b): (usize, usize),
    quiet: impl Fn(usize) -> bool,
) -> (usize, usize) {
    let mut best = (a, a);
    let mut from = None;
    for (p, still) in (a..).zip(busy[a..b].iter().map(|&n| quiet(n)).chain([false])) {
        match (still, from) {
            (true, None) => from = Some(p),
            (false, Some(f)) => {
                if p - f > best.1 - best.0 {
                    best = (f, p);
                }
                from = None;
            }
            _ => {}
        }
    }
    best
}

/// One column's line on one row.
enum Piece {
    Text(String),
    /// Blank in this column; `across` when every column is blank here.
    Blank {
        across: bool,
    },
}

/// A page's columns, split at its gutters, given one after another.
fn unfold_rows(rows: &[Vec<char>], gutters: &[(usize, usize)]) -> String {
    let columns = gutters.len() + 1;
    let mut out: Vec<String> = Vec::with_capacity(rows.len());
    let mut pending: Vec<Vec<Piece>> = (0..columns).map(|_| Vec::new()).collect();
    for row in rows {
        let runs = blank_runs(row);
        let cuts: Option<Vec<usize>> = gutters.iter().map(|&g| cut(row, &runs, g)).collect();
        let Some(cuts) = cuts.filter(|c| c.windows(2).all(|w| w[0] <= w[1])) else {
            // A row across the gutters: what came before it first.
            flush(&mut pending, &mut out);
            out.push(row.iter().collect::<String>().trim().to_string());
            continue;
        };
        let bounds: Vec<usize> = std::iter::once(0)
            .chain(cuts)
            .chain(std::iter::once(row.len()))
            .collect();
        let texts: Vec<String> = bounds
            .windows(2)
            .map(|w| {
                let (from, to) = (w[0].min(row.len()), w[1].min(row.len()));
                row[from..to.max(from)]
                    .iter()
                    .collect::<String>()
                    .trim()
                    .to_string()
            })
            .collect();
        let across = texts.iter().all(String::is_empty);
        for (column, text) in pending.iter_mut().zip(texts) {
            column.push(if text.is_empty() {
                Piece::Blank { across }
            } else {
                Piece::Text(text)
            });
        }
    }
    flush(&mut pending, &mut out);
    out.join("\n")
}

/// Whether a line ends a sentence, so that a blank after it is a
/// paragraph break. A colon does not: a head wrapped after its colon
/// ("actions – interrupting actions:") goes on with its ruling.
fn ends_sentence(line: &str) -> bool {
    let line = line
        .trim_end()
        .trim_end_matches([')', '"', '\'', '\u{201d}', '\u{2019}']);
    line.ends_with(['.', '!', '?'])
}

/// Whether a wrap broke a word across `before` and `next` with a hyphen
/// (`Clarifications: Multitarget-` / `ing: Some cards …`), or `before` ends
/// on a word that joins it to what follows: no paragraph ends there.
fn word_broken(before: &str, next: &str) -> bool {
    // Nor after a word that joins what follows (`Borg – The Delta Quadrant
    // and` / `Borg Outpost: …`).
    flow::broken_by_wrap(before.trim_end(), next.trim_start())
        || before
            .split_whitespace()
            .next_back()
            .is_some_and(is_joining_word)
}

/// Whether a line begins as an entry's head does: a few words, then a dash
/// or a colon ("cloaking – …", "Borg: …"), so that a blank before it is a
/// paragraph break.
fn opens_entry(line: &str) -> bool {
    let line = line.trim_start_matches(['*', '•', ' ']);
    [" – ", " — ", " - ", ": "]
        .iter()
        .filter_map(|mark| line.find(mark))
        .min()
        .is_some_and(|at| {
            let words = line[..at].split_whitespace().count();
            (1..=8).contains(&words)
        })
}

/// Gives the columns read so far, one after another, and empties them.
fn flush(pending: &mut [Vec<Piece>], out: &mut Vec<String>) {
    for column in pending.iter_mut() {
        let pieces = std::mem::take(column);
        // The column's measure: its longest line.
        let measure = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.chars().count(),
                Piece::Blank { .. } => 0,
            })
            .max()
            .unwrap_or(0);
        let mut last: Option<String> = None;
        // A blank seen since the last line: `Some(true)` across every
        // column.
        let mut blank: Option<bool> = None;
        for piece in pieces {
            match piece {
                Piece::Text(text) => {
                    let breaks = match (blank, last.as_deref()) {
                        (_, None) | (None, _) => false,
                        // After a line that runs the column's measure a
                        // head's shape is no break: the line wrapped
                        // (`Borg – The Delta Quadrant and Borg` / `Outpost –
                        // The rule …`), where a paragraph's last line ends
                        // short. A line that announces what follows with a
                        // colon ends its paragraph however long it is.
                        (Some(across), Some(before)) => {
                            across
                                || (!word_broken(before, &text)
                                    && (ends_sentence(before)
                                        || (opens_entry(&text)
                                            && (before.trim_end().ends_with(':')
                                                || flow::next_word_fits(before, &text, measure)))))
                        }
                    };
                    if breaks {
                        out.push(String::new());
                    }
                    blank = None;
                    out.push(text.clone());
                    last = Some(text);
                }
                Piece::Blank { across } => blank = Some(blank.unwrap_or(false) || across),
            }
        }
        if last.is_some() {
            out.push(String::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two columns of `width`, their rows side by side, `gap` spaces apart.
    fn side_by_side(left: &[&str], right: &[&str], width: usize, gap: usize) -> String {
        let rows = left.len().max(right.len());
        (0..rows)
            .map(|i| {
                let l = left.get(i).copied().unwrap_or("");
                let r = right.get(i).copied().unwrap_or("");
                if r.is_empty() {
                    l.to_string()
                } else {
                    format!("{l:width$}{}{r}", " ".repeat(gap))
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    const LEFT: [&str; 8] = [
        "cloaking – A cloaked ship",
        "cannot be targeted by",
        "anything.",
        "",
        "Borg – Borg may not",
        "attempt missions; they",
        "use Objectives instead.",
        "",
    ];
    const RIGHT: [&str; 8] = [
        "dilemmas – A dilemma",
        "is encountered when it",
        "is revealed.",
        "",
        "exocomp – An Exocomp",
        "is an android for the",
        "purposes of dilemmas.",
        "",
    ];

    #[test]
    fn two_columns_are_given_one_after_the_other() {
        let text = side_by_side(&LEFT, &RIGHT, 30, 4);
        let (unfolded, columns) = unfold(&text).expect("columns found");
        assert_eq!(columns, 2);
        let lines: Vec<&str> = unfolded.lines().collect();
        let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
        assert!(at("anything.") < at("Borg – Borg may not"));
        assert!(at("use Objectives instead.") < at("dilemmas – A dilemma"));
        assert!(at("dilemmas – A dilemma") < at("purposes of dilemmas."));
        // Paragraphs stay apart.
        assert_eq!(lines[at("anything.") + 1], "");
    }

    #[test]
    fn a_ragged_column_reaching_into_the_gutter_is_still_a_column() {
        // Prose of `n` places, ending on a letter.
        let prose = |n: usize| {
            let text = "ruling text goes on here and there ".repeat(3);
            let line = text[..n].trim_end().to_string();
            if text.as_bytes()[n - 1] == b' ' {
                line + "x"
            } else {
                line
            }
        };
        // A left column shorter than the right one, most of its lines a few
        // places short of the gutter and a few running up to it; beside it a
        // right column with blank rows where the left one goes on.
        let long = [1, 5, 9, 13];
        let rows: Vec<String> = (0..44)
            .map(|i| {
                let left = if long.contains(&i) {
                    prose(44 + i % 3)
                } else if i < 20 && i % 5 != 4 {
                    prose(36)
                } else {
                    String::new()
                };
                let right = (i >= 20 || i % 2 == 0 || long.contains(&i)) && i % 7 != 6;
                if right {
                    format!("{left:48}   {}", prose(40))
                } else {
                    left
                }
            })
            .collect();
        let (unfolded, columns) = unfold(&rows.join("\n")).expect("columns found");
        assert_eq!(columns, 2);
        // The left column's long lines are whole, and given before the right
        // column's lines.
        let lines: Vec<&str> = unfolded.lines().collect();
        let first_right = lines.iter().position(|l| l.len() == 40).unwrap();
        assert!(lines[..first_right].contains(&prose(45).as_str()));
        assert!(lines[..first_right].contains(&prose(46).as_str()));
        assert!(lines[first_right..].iter().all(|l| l.len() <= 40));
    }

    #[test]
    fn a_title_centred_inside_the_gutter_comes_first() {
        // Columns set wide apart, a short title and its date centred over
        // them: their words fall in the gutter alone.
        let body = side_by_side(&LEFT, &RIGHT, 30, 12);
        let body = [body.as_str(); 3].join("\n");
        let text = format!("{:33}Rulings\n{:32}2000-03-27\n\n{body}", "", "");
        let (unfolded, columns) = unfold(&text).expect("columns found");
        assert_eq!(columns, 2);
        let lines: Vec<&str> = unfolded.lines().collect();
        assert_eq!(lines[..2], ["Rulings", "2000-03-27"]);
        let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
        assert!(at("use Objectives instead.") < at("dilemmas – A dilemma"));
    }

    #[test]
    fn three_columns_and_a_title_across_them() {
        let left = ["alpha – one", "two.", "", "beta – three", "four.", ""];
        let middle = ["gamma – five", "six.", "", "delta – seven", "eight.", ""];
        let right = ["eta – nine", "ten.", "", "theta – eleven", "twelve.", ""];
        let row = |i: usize| format!("{:16}   {:16}   {}", left[i], middle[i], right[i]);
        // The same entries twice, so that the page has rows enough.
        let body = (0..left.len() * 2)
            .map(|i| row(i % left.len()))
            .collect::<Vec<_>>()
            .join("\n");
        let text = format!("      Current Rulings Document, 3 March 2020\n\n{body}");
        let (unfolded, columns) = unfold(&text).expect("columns found");
        assert_eq!(columns, 3);
        let lines: Vec<&str> = unfolded.lines().map(str::trim_end).collect();
        assert_eq!(lines[0], "Current Rulings Document, 3 March 2020");
        let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
        assert!(at("four.") < at("gamma – five"));
        assert!(at("eight.") < at("eta – nine"));
    }

    /// The lines `left` is unfolded into, set beside a column whose larger
    /// head sits on a row of its own (leaving blank rows in `left`), on a
    /// page of two columns `width` wide.
    fn unfolded_beside_a_head(left: &[&str], width: usize) -> Vec<String> {
        let right = [
            "",
            "SIGNIFICANT RULINGS",
            "",
            "",
            "cloaking – hidden.",
            "and more text here.",
            "",
        ];
        let right = &right[..left.len().min(right.len())];
        let text = side_by_side(left, right, width, 6);
        let text = format!("{text}\n{}", side_by_side(&LEFT, &RIGHT, width, 6));
        let (unfolded, _) = unfold(&text).expect("columns found");
        unfolded.lines().map(str::to_string).collect()
    }

    /// Where `line` is among `lines`.
    fn at(lines: &[String], line: &str) -> usize {
        lines.iter().position(|l| l == line).expect(line)
    }

    #[test]
    fn a_blank_row_left_by_another_column_does_not_break_a_sentence() {
        // The right column's larger head sits on its own row.
        let lines = unfolded_beside_a_head(
            &[
                "Current Rulings are the",
                "",
                "official supplement to",
                "the Rulebook.",
                "",
                "Next paragraph here.",
            ],
            26,
        );
        assert_eq!(
            at(&lines, "official supplement to"),
            at(&lines, "Current Rulings are the") + 1
        );
        assert_eq!(lines[at(&lines, "the Rulebook.") + 1], "");
    }

    #[test]
    fn a_blank_row_after_a_line_that_runs_the_measure_is_no_break() {
        // `Outpost – The rule …` reads as a head after a blank, but the
        // line before it runs the column's measure: the head wrapped. After
        // a short line, the same blank is a paragraph break.
        let lines = unfolded_beside_a_head(
            &[
                "Borg – The Delta Quadrant and Borg",
                "",
                "Outpost – The rule that you may no",
                "longer report cards here at all.",
                "cumulative",
                "",
                "Kivas Fajo – Now counts as a ship.",
            ],
            36,
        );
        assert_eq!(
            at(&lines, "Outpost – The rule that you may no"),
            at(&lines, "Borg – The Delta Quadrant and Borg") + 1
        );
        assert_eq!(
            at(&lines, "Kivas Fajo – Now counts as a ship."),
            at(&lines, "cumulative") + 2
        );
    }

    #[test]
    fn a_blank_row_inside_a_word_the_wrap_broke_is_no_break() {
        // `ing: Some …` reads as a head after a blank, but the line before
        // it ends inside the word.
        let lines = unfolded_beside_a_head(
            &[
                "Clarifications: Multitarget-",
                "",
                "ing: Some cards allow a",
                "ship to target two.",
                "",
                "Next paragraph here.",
            ],
            28,
        );
        assert_eq!(
            at(&lines, "ing: Some cards allow a"),
            at(&lines, "Clarifications: Multitarget-") + 1
        );
    }

    #[test]
    fn a_head_wrapped_after_its_colon_goes_on_with_its_ruling() {
        let left = [
            "see the following listings:",
            "",
            "actions – interrupting actions:",
            "",
            "Interrupt cards may no longer",
            "be played during a mission.",
            "",
            "Borg – Borg may not attempt.",
        ];
        let right = [
            "",
            "SIGNIFICANT",
            "",
            "RULINGS",
            "",
            "",
            "cloaking – hidden.",
            "",
        ];
        let text = format!(
            "{}\n{}",
            side_by_side(&left, &right, 34, 4),
            side_by_side(&LEFT, &RIGHT, 34, 4)
        );
        let (unfolded, _) = unfold(&text).expect("columns found");
        let lines: Vec<&str> = unfolded.lines().collect();
        let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
        // The head's ruling follows it; a head opens a paragraph of its own.
        assert_eq!(
            at("Interrupt cards may no longer"),
            at("actions – interrupting actions:") + 1
        );
        assert_eq!(lines[at("actions – interrupting actions:") - 1], "");
        assert_eq!(lines[at("Borg – Borg may not attempt.") - 1], "");
    }

    #[test]
    fn prose_in_one_column_is_left_alone() {
        let prose = [
            "Current Rulings are periodic updates to the Rulebook and Glossary, including",
            "rules changes, clarifications and situations not addressed in the Rulebook,",
            "Glossary   or   rules   supplements.   Current   Rulings   are   the   official",
            "supplement to the Rulebook and should be used by tournament directors in",
            "making tournament rulings.",
            "",
            "cloaking – A cloaked ship cannot be targeted.",
            "Borg – Borg may not attempt missions.",
            "dilemmas – A dilemma is encountered when it is revealed.",
            "exocomp – An Exocomp is an android.",
        ];
        assert!(unfold(&prose.join("\n")).is_none());
        // Short entries of differing lengths make no gutter either.
        let list: Vec<String> = (0..20)
            .map(|i| format!("topic {i} – {}", "word ".repeat(i % 7 + 1)))
            .collect();
        assert!(unfold(&list.join("\n")).is_none());
    }

    #[test]
    fn each_page_is_unfolded_on_its_own() {
        let page = side_by_side(&LEFT, &RIGHT, 30, 4);
        let text = format!("{page}\u{c}{page}");
        let (unfolded, _) = unfold(&text).expect("columns found");
        let pages: Vec<&str> = unfolded.split('\u{c}').collect();
        assert_eq!(pages.len(), 2);
        for page in pages {
            let lines: Vec<&str> = page.lines().collect();
            let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
            assert!(at("use Objectives instead.") < at("dilemmas – A dilemma"));
        }
    }

    #[test]
    fn a_page_whose_last_column_is_short_is_set_as_the_other_pages() {
        // The last page: a long first column and three lines beside it,
        // too few for a gutter of its own.
        let first = side_by_side(&LEFT, &RIGHT, 30, 4);
        let long: Vec<String> = (0..20).map(|i| format!("rule {i} of the column")).collect();
        let mut left: Vec<&str> = long.iter().map(String::as_str).collect();
        left[..3].copy_from_slice(&[
            "abduction – To abduct a",
            "personnel is to take it",
            "aboard.",
        ]);
        let right = ["Q-Flash – Seed one", "in a side deck.", "Draw from it."];
        let last = side_by_side(&left, &right, 30, 4);
        let (unfolded, _) = unfold(&format!("{first}\n\u{c}{last}\n")).expect("columns");
        let last_page = unfolded.split('\u{c}').nth(1).unwrap();
        let lines: Vec<&str> = last_page.lines().collect();
        assert_eq!(&lines[..3], &left[..3], "{last_page}");
        let at = |s: &str| lines.iter().position(|l| *l == s).unwrap();
        assert!(
            at("rule 19 of the column") < at("Q-Flash – Seed one"),
            "{last_page}"
        );
        // Alone, the page shows no gutter.
        assert!(unfold(&last).is_none());
    }

    #[test]
    fn a_pages_last_line_stays_apart_from_the_next_pages_first() {
        // A footer across the columns, then the page's end: the next
        // page's first line, in one column, opens a line of its own.
        let page = side_by_side(&LEFT, &RIGHT, 30, 4);
        let footer = "Rules Compendium for the tournament table, page 1";
        let text = format!("{page}\n{footer}\n\n\u{c}battle – A fight.\n");
        let (unfolded, _) = unfold(&text).expect("columns found");
        assert!(
            unfolded.contains(&format!("{footer}\n\u{c}battle – A fight.")),
            "{unfolded}"
        );
    }
}
