//! The card database: every card of the game as the TD's own LackeyCCG
//! plugin lists it (`sets/*.txt`, read by [`lackey`]), and the decklists
//! players hand in (read by [`deck`]). A card has a name, a version mark
//! that tells its printings of one persona apart (`Kira**`, `Deanna Troi
//! (First Contact)`), a set, a type, icons, printed text and lore.
//!
//! Where the database is: `--cards DIR`, else `$RULINGS_CARDS`, else
//! `cards/` in the user data folder, when it exists ([`folder`]). Nothing
//! else of the tool needs it: without one every answer is as it was, and
//! says what a database would settle.

pub mod deck;
mod icons;
pub mod lackey;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::model::Edition;
use crate::topic::TopicKey;

pub use icons::{icon_word, text_with_icon_words};

/// The environment variable naming the card database folder.
pub const ENV_VAR: &str = "RULINGS_CARDS";

/// One card as the database lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// As the database prints it, version mark included: "Hajur*",
    /// "Borg Queen (The Borg)".
    pub name: String,
    /// The persona the card is a version of: the name less its version
    /// mark ("Hajur", "Borg Queen"); what the rulings call the card.
    pub persona: String,
    /// The version mark: trailing asterisks or a parenthesis ("*",
    /// "(The Borg)"); empty for a card printed under its name alone.
    pub version: String,
    pub edition: Edition,
    /// The set's code as the database writes it ("premiere", "borg").
    pub set: String,
    /// Collector's number and rarity ("50 R+"), when listed.
    pub number: String,
    /// The card type ("Personnel", "Dilemma").
    pub kind: String,
    pub affiliation: String,
    /// The icons in the order printed, each without its brackets ("Cmd").
    pub icons: Vec<String>,
    /// Game text as printed; other cards in braces, icons in brackets.
    pub text: String,
    pub lore: String,
    /// The formats the database files the card under (LackeyCCG's `Set`
    /// column, "Trad_Modern_Open_Warp"); a tag that begins with `ban` keeps
    /// it out of every format of the database.
    pub formats: String,
    /// Every other column with a value, as (column, value), in the
    /// database's order: class, attributes, skills, persona, ….
    pub other: Vec<(String, String)>,
    /// The database file it is listed in, relative to the database folder,
    /// and the line.
    pub file: String,
    pub line: usize,
}

impl Card {
    /// The key of its name whole, version included.
    pub fn key(&self) -> TopicKey {
        name_key(&self.name)
    }

    /// The key of its persona: every version of a card shares it.
    pub fn persona_key(&self) -> TopicKey {
        TopicKey::new(&self.persona)
    }

    /// Whether the database keeps it out of every format.
    pub fn banned_in_database(&self) -> bool {
        let tag = self.formats.trim().to_ascii_lowercase();
        tag == "ban" || tag.starts_with("ban_")
    }

    /// The icons as words ("Command", "Delta Quadrant").
    pub fn icon_words(&self) -> Vec<String> {
        self.icons.iter().map(|i| icon_word(i)).collect()
    }
}

/// The key of a card name whole: the name's words as a topic's key, and
/// its version's asterisks, which a topic's key would drop ("Kira**" is
/// "kira **", not "kira").
pub fn name_key(name: &str) -> TopicKey {
    let (persona, version) = split_version(name);
    let stars = version.chars().filter(|c| *c == '*').count();
    let words = crate::topic::normalize(&format!("{persona} {version}"));
    if stars == 0 {
        TopicKey::from_normalized(&words)
    } else {
        TopicKey::from_normalized(&format!("{words} {}", "*".repeat(stars)))
    }
}

/// A card name split into its persona and version mark: trailing
/// asterisks ("Kira**"), a trailing parenthesis ("Deanna Troi (First
/// Contact)"), or both, in either order.
pub fn split_version(name: &str) -> (String, String) {
    let mut persona = name.trim();
    let mut marks: Vec<&str> = Vec::new();
    loop {
        let trimmed = persona.trim_end();
        let stars = trimmed.trim_end_matches('*');
        if stars.len() < trimmed.len() && !stars.trim().is_empty() {
            marks.push(&trimmed[stars.len()..]);
            persona = stars;
            continue;
        }
        if let Some(open) = trimmed.strip_suffix(')').and_then(|t| t.rfind('(')) {
            let before = trimmed[..open].trim_end();
            if !before.is_empty() {
                marks.push(&trimmed[open..]);
                persona = before;
                continue;
            }
        }
        persona = trimmed;
        break;
    }
    marks.reverse();
    (persona.to_string(), marks.join(" "))
}

/// The card database folder: the one given (`--cards`, `$RULINGS_CARDS`),
/// else `cards/` in the user data folder when it exists.
pub fn folder(given: Option<&Path>) -> Option<PathBuf> {
    match given {
        Some(dir) => Some(dir.to_path_buf()),
        None => default_folder().filter(|d| d.is_dir()),
    }
}

/// Where a card database is looked for when none is given.
pub fn default_folder() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("rulings").join("cards"))
}

/// The advice given wherever a card database would settle a question.
pub fn how_to_add() -> String {
    let place = default_folder()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "cards/ in the user data folder".to_string());
    format!(
        "copy the LackeyCCG Star Trek plugin's sets/*.txt (or the plugin folder) into {place}, or give one with --cards DIR"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_mark_is_split_off_the_persona() {
        let cases = [
            ("Kira**", ("Kira", "**")),
            ("Hajur*", ("Hajur", "*")),
            (
                "Deanna Troi (First Contact)",
                ("Deanna Troi", "(First Contact)"),
            ),
            (
                "Mr. Scott (The Motion Pictures)*",
                ("Mr. Scott", "(The Motion Pictures) *"),
            ),
            ("Data", ("Data", "")),
            ("(Vic Fontaine)", ("(Vic Fontaine)", "")),
            ("***", ("***", "")),
            ("Study \"Hole in Space\"", ("Study \"Hole in Space\"", "")),
        ];
        for (name, (persona, version)) in cases {
            assert_eq!(
                split_version(name),
                (persona.to_string(), version.to_string()),
                "{name}"
            );
        }
    }

    #[test]
    fn a_name_key_keeps_the_version_apart() {
        assert_eq!(name_key("Kira**").as_str(), "kira **");
        assert_eq!(name_key("kira **").as_str(), "kira **");
        assert_eq!(name_key("Kira").as_str(), "kira");
        assert_eq!(
            name_key("Deanna Troi (First Contact)").as_str(),
            "deanna troi first contact"
        );
        assert_eq!(
            name_key("The Traveler: Transcendence").as_str(),
            TopicKey::new("The Traveler: Transcendence").as_str()
        );
    }

    #[test]
    fn a_ban_tag_keeps_a_card_out() {
        let mut card = lackey::tests::card("Data");
        card.formats = "Trad_Modern_Open_Warp".into();
        assert!(!card.banned_in_database());
        card.formats = "ban".into();
        assert!(card.banned_in_database());
        card.formats = "ban_2E".into();
        assert!(card.banned_in_database());
        card.formats = "bandit".into();
        assert!(!card.banned_in_database());
    }
}
