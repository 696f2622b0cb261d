//! "Nothing lost", checked on one reading of one document: every line
//! lands in exactly one entry or in the front matter; no line inside an
//! entry (from its head to the next head or heading) goes to the front
//! matter unless the page printed it (a running header or footer, a page
//! number);
//! and every word of a line an entry holds is in that entry's topic or body.

use std::collections::{BTreeMap, BTreeSet};

use rulings::parse::Reading;

/// Words compared loosely: runs of letters and digits, case-folded (the
/// body is Markdown, so markup around a word does not count).
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// How many lines the document's `+++` front-matter block takes.
fn front_matter_lines(text: &str) -> usize {
    if text.starts_with("+++") {
        text.lines()
            .skip(1)
            .position(|l| l.trim_end() == "+++")
            .unwrap()
            + 2
    } else {
        0
    }
}

/// Panics with the file and line of the first line of `text` that `reading`
/// lost, placed twice, or cut out of its entry.
pub fn assert_nothing_lost(name: &str, text: &str, reading: &Reading) {
    let release = &reading.release;
    let mut owners: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (e, entry) in release.entries.iter().enumerate() {
        for &(start, end) in &entry.spans {
            for line in start..=end {
                owners.entry(line).or_default().push(e);
            }
        }
    }
    // Whether each furniture line is the page's own (a header, a number).
    let furniture: BTreeMap<usize, bool> = reading
        .furniture
        .iter()
        .map(|&(no, why)| (no, why.of_the_page()))
        .collect();
    // A front paragraph gives its first and last line; furniture set aside
    // between them is its own paragraph.
    let mut front: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for p in &release.front {
        let alone = p.line == p.end_line;
        for line in (p.line..=p.end_line).filter(|l| alone || !furniture.contains_key(l)) {
            front.entry(line).or_default().push(&p.text);
        }
    }
    let source: Vec<&str> = text.lines().collect();
    let skip = front_matter_lines(text);
    for (i, line) in source.iter().enumerate().skip(skip) {
        let no = i + 1;
        let printed = line.trim();
        if printed.is_empty() {
            continue;
        }
        let held: Vec<String> = owners
            .get(&no)
            .into_iter()
            .flatten()
            .map(|&e| {
                let entry = &release.entries[e];
                format!("{} {}", entry.topic, entry.text)
            })
            .chain(front.get(&no).into_iter().flatten().map(|t| t.to_string()))
            .collect();
        assert!(!held.is_empty(), "{name}:{no} {line:?} is in no entry");
        // A line that flattened entries share is cut between them; one
        // held whole twice is placed twice.
        let whole = held.iter().filter(|t| t.contains(printed)).count();
        assert!(
            held.len() == 1 || whole <= 1,
            "{name}:{no} {line:?} is placed {} times (entries {:?})",
            held.len(),
            owners.get(&no)
        );
    }

    // Where each entry reaches: from its head to the next head, or to the
    // next front-matter line that is not furniture (a heading, a title),
    // and never past the last line an entry holds (what follows is the
    // document's footer).
    let boundaries: BTreeSet<usize> = release
        .entries
        .iter()
        .map(|e| e.line)
        .chain(
            release
                .front
                .iter()
                .filter(|p| !furniture.contains_key(&p.line))
                .map(|p| p.line),
        )
        .collect();
    let last_held = owners.keys().next_back().copied().unwrap_or(0);
    for entry in &release.entries {
        let end = boundaries
            .range(entry.line + 1..)
            .next()
            .map_or(last_held, |&b| (b - 1).min(last_held));
        for no in entry.line..=end {
            let line = source[no - 1];
            if line.trim().is_empty() || furniture.get(&no) == Some(&true) {
                continue;
            }
            // An entry, not necessarily this one: the rest of a sentence
            // that two interleaved columns cut goes back to its own entry.
            assert!(
                owners.contains_key(&no),
                "{name}:{no} {line:?} falls inside entry {:?} (line {}) but went to the front matter",
                entry.topic,
                entry.line
            );
        }
    }

    // Every word of a line an entry holds is in its topic or body (a line
    // cut between entries, in one of theirs). A head's own words beyond its
    // topic are the erratum mark and the entry's date.
    for (&no, held) in &owners {
        let mut kept: BTreeSet<String> = BTreeSet::new();
        for &e in held {
            let entry = &release.entries[e];
            kept.extend(words(&entry.topic));
            kept.extend(words(&entry.text));
            if no == entry.line {
                kept.insert("erratum".to_string());
                if entry.dated {
                    kept.extend(words(&entry.date.format("%Y-%m-%d").to_string()));
                }
            }
        }
        for t in front.get(&no).into_iter().flatten() {
            kept.extend(words(t));
        }
        let line = source[no - 1];
        let lost: Vec<String> = words(line).filter(|w| !kept.contains(w)).collect();
        assert!(
            lost.is_empty(),
            "{name}:{no} {line:?}: {lost:?} not in its entry"
        );
    }
}
