//! The `rulings` binary: parse arguments, run, map the outcome to an exit
//! status (0 found, 1 nothing found, 2 bad usage or input).

mod cli;
mod commands;
mod complete;
mod serve;
mod tui;

use std::process::ExitCode;

use std::io::{IsTerminal, Write};

use clap::Parser;
use cli::{AskArgs, Cli, Command};
use commands::Failure;
use rulings::output;

fn main() -> ExitCode {
    // A child reading one PDF or web page (see `convert::isolated`) does
    // that and nothing else.
    if let Some(code) = rulings::convert::isolated::child() {
        return code;
    }
    rulings::convert::isolated::allow_child_processes();
    // A shell asking for completions (COMPLETE set by the script) is
    // answered here, before anything else reads the command line.
    clap_complete::CompleteEnv::with_factory(complete::command)
        .var(complete::ENV_VAR)
        .complete();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return commands::errors::command_line(e),
    };
    let json = cli.command.as_ref().is_some_and(|c| c.json());
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            if commands::errors::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // Nothing more can be said if stderr is closed.
            let _ = commands::errors::report(&err, json, &mut std::io::stderr().lock());
            ExitCode::from(2)
        }
    }
}

/// Runs the command line: the commands that own the terminal or the
/// process, or need no corpus, here; every other by `commands`.
fn run(cli: Cli) -> Result<ExitCode, Failure> {
    match &cli.command {
        Some(Command::Completions { shell }) => {
            let mut out = output::Stdout::lock();
            complete::write_script(*shell, &mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man) => {
            let mut out = output::Stdout::lock();
            complete::write_man_page(&mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Ask(args)) => ask(&cli, args),
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            ask(&cli, &AskArgs::default())
        }
        Some(Command::Serve(args)) => {
            let config = commands::config_of(&cli)?;
            let listen = serve::Listen {
                port: args.port,
                lan: args.lan,
                as_of: args.as_of,
            };
            serve::run(&config, &listen)?;
            Ok(ExitCode::SUCCESS)
        }
        _ => commands::run(cli),
    }
}

/// The interactive search, on a terminal only.
fn ask(cli: &Cli, args: &AskArgs) -> Result<ExitCode, Failure> {
    commands::needs_terminal()?;
    let config = commands::config_of(cli)?;
    let settings = tui::pages::Settings {
        edition: args.scope.edition,
        as_of: config.as_of(args.scope.as_of),
        today: config.today,
    };
    tui::run(&config, settings)?;
    Ok(ExitCode::SUCCESS)
}
