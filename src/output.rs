//! Writing for people and programs: color set once from `--color`, `NO_COLOR`
//! and whether stdout is a terminal; JSON with every character a terminal
//! or a program could act on escaped (what is escaped is [`crate::safe`]'s
//! rule); a closed pipe (`rulings … | head`) ends quietly.

use std::io::{self, IsTerminal, Write};

use serde_json::ser::Formatter;

use crate::safe::{escaped_in_json, for_terminal};

/// When answers are colored, as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    Always,
    Never,
}

/// The one way JSON is written: serde_json's formatter (pretty or compact)
/// with [`escaped_in_json`] characters escaped inside strings, raw values
/// included. Outside strings JSON has only ASCII, so nothing else changes.
struct SafeFormatter<F>(F);

impl<F: Formatter> SafeFormatter<F> {
    fn escaped<W: ?Sized + Write>(writer: &mut W, text: &str) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if escaped_in_json(c) {
                writer.write_all(&text.as_bytes()[start..i])?;
                write!(writer, "\\u{:04x}", u32::from(c))?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&text.as_bytes()[start..])
    }
}

impl<F: Formatter> Formatter for SafeFormatter<F> {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        Self::escaped(writer, fragment)
    }

    fn write_raw_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // A raw value is JSON already: these characters can only be inside
        // its strings, where an escape means the same.
        Self::escaped(writer, fragment)
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_key(writer)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

/// `value` as JSON, pretty (indented, one field a line) or on one line,
/// with the characters of [`escaped_in_json`] escaped. Private: JSON
/// reaches stdout and stderr only through [`Out::json`] and
/// [`Out::json_line`], so no answer can be written another way.
fn to_json<T: serde::Serialize + ?Sized>(value: &T, pretty: bool) -> serde_json::Result<String> {
    let mut bytes = Vec::new();
    if pretty {
        let formatter = SafeFormatter(serde_json::ser::PrettyFormatter::new());
        value.serialize(&mut serde_json::Serializer::with_formatter(
            &mut bytes, formatter,
        ))?;
    } else {
        let formatter = SafeFormatter(serde_json::ser::CompactFormatter);
        value.serialize(&mut serde_json::Serializer::with_formatter(
            &mut bytes, formatter,
        ))?;
    }
    // The formatter writes whole characters and ASCII escapes only.
    Ok(String::from_utf8(bytes).expect("serde_json writes UTF-8"))
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

    /// Writes `text` and a newline. Whatever the text holds, only the
    /// styling our renderers add reaches the terminal (see
    /// [`for_terminal`]): there is no other way to write text here.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.text(text)?;
        self.inner.write_all(b"\n")
    }

    /// Writes `text` as it is, without a newline, safe as [`Out::line`].
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.inner.write_all(for_terminal(text).as_bytes())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    /// Writes `value` as pretty JSON, safe for a terminal: every `--json`
    /// answer and error object is written here or by [`Out::json_line`].
    pub fn json<T: serde::Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        self.json_as(value, true)
    }

    /// Writes `value` as JSON on one line, safe for a terminal.
    pub fn json_line<T: serde::Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        self.json_as(value, false)
    }

    fn json_as<T: serde::Serialize + ?Sized>(&mut self, value: &T, pretty: bool) -> io::Result<()> {
        // serde_json's error keeps the kind of an I/O error it wraps (a
        // closed pipe stays one).
        let text = to_json(value, pretty)?;
        self.inner.write_all(text.as_bytes())?;
        self.inner.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_keeps_styling_and_drops_every_other_control() {
        let mut out = Out::new(Vec::new());
        out.line("\u{1b}[1mbold\u{1b}[0m \u{1b}[2Jcleared\u{9b}H\u{7}")
            .unwrap();
        out.text("\u{1b}]0;retitled\u{7}end").unwrap();
        assert_eq!(
            String::from_utf8(out.into_inner()).unwrap(),
            "\u{1b}[1mbold\u{1b}[0m cleared\nend"
        );
    }

    #[test]
    fn json_escapes_controls_and_bidi_characters() {
        let text = "a\u{9b}31m\u{7f} \u{202e}desrever\u{202c} \u{2066}x\u{2069}\u{200e}\u{200f}\u{61c}\u{202a}\u{202b}\u{202d}\u{2067}\u{2068}\u{2028}\u{1b} — ◆ 👩\u{200D}🚀";
        for pretty in [true, false] {
            let json =
                to_json(&serde_json::json!({ "text": text, "list": [text] }), pretty).unwrap();
            for c in json.chars() {
                assert!(
                    c == '\n' || !escaped_in_json(c),
                    "{:04x} written raw in {json}",
                    u32::from(c)
                );
            }
            assert!(json.contains("\\u202e"), "{json}");
            assert!(json.contains("\\u009b"), "{json}");
            assert!(json.contains("— ◆ 👩\u{200D}🚀"), "{json}");
            let back: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(back["text"], text);
            assert_eq!(back["list"][0], text);
        }
        let pretty = to_json(&serde_json::json!({ "a": [1, "b"] }), true).unwrap();
        assert_eq!(
            pretty,
            serde_json::to_string_pretty(&serde_json::json!({ "a": [1, "b"] })).unwrap()
        );
    }

    #[test]
    fn raw_json_is_escaped_as_well() {
        let raw = serde_json::value::RawValue::from_string(
            serde_json::to_string(&serde_json::json!({ "t": "x\u{202e}y\u{85}" })).unwrap(),
        )
        .unwrap();
        let json = to_json(&raw, false).unwrap();
        assert_eq!(json, "{\"t\":\"x\\u202ey\\u0085\"}");
    }
}
