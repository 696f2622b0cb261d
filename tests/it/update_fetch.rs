//! `rulings update`'s fetching through the real binary: what it asks of a
//! site, what it refuses to ask, and its lock in the corpus folder, against
//! a small web server the test starts on 127.0.0.1 that answers each path
//! with bytes of the test's and writes down every path it was asked.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde_json::Value;

/// A web server on a port of its own: each path's whole answer, and the
/// paths asked, in order.
struct Site {
    address: String,
    answers: Arc<Mutex<HashMap<String, Vec<u8>>>>,
    asked: Arc<Mutex<Vec<String>>>,
}

impl Site {
    fn start() -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let site = Site {
            address,
            answers: Arc::default(),
            asked: Arc::default(),
        };
        let (answers, asked) = (Arc::clone(&site.answers), Arc::clone(&site.asked));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (answers, asked) = (Arc::clone(&answers), Arc::clone(&asked));
                std::thread::spawn(move || answer(stream, &answers, &asked));
            }
        });
        site
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Answers `path` with `status`, these headers and `body`.
    fn set(&self, path: &str, status: &str, headers: &[(&str, &str)], body: &[u8]) {
        let mut head = format!(
            "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut whole = head.into_bytes();
        whole.extend_from_slice(body);
        self.answers.lock().unwrap().insert(path.to_string(), whole);
    }

    fn document(&self, path: &str, body: &[u8], content_type: &str) {
        self.set(path, "200 OK", &[("Content-Type", content_type)], body);
    }

    fn redirect(&self, path: &str, to: &str) {
        self.set(path, "302 Found", &[("Location", to)], b"");
    }

    /// The paths asked, in order.
    fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }
}

fn answer(
    stream: TcpStream,
    answers: &Mutex<HashMap<String, Vec<u8>>>,
    asked: &Mutex<Vec<String>>,
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
            break;
        }
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
    asked.lock().unwrap().push(path.clone());
    let whole = answers
        .lock()
        .unwrap()
        .get(&path)
        .cloned()
        .unwrap_or_else(|| {
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
        });
    let mut out = stream;
    let _ = out.write_all(&whole);
    let _ = out.flush();
    let _ = out.shutdown(std::net::Shutdown::Write);
    let _ = reader.read_to_end(&mut Vec::new());
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/published")
            .join(name),
    )
    .unwrap()
}

fn source(url: &str) -> String {
    format!("[[source]]\nurl = {url:?}\n")
}

fn followed_page(url: &str, follow: &str) -> String {
    format!("[[source]]\nurl = {url:?}\nfollow = {follow:?}\n")
}

/// A corpus folder of the test's.
struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    fn new() -> Folder {
        let folder = Folder {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(folder.corpus()).unwrap();
        folder
    }

    fn corpus(&self) -> PathBuf {
        self.dir.path().join("corpus")
    }

    fn command(&self, sources: &str, args: &[&str]) -> assert_cmd::Command {
        let list = self.dir.path().join("sources.toml");
        std::fs::write(&list, sources).unwrap();
        let mut cmd = common::rulings();
        cmd.arg("--rulings")
            .arg(self.corpus())
            .args(["update", "--json", "--sources"])
            .arg(&list)
            .args(args);
        cmd
    }

    /// `rulings update --json`: exit code, stdout, stderr.
    fn run(&self, sources: &str, args: &[&str]) -> (i32, String, String) {
        common::outcome(self.command(sources, args).output().unwrap())
    }

    /// `rulings update --json` that gives a report: exit code, the report.
    fn update(&self, sources: &str, args: &[&str]) -> (i32, Value) {
        let (code, out, err) = self.run(sources, args);
        let report: Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
        common::schemas::assert_valid("update", &report, sources);
        (code, report)
    }

    /// Every name under the test's folder, and the bytes of every file.
    fn everything(&self) -> String {
        let mut all = String::new();
        let mut stack = vec![self.dir.path().to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                all.push_str(&path.display().to_string());
                if path.is_dir() {
                    stack.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    all.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
        }
        all
    }
}

fn reasons(report: &Value) -> Vec<String> {
    report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["reason"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn links_followed_from_one_page_are_bounded_and_the_rest_said() {
    let site = Site::start();
    let most = 200;
    let page: String = (0..most + 30)
        .map(|n| format!("<a href=\"/d/{n}.pdf\">Glossary {n}</a>\n"))
        .collect();
    site.document("/", page.as_bytes(), "text/html");
    let folder = Folder::new();
    let (_, report) = folder.update(&followed_page(&site.url("/"), "glossary"), &[]);
    let fetched = site.asked().iter().filter(|p| p.starts_with("/d/")).count();
    assert_eq!(fetched, most, "{report}");
    let page = &report["pages"][0];
    assert_eq!(page["followed"], most);
    let notes = page["notes"].to_string();
    assert!(notes.contains("30 more document(s) matched"), "{notes}");
    assert!(page["reason"].is_null(), "{page}");
}

#[test]
fn the_same_document_linked_twice_is_fetched_once() {
    let site = Site::start();
    site.document(
        "/",
        br#"<a href="/g.txt?from=menu">Glossary</a> <a href="/g.txt?from=news#top">Glossary</a>
            <a href="/g.txt#latest">Glossary</a>"#,
        "text/html",
    );
    site.document("/g.txt?from=menu", &fixture("glossary-c.txt"), "text/plain");
    let folder = Folder::new();
    let (code, report) = folder.update(&followed_page(&site.url("/"), "glossary"), &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["documents"].as_array().unwrap().len(), 1, "{report}");
    let asked: Vec<String> = site.asked().into_iter().filter(|p| p != "/").collect();
    assert_eq!(asked, ["/g.txt?from=menu"]);
}

#[test]
fn a_follow_page_is_read_under_a_readings_memory_cap() {
    // 30 MB of elements: more than a reading's memory (here the address
    // space a shell gives the whole run) once parsed into a tree.
    let site = Site::start();
    let mut page = b"<html><body><a href=\"/g.txt\">Glossary</a>".to_vec();
    page.extend(b"<p>".repeat(10_000_000));
    site.document("/", &page, "text/html");
    let folder = Folder::new();
    let list = folder.dir.path().join("sources.toml");
    std::fs::write(&list, followed_page(&site.url("/"), "glossary")).unwrap();
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 900000 && exec \"$@\"")
        .arg("sh")
        .arg(common::binary())
        .arg("--rulings")
        .arg(folder.corpus())
        .args(["update", "--json", "--sources"])
        .arg(&list);
    for (name, value) in common::environment() {
        cmd.env(name, value);
    }
    let (code, out, err) = common::outcome(cmd.output().unwrap());
    assert_eq!(code, 1, "{out}{err}");
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let why = report["pages"][0]["reason"].as_str().unwrap_or_default();
    assert!(why.starts_with("its links could not be read"), "{report}");
    assert!(!site.asked().contains(&"/g.txt".to_string()));
}

#[test]
fn an_address_with_a_password_is_refused_before_anything_is_sent() {
    let site = Site::start();
    site.document("/g.txt", &fixture("glossary-c.txt"), "text/plain");
    let with_password = site.url("/g.txt").replace("http://", "http://td:hunter2@");
    let folder = Folder::new();
    let (code, out, err) = folder.run(&source(&with_password), &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("user name or password"), "{err}");
    assert!(err.contains(":2: [[source]] #1"), "{err}");
    let (code, out, err) = folder.run("", &["--from", &with_password]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("user name or password"), "{err}");
    assert!(!format!("{out}{err}").contains("hunter2"), "{out}{err}");
    assert!(site.asked().is_empty(), "{:?}", site.asked());
}

#[test]
fn a_link_or_redirect_with_a_password_is_never_followed_nor_written() {
    let site = Site::start();
    let secret = |path: &str| site.url(path).replace("http://", "http://td:hunter2@");
    site.document(
        "/",
        format!(
            "<a href=\"{}\">Glossary</a> <a href=\"/moved.txt\">Glossary (new)</a>",
            secret("/g.txt")
        )
        .as_bytes(),
        "text/html",
    );
    site.redirect("/moved.txt", &secret("/g2.txt"));
    site.document("/g.txt", &fixture("glossary-c.txt"), "text/plain");
    site.document("/g2.txt", &fixture("glossary-c.txt"), "text/plain");
    let folder = Folder::new();
    let (code, report) = folder.update(&followed_page(&site.url("/"), "glossary"), &[]);
    assert_eq!(code, 1, "{report}");
    let notes = report["pages"][0]["notes"].to_string();
    assert!(
        notes.contains("1 link(s) with a user name or password skipped"),
        "{notes}"
    );
    let why = &reasons(&report)[0];
    assert!(
        why.contains("a redirect leads to") && why.contains("user name or password"),
        "{why}"
    );
    assert_eq!(site.asked(), ["/", "/moved.txt"]);
    assert!(!report.to_string().contains("hunter2"), "{report}");
    assert!(!folder.everything().contains("hunter2"));
}

#[test]
fn a_followed_link_redirected_off_the_site_is_refused() {
    let (site, elsewhere) = (Site::start(), Site::start());
    site.document("/", br#"<a href="/g.txt">Glossary</a>"#, "text/html");
    site.redirect("/g.txt", &elsewhere.url("/g.txt"));
    elsewhere.document("/g.txt", &fixture("glossary-c.txt"), "text/plain");
    let folder = Folder::new();
    let (code, report) = folder.update(&followed_page(&site.url("/"), "glossary"), &[]);
    assert_eq!(code, 1, "{report}");
    assert!(
        reasons(&report)[0].contains("a redirect leaves the site"),
        "{report}"
    );
    assert!(elsewhere.asked().is_empty());
    // Allowed where the source says links may leave the site.
    let list = format!(
        "{}other_sites = true\n",
        followed_page(&site.url("/"), "glossary")
    );
    let (code, report) = folder.update(&list, &[]);
    assert_eq!(code, 0, "{report}");
}

#[test]
fn a_pdf_is_read_as_a_pdf_whatever_its_content_type() {
    let site = Site::start();
    site.document("/rulebook", &fixture("rulebook-a.pdf"), "text/html");
    let folder = Folder::new();
    let (code, report) = folder.update(&source(&site.url("/rulebook")), &[]);
    assert_eq!(code, 0, "{report}");
    let file = report["documents"][0]["file"].as_str().unwrap();
    assert!(file.ends_with(".pdf"), "{file}");
}

#[test]
fn a_body_in_a_coding_not_read_is_said_so() {
    let site = Site::start();
    site.set(
        "/g.txt",
        "200 OK",
        &[
            ("Content-Type", "text/plain"),
            ("Content-Encoding", "deflate"),
        ],
        b"x\x9c\x0b\xc9\xc8,\x06\x00\x04\x0b\x01\xa8",
    );
    let folder = Folder::new();
    let (code, report) = folder.update(&source(&site.url("/g.txt")), &[]);
    assert_eq!(code, 1, "{report}");
    assert!(
        reasons(&report)[0].contains("deflate-compressed, which is not read"),
        "{report}"
    );
}

#[test]
fn a_failed_secure_connection_and_a_proxy_down_are_named() {
    // A server that answers in plain HTTP at once, to a client that
    // opens a secure connection.
    let plain = TcpListener::bind("127.0.0.1:0").unwrap();
    let https = format!("https://{}/g.txt", plain.local_addr().unwrap());
    std::thread::spawn(move || {
        for mut stream in plain.incoming().flatten() {
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
            let _ = stream.flush();
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    });
    let site = Site::start();
    let folder = Folder::new();
    let (_, report) = folder.update(&source(&https), &[]);
    assert!(
        reasons(&report)[0].contains("secure connection (TLS)"),
        "{report}"
    );
    // A proxy on a port nothing listens on.
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let proxy = format!("http://{closed}");
    let out = folder
        .command(&source(&site.url("/g.txt")), &[])
        .env("HTTP_PROXY", &proxy)
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let why = &reasons(&report)[0];
    assert!(
        why.contains(&format!("through the proxy {proxy} (from HTTP_PROXY)")),
        "{why}"
    );
}

#[test]
fn the_lock_never_removes_nor_follows_what_is_at_its_name() {
    let folder = Folder::new();
    let lock = folder.corpus().join(".rulings-update.lock");
    std::fs::create_dir(&lock).unwrap();
    std::fs::write(lock.join("notes.txt"), "mine").unwrap();
    let (code, out, err) = folder.run(&source("http://127.0.0.1:9/g.txt"), &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(".rulings-update.lock is not a regular file"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(lock.join("notes.txt")).unwrap(),
        "mine"
    );
    std::fs::remove_dir_all(&lock).unwrap();
    #[cfg(unix)]
    {
        let outside = folder.dir.path().join("outside");
        std::os::unix::fs::symlink(&outside, &lock).unwrap();
        let (code, out, err) = folder.run(&source("http://127.0.0.1:9/g.txt"), &[]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains("is not a regular file"), "{err}");
        assert!(!outside.exists());
        assert!(lock.symlink_metadata().unwrap().file_type().is_symlink());
    }
}

#[test]
fn a_run_waiting_for_another_says_so_and_gives_up_after_its_timeout() {
    let site = Site::start();
    site.document("/g.txt", &fixture("glossary-c.txt"), "text/plain");
    let folder = Folder::new();
    let held = std::fs::File::create(folder.corpus().join(".rulings-update.lock")).unwrap();
    held.lock().unwrap();
    let started = std::time::Instant::now();
    let (code, out, err) = folder.run(&source(&site.url("/g.txt")), &["--timeout", "1"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("waiting for another update of"), "{err}");
    assert!(err.contains("held it for 1 seconds"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert!(site.asked().is_empty());
    drop(held);
    let (code, report) = folder.update(&source(&site.url("/g.txt")), &["--timeout", "1"]);
    assert_eq!(code, 0, "{report}");
}

#[test]
fn the_age_warning_names_the_folder_update_fetches_into() {
    let folder = Folder::new();
    std::fs::write(
        folder.corpus().join("a.md"),
        "+++\nedition = \"1E\"\ndate = \"2010-01-01\"\ntitle = \"Old Rulings\"\n+++\ncloaking – Ships may cloak.\n",
    )
    .unwrap();
    let out = common::rulings()
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.corpus())
        .args(["show", "cloaking"])
        .output()
        .unwrap();
    let (code, _, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    let said = format!(
        "`rulings update` fetches them into {}",
        folder.corpus().display()
    );
    assert!(err.contains(&said), "{err}");
}
