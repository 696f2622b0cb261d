//! What goes to stderr besides the answer: how current the corpus is, said
//! with the first answer of the day from a corpus and not again that day
//! (remembered in the cache folder, per corpus), and nothing but errors,
//! warnings and the answer under `--quiet`.

use crate::common;

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

/// The binary with its cache folder (where the day is remembered) in
/// `cache`.
fn rulings(cache: &Path) -> Command {
    let mut cmd = common::rulings();
    cmd.env("XDG_CACHE_HOME", cache);
    cmd
}

/// A corpus of one old document in a temporary folder, with its own index.
struct Corpus {
    documents: TempDir,
    index: TempDir,
}

impl Corpus {
    fn new(topic: &str) -> Corpus {
        let corpus = Corpus {
            documents: tempfile::tempdir().unwrap(),
            index: tempfile::tempdir().unwrap(),
        };
        fs::write(
            corpus.documents.path().join("a.md"),
            format!("+++\nedition = \"1E\"\ndate = \"2010-01-01\"\ntitle = \"Old Rulings\"\n+++\n{topic} – Ships may cloak.\n"),
        )
        .unwrap();
        corpus
    }

    /// Runs `args` on the corpus; returns (exit code, stdout, stderr).
    fn run(&self, cache: &Path, args: &[&str]) -> (i32, String, String) {
        let out = rulings(cache)
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(self.documents.path())
            .arg("--index")
            .arg(self.index.path())
            .args(args)
            .output()
            .unwrap();
        common::outcome(out)
    }
}

fn tells_age(err: &str) -> bool {
    err.contains("corpus: 1E newest 2010-01-01") && err.contains("newer rulings may exist")
}

#[test]
fn the_corpus_age_is_told_once_a_day_per_corpus() {
    let cache = tempfile::tempdir().unwrap();
    let first = Corpus::new("cloaking");
    let (code, out, err) = first.run(cache.path(), &["show", "cloaking"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ships may cloak."), "{out}");
    assert!(tells_age(&err), "the first answer tells the age: {err}");
    // The same day, any command that answers from the corpus stays quiet.
    for args in [
        &["show", "cloaking"][..],
        &["search", "cloak"],
        &["errata"],
        &["releases"],
        &["diff", "2009-01-01", "2011-01-01"],
    ] {
        let (_, _, err) = first.run(cache.path(), args);
        assert!(!err.contains("corpus:"), "{args:?}: {err}");
    }
    // Another corpus is told again, once.
    let second = Corpus::new("docking");
    let (_, _, err) = second.run(cache.path(), &["search", "docking"]);
    assert!(tells_age(&err), "another corpus: {err}");
    let (_, _, err) = second.run(cache.path(), &["search", "docking"]);
    assert!(!err.contains("corpus:"), "{err}");
    // A corpus that changes is another corpus.
    fs::write(
        second.documents.path().join("b.md"),
        "+++\nedition = \"1E\"\ndate = \"2011-01-01\"\ntitle = \"Later Rulings\"\n+++\nboarding – Ships may be boarded.\n",
    )
    .unwrap();
    let (_, _, err) = second.run(cache.path(), &["show", "docking"]);
    assert!(err.contains("corpus: 1E newest 2011-01-01"), "{err}");
}

#[test]
fn a_damaged_or_foreign_stamp_only_means_telling_again() {
    let cache = tempfile::tempdir().unwrap();
    let corpus = Corpus::new("cloaking");
    let (_, _, err) = corpus.run(cache.path(), &["show", "cloaking"]);
    assert!(tells_age(&err), "{err}");
    let folder = cache.path().join("rulings").join("age-told");
    let stamps: Vec<_> = fs::read_dir(&folder)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(stamps.len(), 1, "one small file per corpus: {stamps:?}");
    assert!(fs::metadata(&stamps[0]).unwrap().len() < 64);
    // Garbage, a date of another day, today's date after a megabyte of
    // spaces (never read that far), and a folder in its place.
    let today = chrono::Local::now().date_naive().to_string();
    let garbage: [Vec<u8>; 3] = [
        b"\xff\xfe\0garbage".to_vec(),
        b"1999-01-01\n".to_vec(),
        [vec![b' '; 1 << 20], today.clone().into_bytes()].concat(),
    ];
    for bytes in garbage {
        fs::write(&stamps[0], bytes).unwrap();
        let (code, _, err) = corpus.run(cache.path(), &["show", "cloaking"]);
        assert_eq!(code, 0, "{err}");
        assert!(tells_age(&err), "{err}");
        let (_, _, err) = corpus.run(cache.path(), &["show", "cloaking"]);
        assert!(
            !err.contains("corpus:"),
            "told once again, then remembered: {err}"
        );
    }
    fs::remove_file(&stamps[0]).unwrap();
    fs::create_dir(&stamps[0]).unwrap();
    let (code, _, err) = corpus.run(cache.path(), &["show", "cloaking"]);
    assert_eq!(code, 0, "{err}");
    assert!(tells_age(&err), "{err}");
}

#[test]
fn quiet_prints_nothing_on_stderr_for_an_answer() {
    let cache = tempfile::tempdir().unwrap();
    let corpus = Corpus::new("cloaking");
    // The first search builds the index (a note) on the first answer of
    // the day (the age): both left out.
    for args in [
        &["-q", "search", "cloak"][..],
        &["show", "cloaking", "--quiet"],
        &["show", "cloaking", "1e", "-q"],
        &["releases", "-q"],
        &["diff", "2009-01-01", "2011-01-01", "-q"],
    ] {
        let (_, out, err) = corpus.run(cache.path(), args);
        assert!(!out.is_empty(), "{args:?}");
        assert_eq!(err, "", "{args:?}");
    }
    // Without -q the same day, nothing more is said either; a new day's
    // first answer would tell the age.
    let (_, _, err) = corpus.run(cache.path(), &["show", "cloaking", "1e"]);
    assert!(err.contains("as the edition"), "{err}");
    // Errors are never silenced; nor is a note that the answer is partial,
    // which is part of it.
    let (code, _, err) = corpus.run(cache.path(), &["-q", "export", "--release", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown release `nope`"), "{err}");
    let (code, out, err) = corpus.run(cache.path(), &["-q", "search", "cloak", "zzxqv"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("note: the first ruling has 1 of the 2 words"),
        "{out}"
    );
    assert_eq!(err, "");
    // Nothing found is still said (it is the answer), on stderr.
    let (code, _, err) = corpus.run(cache.path(), &["-q", "show", "warp"]);
    assert_eq!(code, 1);
    assert!(err.contains("no topic or card named `warp`"), "{err}");
}

#[test]
fn quiet_on_the_bundled_corpus() {
    let cache = tempfile::tempdir().unwrap();
    for args in [
        &["-q", "show", "time location"][..],
        &["-q", "errata", "liberty"],
        &["-q", "search", "once", "each", "turn"],
    ] {
        let out = rulings(cache.path()).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}
