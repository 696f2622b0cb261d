//! The parts of a base read apart from the flow of its entries: the lines
//! of given parts as front matter (a change log), and the ban lists a part
//! prints (a Compendium's "BANNED CARDS").

use super::*;

/// The ban lists a base prints in a part of their own (a Compendium's
/// "BANNED CARDS"): each format's list an entry, as a ban list document's
/// are; the part's other lines its front matter.
pub(super) fn ban_lists_of(
    lines: &[&str],
    parts: &[Part],
    (release, edition, date, file): &(String, Edition, chrono::NaiveDate, String),
) -> (Vec<Entry>, Vec<FrontParagraph>) {
    let mut entries = Vec::new();
    let mut used = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        if parts[i] != Part::BanList {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && parts[i] == Part::BanList {
            i += 1;
        }
        let read = crate::parse::ban_list::read_lists(lines, start + 1, i, lines[start]);
        for list in &read.lists {
            for &l in &list.lines {
                used[l] = true;
            }
            entries.push(list.entry(
                (release, *edition, *date, file),
                crate::parse::ban_list::BAN_LISTS,
            ));
        }
    }
    let prose = front_of(lines, 0, parts, |p| p == Part::BanList)
        .into_iter()
        .flat_map(|p| {
            // A paragraph is the part's prose where no line of it is a
            // list's.
            let mine = (p.line..=p.end_line).any(|l| used[l - 1]);
            (!mine).then_some(p)
        })
        .collect();
    (entries, prose)
}

/// The paragraphs (blank-line separated) of the lines in the parts `keep`
/// takes.
pub(super) fn front_of(
    lines: &[&str],
    skip: usize,
    parts: &[Part],
    keep: impl Fn(Part) -> bool,
) -> Vec<FrontParagraph> {
    let mut out: Vec<FrontParagraph> = Vec::new();
    let mut open = false;
    for i in skip..lines.len() {
        let line = lines[i].trim_end();
        if !keep(parts[i]) || line.trim().is_empty() {
            open = false;
            continue;
        }
        match out.last_mut() {
            Some(p) if open => {
                p.text.push('\n');
                p.text.push_str(line);
                p.end_line = i + 1;
            }
            _ => out.push(FrontParagraph {
                line: i + 1,
                end_line: i + 1,
                text: line.to_string(),
            }),
        }
        open = true;
    }
    out
}
