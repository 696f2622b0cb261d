//! A document's bytes as text: UTF-8 (a few bad bytes replaced, with a
//! warning naming their lines), or else Windows-1252 with a warning that
//! says so; a NUL byte is binary, not a document. Texts and saved web
//! pages are read through here; a PDF has its own encodings.

use crate::error::DocumentError;
use crate::safe::escape_name;

/// Windows-1252's characters for bytes 0x80–0x9F (where Latin-1 has control
/// characters); PDF and word-processor exports of these documents use it
/// for dashes and curly quotes. Unassigned bytes keep their Latin-1 meaning.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// Bytes read as Windows-1252 (every byte is a character).
pub fn cp1252_text(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| cp1252(b)).collect()
}

fn cp1252(byte: u8) -> char {
    match byte {
        0x80..=0x9f => CP1252_HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// Decodes a document, with a warning when it was not clean UTF-8:
///
/// - UTF-8 as it is;
/// - UTF-8 with a few bad bytes (its non-ASCII bytes are mostly valid
///   UTF-8 sequences: a stray byte from a copy and paste or a broken save)
///   is read as UTF-8, each bad byte shown as U+FFFD, and the warning names
///   the lines that hold them;
/// - anything else with bytes above 0x7F (no valid multi-byte sequence at
///   all, or more bad bytes than good sequences) was written in a legacy
///   single-byte encoding, and is read as Windows-1252.
///
/// One stray byte thus never turns every dash of a UTF-8 document into
/// `â€“`, and a true Latin-1 file still reads as Latin-1.
pub fn decode(name: &str, bytes: Vec<u8>) -> Result<(String, Option<String>), DocumentError> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(DocumentError::Binary {
            file: name.to_string(),
            line,
        });
    }
    let (text, note) = decoded(name, bytes)?;
    // Lines that end in a carriage return alone (old Mac exports) are
    // lines: every reader after this one splits at line feeds.
    let unified = match crate::input::unify_line_ends(&text) {
        std::borrow::Cow::Borrowed(_) => None,
        std::borrow::Cow::Owned(unified) => Some(unified),
    };
    let text = unified.unwrap_or(text);
    Ok((text, note))
}

fn decoded(name: &str, bytes: Vec<u8>) -> Result<(String, Option<String>), DocumentError> {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return Ok((text, None)),
        Err(e) => e.into_bytes(),
    };
    let reading = read_utf8(&bytes);
    let name = escape_name(name);
    if reading.sequences > reading.bad_bytes {
        let lines = reading
            .bad_lines
            .iter()
            .take(5)
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let more = if reading.bad_lines.len() > 5 {
            ", …"
        } else {
            ""
        };
        let first = reading.bad_lines[0];
        return Ok((
            reading.text,
            Some(format!(
                "{name}:{first}: {} byte(s) that are not UTF-8 (line {lines}{more}), shown as \u{fffd}; the rest read as UTF-8 — fix or save it as UTF-8 to silence this",
                reading.bad_bytes
            )),
        ));
    }
    let first = reading.bad_lines[0];
    Ok((
        cp1252_text(&bytes),
        Some(format!(
            "{name}:{first}: not UTF-8; read as Latin-1 (Windows-1252) — save it as UTF-8 to silence this"
        )),
    ))
}

/// Bytes read as UTF-8 with bad bytes replaced, and what was found.
struct Utf8Reading {
    text: String,
    /// Valid sequences of more than one byte (characters beyond ASCII).
    sequences: usize,
    bad_bytes: usize,
    /// The lines (from 1) that hold a bad byte, each once, in order.
    bad_lines: Vec<usize>,
}

fn read_utf8(bytes: &[u8]) -> Utf8Reading {
    let mut reading = Utf8Reading {
        text: String::with_capacity(bytes.len()),
        sequences: 0,
        bad_bytes: 0,
        bad_lines: Vec::new(),
    };
    let mut line = 1;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        reading.text.push_str(valid);
        reading.sequences += valid.chars().filter(|c| c.len_utf8() > 1).count();
        line += valid.bytes().filter(|&b| b == b'\n').count();
        let bad = chunk.invalid();
        if !bad.is_empty() {
            reading.text.push('\u{fffd}');
            reading.bad_bytes += bad.len();
            if reading.bad_lines.last() != Some(&line) {
                reading.bad_lines.push(line);
            }
        }
    }
    reading
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_read_with_a_warning() {
        let (text, warning) = decode("x.txt", b"caf\xe9 \x96 \x93quoted\x94\n".to_vec()).unwrap();
        assert_eq!(text, "café – “quoted”\n");
        assert!(warning.unwrap().starts_with("x.txt:1: not UTF-8"));
    }

    #[test]
    fn nul_bytes_are_binary() {
        let err = decode("x.txt", b"a\nb\0".to_vec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.txt:2: binary content (a NUL byte), not a rulings document"
        );
    }
    #[test]
    fn a_stray_byte_in_utf8_keeps_every_dash_and_is_named_by_line() {
        let mut bytes =
            "points – Points are scored.\n\nstop – A stopped card — “stopped”.\nA stray "
                .as_bytes()
                .to_vec();
        bytes.push(0xff);
        bytes.extend_from_slice(" byte – said.".as_bytes());
        let (text, warning) = decode("rulings.md", bytes).unwrap();
        assert!(text.starts_with("points – Points"), "{text}");
        assert!(text.contains("— “stopped”."), "{text}");
        assert!(text.contains("A stray \u{fffd} byte – said."), "{text}");
        let warning = warning.unwrap();
        assert!(
            warning.starts_with("rulings.md:4: 1 byte(s) that are not UTF-8 (line 4)"),
            "{warning}"
        );
    }

    #[test]
    fn bad_bytes_on_several_lines_are_each_named() {
        let mut bytes = "a – b – c\nc – d – e\n".as_bytes().to_vec();
        bytes.extend_from_slice(b"e \xc3 f\ng \xfe\xfe h\n");
        let (text, warning) = decode("x.md", bytes).unwrap();
        assert!(
            text.starts_with("a – b – c\nc – d – e\ne \u{fffd} f\n"),
            "{text}"
        );
        assert!(warning
            .unwrap()
            .starts_with("x.md:3: 3 byte(s) that are not UTF-8 (line 3, 4)"));
    }

    #[test]
    fn a_windows_1252_file_still_reads_as_such() {
        let (text, warning) = decode(
            "x.txt",
            b"points \x96 Points \x93score\x94 caf\xe9.\nstop \x96 \xff.\n".to_vec(),
        )
        .unwrap();
        assert_eq!(text, "points – Points “score” café.\nstop – ÿ.\n");
        assert!(warning
            .unwrap()
            .starts_with("x.txt:1: not UTF-8; read as Latin-1"));
    }
}
