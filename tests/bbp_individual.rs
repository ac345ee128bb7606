//! An individual TRF export read by bbpPairings (v6.0.0, the FIDE-endorsed Dutch engine, built
//! from its public source outside the repository): the five sections of the
//! `cxa-amateur-king-2023` sample as `bianpai run` exports them (`out/<template>-<section>.trf`,
//! committed in `tests/reference/bbp_individual/`), cut after each round k = 1..6 (round blocks
//! of later rounds dropped, points fields recomputed), were paired by
//! `bbpPairings.exe --dutch FILE -p OUT`; its outputs are `<section>.bbp` (`round k+1` then
//! the pairing). bbpPairings read every file (it checks each points field against the rounds
//! under `162`, here 2/1/0 with the bye worth 2) and `trf pair --system dutch` gives the same
//! pairing, colours included, in all 30 rounds.

mod util;

use std::path::PathBuf;

use bianpai::pairing::PairingSystem;
use bianpai::pairing::dutch::Dutch;
use bianpai::trf::{Line, Trf};

const SECTIONS: [&str; 5] = [
    "family",
    "junior-men",
    "junior-women",
    "open-men",
    "open-women",
];

/// The bbpPairings files of the individual sections, `tests/reference/bbp_individual/`.
fn bbp_reference() -> PathBuf {
    util::reference().join("bbp_individual")
}

fn export_name(section: &str) -> String {
    format!("cxa-amateur-king-2023-{section}.trf")
}

/// The file cut after `k` rounds, each points field the sum of the rounds kept.
fn cut(trf: &Trf, k: usize) -> Trf {
    let mut t = trf.clone();
    let table = t.game_scores();
    for l in &mut t.lines {
        if let Line::Player(p) = l {
            p.rounds.truncate(k);
            p.points = Some(p.score(&table));
            p.rank = None;
        }
    }
    t
}

/// `round N` headed blocks of a `.bbp` file: (N, bbpPairings' output).
fn expected(section: &str) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(bbp_reference().join(format!("{section}.bbp"))).unwrap();
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

#[test]
fn every_round_bbppairings_paired_from_the_export_is_ours() {
    let mut rounds = 0;
    for s in SECTIONS {
        let text = std::fs::read_to_string(bbp_reference().join(export_name(s))).unwrap();
        let trf = bianpai::trf::parse(&text).unwrap();
        let exp = expected(s);
        assert_eq!(exp.len(), 6, "{s}");
        for (round, want) in exp {
            let c = cut(&trf, round - 1);
            assert_eq!(
                bianpai::trf::check::check(&c),
                Ok(Vec::new()),
                "{s} {round}"
            );
            let got = Dutch
                .pair(&bianpai::trf::history(&c).unwrap())
                .unwrap()
                .to_bbp();
            assert_eq!(got, want, "{s} round {round}");
            rounds += 1;
        }
    }
    assert_eq!(rounds, 30);
}

#[test]
fn the_committed_exports_are_what_the_sample_run_writes() {
    let (_tmp, dir) = util::sample_copy("cxa-amateur-king-2023");
    let out = util::bianpai(&["run", dir.to_str().unwrap()]);
    assert!(
        out.status.code().is_some(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for s in SECTIONS {
        let name = export_name(s);
        let got = std::fs::read_to_string(dir.join("out").join(&name)).unwrap();
        let want = std::fs::read_to_string(bbp_reference().join(&name)).unwrap();
        assert_eq!(got, want, "{name}");
    }
}
