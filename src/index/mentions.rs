//! The names an entry mentions: the cards it sets in bold or underline (as
//! the parser records them) and the capitalized names in its text ("a
//! point loss from Mandarin Bailiff using Bribery"), which plain converted
//! text no longer marks. They make the vocabulary of names that are not
//! topics, so that a look-up of one is answered by the rulings that name it
//! rather than by "not in these documents".

use crate::markdown;
use crate::model::Entry;
use crate::topic::TopicKey;

/// Small words that may sit inside a name ("Writ of Accountability",
/// "Going to the Top") when a capitalized word follows.
const CONNECTORS: &[&str] = &[
    "of", "the", "to", "and", "in", "on", "for", "from", "with", "a", "an", "at", "by",
];

/// Words that are capitalized only because a sentence begins with them.
const OPENERS: &[&str] = &[
    "a", "after", "all", "also", "an", "and", "any", "as", "at", "because", "before", "both",
    "but", "during", "each", "either", "example", "for", "however", "if", "in", "it", "its",
    "neither", "no", "note", "on", "once", "only", "or", "since", "so", "that", "the", "their",
    "then", "there", "these", "they", "this", "those", "to", "unless", "until", "we", "what",
    "when", "where", "which", "while", "who", "with", "you", "your",
];

/// The longest run of words read as one name.
const LONGEST: usize = 8;

/// The names `entry` mentions, as printed, each once (by its key); not its
/// own topic.
pub fn names(entry: &Entry) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut keys: Vec<TopicKey> = vec![entry.key.clone()];
    let text = markdown::plain_text(&entry.text);
    for name in entry.cards.iter().cloned().chain(capitalized_runs(&text)) {
        let key = TopicKey::new(&name);
        if key.is_empty() || keys.contains(&key) {
            continue;
        }
        keys.push(key);
        found.push(name);
    }
    found
}

/// Runs of capitalized words (with connectors between them) in plain text,
/// as printed. A word capitalized only because it opens a sentence does not
/// begin a name.
pub(crate) fn capitalized_runs(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    let mut pending: Vec<&str> = Vec::new();
    let mut sentence_start = true;
    let flush = |run: &mut Vec<&str>, pending: &mut Vec<&str>, runs: &mut Vec<String>| {
        pending.clear();
        // "I", or "A" of "Player A" left alone, names nothing.
        let named = run.iter().any(|w| !crate::english::is_function_word(w));
        if named && run.len() <= LONGEST {
            runs.push(run.join(" "));
        }
        run.clear();
    };
    for raw in text.split_whitespace() {
        let word = raw.trim_matches(|c: char| !c.is_alphanumeric());
        let opens_sentence = sentence_start;
        // What follows this word: a new sentence, or only a break in the run.
        let tail = match raw.char_indices().rfind(|(_, c)| c.is_alphanumeric()) {
            Some((i, c)) => &raw[i + c.len_utf8()..],
            None => raw,
        };
        let head_breaks = raw.starts_with(['(', '"', '“', '[']);
        sentence_start = tail.contains(['.', '!', '?', ':']);
        let breaks = sentence_start || tail.contains([',', ';', ')', '"', '”', ']']);
        if head_breaks {
            flush(&mut run, &mut pending, &mut runs);
        }
        if word.is_empty() {
            flush(&mut run, &mut pending, &mut runs);
            continue;
        }
        let capitalized = word.chars().next().is_some_and(char::is_uppercase);
        let lower = word.to_lowercase();
        if capitalized && !(opens_sentence && run.is_empty() && OPENERS.contains(&lower.as_str())) {
            run.append(&mut pending);
            run.push(word);
        } else if !run.is_empty() && pending.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
        {
            // A number ends a name it follows ("Deep Space 9", "Section
            // 31"): names of places and ships carry their numbers.
            run.push(word);
        } else if !run.is_empty() && CONNECTORS.contains(&word) && !breaks {
            pending.push(word);
            continue;
        } else {
            flush(&mut run, &mut pending, &mut runs);
        }
        if breaks {
            flush(&mut run, &mut pending, &mut runs);
        }
    }
    flush(&mut run, &mut pending, &mut runs);
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capitalized_names_in_plain_text() {
        let text = "When points are transferred, the changes are independent. For example, if one player nullifies a point loss from Mandarin Bailiff using Bribery, the other player still gains points. If one player is playing Borg and cannot gain bonus points, see Writ of Accountability.";
        assert_eq!(
            capitalized_runs(text),
            [
                "Mandarin Bailiff",
                "Bribery",
                "Borg",
                "Writ of Accountability"
            ]
        );
    }

    #[test]
    fn a_name_may_open_a_sentence_and_a_connector_ends_none() {
        assert_eq!(
            capitalized_runs("Mandarin Bailiff scores. Going to the Top of the list."),
            ["Mandarin Bailiff", "Going to the Top"]
        );
        assert_eq!(capitalized_runs("The cards in play."), Vec::<String>::new());
    }

    #[test]
    fn a_number_after_a_name_is_part_of_it() {
        assert_eq!(
            capitalized_runs("A guard aboard Deep Space 9, then Section 31, then 40 ships."),
            ["Deep Space 9", "Section 31"]
        );
        // A number alone, or after a connector, begins no name.
        assert_eq!(capitalized_runs("It costs 3 of 4."), Vec::<String>::new());
        // Nor does a capitalized function word alone.
        assert_eq!(
            capitalized_runs("Then I choose, and Player A draws; so do I."),
            ["Player A"]
        );
    }
}
