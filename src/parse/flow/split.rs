//! Entries a copy flattened onto one line cut apart again: where a sentence
//! ends and a head opens (a topic and its dash, a dated head, a part's
//! name), and a topic's words a wrap carried onto the next line.

use super::*;

/// Cuts the joined lines where flattened entries meet.
pub fn split_lines(joined: Vec<Logical<'_>>, colon_heads: bool) -> Vec<Logical<'_>> {
    consume(joined, |line, out| split_flattened(line, colon_heads, out))
}

/// Turns `items` into a new vector through `f`, one item at a time, giving
/// back the memory of the items already used as it goes: a document of
/// millions of short lines never holds every line twice.
pub fn consume<T, U>(mut items: Vec<T>, mut f: impl FnMut(T, &mut Vec<U>)) -> Vec<U> {
    items.reverse();
    let mut out = Vec::with_capacity(items.len());
    while let Some(item) = items.pop() {
        f(item, &mut out);
        if items.capacity() > 2 * items.len() + 4096 {
            items.shrink_to_fit();
        }
    }
    out
}

/// "Borg – The Delta Quadrant and" + "Borg Outpost - The rule …": a line
/// that cannot end a paragraph, followed by a line whose head begins with
/// the rest of the topic, is one head.
pub(super) fn wrapped_topic(first: &str, next: &str) -> Option<String> {
    let a = first.trim();
    let b = next.trim();
    if a.is_empty()
        || b.is_empty()
        || !ends_mid_sentence(a)
        || a.ends_with(',')
        || a.split_whitespace().count() > lines::MAX_TOPIC_WORDS
        || !b.contains(['-', '–', '—'])
    {
        return None;
    }
    let first_shape = lines::classify(a);
    if first_shape != Shape::Plain && first_shape.strength() != Some(Strength::Bare) {
        return None;
    }
    // A line that prints a date dates a title (`Second Edition Rulings` /
    // `2017-06-06`), no topic's first words.
    if lines::is_only_a_date(a) {
        return None;
    }
    let Shape::Candidate(second) = lines::classify(b) else {
        return None;
    };
    if second.strength != Strength::Inline
        || second.topic.split_whitespace().count() > MAX_WRAPPED_TOPIC_TAIL
    {
        return None;
    }
    let whole = format!("{a} {b}");
    match lines::classify(&whole) {
        Shape::Candidate(c)
            if matches!(c.strength, Strength::Inline | Strength::Strong)
                && c.topic.len() > second.topic.len() =>
        {
            Some(whole)
        }
        _ => None,
    }
}

/// Where each sentence in `text` ends and the next may begin: the byte
/// offsets after a sentence's closing mark and the space after it.
pub fn sentence_ends(text: &str) -> impl Iterator<Item = usize> + '_ {
    SENTENCE_END
        .find_iter(text)
        .map(|m| m.end())
        .filter(move |&at| at < text.len())
}

/// Where a part's name that a copy ran onto the end of a paragraph begins
/// (`… in one document. Temporary Rulings`, `… at a facility. Glossary`):
/// after the last sentence end, the line's rest is the name and nothing
/// more.
pub fn part_name_after_sentence(text: &str) -> Option<usize> {
    let at = sentence_ends(text).last()?;
    lines::is_part_name(text[at..].trim()).then_some(at)
}

/// How far after a sentence end a separator may end a topic, in characters.
pub(super) const MAX_TOPIC_REACH: usize = 90;
/// How far after a sentence end a head's separator may be looked for.
pub(super) const HEAD_WINDOW: usize = 160;

/// Cuts a logical line where a sentence ends and a head begins.
pub(super) fn split_flattened<'a>(
    line: Logical<'a>,
    colon_heads: bool,
    out: &mut Vec<Logical<'a>>,
) {
    let text = line.text.as_ref();
    let mut cuts: Vec<usize> = Vec::new();
    // A part's name the line break after it was lost from.
    if let Some(end) = lines::part_name_before_head(text) {
        cuts.push(end);
    }
    // A numbered head its body was run into.
    if let Some(end) = lines::numbered_head_run_in(text) {
        cuts.push(end);
    }
    // A part's name run onto the end of the paragraph before it.
    if let Some(at) = part_name_after_sentence(text) {
        cuts.push(at);
    }
    // A part's name in capitals between two sentences, or opening the line.
    for at in std::iter::once(0).chain(sentence_ends(text)) {
        if let Some(end) = lines::capitals_part_name(&text[at..]) {
            let space = text[at + end..].len() - text[at + end..].trim_start().len();
            cuts.extend([at, at + end + space].into_iter().filter(|&c| c > 0));
        }
    }
    for at in sentence_ends(text) {
        let mut end = (at + HEAD_WINDOW).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let window = &text[at..end];
        let reach = window
            .char_indices()
            .nth(MAX_TOPIC_REACH)
            .map_or(window.len(), |(i, _)| i);
        let marked = window[..reach].contains(['-', '–', '—'])
            || (colon_heads && window[..reach].contains(':'));
        if (marked && starts_head(window, colon_heads)) || heads_what_follows(&text[at..]) {
            cuts.push(at);
            // A part's name before the head (`… steps. GLOSSARY UPDATES
            // become –`) is a heading of its own.
            if let Some(end) = lines::part_name_before_head(window) {
                let space = window[end..].len() - window[end..].trim_start().len();
                cuts.push(at + end + space);
            }
        }
    }
    // A head with its date, as a 2E rulings page prints one (`Ancient
    // Grudge – 2016-03-09 If your …`), after an aside that closed the
    // paragraph without a full stop (`… (i.e. quadrant, region) `).
    for m in CLOSED_ASIDE.find_iter(text) {
        let mut end = (m.end() + HEAD_WINDOW).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        if starts_dated_head(&text[m.end()..end]) {
            cuts.push(m.end());
        }
    }
    if cuts.is_empty() {
        out.push(line);
        return;
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut start = 0;
    let mut glued = line.glued;
    for cut in cuts.into_iter().chain(std::iter::once(text.len())) {
        let piece = text[start..cut].trim_end();
        out.push(Logical {
            no: line.no,
            last: line.last,
            text: Cow::Owned(piece.to_string()),
            glued,
            unchanged: false,
            after_short: line.after_short && start == 0,
        });
        glued = true;
        start = cut;
    }
}

/// Whether `window` opens with a head: a short topic, a separator (or a
/// colon in a colon-head document), and a body that opens a sentence or a
/// cross-reference.
pub(super) fn starts_head(window: &str, colon_heads: bool) -> bool {
    let Shape::Candidate(c) = lines::classify(window) else {
        return false;
    };
    let short = c.topic.split_whitespace().count() <= MAX_SPLIT_TOPIC_WORDS;
    let body_opens = c.body.as_deref().is_some_and(|b| {
        b.chars()
            .next()
            .is_some_and(|ch| ch.is_uppercase() || ch.is_ascii_digit() || "\"“[(*".contains(ch))
    });
    // A new asterisk set against the topic's first word says a head begins
    // there, whatever its body opens with (a Glossary's definitions open in
    // lower case: `*Sergey and Helena – the two personnel …`).
    let marked = c.new && lines::asterisk_against_word(window).is_some();
    match c.strength {
        Strength::Inline => short && (body_opens || marked),
        Strength::Colon => colon_heads && short && body_opens,
        // A bold topic with its dash and body (`… the turn. **Kivas Fajo** –
        // Now …`): bold is what set it apart when it had a line of its own.
        Strength::Strong => c.erratum || c.new || (window.starts_with("**") && short && body_opens),
        Strength::Bare => false,
    }
}

/// Whether the end of a line after a finished sentence is a head that lost
/// the line break before it but kept the one after it, as pasted text runs
/// a paragraph into the next head: a section heading in capitals
/// (`… no new format changes. TEMPORARY RULING UPDATES`) or a topic alone
/// with its dash (`… if the cause is nullified. points –`), its body on the
/// lines after it.
pub(super) fn heads_what_follows(rest: &str) -> bool {
    // Only a line's last few words are read: a long paragraph has many
    // sentence ends, and the rest after each is read only when it is short.
    if rest.len() > lines::MAX_HEAD_BYTES {
        return false;
    }
    let rest = rest.trim();
    match lines::classify(rest) {
        Shape::Section(_) => !rest.chars().any(char::is_lowercase),
        Shape::Candidate(c) => {
            c.strength == Strength::Strong
                && c.body.is_none()
                && !rest.starts_with('#')
                && c.topic.split_whitespace().count() <= MAX_SPLIT_TOPIC_WORDS
        }
        _ => false,
    }
}

/// A closing parenthesis and the space after it.
pub(super) static CLOSED_ASIDE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[\p{L}0-9.]\)\s+").expect("valid regex"));

/// Whether `window` opens with a head and its own date, then a body that
/// opens a sentence (`Ancient Grudge – 2016-03-09 If your …`).
pub(super) fn starts_dated_head(window: &str) -> bool {
    DATED_HEAD
        .captures(window)
        .is_some_and(|c| (1..=MAX_SPLIT_TOPIC_WORDS).contains(&c[1].split_whitespace().count()))
}

/// `Topic – 2016-03-09 Body`: a topic in capitals' case, a dash, an ISO
/// date, and a sentence's first letter.
pub(super) static DATED_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(\p{Lu}[^–—.!?:]{0,79}?)\s+[-–—]\s+\d{4}-\d{2}-\d{2}\s+["“]?\p{Lu}"#)
        .expect("valid regex")
});

/// The longest topic a cut may take: a head inside a flattened line is a
/// short name, not a clause.
pub(super) const MAX_SPLIT_TOPIC_WORDS: usize = 6;
