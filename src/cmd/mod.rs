//! One file per subcommand; [`run`] dispatches.

mod run;
mod trf;

use crate::cli::{Cli, Command};

/// Runs a parsed command line and returns the exit status (0 done, 1 blocking findings).
///
/// # Errors
///
/// Returns an error when the command could not run at all (exit status 2).
pub fn run(cli: Cli) -> crate::Result<u8> {
    match cli.command {
        Command::Templates => Err(crate::Error::Usage("templates: not yet built".into())),
        Command::Init { .. } => Err(crate::Error::Usage("init: not yet built".into())),
        Command::Run(args) => run::run(args),
        Command::Trf { command } => trf::run(command),
    }
}
