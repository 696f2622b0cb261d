//! A ToUnicode CMap: the codespace (codes of one to four bytes) and what
//! each code's text is (`bfchar`, and `bfrange` with a first value or an
//! array), the text written as UTF-16BE (surrogate pairs included).

use std::collections::HashMap;

use super::lexer::{Lexer, Operand, Token};

/// Most mappings read from one CMap; ranges count once each.
const MOST_ENTRIES: usize = 200_000;

#[derive(Debug, Default)]
pub(super) struct CMap {
    /// Code ranges: first, last, length in bytes.
    codespace: Vec<(u32, u32, usize)>,
    single: HashMap<u32, String>,
    /// First code, last code, the first code's UTF-16 units (raised by the
    /// offset in the last unit).
    ranges: Vec<(u32, u32, Vec<u16>)>,
}

fn code_of(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .take(4)
        .fold(0u32, |c, &b| c << 8 | u32::from(b))
}

fn utf16(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks(2)
        .map(|p| u16::from_be_bytes([p[0], p.get(1).copied().unwrap_or(0)]))
        .collect()
}

fn text_of(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied())
        .map(|c| c.unwrap_or('\u{FFFD}'))
        .collect()
}

impl CMap {
    /// Reads a CMap's program; what cannot be read is left out.
    pub(super) fn parse(data: &[u8]) -> CMap {
        let mut cmap = CMap::default();
        let mut lexer = Lexer::new(data);
        let mut operands: Vec<Operand> = Vec::new();
        let mut entries = 0usize;
        while let Some(token) = lexer.next_token() {
            let operator = match token {
                Token::Operand(o) => {
                    operands.push(o);
                    continue;
                }
                Token::Operator(op) => op,
            };
            match operator {
                b"endcodespacerange" => {
                    for pair in operands.chunks_exact(2) {
                        if let [Operand::Str(lo), Operand::Str(hi)] = pair {
                            let n = lo.len().clamp(1, 4);
                            cmap.codespace.push((code_of(lo), code_of(hi), n));
                        }
                    }
                }
                b"endbfchar" => {
                    for pair in operands.chunks_exact(2) {
                        if let [Operand::Str(code), Operand::Str(dst)] = pair {
                            cmap.single.insert(code_of(code), text_of(&utf16(dst)));
                        }
                    }
                    entries += operands.len() / 2;
                }
                b"endbfrange" => {
                    for triple in operands.chunks_exact(3) {
                        let (lo, hi) = match (&triple[0], &triple[1]) {
                            (Operand::Str(lo), Operand::Str(hi)) => (code_of(lo), code_of(hi)),
                            _ => continue,
                        };
                        if hi < lo {
                            continue;
                        }
                        match &triple[2] {
                            Operand::Str(dst) => cmap.ranges.push((lo, hi, utf16(dst))),
                            Operand::Array(items) => {
                                for (i, item) in items.iter().enumerate().take(65_536) {
                                    let code = lo.saturating_add(i as u32);
                                    if let (Operand::Str(dst), true) = (item, code <= hi) {
                                        cmap.single.insert(code, text_of(&utf16(dst)));
                                        entries += 1;
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    entries += operands.len() / 3;
                }
                _ => {}
            }
            operands.clear();
            if entries > MOST_ENTRIES {
                break;
            }
        }
        cmap
    }

    /// The text a code stands for, if the CMap says.
    pub(super) fn get(&self, code: u32) -> Option<String> {
        if let Some(text) = self.single.get(&code) {
            return Some(text.clone());
        }
        let (lo, _, first) = self
            .ranges
            .iter()
            .rev()
            .find(|(lo, hi, _)| (*lo..=*hi).contains(&code))?;
        let mut units = first.clone();
        let last = units.last_mut()?;
        *last = last.wrapping_add((code - lo) as u16);
        Some(text_of(&units))
    }

    /// Whether the CMap says how long codes are.
    pub(super) fn has_codespace(&self) -> bool {
        !self.codespace.is_empty()
    }

    /// The length of the code the bytes start with, by the codespace: the
    /// shortest range the bytes fall in, else the shortest length there is.
    pub(super) fn code_length(&self, bytes: &[u8]) -> usize {
        for n in 1..=4.min(bytes.len()) {
            let code = code_of(&bytes[..n]);
            if self
                .codespace
                .iter()
                .any(|&(lo, hi, len)| len == n && (lo..=hi).contains(&code))
            {
                return n;
            }
        }
        self.codespace.iter().map(|r| r.2).min().unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_ranges_and_surrogates_are_read() {
        let cmap = CMap::parse(
            b"1 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange
              2 beginbfchar <01> <0041> <8001> <D83DDE00> endbfchar
              2 beginbfrange <10> <12> <0061> <20> <21> [<00660069> <2013>] endbfrange",
        );
        assert_eq!(cmap.get(0x01).as_deref(), Some("A"));
        assert_eq!(cmap.get(0x8001).as_deref(), Some("😀"));
        assert_eq!(cmap.get(0x12).as_deref(), Some("c"));
        assert_eq!(cmap.get(0x20).as_deref(), Some("fi"));
        assert_eq!(cmap.get(0x21).as_deref(), Some("–"));
        assert_eq!(cmap.get(0x13), None);
        assert_eq!(cmap.code_length(&[0x41, 0x80]), 1);
        assert_eq!(cmap.code_length(&[0x80, 0x01]), 2);
    }
}
