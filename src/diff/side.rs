//! The two sides of a comparison: as typed (a release id, a date, no
//! such day) and as the catalog resolves them.

use super::*;

/// One side of a comparison.
#[derive(Debug, Clone)]
pub enum Side {
    Release(Box<ReleaseInfo>),
    Date(NaiveDate),
}

/// A side as it was named, read where it was typed: what the text can
/// stand for before the catalog says which releases there are. A release
/// whose id is exactly the text wins over the date it may also spell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NamedSide {
    /// A text that is no date: a release id, or a mistyped one.
    Release(String),
    /// A text that spells this day.
    Date { text: String, date: NaiveDate },
    /// A text shaped like a date that is no day ("2014-11-31").
    NoSuchDay(String),
}

impl NamedSide {
    /// A diff side as typed: a text shaped like a date is read as one here,
    /// where every date option is read; the catalog decides later whether a
    /// release of that id wins.
    pub fn read(text: &str) -> Result<NamedSide, String> {
        let trimmed = text.trim();
        let text = text.to_string();
        Ok(if trimmed.eq_ignore_ascii_case("today") {
            NamedSide::Date {
                date: crate::dates::today(),
                text,
            }
        } else if !crate::dates::is_only_a_date(trimmed) {
            NamedSide::Release(text)
        } else {
            match crate::dates::parse_date(trimmed) {
                Ok(date) => NamedSide::Date { text, date },
                Err(_) => NamedSide::NoSuchDay(text),
            }
        })
    }

    /// The text as it was typed.
    pub fn text(&self) -> &str {
        match self {
            NamedSide::Release(text) | NamedSide::NoSuchDay(text) => text,
            NamedSide::Date { text, .. } => text,
        }
    }

    /// The text as it was typed, as the side holds it.
    pub fn typed(&self) -> &String {
        match self {
            NamedSide::Release(text) | NamedSide::NoSuchDay(text) => text,
            NamedSide::Date { text, .. } => text,
        }
    }

    pub fn typed_mut(&mut self) -> &mut String {
        match self {
            NamedSide::Release(text) | NamedSide::NoSuchDay(text) => text,
            NamedSide::Date { text, .. } => text,
        }
    }
}

impl Side {
    /// A side as the user named it: a release whose id is the text, the one
    /// release of a year typed alone ("2014"), else the date the text
    /// spells.
    pub fn resolve(catalog: &Catalog, named: &NamedSide) -> Result<Side, DiffError> {
        let text = named.text();
        if let Some(release) = catalog.release(text)?.filter(|r| r.id == text) {
            return Ok(Side::Release(Box::new(release)));
        }
        if let Some(year) = year(text) {
            let mut of_year: Vec<ReleaseInfo> = catalog
                .releases()?
                .into_iter()
                .filter(|r| r.date.year() == year)
                .collect();
            return match of_year.len() {
                1 => Ok(Side::Release(Box::new(of_year.remove(0)))),
                0 => Err(DiffError::UnknownRelease {
                    id: text.to_string(),
                    hint: format!("; no release is dated {year}"),
                }),
                _ => Err(DiffError::UnknownRelease {
                    id: text.to_string(),
                    hint: format!(
                        "; {year} has several releases, name one: {}",
                        of_year
                            .iter()
                            .map(|r| r.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }),
            };
        }
        match named {
            NamedSide::Date { date, .. } => Ok(Side::Date(*date)),
            NamedSide::NoSuchDay(_) => Err(DiffError::BadDate {
                text: text.to_string(),
            }),
            NamedSide::Release(_) => Err(DiffError::UnknownRelease {
                id: text.to_string(),
                hint: closest_release(&catalog.releases()?, text)
                    .map(|id| format!("; did you mean `{id}`?"))
                    .unwrap_or_default(),
            }),
        }
    }

    /// How JSON names the side: the release id or the date.
    pub fn label(&self) -> String {
        match self {
            Side::Release(r) => r.id.clone(),
            Side::Date(d) => d.to_string(),
        }
    }

    /// The date the side stands for.
    pub fn date(&self) -> NaiveDate {
        match self {
            Side::Release(r) => r.date,
            Side::Date(d) => *d,
        }
    }

    pub fn release(&self) -> Option<&ReleaseInfo> {
        match self {
            Side::Release(r) => Some(r),
            Side::Date(_) => None,
        }
    }
}

/// The year a text is, typed alone as four digits ("2014").
pub(super) fn year(text: &str) -> Option<i32> {
    let text = text.trim();
    (text.len() == 4 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// The release id nearest to a mistyped one, when one is near enough.
pub(super) fn closest_release<'r>(releases: &'r [ReleaseInfo], text: &str) -> Option<&'r str> {
    releases
        .iter()
        .map(|r| (strsim::levenshtein(&r.id, text), r.id.as_str()))
        .filter(|(distance, id)| *distance <= 3.max(id.len() / 4))
        .min()
        .map(|(_, id)| id)
}
