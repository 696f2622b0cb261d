//! The interactive search run for real: the built binary in a
//! pseudo-terminal, its screen read back through a terminal emulator; and
//! what `rulings` does with no command when it has no terminal.

use crate::common;

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, CommandBuilder, PtySize};

use common::rulings;

const ROWS: u16 = 30;
const COLUMNS: u16 = 110;

/// A running `rulings ask` and the screen it has drawn so far.
pub struct Screen {
    parser: vt100::Parser,
    output: mpsc::Receiver<Vec<u8>>,
}

impl Screen {
    /// Reads the program's output until the screen shows `text`, or fails
    /// after `patience` with the screen as it stands.
    pub fn wait_for(&mut self, text: &str, patience: Duration) -> String {
        let deadline = Instant::now() + patience;
        loop {
            let contents = self.parser.screen().contents();
            if contents.contains(text) {
                return contents;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "never showed `{text}`:\n{contents}");
            if let Ok(bytes) = self
                .output
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                self.parser.process(&bytes);
            }
        }
    }
}

/// A running `rulings ask`: the child, its keyboard and its screen.
pub type Session = (
    Box<dyn portable_pty::Child + Send + Sync>,
    Box<dyn Write + Send>,
    Screen,
);

/// `rulings ask` started in a pseudo-terminal on the bundled corpus, 1E
/// as of 2020-01-01.
fn start(index: &tempfile::TempDir) -> Session {
    start_on(index, &[])
}

/// `rulings ask` started in a pseudo-terminal on the corpus `corpus` (the
/// arguments that name it; the bundled one when empty), 1E as of
/// 2020-01-01.
pub fn start_on(index: &tempfile::TempDir, corpus: &[&str]) -> Session {
    let index_path = index.path().to_str().unwrap();
    // Build the index first so that the session starts at once.
    rulings()
        .args(corpus)
        .args(["--index", index_path, "index"])
        .assert()
        .success();
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLUMNS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(common::binary());
    command.args(corpus);
    command.args([
        "--index",
        index_path,
        "ask",
        "--as-of",
        "2020-01-01",
        "--edition",
        "1e",
    ]);
    common::isolate(&mut command, |c, k, v| c.env(k, v), |c, k| c.env_remove(k));
    command.env("TERM", "xterm-256color");
    let child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);

    // The terminal must be read all the time, or the program blocks
    // writing its screen.
    let mut reader = pty.master.try_clone_reader().unwrap();
    let (send, output) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || send.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let writer = pty.master.take_writer().unwrap();
    let screen = Screen {
        parser: vt100::Parser::new(
            NonZeroU16::new(ROWS).unwrap(),
            NonZeroU16::new(COLUMNS).unwrap(),
            0,
        ),
        output,
    };

    (child, writer, screen)
}

#[test]
fn ask_answers_as_you_type_in_a_real_terminal() {
    let index = tempfile::tempdir().unwrap();
    let (mut child, mut writer, mut screen) = start(&index);
    let patience = Duration::from_secs(30);
    let first = screen.wait_for("Type a few words", patience);
    assert!(
        first.contains("as of 2020-01-01 (pinned) · 1E only"),
        "{first}"
    );

    writer.write_all(b"ferengi mil").unwrap();
    writer.flush().unwrap();
    screen.wait_for("> ferengi mil", patience);
    let found = screen.wait_for("in force since CRD 2014-11-03", patience);
    assert!(found.contains("Ferengi Military Operations"), "{found}");
    assert!(found.contains("1E  in force  2014-11-03"), "{found}");

    // Enter reads the ruling, F4 its errata.
    writer.write_all(b"\r\x1bOS").unwrap();
    writer.flush().unwrap();
    screen.wait_for("Errata of Ferengi Military Operations (1E)", patience);

    // Ctrl-C quits with success and leaves the alternate screen.
    writer.write_all(b"\x03").unwrap();
    writer.flush().unwrap();
    let deadline = Instant::now() + patience;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "rulings ask did not quit");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let mut rest = Vec::new();
    while let Ok(bytes) = screen.output.recv_timeout(Duration::from_millis(200)) {
        rest.extend(bytes);
    }
    screen.parser.process(&rest);
    assert!(
        !screen.parser.screen().alternate_screen(),
        "the terminal is restored"
    );
}

#[test]
fn no_command_without_a_terminal_prints_the_help() {
    let assert = rulings().assert().code(2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(err.contains("Usage: rulings"), "{err}");
    assert!(err.contains("ask"), "{err}");
    assert!(assert.get_output().stdout.is_empty());
}

#[test]
fn ask_without_a_terminal_is_a_usage_error() {
    let assert = rulings().arg("ask").assert().code(2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(err.contains("`rulings ask` needs a terminal"), "{err}");
}

#[test]
fn the_word_being_typed_finds_what_it_begins_on_every_key() {
    let index = tempfile::tempdir().unwrap();
    let (mut child, mut writer, mut screen) = start(&index);
    let patience = Duration::from_secs(30);
    screen.wait_for("Type a few words", patience);
    for (word, from, topic) in [
        ("liberty", 4, "Liberty"),
        ("cochrane", 5, "Visit Cochrane Memorial"),
    ] {
        for (i, c) in word.chars().enumerate() {
            writer.write_all(&[c as u8]).unwrap();
            writer.flush().unwrap();
            let typed: String = word.chars().take(i + 1).collect();
            screen.wait_for(&format!("> {typed}"), patience);
            if i + 1 >= from {
                // The selected hit (marked ▌) is the topic, on every key.
                let shown = screen.wait_for(&format!("▌{topic}"), patience);
                assert!(!shown.contains("nothing in force matches"), "{shown}");
            }
        }
        // Ctrl-U clears the query for the next word.
        writer.write_all(b"\x15").unwrap();
        writer.flush().unwrap();
        screen.wait_for("Type a few words", patience);
    }
    writer.write_all(b"\x03").unwrap();
    writer.flush().unwrap();
    let deadline = Instant::now() + patience;
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "rulings ask did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits for the child to end, failing after `patience`.
fn ended(
    child: &mut Box<dyn portable_pty::Child + Send + Sync>,
    patience: Duration,
) -> portable_pty::ExitStatus {
    let deadline = Instant::now() + patience;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < deadline, "rulings ask did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn ctrl_c_quits_inside_a_paste_that_never_ends() {
    let index = tempfile::tempdir().unwrap();
    let (mut child, mut writer, mut screen) = start(&index);
    let patience = Duration::from_secs(30);
    screen.wait_for("Type a few words", patience);
    // The start of a bracketed paste and no end: every byte after it is
    // held as pasted text, Esc included.
    writer.write_all(b"\x1b[200~ferengi\x1b").unwrap();
    writer.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "Esc was held");
    writer.write_all(b"\x03").unwrap();
    writer.flush().unwrap();
    let status = ended(&mut child, Duration::from_secs(5));
    assert!(status.success(), "{status:?}");
}

/// One mode for typing: letters typed over an open ruling go to the
/// question (they once opened the errata, `e` of "dead end"), and one Esc
/// shows the hits of the question as it now stands.
#[test]
fn typing_over_a_ruling_goes_to_the_question_and_esc_shows_the_hits() {
    let index = tempfile::tempdir().unwrap();
    let (mut child, mut writer, mut screen) = start(&index);
    let patience = Duration::from_secs(30);
    screen.wait_for("Type a few words", patience);
    writer.write_all(b"ferengi mil").unwrap();
    writer.flush().unwrap();
    screen.wait_for("▌Ferengi Military Operations", patience);
    writer.write_all(b"\r").unwrap();
    writer.flush().unwrap();
    screen.wait_for("┌ Ferengi Military Operations (1E)", patience);

    // Ctrl-U, then the new question, a key at a time as a person types.
    for key in std::iter::once(b'\x15').chain(*b"dead end") {
        writer.write_all(&[key]).unwrap();
        writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    let shown = screen.wait_for("> dead end", patience);
    let question = shown
        .lines()
        .find(|l| l.contains("> "))
        .expect("the question line");
    assert_eq!(
        question.trim_matches(|c: char| c == '│' || c.is_whitespace()),
        "> dead end",
        "{shown}"
    );
    assert!(!shown.contains("Errata of"), "no errata view:\n{shown}");
    assert!(!shown.contains("History of"), "no history view:\n{shown}");
    assert!(
        shown.contains("┌ Ferengi Military Operations (1E)"),
        "the ruling stays open while typing:\n{shown}"
    );
    assert!(shown.contains("F1 keys"), "{shown}");

    // One Esc: the hits of "dead end".
    writer.write_all(b"\x1b").unwrap();
    writer.flush().unwrap();
    let hits = screen.wait_for(" Hits 1/", patience);
    assert!(hits.contains("> dead end"), "{hits}");
    assert!(
        !hits.contains("┌ Ferengi Military Operations (1E)"),
        "{hits}"
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "one Esc did not quit");

    writer.write_all(b"\x03").unwrap();
    writer.flush().unwrap();
    let status = ended(&mut child, patience);
    assert!(status.success(), "{status:?}");
}
