//! How long the interactive search takes to answer a keystroke: types
//! queries one character at a time into `rulings ask`'s state (search and
//! preview of the first hit, what happens between a key and the next
//! frame) and prints the times. Build with `--release` for figures that
//! mean anything:
//!
//! ```sh
//! bench/gen-corpus.sh /tmp/corpus-1000 200
//! cargo run --release --example keystrokes -- --rulings /tmp/corpus-1000 --index /tmp/index-1000
//! ```

use std::time::{Duration, Instant};

use clap::Parser;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use rulings::cli::Cli;
use rulings::commands::Config;
use rulings::output::Out;
use rulings::session::{Announce, Session};
use rulings::tui::pages::Settings;
use rulings::tui::state::State;

/// What a TD types: rules terms, card names, words of a ruling.
const QUERIES: [&str; 6] = [
    "once each turn",
    "ferengi military operations",
    "time location",
    "cloaked ships",
    "dabo",
    "big picture",
];

fn main() -> anyhow::Result<()> {
    // The corpus and index options, as the command line reads them.
    let mut argv: Vec<String> = std::env::args().collect();
    argv.push("releases".to_string());
    let cli = Cli::parse_from(argv);
    let config = Config::from_cli(&cli)?;
    let today = config.today;
    let session =
        Session::open_alone(config, Announce::Building, &mut Out::new(std::io::stderr()))?;
    let releases = session.catalog().releases()?.len();
    let settings = Settings {
        edition: None,
        as_of: today,
        today,
    };
    let mut times: Vec<Duration> = Vec::new();
    for query in QUERIES {
        let mut state = State::new(&session, settings, 120);
        for c in query.chars() {
            let key = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            let started = Instant::now();
            state.update(key);
            times.push(started.elapsed());
            if let Some(error) = &state.error {
                anyhow::bail!("`{}`: {error}", state.query);
            }
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |p: usize| times[(times.len() - 1) * p / 100];
    println!(
        "{releases} releases, {} keystrokes: median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        times.len(),
        ms(at(50)),
        ms(at(90)),
        ms(at(100))
    );
    Ok(())
}
