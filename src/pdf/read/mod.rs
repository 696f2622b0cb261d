//! The PDF reader: `lopdf` parses the file's objects (and decrypts a file
//! that opens with the empty password); the page tree, the content
//! streams, the fonts and the glyphs' places are read here.

mod cmap;
mod content;
mod encoding;
mod font;
mod lexer;
mod objects;

use super::layout::{self, Page};
use super::typography;
use super::{PdfError, MOST_PAGES, MOST_RUNS};
use crate::convert::MAX_TEXT_BYTES;
use content::{Drawn, Interpreter, Placed};

/// Every page's text runs and drawn bars.
pub(crate) fn read_pages(bytes: &[u8]) -> Result<Vec<Page>, PdfError> {
    let document = open(bytes)?;
    let pages = objects::pages(&document, MOST_PAGES)
        .ok_or_else(|| PdfError::Damaged("no page tree".to_string()))?;
    if pages.len() > MOST_PAGES {
        return Err(PdfError::Damaged(format!(
            "more than the {MOST_PAGES} pages accepted"
        )));
    }
    let mut interpreter = Interpreter::new(&document);
    let mut runs_read = 0;
    let mut text_read = 0;
    let mut out = Vec::with_capacity(pages.len());
    for page in &pages {
        let read = read_page(&document, &mut interpreter, page, &mut text_read)?;
        runs_read += read.runs.len();
        if runs_read > MOST_RUNS {
            return Err(PdfError::Damaged(format!(
                "more than {MOST_RUNS} runs of text"
            )));
        }
        out.push(read);
    }
    if out.iter().all(|p| p.runs.is_empty()) {
        return Err(PdfError::NoText);
    }
    Ok(out)
}

/// The document, decrypted when the empty password opens it.
fn open(bytes: &[u8]) -> Result<lopdf::Document, PdfError> {
    let document = lopdf::Document::load_mem(bytes).map_err(|e| match e {
        lopdf::Error::Decryption(_) | lopdf::Error::InvalidPassword => PdfError::Encrypted,
        other => PdfError::Damaged(other.to_string()),
    })?;
    if document.is_encrypted() {
        return Err(PdfError::Encrypted);
    }
    Ok(document)
}

/// One page's runs and bars; its glyphs' text is added to `text_read`,
/// and a document whose text passes [`MAX_TEXT_BYTES`] is read no further
/// (before the page is laid out).
fn read_page<'a>(
    document: &'a lopdf::Document,
    interpreter: &mut Interpreter<'a>,
    page: &objects::PageRef<'a>,
    text_read: &mut usize,
) -> Result<Page, PdfError> {
    let (x0, y0, x1, y1) = page.media_box;
    let height = y1 - y0;
    let content = objects::page_content(document, page.page);
    let Drawn { glyphs, paths, .. } = interpreter.page(&content, page.resources);
    *text_read += glyphs.iter().map(|g| g.text.len_utf8()).sum::<usize>();
    if *text_read > MAX_TEXT_BYTES {
        return Err(PdfError::TooMuchText);
    }
    let glyphs = reading_order(glyphs);
    // A font's weight and kind, read once a page.
    let styles: Vec<(bool, bool)> = interpreter
        .fonts()
        .iter()
        .map(|f| {
            (
                typography::is_bold(&f.name, f.weight),
                typography::is_symbol_font(&f.name),
            )
        })
        .collect();
    let glyphs: Vec<layout::Glyph> = glyphs
        .into_iter()
        .map(|g| {
            let (bold, symbol) = styles[g.font];
            let (r, gr, b) = g.rgb;
            layout::Glyph {
                text: g.text,
                bold,
                colored: typography::is_colored(r, gr, b),
                colour: typography::colour_key(r, gr, b),
                symbol,
                left: g.x - x0,
                right: g.x - x0 + g.width,
                top: layout::top_of(g.y, g.size, y0, height),
                height: g.size.max(1.0),
                size: g.size,
            }
        })
        .collect();
    let runs = layout::runs_of(&glyphs);
    // Thin upright strokes or bars: a change bar beside a new entry; and
    // dots, a list's bullets drawn rather than printed (Chromium draws a
    // disc).
    let bars = paths
        .into_iter()
        .filter(|&[x, y, w, h]| {
            let bar = w <= layout::BAR_WIDTH
                && h >= layout::BAR_SHORTEST
                && h <= height * layout::BAR_LONGEST;
            let dot = (layout::DOT_SMALLEST..layout::BAR_SHORTEST).contains(&h)
                && (w - h).abs() <= h * 0.25;
            [x, y, w, h].iter().all(|v| v.is_finite()) && (bar || dot)
        })
        .map(|[x, y, w, h]| {
            let top = layout::top_of(y, h, y0, height);
            layout::Bar {
                x: x + w / 2.0 - x0,
                top,
                bottom: top + h,
            }
        })
        .collect();
    Ok(Page {
        width: x1 - x0,
        height,
        runs,
        bars,
    })
}

/// The glyphs top to bottom (by baseline), left to right; a glyph drawn
/// again over itself (a bold or shadow effect) once.
fn reading_order(mut glyphs: Vec<Placed>) -> Vec<Placed> {
    glyphs.sort_by(|a, b| {
        let (ay, by) = (a.y.round() as i32, b.y.round() as i32);
        by.cmp(&ay).then(a.x.total_cmp(&b.x))
    });
    let mut last: Option<(i32, f32, char)> = None;
    glyphs.retain(|g| {
        let y = g.y.round() as i32;
        let reference = if g.width > 0.0 { g.width } else { 2.0 };
        let threshold = (reference * 0.3).min(2.0);
        let again = last
            .is_some_and(|(ly, lx, lc)| lc == g.text && ly == y && (g.x - lx).abs() < threshold);
        if !again {
            last = Some((y, g.x, g.text));
        }
        !again
    });
    glyphs.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    glyphs
}
