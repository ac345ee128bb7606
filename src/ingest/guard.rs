//! The last line of defence around the format readers: a panic inside a reader becomes an
//! unreadable file (`file.unreadable`, "文件结构损坏，解析失败") and the run goes on.
//!
//! A panic inside a third-party parser (calamine indexing past a table a corrupt .xlsb promised,
//! say) is expected of hostile bytes: the finding is the whole report, and the default panic
//! message ("thread 'main' panicked at …/calamine-…") is not printed, since it reads as a crash
//! to an arbiter. A panic whose location is in this crate's own code is still printed through
//! the hook that was there before (the default one, or libFuzzer's, which stops the fuzzer on it):
//! it is our bug, caught but not hidden.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

thread_local! {
    /// How many [`run`] calls are active on this thread (readers nest: a zip in a zip).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

static HOOK: Once = Once::new();

/// Runs `f`, returning `Err` when it panicked; a panic located outside this crate is not
/// printed while `f` runs.
pub(crate) fn run<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    HOOK.call_once(install);
    DEPTH.with(|d| d.set(d.get().saturating_add(1)));
    let result = catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    result
}

/// Chains a hook in front of the current one: quiet for a dependency's panic inside [`run`],
/// the previous hook for everything else.
fn install() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let guarded = DEPTH.try_with(|d| d.get() > 0).unwrap_or(false);
        let ours = info.location().is_some_and(|l| own_file(l.file()));
        if guarded && !ours {
            return;
        }
        previous(info);
    }));
}

/// Whether a panic's location is a source file of this crate: `src/…` as cargo names a
/// workspace member's files, or the absolute path when the crate is built as a path
/// dependency (the fuzz targets).
fn own_file(file: &str) -> bool {
    let own = |rest: &str| rest.starts_with("src/") || rest.starts_with("src\\");
    own(file)
        || file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .and_then(|rest| rest.strip_prefix(['/', '\\']))
            .is_some_and(own)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::Location;

    #[test]
    fn a_panic_becomes_an_error_and_the_depth_is_restored() {
        let r: std::thread::Result<()> = run(|| panic!("inside"));
        assert!(r.is_err());
        assert_eq!(DEPTH.with(Cell::get), 0);
        assert_eq!(run(|| run(|| 7).ok()).ok().flatten(), Some(7));
        assert_eq!(DEPTH.with(Cell::get), 0);
    }

    #[test]
    fn own_sources_are_told_from_dependencies() {
        assert!(own_file(Location::caller().file()));
        assert!(own_file("src/ingest/xlsb.rs"));
        assert!(own_file("src\\ingest\\xlsb.rs"));
        assert!(own_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/ingest/xlsb.rs"
        )));
        assert!(!own_file(
            "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/calamine-0.38.0/src/xlsb/cells_reader.rs"
        ));
        assert!(!own_file(
            "/rustc/59807616e1fa/library/core/src/slice/index.rs"
        ));
        assert!(!own_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/ingest.rs"
        )));
    }
}
