//! A history that prints each version's wording after its status line and
//! source: a small table a rule, its rows `kind | status`, the dated
//! source, the wording and any `Superseded by:`, under the rule's heading
//! (or the same rows under the heading with no table, or the page saved as
//! text, a row a line):
//!
//! ```text
//! Deck size
//! Original | Superseded
//! Premiere Rulebook (10 Nov 1994)
//! Every player brings a game deck of exactly sixty cards.
//! Superseded by: Deck size: the 30/30 rule (1997 Dec)
//! Rule Change | Active
//! First Contact Rules Supplement (1 Dec 1997)
//! A deck of any size is legal while …
//! Docking at outposts
//! Original | Active
//! …
//! ```
//!
//! Each version is of the rule named by the nearest heading above it (not
//! the page's first): a heading line where the page marks one, else the
//! line that closes what follows a version's wording and is no sentence.

use super::{Core, Page, Version, LINK, LINKS};

/// Whether the page prints each version's wording after its status line
/// and source. Where a version was ended, where its link's label stands
/// tells: right after the source in the flat list, after the wording (a
/// sentence) in a table a rule; most such versions decide. Else what
/// follows each source does: a sentence there is a wording; a link, a
/// heading or a title is the flat list's (whose wording comes before its
/// status line). Most versions decide; a tie is the flat list, the site's
/// own shape.
pub(super) fn wording_after(lines: &[String], headed: &[bool], cores: &[Core]) -> bool {
    let (mut after, mut before) = (0usize, 0usize);
    let (mut linked_after, mut linked_before) = (0usize, 0usize);
    for (n, core) in cores.iter().enumerate() {
        let end = cores.get(n + 1).map_or(lines.len(), |c| c.at);
        let own: Vec<usize> = (core.after..end)
            .filter(|&i| !lines[i].is_empty())
            .collect();
        let Some(&next) = own.first() else {
            continue;
        };
        if let Some(label) = own.iter().position(|&i| LINKS.is_match(&lines[i])) {
            let sentence_before = own[..label].iter().any(|&i| sentence(&lines[i]));
            if label == 0 {
                linked_before += 1;
            } else if sentence_before {
                linked_after += 1;
            }
        }
        if !LINKS.is_match(&lines[next]) && !headed[next] && sentence(&lines[next]) {
            after += 1;
        } else {
            before += 1;
        }
    }
    if linked_after + linked_before > 0 {
        return linked_after > linked_before;
    }
    after > before
}

/// Whether a line reads as a sentence (a wording), not as a name (a title
/// or a heading): it ends as a sentence does, or is too long for a name.
fn sentence(line: &str) -> bool {
    line.ends_with(['.', '!', '?', ';']) || line.split_whitespace().count() > 12
}

/// Whether a line the page does not mark may be a rule's heading: no
/// sentence, and no status line (one printed without its dated source is
/// a version not read, never a rule's name).
fn heading_shaped(line: &str) -> bool {
    !sentence(line) && super::status_line(line).is_none()
}

/// What follows a version up to the next status line: its links, and the
/// other lines in order.
fn region(lines: &[String], from: usize, to: usize) -> (Vec<usize>, Vec<super::Link>) {
    let mut others = Vec::new();
    let mut links = Vec::new();
    for (at, line) in lines.iter().enumerate().take(to).skip(from) {
        if line.is_empty() {
            continue;
        }
        if let Some(c) = LINKS.captures(line) {
            let rest = c[2].trim();
            if !rest.is_empty() {
                links.push(super::link(rest));
            }
        } else if LINK.is_match(line) {
            // A line that ends in a link's month is a link, its label
            // printed or not (a table's cells read across may part the
            // label from it).
            links.push(super::link(line));
        } else {
            others.push(at);
        }
    }
    (others, links)
}

/// The page read a version at a time, each wording the lines after its
/// source, each rule the nearest heading above.
pub(super) fn read(lines: &[String], headed: &[bool], cores: &[Core]) -> Option<Page> {
    // Before the first version: the page's own lines, then the first
    // rule's heading (the nearest line marked as one, else the line above),
    // then any title of the version's own.
    // A heading with a sentence under it before the first version heads the
    // page (its title over its preamble), not a rule: the rule's is then
    // the line over the version, where it reads as a name.
    let before: Vec<usize> = (0..cores[0].at).filter(|&i| !lines[i].is_empty()).collect();
    let marked = before.iter().rposition(|&i| headed[i]);
    let heads_page = marked.is_some_and(|m| before[m + 1..].iter().any(|&i| sentence(&lines[i])));
    let last_named = before
        .len()
        .checked_sub(1)
        .filter(|&l| heading_shaped(&lines[before[l]]));
    let head = match (marked, heads_page) {
        (Some(_), true) => last_named,
        (Some(m), false) => Some(m),
        (None, _) => before.len().checked_sub(1),
    };
    let (preamble, mut rule, mut title) = match head {
        Some(head) => (
            lines[..before[head]].to_vec(),
            name(&lines[before[head]]),
            own(lines, &before[head + 1..]),
        ),
        None => (Vec::new(), "Rule".to_string(), None),
    };
    // Each region after a version: its wording, then the next rule's
    // heading and the next version's own title where there are any.
    let regions: Vec<(Vec<usize>, Vec<super::Link>)> = cores
        .iter()
        .enumerate()
        .map(|(n, core)| {
            region(
                lines,
                core.after,
                cores.get(n + 1).map_or(lines.len(), |c| c.at),
            )
        })
        .collect();
    let split = |others: &[usize]| -> (usize, Option<usize>) {
        match others.iter().position(|&i| headed[i]) {
            Some(h) => (h, Some(h)),
            None if others.len() >= 2 && heading_shaped(&lines[others[others.len() - 1]]) => {
                (others.len() - 1, Some(others.len() - 1))
            }
            None => (others.len(), None),
        }
    };
    // The last version's wording is as long as the shortest of the others
    // (a line, in every shape seen); what follows it is the page's footer.
    let wording_lines = regions[..regions.len() - 1]
        .iter()
        .map(|(others, _)| split(others).0)
        .filter(|&n| n > 0)
        .min()
        .unwrap_or(1);
    let mut versions: Vec<Version> = Vec::new();
    let mut rules = Vec::new();
    let mut footer = Vec::new();
    for (n, (core, (others, links))) in cores.iter().zip(regions).enumerate() {
        let last = n + 1 == cores.len();
        let (wording, next) = if last {
            let wording = wording_lines.min(others.len());
            if let Some(&first) = others.get(wording) {
                footer = lines[first..].to_vec();
            }
            (wording, None)
        } else {
            split(&others)
        };
        let text = others[..wording]
            .iter()
            .map(|&i| lines[i].clone())
            .collect();
        let own_title = title.take().unwrap_or_else(|| rule.clone());
        versions.push(super::version(lines, core, own_title, text, links)?);
        rules.push(rule.clone());
        if let Some(h) = next {
            rule = name(&lines[others[h]]);
            title = own(lines, &others[h + 1..]);
        }
    }
    Some(Page {
        preamble,
        versions,
        rules,
        footer,
    })
}

/// A rule's name from its heading, without the colon that may close it.
fn name(heading: &str) -> String {
    heading.trim().trim_end_matches(':').trim().to_string()
}

/// A version's own title: the lines between its rule's heading and its
/// status line, if any.
fn own(lines: &[String], at: &[usize]) -> Option<String> {
    (!at.is_empty()).then(|| {
        at.iter()
            .map(|&i| lines[i].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    })
}
