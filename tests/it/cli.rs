//! The binary on the bundled corpus and on corpora of bad input written into
//! temporary folders: `releases`, `export`, exit statuses, messages.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Output;

use predicates::prelude::*;
use serde_json::Value;

use common::rulings;

#[test]
fn releases_lists_the_bundled_corpus() {
    let out = rulings()
        .arg("releases")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    // Sorted by edition, then date.
    assert!(lines[0].starts_with("1e-2000-03-27-cr "), "{text}");
    assert!(lines[4].starts_with("2e-2017-06-06-rulings "), "{text}");
    assert!(
        lines[1].contains("  45 entries  CRD 2014-11-03  First Edition Current Rulings Document"),
        "{text}"
    );
}

#[test]
fn releases_json_has_the_contract_fields() {
    let out = rulings()
        .args(["releases", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answer: Value = serde_json::from_slice(&out).unwrap();
    let list = answer["releases"].as_array().unwrap();
    assert_eq!(list.len(), 5);
    let crd = list
        .iter()
        .find(|r| r["id"] == "1e-2014-11-03-crd")
        .unwrap();
    assert_eq!(crd["edition"], "1E");
    assert_eq!(crd["date"], "2014-11-03");
    assert_eq!(crd["title"], "First Edition Current Rulings Document");
    assert_eq!(crd["entries"], 45);
    assert_eq!(crd["since"], "Glossary v1.9.1");
}

#[test]
fn export_prints_one_entry_per_line_with_the_contract_fields() {
    let out = rulings()
        .arg("export")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let entries: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(entries.len(), 96 + 45 + 5 + 18 + 10);
    for field in [
        "release",
        "edition",
        "release_date",
        "date",
        "section",
        "topic",
        "key",
        "kind",
        "new",
        "text",
        "see",
        "supersedes",
        "cards",
        "file",
        "line",
    ] {
        assert!(
            entries.iter().all(|e| e.get(field).is_some()),
            "{field} missing"
        );
    }
    let stop = entries
        .iter()
        .find(|e| e["topic"] == "Stop First Contact")
        .unwrap();
    assert_eq!(stop["kind"], "redirect");
    assert_eq!(stop["see"][0], "timeline disruption");
    assert_eq!(stop["file"], "1e-2014-11-03-crd.md");
    assert_eq!(stop["supersedes"][0]["action"], "replaces");
    let set_up = entries.iter().find(|e| e["topic"] == "Set Up").unwrap();
    assert_eq!(
        (set_up["date"].as_str(), set_up["release_date"].as_str()),
        (Some("2016-09-19"), Some("2017-06-06"))
    );
    // Line numbers point at the head in the file.
    let file = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings/1e-2014-11-03-crd.md"),
    )
    .unwrap();
    let line = stop["line"].as_u64().unwrap() as usize;
    assert_eq!(file.lines().nth(line - 1), Some("Stop First Contact –"));
}

#[test]
fn export_filters_by_edition_and_release() {
    let out = rulings()
        .args(["export", "--edition", "2e"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 28);
    rulings()
        .args(["export", "--release", "no-such-release"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown release `no-such-release`",
        ));
    rulings()
        .args(["export", "--edition", "3e"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value '3e'"))
        .stderr(predicate::str::contains("possible values: 1e, 2e"));
}

const GOOD: &str = "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\ntitle = \"Good\"\n+++\nfaction – There are 3 factions.\n";

#[test]
fn bad_documents_are_named_and_the_rest_still_load() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("good.md"), GOOD).unwrap();
    fs::write(d.join("empty.md"), "").unwrap();
    fs::write(d.join("binary.txt"), b"First Edition\n\x00\x01\x02").unwrap();
    fs::write(
        d.join("latin1.txt"),
        b"First Edition Current Rulings Document (03 November 2014)\n\ncaf\xe9 \x96 A ruling about caf\xe9s.\n",
    )
    .unwrap();
    fs::write(
        d.join("untitled.txt"),
        "# Just some notes\n\nFirst Edition.\n\nnothing – to see here.\n",
    )
    .unwrap();
    fs::write(
        d.join("bad-front.md"),
        "+++\nedition = \"1E\"\ndate = \n+++\nfaction – Text.\n",
    )
    .unwrap();
    fs::create_dir(d.join("nested")).unwrap();
    fs::write(
        d.join("nested/also-good.txt"),
        GOOD.replace("Good", "Nested"),
    )
    .unwrap();
    fs::write(d.join("README.md"), "Not a release.").unwrap();

    let assert = rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(d)
        .arg("releases")
        .assert()
        .success();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        out.contains("good ") && out.contains("nested/also-good ") && out.contains("latin1 "),
        "{out}"
    );
    // A document without a date is read all the same, listed undated.
    assert!(
        out.lines()
            .any(|l| l.starts_with("untitled ") && l.contains("undated")),
        "{out}"
    );
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(err.contains("skipped empty.md: empty document"), "{err}");
    assert!(
        err.contains("skipped binary.txt:2: binary content"),
        "{err}"
    );
    assert!(
        err.contains("latin1.txt:3: not UTF-8; read as Latin-1 (Windows-1252)"),
        "{err}"
    );
    assert!(
        err.contains("untitled.txt: date: none found — undated"),
        "{err}"
    );
    assert!(!err.contains("skipped untitled.txt"), "{err}");
    assert!(
        err.contains("skipped bad-front.md:3: invalid front matter"),
        "{err}"
    );
    assert!(!err.contains("README"), "{err}");
}

#[test]
fn a_corpus_with_no_readable_document_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("empty.md"), "").unwrap();
    rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(dir.path())
        .arg("releases")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no rulings document could be read",
        ));
    rulings()
        .args(["--no-bundled", "--rulings", "/no/such/folder", "releases"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "corpus folder /no/such/folder not found",
        ));
}

#[test]
fn a_large_document_is_read_and_indexed_whole() {
    // How the cost grows is measured by the benchmark (README,
    // "Performance"), not with a clock in the tests.
    let dir = tempfile::tempdir().unwrap();
    let mut doc = String::from("+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\n");
    let mut i = 0usize;
    while doc.len() < 2 * 1024 * 1024 {
        doc.push_str(&format!(
            "topic number {i} - A ruling that says something about cards, with **Some Card** named. See **topic number {}**.\n\nA second paragraph of the same ruling, which goes on for a while to fill the page.\n\n",
            i + 1
        ));
        i += 1;
    }
    fs::write(dir.path().join("big.md"), &doc).unwrap();
    rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(dir.path())
        .arg("releases")
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("{i} entries")));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // `rulings export | head -1`: the reader goes away after one line.
    let mut child = common::process(common::binary())
        .arg("export")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Only notes (the index may be built first), never an error.
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.lines().all(|l| l.starts_with("note: ")),
        "{stderr:?}"
    );
}

/// Copies the bundled corpus into `dir`.
fn copy_bundled(dir: &Path) {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    for file in fs::read_dir(bundled).unwrap() {
        let file = file.unwrap().path();
        fs::copy(&file, dir.join(file.file_name().unwrap())).unwrap();
    }
}

#[test]
fn every_command_answers_from_the_index_until_the_corpus_changes() {
    let corpus = tempfile::tempdir().unwrap();
    let index = tempfile::tempdir().unwrap();
    copy_bundled(corpus.path());
    let run = |args: &[&str]| {
        let out = rulings()
            .env("RULINGS_TIMINGS", "1")
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(corpus.path())
            .arg("--index")
            .arg(index.path())
            .args(args)
            .output()
            .unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(corpus.path())
        .arg("--index")
        .arg(index.path())
        .arg("index")
        .assert()
        .success();
    for args in [
        &["show", "time location"][..],
        &["errata", "Liberty"],
        &["errata"],
        &["releases"],
        &["export", "--edition", "2e"],
        &["diff", "2000-01-01", "2020-01-01", "--stat"],
        &["diff", "1e-2000-03-27-cr", "1e-2014-11-03-crd", "--stat"],
        &["search", "cloaking"],
    ] {
        let (out, err) = run(args);
        assert!(!out.is_empty(), "{args:?}: {err}");
        assert!(
            err.contains("timings: index reused"),
            "{args:?} parsed the corpus: {err}"
        );
    }
    // A new document is seen: the index is rebuilt, and the answer changes.
    fs::write(
        corpus.path().join("1e-2025-01-01-rrd.md"),
        "+++\nedition = \"1E\"\ndate = \"2025-01-01\"\ntitle = \"A Later Update\"\n+++\ntime location – Time locations are now played face down.\n",
    )
    .unwrap();
    let (out, err) = run(&["show", "time location"]);
    assert!(err.contains("timings: index built"), "{err}");
    assert!(out.contains("played face down"), "{out}");
    let (_, err) = run(&["show", "time location"]);
    assert!(err.contains("timings: index reused"), "{err}");
    // A document edited in place, to the same size, is seen too.
    let later = corpus.path().join("1e-2025-01-01-rrd.md");
    let text = fs::read_to_string(&later).unwrap();
    fs::write(&later, text.replace("face down", "face up!!")).unwrap();
    let (out, err) = run(&["show", "time location"]);
    assert!(err.contains("timings: index built"), "{err}");
    assert!(out.contains("played face up!!"), "{out}");
}

#[test]
fn a_copied_binary_answers_from_its_embedded_documents() {
    let home = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let binary = elsewhere.path().join("rulings");
    fs::copy(common::binary(), &binary).unwrap();
    let data = home.path().join("data");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(&binary)
            .args(args)
            .current_dir(elsewhere.path())
            .env_clear()
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", &data)
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run(&["search", "cloaking"]).contains("cloaking and phasing"));
    let shown: Value = serde_json::from_str(&run(&["show", "time location", "--json"])).unwrap();
    assert_eq!(shown["answers"][0]["entry"]["release"], "1e-2014-11-03-crd");
    assert!(run(&["errata", "liberty"]).contains("Condor Class"));
    assert!(run(&["diff", "2014-11-02", "2014-11-04", "--stat"]).contains("Changed"));
    let releases: Value = serde_json::from_str(&run(&["releases", "--json"])).unwrap();
    assert_eq!(releases["releases"].as_array().unwrap().len(), 5);
    assert!(releases["releases"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["source"] == "bundled"));
    // The index went to the user's cache folder, not beside the binary.
    assert!(home.path().join("cache").join("rulings").is_dir());
    assert_eq!(fs::read_dir(elsewhere.path()).unwrap().count(), 1);

    // A document in the user data folder is read with the bundled ones.
    fs::create_dir_all(data.join("rulings")).unwrap();
    fs::write(
        data.join("rulings").join("1e-2025-01-01-rrd.md"),
        "+++\nedition = \"1E\"\ndate = \"2025-01-01\"\ntitle = \"A Later Update\"\n+++\ntime location – Time locations are now played face down.\n",
    )
    .unwrap();
    assert!(run(&["show", "time location"]).contains("played face down"));
    let releases: Value = serde_json::from_str(&run(&["releases", "--json"])).unwrap();
    let sources: Vec<&str> = releases["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources.len(), 6);
    assert!(sources.iter().any(|s| s.ends_with("1e-2025-01-01-rrd.md")));
}

/// Runs the binary on the bundled corpus with its index in `index`.
fn run_on_index(index: &std::path::Path, args: &[&str]) -> std::process::Output {
    rulings()
        .arg("--index")
        .arg(index)
        .args(args)
        .output()
        .unwrap()
}

/// The generation folder `CURRENT` names in `index`.
fn generation_in_use(index: &std::path::Path) -> std::path::PathBuf {
    let current = fs::read_to_string(index.join("CURRENT")).unwrap();
    index.join(current.trim())
}

#[test]
fn a_damaged_index_is_rebuilt_and_the_question_answered() {
    let index = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_on_index(index.path(), args);
    assert!(run(&["index"]).status.success());
    // Cut every file of the generation in use short.
    let generation = generation_in_use(index.path());
    for file in fs::read_dir(&generation).unwrap() {
        let path = file.unwrap().path();
        if path
            .extension()
            .is_some_and(|e| e == "fast" || e == "store")
        {
            let bytes = fs::read(&path).unwrap();
            fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        }
    }
    let out = run(&["show", "time location"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("is damaged"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("time location  1E  in force"));
    // Healed: the next question reads the new index without a word.
    let out = run(&["show", "time location"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("damaged"));
}

/// One bit flipped in any file of the index is caught by its checksum:
/// the index is rebuilt and the answer is the one an intact index gives,
/// never a panic and never a silently different answer.
#[test]
fn a_flipped_bit_in_any_index_file_is_caught_and_healed() {
    let index = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_on_index(index.path(), args);
    let question = DAMAGE_QUESTION;
    let intact = run(&question);
    assert!(intact.status.success());
    let generation = || generation_in_use(index.path());
    let mut extensions: Vec<String> = fs::read_dir(generation())
        .unwrap()
        .filter_map(|f| {
            let path = f.unwrap().path();
            let ext = path.extension()?.to_string_lossy().into_owned();
            (ext != "json" && ext != "lock").then_some(ext)
        })
        .collect();
    extensions.sort();
    assert!(extensions.len() >= 5, "{extensions:?}");
    for ext in &extensions {
        flip_a_bit(&generation(), ext);
        assert_healed(&run(&question), &intact, ext);
    }
}

/// The question asked of an index before and after it is damaged.
const DAMAGE_QUESTION: [&str; 5] = ["search", "cloaking", "--json", "--as-of", "2020-01-01"];

/// Flips one bit in the middle of the generation's largest file ending in
/// `.ext` (the index has a segment per part: the middle of a small one may
/// be its footer, whose damage is caught, but not by its checksum).
fn flip_a_bit(generation: &Path, ext: &str) {
    let file = fs::read_dir(generation)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .max_by_key(|p| fs::metadata(p).unwrap().len())
        .unwrap();
    let mut bytes = fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    fs::write(&file, bytes).unwrap();
}

/// The damage was caught and healed: the intact answer, with a warning.
fn assert_healed(out: &Output, intact: &Output, ext: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), ".{ext}: {err}");
    assert!(err.contains("checksum mismatch"), ".{ext}: {err}");
    assert_eq!(out.stdout, intact.stdout, ".{ext}: a different answer");
}

/// Once an index's files have been found intact and have settled, a stamp
/// spares later commands the checksums; a file written since is checked
/// again, and a flipped bit is still caught.
#[cfg(unix)]
#[test]
fn a_bit_flipped_after_the_files_were_stamped_intact_is_caught() {
    let index = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_on_index(index.path(), args);
    let question = DAMAGE_QUESTION;
    let intact = run(&question);
    assert!(intact.status.success());
    // Past the settling time, the next command checks and stamps for good.
    std::thread::sleep(std::time::Duration::from_millis(2_100));
    assert_eq!(run(&question).stdout, intact.stdout);
    let generation = generation_in_use(index.path());
    assert!(generation.join(".rulings-intact").is_file());
    flip_a_bit(&generation, "fast");
    assert_healed(&run(&question), &intact, "fast");
}

#[cfg(unix)]
#[test]
fn a_corpus_folder_whose_path_is_not_utf8_works() {
    use std::os::unix::ffi::OsStrExt;
    let parent = tempfile::tempdir().unwrap();
    let folder = parent
        .path()
        .join(std::ffi::OsStr::from_bytes(b"corpus-\xff"));
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("a.md"), GOOD).unwrap();
    for args in [&["search", "factions"][..], &["index", "--json"]] {
        let out = rulings()
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(&folder)
            .arg("--index")
            .arg(folder.join("index"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
