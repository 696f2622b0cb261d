//! Columns side by side on a page: the gutters no narrow stretch of text
//! crosses, and the page's rows put in reading order over them — rows that
//! span the columns (a title, a heading across the page) in place, and
//! between two such rows each column's lines top to bottom, left column
//! first. Two columns or three, or more: a gutter is a gutter wherever it
//! sits.

use super::{Line, Page, Row};

/// Narrowest gap between two columns, in points.
const NARROWEST_GUTTER: usize = 6;
/// Where gutters are looked for, as shares of the text's width: a column
/// narrower than a sixth of the page is a margin note, not a column.
const GUTTER_SPAN: (f32, f32) = (0.15, 0.85);
/// A point across the page covered by fewer than one row in this many is
/// a gutter spanned only by a title or a heading across the columns.
const SPANNING_SHARE: usize = 10;
/// Widest a stretch of text may be, as a share of the text's width, to
/// show where a column's text runs (a title across the page shows nothing).
const NARROW: f32 = 0.55;

/// A row's runs merged into stretches of text: runs closer than about a
/// word space's width apart belong to one stretch (a title set in several
/// runs is one stretch; two columns' lines are two).
fn stretches(row: &Row) -> Vec<(f32, f32)> {
    let mut out: Vec<(f32, f32)> = Vec::new();
    for run in &row.runs {
        match out.last_mut() {
            Some((_, right)) if run.left - *right < run.size.max(1.0) => {
                *right = right.max(run.right)
            }
            _ => out.push((run.left, run.right)),
        }
    }
    out
}

fn crosses(row: &Row, x: f32) -> bool {
    stretches(row).iter().any(|&(l, r)| l < x && r > x)
}

/// Where a page's text is split into columns: the x of every gutter, left
/// to right. A gutter is a gap at least [`NARROWEST_GUTTER`] wide that no
/// narrow stretch of text crosses, with text on both sides of it on
/// several rows, and crossed by at most one row in four (a title block,
/// headings across the columns). A page of one column has none: its full lines cross any gap
/// its short lines leave.
pub(super) fn gutters(rows: &[Row], page: &Page) -> Vec<f32> {
    let all: Vec<(f32, f32)> = rows.iter().flat_map(stretches).collect();
    let left = all.iter().map(|s| s.0).fold(f32::MAX, f32::min);
    let right = all.iter().map(|s| s.1).fold(f32::MIN, f32::max);
    let width = right - left;
    if all.is_empty() || width < page.width * 0.3 || width > 10_000.0 {
        return Vec::new();
    }
    // How many narrow stretches cover each point across: a gutter is
    // covered by none but the few rows that span the columns (a centred
    // title narrower than the page still crosses a gutter).
    let mut cover = vec![0usize; width.ceil() as usize + 1];
    for &(l, r) in all.iter().filter(|(l, r)| r - l < width * NARROW) {
        let from = ((l - left).max(0.0) as usize).min(cover.len() - 1);
        let to = ((r - left).ceil() as usize).min(cover.len() - 1);
        cover[from..=to.max(from)].iter_mut().for_each(|c| *c += 1);
    }
    let few = (rows.len() / SPANNING_SHARE).max(1);
    let covered: Vec<bool> = cover.iter().map(|&n| n > few).collect();
    // Every uncovered stretch inside the span, at its middle.
    let (from, to) = (
        (width * GUTTER_SPAN.0) as usize,
        (width * GUTTER_SPAN.1) as usize,
    );
    let mut gaps: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for x in from..=to.min(covered.len() - 1) + 1 {
        let cov = covered.get(x).copied().unwrap_or(true) || x > to;
        match (cov, start) {
            (false, None) => start = Some(x),
            (true, Some(s)) => {
                if x - s >= NARROWEST_GUTTER {
                    gaps.push((s, x));
                }
                start = None;
            }
            _ => {}
        }
    }
    gaps.into_iter()
        .map(|(a, b)| left + (a + b) as f32 / 2.0)
        .filter(|&x| splits(rows, x))
        .collect()
}

/// Whether rows lie on both sides of `x` on several rows, and few rows
/// cross it.
fn splits(rows: &[Row], x: f32) -> bool {
    let (mut on_left, mut on_right, mut crossing) = (0, 0, 0);
    for row in rows {
        if crosses(row, x) {
            crossing += 1;
        } else {
            on_left += usize::from(row.runs.iter().any(|r| r.right <= x));
            on_right += usize::from(row.runs.iter().any(|r| r.left >= x));
        }
    }
    on_left >= 2 && on_right >= 2 && crossing * 4 <= rows.len()
}

/// A page's body rows in reading order: rows that cross a gutter in
/// place, and between them each column's lines, left column first. A
/// line's place is its page and column (0 for across the page).
pub(super) fn order_page(rows: Vec<Row>, page_no: usize, gutters: &[f32]) -> Vec<Line> {
    if gutters.is_empty() {
        return rows
            .into_iter()
            .map(|r| Line::new(r.runs, (page_no, 0)))
            .collect();
    }
    let mut out = Vec::new();
    let mut columns: Vec<Vec<Line>> = vec![Vec::new(); gutters.len() + 1];
    for row in rows {
        if gutters.iter().any(|&x| crosses(&row, x)) {
            columns.iter_mut().for_each(|c| out.append(c));
            out.push(Line::new(row.runs, (page_no, 0)));
            continue;
        }
        let mut parts: Vec<Vec<_>> = vec![Vec::new(); gutters.len() + 1];
        for run in row.runs {
            let column = gutters.iter().filter(|&&x| run.left >= x).count();
            parts[column].push(run);
        }
        for (column, runs) in parts.into_iter().enumerate() {
            if !runs.is_empty() {
                columns[column].push(Line::new(runs, (page_no, column + 1)));
            }
        }
    }
    columns.iter_mut().for_each(|c| out.append(c));
    out
}

#[cfg(test)]
mod tests {
    use super::super::Run;
    use super::*;

    fn run(text: &str, left: f32, top: f32) -> Run {
        Run {
            text: text.to_string(),
            left,
            right: left + text.len() as f32 * 5.0,
            top,
            height: 10.0,
            size: 10.0,
            bold: false,
            colored: false,
            colour: 0,
            symbol: false,
        }
    }

    fn page() -> Page {
        Page {
            width: 612.0,
            height: 792.0,
            runs: Vec::new(),
            bars: Vec::new(),
        }
    }

    /// Rows of `columns` columns of `lines` lines, 180 points apart, each
    /// line's text naming its column and line; a title across the top.
    fn page_rows(columns: usize, lines: usize) -> Vec<Row> {
        let mut rows = vec![Row {
            top: 60.0,
            bottom: 70.0,
            runs: vec![run(
                "The title of the whole document set across",
                200.0,
                60.0,
            )],
        }];
        for line in 0..lines {
            let top = 100.0 + line as f32 * 12.0;
            let runs: Vec<Run> = (0..columns)
                .map(|c| {
                    run(
                        &format!("column {c} line {line} text"),
                        40.0 + c as f32 * 180.0,
                        top,
                    )
                })
                .collect();
            rows.push(Row {
                top,
                bottom: top + 10.0,
                runs,
            });
        }
        rows
    }

    #[test]
    fn every_gutter_is_found_for_two_and_three_columns() {
        assert_eq!(gutters(&page_rows(2, 6), &page()).len(), 1);
        assert_eq!(gutters(&page_rows(3, 6), &page()).len(), 2);
        // One column: no gutter, however short its lines.
        assert!(gutters(&page_rows(1, 6), &page()).is_empty());
    }

    #[test]
    fn three_columns_read_down_each_column_in_turn() {
        let rows = page_rows(3, 12);
        let found = gutters(&rows, &page());
        let texts: Vec<String> = order_page(rows, 0, &found).iter().map(Line::text).collect();
        assert_eq!(texts[0], "The title of the whole document set across");
        let expected: Vec<String> = (0..3)
            .flat_map(|c| (0..12).map(move |l| format!("column {c} line {l} text")))
            .collect();
        assert_eq!(texts[1..], expected[..]);
    }
}
