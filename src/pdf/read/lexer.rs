//! A content stream's tokens: operands (numbers, names, strings, arrays)
//! and operators. Lenient: a byte that begins nothing is skipped, an
//! unterminated string or array ends at the data's end, arrays nest only as
//! deep as [`MOST_ARRAY_DEPTH`] (deeper members are dropped), and an inline
//! image's data is skipped whole.

/// One operand.
#[derive(Debug, Clone)]
pub(super) enum Operand {
    Number(f32),
    Name(Vec<u8>),
    Str(Vec<u8>),
    Array(Vec<Operand>),
    /// A dictionary (marked content's properties): only its `/ActualText`
    /// is kept, if it has one.
    Dict(Option<Vec<u8>>),
    /// `true`, `false`, `null`.
    Other,
}

pub(super) enum Token<'a> {
    Operand(Operand),
    Operator(&'a [u8]),
}

/// Deepest arrays kept; a content stream's arrays are one level deep (`TJ`).
const MOST_ARRAY_DEPTH: usize = 4;

pub(super) struct Lexer<'a> {
    data: &'a [u8],
    at: usize,
}

fn is_white(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\0')
}

fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

fn is_regular(b: u8) -> bool {
    !is_white(b) && !is_delimiter(b)
}

impl<'a> Lexer<'a> {
    pub(super) fn new(data: &'a [u8]) -> Self {
        Lexer { data, at: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.at).copied()
    }

    fn skip_white(&mut self) {
        while let Some(b) = self.peek() {
            if is_white(b) {
                self.at += 1;
            } else if b == b'%' {
                while self.peek().is_some_and(|b| b != b'\n' && b != b'\r') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    fn regular(&mut self) -> &'a [u8] {
        let start = self.at;
        while self.peek().is_some_and(is_regular) {
            self.at += 1;
        }
        &self.data[start..self.at]
    }

    /// The next token, or none at the data's end.
    pub(super) fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            self.skip_white();
            let b = self.peek()?;
            if let Some(operand) = self.operand(0) {
                return Some(Token::Operand(operand));
            }
            if is_regular(b) {
                let word = self.regular();
                if word == b"BI" {
                    self.skip_inline_image();
                    continue;
                }
                return Some(Token::Operator(word));
            }
            // A stray delimiter (`)`, `]`, `>`, `}`, `{`).
            self.at += 1;
        }
    }

    /// An operand starting here, if one does.
    fn operand(&mut self, depth: usize) -> Option<Operand> {
        let b = self.peek()?;
        match b {
            b'/' => {
                self.at += 1;
                Some(Operand::Name(name_bytes(self.regular())))
            }
            b'(' => {
                self.at += 1;
                Some(Operand::Str(self.literal()))
            }
            b'<' if self.data.get(self.at + 1) == Some(&b'<') => Some(Operand::Dict(self.dict())),
            b'<' => {
                self.at += 1;
                Some(Operand::Str(self.hex()))
            }
            b'[' if depth >= MOST_ARRAY_DEPTH => {
                self.skip_array();
                Some(Operand::Array(Vec::new()))
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_white();
                    match self.peek() {
                        None => break,
                        Some(b']') => {
                            self.at += 1;
                            break;
                        }
                        _ => {}
                    }
                    match self.operand(depth + 1) {
                        Some(item) => items.push(item),
                        // An operator inside an array: skipped.
                        None => {
                            if self.regular().is_empty() {
                                self.at += 1;
                            }
                        }
                    }
                }
                Some(Operand::Array(items))
            }
            b'+' | b'-' | b'.' | b'0'..=b'9' => {
                let start = self.at;
                let word = self.regular();
                match number(word) {
                    Some(n) => Some(Operand::Number(n)),
                    None => {
                        // Not a number after all: an operator.
                        self.at = start;
                        None
                    }
                }
            }
            _ if is_regular(b) => {
                let start = self.at;
                match self.regular() {
                    b"true" | b"false" | b"null" => Some(Operand::Other),
                    _ => {
                        self.at = start;
                        None
                    }
                }
            }
            _ => None,
        }
    }

    fn literal(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut open = 1usize;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'\\' => {
                    let Some(e) = self.peek() else { break };
                    self.at += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'\r' => {
                            if self.peek() == Some(b'\n') {
                                self.at += 1;
                            }
                        }
                        b'\n' => {}
                        b'0'..=b'7' => {
                            let mut value = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.peek() {
                                    Some(d @ b'0'..=b'7') => {
                                        value = value * 8 + u32::from(d - b'0');
                                        self.at += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(value as u8);
                        }
                        other => out.push(other),
                    }
                }
                b'(' => {
                    open += 1;
                    out.push(b);
                }
                b')' => {
                    open -= 1;
                    if open == 0 {
                        break;
                    }
                    out.push(b);
                }
                _ => out.push(b),
            }
        }
        out
    }

    fn hex(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut high: Option<u8> = None;
        while let Some(b) = self.peek() {
            self.at += 1;
            let digit = match b {
                b'>' => break,
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => continue,
            };
            match high.take() {
                Some(h) => out.push(h << 4 | digit),
                None => high = Some(digit),
            }
        }
        if let Some(h) = high {
            out.push(h << 4);
        }
        out
    }

    /// Past an array nested too deep, without recursion.
    fn skip_array(&mut self) {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                b'(' => {
                    self.literal();
                }
                _ => {}
            }
        }
    }

    /// Past a dictionary, nested ones and strings in it included; its
    /// `/ActualText`, if it has one at its top level.
    fn dict(&mut self) -> Option<Vec<u8>> {
        let mut depth = 0usize;
        let mut actual = None;
        let mut after_key = false;
        while let Some(b) = self.peek() {
            match b {
                b'<' if self.data.get(self.at + 1) == Some(&b'<') => {
                    depth += 1;
                    self.at += 2;
                }
                b'>' if self.data.get(self.at + 1) == Some(&b'>') => {
                    self.at += 2;
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                b'(' | b'<' => {
                    self.at += 1;
                    let text = if b == b'(' {
                        self.literal()
                    } else {
                        self.hex()
                    };
                    if after_key {
                        actual = Some(text);
                    }
                }
                b'/' => {
                    self.at += 1;
                    after_key = depth == 1 && self.regular() == b"ActualText";
                    continue;
                }
                _ => self.at += 1,
            }
            if !is_white(b) {
                after_key = false;
            }
        }
        actual
    }

    /// Past an inline image: its dictionary, `ID`, its data and `EI`.
    fn skip_inline_image(&mut self) {
        // The dictionary, to `ID`.
        loop {
            self.skip_white();
            if self.peek().is_none() {
                return;
            }
            if self.operand(0).is_none() {
                let word = self.regular();
                if word == b"ID" {
                    break;
                }
                if word.is_empty() {
                    self.at += 1;
                }
            }
        }
        // The data, to `EI` standing alone.
        self.at += 1;
        while self.at + 2 <= self.data.len() {
            let before = self.at == 0 || is_white(self.data[self.at - 1]);
            let after = self.data.get(self.at + 2).is_none_or(|&b| is_white(b));
            if &self.data[self.at..self.at + 2] == b"EI" && before && after {
                self.at += 2;
                return;
            }
            self.at += 1;
        }
        self.at = self.data.len();
    }
}

/// A name's bytes with `#xx` escapes decoded.
fn name_bytes(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'#' && i + 2 < raw.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(raw[i + 1]), hex(raw[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

/// A number as PDF writes it (`12`, `-3.5`, `.5`, `4.`); a huge one is
/// kept (callers bound what they compute), a malformed one is none.
fn number(word: &[u8]) -> Option<f32> {
    let text = std::str::from_utf8(word).ok()?;
    // `--5` and `1-2` are written by some producers: read the sign once
    // and the digits up to the first stray character.
    let (negative, digits) = match text.trim_start_matches(['+', '-']) {
        rest if rest.len() < text.len() => (text[..text.len() - rest.len()].contains('-'), rest),
        rest => (false, rest),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(digits.len());
    let digits = &digits[..end];
    if digits.is_empty() || digits == "." {
        return if end == 0 && !text.is_empty() {
            None
        } else {
            Some(0.0)
        };
    }
    let first_dot = digits.find('.').map_or(digits.len(), |d| d + 1);
    let digits = match digits[first_dot..].find('.') {
        Some(second) => &digits[..first_dot + second],
        None => digits,
    };
    let value: f64 = digits.parse().ok()?;
    let value = if negative { -value } else { value } as f32;
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(data: &[u8]) -> Vec<String> {
        let mut lexer = Lexer::new(data);
        let mut out = Vec::new();
        while let Some(t) = lexer.next_token() {
            out.push(match t {
                Token::Operator(o) => String::from_utf8_lossy(o).into_owned(),
                Token::Operand(o) => format!("{o:?}"),
            });
        }
        out
    }

    #[test]
    fn operands_and_operators_are_read() {
        let t = tokens(b"BT /F1 12 Tf (a\\(b\\)\\101) Tj [<0041> -250 (c)] TJ ET");
        assert_eq!(t[0], "BT");
        assert_eq!(t[1], "Name([70, 49])");
        assert_eq!(t[2], "Number(12.0)");
        assert_eq!(t[4], format!("{:?}", Operand::Str(b"a(b)A".to_vec())));
        assert!(t[6].starts_with("Array([Str([0, 65]), Number(-250.0)"));
        assert_eq!(t.last().map(String::as_str), Some("ET"));
    }

    #[test]
    fn malformed_streams_end_without_panicking() {
        for data in [
            &b"(unterminated"[..],
            b"[[[[[[[[[[[[[[[[[[[[",
            b"<< /A << /B (x) >>",
            b"BI /W 1 ID \x00\x01",
            b"-- 1-2 3.4.5 . + ) ] } >",
            b"<abc",
            b"/",
        ] {
            tokens(data);
        }
        assert_eq!(number(b"3.4.5"), Some(3.4));
        assert_eq!(number(b"--5"), Some(-5.0));
        assert_eq!(number(b"1e999"), Some(1.0));
    }
}
