//! The optional TOML front-matter block (`+++` … `+++`) at the very start of a
//! document. Only a block at offset 0 counts: a `+++` pair later in a document
//! is text.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::error::DocumentError;
use crate::model::{Edition, ReleaseKind};

/// What a front-matter block may say; every key is optional.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub edition: Option<String>,
    pub date: Option<toml::Value>,
    pub title: Option<String>,
    pub publisher: Option<String>,
    pub kind: Option<String>,
    #[serde(default)]
    pub amends: Vec<String>,
    pub since: Option<String>,
    /// The document's version as it names itself ("1.9.9"), when its
    /// title block does not print it.
    pub version: Option<String>,
    /// How heads are printed, when the text alone cannot tell:
    /// `colon`, `dash` or `line`.
    pub heads: Option<String>,
    /// `alphabetical`: entries are in alphabetical order; `dated`: in the
    /// order of their dates.
    pub order: Option<String>,
    /// `line`: entries are separated by single line breaks.
    pub separator: Option<String>,
}

/// How a document prints its heads, when its front matter says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadStyle {
    /// `TOPIC: body`.
    Colon,
    /// `topic - body`, `topic –` alone, `Card – Erratum:`.
    Dash,
    /// The topic alone on its line, the body on the lines after it.
    Line,
}

/// What front matter may say about the shape of a document, when the text
/// alone cannot tell (see `rulings check`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hints {
    pub heads: Option<HeadStyle>,
    pub alphabetical: bool,
    /// `order = "dated"`: the entries follow their dates, never the
    /// alphabet, however their heads happen to fall.
    pub dated: bool,
    pub line_separated: bool,
}

/// Checked front matter.
#[derive(Debug, Default, Clone)]
pub struct Meta {
    pub edition: Option<Edition>,
    pub date: Option<NaiveDate>,
    pub title: Option<String>,
    pub publisher: Option<String>,
    pub kind: Option<ReleaseKind>,
    pub amends: Vec<String>,
    pub since: Option<String>,
    pub version: Option<String>,
    pub hints: Hints,
}

/// Splits a front-matter block off `text`. Returns the checked block (if any)
/// and the number of lines it took, so the body keeps its file line numbers.
pub fn split(file: &str, text: &str) -> Result<(Option<Meta>, usize), DocumentError> {
    let mut lines = text.split('\n');
    match lines.next() {
        Some(first) if first.trim_end() == "+++" => {}
        _ => return Ok((None, 0)),
    }
    let mut body = String::new();
    let mut closed_at = None;
    for (i, line) in lines.enumerate() {
        if line.trim_end() == "+++" {
            closed_at = Some(i + 2);
            break;
        }
        body.push_str(line);
        body.push('\n');
    }
    let Some(closing_line) = closed_at else {
        return Err(DocumentError::FrontMatter {
            file: file.to_string(),
            line: 1,
            message: "the `+++` block is never closed".into(),
        });
    };
    let raw: FrontMatter = toml::from_str(&body).map_err(|e| {
        let line = e
            .span()
            .map(|span| body[..span.start].matches('\n').count() + 2)
            .unwrap_or(1);
        DocumentError::FrontMatter {
            file: file.to_string(),
            line,
            message: e.message().to_string(),
        }
    })?;
    let fail = |message: String| DocumentError::FrontMatter {
        file: file.to_string(),
        line: 1,
        message,
    };
    let edition = raw
        .edition
        .as_deref()
        .map(str::parse::<Edition>)
        .transpose()
        .map_err(fail)?;
    let date = match &raw.date {
        None => None,
        Some(toml::Value::String(s)) => Some(
            NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
                .map_err(|_| fail(format!("date `{s}` is not YYYY-MM-DD")))?,
        ),
        Some(toml::Value::Datetime(d)) => {
            let s = d.to_string();
            Some(
                NaiveDate::parse_from_str(&s, "%Y-%m-%d")
                    .map_err(|_| fail(format!("date `{s}` is not YYYY-MM-DD")))?,
            )
        }
        Some(other) => return Err(fail(format!("date must be \"YYYY-MM-DD\", not {other}"))),
    };
    let kind = match raw.kind.as_deref().map(str::trim) {
        None => None,
        Some("current-rulings") => Some(ReleaseKind::CurrentRulings),
        Some("recent-rulings") => Some(ReleaseKind::RecentRulings),
        Some("rulings") => Some(ReleaseKind::Rulings),
        Some("glossary") => Some(ReleaseKind::Glossary),
        Some("rulebook") => Some(ReleaseKind::Rulebook),
        Some("compendium") => Some(ReleaseKind::Compendium),
        Some("rule-history") => Some(ReleaseKind::RuleHistory),
        Some("organized-play-guide") => Some(ReleaseKind::OrganizedPlayGuide),
        Some("interim-ruling") => Some(ReleaseKind::InterimRuling),
        Some("ban-list") => Some(ReleaseKind::BanList),
        Some(other) => {
            return Err(fail(format!(
                "kind `{other}` is not one of current-rulings, recent-rulings, rulings, glossary, rulebook, compendium, rule-history, organized-play-guide, interim-ruling, ban-list"
            )))
        }
    };
    let heads = match raw.heads.as_deref().map(str::trim) {
        None => None,
        Some("colon") => Some(HeadStyle::Colon),
        Some("dash") => Some(HeadStyle::Dash),
        Some("line") => Some(HeadStyle::Line),
        Some(other) => {
            return Err(fail(format!(
                "heads `{other}` is not one of colon, dash, line"
            )))
        }
    };
    let (alphabetical, dated) = match raw.order.as_deref().map(str::trim) {
        None => (false, false),
        Some("alphabetical") => (true, false),
        Some("dated") => (false, true),
        Some(other) => {
            return Err(fail(format!(
                "order `{other}` is neither alphabetical nor dated"
            )))
        }
    };
    let line_separated = match raw.separator.as_deref().map(str::trim) {
        None | Some("blank") => false,
        Some("line") => true,
        Some(other) => return Err(fail(format!("separator `{other}` is not line or blank"))),
    };
    let meta = Meta {
        hints: Hints {
            heads,
            alphabetical,
            dated,
            line_separated,
        },
        edition,
        date,
        title: raw.title.filter(|t| !t.trim().is_empty()),
        publisher: raw.publisher,
        kind,
        amends: raw.amends,
        since: raw.since,
        version: raw.version.filter(|v| !v.trim().is_empty()),
    };
    Ok((Some(meta), closing_line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_at_offset_zero_is_read() {
        let text = "+++\nedition = \"2E\"\ndate = \"2012-02-06\"\n+++\nbody\n";
        let (meta, lines) = split("f.md", text).unwrap();
        let meta = meta.unwrap();
        assert_eq!(meta.edition, Some(Edition::Second));
        assert_eq!(meta.date, NaiveDate::from_ymd_opt(2012, 2, 6));
        assert_eq!(lines, 4);
    }

    #[test]
    fn block_later_in_the_document_is_text() {
        let text = "title\n+++\nedition = \"2E\"\n+++\n";
        assert!(split("f.md", text).unwrap().0.is_none());
    }

    #[test]
    fn invalid_block_names_the_line() {
        let text = "+++\nedition = \"1E\"\ndate = 2014-13-45\n+++\n";
        let err = split("f.md", text).unwrap_err().to_string();
        assert!(err.starts_with("f.md:3: invalid front matter"), "{err}");
        let unclosed = split("f.md", "+++\nedition = \"1E\"\n").unwrap_err();
        assert!(unclosed.to_string().contains("never closed"));
        let bad_edition = split("f.md", "+++\nedition = \"3E\"\n+++\n").unwrap_err();
        assert!(bad_edition.to_string().contains("unknown edition"));
    }
}
