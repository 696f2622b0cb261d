//! The parameters each endpoint of the JSON API takes, read and checked
//! before a question is asked. A parameter the endpoint does not take, one
//! it needs and was not given, one given twice and a value that cannot be
//! read are each refused (400) with a message that names the parameter and
//! what it takes, in the request's words: a bot author never sees the
//! command line's flags. What is read becomes a typed request
//! ([`Request`]), each value parsed once.

use std::fmt::Write as _;

use chrono::NaiveDate;
use serde::Deserialize;

use rulings::answer::error::{ErrorCode, Refusal};
use rulings::answer::request::{Request, DEFAULT_LIMIT};
use rulings::diff::NamedSide;
use rulings::model::{Authority, Edition};

/// A parameter of an endpoint: its name, whether it must be given, and
/// what it takes (said in a refusal).
pub struct Param {
    pub name: &'static str,
    pub required: bool,
    pub takes: &'static str,
}

const fn needed(name: &'static str, takes: &'static str) -> Param {
    Param {
        name,
        required: true,
        takes,
    }
}

const fn optional(name: &'static str, takes: &'static str) -> Param {
    Param {
        name,
        required: false,
        takes,
    }
}

const AS_OF: Param = optional(
    "as_of",
    "the date to answer as of: YYYY-MM-DD (e.g. 2014-11-03) or today",
);
const EDITION: Param = optional("edition", "1E, 2E or both");
const AUTHORITY: Param = optional(
    "authority",
    "whose rules only: game (the rulings and rule bases) or tournament (the Organized Play Guide, its interim rulings, ban lists)",
);

/// An endpoint: its path and the parameters it takes.
pub struct Endpoint {
    pub path: &'static str,
    pub params: &'static [Param],
}

pub const SEARCH: Endpoint = Endpoint {
    path: "/api/search",
    params: &[
        needed("q", "the words to search for (e.g. once each turn)"),
        AS_OF,
        EDITION,
        AUTHORITY,
        optional("limit", "how many hits at most: a number from 1 to 65535"),
        optional(
            "all",
            "1 to show rulings no longer in force too (1, true, on, yes; 0, false, off, no)",
        ),
        optional(
            "typing",
            "1 to read the last word as the beginning of a word, as typed (1, true, on, yes; 0, false, off, no)",
        ),
    ],
};

pub const SHOW: Endpoint = Endpoint {
    path: "/api/show",
    params: &[
        needed("topic", "a rules term or a card title (e.g. cloaking)"),
        AS_OF,
        EDITION,
        AUTHORITY,
    ],
};

pub const ERRATA: Endpoint = Endpoint {
    path: "/api/errata",
    params: &[
        optional(
            "card",
            "a card title; without it, every card with errata in force",
        ),
        AS_OF,
        EDITION,
    ],
};

pub const DIFF: Endpoint = Endpoint {
    path: "/api/diff",
    params: &[
        needed(
            "from",
            "the older side: a release id, a date (YYYY-MM-DD) or an edition's latest (e.g. 1E)",
        ),
        needed(
            "to",
            "the newer side: a release id, a date (YYYY-MM-DD) or an edition's latest",
        ),
        EDITION,
        AUTHORITY,
    ],
};

pub const CARD: Endpoint = Endpoint {
    path: "/api/card",
    params: &[
        needed("card", "a card's name (e.g. Going to the Top, Kira**)"),
        AS_OF,
        EDITION,
    ],
};

/// The deck endpoint reads the list from the request's body (POST).
pub const DECK: Endpoint = Endpoint {
    path: "/api/deck",
    params: &[
        AS_OF,
        EDITION,
        optional(
            "format",
            "a format to check the deck against its ban list (e.g. Modern, OTF)",
        ),
    ],
};

pub const RELEASES: Endpoint = Endpoint {
    path: "/api/releases",
    params: &[],
};

impl Endpoint {
    /// What the endpoint's parameter `name` takes, as a refusal says it.
    fn takes(&self, name: &str) -> &'static str {
        self.params
            .iter()
            .find(|p| p.name == name)
            .map_or("", |p| p.takes)
    }

    /// The parameters of a request to this endpoint, read and checked.
    pub fn read(&self, pairs: Vec<(String, String)>) -> Result<Params, Refusal> {
        let mut params = Params::default();
        let mut seen: Vec<&'static str> = Vec::new();
        for (name, value) in pairs {
            let Some(param) = self.params.iter().find(|p| p.name == name) else {
                return Err(refuse(ErrorCode::Usage, self.unknown(&name)));
            };
            if seen.contains(&param.name) {
                return Err(refuse(
                    ErrorCode::Usage,
                    format!("`{name}` is given twice; {} takes it once", self.path),
                ));
            }
            seen.push(param.name);
            let value = value.trim().to_string();
            if matches!(param.name, "as_of" | "from" | "to") {
                if let Some(refused) = two_ways(param.name, &value) {
                    return Err(refused);
                }
            }
            check(param, &value).map_err(|why| {
                refuse(
                    ErrorCode::InvalidValue,
                    format!("`{name}`: {why}; it takes {}", param.takes),
                )
            })?;
            let slot = match param.name {
                "q" => &mut params.q,
                "topic" => &mut params.topic,
                "card" => &mut params.card,
                "as_of" => &mut params.as_of,
                "edition" => &mut params.edition,
                "all" => &mut params.all,
                "typing" => &mut params.typing,
                "limit" => &mut params.limit,
                "from" => &mut params.from,
                "to" => &mut params.to,
                "format" => &mut params.format,
                "authority" => &mut params.authority,
                other => unreachable!("`{other}` is in an endpoint's list but has no field"),
            };
            *slot = Some(value);
        }
        if let Some(lacking) = self
            .params
            .iter()
            .find(|p| p.required && !seen.contains(&p.name))
        {
            return Err(missing(self, lacking.name));
        }
        Ok(params)
    }

    fn unknown(&self, name: &str) -> String {
        let mut message = format!("`{name}` is not a parameter of {}", self.path);
        if self.params.is_empty() {
            message.push_str("; it takes none");
            return message;
        }
        message.push_str("; it takes ");
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                message.push_str(", ");
            }
            let _ = write!(message, "`{}`", p.name);
            if p.required {
                message.push_str(" (required)");
            }
        }
        message
    }
}

/// Whether a value can be read as what `param` takes; why not if not.
fn check(param: &Param, value: &str) -> Result<(), String> {
    match param.name {
        "as_of" => date(value).map(|_| ()),
        "edition" => edition(value).map(|_| ()),
        "limit" => limit(value).map(|_| ()),
        "all" | "typing" => on_or_off(value).map(|_| ()),
        "authority" => authority(value).map(|_| ()),
        // An empty question is the command's to refuse (`empty_query`).
        _ => Ok(()),
    }
}

/// Whose rules: `game` or `tournament`.
fn authority(value: &str) -> Result<Authority, String> {
    <Authority as clap::ValueEnum>::from_str(value, true)
        .map_err(|_| format!("`{value}` is not game or tournament"))
}

fn date(value: &str) -> Result<NaiveDate, String> {
    rulings::dates::parse_date(value)
}

/// An edition, or `both`: every edition, whatever the server's default.
fn edition(value: &str) -> Result<Option<Edition>, String> {
    if value.eq_ignore_ascii_case("both") {
        return Ok(None);
    }
    value
        .parse::<Edition>()
        .map(Some)
        .map_err(|_| format!("`{value}` is not an edition"))
}

fn limit(value: &str) -> Result<u16, String> {
    match value.parse::<u16>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{value}` is not a number from 1 to 65535")),
    }
}

fn on_or_off(value: &str) -> Result<bool, String> {
    switch(value).ok_or_else(|| format!("`{value}` is neither on nor off"))
}

/// The refusal of a value `read` cannot read, naming the parameter and
/// what it takes (as an endpoint's list says it).
fn read_as<T>(
    endpoint: &Endpoint,
    name: &str,
    value: &str,
    read: fn(&str) -> Result<T, String>,
) -> Result<T, Refusal> {
    read(value).map_err(|why| {
        refuse(
            ErrorCode::InvalidValue,
            format!("`{name}`: {why}; it takes {}", endpoint.takes(name)),
        )
    })
}

/// The refusal of a request that lacks a parameter the endpoint needs.
pub fn missing(endpoint: &Endpoint, name: &str) -> Refusal {
    refuse(
        ErrorCode::Usage,
        format!(
            "`{name}` is required: {} ({}?{name}=…)",
            endpoint.takes(name),
            endpoint.path
        ),
    )
}

/// A switch as a query string or a checkbox sends it: on, off, or neither.
pub fn switch(value: &str) -> Option<bool> {
    match value.trim() {
        "1" | "true" | "on" | "yes" => Some(true),
        "0" | "false" | "off" | "no" | "" => Some(false),
        _ => None,
    }
}

/// The refusal of a date that reads two ways (05/06/2024), naming both
/// days: neither a program nor a page is answered on a guess.
fn two_ways(name: &str, value: &str) -> Option<Refusal> {
    let date = rulings::dates::read_date(value).ok()?;
    let mut refused = Refusal::ambiguous(&date)?;
    refused.message = format!("`{name}`: {}", refused.message);
    Some(refused)
}

fn refuse(code: ErrorCode, message: String) -> Refusal {
    Refusal::new(code, message)
}

/// What a request may ask, in its query string; each endpoint reads the
/// parameters it knows and leaves the rest.
#[derive(Debug, Default, Deserialize)]
pub struct Params {
    pub q: Option<String>,
    pub topic: Option<String>,
    pub card: Option<String>,
    pub as_of: Option<String>,
    pub edition: Option<String>,
    pub all: Option<String>,
    pub typing: Option<String>,
    pub limit: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub format: Option<String>,
    pub authority: Option<String>,
}

/// Present and not blank.
pub fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl Params {
    /// A parameter read as what it takes, where given and not blank.
    fn read<T>(
        &self,
        endpoint: &Endpoint,
        name: &str,
        read: fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, Refusal> {
        let value = match name {
            "as_of" => &self.as_of,
            "edition" => &self.edition,
            "limit" => &self.limit,
            "all" => &self.all,
            "authority" => &self.authority,
            "typing" => &self.typing,
            other => unreachable!("`{other}` is read as it is"),
        };
        given(value)
            .map(|v| read_as(endpoint, name, v, read))
            .transpose()
    }

    fn as_of(&self, endpoint: &Endpoint) -> Result<Option<NaiveDate>, Refusal> {
        if let Some(refused) = given(&self.as_of).and_then(|v| two_ways("as_of", v)) {
            return Err(refused);
        }
        self.read(endpoint, "as_of", date)
    }

    fn edition(&self, endpoint: &Endpoint) -> Result<Option<Edition>, Refusal> {
        Ok(self.read(endpoint, "edition", edition)?.flatten())
    }

    fn authority(&self, endpoint: &Endpoint) -> Result<Option<Authority>, Refusal> {
        self.read(endpoint, "authority", authority)
    }

    fn switch(&self, endpoint: &Endpoint, name: &str) -> Result<bool, Refusal> {
        Ok(self.read(endpoint, name, on_or_off)?.unwrap_or(false))
    }

    /// A search for `q`, with the options asked.
    pub fn search(&self) -> Result<Request, Refusal> {
        let endpoint = &SEARCH;
        Ok(Request::Search {
            query: self.q.clone().unwrap_or_default(),
            edition: self.edition(endpoint)?,
            kind: None,
            authority: self.authority(endpoint)?,
            as_of: self.as_of(endpoint)?,
            all: self.switch(endpoint, "all")?,
            limit: self
                .read(endpoint, "limit", limit)?
                .unwrap_or(DEFAULT_LIMIT),
            typing: self.switch(endpoint, "typing")?,
        })
    }

    /// A topic shown: `topic`, else the request's `topic`.
    pub fn show(&self, topic: Option<&str>) -> Result<Request, Refusal> {
        let endpoint = &SHOW;
        let topic = topic
            .map(str::to_string)
            .or_else(|| self.topic.clone())
            .ok_or_else(|| missing(endpoint, "topic"))?;
        Ok(Request::Show {
            topic,
            edition: self.edition(endpoint)?,
            authority: self.authority(endpoint)?,
            as_of: self.as_of(endpoint)?,
            // A served answer holds everything a page or a program shows.
            history: true,
        })
    }

    /// A card: `card` as named.
    pub fn card(&self, card: &str) -> Result<Request, Refusal> {
        let endpoint = &CARD;
        Ok(Request::Card {
            name: card.to_string(),
            edition: self.edition(endpoint)?,
            as_of: self.as_of(endpoint)?,
        })
    }

    /// A deck's sheet of the list `list`.
    pub fn deck(&self, list: String) -> Result<Request, Refusal> {
        let endpoint = &DECK;
        Ok(Request::Deck {
            list,
            edition: self.edition(endpoint)?,
            format: given(&self.format).map(str::to_string),
            as_of: self.as_of(endpoint)?,
        })
    }

    /// A card's errata: `card`, else the request's `card`, else every
    /// card's.
    pub fn errata(&self, card: Option<&str>) -> Result<Request, Refusal> {
        let endpoint = &ERRATA;
        Ok(Request::Errata {
            card: card.map(str::to_string).or_else(|| self.card.clone()),
            edition: self.edition(endpoint)?,
            as_of: self.as_of(endpoint)?,
            every_printing: true,
        })
    }

    /// What changed between `from` and `to`.
    pub fn diff(&self) -> Result<Request, Refusal> {
        let endpoint = &DIFF;
        let side = |value: &Option<String>, name: &str| {
            let text = value.as_deref().ok_or_else(|| missing(endpoint, name))?;
            if let Some(refused) = two_ways(name, text) {
                return Err(refused);
            }
            read_as(endpoint, name, text, NamedSide::read)
        };
        Ok(Request::Diff {
            from: side(&self.from, "from")?,
            to: side(&self.to, "to")?,
            edition: self.edition(endpoint)?,
            documents: false,
            topics: Vec::new(),
            authority: self.authority(endpoint)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
        query
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    fn refusal(endpoint: &Endpoint, query: &[(&str, &str)]) -> String {
        let refused = endpoint.read(pairs(query)).expect_err("refused");
        // The error object the API sends.
        String::from_utf8(crate::serve::state::JsonAnswer::refused(&refused.into()).body).unwrap()
    }

    #[test]
    fn a_request_in_order_is_read_into_its_parameters() {
        let p = SEARCH
            .read(pairs(&[
                ("q", "once each turn"),
                ("as_of", "2014-11-03"),
                ("all", "on"),
            ]))
            .unwrap();
        assert_eq!(p.q.as_deref(), Some("once each turn"));
        assert_eq!(p.as_of.as_deref(), Some("2014-11-03"));
        assert_eq!(p.all.as_deref(), Some("on"));
        assert!(RELEASES.read(Vec::new()).is_ok());
        assert!(ERRATA.read(Vec::new()).is_ok());
    }

    #[test]
    fn refusals_name_the_parameter_and_what_it_takes() {
        let unknown = refusal(&SEARCH, &[("q", "x"), ("bogus", "1")]);
        assert!(unknown.contains("\"usage\""), "{unknown}");
        assert!(
            unknown.contains(
                "`bogus` is not a parameter of /api/search; it takes `q` (required), `as_of`"
            ),
            "{unknown}"
        );
        let missing = refusal(&SEARCH, &[("as_of", "2014-11-03")]);
        assert!(
            missing.contains("`q` is required: the words to search for"),
            "{missing}"
        );
        let to = refusal(&DIFF, &[("from", "1E")]);
        assert!(to.contains("`to` is required"), "{to}");
        let date = refusal(&SHOW, &[("topic", "x"), ("as_of", "yesterday")]);
        assert!(date.contains("\"invalid_value\""), "{date}");
        assert!(
            date.contains("`as_of`: `yesterday` is not a date"),
            "{date}"
        );
        assert!(!date.contains("--"), "names no flag: {date}");
        let edition = refusal(&SHOW, &[("topic", "x"), ("edition", "3E")]);
        assert!(
            edition.contains("`edition`: `3E` is not an edition; it takes 1E, 2E or both"),
            "{edition}"
        );
        let limit = refusal(&SEARCH, &[("q", "x"), ("limit", "0")]);
        assert!(limit.contains("from 1 to 65535"), "{limit}");
        let twice = refusal(&SEARCH, &[("q", "x"), ("q", "y")]);
        assert!(twice.contains("`q` is given twice"), "{twice}");
        let none = refusal(&RELEASES, &[("q", "x")]);
        assert!(none.contains("it takes none"), "{none}");
        let two = refusal(&SHOW, &[("topic", "x"), ("as_of", "05/06/2024")]);
        assert!(two.contains("\"ambiguous_date\""), "{two}");
        let value: serde_json::Value = serde_json::from_str(&two).unwrap();
        assert_eq!(
            value["error"]["readings"],
            serde_json::json!(["2024-05-06", "2024-06-05"])
        );
        let side = refusal(&DIFF, &[("from", "05/06/2014"), ("to", "1E")]);
        assert!(
            side.contains("`from`: `05/06/2014` reads two ways"),
            "{side}"
        );
        let two = Params {
            as_of: Some("05/06/2024".into()),
            ..Params::default()
        };
        let page = two.search().expect_err("a page is refused too");
        assert_eq!(page.code, ErrorCode::AmbiguousDate);
        let switch = refusal(&SEARCH, &[("q", "x"), ("typing", "maybe")]);
        assert!(
            switch.contains("`typing`: `maybe` is neither on nor off"),
            "{switch}"
        );
    }
}
