//! Tests of `lookup`.

use super::*;

fn keys(names: &[&str]) -> Vec<TopicKey> {
    names.iter().map(|n| TopicKey::new(n)).collect()
}

#[test]
fn exact_up_to_case_punctuation_and_articles() {
    let k = keys(&["The Big Picture", "time location", "Chief O’Brien"]);
    assert_eq!(
        find("big picture", &k),
        Match::Exact(TopicKey::new("The Big Picture"))
    );
    assert_eq!(
        find("TIME-LOCATION", &k),
        Match::Exact(TopicKey::new("time location"))
    );
    assert_eq!(
        find("chief o'brien", &k),
        Match::Exact(TopicKey::new("Chief O’Brien"))
    );
}

#[test]
fn a_typo_finds_the_single_close_key() {
    let k = keys(&[
        "Ferengi Military Operations",
        "Going to the Top",
        "time location",
    ]);
    assert_eq!(
        find("Ferengi Militery Operation", &k),
        Match::Close(TopicKey::new("Ferengi Military Operations"))
    );
    assert_eq!(find("warp speed", &k), Match::None);
}

#[test]
fn several_close_keys_are_offered() {
    let k = keys(&["missions", "mission II", "missions attempt"]);
    // The plural is the same topic; the others only begin with it.
    assert_eq!(find("mission", &k), Match::Exact(TopicKey::new("missions")));
    let k = keys(&[
        "7.4.2: Personnel Battle & 7.4.3: Ship Battle",
        "4.2: Mission Phase",
    ]);
    assert_eq!(
        find("7.4.2 personnel battle", &k),
        Match::Close(TopicKey::new(
            "7.4.2: Personnel Battle & 7.4.3: Ship Battle"
        ))
    );
    let k = keys(&["Sam Lavelle", "Sam Lavell"]);
    assert!(matches!(find("Sam Lavele", &k), Match::Several(v) if v.len() == 2));
}

#[test]
fn plurals_abbreviations_and_word_prefixes() {
    let k = keys(&[
        "Ferengi Military Operations",
        "HQ: Defensive Measures",
        "missions",
        "mission II",
        "Horga'hn",
    ]);
    assert_eq!(find("mission", &k), Match::Exact(TopicKey::new("missions")));
    assert_eq!(
        find("ferengi military ops", &k),
        Match::Close(TopicKey::new("Ferengi Military Operations"))
    );
    assert_eq!(
        find("hq defensive", &k),
        Match::Close(TopicKey::new("HQ: Defensive Measures"))
    );
    assert_eq!(find("horgahn", &k), Match::Exact(TopicKey::new("Horga'hn")));
    // The documents abbreviate too: a key word that is no English word
    // stands for the word typed in full, an English one does not.
    assert_eq!(
        find("headquarters defensive measures", &k),
        Match::Close(TopicKey::new("HQ: Defensive Measures"))
    );
    assert_eq!(find("mission interval", &k), Match::None);
    // Words begun by several keys: offered, not picked.
    assert!(matches!(find("mis", &k), Match::Several(v) if v.len() == 2));
    assert_eq!(find("jean-luc picard", &k), Match::None);
    let k = keys(&["Beware of Q", "HQ: Defensive Measures"]);
    assert_eq!(find("quark", &k), Match::None);
    assert_eq!(find("hqs", &k), Match::None);
}

#[test]
fn word_forms_both_ways() {
    for (a, b) in [
        ("team", "teams"),
        ("box", "boxes"),
        ("party", "parties"),
        ("wolf", "wolves"),
        ("knife", "knives"),
        ("man", "men"),
        ("class", "classes"),
        ("loses", "lose"),
    ] {
        assert!(same_word(a, b), "{a} / {b}");
        assert!(same_word(b, a), "{b} / {a}");
    }
    for (a, b) in [
        ("class", "clas"),
        ("bus", "bu"),
        ("is", "i"),
        ("team", "tea"),
    ] {
        assert!(!same_word(a, b), "{a} / {b}");
    }
    assert!(same_words("away teams", "away team"));
    assert!(same_words("ship battles", "ships battle"));
    assert!(!same_words("away teams", "away team and crew"));
}

#[test]
fn a_slip_in_any_word_is_forgiven_and_exact_wins() {
    let k = keys(&["Away Team", "Parties of Ships", "knife", "knives"]);
    assert_eq!(
        find("away teams", &k),
        Match::Exact(TopicKey::new("Away Team"))
    );
    assert_eq!(
        find("party of ship", &k),
        Match::Exact(TopicKey::new("Parties of Ships"))
    );
    // An exact match beats the word form of another key.
    assert_eq!(find("knives", &k), Match::Exact(TopicKey::new("knives")));
    // Two keys equally forgiven: offered, not picked.
    let k = keys(&["Away Team", "Away Teams"]);
    assert!(matches!(find("aways team", &k), Match::Several(v) if v.len() == 2));
    // A slip inside an abbreviated name.
    let k = keys(&["Away Team and crew", "time location"]);
    assert_eq!(
        find("away teams", &k),
        Match::Close(TopicKey::new("Away Team and crew"))
    );
}

#[test]
fn the_words_of_a_name_in_another_order() {
    let k = keys(&[
        "dilemmas – DNA-related",
        "Draw Dilemmas",
        "movement – personnel",
        "personnel battle",
    ]);
    assert_eq!(
        find("dna dilemmas", &k),
        Match::Close(TopicKey::new("dilemmas – DNA-related"))
    );
    assert_eq!(
        find("personnel movement", &k),
        Match::Close(TopicKey::new("movement – personnel"))
    );
    // The order as typed wins when some key has it.
    assert_eq!(
        find("personnel bat", &k),
        Match::Close(TopicKey::new("personnel battle"))
    );
    // Each typed word needs a word of its own.
    assert_eq!(find("dilemmas draw dilemmas", &k), Match::None);
}

#[test]
fn a_name_typed_with_words_around_it() {
    let k = keys(&[
        "Brilgar",
        "towing",
        "The Wake of the Borg",
        "Borg",
        "Substituting for a Headquarters",
    ]);
    assert_eq!(find("brilgar lore", &k), Match::None);
    assert_eq!(
        within("brilgar lore", &k),
        Match::Close(TopicKey::new("Brilgar"))
    );
    // The longest run wins: not *Borg* in "the wake of the borg card".
    assert_eq!(
        within("the wake of the borg card", &k),
        Match::Close(TopicKey::new("The Wake of the Borg"))
    );
    // Two runs of one length, two keys: offered.
    assert!(matches!(within("towing brilgar", &k), Match::Several(v) if v.len() == 2));
    // Function words alone are no name; the whole name is not "within".
    assert_eq!(within("of the", &k), Match::None);
    assert_eq!(within("towing", &k), Match::None);
    // English words up to their stems, in any order.
    assert_eq!(
        find("headquarters substitution", &k),
        Match::Close(TopicKey::new("Substituting for a Headquarters"))
    );
}

#[test]
fn numbers_and_function_words_typed_around_a_name() {
    let k = keys(&[
        "mission II",
        "4.2: Mission Phase",
        "7.4.2: Personnel Battle & 7.4.3: Ship Battle",
        "capturing",
    ]);
    assert_eq!(
        find("mission 2", &k),
        Match::Exact(TopicKey::new("mission II"))
    );
    assert_eq!(
        find("ship battle rules", &k),
        Match::Close(TopicKey::new(
            "7.4.2: Personnel Battle & 7.4.3: Ship Battle"
        ))
    );
    assert_eq!(
        find("rules for capturing", &k),
        Match::Close(TopicKey::new("capturing"))
    );
    // Function words alone name nothing.
    assert_eq!(find("the rules", &k), Match::None);
    assert!(same_word("iv", "4") && !same_word("iv", "5"));
}

#[test]
fn a_name_has_initials_with_and_without_its_function_words() {
    let name = |key: &'static str| key.split(' ').collect::<Vec<_>>();
    assert_eq!(initials(&name("deep space 9")), ["ds9"]);
    assert_eq!(initials(&name("ferengi military operations")), ["fmo"]);
    // With and without the name's function words.
    assert_eq!(initials(&name("bread and circuses")), ["bac", "bc"]);
    // One word is no name's initials.
    assert!(initials(&name("deep")).is_empty());
}

#[test]
fn completion_begins_up_to_word_forms() {
    let key = TopicKey::new("Away Team and crew");
    for typed in [
        "away",
        "away te",
        "away teams",
        "away teams and c",
        "the away",
    ] {
        assert!(begins(&TopicKey::new(typed), &key), "{typed}");
    }
    for typed in ["team", "away crew", "away teams crew"] {
        assert!(!begins(&TopicKey::new(typed), &key), "{typed}");
    }
}
