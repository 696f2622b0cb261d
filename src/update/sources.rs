//! Where `rulings update` fetches from: a list of sources, each a page that
//! is a document, or a page read only for its links (`follow`), each link
//! whose text matches fetched as a document.
//!
//! ```toml
//! [[source]]
//! url = "https://www.trekcc.org/1e/"
//! follow = "glossary|recent rulings|compendium"
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

/// The official pages known, for a data folder with no `sources.toml`.
/// The Glossary's own address changes with every monthly edition, so it is
/// found by its link on the First Edition section's front page.
pub const DEFAULTS: &str = r#"# The official documents, as the Continuing Committee publishes them.
# The Glossary's own address changes with each monthly edition: it is
# found by the text of its link on the First Edition section's page.

[[source]]
url = "https://www.trekcc.org/op/1e_rulebook/"

[[source]]
url = "https://www.trekcc.org/1e/ruleChanges.php"

[[source]]
url = "https://www.trekcc.org/2e/rulings.php"

[[source]]
url = "https://www.trekcc.org/1e/"
follow = "glossary|recent rulings|rules compendium"
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
    url: String,
    follow: Option<String>,
    #[serde(default)]
    other_sites: bool,
    edition: Option<String>,
    kind: Option<String>,
}

/// Reads a list of sources; `origin` names it in errors.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Source>, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("{origin}: {e}"))?;
    file.source
        .into_iter()
        .map(|raw| {
            let url = raw.url.trim().to_string();
            if !is_web_address(&url) {
                return Err(format!("{origin}: `{url}` is no http or https address"));
            }
            let follow = raw
                .follow
                .map(|f| {
                    RegexBuilder::new(&f)
                        .case_insensitive(true)
                        .size_limit(1 << 20)
                        .build()
                        .map_err(|e| format!("{origin}: follow = {f:?}: {e}"))
                })
                .transpose()?;
            let edition = raw
                .edition
                .map(|e| e.parse::<Edition>())
                .transpose()
                .map_err(|e| format!("{origin}: {e}"))?;
            let (kind, cards) = match raw.kind.as_deref().map(str::trim) {
                Some("cards") => (None, true),
                Some(k) => (
                    Some(kind_named(k).ok_or_else(|| {
                        format!(
                            "{origin}: kind {k:?} is none of cards, {}",
                            KINDS.map(ReleaseKind::label).join(", ")
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

const KINDS: [ReleaseKind; 7] = [
    ReleaseKind::CurrentRulings,
    ReleaseKind::RecentRulings,
    ReleaseKind::Rulings,
    ReleaseKind::Glossary,
    ReleaseKind::Rulebook,
    ReleaseKind::Compendium,
    ReleaseKind::RuleHistory,
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
    fn the_defaults_are_a_list_of_the_official_pages() {
        let sources = parse(DEFAULTS, "defaults").unwrap();
        assert_eq!(sources.len(), 4);
        assert!(sources
            .iter()
            .all(|s| s.url.starts_with("https://www.trekcc.org/")));
        let front = &sources[3];
        assert!(front
            .follow
            .as_ref()
            .unwrap()
            .is_match("First Edition GLOSSARY (May 2024)"));
        assert!(!front
            .follow
            .as_ref()
            .unwrap()
            .is_match("Tournament results"));
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
    fn the_list_printed_reads_back_as_itself() {
        let sources = parse(DEFAULTS, "defaults").unwrap();
        let again = parse(&print(&sources, "defaults"), "printed").unwrap();
        assert_eq!(
            sources.iter().map(|s| &s.url).collect::<Vec<_>>(),
            again.iter().map(|s| &s.url).collect::<Vec<_>>()
        );
    }
}
