//! Files the tool reads that are not what they seem: links into `/proc`,
//! pipes, folders it may not read, names that would forge output, an index
//! folder whose own files were tampered with, a build lock held by a stuck
//! process, output that cannot be written. Where the system lacks what a
//! case needs (`/proc`, `mkfifo`, permissions that bind root), the test
//! says so on stderr and passes.

use crate::common;

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

    /// Runs `rulings check` on this corpus folder, within [`BOUND`].
    fn check(&self) -> Output {
        rulings()
            .arg("check")
            .arg(self.corpus())
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
    let out = c.check();
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
    for args in [&["search", "zorblax", "--verbose"][..], &["releases"][..]] {
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
    let out = c.check();
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("corpus/{escaped}.md")), "{stdout}");
    assert!(
        !stdout
            .lines()
            .any(|l| l.starts_with("2. forged") || l.starts_with("warning: forged")),
        "{stdout}"
    );
}

/// The names in the index folder that start with `prefix`.
fn named(index: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(index)
        .unwrap()
        .map(|i| i.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    names
}

/// A search that answers, with its stderr.
fn answers(c: &Corpus) -> String {
    let out = c.run(&["search", "zorblax"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        text(&out.stdout).starts_with("1. faction"),
        "{}",
        text(&out.stdout)
    );
    stderr
}

#[test]
fn a_current_that_is_a_folder_heals_and_leaks_no_generation() {
    let c = Corpus::new();
    answers(&c);
    let current = c.index().join("CURRENT");
    fs::remove_file(&current).unwrap();
    fs::create_dir(&current).unwrap();
    let stderr = answers(&c);
    assert!(
        stderr.contains("is damaged (CURRENT is not a regular file)"),
        "{stderr}"
    );
    assert!(current.is_file(), "the next build replaced it");
    // The generation a damaged `CURRENT` no longer named went with it.
    assert_eq!(named(&c.index(), "gen-").len(), 1);
    for i in 0..3 {
        assert_eq!(answers(&c), "", "healed");
        // Builds after it keep the generation in use and the one it replaced.
        let more = document("more").replace("faction", &format!("topic{i}"));
        fs::write(c.corpus().join(format!("more{i}.md")), more).unwrap();
        assert!(answers(&c).contains("indexed"));
        assert!(named(&c.index(), "gen-").len() <= 2);
    }
    assert!(named(&c.index(), "build-").is_empty());
}

#[test]
fn a_current_that_is_a_pipe_heals_without_waiting() {
    let c = Corpus::new();
    answers(&c);
    let current = c.index().join("CURRENT");
    fs::remove_file(&current).unwrap();
    if !mkfifo(&current) {
        return;
    }
    let stderr = answers(&c);
    assert!(
        stderr.contains("is damaged (CURRENT is not a regular file)"),
        "{stderr}"
    );
    assert!(current.is_file());
    assert_eq!(answers(&c), "");
    assert_eq!(named(&c.index(), "gen-").len(), 1);
}

#[test]
fn a_huge_current_is_not_read_whole() {
    let c = Corpus::new();
    answers(&c);
    // 4 GB, sparse: it takes no room on the disk, and would in memory.
    let current = fs::File::create(c.index().join("CURRENT")).unwrap();
    current.set_len(4 << 30).unwrap();
    drop(current);
    let stderr = answers(&c);
    assert!(
        stderr.contains("CURRENT is far longer than the name of a generation"),
        "{stderr}"
    );
    assert!(fs::metadata(c.index().join("CURRENT")).unwrap().len() < 100);
    assert_eq!(named(&c.index(), "gen-").len(), 1);
}

#[test]
fn a_lock_file_that_is_a_pipe_or_a_folder_does_not_hang_a_build() {
    let c = Corpus::new();
    answers(&c);
    let lock = c.index().join(".build.lock");
    for (i, make_pipe) in [true, false].into_iter().enumerate() {
        fs::remove_file(&lock).unwrap();
        if make_pipe {
            if !mkfifo(&lock) {
                continue;
            }
        } else {
            fs::create_dir(&lock).unwrap();
        }
        // A changed corpus needs a build, and the build needs the lock.
        let more = document("more").replace("faction", &format!("topic{i}"));
        fs::write(c.corpus().join(format!("more{i}.md")), more).unwrap();
        let stderr = answers(&c);
        assert!(stderr.contains("indexed"), "{stderr}");
        // No warning about the lock (the corpus's age is told once a day,
        // and each changed corpus is a new one).
        let about_the_lock = stderr
            .lines()
            .filter(|l| l.starts_with("warning:") && !l.contains("newer rulings may exist"))
            .count();
        assert_eq!(about_the_lock, 0, "{stderr}");
        assert!(lock.is_file());
    }
}

/// Holds the build lock of `c`'s index, as a stuck build would.
fn hold_the_lock(c: &Corpus) -> fs::File {
    fs::create_dir_all(c.index()).unwrap();
    let lock = fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(c.index().join(".build.lock"))
        .unwrap();
    lock.lock().unwrap();
    lock
}

#[test]
fn a_command_behind_a_stuck_build_answers_from_the_last_index() {
    let c = Corpus::new();
    answers(&c);
    let current = fs::read_to_string(c.index().join("CURRENT")).unwrap();
    // The corpus changed: the index is stale, and the build is stuck.
    let other = document("and a quux").replace("faction", "other topic");
    fs::write(c.corpus().join("b.md"), other).unwrap();
    let _lock = hold_the_lock(&c);
    let started = Instant::now();
    let stderr = answers(&c);
    assert!(started.elapsed() < Duration::from_secs(30));
    assert!(
        stderr.contains("another process has been building the search index"),
        "{stderr}"
    );
    assert!(
        stderr.contains("answering from the index as it was built before"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(c.index().join("CURRENT")).unwrap(),
        current
    );
    // `rulings index` is asked to build: it says it could not.
    let out = c.run(&["index"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("another process has been building it"),
        "{stderr}"
    );
}

#[test]
fn a_command_behind_a_stuck_first_build_answers_from_memory() {
    let c = Corpus::new();
    let _lock = hold_the_lock(&c);
    let started = Instant::now();
    let stderr = answers(&c);
    assert!(started.elapsed() < Duration::from_secs(30));
    assert!(
        stderr.contains("searching an index built in memory"),
        "{stderr}"
    );
    assert!(named(&c.index(), "gen-").is_empty(), "nothing published");
    assert!(!c.index().join("CURRENT").exists());
}

/// Runs `rulings ARGS` through `sh` with stdout redirected by `redirect`,
/// or `None` when there is no `sh` here.
fn through_sh(args: &str, redirect: &str) -> Option<Output> {
    let binary = common::binary();
    let script = format!("exec \"$0\" {args} {redirect}");
    let out = common::process("sh")
        .arg("-c")
        .arg(script)
        .arg(binary)
        .output();
    if out.is_err() {
        eprintln!("skipped: no sh here to close stdout with");
    }
    out.ok()
}

#[test]
fn a_closed_stdout_is_an_error_not_a_lost_answer() {
    for args in ["export", "releases", "completions bash", "man"] {
        let Some(out) = through_sh(args, ">&-") else {
            return;
        };
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {stderr}");
        assert!(
            stderr.contains("rulings: cannot write to stdout: it is closed"),
            "{args}: {stderr}"
        );
    }
    // Output thrown away on purpose is not an error.
    let out = through_sh("export", ">/dev/null").unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_full_disk_is_an_error() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let Some(out) = through_sh("export", ">/dev/full") else {
        return;
    };
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
}

#[test]
fn a_heading_that_runs_on_for_pages_is_warned_about() {
    let c = Corpus::new();
    let heading: Vec<String> = (0..1200).map(|i| format!("zanzibar{i}")).collect();
    let document = format!(
        "+++\nedition = \"1E\"\ndate = \"2021-01-01\"\n+++\n# Rulings\n\n# {}\n\nmission – A mission is a place.\n",
        heading.join(" ")
    );
    fs::write(c.corpus().join("b.md"), document).unwrap();
    let warning = "b.md:7: a paragraph of 14491 characters on 1 line(s) went to the front matter, longer than a title block";
    let out = c.run(&["releases"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(&format!("warning: {warning}")), "{stderr}");
    let out = c.check();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "warnings: {stdout}");
    assert!(
        stdout.contains("warning: line 7: a paragraph of 14491 characters on 1 line(s)"),
        "{stdout}"
    );
    // A title and a preamble of a few paragraphs are no warning.
    assert!(stdout.contains("corpus/a.md\n"), "{stdout}");
    let a = stdout.split("corpus/a.md\n").nth(1).unwrap();
    assert!(
        !a.split("\n\n").next().unwrap().contains("warning"),
        "{stdout}"
    );
}

#[test]
fn a_stderr_that_cannot_be_written_is_exit_2_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let Some(out) = through_sh("errata no-such-card-at-all", "2>/dev/full") else {
        return;
    };
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_document_dated_past_what_the_index_can_hold_is_kept_at_its_end() {
    // The index counts a date in nanoseconds (to 2262): "2999" overflowed,
    // a panic in a debug build and a document of another century in a
    // release build (dated before today, so in force).
    let far = "+++\nedition = \"1E\"\ndate = \"2999-01-01\"\ntitle = \"Far\"\n+++\nQuark Bench – Quark may bribe the bench.\n";
    let near = "+++\nedition = \"1E\"\ndate = \"2000-01-01\"\ntitle = \"Near\"\n+++\nfaction – There are 3 factions.\n";
    let folder = common::folder::Folder::new(&[("far.md", far), ("near.md", near)]);
    let today = folder.rulings(&["search", "quark bench"]).output().unwrap();
    let (code, stdout, stderr) = common::outcome(today);
    assert_eq!(code, 1, "not yet published today:\n{stdout}\n{stderr}");
    let later = folder
        .rulings(&["search", "--as-of", "2999-06-01", "quark bench"])
        .output()
        .unwrap();
    let (code, stdout, stderr) = common::outcome(later);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("Quark Bench"), "{stdout}");
}
