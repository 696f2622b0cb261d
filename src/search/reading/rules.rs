//! The rules a word of a question is read by: what it is (required,
//! optional, left out), what it may also be matched as (one rule a
//! function, in [`FORM_RULES`]), and what a word the documents do not hold
//! is read as.

use super::*;

/// What each word of a question is, before words are joined: required,
/// optional, or left out (`None`); and which were left out as function
/// words.
pub(super) struct Needs {
    pub(super) of: Vec<Option<Need>>,
    pub(super) function_words: Vec<usize>,
}

/// Reads what each word is. A function word or the "times" of "how many
/// times" is left out (optional while it is being typed), a number is
/// optional, a word most rulings hold is left out unless the question
/// counts it; every other word is required. A question of nothing but
/// such words is searched as typed: first the common words, then the
/// function words too.
pub(super) fn needs(
    index: &SearchIndex,
    words: &[String],
    typing: bool,
) -> Result<Needs, SearchError> {
    let last = words.len().saturating_sub(1);
    let mut of: Vec<Option<Need>> = Vec::with_capacity(words.len());
    let mut function_words = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let being_typed = typing && i == last;
        let need = if is_function_word(word) || counts_times(words, i) {
            function_words.push(i);
            being_typed.then_some(Need::Optional)
        } else if is_number(word) {
            Some(Need::Optional)
        } else if !being_typed && !counted(words, i) && is_common(index, word)? {
            None
        } else {
            Some(Need::Required)
        };
        of.push(need);
    }
    if !of.contains(&Some(Need::Required)) {
        let mut promoted = false;
        for (i, need) in of.iter_mut().enumerate() {
            if need.is_none() && !function_words.contains(&i) {
                *need = Some(Need::Required);
                promoted = true;
            }
        }
        if !promoted {
            for (need, word) in of.iter_mut().zip(words) {
                if need.is_none() || is_number(word) {
                    *need = Some(Need::Required);
                }
            }
        }
    }
    Ok(Needs { of, function_words })
}

/// What a rule of reading sees of the word it reads.
pub(super) struct At<'a> {
    pub(super) index: &'a SearchIndex,
    /// The question's words.
    pub(super) words: &'a [String],
    /// The word read.
    pub(super) word: &'a String,
    /// The word is being typed (the last, with no space after it).
    pub(super) being_typed: bool,
    /// The names the question's abbreviations stand for (`spelled_out`).
    pub(super) abbreviations: &'a BTreeMap<String, Vec<String>>,
    /// How many words of the question are searched.
    pub(super) searched: usize,
}

/// A rule that adds to a word's forms what it may also be matched as, and
/// notes how it was read.
pub(super) type FormRule = fn(&At, &mut Unit, &mut Vec<Note>) -> Result<(), SearchError>;

/// The rules every searched word is read by, in order.
pub(super) const FORM_RULES: &[FormRule] = &[
    owner_and_solid,
    verb_forms,
    documents_words,
    hyphened,
    names_abbreviated,
];

/// Two words typed apart (`words[i]`, `words[i + 1]`) that the documents
/// write as one: one unit, either way, required if either is.
pub(super) fn joined_unit(
    index: &SearchIndex,
    words: &[String],
    i: usize,
    needs: [Need; 2],
) -> Result<Option<Unit>, SearchError> {
    let Some(whole) = joined(index, &words[i], &words[i + 1])? else {
        return Ok(None);
    };
    let typed = format!("{} {}", words[i], words[i + 1]);
    Ok(Some(Unit {
        forms: vec![literal(&typed, true), literal(&whole, false)],
        typed,
        prefix: None,
        at: i,
        need: if needs.contains(&Need::Required) {
            Need::Required
        } else {
            Need::Optional
        },
    }))
}

/// A possessive is also the word it is of ("Q-Flash's", "Q-Flash"), and a
/// word typed with a hyphen or an apostrophe inside is also the word
/// written solid ("space-line", "spaceline").
fn owner_and_solid(at: &At, unit: &mut Unit, _: &mut Vec<Note>) -> Result<(), SearchError> {
    let word = at.word;
    let owner = ["'s", "\u{2019}s", "'S", "\u{2019}S"]
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .filter(|w| !w.is_empty());
    for word in std::iter::once(word.as_str()).chain(owner) {
        if word != unit.typed {
            unit.forms.push(literal(word, false));
        }
        let solid: String = word.chars().filter(|c| c.is_alphanumeric()).collect();
        if solid.chars().count() != word.chars().count() && !solid.is_empty() {
            unit.forms.push(literal(&solid, false));
        }
    }
    Ok(())
}

/// An irregular verb is each of its forms ("drew" is "draw" and "drawn" as
/// the documents write them), and a verb is its Latin noun ("respond",
/// "response").
fn verb_forms(at: &At, unit: &mut Unit, _: &mut Vec<Note>) -> Result<(), SearchError> {
    for form in crate::english::other_forms(at.word) {
        unit.forms.push(literal(&form, false));
    }
    Ok(())
}

/// A word people use for what the documents call otherwise ("woman",
/// "female") is also the documents' word, and one of a kind ("klingon") is
/// also its kind ("affiliation"): a ruling on every affiliation rules on
/// the Klingons. Not for a word still being typed.
fn documents_words(at: &At, unit: &mut Unit, notes: &mut Vec<Note>) -> Result<(), SearchError> {
    if at.being_typed {
        return Ok(());
    }
    let word = at.word;
    let of = bases(&word.to_lowercase());
    let meant = super::super::thesaurus::meant(word, &of);
    let kinds = super::super::thesaurus::kinds(word, &of);
    for other in meant.iter().chain(&kinds) {
        unit.forms.push(literal(other, false));
    }
    if !meant.is_empty() {
        notes.push(Note::Synonyms {
            typed: word.clone(),
            words: meant,
        });
    }
    if !kinds.is_empty() {
        notes.push(Note::Kind {
            typed: word.clone(),
            kinds,
        });
    }
    Ok(())
}

/// A phrase typed as one word ("when-facing-a-dilemma") is also its words
/// that name something, near each other: a ruling says "when" personnel
/// are "facing a dilemma".
fn hyphened(at: &At, unit: &mut Unit, _: &mut Vec<Note>) -> Result<(), SearchError> {
    if let Some(near) = hyphened_phrase(at.word) {
        unit.forms.push(near);
    }
    Ok(())
}

/// The names an abbreviation stands for ("ds9": *Deep Space 9*), each as a
/// phrase, but for a name the question also spells out itself ("DS9 …
/// deep space 9"), which is searched once, in its own words.
fn written_out(at: &At) -> Vec<String> {
    if at.being_typed || is_number(at.word) {
        return Vec::new();
    }
    let typed_too = |phrase: &String| {
        phrase.split(' ').all(|w| {
            at.words
                .iter()
                .any(|typed| crate::topic::normalize(typed) == w)
        })
    };
    abbreviation(at.word)
        .and_then(|folded| at.abbreviations.get(&folded))
        .into_iter()
        .flatten()
        .filter(|phrase| !typed_too(phrase))
        .cloned()
        .collect()
}

/// An abbreviation is also the names it stands for, each as a phrase.
fn names_abbreviated(at: &At, unit: &mut Unit, notes: &mut Vec<Note>) -> Result<(), SearchError> {
    let written_out = written_out(at);
    for phrase in &written_out {
        unit.forms.push(literal(phrase, true));
    }
    if !written_out.is_empty() {
        notes.push(Note::SpelledOut {
            typed: at.word.clone(),
            phrases: written_out,
        });
    }
    Ok(())
}

/// Whether a word read is searched.
pub(super) enum Kept {
    Searched,
    /// A slip of a function word ("wich"), left out as the word it is.
    LeftOut,
}

/// The word being typed matches every word of the documents it begins.
/// A word the documents do not have as typed (and no abbreviation of
/// theirs) is, the first that applies: the word in another form
/// ("hailled": *Hail*), the two words it joins ("headquarters"), the word
/// it shortens, or, beside another searched word and when no word of
/// English, the word of the documents spelled most like it.
pub(super) fn beginning_or_missing(
    at: &At,
    unit: &mut Unit,
    notes: &mut Vec<Note>,
) -> Result<Kept, SearchError> {
    let (index, word) = (at.index, at.word);
    if at.being_typed {
        unit.prefix = fold(index, word)?.into_iter().next_back();
        return Ok(Kept::Searched);
    }
    if !written_out(at).is_empty() || is_number(word) || in_index(index, word)? {
        return Ok(Kept::Searched);
    }
    let forms = forms_in_documents(index, word)?;
    if !forms.is_empty() {
        for form in &forms {
            unit.forms.push(literal(form, false));
        }
    } else if let Some(phrase) = split(index, word)? {
        unit.forms.push(literal(&phrase, true));
    } else if let Some((beginning, begun)) = truncated(index, word)? {
        notes.push(Note::SpelledOut {
            typed: word.clone(),
            phrases: begun,
        });
        unit.prefix = Some(beginning);
    } else if at.searched >= 2 && !is_english(word) {
        let near = nearest_word(index, word)?;
        if near.as_deref().is_some_and(is_function_word) {
            return Ok(Kept::LeftOut);
        }
        if let Some(near) = near {
            notes.push(Note::Corrected {
                typed: word.clone(),
                corrected: near.clone(),
            });
            unit.forms = vec![literal(&near, false)];
        }
    }
    Ok(Kept::Searched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::corpus::Sources;

    /// The bundled corpus, indexed into a temporary folder.
    fn catalog() -> (tempfile::TempDir, Catalog) {
        let index = tempfile::tempdir().unwrap();
        let rulings = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
        let catalog = Catalog::open(&Sources::folder(&rulings), index.path()).unwrap();
        (index, catalog)
    }

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    /// Reads `words[i]` by `rule` alone: the phrases it matches as, and the
    /// notes.
    fn read_by(
        rule: FormRule,
        index: &SearchIndex,
        words: &[String],
        i: usize,
        abbreviations: &BTreeMap<String, Vec<String>>,
    ) -> (Vec<String>, Vec<Note>) {
        let at = At {
            index,
            words,
            word: &words[i],
            being_typed: false,
            abbreviations,
            searched: words.len(),
        };
        let mut unit = Unit {
            typed: words[i].clone(),
            forms: Vec::new(),
            prefix: None,
            need: Need::Required,
            at: i,
        };
        let mut notes = Vec::new();
        rule(&at, &mut unit, &mut notes).unwrap();
        (unit.forms.into_iter().map(|l| l.phrase).collect(), notes)
    }

    #[test]
    fn each_rule_adds_what_it_reads_a_word_as() {
        let (_dir, catalog) = catalog();
        let index = catalog.index();
        let none = BTreeMap::new();
        let (forms, _) = read_by(owner_and_solid, index, &words("Q-Flash's"), 0, &none);
        assert_eq!(forms, ["QFlashs", "Q-Flash", "QFlash"]);
        let (forms, notes) = read_by(verb_forms, index, &words("who drew"), 1, &none);
        assert!(forms.contains(&"draw".to_string()), "{forms:?}");
        assert!(notes.is_empty());
        let (forms, notes) = read_by(documents_words, index, &words("woman"), 0, &none);
        assert_eq!(forms, ["female"]);
        assert!(matches!(&notes[..], [Note::Synonyms { typed, .. }] if typed == "woman"));
        let (forms, _) = read_by(hyphened, index, &words("when-facing-a-dilemma"), 0, &none);
        assert_eq!(forms.len(), 1, "{forms:?}");
        let names = BTreeMap::from([("ds9".to_string(), vec!["deep space 9".to_string()])]);
        let (forms, notes) = read_by(names_abbreviated, index, &words("DS9 docking"), 0, &names);
        assert_eq!(forms, ["deep space 9"]);
        assert!(matches!(&notes[..], [Note::SpelledOut { .. }]));
        // A name the question spells out itself is searched in its words.
        let (forms, _) = read_by(
            names_abbreviated,
            index,
            &words("DS9 deep space 9"),
            0,
            &names,
        );
        assert!(forms.is_empty(), "{forms:?}");
    }

    #[test]
    fn a_word_the_documents_lack_is_read_as_theirs_or_corrected() {
        let (_dir, catalog) = catalog();
        let index = catalog.index();
        let none = BTreeMap::new();
        let question = words("cloaknig ships");
        let at = At {
            index,
            words: &question,
            word: &question[0],
            being_typed: false,
            abbreviations: &none,
            searched: 2,
        };
        let mut unit = Unit {
            typed: question[0].clone(),
            forms: vec![literal(&question[0], false)],
            prefix: None,
            need: Need::Required,
            at: 0,
        };
        let mut notes = Vec::new();
        assert!(matches!(
            beginning_or_missing(&at, &mut unit, &mut notes).unwrap(),
            Kept::Searched
        ));
        assert!(
            matches!(&notes[..], [Note::Corrected { corrected, .. }] if corrected == "cloaking"),
            "{notes:?}"
        );
        // Alone, a word is never corrected: it may be what is meant.
        let alone = At { searched: 1, ..at };
        let mut notes = Vec::new();
        beginning_or_missing(&alone, &mut unit, &mut notes).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
    }
}
