//! Rulings linked to the base sections they name by number: a ruling on
//! "7.4.2" is on the section its base prints under that number, among the
//! sections of its own rules (the game's, or the tournament's); a ruling
//! on several sections is cut at the heads that name each; a section an
//! interim ruling names by its number alone takes its base's title.

use super::*;

/// Gives every ruling that names a section by its number ("7.4.2: Personnel
/// Battle & 7.4.3: Ship Battle –") the topic of that section in the bases
/// of its edition, so that it amends the section whatever title it prints.
///
/// A ruling on several sections whose text has a head naming each
/// ("PERSONNEL BATTLE (7.4.2)" … "SHIP BATTLE (7.4.3)") is one ruling per
/// section, cut at those heads (`texts`: the documents' text by release id,
/// for the heads' lines).
pub fn link_sections(releases: &mut [Release], texts: &HashMap<String, String>) {
    // By edition, whose rules (the Guide numbers its sections apart from
    // the Rulebook: its 7.4.2 is no Personnel Battle), and number.
    type Place = (Edition, crate::model::Authority, String);
    // Each section's key and topic as its newest base prints it.
    let mut sections: HashMap<Place, (TopicKey, String)> = HashMap::new();
    let mut bases: Vec<&Release> = releases.iter().filter(|r| r.kind.is_base()).collect();
    bases.sort_by_key(|r| (r.date, r.order));
    for base in bases {
        for entry in base.entries.iter().filter(|e| e.subtopic.is_none()) {
            if let Some(number) = section_number(&entry.topic) {
                sections.insert(
                    (base.edition, entry.authority(), number.to_string()),
                    (entry.key.clone(), entry.topic.clone()),
                );
            }
        }
    }
    if sections.is_empty() {
        return;
    }
    for release in releases.iter_mut().filter(|r| !r.kind.is_base()) {
        if let Some(text) = texts.get(&release.id) {
            let lines: Vec<&str> = text.split('\n').collect();
            let edition = release.edition;
            let whose = if release.kind.is_tournament() {
                crate::model::Authority::Tournament
            } else {
                crate::model::Authority::Game
            };
            let known = |n: &str| sections.contains_key(&(edition, whose, n.to_string()));
            let mut split = Vec::with_capacity(release.entries.len());
            for entry in release.entries.drain(..) {
                split.extend(split_by_section(entry, &lines, &known));
            }
            release.entries = split;
        }
        for entry in &mut release.entries {
            let Some(number) = section_number(&entry.topic) else {
                continue;
            };
            if let Some((key, topic)) =
                sections.get(&(release.edition, entry.authority(), number.to_string()))
            {
                entry.key = key.clone();
                // A section named by its number alone takes the title its
                // base prints.
                if entry.topic == format!("{number} {UNTITLED}") {
                    entry.topic = topic.clone();
                }
            }
        }
    }
}

/// A line that names a section by its number alone (`12.2`, `Section
/// 12.2:`, `§12.2`), as an interim ruling may head the words it gives a
/// section of the Guide.
static NUMBER_ALONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:#{1,6}\s*)?(?:\*\*)?(?:[Ss]ection\s+|§\s*)?(\d{1,2}(?:\.\d{1,2}){1,5})\.?\s*:?\s*(?:\*\*)?\s*$")
        .expect("valid regex")
});

/// The title a section named by its number alone is read under, until the
/// base it belongs to gives it the title it prints.
pub(super) const UNTITLED: &str = "Section Named By Its Number";

/// The text with each line that names a section by its number alone made
/// a head of that section (`12.2 – Section Named By Its Number`), which `link_sections`
/// gives the title the base prints.
pub fn sections_named_by_number(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.lines().any(|l| NUMBER_ALONE.is_match(l.trim())) {
        return std::borrow::Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| match NUMBER_ALONE.captures(l.trim()) {
            Some(c) => format!("{} – {UNTITLED}", &c[1]),
            None => l.to_string(),
        })
        .collect();
    std::borrow::Cow::Owned(lines.join("\n"))
}

/// Every section number a topic names ("7.4.2: Personnel Battle & 7.4.3:
/// Ship Battle" names 7.4.2 and 7.4.3).
pub fn section_numbers(topic: &str) -> Vec<&str> {
    NUMBER_ANYWHERE
        .find_iter(topic)
        .map(|m| m.as_str())
        .collect()
}

static NUMBER_ANYWHERE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\d{1,2}(?:\.\d{1,2}){1,5}\b").expect("valid regex"));

/// A ruling on several sections, cut at the heads in its text that name
/// each of the others: the part before the second section's head stays the
/// ruling as printed; each later part is a ruling of its own from its head
/// on. A ruling whose heads are not all found is left whole.
pub(super) fn split_by_section(
    entry: Entry,
    lines: &[&str],
    known: &dyn Fn(&str) -> bool,
) -> Vec<Entry> {
    let numbers = section_numbers(&entry.topic);
    if numbers.len() < 2 || !numbers.iter().all(|n| known(n)) {
        return vec![entry];
    }
    // The heads of the later sections, in the entry's lines.
    let mut cuts: Vec<(usize, String, String)> = Vec::new();
    for &(first, last) in &entry.spans {
        for no in first..=last {
            let Some(raw) = lines.get(no - 1) else {
                continue;
            };
            let Some(c) = NAMED_SECTION_HEAD.captures(raw.trim()) else {
                continue;
            };
            let number = c.get(2).map_or("", |m| m.as_str());
            if numbers[1..].contains(&number) && !cuts.iter().any(|(_, n, _)| n == number) {
                cuts.push((no, number.to_string(), raw.trim().to_string()));
            }
        }
    }
    if cuts.len() != numbers.len() - 1 {
        return vec![entry];
    }
    let paragraphs: Vec<&str> = entry.text.split("\n\n").collect();
    let mut at: Vec<usize> = Vec::new();
    for (_, _, head) in &cuts {
        match paragraphs.iter().position(|p| p.trim() == head) {
            Some(i) if at.last().is_none_or(|&last| i > last) => at.push(i),
            _ => return vec![entry],
        }
    }
    let topic_parts: Vec<&str> = entry.topic.split(" & ").map(str::trim).collect();
    let mut out = Vec::new();
    let bounds: Vec<usize> = std::iter::once(0)
        .chain(at.iter().copied())
        .chain(std::iter::once(paragraphs.len()))
        .collect();
    let line_bounds: Vec<usize> = std::iter::once(entry.line)
        .chain(cuts.iter().map(|(no, _, _)| *no))
        .chain(std::iter::once(usize::MAX))
        .collect();
    for k in 0..bounds.len() - 1 {
        let mut part = entry.clone();
        part.text = paragraphs[bounds[k]..bounds[k + 1]].join("\n\n");
        let (from, to) = (line_bounds[k], line_bounds[k + 1]);
        part.spans = entry
            .spans
            .iter()
            .filter_map(|&(a, b)| {
                let (a, b) = (a.max(from), b.min(to.saturating_sub(1)));
                (a <= b).then_some((a, b))
            })
            .collect();
        if k > 0 {
            let number = &cuts[k - 1].1;
            part.line = from;
            part.topic = topic_parts
                .iter()
                .find(|t| t.starts_with(number.as_str()))
                .map_or_else(|| cuts[k - 1].2.clone(), |t| t.to_string());
            part.key = TopicKey::new(&part.topic);
            part.subtopic = None;
        }
        // What the ruling says it does ("Revise as follows") it says of
        // every section it names: each part keeps the printed statements.
        part.see = crate::parse::body::see_references(&part.text);
        part.cards = crate::parse::body::card_names(&part.text, &part.see, &part.topic);
        out.push(part);
    }
    out
}
