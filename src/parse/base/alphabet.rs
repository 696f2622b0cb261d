//! Where a Glossary's alphabet runs: the Temporary Rulings set near the top
//! end where the alphabet begins again, and the letters set over its runs
//! ("A", "B", …) are no text of any entry.

use super::super::heads::initial;
use super::super::lines::{classify, Shape};
use super::banners::is_letter_divider;
use regex::Regex;
use std::sync::LazyLock;

/// How a line of an alphabetical part is handed to the rulings reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reread {
    /// A letter over a run of entries: a break between entries, no text.
    Letter,
    /// Where the Glossary begins after the Temporary Rulings: the reader is
    /// told so by the part's name before the line (a letter then gives way
    /// to the name).
    GlossaryBegins,
    /// Letters a paste ran into the line between two entries (`… held
    /// there. C capturing – …`, `… beam personnel. D`): taken out.
    Letters,
    /// An icon legend's line that opens with the icon's code in brackets
    /// (`[AU] – Alternate Universe …`, as text prints an icon): the code
    /// is its head, as a bold head is.
    Icon,
}

/// An icon's code in brackets at the start of a line, and what follows it
/// (after a dash or a colon, if one is printed).
static ICON_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(\[[^\[\]\n]{1,24}\])\s*(?:[\u{2013}\u{2014}:-]\s*)?(\S.*)$")
        .expect("valid regex")
});

/// An icon's code in brackets alone on its line.
static ICON_ALONE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(\[[^\[\]\n]{1,24}\])\s*$").expect("valid regex"));

/// Whether a line of an icon legend opens with an icon's code, or is the
/// code alone over the dash that opens what it means (`[AU]` / `– Alternate
/// Universe …`, as a narrow column sets a code set apart).
pub(super) fn opens_with_icon(line: &str, next: Option<&str>) -> bool {
    ICON_LINE.is_match(line)
        || (ICON_ALONE.is_match(line)
            && next.is_some_and(|n| n.trim_start().starts_with(['\u{2013}', '\u{2014}', '-'])))
}

/// The initial a line files under, if it opens an entry: a head's shape
/// at the start of a paragraph.
pub(super) fn head_initial(line: &str, after_break: bool, before: Option<&str>) -> Option<char> {
    let opens_paragraph = after_break
        || before.is_none_or(|b| {
            let b = b.trim_end();
            b.is_empty() || b.ends_with(['.', '!', '?', ':']) || super::part_heading(b).is_some()
        });
    if !opens_paragraph {
        return None;
    }
    match classify(line) {
        Shape::Candidate(c) => initial(&c.topic),
        _ => None,
    }
}

/// Whether a line follows a break in the text: a blank line, or a new
/// page (`page_tops`, where a copy kept its pages apart).
pub(super) fn after_break(lines: &[&str], page_tops: &[bool], i: usize) -> bool {
    page_tops.get(i).copied().unwrap_or(false)
        || i.checked_sub(1).is_some_and(|b| lines[b].trim().is_empty())
}

/// The Glossary's alphabet starting again after its Temporary Rulings,
/// where no letter is set over its first entries: after a break (a new
/// page, a blank line), a head filed before the last of the Temporary
/// Rulings. Asked of each line of the Temporary Rulings in turn.
#[derive(Debug, Default)]
pub(super) struct Restart {
    /// The initial of the last head of the Temporary Rulings.
    last: Option<char>,
}

impl Restart {
    /// Whether the alphabet starts again at line `i`.
    pub(super) fn at(&mut self, lines: &[&str], page_tops: &[bool], i: usize) -> bool {
        let broke = after_break(lines, page_tops, i);
        let before = i.checked_sub(1).map(|b| lines[b]);
        let now = head_initial(lines[i], broke, before);
        let restarts = broke && now.zip(self.last).is_some_and(|(n, t)| n < t);
        self.last = now.or(self.last);
        restarts
    }
}

/// Whether a Glossary sets its Temporary Rulings before its alphabet: a
/// Temporary Rulings heading before the first letter over a run of
/// entries. The lines before that heading are then its preamble ("How to
/// use the Glossary – …"), not entries.
pub(super) fn temporary_first(lines: &[&str], from: usize) -> bool {
    for line in lines.iter().skip(from) {
        if super::part_heading(line) == Some(super::Part::Temporary) {
            return true;
        }
        if is_letter_divider(line) {
            return false;
        }
    }
    false
}

/// The head after a letter a paste ran onto it (`C capturing – A captured
/// …`): a capital alone, then a head filed under that letter.
pub(super) fn letter_run_in(line: &str) -> Option<&str> {
    let (letter, rest) = line.trim_start().split_once(' ')?;
    let mut chars = letter.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
        _ => return None,
    };
    let rest = rest.trim_start();
    match classify(rest) {
        Shape::Candidate(c) if initial(&c.topic) == Some(letter) && c.topic.len() > 1 => Some(rest),
        _ => None,
    }
}

/// A line without the letters a paste ran into it after a sentence's end:
/// one before the head it stands over (`… held there. C capturing – …`),
/// or one alone at the line's end (`… beam personnel. D`). `None` where
/// there are none.
pub(super) fn without_run_in_letters(line: &str) -> Option<String> {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for at in super::super::flow::sentence_ends(line) {
        let rest = &line[at..];
        if let Some(head) = letter_run_in(rest) {
            cuts.push((at, line.len() - head.len()));
        } else if is_letter_divider(rest) && rest.trim().len() == 1 {
            cuts.push((at, line.len()));
        }
    }
    if cuts.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(line.len());
    let mut from = 0;
    for (start, end) in cuts {
        out.push_str(&line[from..start]);
        from = end;
    }
    out.push_str(&line[from..]);
    Some(out.trim_end().to_string())
}

/// The line as the rulings reader is to read it.
pub(super) fn reread(line: &str, how: Reread) -> String {
    match how {
        // A letter alone gives way to a break; one a paste ran onto a head
        // gives way to the head.
        Reread::Letter => letter_run_in(line).unwrap_or_default().to_string(),
        Reread::Letters => without_run_in_letters(line).unwrap_or_else(|| line.to_string()),
        Reread::Icon => match (ICON_LINE.captures(line), ICON_ALONE.captures(line)) {
            (Some(c), _) => format!("**{}** \u{2013} {}", &c[1], &c[2]),
            // Its dash and meaning follow on the next line.
            (None, Some(c)) => format!("**{}**", &c[1]),
            (None, None) => line.to_string(),
        },
        // A heading's mark: "Glossary" alone at a page's top would be read
        // as the title printed again.
        Reread::GlossaryBegins if is_letter_divider(line) || line.trim().is_empty() => {
            "## Glossary".to_string()
        }
        Reread::GlossaryBegins => {
            format!(
                "Glossary {}",
                letter_run_in(line).unwrap_or(line).trim_start()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_files_under_its_initial_only_where_a_paragraph_opens() {
        assert_eq!(
            head_initial("Dead End – If a second copy", false, Some("turn.")),
            Some('d')
        );
        assert_eq!(
            head_initial("affiliation – Every personnel", true, Some("1")),
            Some('a')
        );
        // Inside a sentence the shape of a head is none.
        assert_eq!(
            head_initial("Dead End – If a second copy", false, Some("the rule of")),
            None
        );
        assert_eq!(
            head_initial(
                "Dead End – If a second copy",
                false,
                Some("Temporary Rulings")
            ),
            Some('d')
        );
        assert_eq!(
            head_initial("the same player, is revealed", false, None),
            None
        );
    }

    #[test]
    fn temporary_rulings_come_first_when_their_heading_precedes_the_letters() {
        let first = [
            "GLOSSARY",
            "How to use the Glossary – Look up.",
            "Temporary Rulings",
            "A",
        ];
        assert!(temporary_first(&first, 1));
        let last = ["GLOSSARY", "A", "affiliation – Text.", "Temporary Rulings"];
        assert!(!temporary_first(&last, 1));
    }

    #[test]
    fn the_glossary_is_named_where_it_begins() {
        assert_eq!(reread("A", Reread::GlossaryBegins), "## Glossary");
        assert_eq!(
            reread("affiliation – Every", Reread::GlossaryBegins),
            "Glossary affiliation – Every"
        );
        assert_eq!(reread("", Reread::GlossaryBegins), "## Glossary");
        assert_eq!(reread("B", Reread::Letter), "");
        assert_eq!(
            reread("C capturing – A captured personnel", Reread::Letter),
            "capturing – A captured personnel"
        );
        assert_eq!(
            reread("A affiliation – Every card", Reread::GlossaryBegins),
            "Glossary affiliation – Every card"
        );
        // A word of one letter that opens a sentence is no letter over a run.
        assert_eq!(letter_run_in("A battle – is started by a leader"), None);
        assert_eq!(letter_run_in("I think – so"), None);
        assert_eq!(
            reread(
                "brig – It is held there. C capturing – A captured personnel goes there.",
                Reread::Letters
            ),
            "brig – It is held there. capturing – A captured personnel goes there."
        );
        assert_eq!(
            reread("cloaking – It may not beam personnel. D", Reread::Letters),
            "cloaking – It may not beam personnel."
        );
        assert_eq!(without_run_in_letters("See brig. A card is stopped."), None);
    }
}
