//! What a text run's font and colour say: bold (a head), coloured (a new
//! entry), a symbol font or a private-use code point (an icon whose meaning
//! the text layer lost); and what a tag printed beside a head says (a new
//! entry), for the PDF and web-page readers alike.

/// Whether a run is bold. The font's name says so when it names a weight
/// (`Arial-BoldMT`, `DejaVuSerif-Bold`, `Helvetica-Black`) or a regular
/// face (`Times-Roman`, `Arial-ItalicMT`: a PostScript name lists the weight
/// before the style, so a style without a weight is the regular weight);
/// only a name that says neither leaves it to the weight the crate reports,
/// which it may guess from the stems (groff's Times-Roman comes out as 700).
pub(crate) fn is_bold(font_name: &str, weight: u16) -> bool {
    let name = font_name.to_ascii_lowercase();
    // A subset's tag (`ABCDEF+`) is no part of the name.
    let name = name.split_once('+').map_or(name.as_str(), |(_, n)| n);
    if ["bold", "black", "heavy", "semibold", "demi"]
        .iter()
        .any(|w| name.contains(w))
    {
        return true;
    }
    let regular = [
        "regular", "roman", "book", "light", "thin", "medium", "italic", "oblique", "normal",
    ];
    if regular.iter().any(|w| name.contains(w)) {
        return false;
    }
    weight >= 600
}

/// Whether a fill colour is other than black or grey: the official
/// documents print new and changed entries in red.
pub(crate) fn is_colored(r: f32, g: f32, b: f32) -> bool {
    let (high, low) = (r.max(g).max(b), r.min(g).min(b));
    // Grey (and black) have equal channels; a colour stands apart.
    high - low > 0.25
}

/// Whether a font draws symbols rather than letters, so that its glyphs'
/// code points mean nothing: Symbol, ZapfDingbats, Wingdings, Webdings,
/// Marlett and the like. (Not "icon": a text face may be named Lexicon.)
pub(crate) fn is_symbol_font(font_name: &str) -> bool {
    let name = font_name.to_ascii_lowercase();
    ["symbol", "dingbat", "wingding", "webding", "marlett"]
        .iter()
        .any(|w| name.contains(w))
}

/// A fill colour folded to one number, to tell colours apart (channels to
/// 1/16, so one colour printed by two operators is one).
pub(crate) fn colour_key(r: f32, g: f32, b: f32) -> u16 {
    let q = |c: f32| (c.clamp(0.0, 1.0) * 15.0).round() as u16;
    (q(r) << 8) | (q(g) << 4) | q(b)
}

/// Whether a character is from a private-use area, where icon fonts put
/// their glyphs.
pub(crate) fn is_private_use(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Tags a document prints beside a new entry's head, compared without
/// case only when bracketed (a bare `New` may begin a topic: "New Orleans").
const NEW_TAGS: [&str; 4] = ["NEW", "NEW!", "NEW:", "NEW –"];
const BRACKETED_NEW: [&str; 4] = ["(new)", "[new]", "(new!)", "[new!]"];

/// A line whose head carries a new tag, given the parser's new marker
/// instead: `NEW Topic – text`, `**NEW Topic** – text`, `**(new) Topic**`,
/// `**Topic (NEW)** – text` become `*Topic – text`, `***Topic** – text`…
/// A line without the tag, or with nothing but the tag, is none.
pub(crate) fn new_tag_marked(line: &str) -> Option<String> {
    let (bold, rest) = match line.strip_prefix("**") {
        Some(rest) => ("**", rest),
        None => ("", line),
    };
    let leading = |tag: &str| -> Option<&str> {
        let after = if tag.starts_with(['(', '[']) {
            rest.get(..tag.len())
                .filter(|t| t.eq_ignore_ascii_case(tag))
                .map(|_| &rest[tag.len()..])
        } else {
            rest.strip_prefix(tag)
        }?;
        after
            .starts_with(' ')
            .then(|| after.trim_start())
            .filter(|a| a.chars().next().is_some_and(char::is_alphanumeric))
    };
    if let Some(after) = NEW_TAGS
        .iter()
        .chain(&BRACKETED_NEW)
        .find_map(|tag| leading(tag))
    {
        return Some(format!("*{bold}{after}"));
    }
    // A tag that ends the head: before the bold's end or the dash.
    let head_end = if bold.is_empty() {
        rest.find(" – ").or_else(|| rest.find(" - "))?
    } else {
        rest.find("**")?
    };
    let head = &rest[..head_end];
    let trailing = |tag: &str| -> Option<usize> {
        let start = head.len().checked_sub(tag.len() + 1)?;
        let found = head.get(start + 1..)?;
        let matches = if tag.starts_with(['(', '[']) {
            found.eq_ignore_ascii_case(tag)
        } else {
            found == tag
        };
        (matches && head[..start + 1].ends_with(' ') && start > 0).then_some(start)
    };
    let start = ["NEW", "NEW!"]
        .iter()
        .chain(&BRACKETED_NEW)
        .find_map(|tag| trailing(tag))?;
    Some(format!("*{bold}{}{}", &head[..start], &rest[head_end..]))
}

/// Lines at the top of the Markdown a title block is looked for in.
const TITLE_BLOCK_LINES: usize = 8;
/// Most words of a title block's line.
const TITLE_BLOCK_WORDS: usize = 12;

/// A document whose title and date are printed only as a running header
/// (or footer, or a web page's print header): the furniture is dropped as content, but what it says about
/// the document is not. When the title block (the first lines of the pages'
/// text) gives no date, the first dated running line is put back once, as
/// the first line and a title (`#`), where the parser looks for the
/// document's title and date; as a plain line, "Title — date" would read
/// as a head and its text. A title block with a date of its own keeps the
/// header dropped.
pub(crate) fn with_running_title(markdown: String, dated_furniture: Option<&str>) -> String {
    // The title block's lines are short and open no entry (a bold head):
    // a ruling citing a date is neither.
    let title_block_dated = markdown
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(TITLE_BLOCK_LINES)
        .filter(|l| !l.starts_with("**") && l.split_whitespace().count() <= TITLE_BLOCK_WORDS)
        .any(|l| !crate::dates::find_dates(l).is_empty());
    match dated_furniture {
        Some(title) if !title_block_dated => format!("# {title}\n\n{markdown}"),
        _ => markdown,
    }
}

/// Whether a running line's date can be the document's: a date, and no
/// time of day (a browser prints the moment of printing, "11/25/26, 2:42
/// AM", in its header; no document is dated to the minute).
pub(crate) fn is_document_date(text: &str) -> bool {
    static CLOCK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\b)?").expect("valid regex")
    });
    !crate::dates::find_dates(text).is_empty() && !CLOCK.is_match(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_is_read_from_the_weight_or_the_name() {
        assert!(is_bold("F3", 700));
        assert!(!is_bold("F1", 400));
        // The name's weight wins over a weight guessed from the stems.
        assert!(!is_bold("PVXDJM+Times-Roman", 700));
        assert!(!is_bold("Arial-ItalicMT", 700));
        assert!(is_bold("Times-BoldItalic", 400));
        assert!(is_bold("AAAAAA+DejaVuSerif-Bold", 400));
        assert!(is_bold("Arial,Black", 400));
        assert!(!is_bold("BAAAAA+DejaVuSerif", 400));
    }

    #[test]
    fn red_is_colored_and_grey_is_not() {
        assert!(is_colored(0.8, 0.0, 0.0));
        assert!(is_colored(0.0, 0.0, 1.0));
        assert!(!is_colored(0.0, 0.0, 0.0));
        assert!(!is_colored(0.4, 0.4, 0.4));
    }

    #[test]
    fn symbol_fonts_and_private_use_are_icons() {
        assert!(is_symbol_font("Symbol"));
        assert!(is_symbol_font("ZapfDingbats"));
        assert!(is_symbol_font("CAAAAA+TrekSymbol-Regular"));
        assert!(!is_symbol_font("Helvetica"));
        assert!(!is_symbol_font("Lexicon-Roman"));
        assert!(is_private_use('\u{E000}'));
        assert!(is_private_use('\u{F0A8}'));
        assert!(!is_private_use('♦'));
    }

    #[test]
    fn a_new_tag_beside_a_head_is_the_new_marker() {
        let marked = |l: &str| new_tag_marked(l);
        assert_eq!(
            marked("**NEW COUPLE** – a pair."),
            Some("***COUPLE** – a pair.".into())
        );
        assert_eq!(marked("NEW! Set Up – text"), Some("*Set Up – text".into()));
        assert_eq!(
            marked("**(new) Dabo**: text"),
            Some("***Dabo**: text".into())
        );
        assert_eq!(
            marked("**Dabo (NEW)** – text"),
            Some("***Dabo** – text".into())
        );
        assert_eq!(marked("Set Up NEW – text"), Some("*Set Up – text".into()));
        // A topic that begins with the word, and a tag alone, are not tags.
        assert_eq!(marked("**New Orleans** – text"), None);
        assert_eq!(marked("**NEW**"), None);
        assert_eq!(marked("**Dabo** – a new card"), None);
        assert_eq!(marked("NEW"), None);
    }
}
