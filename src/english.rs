//! Words of English, a word in and a yes or no out: which words carry no
//! topic, and which are words of English at all. The parser's PDF reader,
//! the look-up of names and the search all ask, so the lists sit low, below
//! every one of them.
//!
//! - **Function words** (articles, pronouns, auxiliaries, prepositions,
//!   conjunctions, question words, and the verbs a question is framed with:
//!   "what *happens*", "how does it *work*") carry no topic: outside a quoted
//!   phrase they never make a ruling match. The corpus adds its own: a word
//!   that most rulings hold says nothing about which one is meant (see
//!   `search::reading`).
//! - **English words** are never "corrected" into another word: the list is
//!   SCOWL's American English words (size 50, lowercase), embedded.

/// English function words and the verbs questions are framed with, in
/// byte order (checked by a test). Quantifiers and numbers ("each", "once",
/// "first", "one") are not here: game terms are made of them ("once each
/// turn", "first turn"), and the corpus's own frequencies decide them. The
/// determiners of two ("both", "either", "neither") are: they say how many
/// of what the question names, never what.
const FUNCTION_WORDS: &[&str] = &[
    "a",
    "able",
    "about",
    "across",
    "actually",
    "after",
    "again",
    "against",
    "allowed",
    "along",
    "already",
    "also",
    "although",
    "always",
    "am",
    "among",
    "an",
    "and",
    "any",
    "anybody",
    "anymore",
    "anyone",
    "anything",
    "anyway",
    "anywhere",
    "are",
    "aren't",
    "around",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "behind",
    "being",
    "below",
    "beneath",
    "beside",
    "besides",
    "between",
    "beyond",
    "both",
    "but",
    "by",
    "can",
    "can't",
    "cannot",
    "could",
    "couldn't",
    "despite",
    "did",
    "didn't",
    "do",
    "does",
    "doesn't",
    "doing",
    "don't",
    "during",
    "either",
    "else",
    "even",
    "ever",
    "everybody",
    "everyone",
    "everything",
    "everywhere",
    "exactly",
    "for",
    "from",
    "get",
    "gets",
    "getting",
    "got",
    "had",
    "happen",
    "happened",
    "happening",
    "happens",
    "has",
    "hasn't",
    "have",
    "haven't",
    "having",
    "he",
    "he's",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "how's",
    "i",
    "i'm",
    "i've",
    "if",
    "in",
    "inside",
    "instead",
    "into",
    "is",
    "isn't",
    "it",
    "it's",
    "its",
    "itself",
    "just",
    "know",
    "let",
    "let's",
    "like",
    "many",
    "maybe",
    "me",
    "mean",
    "means",
    "might",
    "mine",
    "much",
    "must",
    "my",
    "myself",
    "near",
    "neither",
    "never",
    "nobody",
    "nor",
    "nothing",
    "now",
    "nowhere",
    "of",
    "off",
    "often",
    "ok",
    "okay",
    "on",
    "onto",
    "or",
    "our",
    "ours",
    "ourselves",
    "outside",
    "per",
    "perhaps",
    "please",
    "possible",
    "really",
    "rule",
    "ruled",
    "rules",
    "ruling",
    "rulings",
    "shall",
    "she",
    "she's",
    "should",
    "shouldn't",
    "since",
    "so",
    "some",
    "somebody",
    "someone",
    "something",
    "sometimes",
    "somewhere",
    "still",
    "such",
    "than",
    "that",
    "that's",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "there's",
    "these",
    "they",
    "they're",
    "this",
    "those",
    "though",
    "through",
    "throughout",
    "till",
    "to",
    "too",
    "toward",
    "towards",
    "under",
    "unless",
    "until",
    "upon",
    "us",
    "versus",
    "very",
    "via",
    "vs",
    "was",
    "wasn't",
    "we",
    "we're",
    "were",
    "weren't",
    "what",
    "what's",
    "whatever",
    "when",
    "whenever",
    "where",
    "where's",
    "whether",
    "which",
    "while",
    "who",
    "who's",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "within",
    "without",
    "won't",
    "work",
    "works",
    "would",
    "wouldn't",
    "yes",
    "yet",
    "you",
    "you're",
    "you've",
    "your",
    "yours",
    "yourself",
];

/// The word folded as the lists hold it: lowercase, with a typographic
/// apostrophe as a plain one, without the punctuation around it ("work?",
/// "(if").
fn folded(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .chars()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '\u{02BC}' => '\'',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `word` is an English function word (or a verb questions are
/// framed with): a word that names no topic. A contraction typed without
/// its apostrophe ("whats", "dont") is the contraction.
pub fn is_function_word(word: &str) -> bool {
    let word = folded(word);
    FUNCTION_WORDS.binary_search(&word.as_str()).is_ok()
        || contractions_unmarked()
            .binary_search_by(|w| w.as_str().cmp(&word))
            .is_ok()
}

/// The contractions of the list without their apostrophe ("whats",
/// "dont"), sorted; built once.
fn contractions_unmarked() -> &'static [String] {
    static UNMARKED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    UNMARKED.get_or_init(|| {
        let mut unmarked: Vec<String> = FUNCTION_WORDS
            .iter()
            .filter(|w| w.contains('\''))
            .map(|w| w.replace('\'', ""))
            .collect();
        unmarked.sort_unstable();
        unmarked
    })
}

// The list stays beside its licence, `search/english.COPYING`, at the
// path the user documentation gives.
const ENGLISH: &str = include_str!("search/english.txt");

/// Verbs whose past forms are not made with an ending ("drew", "chose",
/// "stolen"): base, past, past participle. Verbs a game is told with; a
/// form that is also another word a ruling uses ("left", "found", "wound",
/// "lay", "saw", "bit", "felt") is not here.
const IRREGULAR_VERBS: &[[&str; 3]] = &[
    ["arise", "arose", "arisen"],
    ["beat", "beat", "beaten"],
    ["become", "became", "become"],
    ["begin", "began", "begun"],
    ["bring", "brought", "brought"],
    ["build", "built", "built"],
    ["buy", "bought", "bought"],
    ["catch", "caught", "caught"],
    ["choose", "chose", "chosen"],
    ["come", "came", "come"],
    ["deal", "dealt", "dealt"],
    ["draw", "drew", "drawn"],
    ["drive", "drove", "driven"],
    ["eat", "ate", "eaten"],
    ["fall", "fell", "fallen"],
    ["fight", "fought", "fought"],
    ["fly", "flew", "flown"],
    ["forbid", "forbade", "forbidden"],
    ["forget", "forgot", "forgotten"],
    ["freeze", "froze", "frozen"],
    ["give", "gave", "given"],
    ["go", "went", "gone"],
    ["grow", "grew", "grown"],
    ["hide", "hid", "hidden"],
    ["hold", "held", "held"],
    ["keep", "kept", "kept"],
    ["know", "knew", "known"],
    ["lead", "led", "led"],
    ["lose", "lost", "lost"],
    ["meet", "met", "met"],
    ["pay", "paid", "paid"],
    ["ride", "rode", "ridden"],
    ["rise", "rose", "risen"],
    ["run", "ran", "run"],
    ["seek", "sought", "sought"],
    ["sell", "sold", "sold"],
    ["send", "sent", "sent"],
    ["shake", "shook", "shaken"],
    ["shoot", "shot", "shot"],
    ["sink", "sank", "sunk"],
    ["speak", "spoke", "spoken"],
    ["spend", "spent", "spent"],
    ["steal", "stole", "stolen"],
    ["strike", "struck", "struck"],
    ["swear", "swore", "sworn"],
    ["take", "took", "taken"],
    ["teach", "taught", "taught"],
    ["tear", "tore", "torn"],
    ["throw", "threw", "thrown"],
    ["wake", "woke", "woken"],
    ["wear", "wore", "worn"],
    ["win", "won", "won"],
    ["write", "wrote", "written"],
];

/// Verbs whose past is not made with an ending, though their past forms
/// are other words too and so are not in [`IRREGULAR_VERBS`] ("saw",
/// "left", "found").
const IRREGULAR_PAST_ALSO: &[&str] = &[
    "bite", "feel", "find", "get", "have", "hear", "leave", "make", "mean", "read", "say", "see",
    "sit", "stand", "tell", "think",
];

/// Whether a verb's past is not made with "-ed": "seed" is no past of
/// "see", though "agreed" is of "agree".
pub fn has_irregular_past(verb: &str) -> bool {
    let verb = folded(verb);
    IRREGULAR_PAST_ALSO.contains(&verb.as_str())
        || IRREGULAR_VERBS.iter().any(|forms| forms[0] == verb)
}

/// Endings of a verb and of the noun English makes of it from Latin, which
/// a stemmer does not undo: "respond" and "response", "decide" and
/// "decision", "resolve" and "resolution", "nullify" and "nullification".
const VERB_NOUN_ENDINGS: &[(&str, &str)] = &[
    ("ceive", "ception"),
    ("de", "sion"),
    ("duce", "duction"),
    ("fy", "fication"),
    ("mit", "mission"),
    ("nd", "nse"),
    ("olve", "olution"),
    ("scribe", "scription"),
    ("sume", "sumption"),
];

/// The other forms of a word that the stemmer does not make: an irregular
/// verb's (see [`irregular_forms`]), and a verb's noun or a noun's verb
/// made with a Latin ending, when that is a word of English ("respond",
/// "response"). Words of Latin are long: one of five letters or fewer is
/// not read so ("tend" is not "tense", "rinse" not "rind"). Nothing for
/// another word.
pub fn other_forms(word: &str) -> Vec<String> {
    let mut forms = irregular_forms(word);
    let folded = folded(word);
    if folded.chars().count() < 6 {
        return forms;
    }
    for (verb, noun) in VERB_NOUN_ENDINGS {
        for (from, to) in [(verb, noun), (noun, verb)] {
            if let Some(stem) = folded.strip_suffix(from) {
                let other = format!("{stem}{to}");
                // A stem of a letter or two is no word's ("side" is not
                // "sision"), and the form must be English.
                if stem.len() >= 2 && is_english(&other) && !forms.contains(&other) {
                    forms.push(other);
                }
            }
        }
    }
    forms
}

/// The particles English puts before a verb to make another, which then
/// takes the verb's forms: "override", "overrode", "overridden"; "redraw",
/// "redrew", "redrawn"; "withhold", "withheld".
const VERB_PREFIXES: &[&str] = &[
    "be", "fore", "mis", "out", "over", "re", "un", "under", "up", "with",
];

/// The other forms of an irregular verb, for any of its forms (any case):
/// "drew" is also "draw" and "drawn", and a verb made of a particle and one
/// of them takes its forms ("overridden" is also "override" and
/// "overrode"). Nothing for another word.
fn irregular_forms(word: &str) -> Vec<String> {
    let word = folded(word);
    let forms_of = |verb: &str| {
        IRREGULAR_VERBS
            .iter()
            .find(|forms| forms.contains(&verb))
            .map(|forms| {
                let mut others: Vec<&'static str> =
                    forms.iter().copied().filter(|f| *f != verb).collect();
                others.dedup();
                others
            })
    };
    if let Some(others) = forms_of(&word) {
        return others.into_iter().map(str::to_string).collect();
    }
    VERB_PREFIXES
        .iter()
        .filter_map(|prefix| {
            let verb = word.strip_prefix(prefix)?;
            // The verb after the particle is a word of its own: "up" and
            // "set", never "b" and "ring".
            (verb.len() >= 2).then_some(())?;
            let others = forms_of(verb)?;
            Some(others.into_iter().map(|o| format!("{prefix}{o}")).collect())
        })
        .next()
        .unwrap_or_default()
}

/// Whether `word` (any case) is a word of English: in the embedded list,
/// or a function word. Looked up by a binary search over the list's sorted
/// lines, with nothing built first.
pub fn is_english(word: &str) -> bool {
    let word = folded(word);
    if is_function_word(&word) {
        return true;
    }
    let bytes = ENGLISH.as_bytes();
    let (mut low, mut high) = (0, bytes.len());
    while low < high {
        let middle = (low + high) / 2;
        // The line that holds `middle`.
        let start = bytes[..middle]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = bytes[middle..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| middle + i);
        match ENGLISH[start..end].cmp(word.as_str()) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => low = end + 1,
            std::cmp::Ordering::Greater => high = start,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_irregular_verb_is_each_of_its_forms() {
        assert_eq!(irregular_forms("drew"), ["draw", "drawn"]);
        assert_eq!(irregular_forms("Stolen"), ["steal", "stole"]);
        assert_eq!(irregular_forms("won"), ["win"]);
        assert_eq!(irregular_forms("become"), ["became"]);
        assert!(irregular_forms("drawing").is_empty());
        assert!(irregular_forms("left").is_empty());
    }

    #[test]
    fn a_verb_and_its_latin_noun_are_forms_of_each_other() {
        assert_eq!(other_forms("respond"), ["response"]);
        assert_eq!(other_forms("Response"), ["respond"]);
        assert_eq!(other_forms("decide"), ["decision"]);
        assert_eq!(other_forms("resolve"), ["resolution"]);
        assert_eq!(other_forms("nullification"), ["nullify"]);
        assert_eq!(other_forms("permit"), ["permission"]);
        assert_eq!(other_forms("reduce"), ["reduction"]);
        // Only into a word of English.
        assert!(other_forms("side").is_empty());
        assert!(other_forms("code").is_empty());
        assert!(other_forms("hand").is_empty());
        assert!(other_forms("tend").is_empty());
        assert!(other_forms("tense").is_empty());
        // With the irregular forms.
        assert_eq!(other_forms("drew"), ["draw", "drawn"]);
    }

    #[test]
    fn a_verb_made_with_a_particle_takes_its_verbs_forms() {
        assert_eq!(irregular_forms("override"), ["overrode", "overridden"]);
        assert_eq!(irregular_forms("Overridden"), ["override", "overrode"]);
        assert_eq!(irregular_forms("redrew"), ["redraw", "redrawn"]);
        assert_eq!(irregular_forms("withheld"), ["withhold"]);
        assert_eq!(irregular_forms("underwent"), ["undergo", "undergone"]);
        // A particle alone, or one before a word that is no such verb.
        assert!(irregular_forms("over").is_empty());
        assert!(irregular_forms("overlay").is_empty());
        assert!(irregular_forms("bring").len() == 1);
    }

    #[test]
    fn the_function_words_are_sorted_for_their_search() {
        assert!(FUNCTION_WORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn function_words_in_any_case_and_apostrophe() {
        // "once per turn" is "once each turn": "per" is a preposition.
        for word in [
            "What",
            "happens",
            "A",
            "does",
            "MY",
            "I",
            "doesn’t",
            "per",
            "exactly",
            "WORK?",
            "(if",
            "whats",
            "dont",
            "Cant",
            "vs",
            "both",
            "neither",
        ] {
            assert!(is_function_word(word), "{word}");
        }
        for word in [
            "ship", "damaged", "once", "each", "turn", "first", "cans", "wells", "ill", "id",
        ] {
            assert!(!is_function_word(word), "{word}");
        }
    }

    #[test]
    fn english_words_are_found_and_others_are_not() {
        for word in [
            "line", "head", "like", "bridge", "aardvark", "zygote", "Quarters",
        ] {
            assert!(is_english(word), "{word}");
        }
        for word in ["comandeer", "spaceline", "horgahn", "xq", "zzzzzzzz", ""] {
            assert!(!is_english(word), "{word}");
        }
    }

    #[test]
    fn the_word_list_is_sorted_lowercase_words() {
        let lines: Vec<&str> = ENGLISH.lines().collect();
        assert!(lines.len() > 50_000);
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
        assert!(lines
            .iter()
            .all(|l| l.len() >= 2 && l.bytes().all(|b| b.is_ascii_lowercase())));
    }
}
