//! `rulings ask`: the interactive search. Takes the [`Session`] every front
//! end answers through, and the date and edition asked; gives a full-screen answer that updates
//! on every keystroke. The state ([`state::State`]) and its drawing
//! ([`draw::draw`]) know nothing of the terminal; this module owns it: raw
//! mode and the alternate screen on the way in, restored on the way out,
//! on an error, and on a panic.

pub mod draw;
mod interrupt;
pub mod keys;
pub mod pages;
pub mod state;
mod widths;

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::execute;
use ratatui::DefaultTerminal;

use pages::Settings;
use rulings::answer::error::Failure;
use rulings::config::Config;
use rulings::output::Out;
use rulings::session::{Announce, Session};
use state::State;

/// Opens the catalog (saying on stderr, before the screen is taken, when it
/// had to be built) and runs the session until the user quits.
pub fn run(config: &Config, settings: Settings) -> Result<(), Failure> {
    let log = &mut Out::new(io::stderr());
    let session = Session::open_staying(config.clone(), Announce::Building, log)?;
    // `ratatui::try_init` installs a panic hook that restores the terminal
    // before the panic is printed, so a bug never leaves a shell in raw
    // mode; `restore` below covers an ordinary return and an error.
    let mut terminal = ratatui::try_init()?;
    // A paste arrives as one event where the terminal brackets it; a
    // terminal that does not ignores the request.
    let _ = execute!(io::stdout(), EnableBracketedPaste);
    let interrupt = interrupt::Interrupt::listen();
    let result = event_loop(&mut terminal, &session, settings, &interrupt);
    restore();
    result
}

/// Gives the terminal back as it was.
fn restore() {
    let _ = execute!(io::stdout(), DisableBracketedPaste);
    ratatui::restore();
}

/// How long a wait for a key lasts before Ctrl-C is looked at again.
const CTRL_C_EVERY: Duration = Duration::from_millis(100);

/// How long the events already waiting are read before the screen is
/// drawn anyway.
const MOST_UNDRAWN: Duration = Duration::from_millis(250);

fn event_loop(
    terminal: &mut DefaultTerminal,
    session: &Session,
    settings: Settings,
    interrupt: &interrupt::Interrupt,
) -> Result<(), Failure> {
    let columns = terminal.size()?.width;
    let mut state = State::new(session, settings, columns);
    while !state.quit {
        terminal.draw(|frame| draw::draw(frame, &state))?;
        while !event::poll(CTRL_C_EVERY)? {
            if interrupt.raised() {
                return Ok(());
            }
        }
        // Every event already waiting is applied before the query is
        // searched: the keys of a paste the terminal did not bracket are
        // one edit, searched once.
        let started = Instant::now();
        state.apply(event::read()?);
        while !state.quit
            && !interrupt.raised()
            && started.elapsed() < MOST_UNDRAWN
            && event::poll(Duration::ZERO)?
        {
            state.apply(event::read()?);
        }
        if interrupt.raised() {
            return Ok(());
        }
        state.settle();
    }
    Ok(())
}

#[cfg(test)]
mod tests;
