//! Parsing: one document's text in, one [`Release`] with its [`Entry`]s out.
//!
//! The document is read line by line (`lines` gives each line a shape),
//! candidate heads are accepted or rejected with their neighbours (`heads`),
//! then every line is placed in exactly one entry or in the release's front
//! matter (title, preamble, section introductions, footer). Nothing is dropped.
//! What the document says about itself (edition, date, title) comes from its
//! front matter when present, else from its own text (`about`).

mod about;
pub mod body;
pub mod dates;
pub mod front_matter;
mod heads;
pub mod lines;

use chrono::NaiveDate;

use crate::error::DocumentError;
use crate::model::{Entry, EntryKind, FrontParagraph, Release};
use crate::topic::TopicKey;
use heads::Line;
use lines::{ends_mid_sentence, starts_lowercase, Candidate, Shape, Strength};

/// Where a line goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Front,
    Entry(usize),
}

/// An entry under construction: its paragraphs, each with its line span.
#[derive(Debug)]
struct Draft {
    candidate: Candidate,
    line: usize,
    section: Option<String>,
    paragraphs: Vec<Paragraph>,
}

#[derive(Debug, Clone)]
struct Paragraph {
    /// Every source line the paragraph holds.
    lines: Vec<usize>,
    text: String,
}

impl Paragraph {
    fn new(no: usize, text: &str) -> Paragraph {
        Paragraph {
            lines: vec![no],
            text: text.trim_end().to_string(),
        }
    }
}

/// Parses one document. `file` is its path relative to the corpus folder;
/// `order` its place in corpus order.
pub fn parse_document(file: &str, text: &str, order: usize) -> Result<Release, DocumentError> {
    if text.trim().is_empty() {
        return Err(DocumentError::Empty {
            file: file.to_string(),
        });
    }
    if let Some(at) = text.find('\0') {
        return Err(DocumentError::Binary {
            file: file.to_string(),
            line: text[..at].matches('\n').count() + 1,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (meta, skip) = front_matter::split(file, text)?;

    let mut lines: Vec<Line> = text
        .split('\n')
        .enumerate()
        .skip(skip)
        .map(|(i, raw)| {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            Line {
                no: i + 1,
                text: raw,
                shape: lines::classify(raw),
            }
        })
        .collect();
    prefer_usual_separator(&mut lines);

    let declared_alphabetical = about::declares_alphabetical(text);
    let alphabetical = declared_alphabetical || heads::looks_alphabetical(&lines);
    let accepted = heads::accept(&lines, alphabetical);

    let (drafts, front) = assemble(&lines, &accepted);
    let about = about::describe(file, meta.as_ref(), &front, &lines, &drafts_dates(&drafts))?;

    let id = release_id(file);
    let mut entries = Vec::with_capacity(drafts.len());
    for draft in drafts {
        entries.push(finish_entry(draft, &id, file, &about));
    }
    if entries.is_empty() {
        return Err(DocumentError::NoEntries {
            file: file.to_string(),
        });
    }
    Ok(Release {
        id,
        edition: about.edition,
        kind: about.kind,
        title: about.title,
        publisher: about.publisher,
        date: about.date,
        amends: about.amends,
        since: about.since,
        file: file.to_string(),
        order,
        has_front_matter: meta.is_some(),
        alphabetical: declared_alphabetical,
        front,
        entries,
    })
}

/// The release id: the file's path in the corpus without its extension.
pub fn release_id(file: &str) -> String {
    let path = std::path::Path::new(file);
    let stem = path.with_extension("");
    stem.to_string_lossy().replace('\\', "/")
}

fn drafts_dates(drafts: &[Draft]) -> Vec<NaiveDate> {
    drafts.iter().filter_map(|d| d.candidate.date).collect()
}

/// Where an inline head prints more than one dash within topic reach
/// ("actions – interrupting actions - Interrupt …"), the body separator is the
/// dash the document uses on its unambiguous inline heads.
fn prefer_usual_separator(lines: &mut [Line]) {
    let mut counts: Vec<(char, usize)> = Vec::new();
    for line in lines.iter() {
        if let Shape::Candidate(c) = &line.shape {
            if c.strength == Strength::Inline {
                let dashes = lines::separator_dashes(line.text);
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
            if c.strength == Strength::Inline && lines::separator_dashes(line.text).len() > 1 {
                if let Some((topic, body)) = lines::split_inline_with(line.text, usual) {
                    c.topic = topic;
                    c.body = Some(body);
                }
            }
        }
    }
}

/// Places every line in an entry or in the front matter.
///
/// Two repairs of conversion damage happen here. A paragraph that opens in
/// lowercase after one that ended mid-sentence is the rest of that sentence
/// (a page break cut it): the two are joined. And when a heading or head cut
/// an entry mid-sentence (two PDF columns interleaved), a later lowercase
/// paragraph that cannot continue the entry at hand goes back to the cut one.
fn assemble(lines: &[Line], accepted: &[bool]) -> (Vec<Draft>, Vec<FrontParagraph>) {
    let mut drafts: Vec<Draft> = Vec::new();
    let mut front: Vec<Paragraph> = Vec::new();
    let mut target = Target::Front;
    let mut section: Option<String> = None;
    let mut section_has_heads = false;
    let mut interrupted: Option<usize> = None;
    let mut blank_before = true;

    fn last_paragraph<'d>(
        target: Target,
        drafts: &'d mut [Draft],
        front: &'d mut [Paragraph],
    ) -> Option<&'d mut Paragraph> {
        match target {
            Target::Front => front.last_mut(),
            Target::Entry(i) => drafts[i].paragraphs.last_mut(),
        }
    }

    /// A heading or head that arrives while an entry is mid-sentence cuts it.
    fn note_interruption(target: Target, drafts: &[Draft], interrupted: &mut Option<usize>) {
        if let Target::Entry(i) = target {
            if drafts[i]
                .paragraphs
                .last()
                .is_some_and(|p| ends_mid_sentence(&p.text))
            {
                *interrupted = Some(i);
            }
        }
    }

    for (idx, line) in lines.iter().enumerate() {
        let no = line.no;
        match &line.shape {
            Shape::Blank => {
                blank_before = true;
                continue;
            }
            Shape::Title | Shape::Footer => {
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                front.push(Paragraph::new(no, line.text));
            }
            Shape::Section(name) => {
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                section = Some(name.clone());
                section_has_heads = false;
                front.push(Paragraph::new(no, line.text));
            }
            Shape::Candidate(c) if accepted[idx] => {
                note_interruption(target, &drafts, &mut interrupted);
                let mut paragraphs = Vec::new();
                if let Some(body) = &c.body {
                    paragraphs.push(Paragraph::new(no, body));
                }
                drafts.push(Draft {
                    candidate: c.clone(),
                    line: no,
                    section: section.clone(),
                    paragraphs,
                });
                section_has_heads = true;
                target = Target::Entry(drafts.len() - 1);
            }
            _ => {
                let text = line.text;
                let lowercase = starts_lowercase(text);
                // A lowercase paragraph that the entry at hand cannot continue
                // goes back to an entry a heading cut mid-sentence.
                if blank_before && lowercase {
                    // Only after a finished sentence: a colon announces
                    // text that belongs right here.
                    let here_finished = last_paragraph(target, &mut drafts, &mut front)
                        .is_some_and(|p| ends_sentence(&p.text));
                    let here_has_body = match target {
                        Target::Entry(i) => !drafts[i].paragraphs.is_empty(),
                        Target::Front => true,
                    };
                    if here_finished && here_has_body {
                        if let Some(cut) = interrupted.take() {
                            target = Target::Entry(cut);
                        }
                    }
                }
                // Headless text in an update section is that section's entry.
                if target == Target::Front && !section_has_heads {
                    if let Some(name) = section.as_deref() {
                        if body::section_kind(name).is_some() {
                            drafts.push(Draft {
                                candidate: Candidate {
                                    topic: lines::strip_markup(name.trim_start_matches('#')),
                                    new: false,
                                    erratum: false,
                                    date: None,
                                    body: None,
                                    strength: Strength::Strong,
                                },
                                line: no,
                                section: section.clone(),
                                paragraphs: Vec::new(),
                            });
                            section_has_heads = true;
                            target = Target::Entry(drafts.len() - 1);
                            blank_before = true;
                        }
                    }
                }
                let last = last_paragraph(target, &mut drafts, &mut front);
                match last {
                    Some(p) if !blank_before => {
                        p.text.push('\n');
                        p.text.push_str(text.trim_end());
                        p.lines.push(no);
                    }
                    Some(p) if lowercase && ends_mid_sentence(&p.text) => {
                        // The rest of a sentence a page break cut.
                        p.text.push(' ');
                        p.text.push_str(text.trim());
                        p.lines.push(no);
                    }
                    _ => {
                        let paragraph = Paragraph::new(no, text);
                        match target {
                            Target::Front => front.push(paragraph),
                            Target::Entry(i) => drafts[i].paragraphs.push(paragraph),
                        }
                    }
                }
            }
        }
        blank_before = false;
    }
    let front = front
        .into_iter()
        .map(|p| FrontParagraph {
            line: p.lines.first().copied().unwrap_or(0),
            end_line: p.lines.last().copied().unwrap_or(0),
            text: p.text,
        })
        .collect();
    (drafts, front)
}

fn finish_entry(draft: Draft, release: &str, file: &str, about: &about::About) -> Entry {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut owned: Vec<usize> = vec![draft.line];
    owned.extend(
        draft
            .paragraphs
            .iter()
            .flat_map(|p| p.lines.iter().copied()),
    );
    owned.sort_unstable();
    owned.dedup();
    for no in owned {
        match spans.last_mut() {
            Some((_, end)) if *end + 1 == no => *end = no,
            _ => spans.push((no, no)),
        }
    }
    let texts: Vec<&str> = draft.paragraphs.iter().map(|p| p.text.as_str()).collect();
    let text = texts.join("\n\n");
    let c = &draft.candidate;
    let see = body::see_references(&text);
    let supersedes = body::supersessions(&text);
    let section_kind = draft.section.as_deref().and_then(body::section_kind);
    let kind = body::classify_kind(&text, c.erratum, section_kind, &supersedes);
    let cards = card_list(&text, &see, &c.topic, kind);
    let (date, dated) = match c.date {
        Some(d) => (d, true),
        None => (about.date, false),
    };
    Entry {
        release: release.to_string(),
        edition: about.edition,
        release_date: about.date,
        date,
        dated,
        section: draft
            .section
            .as_deref()
            .map(|s| s.trim_start_matches('#').trim().to_string()),
        subtopic: subtopic(&c.topic),
        key: TopicKey::new(&c.topic),
        topic: c.topic.clone(),
        kind,
        new: c.new,
        text,
        see,
        supersedes,
        cards,
        effect: None,
        file: file.to_string(),
        line: draft.line,
        spans,
    }
}

/// Whether a paragraph ends with a full stop (not a colon, not mid-sentence).
fn ends_sentence(paragraph: &str) -> bool {
    paragraph
        .trim_end()
        .trim_end_matches(['*', '_', ')', '"', '”', '’', '\''])
        .ends_with(['.', '!', '?'])
}

/// Cards an entry names: the bold and underlined titles in its text, and for
/// errata the card the entry is about (when its topic reads like a card
/// title, not a rules term such as "revised game text").
fn card_list(text: &str, see: &[String], topic: &str, kind: EntryKind) -> Vec<String> {
    let mut cards = body::card_names(text, see, topic);
    let names_a_card = body::is_title_case(topic);
    if kind == EntryKind::Erratum && names_a_card && !cards.iter().any(|c| c == topic) {
        cards.insert(0, topic.to_string());
    }
    cards
}

/// "actions – step 1: initiation" has the sub-topic "step 1: initiation".
fn subtopic(topic: &str) -> Option<String> {
    [" – ", " - ", " — "]
        .iter()
        .filter_map(|sep| topic.find(sep).map(|at| (at, sep.len())))
        .min_by_key(|(at, _)| *at)
        .map(|(at, len)| topic[at + len..].trim().to_string())
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests;
