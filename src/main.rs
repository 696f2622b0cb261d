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
    // A child reading the links of a page `update` follows (see
    // `update::follow`), likewise.
    if let Some(code) = rulings::update::follow::child() {
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
    let dates = commands::errors::typed_dates(&cli, json, &mut std::io::stderr().lock());
    match dates.and_then(|()| run(cli)) {
        Ok(code) => code,
        Err(err) => {
            if commands::errors::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // Nothing more can be said if stderr is closed.
            let _ = commands::errors::report(&err, json, &mut std::io::stderr().lock());
            ExitCode::from(commands::errors::exit_status(err.code()))
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
        Some(Command::Config(args)) => commands::settings::run(args),
        Some(Command::Ask(args)) => ask(&cli, args),
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            ask(&cli, &AskArgs::default())
        }
        Some(Command::Serve(args)) => {
            let config = commands::config_of(&cli)?;
            let listen = serve::Listen {
                port: args.port,
                lan: args.lan,
                as_of: args.as_of.as_ref().map(|d| d.date),
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
        edition: config.edition(args.scope.edition),
        authority: args.whose.authority,
        as_of: config.as_of(args.scope.as_of()),
        today: config.today,
    };
    tui::run(&config, settings)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use rulings::answer::error::ErrorCode;

    /// Every error code with what each front end makes of it: the exit
    /// status, the JSON `code` and the HTTP status. The match has no
    /// catch-all, so a new code cannot be added without its row.
    /// (`tests/it/json_contract.rs` runs every code the command line can
    /// reach, and checks its status and object.)
    fn faces(code: ErrorCode) -> (u8, &'static str, u16) {
        match code {
            ErrorCode::Usage => (2, "usage", 400),
            ErrorCode::InvalidValue => (2, "invalid_value", 400),
            ErrorCode::EmptyQuery => (2, "empty_query", 400),
            ErrorCode::TooLong => (2, "too_long", 400),
            ErrorCode::UnknownRelease => (2, "unknown_release", 404),
            ErrorCode::UnknownTopic => (2, "unknown_topic", 404),
            ErrorCode::BadDate => (2, "bad_date", 400),
            ErrorCode::AmbiguousDate => (2, "ambiguous_date", 400),
            ErrorCode::EditionsDiffer => (2, "editions_differ", 400),
            ErrorCode::NoSuchEdition => (2, "no_such_edition", 400),
            ErrorCode::CorpusNotFound => (2, "corpus_not_found", 500),
            ErrorCode::NoDocuments => (2, "no_documents", 500),
            ErrorCode::NothingToCheck => (2, "nothing_to_check", 500),
            ErrorCode::NeedsTerminal => (2, "needs_terminal", 500),
            ErrorCode::BadConfig => (2, "bad_config", 500),
            ErrorCode::Index => (2, "index", 500),
            ErrorCode::Io => (2, "io", 500),
            ErrorCode::Internal => (2, "internal", 500),
        }
    }

    #[test]
    fn every_error_code_has_one_exit_status_json_code_and_http_status() {
        let all = [
            ErrorCode::Usage,
            ErrorCode::InvalidValue,
            ErrorCode::EmptyQuery,
            ErrorCode::TooLong,
            ErrorCode::UnknownRelease,
            ErrorCode::UnknownTopic,
            ErrorCode::BadDate,
            ErrorCode::AmbiguousDate,
            ErrorCode::EditionsDiffer,
            ErrorCode::NoSuchEdition,
            ErrorCode::CorpusNotFound,
            ErrorCode::NoDocuments,
            ErrorCode::NothingToCheck,
            ErrorCode::NeedsTerminal,
            ErrorCode::BadConfig,
            ErrorCode::Index,
            ErrorCode::Io,
            ErrorCode::Internal,
        ];
        for code in all {
            let (exit, json, http) = faces(code);
            assert_eq!(super::commands::errors::exit_status(code), exit, "{code:?}");
            assert_eq!(serde_json::to_value(code).unwrap(), json, "{code:?}");
            assert_eq!(super::serve::status_of(code).as_u16(), http, "{code:?}");
        }
    }
}
