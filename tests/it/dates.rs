//! Dates as a TD types them, through the real binary: ISO dates and month
//! names read one way; a numeric date that reads two ways (05/06/2024) is
//! taken month first with a note naming both, refused under `--json` and
//! by the server; one that is no day month first (13/01/2025) is read day
//! first and said so; one that is no day either way is an error saying why.

use crate::common;
use crate::common::schemas::assert_valid;
use crate::serve::{only, Server};

use serde_json::Value;
use tempfile::TempDir;

/// A corpus of one First Edition document dated 2024-05-20, with its own
/// index: a question asked before that day finds nothing.
struct Corpus {
    documents: TempDir,
    index: TempDir,
}

impl Corpus {
    fn new() -> Corpus {
        let corpus = Corpus {
            documents: tempfile::tempdir().unwrap(),
            index: tempfile::tempdir().unwrap(),
        };
        common::write_document(
            corpus.documents.path(),
            "may.md",
            "1E",
            "2024-05-20",
            "Warp Drive – A ship may move twice.\n",
        );
        corpus
    }

    /// (exit code, stdout, stderr) of `rulings ARGS` on the corpus.
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = common::rulings()
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

#[test]
fn iso_dates_and_month_names_are_read_as_the_same_day_without_a_word() {
    let corpus = Corpus::new();
    let (code, iso, err) = corpus.run(&["show", "warp drive", "--as-of", "2024-06-05", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    for typed in [
        "5 june 2024",
        "June 5, 2024",
        "5th of JUNE 2024",
        "2024/06/05",
    ] {
        let (code, out, err) = corpus.run(&["show", "warp drive", "--as-of", typed, "--json"]);
        assert_eq!((code, err.as_str()), (0, ""), "{typed}");
        assert_eq!(out, iso, "{typed}");
    }
    // A month alone is its first day.
    let (_, first, _) = corpus.run(&["show", "warp drive", "--as-of", "2024-06-01", "--json"]);
    for typed in ["JUNE 2024", "2024-06", "june 2024"] {
        let (code, out, err) = corpus.run(&["show", "warp drive", "--as-of", typed, "--json"]);
        assert_eq!((code, err.as_str()), (0, ""), "{typed}");
        assert_eq!(out, first, "{typed}");
    }
}

#[test]
fn a_date_that_reads_two_ways_is_taken_month_first_and_said() {
    let corpus = Corpus::new();
    // 6 May is before the document, 5 June after it.
    let (code, out, err) = corpus.run(&["show", "warp drive", "--as-of", "05/06/2024"]);
    let (iso_code, iso_out, _) = corpus.run(&["show", "warp drive", "--as-of", "2024-05-06"]);
    assert_eq!((code, out.as_str()), (iso_code, iso_out.as_str()));
    assert_ne!(code, 0, "6 May 2024 is before the only document: {out}");
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("05/06/2024")).collect();
    assert_eq!(notes.len(), 1, "{err}");
    for words in ["reads two ways", "6 May 2024", "5 June 2024", "2024-06-05"] {
        assert!(notes[0].contains(words), "{words}: {err}");
    }
    // Quiet keeps how it was read off stderr.
    let (_, quiet_out, quiet_err) =
        corpus.run(&["-q", "show", "warp drive", "--as-of", "05/06/2024"]);
    assert_eq!(quiet_out, out);
    assert!(!quiet_err.contains("05/06/2024"), "{quiet_err}");
}

#[test]
fn under_json_a_date_that_reads_two_ways_is_refused_naming_both() {
    let corpus = Corpus::new();
    for args in [
        &["show", "warp drive", "--as-of", "05/06/2024", "--json"][..],
        &["search", "ship", "--as-of", "5.6.24", "--json"],
        &["diff", "05/06/2024", "2024-12-01", "--json"],
    ] {
        let (code, out, err) = corpus.run(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        let value: Value = serde_json::from_str(&err).unwrap_or_else(|e| panic!("{e}: {err}"));
        assert_valid("error", &value, &format!("{args:?}"));
        assert_eq!(value["error"]["code"], "ambiguous_date", "{err}");
        assert_eq!(
            value["error"]["readings"],
            serde_json::json!(["2024-05-06", "2024-06-05"]),
            "{err}"
        );
    }
}

#[test]
fn a_date_no_day_month_first_is_read_day_first_and_said() {
    let corpus = Corpus::new();
    let (code, out, err) = corpus.run(&["show", "warp drive", "--as-of", "13/06/2024", "--json"]);
    let (_, iso, _) = corpus.run(&["show", "warp drive", "--as-of", "2024-06-13", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, iso);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("read day first, as 13 June 2024: there is no month 13"),
        "{err}"
    );
    let (code, _, err) = corpus.run(&["diff", "13/06/2024", "2024-12-01", "--stat"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("13 June 2024"), "{err}");
}

#[test]
fn a_date_no_day_either_way_is_an_error_saying_why() {
    let corpus = Corpus::new();
    for (args, why) in [
        (
            &["show", "warp drive", "--as-of", "13/13/2024"][..],
            "there is no month 13",
        ),
        (
            &["search", "ship", "--as-of", "02/30/2024"],
            "month first, February 2024 has 29 days; day first, there is no month 30",
        ),
        (
            &["show", "warp drive", "--as-of", "31 June 2024"],
            "June 2024 has 30 days",
        ),
        (
            &["diff", "2024-02-30", "2024-12-01"],
            "February 2024 has 29 days",
        ),
        (&["ask", "--as-of", "13/13/2024"], "there is no month 13"),
    ] {
        let (code, out, err) = corpus.run(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(err.contains("YYYY-MM-DD"), "{args:?}: {err}");
    }
}

#[test]
fn the_server_refuses_a_date_that_reads_two_ways_on_the_api_and_the_page() {
    let corpus = Corpus::new();
    let server = Server::start(&only(corpus.documents.path()), &[]);
    for path in [
        "/api/show?topic=warp+drive&as_of=05/06/2024",
        "/api/diff?from=05/06/2024&to=2024-12-01",
    ] {
        let (status, value) = server.json(path);
        assert_eq!(status, 400, "{path}: {value}");
        assert_valid("error", &value, path);
        assert_eq!(value["error"]["code"], "ambiguous_date", "{value}");
        assert_eq!(
            value["error"]["readings"],
            serde_json::json!(["2024-05-06", "2024-06-05"])
        );
    }
    let page = server.get("/?q=ship&as_of=05%2F06%2F2024");
    assert_eq!(page.status, 400);
    assert!(
        page.body.contains("6 May 2024") && page.body.contains("5 June 2024"),
        "{}",
        page.body
    );
    // One way only is answered.
    let (status, value) = server.json("/api/show?topic=warp+drive&as_of=13/06/2024");
    assert_eq!(status, 200, "{value}");
    assert_eq!(value["as_of"], "2024-06-13", "{value}");
}
