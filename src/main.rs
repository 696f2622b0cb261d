//! The `rulings` binary: parse arguments, run, map the outcome to an exit
//! status (0 found, 1 nothing found, 2 bad usage or input).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = rulings::cli::Cli::parse();
    match rulings::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if rulings::commands::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("rulings: {err:#}");
            ExitCode::from(2)
        }
    }
}
