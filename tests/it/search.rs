//! `rulings search` and `rulings index` on the built binary: ranking, status
//! filtering, dates, filters and JSON on the bundled corpus; freshness,
//! concurrency, damage, read-only folders and hostile text on small corpora
//! written into temporary folders. Every test names its own `--index`, so
//! none touches the checkout's `index/` and all can run at once.

use crate::common;
use crate::common::notes;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

use common::rulings;
use notes::codes;

/// One index of the bundled corpus for every test here, under cargo's
/// folder for test files (rebuilt by the binary whenever it changes).
fn bundled_index() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("search-bundled-index")
}

fn search(args: &[&str]) -> Command {
    let mut cmd = rulings();
    cmd.arg("--index")
        .arg(bundled_index())
        .arg("search")
        .args(args);
    cmd
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The JSON answer of a search that found something.
fn json(args: &[&str]) -> Value {
    let output = search(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .clone();
    serde_json::from_slice(&output.stdout).unwrap()
}

fn topics(answer: &Value) -> Vec<String> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["entry"]["topic"].as_str().unwrap().to_string())
        .collect()
}

fn states(answer: &Value) -> Vec<String> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"]["state"].as_str().unwrap().to_string())
        .collect()
}

// ---------------------------------------------------------------- ranking

#[test]
fn topic_words_find_their_topic_first() {
    let answer = json(&["time", "location"]);
    assert_eq!(topics(&answer)[0], "time location");
}

#[test]
fn a_card_name_finds_its_ruling_first() {
    let answer = json(&["bajoran", "wormhole"]);
    assert_eq!(topics(&answer)[0], "Bajoran Wormhole");
    let answer = json(&["card:\"Empok Nor\""]);
    let first = &answer["hits"][0]["entry"];
    assert!(first["cards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c == "Empok Nor"));
}

#[test]
fn a_phrase_matches_words_in_order() {
    let answer = json(&["\"once each turn\""]);
    assert_eq!(topics(&answer)[0], "once each turn");
    for hit in answer["hits"].as_array().unwrap() {
        let text = hit["entry"]["text"].as_str().unwrap().replace('*', "");
        assert!(text.to_lowercase().contains("once each turn"), "{text}");
    }
    let snippet = answer["hits"][0]["snippet"].as_str().unwrap();
    assert!(snippet.contains("\"**once each turn**,\""), "{snippet}");
}

#[test]
fn a_stemmed_word_finds_its_other_forms() {
    let answer = json(&["cloaked"]);
    let topics = topics(&answer);
    assert!(topics[0].to_lowercase().contains("cloak"), "{topics:?}");
    let snippets: Vec<&str> = answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["snippet"].as_str().unwrap())
        .collect();
    assert!(
        snippets.iter().any(|s| s.contains("**cloaking")),
        "{snippets:?}"
    );
}

#[test]
fn a_topic_match_ranks_above_a_body_match() {
    let answer = json(&["wormhole", "--all"]);
    let topics = topics(&answer);
    let in_topic = topics.iter().filter(|t| t.contains("Wormhole")).count();
    assert!(in_topic >= 2, "{topics:?}");
    assert!(
        topics[..in_topic].iter().all(|t| t.contains("Wormhole")),
        "{topics:?}"
    );
}

#[test]
fn a_typo_is_retried_with_typos_allowed_and_says_so() {
    let assert = search(&["wormhle"]).assert().success();
    let out = stdout(assert.get_output());
    assert!(
        out.starts_with("note: nothing matches as typed; showing matches with a typo allowed"),
        "{out}"
    );
    assert!(
        out.contains("did you mean: Wormhole · Bajoran Wormhole?"),
        "{out}"
    );
    assert!(out.contains("1. Bajoran Wormhole  1E"), "{out}");
    assert!(out.contains("**Wormhole**"), "{out}");
}

#[test]
fn every_word_counts_and_any_word_is_said() {
    // Rulings with both words come first, and the answer claims no more.
    let all = json(&["cloaking", "phasing"]);
    let hit = &all["hits"][0];
    let text = hit["entry"]["text"].as_str().unwrap().to_lowercase()
        + &hit["entry"]["topic"].as_str().unwrap().to_lowercase();
    assert!(text.contains("cloak") && text.contains("phas"), "{text}");
    assert!(codes(&all).is_empty(), "{all}");
    let assert = search(&["cloaking", "tribbles"]).assert().success();
    let out = stdout(assert.get_output());
    assert!(
        out.starts_with("note: the first ruling has 1 of the 2 words; it lacks: tribbles"),
        "{out}"
    );
    assert!(
        out.contains("note: no ruling has all the words; showing rulings with any of them"),
        "{out}"
    );
}

#[test]
fn nothing_found_exits_1_with_a_message() {
    search(&["xyzzyq"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("No ruling found for `xyzzyq`."))
        .stdout(predicate::str::contains(
            "nothing matches, even allowing a typo in each word",
        ));
    let output = search(&["xyzzyq", "--json"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["hits"].as_array().unwrap().len(), 0);
    // The note is in the answer; stderr is left to warnings and errors.
    assert_eq!(codes(&answer), ["typos"]);
    assert_eq!(stderr(&output), "");
}

#[test]
fn malformed_queries_are_read_as_plain_words() {
    for query in ["\"once each turn", "once each turn AND", "(once each turn"] {
        let assert = search(&[query]).assert().success();
        let out = stdout(assert.get_output());
        assert!(
            out.starts_with("note: the query is not valid search syntax"),
            "{query}: {out}"
        );
        assert!(
            out.contains("searched for the words: once each turn"),
            "{out}"
        );
        assert!(out.contains("1. once each turn  1E"), "{query}: {out}");
    }
    search(&["AND"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nothing to search for"));
}

#[test]
fn a_misspelt_word_among_correct_ones_is_corrected_and_said() {
    let assert = search(&["comandeer", "docked", "ship"]).assert().success();
    let out = stdout(assert.get_output());
    assert!(out.starts_with("note: comandeer → commandeer"), "{out}");
    assert!(out.contains("\n1. commandeering  1E"), "{out}");
    let answer = json(&["comandeer", "docked", "ship"]);
    assert_eq!(topics(&answer)[0], "commandeering");
    assert_eq!(codes(&answer), ["corrected"]);
    let note = &answer["notes"][0];
    assert_eq!(note["from"], "comandeer");
    assert_eq!(note["to"], "commandeer");
    assert!(note["message"]
        .as_str()
        .unwrap()
        .contains("comandeer → commandeer"));
    // The corrected word is highlighted like one typed right.
    let snippet = answer["hits"][0]["snippet"].as_str().unwrap();
    assert!(snippet.contains("**commandeer**"), "{snippet}");
}

#[test]
fn a_dropped_apostrophe_finds_the_word() {
    for query in ["horgahn", "Horga'hn", "Horga’hn", "\"Horga'hn\""] {
        let answer = json(&[query]);
        assert_eq!(topics(&answer)[0], "Horga’hn", "{query}");
        assert_eq!(codes(&answer), Vec::<String>::new(), "{query}");
    }
}

#[test]
fn a_dropped_hyphen_finds_the_word_and_highlights_it_whole() {
    for query in ["qflash", "Q-Flash", "\"Q-Flash\"", "\"q flash\"", "q flash"] {
        let answer = json(&[query]);
        let hits = answer["hits"].as_array().unwrap();
        assert!(!hits.is_empty(), "{query}");
        for hit in hits {
            let text = hit["entry"]["text"].as_str().unwrap();
            assert!(text.contains("Q-Flash"), "{query}: {text}");
        }
    }
    let answer = json(&["qflash"]);
    let snippet = answer["hits"][0]["snippet"].as_str().unwrap();
    assert!(snippet.contains("**Q-Flash**"), "{snippet}");
}

#[test]
fn a_partial_match_ranks_by_the_weight_of_the_words_it_has() {
    let answer = json(&["commandeer", "docked", "tribbles", "--limit", "10"]);
    // No ruling has all three; the ruling on commandeering is on the
    // topic asked about, and what it lacks is said first.
    assert_eq!(codes(&answer)[0], "partial");
    assert_eq!(
        answer["notes"][0]["missing"],
        serde_json::json!(["tribbles"])
    );
    assert_eq!(topics(&answer)[0], "commandeering");
    // No ruling has "tribbles": every hit has "commandeer" or "docked",
    // and the first has both.
    for (i, hit) in answer["hits"].as_array().unwrap().iter().enumerate() {
        let text = (hit["entry"]["text"].as_str().unwrap().to_string()
            + hit["entry"]["topic"].as_str().unwrap())
        .to_lowercase();
        let has = ["command", "dock"]
            .iter()
            .filter(|w| text.contains(*w))
            .count();
        assert!(has >= 1, "{text}");
        if i == 0 {
            assert_eq!(has, 2, "{text}");
        }
    }
}

#[test]
fn the_ruling_on_a_topic_shows_without_every_word() {
    let answer = json(&["cloak", "phase", "same", "turn"]);
    let topics = topics(&answer);
    let states = states(&answer);
    let at = topics
        .iter()
        .position(|t| t == "cloaking and phasing")
        .unwrap_or_else(|| panic!("{topics:?}"));
    assert_eq!(states[at], "in-force");
    assert!(at <= 1, "{topics:?}");
}

#[test]
fn every_note_is_in_the_json_with_a_stable_code() {
    let known = [
        "edition",
        "skipped",
        "plain-words",
        "corrected",
        "any-word",
        "partial",
        "close",
        "synonyms",
        "typos",
        "not-in-force",
        "not-yet-in-effect",
        "did-you-mean",
    ];
    let answer = json(&["wormhle"]);
    assert_eq!(codes(&answer), ["typos", "did-you-mean"]);
    assert_eq!(
        answer["notes"][1]["candidates"],
        serde_json::json!([
            { "name": "Wormhole", "edition": "1E" },
            { "name": "Bajoran Wormhole", "edition": "1E" }
        ])
    );
    let answer = json(&["cloaking", "tribbles"]);
    assert_eq!(codes(&answer), ["partial", "any-word"]);
    let answer = json(&["what", "is", "a", "dilemma", "2e"]);
    assert_eq!(codes(&answer), ["edition", "skipped"]);
    let answer = json(&["(once each turn"]);
    assert_eq!(codes(&answer), ["plain-words"]);
    let output = search(&["xyzzyq", "--json"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(codes(&answer), ["typos"]);
    // Not on stderr as well: under --json stderr is for warnings and the
    // error object, and a program reads the notes from the answer.
    assert_eq!(stderr(&output), "");
    for query in [
        &["time", "location", "--as-of", "1999-01-01"][..],
        &["wormhole"],
        &["how", "does", "cloaking", "work", "in", "1e"],
    ] {
        let output = search(query).arg("--json").output().unwrap();
        let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
        for note in answer["notes"].as_array().unwrap() {
            assert!(known.contains(&note["code"].as_str().unwrap()), "{note}");
            assert!(!note["message"].as_str().unwrap().is_empty(), "{note}");
        }
    }
}

// ------------------------------------------------------- status and dates

#[test]
fn superseded_rulings_are_hidden_unless_all_is_asked() {
    let current = json(&["time", "location"]);
    let found: Vec<(String, String)> = topics(&current)
        .into_iter()
        .zip(states(&current))
        .filter(|(t, _)| t == "time location")
        .collect();
    assert_eq!(
        found,
        [("time location".to_string(), "in-force".to_string())]
    );

    let all = json(&["time", "location", "--all"]);
    let hits = all["hits"].as_array().unwrap();
    let old = hits
        .iter()
        .find(|h| {
            h["entry"]["release"] == "1e-2000-03-27-cr" && h["entry"]["topic"] == "time location"
        })
        .expect("the 2000 ruling with --all");
    assert_eq!(old["status"]["state"], "superseded");
    assert_eq!(old["status"]["release"], "1e-2014-11-03-crd");

    let plain = search(&["time location", "--all"]).assert().success();
    let out = stdout(plain.get_output());
    assert!(
        out.contains("time location  1E  clarification  superseded"),
        "{out}"
    );
    assert!(
        out.contains("replaced on 2014-11-03 by CRD 2014-11-03"),
        "{out}"
    );
}

#[test]
fn a_rescinded_ruling_shows_only_with_all_and_says_so() {
    search(&["topic:\"Kathleen Tonell\""])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("no longer in force on"))
        .stdout(predicate::str::contains("(--all shows"));
    let all = json(&["topic:\"Kathleen Tonell\"", "--all"]);
    assert!(states(&all).contains(&"rescinded".to_string()));
}

#[test]
fn as_of_sees_the_rulings_of_that_date() {
    let then = json(&["time", "location", "--as-of", "2005-06-01"]);
    let hit = &then["hits"][0];
    assert_eq!(hit["entry"]["topic"], "time location");
    assert_eq!(hit["entry"]["release"], "1e-2000-03-27-cr");
    assert_eq!(hit["status"]["state"], "in-force");
    for hit in then["hits"].as_array().unwrap() {
        assert!(hit["entry"]["date"].as_str().unwrap() <= "2005-06-01");
    }
    search(&["time", "location", "--as-of", "1990-01-01"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("in effect only after 1990-01-01"));
    search(&["time", "--as-of", "someday"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'someday' for '--as-of <DATE>': `someday` is not a date (use YYYY-MM-DD",
        ));
}

// --------------------------------------------------------------- filters

#[test]
fn edition_and_kind_filter_the_hits() {
    let second = json(&["dilemma", "--edition", "2e", "--all"]);
    assert!(!second["hits"].as_array().unwrap().is_empty());
    for hit in second["hits"].as_array().unwrap() {
        assert_eq!(hit["entry"]["edition"], "2E");
    }
    let by_field = json(&["dilemma", "edition:2E", "--all"]);
    assert_eq!(topics(&by_field), topics(&second));

    let errata = json(&["mission", "--kind", "erratum", "--all"]);
    assert!(!errata["hits"].as_array().unwrap().is_empty());
    for hit in errata["hits"].as_array().unwrap() {
        assert_eq!(hit["entry"]["kind"], "erratum");
    }
    search(&["mission", "--kind", "ruling"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'ruling' for '--kind <KIND>'",
        ))
        .stderr(predicate::str::contains(
            "possible values: erratum, rule-change",
        ));
    search(&["mission", "--edition", "3e"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value '3e' for '--edition <EDITION>'",
        ));
}

#[test]
fn limit_caps_the_hits() {
    let answer = json(&["card", "--all", "--limit", "3"]);
    assert_eq!(answer["hits"].as_array().unwrap().len(), 3);
    search(&["card", "--limit", "0"]).assert().code(2);
}

// ------------------------------------------------------------------ JSON

#[test]
fn json_has_the_contract_shape() {
    let answer = json(&["\"once each turn\"", "--all"]);
    let keys: Vec<&String> = answer.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["card", "hits", "notes", "query"]);
    assert_eq!(answer["query"], "\"once each turn\"");
    assert_eq!(answer["notes"], serde_json::json!([]));
    let export = rulings()
        .arg("export")
        .assert()
        .success()
        .get_output()
        .clone();
    let exported: Vec<Value> = stdout(&export)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for hit in answer["hits"].as_array().unwrap() {
        let mut keys: Vec<&String> = hit.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "authority",
                "citation",
                "entry",
                "score",
                "snippet",
                "status"
            ]
        );
        assert_eq!(hit["authority"], "game");
        assert!(hit["score"].as_f64().unwrap() > 0.0);
        assert!(hit["snippet"].as_str().unwrap().contains("**"));
        assert!(hit["status"]["state"].is_string());
        // The entry is exactly what `rulings export` prints for it.
        let entry = &hit["entry"];
        let same = exported
            .iter()
            .find(|e| e["release"] == entry["release"] && e["line"] == entry["line"])
            .unwrap();
        assert_eq!(entry, same);
    }
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut child = common::process(common::binary())
        .arg("--index")
        .arg(bundled_index())
        .args(["search", "card", "--all", "--limit", "50"])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 8];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("rulings:"), "{}", stderr(&output));
}

// ------------------------------------------------- small corpora on disk

fn document(title: &str, date: &str, body: &str) -> String {
    format!("+++\nedition = \"1E\"\ndate = \"{date}\"\ntitle = \"{title}\"\n+++\n{body}")
}

/// A corpus of two releases and a separate index folder.
struct Fixture {
    corpus: tempfile::TempDir,
    index: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let fixture = Fixture {
            corpus: tempfile::tempdir().unwrap(),
            index: tempfile::tempdir().unwrap(),
        };
        fixture.write(
            "alpha.md",
            &document(
                "Alpha Rulings",
                "2020-01-01",
                "tribble – A tribble multiplies each turn.\n\nquantum torpedo – The torpedo ignores shields.\n",
            ),
        );
        fixture.write(
            "beta.md",
            &document(
                "Beta Rulings",
                "2021-01-01",
                "tribble – A tribble multiplies only once per game.\n",
            ),
        );
        fixture
    }

    fn write(&self, name: &str, text: &str) {
        fs::write(self.corpus.path().join(name), text).unwrap();
    }

    fn index_path(&self) -> PathBuf {
        self.index.path().join("index")
    }

    fn rulings(&self) -> Command {
        let mut cmd = rulings();
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.corpus.path())
            .arg("--index")
            .arg(self.index_path());
        cmd
    }

    fn search(&self, query: &str) -> Output {
        self.rulings().args(["search", query]).output().unwrap()
    }

    fn process(&self, args: &[&str]) -> Process {
        let mut cmd = common::process(common::binary());
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.corpus.path())
            .arg("--index")
            .arg(self.index_path())
            .args(args)
            .env("NO_COLOR", "1")
            .env_remove("RULINGS_TIMINGS");
        cmd
    }

    /// Every file and folder under the index folder, relative, sorted.
    fn index_listing(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.index_path())
            .unwrap()
            .map(|i| i.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

#[test]
fn the_index_follows_the_corpus_without_being_asked() {
    let f = Fixture::new();
    let first = f.search("tribble");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("indexed 3 entries from 2 releases"),
        "{}",
        stderr(&first)
    );
    assert!(stdout(&first).contains("only once per game"));

    // Unchanged: the index is reused, silently.
    let again = f.search("tribble");
    assert_eq!(stderr(&again), "");

    // Added.
    f.write(
        "gamma.md",
        &document(
            "Gamma Rulings",
            "2022-01-01",
            "Horta – A Horta eats rock.\n",
        ),
    );
    let added = f.search("horta");
    assert!(added.status.success(), "{}", stderr(&added));
    assert!(
        stderr(&added).contains("the corpus changed"),
        "{}",
        stderr(&added)
    );
    assert!(
        stdout(&added).contains("A **Horta** eats rock."),
        "{}",
        stdout(&added)
    );

    // Edited.
    f.write(
        "gamma.md",
        &document(
            "Gamma Rulings",
            "2022-01-01",
            "Horta – A Horta eats silicon.\n",
        ),
    );
    let edited = f.search("horta");
    assert!(
        stdout(&edited).contains("A **Horta** eats silicon."),
        "{}",
        stdout(&edited)
    );
    assert_eq!(f.search("rock").status.code(), Some(1));

    // Removed.
    fs::remove_file(f.corpus.path().join("gamma.md")).unwrap();
    assert_eq!(f.search("horta").status.code(), Some(1));
    // A new ruling supersedes the old one, with no `rulings index` anywhere.
    assert!(!stdout(&f.search("tribble")).contains("each turn"));
}

#[test]
fn six_processes_at_once_on_a_missing_index_all_answer() {
    let f = Fixture::new();
    let children: Vec<_> = (0..6)
        .map(|_| {
            f.process(&["search", "torpedo"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let builds = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .map(|output| {
            assert!(output.status.success(), "{}", stderr(&output));
            assert!(
                stdout(&output).starts_with("1. quantum torpedo  1E"),
                "{}",
                stdout(&output)
            );
            // No warning but how current the corpus is (the first answer
            // of the day from it).
            let warnings = stderr(&output)
                .lines()
                .filter(|l| l.contains("warning") && !l.contains("newer rulings may exist"))
                .count();
            assert_eq!(warnings, 0, "{}", stderr(&output));
            stderr(&output).contains("indexed")
        })
        .filter(|built| *built)
        .count();
    assert_eq!(
        builds, 1,
        "exactly one process builds; the others wait and read it"
    );
    // The generation in use, and the documents' readings kept beside it.
    let listing = f.index_listing();
    assert_eq!(listing.len(), 4, "{listing:?}");
    assert_eq!(listing[0], ".build.lock");
    assert_eq!(listing[1], "CURRENT");
    assert!(listing[2].starts_with("gen-"), "{listing:?}");
    assert_eq!(listing[3], "readings");
    let again = f.search("torpedo");
    assert_eq!(stderr(&again), "");
}

fn fill_with_garbage(folder: &Path) {
    for item in fs::read_dir(folder).unwrap() {
        let path = item.unwrap().path();
        if path.is_dir() {
            fill_with_garbage(&path);
        } else {
            let garbage: Vec<u8> = (0..997u32).map(|i| (i * 7919 % 251) as u8).collect();
            fs::write(&path, garbage).unwrap();
        }
    }
}

#[test]
fn a_garbage_filled_index_is_rebuilt_with_a_warning() {
    let f = Fixture::new();
    assert!(f.search("torpedo").status.success());
    fill_with_garbage(&f.index_path());
    let output = f.search("torpedo");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("warning: the search index at"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("is damaged"),
        "{}",
        stderr(&output)
    );
    assert!(
        stdout(&output).starts_with("1. quantum torpedo"),
        "{}",
        stdout(&output)
    );
    let again = f.search("torpedo");
    assert_eq!(stderr(&again), "");

    // The generation itself damaged, `CURRENT` intact.
    let generation = f
        .index_listing()
        .into_iter()
        .find(|n| n.starts_with("gen-"))
        .unwrap();
    fill_with_garbage(&f.index_path().join(generation));
    let output = f.search("torpedo");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("is damaged"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).starts_with("1. quantum torpedo"));
}

#[cfg(unix)]
fn set_read_only(path: &Path, read_only: bool) {
    use std::os::unix::fs::PermissionsExt;
    let dir_mode = if read_only { 0o555 } else { 0o755 };
    let file_mode = if read_only { 0o444 } else { 0o644 };
    for item in fs::read_dir(path).unwrap() {
        let path = item.unwrap().path();
        if path.is_dir() {
            set_read_only(&path, read_only);
        } else {
            fs::set_permissions(&path, fs::Permissions::from_mode(file_mode)).unwrap();
        }
    }
    fs::set_permissions(path, fs::Permissions::from_mode(dir_mode)).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_index_folder_falls_back_to_memory() {
    use std::os::unix::fs::PermissionsExt;
    let f = Fixture::new();
    assert!(f.search("torpedo").status.success());
    let before = f.index_listing();
    set_read_only(&f.index_path(), true);

    // Permissions do not bind root: run as `nobody` then, if possible.
    let probe = f.index_path().join("probe");
    let privileged = fs::write(&probe, "").is_ok();
    let mut cmd = if privileged {
        fs::remove_file(&probe).unwrap();
        if Process::new("setpriv").arg("--version").output().is_err() {
            set_read_only(&f.index_path(), false);
            eprintln!("skipped: running as root without setpriv");
            return;
        }
        for dir in [f.corpus.path(), f.index.path()] {
            fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).unwrap();
        }
        let mut cmd = common::process("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(common::binary())
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(f.corpus.path())
            .arg("--index")
            .arg(f.index_path())
            .env("NO_COLOR", "1");
        cmd
    } else {
        f.process(&[])
    };
    let output = cmd.args(["search", "torpedo"]).output().unwrap();
    set_read_only(&f.index_path(), false);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("1. quantum torpedo"),
        "{}",
        stdout(&output)
    );
    let err = stderr(&output);
    assert!(
        err.contains("warning: cannot write the search index at"),
        "{err}"
    );
    assert!(err.contains("searching an index built in memory"), "{err}");
    assert_eq!(f.index_listing(), before);
}

#[test]
fn an_unusable_index_path_falls_back_to_memory() {
    let f = Fixture::new();
    let file = f.index.path().join("a-file");
    fs::write(&file, "not a folder").unwrap();
    let output = rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(f.corpus.path())
        .arg("--index")
        .arg(file.join("index"))
        .args(["search", "torpedo"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("searching an index built in memory"));
    assert!(stdout(&output).starts_with("1. quantum torpedo"));
}

#[test]
fn a_killed_rebuild_leaves_the_old_index_usable() {
    let f = Fixture::new();
    assert!(f.search("torpedo").status.success());
    let current = fs::read_to_string(f.index_path().join("CURRENT")).unwrap();
    let mut child = f.process(&["index"]).stdout(Stdio::null()).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(15));
    child.kill().unwrap();
    child.wait().unwrap();
    // Killed before, during or after its swap: either way an index that
    // matches the corpus is in place, whole.
    let output = f.search("torpedo");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "no rebuild was needed");
    let now = fs::read_to_string(f.index_path().join("CURRENT")).unwrap();
    assert!(f.index_path().join(now.trim()).is_dir());
    // A later build clears what the killed one left, keeping only the
    // generation it replaced (a reader may still be opening it) beside its
    // own.
    f.rulings().arg("index").assert().success();
    let listing = f.index_listing();
    let generations: Vec<&String> = listing.iter().filter(|n| n.starts_with("gen-")).collect();
    assert_eq!(generations.len(), 2, "{listing:?}");
    assert!(
        !listing.iter().any(|n| n.starts_with("build-")),
        "{listing:?}"
    );
    let in_use = fs::read_to_string(f.index_path().join("CURRENT")).unwrap();
    assert_ne!(in_use.trim(), current.trim());
    assert!(generations.iter().any(|g| g.as_str() == in_use.trim()));
}

#[test]
fn index_rebuilds_on_demand_and_reports() {
    let f = Fixture::new();
    f.rulings()
        .arg("index")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Indexed 3 entries from 2 releases (1E: 3 entries in 2 releases) into ",
        ));
    let output = f
        .rulings()
        .args(["index", "--json"])
        .assert()
        .success()
        .get_output()
        .clone();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["entries"], 3);
    assert_eq!(report["releases"], 2);
    assert_eq!(report["editions"][0]["edition"], "1E");
    // A search right after uses it as it is.
    assert!(!stderr(&f.search("torpedo")).contains("indexed"));
}

#[test]
fn another_corpus_is_indexed_in_the_cache_folder() {
    let f = Fixture::new();
    let cache = tempfile::tempdir().unwrap();
    let output = rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(f.corpus.path())
        .env("XDG_CACHE_HOME", cache.path())
        .env("HOME", cache.path())
        .env_remove("RULINGS_INDEX")
        .args(["search", "torpedo"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    // Beside the index, the day the corpus age was told.
    let folders: Vec<_> = fs::read_dir(cache.path().join("rulings"))
        .unwrap()
        .filter(|f| f.as_ref().unwrap().file_name() != "age-told")
        .collect();
    assert_eq!(folders.len(), 1);
    let folder = folders[0].as_ref().unwrap().path();
    assert!(folder.join("CURRENT").is_file());
    assert!(
        stderr(&output).contains(&folder.display().to_string()),
        "{}",
        stderr(&output)
    );
}

#[test]
fn document_text_cannot_drive_the_terminal() {
    let f = Fixture::new();
    f.write(
        "evil.md",
        &document(
            "Evil Rulings",
            "2022-01-01",
            "Horta \u{1b}[2J – A Horta\u{1b}[1;1H eats \u{9b}31mrock\u{8}\u{7} and \u{1b}]2;title\u{1b}\\ stone.\n",
        ),
    );
    for args in [&["search", "horta"][..], &["search", "horta", "--json"][..]] {
        let output = f.rulings().args(args).output().unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
        let out = stdout(&output);
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(out.contains("Horta"), "{out}");
    }
    let colored = f
        .rulings()
        .args(["--color", "always", "search", "horta"])
        .output()
        .unwrap();
    let out = stdout(&colored);
    // Only this program's own color codes (ESC [ … m) are left.
    let stripped = out.split('\u{1b}').skip(1).all(|part| {
        part.starts_with('[')
            && part[1..]
                .split('m')
                .next()
                .unwrap()
                .chars()
                .all(|c| c.is_ascii_digit() || c == ';')
    });
    assert!(stripped, "{out:?}");
    assert!(
        !out.contains("owned") || !out.contains("\u{1b}]"),
        "{out:?}"
    );
}

// ------------------------------------------------- the index as it stood

/// `search --json ARGS` on the fixture, parsed.
fn fixture_json(fixture: &Fixture, args: &[&str]) -> Value {
    let output = fixture
        .rulings()
        .args(["search", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A corpus where "cloak" is rarer than "phaser" until a later release
/// uses it everywhere: the ruling with the rarer word ranks first.
fn phasers_and_cloaks() -> Fixture {
    let fixture = Fixture::new();
    fixture.write(
        "gamma.md",
        &document(
            "Gamma Rulings",
            "2020-06-01",
            "first – The phaser fires.\n\nsecond – The cloak holds.\n\nthird – The phaser recharges.\n",
        ),
    );
    fixture
}

/// What must not move: the hits, their order and their scores.
fn ranking(answer: &Value) -> Vec<(String, String)> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| {
            let entry = &hit["entry"];
            (
                format!("{}:{}", entry["release"], entry["line"]),
                hit["score"].to_string(),
            )
        })
        .collect()
}

#[test]
fn an_as_of_search_ranks_only_what_was_published_by_then() {
    let fixture = phasers_and_cloaks();
    let asked = ["phaser cloak", "--as-of", "2020-07-01"];
    let before = fixture_json(&fixture, &asked);
    assert_eq!(topics(&before)[0], "second", "the rarer word first");

    // A later release in which the cloak is everywhere.
    fixture.write(
        "delta.md",
        &document(
            "Delta Rulings",
            "2022-01-01",
            "fourth – The cloak lifts.\n\nfifth – The cloak fades.\n\nsixth – The cloak fails.\n\nseventh – The cloak flickers.\n",
        ),
    );
    let after = fixture_json(&fixture, &asked);
    assert_eq!(ranking(&after), ranking(&before));
    assert_eq!(after["notes"], before["notes"]);

    // On a date after it, the later release weighs: the cloak is common,
    // and the ruling with the phaser, now the rarer word, comes first
    // (so the release above was one that could change the order).
    let later = fixture_json(&fixture, &["phaser cloak", "--as-of", "2022-06-01"]);
    assert_ne!(topics(&later)[0], "second", "{later}");
}

#[test]
fn a_search_of_today_ranks_nothing_dated_after_today() {
    let fixture = phasers_and_cloaks();
    let before = fixture_json(&fixture, &["phaser cloak"]);
    // A release dated in the future: it is not yet published today.
    fixture.write(
        "future.md",
        &document(
            "Future Rulings",
            "2100-01-01",
            "fourth – The cloak lifts.\n\nfifth – The cloak fades.\n\nsixth – The cloak fails.\n\nseventh – The cloak flickers.\n",
        ),
    );
    let after = fixture_json(&fixture, &["phaser cloak"]);
    assert_eq!(ranking(&after), ranking(&before));
    assert_eq!(after["notes"], before["notes"]);
    let then = fixture_json(&fixture, &["phaser cloak", "--as-of", "2100-06-01"]);
    assert_ne!(topics(&then)[0], "second", "{then}");
}
