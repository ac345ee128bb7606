//! Every reference `.trf` under `../shared/reference/` reads without error and writes back byte
//! for byte; the parsed model is stable under a second read.

use std::path::{Path, PathBuf};

/// `../shared/reference` next to the crate (as in CI and the main checkout), else two levels up
/// (helper worktrees live one directory deeper).
fn reference() -> PathBuf {
    let near = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/reference"));
    if near.is_dir() {
        return near.to_path_buf();
    }
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/reference"
    ))
    .to_path_buf()
}

/// All `.trf` files below `dir`, sorted.
fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "trf") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_reference_file_round_trips() {
    let files = trf_files(&reference());
    // 120 dutch + 3 dutch-edge + 30 individual + 7 team-rr + 5 team-swiss + 22 de-first.
    assert_eq!(files.len(), 187, "reference corpus changed size");
    for path in &files {
        let text = std::fs::read_to_string(path).expect("reference file is UTF-8");
        let trf = bianpai::trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = bianpai::trf::write(&trf);
        assert!(out == text, "{} does not round-trip", path.display());
        let again = bianpai::trf::parse(&out).expect("written text reads");
        assert_eq!(again, trf, "{}", path.display());
    }
}

#[test]
fn every_reference_file_round_trips_with_crlf() {
    for path in trf_files(&reference()) {
        let text = std::fs::read_to_string(&path).expect("reference file is UTF-8");
        let crlf = text.replace('\n', "\r\n");
        let cr = text.replace('\n', "\r");
        let a = bianpai::trf::parse(&crlf).expect("CRLF reads");
        let b = bianpai::trf::parse(&cr).expect("CR reads");
        assert_eq!(bianpai::trf::write(&a), text, "{}", path.display());
        assert_eq!(bianpai::trf::write(&b), text, "{}", path.display());
    }
}
