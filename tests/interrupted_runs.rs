//! A run can always run again (issue 46, point 6): a run killed at any point (reading, pairing,
//! writing, renaming its outputs into place) leaves a folder that the next run completes with
//! exactly the outputs of a run that was never interrupted: no `（保留）` copy of bianpai's own
//! outputs (taken for the organizer's edits), no temporary file left behind, no lock held.

mod util;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The files of a finished run that must match: everything in the event folder except
/// `out/previous/` (which holds whatever the run before had written, complete or not).
fn outputs(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    util::snapshot(folder, &["out/previous/"])
}

fn run_to_the_end(folder: &Path) {
    let out = util::bianpai(&["run", folder.to_str().expect("utf-8"), "--json"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the sample has blocking findings: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A small deterministic sequence in [0, 1) (a linear congruential generator).
fn jitter(seed: &mut u64) -> f64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 11) as f64 / (1u64 << 53) as f64
}

#[test]
fn thirty_runs_killed_at_random_points_each_leave_a_folder_the_next_run_completes() {
    let (_ref_tmp, reference) = util::sample_copy("cca-b-league-2025");
    let started = Instant::now();
    run_to_the_end(&reference);
    let full = started.elapsed();
    // A second run, as every run after the first: out/previous/ rotates.
    run_to_the_end(&reference);
    let expected = outputs(&reference);
    assert!(expected.contains_key("out/standings.xlsx"));

    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    run_to_the_end(&folder);
    let mut seed = 46u64;
    let mut killed = 0;
    for k in 0..30u32 {
        // Kill points spread over the whole run (up to 20 % past its usual length), jittered.
        let at = full.mul_f64((f64::from(k) + jitter(&mut seed)) / 30.0 * 1.2);
        let mut child = Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .args(["run", folder.to_str().expect("utf-8"), "--json"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("bianpai starts");
        std::thread::sleep(at);
        if child.try_wait().expect("wait").is_none() {
            killed += 1;
            child.kill().expect("kill");
        }
        let _ = child.wait();

        run_to_the_end(&folder);
        let got = outputs(&folder);
        let names = |m: &BTreeMap<String, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
        assert_eq!(names(&got), names(&expected), "kill {k} at {at:?}");
        for (name, bytes) in &expected {
            assert!(got[name] == *bytes, "kill {k} at {at:?}: {name} differs");
        }
        let everything = util::snapshot(&folder, &[]);
        for name in everything.keys() {
            assert!(!name.contains("保留"), "kill {k}: {name}");
            assert!(!name.ends_with(".bianpai-tmp"), "kill {k}: {name}");
        }
        assert!(!folder.join(".bianpai.lock").exists(), "kill {k}: lock");
    }
    // Most kill points fell inside a run (the rest just after it ended).
    assert!(killed >= 15, "{killed} of 30 runs were killed");
}
