//! A source's page read only for its links: the links whose words match
//! its `follow`, each a document to fetch, at most [`MOST_FOLLOWED`].
//!
//! The page is a stranger's bytes, up to the body cap: its links are read
//! in a child process under the same limits as a document's reading (see
//! [`crate::convert::isolated`]: memory capped, killed when its time is
//! up), which sends back only the links chosen. A link with a user name or
//! password is skipped and said, never fetched. Links that name the same
//! document are one: a fragment never names another document, and nor
//! does a query string on a static file (see [`document_key`]).

use std::collections::HashSet;
use std::io::Read;
use std::process::ExitCode;

use regex::Regex;
use serde::{Deserialize, Serialize};

use super::fetch::{self, Fetch, Validators};
use super::{sources, Page, Source};
use crate::convert::Format;

/// The most links followed from one page. A section's front page links a
/// hundred things, of which a few are wanted; a pattern that matches two
/// hundred documents on one page matches nearly everything, and two
/// hundred fetches already hold the folder's lock for minutes. What passes
/// the bound is said, not fetched.
pub const MOST_FOLLOWED: usize = 200;
/// The most addresses with a password named in a page's note (the rest
/// are counted).
const MOST_NAMED: usize = 3;
/// Set (to the page's address) in the environment of a child that reads a
/// page's links.
const CHILD_ENV: &str = "RULINGS_FOLLOW_CHILD";
/// The child's `follow` pattern and whether links may leave the site.
const PATTERN_ENV: &str = "RULINGS_FOLLOW_PATTERN";
const OTHER_SITES_ENV: &str = "RULINGS_FOLLOW_OTHER_SITES";
/// The most bytes of a child's answer: [`MOST_FOLLOWED`] addresses and a
/// few notes.
const MOST_ANSWER: u64 = 4 * 1024 * 1024;

/// The links chosen from a page, and what was left out.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chosen {
    /// The documents to fetch, in page order, each once.
    pub targets: Vec<String>,
    /// Documents whose links matched past [`MOST_FOLLOWED`].
    pub beyond: usize,
    /// Matching links with a user name or password, shown without it.
    pub with_credentials: Vec<String>,
    /// How many such links there were.
    pub credentials_count: usize,
}

/// The links of a source's page that its `follow` names.
pub fn followed(agent: &fetch::Agent, source: &Source, follow: &Regex) -> (Vec<String>, Page) {
    let mut page = Page {
        url: source.url.clone(),
        followed: 0,
        reason: None,
        notes: Vec::new(),
    };
    let (bytes, base) = match fetch::get(agent, &source.url, &Validators::default()) {
        Ok(Fetch::Body { bytes, url, .. }) => (bytes, url),
        Ok(Fetch::NotModified) => {
            page.reason = Some("the server answered 304 to a plain request".into());
            return (Vec::new(), page);
        }
        Err(why) => {
            page.reason = Some(why);
            return (Vec::new(), page);
        }
    };
    let chosen = match read_links(&bytes, &base, follow, source.other_sites) {
        Ok(chosen) => chosen,
        Err(why) => {
            page.reason = Some(format!("its links could not be read: {why}"));
            return (Vec::new(), page);
        }
    };
    if chosen.beyond > 0 {
        page.notes.push(format!(
            "{} more document(s) matched: only the first {MOST_FOLLOWED} are followed (make follow = {:?} narrower)",
            chosen.beyond,
            follow.as_str()
        ));
    }
    if chosen.credentials_count > 0 {
        page.notes.push(format!(
            "{} link(s) with a user name or password skipped, never fetched: {}",
            chosen.credentials_count,
            chosen.with_credentials.join(", ")
        ));
    }
    page.followed = chosen.targets.len();
    if chosen.targets.is_empty() && chosen.credentials_count == 0 {
        page.reason = Some(format!(
            "no link's words match follow = {:?}: the page may have moved (see `rulings update --print-sources`)",
            follow.as_str()
        ));
    }
    (chosen.targets, page)
}

/// The links chosen from a page's bytes: in a child process with a
/// reading's limits where one may be started, else here.
fn read_links(
    bytes: &[u8],
    base: &str,
    follow: &Regex,
    other_sites: bool,
) -> Result<Chosen, String> {
    let env = [
        (CHILD_ENV, base),
        (PATTERN_ENV, follow.as_str()),
        (OTHER_SITES_ENV, if other_sites { "1" } else { "0" }),
    ];
    match crate::convert::isolated::in_capped_child(&env, bytes, MOST_ANSWER) {
        Some(answer) => serde_json::from_slice(&answer?)
            .map_err(|_| "the reading of its links gave no answer".to_string()),
        None => Ok(choose(bytes, base, follow, other_sites)),
    }
}

/// The links of a page to follow: those whose words match, on the page's
/// site unless `other_sites`, each document once, at most
/// [`MOST_FOLLOWED`]; those with a password set apart.
pub fn choose(bytes: &[u8], base: &str, follow: &Regex, other_sites: bool) -> Chosen {
    let text = String::from_utf8_lossy(bytes);
    let home = fetch::site(base);
    let mut chosen = Chosen::default();
    let mut seen = HashSet::new();
    for (url, words) in fetch::links(&text, base) {
        if !follow.is_match(&words) || !sources::is_web_address(&url) {
            continue;
        }
        if let Some(shown) = sources::with_credentials(&url) {
            chosen.credentials_count += 1;
            if chosen.with_credentials.len() < MOST_NAMED {
                chosen.with_credentials.push(shown);
            }
            continue;
        }
        if !other_sites && fetch::site(&url) != home {
            continue;
        }
        if !seen.insert(document_key(&url)) {
            continue;
        }
        if chosen.targets.len() < MOST_FOLLOWED {
            chosen.targets.push(url);
        } else {
            chosen.beyond += 1;
        }
    }
    chosen
}

/// What names one document: the address without its fragment (a place in
/// the document), and, for a static file (`.pdf`, `.html`, `.txt`, `.md`),
/// without its query string too: a file server sends the same file
/// whatever the query (`glossary.pdf?v=2` is a cache-buster), while a
/// script's query chooses what it answers (`rulings.php?edition=2`), so
/// there the query stays.
pub fn document_key(url: &str) -> String {
    let url = url.split('#').next().unwrap_or(url);
    match url.split_once('?') {
        Some((path, _)) if Format::of(std::path::Path::new(path)).is_some() => path.to_string(),
        _ => url.to_string(),
    }
}

/// In a child that reads a page's links (started with [`CHILD_ENV`] set),
/// reads the page on stdin and writes the links chosen on stdout, and gives
/// the exit status; elsewhere `None`. `main` calls this before anything
/// else.
pub fn child() -> Option<ExitCode> {
    let base = std::env::var(CHILD_ENV).ok()?;
    crate::convert::isolated::cap_memory();
    let pattern = std::env::var(PATTERN_ENV).unwrap_or_default();
    let other_sites = std::env::var(OTHER_SITES_ENV).is_ok_and(|v| v == "1");
    let Ok(follow) = sources::follow_pattern(&pattern) else {
        return Some(ExitCode::from(2));
    };
    let mut bytes = Vec::new();
    if std::io::stdin()
        .lock()
        .take(fetch::MAX_BODY_BYTES + 1)
        .read_to_end(&mut bytes)
        .is_err()
    {
        return Some(ExitCode::from(2));
    }
    let chosen = choose(&bytes, &base, &follow, other_sites);
    Some(crate::convert::isolated::answer_parent(&chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(p: &str) -> Regex {
        sources::follow_pattern(p).unwrap()
    }

    #[test]
    fn the_same_document_linked_twice_is_followed_once() {
        let page = br#"<a href="g.pdf?v=1">Glossary</a> <a href="g.pdf?v=2#p3">Glossary</a>
            <a href="rulings.php?edition=1">Glossary 1E</a>
            <a href="rulings.php?edition=2">Glossary 2E</a>"#;
        let chosen = choose(page, "http://127.0.0.1:1/1e/", &pattern("glossary"), false);
        assert_eq!(
            chosen.targets,
            [
                "http://127.0.0.1:1/1e/g.pdf?v=1",
                "http://127.0.0.1:1/1e/rulings.php?edition=1",
                "http://127.0.0.1:1/1e/rulings.php?edition=2",
            ]
        );
    }

    #[test]
    fn links_past_the_bound_are_counted_not_followed() {
        let page: String = (0..MOST_FOLLOWED + 7)
            .map(|n| {
                format!("<a href=\"d{n}.pdf\">Glossary</a><a href=\"d{n}.pdf?again\">Glossary</a>")
            })
            .collect();
        let chosen = choose(
            page.as_bytes(),
            "http://127.0.0.1:1/",
            &pattern("glossary"),
            false,
        );
        assert_eq!(chosen.targets.len(), MOST_FOLLOWED);
        assert_eq!(chosen.beyond, 7);
    }

    #[test]
    fn a_link_with_a_password_is_set_apart_and_hidden() {
        let page = br#"<a href="http://u:secret@127.0.0.1:1/g.pdf">Glossary</a>"#;
        let chosen = choose(page, "http://127.0.0.1:1/", &pattern("glossary"), true);
        assert!(chosen.targets.is_empty());
        assert_eq!(chosen.credentials_count, 1);
        assert!(!chosen.with_credentials[0].contains("secret"));
    }
}
