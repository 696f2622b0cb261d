//! What every integration test needs: the built binary, with the settings
//! that could leak in from the environment cleared.

use assert_cmd::Command;

/// The `rulings` binary with no corpus, index or timing setting inherited,
/// and color off.
pub fn rulings() -> Command {
    let mut cmd = Command::cargo_bin("rulings").expect("the binary is built for tests");
    cmd.env_remove("RULINGS_DIR")
        .env_remove("RULINGS_INDEX")
        .env_remove("RULINGS_TIMINGS")
        .env("NO_COLOR", "1");
    cmd
}

/// A run's exit code, stdout and stderr.
#[allow(dead_code)] // not every test binary reads a run this way
pub fn outcome(out: std::process::Output) -> (i32, String, String) {
    (
        out.status.code().expect("the binary exits, not killed"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// Writes a document with front matter naming its edition, date and title
/// (its file name) into `dir`.
#[allow(dead_code)] // not every test binary writes documents
pub fn write_document(dir: &std::path::Path, name: &str, edition: &str, date: &str, body: &str) {
    std::fs::write(
        dir.join(name),
        format!("+++\nedition = \"{edition}\"\ndate = \"{date}\"\ntitle = \"{name}\"\n+++\n{body}"),
    )
    .unwrap();
}
