//! `rulings show` and `rulings errata`: the ruling in force, as of a date,
//! with history and cross-references, on the real corpus and on small
//! corpora written for the case.

use crate::common;

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn rulings() -> Command {
    let mut cmd = common::rulings();
    cmd.arg("--color").arg("never");
    cmd
}

/// A corpus of one 1E document of 2020-01-01 holding `body`.
fn one_document(body: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(dir.path(), "a.md", "1E", "2020-01-01", body);
    dir
}

/// Runs the bundled corpus; returns (exit code, stdout, stderr).
fn ask(args: &[&str]) -> (i32, String, String) {
    let out = rulings().args(args).output().unwrap();
    common::outcome(out)
}

/// The one answer of a `show` or `errata` object that found one.
fn one(v: &Value) -> &Value {
    let list = v
        .get("answers")
        .or_else(|| v.get("errata"))
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no answers in {v}"));
    assert_eq!(list.len(), 1, "{v}");
    &list[0]
}

fn ask_json(args: &[&str]) -> Value {
    let (code, out, err) = ask(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn in_corpus(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    common::outcome(out)
}

#[test]
fn time_location_today_is_the_2014_ruling() {
    let v = ask_json(&["show", "time location", "--json"]);
    assert_eq!(one(&v)["edition"], "1E");
    assert_eq!(one(&v)["status"]["state"], "in-force");
    assert_eq!(one(&v)["entry"]["release"], "1e-2014-11-03-crd");
    assert_eq!(one(&v)["history"][0]["release"], "1e-2000-03-27-cr");
    assert_eq!(one(&v)["history"][0]["status"]["state"], "superseded");
    assert_eq!(
        one(&v)["history"][0]["status"]["release"],
        "1e-2014-11-03-crd"
    );
}

#[test]
fn time_location_in_2010_is_the_2000_ruling() {
    let v = ask_json(&["show", "time location", "--as-of", "2010-01-01", "--json"]);
    assert_eq!(one(&v)["entry"]["release"], "1e-2000-03-27-cr");
    assert_eq!(one(&v)["status"]["state"], "in-force");
    assert_eq!(one(&v)["history"].as_array().unwrap().len(), 0);
    // The day a release is dated, it is in force.
    let v = ask_json(&["show", "time location", "--as-of", "2014-11-03", "--json"]);
    assert_eq!(one(&v)["entry"]["release"], "1e-2014-11-03-crd");
}

#[test]
fn nothing_is_in_force_before_the_first_release() {
    let (code, out, err) = ask(&["show", "time location", "--as-of", "1999-12-31"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("nothing in force on `time location` as of 1999-12-31"),
        "{err}"
    );
    assert!(
        err.contains("first ruled later: time location (1E, 2000-03-27)"),
        "{err}"
    );
}

#[test]
fn a_topic_quoted_in_one_release_and_not_the_other_is_one_topic() {
    // 2000: `"stopped"`; 2014: `stopped`.
    let v = ask_json(&["show", "stopped", "--json"]);
    assert_eq!(one(&v)["entry"]["topic"], "stopped");
    assert_eq!(one(&v)["history"][0]["topic"], "\"stopped\"");
}

#[test]
fn a_redirect_and_a_chain_of_references_are_followed() {
    let v = ask_json(&["show", "Dabo", "--json"]);
    assert_eq!(one(&v)["entry"]["kind"], "redirect");
    let see: Vec<&str> = one(&v)["see"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["topic"].as_str().unwrap())
        .collect();
    assert_eq!(
        see,
        [
            "Writ of Accountability",
            "Horga'hn",
            "tournament scoring – forfeited games"
        ]
    );
    assert!(one(&v)["see"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["entry"].is_object()));
}

#[test]
fn a_reference_that_leaves_the_corpus_says_where_it_lives() {
    let v = ask_json(&["show", "Stop First Contact", "--json"]);
    assert_eq!(one(&v)["see"][0]["topic"], "timeline disruption");
    assert!(one(&v)["see"][0]["entry"].is_null());
    assert_eq!(
        one(&v)["see"][0]["where"],
        "not in these documents; the Glossary"
    );
    let (_, out, _) = ask(&["show", "7.4.2 personnel battle"]);
    assert!(
        out.contains("7.5: Damage and Repairs — not in these documents; the Rulebook"),
        "{out}"
    );
}

#[test]
fn a_topic_in_both_editions_is_shown_for_both_unless_one_is_chosen() {
    let v = ask_json(&["show", "missions", "--json"]);
    let editions: Vec<&str> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["edition"].as_str().unwrap())
        .collect();
    assert_eq!(editions, ["1E", "2E"]);
    let v = ask_json(&["show", "missions", "--edition", "2e", "--json"]);
    assert_eq!(one(&v)["edition"], "2E");
}

#[test]
fn a_name_rulings_use_is_never_said_to_be_absent() {
    // "Quark" is in the documents only inside "Pel and Quark", a ruling's
    // words: the answer points there, and says nothing of absence.
    for command in ["show", "errata"] {
        let (code, _, err) = ask(&[command, "quark"]);
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains("but rulings use it: romantic partner (1E)"),
            "{err}"
        );
        assert!(!err.contains("in these documents"), "{err}");
        let (_, out, _) = ask(&[command, "quark", "--json"]);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["used_in"],
            serde_json::json!([{ "name": "romantic partner", "edition": "1E" }])
        );
    }
    // A name used nowhere is absent.
    let (code, _, err) = ask(&["errata", "captain proton"]);
    assert_eq!(code, 1);
    assert!(err.contains("in these documents"), "{err}");
}

#[test]
fn edition_words_in_a_name_are_the_edition() {
    for name in ["missions 2e", "second edition missions", "2E missions"] {
        let (code, out, err) = ask(&["show", name, "--json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(one(&v)["edition"], "2E", "{name}");
        assert_eq!(v["notes"][0]["code"], "edition", "{name}");
        assert_eq!(v["notes"][0]["to"], "2E", "{name}");
        assert_eq!(err, "", "{name}: the note is in the answer");
        let (_, _, err) = ask(&["show", name]);
        assert!(err.contains("as the edition: 2E only"), "{name}: {err}");
    }
    // Liberty's errata are 1E: asked of 2E, there are none.
    let (code, _, err) = ask(&["errata", "liberty", "2e"]);
    assert_eq!(code, 1, "{err}");
    let (code, out, _) = ask(&["errata", "liberty", "first", "edition"]);
    assert_eq!(code, 0);
    assert!(out.contains("Liberty"), "{out}");
}

#[test]
fn consolidated_rulings_are_not_presented_as_plainly_in_force() {
    let v = ask_json(&["show", "once each turn", "--json"]);
    assert_eq!(one(&v)["status"]["state"], "consolidated");
    assert_eq!(one(&v)["status"]["since"], "Glossary v1.9.1");
    let v = ask_json(&["show", "once each turn", "--as-of", "2014-11-02", "--json"]);
    assert_eq!(one(&v)["status"]["state"], "in-force");
}

#[test]
fn a_deleted_glossary_entry_is_rescinded() {
    let v = ask_json(&["show", "Kathleen Tonell", "--json"]);
    assert_eq!(one(&v)["status"]["state"], "rescinded");
}

#[test]
fn errata_are_found_from_a_misspelt_card_name() {
    let v = ask_json(&["errata", "ferengi militery operation", "--json"]);
    assert_eq!(v["card"], "ferengi militery operation");
    assert_eq!(one(&v)["card"], "Ferengi Military Operations");
    assert_eq!(one(&v)["exact"], false);
    assert_eq!(one(&v)["edition"], "1E");
    assert_eq!(one(&v)["entry"]["kind"], "erratum");
    let (code, out, _) = ask(&["errata", "ferengi militery operation"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("note: no errata for `ferengi militery operation`; showing the closest card, `Ferengi Military Operations`"), "{out}");
}

#[test]
fn an_erratum_keeps_every_line_shaped_like_a_legend() {
    // The probe results print as `[?]: "Oooh." Draw one card.`: an icon
    // legend's shape, inside the entry.
    let (code, out, _) = ask(&["errata", "visit cochrane memorial"]);
    assert_eq!(code, 0);
    for result in [
        "[?]: \"Oooh.\" Draw one card.",
        "[?]: \"Aaaaah.\" Play one personnel to planet.",
        "[?]: \"Wow!\" Download probe card (or a copy).",
        "[?]: \"I thought it'd be bigger.\" Discard one card.",
    ] {
        assert!(out.contains(result), "{result} missing from\n{out}");
    }
}

#[test]
fn the_full_errata_list_is_sorted_and_labelled() {
    let v = ask_json(&["errata", "--json"]);
    assert!(v["card"].is_null());
    let cards: Vec<&str> = v["errata"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["card"].as_str().unwrap())
        .collect();
    assert_eq!(
        cards,
        [
            "Brilgar",
            "Continuing Mission",
            "Ferengi Military Operations",
            "Going to the Top",
            "HQ: Defensive Measures",
            "Liberty",
            "Phased Matter",
            "Sam Lavelle",
            "Visit Cochrane Memorial",
        ]
    );
    assert!(v["errata"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["edition"] == "1E"));
}

#[test]
fn a_card_with_rulings_but_no_errata_points_to_show() {
    let (code, _, err) = ask(&["errata", "Writ of Accountability"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no errata for Writ of Accountability as of")
            && err.contains("it has 1 ruling on Writ of Accountability (1E)"),
        "{err}"
    );
    assert!(
        err.contains("rulings show \"Writ of Accountability\""),
        "{err}"
    );
}

#[test]
fn bad_dates_and_editions_are_bad_usage() {
    let (code, _, err) = ask(&["show", "time location", "--as-of", "yesterday-ish"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid value 'yesterday-ish' for '--as-of <DATE>'")
            && err.contains("(use YYYY-MM-DD"),
        "{err}"
    );
    let (code, _, _) = ask(&["show", "time location", "--edition", "3e"]);
    assert_eq!(code, 2);
}

#[test]
fn several_close_topics_are_offered_not_guessed() {
    let dir = one_document("Sam Lavelle –\n\nOne.\n\nSam Lavell –\n\nTwo.\n");
    let (code, out, err) = in_corpus(dir.path(), &["show", "Sam Lavele"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains(
            "several topics fit `Sam Lavele` (1E); which one? Sam Lavelle (1E), Sam Lavell (1E)"
        ),
        "{err}"
    );
}

/// What `show` and `errata` make of a typed name, as JSON (exit code, found,
/// known, the topic or card answered).
fn read_as(command: &str, typed: &str) -> (i32, Value) {
    let (code, out, err) = ask(&[command, typed, "--json"]);
    (
        code,
        serde_json::from_str(&out).unwrap_or_else(|_| panic!("{out}{err}")),
    )
}

#[test]
fn one_look_up_for_show_and_errata() {
    // Exact, up to case, punctuation and plurals.
    let (code, v) = read_as("errata", "LIBERTY");
    assert_eq!((code, one(&v)["card"].as_str()), (0, Some("Liberty")));
    let (code, v) = read_as("show", "liberty");
    assert_eq!((code, one(&v)["topic"].as_str()), (0, Some("Liberty")));
    // Abbreviated and begun words.
    for command in ["show", "errata"] {
        let (code, v) = read_as(command, "ferengi military ops");
        assert_eq!(code, 0, "{command}");
        assert_eq!(
            one(&v)["entry"]["topic"],
            "Ferengi Military Operations",
            "{command}"
        );
        let (code, v) = read_as(command, "hq defensive");
        assert_eq!(code, 0, "{command}");
        assert_eq!(
            one(&v)["entry"]["topic"],
            "HQ: Defensive Measures",
            "{command}"
        );
    }
    // Misspelt.
    for command in ["show", "errata"] {
        let (code, v) = read_as(command, "Ferengi Militery Operations");
        assert_eq!(code, 0, "{command}");
        assert_eq!(
            one(&v)["entry"]["topic"],
            "Ferengi Military Operations",
            "{command}"
        );
    }
    // Unknown (named nowhere in the documents): exit 1, known false.
    for command in ["show", "errata"] {
        let (code, v) = read_as(command, "captain proton");
        assert_eq!(code, 1, "{command}");
        assert_eq!(
            (v["found"].as_bool(), v["known"].as_bool()),
            (Some(false), Some(false))
        );
    }
    // Known, but nothing of that kind: errata of a card with rulings only.
    let (code, v) = read_as("errata", "Writ of Accountability");
    assert_eq!(code, 1);
    assert_eq!(
        (v["found"].as_bool(), v["known"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(v["name"], "Writ of Accountability");
}

#[test]
fn ambiguous_names_are_offered_by_show_and_errata_alike() {
    let dir = one_document(
        "Sam Lavelle – Erratum: Now has Navigation.\n\nSam Lavell – Erratum: Now has Honor.\n",
    );
    for command in ["show", "errata"] {
        let (code, out, _) = in_corpus(dir.path(), &[command, "Sam Lavele", "--json"]);
        assert_eq!(code, 1, "{command}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["known"], false, "{command}");
        assert_eq!(
            v["candidates"],
            serde_json::json!([
                { "name": "Sam Lavelle", "edition": "1E" },
                { "name": "Sam Lavell", "edition": "1E" }
            ]),
            "{command}"
        );
    }
}

#[test]
fn a_topic_deleted_later_is_rescinded_with_its_history() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2010-01-01",
        "cloaking –\n\nShips may cloak.\n",
    );
    common::write_document(
        dir.path(),
        "b.md",
        "1E",
        "2012-01-01",
        "cloaking –\n\nThis Glossary entry has been deleted.\n",
    );
    let (code, out, _) = in_corpus(dir.path(), &["show", "cloaking", "--history", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(one(&v)["status"]["state"], "rescinded");
    assert_eq!(one(&v)["history"][0]["status"]["state"], "rescinded");
    assert_eq!(one(&v)["history"][0]["text"], "Ships may cloak.");
    let (_, out, _) = in_corpus(
        dir.path(),
        &["show", "cloaking", "--as-of", "2011-01-01", "--json"],
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(one(&v)["status"]["state"], "in-force");
}

#[test]
fn a_cycle_of_references_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2010-01-01",
        "alpha –\n\nSee **beta**.\n\nbeta –\n\nText. See **gamma, alpha**.\n\ngamma –\n\nText. See **beta**.\n",
    );
    let (code, out, _) = in_corpus(dir.path(), &["show", "alpha", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let see: Vec<&str> = one(&v)["see"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["topic"].as_str().unwrap())
        .collect();
    assert_eq!(see, ["beta", "gamma"]);
}

#[test]
fn two_releases_on_one_date_go_by_corpus_order() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "2E",
        "2015-01-01",
        "naming a number –\n\nFirst wording.\n",
    );
    common::write_document(
        dir.path(),
        "b.md",
        "2E",
        "2015-01-01",
        "naming a number –\n\nSecond wording.\n",
    );
    let (_, out, _) = in_corpus(dir.path(), &["show", "naming a number", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(one(&v)["entry"]["text"], "Second wording.");
    assert_eq!(one(&v)["history"][0]["status"]["by"], "b:6");
}

#[test]
fn an_entry_with_its_own_date_counts_from_that_date() {
    let dir = tempfile::tempdir().unwrap();
    // An older release printed a ruling dated after a later release.
    fs::write(
        dir.path().join("a.md"),
        "Second Edition\nSet Up 2016-09-19\nDated wording.\n\nAncient Grudge 2015-01-01\nOld.\n",
    )
    .unwrap();
    common::write_document(
        dir.path(),
        "b.md",
        "2E",
        "2016-05-01",
        "Set Up –\n\nRelease wording.\n",
    );
    let at = |date: &str| {
        let (_, out, _) = in_corpus(dir.path(), &["show", "set up", "--as-of", date, "--json"]);
        one(&serde_json::from_str::<Value>(&out).unwrap())["entry"]["text"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(at("2016-06-01"), "Release wording.");
    assert_eq!(at("2016-09-19"), "Dated wording.");
}

/// The dozen questions whose whole answers are pinned, each read against the
/// documents: (snapshot name, arguments).
const QUESTIONS: &[(&str, &[&str])] = &[
    ("time_location", &["show", "time location", "--history"]),
    (
        "time_location_2010",
        &["show", "time location", "--as-of", "2010-01-01"],
    ),
    ("dabo_chain", &["show", "dabo"]),
    ("stop_first_contact", &["show", "Stop First Contact"]),
    ("big_picture", &["show", "big picture"]),
    ("missions_both_editions", &["show", "missions"]),
    ("stopped_history", &["show", "stopped", "--history"]),
    ("kathleen_tonell", &["show", "Kathleen Tonell"]),
    ("errata_typo", &["errata", "Ferengi Militery Operations"]),
    ("errata_all", &["errata"]),
    ("errata_phased_matter", &["errata", "phased matter"]),
    ("set_up_2e", &["show", "set up", "--edition", "2e"]),
];

const JSON_QUESTIONS: &[(&str, &[&str])] = &[
    (
        "time_location_json",
        &["show", "time location", "--as-of", "2025-01-01", "--json"],
    ),
    (
        "access_denied_json",
        &["show", "access denied", "--as-of", "2025-01-01", "--json"],
    ),
    (
        "errata_liberty_json",
        &["errata", "liberty", "--as-of", "2025-01-01", "--json"],
    ),
];

#[test]
fn pinned_answers_in_plain_text() {
    for (name, args) in QUESTIONS {
        let (code, out, _) = ask(args);
        assert_eq!(code, 0, "{name}");
        insta::assert_snapshot!(*name, out);
    }
}

#[test]
fn pinned_answers_in_json() {
    for (name, args) in JSON_QUESTIONS {
        let v = ask_json(args);
        insta::assert_json_snapshot!(*name, v);
    }
}

#[test]
fn a_plural_slip_in_any_word_is_forgiven() {
    // "away teams": the topic is *Away Team and crew*.
    for typed in ["away teams", "away team", "Away-Teams and crews"] {
        let (code, v) = read_as("show", typed);
        assert_eq!(code, 0, "{typed}");
        assert_eq!(one(&v)["entry"]["topic"], "Away Team and crew", "{typed}");
    }
    let dir = one_document("Parties of Wolves - Erratum: Now has Honor.\n\nknife - Blades are weapons.\n\nknives - Blades are weapons, all of them.\n");
    for command in ["show", "errata"] {
        // A slip in the first word, in the last, and in both.
        for typed in ["party of wolves", "parties of wolf", "Party of Wolf"] {
            let (code, out, err) = in_corpus(dir.path(), &[command, typed, "--json"]);
            assert_eq!(code, 0, "{command} {typed}: {err}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(
                one(&v)["entry"]["topic"],
                "Parties of Wolves",
                "{command} {typed}"
            );
        }
    }
    // The exact topic beats the word form of another.
    let (code, out, _) = in_corpus(dir.path(), &["show", "knives", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(one(&v)["entry"]["text"], "Blades are weapons, all of them.");
}

#[test]
fn a_name_typed_in_another_order_or_written_out_is_found() {
    // The documents head a ruling general term first ("dilemmas –
    // DNA-related"); a TD says it the English way round ("DNA dilemmas"),
    // and writes out what the documents abbreviate ("HQ").
    for (command, typed, topic) in [
        ("show", "dna dilemmas", "dilemmas – DNA-related"),
        ("show", "personnel movement", "movement – personnel"),
        (
            "errata",
            "headquarters defensive measures",
            "HQ: Defensive Measures",
        ),
        // English words up to their stems, in another order.
        (
            "show",
            "headquarters substitution",
            "Substituting for a Headquarters",
        ),
        // A name typed with words around it.
        ("errata", "brilgar lore", "Brilgar"),
        ("show", "the wake of the borg card", "The Wake of the Borg"),
    ] {
        let (code, v) = read_as(command, typed);
        assert_eq!(code, 0, "{command} {typed}: {v}");
        assert_eq!(one(&v)["entry"]["topic"], topic, "{command} {typed}");
    }
    let dir = one_document("weapons – ship-mounted - Fire once.\n\nweapons – hand - Carry one.\n\nHQ: Orbital Docks - Erratum: Seeds free.\n\nBeware of Q - Q is Q.\n");
    for (typed, topic) in [
        ("ship mounted weapons", "weapons – ship-mounted"),
        ("hand weapon", "weapons – hand"),
        ("headquarters orbital docks", "HQ: Orbital Docks"),
    ] {
        let (code, out, err) = in_corpus(dir.path(), &["show", typed, "--json"]);
        assert_eq!(code, 0, "{typed}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(one(&v)["entry"]["topic"], topic, "{typed}");
    }
    // "Q" is a letter, not an abbreviation of "quark".
    let (code, _, _) = in_corpus(dir.path(), &["show", "quark", "--json"]);
    assert_eq!(code, 1);
}

#[test]
fn a_name_of_the_other_edition_is_never_said_to_be_absent() {
    for (command, typed, edition, name, other) in [
        (
            "errata",
            "continuing mission",
            "2e",
            "Continuing Mission",
            "1E",
        ),
        ("show", "ancient grudge", "1e", "Ancient Grudge", "2E"),
    ] {
        let (code, out, err) = ask(&[command, typed, "--edition", edition]);
        assert_eq!(code, 1, "{err}");
        assert_eq!(out, "");
        assert!(
            err.contains(&format!("the other edition has it: {name} ({other})"))
                && err.contains(&format!("add `--edition {}`", other.to_lowercase())),
            "{err}"
        );
        assert!(!err.contains("in these documents"), "{err}");
        let (code, out, _) = ask(&[command, typed, "--edition", edition, "--json"]);
        assert_eq!(code, 1);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["did_you_mean"][0],
            serde_json::json!({ "name": name, "edition": other })
        );
    }
}

#[test]
fn a_slip_that_fits_two_topics_is_offered_not_guessed() {
    let dir = one_document("Away Team - One.\n\nAway Teams - Two.\n");
    let (code, out, _) = in_corpus(dir.path(), &["show", "aways team", "--json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["candidates"],
        serde_json::json!([
            { "name": "Away Team", "edition": "1E" },
            { "name": "Away Teams", "edition": "1E" }
        ])
    );
}

#[test]
fn a_card_the_rulings_name_is_known_with_the_rulings_that_name_it() {
    let (code, out, err) = ask(&["errata", "mandarin bailiff"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("no errata for Mandarin Bailiff — it is named in:")
            && err.contains("points (1E, 2000-03-27)"),
        "{err}"
    );
    assert!(!err.contains("in these documents"), "{err}");
    let (code, out, err) = ask(&["show", "bribery"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("Bribery is not a topic") && err.contains("points (1E, 2000-03-27)"),
        "{err}"
    );
    // JSON: known, with the rulings that name it as entries.
    for command in ["show", "errata"] {
        let (code, v) = read_as(command, "Bribery");
        assert_eq!(code, 1, "{command}");
        assert_eq!(
            (v["found"].as_bool(), v["known"].as_bool()),
            (Some(false), Some(true))
        );
        assert_eq!(v["mentioned"]["name"], "Bribery", "{command}");
        let named_in = v["mentioned"]["named_in"].as_array().unwrap();
        assert!(
            named_in
                .iter()
                .any(|e| e["topic"] == "points" && e["release"] == "1e-2000-03-27-cr"),
            "{command}: {v}"
        );
    }
    // The other edition does not name it.
    let (code, _, err) = ask(&["show", "bribery", "--edition", "2e"]);
    assert_eq!(code, 1);
    assert!(err.contains("in these documents"), "{err}");
}

#[test]
fn a_mentioned_name_is_typed_loosely_and_read_as_of_a_date() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2010-01-01",
        "points - A point loss from Mandarin Bailiff can be nullified using Bribery.\n",
    );
    common::write_document(
        dir.path(),
        "b.md",
        "1E",
        "2020-01-01",
        "scoring - For example, Kivas Fajo scores **Ocular Implants**, but only once.\n",
    );
    for typed in [
        "mandarin bailiff",
        "MANDARIN-BAILIFFS",
        "mandarin baliff",
        "the Mandarin Bailiff",
    ] {
        let (code, out, err) = in_corpus(dir.path(), &["errata", typed, "--json"]);
        assert_eq!(code, 1, "{typed}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["known"], true, "{typed}");
        assert_eq!(v["mentioned"]["name"], "Mandarin Bailiff", "{typed}");
        assert_eq!(v["mentioned"]["named_in"][0]["topic"], "points", "{typed}");
    }
    // A bold card and a capitalized name are both known.
    for typed in ["ocular implant", "Kivas Fajo"] {
        let (code, _, err) = in_corpus(dir.path(), &["show", typed]);
        assert_eq!(code, 1);
        assert!(
            err.contains("is not a topic (1E) — it is named in: scoring (1E, 2020-01-01)"),
            "{err}"
        );
    }
    // "For" opens a sentence: it is no name.
    let (_, _, err) = in_corpus(dir.path(), &["show", "for"]);
    assert!(!err.contains("named in"), "{err}");
    // Before the ruling that names it, nothing in effect names it.
    let (code, _, err) = in_corpus(dir.path(), &["show", "kivas fajo", "--as-of", "2015-01-01"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no ruling in effect as of 2015-01-01 names it; named later in: scoring (1E, 2020-01-01)"),
        "{err}"
    );
    // A name that appears nowhere: not in these documents, the nearest, a search.
    let (code, _, err) = in_corpus(dir.path(), &["errata", "Mandarin Bureau"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no card or topic named `Mandarin Bureau` in these documents"),
        "{err}"
    );
    assert!(err.contains("nearest: Mandarin Bailiff (1E)"), "{err}");
    assert!(
        err.contains("try `rulings search \"Mandarin Bureau\"`"),
        "{err}"
    );
}
