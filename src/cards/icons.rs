//! Icons as words. A card database writes an icon as a bracketed token
//! (`[Cmd]`, `[DQ]`, `[S/P]`); a TD reads "Command", "Delta Quadrant",
//! "space/planet". A token this table does not know is shown as printed.

/// The words for the icons the game prints, by token (compared without
/// case).
const WORDS: &[(&str, &str)] = &[
    ("cmd", "Command"),
    ("stf", "Staff"),
    ("aq", "Alpha Quadrant"),
    ("dq", "Delta Quadrant"),
    ("gq", "Gamma Quadrant"),
    ("mq", "Mirror Quadrant"),
    ("au", "Alternate Universe"),
    ("mu", "Mirror Universe"),
    ("os", "Original Series"),
    ("tng", "The Next Generation"),
    ("ds9", "Deep Space Nine"),
    ("voy", "Voyager"),
    ("ent", "Enterprise"),
    ("films", "Films"),
    ("com", "Communications"),
    ("def", "Defense"),
    ("nav", "Navigation"),
    ("maq", "Maquis"),
    ("kca", "Klingon/Cardassian Alliance"),
    ("tn", "Terok Nor"),
    ("22", "22nd Century"),
    ("holo", "Hologram"),
    ("ref", "Referee"),
    ("p", "Planet"),
    ("s", "Space"),
    ("s/p", "Space/Planet"),
    ("*", "skill dot"),
    ("e", "Earth"),
    ("fed", "Federation"),
    ("kli", "Klingon"),
    ("rom", "Romulan"),
    ("car", "Cardassian"),
    ("baj", "Bajoran"),
    ("dom", "Dominion"),
    ("fer", "Ferengi"),
    ("bor", "Borg"),
    ("kaz", "Kazon"),
    ("vid", "Vidiian"),
    ("hir", "Hirogen"),
    ("sta", "Starfleet"),
    ("na", "Non-Aligned"),
    ("bo", "Borg use only"),
];

/// The word for an icon token (without its brackets); the token itself
/// when the table does not know it.
pub fn icon_word(token: &str) -> String {
    let lower = token.trim().to_lowercase();
    WORDS
        .iter()
        .find(|(t, _)| *t == lower)
        .map(|(_, w)| (*w).to_string())
        .unwrap_or_else(|| token.trim().to_string())
}

/// Whether a bracketed token is an icon (short, no spaces): `[Cmd]`,
/// `[S/P]`, `[*]`; not `[see page 3]`.
fn is_icon_token(inner: &str) -> bool {
    !inner.is_empty()
        && inner.chars().count() <= 12
        && !inner.contains(char::is_whitespace)
        && inner != "?"
}

/// A card's text with every icon token worded, still in brackets so that
/// an icon reads as one: `"[Cmd] personnel"` → `"[Command] personnel"`.
/// Other cards' names lose their braces: `{Borg Queen}` → "Borg Queen".
pub fn text_with_icon_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find(['[', '{']) {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let close = if after.starts_with('[') { ']' } else { '}' };
        match after.find(close) {
            Some(end) if close == ']' && is_icon_token(&after[1..end]) => {
                out.push('[');
                out.push_str(&icon_word(&after[1..end]));
                out.push(']');
                rest = &after[end + 1..];
            }
            Some(end) if close == '}' => {
                out.push_str(&after[1..end]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str(&after[..1]);
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The icon tokens of a database's icon column: `[Cmd][DQ]` → ["Cmd",
/// "DQ"]; anything outside brackets is left out.
pub fn tokens(column: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = column;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(end) = after.find(']') else { break };
        let token = after[..end].trim();
        if !token.is_empty() {
            found.push(token.to_string());
        }
        rest = &after[end + 1..];
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_read_as_words_and_unknown_ones_as_printed() {
        assert_eq!(icon_word("Cmd"), "Command");
        assert_eq!(icon_word("DQ"), "Delta Quadrant");
        assert_eq!(icon_word("s/p"), "Space/Planet");
        assert_eq!(icon_word("Zq9"), "Zq9");
    }

    #[test]
    fn a_text_reads_its_icons_as_words_and_card_names_plainly() {
        assert_eq!(
            text_with_icon_words(
                "Seeds at any [S] mission. {Borg Queen} may report; fewest [*] icons."
            ),
            "Seeds at any [Space] mission. Borg Queen may report; fewest [skill dot] icons."
        );
        // A bracket that is no icon, an unclosed one, and the mark of a
        // lost icon stay as printed.
        assert_eq!(
            text_with_icon_words("[see rule 3] and [?] and [open"),
            "[see rule 3] and [?] and [open"
        );
    }

    #[test]
    fn an_icon_column_gives_its_tokens() {
        assert_eq!(tokens("[Cmd][DQ] [Stf]"), vec!["Cmd", "DQ", "Stf"]);
        assert_eq!(tokens(" "), Vec::<String>::new());
        assert_eq!(tokens("[Films] [ unclosed"), vec!["Films"]);
    }
}
