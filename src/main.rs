//! The `bianpai` binary: hand the raw arguments to the library (which tells a typed command
//! from a folder dropped on the program, see `cmd::start`) and map the outcome to an exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(bianpai::cmd::start::main(std::env::args_os().collect()))
}
