//! A saved web page in, Markdown out: the official rulings pages (Decipher's
//! of the late 1990s, the Continuing Committee's 2E pages) printed their
//! structure in typography, which this reads instead of throwing away.
//!
//! - site chrome is dropped and listed: `<script>`, `<style>`, `<head>`,
//!   `<header>`, `<footer>`, `<nav>`, elements whose role is navigation,
//!   banner or contentinfo, or whose class or id is a usual name of site
//!   chrome (`navbar`, `menu`, `footer`, …);
//! - `<b>`, `<strong>` and `<h1>`…`<h6>` become bold (`**…**`), the parser's
//!   strongest head;
//! - text in a colour other than black (`<font color>`, a `color:` style)
//!   at the start of a line becomes the new/changed marker (a leading `*`);
//! - a symbol font (Symbol, Wingdings, Webdings, ZapfDingbats), a character
//!   of Unicode's private use areas, or an `<img>` within a line of text
//!   becomes the lost-icon marker `[?]` (a picture on a line of its own is
//!   dropped and listed);
//! - `<br>` ends a line, a block (`<p>`, `<div>`, `<li>`, a table row, …)
//!   a paragraph; a table row is one line, " – " between its first cell
//!   (the head) and the rest.
//!
//! The page is read by html5ever (through `scraper`), which takes any bytes
//! without failing; the walk over it is iterative and reads styles to a
//! bounded depth, so no page can exhaust the stack.

use scraper::{Html, Node};

use super::encoding::{cp1252_text, decode};
use super::{Converted, Format, Report};
use crate::error::DocumentError;
use crate::parse::lines::{classify, Shape};
use crate::pdf::typography::{is_document_date, new_tag_marked, with_running_title};

mod css;
mod icons;
use css::*;

mod chrome;
use chrome::*;
mod status_table;
mod temporary;
use temporary::*;
mod walk;
use walk::*;

/// Elements nested deeper than this are read for their text only (their
/// styles are not tracked): real pages nest a few dozen deep.
const MAX_DEPTH: usize = 256;

/// The deepest nesting of markup read: the HTML parser's work grows with
/// the square of the depth of formatting elements, and no real page nests
/// more than a few dozen deep, so a page nested deeper is damaged.
pub const MAX_NESTING: usize = 1000;

/// The most attributes of one tag read (the rest are dropped before the
/// page is parsed): html5ever checks each new attribute against the ones
/// before it, so its work grows with the square of their number; a real
/// tag has a handful.
pub const MAX_ATTRIBUTES: usize = 256;

/// How much of a dropped element's text the report shows.
const GLIMPSE_CHARS: usize = 60;

/// Colours that read as plain text.
const BLACKS: [&str; 11] = [
    "black",
    "#000",
    "#000000",
    "000000",
    "windowtext",
    "inherit",
    "initial",
    "currentcolor",
    "auto",
    "rgb(0,0,0)",
    "#000000ff",
];

const SYMBOL_FONTS: [&str; 5] = [
    "symbol",
    "wingdings",
    "webdings",
    "zapfdingbats",
    "zapf dingbats",
];

/// Converts the page `name`.
pub fn convert(name: &str, bytes: Vec<u8>) -> Result<Converted, DocumentError> {
    let (text, notes) = decode_page(name, bytes)?;
    let text = match cap_attributes(&text) {
        Some(capped) => capped,
        None => text,
    };
    if nesting(&text) > MAX_NESTING {
        return Err(DocumentError::TooDeep {
            file: name.to_string(),
            limit: MAX_NESTING,
        });
    }
    let page = Html::parse_document(&text);
    let mut writer = Writer {
        temporary_blue: speaks_of_temporary(&text),
        ..Writer::default()
    };
    walk(&page, &mut writer);
    writer.end_paragraph();
    let header = print_header(&page);
    let markdown = with_running_title(writer.markdown(), header.as_deref());
    let markdown = with_title(markdown, &page);
    if markdown.trim().is_empty() {
        return Err(DocumentError::Empty {
            file: name.to_string(),
        });
    }
    Ok(Converted {
        markdown,
        report: Report {
            format: Format::Html,
            pages: None,
            columns: None,
            bold: Some(writer.bold),
            colored: Some(writer.colored),
            icons: Some(writer.icons),
            furniture: writer.dropped,
            history: None,
        },
        notes,
    })
}

/// The page as read, opened by its `<title>` when the body has no title
/// line and the `<title>` names a rulings document (a word such as
/// "rulings", "edition", "glossary"): a page whose edition and date are
/// only in the browser's tab.
fn with_title(markdown: String, page: &Html) -> String {
    if markdown
        .lines()
        .any(|l| matches!(classify(l), Shape::Title))
    {
        return markdown;
    }
    let title = page
        .root_element()
        .descendants()
        .filter_map(scraper::ElementRef::wrap)
        .find(|e| e.value().name() == "title")
        .map(|e| e.text().collect::<String>())
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let names_a_document = title.split(|c: char| !c.is_alphanumeric()).any(|w| {
        [
            "rulings",
            "edition",
            "1e",
            "2e",
            "glossary",
            "rulebook",
            "compendium",
        ]
        .iter()
        .any(|k| w.eq_ignore_ascii_case(k))
    });
    if !names_a_document {
        return markdown;
    }
    format!("# {title}\n\n{markdown}")
}

/// The page's text: by its byte-order mark, else by the charset its
/// `<meta>` declares, else UTF-8 with the Latin-1 fallback of any document.
fn decode_page(name: &str, bytes: Vec<u8>) -> Result<(String, Vec<String>), DocumentError> {
    if let Some(rest) = bytes.strip_prefix(b"\xef\xbb\xbf") {
        return decode(name, rest.to_vec()).map(|(t, n)| (t, n.into_iter().collect()));
    }
    let utf16 = |big: bool, rest: &[u8]| -> String {
        let units = rest.chunks_exact(2).map(|p| {
            if big {
                u16::from_be_bytes([p[0], p[1]])
            } else {
                u16::from_le_bytes([p[0], p[1]])
            }
        });
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    };
    if let Some(rest) = bytes.strip_prefix(b"\xfe\xff") {
        return Ok((utf16(true, rest), Vec::new()));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xff\xfe") {
        return Ok((utf16(false, rest), Vec::new()));
    }
    if declared_single_byte(&bytes) && std::str::from_utf8(&bytes).is_err() {
        if bytes.contains(&0) {
            // The NUL is refused as in any document.
            return decode(name, bytes).map(|(t, n)| (t, n.into_iter().collect()));
        }
        return Ok((cp1252_text(&bytes), Vec::new()));
    }
    decode(name, bytes).map(|(t, n)| (t, n.into_iter().collect()))
}

/// Whether the page's head declares a Latin-1 or Windows-1252 charset.
fn declared_single_byte(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(2048)];
    let head = String::from_utf8_lossy(head).to_ascii_lowercase();
    let Some(at) = head.find("charset") else {
        return false;
    };
    let value: String = head[at + "charset".len()..]
        .trim_start_matches([' ', '=', '"', '\''])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    matches!(
        value.as_str(),
        "iso-8859-1" | "iso8859-1" | "latin1" | "latin-1" | "windows-1252" | "cp1252" | "us-ascii"
    )
}

/// How deep the page's tags nest, by a look at its tags alone (before
/// parsing): elements that close themselves or are closed by the next of
/// their kind (`<p>`, `<li>`, `<td>`, `<br>`, …) do not count.
fn nesting(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest) = (0usize, 0usize);
    // Elements open by name: an end tag of a name none is open of closes
    // nothing (html5ever ignores it), so it must not make the page read as
    // shallower than it is (`<div></x>` over and over nests as deep as
    // `<div>` alone, and costs the parser the square of that depth).
    let mut open: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut i = 0;
    while let Some(at) = bytes[i..].iter().position(|&b| b == b'<') {
        i += at + 1;
        let closing = bytes.get(i) == Some(&b'/');
        let start = i + usize::from(closing);
        let end = bytes[start..]
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .map_or(bytes.len(), |n| start + n);
        if end == start || !bytes[start].is_ascii_alphabetic() {
            continue;
        }
        let name = text[start..end].to_ascii_lowercase();
        if matches!(
            name.as_str(),
            "p" | "li"
                | "td"
                | "th"
                | "tr"
                | "dt"
                | "dd"
                | "option"
                | "br"
                | "img"
                | "hr"
                | "meta"
                | "link"
                | "input"
                | "area"
                | "base"
                | "col"
                | "wbr"
                | "source"
                | "embed"
                | "param"
                | "track"
        ) {
            continue;
        }
        if closing {
            if let Some(count) = open.get_mut(&name).filter(|c| **c > 0) {
                *count -= 1;
                depth = depth.saturating_sub(1);
            }
        } else {
            *open.entry(name).or_default() += 1;
            depth += 1;
            deepest = deepest.max(depth);
        }
        i = end;
    }
    deepest
}

/// The page with every start tag cut to its first [`MAX_ATTRIBUTES`]
/// attributes; `None` when no tag has more (the page is then read as it
/// is). Attributes are found as the HTML tokenizer finds them: a name, and
/// a value after `=`, quoted or not.
fn cap_attributes(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut capped: Option<String> = None;
    // Where the text not yet copied to `capped` starts.
    let mut copied = 0;
    let mut i = 0;
    while let Some(at) = bytes[i..].iter().position(|&b| b == b'<') {
        i += at + 1;
        if !bytes.get(i).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !matches!(bytes[i], b'>' | b'/')
        {
            i += 1;
        }
        let mut count = 0;
        let mut cut = None;
        loop {
            while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] == b'>' {
                break;
            }
            // A name (its first character may be `=`, as the tokenizer allows).
            i += 1;
            while i < bytes.len()
                && !bytes[i].is_ascii_whitespace()
                && !matches!(bytes[i], b'>' | b'/' | b'=')
            {
                i += 1;
            }
            let mut j = i;
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if bytes.get(j) == Some(&b'=') {
                j += 1;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                match bytes.get(j) {
                    Some(&quote @ (b'"' | b'\'')) => {
                        j += 1;
                        j += bytes[j..]
                            .iter()
                            .position(|&b| b == quote)
                            .map_or(bytes.len() - j, |n| n + 1);
                    }
                    _ => {
                        while j < bytes.len() && !bytes[j].is_ascii_whitespace() && bytes[j] != b'>'
                        {
                            j += 1;
                        }
                    }
                }
                i = j;
            }
            count += 1;
            if count == MAX_ATTRIBUTES {
                cut = Some(i);
            }
        }
        if let (Some(cut), true) = (cut, count > MAX_ATTRIBUTES) {
            let out = capped.get_or_insert_with(|| String::with_capacity(text.len()));
            // Cuts fall on ASCII bytes (after a quote, before a space or `>`).
            out.push_str(&text[copied..cut]);
            copied = i.min(bytes.len());
        }
    }
    capped.map(|mut out| {
        out.push_str(&text[copied..]);
        out
    })
}

/// What an element does to the text in it.
#[derive(Debug, Clone, Copy, Default)]
struct Style {
    bold: bool,
    colored: bool,
    preformatted: bool,
    /// The element that marks its text new (a colour other than black, a
    /// bar beside it), if any: one element's text is one entry, marked on
    /// its first line only.
    mark: Option<ego_tree::NodeId>,
    /// The colour that marks it, folded to one number (none for a bar).
    mark_colour: Option<u64>,
    /// Whether that colour is blue (see `temporary`).
    blue: bool,
}

/// The Markdown being written.
#[derive(Debug, Default)]
struct Writer {
    out: String,
    /// The line being written, as runs of text and their styles.
    line: String,
    /// Whether `line` has an open `**`.
    open_bold: bool,
    /// Whether `line` holds any text (not only markers of images).
    has_text: bool,
    /// The element marking the first text of `line` new, if any.
    line_mark: Option<ego_tree::NodeId>,
    /// The element that marked the last line marked new.
    last_mark: Option<ego_tree::NodeId>,
    /// The colour marking the first text of `line`, if a colour marks it.
    line_colour: Option<u64>,
    /// Whether the first text of `line` is blue.
    line_blue: bool,
    /// Whether blue marks temporary rulings on this page.
    temporary_blue: bool,
    /// Where each new marker was written in `out`, and the colour that
    /// set it (none for a bar or a tag).
    markers: Vec<(usize, Option<u64>)>,
    /// Lines that open a paragraph with a head (bold, head-shaped, or
    /// marked).
    heads: usize,
    /// The level of the heading being written (`<h1>`…`<h6>`), if any.
    heading: Option<u8>,
    /// The section number the heading's anchor gives (`<h3 id="2.3">`),
    /// where its text may not print it.
    heading_number: Option<String>,
    /// Whether the last text written was colored: a run of colored text
    /// counts once, however many elements it spans.
    in_colored_run: bool,
    /// Whether the paragraph being written has a line already (only its
    /// first line can carry the new marker).
    paragraph_started: bool,
    /// Whether the paragraph being written is an item of a list (`<li>`):
    /// its first line is written as a Markdown list item, which no reader
    /// takes for an entry's head.
    list_item: bool,
    /// `[?]` of images on `line`, counted only if the line has text.
    line_images: usize,
    /// Of those, the pictures named by their alternative text: no icon
    /// lost.
    line_named: usize,
    bold: usize,
    colored: usize,
    icons: usize,
    dropped: Vec<String>,
}

impl Writer {
    fn text(&mut self, text: &str, style: Style) {
        let mut collapsed = String::new();
        for c in text.chars() {
            let c = if c == '\u{a0}' { ' ' } else { c };
            if style.preformatted && c == '\n' {
                self.push(&collapsed, style);
                collapsed.clear();
                self.end_line();
            } else if c.is_whitespace() {
                if !collapsed.ends_with(' ') {
                    collapsed.push(' ');
                }
            } else if is_private_use(c) {
                if !collapsed.ends_with("[?]") {
                    collapsed.push_str("[?]");
                    self.icons += 1;
                }
            } else {
                collapsed.push(c);
            }
        }
        self.push(&collapsed, style);
    }

    fn push(&mut self, text: &str, style: Style) {
        if text.is_empty() {
            return;
        }
        let visible = !text.trim().is_empty();
        if self.line.trim().is_empty() && !visible {
            return;
        }
        let text = if self.line.is_empty() || self.line.ends_with(' ') {
            text.trim_start()
        } else {
            text
        };
        if visible && !self.has_text {
            self.has_text = true;
            self.line_mark = style.mark;
            self.line_colour = style.mark_colour;
            self.line_blue = style.blue;
        }
        if visible {
            if style.colored && !self.in_colored_run {
                self.colored += 1;
            }
            self.in_colored_run = style.colored;
        }
        if style.bold && !self.open_bold && visible {
            let trimmed = text.trim_start();
            self.line.push_str(&text[..text.len() - trimmed.len()]);
            self.line.push_str("**");
            self.open_bold = true;
            self.bold += 1;
            self.line.push_str(trimmed);
        } else if !style.bold && self.open_bold && visible {
            self.close_bold();
            self.line.push_str(text);
        } else {
            self.line.push_str(text);
        }
    }

    /// Closes the line's bold run, its trailing spaces and colon outside.
    fn close_bold(&mut self) {
        let trimmed = self.line.trim_end().len();
        let spaces = self.line.split_off(trimmed);
        // A colon or a dash set in bold with its topic (`<b>Topic:</b>`,
        // `<b>Topic –</b>`) is the separator after it.
        let colon = if self.line.ends_with(':') {
            self.line.pop();
            ":"
        } else if let Some(dash) = [" –", " -", " —"]
            .into_iter()
            .find(|d| self.line.ends_with(d) && !self.line.ends_with(&format!("**{d}")[..]))
        {
            self.line.truncate(self.line.len() - dash.len());
            dash
        } else {
            ""
        };
        if self.line.ends_with("**") {
            // An empty run: nothing to close.
            self.line.truncate(self.line.len() - 2);
            self.bold -= 1;
        } else {
            self.line.push_str("**");
        }
        self.line.push_str(colon);
        self.line.push_str(&spaces);
        self.open_bold = false;
    }

    /// A cell of a table row after the first: on the row's line, after a
    /// dash when it follows the head cell.
    fn cell(&mut self, index: usize) {
        if !self.line.trim().is_empty() {
            if self.open_bold {
                self.close_bold();
            }
            let line = self.line.trim_end();
            // `Topic:` in the head cell: the dash takes the colon's place.
            let line = if index == 1 {
                line.strip_suffix(':').unwrap_or(line)
            } else {
                line
            };
            self.line = line.to_string();
            self.line.push_str(if index == 1 { " – " } else { " " });
        }
    }

    fn end_line(&mut self) {
        if self.open_bold {
            self.close_bold();
        }
        let line = std::mem::take(&mut self.line);
        let line = line.trim();
        if !self.has_text {
            if self.line_images > 0 {
                self.dropped.push(format!("image ×{}", self.line_images));
            }
        } else {
            self.icons += self.line_images - self.line_named;
            // A heading the parser reads as the title or a section stays
            // plain text; else `<h1>` is the title, `<h2>` a section, and
            // any other a bold head.
            // A heading is written plain; here it becomes what it reads as.
            // A heading whose anchor is its section number and whose text
            // does not print it (`<h3 id="2.3">EQUIPMENT</h3>`) is numbered
            // by it, as the sections around it print theirs.
            let numbered = self
                .heading_number
                .take()
                .filter(|n| self.heading.is_some() && !line.contains(n.as_str()))
                .map(|n| format!("{n} {line}"));
            let line = numbered.as_deref().unwrap_or(line);
            let heading = match self.heading {
                Some(_) if matches!(classify(line), Shape::Title | Shape::Section(_)) => None,
                Some(1) => Some(format!("# {line}")),
                Some(2) => Some(format!("## {line}")),
                Some(_) if !line.contains("**") => {
                    self.bold += 1;
                    let (text, colon) = match line.strip_suffix(':') {
                        Some(text) => (text, ":"),
                        None => (line, ""),
                    };
                    Some(format!("**{text}**{colon}"))
                }
                _ => None,
            };
            let line = heading.as_deref().unwrap_or(line);
            // A title set in bold (an article's, in a styled `<div>`) is
            // the title line, no head.
            let line = line
                .strip_prefix("**")
                .and_then(|l| l.strip_suffix("**"))
                .filter(|l| !l.contains("**") && matches!(classify(l), Shape::Title))
                .unwrap_or(line);
            // A marked element's first line is marked, and so is a bold
            // head inside it (the next entry of a run of new ones).
            let marked = !self.paragraph_started
                && self
                    .line_mark
                    .is_some_and(|m| self.last_mark != Some(m) || line.starts_with("**"));
            if !self.paragraph_started && self.line_mark.is_some() {
                self.last_mark = self.line_mark;
            }
            let tagged = (!self.paragraph_started && !marked)
                .then(|| new_tag_marked(line))
                .flatten();
            let temporary = (marked && self.line_blue && self.temporary_blue)
                .then(|| temporary::tagged(line))
                .flatten();
            let marked = marked && !(self.line_blue && self.temporary_blue);
            let line = temporary.as_deref().unwrap_or(line);
            if marked {
                self.markers.push((self.out.len(), self.line_colour));
                self.out
                    .push_str(if line.starts_with("**") { "* " } else { "*" });
            }
            let head_shaped = || matches!(classify(line), Shape::Candidate(_));
            let item = !self.paragraph_started && std::mem::take(&mut self.list_item);
            if item {
                self.out.push_str("- ");
            } else if !self.paragraph_started && (marked || line.starts_with("**") || head_shaped())
            {
                self.heads += 1;
            }
            self.out.push_str(tagged.as_deref().unwrap_or(line));
            self.out.push('\n');
            self.paragraph_started = true;
        }
        self.has_text = false;
        self.line_mark = None;
        self.line_colour = None;
        self.line_blue = false;
        self.line_images = 0;
        self.line_named = 0;
    }

    fn end_paragraph(&mut self) {
        self.end_line();
        self.paragraph_started = false;
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// The Markdown written, without the markers of a colour that most
    /// heads are set in: that colour is the heads' style, and a head is
    /// new only where it is set apart from the others.
    fn markdown(&self) -> String {
        let mut counts: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
        for colour in self.markers.iter().filter_map(|m| m.1) {
            *counts.entry(colour).or_default() += 1;
        }
        let style_colours: Vec<u64> = counts
            .into_iter()
            .filter(|&(_, n)| n >= 3 && n * 2 > self.heads)
            .map(|(c, _)| c)
            .collect();
        let mut out = self.out.clone();
        for &(at, colour) in self.markers.iter().rev() {
            if colour.is_some_and(|c| style_colours.contains(&c)) {
                let end = if out[at..].starts_with("* ") {
                    at + 2
                } else {
                    at + 1
                };
                out.replace_range(at..end, "");
            }
        }
        let mut text = out.trim_end().to_string();
        text.push('\n');
        text
    }
}

fn is_private_use(c: char) -> bool {
    matches!(c, '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..='\u{10ffff}')
}

fn is_block(tag: &str) -> bool {
    matches!(
        tag,
        "p" | "div"
            | "li"
            | "ul"
            | "ol"
            | "dl"
            | "dt"
            | "dd"
            | "tr"
            | "table"
            | "tbody"
            | "thead"
            | "tfoot"
            | "caption"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "blockquote"
            | "center"
            | "pre"
            | "hr"
            | "section"
            | "article"
            | "main"
            | "aside"
            | "body"
            | "form"
            | "address"
            | "figure"
    )
}

fn heading_level(tag: &str) -> Option<u8> {
    match tag.as_bytes() {
        [b'h', level @ b'1'..=b'6'] => Some(level - b'0'),
        _ => None,
    }
}

/// Elements whose content is never text of the document.
fn is_hidden(tag: &str) -> bool {
    matches!(
        tag,
        "script" | "style" | "head" | "noscript" | "template" | "iframe" | "object" | "svg"
    )
}

/// A colour as CSS or a `color` attribute writes it, without spaces and in
/// lower case, so that two spellings of one colour compare equal.
fn folded_colour(colour: &str) -> String {
    colour
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase()
}

fn is_black(color: &str) -> bool {
    let color = folded_colour(color);
    color.is_empty() || BLACKS.contains(&color.as_str())
}

/// The text of a subtree, folded and cut short, to say what was dropped.
fn glimpse(node: ego_tree::NodeRef<Node>) -> String {
    let mut text = String::new();
    for n in node.descendants() {
        if let Node::Text(t) = n.value() {
            for word in t.split_whitespace() {
                if text.chars().count() >= GLIMPSE_CHARS {
                    text.push('…');
                    return text;
                }
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(word);
            }
        }
    }
    text
}

fn has_text(node: ego_tree::NodeRef<Node>) -> bool {
    node.descendants()
        .any(|n| matches!(n.value(), Node::Text(t) if !t.trim().is_empty()))
}

#[cfg(test)]
mod tests;
