//! The `rulings` binary: parse arguments, run, map the outcome to an exit
//! status (0 found, 1 nothing found, 2 bad usage or input).

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    // A shell asking for completions (COMPLETE set by the script) is
    // answered here, before anything else reads the command line.
    clap_complete::CompleteEnv::with_factory(rulings::cli::Cli::command)
        .var(rulings::complete::ENV_VAR)
        .complete();
    let cli = rulings::cli::Cli::parse();
    match rulings::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if rulings::commands::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // Where stderr itself cannot be written, the exit status is all
            // that can tell (`eprintln!` would panic: exit 101).
            let _ = writeln!(
                std::io::stderr(),
                "rulings: {}",
                rulings::error::chain(err.as_ref())
            );
            ExitCode::from(2)
        }
    }
}
