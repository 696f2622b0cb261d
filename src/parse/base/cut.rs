//! A base document cut into its parts, line by line: where each part
//! begins (its heading, a chapter head, the letter or the restart of the
//! alphabet that ends the Temporary Rulings), and how the alphabetical
//! parts' lines are handed to the rulings reader.

use super::alphabet::{self, Reread};
use super::banners::is_letter_divider;
use super::{head_of, is_contents_heading, is_contents_line};
use super::{part_heading, Part};
use crate::topic::TopicKey;
use std::collections::HashSet;

/// The part of each line (index = line number - 1), and how each line of
/// an alphabetical part is read where not as printed. `title` is the line
/// that ends the title block and the first line of text.
pub(super) fn into_parts(
    lines: &[&str],
    skip: usize,
    glossary: bool,
    (title_end, first_text): (Option<usize>, Option<usize>),
    page_tops: &[bool],
) -> (Vec<Part>, Vec<Option<Reread>>) {
    // The part of each line (index = line number - 1).
    let mut parts = vec![Part::Front; lines.len()];
    // A Glossary is one alphabet from its title on, but for the preamble
    // before Temporary Rulings set ahead of the alphabet.
    let mut current =
        if glossary && !alphabet::temporary_first(lines, title_end.map_or(skip, |end| end + 1)) {
            Part::Glossary
        } else {
            Part::Front
        };
    // How the alphabetical parts' lines are read where not as printed.
    let mut rereads: Vec<Option<Reread>> = vec![None; lines.len()];
    let mut restart = alphabet::Restart::default();
    // A table of contents names the parts and sections again: its lines
    // are front matter, not the parts they name.
    let mut in_contents = false;
    // The items the contents listed: the text begins where one is printed
    // again (its first head), however like an item that head reads.
    let mut listed: HashSet<TopicKey> = HashSet::new();
    for i in skip..lines.len() {
        let line = lines[i];
        if title_end.is_none_or(|end| i > end) {
            let item = contents_item(line);
            let again = in_contents && !item.is_empty() && listed.contains(&item);
            in_contents = is_contents_heading(line)
                || (in_contents && !again && (line.trim().is_empty() || is_contents_line(line)));
            if in_contents {
                if !item.is_empty() {
                    listed.insert(item);
                }
                parts[i] = Part::Front;
                continue;
            }
            listed.clear();
            // A part's name run into its first head where a copy lost the
            // line break ("Glossary become – When a card …"): the part
            // begins on that line (the rulings reader takes the name for a
            // section heading and reads the head after it).
            let run_in = super::super::lines::part_name_before_head(line)
                .and_then(|end| part_heading(&line[..end]));
            // A running header that names the part and the document
            // opens no part.
            let part = part_heading(line)
                .or(run_in)
                .filter(|_| !super::super::lines::part_and_title(line));
            if glossary
                && current == Part::Front
                && part == Some(Part::Glossary)
                && alphabet::temporary_first(lines, i + 1)
            {
                // The Glossary's name over its preamble, with its Temporary
                // Rulings still to come (the title printed under a running
                // header that named it first): no part begins.
            } else if let Some(part) = part {
                current = part;
            } else if current == Part::Temporary
                && (is_letter_divider(line) || alphabet::letter_run_in(line).is_some())
            {
                // The Temporary Rulings end where the alphabet begins: the
                // letter set over the Glossary's first entries ("A").
                current = Part::Glossary;
                rereads[i] = Some(Reread::GlossaryBegins);
            } else if current == Part::Temporary && glossary && restart.at(lines, page_tops, i) {
                // Or, where no letter is set, where the alphabet starts
                // again after a break.
                current = Part::Glossary;
                // The part's name set on the blank line before it, where
                // the break left one (over a page's number or header),
                // else before the head on its own line.
                let blank = (i.saturating_sub(3)..i)
                    .rev()
                    .find(|&b| lines[b].trim().is_empty());
                match blank {
                    Some(b) => {
                        (b..i).for_each(|k| parts[k] = Part::Glossary);
                        rereads[b] = Some(Reread::GlossaryBegins);
                    }
                    None => rereads[i] = Some(Reread::GlossaryBegins),
                }
            } else if (matches!(current, Part::Glossary | Part::Temporary)
                && is_letter_divider(line))
                || (current == Part::Glossary && alphabet::letter_run_in(line).is_some())
            {
                // A letter over a run of entries, alone or run onto its
                // first head.
                rereads[i] = Some(Reread::Letter);
            } else if matches!(current, Part::Front | Part::Sections | Part::ChangeLog)
                && head_of(line).is_some()
            {
                current = Part::Sections;
            } else if !matches!(current, Part::Sections | Part::BanList)
                && head_of(line).is_some_and(|((n, _), _)| !n.contains('.'))
            {
                // A top-level chapter head ends any part.
                current = Part::Sections;
            }
        }
        if rereads[i].is_none()
            && current == Part::Icons
            && alphabet::opens_with_icon(line, lines.get(i + 1).copied())
        {
            rereads[i] = Some(Reread::Icon);
        }
        if rereads[i].is_none()
            && matches!(current, Part::Glossary | Part::Temporary)
            && alphabet::without_run_in_letters(line).is_some()
        {
            rereads[i] = Some(Reread::Letters);
        }
        // The document's name printed again at the top of a page, alone
        // or after the part's, is no part of the section it falls in.
        parts[i] = if i > first_text.unwrap_or(0)
            && (super::super::lines::is_title_line(line)
                || super::super::lines::part_and_title(line))
        {
            Part::Front
        } else {
            current
        };
        // A part's name a copy ran onto the end of a paragraph (`… at a
        // facility. Glossary`): the part begins on the next line.
        if title_end.is_none_or(|end| i > end) && !in_contents {
            if let Some(part) = super::super::flow::part_name_after_sentence(line)
                .and_then(|at| part_heading(line[at..].trim()))
            {
                current = part;
            }
        }
    }

    (parts, rereads)
}

/// A contents line's item without its leader dots and page number
/// ("1 Introduction ..... 3" is "1 introduction"), and without the marks
/// it is set in, which may close after its page number where a web page
/// set the number run onto the title ("**1 INTRODUCTION2**").
fn contents_item(line: &str) -> TopicKey {
    TopicKey::new(
        line.trim()
            .trim_matches(['*', '_', '#', ' '])
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ' || c == '\t'),
    )
}
