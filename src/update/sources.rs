//! Where `rulings update` fetches from: a list of sources, each a page that
//! is a document, or a page read only for its links (`follow`), each link
//! whose text matches fetched as a document.
//!
//! ```toml
//! [[source]]
//! url = "https://example.org/1e/"
//! follow = "glossary|recent rulings"
//!
//! [[source]]
//! url = "https://example.org/mirror/rulebook.html"
//! edition = "1E"
//! kind = "rulebook"
//! ```

use std::fmt::Write as _;
use std::path::Path;

use regex::{Regex, RegexBuilder};
use serde::Deserialize;
use toml::Spanned;

use crate::model::{Edition, ReleaseKind};

/// The file in the data folder that replaces the built-in sources.
pub const FILE: &str = "sources.toml";

/// One place to fetch from.
#[derive(Debug, Clone)]
pub struct Source {
    pub url: String,
    /// Read only for its links: each link whose text matches is fetched.
    pub follow: Option<Regex>,
    /// Links may lead to another site.
    pub other_sites: bool,
    /// For a document that does not say.
    pub edition: Option<Edition>,
    pub kind: Option<ReleaseKind>,
    /// A LackeyCCG card list (`sets/*.txt`), fetched into `cards/`.
    pub cards: bool,
}

/// The official documents, for a data folder with no `sources.toml`: each
/// fetched as a document, with the edition and kind it is, so a page whose
/// own words leave either open is still kept as what it is. What each
/// default rests on (a public copy's address, or none seen) is in
/// docs/GUIDE.md, "Keeping up".
pub const DEFAULTS: &str = r#"# The official documents, as the Continuing Committee publishes them.

# The 1E Rules Compendium: Rulebook, Glossary (with the Temporary
# Rulings), Appendix A Errata and the Change Log in one page.
[[source]]
url = "https://www.trekcc.org/op/1e_rulebook/Compendium.php"
edition = "1E"
kind = "compendium"

# The 1E Rulebook.
[[source]]
url = "https://www.trekcc.org/op/1e_rulebook/"
edition = "1E"
kind = "rulebook"

# The 1E rule changes: every version of every rule, dated.
[[source]]
url = "https://www.trekcc.org/1e/ruleChanges.php"
edition = "1E"
kind = "rule-history"

# The 2E rulings, each dated.
[[source]]
url = "https://www.trekcc.org/2e/rulings.php"
edition = "2E"
kind = "rulings"

# The 2E Rulebook (a PDF).
[[source]]
url = "https://www.trekcc.org/op/rulebook.pdf"
edition = "2E"
kind = "rulebook"

# The 2E errata (a PDF): no kind of its own among those a source may
# name, so its reading says it.
[[source]]
url = "https://www.trekcc.org/op/ST2EErrata.pdf"
edition = "2E"
"#;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    source: Vec<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    url: Spanned<String>,
    follow: Option<Spanned<String>>,
    #[serde(default)]
    other_sites: bool,
    edition: Option<Spanned<String>>,
    kind: Option<Spanned<String>>,
}

/// Reads a list of sources; `origin` names it in errors, with the line
/// and the `[[source]]` (counted from 1) of a value refused.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Source>, String> {
    parse_placed(text, origin, true)
}

/// An address given on the command line (`--from`), read as a source of
/// its own.
pub fn given(url: &str) -> Result<Vec<Source>, String> {
    parse_placed(&format!("[[source]]\nurl = {url:?}\n"), "--from", false)
}

/// A list read; a value refused is named by its line and `[[source]]`
/// where `placed` (a file's), else by `origin` alone.
fn parse_placed(text: &str, origin: &str, placed: bool) -> Result<Vec<Source>, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("{origin}: {e}"))?;
    file.source
        .into_iter()
        .enumerate()
        .map(|(at, raw)| {
            let refused = |span: std::ops::Range<usize>, why: String| {
                if !placed {
                    return format!("{origin}: {why}");
                }
                let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                format!("{origin}:{line}: [[source]] #{}: {why}", at + 1)
            };
            let url = raw.url.get_ref().trim().to_string();
            if !is_web_address(&url) {
                return Err(refused(
                    raw.url.span(),
                    format!("`{url}` is no http or https address"),
                ));
            }
            if let Some(shown) = with_credentials(&url) {
                return Err(refused(
                    raw.url.span(),
                    format!(
                        "`{shown}` holds a user name or password: an address to fetch may not (nothing was sent)"
                    ),
                ));
            }
            let follow = raw
                .follow
                .map(|f| {
                    follow_pattern(f.get_ref())
                        .map_err(|e| refused(f.span(), format!("follow = {:?}: {e}", f.get_ref())))
                })
                .transpose()?;
            let edition = raw
                .edition
                .map(|e| {
                    e.get_ref()
                        .parse::<Edition>()
                        .map_err(|why| refused(e.span(), why.to_string()))
                })
                .transpose()?;
            let (kind, cards) = match &raw.kind {
                Some(k) if k.get_ref().trim() == "cards" => (None, true),
                Some(k) => (
                    Some(kind_named(k.get_ref().trim()).ok_or_else(|| {
                        refused(
                            k.span(),
                            format!(
                                "kind {:?} is none of cards, {}",
                                k.get_ref().trim(),
                                KINDS.map(ReleaseKind::label).join(", ")
                            ),
                        )
                    })?),
                    false,
                ),
                None => (None, false),
            };
            Ok(Source {
                url,
                follow,
                other_sites: raw.other_sites,
                edition,
                kind,
                cards,
            })
        })
        .collect()
}

/// A `follow` pattern: case-insensitive, its compiled size bounded.
pub fn follow_pattern(pattern: &str) -> Result<Regex, regex::Error> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .size_limit(1 << 20)
        .build()
}

const KINDS: [ReleaseKind; 10] = [
    ReleaseKind::CurrentRulings,
    ReleaseKind::RecentRulings,
    ReleaseKind::Rulings,
    ReleaseKind::Glossary,
    ReleaseKind::Rulebook,
    ReleaseKind::Compendium,
    ReleaseKind::RuleHistory,
    ReleaseKind::OrganizedPlayGuide,
    ReleaseKind::InterimRuling,
    ReleaseKind::BanList,
];

fn kind_named(name: &str) -> Option<ReleaseKind> {
    KINDS
        .into_iter()
        .find(|k| k.label().eq_ignore_ascii_case(name))
}

/// Whether `url` is an address `update` fetches: http or https.
pub fn is_web_address(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://"))
        && url.len() > "https://".len()
        && !url.contains(char::is_whitespace)
}

/// The address shown with its password hidden, if it names a user or a
/// password (`http://user:secret@host/`): such an address is never
/// fetched, and its password is never written anywhere.
pub fn with_credentials(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (user, host) = rest[..authority_end].rsplit_once('@')?;
    let user = user.split(':').next().unwrap_or("");
    let user = crate::safe::sanitize(user);
    Some(format!(
        "{scheme}://{user}:…@{host}{}",
        &rest[authority_end..]
    ))
}

/// The sources in use and where they came from: `--sources FILE`, else the
/// data folder's `sources.toml`, else the built-in defaults.
pub fn in_use(given: Option<&Path>, folder: &Path) -> Result<(Vec<Source>, String), String> {
    let (text, origin) = match given {
        Some(file) => (read(file)?, file.display().to_string()),
        None => {
            let own = folder.join(FILE);
            if own.is_file() {
                (read(&own)?, own.display().to_string())
            } else {
                (DEFAULTS.to_string(), "built-in defaults".to_string())
            }
        }
    };
    Ok((parse(&text, &origin)?, origin))
}

fn read(file: &Path) -> Result<String, String> {
    let bytes = crate::input::read_capped(file, crate::input::MAX_TEXT_BYTES as u64).map_err(
        |refusal| {
            use crate::input::Refusal;
            let why = match refusal {
                Refusal::Io(e) => e.to_string(),
                Refusal::NotRegular => "not a regular file".into(),
                Refusal::System => "a file of the system, not a list of sources".into(),
                Refusal::TooLarge { .. } => "too large for a list of sources".into(),
            };
            format!("{}: {why}", file.display())
        },
    )?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", file.display()))
}

/// The list as `--print-sources` shows it: TOML that can be saved as the
/// data folder's `sources.toml` and edited.
pub fn print(sources: &[Source], origin: &str) -> String {
    let mut out = format!("# sources in use: {origin}\n");
    for s in sources {
        let _ = write!(out, "\n[[source]]\nurl = {:?}\n", s.url);
        if let Some(f) = &s.follow {
            let _ = writeln!(out, "follow = {:?}", f.as_str());
        }
        if s.other_sites {
            out.push_str("other_sites = true\n");
        }
        if let Some(e) = s.edition {
            let _ = writeln!(out, "edition = {:?}", e.label());
        }
        if s.cards {
            out.push_str("kind = \"cards\"\n");
        } else if let Some(k) = s.kind {
            let _ = writeln!(out, "kind = {:?}", k.label());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_official_documents_each_with_its_edition() {
        let sources = parse(DEFAULTS, "defaults").unwrap();
        let listed: Vec<(&str, Option<&str>, Option<&str>)> = sources
            .iter()
            .map(|s| {
                (
                    s.url.as_str(),
                    s.edition.map(Edition::label),
                    s.kind.map(ReleaseKind::label),
                )
            })
            .collect();
        assert_eq!(
            listed,
            [
                (
                    "https://www.trekcc.org/op/1e_rulebook/Compendium.php",
                    Some("1E"),
                    Some("compendium")
                ),
                (
                    "https://www.trekcc.org/op/1e_rulebook/",
                    Some("1E"),
                    Some("rulebook")
                ),
                (
                    "https://www.trekcc.org/1e/ruleChanges.php",
                    Some("1E"),
                    Some("rule-history")
                ),
                (
                    "https://www.trekcc.org/2e/rulings.php",
                    Some("2E"),
                    Some("rulings")
                ),
                (
                    "https://www.trekcc.org/op/rulebook.pdf",
                    Some("2E"),
                    Some("rulebook")
                ),
                ("https://www.trekcc.org/op/ST2EErrata.pdf", Some("2E"), None),
            ]
        );
        // Each is a document: no page is read for links whose words no
        // public copy shows.
        assert!(sources.iter().all(|s| s.follow.is_none() && !s.cards));
    }

    #[test]
    fn a_list_says_what_is_wrong_with_it() {
        assert!(parse("[[source]]\nurl = \"ftp://x/y\"\n", "s.toml")
            .unwrap_err()
            .contains("no http or https"));
        assert!(parse(
            "[[source]]\nurl = \"https://x/\"\nfollow = \"(\"\n",
            "s.toml"
        )
        .is_err());
        assert!(parse(
            "[[source]]\nurl = \"https://x/\"\nedition = \"3E\"\n",
            "s.toml"
        )
        .is_err());
        assert!(parse("[[source]]\nurl = \"https://x/\"\ncolour = 1\n", "s.toml").is_err());
        let cards = parse(
            "[[source]]\nurl = \"https://x/sets/Premiere.txt\"\nkind = \"cards\"\n",
            "s",
        )
        .unwrap();
        assert!(cards[0].cards);
    }

    #[test]
    fn a_value_refused_is_named_by_its_line_and_its_source() {
        let list = "[[source]]\nurl = \"https://x/\"\n\n[[source]]\nurl = \"https://y/\"\nkind = \"rulez\"\n";
        let why = parse(list, "s.toml").unwrap_err();
        assert!(
            why.starts_with("s.toml:6: [[source]] #2: kind \"rulez\""),
            "{why}"
        );
    }

    #[test]
    fn an_address_with_a_password_is_refused_without_showing_it() {
        let why = parse("[[source]]\nurl = \"http://me:hunter2@x/y\"\n", "s.toml").unwrap_err();
        assert!(why.contains("user name or password"), "{why}");
        assert!(why.starts_with("s.toml:2: [[source]] #1"), "{why}");
        assert!(!why.contains("hunter2"), "{why}");
    }

    #[test]
    fn an_address_with_a_password_is_shown_without_it() {
        assert_eq!(
            with_credentials("http://td:hunter2@example.org:8080/a?b#c").as_deref(),
            Some("http://td:…@example.org:8080/a?b#c")
        );
        assert_eq!(with_credentials("http://example.org/a@b"), None);
        assert_eq!(with_credentials("https://example.org/"), None);
    }

    #[test]
    fn the_list_printed_reads_back_as_itself() {
        let sources = parse(DEFAULTS, "defaults").unwrap();
        let again = parse(&print(&sources, "defaults"), "printed").unwrap();
        let said = |list: &[Source]| -> Vec<(String, Option<Edition>, Option<ReleaseKind>)> {
            list.iter()
                .map(|s| (s.url.clone(), s.edition, s.kind))
                .collect()
        };
        assert_eq!(said(&sources), said(&again));
    }

    #[test]
    fn the_tournament_s_documents_are_kinds_a_source_names() {
        // As docs/GUIDE.md shows them: no edition, the Guide is both games'.
        let text = "[[source]]\nurl = \"https://example.org/op/OrganizedPlayGuide.pdf\"\nkind = \"organized-play-guide\"\n\n[[source]]\nurl = \"https://example.org/articles/interim\"\nkind = \"interim-ruling\"\n\n[[source]]\nurl = \"https://example.org/op/otf-ban-list.html\"\nkind = \"ban-list\"\nedition = \"2E\"\n";
        let sources = parse(text, "sources.toml").unwrap();
        let kinds: Vec<_> = sources.iter().map(|s| (s.kind, s.edition)).collect();
        assert_eq!(
            kinds,
            [
                (Some(ReleaseKind::OrganizedPlayGuide), None),
                (Some(ReleaseKind::InterimRuling), None),
                (
                    Some(ReleaseKind::BanList),
                    Some(crate::model::Edition::Second)
                )
            ]
        );
    }
}
