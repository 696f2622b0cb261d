//! Writing for people and programs: color set once from `--color`, `NO_COLOR`
//! and whether stdout is a terminal; text from documents stripped of control
//! characters so that no document can move the cursor, clear the screen or
//! retitle the terminal; a closed pipe (`rulings … | head`) ends quietly.

use std::io::{self, IsTerminal, Write};

use crate::cli::ColorChoice;
use crate::render::Style;

/// The style of everything written to stdout, decided once.
pub fn style(choice: ColorChoice) -> Style {
    let color = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal()
        }
    };
    Style {
        color,
        width: width(),
    }
}

/// Document text made safe for a terminal: every control character but
/// newline and tab is dropped, and so are escape sequences they began.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' | '\t' => out.push(c),
            '\u{9b}' => {
                // The one-character CSI: its parameters run to a final byte.
                for n in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&n) {
                        break;
                    }
                }
            }
            '\u{1b}' => {
                // ESC [ … final byte, ESC ] … BEL/ST, or a two-character escape.
                match chars.peek() {
                    Some('[') => {
                        chars.next();
                        for n in chars.by_ref() {
                            if ('\u{40}'..='\u{7e}').contains(&n) {
                                break;
                            }
                        }
                    }
                    Some(']') | Some('P') | Some('_') | Some('^') => {
                        chars.next();
                        while let Some(n) = chars.next() {
                            if n == '\u{7}' || n == '\u{9c}' {
                                break;
                            }
                            if n == '\u{1b}' && chars.peek() == Some(&'\\') {
                                chars.next();
                                break;
                            }
                        }
                    }
                    Some(_) => {
                        chars.next();
                    }
                    None => {}
                }
            }
            c if c.is_control() || is_invisible_format(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// A file name or path made safe for a terminal: where
/// [`sanitize`] drops what a document's text should not show, a name keeps
/// every character, shown: newline, carriage return and tab as `\n`, `\r`,
/// `\t`, every other control character and every invisible format
/// character (bidirectional controls, marks, …) as `\u{202e}`. A name can
/// then neither start a line of its own nor reorder what follows it.
pub fn escape_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || is_invisible_format(c) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// Characters that change how the text around them is shown without being
/// seen: bidirectional embeddings, overrides and isolates (a ruling could
/// display reversed or hidden text), marks, invisible separators and
/// operators, the byte-order mark and interlinear annotation. Zero-width
/// joiners stay: scripts and emoji need them.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}' | '\u{200E}' | '\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
}

/// JSON with every control character escaped: serde_json escapes C0 but
/// writes C1 controls (U+0080–U+009F) and DEL as they are, and a terminal
/// may act on them. Outside strings, pretty JSON has only newlines.
pub fn escape_controls(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c.is_control() && c != '\n' {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// The terminal's width for wrapping, or 100 when not a terminal.
pub fn width() -> usize {
    if io::stdout().is_terminal() {
        terminal_size::terminal_size()
            .map(|(w, _)| w.0 as usize)
            .unwrap_or(100)
            .clamp(40, 120)
    } else {
        100
    }
}

/// Stdout for answers, where a write to a stdout that was closed when the
/// program started fails (exit 2) instead of vanishing: the Rust runtime
/// puts `/dev/null` in place of a closed standard stream, where every
/// write succeeds.
pub enum Stdout {
    Open(io::StdoutLock<'static>),
    Closed,
}

impl Stdout {
    pub fn lock() -> Stdout {
        if stdout_was_closed() {
            Stdout::Closed
        } else {
            Stdout::Open(io::stdout().lock())
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stdout::Open(out) => out.write(buf),
            Stdout::Closed => Err(closed()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stdout::Open(out) => out.flush(),
            Stdout::Closed => Ok(()),
        }
    }
}

fn closed() -> io::Error {
    io::Error::other("cannot write to stdout: it is closed")
}

/// Whether stdout was closed when the program started: it is then the
/// runtime's `/dev/null`, opened for reading and writing, where a shell's
/// `>/dev/null` opens it for writing only.
#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    use rustix::fs::{fcntl_getfl, fstat, major, minor, FileType, OFlags};
    let out = io::stdout();
    let (Ok(flags), Ok(stat)) = (fcntl_getfl(&out), fstat(&out)) else {
        return true;
    };
    let null = FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
        && (major(stat.st_rdev), minor(stat.st_rdev)) == (1, 3);
    null && flags & OFlags::ACCMODE == OFlags::RDWR
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

/// A writer for answers: lines and JSON, safe for a terminal.
pub struct Out<W: Write> {
    inner: W,
}

impl Out<io::BufWriter<Stdout>> {
    /// Stdout, buffered and locked.
    pub fn stdout() -> Self {
        Out::new(io::BufWriter::new(Stdout::lock()))
    }
}

impl<W: Write> Out<W> {
    pub fn new(inner: W) -> Out<W> {
        Out { inner }
    }

    pub fn into_inner(self) -> W {
        self.inner
    }

    /// The writer underneath, for a renderer that writes by itself.
    pub fn writer(&mut self) -> &mut W {
        &mut self.inner
    }

    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.inner.write_all(text.as_bytes())?;
        self.inner.write_all(b"\n")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    /// Writes `value` as pretty JSON, safe for a terminal.
    pub fn json<T: serde::Serialize + ?Sized>(&mut self, value: &T) -> anyhow::Result<()> {
        self.line(&escape_controls(&serde_json::to_string_pretty(value)?))?;
        Ok(())
    }

    /// Writes one answer as an object, several as an array of them.
    pub fn json_one_or_many<T: serde::Serialize>(&mut self, values: &[T]) -> anyhow::Result<()> {
        match values {
            [one] => self.json(one),
            many => self.json(many),
        }
    }

    /// Writes `value` as JSON on one line, safe for a terminal.
    pub fn json_line<T: serde::Serialize + ?Sized>(&mut self, value: &T) -> anyhow::Result<()> {
        self.line(&escape_controls(&serde_json::to_string(value)?))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_sequences_are_removed() {
        assert_eq!(sanitize("a\u{1b}[2Jb"), "ab");
        assert_eq!(sanitize("a\u{1b}]0;evil title\u{7}b"), "ab");
        assert_eq!(sanitize("a\u{1b}]0;evil\u{1b}\\b"), "ab");
        assert_eq!(sanitize("a\rb\u{8}c\u{7}"), "abc");
        assert_eq!(sanitize("a\u{9b}31mb"), "ab");
        assert_eq!(
            escape_controls("\"a\u{9b}b\u{7f}\""),
            "\"a\\u009bb\\u007f\""
        );
        assert_eq!(
            sanitize("a\u{202E}desrever\u{202C} b\u{2066}x\u{2069}\u{200F}\u{FEFF}"),
            "adesrever bx"
        );
        assert_eq!(sanitize("👩\u{200D}🚀"), "👩\u{200D}🚀");
        assert_eq!(
            escape_name("a\nb\t\u{202E}c\u{1b}[2J.md"),
            "a\\nb\\t\\u{202e}c\\u{1b}[2J.md"
        );
        assert_eq!(escape_name("1e-2014 – crd.md"), "1e-2014 – crd.md");
        assert_eq!(
            sanitize("keep\ttabs\nand lines — and ◆ icons"),
            "keep\ttabs\nand lines — and ◆ icons"
        );
    }
}
