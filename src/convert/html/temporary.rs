//! Blue, the colour in which the rules pages print temporary rulings (the
//! Glossary's and the monthly articles' "bluetext"). On a page that speaks
//! of temporary rulings, a head set in blue is a temporary ruling's: it is
//! tagged `(temporary)` at the end of its topic, which the parser reads as
//! the ruling's temporary status and drops from the topic, and it is not
//! marked new. Elsewhere blue is a colour like any other: the new marker.

use super::*;

/// Whether a colour, as a `color` attribute or style writes it, is blue: a
/// blue name, or a blue channel well above the red and the green (`#0000FF`,
/// `#3366ff`, `rgb(0, 0, 204)`), not a cyan nor a purple.
pub(super) fn is_blue(colour: &str) -> bool {
    let c = folded_colour(colour);
    if matches!(
        c.as_str(),
        "blue" | "navy" | "darkblue" | "mediumblue" | "royalblue"
    ) {
        return true;
    }
    let channels = if let Some(hex) = c
        .strip_prefix('#')
        .filter(|h| h.chars().all(|ch| ch.is_ascii_hexdigit()))
    {
        let wide = |h: &str| u8::from_str_radix(h, 16).ok();
        match hex.len() {
            3 | 4 => {
                let one = |i: usize| wide(&hex[i..=i]).map(|v| v * 17);
                (one(0), one(1), one(2))
            }
            6 | 8 => (wide(&hex[0..2]), wide(&hex[2..4]), wide(&hex[4..6])),
            _ => return false,
        }
    } else if let Some(inside) = c
        .strip_prefix("rgb(")
        .or_else(|| c.strip_prefix("rgba("))
        .and_then(|r| r.strip_suffix(')'))
    {
        let mut parts = inside.split(',').map(|p| p.parse::<u8>().ok());
        (
            parts.next().flatten(),
            parts.next().flatten(),
            parts.next().flatten(),
        )
    } else {
        return false;
    };
    let (Some(r), Some(g), Some(b)) = channels else {
        return false;
    };
    let (r, g, b) = (u16::from(r), u16::from(g), u16::from(b));
    b >= 0x80 && b >= r + 0x60 && b >= g + 0x30
}

/// Whether the page speaks of temporary rulings anywhere in its text.
pub(super) fn speaks_of_temporary(text: &str) -> bool {
    text.to_ascii_lowercase().contains("temporary")
}

/// A head line with its topic tagged temporary: the tag before the bold's
/// end (`**Borg Queen (temporary)** – …`) or before the dash of a plain
/// head; `None` for a line that is no head.
pub(super) fn tagged(line: &str) -> Option<String> {
    const TAG: &str = " (temporary)";
    let end = if let Some(rest) = line.strip_prefix("**") {
        2 + rest.find("**")?
    } else if matches!(classify(line), Shape::Candidate(_)) {
        line.find(" – ").or_else(|| line.find(" - "))?
    } else {
        return None;
    };
    let (head, rest) = line.split_at(end);
    let head = head.trim_end();
    let (head, colon) = match head.strip_suffix(':') {
        Some(h) => (h, ":"),
        None => (head, ""),
    };
    Some(format!("{head}{TAG}{colon}{rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blue_is_told_by_its_channels() {
        for blue in [
            "blue",
            "#0000FF",
            "#00f",
            "#3366ff",
            "rgb(0, 0, 204)",
            "navy",
        ] {
            assert!(is_blue(blue), "{blue}");
        }
        for other in ["red", "#d00000", "#00ffff", "#800080", "black", "#808080"] {
            assert!(!is_blue(other), "{other}");
        }
    }

    #[test]
    fn a_head_is_tagged_where_its_topic_ends() {
        assert_eq!(
            tagged("**Borg Queen** – Until further notice.").as_deref(),
            Some("**Borg Queen (temporary)** – Until further notice.")
        );
        assert_eq!(
            tagged("**Borg Queen**").as_deref(),
            Some("**Borg Queen (temporary)**")
        );
        assert_eq!(tagged("Until further notice, nothing."), None);
    }
}
