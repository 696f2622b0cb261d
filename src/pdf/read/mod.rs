//! The PDF reader: `lopdf` parses the file's objects (and decrypts a file
//! that opens with the empty password); the page tree, the content
//! streams, the fonts and the glyphs' places are read here. Why not by
//! `lopdf` too, measured: `against_lopdf.rs` (its content parser costs 1.8
//! to 4 times as much for the same operations; its text decoding loses
//! words and gives no glyph's code or width).
//!
//! Text is read as it is seen: a page's glyphs are placed on the page as
//! it is shown (its crop box, turned by its `/Rotate`), so text drawn
//! turned on a turned page, upright when shown, is read in lines. A glyph
//! that is still not upright (text at an angle) cannot be put in reading
//! order: it is left out and the page named in the document's notes,
//! never read backwards.

mod cmap;
mod content;
mod encoding;
mod font;
mod lexer;
mod objects;

use super::layout::{self, Page};
use super::typography;
use super::{PdfError, MOST_PAGES, MOST_RUNS};
use crate::input::MAX_TEXT_BYTES;
use content::{Drawn, Interpreter, Placed};

/// Every page's text runs and drawn bars, and notes on pages whose text
/// could not all be read.
pub(crate) fn read_pages(bytes: &[u8]) -> Result<(Vec<Page>, Vec<String>), PdfError> {
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
    let mut notes = Vec::new();
    let mut angled_anywhere = false;
    let mut past_the_cap = 0;
    for (number, page) in (1..).zip(&pages) {
        let (read, angled, bombs) = read_page(&document, &mut interpreter, page, &mut text_read)?;
        if bombs > 0 {
            past_the_cap += 1;
            notes.push(format!(
                "page {number}: {bombs} content stream(s) inflate past the {} MB a stream may, and are left out",
                objects::MOST_STREAM_BYTES / (1024 * 1024)
            ));
        }
        if angled > 0 {
            angled_anywhere = true;
            notes.push(if read.runs.is_empty() {
                format!("page {number} is not read: its text is drawn at an angle, in no order that can be read")
            } else {
                format!("page {number}: {angled} characters drawn at an angle (not upright as the page is shown) are left out")
            });
        }
        runs_read += read.runs.len();
        if runs_read > MOST_RUNS {
            return Err(PdfError::Damaged(format!(
                "more than {MOST_RUNS} runs of text"
            )));
        }
        out.push(read);
    }
    if out.iter().all(|p| p.runs.is_empty()) {
        return Err(if past_the_cap > 0 {
            PdfError::Damaged(format!(
                "the content of {past_the_cap} page(s) inflates past the {} MB a stream may (a decompression bomb?), and no other page has text",
                objects::MOST_STREAM_BYTES / (1024 * 1024)
            ))
        } else if angled_anywhere {
            PdfError::Damaged(
                "all its text is drawn at an angle, in no order that can be read".to_string(),
            )
        } else {
            PdfError::NoText
        });
    }
    Ok((out, notes))
}

/// Where a page's points are when it is shown: its shown box turned
/// clockwise by its rotation, with the origin at the bottom left of what
/// is seen.
struct Shown {
    rect: objects::Rect,
    rotate: i32,
}

impl Shown {
    /// The page as seen: its width and height.
    fn size(&self) -> (f32, f32) {
        let (x0, y0, x1, y1) = self.rect;
        match self.rotate {
            90 | 270 => (y1 - y0, x1 - x0),
            _ => (x1 - x0, y1 - y0),
        }
    }

    /// A point of the page, as seen.
    fn point(&self, x: f32, y: f32) -> (f32, f32) {
        let (x0, y0, x1, y1) = self.rect;
        match self.rotate {
            90 => (y - y0, x1 - x),
            180 => (x1 - x, y1 - y),
            270 => (y1 - y, x - x0),
            _ => (x - x0, y - y0),
        }
    }

    /// A direction on the page, as seen.
    fn direction(&self, (dx, dy): (f32, f32)) -> (f32, f32) {
        match self.rotate {
            90 => (dy, -dx),
            180 => (-dx, -dy),
            270 => (-dy, dx),
            _ => (dx, dy),
        }
    }
}

/// Whether text running this way (as seen) runs left to right along a
/// line: within about 3 degrees of it.
fn upright((dx, dy): (f32, f32)) -> bool {
    dx > 0.0 && dy.abs() <= dx * 0.05
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

/// One page's runs and bars, as the page is shown, and how many glyphs
/// were left out for being drawn at an angle; its glyphs' text is added
/// to `text_read`, and a document whose text passes [`MAX_TEXT_BYTES`] is
/// read no further (before the page is laid out).
fn read_page<'a>(
    document: &'a lopdf::Document,
    interpreter: &mut Interpreter<'a>,
    page: &objects::PageRef<'a>,
    text_read: &mut usize,
) -> Result<(Page, usize, usize), PdfError> {
    let shown = Shown {
        rect: page.shown,
        rotate: page.rotate,
    };
    let (width, height) = shown.size();
    let (content, past_the_cap) = objects::page_content(document, page.page);
    let Drawn { glyphs, paths, .. } = interpreter.page(&content, page.resources);
    *text_read += glyphs.iter().map(|g| g.text.len_utf8()).sum::<usize>();
    if *text_read > MAX_TEXT_BYTES {
        return Err(PdfError::TooMuchText);
    }
    let (glyphs, angled) = as_shown(glyphs, &shown);
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
                left: g.x,
                right: g.x + g.width,
                top: layout::top_of(g.y, g.size, 0.0, height),
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
        .map(|[x, y, w, h]| {
            let (ax, ay) = shown.point(x, y);
            let (bx, by) = shown.point(x + w, y + h);
            [ax.min(bx), ay.min(by), (bx - ax).abs(), (by - ay).abs()]
        })
        .filter(|&[x, y, w, h]| {
            let bar = w <= layout::BAR_WIDTH
                && h >= layout::BAR_SHORTEST
                && h <= height * layout::BAR_LONGEST;
            let dot = (layout::DOT_SMALLEST..layout::BAR_SHORTEST).contains(&h)
                && (w - h).abs() <= h * 0.25;
            [x, y, w, h].iter().all(|v| v.is_finite()) && (bar || dot)
        })
        .map(|[x, y, w, h]| {
            let top = layout::top_of(y, h, 0.0, height);
            layout::Bar {
                x: x + w / 2.0,
                top,
                bottom: top + h,
            }
        })
        .collect();
    Ok((
        Page {
            width,
            height,
            runs,
            bars,
        },
        angled,
        past_the_cap,
    ))
}

/// The glyphs placed as the page is shown, those upright as seen; and how
/// many were not (text at an angle, or upside down).
fn as_shown(glyphs: Vec<Placed>, shown: &Shown) -> (Vec<Placed>, usize) {
    let drawn = glyphs.len();
    let upright: Vec<Placed> = glyphs
        .into_iter()
        .filter_map(|mut g| {
            let direction = shown.direction(g.direction);
            if !upright(direction) {
                return None;
            }
            (g.x, g.y) = shown.point(g.x, g.y);
            g.direction = direction;
            Some(g)
        })
        .collect();
    let angled = drawn - upright.len();
    (upright, angled)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The glyphs a content stream places, with no resources (the
    /// fallback font).
    fn placed(content: &str) -> Vec<Placed> {
        let document = lopdf::Document::with_version("1.5");
        let mut interpreter = Interpreter::new(&document);
        interpreter.page(content.as_bytes(), None).glyphs
    }

    const LETTER: objects::Rect = (0.0, 0.0, 612.0, 792.0);

    /// A PDF of one page whose content is `content`, compressed.
    fn one_page_pdf(content: Vec<u8>) -> Vec<u8> {
        use lopdf::{dictionary, Object, Stream};
        let mut document = lopdf::Document::with_version("1.5");
        let pages_id = document.new_object_id();
        let mut stream = Stream::new(dictionary! {}, content);
        stream.compress().unwrap();
        let content_id = document.add_object(stream);
        let page_id = document.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
            "Contents" => content_id,
        });
        document.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages",
                "Kids" => vec![page_id.into()],
                "Count" => 1,
            }),
        );
        let catalog_id = document.add_object(dictionary! {
            "Type" => "Catalog",
            "Pages" => pages_id,
        });
        document.trailer.set("Root", catalog_id);
        let mut bytes = Vec::new();
        document.save_to(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn a_page_past_the_streams_cap_is_said_so_not_taken_for_a_scan() {
        // Spaces past the cap after one line of text: the stream is left
        // out whole, and the reason is the cap, not a page with no text.
        let mut content = b"BT /F1 10 Tf 72 700 Td (Battle) Tj ET\n".to_vec();
        content.resize(objects::MOST_STREAM_BYTES + 1024, b' ');
        let why = match read_pages(&one_page_pdf(content)) {
            Err(PdfError::Damaged(why)) => why,
            other => panic!("{:?}", other.map(|(_, notes)| notes)),
        };
        assert!(why.contains("inflates past the 64 MB"), "{why}");
        // The same page under the cap is read.
        let (pages, notes) = read_pages(&one_page_pdf(
            b"BT /F1 10 Tf 72 700 Td (Battle) Tj ET".to_vec(),
        ))
        .unwrap();
        assert_eq!(pages[0].runs.len(), 1);
        assert!(notes.is_empty(), "{notes:?}");
    }

    #[test]
    fn a_turned_page_shows_its_corners_where_a_viewer_does() {
        let turned = |rotate| Shown {
            rect: LETTER,
            rotate,
        };
        // The page's top left corner, as seen.
        assert_eq!(turned(0).point(0.0, 792.0), (0.0, 792.0));
        assert_eq!(turned(90).point(0.0, 792.0), (792.0, 612.0));
        assert_eq!(turned(180).point(0.0, 792.0), (612.0, 0.0));
        assert_eq!(turned(270).point(0.0, 792.0), (0.0, 0.0));
        assert_eq!(turned(90).size(), (792.0, 612.0));
        assert_eq!(turned(180).size(), (612.0, 792.0));
        // Text running up the page runs left to right on a page turned
        // clockwise; down the page, on one turned the other way.
        assert!(upright(turned(90).direction((0.0, 1.0))));
        assert!(upright(turned(270).direction((0.0, -1.0))));
        assert!(!upright(turned(90).direction((0.0, -1.0))));
        assert!(upright(turned(180).direction((-1.0, 0.0))));
    }

    #[test]
    fn text_drawn_turned_is_placed_along_its_direction() {
        let glyphs = placed("BT /F1 10 Tf 0 1 -1 0 72 72 Tm (abc) Tj ET");
        assert_eq!(glyphs.len(), 3);
        for g in &glyphs {
            assert!((g.direction.0).abs() < 1e-6 && (g.direction.1 - 1.0).abs() < 1e-6);
            assert!(g.width > 0.0, "a turned glyph keeps its width");
            assert_eq!(g.x, 72.0);
        }
        assert!(glyphs[0].y < glyphs[1].y && glyphs[1].y < glyphs[2].y);
        // Shown on a page turned clockwise, it reads left to right.
        let shown = Shown {
            rect: LETTER,
            rotate: 90,
        };
        let (seen, angled) = as_shown(glyphs, &shown);
        assert_eq!(angled, 0);
        let text: String = reading_order(seen.clone()).iter().map(|g| g.text).collect();
        assert_eq!(text, "abc");
        assert!(seen.iter().all(|g| (g.y - 540.0).abs() < 1e-3));
    }

    #[test]
    fn text_at_an_angle_or_upside_down_is_not_placed() {
        let shown = Shown {
            rect: LETTER,
            rotate: 0,
        };
        for matrix in ["0.7071 0.7071 -0.7071 0.7071", "-1 0 0 -1", "0 1 -1 0"] {
            let glyphs = placed(&format!("BT /F1 10 Tf {matrix} 300 300 Tm (abc) Tj ET"));
            let (seen, angled) = as_shown(glyphs, &shown);
            assert!(seen.is_empty(), "{matrix}");
            assert_eq!(angled, 3, "{matrix}");
        }
        // Upright text slanted by its matrix (an oblique face) is upright.
        let glyphs = placed("BT /F1 10 Tf 1 0 0.2 1 300 300 Tm (abc) Tj ET");
        assert_eq!(as_shown(glyphs, &shown).1, 0);
    }
}

#[cfg(test)]
mod against_lopdf;
