//! What a running server holds to when its files are changed under it:
//! its index damaged on disk, a document written through another of its
//! names, a request longer than any question.

use std::path::{Path, PathBuf};

use crate::common;
use crate::serve::{eventually, only, quark_says, the_next_answer_sees, Server};

/// A document that also has a name outside the corpus (a hard link) is
/// written through that name: the watch of the corpus's folders hears
/// nothing, so the server looks at such a document on each request, as
/// it does at a symbolic link.
#[test]
fn a_document_written_through_its_name_outside_the_corpus_is_seen() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Quark –\n\nQuark may bribe.\n",
    );
    let outside = elsewhere.path().join("a.md");
    std::fs::hard_link(dir.path().join("a.md"), &outside).unwrap();
    let server = Server::start(&only(dir.path()), &[]);
    quark_says(&server, "bribe");
    // Written in place through the other name: the same file, new text.
    common::write_document(
        elsewhere.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Quark –\n\nQuark may trade.\n",
    );
    the_next_answer_sees(&server, "trade");
}

/// Every file of the index's generations under `index`, by path.
fn generation_files(index: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for generation in std::fs::read_dir(index).unwrap().flatten() {
        if !generation.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        // The server may be removing a generation it replaced meanwhile.
        let Ok(listing) = std::fs::read_dir(generation.path()) else {
            continue;
        };
        for file in listing.flatten() {
            if file.file_type().is_ok_and(|t| t.is_file()) {
                files.push(file.path());
            }
        }
    }
    files
}

/// Cuts every file of the index's generations to `part` of its length
/// (those the server removes meanwhile are gone already).
fn cut(index: &Path, part: impl Fn(u64) -> u64) {
    let files = generation_files(index);
    assert!(
        !files.is_empty(),
        "no index files under {}",
        index.display()
    );
    for path in files {
        let Ok(file) = std::fs::OpenOptions::new().write(true).open(&path) else {
            continue;
        };
        let length = file.metadata().unwrap().len();
        file.set_len(part(length)).unwrap();
    }
}

/// Asks `path`, a question not asked before: an answer from the index in
/// memory (200), or a worded refusal (503), never a process gone.
fn still_answers(server: &mut Server, path: &str, expected: &str) {
    let reply = server.get(path);
    assert!(server.alive(), "the server ended under {path}");
    match reply.status {
        200 => assert!(reply.body.contains(expected), "{path}: {}", reply.body),
        503 => assert!(reply.body.contains("\"message\""), "{path}: {}", reply.body),
        other => panic!("{path}: {other} {}", reply.body),
    }
}

/// The index's files cut short or emptied while the server runs: the
/// server answers from the index it read into memory, and builds the one
/// on disk again.
#[test]
fn an_index_cut_short_under_the_server_neither_ends_it_nor_stays_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let rulings = [
        ("a.md", "Quark –\n\nQuark may bribe the magistrate.\n"),
        ("b.md", "Odo –\n\nOdo may arrest a smuggler.\n"),
        ("c.md", "Rom –\n\nRom may repair the engine.\n"),
    ];
    for (name, text) in rulings {
        common::write_document(dir.path(), name, "1E", "2020-01-01", text);
    }
    let mut server = Server::start(&only(dir.path()), &[]);
    let (status, first) = server.json("/api/search?q=quark");
    assert_eq!(status, 200, "{first}");
    let current = |server: &Server| {
        let named = std::fs::read_to_string(server.index().join("CURRENT"));
        named.unwrap_or_default().trim().to_string()
    };

    cut(server.index(), |length| length / 4);
    still_answers(&mut server, "/api/search?q=magistrate", "bribe");
    still_answers(&mut server, "/api/show?topic=odo", "smuggler");
    cut(server.index(), |_| 0);
    let emptied = current(&server);
    still_answers(&mut server, "/api/search?q=engine", "repair");
    still_answers(&mut server, "/api/show?topic=rom", "engine");

    // Built again on disk, in a generation of its own.
    eventually(|| {
        let _ = server.get("/api/search?q=arrest");
        let now = current(&server);
        (!now.is_empty() && now != emptied).then_some(now)
    });
    let (status, after) = server.json("/api/search?q=smuggler");
    assert_eq!(status, 200, "{after}");
    assert!(after.to_string().contains("arrest"), "{after}");
    assert!(server.alive());
    // The command line finds nothing to heal in the same folder.
    let out = common::rulings()
        .args(only(dir.path()))
        .arg("--index")
        .arg(server.index())
        .args(["search", "smuggler"])
        .output()
        .unwrap();
    let (code, stdout, stderr) = common::outcome(out);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("arrest"), "{stdout}");
    assert!(!stderr.contains("damaged"), "{stderr}");
}

/// A request written by hand to the server, its whole answer read: status,
/// head, body.
fn exchange(server: &Server, request: &[u8]) -> (u16, String, String) {
    use std::io::{Read, Write};
    let address = server.url.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    // The server may answer and close before the whole head is sent.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok());
    let status = status.unwrap_or_else(|| panic!("no status in {answer:?}"));
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// However long a request, its refusal is worded as every other error: the
/// error object under `/api/`, a page elsewhere, with its status. Past
/// 64 KB of address, or a head of too many fields, hyper refuses it before
/// the router sees it.
#[test]
fn every_request_too_long_is_refused_in_words() {
    let server = Server::start(&[], &[]);
    let get = |path: &str, fields: &str| {
        format!("GET {path} HTTP/1.1\r\nHost: x\r\n{fields}Connection: close\r\n\r\n").into_bytes()
    };
    for length in [5 * 1024, 64 * 1024, 200 * 1024] {
        let query = "b".repeat(length);
        let (status, head, body) = exchange(&server, &get(&format!("/api/search?q={query}"), ""));
        assert_eq!(status, 414, "{length}: {head}");
        assert!(
            head.contains("content-type: application/json"),
            "{length}: {head}"
        );
        let value: serde_json::Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{length}: {e}: {body}"));
        assert_eq!(value["error"]["code"], "too_long", "{length}: {value}");
        assert!(
            value["error"]["message"]
                .as_str()
                .unwrap()
                .contains("a request may have at most 4096"),
            "{value}"
        );

        let (status, head, body) = exchange(&server, &get(&format!("/?q={query}"), ""));
        assert_eq!(status, 414, "{length}: {head}");
        assert!(head.contains("content-type: text/html"), "{length}: {head}");
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{length}: {head}"
        );
        assert!(
            body.contains("a request may have at most 4096"),
            "{length}: {body}"
        );
    }
    // A head of more fields than hyper reads.
    let fields: String = (0..200).map(|n| format!("X-Field-{n}: {n}\r\n")).collect();
    let (status, head, body) = exchange(&server, &get("/api/search?q=cloak", &fields));
    assert_eq!(status, 431, "{head}");
    let value: serde_json::Value =
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert_eq!(value["error"]["code"], "too_long", "{value}");
    // Still answering.
    let (status, _) = server.json("/api/search?q=cloak");
    assert_eq!(status, 200);
}
