//! `rulings diff`: two releases, the rulings in force on two dates, and a
//! release with a date; on the bundled corpus and on small corpora written
//! into temporary folders (a renamed topic, a rescinded entry, markers that
//! disagree with the text). Plain and JSON output are pinned by snapshots.

use crate::common;

use std::fs;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

/// The binary, on the bundled corpus unless told otherwise.
use common::rulings;

/// A corpus of the given documents in a temporary folder, with a temporary
/// index folder beside it.
struct Corpus {
    documents: TempDir,
    index: TempDir,
}

impl Corpus {
    fn new(documents: &[(&str, &str)]) -> Corpus {
        let corpus = Corpus {
            documents: tempfile::tempdir().unwrap(),
            index: tempfile::tempdir().unwrap(),
        };
        for (name, text) in documents {
            fs::write(corpus.documents.path().join(name), text).unwrap();
        }
        corpus
    }

    fn rulings(&self) -> Command {
        let mut cmd = rulings();
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.documents.path())
            .arg("--index")
            .arg(self.index.path());
        cmd
    }
}

/// What `rulings diff ARGS --color never --quiet` prints, failing on any
/// warning (`--quiet` leaves out only how current the corpus is).
fn stdout(cmd: &mut Command, args: &[&str]) -> String {
    let out = cmd
        .arg("diff")
        .args(args)
        .args(["--color", "never", "--quiet"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// What `rulings diff ARGS --json` prints, as printed.
fn json_text(cmd: &mut Command, args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--json");
    stdout(cmd, &args)
}

fn json(cmd: &mut Command, args: &[&str]) -> Value {
    serde_json::from_str(&json_text(cmd, args)).unwrap()
}

fn keys(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["key"].as_str().unwrap())
        .collect()
}

fn len(list: &Value) -> usize {
    list.as_array().unwrap().len()
}

/// A release in front matter and text.
fn document(date: &str, title: &str, extra_front: &str, body: &str) -> String {
    format!(
        "+++\nedition = \"1E\"\ndate = \"{date}\"\ntitle = \"{title}\"\nkind = \"current-rulings\"\n{extra_front}+++\n\n{body}"
    )
}

// ---- The bundled corpus -------------------------------------------------

#[test]
fn the_2000_rulings_against_the_2014_crd() {
    let plain = stdout(
        &mut rulings(),
        &["1e-2000-03-27-cr", "1e-2014-11-03-crd", "--documents"],
    );
    insta::assert_snapshot!("real_2000_against_2014_plain", plain);

    let diff = json(
        &mut rulings(),
        &["1e-2000-03-27-cr", "1e-2014-11-03-crd", "--documents"],
    );
    assert_eq!(diff["from"], "1e-2000-03-27-cr");
    assert_eq!(diff["to"], "1e-2014-11-03-crd");
    assert_eq!(len(&diff["added"]), 42);
    // 96 entries, less two index pointers ("Big Picture, The - See **The
    // Big Picture**") and the three topics both print.
    assert_eq!(len(&diff["removed"]), 91);
    assert_eq!(
        keys(&diff["changed"]),
        ["actions step 1 initiation", "stopped", "time location"]
    );
    assert_eq!(len(&diff["status_changed"]), 0);
    assert_eq!(diff["unchanged"], 0);
    // Every entry has the export contract's fields.
    let stopped = &diff["changed"][1];
    assert_eq!(stopped["from"]["topic"], "\"stopped\"");
    assert_eq!(stopped["to"]["line"], 296);
    assert_eq!(stopped["words"][0]["op"], "delete");
    assert_eq!(stopped["words"][1]["op"], "insert");
    // "personas" (2000) and "persona" (2014) are different topics.
    assert!(keys(&diff["removed"]).contains(&"personas"));
    assert!(keys(&diff["added"]).contains(&"persona"));

    let markers = &diff["markers"];
    assert_eq!(markers["release"], "1e-2014-11-03-crd");
    assert_eq!(markers["against"], "1e-2000-03-27-cr");
    assert_eq!(markers["marks_entries"], true);
    assert_eq!(markers["marked"], 5);
    assert_eq!(markers["indicative"], false);
    assert_eq!(len(&markers["marked_unchanged"]), 0);
    // 42 added and 3 changed, of which the 5 marked entries are added.
    assert_eq!(len(&markers["unmarked_changes"]), 40);
}

#[test]
fn the_rules_in_force_either_side_of_the_2014_crd() {
    let stat = stdout(&mut rulings(), &["2014-11-02", "2014-11-04", "--stat"]);
    insta::assert_snapshot!("real_in_force_2014_stat", stat);

    let diff = json(
        &mut rulings(),
        &["2014-11-02", "2014-11-04", "--edition", "1e"],
    );
    assert_eq!(
        (diff["from"].as_str(), diff["to"].as_str()),
        (Some("2014-11-02"), Some("2014-11-04"))
    );
    // The 2014 amendments to *actions – step 1* and *stopped* stand beside
    // the 2000 rulings they amend, which stay (as consolidated): the topics
    // had a ruling before, so they are changed, not added. *time location*
    // is replaced.
    assert_eq!(len(&diff["added"]), 42);
    assert_eq!(
        keys(&diff["changed"]),
        ["actions step 1 initiation", "stopped", "time location"]
    );
    let stopped = &diff["changed"][1];
    assert_eq!(stopped["from"]["release"], "1e-2000-03-27-cr");
    assert_eq!(stopped["to"]["release"], "1e-2014-11-03-crd");
    assert_eq!(stopped["to_beside"][0]["release"], "1e-2000-03-27-cr");
    assert_eq!(len(&diff["changed"][2]["to_beside"]), 0);
    // The 2014 CRD gathers every ruling since the Glossary v1.9.1: the 2000
    // rulings it does not repeat are consolidated, not gone. (Kathleen
    // Tonell's entry deleted its own topic in 2000: in force on neither date.)
    assert_eq!(len(&diff["removed"]), 0);
    assert_eq!(len(&diff["status_changed"]), 90);
    for change in diff["status_changed"].as_array().unwrap() {
        assert_eq!(change["from"]["state"], "in-force");
        assert_eq!(change["to"]["state"], "consolidated");
        assert_eq!(change["to"]["release"], "1e-2014-11-03-crd");
        assert_eq!(change["entry"]["release"], "1e-2000-03-27-cr");
    }
    assert_eq!(diff["unchanged"], 0);
    assert_eq!(diff["markers"], Value::Null);

    // A release is in force on its own date.
    let on_the_day = json(&mut rulings(), &["2014-11-03", "2014-11-04"]);
    assert_eq!(len(&on_the_day["added"]), 0);
    assert_eq!(len(&on_the_day["status_changed"]), 0);
}

#[test]
fn a_quiet_period_diffs_empty() {
    // No release of either edition between these dates (2E rulings are
    // dated from 2015).
    let plain = stdout(&mut rulings(), &["2012-03-01", "2014-11-01"]);
    insta::assert_snapshot!("real_quiet_period_plain", plain);
    let diff = json(&mut rulings(), &["2012-03-01", "2014-11-01"]);
    for list in ["added", "removed", "changed", "status_changed"] {
        assert_eq!(len(&diff[list]), 0, "{list}");
    }
    // 93 1E topics in force (96 entries, two index pointers, one deleted
    // topic) and 18 2E topics.
    assert_eq!(diff["unchanged"], 93 + 18);
}

#[test]
fn a_release_with_a_date_stands_for_the_rules_in_force_on_its_date() {
    let mixed = json(&mut rulings(), &["1e-2000-03-27-cr", "2014-11-04"]);
    let dates = json(
        &mut rulings(),
        &["2000-03-27", "2014-11-04", "--edition", "1e"],
    );
    for list in ["added", "removed", "changed", "status_changed", "unchanged"] {
        assert_eq!(mixed[list], dates[list], "{list}");
    }
    assert_eq!(mixed["from"], "1e-2000-03-27-cr");
    rulings()
        .args(["diff", "1e-2000-03-27-cr", "2014-11-04"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "note: `1e-2000-03-27-cr` stands for the 1E rulings in force on its date, 2000-03-27.",
        ));
    // With a date on the earlier side, the markers are only indicative.
    let back = json(&mut rulings(), &["2014-11-02", "1e-2014-11-03-crd"]);
    assert_eq!(back["markers"]["indicative"], true);
    assert_eq!(
        back["markers"]["note"],
        "`1e-2014-11-03-crd` was compared with the rulings in force on 2014-11-02, not with the release before it"
    );
}

#[test]
fn a_release_that_marks_nothing_is_not_checked() {
    let diff = json(
        &mut rulings(),
        &["2e-2012-02-06-crd", "2e-2017-06-06-rulings"],
    );
    assert_eq!(diff["markers"]["marks_entries"], false);
    assert_eq!(len(&diff["markers"]["unmarked_changes"]), 0);
    let plain = stdout(
        &mut rulings(),
        &["2e-2012-02-06-crd", "2e-2017-06-06-rulings", "--documents"],
    );
    assert!(
        plain.contains("2e-2017-06-06-rulings marks no entry as new or changed: nothing to check"),
        "{plain}"
    );
    assert!(
        plain.contains("note: `2e-2012-02-06-crd` is a current-rulings release and"),
        "{plain}"
    );
}

#[test]
fn bad_sides_exit_2_naming_them() {
    rulings()
        .args(["diff", "1e-2000-03-27-crx", "1e-2014-11-03-crd"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "unknown release `1e-2000-03-27-crx`; did you mean `1e-2000-03-27-cr`? (see `rulings releases`",
        ));
    rulings()
        .args(["diff", "1e-2000-03-27-cr", "no-such-release"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown release `no-such-release` (see `rulings releases`",
        ));
    rulings()
        .args(["diff", "2014-02-30", "2014-11-04"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad date `2014-02-30`"));
    rulings()
        .args(["diff", "1e-2000-03-27-cr", "2e-2012-02-06-crd"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "editions never mix: `1e-2000-03-27-cr` is 1E and `2e-2012-02-06-crd` is 2E",
        ));
    rulings()
        .args(["diff", "2000-01-01", "1e-2014-11-03-crd", "--edition", "2e"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "editions never mix: `1e-2014-11-03-crd` is 1E, not 2E",
        ));
    rulings()
        .args(["diff", "2000-01-01", "2020-01-01", "--stat", "--json"])
        .assert()
        .code(2);
}

// ---- A renamed topic ----------------------------------------------------

fn renamed() -> Corpus {
    Corpus::new(&[
        (
            "a.md",
            &document(
                "2010-01-01",
                "Rulings A",
                "",
                "Big Picture, The – You may satisfy either requirement at any point.\n\n\
                 dilemmas – resolution – Discard the dilemma after it is resolved.\n\n\
                 Kivas Fajo – Collector – This card may capture one personnel each turn.\n\n\
                 \"stopped\" – A stopped card may not move.\n",
            ),
        ),
        (
            "b.md",
            &document(
                "2011-01-01",
                "Rulings B",
                "",
                "The Big Picture – You may satisfy either requirement at any point.\n\n\
                 Dilemmas — Resolution – Discard the dilemma **after** it is\nresolved.\n\n\
                 Kivas Fajo - collector – This card may capture two personnel each turn.\n\n\
                 stopped – A stopped card may not move or attack.\n",
            ),
        ),
    ])
}

#[test]
fn a_renamed_topic_is_one_topic() {
    let corpus = renamed();
    let plain = stdout(&mut corpus.rulings(), &["a", "b", "--documents"]);
    insta::assert_snapshot!("renamed_plain", plain);
    let text = json_text(&mut corpus.rulings(), &["a", "b", "--documents"]);
    insta::assert_snapshot!("renamed_json", text);
    let diff: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(len(&diff["added"]), 0);
    assert_eq!(len(&diff["removed"]), 0);
    assert_eq!(keys(&diff["changed"]), ["kivas fajo collector", "stopped"]);
    // Printing, dashes and markup alone: the same ruling.
    assert_eq!(diff["unchanged"], 2);

    // The same holds for the rulings in force on two dates.
    let dates = json(&mut corpus.rulings(), &["2010-06-01", "2011-06-01"]);
    assert_eq!(keys(&dates["changed"]), ["kivas fajo collector", "stopped"]);
    assert_eq!((len(&dates["added"]), len(&dates["removed"])), (0, 0));
    assert_eq!(dates["unchanged"], 2);
}

#[test]
fn word_diffs_are_colored_on_request() {
    let corpus = renamed();
    let out = corpus
        .rulings()
        .args(["--color", "always", "diff", "a", "b"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("capture \u{1b}[31mone\u{1b}[0m\u{1b}[32mtwo\u{1b}[0m personnel"),
        "{text:?}"
    );
    assert!(!text.contains("[-"), "{text}");
}

// ---- A rescinded entry --------------------------------------------------

fn rescinded() -> Corpus {
    Corpus::new(&[
        (
            "a.md",
            &document(
                "2010-01-01",
                "Rulings A",
                "",
                "faction – There are 3 factions.\n\n\
                 cloaking – A ship may cloak once each turn.\n\n\
                 towing – A ship may tow another ship.\n",
            ),
        ),
        (
            "b.md",
            &document(
                "2011-01-01",
                "Rulings B",
                "since = \"Glossary v2\"\n",
                "faction – This Glossary entry has been deleted.\n\n\
                 cloaking – A ship may cloak once each turn.\n\n\
                 holodeck – A holodeck is a facility.\n",
            ),
        ),
    ])
}

#[test]
fn a_rescinded_entry_is_gone_from_the_rules_in_force() {
    let corpus = rescinded();
    let plain = stdout(&mut corpus.rulings(), &["2010-06-01", "2011-06-01"]);
    insta::assert_snapshot!("rescinded_in_force_plain", plain);
    let text = json_text(&mut corpus.rulings(), &["2010-06-01", "2011-06-01"]);
    insta::assert_snapshot!("rescinded_in_force_json", text);
    let diff: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(keys(&diff["added"]), ["holodeck"]);
    assert_eq!(keys(&diff["removed"]), ["faction"]);
    assert_eq!(diff["removed"][0]["text"], "There are 3 factions.");
    // B gathers the rulings since the Glossary v2 and does not repeat towing.
    assert_eq!(keys(&diff["status_changed"]), ["towing"]);
    assert_eq!(diff["status_changed"][0]["to"]["state"], "consolidated");
    // Reprinted word for word.
    assert_eq!(diff["unchanged"], 1);
    assert_eq!(len(&diff["changed"]), 0);
}

#[test]
fn comparing_the_releases_shows_the_deletion_as_printed() {
    let corpus = rescinded();
    let plain = stdout(&mut corpus.rulings(), &["a", "b", "--documents"]);
    insta::assert_snapshot!("rescinded_releases_plain", plain);
    let diff = json(&mut corpus.rulings(), &["a", "b", "--documents"]);
    assert_eq!(keys(&diff["changed"]), ["faction"]);
    assert_eq!(keys(&diff["removed"]), ["towing"]);
    assert_eq!(keys(&diff["added"]), ["holodeck"]);
}

// ---- Markers that disagree with the text -----------------------------------

const MARKS: &str =
    "Entries that are new or changed since the last Current Rulings document ({}) are marked with an asterisk (*).\n\n";

fn markers() -> Corpus {
    let marks = |previous: &str| MARKS.replace("{}", previous);
    Corpus::new(&[
        (
            "a.md",
            &document(
                "2010-01-01",
                "Rulings A",
                "",
                &format!(
                    "{}cloaking – A ship may cloak once each turn.\n\n\
                     towing – A ship may tow another ship.\n\n\
                     faction – There are 3 factions.\n",
                    marks("12/1/09")
                ),
            ),
        ),
        (
            "b.md",
            &document(
                "2011-01-01",
                "Rulings B",
                "",
                &format!(
                    "{}*cloaking – A ship may cloak once each turn.\n\n\
                     towing – A ship may tow another ship or facility.\n\n\
                     *faction – There are 4 factions.\n\n\
                     *holodeck – A holodeck is a facility.\n\n\
                     warp speed – Warp speed is a range.\n",
                    marks("1/1/10")
                ),
            ),
        ),
        (
            "c.md",
            &document(
                "2012-01-01",
                "Rulings C",
                "",
                &format!(
                    "{}cloaking – A ship may cloak once each turn.\n\n\
                     *towing – A ship may tow another ship or facility.\n",
                    marks("1/1/11")
                ),
            ),
        ),
    ])
}

#[test]
fn markers_are_checked_against_the_diff() {
    let corpus = markers();
    let plain = stdout(&mut corpus.rulings(), &["a", "b", "--documents"]);
    insta::assert_snapshot!("markers_plain", plain);
    let text = json_text(&mut corpus.rulings(), &["a", "b", "--documents"]);
    insta::assert_snapshot!("markers_json", text);
    let diff: Value = serde_json::from_str(&text).unwrap();
    let m = &diff["markers"];
    assert_eq!(m["marked"], 3);
    assert_eq!(m["indicative"], false);
    assert_eq!(keys(&m["marked_unchanged"]), ["cloaking"]);
    assert_eq!(keys(&m["unmarked_changes"]), ["towing", "warp speed"]);
}

#[test]
fn markers_against_a_release_that_is_not_the_previous_one_are_indicative() {
    let corpus = markers();
    let stat = stdout(&mut corpus.rulings(), &["a", "c", "--stat", "--documents"]);
    insta::assert_snapshot!("markers_not_consecutive_stat", stat);
    let m = json(&mut corpus.rulings(), &["a", "c", "--documents"])["markers"].clone();
    assert_eq!(m["indicative"], true);
    assert_eq!(
        m["note"],
        "`a` is not the 1E current-rulings release just before `c` in this corpus"
    );
    // C marks towing, which changed since A; but B, the release before C,
    // already printed it so: against B the marker is wrong.
    let m = json(&mut corpus.rulings(), &["b", "c", "--documents"])["markers"].clone();
    assert_eq!(m["indicative"], false);
    assert_eq!(keys(&m["marked_unchanged"]), ["towing"]);
    assert_eq!(len(&m["unmarked_changes"]), 0);
}

#[test]
fn markers_that_name_another_previous_release_are_indicative() {
    // Without B, A is the release before C in the corpus, but C says its
    // markers are since 1/1/11, and A is of 2010.
    let corpus = markers();
    fs::remove_file(corpus.documents.path().join("b.md")).unwrap();
    let m = json(&mut corpus.rulings(), &["a", "c", "--documents"])["markers"].clone();
    assert_eq!(m["indicative"], true);
    assert_eq!(
        m["note"],
        "`c` marks what changed since its previous release of 2011-01-01, and `a` is of 2010-01-01"
    );
}

#[test]
fn two_releases_compare_the_rulings_in_force_on_their_dates() {
    // The 2017 rulings do not reprint the 2012 CRD: nothing is removed.
    let diff = json(
        &mut rulings(),
        &["2e-2012-02-06-crd", "2e-2017-06-06-rulings"],
    );
    assert_eq!(len(&diff["removed"]), 0);
    assert!(len(&diff["added"]) > 0);
    let documents = json(
        &mut rulings(),
        &["2e-2012-02-06-crd", "2e-2017-06-06-rulings", "--documents"],
    );
    assert_eq!(len(&documents["removed"]), 18);
}

#[test]
fn a_diff_can_be_limited_to_topics() {
    let diff = json(
        &mut rulings(),
        &["2014-11-02", "2014-11-04", "time location", "stoped"],
    );
    assert_eq!(keys(&diff["changed"]), ["stopped", "time location"]);
    for list in ["added", "removed", "status_changed"] {
        assert_eq!(len(&diff[list]), 0, "{list}");
    }
    assert_eq!(diff["unchanged"], 0);
    rulings()
        .args(["diff", "2014-11-02", "2014-11-04", "no such topic at all"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no topic or card named `no such topic at all`",
        ));
}

// ---- A consolidated ruling, then amended ----------------------------------

/// A ruling on points (2010), consolidated by a release that gathers the
/// rulings since the Glossary v2 (2011), then amended in part (2012) beside a
/// topic new in 2012 and a deleted one; and a Second Edition ruling on points
/// that has nothing to do with the First Edition's.
fn amended() -> Corpus {
    Corpus::new(&[
        (
            "a.md",
            &document(
                "2010-01-01",
                "Rulings A",
                "",
                "points – When points are transferred between players, the changes in score are treated independently.\n\n\
                 towing – A ship may tow another ship.\n\n\
                 cloaking – A ship may cloak once each turn.\n",
            ),
        ),
        (
            "b.md",
            &document(
                "2011-01-01",
                "Rulings B",
                "since = \"Glossary v2\"\n",
                "cloaking – A ship may cloak once each turn.\n",
            ),
        ),
        (
            "c.md",
            &document(
                "2012-01-01",
                "Rulings C",
                "",
                "holodeck – A holodeck is a facility.\n\n\
                 towing – This Glossary entry has been deleted.\n\n\
                 points – In the first paragraph, delete:\n\nbetween players\n",
            ),
        ),
        (
            "d.md",
            "+++\nedition = \"2E\"\ndate = \"2012-03-01\"\ntitle = \"Rulings D\"\nkind = \"rulings\"\n+++\n\n\
             points – A Second Edition ruling on points.\n",
        ),
    ])
}

/// The same answer to "what changed from 2011 to 2012" however the sides
/// are given: the points ruling of 2010 stood (consolidated) before and
/// stands beside its amendment after, so points is changed.
#[test]
fn a_consolidated_ruling_amended_later_is_a_change_however_the_sides_are_given() {
    let corpus = amended();
    let sides: [&[&str]; 4] = [
        &["2011-06-01", "2012-06-01", "--edition", "1e"],
        &["b", "2012-06-01"],
        &["2011-06-01", "c"],
        &["b", "c"],
    ];
    for args in sides {
        let diff = json(&mut corpus.rulings(), args);
        assert_eq!(keys(&diff["changed"]), ["points"], "{args:?}");
        // New in 2012, nothing stood on it before: added.
        assert_eq!(keys(&diff["added"]), ["holodeck"], "{args:?}");
        // Deleted in 2012: nothing stands for it after.
        assert_eq!(keys(&diff["removed"]), ["towing"], "{args:?}");
        assert_eq!(diff["unchanged"], 1, "{args:?}");
        let points = &diff["changed"][0];
        assert_eq!(points["from"]["release"], "a", "{args:?}");
        assert_eq!(points["to"]["release"], "c", "{args:?}");
        assert_eq!(points["to_beside"][0]["release"], "a", "{args:?}");
        assert_eq!(len(&points["from_beside"]), 0, "{args:?}");
    }

    // Words: the 2010 ruling is still there, the amendment is inserted.
    let diff = json(&mut corpus.rulings(), &["b", "2012-06-01"]);
    let words = diff["changed"][0]["words"].as_array().unwrap();
    let text = |op: &str| -> String {
        words
            .iter()
            .filter(|w| w["op"] == op)
            .map(|w| w["text"].as_str().unwrap())
            .collect()
    };
    assert_eq!(text("delete"), "");
    assert!(
        text("equal").starts_with("When points are transferred"),
        "{words:?}"
    );
    assert!(
        text("insert").contains("In the first paragraph, delete:"),
        "{words:?}"
    );

    let plain = stdout(&mut corpus.rulings(), &["b", "2012-06-01"]);
    insta::assert_snapshot!("amended_release_to_date_plain", plain);
}

#[test]
fn editions_never_mix_in_the_standing_rulings() {
    // Both editions on two dates: the 1E points ruling is changed, the 2E
    // one, whose edition had nothing on points before, is added.
    let corpus = amended();
    let stat = stdout(
        &mut corpus.rulings(),
        &["2011-06-01", "2012-06-01", "--stat"],
    );
    insta::assert_snapshot!("amended_both_editions_stat", stat);
    let diff = json(&mut corpus.rulings(), &["2011-06-01", "2012-06-01"]);
    assert_eq!(keys(&diff["changed"]), ["points"]);
    assert_eq!(diff["changed"][0]["to"]["edition"], "1E");
    let added: Vec<(&str, &str)> = diff["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["key"].as_str().unwrap(), e["edition"].as_str().unwrap()))
        .collect();
    assert_eq!(added, [("holodeck", "1E"), ("points", "2E")]);
}

#[test]
fn an_amendment_of_a_topic_in_force_replaces_nothing_of_it() {
    // Before the gathering release: the 2010 points ruling in force, then
    // the 2012 amendment beside it (consolidated by then).
    let corpus = amended();
    let diff = json(&mut corpus.rulings(), &["a", "c"]);
    assert_eq!(keys(&diff["changed"]), ["points"]);
    assert_eq!(len(&diff["added"]), 1);
    // Reprinted word for word by B: its status changed, its text did not.
    assert_eq!(len(&diff["status_changed"]), 0);
    assert_eq!(diff["unchanged"], 1);
    assert_eq!(diff["changed"][0]["from"]["release"], "a");
}

#[test]
fn points_since_the_2014_crd_is_changed() {
    let diff = json(
        &mut rulings(),
        &["1e-2014-11-03-crd", "2022-12-01", "points"],
    );
    assert_eq!(keys(&diff["changed"]), ["points"]);
    assert_eq!(len(&diff["added"]), 0);
    let points = &diff["changed"][0];
    assert_eq!(points["from"]["release"], "1e-2000-03-27-cr");
    assert_eq!(points["to"]["release"], "1e-2022-11-07-rrd");
    assert_eq!(points["to_beside"][0]["release"], "1e-2000-03-27-cr");
    let plain = stdout(
        &mut rulings(),
        &["1e-2014-11-03-crd", "2022-12-01", "points"],
    );
    assert!(
        plain.contains("{+In the third paragraph, delete:"),
        "{plain}"
    );
    assert!(!plain.contains("[-"), "{plain}");
}

#[test]
fn a_year_alone_is_its_one_release_and_today_is_today() {
    // 2014 and 2022 each have one release: the year stands for it.
    let by_year = json(&mut rulings(), &["2014", "2022"]);
    assert_eq!(
        (by_year["from"].as_str(), by_year["to"].as_str()),
        (Some("1e-2014-11-03-crd"), Some("1e-2022-11-07-rrd"))
    );
    let by_id = json(&mut rulings(), &["1e-2014-11-03-crd", "1e-2022-11-07-rrd"]);
    assert_eq!(by_year, by_id);
    // A year with no release, or with several, says so.
    let out = rulings().args(["diff", "2013", "2022"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no release is dated 2013"), "{err}");
    let corpus = Corpus::new(&[
        ("a.md", &document("2014-03-01", "A", "", "Alpha – One.\n")),
        ("b.md", &document("2014-09-01", "B", "", "Alpha – Two.\n")),
    ]);
    let out = corpus
        .rulings()
        .args(["diff", "2014", "today"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("2014 has several releases, name one: a, b"),
        "{err}"
    );
    // "today" is the day the question is asked (read before and after, in
    // case the run spans midnight).
    let before = chrono::Local::now().date_naive().to_string();
    let today = json(&mut rulings(), &["2010-01-01", "today", "--edition", "1e"]);
    let after = chrono::Local::now().date_naive().to_string();
    let to = today["to"].as_str().unwrap();
    assert!(to == before || to == after, "{to}");
}
