//! PDFs and web pages that would take a reader down or hold it for long:
//! objects nested 100,000 deep (closed or not, in the file's objects or in
//! a content stream), a PDF slower to read than the limit. Each is read in a child process (`convert::isolated`), so
//! every command answers and names the file as skipped; a file given up on
//! is remembered beside the index and skipped at once the next time, until
//! it changes. The reading limit is lowered with `RULINGS_READ_SECONDS` so
//! a slow file need not take 20 s.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// Longer than any of these commands takes on an idle machine.
const BOUND: Duration = Duration::from_secs(60);

use common::pdf::of_objects as pdf;

/// A one-page PDF whose catalog holds `value` (an array or dictionary
/// nested deep).
fn holding(value: Vec<u8>) -> Vec<u8> {
    let mut catalog = b"<< /Type /Catalog /Pages 2 0 R /Extra ".to_vec();
    catalog.extend(value);
    catalog.extend(b" >>");
    pdf(&[
        catalog,
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_vec(),
    ])
}

const DEEP: usize = 100_000;

/// Arrays nested [`DEEP`] deep, closed.
fn nested() -> Vec<u8> {
    holding([vec![b'['; DEEP], vec![b']'; DEEP]].concat())
}

/// Arrays opened [`DEEP`] deep and never closed.
fn unclosed() -> Vec<u8> {
    holding(vec![b'['; DEEP])
}

/// Dictionaries nested [`DEEP`] deep.
fn nested_dictionaries() -> Vec<u8> {
    holding(
        ["<< /A ".repeat(DEEP), "1".into(), " >>".repeat(DEEP)]
            .concat()
            .into_bytes(),
    )
}

/// A one-page PDF whose page's content stream shows `value` (nesting
/// there is inside a stream, which only the reader itself parses: no check
/// before it sees it, so the reading child must survive it).
fn showing(value: Vec<u8>) -> Vec<u8> {
    let mut body = b"BT /F1 10 Tf ".to_vec();
    body.extend(value);
    body.extend(b" TJ ET");
    let mut stream = format!("<< /Length {} >>\nstream\n", body.len()).into_bytes();
    stream.extend(body);
    stream.extend(b"\nendstream");
    pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>".to_vec(),
        stream,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
    ])
}

/// Arrays nested [`DEEP`] deep in a content stream.
fn nested_in_content() -> Vec<u8> {
    showing([vec![b'['; DEEP], vec![b']'; DEEP]].concat())
}

/// Dictionaries opened [`DEEP`] deep in a content stream, never closed.
fn unclosed_in_content() -> Vec<u8> {
    showing("<< /A ".repeat(DEEP).into_bytes())
}

/// A PDF of `pages` pages of `runs` text runs each: far slower to read
/// than a second (each run is a span the reader places).
fn slow(pages: usize, runs: usize, seed: usize) -> Vec<u8> {
    let mut objects = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        Vec::new(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
    ];
    let mut kids = Vec::new();
    for page in 0..pages {
        let body: String = (0..runs)
            .map(|i| {
                format!(
                    "BT /F1 10 Tf {} {} Td (w{seed}x{page}x{i}) Tj ET\n",
                    i % 500,
                    i % 700
                )
            })
            .collect();
        objects.push(
            format!(
                "<< /Length {} >>\nstream\n{body}\nendstream",
                body.len() + 1
            )
            .into_bytes(),
        );
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
                objects.len()
            )
            .into_bytes(),
        );
        kids.push(format!("{} 0 R", objects.len()));
    }
    objects[1] = format!(
        "<< /Type /Pages /Kids [{}] /Count {} >>",
        kids.join(" "),
        kids.len()
    )
    .into_bytes();
    pdf(&objects)
}

/// A corpus folder with one good document, `a.md`, and an index folder.
struct Corpus {
    dir: tempfile::TempDir,
}

impl Corpus {
    fn with(files: &[(&str, Vec<u8>)]) -> Corpus {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("corpus");
        fs::create_dir(&corpus).unwrap();
        common::write_document(
            &corpus,
            "a.md",
            "1E",
            "2020-01-01",
            "Faction –\n\nThere are 3 factions in the zorblax game.\n",
        );
        for (name, bytes) in files {
            fs::write(corpus.join(name), bytes).unwrap();
        }
        Corpus { dir }
    }

    fn corpus(&self) -> PathBuf {
        self.dir.path().join("corpus")
    }

    fn index(&self) -> PathBuf {
        self.dir.path().join("index")
    }

    /// Runs `rulings ARGS` on this corpus alone with this index, the
    /// reading limit `seconds`.
    fn run(&self, seconds: &str, args: &[&str]) -> Output {
        common::rulings()
            .env("RULINGS_READ_SECONDS", seconds)
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(self.corpus())
            .arg("--index")
            .arg(self.index())
            .args(args)
            .timeout(BOUND)
            .output()
            .unwrap()
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The line of `text` that names `file` as skipped.
fn skipped<'a>(text: &'a str, file: &str) -> &'a str {
    let named = |l: &str| l.contains(&format!(" {file}:")) || l.contains(&format!("/{file}:"));
    text.lines()
        .find(|l| named(l) && (l.contains("skipped") || l.starts_with("unreadable")))
        .unwrap_or_else(|| panic!("{file} not named as skipped in:\n{text}"))
}

/// The bad PDFs nested deep: in the objects (refused before the reader
/// sees them) and in content streams (read without recursion).
fn nested_pdfs() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("nested.pdf", nested()),
        ("unclosed.pdf", unclosed()),
        ("dictionaries.pdf", nested_dictionaries()),
        ("content.pdf", nested_in_content()),
        ("content-unclosed.pdf", unclosed_in_content()),
    ]
}

#[test]
fn pdfs_nested_100_000_deep_are_skipped_by_every_command() {
    let c = Corpus::with(&nested_pdfs());
    for args in [&["search", "zorblax"][..], &["index"]] {
        let out = c.run("20", args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        for file in ["nested.pdf", "unclosed.pdf", "dictionaries.pdf"] {
            assert!(skipped(&err, file).contains("PDF"), "{err}");
        }
        for file in ["content.pdf", "content-unclosed.pdf"] {
            assert!(no_text(&err, file), "{err}");
        }
    }
    let out = common::rulings()
        .arg("check")
        .arg(c.corpus())
        .timeout(BOUND)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &stderr(&out);
    // check's own status for a corpus with unreadable files: 2, not a signal.
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("1 documents read"), "{text}");
    for file in ["nested.pdf", "unclosed.pdf", "dictionaries.pdf"] {
        assert!(
            skipped(&text, file).contains("objects nested more than 1000 deep"),
            "{text}"
        );
    }
    // Nesting in a content stream is the reader's own to survive: it
    // reads such a page to its end and finds no text on it.
    for file in ["content.pdf", "content-unclosed.pdf"] {
        assert!(no_text(&text, file), "{text}");
    }
}

/// Whether `text` names `file` as not read for having no text.
fn no_text(text: &str, file: &str) -> bool {
    let named = |l: &str| l.contains(&format!(" {file}:")) || l.contains(&format!("/{file}:"));
    text.lines()
        .any(|l| named(l) && l.contains("a PDF with no text"))
}

#[test]
fn a_slow_pdf_is_remembered_and_skipped_at_once_until_it_changes() {
    let limit = 1.0;
    let c = Corpus::with(&[("slow.pdf", slow(100, 2000, 0))]);
    let timed = |args: &[&str]| {
        let start = Instant::now();
        let out = c.run(&limit.to_string(), args);
        let elapsed = start.elapsed().as_secs_f64();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        (elapsed, stderr(&out))
    };
    let (first, err) = timed(&["search", "zorblax"]);
    assert!(first >= limit, "{first} s: {err}");
    let line = skipped(&err, "slow.pdf");
    assert!(line.contains("still reading after 1 seconds"), "{line}");
    assert!(!line.contains("remembered"), "{line}");
    assert!(c.index().join("unreadable-files.json").is_file());

    // Changing a document makes the next command read the corpus again;
    // the slow file it skips at once.
    common::write_document(
        &c.corpus(),
        "b.md",
        "1E",
        "2021-01-01",
        "Tribble –\n\nA tribble.\n",
    );
    let (second, err) = timed(&["index"]);
    assert!(second < limit, "{second} s: {err}");
    let line = skipped(&err, "slow.pdf");
    assert!(
        line.contains("still reading after 1 seconds; remembered from an earlier reading"),
        "{line}"
    );

    // check says so too, with the same index folder.
    let out = c.run(
        &limit.to_string(),
        &["check", &c.corpus().display().to_string()],
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(skipped(&text, "slow.pdf").contains("remembered"), "{text}");

    // Changed, it is read (and given up on) again.
    fs::write(c.corpus().join("slow.pdf"), slow(100, 2000, 1)).unwrap();
    let (third, err) = timed(&["index"]);
    assert!(third >= limit, "{third} s: {err}");
    assert!(!skipped(&err, "slow.pdf").contains("remembered"), "{err}");
}

#[test]
fn a_corrupt_memo_is_read_as_empty() {
    let c = Corpus::with(&[("slow.pdf", slow(100, 2000, 0))]);
    fs::create_dir_all(c.index()).unwrap();
    fs::write(c.index().join("unreadable-files.json"), b"[{\"size\": oops").unwrap();
    let out = c.run("1", &["search", "zorblax"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!skipped(&err, "slow.pdf").contains("remembered"), "{err}");
    let memo = fs::read_to_string(c.index().join("unreadable-files.json")).unwrap();
    assert!(memo.contains("slow.pdf"), "{memo}");
}

#[test]
fn five_slow_pdfs_share_one_limit() {
    let limit = 1.0;
    let files: Vec<(String, Vec<u8>)> = (0..5)
        .map(|i| (format!("slow{i}.pdf"), slow(100, 2000, i)))
        .collect();
    let files: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let c = Corpus::with(&files);
    let start = Instant::now();
    let out = c.run(&limit.to_string(), &["search", "zorblax"]);
    let elapsed = start.elapsed().as_secs_f64();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    for (name, _) in &files {
        skipped(&err, name);
    }
    // One limit and the rest of the command (generous on a busy machine),
    // not five limits.
    assert!(elapsed < 4.0 * limit, "{elapsed} s: {err}");
}

/// Starts `rulings serve` on `corpus`; gives the child and its URL.
fn serve(corpus: &Path, index: &Path) -> (std::process::Child, String) {
    common::served::start(
        common::process(common::binary())
            .args(["--no-bundled", "--rulings"])
            .arg(corpus)
            .arg("--index")
            .arg(index)
            .args(["serve", "--port", "0"]),
    )
}

#[test]
fn serve_starts_with_a_nested_pdf_and_survives_one_dropped_in() {
    let c = Corpus::with(&[
        ("nested.pdf", nested()),
        ("content.pdf", nested_in_content()),
    ]);
    let (mut child, url) = serve(&c.corpus(), &c.index());
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let status = |q: &str| {
        agent
            .get(&format!("{url}/api/search?q={q}"))
            .call()
            .map(|r| r.status().as_u16())
            .unwrap_or(0)
    };
    let first = status("zorblax");
    fs::write(c.corpus().join("unclosed.pdf"), unclosed()).unwrap();
    fs::write(
        c.corpus().join("content-unclosed.pdf"),
        unclosed_in_content(),
    )
    .unwrap();
    common::write_document(
        &c.corpus(),
        "b.md",
        "1E",
        "2021-01-01",
        "Tribble –\n\nA tribble.\n",
    );
    let start = Instant::now();
    let mut found = 0;
    while start.elapsed() < Duration::from_secs(30) {
        found = status("tribble");
        if found == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let alive = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first, 200);
    assert_eq!(
        found, 200,
        "the document dropped in beside the bad PDF is answered"
    );
    assert!(alive);
}

/// The reading children of the process `parent` (Linux: read from `/proc`).
#[cfg(target_os = "linux")]
fn reading_children(parent: u32) -> Vec<i32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            // The parent's id is the second field after the name, which
            // is in parentheses and may hold anything.
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            let environ = fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            after_name.split_whitespace().nth(1) == Some(&parent.to_string())
                && environ
                    .split(|&b| b == 0)
                    .any(|v| v.starts_with(b"RULINGS_READ_CHILD="))
        })
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_reading_killed_from_outside_is_not_the_files_fault() {
    let c = Corpus::with(&[("slow.pdf", slow(100, 2000, 0))]);
    let command = common::process(common::binary())
        .env("RULINGS_READ_SECONDS", "60")
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(c.corpus())
        .arg("--index")
        .arg(c.index())
        .arg("index")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let child = loop {
        if let [child] = reading_children(command.id())[..] {
            break child;
        }
        assert!(
            started.elapsed() < BOUND,
            "no reading child of {} started",
            command.id()
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // As a person, a script or the system's memory killer would.
    rustix::process::kill_process(
        rustix::process::Pid::from_raw(child).unwrap(),
        rustix::process::Signal::KILL,
    )
    .unwrap();
    let out = command.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let line = skipped(&err, "slow.pdf");
    assert!(
        line.contains("the reading was stopped from outside (signal 9)"),
        "{line}"
    );
    let memo = fs::read_to_string(c.index().join("unreadable-files.json")).unwrap_or_default();
    assert!(!memo.contains("slow.pdf"), "{memo}");
    // The next command reads it again (and gives up on it in its own time).
    common::write_document(
        &c.corpus(),
        "b.md",
        "1E",
        "2021-01-01",
        "Tribble –\n\nA tribble.\n",
    );
    let out = c.run("1", &["index"]);
    let line = skipped(&stderr(&out), "slow.pdf").to_string();
    assert!(line.contains("still reading after 1 seconds"), "{line}");
    assert!(!line.contains("remembered"), "{line}");
}

/// A PDF of 12 kB whose text is 46 MB: 12 pages share one content stream
/// that draws a form 120 times, the form shows a letter 1000 times, and
/// the font's ToUnicode map makes the letter 8 emoji of 4 bytes each.
fn text_bomb() -> Vec<u8> {
    let emoji = "D83DDE00".repeat(8);
    let cmap = format!(
        "begincmap 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <{emoji}> endbfchar endcmap"
    );
    let page_content: String = (0..120)
        .map(|line| format!("q 1 0 0 1 0 {} cm /Fx Do Q\n", line * 6))
        .collect();
    let form = format!("BT /F1 1 Tf 0 0 Td ({}) Tj ET", "A".repeat(1000));
    let pages = 12;
    let mut objects = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {pages} >>",
            (0..pages)
                .map(|p| format!("{} 0 R", 7 + p))
                .collect::<Vec<_>>()
                .join(" ")
        )
        .into_bytes(),
        common::pdf::stream("", page_content.as_bytes()),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 5 0 R >>".to_vec(),
        common::pdf::stream("", cmap.as_bytes()),
        common::pdf::stream(
            "/Type /XObject /Subtype /Form /BBox [0 0 1000 1000]",
            form.as_bytes(),
        ),
    ];
    for _ in 0..pages {
        objects.push(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 720 792] /Resources << /Font << /F1 4 0 R >> /XObject << /Fx 6 0 R >> >> /Contents 3 0 R >>".to_vec(),
        );
    }
    common::pdf::of_objects(&objects)
}

#[test]
fn a_pdf_whose_text_passes_the_limit_is_skipped_with_the_limit_named() {
    let bomb = text_bomb();
    assert!(bomb.len() < 20_000, "{} bytes", bomb.len());
    let c = Corpus::with(&[("bomb.pdf", bomb)]);
    let started = Instant::now();
    let out = c.run("60", &["index"]);
    let err = stderr(&out);
    eprintln!("read in {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(0), "{err}");
    let reason = "its text passes 32 MB";
    assert!(skipped(&err, "bomb.pdf").contains(reason), "{err}");
    let check = |json: bool| {
        let mut args = vec!["check".to_string(), c.corpus().display().to_string()];
        if json {
            args.push("--json".to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        String::from_utf8_lossy(&c.run("60", &args).stdout).into_owned()
    };
    let text = check(false);
    assert!(skipped(&text, "bomb.pdf").contains(reason), "{text}");
    let json: serde_json::Value = serde_json::from_str(&check(true)).unwrap();
    let unreadable = json["unreadable"].as_array().unwrap();
    assert!(
        unreadable
            .iter()
            .any(|u| u["file"].as_str().unwrap().ends_with("bomb.pdf")
                && u["message"].as_str().unwrap().contains(reason)),
        "{json}"
    );
}
