//! Tables set on a page. A table's second column starts at one place on
//! every row: rows whose first cell is short leave a wide gap before it,
//! and a row whose first cell is long runs up to it with no more than a
//! space (a web page printed sets its cells that close). A run of lines
//! that two rows with a wide gap before the same place prove a table, and
//! that the others fit (a gap over that place, or a word starting there on
//! a row starting where the rows start), is written row by row: each row a
//! paragraph of its own, its first cell set apart from the rest by a dash,
//! as a web page's table is converted. A row is never run into the next as
//! a wrapped line of prose. Only a table of short cells is read so: one
//! whose cells hold prose wraps them, and is read as that prose.

use super::{Line, Run};

/// Widest a gap between two runs of one line is in prose, in ems: a gap
/// wider sets cells apart (justified prose stretches its spaces to half an
/// em at most).
const CELL_GAP: f32 = 1.2;
/// How far apart two rows' second cells may start and still be one column,
/// in points.
const SAME_COLUMN: f32 = 2.5;
/// How far from the column a word inside a run may be estimated to start
/// and still open the row's second cell, in ems (a run's glyphs are placed
/// by its characters' share of its width, not measured).
const WORD_NEAR: f32 = 0.6;
/// Fewest rows that make a table: a header and two rows.
const FEWEST_ROWS: usize = 3;
/// Fewest rows with a wide gap before the column: what proves it.
const FEWEST_PROVEN: usize = 2;
/// Most words of a row of short cells (a card, its formats, a date). A
/// table whose cells hold prose wraps them over several lines, which are
/// no rows: such a table is read as the prose it holds.
const ROW_WORDS: usize = 12;

/// The second cells of a line that a wide gap opens: each run's index and
/// left edge.
fn wide_gaps(line: &Line) -> Vec<(usize, f32)> {
    line.runs
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[1].left - w[0].right > CELL_GAP * w[1].size.max(1.0))
        .map(|(k, w)| (k + 1, w[1].left))
        .collect()
}

/// Whether a run holds nothing but a page number: a contents line's last
/// cell, which sets no table.
fn page_number(run: &Run) -> bool {
    let t = run.text.trim();
    !t.is_empty() && t.len() <= 4 && t.chars().all(|c| c.is_ascii_digit())
}

/// Where a line's second cell starts at column `x`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    /// At run `k`, after a wide gap (or `x` lies in that gap).
    Run(usize),
    /// Inside run `k`, at byte `at` of its text (a word starting there).
    Inside(usize, usize),
}

/// Where a line's second cell starts at column `x`, if the line fits a
/// table whose rows start at `left`.
fn cell_at(line: &Line, x: f32, left: f32) -> Option<Cell> {
    for (k, start) in wide_gaps(line) {
        let gap_left = line.runs[k - 1].right;
        if (start - x).abs() <= SAME_COLUMN || (gap_left < x && x < start) {
            return Some(Cell::Run(k));
        }
    }
    // A row whose first cell runs up to the column is a row still where it
    // starts where the rows start and sets another cell apart by a wide
    // gap: a line of prose that spans the table does neither.
    if (line.left - left).abs() > 1.0 || wide_gaps(line).is_empty() {
        return None;
    }
    let (k, run) = line
        .runs
        .iter()
        .enumerate()
        .find(|(_, r)| r.left < x && x < r.right)?;
    let chars: Vec<(usize, char)> = run.text.char_indices().collect();
    let width = (run.right - run.left) / chars.len().max(1) as f32;
    chars
        .iter()
        .enumerate()
        .filter(|(i, (_, c))| *i > 0 && !c.is_whitespace() && chars[i - 1].1.is_whitespace())
        .map(|(i, (at, _))| (*at, run.left + width * i as f32))
        .filter(|(_, estimated)| (estimated - x).abs() <= WORD_NEAR * run.size.max(1.0))
        .min_by(|a, b| (a.1 - x).abs().total_cmp(&(b.1 - x).abs()))
        .map(|(at, _)| Cell::Inside(k, at))
}

/// Marks the rows of every table among `lines` (in reading order): each
/// row's second cell opens with a dash, and the row is flagged so that it
/// makes a paragraph of its own.
pub(super) fn mark_rows(lines: &mut [Line]) {
    let mut start = 0;
    while start < lines.len() {
        let Some(found) = table_at(lines, start) else {
            start += 1;
            continue;
        };
        let (end, cells) = found;
        for (i, cell) in (start..end).zip(cells) {
            let line = &mut lines[i];
            let k = match cell {
                Cell::Run(k) => k,
                Cell::Inside(k, at) => {
                    let run = &mut line.runs[k];
                    let share = run.text[..at].chars().count() as f32
                        / run.text.chars().count().max(1) as f32;
                    let split = run.left + (run.right - run.left) * share;
                    let mut rest = run.clone();
                    rest.text = run.text[at..].to_string();
                    rest.left = split;
                    run.text = run.text[..at].trim_end().to_string();
                    // The space before the word, as a gap the line's text
                    // is joined over.
                    run.right = split - 0.3 * run.size.max(1.0);
                    line.runs.insert(k + 1, rest);
                    k + 1
                }
            };
            let run = &mut line.runs[k];
            run.text = format!("– {}", run.text.trim_start());
            line.row = true;
        }
        start = end;
    }
}

/// The table whose first line is `lines[start]`, if one is: the line after
/// its last, and where each row's second cell starts.
fn table_at(lines: &[Line], start: usize) -> Option<(usize, Vec<Cell>)> {
    let window: Vec<usize> = (start..lines.len())
        .take_while(|&i| lines[i].place == lines[start].place)
        .take(FEWEST_ROWS + 1)
        .collect();
    // The second column: the leftmost place that two lines of the first
    // few start a cell at after a wide gap; the rows' left: where the
    // first of those starts.
    let mut columns: Vec<f32> = window
        .iter()
        .flat_map(|&i| wide_gaps(&lines[i]).into_iter().map(|(_, x)| x))
        .collect();
    columns.sort_by(f32::total_cmp);
    for x in columns {
        let proven: Vec<usize> = window
            .iter()
            .copied()
            .filter(|&i| {
                wide_gaps(&lines[i])
                    .iter()
                    .any(|&(_, s)| (s - x).abs() <= SAME_COLUMN)
            })
            .collect();
        if proven.len() < FEWEST_PROVEN {
            continue;
        }
        let left = lines[proven[0]].left;
        let mut cells = Vec::new();
        let mut end = start;
        while end < lines.len() && lines[end].place == lines[start].place {
            match cell_at(&lines[end], x, left) {
                Some(cell) => cells.push(cell),
                None => break,
            }
            end += 1;
        }
        let contents = lines[start..end]
            .iter()
            .all(|l| l.runs.last().is_some_and(page_number));
        let proving = cells.iter().filter(|c| matches!(c, Cell::Run(_))).count();
        let short = lines[start..end]
            .iter()
            .all(|l| l.text().split_whitespace().count() <= ROW_WORDS);
        if end - start >= FEWEST_ROWS && proving >= FEWEST_PROVEN && !contents && short {
            return Some((end, cells));
        }
    }
    None
}
