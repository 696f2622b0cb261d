//! One address fetched as the network is: a conditional request (an
//! unchanged document costs a 304), redirects up to [`MAX_REDIRECTS`],
//! http and https only, a time limit on the whole exchange, a body of at
//! most [`MAX_BODY_BYTES`], proxies from `HTTPS_PROXY`, `HTTP_PROXY` and
//! `NO_PROXY`, TLS by rustls with the webpki roots (nothing to install).

use std::time::Duration;

use ureq::http::header::{CONTENT_TYPE, ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED};
use ureq::ResponseExt;

/// The most redirects followed for one address.
pub const MAX_REDIRECTS: u32 = 5;
/// The largest body kept: no rulings document comes near it.
pub const MAX_BODY_BYTES: u64 = 64 * 1024 * 1024;

/// What a previous fetch of the address left to ask with.
#[derive(Debug, Clone, Default)]
pub struct Validators {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
}

/// A fetch's answer.
#[derive(Debug)]
pub enum Fetch {
    /// 304: what was fetched before is current.
    NotModified,
    Body {
        bytes: Vec<u8>,
        /// The address the body came from, after redirects.
        url: String,
        content_type: Option<String>,
        validators: Validators,
    },
}

/// An agent for one run: `timeout` bounds each address's whole exchange.
pub fn agent(timeout: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .max_redirects(MAX_REDIRECTS)
        .max_redirects_will_error(true)
        .https_only(false)
        .user_agent(concat!("rulings/", env!("CARGO_PKG_VERSION")))
        .build()
        .into()
}

/// Fetches `url`, asking with what the last fetch gave (`known`).
pub fn get(agent: &ureq::Agent, url: &str, known: &Validators) -> Result<Fetch, String> {
    let mut request = agent.get(url);
    if let Some(etag) = &known.etag {
        request = request.header(IF_NONE_MATCH, etag);
    }
    if let Some(date) = &known.last_modified {
        request = request.header(IF_MODIFIED_SINCE, date);
    }
    let mut response = request.call().map_err(|e| why(&e))?;
    if response.status().as_u16() == 304 {
        return Ok(Fetch::NotModified);
    }
    let header = |name| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let validators = Validators {
        etag: header(ETAG),
        last_modified: header(LAST_MODIFIED),
    };
    let content_type = header(CONTENT_TYPE);
    let final_url = response.get_uri().to_string();
    let bytes = response
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .read_to_vec()
        .map_err(|e| why(&e))?;
    Ok(Fetch::Body {
        bytes,
        url: final_url,
        content_type,
        validators,
    })
}

/// Why a fetch failed, in a TD's words.
fn why(error: &ureq::Error) -> String {
    use ureq::Error as E;
    match error {
        E::StatusCode(code) => format!("the server answered {code}"),
        E::Timeout(_) => "no answer within the time limit (--timeout)".into(),
        E::HostNotFound => "the server's name was not found (offline?)".into(),
        E::ConnectionFailed => "the server could not be reached (offline, or it is down)".into(),
        E::TooManyRedirects => format!("more than {MAX_REDIRECTS} redirects"),
        E::RedirectFailed => "a redirect led nowhere".into(),
        E::BodyExceedsLimit(_) => {
            format!("the document is over {} MB", MAX_BODY_BYTES / (1024 * 1024))
        }
        E::BadUri(uri) => format!("not an address: {uri}"),
        E::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            "the document ended before its end (truncated)".into()
        }
        E::Io(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionRefused
                    | std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::NotConnected
                    | std::io::ErrorKind::HostUnreachable
                    | std::io::ErrorKind::NetworkUnreachable
            ) =>
        {
            "the server could not be reached (offline, or it is down)".into()
        }
        other => other.to_string(),
    }
}

/// The links of a page: each address (made whole against `base`) with the
/// words of its link, in page order, each address once.
pub fn links(page: &str, base: &str) -> Vec<(String, String)> {
    let html = scraper::Html::parse_document(page);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for node in html.tree.root().descendants() {
        let scraper::Node::Element(element) = node.value() else {
            continue;
        };
        if element.name() != "a" {
            continue;
        }
        let Some(href) = element.attr("href") else {
            continue;
        };
        let Some(url) = joined(base, href.trim()) else {
            continue;
        };
        let text: Vec<&str> = node
            .descendants()
            .filter_map(|n| match n.value() {
                scraper::Node::Text(t) => Some(&**t),
                _ => None,
            })
            .flat_map(str::split_whitespace)
            .collect();
        if seen.insert(url.clone()) {
            out.push((url, text.join(" ")));
        }
    }
    out
}

/// `href` made whole against the page's address: absolute, from the
/// site's root, or beside the page. Another scheme (`mailto:`,
/// `javascript:`) or a fragment alone is none.
pub fn joined(base: &str, href: &str) -> Option<String> {
    let href = href.split('#').next()?;
    if href.is_empty() {
        return None;
    }
    if super::sources::is_web_address(href) {
        return Some(href.to_string());
    }
    if href.contains(':') && !href.starts_with('/') && !href.starts_with('.') {
        // Another scheme, or a colon in a first segment: not ours.
        let scheme = href.split(':').next().unwrap_or("");
        if scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            return None;
        }
    }
    let (scheme, rest) = base.split_once("://")?;
    let host_end = rest.find('/').unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..host_end]);
    if let Some(net) = href.strip_prefix("//") {
        return Some(format!("{scheme}://{net}"));
    }
    if href.starts_with('/') {
        return Some(format!("{origin}{href}"));
    }
    let path = &rest[host_end..];
    let path = path.split(['?', '#']).next().unwrap_or("");
    let dir = match path.rfind('/') {
        Some(at) => &path[..=at],
        None => "/",
    };
    let whole = format!("{dir}{href}");
    let mut segments: Vec<&str> = Vec::new();
    for segment in whole.split('/').skip(1) {
        match segment {
            "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    Some(format!("{origin}/{}", segments.join("/")))
}

/// The site of an address: its scheme's host and port.
pub fn site(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let host = rest.split(['/', '?', '#']).next()?;
    Some(host.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_made_whole_against_its_page() {
        let base = "https://www.trekcc.org/1e/index.php?x=1";
        assert_eq!(
            joined(base, "glossary.pdf").as_deref(),
            Some("https://www.trekcc.org/1e/glossary.pdf")
        );
        assert_eq!(
            joined(base, "/op/1e_rulebook/").as_deref(),
            Some("https://www.trekcc.org/op/1e_rulebook/")
        );
        assert_eq!(
            joined(base, "../2e/rulings.php").as_deref(),
            Some("https://www.trekcc.org/2e/rulings.php")
        );
        assert_eq!(
            joined(base, "//cdn.example.org/g.pdf").as_deref(),
            Some("https://cdn.example.org/g.pdf")
        );
        assert_eq!(joined(base, "mailto:cc@example.org"), None);
        assert_eq!(joined(base, "#top"), None);
    }

    #[test]
    fn a_pages_links_come_with_their_words() {
        let page = r#"<p><a href="files/glossary-2024-05.pdf">First Edition <b>Glossary</b></a>
            <a href="/forum">Forum</a><a href="files/glossary-2024-05.pdf#p2">again</a></p>"#;
        let links = links(page, "http://127.0.0.1:8000/1e/");
        assert_eq!(
            links,
            [
                (
                    "http://127.0.0.1:8000/1e/files/glossary-2024-05.pdf".to_string(),
                    "First Edition Glossary".to_string()
                ),
                (
                    "http://127.0.0.1:8000/forum".to_string(),
                    "Forum".to_string()
                ),
            ]
        );
        assert_eq!(
            site("http://127.0.0.1:8000/1e/").as_deref(),
            Some("127.0.0.1:8000")
        );
    }
}
