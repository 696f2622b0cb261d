//! Where a wrap, a page or a column broke a line, and where the line goes
//! on: the tests the joining of physical lines into logical ones asks of a
//! line and the one after it (a head's dash set apart from it, a topic
//! wrapped before its dash, a paragraph's first-line indent, a line of
//! capitals justification spread apart).

use super::*;

/// The line after a break (blank lines, page furniture) that goes on from
/// the head alone at `i` because it opens with the head's dash and a space;
/// `None` where the next line follows at once, where it opens a list of
/// dashed items, or where the line at `i` is no head alone.
pub(super) fn dash_after_break(
    lines: &[&str],
    marks: &[Mark],
    is_furniture: &[bool],
    i: usize,
) -> Option<usize> {
    let head = lines[i];
    let alone = matches!(marks[i].kind, MarkKind::Candidate(_) | MarkKind::Plain)
        && may_stand_alone(head)
        && head.chars().any(char::is_alphabetic)
        && !opens_with_dash(head)
        && !super::super::assemble::ends_sentence(head)
        && !head.trim_end().ends_with([':', ';', ',']);
    if !alone {
        return None;
    }
    let text_after = |from: usize| {
        (from..lines.len()).find(|&n| !is_furniture[n] && marks[n].kind != MarkKind::Blank)
    };
    let k = text_after(i + 1).filter(|&k| k > i + 1)?;
    let dashed = |n: usize| {
        let t = lines[n].trim_start();
        ["– ", "— ", "- "].iter().any(|d| t.starts_with(d))
    };
    let list = text_after(k + 1).is_some_and(dashed);
    (dashed(k) && !list).then_some(k)
}

/// Whether a line is a few words in capitals that justification spread
/// apart (a run of [`STRETCHED_GAP`] spaces or more between two of them),
/// with no dash of a head.
pub(super) fn stretched_capitals(line: &str) -> bool {
    let t = line.trim();
    t.chars().any(char::is_alphabetic)
        && !t.chars().any(char::is_lowercase)
        && t.split_whitespace().count() >= 2
        && is_short(t)
        && t.contains(&" ".repeat(STRETCHED_GAP))
        && lines::separator_dashes(t).is_empty()
}

/// The fewest spaces between two words that a justified line spread apart.
pub(super) const STRETCHED_GAP: usize = 3;

/// Whether a line holds a dash and nothing else.
pub(super) fn is_lone_dash(line: &str) -> bool {
    matches!(line.trim(), "-" | "–" | "—")
}

/// The dash on `next` when it holds nothing else and `line` could be a
/// head it ends: short, and ending no sentence nor clause.
pub(super) fn lone_dash_under(line: &str, next: Option<&&str>) -> Option<char> {
    let next = next.filter(|n| is_lone_dash(n))?;
    let line = line.trim();
    (!line.is_empty()
        && line.len() <= lines::MAX_HEAD_BYTES
        && line.ends_with(|c: char| c.is_alphanumeric() || c == ')'))
    .then(|| next.trim().chars().next())
    .flatten()
}

/// Whether the document sets its heads' topics in capitals: of the lines
/// shaped as a head with its body (`WINNING THE GAME – A player …`), at
/// least [`MIN_CAPITAL_HEADS`] and most have their topic in capitals.
pub(super) fn sets_topics_in_capitals(
    lines: &[&str],
    marks: &[Mark],
    is_furniture: &[bool],
) -> bool {
    let (mut capitals, mut heads) = (0usize, 0usize);
    for (i, line) in lines.iter().enumerate() {
        let with_body = matches!(marks[i].kind, MarkKind::Candidate(Strength::Inline))
            || (marks[i].kind == MarkKind::Candidate(Strength::Strong) && marks[i].body);
        if with_body && !is_furniture[i] {
            heads += 1;
            capitals += usize::from(lines::capitals_topic(line));
        }
    }
    capitals >= MIN_CAPITAL_HEADS && capitals * 3 >= heads * 2
}

pub(super) const MIN_CAPITAL_HEADS: usize = 5;

/// Whether the document sets its heads alone on their lines, with no bold
/// to tell them (`unique dilemmas` / `Until further notice, …`): at least
/// [`MIN_HEADS_ALONE`] lines that open a paragraph (after a sentence's end
/// or a blank line) stand alone over a body.
pub(super) fn sets_heads_alone(
    lines: &[&str],
    marks: &[Mark],
    is_furniture: &[bool],
    measure: Option<usize>,
) -> bool {
    let kept: Vec<usize> = (0..lines.len()).filter(|&i| !is_furniture[i]).collect();
    let mut alone = 0usize;
    for w in kept.windows(2) {
        let (before, i) = (lines[w[0]].trim(), w[1]);
        if (!before.is_empty() && line_goes_on(before))
            || marks[i].kind != MarkKind::Candidate(Strength::Bare)
        {
            continue;
        }
        let end = (i + 1..lines.len().min(i + 4))
            .find(|&n| is_furniture[n] || marks[n].kind == MarkKind::Blank)
            .unwrap_or(lines.len().min(i + 4));
        if stands_alone(true, lines[i], &lines[i + 1..end], measure) {
            alone += 1;
            if alone >= MIN_HEADS_ALONE {
                return true;
            }
        }
    }
    false
}

pub(super) const MIN_HEADS_ALONE: usize = 5;

/// Whether a wrap broke a number or a compound at its own hyphen (a date
/// `2016-` / `09-19`, `Q-` / `card`): the hyphen stays and no space goes
/// in.
pub fn broken_at_own_hyphen(text: &str, next: &str) -> bool {
    let Some(before) = text.strip_suffix('-') else {
        return false;
    };
    (before.ends_with(|c: char| c.is_ascii_digit())
        && next.starts_with(|c: char| c.is_ascii_digit()))
        || (lines::ends_broken_word(text)
            && !before.ends_with(char::is_lowercase)
            && next.starts_with(char::is_alphabetic))
}

/// Whether `text` and the line after it are one title wrapped short of
/// the measure (`First Edition Current` / `Rulings Document`).
pub(super) fn wraps_a_title(text: &str, next: &str) -> bool {
    text.len() <= lines::MAX_HEAD_BYTES
        && lines::classify(&format!("{} {}", text.trim(), next.trim())) == Shape::Title
}

/// Whether a line begins with a capital, as a sentence does.
pub fn opens_sentence(line: &str) -> bool {
    line.trim_start()
        .trim_start_matches(['*', '_', '"', '“', '('])
        .starts_with(char::is_uppercase)
}

/// The fewest places a paragraph's first line is set in from the margin.
pub(super) const FIRST_LINE_INDENT: usize = 2;

/// The most words of a topic's continuation on the line after it wrapped.
pub(super) const MAX_WRAPPED_TOPIC_TAIL: usize = 4;

/// Whether a line of a wrapped document stops mid-sentence: it ends on a
/// word, a comma or a dash (a wrapped `* Empok` / `Nor - …` too, which a
/// list item's own rule would let end on a capitalized label), closing
/// quotes after it or not (`Cards with "when you play"` / `abilities …`):
/// a quote closes a sentence only after its full stop.
pub(super) fn line_goes_on(text: &str) -> bool {
    let t = text
        .trim_end()
        .trim_end_matches(['*', '_'])
        .trim_end_matches(['"', '”', '’']);
    t.chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, ',' | ':' | '-' | '–' | '—'))
}

/// A line that opens with a dash goes on from the line before it: no topic
/// begins with one (`* outposts` / `– step 1 –`).
pub(super) fn opens_with_dash(next: &str) -> bool {
    next.trim_start().starts_with(['-', '–', '—'])
}

/// `Vulcan Nerve` / `Pinch –`: a short line that stops mid-sentence, then a
/// topic alone with its dash, is one topic that wrapped — when the two read
/// together as a topic alone. `text_mark` is the mark of `text` when it is
/// short enough to have one.
pub(super) fn topic_wrapped_before_dash(
    text: &str,
    text_mark: Option<Mark>,
    next: &str,
    next_mark: Mark,
) -> bool {
    let alone = |m: Mark| m.kind == MarkKind::Candidate(Strength::Strong) && !m.body;
    if !alone(next_mark)
        || !line_goes_on(text)
        || text
            .split_whitespace()
            .nth(lines::MAX_TOPIC_WORDS - 1)
            .is_some()
    {
        return false;
    }
    // A heading ("RULINGS – General") is never the first half of a topic.
    !text_mark.is_some_and(|m| alone(m) || m.kind == MarkKind::Heading)
        && alone(Mark::classify(&format!("{} {}", text.trim(), next.trim())))
}

/// "See" always starts a reference: what the next line holds is its target,
/// whatever shape it has (`See` / `**gambling -` / `diplomacy**.`).
pub(super) fn ends_with_see(text: &str) -> bool {
    let last = text.split_whitespace().last().unwrap_or("");
    let last = last.trim_matches(|c: char| !c.is_alphanumeric());
    last.eq_ignore_ascii_case("see") || last.eq_ignore_ascii_case("also")
}

/// In a wrapped document, `battle –` / `targets - body`: a topic alone with
/// its dash, then a line whose own short topic opens with a lowercase word,
/// is a head whose sub-topic wrapped. (A body opens a sentence instead.)
/// `text_mark` is the mark of the text so far when it is short enough to
/// have one: a paragraph that grew by joining is no topic alone.
pub(super) fn sub_topic_follows(text_mark: Option<Mark>, next: &str) -> bool {
    let Some(head) = text_mark else {
        return false;
    };
    if head.kind != MarkKind::Candidate(Strength::Strong) || head.body || head.erratum {
        return false;
    }
    let next_words = next.split_whitespace().count();
    let sub = match lines::classify(next) {
        Shape::Candidate(sub) => sub,
        // `wormholes –` / `step 1` / `– Erratum …`: a sub-topic cut before
        // its own dash.
        _ => {
            return next_words <= MAX_WRAPPED_TOPIC_TAIL
                && next.trim_start().starts_with(|c: char| c.is_lowercase())
                && line_goes_on(next)
                && !next.contains(['.', ':', ';'])
        }
    };
    // `battle –` / `targets –` / body: a head has a body, so two topics
    // alone in a row are one topic that wrapped.
    let alone = sub.strength == Strength::Strong && sub.body.is_none() && !sub.erratum;
    (sub.strength == Strength::Inline || alone)
        && sub.topic.split_whitespace().count() <= MAX_WRAPPED_TOPIC_TAIL
        && sub.topic.starts_with(|c: char| c.is_lowercase())
}
