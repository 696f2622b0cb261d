//! What a simple font's one-byte codes stand for: the base encodings
//! (WinAnsi, MacRoman, Standard), glyph names read as Unicode (the Adobe
//! Glyph List's names, `uniXXXX`, `uXXXX[XX]`), and the widths of the
//! standard fonts a file may name without giving widths.

use std::collections::HashMap;
use std::sync::LazyLock;

/// A base encoding: the character of each code (none where undefined).
pub(super) type Table = [Option<char>; 256];

/// WinAnsiEncoding's codes 0x80–0x9F (the rest are Latin-1's).
const WIN_ANSI_HIGH: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// MacRomanEncoding's codes 0x80–0xFF.
const MAC_ROMAN_HIGH: &str = "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ";

/// StandardEncoding's codes 0xA1–0xFF (`\0`: undefined).
const STANDARD_HIGH: &str = "¡¢£⁄¥ƒ§¤'“«‹›ﬁﬂ\0–†‡·\0¶•‚„”»…‰\0¿\0`´ˆ˜¯˘˙¨\0˚¸\0˝˛ˇ—\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0Æ\0ª\0\0\0\0ŁØŒº\0\0\0\0\0æ\0\0\0ı\0\0łøœß\0\0\0\0";

pub(super) static WIN_ANSI: LazyLock<Table> = LazyLock::new(|| {
    let mut table = latin1();
    for (i, &c) in WIN_ANSI_HIGH.iter().enumerate() {
        table[0x80 + i] = char::from_u32(c).filter(|_| c != 0);
    }
    table
});

pub(super) static MAC_ROMAN: LazyLock<Table> = LazyLock::new(|| {
    let mut table = latin1();
    for (i, c) in MAC_ROMAN_HIGH.chars().enumerate() {
        table[0x80 + i] = Some(c);
    }
    table
});

pub(super) static STANDARD: LazyLock<Table> = LazyLock::new(|| {
    let mut table = latin1();
    table[0x27] = Some('’');
    table[0x60] = Some('‘');
    for slot in &mut table[0x80..] {
        *slot = None;
    }
    for (i, c) in STANDARD_HIGH.chars().enumerate() {
        table[0xA1 + i] = (c != '\0').then_some(c);
    }
    table
});

/// Codes as Latin-1: the printable ASCII and the upper half.
fn latin1() -> Table {
    let mut table = [None; 256];
    for (code, slot) in table.iter_mut().enumerate() {
        if (0x20..0x7F).contains(&code) || code >= 0xA0 {
            *slot = char::from_u32(code as u32);
        }
    }
    table
}

/// A base encoding by its name.
pub(super) fn named(name: &[u8]) -> Option<&'static Table> {
    match name {
        b"WinAnsiEncoding" => Some(&WIN_ANSI),
        b"MacRomanEncoding" => Some(&MAC_ROMAN),
        b"StandardEncoding" => Some(&STANDARD),
        _ => None,
    }
}

static GLYPH_NAMES: LazyLock<HashMap<&'static str, char>> = LazyLock::new(|| {
    include_str!("glyphlist.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (name, code) = l.split_once(' ')?;
            Some((name, char::from_u32(u32::from_str_radix(code, 16).ok()?)?))
        })
        .collect()
});

/// The text a glyph name stands for: a known name, `uniXXXX` (one or more
/// code units), `uXXXX` to `uXXXXXX`, a ligature's parts joined by `_`, or
/// a name with a suffix (`a.sc`, `one.oldstyle`) read as its base.
pub(super) fn glyph_text(name: &[u8]) -> Option<String> {
    let name = std::str::from_utf8(name).ok()?;
    let base = name.split('.').next().unwrap_or(name);
    if base.is_empty() {
        return None;
    }
    if base.contains('_') {
        let parts: Option<String> = base.split('_').map(|p| glyph_text(p.as_bytes())).collect();
        return parts;
    }
    if let Some(&c) = GLYPH_NAMES.get(base) {
        return Some(c.to_string());
    }
    let hex = |h: &str| u32::from_str_radix(h, 16).ok();
    if let Some(units) = base.strip_prefix("uni") {
        if units.len() >= 4 && units.len() % 4 == 0 && units.is_ascii() {
            let units: Option<Vec<u16>> = (0..units.len())
                .step_by(4)
                .map(|i| hex(&units[i..i + 4]).map(|u| u as u16))
                .collect();
            return char::decode_utf16(units?)
                .collect::<Result<String, _>>()
                .ok();
        }
    }
    if let Some(code) = base.strip_prefix('u') {
        if (4..=6).contains(&code.len()) {
            return char::from_u32(hex(code)?).map(String::from);
        }
    }
    None
}

/// Printable ASCII's widths (codes 32–126, in thousandths of an em) in
/// the standard fonts whose widths a file may leave out.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 278, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 278, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const TIMES: [u16; 95] = [
    250, 333, 408, 500, 500, 833, 778, 333, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500,
    500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611,
    556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722,
    722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500,
    278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
];
const TIMES_BOLD: [u16; 95] = [
    250, 333, 555, 500, 500, 1000, 833, 333, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500,
    500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667,
    611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722,
    722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556,
    278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
];

/// A standard font's width of a character, in thousandths of an em: its
/// own for printable ASCII in the Helvetica, Times and Courier families
/// (Arial and Times New Roman are metric twins), else the family's
/// average.
pub(super) fn standard_width(font: &str, c: Option<char>) -> f32 {
    let name = font.to_ascii_lowercase();
    if name.contains("courier") {
        return 600.0;
    }
    let bold = name.contains("bold") || name.contains("black");
    let times = name.contains("times");
    let table = match (times, bold) {
        (true, true) => &TIMES_BOLD,
        (true, false) => &TIMES,
        (false, true) => &HELVETICA_BOLD,
        (false, false) => &HELVETICA,
    };
    match c.map(|c| c as usize) {
        Some(code @ 32..=126) => f32::from(table[code - 32]),
        _ if times => 500.0,
        _ => 556.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_and_glyph_names_read_as_unicode() {
        assert_eq!(WIN_ANSI[0x93], Some('“'));
        assert_eq!(WIN_ANSI[0xE9], Some('é'));
        assert_eq!(MAC_ROMAN[0xD0], Some('–'));
        assert_eq!(STANDARD[0x27], Some('’'));
        assert_eq!(STANDARD[0xAE], Some('ﬁ'));
        assert_eq!(STANDARD[0xE1], Some('Æ'));
        assert_eq!(STANDARD[0xFB], Some('ß'));
        assert_eq!(glyph_text(b"quotedblleft").as_deref(), Some("“"));
        assert_eq!(glyph_text(b"fi").as_deref(), Some("ﬁ"));
        assert_eq!(glyph_text(b"uni00410042").as_deref(), Some("AB"));
        assert_eq!(glyph_text(b"u1F600").as_deref(), Some("😀"));
        assert_eq!(glyph_text(b"f_f_i").as_deref(), Some("ffi"));
        assert_eq!(glyph_text(b"a.sc").as_deref(), Some("a"));
        assert_eq!(glyph_text(b"g123"), None);
        assert_eq!(standard_width("Helvetica", Some('A')), 667.0);
    }
}
