//! Baku acceleration (FIDE C.04.5.1, `[stages.pairing] acceleration = "baku"`) run end to end
//! on the chess Swiss fixture (`tests/fixtures/chess_swiss/event`: 13 players, 5 rounds, the
//! requested byes of its rulings), every round typed as an arbiter does:
//!
//! - group A is players 1-8 (2 × ⌈13 / 4⌉); 5 rounds accelerate rounds 1-3, one virtual point
//!   in rounds 1-2 and half a point in round 3. The report carries them as two `250` records;
//! - round 1 (by hand): group A is paired as a score group of its own (1-5, 6-2, 3-7, 8-4),
//!   group B after it (9-11, 12-10) and the bye to 13;
//! - every round equals bbpPairings v6.0.0 (built from its public source outside the
//!   repository) and bianpai's Dutch on the report cut before it, and the pairing the run made.
//!   The cuts were written with `BIANPAI_WRITE_CUTS=<dir> cargo test --test chess_baku` (`192`
//!   written `FIDE_DUTCH`, which bbpPairings v6 reads, and `XXC white1`) and paired with
//!   `bbpPairings.exe --dutch <file> -p <out>`; its outputs are `tests/reference/bbp_baku/
//!   open.bbp` (`round k` then the pairing). bbpPairings reads the `250` records as written
//!   (its own `FIDE_DUTCH_BAKU` puts ⌈n / 2⌉ players in group A, 7 of 13, not C.04.5.1's 8);
//! - `bianpai trf check` on the report re-pairs every round as the run did;
//! - the virtual points are never in the standings: each player's points are his games'.

mod util;

use std::path::{Path, PathBuf};

use bianpai::pairing::PairingSystem;
use bianpai::pairing::dutch::Dutch;
use util::trf_cut::{cut, played};
use util::{copy_tree, fixture, run_json};

const TRF: &str = "out/xinghai-open-2026-open.trf";

fn reference() -> PathBuf {
    util::reference().join("bbp_baku")
}

/// The fixture with Baku acceleration.
fn accelerated(folder: &Path) {
    copy_tree(&fixture("chess_swiss/event"), folder, false);
    let toml = folder.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let from = "unrated = \"pinyin\"";
    assert!(text.contains(from));
    let text = text.replacen(from, "unrated = \"pinyin\"\nacceleration = \"baku\"", 1);
    std::fs::write(&toml, text).unwrap();
}

/// Types round `round`'s results (`1-0`, `½-½`, `0-1` by board).
fn type_round(folder: &Path, round: usize) {
    const RESULTS: [&str; 3] = ["1-0", "½-½", "0-1"];
    let path = folder.join(format!("results/open-r{round:02}.xlsx"));
    util::edit::rewrite(&path.clone(), &path, true, |grid| {
        for (b, row) in grid.iter_mut().skip(2).enumerate() {
            if row.len() < 4 || row[1].is_empty() || row[3] == "轮空" {
                continue;
            }
            row[2] = RESULTS[(round + b) % 3].to_string();
        }
    });
}

fn sorted_pairs(bbp: &str) -> Vec<String> {
    let mut v: Vec<String> = bbp.lines().skip(1).map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn baku_acceleration_pairs_as_bbppairings_and_stays_out_of_the_standings() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("open");
    accelerated(&folder);
    let mut json = serde_json::Value::Null;
    for round in 1..=5 {
        let (code, _, err) = run_json(&folder, &[]);
        assert!(code == 0 || code == 1, "{err}");
        type_round(&folder, round);
        let (code, j, err) = run_json(&folder, &[]);
        assert!(code == 0 || code == 1, "{err}");
        json = j;
    }
    let text = std::fs::read_to_string(folder.join(TRF)).unwrap();
    let records: Vec<&str> = text.lines().filter(|l| l.starts_with("250")).collect();
    assert_eq!(
        records,
        [
            "250       1.0   1   2    1    8",
            "250       0.5   3   3    1    8"
        ]
    );
    let trf = bianpai::trf::parse(&text).unwrap();
    // Round 1 by hand: group A (1-8) on one virtual point is a score group of its own.
    assert_eq!(
        played(&trf, 1),
        ["1 5", "12 10", "13 0", "3 7", "6 2", "8 4", "9 11"]
    );
    if let Some(dir) = std::env::var_os("BIANPAI_WRITE_CUTS").map(PathBuf::from) {
        for k in 1..=5 {
            let text = bianpai::trf::write(&cut(&trf, k))
                .replace("192 FIDE_DUTCH_2026", "192 FIDE_DUTCH")
                + "XXC white1\n";
            std::fs::write(dir.join(format!("open-r{k}.trf")), text).unwrap();
        }
        std::fs::write(dir.join("open.trf"), &text).unwrap();
        return;
    }
    // `trf check` re-pairs every round of the report (its 250 records read) as the run did.
    let check = util::bianpai(&["trf", "check", folder.join(TRF).to_str().unwrap()]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let committed = std::fs::read_to_string(reference().join("open.trf")).unwrap();
    assert_eq!(text, committed, "the report bbpPairings paired");
    let expected = util::bbp::rounds(&reference().join("open.bbp"));
    assert_eq!(
        expected.iter().map(|e| e.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    for (k, want) in expected {
        let c = cut(&trf, k);
        let got = Dutch
            .pair(&bianpai::trf::history(&c).unwrap())
            .unwrap()
            .to_bbp();
        assert_eq!(got, want, "round {k}: bianpai's Dutch against bbpPairings");
        assert_eq!(sorted_pairs(&want), played(&trf, k), "round {k}: the run");
    }
    // No virtual point in the standings: the points are the games' and byes' (a win 1, a draw
    // ½, the requested H ½), 13 players' sum over 5 rounds.
    let total: f64 = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["points"].as_f64().unwrap())
        .sum();
    let reported: f64 = trf
        .players()
        .map(|p| f64::from(p.points.unwrap().halves()) / 2.0)
        .sum();
    assert_eq!(total, reported);
}
