//! A paragraph's lines written as Markdown: bold heads and coloured new
//! entries marked, icons and symbols kept, and words a line's end broke
//! with a hyphen joined where the document spells them whole.

use super::*;

/// A piece of a paragraph's text with its typography.
pub(super) struct Piece {
    pub(super) text: String,
    pub(super) bold: bool,
}

/// Whether a paragraph's color marks it new. A document colors a whole new
/// entry, so a colored paragraph after a colored one goes on that entry —
/// unless it opens with a bold head, which starts the next new entry.
pub(super) fn color_marks_new(
    starts_colored: bool,
    starts_bold: bool,
    after_colored: bool,
) -> bool {
    starts_colored && (starts_bold || !after_colored)
}

/// Writes one paragraph as Markdown: lines joined (hyphens at line ends
/// resolved), bold runs in `**`, icons as `[?]`, the new marker in front.
/// Says too whether the paragraph ends in colored text, for the next one.
pub(super) fn write_paragraph(
    lines: &[Line],
    (body_size, title_size): (f32, f32),
    (after_colored, after_barred): (bool, bool),
    words: &HashSet<String>,
    result: &mut PdfMarkdown,
) -> (String, bool, Option<u16>) {
    // An item of a table of contents is written as printed, plain: it
    // names a head without opening it.
    if let [line] = lines {
        if is_contents_line(&line.text()) {
            let text: String = join_runs(&line.runs).into_iter().map(|(t, _)| t).collect();
            return (text.trim().to_string(), false, None);
        }
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut colored_start = None;
    let mut start_colour = 0;
    let mut starts_bold = false;
    let mut ends_colored = false;
    // Whether the text goes on from the start's colour into another colour
    // than the body's (a head in the heads' colour, then a new entry's
    // body in the marker's): `None` until the colour first changes.
    let mut goes_on_coloured = None;
    // A head on a line of its own set in smaller type is written bold, as
    // the parser knows a head on a line of its own.
    let small_head = lines.len() == 1
        && is_set_apart(&lines[0], body_size)
        && lines[0].runs.iter().any(|r| !r.bold);
    // A run-in head set smaller than the body: the first line's leading
    // runs in smaller type, body type after them.
    // Whole lines of small capitals a narrow column wrapped the head over
    // (`ONE-TIME BROADCAST` / `ABILITIES – 2016-09-19`): written bold, and
    // the head's leading runs are read on the line after them.
    let small_lines = lines
        .iter()
        .take_while(|l| {
            l.runs
                .iter()
                .all(|r| r.text.trim().is_empty() || is_smaller(r, body_size))
        })
        .count();
    let small_lines = if small_lines < lines.len() {
        small_lines
    } else {
        0
    };
    let leading_small = lines
        .get(small_lines)
        .filter(|l| {
            l.runs.iter().any(|r| !is_smaller(r, body_size))
                && l.runs.first().is_some_and(|r| is_smaller(r, body_size))
        })
        .map_or(0, |l| {
            // Dashes between small runs are the head's own ("ACTIONS –
            // STEP 1"), and so are capitals at full size (small capitals
            // set a capital of the text full size: "(NON-" "B" "ORG)");
            // the head ends at its last small run, before lower case.
            // A line without lower case is all head (its text follows on
            // the next line).
            let mut end = l.runs.len();
            let mut last_small = 0;
            for (i, r) in l.runs.iter().enumerate() {
                if is_smaller(r, body_size) {
                    last_small = i + 1;
                } else if r.text.chars().any(char::is_lowercase) {
                    end = last_small;
                    break;
                }
            }
            end
        });
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            join_line_end(&mut pieces, &line.text(), words);
        }
        for (j, (text, run)) in join_runs(&line.runs).into_iter().enumerate() {
            if !text.trim().is_empty() {
                if colored_start.is_none() {
                    colored_start = Some(run.colored);
                    start_colour = run.colour;
                    starts_bold = run.bold;
                } else if goes_on_coloured.is_none()
                    && (run.colored != (colored_start == Some(true)) || run.colour != start_colour)
                {
                    goes_on_coloured = Some(run.colored);
                }
                ends_colored = run.colored;
            }
            result.colored += usize::from(run.colored);
            let text = icons_marked(&text, run.symbol, &mut result.icons);
            pieces.push(Piece {
                text,
                // A run set larger inside body text is a head set apart
                // by its size: written bold, as the parser knows heads.
                bold: run.bold
                    || small_head
                    || is_larger(run, body_size)
                    || i < small_lines
                    || (i == small_lines && j < leading_small),
            });
        }
    }
    // A heading is a paragraph all of it larger; one that runs on into
    // body type is an entry's head ([`head_runs_on`]), written bold.
    if let Some(first) = lines
        .first()
        .filter(|_| lines.iter().all(|l| is_heading(l, body_size)))
    {
        let text: String = pieces.iter().map(|p| p.text.as_str()).collect();
        let heading = format!(
            "{} {}",
            heading_marker(first.size(), title_size),
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        return (heading, ends_colored, None);
    }

    // The new marker: a coloured start, or an asterisk of the document's
    // own, becomes one asterisk before the (bold) head.
    let by_colour = color_marks_new(colored_start == Some(true), starts_bold, after_colored);
    // A bar beside an entry runs along all of it: its first paragraph is
    // new, the rest its body, unless one opens with a bold head.
    let first_barred = lines.first().is_some_and(|l| l.barred);
    let by_bar = first_barred && (starts_bold || !after_barred);
    let mut new = by_colour || by_bar;
    let mut own_asterisk = false;
    if let Some(first) = pieces.iter_mut().find(|p| !p.text.trim().is_empty()) {
        let trimmed = first.text.trim_start();
        if let Some(rest) = trimmed.strip_prefix('*') {
            new = true;
            own_asterisk = true;
            first.text = rest.trim_start().to_string();
        }
    }
    let mut out = String::new();
    if new {
        out.push('*');
    } else if let Some(at) = pieces.iter().position(|p| !p.text.trim().is_empty()) {
        // An item of a list is written as a Markdown list item, which no
        // reader takes for an entry's head (an item of a preamble's list
        // of changes, "• actions – required: …", is no entry). A new
        // one keeps its bullet: it is an entry marked new.
        if let Some(rest) = list_item(&pieces[at].text) {
            pieces[at].text = rest.to_string();
            out.push_str("- ");
            // The bullet may be a run of its own: the item's text starts
            // after the space that follows it.
            if let Some(next) = pieces[at..].iter_mut().find(|p| !p.text.is_empty()) {
                next.text = next.text.trim_start().to_string();
            }
        }
    }
    // Consecutive pieces of the same weight make one run.
    let mut i = 0;
    while i < pieces.len() {
        let bold = pieces[i].bold;
        let mut text = String::new();
        while i < pieces.len() && pieces[i].bold == bold {
            text.push_str(&pieces[i].text);
            i += 1;
        }
        if bold && !text.trim().is_empty() {
            result.bold += 1;
            out.push_str(&embolden(&text));
        } else {
            out.push_str(&text);
        }
    }
    if !new {
        if let Some(marked) = new_tag_marked(&out) {
            out = marked;
        }
    }
    // The colour that set the marker, unless an asterisk of the
    // document's own set it too, or the text goes on in another colour
    // than the body's: then the marker is that colour, and the start's may
    // be the heads' style ([`unmark_head_colour`]) without unmarking it.
    let marked_by = (by_colour && !own_asterisk && !by_bar && goes_on_coloured != Some(true))
        .then_some(start_colour);
    (out, ends_colored, marked_by)
}

/// A bold run as Markdown: `**` around the words, the spaces around it
/// and a separator that ends it (` –`, `:`) left outside, where the parser
/// looks for the end of a bold head.
pub(super) fn embolden(text: &str) -> String {
    let lead = &text[..text.len() - text.trim_start().len()];
    let core = text.trim();
    let tail = &text[text.trim_end().len()..];
    let words = core.trim_end_matches(['–', '—', ':', '-', ' ']);
    let separator = &core[words.len()..];
    let (words, separator) = if !words.is_empty()
        && (separator.starts_with(' ') || separator.contains(['–', '—', ':']))
    {
        (words, separator)
    } else {
        (core, "")
    };
    format!("{lead}**{words}**{separator}{tail}")
}

/// A run's text with every glyph of a symbol font, and every private-use
/// character, written as the lost-icon marker `[?]`.
pub(super) fn icons_marked(text: &str, symbol_font: bool, icons: &mut usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (symbol_font && !c.is_whitespace()) || is_private_use(c) {
            *icons += 1;
            out.push_str("[?]");
        } else {
            out.push(c);
        }
    }
    out
}

/// Hyphens a line may end with: hyphen-minus, the soft hyphen (which a
/// typesetter shows only at a break), the Unicode hyphen.
pub(super) const HYPHENS: [char; 3] = ['-', '\u{AD}', '\u{2010}'];

/// Joins the next line (`next`) to the pieces so far: with a space, or
/// with nothing where the previous line ended in a hyphen (kept only when
/// the joined word is not a word and the hyphen was not a soft one).
pub(super) fn join_line_end(pieces: &mut [Piece], next: &str, words: &HashSet<String>) {
    // The hyphen may be a run of its own after the word's.
    let mut hyphens = String::new();
    let mut at = None;
    for (i, piece) in pieces.iter_mut().enumerate().rev() {
        let stripped = piece.text.trim_end().trim_end_matches(HYPHENS);
        if stripped.len() < piece.text.trim_end().len() && stripped.ends_with(char::is_whitespace) {
            // `topic -` : a dash between words, not a hyphen.
            let kept = piece.text.trim_end().len();
            piece.text.truncate(kept);
            piece.text.push(' ');
            return;
        }
        let body = stripped.trim_end().len();
        hyphens.push_str(piece.text[body..].trim());
        piece.text.truncate(body);
        if body > 0 {
            at = Some(i);
            break;
        }
    }
    let Some(at) = at else {
        return;
    };
    let last = &mut pieces[at];
    let before: String = last
        .text
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = next
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    let digits = last.text.ends_with(|c: char| c.is_ascii_digit())
        && next.trim_start().starts_with(|c: char| c.is_ascii_digit());
    if hyphens.is_empty() {
        last.text.push(' ');
    } else if digits {
        // A number broken at its own hyphen (a date `2016-` / `09-19`).
        last.text.push_str(&hyphens);
    } else if before.is_empty() || after.is_empty() {
        last.text.push_str(&hyphens);
        last.text.push(' ');
    } else if !(hyphens.contains('\u{AD}')
        || is_word(&format!("{before}{after}"), words)
        || (after.starts_with(char::is_lowercase) && !is_english(&after)))
    {
        // A compound's parts are words each ("well-" / "known"), or a
        // name ("non-" / "Borg"); what follows a hyphen at a line's end
        // that is no word on its own ("Multitarget-" / "ing") is the end
        // of a word the typesetter broke.
        last.text.push('-');
    }
}

pub(super) fn is_word(word: &str, words: &HashSet<String>) -> bool {
    is_english(word) || words.contains(&word.to_lowercase())
}
