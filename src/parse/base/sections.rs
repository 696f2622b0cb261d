//! The numbered sections of a Rulebook or Rules Compendium: each section
//! head with its number, the sidebars beside it, and the text under it, up
//! to the next head.

use super::*;

pub(super) struct Sections {
    pub(super) entries: Vec<Entry>,
    pub(super) front: Vec<FrontParagraph>,
}

/// One paragraph of a section: its lines and text.
pub(super) struct Block {
    first: usize,
    last: usize,
    text: String,
}

/// What the reading of the sections has made so far.
#[derive(Default)]
struct Out {
    /// The paragraph being read.
    block: Option<Block>,
    /// The open section: (topic, head line, its blocks).
    open: Option<(String, usize, Vec<Block>)>,
    entries: Vec<Entry>,
    front: Vec<FrontParagraph>,
    /// Whether the last entry is a sidebar's title alone, its text to come.
    titled: bool,
}

/// The numbered sections and their sidebars.
pub(super) fn read_sections(
    lines: &[&str],
    parts: &[Part],
    (release, edition, date, file): &(String, Edition, chrono::NaiveDate, String),
    counts: &mut BaseCounts,
) -> Sections {
    let mut out = Out::default();
    // The lines of the section heads marked new.
    let mut marked: Vec<usize> = Vec::new();
    let make = |topic: &str, subtopic: Option<String>, line: usize, blocks: &[Block], kind| {
        let text = blocks
            .iter()
            .map(|b| b.text.as_str())
            .collect::<Vec<_>>()
            .join("\n\n");
        let mut spans = vec![(line, line)];
        spans.extend(blocks.iter().map(|b| (b.first, b.last)));
        let full = match &subtopic {
            Some(s) => format!("{topic} – {s}"),
            None => topic.to_string(),
        };
        let see = super::super::body::see_references(&text);
        Entry {
            release: release.clone(),
            edition: *edition,
            release_date: *date,
            date: *date,
            dated: false,
            section: Some("Rulebook".to_string()),
            key: TopicKey::new(&full),
            topic: full.clone(),
            subtopic,
            kind,
            new: false,
            cards: super::super::body::card_names(&text, &see, &full),
            supersedes: Vec::new(),
            see,
            text,
            effect: None,
            file: file.clone(),
            line,
            spans,
        }
    };
    let finish_block = |out: &mut Out, counts: &mut BaseCounts| {
        let Out {
            block,
            open,
            entries,
            front,
            titled,
        } = out;
        let Some(b) = block.take() else { return };
        match open {
            Some((topic, _, blocks)) => {
                // An indented label (a layout copy keeps the page's
                // indents) is a label all the same.
                let text = b.text.trim_start();
                // A sidebar's title alone on its line over its text
                // ("Copyright Notice: Printing cards" / "You may print …"):
                // the lines after it are its text, or the paragraph after
                // it where a blank line parts them.
                let (first, rest) = title_wrapped(text)
                    .or_else(|| text.split_once('\n').map(|(f, r)| (f.to_string(), r)))
                    .or_else(|| title_run_in(text).map(|(f, r)| (f.to_string(), r)))
                    .map_or((text.to_string(), ""), |(first, rest)| (first, rest.trim()));
                let opens = rest.is_empty()
                    || rest
                        .starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit() || c == '"');
                if let Some(name) = sidebar_title(&first).filter(|_| opens) {
                    let mut e = make(topic, Some(name), b.first, &[], EntryKind::Rule);
                    e.spans = vec![(b.first, b.last)];
                    e.text = rest.to_string();
                    e.see = super::super::body::see_references(&e.text);
                    e.cards = super::super::body::card_names(&e.text, &e.see, &e.topic);
                    entries.push(e);
                    counts.sidebars += 1;
                    *titled = rest.is_empty();
                    return;
                }
                if std::mem::take(titled) && !SIDEBAR.is_match(text) {
                    if let Some(e) = entries.last_mut() {
                        e.text = text.to_string();
                        e.spans.push((b.first, b.last));
                        e.see = super::super::body::see_references(&e.text);
                        e.cards = super::super::body::card_names(&e.text, &e.see, &e.topic);
                        return;
                    }
                }
                if let Some(c) = SIDEBAR.captures(text) {
                    let label = c.get(1).map_or("", |m| m.as_str());
                    let rest = &text[c.get(0).map_or(0, |m| m.end())..];
                    // "Clarifications: Multitargeting: text" names itself.
                    let (name, body) = match rest.split_once(": ") {
                        Some((name, body))
                            if name.split_whitespace().count() <= 6
                                && !name.contains(['.', ',']) =>
                        {
                            (format!("{label}: {}", name.trim()), body.to_string())
                        }
                        _ => (label.to_string(), rest.to_string()),
                    };
                    let kind = if label.to_lowercase().starts_with("clarification") {
                        EntryKind::Clarification
                    } else {
                        EntryKind::Rule
                    };
                    let body_block = Block {
                        first: b.first,
                        last: b.last,
                        text: body,
                    };
                    let mut e = make(topic, Some(name), b.first, &[], kind);
                    e.text = body_block.text.clone();
                    e.spans = vec![(b.first, b.last)];
                    e.see = super::super::body::see_references(&e.text);
                    e.cards = super::super::body::card_names(&e.text, &e.see, &e.topic);
                    entries.push(e);
                    counts.sidebars += 1;
                } else {
                    blocks.push(b);
                }
            }
            None => front.push(FrontParagraph {
                line: b.first,
                end_line: b.last,
                text: b.text,
            }),
        }
    };
    let close = |open: &mut Option<(String, usize, Vec<Block>)>,
                 entries: &mut Vec<Entry>,
                 counts: &mut BaseCounts| {
        if let Some((topic, line, blocks)) = open.take() {
            entries.push(make(&topic, None, line, &blocks, EntryKind::Rule));
            counts.sections += 1;
        }
    };
    let mut continued_head: Option<usize> = None;
    for (i, raw) in lines.iter().enumerate() {
        let no = i + 1;
        // The document's name printed again at the top of a page (alone or
        // after the part's) between two lines of a section neither ends
        // the section nor is its text.
        let running_title = i > 0
            && parts[i] == Part::Front
            && parts[i - 1] == Part::Sections
            && (super::super::lines::is_title_line(raw)
                || super::super::lines::part_and_title(raw));
        if running_title {
            continue;
        }
        if parts[i] != Part::Sections {
            finish_block(&mut out, counts);
            close(&mut out.open, &mut out.entries, counts);
            continue;
        }
        let whole = raw.trim_end();
        if whole.trim().is_empty() {
            finish_block(&mut out, counts);
            continue;
        }
        if continued_head == Some(i) {
            continue;
        }
        let pieces = run_together(whole);
        let last_piece = pieces.len() - 1;
        for (k, line) in pieces.into_iter().enumerate() {
            // A piece a paste ran onto the line is a paragraph of its own.
            if k > 0 {
                finish_block(&mut out, counts);
            }
            if let Some(((number, mut title), run_in)) = head_of(line) {
                finish_block(&mut out, counts);
                close(&mut out.open, &mut out.entries, counts);
                out.titled = false;
                // A capitals head wrapped in a narrow column goes on in
                // capitals on the next line ("6.3.1 DUPLICATION AND" /
                // "PERSONAS –").
                if let Some(rest) = lines
                    .get(i + 1)
                    .filter(|_| {
                        k == last_piece
                            && run_in.is_none()
                            && parts.get(i + 1) == Some(&Part::Sections)
                    })
                    .and_then(|next| head_goes_on(&title, next))
                {
                    title = format!("{title} {rest}");
                    continued_head = Some(i + 1);
                }
                let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
                if without_new_marker(line.trim()).0 {
                    marked.push(no);
                }
                out.open = Some((format!("{number} {title}"), no, Vec::new()));
                out.block = run_in.map(|body| Block {
                    first: no,
                    last: no,
                    text: body.to_string(),
                });
                continue;
            }
            if part_heading(line).is_some() && (out.open.is_none() || k > 0) {
                out.front.push(FrontParagraph {
                    line: no,
                    end_line: no,
                    text: line.to_string(),
                });
                continue;
            }
            // A sidebar opens its own block even where a copy lost the blank
            // line before it ("…travel far." / "Tip: Lay out …"): its label
            // starts a line after a finished sentence.
            let sidebar_starts = (SIDEBAR.is_match(line.trim_start())
                || sidebar_title(line.trim_start()).is_some())
                && out
                    .block
                    .as_ref()
                    .is_some_and(|b| super::super::ends_sentence(&b.text));
            if sidebar_starts {
                finish_block(&mut out, counts);
            }
            match &mut out.block {
                // A word a wrap broke with a hyphen is joined whole
                // (`Clarifications: Multitarget-` / `ing: Some cards …`).
                Some(b) if super::super::flow::broken_by_wrap(&b.text, line.trim_start()) => {
                    b.text.pop();
                    b.text.push_str(line.trim_start());
                    b.last = no;
                }
                Some(b) => {
                    b.text.push('\n');
                    b.text.push_str(line);
                    b.last = no;
                }
                None => {
                    out.block = Some(Block {
                        first: no,
                        last: no,
                        text: line.to_string(),
                    })
                }
            }
        }
    }
    finish_block(&mut out, counts);
    close(&mut out.open, &mut out.entries, counts);
    for entry in out.entries.iter_mut().filter(|e| e.subtopic.is_none()) {
        entry.new = marked.contains(&entry.line);
    }
    Sections {
        entries: out.entries,
        front: out.front,
    }
}

/// A sidebar's title alone on its paragraph: a label of a word or three,
/// a colon, and a short name that ends no sentence ("Copyright Notice:
/// Printing cards", "Tip: First vs. Second Edition"). Gives "label: name".
fn sidebar_title(text: &str) -> Option<String> {
    static TITLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:\*\*)?([A-Z][\w'’]*(?: [A-Z][\w'’]*){0,2})(?:\*\*)?:(?:\*\*)?\s+([A-Z0-9][^\n]*?)(?:\*\*)?$")
            .expect("valid regex")
    });
    let c = TITLE.captures(text.trim())?;
    let name = c[2].trim();
    (name.split_whitespace().count() <= SIDEBAR_NAME_WORDS && !name.ends_with(['.', '!', '?', ':']))
        .then(|| format!("{}: {name}", &c[1]))
}

/// A sidebar's title a narrow column wrapped ("Copyright Notice: Printing"
/// / "cards" / "You may print …"): its name goes on over a line of a word
/// or three in lowercase that ends no sentence. Gives the title on one
/// line and the text after it.
fn title_wrapped(text: &str) -> Option<(String, &str)> {
    let (first, after) = text.split_once('\n')?;
    let (tail, rest) = after.split_once('\n').unwrap_or((after, ""));
    let tail = tail.trim();
    let goes_on = tail.starts_with(char::is_lowercase)
        && tail.split_whitespace().count() <= WRAPPED_NAME_WORDS
        && !tail.ends_with(['.', '!', '?', ':', ';', ',']);
    let title = format!("{} {tail}", first.trim_end());
    (goes_on && sidebar_title(&title).is_some()).then_some((title, rest))
}

/// The most words of a sidebar's name a column wraps onto a line of its own.
const WRAPPED_NAME_WORDS: usize = 3;

/// A sidebar's title that a paste ran its text into ("Tip: First vs.
/// Second Edition A different game …", "Copyright Notice: Printing cards
/// You may print …"): the title, and the text from the capitalized word
/// that opens its first sentence. A name in title case (capitalized words,
/// joining words, abbreviations) ends before a capitalized word with a
/// lowercase one after it; a name in sentence case, before a capitalized
/// function word after its last lowercase word ("… cards You may", "… order
/// The damage"), which no name and no sentence prints in the middle. So a
/// sidebar whose text follows its label (`Tip: Lay out your Away Team first
/// …`) is none.
fn title_run_in(text: &str) -> Option<(&str, &str)> {
    let (label, after) = text.split_once(": ")?;
    sidebar_title(&format!("{label}: X"))?;
    let words: Vec<(usize, &str)> = after
        .split_whitespace()
        .take(SIDEBAR_NAME_WORDS + 2)
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let capitalized = |w: &str| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
    let lowercase = |w: &str| w.starts_with(char::is_lowercase);
    let in_name = |w: &str| {
        capitalized(w)
            || super::super::lines::is_joining_word(w)
            || (w.ends_with('.') && w.len() <= 4)
    };
    let title_case = (1..words.len().saturating_sub(1))
        .find(|&i| capitalized(words[i].1) && lowercase(words[i + 1].1))
        .filter(|&opens| words[..opens].iter().all(|(_, w)| in_name(w)));
    // "I" is capitalized wherever it stands.
    let sentence_case = || {
        (1..words.len().saturating_sub(1)).find(|&i| {
            let (before, word, next) = (words[i - 1].1, words[i].1, words[i + 1].1);
            capitalized(word)
                && word != "I"
                && !word.starts_with("I'")
                && crate::english::is_function_word(word)
                && lowercase(before)
                && lowercase(next)
        })
    };
    let opens = title_case.or_else(sentence_case)?;
    let name_ok = words[..opens]
        .iter()
        .all(|(_, w)| !w.ends_with(['.', '!', '?', ':', ',', ';']) || in_name(w))
        && !words[opens - 1].1.ends_with(['.', '!', '?', ':', ','])
        && !super::super::lines::is_joining_word(words[opens - 1].1);
    let rest = &text[words[opens].0..];
    (name_ok && rest.contains(['.', '!', '?'])).then(|| (text[..words[opens].0].trim_end(), rest))
}

/// The most words of a sidebar's name after its label.
const SIDEBAR_NAME_WORDS: usize = 8;

#[cfg(test)]
mod tests {
    use super::sidebar_title;

    #[test]
    fn a_sidebar_title_is_a_label_and_a_short_name_alone() {
        assert_eq!(
            sidebar_title("Copyright Notice: Printing cards").as_deref(),
            Some("Copyright Notice: Printing cards")
        );
        assert_eq!(
            sidebar_title("**Tip: First vs. Second Edition**").as_deref(),
            Some("Tip: First vs. Second Edition")
        );
        // A sentence after the label is the sidebar's text, no title.
        assert_eq!(sidebar_title("Example: A ship moves two spaces."), None);
        assert_eq!(sidebar_title("Note: see the next page"), None);
        assert_eq!(sidebar_title("the rule: Range counts"), None);
    }

    #[test]
    fn a_sidebar_title_a_column_wrapped_goes_on_over_its_last_words() {
        use super::title_wrapped;
        assert_eq!(
            title_wrapped("Copyright Notice: Printing\ncards\nYou may print copies."),
            Some((
                "Copyright Notice: Printing cards".to_string(),
                "You may print copies."
            ))
        );
        assert_eq!(
            title_wrapped("Copyright Notice: Printing\ncards"),
            Some(("Copyright Notice: Printing cards".to_string(), ""))
        );
        // A sentence goes on; a label's text is no title.
        assert_eq!(
            title_wrapped("Note: Range\nresets at the start of your turn."),
            None
        );
        assert_eq!(
            title_wrapped("Reminder: Range\nA ship's RANGE is reset."),
            None
        );
    }

    #[test]
    fn a_sidebar_title_a_paste_ran_its_text_into_ends_where_its_sentence_opens() {
        use super::title_run_in;
        assert_eq!(
            title_run_in("Tip: First vs. Second Edition A different game was released."),
            Some((
                "Tip: First vs. Second Edition",
                "A different game was released."
            ))
        );
        assert_eq!(
            title_run_in("Tip: Lay out your Away Team first, then move."),
            None
        );
        assert_eq!(title_run_in("Example: A ship moves two spaces."), None);
        assert_eq!(
            title_run_in("Borg Rule: The Borg do not count personas."),
            None
        );
        // A name in sentence case ends at the function word that opens
        // the sentence.
        assert_eq!(
            title_run_in("Copyright Notice: Printing cards You may print copies."),
            Some(("Copyright Notice: Printing cards", "You may print copies."))
        );
        assert_eq!(
            title_run_in("Open Rules: Damage order The order is not yet ruled."),
            Some(("Open Rules: Damage order", "The order is not yet ruled."))
        );
        assert_eq!(title_run_in("Tip: Lay out your cards when I say so."), None);
    }
}
