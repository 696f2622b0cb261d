//! A rule-change history as a source: each version of each rule, as the
//! history's own Markdown writes it (a head `Rule DATE`, the version's
//! title in bold, its wording, and what the page prints of it in brackets:
//! `(Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by:
//! Title (August 1998).)`), and the three layouts a history is printed in:
//! the site's flat list, a small table a rule, and a heading a rule with
//! its versions' lines under it.

use std::collections::HashMap;
use std::sync::LazyLock;

use anyhow::{bail, Context, Result};
use chrono::NaiveDate;
use regex::Regex;

use rulings::model::Release;

/// The layouts a history is printed in, each a family of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// The site's list, oldest first: a version's title, its wording, its
    /// status line, its dated source, then what ended it.
    Flat,
    /// A small table a rule under the rule's heading: a row `kind | status`,
    /// a row with the source and its date, a row with the wording, and a row
    /// naming what ended it.
    Tables,
    /// The rule's heading, then each version's lines under it as
    /// paragraphs: status, dated source, wording, what ended it.
    Headings,
}

impl Layout {
    pub const ALL: [Layout; 3] = [Layout::Flat, Layout::Tables, Layout::Headings];

    /// The name the manifest and the tables give it.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Flat => "flat list",
            Layout::Tables => "a table a rule",
            Layout::Headings => "a heading a rule",
        }
    }
}

/// One version of a rule, as the source says it.
pub struct Version {
    pub rule: String,
    pub title: String,
    pub wording: String,
    pub change: String,
    pub status: String,
    pub source: String,
    pub date: NaiveDate,
    /// What ended it (`Superseded`, `Modified`, `Rescinded`) and the
    /// versions or documents it names, each with its month.
    pub ended: Option<(String, Vec<(String, NaiveDate)>)>,
}

impl Version {
    /// The status line as the page prints it.
    pub fn status_line(&self) -> String {
        format!("{} | {}", self.change, self.status)
    }

    /// The source's date as the page prints it: `10 Nov 1994`.
    pub fn printed_date(&self) -> String {
        self.date.format("%-d %b %Y").to_string()
    }

    /// The source and its date on one line: `Premiere Rulebook (10 Nov
    /// 1994)`.
    pub fn dated_source(&self) -> String {
        format!("{} ({})", self.source, self.printed_date())
    }

    /// `Superseded by:`, and each link a line: `Title (1998 Aug)`.
    pub fn links(&self) -> Option<(String, Vec<String>)> {
        self.ended.as_ref().map(|(by, links)| {
            (
                format!("{by} by:"),
                links
                    .iter()
                    .map(|(title, month)| format!("{title} ({})", month.format("%Y %b")))
                    .collect(),
            )
        })
    }
}

/// A history read from its source: the page's preamble and its versions,
/// oldest first.
pub struct History {
    pub preamble: Vec<String>,
    pub versions: Vec<Version>,
}

impl History {
    /// The rules in the order of their first version, each with its
    /// versions oldest first.
    pub fn rules(&self) -> Vec<(&str, Vec<&Version>)> {
        let mut order: Vec<&str> = Vec::new();
        let mut by_rule: HashMap<&str, Vec<&Version>> = HashMap::new();
        for version in &self.versions {
            let versions = by_rule.entry(version.rule.as_str()).or_default();
            if versions.is_empty() {
                order.push(version.rule.as_str());
            }
            versions.push(version);
        }
        order
            .into_iter()
            .map(|rule| (rule, by_rule.remove(rule).unwrap_or_default()))
            .collect()
    }
}

/// What the brackets after a version's wording say.
static SAID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\*\*(?<title>[^*]+?)\.\*\* (?<wording>.+) \((?<change>[^|()]+?) \| (?<status>[A-Za-z]+): (?<source>[^()]+), (?<date>\d{4}-\d{2}-\d{2})\.(?: (?<by>[A-Za-z]+) by: (?<links>.+)\.)?\)$")
        .expect("valid regex")
});

/// A link as the source names it: `Title (August 1998)`.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?<title>.+) \((?<month>[A-Za-z]+ \d{4})\)$").expect("valid regex")
});

/// The history of a source read as one (`kind = "rule-history"`): each
/// entry's head gives the rule, the paragraph under it the version. An
/// entry that is no version (the deletion that follows a rescinded one) is
/// not printed: the page says it by the version's status.
pub fn read(text: &str, release: &Release) -> Result<History> {
    let lines: Vec<&str> = text.lines().collect();
    let mut versions = Vec::new();
    for entry in &release.entries {
        let body: Vec<&str> = lines[entry.line..]
            .iter()
            .take_while(|l| !l.trim().is_empty())
            .map(|l| l.trim())
            .collect();
        let body = body.join(" ");
        let Some(said) = SAID.captures(&body) else {
            if body.starts_with("This rule has been deleted") {
                continue;
            }
            bail!("line {}: not a version: {body}", entry.line);
        };
        let ended = match (said.name("by"), said.name("links")) {
            (Some(by), Some(links)) => {
                let links = links
                    .as_str()
                    .split("; ")
                    .map(|link| {
                        let c = LINK.captures(link).context(link.to_string())?;
                        let month =
                            NaiveDate::parse_from_str(&format!("1 {}", &c["month"]), "%d %B %Y")?;
                        Ok((c["title"].to_string(), month))
                    })
                    .collect::<Result<Vec<_>>>()?;
                Some((by.as_str().to_string(), links))
            }
            _ => None,
        };
        versions.push(Version {
            rule: entry.topic.clone(),
            title: said["title"].to_string(),
            wording: said["wording"].to_string(),
            change: said["change"].to_string(),
            status: said["status"].to_string(),
            source: said["source"].to_string(),
            date: NaiveDate::parse_from_str(&said["date"], "%Y-%m-%d")?,
            ended,
        });
    }
    // The preamble: the paragraphs between the title and the first entry.
    let first = release.entries.first().map_or(lines.len(), |e| e.line - 1);
    let mut preamble = Vec::new();
    let mut fences = 0;
    for (i, line) in lines[..first].iter().enumerate() {
        let line = line.trim();
        if fences < 2 && (i == 0 || fences == 1) && line == "+++" {
            fences += 1;
            continue;
        }
        if fences == 1 || line.is_empty() || line.starts_with('#') {
            continue;
        }
        preamble.push(line.to_string());
    }
    Ok(History { preamble, versions })
}

/// A version's lines as the flat list prints them, its title first.
pub fn flat_lines(version: &Version) -> Vec<String> {
    let mut lines = vec![
        version.wording.clone(),
        version.status_line(),
        version.dated_source(),
    ];
    if let Some((by, links)) = version.links() {
        lines.push(by);
        lines.extend(links);
    }
    lines
}

/// A version's lines as a heading a rule prints them under the rule.
pub fn heading_lines(version: &Version) -> Vec<String> {
    let mut lines = vec![
        version.status_line(),
        version.dated_source(),
        version.wording.clone(),
    ];
    if let Some((by, links)) = version.links() {
        match links.as_slice() {
            [one] => lines.push(format!("{by} {one}")),
            _ => {
                lines.push(by);
                lines.extend(links);
            }
        }
    }
    lines
}

/// A version's rows as a table a rule prints them: each row its cells, a
/// cell of several lines (the links) with its lines a line break apart.
pub fn table_rows(version: &Version) -> Vec<Vec<String>> {
    let mut rows = vec![
        vec![version.change.clone(), version.status.clone()],
        vec![version.source.clone(), version.printed_date()],
        vec![version.wording.clone()],
    ];
    if let Some((by, links)) = version.links() {
        rows.push(vec![by, links.join("\n")]);
    }
    rows
}

/// The filter the site prints over its list.
pub const FILTER: &str = "Show: Active Modified Superseded Rescinded";
