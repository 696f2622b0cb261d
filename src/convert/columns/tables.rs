//! A table's cells told from a text copy's columns: both stand apart down
//! the page, but a table's rows are crossed again and again by a row set
//! across its cells.

use super::{blank_runs, cut, straddles};

/// Most runs of rows across a gutter that rows in columns stand both
/// before and after: a heading or two set across the page between
/// stretches of columns.
pub(super) const MOST_INTERLEAVED: usize = 2;

/// How many runs of rows that cross the gap `(a, b)` stand between rows
/// that straddle it. Columns are crossed by a title over them, a heading
/// or two across the page; a table's cells stand apart down the page too
/// (`Original      Superseded`, `Premiere Rulebook      10 Nov 1994`), but
/// a row set across the cells (a wording) crosses the gap after every few
/// rows of cells.
pub(super) fn interleaved(rows: &[&Vec<char>], from: usize, (a, b): (usize, usize)) -> usize {
    let mut runs = 0;
    let mut straddled_before = false;
    let mut crossing = false;
    for row in rows {
        if straddles(row, from, (a, b)) {
            if crossing && straddled_before {
                runs += 1;
            }
            straddled_before = true;
            crossing = false;
        } else {
            // Across: words on both sides and no blank run at the gap to cut
            // the row at (a ragged line that reaches into the gap leaves
            // one).
            let words = |part: &[char]| part.iter().any(|c| !c.is_whitespace());
            let both = a < row.len() && b < row.len() && words(&row[..a]) && words(&row[b..]);
            crossing |= both && cut(row, &blank_runs(row), (a, b)).is_none();
        }
    }
    runs
}
