//! Entries assembled from the lines read: each line placed in an entry or
//! in the front matter, paragraphs joined where a page or a column cut
//! them, and each entry finished with its kind, cards, references and sub-
//! topic.

use super::*;

/// Places every line in an entry or in the front matter, and says which of
/// the lines `set_aside` as furniture went back to an entry.
///
/// A line set aside for its shape alone (a legend, navigation, a byline)
/// that falls inside an entry, between its head and the next head or
/// heading, is that entry's text: inside an entry only what the page prints
/// (running headers and footers, page numbers) is furniture. Before the
/// first head, under a heading and after the last line of text, it stays
/// furniture.
///
/// Two repairs of conversion damage happen here. A paragraph that opens in
/// lowercase after one that ended mid-sentence is the rest of that sentence
/// (a page break cut it): the two are joined. And when a heading or head cut
/// an entry mid-sentence (two PDF columns interleaved), a later lowercase
/// paragraph that cannot continue the entry at hand goes back to the cut one.
pub(super) fn assemble(
    lines: &[Line],
    accepted: &[bool],
    set_aside: &[SetAside],
) -> (Vec<Draft>, Vec<FrontParagraph>, Vec<bool>) {
    let mut given_back = vec![false; set_aside.len()];
    let mut next_aside = 0usize;
    // Furniture after the last line of text is the document's footer.
    let last_text = lines
        .iter()
        .rev()
        .find(|l| l.shape != Shape::Blank)
        .map_or(0, |l| l.last);
    let mut drafts: Vec<Draft> = Vec::new();
    let mut front: Vec<Paragraph> = Vec::new();
    let mut target = Target::Front;
    let mut section: Option<String> = None;
    let mut section_has_heads = false;
    let mut interrupted: Option<usize> = None;
    let mut blank_before = true;
    let mut titled = false;
    // The article's own words introduced temporary rulings: the heads
    // after them are temporary, up to its next words or heading.
    let mut temporary_run = false;

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
                .is_some_and(|p| p.ends_mid_sentence())
            {
                *interrupted = Some(i);
            }
        }
    }

    for (idx, line) in lines.iter().enumerate() {
        let no = line.no;
        while let Some(aside) = set_aside.get(next_aside).filter(|a| a.no < no) {
            if let Target::Entry(i) = target {
                if !aside.why.of_the_page() && aside.no < last_text {
                    let paragraphs = &mut drafts[i].paragraphs;
                    match paragraphs.last_mut() {
                        Some(p) if !blank_before => {
                            p.append('\n', aside.text);
                            p.push_span(aside.no, aside.no);
                        }
                        _ => push_paragraph(
                            paragraphs,
                            Paragraph::spanning(aside.no, aside.no, aside.text),
                        ),
                    }
                    given_back[next_aside] = true;
                    blank_before = false;
                }
            }
            next_aside += 1;
        }
        match &line.shape {
            Shape::Blank => {
                blank_before = true;
                continue;
            }
            Shape::Title if titled && !drafts.is_empty() => {
                // The title printed again among the entries is the top of
                // a page: the entry it falls in goes on after it. (A first
                // title after entries opens the document's front matter.)
                front.push(Paragraph::new(line, &line.text));
                continue;
            }
            Shape::Title | Shape::Footer => {
                titled |= line.shape == Shape::Title;
                temporary_run = false;
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                front.push(Paragraph::new(line, &line.text));
            }
            Shape::Section(name) => {
                note_interruption(target, &drafts, &mut interrupted);
                target = Target::Front;
                temporary_run = false;
                section = Some(name.clone());
                section_has_heads = false;
                front.push(Paragraph::new(line, &line.text));
            }
            Shape::Candidate(c) if accepted[idx] => {
                note_interruption(target, &drafts, &mut interrupted);
                let mut paragraphs = Vec::new();
                if let Some(body) = &c.body {
                    push_paragraph(&mut paragraphs, Paragraph::new(line, body));
                }
                drafts.push(Draft {
                    candidate: Candidate::clone(c),
                    line: no,
                    head_last: line.last,
                    section: section.clone(),
                    paragraphs,
                    temporary: temporary_run,
                });
                section_has_heads = true;
                target = Target::Entry(drafts.len() - 1);
            }
            _ => {
                let text: &str = &line.text;
                let lowercase = starts_lowercase(text);
                // A paragraph in the article's own voice is no ruling's
                // text: it goes to the front matter, and what follows it
                // up to the next head goes with it.
                let editorial = blank_before.then(|| editorial::editorial(text)).flatten();
                if let Some(said) = editorial {
                    note_interruption(target, &drafts, &mut interrupted);
                    target = Target::Front;
                    temporary_run = said == editorial::Editorial::Temporary;
                }
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
                if target == Target::Front && !section_has_heads && editorial.is_none() {
                    if let Some(name) = section.as_deref() {
                        // A part's bare name ("Glossary") heads entries
                        // of its own; text under it before the first is an
                        // introduction (or a table of contents).
                        if body::section_kind(name).is_some() && !lines::is_whole_part_name(name) {
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
                                head_last: no,
                                section: section.clone(),
                                paragraphs: Vec::new(),
                                temporary: false,
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
                        // A piece cut from the same printed line goes back
                        // with the space it had.
                        p.append(if line.glued { ' ' } else { '\n' }, text.trim_end());
                        p.push_lines(line);
                    }
                    Some(p) if lowercase && p.ends_mid_sentence() => {
                        // The rest of a sentence a page break cut.
                        p.append(' ', text.trim());
                        p.push_lines(line);
                    }
                    _ => {
                        let paragraph = Paragraph::new(line, text);
                        match target {
                            Target::Front => front.push(paragraph),
                            Target::Entry(i) => {
                                push_paragraph(&mut drafts[i].paragraphs, paragraph)
                            }
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
            line: p.lines.first().map_or(0, |r| r.0),
            end_line: p.lines.last().map_or(0, |r| r.1),
            text: p.text,
        })
        .collect();
    (drafts, front, given_back)
}

/// Adds a paragraph to an entry, growing its list from one: most entries
/// have one or two paragraphs, and a document may have a million entries.
pub(super) fn push_paragraph(paragraphs: &mut Vec<Paragraph>, paragraph: Paragraph) {
    if paragraphs.len() == paragraphs.capacity() {
        paragraphs.reserve_exact(paragraphs.len().max(1));
    }
    paragraphs.push(paragraph);
}

pub(super) fn finish_entry(draft: Draft, release: &str, file: &str, about: &about::About) -> Entry {
    let mut owned: Vec<(usize, usize)> = vec![(draft.line, draft.head_last)];
    owned.extend(
        draft
            .paragraphs
            .iter()
            .flat_map(|p| p.lines.iter().copied()),
    );
    owned.sort_unstable();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(owned.len());
    for (first, last) in owned {
        match spans.last_mut() {
            Some((_, end)) if *end + 1 >= first => *end = (*end).max(last),
            _ => spans.push((first, last)),
        }
    }
    let texts: Vec<&str> = draft.paragraphs.iter().map(|p| p.text.as_str()).collect();
    let text = texts.join("\n\n");
    let c = &draft.candidate;
    let see = body::see_references(&text);
    let supersedes = body::supersessions(&text);
    // A head the page tagged temporary (a web page's blue) is temporary,
    // its topic without the tag; so is one the article introduced so.
    let untagged = editorial::untagged(&c.topic);
    let topic = untagged.unwrap_or(&c.topic).to_string();
    let section_kind = if draft.temporary || untagged.is_some() {
        Some(EntryKind::Temporary)
    } else {
        draft.section.as_deref().and_then(body::section_kind)
    };
    let kind = body::classify_kind(&text, c.erratum, section_kind, &supersedes);
    let cards = card_list(&text, &see, &topic, kind);
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
            .map(|s| lines::heading_words(s).to_string()),
        subtopic: subtopic(&topic),
        key: TopicKey::new(&topic),
        topic,
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
pub(super) fn ends_sentence(paragraph: &str) -> bool {
    paragraph
        .trim_end()
        .trim_end_matches(['*', '_', ')', '"', '”', '’', '\''])
        .ends_with(['.', '!', '?'])
}

/// Cards an entry names: the bold and underlined titles in its text, and for
/// errata the card the entry is about (when its topic reads like a card
/// title, not a rules term such as "revised game text").
pub(super) fn card_list(text: &str, see: &[String], topic: &str, kind: EntryKind) -> Vec<String> {
    let mut cards = body::card_names(text, see, topic);
    let names_a_card = body::is_title_case(topic);
    if kind == EntryKind::Erratum && names_a_card && !cards.iter().any(|c| c == topic) {
        cards.insert(0, topic.to_string());
    }
    cards
}

/// "actions – step 1: initiation" has the sub-topic "step 1: initiation".
pub(super) fn subtopic(topic: &str) -> Option<String> {
    [" – ", " - ", " — "]
        .iter()
        .filter_map(|sep| topic.find(sep).map(|at| (at, sep.len())))
        .min_by_key(|(at, _)| *at)
        .map(|(at, len)| topic[at + len..].trim().to_string())
        .filter(|s| !s.is_empty())
}
