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
