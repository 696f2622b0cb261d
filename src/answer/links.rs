//! The stable links of answers: a path (with its query) that opens the same
//! answer on the page of `rulings serve`, for the page's own links and for
//! `--link` on the command line. A ruling's link names its edition, its
//! topic (as a slug of its topic key, which reads back as the same topic)
//! and the date: `/1e/time-location?as_of=2014-11-04`.

use chrono::NaiveDate;
use serde_json::Value;

use crate::model::Edition;
use crate::topic::TopicKey;

/// A query value or a path segment with everything but the unreserved
/// characters of RFC 3986 percent-encoded.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The slug of a topic: its key, words joined by dashes.
pub fn slug(topic: &str) -> String {
    TopicKey::new(topic).as_str().replace(' ', "-")
}

/// The name a slug stands for, as a name typed for `show`.
pub fn unslug(slug: &str) -> String {
    slug.replace('-', " ")
}

/// The edition as it stands in a path: `1e`, `2e`.
pub fn edition_segment(edition: &str) -> String {
    edition.to_lowercase()
}

/// The page of a topic in an edition on a date.
pub fn topic(edition: &str, topic: &str, as_of: Option<NaiveDate>) -> String {
    let mut path = format!("/{}/{}", edition_segment(edition), encode(&slug(topic)));
    if let Some(date) = as_of {
        path.push_str(&format!("?as_of={date}"));
    }
    path
}

/// The page of a card in an edition.
pub fn card(edition: &str, name: &str) -> String {
    format!(
        "/card?card={}&edition={}",
        encode(name),
        edition_segment(edition)
    )
}

/// The page of a search.
pub fn search(
    query: &str,
    edition: Option<Edition>,
    as_of: Option<NaiveDate>,
    all: bool,
) -> String {
    let mut path = format!("/?q={}", encode(query));
    if let Some(edition) = edition {
        path.push_str(&format!("&edition={}", edition_segment(edition.label())));
    }
    if let Some(date) = as_of {
        path.push_str(&format!("&as_of={date}"));
    }
    if all {
        path.push_str("&all=1");
    }
    path
}

/// The date of an answer's JSON (`as_of`).
fn as_of_of(answer: &Value) -> Option<NaiveDate> {
    answer["as_of"].as_str().and_then(|d| d.parse().ok())
}

/// The pages of a `show` answer: its topic in each edition found.
pub fn of_show(answer: &Value) -> Vec<String> {
    let as_of = as_of_of(answer);
    answers(answer, "answers", "topic")
        .map(|(edition, name)| topic(edition, name, as_of))
        .collect()
}

/// The pages of an `errata` answer: the card's page in each edition (it
/// shows the card's errata), or the list of every card's errata.
pub fn of_errata(answer: &Value) -> Vec<String> {
    let as_of = as_of_of(answer);
    if answer["card"].is_null() {
        let mut path = "/errata".to_string();
        if let Some(date) = as_of {
            path.push_str(&format!("?as_of={date}"));
        }
        return vec![path];
    }
    answers(answer, "errata", "card")
        .map(|(edition, name)| topic(edition, name, as_of))
        .collect()
}

fn answers<'a>(
    answer: &'a Value,
    list: &str,
    name: &'a str,
) -> impl Iterator<Item = (&'a str, &'a str)> {
    answer[list]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(move |a| Some((a["edition"].as_str()?, a[name].as_str()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slug_reads_back_as_the_same_topic() {
        for printed in [
            "time location",
            "Big Picture, The",
            "actions – step 1: initiation",
            "O'Brien",
            "Jem'Hadar ◆",
        ] {
            let back = unslug(&slug(printed));
            assert_eq!(TopicKey::new(&back), TopicKey::new(printed), "{printed}");
        }
        assert_eq!(slug("Big Picture, The"), "the-big-picture");
    }

    #[test]
    fn links_encode_what_they_carry() {
        let day = NaiveDate::from_ymd_opt(2014, 11, 4).unwrap();
        assert_eq!(
            topic("1E", "time location", Some(day)),
            "/1e/time-location?as_of=2014-11-04"
        );
        assert_eq!(
            search(
                "\"once each turn\" & <x>",
                Some(Edition::Second),
                None,
                true
            ),
            "/?q=%22once%20each%20turn%22%20%26%20%3Cx%3E&edition=2e&all=1"
        );
    }
}
