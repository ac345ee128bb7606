//! The `bianpai` binary: parse the arguments, call the library, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = bianpai::cli::Cli::parse();
    match bianpai::cmd::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("bianpai: {e}");
            ExitCode::from(2)
        }
    }
}
