//! A document's bytes as text: UTF-8, or else Windows-1252 with a warning
//! that says so; a NUL byte is binary, not a document. Texts and saved web
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

/// Decodes a document: UTF-8, or else Windows-1252 (Latin-1 with dashes and
/// quotes; every byte is a character), in which case the returned warning
/// says so.
pub fn decode(name: &str, bytes: Vec<u8>) -> Result<(String, Option<String>), DocumentError> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(DocumentError::Binary {
            file: name.to_string(),
            line,
        });
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, None)),
        Err(e) => {
            let bytes = e.into_bytes();
            let valid_up_to = std::str::from_utf8(&bytes)
                .err()
                .map(|err| err.valid_up_to())
                .unwrap_or(0);
            let line = bytes[..valid_up_to].iter().filter(|&&b| b == b'\n').count() + 1;
            let text = cp1252_text(&bytes);
            Ok((
                text,
                Some(format!(
                    "{}:{line}: not UTF-8; read as Latin-1 (Windows-1252) — save it as UTF-8 to silence this",
                    escape_name(name)
                )),
            ))
        }
    }
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
}
