//! Icons in a line of a web page: a symbol font's character or a picture,
//! written as the rulings documents write an icon.

use super::Writer;

impl Writer {
    /// An icon in a line: a symbol's character or a picture. A picture
    /// whose alternative text is a short code (`alt="AU"`, `alt="[Cmd]"`)
    /// names its icon, as the rulings documents write one: `[AU]`; any
    /// other is lost, `[?]`.
    pub(super) fn icon(&mut self, from_image: bool, alt: Option<&str>) {
        if !self.line.is_empty() && !self.line.ends_with(' ') && !self.line.ends_with('(') {
            self.line.push(' ');
        }
        let named = alt.and_then(icon_code);
        match named {
            Some(code) => {
                self.line.push('[');
                self.line.push_str(code);
                self.line.push(']');
            }
            None => self.line.push_str("[?]"),
        }
        if from_image {
            self.line_images += 1;
            if named.is_some() {
                self.line_named += 1;
            }
        } else {
            self.icons += 1;
            if !self.has_text {
                self.has_text = true;
            }
        }
    }
}

/// The code an icon's picture names by its alternative text: a word or
/// two, in brackets or not (`AU`, `[Cmd]`, `22nd Century`); a sentence or
/// a caption names none.
fn icon_code(alt: &str) -> Option<&str> {
    let code = alt
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim();
    let words = code.split_whitespace().count();
    (!code.is_empty()
        && words <= 2
        && code.chars().count() <= 24
        && !code.contains(['[', ']', '.', ','])
        && code.chars().any(char::is_alphanumeric))
    .then_some(code)
}
