//! Files the tool reads that are not what they seem: links into `/proc`,
//! pipes, folders it may not read, names that would forge output, an index
//! folder whose own files were tampered with, a build lock held by a stuck
//! process, output that cannot be written. Where the system lacks what a
//! case needs (`/proc`, `mkfifo`, permissions that bind root), the test
//! says so on stderr and passes.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use common::rulings;

/// Longer than any of these commands takes on an idle machine, far shorter
/// than "forever".
const BOUND: Duration = Duration::from_secs(60);

/// A small valid document.
fn document(words: &str) -> String {
    format!("+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\nfaction – There are 3 factions {words}.\n")
}

/// A corpus folder with one good document, `a.md`, and an index folder.
struct Corpus {
    dir: tempfile::TempDir,
}

impl Corpus {
    fn new() -> Corpus {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("corpus")).unwrap();
        fs::write(
            dir.path().join("corpus/a.md"),
            document("in the zorblax game"),
        )
        .unwrap();
        Corpus { dir }
    }

    fn corpus(&self) -> PathBuf {
        self.dir.path().join("corpus")
    }

    fn index(&self) -> PathBuf {
        self.dir.path().join("index")
    }

    /// Runs `rulings ARGS` on this corpus alone, within [`BOUND`].
    fn run(&self, args: &[&str]) -> Output {
        rulings()
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

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Makes a named pipe, or says why the test is skipped.
fn mkfifo(path: &Path) -> bool {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    let made = made.is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped: mkfifo is not available here");
    }
    made
}

#[test]
fn a_link_into_proc_is_skipped_without_being_read() {
    let pagemap = Path::new("/proc/self/pagemap");
    if !pagemap.exists() {
        eprintln!("skipped: no /proc/self/pagemap here");
        return;
    }
    let c = Corpus::new();
    std::os::unix::fs::symlink(pagemap, c.corpus().join("pagemap.md")).unwrap();
    let started = Instant::now();
    let out = c.run(&["releases"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("skipped pagemap.md: a file the operating system makes up"),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).starts_with("a  1E"),
        "{}",
        text(&out.stdout)
    );
    // Read whole, it took gigabytes and seconds.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_pipe_in_the_corpus_is_skipped_without_waiting() {
    let c = Corpus::new();
    if !mkfifo(&c.corpus().join("pipe.md")) {
        return;
    }
    let out = c.run(&["search", "zorblax"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("skipped pipe.md: not a regular file"),
        "{stderr}"
    );
    // `check` reads documents the same way.
    let out = rulings()
        .arg("check")
        .arg(c.corpus())
        .timeout(BOUND)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("unreadable: corpus/pipe.md: not a regular file"),
        "{stdout}"
    );
}

#[test]
fn a_folder_named_like_a_document_is_skipped() {
    let c = Corpus::new();
    fs::create_dir(c.corpus().join(".hidden.md")).unwrap();
    let out = c.run(&["releases"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn an_unreadable_folder_is_skipped_with_a_warning() {
    use std::os::unix::fs::PermissionsExt;
    let c = Corpus::new();
    let locked = c.corpus().join("locked");
    fs::create_dir(&locked).unwrap();
    fs::write(locked.join("b.md"), document("behind a lock")).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read_dir(&locked).is_ok() {
        // Root (as in many containers) reads any folder whatever its mode.
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user reads a folder of mode 000 (root)");
        return;
    }
    let out = c.run(&["search", "zorblax"]);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let warning = stderr
        .lines()
        .find(|l| l.contains("skipped locked: cannot read this folder"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(warning.matches("os error").count(), 1, "{warning}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_folder_deeper_than_the_system_allows_is_skipped_with_a_warning() {
    use rustix::fs::{mkdirat, openat, Mode, OFlags};
    let c = Corpus::new();
    // Built a step at a time from inside, as no single path may reach it.
    let level = "d".repeat(200);
    let mut folder = openat(
        rustix::fs::CWD,
        c.corpus(),
        OFlags::DIRECTORY | OFlags::RDONLY,
        Mode::empty(),
    )
    .unwrap();
    for _ in 0..25 {
        mkdirat(&folder, level.as_str(), Mode::RWXU).unwrap();
        folder = openat(
            &folder,
            level.as_str(),
            OFlags::DIRECTORY | OFlags::RDONLY,
            Mode::empty(),
        )
        .unwrap();
    }
    let deep = openat(
        &folder,
        "deep.md",
        OFlags::CREATE | OFlags::WRONLY,
        Mode::RUSR | Mode::WUSR,
    )
    .unwrap();
    rustix::io::write(&deep, document("deep down").as_bytes()).unwrap();
    let out = c.run(&["search", "zorblax"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let warning = stderr
        .lines()
        .find(|l| l.contains("cannot read this folder"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(warning.matches("os error").count(), 1, "{warning}");
    assert!(text(&out.stdout).contains("zorblax"));
}

#[test]
fn file_names_cannot_forge_a_line_or_reorder_one() {
    let c = Corpus::new();
    fs::remove_file(c.corpus().join("a.md")).unwrap();
    let name = "x\n2. forged – result\u{202e}.md";
    fs::write(c.corpus().join(name), document("in the zorblax game")).unwrap();
    let escaped = "x\\n2. forged – result\\u{202e}";
    for args in [&["search", "zorblax"][..], &["releases"][..]] {
        let out = c.run(args);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(stdout.contains(escaped), "{args:?}: {stdout}");
        assert!(
            !stdout.lines().any(|l| l.starts_with("2. forged")),
            "{args:?}: {stdout}"
        );
        assert!(!stdout.contains('\u{202e}'), "{args:?}: {stdout}");
    }
    // In warnings and in `check` too.
    fs::write(c.corpus().join("y\nwarning: forged.md"), "").unwrap();
    let out = c.run(&["releases"]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("skipped y\\nwarning: forged.md"),
        "{stderr}"
    );
    assert!(
        !stderr.lines().any(|l| l.starts_with("warning: forged")),
        "{stderr}"
    );
    let out = rulings()
        .arg("check")
        .arg(c.corpus())
        .timeout(BOUND)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("corpus/{escaped}.md")), "{stdout}");
    assert!(
        !stdout
            .lines()
            .any(|l| l.starts_with("2. forged") || l.starts_with("warning: forged")),
        "{stdout}"
    );
}
