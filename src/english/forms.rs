//! The forms of a word, in one place: what a question's word also is in
//! the documents. The index's stemmer (tantivy's Snowball English, applied
//! alike to documents and questions) joins the regular forms for recall;
//! these rules say when two words really are one and what the stemmer
//! cannot make:
//!
//! - [`bases`] and [`is_form`]: a regular ending ("-s", "-ed", "-ing")
//!   taken off, the silent "e" and doubled consonant undone, where the
//!   stemmer joins words that are not one ("commander", "commandeer");
//! - [`singulars`]: the singular a plural may be, for names ("away teams"
//!   is *away team*, "wolves" *wolf*, "crewmen" *crewman*);
//! - [`other_forms`]: an irregular verb's forms and a verb's Latin noun
//!   ("drew" is "draw", "respond" "response"), from the tables of
//!   `src/english/`.

use super::{folded, is_english, tables};

/// Endings that make a form of a word: plurals and tenses. An agent noun
/// is another word ("player" is not "played": a ruling on the Borg player
/// does not hold "played").
const ENDINGS: &[&str] = &["s", "es", "ies", "ed", "ied", "d", "ing", "e"];

/// The bases a word may be a form of: itself, and itself without an ending
/// ("stopped": stopp, stop; "parties": party), or with the silent "e" an
/// ending of a vowel drops ("using": use, "making": make). A verb whose
/// past is irregular is no base of a past ending ("seed" is not "see").
pub fn bases(word: &str) -> Vec<String> {
    let mut out = vec![word.to_string()];
    for ending in ENDINGS {
        let Some(base) = word.strip_suffix(ending) else {
            continue;
        };
        let past = matches!(*ending, "ed" | "d" | "ied");
        let mut push = |base: String| {
            if !(past && has_irregular_past(&base)) {
                out.push(base);
            }
        };
        if matches!(*ending, "ing" | "ed") && base.chars().count() >= 2 {
            push(format!("{base}e"));
        }
        if base.chars().count() < 3 {
            continue;
        }
        push(base.to_string());
        if ending.starts_with('i') {
            push(format!("{base}y"));
        }
        // A consonant doubles before "-ed" and "-ing" only ("stopped",
        // "stop"; "opps" is no form of "ops").
        let mut last = base.chars().rev();
        if let (true, Some(a), Some(b)) =
            (matches!(*ending, "ed" | "ing"), last.next(), last.next())
        {
            if a == b && !"aeiou".contains(a) {
                push(base[..base.len() - a.len_utf8()].to_string());
            }
        }
    }
    out
}

/// Whether two words are forms of one word ("cloak", "cloaked",
/// "cloaking"), which a stemmer also says of words that are not
/// ("commander", "commandeer").
pub fn is_form(a: &str, b: &str) -> bool {
    let of_a = bases(a);
    bases(b).iter().any(|base| of_a.contains(base))
}

/// The singulars a word could be the plural of (none for a short word or
/// one that is no plural: "class", "bus").
pub fn singulars(word: &str) -> Vec<String> {
    let mut forms = Vec::new();
    // A stem of at least three letters: "is", "its", "yes" stay themselves.
    let stem = |suffix: &str| {
        word.strip_suffix(suffix)
            .filter(|stem| stem.chars().count() >= 3)
    };
    if let Some(stem) = stem("ies") {
        forms.push(format!("{stem}y"));
    }
    if let Some(stem) = stem("ves") {
        forms.push(format!("{stem}f"));
        forms.push(format!("{stem}fe"));
    }
    // "men", "women", "crewmen": the stem may be short or empty.
    if let Some(stem) = word.strip_suffix("men") {
        forms.push(format!("{stem}man"));
    }
    if let Some(stem) = stem("es") {
        forms.push(stem.to_string());
    }
    if !word.ends_with("ss") && !word.ends_with("us") {
        if let Some(stem) = stem("s") {
            forms.push(stem.to_string());
        }
    }
    forms
}

/// Whether a verb's past is not made with "-ed": "seed" is no past of
/// "see", though "agreed" is of "agree".
pub fn has_irregular_past(verb: &str) -> bool {
    let verb = folded(verb);
    let tables = tables();
    tables.irregular_past_also.contains(&verb.as_str())
        || tables.irregular_verbs.iter().any(|forms| forms[0] == verb)
}

/// The other forms of a word that the stemmer does not make: an irregular
/// verb's (see `irregular_forms`), and a verb's noun or a noun's verb
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
    for (verb, noun) in &tables().verb_noun_endings {
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

/// The other forms of an irregular verb, for any of its forms (any case):
/// "drew" is also "draw" and "drawn", and a verb made of a particle and one
/// of them takes its forms ("overridden" is also "override" and
/// "overrode"). Nothing for another word.
fn irregular_forms(word: &str) -> Vec<String> {
    let word = folded(word);
    let forms_of = |verb: &str| {
        tables()
            .irregular_verbs
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
    tables()
        .verb_prefixes
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_a_word_are_its_inflections_only() {
        for (a, b) in [
            ("cloak", "cloaking"),
            ("cloaked", "cloaking"),
            ("stop", "stopped"),
            ("party", "parties"),
            ("phase", "phasing"),
            ("damage", "damaged"),
            ("dilemma", "dilemmas"),
            ("commander", "commanders"),
            // A short verb whose silent "e" the ending drops.
            ("using", "used"),
            ("use", "using"),
            ("making", "makes"),
            ("agreed", "agree"),
            // A consonant doubled by mistake before "-ed" still is one.
            ("hailled", "hail"),
            ("seeing", "see"),
        ] {
            assert!(is_form(a, b), "{a} {b}");
            assert!(is_form(b, a), "{b} {a}");
        }
        for (a, b) in [
            ("commander", "commandeer"),
            ("card", "cardassian"),
            ("species", "special"),
            ("player", "played"),
            ("attacker", "attack"),
            // A verb whose past is irregular has no past in "-ed".
            ("seed", "see"),
            ("seeded", "see"),
            // A consonant doubles before "-ed" and "-ing", not "-s".
            ("opps", "ops"),
        ] {
            assert!(!is_form(a, b), "{a} {b}");
        }
    }

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
        let words = &tables().function_words;
        assert!(words.windows(2).all(|w| w[0] < w[1]));
    }
}
