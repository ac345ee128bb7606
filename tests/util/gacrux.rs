//! TieBreakServer's checker (`python3 -m gacrux.tiebreakchecker`, PyPI package `gacrux`, or
//! `$BIANPAI_PYTHON`): absent, a test says so on stderr and passes, unless
//! `BIANPAI_TIEBREAKSERVER=1` (set by `.ci/run`, which installs it) makes that a failure.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn python() -> String {
    std::env::var("BIANPAI_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Runs the checker on `trf` and returns its JSON answer; `None` when it is not installed and
/// not required.
pub fn tiebreakchecker(trf: &Path) -> Option<Value> {
    let out = Command::new(python())
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(trf)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    if String::from_utf8_lossy(&out.stderr).contains("No module named gacrux") {
        let msg =
            "TieBreakServer's checker is not installed: pip install gacrux==1.11.65 (.ci/run does)";
        assert!(
            std::env::var("BIANPAI_TIEBREAKSERVER").as_deref() != Ok("1"),
            "{msg}"
        );
        eprintln!("skipped: {msg}");
        return None;
    }
    Some(serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "tiebreakchecker on {}: not JSON ({e}): {stdout}\n{}",
            trf.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    }))
}
