//! Text safe to show: document text and file names in, the same text out
//! with nothing that could move a terminal's cursor, clear its screen,
//! retitle it or display reversed or hidden text. The errors, the corpus,
//! the index and the renderers all show names and text from documents, so
//! this is a leaf every one of them can use: it imports nothing of the
//! crate.

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

/// Text on its way to a terminal, whoever made it: the styling our own
/// renderers add (SGR sequences, `ESC [ digits ; … m`) passes, and every
/// other control character or escape sequence is dropped as [`sanitize`]
/// drops it. The line writer applies it to everything it writes, so text a
/// caller forgot to sanitize can at worst carry colour, never move the
/// cursor, clear the screen or retitle the terminal.
pub fn for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .chars()
        .any(|c| (c.is_control() && c != '\n' && c != '\t') || is_invisible_format(c))
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        let (before, from) = rest.split_at(at);
        out.push_str(&sanitize(before));
        let sgr = from[2.min(from.len())..]
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .filter(|&end| {
                from.as_bytes().get(1) == Some(&b'[') && from[2 + end..].starts_with('m')
            })
            .map(|end| 2 + end + 1);
        match sgr {
            Some(len) => {
                out.push_str(&from[..len]);
                rest = &from[len..];
            }
            None => {
                // Not our styling: read it as sanitize reads a sequence.
                let next = from[1..].find('\u{1b}').map_or(from.len(), |n| n + 1);
                out.push_str(&sanitize(&from[..next]));
                rest = &from[next..];
            }
        }
    }
    out.push_str(&sanitize(rest));
    std::borrow::Cow::Owned(out)
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

/// Whether a character is written as a `\uXXXX` escape in JSON although
/// JSON allows it raw: controls serde_json leaves as they are (DEL and C1,
/// U+0080–U+009F, which a terminal may act on), the invisible format
/// characters [`sanitize`] removes from text (bidirectional embeddings,
/// overrides, isolates and marks among them: a program that shows a string
/// must not display reversed or hidden text by accident), and the line and
/// paragraph separators, which end a line in JavaScript source.
pub fn escaped_in_json(c: char) -> bool {
    c.is_control() || is_invisible_format(c) || matches!(c, '\u{2028}' | '\u{2029}')
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

    #[test]
    fn only_styling_reaches_a_terminal() {
        use super::for_terminal;
        assert_eq!(for_terminal("plain ◆ text\tand\n"), "plain ◆ text\tand\n");
        assert_eq!(
            for_terminal("\u{1b}[1;31mred\u{1b}[0m"),
            "\u{1b}[1;31mred\u{1b}[0m"
        );
        assert_eq!(for_terminal("a\u{1b}[2Jb\u{1b}]0;title\u{7}c"), "abc");
        assert_eq!(for_terminal("x\u{9b}31my\u{85}z\u{7}"), "xyz");
        assert_eq!(for_terminal("\u{1b}[31"), "");
        assert_eq!(for_terminal("\u{202e}rev"), "rev");
    }
}
