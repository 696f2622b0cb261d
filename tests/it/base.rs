//! Base documents (Glossary, Rulebook, Compendium) and the amendments of
//! later rulings applied to them, through the binary, on corpora written
//! for each case from the fixtures in `tests/fixtures/base/` and the
//! bundled rulings documents.

use crate::common;

use std::fs;
use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

const GLOSSARY: &str = "1e-2021-11-01-glossary.md";
const COMPENDIUM: &str = "1e-2022-10-03-compendium.md";
const RRD: &str = "1e-2022-11-07-rrd.md";
const CRD: &str = "1e-2014-11-03-crd.md";
const CR: &str = "1e-2000-03-27-cr.md";

/// A corpus folder written for one test.
struct Corpus {
    dir: TempDir,
}

impl Corpus {
    fn new() -> Corpus {
        Corpus {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// A base fixture, as written.
    fn fixture(self, name: &str) -> Corpus {
        let text = fs::read_to_string(Path::new("tests/fixtures/base").join(name)).unwrap();
        self.file(name, &text)
    }

    /// A bundled rulings document.
    fn bundled(self, name: &str) -> Corpus {
        let text = fs::read_to_string(Path::new("rulings").join(name)).unwrap();
        self.file(name, &text)
    }

    /// The fixture Glossary as a release of another date and title.
    fn glossary_of(self, date: &str, title: &str, edit: impl Fn(String) -> String) -> Corpus {
        let text = fs::read_to_string(Path::new("tests/fixtures/base").join(GLOSSARY)).unwrap();
        let text = text
            .replace("date = \"2021-11-01\"", &format!("date = \"{date}\""))
            .replace(
                "title = \"First Edition Glossary\"",
                &format!("title = \"{title}\""),
            );
        self.file(&format!("1e-{date}-glossary.md"), &edit(text))
    }

    fn file(self, name: &str, text: &str) -> Corpus {
        fs::write(self.dir.path().join(name), text).unwrap();
        self
    }

    /// (exit code, stdout, stderr).
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = common::rulings()
            .arg("--color")
            .arg("never")
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(self.dir.path())
            .args(args)
            .output()
            .unwrap();
        common::outcome(out)
    }

    fn out(&self, args: &[&str]) -> String {
        let (code, out, err) = self.run(args);
        assert_eq!(code, 0, "{args:?}: {err}\n{out}");
        out
    }

    fn json(&self, args: &[&str]) -> Value {
        let mut all = args.to_vec();
        all.push("--json");
        serde_json::from_str(&self.out(&all)).unwrap()
    }

    /// The one answer of `show TOPIC --json`, with extra arguments.
    fn answer(&self, topic: &str, extra: &[&str]) -> Value {
        let mut args = vec!["show", topic];
        args.extend_from_slice(extra);
        let v = self.json(&args);
        let answers = v["answers"].as_array().unwrap();
        assert_eq!(answers.len(), 1, "{v}");
        answers[0].clone()
    }
}

/// The text in force of a topic's answer (amended, else the entry's own).
fn text_in_force(answer: &Value) -> String {
    match answer["amended"]["text"].as_str() {
        Some(text) => text.to_string(),
        None => answer["entry"]["text"].as_str().unwrap().to_string(),
    }
}

const FINAL_SCORE: &str = "in your final score for the game (whether you win or lose)";
const DIFFERENTIAL: &str = "or for calculating differential";

#[test]
fn check_counts_each_shape_of_a_base_document() {
    let corpus = Corpus::new().fixture(GLOSSARY).fixture(COMPENDIUM);
    let out = corpus.out(&["check"]);
    assert!(
        out.contains("base document: 36 glossary entries, 0 numbered sections, 0 sidebars, 2 temporary rulings, 0 errata, 0 icons, 0 change log paragraphs"),
        "{out}"
    );
    assert!(
        out.contains("base document: 3 glossary entries, 8 numbered sections, 6 sidebars, 2 temporary rulings, 2 errata, 0 icons, 3 change log paragraphs"),
        "{out}"
    );
    let v = corpus.json(&["check"]);
    let compendium = v["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["file"].as_str().unwrap().ends_with(COMPENDIUM))
        .unwrap();
    assert_eq!(compendium["kind"]["value"], "compendium");
    assert_eq!(compendium["base"]["sections"], 8);
    // Each typed sidebar is an entry of its section.
    let topics: Vec<&str> = compendium["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect();
    for sidebar in [
        "7.4.3 Ship Battle – Clarifications: Multitargeting",
        "7.4.3 Ship Battle – Open Rules",
        "6.3.1 DUPLICATION AND PERSONAS – Borg Rule",
        "6.3.1 DUPLICATION AND PERSONAS – Exception",
        "4.2 Mission Phase – Tip",
    ] {
        assert!(topics.contains(&sidebar), "{sidebar}: {topics:?}");
    }
}

#[test]
fn a_base_is_known_by_its_title_without_front_matter() {
    let corpus = Corpus::new().file(
        "rules.md",
        "# First Edition Rulebook (2 May 2022)\n\n7.4.2: Personnel Battle\n\nTwo forces fight.\n\nTip: Count STRENGTH twice.\n",
    );
    let v = corpus.json(&["check"]);
    let doc = &v["documents"][0];
    assert_eq!(doc["kind"]["value"], "rulebook", "{v}");
    assert_eq!(doc["base"]["sections"], 1, "{v}");
    assert_eq!(doc["base"]["sidebars"], 1, "{v}");
    let a = corpus.answer("7.4.2", &[]);
    assert_eq!(a["topic"], "7.4.2 Personnel Battle");
}

#[test]
fn points_has_the_rrd_deletions_applied_and_cited() {
    let corpus = Corpus::new().fixture(GLOSSARY).bundled(RRD);
    let a = corpus.answer("points", &[]);
    let text = text_in_force(&a);
    assert!(!text.contains(FINAL_SCORE), "{text}");
    assert!(!text.contains(DIFFERENTIAL), "{text}");
    assert!(
        text.contains(
            "Bonus points count toward winning the game, unless the card says otherwise."
        ),
        "{text}"
    );
    assert_eq!(a["amended"]["base"]["release"], "1e-2021-11-01-glossary");
    let steps = a["amended"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{steps:?}");
    for step in steps {
        assert_eq!(step["applied"], true);
        assert_eq!(step["release"], "1e-2022-11-07-rrd");
        assert_eq!(step["date"], "2022-11-07");
        assert_eq!(step["line"], 122);
    }
    assert_eq!(steps[0]["removed"], FINAL_SCORE);

    let out = corpus.out(&["show", "points", "-v"]);
    assert!(
        out.contains("Text in force: Glossary 2021-11-01 — points"),
        "{out}"
    );
    assert!(out.contains("with 2 of 2 change(s) applied"), "{out}");
    // The struck words are marked in the text, and each change is cited.
    assert!(out.contains("[-in your final score"), "{out}");
    assert!(out.contains("1e-2022-11-07-rrd.md:122"), "{out}");
    assert!(out.contains("In the third paragraph, delete:"), "{out}");
    assert!(
        out.contains("Also in the third paragraph, delete:"),
        "{out}"
    );
}

#[test]
fn before_the_rrd_points_still_has_both_phrases() {
    let corpus = Corpus::new().fixture(GLOSSARY).bundled(RRD);
    for date in ["2022-01-01", "2022-11-06"] {
        let a = corpus.answer("points", &["--as-of", date]);
        assert!(a["amended"].is_null(), "{date}: {a}");
        let text = text_in_force(&a);
        assert!(text.contains(FINAL_SCORE), "{date}: {text}");
        assert!(text.contains(DIFFERENTIAL), "{date}: {text}");
        assert_eq!(a["entry"]["release"], "1e-2021-11-01-glossary");
    }
    let out = corpus.out(&["show", "points", "--as-of", "2022-01-01"]);
    assert!(!out.contains("[-"), "{out}");
    assert!(out.contains("or for calculating differential"), "{out}");
}

#[test]
fn each_amendment_takes_effect_on_its_own_date() {
    let corpus = Corpus::new().fixture(GLOSSARY).bundled(RRD).file(
        "1e-2022-01-03-rrd.md",
        "+++\nedition = \"1E\"\ndate = \"2022-01-03\"\ntitle = \"Recent Rulings Document\"\nkind = \"recent-rulings\"\n+++\n\n## GLOSSARY UPDATES\n\npoints –\n\nIn the first paragraph, delete:\n\nand by some other cards\n\nAdd the following bullet point:\n\n- Points from a dilemma count as bonus points.\n",
    );
    let steps = |date: &str| -> Vec<(String, bool)> {
        let a = corpus.answer("points", &["--as-of", date]);
        a["amended"]["steps"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|s| {
                        (
                            s["release"].as_str().unwrap().to_string(),
                            s["applied"].as_bool().unwrap(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(steps("2022-01-02").is_empty());
    assert_eq!(
        steps("2022-01-03"),
        [
            ("1e-2022-01-03-rrd".to_string(), true),
            // The entry has no list to add a bullet point to.
            ("1e-2022-01-03-rrd".to_string(), false),
        ]
    );
    assert_eq!(steps("2022-11-07").len(), 4);
    let a = corpus.answer("points", &["--as-of", "2022-11-07"]);
    let text = text_in_force(&a);
    assert!(
        text.starts_with("Points are scored by solving missions."),
        "{text}"
    );
    assert!(!text.contains(DIFFERENTIAL), "{text}");

    // The history gives each step, with its document (and, asked, the
    // file and line it was read from).
    let out = corpus.out(&["show", "points", "--history", "--verbose"]);
    let changes = &out[out.find("Changes, oldest first").unwrap()..];
    let first = changes.find("1e-2022-01-03-rrd.md:10").unwrap();
    let second = changes.find("1e-2022-11-07-rrd.md:122").unwrap();
    assert!(first < second, "{out}");
    assert!(
        out.contains("not applied: the base text has no such part"),
        "{out}"
    );
    assert!(out.contains("removed: “and by some other cards”"), "{out}");
}

/// The 2014 Current Rulings Document's instructions, on a Glossary that
/// came before it: (topic, words the text in force holds, words it no
/// longer holds).
const CRD_FORMS: &[(&str, &str, &str)] = &[
    (
        "actions – step 1: initiation",
        "Some actions require a specific card to be played as a cost",
        "",
    ),
    (
        "Alien Parasites",
        "they may not attempt missions. You may not attempt missions with them.",
        "You must follow all Borg Away Team restrictions.",
    ),
    (
        "Borg",
        "Objectives – [Borg] personnel may never begin or join mission attempts.",
        "Borg personnel may never attempt missions.",
    ),
    (
        "matching commander",
        "A personnel is a *matching commander* for a ship if either card",
        "if the ship's lore names that personnel",
    ),
    (
        "missions",
        "You may seed multiple copies of missions with the universal",
        "You may seed only one copy of a unique mission.",
    ),
    (
        "missions attempt",
        "A mission is solved, or completed, when the attempting crew",
        "A mission is solved when the requirements are met.",
    ),
    (
        "mission II",
        "Timicin scores 10 points",
        "work with the Mission II as well.",
    ),
    (
        "scouting location",
        "You may only scout a location that has a point box.",
        "",
    ),
    (
        "special equipment",
        "Special equipment currently includes Cloaking Device, Energy Dampener",
        "Special equipment includes Cloaking Device and Tractor Beam.",
    ),
    (
        "stopped",
        "- Stopped cards may be targeted in battle.\n- Your cards aboard your ship when it becomes \"unstopped\" are also \"unstopped\".",
        "",
    ),
    (
        "unique and universal",
        "Non-universal missions (including **Q's Planet**) and time locations are *not duplicatable*.",
        "Missions and time locations may be duplicated.",
    ),
    (
        "species",
        "In general, a personnel's species (singular or plural)",
        "A personnel's species is shown in its lore.",
    ),
    (
        "time location",
        "A card type representing a location in the past or future of the Star Trek universe.",
        "",
    ),
    (
        "Stop First Contact",
        "See **timeline disruption**.",
        "may be seeded only on the Earth",
    ),
];

fn crd_on_an_older_glossary() -> Corpus {
    Corpus::new()
        .glossary_of("2014-01-01", "First Edition Glossary v1.9.1", |t| t)
        .bundled(CRD)
}

#[test]
fn each_instruction_form_of_the_2014_crd_applies_to_an_older_glossary() {
    let corpus = crd_on_an_older_glossary();
    for (topic, holds, gone) in CRD_FORMS {
        let a = corpus.answer(topic, &[]);
        let steps = a["amended"]["steps"]
            .as_array()
            .unwrap_or_else(|| panic!("{topic}: {a}"));
        assert!(
            steps.iter().all(|s| s["applied"] == true),
            "{topic}: {steps:?}"
        );
        assert_eq!(steps[0]["release"], "1e-2014-11-03-crd", "{topic}");
        let text = text_in_force(&a);
        assert!(text.contains(holds), "{topic}: {text}");
        if !gone.is_empty() {
            assert!(!text.contains(gone), "{topic}: {text}");
        }
    }
}

#[test]
fn ordinals_of_one_amendment_name_the_paragraphs_it_was_given() {
    let corpus = crd_on_an_older_glossary();
    let text = text_in_force(&corpus.answer("missions attempt", &[]));
    // Added after the tenth paragraph; the eleventh (as given) replaced.
    let tenth = text
        .find("Requirements are met if the remaining personnel have every skill listed.")
        .unwrap();
    let added = text.find("Each listing of a skill").unwrap();
    let eleventh = text.find("A mission is solved, or completed").unwrap();
    assert!(tenth < added && added < eleventh, "{text}");
    let before = text_in_force(&corpus.answer("actions – step 1: initiation", &[]));
    assert!(
        before.find("Some actions require").unwrap() < before.find("Dilemma encounters").unwrap(),
        "{before}"
    );
}

#[test]
fn an_instruction_that_cannot_be_applied_is_shown_beside_the_base_text() {
    let corpus = crd_on_an_older_glossary();
    let v = corpus.json(&["show", "infiltration icon"]);
    let a = &v["answers"][0];
    let steps = a["amended"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps.iter().all(|s| s["applied"] == false), "{steps:?}");
    assert_eq!(steps[0]["failure"]["reason"], "no-instruction");
    assert_eq!(steps[1]["failure"]["reason"], "unclear");
    // Nothing guessed: the text in force is the base text.
    assert_eq!(a["amended"]["text"], a["amended"]["base"]["text"]);
    let notes: Vec<&Value> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["code"] == "amendment-not-applied")
        .collect();
    assert_eq!(notes.len(), 2, "{v}");

    let out = corpus.out(&["show", "infiltration icon"]);
    assert!(out.contains("with 0 of 2 change(s) applied"), "{out}");
    assert!(
        out.contains("not applied: the part it names cannot be found unambiguously"),
        "{out}"
    );
    assert!(
        out.contains("base text (Glossary 1.9.1 — infiltration icon"),
        "{out}"
    );
    assert!(out.contains("amendment (CRD 2014-11-03"), "{out}");
}

#[test]
fn words_that_are_not_there_are_not_deleted() {
    let corpus = Corpus::new().fixture(GLOSSARY).file(
        "1e-2022-02-07-rrd.md",
        "+++\nedition = \"1E\"\ndate = \"2022-02-07\"\ntitle = \"Recent Rulings Document\"\nkind = \"recent-rulings\"\n+++\n\n## GLOSSARY UPDATES\n\npoints –\n\nIn the second paragraph, delete:\n\nor for calculating differential\n",
    );
    let a = corpus.answer("points", &[]);
    assert_eq!(
        a["amended"]["steps"][0]["failure"]["reason"],
        "words-not-found"
    );
    assert!(text_in_force(&a).contains(DIFFERENTIAL));
    let out = corpus.out(&["show", "points"]);
    assert!(
        out.contains("not applied: the words to delete are not in that paragraph"),
        "{out}"
    );
}

#[test]
fn sections_are_found_by_number_and_by_title() {
    let corpus = Corpus::new().fixture(COMPENDIUM);
    for typed in ["7.4.2", "personnel battle", "7.4.2 Personnel Battle"] {
        let a = corpus.answer(typed, &[]);
        assert_eq!(a["topic"], "7.4.2 Personnel Battle", "{typed}");
        assert_eq!(a["entry"]["kind"], "rule");
    }
    assert_eq!(
        corpus.answer("6.3.1", &[])["topic"],
        "6.3.1 DUPLICATION AND PERSONAS"
    );
    // The RRD's "7.4.2: Personnel Battle & 7.4.3: Ship Battle" revises the
    // section it names by number.
    let corpus = corpus.bundled(RRD);
    for typed in ["7.4.2", "personnel battle"] {
        let a = corpus.answer(typed, &[]);
        assert_eq!(
            a["amended"]["base"]["topic"], "7.4.2 Personnel Battle",
            "{typed}"
        );
        assert_eq!(a["amended"]["steps"][0]["release"], "1e-2022-11-07-rrd");
        assert!(text_in_force(&a).contains("The battle proceeds in 6 stages:"));
    }
    // Each section the revision names has its own part of it, cut at the
    // head that names it; the closing editorial paragraph is no rule.
    let personnel = text_in_force(&corpus.answer("7.4.2", &[]));
    assert!(!personnel.contains("SHIP BATTLE"), "{personnel}");
    let a = corpus.answer("ship battle", &[]);
    assert_eq!(a["amended"]["base"]["topic"], "7.4.3 Ship Battle");
    assert_eq!(a["amended"]["steps"][0]["statement"], "Revise as follows:");
    assert_eq!(a["amended"]["steps"][0]["line"], 68);
    let ship = text_in_force(&a);
    assert!(
        ship.contains("A ship battle proceeds in 8 stages:"),
        "{ship}"
    );
    assert!(
        !ship.contains("There's only two functional change"),
        "{ship}"
    );
    // The sidebar instructions set in brackets inside it are said, not
    // applied.
    let refused: Vec<&str> = a["amended"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["applied"] == false)
        .map(|s| s["statement"].as_str().unwrap())
        .collect();
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(
        refused[0].starts_with("[Update Sidebar: Clarifications: Multitargeting"),
        "{refused:?}"
    );
    assert!(
        refused[1].starts_with("[SIDEBAR: Clarifications: Unusual Tactic Scenarios"),
        "{refused:?}"
    );
    // "Add a new sidebar" to 4.2.
    let a = corpus.answer("4.2", &[]);
    assert!(
        text_in_force(&a).contains("Shared Missions are Both Players'"),
        "{a}"
    );
}

#[test]
fn the_errata_appendix_answers_errata_for_its_cards() {
    let corpus = Corpus::new().fixture(COMPENDIUM);
    let out = corpus.out(&["errata", "alien parasites", "-v"]);
    assert!(out.contains("Seeds or plays on a planet."), "{out}");
    assert!(out.contains("1e-2022-10-03-compendium.md:83"), "{out}");
    let out = corpus.out(&["errata", "Continuing Mision"]);
    assert!(out.contains("download a mission-related card"), "{out}");
}

#[test]
fn temporary_rulings_of_a_base_are_temporary() {
    let corpus = Corpus::new().fixture(GLOSSARY);
    let a = corpus.answer("unique dilemmas", &[]);
    assert_eq!(a["entry"]["kind"], "temporary");
}

#[test]
fn a_newer_base_supersedes_the_older_and_what_it_does_not_reprint() {
    let corpus = Corpus::new()
        .fixture(GLOSSARY)
        .bundled(RRD)
        .glossary_of("2023-01-02", "First Edition Glossary", |t| {
            t.replace(
                "nullify – To cancel a card's effect; a nullified card is discarded unless it says otherwise.\n\n",
                "",
            )
            .replace(
                "Points may never go below zero.",
                "Points may go below zero.",
            )
        });
    let a = corpus.answer("points", &[]);
    assert_eq!(a["entry"]["release"], "1e-2023-01-02-glossary");
    assert!(a["amended"].is_null(), "{a}");
    let history: Vec<(&str, &str)> = a["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["release"].as_str().unwrap(),
                h["status"]["release"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        history,
        [
            ("1e-2022-11-07-rrd", "1e-2023-01-02-glossary"),
            ("1e-2021-11-01-glossary", "1e-2023-01-02-glossary"),
        ]
    );
    // A topic the newer base no longer holds is no longer in force.
    let a = corpus.answer("nullify", &[]);
    assert_eq!(a["status"]["state"], "superseded", "{a}");
    assert_eq!(a["status"]["release"], "1e-2023-01-02-glossary");
    // Before the newer base, the older one with its amendment.
    let a = corpus.answer("points", &["--as-of", "2022-12-01"]);
    assert_eq!(a["amended"]["base"]["release"], "1e-2021-11-01-glossary");
}

/// Topics of the fixture Glossary that the 2000 Current Rulings rule on
/// and the 2014 Current Rulings Document does not repeat.
const CONSOLIDATED: &[&str] = &["capturing", "card types", "cumulative", "exchanging cards"];

#[test]
fn no_answer_a_base_covers_says_check_the_glossary() {
    let without = Corpus::new().bundled(CR).bundled(CRD).bundled(RRD);
    for topic in CONSOLIDATED {
        let a = without.answer(topic, &[]);
        assert_eq!(a["status"]["state"], "consolidated", "{topic}: {a}");
    }
    let with = without.fixture(GLOSSARY);
    for topic in CONSOLIDATED {
        let a = with.answer(topic, &[]);
        assert_eq!(a["status"]["state"], "in-force", "{topic}: {a}");
        assert_eq!(a["entry"]["release"], "1e-2021-11-01-glossary", "{topic}");
        // The consolidated ruling stays in the history.
        assert_eq!(a["history"][0]["release"], "1e-2000-03-27-cr", "{topic}");
        let out = with.out(&["show", topic]);
        assert!(!out.contains("check the"), "{topic}: {out}");
    }
}

#[test]
fn diff_between_dates_shows_the_text_in_force_as_it_changed() {
    let corpus = Corpus::new().fixture(GLOSSARY).bundled(RRD);
    let out = corpus.out(&["diff", "2022-01-01", "2022-12-01"]);
    let points = &out[out.find("\n  points\n").unwrap()..];
    assert!(
        points.contains("[-in your final score for the game (whether you win\n    or lose) or for calculating differential,-] unless the card says otherwise."),
        "{out}"
    );
    // A revision is compared with the text it revised, not printed whole.
    let revised = &out[out.find("\n  become\n").unwrap()..out.find("\n  points\n").unwrap()];
    assert!(!revised.contains("Revise as follows"), "{revised}");
    assert!(!revised.contains("Clarifies that"), "{revised}");
    assert!(revised.contains("{+simultaneously+}"), "{revised}");
}

/// A Recent Rulings Document of `date` that amends `topic` with `body`.
fn rrd(date: &str, topic: &str, body: &str) -> String {
    format!("+++\nedition = \"1E\"\ndate = \"{date}\"\ntitle = \"Recent Rulings Document\"\nkind = \"recent-rulings\"\n+++\n\n## GLOSSARY UPDATES\n\n{topic} –\n\n{body}\n")
}

/// The fixture Glossary with an entry of 25 paragraphs, each saying its
/// place ("Widget paragraph 7."), in its alphabetical place.
fn glossary_with_widgets() -> Corpus {
    let widgets: Vec<String> = (1..=25).map(|n| format!("Widget paragraph {n}.")).collect();
    Corpus::new().glossary_of("2021-11-01", "First Edition Glossary", |text| {
        text.replace(
            "\naway team – ",
            &format!("\nawards – {}\n\naway team – ", widgets.join("\n\n")),
        )
    })
}

#[test]
fn an_ordinal_past_the_fifteenth_names_one_paragraph() {
    let corpus = glossary_with_widgets().file(
        "1e-2022-11-07-rrd.md",
        &rrd(
            "2022-11-07",
            "awards",
            "Replace the twentieth paragraph of this entry with the following: The new twentieth.\n\nIn the penultimate paragraph, delete:\n\nWidget",
        ),
    );
    let a = corpus.answer("awards", &[]);
    let text = text_in_force(&a);
    let steps = a["amended"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps.iter().all(|s| s["applied"] == true), "{steps:?}");
    assert!(!text.contains("Widget paragraph 20."), "{text}");
    assert!(
        text.contains("Widget paragraph 19.\n\nThe new twentieth.\n\nWidget paragraph 21."),
        "{text}"
    );
    assert!(
        text.contains("\n\nparagraph 24.\n\nWidget paragraph 25."),
        "{text}"
    );
    let out = corpus.out(&["show", "awards"]);
    assert!(out.contains("with 2 of 2 change(s) applied"), "{out}");
}

#[test]
fn an_ordinal_out_of_range_or_not_read_changes_nothing() {
    for (words, reason) in [
        ("thirtieth", "missing"),
        ("twenty-sixth", "missing"),
        ("0th", "no-instruction"),
        ("twentyfirst", "no-instruction"),
    ] {
        let corpus = glossary_with_widgets().file(
            "1e-2022-11-07-rrd.md",
            &rrd(
                "2022-11-07",
                "awards",
                &format!("Replace the {words} paragraph of this entry with the following:\n\nNot the text in force."),
            ),
        );
        let a = corpus.answer("awards", &[]);
        let steps = a["amended"]["steps"].as_array().unwrap();
        assert_eq!(steps.len(), 1, "{words}: {steps:?}");
        assert_eq!(steps[0]["applied"], false, "{words}");
        assert_eq!(steps[0]["failure"]["reason"], reason, "{words}");
        assert_eq!(
            a["amended"]["text"], a["amended"]["base"]["text"],
            "{words}"
        );
        let out = corpus.out(&["show", "awards"]);
        assert!(
            out.contains("with 0 of 1 change(s) applied"),
            "{words}: {out}"
        );
    }
}

#[test]
fn three_thousand_amendments_of_one_entry_answer_show_at_once() {
    let body: Vec<String> = (1..=3000)
        .map(|n| format!("Add the following after the last paragraph of this entry:\n\nPoint rule {n} applies."))
        .collect();
    let corpus = Corpus::new().fixture(GLOSSARY).file(
        "1e-2022-11-07-rrd.md",
        &rrd("2022-11-07", "points", &body.join("\n\n")),
    );
    corpus.out(&["index"]);
    let start = std::time::Instant::now();
    let a = corpus.answer("points", &[]);
    let took = start.elapsed();
    let text = text_in_force(&a);
    let steps = a["amended"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 3000);
    assert!(steps.iter().all(|s| s["applied"] == true));
    assert!(
        text.ends_with("Point rule 2999 applies.\n\nPoint rule 3000 applies."),
        "{}",
        &text[text.len() - 200..]
    );
    // Quadratic application took 16 s here; linear takes well under one.
    assert!(took.as_secs_f64() < 4.0, "show took {took:?}");
}

/// The Glossary fixture as published: banners, "GLOSSARY", a version line
/// and a date line, no front matter.
const GLOSSARY_BANNERS: &str = "1e-glossary-banner.md";
/// The Compendium fixture titled "Rules Compendium, Version 2.7.4 (3
/// October 2022)" under banners, no front matter.
const COMPENDIUM_VERSION_LINE: &str = "1e-compendium-version-line.md";

/// The report of `check --json` on the one document named `file`.
fn checked(corpus: &Corpus, file: &str) -> Value {
    let v = corpus.json(&["check"]);
    v["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["file"].as_str().unwrap().ends_with(file))
        .unwrap_or_else(|| panic!("{file}: {v}"))
        .clone()
}

#[test]
fn a_glossary_under_banners_is_a_glossary_and_check_names_its_title_line() {
    let corpus = Corpus::new().fixture(GLOSSARY_BANNERS);
    let doc = checked(&corpus, GLOSSARY_BANNERS);
    assert_eq!(doc["kind"]["value"], "glossary", "{doc}");
    assert_eq!(doc["kind"]["found"]["line"], 5, "{doc}");
    assert_eq!(doc["kind"]["cue"], "GLOSSARY", "{doc}");
    // Read as the same Glossary with front matter is: no banner became an
    // entry, and "Glossary" as a part heading still opens the entries.
    assert_eq!(doc["base"]["glossary"], 36, "{doc}");
    assert_eq!(doc["base"]["temporary"], 2, "{doc}");
    let topics: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["topic"].as_str().unwrap())
        .collect();
    assert_eq!(topics[0], "forces winning battles", "{topics:?}");
    let out = corpus.out(&["check"]);
    assert!(
        out.contains("kind glossary (line 5: \"GLOSSARY\")"),
        "{out}"
    );
}

#[test]
fn points_of_a_glossary_under_banners_has_the_rrd_deletions_applied() {
    let corpus = Corpus::new().fixture(GLOSSARY_BANNERS).bundled(RRD);
    let a = corpus.answer("points", &[]);
    assert_eq!(a["amended"]["base"]["release"], "1e-glossary-banner", "{a}");
    let text = text_in_force(&a);
    assert!(!text.contains(FINAL_SCORE), "{text}");
    assert!(!text.contains(DIFFERENTIAL), "{text}");
    assert!(
        text.contains(
            "Bonus points count toward winning the game, unless the card says otherwise."
        ),
        "{text}"
    );
    let steps = a["amended"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps.iter().all(|s| s["applied"] == true), "{steps:?}");
    let out = corpus.out(&["show", "points"]);
    assert!(out.contains("with 2 of 2 change(s) applied"), "{out}");
    assert!(out.contains("[-in your final score"), "{out}");
}

#[test]
fn a_compendium_titled_with_its_version_line_is_a_compendium() {
    let corpus = Corpus::new().fixture(COMPENDIUM_VERSION_LINE);
    let doc = checked(&corpus, COMPENDIUM_VERSION_LINE);
    assert_eq!(doc["kind"]["value"], "compendium", "{doc}");
    assert_eq!(
        doc["kind"]["cue"], "Rules Compendium, Version 2.7.4 (3 October 2022)",
        "{doc}"
    );
    // The same parts as the Compendium with front matter.
    assert_eq!(doc["base"]["sections"], 8, "{doc}");
    assert_eq!(doc["base"]["sidebars"], 6, "{doc}");
    assert_eq!(doc["base"]["temporary"], 2, "{doc}");
    assert_eq!(doc["base"]["errata"], 2, "{doc}");
    assert_eq!(doc["base"]["glossary"], 3, "{doc}");
    assert_eq!(doc["date"]["value"], "2022-10-03", "{doc}");
    let a = corpus.answer("7.4.2", &[]);
    assert_eq!(a["topic"], "7.4.2 Personnel Battle");
}
