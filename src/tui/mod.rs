//! `rulings ask`: the interactive search. Takes an opened [`Catalog`] and
//! the session's date and edition; gives a full-screen answer that updates
//! on every keystroke. The state ([`state::State`]) and its drawing
//! ([`draw::draw`]) know nothing of the terminal; this module owns it: raw
//! mode and the alternate screen on the way in, restored on the way out,
//! on an error, and on a panic.

pub mod draw;
pub mod pages;
pub mod state;

use std::io;

use ratatui::crossterm::event;
use ratatui::DefaultTerminal;

use crate::catalog::Catalog;
use crate::cli::AskArgs;
use crate::config::Config;
use crate::output::Out;
use pages::Session;
use state::State;

/// Opens the catalog (saying on stderr, before the screen is taken, when it
/// had to be built) and runs the session until the user quits.
pub fn run(config: &Config, args: &AskArgs) -> anyhow::Result<()> {
    let catalog = config.catalog(&mut Out::new(io::stderr()), true)?;
    let session = Session {
        edition: args.edition,
        as_of: config.as_of(args.as_of),
        today: config.today,
    };
    // `ratatui::try_init` installs a panic hook that restores the terminal
    // before the panic is printed, so a bug never leaves a shell in raw
    // mode; `restore` below covers an ordinary return and an error.
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, &catalog, session);
    ratatui::restore();
    result
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    catalog: &Catalog,
    session: Session,
) -> anyhow::Result<()> {
    let columns = terminal.size()?.width;
    let mut state = State::new(catalog, session, columns);
    while !state.quit {
        terminal.draw(|frame| draw::draw(frame, &state))?;
        state.update(event::read()?);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
