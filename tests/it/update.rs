//! `rulings update` through the real binary, against a web server the test
//! starts on 127.0.0.1 that plays the official site: its pages in the
//! shapes of the published documents, and every way a site fails.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

pub(crate) fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/published")
            .join(name),
    )
    .unwrap()
}

/// How the server answers one path.
#[derive(Clone)]
pub(crate) enum Route {
    /// 200 with a body, its type and an ETag; 304 to a request that names
    /// the ETag.
    Document {
        body: Vec<u8>,
        content_type: &'static str,
        etag: String,
        /// A file name of the server's, for the client to ignore.
        disposition: Option<&'static str>,
    },
    Status(u16),
    /// A redirect to another path.
    Redirect(&'static str),
    /// Says it sends this many bytes and sends fewer, then hangs up.
    Truncated {
        promised: usize,
        sent: Vec<u8>,
    },
    /// Sends this many bytes.
    Huge(usize),
    /// Answers nothing for this long.
    Silent(Duration),
}

/// A web server on 127.0.0.1 on a port of its own, answering from a table
/// of routes the test may change between runs.
pub(crate) struct Site {
    pub(crate) address: String,
    routes: Arc<Mutex<HashMap<String, Route>>>,
}

impl Site {
    pub(crate) fn start() -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let routes: Arc<Mutex<HashMap<String, Route>>> = Arc::default();
        let table = Arc::clone(&routes);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let table = Arc::clone(&table);
                std::thread::spawn(move || answer(stream, &table));
            }
        });
        Site { address, routes }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub(crate) fn set(&self, path: &str, route: Route) {
        self.routes.lock().unwrap().insert(path.to_string(), route);
    }

    pub(crate) fn document(
        &self,
        path: &str,
        body: &[u8],
        content_type: &'static str,
        version: &str,
    ) {
        self.set(
            path,
            Route::Document {
                body: body.to_vec(),
                content_type,
                etag: format!("\"{version}\""),
                disposition: None,
            },
        );
    }
}

fn answer(stream: TcpStream, routes: &Mutex<HashMap<String, Route>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut if_none_match = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("if-none-match") {
                if_none_match = Some(value.trim().to_string());
            }
        }
    }
    let route = routes.lock().unwrap().get(&path).cloned();
    let mut out = stream;
    let head = |status: &str, extra: &str, length: usize| {
        format!("HTTP/1.1 {status}\r\nContent-Length: {length}\r\nConnection: close\r\n{extra}\r\n")
    };
    let _ = match route {
        None => out.write_all(head("404 Not Found", "", 0).as_bytes()),
        Some(Route::Status(code)) => {
            out.write_all(head(&format!("{code} Status"), "", 0).as_bytes())
        }
        Some(Route::Document {
            body,
            content_type,
            etag,
            disposition,
        }) => {
            if if_none_match.as_deref() == Some(etag.as_str()) {
                out.write_all(head("304 Not Modified", &format!("ETag: {etag}\r\n"), 0).as_bytes())
            } else {
                let mut extra = format!("Content-Type: {content_type}\r\nETag: {etag}\r\n");
                if let Some(name) = disposition {
                    extra.push_str(&format!(
                        "Content-Disposition: attachment; filename=\"{name}\"\r\n"
                    ));
                }
                out.write_all(head("200 OK", &extra, body.len()).as_bytes())
                    .and_then(|()| out.write_all(&body))
            }
        }
        Some(Route::Redirect(to)) => {
            out.write_all(head("302 Found", &format!("Location: {to}\r\n"), 0).as_bytes())
        }
        Some(Route::Truncated { promised, sent }) => out
            .write_all(head("200 OK", "Content-Type: text/plain\r\n", promised).as_bytes())
            .and_then(|()| out.write_all(&sent)),
        Some(Route::Huge(size)) => {
            let chunk = vec![b'a'; 1 << 16];
            let mut result =
                out.write_all(head("200 OK", "Content-Type: text/plain\r\n", size).as_bytes());
            let mut left = size;
            while result.is_ok() && left > 0 {
                let n = left.min(chunk.len());
                result = out.write_all(&chunk[..n]);
                left -= n;
            }
            result
        }
        Some(Route::Silent(wait)) => {
            std::thread::sleep(wait);
            Ok(())
        }
    };
    let _ = out.flush();
    // Drain what the client may still send, so it reads our answer whole.
    let _ = out.shutdown(std::net::Shutdown::Write);
    let mut rest = Vec::new();
    let _ = reader.read_to_end(&mut rest);
}

/// A corpus folder of the test's and what `rulings update` says of it.
pub(crate) struct Folder {
    pub(crate) dir: tempfile::TempDir,
}

impl Folder {
    pub(crate) fn new() -> Folder {
        Folder {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub(crate) fn corpus(&self) -> PathBuf {
        self.dir.path().join("corpus")
    }

    /// `rulings update --json` with these sources (a TOML list) and
    /// arguments: exit code, the report, stderr.
    pub(crate) fn update(&self, sources: &str, args: &[&str]) -> (i32, Value, String) {
        std::fs::create_dir_all(self.corpus()).unwrap();
        let list = self.dir.path().join("sources.toml");
        std::fs::write(&list, sources).unwrap();
        let out = common::rulings()
            .arg("--rulings")
            .arg(self.corpus())
            .args(["update", "--json", "--sources"])
            .arg(&list)
            .args(args)
            .output()
            .unwrap();
        let (code, out, err) = common::outcome(out);
        let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        common::schemas::assert_valid("update", &value, sources);
        (code, value, err)
    }

    /// The files of the corpus folder, hidden ones left out.
    pub(crate) fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.corpus())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        names
    }

    /// Every file under the test's folder, hidden or not, with its bytes:
    /// what a failed update must leave as it was.
    pub(crate) fn snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut all = Vec::new();
        let mut stack = vec![self.dir.path().to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if !path.ends_with(".rulings-update.lock") {
                    let bytes = std::fs::read(&path).unwrap();
                    all.push((path, bytes));
                }
            }
        }
        all.sort();
        all
    }

    /// `rulings show TOPIC --json` on the fetched documents alone.
    pub(crate) fn show(&self, topic: &str, as_of: Option<&str>) -> Value {
        let mut cmd = common::rulings();
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.corpus())
            .args(["show", topic, "--json"]);
        if let Some(date) = as_of {
            cmd.args(["--as-of", date]);
        }
        let (code, out, err) = common::outcome(cmd.output().unwrap());
        assert_eq!(code, 0, "{out}{err}");
        serde_json::from_str(&out).unwrap()
    }
}

/// The text of the first answer of `show --json`.
pub(crate) fn text_in_force(answer: &Value) -> &str {
    answer["answers"][0]["entry"]["text"].as_str().unwrap()
}

pub(crate) fn one_source(url: &str) -> String {
    format!("[[source]]\nurl = {url:?}\n")
}

pub(crate) fn statuses(report: &Value) -> Vec<(String, String)> {
    report["documents"]
        .as_array()
        .unwrap_or_else(|| panic!("{report}"))
        .iter()
        .map(|d| {
            (
                d["status"].as_str().unwrap().to_string(),
                d["reason"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_site_in_the_official_shapes_is_fetched_read_and_answers() {
    let site = Site::start();
    site.document(
        "/1e/ruleChanges.php",
        &fixture("rule-history-a.html"),
        "text/html; charset=utf-8",
        "a",
    );
    site.document(
        "/2e/rulings.php",
        &fixture("rulings-2e-a.html"),
        "text/html",
        "a",
    );
    site.document(
        "/op/1e_rulebook/",
        &fixture("rulebook-a.html"),
        "text/html",
        "a",
    );
    // The Glossary's own address is found by its link's words.
    site.document(
        "/1e/",
        br#"<html><body><h1>First Edition</h1><ul>
            <li><a href="/files/1e-glossary-v197.pdf">Glossary (May 2024)</a></li>
            <li><a href="/forum/">Forums</a></li>
            <li><a href="https://elsewhere.example/glossary">Glossary mirror</a></li></ul></body></html>"#,
        "text/html",
        "a",
    );
    site.document(
        "/files/1e-glossary-v197.pdf",
        &fixture("glossary-b.txt"),
        "text/plain",
        "a",
    );
    let sources = format!(
        "{}{}{}[[source]]\nurl = {:?}\nfollow = \"glossary\"\n",
        one_source(&site.url("/1e/ruleChanges.php")),
        one_source(&site.url("/2e/rulings.php")),
        one_source(&site.url("/op/1e_rulebook/")),
        site.url("/1e/"),
    );
    let folder = Folder::new();
    let (code, report, err) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}{err}");
    assert_eq!(
        statuses(&report),
        vec![("new".to_string(), String::new()); 4],
        "{report}"
    );
    // The page read for its links is no document; the other site's link
    // was not followed.
    assert_eq!(report["pages"][0]["followed"], 1, "{report}");
    let kinds: Vec<&str> = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["rule-history", "rulings", "rulebook", "glossary"]);
    // Named by the tool: by what each is, never by its address.
    let files: Vec<&str> = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "1e-rule-changes-2018-11-16.html",
            "2e-rulings-2017-09-11.html",
            "1e-rulebook-2.5.6-2024-06.html",
            "1e-glossary-1.9.6-2024-03.txt",
        ],
        "{report}"
    );
    // They answer.
    let deck = folder.show("deck size", None);
    assert!(text_in_force(&deck).contains("30/30"), "{deck}");
    assert_eq!(deck["answers"][0]["status"]["state"], "in-force");
    // Again: nothing new, each a 304.
    let (code, again, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0);
    assert!(
        statuses(&again).iter().all(|(s, _)| s == "unchanged"),
        "{again}"
    );
    assert_eq!(folder.files().len(), 4);
}

#[test]
fn a_changed_document_is_kept_beside_the_version_before() {
    let site = Site::start();
    let older = fixture("glossary-c.txt");
    site.document("/glossary.txt", &older, "text/plain", "v1");
    let folder = Folder::new();
    let sources = one_source(&site.url("/glossary.txt"));
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!((code, statuses(&report)[0].0.as_str()), (0, "new"));
    // The next month's edition: a new date, a changed entry.
    let newer = String::from_utf8(older)
        .unwrap()
        .replace("November 2021", "March 2024")
        .replace("1.9.0", "1.9.6")
        .replace(" in your final score for the game (whether you win or lose) or for calculating differential,", "");
    site.document("/glossary.txt", newer.as_bytes(), "text/plain", "v2");
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}");
    let document = &report["documents"][0];
    assert_eq!(document["status"], "changed", "{report}");
    assert_eq!(
        document["changes"]["changed"],
        serde_json::json!(["points"])
    );
    assert_eq!(folder.files().len(), 2, "{:?}", folder.files());
    // The version before still answers for its own time.
    let then = folder.show("points", Some("2022-01-01"));
    assert!(
        text_in_force(&then).contains("in your final score"),
        "{then}"
    );
    let now = folder.show("points", None);
    assert!(
        !text_in_force(&now).contains("in your final score"),
        "{now}"
    );
}

#[test]
fn a_site_that_fails_leaves_the_corpus_as_it_was() {
    let site = Site::start();
    site.document(
        "/glossary.txt",
        &fixture("glossary-c.txt"),
        "text/plain",
        "v1",
    );
    let folder = Folder::new();
    let (code, _, _) = folder.update(&one_source(&site.url("/glossary.txt")), &[]);
    assert_eq!(code, 0);
    let before = folder.snapshot();
    let error_page = b"<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Service Unavailable</h1><p>Please try again later.</p></body></html>";
    let login_page = b"<html><body><form><p>Log in to continue</p><input name=user><input type=password></form></body></html>";
    let cases: Vec<(&str, Route, &str)> = vec![
        (
            "error page",
            Route::Document {
                body: error_page.to_vec(),
                content_type: "text/html",
                etag: "\"e\"".into(),
                disposition: None,
            },
            "rulings document",
        ),
        (
            "login page",
            Route::Document {
                body: login_page.to_vec(),
                content_type: "text/html",
                etag: "\"l\"".into(),
                disposition: None,
            },
            "rulings document",
        ),
        (
            "truncated",
            Route::Truncated {
                promised: 5000,
                sent: fixture("glossary-c.txt")[..300].to_vec(),
            },
            "truncated",
        ),
        ("not found", Route::Status(404), "404"),
        ("server error", Route::Status(503), "503"),
        (
            "redirect loop",
            Route::Redirect("/glossary.txt"),
            "redirects",
        ),
        (
            "empty",
            Route::Document {
                body: Vec::new(),
                content_type: "text/plain",
                etag: "\"0\"".into(),
                disposition: None,
            },
            "empty",
        ),
        (
            "an image",
            Route::Document {
                body: b"\x89PNG\r\n\x1a\n".to_vec(),
                content_type: "image/png",
                etag: "\"p\"".into(),
                disposition: None,
            },
            "not a document",
        ),
    ];
    for (case, route, why) in cases {
        site.set("/glossary.txt", route);
        let (code, report, err) = folder.update(&one_source(&site.url("/glossary.txt")), &[]);
        assert_ne!(code, 0, "{case}: {report}{err}");
        let (status, reason) = &statuses(&report)[0];
        assert_eq!(status, "failed", "{case}: {report}");
        assert!(reason.contains(why), "{case}: {reason}");
        assert_eq!(folder.snapshot(), before, "{case}: the corpus changed");
    }
}

#[test]
fn an_oversize_body_is_refused() {
    let site = Site::start();
    site.set("/big.txt", Route::Huge(65 * 1024 * 1024 + 1));
    let folder = Folder::new();
    let (code, report, _) = folder.update(&one_source(&site.url("/big.txt")), &[]);
    assert_ne!(code, 0);
    let (status, reason) = &statuses(&report)[0];
    assert_eq!(status, "failed");
    assert!(reason.contains("over 64 MB"), "{reason}");
    assert!(folder.files().is_empty());
}

#[test]
fn a_server_that_never_answers_or_is_gone_is_bounded_and_said() {
    let site = Site::start();
    site.set("/silent.txt", Route::Silent(Duration::from_secs(20)));
    // A port nobody listens on any more.
    let gone = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/glossary.txt", listener.local_addr().unwrap())
    };
    let folder = Folder::new();
    let sources = format!(
        "{}{}",
        one_source(&site.url("/silent.txt")),
        one_source(&gone)
    );
    let started = Instant::now();
    let (code, report, _) = folder.update(&sources, &["--timeout", "1"]);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_ne!(code, 0);
    let reasons = statuses(&report);
    assert!(reasons[0].1.contains("time limit"), "{reasons:?}");
    assert!(reasons[1].1.contains("could not be reached"), "{reasons:?}");
    assert!(folder.files().is_empty());
}

#[test]
fn a_file_name_from_the_server_is_never_used() {
    let site = Site::start();
    site.set(
        "/glossary",
        Route::Document {
            body: fixture("glossary-c.txt"),
            content_type: "text/plain",
            etag: "\"x\"".into(),
            disposition: Some("../../escaped.txt"),
        },
    );
    let folder = Folder::new();
    let (code, report, _) = folder.update(&one_source(&site.url("/glossary/../../../etc/x")), &[]);
    // The server answers 404 there; and with the name it sends:
    assert_ne!(code, 0, "{report}");
    let (code, report, _) = folder.update(&one_source(&site.url("/glossary")), &[]);
    assert_eq!(code, 0, "{report}");
    let file = report["documents"][0]["file"].as_str().unwrap();
    assert!(!file.contains('/') && !file.contains("escaped"), "{file}");
    // Nothing beside the corpus folder but what the test wrote.
    let mut beside: Vec<String> = std::fs::read_dir(folder.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    beside.sort();
    assert_eq!(beside, ["corpus", "sources.toml"]);
}

#[test]
fn two_updates_at_once_corrupt_nothing() {
    let site = Site::start();
    site.document(
        "/glossary.txt",
        &fixture("glossary-c.txt"),
        "text/plain",
        "v1",
    );
    site.document(
        "/rules.html",
        &fixture("rule-history-a.html"),
        "text/html",
        "v1",
    );
    let folder = Folder::new();
    std::fs::create_dir_all(folder.corpus()).unwrap();
    let list = folder.dir.path().join("sources.toml");
    std::fs::write(
        &list,
        format!(
            "{}{}",
            one_source(&site.url("/glossary.txt")),
            one_source(&site.url("/rules.html"))
        ),
    )
    .unwrap();
    let spawn = || {
        common::process(common::binary())
            .arg("--rulings")
            .arg(folder.corpus())
            .args(["update", "--json", "--sources"])
            .arg(&list)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let outputs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
    let mut seen: Vec<String> = Vec::new();
    for out in outputs {
        let (code, out, err) = common::outcome(out);
        assert_eq!(code, 0, "{out}{err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        seen.extend(statuses(&report).into_iter().map(|(s, _)| s));
    }
    seen.sort();
    // One run fetched each document, the other found it unchanged.
    assert_eq!(seen, ["new", "new", "unchanged", "unchanged"]);
    assert_eq!(folder.files().len(), 2, "{:?}", folder.files());
    // No temporary file is left.
    let hidden: Vec<String> = std::fs::read_dir(folder.corpus())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
}

#[test]
fn the_sources_in_use_are_printed_as_a_list_to_edit() {
    let folder = Folder::new();
    std::fs::create_dir_all(folder.corpus()).unwrap();
    let printed = || {
        let out = common::rulings()
            .arg("--rulings")
            .arg(folder.corpus())
            .args(["update", "--print-sources"])
            .output()
            .unwrap();
        common::outcome(out)
    };
    let (code, out, _) = printed();
    assert_eq!(code, 0);
    assert!(
        out.starts_with("# sources in use: built-in defaults"),
        "{out}"
    );
    assert!(
        out.contains("https://www.trekcc.org/1e/ruleChanges.php"),
        "{out}"
    );
    // A `sources.toml` in the folder replaces them; a bad one is refused
    // with what is wrong.
    std::fs::write(
        folder.corpus().join("sources.toml"),
        "[[source]]\nurl = \"ftp://x/\"\n",
    )
    .unwrap();
    let (code, _, err) = printed();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no http or https address"), "{err}");
}

#[test]
fn a_card_list_is_read_before_it_replaces_the_list_before() {
    let list = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/cards/startrek1e/sets/Virtual.txt"),
    )
    .unwrap();
    let site = Site::start();
    site.document("/plugins/st1e/sets/Virtual.txt", &list, "text/plain", "v1");
    let folder = Folder::new();
    let sources = format!(
        "[[source]]\nurl = {:?}\nkind = \"cards\"\n",
        site.url("/plugins/st1e/sets/Virtual.txt")
    );
    let (code, report, _) = folder.update(&sources, &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["documents"][0]["status"], "new");
    let file = report["documents"][0]["file"].as_str().unwrap();
    assert!(file.starts_with("cards/sets/Virtual-"), "{file}");
    let kept = folder.corpus().join(file);
    assert_eq!(std::fs::read(&kept).unwrap(), list);
    // A page that is no card list never replaces it.
    site.document(
        "/plugins/st1e/sets/Virtual.txt",
        b"<html><body>Moved</body></html>",
        "text/html",
        "v2",
    );
    let (code, report, _) = folder.update(&sources, &[]);
    assert_ne!(code, 0);
    assert!(
        report["documents"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("not a LackeyCCG card list"),
        "{report}"
    );
    assert_eq!(std::fs::read(&kept).unwrap(), list);
    // The card database answers from it.
    let out = common::rulings()
        .arg("--rulings")
        .arg(folder.corpus())
        .arg("--cards")
        .arg(folder.corpus().join("cards"))
        .args(["card", "Kira Ambassador"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Kira Ambassador"), "{out}");
}
