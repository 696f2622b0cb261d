//! The walk over a page's tree, without recursion: each element's text
//! written as Markdown with the typography its tags and styles give it, the
//! site's chrome and hidden elements left out.

use super::*;

/// One open element of the walk.
pub(super) struct Frame {
    style: Style,
    block: bool,
    /// A table row: the cells seen in it.
    row: Option<usize>,
}

pub(super) fn walk(page: &Html, writer: &mut Writer) {
    use ego_tree::iter::Edge;
    let classes = class_rules(page);
    let held = held(page);
    let page_words = held.get(&page.root_element().id()).map_or(0, |h| h.words);
    let mut frames: Vec<Frame> = Vec::new();
    // Elements open (each has a frame up to the depth bound).
    let mut depth = 0usize;
    // A subtree being skipped: the id of its root.
    let mut skipping: Option<ego_tree::NodeId> = None;
    for edge in page.tree.root().traverse() {
        match edge {
            Edge::Open(node) => {
                if skipping.is_some() {
                    continue;
                }
                let style = frames.last().map(|f| f.style).unwrap_or_default();
                let element = match node.value() {
                    Node::Text(text) => {
                        writer.text(text, style);
                        continue;
                    }
                    Node::Element(element) => element,
                    _ => continue,
                };
                let tag = element.name();
                if is_hidden(tag) {
                    skipping = Some(node.id());
                    continue;
                }
                let chrome = chrome(element)
                    .filter(|w| !is_prose_sidebar(w, node))
                    .or_else(|| chrome_by_content(element, held.get(&node.id()), page_words));
                if let Some(what) = chrome {
                    let text = glimpse(node);
                    writer.dropped.push(if text.is_empty() {
                        what
                    } else {
                        format!("{what}: {text}")
                    });
                    skipping = Some(node.id());
                    continue;
                }
                let face = element.attr("face").or_else(|| {
                    element
                        .attr("style")
                        .and_then(|s| style_property(s, "font-family"))
                });
                if face.is_some_and(symbol_font) {
                    if has_text(node) {
                        writer.icon(false, None);
                    }
                    skipping = Some(node.id());
                    continue;
                }
                // A table of a rule's versions with their printed status is
                // written as the rule history's page prints each version.
                if let Some(lines) = (tag == "table")
                    .then(|| super::status_table::status_rows(node))
                    .flatten()
                {
                    writer.end_paragraph();
                    for line in lines {
                        writer.text(&line, Style::default());
                        writer.end_paragraph();
                    }
                    skipping = Some(node.id());
                    continue;
                }
                match tag {
                    "br" => writer.end_line(),
                    "img" => writer.icon(true, element.attr("alt")),
                    "td" | "th" => {
                        if let Some(cells) = frames.iter_mut().rev().find_map(|f| f.row.as_mut()) {
                            if *cells > 0 {
                                writer.cell(*cells);
                            }
                            *cells += 1;
                        }
                    }
                    _ => {}
                }
                depth += 1;
                if depth > MAX_DEPTH {
                    continue;
                }
                let block = is_block(tag);
                if block {
                    writer.end_paragraph();
                    writer.heading = heading_level(tag);
                    writer.heading_number = writer
                        .heading
                        .and_then(|_| element.attr("id"))
                        .and_then(anchor_number);
                    if tag == "li" {
                        writer.list_item = true;
                    }
                }
                let mut style = style;
                if matches!(tag, "b" | "strong") {
                    style.bold = true;
                }
                if tag == "pre" {
                    style.preformatted = true;
                }
                let color = element.attr("color").filter(|_| tag == "font").or_else(|| {
                    element
                        .attr("style")
                        .and_then(|s| style_property(s, "color"))
                });
                if let Some(color) = color {
                    style.colored = !is_black(color);
                    style.mark = style.colored.then_some(node.id());
                    style.mark_colour = style.colored.then(|| colour_key(color));
                    style.blue = is_blue(color);
                }
                let bar = element.attr("style").is_some_and(|s| {
                    ["border-left", "border-right"]
                        .iter()
                        .any(|p| is_bar(style_property(s, p)))
                });
                let ruled = element
                    .classes()
                    .filter_map(|c| classes.get(c))
                    .fold(ClassRule::default(), |a, r| a.or(r));
                if let Some((colored, colour)) = ruled.colored.filter(|_| color.is_none()) {
                    style.colored = colored;
                    style.mark = colored.then_some(node.id());
                    style.mark_colour = colored.then_some(colour);
                    style.blue = ruled.blue;
                }
                style.bold |= ruled.bold;
                if bar || ruled.bar {
                    style.mark = Some(node.id());
                    style.mark_colour = None;
                    style.blue = false;
                }
                frames.push(Frame {
                    style,
                    block,
                    row: (tag == "tr").then_some(0),
                });
            }
            Edge::Close(node) => {
                if let Some(root) = skipping {
                    if root == node.id() {
                        skipping = None;
                    }
                    continue;
                }
                if !matches!(node.value(), Node::Element(_)) {
                    continue;
                }
                depth -= 1;
                if depth >= MAX_DEPTH {
                    continue;
                }
                if let Some(frame) = frames.pop() {
                    if frame.block {
                        writer.end_paragraph();
                        writer.heading = None;
                        // An item without text leaves no mark on the next.
                        writer.list_item = false;
                    }
                }
            }
        }
    }
}

/// Whether a sidebar is a page's prose set apart (a rulebook's "Tip:" or
/// "Example:" box), not the site's: its words are mostly not links. A
/// site's sidebar is a list of links to its other pages.
fn is_prose_sidebar(what: &str, node: ego_tree::NodeRef<Node>) -> bool {
    if !what.ends_with("=sidebar") {
        return false;
    }
    let (mut all, mut linked) = (0usize, 0usize);
    for n in node.descendants() {
        if let Node::Text(t) = n.value() {
            let words = t.split_whitespace().count();
            all += words;
            let in_link = n
                .ancestors()
                .take_while(|a| a.id() != node.id())
                .any(|a| matches!(a.value(), Node::Element(e) if e.name() == "a"));
            if in_link {
                linked += words;
            }
        }
    }
    all >= 12 && linked * 2 < all
}

/// The section number an element's anchor names (`id="2.3"`,
/// `id="section-7.4.2"`): a number of two parts or more at its end.
pub(super) fn anchor_number(id: &str) -> Option<String> {
    let tail = id.trim_start_matches(|c: char| !c.is_ascii_digit());
    let parts: Vec<&str> = tail.split('.').collect();
    (parts.len() >= 2
        && parts.len() <= 6
        && parts
            .iter()
            .all(|p| (1..=2).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit())))
    .then(|| tail.to_string())
}
