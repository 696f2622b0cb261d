//! One address fetched as the network is: a conditional request (an
//! unchanged document costs a 304), redirects up to [`MAX_REDIRECTS`],
//! each looked at before it is followed (never to an address with a user
//! name or password, and never off the site where the address asked must
//! stay on it), http and https only, a time limit on the whole exchange, a
//! body of at most [`MAX_BODY_BYTES`], proxies from `HTTPS_PROXY`,
//! `HTTP_PROXY` and `NO_PROXY`, TLS by rustls with the webpki roots
//! (nothing to install).

use std::time::{Duration, Instant};

use ureq::http::header::{
    CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, LOCATION,
};
use ureq::ResponseExt;

use super::sources::with_credentials;

/// The most redirects followed for one address.
pub const MAX_REDIRECTS: u32 = 5;
/// The largest body kept: no rulings document comes near it.
pub const MAX_BODY_BYTES: u64 = 64 * 1024 * 1024;
/// The variables a proxy is taken from, in the order the HTTP client
/// reads them.
const PROXY_VARIABLES: [&str; 6] = [
    "ALL_PROXY",
    "all_proxy",
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
];

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

/// How a run fetches: the HTTP client, the time each address's whole
/// exchange may take, and whether redirects must stay on the site of the
/// address asked (a link followed from a page with `other_sites = false`).
#[derive(Clone)]
pub struct Agent {
    client: ureq::Agent,
    timeout: Duration,
    same_site: bool,
}

/// An agent for one run: `timeout` bounds each address's whole exchange.
pub fn agent(timeout: Duration) -> Agent {
    let client = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        // Each redirect is looked at here before it is followed.
        .max_redirects(0)
        .https_only(false)
        .user_agent(concat!("rulings/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    Agent {
        client,
        timeout,
        same_site: false,
    }
}

impl Agent {
    /// The same agent, whose redirects may not leave the address's site.
    pub fn staying_on_site(&self) -> Agent {
        Agent {
            same_site: true,
            ..self.clone()
        }
    }
}

/// Fetches `url`, asking with what the last fetch gave (`known`).
pub fn get(agent: &Agent, url: &str, known: &Validators) -> Result<Fetch, String> {
    if let Some(shown) = with_credentials(url) {
        return Err(format!(
            "{shown} holds a user name or password: refused, never sent"
        ));
    }
    let deadline = Instant::now() + agent.timeout;
    let home = site(url);
    let mut at = url.to_string();
    let mut redirects = 0;
    let mut response = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(why(&ureq::Error::Timeout(ureq::Timeout::Global)));
        }
        let mut request = agent
            .client
            .get(&at)
            .config()
            .timeout_global(Some(left))
            .build();
        if let Some(etag) = &known.etag {
            request = request.header(IF_NONE_MATCH, etag);
        }
        if let Some(date) = &known.last_modified {
            request = request.header(IF_MODIFIED_SINCE, date);
        }
        let response = request.call().map_err(|e| why(&e))?;
        if !response.status().is_redirection() || response.status().as_u16() == 304 {
            break response;
        }
        redirects += 1;
        if redirects > MAX_REDIRECTS {
            return Err(why(&ureq::Error::TooManyRedirects));
        }
        let to = response
            .headers()
            .get(LOCATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|location| joined(&at, location.trim()))
            .ok_or_else(|| why(&ureq::Error::RedirectFailed))?;
        if let Some(shown) = with_credentials(&to) {
            return Err(format!(
                "a redirect leads to {shown}, which holds a user name or password: refused, never sent"
            ));
        }
        if !super::sources::is_web_address(&to) {
            return Err(why(&ureq::Error::RedirectFailed));
        }
        if agent.same_site && site(&to) != home {
            return Err(format!(
                "a redirect leaves the site, to {to}: refused (the source has no other_sites = true)"
            ));
        }
        at = to;
    };
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
    // gzip is read (and its header taken away) by the client; any other
    // coding would be read as the bytes of the document.
    if let Some(coding) = header(CONTENT_ENCODING)
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
    {
        return Err(format!(
            "the server sent it {coding}-compressed, which is not read (only gzip is)"
        ));
    }
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

/// The proxy in use and the variable it came from, its password hidden.
fn proxy_in_use() -> Option<(&'static str, String)> {
    PROXY_VARIABLES.into_iter().find_map(|name| {
        let value = std::env::var(name).ok()?;
        let value = value.trim();
        if value.is_empty() {
            return None;
        }
        let shown = if value.contains("://") {
            with_credentials(value).unwrap_or_else(|| value.to_string())
        } else {
            with_credentials(&format!("http://{value}")).map_or_else(
                || value.to_string(),
                |s| s.trim_start_matches("http://").to_string(),
            )
        };
        Some((name, shown))
    })
}

/// Why a fetch failed, in a TD's words.
fn why(error: &ureq::Error) -> String {
    use ureq::Error as E;
    let unreachable = || {
        match proxy_in_use() {
        Some((name, proxy)) => format!(
            "the server could not be reached through the proxy {proxy} (from {name}): is the proxy running?"
        ),
        None => "the server could not be reached (offline, or it is down)".into(),
    }
    };
    match error {
        E::StatusCode(code) => format!("the server answered {code}"),
        E::Timeout(_) => "no answer within the time limit (--timeout)".into(),
        E::HostNotFound => match proxy_in_use() {
            Some((name, proxy)) => {
                format!("the server's name was not found (through the proxy {proxy}, from {name})")
            }
            None => "the server's name was not found (offline?)".into(),
        },
        E::ConnectionFailed | E::ConnectProxyFailed(_) => unreachable(),
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
            unreachable()
        }
        E::Io(e) => {
            let raw = e.to_string();
            tls_failure(&raw).unwrap_or(raw)
        }
        E::Tls(_) | E::Rustls(_) | E::Pem(_) | E::TlsRequired => {
            tls_failure(&error.to_string()).unwrap_or_else(|| error.to_string())
        }
        other => other.to_string(),
    }
}

/// A failed secure connection (TLS), in words: the client's own words
/// (`invalid peer certificate: Other(…CaUsedAsEndEntity)`) after what they
/// mean. `None` for what is no TLS failure.
fn tls_failure(raw: &str) -> Option<String> {
    let lower = raw.to_ascii_lowercase();
    if lower.contains("certificate") {
        return Some(format!("the site's certificate is not valid: {raw}"));
    }
    let tls = ["tls", "handshake", "alert", "corrupt message", "rustls"];
    tls.iter()
        .any(|w| lower.contains(w))
        .then(|| format!("the secure connection (TLS) to the site failed: {raw}"))
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
    fn a_failed_secure_connection_is_said_in_words() {
        let raw = "invalid peer certificate: Other(OtherError(CaUsedAsEndEntity))";
        let error = ureq::Error::Io(std::io::Error::other(raw));
        assert_eq!(
            why(&error),
            format!("the site's certificate is not valid: {raw}")
        );
        assert!(tls_failure("connection refused").is_none());
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
