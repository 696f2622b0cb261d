//! The document's head style, settled by a vote of its lines: colon heads
//! or dash heads, entries separated by blank lines or not, and the usual
//! separator where heads carry sub-topics.

use super::*;

/// What a line says of the document's head style.
pub(super) enum HeadVote {
    /// A colon head, with its topic in lowercase.
    Colon(String),
    /// A head with a dash separator or an erratum mark.
    Dash,
    /// A topic on a line of its own, in lowercase.
    Alone(String),
    /// A line of prose that announces what follows (`Revise as follows:`).
    Announces,
}

impl HeadVote {
    pub(super) fn of(mark: Mark, text: &str) -> Option<HeadVote> {
        let topic = || match lines::classify(text) {
            Shape::Candidate(c) => Some(c.topic.to_lowercase()),
            _ => None,
        };
        if mark.kind == MarkKind::Plain {
            return heads::announces_quote(text).then_some(HeadVote::Announces);
        }
        match mark.strength()? {
            // Only a colon head's or a lone topic's words are needed, so
            // only they are read again.
            // A title that holds a colon is no `label: body` line.
            Strength::Colon if lines::is_colon_title(text) => {
                Some(HeadVote::Alone(text.trim().to_lowercase()))
            }
            Strength::Colon => topic().map(HeadVote::Colon),
            Strength::Inline => Some(HeadVote::Dash),
            Strength::Strong if mark.body || mark.erratum || lines::ends_on_dash(text) => {
                Some(HeadVote::Dash)
            }
            Strength::Bare => topic().map(HeadVote::Alone),
            Strength::Strong => None,
        }
    }
}

/// Whether a document prints its heads as `TOPIC: body`: more distinct colon
/// heads than heads of any other shape (a dash, a topic alone on its
/// line). Not every `label: text` line is a head:
///
/// - a label that recurs ("Example:") is no topic, since a document rules
///   on a topic once;
/// - nor is one whose topic stands on a line of its own elsewhere: that
///   line is the entry's head, and the colon line a summary of it in a list
///   (`android: This term is no longer …` over `android` / `This term …`);
/// - nor are the labels of text an entry quotes: after a head and a line
///   that announces a quote (`become` / `Revise as follows:`), the quoted
///   rule's own labels (`Combat: Simultaneously reveal …`) run to the next
///   head.
pub(super) fn prints_colon_heads(votes: impl Iterator<Item = HeadVote>) -> bool {
    let mut colon: HashMap<String, usize> = HashMap::new();
    let mut alone: HashSet<String> = HashSet::new();
    let mut dash = 0usize;
    let (mut in_entry, mut quoting) = (false, false);
    for vote in votes {
        match vote {
            HeadVote::Colon(_) if quoting => {}
            HeadVote::Colon(topic) => *colon.entry(topic).or_default() += 1,
            HeadVote::Dash => {
                dash += 1;
                (in_entry, quoting) = (true, false);
            }
            HeadVote::Alone(topic) => {
                alone.insert(topic);
                (in_entry, quoting) = (true, false);
            }
            HeadVote::Announces => quoting |= in_entry,
        }
    }
    let distinct = colon
        .iter()
        .filter(|&(topic, &n)| n == 1 && !alone.contains(topic))
        .count();
    distinct >= MIN_COLON_HEADS && distinct > dash + alone.len()
}

/// Applies the document's head style: colon heads only where the document
/// prints them (and never a recurring label); with `heads = "line"`, a
/// short line alone is a head and `topic - body` lines are text.
pub(super) fn settle_head_style(lines: &mut [Line], colon_heads: bool, line_heads: bool) {
    let mut colon_topics: HashMap<String, usize> = HashMap::new();
    for line in lines.iter() {
        if let Shape::Candidate(c) = &line.shape {
            if c.strength == Strength::Colon {
                *colon_topics.entry(c.topic.to_lowercase()).or_default() += 1;
            }
        }
    }
    for line in lines.iter_mut() {
        let demote = match &line.shape {
            Shape::Candidate(c) if c.strength == Strength::Colon => {
                !colon_heads || line_heads || colon_topics.get(&c.topic.to_lowercase()) != Some(&1)
            }
            Shape::Candidate(c) if c.strength == Strength::Inline => line_heads,
            _ => false,
        };
        if demote {
            // Where colons are no separator, a title that holds one stands
            // alone as a bare head (`Kevin Uxbridge: Convergence` / `This
            // interrupt …`); whether it opens an entry is decided as for
            // any bare head.
            line.shape = match !colon_heads && lines::is_colon_title(&line.text) {
                true => Shape::Candidate(Box::new(Candidate {
                    topic: lines::strip_markup(line.text.trim()),
                    new: false,
                    erratum: false,
                    date: None,
                    body: None,
                    strength: Strength::Bare,
                })),
                false => Shape::Plain,
            };
        }
        if line_heads && line.shape == Shape::Plain {
            let t = line.text.trim();
            let words = t.split_whitespace().count();
            if (1..=lines::MAX_TOPIC_WORDS).contains(&words)
                && t.chars().any(char::is_alphabetic)
                && !t.ends_with(['.', ',', ';', ':', '!', '?'])
            {
                line.shape = Shape::Candidate(Box::new(Candidate {
                    topic: lines::strip_markup(t),
                    new: false,
                    erratum: false,
                    date: None,
                    body: None,
                    strength: Strength::Bare,
                }));
            }
        }
    }
}

/// Whether entries follow each other after single line breaks: more heads
/// come right after a finished line than after a blank line.
pub(super) fn separates_by_line(lines: &[Line]) -> bool {
    let mut after_line = 0usize;
    let mut after_blank = 0usize;
    let mut previous: Option<&Line> = None;
    for line in lines {
        if let Shape::Candidate(c) = &line.shape {
            if matches!(c.strength, Strength::Inline | Strength::Colon) {
                match previous {
                    Some(p) if p.shape == Shape::Blank => after_blank += 1,
                    Some(p) if !ends_mid_sentence(&p.text) && !line.glued => after_line += 1,
                    _ => {}
                }
            }
        }
        previous = Some(line);
    }
    after_line >= MIN_LINE_SEPARATED && after_line > after_blank
}

/// The release id: the file's path in the corpus without its extension.
pub fn release_id(file: &str) -> String {
    let path = std::path::Path::new(file);
    let stem = path.with_extension("");
    stem.to_string_lossy().replace('\\', "/")
}

pub(super) fn drafts_dates(drafts: &[Draft]) -> Vec<(usize, NaiveDate)> {
    drafts
        .iter()
        .filter_map(|d| d.candidate.date.map(|date| (d.line, date)))
        .collect()
}

/// Where an inline head prints more than one dash within topic reach
/// ("actions – interrupting actions - Interrupt …"), the body separator is the
/// dash the document uses on its unambiguous inline heads.
pub(super) fn prefer_usual_separator(lines: &mut [Line]) {
    let mut counts: Vec<(char, usize)> = Vec::new();
    for line in lines.iter() {
        if let Shape::Candidate(c) = &line.shape {
            if c.strength == Strength::Inline {
                let dashes = lines::separator_dashes(&line.text);
                if let [only] = dashes.as_slice() {
                    match counts.iter_mut().find(|(d, _)| d == only) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((*only, 1)),
                    }
                }
            }
        }
    }
    let Some(&(usual, _)) = counts.iter().max_by_key(|(_, n)| *n) else {
        return;
    };
    for line in lines.iter_mut() {
        if let Shape::Candidate(c) = &mut line.shape {
            if c.strength == Strength::Inline
                && lines::separator_dashes(&line.text).len() > 1
                && !lines::see_decides(&line.text)
            {
                if let Some((topic, body)) = lines::split_inline_with(&line.text, usual) {
                    c.topic = topic;
                    c.body = Some(body);
                }
            }
        }
    }
}
