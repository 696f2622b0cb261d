//! Reading a published PDF: its bytes in, the Markdown the parser already
//! reads out ([`to_markdown`]), so there is one parser. This module owns only
//! layout (reading order over columns, running headers and footers, page
//! numbers, hyphenation at line ends) and typography (bold heads, coloured
//! new entries, icon glyphs); what the text means is the parser's.
//!
//! The PDF is read by `read`: `lopdf` (default features off) parses the
//! file's objects and decrypts a file the empty password opens; the page
//! tree, the content streams (the graphics state, text, paths, Form
//! XObjects), the fonts (encodings and `/Differences`, ToUnicode maps,
//! widths, the standard fonts' metrics) and each glyph's place, font name,
//! weight and fill colour are read there. Runs are made from the glyphs
//! (`layout::runs_of`).
//!
//! A damaged file is an error, never a panic or a hang: the input is
//! bounded before it is opened ([`MOST_BYTES`], [`MOST_PAGES`],
//! [`MOST_RUNS`]), its text as it is read (`input::MAX_TEXT_BYTES`: a
//! small file can draw far more text than it holds), and the reader runs
//! on a thread of its own, its panics caught and its time bounded
//! ([`MOST_SECONDS`]); its content-stream
//! interpreter bounds its own work (operators, glyphs, nested forms). A
//! file nested past [`MOST_NESTING`] is refused before it is parsed (the
//! object parser recurses); what this cannot see is the reading child's to
//! survive (`convert::isolated`).

mod layout;
mod read;
pub(crate) mod typography;

use std::sync::mpsc;

use thiserror::Error;

use layout::Page;

/// Most bytes of a PDF accepted: the official documents are well under a
/// megabyte; anything this large is not a rulings document.
pub const MOST_BYTES: usize = 32 * 1024 * 1024;
/// Most pages read.
pub const MOST_PAGES: usize = 500;
/// Most text runs read over the whole document.
pub const MOST_RUNS: usize = 500_000;
/// Most seconds the reader may take over one document.
pub const MOST_SECONDS: u64 = 20;

/// The stack of the thread that reads a PDF: the object parser recurses.
const READER_STACK: usize = 64 * 1024 * 1024;

/// Most arrays and dictionaries nested in one another: the object parser
/// reads them recursively, so a file nested 100,000 deep overflows any
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
    /// What could not be read, by page (text drawn at an angle), in
    /// English.
    pub notes: Vec<String>,
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
    #[error("the PDF's text passes the {} MB a document may become", crate::input::MAX_TEXT_BYTES / (1024 * 1024))]
    TooMuchText,
}

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
    let (pages, notes) = read_guarded(bytes.to_vec())?;
    let mut read = layout::compose(&pages);
    read.notes = notes;
    // The glyphs were counted as they were read; the Markdown adds a
    // little (marks of bold and new entries, blank lines).
    if read.markdown.len() > crate::input::MAX_TEXT_BYTES {
        return Err(PdfError::TooMuchText);
    }
    Ok(read)
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

/// The name of the thread the reader runs on.
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

/// Runs the reader on its own thread: a panic there becomes `Damaged`,
/// and so does a document it is still reading after [`MOST_SECONDS`] (the
/// thread is then left to finish on its own; nothing waits for it).
fn read_guarded(bytes: Vec<u8>) -> Result<(Vec<Page>, Vec<String>), PdfError> {
    quiet_reader_panics();
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name(READER.to_string())
        .stack_size(READER_STACK)
        .spawn(move || {
            let result = std::panic::catch_unwind(move || read::read_pages(&bytes));
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
