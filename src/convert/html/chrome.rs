//! Site chrome: what a site prints around every page (navigation, a login
//! box, the readers' comments, the footer) and no document of its own. It
//! is known by its tag or role, by the usual names a site gives it, and by
//! what it is made of: a block whose words are mostly links to other pages
//! is a menu, and a small form is a login or search box.

use std::collections::HashMap;

use scraper::{Html, Node};

/// Class and id names of site chrome.
const CHROME_NAMES: [&str; 36] = [
    "nav",
    "navbar",
    "navigation",
    "nav-bar",
    "topnav",
    "menu",
    "menubar",
    "mainmenu",
    "main-menu",
    "header",
    "site-header",
    "masthead",
    "banner",
    "footer",
    "site-footer",
    "sidebar",
    "breadcrumb",
    "breadcrumbs",
    "skip-link",
    "skiplink",
    "toolbar",
    "copyright",
    // The readers' comments under an article, and the box to write one.
    "comments",
    "comment",
    "commentlist",
    "comment-list",
    "comments-area",
    "respond",
    // The site's login and search boxes and its sharing buttons.
    "login",
    "loginbox",
    "login-box",
    "userbox",
    "searchbox",
    "search-form",
    "share",
    "social",
];

/// The fewest links to other pages that make a block of links a menu.
const MENU_LINKS: usize = 3;
/// The most words of a form that is a box of the site's (a login, a
/// search): a page set whole in a form (as some site builders do) has more.
const BOX_FORM_WORDS: usize = 40;

/// Whether an element is site chrome, and what kind (for the report).
pub(super) fn chrome(element: &scraper::node::Element) -> Option<String> {
    let tag = element.name();
    if matches!(tag, "header" | "footer" | "nav") {
        return Some(format!("<{tag}>"));
    }
    if let Some(role) = element.attr("role") {
        let role = role.trim().to_ascii_lowercase();
        if matches!(role.as_str(), "navigation" | "banner" | "contentinfo") {
            return Some(format!("role={role}"));
        }
    }
    for attr in ["id", "class"] {
        if let Some(value) = element.attr(attr) {
            for token in value.split_whitespace() {
                let token = token.to_ascii_lowercase();
                if CHROME_NAMES.contains(&token.as_str()) {
                    return Some(format!("{attr}={token}"));
                }
            }
        }
    }
    None
}

/// What a subtree holds: its words, the words inside links to other pages,
/// those links, and whether it has a form's fields (a password's above all).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Held {
    pub(super) words: usize,
    linked: usize,
    links: usize,
    inputs: usize,
    password: bool,
}

impl Held {
    fn add(&mut self, other: &Held) {
        self.words += other.words;
        self.linked += other.linked;
        self.links += other.links;
        self.inputs += other.inputs;
        self.password |= other.password;
    }
}

/// What every element of the page holds, found in one walk (each text
/// counted once, up the open elements when they close), so that asking of
/// any element costs nothing more.
pub(super) fn held(page: &Html) -> HashMap<ego_tree::NodeId, Held> {
    use ego_tree::iter::Edge;
    let mut out = HashMap::new();
    let mut open: Vec<(ego_tree::NodeId, Held, bool)> = Vec::new();
    let mut in_link = 0usize;
    for edge in page.tree.root().traverse() {
        match edge {
            Edge::Open(node) => match node.value() {
                Node::Text(t) => {
                    let words = t.split_whitespace().count();
                    if let Some((_, h, _)) = open.last_mut() {
                        h.words += words;
                        if in_link > 0 {
                            h.linked += words;
                        }
                    }
                }
                Node::Element(e) => {
                    let mut h = Held::default();
                    let link = e.name() == "a" && e.attr("href").is_some_and(leaves_the_page);
                    if link {
                        h.links = 1;
                    }
                    if matches!(e.name(), "input" | "select" | "textarea") {
                        let kind = e.attr("type").unwrap_or("text").to_ascii_lowercase();
                        if kind != "hidden" {
                            h.inputs = 1;
                        }
                        h.password = kind == "password";
                    }
                    in_link += usize::from(link);
                    open.push((node.id(), h, link));
                }
                _ => {}
            },
            Edge::Close(node) => {
                if !matches!(node.value(), Node::Element(_)) {
                    continue;
                }
                let Some((id, h, link)) = open.pop() else {
                    continue;
                };
                in_link -= usize::from(link);
                if let Some((_, parent, _)) = open.last_mut() {
                    parent.add(&h);
                }
                out.insert(id, h);
            }
        }
    }
    out
}

/// Whether a link goes to another page (a link within the page, `#…`, is
/// a table of contents, which is the document's).
fn leaves_the_page(href: &str) -> bool {
    let href = href.trim();
    !href.is_empty() && !href.starts_with('#') && !href.starts_with("javascript:")
}

/// Whether an element is chrome by what it holds: a block of links to other
/// pages with few words besides (a menu, a list of the site's articles, the
/// footer's links), or a small form with fields (a login or search box).
///
/// Chrome is around a page's text: a block that holds most of the page's
/// words is the page (a login page is its form, an index its links), and
/// is read, so that what it is can be said of it.
pub(super) fn chrome_by_content(
    element: &scraper::node::Element,
    held: Option<&Held>,
    page_words: usize,
) -> Option<String> {
    let held = held?;
    let tag = element.name();
    if matches!(tag, "html" | "body" | "a") || held.words * 2 > page_words {
        return None;
    }
    if tag == "form" && (held.password || (held.inputs > 0 && held.words <= BOX_FORM_WORDS)) {
        return Some("form".to_string());
    }
    let menu = held.links >= MENU_LINKS && held.linked * 3 >= held.words * 2;
    menu.then(|| format!("links ×{}", held.links))
}
