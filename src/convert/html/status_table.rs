//! A table of a rule's versions, one row a version with its printed status
//! (a rule-change history set as a table under each rule's heading:
//! `# | Change | Status | Source | Date | Rule`), written in the shape the
//! history's own page prints each version in, so that the rule-history
//! reader reads it as it reads that page:
//!
//! ```text
//! Deck size: version 1
//! A game deck holds exactly sixty cards; …
//! Original | Superseded
//! Premiere Rulebook (10 Nov 1994)
//! ```
//!
//! A table is one of these by its header row alone: a `Status` column, and
//! a `Date` or `Source` column beside it.

use scraper::Node;

type NodeRef<'a> = ego_tree::NodeRef<'a, Node>;

/// The lines a status table stands for, or `None` for any other table.
pub(super) fn status_rows(table: NodeRef) -> Option<Vec<String>> {
    let rows: Vec<NodeRef> = table
        .descendants()
        .filter(|n| element_name(*n) == Some("tr"))
        .collect();
    let (header, body) = rows.split_first()?;
    let names: Vec<String> = cells(*header)
        .iter()
        .map(|c| text_of(*c).to_lowercase())
        .collect();
    let column = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
    let status = column(&["status"])?;
    let date = column(&["date", "dated", "published"]);
    let source = column(&["source", "document", "source document"]);
    if date.is_none() && source.is_none() {
        return None;
    }
    let change = column(&["change", "type", "change type", "kind"]);
    let number = column(&["#", "no.", "no", "version"]);
    let wording = column(&[
        "rule",
        "text",
        "ruling",
        "wording",
        "summary",
        "description",
    ]);
    let rule = heading_before(table).unwrap_or_else(|| "Rule".to_string());
    let mut out = Vec::new();
    for (n, row) in body.iter().enumerate() {
        let values: Vec<String> = cells(*row).iter().map(|c| text_of(*c)).collect();
        let at = |column: Option<usize>| {
            column
                .and_then(|c| values.get(c))
                .map(String::as_str)
                .unwrap_or("")
        };
        if at(Some(status)).is_empty() {
            continue;
        }
        let version = match at(number) {
            "" => (n + 1).to_string(),
            printed => printed.to_string(),
        };
        // The wording: its own column, else the longest cell of the row.
        let text = match wording {
            Some(_) => at(wording).to_string(),
            None => values
                .iter()
                .max_by_key(|v| v.len())
                .cloned()
                .unwrap_or_default(),
        };
        let change = match at(change) {
            "" => "Change",
            printed => printed,
        };
        let dated = match (at(source), at(date)) {
            (source, "") => source.to_string(),
            ("", date) => format!("({date})"),
            (source, date) => format!("{source} ({date})"),
        };
        out.push(format!("{rule}: version {version}"));
        if !text.is_empty() {
            out.push(text);
        }
        out.push(format!("{change} | {}", at(Some(status))));
        out.push(dated);
    }
    (!out.is_empty()).then_some(out)
}

fn element_name<'a>(node: NodeRef<'a>) -> Option<&'a str> {
    match node.value() {
        Node::Element(e) => Some(e.name()),
        _ => None,
    }
}

/// The cells of a row, in order (`td` and `th`).
fn cells(row: NodeRef) -> Vec<NodeRef> {
    row.children()
        .filter(|c| matches!(element_name(*c), Some("td" | "th")))
        .collect()
}

/// A node's words, one space apart.
fn text_of(node: NodeRef) -> String {
    let mut words = Vec::new();
    for n in node.descendants() {
        if let Node::Text(t) = n.value() {
            words.extend(t.split_whitespace().map(str::to_string));
        }
    }
    words.join(" ")
}

/// The heading the table stands under: the nearest heading element before
/// it, among its siblings or its ancestors' (a few levels up).
fn heading_before(table: NodeRef) -> Option<String> {
    let mut at = Some(table);
    for _ in 0..4 {
        let node = at?;
        for sibling in node.prev_siblings() {
            if matches!(
                element_name(sibling),
                Some("h1" | "h2" | "h3" | "h4" | "h5" | "h6")
            ) {
                let text = text_of(sibling);
                if !text.is_empty() {
                    return Some(text);
                }
            }
        }
        at = node.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_table(html: &str) -> Option<Vec<String>> {
        let page = scraper::Html::parse_document(html);
        let table = page
            .tree
            .root()
            .descendants()
            .find(|n| element_name(*n) == Some("table"))?;
        status_rows(table)
    }

    #[test]
    fn a_table_of_versions_is_written_as_the_history_prints_them() {
        let html = "<h2>Deck size</h2><table><tr><th>#</th><th>Change</th><th>Status</th><th>Source</th><th>Date</th><th>Rule</th></tr>\
            <tr><td>1</td><td>Original</td><td>Superseded</td><td>Premiere Rulebook</td><td>10 Nov 1994</td><td>Sixty cards.</td></tr>\
            <tr><td>2</td><td>Rule Change</td><td>Active</td><td>First Contact Rules Supplement</td><td>1 Dec 1997</td><td>The 30/30 rule.</td></tr></table>";
        assert_eq!(
            first_table(html).unwrap(),
            [
                "Deck size: version 1",
                "Sixty cards.",
                "Original | Superseded",
                "Premiere Rulebook (10 Nov 1994)",
                "Deck size: version 2",
                "The 30/30 rule.",
                "Rule Change | Active",
                "First Contact Rules Supplement (1 Dec 1997)",
            ]
        );
    }

    #[test]
    fn a_table_without_a_status_and_its_date_is_none() {
        let html = "<table><tr><th>Card</th><th>Ruling</th></tr><tr><td>Borg Ship</td><td>Counts as a ship.</td></tr></table>";
        assert_eq!(first_table(html), None);
        let html = "<table><tr><td>Status</td><td>Date</td></tr></table>";
        assert_eq!(first_table(html), None);
    }
}
