//! How long the interactive search takes to answer a keystroke, as a person
//! at a terminal meets it: the built `rulings ask` runs in a
//! pseudo-terminal, six queries are typed into it one character at a time,
//! and each key is timed from the moment it is sent to the moment the frame
//! that answers it is on the screen (the query drawn, the cursor set after
//! it: the last thing a frame draws). Build the binary first; the options
//! given are the corpus and index options of `rulings`:
//!
//! ```sh
//! bench/gen-corpus.sh /tmp/corpus-1000 200
//! cargo build --release --bins --examples
//! target/release/examples/keystrokes --rulings /tmp/corpus-1000 --index /tmp/index-1000
//! ```

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use portable_pty::{native_pty_system, CommandBuilder, PtySize};

/// What a TD types: rules terms, card names, words of a ruling.
const QUERIES: [&str; 6] = [
    "once each turn",
    "ferengi military operations",
    "time location",
    "cloaked ships",
    "dabo",
    "big picture",
];

const ROWS: u16 = 40;
const COLUMNS: u16 = 120;

/// Longest wait for a frame before the run is given up.
const PATIENCE: Duration = Duration::from_secs(60);

/// The binary beside this example's folder (`target/release/rulings`).
fn binary() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let built = exe
        .parent()
        .and_then(|examples| examples.parent())
        .map(|target| target.join(format!("rulings{}", std::env::consts::EXE_SUFFIX)))
        .context("no target folder")?;
    if !built.is_file() {
        bail!(
            "{} is not built: run `cargo build --release --bins --examples` first",
            built.display()
        );
    }
    Ok(built)
}

/// The screen of the program, fed by what it writes.
struct Screen {
    parser: vt100::Parser,
    output: mpsc::Receiver<Vec<u8>>,
}

impl Screen {
    /// Reads the program's output until `done` holds of the screen.
    fn until(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) -> anyhow::Result<()> {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.parser.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                bail!("never showed {what}:\n{}", self.parser.screen().contents());
            }
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(_) => bail!("the program ended before it showed {what}"),
            }
        }
        Ok(())
    }
}

fn main() -> anyhow::Result<()> {
    let options: Vec<String> = std::env::args().skip(1).collect();
    // The index first, so that the first key does not wait for it.
    let indexed = std::process::Command::new(binary()?)
        .args(&options)
        .arg("index")
        .output()?;
    if !indexed.status.success() {
        bail!("{}", String::from_utf8_lossy(&indexed.stderr));
    }
    println!("{}", String::from_utf8_lossy(&indexed.stdout).trim());

    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLUMNS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .map_err(|e| anyhow::anyhow!("no pseudo-terminal: {e}"))?;
    let mut command = CommandBuilder::new(binary()?);
    command.args(&options);
    command.arg("ask");
    command.env("TERM", "xterm-256color");
    let mut child = pty
        .slave
        .spawn_command(command)
        .map_err(|e| anyhow::anyhow!("cannot start rulings ask: {e}"))?;
    drop(pty.slave);
    // The terminal is read all the time, or the program blocks writing.
    let mut reader = pty
        .master
        .try_clone_reader()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (send, output) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 16384];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || send.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut keys = pty
        .master
        .take_writer()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let rows = NonZeroU16::new(ROWS).context("rows")?;
    let columns = NonZeroU16::new(COLUMNS).context("columns")?;
    let mut screen = Screen {
        parser: vt100::Parser::new(rows, columns, 0),
        output,
    };
    // The empty search box: where the cursor stands before anything is
    // typed is where each query starts.
    screen.until("the search box", |s| s.contents().contains("> "))?;
    let (row, start) = screen.parser.screen().cursor_position();

    let mut times: Vec<Duration> = Vec::new();
    for query in QUERIES {
        keys.write_all(b"\x15")?; // Ctrl-U: clear the query.
        keys.flush()?;
        screen.until("an empty query", |s| s.cursor_position() == (row, start))?;
        let mut typed = String::new();
        for c in query.chars() {
            typed.push(c);
            let shown = format!("> {}", typed.trim_end());
            let at = (row, start + typed.chars().count() as u16);
            let sent = Instant::now();
            keys.write_all(c.to_string().as_bytes())?;
            keys.flush()?;
            screen.until(&format!("`{typed}`"), |s| {
                s.cursor_position() == at && s.contents().contains(&shown)
            })?;
            times.push(sent.elapsed());
        }
    }
    keys.write_all(b"\x1b")?; // Esc: quit.
    keys.flush()?;
    let _ = child.wait();

    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |p: usize| times[(times.len() - 1) * p / 100];
    println!(
        "{} keystrokes, key sent to frame drawn: median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        times.len(),
        ms(at(50)),
        ms(at(90)),
        ms(at(100))
    );
    Ok(())
}
