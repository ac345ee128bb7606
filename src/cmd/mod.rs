//! One file per subcommand; [`run`] dispatches.

mod console;
mod form;
mod init;
mod output;
mod run;
pub mod start;
mod templates;
mod trf;
mod trf_check;
mod trf_generate;

use crate::cli::{Cli, Command};

/// Runs a parsed command line and returns the exit status (0 done, 1 blocking findings).
///
/// # Errors
///
/// Returns an error when the command could not run at all (exit status 2).
pub fn run(cli: Cli) -> crate::Result<u8> {
    match cli.command {
        Command::Templates => templates::run(),
        Command::Init { dir, template } => init::run(&dir, &template),
        Command::Form { dir } => form::run(&dir),
        Command::Run(args) => run::run(args),
        Command::Trf { command } => trf::run(command),
    }
}
