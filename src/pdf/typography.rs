//! What a text run's font and colour say: bold (a head), coloured (a new
//! entry), a symbol font or a private-use code point (an icon whose meaning
//! the text layer lost).

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

/// Whether a character is from a private-use area, where icon fonts put
/// their glyphs.
pub(crate) fn is_private_use(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
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
}
