//! Reading order from positions: glyphs gathered into runs (a space where
//! two glyphs stand a word apart), rows of runs, running headers and
//! footers (the same text at the same place on several pages) and page
//! numbers set aside, columns found by the gutters no run crosses
//! (`columns`), lines joined into paragraphs (a paragraph starts at a wider
//! step than the line pitch, at a first-line indent, at an item of a list;
//! a hyphen at a line's end joined only where the word is one), and each
//! paragraph's runs written as Markdown.

use std::collections::{BTreeSet, HashMap, HashSet};

mod paragraphs;
use paragraphs::*;

mod write;
use write::*;

mod columns;
mod tables;

use super::typography::{is_document_date, is_private_use, new_tag_marked, with_running_title};
use super::PdfMarkdown;
use crate::english::is_english;
use crate::parse::lines::{classify, Shape};

/// One run of text as the reader made it, placed on its page (points,
/// from the page's top left).
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub text: String,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub height: f32,
    pub size: f32,
    pub bold: bool,
    pub colored: bool,
    /// The fill colour, folded ([`super::typography::colour_key`]).
    pub colour: u16,
    pub symbol: bool,
}

/// One glyph as the reader placed it (points, from the page's top left),
/// with its run's typography.
#[derive(Debug, Clone)]
pub(crate) struct Glyph {
    pub text: char,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub height: f32,
    pub size: f32,
    pub bold: bool,
    pub colored: bool,
    pub colour: u16,
    pub symbol: bool,
}

/// A gap between two glyphs wider than this share of the type's size is
/// a space between words. Kerning moves a glyph by a twentieth of an em at
/// most, a word space is a fifth at least.
const WORD_GAP: f32 = 0.15;
/// A gap wider than this share of the size ends the run: the next glyph
/// may be across a gutter, and a run must never bridge two columns.
const RUN_GAP: f32 = 0.5;

/// A page's glyphs, in the order they were drawn, gathered into runs of
/// one style along one line, with a space where two glyphs stand a word
/// apart ([`WORD_GAP`]). Spaces are read from the glyphs' places alone,
/// never from the space characters printed: justified text (groff's
/// through Ghostscript) spreads words by position and character spacing
/// and prints no space, and a space may be printed with its width taken
/// back (a kerned "DOORWA Y", whose Y stands where the space would).
pub(crate) fn runs_of(glyphs: &[Glyph]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    // The last glyph's right and bottom.
    let mut last: Option<(f32, f32)> = None;
    for g in glyphs.iter().filter(|g| !g.text.is_whitespace()) {
        let bottom = g.top + g.height;
        if let (Some(run), Some((right, last_bottom))) = (runs.last_mut(), last) {
            let gap = g.left - right;
            let same_style = run.bold == g.bold
                && run.colored == g.colored
                && run.colour == g.colour
                && run.symbol == g.symbol
                && (run.size - g.size).abs() < 0.1;
            let same_line = (bottom - last_bottom).abs() <= g.size * 0.25;
            if same_style && same_line && gap > -g.size * RUN_GAP && gap <= g.size * RUN_GAP {
                if gap > g.size * WORD_GAP {
                    run.text.push(' ');
                }
                run.text.push(g.text);
                run.right = run.right.max(g.right);
                let run_bottom = (run.top + run.height).max(bottom);
                run.top = run.top.min(g.top);
                run.height = run_bottom - run.top;
                last = Some((g.right, bottom));
                continue;
            }
        }
        runs.push(Run {
            text: g.text.to_string(),
            left: g.left,
            right: g.right,
            top: g.top,
            height: g.height,
            size: g.size,
            bold: g.bold,
            colored: g.colored,
            colour: g.colour,
            symbol: g.symbol,
        });
        last = Some((g.right, bottom));
    }
    runs
}

#[derive(Debug, Clone)]
pub(crate) struct Page {
    pub width: f32,
    pub height: f32,
    pub runs: Vec<Run>,
    /// Thin upright lines drawn on the page (change bars, and rules).
    pub bars: Vec<Bar>,
}

/// A thin upright line drawn on a page (points, from the page's top left),
/// or a dot: a mark as wide as it is tall and shorter than a bar
/// ([`BAR_SHORTEST`]), a list's bullet drawn rather than printed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bar {
    pub x: f32,
    pub top: f32,
    pub bottom: f32,
}

/// Widest a drawn line may be to be a change bar.
pub(crate) const BAR_WIDTH: f32 = 4.0;
/// Shortest: a bar runs beside at least part of a line of text.
pub(crate) const BAR_SHORTEST: f32 = 4.0;
/// Longest, as a share of the page's height: a rule between columns runs
/// the page's length, a change bar beside one entry does not.
pub(crate) const BAR_LONGEST: f32 = 0.4;
/// Smallest a dot is, in points: anything smaller is a speck.
pub(crate) const DOT_SMALLEST: f32 = 1.5;
/// Farthest a drawn bullet stands left of its item's text, in ems.
const DOT_DISTANCE: f32 = 2.5;

fn is_dot(bar: &Bar) -> bool {
    bar.bottom - bar.top < BAR_SHORTEST
}

/// Whether a drawn bullet stands before a line: a dot left of the line's
/// text, within [`DOT_DISTANCE`], its middle within the line's height.
fn dotted(line: &Line, bars: &[Bar]) -> bool {
    let size = line.size();
    bars.iter().filter(|b| is_dot(b)).any(|b| {
        let middle = (b.top + b.bottom) / 2.0;
        b.x < line.left
            && line.left - b.x <= size * DOT_DISTANCE
            && middle >= line.top
            && middle <= line.top + size * 1.2
    })
}

/// Farthest a change bar stands from the text it marks.
const BAR_DISTANCE: f32 = 30.0;

/// Whether a line has a change bar beside it: a drawn upright line in the
/// margin left or right of the line's text, or of its column (`edges`: the
/// column text's leftmost and rightmost x), within [`BAR_DISTANCE`], along
/// the line's middle. A bar may stand by the column rather than by the
/// line: a short head's text ends far from a bar in the right margin.
fn barred(line: &Line, bars: &[Bar], edges: (f32, f32)) -> bool {
    let right = line.runs.iter().map(|r| r.right).fold(f32::MIN, f32::max);
    let middle = line.top + line.size() / 2.0;
    let beside = |x: f32, (left, right): (f32, f32)| {
        (x < left && left - x <= BAR_DISTANCE) || (x > right && x - right <= BAR_DISTANCE)
    };
    bars.iter().filter(|b| !is_dot(b)).any(|b| {
        (beside(b.x, (line.left, right)) || beside(b.x, edges))
            && b.top - 1.0 <= middle
            && b.bottom + 1.0 >= middle
    })
}

/// Nearest the two sides of a box stand, in points: closer upright lines
/// of one height are a double rule, not a box around text.
const BOX_NARROWEST: f32 = 12.0;

/// The drawn marks of a page without the sides of boxes: two upright
/// lines of the same height side by side, a box's left and right sides (a
/// shaded sidebar, a table's cell), frame text, and mark none of it new. A
/// change bar stands alone beside its text.
fn without_box_sides(bars: &[Bar]) -> Vec<Bar> {
    let side = |b: &Bar| {
        !is_dot(b)
            && bars.iter().any(|o| {
                !is_dot(o)
                    && (o.x - b.x).abs() >= BOX_NARROWEST
                    && (o.top - b.top).abs() <= 1.0
                    && (o.bottom - b.bottom).abs() <= 1.0
            })
    };
    bars.iter().filter(|b| !side(b)).copied().collect()
}

/// The leftmost and rightmost x of the text of each column of a page's
/// lines, by the lines' place.
fn column_edges(lines: &[Line]) -> HashMap<(usize, usize), (f32, f32)> {
    let mut edges: HashMap<(usize, usize), (f32, f32)> = HashMap::new();
    for line in lines {
        let right = line.runs.iter().map(|r| r.right).fold(f32::MIN, f32::max);
        let e = edges.entry(line.place).or_insert((line.left, right));
        *e = (e.0.min(line.left), e.1.max(right));
    }
    edges
}

/// The distance from the page's top to a run's top, from its
/// bounding box (PDF space: y grows upwards, `y` is the box's bottom).
pub(crate) fn top_of(y: f32, height: f32, page_bottom: f32, page_height: f32) -> f32 {
    page_height - (y - page_bottom) - height
}

/// The share of a page's height, at its top and at its bottom, where
/// running headers, footers and page numbers are looked for.
const MARGIN_BAND: f32 = 0.14;

/// Runs on one visual line of a page, left to right.
#[derive(Debug, Clone)]
struct Row {
    top: f32,
    bottom: f32,
    runs: Vec<Run>,
    /// A line whose few words a justified measure spread across the page
    /// ([`columns::mark_spread`]): one stretch of text, however far apart
    /// its words.
    across: bool,
}

impl Row {
    fn text(&self) -> String {
        join_runs(&self.runs)
            .into_iter()
            .map(|(text, _)| text)
            .collect()
    }
}

/// The runs' texts with a space put between two runs apart on the line.
fn join_runs(runs: &[Run]) -> Vec<(String, &Run)> {
    let mut out: Vec<(String, &Run)> = Vec::with_capacity(runs.len());
    let mut previous: Option<&Run> = None;
    for run in runs {
        let mut text = run.text.clone();
        if let Some(p) = previous {
            let apart = run.left - p.right > 0.15 * run.size.max(1.0);
            let spaced =
                p.text.ends_with(char::is_whitespace) || text.starts_with(char::is_whitespace);
            if apart && !spaced {
                text.insert(0, ' ');
            }
        }
        out.push((text, run));
        previous = Some(run);
    }
    out
}

/// Groups a page's runs into rows: runs whose middles lie within each
/// other's height.
fn rows_of(mut runs: Vec<Run>) -> Vec<Row> {
    runs.sort_by(|a, b| a.top.total_cmp(&b.top).then(a.left.total_cmp(&b.left)));
    let mut rows: Vec<Row> = Vec::new();
    for run in runs {
        let middle = run.top + run.height / 2.0;
        match rows.last_mut() {
            Some(row) if middle > row.top && middle < row.bottom => {
                row.bottom = row.bottom.max(run.top + run.height);
                row.runs.push(run);
            }
            _ => rows.push(Row {
                top: run.top,
                bottom: run.top + run.height,
                runs: vec![run],
                across: false,
            }),
        }
    }
    for row in &mut rows {
        row.runs.sort_by(|a, b| a.left.total_cmp(&b.left));
    }
    rows
}

/// A row's text with digits folded, to find the same header on pages with
/// different numbers.
fn furniture_key(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}

/// Whether a row reads as a page number: `7`, `- 7 -`, `Page 7`, `7 of 12`,
/// `7/12`. Three numbers are a date (`3/27/00`), and a page is never past
/// the count.
fn is_page_number(text: &str) -> bool {
    let t = text
        .trim()
        .trim_matches(['-', '–', '—', ' '])
        .to_lowercase();
    let t = t.strip_prefix("page").unwrap_or(&t).trim();
    let parts: Vec<&str> = t
        .split(['/', ' '])
        .filter(|p| !p.is_empty() && *p != "of")
        .collect();
    let number = |p: &str| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit());
    match parts[..] {
        [page] => number(page),
        [page, count] => {
            number(page) && number(count) && page.parse::<u32>().ok() <= count.parse().ok()
        }
        _ => false,
    }
}

fn in_margin(row: &Row, page: &Page) -> bool {
    row.bottom < page.height * MARGIN_BAND || row.top > page.height * (1.0 - MARGIN_BAND)
}

/// A line of text in reading order.
#[derive(Debug, Clone)]
struct Line {
    runs: Vec<Run>,
    top: f32,
    left: f32,
    /// Page and column (0 for full width): a change starts a new flow.
    place: (usize, usize),
    /// Whether a change bar stands beside it.
    barred: bool,
    /// How far right of its column's left edge it starts.
    indent: f32,
    /// Whether it is a row of a table (see `tables`).
    row: bool,
}

impl Line {
    fn new(runs: Vec<Run>, place: (usize, usize)) -> Line {
        let top = runs.iter().map(|r| r.top).fold(f32::MAX, f32::min);
        let left = runs.iter().map(|r| r.left).fold(f32::MAX, f32::min);
        Line {
            runs,
            top,
            left,
            place,
            barred: false,
            indent: 0.0,
            row: false,
        }
    }
    fn text(&self) -> String {
        join_runs(&self.runs).into_iter().map(|(t, _)| t).collect()
    }
    fn size(&self) -> f32 {
        self.runs.iter().map(|r| r.size).fold(0.0, f32::max)
    }
}

/// Lays out every page and writes the Markdown.
pub(crate) fn compose(pages: &[Page]) -> PdfMarkdown {
    let mut result = PdfMarkdown {
        pages: pages.len(),
        columns: 1,
        ..PdfMarkdown::default()
    };
    let page_rows: Vec<Vec<Row>> = pages.iter().map(|p| rows_of(p.runs.clone())).collect();

    // Running headers and footers: the same text (numbers aside) in the
    // margin band at about the same height on two pages or more.
    // A running header or footer is printed on most pages: a text a page
    // break happened to set at the same height on two pages of many (a
    // table's row, `Rule Change  Superseded`) is content.
    let mut seen: HashMap<String, Vec<(usize, f32)>> = HashMap::new();
    for (page_no, rows) in page_rows.iter().enumerate() {
        for row in rows.iter().filter(|r| in_margin(r, &pages[page_no])) {
            seen.entry(furniture_key(&row.text()))
                .or_default()
                .push((page_no, row.top));
        }
    }
    let most_pages = (pages.len() / 2).max(2);
    let running = |row: &Row, page_no: usize| {
        seen.get(&furniture_key(&row.text())).is_some_and(|places| {
            let mut alike: Vec<usize> = places
                .iter()
                .filter(|(_, top)| (top - row.top).abs() < 6.0)
                .map(|(p, _)| *p)
                .collect();
            alike.dedup();
            alike.iter().any(|p| *p != page_no) && alike.len() >= most_pages
        })
    };
    let mut furniture = BTreeSet::new();
    let mut dated_furniture = None;
    let mut lines = Vec::new();
    // The last section heading of the body: a header that names the
    // section a page is in repeats it.
    let mut section: Option<String> = None;
    for (page_no, rows) in page_rows.into_iter().enumerate() {
        let page = &pages[page_no];
        let mut body = Vec::with_capacity(rows.len());
        let first_page_header = (page_no == 0).then(|| lone_header(&rows, page)).flatten();
        for (i, row) in rows.into_iter().enumerate() {
            let text = row.text();
            let names_section =
                i == 0 && page_no > 0 && section.as_deref() == Some(furniture_key(&text).as_str());
            let furnishing = in_margin(&row, page)
                && (is_page_number(&text)
                    || running(&row, page_no)
                    || first_page_header == Some(i)
                    || names_section);
            if furnishing {
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if dated_furniture.is_none() && is_document_date(&text) {
                    dated_furniture = Some(text.clone());
                }
                furniture.insert(text);
            } else {
                body.push(row);
            }
        }
        columns::mark_spread(&mut body);
        let gutters = columns::gutters(&body, page);
        result.columns = result.columns.max(gutters.len() + 1);
        let mut ordered = columns::order_page(body, page_no, &gutters);
        if let Some(last) = ordered.iter().rev().find(|l| is_section_heading(&l.runs)) {
            section = Some(furniture_key(&last.text()));
        }
        let edges = column_edges(&ordered);
        let bars = without_box_sides(&page.bars);
        for line in &mut ordered {
            let own = edges
                .get(&line.place)
                .copied()
                .unwrap_or((line.left, line.left));
            line.barred = barred(line, &bars, own);
            // A bullet drawn before a line opens an item of a list, as a
            // printed one does.
            if dotted(line, &bars) && list_item(&line.text()).is_none() {
                if let Some(first) = line.runs.first_mut() {
                    first.text.insert_str(0, "• ");
                }
            }
            line.indent = line.left - own.0;
        }
        lines.extend(ordered);
    }
    result.furniture = furniture.into_iter().collect();

    tables::mark_rows(&mut lines);
    let words = document_words(&lines);
    let body_size = body_size(&lines);
    // The largest type is the title's; a heading set smaller is a section.
    let title_size = lines.iter().map(Line::size).fold(body_size, f32::max);
    let pitch = line_pitch(&lines, body_size);
    let flow = Flow {
        body_size,
        pitch,
        spaced: spaces_paragraphs(&lines, pitch, body_size),
    };
    let mut paragraphs: Vec<Vec<Line>> = Vec::new();
    for line in lines {
        let starts_new = match paragraphs.last().and_then(|p| p.last()) {
            None => true,
            Some(previous) => starts_paragraph(previous, &line, &flow),
        };
        if starts_new {
            paragraphs.push(vec![line]);
        } else if let Some(p) = paragraphs.last_mut() {
            p.push(line);
        }
    }
    let mut written: Vec<(String, Option<u16>)> = Vec::with_capacity(paragraphs.len());
    let (mut after_colored, mut after_barred) = (false, false);
    for paragraph in &paragraphs {
        let sizes = (body_size, title_size);
        let after = (after_colored, after_barred);
        let (text, ends_colored, marked_by) =
            write_paragraph(paragraph, sizes, after, &words, &mut result);
        after_colored = ends_colored;
        after_barred = paragraph.last().is_some_and(|l| l.barred);
        if !text.trim().is_empty() {
            written.push((text.trim().to_string(), marked_by));
        }
    }
    let mut markdown = String::new();
    for text in unmark_head_colour(written) {
        markdown.push_str(&text);
        markdown.push_str("\n\n");
    }
    result.markdown = with_running_title(markdown, dated_furniture.as_deref());
    result
}

/// The paragraphs without the new markers of a colour that more than half
/// of the heads (bold, marked, or shaped like a head) are set in (three at
/// least): that colour is the heads'
/// style, and a head is new only where it is set apart from the others.
fn unmark_head_colour(written: Vec<(String, Option<u16>)>) -> Vec<String> {
    let heads = written
        .iter()
        .filter(|(text, marked)| {
            marked.is_some()
                || text.starts_with("**")
                || matches!(classify(text), Shape::Candidate(_))
        })
        .count();
    let mut counts: HashMap<u16, usize> = HashMap::new();
    for colour in written.iter().filter_map(|w| w.1) {
        *counts.entry(colour).or_default() += 1;
    }
    let style: Vec<u16> = counts
        .into_iter()
        .filter(|&(_, n)| n >= 3 && n * 2 > heads)
        .map(|(c, _)| c)
        .collect();
    written
        .into_iter()
        .map(|(text, marked)| match marked {
            Some(c) if style.contains(&c) => text[1..].to_string(),
            _ => text,
        })
        .collect()
}

/// Whether a line is a section's heading: a few words, no sentence, set in
/// capitals or all bold (`GLOSSARY UPDATES`).
fn is_section_heading(runs: &[Run]) -> bool {
    let text: String = join_runs(runs).into_iter().map(|(t, _)| t).collect();
    let text = text.trim();
    let visible: Vec<&Run> = runs.iter().filter(|r| !r.text.trim().is_empty()).collect();
    let capitals = text.chars().any(char::is_alphabetic) && !text.chars().any(char::is_lowercase);
    let bold = !visible.is_empty() && visible.iter().all(|r| r.bold);
    (1..=SECTION_WORDS).contains(&text.split_whitespace().count())
        && !ends_sentence(text)
        && !text.ends_with(['–', '—', '-', ':'])
        && (capitals || bold)
}

/// Most words of a section's heading.
const SECTION_WORDS: usize = 6;

/// On a document's first page, the index of a header that is not repeated
/// (a one-page document, or a first page the header is set on alone): the
/// page's first row, in the top margin band, in smaller type than the
/// page's text below it, and dated. A title is set larger, never smaller.
fn lone_header(rows: &[Row], page: &Page) -> Option<usize> {
    let first = rows.first()?;
    if first.bottom >= page.height * MARGIN_BAND || rows.len() < 2 {
        return None;
    }
    let size = |row: &Row| row.runs.iter().map(|r| r.size).fold(0.0, f32::max);
    let mut sizes: Vec<f32> = rows[1..].iter().map(size).collect();
    sizes.sort_by(f32::total_cmp);
    let usual = sizes[sizes.len() / 2];
    (size(first) < usual * 0.95 && is_document_date(&first.text())).then_some(0)
}

#[cfg(test)]
mod tests;
