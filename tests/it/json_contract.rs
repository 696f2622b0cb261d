//! The contract a program relies on: every command's `--json` is one object
//! of the shape its schema in `schemas/` describes, whatever it found (one
//! answer, several, none), and every error under `--json` is the error
//! object on stderr. Each command is run on the bundled corpus and on small
//! corpora written into temporary folders, and each output is validated
//! against its JSON Schema (draft 2020-12).

use crate::common;
use crate::common::schemas;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

use schemas::{assert_valid, schemas, validator, Folder, SCHEMA_BASE};

/// What a run printed.
struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run(corpus: Option<&Path>, index: &Path, args: &[&str]) -> Run {
    let mut cmd = common::rulings();
    if let Some(corpus) = corpus {
        cmd.arg("--no-bundled").arg("--rulings").arg(corpus);
    }
    let output = cmd.arg("--index").arg(index).args(args).output().unwrap();
    let run = Run {
        code: output.status.code().unwrap(),
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
    };
    // Under --json, what reaches a program never holds a raw bidi control.
    for text in [&run.out, &run.err] {
        assert!(
            !text.chars().any(is_bidi_control),
            "{args:?} wrote a raw bidi control"
        );
    }
    run
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Runs a command with `--json` and checks its answer against `schema`
/// and its exit status; returns the answer.
fn answer(corpus: Option<&Path>, index: &Path, schema: &str, args: &[&str], code: i32) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = run(corpus, index, &args);
    assert_eq!(run.code, code, "{args:?}: {}{}", run.out, run.err);
    let value: Value = serde_json::from_str(&run.out)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}{}", run.out, run.err));
    assert_valid(schema, &value, &format!("{args:?}"));
    value
}

/// Runs a command with `--json` that must fail: nothing on stdout, the
/// error object with `code` on stderr, exit status 2.
fn error(corpus: Option<&Path>, index: &Path, args: &[&str], code: &str) {
    let mut args = args.to_vec();
    args.push("--json");
    let run = run(corpus, index, &args);
    assert_eq!(run.code, 2, "{args:?}: {}{}", run.out, run.err);
    assert_eq!(run.out, "", "{args:?}");
    let value: Value =
        serde_json::from_str(&run.err).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", run.err));
    assert_valid("error", &value, &format!("{args:?}"));
    assert_eq!(value["error"]["code"], code, "{args:?}: {}", run.err);
}

fn len(value: &Value) -> usize {
    value.as_array().unwrap().len()
}

/// A corpus of documents in a temporary folder, with its own index.
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

    fn answer(&self, schema: &str, args: &[&str], code: i32) -> Value {
        answer(
            Some(self.documents.path()),
            self.index.path(),
            schema,
            args,
            code,
        )
    }

    fn error(&self, args: &[&str], code: &str) {
        error(Some(self.documents.path()), self.index.path(), args, code);
    }
}

fn document(edition: &str, date: &str, title: &str, body: &str) -> String {
    format!("+++\nedition = \"{edition}\"\ndate = \"{date}\"\ntitle = \"{title}\"\n+++\n{body}")
}

#[test]
fn every_schema_is_a_valid_draft_2020_12_schema() {
    for (id, schema) in schemas() {
        assert!(
            jsonschema::meta::is_valid(&schema),
            "{id} is not a valid schema"
        );
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{id}"
        );
        assert_eq!(schema["$id"], id.as_str());
    }
    for name in [
        "search", "show", "errata", "diff", "releases", "export", "check", "index", "error",
    ] {
        validator(name);
    }
}

#[test]
fn the_schemas_catch_a_change_of_shape() {
    let index = tempfile::tempdir().unwrap();
    let shown = answer(None, index.path(), "show", &["show", "liberty"], 0);
    // A field added, a field missing, a list turned into an object, an
    // edition pasted into a candidate: each is refused.
    let mut added = shown.clone();
    added["extra"] = Value::Bool(true);
    let mut missing = shown.clone();
    missing.as_object_mut().unwrap().remove("did_you_mean");
    let mut unlisted = shown.clone();
    unlisted["answers"] = shown["answers"][0].clone();
    let mut pasted = shown.clone();
    pasted["candidates"] = serde_json::json!(["Liberty (1E)"]);
    let mut entry_changed = shown.clone();
    entry_changed["answers"][0]["entry"]
        .as_object_mut()
        .unwrap()
        .remove("line");
    let show = validator("show");
    for (what, changed) in [
        ("added", added),
        ("missing", missing),
        ("unlisted", unlisted),
        ("pasted", pasted),
        ("entry_changed", entry_changed),
    ] {
        assert!(!show.is_valid(&changed), "{what} passed the schema");
    }
    let error = validator("error");
    assert!(!error.is_valid(&serde_json::json!({"error": "bad"})));
    assert!(!error.is_valid(&serde_json::json!({"error": {"code": "Bad Date", "message": "x"}})));
}

#[test]
fn every_command_answers_one_object_on_the_bundled_corpus() {
    let index = tempfile::tempdir().unwrap();
    let index = index.path();
    // search: many hits, one, none (with a did-you-mean of candidates).
    let v = answer(None, index, "search", &["search", "cloaking"], 0);
    assert!(len(&v["hits"]) > 1);
    let v = answer(
        None,
        index,
        "search",
        &["search", "cloaking", "--limit", "1"],
        0,
    );
    assert_eq!(len(&v["hits"]), 1);
    let v = answer(None, index, "search", &["search", "wormhle"], 0);
    assert!(len(&v["notes"]) > 0);
    let v = answer(None, index, "search", &["search", "zzxqv"], 1);
    assert_eq!(len(&v["hits"]), 0);
    let v = answer(
        None,
        index,
        "search",
        &["search", "time", "location", "--as-of", "1990-01-01"],
        1,
    );
    assert_eq!(len(&v["hits"]), 0);
    let v = answer(None, index, "search", &["search", "cloaking NOT device"], 0);
    let searched = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["code"] == "searched")
        .expect("a query with operators says what was searched");
    assert_eq!(searched["excluded"][0], "device");

    // show: one edition, two, a chain of references, unknown, a
    // mentioned name, nothing yet in force.
    let v = answer(None, index, "show", &["show", "time location"], 0);
    assert_eq!(len(&v["answers"]), 1);
    let v = answer(None, index, "show", &["show", "missions"], 0);
    assert_eq!(len(&v["answers"]), 2);
    let v = answer(None, index, "show", &["show", "missions", "2e"], 0);
    assert_eq!(len(&v["answers"]), 1);
    assert_eq!(v["notes"][0]["code"], "edition");
    answer(None, index, "show", &["show", "dabo", "--history"], 0);
    let v = answer(None, index, "show", &["show", "captain proton"], 1);
    assert_eq!(
        (v["found"].clone(), v["known"].clone()),
        (false.into(), false.into())
    );
    assert_eq!(len(&v["answers"]), 0);
    let v = answer(None, index, "show", &["show", "quark"], 1);
    assert_eq!(v["used_in"][0]["edition"], "1E");
    let v = answer(None, index, "show", &["show", "bribery"], 1);
    assert_eq!(v["mentioned"]["name"], "Bribery");
    let v = answer(
        None,
        index,
        "show",
        &["show", "time location", "--as-of", "1999-12-31"],
        1,
    );
    assert_eq!(v["known"], true);
    assert!(len(&v["ruled_later"]) > 0);

    // errata: one card, every card, none on the date, a card with
    // rulings only, unknown, a mentioned name.
    let v = answer(None, index, "errata", &["errata", "liberty"], 0);
    assert_eq!(len(&v["errata"]), 1);
    let v = answer(None, index, "errata", &["errata"], 0);
    assert!(v["card"].is_null());
    assert!(len(&v["errata"]) > 1);
    let v = answer(
        None,
        index,
        "errata",
        &["errata", "--as-of", "1990-01-01"],
        1,
    );
    assert_eq!(len(&v["errata"]), 0);
    let v = answer(
        None,
        index,
        "errata",
        &["errata", "Writ of Accountability"],
        1,
    );
    assert_eq!(v["rulings"][0]["count"], 1);
    let v = answer(None, index, "errata", &["errata", "captain proton"], 1);
    assert_eq!(v["known"], false);
    let v = answer(None, index, "errata", &["errata", "mandarin bailiff"], 1);
    assert_eq!(v["mentioned"]["name"], "Mandarin Bailiff");

    // diff: two releases (with markers), two dates (both editions), a
    // release and a date, topics.
    let v = answer(
        None,
        index,
        "diff",
        &["diff", "1e-2000-03-27-cr", "1e-2014-11-03-crd"],
        0,
    );
    assert!(v["markers"].is_object());
    let v = answer(
        None,
        index,
        "diff",
        &["diff", "2000-01-01", "2020-01-01"],
        0,
    );
    assert!(v["markers"].is_null());
    answer(
        None,
        index,
        "diff",
        &["diff", "1e-2014-11-03-crd", "2022-12-01", "time location"],
        0,
    );

    // releases, export (all, one edition, one release), index.
    let v = answer(None, index, "releases", &["releases"], 0);
    assert_eq!(len(&v["releases"]), 5);
    let v = answer(None, index, "export", &["export"], 0);
    assert_eq!(len(&v["entries"]), 96 + 45 + 5 + 18 + 10);
    let v = answer(None, index, "export", &["export", "--edition", "2e"], 0);
    assert_eq!(v["edition"], "2E");
    assert_eq!(len(&v["entries"]), 18 + 10);
    let v = answer(
        None,
        index,
        "export",
        &["export", "--release", "1e-2000-03-27-cr", "--edition", "2e"],
        1,
    );
    assert_eq!(len(&v["entries"]), 0);
    answer(None, index, "index", &["index"], 0);
    let rulings = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let v = answer(
        None,
        index,
        "check",
        &["check", rulings.to_str().unwrap()],
        0,
    );
    assert_eq!(len(&v["documents"]), 5);
}

#[test]
fn export_lines_are_entries_of_the_schema() {
    let index = tempfile::tempdir().unwrap();
    let run = run(None, index.path(), &["export", "--edition", "2e"]);
    assert_eq!(run.code, 0, "{}", run.err);
    let all = schemas();
    let entry =
        serde_json::json!({ "$ref": format!("{SCHEMA_BASE}common.schema.json#/$defs/entry") });
    let validator = jsonschema::draft202012::options()
        .with_retriever(Folder(all))
        .build(&entry)
        .unwrap();
    let mut lines = 0;
    for line in run.out.lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        assert!(validator.is_valid(&value), "{line}");
        lines += 1;
    }
    assert_eq!(lines, 18 + 10);
}

#[test]
fn errors_are_the_error_object_with_a_code_per_kind() {
    let index = tempfile::tempdir().unwrap();
    let index = index.path();
    error(
        None,
        index,
        &["search", "x", "--as-of", "someday"],
        "invalid_value",
    );
    error(
        None,
        index,
        &["show", "x", "--edition", "3e"],
        "invalid_value",
    );
    error(
        None,
        index,
        &["search", "x", "--limit", "0"],
        "invalid_value",
    );
    error(None, index, &["search", "x", "--bogus"], "usage");
    error(None, index, &["diff", "2000-01-01"], "usage");
    error(None, index, &["diff", "x", "y", "--stat"], "usage");
    error(None, index, &["search", "  "], "empty_query");
    // A query that only leaves out has nothing to search for either: the
    // question's fault, not the index's.
    error(None, index, &["search", "NOT cloaking"], "empty_query");
    error(
        None,
        index,
        &["export", "--release", "nope"],
        "unknown_release",
    );
    error(
        None,
        index,
        &["diff", "nope", "2020-01-01"],
        "unknown_release",
    );
    error(
        None,
        index,
        &["diff", "2014-02-30", "2020-01-01"],
        "bad_date",
    );
    error(
        None,
        index,
        &["diff", "1e-2014-11-03-crd", "2e-2012-02-06-crd"],
        "editions_differ",
    );
    error(
        None,
        index,
        &["diff", "2000-01-01", "2020-01-01", "no such topic here"],
        "unknown_topic",
    );
    let missing = index.join("no-such-folder");
    error(
        None,
        index,
        &["--rulings", missing.to_str().unwrap(), "releases"],
        "corpus_not_found",
    );
    // A default edition the environment (or the settings file) sets that
    // is no edition.
    let output = common::rulings()
        .env("RULINGS_EDITION", "3e")
        .args(["--index", index.to_str().unwrap(), "show", "x", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let value: Value = serde_json::from_slice(&output.stderr).unwrap();
    assert_valid("error", &value, "RULINGS_EDITION=3e");
    assert_eq!(value["error"]["code"], "bad_config");
    // Without --json an error stays a line for people.
    let run = run(None, index, &["search", "x", "--as-of", "someday"]);
    assert_eq!(run.code, 2);
    assert!(!run.err.trim_start().starts_with('{'), "{}", run.err);
    let run = run_plain_error(index);
    assert!(run.starts_with("rulings: "), "{run}");
}

fn run_plain_error(index: &Path) -> String {
    run(None, index, &["export", "--release", "nope"]).err
}

#[test]
fn constructed_corpora_of_zero_one_and_many_answers_keep_the_shape() {
    let corpus = Corpus::new(&[
        (
            "a.md",
            &document(
                "1E",
                "2010-01-01",
                "Old Rulings",
                "cloaking – Ships may cloak.\n\nLiberty – Erratum: Now has Honor.\n\nSam Lavelle – Erratum: Now has Navigation.\n\nSam Lavell – Erratum: Now has Honor.\n",
            ),
        ),
        (
            "b.md",
            &document(
                "1E",
                "2012-01-01",
                "New Rulings",
                "cloaking – This Glossary entry has been deleted.\n\nLiberty – Erratum: Now has Treachery.\n",
            ),
        ),
        (
            "c.md",
            &document(
                "2E",
                "2015-01-01",
                "Second Rulings",
                "cloaking – Ships of the second edition may cloak.\n",
            ),
        ),
    ]);
    // Zero, one and many hits.
    let v = corpus.answer("search", &["search", "zzxqv"], 1);
    assert_eq!(len(&v["hits"]), 0);
    let v = corpus.answer("search", &["search", "treachery"], 0);
    assert_eq!(len(&v["hits"]), 1);
    let v = corpus.answer("search", &["search", "cloak", "--all"], 0);
    assert!(len(&v["hits"]) > 1);
    // show: two editions, one, none yet, several candidates.
    let v = corpus.answer("show", &["show", "cloaking", "--history"], 0);
    assert_eq!(len(&v["answers"]), 2);
    assert_eq!(v["answers"][0]["status"]["state"], "rescinded");
    let v = corpus.answer("show", &["show", "cloaking", "--edition", "2e"], 0);
    assert_eq!(len(&v["answers"]), 1);
    let v = corpus.answer("show", &["show", "cloaking", "--as-of", "2009-01-01"], 1);
    assert_eq!(len(&v["ruled_later"]), 3);
    let v = corpus.answer("show", &["show", "Sam Lavele"], 1);
    assert_eq!(
        v["candidates"],
        serde_json::json!([
            { "name": "Sam Lavelle", "edition": "1E" },
            { "name": "Sam Lavell", "edition": "1E" }
        ])
    );
    // errata: one card with its history, several candidates, every card.
    let v = corpus.answer("errata", &["errata", "liberty"], 0);
    assert_eq!(len(&v["errata"][0]["history"]), 1);
    let v = corpus.answer("errata", &["errata", "Sam Lavele"], 1);
    assert_eq!(len(&v["candidates"]), 2);
    let v = corpus.answer("errata", &["errata"], 0);
    assert_eq!(len(&v["errata"]), 3);
    let v = corpus.answer("errata", &["errata", "--edition", "2e"], 1);
    assert_eq!(len(&v["errata"]), 0);
    // diff, releases, export, index, check.
    let v = corpus.answer("diff", &["diff", "a", "b"], 0);
    assert!(v["markers"].is_object());
    corpus.answer("diff", &["diff", "2011-01-01", "2011-06-01"], 0);
    let v = corpus.answer("releases", &["releases"], 0);
    assert_eq!(len(&v["releases"]), 3);
    let v = corpus.answer("export", &["export", "--release", "c"], 0);
    assert_eq!(len(&v["entries"]), 1);
    corpus.answer("index", &["index"], 0);
    let v = corpus.answer(
        "check",
        &["check", corpus.documents.path().to_str().unwrap()],
        0,
    );
    assert_eq!(len(&v["documents"]), 3);
    // A document that cannot be read: check answers with it, exit 2.
    let broken = corpus.documents.path().join("broken.md");
    fs::write(&broken, b"a\0b").unwrap();
    let v = corpus.answer("check", &["check", broken.to_str().unwrap()], 2);
    assert_eq!(len(&v["unreadable"]), 1);
    fs::remove_file(&broken).unwrap();
    // A front paragraph too long to be front matter: its warning is
    // published with the paragraph's extent.
    let long = corpus.documents.path().join("long-2011-07-01.md");
    let preamble = "These rulings apply to every tournament. ".repeat(60);
    fs::write(
        &long,
        format!("+++\nedition = \"1E\"\n+++\n\n# Rulings\n\n{preamble}\n\nBorg – Borg may not attempt missions.\n"),
    )
    .unwrap();
    let v = corpus.answer("check", &["check", long.to_str().unwrap()], 1);
    let warning = v["documents"][0]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["warning"] == "long-front-matter")
        .unwrap_or_else(|| panic!("{v}"));
    assert!(warning["chars"].as_u64().unwrap() > 2_000, "{v}");
    fs::remove_file(&long).unwrap();
    // A web page, and a file in a format not read: exit 1 for the latter.
    let page =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/html/2e-rulings.html");
    let docx = corpus.documents.path().join("crd.docx");
    fs::write(&docx, b"PK").unwrap();
    let v = corpus.answer(
        "check",
        &["check", page.to_str().unwrap(), docx.to_str().unwrap()],
        1,
    );
    assert_eq!(v["documents"][0]["source"]["format"], "html");
    assert_eq!(v["not_read"][0]["format"], "word");
    fs::remove_file(&docx).unwrap();
    // A corpus folder with no document.
    let empty = Corpus::new(&[]);
    empty.error(&["releases"], "no_documents");
    // Errors on a corpus of our own.
    corpus.error(&["diff", "a", "c"], "editions_differ");
    corpus.error(&["export", "--release", "d"], "unknown_release");
}

#[test]
fn bidi_controls_are_escaped_in_every_json_answer() {
    let corpus = Corpus::new(&[(
        "a.md",
        &document(
            "1E",
            "2010-01-01",
            "Rulings \u{202E}desrever\u{202C}",
            "cloaking – Ships may \u{2066}cloak\u{2069} \u{200F}here\u{061C}.\n",
        ),
    )]);
    for (schema, args) in [
        ("show", &["show", "cloaking"][..]),
        ("search", &["search", "cloak"]),
        ("releases", &["releases"]),
        ("export", &["export"]),
    ] {
        let mut args = args.to_vec();
        args.push("--json");
        // `run` fails on any raw bidi control.
        let out = run(Some(corpus.documents.path()), corpus.index.path(), &args).out;
        let value: Value = serde_json::from_str(&out).unwrap();
        assert_valid(schema, &value, &format!("{args:?}"));
        let text = value.to_string();
        assert!(
            text.contains('\u{202E}') || text.contains('\u{2066}'),
            "{args:?}: the characters are kept, escaped: {out}"
        );
        assert!(
            out.contains("\\u202e") || out.contains("\\u2066"),
            "{args:?}: {out}"
        );
    }
    // Export's lines too.
    let out = run(
        Some(corpus.documents.path()),
        corpus.index.path(),
        &["export"],
    )
    .out;
    assert!(
        out.contains("\\u2066cloak\\u2069 \\u200fhere\\u061c."),
        "{out}"
    );
}

#[test]
fn base_documents_and_applied_amendments_keep_the_shape() {
    let read = |path: &str| std::fs::read_to_string(path).unwrap();
    let glossary = read("tests/fixtures/base/1e-2021-11-01-glossary.md");
    let compendium = read("tests/fixtures/base/1e-2022-10-03-compendium.md");
    let rrd = read("rulings/1e-2022-11-07-rrd.md");
    let unapplicable = document(
        "1E",
        "2022-02-07",
        "Recent Rulings",
        "## GLOSSARY UPDATES\n\nstopped –\n\nIn the second paragraph, delete:\n\nno such words\n",
    );
    let corpus = Corpus::new(&[
        ("1e-2021-11-01-glossary.md", &glossary),
        ("1e-2022-02-07-rrd.md", &unapplicable),
        ("1e-2022-11-07-rrd.md", &rrd),
    ]);
    let v = corpus.answer("show", &["show", "points"], 0);
    assert_eq!(len(&v["answers"][0]["amended"]["steps"]), 2);
    let v = corpus.answer("show", &["show", "stopped"], 0);
    assert_eq!(v["notes"][0]["code"], "amendment-not-applied");
    let v = corpus.answer("check", &["check"], 0);
    assert_eq!(v["documents"][0]["base"]["glossary"], 36);
    let corpus = Corpus::new(&[
        ("1e-2022-10-03-compendium.md", &compendium),
        ("1e-2022-11-07-rrd.md", &rrd),
    ]);
    let v = corpus.answer("show", &["show", "7.4.2"], 0);
    assert_eq!(v["answers"][0]["amended"]["steps"][0]["applied"], true);
    corpus.answer("errata", &["errata", "alien parasites"], 0);
    corpus.answer("diff", &["diff", "2022-01-01", "2022-12-01"], 0);
    let v = corpus.answer("check", &["check"], 0);
    assert_eq!(v["documents"][0]["base"]["sections"], 8);
}

/// A hit's entry is the entry `export` prints, byte for byte: one line
/// of JSON within the answer, whatever way the hit came to hold it.
#[test]
fn a_hits_entry_is_the_exported_entry_byte_for_byte() {
    let index = tempfile::tempdir().unwrap();
    let exported = run(None, index.path(), &["export"]);
    let lines: Vec<&str> = exported.out.lines().collect();
    let searched = run(
        None,
        index.path(),
        &["search", "--json", "--all", "cloaking"],
    );
    let text = searched.out;
    let hits = serde_json::from_str::<Value>(&text).unwrap()["hits"]
        .as_array()
        .unwrap()
        .clone();
    assert!(hits.len() > 3, "{text}");
    for hit in hits {
        let exported = lines
            .iter()
            .find(|line| serde_json::from_str::<Value>(line).unwrap() == hit["entry"])
            .unwrap_or_else(|| panic!("no exported entry is {}", hit["entry"]));
        assert!(
            text.contains(&format!("\"entry\": {exported}")),
            "{exported}"
        );
    }
}
