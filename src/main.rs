//! The `bianpai` binary: hand the raw arguments to the library (which tells a typed command
//! from a folder dropped on the program, see `cmd::start`) and map the outcome to an exit code.

use std::process::ExitCode;

/// mimalloc on Linux: a run spends an eighth of its time in allocating and freeing (the
/// workbooks' cells and strings on four writing threads), and glibc's malloc is slower at that.
/// Measured in `docs/performance.md` (session 23); other platforms keep the system's allocator.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(bianpai::cmd::start::main(std::env::args_os().collect()))
}
