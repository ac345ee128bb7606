//! `bianpai run x --json | head -1`: the reader closes the pipe early. The program ends
//! quietly with its usual exit status, no panic message (as ripgrep does).

use std::process::{Command, Stdio};

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("x");
    let status = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["init"])
        .arg(&dir)
        .args(["--template", "cca-b-league-2025"])
        .stdout(Stdio::null())
        .status()
        .expect("init");
    assert!(status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .arg("run")
        .arg(&dir)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // The reader goes away before the summary is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    // A folder with only the blank form: no blocking finding, exit 0 as with a live reader.
    let live = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .arg("run")
        .arg(&dir)
        .arg("--json")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), live.status.code());
}
