//! `rulings serve` as a venue uses it: the real binary listening on a free
//! port, asked with a real HTTP client (and, when Chromium is installed, a
//! real browser). The API must give what `--json` gives, byte for byte; the
//! pages must show every document's text as text; the limits must hold; a
//! document dropped into the corpus must be seen without a restart.

use crate::common;
use crate::common::cdp;
use crate::common::schemas;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

use schemas::assert_valid;

/// The server's limits (`src/serve/mod.rs`): the most bytes of a
/// request's address, and of the body of a request other than a decklist.
const MOST_URI_BYTES: usize = 4096;
const MOST_BODY_BYTES: usize = 1024;

/// A running `rulings serve --port 0`, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub(crate) url: String,
    agent: ureq::Agent,
    index: TempDir,
}

/// The arguments that read only the documents of `dir`.
pub(crate) fn only(dir: &Path) -> Vec<String> {
    vec![
        "--no-bundled".into(),
        "--rulings".into(),
        dir.display().to_string(),
    ]
}

/// How the server process is started, besides its arguments.
#[derive(Default)]
struct Launch<'a> {
    /// Environment variables set for it.
    env: &'a [(&'a str, &'a str)],
    /// Its limit on open files (`ulimit -n`), when lowered.
    files: Option<u32>,
}

impl Server {
    /// Starts the server on the corpus the arguments name (the bundled one
    /// when none), with an index of its own.
    pub(crate) fn start(corpus: &[String], serve: &[&str]) -> Server {
        Server::launch(corpus, serve, &Launch::default())
    }

    fn launch(corpus: &[String], serve: &[&str], launch: &Launch) -> Server {
        let index = tempfile::tempdir().unwrap();
        let mut command = match launch.files {
            None => common::process(common::binary()),
            Some(files) => {
                // The shell lowers its own limit, which the binary inherits.
                let mut command = common::process("sh");
                command
                    .arg("-c")
                    .arg(format!("ulimit -n {files} && exec \"$0\" \"$@\""))
                    .arg(common::binary());
                command
            }
        };
        command.envs(launch.env.iter().copied());
        command
            .args(corpus)
            .arg("--index")
            .arg(index.path())
            .args(["serve", "--port", "0"])
            .args(serve);
        let (child, url) = common::served::start(&mut command);
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(20)))
            .build()
            .into();
        Server {
            child,
            url,
            agent,
            index,
        }
    }

    /// Whether the process still runs.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The folder the server keeps its index in.
    pub(crate) fn index(&self) -> &Path {
        self.index.path()
    }

    /// GET `path`: status, headers, body.
    pub(crate) fn get(&self, path: &str) -> Reply {
        let mut response = self
            .agent
            .get(&format!("{}{path}", self.url))
            .call()
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        let headers = response
            .headers()
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        Reply {
            status: response.status().as_u16(),
            headers,
            body: response.body_mut().read_to_string().unwrap(),
        }
    }

    pub(crate) fn json(&self, path: &str) -> (u16, Value) {
        let reply = self.get(path);
        assert_eq!(
            reply.headers["content-type"], "application/json; charset=utf-8",
            "{path}"
        );
        let value = serde_json::from_str(&reply.body).unwrap_or_else(|e| panic!("{path}: {e}"));
        (reply.status, value)
    }

    /// A request written by hand, for what a client library will not send;
    /// gives the status.
    pub(crate) fn raw(&self, request: &str) -> u16 {
        let address = self.url.trim_start_matches("http://");
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer);
        answer
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {answer:?}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: HashMap<String, String>,
    pub(crate) body: String,
}

/// What `rulings ARGS` prints on stdout on the bundled corpus.
fn cli(args: &[&str]) -> String {
    let out = common::rulings().args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_api_answers_what_json_answers_byte_for_byte() {
    let server = Server::start(&[], &[]);
    let asked = [
        (
            "/api/search?q=cloaking",
            vec!["search", "cloaking"],
            "search",
        ),
        (
            "/api/search?q=once%20each%20turn&edition=1e&as_of=2005-06-01&all=1",
            vec![
                "search",
                "once each turn",
                "--edition",
                "1e",
                "--as-of",
                "2005-06-01",
                "--all",
            ],
            "search",
        ),
        (
            "/api/show?topic=time+location&as_of=2010-01-01",
            vec!["show", "time location", "--as-of", "2010-01-01"],
            "show",
        ),
        (
            "/api/errata?card=Liberty",
            vec!["errata", "Liberty"],
            "errata",
        ),
        ("/api/errata", vec!["errata"], "errata"),
        (
            "/api/diff?from=2010-01-01&to=2015-01-01",
            vec!["diff", "2010-01-01", "2015-01-01"],
            "diff",
        ),
        ("/api/releases", vec!["releases"], "releases"),
        (
            "/api/search?q=once+each+turn&as_of=2014-11-03&limit=3",
            vec![
                "search",
                "--as-of",
                "2014-11-03",
                "--limit",
                "3",
                "once each turn",
            ],
            "search",
        ),
        (
            "/api/search?q=cloa&typing=on&edition=1e",
            vec!["search", "--typing", "--edition", "1e", "cloa"],
            "search",
        ),
        (
            "/api/show?topic=time+location&as_of=2000-03-27",
            vec!["show", "--as-of", "2000-03-27", "time location"],
            "show",
        ),
        (
            "/api/diff?from=1e-2014-11-03-crd&to=1e-2022-11-07-rrd",
            vec!["diff", "1e-2014-11-03-crd", "1e-2022-11-07-rrd"],
            "diff",
        ),
    ];
    for (path, mut args, schema) in asked {
        let reply = server.get(path);
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        args.push("--json");
        assert_eq!(reply.body, cli(&args), "{path} is not `rulings {args:?}`");
        assert_valid(schema, &serde_json::from_str(&reply.body).unwrap(), path);
    }
    // The same hits as the page shows, without any script.
    let page = server.get("/?q=cloaking");
    assert_eq!(page.status, 200);
    assert_eq!(page.headers["content-type"], "text/html; charset=utf-8");
    assert!(page.body.contains(r#"<ol class="hits">"#), "{}", page.body);
    assert!(
        page.body.contains(r#"<a href="/1e/cloaking-device?as_of="#),
        "{}",
        page.body
    );
    let (_, hits) = server.json("/api/search?q=cloaking");
    assert_eq!(
        page.body.matches("<li><h2>").count(),
        hits["hits"].as_array().unwrap().len()
    );
}

#[test]
fn questions_that_cannot_be_answered_say_why_with_their_status() {
    let server = Server::start(&[], &[]);
    for (path, status, code) in [
        ("/api/search?q=", 400, "empty_query"),
        ("/api/search", 400, "usage"),
        ("/api/search?q=%20", 400, "empty_query"),
        (
            "/api/search?q=cloaking&as_of=2014-02-30",
            400,
            "invalid_value",
        ),
        ("/api/search?q=cloaking&edition=3e", 400, "invalid_value"),
        (
            "/api/diff?from=no-such-release&to=2015-01-01",
            404,
            "unknown_release",
        ),
        ("/api/nothing-here", 404, "usage"),
    ] {
        let (got, value) = server.json(path);
        assert_eq!(got, status, "{path}: {value}");
        assert_eq!(value["error"]["code"], code, "{path}: {value}");
        assert_valid("error", &value, path);
    }
    // A refused request names the parameter at fault and what it takes,
    // never a command-line flag.
    for (path, words) in [
        ("/api/search", "`q` is required: the words to search for"),
        ("/api/show?as_of=2014-11-03", "`topic` is required"),
        ("/api/diff?from=1E", "`to` is required"),
        (
            "/api/search?q=cloaking&bogus=1",
            "`bogus` is not a parameter of /api/search; it takes `q` (required)",
        ),
        (
            "/api/releases?limit=3",
            "`limit` is not a parameter of /api/releases",
        ),
        (
            "/api/show?topic=cloaking&as_of=yesterday",
            "`as_of`: `yesterday` is not a date",
        ),
        (
            "/api/errata?edition=3E",
            "`edition`: `3E` is not an edition; it takes 1E, 2E or both",
        ),
    ] {
        let (got, value) = server.json(path);
        assert_eq!(got, 400, "{path}: {value}");
        let message = value["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{path}: {message}");
        assert!(!message.contains("--"), "{path} names a flag: {message}");
        assert_valid("error", &value, path);
    }
    // Nothing found is a 404 with the whole answer, which says what is near.
    let (got, value) = server.json("/api/show?topic=time%20locaton");
    assert_eq!(got, 200, "a typo still finds the topic: {value}");
    let (got, value) = server.json("/api/show?topic=no%20such%20topic%20anywhere");
    assert_eq!((got, &value["found"]), (404, &Value::Bool(false)));
    assert_valid(
        "show",
        &value,
        "/api/show?topic=no%20such%20topic%20anywhere",
    );
    let (got, value) = server.json("/api/search?q=zzxqv");
    assert_eq!(got, 404, "{value}");
    assert_eq!(value["hits"], Value::Array(vec![]));
    // A page that does not exist is a page that says so.
    let page = server.get("/no/such/page");
    assert_eq!(page.status, 404);
    assert!(page.body.contains("Not found"), "{}", page.body);
}

#[test]
fn requests_past_the_limits_are_refused() {
    let server = Server::start(&[], &[]);
    let long = "a".repeat(rulings::limits::MOST_CHARS + 1);
    let (status, value) = server.json(&format!("/api/search?q={long}"));
    assert_eq!((status, &value["error"]["code"]), (400, &"too_long".into()));
    let (status, value) = server.json(&format!("/api/show?topic={long}"));
    assert_eq!((status, &value["error"]["code"]), (400, &"too_long".into()));
    let page = server.get(&format!("/?q={long}"));
    assert_eq!(page.status, 400);
    assert!(page.body.contains("at most 512"), "{}", page.body);
    // A request longer than any question is not read at all.
    let huge = "b".repeat(MOST_URI_BYTES);
    let (status, value) = server.json(&format!("/api/search?q={huge}"));
    assert_eq!((status, &value["error"]["code"]), (414, &"too_long".into()));
    // Read-only: nothing but GET, and no body past the limit.
    let body = "x".repeat(MOST_BODY_BYTES + 1);
    let post = format!(
        "POST /api/search?q=cloaking HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    assert_eq!(server.raw(&post), 413);
    let small = "POST /api/search?q=cloaking HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    assert_eq!(server.raw(small), 405);
    // No file from disk: a path that climbs out is no page.
    let climb = "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert_eq!(server.raw(climb), 404);
    assert_eq!(server.get("/Cargo.toml").status, 404);
}

#[test]
fn every_text_of_a_document_is_shown_as_text() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Tribble <script>alert(1)</script> –\n\nA tribble <script>alert(\"owned\")</script> \
         multiplies <img src=x onerror=alert(2)>; see [here](javascript:alert(3)).\n\n\
         Quark –\n\nQuark may <b>bribe</b> a tribble.\n",
    );
    let server = Server::start(&only(dir.path()), &[]);
    let (status, hits) = server.json("/api/search?q=tribble");
    assert_eq!(status, 200, "{hits}");
    let search = server.get("/?q=tribble");
    let topic = hits["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["entry"]["text"].as_str().unwrap().contains("multiplies"))
        .expect("the tribble ruling is found");
    let page = server.get(&format!(
        "/1e/{}",
        rulings::answer::links::slug(topic["entry"]["topic"].as_str().unwrap())
    ));
    assert_eq!(page.status, 200, "{}", page.body);
    for body in [&search.body, &page.body] {
        assert_eq!(
            body.matches("<script").count(),
            1,
            "only the page's own script: {body}"
        );
        assert!(body.contains(r#"<script src="/app.js" defer>"#));
        assert!(!body.contains("<img"), "{body}");
        assert!(!body.contains("<b>"), "{body}");
        assert!(!body.contains("javascript:"), "{body}");
    }
    assert!(
        page.body
            .contains("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;")
            || page
                .body
                .contains("&lt;script&gt;alert(\"owned\")&lt;/script&gt;"),
        "{}",
        page.body
    );
    let csp = &page.headers["content-security-policy"];
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert!(csp.contains("default-src 'none'"), "{csp}");
}

#[test]
fn a_document_dropped_in_is_answered_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Quark –\n\nQuark may bribe.\n",
    );
    let server = Server::start(&only(dir.path()), &[]);
    let (status, _) = server.json("/api/search?q=tribble");
    assert_eq!(status, 404);
    common::write_document(
        dir.path(),
        "b.md",
        "1E",
        "2021-01-01",
        "Tribble –\n\nA tribble multiplies.\n",
    );
    // The new document is read in the background; the answers come from
    // the documents as read before until it is in.
    let (status, value) = server.json("/api/search?q=tribble");
    assert_eq!(status, 404, "{value}");
    assert!(
        note_codes(&value).contains(&"newer-corpus".into()),
        "{value}"
    );
    let value = eventually(|| {
        let (status, value) = server.json("/api/search?q=tribble");
        (status == 200).then_some(value)
    });
    assert_eq!(value["hits"][0]["entry"]["topic"], "Tribble");
    assert!(!note_codes(&value).contains(&"newer-corpus".to_string()));
}

/// The codes of an answer's notes.
pub(crate) fn note_codes(value: &Value) -> Vec<String> {
    value["notes"]
        .as_array()
        .map(|notes| {
            notes
                .iter()
                .filter_map(|n| n["code"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What `probe` gives once it gives something, asked every 50 ms for at
/// most 60 s (a debug build reading thousands of entries while the rest of
/// the suite runs on two cores).
pub(crate) fn eventually<T>(mut probe: impl FnMut() -> Option<T>) -> T {
    let started = std::time::Instant::now();
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not within 60 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_request_during_a_rebuild_is_answered_from_the_index_in_use() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Quark –\n\nQuark may bribe.\n",
    );
    let server = Server::start(&only(dir.path()), &[]);
    let (status, before) = server.json("/api/search?q=quark");
    assert_eq!(status, 200, "{before}");
    // A large document, each of its thousands of rulings a topic of its
    // own, named by a made-up word (a head holds no digits).
    let word = |mut n: usize| {
        let mut word = String::new();
        for _ in 0..3 {
            word.push(b"bcdfghjklmnprstvz"[n % 17] as char);
            word.push(b"aeiou"[(n / 17) % 5] as char);
            n /= 85;
        }
        word
    };
    let body: String = (0..3000)
        .map(|n| {
            let w = word(n);
            format!("Tribble {w} –\n\nA tribble of litter {w} multiplies.\n\n")
        })
        .collect();
    common::write_document(dir.path(), "b.md", "1E", "2021-01-01", &body);
    let (status, during) = server.json("/api/search?q=quark");
    assert_eq!(status, 200, "{during}");
    assert_eq!(during["hits"], before["hits"]);
    assert_eq!(note_codes(&during), ["newer-corpus"], "{during}");
    assert_valid("search", &during, "during a rebuild");
    let page = server.get("/?q=quark");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("newer set of documents is being read") || {
            // The reading may have ended between the two requests.
            server.json("/api/search?q=tribble").0 == 200
        },
        "{}",
        page.body
    );
    let after = eventually(|| {
        let (status, value) = server.json(&format!("/api/search?q=litter+{}", word(2999)));
        (status == 200).then_some(value)
    });
    assert!(
        !note_codes(&after).contains(&"newer-corpus".into()),
        "{after}"
    );
}

#[test]
fn a_build_lock_held_by_another_process_does_not_hold_up_the_answers() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "a.md",
        "1E",
        "2020-01-01",
        "Quark –\n\nQuark may bribe.\n",
    );
    let server = Server::start(&only(dir.path()), &[]);
    assert_eq!(server.json("/api/search?q=quark").0, 200);
    // What `rulings index` in another process holds while it builds.
    let lock = std::fs::File::create(server.index().join(".build.lock")).unwrap();
    lock.lock().unwrap();
    common::write_document(
        dir.path(),
        "b.md",
        "1E",
        "2021-01-01",
        "Tribble –\n\nA tribble multiplies.\n",
    );
    for _ in 0..3 {
        let started = std::time::Instant::now();
        let (status, value) = server.json("/api/search?q=quark");
        assert_eq!(status, 200, "{value}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(note_codes(&value), ["newer-corpus"], "{value}");
        std::thread::sleep(Duration::from_millis(300));
    }
    drop(lock);
    let value = eventually(|| {
        let (status, value) = server.json("/api/search?q=tribble");
        (status == 200).then_some(value)
    });
    assert_eq!(value["hits"][0]["entry"]["topic"], "Tribble");
}

#[test]
fn a_request_head_not_sent_in_time_closes_its_connection() {
    let server = Server::launch(
        &[],
        &[],
        &Launch {
            env: &[("RULINGS_SERVE_HEAD_TIMEOUT_MS", "500")],
            ..Launch::default()
        },
    );
    let address = server.url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .write_all(b"GET /api/search?q=cloaking HTTP/1.1\r\nHo")
        .unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let read = stream.read_to_end(&mut answer);
    let took = started.elapsed();
    assert!(
        read.is_ok(),
        "the connection is closed, not left open: {read:?}"
    );
    assert!(
        took < Duration::from_secs(3),
        "closed after {took:?}, not within the head timeout"
    );
    // A whole request is answered as ever.
    assert_eq!(server.get("/api/search?q=cloaking").status, 200);
}

#[test]
fn idle_sockets_do_not_keep_a_request_out_under_a_low_file_limit() {
    let server = Server::launch(
        &[],
        &[],
        &Launch {
            files: Some(100),
            ..Launch::default()
        },
    );
    let address = server.url.trim_start_matches("http://");
    // More sockets than the process has files, each sending nothing.
    let idle: Vec<TcpStream> = (0..120)
        .filter_map(|_| TcpStream::connect(address).ok())
        .collect();
    assert!(idle.len() >= 100, "only {} sockets opened", idle.len());
    std::thread::sleep(Duration::from_millis(300));
    let started = std::time::Instant::now();
    let reply = server.get("/api/search?q=cloaking");
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered after {:?}",
        started.elapsed()
    );
    drop(idle);
}

#[test]
fn error_pages_say_what_they_are() {
    let server = Server::start(&[], &[]);
    let long = "b".repeat(MOST_URI_BYTES);
    for (path, status, kind) in [
        ("/no-such-page".to_string(), 404, "text/html; charset=utf-8"),
        (
            "/api/no-such-endpoint".to_string(),
            404,
            "application/json; charset=utf-8",
        ),
        (format!("/?q={long}"), 414, "text/html; charset=utf-8"),
        (
            format!("/api/search?q={long}"),
            414,
            "application/json; charset=utf-8",
        ),
    ] {
        let reply = server.get(&path);
        assert_eq!(reply.status, status, "{path}");
        assert_eq!(reply.headers["content-type"], kind, "{path}");
        if kind.starts_with("text/html") {
            assert!(reply.body.starts_with("<!DOCTYPE html>"), "{}", reply.body);
        } else {
            let value: Value = serde_json::from_str(&reply.body).unwrap();
            assert_valid("error", &value, &path);
        }
    }
    // What the layers refuse is worded the same way.
    let post = "POST /api/search?q=cloaking HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    let address = server.url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).unwrap();
    stream.write_all(post.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{answer}"
    );
}

#[test]
fn the_event_date_holds_unless_a_request_names_another() {
    let server = Server::start(&[], &["--as-of", "2010-01-01"]);
    let (_, value) = server.json("/api/show?topic=time%20location");
    assert_eq!(value["as_of"], "2010-01-01");
    assert_eq!(value["answers"][0]["entry"]["release"], "1e-2000-03-27-cr");
    let (_, value) = server.json("/api/show?topic=time%20location&as_of=2015-01-01");
    assert_eq!(value["answers"][0]["entry"]["release"], "1e-2014-11-03-crd");
}

#[test]
fn a_link_printed_by_the_command_line_opens_the_same_answer() {
    let server = Server::start(&[], &[]);
    let out = common::rulings()
        .env("RULINGS_URL", format!("{}/", server.url))
        .args([
            "show",
            "time location",
            "--edition",
            "1e",
            "--as-of",
            "2010-01-01",
            "--link",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let link = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        link.trim(),
        format!("{}/1e/time-location?as_of=2010-01-01", server.url)
    );
    let page = server.get(link.trim().trim_start_matches(&server.url));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<h1>time location</h1>"),
        "{}",
        page.body
    );
    // The 2000 ruling, in force in 2010.
    assert!(page.body.contains("1e-2000-03-27-cr.md"), "{}", page.body);
    assert!(
        !page.body.contains("1e-2014-11-03-crd.md:302"),
        "{}",
        page.body
    );

    let out = common::rulings()
        .env("RULINGS_URL", &server.url)
        .args([
            "search",
            "once each turn",
            "--as-of",
            "2005-06-01",
            "--link",
        ])
        .output()
        .unwrap();
    let link = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        link.trim(),
        format!("{}/?q=once%20each%20turn&as_of=2005-06-01", server.url)
    );
    let page = server.get(link.trim().trim_start_matches(&server.url));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("as of 2005-06-01"), "{}", page.body);
}

#[test]
fn concurrent_requests_share_one_index() {
    let server = Server::start(&[], &[]);
    let expected = server.get("/api/search?q=cloaking").body;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|_| scope.spawn(|| server.get("/api/search?q=cloaking")))
            .collect();
        for handle in handles {
            let reply = handle.join().unwrap();
            assert_eq!((reply.status, &reply.body), (200, &expected));
        }
    });
}

/// Where the browser test leaves its screenshots.
fn screenshots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots")
}

#[test]
fn a_person_with_a_browser_searches_reads_and_follows_links() {
    let Some(program) = cdp::chromium() else {
        eprintln!("SKIPPED: the browser test needs chromium (apt-get install chromium)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "tribbles.md",
        "1E",
        "2020-01-01",
        "Tribble –\n\nA tribble <script>window.owned = 1</script> multiplies.\n",
    );
    // The bundled documents and one of the TD's own.
    let server = Server::start(&["--rulings".into(), dir.path().display().to_string()], &[]);
    let mut browser = cdp::Browser::launch(program);
    browser.resize(360, 740);
    browser.open(&format!("{}/", server.url));
    assert_eq!(browser.eval("document.activeElement.name"), "q");

    // Search as you type: the hits follow each letter.
    let titles =
        "Array.from(document.querySelectorAll('#results h2')).map(h => h.textContent).join('|')";
    let mut seen = Vec::new();
    for (i, c) in "time loc".chars().enumerate() {
        browser.type_char(c);
        let typed: String = "time loc".chars().take(i + 1).collect();
        if typed.ends_with(' ') {
            continue;
        }
        browser.wait_for(&format!(
            "document.getElementById('results').dataset.answered === {}",
            serde_json::json!(typed)
        ));
        seen.push(browser.eval(titles).as_str().unwrap().to_string());
    }
    assert!(seen.iter().all(|t| !t.is_empty()), "{seen:?}");
    assert_ne!(seen.first(), seen.last(), "the hits change as letters come");
    assert!(
        seen.last().unwrap().starts_with("time location"),
        "{seen:?}"
    );
    // The address is the link to what is on screen: opened anew, it shows
    // the same hits.
    assert_eq!(
        browser.eval("location.pathname + location.search"),
        "/?q=time+loc&typing=1"
    );
    let on_screen = browser.eval(titles);
    browser.screenshot(&screenshots().join("search-360.png"));
    browser.open(&format!("{}/?q=time+loc&typing=1", server.url));
    assert_eq!(browser.eval(titles), on_screen);

    // Open the ruling by its link.
    browser.eval("document.querySelector('#results h2 a').click()");
    browser.wait_for(
        "location.pathname === '/1e/time-location' && document.readyState === 'complete'",
    );
    assert_eq!(
        browser.eval("document.querySelector('h1').textContent"),
        "time location"
    );
    // The answer first, cited as the document names itself; the file and
    // line in the citation's details.
    let body = "document.querySelector('main').innerText";
    let text = browser.eval(body);
    let text = text.as_str().unwrap();
    assert!(text.contains("since CRD 2014-11-03"), "{text}");
    assert!(
        text.contains("CRD 2014-11-03 — Rulings – General"),
        "{text}"
    );
    assert!(text.find("in force") < text.find("Below:"), "{text}");
    assert!(browser
        .eval("document.querySelector('details.cite .where').textContent")
        .as_str()
        .unwrap()
        .contains("1e-2014-11-03-crd.md:302"));
    browser.screenshot(&screenshots().join("ruling-360.png"));

    // On a 390 px phone: the ruling is the first thing under the title, and
    // the link that hands it to a player opens to its short link and QR
    // code, all within the screen's width.
    browser.resize(390, 844);
    browser.eval("document.querySelector('details.share').open = true");
    assert_eq!(
        browser.eval("document.querySelector('main h1 ~ article.ruling') !== null"),
        true
    );
    assert_eq!(
        browser.eval(
            "document.querySelector('details.share svg').getBoundingClientRect().right <= 390"
        ),
        true
    );
    assert_eq!(
        browser.eval("document.documentElement.scrollWidth <= 390"),
        true
    );
    assert!(browser
        .eval("document.querySelector('details.share a').textContent")
        .as_str()
        .unwrap()
        .ends_with("/1e/time-location"));
    browser.screenshot(&screenshots().join("ruling-390.png"));
    browser.resize(360, 740);

    // The same ruling on the date of a 2010 tournament.
    browser.eval(
        "document.querySelector('input[name=as_of]').value = '2010-01-01';\
         document.querySelector('main form').requestSubmit()",
    );
    browser
        .wait_for("location.search === '?as_of=2010-01-01' && document.readyState === 'complete'");
    let text = browser.eval(body).as_str().unwrap().to_string();
    assert!(text.contains("since Current Rulings 2000-03-27"), "{text}");
    assert!(!text.contains("CRD 2014-11-03"), "{text}");

    // A document's markup is text, and runs nothing.
    browser.open(&format!("{}/?q=tribble", server.url));
    browser.eval("document.querySelector('#results h2 a').click()");
    browser.wait_for("location.pathname === '/1e/tribble' && document.readyState === 'complete'");
    let text = browser.eval(body).as_str().unwrap().to_string();
    assert!(text.contains("<script>window.owned = 1</script>"), "{text}");
    assert_eq!(browser.eval("typeof window.owned"), "undefined");
    assert_eq!(browser.eval("document.scripts.length"), 1);

    // The other pages a TD opens, on a phone and on a laptop.
    browser.open(&format!("{}/errata", server.url));
    browser.screenshot(&screenshots().join("errata-360.png"));
    browser.open(&format!(
        "{}/changes?from=2010-01-01&to=2015-01-01",
        server.url
    ));
    browser.screenshot(&screenshots().join("changes-360.png"));
    browser.open(&format!("{}/releases", server.url));
    browser.screenshot(&screenshots().join("releases-360.png"));
    browser.call(
        "Emulation.setEmulatedMedia",
        serde_json::json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
    );
    browser.open(&format!("{}/1e/liberty", server.url));
    assert_eq!(
        browser.eval("getComputedStyle(document.body).backgroundColor"),
        "rgb(18, 20, 23)",
        "dark when the phone is dark"
    );
    browser.screenshot(&screenshots().join("card-360-dark.png"));
    browser.call(
        "Emulation.setEmulatedMedia",
        serde_json::json!({"features": [{"name": "prefers-color-scheme", "value": "light"}]}),
    );
    browser.resize(1280, 800);
    browser.open(&format!("{}/?q=cloaking", server.url));
    browser.screenshot(&screenshots().join("search-1280.png"));
    // Opened through the service worker, which keeps it.
    browser.wait_for("navigator.serviceWorker.controller !== null");
    let kept = format!("{}/1e/time-location?as_of=2015-01-01", server.url);
    browser.open(&kept);
    browser.screenshot(&screenshots().join("ruling-1280.png"));

    // The network is gone: the page already opened is still readable.
    drop(server);
    browser.open("about:blank");
    browser.open(&kept);
    assert_eq!(
        browser.eval("document.querySelector('h1').textContent"),
        "time location"
    );
    assert!(browser
        .eval(body)
        .as_str()
        .unwrap()
        .contains("CRD 2014-11-03 — Rulings – General"));
}

#[test]
fn on_the_venue_network_it_prints_its_address_and_a_qr_code() {
    let index = tempfile::tempdir().unwrap();
    let mut child = common::process(common::binary())
        .arg("--index")
        .arg(index.path())
        .args(["serve", "--lan", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .take_while(|l| !l.starts_with("open it on a phone"))
            .collect();
        let _ = tx.send(lines);
    });
    let lines = rx.recv_timeout(Duration::from_secs(30));
    let _ = child.kill();
    let _ = child.wait();
    let lines = lines.expect("the server printed its address and code within 30 s");
    let url = lines[0].strip_prefix("listening on http://").unwrap();
    assert!(!url.starts_with("127."), "{url}");
    // The code: rows of half blocks, as many as it is wide over two.
    let code: Vec<&String> = lines[1..].iter().filter(|l| l.contains('█')).collect();
    assert!(code.len() >= 10, "{lines:?}");
    let width = code[0].chars().count();
    assert!(code.iter().all(|l| l.chars().count() == width), "{lines:?}");
}

/// The kernel tells the server of a change (see `index::watch`), where it
/// looked at every document before each answer: a document edited in
/// place, to the same size, is still seen by the very next request.
#[test]
fn a_document_edited_in_place_is_seen_by_the_next_request() {
    let dir = tempfile::tempdir().unwrap();
    let write = |text: &str| {
        common::write_document(dir.path(), "a.md", "1E", "2020-01-01", text);
    };
    write("Quark –\n\nQuark may bribe.\n");
    let server = Server::start(&only(dir.path()), &[]);
    quark_says(&server, "bribe");
    write("Quark –\n\nQuark may trade.\n");
    the_next_answer_sees(&server, "trade");
}

/// `show quark` answers, three times, with `word` in its text.
pub(crate) fn quark_says(server: &Server, word: &str) {
    for _ in 0..3 {
        let (status, before) = server.json("/api/show?topic=quark");
        assert_eq!(status, 200, "{before}");
        assert!(before.to_string().contains(word), "{before}");
    }
}

/// The next `show quark` after an edit gives the new `word`, or says that
/// the corpus is newer than its answer; soon after, every answer gives it.
pub(crate) fn the_next_answer_sees(server: &Server, word: &str) {
    let (status, next) = server.json("/api/show?topic=quark");
    assert_eq!(status, 200, "{next}");
    assert!(
        next.to_string().contains(word) || note_codes(&next).contains(&"newer-corpus".into()),
        "the next answer knows nothing of the edit: {next}"
    );
    eventually(|| {
        let (_, value) = server.json("/api/show?topic=quark");
        value.to_string().contains(word).then_some(value)
    });
}
