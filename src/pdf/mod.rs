//! Reading a published PDF: its bytes in, the Markdown the parser already
//! reads out ([`to_markdown`]), so there is one parser. This module owns only
//! layout (reading order over columns, running headers and footers, page
//! numbers, hyphenation at line ends) and typography (bold heads, coloured
//! new entries, icon glyphs); what the text means is the parser's.
//!
//! The PDF itself is read by `pdf_oxide` (pure Rust, default features off).
//! It was chosen over `lopdf` and `pdf-extract` because it alone gives, per
//! glyph and per text run, what the typography is read from: the position
//! (a bounding box), the font's name and weight (from the FontDescriptor or
//! the base font's name), the fill colour, and the text decoded through the
//! font's ToUnicode map. Runs are made from the glyphs (`layout::runs_of`),
//! the crate's own runs kept for a page whose glyphs it decodes otherwise. `lopdf` parses objects but leaves content streams,
//! fonts and encodings to the caller (an interpreter of our own);
//! `pdf-extract` decodes text through a callback that carries the font and
//! position but not the fill colour, so red new entries would be lost.
//!
//! A damaged file is an error, never a panic or a hang: the input is
//! bounded before it is opened ([`MOST_BYTES`], [`MOST_PAGES`],
//! [`MOST_RUNS`]), and the crate runs on a thread of its own, its panics
//! caught and its time bounded ([`MOST_SECONDS`]). A file nested past
//! [`MOST_NESTING`] is refused before the crate sees it (its recursive
//! parser would overflow the stack); what this cannot see is the reading
//! child's to survive (`convert::isolated`).

mod layout;
mod read;
pub(crate) mod typography;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use thiserror::Error;

use layout::{Page, Run};

/// Most bytes of a PDF accepted: the official documents are well under a
/// megabyte; anything this large is not a rulings document.
pub const MOST_BYTES: usize = 32 * 1024 * 1024;
/// Most pages read.
pub const MOST_PAGES: usize = 500;
/// Most text runs read over the whole document.
pub const MOST_RUNS: usize = 500_000;
/// Most seconds the PDF crate may take over one document.
pub const MOST_SECONDS: u64 = 20;

/// The stack of each thread that runs the PDF crate: its parser recurses.
const READER_STACK: usize = 64 * 1024 * 1024;
/// Most threads that read one document's pages at once.
const READING_THREADS: usize = 4;
/// Pages a thread is worth starting for.
const PAGES_PER_THREAD: usize = 8;

/// Most arrays and dictionaries nested in one another: the PDF crate
/// parses them recursively, so a file nested 100,000 deep overflows any
/// stack; real documents nest a few levels.
pub const MOST_NESTING: usize = 1000;

/// The seconds a batch of readings may take, when set (else
/// [`MOST_SECONDS`]).
pub const SECONDS_ENV: &str = "RULINGS_READ_SECONDS";

/// The time a batch of readings may take: [`SECONDS_ENV`] when set to a
/// number of seconds (fractions allowed), else [`MOST_SECONDS`].
pub fn reading_limit() -> std::time::Duration {
    std::env::var(SECONDS_ENV)
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 86_400.0)
        .map(std::time::Duration::from_secs_f64)
        .unwrap_or(std::time::Duration::from_secs(MOST_SECONDS))
}

/// A PDF read as Markdown, with what was found on the way (for `check`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PdfMarkdown {
    pub markdown: String,
    pub pages: usize,
    /// The most columns found on one page.
    pub columns: usize,
    /// Runs taken as bold.
    pub bold: usize,
    /// Runs taken as new (coloured other than black).
    pub colored: usize,
    /// Glyphs taken as lost icons.
    pub icons: usize,
    /// Running headers and footers and page numbers dropped, as text,
    /// each once.
    pub furniture: Vec<String>,
}

/// Why a PDF could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PdfError {
    #[error("the PDF is encrypted and needs a password")]
    Encrypted,
    #[error("the PDF has no text layer (a scan?): nothing to read")]
    NoText,
    #[error("the PDF is damaged or not a PDF: {0}")]
    Damaged(String),
}

/// Temporary, for the differential check: read with the old reader.
#[doc(hidden)]
pub static OLD_READER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Reads a PDF's text in reading order, its typography kept as Markdown.
pub fn to_markdown(bytes: &[u8]) -> Result<PdfMarkdown, PdfError> {
    if bytes.len() > MOST_BYTES {
        return Err(PdfError::Damaged(format!(
            "{} bytes, more than the {MOST_BYTES} accepted",
            bytes.len()
        )));
    }
    if !bytes.starts_with(b"%PDF-")
        && !bytes[..bytes.len().min(1024)]
            .windows(5)
            .any(|w| w == b"%PDF-")
    {
        return Err(PdfError::Damaged("no %PDF- header".to_string()));
    }
    let depth = nesting(bytes);
    if depth > MOST_NESTING {
        return Err(PdfError::Damaged(format!(
            "objects nested more than {MOST_NESTING} deep"
        )));
    }
    let pages = read_guarded(bytes.to_vec())?;
    Ok(layout::compose(&pages))
}

/// The deepest nesting of arrays (`[`) and dictionaries (`<<`) in the file
/// as written, outside strings, comments and streams (whose bytes are data;
/// nesting inside a compressed object stream is not seen here, and is the
/// reading child's to survive). Stops counting past [`MOST_NESTING`].
fn nesting(bytes: &[u8]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() && deepest <= MOST_NESTING {
        match bytes[i] {
            b'%' => {
                i += bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n' || b == b'\r')
                    .unwrap_or(bytes.len() - i);
            }
            b'(' => {
                // A literal string: balanced parentheses, `\` escapes.
                let mut open = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' => i += 1,
                        b'(' => open += 1,
                        b')' => {
                            open -= 1;
                            if open == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            b'<' if bytes.get(i + 1) == Some(&b'<') => {
                depth += 1;
                deepest = deepest.max(depth);
                i += 1;
            }
            b'<' => {
                // A hex string.
                i += bytes[i..]
                    .iter()
                    .position(|&b| b == b'>')
                    .unwrap_or(bytes.len() - i);
            }
            b'>' if bytes.get(i + 1) == Some(&b'>') => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' => depth = depth.saturating_sub(1),
            b's' if bytes[i..].starts_with(b"stream")
                && matches!(bytes.get(i + 6), Some(b'\r' | b'\n'))
                && (i == 0 || !bytes[i - 1].is_ascii_alphabetic()) =>
            {
                // A stream's data, to its end.
                i += bytes[i..]
                    .windows(9)
                    .position(|w| w == b"endstream")
                    .map_or(bytes.len() - i, |n| n + 9);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    deepest
}

/// The name of the thread the PDF crate runs on.
const READER: &str = "pdf-reader";

/// A panic of the reader thread is the file's damage, said once as a
/// warning naming the file: the default message ("thread 'pdf-reader'
/// panicked at …") would read as the program crashing. Every other panic is
/// reported as before. Installed once, when the first PDF is read.
fn quiet_reader_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(READER) {
                previous(info);
            }
        }));
    });
}

/// Runs the PDF crate on its own thread: a panic there becomes `Damaged`,
/// and so does a document it is still reading after [`MOST_SECONDS`] (the
/// thread is then left to finish on its own; nothing waits for it).
fn read_guarded(bytes: Vec<u8>) -> Result<Vec<Page>, PdfError> {
    quiet_reader_panics();
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name(READER.to_string())
        .stack_size(READER_STACK)
        .spawn(move || {
            let result = std::panic::catch_unwind(move || {
                if OLD_READER.load(Ordering::Relaxed) {
                    read_pages(bytes)
                } else {
                    read::read_pages(&bytes)
                }
            });
            // The receiver may have given up waiting: nothing to do then.
            let _ = sender.send(result);
        })
        .map_err(|e| PdfError::Damaged(format!("could not start the reader: {e}")))?;
    let limit = reading_limit();
    match receiver.recv_timeout(limit) {
        Ok(Ok(result)) => {
            let _ = worker.join();
            result
        }
        Ok(Err(panic)) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(PdfError::Damaged(if why.is_empty() {
                "the PDF reader failed on this file".to_string()
            } else {
                format!("the PDF reader failed on this file: {why}")
            }))
        }
        Err(mpsc::RecvTimeoutError::Timeout) => Err(PdfError::Damaged(format!(
            "still reading after {:.0} seconds",
            limit.as_secs_f64()
        ))),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(PdfError::Damaged(
            "the PDF reader stopped on this file".to_string(),
        )),
    }
}

/// Every page's text runs, as the crate gives them.
fn read_pages(bytes: Vec<u8>) -> Result<Vec<Page>, PdfError> {
    let damaged = |e: pdf_oxide::Error| match e {
        pdf_oxide::Error::EncryptedPdf => PdfError::Encrypted,
        other => PdfError::Damaged(other.to_string()),
    };
    let open = |bytes: Vec<u8>| -> Result<pdf_oxide::PdfDocument, PdfError> {
        let document = pdf_oxide::PdfDocument::from_bytes(bytes).map_err(damaged)?;
        // An owner password only (no user password) opens with the empty one.
        if document.is_encrypted() && !document.authenticate(b"").unwrap_or(false) {
            return Err(PdfError::Encrypted);
        }
        Ok(document)
    };
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, READING_THREADS);
    // Each further thread opens the document anew: threads sharing one
    // document contend for its caches' locks.
    let copy = (workers > 1).then(|| bytes.clone());
    let document = open(bytes)?;
    let count = document.page_count().map_err(damaged)?;
    if count > MOST_PAGES {
        return Err(PdfError::Damaged(format!(
            "{count} pages, more than the {MOST_PAGES} accepted"
        )));
    }
    // Pages are read by a few threads at once, each taking every n-th page:
    // the crate's work is per page, and a long document read by one thread
    // leaves the other cores idle. A short one is read by this thread alone.
    let runs_read = AtomicUsize::new(0);
    let too_many_runs = || PdfError::Damaged(format!("more than {MOST_RUNS} runs of text"));
    let read_page = |document: &pdf_oxide::PdfDocument, index: usize| -> Result<Page, PdfError> {
        // Once the document is over the bound, no thread reads on.
        if runs_read.load(Ordering::Relaxed) > MOST_RUNS {
            return Err(too_many_runs());
        }
        let (x0, y0, x1, y1) = document
            .get_page_media_box(index)
            .unwrap_or((0.0, 0.0, 612.0, 792.0));
        let height = (y1 - y0).abs();
        // The page's runs are made here from its glyphs' places
        // (`layout::runs_of`): the crate's spans join glyphs set a word
        // apart by position or character spacing without the space
        // (justified groff text read "givenbyofficial").
        // (Not `extract_chars`: it keeps every page's glyphs in the
        // document's cache, for as long as the document is read.)
        let chars = document
            .extract_chars_filtered(index, Default::default(), Default::default())
            .map_err(damaged)?;
        let mut glyphs: Vec<layout::Glyph> = Vec::with_capacity(chars.len());
        // A font's weight and kind, read once for the glyphs that follow
        // in it (a page has a few fonts and thousands of glyphs).
        let mut font: Option<(String, u16, bool, bool)> = None;
        for c in chars {
            let finite = [c.bbox.x, c.bbox.y, c.bbox.width, c.bbox.height, c.font_size]
                .iter()
                .all(|v| v.is_finite());
            if !finite {
                continue;
            }
            let weight = c.font_weight as u16;
            let (bold, symbol) = match &font {
                Some((name, w, bold, symbol)) if *name == c.font_name && *w == weight => {
                    (*bold, *symbol)
                }
                _ => {
                    let bold = typography::is_bold(&c.font_name, weight);
                    let symbol = typography::is_symbol_font(&c.font_name);
                    font = Some((c.font_name.clone(), weight, bold, symbol));
                    (bold, symbol)
                }
            };
            glyphs.push(layout::Glyph {
                text: c.char,
                bold,
                colored: typography::is_colored(c.color.r, c.color.g, c.color.b),
                colour: typography::colour_key(c.color.r, c.color.g, c.color.b),
                symbol,
                left: c.bbox.x - x0.min(x1),
                right: c.bbox.x - x0.min(x1) + c.bbox.width,
                top: layout::top_of(c.bbox.y, c.bbox.height, y0.min(y1), height),
                height: c.bbox.height.max(c.font_size).max(1.0),
                size: c.font_size,
            });
        }
        let glyph_runs = layout::runs_of(&glyphs);
        // The crate decodes a glyph alone less well than a span where one
        // glyph stands for several bytes or characters (small capitals of
        // some fonts come out as U+FFFD, a pictograph as Latin-1 bytes):
        // a page with a glyph outside ASCII and the general punctuation
        // (dashes, quotes) is read as spans too, and its glyphs are taken
        // only where they print what the spans print.
        let plain = glyphs
            .iter()
            .all(|g| g.text.is_ascii() || ('\u{2000}'..='\u{206F}').contains(&g.text));
        drop(glyphs);
        let runs = if plain || std::env::var("OLD_GLYPHS_ONLY").is_ok() {
            glyph_runs
        } else {
            let spans = document
                .extract_spans_with_config(
                    index,
                    pdf_oxide::extractors::SpanMergingConfig::default(),
                )
                .map_err(damaged)?;
            let span_runs: Vec<Run> = spans
                .into_iter()
                .filter(|s| !s.text.trim().is_empty())
                .filter(|s| {
                    [s.bbox.x, s.bbox.y, s.bbox.width, s.bbox.height]
                        .iter()
                        .all(|v| v.is_finite())
                })
                .map(|s| Run {
                    bold: typography::is_bold(&s.font_name, s.font_weight as u16),
                    colored: typography::is_colored(s.color.r, s.color.g, s.color.b),
                    colour: typography::colour_key(s.color.r, s.color.g, s.color.b),
                    symbol: typography::is_symbol_font(&s.font_name),
                    left: s.bbox.x - x0.min(x1),
                    right: s.bbox.x - x0.min(x1) + s.bbox.width,
                    top: layout::top_of(s.bbox.y, s.bbox.height, y0.min(y1), height),
                    height: s.bbox.height.max(s.font_size).max(1.0),
                    size: s.font_size,
                    // A line break inside a run would break the Markdown's lines.
                    text: s.text.replace(['\n', '\r', '\t'], " "),
                })
                .collect();
            if layout::same_print(&glyph_runs, &span_runs) {
                glyph_runs
            } else {
                span_runs
            }
        };
        if runs_read.fetch_add(runs.len(), Ordering::Relaxed) + runs.len() > MOST_RUNS {
            return Err(too_many_runs());
        }
        // Thin upright strokes or bars: a change bar beside a new entry;
        // and dots, a list's bullets drawn rather than printed (Chromium
        // draws a disc). A damaged drawing is no reason to lose the text.
        let bars = document
            .extract_paths(index)
            .unwrap_or_default()
            .into_iter()
            .filter(|p| {
                let b = &p.bbox;
                let (w, h) = (b.width.abs(), b.height.abs());
                let bar = w <= layout::BAR_WIDTH
                    && h >= layout::BAR_SHORTEST
                    && h <= height * layout::BAR_LONGEST;
                let dot = (layout::DOT_SMALLEST..layout::BAR_SHORTEST).contains(&h)
                    && (w - h).abs() <= h * 0.25;
                [b.x, b.y, b.width, b.height].iter().all(|v| v.is_finite()) && (bar || dot)
            })
            .map(|p| layout::Bar {
                x: p.bbox.x + p.bbox.width / 2.0 - x0.min(x1),
                top: layout::top_of(p.bbox.y, p.bbox.height, y0.min(y1), height),
                bottom: layout::top_of(p.bbox.y, p.bbox.height, y0.min(y1), height)
                    + p.bbox.height.abs(),
            })
            .collect();
        Ok(Page {
            width: (x1 - x0).abs(),
            height,
            runs,
            bars,
        })
    };
    let workers = workers.min(count.div_ceil(PAGES_PER_THREAD).max(1));
    let mut read: Vec<Option<Result<Page, PdfError>>> = (0..count).map(|_| None).collect();
    std::thread::scope(|scope| -> Result<(), PdfError> {
        let handles = (1..workers)
            .map(|first| {
                let (read_page, open, copy) = (&read_page, &open, &copy);
                std::thread::Builder::new()
                    .name(READER.to_string())
                    .stack_size(READER_STACK)
                    .spawn_scoped(scope, move || {
                        let own = open(copy.clone().unwrap_or_default());
                        (first..count)
                            .step_by(workers)
                            .map(|i| match &own {
                                Ok(own) => (i, read_page(own, i)),
                                Err(e) => (i, Err(e.clone())),
                            })
                            .collect::<Vec<_>>()
                    })
                    .map_err(|e| PdfError::Damaged(format!("could not start the reader: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for i in (0..count).step_by(workers) {
            read[i] = Some(read_page(&document, i));
        }
        for handle in handles {
            // A panic on a worker is the reader's panic: passed on to the
            // guard that turns it into `Damaged`.
            let done = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (i, page) in done {
                read[i] = Some(page);
            }
        }
        Ok(())
    })?;
    let pages = read
        .into_iter()
        .map(|page| page.unwrap_or(Err(PdfError::NoText)))
        .collect::<Result<Vec<Page>, PdfError>>()?;
    if pages.iter().all(|p| p.runs.is_empty()) {
        return Err(PdfError::NoText);
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_outside_strings_comments_and_streams() {
        assert_eq!(nesting(b"<< /A [1 [2] << /B 3 >>] >>"), 3);
        assert_eq!(
            nesting(b"(a [[[ \\( string) <5b5b5b> % [[[[ comment\n[]"),
            1
        );
        let mut data = b"<< /Length 9 >>\nstream\n".to_vec();
        data.extend(vec![b'['; 5000]);
        data.extend(b"\nendstream\n[[]]");
        assert_eq!(nesting(&data), 2);
    }

    #[test]
    fn a_pdf_nested_past_the_bound_is_refused_before_it_is_parsed() {
        for value in [
            [vec![b'['; 100_000], vec![b']'; 100_000]].concat(),
            vec![b'['; 100_000],
            "<< /A ".repeat(100_000).into_bytes(),
        ] {
            let mut pdf = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Extra ".to_vec();
            pdf.extend(value);
            pdf.extend(b" >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
            let started = std::time::Instant::now();
            assert!(matches!(
                to_markdown(&pdf),
                Err(PdfError::Damaged(why)) if why.contains("nested more than")
            ));
            assert!(started.elapsed() < std::time::Duration::from_secs(2));
        }
    }
}
