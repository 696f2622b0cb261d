//! The shapes of a ban list's lines: a row of a table and its cells, lines
//! a converter ran into one, an item of a list, a head, a sentence, a card's
//! name as a line prints it, and a count a sentence prints.

use std::sync::LazyLock;

use regex::Regex;

use super::*;

/// A line's cells, where it is a row of a table: between bars (Markdown),
/// between tabs or runs of spaces (a layout copy), or before and after the
/// dash a converted table row puts after its first cell.
pub(super) fn row_cells(line: &str) -> Vec<String> {
    static GAP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\t+|\s{3,}").expect("valid regex"));
    let t = line.trim();
    let cells: Vec<&str> = if t.starts_with('|') {
        t.trim_matches('|').split('|').collect()
    } else if GAP.is_match(t) {
        GAP.split(t).collect()
    } else if let Some((a, b)) = t.split_once(" – ").or_else(|| t.split_once(" — ")) {
        vec![a, b]
    } else {
        vec![t]
    };
    cells
        .into_iter()
        .map(|c| plain_line(c.trim()))
        .filter(|c| !c.is_empty() || t.starts_with('|'))
        .collect()
}

/// The lines a converter ran into one paragraph ("Modern Format - Q's
/// Tent - Going to the Top"), taken apart at the list's marks: a head and
/// its items, or items, each short and no sentence. Any other line is
/// itself.
pub(super) fn unjoined(line: &str) -> Vec<String> {
    let t = line.trim();
    if is_marked(t) && !t.starts_with(['-', '*', '•']) {
        return vec![line.to_string()];
    }
    let body = t.trim_start_matches(['-', '*', '•']).trim_start();
    let parts: Vec<&str> = body
        .split(" - ")
        .flat_map(|p| p.split(" • "))
        .map(str::trim)
        .collect();
    // Each a title: short, no sentence, capitalized as a card's or a
    // format's name is (a note after a dash, "banned since 2016", is not).
    let short = parts.iter().all(|p| {
        !p.is_empty()
            && p.split_whitespace().count() <= 8
            && !p.ends_with('.')
            && p.starts_with(|c: char| {
                c.is_uppercase() || c.is_ascii_digit() || c == '"' || c == '\''
            })
    });
    let first = parts.first().copied().unwrap_or_default();
    let headed = ends_with_format(first)
        || status_of(first).is_some()
        || names_a_list(first)
        || first.ends_with(':');
    let marked = body.len() != t.len();
    if !short || parts.len() < 2 || !(parts.len() >= 3 || headed || marked) {
        return vec![line.to_string()];
    }
    parts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if k == 0 && !marked {
                p.to_string()
            } else {
                format!("- {p}")
            }
        })
        .collect()
}

/// Whether a line is an item of a list: a bullet or a number before it.
pub(super) fn is_marked(line: &str) -> bool {
    static MARK: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*(?:[-*+•·▪◦]\s+|\[\?\]\s+|\(?\d{1,3}[.)]\s+)").expect("valid regex")
    });
    MARK.is_match(line)
}

/// Whether a short line names a format by that word ("Modern Format",
/// "Tournament Formats").
pub(super) fn ends_with_format(bare: &str) -> bool {
    let words: Vec<&str> = bare.trim_end_matches(':').split_whitespace().collect();
    words.len() <= 5
        && words
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("format") || w.eq_ignore_ascii_case("formats"))
}

pub(super) fn has_date(text: &str) -> bool {
    !crate::dates::find_dates(text).is_empty()
}

/// A cell less the dates in it ("Modern 2019-03-04" is Modern).
pub(super) fn without_dates(text: &str) -> String {
    let mut kept = String::new();
    let mut from = 0;
    for (start, end, _) in crate::dates::find_dates(text) {
        kept.push_str(&text[from..start]);
        kept.push(' ');
        from = end;
    }
    kept.push_str(&text[from..]);
    kept.split_whitespace()
        .filter(|w| {
            !matches!(
                w.to_lowercase().as_str(),
                "since" | "from" | "on" | "as" | "of"
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A line without Markdown's marks: heading hashes, emphasis, list markers,
/// escapes.
pub(super) fn plain_line(line: &str) -> String {
    static MARKER: LazyLock<Regex> = LazyLock::new(|| {
        // A bullet whose glyph the conversion lost is marked `[?]`.
        Regex::new(r"^(?:#{1,6}\s+|[-*+•·▪◦–]\s+|\[\?\]\s+|\(?\d{1,3}[.)]\s+)")
            .expect("valid regex")
    });
    let mut s = line.trim().to_string();
    loop {
        let next = MARKER.replace(&s, "").to_string();
        if next == s {
            break;
        }
        s = next;
    }
    s.replace("\\", "")
        .replace("**", "")
        .replace("__", "")
        .trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace())
        .to_string()
}

/// Whether a line is set as a head: a Markdown heading, a line set bold
/// whole, or a few words ending in a colon.
pub(super) fn is_head(line: &str, bare: &str) -> bool {
    let words = bare.split_whitespace().count();
    if words == 0 || words > 8 || bare.ends_with('.') {
        return false;
    }
    let t = line.trim();
    t.starts_with('#')
        || (t.starts_with("**") && t.trim_end_matches(':').ends_with("**"))
        || bare.ends_with(':')
}

/// Whether a line is a sentence: prose, not a name.
pub(super) fn is_sentence(bare: &str) -> bool {
    let words = bare.split_whitespace().count();
    (words > 6 && (bare.ends_with('.') || bare.ends_with(':')))
        || (words > 3 && bare.contains(':') && bare.to_lowercase().contains("banned"))
        || words > 14
}

/// A count a sentence prints of the cards under it: "the following 12
/// cards", "these three cards".
pub(super) fn printed_count(sentence: &str) -> Option<usize> {
    static COUNT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\s+cards?\b")
            .expect("valid regex")
    });
    let word = COUNT.captures(sentence)?.get(1)?.as_str().to_lowercase();
    const WORDS: [&str; 19] = [
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    word.parse()
        .ok()
        .or_else(|| WORDS.iter().position(|w| *w == word).map(|p| p + 2))
}

/// A card's name as a list line prints it, less a note after a spaced
/// dash ("Q's Tent — banned 2018-12-20") and a count ("1x").
pub(super) fn card_name(bare: &str) -> String {
    let mut name = bare.trim();
    for sep in [" — ", " – ", " -- ", " - ", "\t"] {
        if let Some((before, _)) = name.split_once(sep) {
            name = before.trim();
        }
    }
    // A card's name is a title: a line that opens in lower case goes on
    // with the sentence before it ("bans no card.").
    if bare.split_whitespace().count() > 10 || bare.starts_with(char::is_lowercase) {
        return String::new();
    }
    name.trim_end_matches([',', ';', '.']).trim().to_string()
}

/// Names listed in a run of words: "Q's Tent, Mirror Image and Hunter
/// Gangs"; "Modern, Traditional".
pub(super) fn split_names(words: &str) -> Vec<String> {
    words
        .split([',', ';'])
        .flat_map(|part| {
            let part = part.trim();
            let part = part.strip_prefix("and ").unwrap_or(part);
            part.split(" and ").map(str::to_string).collect::<Vec<_>>()
        })
        .map(|n| card_name(n.trim()))
        .filter(|n| !n.is_empty())
        .collect()
}
