//! Where a paragraph starts: the body's size and line pitch, the space and
//! indent before a paragraph, and heads set apart by their type, larger,
//! smaller or bold.

use super::*;

/// Every word of the document, lower case, to accept a hyphenated word
/// joined at a line's end that the document spells whole elsewhere.
pub(super) fn document_words(lines: &[Line]) -> HashSet<String> {
    lines
        .iter()
        .flat_map(|l| {
            l.text()
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() > 1)
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The font size most characters are set in.
pub(super) fn body_size(lines: &[Line]) -> f32 {
    let mut counts: HashMap<i32, usize> = HashMap::new();
    for run in lines.iter().flat_map(|l| &l.runs) {
        *counts.entry((run.size * 2.0).round() as i32).or_default() += run.text.chars().count();
    }
    counts
        .into_iter()
        .max_by_key(|&(size, n)| (n, -size))
        .map_or(10.0, |(size, _)| size as f32 / 2.0)
}

/// A step between two lines wider than the pitch by this share is space
/// between paragraphs. groff's -ms sets its paragraph space at 0.3 of a
/// line (a 12-point pitch steps 15.6), word processors at half a line or
/// more; a line's top wanders by half a point at most.
pub(super) const PARAGRAPH_STEP: f32 = 1.2;

/// Steps within this share above the smallest recurring one are the same
/// pitch, its tops rounded apart.
pub(super) const PITCH_SPREAD: f32 = 1.1;

/// The usual distance from one line's top to the next within a paragraph.
/// It is the smallest step between body lines that recurs, not the most
/// frequent one: where paragraphs are short (one line or two) and spaced,
/// the step between paragraphs is the most frequent, and taking it for the
/// pitch would run every paragraph into the next. A step recurs when it
/// and the steps just above it ([`PITCH_SPREAD`]) make three steps and a
/// tenth of all; a step smaller than the body's type is no line's pitch
/// (a line split in two rows). Only steps between two lines set wholly in
/// body type count: a line with a larger or smaller run has its top
/// elsewhere. Without such steps, the most frequent step of all.
pub(super) fn line_pitch(lines: &[Line], body_size: f32) -> f32 {
    let body_line = |line: &Line| {
        line.runs
            .iter()
            .filter(|r| !r.text.trim().is_empty())
            .all(|r| (r.size - body_size).abs() <= 0.5)
    };
    let mut body_steps: Vec<f32> = Vec::new();
    let mut counts: HashMap<i32, usize> = HashMap::new();
    for pair in lines.windows(2) {
        let step = pair[1].top - pair[0].top;
        if pair[0].place == pair[1].place && step > 0.0 {
            *counts.entry((step * 2.0).round() as i32).or_default() += 1;
            if body_line(&pair[0]) && body_line(&pair[1]) && step >= body_size * 0.95 {
                body_steps.push(step);
            }
        }
    }
    body_steps.sort_by(f32::total_cmp);
    let total = body_steps.len();
    for (i, &smallest) in body_steps.iter().enumerate() {
        let same: Vec<f32> = body_steps[i..]
            .iter()
            .copied()
            .take_while(|&s| s <= smallest * PITCH_SPREAD)
            .collect();
        if same.len() >= 3 && same.len() * 10 >= total {
            return same.iter().sum::<f32>() / same.len() as f32;
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(step, n)| (n, -step))
        .map_or(14.0, |(step, _)| step as f32 / 2.0)
}

/// Glyphs that mark an item of a list at the start of a line.
pub(super) const BULLETS: [char; 11] = ['•', '◦', '▪', '▫', '‣', '∙', '●', '○', '■', '□', '⁃'];

/// A line's text after the bullet it opens with, if it opens with one:
/// an item of a list. A bullet never opens a line of running text.
pub(super) fn list_item(text: &str) -> Option<&str> {
    text.trim_start().strip_prefix(BULLETS).map(str::trim_start)
}

/// Whether `line` starts a paragraph by its first-line indent: it starts
/// indented (an em at least) from its column's left edge, after a line
/// that starts at that edge and ended its sentence (groff's `.PP`, and
/// many word processors' paragraph styles, indent rather than space).
/// Not after an item of a list: its second line hangs indented, under
/// the item's text; nor after an indented line: a block set in from the
/// edge goes on at the same indent.
pub(super) fn indented_start(previous: &Line, line: &Line, body_size: f32) -> bool {
    line.indent >= body_size
        && previous.indent < body_size * 0.4
        && ends_sentence(&previous.text())
        && list_item(&previous.text()).is_none()
}

pub(super) fn ends_sentence(text: &str) -> bool {
    text.trim_end()
        .trim_end_matches(['"', '”', '’', ')', '*'])
        .ends_with(['.', ':', '!', '?', ';'])
}

/// Whether a line is a heading: all of its text set clearly larger than
/// the body. A line that opens with a larger run and goes on in body type
/// is an entry whose head is set apart by its size ([`is_larger`]).
pub(super) fn is_heading(line: &Line, body_size: f32) -> bool {
    line.runs
        .iter()
        .filter(|r| !r.text.trim().is_empty())
        .all(|r| is_larger(r, body_size))
        && line.runs.iter().any(|r| !r.text.trim().is_empty())
}

/// A run set smaller than the body: groff sets small capitals a size down.
pub(super) fn is_smaller(run: &Run, body_size: f32) -> bool {
    run.size < body_size - 0.4
}

pub(super) fn is_larger(run: &Run, body_size: f32) -> bool {
    run.size >= body_size * 1.15
}

/// The Markdown heading of a heading line: the document's largest type is
/// its title (`#`), any smaller heading a section (`##`), so that section
/// heads set a size below the title read as sections, not as more titles.
pub(super) fn heading_marker(size: f32, title_size: f32) -> &'static str {
    if size >= title_size * 0.95 {
        "#"
    } else {
        "##"
    }
}

/// Whether a line is an item of a table of contents: a head, then dot
/// leaders (three dots at least, or an ellipsis) and a page number at its
/// end ("7.4.2 Personnel Battle ........ 45"). Each is a line of its own,
/// however close the next is set, and no head: a contents names heads
/// without opening them.
pub(super) fn is_contents_line(text: &str) -> bool {
    let text = text.trim_end();
    let number = text.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = text.len() - number.len();
    let leader = number.trim_end();
    let dots = leader.len() - leader.trim_end_matches(['.', ' ', '…']).len();
    let named = leader
        .trim_end_matches(['.', ' ', '…'])
        .chars()
        .any(char::is_alphabetic);
    (1..=4).contains(&digits)
        && named
        && (leader.ends_with('…') || leader.matches('.').count() >= 3 && dots >= 3)
}

/// Whether `line` starts a paragraph after `previous`: a wider gap than
/// between lines, a change of size, or a new column or page after a line
/// that ended its sentence (a paragraph may go on into the next column).
/// A heading wrapped over several lines is one paragraph: its lines are
/// set at the pitch of its own size, wider than the body's.
pub(super) fn starts_paragraph(previous: &Line, line: &Line, flow: &Flow) -> bool {
    if is_contents_line(&previous.text()) || previous.row || line.row {
        return true;
    }
    let heading = is_heading(line, flow.body_size);
    if is_heading(previous, flow.body_size) != heading {
        return heading || !head_runs_on(previous, line);
    }
    if heading && (previous.size() - line.size()).abs() > 0.5 {
        return true;
    }
    let starts_bold = line.runs.first().is_some_and(|r| r.bold);
    // A head set larger or smaller than the body (small capitals), run
    // in: an entry starts, whatever the spacing (type of another size
    // inside a paragraph is no card name).
    let starts_larger = line
        .runs
        .first()
        .is_some_and(|r| is_larger(r, flow.body_size) || is_smaller(r, flow.body_size));
    if starts_larger && !heading && ends_sentence(&previous.text()) {
        return true;
    }
    // A head on a line of its own, set apart from the body by its type:
    // a paragraph of its own, whatever the spacing around it.
    let (head_before, head_now) = (
        is_set_apart(previous, flow.body_size),
        is_set_apart(line, flow.body_size),
    );
    // A head wrapped onto a line that goes on bold and then in body type
    // ("**Borg – The Delta Quadrant and Borg**" / "**Outpost** – …") is
    // one head, not a line head and then a paragraph; so is a head in
    // small capitals broken inside a word ("INITIA-" / "TION – The …").
    let starts_small = line
        .runs
        .first()
        .is_some_and(|r| is_smaller(r, flow.body_size));
    let broken = previous.text().trim_end().ends_with(HYPHENS);
    // Small capitals that a narrow column wrapped between words go on at
    // the same size (`ONE-TIME BROADCAST` / `ABILITIES – 2016-09-19`,
    // `ACTIONS – INTERRUPTING` / `ACTIONS – Interrupt and …`, `MISSION
    // REQUIREMENTS –` / `ALTERNATE – In order …`), where the line before
    // ended no sentence and no date: a line of small capitals alone holds
    // no body, so the head it opened is not done.
    let small_head_wraps = starts_small
        && previous
            .runs
            .iter()
            .all(|r| r.text.trim().is_empty() || is_smaller(r, flow.body_size))
        && !previous
            .text()
            .trim_end()
            .ends_with(|c: char| c.is_ascii_digit() || c == '-' || c == ':')
        && head_runs_on(previous, line);
    let head_goes_on = head_before && (starts_bold || (starts_small && broken) || small_head_wraps);
    if head_before != head_now && !head_goes_on && (head_before || ends_sentence(&previous.text()))
    {
        return true;
    }
    // Each item of a list is a paragraph of its own.
    if list_item(&line.text()).is_some() {
        return true;
    }
    if previous.place != line.place {
        let text = line.text();
        let lower = text.trim_start().starts_with(char::is_lowercase);
        return ends_sentence(&previous.text()) || starts_bold || !lower;
    }
    let pitch = if heading {
        flow.pitch * line.size() / flow.body_size
    } else {
        flow.pitch
    };
    // Measured between the tops of body type where a line has some: a
    // run-in head set larger raises its line's top, and would hide the
    // space before its paragraph.
    let body_top = |l: &Line| {
        l.runs
            .iter()
            .filter(|r| (r.size - flow.body_size).abs() <= 0.5 && !r.text.trim().is_empty())
            .map(|r| r.top)
            .reduce(f32::min)
            .unwrap_or(l.top)
    };
    let step = body_top(line) - body_top(previous);
    if step > pitch * PARAGRAPH_STEP || step < 0.0 {
        return true;
    }
    if !heading && indented_start(previous, line, flow.body_size) {
        return true;
    }
    // Documents without space between paragraphs: a bold or coloured head
    // at the column's edge after a finished sentence, set in another
    // colour than the line before ends in. Where paragraphs are spaced, a
    // bold card name that a line happens to start with is not a head.
    let starts_coloured = line.runs.first().is_some_and(|r| r.colored)
        && previous
            .runs
            .last()
            .is_some_and(|r| r.colour != line.runs[0].colour);
    !flow.spaced
        && (starts_bold || starts_coloured)
        && ends_sentence(&previous.text())
        && line.left <= previous.left + 1.0
}

/// Whether a line goes on with a head set larger that a narrow column
/// wrapped: it opens at the head's size (`Changing Number of` / `Complete
/// Missions – 2016-04-26`) or with the head's dash (`One-Time Broadcast
/// Abilities` / `– 2016-09-19`), where the head ended no sentence. The head
/// and what follows it are then one paragraph, as on a wider page.
pub(super) fn head_runs_on(head: &Line, line: &Line) -> bool {
    let Some(first) = line.runs.iter().find(|r| !r.text.trim().is_empty()) else {
        return false;
    };
    let same_size = (first.size - head.size()).abs() <= 0.5;
    let dash = first.text.trim_start().starts_with(['–', '—', '-']);
    head.place == line.place && !ends_sentence(&head.text()) && (same_size || dash)
}

/// Most words of a head on a line of its own.
pub(super) const LINE_HEAD_WORDS: usize = 10;

/// Whether a line is set apart from the body text by its type, all of it:
/// bold, or smaller than the body (small capitals set in a smaller size),
/// and short as a head is. Larger type is a heading of its own
/// ([`is_heading`]).
pub(super) fn is_set_apart(line: &Line, body_size: f32) -> bool {
    let visible: Vec<&Run> = line
        .runs
        .iter()
        .filter(|r| !r.text.trim().is_empty())
        .collect();
    !visible.is_empty()
        && line.text().split_whitespace().count() <= LINE_HEAD_WORDS
        && visible.iter().all(|r| r.bold || r.size < body_size - 0.4)
}

/// How the document sets its text, for telling where paragraphs start.
pub(super) struct Flow {
    pub(super) body_size: f32,
    /// The usual distance between the tops of two lines of a paragraph.
    pub(super) pitch: f32,
    /// Whether the document leaves space between its paragraphs.
    pub(super) spaced: bool,
}

/// Whether a document spaces its paragraphs: one step in twenty between
/// two body lines of a column, at least twice, is wider than the pitch.
/// Steps around headings do not count: an unspaced document has them too.
pub(super) fn spaces_paragraphs(lines: &[Line], pitch: f32, body_size: f32) -> bool {
    let (mut steps, mut wide) = (0usize, 0usize);
    for pair in lines.windows(2) {
        let step = pair[1].top - pair[0].top;
        let body = !is_heading(&pair[0], body_size) && !is_heading(&pair[1], body_size);
        if pair[0].place == pair[1].place && step > 0.0 && body {
            steps += 1;
            wide += usize::from(step > pitch * PARAGRAPH_STEP);
        }
    }
    wide >= 2 && wide * 20 >= steps
}
