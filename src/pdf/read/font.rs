//! A font as far as reading its text needs: how its strings split into
//! codes, each code's text (the ToUnicode CMap first, else the encoding
//! and its `/Differences`), each code's advance, and the name and weight
//! the typography reads.
//!
//! Simple fonts (Type1, TrueType, Type3) take one byte a code; composite
//! (Type0) fonts take two with `Identity-H`/`Identity-V`, else as long as
//! their ToUnicode CMap's codespace says. Vertical writing is read as
//! horizontal (the documents set none).

use lopdf::{Dictionary, Document, Object};

use super::cmap::CMap;
use super::encoding::{self, Table};
use super::objects::{
    as_dict, dict, get, name_at, number, number_at, numbers, resolve, stream_data,
};

/// Most `/W` entries read of a composite font.
const MOST_WIDTHS: usize = 100_000;

#[derive(Debug)]
pub(super) struct Font {
    /// The BaseFont, a subset's tag (`ABCDEF+`) dropped.
    pub name: String,
    /// FontWeight, or 700 when the flags force bold, else 400.
    pub weight: u16,
    composite: bool,
    to_unicode: Option<CMap>,
    /// A simple font's text of each code, from its encoding.
    codes: Vec<Option<String>>,
    /// A simple font's widths from FirstChar, or a composite's ranges.
    first_char: u32,
    widths: Vec<f32>,
    cid_widths: Vec<(u32, u32, f32)>,
    /// The width of a code no width is given for.
    default_width: f32,
    /// Glyph space to text space: 0.001, or a Type3 font's FontMatrix.
    pub scale: f32,
    /// Widths from the standard fonts' metrics (none given).
    standard: bool,
}

/// The name without a subset's tag.
fn base_name(name: &[u8]) -> String {
    let name = String::from_utf8_lossy(name);
    match name.split_once('+') {
        Some((tag, rest)) if tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()) => {
            rest.to_string()
        }
        _ => name.into_owned(),
    }
}

impl Font {
    /// A font that says nothing: Helvetica's metrics, Latin-1 text.
    pub(super) fn fallback() -> Font {
        Font {
            name: String::new(),
            weight: 400,
            composite: false,
            to_unicode: None,
            codes: encoding::STANDARD
                .iter()
                .map(|c| c.map(String::from))
                .collect(),
            first_char: 0,
            widths: Vec::new(),
            cid_widths: Vec::new(),
            default_width: 500.0,
            scale: 0.001,
            standard: true,
        }
    }

    pub(super) fn load(document: &Document, font: &Dictionary) -> Font {
        let subtype = name_at(document, font, b"Subtype").unwrap_or_default();
        let composite = subtype == b"Type0";
        let descendant = composite
            .then(|| match get(document, font, b"DescendantFonts") {
                Some(Object::Array(kids)) => kids
                    .first()
                    .and_then(|k| resolve(document, k))
                    .and_then(as_dict),
                _ => None,
            })
            .flatten();
        let name = name_at(document, font, b"BaseFont")
            .or_else(|| descendant.and_then(|d| name_at(document, d, b"BaseFont")))
            .map(base_name)
            .unwrap_or_default();
        let descriptor = dict(document, descendant.unwrap_or(font), b"FontDescriptor")
            .or_else(|| dict(document, font, b"FontDescriptor"));
        let flags = descriptor
            .and_then(|d| number_at(document, d, b"Flags"))
            .map_or(0, |f| f as i64);
        let weight = descriptor
            .and_then(|d| number_at(document, d, b"FontWeight"))
            .map(|w| w.clamp(0.0, 1000.0) as u16)
            .unwrap_or(if flags & 0x40000 != 0 { 700 } else { 400 });
        let to_unicode = get(document, font, b"ToUnicode")
            .and_then(stream_data)
            .map(|data| CMap::parse(&data));
        let missing = descriptor
            .and_then(|d| number_at(document, d, b"MissingWidth"))
            .unwrap_or(0.0);
        let mut out = Font {
            name,
            weight,
            composite,
            to_unicode,
            codes: Vec::new(),
            first_char: 0,
            widths: Vec::new(),
            cid_widths: Vec::new(),
            default_width: missing,
            scale: 0.001,
            standard: false,
        };
        if let Some(cid) = descendant {
            out.default_width = number_at(document, cid, b"DW").unwrap_or(1000.0);
            out.cid_widths = cid_widths(document, cid);
            return out;
        }
        if subtype == b"Type3" {
            out.scale = font
                .get(b"FontMatrix")
                .ok()
                .and_then(|m| numbers(document, m))
                .and_then(|m| m.first().copied())
                .filter(|a| a.is_finite() && *a != 0.0)
                .unwrap_or(0.001);
        }
        out.first_char = number_at(document, font, b"FirstChar").map_or(0, |f| f.max(0.0) as u32);
        match font.get(b"Widths").ok().and_then(|w| numbers(document, w)) {
            Some(widths) => out.widths = widths,
            None => out.standard = subtype != b"Type3",
        }
        out.codes = simple_codes(document, font, &out.name, flags);
        out
    }

    /// The codes a string holds, each with its length in bytes.
    pub(super) fn codes(&self, bytes: &[u8]) -> Vec<(u32, usize)> {
        let mut out = Vec::with_capacity(bytes.len());
        let mut at = 0;
        while at < bytes.len() {
            let n = if !self.composite {
                1
            } else {
                match &self.to_unicode {
                    Some(cmap) if cmap.has_codespace() => cmap.code_length(&bytes[at..]),
                    _ => 2,
                }
            };
            let n = n.min(bytes.len() - at).max(1);
            let code = bytes[at..at + n]
                .iter()
                .fold(0u32, |c, &b| c << 8 | u32::from(b));
            out.push((code, n));
            at += n;
        }
        out
    }

    /// A code's text: the ToUnicode CMap's, else the encoding's, else the
    /// code read as a character (none for a control character).
    pub(super) fn text(&self, code: u32) -> Option<String> {
        if let Some(text) = self.to_unicode.as_ref().and_then(|c| c.get(code)) {
            return Some(text);
        }
        if let Some(Some(text)) = self.codes.get(code as usize) {
            return Some(text.clone());
        }
        char::from_u32(code)
            .filter(|c| !c.is_control())
            .map(String::from)
    }

    /// A code's advance in glyph space (thousandths of an em for all but
    /// Type3 fonts).
    pub(super) fn width(&self, code: u32) -> f32 {
        if self.composite {
            return self
                .cid_widths
                .iter()
                .find(|(lo, hi, _)| (*lo..=*hi).contains(&code))
                .map_or(self.default_width, |w| w.2);
        }
        if self.standard {
            let c = self
                .codes
                .get(code as usize)
                .and_then(|t| t.as_ref()?.chars().next());
            return encoding::standard_width(&self.name, c);
        }
        code.checked_sub(self.first_char)
            .and_then(|i| self.widths.get(i as usize))
            .copied()
            .unwrap_or(self.default_width)
    }
}

/// A composite font's `/W`: `c [w1 w2 …]` and `c_first c_last w`.
fn cid_widths(document: &Document, cid: &Dictionary) -> Vec<(u32, u32, f32)> {
    let mut out = Vec::new();
    let Some(Object::Array(items)) = get(document, cid, b"W") else {
        return out;
    };
    let value = |o: &Object| resolve(document, o).and_then(number);
    let mut i = 0;
    while i + 1 < items.len() && out.len() < MOST_WIDTHS {
        let Some(first) = value(&items[i]).map(|f| f.max(0.0) as u32) else {
            i += 1;
            continue;
        };
        match resolve(document, &items[i + 1]) {
            Some(Object::Array(widths)) => {
                for (k, w) in widths.iter().enumerate().take(MOST_WIDTHS) {
                    let code = first.saturating_add(k as u32);
                    out.push((code, code, value(w).unwrap_or(0.0)));
                }
                i += 2;
            }
            Some(last) => {
                let last = number(last).map_or(first, |l| l.max(0.0) as u32);
                let w = items.get(i + 2).and_then(value).unwrap_or(0.0);
                out.push((first, last, w));
                i += 3;
            }
            None => i += 2,
        }
    }
    out
}

/// A simple font's text of each one-byte code: the base encoding (the
/// font's `/Encoding` name or dictionary's BaseEncoding, else Standard for
/// a text font, the codes as Latin-1 for a symbolic one), with its
/// `/Differences` applied.
fn simple_codes(
    document: &Document,
    font: &Dictionary,
    name: &str,
    flags: i64,
) -> Vec<Option<String>> {
    let symbolic = flags & 4 != 0 && flags & 32 == 0;
    let encoding = get(document, font, b"Encoding");
    let base_name = match encoding {
        Some(Object::Name(n)) => Some(n.as_slice()),
        Some(Object::Dictionary(d)) => name_at(document, d, b"BaseEncoding"),
        _ => None,
    };
    let lowered = name.to_ascii_lowercase();
    let table: Option<&Table> = base_name.and_then(encoding::named).or_else(|| {
        let symbol = symbolic || lowered.contains("symbol") || lowered.contains("dingbat");
        (!symbol).then_some(&*encoding::STANDARD)
    });
    let mut codes: Vec<Option<String>> = match table {
        Some(table) => table.iter().map(|c| c.map(String::from)).collect(),
        // A symbolic font's codes as themselves.
        None => (0..256u32)
            .map(|c| {
                char::from_u32(c)
                    .filter(|c| !c.is_control())
                    .map(String::from)
            })
            .collect(),
    };
    if let Some(Object::Dictionary(d)) = encoding {
        if let Some(Object::Array(differences)) = get(document, d, b"Differences") {
            let mut code = 0usize;
            for item in differences {
                match resolve(document, item) {
                    Some(Object::Integer(c)) => code = (*c).clamp(0, 256) as usize,
                    Some(Object::Name(glyph)) => {
                        if let Some(slot) = codes.get_mut(code) {
                            *slot = encoding::glyph_text(glyph);
                        }
                        code += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_tag_is_no_part_of_the_name() {
        assert_eq!(base_name(b"ABCDEF+Times-Bold"), "Times-Bold");
        assert_eq!(base_name(b"Arial,Bold"), "Arial,Bold");
    }
}
