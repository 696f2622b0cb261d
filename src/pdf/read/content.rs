//! A page's content stream run: the graphics state (its stack, the current
//! transformation, the fill colour, the text state), the text shown (each
//! glyph placed on the page) and the paths painted (each one's bounding
//! box). Form XObjects are run in place, nested at most [`MOST_FORMS`]
//! deep; a page runs at most [`MOST_OPERATORS`] operators. A malformed
//! stream (missing operands, an unbalanced `Q`, a huge number) is read as
//! far as it makes sense; nothing in it panics.

use std::collections::HashMap;

use lopdf::{Dictionary, Document, Object};

use super::font::Font;
use super::lexer::{Lexer, Operand, Token};
use super::objects::{as_dict, dict, get, name_at, numbers, resolve, stream_data};

/// Most Form XObjects nested in one another.
const MOST_FORMS: usize = 12;
/// Most operators run for one page, its forms included.
const MOST_OPERATORS: usize = 4_000_000;
/// Most glyphs placed on one page.
const MOST_GLYPHS: usize = 1_000_000;
/// Most saved graphics states.
const MOST_SAVED: usize = 1024;
/// Most operands kept for one operator.
const MOST_OPERANDS: usize = 64;

/// `[a b c d e f]`: a point `(x, y)` goes to `(ax + cy + e, bx + dy + f)`.
type Matrix = [f32; 6];
const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n`.
fn mul(m: &Matrix, n: &Matrix) -> Matrix {
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &Matrix, x: f32, y: f32) -> (f32, f32) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// One character placed on the page (PDF space: y grows upwards).
#[derive(Debug, Clone)]
pub(super) struct Placed {
    pub text: char,
    /// The glyph's origin: left and baseline.
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub size: f32,
    /// The way the text runs on the page: the text space's x axis in page
    /// space, of length 1 (`(1, 0)` for text drawn upright).
    pub direction: (f32, f32),
    /// Index into [`Drawn::fonts`].
    pub font: usize,
    pub rgb: (f32, f32, f32),
}

/// What a page's content drew.
#[derive(Default)]
pub(super) struct Drawn {
    pub glyphs: Vec<Placed>,
    /// Painted paths' boxes: left, bottom, width, height.
    pub paths: Vec<[f32; 4]>,
    pub fonts: Vec<Font>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Space {
    Gray,
    Rgb,
    Cmyk,
    /// A pattern, or a space whose colours are not read: black.
    Other,
}

#[derive(Clone)]
struct State {
    ctm: Matrix,
    fill: (f32, f32, f32),
    space: Space,
    font: Option<usize>,
    size: f32,
    char_space: f32,
    word_space: f32,
    scale: f32,
    leading: f32,
    rise: f32,
}

/// Runs a content stream and its forms.
pub(super) struct Interpreter<'a> {
    document: &'a Document,
    state: State,
    saved: Vec<State>,
    text_matrix: Matrix,
    line_matrix: Matrix,
    /// The current path's box (page space): x0, y0, x1, y1.
    path: Option<[f32; 4]>,
    /// The current point, in user space.
    point: (f32, f32),
    operators: usize,
    depth: usize,
    /// Marked content open: the text a span's glyphs stand for
    /// (`/ActualText`), and whether it has been placed yet.
    marked: Vec<Option<(Vec<char>, bool)>>,
    /// Fonts loaded, by their dictionary's address.
    font_index: HashMap<usize, usize>,
    pub drawn: Drawn,
}

fn num(o: &Operand) -> Option<f32> {
    match o {
        Operand::Number(n) if n.is_finite() => Some(*n),
        _ => None,
    }
}

/// The last `n` operands as numbers, if there are as many and all are.
fn last_numbers<const N: usize>(operands: &[Operand]) -> Option<[f32; N]> {
    let start = operands.len().checked_sub(N)?;
    let mut out = [0.0; N];
    for (slot, o) in out.iter_mut().zip(&operands[start..]) {
        *slot = num(o)?;
    }
    Some(out)
}

fn cmyk(c: f32, m: f32, y: f32, k: f32) -> (f32, f32, f32) {
    let f = |v: f32| (1.0 - v.clamp(0.0, 1.0)) * (1.0 - k.clamp(0.0, 1.0));
    (f(c), f(m), f(y))
}

impl<'a> Interpreter<'a> {
    pub(super) fn new(document: &'a Document) -> Self {
        Interpreter {
            document,
            state: State {
                ctm: IDENTITY,
                fill: (0.0, 0.0, 0.0),
                space: Space::Gray,
                font: None,
                size: 0.0,
                char_space: 0.0,
                word_space: 0.0,
                scale: 1.0,
                leading: 0.0,
                rise: 0.0,
            },
            saved: Vec::new(),
            text_matrix: IDENTITY,
            line_matrix: IDENTITY,
            path: None,
            point: (0.0, 0.0),
            operators: 0,
            depth: 0,
            marked: Vec::new(),
            font_index: HashMap::new(),
            drawn: Drawn::default(),
        }
    }

    /// Runs one page's content stream from a fresh graphics state and
    /// takes what it drew; the fonts loaded stay for the pages after it
    /// (the pages of a document share their fonts, and a font's maps are
    /// read once).
    pub(super) fn page(&mut self, content: &[u8], resources: Option<&'a Dictionary>) -> Drawn {
        let fonts = std::mem::take(&mut self.drawn.fonts);
        let font_index = std::mem::take(&mut self.font_index);
        *self = Interpreter::new(self.document);
        self.drawn.fonts = fonts;
        self.font_index = font_index;
        self.run(content, resources);
        Drawn {
            glyphs: std::mem::take(&mut self.drawn.glyphs),
            paths: std::mem::take(&mut self.drawn.paths),
            fonts: Vec::new(),
        }
    }

    /// The fonts loaded so far, by the index a glyph names.
    pub(super) fn fonts(&self) -> &[Font] {
        &self.drawn.fonts
    }

    fn spent(&self) -> bool {
        self.operators > MOST_OPERATORS || self.drawn.glyphs.len() > MOST_GLYPHS
    }

    /// Runs one content stream with its resources.
    pub(super) fn run(&mut self, content: &[u8], resources: Option<&'a Dictionary>) {
        let mut lexer = Lexer::new(content);
        let mut operands: Vec<Operand> = Vec::new();
        while let Some(token) = lexer.next_token() {
            match token {
                Token::Operand(o) => {
                    if operands.len() >= MOST_OPERANDS {
                        operands.remove(0);
                    }
                    operands.push(o);
                }
                Token::Operator(op) => {
                    self.operators += 1;
                    if self.spent() {
                        return;
                    }
                    self.operate(op, &operands, resources);
                    operands.clear();
                }
            }
        }
    }

    fn operate(&mut self, op: &[u8], operands: &[Operand], resources: Option<&'a Dictionary>) {
        let s = &mut self.state;
        match op {
            b"q" if self.saved.len() < MOST_SAVED => self.saved.push(self.state.clone()),
            b"Q" => {
                if let Some(state) = self.saved.pop() {
                    self.state = state;
                }
            }
            b"cm" => {
                if let Some(m) = last_numbers::<6>(operands) {
                    s.ctm = mul(&m, &s.ctm);
                }
            }
            b"BT" => {
                self.text_matrix = IDENTITY;
                self.line_matrix = IDENTITY;
            }
            b"Tf" => {
                if let [.., Operand::Name(name), size] = operands {
                    s.size = num(size).unwrap_or(s.size);
                    self.state.font = Some(self.font(name, resources));
                }
            }
            b"Tc" => s.char_space = operands.last().and_then(num).unwrap_or(s.char_space),
            b"Tw" => s.word_space = operands.last().and_then(num).unwrap_or(s.word_space),
            b"Tz" => s.scale = operands.last().and_then(num).map_or(s.scale, |z| z / 100.0),
            b"TL" => s.leading = operands.last().and_then(num).unwrap_or(s.leading),
            b"Ts" => s.rise = operands.last().and_then(num).unwrap_or(s.rise),
            b"Td" => {
                if let Some([x, y]) = last_numbers::<2>(operands) {
                    self.move_line(x, y);
                }
            }
            b"TD" => {
                if let Some([x, y]) = last_numbers::<2>(operands) {
                    s.leading = -y;
                    self.move_line(x, y);
                }
            }
            b"Tm" => {
                if let Some(m) = last_numbers::<6>(operands) {
                    self.text_matrix = m;
                    self.line_matrix = m;
                }
            }
            b"T*" => {
                let leading = s.leading;
                self.move_line(0.0, -leading);
            }
            b"Tj" => {
                if let Some(Operand::Str(bytes)) = operands.last() {
                    self.show(bytes);
                }
            }
            b"'" => {
                let leading = s.leading;
                self.move_line(0.0, -leading);
                if let Some(Operand::Str(bytes)) = operands.last() {
                    self.show(bytes);
                }
            }
            b"\"" => {
                if let [.., aw, ac, Operand::Str(bytes)] = operands {
                    s.word_space = num(aw).unwrap_or(s.word_space);
                    s.char_space = num(ac).unwrap_or(s.char_space);
                    self.move_line(0.0, -self.state.leading);
                    self.show(bytes);
                }
            }
            b"TJ" => {
                if let Some(Operand::Array(items)) = operands.last() {
                    for item in items {
                        match item {
                            Operand::Str(bytes) => self.show(bytes),
                            Operand::Number(n) if n.is_finite() => {
                                let s = &self.state;
                                let tx = -n / 1000.0 * s.size * s.scale;
                                self.text_matrix =
                                    mul(&[1.0, 0.0, 0.0, 1.0, tx, 0.0], &self.text_matrix);
                            }
                            _ => {}
                        }
                    }
                }
            }
            b"g" => self.set_fill(Space::Gray, operands),
            b"rg" => self.set_fill(Space::Rgb, operands),
            b"k" => self.set_fill(Space::Cmyk, operands),
            b"cs" => {
                if let Some(Operand::Name(name)) = operands.last() {
                    s.space = space(self.document, name, resources);
                    s.fill = (0.0, 0.0, 0.0);
                }
            }
            b"sc" | b"scn" => {
                let space = s.space;
                self.set_fill(space, operands);
            }
            b"m" => {
                if let Some([x, y]) = last_numbers::<2>(operands) {
                    self.extend_path(&[(x, y)]);
                }
            }
            b"l" => {
                if let Some([x, y]) = last_numbers::<2>(operands) {
                    self.extend_path(&[(x, y)]);
                }
            }
            b"c" => {
                if let Some([x1, y1, x2, y2, x3, y3]) = last_numbers::<6>(operands) {
                    self.extend_path(&[(x1, y1), (x2, y2), (x3, y3)]);
                }
            }
            b"v" | b"y" => {
                if let Some([x1, y1, x2, y2]) = last_numbers::<4>(operands) {
                    self.extend_path(&[(x1, y1), (x2, y2)]);
                }
            }
            b"re" => {
                if let Some([x, y, w, h]) = last_numbers::<4>(operands) {
                    self.extend_path(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]);
                    self.point = (x, y);
                }
            }
            b"S" | b"s" | b"f" | b"F" | b"f*" | b"B" | b"B*" | b"b" | b"b*" => {
                if let Some([x0, y0, x1, y1]) = self.path.take() {
                    self.drawn.paths.push([x0, y0, x1 - x0, y1 - y0]);
                }
            }
            b"n" => self.path = None,
            b"BMC" => self.marked.push(None),
            b"BDC" => {
                let actual = match operands.last() {
                    Some(Operand::Dict(Some(text))) => Some((text_string(text), false)),
                    _ => None,
                };
                if self.marked.len() < MOST_SAVED {
                    self.marked.push(actual);
                }
            }
            b"EMC" => {
                self.marked.pop();
            }
            b"Do" => {
                if let Some(Operand::Name(name)) = operands.last() {
                    self.form(name, resources);
                }
            }
            _ => {}
        }
    }

    fn move_line(&mut self, x: f32, y: f32) {
        self.line_matrix = mul(&[1.0, 0.0, 0.0, 1.0, x, y], &self.line_matrix);
        self.text_matrix = self.line_matrix;
    }

    fn set_fill(&mut self, space: Space, operands: &[Operand]) {
        let values: Vec<f32> = operands.iter().filter_map(num).collect();
        let space = match (space, values.len()) {
            (Space::Other, 1) => Space::Gray,
            (Space::Other, 3) => Space::Rgb,
            (Space::Other, 4) => Space::Cmyk,
            (space, _) => space,
        };
        let fill = match (space, values.as_slice()) {
            (Space::Gray, [.., v]) => (*v, *v, *v),
            (Space::Rgb, [.., r, g, b]) => (*r, *g, *b),
            (Space::Cmyk, [.., c, m, y, k]) => cmyk(*c, *m, *y, *k),
            _ => return,
        };
        let clamp = |v: f32| v.clamp(0.0, 1.0);
        self.state.space = space;
        self.state.fill = (clamp(fill.0), clamp(fill.1), clamp(fill.2));
    }

    /// Adds user-space points to the current path's box.
    fn extend_path(&mut self, points: &[(f32, f32)]) {
        for &(x, y) in points {
            let (x, y) = apply(&self.state.ctm, x, y);
            if !(x.is_finite() && y.is_finite()) {
                continue;
            }
            let b = self.path.get_or_insert([x, y, x, y]);
            *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        if let Some(&p) = points.last() {
            self.point = p;
        }
    }

    /// The font a resource name stands for, loaded once.
    fn font(&mut self, name: &[u8], resources: Option<&'a Dictionary>) -> usize {
        let found = resources
            .and_then(|r| dict(self.document, r, b"Font"))
            .and_then(|fonts| get(self.document, fonts, name))
            .and_then(as_dict);
        let key = found.map_or(0, |d| d as *const Dictionary as usize);
        if let Some(&i) = self.font_index.get(&key) {
            return i;
        }
        let font = found.map_or_else(Font::fallback, |d| Font::load(self.document, d));
        self.drawn.fonts.push(font);
        self.font_index.insert(key, self.drawn.fonts.len() - 1);
        self.drawn.fonts.len() - 1
    }

    /// Runs a Form XObject in place, with its own matrix and resources.
    fn form(&mut self, name: &[u8], resources: Option<&'a Dictionary>) {
        if self.depth >= MOST_FORMS {
            return;
        }
        let document = self.document;
        let Some(object) = resources
            .and_then(|r| dict(document, r, b"XObject"))
            .and_then(|x| get(document, x, name))
        else {
            return;
        };
        let Object::Stream(stream) = object else {
            return;
        };
        if name_at(document, &stream.dict, b"Subtype") != Some(b"Form") {
            return;
        }
        let Some(data) = stream_data(object) else {
            return;
        };
        let matrix = stream
            .dict
            .get(b"Matrix")
            .ok()
            .and_then(|m| numbers(document, m))
            .filter(|m| m.len() == 6)
            .map_or(IDENTITY, |m| [m[0], m[1], m[2], m[3], m[4], m[5]]);
        let own = stream
            .dict
            .get(b"Resources")
            .ok()
            .and_then(|r| resolve(document, r))
            .and_then(as_dict)
            .or(resources);
        let saved = (
            self.state.clone(),
            self.saved.len(),
            self.text_matrix,
            self.line_matrix,
        );
        self.state.ctm = mul(&matrix, &self.state.ctm);
        self.path = None;
        self.depth += 1;
        self.run(&data, own);
        self.depth -= 1;
        self.saved.truncate(saved.1);
        (self.state, self.text_matrix, self.line_matrix) = (saved.0, saved.2, saved.3);
    }

    /// Places a string's glyphs and advances the text matrix past them.
    fn show(&mut self, bytes: &[u8]) {
        let font_index = match self.state.font {
            Some(i) => i,
            None => self.font(b"", None),
        };
        let s = &self.state;
        let font = &self.drawn.fonts[font_index];
        let fs = s.size * font.scale;
        for (code, length) in font.codes(bytes) {
            let m = mul(&self.text_matrix, &s.ctm);
            let (x, y) = apply(&m, 0.0, s.rise);
            let size = s.size * (m[1] * m[1] + m[3] * m[3]).sqrt();
            let w0 = font.width(code);
            // The text's x axis, which a rotated page or matrix turns.
            let stretch = m[0].hypot(m[1]);
            let direction = if stretch > 0.0 {
                (m[0] / stretch, m[1] / stretch)
            } else {
                (1.0, 0.0)
            };
            let width = w0 * fs * s.scale * stretch;
            let word = if code == 32 && length == 1 {
                s.word_space
            } else {
                0.0
            };
            let tx = (w0 * fs + s.char_space + word) * s.scale;
            // Inside a span with an actual text, its first glyph prints
            // that text and the others nothing.
            let actual = self.marked.iter_mut().rev().find_map(|m| m.as_mut());
            let text = match actual {
                Some((_, true)) => None,
                Some((text, placed)) => {
                    *placed = true;
                    Some(text.iter().collect::<String>())
                }
                None => font.text(code),
            };
            if let Some(text) = text {
                // A code standing for more than a few characters is a
                // damaged map: its first character is kept.
                let count = text.chars().count();
                let chars: Vec<char> = if count > 8 {
                    text.chars().take(1).collect()
                } else {
                    text.chars().flat_map(unligated).collect()
                };
                let each = width / chars.len().max(1) as f32;
                for (i, c) in chars.into_iter().enumerate() {
                    if c == '\0' || (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
                        continue;
                    }
                    if [x, y, size, each].iter().all(|v| v.is_finite()) {
                        let along = i as f32 * each;
                        self.drawn.glyphs.push(Placed {
                            text: c,
                            x: x + along * direction.0,
                            y: y + along * direction.1,
                            width: each,
                            size,
                            direction,
                            font: font_index,
                            rgb: s.fill,
                        });
                    }
                }
            }
            if tx.is_finite() {
                self.text_matrix = mul(&[1.0, 0.0, 0.0, 1.0, tx, 0.0], &self.text_matrix);
            }
        }
    }
}

/// A text string: UTF-16BE after its byte order mark, else PDFDocEncoding
/// (read as Latin-1, which it is for letters).
fn text_string(bytes: &[u8]) -> Vec<char> {
    match bytes.strip_prefix(&[0xFE, 0xFF]) {
        Some(units) => char::decode_utf16(
            units
                .chunks(2)
                .map(|p| u16::from_be_bytes([p[0], p.get(1).copied().unwrap_or(0)])),
        )
        .map(|c| c.unwrap_or('\u{FFFD}'))
        .collect(),
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// A ligature's letters (`ﬁ` is `fi`: the words are searched as typed);
/// any other character as itself.
fn unligated(c: char) -> Vec<char> {
    match c {
        '\u{FB00}' => vec!['f', 'f'],
        '\u{FB01}' => vec!['f', 'i'],
        '\u{FB02}' => vec!['f', 'l'],
        '\u{FB03}' => vec!['f', 'f', 'i'],
        '\u{FB04}' => vec!['f', 'f', 'l'],
        '\u{FB05}' | '\u{FB06}' => vec!['s', 't'],
        c => vec![c],
    }
}

/// The fill colour space a name stands for: a device space, or one of the
/// resources' `/ColorSpace` entries (an ICC profile read by its number of
/// components).
fn space(document: &Document, name: &[u8], resources: Option<&Dictionary>) -> Space {
    match name {
        b"DeviceGray" | b"G" | b"CalGray" => return Space::Gray,
        b"DeviceRGB" | b"RGB" | b"CalRGB" => return Space::Rgb,
        b"DeviceCMYK" | b"CMYK" => return Space::Cmyk,
        _ => {}
    }
    let Some(object) = resources
        .and_then(|r| dict(document, r, b"ColorSpace"))
        .and_then(|c| get(document, c, name))
    else {
        return Space::Other;
    };
    match object {
        Object::Name(n) if n.as_slice() != name => space(document, n, None),
        Object::Array(parts) => match parts.first().and_then(|p| resolve(document, p)) {
            Some(Object::Name(kind)) if kind == b"ICCBased" => {
                let n = parts
                    .get(1)
                    .and_then(|p| resolve(document, p))
                    .and_then(as_dict)
                    .and_then(|d| super::objects::number_at(document, d, b"N"));
                match n {
                    Some(1.0) => Space::Gray,
                    Some(4.0) => Space::Cmyk,
                    _ => Space::Rgb,
                }
            }
            Some(Object::Name(kind)) => space(document, kind, None),
            _ => Space::Other,
        },
        _ => Space::Other,
    }
}

#[cfg(test)]
mod tests;
