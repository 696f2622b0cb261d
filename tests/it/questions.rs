//! Questions as a TD words them, on the built binary: function words,
//! edition words, words typed apart or joined, real words never corrected,
//! rare words over common ones, and a partial answer said first. On the
//! bundled corpus, and on a corpus written here where the rule needs a
//! shape the bundled documents do not have.

use crate::common;
use crate::common::notes;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use common::rulings;
use notes::codes;

fn bundled_index() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("questions-bundled-index")
}

/// The JSON answer of `search` on the bundled corpus (any exit status).
fn ask(words: &str) -> Value {
    let output = rulings()
        .arg("--index")
        .arg(bundled_index())
        .args(["search", "--json", words])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)))
}

fn text(args: &[&str]) -> String {
    let output = rulings()
        .arg("--index")
        .arg(bundled_index())
        .arg("search")
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

fn hits(answer: &Value) -> &Vec<Value> {
    answer["hits"].as_array().unwrap()
}

fn first(answer: &Value) -> (String, String) {
    let hit = &hits(answer)[0]["entry"];
    (
        hit["key"].as_str().unwrap().to_string(),
        hit["edition"].as_str().unwrap().to_string(),
    )
}

/// The topic keys of the hits, in their order.
fn keys(answer: &Value) -> Vec<&str> {
    hits(answer)
        .iter()
        .map(|h| h["entry"]["key"].as_str().unwrap())
        .collect()
}

fn note<'a>(answer: &'a Value, code: &str) -> Option<&'a Value> {
    answer["notes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["code"] == code)
}

// ------------------------------------------------------ bundled corpus

#[test]
fn function_words_never_decide_the_match() {
    let question = ask("what happens when a ship is damaged");
    let terse = ask("ship damaged");
    assert_eq!(first(&question), first(&terse));
    assert_eq!(first(&question).1, "1E");
    let skipped = note(&question, "skipped").expect("the left-out words are said");
    assert_eq!(
        skipped["words"],
        serde_json::json!(["what", "happens", "when", "a", "is"])
    );
    // Every hit has a meaningful word, not function words alone; the
    // first has both.
    for (i, hit) in hits(&question).iter().enumerate() {
        let text = (hit["entry"]["text"].as_str().unwrap().to_string()
            + hit["entry"]["topic"].as_str().unwrap())
        .to_lowercase();
        let has = ["damage", "ship"]
            .iter()
            .filter(|w| text.contains(*w))
            .count();
        assert!(has >= if i == 0 { 2 } else { 1 }, "{text}");
    }
}

#[test]
fn a_question_of_how_often_is_about_what_is_counted() {
    // "how many times" asks how often: "times" names nothing, and the 2014
    // ruling on cloaking and phasing (one action each turn) is the newer
    // word on what the consolidated 2000 Phasing Cloak also says.
    let answer = ask("how many times can I cloak or phase in one turn");
    let skipped = note(&answer, "skipped").expect("the left-out words are said");
    assert!(
        skipped["words"]
            .as_array()
            .unwrap()
            .contains(&"times".into()),
        "{answer}"
    );
    assert_eq!(first(&answer).0, "cloaking and phasing", "{answer}");
    // A question that names the consolidated card keeps it first.
    let named = ask("does tachyon detection grid work on a phased ship");
    assert_eq!(first(&named).0, "phasing cloak", "{named}");
}

#[test]
fn function_words_count_inside_a_quoted_phrase() {
    let answer = ask("\"once each turn\"");
    assert!(note(&answer, "skipped").is_none(), "{answer}");
    assert_eq!(first(&answer).0, "once each turn");
}

#[test]
fn a_question_of_function_words_alone_is_still_searched() {
    let output = rulings()
        .arg("--index")
        .arg(bundled_index())
        .args(["search", "what", "is", "it"])
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(2), "{output:?}");
}

#[test]
fn edition_words_anywhere_are_the_edition_filter() {
    for (query, edition) in [
        ("ship is damaged 1e", "1E"),
        ("1E ship damaged", "1E"),
        ("headquarters second edition", "2E"),
        ("2e headquarters", "2E"),
    ] {
        let answer = ask(query);
        assert!(!hits(&answer).is_empty(), "{query}: {answer}");
        for hit in hits(&answer) {
            assert_eq!(hit["entry"]["edition"], edition, "{query}");
        }
        let said = note(&answer, "edition").unwrap_or_else(|| panic!("{query}: {answer}"));
        assert_eq!(said["to"], edition);
    }
    let out = text(&["ship", "damaged", "1e"]);
    assert!(
        out.starts_with("note: read `1e` as the edition: 1E rulings only"),
        "{out}"
    );
}

#[test]
fn words_typed_apart_match_the_word_the_documents_join() {
    for (query, word) in [
        ("space line", "spaceline"),
        ("head quarters", "headquarters"),
    ] {
        let answer = ask(query);
        assert!(note(&answer, "corrected").is_none(), "{query}: {answer}");
        let hit = &hits(&answer)[0]["entry"];
        let text = hit["text"].as_str().unwrap().to_lowercase()
            + &hit["topic"].as_str().unwrap().to_lowercase();
        assert!(text.contains(word), "{query}: {text}");
    }
}

#[test]
fn a_partial_answer_says_so_on_its_first_line() {
    let out = text(&["cloaking", "tribbles"]);
    let first_line = out.lines().next().unwrap();
    assert!(
        first_line.starts_with("note: the first ruling has 1 of the 2 words; it lacks:"),
        "{out}"
    );
    let answer = ask("cloaking tribbles");
    assert_eq!(codes(&answer)[0], "partial");
}

#[test]
fn a_word_joined_by_an_apostrophe_is_highlighted_without_failing() {
    // Snippets are cut between tokens; a word with an inner apostrophe
    // gives its parts and the word whole, and none may lie outside the
    // fragment that holds it.
    for query in [
        "can I look through my opponent's discard pile",
        "opponent's",
        "O'Brien's",
    ] {
        let output = rulings()
            .arg("--index")
            .arg(bundled_index())
            .args(["search", query])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!err.contains("damaged"), "{query}: {err}");
        assert_eq!(output.status.code(), Some(0), "{query}: {err}");
    }
}

#[test]
fn a_possessive_is_the_word_it_is_of() {
    for query in ["Q-Flash's", "qflash's", "Horga'hn's"] {
        let answer = ask(query);
        assert!(!hits(&answer).is_empty(), "{query}: {answer}");
        assert!(note(&answer, "partial").is_none(), "{query}: {answer}");
    }
    assert_eq!(first(&ask("Horga'hn's")), first(&ask("horgahn")));
}

#[test]
fn a_word_is_not_had_in_a_word_that_only_shares_its_stem() {
    // "commander" and "commandeer" stem alike; a ruling on commandeering
    // does not answer a question about a commander, and says so.
    let output = rulings()
        .arg("--index")
        .arg(bundled_index())
        .args(["search", "--json", "--as-of", "2005-06-01"])
        .args(["who", "is", "the", "commander", "of", "my", "facility"])
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    if !hits(&answer).is_empty() {
        assert_eq!(codes(&answer)[0], "partial", "{answer}");
        let missing = &note(&answer, "partial").unwrap()["missing"];
        assert!(
            missing.as_array().unwrap().contains(&"commander".into()),
            "{answer}"
        );
    }
}

// ------------------------------------------------ a corpus written here

/// A 1E document of `entries` plus forty fillers that all hold "card" and
/// "play": words most of its rulings hold.
fn corpus(entries: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let names = [
        "Amber", "Birch", "Cedar", "Dune", "Ember", "Fjord", "Grove", "Heath", "Inlet", "Jetty",
        "Knoll", "Lagoon", "Marsh", "Nook", "Oasis", "Prairie", "Quarry", "Ridge", "Savanna",
        "Tundra", "Upland", "Valley", "Willow", "Yarrow", "Zephyr", "Aspen", "Basin", "Canyon",
        "Delta", "Estuary", "Fern", "Glade", "Harbor", "Isle", "Juniper", "Kelp", "Ledge",
        "Meadow", "Nectar", "Orchard",
    ];
    let mut body = String::from(
        "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\ntitle = \"Test Rulings\"\n+++\n\n",
    );
    body.push_str(entries);
    for (i, name) in names.iter().enumerate() {
        body.push_str(&format!(
            "\n{name} – You may play this card once; a card played so counts {i} times.\n"
        ));
    }
    fs::write(dir.path().join("test.md"), body).unwrap();
    dir
}

fn ask_in(corpus: &Path, words: &str) -> Value {
    let index = corpus.join(".index");
    let output = rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(corpus)
        .arg("--index")
        .arg(&index)
        .args(["search", "--json", words])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)))
}

#[test]
fn rare_words_outrank_a_topic_of_common_words() {
    let dir = corpus(
        "Card Play – Playing a card is an action of the player.\n\n\
         Tribble Bomb – When this card is played, every tribble in play explodes.\n",
    );
    let answer = ask_in(
        dir.path(),
        "can I play a card with a tribble when it is stopped",
    );
    assert_eq!(first(&answer).0, "tribble bomb", "{answer}");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    assert_eq!(
        note(&answer, "partial").unwrap()["missing"],
        serde_json::json!(["stopped"])
    );
    // "card" and "play" were left out: forty rulings hold them.
    let skipped = note(&answer, "skipped").unwrap()["words"].clone();
    for word in ["card", "play"] {
        assert!(
            skipped.as_array().unwrap().contains(&word.into()),
            "{skipped}"
        );
    }
}

#[test]
fn words_of_the_question_near_each_other_rank_first() {
    // Both rulings hold every word; the one that holds them together is
    // about what was asked, though it is the longer.
    let dir = corpus(
        "Scoring Order – At the end of the attempt the mission points are scored by the player who solved it.\n\n\
         Mission Table – A mission has a box. Points go in a pile. Nothing is scored twice.\n",
    );
    let answer = ask_in(dir.path(), "mission points scored");
    assert_eq!(first(&answer).0, "scoring order", "{answer}");
}

#[test]
fn a_bare_number_ranks_but_never_decides() {
    // A filler ruling holds "2"; the ruling on the card asked about does not.
    let dir = corpus("Tribble Bomb – When this card is played, every tribble explodes.\n");
    let answer = ask_in(dir.path(), "can I play 2 tribble bombs");
    assert_eq!(first(&answer).0, "tribble bomb", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn edition_words_filter_a_corpus_of_both_editions() {
    let dir = corpus("Tribble Bomb – When this card is played, every tribble explodes.\n");
    fs::write(
        dir.path().join("second.md"),
        "+++\nedition = \"2E\"\ndate = \"2021-01-01\"\ntitle = \"Second Rulings\"\n+++\n\n\
         Tribble Bomb – In this edition the bomb is a dilemma.\n",
    )
    .unwrap();
    for (query, edition) in [
        ("tribble bomb 2e", "2E"),
        ("second edition tribble bomb", "2E"),
        ("tribble bomb 1E", "1E"),
        ("first edition tribble bomb", "1E"),
    ] {
        let answer = ask_in(dir.path(), query);
        assert!(!hits(&answer).is_empty(), "{query}: {answer}");
        for hit in hits(&answer) {
            assert_eq!(hit["entry"]["edition"], edition, "{query}");
        }
        assert_eq!(note(&answer, "edition").unwrap()["to"], edition, "{query}");
    }
    // Without an edition word, both.
    let answer = ask_in(dir.path(), "tribble bomb");
    assert_eq!(hits(&answer).len(), 2, "{answer}");
}

#[test]
fn an_english_word_is_never_corrected_into_another() {
    let dir = corpus("Tribble Bomb – When this card is played, every tribble explodes.\n");
    // "bridge" is in no ruling, but it is a word: not "corrected" to one
    // of the documents' words spelled like it.
    let answer = ask_in(dir.path(), "tribble bridge");
    assert!(note(&answer, "corrected").is_none(), "{answer}");
    // A word that is no word at all is.
    let answer = ask_in(dir.path(), "tribbel bomb");
    let corrected = note(&answer, "corrected").unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(corrected["to"], "tribble");
    assert_eq!(first(&answer).0, "tribble bomb");
}

#[test]
fn a_word_split_or_joined_is_the_same_word() {
    let dir = corpus(
        "Mind Meld – A mind meld shares skills.\n\n\
         Spaceline – A spaceline is a row of missions.\n",
    );
    for (query, key) in [
        ("mindmeld", "mind meld"),
        ("mind meld", "mind meld"),
        ("space line", "spaceline"),
        ("space-line", "spaceline"),
    ] {
        let answer = ask_in(dir.path(), query);
        assert_eq!(first(&answer).0, key, "{query}: {answer}");
        assert!(note(&answer, "corrected").is_none(), "{query}: {answer}");
    }
}

/// An older release of `older` rulings and a release of 2014 that gathers
/// every ruling since a base document, of `gathering` rulings: the older
/// rulings it does not repeat stand as consolidated.
fn gathered_corpus(older: &str, gathering: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("old.md"),
        format!(
            "+++\nedition = \"1E\"\ndate = \"2000-01-01\"\ntitle = \"Old Rulings\"\n+++\n\n{older}"
        ),
    )
    .unwrap();
    fs::write(
        dir.path().join("new.md"),
        format!(
            "+++\nedition = \"1E\"\ndate = \"2014-01-01\"\ntitle = \"Gathered Rulings\"\n\
             kind = \"current-rulings\"\nsince = \"Glossary v1.0\"\n+++\n\n{gathering}"
        ),
    )
    .unwrap();
    dir
}

const OLD_ORDER: &str = "Mission Solving – You score the points, then earn the artifact.\n\n\
     Tribble Bomb – Every tribble explodes.\n";

/// A long ruling of the gathering release, on other things, with one
/// paragraph on the order of scoring and earning.
fn new_order(paragraph: &str) -> String {
    let other = "Each attempt is made by a crew or a team, with the personnel present at the \
                 location, and it ends when the crew is stopped or the dilemmas are gone.";
    format!(
        "Mission Attempts – Replace this entry with the following:\n\n{other}\n\n{paragraph}\n\n{other}\n"
    )
}

#[test]
fn the_gathering_releases_own_word_on_a_consolidated_ruling_comes_first() {
    let dir = gathered_corpus(
        OLD_ORDER,
        &new_order("When solved, you earn the artifact first, then score the points."),
    );
    let answer = ask_in(dir.path(), "do I score points before I earn the artifact");
    let topics = keys(&answer);
    assert_eq!(
        topics[..2],
        ["mission attempts", "mission solving"],
        "{answer}"
    );
    assert_eq!(hits(&answer)[1]["status"]["state"], "consolidated");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn the_newer_word_stands_in_for_the_ruling_it_re_says_against_a_rival() {
    // The gathering release's word comes first in the place of the
    // consolidated ruling; a third ruling scores about as that one does:
    // the words fit it about as well, and the answer says so.
    let gathering = format!(
        "Reward Order – You score the points, then you earn the artifact.\n\n{}",
        new_order("When solved, you earn the artifact first, then score the points.")
    );
    let dir = gathered_corpus(OLD_ORDER, &gathering);
    let answer = ask_in(dir.path(), "do I score points before I earn the artifact");
    assert_eq!(
        keys(&answer)[..3],
        ["mission attempts", "mission solving", "reward order"],
        "{answer}"
    );
    assert_eq!(codes(&answer)[0], "close", "{answer}");
    let close = note(&answer, "close").unwrap();
    assert_eq!(close["candidates"][0]["name"], "Reward Order", "{answer}");
    // Without the rival, nothing to say.
    let dir = gathered_corpus(
        OLD_ORDER,
        &new_order("When solved, you earn the artifact first, then score the points."),
    );
    let answer = ask_in(dir.path(), "do I score points before I earn the artifact");
    assert!(note(&answer, "close").is_none(), "{answer}");
}

#[test]
fn a_consolidated_ruling_the_question_names_keeps_its_place() {
    let dir = gathered_corpus(
        OLD_ORDER,
        &new_order("When solved, you earn the artifact first, then score the points."),
    );
    let answer = ask_in(dir.path(), "mission solving score points earn artifact");
    assert_eq!(first(&answer).0, "mission solving", "{answer}");
}

#[test]
fn words_spread_over_paragraphs_are_not_the_newer_word() {
    // The long ruling holds every word, but no paragraph holds them all.
    let dir = gathered_corpus(
        OLD_ORDER,
        &new_order("When solved, you earn the artifact.\n\nThe points are scored later."),
    );
    let answer = ask_in(dir.path(), "do I score points before I earn the artifact");
    assert_eq!(first(&answer).0, "mission solving", "{answer}");
}

#[test]
fn words_together_in_a_ruling_on_another_subject_are_not_the_newer_word() {
    // The gathering release's Ferengi Trade holds "once" and "turn" in one
    // paragraph, but its topic shares no word with *Once Each Turn*.
    let mut older = String::from(
        "Once Each Turn – A card limited to once each turn is used once per turn, whatever its copies.\n\n",
    );
    for name in ["Amber Gate", "Birch Hall", "Cedar Post", "Dune Rest"] {
        older.push_str(&format!("{name} – Once a turn this is moved.\n\n"));
    }
    let dir = gathered_corpus(
        &older,
        "Ferengi Trade – Once each turn, your personnel may report here.\n",
    );
    let answer = ask_in(dir.path(), "once per turn");
    assert_eq!(first(&answer).0, "once each turn", "{answer}");
    assert_eq!(hits(&answer)[0]["status"]["state"], "consolidated");
    // Nor a rare word that means another thing there: the requirement's
    // "x2" is not the attribute's "X=2".
    let dir = gathered_corpus(
        "Variable Attributes – An X in an attribute box, with X=2 or 7, is read when needed.\n",
        "Mission Requirements – If attribute requirements overlap, SECURITY x2 is used.\n",
    );
    let answer = ask_in(dir.path(), "x=2 attribute");
    assert_eq!(first(&answer).0, "variable attributes", "{answer}");
}

#[test]
fn an_abbreviation_is_read_as_the_name_it_initials() {
    // Bundled: "DS9" is also *Deep Space 9*, so the ruling on the Deep
    // Space 9 icon holds every word of the question.
    let answer = ask("does the DS9 icon do anything");
    assert_eq!(first(&answer), ("deep space 9 icon".into(), "1E".into()));
    let spelled = note(&answer, "spelled-out").unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(spelled["from"], "DS9");
    assert_eq!(spelled["words"], serde_json::json!(["deep space 9"]));
    assert!(note(&answer, "partial").is_none(), "{answer}");
    // A question that spells the name out itself is searched in its words.
    let answer = ask("lore says DS9 is that deep space 9");
    assert!(note(&answer, "spelled-out").is_none(), "{answer}");
    assert_eq!(first(&answer).0, "ds9", "{answer}");

    // Written here: a card named in a ruling, its initials, and an English
    // word that happens to be initials too, which is read as typed.
    let dir = corpus(
        "Temporal Flux Energy Ribbon – Its text applies once.\n\n\
         Gold Press Latinum – Trade it at Tulaberry Flats.\n\n\
         Grand Energy Link – Trade it once.\n",
    );
    let answer = ask_in(dir.path(), "tfer applies once");
    assert_eq!(first(&answer).0, "temporal flux energy ribbon", "{answer}");
    assert_eq!(
        note(&answer, "spelled-out").unwrap()["words"],
        serde_json::json!(["temporal flux energy ribbon"])
    );
    let answer = ask_in(dir.path(), "gpl trade");
    assert_eq!(first(&answer).0, "gold press latinum", "{answer}");
    // Initials of a whole name only: "tf" is *Tulaberry Flats* (a name the
    // ruling uses), never the first words of *Temporal Flux Energy Ribbon*.
    let answer = ask_in(dir.path(), "tf trade");
    assert_eq!(
        note(&answer, "spelled-out").unwrap()["words"],
        serde_json::json!(["tulaberry flats"])
    );
    // An English word is read as typed, whatever it initials.
    let answer = ask_in(dir.path(), "gel trade");
    assert!(note(&answer, "spelled-out").is_none(), "{answer}");
}

#[test]
fn a_redirect_comes_after_the_ruling_it_points_to_which_takes_its_place() {
    // The redirect's topic is the question's words; the ruling it points to
    // holds them in its text, and says more.
    let dir = corpus(
        "Persona Replacement – See **Exchanging Cards**.\n\n\
         Exchanging Cards – A persona replacement exchanges one card in play for another.\n",
    );
    let answer = ask_in(dir.path(), "persona replacement");
    let topics = keys(&answer);
    assert_eq!(
        topics[..2],
        ["exchanging cards", "persona replacement"],
        "{answer}"
    );
    // The ruling pointed to ranks below another on the words; it takes the
    // redirect's place, and holds the redirect's words: the question named
    // it through the redirect.
    let dir = corpus(
        "Persona Replacement – See **Exchanging Cards**.\n\n\
         Exchanging Cards – A replacement swaps a card in play for another of its kind.\n\n\
         Persona Rules – Cards of one persona share a name; no replacement of a persona \
         is made while it is stopped.\n",
    );
    let answer = ask_in(dir.path(), "persona replacement");
    assert_eq!(
        keys(&answer)[..3],
        ["exchanging cards", "persona replacement", "persona rules"],
        "{answer}"
    );
    assert!(note(&answer, "partial").is_none(), "{answer}");
    // A redirect to a ruling that is not among the hits keeps its place.
    let dir = corpus("Stop the Contact – See **Timeline Disruption**.\n");
    let answer = ask_in(dir.path(), "stop the contact");
    assert_eq!(first(&answer).0, "stop the contact", "{answer}");
}

#[test]
fn a_quoted_phrase_decides_when_no_ruling_has_the_other_words() {
    // No ruling holding the phrase has "include": the phrase decides, and
    // the answer says first what the ruling lacks.
    let answer = ask("what does \"on planet\" include");
    assert_eq!(first(&answer).0, "on planet", "{answer}");
    let partial = note(&answer, "partial").unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(partial["missing"], serde_json::json!(["include"]));
    assert_eq!(partial["message"], "the first ruling lacks: include");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    // A ruling with the phrase and the word still comes first.
    let answer = ask("cloaking \"once each turn\"");
    assert_eq!(first(&answer).0, "phasing cloak", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn a_topic_about_all_but_a_word_does_not_have_it() {
    // "(non-Borg)" scopes the ruling to every affiliation but Borg: a
    // question about Borg players is not answered by it, though its text
    // names Borg, so the answer says it lacks the word.
    let dir = corpus(
        "playing an affiliation (non-Borg) – You are a Romulan player if you have played \
         a Romulan personnel. See playing Borg.\n\n\
         Hive Link – Drones of the hive share one mind.\n",
    );
    let answer = ask_in(dir.path(), "am I a borg player after I played a borg drone");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    assert!(
        note(&answer, "partial").unwrap()["missing"]
            .as_array()
            .unwrap()
            .contains(&"borg".into()),
        "{answer}"
    );
    // Asked about the scope itself, or about an affiliation it covers, the
    // ruling answers whole.
    for words in ["non-Borg player played", "am I a romulan player"] {
        let answer = ask_in(dir.path(), words);
        assert_eq!(
            first(&answer).0,
            "playing an affiliation non borg",
            "{answer}"
        );
        assert!(note(&answer, "partial").is_none(), "{words}: {answer}");
    }
    // On the bundled corpus: the 2014 ruling is on non-Borg affiliations.
    let answer = ask("am I a borg player if I played one borg card");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
}

#[test]
fn punctuation_of_prose_is_not_query_syntax() {
    // "text:" before a space is a colon in a sentence, not the field
    // `text:`; a dash between spaces leaves nothing out.
    let answer = ask("2e conditional text: does the also sentence need the condition");
    assert_eq!(first(&answer), ("conditional effects".into(), "2E".into()));
    let answer = ask("away team meets a dilemma - are we stopped");
    assert!(
        !codes(&answer).contains(&"plain-words".to_string()),
        "{answer}"
    );
    // Written together, a field is still a field.
    let answer = ask("topic:towing");
    assert!(keys(&answer).iter().all(|k| k.contains("tow")), "{answer}");
}

#[test]
fn when_no_ruling_has_every_word_the_one_that_says_most_in_one_paragraph_leads() {
    // No ruling holds "transporter". The section holds the four other
    // words, one or two to a paragraph, and would rank first by them; the
    // ruling on beaming holds three, together: it speaks to the question,
    // the section only mentions its words.
    let dir = corpus(
        "Combat Rules – A ship fires at an opponent.\n\n\
         Personnel beam down first.\n\n\
         Equipment is lost with its ship.\n\n\
         Abnormal Beaming – A card that lets you beam to an opponent's site names what may \
         be beamed: equipment only if the card names it, and nothing else may go.\n",
    );
    let answer = ask_in(
        dir.path(),
        "can my transporter beam equipment to an opponent ship",
    );
    assert_eq!(first(&answer).0, "abnormal beaming", "{answer}");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    assert!(codes(&answer).contains(&"any-word".to_string()), "{answer}");
}

#[test]
fn the_punctuation_around_a_word_is_no_part_of_it() {
    // "nullified," is the word "nullified": the answer is the one without
    // the comma, and names its words without it.
    let question = "card I played to pay the cost gets nullified, does my action still go through";
    let with = ask(question);
    let without = ask(&question.replace(',', ""));
    assert_eq!(keys(&with), keys(&without));
    assert_eq!(with["notes"], without["notes"]);
    for n in with["notes"].as_array().unwrap() {
        for w in n["words"]
            .as_array()
            .into_iter()
            .chain(n["missing"].as_array())
            .flatten()
        {
            let w = w.as_str().unwrap();
            assert!(
                w.chars().all(|c| c.is_alphanumeric() || c == '\''),
                "{w}: {with}"
            );
        }
    }
    let answer = ask("cost nullified, action");
    assert_eq!(
        first(&answer),
        ("actions step 1 initiation".into(), "1E".into())
    );
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn the_determiners_of_two_name_nothing() {
    // "both" says how many players, not what they play: the ruling on two
    // players with copies of one mission answers, though it says "more
    // than one player", not "both".
    let answer = ask("if both of us play the same mission in 2e is it one mission");
    assert_eq!(first(&answer), ("missions".into(), "2E".into()), "{answer}");
    let skipped = note(&answer, "skipped").unwrap()["words"].clone();
    assert!(
        skipped.as_array().unwrap().contains(&"both".into()),
        "{skipped}"
    );
}

#[test]
fn apostrophes_are_letters_of_their_words_never_quotes() {
    // Between the apostrophes of "Captain's" and "DS9's" the grammar would
    // read a phrase, "s Log work for DS9", that no ruling holds.
    let answer = ask("does Captain's Log work for DS9's commander");
    assert!(!hits(&answer).is_empty(), "{answer}");
    assert_eq!(first(&answer).0, "facility commander", "{answer}");
    let skipped = note(&answer, "skipped").unwrap()["words"].clone();
    for word in ["does", "work", "for"] {
        assert!(
            skipped.as_array().unwrap().contains(&word.into()),
            "{skipped}"
        );
    }
    // The notes name a word with its apostrophe as typed.
    let answer = ask("zorblat's ship");
    assert_eq!(
        note(&answer, "partial").unwrap()["missing"],
        serde_json::json!(["zorblat's"])
    );
}

#[test]
fn a_common_word_left_out_still_counts_beside_its_neighbour() {
    // "card" is left out (forty rulings hold it), but "card draw" is a
    // term: the ruling that says it, with the question's other words,
    // comes before one that holds them all apart.
    let dir = corpus(
        "Battle Tactics – Each player draws a tactic, and a tactic is a card; drawing one \
         more is not allowed, and the first one chosen stays.\n\n\
         Side Decks – Drawing a tactic is no card draw.\n",
    );
    let answer = ask_in(dir.path(), "is drawing a tactic a card draw");
    assert_eq!(first(&answer).0, "side decks", "{answer}");
    let skipped = note(&answer, "skipped").unwrap()["words"].clone();
    assert!(
        skipped.as_array().unwrap().contains(&"card".into()),
        "{skipped}"
    );
}

#[test]
fn a_word_shortened_as_players_shorten_it_is_the_words_it_begins() {
    // "opp" is no word of English or of the documents: it is read as the
    // words it begins, the most used named in a note.
    let dir = corpus(
        "Boarding – You may beam onto your opponent's ship only with a card that allows it.\n\n\
         Hull Plating – Equipment aboard a ship protects the ship.\n",
    );
    let answer = ask_in(dir.path(), "beam equipment onto opp ship");
    assert_eq!(first(&answer).0, "boarding", "{answer}");
    let read = note(&answer, "spelled-out").unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(read["from"], "opp");
    assert_eq!(read["words"], serde_json::json!(["opponent"]));
    // Its plural too ("opps"), before any correction ("ops" is a card).
    let answer = ask_in(dir.path(), "beam equipment onto opps ship");
    assert_eq!(first(&answer).0, "boarding", "{answer}");
    assert_eq!(note(&answer, "spelled-out").unwrap()["from"], "opps");
    assert!(note(&answer, "corrected").is_none(), "{answer}");
    // A word of English is never read so ("mid" is not "middle").
    let answer = ask_in(dir.path(), "mid ship");
    assert!(note(&answer, "spelled-out").is_none(), "{answer}");
    // On the bundled corpus.
    let answer = ask("beam equipment onto opp ship");
    assert_eq!(
        first(&answer),
        ("beaming to abnormal locations".into(), "2E".into())
    );
}

#[test]
fn a_point_and_its_example_in_two_paragraphs_side_by_side_count_together() {
    // No ruling holds "put" with the rest. The ruling on personas says what
    // a persona is in one paragraph and what it means for the seed deck in
    // the next: together they hold four words of the question; the ruling
    // on seeding holds three in one.
    let dir = corpus(
        "Persona Rules – Missions with the location Vulcan are one persona.\n\n\
         No two of one persona go in your seed deck.\n\n\
         Seed Phase – You may put cards in your seed deck only while seeding.\n",
    );
    let answer = ask_in(dir.path(), "can I put missions on Vulcan in my seed deck");
    assert_eq!(first(&answer).0, "persona rules", "{answer}");
    assert!(codes(&answer).contains(&"any-word".to_string()), "{answer}");
}

#[test]
fn a_phrase_typed_as_one_hyphened_word_is_its_words_near_each_other() {
    // "when-facing-a-dilemma" names "facing" and "dilemma"; the ruling
    // says "when" personnel are "facing a dilemma", not the words as one.
    let dir = corpus(
        "Response Limits – An ability used when personnel are facing a dilemma works once.\n\n\
         Dilemma Pile – A dilemma is drawn from the pile.\n",
    );
    let answer = ask_in(dir.path(), "when-facing-a-dilemma ability");
    assert_eq!(first(&answer).0, "response limits", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn a_consolidated_ruling_whose_last_topic_part_the_question_names_keeps_its_place() {
    // "artifacts" is what the older ruling is on, the last part of its
    // topic: the gathering release's paragraph that holds the words is no
    // newer word on it.
    let dir = gathered_corpus(
        "mission solving – artifacts - You score the points, then earn the artifacts.\n\n\
         tribble bomb - Every tribble explodes.\n",
        &new_order("When solved, you earn the artifacts first, then score the points."),
    );
    let answer = ask_in(dir.path(), "do I score points before I earn artifacts");
    assert_eq!(first(&answer).0, "mission solving artifacts", "{answer}");
    // Without the part named, the newer word comes first.
    let answer = ask_in(dir.path(), "do I score points before I earn");
    assert_eq!(first(&answer).0, "mission attempts", "{answer}");
}

#[test]
fn an_irregular_verb_is_had_in_each_of_its_forms() {
    // "drew" is had in "drawn", "pay" in "paid": English makes these forms
    // with no ending a stemmer knows.
    // A verb made of a particle and one of them takes its forms:
    // "override" is had in "overridden".
    let dir = corpus(
        "Unused Dilemmas – Dilemmas drawn but not chosen go beneath the pile.\n\n\
         Dilemma Costs – Each dilemma has a cost, paid when it is chosen.\n\n\
         Forbidding Text – Text that forbids an action is overridden only by text that names it.\n",
    );
    for (question, topic) in [
        ("the dilemmas he drew", "unused dilemmas"),
        ("when do I pay a dilemma cost", "dilemma costs"),
        ("can text override a forbidding", "forbidding text"),
    ] {
        let answer = ask_in(dir.path(), question);
        assert_eq!(first(&answer).0, topic, "{answer}");
        assert!(note(&answer, "partial").is_none(), "{question}: {answer}");
    }
}

#[test]
fn two_rulings_the_words_fit_alike_are_said_first() {
    // Two rulings on other subjects hold the words alike: the order between
    // them is no answer, and the answer says so, naming the second.
    let dir = corpus(
        "Red Shift – A ship at warp may turn about.\n\n\
         Blue Shift – A ship at warp may turn aside.\n",
    );
    let answer = ask_in(dir.path(), "can a ship turn at warp");
    assert_eq!(codes(&answer)[0], "close", "{answer}");
    let close = note(&answer, "close").unwrap();
    let second = &hits(&answer)[1]["entry"]["topic"];
    assert_eq!(close["candidates"][0]["name"], *second, "{answer}");
    assert_eq!(close["candidates"][0]["edition"], "1E", "{answer}");
    // One that names the words in its topic is the answer: no note.
    let dir = corpus(
        "Warp Turns – A ship at warp may turn about.\n\n\
         Blue Shift – A ship at warp may turn aside.\n",
    );
    let answer = ask_in(dir.path(), "can a ship turn at warp");
    assert_eq!(first(&answer).0, "warp turns", "{answer}");
    assert!(note(&answer, "close").is_none(), "{answer}");

    // On the bundled corpus: a phased ship and Supernova are in the ruling
    // on Phased Matter and in the one on the Phasing Cloak, alike.
    let out = text(&["phased", "ship", "supernova"]);
    let first_line = out.lines().next().unwrap();
    assert!(
        first_line.starts_with("note: the next ruling, ") && first_line.contains("read both"),
        "{out}"
    );
    let answer = ask("ship damaged");
    assert!(note(&answer, "close").is_none(), "{answer}");
}

#[test]
fn a_verb_is_had_in_its_latin_noun() {
    // "respond" is had in "response", "resolve" in "resolution": nouns a
    // stemmer does not bring back to their verb.
    let dir = corpus(
        "Dilemma Rules – A dilemma is revealed face up, then its text is read.\n\n\
         Response Actions – A response to a dilemma is made after it is revealed.\n\n\
         Dilemma Resolution – Each dilemma resolution ends when its text is done.\n",
    );
    for (question, topic) in [
        ("can I respond to a dilemma", "response actions"),
        ("when do I resolve a dilemma", "dilemma resolution"),
    ] {
        let answer = ask_in(dir.path(), question);
        assert_eq!(first(&answer).0, topic, "{question}: {answer}");
        assert!(note(&answer, "partial").is_none(), "{question}: {answer}");
    }
}

#[test]
fn a_short_verb_is_had_in_the_forms_that_drop_its_e() {
    // "using" and "used" share only "us": the base "use" makes them forms
    // of one word.
    let dir = corpus(
        "Broadcast Effects – When a broadcast is used, it affects the personnel present.\n\n\
         Broadcast Range – A broadcast reaches the personnel present.\n\n\
         Tribble Cards – Using a tribble card is an action.\n",
    );
    let answer = ask_in(dir.path(), "personnel present when using a broadcast");
    assert_eq!(first(&answer).0, "broadcast effects", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn a_word_people_use_is_read_as_the_documents_word_and_said() {
    // The documents say "female"; a TD types "woman".
    let dir = corpus(
        "Gender Dilemmas – A dilemma that targets a female personnel passes over the others.\n\n\
         Dilemma Order – A dilemma targets personnel in the order of the stack.\n",
    );
    let answer = ask_in(dir.path(), "dilemma that targets a woman");
    assert_eq!(first(&answer).0, "gender dilemmas", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
    let said = note(&answer, "synonyms").unwrap();
    assert_eq!(said["from"], "woman", "{answer}");
    assert_eq!(said["words"], serde_json::json!(["female"]), "{answer}");
    // The documents' own word needs no note.
    let answer = ask_in(dir.path(), "dilemma that targets a female");
    assert!(note(&answer, "synonyms").is_none(), "{answer}");
}

#[test]
fn a_word_had_only_inside_the_name_of_something_else_is_lacked() {
    let dir = corpus(
        "Ship Systems – Special systems include Tractor Beam, Scan Shielding and Solar Sail.\n\n\
         Beaming – Personnel beam down to a planet.\n\n\
         Shield Values – The shields of a ship are printed on it.\n\n\
         Guessing Cards – Telepathic Alien Kidnappers may guess a card each turn.\n",
    );
    // "beam" and "shields" are ordinary words of the documents; the list
    // has them only in the names of two cards.
    let answer = ask_in(dir.path(), "beam through shields");
    assert_eq!(first(&answer).0, "ship systems", "{answer}");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    assert_eq!(
        note(&answer, "partial").unwrap()["missing"],
        serde_json::json!(["beam", "shields"]),
        "{answer}"
    );
    let message = note(&answer, "partial").unwrap()["message"].to_string();
    assert!(
        message.contains("only in names: Tractor Beam, Scan Shielding"),
        "{message}"
    );
    // A question that names the card has the word.
    let answer = ask_in(dir.path(), "tractor beam scan shielding");
    assert!(note(&answer, "partial").is_none(), "{answer}");
    // A word the documents use only in a name is the question naming it.
    let answer = ask_in(dir.path(), "kidnappers guess a card");
    assert_eq!(first(&answer).0, "guessing cards", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");

    // On the bundled corpus: *special equipment* lists Tractor Beam and
    // Long-Range Scan Shielding, and says nothing of beaming.
    let answer = ask("beam through shields 1e");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
}

#[test]
fn words_only_in_the_game_text_a_clarification_quotes_are_lacked() {
    // The clarification is on conditions; the question's words are all in
    // the card text it quotes as an example.
    let dir = corpus(
        "Conditional Text – Text after a condition is subject to it. For example: \
         \"While you lead, you may spend an extra counter each turn.\"\n",
    );
    let answer = ask_in(dir.path(), "how many counters can I spend each turn");
    assert_eq!(first(&answer).0, "conditional text", "{answer}");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    let message = note(&answer, "partial").unwrap()["message"].to_string();
    assert!(
        message.contains("only in the game text it quotes"),
        "{message}"
    );
    // A word of the question in the topic: the ruling is on it.
    let answer = ask_in(dir.path(), "conditional counter each turn");
    assert!(note(&answer, "partial").is_none(), "{answer}");
    // An erratum's quotation is its ruling.
    let dir = corpus(
        "Lucky Coin – This card has errata: \"You may spend an extra counter each turn.\"\n",
    );
    let answer = ask_in(dir.path(), "how many counters can I spend each turn");
    assert_eq!(first(&answer).0, "lucky coin", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
}

#[test]
fn words_a_ruling_holds_only_apart_are_said_first() {
    // A ruling on simultaneity speaks of end of turn actions in one
    // paragraph and of card draws in a list item: to a question on the
    // draw at end of turn it has the words by coincidence.
    let simultaneity = "Simultaneity – All end of turn actions happen at the same time.\n\n\
         - Lucky Gallery, Quiet Study: only one copy makes its card draws.\n";
    let dir = corpus(simultaneity);
    let answer = ask_in(dir.path(), "how many cards do I draw at end of turn");
    assert_eq!(first(&answer).0, "simultaneity", "{answer}");
    assert_eq!(codes(&answer)[0], "apart", "{answer}");
    assert_eq!(
        note(&answer, "apart").unwrap()["words"],
        serde_json::json!(["cards", "draw", "end", "turn"]),
        "{answer}"
    );
    // A question that names a card the ruling names is about it.
    let answer = ask_in(dir.path(), "lucky gallery draw at end of turn");
    assert!(note(&answer, "apart").is_none(), "{answer}");
    // One word is never apart.
    let answer = ask_in(dir.path(), "draws");
    assert!(note(&answer, "apart").is_none(), "{answer}");
    // The words in one paragraph: an answer.
    let dir = corpus(
        "Simultaneity – At the end of each turn, card draws happen first.\n\n\
         - Lucky Gallery: only one copy counts.\n",
    );
    let answer = ask_in(dir.path(), "how many cards do I draw at end of turn");
    assert_eq!(first(&answer).0, "simultaneity", "{answer}");
    assert!(note(&answer, "apart").is_none(), "{answer}");
    // A word of the question in the topic: the ruling is on it.
    let dir = corpus(&simultaneity.replace("Simultaneity", "Turn Timing"));
    let answer = ask_in(dir.path(), "how many cards do I draw at end of turn");
    assert_eq!(first(&answer).0, "turn timing", "{answer}");
    assert!(note(&answer, "apart").is_none(), "{answer}");

    // On the bundled corpus: *cumulative* has "end of turn actions" and a
    // gallery's "card draws", paragraphs apart; the documents do not say
    // how many cards a player draws.
    let answer = ask("how many cards do I draw at end of turn 1e");
    assert_eq!(codes(&answer)[0], "apart", "{answer}");
    assert_eq!(first(&answer).0, "cumulative", "{answer}");
}

#[test]
fn a_verb_whose_past_is_irregular_is_no_form_of_a_word_in_ed() {
    // "seed" is no past of "see": a ruling that says "see" lacks it.
    let dir = corpus(
        "Cross Reference – For dilemmas, see Dilemma Rules.\n\n\
         Seeding – Seed one mission under the spaceline.\n",
    );
    let answer = ask_in(dir.path(), "dilemmas I seed");
    assert!(codes(&answer).iter().any(|c| c == "any-word"), "{answer}");
    // On the bundled corpus: no ruling says how many dilemmas a player
    // seeds; *dilemmas – resolution* says "See …", and does not answer.
    let answer = ask("How many dilemmas am I allowed to seed under one mission?");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
}

#[test]
fn a_member_of_a_kind_is_read_also_as_its_kind_and_said() {
    // The documents rule on attacking "an affiliation"; a TD names the
    // Klingons.
    let dir = corpus(
        "Battle Restrictions – A card that lets you attack an affiliation lets you attack \
         any group that includes it.\n\n\
         Klingon Honor – Klingon cards keep their honor in a group.\n",
    );
    let answer = ask_in(dir.path(), "can I attack klingons in a mixed group");
    assert_eq!(first(&answer).0, "battle restrictions", "{answer}");
    let said = note(&answer, "kind").unwrap();
    assert_eq!(said["from"], "klingons", "{answer}");
    assert_eq!(
        said["words"],
        serde_json::json!(["affiliation"]),
        "{answer}"
    );
    // The Borg are ruled on apart from the affiliations: read as typed.
    let answer = ask_in(dir.path(), "can I attack borg in a mixed group");
    assert!(note(&answer, "kind").is_none(), "{answer}");

    // On the bundled corpus: *playing an affiliation (non-Borg)* says who
    // is "playing" an affiliation.
    let answer = ask("playing klingon means what");
    assert_eq!(
        first(&answer),
        ("playing an affiliation non borg".into(), "1E".into()),
        "{answer}"
    );
}

#[test]
fn a_slip_of_a_function_word_is_left_out_as_the_word_it_is() {
    // "wich" is nearest "which" and "with": words that name no ruling.
    let dir = corpus("Choosing – You choose which action comes first, with care.\n");
    let answer = ask_in(dir.path(), "who chooses wich action comes first");
    assert_eq!(first(&answer).0, "choosing", "{answer}");
    assert!(note(&answer, "corrected").is_none(), "{answer}");
    let skipped = note(&answer, "skipped").unwrap()["words"].to_string();
    assert!(skipped.contains("\"wich\""), "{answer}");
    // A slip of a word that names something is still corrected.
    let answer = ask_in(dir.path(), "who chooses wich acton comes first");
    assert_eq!(
        note(&answer, "corrected").unwrap()["to"],
        "action",
        "{answer}"
    );
}

#[test]
fn a_word_said_twice_is_one_word_of_the_question() {
    let dir = corpus("Turn Order – Each turn has phases in order.\n");
    let answer = ask_in(dir.path(), "can I finish my turn before my next turn");
    let partial = note(&answer, "partial").unwrap();
    assert_eq!(
        partial["missing"],
        serde_json::json!(["finish", "next"]),
        "{answer}"
    );
    let message = partial["message"].as_str().unwrap();
    assert!(message.contains("has 1 of the 3 words"), "{message}");
}

#[test]
fn a_word_the_documents_have_only_in_another_form_is_that_word() {
    // "hailled" is no word of the documents or of English, but a form of
    // "Hail" (a consonant doubled before "-ed"): it is read as the card.
    let dir = corpus(
        "Hail – A ship that Hail affects may not move or battle.\n\n\
         Combat – A ship may battle once each turn.\n",
    );
    let answer = ask_in(dir.path(), "hailled ship can it still battle");
    assert_eq!(first(&answer).0, "hail", "{answer}");
    assert!(note(&answer, "partial").is_none(), "{answer}");
    // On the bundled corpus, the same.
    let answer = ask("hailled ship can it still battle");
    assert_eq!(first(&answer), ("hail".into(), "1E".into()), "{answer}");
}

#[test]
fn what_a_question_of_how_many_counts_is_a_word_of_it() {
    // Every ruling here holds "card"; alone it names none. But "how many
    // cards" asks about cards: a ruling on drawing that says nothing of
    // them does not answer.
    let dir = corpus("Drawing – Draw from the top of your deck at the end of each turn.\n");
    let answer = ask_in(dir.path(), "how many cards do I draw");
    assert_eq!(first(&answer).0, "drawing", "{answer}");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
    assert_eq!(
        note(&answer, "partial").unwrap()["missing"],
        serde_json::json!(["cards"]),
        "{answer}"
    );
    // Elsewhere the common word is left out, as before.
    let answer = ask_in(dir.path(), "cards I draw at the end of each turn");
    assert!(note(&answer, "partial").is_none(), "{answer}");

    // On the bundled corpus: no ruling says how many cards a 2E dilemma
    // pile holds; *dilemmas* names the pile, not its size.
    let answer = ask("2e dilemma pile how many cards");
    assert_eq!(codes(&answer)[0], "partial", "{answer}");
}
