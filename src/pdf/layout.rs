//! Reading order from positions: glyphs gathered into runs (a space where
//! two glyphs stand a word apart), rows of runs, running headers and
//! footers (the same text at the same place on several pages) and page
//! numbers set aside, columns found by the gutters no run crosses
//! (`columns`), lines joined into paragraphs (a paragraph starts at a wider
//! step than the line pitch, at a first-line indent, at an item of a list;
//! a hyphen at a line's end joined only where the word is one), and each
//! paragraph's runs written as Markdown.

use std::collections::{BTreeSet, HashMap, HashSet};

mod columns;

use super::typography::{is_document_date, is_private_use, new_tag_marked, with_running_title};
use super::PdfMarkdown;
use crate::english::is_english;
use crate::parse::lines::{classify, Shape};

/// One run of text as the PDF crate gave it, placed on its page (points,
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

/// One glyph as the PDF crate placed it (points, from the page's top left),
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

/// Whether two readings of a page print the same glyphs, spaces aside and
/// in any order.
pub(crate) fn same_print(a: &[Run], b: &[Run]) -> bool {
    let printed = |runs: &[Run]| {
        let mut glyphs: Vec<char> = runs
            .iter()
            .flat_map(|r| r.text.chars())
            .filter(|c| !c.is_whitespace())
            .collect();
        glyphs.sort_unstable();
        glyphs
    };
    printed(a) == printed(b)
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

/// The distance from the page's top to a run's top, from the crate's
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
    let mut seen: HashMap<String, Vec<(usize, f32)>> = HashMap::new();
    for (page_no, rows) in page_rows.iter().enumerate() {
        for row in rows.iter().filter(|r| in_margin(r, &pages[page_no])) {
            seen.entry(furniture_key(&row.text()))
                .or_default()
                .push((page_no, row.top));
        }
    }
    let running = |row: &Row, page_no: usize| {
        seen.get(&furniture_key(&row.text())).is_some_and(|places| {
            places
                .iter()
                .filter(|(p, top)| *p != page_no && (top - row.top).abs() < 6.0)
                .count()
                >= 1
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
        let gutters = columns::gutters(&body, page);
        result.columns = result.columns.max(gutters.len() + 1);
        let mut ordered = columns::order_page(body, page_no, &gutters);
        if let Some(last) = ordered.iter().rev().find(|l| is_section_heading(&l.runs)) {
            section = Some(furniture_key(&last.text()));
        }
        let edges = column_edges(&ordered);
        for line in &mut ordered {
            let own = edges
                .get(&line.place)
                .copied()
                .unwrap_or((line.left, line.left));
            line.barred = barred(line, &page.bars, own);
            // A bullet drawn before a line opens an item of a list, as a
            // printed one does.
            if dotted(line, &page.bars) && list_item(&line.text()).is_none() {
                if let Some(first) = line.runs.first_mut() {
                    first.text.insert_str(0, "• ");
                }
            }
            line.indent = line.left - own.0;
        }
        lines.extend(ordered);
    }
    result.furniture = furniture.into_iter().collect();

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

/// Every word of the document, lower case, to accept a hyphenated word
/// joined at a line's end that the document spells whole elsewhere.
fn document_words(lines: &[Line]) -> HashSet<String> {
    lines
        .iter()
        .flat_map(|l| {
            l.text()
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() > 1)
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The font size most characters are set in.
fn body_size(lines: &[Line]) -> f32 {
    let mut counts: HashMap<i32, usize> = HashMap::new();
    for run in lines.iter().flat_map(|l| &l.runs) {
        *counts.entry((run.size * 2.0).round() as i32).or_default() += run.text.chars().count();
    }
    counts
        .into_iter()
        .max_by_key(|&(size, n)| (n, -size))
        .map_or(10.0, |(size, _)| size as f32 / 2.0)
}

/// A step between two lines wider than the pitch by this share is space
/// between paragraphs. groff's -ms sets its paragraph space at 0.3 of a
/// line (a 12-point pitch steps 15.6), word processors at half a line or
/// more; a line's top wanders by half a point at most.
const PARAGRAPH_STEP: f32 = 1.2;

/// Steps within this share above the smallest recurring one are the same
/// pitch, its tops rounded apart.
const PITCH_SPREAD: f32 = 1.1;

/// The usual distance from one line's top to the next within a paragraph.
/// It is the smallest step between body lines that recurs, not the most
/// frequent one: where paragraphs are short (one line or two) and spaced,
/// the step between paragraphs is the most frequent, and taking it for the
/// pitch would run every paragraph into the next. A step recurs when it
/// and the steps just above it ([`PITCH_SPREAD`]) make three steps and a
/// tenth of all; a step smaller than the body's type is no line's pitch
/// (a line split in two rows). Only steps between two lines set wholly in
/// body type count: a line with a larger or smaller run has its top
/// elsewhere. Without such steps, the most frequent step of all.
fn line_pitch(lines: &[Line], body_size: f32) -> f32 {
    let body_line = |line: &Line| {
        line.runs
            .iter()
            .filter(|r| !r.text.trim().is_empty())
            .all(|r| (r.size - body_size).abs() <= 0.5)
    };
    let mut body_steps: Vec<f32> = Vec::new();
    let mut counts: HashMap<i32, usize> = HashMap::new();
    for pair in lines.windows(2) {
        let step = pair[1].top - pair[0].top;
        if pair[0].place == pair[1].place && step > 0.0 {
            *counts.entry((step * 2.0).round() as i32).or_default() += 1;
            if body_line(&pair[0]) && body_line(&pair[1]) && step >= body_size * 0.95 {
                body_steps.push(step);
            }
        }
    }
    body_steps.sort_by(f32::total_cmp);
    let total = body_steps.len();
    for (i, &smallest) in body_steps.iter().enumerate() {
        let same: Vec<f32> = body_steps[i..]
            .iter()
            .copied()
            .take_while(|&s| s <= smallest * PITCH_SPREAD)
            .collect();
        if same.len() >= 3 && same.len() * 10 >= total {
            return same.iter().sum::<f32>() / same.len() as f32;
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(step, n)| (n, -step))
        .map_or(14.0, |(step, _)| step as f32 / 2.0)
}

/// Glyphs that mark an item of a list at the start of a line.
const BULLETS: [char; 11] = ['•', '◦', '▪', '▫', '‣', '∙', '●', '○', '■', '□', '⁃'];

/// A line's text after the bullet it opens with, if it opens with one:
/// an item of a list. A bullet never opens a line of running text.
fn list_item(text: &str) -> Option<&str> {
    text.trim_start().strip_prefix(BULLETS).map(str::trim_start)
}

/// Whether `line` starts a paragraph by its first-line indent: it starts
/// indented (an em at least) from its column's left edge, after a line
/// that starts at that edge and ended its sentence (groff's `.PP`, and
/// many word processors' paragraph styles, indent rather than space).
/// Not after an item of a list: its second line hangs indented, under
/// the item's text; nor after an indented line: a block set in from the
/// edge goes on at the same indent.
fn indented_start(previous: &Line, line: &Line, body_size: f32) -> bool {
    line.indent >= body_size
        && previous.indent < body_size * 0.4
        && ends_sentence(&previous.text())
        && list_item(&previous.text()).is_none()
}

fn ends_sentence(text: &str) -> bool {
    text.trim_end()
        .trim_end_matches(['"', '”', '’', ')', '*'])
        .ends_with(['.', ':', '!', '?', ';'])
}

/// Whether a line is a heading: all of its text set clearly larger than
/// the body. A line that opens with a larger run and goes on in body type
/// is an entry whose head is set apart by its size ([`is_larger`]).
fn is_heading(line: &Line, body_size: f32) -> bool {
    line.runs
        .iter()
        .filter(|r| !r.text.trim().is_empty())
        .all(|r| is_larger(r, body_size))
        && line.runs.iter().any(|r| !r.text.trim().is_empty())
}

/// A run set smaller than the body: groff sets small capitals a size down.
fn is_smaller(run: &Run, body_size: f32) -> bool {
    run.size < body_size - 0.4
}

fn is_larger(run: &Run, body_size: f32) -> bool {
    run.size >= body_size * 1.15
}

/// The Markdown heading of a heading line: the document's largest type is
/// its title (`#`), any smaller heading a section (`##`), so that section
/// heads set a size below the title read as sections, not as more titles.
fn heading_marker(size: f32, title_size: f32) -> &'static str {
    if size >= title_size * 0.95 {
        "#"
    } else {
        "##"
    }
}

/// Whether `line` starts a paragraph after `previous`: a wider gap than
/// between lines, a change of size, or a new column or page after a line
/// that ended its sentence (a paragraph may go on into the next column).
/// A heading wrapped over several lines is one paragraph: its lines are
/// set at the pitch of its own size, wider than the body's.
fn starts_paragraph(previous: &Line, line: &Line, flow: &Flow) -> bool {
    let heading = is_heading(line, flow.body_size);
    if is_heading(previous, flow.body_size) != heading {
        return heading || !head_runs_on(previous, line);
    }
    if heading && (previous.size() - line.size()).abs() > 0.5 {
        return true;
    }
    let starts_bold = line.runs.first().is_some_and(|r| r.bold);
    // A head set larger or smaller than the body (small capitals), run
    // in: an entry starts, whatever the spacing (type of another size
    // inside a paragraph is no card name).
    let starts_larger = line
        .runs
        .first()
        .is_some_and(|r| is_larger(r, flow.body_size) || is_smaller(r, flow.body_size));
    if starts_larger && !heading && ends_sentence(&previous.text()) {
        return true;
    }
    // A head on a line of its own, set apart from the body by its type:
    // a paragraph of its own, whatever the spacing around it.
    let (head_before, head_now) = (
        is_set_apart(previous, flow.body_size),
        is_set_apart(line, flow.body_size),
    );
    // A head wrapped onto a line that goes on bold and then in body type
    // ("**Borg – The Delta Quadrant and Borg**" / "**Outpost** – …") is
    // one head, not a line head and then a paragraph; so is a head in
    // small capitals broken inside a word ("INITIA-" / "TION – The …").
    let starts_small = line
        .runs
        .first()
        .is_some_and(|r| is_smaller(r, flow.body_size));
    let broken = previous.text().trim_end().ends_with(HYPHENS);
    // Small capitals that a narrow column wrapped between words go on at
    // the same size (`ONE-TIME BROADCAST` / `ABILITIES – 2016-09-19`,
    // `ACTIONS – INTERRUPTING` / `ACTIONS – Interrupt and …`, `MISSION
    // REQUIREMENTS –` / `ALTERNATE – In order …`), where the line before
    // ended no sentence and no date: a line of small capitals alone holds
    // no body, so the head it opened is not done.
    let small_head_wraps = starts_small
        && previous
            .runs
            .iter()
            .all(|r| r.text.trim().is_empty() || is_smaller(r, flow.body_size))
        && !previous
            .text()
            .trim_end()
            .ends_with(|c: char| c.is_ascii_digit() || c == '-' || c == ':')
        && head_runs_on(previous, line);
    let head_goes_on = head_before && (starts_bold || (starts_small && broken) || small_head_wraps);
    if head_before != head_now && !head_goes_on && (head_before || ends_sentence(&previous.text()))
    {
        return true;
    }
    // Each item of a list is a paragraph of its own.
    if list_item(&line.text()).is_some() {
        return true;
    }
    if previous.place != line.place {
        let text = line.text();
        let lower = text.trim_start().starts_with(char::is_lowercase);
        return ends_sentence(&previous.text()) || starts_bold || !lower;
    }
    let pitch = if heading {
        flow.pitch * line.size() / flow.body_size
    } else {
        flow.pitch
    };
    // Measured between the tops of body type where a line has some: a
    // run-in head set larger raises its line's top, and would hide the
    // space before its paragraph.
    let body_top = |l: &Line| {
        l.runs
            .iter()
            .filter(|r| (r.size - flow.body_size).abs() <= 0.5 && !r.text.trim().is_empty())
            .map(|r| r.top)
            .reduce(f32::min)
            .unwrap_or(l.top)
    };
    let step = body_top(line) - body_top(previous);
    if step > pitch * PARAGRAPH_STEP || step < 0.0 {
        return true;
    }
    if !heading && indented_start(previous, line, flow.body_size) {
        return true;
    }
    // Documents without space between paragraphs: a bold or coloured head
    // at the column's edge after a finished sentence, set in another
    // colour than the line before ends in. Where paragraphs are spaced, a
    // bold card name that a line happens to start with is not a head.
    let starts_coloured = line.runs.first().is_some_and(|r| r.colored)
        && previous
            .runs
            .last()
            .is_some_and(|r| r.colour != line.runs[0].colour);
    !flow.spaced
        && (starts_bold || starts_coloured)
        && ends_sentence(&previous.text())
        && line.left <= previous.left + 1.0
}

/// Whether a line goes on with a head set larger that a narrow column
/// wrapped: it opens at the head's size (`Changing Number of` / `Complete
/// Missions – 2016-04-26`) or with the head's dash (`One-Time Broadcast
/// Abilities` / `– 2016-09-19`), where the head ended no sentence. The head
/// and what follows it are then one paragraph, as on a wider page.
fn head_runs_on(head: &Line, line: &Line) -> bool {
    let Some(first) = line.runs.iter().find(|r| !r.text.trim().is_empty()) else {
        return false;
    };
    let same_size = (first.size - head.size()).abs() <= 0.5;
    let dash = first.text.trim_start().starts_with(['–', '—', '-']);
    head.place == line.place && !ends_sentence(&head.text()) && (same_size || dash)
}

/// Most words of a head on a line of its own.
const LINE_HEAD_WORDS: usize = 10;

/// Whether a line is set apart from the body text by its type, all of it:
/// bold, or smaller than the body (small capitals set in a smaller size),
/// and short as a head is. Larger type is a heading of its own
/// ([`is_heading`]).
fn is_set_apart(line: &Line, body_size: f32) -> bool {
    let visible: Vec<&Run> = line
        .runs
        .iter()
        .filter(|r| !r.text.trim().is_empty())
        .collect();
    !visible.is_empty()
        && line.text().split_whitespace().count() <= LINE_HEAD_WORDS
        && visible.iter().all(|r| r.bold || r.size < body_size - 0.4)
}

/// How the document sets its text, for telling where paragraphs start.
struct Flow {
    body_size: f32,
    /// The usual distance between the tops of two lines of a paragraph.
    pitch: f32,
    /// Whether the document leaves space between its paragraphs.
    spaced: bool,
}

/// Whether a document spaces its paragraphs: one step in twenty between
/// two body lines of a column, at least twice, is wider than the pitch.
/// Steps around headings do not count: an unspaced document has them too.
fn spaces_paragraphs(lines: &[Line], pitch: f32, body_size: f32) -> bool {
    let (mut steps, mut wide) = (0usize, 0usize);
    for pair in lines.windows(2) {
        let step = pair[1].top - pair[0].top;
        let body = !is_heading(&pair[0], body_size) && !is_heading(&pair[1], body_size);
        if pair[0].place == pair[1].place && step > 0.0 && body {
            steps += 1;
            wide += usize::from(step > pitch * PARAGRAPH_STEP);
        }
    }
    wide >= 2 && wide * 20 >= steps
}

/// A piece of a paragraph's text with its typography.
struct Piece {
    text: String,
    bold: bool,
}

/// Whether a paragraph's color marks it new. A document colors a whole new
/// entry, so a colored paragraph after a colored one goes on that entry —
/// unless it opens with a bold head, which starts the next new entry.
fn color_marks_new(starts_colored: bool, starts_bold: bool, after_colored: bool) -> bool {
    starts_colored && (starts_bold || !after_colored)
}

/// Writes one paragraph as Markdown: lines joined (hyphens at line ends
/// resolved), bold runs in `**`, icons as `[?]`, the new marker in front.
/// Says too whether the paragraph ends in colored text, for the next one.
fn write_paragraph(
    lines: &[Line],
    (body_size, title_size): (f32, f32),
    (after_colored, after_barred): (bool, bool),
    words: &HashSet<String>,
    result: &mut PdfMarkdown,
) -> (String, bool, Option<u16>) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut colored_start = None;
    let mut start_colour = 0;
    let mut starts_bold = false;
    let mut ends_colored = false;
    // Whether the text goes on from the start's colour into another colour
    // than the body's (a head in the heads' colour, then a new entry's
    // body in the marker's): `None` until the colour first changes.
    let mut goes_on_coloured = None;
    // A head on a line of its own set in smaller type is written bold, as
    // the parser knows a head on a line of its own.
    let small_head = lines.len() == 1
        && is_set_apart(&lines[0], body_size)
        && lines[0].runs.iter().any(|r| !r.bold);
    // A run-in head set smaller than the body: the first line's leading
    // runs in smaller type, body type after them.
    // Whole lines of small capitals a narrow column wrapped the head over
    // (`ONE-TIME BROADCAST` / `ABILITIES – 2016-09-19`): written bold, and
    // the head's leading runs are read on the line after them.
    let small_lines = lines
        .iter()
        .take_while(|l| {
            l.runs
                .iter()
                .all(|r| r.text.trim().is_empty() || is_smaller(r, body_size))
        })
        .count();
    let small_lines = if small_lines < lines.len() {
        small_lines
    } else {
        0
    };
    let leading_small = lines
        .get(small_lines)
        .filter(|l| {
            l.runs.iter().any(|r| !is_smaller(r, body_size))
                && l.runs.first().is_some_and(|r| is_smaller(r, body_size))
        })
        .map_or(0, |l| {
            // Dashes between small runs are the head's own ("ACTIONS –
            // STEP 1"), and so are capitals at full size (small capitals
            // set a capital of the text full size: "(NON-" "B" "ORG)");
            // the head ends at its last small run, before lower case.
            // A line without lower case is all head (its text follows on
            // the next line).
            let mut end = l.runs.len();
            let mut last_small = 0;
            for (i, r) in l.runs.iter().enumerate() {
                if is_smaller(r, body_size) {
                    last_small = i + 1;
                } else if r.text.chars().any(char::is_lowercase) {
                    end = last_small;
                    break;
                }
            }
            end
        });
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            join_line_end(&mut pieces, &line.text(), words);
        }
        for (j, (text, run)) in join_runs(&line.runs).into_iter().enumerate() {
            if !text.trim().is_empty() {
                if colored_start.is_none() {
                    colored_start = Some(run.colored);
                    start_colour = run.colour;
                    starts_bold = run.bold;
                } else if goes_on_coloured.is_none()
                    && (run.colored != (colored_start == Some(true)) || run.colour != start_colour)
                {
                    goes_on_coloured = Some(run.colored);
                }
                ends_colored = run.colored;
            }
            result.colored += usize::from(run.colored);
            let text = icons_marked(&text, run.symbol, &mut result.icons);
            pieces.push(Piece {
                text,
                // A run set larger inside body text is a head set apart
                // by its size: written bold, as the parser knows heads.
                bold: run.bold
                    || small_head
                    || is_larger(run, body_size)
                    || i < small_lines
                    || (i == small_lines && j < leading_small),
            });
        }
    }
    // A heading is a paragraph all of it larger; one that runs on into
    // body type is an entry's head ([`head_runs_on`]), written bold.
    if let Some(first) = lines
        .first()
        .filter(|_| lines.iter().all(|l| is_heading(l, body_size)))
    {
        let text: String = pieces.iter().map(|p| p.text.as_str()).collect();
        let heading = format!(
            "{} {}",
            heading_marker(first.size(), title_size),
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        return (heading, ends_colored, None);
    }

    // The new marker: a coloured start, or an asterisk of the document's
    // own, becomes one asterisk before the (bold) head.
    let by_colour = color_marks_new(colored_start == Some(true), starts_bold, after_colored);
    // A bar beside an entry runs along all of it: its first paragraph is
    // new, the rest its body, unless one opens with a bold head.
    let first_barred = lines.first().is_some_and(|l| l.barred);
    let by_bar = first_barred && (starts_bold || !after_barred);
    let mut new = by_colour || by_bar;
    let mut own_asterisk = false;
    if let Some(first) = pieces.iter_mut().find(|p| !p.text.trim().is_empty()) {
        let trimmed = first.text.trim_start();
        if let Some(rest) = trimmed.strip_prefix('*') {
            new = true;
            own_asterisk = true;
            first.text = rest.trim_start().to_string();
        }
    }
    let mut out = String::new();
    if new {
        out.push('*');
    } else if let Some(at) = pieces.iter().position(|p| !p.text.trim().is_empty()) {
        // An item of a list is written as a Markdown list item, which no
        // reader takes for an entry's head (an item of a preamble's list
        // of changes, "• actions – required: …", is no entry). A new
        // one keeps its bullet: it is an entry marked new.
        if let Some(rest) = list_item(&pieces[at].text) {
            pieces[at].text = rest.to_string();
            out.push_str("- ");
            // The bullet may be a run of its own: the item's text starts
            // after the space that follows it.
            if let Some(next) = pieces[at..].iter_mut().find(|p| !p.text.is_empty()) {
                next.text = next.text.trim_start().to_string();
            }
        }
    }
    // Consecutive pieces of the same weight make one run.
    let mut i = 0;
    while i < pieces.len() {
        let bold = pieces[i].bold;
        let mut text = String::new();
        while i < pieces.len() && pieces[i].bold == bold {
            text.push_str(&pieces[i].text);
            i += 1;
        }
        if bold && !text.trim().is_empty() {
            result.bold += 1;
            out.push_str(&embolden(&text));
        } else {
            out.push_str(&text);
        }
    }
    if !new {
        if let Some(marked) = new_tag_marked(&out) {
            out = marked;
        }
    }
    // The colour that set the marker, unless an asterisk of the
    // document's own set it too, or the text goes on in another colour
    // than the body's: then the marker is that colour, and the start's may
    // be the heads' style ([`unmark_head_colour`]) without unmarking it.
    let marked_by = (by_colour && !own_asterisk && !by_bar && goes_on_coloured != Some(true))
        .then_some(start_colour);
    (out, ends_colored, marked_by)
}

/// A bold run as Markdown: `**` around the words, the spaces around it
/// and a separator that ends it (` –`, `:`) left outside, where the parser
/// looks for the end of a bold head.
fn embolden(text: &str) -> String {
    let lead = &text[..text.len() - text.trim_start().len()];
    let core = text.trim();
    let tail = &text[text.trim_end().len()..];
    let words = core.trim_end_matches(['–', '—', ':', '-', ' ']);
    let separator = &core[words.len()..];
    let (words, separator) = if !words.is_empty()
        && (separator.starts_with(' ') || separator.contains(['–', '—', ':']))
    {
        (words, separator)
    } else {
        (core, "")
    };
    format!("{lead}**{words}**{separator}{tail}")
}

/// A run's text with every glyph of a symbol font, and every private-use
/// character, written as the lost-icon marker `[?]`.
fn icons_marked(text: &str, symbol_font: bool, icons: &mut usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (symbol_font && !c.is_whitespace()) || is_private_use(c) {
            *icons += 1;
            out.push_str("[?]");
        } else {
            out.push(c);
        }
    }
    out
}

/// Hyphens a line may end with: hyphen-minus, the soft hyphen (which a
/// typesetter shows only at a break), the Unicode hyphen.
const HYPHENS: [char; 3] = ['-', '\u{AD}', '\u{2010}'];

/// Joins the next line (`next`) to the pieces so far: with a space, or
/// with nothing where the previous line ended in a hyphen (kept only when
/// the joined word is not a word and the hyphen was not a soft one).
fn join_line_end(pieces: &mut [Piece], next: &str, words: &HashSet<String>) {
    // The hyphen may be a run of its own after the word's.
    let mut hyphens = String::new();
    let mut at = None;
    for (i, piece) in pieces.iter_mut().enumerate().rev() {
        let stripped = piece.text.trim_end().trim_end_matches(HYPHENS);
        if stripped.len() < piece.text.trim_end().len() && stripped.ends_with(char::is_whitespace) {
            // `topic -` : a dash between words, not a hyphen.
            let kept = piece.text.trim_end().len();
            piece.text.truncate(kept);
            piece.text.push(' ');
            return;
        }
        let body = stripped.trim_end().len();
        hyphens.push_str(piece.text[body..].trim());
        piece.text.truncate(body);
        if body > 0 {
            at = Some(i);
            break;
        }
    }
    let Some(at) = at else {
        return;
    };
    let last = &mut pieces[at];
    let before: String = last
        .text
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = next
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    let digits = last.text.ends_with(|c: char| c.is_ascii_digit())
        && next.trim_start().starts_with(|c: char| c.is_ascii_digit());
    if hyphens.is_empty() {
        last.text.push(' ');
    } else if digits {
        // A number broken at its own hyphen (a date `2016-` / `09-19`).
        last.text.push_str(&hyphens);
    } else if before.is_empty() || after.is_empty() {
        last.text.push_str(&hyphens);
        last.text.push(' ');
    } else if !(hyphens.contains('\u{AD}')
        || is_word(&format!("{before}{after}"), words)
        || (after.starts_with(char::is_lowercase) && !is_english(&after)))
    {
        // A compound's parts are words each ("well-" / "known"), or a
        // name ("non-" / "Borg"); what follows a hyphen at a line's end
        // that is no word on its own ("Multitarget-" / "ing") is the end
        // of a word the typesetter broke.
        last.text.push('-');
    }
}

fn is_word(word: &str, words: &HashSet<String>) -> bool {
    is_english(word) || words.contains(&word.to_lowercase())
}

#[cfg(test)]
mod tests;
