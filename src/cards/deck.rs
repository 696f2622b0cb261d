//! A decklist read into the cards it names and how many of each.
//!
//! Three shapes are read, told apart by their text, never by a file name:
//! - a LackeyCCG deck file (`.dek`): XML whose `<superzone name="…">`
//!   holds one `<card><name>…</name></card>` per copy;
//! - a LackeyCCG decklist (`.txt`): lines of `count<TAB>Card Name` under
//!   section lines that end in a colon (`Missions:`, `Seed+Dil:`);
//! - a plain list: `3x Card Name`, `3 x Card Name`, `3 Card Name`,
//!   `Card Name x3`, or a name alone for one copy, with `#` or `//`
//!   comments and blank lines passed over.

use std::collections::HashMap;

use serde::Serialize;

/// The most lines a decklist may have (a deck is 60 to 100 cards; a
/// list far longer is no decklist).
pub const MAX_LINES: usize = 2_000;
/// The most copies one line may ask for.
const MAX_COUNT: u32 = 999;

/// What shape a decklist was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    LackeyDek,
    LackeyText,
    Plain,
}

/// One card of a decklist: how many copies, the name as written, the
/// section it is listed under, and the line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    pub count: u32,
    pub name: String,
    pub section: Option<String>,
    pub line: usize,
    /// The line as written, when a count was read off its front: "47
    /// Squadron" may be a card's whole name, tried when "Squadron" is
    /// none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
}

/// A decklist as read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deck {
    pub shape: Shape,
    pub cards: Vec<Listed>,
    /// Lines that were read as nothing (a count with no name), with their
    /// numbers: said, never dropped silently.
    pub unread: Vec<(usize, String)>,
}

impl Deck {
    /// How many cards the list holds, copies counted.
    pub fn total(&self) -> u32 {
        self.cards.iter().map(|c| c.count).sum()
    }
}

/// Why a decklist was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("the list names no card")]
    Empty,
    #[error("the list has more than {MAX_LINES} lines: is it a decklist?")]
    TooLong,
}

/// Reads a decklist's text.
pub fn read(text: &str) -> Result<Deck, DeckError> {
    let text = crate::input::unify_line_ends(text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if text.lines().count() > MAX_LINES {
        return Err(DeckError::TooLong);
    }
    let deck = if looks_like_dek(text) {
        dek(text)
    } else {
        lines(text)
    };
    if deck.cards.is_empty() {
        return Err(DeckError::Empty);
    }
    Ok(deck)
}

fn looks_like_dek(text: &str) -> bool {
    let start = text.trim_start();
    start.starts_with('<') && text.contains("<deck")
}

/// A `.dek` file: every `<card>`'s `<name>`, copies counted, under the
/// name of the superzone it is in.
fn dek(text: &str) -> Deck {
    let mut cards: Vec<Listed> = Vec::new();
    // Where each (name, section) is in `cards`: a list of thousands of
    // names is not searched name by name.
    let mut placed: HashMap<(String, Option<String>), usize> = HashMap::new();
    let mut section: Option<String> = None;
    let mut at = 0;
    // The line of `counted`, counted on from the last tag, not from the top.
    let (mut line, mut counted) = (1, 0);
    while let Some(open) = text[at..].find('<').map(|o| o + at) {
        let Some(close) = text[open..].find('>').map(|c| c + open) else {
            break;
        };
        let tag = &text[open + 1..close];
        line += text[counted..open].matches('\n').count();
        counted = open;
        at = close + 1;
        if let Some(attrs) = tag.strip_prefix("superzone") {
            section = attribute(attrs, "name").map(|n| unescape(&n));
        } else if tag == "name" || tag.starts_with("name ") {
            let Some(end) = text[at..].find("</name>").map(|e| e + at) else {
                break;
            };
            let name = unescape(text[at..end].trim());
            at = end + "</name>".len();
            if name.is_empty() {
                continue;
            }
            match placed.get(&(name.clone(), section.clone())) {
                Some(&at) => cards[at].count += 1,
                None => {
                    placed.insert((name.clone(), section.clone()), cards.len());
                    cards.push(Listed {
                        count: 1,
                        name,
                        section: section.clone(),
                        line,
                        written: None,
                    });
                }
            }
        }
    }
    Deck {
        shape: Shape::LackeyDek,
        cards,
        unread: Vec::new(),
    }
}

/// The value of an attribute in a tag's text: `name="Missions"`.
fn attribute(attrs: &str, wanted: &str) -> Option<String> {
    let at = attrs.find(&format!("{wanted}="))?;
    let rest = &attrs[at + wanted.len() + 1..];
    let quote = rest.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let rest = &rest[1..];
    Some(rest[..rest.find(quote)?].to_string())
}

/// XML's five entities and numeric references.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let Some(semi) = after.find(';').filter(|s| *s <= 10) else {
            out.push('&');
            rest = &after[1..];
            continue;
        };
        let entity = &after[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A line-based list: LackeyCCG's text decklist or a plain list.
fn lines(text: &str) -> Deck {
    let mut cards = Vec::new();
    let mut unread = Vec::new();
    let mut section = None;
    let mut tabbed = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if let Some(name) = section_name(line) {
            section = Some(name.to_string());
            continue;
        }
        tabbed |= raw.contains('\t');
        match counted(line) {
            Some((count, name)) if !name.is_empty() => {
                if count > 0 {
                    cards.push(Listed {
                        count: count.min(MAX_COUNT),
                        name: name.to_string(),
                        section: section.clone(),
                        line: i + 1,
                        written: (!raw.contains('\t')).then(|| line.to_string()),
                    });
                }
            }
            Some(_) => unread.push((i + 1, line.to_string())),
            None => cards.push(Listed {
                count: 1,
                name: line.to_string(),
                section: section.clone(),
                line: i + 1,
                written: None,
            }),
        }
    }
    Deck {
        shape: if tabbed {
            Shape::LackeyText
        } else {
            Shape::Plain
        },
        cards,
        unread,
    }
}

/// A section line: a few words ending in a colon, no count before them
/// ("Missions:", "Seed+Dil:", "Sideboard:").
fn section_name(line: &str) -> Option<&str> {
    let name = line.strip_suffix(':')?.trim();
    let fits = !name.is_empty()
        && name.split_whitespace().count() <= 4
        && !name.starts_with(|c: char| c.is_ascii_digit());
    fits.then_some(name)
}

/// A count and a name: `3\tName`, `3x Name`, `3 x Name`, `3 Name`,
/// `x3 Name`, `Name x3`, `Name (3)`; none when the line has no count.
fn counted(line: &str) -> Option<(u32, &str)> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && digits <= 3 {
        let count: u32 = line[..digits].parse().ok()?;
        let rest = &line[digits..];
        // "3x Name", "3 x Name": the x goes with the count.
        let rest = rest
            .trim_start()
            .strip_prefix(['x', 'X', '×'])
            .filter(|r| r.starts_with(char::is_whitespace) || r.is_empty())
            .map(|r| if r.is_empty() { " " } else { r })
            .unwrap_or(rest);
        // "3rd Officer" is a name, not a count.
        if rest.starts_with(char::is_whitespace) || rest.is_empty() {
            return Some((count, rest.trim()));
        }
        return None;
    }
    if let Some(rest) = line.strip_prefix(['x', 'X', '×']) {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && digits <= 3 && rest[digits..].starts_with(char::is_whitespace) {
            return Some((rest[..digits].parse().ok()?, rest[digits..].trim()));
        }
    }
    // A count after the name: "Name x3", "Name ×3", "Name (3)".
    let (name, last) = line.rsplit_once(char::is_whitespace)?;
    let last = last
        .strip_prefix(['x', 'X', '×'])
        .or_else(|| last.strip_prefix('(').and_then(|l| l.strip_suffix(')')))?;
    if !last.is_empty() && last.len() <= 3 && last.chars().all(|c| c.is_ascii_digit()) {
        return Some((last.parse().ok()?, name.trim()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(deck: &Deck) -> Vec<(u32, &str, Option<&str>)> {
        deck.cards
            .iter()
            .map(|c| (c.count, c.name.as_str(), c.section.as_deref()))
            .collect()
    }

    #[test]
    fn a_lackey_text_list_reads_counts_under_sections() {
        let deck = read("2\tKira**\n1\tHandshake\nMissions:\n1\tStudy \"Hole in Space\"\nSeed+Dil:\n1\tHorta\nQsTent:\n").unwrap();
        assert_eq!(deck.shape, Shape::LackeyText);
        assert_eq!(
            names(&deck),
            vec![
                (2, "Kira**", None),
                (1, "Handshake", None),
                (1, "Study \"Hole in Space\"", Some("Missions")),
                (1, "Horta", Some("Seed+Dil")),
            ]
        );
        assert_eq!(deck.total(), 5);
        assert_eq!(deck.cards[2].line, 4);
    }

    #[test]
    fn a_plain_list_reads_every_way_of_writing_a_count() {
        let deck = read(
            "# my deck\n3x Data\n2 x Riker\n4 Worf\nx2 Odo\nTasha Yar x3\nQuark (2)\nGuinan\n// side\n47 Squadron\n",
        )
        .unwrap();
        assert_eq!(deck.shape, Shape::Plain);
        assert_eq!(
            names(&deck),
            vec![
                (3, "Data", None),
                (2, "Riker", None),
                (4, "Worf", None),
                (2, "Odo", None),
                (3, "Tasha Yar", None),
                (2, "Quark", None),
                (1, "Guinan", None),
                (47, "Squadron", None),
            ]
        );
        // A plain count may be part of the name: the line is kept whole.
        assert_eq!(deck.cards[7].written.as_deref(), Some("47 Squadron"));
        assert_eq!(deck.cards[0].written.as_deref(), Some("3x Data"));
    }

    #[test]
    fn a_name_that_begins_with_digits_is_a_name() {
        let deck = read("1\t211th Rule of Acquisition\n3rd Officer\n").unwrap();
        assert_eq!(
            names(&deck),
            vec![
                (1, "211th Rule of Acquisition", None),
                (1, "3rd Officer", None)
            ]
        );
    }

    #[test]
    fn a_count_without_a_name_is_said_not_dropped() {
        let deck = read("3\nData\n").unwrap();
        assert_eq!(deck.unread, vec![(1, "3".to_string())]);
        assert_eq!(names(&deck), vec![(1, "Data", None)]);
    }

    #[test]
    fn a_dek_file_counts_its_copies_per_zone() {
        let dek = r#"<deck version="0.8">
	<meta><game>startrek1e</game></meta>
	<superzone name="Deck">
		<card><name id="a1">Kira**</name><set>x</set></card>
		<card><name id="a1">Kira**</name><set>x</set></card>
		<card><name id="b2">Q&apos;s Tent &amp; More</name><set>x</set></card>
	</superzone>
	<superzone name='Missions'>
		<card><name>Study &quot;Hole in Space&quot;</name></card>
	</superzone>
</deck>"#;
        let deck = read(dek).unwrap();
        assert_eq!(deck.shape, Shape::LackeyDek);
        assert_eq!(
            names(&deck),
            vec![
                (2, "Kira**", Some("Deck")),
                (1, "Q's Tent & More", Some("Deck")),
                (1, "Study \"Hole in Space\"", Some("Missions")),
            ]
        );
        assert_eq!(deck.cards[0].line, 4);
    }

    #[test]
    fn an_empty_or_endless_list_is_refused() {
        assert_eq!(read("\n# nothing\nMissions:\n"), Err(DeckError::Empty));
        assert_eq!(
            read(&"Data\n".repeat(MAX_LINES + 1)),
            Err(DeckError::TooLong)
        );
        assert_eq!(read("<deck></deck>"), Err(DeckError::Empty));
    }
}
