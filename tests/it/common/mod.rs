//! What every integration test needs: the built binary in an environment
//! of its own. Each test gets its own home, data, config, state and cache
//! folders and its own index folder, so a run reads none of the user's
//! documents, writes nothing to the user's cache and never rewrites the
//! checkout's `index/`; settings that could leak in are cleared.

pub mod cdp;
pub mod folder;
pub mod notes;
pub mod nothing_lost;
pub mod one_document;
pub mod pdf;
pub mod schemas;
pub mod served;

use std::cell::OnceCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use assert_cmd::Command;

/// Settings of the binary that a test never inherits.
const CLEARED: [&str; 11] = [
    "RULINGS_DIR",
    // The default edition: the settings file in the test's own
    // XDG_CONFIG_HOME sets it, when a test writes one.
    "RULINGS_EDITION",
    "RULINGS_TIMINGS",
    "RULINGS_URL",
    "RULINGS_CARDS",
    "COMPLETE",
    // `update` reaches only the test's own server on 127.0.0.1.
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
];

thread_local! {
    /// The folders of the test running on this thread (libtest runs each
    /// test on a thread of its own): every run of one test shares them.
    static FOLDERS: OnceCell<PathBuf> = const { OnceCell::new() };
}

/// This test's folder: a new one under cargo's folder for test files.
pub fn test_folder() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    FOLDERS.with(|cell| {
        cell.get_or_init(|| {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("it-{}", std::process::id()))
                .join(format!("test-{n}"));
            std::fs::create_dir_all(&dir).expect("cargo's folder for test files is writable");
            dir
        })
        .clone()
    })
}

/// The variables every run of the binary gets, in place of the user's.
pub fn environment() -> Vec<(&'static str, OsString)> {
    let dir = test_folder();
    let home = dir.join("home");
    // A terminal started for a test opens in its home: it must exist.
    std::fs::create_dir_all(&home).expect("the test's folder is writable");
    vec![
        ("HOME", home.clone().into()),
        ("XDG_DATA_HOME", home.join(".local/share").into()),
        ("XDG_CONFIG_HOME", home.join(".config").into()),
        ("XDG_STATE_HOME", home.join(".local/state").into()),
        ("XDG_CACHE_HOME", home.join(".cache").into()),
        ("RULINGS_INDEX", dir.join("index").into()),
        ("NO_COLOR", "1".into()),
    ]
}

/// Gives a command of any kind the test's environment.
pub fn isolate<C>(
    cmd: &mut C,
    set: impl Fn(&mut C, &str, &OsString),
    clear: impl Fn(&mut C, &str),
) {
    for name in CLEARED {
        clear(cmd, name);
    }
    for (name, value) in environment() {
        set(cmd, name, &value);
    }
}

/// A `std::process::Command` of `program` in the test's environment.
pub fn process(program: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let mut cmd = std::process::Command::new(program);
    isolate(
        &mut cmd,
        |c, k, v| {
            c.env(k, v);
        },
        |c, k| {
            c.env_remove(k);
        },
    );
    cmd
}

/// The built `rulings`.
pub fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("rulings")
}

/// The `rulings` binary in the test's environment, color off.
pub fn rulings() -> Command {
    Command::from_std(process(binary()))
}

/// A run's exit code, stdout and stderr.
pub fn outcome(out: std::process::Output) -> (i32, String, String) {
    (
        out.status.code().expect("the binary exits, not killed"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// `rulings check --json FILE`: the one document's report.
pub fn checked(file: &std::path::Path) -> serde_json::Value {
    let out = rulings()
        .args(["check", "--json"])
        .arg(file)
        .output()
        .unwrap();
    let (_, out, err) = outcome(out);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    v["documents"][0].clone()
}

/// A run over a corpus folder alone (nothing bundled), color off: exit
/// code, stdout and stderr.
pub fn on_corpus(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = rulings()
        .args(["--color", "never", "--no-bundled", "--rulings"])
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    outcome(out)
}

/// Writes a document with front matter naming its edition, date and title
/// (its file name) into `dir`.
pub fn write_document(dir: &std::path::Path, name: &str, edition: &str, date: &str, body: &str) {
    std::fs::write(
        dir.join(name),
        format!("+++\nedition = \"{edition}\"\ndate = \"{date}\"\ntitle = \"{name}\"\n+++\n{body}"),
    )
    .unwrap();
}
