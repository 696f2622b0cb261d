//! Where a document prints dates and which of them are its own: the dates
//! of its title block, running headers, version lines and first page, as
//! candidates, and the words that make a date another document's (a release
//! it cites).

use super::*;

/// Words right before a date that make it another document's date.
pub(super) static CITING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:since|of|dated|until|before|after|reverses|replaces|supersedes)\s+(?:the\s+)?\(?$",
    )
    .expect("valid regex")
});
/// "since the last Current Rulings document (2/28/00)": the date of an
/// earlier document, named before it.
pub(super) static CITING_EARLIER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:since|until|before|after|replaces|supersedes)\s+(?:the\s+)?(?:last|previous|prior|earlier|preceding)\s+(?:[\w-]+\s+){0,4}\(?$",
    )
    .expect("valid regex")
});
/// An item of a bulleted list: a list of documents ("• Rulebook Version
/// 1.6 (October 1999)") cites each of them, the document itself included.
pub(super) static LIST_BULLET: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:[-+•·▪◦]\s*|\*\s+)\S").expect("valid regex"));
/// "as of 3 May 2021", "effective of": the document's own date.
pub(super) static OWN_OF: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:as|effective)\s+of\s+$").expect("valid regex"));
pub(super) static VERSION_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bversion\s+v?\d+(?:\.\d+)*\b").expect("valid regex"));
/// How many non-blank lines from the top make the title block.
pub(super) const TITLE_BLOCK_LINES: usize = 8;
/// A line of the title block carries little besides its date.
pub(super) const TITLE_BLOCK_WORDS: usize = 8;
/// A line printed this many times is a running header or footer.
pub(super) const RUNNING_TIMES: usize = 2;

/// What a dated line keeps from page to page: its words and its date,
/// without the page number ("Current Rulings, 12 June 2022, page 3").
pub(super) fn running_key(text: &str) -> Option<String> {
    let t = text.trim();
    let dates = crate::dates::find_dates(t);
    let (_, _, date) = *dates.first()?;
    let mut rest = t.to_string();
    for (s, e, _) in dates.iter().rev() {
        rest.replace_range(*s..*e, " ");
    }
    let words: Vec<&str> = rest
        .split_whitespace()
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    Some(format!("{date} {}", words.join(" ")))
}

/// Whether a line ends with a month's name.
pub(super) fn ends_with_month(text: &str) -> bool {
    text.split_whitespace().next_back().is_some_and(|w| {
        crate::dates::MONTHS
            .iter()
            .any(|m| m.eq_ignore_ascii_case(w.trim_end_matches(',')))
    })
}

/// Every date of the document's lines that could be its own, each with its
/// place: the title block, version lines, running headers, dating lines and
/// short lines before the first entry. A body line's date is none; a date
/// in words citing another document is kept, marked cited.
pub(super) fn date_candidates(
    lines: &[Line],
    accepted: &[bool],
    front: &[FrontParagraph],
    first_head: usize,
    title_index: Option<usize>,
) -> Vec<DateCandidate> {
    // The lines as read, and the lines set aside as page furniture (a
    // running header, a page footer), which only the front matter keeps.
    struct Seen<'a> {
        no: usize,
        text: &'a str,
        title: bool,
        blank: bool,
        accepted: bool,
    }
    let numbers: std::collections::HashSet<usize> = lines.iter().map(|l| l.no).collect();
    let mut seen_lines: Vec<Seen> = lines
        .iter()
        .zip(accepted)
        .map(|(l, a)| Seen {
            no: l.no,
            text: &l.text,
            title: l.shape == Shape::Title,
            blank: l.shape == Shape::Blank,
            accepted: *a,
        })
        .collect();
    seen_lines.extend(
        front
            .iter()
            .filter(|p| p.line == p.end_line && !numbers.contains(&p.line))
            .map(|p| Seen {
                no: p.line,
                text: &p.text,
                title: false,
                blank: false,
                accepted: false,
            }),
    );
    seen_lines.sort_by_key(|l| l.no);
    let first_head_no = lines.get(first_head).map_or(usize::MAX, |l| l.no);
    let title_no = title_index.map(|i| lines[i].no);
    let title_at = title_no.and_then(|no| seen_lines.iter().position(|l| l.no == no));

    let mut times: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for l in seen_lines.iter().filter(|l| !l.accepted) {
        if let Some(key) = running_key(l.text) {
            *times.entry(key).or_default() += 1;
        }
    }
    let title_key = title_index
        .map(|t| item_name(&lines[t].text))
        .filter(|k| !k.is_empty());
    let mut nonblank = 0usize;
    let mut found = Vec::new();
    for (i, l) in seen_lines.iter().enumerate() {
        let before_entries = l.no < first_head_no;
        if !l.blank && before_entries {
            nonblank += 1;
        }
        let text = l.text.trim().trim_start_matches('#').trim();
        // A title whose date the measure wrapped after its month (`Current
        // Rulings Document February` / `6, 2012`) is read with its next line.
        let joined;
        let text = match seen_lines
            .get(i + 1)
            .filter(|_| l.title && ends_with_month(text))
        {
            Some(next) => {
                joined = format!("{text} {}", next.text.trim());
                joined.as_str()
            }
            None => text,
        };
        // "Version 2.5.4 — April 2024" reads like a head and its text; it
        // still dates the document.
        if l.accepted && VERSION_LINE.find(text).is_none_or(|m| m.start() != 0) {
            continue;
        }
        let dates = crate::dates::find_dates(text);
        if dates.is_empty() || is_range(text, &dates) {
            continue;
        }
        let is_title = l.title;
        let listed = LIST_BULLET.is_match(text);
        // The words that cite a date may end the lines before it, where a
        // wrap broke the sentence (`… since the last` / `Current Rulings
        // document` / `(2/28/00) are marked …`).
        let lead_in =
            sentence_before(
                seen_lines[..i]
                    .iter()
                    .map(|l| if l.blank { "" } else { l.text }),
            );
        let cited = |start: usize| {
            let before = format!("{lead_in} {}", &text[..start]);
            let before = before.trim_start();
            !is_title
                && (listed
                    || CITING_EARLIER.is_match(before)
                    || (CITING.is_match(before) && !OWN_OF.is_match(before)))
        };
        let own: Vec<_> = dates.iter().filter(|(s, _, _)| !cited(*s)).collect();
        let mut rest = text.to_string();
        for (s, e, _) in dates.iter().rev() {
            rest.replace_range(*s..*e, " ");
        }
        let short = rest.split_whitespace().count() <= TITLE_BLOCK_WORDS;
        // Near the title, with nothing but the title block's short lines
        // between: a date under a ruling's head after a first sentence
        // (`… a positive integer.` / `Examining a Card` / `2016-11-02`) is
        // that ruling's.
        let near_title = title_at.is_some_and(|t| {
            i > t
                && i <= t + 4
                && seen_lines[t + 1..i].iter().all(|l| {
                    l.blank
                        || (l.text.split_whitespace().count() <= TITLE_BLOCK_WORDS
                            && !l.text.trim_end().ends_with(['.', '!', '?']))
                })
        }) && short;
        // "11/1/21 This Glossary is …", "Version 1.9.1 11/1/21 This …":
        // the title block's date (and version) run into the first
        // paragraph where a copy lost the line breaks.
        let opens_under_title = title_at.is_some_and(|t| {
            i > t
                && seen_lines[t + 1..i].iter().all(|l| l.blank)
                && only_a_version(&text[..dates[0].0])
        });
        let running = short
            && running_key(l.text)
                .and_then(|k| times.get(&k))
                .copied()
                .unwrap_or(0)
                >= RUNNING_TIMES;
        // A byline under the title: who posted the page and when, or its
        // day alone (with its weekday).
        let byline = !is_title
            && before_entries
            && (near_title || nonblank <= TITLE_BLOCK_LINES)
            && short
            && own.len() == 1
            && is_byline(&rest);
        let place = if byline {
            Some(DatePlace::Byline)
        } else if running && !is_title {
            Some(DatePlace::RunningHeader)
        } else if VERSION_LINE.is_match(text) && short {
            Some(DatePlace::VersionLine)
        } else if is_title
            || (before_entries && short && nonblank <= TITLE_BLOCK_LINES)
            || near_title
            || opens_under_title
        {
            Some(DatePlace::TitleBlock)
        } else if before_entries && dating_line(text, false).is_some() {
            Some(DatePlace::DatingLine)
        } else if before_entries && short {
            Some(DatePlace::FirstPage)
        } else {
            None
        };
        // A list of the documents that make up the rules names this one
        // too (`• Current Rulings (3/27/00)` under a title `Current
        // Rulings`): that item's date is the document's own.
        let own_item = title_key.as_deref().and_then(|title| {
            dates.iter().find(|(start, _, _)| {
                listed && before_entries && item_name(&text[..*start]) == title
            })
        });
        if let Some(&(start, end, date)) = own_item {
            found.push(DateCandidate {
                date,
                month_only: crate::dates::month_only(&text[start..end]),
                place: place.unwrap_or(DatePlace::FirstPage),
                line: Some(l.no),
                cited: false,
            });
            continue;
        }
        let Some(place) = place else { continue };
        let candidate =
            |(start, end, date): (usize, usize, NaiveDate), cited: bool| DateCandidate {
                date,
                month_only: crate::dates::month_only(&text[start..end]),
                place,
                line: Some(l.no),
                cited,
            };
        if own.is_empty() {
            found.push(candidate(dates[0], true));
            continue;
        }
        // A revision date wins over the first printing's.
        let pick = dating_line(text, is_title)
            .and_then(|d| own.iter().find(|(_, _, o)| *o == d))
            .unwrap_or(&own[0]);
        found.push(candidate(**pick, false));
    }
    found
}

/// What a byline says besides its date: who posted the page and when
/// ("Posted by rules_desk on", "Published", "by the Rules Team,"), or
/// nothing but the day of the week, as a blog heads a post ("Tuesday,
/// March 4, 2025"). A date alone is the title block's, as any document's.
static BYLINE_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:posted|published|written|submitted|by)\b").expect("valid regex")
});

/// Whether a line's words besides its date (`rest`) are a byline's.
pub(super) fn is_byline(rest: &str) -> bool {
    let rest = rest.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '*' | '_')
    });
    let words: Vec<&str> = rest
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect();
    BYLINE_WORDS.is_match(rest)
        || (!words.is_empty()
            && words
                .iter()
                .all(|w| crate::parse::lines::WEEKDAY.is_match(w)))
}

/// The name of the last item of a list before a date, folded to compare
/// with a title: `• Rulebook (Oct 1999) • Current Rulings (` → `current
/// rulings`; a title's own words folded the same way.
pub(super) fn item_name(before: &str) -> String {
    let item = before.rsplit(['•', '·', '▪', '◦']).next().unwrap_or(before);
    item.trim_start_matches(['#', '*', '-', '+', ' '])
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many of a document's first lines may name its edition where its
/// title block and preamble do not.
pub(super) const EDITION_REACH: usize = 60;

/// The edition a match of [`EDITION`] names.
pub(super) fn edition_of(c: &regex::Captures) -> Edition {
    let word = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
    if word.eq_ignore_ascii_case("first") || word == "1" {
        Edition::First
    } else {
        Edition::Second
    }
}

/// Whether a line names both editions though it writes "Edition" once
/// ("First vs. Second Edition", "First and Second Editions", "1E or 2E"):
/// it tells neither.
pub(super) fn names_both(line: &str) -> bool {
    static BOTH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:first|1e)\s*(?:and|or|vs\.?|versus|&|/)\s*(?:second|2e)\b|\b(?:second|2e)\s*(?:and|or|vs\.?|versus|&|/)\s*(?:first|1e)\b")
            .expect("valid regex")
    });
    BOTH.is_match(line)
}

/// The one edition the first lines name, with the first line naming it,
/// where they name one and never the other.
pub(super) fn only_edition_named(lines: &[Line]) -> Option<(Edition, usize)> {
    let mut named: Option<(Edition, usize)> = None;
    for l in lines.iter().take(EDITION_REACH) {
        if names_both(&l.text) {
            return None;
        }
        for c in EDITION.captures_iter(&l.text) {
            let e = edition_of(&c);
            match named {
                None => named = Some((e, l.no)),
                Some((first, _)) if first != e => return None,
                Some(_) => {}
            }
        }
    }
    named
}

/// How many lines before a date the words citing it may start.
pub(super) const CITING_REACH: usize = 2;

/// The end of the sentence a line goes on from: up to [`CITING_REACH`]
/// of the lines before it (`before`, in order), joined, where none of them
/// ends a sentence or is blank.
pub(super) fn sentence_before<'a>(before: impl DoubleEndedIterator<Item = &'a str>) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for text in before.rev().take(CITING_REACH) {
        let text = text.trim();
        if text.is_empty() || !crate::parse::lines::ends_mid_sentence(text) {
            break;
        }
        parts.push(text);
    }
    parts.reverse();
    parts.join(" ")
}
