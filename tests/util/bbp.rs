//! bbpPairings' outputs committed beside the FIDE reports they paired
//! (`tests/reference/bbp_*/`), and the check that those reports are what a sample's run writes.

use std::path::Path;

/// The `round N` headed blocks of a `.bbp` file: (N, bbpPairings' output for round N).
pub fn rounds(path: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("round ") {
            out.push((r.parse().unwrap(), String::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push_str(line);
            last.1.push('\n');
        }
    }
    out
}

/// Runs `bianpai run` on a fresh copy of `sample` and asserts that each of `names` in its `out/`
/// equals the committed copy in `reference`.
pub fn assert_run_writes(sample: &str, reference: &Path, names: &[String]) {
    let (_tmp, dir) = super::sample_copy(sample);
    let out = super::bianpai(&["run", dir.to_str().unwrap()]);
    assert!(
        out.status.code().is_some(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in names {
        let got = std::fs::read_to_string(dir.join("out").join(name)).unwrap();
        let want = std::fs::read_to_string(reference.join(name)).unwrap();
        assert_eq!(got, want, "{name}");
    }
}
