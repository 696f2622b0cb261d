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
/// runs is one stretch; two columns' lines are two). A row marked as
/// spread across the page ([`mark_spread`]) is one stretch.
fn stretches(row: &Row) -> Vec<(f32, f32)> {
    let out = words_apart(row);
    match (row.across, out.first(), out.last()) {
        (true, Some(first), Some(last)) => vec![(first.0, last.1)],
        _ => out,
    }
}

/// A row's runs merged into stretches where they stand closer than about
/// a word space apart.
fn words_apart(row: &Row) -> Vec<(f32, f32)> {
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

/// Most a spread line's widest gap exceeds its narrowest, as a share.
const SPREAD_GAPS_ALIKE: f32 = 1.5;

/// Least share of the page's text width a spread line runs over.
const SPREAD_SPAN: f32 = 0.8;

/// Marks the rows that a word processor justified though a manual break
/// ended them, spreading their few words over the measure (`Original
/// |      Superseded`): three stretches or more, each a word, the gaps
/// between them alike ([`SPREAD_GAPS_ALIKE`]) and wider than most of the
/// words, running from edge to edge of the page's text ([`SPREAD_SPAN`]). Each is one
/// stretch across the page, not a line of each column: columns' lines are
/// wider than the gutters between them, and three short lines side by
/// side leave the last column's edge bare.
pub(super) fn mark_spread(rows: &mut [Row]) {
    let all: Vec<(f32, f32)> = rows.iter().flat_map(words_apart).collect();
    let left = all.iter().map(|s| s.0).fold(f32::MAX, f32::min);
    let right = all.iter().map(|s| s.1).fold(f32::MIN, f32::max);
    for row in rows.iter_mut() {
        let stretches = words_apart(row);
        // Each stretch a word: a run holds no space inside it.
        let words = row
            .runs
            .iter()
            .all(|r| !r.text.trim().contains(char::is_whitespace));
        if stretches.len() < 3 || !words {
            continue;
        }
        let gaps: Vec<f32> = stretches.windows(2).map(|w| w[1].0 - w[0].1).collect();
        let (narrowest, widest) = gaps
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), &g| (lo.min(g), hi.max(g)));
        let mut widths: Vec<f32> = stretches.iter().map(|(l, r)| r - l).collect();
        widths.sort_by(f32::total_cmp);
        let median = widths[widths.len() / 2];
        let span = stretches[stretches.len() - 1].1 - stretches[0].0;
        row.across = widest <= narrowest * SPREAD_GAPS_ALIKE
            && narrowest > median
            && span >= (right - left) * SPREAD_SPAN;
    }
}

fn crosses(row: &Row, x: f32) -> bool {
    stretches(row).iter().any(|&(l, r)| l < x && r > x)
}

/// A gutter: the stretch across the page between two columns that no
/// column's usual text covers, from where the left column's lines end to
/// where the right column's begin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Gutter {
    pub from: f32,
    pub to: f32,
}

impl Gutter {
    fn middle(self) -> f32 {
        (self.from + self.to) / 2.0
    }

    /// Whether a row runs across the gutter: some stretch of its text
    /// crosses the gutter's middle, and either reaches its far side or
    /// starts inside it (a title, a date centred on the page, a heading
    /// across the columns). A left column's line that ends inside the
    /// gutter goes no farther than its column: where few lines fill a
    /// ragged column, the gutter found starts short of the column's edge. Not so a stretch that reaches into
    /// the gutter from one side only where the row has text in the column
    /// on the other side too: the row is set in columns there, and the
    /// stretch is its column's (a head set out into the gutter, `Overcoming
    /// Dilemmas`, over a column of indented items).
    fn spanned_by(self, row: &Row) -> bool {
        let stretches = stretches(row);
        let middle = self.middle();
        stretches.iter().any(|&(l, r)| {
            let in_column_beside = if l >= self.from {
                stretches.iter().any(|&(_, right)| right <= self.from)
            } else if r <= self.to {
                stretches.iter().any(|&(left, _)| left >= self.to)
            } else {
                false
            };
            let reaches = r >= self.to || l >= self.from;
            l < middle && r > middle && reaches && !in_column_beside
        })
    }
}

/// Where a page's text is split into columns: the x of every gutter, left
/// to right ([`gutters_over`]). A page may open with text set across it —
/// a title block, a preamble of several paragraphs — over text set in
/// columns (a word processor's one-column section above a two-column
/// one): where the whole page shows no gutter, the rows from the first
/// one set in two stretches on are looked at alone, and the rows above
/// them, crossing the gutter, stay in place.
pub(super) fn gutters(rows: &[Row], page: &Page) -> Vec<Gutter> {
    let found = gutters_over(rows, page);
    if !found.is_empty() {
        return found;
    }
    let opening = rows
        .iter()
        .position(|r| stretches(r).len() >= 2)
        .unwrap_or(rows.len());
    if opening == 0 || rows.len() - opening < MIN_COLUMNED_ROWS {
        return found;
    }
    gutters_over(&rows[opening..], page)
}

/// Fewest rows under a page's opening text that are looked at for
/// columns on their own.
const MIN_COLUMNED_ROWS: usize = 8;

/// The gutters of rows: a gap at least [`NARROWEST_GUTTER`] wide that no
/// narrow stretch of text crosses, with text on both sides of it on
/// several rows, and crossed by at most one row in four (a title block,
/// headings across the columns). A page of one column has none: its full
/// lines cross any gap its short lines leave.
fn gutters_over(rows: &[Row], page: &Page) -> Vec<Gutter> {
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
        .map(|(a, b)| Gutter {
            from: left + a as f32,
            to: left + b as f32,
        })
        .filter(|g| splits(rows, *g, (left, right)))
        .collect()
}

/// Fewest lines on each side of a gutter that read as a column's.
const MIN_COLUMN_LINES: usize = 2;

/// Share of a side's width that a column's line fills at least.
const COLUMN_LINE_SHARE: f32 = 0.25;

/// Farthest a column's line starts from the gutter before it, in points:
/// a first line's indent, a couple of ems.
const COLUMN_INDENT: f32 = 24.0;

/// Whether rows lie on both sides of a gutter on several rows, and few
/// rows cross it; and on each side a few lines read as a column's: a
/// stretch of text that fills a good share of its side
/// ([`COLUMN_LINE_SHARE`]), and on the right one that starts at the
/// gutter's edge, as a column's lines start at its left edge. Words that a
/// justified line spread over the measure (a line a manual break ended,
/// which a word processor justifies too: `Original      |      Superseded`)
/// leave gaps down the page, but the words beside them are short or stand
/// off from the gap: no columns. (A row's two columns need not share a
/// baseline: each side is looked at on its own.) Nor are columns crossed
/// again and again by rows across the gap ([`MOST_INTERLEAVED`]).
fn splits(rows: &[Row], gutter: Gutter, (left, right): (f32, f32)) -> bool {
    let x = gutter.middle();
    let (mut on_left, mut on_right, mut crossing) = (0, 0, 0);
    let (mut lines_left, mut lines_right) = (0, 0);
    // Runs of rows across the gap with rows on both sides of it before and
    // after them.
    let (mut interleaved, mut straddled_before, mut across) = (0, false, false);
    for row in rows {
        if crosses(row, x) {
            crossing += 1;
            across = true;
            continue;
        }
        let straddles =
            row.runs.iter().any(|r| r.right <= x) && row.runs.iter().any(|r| r.left >= x);
        if straddles {
            interleaved += usize::from(across && straddled_before);
            straddled_before = true;
            across = false;
        }
        on_left += usize::from(row.runs.iter().any(|r| r.right <= x));
        on_right += usize::from(row.runs.iter().any(|r| r.left >= x));
        let stretches = stretches(row);
        if let Some(&(from, to)) = stretches.iter().rev().find(|s| s.1 <= x) {
            lines_left += usize::from(to - from >= (x - left) * COLUMN_LINE_SHARE);
        }
        if let Some(&(from, to)) = stretches.iter().find(|s| s.0 >= x) {
            lines_right += usize::from(
                from - gutter.to <= COLUMN_INDENT && to - from >= (right - x) * COLUMN_LINE_SHARE,
            );
        }
    }
    on_left >= 2
        && on_right >= 2
        && lines_left >= MIN_COLUMN_LINES
        && lines_right >= MIN_COLUMN_LINES
        && interleaved <= MOST_INTERLEAVED
        && crossing * 4 <= rows.len()
}

/// Most runs of rows across a gutter that rows in columns stand both
/// before and after: a heading or two set across the page between
/// stretches of columns. A table's cells stand apart down the page too
/// (`Original      Superseded`), but a row set across its cells (a
/// wording) crosses the gap after every few rows of cells.
const MOST_INTERLEAVED: usize = 2;

/// A page's body rows in reading order: rows that cross a gutter in
/// place, and between them each column's lines, left column first. A
/// line's place is its page and column (0 for across the page).
pub(super) fn order_page(rows: Vec<Row>, page_no: usize, gutters: &[Gutter]) -> Vec<Line> {
    if gutters.is_empty() {
        return rows
            .into_iter()
            .map(|r| Line::new(r.runs, (page_no, 0)))
            .collect();
    }
    let mut out = Vec::new();
    let mut columns: Vec<Vec<Line>> = vec![Vec::new(); gutters.len() + 1];
    for row in rows {
        if gutters.iter().any(|g| g.spanned_by(&row)) {
            columns.iter_mut().for_each(|c| out.append(c));
            out.push(Line::new(row.runs, (page_no, 0)));
            continue;
        }
        let mut parts: Vec<Vec<_>> = vec![Vec::new(); gutters.len() + 1];
        // A run goes to the column its stretch of text opens in: a stretch
        // that opens inside a gutter opens the column after it, and a
        // letter a justified line set out into the gutter stays with its
        // word.
        let (mut opens, mut right) = (f32::MIN, f32::MIN);
        for run in row.runs {
            if run.left - right >= run.size.max(1.0) {
                opens = run.left;
            }
            right = right.max(run.right);
            let column = gutters.iter().filter(|g| opens >= g.from).count();
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
            across: false,
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
                across: false,
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
    fn a_head_set_out_into_a_gutter_beside_column_text_opens_its_column() {
        // Two columns whose right one is a list indented under its heads;
        // one head, set at the column's true edge, sits out past the middle
        // of the gutter the indented lines leave, on a row where the left
        // column has a line too.
        let mut rows = page_rows(1, 30);
        for (i, row) in rows.iter_mut().skip(1).enumerate() {
            let (text, left) = if i == 4 {
                ("Facing Dilemmas", 150.0)
            } else {
                ("a. an item of the list", 168.0)
            };
            row.runs.push(run(text, left, row.top));
        }
        // A date centred on the page, opening in the gutter: across the
        // page, in place.
        rows.insert(
            1,
            Row {
                across: false,
                top: 80.0,
                bottom: 90.0,
                runs: vec![run("November 2022", 152.0, 80.0)],
            },
        );
        let found = gutters(&rows, &page());
        assert_eq!(found.len(), 1);
        assert!(
            found[0].from < 150.0 && found[0].middle() > 150.0,
            "{found:?}"
        );
        let lines = order_page(rows, 0, &found);
        let texts: Vec<String> = lines.iter().map(Line::text).collect();
        assert_eq!(texts[1], "November 2022");
        assert_eq!(lines[1].place, (0, 0));
        // The left column's thirty lines, then the right column's, the
        // head among them.
        assert!(texts[2..32].iter().all(|t| t.starts_with("column 0")));
        assert_eq!(texts[36], "Facing Dilemmas");
        assert_eq!(lines[36].place, (0, 2));
    }

    #[test]
    fn columns_under_a_preamble_set_across_the_page_are_found_below_it() {
        // Twelve rows of a preamble across the page, their last lines
        // short, over eighteen rows of two columns: a third of the rows
        // cross the gutter.
        let mut rows: Vec<Row> = (0..12)
            .map(|i| {
                let top = 40.0 + i as f32 * 12.0;
                let text = if i % 4 == 3 {
                    "the end of a paragraph across the"
                } else {
                    "a line of the preamble set across the whole width of the page, margin to margin"
                };
                Row {
                    top,
                    bottom: top + 10.0,
                    runs: vec![run(text, 40.0, top)],
                    across: false,
                }
            })
            .collect();
        for mut row in page_rows(2, 18).into_iter().skip(1) {
            row.top += 120.0;
            rows.push(row);
        }
        assert!(gutters_over(&rows, &page()).is_empty());
        let found = gutters(&rows, &page());
        assert_eq!(found.len(), 1, "{found:?}");
        let texts: Vec<String> = order_page(rows, 0, &found).iter().map(Line::text).collect();
        assert!(texts[..12].iter().all(|t| !t.starts_with("column")));
        assert_eq!(texts[12], "column 0 line 0 text");
        assert_eq!(texts[30], "column 1 line 0 text");
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
