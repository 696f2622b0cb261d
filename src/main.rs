//! The `rulings` binary: parse arguments, run, map the outcome to an exit
//! status (0 found, 1 nothing found, 2 bad usage or input).

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    // A child reading one PDF or web page (see `convert::isolated`) does
    // that and nothing else.
    if let Some(code) = rulings::convert::isolated::child() {
        return code;
    }
    rulings::convert::isolated::allow_child_processes();
    // A shell asking for completions (COMPLETE set by the script) is
    // answered here, before anything else reads the command line.
    clap_complete::CompleteEnv::with_factory(rulings::cli::Cli::command)
        .var(rulings::complete::ENV_VAR)
        .complete();
    let cli = match rulings::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return rulings::commands::errors::command_line(e),
    };
    let json = cli.command.as_ref().is_some_and(|c| c.json());
    match rulings::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if rulings::commands::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // Nothing more can be said if stderr is closed.
            let _ = rulings::commands::errors::report(&err, json, &mut std::io::stderr().lock());
            ExitCode::from(2)
        }
    }
}
