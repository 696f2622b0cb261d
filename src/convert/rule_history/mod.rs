//! A rule-change history read as published: the page that lists every
//! version of every rule since 1994, each with the kind of change, its
//! printed status and the document and date behind it, and the versions
//! that followed it:
//!
//! ```text
//! Deck size: sixty cards
//! Each player builds a game deck of exactly sixty cards, …
//! Original | Superseded
//! Premiere Rulebook (10 Nov 1994)
//! Superseded by:
//! Deck size: the 30/30 rule (1997 Dec)
//! ```
//!
//! Takes the text of a document (as the text and web page readers give
//! it), gives the Markdown the parser reads: one entry a version, headed by
//! its rule and dated by its document, so that the newest version of a rule
//! is the one in force and `--as-of` a date gives the version of that date.
//! A version is of the rule of the versions it links to ("Superseded by",
//! "Modified by"): the rule's name is what its versions' titles share
//! before a colon, else its first version's title. What the page prints as
//! ended is never left in force by its place: a version that is Superseded
//! or Modified with no later version of its rule on the page is followed
//! by an entry, at the date of the link, that points to its successor; a
//! Rescinded version by one that deletes the rule, at the date of the
//! rescinding document (else the page's newest date).
//!
//! The shape is told by its lines, never by a file name: at least two
//! status lines (`change | status`), each with a source line that ends with
//! its date. A status line is known by its shape, not by its word: the
//! words known are read as what they say (Active, Reinstated and Clarified
//! in force; Superseded and Replaced ended by what followed; Modified;
//! Rescinded and Withdrawn ended with nothing in their place), and a word
//! not known keeps its version, marked with the word as printed and never
//! in force ([`crate::status::Status::NotKnown`]), for `rulings check` to
//! name.
//!
//! A version is a status line, its dated source and its wording, wherever
//! the wording is printed: before them (the site's flat list, above), or
//! after them (a small table a rule under the rule's heading, the same rows
//! under a heading with no table, or either saved as text: [`after`]),
//! told by what follows each source. What was read is counted against what
//! the page prints ([`History::printed`]): a page that prints more status
//! lines than versions were read is said to be read short.

use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

mod after;
mod fields;

/// `Original | Superseded`, `Major New Affiliation | Active`: the kind of
/// change and the status word, apart by a bar (as the page prints them), or
/// by the tab, slash or dash a copy of its columns leaves; what follows the
/// word may be the version's source.
static STATUS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Za-z][A-Za-z0-9 .&'()]{0,48}?)(?:\s*([|/])\s*|(\t)+\s*|\s+[–—-]\s+)([A-Za-z][A-Za-z0-9-]{0,31})\b[\s.:,;|—–-]*(.*)$")
        .expect("valid regex")
});
/// `Superseded by:`, `Modified by: Title (2009 May)`, and a row's label
/// cell (`Superseded by – Title (2009 May)`, `Superseded by: – Title`, a
/// label with its colon set apart from its cell by the dash a table's row
/// is written with).
static LINKS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(superseded|modified|rescinded|replaced|revised|withdrawn|reinstated|clarified)\s+by\s*(?::\s*[–—-]|[:–—-])?\s*(.*)$")
        .expect("valid regex")
});
/// A link's title and its month: `Title (2009 May)`, `Title (May 2009)`.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(.*?)\s*\((?:(\d{4})\s+([A-Za-z]{3,9})\.?|([A-Za-z]{3,9})\.?\s+(\d{4}))\)\s*$")
        .expect("valid regex")
});

/// A row's label, in a cell of its own before what it labels (`<th>Status
/// </th><td>Rule Change | Active</td>`, written `Status – Rule Change |
/// Active`; a tab or a colon in a copy): the words a table of a version's
/// rows labels them with.
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:status|source|source document|document|date|dated|text|wording|ruling|summary|description)(?:\s+[–—]\s+|\s*\t\s*|:\s+)(\S.*)$")
        .expect("valid regex")
});

/// A run of spaces: one apart.
static SPACES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r" {2,}").expect("valid regex"));

/// How many versions make a page a rule history.
const AT_LEAST: usize = 2;

/// What a version's printed status says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Printed {
    /// Active, Reinstated (in force again), Clarified (in force, with a
    /// clarification).
    InForce,
    /// Superseded, Replaced: a later version took its place.
    Superseded,
    /// Modified, Revised.
    Modified,
    /// Rescinded, Withdrawn: ended with nothing in its place.
    Rescinded,
    /// A word the reader does not know: never in force.
    NotKnown,
}

impl Printed {
    /// What a status line's word says, whatever its case.
    fn of(word: &str) -> Printed {
        match word.to_ascii_lowercase().as_str() {
            "active" | "reinstated" | "clarified" => Printed::InForce,
            "superseded" | "replaced" => Printed::Superseded,
            "modified" | "revised" => Printed::Modified,
            "rescinded" | "withdrawn" => Printed::Rescinded,
            _ => Printed::NotKnown,
        }
    }
}

/// A status line read: the kind of change, the status word as printed, and
/// what follows the word on the line.
struct StatusLine<'a> {
    change: &'a str,
    word: &'a str,
    rest: &'a str,
}

/// A line read as a status line by its shape. A word the reader knows may
/// be parted from the change by any separator a copy leaves; one it does
/// not know only by the page's own bar or a column's tab, so that a title
/// with a dash or a slash in it is not taken for one.
fn status_line(line: &str) -> Option<StatusLine<'_>> {
    let c = STATUS.captures(line)?;
    let word = c.get(4)?.as_str();
    let parted = c.get(2).is_some_and(|s| s.as_str() == "|") || c.get(3).is_some();
    if Printed::of(word) == Printed::NotKnown && !parted {
        return None;
    }
    Some(StatusLine {
        change: c.get(1)?.as_str().trim(),
        word,
        rest: c.get(5).map_or("", |r| r.as_str()),
    })
}

/// A link to what ended a version, with its month where printed.
type Link = (String, Option<NaiveDate>);

/// One version of a rule, as printed.
#[derive(Debug)]
struct Version {
    title: String,
    text: Vec<String>,
    change: String,
    status: Printed,
    /// The status word as printed.
    word: String,
    source: String,
    date: NaiveDate,
    /// The versions or documents that ended it, with their months.
    links: Vec<(String, Option<NaiveDate>)>,
}

/// A rule-change history read: its Markdown, and what was read of it
/// against what the page prints.
#[derive(Debug)]
pub struct History {
    pub markdown: String,
    pub rules: usize,
    pub versions: usize,
    /// The versions the page prints: its status lines (those read, and any
    /// other with a word known), or its `Superseded by:` lines where those
    /// are more.
    pub printed: usize,
}

/// A status line read with its dated source, and the line after them.
struct Core {
    at: usize,
    source: String,
    date: NaiveDate,
    after: usize,
}

/// A page read into its versions: its own lines before and after them, and
/// each version's rule.
struct Page {
    preamble: Vec<String>,
    versions: Vec<Version>,
    rules: Vec<String>,
    footer: Vec<String>,
}

/// The Markdown of a rule-change history, with how many rules and versions
/// it holds; none when the text is not one. A version is a status line, its
/// dated source and its wording, printed before them (the site's flat list)
/// or after them (a small table a rule, or rows under the rule's heading).
pub fn rewrite(text: &str, name: &str) -> Option<History> {
    let (lines, headed) = fields::logical(text);
    // A status line is followed by its dated source (or carries it): a
    // title that happens to end in "– Active …" is none.
    let statuses: Vec<usize> = (0..lines.len())
        .filter(|&i| status_line(&lines[i]).is_some() && source_after(&lines, i).is_some())
        .collect();
    if statuses.len() < AT_LEAST {
        return None;
    }
    let mut cores = Vec::new();
    for &at in &statuses {
        let (source, date, after) = source_after(&lines, at)?;
        cores.push(Core {
            at,
            source,
            date,
            after,
        });
    }
    let page = if after::wording_after(&lines, &headed, &cores) {
        after::read(&lines, &headed, &cores)?
    } else {
        flat(&lines, &cores)?
    };
    let printed =
        printed(&lines, &statuses).max(statuses.len() + headed_alone(&lines, &headed, &statuses));
    let Page {
        preamble,
        versions,
        rules,
        footer,
    } = page;
    let newest = newest_date(&versions);
    let edition = if name.contains("/2e/")
        || (text.contains("Second Edition") && !text.contains("First Edition"))
    {
        "2E"
    } else {
        "1E"
    };
    // The page's title: a line of its own that names the rule changes or
    // history (not a trail of links, nor a menu).
    let names = |words: &[&str]| {
        preamble.iter().find(|l| {
            let lower = l.to_lowercase();
            !l.contains(['»', '|', '>'])
                && l.split_whitespace().count() <= 8
                && words.iter().any(|w| lower.contains(w))
        })
    };
    let title = names(&["change", "history"])
        .or_else(|| names(&["rule"]))
        .cloned()
        .unwrap_or_else(|| "Rule changes".to_string());
    let mut out = format!(
        "+++\nedition = \"{edition}\"\nkind = \"rule-history\"\norder = \"dated\"\ntitle = \"{}\"\ndate = \"{newest}\"\n+++\n\n",
        title.replace('\\', "\\\\").replace('"', "\\\"")
    );
    // The page's own words before the rules: its title as the document's,
    // the rest as its preamble, the footer with them.
    out.push_str(&format!("# {title}\n\n"));
    let own: Vec<&String> = preamble
        .iter()
        .chain(&footer)
        .filter(|l| !l.is_empty() && **l != title)
        .collect();
    if !own.is_empty() {
        out.push_str(&own.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(" "));
        out.push_str("\n\n");
    }
    // Each rule's newest version, so that whether a version has a later
    // one costs a look-up, however long the page.
    let mut newest_of: HashMap<&str, NaiveDate> = HashMap::new();
    for (version, rule) in versions.iter().zip(&rules) {
        let date = newest_of.entry(rule).or_insert(version.date);
        *date = (*date).max(version.date);
    }
    let mut entries: Vec<(NaiveDate, usize, String)> = Vec::new();
    for (at, version) in versions.iter().enumerate() {
        let rule = &rules[at];
        entries.push((version.date, at, entry(rule, version)));
        let later = newest_of
            .get(rule.as_str())
            .is_some_and(|d| *d > version.date);
        if let Some(closing) = closing(rule, version, later, newest) {
            entries.push(closing);
        }
    }
    // Oldest first, as the page lists them; a closing entry after the
    // version it closes.
    entries.sort_by_key(|(date, at, _)| (*date, *at));
    for (_, _, text) in entries {
        out.push_str(&text);
    }
    Some(History {
        markdown: out,
        rules: rules.iter().collect::<std::collections::HashSet<_>>().len(),
        versions: versions.len(),
        printed,
    })
}

/// The site's flat list: each version's title and wording before its
/// status line, its links after its source.
fn flat(lines: &[String], cores: &[Core]) -> Option<Page> {
    // Each version's links, and where they end.
    let mut read = Vec::new();
    for (n, core) in cores.iter().enumerate() {
        let next_status = cores.get(n + 1).map_or(lines.len(), |c| c.at);
        let (links, end) = links_after(lines, core.after, next_status);
        read.push((core, links, end));
    }
    // A version's own lines (its title, then its text) are those between
    // the previous version's links and its status line. Before the first,
    // the page's own lines come first: the first version has as many lines
    // of text as most of the others (a line, once its wraps are joined; a
    // page break leaves a stray line in a few, a copy that ran a title
    // into its wording one line fewer in a few), the fewer where as many
    // have each.
    let own_nonblank = |from: usize, to: usize| -> Vec<usize> {
        (from..to).filter(|&i| !lines[i].is_empty()).collect()
    };
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for pair in read.windows(2) {
        *counts
            .entry(own_nonblank(pair[0].2, pair[1].0.at).len().max(1) - 1)
            .or_default() += 1;
    }
    let text_lines = counts
        .into_iter()
        .max_by_key(|&(lines, n)| (n, std::cmp::Reverse(lines)))
        .map_or(1, |(lines, _)| lines);
    let first_own = own_nonblank(0, read[0].0.at);
    let first_title = first_own.len().checked_sub(text_lines + 1)?;
    let preamble: Vec<String> = lines[..first_own[first_title]].to_vec();
    let mut versions: Vec<Version> = Vec::new();
    let mut from = first_own[first_title];
    let linked: Vec<String> = read
        .iter()
        .flat_map(|(_, links, _)| links.iter().map(|(title, _)| title.clone()))
        .collect();
    for (core, links, end) in read {
        let own = own_nonblank(from, core.at);
        from = end;
        // A version whose lines a copy lost (its source run into the next
        // status) is not read: the page counts it as printed.
        let Some((title, text)) = own.split_first() else {
            continue;
        };
        let mut text: Vec<String> = text.iter().map(|&i| lines[i].clone()).collect();
        let (title, run_in) = title_run_in(&lines[*title], &linked);
        if let Some(wording) = run_in {
            text.insert(0, wording);
        }
        versions.push(version(lines, core, title, text, links)?);
    }
    // What follows the last version's links: the page's footer.
    let footer: Vec<String> = lines[from..].to_vec();
    let rules = rules_of(&versions);
    Some(Page {
        preamble,
        versions,
        rules,
        footer,
    })
}

/// A title a copy ran its wording into (`Seed phase Players take turns …
/// outposts.`), as the title and the wording: a title ends no sentence, so
/// a line that ends one while it stands for the title holds the wording
/// too. The title is the name a link gives a version where the line starts
/// with one, else the words before the wording's first: the first
/// capitalized word after a lowercase one, or a capitalized word of three
/// letters or fewer (`Range A ship's …`, `Doorways An …`).
fn title_run_in(line: &str, linked: &[String]) -> (String, Option<String>) {
    let whole = (line.to_string(), None);
    if !line.trim_end().ends_with(['.', '!', '?']) {
        return whole;
    }
    let lower = line.to_lowercase();
    let known = linked
        .iter()
        .filter(|t| !t.is_empty() && lower.starts_with(&format!("{} ", t.to_lowercase())))
        .map(String::len)
        .max();
    let cut = known.or_else(|| {
        let mut at = 0;
        let mut previous: Option<&str> = None;
        for word in line.split(' ') {
            let capital = word.starts_with(|c: char| c.is_uppercase());
            let after_lower = previous.is_some_and(|p| p.starts_with(|c: char| c.is_lowercase()));
            let short = word.trim_end_matches(['\'', '’', 's']).len() <= 3;
            if previous.is_some() && capital && (after_lower || short) {
                return Some(at - 1);
            }
            previous = Some(word);
            at += word.len() + 1;
        }
        None
    });
    match cut {
        Some(cut) if cut > 0 && cut < line.len() => (
            line[..cut].trim().to_string(),
            Some(line[cut..].trim().to_string()),
        ),
        _ => whole,
    }
}

/// A version of its status line, source, title, wording and links.
fn version(
    lines: &[String],
    core: &Core,
    title: String,
    text: Vec<String>,
    links: Vec<(String, Option<NaiveDate>)>,
) -> Option<Version> {
    let printed = status_line(&lines[core.at])?;
    Some(Version {
        title,
        text,
        change: printed.change.to_string(),
        status: Printed::of(printed.word),
        word: printed.word.to_string(),
        source: core.source.clone(),
        date: core.date,
        links,
    })
}

/// How many versions the page prints: its status lines read as versions
/// and the others whose word is known (a version whose source was not
/// found), or its `Superseded by:` lines (each a version's) where more.
fn printed(lines: &[String], read: &[usize]) -> usize {
    let statuses = (0..lines.len())
        .filter(|&i| {
            read.binary_search(&i).is_ok()
                || status_line(&lines[i]).is_some_and(|s| Printed::of(s.word) != Printed::NotKnown)
        })
        .count();
    let linked = lines.iter().filter(|l| LINKS.is_match(l)).count();
    statuses.max(linked)
}

/// How many rules the page heads with no version read under them: a
/// heading with none before the next heading, between two headings with
/// versions read under each. Each rule the page heads holds a version at
/// least, so each is a version printed and not read (its status line lost
/// to a copy that wove its cells together, or set apart from the page as
/// a running header). A heading with nothing under it but the next
/// heading titles a part over the headings under it, and headings in a run
/// with no version under any are a part of the page that holds no rules
/// (notes, another section): neither is a version lost.
fn headed_alone(lines: &[String], headed: &[bool], read: &[usize]) -> usize {
    let Some(&last) = read.last() else {
        return 0;
    };
    let heads: Vec<usize> = (0..last).filter(|&i| headed[i]).collect();
    let alone: Vec<bool> = heads
        .iter()
        .enumerate()
        .map(|(n, &head)| {
            let next = heads.get(n + 1).copied().unwrap_or(last + 1);
            let body = (head + 1..next).any(|i| !lines[i].is_empty());
            body && !read.iter().any(|&at| at > head && at < next)
        })
        .collect();
    (1..alone.len().saturating_sub(1))
        .filter(|&n| alone[n] && !alone[n - 1] && !alone[n + 1])
        .count()
}

/// Whether a line of the Markdown is a heading: `#`, or bold whole.
fn is_heading(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('#')
        || (line.len() > 4
            && line.starts_with("**")
            && (line.ends_with("**") || line.ends_with("**:"))
            && !line[2..line.len() - 2].contains("**"))
}

/// A line without the Markdown the readers dress it in (heads, bold,
/// italics, list marks, a new marker: a history marks nothing new),
/// trimmed, its spaces one apart (a text copy sets a table's cells apart
/// by runs of them).
fn plain(line: &str) -> String {
    let line = line.trim().trim_start_matches('#').trim();
    let line = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))
        .unwrap_or(line);
    let line = line.replace("**", "").replace("__", "");
    let line = line.trim();
    let line = line.strip_prefix('*').unwrap_or(line);
    let line = SPACES.replace_all(line, " ");
    let line = line.trim();
    match LABEL.captures(line) {
        Some(c) => c[1].trim().to_string(),
        None => line.to_string(),
    }
}

/// The source of a version and its date: printed after the status on its
/// line (`Original | Active — Premiere Rulebook (10 Nov 1994)`), else on
/// the next line that is not blank; with the line after it.
fn source_after(lines: &[String], status: usize) -> Option<(String, NaiveDate, usize)> {
    let rest = status_line(&lines[status])
        .map(|s| s.rest.to_string())
        .filter(|r| !crate::dates::find_dates(r).is_empty());
    let (line, after) = match rest {
        Some(rest) => (rest, status + 1),
        None => {
            let at = (status + 1..lines.len().min(status + 4)).find(|&i| !lines[i].is_empty())?;
            (lines[at].clone(), at + 1)
        }
    };
    let (start, _, date) = *crate::dates::find_dates(&line).last()?;
    // What comes before the date, in brackets or a cell apart
    // (`First Contact Rules Supplement\t1 Dec 1997`).
    let before = line[..start].trim_end();
    let before = before.strip_suffix('(').unwrap_or(before).trim();
    let source = if before.is_empty() {
        line.rsplit_once('(').map_or(line.as_str(), |(s, _)| s)
    } else {
        before
    };
    let source = source
        .trim()
        .trim_end_matches([',', '—', '–', '-', ':'])
        .trim()
        .to_string();
    Some((source, date, after))
}

/// The links of a version (`Superseded by:` and the lines it names), and
/// the line where the next version's own lines begin.
fn links_after(
    lines: &[String],
    from: usize,
    next_status: usize,
) -> (Vec<(String, Option<NaiveDate>)>, usize) {
    let mut links = Vec::new();
    let mut at = from;
    let mut in_links = false;
    while at < next_status {
        let line = &lines[at];
        if line.is_empty() {
            at += 1;
            continue;
        }
        if let Some(c) = LINKS.captures(line) {
            in_links = true;
            let rest = c[2].trim();
            if !rest.is_empty() {
                links.push(link(rest));
            }
            at += 1;
            continue;
        }
        // A link is a line ending in its month; the next version's title is
        // a line followed by its text and its status.
        if in_links && LINK.is_match(line) {
            links.push(link(line));
            at += 1;
            continue;
        }
        break;
    }
    (links, at)
}

fn link(text: &str) -> (String, Option<NaiveDate>) {
    match LINK.captures(text) {
        Some(c) => {
            let (year, month) = match (c.get(2), c.get(3), c.get(4), c.get(5)) {
                (Some(y), Some(m), _, _) => (y.as_str(), m.as_str()),
                (_, _, Some(m), Some(y)) => (y.as_str(), m.as_str()),
                _ => return (text.to_string(), None),
            };
            let date = crate::dates::find_date(&format!("1 {month} {year}"));
            (c[1].trim().to_string(), date)
        }
        // A link dated to the day, as a note under a table prints it:
        // `the First Contact Rules Supplement (1 Dec 1997).`
        None => {
            let trimmed = text.trim_end_matches(['.', ' ']);
            match trimmed
                .strip_suffix(')')
                .and_then(|t| t.rsplit_once('('))
                .and_then(|(title, inside)| {
                    crate::dates::find_date(inside).map(|d| (title.trim().to_string(), d))
                }) {
                Some((title, date)) => (title, Some(date)),
                None => (text.to_string(), None),
            }
        }
    }
}

/// Each version's rule. Versions linked to one another are one rule; its
/// name is what their titles share before a colon (the words they all
/// open with, where one title runs on: `Q-Flash Cards with …` and
/// `Q-Flash: one each turn` are *Q-Flash*), else its oldest version's
/// title before one.
fn rules_of(versions: &[Version]) -> Vec<String> {
    let by_title: HashMap<String, usize> = versions
        .iter()
        .enumerate()
        .map(|(at, v)| (v.title.to_lowercase(), at))
        .collect();
    // Union-find over the links.
    let mut parent: Vec<usize> = (0..versions.len()).collect();
    fn root(parent: &mut [usize], mut at: usize) -> usize {
        while parent[at] != at {
            parent[at] = parent[parent[at]];
            at = parent[at];
        }
        at
    }
    for (at, version) in versions.iter().enumerate() {
        for (title, _) in &version.links {
            if let Some(&other) = by_title.get(&title.to_lowercase()) {
                let (a, b) = (root(&mut parent, at), root(&mut parent, other));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for at in 0..versions.len() {
        let r = root(&mut parent, at);
        groups.entry(r).or_default().push(at);
    }
    let before_colon = |t: &str| t.split_once(':').map_or(t, |(b, _)| b).trim().to_string();
    // The words every title of a rule opens with, before a colon.
    let shared_words = |members: &[usize]| -> String {
        let titles: Vec<String> = members
            .iter()
            .map(|&m| before_colon(&versions[m].title))
            .collect();
        let first: Vec<&str> = titles[0].split_whitespace().collect();
        let shared = titles.iter().skip(1).fold(first.len(), |n, t| {
            t.split_whitespace()
                .zip(&first)
                .take(n)
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count()
        });
        first[..shared].join(" ")
    };
    let mut rules = vec![String::new(); versions.len()];
    for members in groups.values() {
        let first = before_colon(&versions[members[0]].title);
        let shared = members
            .iter()
            .all(|&m| before_colon(&versions[m].title).eq_ignore_ascii_case(&first));
        let common = shared_words(members);
        let name = if shared || members.len() == 1 {
            first
        } else if !common.is_empty() {
            common
        } else {
            // The oldest version's name, whatever the later ones are called.
            let oldest = members
                .iter()
                .min_by_key(|&&m| versions[m].date)
                .copied()
                .unwrap_or(members[0]);
            before_colon(&versions[oldest].title)
        };
        for &m in members {
            rules[m] = name.clone();
        }
    }
    rules
}

/// The newest date on the page, of its versions and the links that ended
/// them: the page is never older than its newest version.
fn newest_date(versions: &[Version]) -> NaiveDate {
    versions
        .iter()
        .flat_map(|v| std::iter::once(v.date).chain(v.links.iter().filter_map(|(_, d)| *d)))
        .max()
        .unwrap_or(crate::model::UNDATED)
}

/// A version as an entry: its rule and date as the head, then one
/// paragraph of its title, its text and what the page says of it (one
/// paragraph, so that no line of it repeats from version to version as a
/// page's running header would).
fn entry(rule: &str, version: &Version) -> String {
    let mut said = format!(
        "{} | {}: {}, {}.",
        version.change, version.word, version.source, version.date
    );
    if !version.links.is_empty() {
        // What ended it, said as the page says it.
        let by = match version.status {
            Printed::InForce => "Superseded",
            _ => version.word.as_str(),
        };
        let named: Vec<String> = version
            .links
            .iter()
            .map(|(title, date)| match date {
                Some(d) => format!("{title} ({})", d.format("%B %Y")),
                None => title.clone(),
            })
            .collect();
        said.push_str(&format!(" {by} by: {}.", named.join("; ")));
    }
    if version.status == Printed::NotKnown {
        said.push(' ');
        said.push_str(&crate::model::not_known_sentence(&version.word));
    }
    let own = version.text.join(" ");
    let title = version.title.trim_end_matches('.');
    if own.is_empty() {
        format!(
            "{rule} {}
**{title}.** ({said})

",
            version.date
        )
    } else {
        format!(
            "{rule} {}
**{title}.** {own} ({said})

",
            version.date
        )
    }
}

/// The entry that ends a version the page prints as ended, when no later
/// version of its rule on the page does (`later`): a pointer to its
/// successor at the link's date, or the rule deleted at the rescinding
/// date. A version in force, or of a status not known, ends nothing.
fn closing(
    rule: &str,
    version: &Version,
    later: bool,
    newest: NaiveDate,
) -> Option<(NaiveDate, usize, String)> {
    if matches!(version.status, Printed::InForce | Printed::NotKnown) {
        return None;
    }
    if later && version.status != Printed::Rescinded {
        return None;
    }
    let (named, date) = version
        .links
        .iter()
        .filter_map(|(t, d)| d.map(|d| (t.clone(), d)))
        .max_by_key(|(_, d)| *d)
        .or_else(|| version.links.first().map(|(t, _)| (t.clone(), newest)))
        .unwrap_or_else(|| (String::new(), newest));
    // After the version, never before it.
    let date = date.max(version.date.succ_opt().unwrap_or(version.date));
    if version.status == Printed::Rescinded {
        let by = if named.is_empty() {
            String::new()
        } else {
            format!(" by {named}")
        };
        return Some((
            date,
            usize::MAX,
            format!(
                "{rule} {date}\nThis rule has been deleted: {}{by}.\n\n",
                version.word.to_lowercase()
            ),
        ));
    }
    let successor = if named.is_empty() {
        "a later version not on this page".to_string()
    } else {
        named
    };
    Some((
        date,
        usize::MAX,
        format!("{rule} {date}\nThis entry is replaced with: See **{successor}**.\n\n"),
    ))
}

#[cfg(test)]
mod tests;
